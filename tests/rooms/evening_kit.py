"""The setting of the club night's tests (``rooms.evenings.ClubHub``): a hub with a manual
clock, a director who creates an evening, phones that join it, and the phones' own
controls pressed to play a round's deals.

The tests of the evening's hub, screens, director and next round share it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from marjapussi.rooms.bots import BotRunner
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.evening import Evening
from marjapussi.rooms.evenings import ClubHub
from marjapussi.rooms.limits import Limits
from marjapussi.rooms.store import Store

from .kit import FAST, Device, InlineExecutor, delivered, move, offered

__all__ = [
    "LANGS",
    "NAMES",
    "CountingRunner",
    "club_hub",
    "device",
    "heartbeats",
    "join",
    "new_evening",
    "offered_types",
    "play_deals_in_play",
    "play_round_boards",
    "start_round",
]

LANGS = ["fi", "en", "ru"]
NAMES = ["Anna", "Pekka", "Liisa", "Olli", "Ville", "Maija", "Juha", "Sanna"]


class CountingRunner(BotRunner):
    """The bots' pool of a test (inline), counting the open-cards values it is asked for. A
    review weighs the bidding's calls only when ``auction_deals`` says over how many deals
    (``ROOM_AUCTION_DEALS``); by default it does not, as in the rooms' tests (``kit.new_hub``):
    each finished Huutopussi deal would spend the review's whole CPU cap, five seconds, on a
    part only the tests of the bidding's review look at."""

    def __init__(self, auction_deals: Mapping[int, int] | None = None, **options: Any) -> None:
        super().__init__(InlineExecutor(), auction_deals=auction_deals or {}, **options)
        self.valued: list[tuple[int, str]] = []

    async def open_value(
        self, ruleset: str, seed: int, board: int, codes: str
    ) -> tuple[tuple[int, ...] | None, str]:
        self.valued.append((board, codes))
        return await super().open_value(ruleset, seed, board, codes)


def club_hub(
    db: str | Path = ":memory:",
    clock: ManualClock | None = None,
    wall: Callable[[], float] | None = None,
    limits: Limits = FAST,
    bots: CountingRunner | None = None,
) -> ClubHub:
    """A club night's hub of a test: its monotonic clock ``clock`` (a ``ManualClock``), its
    wall clock ``wall``, by default one that moves with ``clock``; its ``limits``; its bots'
    pool ``bots`` (a ``CountingRunner`` that leaves the bidding out of the reviews)."""
    ticking = clock or ManualClock()
    return ClubHub(
        Store(db),
        clock=ticking,
        limits=limits,
        bots=bots or CountingRunner(),
        public_url="http://127.0.0.1:8000",
        wall=wall or (lambda: 1_000_000.0 + ticking.now()),
    )


async def device(hub: ClubHub, lang: str = "en") -> Device:
    dev = Device(hub, lang)
    await dev.open()
    return dev


async def new_evening(
    hub: ClubHub,
    lang: str = "en",
    rounds: int = 2,
    boards: int = 2,
    bots: bool = False,
    rules: str = "guild",
    form: str = "deals",
) -> tuple[Device, str]:
    director = await device(hub, lang)
    await director.say({"type": "hello", "lang": lang, "room": "", "view": "evening"})
    assert 'data-role="evening-create"' in director.html
    await director.say(
        {
            "type": "evening-create",
            "r": rules,
            "rounds": rounds,
            "boards": boards,
            "bots": bots,
            "minutes": 45,
            "format": form,
        }
    )
    code = [m["room"] for m in director.messages if m.get("type") == "keep"][-1]
    assert 'data-role="evening-director"' in director.html
    return director, code


async def start_round(hub: ClubHub, director: Device, code: str) -> Evening:
    """The director starts the evening's next round, and the hub settles (the phones are at
    their tables, the bots' turns played); the evening."""
    await director.say({"type": "evening-do", "what": "round"})
    await hub.settle()
    return hub.evenings[code]


async def join(hub: ClubHub, code: str, name: str, lang: str = "en", partner: str = "") -> Device:
    phone = await device(hub, lang)
    await phone.hello(code)
    assert 'data-role="evening-visitor"' in phone.html
    await phone.say({"type": "evening-join", "evening": code, "name": name, "partner": partner})
    assert 'data-role="evening-player"' in phone.html, phone.last
    return phone


async def play_round_boards(
    hub: ClubHub, phones: list[Device], rng: random.Random, check: Any = None, reviews: bool = False
) -> None:
    """Play every deal in play at every table through the phones' own controls, pressing the
    next deal when a table's phones are back at the evening, until no table has one left
    (``reviews``: each phone first opens, from the deal's results, and closes its own review
    of each deal it offers, once)."""
    reviewed: set[tuple[int, int]] = set()
    for _ in range(5000):
        acted = False
        for phone in phones:
            assert phone.conn is not None
            room = hub.rooms.get(phone.conn.room or "")
            if room is None or phone.conn.viewer.role != "seat":
                continue
            seat = phone.conn.viewer.seat
            if room.live.to_act() == seat:
                await move(phone, room, rng)
                await hub.settle()
                await delivered(hub)
                if check:
                    check()
                acted = True
        if acted:
            continue
        for phone in phones:
            ready = {"type": "ready", "on": True}  # every player of a Games table: the next deal
            if phone.conn is not None and phone.conn.viewer.role == "seat" and ready in offered(phone.html):
                await phone.say(ready)
                await hub.settle()
                await delivered(hub)
                acted = True
                break
        if acted:
            continue
        for phone in phones:
            asks = [
                a
                for a in offered(phone.html)
                if a.get("type") == "evening-review"
                and "at" not in a
                and (id(phone), a["board"]) not in reviewed
            ]
            if reviews and asks:
                reviewed.add((id(phone), asks[0]["board"]))
                await phone.say(asks[0])
                await hub.settle()
                await delivered(hub)
                assert 'class="mp-evening-review"' in phone.html and "mp-play-review" in phone.html
                if check:
                    check()
                await phone.say({"type": "evening-view"})
                acted = True
                break
        if acted:
            continue
        for phone in phones:
            nexts = [b for b in offered_types(phone.html) if b == "evening-next"]
            if nexts and phone.conn is not None and phone.conn.room is None:
                await phone.say({"type": "evening-next"})
                await hub.settle()
                await delivered(hub)
                acted = True
                break
        if not acted:
            return
    raise AssertionError("the round did not end")


def offered_types(html: str) -> list[str]:
    return [str(a.get("type", "")) for a in offered(html)]


async def play_deals_in_play(
    hub: ClubHub, phones: list[Device], rng: random.Random, tables: set[int]
) -> None:
    """Play the deal in play at the ``tables`` through the phones' own controls, to its end
    (no next deal pressed)."""
    for _ in range(5000):
        acted = False
        for phone in phones:
            assert phone.conn is not None
            room = hub.rooms.get(phone.conn.room or "")
            if room is None or phone.conn.viewer.role != "seat" or room.table not in tables:
                continue
            if room.live.to_act() == phone.conn.viewer.seat:
                await move(phone, room, rng)
                await hub.settle()
                await delivered(hub)
                acted = True
        if not acted:
            return
    raise AssertionError("the deal did not end")


async def heartbeats(hub: ClubHub, clock: ManualClock, seconds: int, devices: list[Device]) -> None:
    """Let ``seconds`` pass, the devices answering the heartbeats meanwhile (as pages do)."""
    for _ in range(seconds // 10):
        clock.advance(10)
        for dev in devices:
            if not dev.closed:
                await dev.say({"type": "pong"})
        await hub.run_due()
    await delivered(hub)
