"""The rooms and their connections, without a transport: the server's handlers.

Every message goes the same way: ``protocol.parse`` checks it, the room checks the request
(``Room.*_event``, the engine through the game model for an action), the store writes the
event, the room applies it, and then each connection of the room is sent its own view
(``views.render``), in its own language. A refusal goes to the sender only, in its
language (a card the rules refuse as what the page puts into the view it has, not a view:
``views.refusal_patch``); no exception leaves ``receive`` (an unexpected one is logged and answered with
a general message, and the room goes on).

Time comes from an injectable clock (``clock``): ``run_due`` does what is due (a bot's
move once the pace has passed, a bot standing in for a player away longer than the
grace period, heartbeats, dropping sockets that stopped answering) and says when
something is next due; the server runs it in a loop, a test calls it after moving its
clock. The bots think in an executor (``bots.BotRunner``), never on the event loop.

A room at rest (no device connected and no action for ``Limits.room_rest_s``) leaves the
memory; its events stay in the store, and ``find`` rebuilds it from them when someone
comes back with its code (a room code is never given again while the store holds it).

A connection is anything with ``send(text)`` and ``close()`` coroutines (the Starlette
WebSocket in the server, a list in a test).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from ..actions import Play
from ..analysis.view import action_as_seen
from ..cards import Seat
from ..course import exercise
from ..deal import Phase
from ..errors import IllegalAction, MarjapussiError
from ..game import MAX_SEED, Game
from ..html import ROOT
from ..i18n import seat_name
from ..record import parse_record
from ..web.dispute import error_text
from ..web.play_texts import pt
from ..web.table_view import PICK_PHASES, pick_size
from .bots import BotRunner
from .clock import Clock, SystemClock
from .codes import new_room_code, new_token, shown_code, token_hash
from .guard import Guard, Verdict
from .limits import LIMITS, Limits
from .outbox import Outbox, dumps
from .protocol import HOST_ONLY, Command, Refused, parse
from .room import Room, RoomError, Settings
from .store import Store, StoreError
from .texts import rt
from .views import (
    SharedViews,
    Ui,
    Viewer,
    announce_action,
    delta,
    notice_text,
    refusal,
    refusal_patch,
    refusal_words,
    said_to,
    view_key,
)

__all__ = ["Connection", "Hub"]

log = logging.getLogger("marjapussi.rooms")

Announce = Callable[[Viewer], str]

AUDIENCE = {"seat": 1, "projector": 3, "spectator": 4, "visitor": 5}
"""The order a broadcast serves a room's connections in, after the one who acted: the seats,
then the host (off a seat, rank 2), the projectors, spectators and visitors."""


@dataclass(eq=False)
class Connection:
    """One device's socket: how to send to it, and who it is to the rooms."""

    send_text: Callable[[str], Awaitable[None]]
    close_socket: Callable[[], Awaitable[None]]
    base: str = ""
    """The address the device reached the server by (the room links use it unless the server has
    a public address of its own)."""
    address: str = ""
    """The device's network address (the rate limits of ``guard`` count per address)."""
    viewer: Viewer = field(default_factory=lambda: Viewer("en"))
    room: str | None = None
    """The room it is in (the hub moves it with ``Hub.place``, which keeps ``Hub.members``)."""
    last_seen: float = 0.0
    """When it last said something."""
    last_sent: float = 0.0
    """When it was last sent something (put in its outbox)."""
    last_ping: float = 0.0
    last_parts: tuple[str, ...] = ()
    """The parts of the last view put in its outbox (the next is sent as what changed: ``delta``)."""
    closed: bool = False
    keyed: bool = False
    """It holds a seat key or the host key of its room: it takes none of the room's places."""
    serial: int = 0
    """The order the sockets opened in (the oldest of a seat's is closed first)."""
    outbox: Outbox | None = field(default=None, repr=False)
    """What is on its way to the socket (the hub gives it one once it takes the connection)."""


class KnownCodes:
    """The room codes in use: the rooms held, and those resting in the store (a container)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def __contains__(self, code: object) -> bool:
        return isinstance(code, str) and (code in self.hub.rooms or self.hub.store.has(code))


class Hub:
    """Every room of the server and every connection (see the module docstring).

    A hub above the rooms (the club night's ``evenings.ClubHub``) extends it through these
    public steps: ``rebuild_room`` (a room read back from its events), ``handle_command`` and
    ``handle_in_room`` (a message, and one about a room), ``greet`` (a ``hello``), ``holds_key``
    (a hello's key of its room), ``admit`` (a socket's place in a room), ``commit_events`` (a
    room's events stored, then told), ``reviewed`` (a deal's review worked out), ``show_view``
    (a connection's view) and ``to_lobby``.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        limits: Limits = LIMITS,
        bots: BotRunner | None = None,
        public_url: str = "",
        wall: Callable[[], float] = time.time,
        rule_links: bool = True,
    ) -> None:
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.limits = limits
        self.bots = bots or BotRunner()
        self.public_url = public_url
        self.wall = wall
        self.rule_root = ROOT if rule_links else None
        """Where the views' rule links start: the site's root, or None when the server serves
        its own table page and no rules pages (the rules are then named unlinked)."""
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        self.members: dict[str, set[Connection]] = {}
        """The connections in each room (kept by ``place``; a room no connection is in has no
        entry): a broadcast, the timer and a room's places look at a room's own sockets, never
        at every socket of the server."""
        self.locks: dict[str, asyncio.Lock] = {}
        self.thinking: dict[str, asyncio.Task[None]] = {}
        self.stood_in: dict[str, frozenset[Seat]] = {}
        self.starters: dict[str, str] = {}
        """Who started each room's next deal when the screens were last sent (``Room.next_starter``)."""
        self.reviewing: set[str] = set()
        self.tasks: set[asyncio.Task[Any]] = set()
        self.wake = asyncio.Event()
        self.guard = Guard(limits)
        self.visited: dict[str, float] = {}
        """When the last device left each room (a room at rest counts from it, or from its
        last action)."""
        self.codes = KnownCodes(self)
        self.reasons: dict[str, dict[Any, dict[int, dict[str, str]]]] = {}
        """Each room's bots' reasons worked out, by deal and action, in every language."""
        self.asking: dict[str, dict[Any, asyncio.Future[dict[str, str]]]] = {}
        """Each room's reasons being worked out."""
        self.unheard: dict[Connection, float] = {}
        """The sockets that have not said ``hello`` yet, and when each opened."""
        self.opened = 0
        self.stirred: set[str] | None = None
        """The rooms something happened in since ``run_due`` last looked (``None``: every room)."""
        self.room_due: list[tuple[float, str]] = []
        """When each room is next due (a heap; a stale entry only makes a room looked at again)."""
        self.beats: list[tuple[float, int, Connection]] = []
        """When each socket's heartbeat or silence is next due (a heap, one entry a socket)."""
        self.tickets = itertools.count()
        self.swept_at = float("-inf")

    # ------------------------------------------------------------------ start

    def load(self) -> int:
        """Rebuild every recent room from the store (after a restart); return how many."""
        for code, events in self.store.rooms(since=self.wall() - self.limits.room_idle_s).items():
            self.rebuild_room(code, events)
        return len(self.rooms)

    def rebuild_room(self, code: str, events: list[dict[str, Any]]) -> Room | None:
        """A room rebuilt from its stored events and held (``None``, logged, if it cannot be)."""
        now = self.clock.now()
        try:
            room = Room.from_events(code, events, now)
        except (RoomError, MarjapussiError, ValueError) as err:
            log.warning("room %s could not be rebuilt: %s", code, err)
            return None
        room.changed_at = now
        self.rooms[code] = room
        self._poke(code)
        return room

    def find(self, code: str) -> Room | None:
        """The room of a code: held, or rebuilt from the store after it rested; ``None`` if there
        is none (``Refused`` when the server holds as many rooms as it may)."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        events = self.store.events(code)
        if not events:
            return None
        if len(self.rooms) >= self.limits.rooms:
            raise Refused("too-many-rooms")
        return self.rebuild_room(code, events)

    def rest(self, now: float) -> float | None:
        """Let the rooms at rest leave the memory (see the module docstring); return when the
        next room will be at rest (``None``: no room waits for it)."""
        due = [self._rest(room, now, room.code in self.members) for room in list(self.rooms.values())]
        return min((d for d in due if d is not None), default=None)

    def _rest(self, room: Room, now: float, occupied: bool) -> float | None:
        """Let one room leave the memory if it is at rest; return when it will be (``None``: it
        left, or waits for no time: a device is in it, a bot thinks, a review is worked out)."""
        code = room.code
        if occupied or code in self.thinking or code in self.reviewing:
            return None
        lock = self.locks.get(code)
        if lock is not None and lock.locked():
            return None
        since = max(room.changed_at, self.visited.get(code, room.changed_at))
        if now - since < self.limits.room_rest_s:
            return since + self.limits.room_rest_s
        del self.rooms[code]
        for kept in (self.locks, self.stood_in, self.starters, self.visited, self.reasons):
            kept.pop(code, None)
        return None

    # ------------------------------------------------------------------ connections

    async def connect(self, conn: Connection) -> bool:
        """A new socket; ``False`` (and a message) when the server has as many as it takes."""
        conn.last_seen = conn.last_sent = conn.last_ping = self.clock.now()
        if len(self.connections) >= self.limits.connections:
            await self._send(conn, {"type": "view", "ok": False, "announce": refusal("server-full", "en")})
            return False
        full = self.guard.open(conn, conn.address, conn.last_seen)
        if full is not None:
            await self._send(conn, {"type": "view", "ok": False, "announce": refusal(full, "en")})
            return False
        self.opened += 1
        conn.serial = self.opened
        conn.outbox = Outbox(conn.send_text, lambda: self._gone(conn))
        self.connections.add(conn)
        self.unheard[conn] = conn.last_seen
        heapq.heappush(self.beats, (self._beat_due(conn), next(self.tickets), conn))
        self.wake.set()  # its hello is due within Limits.hello_s
        return True

    async def disconnect(self, conn: Connection) -> None:
        """A socket closed (or was dropped): its seat, if any, is away from now on."""
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        self._unplace(conn)
        self.unheard.pop(conn, None)
        self.guard.close(conn, self.clock.now())
        conn.closed = True
        if conn.outbox is not None:
            conn.outbox.stop()
        room = self.rooms.get(conn.room or "")
        if room is not None:
            async with self._lock(room.code):
                await self._leave_room(conn, room, announce=True)

    async def receive(self, conn: Connection, text: Any) -> None:
        """Answer one message of a connection (within its rate limits, ``guard``); never raises."""
        now = conn.last_seen = self.clock.now()
        try:
            verdict = self.guard.admit(conn, now)
            if verdict is not Verdict.PASS:
                await self._throttle(conn, verdict)
                return
            command = parse(text, self.limits)
            if command.kind == "hello":
                self.unheard.pop(conn, None)
                self.guard.greeted(conn)
            keyed = command.kind == "hello" and self.holds_key(command.args)
            self.guard.check(conn, command, now, keyed=keyed)
            await self.handle_command(conn, command)
        except Refused as refused:
            await self._refuse(conn, refused.key)
            if refused.key in ("no-room", "bad-reclaim"):
                await self._missed(conn)
        except Exception:  # a bug must not kill the room or the socket: log it, say so
            log.exception("a message could not be handled")
            await self._refuse(conn, "error")

    # ------------------------------------------------------------------ the handlers

    async def handle_command(self, conn: Connection, command: Command) -> None:
        kind, args = command.kind, command.args
        if kind == "pong":
            return
        if kind == "hello":
            await self.greet(conn, args)
        elif kind == "lang":
            conn.viewer.lang = args["lang"]
            await self.show_view(conn)
        elif kind == "create":
            await self._create(conn, args)
        elif kind == "join":
            await self._join(conn, self._room(args["room"]))
        elif kind == "leave":
            await self._leave(conn, args["sure"])
        elif kind == "confirm" and conn.viewer.ui.confirm and conn.viewer.ui.confirm[0] == "leave":
            await self._leave(conn, False, answer=args["yes"])
        else:
            room = self.rooms.get(conn.room or "")
            if room is None:
                raise Refused("not-in-room")
            if kind == "why":  # a bot thinks it over again: off the room's lock
                await self._why(conn, room, args["i"])
                return
            async with self._lock(room.code):
                await self.handle_in_room(conn, room, kind, args)

    async def handle_in_room(self, conn: Connection, room: Room, kind: str, args: dict[str, Any]) -> None:
        viewer = conn.viewer
        pending, viewer.ui.confirm = viewer.ui.confirm, None  # a question not answered is dropped
        if kind == "confirm":  # the answer to the view's question: the step asked about, or not
            if pending is None or not args["yes"]:
                await self.show_view(conn)
            else:
                await self.handle_in_room(conn, room, pending[0], pending[1])
        elif kind in HOST_ONLY:
            if not viewer.host:
                raise Refused("not-host")
            await self._teach(conn, room, kind, args)
        elif kind == "sit":
            await self._sit(conn, room, args["seat"], args["name"])
        elif kind == "watch":
            await self._detach(conn, room)
            viewer.role = "projector" if args["projector"] else "spectator"
            if viewer.host:  # the host's own view: kept on the device, to come back after a reload
                await self._send(conn, {"type": "keep", "room": room.code, "teach": not args["projector"]})
            await self.show_view(conn, rt("you-watch", viewer.lang))
        elif kind == "reclaim":
            await self._reclaim(conn, room, args["code"])
        elif kind in ("next", "again"):
            self._require_player(conn)
            if viewer.host:  # the host's press always deals
                await self._deal_next(room, first=conn)
            else:  # a player's press says the player is ready (refused where the host deals)
                await self._ready(conn, room, True)
        elif kind == "ready":
            await self._ready(conn, room, args["on"])
        elif kind == "last":
            self._seat(conn)
            if room.last is None or room.live.deal.is_over():
                raise Refused("no-last-deal")
            viewer.ui.last = args["on"]
            await self.show_view(conn)
        else:
            seat = self._seat(conn)
            if kind == "move":
                viewer.ui.transfer = room.issue_reclaim(seat, self.clock.now(), self.limits)
                await self.show_view(conn)
            elif kind == "pick":
                await self._pick(conn, room, seat, args["card"])
            elif kind in ("play", "act", "discard"):
                await self._act(conn, room, seat, kind, args)
            else:
                raise Refused("bad-message")

    async def _deal_next(self, room: Room, first: Connection | None = None) -> None:
        """Start the next deal, or a new game once this one is over."""
        over = room.game_over
        event = room.again_event(secrets.randbelow(MAX_SEED + 1)) if over else room.next_event()
        await self.commit_events(
            room,
            event,
            lambda v: rt("new-game", v.lang) if over else pt("next-deal", v.lang, n=self._deal_number(room)),
            first=first,
        )

    async def _ready(self, conn: Connection, room: Room, on: bool) -> None:
        """A player says the next deal may start (or takes it back); once every seat counts as
        ready (``Room.all_ready``), it starts."""
        seat = self._seat(conn)
        event = room.ready_event(seat, on, self.clock.now())
        if event is None:
            await self.show_view(conn)
            return
        who = room.players[seat].name

        def say(viewer: Viewer) -> str:
            name = who or seat_name(seat, viewer.lang)
            return said_to(viewer, rt("ready-said" if on else "ready-back", viewer.lang, who=name))

        await self.commit_events(room, event, say, first=conn)
        await self._start_if_ready(room)

    async def _start_if_ready(self, room: Room) -> None:
        """Start the next deal when every seat counts as ready (under the room's lock)."""
        if room.all_ready(self.clock.now()):
            await self._deal_next(room)

    async def _teach(self, conn: Connection, room: Room, kind: str, args: dict[str, Any]) -> None:
        """The host's tools (the teacher's): the sender is the room's host."""
        viewer = conn.viewer
        if kind == "hands":
            if viewer.role != "seat":
                raise Refused("not-seated")
            viewer.every_hand = not viewer.every_hand
            await self._send(conn, {"type": "keep", "room": room.code, "hands": viewer.every_hand})
            await self.show_view(conn, rt("hands-all" if viewer.every_hand else "hands-own", viewer.lang))
        elif kind in ("back", "rewind"):
            n = len(room.live.deal.history) - 1 if kind == "back" else args["n"]
            await self.commit_events(room, room.rewind_event(n), self._notice_announce(room))
        elif kind == "position":
            await self._deal_position(conn, room, args)
        elif kind == "hint":
            await self._hint(room)
        elif kind == "comment":
            text = args["text"]
            await self.commit_events(room, room.comment_event(text), lambda v: rt("said", v.lang, text=text))
        elif kind == "free":
            await self._free(room, args["seat"])
        elif kind == "nextby":
            by = args["by"]
            await self.commit_events(room, room.next_by_event(by), lambda v: rt(f"next-by-{by}-now", v.lang))
            await self._start_if_ready(room)
        elif kind == "pause":
            await self.commit_events(
                room,
                room.pause_event(args["on"]),
                lambda v: rt("paused" if room.paused else "resumed", v.lang),
            )
        else:
            raise Refused("bad-message")

    async def _free(self, room: Room, seat: Seat) -> None:
        """The host frees a person's seat (its player's phone is lost): the devices seated there
        become visitors and forget the seat's token, and any device may sit there."""
        event = room.leave_event(seat)
        self._store(room, event)
        freed = [c for c in self._in(room) if c.viewer.role == "seat" and c.viewer.seat == seat]
        for conn in freed:
            await self._detach(conn, room)
            conn.keyed = conn.viewer.host
        room.apply(event, self.clock.now())
        for conn in freed:
            await self._send(conn, {"type": "keep", "room": room.code, "seat": None, "token": None})
        await self._broadcast(
            room,
            lambda v: rt("freed", v.lang, seat=seat_name(seat, v.lang)),
            personal={c: rt("freed-you", c.viewer.lang) for c in freed},
        )
        self._poke(room.code)

    async def _hint(self, room: Room) -> None:
        """The next hint (the Play page's: a nudge, then the card) to the player to act only."""
        seat = room.hint_seat(self.clock.now())
        if seat is None:
            raise Refused("no-hint")
        level = room.hint_level(seat) + 1
        if level > 2:
            raise Refused("hint-all")
        game = room.live.game
        texts = await self.bots.hint(game, level)
        if room.live.game is not game:
            return
        who = room.players[seat].name

        def say(viewer: Viewer) -> str:
            if viewer.role == "seat" and viewer.seat == seat:
                return texts.get(viewer.lang, texts["en"])
            if viewer.host:
                return rt("hint-sent", viewer.lang, who=who or seat_name(seat, viewer.lang))
            return ""

        await self.commit_events(room, room.hint_event(seat, level, texts), say)

    def _review(self, room: Room, game: Game) -> None:
        """Work out each player's review of a finished deal (the one in play, or the last) off the
        event loop, then show it (in seed-004 Huutopussi their calls too, the bidding's part
        capped in CPU: ``bots.reviews_of``)."""
        self.reviewing.add(room.code)

        async def work() -> None:
            reviews: dict[Seat, Any] = {}
            try:
                reviews = await self.bots.review(game, tuple(room.players))
            except Exception:
                log.exception("room %s: the review failed", room.code)
            finally:
                self.reviewing.discard(room.code)
            async with self._lock(room.code):
                if room.live.game is game:
                    room.reviews, room.reviewed = reviews, game
                    await self._broadcast(room, lambda v: "")
                elif room.last is game:
                    room.last_reviews, room.last_reviewed = reviews, game
                    await self._broadcast(room, lambda v: "")
            await self.reviewed(room)
            self._poke(room.code)  # the room may rest now

        self._later(work())

    async def reviewed(self, room: Room) -> None:
        """A finished deal's review is worked out, and the room's devices are shown it (a hub
        above the rooms shows it on its own screens too: ``evenings.ClubHub``)."""

    async def _deal_position(self, conn: Connection, room: Room, args: dict[str, Any]) -> None:
        """Deal a record's position, or a course exercise's, instead of a shuffle; a record that
        cannot be read or played is refused with what is wrong and where, and the room goes on."""
        lang = conn.viewer.lang
        try:
            record = exercise(args["exercise"]).record if args["exercise"] else parse_record(args["record"])
            event = room.position_event(record)
        except KeyError:
            raise Refused("no-position") from None
        except MarjapussiError as err:
            await self.show_view(conn, rt("bad-record", lang, why=error_text(err, lang)), ok=False)
            return
        if not args["sure"] and (room.live.game.done or room.live.deal.history):
            # A game in play would be lost: the host is asked first, and told what is lost.
            asked = "exercise-go" if args["exercise"] else "position-go"
            conn.viewer.ui.confirm = ("position", {**args, "sure": True}, asked)
            await self.show_view(conn)
            return
        await self.commit_events(room, event, self._notice_announce(room))

    async def greet(self, conn: Connection, args: dict[str, Any]) -> None:
        viewer = conn.viewer
        viewer.lang = args["lang"]
        code = args["room"]
        if code is None:
            self._lobby_place(conn)
            await self.to_lobby(conn)
            return
        room = self.find(code)
        if room is None:
            self._lobby_place(conn)
            await self.to_lobby(conn, refusal("no-room", viewer.lang))
            await self._missed(conn)
            return
        seat = room.seat_of_token(args["token"])
        host = room.is_host(args["host"])
        # a projector says nothing, not even that it entered
        await self._join(conn, room, keyed=seat is not None or host, quiet=args["view"] == "projector")
        viewer = conn.viewer
        async with self._lock(room.code):
            if host and not viewer.host:
                viewer.host = True
                room.host_came()
                await self._make_room(room, conn, host=True)
            viewer.every_hand = viewer.host and args["hands"]
            if args["view"] == "projector":  # the projector's page, even on a seated player's device
                await self._detach(conn, room)
                viewer.role = "projector"
                await self.show_view(conn)
            elif seat is not None and viewer.role == "seat" and viewer.seat == seat:
                await self.show_view(conn)  # said again on the same socket: already seated
            elif seat is not None:
                await self._take_seat(conn, room, seat, returning=True)
            else:
                if args["token"]:  # a token this room no longer knows (the seat moved on)
                    await self._send(conn, {"type": "keep", "room": room.code, "seat": None, "token": None})
                if viewer.host and args["teach"]:  # the host's own view comes back, as a seat does
                    viewer.role = "spectator"
                await self.show_view(conn)

    async def _create(self, conn: Connection, args: dict[str, Any]) -> None:
        if len(self.rooms) >= self.limits.rooms:
            raise Refused("too-many-rooms")
        try:
            settings = Settings.of(
                args["r"], args["seats"], args["grace"], args["open"], args["standin"], args["next"]
            )
        except RoomError:
            raise Refused("bad-message") from None
        code = new_room_code(self.codes)
        host = new_token()
        events = [Room.created_event(settings, secrets.randbelow(MAX_SEED + 1), token_hash(host))]
        token = ""
        if args["seat"]:
            token = new_token()
            events.append(
                {"e": "sat", "seat": args["seat"], "token": token_hash(token), "name": args["name"]}
            )
        now = self.clock.now()
        try:
            for seq, event in enumerate(events):
                self.store.append(code, seq, event, self.wall())
        except StoreError:
            raise Refused("store-failed") from None
        room = Room.from_events(code, events, now)
        room.changed_at = now
        self.rooms[code] = room
        await self._send(conn, {"type": "keep", "room": code, "host": host})
        await self._join(conn, room, keyed=True)
        conn.viewer.host = True
        room.host_came()
        async with self._lock(code):
            if args["seat"]:
                await self._take_seat(conn, room, Seat[args["seat"]], token=token)
            else:
                await self.show_view(conn, rt("created", conn.viewer.lang, code=shown_code(code)))
        self._poke()

    async def _join(self, conn: Connection, room: Room, keyed: bool = False, quiet: bool = False) -> None:
        """Bring a socket into a room: one that holds a key of it (``keyed``) always, another
        while the room has a place for it (``admit``); ``quiet``: without saying so (a projector)."""
        old = self.rooms.get(conn.room or "")
        if old is room:
            conn.keyed = conn.keyed or keyed
            return
        if not keyed:
            self.admit(room, conn)
        if old is not None:
            async with self._lock(old.code):
                await self._leave_room(conn, old, announce=True)
        self.place(conn, room.code)
        conn.keyed = keyed
        conn.viewer = Viewer(conn.viewer.lang, "visitor")
        conn.last_parts = ()
        said = "" if quiet else rt("entered", conn.viewer.lang, code=shown_code(room.code))
        await self.show_view(conn, said)

    async def _leave(self, conn: Connection, sure: bool, answer: bool | None = None) -> None:
        """Back to the start: a seated player is asked first (the seat goes away from this
        device, and a stand-in may play it), then goes, or stays on "no"."""
        room = self.rooms.get(conn.room or "")
        viewer = conn.viewer
        if answer is None and (sure or room is None or viewer.role != "seat"):
            self._lobby_place(conn)
            await self.to_lobby(conn)
            return
        assert room is not None
        async with self._lock(room.code):
            viewer.ui.confirm = ("leave", {}, "leave") if answer is None else None
            if not answer:
                await self.show_view(conn)
                return
        self._lobby_place(conn)
        await self.to_lobby(conn)

    async def to_lobby(self, conn: Connection, announce: str = "") -> None:
        room = self.rooms.get(conn.room or "")
        if room is not None:
            async with self._lock(room.code):
                await self._leave_room(conn, room, announce=True)
        self.place(conn, None)
        conn.keyed = False
        conn.viewer = Viewer(conn.viewer.lang)
        await self.show_view(conn, announce, room_code=None)

    async def _leave_room(self, conn: Connection, room: Room, announce: bool) -> None:
        seat = conn.viewer.seat if conn.viewer.role == "seat" else None
        await self._detach(conn, room)
        if conn.viewer.host:
            room.host_went(self.clock.now())
        self.place(conn, None)
        self.visited[room.code] = self.clock.now()
        self._poke(room.code)
        if seat is not None and announce and room.players[seat].sockets == 0:
            who = room.players[seat].name
            await self._broadcast(room, lambda v: rt("dropped", v.lang, who=who or seat_name(seat, v.lang)))

    async def _detach(self, conn: Connection, room: Room) -> None:
        viewer = conn.viewer
        if viewer.role == "seat" and viewer.seat is not None:
            room.detach(viewer.seat, self.clock.now())
            self._poke(room.code)
        viewer.role, viewer.seat, viewer.ui = "visitor", None, Ui()

    async def _sit(self, conn: Connection, room: Room, seat: Seat, name: str) -> None:
        if conn.viewer.role == "seat":
            raise Refused("seat-taken")
        token = new_token()
        event = room.sit_event(seat, token, name)
        self._store(room, event)
        room.apply(event, self.clock.now())
        await self._take_seat(conn, room, seat, token=token)

    async def _take_seat(
        self,
        conn: Connection,
        room: Room,
        seat: Seat,
        token: str = "",
        returning: bool = False,
        told: dict[Connection, str] | None = None,
        said: str | None = None,
    ) -> None:
        """Seat a connection (a new seat, a returning player, a reclaimed seat) and tell the room
        (``said``: what the connection's own reader is told, if not that it sat down)."""
        if conn.viewer.role == "seat":
            await self._detach(conn, room)
        viewer = conn.viewer
        viewer.role, viewer.seat, viewer.ui = "seat", seat, Ui()
        conn.keyed = True
        await self._make_room(room, conn, host=False)
        was_away = room.players[seat].sockets == 0
        room.attach(seat)
        if token:
            await self._send(conn, {"type": "keep", "room": room.code, "seat": seat.name, "token": token})
        name = room.players[seat].name

        def announce(v: Viewer) -> str:
            if returning and not was_away:
                return ""
            if returning:
                return said_to(v, rt("back", v.lang, who=name or seat_name(seat, v.lang)))
            who = name or rt("player", v.lang)
            return said_to(v, rt("sat", v.lang, who=who, seat=seat_name(seat, v.lang)))

        personal = dict(told or {})
        personal[conn] = (
            said if said is not None else rt("you-sat", viewer.lang, seat=seat_name(seat, viewer.lang))
        )
        await self._broadcast(room, announce, personal=personal)
        self._poke(room.code)

    async def _reclaim(self, conn: Connection, room: Room, code: str) -> None:
        seat = room.use_reclaim(code, self.clock.now(), self.limits)
        token = new_token()
        event = room.move_event(seat, token)
        self._store(room, event)
        room.apply(event, self.clock.now())
        moved = {}
        for other in [c for c in self._in(room) if c is not conn]:
            if other.viewer.role == "seat" and other.viewer.seat == seat:
                await self._detach(other, room)
                other.keyed = other.viewer.host
                await self._send(other, {"type": "keep", "room": room.code, "seat": None, "token": None})
                moved[other] = rt("moved-away", other.viewer.lang)
        await self._detach(conn, room)
        # The old device is told that its seat moved, not that its player is back.
        await self._take_seat(conn, room, seat, token=token, returning=True, told=moved)

    async def _pick(self, conn: Connection, room: Room, seat: Seat, card: str) -> None:
        deal = room.live.deal
        if deal.is_over() or deal.to_act != seat or deal.phase not in PICK_PHASES:
            raise Refused("not-your-turn")
        if card not in {c.code for c in deal.hand(seat)}:
            raise Refused("not-in-hand")
        pick = conn.viewer.ui.pick
        size = pick_size(deal.rules, deal.phase)
        if card in pick:
            pick.remove(card)
        elif len(pick) < size:
            pick.append(card)
        lang = conn.viewer.lang
        picked = (pt("picked", lang, n=len(pick)) if deal.phase is Phase.DISCARD
                  else pt("picked-exchange", lang, n=len(pick), of=size))
        await self.show_view(conn, picked)

    async def _act(self, conn: Connection, room: Room, seat: Seat, kind: str, args: dict[str, Any]) -> None:
        ui = conn.viewer.ui
        action = room.action_of(seat, kind, args, ui.pick)
        try:
            event = room.action_event(seat, action)
        except IllegalAction as err:
            ui.refused, ui.refused_at = err, len(room.live.deal.history)
            said = refusal_words(room, err, conn.viewer.lang)
            await self._show_refusal(conn, room, said_to(conn.viewer, said))
            return
        except MarjapussiError:
            raise Refused("not-offered") from None
        await self.commit_events(
            room, event, self._action_announce(room, seat, len(room.live.deal.history)), first=conn
        )

    def _notice_announce(self, room: Room) -> Announce:
        """Every connection is told what the host did (the room's notice, once it is applied)."""

        def say(viewer: Viewer) -> str:
            return said_to(viewer, notice_text(room, viewer.lang))

        return say

    def _action_announce(self, room: Room, seat: Seat, n: int) -> Announce:
        """What each connection is told of action number ``n`` of the deal (once it is applied)."""

        def say(viewer: Viewer) -> str:
            history = room.live.deal.history
            if n >= len(history):
                return ""
            own = viewer.seat if viewer.role == "seat" else None
            seen = action_as_seen(room.live.deal, own, seat, history[n][1])
            # the deal just after the action tells who took a trick, the result, whose turn
            after = room.live.deal if n == len(history) - 1 else None
            return announce_action(seat, seen, viewer, after)

        return say

    async def _why(self, conn: Connection, room: Room, index: int) -> None:
        """A bot's reason for its card, for a seat or the host (``Limits.room_reasons`` asked at
        once per room): worked out once per deal and action in every language, behind the
        bots' moves (``bots``), and kept until the deal after next."""
        if conn.viewer.role != "seat" and not conn.viewer.host:
            raise Refused("not-seated")
        deal = room.live.deal
        if not deal.is_over() or index >= len(deal.history):
            raise Refused("deal-not-over")
        seat, action = deal.history[index]
        level = room.settings.level_of(seat)
        if level is None or not isinstance(action, Play):
            raise Refused("bad-message")
        game = room.live.game
        key = (game.seed, len(game.done), len(game.prepared), game.actions)
        kept = self.reasons.setdefault(room.code, {})
        texts = kept.get(key, {}).get(index)
        if texts is None:
            asked = self.asking.setdefault(room.code, {})
            job = asked.get((key, index))
            if job is None:
                if len(asked) >= self.limits.room_reasons:
                    raise Refused("reasons-busy")
                job = asked[(key, index)] = asyncio.ensure_future(self.bots.reasons(game, level, index))
                job.add_done_callback(lambda _: self._asked(room.code, key, index))
            texts = await asyncio.shield(job)
            for old in [k for k in kept if k != key and (k[0] != key[0] or k[1] < key[1] - 1)]:
                del kept[old]  # another game's, or two deals back: the deal after next has begun
            kept.setdefault(key, {})[index] = texts
        if room.live.game is game:
            text = texts.get(conn.viewer.lang, texts.get("en", ""))
            conn.viewer.ui.why, conn.viewer.ui.why_text = index, text
            await self.show_view(conn, said_to(conn.viewer, text))

    def _asked(self, code: str, key: Any, index: int) -> None:
        asked = self.asking.get(code, {})
        asked.pop((key, index), None)
        if not asked:
            self.asking.pop(code, None)

    # ------------------------------------------------------------------ commit and tell

    def _store(self, room: Room, event: dict[str, Any]) -> None:
        try:
            self.store.append(room.code, room.events, event, self.wall())
        except StoreError:
            log.exception("room %s: an event could not be stored", room.code)
            raise Refused("store-failed") from None

    async def commit_events(
        self, room: Room, event: dict[str, Any], announce: Announce, first: Connection | None = None
    ) -> None:
        """Store an event, apply it, then tell every connection of the room (the store first;
        ``first``: the connection that asked for it)."""
        self._store(room, event)
        room.apply(event, self.clock.now())
        kept = event["e"] not in ("next", "again", "position")  # the last deal stays open
        for conn in self._in(room):
            ui = conn.viewer.ui
            conn.viewer.ui = Ui(transfer=ui.transfer, last=kept and ui.last)
        await self._broadcast(room, announce, first=first)
        self._poke(room.code)

    def _audience(self, room: Room, first: Connection | None = None) -> list[Connection]:
        """The room's connections in the order a broadcast serves them (``AUDIENCE``)."""

        def rank(conn: Connection) -> int:
            if conn is first:
                return 0
            role = conn.viewer.role
            return 2 if conn.viewer.host and role != "seat" else AUDIENCE.get(role, len(AUDIENCE) + 1)

        return sorted(self.members.get(room.code, ()), key=rank)

    async def _broadcast(
        self,
        room: Room,
        announce: Announce,
        personal: dict[Connection, str] | None = None,
        first: Connection | None = None,
    ) -> None:
        """Send every connection of a room its view: each distinct view (``view_key``) is built
        once, and its message serialized once for each thing said with it."""
        views = SharedViews(room, self.clock.now(), self.limits, self.rule_root)
        texts: dict[Hashable, str] = {}
        words: dict[Hashable, str] = {}
        for conn in self._audience(room, first):
            key = view_key(conn.viewer, self._base(conn))
            if personal and conn in personal:
                said = personal[conn]
            elif key is None:
                said = announce(conn.viewer)
            elif key in words:
                said = words[key]
            else:
                said = words[key] = announce(conn.viewer)
            await self._offer(conn, views, said, texts=texts, key=key)

    async def show_view(
        self, conn: Connection, announce: str = "", ok: bool = True, room_code: Any = ...
    ) -> None:
        """Send a connection its view (only when it changed or there is something to say)."""
        views = SharedViews(self.rooms.get(conn.room or ""), self.clock.now(), self.limits, self.rule_root)
        await self._offer(conn, views, announce, ok, room_code)

    async def _offer(
        self,
        conn: Connection,
        views: SharedViews,
        announce: str,
        ok: bool = True,
        room_code: Any = ...,
        texts: dict[Hashable, str] | None = None,
        key: Any = ...,
    ) -> None:
        """Send a connection its view of ``views.room`` unless it is the one it has and nothing is
        said: the parts that changed since its last view (``views.delta``; the outbox sends the
        whole view instead when it drops a view this one follows). ``texts``: the messages a
        broadcast serialized so far, shared by view key, words and the view before; ``key``: the
        connection's ``view_key``, when the broadcast has it (worked out here otherwise)."""
        base = self._base(conn)
        if key is ...:
            key = view_key(conn.viewer, base)
        parts = views.parts(conn.viewer, base, key)
        before = conn.last_parts
        if parts == before and not announce:
            return
        conn.last_parts = parts
        room = views.room
        message: dict[str, Any] = {"type": "view", "ok": ok, "parts": parts, "announce": announce}
        message["room"] = (room.code if room is not None else None) if room_code is ... else room_code
        shared = (key, announce, ok, before)
        text = texts.get(shared) if texts is not None and key is not None else None
        if text is None:
            text = dumps({**message, "parts": delta(before, parts)})
            if texts is not None and key is not None:
                texts[shared] = text
        await self._send(conn, message, text)

    async def _show_refusal(self, conn: Connection, room: Room, announce: str) -> None:
        """Tell a connection why its action was refused: the refused card to mark and the note
        that says why (``views.refusal_patch``), which the page puts into the view it has
        (``views.apply_refusal``): no view is built for a refusal. ``conn.last_parts`` stay
        the view without it, as the page's parts do (the next view is sent against them, and
        the page shows it whole, with the refusal while the connection's view still has it)."""
        if not conn.last_parts:  # no view yet to put it in: the view, built
            await self.show_view(conn, announce, ok=False)
            return
        card, note = refusal_patch(room, conn.viewer, self.rule_root)
        await self._send(conn, {"type": "refused", "card": card, "note": note, "announce": announce})

    def _base(self, conn: Connection) -> str:
        """The address a connection's links start with."""
        return self.public_url or conn.base

    async def _throttle(self, conn: Connection, verdict: Verdict) -> None:
        """A message over the connection's rate limit: say so once, or close a flooding socket."""
        if verdict is Verdict.SLOW:
            await self._refuse(conn, "slow-down")
        elif verdict is Verdict.CLOSE:
            await self._refuse(conn, "flood")
            await self._drop(conn, words=True)

    async def _refuse(self, conn: Connection, key: str) -> None:
        await self._send(
            conn, {"type": "view", "ok": False, "announce": refusal(key, conn.viewer.lang, self.limits)}
        )

    async def _send(self, conn: Connection, message: dict[str, Any], text: str | None = None) -> None:
        """Put a message in the connection's outbox (``text``: its serialized form, shared); it
        never waits on the socket. A socket the hub did not take is answered directly."""
        if conn.closed:
            return
        if conn.outbox is not None:
            conn.last_sent = self.clock.now()
            conn.outbox.put(message, text)
            return
        try:
            await conn.send_text(dumps(message) if text is None else text)
        except Exception:  # a socket gone before it was taken
            conn.closed = True

    def _gone(self, conn: Connection) -> None:
        """A socket failed between two messages: it is dropped."""
        conn.closed = True
        self._later(self.disconnect(conn))

    # ------------------------------------------------------------------ places

    def _in(self, room: Room) -> list[Connection]:
        """The connections in a room (a list: the caller may move them meanwhile)."""
        return list(self.members.get(room.code, ()))

    def place(self, conn: Connection, code: str | None) -> None:
        """Put a connection in a room (``None``: in none), and in the room's ``members``."""
        self._unplace(conn)
        conn.room = code
        if code is not None and conn in self.connections:
            self.members.setdefault(code, set()).add(conn)

    def _unplace(self, conn: Connection) -> None:
        """Take a connection out of its room's ``members`` (its ``room`` stays as it is)."""
        members = self.members.get(conn.room or "")
        if members is not None:
            members.discard(conn)
            if not members:
                del self.members[conn.room or ""]

    def admit(self, room: Room, conn: Connection) -> None:
        """Refuse (``Refused``) a socket without a key of the room when the room's places are
        taken (``Limits.room_connections``), or as many of them as one address may take."""
        address = self.guard.address(conn)
        keyless = [c for c in self._in(room) if not c.keyed and c is not conn]
        if len(keyless) >= self.limits.room_connections:
            raise Refused("room-full")
        if sum(1 for c in keyless if self.guard.address(c) == address) >= self.limits.room_address:
            raise Refused("room-address-full")

    def _lobby_place(self, conn: Connection) -> None:
        """Refuse (``Refused``) a socket to the lobby when as many from its address are there as
        ``Limits.lobby_address`` allows."""
        address = self.guard.address(conn)
        there = sum(
            1
            for c in self.connections
            if c.room is None and c is not conn and c not in self.unheard and self.guard.address(c) == address
        )
        if there >= self.limits.lobby_address:
            raise Refused("address-full")

    async def _make_room(self, room: Room, conn: Connection, host: bool) -> None:
        """Before ``conn`` takes a seat (or, ``host``, the host's key): the oldest of the other
        sockets holding it give it up, so that a seat has at most ``Limits.seat_sockets`` and
        the host ``Limits.host_sockets``."""
        if host:
            cap = self.limits.host_sockets
            holding = [c for c in self._in(room) if c.viewer.host and c is not conn]
        else:
            cap = self.limits.seat_sockets
            seat = conn.viewer.seat
            holding = [c for c in self._in(room) if c.viewer.role == "seat" and c.viewer.seat == seat]
            holding = [c for c in holding if c is not conn]
        holding.sort(key=lambda c: c.serial)
        for old in holding[: max(0, len(holding) - cap + 1)]:
            await self._give_up(room, old, host)

    async def _give_up(self, room: Room, conn: Connection, host: bool) -> None:
        """A socket gives up its seat (or, ``host``, the host's key) to a newer one. It stays in
        the room as a visitor while the room has a place for it, else it is closed; its page
        keeps the key, so a reload takes the seat back (none hands it round in a loop)."""
        lang = conn.viewer.lang
        if host:
            conn.viewer.host = conn.viewer.every_hand = False
            room.host_went(self.clock.now())
        else:
            await self._detach(conn, room)
        conn.keyed = conn.viewer.host or conn.viewer.role == "seat"
        said = rt("host-elsewhere" if host else "seat-elsewhere", lang)
        if not conn.keyed:
            try:
                self.admit(room, conn)
            except Refused:
                await self._send(conn, {"type": "view", "ok": False, "announce": said})
                self.place(conn, None)
                self.visited[room.code] = self.clock.now()
                self._later(self._drop(conn, words=True))
                return
        await self.show_view(conn, said)

    # ------------------------------------------------------------------ guesses

    def holds_key(self, args: dict[str, Any]) -> bool:
        """Tell whether a ``hello`` holds a seat key or the host key of the room it names."""
        code = args.get("room")
        if not code or not (args.get("token") or args.get("host")):
            return False
        try:
            room = self.find(code)
        except Refused:
            return False
        if room is None:
            return False
        return room.seat_of_token(args["token"]) is not None or room.is_host(args["host"])

    async def _missed(self, conn: Connection) -> None:
        """Count a wrong guess of a socket (``guard.Guard.miss``): close a socket that has made
        too many, and tell the hosts when its address has to wait."""
        miss = self.guard.miss(conn, self.clock.now())
        if miss.locked:
            await self._tell_locked(self.guard.address(conn), conn.room)
        if miss.close:
            await self._refuse(conn, "wrong-codes")
            await self._drop(conn, words=True)

    async def _tell_locked(self, address: str, code: str | None) -> None:
        """Tell the hosts of the rooms that devices of ``address`` are in (or guessed in), and
        hosts at that address, that codes from it are refused for a while."""
        rooms = {code} if code else set()
        rooms |= {c.room for c in self.connections if c.room and self.guard.address(c) == address}
        for conn in [c for c in self.connections if c.viewer.host and c.room]:
            if conn.room in rooms or self.guard.address(conn) == address:
                await self._send(
                    conn, {"type": "view", "ok": False, "announce": rt("codes-locked", conn.viewer.lang)}
                )

    # ------------------------------------------------------------------ checks

    def _room(self, code: str) -> Room:
        room = self.find(code)
        if room is None:
            raise Refused("no-room")
        return room

    def _seat(self, conn: Connection) -> Seat:
        if conn.viewer.role != "seat" or conn.viewer.seat is None:
            raise Refused("not-seated")
        return conn.viewer.seat

    def _require_player(self, conn: Connection) -> None:
        if conn.viewer.role != "seat" and not conn.viewer.host:
            raise Refused("not-seated")

    def _deal_number(self, room: Room) -> int:
        return len(room.live.game.done) + 1

    def _lock(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    # ------------------------------------------------------------------ what is due

    def _poke(self, code: str | None = None) -> None:
        """Wake the timer: something happened in a room (``None``: in any room, look at every one)."""
        if code is None:
            self.stirred = None
        elif self.stirred is not None:
            self.stirred.add(code)
        self.wake.set()

    def _later(self, job: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def run_due(self) -> float | None:
        """Do what is due now; return when something is next due (``None``: nothing waits).

        Only the rooms something happened in (``_poke``) or whose time has come are looked at,
        and only the sockets whose heartbeat is due; once every ``Limits.heartbeat_s`` every
        room is (a net under a change that forgot to say so)."""
        now = self.clock.now()
        if now >= self.swept_at + self.limits.heartbeat_s:
            self.stirred, self.swept_at = None, now
        if self.stirred is None:
            codes = list(self.rooms)
            self.room_due = []
        else:
            codes = list(self.stirred)
            while self.room_due and self.room_due[0][0] <= now:
                codes.append(heapq.heappop(self.room_due)[1])
        self.stirred = set()
        for code in dict.fromkeys(codes):
            room = self.rooms.get(code)
            if room is None:
                continue
            due = await self._room_due(room, now, code in self.members)
            if due is not None:
                heapq.heappush(self.room_due, (due, code))
        # Each socket due is looked at once a call, and by the very sums ``_beat_due`` makes:
        # ``now - seen >= silent`` and ``seen + silent <= now`` can differ in floating point, and
        # a socket found neither silent nor due a ping but due again at ``now`` spun this loop
        # for ever (the bench's hand-moved clock met it: the hub hung in run_due).
        due_now = []
        while self.beats and self.beats[0][0] <= now:
            due_now.append(heapq.heappop(self.beats)[2])
        for conn in due_now:
            if conn not in self.connections:
                continue
            if conn.last_seen + self.limits.silent_s <= now:
                await self._drop(conn)
                continue
            if self._quiet_since(conn) + self.limits.heartbeat_s <= now:
                conn.last_ping = now
                await self._send(conn, {"type": "ping"})
            heapq.heappush(self.beats, (self._beat_due(conn), next(self.tickets), conn))
        times = [heap[0][0] for heap in (self.room_due, self.beats) if heap]
        times.extend(await self._close_unheard(now))
        return min(times) if times else None

    def _quiet_since(self, conn: Connection) -> float:
        """Since when a socket has had no heartbeat and one side of it has been quiet: a socket
        that talks and is answered within every ``Limits.heartbeat_s`` needs none (each would be
        a message each way for nothing), one that only listens still answers them, and the page
        still hears from a server that has had nothing to say to it."""
        return max(conn.last_ping, min(conn.last_seen, conn.last_sent))

    def _beat_due(self, conn: Connection) -> float:
        """When a socket is next due a heartbeat, or to be dropped as silent."""
        return min(self._quiet_since(conn) + self.limits.heartbeat_s, conn.last_seen + self.limits.silent_s)

    async def _room_due(self, room: Room, now: float, occupied: bool) -> float | None:
        """Do what is due in one room; return when it is next due (``None``: when it is stirred)."""
        async with self._lock(room.code):
            await self._stand_ins(room, now)
            await self._starter(room, now)
            await self._start_if_ready(room)
        live = room.live
        if room.code in self.reviewing:
            pass
        elif live.deal.is_over() and room.reviewed is not live.game:
            self._review(room, live.game)
        elif room.last is not None and room.last_reviewed is not room.last:
            self._review(room, room.last)  # the last deal's, after a restart or a quick next deal
        due = []
        level = room.bot_to_act(now)
        if level is not None and room.code not in self.thinking:
            start = room.changed_at + self.limits.bot_pace_s
            if start <= now:
                self._think(room, level)
            else:
                due.append(start)
        ends = room.grace_ends(after=now)
        if ends is not None:
            due.append(ends)
        if room.host_away is not None and room.next_starter(now) == "host":
            due.append(room.host_away + room.settings.grace)  # then the players start the next deal
        resting = self._rest(room, now, occupied)
        if room.code not in self.rooms:
            return None
        if resting is not None:
            due.append(resting)
        return min(due) if due else None

    async def _close_unheard(self, now: float) -> list[float]:
        """Close the sockets that have not said ``hello`` within ``Limits.hello_s`` of opening;
        return when the next of the others is due."""
        due = []
        for conn, opened in list(self.unheard.items()):
            if now - opened >= self.limits.hello_s:
                del self.unheard[conn]
                await self._drop(conn)
            else:
                due.append(opened + self.limits.hello_s)
        return [min(due)] if due else []

    async def _stand_ins(self, room: Room, now: float) -> None:
        """Tell the room when a bot starts (or stops) playing for an away player."""
        standing = frozenset(s for s in room.players if room.controller(s, now) == "stand-in")
        before = self.stood_in.get(room.code, frozenset())
        if standing == before:
            return
        self.stood_in[room.code] = standing
        new = standing - before
        if new:
            seats = sorted(new)
            await self._broadcast(
                room, lambda v: " ".join(rt("stand-in", v.lang, seat=seat_name(s, v.lang)) for s in seats)
            )
        else:
            await self._broadcast(room, lambda v: "")

    async def _starter(self, room: Room, now: float) -> None:
        """Show every screen the players' controls when the host has been away past the grace
        period (and the host's again when the host is back)."""
        starter = room.next_starter(now)
        if self.starters.get(room.code, room.next_by) != starter:
            self.starters[room.code] = starter
            await self._broadcast(room, lambda v: "")

    def _think(self, room: Room, level: str) -> None:
        """Start a bot's decision off the event loop; its move is committed if the table is as it was."""
        game = room.live.game
        seat = room.live.deal.to_act

        async def move() -> None:
            try:
                code = await self.bots.decide(game, level)
                async with self._lock(room.code):
                    current = self.rooms.get(room.code) is room and room.live.game is game
                    if not current or room.bot_to_act(self.clock.now()) != level:
                        return  # the table moved on meanwhile (a player came back and acted)
                    n = len(room.live.deal.history)
                    event = {"e": "act", "seat": seat.name, "n": n, "code": code, "by": level}
                    await self.commit_events(room, event, self._action_announce(room, seat, n))
            except Refused:
                pass
            except Exception:
                log.exception("room %s: a bot's move failed", room.code)
            finally:
                self.thinking.pop(room.code, None)
                self._poke(room.code)

        self.thinking[room.code] = asyncio.ensure_future(move())

    async def _drop(self, conn: Connection, words: bool = False) -> None:
        """Close a socket that stopped answering (a phone that lost its network mid-game);
        ``words``: after what its outbox holds has gone (what it was told last: this waits on
        that socket, so never from the timer or under a room's lock)."""
        if words and conn.outbox is not None:
            await conn.outbox.sent()
        conn.closed = True
        if conn.outbox is not None:
            conn.outbox.stop()
        with contextlib.suppress(Exception):
            await conn.close_socket()
        await self.disconnect(conn)

    async def settle(self) -> None:
        """Run until nothing is due now and no bot is thinking (tests: wait for the condition itself)."""
        for _ in range(10_000):
            await self.run_due()
            pending = [*self.thinking.values(), *self.tasks, *self.sending()]
            if not pending:
                now = self.clock.now()
                if not any(
                    r.bot_to_act(now) and r.changed_at + self.limits.bot_pace_s <= now
                    for r in self.rooms.values()
                ):
                    return
                continue
            await asyncio.gather(*pending, return_exceptions=True)
        raise RuntimeError("the rooms did not settle")

    def sending(self) -> list[asyncio.Task[None]]:
        """The outboxes' tasks still sending."""
        return [c.outbox.task for c in self.connections if c.outbox is not None and c.outbox.task is not None]

    async def serve(self) -> None:
        """Run what is due for as long as the server runs (the real clock)."""
        while True:
            try:
                due = await self.run_due()
            except Exception:
                log.exception("the rooms' timer failed")
                due = self.clock.now() + 1.0
            self.wake.clear()
            # woken by what is poked (``wake``) or by a timer handle at the time due: no task and
            # no timeout error a wake (``wait_for`` made both, about once an action)
            timer = None
            if due is not None:
                timer = asyncio.get_running_loop().call_later(max(0.0, due - self.clock.now()), self.wake.set)
            try:
                await self.wake.wait()
            finally:
                if timer is not None:
                    timer.cancel()
