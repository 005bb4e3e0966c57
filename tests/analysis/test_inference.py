"""What the table reveals, hand-built: each inference with the rule that reveals it."""

from __future__ import annotations

from marjapussi import Deal, Seat, find_rules, parse_action, parse_cards
from marjapussi.analysis.inference import Knowledge, infer
from marjapussi.analysis.view import SeatView
from marjapussi.cards import mask_of
from marjapussi.rules import Rules


def deal_of(n: str, e: str, s: str, w: str, rules: Rules | None = None, **kwargs: object) -> Deal:
    hands = {Seat.N: parse_cards(n), Seat.E: parse_cards(e), Seat.S: parse_cards(s), Seat.W: parse_cards(w)}
    return Deal(hands, rules or find_rules("guild"), **kwargs)  # type: ignore[arg-type]


def run(deal: Deal, actions: str) -> Deal:
    for text in actions.split(","):
        deal.play(parse_action(text.strip()))
    return deal


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


def test_not_following_shows_a_void_and_not_trumping_shows_no_trump() -> None:
    # Pagat: West shows out of spades; after hearts become trumps, West discards a
    # diamond on a club lead: no clubs and no hearts left.
    deal = deal_of(
        "SA HA HK HQ C6 C7 C8 H6 H7",
        "S6 S7 S8 S9 SJ SQ SK S10 C9",
        "H8 H9 HJ H10 CJ CQ CK C10 CA",
        "D6 D7 D8 D9 DJ DQ DK D10 DA",
        PAGAT,
        opening=False,
        leader=Seat.N,
    )
    run(deal, "SA, S6, H8, D6")
    know = infer(SeatView.of(deal, Seat.S))
    assert rules_of(know, Seat.W, "lacks") == {"follow-suit": m("S7 S8 S9 SJ SQ SK S10")}
    run(deal, "declare H, C6, C9, CJ, D7")
    know = infer(SeatView.of(deal, Seat.S))
    lacks = rules_of(know, Seat.W, "lacks")
    assert lacks["follow-suit"] & m("C7 C8") == m("C7 C8")
    assert lacks["must-trump"] == m("HA HK HQ H6 H7")
    assert know.lacks[Seat.W] & m("C7 C8 HA H6 H7") == m("C7 C8 HA H6 H7")
    assert not know.lacks[Seat.N] & m("C7 C8 HA")


def test_a_follower_who_does_not_beat_holds_no_higher_card() -> None:
    deal = deal_of(
        "SK HA H9 D7 C6 C7 C8 D6 H6",
        "S7 SQ S9 H10 HK D8 D9 C9 C10",
        "S8 SA S6 HQ HJ DA D10 CA CK",
        "S10 H8 H7 DK DQ DJ CQ CJ SJ",
        PAGAT,
        opening=False,
        leader=Seat.N,
    )
    run(deal, "SK, S7")
    know = infer(SeatView.of(deal, Seat.S))
    # East followed low under the king though must-beat binds: no ♠10 (South holds ♠A himself).
    assert rules_of(know, Seat.E, "lacks") == {"must-beat": m("S10")}
    assert not know.lacks[Seat.E] & m("SJ SQ S9")


LATER = (
    "SA HA H9 D7 C6 C7 C8 D6 H6",
    "S7 SQ S9 H10 HK D8 D9 C9 C10",
    "S8 SK S6 HQ HJ DA D10 CA CK",
    "S10 H8 H7 DK DQ DJ CQ CJ SJ",
)


def test_the_opening_lead_of_a_later_guild_deal_shows_no_ace() -> None:
    deal = run(deal_of(*LATER, GUILD, opening=False, dealer=Seat.N), "S7")
    know = infer(SeatView.of(deal, Seat.N))
    assert rules_of(know, Seat.E, "lacks") == {"opening-lead-ace-spade": m("DA CA")}


def test_the_first_trick_ace_shows_who_lacks_the_ace() -> None:
    deal = run(deal_of(*LATER, GUILD, opening=False, dealer=Seat.N), "S7, S8")
    know = infer(SeatView.of(deal, Seat.W))
    assert rules_of(know, Seat.S, "lacks") == {"first-trick-ace": m("SA")}


def test_a_declaration_places_king_and_queen_and_asks_place_halves() -> None:
    deal = deal_of(
        "SA HA HK HQ D6 D7 D8 D9 CK",
        "S6 S7 S8 S9 SJ SQ SK S10 C7",
        "H8 H9 HJ H10 C8 C9 CJ CQ H6",
        "H7 C6 C10 CA DJ DQ DK D10 DA",
        PAGAT,
        opening=False,
        leader=Seat.N,
    )
    run(deal, "SA, S6, H8, DA, declare H")
    know = infer(SeatView.of(deal, Seat.E))
    assert know.holds[Seat.N] == m("HK HQ")
    assert rules_of(know, Seat.N, "holds") == {"declare-own": m("HK HQ")}
    # North wins again and asks for the other half of clubs: South says yes.
    run(deal, "HA, C7, H6, H7, ask half C, answer C")
    know = infer(SeatView.of(deal, Seat.E))
    assert (Seat.N, m("CK CQ")) in know.exactly_one and (Seat.S, m("CK CQ")) in know.exactly_one
    assert know.lacks[Seat.W] & m("CK CQ") == m("CK CQ")
    # South holds ♣Q, so for him North's half is ♣K.
    know_s = infer(SeatView.of(deal, Seat.S))
    assert know_s.holds[Seat.N] & m("CK") == m("CK")


def test_a_no_to_a_whole_ask_says_the_partner_holds_no_marriage() -> None:
    deal = deal_of(
        "SA HA H9 D6 D7 D8 D9 C6 H6",
        "S6 S7 S8 S9 SJ SQ SK S10 C7",
        "H8 HK HJ H10 C8 C9 CJ CQ DK",
        "H7 HQ C10 CA DJ DQ CK D10 DA",
        PAGAT,
        opening=False,
        leader=Seat.N,
    )
    run(deal, "SA, S6, H8, DA, ask whole, answer no")
    know = infer(SeatView.of(deal, Seat.W))
    # West holds ♥Q, ♦Q and ♣K himself: only spades are left to rule out.
    assert [(seat, mask) for seat, mask in know.not_both] == [(Seat.S, m("SK SQ"))]
