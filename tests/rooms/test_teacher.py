"""The host's tools at the teaching table (``rooms.hub``, ``rooms.room``, ``rooms.views``): the
host's own view with every hand, and the refusals for anyone else. Each tool is an event in
the store, so a server started again keeps what the teacher did.

The clock is moved by hand and the bots think at once (``kit.InlineExecutor``): nothing sleeps.
"""

from __future__ import annotations

import random
from html import unescape
from pathlib import Path

from marjapussi.cards import Seat
from marjapussi.course import exercise
from marjapussi.deal import Deal
from marjapussi.game import Game
from marjapussi.i18n import seat_name
from marjapussi.plurals import count_text
from marjapussi.randomplay import random_action
from marjapussi.record import format_record, parse_record, record_from_deal
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.hub import Hub
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.room import Room
from marjapussi.rooms.texts import rt
from marjapussi.web.table_view import hint_text, review_html

from .kit import Device, check_view, create, move, new_hub, offered, run, text_of

FORGED = "x" * 43


def hands_shown(html: str, room: Room) -> set[Seat]:
    """The seats whose cards (still in hand) a view shows."""
    cards = set(check_view(html).cards)
    deal = room.live.deal
    return {seat for seat in room.settings.seats if {c.code for c in deal.hand(seat)} <= cards}


async def teaching_room(hub: Hub, r: str = "guild") -> tuple[Device, Device, Device, str]:
    """A room made by a host without a seat, two learners (S, N), bots at E and W; the host
    watches from the host's own view."""
    host, south, north = Device(hub), Device(hub, "fi"), Device(hub, "ru")
    for device in (host, south, north):
        await device.open()
    code = await create(host, r, "", E="random", W="random")
    for device, seat in ((south, "S"), (north, "N")):
        await device.hello(code)
        await device.say({"type": "sit", "seat": seat, "name": ""})
    await host.say({"type": "watch", "projector": False})
    return host, south, north, code


async def paused_room(hub: Hub) -> tuple[Device, Device, Device, Room]:
    """A teaching room (``teaching_room``) whose bots the host has paused."""
    host, south, north, code = await teaching_room(hub)
    await host.say({"type": "pause", "on": True})
    return host, south, north, hub.rooms[code]


def test_the_hosts_own_view_shows_every_hand_and_no_one_elses_does() -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await hub.settle()
        assert hands_shown(host.html, room) == set(room.settings.seats)
        assert "every hand" in text_of(host.html)
        assert hands_shown(south.html, room) == {Seat.S}
        assert hands_shown(north.html, room) == {Seat.N}
        # The projector on the host's own device is public; a spectator sees no hand.
        projector, spectator = Device(hub, kept=host.kept), Device(hub)
        for device in (projector, spectator):
            await device.open()
        await projector.hello(code, projector=True)
        await spectator.hello(code)
        assert "The host's view" not in text_of(spectator.html)
        await spectator.say({"type": "watch", "projector": False})
        assert hands_shown(projector.html, room) == set() == hands_shown(spectator.html, room)
        # A forged host token is no host's: no hand, no tools.
        forged = Device(hub, kept={code: {"host": FORGED}})
        await forged.open()
        await forged.hello(code)
        await forged.say({"type": "watch", "projector": False})
        assert hands_shown(forged.html, room) == set() and "mp-room-teach" not in forged.html
        # A host token sent by a seated learner's device changes nothing either.
        await south.say({"type": "hands"})
        assert south.last == {"type": "view", "ok": False, "announce": "Sen voi tehdä vain huoneen isäntä."}
        assert hands_shown(south.html, room) == {Seat.S}

    run(main())


def test_a_seated_host_plays_along_with_the_own_hand_and_may_show_every_hand() -> None:
    async def main() -> None:
        hub = new_hub()
        host = Device(hub)
        await host.open()
        code = await create(host, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        await hub.settle()
        assert hands_shown(host.html, room) == {Seat.S}
        assert {"type": "hands"} in offered(host.html)
        await host.say({"type": "hands"})
        assert hands_shown(host.html, room) == set(room.settings.seats)
        assert host.last["announce"] == "You now see every hand."
        await host.say({"type": "hands"})
        assert hands_shown(host.html, room) == {Seat.S}

    run(main())


def test_the_host_token_survives_a_restart(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, _south, _north, code = await teaching_room(hub)
        await hub.settle()
        again = new_hub(db)
        assert again.load() == 1
        back = Device(again, kept=host.kept)
        await back.open()
        await back.hello(code)
        # The host's own view comes back by itself, tools and every hand, as a seat does.
        assert back.html.count('data-role="spectator"') == 1 and "mp-room-teach" in back.html
        assert hands_shown(back.html, again.rooms[code]) == set(again.rooms[code].settings.seats)

    run(main())


def test_the_hosts_view_and_every_hand_come_back_after_a_reload() -> None:
    async def main() -> None:
        hub = new_hub()
        host, _south, _north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await hub.settle()
        await host.drop()
        again = Device(hub, kept=host.kept)
        await again.open()
        await again.hello(code)
        assert 'data-role="spectator"' in again.html and "mp-room-teach" in again.html
        assert hands_shown(again.html, room) == set(room.settings.seats)
        # A seated host's "Show every hand" is kept on the device too.
        seated = Device(hub)
        await seated.open()
        code = await create(seated, "guild", "S", N="random", E="random", W="random")
        room = hub.rooms[code]
        await hub.settle()
        await seated.say({"type": "hands"})
        await seated.drop()
        back = Device(hub, kept=seated.kept)
        await back.open()
        await back.hello(code)
        assert 'data-role="seat"' in back.html
        assert hands_shown(back.html, room) == set(room.settings.seats)
        await back.say({"type": "hands"})
        assert hands_shown(back.html, room) == {Seat.S}
        assert back.kept[code]["hands"] is False

    run(main())


async def play_to(hub: Hub, room: Room, people: dict[Seat, Device], count: int, seed: int = 3) -> None:
    """The learners play (seeded random legal moves, through their views' controls) and the bots
    answer until the deal holds ``count`` actions (or is over, or waits for a paused bot)."""
    rng = random.Random(seed)
    await hub.settle()
    deal = room.live.deal
    while len(deal.history) < count and not deal.is_over() and deal.to_act in people:
        await move(people[room.live.deal.to_act], room, rng)
        await hub.settle()


def test_the_host_takes_back_the_last_move_or_rewinds_and_every_screen_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, 12)
        count = len(room.live.deal.history)
        before = room.live.deal.history[: count - 1]
        assert {"type": "back"} in offered(host.html)
        await host.say({"type": "back"})
        assert room.live.deal.history == before
        said = {
            "fi": "Isäntä perui 1 siirron",
            "en": "The host took back 1 move",
            "ru": "Ведущий отменил 1 ход",
        }
        for device in (host, south, north):
            assert device.last["announce"].startswith(said[device.lang]), device.last
            assert said[device.lang] in text_of(device.html)
        # Any earlier move: the whole table goes back to before it.
        await hub.settle()
        count = len(room.live.deal.history)
        await host.say({"type": "rewind", "n": 2})
        assert len(room.live.deal.history) == 2
        assert f"Ведущий отменил {count - 2} " in north.last["announce"]
        # The learner at the table plays on from there; the note goes with the next move.
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, len(room.live.deal.history) + 1)
        assert "mp-room-notice" not in south.html
        # A restart keeps what the host did.
        kept = room.live.game
        again = new_hub(db)
        again.load()
        assert again.rooms[code].live.game == kept

    run(main())


def test_a_take_back_is_refused_for_a_learner_a_forged_host_and_a_bad_target(tmp_path: Path) -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, 6)
        kept = room.live.game
        events = room.events
        await south.say({"type": "back"})
        assert south.last["announce"] == "Sen voi tehdä vain huoneen isäntä."
        await north.say({"type": "rewind", "n": 0})
        forged = Device(hub, kept={code: {"host": FORGED}})
        await forged.open()
        await forged.hello(code)
        await forged.say({"type": "rewind", "n": 0})
        assert forged.last["ok"] is False and "host" in forged.last["announce"]
        for n in (len(room.live.deal.history), 199, -1, "x"):
            await host.say({"type": "rewind", "n": n})
            assert host.last["ok"] is False, n
        assert host.last["announce"] == "The server could not read that message."
        await host.say({"type": "rewind", "n": len(room.live.deal.history)})
        assert host.last["announce"] == "The deal has no such move to go back to."
        assert room.live.game == kept and room.events == events

    run(main())


def test_the_host_pauses_and_resumes_the_bots_and_a_restart_keeps_the_pause(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, room = await paused_room(hub)
        code = room.code
        assert room.paused and south.last["announce"] == "Isäntä pysäytti botit."
        assert north.last["announce"] == "Ведущий остановил ботов."
        # The learners play on; the bots wait at their turn.
        people = {Seat.S: south, Seat.N: north}
        await play_to(hub, room, people, 40)
        waiting = len(room.live.deal.history)
        assert room.live.deal.to_act in (Seat.E, Seat.W)
        assert 'data-turn="paused"' in south.html and "pysäyttänyt botit" in text_of(south.html)
        await host.say({"type": "pause", "on": True})
        assert host.last == {"type": "view", "ok": False, "announce": "The bots are paused already."}
        await south.say({"type": "pause", "on": False})
        assert not south.last["ok"] and room.paused
        # A restart keeps the pause.
        again = new_hub(db)
        again.load()
        assert again.rooms[code].paused
        await again.settle()
        assert len(again.rooms[code].live.deal.history) == waiting
        # Resumed: the bot plays its card.
        await host.say({"type": "pause", "on": False})
        assert not room.paused and host.last["announce"] == "The bots play again."
        await hub.settle()
        assert len(room.live.deal.history) > waiting

    run(main())


def test_a_comment_of_the_host_goes_to_every_screen_and_into_the_deals_record(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        projector = Device(hub)
        await projector.open()
        await projector.hello(code, projector=True)
        await host.say({"type": "comment", "text": "Watch the trumps {now}."})
        people = {Seat.S: south, Seat.N: north}
        await play_to(hub, room, people, 5)
        at = len(room.live.deal.history)
        await host.say({"type": "comment", "text": "  Who\nholds the ace?  "})
        for device, said in ((south, "Isäntä: "), (north, "Ведущий: "), (projector, "The host: ")):
            assert device.last["announce"] == said + "Who holds the ace?"
            assert "Watch the trumps {now}." in text_of(device.html) and "Who holds the ace?" in text_of(
                device.html
            )
        record = parse_record(room.deal_record_text())
        assert record.deals[0].comment == "Watch the trumps (now)."
        assert record.deals[0].actions[at - 1].comment == "Who holds the ace?"
        for bad, key in (("", "A comment may have 1 to 300"), ("x" * 301, "A comment may have"), (7, "")):
            await host.say({"type": "comment", "text": bad})
            assert host.last["ok"] is False and host.last["announce"].startswith(key)
        await south.say({"type": "comment", "text": "I am the host now"})
        assert south.last["announce"] == "Sen voi tehdä vain huoneen isäntä."
        assert len(room.comments) == 2
        # A restart keeps them; the record at the end of the deal carries them.
        again = new_hub(db)
        again.load()
        assert again.rooms[code].comments == room.comments
        await play_to(hub, room, people, 999)
        assert room.live.deal.is_over()
        assert "{Who holds the ace?}" in unescape(south.html)

    run(main())


def test_a_comment_on_a_move_taken_back_is_kept_on_the_last_action_left(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, room = await paused_room(hub)
        await host.say({"type": "pause", "on": False})
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, 6)
        await host.say({"type": "pause", "on": True})
        at = len(room.live.deal.history)
        await host.say({"type": "comment", "text": "Why that card?"})
        await host.say({"type": "back"})
        # Kept, on the last action left, and marked as about a move taken back, on every screen.
        assert room.comments == [(at - 1, "Why that card?", True)]
        for device, marked in ((south, "peruttuun siirtoon"), (north, "к отменённому ходу")):
            assert f"Why that card? ({marked})" in " ".join(text_of(device.html).split())
        record = parse_record(room.deal_record_text())
        owner = record.deals[0].actions[at - 2] if at > 1 else record.deals[0]
        assert owner.comment == "Why that card?"
        again = new_hub(db)
        again.load()
        assert again.rooms[room.code].comments == room.comments

    run(main())


def test_no_hint_for_a_seat_a_stand_in_plays_and_the_hosts_view_links_the_projector() -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = new_hub(clock=clock)
        host, south, north, room = await paused_room(hub)
        assert f"room={room.code}&amp;view=projector" in host.html
        await host.say({"type": "pause", "on": False})
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, 3)
        learner = room.live.deal.to_act
        assert learner in (Seat.S, Seat.N)
        await host.say({"type": "pause", "on": True})
        assert {"type": "hint"} in offered(host.html)
        # The learner's phone goes, and after the grace period a stand-in bot plays the seat.
        await (south if learner == Seat.S else north).drop()
        clock.advance(room.settings.grace + 1)
        await host.say({"type": "comment", "text": "Someone is away."})
        assert room.controller(learner, clock.now()) == "stand-in"
        assert {"type": "hint"} not in offered(host.html)
        await host.say({"type": "hint"})
        assert host.last["ok"] is False

    run(main())


def record_after(ruleset: str, seed: int, moves: int, finish: bool = False) -> tuple[str, Deal]:
    """A record of a deal of a seeded game after ``moves`` actions (or played to its end)."""
    rng = random.Random(seed)
    deal = Game.new(ruleset, seed).fresh_deal()
    while not deal.is_over() and (finish or len(deal.history) < moves):
        deal.push(random_action(deal, rng, 0.7))
    return format_record(record_from_deal(deal, 1)), deal


def test_the_host_deals_a_prepared_position_from_a_record_or_an_exercise(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, room = await paused_room(hub)
        code = room.code
        text, dealt = record_after("guild", 11, 5)
        await host.say({"type": "position", "record": text})
        deal = room.live.deal
        assert deal.initial_hands == dealt.initial_hands and deal.history == dealt.history
        assert not room.live.game.done and room.comments == []
        for device, said in (
            (south, "Isäntä jakoi valmiin asetelman"),
            (north, "Ведущий сдал готовую позицию"),
        ):
            assert device.last["announce"].startswith(said) and said in text_of(device.html)
        assert hands_shown(south.html, room) == {Seat.S}
        # An exercise of the course, under the room's rules.
        check_view(host.html)
        assert 'value="follow-1"' in host.html and 'value="pagat-1"' not in host.html
        # (Sure: the game in play is lost, which the host is asked about first: the test below.)
        await host.say({"type": "position", "exercise": "follow-1", "sure": True})
        position = exercise("follow-1").position()
        assert room.live.deal.history == position.history and room.live.deal.hands == position.hands
        # A restart deals the same position.
        kept = room.live.game
        again = new_hub(db)
        again.load()
        assert again.rooms[code].live.game == kept
        # A whole game's record is longer than any other message, and is dealt from its last deal's start.
        long_text, finished = record_after("guild", 12, 0, finish=True)
        long_text = long_text + "\n" + "{" + "a comment " * 250 + "}"
        assert len(long_text.encode()) > LIMITS.message_bytes
        await host.say({"type": "position", "record": long_text, "sure": True})
        assert host.last["ok"], host.last
        assert room.live.deal.initial_hands == finished.initial_hands and not room.live.deal.history

    run(main())


def test_a_position_that_would_end_a_game_in_play_is_asked_about_first() -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, 9)
        kept, events, moves = room.live.game, room.events, len(room.live.deal.history)
        assert moves >= 9
        # The host is asked, and told what would be lost; nothing is dealt, no one else hears.
        await host.say({"type": "position", "exercise": "follow-1"})
        said = text_of(host.html)
        assert f"the score sheet (0 deals) and the deal in progress ({moves} moves) are lost" in said
        assert room.live.game is kept and room.events == events
        yes, no = {"type": "confirm", "yes": True}, {"type": "confirm", "yes": False}
        assert offered(host.html).count(yes) == 1 and offered(host.html).count(no) == 1
        # The safe answer takes the asking control's place, so the keyboard's focus stays on it.
        assert 'data-focus-key="exercise-go"' in host.html and "Keep the game in play" in said
        assert {"type": "position", "exercise": "follow-1"} not in offered(host.html)
        assert "mp-room-confirm" not in south.html and "mp-room-confirm" not in north.html
        # "No": the tools come back and the game goes on.
        await host.say(no)
        assert "mp-room-confirm" not in host.html and room.live.game is kept
        # A learner cannot answer the host's question for the host.
        await host.say({"type": "position", "exercise": "follow-1"})
        await south.say(yes)
        assert room.live.game is kept
        # Another step drops the question unanswered; a "yes" to no question does nothing.
        await host.say({"type": "pause", "on": True})
        assert "mp-room-confirm" not in host.html
        await host.say(yes)
        assert room.live.game is kept
        # "Yes": the position is dealt, as asked.
        await host.say({"type": "position", "exercise": "follow-1"})
        await host.say(yes)
        position = exercise("follow-1").position()
        assert room.live.deal.history == position.history and not room.live.game.done
        assert "mp-room-confirm" not in host.html
        # In Russian and Finnish, with the counts in their forms.
        m = len(room.live.deal.history)
        for lang, words in (
            ("ru", f"пропадут лист счёта (0 сдач) и текущая сдача ({count_text(m, 'moves', 'ru')})"),
            ("fi", f"pistelista (0 jakoa) ja käynnissä olevan jaon {count_text(m, 'moves', 'fi')}"),
        ):
            host.lang = lang
            await host.say({"type": "lang", "lang": lang})
            await host.say({"type": "position", "exercise": "follow-1"})
            assert words in text_of(host.html), text_of(host.html)
        # A room where nothing has happened yet loses nothing: no question.
        fresh = Device(hub)
        await fresh.open()
        new_code = await create(fresh, "guild", "", N="person", E="person", W="person")
        await fresh.say({"type": "watch", "projector": False})
        text, dealt = record_after("guild", 11, 0)
        await fresh.say({"type": "position", "record": text})
        assert hub.rooms[new_code].live.deal.initial_hands == dealt.initial_hands

    run(main())


def test_a_bad_position_gets_a_translated_refusal_and_the_room_goes_on() -> None:
    async def main() -> None:
        hub = new_hub()
        host, south, _north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await hub.settle()
        kept, events = room.live.game, room.events
        text, _ = record_after("guild", 11, 5)
        first_card = text.split("1. ")[1].split()[0]
        illegal = text.replace("1. " + first_card, "1. " + first_card + " " + first_card)  # played twice
        cases = [
            ({"record": "this is not a record"}, "The position could not be dealt: "),
            ({"record": text.replace('"guild"', '"huutopussi"')}, "The position could not be dealt: "),
            ({"record": illegal}, "The position could not be dealt: "),
            ({"exercise": "pagat-1"}, "The record is played under other rules than this room's game."),
            ({"exercise": "no-such-exercise"}, "No position was given"),
            ({"record": "", "exercise": ""}, "No position was given"),
            ({"record": "x" * (LIMITS.record_bytes + 1)}, "The message was too long."),
        ]
        for fields, said in cases:
            await host.say({"type": "position", **fields})
            assert host.last["ok"] is False and host.last["announce"].startswith(said), (fields, host.last)
        await south.say({"type": "position", "exercise": "follow-1"})
        assert south.last["announce"] == "Sen voi tehdä vain huoneen isäntä."
        await south.say({"type": "comment", "text": "x" * 3000})
        assert south.last["announce"] == "Viesti oli liian pitkä."
        assert room.live.game == kept and room.events == events
        # Russian words for a refusal of the host's.
        host.lang = "ru"
        await host.say({"type": "lang", "lang": "ru"})
        await host.say({"type": "position", "record": "[Rules"})
        assert host.last["announce"].startswith("Позицию не удалось сдать: ")

    run(main())


def test_the_host_sends_the_learner_to_act_a_hint_and_only_that_learner_sees_it(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, room = await paused_room(hub)
        code = room.code
        people = {Seat.S: south, Seat.N: north}
        await play_to(hub, room, people, 0)
        if room.live.deal.to_act not in people:  # a bot leads: it plays while the host waits
            await host.say({"type": "pause", "on": False})
            await play_to(hub, room, people, 1)
            await host.say({"type": "pause", "on": True})
        learner = room.live.deal.to_act
        device, other = (south, north) if learner == Seat.S else (north, south)
        assert {"type": "hint"} in offered(host.html)
        heard = len(other.messages)
        await host.say({"type": "hint"})
        first = game_hint(room, 1, device.lang)
        assert device.last["announce"] == first and first in text_of(device.html)
        assert first not in text_of(other.html) and "mp-play-hint" not in other.html
        assert all(not m.get("announce") for m in other.messages[heard:])
        assert host.last["announce"].startswith("Hint sent to ")
        # The second hint shows the card, as on the Play page; no third.
        await host.say({"type": "hint"})
        second = game_hint(room, 2, device.lang)
        assert device.last["announce"] == second and second in text_of(device.html)
        assert {"type": "hint"} not in offered(host.html)
        await host.say({"type": "hint"})
        assert host.last["announce"] == "The player has had every hint for this move already."
        # A learner cannot ask on another's behalf; a restart keeps the hint on the learner's screen.
        await other.say({"type": "hint"})
        assert other.last["ok"] is False
        again = new_hub(db)
        again.load()
        back = Device(again, device.lang, kept=device.kept)
        await back.open()
        await back.hello(code)
        assert second in text_of(back.html)
        # The learner's move ends the hint.
        await move(device, room, random.Random(1))
        assert "mp-play-hint" not in device.html

    run(main())


def game_hint(room: Room, level: int, lang: str) -> str:
    """The hint's words as the Play page words them (the game model's ``Game.hint``)."""
    return hint_text(room.live.game.hint(level), lang)


def test_a_hint_goes_only_to_a_player_to_act() -> None:
    async def main() -> None:
        hub = new_hub()
        host = Device(hub)
        await host.open()
        code = await create(host, "guild", "", N="random", E="random", W="random")
        await host.say({"type": "watch", "projector": False})
        await hub.settle()
        assert hub.rooms[code].live.deal.to_act == Seat.S  # a free seat: no one to send it to
        assert {"type": "hint"} not in offered(host.html)
        await host.say({"type": "hint"})
        assert host.last["announce"] == "A hint goes only to a player whose turn it is."

    run(main())


def test_after_each_deal_every_player_sees_the_review_of_their_own_cards(tmp_path: Path) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = new_hub(db)
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        await play_to(hub, room, {Seat.S: south, Seat.N: north}, 999)
        assert room.live.deal.is_over()
        await hub.settle()
        assert room.reviewed is room.live.game
        for device, seat in ((south, Seat.S), (north, Seat.N)):
            html = device.html
            check_view(html)
            expected = review_html(room.live.game.review(seat), room.live.game.rules, device.lang)
            assert expected in html
        assert "mp-play-review" not in host.html
        # Started again, the server works the review out anew for the player who comes back.
        again = new_hub(db)
        again.load()
        back = Device(again, "fi", kept=south.kept)
        await back.open()
        await back.hello(code)
        await again.settle()
        assert review_html(room.live.game.review(Seat.S), room.live.game.rules, "fi") in back.html

    run(main())


def test_the_host_frees_a_lost_phones_seat_and_a_new_device_sits_there() -> None:
    """Decided 5: a player whose phone is lost gets the seat back through the host, who frees
    it; the old device's token no longer holds it, the new device sits, the game goes on."""

    async def main() -> None:
        hub = new_hub()
        host, south, north, code = await teaching_room(hub)
        room = hub.rooms[code]
        old_token = north.kept[code]["token"]
        assert 'data-action=\'{"type":"free"}\'' in host.html, "the host's view offers no seat to free"
        check_view(host.html)
        assert "mp-room-free" not in south.html and "mp-room-free" not in north.html
        # No one else may free a seat; a bot's seat or a free one is no seat to free.
        await south.say({"type": "free", "seat": "N"})
        assert south.last["ok"] is False and room.players[Seat.N].taken
        await host.say({"type": "free", "seat": "E"})
        assert host.last["ok"] is False
        await host.say({"type": "free", "seat": "N"})
        assert not room.players[Seat.N].taken
        assert north.kept[code]["token"] is None and north.conn is not None
        assert north.conn.viewer.role == "visitor" and not north.closed
        assert north.views[-1]["announce"] == rt("freed-you", "ru")
        assert south.views[-1]["announce"] == rt("freed", "fi", seat=seat_name(Seat.N, "fi"))
        assert room.seat_of_token(old_token) is None
        await host.say({"type": "free", "seat": "N"})
        assert host.last["ok"] is False
        phone = Device(hub, "en")
        await phone.open()
        await phone.hello(code)
        await phone.say({"type": "sit", "seat": "N", "name": "Uusi"})
        assert room.players[Seat.N].name == "Uusi" and phone.conn is not None
        assert phone.conn.viewer.role == "seat"
        # The store keeps it: rebuilt, the seat is the new device's, the old token holds nothing.
        rebuilt = Room.from_events(code, hub.store.rooms(since=0.0)[code])
        assert rebuilt.seat_of_token(phone.kept[code]["token"]) == Seat.N
        assert rebuilt.seat_of_token(old_token) is None

    run(main())
