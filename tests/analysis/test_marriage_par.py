"""The marriage family's open-card par (``analysis.marriage_par``, issue 32): for each side
the best contract it could bid and make with every hand open, on the line the auction's
evaluation plays (its best seat declaring, the bots' exchange), by the engine's own scoring."""

from __future__ import annotations

import dataclasses

import pytest

from marjapussi import find_rules
from marjapussi.actions import Bid, Pass
from marjapussi.analysis.auction_marriage import MarriageLines, line_search
from marjapussi.analysis.core import backend
from marjapussi.analysis.marriage_par import MarriageParWork, best_made, marriage_par
from marjapussi.analysis.objectives import SolveError
from marjapussi.cards import Seat
from marjapussi.deal import PLAYING_SEATS, SIDES
from marjapussi.huutopussi import on_bid_step
from marjapussi.marriage_trumps import MarriageTrumpDeal, highest_bid, score_marriage_facts

FAMILY = ("huutopussi-marriage", "huutopussi-marriage3")


@pytest.fixture(autouse=True)
def _core() -> None:
    if backend(find_rules("huutopussi-marriage")) != "core":
        pytest.fail("the compiled core is not built: run ./scripts/setup.sh", pytrace=False)


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("seed", [1, 3])
def test_each_sides_par_is_its_best_seats_highest_bid_made(name: str, seed: int) -> None:
    rules = find_rules(name)
    deal = MarriageTrumpDeal.random(seed, rules)
    found = marriage_par(deal)
    lines = MarriageLines(deal.copy_start(), line_search(rules))
    per_side: dict[int, list[tuple[int, int, Seat]]] = {}
    for seat in PLAYING_SEATS[rules.players]:
        facts = lines.facts(seat)
        assert facts is not None and facts.bidder == seat  # no bid ban here: every seat may declare
        side = SIDES[rules.players][seat]
        collected = score_marriage_facts(rules, facts).collected[side]
        # the highest level the scoring counts as made, and the next one up is not
        made = best_made(rules, facts)
        levels = range(max(made + 1, rules.min_bid), highest_bid(rules) + 1)
        above = [p for p in levels if on_bid_step(rules, p)]
        if made:
            assert made <= collected
            assert score_marriage_facts(rules, dataclasses.replace(facts, bid=made, contract=made)).made
        if above:
            up = dataclasses.replace(facts, bid=above[0], contract=above[0])
            assert not score_marriage_facts(rules, up).made
        per_side.setdefault(side, []).append((made, collected, seat))
    assert [p.side for p in found] == sorted(per_side)
    for p in found:  # the side's best seat (the first of equals)
        best = max((made, collected) for made, collected, _ in per_side[p.side])
        assert (p.contract, p.collected) == best
        assert p.seat == next(seat for made, collected, seat in per_side[p.side] if (made, collected) == best)
    # the deal it was given is left as it was
    assert deal.history == [] and deal.initial_hands == MarriageTrumpDeal.random(seed, rules).initial_hands


def test_a_par_worked_out_in_small_slices_is_the_same() -> None:
    deal = MarriageTrumpDeal.random(3, find_rules("huutopussi-marriage"))
    work = MarriageParWork(deal)
    steps = 0
    while not work.step(node_budget=2_000):
        steps += 1
    assert steps > work.total  # some searches were cut short and went on
    assert work.result() == marriage_par(deal)


def test_a_deal_bid_at_its_ban_leaves_out_the_seats_that_may_not_win() -> None:
    """Both sides at -500: under ``bid-ban`` the forced opener bids exactly the lowest bid and
    nobody may raise, so only the forced opener may declare."""
    rules = find_rules("huutopussi-marriage")
    deal = MarriageTrumpDeal.random(7, rules, dealer=Seat.N, totals=(-500, -500))
    assert [a for a in deal.legal_actions() if isinstance(a, Bid)] == [Bid(rules.min_bid)]
    assert Pass() not in deal.legal_actions()
    opener = deal.to_act
    found = marriage_par(deal)
    assert [p.seat for p in found] == [opener]


def test_outside_the_family_there_is_no_marriage_par() -> None:
    from marjapussi.huutopussi import HuutopussiDeal

    with pytest.raises(SolveError):
        MarriageParWork(HuutopussiDeal.random(1, find_rules("huutopussi")))  # type: ignore[arg-type]
