"""Declare or ask: the answers, the burning and the lead duty follow the rules."""

from __future__ import annotations

import pytest

from marjapussi.actions import AskWhole, parse_action
from marjapussi.cards import Rank, Seat, Suit, parse_cards
from marjapussi.deal import Deal
from marjapussi.i18n import rule_name
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.rules import find_rules
from marjapussi.web import asking
from marjapussi.web.common import sensible_declaration

from .webkit import LANGS, call, check_html


def whole_marriages(deal: Deal, seat: Seat) -> set[tuple[Seat, Suit]]:
    hand = {(c.suit, c.rank) for c in deal.hand(seat)}
    return {
        (seat, s)
        for s in Suit
        if (s, Rank.KING) in hand and (s, Rank.QUEEN) in hand and not deal.is_burned(seat, s)
    }


def states() -> list[dict]:
    out = [{"set": i, "seed": 1, "choice": ""} for i in range(len(asking.curated()))]
    seed = 1
    for _ in range(12):
        seed = (seed * 1103515245 + 12345) % asking.MAX_SEED
        out.append({"set": -1, "seed": seed, "choice": ""})
    return out


@pytest.mark.parametrize("state", states(), ids=lambda s: f"{s['set']}-{s['seed']}")
def test_every_choice_burns_answers_and_scores_as_the_rules_say(state: dict) -> None:
    start = asking.position(state)
    seat = start.to_act
    assert start.window and start.pending is None and len(start.tricks) >= 2
    assert start.last_trick.winner == seat
    for choice in asking.options(state):
        result = asking.outcome({**state, "choice": choice})
        if choice == "pass":
            assert result.declaration is None
            continue
        decl = result.declaration
        if choice.startswith("declare"):
            assert decl.burned == () and decl.suit == Suit.parse(choice[-1])
        elif choice == "ask-whole":
            assert set(decl.burned) == {
                b for b in whole_marriages(start, seat) if not start.is_declared(b[1])
            }
            offered = whole_marriages(start, seat.partner)
            possible = {s for _, s in offered if not start.is_declared(s) and (seat, s) not in decl.burned}
            assert (decl.suit in possible) if possible else decl.suit is None
        else:
            asked = Suit.parse(choice[-1])
            burned = whole_marriages(start, seat) | whole_marriages(start, seat.partner)
            assert set(decl.burned) == {b for b in burned if not start.is_declared(b[1])}
            missing = {Rank.KING, Rank.QUEEN} - {c.rank for c in start.hand(seat) if c.suit == asked}
            has = any(c.suit == asked and c.rank in missing for c in start.hand(seat.partner))
            assert decl.suit == (asked if has else None)
        if decl.suit is not None:
            assert decl.kind == ("trump" if start.trump_suit is None else "small-trump")
            if decl.kind == "small-trump":
                holds = any(c.suit == decl.suit for c in start.hand(seat))
                others = any(c.suit != decl.suit for c in start.hand(seat))
                assert (result.lead_rule == "small-trump-lead") == (holds and others)


@pytest.mark.parametrize("lang", LANGS)
def test_the_view_after_a_choice(lang: str) -> None:
    state = asking.initial("")
    reply = call("asking", lang, state, {"type": "choose", "choice": "ask-half-S"})
    assert reply["ok"] and reply["state"]["choice"] == "ask-half-S"
    html = reply["html"]
    check_html(html)
    for rule in ("ask-half", "burn", "trump"):
        assert rule_name(rule, lang) in html
    assert "mp-burned" in html  # West's clubs and East's hearts are drawn as burned
    assert "mp-declared" in html
    again = call("asking", lang, reply["state"], {"type": "reset"})
    assert again["state"]["choice"] == ""
    assert 'data-focus-key="choose-ask-half-S"' in again["html"]


def test_a_small_trump_brings_the_lead_duty() -> None:
    state = {"set": 1, "seed": 1, "choice": ""}
    reply = call("asking", "en", state, {"type": "choose", "choice": "declare-D"})
    assert "small trump" in reply["announce"] and "must lead diamonds" in reply["announce"]
    assert "#small-trump-lead" in reply["html"]


def test_a_choice_that_is_not_open_is_refused() -> None:
    state = {"set": 2, "seed": 1, "choice": ""}
    assert "declare-H" not in asking.options(state)
    reply = call("asking", "en", state, {"type": "choose", "choice": "declare-H"})
    assert not reply["ok"] and reply["state"] == state
    bad = call("asking", "en", {"set": 2, "seed": 1, "choice": "declare-H"}, {"type": "reset"})
    assert not bad["ok"]


def test_new_hands_are_seeded() -> None:
    state = asking.initial("")
    first = call("asking", "en", state, {"type": "new"})
    second = call("asking", "en", state, {"type": "new"})
    assert first["state"] == second["state"] and first["html"] == second["html"]
    assert first["state"]["set"] == -1
    nxt = call("asking", "en", first["state"], {"type": "new"})
    assert nxt["state"]["seed"] != first["state"]["seed"]


def test_a_sensible_player_asks_back_where_the_rules_let_him() -> None:
    # Huutopussi with marriage trumps, ask_lockout=illisoft: North asked South for a
    # marriage; South, after a trick he won, may ask North back for his hearts.
    hands = {
        Seat.N: "HK HQ H7 DA D10 S10 S9 CA C6",
        Seat.E: "HA H9 H8 D8 SA S8 C9 C8 C7",
        Seat.S: "DK DQ D7 SK SJ S7 CK CQ D9",
        Seat.W: "H10 HJ H6 DJ D6 SQ S6 C10 CJ",
    }
    actions = (
        "bid 50, pass, pass, pass, give D9 S7 D7, contract 50, return D9 S7 D7, CA, C7, CQ, CJ,"
        " ask whole, answer D, H7, H8, D7, H6"
    )
    for lockout, asks in (("illisoft", True), ("basic", False)):
        rules = find_rules("huutopussi-marriage", declare_right="any-won", ask_lockout=lockout)
        deal = MarriageTrumpDeal({s: parse_cards(h) for s, h in hands.items()}, rules, Seat.W)
        for text in actions.split(","):
            deal.play(parse_action(text.strip()))
        assert deal.to_act == Seat.S and deal.window
        assert (sensible_declaration(deal) == AskWhole()) is asks
