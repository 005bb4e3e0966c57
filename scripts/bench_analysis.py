"""Benchmark the double-dummy solver on every backend: the compiled core natively, the same
core's WebAssembly module inside Pyodide under Node, and the pure-Python search.

For each family (guild from trick 1 with declarations, pagat, Huutopussi after a random
auction) it solves seeded random deals from their first card (every legal action's exact
value, as ``solve`` gives it) and positions after three random tricks, and prints nodes
searched and the median and 95th percentile milliseconds, backend by backend on the same
deals. The last line is ``dd_full_ms_median=… dd_full_ms_p95=… wasm_ratio=…
python_speedup=… marriage_full_ms_median=… marriage_full_ms_p95=… hp_full_ms_median=…
hp_full_ms_p95=…``: the native core's guild full deals, then the median over the same
deals of the WebAssembly core's time over the native one's, and of the pure-Python
search's time over the native one's, then the native core's full deals (after a random
auction and exchange) of Huutopussi with marriage trumps and of seed-004 Huutopussi in
the same run (the marriage family's goal: no slower than seed-004 Huutopussi).

    python scripts/bench_analysis.py [--deals 12] [--positions 12] [--families guild,pagat,huutopussi]
        [--wasm-deals 8] [--python-deals 2] [--python-positions 8] [--python-families guild]
        [--repeat 2] [--no-wasm] [--no-python]
    python scripts/bench_analysis.py --compare NO_QUICK_TRICKS,NO_HISTORY [--deals 8] [--positions 8]
    python scripts/bench_analysis.py --marriage-python-deals 10 [--no-wasm] [--no-python]

``--marriage-python-deals N`` counts the pure-Python solver's nodes on N full deals (after
a random auction and exchange) of each marriage preset, ``huutopussi-marriage`` and
``huutopussi-marriage3``, the family the core does not serve yet (minutes a deal), and
prints what the core would take for the same tree at its rate of about 9 M nodes a second:
the goal for the family on the core, beside the seed-004 Huutopussi deals of the same run.

``--compare`` builds the core once more for each switch named (``-DNO_…``, see core.c:
the core without that technique) and solves the same deals and positions with each, the
variants interleaved position by position, to measure what a technique buys in one run.

Times on a shared machine vary from run to run; compare figures of one run, and node
counts across runs. Wall-clock ("ms") and CPU time ("cpu ms") are both printed; on a
loaded machine the CPU time is the fairer figure, and the last line's figures are CPU
milliseconds (Pyodide's from Node's ``process.cpuUsage()``, which counts V8's compiler
threads too). The core's figures are the least of ``--repeat`` runs of each position (a
fresh solver each time: the same nodes), so that the WebAssembly module is timed once
V8 has compiled it as it does for a page that keeps running; the pure-Python search runs
once. The core is built first (``scripts/build_core.sh``, skipped when up to date).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyodide_runner import run_json  # noqa: E402

# The measuring code, run as it is by CPython and by Pyodide.
BENCH_CODE = r'''
import random, time
from marjapussi import Deal, find_rules
from marjapussi.analysis import Solver
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action


def start(family, seed):
    """A seeded deal at its first card (Huutopussi: after a random auction; the marriage
    family: after a random auction and exchange), or None."""
    rng = random.Random(seed)
    rules = find_rules(family)
    if rules.family == "huutopussi-marriage":
        from marjapussi.marriage_trumps import MarriageTrumpDeal

        deal = MarriageTrumpDeal.random(rng, rules)
        while deal.hp_phase is not Phase.PLAY and not deal.is_over():
            deal.push(random_action(deal, rng))
        return (None if deal.is_over() else deal), rng
    if rules.family == "huutopussi":
        deal = HuutopussiDeal.random(rng, rules)
        while deal.phase is not Phase.PLAY and not deal.is_over():
            deal.push(random_action(deal, rng))
        if deal.is_over():
            return None, rng
        return deal, rng
    return Deal.random(rng, rules, opening=seed % 2 == 0), rng


try:  # Pyodide under Node: this process's CPU time from Node itself
    import js

    def cpu_seconds():
        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
except ImportError:
    cpu_seconds = time.process_time


def position(family, seed, after_tricks):
    deal, rng = start(family, seed)
    if deal is not None:
        while len(deal._tricks) < after_tricks:
            deal.push(random_action(deal, rng))
    return deal


def bench(family, seeds, after_tricks, backend, repeat=1):
    """Solve each seed's position with a fresh solver ``repeat`` times; the least times."""
    rows = []
    for seed in seeds:
        deal = position(family, seed, after_tricks)
        if deal is None:
            continue
        ms = cpu_ms = float("inf")
        for _ in range(repeat):
            began, cpu = time.perf_counter(), cpu_seconds()
            solver = Solver(backend=backend)
            result = solver.solve(deal)
            ms = min(ms, (time.perf_counter() - began) * 1000)
            cpu_ms = min(cpu_ms, (cpu_seconds() - cpu) * 1000)
        rows.append(
            {"seed": seed, "ms": ms, "cpu_ms": cpu_ms, "nodes": result.nodes, "actions": len(result.values),
             "backend": solver.used}
        )
    return rows
'''


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _summary(name: str, rows: list[dict[str, float]]) -> str:
    ms = [r["ms"] for r in rows]
    cpu = [r["cpu_ms"] for r in rows]
    nodes = [r["nodes"] for r in rows]
    return (
        f"{name:<36} n={len(rows):<3} nodes median={_quantile(nodes, 0.5):>9.0f} "
        f"p95={_quantile(nodes, 0.95):>9.0f}   "
        f"ms median={_quantile(ms, 0.5):>8.1f} p95={_quantile(ms, 0.95):>8.1f}   "
        f"cpu ms median={_quantile(cpu, 0.5):>8.1f} p95={_quantile(cpu, 0.95):>8.1f} "
        f"max={max(cpu, default=0):>8.1f}"
    )


def _ratios(rows: list[dict[str, float]], base: list[dict[str, float]]) -> list[float]:
    """CPU time of each deal of ``rows`` over the same deal's in ``base``."""
    by_seed = {int(r["seed"]): r["cpu_ms"] for r in base}
    return [r["cpu_ms"] / by_seed[int(r["seed"])] for r in rows if by_seed.get(int(r["seed"]))]


def build(out: Path | None = None, flag: str = "") -> Path:
    """Build the core (or a variant with ``-D<flag>`` into ``out``); the native library's path."""
    command = [str(ROOT / "scripts" / "build_core.sh")]
    if out is not None:
        command += ["--out", str(out), "--native-only"]
    if flag:
        command += ["--cflags", f"-D{flag}"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return (out or ROOT / "build" / "core") / "libmarjapussi_core.so"


def compare(
    flags: list[str], families: list[str], seeds: list[int], pos_seeds: list[int], bench: object
) -> None:
    """Solve the same deals with the core and with each variant, interleaved; print totals."""
    from marjapussi.analysis.core import ENVIRONMENT

    with tempfile.TemporaryDirectory() as tmp:
        libraries = {"core": build()}
        for flag in flags:
            libraries[flag] = build(Path(tmp) / flag, flag)
        for family in families:
            for label, seed_list, after in (("full deal", seeds, 0), ("after trick 3", pos_seeds, 3)):
                totals = {name: [0, 0.0] for name in libraries}
                for i, seed in enumerate(seed_list):
                    order = list(libraries) if i % 2 == 0 else list(reversed(libraries))
                    for name in order:
                        os.environ[ENVIRONMENT] = str(libraries[name])
                        rows = bench(family, [seed], after, "core")  # type: ignore[operator]
                        for row in rows:
                            totals[name][0] += int(row["nodes"])
                            totals[name][1] += row["cpu_ms"]
                base_nodes, base_cpu = totals["core"]
                for name, (nodes, cpu) in totals.items():
                    print(
                        f"{family} {label:<14} {name:<18} nodes={nodes:>11,}  cpu ms={cpu:>9.1f}  "
                        f"nodes x{nodes / max(base_nodes, 1):.3f}  cpu x{cpu / max(base_cpu, 1e-9):.3f}",
                        flush=True,
                    )
        os.environ.pop(ENVIRONMENT, None)


CORE_NODES_PER_MS = 9000
"""The core's rate on the trees of the other families (about 9 M nodes a second)."""


def marriage_nodes(bench: object, seeds: list[int], huutopussi: list[dict[str, float]] | None) -> None:
    """The pure-Python solver's nodes on full deals of each marriage preset, and the time
    the core would take for them at its rate: the family's goal on the core."""
    for family in ("huutopussi-marriage", "huutopussi-marriage3"):
        rows = bench(family, seeds, 0, "python")  # type: ignore[operator]
        print(_summary(f"{family} full deal (python)", rows), flush=True)
        nodes = [r["nodes"] for r in rows]
        print(
            f"{family}: python nodes {' '.join(str(int(n)) for n in nodes)}; at the core's rate "
            f"median={_quantile(nodes, 0.5) / CORE_NODES_PER_MS:.1f} ms "
            f"p95={_quantile(nodes, 0.95) / CORE_NODES_PER_MS:.1f} ms",
            flush=True,
        )
    if huutopussi:
        cpu = [r["cpu_ms"] for r in huutopussi]
        print(
            f"huutopussi full deal (core) this run: median={_quantile(cpu, 0.5):.1f} ms "
            f"p95={_quantile(cpu, 0.95):.1f} ms (the marriage family's goal: no slower)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=12, help="full deals per family (native core)")
    parser.add_argument("--positions", type=int, default=12, help="positions after trick 3 per family")
    parser.add_argument("--wasm-deals", type=int, default=8, help="guild full deals timed in Pyodide")
    parser.add_argument("--python-deals", type=int, default=2, help="full deals a family in pure Python")
    parser.add_argument("--python-positions", type=int, default=8, help="positions per family in pure Python")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each core position (least kept)")
    parser.add_argument("--no-wasm", action="store_true")
    parser.add_argument("--no-python", action="store_true")
    parser.add_argument(
        "--python-families", default="guild", help="families timed in pure Python too (minutes a pagat deal)"
    )
    parser.add_argument(
        "--marriage-python-deals", type=int, default=0,
        help="full deals of each marriage preset counted in pure Python (minutes a deal)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", default="", help="comma-separated core.c switches (NO_…) to measure")
    parser.add_argument(
        "--families",
        default="guild,pagat,huutopussi",
        help="comma-separated families to time (the last line needs guild)",
    )
    args = parser.parse_args()
    families = [f for f in ("guild", "pagat", "huutopussi") if f in args.families.split(",")]
    if "guild" not in families:
        parser.error("--families must include guild (the last line's figures are the guild's)")
    namespace: dict[str, object] = {}
    exec(BENCH_CODE, namespace)
    bench = namespace["bench"]
    seeds = list(range(args.seed, args.seed + args.deals))
    pos_seeds = list(range(args.seed + 1000, args.seed + 1000 + args.positions))
    if args.compare:
        compare([f.strip() for f in args.compare.split(",") if f.strip()], families, seeds, pos_seeds, bench)
        return
    build()
    full: dict[str, list[dict[str, float]]] = {}
    for family in families:
        rows = bench(family, seeds, 0, "core", args.repeat)  # type: ignore[operator]
        full[family] = rows
        print(_summary(f"{family} full deal (core)", rows), flush=True)
        rows = bench(family, pos_seeds, 3, "core", args.repeat)  # type: ignore[operator]
        print(_summary(f"{family} after trick 3 (core)", rows), flush=True)
    # The marriage family (four players) on the core: its goal is no slower than seed-004
    # Huutopussi's full deals of this same run.
    marriage = bench("huutopussi-marriage", seeds, 0, "core", args.repeat)  # type: ignore[operator]
    print(_summary("huutopussi-marriage full deal (core)", marriage), flush=True)
    marriage3 = bench("huutopussi-marriage3", seeds, 0, "core", args.repeat)  # type: ignore[operator]
    print(_summary("huutopussi-marriage3 full deal (core)", marriage3), flush=True)
    assert all(r["backend"] == "core" for r in marriage + marriage3), "the core did not serve the family"
    guild = full["guild"]
    wasm_ratio = float("nan")
    if not args.no_wasm and args.wasm_deals > 0:
        subset = [int(r["seed"]) for r in guild[: args.wasm_deals]]
        full_call = f"bench('guild', {subset!r}, 0, 'core', {args.repeat})"
        after_call = f"bench('guild', {pos_seeds!r}, 3, 'core', {args.repeat})"
        call = f"\nimport json\nprint(json.dumps({{'full': {full_call}, 'after': {after_call}}}))\n"
        result = run_json(BENCH_CODE + call, "pyodide", ROOT / "build" / "core" / "marjapussi_core.wasm")
        if result:
            print(_summary("guild full deal (wasm in Pyodide)", result["full"]), flush=True)
            print(_summary("guild after trick 3 (wasm in Pyodide)", result["after"]), flush=True)
            assert all(r["backend"] == "core" for r in result["full"]), "Pyodide did not use the core"
            ratios = _ratios(result["full"], guild)
            wasm_ratio = _quantile(ratios, 0.5)
            print(f"wasm/native CPU time per full deal: {' '.join(f'{x:.2f}' for x in ratios)}")
        else:
            print("Pyodide under Node is not available: wasm_ratio=nan")
    speedup = float("nan")
    if not args.no_python:
        for family in [f for f in families if f in args.python_families.split(",")]:
            subset = [int(r["seed"]) for r in full[family][: args.python_deals]]
            rows = bench(family, subset, 0, "python")  # type: ignore[operator]
            print(_summary(f"{family} full deal (python)", rows), flush=True)
            ratios = _ratios(rows, full[family])
            print(f"python/core CPU time per full deal: {' '.join(f'{x:.0f}' for x in ratios)}")
            if family == "guild":
                speedup = _quantile(ratios, 0.5)
            rows = bench(family, pos_seeds[: args.python_positions], 3, "python")  # type: ignore[operator]
            print(_summary(f"{family} after trick 3 (python)", rows), flush=True)
    if args.marriage_python_deals > 0:
        marriage_nodes(bench, seeds[: args.marriage_python_deals], full.get("huutopussi"))
    ms = [r["cpu_ms"] for r in guild]
    hp = [r["cpu_ms"] for r in full.get("huutopussi", [])]
    mt = [r["cpu_ms"] for r in marriage]
    print(
        f"dd_full_ms_median={_quantile(ms, 0.5):.1f} dd_full_ms_p95={_quantile(ms, 0.95):.1f} "
        f"wasm_ratio={wasm_ratio:.2f} python_speedup={speedup:.0f} "
        f"marriage_full_ms_median={_quantile(mt, 0.5):.1f} marriage_full_ms_p95={_quantile(mt, 0.95):.1f} "
        f"hp_full_ms_median={_quantile(hp, 0.5):.1f} hp_full_ms_p95={_quantile(hp, 0.95):.1f}"
    )


if __name__ == "__main__":
    main()
