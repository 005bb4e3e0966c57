"""The rate limits of the room server (``rooms.guard``), on a clock moved by hand: a flood of
messages is told once, then dropped, then closed, while a person pressing fast and the
rest of the room go on untouched; guessing room codes and transfer codes from one
address stops working, right or wrong, until the allowance comes back; too many sockets
or new rooms from one address, or devices in one room, get a clear message."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from starlette.testclient import TestClient

from marjapussi.cards import Seat
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.server import TableConfig, create_app

from .kit import Device, create, move, new_hub, run, text_of

QUIET = replace(LIMITS, bot_pace_s=0.0, heartbeat_s=1e9, silent_s=1e9)
"""The server's rate limits, with the bots at once and no heartbeats to answer."""


def test_a_flooding_connection_is_told_then_dropped_then_closed_and_the_room_goes_on() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        player, flooder = Device(hub, "fi"), Device(hub, "ru", address="10.0.0.9")
        await player.open()
        await flooder.open()
        code = await create(player, "guild", "S", N="random", E="random", W="random")
        await flooder.hello(code)
        room = hub.rooms[code]
        before = len(flooder.messages)
        for sent in range(1, 10_000):
            await flooder.say({"type": "lang", "lang": "ru" if sent % 2 else "en"})
            if flooder.closed:
                break
        assert flooder.closed and flooder.conn not in hub.connections
        refusals = [m["announce"] for m in flooder.messages[before:] if m.get("ok") is False]
        told = refusals.count("Сообщения приходят слишком часто; сервер ненадолго их пропускает.")
        assert told == 1 and refusals[-1].startswith("Соединение прислало слишком много сообщений")
        # With the hello: handled within the burst, told once, dropped up to the allowance over
        # it, then closed.
        assert sent == LIMITS.message_burst - 1 + LIMITS.flood_excess + 1, sent
        # The room and its player go on.
        assert player.conn in hub.connections and not player.closed
        await hub.settle()
        events = room.events
        await move(player, room, random.Random(1))
        assert room.events == events + 1

    run(main())


def test_a_slowed_connection_is_served_again_once_time_has_passed() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        device = Device(hub)
        await device.open()
        await device.hello()
        for _ in range(LIMITS.message_burst + 5):
            await device.say({"type": "pong"})
        assert device.last["announce"] == "Messages are coming too fast; the server skips them for a moment."
        clock.advance(1.0)
        await device.say({"type": "lang", "lang": "fi"})
        assert device.last["ok"] is True and "Luo huone" in text_of(device.html)
        assert not device.closed

    run(main())


def test_a_person_pressing_fast_for_a_whole_deal_is_never_slowed() -> None:
    """Three presses a second (a discard's picks, a card, a call), far faster than anyone plays
    for long, over a whole deal and more: never a notice, never closed."""

    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        player = Device(hub)
        await player.open()
        code = await create(player, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        rng = random.Random(4)
        await hub.settle()
        presses = 0
        while not room.live.deal.is_over():
            clock.advance(1 / 3)
            await move(player, room, rng)
            clock.advance(1 / 3)
            await player.say({"type": "lang", "lang": "en"})
            presses += 2
            await hub.settle()
        for _ in range(60):
            clock.advance(1 / 3)
            await player.say({"type": "pong"})
        said = [m.get("announce") for m in player.messages]
        assert presses >= 18 and not any("too fast" in (a or "") for a in said)
        assert not player.closed and player.conn in hub.connections

    run(main())


def test_guessing_room_codes_stops_working_from_that_address_until_it_has_waited() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        owner, guesser, neighbour = Device(hub), Device(hub, address="10.0.0.66"), Device(hub)
        for device in (owner, guesser, neighbour):
            await device.open()
        code = await create(owner, "guild", "S", N="random", E="random", W="random")
        await guesser.hello()
        rng = random.Random(8)
        wrong = ["".join(rng.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(8)) for _ in range(30)]
        wrong = [w for w in wrong if w != code]
        for guess in wrong[: LIMITS.guesses]:
            await guesser.say({"type": "join", "room": guess})
            assert guesser.last["announce"] == "There is no room with that code."
        # Out of guesses: the right code is refused as a wrong one is (the refusal tells nothing).
        for guess in (wrong[LIMITS.guesses], code):
            await guesser.say({"type": "join", "room": guess})
            assert guesser.last["announce"].startswith("Too many wrong codes have come from this device")
        await guesser.hello(code)
        assert guesser.last["announce"].startswith("Too many wrong codes")
        assert guesser.conn is not None and guesser.conn.room is None
        # Another address is not held back, and the guesser is served again after a wait.
        await neighbour.hello(code)
        assert neighbour.conn is not None and neighbour.conn.room == code
        clock.advance(1 / LIMITS.guesses_per_s)
        await guesser.say({"type": "join", "room": code})
        assert guesser.conn.room == code

    run(main())


def test_guessing_transfer_codes_is_limited_per_address_as_well_as_per_room() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=replace(QUIET, reclaim_tries=1000))
        owner, thief = Device(hub), Device(hub, address="10.0.0.13")
        await owner.open()
        await thief.open()
        code = await create(owner, "guild", "S", N="random", E="random", W="random")
        await owner.say({"type": "move"})
        assert owner.conn is not None
        shown = owner.conn.viewer.ui.transfer
        await thief.hello(code)
        for _ in range(LIMITS.guesses):
            await thief.say({"type": "reclaim", "code": "ZZZZZZ" if shown != "ZZZZZZ" else "YYYYYY"})
            assert thief.last["announce"] == "The transfer code is wrong or has expired."
        await thief.say({"type": "reclaim", "code": shown})
        assert thief.last["announce"].startswith("Too many wrong codes")
        assert thief.conn is not None and thief.conn.viewer.role == "visitor"
        assert owner.conn.viewer.seat == Seat.S and hub.rooms[code].players[Seat.S].reclaim is not None

    run(main())


def test_too_many_sockets_or_new_rooms_from_one_address_and_a_full_room_get_a_message() -> None:
    async def main() -> None:
        hub = new_hub(limits=replace(QUIET, address_connections=2, address_rooms=1, room_connections=2))
        first, second, third = Device(hub, "fi"), Device(hub), Device(hub, address="10.2.2.2")
        await first.open()
        await second.open()
        sent: list[str] = []

        async def send(text: str) -> None:
            sent.append(text)

        async def close() -> None:
            pass

        from marjapussi.rooms.hub import Connection

        assert not await hub.connect(Connection(send, close, address="127.0.0.1"))
        assert json.loads(sent[0])["announce"].startswith("As many devices are connected from this address")
        assert await hub.connect(Connection(send, close, address="10.1.1.1"))
        code = await create(first, "guild", "S", N="random", E="random", W="random")
        await second.hello()
        await second.say({"type": "create", "r": "guild", "grace": 60})
        assert second.last["announce"].startswith("Many rooms have been created from this device")
        await second.say({"type": "join", "room": code})
        assert second.conn is not None and second.conn.room == code
        await third.open()
        await third.hello(code)
        assert third.last["announce"] == "The room already has as many devices connected as it allows."
        await first.drop()  # a socket closed frees its place at the address
        assert await hub.connect(Connection(send, close, address="127.0.0.1"))

    run(main())


def test_a_flood_over_a_real_websocket_is_closed_and_the_address_is_the_devices() -> None:
    app = create_app(TableConfig(db=":memory:", clock=ManualClock(), limits=QUIET, run_timer=False))
    with TestClient(app) as client, client.websocket_connect("/rooms/ws") as socket:
        socket.send_text(json.dumps({"type": "hello", "lang": "en"}))
        socket.receive_json()
        hub = app.state.hub
        assert [c.address for c in hub.connections] == ["testclient"]
        for _ in range(LIMITS.message_burst + LIMITS.flood_excess):  # with the hello, one too many
            socket.send_text('{"type": "pong"}')
        said = [socket.receive_json()["announce"] for _ in range(2)]
        assert said[0].startswith("Messages are coming too fast") and said[1].startswith(
            "The connection sent far too many"
        )
        assert socket.receive()["type"] == "websocket.close"
