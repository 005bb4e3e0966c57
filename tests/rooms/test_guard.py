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
from marjapussi.rooms.hub import Connection
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


def wrong_codes(n: int, but: str, seed: int = 8) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        guess = "".join(rng.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(8))
        if guess != but:
            out.append(guess)
    return out


def test_wrong_room_codes_close_the_socket_then_the_address_waits_and_the_teacher_is_told() -> None:
    """Decided 4: the fifth wrong code closes its socket; a school's phones behind one address
    share 30 before codes from it are refused, right or wrong; a device with a key of the
    room still gets in, and the teacher's page says what happened."""

    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        school = "192.0.2.10"
        teacher, pupil = Device(hub, "fi", address=school), Device(hub, address=school)
        neighbour = Device(hub)
        for device in (teacher, pupil, neighbour):
            await device.open()
        code = await create(teacher, "guild", "", N="random")
        await pupil.hello(code)
        await pupil.say({"type": "sit", "seat": "S", "name": "Pia"})
        await pupil.drop()
        wrong = iter(wrong_codes(100, code))
        for socket in range(LIMITS.guesses // LIMITS.socket_guesses):
            guesser = Device(hub, address=school)
            await guesser.open()
            await guesser.hello()
            for _ in range(LIMITS.socket_guesses):
                assert not guesser.closed
                await guesser.say({"type": "join", "room": next(wrong)})
                said = [m.get("announce") for m in guesser.messages[-2:]]
                assert "There is no room with that code." in said
            assert guesser.closed and guesser.conn not in hub.connections, socket
            assert said[-1].startswith("The connection sent too many wrong codes")
        told = [m["announce"] for m in teacher.messages if m.get("announce", "").startswith("Samasta verkko")]
        assert len(told) == 1 and "liian monta väärää huone- tai siirtokoodia" in told[0]
        # Out of guesses: the right code is refused as a wrong one is (the refusal tells nothing).
        late = Device(hub, address=school)
        await late.open()
        await late.hello()
        for guess in (next(wrong), code):
            await late.say({"type": "join", "room": guess})
            assert late.last["announce"].startswith("Too many wrong codes have come from this network")
        await late.hello(code)
        assert late.last["announce"].startswith("Too many wrong codes") and late.conn.room is None
        # A device with its seat's key is never refused, nor counted.
        await pupil.open()
        await pupil.hello(code)
        assert pupil.conn is not None and pupil.conn.viewer.seat == Seat.S
        # Another address is not held back, and the school is served again after a wait.
        await neighbour.hello(code)
        assert neighbour.conn is not None and neighbour.conn.room == code
        clock.advance(1 / LIMITS.guesses_per_s)
        await late.say({"type": "join", "room": code})
        assert late.conn.room == code

    run(main())


def test_ipv6_addresses_of_one_network_share_their_wrong_guesses() -> None:
    async def main() -> None:
        hub = new_hub(limits=QUIET)
        guesses = iter(wrong_codes(100, ""))
        for n in range(LIMITS.guesses):  # every guess from another address of one /64
            device = Device(hub, address=f"2001:db8:5:6:{n:x}::{n + 1:x}")
            await device.open()
            await device.hello()
            await device.say({"type": "join", "room": next(guesses)})
            assert device.last["announce"] == "There is no room with that code."
        same, other = Device(hub, address="2001:db8:5:6:ffff::1"), Device(hub, address="2001:db8:5:7::1")
        for device in (same, other):
            await device.open()
            await device.hello()
            await device.say({"type": "join", "room": next(guesses)})
        assert same.last["announce"].startswith("Too many wrong codes")
        assert other.last["announce"] == "There is no room with that code."

    run(main())


def test_wrong_transfer_codes_close_the_guessers_socket_and_withdraw_no_ones_code() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        owner, thief, phone = Device(hub), Device(hub, address="10.0.0.13"), Device(hub, address="10.0.0.14")
        for device in (owner, thief, phone):
            await device.open()
        code = await create(owner, "guild", "S", N="random", E="random", W="random")
        await owner.say({"type": "move"})
        assert owner.conn is not None
        shown = owner.conn.viewer.ui.transfer
        await thief.hello(code)
        for _ in range(LIMITS.socket_guesses):
            await thief.say({"type": "reclaim", "code": "ZZZZZZ" if shown != "ZZZZZZ" else "YYYYYY"})
        assert thief.closed and thief.conn not in hub.connections
        said = [m.get("announce") for m in thief.messages if m.get("ok") is False]
        assert said.count("The transfer code is wrong or has expired.") == LIMITS.socket_guesses
        assert hub.rooms[code].players[Seat.S].reclaim is not None  # the owner's code stands
        await phone.hello(code)
        await phone.say({"type": "reclaim", "code": shown})
        assert phone.conn is not None and phone.conn.viewer.seat == Seat.S
        assert owner.conn.viewer.role == "visitor"

    run(main())


def test_the_room_links_qr_code_tells_no_room_apart_and_has_a_bucket_per_address() -> None:
    """Decided 4: any well-formed code gets its picture, so the route tells a guesser nothing;
    an address asking too fast is made to wait."""
    limits = replace(QUIET, qr_burst=3)
    app = create_app(TableConfig(db=":memory:", clock=ManualClock(), limits=limits, run_timer=False))
    with TestClient(app) as client:
        for path in ("/rooms/qr/ZZZZZZZZ.svg", "/rooms/qr/abcd-efgh.svg", "/rooms/qr/ZZZZZZZZ.svg"):
            picture = client.get(path)
            assert picture.status_code == 200 and picture.text.startswith("<svg"), path
        assert client.get("/rooms/qr/ZZZZZZZZ.svg").status_code == 429
        assert client.get("/rooms/qr/..%2F..%2Fetc.svg").status_code == 404
        other = TestClient(app, client=("10.9.9.9", 5000))
        assert other.get("/rooms/qr/ZZZZZZZZ.svg").status_code == 200
        app.state.hub.clock.advance(1 / limits.qr_per_s)
        assert client.get("/rooms/qr/ZZZZZZZZ.svg").status_code == 200


def test_a_seat_key_and_the_host_key_get_in_when_visitors_have_taken_every_place() -> None:
    """Decided 3: idle sockets of one address take at most 30 of a room's 40 places, and the
    places are for devices without a key: a player coming back and the host's projector
    always get in, while a keyless projector is refused."""

    async def main() -> None:
        hub = new_hub(limits=QUIET)
        teacher, pupil = Device(hub, address="10.0.0.1"), Device(hub, address="10.0.0.2")
        await teacher.open()
        await pupil.open()
        code = await create(teacher, "guild", "", N="random")
        await pupil.hello(code)
        await pupil.say({"type": "sit", "seat": "S", "name": "Pia"})
        await pupil.drop()
        idle: list[Device] = []
        for n in range(LIMITS.room_connections + 2):  # one refused at the address, one at the room
            device = Device(hub, address="198.51.100.7" if n <= LIMITS.room_address else f"198.51.100.{n}")
            await device.open()
            await device.hello(code)
            idle.append(device)
        inside = [d for d in idle if d.conn is not None and d.conn.room == code]
        assert len(inside) == LIMITS.room_connections
        assert idle[LIMITS.room_address].last["announce"] == (
            "As many devices from this network address are in the room as it allows."
        )
        assert idle[-1].last["announce"] == "The room already has as many devices connected as it allows."
        await pupil.open()
        await pupil.hello(code)
        assert pupil.conn is not None and pupil.conn.viewer.seat == Seat.S
        projector = Device(hub, kept={code: dict(teacher.kept[code])}, address="10.0.0.1")
        await projector.open()
        await projector.hello(code, projector=True)
        assert projector.conn is not None and projector.conn.viewer.role == "projector"
        assert projector.conn.viewer.host
        keyless = Device(hub, address="10.0.0.3")
        await keyless.open()
        await keyless.hello(code, projector=True)
        assert keyless.conn is not None and keyless.conn.room is None
        # A place freed is a place to take.
        await inside[0].drop()
        await keyless.hello(code, projector=True)
        assert keyless.conn.room == code and keyless.conn.viewer.role == "projector"

    run(main())


def test_a_third_socket_of_a_seat_and_a_fourth_of_the_host_take_over_from_the_oldest() -> None:
    async def main() -> None:
        hub = new_hub(limits=QUIET)
        teacher = Device(hub)
        await teacher.open()
        code = await create(teacher, "guild", "S", N="random", E="random", W="random")
        tabs = [Device(hub, kept={code: dict(teacher.kept[code])}) for _ in range(LIMITS.host_sockets)]
        for tab in tabs:
            await tab.open()
            await tab.hello(code)
        room = hub.rooms[code]
        seated = [d for d in (teacher, *tabs) if d.conn is not None and d.conn.viewer.seat == Seat.S]
        assert seated == tabs[-LIMITS.seat_sockets :] and room.players[Seat.S].sockets == LIMITS.seat_sockets
        hosts = [d for d in (teacher, *tabs) if d.conn is not None and d.conn.viewer.host]
        assert hosts == tabs[-LIMITS.host_sockets :]
        assert teacher.conn is not None and teacher.conn.room == code
        assert teacher.conn.viewer.role == "visitor"
        said = [m.get("announce") or "" for m in teacher.messages]
        assert any(a.startswith("This seat is now open on newer devices, so this one") for a in said)
        assert any(a.startswith("The host's tools are now open on newer devices") for a in said)
        # A reload of the oldest takes its seat back from the oldest of the others.
        await teacher.hello(code)
        assert teacher.conn.viewer.seat == Seat.S and room.players[Seat.S].sockets == LIMITS.seat_sockets

    run(main())


def test_a_socket_that_never_says_hello_is_closed_and_an_address_has_few_such() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=QUIET)
        sent: list[str] = []

        async def send(text: str) -> None:
            sent.append(text)

        async def close() -> None:
            pass

        silent = [Device(hub, address="203.0.113.5") for _ in range(LIMITS.address_pending)]
        for device in silent:
            await device.open()
        assert not await hub.connect(Connection(send, close, address="203.0.113.5"))
        assert json.loads(sent[-1])["announce"].startswith("As many devices are connected from this address")
        talker = Device(hub, address="203.0.113.5")
        await silent[0].hello()  # one speaks: its place among the silent is free
        await talker.open()
        clock.advance(LIMITS.hello_s - 0.5)
        await hub.run_due()
        assert not any(d.closed for d in silent)
        clock.advance(0.5)
        await hub.run_due()
        assert not silent[0].closed and all(d.closed for d in silent[1:]) and talker.closed
        assert len(hub.connections) == 1

    run(main())


def test_too_many_new_rooms_from_one_address_get_a_message() -> None:
    async def main() -> None:
        hub = new_hub(limits=replace(QUIET, address_rooms=1))
        first, second = Device(hub, "fi"), Device(hub)
        await first.open()
        await second.open()
        code = await create(first, "guild", "S", N="random", E="random", W="random")
        await second.hello()
        await second.say({"type": "create", "r": "guild", "grace": 60})
        assert second.last["announce"].startswith("Many rooms have been created from this device")
        await second.say({"type": "join", "room": code})
        assert second.conn is not None and second.conn.room == code

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
