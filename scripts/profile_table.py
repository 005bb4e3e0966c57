"""Profile the room server's CPU per accepted action, in process (issue 33).

A ``Hub`` on a clock moved by hand, its store an SQLite file as the server's (write-ahead
log, ``NORMAL``), its bots in a process pool as the server's (``--bot-workers``), and fake
sockets: each room has three people (S the host, as in ``bench_table.py``), a bot at North
(``--bot-level``) and ``--spectators`` spectators, and plays whole deals of each preset of
``--rules`` in turn. A person acts as the bench's players do: a random control of the view
it was sent (a refused card and another tried; three cards picked and a discard), and
answers the heartbeat; the clock moves on a second a person action and the bots act as
soon as they may. The bidding's review of seed-004 Huutopussi (up to 5 s of the bots'
CPU a deal) is left out: the bench's guild rooms have none, and the hub only waits for it.

A fake socket does what the server's socket does with a text it sends: encodes it and
compresses it with a context of its own (permessage-deflate as ``websockets`` sets it up:
12 bits of window, ``memLevel`` 5) unless ``--no-deflate``. What the scripted devices do
with what they receive (reading the JSON, joining the parts, finding the buttons) is
timed apart and left out of the figures.

It prints the hub's CPU per accepted action (every action the store took: a card, a call,
a next deal; the bots' too), measured without the profiler (``process_time``, the bots'
processes not counted) in ``--repeat`` runs, the least of them the figure (other jobs on
the machine only add), the messages and bytes sent per action, and then
``--top`` functions of a second, profiled run by cumulative and by own time, in µs per
accepted action (the devices' functions among them, marked). The profile reads cProfile's
own clock (the least overhead; its figures are larger than the CPU measured, most for
functions called often), and the waits for the bots' processes show as the event loop's
``select``.

    .venv/bin/python scripts/profile_table.py --deals 3
    .venv/bin/python scripts/profile_table.py --rules guild --deals 6 --spectators 0 --top 40

A profile, not a test or a benchmark: ``bench_table.py`` measures the server over real
sockets against the base commit.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import html
import json
import multiprocessing
import pstats
import random
import re
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from marjapussi.rooms.bots import BotRunner, watch_parent
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.hub import Connection, Hub
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.store import Store
from marjapussi.rooms.views import SharedViews, Viewer, apply_delta
from marjapussi.web.table_view import pick_size

BUTTON = re.compile(r"<button\b([^>]*)>")
ACTION = re.compile(r'data-action="([^"]*)"')
ACTING = ("play", "act", "pick", "discard", "next")
PRESETS = "guild,pagat,huutopussi,huutopussi-marriage"
DEVICES: list[Device] = []
"""The devices of the run measured (their messages and bytes are counted)."""
CLIENT = "(device)"
"""How the devices' own functions are marked in the profile."""


@dataclass(eq=False)
class Device:
    """One scripted device: its socket's side in the server (encode, compress) and, apart, what
    the page does with what it receives."""

    deflate: bool
    inbox: list[str] = field(default_factory=list)
    parts: tuple[str, ...] = ()
    offered: list[dict[str, Any]] = field(default_factory=list)
    fresh: bool = False
    """A view came since the device last acted."""
    refused: bool = False
    ping: bool = False
    kept: dict[str, Any] = field(default_factory=dict)
    conn: Connection | None = None
    sent_bytes: int = 0
    messages: int = 0

    def __post_init__(self) -> None:
        self.compressor = zlib.compressobj(wbits=-12, memLevel=5) if self.deflate else None

    async def socket_send(self, text: str) -> None:
        """What the server's socket does with a text: encode it, compress it (its own context)."""
        data = text.encode()
        if self.compressor is not None:
            data = self.compressor.compress(data) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
        self.sent_bytes += len(data)
        self.messages += 1
        self.inbox.append(text)

    async def socket_close(self) -> None:
        return None


def device_reads(device: Device) -> None:
    """The page's side (timed apart): read what came, keep the view, find the controls it offers."""
    for text in device.inbox:
        message = json.loads(text)
        kind = message.get("type")
        if kind == "keep":
            device.kept.update(message)
            continue
        if kind == "ping":
            device.ping = True
            continue
        if message.get("ok") is False or kind == "refused":  # a refused card: the controls offered stay
            device.refused = True
        if kind != "view" or "parts" not in message:
            continue
        device.parts = apply_delta(device.parts, message["parts"])
        page = "".join(device.parts)
        acting = 'data-turn="you"' in page or 'data-turn="over"' in page
        offered = []
        for attributes in BUTTON.findall(page) if acting else ():
            action = ACTION.search(attributes)
            if action is None or "disabled" in attributes:
                continue
            data = json.loads(html.unescape(action.group(1)))
            if data.get("type") in ACTING:
                offered.append(data)
        device.offered, device.fresh = offered, True
    device.inbox.clear()


class Table:
    """One room of the run: its devices, and the hub that serves them."""

    def __init__(self, hub: Hub, rng: random.Random, deflate: bool, spectators: int) -> None:
        self.hub, self.rng, self.deflate, self.spectators = hub, rng, deflate, spectators
        self.seats: dict[str, Device] = {}
        self.watchers: list[Device] = []
        self.code = ""

    async def device(self) -> Device:
        device = Device(self.deflate)
        DEVICES.append(device)
        device.conn = Connection(
            device.socket_send, device.socket_close, base="http://127.0.0.1:8000", address="127.0.0.1"
        )
        assert await self.hub.connect(device.conn)
        return device

    async def say(self, device: Device, message: dict[str, Any]) -> None:
        assert device.conn is not None
        await self.hub.receive(device.conn, json.dumps(message))

    async def fill(self, rules: str, level: str) -> None:
        host = await self.device()
        await self.say(host, {"type": "hello", "lang": "en"})
        create = {"type": "create", "r": rules, "N": level, "E": "person", "S": "person", "W": "person"}
        await self.say(host, {**create, "grace": 60, "seat": "S", "name": "S"})
        await delivered(self.hub)
        device_reads(host)
        self.code = host.kept["room"]
        self.seats["S"] = host
        for seat in ("E", "W"):
            player = await self.device()
            await self.say(player, {"type": "hello", "lang": "en", "room": self.code})
            await self.say(player, {"type": "sit", "seat": seat, "name": seat})
            self.seats[seat] = player
        for _ in range(self.spectators):
            watcher = await self.device()
            await self.say(watcher, {"type": "hello", "lang": "fi", "room": self.code})
            await self.say(watcher, {"type": "watch", "projector": False})
            self.watchers.append(watcher)
        await delivered(self.hub)

    def devices(self) -> list[Device]:
        return [*self.seats.values(), *self.watchers]

    async def step(self, reads: Callable[[Device], None]) -> bool:
        """One person's action (after the bots' turns); ``False`` once the room's first game's
        deals are done or no one can act."""
        for device in self.devices():
            reads(device)
            if device.ping:
                device.ping = False
                await self.say(device, {"type": "pong"})
        for seat, device in self.seats.items():
            if not device.offered or not (device.fresh or device.refused):
                continue
            device.fresh = device.refused = False
            await self.act(seat, device)
            return True
        return False

    async def act(self, seat: str, device: Device) -> None:
        offered, rng = device.offered, self.rng
        nexts = [a for a in offered if a["type"] == "next"]
        if nexts:
            if seat == "S":
                await self.say(device, nexts[0])
            return
        picks = [a for a in offered if a["type"] == "pick"]
        if picks:
            room = self.hub.rooms[self.code]
            for pick in rng.sample(picks, pick_size(room.live.deal.rules, room.live.deal.phase)):
                await self.say(device, pick)
            await self.say(device, {"type": "discard"})
            return
        await self.say(device, rng.choice([a for a in offered if a["type"] in ("play", "act")] or offered))


async def delivered(hub: Hub) -> None:
    await asyncio.gather(*(c.outbox.sent() for c in list(hub.connections) if c.outbox is not None))


class CountingStore(Store):
    """The store, counting the accepted actions it takes (a card, a call, a next deal)."""

    accepted = 0

    def append(self, room: str, seq: int, event: dict[str, Any], at: float) -> None:
        super().append(room, seq, event, at)
        if event.get("e") in ("act", "next", "again"):
            self.accepted += 1


async def play(
    args: argparse.Namespace, executor: Executor, reads: Callable[[Device], None]
) -> tuple[Hub, int]:
    """Play ``args.deals`` deals of each preset, a room at a time; return the hub and the persons'
    actions."""
    clock = ManualClock()
    limits = replace(
        LIMITS,
        address_pending=10**6,
        lobby_address=10**6,
        room_address=10**6,
        address_rooms=10**6,
        message_burst=10**6,
    )
    folder = tempfile.mkdtemp(prefix="profile-table-")
    hub = Hub(
        CountingStore(Path(folder) / "rooms.sqlite3"),
        clock=clock,
        limits=limits,
        bots=BotRunner(executor, auction_deals={}),
        rule_links=True,
    )
    rng = random.Random(args.seed)
    people = 0
    for rules in args.rules.split(","):
        tables = [Table(hub, rng, args.deflate, args.spectators) for _ in range(args.rooms)]
        for table in tables:
            await table.fill(rules, args.bot_level)
        for table in tables:
            room = hub.rooms[table.code]
            stuck = 0
            while len(room.live.game.done) < args.deals and stuck < 50:
                clock.advance(limits.bot_pace_s)
                await hub.settle()
                await delivered(hub)
                if await table.step(reads):
                    people += 1
                    stuck = 0
                    clock.advance(1.0)
                else:
                    stuck += 1
                await delivered(hub)
            for device in table.devices():
                assert device.conn is not None
                await hub.disconnect(device.conn)
    hub.store.close()
    return hub, people


VIEWS = [0.0]
"""The CPU the views took to build in the run measured (``SharedViews.parts``)."""


def time_views() -> None:
    """Count the CPU of every view built (``SharedViews.parts``) in ``VIEWS``."""
    built = SharedViews.parts

    def parts(self: SharedViews, viewer: Viewer, base: str, key: Any = ...) -> tuple[str, ...]:
        began = time.process_time()
        try:
            return built(self, viewer, base, key)
        finally:
            VIEWS[0] += time.process_time() - began

    SharedViews.parts = parts  # type: ignore[method-assign]


def timed_reads(spent: list[float]) -> Callable[[Device], None]:
    def reads(device: Device) -> None:
        began = time.process_time()
        device_reads(device)
        spent[0] += time.process_time() - began

    return reads


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default=PRESETS, help="the presets played, in turn")
    parser.add_argument("--deals", type=int, default=2, help="deals of each preset a room plays")
    parser.add_argument("--rooms", type=int, default=2, help="rooms of each preset")
    parser.add_argument("--spectators", type=int, default=2, help="spectators a room")
    parser.add_argument("--bot-level", default="beginner")
    parser.add_argument("--bot-workers", type=int, default=1, help="the bots' processes (0: a thread)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="measured runs (the least is the figure)")
    parser.add_argument("--top", type=int, default=25, help="functions listed by each order")
    parser.add_argument("--save", help="also write the profile to this file (for pstats)")
    parser.add_argument("--no-deflate", dest="deflate", action="store_false", help="no compression")
    parser.add_argument("--no-profile", dest="profile", action="store_false", help="the figures only")
    args = parser.parse_args(argv)
    if args.bot_workers:
        executor: Executor = ProcessPoolExecutor(
            args.bot_workers, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent
        )
    else:
        executor = ThreadPoolExecutor(1)
    with executor:
        asyncio.run(
            play(replace_args(args, deals=1, rules=args.rules.split(",")[0], rooms=1), executor, device_reads)
        )  # imports and the caches every room shares
        figures = []
        time_views()
        for _ in range(args.repeat):
            VIEWS[0] = 0.0
            DEVICES.clear()
            spent = [0.0]
            began = time.process_time()
            hub, people = asyncio.run(play(args, executor, timed_reads(spent)))
            cpu = time.process_time() - began - spent[0]
            store = hub.store
            assert isinstance(store, CountingStore)
            actions = max(1, store.accepted)
            sent = sum(c.messages for c in DEVICES), sum(c.sent_bytes for c in DEVICES)
            figures.append(
                (
                    1000 * cpu / actions,
                    store.accepted,
                    people,
                    sent[0] / actions,
                    sent[1] / actions,
                    1000 * VIEWS[0] / actions,
                )
            )
        print(
            f"profile_table: {args.rules}, {args.deals} deals a room, {args.rooms} rooms a preset, "
            f"3 people, a {args.bot_level} bot and {args.spectators} spectators a room, "
            f"deflate {'on' if args.deflate else 'off'}"
        )
        for ms, accepted, people, messages, sent_bytes, views in figures:
            print(
                f"run: {ms:.3f} ms, the views {views:.3f} ms "
                f"({accepted} accepted actions, {people} person actions; "
                f"{messages:.1f} messages and {sent_bytes / 1024:.2f} KB sent an action)"
            )
        least, views = min(f[0] for f in figures), min(f[5] for f in figures)
        print(
            f"hub CPU per accepted action: {least:.3f} ms, building the views {views:.3f} ms of it "
            f"(the least of {args.repeat} runs)"
        )
        if not args.profile:
            return 0
        profile = cProfile.Profile()
        profile.enable()
        profiled, _ = asyncio.run(play(args, executor, device_reads))
        profile.disable()
    assert isinstance(profiled.store, CountingStore)
    if args.save:
        profile.dump_stats(args.save)
    show(pstats.Stats(profile), max(1, profiled.store.accepted), args.top)
    return 0


def replace_args(args: argparse.Namespace, **changes: Any) -> argparse.Namespace:
    return argparse.Namespace(**{**vars(args), **changes})


def show(stats: pstats.Stats, actions: int, top: int) -> None:
    """The top functions by cumulative and by own time, in µs per accepted action."""
    rows: list[tuple[str, int, float, float]] = []
    for (path, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = f"{Path(path).name}:{line}({name})" if line else name
        if name in ("device_reads", "timed_reads", "reads"):
            where += " " + CLIENT
        rows.append((where, calls, own, cumulative))
    for title, index in (("cumulative", 3), ("own", 2)):
        print(f"\n-- by {title} time, µs per accepted action (calls per action)")
        for where, calls, own, cumulative in sorted(rows, key=lambda r: -float(r[index]))[:top]:
            print(
                f"{1e6 * cumulative / actions:9.1f} cum {1e6 * own / actions:8.1f} own "
                f"{calls / actions:7.2f}x  {where}"
            )


if __name__ == "__main__":
    sys.exit(main())
