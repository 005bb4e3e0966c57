"""The trick stepper's alternative lines (step in, step out) and its "best card here" view."""

from __future__ import annotations

from pathlib import Path

import pytest

from marjapussi.analysis import solve
from marjapussi.analysis.review import action_label
from marjapussi.web import best_card, trick_stepper
from marjapussi.web.common import load_record
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

ROOT = Path(__file__).resolve().parents[2]
NAME = "guild-first-deal-annotated"


def _at(n: int) -> dict[str, object]:
    return trick_stepper.check({"rec": NAME, "n": n, "view": "all"})


def test_the_annotated_deal_is_the_shipped_deal_with_the_analysis_written_in() -> None:
    for lang in LANGS:
        plain = load_record(f"guild-first-deal.{lang}.mjp").deals[0]
        annotated = load_record(f"{NAME}.{lang}.mjp").deals[0]
        assert [a.action for a in annotated.actions] == [a.action for a in plain.actions]
        costly = [a for a in annotated.actions if a.variations]
        assert costly and all(a.comment and "?" in a.comment for a in costly)


def test_old_states_and_links_still_work() -> None:
    state = trick_stepper.check({"rec": NAME, "n": 3, "view": "all"})
    assert state == {"rec": NAME, "n": 3, "view": "all", "line": "", "k": 0, "best": False}
    for bad in ({"line": "99-0"}, {"line": "4-5"}, {"line": "x"}, {"line": "4-0", "k": 999}, {"best": "yes"}):
        with pytest.raises(trick_stepper.BadInput):
            trick_stepper.check({"rec": NAME, "n": 3, "view": "all", **bad})


@pytest.mark.parametrize("lang", LANGS)
def test_a_marker_at_the_action_steps_into_the_line_and_back_out(lang: str) -> None:
    record = load_record(f"{NAME}.{lang}.mjp").deals[0]
    index = next(i for i, a in enumerate(record.actions) if a.variations)
    alternative = record.actions[index].variations[0]
    before = call("trick-stepper", lang, _at(index), {"type": "next-card"})
    assert before["ok"] and wt("line-here", lang) in before["html"]
    checker = check_html(before["html"])
    assert any(b.get("data-focus-key") == "line-enter-0" for b in checker.buttons)
    # No marker one step earlier, where nothing has a line.
    assert wt("line-here", lang) not in call("trick-stepper", lang, _at(index), {"type": "start"})["html"]

    inside = call("trick-stepper", lang, before["state"], {"type": "enter", "i": 0})
    assert inside["ok"] and inside["state"]["line"] == f"{index}-0" and inside["state"]["k"] == 1
    assert wt("line-leave", lang) in inside["html"]
    first = action_label(alternative[0].action, lang)
    assert first in inside["html"] and alternative[0].comment in inside["html"]
    # Step along the line: its cards, not the main line's.
    step = call("trick-stepper", lang, inside["state"], {"type": "end"})
    assert step["state"]["k"] == len(alternative) and "mp-steps" in step["html"]  # it ends the deal
    back = call("trick-stepper", lang, step["state"], {"type": "leave-all"})
    assert back["state"] == before["state"]
    assert back["html"] == before["html"]


NESTED = "2. SK (SJ {East keeps the king.} SA S8 (S10 {Or the ten.}) S6) SA S8 S6"


@pytest.fixture
def nested(monkeypatch: pytest.MonkeyPatch) -> str:
    """A stepper record with a line inside a line (the record-format page's example)."""
    from marjapussi.record import parse_record

    text = (ROOT / "examples/records/guild-first-deal.mjp").read_text(encoding="utf-8")
    record = parse_record(text.replace("2. SK SA {Must beat: SA, not S7.} S8 S6", NESTED))
    monkeypatch.setattr(trick_stepper, "records", lambda: ("nested-lines",))
    monkeypatch.setattr(trick_stepper, "_record", lambda name, lang: record)
    monkeypatch.setattr(trick_stepper, "total", lambda name: len(record.deals[0].actions))
    trick_stepper._step.cache_clear()
    yield "nested-lines"
    trick_stepper._step.cache_clear()


def test_lines_nest_and_leave_one_level_at_a_time(nested: str) -> None:
    state = trick_stepper.check({"rec": nested, "n": 5, "view": "all"})  # just after SK
    outer = call("trick-stepper", "en", state, {"type": "enter", "i": 0})["state"]
    assert (outer["line"], outer["k"]) == ("4-0", 1)
    at_s8 = call("trick-stepper", "en", {**outer, "k": 3}, {"type": "view", "view": "all"})
    assert wt("line-here", "en") in at_s8["html"]  # S8 inside the line has a line of its own
    inner = call("trick-stepper", "en", at_s8["state"], {"type": "enter", "i": 0})
    assert inner["state"]["line"] == "4-0-2-0" and "Or the ten." in inner["html"]
    assert wt("line-leave-one", "en") in inner["html"]
    assert "(level 2)" in inner["html"]
    # The inner line plays S10 in place of S8: West's S8 is still in the hand.
    deal = trick_stepper._step(nested, 1, "en", "4-0-2-0").deal
    assert [c.code for _, c in deal.table] == ["SJ", "SA", "S10"]
    up = call("trick-stepper", "en", inner["state"], {"type": "leave"})
    assert (up["state"]["line"], up["state"]["k"]) == ("4-0", 3)
    out = call("trick-stepper", "en", inner["state"], {"type": "leave-all"})
    assert (out["state"]["line"], out["state"]["n"]) == ("", 5)
    # A link from inside a line opens the main line where it branches.
    assert out["ok"] and inner["state"]["n"] == 4
    assert call("trick-stepper", "en", state, {"type": "leave"})["ok"] is False


@pytest.mark.parametrize("lang", LANGS)
def test_best_card_is_asked_for_then_shown_exactly_late_in_the_deal(lang: str) -> None:
    state = _at(24)  # trick 7: exact
    html = trick_stepper.view(state, lang)
    assert wt("best-ask", lang) in html and "mp-best-list" not in html  # nothing solved unasked
    reply = call("trick-stepper", lang, state, {"type": "best", "show": True})
    assert reply["ok"] and reply["state"]["best"] is True
    checker = check_html(reply["html"])
    assert 'data-best="exact"' in reply["html"] and wt("best-exact", lang) in reply["html"]
    deal = trick_stepper._step(NAME, 24, lang).deal
    values = solve(deal).values
    best_value = max(values.values())
    for action, value in values.items():
        assert f'data-action="{action}"' in reply["html"]
        if value < best_value:
            loss = best_card._points(best_value - value, lang)
            assert wt("best-loses", lang, loss=loss) in reply["html"]
    assert reply["html"].count("mp-best-top") == sum(v == best_value for v in values.values())
    assert any(b.get("aria-pressed") == "true" for b in checker.buttons)
    # Any step hides the values again.
    moved = call("trick-stepper", lang, reply["state"], {"type": "next-card"})
    assert moved["state"]["best"] is False and "mp-best-list" not in moved["html"]


def test_best_card_early_in_the_deal_is_a_bounded_estimate_and_says_so_without_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MARJAPUSSI_CORE", "off")
    reply = call("trick-stepper", "en", _at(4), {"type": "best", "show": True})
    assert 'data-best="estimate"' in reply["html"]
    note = wt("best-estimate", "en", tricks=best_card.ESTIMATE_TRICKS, left=best_card.EXACT_TRICKS_LEFT)
    assert note in reply["html"]


def test_best_card_values_a_declaration_too() -> None:
    # After trick 2 South may declare diamonds: the declaration is one of the weighed actions.
    reply = call("trick-stepper", "en", _at(8), {"type": "best", "show": True})
    assert 'data-action="declare D"' in reply["html"]


def test_no_best_card_control_when_the_deal_is_over() -> None:
    end = call("trick-stepper", "en", _at(0), {"type": "end"})
    assert wt("best-ask", "en") not in end["html"]
    reply = call("trick-stepper", "en", end["state"], {"type": "best", "show": True})
    assert reply["announce"] == wt("best-none-over", "en")


def test_bad_line_actions_are_refused_with_a_message() -> None:
    for action in ({"type": "enter"}, {"type": "enter", "i": 7}, {"type": "best", "show": "yes"}):
        reply = call("trick-stepper", "en", _at(5), action)
        assert reply["ok"] is False and reply["announce"]
