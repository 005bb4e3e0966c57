"""Benchmark a club night (issue 31's Benchmarks), in one process: ``bench_table.py --evening``.

A room server's hub with club nights (``rooms.evenings.ClubHub``, the real clock, its bots
off the event loop) holds an evening of ``--tables`` tables (four scripted people each), a
director and a wall screen, and plays ``--rounds`` rounds of ``--boards`` deals of the
same-deals format; then, on a fresh hub, the same number of plain rooms of four scripted
people play ``--boards`` deals each. A person acts a random legal card or call ``--pace``
seconds (a range) after its turn comes, through the server's message layer
(``Hub.receive``), as a phone does; the connections are in-process (no network: the
figures are the server's own work).

Printed: the evening's and the plain rooms' p95 from a person's action to the moment every
seat of its table has the view after it, and their ratio (goal: at most 1.5); the p95 over
deals from the deal's last card at the last table to its results on every screen (goal:
1 s); the cards and early results found in any message (a phone sent another table's room,
or a deal's results before its own table finished it; the wall screen before every table
did: 0); the load average. The last line: ``evening_tables=… evening_p95_ratio=…
results_p95_ms=… leaked_cards=… early_results=…``. A benchmark, not a test: figures vary
with the machine and its load; ``tests/rooms/test_bench_evening.py`` only runs it small.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any

from marjapussi.actions import Play
from marjapussi.randomplay import random_action
from marjapussi.rooms.evenings import ClubHub
from marjapussi.rooms.hub import Connection, Hub
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.room import Room
from marjapussi.rooms.store import Store
from marjapussi.rooms.views import apply_delta

BOARD = re.compile(r'data-board="(\d+)"')
ADDRESSES = iter(range(1, 60_000))
"""Each device its own address (the guard's per-address limits stay as they are)."""


@dataclass(eq=False)
class Screen:
    """One in-process device: when each message came, and what it said."""

    hub: Hub
    name: str
    got: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    conn: Connection | None = None
    kept: dict[str, dict[str, Any]] = field(default_factory=dict)
    check: Any = None
    pongs: set[Any] = field(default_factory=set)
    parts: tuple[str, ...] = ()
    """The parts of the view shown (a view comes as the parts that changed: ``views.delta``)."""
    member: Any = None
    """The evening's player this phone is, once known (looked up once, not at every message:
    the check runs in the server's loop and its own work would count in the figures)."""

    async def open(self) -> None:
        async def send(text: str) -> None:
            message = json.loads(text)
            if message.get("type") == "view" and "parts" in message:  # the whole view, as the page has it
                self.parts = apply_delta(self.parts, message["parts"])
                message["html"] = "".join(self.parts)
            self.got.append((time.perf_counter(), message))
            if message.get("type") == "ping" and self.conn is not None:  # as a page answers the heartbeat
                pong = asyncio.ensure_future(self.hub.receive(self.conn, '{"type": "pong"}'))
                self.pongs.add(pong)
                pong.add_done_callback(self.pongs.discard)
            if message.get("type") == "keep":
                self.kept.setdefault(message["room"], {}).update(message)
            if self.check is not None:
                self.check(self, message)

        async def close() -> None:
            return None

        n = next(ADDRESSES)
        self.conn = Connection(
            send, close, base="http://127.0.0.1:8000", address=f"127.0.{n // 250}.{n % 250 + 1}"
        )
        await self.hub.connect(self.conn)

    async def say(self, message: dict[str, Any]) -> None:
        assert self.conn is not None
        await self.hub.receive(self.conn, json.dumps(message))
        await delivered(self.hub)


async def delivered(hub: Hub) -> None:
    """Wait until every connection's outbox has sent what it holds."""
    await asyncio.gather(*(c.outbox.sent() for c in list(hub.connections) if c.outbox is not None))


def message_of(room: Room, rng: random.Random) -> dict[str, Any]:
    """A random legal action of the seat to act, as its phone sends it."""
    action = random_action(room.live.deal, rng, 0.7)
    if isinstance(action, Play):
        return {"type": "play", "card": action.card.code, "marriage": action.marriage}
    return {"type": "act", "code": str(action)}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


async def act(hub: Hub, room: Room, seats: dict[Any, Screen], rng: random.Random, pace: tuple[float, float],
              waits: list[float]) -> float | None:  # fmt: skip
    """One person's action after the pace, and the time until every seat of the table has a view
    after it; return when the action was sent (``None``: none was)."""
    seat = room.live.to_act()
    if seat is None or seat not in seats:
        return None
    await asyncio.sleep(rng.uniform(*pace))
    if room.live.to_act() != seat:
        return None
    screen = seats[seat]
    marks = {s: len(d.got) for s, d in seats.items()}
    start = time.perf_counter()
    await screen.say(message_of(room, rng))
    times = [d.got[marks[s]][0] for s, d in seats.items() if len(d.got) > marks[s]]
    if len(times) == len(seats):
        waits.append(max(times) - start)
    return start


async def plain_rooms(tables: int, boards: int, pace: tuple[float, float], seed: int) -> list[float]:
    """``tables`` rooms of four scripted people, ``boards`` deals each: the action waits."""
    hub = Hub(Store(":memory:"), limits=replace(LIMITS, bot_pace_s=0.2, message_burst=1_000_000))
    timer = asyncio.ensure_future(hub.serve())
    rng = random.Random(seed)
    waits: list[float] = []
    games = []
    for t in range(tables):
        host = Screen(hub, f"host{t}")
        await host.open()
        await host.say({"type": "hello", "lang": "en", "room": ""})
        seats_kinds = {"N": "person", "E": "person", "S": "person", "W": "person"}
        settings = {"r": "guild", "grace": 60, "open": False, "standin": "club", "seat": "N", **seats_kinds}
        await host.say({"type": "create", **settings})
        code = next(k for k in host.kept)
        seats = {}
        room = hub.rooms[code]
        seats[room.seat_of_token(host.kept[code]["token"])] = host
        for name in ("E", "S", "W"):
            guest = Screen(hub, f"{name}{t}")
            await guest.open()
            await guest.say({"type": "hello", "lang": "en", "room": code})
            await guest.say({"type": "sit", "seat": name, "name": name})
            seats[room.seat_of_token(guest.kept[code]["token"])] = guest
        games.append((room, seats))

    async def table(room: Room, seats: dict[Any, Screen]) -> None:
        played = 0
        while played < boards:
            if room.live.deal.is_over():
                played += 1
                if played < boards:
                    await next(iter(seats.values())).say({"type": "next"})
                continue
            await act(hub, room, seats, rng, pace, waits)
            await asyncio.sleep(0)

    await asyncio.gather(*(table(room, seats) for room, seats in games))
    timer.cancel()
    return waits


async def evening(
    tables: int, rounds: int, boards: int, pace: tuple[float, float], seed: int
) -> dict[str, Any]:
    """A club night of ``tables`` tables: the action waits, the results' waits, leaks."""
    hub = ClubHub(
        Store(":memory:"), limits=replace(LIMITS, bot_pace_s=0.2, message_burst=1_000_000, rooms=2000)
    )
    timer = asyncio.ensure_future(hub.serve())
    rng = random.Random(seed)
    leaks = {"cards": 0, "early": 0}
    shown: dict[tuple[str, int], float] = {}

    def check(screen: Screen, message: dict[str, Any]) -> None:
        ev = hub.evenings.get(code) if code else None
        html = message.get("html") or ""
        if ev is None or message.get("type") != "view" or not html:
            return
        boards_shown = {int(b) for b in BOARD.findall(html)}
        marked = set(boards_shown)
        if screen.name == "wall" and 'class="mp-evening-standings"' in html:  # between rounds: the standings
            marked |= {b for b in ev.round_boards if ev.board_done(ev.round, b)}
        for b in marked:
            shown.setdefault((screen.name, b), time.perf_counter())
        if screen.member is None:
            screen.member = ev.member_of_key(screen.kept.get(code, {}).get("token"))
        member = screen.member
        if member is not None:
            at = ev.table_of(member)
            if message.get("room") != code:
                if at is None or message.get("room") != at[0].room:
                    leaks["cards"] += 1
                return
            for b in boards_shown:
                if at is not None and b in ev.round_boards and not ev.finished(ev.round, at[0].number, b):
                    leaks["early"] += 1
        elif screen.name == "wall":
            leaks["early"] += sum(1 for b in boards_shown if not ev.board_done((b - 1) // ev.boards + 1, b))

    code = ""
    director = Screen(hub, "director", check=check)
    await director.open()
    await director.say({"type": "hello", "lang": "en", "room": "", "view": "evening"})
    setup = {"r": "guild", "rounds": rounds, "boards": boards, "bots": False, "minutes": 240}
    await director.say({"type": "evening-create", **setup})
    code = next(iter(director.kept))
    wall = Screen(hub, "wall", check=check)
    await wall.open()
    await wall.say({"type": "hello", "lang": "en", "room": code, "view": "projector"})
    phones = []
    for i in range(4 * tables):
        phone = Screen(hub, f"phone{i}", check=check)
        await phone.open()
        await phone.say({"type": "hello", "lang": "en", "room": code})
        await phone.say({"type": "evening-join", "evening": code, "name": f"Player {i + 1}", "partner": ""})
        phones.append(phone)
    ev = hub.evenings[code]
    waits: list[float] = []
    results: list[float] = []
    for _ in range(rounds):
        await director.say({"type": "evening-do", "what": "round"})
        await delivered(hub)
        last_card: dict[int, float] = {}

        def at_table(phone: Screen, number: int) -> bool:
            """A phone back at the evening whose player sits at table ``number``."""
            member = ev.member_of_key(phone.kept.get(code, {}).get("token"))
            at = ev.table_of(member) if member is not None else None
            return (
                phone.conn is not None
                and phone.conn.room is None
                and at is not None
                and at[0].number == number
            )

        async def table(plan: Any, last_card: dict[int, float]) -> None:
            room = hub.rooms[plan.room]
            while not ev.table_done(plan.number):
                seats = {
                    p.conn.viewer.seat: p
                    for p in phones
                    if p.conn is not None and p.conn.room == room.code and p.conn.viewer.role == "seat"
                }
                if room.live.deal.is_over():
                    board = room.board
                    await asyncio.sleep(0.01)
                    if ev.finished(ev.round, plan.number, board) and not ev.table_done(plan.number):
                        back = [p for p in phones if at_table(p, plan.number)]
                        if back:
                            await back[0].say({"type": "evening-next"})
                    continue
                before = len(room.live.deal.history)
                sent = await act(hub, room, seats, rng, pace, waits)
                if sent is not None and room.live.deal.is_over() and len(room.live.deal.history) > before:
                    last_card[room.board] = max(last_card.get(room.board, 0.0), sent)
                await asyncio.sleep(0)

        await asyncio.gather(*(table(plan, last_card) for plan in ev.tables))
        for _ in range(1000):  # the last tables' phones on their way back to the evening
            await delivered(hub)
            if all(p.conn is not None and p.conn.room is None for p in phones) and not hub.tasks:
                break
            await asyncio.sleep(0.01)
        screens = [director, wall, *phones]
        for board, at in last_card.items():
            seen = [shown.get((s.name, board)) for s in screens]
            if all(t is not None for t in seen):
                results.append(max(t for t in seen if t is not None) - at)
    timer.cancel()
    return {"waits": waits, "results": results, **leaks}


async def run(args: argparse.Namespace) -> str:
    pace = (args.pace_min, args.pace_max)
    club = await evening(args.tables, args.rounds, args.boards, pace, args.seed)
    plain = await plain_rooms(args.tables, args.boards, pace, args.seed)
    ev_p95, plain_p95 = p95(club["waits"]) * 1000, p95(plain) * 1000
    ratio = ev_p95 / plain_p95 if plain_p95 else 0.0
    results_ms = p95(club["results"]) * 1000
    load = os.getloadavg()[0]
    print(f"evening: {len(club['waits'])} actions, action-to-every-seat p95 {ev_p95:.1f} ms")
    print(f"plain rooms: {len(plain)} actions, action-to-every-seat p95 {plain_p95:.1f} ms")
    print(f"ratio {ratio:.2f} (goal: at most 1.5)")
    print(f"results on every screen after a deal's last card: p95 {results_ms:.1f} ms over "
          f"{len(club['results'])} deals (goal: 1000 ms)")  # fmt: skip
    print(f"leaked cards {club['cards']}, early results {club['early']} (goal: 0); load average {load:.2f}")
    return (
        f"evening_tables={args.tables} evening_p95_ratio={ratio:.2f} results_p95_ms={results_ms:.0f} "
        f"leaked_cards={club['cards']} early_results={club['early']}"
    )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=12)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--boards", type=int, default=2)
    p.add_argument("--pace-min", type=float, default=1.0, help="a person's least seconds before acting")
    p.add_argument("--pace-max", type=float, default=2.0)
    p.add_argument("--seed", type=int, default=1)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    print(asyncio.run(run(args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
