"""The bots' turns off the event loop: a club bot's think never stalls the other rooms.

``BotRunner`` hands a game (a small frozen ``Game``) and a level to an executor and
gets back the model's action code: a process pool in the server (``python -m marjapussi
table``), the loop's thread pool by default, and whatever a test gives it. The
functions run in the executor are plain module functions, so a process pool can call
them; they ask the model (``Game.decision``), which is seeded, so the same position
gives the same move wherever it is computed.

The executor is never handed more jobs than it has workers: the others wait in a
priority queue, the bots' moves first (the hub has at most one in flight per room, so
the rooms take turns in the order they asked), then the hints, the reviews, the reasons
("why did the bot play that"), and last a club night's open-cards values (worked out for
the results, which never wait for them), so that no one asking for reasons, however
often, holds back a bot's turn in another room.

The review of a finished deal (``reviews_of``) weighs each player's card play in full
and, in seed-004 Huutopussi and the marriage family (its bids and exchanges too), each
player's calls as the Play page does (``Game.review_work``
with ``ROOM_AUCTION_DEALS``, the same seeds, so the same figures: issue 32, Decided 5); the
bidding's part of all the seats together is capped at ``REVIEW_SECONDS`` of CPU a deal
(Decided 9), stepped seat by seat in small pieces so that each seat gets its share before
the cap, and a review the cap cut short says so (``SeatReview.cut``).

A process pool's workers end with the server: ``close`` waits for them when the server
stops, and each worker (``watch_parent``, the pool's initializer) ends itself when the
server's process is gone, killed too, so that no bot worker is left running.

>>> from marjapussi.game import Game
>>> len(decide_code(Game.new("guild", 3), "random"))
2
"""

from __future__ import annotations

import asyncio
import enum
import heapq
import itertools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import TYPE_CHECKING, TypeVar

from ..analysis.open_cards import open_cards
from ..cards import Seat
from ..club import board_deal
from ..game import Game, ReviewItem, ReviewWork, code_of, replay
from ..messages import LANGUAGES
from ..web.table_view import hint_text, reason_text

if TYPE_CHECKING:
    from ..analysis.auction import AuctionEvaluation, Par
    from ..analysis.marriage_par import MarriagePar

T = TypeVar("T")

__all__ = [
    "REVIEW_NODES",
    "REVIEW_SECONDS",
    "ROOM_AUCTION_DEALS",
    "BotRunner",
    "Job",
    "SeatReview",
    "decide_code",
    "hint_texts",
    "open_value",
    "reason_of",
    "reason_texts",
    "reviews_of",
    "watch_parent",
]


def watch_parent() -> None:
    """In a worker process of the bots' pool (its initializer): end the worker as soon as the
    process that started it has ended, however it ended (a server killed leaves no worker)."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a worker: nothing to watch
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def decide_code(game: Game, level: str) -> str:
    """The action code of a bot of ``level`` to act in the game's deal in play."""
    decision = game.decision(level)
    return code_of(game.position().deal, decision.action)


def reason_of(game: Game, level: str, index: int, lang: str) -> str:
    """Why the bot of ``level`` took action number ``index`` of the deal in play, in words."""
    seat, action = game.position().deal.history[index]
    return reason_text(seat, action, game.decision(level, index), lang)


def reason_texts(game: Game, level: str, index: int) -> dict[str, str]:
    """Why the bot of ``level`` took action number ``index`` of the deal in play, in every
    language (the bot's decision worked out once for all three)."""
    seat, action = game.position().deal.history[index]
    decision = game.decision(level, index)
    return {lang: reason_text(seat, action, decision, lang) for lang in LANGUAGES}


def hint_texts(game: Game, level: int) -> dict[str, str]:
    """The hint of ``level`` (``Game.hint``) for the seat to act, in every language."""
    hint = game.hint(level)
    return {lang: hint_text(hint, lang) for lang in LANGUAGES}


REVIEW_SECONDS = 5.0
"""The CPU seconds the bidding's part of a finished deal's review may take, every seat's
together (issue 32, Decided 9)."""
ROOM_AUCTION_DEALS: dict[int, int] = {4: 2, 3: 2}
"""The deals each call is weighed over in a room's review, by the number of players: fewer
than the Play page's ``AUCTION_REVIEW_DEALS`` (12 and 6), which the cap cannot hold
(``scripts/bench_room_review.py``, two games each, natively on the shared 2-core machine:
with 12 deals no call of four players was weighed in the 5 s, the eight pilot deals alone
take longer; with 2 deals 4 calls of 22, with 1 deal 6 of 22; three players, whose searches
take seconds each, none with 6, 2 or 1). Two deals, not one: a call's paired standard error
needs two, or every difference would read as a finding (Decided 6); and on two deals
``auction.clearly_worse`` (six deals at least) calls no difference clear, so the room's review gives
the figures and finds no call costly. The figures of a call
weighed on all its deals are those of ``Game.review_work`` with this many deals."""
REVIEW_NODES = 1_000_000
"""The compiled core's node budget for one piece of the bidding's review (the Play page's
slice): the cap is looked at between pieces, so it is overrun by one piece at most."""


@dataclass(frozen=True)
class SeatReview:
    """A seat's review of a finished deal, as a room shows it (``views.seat_review_html``).

    ``items``: the card play's costly actions (``Game.review``). Where the seat's calls are
    weighed (``bidding``: seed-004 Huutopussi, the marriage family), ``calls`` are their
    figures, ``deals`` the deals each is weighed over and ``par`` the deal's open-card par,
    as the Play page shows
    them; ``cut``: the cap stopped the work first (a call's figures then stand on the deals
    it names, the calls not reached and a par not worked out are left out)."""

    items: tuple[ReviewItem, ...] = ()
    calls: tuple[AuctionEvaluation, ...] = ()
    par: tuple[Par | MarriagePar, ...] = ()
    deals: int = 0
    bidding: bool = False
    cut: bool = False


def reviews_of(
    game: Game,
    seats: tuple[Seat, ...],
    auction_deals: int = 0,
    seconds: float = REVIEW_SECONDS,
    clock: Callable[[], float] = time.process_time,
) -> dict[Seat, SeatReview]:
    """The review of each of ``seats`` in the game's finished deal in play: the card play in
    full, then (``auction_deals`` > 0, where the bidding is weighed) the calls, stepped round
    the seats a piece at a time until all are weighed or ``clock`` (CPU seconds) has moved
    ``seconds`` since the bidding's part began; then each seat's work is stopped
    (``ReviewWork.stop``)."""
    works = {seat: ReviewWork(game, seat, auction_deals) for seat in seats}
    items = {seat: work.finish_cards() for seat, work in works.items()}
    bidding = {seat: bool(work.calls_at) for seat, work in works.items()}
    start = clock()
    busy = [work for work in works.values() if not work.complete]
    while busy:
        for work in busy:
            if clock() - start >= seconds:  # the cap: every seat's work stops where it is
                for left in busy:
                    left.stop()
                break
            work.step(REVIEW_NODES)
        busy = [work for work in busy if not work.complete]
    return {
        seat: SeatReview(
            items[seat],
            tuple(work.calls),
            work.par or (),
            work.auction_deals,
            bidding[seat] and (bool(work.calls) or work.cut),
            work.cut,
        )
        for seat, work in works.items()
    }


def open_value(ruleset: str, seed: int, board: int, codes: str) -> tuple[tuple[int, ...] | None, str]:
    """A club night's board's open-cards value (``analysis.open_cards``) from the position
    after the actions written in ``codes`` (``game.replay``): each side's points, or
    ``None`` and the reason. Plain values in and out, for a process pool."""
    found = open_cards(replay(board_deal(ruleset, seed, board), codes))
    return found.points, found.why


class Job(enum.IntEnum):
    """What a job of the bots is, in the order the queue serves them."""

    MOVE = 0
    HINT = 1
    REVIEW = 2
    REASON = 3
    VALUE = 4


class BotRunner:
    """Runs the bots' work in an executor (``None``: the event loop's default pool), at most
    ``workers`` jobs at once (default: the executor's own number of workers), the rest
    waiting in the priority queue of the module docstring."""

    def __init__(
        self,
        executor: Executor | None = None,
        workers: int | None = None,
        *,
        auction_deals: Mapping[int, int] = ROOM_AUCTION_DEALS,
        review_seconds: float = REVIEW_SECONDS,
        review_clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.executor = executor
        self.auction_deals = dict(auction_deals)
        """The deals each call is weighed over in a review, by the number of players (none
        given: the bidding is not reviewed)."""
        self.review_seconds = review_seconds
        self.review_clock = review_clock
        """The CPU clock the review's cap is read on (a module-level function: a process pool
        is handed it)."""
        # ThreadPoolExecutor and ProcessPoolExecutor both keep their size in _max_workers.
        self.workers = max(1, workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1)
        self.busy = 0
        """The jobs handed to the executor and not yet done."""
        self.waiting: list[tuple[Job, int, asyncio.Future[None]]] = []
        self.order = itertools.count()
        self.served: list[Job] = []
        """The kinds of the jobs in the order they were handed to the executor (the latest
        ``workers * 64``: a test reads it)."""

    async def decide(self, game: Game, level: str) -> str:
        """The action code the bot chooses (computed off the event loop)."""
        return await self._run(Job.MOVE, decide_code, game, level)

    async def reason(self, game: Game, level: str, index: int, lang: str) -> str:
        """A bot's reason for an action of the deal, in one language (off the event loop)."""
        return (await self.reasons(game, level, index)).get(lang, "")

    async def reasons(self, game: Game, level: str, index: int) -> dict[str, str]:
        """A bot's reason for an action of the deal, in every language (off the event loop)."""
        return await self._run(Job.REASON, reason_texts, game, level, index)

    async def hint(self, game: Game, level: int) -> dict[str, str]:
        """The hint for the seat to act, in every language (computed off the event loop)."""
        return await self._run(Job.HINT, hint_texts, game, level)

    async def review(self, game: Game, seats: tuple[Seat, ...]) -> dict[Seat, SeatReview]:
        """The review of each of ``seats`` in the finished deal (``reviews_of``, computed off the
        event loop, its bidding's part capped)."""
        deals = self.auction_deals.get(game.rules.players, 0)
        return await self._run(
            Job.REVIEW, reviews_of, game, seats, deals, self.review_seconds, self.review_clock
        )

    async def open_value(
        self, ruleset: str, seed: int, board: int, codes: str
    ) -> tuple[tuple[int, ...] | None, str]:
        """A club night's board's open-cards value (``open_value``; off the event loop, after
        every other job)."""
        return await self._run(Job.VALUE, open_value, ruleset, seed, board, codes)

    async def _run(self, kind: Job, fn: Callable[..., T], *args: object) -> T:
        """Run ``fn(*args)`` in the executor once a worker is free and no job before it in the
        queue waits."""
        loop = asyncio.get_running_loop()
        if self.busy >= self.workers or self.waiting:
            gate: asyncio.Future[None] = loop.create_future()
            heapq.heappush(self.waiting, (kind, next(self.order), gate))
            try:
                await gate  # given a worker: counted busy by _hand_on
            except asyncio.CancelledError:
                if gate.done() and not gate.cancelled():
                    self._done()  # the worker it was given goes to the next job
                raise
        else:
            self.busy += 1
        self.served.append(kind)
        del self.served[: -self.workers * 64]
        try:
            return await loop.run_in_executor(self.executor, fn, *args)
        finally:
            self._done()

    def _done(self) -> None:
        """A job has ended: its worker goes to the first job waiting."""
        self.busy -= 1
        while self.waiting and self.busy < self.workers:
            _, _, gate = heapq.heappop(self.waiting)
            if gate.cancelled():
                continue
            self.busy += 1
            gate.set_result(None)

    def close(self) -> None:
        """Stop the executor (when this runner was handed one): the decisions not yet begun are
        dropped, and this returns once the ones under way and the workers have ended."""
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
