"""Huutopussi with marriage trumps: the auction's calls as evidence for the sampler (issue 32,
Decided 4), read by the family's own count (``marriage_bots.hand_value``) within
``VALUE_SLACK``; the forced opening says nothing."""

from __future__ import annotations

import random

import pytest

from marjapussi import Seat, find_rules
from marjapussi.actions import Bid, Give, Pass
from marjapussi.analysis.bots import choose
from marjapussi.analysis.inference import NO_LIMIT, VALUE_SLACK, AuctionFact, auction_facts, calls_missed
from marjapussi.analysis.marriage_bots import hand_value
from marjapussi.analysis.sampler import sample_deals
from marjapussi.analysis.view import SeatView
from marjapussi.cards import mask_of, parse_cards
from marjapussi.deal import PLAYING_SEATS, Phase
from marjapussi.game import Game
from marjapussi.marriage_trumps import MarriageTrumpDeal

MARRIAGE = find_rules("huutopussi-marriage")


def _opening(preset: str) -> MarriageTrumpDeal:
    deal = Game.new(preset, 7).start_of_deal(1, Seat.N, False)
    assert isinstance(deal, MarriageTrumpDeal)
    return deal


def _dealt(deal: MarriageTrumpDeal) -> dict[Seat, int]:
    return dict(zip(PLAYING_SEATS[deal.rules.players], deal.initial_hands, strict=True))


def _auction_views(seed: int, level: str) -> list[tuple[MarriageTrumpDeal, SeatView]]:
    """Every view of a four-player marriage auction called by ``level`` bots."""
    rng = random.Random(seed)
    deal = MarriageTrumpDeal.random(rng, MARRIAGE, dealer=Seat(rng.randrange(4)))
    assert isinstance(deal, MarriageTrumpDeal)
    out = []
    while deal.phase is Phase.BID:
        view = SeatView.of(deal, deal.to_act)
        out.append((deal, view))
        deal.play(choose(view, level, random.Random(seed)).action)
    return out


def test_each_call_bounds_the_callers_hand_value_and_the_forced_opening_says_nothing() -> None:
    deal = _opening("huutopussi-marriage")
    assert deal.to_act == Seat.E and Pass() not in deal.legal_actions()
    deal.play(Bid(50))  # E, forced to open: says nothing
    deal.play(Pass())  # S, when 55 was the lowest bid
    deal.play(Bid(60))  # W
    deal.play(Pass())  # N, the viewer: no news to himself
    deal.play(Bid(65))  # E
    deal.play(Pass())  # W, while his partner holds the bid: says nothing
    facts = auction_facts(SeatView.of(deal, Seat.N))
    assert facts == [
        AuctionFact(Seat.S, -NO_LIMIT, 55 + VALUE_SLACK, "pass", 1, "value"),
        AuctionFact(Seat.W, 60 - VALUE_SLACK, NO_LIMIT, "bid", 2, "value"),
        AuctionFact(Seat.E, 65 - VALUE_SLACK, NO_LIMIT, "bid", 4, "value"),
    ]


def test_a_fact_tells_a_strong_hand_from_a_weak_one() -> None:
    strong = mask_of(parse_cards("HA H10 HK HQ SA S10 SK SQ DA"))
    weak = mask_of(parse_cards("H6 H7 H8 D6 D7 D8 S6 S7 C6"))
    assert hand_value(strong, MARRIAGE) > 120 and hand_value(weak, MARRIAGE) <= 30  # a share only
    bid = AuctionFact(Seat.E, 100 - VALUE_SLACK, NO_LIMIT, "bid", 0, "value")
    passed = AuctionFact(Seat.E, -NO_LIMIT, 60 + VALUE_SLACK, "pass", 0, "value")
    assert bid.fits(strong, MARRIAGE) and not bid.fits(weak, MARRIAGE)
    assert passed.fits(weak, MARRIAGE) and not passed.fits(strong, MARRIAGE)


def test_no_fact_about_hands_the_exchange_changed() -> None:
    """Once the declarer and his partner exchanged cards their hands are no longer as
    dealt: the calls say nothing more of them, and still of the others."""
    deal = _opening("huutopussi-marriage")
    deal.play(Bid(50))  # E, forced
    deal.play(Pass())  # S
    deal.play(Bid(60))  # W
    deal.play(Pass())  # N
    deal.play(Pass())  # E, his partner holds the bid
    assert deal.phase is Phase.GIVE and deal.bidder == Seat.W
    before = {f.seat for f in auction_facts(SeatView.of(deal, Seat.N))}
    assert before == {Seat.S, Seat.W}
    give = next(a for a in deal.legal_actions() if isinstance(a, Give))
    deal.play(give)
    assert [f.seat for f in auction_facts(SeatView.of(deal, Seat.N))] == [Seat.S]
    assert [f.seat for f in auction_facts(SeatView.of(deal, Seat.S))] == [Seat.N]  # the other defender


def test_no_fact_about_the_three_player_declarer_once_he_took_the_talon() -> None:
    deal = _opening("huutopussi-marriage3")
    deal.play(Bid(40))  # E, forced
    deal.play(Pass())  # S, when 45 was the lowest bid
    deal.play(Bid(45))  # N
    in_auction = auction_facts(SeatView.of(deal, Seat.E))
    assert [f.seat for f in in_auction] == [Seat.S, Seat.N]
    deal.play(Pass())  # E: N wins the auction and takes the talon
    assert deal.phase is not Phase.BID and deal.bidder == Seat.N
    assert [f.seat for f in auction_facts(SeatView.of(deal, Seat.E))] == [Seat.S]


@pytest.mark.parametrize("seed", range(30))
def test_the_calls_of_value_bidders_are_true_of_their_hands(seed: int) -> None:
    """Bots that bid by the hand value itself (the beginner) make no call the facts deny."""
    for deal, view in _auction_views(seed, "beginner"):
        assert calls_missed(auction_facts(view), _dealt(deal), MARRIAGE) == 0


def test_the_calls_steer_the_samples() -> None:
    """Conditioned on the calls, sampled deals give the callers hands that fit them far more
    often than unconditioned ones; every sample still replays the public history."""
    fitted = unfitted = facts_seen = 0
    for seed in range(12):
        for _, view in _auction_views(seed, "beginner"):
            facts = auction_facts(view)
            if not facts:
                continue
            facts_seen += len(facts)
            for calls, key in ((facts, "fitted"), (None, "unfitted")):
                worlds = sample_deals(view, 4, random.Random(seed), calls=calls, max_tries=400)
                for world in worlds:
                    assert [a for _, a in world.history] == [a for _, a in view.history]
                    assert isinstance(world, MarriageTrumpDeal)
                    missed = calls_missed(facts, _dealt(world), MARRIAGE)
                    if key == "fitted":
                        fitted += missed
                    else:
                        unfitted += missed
    assert facts_seen > 40
    assert fitted * 4 < unfitted, (fitted, unfitted)
