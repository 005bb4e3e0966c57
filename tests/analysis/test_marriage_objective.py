"""The solver on Huutopussi with marriage trumps: ``ExactContract`` and the pure-Python search.

The objective must count a finished deal exactly as ``score_marriage`` does (the exact
contract, the no-trick penalties, the marriages' values, rounding, the three-player
discard), and the search must find the values a plain minimax finds in random endings,
asks and declarations included, under the switches that change the count. The
analysis starts at the first card: the bidding and the exchange are refused.
"""

from __future__ import annotations

import random

import pytest

from marjapussi import Rules, find_rules
from marjapussi.actions import Action, AskHalf
from marjapussi.analysis import Solver
from marjapussi.analysis.objectives import ExactContract, SolveError, default_objective
from marjapussi.analysis.review import review_deal
from marjapussi.deal import SIDES, Phase
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action

VARIANTS: list[Rules] = [
    find_rules("huutopussi-marriage"),
    find_rules(
        "huutopussi-marriage",
        declarer_no_trick="side-contract",
        defender_rounding="nearest-5",
        marriage_values="bridge",
        declare_right="any-won",
        ask_lockout="illisoft",
        card_values="simplified",
        last_trick_bonus=20,
    ),
    find_rules("huutopussi-marriage", forced_opening=False, all_pass="no-contract"),
    find_rules("huutopussi-marriage3"),
]


def reference(deal: MarriageTrumpDeal) -> int:
    """The maximiser's value of a finished deal, from the engine's own scoring."""
    points = deal.result().points
    if deal.bidder is None:
        return points[0] - points[1]
    b = SIDES[deal.rules.players][deal.bidder]
    return points[b] - sum(p for i, p in enumerate(points) if i != b)


def maximises(deal: MarriageTrumpDeal) -> bool:
    if deal.bidder is None:
        return deal.to_act % 2 == 0
    sides = SIDES[deal.rules.players]
    return sides[deal.to_act] == sides[deal.bidder]


def minimax(deal: MarriageTrumpDeal) -> int:
    if deal.is_over():
        return reference(deal)
    values = []
    for action in deal.legal_actions():
        deal.push(action)
        values.append(minimax(deal))
        deal.pop()
    return max(values) if maximises(deal) else min(values)


def ending(seed: int, rules: Rules, tricks_left: int) -> MarriageTrumpDeal | None:
    """A random position with ``tricks_left`` tricks to go (0: the deal played out;
    ``None``: a redeal)."""
    rng = random.Random(seed)
    deal = MarriageTrumpDeal.random(rng, rules)
    target = rules.tricks_per_deal - tricks_left
    while not deal.is_over():
        if tricks_left and deal.phase is Phase.PLAY and len(deal.tricks) >= target and not deal.trick_cards:
            return deal
        deal.push(random_action(deal, rng, 0.8))
    return None if deal.redeal else deal


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.spec())
def test_the_objective_counts_a_finished_deal_as_the_scoring_does(rules: Rules) -> None:
    checked = 0
    for seed in range(60):
        deal = ending(seed, rules, 0)
        if deal is None:
            continue
        assert default_objective(deal) == ExactContract()
        assert ExactContract().bind(deal).final(deal) == reference(deal), seed
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.spec())
def test_the_search_finds_the_minimax_values_of_endings(rules: Rules) -> None:
    checked = 0
    for seed in range(40):
        deal = ending(seed, rules, 2)
        if deal is None:
            continue
        result = Solver().solve(deal)
        sign = 1 if maximises(deal) else -1
        expected: dict[Action, int] = {}
        for action in deal.legal_actions():
            deal.push(action)
            expected[action] = sign * minimax(deal)
            deal.pop()
        assert result.value == max(expected.values()), (seed, deal.position_text())
        assert result.best is not None and expected[result.best] == result.value
        checked += 1
    assert checked >= 20


def test_the_analysis_starts_at_the_first_card() -> None:
    deal = MarriageTrumpDeal.random(2, find_rules("huutopussi-marriage"))
    with pytest.raises(SolveError):
        Solver().solve(deal)
    for call in ("bid 50", "pass", "pass", "pass"):
        deal.play(call)
    with pytest.raises(SolveError):
        Solver().solve(deal)  # the exchange is not searched either
    rng = random.Random(2)
    while deal.phase is not Phase.PLAY:
        deal.push(random_action(deal, rng))
    reviews = review_deal(deal, depth_tricks=1)
    assert reviews == [] or all(r.value is not None for r in reviews)


BLUFF = find_rules("huutopussi-marriage", bluff_half_ask=True)


@pytest.mark.parametrize("rules", [*VARIANTS, BLUFF], ids=lambda r: r.spec())
def test_the_quick_bounds_hold_the_minimax_value_and_cut(rules: Rules) -> None:
    checked = narrowed = 0
    for seed in range(50):
        deal = ending(seed, rules, 2)
        if deal is None or deal.pending is not None:
            continue
        ev = ExactContract().bind(deal)
        lo, hi = ev.bounds(deal)
        value = minimax(deal)
        assert lo <= value <= hi, (seed, lo, value, hi, deal.position_text())
        narrowed += (lo, hi) != (ev.low, ev.high)
        checked += 1
    assert checked >= 30
    assert narrowed == checked  # every bound is tighter than the objective's range


def test_every_root_action_of_a_bluffing_ending_has_its_minimax_value() -> None:
    # A no to a half ask bars the pair's later half asks in that suit; with bluffs allowed
    # that can cost a later yes, so such an ask is no longer valued as the best card.
    checked = asks = 0
    for seed in range(300):
        deal = ending(seed, BLUFF, 2)
        if deal is None or not deal.window:
            continue
        result = Solver(backend="python").solve(deal)
        sign = 1 if maximises(deal) else -1
        for action in deal.legal_actions():
            deal.push(action)
            expected = sign * minimax(deal)
            deal.pop()
            assert result.values[action] == expected, (seed, str(action), deal.position_text())
            asks += isinstance(action, AskHalf) and action.rank is not None
        checked += 1
        if checked >= 25:
            break
    assert checked >= 25 and asks >= 10
