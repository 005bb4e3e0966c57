"""Cards and seats (deck, seats) and the lead duties of a deal's first trick.

opening-lead-clubs-ace, opening-lead-ace-spade and look-back, with hand-built deals.
"""

from __future__ import annotations

import pytest

from marjapussi import Card, CardParseError, Pair, Rank, Seat, Suit, deck, find_rules, parse_card
from marjapussi.actions import Play
from marjapussi.deal import InvalidDeal
from marjapussi.i18n import describe_error

from .helpers import deal, refusal, run, verdicts

HANDS = {
    "n": "S6 S7 S8 D6 D7 D8 H6 C7 C8",
    "e": "SK SQ SJ D9 DJ DQ H7 CA C9",
    "s": "SA S10 S9 D10 DK DA H8 CJ CQ",
    "w": "C10 CK C6 H9 H10 HJ HQ HK HA",
}


# ---------------------------------------------------------------- deck and seats


def test_deck_has_36_cards_ranked_ace_ten_king() -> None:
    cards = deck()
    assert len(cards) == 36 and len(set(cards)) == 36
    assert [r.code for r in sorted(Rank, reverse=True)] == ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]
    assert len(deck(32)) == 32 and all(c.rank != Rank.SIX for c in deck(32))
    assert len(deck(28)) == 28 and all(c.rank > Rank.SEVEN for c in deck(28))
    with pytest.raises(ValueError):
        deck(52)


def test_seats_partners_and_clockwise_turn() -> None:
    assert [s.name for s in Seat.N.clockwise_from()] == ["N", "E", "S", "W"]
    assert Seat.W.next is Seat.N
    assert Seat.E.partner is Seat.W and Seat.N.pair is Pair.NS and Seat.W.pair is Pair.EW
    assert Pair.NS.other is Pair.EW and Pair.EW.seats == (Seat.E, Seat.W)


@pytest.mark.parametrize("text", ["SA", "sa", "♠A", "A♠", "as", "♤a", " S A "])
def test_card_spellings(text: str) -> None:
    assert parse_card(text) == Card(Suit.SPADES, Rank.ACE)


@pytest.mark.parametrize("text", ["H10", "h10", "♥10", "10h", "HT", "♡10"])
def test_ten_spellings(text: str) -> None:
    assert parse_card(text).code == "H10"


@pytest.mark.parametrize("text", ["", "X", "S1", "H11", "ZA", "10", "S", "♠♠", "SAA"])
def test_bad_card_is_refused_with_the_text_quoted(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    assert info.value.text == text
    for lang in ("fi", "en", "ru"):
        assert repr(text)[1:-1] in describe_error(info.value, lang) or text in describe_error(
            info.value, lang
        )


def test_a_card_hashes_as_its_number_and_equal_cards_find_each_other() -> None:
    # Card.__hash__ is the card's number (the views' caches hash a deal's whole history): equal
    # cards however made hash alike, and the 36 cards apart
    by_card = {card: card.code for card in deck()}
    for card in deck():
        again = parse_card(card.code.lower())
        assert again is not card and again == card and hash(again) == hash(card) == card.index
        assert by_card[Card(card.suit, card.rank)] == card.code
    assert len({hash(card) for card in deck()}) == 36


def test_a_play_hashes_by_its_card_and_marriage_and_equal_plays_find_each_other() -> None:
    # Play.__hash__ too is written out (the views' caches hash a deal's whole history)
    plays = [Play(card, marriage) for card in deck() for marriage in (False, True)]
    by_play = {play: str(play) for play in plays}
    for play in plays:
        again = Play(parse_card(play.card.code.lower()), play.marriage)
        assert again is not play and again == play and hash(again) == hash(play)
        assert by_play[again] == str(play)
    assert len({hash(play) for play in plays}) == 72


def test_every_record_code_reads_as_its_card_and_other_spellings_as_the_same() -> None:
    # parse_card looks a record's code up before it reads the text (a room's every card)
    for card in deck():
        read = parse_card(card.code)
        assert read == card and (read.suit, read.rank, read.index) == (card.suit, card.rank, card.index)
        for spelling in (card.code.lower(), card.symbol, f" {card.rank.code}{card.suit.letter} "):
            assert parse_card(spelling) == card


def test_card_repr_pastes_back_as_code() -> None:
    card = parse_card("DQ")
    assert eval(repr(card), {"Card": Card}) == card
    assert str(card) == "DQ" and card.symbol == "♦Q"


def test_invalid_deals_are_refused() -> None:
    with pytest.raises(InvalidDeal):
        deal(n="SA", e="", s="", w="")
    with pytest.raises(InvalidDeal):
        deal(**dict(HANDS, n="SA S7 S8 D6 D7 D8 H6 C7 C8"))  # ♠A twice, ♠6 missing
    with pytest.raises(InvalidDeal):
        deal(**HANDS, rules=find_rules("pagat", deck_size=32))  # sixes are not in the pack


# ---------------------------------------------------------------- opening-lead-clubs-ace


def test_opening_lead_clubs_ace_holder_leads_and_must_lead_it() -> None:
    d = deal(**HANDS)
    assert d.to_act is Seat.E
    v = verdicts(d)
    assert v["CA"] == (True, "opening-lead-clubs-ace")
    assert v["SK"] == (False, "opening-lead-clubs-ace")
    assert refusal(d, "SK").rule == "opening-lead-clubs-ace"


def test_pagat_variation_clubs_ace_first_deal_only_picks_the_leader() -> None:
    rules = find_rules("pagat", opening_lead="clubs-ace-first-deal")
    d = deal(**HANDS, rules=rules, dealer=Seat.N)
    assert d.to_act is Seat.E
    assert all(allowed for allowed, _ in verdicts(d).values())


# ---------------------------------------------------------------- opening-lead-ace-spade


def test_later_deal_leader_must_lead_an_ace() -> None:
    d = deal(**HANDS, dealer=Seat.N, opening=False)  # East leads, holds ♣A
    v = verdicts(d)
    assert v["CA"] == (True, "opening-lead-ace-spade")
    assert v["SK"] == (False, "opening-lead-ace-spade")


def test_later_deal_leader_without_an_ace_must_lead_a_spade() -> None:
    d = deal(**HANDS, dealer=Seat.W, opening=False)  # North leads: no ace, spades
    v = verdicts(d)
    assert {c for c, (ok, _) in v.items() if ok} == {"S6", "S7", "S8"}
    err = refusal(d, "D6")
    assert err.rule == "opening-lead-ace-spade" and err.detail["what"] == "spade"


def test_later_deal_leader_with_neither_leads_anything() -> None:
    hands = dict(
        HANDS,
        n="H6 C7 C8 D6 D7 D8 H7 C9 C6",
        e="SK SQ SJ D9 DJ DQ S6 CA S7",
        w="C10 CK S8 H9 H10 HJ HQ HK HA",
    )
    d = deal(**hands, dealer=Seat.W, opening=False)
    assert all(ok and rule is None for ok, rule in verdicts(d).values())


def test_ace_spade_duty_is_for_the_first_trick_only() -> None:
    d = deal(**HANDS, dealer=Seat.N, opening=False)
    run(d, "CA, CQ, C10, C8")  # East wins with the ace (South must beat? no: ♣A leads)
    assert d.to_act is Seat.E
    assert all(ok for ok, _ in verdicts(d).values())


# ---------------------------------------------------------------- look-back


def test_look_back_first_and_latest_trick_between_tricks_only() -> None:
    d = deal(**HANDS)
    assert not d.can_look_back()
    run(d, "CA, CJ, C10, C7")
    assert [t.number for t in d.look_back()] == [1]
    run(d, "SK, SA, H9, S6")
    assert [t.number for t in d.look_back()] == [1, 2]
    run(d, "D10")
    assert d.look_back() == []  # a card is on the table
