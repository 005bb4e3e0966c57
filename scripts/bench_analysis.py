"""Benchmark the double-dummy solver: seeded random full deals and positions after trick 3.

For each family (guild from trick 1 with declarations, pagat, Huutopussi after a random
auction) it solves seeded random deals from their first card (every legal action's exact
value, as ``solve`` gives it) and positions after three random tricks, and prints nodes
searched and the median and 95th percentile milliseconds. Then it runs the same code on
the first guild deals in Pyodide under Node (the package's files copied into Pyodide's
file system) and compares the times deal by deal. The last line is
``dd_full_ms_median=… dd_full_ms_p95=… pyodide_ratio=…`` for the guild full deals.

    python scripts/bench_analysis.py [--deals 12] [--positions 12] [--pyodide-deals 4] [--no-pyodide]
        [--families guild,pagat,huutopussi]

Times on a shared machine vary from run to run (and between days); compare figures of
one run, and node counts across runs. Wall-clock ("ms") and this process's CPU time
("cpu ms") are both printed: on a loaded machine the CPU time is the fairer figure. The
last line's figures are CPU milliseconds; the Pyodide ratio compares the CPU times of the
same deals in one run (Pyodide's from Node's ``process.cpuUsage()``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyodide_runner import run_json  # noqa: E402

# The measuring code, run as it is by CPython and by Pyodide.
BENCH_CODE = r'''
import random, time
from marjapussi import Deal, find_rules
from marjapussi.analysis import solve
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action


def start(family, seed):
    """A seeded deal at its first card (Huutopussi: after a random auction), or None."""
    rng = random.Random(seed)
    rules = find_rules(family)
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


def bench(family, seeds, after_tricks):
    rows = []
    for seed in seeds:
        deal, rng = start(family, seed)
        if deal is None:
            continue
        while len(deal._tricks) < after_tricks:
            deal.push(random_action(deal, rng))
        began, cpu = time.perf_counter(), cpu_seconds()
        result = solve(deal)
        ms = (time.perf_counter() - began) * 1000
        cpu_ms = (cpu_seconds() - cpu) * 1000
        rows.append(
            {"seed": seed, "ms": ms, "cpu_ms": cpu_ms, "nodes": result.nodes, "actions": len(result.values)}
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
        f"{name:<28} n={len(rows):<3} nodes median={_quantile(nodes, 0.5):>9.0f} "
        f"p95={_quantile(nodes, 0.95):>9.0f}   "
        f"ms median={_quantile(ms, 0.5):>8.1f} p95={_quantile(ms, 0.95):>8.1f}   "
        f"cpu ms median={_quantile(cpu, 0.5):>8.1f} p95={_quantile(cpu, 0.95):>8.1f}"
    )


def run_pyodide(family: str, seeds: list[int], after: int) -> list[dict[str, float]] | None:
    """Run ``bench`` in Pyodide under Node; ``None`` when Node or Pyodide is missing."""
    call = f"\nimport json\nprint(json.dumps({{'rows': bench({family!r}, {seeds!r}, {after!r})}}))\n"
    result = run_json(BENCH_CODE + call, "pyodide")
    if result is None:
        return None
    rows: list[dict[str, float]] = result["rows"]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=8, help="full deals per family")
    parser.add_argument("--positions", type=int, default=8, help="positions after trick 3 per family")
    parser.add_argument("--pyodide-deals", type=int, default=4, help="guild full deals timed in Pyodide")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
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
    full: dict[str, list[dict[str, float]]] = {}
    for family in families:
        rows = bench(family, seeds, 0)  # type: ignore[operator]
        full[family] = rows
        print(_summary(f"{family} full deal", rows), flush=True)
    pos_seeds = list(range(args.seed + 1000, args.seed + 1000 + args.positions))
    for family in families:
        rows = bench(family, pos_seeds, 3)  # type: ignore[operator]
        print(_summary(f"{family} after trick 3", rows), flush=True)
    guild = full["guild"]
    ratio = float("nan")
    if not args.no_pyodide and args.pyodide_deals > 0:
        subset = [int(r["seed"]) for r in guild[: args.pyodide_deals]]
        py_rows = run_pyodide("guild", subset, 0)
        if py_rows:
            print(_summary("guild full deal (Pyodide)", py_rows), flush=True)
            by_seed = {int(r["seed"]): r["cpu_ms"] for r in guild}
            ratios = [r["cpu_ms"] / by_seed[int(r["seed"])] for r in py_rows if by_seed.get(int(r["seed"]))]
            ratio = _quantile(ratios, 0.5)
            print(f"pyodide/cpython CPU time per deal: {' '.join(f'{x:.2f}' for x in ratios)}")
        else:
            print("Pyodide under Node is not available: pyodide_ratio=nan")
    ms = [r["cpu_ms"] for r in guild]
    print(
        f"dd_full_ms_median={_quantile(ms, 0.5):.0f} dd_full_ms_p95={_quantile(ms, 0.95):.0f} "
        f"pyodide_ratio={ratio:.2f}"
    )


if __name__ == "__main__":
    main()
