"""Rooms at rest (``Hub.rest``, ``Limits.room_rest_s``): a room with no device connected and no
action for a long time leaves the server's memory and comes back from the store, its seat
keys as they were, when someone returns with its code. The clock is moved by hand."""

from __future__ import annotations

import random
import secrets
from dataclasses import replace

import pytest

from marjapussi.cards import Seat
from marjapussi.rooms import codes
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.hub import Hub
from marjapussi.rooms.texts import rt

from .kit import FAST, Device, create, move, new_hub, run

REST = replace(FAST, room_rest_s=600.0, silent_s=10_000.0, heartbeat_s=5_000.0)
"""The tests' limits: rooms rest after ten minutes (the heartbeats out of the way)."""


async def played_room(hub: Hub) -> tuple[Device, Device, str]:
    """A guild room with two people (S, N) and two bots, a few actions into its first deal."""
    south, north = Device(hub, "fi"), Device(hub, "ru")
    await south.open()
    await north.open()
    code = await create(south, "guild", "S", E="random", W="random")
    await north.hello(code)
    await north.say({"type": "sit", "seat": "N", "name": "Pohjoinen"})
    room = hub.rooms[code]
    rng = random.Random(3)
    people = {Seat.S: south, Seat.N: north}
    while len(room.live.deal.history) < 6:
        await hub.settle()
        seat = room.live.to_act()
        if seat in people:
            await move(people[seat], room, rng)
    await hub.settle()
    return south, north, code


async def rested_room() -> tuple[Hub, str]:
    """A played room (``played_room``) whose host paused the bots, left by both players, and
    then at rest: no longer held."""
    clock = ManualClock()
    hub = new_hub(limits=REST, clock=clock)
    south, north, code = await played_room(hub)
    await south.say({"type": "pause", "on": True})
    await south.drop()
    await north.drop()
    clock.advance(REST.room_rest_s + 1)
    await hub.run_due()
    assert code not in hub.rooms
    return hub, code


def test_a_room_at_rest_leaves_memory_and_comes_back_with_its_seats_and_its_game() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(limits=REST, clock=clock)
        south, north, code = await played_room(hub)
        room = hub.rooms[code]
        await south.say({"type": "pause", "on": True})  # no stand-in plays for the players away
        game, moves = room.live.game, len(room.live.deal.history)
        await south.drop()
        await hub.settle()
        clock.advance(REST.room_rest_s - 1)
        assert await hub.run_due() is not None
        assert code in hub.rooms, "a room with a device connected rested"
        await north.drop()
        clock.advance(REST.room_rest_s - 1)
        await hub.run_due()
        assert code in hub.rooms, "a room rested before its time"
        clock.advance(2)
        await hub.run_due()
        assert code not in hub.rooms and code not in hub.locks and code not in hub.visited
        # North comes back with the seat key kept on the phone: the room is rebuilt, at the same card.
        await north.open()
        await north.hello(code)
        back = hub.rooms[code]
        assert back is not room and back.live.game == game and len(back.live.deal.history) == moves
        assert north.conn is not None and north.conn.viewer.role == "seat"
        assert north.conn.viewer.seat == Seat.N
        assert back.players[Seat.N].name == "Pohjoinen" and north.last["ok"] is True
        # South's key still holds South, and the host's key the host; the game goes on.
        await south.open()
        await south.hello(code)
        assert south.conn is not None and south.conn.viewer.seat == Seat.S and south.conn.viewer.host
        assert back.paused
        await south.say({"type": "pause", "on": False})
        rng = random.Random(4)
        people = {Seat.S: south, Seat.N: north}
        while len(back.live.deal.history) < moves + 4:
            await hub.settle()
            seat = back.live.to_act()
            if seat in people:
                await move(people[seat], back, rng)
        assert not south.closed and not north.closed

    run(main())


def test_a_room_at_rest_is_joined_by_its_code_and_a_wrong_code_is_still_no_room() -> None:
    async def main() -> None:
        hub, code = await rested_room()
        assert code in hub.codes and "ABCDEFGH" not in hub.codes
        visitor = Device(hub, "en")
        await visitor.open()
        await visitor.hello()
        await visitor.say({"type": "join", "room": code})
        assert code in hub.rooms and visitor.conn is not None and visitor.conn.room == code
        # A code no room has, held or resting, is still no room (and counts as a wrong guess).
        await visitor.say({"type": "join", "room": "ABCDEFGH"})
        assert visitor.last["ok"] is False and visitor.last["announce"] == rt("refuse:no-room", "en")

    run(main())


def test_a_new_room_never_takes_the_code_of_a_resting_one(monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        hub, code = await rested_room()
        drawn = iter(code + "ABCDEFGH")  # the first code drawn is the resting room's

        class Drawn:
            token_urlsafe = staticmethod(secrets.token_urlsafe)

            @staticmethod
            def choice(seq: str) -> str:
                return next(drawn)

        monkeypatch.setattr(codes, "secrets", Drawn)
        maker = Device(hub)
        await maker.open()
        new = await create(maker, "guild", "S", N="random", E="random", W="random")
        assert new == "ABCDEFGH"

    run(main())
