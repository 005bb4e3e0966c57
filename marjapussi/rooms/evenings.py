"""The room server with club nights (issue 31): ``ClubHub`` is the hub (``hub.Hub``) and the
evenings above its rooms.

An evening (``evening.Evening``) is events under its own code in the rooms' store, written
before anyone is told, and rebuilt from them after a restart (``rebuild_room`` tells an
evening's first event from a room's). Its tables are rooms, one per table and round,
created here when the director starts a round (they count against no one's address),
each player seated by the key kept on the phone (the seat's token hash is the player's
key hash), each deal of the round dealt by a ``board`` event.

Who is who, per connection (``Seen``): the director (the evening's host key), the wall
screen (a projector's page), a player (a player's key), a visitor (the join form). A
player's phone is sent into its table's room while a deal is in play there (the table's
page, the room's own views) and back to the evening's view once the table has finished
the deal (its results, the score card); a reload comes back to the same place: a hello
with a player's key, whether to the evening's code or to the table's, is the evening's.

What each screen may see is ``evening_views.shown_boards``'s (Decided 7), and the tables
keep their own rules of what a seat sees: a connection without a key of a table (a
visitor, another table's player) is never let into it, and the teacher's tools are off
there but the rewind and freeing a seat.

A round's start and end are stored on the wall clock (``Hub.wall``), which outlives the
process, and compared with it: a server started again, its monotonic clock read from
another origin, shows the same time left. The tables' views read the monotonic clock: a
table's end is put on it when the table is made or rebuilt (``_monotonic``).

One table's trouble never stops another: each table is its own room with its own lock;
a failure after a table's action is logged and the evening goes on.

The open-cards value beside each board's results (issue 31, Decided 9) is worked out in the
bots' pool after every other job (``BotRunner.open_value``), never on the event loop, and
the results never wait for it: a screen says "being worked out" until its ``value`` event
is stored, then shows it. Marjapussi's is the board's, started when the round starts;
Huutopussi's is each table's, started once that table's first card is due (its own
contract). A value stored is never worked out again; one that was under way when the
server stopped is started again (the search is deterministic: the same figures) at the
next action of that evening's tables.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

from ..cards import Seat
from ..club import BOT_PAIR, board_deal, board_points, game_result
from ..deal import PLAYING_SEATS, Deal, Phase
from ..game import MAX_SEED, Game, code_of
from ..record import GameRecord, format_record, record_from_deal
from ..rules import Rules
from .bots import SeatReview
from .codes import new_reclaim_code, new_room_code, new_token, same_hash, token_hash
from .evening import Evening, EveningError, Member, TablePlan
from .evening_texts import et
from .evening_views import (
    SeatState,
    TableState,
    create_form,
    director_view,
    minutes_left,
    player_view,
    projector_view,
    review_view,
    visitor_view,
    wall_page,
    wall_pages,
)
from .hub import Announce, Connection, Hub
from .outbox import dumps
from .protocol import HOST_ONLY, Command, Refused
from .room import Room, RoomError, Settings
from .store import StoreError
from .views import Viewer, delta, said_to, seat_review_html

__all__ = ["ClubHub", "Seen"]

log = logging.getLogger("marjapussi.rooms")

TABLE_TOOLS = frozenset({"back", "rewind", "free", "pause"})
"""The host's tools left on at a club night's table (the director's rewind, a seat freed for
another device or a bot)."""
TABLE_GRACE = 60
CLAIM_S = 4 * 3600.0
"""Seconds a player code the director was shown stays good (an evening's length): the phone
of a player added before arriving takes the place with it on arrival."""
TURN_MARGIN_S = 0.05
"""Seconds after a round's minute turns (on the wall clock) that the screens are sent it."""
FOLLOW_S = 0.5
"""The director's and the wall screen's views follow the tables' play at most this often (a
deal's result, a round and anything the director does are told at once)."""
"""Seconds an away player's seat at a club night's table waits before a bot plays it."""


@dataclass
class Seen:
    """A connection as its evening sees it."""

    code: str
    role: str
    """``director``, ``projector``, ``player`` or ``visitor``."""
    member: str = ""
    key: str = ""
    """The player's key as the phone sent it (sent back to it as the key of each table)."""
    shown: tuple[tuple[str, str], ...] = ()
    """The director's: the one-time player codes this screen shows, (player, code), until a
    phone uses one (``evening_views.claim_codes``)."""
    review: int = 0
    """A player's: the deal whose own review the phone shows (0: the evening's view)."""
    review_at: str = "results"
    """Where the phone opened that review (``protocol.REVIEW_FROM``): the way back lands there."""
    waiting: bool = False
    """The phone was last shown its review as being worked out: its reader is told once
    that it is ready when it comes (``_review_ready``)."""


class ClubHub(Hub):
    """The hub with club nights (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.evenings: dict[str, Evening] = {}
        self.seen: dict[Connection, Seen] = {}
        self.following: dict[str, float] = {}
        """The evenings whose director and wall screen are due the tables' progress, and when."""
        self.timed_out: set[tuple[str, int]] = set()
        """The evenings' rounds whose running out of time the screens were told of."""
        self.minutes_told: dict[str, int] = {}
        """The minutes left of each evening's round in play that its screens were last told."""
        self.pages_told: dict[str, int] = {}
        """The page each evening's wall screens were last sent (``evening_views.wall_page``)."""
        self.results_told: dict[tuple[str, str], set[tuple[int, int]]] = {}
        """The deals whose results at every table each player's phone was told of (the present only)."""
        self.pages_due: dict[str, float] = {}
        """When each evening's wall screens' pages are looked at next."""
        self.valuing: set[tuple[str, int, int]] = set()
        """The open-cards values being worked out: (evening, board, table; 0: the board's own)."""
        self.board_reviews: dict[tuple[str, int], tuple[Rules, dict[Seat, SeatReview]]] = {}
        """Each deal's reviews at an evening's table that the table no longer holds: (the
        table's room, deal) → the rules and each seat's review. The present only: after a
        restart they are worked out again from the table's stored events."""
        self.board_reviewing: set[tuple[str, int]] = set()
        """The deals of ``board_reviews`` being worked out in the bots' pool."""
        self.claims: dict[str, dict[str, tuple[str, float]]] = {}
        """Each evening's player codes not used yet: player → the code's hash and until when it
        is good (the server's clock). Kept in memory only: after a restart the director gives
        new ones."""

    # ------------------------------------------------------------------ the store

    def rebuild_room(self, code: str, events: list[dict[str, Any]]) -> Room | None:
        if events and isinstance(events[0], dict) and events[0].get("e") == "evening":
            try:
                self.evenings[code] = Evening.from_events(code, events)
            except EveningError as err:
                log.warning("evening %s could not be rebuilt: %s", code, err)
            return None
        room = super().rebuild_room(code, events)
        if room is not None and room.evening and room.ends:  # stored on the wall clock
            room.ends = self._monotonic(room.ends)
        return room

    def evening(self, code: str | None) -> Evening | None:
        """The evening of a code, held or read back from the store; ``None`` if there is none."""
        if not code:
            return None
        evening = self.evenings.get(code)
        if evening is None and code not in self.rooms:
            events = self.store.events(code)
            if events and events[0].get("e") == "evening":
                self.rebuild_room(code, events)
                evening = self.evenings.get(code)
        return evening

    def _evening_store(self, evening: Evening, events: list[dict[str, Any]]) -> None:
        """Write events of an evening and apply them (the store first)."""
        for event in events:
            try:
                self.store.append(evening.code, evening.events, event, self.wall())
            except StoreError:
                log.exception("evening %s: an event could not be stored", evening.code)
                raise Refused("store-failed") from None
            evening.apply(event)

    # ------------------------------------------------------------------ the hub's steps, for evenings

    async def handle_command(self, conn: Connection, command: Command) -> None:
        kind, args = command.kind, command.args
        if kind.startswith("evening-"):
            async with self._lock("evening"):
                await self._club(conn, kind, args)
            return
        if kind == "join" and self.evening(args["room"]) is not None:
            blank = {"token": None, "host": None, "view": "", "teach": False, "hands": False}
            await self.greet(conn, {**blank, "room": args["room"], "lang": conn.viewer.lang})
            return
        if kind == "lang" and conn in self.seen and conn.room is None:
            conn.viewer.lang = args["lang"]
            await self.show_view(conn)
            return
        await super().handle_command(conn, command)

    async def greet(self, conn: Connection, args: dict[str, Any]) -> None:
        code = args["room"]
        if code is None and args["view"] == "evening":
            self.seen.pop(conn, None)
            conn.viewer.lang = args["lang"]
            await self._leave_current(conn)
            conn.viewer = Viewer(args["lang"], "evening")
            conn.last_parts = (self._create_html(args["lang"]),)  # a view of one part, sent whole
            await self._send(conn, {"type": "view", "ok": True, "parts": conn.last_parts,
                                    "announce": "", "room": None})  # fmt: skip
            return
        evening = self.evening(code)
        director = None
        if evening is None and code is not None:
            room = self.rooms.get(code) or self.find(code)
            if room is not None and room.evening and room.seat_of_token(args["token"]) is not None:
                evening = self.evening(room.evening)
            elif room is not None and room.evening and room.is_host(args["host"]):
                director = Seen(room.evening, "director", key=args["host"])  # at a table, as its host
        if evening is None:
            self.seen.pop(conn, None)
            await super().greet(conn, args)
            if director is not None and conn.room == code:
                self.seen[conn] = director
            return
        async with self._lock("evening"):
            await self._evening_hello(conn, evening, args)

    def holds_key(self, args: dict[str, Any]) -> bool:
        evening = self.evening(args.get("room"))
        if evening is None:
            return super().holds_key(args)
        return evening.member_of_key(args.get("token")) is not None or evening.is_host(args.get("host"))

    def _create_html(self, lang: str) -> str:
        return f'<div class="mp-room-view mp-evening" data-role="evening-create">{create_form(lang)}</div>'

    async def show_view(
        self, conn: Connection, announce: str = "", ok: bool = True, room_code: Any = ...
    ) -> None:
        seen = self.seen.get(conn)
        if seen is not None and conn.room is None and room_code is ...:
            evening = self.evenings.get(seen.code)
            if evening is not None:
                await self._evening_show(conn, evening, seen, announce, ok)
                return
        await super().show_view(conn, announce, ok, room_code)

    async def commit_events(
        self, room: Room, event: dict[str, Any], announce: Announce, first: Connection | None = None
    ) -> None:
        await super().commit_events(room, event, announce, first)
        if room.evening:
            self._later(self._table_moved(room))

    async def reviewed(self, room: Room) -> None:
        """A club night's table's review is worked out: a phone that shows its player's own
        review of that deal (``Seen.review``), waiting for it, is sent it."""
        evening = self.evenings.get(room.evening) if room.evening else None
        if evening is not None and room.board:
            await self._review_ready(evening, room.code, room.board)

    async def _review_ready(self, evening: Evening, code: str, board: int) -> None:
        """Deal ``board``'s review at the table ``code`` is worked out: each phone of the
        evening showing its player's own review of it is sent it, and a phone that was told
        it is being worked out has its reader told, once, that it is ready (not the review
        itself: the reader goes on where it is)."""
        async with self._lock("evening"):
            for conn, seen in list(self.seen.items()):
                if seen.code != evening.code or seen.role != "player" or seen.review != board or conn.room:
                    continue
                member = evening.members.get(seen.member)
                found = self._played_at(evening, member, board) if member is not None else None
                if found is None or found[0].room != code:
                    continue
                said = et("review-ready", conn.viewer.lang, n=board) if seen.waiting else ""
                await self._evening_show(conn, evening, seen, said)

    def admit(self, room: Room, conn: Connection) -> None:
        if room.evening:  # only the table's players (and the director) enter a club night's table
            raise Refused("evening-table")
        super().admit(room, conn)

    async def handle_in_room(self, conn: Connection, room: Room, kind: str, args: dict[str, Any]) -> None:
        if room.evening and kind in HOST_ONLY and kind not in TABLE_TOOLS:
            raise Refused("evening-table")
        if room.evening and kind in ("back", "rewind") and conn.viewer.host:
            await self._rewind(room, kind, args)
            return
        if kind in ("play", "act", "discard", "pick") and conn.viewer.seat in room.bot_seats:
            raise Refused("evening-bot-on")  # the director put a bot in the seat: it plays
        await super().handle_in_room(conn, room, kind, args)

    async def _rewind(self, room: Room, kind: str, args: dict[str, Any]) -> None:
        """The director takes back moves at a club night's table (under the table's lock): the
        evening notes how many, in the results, before the table is told. A finished deal is
        the evening's result and is not taken back."""
        deal = room.live.deal
        if deal.is_over():
            raise Refused("evening-rewind-over")
        event = room.rewind_event(len(deal.history) - 1 if kind == "back" else args["n"])
        evening = self.evenings.get(room.evening)
        if evening is not None and not evening.ended and room.round == evening.round:
            board = room.board if room.deals < 0 else len(room.live.game.done) + 1
            self._evening_store(
                evening, [evening.rewind_event(room.table, board, event["from"] - event["n"])]
            )
        await self.commit_events(room, event, self._notice_announce(room))

    async def to_lobby(self, conn: Connection, announce: str = "") -> None:
        self.seen.pop(conn, None)
        await super().to_lobby(conn, announce)

    async def disconnect(self, conn: Connection) -> None:
        seen = self.seen.pop(conn, None)
        await super().disconnect(conn)
        evening = self.evenings.get(seen.code) if seen is not None and seen.role == "player" else None
        if evening is not None:  # the director sees who is away
            await self._evening_tell(evening, roles=("director",))

    async def run_due(self) -> float | None:
        """The rooms' due work, and an evening's round running out of its time: every screen
        of the evening is told (no new deal starts; the director may start the next round)."""
        due = await super().run_due()
        now, wall = self.clock.now(), self.wall()
        times = [] if due is None else [due]
        for code, at in list(self.following.items()):
            followed = self.evenings.get(code)
            if at > now:
                times.append(at)
            elif followed is not None:
                del self.following[code]
                async with self._lock("evening"):
                    await self._evening_tell(followed, roles=("director", "projector"))
        times.extend(await self._turn_walls(now, wall))
        for evening in list(self.evenings.values()):
            if not evening.round or evening.ended or evening.round_over:
                continue
            ends = evening.round_ends  # on the wall clock, as stored
            key = (evening.code, evening.round)
            if wall < ends:
                # the time left, in whole minutes, ticks on every screen of the evening without
                # a reload: each minute its views are sent again (only those that changed go)
                left = minutes_left(evening, wall)
                # (a hair after the minute turns, so that the tables' monotonic reading, which
                # may drift from the wall clock by a little, has turned too)
                times.append(now + (ends - 60 * (left - 1) - wall) + TURN_MARGIN_S)
                if self.minutes_told.get(evening.code) != left:
                    self.minutes_told[evening.code] = left
                    async with self._lock("evening"):
                        await self._evening_tell(evening)
                    await self._tables_tell(evening)
            elif key not in self.timed_out:
                self.timed_out.add(key)
                async with self._lock("evening"):
                    if evening.format == "games":  # a table between two deals: its game ends here
                        for plan in evening.tables:
                            room = self.rooms.get(plan.room)
                            if room is not None and room.live.deal.is_over():
                                await self._game_moved(evening, room)
                    await self._evening_tell(
                        evening,
                        lambda lang: et("time-out", lang),
                        phones=lambda m, lang: et("time-out", lang),
                    )
                await self._tables_tell(evening)
        return min(times) if times else None

    async def _tables_tell(self, evening: Evening) -> None:
        """Send the connections at the tables of the round in play their views again (the time
        left has changed: only the views that changed go), each table under its own lock."""
        for plan in evening.tables:
            room = self.rooms.get(plan.room)
            if room is None:
                continue
            try:
                async with self._lock(room.code):
                    await self._broadcast(room, lambda v: "")
            except Exception:  # one table's trouble never stops another
                log.exception("evening %s: table %s could not be told the time", evening.code, room.code)

    async def _turn_walls(self, now: float, wall: float) -> list[float]:
        """Turn the page of each wall screen whose lists take more than one screenful (every
        ``Limits.wall_page_s`` seconds of the wall clock ``wall``, no reader's press; looked at once a
        page's time, whatever the lists have become); the times the next pages are due (on the
        monotonic clock, ``now``)."""
        walls = {s.code for c, s in self.seen.items() if s.role == "projector" and c.room is None}
        due = []
        for code in walls:
            at = self.pages_due.get(code, 0.0)
            evening = self.evenings.get(code)
            if evening is None:
                continue
            if at > now:
                due.append(at)
                continue
            period = self.limits.wall_page_s
            self.pages_due[code] = now + ((wall // period + 1) * period - wall)
            due.append(self.pages_due[code])
            pages = wall_pages(evening, wall)
            page = wall_page(evening, wall, period)
            if pages > 1 and self.pages_told.get(code) != page:
                self.pages_told[code] = page
                async with self._lock("evening"):
                    await self._evening_tell(evening, roles=("projector",))
        return due

    def _follow(self, evening: Evening) -> None:
        """A table moved: the director's and the wall screen's views follow within ``FOLLOW_S``
        (an action at any of many tables does not rebuild them each time)."""
        if evening.code not in self.following:
            self.following[evening.code] = self.clock.now() + FOLLOW_S
            self.wake.set()  # the timer sleeps no longer than until then

    # ------------------------------------------------------------------ evening connections

    async def _leave_current(self, conn: Connection, announce: bool = True) -> None:
        """Take a connection out of the room it is in (quietly: it goes to its evening;
        ``announce``: the room's other devices are told its seat is away)."""
        room = self.rooms.get(conn.room or "")
        if room is not None:
            async with self._lock(room.code):
                await self._leave_room(conn, room, announce=announce)
        self.place(conn, None)
        conn.keyed = False

    async def _evening_hello(self, conn: Connection, evening: Evening, args: dict[str, Any]) -> None:
        conn.viewer.lang = args["lang"]
        member = evening.member_of_key(args["token"])
        if args["view"] == "projector":
            role = "projector"
        elif evening.is_host(args["host"]):
            role = "director"
        elif member is not None:
            role = "player"
        else:
            role = "visitor"
            crowd = [c for c, s in self.seen.items() if s.code == evening.code and s.role == "visitor"]
            if conn not in self.seen and len(crowd) >= self.limits.room_connections:
                raise Refused("room-full")
        key = args["host"] if role == "director" else args["token"]
        self.seen[conn] = Seen(
            evening.code, role, member.id if member and role == "player" else "", key or ""
        )
        if role == "projector":  # its pages turn from now on (``_turn_walls``), not when the
            self.wake.set()  # timer next wakes for something else (a heartbeat, 15 s on)
        if role == "player" and member is not None and self._board_in_play(evening, member):
            await self._to_table(conn, evening, member)
        else:
            await self._to_evening(conn)
        if role == "player":  # the director sees who is back
            await self._evening_tell(evening, roles=("director",))

    async def _to_evening(self, conn: Connection, announce: str = "") -> None:
        """A connection's evening view (out of the table it was at)."""
        await self._back_to_evening(conn)
        seen = self.seen[conn]
        await self._evening_show(conn, self.evenings[seen.code], seen, announce)

    async def _back_to_evening(self, conn: Connection, announce: bool = True) -> None:
        """Take a connection out of its table to its evening (its view is to be sent)."""
        await self._leave_current(conn, announce)
        self.seen[conn].review, self.seen[conn].waiting = 0, False
        conn.keyed = self.seen[conn].role in ("director", "player")
        conn.viewer = Viewer(conn.viewer.lang, "evening")
        conn.last_parts = ()

    def _table_room(self, evening: Evening, member: Member) -> tuple[Room, Seat] | None:
        """The room of a player's table in the round in play, and the player's seat there."""
        at = evening.table_of(member)
        if at is None:
            return None
        plan, ns = at
        try:
            room = self.find(plan.room)
        except Refused:
            return None
        if room is None:
            return None
        if member.id in plan.sides:  # a three-player table: the players are the sides
            return room, PLAYING_SEATS[3][plan.sides.index(member.id)]
        a, _ = evening.made[member.pair]
        first = member.id == a
        seat = (Seat.N if first else Seat.S) if ns else (Seat.E if first else Seat.W)
        return room, seat

    def _board_in_play(self, evening: Evening, member: Member) -> bool:
        found = self._table_room(evening, member)
        if found is None:
            return False
        room = found[0]
        if evening.format == "games":
            return not evening.table_done(room.table)
        return self._playing(evening, room)

    @staticmethod
    def _playing(evening: Evening, room: Room) -> bool:
        """Tell whether a same-deals table is playing a deal of the round that has no result
        yet (the director's correction settles a deal still in play)."""
        return (
            room.board > 0
            and not room.live.deal.is_over()
            and not evening.finished(evening.round, room.table, room.board)
        )

    async def _to_table(self, conn: Connection, evening: Evening, member: Member, said: str = "") -> None:
        """Send a player's phone into the player's table (seated by the player's key; ``said``:
        what its reader is told there, else that the player sits at the seat)."""
        found = self._table_room(evening, member)
        if found is None:
            await self._to_evening(conn)
            return
        room, seat = found
        if conn.room == room.code and conn.viewer.role == "seat":
            await self.show_view(conn)
            return
        await self._leave_current(conn)
        key = self.seen[conn].key
        await self._send(conn, {"type": "keep", "room": room.code, "seat": seat.name, "token": key})
        await self._join(conn, room, keyed=True, quiet=True)
        async with self._lock(room.code):
            await self._take_seat(conn, room, seat, returning=True, said=said or None)

    # ------------------------------------------------------------------ what each screen is shown

    def _states(self, evening: Evening) -> dict[int, TableState]:
        here = {
            evening.members[s.member].key
            for c, s in self.seen.items()
            if s.code == evening.code and s.member in evening.members and not c.closed
        }
        members = {m.key: m.id for m in evening.members.values()}
        out = {}
        for plan in evening.tables:
            room = self.rooms.get(plan.room)
            if room is None:
                out[plan.number] = TableState(plan.number, 0, 0, True)
                continue
            deal = room.live.deal
            # away: no device at the table nor at the evening (a phone between deals is not away)
            away = tuple(
                p.name for p in room.players.values() if p.taken and p.sockets == 0 and p.token not in here
            )
            trick = min(len(deal.tricks) + 1, deal.rules.tricks_per_deal)
            board = room.board if room.deals < 0 else len(room.live.game.done) + 1
            seats = tuple(
                SeatState(
                    seat.name,
                    members.get(p.token, ""),
                    p.name,
                    p.sockets == 0 and p.token not in here,
                    seat in room.bot_seats,
                )
                for seat, p in room.players.items()
                if p.taken
            )
            settled = evening.format == "deals" and room.board > 0 and not deal.is_over() \
                and evening.finished(evening.round, plan.number, room.board)
            over = deal.is_over() or settled
            out[plan.number] = TableState(plan.number, board, trick, over, away, seats, settled)
        return out

    def _evening_html(
        self, conn: Connection, evening: Evening, seen: Seen, states: dict[int, TableState] | None = None
    ) -> str:
        lang, now, base = conn.viewer.lang, self.wall(), self._base(conn)  # the round's times: wall
        if seen.role == "visitor":
            return visitor_view(evening, lang)
        states = self._states(evening) if states is None else states
        if seen.role == "director":
            return director_view(evening, states, lang, now, base, seen.shown)
        if seen.role == "projector":
            return projector_view(evening, states, lang, now, base, self.limits.wall_page_s)
        member = evening.members.get(seen.member)
        if seen.role == "player" and member is not None and not member.removed:
            if seen.review:
                found = self._own_review(evening, member, seen.review)
                if found is not None:
                    html = found(lang)
                    seen.waiting = html is None
                    return review_view(evening, member, seen.review, html, lang, seen.review_at)
                seen.review, seen.waiting = 0, False  # no review to show: the evening's view again
            return player_view(evening, member, states, lang, now, base, self._reviewable(evening, member))

        return visitor_view(evening, lang)

    def _own_review(self, evening: Evening, member: Member, board: int) -> Any:
        """The player's own review of deal ``board``, by language (``None`` from it while it is
        being worked out), if the player's table of that deal's round played it to its end
        (``_played_at``); else ``None``. A deal its table holds still is the table's own
        review (``Room.reviews``); any other is replayed from the table's stored events and
        worked out in the bots' pool, once (``board_reviews``)."""
        found = self._played_at(evening, member, board)
        if found is None:
            return None
        plan, seat = found
        room = self.rooms.get(plan.room)
        if room is not None and room.board == board and room.live.deal.is_over():
            game = room.live.game
            if room.reviewed is not game:
                self._poke(room.code)  # worked out when due (a table read back from the store too)
                return lambda lang: None
            review = room.reviews.get(seat)
            return lambda lang: seat_review_html(review, game.rules, lang, level=3)
        key = (plan.room, board)
        done = self.board_reviews.get(key)
        if done is not None:
            rules, reviews = done
            return lambda lang: seat_review_html(reviews.get(seat), rules, lang, level=3)
        if key not in self.board_reviewing:
            played = self._board_game(plan.room, board)
            if played is None:
                return None
            self._board_review(evening, key, *played)
        return lambda lang: None

    @staticmethod
    def _played_at(evening: Evening, member: Member, board: int) -> tuple[TablePlan, Seat] | None:
        """The table at which the player's pair played deal ``board`` to its end this evening,
        and the player's seat there (the same-deals format); ``None`` if it has not (the deal
        not dealt yet, or still in play there, or given a result by the director alone, or a
        round the player sat out): the one place that says which deals a phone may review."""
        if evening.format != "deals" or evening.boards < 1 or board < 1:
            return None
        rnd = (board - 1) // evening.boards + 1
        for played, plan in evening.tables_of(member):
            if played != rnd or (rnd, plan.number, board) not in evening.results:
                continue
            for pair, seats in ((plan.ns, (Seat.N, Seat.S)), (plan.ew, (Seat.E, Seat.W))):
                ids = evening.made.get(pair, ())
                if member.id in ids:
                    return plan, seats[ids.index(member.id)]
        return None

    @staticmethod
    def _reviewable(evening: Evening, member: Member) -> frozenset[int]:
        """The deals whose own review the player's phone offers: those its tables played to
        their end (as ``_played_at`` says), looked up once while the evening does not change
        (``Evening.remember``: every phone's view is rebuilt at each deal's end)."""
        if evening.format != "deals":
            return frozenset()

        def find() -> frozenset[int]:
            n = evening.boards
            return frozenset(
                b
                for rnd, plan in evening.tables_of(member)
                for b in range(n * (rnd - 1) + 1, n * rnd + 1)
                if (rnd, plan.number, b) in evening.results
            )

        return evening.remember(("reviewable", member.id), find)

    def _board_game(self, code: str, board: int) -> tuple[Game, tuple[Seat, ...]] | None:
        """Deal ``board`` as the table ``code`` played it, to its end, replayed from the table's
        stored events, and the seats people sat in (``None``: it did not end there)."""
        events = self.store.events(code)
        try:
            room = Room.from_events(code, events[:1])
        except (RoomError, ValueError):
            return None
        for event in events[1:]:
            if room.board == board and room.live.deal.is_over():
                break
            try:
                room.apply(event)
            except RoomError:
                break
        if room.board != board or not room.live.deal.is_over():
            return None
        return room.live.game, tuple(room.players)

    def _board_review(
        self, evening: Evening, key: tuple[str, int], game: Game, seats: tuple[Seat, ...]
    ) -> None:
        """Work out each seat's review of a deal a table no longer holds in the bots' pool (never
        on the event loop), keep it, and show it to the phones waiting for it."""
        self.board_reviewing.add(key)

        async def work() -> None:
            reviews: dict[Seat, SeatReview] = {}
            try:
                reviews = await self.bots.review(game, seats)
            except Exception:
                log.exception("evening %s: deal %s's review at %s failed", evening.code, key[1], key[0])
            finally:
                self.board_reviewing.discard(key)
            self.board_reviews[key] = (game.rules, reviews)
            await self._review_ready(evening, *key)

        self._later(work())

    def _results_said(self, evening: Evening, member: str, lang: str) -> str:
        """What a phone's reader is told of the deals of the round in play whose results are in
        at every table since it was last told: each deal once."""
        if evening.format != "deals" or not evening.round:
            return ""
        told = self.results_told.setdefault((evening.code, member), set())
        fresh = [
            b
            for b in evening.round_boards
            if (evening.round, b) not in told and evening.board_done(evening.round, b)
        ]
        told.update((evening.round, b) for b in fresh)
        return " ".join(et("results-in", lang, n=b) for b in fresh)

    async def _evening_show(
        self,
        conn: Connection,
        evening: Evening,
        seen: Seen,
        announce: str = "",
        ok: bool = True,
        states: dict[int, TableState] | None = None,
    ) -> None:
        if seen.role == "player":  # a deal's results at every table: told once, on the next view
            announce = " ".join(
                x for x in (announce, self._results_said(evening, seen.member, conn.viewer.lang)) if x
            )
        # A view of one part (views.delta: the index 0 when it is the one the page has).
        parts, before = (self._evening_html(conn, evening, seen, states),), conn.last_parts
        if parts == before and not announce:
            return
        conn.last_parts = parts
        message = {"type": "view", "ok": ok, "parts": parts, "announce": announce, "room": evening.code}
        await self._send(conn, message, dumps({**message, "parts": delta(before, parts)}))

    async def _evening_tell(
        self,
        evening: Evening,
        say: Any = None,
        roles: tuple[str, ...] = (),
        phones: Any = None,
        skip: Connection | None = None,
    ) -> None:
        """Send every connection of the evening that is not at a table its view (``roles``: only
        those). What each screen's reader is told: ``say`` (by language) on the director's;
        ``phones`` (by player and language) on each player's; nothing on the wall screen, a
        public screen that speaks would talk over the room. The tables' states are looked at
        once, and the scores and standings worked out once (``Evening.remember``), for them all
        (``skip``: not that connection, told already)."""
        states = self._states(evening)
        for conn, seen in list(self.seen.items()):
            if seen.code != evening.code or conn.room is not None or (roles and seen.role not in roles):
                continue
            if conn is skip:
                continue
            lang = conn.viewer.lang
            said = ""
            if seen.role == "director" and say is not None:
                said = say(lang)
            elif seen.role == "player" and phones is not None and seen.member in evening.members:
                said = phones(evening.members[seen.member], lang)
            await self._evening_show(conn, evening, seen, said, states=states)

    # ------------------------------------------------------------------ the archive

    def table_record(self, evening: Evening, rnd: int, table: int) -> str | None:
        """A table's round as a record (``.mjp``): every deal it played, with tags for the
        event, the round, the table and the pairs (or the three players); ``None`` for a table
        not known, or of a round not over (its cards are the other tables' still). A Games
        table's record is its game, served once the game is over (every table plays its own
        cards)."""
        plans = evening.history.get(rnd, ((), None))[0]
        plan = next((t for t in plans if t.number == table), None)
        if plan is None or not evening.record_ready(rnd, table):
            return None
        events = self.store.events(plan.room)
        try:
            room = Room.from_events(plan.room, events[:1])
        except (RoomError, ValueError):
            return None
        record = GameRecord(room.live.game.rules)
        tags = [("Event", f"{evening.code}"), ("Round", str(rnd)), ("Table", str(table))]
        if plan.third:  # a three-player Games table: its players in seat order
            tags.append(("Players", ", ".join(evening.side_names(side) for side in plan.sides)))
        else:
            for tag, pair in (("NorthSouth", plan.ns), ("EastWest", plan.ew)):
                tags.append((tag, " & ".join(evening.pair_names(pair)) or BOT_PAIR))
        record.tags = tags
        played = 0

        def keep() -> None:
            nonlocal played
            played += 1
            record_from_deal(room.live.deal, room.board or played, record)

        for event in events[1:]:
            # a deal over and the next one dealt: a board (same deals) or "next deal" (Games)
            if event.get("e") in ("board", "next") and room.live.deal.is_over():
                keep()
            try:
                room.apply(event)
            except RoomError:
                break
        if room.live.deal.is_over():
            keep()
        return format_record(record)

    # ------------------------------------------------------------------ the messages

    async def _club(self, conn: Connection, kind: str, args: dict[str, Any]) -> None:
        if kind == "evening-create":
            await self._create_evening(conn, args)
            return
        if kind == "evening-join":
            await self._join_evening(conn, args)
            return
        if kind == "evening-claim":
            await self._claim(conn, args)
            return
        seen = self.seen.get(conn)
        evening = self.evenings.get(seen.code) if seen else None
        if seen is None or evening is None:
            raise Refused("no-evening")
        if kind == "evening-do":
            if seen.role != "director":
                raise Refused("evening-not-director")
            await self._direct(conn, evening, args)
            return
        if kind == "evening-view" and seen.role == "director":
            await self._to_evening(conn)
            return
        member = evening.members.get(seen.member)
        if seen.role != "player" or member is None or member.removed:
            raise Refused("evening-not-player")
        if kind == "evening-view":
            await self._to_evening(conn)
        elif kind == "evening-table":
            found = self._table_room(evening, member)
            if evening.format == "deals" and found is not None and not self._playing(evening, found[0]) \
                    and not found[0].live.deal.is_over():
                await self.show_view(conn)  # a deal the director settled: nothing to look back at
                return
            await self._to_table(conn, evening, member)
        elif kind == "evening-seat":
            await self._seat_back(conn, evening, member)
        elif kind == "evening-review":
            if self._own_review(evening, member, args["board"]) is None:
                raise Refused("evening-no-review")
            if conn.room is not None:
                await self._back_to_evening(conn)
            seen.review, seen.review_at = args["board"], args["at"]
            await self._evening_show(conn, evening, seen)
        else:
            await self._next_board(evening, member)

    async def _create_evening(self, conn: Connection, args: dict[str, Any]) -> None:
        # an evening counts as a new room against its address (its tables count against none)
        self.guard.check(conn, Command("create", {}), self.clock.now())
        code = new_room_code(self.codes)
        host = new_token()
        first = Evening.created_event(
            args["r"], secrets.randbelow(MAX_SEED + 1), token_hash(host), args["rounds"], args["boards"],
            args["bots"], args["minutes"], args.get("format", "deals"),
        )  # fmt: skip
        try:
            self.store.append(code, 0, first, self.wall())
        except StoreError:
            raise Refused("store-failed") from None
        self.evenings[code] = Evening.from_events(code, [first])
        await self._leave_current(conn)
        await self._send(conn, {"type": "keep", "room": code, "host": host})
        self.seen[conn] = Seen(code, "director", key=host)
        await self._to_evening(conn, et("evening-n", conn.viewer.lang, code=code))

    async def _join_evening(self, conn: Connection, args: dict[str, Any]) -> None:
        evening = self.evening(args["evening"])
        if evening is None:  # a wrong code counts as a guess (``guard``)
            await self._refuse(conn, "no-evening")
            await self._missed(conn)
            return
        seen = self.seen.get(conn)
        if seen is not None and seen.code == evening.code and seen.role in ("player", "director"):
            await self.show_view(conn)
            return
        key = new_token()
        name = args["name"]
        self._evening_store(evening, evening.join_event(evening.new_member_id(), name, key, args["partner"]))
        member = evening.member_of_key(key)
        assert member is not None
        await self._leave_current(conn)
        await self._send(conn, {"type": "keep", "room": evening.code, "token": key})
        self.seen[conn] = Seen(evening.code, "player", member.id, key)
        conn.viewer = Viewer(conn.viewer.lang, "evening")
        joined = member.id
        await self._evening_tell(
            evening,
            lambda lang: et("joined", lang, name=name),
            phones=lambda m, lang: et("joined", lang, name=name) if m.id == joined else "",
        )

    def _issue_claim(self, evening: Evening, ident: str) -> str:
        """A new one-time player code for a player's phone (the one given before is void)."""
        code = new_reclaim_code()
        self.claims.setdefault(evening.code, {})[ident] = (token_hash(code), self.clock.now() + CLAIM_S)
        return code

    async def _add(self, conn: Connection, evening: Evening, args: dict[str, Any]) -> None:
        """The director adds a player (and a partner): stored, then the director's screen shows
        each added player's one-time code; someone added mid-round plays from the next round."""
        events = evening.add_event(args["name"], args["mate"], args["partner"])
        self._evening_store(evening, events)
        added = [str(e["id"]) for e in events if e["e"] == "joined"]
        seen = self.seen[conn]
        fresh = tuple((ident, self._issue_claim(evening, ident)) for ident in added)
        seen.shown = tuple(x for x in seen.shown if x[0] not in added) + fresh
        names = [evening.members[ident].name for ident in added]

        def said(lang: str) -> str:
            if len(names) == 2:
                return et("added-2", lang, a=names[0], b=names[1])
            return et("added", lang, name=names[0])

        lang = conn.viewer.lang
        codes = " ".join(self._code_said(evening, ident, code, lang) for ident, code in fresh)
        await self._evening_show(conn, evening, seen, f"{said(lang)} {codes}")  # its reader hears them
        await self._evening_tell(evening, said, skip=conn)

    @staticmethod
    def _code_said(evening: Evening, ident: str, code: str, lang: str) -> str:
        """A player code as the director's screen reader says it (its letters one by one)."""
        spelled = " ".join(code)
        return f"{et('claim-for', lang, name=evening.members[ident].name)} {spelled}."

    async def _invite(self, conn: Connection, evening: Evening, ident: str) -> None:
        """A new one-time player code for a player (added, or whose phone was lost)."""
        member = evening.player(ident)
        if evening.ended:
            raise Refused("evening-over")
        seen = self.seen[conn]
        code = self._issue_claim(evening, member.id)
        seen.shown = (*(x for x in seen.shown if x[0] != member.id), (member.id, code))
        await self._evening_show(
            conn, evening, seen, self._code_said(evening, member.id, code, conn.viewer.lang)
        )

    async def _claim(self, conn: Connection, args: dict[str, Any]) -> None:
        """A phone takes the place of a player the director added, with the player code the
        director's screen showed: the code is spent, the phone's new key stored (the key held
        before seats no one), the player's seat at a table of the round in play moved to it.
        A wrong or spent code is refused and counts as a guess (``guard``)."""
        evening = self.evening(args["evening"])
        now = self.clock.now()
        pending = self.claims.get(evening.code, {}) if evening is not None else {}
        ident = next(
            (i for i, (hashed, until) in pending.items() if until >= now and same_hash(args["code"], hashed)),
            None,
        )
        member = evening.members.get(ident) if evening is not None and ident is not None else None
        if evening is None or ident is None or member is None or member.removed:
            await self._refuse(conn, "evening-bad-claim")
            await self._missed(conn)
            return
        if evening.ended:
            raise Refused("evening-over")
        key = new_token()
        self._evening_store(evening, [evening.keyed_event(ident, key)])
        del pending[ident]
        for other, seen in list(self.seen.items()):
            if seen.code != evening.code:
                continue
            seen.shown = tuple(x for x in seen.shown if x[0] != ident)
            if other is not conn and seen.role == "player" and seen.member == ident:
                self.seen[other] = Seen(evening.code, "visitor")  # the old phone seats no one now
                await self._to_evening(other)
        found = self._table_room(evening, member)
        if found is not None and found[1] in found[0].players and found[0].players[found[1]].taken:
            room, seat = found
            async with self._lock(room.code):
                await self.commit_events(room, room.move_event(seat, key), lambda v: "")
        await self._leave_current(conn)
        await self._send(conn, {"type": "keep", "room": evening.code, "token": key})
        self.seen[conn] = Seen(evening.code, "player", ident, key)
        conn.viewer = Viewer(conn.viewer.lang, "evening")
        name = member.name
        if self._board_in_play(evening, member):
            await self._to_table(conn, evening, member)
        await self._evening_tell(
            evening,
            lambda lang: et("claimed", lang, name=name),
            phones=lambda m, lang: et("claimed", lang, name=name) if m.id == ident else "",
        )

    async def _direct(self, conn: Connection, evening: Evening, args: dict[str, Any]) -> None:
        what = args["what"]
        if what == "add":
            await self._add(conn, evening, args)
            return
        if what == "invite":
            await self._invite(conn, evening, args["id"])
            return
        if what == "round":
            await self._start_round(evening)
            return
        if what == "bot":
            await self._seat_bot(evening, args["table"], args["seat"], args["on"])
            return
        if what == "watch":
            await self._watch(conn, evening, args["table"])
            return
        if what == "end":
            if evening.ended:
                raise Refused("evening-over")
            self._evening_store(evening, [{"e": "ended"}])
            for plan in evening.tables:  # a deal left in play counts no more: its bots stop
                room = self.rooms.get(plan.room)
                if room is not None and not room.paused and not room.live.deal.is_over():
                    async with self._lock(room.code):
                        await self.commit_events(room, room.pause_event(True), lambda v: "")
            moved = set()
            for player, seen in list(self.seen.items()):  # the phones at a table come back to say so
                if seen.code == evening.code and seen.role == "player" and player.room is not None:
                    moved.add(seen.member)
                    await self._to_evening(player, et("ended", player.viewer.lang))
            await self._evening_tell(  # each phone is told once
                evening,
                lambda lang: et("ended", lang),
                phones=lambda m, lang: "" if m.id in moved else et("ended", lang),
            )
            return
        if what == "rename":
            event = evening.rename_event(args["id"], args["name"])
        elif what == "pair":
            event = evening.pair_event(args["id"], args["b"])
        elif what == "remove":
            event = evening.remove_event(args["id"])
        elif what == "absent":
            event = evening.absent_event(args["id"])
        else:
            share = args["share"]
            numbers = (args["ns"], args["ew"])
            if share and sum(numbers) != 100:
                raise Refused("evening-note")
            event = evening.correct_event(
                args["round"], args["table"], args["board"], None if share else numbers,
                numbers if share else None, args["note"],
            )  # fmt: skip
            self._evening_store(evening, [event])
            note = args["note"]
            if args["round"] == evening.round:  # a deal still in play, settled: its phones leave it
                await self._settled_in_play(evening, args["table"], args["board"])
            await self._evening_tell(
                evening, lambda lang: et("corrected", lang, t=args["table"], n=args["board"], note=note)
            )
            return
        self._evening_store(evening, [event])
        await self._evening_tell(evening)

    async def _settled_in_play(self, evening: Evening, table: int, board: int) -> None:
        """The director settled a deal a table of the round is still playing: the table's
        phones go back to the evening, from where they start its next deal."""
        try:
            room = self._table_of_round(evening, table)
        except Refused:
            return
        if room.board == board and not room.live.deal.is_over():
            for conn in [c for c, s in self.seen.items() if c.room == room.code and s.role == "player"]:
                await self._back_to_evening(conn, announce=False)

    def _table_of_round(self, evening: Evening, table: int) -> Room:
        """The room of a table of the round in play (``Refused`` if there is none)."""
        plan = next((t for t in evening.tables if t.number == table), None)
        room = self.find(plan.room) if plan is not None and not evening.ended else None
        if room is None:
            raise Refused("evening-no-table")
        return room

    async def _seat_bot(self, evening: Evening, table: int, seat: Seat, on: bool) -> None:
        """The director puts a bot in a player's seat (it plays it until it is given back), or
        gives the seat back: a table's event, stored before anyone is told."""
        room = self._table_of_round(evening, table)
        async with self._lock(room.code):
            event = room.bot_event(seat, on)
            name = room.players[seat].name
            key = "bot-put" if on else "seat-back"
            await self.commit_events(room, event, lambda v: said_to(v, et(key, v.lang, name=name)))
        await self._evening_tell(evening, lambda lang: et(key, lang, name=name), roles=("director",))
        await self._evening_tell(evening, roles=("player",))

    async def _seat_back(self, conn: Connection, evening: Evening, member: Member) -> None:
        """A player takes back the seat the director put a bot in (from the table or the evening)."""
        found = self._table_room(evening, member)
        if found is None or found[1] not in found[0].bot_seats:
            raise Refused("evening-bot-off")
        room, seat = found
        name = member.name
        async with self._lock(room.code):
            await self.commit_events(
                room, room.bot_event(seat, False), lambda v: said_to(v, et("seat-back", v.lang, name=name))
            )
        if conn.room is None:
            if self._board_in_play(evening, member):
                await self._to_table(conn, evening, member)
            else:
                await self.show_view(conn)
        await self._evening_tell(evening, lambda lang: et("seat-back", lang, name=name), roles=("director",))

    async def _watch(self, conn: Connection, evening: Evening, table: int) -> None:
        """The director goes to a table of the round, as its host (the take-back and the bots'
        pause are the tools there); the page keeps the key, so a reload comes back to it."""
        room = self._table_of_round(evening, table)
        seen = self.seen[conn]
        await self._leave_current(conn)
        await self._send(conn, {"type": "keep", "room": room.code, "host": seen.key, "teach": True})
        await self._join(conn, room, keyed=True, quiet=True)
        async with self._lock(room.code):
            if not conn.viewer.host:
                conn.viewer.host = True
                room.host_came()
                await self._make_room(room, conn, host=True)
            conn.viewer.role = "spectator"
            await self.show_view(conn)

    async def _start_round(self, evening: Evening) -> None:
        """Start the next round: the partners found, the tables' rooms made and their first deal
        dealt, each player's phone sent to its table."""
        playing = sum(
            1
            for state in self._states(evening).values()
            if state.board and not state.over and not evening.table_done(state.number)
        )
        evening.next_round_check(self.wall(), playing)
        if evening.format == "games":
            await self._start_games_round(evening)
            return
        paired, tables, out = evening.round_plan()
        if len(self.rooms) + len(tables) > self.limits.rooms:
            raise Refused("too-many-rooms")
        self._evening_store(evening, paired)
        number, at = evening.round + 1, self.wall()
        ends = at + 60 * evening.minutes  # the tables' time left: the round's (``round_ends``)
        rooms = [self._table(evening, number, t, ns, ew, ends) for t, ns, ew in tables]
        rows = [[t, room.code, ns, ew] for (t, ns, ew), room in zip(tables, rooms, strict=True)]
        self._evening_store(evening, [{"e": "round", "round": number, "tables": rows, "out": out,
                                       "at": at}])  # fmt: skip
        self._value_due(evening)
        first = evening.round_boards[0]
        for room in rooms:
            async with self._lock(room.code):
                await self.commit_events(room, room.board_event(first), lambda v: "")
        await self._round_told(evening)

    async def _round_told(self, evening: Evening) -> None:
        """A round has started: each phone goes to its table, told where it sits and with whom;
        a phone that sits out (or has a bye) is told so; the director that the round began."""
        number = evening.round
        await self._all_to_tables(evening)

        def out(member: Member, lang: str) -> str:
            if evening.table_of(member) is not None:
                return ""
            bye = member.pair in evening.byes.get(number, ()) or member.id in evening.byes.get(number, ())
            if bye:
                return f"{et('round-started', lang, n=number)} {et('bye', lang)}"
            return et("round-out", lang, r=number)

        await self._evening_tell(evening, lambda lang: et("round-started", lang, n=number), phones=out)

    def _round_said(self, evening: Evening, member: Member, lang: str) -> str:
        """What a phone sent to its table at a round's start is told: the table, the side and
        the partner (the opponents, at a three-player table)."""
        at = evening.table_of(member)
        if at is None:
            return ""
        table, ns = at
        if member.id in table.sides:
            a, b = (evening.side_names(side) for side in table.sides if side != member.id)
            return et("round-you-3", lang, r=evening.round, n=table.number, a=a, b=b)
        mates = evening.pair_names(member.pair)
        mate = mates[1] if mates[0] == member.name else mates[0]
        side = et("side-ns" if ns else "side-ew", lang)
        return et("round-you", lang, r=evening.round, n=table.number, side=side, mate=mate)

    async def _start_games_round(self, evening: Evening) -> None:
        """Start a Games round: each table a room of its own game (its own seed), played deal
        after deal by the room's own "next deal" until its deals or its game are done."""
        paired, matches, byes = evening.games_plan()
        if len(self.rooms) + len(matches) > self.limits.rooms:
            raise Refused("too-many-rooms")
        self._evening_store(evening, paired)
        number, at = evening.round + 1, self.wall()
        rows: list[list[Any]] = []
        for t, sides in enumerate(matches, start=1):
            room = self._games_table(evening, number, t, sides, at + 60 * evening.minutes)
            rows.append([t, room.code, *sides])
        event = {"e": "round", "round": number, "tables": rows, "out": None, "byes": list(byes),
                 "at": at}  # fmt: skip
        self._evening_store(evening, [event])
        await self._round_told(evening)

    def _games_table(
        self, evening: Evening, number: int, table: int, sides: tuple[str, ...], ends: float
    ) -> Room:
        """A new room for a Games table: pairs at N–S and E–W, or three players in turn."""
        seated: list[tuple[Seat, str]] = []
        if len(sides) == 3:
            seated = list(zip(PLAYING_SEATS[3], sides, strict=True))
        else:
            for pair, (first, second) in zip(sides, ((Seat.N, Seat.S), (Seat.E, Seat.W)), strict=True):
                seated += list(zip((first, second), evening.made[pair], strict=True))
        seed = (evening.seed + 7919 * number + table) % (MAX_SEED + 1)
        return self._new_table(evening, number, table, seated, seed, evening.boards, ends)

    async def _all_to_tables(self, evening: Evening) -> None:
        for conn, seen in list(self.seen.items()):
            member = evening.members.get(seen.member)
            here = seen.code == evening.code and seen.role == "player" and member is not None
            if here and member is not None and evening.table_of(member) is not None:
                await self._to_table(
                    conn, evening, member, self._round_said(evening, member, conn.viewer.lang)
                )

    def _table(self, evening: Evening, number: int, table: int, ns: str, ew: str, ends: float) -> Room:
        """A new room for a table of a round: its players seated by their keys (the bot pair, and
        an absent player when bots are on, as bots)."""
        seated: list[tuple[Seat, str]] = []
        for pair, (first, second) in ((ns, (Seat.N, Seat.S)), (ew, (Seat.E, Seat.W))):
            if pair == BOT_PAIR:
                seated += [(first, ""), (second, "")]
            else:
                seated += list(zip((first, second), evening.made[pair], strict=True))
        return self._new_table(evening, number, table, seated, evening.seed, None, ends)

    def _new_table(
        self,
        evening: Evening,
        number: int,
        table: int,
        seated: list[tuple[Seat, str]],
        seed: int,
        deals: int | None,
        ends: float,
    ) -> Room:
        """A table's room, stored: each seat its player's (seated by the player's key), or a
        bot's (the bot pair's, ``""``; an absent player's when bots are on); ``ends``: when
        the round's time runs out (the table shows the time left)."""
        seats: dict[str, str] = {}
        sat = []
        for seat, ident in seated:
            member = evening.members.get(ident)
            if member is None or (member.absent and evening.bots):
                seats[seat.name] = "club"
            else:
                seats[seat.name] = "person"
                sat.append({"e": "sat", "seat": seat.name, "token": member.key, "name": member.name})
        settings = Settings.of(evening.rules, seats, TABLE_GRACE, False, "club")
        code = new_room_code(self.codes)
        created = Room.created_event(settings, seed, evening.host, (evening.code, number, table), deals, ends)
        events = [created, *sat]
        for seq, event in enumerate(events):
            try:
                self.store.append(code, seq, event, self.wall())
            except StoreError:
                raise Refused("store-failed") from None
        now = self.clock.now()
        room = Room.from_events(code, events, now)
        room.changed_at = now
        room.ends = self._monotonic(ends)
        self.rooms[code] = room
        self._poke(code)
        return room

    def _monotonic(self, wall: float) -> float:
        """A time of the wall clock (stored: it outlives the process) on this process's
        monotonic clock, which the tables' views read."""
        return self.clock.now() + (wall - self.wall())

    async def _next_board(self, evening: Evening, member: Member) -> None:
        """The next deal of the round at the player's table, and the table's phones sent to it."""
        found = self._table_room(evening, member)
        if found is None:
            raise Refused("evening-no-board-left")
        room, _ = found
        if self._playing(evening, room):
            raise Refused("evening-board-in-play")
        left = [b for b in evening.round_boards if not evening.finished(evening.round, room.table, b)]
        if not left or evening.time_out(self.wall()):
            raise Refused("evening-no-board-left")
        async with self._lock(room.code):
            await self.commit_events(room, room.board_event(left[0]), lambda v: "")
        await self._send_table(evening, room)

    async def _send_table(self, evening: Evening, room: Room) -> None:
        for conn, seen in list(self.seen.items()):
            member = evening.members.get(seen.member)
            if seen.code != evening.code or seen.role != "player" or member is None or conn.room is not None:
                continue
            at = evening.table_of(member)
            if at is not None and at[0].room == room.code:
                await self._to_table(conn, evening, member)

    async def _game_moved(self, evening: Evening, room: Room) -> None:
        """A Games table after an action: its game's result once its deals (or its game, or the
        round's time, at the end of a deal) are done, and its phones back to the evening."""
        over = room.deals_over or (room.live.deal.is_over() and evening.time_out(self.wall()))
        plan = next((t for t in evening.tables if t.number == room.table), None)
        if not over or plan is None or evening.table_done(room.table):
            self._follow(evening)
            return
        result = game_result(evening.round, plan.sides, room.live.position.final)
        self._evening_store(evening, [evening.game_event(room.table, result)])
        table = room.table
        for conn in [c for c, s in self.seen.items() if c.room == room.code and s.role == "player"]:
            await self._to_evening(conn, et("game-over-at", conn.viewer.lang, t=table))
        await self._evening_tell(evening, lambda lang: et("game-over-at", lang, t=table))

    async def _table_moved(self, room: Room) -> None:
        """After an action at a club night's table: a finished deal's result is the evening's
        (and the table's phones go back to the evening); the director's and the wall screen's
        views follow the tables."""
        try:
            async with self._lock("evening"):
                evening = self.evenings.get(room.evening)
                if evening is None or evening.ended or room.round != evening.round:
                    return
                if evening.format == "games":
                    await self._game_moved(evening, room)
                    return
                if not room.board:
                    return
                deal = room.live.deal
                if deal.is_over() and not evening.finished(room.round, room.table, room.board):
                    points = board_points(deal)
                    self._evening_store(evening, [evening.result_event(room.table, room.board, points)])
                    board, table = room.board, room.table
                    # The table's phones go back together (no "away" told to the ones leaving
                    # with them), and every screen is sent its view once, the results in it.
                    back: set[str] = set()
                    for conn in [
                        c for c, s in self.seen.items() if c.room == room.code and s.role == "player"
                    ]:
                        await self._back_to_evening(conn, announce=False)
                        back.add(self.seen[conn].member)

                    def own(member: Member, lang: str) -> str:
                        return et("own-result", lang, n=board) if member.id in back else ""

                    await self._evening_tell(
                        evening, lambda lang: et("board-over", lang, t=table, n=board), phones=own
                    )
                else:
                    self._follow(evening)
                self._value_due(evening, room)
        except Exception:  # one table's trouble never stops the evening
            log.exception("evening %s: table %s could not be followed", room.evening, room.code)

    # ------------------------------------------------------------------ the open-cards values

    def _value_due(self, evening: Evening, room: Room | None = None) -> None:
        """Start working out the open-cards values due and neither stored nor under way: every
        board of the round in play (Marjapussi), or the board in play at ``room``'s table once
        its first card is due or it ended without one (Huutopussi)."""
        if evening.format != "deals" or not evening.round or evening.ended:
            return
        if not evening.values_by_table:
            for board in evening.round_boards:
                self._work_out(evening, board, 0, "")
            return
        if room is None or not room.board or room.round != evening.round:
            return
        key = (room.board, room.table)
        if key in evening.values or (evening.code, *key) in self.valuing:
            return
        codes = play_start(room.live.deal, evening.rules, evening.seed, room.board)
        if codes is not None:
            self._work_out(evening, room.board, room.table, codes)

    def _work_out(self, evening: Evening, board: int, table: int, codes: str) -> None:
        key = (evening.code, board, table)
        if (board, table) in evening.values or key in self.valuing:
            return
        self.valuing.add(key)
        self._later(self._value(evening, board, table, codes))

    async def _value(self, evening: Evening, board: int, table: int, codes: str) -> None:
        """Work out one open-cards value in the bots' pool, store it, and show it to the screens
        of the evening (only those that may see the board show it: ``shown_boards``)."""
        try:
            points, why = await self.bots.open_value(evening.rules, evening.seed, board, codes)
            if why == "failed":
                log.warning(
                    "evening %s: board %s at table %s has no open-cards value", evening.code, board, table
                )
            async with self._lock("evening"):
                if self.evenings.get(evening.code) is not evening or evening.ended:
                    return
                if (board, table) in evening.values:
                    return
                self._evening_store(evening, [evening.value_event(board, table, points, why)])
                await self._evening_tell(evening)
        except Exception:  # the results go on without it
            log.exception(
                "evening %s: the open-cards value of board %s could not be had", evening.code, board
            )
        finally:
            self.valuing.discard((evening.code, board, table))


def play_start(deal: Deal, ruleset: str, seed: int, board: int) -> str | None:
    """The action codes (``game.code_of``) of a Huutopussi board at a table from its deal to
    its first card (the bidding, the exchange, the trumps named), or all of them when it ended
    with no card played; ``None`` while the bidding goes on."""
    if getattr(deal, "hp_phase", Phase.PLAY) not in (Phase.PLAY, Phase.DONE):
        return None
    walk = board_deal(ruleset, seed, board)
    codes = []
    for _, action in deal.history:
        if getattr(walk, "hp_phase", Phase.PLAY) is Phase.PLAY:
            break
        codes.append(code_of(walk, action))
        walk.push(action)
    return "".join(codes)
