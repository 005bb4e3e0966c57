"""The objectives: the erä utility by hand-built cases, and the solver using it at 10."""

from __future__ import annotations

import random

from marjapussi import Deal, find_rules
from marjapussi.analysis import DealPoints, EraUtility, solve
from marjapussi.analysis.objectives import WIN, _EraEvaluator
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action

from .brute import brute_values, endings


def _utility(before: tuple[int, int], rules_name: str = "guild") -> _EraEvaluator:
    evaluator = EraUtility(before).bind(Deal.random(1, find_rules(rules_name)))
    assert isinstance(evaluator, _EraEvaluator)
    return evaluator


def test_exactly_twelve_wins_and_passing_it_falls_to_seven() -> None:
    era = _utility((10, 5))
    assert era.utility(2, 1, True, True) == WIN  # 12: North–South win the erä
    assert era.utility(3, 2, True, True) == 0  # 13 becomes 7, East–West 7
    assert era.utility(0, 3, True, True) == 10 - 8  # no points but a trick: stay on 10
    assert era.utility(1, 7, True, True) == -WIN  # East–West reach exactly 12
    assert era.utility(0, 3, False, True) == 0 - 8  # Porvoo: North–South go to 0


def test_at_ten_fewer_points_can_be_worth_more() -> None:
    era = _utility((10, 0))
    assert era.utility(0, 0, True, True) > era.utility(3, 0, True, True)
    assert era.utility(1, 0, True, True) > era.utility(3, 0, True, True)
    assert era.utility(2, 0, True, True) == WIN


def test_both_on_twelve_go_to_seven_in_the_guild_and_tie_in_pagat() -> None:
    assert _utility((10, 10)).utility(2, 2, True, True) == 0
    pagat = _utility((8, 8), "pagat")
    assert pagat.utility(2, 2, True, True) == 0  # both on exactly 10: a tie
    assert pagat.utility(2, 1, True, True) == WIN


def test_the_solver_avoids_points_at_ten_where_the_deal_points_would_take_them() -> None:
    rules = find_rules("guild")
    found = 0
    for _seed, deal in endings(range(5000, 5400), rules, 2):
        points_result = solve(deal, DealPoints())
        for before in ((10, 0), (11, 4)):
            era = EraUtility(before)
            era_result = solve(deal, era)
            assert era_result.values == brute_values(deal, [era])[0]
            # An action best for the deal points but not for the erä.
            if points_result.best is not None and era_result.values[points_result.best] < era_result.value:
                found += 1
        if found >= 2:
            break
    assert found >= 2


def test_huutopussi_naming_trumps_is_an_action_of_the_tree() -> None:
    rng = random.Random(2)
    rules = find_rules("huutopussi")
    for _ in range(50):
        deal = HuutopussiDeal.random(rng, rules)
        while deal.phase is Phase.BID:
            deal.push(random_action(deal, rng))
        if deal.phase is Phase.TRUMP:
            break
    assert deal.phase is Phase.TRUMP
    result = solve(deal, depth_tricks=1)
    assert set(result.values) == set(deal.legal_actions()) and len(result.values) == 4
    assert not result.exact and deal.phase is Phase.TRUMP
