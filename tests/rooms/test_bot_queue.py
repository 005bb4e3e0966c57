"""The bots' queue (``rooms.bots``): the executor is handed no more jobs than it has workers,
the bots' moves before hints, reviews and reasons; a reason ("why did the bot play that") is
for a seat or the host, worked out once per deal and action in every language and kept."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import replace
from typing import Any

from marjapussi.actions import Play
from marjapussi.cards import Seat
from marjapussi.game import Game
from marjapussi.rooms.bots import BotRunner, Job, SeatReview, decide_code, reason_texts, reviews_of
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.hub import Hub
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.room import Room
from marjapussi.rooms.texts import rt

from .kit import FAST, Device, InlineExecutor, create, delivered, move, new_hub, run, text_of

JOB_MS = 0.044
"""What a job costs on the test clock (an expert bot's reason took 44 ms of CPU)."""


class HeldExecutor(Executor):
    """Holds every job until the test lets the oldest one run."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((fn, args, future))
        return future

    def run_oldest(self) -> Callable[..., Any]:
        fn, args, future = self.jobs.pop(0)
        future.set_result(fn(*args))
        return fn


async def until(condition: Callable[[], bool]) -> None:
    """Let the event loop run until ``condition`` holds (no time passes)."""
    for _ in range(10_000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never held")


def test_a_flood_of_reasons_does_not_hold_back_another_rooms_bot() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=replace(FAST, room_reasons=100))
        asker, player, visitor = Device(hub, "ru"), Device(hub), Device(hub)
        for device in (asker, player, visitor):
            await device.open()
        rng = random.Random(3)
        hub.bots = BotRunner(InlineExecutor(), workers=1)
        # Room A: its deal played to the end, the asker at south.
        first = await create(asker, "guild", "S", N="club", E="random", W="random")
        a = hub.rooms[first]
        await hub.settle()
        while not a.live.deal.is_over():
            await move(asker, a, rng)
            await hub.settle()
        await visitor.hello(first)
        # Room B: a person's turn, a bot to act right after.
        second = await create(player, "guild", "S", N="random", E="random", W="random")
        b = hub.rooms[second]
        await hub.settle()
        held = HeldExecutor()
        hub.bots = BotRunner(held, workers=1)
        history = a.live.deal.history
        bots = [i for i, (s, act) in enumerate(history) if a.settings.level_of(s) and isinstance(act, Play)]
        asked = [asyncio.ensure_future(asker.say({"type": "why", "i": i})) for i in bots[:20]]
        await until(lambda: len(held.jobs) == 1 and len(hub.bots.waiting) == 19)
        # A visitor asks for none: a reason is worth a bot's think.
        await visitor.say({"type": "why", "i": bots[0]})
        assert visitor.last["announce"] == "That needs a seat at the table."
        before = len(b.live.deal.history)
        await move(player, b, rng)
        assert b.live.deal.to_act != b.live.deal.history[-1][0]
        due = clock.now()
        await hub.run_due()  # the bot of room B starts to think: it waits behind the reason under way
        await until(lambda: len(hub.bots.waiting) == 20)
        ran = []
        while len(b.live.deal.history) == before + 1:
            clock.advance(JOB_MS)
            ran.append(held.run_oldest())
            await until(lambda: bool(held.jobs) or len(b.live.deal.history) > before + 1)
        assert ran == [reason_texts, decide_code]
        assert clock.now() - due <= 2 * JOB_MS + 1e-9  # the reason under way, then the bot's move
        # The reasons come after, each once, in every language; asked again, none is worked out.
        while not all(job.done() for job in asked):
            await until(lambda: bool(held.jobs) or all(job.done() for job in asked))
            if held.jobs:
                ran.append(held.run_oldest())
        await asyncio.gather(*asked)
        assert ran.count(reason_texts) == 20
        assert asker.last["ok"] and "mp-play-reason" in asker.html and asker.last["announce"]
        await asker.say({"type": "why", "i": bots[0]})
        await asker.say({"type": "lang", "lang": "fi"})
        await asker.say({"type": "why", "i": bots[0]})
        assert not held.jobs and asker.last["ok"] and asker.last["announce"]

    run(main())


def test_reasons_are_kept_until_the_deal_after_next_and_a_room_asks_few_at_once() -> None:
    async def main() -> None:
        hub = new_hub()
        asker = Device(hub)
        await asker.open()
        rng = random.Random(5)
        code = await create(asker, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        kept: list[int] = []
        for deal in range(3):
            await hub.settle()
            while not room.live.deal.is_over():
                await move(asker, room, rng)
                await hub.settle()
            history = room.live.deal.history
            first = next(i for i, (s, act) in enumerate(history) if s != Seat.S and isinstance(act, Play))
            await asker.say({"type": "why", "i": first})
            assert asker.last["ok"] and asker.last["announce"], deal
            kept.append(len(hub.reasons[code]))
            await asker.say({"type": "next"})
        assert kept == [1, 2, 2]  # the first deal's reasons go once the third is over
        # However many reasons a room asks for at once, it waits for few of them.
        assert LIMITS.room_reasons == 4
        await hub.settle()
        while not room.live.deal.is_over():
            await move(asker, room, rng)
            await hub.settle()
        held = HeldExecutor()
        hub.bots = BotRunner(held, workers=1)
        history = room.live.deal.history
        bots = [i for i, (s, act) in enumerate(history) if s != Seat.S and isinstance(act, Play)]
        asked = [asyncio.ensure_future(asker.say({"type": "why", "i": i})) for i in bots[:4]]
        await until(lambda: len(held.jobs) == 1 and len(hub.bots.waiting) == 3)
        await asker.say({"type": "why", "i": bots[4]})
        assert asker.last["announce"].startswith("The bots' reasons are already being worked out")
        while not all(job.done() for job in asked):
            await until(lambda: bool(held.jobs) or all(job.done() for job in asked))
            if held.jobs:
                held.run_oldest()
        again = asyncio.ensure_future(asker.say({"type": "why", "i": bots[4]}))
        await until(lambda: bool(held.jobs))
        held.run_oldest()
        await again
        assert asker.last["ok"] and "mp-play-reason" in asker.html

    run(main())



async def bots_until(hub: Hub, held: HeldExecutor, done: Callable[[], bool], person: Device, room: Room,
                     rng: random.Random) -> None:
    """Play ``room`` (its person at south, bots elsewhere, every job held) until ``done``."""
    while not done():
        if room.live.deal.to_act == Seat.S:
            await move(person, room, rng)
            await delivered(hub)
            continue
        await hub.run_due()
        await until(lambda: bool(held.jobs) and held.jobs[-1][0] is decide_code)
        fn, args, future = held.jobs.pop()  # the bot's move (the newest job), nothing else
        future.set_result(fn(*args))
        await until(lambda: room.code not in hub.thinking)
        await delivered(hub)


def test_a_rooms_bot_plays_while_another_rooms_review_is_worked_out() -> None:
    """Issue 32, Decided 9: a review (in Huutopussi, up to seconds of CPU for the bidding) holds
    one worker of the bots' pool; another room's bot is handed a free worker and plays."""

    async def main() -> None:
        hub = new_hub()
        asker, player = Device(hub, "fi"), Device(hub, "en")
        for device in (asker, player):
            await device.open()
        rng = random.Random(6)
        held = HeldExecutor()
        hub.bots = BotRunner(held, workers=2)
        # Room A: a deal played to its end; its review is handed to a worker and held there.
        first = await create(asker, "guild", "S", N="random", E="random", W="random")
        a = hub.rooms[first]
        await bots_until(hub, held, a.live.deal.is_over, asker, a, rng)
        await hub.run_due()
        await until(lambda: len(held.jobs) == 1)
        assert held.jobs[0][0] is reviews_of and hub.bots.busy == 1
        # Room B: its bots play move after move on the other worker, the review still under way.
        second = await create(player, "guild", "S", N="random", E="random", W="random")
        b = hub.rooms[second]
        played = len(b.live.deal.history) + 8
        await bots_until(hub, held, lambda: len(b.live.deal.history) >= played, player, b, rng)
        assert a.reviewed is not a.live.game and held.jobs[0][0] is reviews_of
        assert rt("review-wait", "fi") in text_of(asker.html)
        held.run_oldest()
        await until(lambda: a.reviewed is a.live.game)
        await until(lambda: not hub.tasks)
        await delivered(hub)
        assert "mp-play-review" in asker.html

    run(main())


def test_reviews_queue_behind_the_bots_moves() -> None:
    """Jobs waiting for a worker: the bots' moves first, then the hints, then the reviews."""

    async def main() -> None:
        held = HeldExecutor()
        runner = BotRunner(held, workers=1)
        game = Game.new("guild", 3)
        while not game.position().deal.is_over():
            game = game.push(game.decision("random").action)
        playing = Game.new("guild", 4)
        jobs = [asyncio.ensure_future(runner.review(game, (Seat.S,)))]
        await until(lambda: len(held.jobs) == 1)
        jobs.append(asyncio.ensure_future(runner.review(game, (Seat.N,))))
        jobs.append(asyncio.ensure_future(runner.hint(playing, 1)))
        jobs.append(asyncio.ensure_future(runner.decide(playing, "random")))
        await until(lambda: len(runner.waiting) == 3)
        while not all(job.done() for job in jobs):
            await until(lambda: bool(held.jobs) or all(job.done() for job in jobs))
            if held.jobs:
                held.run_oldest()
        assert runner.served[-4:] == [Job.REVIEW, Job.MOVE, Job.HINT, Job.REVIEW]
        assert all(isinstance(r, SeatReview) for r in jobs[0].result().values())

    run(main())
