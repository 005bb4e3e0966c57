"""Partition search: one table entry for many layouts, and never for a layout it does not fit."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, find_rules
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Objective, Solver
from marjapussi.analysis.solver import _free_of, _settle
from marjapussi.cards import cards_of
from marjapussi.rules import Rules

from .brute import VARIANTS, ending

IDS = [r.spec().replace(" ", "_") for r in VARIANTS]


def _objectives(rules: Rules, rng: random.Random) -> list[Objective]:
    if rules.family == "huutopussi":
        return [ContractResult()]
    before = (rng.randrange(0, rules.target), rng.randrange(0, rules.target))
    return [DealPoints(), EraUtility(before), DealPoints(carried=rng.randrange(0, 3))]


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_partition_search_gives_the_values_of_the_exact_table(rules: Rules) -> None:
    # Seeded random positions of every preset, 3 or 4 tricks before the end: every legal
    # action's value is the same with partition search on and off, also when one solver
    # goes on through the rest of the deal (its table serving the later positions).
    checked = 0
    for seed in range(40):
        deal = ending(seed + 4000, rules, 3 + seed % 2)
        if deal is None:
            continue
        rng = random.Random(seed)
        for objective in _objectives(rules, rng):
            on = Solver(objective, partition=True)
            off = Solver(objective, partition=False)
            pushed = 0
            while not deal.is_over():
                a, b = on.solve(deal), off.solve(deal)
                assert a.values == b.values, (rules.spec(), seed, objective, deal.position_text())
                assert a.line == b.line or a.value == b.value
                deal.push(rng.choice(deal.legal_actions()))
                pushed += 1
            for _ in range(pushed):
                deal.pop()
        checked += 1
    assert checked >= 25


def _layouts(deal: Deal, rng: random.Random, wanted: int) -> list[Deal]:
    """Other layouts of the same position: two cards of one suit, still in two hands,
    swapped from the start (and the same actions still legal)."""
    out = []
    alive = [c for c in range(36) if any(h >> c & 1 for h in deal.hands)]
    for _ in range(10 * wanted):
        a, b = rng.sample(alive, 2)
        if a // 9 != b // 9 or _holder(deal, a) == _holder(deal, b):
            continue
        other = _swapped(deal, a, b)
        if other is not None:
            out.append(other)
            if len(out) == wanted:
                break
    return out


FILLED = [*VARIANTS[:3], find_rules("guild", must_beat=False)]


@pytest.mark.parametrize("rules", FILLED, ids=[r.spec().replace(" ", "_") for r in FILLED])
def test_a_table_filled_by_one_layout_answers_others_exactly(rules: Rules) -> None:
    # The sharpest check of the patterns: the table one layout filled answers other layouts
    # of the same position (cards swapped between hands), where a pattern that left a card
    # free that mattered would give a wrong value.
    checked = 0
    for seed in range(30):
        deal = ending(seed + 5000, rules, 3 + seed % 2)
        if deal is None:
            continue
        rng = random.Random(seed)
        for objective in _objectives(rules, rng)[:2]:
            solver = Solver(objective, partition=True)
            solver.solve(deal)
            for other in _layouts(deal, rng, 4):
                solver.adopt(other)
                kept = solver.solve(other)
                fresh = Solver(objective, partition=False).solve(other)
                assert kept.values == fresh.values, (rules.spec(), seed, objective, other.position_text())
                checked += 1
    assert checked >= 60


def _boundary_on_line(seed: int) -> tuple[Solver, Deal, list[int]] | None:
    """A guild position at a trick boundary that the solver stored, the solver, and the
    winning cards of the tricks of its principal line from there."""
    rules = find_rules("guild")
    deal = ending(seed, rules, 4, declare_chance=0.0)
    if deal is None:
        return None
    solver = Solver(DealPoints(), partition=True)
    result = solver.solve(deal)
    line = list(result.line)
    while line and (deal.trick_cards or deal.pending is not None or len(deal._tricks) < 6):
        deal.push(line.pop(0))
    if deal.trick_cards or deal.pending is not None or deal.is_over():
        return None
    winners = []
    done = len(deal._tricks)
    for action in line:
        deal.push(action)
    for leader, winner, cards in deal._tricks[done:]:
        winners.append(cards[(winner - leader) % 4])
    for _ in line:
        deal.pop()
    return solver, deal, winners


def _swapped(deal: Deal, a: int, b: int) -> Deal | None:
    """The same deal with cards ``a`` and ``b`` (both still in hands, in different hands)
    swapped from the start, and the same actions replayed (``None`` if one is then illegal)."""
    hands = list(deal.initial_hands)
    for seat in range(4):
        if hands[seat] >> a & 1 or hands[seat] >> b & 1:
            hands[seat] ^= (1 << a) | (1 << b)
    other = Deal([cards_of(h) for h in hands], deal.rules, deal.dealer, deal.opening, deal.leader)
    for _, action in deal.history:
        if action not in other.legal_actions():
            return None
        other.push(action)
    return other


def _holder(deal: Deal, card: int) -> int:
    return next(seat for seat in range(4) if deal.hands[seat] >> card & 1)


def _exact_rest(deal: Deal) -> int:
    """The exact value of the rest of the deal (objective's view, declarations left out)."""
    result = Solver(DealPoints(), partition=False).solve(deal)
    ev = DealPoints().bind(deal)
    return int(result.sign * result.value - ev.additive(deal))


def test_layouts_that_differ_only_in_free_low_cards_share_an_entry() -> None:
    shared = 0
    for seed in range(200):
        found = _boundary_on_line(seed)
        if found is None:
            continue
        solver, deal, _ = found
        alive = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
        for f, lo, hi in solver.entries_for(deal):
            for s in range(4):
                free = [c for c in range(9 * s, 9 * s + 9) if alive >> c & 1][: f[s]]
                pairs = [(a, b) for a in free for b in free if a < b and _holder(deal, a) != _holder(deal, b)]
                pair = pairs[0] if pairs else None
                if pair is None:
                    continue
                other = _swapped(deal, *pair)
                if other is None:
                    continue
                # The other layout finds the very entry, and its bounds hold there.
                assert (f, lo, hi) in solver.entries_for(other), (seed, pair)
                assert lo <= _exact_rest(other) <= hi, (seed, pair)
                shared += 1
                break
        if shared >= 6:
            break
    assert shared >= 6


def test_moving_a_card_that_wins_a_trick_leaves_the_entry_behind() -> None:
    apart = 0
    for seed in range(200):
        found = _boundary_on_line(seed)
        if found is None:
            continue
        solver, deal, winners = found
        entries = solver.entries_for(deal)
        if not entries:
            continue
        alive = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
        win = winners[0]
        suit = win // 9
        in_suit = [c for c in range(9 * suit, 9 * suit + 9) if alive >> c & 1]
        lower = [c for c in in_suit if c < win and _holder(deal, c) != _holder(deal, win)]
        for f, lo, hi in entries:
            if in_suit.index(win) < f[suit] or not lower:
                continue  # the winner is free here (it beat no card of its suit) or alone
            other = _swapped(deal, win, lower[0])
            if other is None:
                continue
            assert (f, lo, hi) not in solver.entries_for(other), (seed, win, lower[0])
            apart += 1
            break
        if apart >= 6:
            break
    assert apart >= 6


def test_a_free_mask_leaves_the_lowest_cards_of_each_suit_free() -> None:
    # Spades 6, 8, 9, J in play and two of them free: the ranks below the nine.
    alive = 0b10_1101
    mask = _free_of(alive, (2, 0, 0, 0))
    assert mask & 511 == 0b111
    # No card free in a suit: nothing below its lowest card matters either.
    assert mask >> 9 & 511 == 511  # no hearts in play: all of them free
    assert _free_of(alive, (0, 0, 0, 0)) & 511 == 0
    assert _free_of(alive, (4, 0, 0, 0)) & 511 == 511


def test_settling_pins_a_free_card_merged_into_a_pinned_one_and_a_small_winner_to_beat() -> None:
    # Free: spades below the eight (6, 7). The 7 was merged into the pinned 8: pin the 7,
    # and then the 6 merged into the 7 as well.
    free = 0b11
    merges = {(1 << 1, 1 << 2, 1), (1 << 0, 1 << 1, 0)}
    assert _settle(free, merges, set()) & 511 == 0
    # The 6 winning so far while the next hand held the free 7 under a duty to beat it.
    beats = {(1 << 0, 1 << 1, 0)}
    assert _settle(free, set(), beats) & 511 == 0
    # A duty to beat where the hand held only pinned cards changes nothing.
    assert _settle(free, set(), {(1 << 0, 1 << 4, 0)}) == free
