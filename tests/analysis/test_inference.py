"""What the table reveals, hand-built: each inference with the rule that reveals it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from marjapussi import Deal, Seat, find_rules, parse_cards
from marjapussi.analysis.inference import Knowledge, infer
from marjapussi.analysis.view import SeatView
from marjapussi.cards import mask_of

from .helpers import deal_of, run


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def rules_of(know: Knowledge, seat: Seat, kind: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for fact in know.facts:
        if fact.seat == seat and fact.kind == kind:
            out[fact.rule] = out.get(fact.rule, 0) | fact.cards
    return out


PAGAT = find_rules("pagat")
GUILD = find_rules("guild")
PAGAT_START: dict[str, Any] = {"opening": False, "leader": Seat.N}
"""Every pagat position here: a later deal of the erä, North leading."""

# Pagat: West holds only diamonds, so shows out of spades at once.
VOID = (
    "SA HA HK HQ C6 C7 C8 H6 H7",
    "S6 S7 S8 S9 SJ SQ SK S10 C9",
    "H8 H9 HJ H10 CJ CQ CK C10 CA",
    "D6 D7 D8 D9 DJ DQ DK D10 DA",
)
# Pagat: North leads the king of spades; East follows low, South holds the ace.
UNDER = (
    "SK HA H9 D7 C6 C7 C8 D6 H6",
    "S7 SQ S9 H10 HK D8 D9 C9 C10",
    "S8 SA S6 HQ HJ DA D10 CA CK",
    "S10 H8 H7 DK DQ DJ CQ CJ SJ",
)
# A later guild deal dealt by North: East leads the first trick.
LATER = (
    "SA HA H9 D7 C6 C7 C8 D6 H6",
    "S7 SQ S9 H10 HK D8 D9 C9 C10",
    "S8 SK S6 HQ HJ DA D10 CA CK",
    "S10 H8 H7 DK DQ DJ CQ CJ SJ",
)
# Pagat: North holds the heart marriage and South half of the clubs.
MARRIAGE = (
    "SA HA HK HQ D6 D7 D8 D9 CK",
    "S6 S7 S8 S9 SJ SQ SK S10 C7",
    "H8 H9 HJ H10 C8 C9 CJ CQ H6",
    "H7 C6 C10 CA DJ DQ DK D10 DA",
)
# Pagat: West holds ♥Q, ♦Q and ♣K, South ♥K and ♦K.
NO_MARRIAGE = (
    "SA HA H9 D6 D7 D8 D9 C6 H6",
    "S6 S7 S8 S9 SJ SQ SK S10 C7",
    "H8 HK HJ H10 C8 C9 CJ CQ DK",
    "H7 HQ C10 CA DJ DQ CK D10 DA",
)


def pagat(hands: tuple[str, str, str, str]) -> Deal:
    return deal_of(*hands, PAGAT, **PAGAT_START)


def later_guild() -> Deal:
    return deal_of(*LATER, GUILD, opening=False, dealer=Seat.N)


@pytest.mark.parametrize(
    ("start", "actions", "viewer", "seat", "kind", "expected"),
    [
        pytest.param(
            lambda: pagat(VOID),
            "SA, S6, H8, D6",
            Seat.S,
            Seat.W,
            "lacks",
            {"follow-suit": "S7 S8 S9 SJ SQ SK S10"},
            id="not-following-shows-a-void",
        ),
        # East followed low under the king though must-beat binds: no ♠10 (South holds ♠A himself).
        pytest.param(
            lambda: pagat(UNDER),
            "SK, S7",
            Seat.S,
            Seat.E,
            "lacks",
            {"must-beat": "S10"},
            id="not-beating-shows-no-higher-card",
        ),
        pytest.param(
            later_guild,
            "S7",
            Seat.N,
            Seat.E,
            "lacks",
            {"opening-lead-ace-spade": "DA CA"},
            id="the-opening-lead-of-a-later-guild-deal-shows-no-ace",
        ),
        pytest.param(
            later_guild,
            "S7, S8",
            Seat.W,
            Seat.S,
            "lacks",
            {"first-trick-ace": "SA"},
            id="the-first-trick-ace-shows-who-lacks-the-ace",
        ),
        pytest.param(
            lambda: pagat(MARRIAGE),
            "SA, S6, H8, DA, declare H",
            Seat.E,
            Seat.N,
            "holds",
            {"declare-own": "HK HQ"},
            id="a-declaration-places-king-and-queen",
        ),
    ],
)
def test_an_action_reveals_cards_by_its_rule(
    start: Callable[[], Deal], actions: str, viewer: Seat, seat: Seat, kind: str, expected: dict[str, str]
) -> None:
    know = infer(SeatView.of(run(start(), actions), viewer))
    assert rules_of(know, seat, kind) == {rule: m(cards) for rule, cards in expected.items()}


def test_not_trumping_after_showing_out_shows_no_trump() -> None:
    # After hearts become trumps, West discards a diamond on a club lead: no clubs and
    # no hearts left.
    deal = run(pagat(VOID), "SA, S6, H8, D6, declare H, C6, C9, CJ, D7")
    know = infer(SeatView.of(deal, Seat.S))
    lacks = rules_of(know, Seat.W, "lacks")
    assert lacks["follow-suit"] & m("C7 C8") == m("C7 C8")
    assert lacks["must-trump"] == m("HA HK HQ H6 H7")
    assert know.lacks[Seat.W] & m("C7 C8 HA H6 H7") == m("C7 C8 HA H6 H7")
    assert not know.lacks[Seat.N] & m("C7 C8 HA")


def test_a_follower_who_does_not_beat_may_still_hold_lower_cards() -> None:
    know = infer(SeatView.of(run(pagat(UNDER), "SK, S7"), Seat.S))
    assert not know.lacks[Seat.E] & m("SJ SQ S9")


def test_a_declaration_places_king_and_queen_and_asks_place_halves() -> None:
    deal = run(pagat(MARRIAGE), "SA, S6, H8, DA, declare H")
    know = infer(SeatView.of(deal, Seat.E))
    assert know.holds[Seat.N] == m("HK HQ")
    # North wins again and asks for the other half of clubs: South says yes.
    run(deal, "HA, C7, H6, H7, ask half C, answer C")
    know = infer(SeatView.of(deal, Seat.E))
    assert (Seat.N, m("CK CQ")) in know.exactly_one and (Seat.S, m("CK CQ")) in know.exactly_one
    assert know.lacks[Seat.W] & m("CK CQ") == m("CK CQ")
    # South holds ♣Q, so for him North's half is ♣K.
    know_s = infer(SeatView.of(deal, Seat.S))
    assert know_s.holds[Seat.N] & m("CK") == m("CK")


def test_a_no_to_a_whole_ask_says_the_partner_holds_no_marriage() -> None:
    deal = run(pagat(NO_MARRIAGE), "SA, S6, H8, DA, ask whole, answer no")
    know = infer(SeatView.of(deal, Seat.W))
    # West holds ♥Q, ♦Q and ♣K himself: only spades are left to rule out.
    assert [(seat, mask) for seat, mask in know.not_both] == [(Seat.S, m("SK SQ"))]
