"""The course and quiz widgets through the bridge: answers, stars, hints, progress, links.

Hostile states, actions and links for both kinds are covered by test_hostile.py (they
are in ``webkit.WIDGET_ARGS``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from marjapussi.course import STAGES, exercise, exercises, stage_exercises
from marjapussi.rule_ids import rule_url
from marjapussi.web import bridge, course, quiz
from marjapussi.web.course_hints import HINTS
from marjapussi.web.course_texts import ct

from .webkit import LANGS, call, check_html


def answer(state: dict[str, Any], text: str, lang: str = "en") -> dict[str, Any]:
    ex = exercise(state["ex"])
    if ex.kind in ("all-legal", "discard"):
        picked = {**state, "picks": " ".join(text.split()[1:])}
        return call("course", lang, picked, {"type": "check"})
    return call("course", lang, state, {"type": "answer", "answer": text})


def start(ident: str) -> dict[str, Any]:
    return bridge.initial_state("course", ident)


@pytest.mark.parametrize("lang", LANGS)
def test_static_render_shows_the_first_exercise_with_its_answers(lang: str) -> None:
    html = bridge.render("course", "", lang)
    assert 'data-widget="course"' in html and 'data-store="marjapussi-course"' in html
    assert f'aria-label="{ct("course-label", lang)}"' in html
    assert 'data-exercise="cards-1"' in html
    assert ct("ask:winner-card", lang) in html
    assert html.count('data-focus-key="choice-') == 4
    assert ct("total-progress", lang, solved=0, total=len(exercises()), stars=0) in html
    check_html(html)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_try_names_the_rule_with_its_link_then_a_hint_then_no_star(lang: str) -> None:
    state = start("follow-1")
    ex = exercise("follow-1")
    assert 'data-focus-key="hint"' not in bridge.render("course", "follow-1", lang)
    wrong = answer(state, ex.wrong, lang)
    assert wrong["ok"] and wrong["state"]["tries"] == 1 and not wrong["state"]["solved"]
    assert f'href="@root@/{rule_url("follow-suit", lang)}"' in wrong["html"]
    assert 'data-outcome="wrong"' in wrong["html"] and 'data-rule="follow-suit"' in wrong["html"]
    assert "(follow-suit)" not in wrong["html"] and "(follow-suit)" not in wrong["announce"]
    assert ct("try-again", lang) in wrong["announce"]
    assert 'data-focus-key="hint"' in wrong["html"]
    hinted = call("course", lang, wrong["state"], {"type": "hint"})
    assert HINTS["follow-1"][lang] in hinted["html"] and HINTS["follow-1"][lang] in hinted["announce"]
    solved = answer(hinted["state"], ex.solution, lang)
    assert solved["state"]["solved"] == 1
    assert solved["state"]["progress"] == "1|follow-1=1"
    assert ct("solved-plain", lang) in solved["announce"]


def test_solving_at_the_first_try_earns_a_star_and_a_later_try_keeps_it() -> None:
    state = start("cards-1")
    solved = answer(state, "= H10")
    assert solved["state"]["progress"] == "1|cards-1=2"
    again = answer(solved["state"], "= HK")
    assert again["state"]["progress"] == "1|cards-1=2"
    later = answer(again["state"], "= H10")
    assert later["state"]["progress"] == "1|cards-1=2"


def test_a_hint_needs_a_wrong_try_first() -> None:
    reply = call("course", "en", start("cards-1"), {"type": "hint"})
    assert reply["ok"] is False


def test_picking_cards_toggles_them_and_check_answers_the_set() -> None:
    state = start("beating-3")
    one = call("course", "fi", state, {"type": "toggle", "card": "CA"})
    assert one["state"]["picks"] == "CA" and 'aria-pressed="true"' in one["html"]
    two = call("course", "fi", one["state"], {"type": "toggle", "card": "CK"})
    wrong = call("course", "fi", two["state"], {"type": "check"})
    assert 'data-rule="must-beat"' in wrong["html"]
    back = call("course", "fi", wrong["state"], {"type": "toggle", "card": "CK"})
    right = call("course", "fi", back["state"], {"type": "check"})
    assert right["state"]["solved"] == 1
    held = {c.code for c in exercise("beating-3").position().hand(exercise("beating-3").position().to_act)}
    not_held = next(c for c in ("HA", "H10", "DA", "SA", "S6", "D6") if c not in held)
    assert call("course", "fi", state, {"type": "toggle", "card": not_held})["ok"] is False


def test_next_prev_and_stage_buttons_move_through_the_course() -> None:
    state = start("cards-1")
    ids = [e.id for e in exercises()]
    nxt = call("course", "en", state, {"type": "next"})
    assert nxt["state"]["ex"] == ids[1]
    prev = call("course", "en", state, {"type": "prev"})
    assert prev["state"]["ex"] == ids[-1]
    for stage in STAGES:
        went = call("course", "ru", state, {"type": "go", "stage": stage})
        assert went["state"]["ex"] == stage_exercises(stage)[0].id
    assert call("course", "en", state, {"type": "go", "stage": "chess"})["ok"] is False


def test_going_to_a_stage_opens_its_first_unsolved_exercise() -> None:
    first, second = stage_exercises("follow")[:2]
    progress = f"1|{first.id}=2"
    went = call("course", "en", {**start("cards-1"), "progress": progress}, {"type": "go", "stage": "follow"})
    assert went["state"]["ex"] == second.id and went["state"]["progress"] == progress


def test_restore_reopens_the_course_where_the_reader_was() -> None:
    """The page saved the reader at follow-2 with a card picked, a wrong try and the hint:
    after a reload the course opens there, as it was, and says so."""
    where = {**start("follow-2"), "progress": "1|cards-1=2", "tries": 1, "hint": 1, "last": "", "picks": ""}
    saved = call("course", "en", where, {"type": "hint"})["state"]
    assert saved["v"] == course.VERSION
    for lang in LANGS:
        back = call("course", lang, start("cards-1"), {"type": "restore", "text": json.dumps(saved)})
        assert back["ok"] and back["announce"] == ct("restored-here", lang)
        assert back["state"] == saved
        assert 'data-exercise="follow-2"' in back["html"]


def test_a_save_from_before_the_format_version_reopens_too() -> None:
    old = {"ex": "follow-2", "last": "", "picks": "", "tries": 0, "hint": 0, "solved": 0}
    old["progress"] = "1|cards-1=2"
    back = call("course", "fi", start("cards-1"), {"type": "restore", "text": json.dumps(old)})
    assert back["ok"] and back["state"]["ex"] == "follow-2" and back["state"]["progress"] == "1|cards-1=2"


def test_after_a_shared_link_the_links_exercise_stays_and_the_progress_comes_back() -> None:
    state = start("follow-2")  # opened by a link
    kept = json.dumps({**start("cards-1"), "progress": "1|cards-1=2|follow-2=1"})
    good = call("course", "fi", state, {"type": "restore", "text": kept, "linked": True})
    assert good["ok"] and good["state"]["progress"] == "1|cards-1=2|follow-2=1"
    assert good["state"]["ex"] == "follow-2" and good["state"]["solved"] == 1
    assert good["announce"] == ct("restored", "fi")
    assert 'data-solved="2"' in good["html"]


def test_a_save_that_cannot_be_read_gives_a_message_and_loses_nothing() -> None:
    state = start("cards-1")
    progresses = ("garbage{", "", "2|cards-1=2", "1|cards-1=3", "1|cards-1=2|cards-1=2", None, 5, ["1"])
    corrupted: list[Any] = [json.dumps({"ex": "follow-2", "progress": p}) for p in progresses]
    corrupted += ["garbage{", "", "[]", "null", "1|cards-1=2", "[" * 5000, "1|x" * 3000]
    corrupted += [json.dumps({"v": 99, "ex": "follow-2", "progress": "1|cards-1=2"})]
    for bad in corrupted:
        reply = call("course", "ru", state, {"type": "restore", "text": bad})
        assert reply["ok"], bad
        assert reply["announce"] == ct("progress-corrupt", "ru")
        assert reply["state"]["progress"] == course.PROGRESS_VERSION and reply["state"]["ex"] == "cards-1"
        assert reply["state"]["old"] == bad, "the saved text is kept"
        assert ('data-mp-download="marjapussi-course-save.json"' in reply["html"]) is bool(bad)
        check_html(reply["html"])
    for bad in (None, 5):  # no text at all: nothing to keep
        reply = call("course", "en", state, {"type": "restore", "text": bad})
        assert reply["ok"] and reply["state"]["old"] == ""
    # what can be read of it comes back: here the solved exercises, not the exercise
    partly = json.dumps({"ex": "no-such-exercise", "progress": "1|cards-1=2"})
    reply = call("course", "en", state, {"type": "restore", "text": partly})
    assert reply["state"]["progress"] == "1|cards-1=2" and reply["state"]["old"] == partly
    # the note stays through the exercises until the reader closes it
    moved = call("course", "en", reply["state"], {"type": "next"})
    assert moved["state"]["old"] == partly
    closed = call("course", "en", moved["state"], {"type": "dismiss"})
    assert closed["state"]["old"] == "" and "marjapussi-course-save.json" not in closed["html"]
    assert closed["announce"] == ct("dismissed", "en")


def test_progress_drops_exercises_the_course_no_longer_has() -> None:
    assert course.read_progress("1|cards-1=2|retired-1=1") == {"cards-1": 2}


def test_reset_clears_the_progress() -> None:
    state = {**start("era-2"), "progress": "1|cards-1=2"}
    reply = call("course", "en", state, {"type": "reset"})
    assert reply["state"] == start("cards-1")
    assert reply["announce"] == ct("reset-done", "en")


def test_the_progress_list_shows_each_stage() -> None:
    state = {**start("cards-1"), "progress": "1|" + "|".join(f"{e.id}=2" for e in stage_exercises("cards"))}
    html = course.view(state, "en")
    assert html.count('<li class="mp-stage') == len(STAGES)
    assert "mp-stage mp-stage-done mp-stage-current" in html
    n = len(stage_exercises("cards"))
    assert ct("stage-progress", "en", solved=n, total=n, stars=n) in html


def test_a_shared_link_opens_its_exercise() -> None:
    state = start("huutopussi-4")
    query = bridge.share_query("course", state)
    assert query == "?w=course&p=huutopussi-4"
    reply = json.loads(bridge.from_url("course", query, "en"))
    assert reply["ok"] and reply["state"] == state


def test_every_exercise_renders_in_every_language() -> None:
    for ex in exercises():
        for lang in LANGS:
            html = bridge.render("course", ex.id, lang)
            check_html(html)
            wrong = answer(start(ex.id), ex.wrong, lang)
            assert 'data-outcome="wrong"' in wrong["html"], (ex.id, lang)
            check_html(wrong["html"])


def test_an_unknown_argument_stops_the_build() -> None:
    with pytest.raises(ValueError):
        bridge.render("course", "no-such-exercise", "en")
    with pytest.raises(ValueError):
        bridge.render("quiz", "chess", "en")


# ---------------------------------------------------------------------- the quiz


@pytest.mark.parametrize("rules", list(quiz.RULESETS))
def test_quiz_positions_have_a_duty_under_every_rule_family(rules: str) -> None:
    for seed in range(1, 6):
        deal = quiz.position({"rules": rules, "seed": seed})
        verdicts = deal.explain()
        assert any(v.allowed for v in verdicts) and any(not v.allowed for v in verdicts)
        assert deal.rules is quiz.RULESETS[rules]


def test_quiz_keeps_a_running_score_and_shows_the_rule_behind_each_card() -> None:
    state = bridge.initial_state("quiz", "")
    deal = quiz.position(state)
    legal = [c.code for c in quiz.allowed(deal)]
    for code in legal:
        state = call("quiz", "en", state, {"type": "toggle", "card": code})["state"]
    right = call("quiz", "en", state, {"type": "check"})
    assert right["state"]["right"] == 1 and right["state"]["asked"] == 1
    assert 'class="mp-verdicts"' in right["html"] and 'data-outcome="ok"' in right["html"]
    assert "<code>" not in right["html"], "no rule ids shown to readers"
    assert call("quiz", "en", right["state"], {"type": "check"})["ok"] is False
    fresh = call("quiz", "en", right["state"], {"type": "new"})
    assert fresh["state"]["seed"] == 2 and fresh["state"]["picks"] == "" and fresh["state"]["right"] == 1
    wrong = call("quiz", "en", fresh["state"], {"type": "check"})
    assert wrong["state"]["right"] == 1 and wrong["state"]["asked"] == 2
    assert 'data-outcome="wrong"' in wrong["html"]
    chosen = call("quiz", "ru", wrong["state"], {"type": "choose", "rules": "huutopussi"})
    assert chosen["state"]["rules"] == "huutopussi" and chosen["state"]["asked"] == 2


def test_quiz_refuses_a_score_above_the_questions_asked() -> None:
    state = {**bridge.initial_state("quiz", ""), "right": 3, "asked": 2}
    assert call("quiz", "en", state, {"type": "new"})["ok"] is False


def test_the_state_carries_the_navigation_summary_computed_from_the_progress() -> None:
    total = len(exercises())
    state = course.check({"ex": "era-2", "progress": "1|cards-1=2|cards-2=1|follow-1=2"})
    for lang in LANGS:
        assert state["nav"][lang] == {
            "text": course.NAV_TEXT.format(solved=3, total=total, stars=2),
            "label": ct("nav-progress-label", lang, solved=3, total=total, stars=2),
        }
    assert state["nav"]["fi"]["text"] == f"3/{total} · 2 ★"
    # Nothing solved: nothing to show. Whatever came in under "nav" is replaced.
    forged = course.check({"ex": "cards-1", "nav": {"en": {"text": "64/64 · 64 ★", "label": "<b>"}}})
    assert forged["nav"] == {lang: {"text": "", "label": ""} for lang in LANGS}
    solved = answer(start("cards-1"), "= H10", "ru")
    assert solved["state"]["nav"]["en"]["text"] == f"1/{total} · 1 ★"
    reset = call("course", "en", solved["state"], {"type": "reset"})
    assert reset["state"]["nav"]["en"]["text"] == ""


def test_the_site_script_reads_the_course_store_and_the_format_python_writes() -> None:
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "docs" / "assets" / "site.js").read_text(encoding="utf-8")
    assert f'var COURSE_STORE = "{course.STORE}";' in script
    assert "innerHTML" not in script  # the stored words go in as text only


def test_quiz_is_kept_in_storage_and_a_bad_stored_text_starts_afresh() -> None:
    html = bridge.render("quiz", "", "fi")
    assert f'data-store="{quiz.STORE}"' in html and quiz.STORE != course.STORE
    state = {**bridge.initial_state("quiz", "pagat"), "seed": 7, "right": 2, "asked": 3}
    fresh = bridge.initial_state("quiz", "")
    back = call("quiz", "ru", fresh, {"type": "restore", "text": json.dumps(state)})
    assert back["ok"] and back["announce"] == ct("quiz-restored", "ru")
    kept = back["state"]
    assert (kept["rules"], kept["seed"], kept["right"], kept["asked"]) == ("pagat", 7, 2, 3)
    assert ct("quiz-score", "ru", right=2, asked=3) in back["html"]
    bad = [
        "garbage{", "", "null", "[]", "[" * 3000, None, 5,
        json.dumps({**state, "right": 9}), json.dumps({**state, "rules": "chess"}),
        json.dumps({**state, "picks": "<b>"}),
    ]
    for text in bad:
        reply = call("quiz", "en", state, {"type": "restore", "text": text})
        assert reply["ok"] and reply["announce"] == ct("quiz-corrupt", "en"), text
        assert reply["state"]["asked"] == 0 and reply["state"]["right"] == 0 and "<b>" not in reply["html"]


def test_quiz_score_can_be_reset() -> None:
    state = {**bridge.initial_state("quiz", ""), "right": 1, "asked": 2}
    assert 'data-focus-key="reset"' in call("quiz", "en", state, {"type": "new"})["html"]
    reset = call("quiz", "fi", state, {"type": "reset"})
    assert reset["state"]["right"] == 0 and reset["state"]["asked"] == 0
    assert reset["announce"] == ct("quiz-reset-done", "fi")
    assert 'data-focus-key="reset"' not in reset["html"]


def test_a_state_that_keeps_a_long_unreadable_text_is_read_back_whole() -> None:
    bad = '"\\' * (course.MAX_OLD // 2)  # quotes and backslashes: twice as long as JSON
    kept = call("course", "en", start("cards-1"), {"type": "restore", "text": bad})["state"]
    assert kept["old"] == bad
    again = call("course", "en", start("cards-1"), {"type": "restore", "text": json.dumps(kept)})
    assert again["announce"] == ct("restored-here", "en") and again["state"] == kept
