"""The example deal each valued call keeps (issue 32, Decided 6: "one example deal a tap
away"): one of the sampled deals, the same for the same seed, its points the search's."""

from __future__ import annotations

import random

import pytest

from marjapussi import Seat, find_rules
from marjapussi.actions import Bid, Pass
from marjapussi.analysis import auction
from marjapussi.analysis.auction import AuctionEvaluation, CallWork, choose_example, evaluation_seed
from marjapussi.analysis.auction_marriage import MarriageWork
from marjapussi.analysis.core import backend
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Card, cards_of, deck, parse_card
from marjapussi.deal import SIDES
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal

RULES = find_rules("huutopussi")
MARRIAGE = find_rules("huutopussi-marriage")

pytestmark = pytest.mark.skipif(backend(RULES) != "core", reason="the compiled core is not built")

HAND = "HA HK HQ H7 DA D9 S10 C8 C6"


def _cards(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def _shuffled(mine: list[Card], seed: int) -> dict[Seat, list[Card]]:
    rest = [c for c in deck(36) if c not in mine]
    random.Random(seed).shuffle(rest)
    return {Seat.N: mine, Seat.E: rest[:9], Seat.S: rest[9:18], Seat.W: rest[18:]}


def _worked(work: CallWork | MarriageWork) -> AuctionEvaluation:
    while not work.step():
        pass
    return work.result()


def _check_dealt(evaluation: AuctionEvaluation, work: CallWork | MarriageWork, view: SeatView) -> None:
    """Every call keeps an example that is one of the deals valued, as dealt, by the rule."""
    for value in evaluation.calls:
        ex = value.example
        assert ex is not None, value.call
        assert 0 <= ex.deal < evaluation.deals
        dealt = work._dealt(work._worlds[ex.deal])
        assert (ex.hands, ex.talon) == (dealt.initial_hands, dealt.talon)
        assert ex.hands[view.seat] == dealt.initial_hands[view.seat]
        assert ex.hands[view.seat] & view.hand == view.hand  # the seat's own cards
        made = work._made.get(value.call)
        assert ex.deal == choose_example(made[: evaluation.deals] if made else None)
        assert ex.score == work._scores[value.call][ex.deal]
        if value.made is None:
            assert ex.made is None
        else:
            assert ex.made is not None
            if 0 < value.made < evaluation.deals and 2 * value.made != evaluation.deals:
                # the instructive case: it goes against most deals
                assert ex.made == (2 * value.made < evaluation.deals)


def test_each_call_keeps_one_sampled_deal_and_says_what_the_side_collects() -> None:
    deal = HuutopussiDeal(_shuffled(_cards(HAND), 1), RULES, Seat.W)
    view = SeatView.of(deal, Seat.N)
    seed = evaluation_seed(7, 1, 0)
    work = CallWork(view, seed, Bid(RULES.min_bid), max_deals=3)
    evaluation = _worked(work)
    _check_dealt(evaluation, work, view)
    side = SIDES[4][Seat.N]
    for value in evaluation.calls:
        ex = value.example
        assert ex is not None
        # the points stated are a fresh search's of the same deal, and say whether it is made
        again = HuutopussiDeal({s: cards_of(ex.hands[s]) for s in Seat}, RULES, Seat.W)
        world = auction._World(again, auction._Searcher(RULES))
        assert auction._call_score(world, Seat.N, value.call) == ex.score
        if isinstance(value.call, Bid):
            collected = world.collected_as(Seat.N, world.count_trump(Seat.N))[side]
            assert ex.collected == collected
            assert ex.made == (collected >= value.call.points)
        else:
            assert ex.collected is None and ex.made is None
    # the same seed gives the same examples
    assert auction.evaluate_call(view, seed, Bid(RULES.min_bid), max_deals=3) == evaluation


def test_the_marriage_family_keeps_examples_too() -> None:
    east = _cards(HAND)
    rest = [c for c in deck(36) if c not in east]
    random.Random(3).shuffle(rest)
    hands = {Seat.E: east, Seat.N: rest[:9], Seat.S: rest[9:18], Seat.W: rest[18:]}
    deal = MarriageTrumpDeal(hands, MARRIAGE, Seat.W)
    deal.play(Bid(MARRIAGE.min_bid))  # North's forced opening
    view = SeatView.of(deal, Seat.E)
    seed = evaluation_seed(7, 1, 1)
    work = MarriageWork(view, seed, Pass(), max_deals=2)
    evaluation = _worked(work)
    _check_dealt(evaluation, work, view)
    for value in evaluation.calls:
        ex = value.example
        assert ex is not None
        if isinstance(value.call, Bid):  # the points of the pilot's search of that deal
            assert ex.collected == work._reach[ex.deal]
            assert ex.made == (ex.collected >= value.call.points)
    again = MarriageWork(view, seed, Pass(), max_deals=2)
    assert _worked(again) == evaluation


def test_the_example_is_the_first_deal_against_most() -> None:
    assert choose_example([True, True, False, True, False]) == 2
    assert choose_example([False, False, True]) == 2
    assert choose_example([True, True, True]) == 0
    assert choose_example([False, True]) == 0
    assert choose_example(None) == 0
