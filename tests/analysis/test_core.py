"""The compiled core behind the solver's API: which backend serves which rules, the fallback
with the core absent, forged positions refused, searches in threads, Huutopussi's trump
choice valued over the core, and the header's layout shared by C and Python."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
import struct
import threading
from pathlib import Path

import pytest

from marjapussi import Deal, find_rules
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Solver, backend, solve
from marjapussi.analysis import core as core_module
from marjapussi.analysis.core import (
    ENVIRONMENT,
    HEADER_WORDS,
    INPUT_WORDS,
    UTILITY_AT,
    CoreError,
    CoreLibrary,
    CoreSearch,
    SearchUnfinished,
    encode,
    nodes_visited,
)
from marjapussi.cli import main
from marjapussi.game import Game, ReviewWork
from marjapussi.randomplay import random_action
from marjapussi.rules import GUILD, PRESETS

from .core_support import core_presets, declaration_forgeries, forgeries, objectives, position, trump_phase

SOURCE = Path(core_module.__file__).with_name("core.c")


def test_the_header_layout_is_the_same_in_c_and_python() -> None:
    text = SOURCE.read_text(encoding="utf-8")
    fields = dict(re.findall(r"^\s+(H_[A-Z_]+) = (\d+),?", text, re.MULTILINE))
    defines = dict(re.findall(r"^#define ([A-Z_]+) (\d+)$", text, re.MULTILINE))
    assert len(fields) > 50
    for name, value in fields.items():
        assert getattr(core_module, name) == int(value), name
    for name in ("VERSION", "HEADER_WORDS", "CORE_WORDS", "MAX_ACTIONS", "MAX_LINE", "MAX_CARRIED"):
        assert getattr(core_module, name) == int(defines[name]), name
    # The caller writes the words before H_STATUS; the core answers from there on.
    assert int(fields["H_STATUS"]) == INPUT_WORDS


def test_the_core_serves_the_presets_and_leaves_an_unknown_family_to_python(
    core_library: CoreLibrary,
) -> None:
    for rules in PRESETS.values():
        assert backend(rules) == ("core" if rules in core_presets() else "python")
    assert backend(find_rules("pagat", deck_size=28, must_beat=False)) == "core"
    # A family added later (a name the core does not know) stays on the Python solver.
    newcomer = dataclasses.replace(GUILD, name="newcomer")
    assert backend(newcomer) == "python"
    deal = Deal.random(3, newcomer)
    for _ in range(30):
        deal.push(random_action(deal, random.Random(3)))
    solver = Solver()
    assert solver.solve(deal).values == solve(deal, backend="python").values
    assert solver.used == "python"


def test_depth_limited_and_foreign_objectives_stay_on_python(core_library: CoreLibrary) -> None:
    deal = position(find_rules("guild"), 5, 3, 3)
    assert deal is not None
    solver = Solver()
    solver.solve(deal, depth_tricks=2)
    assert solver.used == "python"
    solver.solve(deal)
    assert solver.used == "core"
    with pytest.raises(CoreError):
        Solver(backend="core").solve(deal, depth_tricks=2)


def test_without_the_core_the_python_solver_gives_the_same_results(
    core_library: CoreLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = []
    for rules in core_presets():
        for seed in range(3):
            deal = position(rules, 40 + seed, 5, 8)
            if deal is None:
                continue
            objective = objectives(rules, random.Random(0))[0]
            cases.append((deal, objective, Solver(objective).solve(deal)))
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert all(backend(rules) == "python" for rules in PRESETS.values())
    for deal, objective, with_core in cases:
        solver = Solver(objective)
        without = solver.solve(deal)
        assert solver.used == "python"
        assert (without.values, without.best, without.value, without.line) == (
            with_core.values,
            with_core.best,
            with_core.value,
            with_core.line,
        )
    with pytest.raises(CoreError):
        Solver(backend="core").solve(cases[0][0])


def test_analyse_json_names_the_backend(core_library: CoreLibrary, monkeypatch: pytest.MonkeyPatch) -> None:
    record = Path(__file__).parents[2] / "examples" / "records" / "disputed-hand.mjp"
    for expected in ("core", "python"):
        if expected == "python":
            monkeypatch.setenv(ENVIRONMENT, "off")
        out = io.StringIO()
        assert main(["analyse", str(record), "--json"], out) == 0
        assert json.loads(out.getvalue())["backend"] == expected


def test_searches_in_threads_give_the_values_of_searches_one_by_one(core_library: CoreLibrary) -> None:
    # The core keeps no state of its own: each solver searches in its own buffer.
    deals = [d for d in (position(find_rules("guild"), seed, 3, 5) for seed in range(8)) if d is not None]
    alone = [Solver().solve(deal).values for deal in deals]
    together: list[object] = [None] * len(deals)

    def work(i: int) -> None:
        together[i] = Solver().solve(deals[i]).values

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(deals))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_forged_positions_are_refused_or_searched_never_read_out_of_bounds(core_library: CoreLibrary) -> None:
    # Every field is checked; whatever passes is searched within the buffer (the sanitizer
    # test runs the same forgeries under AddressSanitizer).
    rng = random.Random(5)
    search = CoreSearch(core_library, 1 << 8)
    size = search.size(search.tt_log2)
    refused = searched = 0
    for rules in core_presets():
        deal = position(rules, 11, 7, 8)
        assert deal is not None
        objective = objectives(rules, random.Random(0))[0]
        words, _ = encode(deal, objective, objective.bind(deal), tt_log2=search.tt_log2)
        buffer = core_library.acquire(size, size, None)
        assert buffer is not None
        try:
            for forged in forgeries(words, rng):
                core_library.write(buffer.address, struct.pack(f"<{INPUT_WORDS}i", *forged))
                for entry in ("mp_moves", "mp_solve"):
                    status = core_library.call(entry, buffer.address, size)
                    refused += status < 0
                    searched += status >= 0
            core_library.write(buffer.address, struct.pack(f"<{INPUT_WORDS}i", *words))
            assert core_library.call("mp_solve", buffer.address, HEADER_WORDS * 4) == -1  # too small
        finally:
            core_library.release(buffer)
    assert refused > 1000 and searched > 100


def test_declaration_points_the_declared_suits_cannot_give_are_refused(core_library: CoreLibrary) -> None:
    # Issue 30, item 18: 5 points with nothing declared let the search declare more and
    # index past the era table's cache; such a header is a forged position (-5).
    search = CoreSearch(core_library, 16)
    size = search.size(search.tt_log2)
    checked = set()
    for seed in range(40):
        deal = position(GUILD, 600 + seed, 2, 7)
        if deal is None or deal.pending is not None or deal.declared.bit_count() in checked:
            continue
        checked.add(deal.declared.bit_count())
        for objective in (DealPoints(), EraUtility((3, 9), 1)):
            words, utility = encode(deal, objective, objective.bind(deal), tt_log2=search.tt_log2, reset=True)
            buffer = core_library.acquire(size, size, None)
            assert buffer is not None
            try:
                table = struct.pack(f"<{len(utility)}i", *utility)
                core_library.write(buffer.address + UTILITY_AT * 4, table)
                for forged in declaration_forgeries(words):
                    for entry in ("mp_moves", "mp_solve", "mp_value"):
                        core_library.write(buffer.address, struct.pack(f"<{INPUT_WORDS}i", *forged))
                        assert core_library.call(entry, buffer.address, size) == -5, (entry, forged[75:77])
                core_library.write(buffer.address, struct.pack(f"<{INPUT_WORDS}i", *words))
                assert core_library.call("mp_solve", buffer.address, size) >= 0
            finally:
                core_library.release(buffer)
    assert {0, 1} <= checked


def test_naming_trumps_is_valued_by_the_core_for_each_trump(core_library: CoreLibrary) -> None:
    # Decisions before card play: Python drives the core once per candidate.
    checked = 0
    for seed in range(60):
        deal = trump_phase(seed)
        if deal is None:
            continue
        result = Solver(backend="core").solve(deal)
        assert [str(a) for a in result.values] == [str(a) for a in deal.legal_actions()]
        for action, value in result.values.items():
            deal.push(action)
            assert solve(deal, backend="core").value == value  # the bid winner names trumps and leads
            deal.pop()
        # The line keeps the value to the end.
        start = len(deal.history)
        for action in result.line:
            deal.play(action)
        assert deal.is_over()
        assert ContractResult().bind(deal).final(deal) == result.value
        while len(deal.history) > start:
            deal.pop()
        checked += 1
        if checked == 2:
            break
    assert checked == 2


@pytest.mark.slow
def test_naming_trumps_values_equal_the_python_solvers(core_library: CoreLibrary) -> None:
    deal = next(d for d in map(trump_phase, range(60)) if d is not None)
    python = Solver(backend="python").solve(deal)
    core = Solver(backend="core").solve(deal)
    assert (core.values, core.best, core.line) == (python.values, python.best, python.line)


def test_era_utility_with_carried_points_beyond_the_cores_table_stays_on_python(
    core_library: CoreLibrary,
) -> None:
    deal = position(find_rules("pagat"), 3, 6, 7)
    assert deal is not None
    solver = Solver(EraUtility((5, 5), carried=9))
    assert solver.solve(deal).exact
    assert solver.used == "python"


@pytest.mark.parametrize("name", ["guild", "pagat", "huutopussi", "huutopussi3"])
def test_a_search_out_of_its_node_budget_goes_on_where_it_stopped(
    core_library: CoreLibrary, name: str
) -> None:
    """A call whose node budget runs out answers nothing (``SearchUnfinished``); the same call
    again on the same solver goes on from what its table kept, and the values at the end are
    those of a search without a budget. A position after one trick needs many budgets."""
    rules = find_rules(name)
    deals = [d for d in (position(rules, seed, 1, 2) for seed in range(12)) if d is not None][:4]
    assert deals
    for deal in deals:
        whole = Solver().solve(deal)
        assert whole.nodes > 4000
        solver, budget, stops = Solver(), max(whole.nodes // 8, 200), 0
        while True:
            try:
                sliced = solver.solve(deal, node_budget=budget)
                break
            except SearchUnfinished as stop:
                assert stop.nodes >= budget
                stops += 1
                assert stops < 200, "the slices make no progress"
        assert stops >= 1
        assert sliced.values == whole.values and sliced.value == whole.value and sliced.best == whole.best
        # The stopped calls stored nothing wrong: a new position of the deal is solved right.
        assert solver.solve(deal).values == whole.values


def test_the_nodes_visited_in_a_thread_count_every_call_a_cut_one_to_where_it_stopped(
    core_library: CoreLibrary,
) -> None:
    """``nodes_visited`` (the pace of ``expert``'s auction) adds each call's nodes, a call cut
    short by its budget counted to where it stopped, in the thread that searched only."""
    rules = find_rules("huutopussi3")
    deal = next(d for d in (position(rules, seed, 0, 2) for seed in range(12)) if d is not None)
    objective = objectives(rules, random.Random(5))[0]
    search = CoreSearch(core_library, 200_000)
    before = nodes_visited()
    with pytest.raises(SearchUnfinished) as stop:
        search.call("mp_value", deal, objective, objective.bind(deal), node_budget=100)
    assert nodes_visited() - before == stop.value.nodes >= 100
    answer = search.call("mp_value", deal, objective, objective.bind(deal))
    assert nodes_visited() - before == stop.value.nodes + answer.nodes
    seen: list[int] = []
    thread = threading.Thread(target=lambda: seen.append(nodes_visited()))
    thread.start()
    thread.join()
    assert seen == [0]


@pytest.mark.parametrize(
    "name", ["guild", "pagat", "huutopussi", "huutopussi3", "huutopussi-marriage", "huutopussi-marriage3"]
)
def test_a_value_search_in_slices_visits_the_nodes_of_one_search(
    core_library: CoreLibrary, name: str
) -> None:
    """``mp_value`` cut short by its node budget keeps its place: the same call again goes on
    there, so its tries visit, in all, exactly the nodes of one search without a budget (no
    node twice) and answer its value and line. A call of another position in between
    starts that one afresh and leaves both answers right."""
    rules = find_rules(name)
    rng = random.Random(5)
    deals = [d for d in (position(rules, seed, 0, 2) for seed in range(12)) if d is not None][:3]
    assert deals
    other = next(d for d in (position(rules, seed, 1, 3) for seed in range(90, 120)) if d is not None)
    for deal in deals:
        for objective in objectives(rules, rng)[:2]:
            whole = CoreSearch(core_library, 200_000)
            one = whole.call("mp_value", deal, objective, objective.bind(deal))
            part = CoreSearch(core_library, 200_000)
            budget, nodes, tries = max(one.nodes // 9, 50), 0, 0
            while True:
                try:
                    sliced = part.call("mp_value", deal, objective, objective.bind(deal), node_budget=budget)
                    break
                except SearchUnfinished as stop:
                    nodes += stop.nodes
                    tries += 1
                    assert tries < 1_000
            assert (sliced.value, sliced.line) == (one.value, one.line)
            assert nodes + sliced.nodes == one.nodes and tries >= 1, (name, nodes + sliced.nodes, one.nodes)
            # A cut call, another position's call on the same table, then the first again.
            mixed = CoreSearch(core_library, 200_000)
            with pytest.raises(SearchUnfinished):
                mixed.call("mp_value", deal, objective, objective.bind(deal), node_budget=budget)
            between = mixed.call("mp_value", other, objective, objective.bind(other))
            alone = CoreSearch(core_library, 200_000)
            fresh = alone.call("mp_value", other, objective, objective.bind(other))
            assert (between.value, between.line) == (fresh.value, fresh.line)
            again = mixed.call("mp_value", deal, objective, objective.bind(deal))
            assert (again.value, again.line) == (one.value, one.line)


def test_the_review_in_slices_of_a_small_budget_finds_what_the_whole_review_finds(
    core_library: CoreLibrary,
) -> None:
    """The Play page's review: every step is bounded by the node budget, a position that needs
    more is left for the next step, and the items are those of the review in one go."""
    from marjapussi.cards import Seat

    for family, seed in (("guild", 3), ("pagat", 5), ("huutopussi", 2)):
        game = Game.new(family, seed)
        while not game.position().deal.is_over():
            game = game.push(game.decision("beginner").action)
        whole = ReviewWork(game, Seat.S).finish()
        work, steps = ReviewWork(game, Seat.S), 0
        while not work.step(node_budget=2_000):
            steps += 1
            assert steps < 10_000
        assert steps > work.total, "no position needed a second slice"
        assert tuple(work.items) == whole


def test_the_wasm_memory_never_grows_past_32_mb() -> None:
    """The WebAssembly library's buffers come from the module's memory, which grows page by page
    up to ``MAX_WASM_BYTES`` and never past it: a buffer that does not fit is refused, and a
    search then takes the largest free buffer of at least its least size (a smaller table)."""
    from marjapussi.analysis.core import MAX_WASM_BYTES, WasmLibrary

    class Memory:
        def __init__(self) -> None:
            self.buffer = type("Buffer", (), {"byteLength": 65536})()

        def grow(self, pages: int) -> None:
            self.buffer = type("Buffer", (), {"byteLength": self.buffer.byteLength + pages * 65536})()

    class Exports:
        memory = Memory()

        def mp_version(self) -> int:
            return 3

        def mp_heap_base(self) -> int:
            return 70_000

    lib = WasmLibrary(Exports(), None)
    big = CoreSearch.size(18)
    lent = [lib.acquire(big, CoreSearch.size(4), owner) for owner in range(12)]
    assert Exports.memory.buffer.byteLength <= MAX_WASM_BYTES
    got = [b for b in lent if b is not None]
    assert got and len(got) < 12, "every buffer fitted: the bound was never reached"
    assert all(b.address + b.size <= MAX_WASM_BYTES for b in got)
    lib.release(got[0])
    again = lib.acquire(big * 2, CoreSearch.size(4), "another")
    assert again is got[0], "a search that cannot grow memory takes the free buffer"
