"""Huutopussi: bidding, huutopussi-trump, marriage-on-lead, huutopussi-scoring, contract,
molotov, huutopussi-game, huutopussi-redeal, huutopussi-three and huutopussi-deal, with the
digest's worked example 9 and one test per setting and variation."""

from __future__ import annotations

import random

import pytest

from marjapussi import Bid, IllegalAction, Play, Seat, Suit, find_rules, parse_action, parse_card, parse_cards
from marjapussi.actions import Discard
from marjapussi.deal import Phase
from marjapussi.errors import CardParseError
from marjapussi.huutopussi import HuutopussiDeal, HuutopussiSheet, contract_points
from marjapussi.randomplay import random_playout
from marjapussi.record import format_record, parse_record, record_from_deal, replay

HP = find_rules("huutopussi")
HANDS = {
    Seat.N: "S6 S7 S8 D6 D7 D8 H6 C7 C8",  # no counting card
    Seat.E: "SK SQ SJ D9 DJ DQ H7 CA C9",
    Seat.S: "SA S10 S9 D10 DK DA H8 CJ CQ",
    Seat.W: "C10 CK C6 H9 H10 HJ HQ HK HA",
}
SOLID = {  # West holds every heart; the others one suit each
    Seat.N: "SA S10 SK SQ SJ S9 S8 S7 S6",
    Seat.E: "DA D10 DK DQ DJ D9 D8 D7 D6",
    Seat.S: "CA C10 CK CQ CJ C9 C8 C7 C6",
    Seat.W: "HA H10 HK HQ HJ H9 H8 H7 H6",
}


def hp(hands: dict[Seat, str], rules=HP, dealer: Seat = Seat.W) -> HuutopussiDeal:  # type: ignore[no-untyped-def]
    return HuutopussiDeal({s: parse_cards(h) for s, h in hands.items()}, rules, dealer)


def run(d: HuutopussiDeal, actions: str) -> HuutopussiDeal:
    for text in actions.split(","):
        d.play(parse_action(text.strip()))
    return d


def refused(d: HuutopussiDeal, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        d.play(parse_action(action))
    return info.value


# ---------------------------------------------------------------- worked example 9 and contract


def test_example_9_contract_points() -> None:
    assert contract_points(60, 85) == 85
    assert contract_points(60, 55) == -60
    assert contract_points(70, 65, double_penalty=True) == -140


@pytest.mark.parametrize("double", [False, True])
def test_contract_bidders_total_or_minus_the_bid_defenders_always_score(double: bool) -> None:
    rules = find_rules("huutopussi", double_penalty=double)
    rng = random.Random(4)
    seen = set()
    for _ in range(120):
        d = random_playout(HuutopussiDeal.random(rng, rules, dealer=Seat(rng.randrange(4))), rng)
        score = d.result()
        if d.bidder is None:
            continue
        b = d.bidder % 2
        made = score.collected[b] >= d.high_bid
        seen.add(made)
        expected = score.collected[b] if made else -d.high_bid * (2 if double else 1)
        assert score.points[b] == expected
        assert score.points[1 - b] == score.collected[1 - b] >= 0
        marriages = sum(s.points for s in score.steps if s.rule == "marriage-on-lead")
        assert sum(score.collected) == 130 + marriages
    assert seen == {True, False}


# ---------------------------------------------------------------- bidding


def test_bidding_starts_left_of_dealer_and_ends_after_three_passes() -> None:
    d = hp(HANDS)
    assert d.phase is Phase.BID and d.to_act is Seat.N
    run(d, "pass, bid 56, bid 60, pass, bid 65, pass, pass")
    assert d.phase is Phase.BID  # only two passes since the last bid
    run(d, "pass")
    assert d.phase is Phase.TRUMP and d.bidder is Seat.N and d.high_bid == 65
    assert d.to_act is Seat.N


def test_bidding_refusals_name_the_rule() -> None:
    d = run(hp(HANDS), "pass, bid 60")
    assert refused(d, "bid 55").rule == "bidding"
    assert refused(d, "bid 60").detail["why"] == "not-higher"
    assert refused(d, "bid 61").detail["why"] == "step"
    assert refused(d, "bid 235").detail["why"] == "too-high"
    assert refused(d, "SA").rule == "bidding"


def test_setting_min_bid_and_step() -> None:
    d = hp(HANDS, find_rules("huutopussi", min_bid=65, bid_step=1))
    assert refused(d, "bid 60").detail["why"] == "too-low"
    run(d, "bid 65, bid 66")
    assert d.high_bid == 66
    assert Bid(56) in hp(HANDS).legal_actions() and Bid(57) not in hp(HANDS).legal_actions()


def test_four_passes_redeal_by_the_next_dealer() -> None:
    d = run(hp(HANDS), "pass, pass, pass, pass")
    assert d.is_over() and d.redeal == "all-pass"
    score = d.result()
    assert score.points == (0, 0) and score.steps[0].rule == "huutopussi-redeal"


def test_variation_all_pass_plays_without_trump() -> None:
    d = run(hp(HANDS, find_rules("huutopussi", all_pass="no-trump")), "pass, pass, pass, pass")
    assert d.phase is Phase.PLAY and d.trump_suit is None and d.to_act is Seat.N
    random_playout(d, random.Random(1), declare_chance=0)
    score = d.result()
    assert score.points == score.collected and sum(score.points) == 130
    assert any(s.rule == "bidding" for s in score.steps)


# ---------------------------------------------------------------- huutopussi-trump


def test_bid_winner_names_trump_then_leads() -> None:
    d = run(hp(HANDS), "pass, pass, pass, bid 56, pass, pass, pass")
    assert d.phase is Phase.TRUMP and d.to_act is Seat.W
    assert refused(d, "HA").rule == "huutopussi-trump"
    run(d, "trump H")
    assert d.trump_suit is Suit.HEARTS and d.phase is Phase.PLAY and d.to_act is Seat.W


def test_variation_trump_named_with_the_bid() -> None:
    d = hp(HANDS, find_rules("huutopussi", trump_with_bid=True))
    assert refused(d, "bid 56").rule == "huutopussi-trump"
    run(d, "bid 56 S, pass, pass, pass")
    assert d.phase is Phase.PLAY and d.trump_suit is Suit.SPADES and d.to_act is Seat.N


def test_play_duties_apply_after_the_auction() -> None:
    d = run(hp(HANDS), "pass, pass, pass, bid 56, pass, pass, pass, trump H, C6")
    assert refused(d, "H6").rule == "follow-suit"


# ---------------------------------------------------------------- marriage-on-lead


def test_marriage_on_lead_40_in_trump_counted_when_the_pair_takes_a_trick() -> None:
    d = run(hp(HANDS), "pass, pass, pass, bid 56, pass, pass, pass, trump H")
    assert Play(parse_card("HK"), marriage=True) in d.legal_actions()
    run(d, "HQ+")
    assert d.marriages == [(Seat.W, Suit.HEARTS)]
    assert refused(d, "SK+").rule == "marriage-on-lead"  # North is not leading
    random_playout(d, random.Random(2), declare_chance=0)
    step = next(s for s in d.result().steps if s.rule == "marriage-on-lead")
    assert step.detail["points"] == 40 and step.points == 40


def test_marriage_on_lead_20_in_a_side_suit_and_only_with_both_cards() -> None:
    d = run(hp(HANDS), "pass, pass, pass, bid 56, pass, pass, pass, trump C")
    assert refused(d, "H10+").rule == "marriage-on-lead"
    run(d, "HK+")
    random_playout(d, random.Random(2), declare_chance=0)
    step = next(s for s in d.result().steps if s.rule == "marriage-on-lead")
    assert step.detail["points"] == 20


def test_marriage_does_not_count_without_a_trick() -> None:
    # North leads only after winning a trick, so take a side with no trick: build one.
    d = hp(SOLID, find_rules("huutopussi", molotov_bonus=60), dealer=Seat.S)
    run(d, "bid 56, pass, pass, pass, trump H, HK+")
    while not d.is_over():
        d.play(d.legal_actions()[0])
    score = d.result()
    assert d.tricks_won == [0, 9]
    assert score.collected[1] == 120 + 10 + 40 + 60
    assert any(s.rule == "molotov" and s.points == 60 for s in score.steps)


def test_setting_molotov_bonus_zero_gives_no_bonus() -> None:
    d = run(hp(SOLID, dealer=Seat.S), "bid 56, pass, pass, pass, trump H")
    while not d.is_over():
        d.play(d.legal_actions()[-1] if d.trick_cards else d.legal_actions()[0])
    assert not any(s.rule == "molotov" for s in d.result().steps)


# ---------------------------------------------------------------- huutopussi-redeal


def test_redeal_for_a_hand_without_counting_cards() -> None:
    d = hp(HANDS)
    assert parse_action("redeal") in d.legal_actions()
    run(d, "redeal")
    assert d.redeal == "no-counting-card" and d.is_over()
    other = run(hp(HANDS), "pass")
    assert refused(other, "redeal").detail["why"] == "not-eligible"


def test_redeal_for_four_aces_and_the_bonus_variation() -> None:
    aces = {
        Seat.N: "HA DA SA CA H6 D6 S6 C6 H7",
        Seat.E: "H10 D10 S10 C10 D7 S7 C7 H8 D8",
        Seat.S: "HK DK SK CK S8 C8 H9 D9 S9",
        Seat.W: "HQ DQ SQ CQ HJ DJ SJ CJ C9",
    }
    d = hp(aces)
    run(d, "redeal")
    assert d.redeal == "four-aces"
    bonus = hp(aces, find_rules("huutopussi", four_aces="bonus", four_aces_bonus=100))
    assert parse_action("redeal") not in bonus.legal_actions()
    run(bonus, "bid 56, pass, pass, pass, trump H")
    random_playout(bonus, random.Random(5), declare_chance=0)
    assert any(s.rule == "huutopussi-redeal" and s.points == 100 for s in bonus.result().steps)


# ---------------------------------------------------------------- huutopussi-game


def test_game_to_500_and_bidders_win_when_both_pass_it() -> None:
    sheet = HuutopussiSheet(HP)
    sheet.add((450, 420))
    assert not sheet.over
    sheet.add((60, 90), bidder_side=1)
    assert sheet.winner == 1  # both passed 500: the bidders win
    other = HuutopussiSheet(find_rules("huutopussi", game_to=100))
    other.add((120, -56), bidder_side=1)
    assert other.winner == 0


def test_all_passed_both_pairs_past_500_the_higher_total_wins_and_a_tie_plays_on() -> None:
    rules = find_rules("huutopussi", all_pass="no-trump")
    sheet = HuutopussiSheet(rules)
    sheet.add((440, 450), bidder_side=0)
    sheet.add((80, 60))  # all passed, played with no trump: 520–510, no bidder
    assert sheet.winner == 0 and sheet.level == ()
    sheet = HuutopussiSheet(rules)
    sheet.add((440, 450), bidder_side=0)
    sheet.add((70, 80))  # 510–530: the second pair is higher, not the first
    assert sheet.winner == 1
    sheet = HuutopussiSheet(rules)
    sheet.add((440, 450), bidder_side=0)
    sheet.add((80, 70))  # 520–520: level past the target, nobody wins, another deal
    assert sheet.winner is None and not sheet.over and sheet.level == (0, 1)
    sheet.add((85, 45), bidder_side=0)  # the next deal decides it
    assert sheet.winner == 0 and sheet.level == ()


def test_three_players_two_defenders_past_the_target_and_a_tie_plays_on() -> None:
    rules = find_rules("huutopussi3")
    sheet = HuutopussiSheet(rules)
    sheet.add((300, 450, 440), bidder_side=0)
    sheet.add((-100, 60, 70), bidder_side=0)  # the bidder failed; the defenders 510 and 510
    assert sheet.winner is None and sheet.level == (1, 2)
    sheet.add((70, 40, 20), bidder_side=0)  # 270, 550, 530: the higher total wins
    assert sheet.winner == 1
    sheet = HuutopussiSheet(rules)
    sheet.add((450, 300, 440), bidder_side=0)
    sheet.add((60, 230, 90), bidder_side=0)  # 510, 530, 530: the bidder passed 500 and wins
    assert sheet.winner == 0
    sheet = HuutopussiSheet(rules)
    sheet.add((100, 450, 440), bidder_side=0)
    sheet.add((-60, 55, 65), bidder_side=0)  # 40, 505, 505: one defender alone would win; level
    assert sheet.level == (1, 2)
    sheet.add((-60, 0, 10), bidder_side=0)  # -20, 505, 515: the higher defender wins
    assert sheet.winner == 2


# ---------------------------------------------------------------- huutopussi-deal and huutopussi-three


def test_huutopussi_deal_36_cards_nine_each_dealer_rotates() -> None:
    d = HuutopussiDeal.random(3, HP, dealer=Seat.E)
    assert all(len(d.hand(s)) == 9 for s in Seat)
    from marjapussi.scoring import next_deal_start

    random_playout(d, random.Random(3))
    assert next_deal_start(HP, d, False) == (Seat.S, False)


def test_three_players_talon_discard_and_each_for_himself() -> None:
    rules = find_rules("huutopussi3")
    rng = random.Random(8)
    made_any = False
    for _ in range(40):
        d = HuutopussiDeal.random(rng, rules, dealer=Seat.N)
        assert [len(d.hand(s)) for s in (Seat.N, Seat.E, Seat.S)] == [11, 11, 11]
        assert d.talon.bit_count() == 3
        assert d.to_act is Seat.E
        while d.phase is Phase.BID:
            d.play(d.legal_actions()[1] if d.calls == 0 else d.legal_actions()[0])
        if d.bidder is None:
            continue
        made_any = True
        assert d.phase is Phase.DISCARD and len(d.hand(d.bidder)) == 14
        two = d.hand(d.bidder)[:2]
        with pytest.raises(IllegalAction):
            d.play(Discard(tuple(two)))
        with pytest.raises(CardParseError):  # a record cannot even write a two-card discard
            parse_action("discard " + " ".join(c.code for c in two))
        d.play(d.legal_actions()[0])
        assert len(d.hand(d.bidder)) == 11 and d.phase is Phase.TRUMP
        random_playout(d, rng, declare_chance=0.3)
        assert all(len(t.cards) == 3 for t in d.tricks) and len(d.tricks) == 11
        score = d.result()
        marriages = sum(s.points for s in score.steps if s.rule == "marriage-on-lead")
        assert len(score.points) == 3 and sum(score.collected) == 130 + marriages
        text = format_record(record_from_deal(d))
        assert "[Talon " in text and replay(parse_record(text)).last.result().points == score.points
    assert made_any


def test_undo_through_the_auction_and_the_talon() -> None:
    d = HuutopussiDeal.random(12, find_rules("huutopussi3"), dealer=Seat.S)
    start = tuple(d.hands)
    random_playout(d, random.Random(12))
    for _ in range(len(d.history)):
        d.pop()
    assert tuple(d.hands) == start and d.phase is Phase.BID and d.high_bid == 0
