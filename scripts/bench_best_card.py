#!/usr/bin/env python3
"""Time the trick stepper's "best card here" at every step of the shipped example deals.

``marjapussi.web.best_card.card_values`` solves exactly with six tricks or fewer left and
looks two tricks ahead before that. This prints, for CPython and (``--pyodide``) for
Pyodide under Node running the same code, the CPU time per position (median, 95th
percentile, maximum) for the exact and the estimated positions, each position solved
fresh (no memo, an empty transposition table). Last line:
``best_exact_ms_max=… best_estimate_ms_max=… pyodide_ratio=…`` (``nan`` without
``--pyodide``). Figures only; no test depends on timing.

    python scripts/bench_best_card.py [--pyodide]
"""

from __future__ import annotations

import argparse
import math
import sys

from pyodide_runner import run_json

CODE = """
import json, time
from marjapussi.web import best_card, trick_stepper

out = {"exact": [], "estimate": []}
for name in ("example-deal", "guild-first-deal"):
    for n in range(trick_stepper.total(name) + 1):
        deal = trick_stepper._step(name, n, "en").deal
        if deal.is_over():
            continue
        best_card._MEMO.clear()
        start = time.process_time()
        found = best_card.card_values(deal)
        spent = (time.process_time() - start) * 1000
        out["exact" if found.exact else "estimate"].append(spent)
print(json.dumps(out))
"""


def run(runtime: str) -> dict[str, list[float]]:
    result: dict[str, list[float]] = run_json(CODE, runtime) or {}
    return result


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pyodide", action="store_true", help="also time it in Pyodide under Node")
    args = parser.parse_args()
    runs = {"cpython": run("cpython")}
    if args.pyodide:
        runs["pyodide"] = run("pyodide")
    for runtime, result in runs.items():
        for kind, times in result.items():
            print(f"{runtime:8} {kind:9} positions={len(times):3} median_ms={percentile(times, 0.5):7.1f} "
                  f"p95_ms={percentile(times, 0.95):7.1f} max_ms={max(times, default=math.nan):7.1f}")
    base = runs["cpython"]
    ratio = math.nan
    if runs.get("pyodide") and base:
        total = sum(sum(v) for v in base.values())
        ratio = sum(sum(v) for v in runs["pyodide"].values()) / total if total else math.nan
    print(
        f"best_exact_ms_max={max(base.get('exact', [math.nan])):.1f} "
        f"best_estimate_ms_max={max(base.get('estimate', [math.nan])):.1f} pyodide_ratio={ratio:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
