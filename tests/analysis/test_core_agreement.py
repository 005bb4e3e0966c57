"""One set of rules, checked: the compiled core's moves against the engine's, its values
against the pure-Python solver's and a plain minimax's, and a deliberately broken core caught.

The tests loop over the presets the core says it serves (``core_presets``), each switch
value one at a time (``variants``), so that a rule family added later, which stays on the
Python solver, never turns them red. The default run checks a share; the full counts are
marked slow.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marjapussi import Deal, Rules, find_rules
from marjapussi.actions import ANSWER_NO, Answer, AskHalf
from marjapussi.analysis import SolveError, solve
from marjapussi.analysis.core import (
    ENVIRONMENT,
    MAX_PATH,
    CoreLibrary,
    CoreSearch,
    action_of,
    backend,
)
from marjapussi.analysis.solver import node_actions
from marjapussi.randomplay import random_action
from marjapussi.rules import PRESETS as PRESET_NAMES

from .brute import brute_values, endings
from .core_support import (
    Compared,
    build_core,
    compare_values,
    core_presets,
    in_play,
    library_at,
    moves_mismatch,
    objectives,
    playout,
    start,
    trace_mismatches,
    variant_id,
    variants,
)

PRESETS = core_presets()
VARIANTS = [v for rules in PRESETS for v in variants(rules)]


def test_the_core_serves_every_preset_of_today() -> None:
    assert {r.name for r in PRESETS} >= {"guild", "pagat", "huutopussi", "huutopussi3"}
    assert len(VARIANTS) > 40


def check_playouts(search: CoreSearch, rules: Rules, seeds: range) -> tuple[int, list[str]]:
    """Compare the moves at every position of random playouts; return (positions, mismatches)."""
    positions, mismatches = 0, []
    for seed in seeds:
        for deal in playout(rules, seed):
            found = moves_mismatch(search, deal)
            if found:
                mismatches.append(found)
            positions += 1
    return positions, mismatches


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_moves_equal_the_engines_in_random_playouts(core_library: CoreLibrary, rules: Rules) -> None:
    positions, mismatches = check_playouts(CoreSearch(core_library, 4096), rules, range(40))
    assert not mismatches, mismatches[:3]
    assert positions > 500


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_moves_equal_the_engines_in_2000_playouts(core_library: CoreLibrary, rules: Rules) -> None:
    positions, mismatches = check_playouts(CoreSearch(core_library, 4096), rules, range(10_000, 12_000))
    assert not mismatches, mismatches[:3]
    # Every card of a deal is a position; a Huutopussi deal redealt in the auction has none.
    assert positions > 1500 * rules.tricks_per_deal * rules.players


MARRIAGE_MOVES = [
    find_rules("huutopussi-marriage"),
    find_rules("huutopussi-marriage", declare_right="any-won"),
    find_rules("huutopussi-marriage", ask_lockout="illisoft"),
    find_rules("huutopussi-marriage", bluff_half_ask=True),
    find_rules("huutopussi-marriage", ask_lockout="illisoft", bluff_half_ask=True, declare_right="any-won"),
    find_rules("huutopussi-marriage", must_beat=False, first_trick_ace=True),
]
"""Four-player marriage-trump rule sets whose switches change the moves."""


@pytest.mark.parametrize("rules", MARRIAGE_MOVES, ids=variant_id)
def test_the_marriage_familys_moves_equal_the_engines_in_random_playouts(
    core_library: CoreLibrary, rules: Rules
) -> None:
    search = CoreSearch(core_library, 4096)
    positions, mismatches, barred, bluffs, answers = 0, [], 0, 0, 0
    for seed in range(40):
        for deal in playout(rules, seed):
            found = moves_mismatch(search, deal)
            if found:
                mismatches.append(found)
            positions += 1
            barred += deal.burned >= 1 << 16  # a whole-ask bar or a denied half ask
            actions = node_actions(deal)
            bluffs += any(isinstance(a, AskHalf) and a.rank is not None for a in actions)
            answers += any(isinstance(a, Answer) for a in actions)
    assert not mismatches, mismatches[:3]
    assert positions > 1000 and barred > 50 and answers > 20
    assert bluffs > 10 if rules.bluff_half_ask else bluffs == 0


def step_mismatches(search: CoreSearch, deal: Deal) -> list[str]:
    """The moves after each action (and after each ask's answers) by the core's own
    make-move against the engine's ``push``."""
    out = []
    for action in node_actions(deal):
        paths = [(action,)]
        deal.push(action)
        if deal.pending is not None:
            paths += [(action, answer) for answer in node_actions(deal)]
        deal.pop()
        for path in paths:
            core = [action_of(code) for code in search.moves(deal, path)]
            for step in path:
                deal.push(step)
            engine = node_actions(deal) if in_play(deal) else []
            for _ in path:
                deal.pop()
            if core != engine:
                out.append(f"{deal.position_text()} then {path}: core {core} engine {engine}")
    return out


def path_mismatches(search: CoreSearch, deal: Deal, rng: random.Random) -> list[str]:
    """Play a random deal out, then from every position of its card play: the moves the
    core lists after making the deal's next ``MAX_PATH`` actions itself, against the
    engine's there (what an ask or a no left behind shows tricks later)."""
    while not deal.is_over():
        deal.push(random_action(deal, rng, 0.6))
    actions = [action for _, action in deal.history]
    out = []
    while deal.history and in_play_before(deal):
        deal.pop()
        at = len(deal.history)
        path = tuple(actions[at : at + MAX_PATH])
        core = [action_of(code) for code in search.moves(deal, path)]
        for step in path:
            deal.push(step)
        engine = node_actions(deal) if in_play(deal) else []
        for _ in path:
            deal.pop()
        if core != engine:
            out.append(f"{deal.position_text()} then {path}: core {core} engine {engine}")
    return out


def in_play_before(deal: Deal) -> bool:
    """Whether the position before the deal's last action was one of card play."""
    last = deal.pop()
    try:
        return in_play(deal)
    finally:
        deal.push(last)


@pytest.mark.parametrize("rules", [*MARRIAGE_MOVES, *PRESETS], ids=variant_id)
def test_the_cores_make_move_equals_the_engines_push(core_library: CoreLibrary, rules: Rules) -> None:
    search = CoreSearch(core_library, 4096)
    mismatches: list[str] = []
    steps = denied = 0
    for seed in range(12):
        for deal in playout(rules, seed):
            mismatches += step_mismatches(search, deal)
            steps += 1
            if deal.pending is not None and deal.pending[1] == "half" and deal.answers() == [ANSWER_NO]:
                denied += 1
    for seed in range(100, 140):
        rng = random.Random(seed)
        deal = start(rules, rng)
        while not in_play(deal) and not deal.is_over():
            deal.push(random_action(deal, rng))
        mismatches += path_mismatches(search, deal, rng)
    assert not mismatches, mismatches[:3]
    assert steps > 200
    assert denied > 0 or rules.family != "huutopussi-marriage" or rules.players == 3  # three never ask


def test_every_preset_answers_core(core_library: CoreLibrary) -> None:
    assert {r.name for r in PRESETS} == set(PRESET_NAMES)
    assert all(backend(r) == "core" for r in PRESETS)
    deal = next(d for d in playout(find_rules("huutopussi-marriage3"), 3) if d.tricks)
    assert CoreSearch(core_library, 4096).moves(deal)  # three players: the talon and discard


def check_traces(search: CoreSearch, rules: Rules, seeds: range, tricks_left: int, wanted: int) -> int:
    """Solve endings with the core's trace on; every node's moves must be the engine's."""
    nodes = checked = 0
    for seed, deal in endings(seeds, rules, tricks_left):
        choices = objectives(rules, random.Random(seed))
        visited, mismatches = trace_mismatches(search, deal, choices[seed % len(choices)])
        assert not mismatches, mismatches[:3]
        nodes += visited
        checked += visited > 0
        if checked == wanted:
            break
    return nodes


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_moves_at_every_node_the_core_visits_equal_the_engines(
    core_library: CoreLibrary, rules: Rules
) -> None:
    search = CoreSearch(core_library, 4096)
    nodes = check_traces(search, rules, range(200), 2, 4) + check_traces(search, rules, range(200, 400), 3, 1)
    assert nodes > 100


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_moves_at_every_node_of_many_endings_equal_the_engines(
    core_library: CoreLibrary, rules: Rules
) -> None:
    search = CoreSearch(core_library, 4096)
    nodes = check_traces(search, rules, range(1000, 3000), 2, 100)
    # 45 endings of three tricks: three players' endings have fewer nodes, and the cashing
    # bounds cut more of them, so 30 no longer kept every variant above the floor below.
    nodes += check_traces(search, rules, range(3000, 4000), 3, 45)
    assert nodes > 5000


def assert_kinds_offered(rules: Rules, found: Compared) -> None:
    """Declarations and asks, answers (Marjapussi) or marriage leads (Huutopussi) were among
    the actions valued."""
    if rules.family == "huutopussi":
        assert found.marriage_leads > 0, found
    elif rules.family == "huutopussi-marriage" and rules.players == 3:
        # Three players only declare their own marriages, seldom offered: only the long
        # run is sure to meet them.
        assert found.declaring > 0 or found.positions < 1000, found
    else:
        assert found.declaring > 0 and found.answering > 0, found


@pytest.mark.parametrize("rules", PRESETS, ids=variant_id)
def test_values_equal_the_python_solvers(core_library: CoreLibrary, rules: Rules) -> None:
    found = compare_values(rules, range(1000), 25, first=5, last=8)
    assert not found.mismatches, found.mismatches[:2]
    assert found.positions == 25
    assert_kinds_offered(rules, found)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS, ids=variant_id)
def test_values_equal_the_python_solvers_on_2000_positions(core_library: CoreLibrary, rules: Rules) -> None:
    found = compare_values(rules, range(100_000, 110_000), 2000, first=3, last=8)
    assert not found.mismatches, found.mismatches[:2]
    assert found.positions == 2000
    assert_kinds_offered(rules, found)


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_values_equal_a_plain_minimax_on_small_endings(core_library: CoreLibrary, rules: Rules) -> None:
    checked = 0
    for seed, deal in endings(range(500), rules, 2):
        choices = objectives(rules, random.Random(seed))
        try:
            choices[0].bind(deal)
        except SolveError:
            continue  # three-player Huutopussi with no bid: no objective counts it
        for objective, values in zip(choices, brute_values(deal, choices), strict=True):
            result = solve(deal, objective, backend="core")
            assert result.values == values, (seed, objective, deal.position_text())
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_a_broken_duty_in_the_core_is_caught(
    core_library: CoreLibrary, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A core built with the duty to beat switched off must fail every check above.
    built = build_core(tmp_path, "-DBREAK_MUST_BEAT", native_only=True)
    assert isinstance(built, Path), built
    broken = CoreSearch(library_at(built), 4096)
    guild = find_rules("guild")
    _, mismatches = check_playouts(broken, guild, range(10))
    assert mismatches
    with pytest.raises(AssertionError):
        check_traces(broken, guild, range(200), 2, 20)
    monkeypatch.setenv(ENVIRONMENT, str(built))
    found = compare_values(guild, range(1000), 25, first=5, last=8)
    assert found.mismatches
