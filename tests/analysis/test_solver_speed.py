"""The solver's speed-ups are exact: decided matti points, merged cards, the table key,
the table reused across the positions of one deal, and the table's bound."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from marjapussi import Deal, Rules, Seat, find_rules
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Solver, solve
from marjapussi.analysis.objectives import _cashable, _leader_sweeps, _PointsEvaluator
from marjapussi.analysis.solver import _canonical, _canonical_fast
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action
from marjapussi.scoring import compare_matti, count_cards

from .brute import VARIANTS, brute_values, ending, endings, minimax
from .helpers import deal_of, run


def _matti_winner(deal: Deal) -> int:
    """The matti point of a finished guild deal from the engine's own counting: +1 NS, -1 EW, 0."""
    (m0, p0, a0, _), (m1, p1, a1, _) = (count_cards(deal.taken[p]) for p in (0, 1))
    _, winner = compare_matti((m0, m1), (p0, p1), (a0, a1))
    return 0 if winner is None else (1 if winner == 0 else -1)


def test_a_decided_matti_point_is_the_one_the_deal_ends_with() -> None:
    rules = find_rules("guild")
    decided_seen = by_tie_break = 0
    for seed in range(400):
        rng = random.Random(seed)
        deal = Deal.random(rng, rules)
        evaluator = DealPoints().bind(deal)
        assert isinstance(evaluator, _PointsEvaluator)
        verdicts = []
        while not deal.is_over():
            if not deal.trick_cards and deal.pending is None:
                verdicts.append(evaluator.decided_cards(deal))
                matit = (count_cards(deal.taken[0])[0], count_cards(deal.taken[1])[0])
                if verdicts[-1] and max(matit) == 4:
                    by_tie_break += 1
            deal.push(random_action(deal, rng))
        final = _matti_winner(deal)
        for verdict in verdicts:
            assert verdict in (0, final), (seed, verdicts, final)
            decided_seen += verdict != 0
    assert decided_seen > 500
    assert by_tie_break > 20  # decided by the pips or aces before the matit were counted out


def test_the_searchs_table_key_equals_the_reference_key() -> None:
    rng = random.Random(3)
    rules = find_rules("guild")
    for seed in range(300):
        deal = Deal.random(seed, rules)
        evaluator = DealPoints().bind(deal)
        while not deal.is_over():
            if not deal.trick_cards and deal.pending is None:
                classes = evaluator.classes(deal)
                assert _canonical_fast(deal.hands, classes) == _canonical(deal.hands, classes)
            deal.push(random_action(deal, rng))


def test_merged_classes_keep_marriage_cards_apart_only_while_a_marriage_is_possible() -> None:
    # A king and queen are kept apart only where one pair holds both and the suit is undeclared.
    rules = find_rules("guild")
    seen = {True: 0, False: 0}
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.random(rng, rules)
        evaluator = DealPoints().bind(deal)
        while not deal.is_over():
            if not deal.trick_cards and deal.pending is None:
                classes = evaluator.classes(deal)
                hands = deal.hands
                pairs = (hands[0] | hands[2], hands[1] | hands[3])
                for suit in range(4):
                    kq = (1 << (suit * 9 + 6)) | (1 << (suit * 9 + 5))
                    possible = not deal.declared >> suit & 1 and any(p & kq == kq for p in pairs)
                    assert [classes[suit * 9 + 5] == -1, classes[suit * 9 + 6] == -1] == [possible] * 2
                    seen[possible] += 1
            deal.push(random_action(deal, rng))
    assert min(seen.values()) > 100


def _walk(deal: Deal, rng: random.Random, from_trick: int) -> Deal:
    while not deal.is_over() and (len(deal._tricks) < from_trick or deal.phase is not Phase.PLAY):
        deal.push(random_action(deal, rng))
    return deal


def test_one_solver_for_a_whole_deal_gives_the_values_of_fresh_solves(solver_backend: str) -> None:
    for rules in VARIANTS:
        for seed in range(3):
            rng = random.Random(seed)
            deal: Deal
            if rules.family == "huutopussi":
                deal = HuutopussiDeal.random(rng, rules)
            else:
                deal = Deal.random(rng, rules)
            deal = _walk(deal, rng, rules.tricks_per_deal - 4)
            objective = DealPoints() if rules.family == "marjapussi" else None
            solver = Solver(objective, backend=solver_backend)
            while not deal.is_over():
                kept = solver.solve(deal)
                fresh = solve(deal, objective, backend="python")
                assert kept.values == fresh.values, (rules.spec(), seed, deal.position_text())
                deal.push(random_action(deal, rng))


def test_the_table_stays_within_its_bound() -> None:
    rules = find_rules("guild")
    for seed in range(4):
        deal = ending(seed + 700, rules, 4)
        assert deal is not None
        solver = Solver(DealPoints(), tt_size=50, backend="python")
        result = solver.solve(deal)
        assert len(solver.table) <= 50
        assert result.values == solve(deal).values


CASHING_RULES = {
    "guild": find_rules("guild"),
    "pagat": find_rules("pagat"),
    "pagat28": find_rules("pagat", deck_size=28, card_values="simplified", must_beat=False),
}


def _trick_starts(seeds: range, rules: Rules, tricks_left: int) -> Iterator[tuple[int, Deal]]:
    """Random positions at a trick start (no card on the table, no answer pending)."""
    for seed, deal in endings(seeds, rules, tricks_left):
        rng = random.Random(seed)
        while deal.trick_cards or deal.pending is not None:
            deal.push(random_action(deal, rng))
        if not deal.is_over():
            yield seed, deal


@pytest.mark.parametrize(
    ("rules", "seeds3"),
    [
        *(pytest.param(rules, range(6000, 6040), id=name) for name, rules in CASHING_RULES.items()),
        *(
            pytest.param(rules, range(6000, 6400), id=f"{name}-many", marks=pytest.mark.slow)
            for name, rules in CASHING_RULES.items()
        ),
    ],
)
def test_the_bounds_narrowed_by_cashing_hold_the_game_value(rules: Rules, seeds3: range) -> None:
    """The quick bounds at a trick start, narrowed where the pair to lead takes every trick
    left or cashes the matti point (card majority), hold the game value of plain minimax
    for DealPoints, with carried points, and EraUtility (not monotone in the points):
    every position two tricks from the end, and those three from the end where the
    bounds narrow."""
    objectives = [DealPoints(), DealPoints(carried=2), EraUtility((10, 9)), EraUtility((4, 13))]
    sweeps = cashes = 0
    for tricks_left, seeds in ((2, range(5000, 5300)), (3, seeds3)):
        for seed, deal in _trick_starts(seeds, rules, tricks_left):
            evaluator = objectives[0].bind(deal)
            assert isinstance(evaluator, _PointsEvaluator)
            box = evaluator._ranges(deal)
            sweep = _leader_sweeps(deal)
            cash = not sweep and evaluator._cashing_box(deal, box) is not None
            if sweep:
                # The leader takes everything: of what the plain box leaves open, the last
                # trick and the matti point are settled, the other pair's declarations gone.
                lo, hi = evaluator.bounds(deal)
                assert hi - lo < max(box[1], box[3]), seed
            sweeps += sweep
            cashes += cash
            if tricks_left == 3 and not (sweep or cash):
                continue
            values = minimax(deal, objectives)
            for objective, value in zip(objectives, values, strict=True):
                bound = objective.bind(deal)
                assert isinstance(bound, _PointsEvaluator)
                lo, hi = bound.bounds(deal)
                assert lo <= value <= hi, (seed, objective, lo, value, hi)
    assert sweeps >= 100 and cashes >= 1, (sweeps, cashes)


HUUTOPUSSI_RULES = [r for r in VARIANTS if r.family == "huutopussi"]


@pytest.mark.parametrize("rules", HUUTOPUSSI_RULES, ids=["huutopussi", "double-molotov", "huutopussi3"])
def test_the_contract_bounds_of_a_sweeping_leader_hold_the_game_value(rules: Rules) -> None:
    """Huutopussi: where the leader takes every trick left, the bound on the leading
    side's part (it collects the rest, the others nothing more) holds the game value of
    plain minimax, two and three tricks from the end."""
    objective = ContractResult()
    sweeps = 0
    for tricks_left, seeds in ((2, range(5000, 5200)), (3, range(6000, 6060))):
        for seed, deal in _trick_starts(seeds, rules, tricks_left):
            if isinstance(deal, HuutopussiDeal) and deal.bidder is None and rules.players == 3:
                continue  # three players always have a bidder (a redeal otherwise)
            lo, hi = objective.bind(deal).bounds(deal)
            (value,) = minimax(deal, [objective])
            assert lo <= value <= hi, (seed, lo, value, hi)
            sweeps += _leader_sweeps(deal)
    assert sweeps >= 60, sweeps


def test_a_leader_holding_every_spade_cashes_them_and_sweeps() -> None:
    """Hand-built: North holds the nine spades, each other hand one suit. North takes
    every trick: the bounds settle the cards and the last trick for North–South and leave
    open only North–South's declarations; from the second trick North can cash every
    spade (not in the first, whose lead duties the cashing does not follow)."""
    suit = {s: ",".join(f"{s}{r}" for r in ("6", "7", "8", "9", "J", "Q", "K", "10", "A")) for s in "SHDC"}
    deal = deal_of(suit["S"], suit["H"], suit["D"], suit["C"], leader=Seat.N)
    evaluator = DealPoints().bind(deal)
    assert isinstance(evaluator, _PointsEvaluator)
    assert _leader_sweeps(deal) and _cashable(deal) == 0
    # North–South: every card (the matti point) and the last trick, then up to three
    # declaration points (spades, and diamonds asked from South; the first worth two).
    assert evaluator.bounds(deal) == (2, 5)
    run(deal, "SA,H6,D6,C6,S10,H7,D7,C7")
    assert _cashable(deal) == deal.hands[Seat.N]
    assert evaluator.bounds(deal) == (2, 5) == (solve(deal).value - 3, solve(deal).value)
    # East–West hold no spade: nothing changes once spades are trumps.
    run(deal, "declare S")
    assert _leader_sweeps(deal) and evaluator.bounds(deal) == (4, 5)


def test_the_era_utility_with_decided_tie_breaks_agrees_with_brute_force(solver_backend: str) -> None:
    # Endings where a pair already holds four matit: the tie-breaks decide early.
    rules = find_rules("guild")
    checked = 0
    for seed, deal in endings(range(3000, 6000), rules, 3):
        if max(count_cards(deal.taken[0])[0], count_cards(deal.taken[1])[0]) != 4:
            continue
        objectives = [DealPoints(), EraUtility((10, 9))]
        for objective, expected in zip(objectives, brute_values(deal, objectives), strict=True):
            assert solve(deal, objective, backend=solver_backend).values == expected, (seed, objective)
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_each_root_action_is_first_probed_at_the_best_value_found_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The root's first probe for an action asks whether it reaches the best value so far;
    # the values stay exact (the brute-force tests), and the probes start where most
    # actions fail low at once.
    from marjapussi.analysis import solver as solver_module

    exact = solver_module._exact
    seen: list[tuple[object, int]] = []

    def recording(search: object, ev: object, guess: object) -> int:
        value: int = exact(search, ev, guess)  # type: ignore[arg-type]
        seen.append((guess, value))
        return value

    monkeypatch.setattr(solver_module, "_exact", recording)
    rules = find_rules("guild")
    checked = 0
    for seed, deal in endings(range(900, 940), rules, 3):
        seen.clear()
        solve(deal, backend="python")
        maximise = DealPoints().bind(deal).maximiser[deal.to_act]
        pick = max if maximise else min
        for i in range(1, len(seen)):
            assert seen[i][0] == pick(v for _, v in seen[:i]), (seed, seen)
        checked += len(seen) > 2
    assert checked > 10
