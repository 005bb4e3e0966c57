"""The score keeper widget: every action, the engine's scoring, saved and hostile sheets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from marjapussi.huutopussi import contract_points
from marjapussi.record import parse_record, replay
from marjapussi.rules import HUUTOPUSSI
from marjapussi.web import bridge
from marjapussi.web import score_keeper as sk
from marjapussi.web.keeper_facts import choices
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "examples" / "records"
KIND = "score-keeper"


def add(state: dict[str, Any], lang: str = "en", **facts: Any) -> dict[str, Any]:
    """Enter one deal through the bridge, as the page's form sends it, and check the reply."""
    reply = call(KIND, lang, state, {"type": "draft", **facts, "commit": "add"})
    assert reply["ok"], reply["announce"]
    check_html(reply["html"])
    return reply["state"]


def totals(state: dict[str, Any]) -> tuple[int, ...]:
    return sk.sheet_rows(state)[1].totals


# ---------------------------------------------------------------------- the guild rules


def test_a_deal_is_scored_by_the_engine_and_shown_as_entered() -> None:
    state = bridge.initial_state(KIND)
    reply = call(KIND, "en", state, {"type": "draft", "t": 6, "l": "S", "m": 5, "tr": "H", "tb": "NS"})
    assert reply["ok"] and reply["state"]["deals"] == []
    assert reply["announce"] == "This deal: North–South 4, East–West 0. New erä totals: 4–0."
    html = reply["html"]
    assert 'href="@root@/en/rules/guild/#matti-point"' in html and "#trump" in html
    assert "Erä totals before and after the deal" in html


def test_exactly_twelve_wins_the_era_and_over_twelve_drops_to_seven() -> None:
    state = bridge.initial_state(KIND)
    for _ in range(2):  # 4 + 4 = 8
        state = add(state, t=6, l="S", m=5, tr="H", tb="NS")
    state = add(state, t=6, l="S", m=5, tr="H", tb="NS", **{"sm-D": "N"})  # +5 = 13 → 7
    assert totals(state) == (7, 0)
    state = add(state, t=6, l="S", m=5, tr="H", tb="NS", **{"sm-D": "N"})  # 7 + 5 = 12
    rows, sheet = sk.sheet_rows(state)
    assert rows[-1].era is not None and rows[-1].era.outcome == "won"
    assert sheet.era_wins == [1, 0] and sheet.totals == (0, 0)


def test_both_on_twelve_go_to_seven_and_a_pair_without_tricks_goes_to_porvoo() -> None:
    state = bridge.initial_state(KIND)
    state = add(state, t=5, l="N", m=5, tr="H", tb="NS", **{"sm-D": "E", "sm-S": "E", "sm-C": "E"})
    assert totals(state) == (4, 3)
    # Porvoo: North–South took no trick
    porvoo = add(state, t=0, l="E", m=0, p=0, tr="S", tb="EW")
    assert totals(porvoo) == (0, 3 + 4)
    assert sk.sheet_rows(porvoo)[0][-1].era.steps[0].rule == "porvoo"  # type: ignore[union-attr]


def test_matti_tie_breaks_ask_for_pips_then_aces() -> None:
    state = bridge.initial_state(KIND)
    reply = call(KIND, "en", state, {"type": "draft", "m": 4})
    assert 'data-action-field="p"' in reply["html"] and 'data-action-field="a"' not in reply["html"]
    assert reply["state"]["draft"]["p"] is None  # the pips come into view blank, not as 18–18
    reply = call(KIND, "en", reply["state"], {"type": "draft", "m": 4, "p": 18})
    assert 'data-action-field="a"' in reply["html"] and reply["state"]["draft"]["a"] is None
    reply = call(KIND, "en", reply["state"], {"type": "draft", "m": 4, "p": 21})
    assert 'data-action-field="a"' not in reply["html"]
    state = add(reply["state"], t=5, l="W", tr="-")
    step = sk.sheet_rows(state)[0][0].score.steps[0]
    assert step.rule == "matti-point" and step.detail["decided_by"] == "pips" and step.pair is not None
    state = add(state, t=5, l="W", m=4, p=18, a=2, tr="-")
    step = sk.sheet_rows(state)[0][1].score.steps[0]
    assert step.detail["decided_by"] == "tie" and step.points == 0


def test_a_misplay_sends_the_pair_to_porvoo_and_the_third_loses_the_game() -> None:
    state = bridge.initial_state(KIND)
    for _ in range(3):
        state = add(state, t=5, l="N", m=5, tr="H", tb="NS", x="NS")
    rows, sheet = sk.sheet_rows(state)
    assert [r.after[0] for r in rows] == [0, 0, 0]
    assert sheet.misplays == [3, 0] and sheet.winner is not None and sheet.winner.name == "EW"
    reply = call(KIND, "en", state, {"type": "draft", "commit": "add"})
    assert reply["announce"] == wt("sk-game-over", "en") and len(reply["state"]["deals"]) == 3


def test_impossible_facts_are_refused_with_a_reason_in_every_language() -> None:
    state = bridge.initial_state(KIND)
    for lang in LANGS:
        reply = call(KIND, lang, state, {"type": "draft", "t": 0, "l": "N", "m": 5, "commit": "add"})
        assert reply["ok"] and reply["state"]["deals"] == []
        assert wt("sk-last-no-trick", lang, seat=_seat("N", lang)) in reply["announce"]
        assert 'role="alert"' in reply["html"]
    reply = call(KIND, "en", state, {"type": "draft", "t": 1, "l": "N", "m": 8, "commit": "add"})
    assert "cannot hold 8 aces and tens" in reply["announce"] and reply["state"]["deals"] == []


def _seat(code: str, lang: str) -> str:
    from marjapussi.cards import Seat
    from marjapussi.i18n import seat_name

    return seat_name(Seat[code], lang)


# ---------------------------------------------------------------------- undo and edit


def test_undo_remove_and_edit_recompute_everything_after() -> None:
    state = bridge.initial_state(KIND)
    for _ in range(3):
        state = add(state, t=6, l="S", m=5, tr="H", tb="NS")
    assert [r.after for r in sk.sheet_rows(state)[0]] == [(4, 0), (8, 0), (12, 0)]
    reply = call(KIND, "en", state, {"type": "edit", "deal": 0})
    assert reply["state"]["edit"] == 0 and "Correcting deal 1" in reply["html"]
    reply = call(KIND, "en", reply["state"], {"type": "draft", "l": "E", "m": 3, "commit": "save"})
    state = reply["state"]
    assert state["edit"] == -1 and "counted again" in reply["announce"]
    assert [r.after for r in sk.sheet_rows(state)[0]] == [(2, 2), (6, 2), (10, 2)]
    reply = call(KIND, "en", state, {"type": "remove", "deal": 1})
    assert [r.after for r in sk.sheet_rows(reply["state"])[0]] == [(2, 2), (6, 2)]
    reply = call(KIND, "en", reply["state"], {"type": "undo"})
    assert len(reply["state"]["deals"]) == 1
    reply = call(KIND, "en", reply["state"], {"type": "edit", "deal": 0})
    reply = call(KIND, "en", reply["state"], {"type": "cancel"})
    assert reply["state"]["edit"] == -1 and len(reply["state"]["deals"]) == 1


def test_an_edit_that_ends_the_game_earlier_leaves_later_deals_uncounted() -> None:
    state = bridge.initial_state(KIND)
    for _ in range(3):
        state = add(state, t=5, l="N", m=5, tr="H", tb="NS")
    state = add(state, t=5, l="N", m=5, tr="H", tb="NS")
    reply = call(KIND, "en", state, {"type": "edit", "deal": 2})
    reply = call(KIND, "en", reply["state"], {"type": "draft", "x": "EW", "commit": "save"})
    reply = call(KIND, "en", reply["state"], {"type": "edit", "deal": 1})
    reply = call(KIND, "en", reply["state"], {"type": "draft", "x": "EW", "commit": "save"})
    reply = call(KIND, "en", reply["state"], {"type": "edit", "deal": 0})
    reply = call(KIND, "en", reply["state"], {"type": "draft", "x": "EW", "commit": "save"})
    rows, sheet = sk.sheet_rows(reply["state"])
    assert sheet.winner is not None and [r.counted for r in rows] == [True, True, True, False]
    assert wt("sk-not-counted", "en") in reply["html"]


def test_new_game_keeps_the_old_sheet_for_download() -> None:
    state = add(bridge.initial_state(KIND), t=5, l="N", m=5, tr="-")
    reply = call(KIND, "fi", state, {"type": "new-game"})
    new = reply["state"]
    assert new["deals"] == [] and new["problem"] == "replaced"
    assert json.loads(new["old"])["deals"] == state["deals"]
    assert 'data-mp-download="marjapussi-old-sheet.txt"' in reply["html"]
    reply = call(KIND, "fi", new, {"type": "dismiss"})
    assert reply["state"]["old"] == "" and "marjapussi-old-sheet" not in reply["html"]


# ---------------------------------------------------------------------- pagat and huutopussi


def test_pagat_card_points_target_ten_and_the_carried_tie() -> None:
    state = bridge.initial_state(KIND, "pagat")
    reply = call(KIND, "en", state, {"type": "settings", "tie": 1})
    state = reply["state"]
    assert state["tie"] == 1
    state = add(state, t=5, l="N", c=60, tr="-")  # 60–60: the point is carried (worth 2 next time)
    assert totals(state) == (1, 0)
    state = add(state, t=5, l="N", c=70, tr="-")
    assert sk.sheet_rows(state)[0][1].score.points == (3, 0)
    reply = call(KIND, "en", state, {"type": "draft", "c": 1})
    assert wt("sk-bad-points", "en", n=1) in reply["announce"]


def test_huutopussi_contract_made_failed_and_double_penalty() -> None:
    state = bridge.initial_state(KIND, "huutopussi")
    # worked example 9: bid 60, 85 collected (75 in cards + the last trick's 10) scores 85
    state = add(state, t=5, l="N", c=75, bid=60, by="N", tr="H")
    assert sk.sheet_rows(state)[0][0].score.points[0] == 85
    state = add(state, t=5, l="E", c=55, bid=60, by="S", tr="H")
    assert sk.sheet_rows(state)[0][1].score.points[0] == contract_points(60, 55) == -60
    reply = call(KIND, "en", state, {"type": "settings", "dbl": 1})
    assert sk.sheet_rows(reply["state"])[0][1].score.points[0] == -120
    assert "The bid of 60 fails." in reply["html"]


def test_huutopussi_marriages_molotov_and_the_game_to_500() -> None:
    state = call(KIND, "en", bridge.initial_state(KIND, "huutopussi"), {"type": "settings", "molo": 60})[
        "state"
    ]
    state = add(state, t=9, l="N", c=120, bid=100, by="N", tr="H", **{"mar-H": "N"})
    score = sk.sheet_rows(state)[0][0].score
    assert score.points == (120 + 10 + 40 + 60, 0)
    assert [s.rule for s in score.steps].count("molotov") == 1
    # East never led (the bidder led first, and East's pair took no trick): no marriage of East's
    reply = call(KIND, "en", state, {"type": "draft", "t": 9, "l": "N", "c": 120, "bid": 100, "by": "N",
                                     "tr": "H", "mar-S": "E", "commit": "add"})
    assert reply["announce"] == wt("sk-marriage-no-lead", "en", seat="East")
    assert len(reply["state"]["deals"]) == 1
    # the bidder shows a marriage on the first lead, and the pair takes no trick: it counts nothing
    void = call(KIND, "en", state, {"type": "draft", "t": 0, "l": "E", "c": 0, "bid": 60, "by": "N",
                                    "tr": "S", "mar-S": "N", "mar-H": "-", "commit": "add"})["state"]
    score = sk.sheet_rows(void)[0][1].score
    assert score.points[0] == -60 and "marriage-on-lead" in [s.rule for s in score.steps]
    for _ in range(2):
        state = add(state, t=9, l="N", c=120, bid=100, by="N", tr="H", **{"mar-H": "N"})
    sheet = sk.sheet_rows(state)[1]
    assert sheet.totals[0] >= HUUTOPUSSI.game_to and sheet.winner == 0
    assert "wins the game" in call(KIND, "en", state, {"type": "dismiss"})["html"]


# ---------------------------------------------------------------------- played with the engine


@pytest.mark.parametrize(
    ("name", "mode"),
    [
        ("guild-first-deal", "guild"),
        ("pagat-deal", "pagat"),
        ("huutopussi-deal", "huutopussi"),
        ("huutopussi-marriage-deal", "huutopussi-marriage"),
        ("huutopussi-marriage-game", "huutopussi-marriage"),
        ("huutopussi-marriage-no-trick", "huutopussi-marriage"),
    ],
)
def test_a_pasted_record_is_scored_exactly_as_replay_scores_it(name: str, mode: str) -> None:
    text = (RECORDS / f"{name}.mjp").read_text(encoding="utf-8")
    rep = replay(parse_record(text))
    state = bridge.initial_state(KIND)
    reply = call(KIND, "ru", state, {"type": "record", "text": text})
    assert reply["ok"] and reply["state"]["mode"] == mode
    rows, sheet = sk.sheet_rows(reply["state"])
    assert [r.score.points for r in rows] == [s.points for s in rep.scores if s is not None]
    assert [s.rule for s in rows[0].score.steps] == [s.rule for s in rep.scores[0].steps]  # type: ignore[union-attr]
    assert sheet.totals == rep.sheet.totals


def test_a_bad_record_says_where_and_adds_nothing() -> None:
    state = bridge.initial_state(KIND)
    text = (RECORDS / "illegal-card.mjp").read_text(encoding="utf-8")
    reply = call(KIND, "fi", state, {"type": "record", "text": text})
    assert reply["state"] == state and "rivi 14, sarake 10" in reply["announce"]
    assert "(follow-suit)" not in reply["announce"]
    reply = call(KIND, "en", state, {"type": "record", "text": (RECORDS / "disputed-hand.mjp").read_text()})
    assert reply["announce"] == wt("sk-record-unfinished", "en")
    reply = call(KIND, "en", state, {"type": "record", "text": '[Rules "chess"]'})
    assert reply["state"] == state and reply["announce"].startswith("The record could not be added")


# ---------------------------------------------------------------------- saving, export, import


def _sheet() -> dict[str, Any]:
    state = bridge.initial_state(KIND)
    state = add(state, t=6, l="S", m=5, tr="H", tb="NS")
    return add(state, t=3, l="E", m=2, tr="D", tb="EW", **{"sm-S": "N"})


def test_restore_reads_back_the_stored_state() -> None:
    state = _sheet()
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "restore", "text": json.dumps(state)})
    assert reply["ok"] and reply["state"] == state
    assert reply["announce"] == wt("sk-restored", "en", n=2)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not-json"),
        ("hello", "not-json"),
        (json.dumps({"v": 0, "mode": "guild", "deals": []}), "version"),
        (json.dumps({"mode": "guild", "deals": []}), "version"),
        (json.dumps({"v": 1, "mode": "guild", "deals": [{"t": 99}]}), "fields"),
        (json.dumps({"v": 1, "mode": "chess", "deals": []}), "fields"),
        ("{" + " " * sk.MAX_STORED + "}", "too-long"),
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_a_corrupted_or_old_saved_sheet_gives_a_message_keeps_the_text_and_starts_fresh(
    text: str, problem: str, lang: str
) -> None:
    fresh = bridge.initial_state(KIND)
    reply = call(KIND, lang, fresh, {"type": "restore", "text": text})
    state = reply["state"]
    assert state["deals"] == [] and state["problem"] == problem
    assert state["old"] == text[: sk.MAX_OLD]
    assert reply["announce"] == wt("sk-restore-failed", lang, why=wt("sk-why:" + problem, lang))
    check_html(reply["html"])
    assert 'data-mp-file="marjapussi-old-sheet.txt"' in reply["html"]
    # the state with the old text is itself a state the page can store and restore
    again = call(KIND, lang, fresh, {"type": "restore", "text": json.dumps(state)})
    assert again["state"]["old"] == state["old"] and again["state"]["problem"] == problem


def test_export_json_and_text_import_back() -> None:
    state = _sheet()
    for text in (sk.export_json(state), sk.export_text(state, "ru")):
        reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "import", "text": text})
        assert reply["ok"] and reply["state"]["deals"] == state["deals"], reply["announce"]
        assert reply["announce"] == wt("sk-imported", "en", n=2)
    html = call(KIND, "en", state, {"type": "dismiss"})["html"]
    assert 'data-mp-file="marjapussi-sheet.json"' in html and 'data-mp-file="marjapussi-sheet.txt"' in html
    assert "Deal 2: NS 1, EW 4 → 5–4" in sk.export_text(state, "en")  # the pairs as the pages write them


def test_importing_over_a_sheet_keeps_the_replaced_one_and_a_bad_import_changes_nothing() -> None:
    state = _sheet()
    reply = call(KIND, "en", state, {"type": "import", "text": sk.export_json(bridge.initial_state(KIND))})
    assert reply["state"]["deals"] == [] and json.loads(reply["state"]["old"])["deals"] == state["deals"]
    reply = call(KIND, "fi", state, {"type": "import", "text": "[1, 2]"})
    assert reply["state"] == state and reply["announce"].startswith("Listaa ei voitu tuoda")


def test_settings_change_the_rules_only_on_an_empty_sheet() -> None:
    state = _sheet()
    reply = call(KIND, "en", state, {"type": "settings", "mode": "pagat"})
    assert reply["state"] == state and reply["announce"] == wt("sk-mode-locked", "en")
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "settings", "mode": "huutopussi"})
    assert reply["state"]["mode"] == "huutopussi" and 'data-action-field="bid"' in reply["html"]


# ---------------------------------------------------------------------- hostile input

EVIL = "<script>alert(1)</script>"
WRONG = [None, True, 1.5, -1, 10**40, [], {}, "", EVIL, "x" * 1000, "１２"]


@pytest.mark.parametrize(
    "field", ["v", "mode", "values", "tie", "deck", "molo", "to", "deals", "draft", "edit", "old", "problem"]
)
def test_every_state_field_rejects_wrong_values(field: str) -> None:
    good = _sheet()
    default = bridge.initial_state(KIND)
    for value in WRONG:
        if field == "old" and isinstance(value, str):
            continue  # any text may be kept for download
        if (field, value) in (("deals", []), ("problem", ""), ("edit", -1)):
            continue  # valid values
        reply = call(KIND, "en", {**good, field: value}, {"type": "undo"})
        assert reply["ok"] is False and reply["state"] == default, (field, value)
        assert reply["announce"] == wt("bad-state", "en")
        assert EVIL not in reply["html"]


@pytest.mark.parametrize("key", ["t", "l", "m", "p", "a", "tr", "tb", "sm", "x"])
def test_every_fact_of_a_stored_deal_rejects_wrong_values(key: str) -> None:
    good = _sheet()
    for value in [*WRONG, 9 if key in ("m", "a") else 37]:
        if value == "" and key in ("tr", "x"):
            continue  # no trumps, no misplay
        deals = [dict(good["deals"][0], **{key: value}), good["deals"][1]]
        reply = call(KIND, "en", {**good, "deals": deals}, {"type": "undo"})
        assert reply["ok"] is False, (key, value)
    impossible = [dict(good["deals"][0], t=0)]  # no trick, but matit and the last trick
    assert call(KIND, "en", {**good, "deals": impossible}, {"type": "undo"})["ok"] is False


def test_every_action_field_rejects_wrong_values_and_keeps_the_state() -> None:
    good = _sheet()
    for kind in ("draft", "edit", "remove", "settings", "restore", "import", "record", "noop", EVIL):
        for name in (
            "t",
            "l",
            "m",
            "c",
            "tr",
            "sm-H",
            "mar-H",
            "x",
            "bid",
            "by",
            "deal",
            "mode",
            "to",
            "commit",
            "text",
        ):
            for value in WRONG:
                reply = call(KIND, "en", good, {"type": kind, name: value})
                assert EVIL not in reply["html"]  # the announcement is set as text
                if not reply["ok"]:
                    assert reply["state"] == good and reply["announce"] == wt("bad-action", "en")


def test_evil_text_is_kept_as_text_and_never_as_markup() -> None:
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "restore", "text": EVIL})
    assert reply["state"]["old"] == EVIL
    assert EVIL not in reply["html"] and "&lt;script&gt;" in reply["html"]
    check_html(reply["html"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", sk.MODES)
def test_every_view_is_clean_html_with_labelled_controls(lang: str, mode: str) -> None:
    html = bridge.render(KIND, mode, lang)
    assert 'data-store="marjapussi-score-keeper"' in html and "mp-share" not in html
    check_html(html)
    state = bridge.initial_state(KIND, mode)
    reply = call(KIND, lang, state, {"type": "edit", "deal": 0})
    assert reply["ok"] is False  # nothing to edit yet


# ---------------------------------------------------------------------- Huutopussi: redeals, all passed


@pytest.mark.parametrize("lang", LANGS)
def test_a_redeal_is_one_tap_and_scores_nothing(lang: str) -> None:
    state = add(bridge.initial_state(KIND, "huutopussi"), lang, t=5, l="N", c=75, bid=60, by="N", tr="H")
    offered = choices(state, state["draft"])["k"]
    for kind, why in [(k, why) for k, why in sk.REDEALS.items() if k in offered]:
        html = call(KIND, lang, state, {"type": "dismiss"})["html"]
        tap = {"type": "draft", "k": kind, "commit": "add"}
        assert 'data-action="' + json.dumps(tap, separators=(",", ":")).replace('"', "&quot;") in html
        before = totals(state)
        reply = call(KIND, lang, state, tap)
        assert reply["ok"] and reply["announce"].startswith(wt("sk-added", lang, n=len(state["deals"]) + 1))
        state = reply["state"]
        row = sk.sheet_rows(state)[0][-1]
        assert row.score.points == (0, 0) and totals(state) == before
        assert [s.rule for s in row.score.steps] == ["huutopussi-redeal"]
        assert row.score.steps[0].detail["why"] == why
        check_html(reply["html"])
        assert wt(f"sk-kind-note:{kind}", lang) in reply["html"]
    reply = call(KIND, lang, state, {"type": "undo"})
    assert len(reply["state"]["deals"]) == 3 and totals(reply["state"]) == (85, 45)


def test_all_passed_and_played_with_no_trump_scores_both_pairs_what_they_took() -> None:
    state = bridge.initial_state(KIND, "huutopussi")
    assert 'data-focus-key="f-k"' not in call(KIND, "en", state, {"type": "dismiss"})["html"]
    refused = call(KIND, "en", state, {"type": "draft", "k": "open", "commit": "add"})
    assert refused["announce"].startswith(wt("sk-kind-rules:open", "en")) and not refused["state"]["deals"]
    state = call(KIND, "en", state, {"type": "settings", "pass": "no-trump"})["state"]  # the variation
    assert 'data-focus-key="k-pass"' not in call(KIND, "en", state, {"type": "dismiss"})["html"]
    reply = call(KIND, "en", state, {"type": "draft", "k": "open"})  # the first tap: the kind of deal
    assert 'data-focus-key="f-bid"' not in reply["html"] and 'data-focus-key="f-tr"' not in reply["html"]
    state = add(reply["state"], "en", t=5, l="N", c=70, **{"mar-S": "E"})  # the second: add
    row = sk.sheet_rows(state)[0][0]
    # NS: 70 in cards + 10 for the last trick; EW: the other 50 and a side-suit marriage, 20.
    assert row.score.points == (80, 70) and row.score.bidder is None
    rules = [s.rule for s in row.score.steps]
    assert "contract" not in rules and "bidding" in rules and "marriage-on-lead" in rules
    html = call(KIND, "ru", state, {"type": "dismiss"})["html"]
    assert wt("sk-kind-note:open", "ru") in html


def test_a_redeal_can_be_edited_into_a_contract_and_survives_export() -> None:
    state = add(bridge.initial_state(KIND, "huutopussi"), "en", k="pass")
    state = add(state, "en", t=5, l="N", c=75, bid=60, by="N", tr="H")
    text = sk.export_text(state, "fi")
    back = call(KIND, "en", bridge.initial_state(KIND, "huutopussi"), {"type": "import", "text": text})
    assert back["state"]["deals"] == state["deals"]
    back = call(KIND, "en", bridge.initial_state(KIND), {"type": "import", "text": sk.export_json(state)})
    assert back["state"]["deals"] == state["deals"]
    edit = call(KIND, "en", state, {"type": "edit", "deal": 0})["state"]
    saved = call(KIND, "en", edit, {"type": "draft", "k": "-", "t": 4, "l": "E", "c": 50, "bid": 60,
                                    "by": "E", "tr": "S", "commit": "save"})["state"]
    assert [r.score.points for r in sk.sheet_rows(saved)[0]] == [(50, 80), (85, 45)]
    # A sheet saved before redeals were kept has no "k": its deals were contracts.
    old = json.loads(sk.export_json(saved))
    for facts in old["deals"]:
        del facts["k"]
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "restore", "text": json.dumps(old)})
    assert reply["ok"] and [d["k"] for d in reply["state"]["deals"]] == ["", ""]


def test_a_passed_out_record_deal_is_read_as_a_redeal() -> None:
    import random

    from marjapussi.cards import Seat
    from marjapussi.deal import random_hands
    from marjapussi.huutopussi import HuutopussiDeal

    hands = dict(zip(Seat, random_hands(random.Random(3), HUUTOPUSSI), strict=True))
    deal = HuutopussiDeal(hands, HUUTOPUSSI, Seat.N)
    for _ in range(4):
        deal.play("pass")
    assert deal.is_over()
    assert sk.facts_of_deal(deal)["k"] == "pass"
