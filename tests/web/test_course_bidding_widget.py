"""The course's bidding exercises through the bridge, in every language: nothing of the
verdict shows before an answer; a wrong call says how much less it brings than the best,
and then every offered call's figures are shown in words, with how they were worked out."""

from __future__ import annotations

import re

import pytest

from marjapussi.course import exercise, stage_exercises, verdict
from marjapussi.plurals import fill
from marjapussi.web import bridge
from marjapussi.web.course_texts import COURSE_TEXTS, ct

from .test_course_widget import answer, start
from .webkit import LANGS, check_html

BIDDING = [e.id for e in stage_exercises("huutopussi-bidding")]


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_call_is_explained_in_words_with_every_calls_figures(lang: str) -> None:
    for ident in BIDDING:
        ex = exercise(ident)
        first = bridge.render("course", ident, lang)
        check_html(first)
        assert 'class="mp-verdict"' not in first  # nothing is given away before an answer
        found = verdict(ex)
        reply = answer(start(ident), ex.wrong, lang)
        check_html(reply["html"])
        assert 'data-outcome="wrong"' in reply["html"]
        gap = round(found.best.mean - found.value_of(ex.wrong).mean)
        assert fill("{n:points}", lang, n=gap) in reply["announce"]
        words = _words(reply["html"])
        assert reply["html"].count("<li data-call=") == len(found.calls)
        method = ct("verdict-method", lang, deals=found.deals, seat="X")
        assert method.split("X")[0].strip() in words
        for value in found.calls:
            if value.made is not None:
                made = fill("{n:deals-in}", lang, n=value.made)
                assert (made if lang != "en" else f"in {value.made} of") in words, (ident, lang)
        solved = answer(start(ident), ex.solution, lang)
        assert 'data-outcome="ok"' in solved["html"] and 'class="mp-verdict"' in solved["html"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_figures_read_right_for_every_count(lang: str) -> None:
    said = {
        "fi": ["0 jaossa", "1 jaossa", "2 jaossa", "5 jaossa", "21 jaossa", "22 jaossa"],
        "en": ["in 0 of", "in 1 of", "in 2 of", "in 5 of", "in 21 of", "in 22 of"],
        "ru": ["в 0 сдачах", "в 1 сдаче", "в 2 сдачах", "в 5 сдачах", "в 21 сдаче", "в 22 сдачах"],
    }[lang]
    points = {
        "fi": ["0 pistettä", "1 piste", "2 pistettä", "5 pistettä", "21 pistettä", "22 pistettä"],
        "en": ["0 points", "1 point", "2 points", "5 points", "21 points", "22 points"],
        "ru": ["0 очков", "1 очко", "2 очка", "5 очков", "21 очко", "22 очка"],
    }[lang]
    for n, made, pts in zip((0, 1, 2, 5, 21, 22), said, points, strict=True):
        balance = ct("verdict-ahead", lang, side="NS", points=n)
        text = ct("verdict-made", lang, Call="C", side="NS", made=n, deals=200, balance=balance)
        assert made in text and pts in text, text
    assert set(COURSE_TEXTS["verdict-made"]) == {"fi", "en", "ru"}
