"""Play duties: follow-suit, must-trump, must-beat, first-trick-ace, trick-winner.

Worked examples 1-3 of the rules digest, and the cases the sources leave implicit.
"""

from __future__ import annotations

import pytest

from marjapussi import Seat, Suit, find_rules, parse_cards
from marjapussi.actions import Play
from marjapussi.cards import cards_of, mask_of
from marjapussi.duties import follow_duties, trick_winner_index
from marjapussi.i18n import describe_verdict

from .helpers import deal, refusal, run, verdicts


def allowed(
    hand: str, trick: str, trump: Suit | None, must_beat: bool = True, first: bool = False
) -> tuple[set[str], str | None]:
    """The legal cards of a hand following a trick, and the rule of the last layer."""
    layers = follow_duties(
        mask_of(parse_cards(hand)), [c.index for c in parse_cards(trick)], trump, must_beat, first
    )
    mask = layers[-1].allowed if layers else mask_of(parse_cards(hand))
    return {c.code for c in cards_of(mask)}, (layers[-1].rule if layers else None)


# ---------------------------------------------------------------- worked example 1


def test_example_1_the_only_higher_spade_must_beat_the_king() -> None:
    """Hearts trump, ♠K led: ♠10 is the only higher spade, so it must be played."""
    legal, rule = allowed("S10 S7 HA D6", "SK", Suit.HEARTS)
    assert legal == {"S10"}
    assert rule == "must-beat"


def test_example_1_no_trump_while_holding_the_led_suit() -> None:
    layers = follow_duties(
        mask_of(parse_cards("S10 S7 HA D6")), [parse_cards("SK")[0].index], Suit.HEARTS, True, False
    )
    first_refusal = next(d for d in layers if not d.allowed & parse_cards("HA")[0].bit)
    assert first_refusal.rule == "follow-suit"


def test_example_1_only_a_low_spade_is_still_compulsory() -> None:
    legal, rule = allowed("S7 HA D6", "SK", Suit.HEARTS)
    assert legal == {"S7"}
    assert rule == "follow-suit"


# ---------------------------------------------------------------- worked example 2


def test_example_2_with_spades_any_spade_after_a_trump() -> None:
    """♠K then ♥8 (trump): a spade cannot beat a trump, so any spade will do."""
    legal, rule = allowed("S7 S9 H10 C6", "SK H8", Suit.HEARTS)
    assert legal == {"S7", "S9"}
    assert rule == "follow-suit"


def test_example_2_void_in_spades_must_overtrump() -> None:
    legal, rule = allowed("H10 H6 C6 D7", "SK H8", Suit.HEARTS)
    assert legal == {"H10"}
    assert rule == "must-beat"


def test_example_2_only_a_low_trump_is_still_compulsory() -> None:
    legal, rule = allowed("H6 C6 D7", "SK H8", Suit.HEARTS)
    assert legal == {"H6"}
    assert rule == "must-trump"


# ---------------------------------------------------------------- cases the sources leave implicit


def test_must_beat_applies_to_the_partners_card_too() -> None:
    # Partner (two seats before) leads ♦10; holding ♦A and ♦6 you must overtake him.
    legal, rule = allowed("DA D6 C7", "D10 D7", None)
    assert legal == {"DA"}
    assert rule == "must-beat"


def test_any_beating_card_will_do() -> None:
    legal, _ = allowed("SA S10 SQ S6", "SK", None)
    assert legal == {"SA", "S10"}


def test_trump_lead_is_followed_and_beaten_like_any_suit() -> None:
    legal, rule = allowed("HK HJ S6", "HQ", Suit.HEARTS)
    assert legal == {"HK"}
    assert rule == "must-beat"


def test_overtrump_is_required_when_a_trump_is_already_in_the_trick() -> None:
    legal, rule = allowed("HA H7 C6", "SK HK", Suit.HEARTS)
    assert legal == {"HA"}
    assert rule == "must-beat"


def test_any_trump_when_no_trump_in_the_trick_yet() -> None:
    legal, rule = allowed("HA H7 C6", "SK SA", Suit.HEARTS)
    assert legal == {"HA", "H7"}
    assert rule == "must-trump"


def test_following_suit_after_the_trick_was_trumped_needs_no_beating() -> None:
    legal, rule = allowed("SA S7 H9", "SK H6", Suit.HEARTS)
    assert legal == {"SA", "S7"}
    assert rule == "follow-suit"


def test_void_in_both_any_card() -> None:
    legal, rule = allowed("C6 D7 DA", "SK", Suit.HEARTS)
    assert legal == {"C6", "D7", "DA"}
    assert rule is None


def test_without_trump_a_void_player_plays_anything() -> None:
    legal, rule = allowed("H6 C9", "SK", None)
    assert legal == {"H6", "C9"}
    assert rule is None


def test_no_must_beat_switch_keeps_follow_and_trump() -> None:
    assert allowed("S10 S7 HA", "SK", Suit.HEARTS, must_beat=False)[0] == {"S10", "S7"}
    assert allowed("HA H7 C6", "SK HK", Suit.HEARTS, must_beat=False)[0] == {"HA", "H7"}


# ---------------------------------------------------------------- first-trick-ace and worked example 3


def test_example_3_first_trick_ace_not_the_ten() -> None:
    """First trick, ♠K led: the holder of ♠A must play it, not ♠10."""
    legal, rule = allowed("SA S10 S6 H7", "SK", None, first=True)
    assert legal == {"SA"}
    assert rule == "first-trick-ace"


def test_first_trick_ace_even_when_the_partner_is_winning() -> None:
    legal, _ = allowed("SA S6", "S7 SK", None, first=True)
    assert legal == {"SA"}


def test_first_trick_ace_in_a_real_first_trick() -> None:
    d = deal(
        n="CA C7 S6 S7 S8 D6 D7 D8 H6",
        e="C8 C9 SK SQ SJ D9 DJ DQ H7",
        s="CJ CQ SA S10 S9 D10 DK DA H8",
        w="C10 CK C6 H9 H10 HJ HQ HK HA",
    )
    run(d, "CA, C8, CJ, CK")  # North wins trick 1 with the ace of clubs
    run(d, "S6, SK")
    v = verdicts(d)
    assert d.to_act.name == "S"
    # Trick 2 is not the first trick: the ace duty is gone, plain must-beat remains.
    assert v["SA"] == (True, "must-beat") and v["S10"] == (True, "must-beat")


def test_first_trick_ace_with_the_deal_engine() -> None:
    d = deal(
        n="S6 S7 S8 D6 D7 D8 H6 C7 C8",
        e="SK SQ SJ D9 DJ DQ H7 CA C9",
        s="SA S10 S9 D10 DK DA H8 CJ CQ",
        w="C10 CK C6 H9 H10 HJ HQ HK HA",
        opening=False,
        dealer=Seat.N,
    )
    # A later deal: East leads and has an ace (♣A), so he must open with it.
    assert d.to_act.name == "E"
    err = refusal(d, "SK")
    assert err.rule == "opening-lead-ace-spade"


# ---------------------------------------------------------------- trick-winner


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("SK S10 SA S6", None, 2),
        ("SK HA CA DA", None, 0),  # off-suit aces never win
        ("SK H6 SA S6", Suit.HEARTS, 1),  # the lowest trump beats the led ace
        ("SK H6 HA S6", Suit.HEARTS, 2),  # highest trump
        ("H6 H10 HK HJ", Suit.HEARTS, 1),  # ten ranks above the king
    ],
)
def test_trick_winner(cards: str, trump: Suit | None, winner: int) -> None:
    indexes = [c.index for c in parse_cards(cards)]
    assert trick_winner_index(indexes, -1 if trump is None else int(trump)) == winner


def test_trick_winner_leads_the_next_trick() -> None:
    d = deal(
        n="CA C7 S6 S7 S8 D6 D7 D8 H6",
        e="C8 C9 SK SQ SJ D9 DJ DQ H7",
        s="CJ CQ SA S10 S9 D10 DK DA H8",
        w="C10 CK C6 H9 H10 HJ HQ HK HA",
    )
    run(d, "CA, C8, CJ, C10")
    assert d.tricks[0].winner.name == "N"
    assert d.to_act.name == "N"
    run(d, "S6, SK, SA, H9")
    assert d.tricks[1].winner.name == "S" and d.to_act.name == "S"


def test_a_refusal_names_the_rule_the_seat_and_the_card() -> None:
    d = deal(
        n="CA C7 S6 S7 S8 D6 D7 D8 H6",
        e="C8 C9 SK SQ SJ D9 DJ DQ H7",
        s="CJ CQ SA S10 S9 D10 DK DA H8",
        w="C10 CK C6 H9 H10 HJ HQ HK HA",
    )
    run(d, "CA")
    err = refusal(d, "H7")
    assert err.rule == "follow-suit"
    assert err.seat is not None and err.seat.name == "E"
    assert str(err.action) == "H7"
    assert "trick 1" in err.position
    assert isinstance(err, ValueError)


# ---------------------------------------------------------------- a duty every card fulfils


def test_a_duty_is_named_even_when_every_card_of_the_hand_fulfils_it() -> None:
    """Only spades, a spade led: the duty to follow suit applied, though it refused nothing."""
    assert allowed("S9 S7", "SK", Suit.HEARTS) == ({"S9", "S7"}, "follow-suit")
    # both diamonds beat the jack: the duty to beat applied to either
    assert allowed("DA D10", "D7 DJ", None) == ({"DA", "D10"}, "must-beat")
    # only trumps, void in the suit led, no trump in the trick yet
    assert allowed("H9 H7", "SK", Suit.HEARTS) == ({"H9", "H7"}, "must-trump")
    # the ace of the first trick, held alone in the suit led
    assert allowed("SA H7", "SK", None, first=True) == ({"SA"}, "first-trick-ace")


def test_explain_names_the_duty_a_whole_hand_fulfils_and_the_last_card() -> None:
    d = deal(
        n="HA H10 HK HQ HJ H9 H8 H7 H6", e="SA S10 SK SQ SJ S9 S8 S7 S6",
        s="DA D10 DK DQ DJ D9 D8 D7 D6", w="CA C10 CK CQ CJ C9 C8 C7 C6",
        rules=find_rules("pagat"), dealer=Seat.S,
    )
    run(d, "C6")  # West leads; North holds no club and no trump exists: free
    assert set(verdicts(d).values()) == {(True, None)}
    run(d, "H6")  # East holds nothing but spades: no duty applies to him either
    assert set(verdicts(d).values()) == {(True, None)}
    while len(d.hand(d.to_act)) > 1 or d.table:  # play on to the last trick's first card
        d.play(next(a for a in d.legal_actions() if isinstance(a, Play)))
    [last] = d.explain()
    assert (last.allowed, last.rule, last.detail) == (True, None, {"last": True})
    assert [describe_verdict(last, lang) for lang in ("fi", "en", "ru")] == [
        "viimeinen kortti", "last card", "последняя карта"]
