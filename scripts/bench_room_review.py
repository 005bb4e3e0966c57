"""Benchmark a room's review of a finished seed-004 Huutopussi deal (``rooms.bots.reviews_of``).

For each game (seeds ``--seed`` on, the first deal bid and played by the ``beginner`` bots at
every seat, as people's deals are: rough) and each number of deals a call is weighed over
(``--deals``, per family), the review of every playing seat is worked out as a room does,
under the cap of ``bots.REVIEW_SECONDS`` CPU seconds for the bidding (``time.process_time``):

* ``cards_s``: the CPU seconds of the card play's review (all seats; not capped);
* ``auction_s``: the CPU seconds of the bidding's part (capped);
* ``calls``: the calls weighed / the calls with a choice, and ``deals``: the deals the
  weighed calls stand on, against those aimed at (``--deals`` × calls); ``cut``: whether the
  cap stopped the work; ``par``: the seats whose par was worked out.

The last line is ``room_review_full_share_<players>p_<deals>=…`` for each setting: the share
of the calls aimed at that were weighed on all their deals within the cap.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from marjapussi.deal import PLAYING_SEATS
from marjapussi.game import Game, ReviewWork
from marjapussi.rooms.bots import REVIEW_SECONDS, reviews_of


def finished(r: str, seed: int) -> Game:
    game = Game.new(r, seed)
    while not game.position().deal.is_over():
        game = game.push(game.decision("beginner").action)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals4", default="12,6,4", help="deals a call is weighed over, four players")
    parser.add_argument("--deals3", default="6,3,2", help="the same, three players")
    parser.add_argument("--seconds", type=float, default=REVIEW_SECONDS)
    args = parser.parse_args()
    summary = []
    for r, spec in (("huutopussi", args.deals4), ("huutopussi3", args.deals3)):
        games = [finished(r, args.seed + i) for i in range(args.games)]
        seats = PLAYING_SEATS[games[0].rules.players]
        for deals in (int(d) for d in spec.split(",")):
            full = aimed = 0
            spent = []
            for number, game in enumerate(games):
                wanted = sum(len(ReviewWork(game, seat, deals).calls_at) for seat in seats)
                start = time.process_time()
                for seat in seats:
                    ReviewWork(game, seat).finish()
                cards_s = time.process_time() - start
                start = time.process_time()
                reviews = reviews_of(game, seats, deals, seconds=args.seconds)
                auction_s = time.process_time() - start - cards_s  # its card play again, as above
                calls = [e for review in reviews.values() for e in review.calls]
                stood = sum(e.deals for e in calls)
                full += sum(e.deals >= deals for e in calls)
                aimed += wanted
                spent.append(auction_s)
                print(
                    f"{r} seed={args.seed + number} deals={deals} cards_s={cards_s:.2f} "
                    f"auction_s={auction_s:.2f} calls={len(calls)}/{wanted} deals={stood}/{deals * wanted} "
                    f"cut={any(v.cut for v in reviews.values())} "
                    f"par={sum(bool(v.par) for v in reviews.values())}/{len(seats)}",
                    flush=True,
                )
            share = full / aimed if aimed else 1.0
            print(f"{r} deals={deals}: auction_s median={statistics.median(spent):.2f} "
                  f"max={max(spent):.2f}; calls weighed on all their deals {full}/{aimed}", flush=True)
            summary.append(f"room_review_full_share_{len(seats)}p_{deals}={share:.2f}")
    print(" ".join(summary))


if __name__ == "__main__":
    main()
