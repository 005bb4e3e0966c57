"""Sending through each socket's own outbox: a socket that never reads delays no one, holds
only the newest view, and the room's lock is never held while a socket is awaited."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from marjapussi.rooms.hub import Connection
from marjapussi.rooms.outbox import Outbox

from .kit import STALLED, Device, create, delivered, move, new_hub, run


def test_a_socket_that_never_reads_delays_no_one() -> None:
    async def main() -> None:
        hub = new_hub()
        host = Device(hub, "fi")
        await host.open()
        code = await create(host, "guild", "S")
        room = hub.rooms[code]
        players = {"S": host}
        for seat in ("W", "N", "E"):
            device = Device(hub, "en")
            await device.open()
            await device.hello(code)
            await device.say({"type": "sit", "seat": seat, "name": seat})
            players[seat] = device

        got: list[str] = []
        awaited_under_lock: list[bool] = []
        never = asyncio.Event()

        async def send(text: str) -> None:  # a phone that took its first view and then stopped reading
            if hub.locks[code].locked():  # awaited by a broadcast: fail at once rather than hang it
                awaited_under_lock.append(True)
                raise ConnectionError("a socket awaited under the room's lock")
            if got:
                await never.wait()
            got.append(text)

        async def close() -> None:
            pass

        stuck = Connection(send, close, base="http://127.0.0.1:8000", address="10.0.0.9")
        STALLED.add(stuck)
        assert await hub.connect(stuck)
        hello = {"type": "hello", "lang": "ru", "room": code, "token": "", "host": "", "view": ""}
        await hub.receive(stuck, json.dumps(hello))
        await hub.receive(stuck, json.dumps({"type": "watch", "projector": False}))

        rng = random.Random(5)
        for _ in range(12):  # every seat goes on playing, each sees every action at once
            seat = room.live.deal.to_act
            await move(players[seat.name], room, rng)
            moves = len(room.live.deal.history)
            for device in players.values():
                assert f'data-moves="{moves}"' in device.html

        assert not any(awaited_under_lock)
        assert len(got) == 1 and stuck.outbox is not None and stuck in hub.connections
        # What waits for the stuck phone: the one view it is sending, and only the newest after it.
        waiting = [json.loads(item.text) for item in stuck.outbox.waiting]
        newest = "".join(waiting[0]["parts"])  # whole: the views it replaced never went
        assert len(waiting) == 1 and f'data-moves="{len(room.live.deal.history)}"' in newest
        await hub.disconnect(stuck)
        assert stuck.outbox.task is None and not stuck.outbox.waiting
        await delivered(hub)

    run(main())


def test_a_newer_view_replaces_an_unsent_one_while_the_socket_is_behind_and_keeps_its_words() -> None:
    async def main() -> None:
        sent: list[dict[str, Any]] = []
        gate, sending = asyncio.Event(), asyncio.Event()

        async def send(text: str) -> None:
            sending.set()
            await gate.wait()
            sent.append(json.loads(text))

        failed: list[bool] = []
        box = Outbox(send, lambda: failed.append(True))
        # What one handler puts before the socket is behind goes out whole, in order.
        box.put({"type": "view", "ok": True, "html": "<p>0</p>", "announce": ""})
        box.put({"type": "view", "ok": True, "html": "<p>1</p>", "announce": "Etelä pelasi."})
        await sending.wait()  # the outbox's task took the first view and waits on the socket
        box.put({"type": "view", "ok": True, "html": "<p>2</p>", "announce": "Pohjoinen pelasi."})
        box.put({"type": "keep", "room": "ABCDEFGH", "seat": "N", "token": "t"})
        box.put({"type": "ping"})
        box.put({"type": "ping"})
        box.put({"type": "view", "ok": True, "html": "<p>3</p>", "announce": "Itä pelasi."})
        gate.set()
        await box.sent()
        assert [m["type"] for m in sent] == ["view", "keep", "ping", "view"]
        assert sent[0]["html"] == "<p>0</p>" and sent[-1]["html"] == "<p>3</p>"
        assert sent[-1]["announce"] == "Etelä pelasi. Pohjoinen pelasi. Itä pelasi."
        assert not failed

        fast: list[str] = []

        async def take(text: str) -> None:
            fast.append(json.loads(text)["html"])

        quick = Outbox(take, lambda: failed.append(True))
        for n in range(3):
            quick.put({"type": "view", "ok": True, "html": f"<p>{n}</p>", "announce": ""})
        await quick.sent()
        assert fast == ["<p>0</p>", "<p>1</p>", "<p>2</p>"]

    run(main())


def test_a_socket_that_fails_is_dropped_and_its_outbox_stops() -> None:
    async def main() -> None:
        hub = new_hub()
        host = Device(hub, "en")
        await host.open()
        await create(host, "guild", "S")
        assert host.conn is not None and host.conn.outbox is not None
        host.closed = True  # the device's send now raises, as a socket gone does
        await delivered(hub)
        await hub.receive(host.conn, json.dumps({"type": "lang", "lang": "fi"}))
        await host.conn.outbox.sent()
        await hub.settle()
        assert host.conn not in hub.connections and host.conn.outbox.stopped

    run(main())


def test_a_view_that_replaces_unsent_views_goes_whole_and_the_page_has_every_view() -> None:
    """A view's text names the parts the view before it kept; a socket that is behind never had
    the views dropped for the newest, so the newest goes whole, and the page's view is right."""

    async def main() -> None:
        from marjapussi.rooms.views import apply_delta, delta

        gate = asyncio.Event()
        sending = asyncio.Event()
        shown: list[tuple[str, ...]] = []

        async def send(text: str) -> None:
            sending.set()
            await gate.wait()
            message = json.loads(text)
            shown.append(apply_delta(shown[-1] if shown else (), message["parts"]))

        box = Outbox(send, lambda: None)
        # the record grows by an item a view; views 1 and 2 say nothing, and are dropped
        views = [("<ol>", *(f"<li>action {i}</li>" for i in range(n)), "</ol>") for n in range(4)]
        before: tuple[str, ...] = ()
        for n, parts in enumerate(views):
            said = "Itä pelasi." if n == 3 else ""
            message = {"type": "view", "ok": True, "parts": parts, "announce": said}
            box.put(message, json.dumps({**message, "parts": delta(before, parts)}))
            before = parts
            if n == 0:
                await sending.wait()  # the socket takes the first view and is behind from here
        gate.set()
        await box.sent()
        assert shown == [views[0], views[3]]

    run(main())


def test_a_view_that_replaces_unsent_views_replaces_a_refusal_waiting_behind_them_and_says_it() -> None:
    """A refused card's answer is put into the view before it: behind an unsent view that a newer
    one replaces, it would be put into a view the page never gets, so it goes with that view
    (its words said with the newest view); a refusal after the newest view is sent as it is."""

    async def main() -> None:
        gate, sending = asyncio.Event(), asyncio.Event()
        sent: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            sending.set()
            await gate.wait()
            sent.append(json.loads(text))

        box = Outbox(send, lambda: None)
        box.put({"type": "view", "ok": True, "parts": ["<p>0</p>"], "announce": ""})
        await sending.wait()  # the socket is behind from here
        box.put({"type": "view", "ok": True, "parts": ["<p>1</p>"], "announce": ""})
        box.put({"type": "refused", "card": "H7", "note": "<p>Ei.</p>", "announce": "Maa on tunnustettava."})
        box.put({"type": "view", "ok": True, "parts": ["<p>2</p>"], "announce": "Itä pelasi."})
        box.put({"type": "refused", "card": "S9", "note": "<p>Ei.</p>", "announce": "Yli on mentävä."})
        gate.set()
        await box.sent()
        assert [m["type"] for m in sent] == ["view", "view", "refused"]
        assert sent[1]["parts"] == ["<p>2</p>"]
        assert sent[1]["announce"] == "Maa on tunnustettava. Itä pelasi."
        assert sent[2]["card"] == "S9"

    run(main())
