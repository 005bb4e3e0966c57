"""The room server's handlers (``rooms.hub``) with devices that record every message: whole
deals with people and bots, seat tokens and transfer codes, a bot standing in for a player
who dropped out and giving the seat back, heartbeats, languages, spectators, refusals.

The clock is moved by hand and the bots think at once (``kit.InlineExecutor``): nothing
sleeps. People act only through the controls of the view they were last sent.
"""

from __future__ import annotations

import json
import random
import threading
from dataclasses import replace

import pytest

from marjapussi.actions import Play
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.limits import LIMITS

from .kit import (
    FAST,
    Device,
    alone_with_bots,
    check_view,
    create,
    delivered,
    move,
    new_hub,
    offered,
    run,
    text_of,
)


def test_a_whole_guild_deal_with_three_people_and_a_bot_in_three_languages() -> None:
    async def main() -> None:
        hub = new_hub()
        fi, en, ru = Device(hub, "fi"), Device(hub, "en"), Device(hub, "ru")
        for device in (fi, en, ru):
            await device.open()
        code = await create(fi, "guild", "S", N="random")
        await en.hello(code)
        await en.say({"type": "sit", "seat": "E", "name": "Bea"})
        await ru.hello(code)
        await ru.say({"type": "sit", "seat": "W", "name": "Саша"})
        room = hub.rooms[code]
        assert {s: p.name for s, p in room.players.items()} == {Seat.E: "Bea", Seat.S: "", Seat.W: "Саша"}
        people = {Seat.S: fi, Seat.E: en, Seat.W: ru}
        rng = random.Random(3)
        await hub.settle()
        steps = 0
        while not room.live.deal.is_over():
            await move(people[room.live.deal.to_act], room, rng)
            await hub.settle()
            steps += 1
            assert steps < 200
        for device, words in (
            (fi, ("Huone", "Jako on pelattu")),
            (en, ("Room", "The deal is over")),
            (ru, ("Комната", "Сдача сыграна")),
        ):
            html = device.html
            check_view(html)
            assert all(w in text_of(html) for w in words), (device.lang, words)
        # The creator took a seat: the next deal starts once every player says so.
        assert {"type": "next"} in offered(fi.html)
        assert all({"type": "ready", "on": True} in offered(d.html) for d in (en, ru))
        await en.say({"type": "next"})  # "Next deal" from a player: the player is ready
        await ru.say({"type": "ready", "on": True})
        assert not room.live.game.done
        await fi.say({"type": "ready", "on": True})
        assert len(room.live.game.done) == 1 and not room.live.deal.history
        assert "Jako 2" in text_of(fi.html) and "Deal 2" in text_of(en.html) and "Сдача 2" in text_of(ru.html)
        assert fi.messages[-1]["announce"] == "Jako 2 alkaa."

    run(main())


def test_a_whole_huutopussi_deal_with_three_people_and_a_bot() -> None:
    async def main() -> None:
        hub = new_hub()
        devices = [Device(hub) for _ in range(3)]
        for device in devices:
            await device.open()
        code = await create(devices[0], "huutopussi", "N", W="random")
        for device, seat in zip(devices[1:], ("E", "S"), strict=True):
            await device.hello(code)
            await device.say({"type": "sit", "seat": seat, "name": ""})
        room = hub.rooms[code]
        people = {Seat.N: devices[0], Seat.E: devices[1], Seat.S: devices[2]}
        rng = random.Random(5)
        await hub.settle()
        while not room.live.deal.is_over():
            await move(people[room.live.deal.to_act], room, rng)
            await hub.settle()
        assert "mp-play-after" in devices[2].html

    run(main())


def test_a_seat_token_reclaims_the_seat_and_a_forged_or_other_token_does_not() -> None:
    async def main() -> None:
        hub = new_hub()
        host, guest = Device(hub), Device(hub)
        await host.open()
        await guest.open()
        code = await create(host, "guild", "S", N="random", E="random")
        await guest.hello(code)
        await guest.say({"type": "sit", "seat": "W", "name": "Wes"})
        token = guest.kept[code]["token"]
        assert token and token not in json.dumps(host.messages)
        room = hub.rooms[code]
        assert room.players[Seat.W].token != token  # only the token's hash is kept
        # A reload: a new socket, the same token: the seat is the player's again.
        await guest.drop()
        assert room.players[Seat.W].sockets == 0 and room.players[Seat.W].away_since is not None
        again = Device(hub, kept=guest.kept)
        await again.open()
        await again.hello(code)
        assert again.conn is not None and again.conn.viewer.seat == Seat.W
        assert room.players[Seat.W].sockets == 1 and room.players[Seat.W].away_since is None
        await again.hello(code)  # said twice on one socket: still one device at the seat
        assert room.players[Seat.W].sockets == 1
        # A forged token: a visitor, who cannot act.
        forger = Device(hub, kept={code: {"token": "x" * 32}})
        await forger.open()
        await forger.hello(code)
        assert forger.conn is not None and forger.conn.viewer.role == "visitor"
        await forger.say({"type": "play", "card": "CA"})
        assert forger.last == {"type": "view", "ok": False, "announce": "That needs a seat at the table."}
        # Another seat's token gives that seat only; acting for another seat is refused.
        deal = room.live.deal
        if deal.to_act != Seat.W:
            card = room.live.deal.hand(Seat.W)[0]
            await again.say({"type": "play", "card": card.code})
            assert again.last["ok"] is False and "turn" in again.last["announce"]
        # A bad token from a damaged store on the device is as if there were none.
        damaged = Device(hub, kept={code: {"token": "<script>"}})
        await damaged.open()
        await damaged.hello(code)
        assert damaged.conn is not None and damaged.conn.viewer.role == "visitor"

    run(main())


def test_a_transfer_code_moves_a_seat_to_another_device_once() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock)
        old, new, thief = Device(hub, "fi"), Device(hub, "en"), Device(hub)
        for device in (old, new, thief):
            await device.open()
        code = await create(old, "guild", "S", N="random", E="random", W="random")
        old_token = old.kept[code]["token"]
        await old.say({"type": "move"})
        shown = hub.connections and old.conn is not None and old.conn.viewer.ui.transfer
        assert shown and shown in text_of(old.html)
        await new.hello(code)
        await thief.hello(code)
        await thief.say({"type": "reclaim", "code": "000000"})
        assert (
            thief.last["ok"] is False
            and thief.last["announce"] == "The transfer code is wrong or has expired."
        )
        await new.say({"type": "reclaim", "code": shown.lower()})
        assert new.conn is not None and new.conn.viewer.seat == Seat.S
        assert old.conn is not None and old.conn.viewer.role == "visitor"
        # The old phone's last word is that its seat moved, not that its player is back.
        said = [m["announce"] for m in old.messages if m.get("announce")]
        assert said[-1] == "Paikkasi siirtyi toiselle laitteelle.", said
        assert old.kept[code]["token"] is None and new.kept[code]["token"] != old_token
        # Spent: the code does not move the seat again; the old token no longer holds it.
        await thief.say({"type": "reclaim", "code": shown})
        assert thief.conn is not None and thief.conn.viewer.role == "visitor"
        back = Device(hub, kept={code: {"token": old_token}})
        await back.open()
        await back.hello(code)
        assert back.conn is not None and back.conn.viewer.role == "visitor"
        # An old code has expired; wrong guesses close the guesser's socket and withdraw no code.
        await new.say({"type": "move"})
        late = new.conn.viewer.ui.transfer
        clock.advance(LIMITS.reclaim_s + 1)
        await thief.say({"type": "reclaim", "code": late})
        assert thief.conn.viewer.role == "visitor"
        await new.say({"type": "move"})
        fresh = new.conn.viewer.ui.transfer
        while not thief.closed:
            await thief.say({"type": "reclaim", "code": "ZZZZZZ"})
        assert new.conn.viewer.seat == Seat.S
        await back.say({"type": "reclaim", "code": fresh})
        assert back.conn.viewer.seat == Seat.S and new.conn.viewer.role == "visitor"

    run(main())


def test_a_bot_plays_a_dropped_players_seat_after_the_grace_period_until_they_return() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=replace(FAST, heartbeat_s=1e9, silent_s=1e9))
        player, watcher = Device(hub), Device(hub)
        await player.open()
        await watcher.open()
        code = await create(player, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        await watcher.hello(code)
        await watcher.say({"type": "watch", "projector": False})
        await hub.settle()
        assert room.live.deal.to_act == Seat.S
        await player.drop()
        clock.advance(room.settings.grace - 1)
        await hub.settle()
        assert room.live.deal.to_act == Seat.S, "a bot moved before the grace period passed"
        assert "away" in text_of(watcher.html)
        clock.advance(1)
        await hub.settle()
        assert room.controller(Seat.S, clock.now()) == "stand-in"
        assert any(
            m.get("announce") == "A bot plays for South until the player comes back."
            for m in watcher.messages
        )
        played = [a for s, a in room.live.deal.history if s == Seat.S]
        assert played, "the stand-in did not play"
        # The player comes back: the seat is theirs again and the bots wait for them.
        back = Device(hub, kept=player.kept)
        await back.open()
        await back.hello(code)
        assert room.controller(Seat.S, clock.now()) == "person"
        for _ in range(40):
            if room.live.deal.is_over() or room.live.deal.to_act == Seat.S:
                break
            await hub.settle()
        assert room.live.deal.is_over() or room.live.deal.to_act == Seat.S
        if not room.live.deal.is_over():
            assert "mp-card-button" in back.html
            count = len(room.live.deal.history)
            await hub.settle()
            assert len(room.live.deal.history) == count, "a bot played the returned player's card"

    run(main())


def test_heartbeats_and_silent_sockets_dropped() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=replace(FAST, heartbeat_s=10.0, silent_s=30.0))
        quiet, chatty = Device(hub), Device(hub)
        await quiet.open()
        await chatty.open()
        await quiet.hello()
        await chatty.hello()
        clock.advance(10)
        due = await hub.run_due()
        await delivered(hub)
        assert {"type": "ping"} in quiet.messages and due is not None and due > clock.now()
        await chatty.say({"type": "pong"})
        clock.advance(20)
        await hub.run_due()
        assert quiet.closed and quiet.conn not in hub.connections
        assert not chatty.closed and chatty.conn in hub.connections

    run(main())


def test_heartbeats_only_where_a_side_has_been_quiet() -> None:
    """A socket that talks and is answered within every heartbeat period is sent no heartbeat
    (each would be a message each way for nothing); one that only talks still hears one (the
    page gives up on a server it has not heard for 40 s), as does an idle one (which answers)."""

    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock, limits=replace(FAST, heartbeat_s=10.0, silent_s=30.0))
        busy, talking, idle = Device(hub), Device(hub), Device(hub)
        for device in (busy, talking, idle):
            await device.open()
            await device.hello()
        for step in range(12):
            clock.advance(5)
            await busy.say({"type": "lang", "lang": ("fi", "en")[step % 2]})  # answered with a view
            await talking.say({"type": "pong"})  # answered with nothing
            await hub.run_due()
            await delivered(hub)
            if idle.messages and idle.messages[-1] == {"type": "ping"}:
                await idle.say({"type": "pong"})
        pings = {name: d.messages.count({"type": "ping"}) for name, d in
                 (("busy", busy), ("talking", talking), ("idle", idle))}
        assert pings == {"busy": 0, "talking": 6, "idle": 6}, pings
        assert not busy.closed and not talking.closed and not idle.closed

    run(main())


@pytest.mark.parametrize(
    "message",
    [
        "",
        "not json",
        "[1, 2]",
        '{"type": 5}',
        '{"type": "nonsense"}',
        '{"type": "play"}',
        '{"type": "play", "card": {"a": 1}}',
        '{"type": "play", "card": "ZZ"}',
        '{"type": "create", "r": "chess"}',
        '{"type": "join", "room": "short"}',
        '{"type": "sit", "seat": "X"}',
        '{"type": "sit", "seat": "N", "name": "' + "n" * 200 + '"}',
        '{"type": "act", "code": "<script>"}',
        '{"type": "why", "i": -5}',
        '{"type": "hello", "lang": "de"}',
        "[" * 5000 + "]" * 5000,
        json.dumps({"type": "hello", "x": "y" * 5000}),
        b"\x00\x01",
    ],
)
def test_bad_messages_are_refused_in_the_players_language_and_the_room_goes_on(message: str | bytes) -> None:
    async def main() -> None:
        hub = new_hub()
        player = Device(hub, "ru")
        await player.open()
        code = await create(player, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        before = (room.events, room.live.game)
        count = len(player.messages)
        assert player.conn is not None
        await hub.receive(player.conn, message)
        await delivered(hub)
        said = player.messages[count:]
        assert said and all(m["type"] == "view" for m in said)
        if message != '{"type": "hello", "lang": "de"}':
            assert said[-1]["ok"] is False and said[-1]["announce"]
            assert any("а" <= c <= "я" for c in said[-1]["announce"].lower()), said[-1]["announce"]
        assert (room.events, room.live.game) == before
        assert player.conn in hub.connections
        await hub.settle()

    run(main())


@pytest.mark.parametrize("raw", [False, True], ids=["escaped", "raw"])
def test_a_lone_surrogate_in_a_name_is_read_as_a_replacement_and_every_reply_encodes(raw: bool) -> None:
    """Issue 23: a "\\ud800" typed by a player reached the store and the replies, which then
    could not be encoded as UTF-8 (the seat was refused with "something went wrong")."""

    async def main() -> None:
        hub = new_hub()
        host, guest = Device(hub, "en"), Device(hub, "fi")
        for device in (host, guest):
            await device.open()
        code = await create(host, "guild", "S", N="random", W="random")
        await guest.hello(code)
        sit = {"type": "sit", "seat": "E", "name": "Bea\ud800"}
        await guest.say(json.dumps(sit, ensure_ascii=not raw))
        assert guest.last["ok"] is not False, guest.last
        assert hub.rooms[code].players[Seat.E].name == "Bea\ufffd"
        for device in (host, guest):
            for message in device.messages:
                json.dumps(message, ensure_ascii=False).encode("utf-8")  # raises on a lone surrogate
        await hub.settle()

    run(main())


def test_back_to_the_start_asks_a_seated_player_first_and_is_apart_from_the_transfer() -> None:
    async def main() -> None:
        hub = new_hub()
        player, visitor = Device(hub, "ru"), Device(hub)
        for device in (player, visitor):
            await device.open()
        code = await create(player, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        html = player.html
        # Not right under the transfer button: the invitation lies between them.
        move, leave = html.index('data-focus-key="move"'), html.index('data-focus-key="leave"')
        assert move < html.index("mp-room-invite") < leave
        await player.say({"type": "leave"})
        said = text_of(player.html)
        assert "Уйти из-за стола?" in said and player.conn is not None and player.conn.room == code
        stay, go = {"type": "confirm", "yes": False}, {"type": "confirm", "yes": True}
        assert stay in offered(player.html) and go in offered(player.html)
        # The safe answer takes the asking button's place (and the keyboard's focus).
        assert player.html.count('data-focus-key="leave"') == 1
        await player.say(stay)
        assert player.conn.room == code and room.players[Seat.S].sockets == 1
        await player.say({"type": "leave"})
        await player.say(go)
        assert player.conn.room is None and room.players[Seat.S].sockets == 0
        # A visitor (no seat to lose) goes at once.
        await visitor.hello(code)
        await visitor.say({"type": "leave"})
        assert visitor.conn is not None and visitor.conn.room is None

    run(main())


def test_spectators_and_the_projector_see_no_hand_and_players_only_their_own() -> None:
    async def main() -> None:
        hub = new_hub()
        player, spectator, projector = Device(hub), Device(hub), Device(hub)
        for device in (player, spectator, projector):
            await device.open()
        code = await create(player, "guild", "S", N="random", E="random", W="random")
        await spectator.hello(code)
        await spectator.say({"type": "watch", "projector": False})
        await projector.hello(code, projector=True)
        room = hub.rooms[code]
        await hub.settle()
        deal = room.live.deal
        for device, shown in ((player, {Seat.S}), (spectator, set()), (projector, set())):
            html = device.html
            cards = set(check_view(html).cards)
            on_table = {c.code for _, c in deal.table} | {c.code for t in deal.tricks for c in t.cards}
            for seat in Seat:
                held = {c.code for c in deal.hand(seat)}
                assert (held <= cards) == (seat in shown) or not held, (device, seat)
                if seat not in shown:
                    assert not held & (cards - on_table)
        # Every seat is taken: the invitation is small; a seat free again, it is large.
        assert "mp-room-invite-small" in projector.html and "/rooms/qr/" in projector.html
        await player.say({"type": "free", "seat": "S"})
        assert "mp-room-invite-big" in projector.html and "mp-room-invite-small" not in projector.html
        await player.hello(code)
        await player.say({"type": "sit", "seat": "S", "name": ""})
        # The projector's page on a seated player's device (another tab) is the projector's.
        tab = Device(hub, kept=player.kept)
        await tab.open()
        await tab.hello(code, projector=True)
        assert tab.conn is not None and tab.conn.viewer.role == "projector"
        assert room.players[Seat.S].sockets == 1

    run(main())


def test_the_projector_is_a_screen_with_nothing_to_press_during_the_deal_and_after_it() -> None:
    """Decided 1: the projector shows the public table, the code and the QR code; it offers no
    button, form or record (not even on the host's device, and not the way back to the
    start), and after the deal the score only. A visitor opens it in a window of its own."""

    async def main() -> None:
        hub = new_hub()
        host = Device(hub)
        await host.open()
        code = await create(host, "guild", "S", N="random", E="random", W="random")
        projector = Device(hub, kept=host.kept)
        await projector.open()
        await projector.hello(code, projector=True)
        visitor = Device(hub, "ru")
        await visitor.open()
        await visitor.hello(code)
        link = f'href="?lang=ru&amp;room={code}&amp;view=projector" target="_blank"'
        assert link in visitor.html and '"projector":true' not in visitor.html
        room = hub.rooms[code]
        rng = random.Random(2)
        for over in (False, True):
            while over and not room.live.deal.is_over():
                await move(host, room, rng)
                await hub.settle()
            await hub.settle()
            html = projector.html
            checker = check_view(html)
            assert not checker.buttons and "<form" not in html and "<textarea" not in html, over
            assert "mp-room-invite-small" in html and "/rooms/qr/" in html
            assert "mp-room-record" not in html and "mp-room-teach" not in html
            assert ("mp-play-after" in html) is over
            assert offered(host.html), "the host's own view lost its controls"

    run(main())


def test_too_many_rooms_or_sockets_get_a_message() -> None:
    async def main() -> None:
        hub = new_hub(limits=replace(FAST, rooms=1, connections=2))
        first, second, third = Device(hub), Device(hub), Device(hub)
        await first.open()
        await second.open()
        await create(first, "guild", "S", N="random", E="random", W="random")
        await second.hello()
        await second.say({"type": "create", "r": "guild", "grace": 60})
        assert second.last["ok"] is False and "rooms" in second.last["announce"]
        third.conn = None
        from marjapussi.rooms.hub import Connection

        sent: list[str] = []

        async def send(text: str) -> None:
            sent.append(text)

        async def close() -> None:
            pass

        assert not await hub.connect(Connection(send, close))
        assert "devices" in json.loads(sent[0])["announce"]

    run(main())


def test_deal_after_deal_to_the_end_of_the_game_the_bots_reasons_and_a_new_game() -> None:
    async def main() -> None:
        hub = new_hub()
        player = Device(hub)
        await player.open()
        code = await create(player, "pagat-28", "S", N="random", E="beginner", W="random")
        room = hub.rooms[code]
        rng = random.Random(9)
        deals = 0
        while True:
            await hub.settle()
            while not room.live.deal.is_over():
                await move(player, room, rng)
                await hub.settle()
            deals += 1
            if deals == 1:  # the bots' reasons, once the deal is over: for the bots' cards only
                whys = [a for a in offered(player.html) if a["type"] == "why"]
                assert whys and all(room.live.deal.history[a["i"]][0] != Seat.S for a in whys)
                await player.say(whys[0])
                assert player.last["ok"] and "mp-play-reason" in player.html
                await player.say(
                    {
                        "type": "why",
                        "i": next(i for i, (s, _) in enumerate(room.live.deal.history) if s == Seat.S),
                    }
                )
                assert player.last["ok"] is False
            if {"type": "next"} not in offered(player.html):
                break
            await player.say({"type": "next"})
            assert len(room.live.game.done) == deals
        assert room.game_over and {"type": "again"} in offered(player.html)
        sheet = room.live.position.final
        assert sheet.over and deals == len(room.live.game.done) + 1
        seed = room.seed
        await player.say({"type": "again"})
        assert room.live.game.done == () and not room.live.deal.history and room.seed != seed
        assert player.last["announce"] == "A new game begins."

    run(main())


@pytest.mark.parametrize("site", [True, False], ids=["with-site", "own-page"])
def test_rule_links_start_at_the_site_and_a_server_without_one_names_the_rules_unlinked(site: bool) -> None:
    """With a site (``--site``) a refusal's rule and the score's rules link to the rules pages
    (the page makes ``@root@`` its own); the server's own table page has no rules pages, so
    there the rules are named without a link (a link there led to a missing page)."""

    async def main() -> None:
        hub = new_hub(rule_links=site)
        player, room = await alone_with_bots(hub, "en")
        rng = random.Random(5)
        refusals = 0
        while not room.live.deal.is_over():
            deal = room.live.deal
            if deal.phase is Phase.PLAY and deal.to_act is Seat.S:
                illegal = [c for c in deal.hand(Seat.S) if not deal.is_legal(Play(c))]
                if illegal:
                    await player.say({"type": "play", "card": illegal[0].code})
                    html = player.html
                    assert 'class="mp-play-refused"' in html and 'class="mp-rule"' in html
                    refusals += 1
            await move(player, room, rng)
            await hub.settle()
        assert refusals, "no refusal was tried"
        shown = "".join(view["html"] for view in player.views)
        assert "The deal is over" in text_of(player.html)
        if site:
            assert '<a class="mp-rule" href="@root@/en/rules/' in shown
        else:
            assert "@root@" not in shown and '<a class="mp-rule"' not in shown
            assert '<span class="mp-rule" data-rule=' in shown

    run(main())


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_a_marriage_trump_room_shows_the_familys_notes_as_the_play_page_does(lang: str) -> None:
    """The bidding's rules, then (after the bidding) the exchange or the talon, the trumps in
    force: the same notes as the Play page's, from the seat's own view."""
    from marjapussi.analysis.view import SeatView
    from marjapussi.web.table_view import family_notes

    async def main() -> None:
        hub = new_hub()
        player, room = await alone_with_bots(hub, lang, "huutopussi-marriage")
        rng = random.Random(2)
        shown = 0
        while not room.live.deal.is_over():
            deal = room.live.deal
            notes = family_notes(SeatView.of(deal, Seat.S), deal, lang)
            assert notes and notes in player.html
            shown += 1
            await move(player, room, rng)
            await hub.settle()
        assert shown > 5

    run(main())


def test_a_socket_on_the_edge_of_its_silence_does_not_spin_the_timer() -> None:
    """Where ``now - seen`` falls a hair under the silence allowed while ``seen + silence`` is
    already ``now`` (floating point), the timer found the socket neither silent nor due a ping,
    put it back due at ``now``, took it again, and never returned: the hub hung (the bench's
    memory step did, on its hand-moved clock). The timer runs in a thread here, so that a
    relapse fails this test instead of hanging the run."""
    seen, now = 238.3746751620238, 283.3746751620238
    assert now - seen < 45.0 and seen + 45.0 <= now  # the edge itself
    results: list[object] = []

    async def main() -> None:
        clock = ManualClock(seen)
        hub = new_hub(clock=clock, limits=replace(FAST, heartbeat_s=15.0, silent_s=45.0))
        device = Device(hub)
        await device.open()
        await device.hello()
        clock.advance(30.0)
        await hub.run_due()  # a ping
        await delivered(hub)
        assert {"type": "ping"} in device.messages
        clock.time = now
        await hub.run_due()
        results.append(device.closed and device.conn not in hub.connections)  # silent 45 s: dropped

    def timer_thread() -> None:
        try:
            run(main())
        except BaseException as error:  # shown by the assertion below
            results.append(error)

    timer = threading.Thread(target=timer_thread, daemon=True)
    timer.start()
    timer.join(120)  # a bound for a hang only: the timer takes milliseconds
    assert not timer.is_alive(), "the hub's timer spun on a socket at the edge of its silence"
    assert results == [True], results
