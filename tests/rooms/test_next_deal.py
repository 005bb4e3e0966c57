"""Who starts the next deal (issue 33, Decided 5): a room setting, ``host`` or ``ready``.

The host's press always deals. Where the players start it, each says "I'm ready" (and can take
it back), every screen lists who is, a bot, a stand-in or a seat with no device counts as
ready, and once every seat is ready the next deal starts. Where the host starts it, a player's
press is refused with words. A host away past the grace period leaves it to the players. Each
step is an event, so a server started again knows who was ready.

The clock is moved by hand and the bots think at once (``kit.InlineExecutor``): nothing sleeps.
"""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

from marjapussi.cards import Seat
from marjapussi.rooms.hub import Hub
from marjapussi.rooms.room import Room
from marjapussi.rooms.store import Store
from marjapussi.rooms.texts import rt
from marjapussi.rooms.views import refusal, seat_review_html

from .kit import Device, check_view, create, move, new_hub, offered, run, text_of

READY = {"type": "ready", "on": True}
NOT_READY = {"type": "ready", "on": False}


async def finish_deal(hub: Hub, room: Room, people: dict[Seat, Device], seed: int = 1) -> None:
    """Play the deal in play to its end, the people through their views' controls."""
    rng = random.Random(seed)
    await hub.settle()
    while not room.live.deal.is_over():
        await move(people[room.live.deal.to_act], room, rng)
        await hub.settle()


async def learners_room(hub: Hub, host_seat: str = "") -> tuple[Device, Device, Device, Room]:
    """A room of a host (at ``host_seat``, or without a seat), learners at S and N (or N and E
    when the host sits at S), bots elsewhere, the first deal played out."""
    host, one, two = Device(hub, "en"), Device(hub, "fi"), Device(hub, "ru")
    for device in (host, one, two):
        await device.open()
    seats = ("N", "E") if host_seat == "S" else ("S", "N")
    bots = {s: "random" for s in ("N", "E", "S", "W") if s not in (*seats, host_seat)}
    code = await create(host, "guild", host_seat, **bots)
    for device, seat in zip((one, two), seats, strict=True):
        await device.hello(code)
        await device.say({"type": "sit", "seat": seat, "name": f"p{seat}"})
    if not host_seat:
        await host.say({"type": "watch", "projector": False})
    room = hub.rooms[code]
    people = {Seat[s]: d for s, d in zip(seats, (one, two), strict=True)}
    if host_seat:
        people[Seat[host_seat]] = host
    await finish_deal(hub, room, people)
    return host, one, two, room


def test_a_host_without_a_seat_starts_the_next_deal_and_a_learners_press_is_refused() -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, north, room = await learners_room(hub)
        assert room.settings.next_by == "host" == room.next_starter(hub.clock.now())
        for device in (south, north):
            assert {"type": "next"} not in offered(device.html) and READY not in offered(device.html)
            assert rt("host-starts", device.lang) in text_of(device.html)
        await south.say({"type": "next"})
        assert south.last["ok"] is False and south.last["announce"] == refusal("host-deals", "fi")
        await north.say(READY)
        assert north.last["announce"] == refusal("host-deals", "ru")
        await north.say({"type": "again"})  # a new game gets the same check
        assert north.last["announce"] == refusal("host-deals", "ru")
        assert room.live.deal.is_over() and not room.live.game.done and not room.ready
        assert {"type": "next"} in offered(host.html)
        await host.say({"type": "next"})
        assert len(room.live.game.done) == 1 and not room.live.deal.is_over()

    run(main())


def test_under_ready_every_player_says_so_and_then_the_next_deal_starts() -> None:
    async def main() -> None:
        hub = new_hub()
        host, north, east, room = await learners_room(hub, host_seat="S")
        assert room.settings.next_by == "ready"  # the creator took a seat
        projector = Device(hub, "fi")
        await projector.open()
        await projector.hello(room.code, projector=True)
        assert READY in offered(north.html) and READY in offered(east.html)
        await north.say(READY)
        assert north.last["announce"] == rt("ready-said", "fi", who="pN")
        assert not room.live.game.done and room.ready == {Seat.N}
        assert NOT_READY in offered(north.html) and READY not in offered(north.html)
        # Every screen lists who is ready (the bot at W counts as ready) and who is waited for.
        for device in (north, east, projector):
            check_view(device.html)
            words = text_of(device.html)
            names = {
                "fi": ("Valmiina jatkamaan", "Pohjoinen (pN)", "Odotetaan: Itä (pE)"),
                "ru": ("Можно продолжать", "Север (pN)", "Ждём: Восток (pE)"),
            }[device.lang]
            assert all(n in words for n in names), (device.lang, words)
        await north.say(NOT_READY)
        assert north.last["announce"] == rt("ready-back", "fi", who="pN") and not room.ready
        await north.say(READY)
        await east.say({"type": "next"})  # a player's "Next deal" says the player is ready
        assert not room.live.game.done  # the host at S has not said so
        await host.say(READY)
        assert len(room.live.game.done) == 1 and not room.ready
        assert east.messages[-1]["announce"] == "Начинается сдача 2."

    run(main())


def test_a_seat_with_no_device_counts_as_ready_and_the_hosts_press_always_deals() -> None:
    async def main() -> None:
        hub = new_hub()
        host, north, east, room = await learners_room(hub, host_seat="S")
        await east.drop()
        await north.say(READY)
        assert not room.live.game.done  # the host at S is still here
        await host.say(READY)
        assert len(room.live.game.done) == 1  # east is away: counted as ready
        await east.open()
        await east.hello(room.code)
        await finish_deal(hub, room, {Seat.S: host, Seat.N: north, Seat.E: east}, seed=2)
        assert not room.ready
        await host.say({"type": "next"})  # the host's press deals, whoever is ready
        assert len(room.live.game.done) == 2

    run(main())


def test_a_host_away_past_the_grace_period_leaves_the_next_deal_to_the_players() -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, north, room = await learners_room(hub)
        await host.drop()
        await hub.settle()
        await south.say(READY)
        assert south.last["announce"] == refusal("host-deals", "fi")  # within the grace period
        for _ in range(room.settings.grace // 10 + 1):  # the learners' phones answer the heartbeat
            hub.clock.advance(10)  # type: ignore[attr-defined]
            await hub.settle()
            for device in (south, north):
                await device.say({"type": "pong"})
        assert not south.closed and not north.closed
        assert room.next_starter(hub.clock.now()) == "ready"
        assert READY in offered(south.html)
        await south.say(READY)
        await north.say(READY)
        assert len(room.live.game.done) == 1

    run(main())


def test_the_host_chooses_and_changes_who_starts_and_it_survives_a_restart(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.sqlite3"
        hub = new_hub(db)
        host, south, north, room = await learners_room(hub)
        await south.say({"type": "nextby", "by": "ready"})
        assert south.last["announce"] == refusal("not-host", "fi")
        assert """data-action='{"type":"nextby"}'""" in host.html and '<option value="ready">' in host.html
        await host.say({"type": "nextby", "by": "ready"})
        assert south.messages[-1]["announce"] == rt("next-by-ready-now", "fi")
        await south.say(READY)
        rebuilt = Room.from_events(room.code, Store(db).rooms(since=0)[room.code])
        assert (rebuilt.next_by, rebuilt.ready, rebuilt.events) == ("ready", {Seat.S}, room.events)
        await north.say(READY)
        assert len(room.live.game.done) == 1
        rebuilt = Room.from_events(room.code, Store(db).rooms(since=0)[room.code])
        assert rebuilt.live.game == room.live.game and not rebuilt.ready

    run(main())


def test_the_lobby_sets_who_starts_by_whether_the_creator_sits() -> None:
    async def main() -> None:
        hub = new_hub()
        device = Device(hub)
        await device.open()
        seated = await create(device, "guild", "S")
        bare = await create(device, "guild", "")
        chosen = await create(device, "guild", "S", next="host")
        assert [hub.rooms[c].settings.next_by for c in (seated, bare, chosen)] == ["ready", "host", "host"]
        await device.say({"type": "leave", "sure": True})
        assert 'data-action-field="next"' in device.html

    run(main())


LAST = {"type": "last", "on": True}
CLOSE_LAST = {"type": "last", "on": False}


def test_during_the_next_deal_each_seat_reopens_its_own_review_and_the_record_of_the_last() -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, north, room = await learners_room(hub)
        rules = room.live.position.rules
        assert room.reviewed is room.live.game
        reviews = {s: seat_review_html(room.reviews[s], rules, "fi") for s in (Seat.S, Seat.N)}
        record = room.deal_record_text()
        assert LAST not in offered(south.html)  # the deal in play is the one just over
        await south.say(LAST)
        assert south.last["announce"] == refusal("no-last-deal", "fi")
        await host.say({"type": "next"})
        await hub.settle()
        assert LAST in offered(south.html) and LAST in offered(north.html) and LAST not in offered(host.html)
        await south.say(LAST)
        html = south.html
        check_view(html)
        assert "Edellinen jako (jako 1)" in text_of(html) and reviews[Seat.S] in html
        assert escape(record) in html and CLOSE_LAST in offered(html)
        if reviews[Seat.N] != reviews[Seat.S]:
            assert reviews[Seat.N] not in html  # only its own
        assert LAST in offered(north.html)  # north's screen is as it was
        await finish_deal(hub, room, {Seat.S: south, Seat.N: north}, seed=4)
        assert 'class="mp-room-last"' not in south.html and LAST not in offered(south.html)

    run(main())


def test_the_last_deal_stays_open_while_the_table_plays_and_comes_back_after_a_restart(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.sqlite3"
        hub = new_hub(db)
        host, south, north, room = await learners_room(hub)
        await host.say({"type": "next"})
        await hub.settle()
        await south.say(LAST)
        rng = random.Random(5)
        people = {Seat.S: south, Seat.N: north}
        while room.live.deal.to_act not in people:
            await hub.settle()
        await move(people[room.live.deal.to_act], room, rng)
        await hub.settle()
        assert 'class="mp-room-last"' in south.html and 'class="mp-room-last"' not in north.html
        await south.say(CLOSE_LAST)
        assert 'class="mp-room-last"' not in south.html and LAST in offered(south.html)
        # A server started again rebuilds the last deal from the events and works out its review.
        again = new_hub(db)
        assert again.load() == 1
        device = Device(again, "fi", kept=south.kept)
        await device.open()
        await device.hello(room.code)
        await again.settle()
        await device.say(LAST)
        rebuilt = again.rooms[room.code]
        assert rebuilt.last == room.last and rebuilt.last_reviewed is rebuilt.last
        rules = rebuilt.live.position.rules
        assert seat_review_html(rebuilt.last_reviews[Seat.S], rules, "fi") in device.html

    run(main())
