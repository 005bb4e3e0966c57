"""Between a club night's rounds the wall screen and the director's screen show the next
round's tables (issue 31: "between rounds, the standings and the next round's tables"):
the same deals' movement from the pairs here now, or the Games format's pairing once every
game of the round is over; and the round then started seats exactly those tables when no
one has joined or left meanwhile."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from marjapussi.escaping import escape
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.evening import Evening
from marjapussi.rooms.evening_texts import et
from marjapussi.rooms.evening_views import player_view

from .evening_kit import (
    LANGS,
    NAMES,
    club_hub,
    device,
    heartbeats,
    join,
    new_evening,
    play_round_boards,
    start_round,
)
from .kit import move, run


def next_tables(html: str) -> list[tuple[str, ...]]:
    """The next round's tables a screen shows: each row's table and sides, as read."""
    found = re.search(r'<table class="mp-evening-tables mp-evening-next"[^>]*>(.*?)</table>', html, re.S)
    if found is None:
        return []
    body = found.group(1).split("<tbody>", 1)[1]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    cells = r"<t[hd][^>]*>(.*?)</t[hd]>"
    return [tuple(unescape(cell) for cell in re.findall(cells, row, re.S)) for row in rows]


def seated(evening: Evening, lang: str) -> list[tuple[str, ...]]:
    """The tables of the round in play as the screens name them: the table, North–South, the others."""
    return [
        (
            et("table-n", lang, n=t.number),
            evening.side_names(t.ns),
            ", ".join(evening.side_names(side) for side in t.sides[1:]),
        )
        for t in evening.tables
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_between_rounds_the_screens_show_the_next_tables_and_the_round_seats_them(lang: str) -> None:
    """The same deals: two latecomers join during round 1 (a pair the next round makes of
    them; five pairs, so one pair sits out); between rounds the wall screen and the director
    show the movement of round 2 from the pairs here now, saying a latecomer or an absence
    can still change it; round 2 seats exactly those tables; after the last round none."""

    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, lang, rounds=2, boards=1)
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        late = [await join(hub, code, name, lang) for name in ("Eero", "Tiina")]
        assert not next_tables(wall.html) and not next_tables(director.html)  # the round goes on
        await play_round_boards(hub, phones, random.Random(8))
        assert evening.round_over
        shown = next_tables(wall.html)
        assert shown and shown == next_tables(director.html)
        assert escape(et("next-tables", lang, n=2)) in wall.html
        for screen in (wall, director):
            assert escape(et("next-may-change", lang)) in screen.html
        out = re.search(r'<p class="mp-evening-next-out">(.*?)</p>', wall.html)
        assert out is not None
        await start_round(hub, director, code)
        assert evening.round == 2 and len(evening.tables) == 2
        assert shown == seated(evening, lang)
        sits_out = evening.history[2][1]
        assert sits_out is not None
        assert unescape(out.group(1)) == et("next-out", lang, who=evening.side_names(sits_out))
        assert any("Eero" in " ".join(row) and "Tiina" in " ".join(row) for row in shown)  # the pair made
        await play_round_boards(hub, [*phones, *late], random.Random(9))
        assert evening.round_over
        for screen in (wall, director):  # the last round: the evening's result, no next tables
            assert not next_tables(screen.html)
            assert escape(et("next-may-change", lang)) not in screen.html
        assert escape(et("last-over", lang)) in wall.html

    run(main())


@pytest.mark.parametrize("lang", LANGS)
def test_the_games_formats_next_tables_come_once_every_game_is_over_and_are_the_ones_played(
    lang: str,
) -> None:
    """Games, Swiss (four pairs, two rounds): the round's time runs out with the games' deals
    still in play; until every game is over the screens say the next tables come then; then
    they show the pairing the results make, and round 2 seats exactly those tables."""

    async def main() -> None:
        clock = ManualClock()
        hub = club_hub(clock=clock)
        director, code = await new_evening(hub, lang, rounds=2, boards=1, form="games")
        wall = await device(hub, lang)
        await wall.hello(code, projector=True)
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        room = hub.rooms[evening.tables[0].room]
        rng = random.Random(10)
        for _ in range(2):  # table 1's deal is under way
            mover = next(p for p in phones if p.conn is not None and room.live.to_act() == p.conn.viewer.seat)
            await move(mover, room, rng)
            await hub.settle()
        later = escape(et("next-after-games", lang, n=2))
        assert later not in wall.html and later not in director.html  # the round's time is not out
        await heartbeats(hub, clock, 45 * 60, [director, wall, *phones])
        assert not evening.round_over
        for screen in (wall, director):
            assert later in screen.html and not next_tables(screen.html)
        await play_round_boards(hub, phones, rng)
        assert evening.round_over and len(evening.games) == 2
        shown = next_tables(wall.html)
        assert shown and shown == next_tables(director.html) and later not in wall.html
        await start_round(hub, director, code)
        assert evening.round == 2
        assert shown == seated(evening, lang)
        first = {frozenset(t.sides) for t in evening.history[1][0]}
        assert not first & {frozenset(t.sides) for t in evening.tables}  # Swiss: no one met twice

    run(main())


def next_said(html: str) -> str:
    """What a phone says of its player's next round (empty: nothing)."""
    found = re.search(r'<p class="mp-evening-where mp-evening-next-you">(.*?)</p>', html, re.S)
    return "" if found is None else unescape(found.group(1))


def where_now(evening: Evening, member_id: str, lang: str) -> str:
    """Where a player sits in the round in play, as the phone was to say it in advance."""
    member = evening.members[member_id]
    at = evening.table_of(member)
    if at is None:
        byes = evening.byes.get(evening.round, ())
        bye = member.pair in byes or member_id in byes
        return et("next-you-bye" if bye else "next-you-out", lang)
    table, ns = at
    if member_id in table.sides:  # three players: each a side
        a, b = (evening.side_names(s) for s in table.sides if s != member_id)
        return et("next-you-3", lang, n=table.number, a=a, b=b)
    a, b = evening.pair_names(member.pair)
    mate = b if a == member.name else a
    other = table.ew if ns else table.ns
    them = evening.pair_names(other) if other != "bot-pair" else (et("bot-player", lang),) * 2
    side = et("side-ns" if ns else "side-ew", lang)
    return et("next-you", lang, n=table.number, side=side, mate=mate, a=them[0], b=them[1])


@pytest.mark.parametrize("lang", LANGS)
def test_between_rounds_every_phone_says_where_its_player_sits_next(lang: str) -> None:
    """The same deals, five pairs (a latecomer pair made between rounds): between rounds each
    phone says, large, its player's next table, side, partner and opponents, or that the
    player sits out, and that a latecomer or an absence can still change it; the round then
    started seats every player exactly so; after the last round, nothing."""

    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, lang, rounds=2, boards=1)
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        late = [await join(hub, code, name, lang) for name in ("Eero", "Tiina")]
        assert all(not next_said(p.html) for p in late)  # the round goes on
        await play_round_boards(hub, phones, random.Random(8))
        assert evening.round_over
        everyone = [*phones, *late]
        said = {}
        for phone in everyone:
            assert phone.conn is not None and phone.conn.room is None
            seen = hub.seen[phone.conn]
            said[seen.member] = next_said(phone.html)
            assert said[seen.member], phone.html
            assert escape(et("next-may-change", lang)) in phone.html
        for phone in late:  # they sat out round 1, which is over: what comes next, not "you sit out"
            assert escape(et("sit-out", lang)) not in phone.html and escape(et("between", lang)) in phone.html
        await start_round(hub, director, code)
        assert evening.round == 2
        for member, words in said.items():
            assert words == where_now(evening, member, lang)
        assert sum(words == et("next-you-out", lang) for words in said.values()) == 2  # a pair sits out
        await play_round_boards(hub, everyone, random.Random(9))
        assert evening.round_over
        for phone in everyone:
            assert not next_said(phone.html)

    run(main())


@pytest.mark.parametrize("lang", LANGS)
def test_a_games_phone_says_the_next_table_comes_when_the_games_are_over_then_says_it(lang: str) -> None:
    async def main() -> None:
        clock = ManualClock()
        hub = club_hub(clock=clock)
        director, code = await new_evening(hub, lang, rounds=2, boards=1, form="games")
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        # table 1 plays its game out; table 2 has not begun
        first = hub.rooms[evening.tables[0].room]
        at_first = [p for p in phones if p.conn is not None and p.conn.room == first.code]
        await play_round_boards(hub, at_first, random.Random(3))
        assert evening.table_done(1) and not evening.round_over
        later = et("next-after-games", lang, n=2)
        for phone in at_first:
            assert next_said(phone.html) == later
        await play_round_boards(hub, phones, random.Random(4))
        assert evening.round_over
        said = {hub.seen[p.conn].member: next_said(p.html) for p in phones if p.conn is not None}
        await start_round(hub, director, code)
        for member, words in said.items():
            assert words == where_now(evening, member, lang)

    run(main())


def played_said(html: str) -> str:
    """What a phone says, small, of the round its player has just played (empty: nothing)."""
    found = re.search(r'<p class="mp-evening-played">(.*?)</p>', html, re.S)
    return "" if found is None else unescape(found.group(1))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("form", ["deals", "games"])
def test_between_rounds_the_phone_says_the_round_just_played_small_under_the_next(
    lang: str, form: str
) -> None:
    """Between rounds only the next table is large; the table just played is said under it in
    a line of its own that names the round and says it is over (after the last round too);
    during a round the table is said large, as before."""

    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, lang, rounds=2, boards=1, form=form)
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        for rnd in (1, 2):
            table = {hub.seen[p.conn].member: where_now(evening, hub.seen[p.conn].member, lang)
                     for p in phones if p.conn is not None}  # fmt: skip
            await play_round_boards(hub, phones, random.Random(20 + rnd))
            assert evening.round_over
            for phone in phones:
                assert phone.conn is not None
                member = hub.seen[phone.conn].member
                large = re.findall(r'<p class="mp-evening-where[^"]*">(.*?)</p>', phone.html, re.S)
                if rnd == 1:
                    assert [unescape(x) for x in large] == [next_said(phone.html)], large
                else:
                    assert not large, large
                # the table just played, in the words said in advance, after "round r is over"
                where = table[member].split(": ", 1)[1]
                played = played_said(phone.html)
                assert played.endswith(where) and played != where, (played, where)
                assert str(rnd) in played.split(where)[0]
                html = phone.html
                assert html.index('class="mp-evening-played"') > html.index("mp-evening-")
                if rnd == 1:
                    assert html.index('class="mp-evening-played"') > html.index("mp-evening-next-you")
            if rnd == 1:
                await start_round(hub, director, code)
                for member in evening.members.values():  # during a round: no "just played"
                    html = player_view(evening, member, {}, lang, hub.wall())
                    now_at = where_now(evening, member.id, lang).split(": ", 1)[-1]
                    assert not played_said(html) and now_at.lower() in unescape(html).lower()

    run(main())
