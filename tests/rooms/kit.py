"""Helpers of the room tests: a hub with a clock moved by hand, devices that record every
message, and a player who acts only through the controls of the view it was sent."""

from __future__ import annotations

import asyncio
import json
import random
import re
import weakref
from collections.abc import Coroutine
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from html import unescape
from pathlib import Path
from typing import Any, TypeVar

from web.test_play_widget import widget_actions
from web.webkit import Checker

from marjapussi.actions import Action
from marjapussi.cards import Seat
from marjapussi.randomplay import random_action
from marjapussi.rooms.bots import BotRunner
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.hub import Connection, Hub
from marjapussi.rooms.limits import LIMITS, Limits
from marjapussi.rooms.room import Room
from marjapussi.rooms.store import Store
from marjapussi.rooms.views import apply_delta, apply_refusal

T = TypeVar("T")

FAST = replace(LIMITS, bot_pace_s=0.0, message_burst=1_000_000)
"""The limits of most tests: the bots act at once and the people as fast as the test drives
them, however many messages that makes at one moment of the clock (``test_guard`` tests the
rate limits); the clock still decides grace and heartbeats."""


class InlineExecutor(Executor):
    """Runs each job at once, in the caller's thread (a test's bots think in order)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:  # handed to the awaiting side
            future.set_exception(err)
        return future


def run(job: Coroutine[Any, Any, T]) -> T:
    """Run a test's coroutine on a fresh event loop.

    When the whole suite runs in one session, the browser tests' Playwright (its sync API,
    a session fixture) keeps an event loop set as running on the main thread until the
    session ends, and asyncio.run refuses to start a second one there: the coroutine then
    gets its fresh loop on a thread of its own.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(job)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="room-test") as pool:
        return pool.submit(asyncio.run, job).result()


STALLED: weakref.WeakSet[Connection] = weakref.WeakSet()
"""The connections of sockets that stopped reading (``delivered`` does not wait for them)."""


async def delivered(hub: Hub) -> None:
    """Wait until every connection's outbox has sent what it holds (but a stalled socket's)."""
    await asyncio.gather(
        *(c.outbox.sent() for c in list(hub.connections) if c.outbox is not None and c not in STALLED)
    )


def new_hub(
    db: str | Path = ":memory:",
    limits: Limits = FAST,
    clock: ManualClock | None = None,
    rule_links: bool = True,
) -> Hub:
    return Hub(
        Store(db),
        clock=clock or ManualClock(),
        limits=limits,
        # The bidding's review (up to 5 s of CPU a finished seed-004 Huutopussi deal) only where
        # a test asks for it (tests/rooms/test_room_auction_review.py).
        bots=BotRunner(InlineExecutor(), auction_deals={}),
        public_url="http://127.0.0.1:8000",
        wall=lambda: 1_000_000.0,
        rule_links=rule_links,
    )


@dataclass(eq=False)
class Device:
    """One browser: the messages it received, and what it keeps (as room.js keeps it)."""

    hub: Hub
    lang: str = "en"
    messages: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    """The texts as they came (``messages`` is them read)."""
    kept: dict[str, dict[str, Any]] = field(default_factory=dict)
    parts: tuple[str, ...] = ()
    """The parts of the view shown (a view comes as the parts that changed, as room.js reads it)."""
    before: tuple[str, ...] = ()
    """The parts of the view shown before the last view came."""
    conn: Connection | None = None
    closed: bool = False
    address: str = "127.0.0.1"

    async def open(self) -> None:
        self.closed = False
        self.parts = self.before = ()

        async def send(text: str) -> None:
            if self.closed:
                raise ConnectionError("closed")
            message = json.loads(text)
            if message.get("type") == "view" and "parts" in message:  # the whole view, as the page has it
                self.before, self.parts = self.parts, apply_delta(self.parts, message["parts"])
                message["html"] = "".join(self.parts)
            elif message.get("type") == "refused" and self.parts:  # put into the view, as the page does
                message["html"] = "".join(apply_refusal(self.parts, message["card"], message["note"]))
            self.messages.append(message)
            self.raw.append(text)
            if message.get("type") == "keep":
                room = self.kept.setdefault(message["room"], {})
                for key in ("seat", "token", "host", "teach", "hands"):
                    if key in message:
                        room[key] = message[key]

        async def close() -> None:
            self.closed = True

        self.conn = Connection(send, close, base="http://127.0.0.1:8000", address=self.address)
        assert await self.hub.connect(self.conn)

    async def say(self, message: Any) -> None:
        assert self.conn is not None
        text = message if isinstance(message, str) else json.dumps(message)
        await self.hub.receive(self.conn, text)
        await delivered(self.hub)

    async def hello(self, room: str = "", projector: bool = False) -> None:
        mine = self.kept.get(room, {})
        await self.say(
            {
                "type": "hello",
                "lang": self.lang,
                "room": room,
                "token": mine.get("token") or "",
                "host": mine.get("host") or "",
                "view": "projector" if projector else "",
                "teach": bool(mine.get("teach")),
                "hands": bool(mine.get("hands")),
            }
        )

    async def drop(self) -> None:
        """The device's network goes: its socket closes."""
        assert self.conn is not None
        self.closed = True
        await self.hub.disconnect(self.conn)
        await delivered(self.hub)

    @property
    def views(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("type") in ("view", "refused") and m.get("html")]

    @property
    def html(self) -> str:
        return self.views[-1]["html"]

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]


def check_view(html: str) -> Checker:
    """Parse a room view: balanced, no script, handler, style or unlabelled control (the QR
    code's image is the one picture a view may hold)."""
    checker = Checker()
    checker.feed(html)
    checker.close()
    errors = [
        e for e in checker.errors if e != "tag img" and not e.startswith("outside resource http://127.0.0.1")
    ]
    assert not errors, errors[:5]
    assert not checker.stack, f"unclosed: {checker.stack}"
    assert not checker.unlabelled, "controls without a label"
    return checker


def offered(html: str) -> list[dict[str, Any]]:
    """The actions a view's buttons carry, and those of its lists of bids (a form's action
    with each option of its list: the bids above the lowest buttons)."""
    checker = check_view(html)
    actions = [
        json.loads(b["data-action"] or "{}")
        for b in checker.buttons
        if b.get("data-action") and "disabled" not in b
    ]
    for form, name, options in BID_LIST.findall(html):
        base = json.loads(unescape(form))
        values = re.findall(r'<option value="([^"]*)"', options)
        actions += [{**base, name: unescape(value)} for value in values]
    return actions


BID_LIST = re.compile(
    r"<form class=\"mp-form mp-play-bid-form\" data-action='([^']*)'>.*?"
    r'<select data-action-field="(\w+)"[^>]*>(.*?)</select>',
    re.S,
)


def controls_for(action: Action) -> list[dict[str, Any]]:
    """What a player presses for an engine action (a discard: three picks and the button), as on
    the Play page."""
    return widget_actions({}, action)


async def move(device: Device, room: Room, rng: random.Random) -> None:
    """A seated player's seeded random legal action, pressed through the controls its view offers."""
    action = random_action(room.live.deal, rng, 0.7)
    for step in controls_for(action):
        shown = [json.dumps(a, sort_keys=True) for a in offered(device.html)]
        assert json.dumps(step, sort_keys=True) in shown, (step, "not offered")
        await device.say(step)
        assert device.last.get("ok", True), device.last


async def create(device: Device, r: str = "guild", seat: str = "S", **kinds: str) -> str:
    """Create a room from a device (bots or people as ``kinds`` says); return its code."""
    await device.hello()
    settings = {"type": "create", "r": r, "grace": 60, "open": False, "standin": "random", "seat": seat}
    settings.update({"N": "person", "E": "person", "S": "person", "W": "person"})
    settings.update(kinds)
    await device.say(settings)
    codes = [m["room"] for m in device.messages if m.get("type") == "keep"]
    assert codes, device.messages[-3:]
    return str(codes[-1])


async def alone_with_bots(hub: Hub, lang: str, r: str = "guild") -> tuple[Device, Room]:
    """One person at south (the room's host) and three random bots, the bots' first moves made."""
    player = Device(hub, lang)
    await player.open()
    code = await create(player, r, "S", N="random", E="random", W="random")
    await hub.settle()
    return player, hub.rooms[code]


def text_of(html: str) -> str:
    """A view's visible words (tags out, entities read)."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


def seat_of(device: Device, code: str) -> Seat:
    return Seat[device.kept[code]["seat"]]
