"""A club night's director's tools and screens (issue 31, Decided 6, 7 and 10): a bot put in an
away player's seat and the seat given back, the director's take-back at a table noted in the
results, the time left that ticks on every screen, the end of a round's time, each player's
own records, and what each screen's reader is told."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from marjapussi.escaping import escape
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.evening_texts import et
from marjapussi.rooms.server import TableConfig, create_app
from marjapussi.rooms.texts import rt

from .evening_kit import (
    LANGS,
    NAMES,
    club_hub,
    device,
    heartbeats,
    join,
    new_evening,
    offered_types,
    play_round_boards,
    start_round,
)
from .kit import FAST, Device, alone_with_bots, delivered, move, offered, run


@pytest.mark.parametrize("lang", LANGS)
def test_the_director_puts_a_bot_in_an_away_players_seat_and_gives_it_back(tmp_path: Path, lang: str) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = club_hub(db)
        director, code = await new_evening(hub, lang)
        phones = [await join(hub, code, name, lang) for name in NAMES[:4]]
        evening = await start_round(hub, director, code)
        room = hub.rooms[evening.tables[0].room]
        anna = next(s for s, p in room.players.items() if p.name == "Anna")
        put = {"type": "evening-do", "what": "bot", "table": 1, "seat": anna.name, "on": True}
        assert put not in offered(director.html)  # Anna is here: no bot is offered
        await phones[0].drop()
        assert put in offered(director.html)
        await director.say(put)
        assert director.last["announce"] == et("bot-put", lang, name="Anna")
        assert {"e": "bot", "seat": anna.name, "on": True} in hub.store.events(room.code)
        assert room.controller(anna, hub.clock.now()) == "stand-in"
        await hub.settle()  # the bot plays Anna's turns
        # Anna's phone comes back: at the table, told a bot plays for her, her seat still the bot's
        back = Device(hub, lang, kept=phones[0].kept)
        await back.open()
        await back.hello(code)
        assert back.conn is not None and back.conn.viewer.role == "seat"
        assert escape(et("bot-for-you", lang)) in back.html
        assert {"type": "evening-seat"} in offered(back.html)
        assert room.controller(anna, hub.clock.now()) == "stand-in"
        give = {**put, "on": False}
        assert give in offered(director.html)  # she is back: the seat may be given back
        # a restart: the bot is still in her seat
        again = club_hub(db)
        again.load()
        assert again.rooms[room.code].bot_seats == {anna}
        await director.say(put)
        assert director.last["announce"] == rt("refuse:evening-bot-on", lang)
        await back.say({"type": "evening-seat"})  # she takes her seat back by herself
        assert room.controller(anna, hub.clock.now()) == "person"
        assert escape(et("bot-for-you", lang)) not in back.html
        assert give not in offered(director.html)
        await phones[1].say(put)
        assert phones[1].last["announce"] == rt("refuse:evening-not-director", lang)

    run(main())


@pytest.mark.parametrize("lang", LANGS)
def test_the_directors_take_back_at_a_table_is_noted_in_the_results(tmp_path: Path, lang: str) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = club_hub(db)
        director, code = await new_evening(hub, lang, rounds=1, boards=1)
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        room = hub.rooms[evening.tables[1].room]
        await director.say({"type": "evening-do", "what": "watch", "table": 2})
        assert director.conn is not None and director.conn.room == room.code and director.conn.viewer.host
        # of the teacher's tools, only the bots' pause and the take-back (and the way back)
        rng = random.Random(6)
        at_two = [p for p in phones if p.conn is not None and p.conn.room == room.code]
        for _ in range(4):
            mover = next(p for p in at_two if p.conn is not None and room.live.to_act() == p.conn.viewer.seat)
            await move(mover, room, rng)
        tools = set(offered_types(director.html))
        assert {"pause", "back", "evening-view"} <= tools and 'data-focus-key="rewind-go"' in director.html
        assert not tools & {"hint", "comment", "position", "nextby", "free", "hands"}
        await director.say({"type": "back"})
        await director.say({"type": "rewind", "n": 1})
        assert evening.rewinds == {(1, 2, 1): 3}
        await play_round_boards(hub, phones, rng)
        assert evening.round_over
        note = escape(et("rewound-note", lang, t=2, n=1, m=3))
        for phone in phones:
            assert note in phone.html, phone.html
        assert note in wall.html
        await director.say({"type": "back"})  # the deal is over: its result is the evening's
        assert director.last["announce"] == rt("refuse:evening-rewind-over", lang)
        await director.say({"type": "evening-view"})
        assert 'data-role="evening-director"' in director.html and note in director.html
        with TestClient(create_app(TableConfig(db=str(db), clock=ManualClock(), run_timer=False))) as client:
            csv_text = client.get(f"/evening/{code}/results.csv?lang={lang}").text
            assert et("rewound-note", lang, t=2, n=1, m=3) in csv_text
            assert note in client.get(f"/evening/{code}/print?lang={lang}").text

    run(main())


@pytest.mark.parametrize("lang", LANGS)
def test_the_time_left_ticks_on_every_screen_without_a_reload(lang: str) -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = club_hub(clock=clock)
        director, code = await new_evening(hub, lang)
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, lang) for name in NAMES[:6]]  # three pairs: one sits out
        await start_round(hub, director, code)
        out = [p for p in phones if p.conn is not None and p.conn.room is None]
        assert len(out) == 2
        screens = [director, wall, *out]
        for screen in screens:
            assert escape(et("time-left", lang, t=45)) in screen.html
        await heartbeats(hub, clock, 60, [director, wall, *phones])
        for screen in screens:
            assert escape(et("time-left", lang, t=44)) in screen.html, screen.html
        await heartbeats(hub, clock, 44 * 60, [director, wall, *phones])
        for screen in screens:
            assert escape(et("time-out", lang)) in screen.html
        for screen in (director, wall):  # the round may end: where everyone sits next
            assert escape(et("next-tables", lang, n=2)) in screen.html

    run(main())


@pytest.mark.parametrize(("lang", "form"), [("fi", "deals"), ("en", "games"), ("ru", "deals")])
def test_a_phone_at_its_table_shows_the_rounds_time_left_and_an_ordinary_room_none(
    lang: str, form: str
) -> None:
    """Decided 10: the phone at its table shows the time left, sent again each minute with the
    evening's other screens, and that the time is up once it is; a room of its own shows none."""

    async def main() -> None:
        clock = ManualClock()
        hub = club_hub(clock=clock)
        director, code = await new_evening(hub, lang, form=form, boards=0 if form == "games" else 2)
        phones = [await join(hub, code, name, lang) for name in NAMES[:4]]
        await start_round(hub, director, code)
        for phone in phones:
            assert phone.conn is not None and phone.conn.viewer.role == "seat"
            assert 'data-evening="1"' in phone.html
            assert escape(et("time-left", lang, t=45)) in phone.html
        await heartbeats(hub, clock, 60, [director, *phones])
        for phone in phones:
            assert escape(et("time-left", lang, t=44)) in phone.html, phone.html
            assert escape(et("time-left", lang, t=45)) not in phone.html
        await heartbeats(hub, clock, 44 * 60, [director, *phones])
        for phone in phones:  # the deal in play goes on, and its phones are told the time is up
            assert phone.conn is not None and phone.conn.viewer.role == "seat"
            assert escape(et("time-out", lang)) in phone.html
        player, room = await alone_with_bots(hub, lang)
        assert not room.evening and "mp-evening-time" not in player.html
        assert "data-evening" not in player.html

    run(main())


def test_a_games_rounds_time_ends_its_games_once_the_deal_in_play_is_finished() -> None:
    """Decided 6: when a round's time runs out, the deal in play is played to its end and the
    game ends there (its result from the deals played)."""

    async def main() -> None:
        clock = ManualClock()
        hub = club_hub(clock=clock)
        director, code = await new_evening(hub, rounds=1, boards=0, form="games")
        phones = [await join(hub, code, name) for name in NAMES[:4]]
        evening = await start_round(hub, director, code)
        room = hub.rooms[evening.tables[0].room]
        rng = random.Random(9)

        async def one_move() -> None:
            mover = next(p for p in phones if p.conn is not None and room.live.to_act() == p.conn.viewer.seat)
            await move(mover, room, rng)
            await hub.settle()
            await delivered(hub)

        for _ in range(3):
            await one_move()
        await heartbeats(hub, clock, 45 * 60, [director, *phones])
        assert escape(et("time-out", "en")) in director.html
        assert not evening.games and not room.live.deal.is_over()  # the deal in play goes on
        while not evening.games:
            await one_move()
        assert room.live.deal.is_over() and not room.live.game.done  # one deal: the game ends there
        for phone in phones:
            assert phone.conn is not None and phone.conn.room is None
            assert "mp-evening-standings" in phone.html

    run(main())


def test_each_player_gets_links_to_the_records_of_their_own_tables_only_once_the_round_is_over(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = club_hub(db)
        director, code = await new_evening(hub, rounds=1, boards=2)
        phones = [await join(hub, code, name) for name in NAMES]
        evening = await start_round(hub, director, code)
        room = hub.rooms[evening.tables[0].room]
        anna = phones[0]
        assert anna.conn is not None and anna.conn.room == room.code  # Anna plays at table 1
        rng = random.Random(12)
        while not evening.finished(1, 1, 1):  # table 1 plays its first deal; table 2 has not begun
            mover = next(p for p in phones if p.conn is not None and room.live.to_act() == p.conn.viewer.seat)
            await move(mover, room, rng)
            await hub.settle()
            await delivered(hub)
        own, other = f"/evening/{code}/table/1/1.mjp", f"/evening/{code}/table/1/2.mjp"
        assert own not in anna.html
        with TestClient(create_app(TableConfig(db=str(db), clock=ManualClock(), run_timer=False))) as client:
            # a forged address: neither table's record before every table has played the deals
            assert client.get(other).status_code == 404 and client.get(own).status_code == 404
        await play_round_boards(hub, phones, rng)
        assert evening.round_over
        assert own in anna.html and other not in anna.html
        assert escape(et("your-records", "en")) in anna.html
        with TestClient(create_app(TableConfig(db=str(db), clock=ManualClock(), run_timer=False))) as client:
            from marjapussi.record import parse_record

            record = parse_record(client.get(own).text)
            assert [d.number for d in record.deals] == [1, 2]

    run(main())


def test_a_games_tables_record_holds_the_deals_of_its_game() -> None:
    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, rounds=1, boards=2, form="games")
        phones = [await join(hub, code, name) for name in NAMES[:4]]
        await start_round(hub, director, code)
        await play_round_boards(hub, phones, random.Random(4))
        evening = hub.evenings[code]
        assert evening.round_over
        from marjapussi.record import parse_record

        record = parse_record(hub.table_record(evening, 1, 1) or "")
        assert [d.number for d in record.deals] == [1, 2]
        assert f"/evening/{code}/table/1/1.mjp" in phones[0].html

    run(main())


BIG = [f"{NAMES[i % 8]} {10 + i // 8}" for i in range(60)]
"""Sixty players' names, none inside another."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_wall_screen_pages_a_big_field_by_itself(lang: str) -> None:
    """Thirty pairs: fifteen tables, then thirty rows of standings; the wall screen shows a page
    at a time, turned by the server every PAGE_S seconds, and every table and pair is on a page."""

    async def main() -> None:
        from marjapussi.rooms.evening_views import PAGE_S, wall_page, wall_pages

        clock = ManualClock()
        hub = club_hub(clock=clock)
        director, code = await new_evening(hub, lang, rounds=1, boards=1)
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, lang) for name in BIG]
        evening = await start_round(hub, director, code)
        assert len(evening.tables) == 15 and wall_pages(evening) == 3
        devices = [director, wall, *phones]

        async def every_page(pages: int) -> list[str]:
            shown = []
            for _ in range(pages):
                page = wall_page(evening, hub.wall())  # the pages turn on the wall clock
                assert escape(et("page-n", lang, n=page + 1, of=pages)) in wall.html
                shown.append(wall.html)
                clock.advance(PAGE_S - hub.wall() % PAGE_S + 0.5)  # just past the next page's time
                for dev in devices:
                    await dev.say({"type": "pong"})
                await hub.run_due()
                await delivered(hub)
                assert wall_page(evening, hub.wall()) == (page + 1) % pages
            return shown

        pages = await every_page(3)
        for number in range(1, 16):
            assert sum(escape(et("table-n", lang, n=number)) + "<" in html for html in pages) == 1
        for table in evening.tables:  # the director gives every table's deal a result
            await director.say({"type": "evening-do", "what": "correct", "round": 1, "table": table.number,
                                "board": 1, "ns": 50, "ew": 50, "share": True, "note": "x"})  # fmt: skip
        assert evening.round_over and len(evening.standings()) == 30
        pages = await every_page(wall_pages(evening))
        for name in BIG:
            assert any(name in html for html in pages), name
        assert all(not m.get("announce") for m in wall.messages if m.get("type") == "view")

    run(main())


def test_a_server_given_a_shorter_page_turns_the_wall_screens_pages_that_often() -> None:
    """``Limits.wall_page_s`` is the wall screen's page period, read by the server's turning and
    by the view alike (a test's server turns its pages faster than a club's: the same behaviour
    without twelve seconds of waiting a page)."""

    async def main() -> None:
        from marjapussi.rooms.evening_views import PAGE_S, wall_page, wall_pages

        period = 5.0
        assert period < PAGE_S
        clock = ManualClock()
        hub = club_hub(clock=clock, limits=replace(FAST, wall_page_s=period))
        director, code = await new_evening(hub, "en", rounds=1, boards=1)
        wall = await device(hub, "en")
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, "en") for name in BIG[:24]]  # six tables: two pages
        await director.say({"type": "evening-do", "what": "round"})
        await hub.settle()
        evening = hub.evenings[code]
        assert wall_pages(evening) == 2
        for _ in range(3):
            page = wall_page(evening, hub.wall(), period)
            assert et("page-n", "en", n=page + 1, of=2) in wall.html
            clock.advance(period - hub.wall() % period + 0.5)  # just past the next page's time
            for dev in (director, wall, *phones):
                await dev.say({"type": "pong"})
            await hub.run_due()
            await delivered(hub)
            assert wall_page(evening, hub.wall(), period) == 1 - page
            assert et("page-n", "en", n=2 - page, of=2) in wall.html

    run(main())


def test_a_wall_screen_that_comes_in_wakes_the_servers_timer_to_turn_its_pages() -> None:
    """The server's timer sleeps until its next due work; a wall screen that says hello wakes
    it, so that its pages start turning at once (it turned them only once a heartbeat or a
    table's move woke the timer, up to fifteen seconds late)."""

    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, "en", rounds=1, boards=1)
        phones = [await join(hub, code, name, "en") for name in BIG[:24]]  # six tables: two pages
        await director.say({"type": "evening-do", "what": "round"})
        await hub.settle()
        timer = asyncio.ensure_future(hub.serve())

        async def asleep() -> None:
            """Until the timer has looked at what is due, and sleeps."""
            for _ in range(1000):
                if not hub.wake.is_set():
                    return
                await asyncio.sleep(0)
            raise AssertionError("the timer did not look")

        try:
            wall = await device(hub, "en")  # the socket opens (it wakes the timer: hello is due)
            await asleep()
            await wall.hello(code, projector=True)  # a moment later, it says it is the wall screen
            for _ in range(1000):  # (turns of the loop, no time: the hub's clock stands still)
                if code in hub.pages_due:
                    break
                await asyncio.sleep(0)
            assert code in hub.pages_due, "the wall screen's pages are not being turned"
        finally:
            timer.cancel()
            await asyncio.gather(timer, return_exceptions=True)
        assert len(phones) == 24

    run(main())


NAMES_TEN = [*NAMES, "Eero", "Tiina"]


@pytest.mark.parametrize("lang", LANGS)
def test_each_phone_is_told_once_where_it_sits_its_results_and_the_end_and_the_wall_nothing(
    lang: str,
) -> None:
    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, lang, rounds=1, boards=1)
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, lang) for name in NAMES_TEN]  # five pairs: one sits out
        evening = await start_round(hub, director, code)

        def said(phone: Device) -> list[str]:
            return [m["announce"] for m in phone.messages if m.get("type") == "view" and m.get("announce")]

        seated = 0
        for phone, name in zip(phones, NAMES_TEN, strict=True):
            member = next(m for m in evening.members.values() if m.name == name)
            at = evening.table_of(member)
            if at is None:
                assert said(phone).count(et("round-out", lang, r=1)) == 1
                continue
            seated += 1
            a, b = evening.pair_names(member.pair)
            side = et("side-ns" if at[1] else "side-ew", lang)
            told = et("round-you", lang, r=1, n=at[0].number, side=side, mate=b if a == name else a)
            assert said(phone).count(told) == 1, said(phone)
        assert seated == 8
        await play_round_boards(hub, phones, random.Random(3))
        for phone in phones:
            words = " | ".join(said(phone))
            assert words.count(et("results-in", lang, n=1)) == 1, words
            if phone.conn is not None and any(et("own-result", lang, n=1) in w for w in said(phone)):
                assert words.count(et("own-result", lang, n=1)) == 1
        assert sum(et("own-result", lang, n=1) in " ".join(said(p)) for p in phones) == 8
        await director.say({"type": "evening-do", "what": "end"})
        for phone in phones:
            assert said(phone).count(et("ended", lang)) == 1
        assert all(not m.get("announce") for m in wall.messages if m.get("type") == "view")

    run(main())


def empty_headers(html: str) -> list[str]:
    """The column and row headers of a screen's tables that give a screen reader no name."""
    cells = re.findall(r"<th\b[^>]*>(.*?)</th>", html, re.S)
    return [cell for cell in cells if not re.sub(r"<[^>]+>", "", cell).strip()]


@pytest.mark.parametrize("lang", LANGS)
def test_every_header_of_the_directors_and_the_wall_screens_tables_has_a_name(lang: str) -> None:
    """The tables' column of progress (and the director's tools) is named for screen readers
    (axe's ``empty-table-header``), on the director's screen and the wall screen."""

    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, lang)
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        for name in NAMES:
            await join(hub, code, name, lang)
        await start_round(hub, director, code)
        await delivered(hub)
        for screen, name in ((director, "col-progress-tools"), (wall, "col-progress")):
            assert "mp-evening-tables" in screen.html
            assert not empty_headers(screen.html), empty_headers(screen.html)
            assert f'<span class="mp-sr">{escape(et(name, lang))}</span>' in screen.html

    run(main())
