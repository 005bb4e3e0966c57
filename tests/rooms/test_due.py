"""The hub's timer looks at what is due, not at every room: a room where nothing happened and
whose time has not come is not looked at, while a room with a bot to play is, at its pace."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.room import Room

from .kit import FAST, Device, create, new_hub, run


def counted(room: Room, looks: dict[str, int]) -> None:
    """Count how often the timer asks a room when its grace period ends (it does at each look)."""
    ask = room.grace_ends

    def grace_ends(after: float | None = None) -> Any:
        looks[room.code] = looks.get(room.code, 0) + 1
        return ask(after)

    room.grace_ends = grace_ends  # type: ignore[method-assign]


def test_the_timer_looks_only_at_the_rooms_something_is_due_in() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=replace(FAST, bot_pace_s=1.0))
        quiet_codes = []
        for _ in range(6):  # rooms of people waiting for each other: nothing is due in them
            device = Device(hub, "fi")
            await device.open()
            quiet_codes.append(await create(device, "guild", "S"))
        player = Device(hub, "en")
        await player.open()
        busy = await create(player, "guild", "", N="random", E="random", S="random", W="random")
        await hub.run_due()  # the first look takes in every room
        looks: dict[str, int] = {}
        for code in hub.rooms:
            counted(hub.rooms[code], looks)
        room = hub.rooms[busy]
        moves = len(room.live.deal.history)
        for _ in range(3):  # the four bots of the busy room play, one at each step of the pace
            clock.advance(1.0)
            await hub.settle()
        assert len(room.live.deal.history) > moves, (moves, room.live.deal.history, room.live.deal.to_act)
        assert looks.get(busy, 0) >= 3
        assert not any(looks.get(code) for code in quiet_codes), looks

    run(main())
