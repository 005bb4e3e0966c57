#!/usr/bin/env python3
"""Time the trick stepper's "best card here" at every step of the shipped example deals.

``marjapussi.web.best_card.card_values`` solves exactly from the first card where the
compiled core serves the rules (else: exactly with six tricks or fewer left, two tricks
ahead before that). This prints, for CPython and (``--pyodide``) for Pyodide under Node
running the same code with the core's WebAssembly module, the CPU time per position
(median, 95th percentile, maximum) for the exact and the estimated positions, each
position solved fresh (no memo, an empty transposition table).

``--chromium`` also opens the guild rules page on a 360-pixel phone in Chromium (a built
site: ``--site``, or one built here) ``--runs`` times, fresh each time, and times the
press of "best card here" before the deal's first card and before its second, from the
click to the values in the page (the first press also loads the analysis's modules in
the worker). Last line: ``best_exact_ms_max=… best_estimate_ms_max=… pyodide_ratio=…
chromium_first_card_ms=…`` (the median over the runs; ``nan`` where not measured).
Figures only; no test depends on timing.

    python scripts/bench_best_card.py [--pyodide] [--chromium [--site DIR] [--runs 5]]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path
from typing import Any

from pyodide_runner import run_json

ROOT = Path(__file__).resolve().parents[1]
STEPPER = "#w-trick-stepper-example-deal"
"""The trick stepper of the guild rules page (its example deal)."""
PRESS_BEST = """
(selector) => new Promise((resolve) => {
  const root = document.querySelector(selector);
  const shown = () => root.querySelector('.mp-best[data-best="exact"], .mp-best[data-best="estimate"]');
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (shown()) { observer.disconnect(); resolve(performance.now() - start); }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true });
  root.querySelector('[data-focus-key="best"]').click();
})
"""

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
    wasm = ROOT / "build" / "core" / "marjapussi_core.wasm"
    result: dict[str, list[float]] = run_json(CODE, runtime, wasm if wasm.is_file() else None) or {}
    return result


def chromium(site: Path | None, runs: int) -> list[tuple[float, float]]:
    """The press of "best card here" before the first and the second card, per fresh visit (ms)."""
    from bench_site import browser_on_site

    with browser_on_site(site, "mp-bench-best-") as (browser, base):
        return [one_visit(browser, base) for _ in range(runs)]


def one_visit(browser: Any, base: str) -> tuple[float, float]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(base + "en/rules/guild/" + STEPPER)
        page.wait_for_selector(f"{STEPPER}[data-runtime=live]", state="attached", timeout=120_000)
        first = float(page.evaluate(PRESS_BEST, STEPPER))
        page.locator(f'{STEPPER} [data-focus-key="next-card"]').click()
        page.wait_for_function(
            "(s) => JSON.parse(document.querySelector(s).getAttribute('data-state')).n === 1"
            " && !document.querySelector(s + ' .mp-best[data-best]')",
            arg=STEPPER,
        )
        second = float(page.evaluate(PRESS_BEST, STEPPER))
        return first, second
    finally:
        context.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pyodide", action="store_true", help="also time it in Pyodide under Node")
    parser.add_argument("--chromium", action="store_true", help="also time the press in Chromium")
    parser.add_argument("--site", type=Path, help="a built site (else one is built)")
    parser.add_argument("--runs", type=int, default=5, help="fresh visits in Chromium (default 5)")
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
    first_card = math.nan
    if args.chromium:
        presses = chromium(args.site, args.runs)
        firsts, seconds = [p[0] for p in presses], [p[1] for p in presses]
        first_card = statistics.median(firsts)
        print(f"chromium best card, first card (fresh page): {' '.join(f'{t:.0f}' for t in firsts)} ms, "
              f"median {first_card:.0f} ms (goal < 300 ms: {first_card < 300})")
        print(f"chromium best card, second card: {' '.join(f'{t:.0f}' for t in seconds)} ms, "
              f"median {statistics.median(seconds):.0f} ms")
    print(
        f"best_exact_ms_max={max(base.get('exact') or [math.nan]):.1f} "
        f"best_estimate_ms_max={max(base.get('estimate') or [math.nan]):.1f} pyodide_ratio={ratio:.2f} "
        f"chromium_first_card_ms={first_card:.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
