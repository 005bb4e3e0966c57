"""Rooms as events (``rooms.room``) and their store (``rooms.store``): a room rebuilt from the
stored events is the same room, a server started again resumes every room at the same
card, and a damaged store costs the events after the damage, never the room."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from marjapussi.cards import Seat
from marjapussi.rooms.protocol import Refused
from marjapussi.rooms.room import Room, RoomError, Settings
from marjapussi.rooms.store import Store

from .kit import Device, create, move, new_hub, run


def same_room(a: Room, b: Room) -> None:
    assert (a.code, a.settings, a.seed, a.host, a.events) == (b.code, b.settings, b.seed, b.host, b.events)
    assert a.live.game == b.live.game
    assert a.live.deal.history == b.live.deal.history and a.live.deal.table == b.live.deal.table
    assert a.live.position.final.totals == b.live.position.final.totals
    assert {s: (p.token, p.name) for s, p in a.players.items()} == {
        s: (p.token, p.name) for s, p in b.players.items()
    }


async def table(hub_db: Path, r: str, seed: int) -> tuple[object, str, dict[Seat, Device]]:
    hub = new_hub(hub_db)
    host = Device(hub)
    await host.open()
    code = await create(host, r, "S", E="random")
    people = {Seat.S: host}
    for name in ("N", "W"):
        if Seat[name] in hub.rooms[code].settings.seats:
            device = Device(hub)
            await device.open()
            await device.hello(code)
            await device.say({"type": "sit", "seat": name, "name": name.lower()})
            people[Seat[name]] = device
    return hub, code, people


@pytest.mark.parametrize("r", ["guild", "huutopussi3"])
def test_a_room_rebuilt_from_its_stored_events_is_the_same_room(r: str, tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.sqlite3"
        hub, code, people = await table(db, r, 1)
        room = hub.rooms[code]
        rng = random.Random(1)
        for _ in range(2):
            await hub.settle()
            while not room.live.deal.is_over():
                await move(people[room.live.deal.to_act], room, rng)
                await hub.settle()
                if rng.random() < 0.2:
                    same_room(room, Room.from_events(code, Store(db).rooms(since=0)[code]))
            await people[Seat.S].say({"type": "next"})
        same_room(room, Room.from_events(code, Store(db).rooms(since=0)[code]))

    run(main())


def test_a_server_killed_mid_trick_resumes_every_room_at_the_same_card(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.sqlite3"
        first, code, people = await table(db, "guild", 2)
        other_host = Device(first)
        await other_host.open()
        other = await create(other_host, "huutopussi", "N", E="random", S="random", W="random")
        rng = random.Random(2)
        room = first.rooms[code]
        await first.settle()
        while len(room.live.deal.history) < 10 or not room.live.deal.table:
            await move(people[room.live.deal.to_act], room, rng)
            await first.settle()
        before = {
            c: (r.live.game, list(r.live.deal.history), list(r.live.deal.table))
            for c, r in first.rooms.items()
        }
        # The process dies: nothing is closed or flushed. A new server opens the same file.
        second = new_hub(db)
        assert second.load() == 2
        for c, r in second.rooms.items():
            assert (r.live.game, list(r.live.deal.history), list(r.live.deal.table)) == before[c]
            assert all(p.sockets == 0 and p.away_since is not None for p in r.players.values() if p.taken)
        # The players' devices come back with their tokens and the deal goes on at the same card.
        resumed = second.rooms[code]
        back = {}
        for seat, device in people.items():
            again = Device(second, kept=device.kept)
            await again.open()
            await again.hello(code)
            assert again.conn is not None and again.conn.viewer.seat == seat
            back[seat] = again
        to_act = resumed.live.deal.to_act
        assert (
            to_act not in back
            or "mp-card-button" in back[to_act].html
            or resumed.live.deal.phase.value != "play"
        )
        await second.settle()
        while not resumed.live.deal.is_over():
            await move(back[resumed.live.deal.to_act], resumed, rng)
            await second.settle()
        assert other in second.rooms

    run(main())


def test_a_damaged_store_costs_the_events_after_the_damage_not_the_room(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.sqlite3"
        hub, code, people = await table(db, "guild", 3)
        room = hub.rooms[code]
        rng = random.Random(3)
        await hub.settle()
        for _ in range(8):
            await move(people[room.live.deal.to_act], room, rng)
            await hub.settle()
        events = Store(db).rooms(since=0)[code]
        cut = len(events) - 3
        raw = sqlite3.connect(db)
        raw.execute(
            "UPDATE events SET body = ? WHERE room = ? AND seq = ?", ('{"e": "act", "seat": "Q"}', code, cut)
        )
        raw.commit()
        rebuilt = Room.from_events(code, Store(db).rooms(since=0)[code])
        assert rebuilt.events == cut
        assert rebuilt.live.game == Room.from_events(code, events[:cut]).live.game
        raw.execute("UPDATE events SET body = ? WHERE room = ? AND seq = ?", ("{not json", code, cut))
        raw.commit()
        assert Room.from_events(code, Store(db).rooms(since=0)[code]).events == cut
        raw.execute("UPDATE events SET body = ? WHERE room = ? AND seq = 0", ("{}", code))
        raw.commit()
        assert new_hub(db).load() == 0  # no "created" event: nothing to rebuild, and no crash

    run(main())


def test_events_that_do_not_fit_change_nothing() -> None:
    room = Room.from_events("ABCDEFGH", [Room.created_event(Settings.of("guild", {"N": "random"}), 9, "")])
    game = room.live.game
    for event in (
        {"e": "act", "seat": "E", "n": 0, "code": "00"} if room.live.deal.to_act != Seat.E else {"e": "x"},
        {"e": "act", "seat": room.live.deal.to_act.name, "n": 5, "code": "00"},
        {"e": "act", "seat": room.live.deal.to_act.name, "n": 0, "code": "zz"},
        {"e": "sat", "seat": "N", "token": "t", "name": ""},
        {"e": "sat", "seat": "S", "token": "", "name": ""},
        {"e": "moved", "seat": "S", "token": "t"},
        {"e": "next"},
        {"e": "again", "seed": 4},
        {"e": "created"},
        "not an event",
    ):
        with pytest.raises(RoomError):
            room.apply(event)
        assert room.live.game == game and room.events == 1
    with pytest.raises(Refused):
        room.sit_event(Seat.N, "token", "")
    with pytest.raises(RoomError):
        Settings.of("chess", {})
    with pytest.raises(RoomError):
        Settings.of("guild", {"N": "grandmaster"})


def synchronous(store: Store) -> int:
    """SQLite's synchronous level of a store's connection (1 NORMAL, 2 FULL)."""
    return int(store.db.execute("PRAGMA synchronous").fetchone()[0])


def test_the_store_syncs_normally_by_default_and_fully_when_asked(tmp_path: Path) -> None:
    """WAL with synchronous=NORMAL loses nothing when the process is killed, but a power cut may
    lose the last events; FULL syncs every commit to the disk, as a setting."""
    normal = Store(tmp_path / "a.sqlite3")
    full = Store(tmp_path / "b.sqlite3", synchronous="FULL")
    assert (synchronous(normal), synchronous(full)) == (1, 2)
    assert normal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with pytest.raises(ValueError, match="'OFF'"):
        Store(tmp_path / "c.sqlite3", synchronous="OFF")
    for store in (normal, full):
        store.close()


def test_the_command_line_passes_full_sync_to_the_servers_store(tmp_path: Path) -> None:
    from marjapussi.rooms import cli
    from marjapussi.rooms.server import create_app

    for argv, level in (([], 1), (["--synchronous", "full"], 2)):
        config = cli.table_config(cli.parse_args([*argv, "--db", str(tmp_path / "r.db")]), executor=None)
        app = create_app(config)
        assert synchronous(app.state.hub.store) == level
        app.state.hub.store.close()
