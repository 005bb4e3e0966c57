"""The course's exercises: each one's solution meets its goal, its typical mistake does not.

Like a test page that runs every exercise: the engine checks the intended solution and
the typical wrong answer stored in the record's tags, and the wrong answer must be
explained by the rule the record names. The coverage test checks that every rule id of
the rules pages is practised by at least one exercise.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

import marjapussi.course
from marjapussi import rule_ids
from marjapussi.cards import parse_card
from marjapussi.cli import main
from marjapussi.course import (
    STAGES,
    attempt,
    check_all,
    exercise,
    exercises,
    measure,
    parse_answer,
    stage_exercises,
)
from marjapussi.messages import LANGUAGES
from marjapussi.record import format_record, parse_record, replay
from marjapussi.web.course_hints import HINTS
from marjapussi.web.course_texts import COURSE_TEXTS

DATA = Path(marjapussi.course.__file__).resolve().parent / "data"
IDS = [e.id for e in exercises()]


@pytest.mark.parametrize("ident", IDS)
def test_the_solution_solves_and_the_typical_mistake_is_explained_by_its_rule(ident: str) -> None:
    ex = exercise(ident)
    assert ex.solution and ex.wrong and ex.wrong_rule, f"{ident}: Solution, Wrong and WrongRule tags"
    good = attempt(ex, ex.solution)
    assert good.ok, (good.why, good.rule)
    bad = attempt(ex, ex.wrong)
    assert not bad.ok
    assert bad.rule == ex.wrong_rule
    assert bad.rule in rule_ids.RULE_IDS, "a wrong try is explained by a rule with a page anchor"


@pytest.mark.parametrize("ident", IDS)
def test_every_exercise_record_replays_under_the_rules(ident: str) -> None:
    ex = exercise(ident)
    rep = replay(ex.record)
    assert rep.last.position_text() == ex.position().position_text()
    assert [a for _, a in rep.last.history] == [a for _, a in ex.position().history]


def test_check_all_finds_nothing_wrong() -> None:
    assert check_all() == []


def test_a_question_is_answered_by_the_engine_and_only_its_choices_are_accepted() -> None:
    ex = exercise("era-2")  # 10 + 3 = 13 falls back to 7
    assert measure(ex) == "7"
    assert attempt(ex, "= 7").ok
    assert not attempt(ex, "= 13").ok
    for bad in ("= 99", "7", "= ", "SA", "pick SA"):
        with pytest.raises(ValueError):
            parse_answer(ex, bad)


def test_an_answer_not_offered_is_not_a_wrong_try() -> None:
    ex = exercise("follow-1")
    with pytest.raises(ValueError):
        attempt(ex, "declare H")  # not offered in this exercise
    deal = ex.position()
    held = {c.code for c in deal.hand(deal.to_act)}
    not_held = next(c for c in ("HA", "DA", "SA", "CA", "C6") if c not in held)
    with pytest.raises(ValueError):
        attempt(ex, not_held)


def test_take_the_trick_cheaply_tells_a_dear_card_from_a_losing_one() -> None:
    ex = exercise("beating-1")  # ♠9 led; South holds ♠A ♠10 ♠K ♠7
    assert attempt(ex, "SK").ok
    dear = attempt(ex, "SA")
    assert (dear.ok, dear.why, dear.rule) == (False, "too-dear", "must-beat")
    refused = attempt(ex, "S7")
    assert (refused.why, refused.rule) == ("refused", "must-beat")
    assert refused.error is not None and refused.error.rule == "must-beat"


def test_pick_every_card_names_the_first_card_missed_or_wrongly_picked() -> None:
    ex = exercise("beating-3")  # ♣10 winning: only the ace beats it, the king does not
    assert attempt(ex, "pick CA").ok
    assert attempt(ex, "pick CA CK").why == "picked-refused"
    missed = attempt(ex, "pick")
    assert (missed.ok, missed.why, missed.card) == (False, "missed", "CA")


def test_at_least_forty_exercises_in_stage_order_every_stage_used() -> None:
    assert len(IDS) >= 40
    assert len(set(IDS)) == len(IDS)
    order = [STAGES.index(e.stage) for e in exercises()]
    assert order == sorted(order)
    for stage in STAGES:
        assert stage_exercises(stage), f"stage {stage} has no exercise"


def test_every_rule_id_of_the_guild_pagat_and_huutopussi_sections_is_practised() -> None:
    practised = {rule for e in exercises() for rule in e.practises}
    wanted = set(rule_ids.COMMON + rule_ids.GUILD + rule_ids.PAGAT + rule_ids.HUUTOPUSSI)
    assert not wanted - practised, f"no exercise practises {sorted(wanted - practised)}"
    unknown = practised - set(rule_ids.RULE_IDS)
    assert not unknown, f"unknown rule ids {sorted(unknown)}"


def test_every_rule_id_of_the_marriage_familys_presets_is_practised() -> None:
    # issue 32: the bidding ban, the half ask, the game to 500 and the redeal among them
    practised = {rule for e in exercises() for rule in e.practises}
    wanted = set(rule_ids.HUUTOPUSSI_MARRIAGE)
    assert {"bid-ban", "marriage-ask-half", "marriage-game", "marriage-redeal"} <= wanted
    assert not wanted - practised, f"no exercise practises {sorted(wanted - practised)}"


def test_exercises_are_canonical_records_named_by_their_stable_id() -> None:
    files = sorted(p.name[:-4] for p in DATA.glob("*.mjp"))
    assert files == sorted(IDS)
    for path in DATA.glob("*.mjp"):
        text = path.read_text(encoding="utf-8")
        assert format_record(parse_record(text)) == text, f"{path.name} is not in canonical form"
        assert ("Exercise", path.name[:-4]) in parse_record(text).tags


def test_every_text_the_course_uses_exists_in_every_language() -> None:
    keys = [f"stage:{s}" for s in STAGES]
    keys += [f"ask:{e.argument.split(':')[0]}" for e in exercises() if e.kind == "ask"]
    keys += [f"goal:{e.kind}" for e in exercises() if e.kind not in ("ask", "declare")]
    for key in keys:
        entry = COURSE_TEXTS[key]
        for lang in LANGUAGES:
            assert entry.get(lang, "").strip(), (key, lang)
    for key, entry in COURSE_TEXTS.items():
        assert set(entry) == set(LANGUAGES), key
        assert len({entry[lang] for lang in LANGUAGES}) > 1 or key.startswith("stage:"), key


def test_texts_and_hints_name_no_internal_codes() -> None:
    for key, entry in [*COURSE_TEXTS.items(), *HINTS.items()]:
        for text in entry.values():
            words = re.findall(r"[a-z0-9-]+", text)
            assert not any(rule in words for rule in rule_ids.RULE_IDS if "-" in rule), (key, text)
            assert not any(ident in words for ident in IDS), (key, text)


def _normal(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def test_every_exercise_has_its_own_hint_in_every_language() -> None:
    assert sorted(HINTS) == sorted(IDS)
    for ident, entry in HINTS.items():
        assert set(entry) == set(LANGUAGES), ident
        for lang in LANGUAGES:
            assert len(entry[lang].strip()) >= 20, (ident, lang)
        assert len({entry[lang] for lang in LANGUAGES}) == len(LANGUAGES), ident
    for lang in LANGUAGES:
        seen: dict[str, str] = {}
        for ident in IDS:
            text = _normal(HINTS[ident][lang])
            assert text not in seen, f"{ident} and {seen.get(text)} share a hint in {lang}"
            seen[text] = ident


@pytest.mark.parametrize("ident", IDS)
def test_a_hint_does_not_give_the_answer_away(ident: str) -> None:
    # A number asked for, or the card to play, is never written in the hint.
    ex = exercise(ident)
    answer = ex.solution.removeprefix("= ")
    for lang in LANGUAGES:
        hint = HINTS[ident][lang]
        if re.fullmatch(r"-?[0-9]+", answer):
            assert answer.lstrip("-") not in re.findall(r"[0-9]+", hint), (lang, hint)
        for word in answer.split():
            with contextlib.suppress(ValueError):
                card = parse_card(word.rstrip("+"))
                assert card.symbol not in hint and card.code not in hint.split(), (lang, hint)


def test_exercises_command_lists_every_exercise_by_stage_with_its_rule_ids() -> None:
    out = io.StringIO()
    assert main(["exercises", "--lang", "fi"], out) == 0
    text = out.getvalue()
    assert text.splitlines()[0] == "1. Kortit ja niiden järjestys (cards)"
    for e in exercises():
        assert f"   {e.id}  {e.goal}  {', '.join(e.practises)}" in text
    out = io.StringIO()
    assert main(["exercises", "--json", "--lang", "ru"], out) == 0
    data = json.loads(out.getvalue())
    assert [s["stage"] for s in data["stages"]] == list(STAGES)
    listed = [x for s in data["stages"] for x in s["exercises"]]
    assert [x["id"] for x in listed] == IDS
    first = listed[0]
    assert first["practises"] == ["deck", "trick-winner"]
    assert first["link"] == "ru/course/?w=course&p=cards-1#w-course"
    assert data["stages"][0]["name"] == "Карты и их старшинство"
