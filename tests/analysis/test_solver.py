"""The solver against brute force, against the engine's moves, and leaving deals unchanged."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, Rules, find_rules
from marjapussi.actions import Action
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Objective, solve
from marjapussi.analysis.solver import node_actions
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action

from .brute import VARIANTS, brute_values, ending, endings
from .core_support import trump_phase


def _objectives(rules: Rules, rng: random.Random) -> list[Objective]:
    if rules.family == "huutopussi":
        return [ContractResult()]
    before = (rng.randrange(0, rules.target), rng.randrange(0, rules.target))
    return [DealPoints(), EraUtility(before), DealPoints(carried=rng.randrange(0, 3))]


_BRUTE: dict[tuple[str, int, int], list[dict[Action, int]]] = {}
"""Brute-force values by (rules, seed, tricks left): computed once for both backends."""


def _agree(rules: Rules, seeds: range, tricks_left: int, wanted: int, backend: str) -> int:
    """Check ``solve`` against brute force on random endings; return the positions checked."""
    checked = 0
    for seed, deal in endings(seeds, rules, tricks_left):
        objectives = _objectives(rules, random.Random(seed))
        key = (rules.spec(), seed, tricks_left)
        if key not in _BRUTE:
            _BRUTE[key] = brute_values(deal, objectives)
        for objective, expected in zip(objectives, _BRUTE[key], strict=True):
            result = solve(deal, objective, backend=backend)
            assert result.values == expected, (seed, objective, deal.position_text())
            assert result.value == max(expected.values())
            assert result.values[result.best] == result.value
            assert result.exact
        checked += 1
        if checked == wanted:
            break
    assert checked == wanted
    return checked


IDS = [r.spec().replace(" ", "_") for r in VARIANTS]


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_every_action_value_agrees_with_brute_force(rules: Rules, solver_backend: str) -> None:
    _agree(rules, range(1, 1000), 2, 150, solver_backend)
    _agree(rules, range(1000, 2000), 3, 15, solver_backend)


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_many_three_and_four_trick_endings_agree_with_brute_force(rules: Rules, solver_backend: str) -> None:
    _agree(rules, range(10_000, 20_000), 3, 1000, solver_backend)
    _agree(rules, range(20_000, 21_000), 4, 20, solver_backend)


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_move_lists_equal_the_engines_legal_actions(rules: Rules) -> None:
    positions = 0
    for seed in range(60):
        rng = random.Random(seed)
        deal: Deal
        deal = HuutopussiDeal.random(rng, rules) if rules.family == "huutopussi" else Deal.random(rng, rules)
        while not deal.is_over():
            if deal.phase is not Phase.BID:
                legal = deal.legal_actions()
                assert sorted(map(str, node_actions(deal))) == sorted(map(str, legal))
                positions += 1
            deal.push(random_action(deal, rng))
    assert positions > 1000


def _state(deal: Deal) -> object:
    return (
        list(deal.history),
        list(deal.hands),
        deal.tricks,
        list(deal.trick_cards),
        deal.to_act,
        deal.trump,
        deal.declared,
        deal.burned,
        list(deal.declarations),
        deal.window,
        deal.pending,
        list(deal.taken),
        list(deal.tricks_won),
        deal.lead_suit_duty,
        list(getattr(deal, "marriages", [])),
    )


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_solve_leaves_the_deal_unchanged(rules: Rules, solver_backend: str) -> None:
    for seed in range(8):
        deal = ending(seed + 50, rules, 3 + seed % 3)
        if deal is None:
            continue
        before = _state(deal)
        depth = None if seed % 2 or solver_backend == "core" else 2
        result = solve(deal, depth_tricks=depth, backend=solver_backend)
        assert _state(deal) == before
        assert set(result.values) == set(deal.legal_actions())


def test_values_follow_the_side_to_act(solver_backend: str) -> None:
    # The same position seen one action later: the value flips sign when the side changes.
    deal = ending(7, find_rules("guild"), 3)
    assert deal is not None
    result = solve(deal, backend=solver_backend)
    deal.push(result.best)  # type: ignore[arg-type]
    after = solve(deal, backend=solver_backend)
    same_side = (deal.history[-1][0] % 2) == (deal.to_act % 2)
    assert after.value == (result.value if same_side else -result.value)


def test_line_reaches_the_end_and_keeps_the_value(solver_backend: str) -> None:
    for seed in range(20):
        deal = ending(seed, find_rules("guild"), 3)
        assert deal is not None
        result = solve(deal, backend=solver_backend)
        start = len(deal.history)
        for action in result.line:
            deal.play(action)
        assert deal.is_over()
        sign = 1 if (deal.history[start][0] % 2 == 0) else -1
        score = deal.result().points
        assert sign * (score[0] - score[1]) == result.value
        while len(deal.history) > start:
            deal.pop()


def test_depth_limited_search_is_marked_inexact() -> None:
    deal = Deal.random(4)
    result = solve(deal, depth_tricks=2)
    assert not result.exact
    assert set(result.values) == set(deal.legal_actions())
    assert len(result.line) >= 1


def test_a_finished_deal_has_no_actions(solver_backend: str) -> None:
    deal = ending(3, find_rules("guild"), 1)
    assert deal is not None
    while not deal.is_over():
        deal.push(deal.legal_actions()[0])
    result = solve(deal, backend=solver_backend)
    assert result.values == {} and result.best is None and result.line == []
    score = deal.result().points
    assert abs(result.value) == abs(score[0] - score[1])


def test_a_small_table_forgets_entries_and_stays_exact(solver_backend: str) -> None:
    rules = find_rules("guild")
    for seed in range(5):
        deal = ending(seed + 300, rules, 3)
        assert deal is not None
        objectives: list[Objective] = [DealPoints()]
        expected = brute_values(deal, objectives)[0]
        assert solve(deal, tt_size=8, backend=solver_backend).values == expected



@pytest.mark.slow
def test_each_trump_is_worth_the_deal_once_it_is_named(solver_backend: str) -> None:
    # One search over the four trumps (the deal takes each back before the next, with a new
    # list of hands) values each as the deal with that trump named does.
    deal = next(d for d in map(trump_phase, range(60)) if d is not None)
    result = solve(deal, backend=solver_backend)
    for action, value in result.values.items():
        deal.push(action)
        assert solve(deal, backend=solver_backend).value == value, action
        deal.pop()
