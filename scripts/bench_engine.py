"""Benchmark the rules engine: seeded random full deals per second, and explanations.

Plays seeded random deals (declarations and asks, and for Huutopussi the auction and
marriages, with marriage trumps the exchange too, included) with the engine's fast path
(push and the legal-play mask), scores each, and times ``legal_actions`` with
``explain`` for one position, and how the record parser's time grows with a record's
length (a deal of 10,000 and of 100,000 comments, then of cards: linear parsing gives a
ratio near 10; the quadratic joining of comments it once had gave about 100). Prints a
line per preset; the last line is
``deals_per_s=N`` for the guild ruleset, the project's default (each preset's figure is
printed above it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from marjapussi import Deal, Seat, find_rules
from marjapussi.huutopussi import AuctionDeal, HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_playout
from marjapussi.record import parse_record


def deals_per_second(rules_name: str, seconds: float, seed: int) -> tuple[float, int]:
    rules = find_rules(rules_name)
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    auction: type[AuctionDeal] | None = {
        "huutopussi": HuutopussiDeal,
        "huutopussi-marriage": MarriageTrumpDeal,
    }.get(rules.family)
    while True:
        if auction is not None:
            deal: Deal = auction.random(rng, rules, dealer=Seat(count % rules.players))
        else:
            deal = Deal.random(rng, rules, opening=count % 2 == 0)
        random_playout(deal, rng)
        deal.result()
        count += 1
        if count % 50 == 0 and time.perf_counter() >= deadline:
            break
    return count / (time.perf_counter() - start), count


def explain_time(repeats: int) -> float:
    rng = random.Random(5)
    deal = Deal.random(rng)
    for _ in range(14):
        random_playout_step = deal.legal_actions()[0]
        deal.push(random_playout_step)
    start = time.perf_counter()
    for _ in range(repeats):
        deal.legal_actions()
        deal.explain()
    return (time.perf_counter() - start) / repeats


def parse_seconds(text: str, repeats: int = 3) -> float:
    """The least CPU time of a few parses of a record (other load only ever adds to it)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        parse_record(text)
        times.append(time.process_time() - start)
    return min(times)


def parse_growth() -> None:
    """Print the parse time of records ten times apart in length, and their ratio."""
    data = Path(__file__).resolve().parent.parent / "marjapussi" / "web" / "data" / "guild-first-deal.en.mjp"
    head = data.read_text(encoding="utf-8").split("{The first deal")[0]
    for unit, what in (("{c} ", "comments"), ("CA ", "cards")):
        small = parse_seconds(head + unit * 10_000)
        large = parse_seconds(head + unit * 100_000)
        print(
            f"parse {what}: 10,000 in {small * 1e3:.1f} ms, 100,000 in {large * 1e3:.1f} ms, "
            f"ratio {large / max(small, 1e-9):.1f} (linear: about 10)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per preset")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--presets", default="guild,pagat,huutopussi,huutopussi3,huutopussi-marriage,huutopussi-marriage3"
    )
    args = parser.parse_args()
    results = {}
    for name in args.presets.split(","):
        rate, count = deals_per_second(name, args.seconds, args.seed)
        results[name] = rate
        print(f"{name}: {count} deals, {rate:.0f} deals/s")
    per = explain_time(2000)
    print(f"legal_actions+explain for one position: {per * 1e6:.1f} us")
    parse_growth()
    slowest = min(results, key=lambda k: results[k])
    print(f"slowest preset: {slowest} ({results[slowest]:.0f} deals/s)")
    main_preset = "guild" if "guild" in results else slowest
    print(f"deals_per_s={results[main_preset]:.0f}")


if __name__ == "__main__":
    main()
