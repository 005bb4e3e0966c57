"""A deal's open-cards value (``analysis.open_cards``): each side's points after best play by
all, the exact double-dummy value between them; none, with a reason, where the core does not
serve the rules, the search runs past its bound, or no card was played."""

from __future__ import annotations

import pytest

from marjapussi.actions import Bid, Pass
from marjapussi.analysis import Solver
from marjapussi.analysis.core import ENVIRONMENT, CoreLibrary
from marjapussi.analysis.open_cards import open_cards
from marjapussi.club import board_deal
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal


@pytest.mark.parametrize(("ruleset", "board"), [("guild", 1), ("guild", 2), ("pagat", 3)])
def test_a_marjapussi_boards_value_is_the_exact_solution_split_by_side(
    core_library: CoreLibrary, ruleset: str, board: int
) -> None:
    deal = board_deal(ruleset, 11, board)
    value = open_cards(deal)
    assert value.why == "" and value.points is not None and len(value.points) == 2
    found = Solver().solve(deal)
    assert value.points[0] - value.points[1] == found.value * found.sign  # North–South's view
    assert not deal.history  # the deal is left as it was given


def test_a_huutopussi_value_is_taken_from_the_first_card_of_the_tables_own_contract(
    core_library: CoreLibrary,
) -> None:
    deal = board_deal("huutopussi", 5, 1)
    assert isinstance(deal, HuutopussiDeal)
    while deal.hp_phase is not Phase.PLAY:  # North bids the least, the others pass: North's contract
        actions = deal.legal_actions()
        if deal.hp_phase is Phase.BID:
            bids = [a for a in actions if isinstance(a, Bid)]
            deal.push(bids[0] if deal.to_act.name == "N" and bids else Pass())
        else:
            deal.push(actions[0])
        assert not deal.is_over()
    before = len(deal.history)
    value = open_cards(deal)
    assert value.why == "" and value.points is not None and len(value.points) == 2
    assert len(deal.history) == before
    found = Solver().solve(deal)
    assert found.best is not None


def test_a_deal_with_no_card_played_has_no_value_and_says_why() -> None:
    deal = board_deal("huutopussi", 3, 1)
    while not deal.is_over():
        deal.push(next(a for a in deal.legal_actions() if isinstance(a, Pass)))
    value = open_cards(deal)
    assert value.points is None and value.why == "no-play"


def test_without_the_core_there_is_no_value_and_it_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, "off")  # the pure-Python search would take minutes on a whole deal
    value = open_cards(board_deal("guild", 3, 1))
    assert value.points is None and value.why == "not-served"


def test_a_search_past_its_bound_stops_and_says_why(core_library: CoreLibrary) -> None:
    deal = board_deal("pagat", 4, 1)
    value = open_cards(deal, node_budget=50)
    assert value.points is None and value.why == "too-long" and value.nodes >= 50
    assert not deal.history
