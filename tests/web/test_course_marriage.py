"""The course's stage of Huutopussi with marriage trumps: the exchange, the marriage that
makes trumps and the ask whose answer replaces them, exactly the contract, the no-trick
penalty and the lock-out after an ask; each solved and each typical mistake explained by
the family's own rule, in every language, with the exchanged cards hidden from a defender."""

from __future__ import annotations

import re

import pytest

from marjapussi.course import attempt, exercise, stage_exercises
from marjapussi.i18n import ruleset_name
from marjapussi.web import bridge
from marjapussi.web.course_texts import ct

from .test_course_widget import answer, start
from .webkit import LANGS, check_html

IDS = [f"huutopussi-marriage-{n}" for n in range(1, 15)]


def test_the_stage_holds_the_familys_exercises_in_order() -> None:
    assert [e.id for e in stage_exercises("huutopussi-marriage")] == IDS
    practised = {rule for ident in IDS for rule in exercise(ident).practises}
    assert {"partner-exchange", "marriage-trump", "marriage-ask-whole", "marriage-own",
            "exact-contract", "no-trick-penalty", "bid-ban", "forced-opening", "marriage-redeal",
            "marriage-ask-half", "marriage-game"} <= practised


@pytest.mark.parametrize("ident", IDS)
def test_the_solution_solves_and_the_mistake_is_explained_by_the_familys_rule(ident: str) -> None:
    ex = exercise(ident)
    assert attempt(ex, ex.solution).ok
    wrong = attempt(ex, ex.wrong)
    assert not wrong.ok and wrong.rule == ex.wrong_rule and wrong.rule != "burn"


@pytest.mark.parametrize("lang", LANGS)
def test_each_exercise_says_what_the_family_asks(lang: str) -> None:
    for ident in IDS:
        html = bridge.render("course", ident, lang)
        check_html(html)
        assert ruleset_name(exercise(ident).record.rules, lang) in html
        solved = answer(start(ident), exercise(ident).solution, lang)
        assert 'data-outcome="ok"' in solved["html"], (ident, lang)
    assert ct("ask:to-act-exchange", lang) in bridge.render("course", IDS[0], lang)
    replace = bridge.render("course", IDS[2], lang)
    assert ct("goal:declare-new-trump", lang, suit="♣") in replace


@pytest.mark.parametrize("lang", LANGS)
def test_a_defender_does_not_see_the_exchanged_cards(lang: str) -> None:
    html = bridge.render("course", IDS[2], lang)  # East to ask: he never saw ♥7 ♦7 ♣7 change hands
    auction = re.search(r'<div class="mp-auction">(.*?)</div>', html, re.S)
    assert auction is not None and 'data-card="H7"' not in auction.group(1)
    finished = bridge.render("course", IDS[3], lang)  # the deal is over: all is known
    assert 'data-card="H7"' in re.search(r'<div class="mp-auction">(.*?)</div>', finished, re.S).group(1)
