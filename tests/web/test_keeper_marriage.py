"""The score keeper with Huutopussi with marriage trumps: the form's facts, the engine's
scoring (``exact-contract``, ``contract-raise``, ``marriage-value``, ``no-trick-penalty``,
``marriage-redeal``, ``marriage-game``), saving, records and refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marjapussi.cards import Seat
from marjapussi.i18n import seat_name
from marjapussi.marriage_trumps import MarriageSheet
from marjapussi.rules import HUUTOPUSSI_MARRIAGE
from marjapussi.web import bridge
from marjapussi.web import score_keeper as sk
from marjapussi.web.keeper_facts import choices, shown
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

KIND = "score-keeper"
MODE = "huutopussi-marriage"


def add(state: dict[str, Any], lang: str = "en", **facts: Any) -> dict[str, Any]:
    """Enter one deal through the bridge, as the page's form sends it, and check the reply."""
    reply = call(KIND, lang, state, {"type": "draft", **facts, "commit": "add"})
    assert reply["ok"] and len(reply["state"]["deals"]) == len(state["deals"]) + 1, reply["announce"]
    check_html(reply["html"])
    return reply["state"]


def refused(state: dict[str, Any], lang: str = "en", **facts: Any) -> str:
    """Try to add a deal that cannot be added; the sheet is unchanged; the reason."""
    reply = call(KIND, lang, state, {"type": "draft", **facts, "commit": "add"})
    assert reply["state"]["deals"] == state["deals"]
    check_html(reply["html"])
    return str(reply["announce"])


def last(state: dict[str, Any]) -> Any:
    return sk.sheet_rows(state)[0][-1].score


def fresh(mode: str = MODE) -> dict[str, Any]:
    return bridge.initial_state(KIND, mode)


# ---------------------------------------------------------------------- the digest's examples


@pytest.mark.parametrize("lang", LANGS)
def test_bid_55_raised_to_60_with_102_collected_scores_exactly_60_and_defenders_28(lang: str) -> None:
    # 92 in cards and the last trick's 10: 102 for North–South, 28 for East–West
    draft = {"bid": 55, "by": "N", "ct": 60, "t": 6, "l": "N", "c": 92}
    preview = call(KIND, lang, fresh(), {"type": "draft", **draft})
    assert wt("sk-contract-made", lang, n=60) in preview["html"]
    state = add(fresh(), lang, **draft)
    score = last(state)
    assert score.points == (60, 28) and score.collected == (102, 28)
    assert (score.bid, score.contract, score.made) == (55, 60, True)
    assert [s.rule for s in score.steps][-2:] == ["exact-contract", "exact-contract"]
    sheet = call(KIND, lang, state, {"type": "dismiss"})["html"]
    assert wt("sk-contract-made", lang, n=60) in sheet and wt("sk-made", lang, bid=55) not in sheet
    # the same deal short of the raised contract: minus the contract, not the bid
    state = add(state, lang, bid=55, by="N", ct=110, t=6, l="N", c=92)
    assert last(state).points == (-110, 28)


def test_bid_50_raised_to_60_with_trickless_defenders_costs_them_the_bid_not_the_contract() -> None:
    state = add(fresh(), bid=50, by="S", ct=60, t=9, l="S", c=120)
    score = last(state)
    assert score.points == (60, -50)
    assert ("no-trick-penalty", -50) in [(s.rule, s.points) for s in score.steps]


def test_a_bidder_without_a_trick_of_his_own_loses_twice_the_bid_though_the_contract_is_reached() -> None:
    state = fresh()
    facts = {"bid": 70, "by": "N", "ct": 80, "t": 7, "l": "S", "c": 100}
    # the question is asked only once the bidder's side has tricks
    assert "dn" not in shown(state, {**state["draft"], "bid": 70, "by": "N"})
    assert "dn" not in shown(state, {**state["draft"], **facts, "t": 0, "c": 0, "l": "E"})
    assert "dn" in shown(state, {**state["draft"], **facts})
    made = add(state, **facts)
    assert last(made).points == (80, 20)
    state = add(state, **facts, dn=1)
    score = last(state)
    assert score.points == (-140, 20)
    assert score.steps[-1].rule == "no-trick-penalty" and score.steps[-1].detail["who"] == "declarer"
    # a side without any trick: the bidder took none himself either, without being asked
    state = add(state, bid=50, by="E", ct=50, t=9, l="N", c=120)
    assert last(state).points == (130, -100)


@pytest.mark.parametrize("lang", LANGS)
def test_a_contract_reached_by_the_partner_alone_is_shown_as_not_made(lang: str) -> None:
    facts = {"bid": 55, "by": "N", "ct": 60, "t": 6, "l": "S", "c": 92, "dn": 1}
    preview = call(KIND, lang, fresh(), {"type": "draft", **facts})["html"]
    state = add(fresh(), lang, **facts)
    score = last(state)
    assert score.points == (-110, 28) and score.made is False
    sheet = call(KIND, lang, state, {"type": "dismiss"})["html"]
    for html in (preview, sheet):
        assert wt("sk-contract-failed", lang, n=60) in html
        assert wt("sk-contract-made", lang, n=60) not in html


def test_marriages_score_by_suit_to_the_side_that_held_them_defenders_included() -> None:
    marriages = {"mar-H": "S", "mar-D": "E", "mar-C": "W", "mar-S": "N"}
    state = add(fresh(), bid=60, by="N", ct=60, t=5, l="E", c=50, **marriages)
    score = last(state)
    # North–South: 50 + ♥100 + ♠40; East–West: 70 + 10 + ♦80 + ♣60
    assert score.collected == (190, 220) and score.points == (60, 220)
    assert sorted(s.points for s in score.steps if s.rule == "marriage-value") == [40, 60, 80, 100]
    # a seat whose side took no trick never declared: not offered, and refused when sent
    state2 = fresh()
    no_trick = {"bid": 60, "by": "N", "ct": 60, "t": 9, "l": "N", "c": 120}
    assert choices(state2, {**state2["draft"], **no_trick})["mar"] == ["-", "N", "S"]
    for lang in LANGS:
        said = refused(state2, lang, **no_trick, **{"mar-H": "E"})
        assert said == wt("sk-marriage-no-trick", lang, seat=seat_name(Seat.E, lang))


def test_redeals_are_one_tap_score_nothing_and_the_same_dealer_deals() -> None:
    for lang in LANGS:
        state = fresh()
        html = call(KIND, lang, state, {"type": "dismiss"})["html"]
        for kind, why in (("six", "three-sixes"), ("high", "nothing-high")):
            tap = {"type": "draft", "k": kind, "commit": "add"}
            assert 'data-action="' + json.dumps(tap, separators=(",", ":")).replace('"', "&quot;") in html
            reply = call(KIND, lang, state, tap)
            assert reply["ok"] and wt(f"sk-kind-note:{kind}", lang) in reply["html"]
            state = reply["state"]
            score = last(state)
            assert score.points == (0, 0) and [s.rule for s in score.steps] == ["marriage-redeal"]
            assert score.steps[0].detail["why"] == why
        assert "mp-keeper-redeals" in html and wt("sk-kind-add:aces", lang) not in html


def test_the_game_ends_after_the_deal_that_reaches_500_and_the_higher_total_wins() -> None:
    state = fresh()
    for _ in range(3):
        state = add(state, bid=150, by="N", ct=150, t=6, l="N", c=92, **{"mar-H": "N"})
    assert sk.sheet_rows(state)[1].totals == (450, 84)
    state = add(state, bid=60, by="E", ct=60, t=3, l="N", c=60, **{"mar-D": "E", "mar-C": "W", "mar-S": "W"})
    rows, sheet = sk.sheet_rows(state)
    assert isinstance(sheet, MarriageSheet)
    reference = MarriageSheet(HUUTOPUSSI_MARRIAGE)
    for row in rows:
        reference.add_deal(row.score)
    assert sheet.totals == reference.totals and sheet.winner == reference.winner
    assert sheet.totals == (520, 144) and sheet.over and sheet.winner == 0
    html = call(KIND, "en", state, {"type": "dismiss"})["html"]
    assert "North–South wins the game." in html


# ---------------------------------------------------------------------- the form


def test_the_form_asks_only_what_this_game_needs() -> None:
    state = fresh()
    keys = shown(state, state["draft"])
    assert keys == ["bid", "by", "ct", "t", "l", "c", "mar"]
    html = call(KIND, "en", state, {"type": "dismiss"})["html"]
    for name in ("f-bid", "f-by", "f-ct", "f-t", "f-l", "f-c", "f-mar-H"):
        assert f'data-focus-key="{name}"' in html
    for name in ("f-tr", "f-tb", "f-sm-H", "f-x", "f-m", "f-k"):
        assert f'data-focus-key="{name}"' not in html
    assert wt("sk-trickless-note", "en") in html
    assert wt("sk-marriage-declared-by", "en", suit="♥") in html
    assert wt("marriage-on-lead-by", "en", suit="♥") not in html
    # bids and contracts in fives from 50 to 440; the contract never below the bid
    allowed = choices(state, {**state["draft"], "bid": 65})
    assert allowed["bid"][:3] == [50, 55, 60] and allowed["bid"][-1] == 440
    assert allowed["ct"][0] == 65 and allowed["ct"][-1] == 440
    # a contract chosen, then a higher bid: the contract is cleared, to be chosen again
    reply = call(KIND, "en", state, {"type": "draft", "bid": 50, "ct": 55})
    reply = call(KIND, "en", reply["state"], {"type": "draft", "bid": 60})
    assert reply["state"]["draft"]["ct"] is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_refuses_what_cannot_be_true_in_words(lang: str) -> None:
    state = fresh()
    said = refused(state, lang, bid=60, by="N", ct=55, t=5, l="N", c=60)
    assert said == wt("sk-bad-contract", lang, n=55, bid=60)
    said = refused(state, lang, bid=60, by="N", ct=60, t=0, l="N", c=0)
    assert wt("sk-last-no-trick", lang, seat=seat_name(Seat.N, lang)) in said
    said = refused(state, lang, bid=60, by="N")
    assert wt("sk-need:ct", lang) in said and wt("sk-need:c", lang) in said


def test_a_stored_deal_that_cannot_be_true_is_refused() -> None:
    state = add(fresh(), bid=55, by="N", ct=60, t=6, l="N", c=92)
    good = state["deals"][0]
    changes = ({"ct": 50}, {"ct": 57}, {"ct": 445}, {"k": "aces"}, {"dn": 2}, {"bid": 52}, {"mar": "HHHH"})
    for change in changes:
        bad = {**state, "deals": [{**good, **change}]}
        reply = call(KIND, "en", bad, {"type": "undo"})
        assert reply["ok"] is False, change
        assert reply["announce"] == wt("bad-state", "en")


# ---------------------------------------------------------------------- saving, records, three players


def test_a_saved_sheet_restores_and_exports_back() -> None:
    state = add(fresh(), bid=55, by="N", ct=60, t=6, l="N", c=92, **{"mar-H": "S"})
    state = add(state, k="six")
    state = add(state, bid=50, by="E", ct=70, t=2, dn=0, l="E", c=20)
    reply = call(KIND, "en", fresh("guild"), {"type": "restore", "text": json.dumps(state)})
    assert reply["ok"] and reply["state"] == state
    assert sk.sheet_rows(reply["state"])[1].totals == sk.sheet_rows(state)[1].totals
    for lang in LANGS:
        for text in (sk.export_json(state), sk.export_text(state, lang)):
            back = call(KIND, lang, fresh("guild"), {"type": "import", "text": text})
            assert back["ok"] and back["state"]["deals"] == state["deals"] and back["state"]["mode"] == MODE


def test_three_players_each_for_himself_with_the_bidders_three_cards() -> None:
    state = fresh("huutopussi-marriage3")
    assert shown(state, state["draft"]) == ["bid", "by", "ct", "t", "te", "l", "c", "ce", "mar"]
    assert choices(state, state["draft"])["bid"][0] == 40
    state = add(state, bid=40, by="N", ct=50, t=6, te=3, l="N", c=70, ce=30, **{"mar-H": "N"})
    assert last(state).points == (50, 30, 20)
    # a bidder with no trick loses twice the bid; a player with no trick loses the bid
    state = add(state, bid=60, by="E", ct=60, t=11, te=0, l="N", c=115, ce=5)
    assert last(state).points == (125, -120, -60)
    html = call(KIND, "ru", state, {"type": "dismiss"})["html"]
    check_html(html)
    assert wt("sk-mode:huutopussi-marriage3", "ru") in html
