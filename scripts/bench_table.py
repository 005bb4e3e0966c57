"""Benchmark the room server: scripted players over real WebSockets on 127.0.0.1, the base
commit's server and this tree's back to back.

For each step of room counts (``--rooms``, at most ``--max-rooms``), a fresh server is
started in a child process, first from the base commit (``--base``, 1ee955f: its files taken
out with ``git archive`` into a temporary folder, its own ``bench_table.py --serve`` run from
there), then from this tree: the application of ``python -m marjapussi table``, its bots in a
process pool off the event loop, the address limits lifted because every scripted player
comes from 127.0.0.1 (the per-connection rate limits stay on). Then N rooms fill at once,
each with three scripted people and a bot of one fixed level (``--bot-level``), and they play
whole deals for ``--seconds`` seconds: a person acts a random control of the view it was sent
(an illegal card is refused and another tried) one to two seconds after its turn comes, the
bots at the server's pace.

Per step and server it prints actions per second (every accepted action, the bots' too), the
p95 and the largest time from a person's action to the moment every seat of the room has the
view after it, the server's CPU (read from ``/proc``; its bots' processes not counted) per
accepted action, the server's memory per room (its resident memory with the rooms, less the
same without) while the rooms are held and again once they have rested, and the CPU that
other processes of the machine used meanwhile (``/proc/stat`` less the server, its bots and
this script), as a share of the machine. A p95 is judged against its goal (100 ms, 200 ms with
``--split-cores``: the server on one CPU, the players and bots on the other) only when other
processes used under 20 % of the machine; else it is printed as "not judged: busy".

The spectator figure: ``--spectator-rooms`` rooms played once without spectators and once
with ``--spectators`` (35) in each, this tree's server; (server CPU per person action with
them, less without) / spectators, in ms.

A stopped server must leave no bot worker running; the step says how many it left.
Afterwards every view a seat received is checked against the room's events read back from
the server's store: a card the seat could not know at that point of the deal
(``SeatView.unseen``) found in it is a leaked card.

The last line: ``rooms=R action_p95_ms=P cpu_ms=C cpu_ratio_to_base=X spectator_ms=S
leaked_cards=L``: R the most rooms this tree's server held with the p95 under its goal (0 if
none), P that step's p95 (the first step's when R is 0), C the server's CPU per accepted
action at the largest step, X its ratio to the base's at the same step, S the spectator
figure (``skipped`` when ``--spectators 0`` leaves it out), L the leaked cards of every step.
A benchmark, not a test: figures vary with the machine and its load;
``tests/rooms/test_bench_table.py`` only runs it small.

``--evening``: a club night's figures instead (``bench_evening.py``, whose options follow).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import html
import json
import multiprocessing
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from processes import children, still_running

from marjapussi.rooms.views import apply_delta, apply_refusal

BUTTON = re.compile(r"<button\b([^>]*)>")
ACTION = re.compile(r'data-action="([^"]*)"')
POSITION = re.compile(r'class="mp-room-view"[^>]*data-deal="(\d+)" data-moves="(\d+)"')
CARD = re.compile(r'data-card="([A-Z0-9]{2,3})"')
ACTING = ("play", "act", "pick", "discard", "next")
GOAL_MS = 100.0
SPLIT_GOAL_MS = 200.0
BUSY = 0.20
"""Other processes' share of the machine above which a p95 is not judged."""
BASE = "1ee955f"


# ---------------------------------------------------------------------- the server


def open_limits(limits: Any) -> dict[str, int]:
    """The per-address limits lifted (every client of the bench has one address), by the names
    the code under test has (the base commit's and the new code's differ)."""
    names = ("address_connections", "address_pending", "lobby_address", "room_address", "address_rooms")
    return {name: 10**6 for name in names if hasattr(limits, name)}


def serve(port: int, db: str, bot_workers: int, rest_s: float) -> None:
    """The server of one step (run in a child process): the command line's (``table_server``),
    without the WebSocket's own ping (the hub's heartbeat stays)."""
    from marjapussi.game import Game
    from marjapussi.rooms.bots import decide_code, watch_parent
    from marjapussi.rooms.cli import table_server
    from marjapussi.rooms.limits import LIMITS
    from marjapussi.rooms.server import TableConfig

    limits = replace(LIMITS, **open_limits(LIMITS), rooms=10**5, connections=10**5, room_rest_s=rest_s)
    executor = ProcessPoolExecutor(
        max_workers=bot_workers, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent
    )
    warm = [executor.submit(decide_code, Game.new("guild", n), "random") for n in range(bot_workers)]
    for job in warm:  # the bots' processes started and their imports done before the port opens
        job.result()
    config = TableConfig(db=db, limits=limits, executor=executor)
    asyncio.run(table_server(config, host="127.0.0.1", port=port, heartbeat=False).serve())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_s(pid: int) -> float:
    """The CPU time the process has used (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_s() -> float:
    """The CPU time every core of the machine has spent busy since it started, in seconds."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def ours_s(pid: int) -> float:
    """The CPU time of the server, its bots' processes and this script, in seconds."""
    total = 0.0
    for each in (pid, *children(pid), os.getpid()):
        with contextlib.suppress(OSError, IndexError, ValueError):
            total += cpu_s(each)
    return total


def resident_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# ---------------------------------------------------------------------- the players


@dataclass
class Table:
    """One room as the scripted players see it, and the person's action waiting to be seen."""

    code: str = ""
    seats: dict[str, Player] = field(default_factory=dict)
    pending: tuple[tuple[int, int], float, set[str]] | None = None


@dataclass
class Run:
    """What one step measures."""

    rng: random.Random
    latencies: list[float] = field(default_factory=list)
    positions: set[tuple[str, int, int]] = field(default_factory=set)
    seen: dict[tuple[str, str], dict[tuple[int, int], set[str]]] = field(
        default_factory=lambda: defaultdict(dict)
    )
    refused: int = 0
    cpu_s: float = 0.0
    """The server's CPU time while the rooms played (its bots' processes not counted)."""
    other_s: float = 0.0
    """The CPU time other processes of the machine used meanwhile."""
    load: float = 0.0
    """The machine's load average at the end (other work slows every figure)."""


class Player:
    """A scripted person at one seat: one WebSocket, acting at a human pace."""

    def __init__(self, run: Run, table: Table, seat: str, url: str) -> None:
        self.run, self.table, self.seat, self.url = run, table, seat, url
        self.socket: Any = None
        self.position = (0, 0)
        self.offered: list[dict[str, Any]] = []
        self.turn: asyncio.Task[None] | None = None
        self.received = asyncio.Event()
        self.kept: dict[str, Any] = {}
        self.tried: set[str] = set()
        self.pong: asyncio.Future[None] | None = None
        self.parts: tuple[str, ...] = ()
        """The parts of the view shown (this tree's server sends a view as the parts that
        changed; the base commit's sends it whole, as ``html``)."""

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(self.url, max_size=2**22, ping_interval=None)

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def until(self, check: Any) -> dict[str, Any]:
        """Read messages until one passes ``check`` (during the set-up)."""
        while True:
            message = json.loads(await self.socket.recv())
            self.take(message)
            if check(message):
                return message

    def take(self, message: dict[str, Any]) -> None:
        """Look at one message: the position it shows, the controls it offers, the cards in it."""
        kind = message.get("type")
        if kind == "keep":
            self.kept.update(message)
            return
        if kind == "ping":
            self.pong = asyncio.ensure_future(self.send({"type": "pong"}))
            return
        if kind == "view" and "parts" in message:
            self.parts = apply_delta(self.parts, message["parts"])
            message["html"] = "".join(self.parts)
        elif kind == "refused":  # this tree's answer to a refused card: put into the view shown
            message["html"] = "".join(apply_refusal(self.parts, message["card"], message["note"]))
            kind, message["ok"] = "view", False
        page = message.get("html") or ""
        if message.get("ok") is False:
            self.run.refused += 1
        if kind != "view" or not page:
            return
        found = POSITION.search(page)
        if found is None:
            return
        position = (int(found.group(1)), int(found.group(2)))
        now = time.perf_counter()
        table, run = self.table, self.run
        run.positions.add((table.code, *position))
        run.seen[(table.code, self.seat)].setdefault(position, set()).update(CARD.findall(page))
        if table.pending is not None and table.pending[0] == position and self.seat in table.pending[2]:
            table.pending[2].discard(self.seat)
            if not table.pending[2]:
                run.latencies.append(now - table.pending[1])
                table.pending = None
        offered = []
        acting = 'data-turn="you"' in page or 'data-turn="over"' in page
        for attributes in BUTTON.findall(page) if acting else ():
            action = ACTION.search(attributes)
            if action is None or "disabled" in attributes:
                continue
            data = json.loads(html.unescape(action.group(1)))
            if data.get("type") in ACTING:
                offered.append(data)
        fresh = position != self.position or not self.offered
        if position != self.position:
            self.tried = set()
        self.position, self.offered = position, offered
        if offered and (fresh or message.get("ok") is False) and (self.turn is None or self.turn.done()):
            # a new turn: one to two seconds; a card refused: another soon after
            pace = self.run.rng.uniform(1.0, 2.0) if fresh else self.run.rng.uniform(0.3, 0.6)
            self.turn = asyncio.ensure_future(self.act(position, pace))

    async def act(self, position: tuple[int, int], pace: float) -> None:
        await asyncio.sleep(pace)
        if position != self.position or not self.offered:
            return
        rng = self.run.rng
        offered = self.offered
        nexts = [a for a in offered if a["type"] == "next"]
        if nexts:
            if self.seat != "S":
                return
            chosen = nexts[0]
            expected = (position[0] + 1, 0)
        elif any(a["type"] == "pick" for a in offered):
            for pick in rng.sample([a for a in offered if a["type"] == "pick"], 3):
                await self.send(pick)
            chosen, expected = {"type": "discard"}, (position[0], position[1] + 1)
        else:
            untried = [a for a in offered if a["type"] in ("play", "act") and json.dumps(a) not in self.tried]
            chosen = rng.choice(untried or offered)
            self.tried.add(json.dumps(chosen))
            expected = (position[0], position[1] + 1)
        self.table.pending = (expected, time.perf_counter(), set(self.table.seats))
        self.offered = []
        await self.send(chosen)

    async def listen(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.socket:
                self.take(json.loads(text))


class Watcher:
    """A scripted spectator: one WebSocket that watches a room and only reads (and answers the
    server's heartbeat)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.socket: Any = None

    async def open(self, code: str) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(self.url, max_size=2**22, ping_interval=None)
        await self.socket.send(json.dumps({"type": "hello", "lang": "fi", "room": code}))
        await self.socket.send(json.dumps({"type": "watch", "projector": False}))

    async def listen(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.socket:
                if '"type":"ping"' in text:
                    await self.socket.send('{"type": "pong"}')


async def fill(run: Run, url: str, rules: str, level: str) -> Table:
    """Create a room with three scripted people and a bot at North."""
    table = Table()
    host = Player(run, table, "S", url)
    await host.open()
    await host.send({"type": "hello", "lang": "en"})
    await host.until(lambda m: m.get("type") == "view")
    await host.send(
        {
            "type": "create",
            "r": rules,
            "N": level,
            "E": "person",
            "S": "person",
            "W": "person",
            "grace": 60,
            "seat": "S",
            "name": "S",
        }
    )
    await host.until(lambda m: m.get("type") == "keep" and "token" in m)
    table.code = host.kept["room"]
    table.seats["S"] = host
    for seat in ("E", "W"):
        player = Player(run, table, seat, url)
        await player.open()
        await player.send({"type": "hello", "lang": "en", "room": table.code})
        await player.until(lambda m: m.get("type") == "view")
        await player.send({"type": "sit", "seat": seat, "name": seat})
        await player.until(lambda m: m.get("type") == "keep" and "token" in m)
        table.seats[seat] = player
    return table


# ---------------------------------------------------------------------- memory


async def held_memory(rooms: int, rules: str, level: str, seed: int) -> tuple[float, float]:
    """The Python memory (``tracemalloc``) a room holds in the server, and what is left of it once
    the rooms have rested: ``rooms`` rooms of three people and a bot, some actions into their
    first deal, in a hub of this process on a clock moved by hand; KB a room, both."""
    import tracemalloc

    from marjapussi.actions import Discard, Play
    from marjapussi.randomplay import random_action
    from marjapussi.rooms.bots import BotRunner
    from marjapussi.rooms.clock import ManualClock
    from marjapussi.rooms.hub import Connection, Hub
    from marjapussi.rooms.limits import LIMITS
    from marjapussi.rooms.store import Store

    clock = ManualClock()
    limits = replace(LIMITS, **open_limits(LIMITS), message_burst=10**6)
    with tempfile.TemporaryDirectory() as folder:
        rng = random.Random(seed)

        async def nothing(*_: Any) -> None:
            return None

        class Hub_(Hub):  # what a handler sent is taken before the next message is handled
            async def receive(self, conn: Connection, text: Any) -> None:
                await super().receive(conn, text)
                await asyncio.gather(*(c.outbox.sent() for c in self.connections if c.outbox is not None))

        hub = Hub_(Store(Path(folder) / "rooms.sqlite3"), clock=clock, limits=limits, bots=BotRunner())

        async def device(kept: dict[str, Any]) -> Connection:
            async def send(text: str) -> None:
                message = json.loads(text)
                if message.get("type") == "keep":
                    kept.update(message)

            conn = Connection(send, nothing, address="127.0.0.1")
            await hub.connect(conn)
            return conn

        async def one_room() -> list[Connection]:
            """A room of three people and a bot, 12 actions into its first deal, its bots paused."""
            kept: dict[str, Any] = {}
            host = await device(kept)
            await hub.receive(host, '{"type": "hello", "lang": "en"}')
            create = {"type": "create", "r": rules, "N": level, "E": "person", "S": "person"}
            await hub.receive(host, json.dumps({**create, "W": "person", "grace": 60, "seat": "S"}))
            code = kept["room"]
            people = {"S": host}
            for seat in ("E", "W"):
                conn = await device({})
                await hub.receive(conn, json.dumps({"type": "hello", "lang": "fi", "room": code}))
                await hub.receive(conn, json.dumps({"type": "sit", "seat": seat}))
                people[seat] = conn
            room = hub.rooms[code]
            while len(room.live.deal.history) < 12:
                to_act = room.live.to_act()
                if to_act is None or to_act.name not in people:
                    before = len(room.live.deal.history)
                    clock.advance(limits.bot_pace_s)
                    await hub.settle()
                    if len(room.live.deal.history) == before:
                        break  # the deal is over early (a redeal) or waits for no one: fewer actions
                    continue
                action = random_action(room.live.deal, rng, 0.7)
                if isinstance(action, Play):
                    steps = [{"type": "play", "card": action.card.code, "marriage": action.marriage}]
                elif isinstance(action, Discard):
                    steps = [{"type": "pick", "card": c.code} for c in action.cards] + [{"type": "discard"}]
                else:
                    steps = [{"type": "act", "code": str(action)}]
                for message in steps:
                    await hub.receive(people[to_act.name], json.dumps(message))
            # The host pauses the bots, so that no bot plays on for the people who leave.
            await hub.receive(host, '{"type": "pause", "on": true}')
            return list(people.values())

        for conn in await one_room():  # the imports and the caches every room shares, first
            await hub.disconnect(conn)
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        sockets = []
        for _ in range(rooms):
            sockets += await one_room()
        await hub.settle()
        held = tracemalloc.get_traced_memory()[0] - base
        for conn in sockets:
            await hub.disconnect(conn)
        del sockets, conn  # the sockets closed, as the server forgets them
        clock.advance(limits.room_rest_s + 1)
        await hub.run_due()
        assert not hub.rooms, "the rooms did not rest"
        gc.collect()
        rested = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        hub.store.close()
    return held / 1024 / rooms, rested / 1024 / rooms


# ---------------------------------------------------------------------- the check


def leaked(db: str, run: Run) -> int:
    """Cards a seat could not know at the point of the deal its view showed, found in the view."""
    from marjapussi.analysis.view import SeatView
    from marjapussi.cards import Seat, cards_of
    from marjapussi.rooms.room import Room

    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    events: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for room, body in connection.execute("SELECT room, body FROM events ORDER BY room, seq"):
        events[room].append(json.loads(body))
    connection.close()
    count = 0
    for code, stream in events.items():
        wanted = {seat: shown for (c, seat), shown in run.seen.items() if c == code}
        room = Room.from_events(code, stream[:1])
        for event in [None, *stream[1:]]:
            if event is not None:
                room.apply(event)
            deal = room.live.deal
            position = (len(room.live.game.done) + 1, len(deal.history))
            if deal.is_over():
                continue  # the deal's whole record is shown once it is over
            for seat, shown in wanted.items():
                cards = shown.get(position)
                if cards:
                    unseen = {c.code for c in cards_of(SeatView.of(deal, Seat[seat]).unseen)}
                    count += len(cards & unseen)
    return count


# ---------------------------------------------------------------------- a step


async def play(
    url: str,
    rooms: int,
    seconds: float,
    rules: str,
    level: str,
    seed: int,
    pid: int,
    spectators: int = 0,
    least: int = 0,
) -> Run:
    """Play the rooms for ``seconds``, and on (up to ten times as long) until ``least`` person
    actions have been measured."""
    run = Run(random.Random(seed))
    tables = []
    for start in range(0, rooms, 20):
        tables += await asyncio.gather(
            *(fill(run, url, rules, level) for _ in range(start, min(rooms, start + 20)))
        )
    watchers = [(Watcher(url), table.code) for table in tables for _ in range(spectators)]
    for start in range(0, len(watchers), 20):
        await asyncio.gather(*(w.open(code) for w, code in watchers[start : start + 20]))
    run.latencies.clear()
    run.positions.clear()
    listeners = [asyncio.ensure_future(p.listen()) for t in tables for p in t.seats.values()]
    listeners += [asyncio.ensure_future(w.listen()) for w, _ in watchers]
    run.cpu_s, busy, ours = -cpu_s(pid), -machine_busy_s(), -ours_s(pid)
    began = time.monotonic()
    await asyncio.sleep(seconds)
    while len(run.latencies) < least and time.monotonic() - began < 10 * seconds:
        await asyncio.sleep(0.5)
    run.cpu_s += cpu_s(pid)
    run.other_s = busy + machine_busy_s() - (ours + ours_s(pid))
    run.load = os.getloadavg()[0]
    for task in listeners:
        task.cancel()
    for watcher, _ in watchers:
        with contextlib.suppress(Exception):
            await watcher.socket.close()
    for table in tables:
        for player in table.seats.values():
            for job in (player.turn, player.pong):
                if job is not None:
                    job.cancel()
    for table in tables:
        for player in table.seats.values():
            with contextlib.suppress(Exception):
                await player.socket.close()
    return run


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")


def step(
    rooms: int, args: argparse.Namespace, tree: Path, spectators: int = 0, least: int = 0
) -> tuple[float, int, dict[str, float]]:
    """Run one step with the server of a source tree (on until ``least`` person actions are
    measured); return its p95 in ms, the leaked cards and its figures."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "rooms.sqlite3")
        port = free_port()
        server = subprocess.Popen(
            [
                sys.executable,
                str(tree / "scripts" / "bench_table.py"),
                "--serve",
                str(port),
                "--db",
                db,
                "--bot-workers",
                str(args.bot_workers),
                "--rest",
                str(args.rest),
            ]
        )
        try:
            url = f"ws://127.0.0.1:{port}/rooms/ws"
            deadline = time.monotonic() + 60
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            if args.split_cores:  # the server on the first CPU, its bots (and this script) on the second
                os.sched_setaffinity(server.pid, {0})
                for worker in children(server.pid):
                    os.sched_setaffinity(worker, {1})
            before = resident_kb(server.pid)
            started = time.perf_counter()
            run = asyncio.run(
                play(
                    url, rooms, args.seconds, args.rules, args.bot_level, args.seed, server.pid, spectators,
                    least,
                )
            )
            elapsed = time.perf_counter() - started
            after = resident_kb(server.pid)
            # Every socket is closed: once the rooms have rested they leave the server's memory.
            time.sleep(args.rest + 2.0)
            rested = resident_kb(server.pid)
        finally:
            workers = children(server.pid)
            server.terminate()
            server.wait(timeout=60)
            left = still_running(workers)
            for worker in left:  # not to happen (bots.watch_parent, BotRunner.close): counted
                with contextlib.suppress(OSError):
                    os.kill(worker, signal.SIGTERM)
        leaks = leaked(db, run)
    figures = {
        "actions_per_s": len(run.positions) / args.seconds,
        "p95_ms": p95(run.latencies) * 1000,
        "max_ms": max(run.latencies, default=float("nan")) * 1000,
        "measured": len(run.latencies),
        "kb_per_room": (after - before) / rooms,
        "kb_per_room_rested": (rested - before) / rooms,
        "workers_left": len(left),
        "refused": run.refused,
        "wall_s": elapsed,
        "cpu_ms_per_action": run.cpu_s * 1000 / max(1, len(run.positions)),
        "cpu_ms_per_person_action": run.cpu_s * 1000 / max(1, len(run.latencies)),
        "other_share": run.other_s / (elapsed * (os.cpu_count() or 1)),
        "load": run.load,
    }
    return figures["p95_ms"], leaks, figures


def base_tree(commit: str, folder: Path) -> Path:
    """The base commit's files (``git archive``), to run its server from."""
    root = Path(__file__).resolve().parent.parent
    tree = folder / commit
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", "--format=tar", commit], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def line(name: str, rooms: int, p95_ms: float, leaks: int, figures: dict[str, float], goal: float) -> str:
    busy = figures["other_share"] >= BUSY
    judged = "not judged: busy" if busy else ("goal met" if p95_ms < goal else "goal missed")
    return (
        f"rooms {rooms:4d} {name}: {figures['actions_per_s']:6.1f} actions/s, action to every seat p95 "
        f"{p95_ms:6.1f} ms ({judged}; max {figures['max_ms']:.0f}, {figures['measured']} actions), "
        f"server CPU {figures['cpu_ms_per_action']:.2f} ms an action, "
        f"{figures['kb_per_room']:.1f} KB a room held ({figures['kb_per_room_rested']:.1f} once rested), "
        f"{figures['refused']} refusals, leaked cards {leaks}, bot workers left {figures['workers_left']}, "
        f"other processes {100 * figures['other_share']:.0f} % of the machine, "
        f"load average {figures['load']:.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--evening" in argv:  # a club night's figures (issue 31): scripts/bench_evening.py, its options
        from bench_evening import main as evening_main

        return evening_main([a for a in argv if a != "--evening"])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="25,100", help="the steps' room counts")
    parser.add_argument("--max-rooms", type=int, default=300, help="never more rooms than this")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each step plays")
    parser.add_argument("--rules", default="guild")
    parser.add_argument("--bot-level", default="beginner", help="the level of every bot (fixed)")
    parser.add_argument("--bot-workers", type=int, default=1, help="the bots' processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory-rooms", type=int, default=50, help="rooms whose memory is traced")
    parser.add_argument("--rest", type=float, default=3.0, help="seconds before a room left alone rests")
    parser.add_argument("--base", default=BASE, help="the commit to compare with ('none': no comparison)")
    parser.add_argument("--spectators", type=int, default=35, help="spectators a room, for their figure")
    parser.add_argument("--spectator-rooms", type=int, default=8, help="rooms of the spectator figure")
    parser.add_argument(
        "--spectator-actions",
        type=int,
        default=100,
        help="person actions each spectator step measures at least (it plays on until it has them)",
    )
    parser.add_argument(
        "--split-cores", action="store_true", help="the server on one CPU, the players and bots on another"
    )
    parser.add_argument("--budget", type=float, default=2400.0, help="no step starts after this many seconds")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.db, args.bot_workers, args.rest)
        return 0
    if args.split_cores:
        os.sched_setaffinity(0, {1})
    goal = SPLIT_GOAL_MS if args.split_cores else GOAL_MS
    ramp = sorted({int(n) for n in args.rooms.split(",") if 0 < int(n) <= args.max_rooms})
    print(
        f"bench_table: {args.rules}, 3 people and a {args.bot_level} bot a room, "
        f"{args.seconds:g} s a step, {os.cpu_count()} cores, base {args.base}"
    )
    held_kb, rested_kb = asyncio.run(held_memory(args.memory_rooms, args.rules, args.bot_level, args.seed))
    print(
        f"memory: {held_kb:.1f} KB of Python objects a room held (three people and a bot, 12 actions "
        f"into a deal, {args.memory_rooms} rooms), {rested_kb:.1f} KB a room once they have rested"
    )
    here = Path(__file__).resolve().parent.parent
    held, held_p95, first_p95, leaks = 0, float("nan"), float("nan"), 0
    cpu_ms, ratio = float("nan"), float("nan")
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        base = None if args.base == "none" else base_tree(args.base, Path(folder))
        for rooms in ramp:
            if time.monotonic() - began > args.budget:
                print(f"bench_table: {args.budget:g} s spent; no step of {rooms} rooms")
                break
            base_cpu = float("nan")
            if base is not None:
                p95_ms, leaked_now, figures = step(rooms, args, base)
                leaks += leaked_now
                base_cpu = figures["cpu_ms_per_action"]
                print(line("base", rooms, p95_ms, leaked_now, figures, goal), flush=True)
            p95_ms, leaked_now, figures = step(rooms, args, here)
            leaks += leaked_now
            print(line("new ", rooms, p95_ms, leaked_now, figures, goal), flush=True)
            cpu_ms = figures["cpu_ms_per_action"]
            ratio = cpu_ms / base_cpu if base_cpu > 0 else float("nan")
            print(
                f"rooms {rooms:4d}: server CPU an action {cpu_ms:.2f} ms, "
                f"{ratio:.2f}x the base's (goal: at most 0.35x)"
            )
            if first_p95 != first_p95:
                first_p95 = p95_ms
            if p95_ms < goal:
                held, held_p95 = rooms, p95_ms
    spectator_ms = "skipped"  # ``--spectators 0`` or ``--spectator-rooms 0``: no figure to print
    if args.spectators > 0 and args.spectator_rooms > 0:
        per_action, counted = [], []
        for spectators in (0, args.spectators):
            p95_ms, leaked_now, figures = step(
                args.spectator_rooms, args, here, spectators, least=args.spectator_actions
            )
            leaks += leaked_now
            per_action.append(figures["cpu_ms_per_person_action"])
            counted.append(int(figures["measured"]))
            print(
                f"spectators {spectators:3d} in each of {args.spectator_rooms} rooms: server CPU "
                f"{figures['cpu_ms_per_person_action']:.2f} ms a person action "
                f"({figures['measured']} person actions), p95 {p95_ms:.1f} ms, "
                f"other processes {100 * figures['other_share']:.0f} % of the machine",
                flush=True,
            )
        spectator_ms = f"{(per_action[1] - per_action[0]) / args.spectators:.3f}"
        few = min(counted)
        judged = "" if few >= 100 else f" (not judged: {few} person actions, fewer than 100)"
        print(f"spectators: {spectator_ms} ms of server CPU a person action for each spectator{judged}")
    shown_p95 = held_p95 if held else first_p95
    print(
        f"rooms={held} action_p95_ms={shown_p95:.1f} cpu_ms={cpu_ms:.2f} cpu_ratio_to_base={ratio:.2f} "
        f"spectator_ms={spectator_ms} leaked_cards={leaks}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
