"""Work out the course's bidding verdicts before the site is built (issue 32, Decided 8).

A bidding exercise (``[Goal "bid"]``, seed-004 Huutopussi) asks what the seat to call bids
from the calls its record offers. It is graded against a verdict worked out here, natively
with the compiled core, not by a rule: the auction's evaluation (``analysis.auction``'s
``CallWork``, the same work the Play page's hint and review do) values every offered call
over ``DEALS`` deals consistent with what the seat knows and every call made so far, each
played out with all hands open (the later calls follow the bots' count). The verdict keeps,
for each call, its mean score, its paired standard error against the best and whether it is
too close to the best to call (``auction.clearly_worse``; accepted, Decided 6), and for a bid in
how many deals the seat's side makes it. The sampling seed is the exercise's id.

Only clear-cut positions are exercises (the rule, checked here, a build fails on a
position that breaks it): the record's Solution is the best call, and its Wrong answer lies
more than ``CLEAR_SE`` paired standard errors below it (a margin wider than the two that
mark "too close to call") and is not too close to call for its few deals either.

The verdicts go into ``marjapussi/course/data/verdicts.json``, which the wheel of the
site's widgets carries and ``marjapussi.course.verdict`` reads. The file names the hash of
its inputs (``inputs_key``: the bidding records, the number of deals, the evaluation's
sources and this file's format); a build whose inputs have that hash does nothing, and one
whose inputs changed works out again the verdicts of the records that changed (all of
them when the sources did) and writes the file (commit it). Its cost
is printed. Measured natively on the shared 2-core machine (CPU time): 84 s for the first
two positions at 200 deals (an early call, one to three open-card searches a deal), 337 s
for the contested fourth call at 400 deals; a build whose inputs are unchanged spends
nothing. ``scripts/course_verdicts.py`` does the same from the command line.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEALS = 200
"""Deals each verdict stands on (Decided 8: at least 200)."""
CLEAR_SE = 3.0
"""A clear-cut position: the Wrong answer lies more than this many paired standard errors
below the best call, the Solution."""
FORMAT = 1
"""The verdict file's format."""
VERDICTS = ROOT / "marjapussi" / "course" / "data" / "verdicts.json"
SOURCES = (
    ROOT / "marjapussi" / "analysis" / "auction.py",
    ROOT / "marjapussi" / "analysis" / "core.c",
)
"""The evaluation's sources a verdict depends on most (their hash is part of the key; a
change to how this module values a position changes ``FORMAT``)."""


def _bidding_exercises() -> list[Any]:
    from marjapussi.course import exercises

    return [e for e in exercises() if e.kind == "bid"]


def sources_key(deals: int = DEALS) -> str:
    """The hash of what every verdict is worked out with: the evaluation's sources, the
    number of deals and the clear-cut rule."""
    h = hashlib.sha256(f"format {FORMAT} deals {deals} clear {CLEAR_SE}\n".encode())
    for path in SOURCES:
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def inputs_key(deals: int = DEALS) -> str:
    """The hash of everything the verdicts are worked out from: ``sources_key`` and every
    bidding record."""
    from marjapussi.course import record_hash

    h = hashlib.sha256(sources_key(deals).encode())
    for ex in _bidding_exercises():
        h.update(f"{ex.id} {record_hash(ex)}\n".encode())
    return h.hexdigest()


def evaluate(ex: Any, deals: int) -> dict[str, Any]:
    """One exercise's verdict over ``deals`` deals (more if its record's ``Deals`` tag asks
    for more), as the file stores it."""
    from marjapussi.analysis.auction import CallWork
    from marjapussi.analysis.view import SeatView
    from marjapussi.course import record_hash

    deal = ex.position()
    view = SeatView.of(deal, deal.to_act)
    offered = ex.offered(deal)
    deals = max(deals, int(ex.tags.get("Deals", deals)))  # a record may ask for more
    work = CallWork(view, f"course/{ex.id}", max_deals=deals)
    work.candidates = list(offered)  # exactly the calls the reader is offered
    result = work.finish()
    calls = [
        {
            "call": str(v.call),
            "mean": round(v.mean, 3),
            "se": round(v.se, 3),
            "close": v.close,
            "made": v.made,
        }
        for v in result.calls
    ]
    return {"record": record_hash(ex), "seat": view.seat.name, "deals": result.deals, "calls": calls}


def clear_cut_problem(ex: Any, found: dict[str, Any]) -> str:
    """Why a position is not clear-cut (empty when it is): see the module's docstring."""
    best = found["calls"][0]
    if best["call"] != ex.solution:
        return f"{ex.id}: the best call is {best['call']!r}, not the Solution {ex.solution!r}"
    wrong = next(c for c in found["calls"] if c["call"] == ex.wrong)
    gap = best["mean"] - wrong["mean"]
    if wrong["close"] or gap <= CLEAR_SE * wrong["se"]:
        return (
            f"{ex.id}: the Wrong answer {ex.wrong!r} is {gap:.1f} points below the best, within "
            f"{CLEAR_SE:g} paired standard errors ({wrong['se']:.1f}): not clear-cut"
        )
    return ""


def build(deals: int = DEALS, path: Path = VERDICTS, force: bool = False) -> str:
    """Work the verdicts out unless ``path`` already holds them for these inputs; return
    what was done, with the seconds it took. Raises ``ValueError`` on a position that is
    not clear-cut."""
    key = inputs_key(deals)
    old: dict[str, Any] = {}
    if path.is_file():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            old = {}
    if not force and old.get("key") == key:
        return f"course verdicts: up to date ({path.name}, key {key[:12]})"
    from marjapussi.course import record_hash

    # a position whose record and sources are unchanged keeps its verdict
    kept = old.get("exercises", {}) if old.get("sources") == sources_key(deals) and not force else {}
    start = time.process_time()
    out: dict[str, Any] = {}
    problems = []
    worked = 0
    for ex in _bidding_exercises():
        found = kept.get(ex.id)
        if found is None or found.get("record") != record_hash(ex):
            found = evaluate(ex, deals)
            worked += 1
        problem = clear_cut_problem(ex, found)
        if problem:
            problems.append(problem)
        out[ex.id] = found
    if problems:
        raise ValueError("; ".join(problems))
    seconds = time.process_time() - start
    data = {"format": FORMAT, "key": key, "sources": sources_key(deals), "deals": deals, "exercises": out}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    done = f"{worked} of {len(out)} positions worked out ({deals} deals or more each)"
    done += f" in {seconds:.0f} s of CPU"
    return f"course verdicts: {done}, written to {path.name}"


def on_pre_build(config: Any, **kwargs: Any) -> None:
    """Make sure the verdicts stand for the current inputs before the wheel is built."""
    from mkdocs.exceptions import PluginError

    try:
        said = build()
    except ValueError as err:
        raise PluginError(f"course verdicts hook: {err}") from err
    print(said, file=sys.stderr, flush=True)
