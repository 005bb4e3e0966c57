"""Seeded random playouts: invariants that must hold in every deal of every ruleset.

36 (or 32, 28) cards conserved, four cards a trick, the fast legal-move path agrees
with the explained one, every listed action is accepted and every other card refused,
undo restores the exact start, a record replays to the same state, scores add up.
"""

from __future__ import annotations

import random

import pytest

from marjapussi import Answer, Deal, IllegalAction, Play, find_rules
from marjapussi.cards import ALL_CARDS, Seat
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action
from marjapussi.record import format_record, parse_record, record_from_deal, replay
from marjapussi.rules import Rules

PRESET_RULES = [find_rules("guild"), find_rules("pagat")]


def random_switches(seed: int) -> Rules:
    rng = random.Random(seed)
    name = rng.choice(["guild", "pagat"])
    # Card values and the carried tie belong to scoring by card points (pagat) only.
    pagat = name == "pagat"
    return find_rules(
        name,
        deck_size=rng.choice([36, 32, 28]),
        must_beat=rng.random() < 0.7,
        first_trick_ace=rng.random() < 0.5,
        small_trump_lead=rng.random() < 0.5,
        declare_from_trick=rng.choice([1, 2]),
        ace_spade_lead=rng.choice(["later-deals", "every-deal", "never"]),
        opening_lead=rng.choice(["clubs-ace-each-era", "dealer-left", "clubs-ace-first-deal"]),
        card_values=rng.choice(["original", "simplified"]) if pagat else "original",
        carry_card_tie=pagat and rng.random() < 0.5,
    )


def check_position(deal: Deal, thorough: bool) -> None:
    verdicts = deal.explain()
    mask = deal.legal_play_mask()
    if deal.phase is Phase.PLAY:
        assert {v.card.index for v in verdicts if v.allowed} == {
            c.index for c in ALL_CARDS if mask >> c.index & 1
        }
        assert mask, "a player in the play phase always has a legal card"
    legal = deal.legal_actions()
    assert legal
    if not thorough:
        return
    for action in legal:
        assert deal.check(action) == action or isinstance(action, Play)
    if deal.phase is Phase.BID:
        for points in range(50, 240, 3):
            from marjapussi import Bid

            assert deal.is_legal(Bid(points)) == (Bid(points) in legal)
    for verdict in verdicts:
        if not verdict.allowed:
            with pytest.raises(IllegalAction) as info:
                deal.check(Play(verdict.card))
            assert info.value.rule == verdict.rule
    if deal.pending is not None:
        for suit_answer in [Answer(None), *[Answer(s) for s in range(4)]]:  # type: ignore[arg-type]
            if suit_answer not in legal:
                assert not deal.is_legal(suit_answer)


def play_and_check(deal: Deal, rng: random.Random, thorough: bool) -> None:
    start_hands = tuple(deal.hands)
    talon = getattr(deal, "talon", 0)
    cards_in_pack = sum(h.bit_count() for h in deal.initial_hands) + talon.bit_count()
    pack = talon
    for mask in deal.initial_hands:
        pack |= mask
    steps = 0
    while not deal.is_over():
        check_position(deal, thorough)
        deal.play(random_action(deal, rng))
        steps += 1
        places = [
            *deal.hands,
            *deal.taken,
            sum(1 << c for c in deal.trick_cards),
            getattr(deal, "discarded", 0),
        ]
        union = 0
        for mask in places:
            union |= mask
        assert sum(m.bit_count() for m in places) == union.bit_count(), "a card in two places"
        assert union | talon == pack and union.bit_count() >= cards_in_pack - talon.bit_count()
    score = deal.result()
    if isinstance(deal, HuutopussiDeal):
        check_contract(deal, score)
    else:
        assert all(len(t.cards) == 4 for t in deal.tricks)
        assert len(deal.tricks) == deal.rules.tricks_per_deal
        assert sum(deal.tricks_won) == len(deal.tricks)
        assert sum(score.points) == sum(s.points for s in score.steps if s.pair is not None)
        assert sum(score.matit) == 8
        assert score.points[0] >= 0 and score.points[1] >= 0
    # A record of the deal replays to the same state.
    text = format_record(record_from_deal(deal))
    again = replay(parse_record(text)).last
    assert again.hands == deal.hands and again.taken == deal.taken and again.declarations == deal.declarations
    assert again.result().points == score.points
    # Undo restores the exact start.
    history = list(deal.history)
    for _ in range(steps):
        deal.pop()
    assert tuple(deal.hands) == start_hands and not deal.history and not deal.tricks
    for _, action in history:
        deal.push(action)
    assert deal.result().points == score.points


def check_contract(deal: HuutopussiDeal, score: object) -> None:
    """Huutopussi invariants: 130 points plus counted marriages; the contract rule."""
    if deal.redeal is not None:
        assert set(score.points) == {0}  # type: ignore[attr-defined]
        return
    players = deal.rules.players
    assert all(len(t.cards) == players for t in deal.tricks)
    assert len(deal.tricks) == deal.rules.tricks_per_deal
    steps = score.steps  # type: ignore[attr-defined]
    extra = sum(s.points for s in steps if s.rule in ("marriage-on-lead", "molotov", "huutopussi-redeal"))
    unclaimed = 0
    if players == 3 and deal.bidder is None:  # nobody bid: the talon stays out of play
        from marjapussi.scoring import CARD_POINTS, count_cards

        unclaimed = count_cards(deal.talon, CARD_POINTS["original"])[3]
    assert sum(score.collected) == 130 + extra - unclaimed  # type: ignore[attr-defined]
    if deal.bidder is not None:
        side = deal.bidder % 2 if players == 4 else int(deal.bidder)
        got = score.points[side]  # type: ignore[attr-defined]
        collected = score.collected[side]  # type: ignore[attr-defined]
        assert got == collected if collected >= deal.high_bid else got < 0


HP_RULES = [find_rules("huutopussi"), find_rules("huutopussi3")]


@pytest.mark.parametrize("rules", HP_RULES, ids=lambda r: r.name)
def test_huutopussi_playouts(rules: Rules) -> None:
    """400 Huutopussi deals (auction included) per preset; 40 checked thoroughly."""
    rng = random.Random(len(rules.name))
    for i in range(400):
        deal = HuutopussiDeal.random(rng, rules, dealer=Seat(i % rules.players))
        play_and_check(deal, rng, thorough=i < 40)


@pytest.mark.parametrize("seed", range(4))
def test_huutopussi_playouts_with_random_settings(seed: int) -> None:
    rng = random.Random(seed)
    rules = find_rules(
        rng.choice(["huutopussi", "huutopussi3"]),
        min_bid=rng.choice([56, 60, 65]),
        bid_step=rng.choice([1, 5]),
        all_pass=rng.choice(["redeal", "no-trump"]),
        trump_with_bid=rng.random() < 0.5,
        double_penalty=rng.random() < 0.5,
        molotov_bonus=rng.choice([0, 60]),
        four_aces=rng.choice(["redeal", "bonus"]),
        four_aces_bonus=rng.choice([0, 50]),
    )
    for i in range(60):
        play_and_check(HuutopussiDeal.random(rng, rules, dealer=Seat(i % rules.players)), rng, thorough=i < 5)


@pytest.mark.parametrize("rules", PRESET_RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("block", range(4))
def test_playouts_for_each_preset(rules: Rules, block: int) -> None:
    """1,600 deals (4 blocks of 200 per preset) with the cheap invariants."""
    rng = random.Random(1000 * block + len(rules.name))
    for i in range(200):
        play_and_check(Deal.random(rng, rules, opening=i % 3 == 0), rng, thorough=False)


@pytest.mark.parametrize("seed", range(8))
def test_playouts_with_random_switches(seed: int) -> None:
    """400 deals under random combinations of switches."""
    rules = random_switches(seed)
    rng = random.Random(seed)
    for i in range(50):
        play_and_check(Deal.random(rng, rules, opening=i % 2 == 0), rng, thorough=False)


@pytest.mark.parametrize("rules", PRESET_RULES, ids=lambda r: r.name)
def test_thorough_playouts_check_every_action_and_refusal(rules: Rules) -> None:
    """150 deals per preset where every listed action is checked and every refusal confirmed."""
    rng = random.Random(77)
    for i in range(150):
        play_and_check(Deal.random(rng, rules, opening=i % 2 == 0), rng, thorough=True)
