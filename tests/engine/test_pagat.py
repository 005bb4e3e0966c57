"""The pagat rules: deck-size, card-values, pagat-lead, pagat-declarations, pagat-scoring,
pagat-target, and one test per variation switch (pagat-variations) showing its effect."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, Pair, ScoreSheet, Seat, Suit, find_rules
from marjapussi.randomplay import random_playout
from marjapussi.scoring import apply_to_totals, card_majority, next_deal_start

from .helpers import deal, run, verdicts

PAGAT = find_rules("pagat")
HANDS = {
    "n": "CA HK HQ DK DQ SA S10 D6 C6",
    "e": "C7 C8 S6 S7 S8 D7 D8 H6 H7",
    "s": "C9 C10 S9 SJ SQ D9 D10 H8 H9",
    "w": "CJ CQ CK SK DJ DA HJ H10 HA",
}


# ---------------------------------------------------------------- deck-size and card-values


@pytest.mark.parametrize(("size", "each"), [(36, 9), (32, 8), (28, 7)])
def test_deck_size_deals_9_8_or_7_cards(size: int, each: int) -> None:
    rules = find_rules("pagat", deck_size=size)
    d = Deal.random(1, rules)
    assert all(len(d.hand(s)) == each for s in Seat)
    random_playout(d, random.Random(1))
    assert len(d.tricks) == each


@pytest.mark.parametrize(("values", "total"), [("original", 120), ("simplified", 140)])
@pytest.mark.parametrize("size", [36, 32, 28])
def test_card_values_total_120_or_140_in_every_pack(values: str, total: int, size: int) -> None:
    rules = find_rules("pagat", card_values=values, deck_size=size)
    d = random_playout(Deal.random(size, rules), random.Random(size))
    assert sum(d.result().card_points) == total


def test_card_majority_thresholds_61_of_120_and_75_of_140() -> None:
    assert card_majority(61, 59) == 0 and card_majority(59, 61) == 1
    assert card_majority(60, 60) is None
    assert card_majority(75, 65) == 0 and card_majority(70, 70) is None


# ---------------------------------------------------------------- pagat-lead, pagat-declarations


def test_pagat_lead_dealers_left_leads_any_card() -> None:
    d = deal(**HANDS, rules=PAGAT, dealer=Seat.W)
    assert d.to_act is Seat.N
    assert all(ok and rule is None for ok, rule in verdicts(d).values())


def test_pagat_declarations_after_the_first_trick_and_no_lead_duty() -> None:
    d = deal(**HANDS, rules=PAGAT, dealer=Seat.W)
    run(d, "CA, C7, C9, CJ, declare H")
    assert d.trump_suit is Suit.HEARTS
    run(d, "SA, S6, S9, SK, declare D")
    assert d.declarations[-1].kind == "small-trump"
    # No small-trump lead duty in the pagat rules.
    assert all(ok for ok, _ in verdicts(d).values())


def test_pagat_scoring_trump_2_marriage_1_last_trick_1_majority_1() -> None:
    d = deal(**HANDS, rules=PAGAT, dealer=Seat.W)
    run(d, "CA, C7, C9, CJ, declare H, SA, S6, S9, SK, declare D")
    random_playout(d, random.Random(3), declare_chance=0)
    score = d.result()
    by_rule = [(s.rule, s.pair, s.points) for s in score.steps]
    assert ("trump", Pair.NS, 2) in by_rule
    assert ("pagat-scoring", Pair.NS, 1) in by_rule  # the second marriage
    assert any(r == "last-trick" and p == 1 for r, _, p in by_rule)
    majority = by_rule[0]
    assert majority[0] == "pagat-scoring"
    assert majority[2] in (0, 1)


# ---------------------------------------------------------------- pagat-target


def test_pagat_target_exactly_10_wins() -> None:
    step = apply_to_totals(PAGAT, (7, 3), (3, 1), (6, 3))
    assert step.after == (10, 4) and step.outcome == "won"


def test_pagat_target_above_10_drops_to_7() -> None:
    assert apply_to_totals(PAGAT, (8, 3), (3, 1), (6, 3)).after == (7, 4)


def test_pagat_target_no_trick_goes_to_0() -> None:
    step = apply_to_totals(PAGAT, (8, 6), (4, 0), (9, 0))
    assert step.after == (12 - 5, 0)  # 8 + 4 = 12 drops to 7; EW had no trick
    assert any(s.rule == "pagat-target" and s.detail.get("why") == "no-trick" for s in step.steps)


def test_pagat_both_on_10_is_a_tie() -> None:
    sheet = ScoreSheet(PAGAT)
    sheet.add((8, 7), (5, 4))
    step = sheet.add((2, 3), (5, 4))
    assert step.outcome == "tie" and sheet.tied and sheet.over and sheet.winner is None


def test_pagat_game_is_one_race() -> None:
    sheet = ScoreSheet(PAGAT)
    sheet.add((10, 2), (6, 3))
    assert sheet.winner is Pair.NS


# ---------------------------------------------------------------- one test per variation switch


def test_variation_carry_card_tie_adds_up() -> None:
    plain = random_playout(Deal.random(9, PAGAT), random.Random(9))
    carry = find_rules("pagat", carry_card_tie=True)
    # Find a deal whose card points tie, and check the carried point.
    rng = random.Random(0)
    for _ in range(5000):
        d = random_playout(Deal.random(rng, carry), rng)
        if d.result().card_points[0] == 60:
            break
    else:  # pragma: no cover - the search always finds one
        raise AssertionError("no tie found")
    tie = d.result(carried=1)
    assert tie.carry_out == 2  # one carried + this deal's point
    assert d.result(carried=0).carry_out == 1
    assert random_playout(Deal.random(9, carry), random.Random(9)).result(carried=2).steps[0].points in (0, 3)
    assert plain.result().carry_out == 0


def test_variation_clubs_ace_first_deal_leads_and_deals_second() -> None:
    rules = find_rules("pagat", opening_lead="clubs-ace-first-deal")
    d = deal(**HANDS, rules=rules, dealer=Seat.E)
    assert d.leader is Seat.N  # holds ♣A, although West is the dealer's left
    random_playout(d, random.Random(1))
    assert next_deal_start(rules, d, False) == (Seat.N, False)
    later = deal(**HANDS, rules=rules, dealer=Seat.E, opening=False)
    assert later.leader is Seat.S


def test_variation_no_must_beat() -> None:
    hands = dict(HANDS, e="C7 C9 S6 S7 S8 D7 D8 H6 H7", s="C8 C10 S9 SJ SQ D9 D10 H8 H9")
    with_beat = run(deal(**hands, rules=PAGAT, dealer=Seat.W), "C6, C9")
    without = run(deal(**hands, rules=find_rules("pagat", must_beat=False), dealer=Seat.W), "C6, C9")
    # South holds ♣8 (lower than ♣9) and ♣10 (higher): must-beat leaves only ♣10.
    assert verdicts(with_beat)["C8"] == (False, "must-beat")
    assert verdicts(with_beat)["C10"] == (True, "must-beat")
    assert verdicts(without)["C8"] == (True, "follow-suit")
    assert verdicts(without)["C10"] == (True, "follow-suit")


def test_variation_ace_spade_first_lead_every_deal() -> None:
    rules = find_rules("pagat", ace_spade_lead="every-deal")
    d = deal(**HANDS, rules=rules, dealer=Seat.N)  # East leads, no ace: spades
    v = verdicts(d)
    assert v["S6"] == (True, "opening-lead-ace-spade") and v["C7"][0] is False
    assert all(ok for ok, _ in verdicts(deal(**HANDS, rules=PAGAT, dealer=Seat.N)).values())


def test_variation_ten_or_more() -> None:
    rules = find_rules("pagat", target_or_more=True)
    assert apply_to_totals(rules, (8, 3), (3, 1), (6, 3)).outcome == "won"
    assert apply_to_totals(PAGAT, (8, 3), (3, 1), (6, 3)).outcome is None
