"""Huutopussi with marriage trumps: every rule id of the family in hand-built positions.

marriage-deal, auction-final-pass, forced-opening, max-bid, bid-ban, marriage-redeal,
partner-exchange, contract-raise, marriage-trump, marriage-window, marriage-own,
marriage-ask-whole, marriage-ask-half, marriage-value, exact-contract, no-trick-penalty,
marriage-game and marriage-three, with the digest's two worked examples, the play duties
restated from the source project's cases (``marriage_duty_cases.py``), and the
switches that make no sense together.
"""

from __future__ import annotations

import pytest

from marjapussi import Pair, Seat, Suit, find_rules, parse_action, parse_cards
from marjapussi.actions import AskHalf, Give, Redeal, ReturnCards, SetContract
from marjapussi.cards import Card, Rank, cards_of, mask_of
from marjapussi.deal import Phase
from marjapussi.duties import follow_duties
from marjapussi.errors import RulesError
from marjapussi.game import Game
from marjapussi.i18n import describe_error, describe_step
from marjapussi.marriage_trumps import (
    MarriageFacts,
    MarriageSheet,
    MarriageTrumpDeal,
    highest_bid,
    score_marriage_facts,
    score_points,
)
from marjapussi.rules import switch_applies
from marjapussi.scoring import next_deal_start

from .helpers import refusal as refused
from .helpers import run
from .marriage_duty_cases import CASES, SCRIPTED_DEAL

MT = find_rules("huutopussi-marriage")
MT3 = find_rules("huutopussi-marriage3")

# North holds the ♥ marriage and three aces; South the ♦, ♠ and ♣ marriages.
HANDS = {
    Seat.N: "HK HQ H7 DA D10 SA S10 CA C6",
    Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
    Seat.S: "DK DQ D7 SK SQ S7 CK CQ H6",
    Seat.W: "H10 HJ H8 DJ D6 SJ S6 C10 CJ",
}
# North bids 50 and wins; South gives three cards, North sets 60 and gives them back;
# North leads ♣A and wins trick 1, which he led: his window to declare is open.
TO_WINDOW = "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6, CA, C7, CQ, CJ"


def mt(hands: dict[Seat, str] = HANDS, rules=MT, dealer: Seat = Seat.W, **kwargs) -> MarriageTrumpDeal:  # type: ignore[no-untyped-def]
    return MarriageTrumpDeal({s: parse_cards(h) for s, h in hands.items()}, rules, dealer, **kwargs)


def legal(d: MarriageTrumpDeal) -> list[str]:
    return [str(a) for a in d.legal_actions()]


# ---------------------------------------------------------------- presets and switches


def test_presets_are_a_family_of_their_own() -> None:
    assert MT.family == MT3.family == "huutopussi-marriage"
    assert (MT.players, MT.hand_size, MT.min_bid) == (4, 9, 50)
    assert (MT3.players, MT3.hand_size, MT3.min_bid) == (3, 11, 40)
    assert MT.spec() == "huutopussi-marriage" and MT3.spec() == "huutopussi-marriage3"
    # The older families keep every switch they had, and none of the new ones.
    assert find_rules("huutopussi").spec() == "huutopussi" and find_rules("guild").spec() == "guild"
    assert not switch_applies("exchange_count", "huutopussi") and not switch_applies(
        "exchange_count", "marjapussi"
    )
    assert switch_applies("exchange_count", "huutopussi-marriage")
    assert switch_applies("card_values", "huutopussi-marriage") and not switch_applies(
        "bid_step", "huutopussi-marriage"
    )


@pytest.mark.parametrize(
    ("name", "switches", "named", "reason"),
    [
        ("guild", {"exchange_count": 4}, "exchange_count=4", "marriage-only"),
        ("huutopussi", {"bid_ban": "off"}, "bid_ban=off", "marriage-only"),
        ("huutopussi-marriage", {"bid_step": 1}, "bid_step=1", "not-marriage"),
        ("huutopussi-marriage", {"small_trump_lead": True}, "small_trump_lead=yes", "not-marriage"),
        ("huutopussi-marriage", {"scoring": "huutopussi"}, "scoring=huutopussi", "marriage-scoring"),
        ("huutopussi-marriage", {"all_pass": "no-contract"}, "all_pass=no-contract", "all-pass-forced"),
        ("huutopussi-marriage3", {"exchange_count": 4}, "exchange_count=4", "three-talon"),
        ("huutopussi-marriage3", {"bluff_half_ask": True}, "bluff_half_ask=yes", "three-no-asks"),
        ("huutopussi-marriage3", {"ask_lockout": "illisoft"}, "ask_lockout=illisoft", "three-no-asks"),
    ],
)
def test_switches_that_make_no_sense_together_are_refused(
    name: str, switches: dict, named: str, reason: str
) -> None:  # type: ignore[type-arg]
    with pytest.raises(RulesError) as info:
        find_rules(name, **switches)
    assert info.value.what == "conflict" and info.value.known == [reason]
    for lang in ("fi", "en", "ru"):
        assert named in describe_error(info.value, lang)


@pytest.mark.parametrize(
    ("switches", "named"),
    [
        ({"ace_spade_lead": "later-deals"}, "ace_spade_lead=later-deals"),  # no erä, no later deals
        ({"min_bid": 56}, "min_bid=56"),
        ({"all_pass": "redeal", "forced_opening": False}, "all_pass=redeal"),
        ({"max_bid": 500}, "max_bid=500"),
        ({"exchange_count": 5}, "exchange_count=5"),
    ],
)
def test_values_out_of_range_are_refused(switches: dict, named: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(RulesError) as info:
        find_rules("huutopussi-marriage", **switches)
    assert info.value.what == "value" and info.value.name == named


def test_the_illisoft_configuration_is_one_ruleset() -> None:
    illisoft = find_rules(
        "huutopussi-marriage",
        last_trick_bonus=20,
        min_bid=60,
        max_bid=420,
        forced_opening=False,
        all_pass="no-contract",
        raise_when="after-exchange",
        exchange_count=4,
        declare_right="any-won",
        ask_lockout="illisoft",
        ace_spade_lead="every-deal",
        first_trick_ace=True,
        declarer_no_trick="side-contract",
        defender_rounding="nearest-5",
        bid_ban="below-zero",
        redeal_rule="four-sixes",
        win_tiebreak="declarer",
    )
    assert illisoft.spec().startswith("huutopussi-marriage ")
    assert find_rules("huutopussi-marriage").replace(**illisoft.changed_switches()) == illisoft


# ---------------------------------------------------------------- marriage-deal and the duties


def test_marriage_deal_nine_cards_each_no_talon_and_card_points() -> None:
    d = MarriageTrumpDeal.random(1, MT, dealer=Seat.S)
    assert [len(d.hand(s)) for s in Seat] == [9, 9, 9, 9] and d.talon == 0
    assert d.to_act == Seat.W  # left of the dealer calls first
    facts = MarriageFacts((0, (1 << 36) - 1), (0, 9), Seat.E, None, 0, 0)
    score = score_marriage_facts(MT, facts)
    assert score.points == (0, 130)  # 120 in the cards, 10 for the last trick
    simplified = score_marriage_facts(MT.replace(card_values="simplified", last_trick_bonus=20), facts)
    assert simplified.points == (0, 160)
    assert [s.rule for s in score.steps][:3] == ["marriage-deal", "marriage-deal", "marriage-deal"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["what"])
def test_play_duties_of_the_source_project(case: dict) -> None:  # type: ignore[type-arg]
    """follow-suit, must-trump, must-beat and trick-winner exactly as in the other families."""
    hand = mask_of(parse_cards(case["hand"]))
    trick = [c.index for c in parse_cards(case["trick"])]
    trump = None if case["trump"] is None else Suit.parse(case["trump"])
    if not trick:
        allowed = hand  # a lead is free in this family (no first-trick duty by default)
    else:
        layers = follow_duties(hand, trick, trump, True, False)
        allowed = layers[-1].allowed if layers else hand
    assert {c.code for c in cards_of(allowed)} == set(case["legal"].split())


def test_play_duties_through_a_scripted_deal() -> None:
    """The same duties through whole tricks, with hints, checks and explanations agreeing,
    a trump declared after trick 1, and no window after a trick the winner did not lead."""
    script = SCRIPTED_DEAL
    d = mt({Seat[s]: h for s, h in script["hands"].items()}, dealer=Seat[script["dealer"]])
    run(d, script["before_play"])
    assert set(d.hand(Seat.E)) == set(parse_cards(script["hands"]["E"])) and d.to_act == Seat.E
    windows = []
    for action, expected in script["steps"]:
        if expected is not None:
            offered = {str(a) for a in d.legal_actions() if not str(a).startswith(("declare", "ask"))}
            assert offered == set(expected.split()), (action, d.position_text())
            allowed = {v.card.code for v in d.explain() if v.allowed}
            assert allowed == offered
        d.play(action)
        if not d.trick_cards and d.tricks and len(windows) < len(d.tricks):
            windows.append(d.to_act.name if d.window else None)
    assert windows == ["E", None, None, None, None, None]
    assert d.trump == Suit.HEARTS


# ---------------------------------------------------------------- the bidding


def test_auction_final_pass_a_pass_is_final_and_three_passes_end_it() -> None:
    d = run(mt(), "bid 50, pass, bid 55")
    assert d.to_act == Seat.W
    run(d, "bid 60, bid 65")
    assert d.to_act == Seat.S  # East passed and is skipped
    run(d, "pass, pass")
    assert d.bidder == Seat.N and d.high_bid == 65 and d.phase is Phase.GIVE and d.to_act == Seat.S


def test_auction_final_pass_bids_are_multiples_of_five_above_the_last() -> None:
    d = run(mt(), "bid 50")
    err = refused(d, "bid 52")
    assert (err.rule, err.detail["why"]) == ("auction-final-pass", "step")
    assert refused(d, "bid 50").detail["why"] == "not-higher"
    assert refused(d, "bid 45").detail["why"] == "too-low"
    assert refused(d, "give S6 S7 S8").rule == "auction-final-pass"
    run(d, "bid 75")  # a jump is allowed
    assert d.high_bid == 75
    assert refused(d, "bid 60 H").rule == "marriage-trump"  # no trump is named with a bid


def test_forced_opening_the_first_caller_may_not_pass() -> None:
    d = mt()
    assert "pass" not in legal(d) and legal(d)[0] == "bid 50"
    err = refused(d, "pass")
    assert (err.rule, err.detail["why"]) == ("forced-opening", "first-call")
    for lang in ("fi", "en", "ru"):
        assert "50" in describe_error(err, lang)
    dealer_first = mt(rules=MT.replace(first_bidder="dealer"))
    assert dealer_first.to_act == Seat.W


def test_without_a_forced_opening_the_last_player_must_bid_or_nobody_has_a_contract() -> None:
    last = run(mt(rules=MT.replace(forced_opening=False)), "pass, pass, pass")
    assert legal(last)[0] == "bid 50" and "pass" not in legal(last)
    assert refused(last, "pass").detail["why"] == "last-seat"
    free = run(mt(rules=MT.replace(forced_opening=False, all_pass="no-contract")), "pass, pass, pass, pass")
    # Played with no contract: no exchange, the player left of the dealer leads.
    assert free.phase is Phase.PLAY and free.no_contract and free.to_act == Seat.N and free.bidder is None


def test_max_bid_ends_the_bidding_at_once() -> None:
    d = run(mt(), "bid 50, bid 440")
    assert d.phase is Phase.GIVE and d.bidder == Seat.E and d.to_act == Seat.W
    over = run(mt(), "bid 50")
    err = refused(over, "bid 445")
    assert (err.rule, err.detail["top"]) == ("max-bid", 440)
    assert highest_bid(MT.replace(max_bid=420)) == 420
    # No maximum: every point a deal can give, all four marriages included.
    assert highest_bid(MT.replace(max_bid=0)) == 410
    assert highest_bid(MT.replace(max_bid=0, card_values="simplified", last_trick_bonus=20)) == 440
    none = run(mt(rules=MT.replace(max_bid=0)), "bid 50, bid 410")
    assert none.phase is Phase.BID  # no bid ends it at once


def test_bid_ban_a_side_at_minus_500_only_passes() -> None:
    d = mt(totals=(100, -500))  # East–West at −500
    run(d, "bid 50")
    assert legal(d) == ["pass"]
    err = refused(d, "bid 55")
    assert (err.rule, err.detail["why"]) == ("bid-ban", "banned")
    # The forced opening falls to a banned player: exactly the lowest bid.
    banned_opener = mt(totals=(-520, 0))
    assert legal(banned_opener) == ["bid 50"]
    assert refused(banned_opener, "bid 55").detail["why"] == "forced-lowest"
    assert legal(mt(totals=(100, -499)))[0] == "bid 50"
    assert legal(run(mt(totals=(0, -300), rules=MT.replace(bid_ban="minus-250")), "bid 50")) == ["pass"]
    assert "bid 55" in legal(run(mt(totals=(0, -900), rules=MT.replace(bid_ban="off")), "bid 50"))


def test_bid_ban_stands_when_every_side_is_under_it() -> None:
    # Both pairs at −500: the forced opener bids exactly 50 and nobody may raise.
    deal = Game.new("huutopussi-marriage", 7).start_of_deal(3, Seat.N, False, (-500, -500))
    assert deal.to_act == Seat.E and [str(a) for a in deal.legal_actions()] == ["bid 50"]
    run(deal, "bid 50")
    assert deal.to_act == Seat.S and [str(a) for a in deal.legal_actions()] == ["pass"]
    err = refused(deal, "bid 55")
    assert (err.rule, err.detail["why"]) == ("bid-ban", "banned")
    run(deal, "pass, pass, pass")
    assert deal.phase is Phase.GIVE and deal.bidder == Seat.E and deal.contract == 50
    # The same at −250 with that limit.
    quarter = mt(totals=(-250, -300), rules=MT.replace(bid_ban="minus-250"))
    assert legal(run(quarter, "bid 50")) == ["pass"]
    # Without a forced opening everybody passes and all_pass decides: the last seat
    # must open (exactly 50), or the deal is played without a contract.
    last = run(mt(totals=(-600, -700), rules=MT.replace(forced_opening=False)), "pass, pass, pass")
    assert legal(last) == ["bid 50"]
    free = MT.replace(forced_opening=False, all_pass="no-contract")
    assert run(mt(totals=(-600, -700), rules=free), "pass, pass, pass, pass").no_contract


def test_bid_ban_below_zero_reopens_the_bidding_for_the_banned() -> None:
    rules = MT.replace(bid_ban="below-zero", forced_opening=False, all_pass="no-contract")
    d = mt(rules=rules, totals=(-10, 20))  # North–South below zero: they sit out first
    assert d.to_act == Seat.E
    run(d, "pass, pass")
    # Nobody else bid: the bidding reopens for North and South, from the first seat.
    assert d.phase is Phase.BID and d.to_act == Seat.N and "bid 50" in legal(d)
    run(d, "pass, pass")
    assert d.no_contract and d.phase is Phase.PLAY
    everyone = mt(rules=rules, totals=(-10, -20))  # everyone under the ban: no ban
    assert everyone.to_act == Seat.N and "bid 50" in legal(everyone)


def test_marriage_redeal_three_sixes_or_nothing_high_on_the_first_call() -> None:
    sixes = dict(HANDS)
    sixes[Seat.N] = "H6 D6 S6 HK HQ DA SA CA C6"
    sixes[Seat.S] = "DK DQ D7 SK SQ S7 CK CQ H7"
    sixes[Seat.W] = "H10 HJ H8 DJ D10 SJ S10 C10 CJ"
    d = mt(sixes)
    assert "redeal" in legal(d)
    run(d, "redeal")
    assert d.is_over() and d.redeal == "three-sixes"
    score = d.result()
    assert score.points == (0, 0) and score.steps[0].rule == "marriage-redeal"
    assert next_deal_start(MT, d, False) == (Seat.W, False)  # the same dealer deals again
    later = run(mt(sixes, rules=MT.replace(forced_opening=False)), "pass")
    assert "redeal" not in legal(run(later, "pass, pass"))  # North's second turn
    low = dict(HANDS)
    low[Seat.E], low[Seat.W] = "HJ H9 D9 D8 S9 S8 C9 C8 C7", "H10 HA H8 DJ D6 SJ S6 C10 CJ"
    assert "redeal" in legal(run(mt(low), "bid 50"))  # East: nothing above a jack
    err = refused(run(mt(), "bid 50"), "redeal")
    assert (err.rule, err.detail["why"]) == ("marriage-redeal", "not-eligible")


def test_marriage_redeal_four_sixes_in_a_pair_also_during_the_exchange() -> None:
    rules = MT.replace(redeal_rule="four-sixes")
    hands = {
        Seat.N: "H6 D6 HK HQ DA SA CA S10 D10",
        Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
        Seat.S: "S6 C6 DK DQ D7 SK SQ CK CQ",
        Seat.W: "H10 HJ H8 H7 DJ SJ S7 C10 CJ",
    }
    d = run(mt(hands, rules), "bid 50, pass, pass, pass")
    assert d.phase is Phase.GIVE and "redeal" in legal(d)
    run(d, "give S6 C6 D7")
    assert "redeal" in legal(d)
    run(d, "redeal")
    assert d.redeal == "four-sixes" and next_deal_start(rules, d, False)[0] == d.dealer
    assert (
        refused(
            run(
                mt(hands, rules),
                TO_WINDOW.replace("give D7 S7 H6", "give D7 SK SQ").replace(
                    "return D7 S7 H6", "return D7 SK SQ"
                ),
            ),
            "redeal",
        ).detail["why"]
        == "too-late"
    )


def test_marriage_redeal_four_sixes_only_on_the_first_bidding_turn_and_the_exchange() -> None:
    rules = MT.replace(redeal_rule="four-sixes")
    hands = {
        Seat.N: "H6 D6 HK HQ DA SA CA S10 D10",
        Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
        Seat.S: "S6 C6 DK DQ D7 SK SQ CK CQ",
        Seat.W: "H10 HJ H8 H7 DJ SJ S7 C10 CJ",
    }
    d = mt(hands, rules)
    assert "redeal" in legal(d)  # North's first bidding turn
    run(d, "bid 50")
    err = refused(d, "redeal")  # East's first turn, without the sixes
    assert (err.rule, err.detail["why"]) == ("marriage-redeal", "no-four-sixes")
    assert "four sixes" in describe_error(err, "en")
    run(d, "pass")
    assert "redeal" in legal(d)  # South's first
    run(d, "bid 55, pass")
    assert d.to_act == Seat.N and "redeal" not in legal(d)  # North's second: too late
    err = refused(d, "redeal")
    assert (err.rule, err.detail["why"]) == ("marriage-redeal", "first-call")
    run(d, "pass")
    assert d.phase is Phase.GIVE and d.to_act == Seat.N and "redeal" in legal(d)  # the exchange


# ---------------------------------------------------------------- the exchange and the contract


def test_partner_exchange_give_set_the_contract_return() -> None:
    d = run(mt(), "bid 50, pass, pass, pass")
    assert d.to_act == Seat.S and d.phase is Phase.GIVE and len(d.legal_actions()) == 84
    err = refused(d, "give D7 S7")
    assert (err.rule, err.detail["why"], err.detail["count"]) == ("partner-exchange", "own-cards", 3)
    assert refused(d, "give D7 S7 HA").detail["why"] == "own-cards"  # not his card
    assert refused(d, "contract 50").rule == "partner-exchange"
    run(d, "give D7 S7 H6")
    assert d.to_act == Seat.N and d.phase is Phase.CONTRACT and len(d.hand(Seat.N)) == 12
    run(d, "contract 60")
    assert d.phase is Phase.RETURN and d.contract == 60
    run(d, "return H7 D7 S7")  # any three, the received ones too
    assert d.phase is Phase.PLAY and d.to_act == Seat.N and len(d.hand(Seat.S)) == 9
    assert d.hand(Seat.S) == sorted(parse_cards("DK DQ SK SQ CK CQ H7 D7 S7"))


def test_partner_exchange_is_known_to_the_pair_only() -> None:
    d = run(mt(), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return H7 D7 S7")
    given, returned = mask_of(parse_cards("D7 S7 H6")), mask_of(parse_cards("H7 D7 S7"))
    assert d.exchange_known(Seat.N) == (given, returned) == d.exchange_known(Seat.S)
    assert d.exchange_known(Seat.E) == (0, 0) == d.exchange_known(Seat.W)


def test_contract_raise_from_the_bid_to_the_maximum_in_fives() -> None:
    d = run(mt(), "bid 50, pass, bid 55, pass, pass, give HK HQ H7")
    assert d.bidder == Seat.S and legal(d)[0] == "contract 55" and legal(d)[-1] == "contract 440"
    for amount, why in (("50", "range"), ("57", "range"), ("445", "range")):
        err = refused(d, f"contract {amount}")
        assert (err.rule, err.detail["why"]) == ("contract-raise", why)
    run(d, "contract 60")
    assert d.contract == 60 and d.high_bid == 55


def test_contract_raise_after_the_exchange_with_four_cards() -> None:
    rules = MT.replace(raise_when="after-exchange", exchange_count=4)
    d = run(mt(rules=rules), "bid 50, pass, pass, pass, give D7 S7 H6 CK")
    assert d.phase is Phase.RETURN and len(d.hand(Seat.N)) == 13
    assert refused(d, "return D7 S7 H6").detail["count"] == 4
    run(d, "return D7 S7 H6 CK")
    assert d.phase is Phase.CONTRACT
    run(d, "contract 50")
    assert d.phase is Phase.PLAY and d.contract == 50


# ---------------------------------------------------------------- trumps and declarations


def test_marriage_trump_no_trump_at_the_start_a_void_player_plays_anything() -> None:
    hands = dict(HANDS)
    hands[Seat.E], hands[Seat.W] = "HA H9 C10 CJ S9 S8 C9 C8 C7", "H10 HJ H8 DJ D6 SJ S6 D9 D8"
    d = run(mt(hands), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6, CA, C7, CQ")
    assert d.trump_suit is None and d.to_act == Seat.W
    assert all(v.allowed and v.rule is None for v in d.explain())  # void, no trump: any card
    d2 = run(mt(), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6, C6, C9, CK")
    assert [v.card.code for v in d2.explain() if v.allowed] == ["C10"]  # must beat ♣K


def test_marriage_trump_declared_suit_is_trump_then_a_later_one_replaces_it() -> None:
    d = run(mt(), TO_WINDOW)
    assert legal(d)[:2] == ["declare H", "ask whole"]
    run(d, "declare H")
    assert d.trump_suit == Suit.HEARTS and d.declarations[-1].kind == "trump"
    # The next trick is played with hearts trump: North wins with ♠A, then South's turn.
    run(d, "SA, S8, S7, S6")
    assert d.to_act == Seat.N and d.window
    err = refused(d, "declare H")
    assert (err.rule, err.detail["why"]) == ("marriage-own", "declared")  # each suit once
    run(d, "ask whole")
    assert legal(d) == ["answer D", "answer S"]  # South's choice (he played ♣Q in trick 1)
    run(d, "answer S")
    assert d.trump_suit == Suit.SPADES  # spades replace hearts from the next trick
    assert [x.suit for x in d.declarations] == [Suit.HEARTS, Suit.SPADES]
    assert d.declarations[-1].holder == Seat.S  # credited to the holder
    assert d.tricks[1].winner == Seat.N  # finished tricks never change
    run(d, "H7")
    assert [v.card.code for v in d.explain() if v.allowed] == ["H9", "HA"]  # hearts led: follow


def test_marriage_window_only_after_a_trick_the_winner_led() -> None:
    d = run(mt(), TO_WINDOW + ", H7, HA, H6, H8")  # North leads, East wins
    assert d.to_act == Seat.E and not d.window
    err = refused(d, "ask whole")
    assert (err.rule, err.detail["why"]) == ("marriage-window", "not-own-lead")
    for lang in ("fi", "en", "ru"):
        assert describe_error(err, lang)
    anywon = run(mt(rules=MT.replace(declare_right="any-won")), TO_WINDOW + ", H7, HA, H6, H8")
    assert anywon.window and "ask whole" in legal(anywon)


def test_marriage_window_not_before_trick_1_nor_after_the_last_and_one_attempt() -> None:
    d = run(mt(), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6")
    assert refused(d, "declare H").detail["why"] == "no-trick"
    run(d, "CA, C7, CQ, CJ, ask whole, answer D")
    err = refused(d, "declare H")
    assert (err.rule, err.detail["why"]) == ("marriage-window", "one-attempt")
    # A no answer uses the attempt up as well; leading skips it.
    d2 = run(mt(), TO_WINDOW + ", ask half H".replace("ask half H", "SA"))
    assert not d2.window and refused(d2, "declare H").detail["why"] == "trick-started"
    last = MarriageTrumpDeal.random(5, MT, dealer=Seat.W)
    while not last.is_over():
        last.push(next(a for a in last.legal_actions() if not str(a).startswith(("declare", "ask"))))
        if len(last.tricks) == 8 and not last.trick_cards:
            assert not last.window or last.legal_declarations()
    assert not last.window  # never after trick 9


def test_marriage_own_needs_king_and_queen_in_hand() -> None:
    d = run(mt(), TO_WINDOW)
    err = refused(d, "declare D")
    assert (err.rule, err.detail["why"]) == ("marriage-own", "no-marriage")


def test_marriage_ask_whole_the_answer_is_true_and_bars_follow() -> None:
    d = run(mt(), TO_WINDOW + ", ask whole")
    err = refused(d, "answer H")
    assert err.rule == "marriage-ask-whole"
    assert refused(d, "SA").rule == "marriage-ask-whole"  # the answer comes first
    run(d, "answer D")
    assert d.trump_suit == Suit.DIAMONDS and d.declarations[-1].holder == Seat.S
    # North won again: he may not declare his own hearts any more, but may ask again.
    run(d, "SA, S8, S7, S6")
    assert legal(d)[:1] == ["ask whole"] and "declare H" not in legal(d)
    err = refused(d, "declare H")
    assert (err.rule, err.detail["why"]) == ("marriage-own", "locked")
    # ... and South may not ask North for a marriage.
    assert d.burned >> (16 + Seat.S) & 1


# North holds hearts, South diamonds; after the exchange and a first trick North asks South
# for a whole marriage: may South, once he has won a trick, ask North back?
ASK_BACK_HANDS = {
    Seat.N: "HK HQ H7 DA D10 S10 S9 CA C6",
    Seat.E: "HA H9 H8 D8 SA S8 C9 C8 C7",
    Seat.S: "DK DQ D7 SK SQ S7 CK CQ D9",
    Seat.W: "H10 HJ H6 DJ D6 SJ S6 C10 CJ",
}
ASK_BACK_START = "bid 50, pass, pass, pass, give D9 S7 D7, contract 50, return D9 S7 D7, CA, C7, CQ, CJ"

def test_marriage_ask_whole_the_partner_may_not_ask_back() -> None:
    hands, start = ASK_BACK_HANDS, ASK_BACK_START
    d = run(mt(hands), start + ", ask whole, answer D, H7, H8, D7, H6")
    assert d.to_act == Seat.S and not d.window  # South won a trick North led
    south = run(mt(hands, rules=MT.replace(declare_right="any-won")), start + ", ask whole, answer D")
    run(south, "H7, H8, D7, H6")
    assert south.to_act == Seat.S and south.window
    err = refused(south, "ask whole")
    assert (err.rule, err.detail["why"]) == ("marriage-ask-whole", "locked")
    assert "declare S" in legal(south)  # South's own declaring is untouched


def test_marriage_ask_half_yes_makes_the_suit_no_is_not_asked_again() -> None:
    hands = {
        Seat.N: "HK H7 H8 DA D10 SA S10 CA C6",
        Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
        Seat.S: "DK DQ D7 SK SQ S7 CK CQ H6",
        Seat.W: "H10 HJ HQ DJ D6 SJ S6 C10 CJ",
    }
    d = run(
        mt(hands), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6, CA, C7, CQ, CJ"
    )
    assert "ask half H" in legal(d)
    run(d, "ask half H, answer no")  # ♥Q is West's
    assert d.trump_suit is None
    run(d, "SA, S8, S7, S6")
    assert "ask half H" not in legal(d)
    err = refused(d, "ask half H")
    assert (err.rule, err.detail["why"]) == ("marriage-ask-half", "denied")
    err = refused(d, "ask half D")
    assert err.detail["why"] == "no-half"  # North holds neither ♦K nor ♦Q
    yes = dict(hands)
    yes[Seat.S], yes[Seat.W] = "DK DQ D7 SK SQ S7 CK HQ H6", "H10 HJ CQ DJ D6 SJ S6 C10 CJ"
    d2 = run(mt(yes), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6, CA, C7, CK, CJ")
    run(d2, "ask half H, answer H")
    assert d2.trump_suit == Suit.HEARTS and d2.declarations[-1].holder == Seat.N
    assert refused(run(mt(), TO_WINDOW), "ask half H").detail["why"] == "whole-held"


def test_marriage_ask_half_bluff_names_a_card_not_held() -> None:
    rules = MT.replace(bluff_half_ask=True)
    d = run(mt(rules=rules), TO_WINDOW)
    assert {"ask half DK", "ask half DQ"} <= set(legal(d))
    assert refused(d, "ask half D").detail["why"] == "name-card"
    assert refused(run(mt(), TO_WINDOW), "ask half DK").detail["why"] == "no-half"
    run(d, "ask half DK")  # North claims ♦K; South holds ♦Q, so yes
    assert legal(d) == ["answer D"]
    assert parse_action("ask half DK") == AskHalf(Suit.DIAMONDS, Rank.KING)


def test_ask_lockout_illisoft_bars_both_partners_after_a_half_ask() -> None:
    hands = {
        Seat.N: "HK H7 H8 DA D10 SA S10 CA C6",
        Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
        Seat.S: "DK DQ D7 SK SQ S7 CK HQ H6",
        Seat.W: "H10 HJ CQ DJ D6 SJ S6 C10 CJ",
    }
    play = "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return D7 S7 H6, CA, C7, CK, CJ"
    play += ", ask half H, answer H, SA, S8, S7, S6"
    basic = run(mt(hands), play)
    assert "ask whole" in legal(basic)
    d = run(mt(hands, MT.replace(ask_lockout="illisoft")), play)
    assert d.to_act == Seat.N and d.window
    assert not any(a.startswith(("declare", "ask whole")) for a in legal(d))
    assert refused(d, "ask whole").detail["why"] == "locked"


def test_ask_lockout_illisoft_lets_the_partner_ask_back_after_a_whole_ask() -> None:
    hands, start = ASK_BACK_HANDS, ASK_BACK_START
    rules = MT.replace(declare_right="any-won", ask_lockout="illisoft")
    d = run(mt(hands, rules=rules), start + ", ask whole, answer D, H7, H8, D7, H6")
    assert d.to_act == Seat.S and d.window
    # Only half asks bar whole asks here: South, asked for a whole, may ask North back ...
    assert "ask whole" in legal(d) and "declare S" in legal(d)
    # ... while North, who asked, declares nothing more from his own hand; his marriage
    # may still be the answer when South asks.
    assert d.burned >> (Seat.N * 4 + Suit.HEARTS) & 1
    assert d.answerable(Seat.N) == 1 << Suit.HEARTS
    run(d, "ask whole, answer H")
    assert d.trump_suit == Suit.HEARTS and d.declarations[-1].holder == Seat.N


# ---------------------------------------------------------------- scoring


def _facts(declarer_cards: int, **kw) -> MarriageFacts:  # type: ignore[no-untyped-def]
    """North–South took the cards of ``declarer_cards`` points and the last trick."""
    pool = [c for c in (Card.from_index(i) for i in range(36))]
    ns = 0
    total = 0
    for card in sorted(pool, key=lambda c: -c.rank):
        value = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}.get(card.rank, 0)
        if total + value <= declarer_cards and value:
            ns |= card.bit
            total += value
    assert total == declarer_cards
    base = {"tricks_won": (6, 3), "last_winner": Seat.N, "bidder": Seat.N, "declarer_tricks": 3}
    base.update(kw)
    return MarriageFacts(taken=(ns, ((1 << 36) - 1) & ~ns), **base)  # type: ignore[arg-type]


def test_digest_example_1_bid_55_contract_60_102_collected() -> None:
    score = score_marriage_facts(MT, _facts(92, bid=55, contract=60))
    assert score.collected == (102, 28) and score.points == (60, 28) and score.made
    assert score_points(MT, 55, 60, (102, 28)) == (60, 28)
    texts = [describe_step(s, "en") for s in score.steps]
    assert "Contract 60 made (102 collected): North–South scores exactly 60" in texts


def test_digest_example_2_defenders_trickless_pay_the_bid_not_the_contract() -> None:
    score = score_marriage_facts(MT, _facts(120, bid=50, contract=60, tricks_won=(9, 0), declarer_tricks=5))
    assert score.points == (60, -50)
    assert [s.rule for s in score.steps if s.pair is not None][-2] == "no-trick-penalty"


def test_exact_contract_failed_costs_the_contract_and_rounding() -> None:
    score = score_marriage_facts(MT, _facts(47, bid=55, contract=60))
    assert score.collected == (57, 73) and score.points == (-60, 73) and score.made is False
    rounded = score_marriage_facts(MT.replace(defender_rounding="nearest-5"), _facts(47, bid=55, contract=60))
    assert rounded.points == (-60, 75)
    texts = {describe_step(s, lang) for s in rounded.steps for lang in ("fi", "en", "ru")}
    assert any("73" in t and "75" in t for t in texts)


def test_no_trick_penalty_a_trickless_bidder_pays_twice_the_bid() -> None:
    # North declared; South took every trick North–South won: the contract is made, yet
    # North himself took none: −2 × bid (the default) ...
    score = score_marriage_facts(MT, _facts(92, bid=55, contract=60, declarer_tricks=0))
    assert score.points == (-110, 28)
    # ... while illisoft judges the side: it took tricks, so the made contract stands.
    side = MT.replace(declarer_no_trick="side-contract")
    assert score_marriage_facts(side, _facts(92, bid=55, contract=60, declarer_tricks=0)).points == (60, 28)
    nothing = _facts(0, bid=55, contract=60, tricks_won=(0, 9), declarer_tricks=0, last_winner=Seat.E)
    assert score_marriage_facts(side, nothing).points == (-120, 130)


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_no_trick_penalty_a_contract_reached_without_a_trick_of_his_own_is_not_made(lang: str) -> None:
    for rules, facts in (
        (MT, _facts(92, bid=55, contract=60, declarer_tricks=0)),
        (MT, _facts(30, bid=55, contract=60, declarer_tricks=0)),
        (
            MT.replace(declarer_no_trick="side-contract"),
            _facts(0, bid=55, contract=60, tricks_won=(0, 9), declarer_tricks=0, last_winner=Seat.E),
        ),
    ):
        score = score_marriage_facts(rules, facts)
        assert score.made is False and score.points[0] < 0
        assert not any(s.detail.get("made") for s in score.steps)
        # The working settles the declarer's side by the penalty alone, never by a
        # contract made (or failed) at a score that does not stand.
        rules_of_result = ("exact-contract", "no-trick-penalty")
        settling = [s for s in score.steps if s.pair == Pair.NS and s.rule in rules_of_result]
        assert [s.rule for s in settling] == ["no-trick-penalty"]
        assert str(score.points[0]) in describe_step(settling[0], lang)


def test_marriage_value_to_the_declaring_side_defenders_included() -> None:
    facts = _facts(92, bid=55, contract=60, marriages=((Seat.E, Suit.HEARTS), (Seat.N, Suit.SPADES)))
    score = score_marriage_facts(MT, facts)
    assert score.collected == (142, 128) and score.points == (60, 128)
    bridge = score_marriage_facts(MT.replace(marriage_values="bridge"), facts)
    assert bridge.collected == (202, 108)


def test_no_contract_each_side_scores_what_it_took() -> None:
    score = score_marriage_facts(MT, _facts(92, bid=0, contract=0, bidder=None))
    assert score.points == (102, 28) and score.made is None


# ---------------------------------------------------------------- the game


def test_marriage_game_totals_carry_and_go_below_zero() -> None:
    sheet = MarriageSheet(MT)
    sheet.add((-120, 75)).add((60, -50))
    assert sheet.totals == (-60, 25) and not sheet.over
    sheet.add((560, 10))
    assert sheet.over and sheet.winner == 0


def test_marriage_game_both_over_the_higher_total_wins() -> None:
    sheet = MarriageSheet(MT, totals=(450, 480))
    sheet.add_deal(score_marriage_facts(MT, _facts(92, bid=55, contract=60)))  # +60 and +28
    assert sheet.totals == (510, 508) and sheet.winner == 0
    declarer_first = MarriageSheet(MT.replace(win_tiebreak="declarer"), totals=(450, 490))
    declarer_first.add_deal(score_marriage_facts(MT, _facts(92, bid=55, contract=60)))
    assert declarer_first.totals == (510, 518) and declarer_first.winner == 0  # North–South declared
    higher = MarriageSheet(MT, totals=(450, 490))
    higher.add_deal(score_marriage_facts(MT, _facts(92, bid=55, contract=60)))
    assert higher.winner == 1


def test_marriage_game_equal_top_totals_play_another_deal() -> None:
    sheet = MarriageSheet(MT, totals=(450, 482))
    sheet.add_deal(score_marriage_facts(MT, _facts(92, bid=55, contract=60)))  # +60 and +28
    assert sheet.totals == (510, 510) and sheet.winner is None and not sheet.over
    sheet.add((-20, 10))
    assert sheet.winner == 1
    three = MarriageSheet(MT3, totals=(490, 495, 0))
    assert three.add((15, 10, 0)).winner is None and three.add((0, 5, 0)).winner == 1


def test_marriage_three_talon_discard_and_no_asks() -> None:
    hands = {
        Seat.N: "HK HQ H7 DA D10 SA S10 CA C6 C7 C8",
        Seat.E: "HA H9 D9 D8 S9 S8 C9 CJ H6 H8 D6",
        Seat.S: "DK DQ D7 SK SQ S7 CK CQ SJ S6 DJ",
    }
    d = MarriageTrumpDeal(
        {s: parse_cards(h) for s, h in hands.items()}, MT3, Seat.S, parse_cards("H10 HJ C10")
    )
    assert d.to_act == Seat.N and d.talon_shown == 0
    run(d, "bid 40, pass, pass")
    assert d.phase is Phase.CONTRACT and len(d.hand(Seat.N)) == 14 and d.talon_shown == d.talon
    run(d, "contract 45")
    assert d.phase is Phase.DISCARD
    err = refused(d, "discard CA C6 C7")
    assert (err.rule, err.detail["why"]) == ("marriage-three", "aces-tens")
    assert all(
        "A" not in str(a) and "10" not in str(a) for a in d.legal_actions() if str(a).startswith("discard")
    )
    run(d, "discard C6 C7 C8")
    assert d.phase is Phase.PLAY and d.to_act == Seat.N
    run(d, "CA, C9, CK")
    assert "declare H" in legal(d) and "ask whole" not in legal(d)
    assert refused(d, "ask whole").rule == "marriage-three"
    while not d.is_over():
        d.push(d.legal_actions()[-1])
    score = d.result()
    step = next(s for s in score.steps if s.rule == "marriage-three")
    assert step.detail["counts"] == (score.tricks_won[0] > 0)


# ---------------------------------------------------------------- make and unmake


def test_pop_takes_every_phase_back() -> None:
    d = run(mt(), TO_WINDOW + ", ask whole, answer D, SA, S8, S7, S6")
    snapshots = []
    while d.history:
        snapshots.append((d.phase, d.to_act, d.trump, d.burned, tuple(d.hands)))
        d.pop()
    assert d.phase is Phase.BID and d.hands == list(d.initial_hands) and d.contract == 0 and d.burned == 0
    for action in ("bid 50", "pass"):
        d.play(action)
    assert d.to_act == Seat.S


def test_actions_print_as_records_write_them() -> None:
    for text in ("give D7 S7 C7", "return H6 D7 S7 C7", "contract 65", "ask half HQ"):
        assert str(parse_action(text)) == text
    assert parse_action("give S7 D7 C7") == Give(tuple(parse_cards("D7 S7 C7")))
    assert isinstance(parse_action("return SA SK"), ReturnCards) and parse_action(
        "contract 60"
    ) == SetContract(60)
    assert parse_action("redeal") == Redeal()
