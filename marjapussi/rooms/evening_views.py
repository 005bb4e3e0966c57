"""A club night's screens, as HTML: the director's, the wall screen's (the projector), a
player's phone, a visitor's (the join form), and the printable results page.

Each screen is built from the evening (``evening.Evening``) and what the hub tells of its
tables (``TableState``: the deal in play and the trick, who is away), never from a
table's cards: what a screen may show of a deal's results is decided here, by
``shown_boards`` (issue 31, Decided 7): a phone shows a deal's results once its own table
has finished that deal; the wall screen once every table has (or the round is over); the
director, who sits at no table, as each table finishes it.

>>> from marjapussi.rooms.evening import Evening
>>> e = Evening.from_events("ABCDEFGH", [Evening.created_event("guild", 7, "h")])
>>> "mp-evening-join" in visitor_view(e, "fi")
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..club import BOT_PAIR
from ..escaping import escape
from ..game import RULESETS
from ..plurals import fixed_text, number_text, signed_text
from ..web.common import button
from ..web.play_texts import pt
from .codes import shown_code
from .evening import MAX_BOARDS, MAX_ROUNDS, Evening, Member, RoundPreview
from .evening_texts import et
from .limits import LIMITS
from .texts import rt
from .views import bot_notice, minutes_to, qr_path, round_clock, select_field, submit_button

__all__ = [
    "SeatState",
    "TableState",
    "archive_rows",
    "between_rounds",
    "claim_codes",
    "create_form",
    "director_view",
    "minutes_left",
    "next_seat",
    "player_view",
    "print_page",
    "projector_view",
    "review_view",
    "rewind_note",
    "shown_boards",
    "visitor_view",
    "wall_page",
    "wall_pages",
]

MINUTES = (15, 30, 45, 60, 90, 120)


@dataclass(frozen=True)
class SeatState:
    """A player's seat at a table of the round in play: the seat (``N``, ``E``, ...), the
    player's id and name, whether the player is away (no device at the table nor at the
    evening), and whether the director put a bot in it."""

    seat: str
    member: str
    name: str
    away: bool
    bot: bool


@dataclass(frozen=True)
class TableState:
    """What the hub tells of a table of the round in play: the deal in play (0: none yet),
    its trick (from 1), whether that deal is over, the names of the players away, and its
    players' seats; ``settled``: the deal had no end at the table, the director's correction
    gave it its result (it is over, with nothing to look back at)."""

    number: int
    board: int
    trick: int
    over: bool
    away: tuple[str, ...] = ()
    seats: tuple[SeatState, ...] = ()
    settled: bool = False


# ---------------------------------------------------------------------- pieces


def _field(label: str, name: str, kind: str = "text", extra: str = "", form: str = "") -> str:
    return (
        f'<label class="mp-field">{escape(label)} <input type="{kind}" data-action-field="{name}" '
        f'data-focus-key="evening-{form}{name}"{extra}></label>'
    )


def _select(label: str, name: str, pairs: Sequence[tuple[str, str]], current: str, form: str = "") -> str:
    """The rooms' ``select_field``, its focus key the evening's (``form``: the form it is in)."""
    return select_field(name, label, pairs, current, f"evening-{form}{name}")


def _form(action: str, legend: str, body: str, cls: str) -> str:
    return (
        f"<form class=\"mp-form {cls}\" data-action='{escape(action)}'><fieldset>"
        f"<legend>{escape(legend)}</legend>{body}</fieldset></form>"
    )


def _pct(value: Fraction | None, lang: str) -> str:
    return "" if value is None else fixed_text(value, lang)


def _pair_text(evening: Evening, pair: str, lang: str) -> str:
    if pair in evening.members:  # a three-player Games table's side: a player
        return evening.members[pair].name
    if pair == BOT_PAIR:
        return f"{et('bot-player', lang)} + {et('bot-player', lang)}"
    a, b = evening.pair_names(pair)
    return f"{a} & {b}"


def _head(evening: Evening, lang: str) -> str:
    parts = [f'<p class="mp-widget-title">{escape(et("evening-n", lang, code=shown_code(evening.code)))}</p>']
    rules = pt("rules:" + evening.rules, lang)
    if evening.round:
        rules += " · " + et("round-n", lang, n=evening.round, of=evening.rounds)
    parts.append(f'<p class="mp-widget-sub">{escape(rules)}</p>')
    if evening.rules == "guild":
        parts.append(f'<p class="mp-evening-note">{escape(et("guild-note", lang))}</p>')
    return "".join(parts)


def minutes_left(evening: Evening, now: float) -> int:
    """The round in play's time left in whole minutes, rounded up (0: the time is out): the
    screens show it (its tables' too: ``views.round_clock``), and the hub sends them again as
    it changes."""
    return minutes_to(evening.round_ends, now)


def _clock(evening: Evening, now: float, lang: str) -> str:
    if not evening.round or evening.round_over:
        return ""
    return round_clock(evening.round_ends, now, lang)


def between_rounds(evening: Evening, now: float | None) -> bool:
    """Tell whether the evening is between two rounds: the round in play is over, or its time
    is (``now``: ``None``, only the first), and another round is to come."""
    if not evening.round or evening.ended or evening.round >= evening.rounds:
        return False
    return evening.round_over or (now is not None and evening.time_out(now))


def _preview_side(evening: Evening, preview: RoundPreview, side: str, lang: str) -> str:
    """A side of a table of the next round: a pair, a player, the bot pair, or a pair the round
    is to make of two players without a partner."""
    for pair, a, b in preview.new_pairs:
        if pair == side:
            return f"{evening.members[a].name} & {evening.members[b].name}"
    return _pair_text(evening, side, lang)


def _next_round(evening: Evening, lang: str, part: slice = slice(None)) -> str:
    """The next round's tables as starting it now would seat them (``Evening.next_round``),
    with what can still change them; in the Games format while a game of the round goes on,
    that they come when the games are over (their results pair the next round). ``part``:
    only those tables (a page of the wall screen's)."""
    n = evening.round + 1
    preview = evening.next_round()
    if preview is None:
        if evening.format == "games" and not evening.round_over:
            said = et("next-after-games", lang, n=n)
            return f'<p class="mp-evening-next-later">{escape(said)}</p>'
        return ""

    def names(side: str) -> str:
        return _preview_side(evening, preview, side, lang)

    rows = "".join(
        f'<tr><th scope="row">{escape(et("table-n", lang, n=table.number))}</th>'
        f"<td>{escape(names(table.ns))}</td>"
        f"<td>{escape(', '.join(names(side) for side in table.sides[1:]))}</td></tr>"
        for table in preview.tables[part]
    )
    cols = ("col-table", "col-ns", "col-ew")
    head = "".join(f'<th scope="col">{escape(et(c, lang))}</th>' for c in cols)
    out = ""
    if preview.out:
        who = ", ".join(names(side) for side in preview.out)
        said = et("next-bye" if preview.bye else "next-out", lang, who=who)
        out = f'<p class="mp-evening-next-out">{escape(said)}</p>'
    note = f'<p class="mp-evening-next-note">{escape(et("next-may-change", lang))}</p>'
    return (
        f'<table class="mp-evening-tables mp-evening-next" data-round="{n}">'
        f"<caption>{escape(et('next-tables', lang, n=n))}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{out}{note}"
    )


def _preview_names(evening: Evening, preview: RoundPreview, side: str, lang: str) -> tuple[str, str]:
    """The two names of a pair of the next round (the bot pair: a bot twice)."""
    for pair, a, b in preview.new_pairs:
        if pair == side:
            return evening.members[a].name, evening.members[b].name
    if side == BOT_PAIR:
        return (et("bot-player", lang),) * 2
    return evening.pair_names(side)


def next_seat(evening: Evening, member: Member, lang: str, now: float) -> str:
    """What a phone says between rounds, large: where its player sits in the next round (the
    table, the side, the partner and the opponents), or that the player sits out or has a
    bye, from the same preview the wall screen and the director's screen show (and the next
    round then plays unless someone joins or leaves), and that this can still change. In the
    Games format, once the player's own game is over and until every game is, that the
    tables come then; nothing during a round, after the last or once the evening is over."""
    if evening.ended or not evening.round or evening.round >= evening.rounds:
        return ""
    at = evening.table_of(member)
    own_over = at is None or evening.table_done(at[0].number)
    if not between_rounds(evening, now) and not (evening.format == "games" and own_over):
        return ""
    preview = evening.next_round()
    if preview is None:
        if evening.format == "games" and not evening.round_over:
            said = et("next-after-games", lang, n=evening.round + 1)
            return f'<p class="mp-evening-where mp-evening-next-you">{escape(said)}</p>'
        return ""
    if evening.size == 3:
        side = member.id
    else:
        side = member.pair or next((p for p, a, b in preview.new_pairs if member.id in (a, b)), "")
    table = next((t for t in preview.tables if side and side in t.sides), None)
    if table is None:
        said = et("next-you-bye" if side and side in preview.out and preview.bye else "next-you-out", lang)
    elif evening.size == 3:
        a, b = (evening.side_names(other) for other in table.sides if other != side)
        said = et("next-you-3", lang, n=table.number, a=a, b=b)
    else:
        ns = table.ns == side
        mates = _preview_names(evening, preview, side, lang)
        mate = mates[1] if mates[0] == member.name else mates[0]
        them = _preview_names(evening, preview, table.ew if ns else table.ns, lang)
        where = et("side-ns" if ns else "side-ew", lang)
        said = et("next-you", lang, n=table.number, side=where, mate=mate, a=them[0], b=them[1])
    note = et("next-may-change", lang)
    return (
        f'<p class="mp-evening-where mp-evening-next-you">{escape(said)}</p>'
        f'<p class="mp-evening-next-note">{escape(note)}</p>'
    )


def _state_line(evening: Evening, state: TableState | None, number: int, lang: str) -> str:
    if evening.table_done(number):
        return et("table-done", lang)
    if state is None or state.board == 0:
        return et("table-waits", lang)
    if state.over:
        return et("table-waits", lang)
    return f"{et('playing-board', lang, n=state.board)}, {et('trick-n', lang, n=state.trick)}"


def _seat_tools(evening: Evening, state: TableState | None, lang: str) -> str:
    """The director's tools for a table's seats: a bot in the seat of a player who is away or
    marked absent, and the seat given back once the player is here again."""
    if state is None or evening.table_done(state.number):
        return ""
    out = []
    for s in state.seats:
        member = evening.members.get(s.member)
        absent = member is not None and member.absent
        key = f"evening-bot-{state.number}-{s.seat}"
        action = {"type": "evening-do", "what": "bot", "table": state.number, "seat": s.seat}
        if s.bot and not s.away:
            out.append(button(et("do-unbot", lang, name=s.name), {**action, "on": False}, key))
        elif s.bot:
            out.append(f"<span>{escape(et('bot-for', lang, name=s.name))}</span>")
        elif s.away or absent:
            out.append(button(et("do-bot", lang, name=s.name), {**action, "on": True}, key))
    return f'<span class="mp-controls mp-evening-seats">{"".join(out)}</span>' if out else ""


def _tables(
    evening: Evening, states: dict[int, TableState], lang: str, director: bool, part: slice = slice(None)
) -> str:
    rows = []
    for table in evening.tables[part]:
        state = states.get(table.number)
        status = _state_line(evening, state, table.number, lang)
        if director and state is not None and state.away:
            status += " · " + et("away-at", lang, who=", ".join(state.away))
        tools = ""
        if director:
            go = {"type": "evening-do", "what": "watch", "table": table.number}
            watch = button(et("to-table-n", lang, n=table.number), go, f"evening-watch-{table.number}")
            tools = f' {_seat_tools(evening, state, lang)}<span class="mp-controls">{watch}</span>'
        rows.append(
            f'<tr><th scope="row">{escape(et("table-n", lang, n=table.number))}</th>'
            f"<td>{escape(_pair_text(evening, table.ns, lang))}</td>"
            f"<td>{escape(', '.join(_pair_text(evening, side, lang) for side in table.sides[1:]))}</td>"
            f'<td class="mp-evening-status">{escape(status)}{tools}</td></tr>'
        )
    last = "col-progress-tools" if director else "col-progress"  # said to screen readers only
    head = (
        f'<tr><th scope="col">{escape(et("col-table", lang))}</th>'
        f'<th scope="col">{escape(et("col-ns", lang))}'
        f'</th><th scope="col">{escape(et("col-ew", lang))}</th>'
        f'<th scope="col"><span class="mp-sr">{escape(et(last, lang))}</span></th></tr>'
    )
    caption = et("tables", lang)
    return (
        f'<table class="mp-evening-tables"><caption>{escape(caption)}</caption>'
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
    )


def shown_boards(evening: Evening, who: str, member: Member | None = None) -> list[tuple[int, int]]:
    """The (round, deal) pairs whose results a screen may show (see the module docstring):
    ``who`` is ``director``, ``projector`` or ``player`` (``member``). None in the Games
    format, where each table plays a game of its own and no two tables share a deal."""
    if evening.format != "deals":
        return []
    out = []
    for rnd in sorted(evening.history):
        plans, _ = evening.history[rnd]
        for board in range(evening.boards * (rnd - 1) + 1, evening.boards * rnd + 1):
            if who == "director":
                shown = any(evening.finished(rnd, t.number, board) for t in plans) or evening.board_done(
                    rnd, board
                )
            elif who == "player" and member is not None:
                mine = next((t for t in plans if member.pair in (t.ns, t.ew)), None)
                own = mine is not None and evening.finished(rnd, mine.number, board)
                shown = own or evening.board_done(rnd, board)
            else:
                shown = evening.board_done(rnd, board)
            if shown:
                out.append((rnd, board))
    return out


def _open_line(value: tuple[tuple[int, int] | None, str] | None, lang: str, table: int = 0) -> str:
    """An open-cards value in words: the board's own (Marjapussi: one for every table), or a
    table's (``table``: Huutopussi, its own contract's)."""
    at = "-at" if table else ""
    if value is None:
        return et("open-cards-working" + at, lang, t=table)
    points, why = value
    if points is None:
        return et("open-cards-none" + at, lang, t=table, why=et("open-why:" + why, lang))
    ns, ew = (number_text(p, lang) for p in points)  # a true minus sign
    return et("open-cards" + at, lang, t=table, ns=ns, ew=ew)


def _board_table(
    evening: Evening, rnd: int, board: int, lang: str, mine: str = "", part: slice = slice(None)
) -> str:
    """A deal's results at every table side by side (a table still playing it: says so), and
    the open-cards value under them: the board's own (Marjapussi), or each finished table's
    (Huutopussi: its own contract's), each line marked with ``data-open-cards`` (the
    board's number); ``part``: only those tables' rows (a page of the wall screen's). Built
    once a language while the evening does not change (``Evening.remember``); a phone's own
    pair's row is marked in it."""
    head, rows, foot = evening.remember(
        ("board_table", rnd, board, lang), lambda: _board_parts(evening, rnd, board, lang)
    )
    marked = ' class="mp-evening-mine"'
    shown = rows[part]
    body = "".join(f"<tr{marked if mine and mine in pairs else ''}>{row}</tr>" for pairs, _, row in shown)
    tables = {table for _, table, _ in shown}
    lines = "".join(line for table, line in foot if not table or table in tables)
    return (
        f'<table class="mp-evening-board" data-board="{board}">'
        f"<caption>{escape(et('results-of', lang, n=board))}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
        + (f"<tfoot>{lines}</tfoot>" if lines else "")
        + "</table>"
    )


def _board_parts(
    evening: Evening, rnd: int, board: int, lang: str
) -> tuple[str, list[tuple[tuple[str, str], int, str]], list[tuple[int, str]]]:
    """A deal's results table as its head, its rows (each with its pairs, for the mark of a
    phone's own, and its table) and the lines of its foot (each with its table, 0: the
    board's own) (``_board_table``)."""
    results = evening.board_results(rnd, board)
    scored = evening.scored_board(rnd, board)
    done = evening.board_done(rnd, board)
    noted = {r.table: _note(evening, r.note, (rnd, r.table, board), lang) for r in results}
    notes = any(noted.values())
    by_table = evening.values_by_table
    rows = []
    footer: list[tuple[int, str]] = []
    for r in results:
        s = scored.get(r.table)
        finished = evening.finished(rnd, r.table, board)
        if r.points is None and r.assigned is None and not done:
            points, diff = et("still-playing", lang), ""
        else:
            points = "" if r.points is None else f"{r.points[0]}–{r.points[1]}"
            diff = "" if r.score is None else signed_text(r.score, lang)
        if by_table and finished and (r.assigned is None or evening.open_value(board, r.table) is not None):
            # a table given percentages for a board it did not play has no value to wait for
            footer.append((r.table, _open_line(evening.open_value(board, r.table), lang, r.table)))
        rows.append(
            (
                (r.ns, r.ew),
                r.table,
                f'<th scope="row">{r.table}</th><td>{escape(_pair_text(evening, r.ns, lang))}</td>'
                f"<td>{escape(_pair_text(evening, r.ew, lang))}</td>"
                f"<td>{escape(points)}</td><td>{escape(diff)}</td>"
                f"<td>{_pct(s.percent[0] if s else None, lang)}</td>"
                + (f"<td>{escape(noted[r.table])}</td>" if notes else ""),
            )
        )
    cols: tuple[str, ...] = ("col-table", "col-ns", "col-ew", "col-points", "col-score", "col-percent")
    cols += ("col-note",) * notes
    head = "".join(f'<th scope="col">{escape(et(c, lang))}</th>' for c in cols)
    if not by_table:
        footer.append((0, _open_line(evening.open_value(board, 0), lang)))
    cell = f'<td colspan="{len(cols)}" class="mp-evening-open" data-open-cards="{board}">'
    return head, rows, [(table, f"<tr>{cell}{escape(line)}</td></tr>") for table, line in footer]


def rewind_note(evening: Evening, key: tuple[int, int, int], lang: str) -> str:
    """What the results say of the moves the director took back at a table's deal ("" if none)."""
    n = evening.rewinds.get(key, 0)
    return et("rewound-note", lang, t=key[1], n=key[2], m=n) if n else ""


def _note(evening: Evening, note: str, key: tuple[int, int, int], lang: str) -> str:
    """A result's note: the director's correction, then the moves taken back."""
    return "; ".join(x for x in (note, rewind_note(evening, key, lang)) if x)


def _rewind_notes(evening: Evening, lang: str, who: str = "projector", member: Member | None = None) -> str:
    """The moves the director took back, as a list: at the deals a screen may show the results
    of (``shown_boards``), or in the Games format at each table whose game is over."""
    if evening.format == "games":
        keys = [
            k for k in evening.rewinds if k[:2] in evening.games or k[0] < evening.round or evening.round_over
        ]
    else:
        shown = set(shown_boards(evening, who, member))
        keys = [k for k in evening.rewinds if (k[0], k[2]) in shown]
    if not keys:
        return ""
    items = "".join(f"<li>{escape(rewind_note(evening, key, lang))}</li>" for key in sorted(keys))
    title = f'<p class="mp-list-title">{escape(et("notes", lang))}</p>'
    return f'<div class="mp-evening-notes">{title}<ul>{items}</ul></div>'


def archive_rows(evening: Evening, lang: str) -> list[tuple[str, ...]]:
    """The archive's CSV rows (``club.csv_rows``, or the Games format's), each note with the
    moves the director took back written out in ``lang``."""
    if evening.format == "games":
        rows = evening.games_csv()
        out = [(*rows[0], "note")]
        for row in rows[1:]:
            at = (int(row[0]), int(row[1])) if row[1] else None
            said = [rewind_note(evening, key, lang) for key in sorted(evening.rewinds) if key[:2] == at]
            out.append((*row, "; ".join(said)))
        return out
    rows = evening.results_csv()  # the open-cards value beside each result
    where = rows[0].index("note")
    out = [rows[0]]
    for row in rows[1:]:
        key = (int(row[0]), int(row[1]), int(row[2]))
        out.append((*row[:where], _note(evening, row[where], key, lang), *row[where + 1 :]))
    return out


def _games_standings(evening: Evening, lang: str, part: slice = slice(None)) -> str:
    rows = evening.games_standings()[part]
    cols = ("col-rank", "col-side", "col-games", "col-wins", "col-diff")
    head = "".join(f'<th scope="col">{escape(et(c, lang))}</th>' for c in cols)
    body = "".join(
        f'<tr><td>{s.rank}</td><th scope="row">{escape(_pair_text(evening, s.entrant, lang))}</th>'
        f"<td>{s.games}</td><td>{escape(_number(s.wins, lang))}</td>"
        f"<td>{escape(_number(s.difference, lang))}</td></tr>"
        for s in rows
    )
    return (
        f'<table class="mp-evening-standings"><caption>{escape(et("standings", lang))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _number(value: Fraction, lang: str) -> str:
    return number_text(float(value), lang)  # ½ as 0,5 in Finnish and Russian; a true minus sign


def _standings(evening: Evening, lang: str, part: slice = slice(None), notes: bool = True) -> str:
    if evening.format == "games":
        return _games_standings(evening, lang, part) + (_rewind_notes(evening, lang) if notes else "")
    rows = evening.standings()
    if not rows:
        return f'<p class="mp-evening-standings-none">{escape(et("no-standings", lang))}</p>'
    rows = rows[part]
    cols = ("col-rank", "col-pair", "col-boards", "col-mean")
    head = "".join(f'<th scope="col">{escape(et(c, lang))}</th>' for c in cols)
    body = "".join(
        f'<tr><td>{s.rank}</td><th scope="row">{escape(_pair_text(evening, s.pair, lang))}</th>'
        f"<td>{s.boards}</td><td>{_pct(s.percent, lang)}</td></tr>"
        for s in rows
    )
    return (
        f'<table class="mp-evening-standings"><caption>{escape(et("standings", lang))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _invite(evening: Evening, base: str, lang: str, qr: bool = False) -> str:
    """The evening's code and link, and with ``qr`` its link as a QR code to scan (drawn by the
    room server, as a room's is)."""
    link = f"{base.rstrip('/')}/r/{evening.code}"
    code = shown_code(evening.code)
    text = f'<p class="mp-evening-invite">{escape(et("evening-code", lang, code=code, link=link))}</p>'
    if not qr:
        return text
    src = base.rstrip("/") + qr_path(evening.code)
    return (
        f'{text}<img class="mp-room-qr mp-evening-qr" src="{escape(src, quote=True)}" '
        f'alt="{escape(et("qr", lang), quote=True)}" width="240" height="240">'
    )


def _round_over_text(evening: Evening, lang: str) -> str:
    """Between rounds: the next starts when the director says; after the last: the standings
    are the evening's result."""
    key = "between" if evening.round < evening.rounds else "last-over"
    return f"<p>{escape(et(key, lang))}</p>"


def _archive(evening: Evening, lang: str, base: str) -> str:
    root = f"{base.rstrip('/')}/evening/{evening.code}"
    links = [
        f'<li><a href="{escape(root)}/results.csv" download>{escape(et("archive-csv", lang))}</a></li>',
        f'<li><a href="{escape(root)}/print?lang={lang}">{escape(et("archive-print", lang))}</a></li>',
    ]
    for rnd in sorted(evening.history):
        for table in evening.history[rnd][0]:
            label = et("archive-table", lang, r=rnd, t=table.number)
            links.append(
                f'<li><a href="{escape(root)}/table/{rnd}/{table.number}.mjp" download>'
                f"{escape(label)}</a></li>"
            )
    summary = f"<summary>{escape(et('archive', lang))}</summary>"
    return f'<details class="mp-evening-archive">{summary}<ul>{"".join(links)}</ul></details>'


# ---------------------------------------------------------------------- the screens


def create_form(lang: str) -> str:
    """The form that starts a club night (its creator is the director)."""
    rules = [(k, pt("rules:" + k, lang)) for k in RULESETS]
    formats = [(f, et("format:" + f, lang)) for f in ("deals", "games")]
    rounds = [(str(n), str(n)) for n in range(1, MAX_ROUNDS + 1)]
    boards = [(str(n), str(n)) for n in range(0, MAX_BOARDS + 1)]
    minutes = [(str(n), str(n)) for n in MINUTES]
    body = (
        _select(et("format", lang), "format", formats, "deals")
        + _select(pt("rules", lang), "r", rules, "guild")
        + _select(et("rounds", lang), "rounds", rounds, "4")
        + _select(et("deals-games", lang), "boards", boards, "2")
        + _select(et("minutes", lang), "minutes", minutes, "45")
        + '<label class="mp-field mp-check"><input type="checkbox" data-action-field="bots" checked '
        f'data-focus-key="evening-bots"> {escape(et("bots", lang))}</label>'
        + f'<p class="mp-evening-note">{escape(et("guild-note", lang))}</p>'
        + submit_button(et("create-evening", lang), "evening-create")
    )
    return f'<p class="mp-widget-sub">{escape(et("lobby-evening", lang))}</p>' + _form(
        '{"type":"evening-create"}', et("create-evening", lang), body, "mp-evening-create"
    )


def visitor_view(evening: Evening, lang: str) -> str:
    """A phone that has not joined yet: the join form (a name, a partner's name or none)."""
    if evening.ended:
        return _wrap("visitor", _head(evening, lang) + f"<p>{escape(et('ended', lang))}</p>")
    body = (
        _field(et("your-name", lang), "name", extra=' maxlength="24" autocomplete="nickname"')
        + _field(et("partner", lang), "partner", extra=' maxlength="24"')
        + submit_button(et("join-go", lang), "evening-join")
    )
    action = f'{{"type":"evening-join","evening":"{evening.code}"}}'
    claim = _field(
        et("claim-field", lang), "code", extra=' maxlength="10" autocomplete="off"', form="claim-"
    ) + submit_button(et("claim-go", lang), "evening-claim")
    claiming = f'{{"type":"evening-claim","evening":"{evening.code}"}}'
    return _wrap(
        "visitor",
        _head(evening, lang)
        + _form(action, et("join-evening", lang), body, "mp-evening-join")
        + _form(claiming, et("claim-legend", lang), claim, "mp-evening-claim-form"),
    )


def _wrap(role: str, body: str, extra: str = "") -> str:
    return f'<div class="mp-room-view mp-evening" data-role="evening-{role}"{extra}>{body}</div>'


def player_view(
    evening: Evening,
    member: Member,
    states: dict[int, TableState],
    lang: str,
    now: float,
    base: str = "",
    reviewable: frozenset[int] = frozenset(),
) -> str:
    """A player's phone between deals: the table, partner and opponents, the time left, the
    player's score card and the results of every deal the player's table has finished;
    ``reviewable``: the deals whose own review the phone offers, from the score card's row
    and under the deal's results (the hub's: its tables played them to their end)."""
    parts = [_head(evening, lang), next_seat(evening, member, lang, now)]
    at = evening.table_of(member) if evening.round else None
    if evening.ended:
        parts.append(f'<p class="mp-evening-where">{escape(et("ended", lang))}</p>')
    elif not evening.round:
        parts.append(f'<p class="mp-evening-where">{escape(et("before-first", lang))}</p>')
    elif at is None and evening.round_over:  # sat out a round that is over: what comes next
        parts.append(_round_over_text(evening, lang))
    elif at is None:
        bye = member.pair in evening.byes.get(evening.round, ()) or member.id in evening.byes.get(
            evening.round, ()
        )
        parts.append(f'<p class="mp-evening-where">{escape(et("bye" if bye else "sit-out", lang))}</p>')
        parts.append(_clock(evening, now, lang))
    elif evening.format == "games" and member.id in at[0].sides:
        table = at[0]
        a, b = (_pair_text(evening, side, lang) for side in table.sides if side != member.id)
        parts.append(_where(evening, lang, "you-at-3", n=table.number, a=a, b=b))
        parts.append(_clock(evening, now, lang))
        parts.append(_to_table_button(states.get(table.number), evening, table.number, lang))
        parts.append(_bot_notice(states.get(table.number), member, lang))
    else:
        table, ns = at
        own, other = (table.ns, table.ew) if ns else (table.ew, table.ns)
        mates = evening.pair_names(own) if own != BOT_PAIR else ("", "")
        mate = mates[1] if mates[0] == member.name else mates[0]
        names = evening.pair_names(other) if other != BOT_PAIR else (et("bot-player", lang),) * 2
        side = et("side-ns" if ns else "side-ew", lang)
        seated = {"n": table.number, "side": side, "mate": mate, "a": names[0], "b": names[1]}
        parts.append(_where(evening, lang, "you-at", **seated))
        parts.append(_clock(evening, now, lang))
        state = states.get(table.number)
        tools = []
        if evening.format == "games":
            parts.append(_to_table_button(state, evening, table.number, lang))
        elif state is not None and state.board and not state.settled:
            tools.append(button(et("to-table", lang), {"type": "evening-table"}, "evening-table"))
        left = [b for b in evening.round_boards if not evening.finished(evening.round, table.number, b)]
        if evening.format == "deals" and left and (state is None or state.over) and not evening.time_out(now):
            tools.append(
                button(
                    et("next-board", lang),
                    {"type": "evening-next"},
                    "evening-next",
                    cls="mp-button mp-primary",
                )
            )
        if tools:
            parts.append(f'<p class="mp-controls">{"".join(tools)}</p>')
        parts.append(_bot_notice(state, member, lang))
        if evening.round_over:
            parts.append(_round_over_text(evening, lang))
    parts.append(_score_card(evening, member, lang, reviewable))
    boards = shown_boards(evening, "player", member)
    for rnd, board in reversed(boards):
        parts.append(_board_table(evening, rnd, board, lang, member.pair))
        if board in reviewable:  # the player's own review, one press away
            action = {"type": "evening-review", "board": board}
            go = button(et("review-board", lang, n=board), action, f"evening-review-results-{board}")
            parts.append(f'<p class="mp-controls mp-evening-review-open">{go}</p>')
    if evening.round_over and evening.round:
        parts.append(_standings(evening, lang))
    parts.append(_own_records(evening, member, lang, base))
    return _wrap("player", "".join(parts))


def review_view(
    evening: Evening, member: Member, board: int, review: str | None, lang: str, at: str = "results"
) -> str:
    """A phone's own review of a deal its table played this evening (``review``: the review's
    HTML for the player's seat at level 3, ``views.seat_review_html``; ``None`` while it is
    being worked out), and the way back to the evening. The section takes the focus key of the
    control that opened it (``at``: ``results`` or ``card``; the reader lands on its title),
    and so does the way back (the reader lands back on the opener)."""
    rnd = (board - 1) // max(1, evening.boards) + 1
    plans = evening.history.get(rnd, ((), None))[0]
    table = next((t.number for r, t in evening.tables_of(member) if r == rnd and t in plans), 0)
    key = f"evening-review-{at}-{board}"
    # the way back has the opener's focus key too: the reader lands back on the opener
    back = button(et("back-to-evening", lang), {"type": "evening-view"}, key)
    if review is None:
        review = f'<p class="mp-room-review-wait">{escape(rt("review-wait", lang))}</p>'
    title = escape(et("review-of", lang, n=board, t=table))
    body = (
        f'<section class="mp-evening-review" data-board="{board}" tabindex="-1" '
        f'data-focus-key="{key}" aria-labelledby="mp-evening-review-title">'
        f'<h2 id="mp-evening-review-title">{title}</h2>'
        f'<p class="mp-controls">{back}</p>{review}</section>'
    )
    return _wrap("player", _head(evening, lang) + body)


def _where(evening: Evening, lang: str, key: str, **values: object) -> str:
    """Where the player sits in the round in play: large while it is played; once it is over,
    small, under the next round's table, as the round just played (``played-at``...)."""
    if evening.round_over:
        said = et(key.replace("you-at", "played-at"), lang, r=evening.round, **values)
        return f'<p class="mp-evening-played">{escape(said)}</p>'
    return f'<p class="mp-evening-where">{escape(et(key, lang, **values))}</p>'


def _own_records(evening: Evening, member: Member, lang: str, base: str) -> str:
    """A player's links to the records of the player's own tables, each once its round is over
    (``Evening.record_ready``: no one fetches a deal before their own table has played it)."""
    root = f"{base.rstrip('/')}/evening/{evening.code}/table"
    links = [
        f'<li><a href="{escape(root)}/{rnd}/{table.number}.mjp" download>'
        f"{escape(et('archive-table', lang, r=rnd, t=table.number))}</a></li>"
        for rnd, table in evening.tables_of(member)
        if evening.record_ready(rnd, table.number)
    ]
    if not links:
        return ""
    title = f'<p class="mp-list-title">{escape(et("your-records", lang))}</p>'
    return f'<div class="mp-evening-records">{title}<ul>{"".join(links)}</ul></div>'


def _bot_notice(state: TableState | None, member: Member, lang: str) -> str:
    if state is None or not any(s.member == member.id and s.bot for s in state.seats):
        return ""
    return bot_notice(lang)


def _to_table_button(state: TableState | None, evening: Evening, table: int, lang: str) -> str:
    """A Games player's way back to the table while its game is on."""
    if evening.table_done(table) or state is None:
        return ""
    back = button(et("to-table", lang), {"type": "evening-table"}, "evening-table")
    return f'<p class="mp-controls">{back}</p>'


def _games_card(evening: Evening, member: Member, lang: str) -> str:
    """A Games player's own games: the round, the table, won, drawn or lost (or a bye), and
    the points, the player's side first."""
    me = member.id if evening.size == 3 else member.pair
    rows = []
    for (rnd, table), game in sorted(evening.games.items()):
        if me not in game.sides:
            continue
        i = game.sides.index(me)
        win = game.wins[i]
        outcome = et("game-won" if win == 1 else "game-drawn" if win else "game-lost", lang)
        others = [s for s in game.sides if s != me]
        points = "–".join(
            number_text(p, lang)
            for p in (game.points[i], *(game.points[game.sides.index(s)] for s in others))
        )
        against = ", ".join(evening.side_names(s) for s in others)
        rows.append(
            f'<tr><th scope="row">{escape(et("round-short", lang, n=rnd))}</th>'
            f"<td>{escape(et('table-n', lang, n=table))}</td><td>{escape(against)}</td>"
            f"<td>{escape(outcome)}</td><td>{escape(points)}</td></tr>"
        )
    for rnd, byes in sorted(evening.byes.items()):
        if me in byes:
            rows.append(
                f'<tr><th scope="row">{escape(et("round-short", lang, n=rnd))}</th>'
                f'<td colspan="4">{escape(et("game-bye", lang))}</td></tr>'
            )
    if not rows:
        return f'<p class="mp-evening-card-none">{escape(et("no-games-card", lang))}</p>'
    return (
        f'<table class="mp-evening-card"><caption>{escape(et("your-card", lang))}</caption>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _score_card(evening: Evening, member: Member, lang: str, reviewable: frozenset[int] = frozenset()) -> str:
    """The player's own deals: the table, the points and, once compared, the percentage, and
    for each deal in ``reviewable`` the player's own review one press away (in the Games
    format: the player's games)."""
    if evening.format == "games":
        return _games_card(evening, member, lang)
    rows = []
    for rnd, board in shown_boards(evening, "player", member):
        for r in evening.board_results(rnd, board):
            if member.pair not in (r.ns, r.ew) or (r.points is None and r.assigned is None):
                continue
            ns = member.pair == r.ns
            score = "" if r.score is None else signed_text(r.score if ns else -r.score, lang)
            percent = ""
            s = evening.scored_board(rnd, board).get(r.table)
            if s is not None:
                percent = _pct(s.percent[0 if ns else 1], lang)
            go = ""
            if board in reviewable:
                action = {"type": "evening-review", "board": board, "at": "card"}
                said = et("review-board", lang, n=board)  # its whole name, the visible word first
                go = button(
                    et("review-short", lang), action, f"evening-review-card-{board}", aria_label=said
                )
            rows.append(
                f'<tr><th scope="row">{escape(et("board-n", lang, n=board))}</th>'
                f"<td>{escape(et('table-n', lang, n=r.table))}</td><td>{score}</td><td>{percent}</td>"
                f'<td class="mp-evening-card-review">{go}</td></tr>'
            )
    if not rows:
        return f'<p class="mp-evening-card-none">{escape(et("no-card", lang))}</p>'
    return (
        f'<table class="mp-evening-card"><caption>{escape(et("your-card", lang))}</caption>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


PAGE_S = LIMITS.wall_page_s
"""Seconds each page of the wall screen stays (Decided 10: at least 10), turned by the server
(``Limits.wall_page_s``: a server may be given another)."""
WALL_TABLES = 5
"""The tables of a round on one page of the wall screen (a row may take two lines at 1280 × 720)."""
WALL_STANDINGS = 12
"""The standings' rows on one page of the wall screen."""
WALL_RESULTS = 6
"""A deal's results' rows (one a table) on one page of the wall screen."""


def _pages(count: int, per: int) -> int:
    return max(1, math.ceil(count / per))


def _wall_tables(evening: Evening, now: float | None) -> tuple[str, int]:
    """What the wall screen's list of tables is (``next``: the next round's, between rounds;
    ``round``: the round in play's; nothing) and how many tables it has."""
    if evening.ended or not evening.round:
        return "", 0
    preview = evening.next_round() if between_rounds(evening, now) else None
    if preview is not None:
        return "next", len(preview.tables)
    return "round", len(evening.tables)


def _wall_lists(evening: Evening, now: float | None = None) -> tuple[int, int, str]:
    """How many pages the wall screen's tables and its side take, and what the side shows
    (``standings``, ``board`` or nothing)."""
    tables = _pages(_wall_tables(evening, now)[1], WALL_TABLES)
    if evening.round_over or evening.ended or evening.format == "games":
        count = len(evening.games_standings() if evening.format == "games" else evening.standings())
        return tables, _pages(count, WALL_STANDINGS), "standings"
    if shown_boards(evening, "projector"):
        return tables, _pages(len(evening.tables), WALL_RESULTS), "board"
    return tables, 1, ""


def wall_pages(evening: Evening, now: float | None = None) -> int:
    """How many pages the wall screen turns through at ``now`` (1: it all fits one screenful;
    ``None``: as if the round's time were not out)."""
    tables, side, _ = _wall_lists(evening, now)
    return max(tables, side)


def wall_page(evening: Evening, now: float, page_s: float = PAGE_S) -> int:
    """The page the wall screen shows at ``now`` (from 0): each stays ``page_s`` seconds, the
    same on every wall screen and after a restart."""
    return int(now // page_s) % wall_pages(evening, now)


def _part(page: int, pages: int, per: int) -> slice:
    at = page % pages
    return slice(at * per, (at + 1) * per)


def projector_view(
    evening: Evening, states: dict[int, TableState], lang: str, now: float, base: str, page_s: float = PAGE_S
) -> str:
    """The wall screen: during a round the tables and which still play, the last deal every
    table has finished; between rounds the standings and the next round's tables. What does
    not fit one screenful at 1280 × 720 is shown a page at a time, each page for ``page_s``
    seconds, turned by the server (``wall_page``), never by a reader."""
    tables, side_pages, side_shows = _wall_lists(evening, now)
    pages = max(tables, side_pages)
    page = wall_page(evening, now, page_s)
    # The QR code while people join: before the first round.
    parts = [_head(evening, lang), _invite(evening, base, lang, qr=not evening.round and not evening.ended)]
    if pages > 1:
        said = et("page-n", lang, n=page + 1, of=pages)
        parts.append(f'<p class="mp-evening-page" data-page="{page + 1}">{escape(said)}</p>')
    if evening.ended:
        parts.append(f"<p>{escape(et('ended', lang))}</p>")
    elif not evening.round:
        parts.append(f"<p>{escape(et('before-first', lang))}</p>")
    else:
        parts.append(_clock(evening, now, lang))
        shown = _part(page, tables, WALL_TABLES)
        if _wall_tables(evening, now)[0] == "next":
            parts.append(_next_round(evening, lang, shown))
        else:
            parts.append(_tables(evening, states, lang, False, shown))
            if between_rounds(evening, now):  # a game of the round goes on: the next tables wait
                parts.append(_next_round(evening, lang))
        if evening.round_over:
            parts.append(_round_over_text(evening, lang))
    main = "".join(parts)
    side = []
    if side_shows == "standings":
        side.append(_standings(evening, lang, _part(page, side_pages, WALL_STANDINGS), notes=False))
        side.append(_rewind_notes(evening, lang))
    elif side_shows == "board":
        rnd, board = shown_boards(evening, "projector")[-1]
        side.append(_board_table(evening, rnd, board, lang, part=_part(page, side_pages, WALL_RESULTS)))
    return _wrap(
        "projector",
        f'<div class="mp-room-projector-main">{main}</div>'
        f'<div class="mp-room-projector-side">{"".join(side)}</div>',
    )


def director_view(
    evening: Evening,
    states: dict[int, TableState],
    lang: str,
    now: float,
    base: str,
    shown: Sequence[tuple[str, str]] = (),
) -> str:
    """The director's screen: every table at a glance and the tools; ``shown``: the one-time
    player codes of players the director has just added, (player, code), on this screen only
    (``claim_codes``)."""
    parts = [_head(evening, lang), _invite(evening, base, lang, qr=not evening.ended)]
    parts.append(claim_codes(evening, shown, lang))
    href = f"?lang={lang}&room={evening.code}&view=projector"
    parts.append(
        f'<p class="mp-controls"><a class="mp-button" href="{escape(href)}" target="_blank" rel="noopener" '
        f'data-focus-key="evening-projector">{escape(et("projector-link", lang))}</a></p>'
    )
    if evening.round:
        parts.append(_clock(evening, now, lang))
        parts.append(_tables(evening, states, lang, director=True))
    tools = []
    if not evening.ended:
        startable = not evening.round or evening.round_over or evening.time_out(now)
        if evening.round < evening.rounds and startable:
            label = et("start-round", lang, n=evening.round + 1)
            tools.append(
                button(
                    label,
                    {"type": "evening-do", "what": "round"},
                    "evening-start-round",
                    cls="mp-button mp-primary",
                )
            )
        tools.append(button(et("end-evening", lang), {"type": "evening-do", "what": "end"}, "evening-end"))
    if between_rounds(evening, now):
        parts.append(_next_round(evening, lang))
    parts.append(f'<p class="mp-controls">{"".join(tools)}</p>')
    parts.append(evening.remember(("members", lang), lambda: _members(evening, lang)))
    if evening.round and not evening.ended and evening.format == "deals":
        parts.append(_correct_form(evening, lang))
    for rnd, board in reversed(shown_boards(evening, "director") if evening.format == "deals" else []):
        parts.append(_board_table(evening, rnd, board, lang))
    parts.append(_standings(evening, lang))
    parts.append(_archive(evening, lang, base))
    return _wrap("director", "".join(parts))


def claim_codes(evening: Evening, shown: Sequence[tuple[str, str]], lang: str) -> str:
    """The one-time player codes by which the phones of players the director has added take
    their places (each shown on the director's screen that asked for it, until a phone uses
    it; the server keeps only its hash), and how a phone uses one."""
    rows = []
    for ident, code in shown:
        member = evening.members.get(ident)
        if member is None or member.removed:
            continue
        rows.append(
            f'<p class="mp-evening-claim">{escape(et("claim-for", lang, name=member.name))} '
            f'<strong class="mp-evening-claim-code">{escape(code[:3])}-{escape(code[3:])}</strong></p>'
        )
    if not rows:
        return ""
    help_text = et("claim-help", lang, code=shown_code(evening.code))
    return f'<div class="mp-evening-claims">{"".join(rows)}<p>{escape(help_text)}</p></div>'


def _add_form(evening: Evening, lang: str) -> str:
    """The director's form that adds a player: a name, and in the partnership games a partner,
    one of the players here without one, or a second new name (neither: found later)."""
    body = _field(et("add-name", lang), "name", extra=' maxlength="24"', form="add-")
    if evening.size == 2:
        free = [(m.id, m.name) for m in evening.members.values() if not m.removed and not m.pair]
        body += _select(et("add-mate", lang), "mate", [("", et("add-mate-none", lang)), *free], "", "add-")
        body += _field(et("add-partner", lang), "partner", extra=' maxlength="24"', form="add-")
    body += submit_button(et("add-player", lang), "evening-add")
    return _form('{"type":"evening-do","what":"add"}', et("add-player", lang), body, "mp-evening-add")


def _members(evening: Evening, lang: str) -> str:
    present = [m for m in evening.members.values() if not m.removed]
    adding = "" if evening.ended else _add_form(evening, lang)
    if not present:
        return f"<h2>{escape(et('players', lang))}</h2><p>{escape(et('no-players', lang))}</p>{adding}"
    items = []
    for m in present:
        state = et("pair-of", lang, pair=m.pair) if m.pair else et("no-pair", lang)
        if m.absent:
            state += ", " + et("absent", lang)
        if not m.phone:
            state += ", " + et("no-phone", lang)
        tools = (
            button(
                et("do-invite", lang),
                {"type": "evening-do", "what": "invite", "id": m.id},
                f"evening-invite-{m.id}",
            )
            + button(
                et("do-absent", lang),
                {"type": "evening-do", "what": "absent", "id": m.id},
                f"evening-absent-{m.id}",
            )
            + button(
                et("do-remove", lang),
                {"type": "evening-do", "what": "remove", "id": m.id},
                f"evening-remove-{m.id}",
            )
        )
        items.append(f"<li><span>{escape(m.name)} ({escape(state)})</span> {tools}</li>")
    choices = [(m.id, m.name) for m in present]
    free = [(m.id, m.name) for m in present if not m.pair]
    forms = _form(
        '{"type":"evening-do","what":"rename"}',
        et("do-rename-go", lang),
        _select(et("pair-a", lang), "id", choices, choices[0][0], form="rename-")
        + _field(et("do-rename", lang), "name", extra=' maxlength="24"', form="rename-")
        + submit_button(et("do-rename-go", lang), "evening-rename"),
        "mp-evening-rename",
    )
    if len(free) >= 2:
        forms += _form(
            '{"type":"evening-do","what":"pair"}',
            et("do-pair", lang),
            _select(et("pair-a", lang), "id", free, free[0][0], form="pair-")
            + _select(et("pair-b", lang), "b", free, free[1][0], form="pair-")
            + submit_button(et("do-pair", lang), "evening-pair"),
            "mp-evening-pair",
        )
    return (
        f'<h2>{escape(et("players", lang))}</h2><ul class="mp-evening-members">{"".join(items)}</ul>'
        f"{adding}{forms}"
    )


def _correct_form(evening: Evening, lang: str) -> str:
    rounds = [(str(r), str(r)) for r in sorted(evening.history)]
    tables = sorted({t.number for plans, _ in evening.history.values() for t in plans})
    boards = range(1, evening.boards * evening.round + 1)
    body = (
        _select(et("correct-round", lang), "round", rounds, str(evening.round))
        + _select(et("correct-table", lang), "table", [(str(t), str(t)) for t in tables], str(tables[0]))
        + _select(et("correct-board", lang), "board", [(str(b), str(b)) for b in boards], str(boards[-1]))
        + _field(et("correct-ns", lang), "ns", "number", ' value="0"')
        + _field(et("correct-ew", lang), "ew", "number", ' value="0"')
        + '<label class="mp-field mp-check"><input type="checkbox" data-action-field="share" '
        f'data-focus-key="evening-share"> {escape(et("correct-share", lang))}</label>'
        + _field(et("correct-note", lang), "note", extra=' maxlength="200"')
        + submit_button(et("correct", lang), "evening-correct")
    )
    return _form('{"type":"evening-do","what":"correct"}', et("correct", lang), body, "mp-evening-correct")


def print_page(evening: Evening, lang: str) -> str:
    """The printable results page (A4): the standings, then every deal's results."""
    boards = "".join(
        _board_table(evening, rnd, board, lang) for rnd, board in shown_boards(evening, "projector")
    )
    title = escape(et("page-title", lang))
    note = ""
    if evening.format == "deals":  # what the open-cards figures beside the results are
        note = f'<p class="mp-evening-note">{escape(et("open-cards-help", lang))}</p>'
    style = (
        "@page{size:A4;margin:15mm}body{font-family:sans-serif;font-size:11pt}"
        "table{border-collapse:collapse;margin:0 0 8mm;width:100%;page-break-inside:avoid}"
        "th,td{border:1px solid #888;padding:1mm 2mm;text-align:left}"
        "caption{text-align:left;font-weight:bold}"
    )
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{style}</style></head><body><h1>{title}</h1>"
        f"{_head(evening, lang)}{_standings(evening, lang)}{note}{boards}</body></html>"
    )
