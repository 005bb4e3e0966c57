"""Benchmark what the reader meets after and during a deal: the Play page's whole-deal review,
its hints, and ``analyse`` on whole records, natively and in Pyodide with the compiled core.

For every family of the Play page (guild, pagat, Huutopussi for four and three) it plays
seeded first deals of a game as the page does (random bots, the reader at south playing
seeded random legal actions), then times

- the reader's review of each finished deal in slices as the page's worker runs it
  (``ReviewWork.step`` with the core's node budget ``web.play.REVIEW_SLICE_NODES``: every
  position of the reader's from the first card where the core serves the rules), its
  longest slice (the longest a reader's click waits on the page), and the same review in
  one go (``finish``, no budget: what the slices cost over it);
- in the families with an auction, the review's bidding part after the card play (the
  reader's bids, trumps and, with marriage trumps, the cards given, given back or put away,
  each weighed over the Play page's deals, ``web.play.auction_deals``, then the deal's par),
  in the page's slices: its longest slice, Python's own work included (issue 32's goal:
  at most 250 ms in the browser), the longest of the calls' slices and of the par's apart,
  and its whole time;
- the hint at each of the reader's turns in card play (``Game.advice``: the decision of the
  adviser behind both hints, exact on sampled deals where ``hint_settings`` says so);
- ``review_deal`` over every action of each deal (what ``python -m marjapussi analyse``
  and ``--annotate`` compute for a record), natively only; and ``analyse`` and
  ``--annotate`` on each example record of ``examples/records`` that replays, per deal.

The same code runs natively (the core's native library through ``ctypes``) and inside
Pyodide under Node with the core's WebAssembly module, as the site's worker runs it
(``scripts/pyodide_runner.py``; ``--no-pyodide`` skips it). Times are CPU milliseconds
(Pyodide's from Node's ``process.cpuUsage()``); on a shared machine compare figures of one
run. The last line is ``review_ms_median=… review_ms_p95=… review_ms_p95_pyodide=…
slice_ms_max=… slice_ms_max_pyodide=… auction_slice_ms_max=… auction_slice_ms_max_pyodide=…
hint_ms_p95=… hint_ms_p95_pyodide=… analyse_deal_ms_median=… analyse_deal_ms_p95=…``
(the reviews and hints over every family, the analyses over the guild's deals).

    python scripts/bench_review.py [--deals 6] [--families guild,pagat,huutopussi,huutopussi3,
        huutopussi-marriage,huutopussi-marriage3] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from pyodide_runner import CPU_MS_SOURCE, run_json  # noqa: E402

BENCH_CODE = r'''
import json, random, time
from marjapussi.actions import Play
from marjapussi.analysis.core import backend
from marjapussi.analysis.review import review_deal
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.game import Game, ReviewWork, Seating, auction_reviewed
from marjapussi.web.play import REVIEW_SLICE_NODES, auction_deals
from marjapussi.randomplay import random_action

def played(ruleset, seed):
    """A game's first deal played as the Play page plays it, and the reader's turns in card play."""
    game = Game.new(ruleset, seed)
    seating = Seating.one_person(game.rules, Seat.S, "random")
    rng = random.Random(seed)
    turns = []
    while game.to_act() is not None:
        level = seating.bot_to_act(game)
        deal = game.position().deal
        if level is not None:
            action = game.decision(level).action
        else:
            playing = deal.phase is Phase.PLAY and getattr(deal, "hp_phase", Phase.PLAY) is Phase.PLAY
            if playing and len(deal.legal_actions()) > 1:
                turns.append(game)
            action = random_action(deal, rng, 0.7)
        game = game.push(action)
    return game, turns


def bench(rulesets, seeds, analyse):
    out = {"review": [], "slice": [], "whole": [], "hint": [], "analyse": [], "auction": [], "backend": {}}
    for ruleset in rulesets:
        for seed in seeds:
            game, turns = played(ruleset, seed)
            out["backend"][ruleset] = backend(game.rules)
            work = ReviewWork(game, Seat.S)
            began = cpu_ms()
            longest = 0.0
            slices = 0
            while not work.complete:
                step = cpu_ms()
                work.step(REVIEW_SLICE_NODES)
                slices += 1
                longest = max(longest, cpu_ms() - step)
            out["review"].append([ruleset, seed, cpu_ms() - began, work.total])
            out["slice"].append([ruleset, seed, longest, slices])
            began = cpu_ms()
            ReviewWork(game, Seat.S).finish()
            out["whole"].append([ruleset, seed, cpu_ms() - began])
            if auction_reviewed(game.rules):
                work = ReviewWork(game, Seat.S, auction_deals(game.rules))
                work.finish_cards()
                began = cpu_ms()
                longest, slices = 0.0, 0
                by_kind = {"calls": 0.0, "par": 0.0}  # the longest slice of the calls' work, of the par's
                while not work.complete:
                    kind = "par" if len(work.calls) >= len(work.calls_at) else "calls"
                    step = cpu_ms()
                    work.step(REVIEW_SLICE_NODES)
                    slices += 1
                    took = cpu_ms() - step
                    longest = max(longest, took)
                    by_kind[kind] = max(by_kind[kind], took)
                out["auction"].append([ruleset, seed, cpu_ms() - began, longest, slices, len(work.calls),
                                       len(work.par or ()), by_kind["calls"], by_kind["par"]])
            for turn in turns:
                began = cpu_ms()
                turn.advice()
                out["hint"].append([ruleset, seed, turn.position().deal.trick_number, cpu_ms() - began])
            if analyse and ruleset == "guild":
                began = cpu_ms()
                review_deal(game.position().deal)
                out["analyse"].append([ruleset, seed, cpu_ms() - began])
    return out
'''


def records() -> None:
    """Time ``python -m marjapussi analyse`` and ``--annotate`` on the example records that
    replay, against ``replay`` of the same file (the interpreter's start and the replay),
    in child processes' CPU time: what the analysis adds, per deal."""
    import resource
    import subprocess

    def cpu_ms(*args: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([sys.executable, "-m", "marjapussi", *args], capture_output=True, check=False,
                              cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            return float("nan")
        return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000

    from marjapussi.analysis.core import backend
    from marjapussi.errors import MarjapussiError
    from marjapussi.record import parse_record

    print("\nanalyse and --annotate on the example records the core serves (natively; CPU ms a deal "
          "over replay):")
    for path in sorted((ROOT / "examples" / "records").glob("*.mjp")):
        try:
            record = parse_record(path.read_text(encoding="utf-8"))
        except MarjapussiError:
            continue  # a record that shows an error message
        base = cpu_ms("replay", str(path))
        if base != base or backend(record.rules) != "core":  # nan: it does not replay
            continue
        deals = max(len(record.deals), 1)
        analyse = (cpu_ms("analyse", str(path)) - base) / deals
        annotate = (cpu_ms("analyse", str(path), "--annotate") - base) / deals
        print(f"  {path.name:34} analyse {analyse:.0f} ms a deal, --annotate {annotate:.0f} ms a deal "
              f"(replay alone {base:.0f} ms)")


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, values: list[float]) -> str:
    return (
        f"{name}: n={len(values)} median {quantile(values, 0.5):.0f} ms, "
        f"p95 {quantile(values, 0.95):.0f} ms, max {max(values, default=float('nan')):.0f} ms"
    )


def report(where: str, result: dict[str, list[list[object]]]) -> None:
    print(f"\n{where} (backends: {result['backend']})")
    for ruleset in dict.fromkeys(str(r[0]) for r in result["review"]):
        reviews = [float(r[2]) for r in result["review"] if r[0] == ruleset]
        slices = [float(r[2]) for r in result["slice"] if r[0] == ruleset]
        count = sum(int(r[3]) for r in result["slice"] if r[0] == ruleset)
        wholes = [float(r[2]) for r in result["whole"] if r[0] == ruleset]
        hints = [float(r[3]) for r in result["hint"] if r[0] == ruleset]
        longest = max(slices, default=0.0)
        print(f"  {ruleset:12} {summary('review in slices', reviews)}; longest slice {longest:.0f} ms "
              f"({count} slices)")
        print(f"  {'':12} {summary('review in one go', wholes)}")
        print(f"  {'':12} {summary('hint', hints)}")
        auctions = [r for r in result.get("auction", []) if r[0] == ruleset]
        if auctions:
            calls = sum(int(r[5]) for r in auctions)
            of_calls, of_par = max(float(r[7]) for r in auctions), max(float(r[8]) for r in auctions)
            print(f"  {'':12} {summary('review of the bidding in slices', [float(r[2]) for r in auctions])}; "
                  f"longest slice {max(float(r[3]) for r in auctions):.0f} ms "
                  f"({sum(int(r[4]) for r in auctions)} slices, {calls} calls weighed, "
                  f"par for {sum(int(r[6]) for r in auctions)} sides; longest slice of the calls "
                  f"{of_calls:.0f} ms, of the par {of_par:.0f} ms)")
    if result["analyse"]:
        analyses = [float(r[2]) for r in result["analyse"]]
        print(f"  {summary('analyse (every action of a guild deal)', analyses)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=6, help="deals a family (seeded games' first deals)")
    parser.add_argument("--families", default="guild,pagat,huutopussi,huutopussi3,huutopussi-marriage,"
                        "huutopussi-marriage3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    rulesets = [f.strip() for f in args.families.split(",") if f.strip()]
    seeds = list(range(args.seed, args.seed + args.deals))
    namespace: dict[str, object] = {}
    exec(CPU_MS_SOURCE + BENCH_CODE, namespace)  # cpu_ms, as run_json gives it in Pyodide
    native = namespace["bench"](rulesets, seeds, True)  # type: ignore[operator]
    report("natively (CPython, the core's native library)", native)
    records()
    wasm = None
    if not args.no_pyodide:
        call = f"\nprint(json.dumps(bench({rulesets!r}, {seeds!r}, False)))\n"
        wasm = run_json(BENCH_CODE + call, "pyodide", ROOT / "build" / "core" / "marjapussi_core.wasm")
        if wasm:
            report("in Pyodide under Node (the core's WebAssembly module)", wasm)
    reviews = [float(r[2]) for r in native["review"]]
    hints = [float(r[3]) for r in native["hint"]]
    analyses = [float(r[2]) for r in native["analyse"]]
    wasm_reviews = [float(r[2]) for r in wasm["review"]] if wasm else []
    wasm_hints = [float(r[3]) for r in wasm["hint"]] if wasm else []
    slices = [float(r[2]) for r in native["slice"]]
    wasm_slices = [float(r[2]) for r in wasm["slice"]] if wasm else []
    auction_slices = [float(r[3]) for r in native["auction"]]
    wasm_auction_slices = [float(r[3]) for r in wasm["auction"]] if wasm else []
    print(
        f"review_ms_median={quantile(reviews, 0.5):.0f} review_ms_p95={quantile(reviews, 0.95):.0f} "
        f"review_ms_p95_pyodide={quantile(wasm_reviews, 0.95):.0f} "
        f"slice_ms_max={max(slices, default=float('nan')):.0f} "
        f"slice_ms_max_pyodide={max(wasm_slices, default=float('nan')):.0f} "
        f"auction_slice_ms_max={max(auction_slices, default=float('nan')):.0f} "
        f"auction_slice_ms_max_pyodide={max(wasm_auction_slices, default=float('nan')):.0f} "
        f"hint_ms_p95={quantile(hints, 0.95):.0f} "
        f"hint_ms_p95_pyodide={quantile(wasm_hints, 0.95):.0f} "
        f"analyse_deal_ms_median={quantile(analyses, 0.5):.0f} "
        f"analyse_deal_ms_p95={quantile(analyses, 0.95):.0f}"
    )


if __name__ == "__main__":
    main()
