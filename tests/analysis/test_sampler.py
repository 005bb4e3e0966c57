"""The sampler deals the unseen cards so that the whole public history replays legally."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, Seat, find_rules
from marjapussi.analysis.inference import Knowledge, infer
from marjapussi.analysis.sampler import ImpossibleConstraints, determinize, sample_deals, sample_hands
from marjapussi.analysis.view import SeatView
from marjapussi.deal import PLAYING_SEATS
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.i18n import describe_error
from marjapussi.randomplay import random_action

PRESETS = ["guild", "pagat", "huutopussi", "huutopussi3"]
SAMPLES_PER_PRESET = 1200


def new_deal(rules_name: str, rng: random.Random, opening: bool = True) -> Deal:
    rules = find_rules(rules_name)
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules, dealer=Seat(rng.randrange(rules.players)))
    return Deal.random(rng, rules, dealer=Seat(rng.randrange(4)), opening=opening)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_sampled_deal_replays_the_public_history_legally(preset: str) -> None:
    """Thousands of samples per preset, at every point of random deals, from every seat.

    ``verify="all"`` replays each action, cards included, through the engine's ``check``;
    the sampled deal then shows the seat exactly the view it was sampled from.
    """
    rng = random.Random(preset)
    count = 0
    differ = 0
    game = 0
    while count < SAMPLES_PER_PRESET:
        deal = new_deal(preset, rng, opening=game % 2 == 0)
        game += 1
        while not deal.is_over() and count < SAMPLES_PER_PRESET:
            seat = rng.choice(PLAYING_SEATS[deal.rules.players])
            view = SeatView.of(deal, seat)
            for world in sample_deals(view, 2, rng, verify="all"):
                assert SeatView.of(world, seat) == view
                differ += world.hands != deal.hands
                count += 1
            deal.push(random_action(deal, rng))
    assert differ > count // 2  # the sampler deals, it does not return the true hands


@pytest.mark.parametrize("preset", PRESETS)
def test_sampled_hands_respect_every_inference(preset: str) -> None:
    rng = random.Random(17)
    for _ in range(4):
        deal = new_deal(preset, rng)
        while not deal.is_over():
            seat = deal.to_act
            view = SeatView.of(deal, seat)
            know = infer(view)
            for _ in range(3):
                sample = sample_hands(view, rng, know)
                for other, hand in sample.hands.items():
                    assert not hand & know.lacks[other]
                    assert hand & know.holds[other] == know.holds[other]
                    assert hand.bit_count() == view.counts[other]
                for other, pair in know.exactly_one:
                    assert (sample.hands[other] & pair).bit_count() == 1
                for other, pair in know.not_both:
                    assert sample.hands[other] & pair != pair
            deal.push(random_action(deal, rng))


def test_the_same_seed_deals_the_same_cards() -> None:
    deal = Deal.random(21)
    rng = random.Random(1)
    while deal.trick_number < 4:
        deal.push(random_action(deal, rng))
    view = SeatView.of(deal, deal.to_act)
    first = [w.hands for w in sample_deals(view, 5, random.Random(9))]
    again = [w.hands for w in sample_deals(view, 5, random.Random(9))]
    other = [w.hands for w in sample_deals(view, 5, random.Random(10))]
    assert first == again
    assert first != other


def test_an_impossible_set_of_facts_is_a_typed_error_with_a_message() -> None:
    deal = Deal.random(4)
    view = SeatView.of(deal, Seat.N)
    know = infer(view)
    # Nobody may hold the cards East holds: they have nowhere to go.
    impossible = Knowledge(
        view.seat,
        know.unseen,
        lacks={Seat.E: know.unseen, Seat.S: deal.hands[Seat.E], Seat.W: deal.hands[Seat.E]},
        holds={s: 0 for s in (Seat.E, Seat.S, Seat.W)},
    )
    with pytest.raises(ImpossibleConstraints) as caught:
        sample_hands(view, random.Random(1), impossible)
    assert caught.value.why == "no-room"
    assert isinstance(caught.value, ValueError)
    for lang in ("fi", "en", "ru"):
        text = describe_error(caught.value, lang)
        assert text and "{" not in text and "no-room" not in text
    # A card two seats must both hold.
    card = deal.hands[Seat.E] & -deal.hands[Seat.E]
    twice = Knowledge(
        view.seat,
        know.unseen,
        lacks={s: 0 for s in (Seat.E, Seat.S, Seat.W)},
        holds={Seat.E: card, Seat.S: card, Seat.W: 0},
    )
    with pytest.raises(ImpossibleConstraints):
        sample_hands(view, random.Random(1), twice)


def test_a_tight_set_of_facts_is_still_dealt() -> None:
    # Late in a deal the voids leave little choice; the checked dealing never dead-ends.
    rng = random.Random(2)
    found = 0
    for seed in range(30):
        deal = Deal.random(seed, find_rules("pagat"))
        while deal.trick_number < 7 and not deal.is_over():
            deal.push(random_action(deal, rng))
        view = SeatView.of(deal, deal.to_act)
        know = infer(view)
        if sum(m.bit_count() for m in know.lacks.values()) >= 6:
            found += 1
            for _ in range(20):
                world = determinize(view, sample_hands(view, rng, know), rng)
                assert SeatView.of(world, view.seat) == view
    assert found
