"""A room: one game of the model (``marjapussi.game``) played by people and bots, kept as events.

A room is its list of events, as PoggersOy's rooms are: ``Room.from_events`` rebuilds it
by applying them in order, and ``Room.apply`` is the one place a room changes, whether
an event was just accepted or is read back from the store after a restart. Each
``*_event`` method checks a request against the room (and, for an action, against the
engine through the game model) and returns the event to store, or raises ``Refused``
with the key of a translated message; it changes nothing.

Events (plain JSON objects, ``e`` their kind):

- ``created``: the settings (``Settings``), the game's seed (it never leaves the server)
  and the host token's hash;
- ``sat`` (``seat``, ``token``: the seat token's hash, ``name``), ``moved`` (``seat``, ``token``:
  the seat is the new device's), ``left`` (``seat``: free again);
- ``act`` (``seat``, ``n``: the action's index in the deal, ``code``: the model's action code);
- ``next`` (the next deal), ``again`` (``seed``: a new game with the same seats);
- ``ready`` (``seat``, ``on``: a player says the next deal (or new game) may start, or takes it
  back), ``nextby`` (``by``: who starts the next deal, ``NEXT_BY``: the host changed it);
- the host's tools: ``rewind`` (``n``, ``from``: the deal in play goes back from ``from``
  actions to its first ``n``), ``pause`` (``on``: the bots wait, or play again),
  ``comment`` (``n``: after the deal's first ``n`` actions, ``text``), ``position`` (a
  prepared position instead of a shuffle: a new game whose first deal is dealt from
  ``hands``, card masks in seat order, by ``dealer`` with ``opening``, and goes on from the
  action codes ``codes``; the seed deals the deals after it), ``hint`` (``seat``, ``n``,
  ``level``: a hint to the player to act, with its words, ``texts``, in every language);
- at a club night's table (a ``created`` event with ``evening``: the evening's code, and
  ``round``, ``table``, ``ends``: when the round's time runs out, stored on the wall clock;
  the club night's hub puts ``Room.ends`` on its monotonic clock):
  ``board`` (``board``: its number, ``dealer``, ``opening``, ``hands``:
  the board's cards, as ``position`` has them) starts a one-deal game of that board; ``next``
  and ``again`` are refused there (the evening deals the boards).

The review of each player's cards (and calls) once a deal is over is the present only
(``reviews``): the hub works it out again after a restart.

What is not an event is the present only: which seats have a device connected, since
when a player is away, the reclaim codes shown. After a restart every player is away
from the moment the server started, and a bot plays for one who has not come back when
the room's grace period has passed (``controller``).

>>> settings = Settings.of("guild", {"N": "club", "E": "random", "W": "beginner"})
>>> room = Room.from_events("ABCDEFGH", [Room.created_event(settings, 7, "")])
>>> room.controller(Seat.S, 0.0), room.controller(Seat.N, 0.0)
('empty', 'bot')
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..actions import Action, Discard, Give, Play, ReturnCards
from ..cards import Seat, parse_card
from ..club import board_deal
from ..deal import PLAYING_SEATS, Deal, Phase
from ..errors import MarjapussiError
from ..game import (
    LEVELS,
    MAX_SEED,
    RULESETS,
    Game,
    GameError,
    LiveGame,
    Prepared,
    code_of,
    picked_action,
)
from ..messages import LANGUAGES
from ..record import GameRecord, format_record, record_from_deal, replay
from ..scoring import ScoreSheet
from .codes import new_reclaim_code, same_hash, token_hash
from .limits import LIMITS, Limits
from .protocol import NEXT_BY, PERSON, Refused

if TYPE_CHECKING:
    from .bots import SeatReview

__all__ = ["Player", "Room", "RoomError", "Settings", "record_text"]



class RoomError(ValueError):
    """An event that cannot be applied to the room (a damaged store): the room keeps what it had."""


@dataclass(frozen=True)
class Settings:
    """A room's set-up: the rules, who plays each seat, the grace period, open hands, and the
    level of the bot that plays a dropped player's seat."""

    ruleset: str
    levels: tuple[tuple[Seat, str | None], ...]
    """Each seat in play: ``None`` for a person's seat, else the level of its bot."""
    grace: int = LIMITS.default_grace
    """Seconds a dropped player's seat waits before a bot plays it."""
    open_hands: bool = False
    """A practice setting: every hand is shown on every screen (every player is told)."""
    stand_in: str = "club"
    next_by: str = "ready"
    """Who starts the next deal and a new game (``NEXT_BY``)."""

    @classmethod
    def of(
        cls,
        ruleset: str,
        seats: Mapping[str, str],
        grace: int = LIMITS.default_grace,
        open_hands: bool = False,
        stand_in: str = "club",
        next_by: str = "ready",
    ) -> Settings:
        """Settings from a seat map (``"N": "club"``, ``"S": "person"``; a seat not named is a
        person's); ``RoomError`` for anything the rules or the levels do not know."""
        if ruleset not in RULESETS or stand_in not in LEVELS or next_by not in NEXT_BY:
            raise RoomError("settings")
        levels: list[tuple[Seat, str | None]] = []
        for seat in PLAYING_SEATS[RULESETS[ruleset].players]:
            kind = seats.get(seat.name, PERSON)
            if kind != PERSON and kind not in LEVELS:
                raise RoomError("settings")
            levels.append((seat, None if kind == PERSON else kind))
        if not isinstance(grace, int) or isinstance(grace, bool) or not 0 <= grace <= 86_400:
            raise RoomError("settings")
        return cls(ruleset, tuple(levels), grace, bool(open_hands), stand_in, next_by)

    def to_json(self) -> dict[str, Any]:
        return {
            "r": self.ruleset,
            "seats": {s.name: (PERSON if level is None else level) for s, level in self.levels},
            "grace": self.grace,
            "open": self.open_hands,
            "standin": self.stand_in,
            "next": self.next_by,
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict) or not isinstance(data.get("seats"), dict):
            raise RoomError("settings")
        return cls.of(
            data.get("r", ""),
            data["seats"],
            data.get("grace", LIMITS.default_grace),
            data.get("open") is True,
            data.get("standin", "club"),
            data.get("next", "ready"),  # a room stored before the setting: anyone seated dealt
        )

    def level_of(self, seat: Seat) -> str | None:
        """The level of the bot at ``seat``; ``None`` for a person's seat."""
        return dict(self.levels).get(seat)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play."""
        return tuple(s for s, _ in self.levels)


@dataclass
class Player:
    """A person's seat: who holds it (their token's hash and name) and, while the server runs,
    whether a device of theirs is connected."""

    token: str = ""
    """The SHA-256 of the seat token; empty while the seat is free."""
    name: str = ""
    sockets: int = 0
    away_since: float | None = None
    """Since when no device of the player is connected (``None`` while one is)."""
    reclaim: tuple[str, float] | None = None
    """The hash of the reclaim code shown on the player's device, and when it expires."""

    @property
    def taken(self) -> bool:
        return bool(self.token)


@dataclass
class Room:
    """A room rebuilt from its events (see the module docstring)."""

    code: str
    settings: Settings
    seed: int
    host: str
    """The SHA-256 of the host's token."""
    live: LiveGame
    players: dict[Seat, Player] = field(default_factory=dict)
    events: int = 0
    """How many events the room holds (the next event's number)."""
    changed_at: float = 0.0
    """When the room last changed (the bots' pace counts from it)."""
    notice: tuple[str, dict[str, int]] | None = None
    """What the host last did to the table, told on every screen until the next action
    (the key of its words and their numbers): a take-back."""
    paused: bool = False
    """The host has paused the bots (and the bots standing in for players away)."""
    comments: list[tuple[int, str, bool]] = field(default_factory=list)
    """The host's comments on the deal in play: after how many of its actions, the words, and
    whether the move it followed was taken back (it then belongs to the last action left)."""
    hint: tuple[Seat, int, int, dict[str, str]] | None = None
    """The host's last hint: to which seat, at which action of the deal, its level, its words."""
    reviews: dict[Seat, SeatReview] = field(default_factory=dict)
    """Each player's review of the finished deal in play (once worked out for ``reviewed``; in
    seed-004 Huutopussi its calls too)."""
    reviewed: Game | None = None
    ready: set[Seat] = field(default_factory=set)
    """The seats whose players said the next deal (or a new game) may start."""
    next_by: str = "ready"
    """Who starts the next deal now as the host set it (``NEXT_BY``; ``next_starter`` says who
    does while the host is away)."""
    last: Game | None = None
    """The game as it was when its previous deal ended (each seat can look back at that deal
    during the next one); ``None`` in a game's first deal."""
    last_comments: list[tuple[int, str, bool]] = field(default_factory=list)
    """The host's comments on that previous deal."""
    last_reviews: dict[Seat, SeatReview] = field(default_factory=dict)
    """Each player's review of that previous deal (the present only, as ``reviews``)."""
    last_reviewed: Game | None = None
    hosts: int = 0
    """How many of the host's devices are connected (the present only)."""
    host_away: float | None = None
    """Since when no device of the host's is connected (``None`` while one is)."""
    evening: str = ""
    """The code of the club night this room is a table of (empty for a room of its own)."""
    round: int = 0
    table: int = 0
    board: int = 0
    """The board in play at a club night's table (0: none yet)."""
    deals: int = -1
    """A Games table's deals (0: the whole game); -1 for any other room."""
    ends: float = 0.0
    """When a club night's table's round runs out of its time, on the server's clock (its
    screens show the time left); 0 for any other room."""
    bot_seats: set[Seat] = field(default_factory=set)
    """A club night's table: the players' seats the director put a bot in (``bot`` events)."""
    kept: dict[Hashable, Any] = field(default_factory=dict, repr=False, compare=False)
    """What the views built for the room's present state (``views``: kept while ``events`` is the
    same, the present only)."""

    # ------------------------------------------------------------------ events in

    @staticmethod
    def created_event(
        settings: Settings,
        seed: int,
        host: str,
        table: tuple[str, int, int] | None = None,
        deals: int | None = None,
        ends: float = 0.0,
    ) -> dict[str, Any]:
        """The first event of a new room; ``table``: a club night's table (the evening's code,
        the round and the table's number), ``ends``: when its round's time runs out; ``deals``:
        a Games table's deals (0: the whole game), whose deals follow one another by ``next``
        (a same-deals table's come by ``board``)."""
        event: dict[str, Any] = {"e": "created", "settings": settings.to_json(), "seed": seed, "host": host}
        if table is not None:
            event.update(evening=table[0], round=table[1], table=table[2], ends=ends)
        if deals is not None:
            event["deals"] = deals
        return event

    @classmethod
    def from_events(cls, code: str, events: Iterable[dict[str, Any]], now: float = 0.0) -> Room:
        """Rebuild a room from its events; ``RoomError`` if the first is not a good ``created``.

        A later event that cannot be applied ends the replay there (a damaged store loses
        the events after it, never the room).
        """
        stream = iter(events)
        first = next(stream, None)
        if not isinstance(first, dict) or first.get("e") != "created":
            raise RoomError("created")
        settings = Settings.from_json(first.get("settings"))
        seed = first.get("seed")
        host = first.get("host", "")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise RoomError("seed")
        if not isinstance(host, str):
            raise RoomError("host")
        room = cls(code, settings, seed, host, LiveGame(Game.new(settings.ruleset, seed)))
        room.next_by = settings.next_by
        evening, round_number, table = first.get("evening", ""), first.get("round", 0), first.get("table", 0)
        if not isinstance(evening, str) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10_000 for n in (round_number, table)
        ):
            raise RoomError("evening")
        room.evening, room.round, room.table = evening, round_number, table
        deals = first.get("deals", -1)
        if not isinstance(deals, int) or isinstance(deals, bool) or not -1 <= deals <= 100:
            raise RoomError("evening")
        room.deals = deals
        ends = first.get("ends", 0.0)
        if not isinstance(ends, (int, float)) or isinstance(ends, bool) or not math.isfinite(ends):
            raise RoomError("evening")
        room.ends = float(ends)
        room.players = {seat: Player() for seat, level in settings.levels if level is None}
        room.events = 1
        for event in stream:
            try:
                room.apply(event, now)
            except RoomError:
                break
        for player in room.players.values():
            if player.taken:
                player.away_since = now
        room.host_away = now
        return room

    def apply(self, event: Any, now: float = 0.0) -> None:
        """Apply one event: the one place a room changes. ``RoomError`` (and no change) for an
        event that does not fit the room."""
        if not isinstance(event, dict):
            raise RoomError("event")
        kind = event.get("e")
        if kind in ("act", "next", "again", "rewind", "position", "board"):
            self.hint = None
            self.ready = set()
        if (kind == "again" and self.evening) or (kind == "next" and self.evening and self.deals < 0):
            raise RoomError(kind)
        if kind in ("sat", "moved", "left"):
            seat = self._person_seat(event.get("seat"))
            player = self.players[seat]
            if kind == "left":
                self.players[seat] = Player()
                self.ready.discard(seat)
                self.bot_seats.discard(seat)
            else:
                token = event.get("token")
                if not isinstance(token, str) or not token:
                    raise RoomError("token")
                if kind == "sat":
                    name = event.get("name", "")
                    if player.taken or not isinstance(name, str) or len(name) > 4 * LIMITS.name_chars:
                        raise RoomError("sat")
                    player.name = name
                elif not player.taken:
                    raise RoomError("moved")
                player.token = token
                player.reclaim = None
        elif kind == "act":
            self._apply_action(event)
            self.notice = None
        elif kind == "ready":
            seat = self._person_seat(event.get("seat"))
            on = event.get("on")
            if not isinstance(on, bool) or not self.live.deal.is_over() or (seat in self.ready) == on:
                raise RoomError("ready")
            if on:
                self.ready.add(seat)
            else:
                self.ready.discard(seat)
        elif kind == "nextby":
            by = event.get("by")
            if by not in NEXT_BY or by == self.next_by:
                raise RoomError("nextby")
            self.next_by = by
        elif kind == "next":
            following = self.live.game.next_deal()
            if following is None:
                raise RoomError("next")
            self._keep_last()
            self.live.reset(following)
            self.notice = None
            self.comments = []
        elif kind == "rewind":
            self._apply_rewind(event)
        elif kind == "position":
            self.live.reset(self._position_game(event))
            self.last, self.last_comments, self.last_reviews, self.last_reviewed = None, [], {}, None
            self.notice = ("positioned", {})
            self.comments = []
        elif kind == "board":
            self._apply_board(event)
        elif kind == "bot":
            seat = self._person_seat(event.get("seat"))
            on = event.get("on")
            if not self.evening or not isinstance(on, bool) or (seat in self.bot_seats) == on:
                raise RoomError("bot")
            if on:
                self.bot_seats.add(seat)
            else:
                self.bot_seats.discard(seat)
        elif kind == "hint":
            self._apply_hint(event)
        elif kind == "comment":
            n, text = event.get("n"), event.get("text")
            if n != len(self.live.deal.history) or not isinstance(text, str) or not text:
                raise RoomError("comment")
            self.comments.append((n, text, False))
        elif kind == "pause":
            on = event.get("on")
            if not isinstance(on, bool) or on == self.paused:
                raise RoomError("pause")
            self.paused = on
        elif kind == "again":
            seed = event.get("seed")
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
                raise RoomError("seed")
            if not self.game_over:
                raise RoomError("again")
            self._keep_last()
            self.seed = seed
            self.live.reset(Game.new(self.settings.ruleset, seed))
            self.notice = None
            self.comments = []
        else:
            raise RoomError("event")
        self.events += 1
        self.changed_at = now

    def _keep_last(self) -> None:
        """Keep the deal just over (its game, comments and reviews) for a look back during the next."""
        self.last, self.last_comments = self.live.game, self.comments
        self.last_reviews, self.last_reviewed = self.reviews, self.reviewed
        self.reviews, self.reviewed = {}, None

    def _person_seat(self, value: Any) -> Seat:
        if not isinstance(value, str) or value not in Seat.__members__ or Seat[value] not in self.players:
            raise RoomError("seat")
        return Seat[value]

    def _apply_action(self, event: dict[str, Any]) -> None:
        seat, n, code = event.get("seat"), event.get("n"), event.get("code")
        if not isinstance(seat, str) or self.live.to_act() is None or seat != self.live.deal.to_act.name:
            raise RoomError("act")
        if n != len(self.live.deal.history) or not isinstance(code, str):
            raise RoomError("act")
        try:
            self.live.push_code(code)
        except GameError:
            raise RoomError("act") from None

    def _apply_rewind(self, event: dict[str, Any]) -> None:
        n, before = event.get("n"), event.get("from")
        count = len(self.live.deal.history)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < count or before != count:
            raise RoomError("rewind")
        game = self.live.game
        self.live.reset(replace(game, actions=game.actions[: 2 * n]))
        # A comment on a move taken back is kept, on the last action left, marked as such.
        self.comments = [(at, text, back) if at <= n else (n, text, True) for at, text, back in self.comments]
        self.notice = ("rewound", {"n": count - n, "at": n + 1})

    def _apply_board(self, event: dict[str, Any]) -> None:
        board = event.get("board")
        if not self.evening or not isinstance(board, int) or isinstance(board, bool) or board < 1:
            raise RoomError("board")
        self.live.reset(self._position_game({**event, "codes": ""}, board))
        self.board = board
        self.notice = None
        self.comments = []

    def _apply_hint(self, event: dict[str, Any]) -> None:
        seat, n, level, texts = (event.get(k) for k in ("seat", "n", "level", "texts"))
        to_act = self.live.to_act()
        if to_act is None or seat != to_act.name or n != len(self.live.deal.history) or level not in (1, 2):
            raise RoomError("hint")
        if not isinstance(texts, dict) or not all(isinstance(texts.get(lang), str) for lang in LANGUAGES):
            raise RoomError("hint")
        self.hint = (to_act, n, level, {lang: texts[lang] for lang in LANGUAGES})

    def hint_level(self, seat: Seat) -> int:
        """The level of the hint the seat has for the position in play (0: none)."""
        hint = self.hint
        if hint is None or hint[0] != seat or hint[1] != len(self.live.deal.history):
            return 0
        return hint[2]

    def hint_seat(self, now: float | None = None) -> Seat | None:
        """The player to act who may be sent a hint (a person's seat, taken, and at ``now`` not
        played by a stand-in bot); ``None`` if none."""
        seat = self.live.to_act()
        if seat is None or seat not in self.players or not self.players[seat].taken:
            return None
        if now is not None and self.controller(seat, now) == "stand-in":
            return None
        return seat

    def _position_game(self, event: dict[str, Any], number: int = 0) -> Game:
        """The game a ``position`` event starts, its first deal numbered ``number`` (a ``board``
        event's: the board's); ``RoomError`` for one that does not hold."""
        dealer, opening, hands, codes = (event.get(k) for k in ("dealer", "opening", "hands", "codes"))
        if not isinstance(dealer, str) or dealer not in Seat.__members__ or not isinstance(opening, bool):
            raise RoomError("position")
        if not isinstance(hands, list) or len(hands) != 4 or not isinstance(codes, str):
            raise RoomError("position")
        if not all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h < 2**36 for h in hands):
            raise RoomError("position")
        prepared = (Prepared(number, (hands[0], hands[1], hands[2], hands[3])),)
        game = Game(
            self.settings.ruleset, self.seed, number, Seat[dealer], opening, prepared=prepared, actions=codes
        )
        try:
            game.position()
        except (MarjapussiError, ValueError):
            raise RoomError("position") from None
        return game

    # ------------------------------------------------------------------ requests → events

    def sit_event(self, seat: Seat, token: str, name: str) -> dict[str, Any]:
        """Take a free person's seat with a new token (its hash is stored)."""
        if seat not in self.settings.seats:
            raise Refused("no-such-seat")
        if seat not in self.players:
            raise Refused("seat-is-bot")
        if self.players[seat].taken:
            raise Refused("seat-taken")
        return {"e": "sat", "seat": seat.name, "token": token_hash(token), "name": name}

    def move_event(self, seat: Seat, token: str) -> dict[str, Any]:
        """Give a taken seat to a new device's token (after a reclaim code, or the host's say)."""
        if seat not in self.players or not self.players[seat].taken:
            raise Refused("no-such-seat")
        return {"e": "moved", "seat": seat.name, "token": token_hash(token)}

    def bot_event(self, seat: Seat, on: bool) -> dict[str, Any]:
        """At a club night's table: a bot plays a player's seat from now on (``on``), or the seat
        is the player's again."""
        if not self.evening or seat not in self.players or not self.players[seat].taken:
            raise Refused("no-such-seat")
        if (seat in self.bot_seats) == on:
            raise Refused("evening-bot-on" if on else "evening-bot-off")
        return {"e": "bot", "seat": seat.name, "on": on}

    def leave_event(self, seat: Seat) -> dict[str, Any]:
        """Free a person's seat (the host's reassignment, or a player who gives the seat up)."""
        if seat not in self.players or not self.players[seat].taken:
            raise Refused("no-such-seat")
        return {"e": "left", "seat": seat.name}

    def action_event(self, seat: Seat, action: Action) -> dict[str, Any]:
        """An action of the seat to act, checked by the engine (``IllegalAction`` for a card the
        rules refuse, ``Refused`` for anything else out of place)."""
        deal = self.live.deal
        if self.live.to_act() is None:
            raise Refused("deal-over")
        if deal.to_act != seat:
            raise Refused("not-your-turn")
        checked = deal.check(action)
        return {"e": "act", "seat": seat.name, "n": len(deal.history), "code": code_of(deal, checked)}

    def action_of(self, seat: Seat, kind: str, args: Mapping[str, Any], pick: Iterable[str] = ()) -> Action:
        """The engine action a seat's message names: a card, a call or other choice by the
        engine's own words, or the cards picked put away (the talon's discard, either half of
        the exchange); ``Refused`` if there is none."""
        deal = self.live.deal
        if self.live.to_act() is None:
            raise Refused("deal-over")
        if deal.to_act != seat:
            raise Refused("not-your-turn")
        if kind == "play":
            card = parse_card(args["card"])
            if card not in deal.hand(seat):
                raise Refused("not-in-hand")
            return Play(card, bool(args.get("marriage")))
        if kind == "discard":
            found = picked_action(deal, pick)
            if found is None:
                raise Refused("pick-three" if deal.phase is Phase.DISCARD else "pick-exchange")
            return found
        choices = (a for a in deal.legal_actions() if not isinstance(a, (Play, Discard, Give, ReturnCards)))
        found_act = next((a for a in choices if str(a) == args["code"]), None)
        if found_act is None:
            raise Refused("not-offered")
        return found_act

    def next_event(self) -> dict[str, Any]:
        """Start the next deal (once the deal in play is over and the game is not; never at a
        club night's table, whose boards the evening deals)."""
        if self.evening and self.deals < 0:
            raise Refused("evening-table")
        if self.evening and self.deals_over:
            raise Refused("evening-no-board-left")
        pos = self.live.position
        if not pos.deal.is_over():
            raise Refused("deal-not-over")
        if not pos.has_next_deal:
            raise Refused("game-over")
        return {"e": "next"}

    def rewind_event(self, n: int) -> dict[str, Any]:
        """The host takes the deal in play back to before its action number ``n`` (the whole
        table: every screen is told)."""
        count = len(self.live.deal.history)
        if not 0 <= n < count:
            raise Refused("bad-rewind")
        return {"e": "rewind", "n": n, "from": count}

    def position_event(self, record: GameRecord) -> dict[str, Any]:
        """Deal the position of a record's last deal (where it stops; a finished deal from its
        start) instead of a shuffle. ``IllegalAction`` (with its place) for a record the rules
        refuse, ``Refused`` for one of other rules or a position this table cannot deal."""
        if record.rules != self.live.game.rules:
            raise Refused("position-rules")
        if not record.deals:
            raise Refused("no-position")
        deal = replay(record).last
        history = [] if deal.is_over() else deal.history
        walk = deal.copy_start()
        codes = ""
        for _, act in history:
            codes += code_of(walk, act)
            walk.push(act)
        hands = Prepared.of(deal, 0).hands
        event = {
            "e": "position",
            "dealer": deal.dealer.name,
            "opening": bool(deal.opening),
            "hands": list(hands),
            "codes": codes,
        }
        try:
            dealt = self._position_game(event).position().deal
        except RoomError:
            raise Refused("position-unsupported") from None
        if dealt.history != history or dealt.to_act != walk.to_act:  # a leader of the record's own
            raise Refused("position-unsupported")
        return event

    def board_event(self, board: int) -> dict[str, Any]:
        """Deal board ``board`` of the evening at this table (``club.board_deal``: the same cards
        at every table, from the room's seed, which is the evening's)."""
        deal = board_deal(self.settings.ruleset, self.seed, board)
        hands = Prepared.of(deal, board).hands
        return {
            "e": "board",
            "board": board,
            "dealer": deal.dealer.name,
            "opening": bool(deal.opening),
            "hands": list(hands),
        }

    def hint_event(self, seat: Seat, level: int, texts: dict[str, str]) -> dict[str, Any]:
        """A hint of ``level`` to the player to act, with its words (``Game.hint``)."""
        return {
            "e": "hint",
            "seat": seat.name,
            "n": len(self.live.deal.history),
            "level": level,
            "texts": texts,
        }

    def comment_event(self, text: str) -> dict[str, Any]:
        """The host's comment on the deal at this point (checked words: ``protocol.comment_text``)."""
        return {"e": "comment", "n": len(self.live.deal.history), "text": text}

    def pause_event(self, on: bool) -> dict[str, Any]:
        """The host pauses the bots (``on``) or lets them play again."""
        if on == self.paused:
            raise Refused("paused" if on else "not-paused")
        return {"e": "pause", "on": on}

    def ready_event(self, seat: Seat, on: bool, now: float) -> dict[str, Any] | None:
        """A player says the next deal (or a new game) may start, or takes it back, in a room whose
        players start it (``next_starter``); ``None`` when the seat already says so."""
        if not self.live.deal.is_over():
            raise Refused("deal-not-over")
        if self.next_starter(now) != "ready":
            raise Refused("host-deals")
        if seat not in self.players or (seat in self.ready) == on:
            return None
        return {"e": "ready", "seat": seat.name, "on": on}

    def next_by_event(self, by: str) -> dict[str, Any]:
        """The host changes who starts the next deal (``NEXT_BY``)."""
        if by not in NEXT_BY:
            raise Refused("bad-message")
        if by == self.next_by:
            raise Refused("next-by-same")
        return {"e": "nextby", "by": by}

    def again_event(self, seed: int) -> dict[str, Any]:
        """Start a new game with the same seats, once this one is over (never at a club night's
        table)."""
        if self.evening:
            raise Refused("evening-table")
        if not self.game_over:
            raise Refused("game-not-over")
        return {"e": "again", "seed": seed}

    # ------------------------------------------------------------------ the present

    @property
    def deals_over(self) -> bool:
        """A Games table has played its deals (or its whole game)."""
        if self.deals < 0 or not self.live.deal.is_over():
            return False
        return self.game_over or (self.deals > 0 and len(self.live.game.done) + 1 >= self.deals)

    @property
    def game_over(self) -> bool:
        """Tell whether the game has ended (no deal follows the finished one)."""
        pos = self.live.position
        return pos.deal.is_over() and not pos.has_next_deal

    def next_starter(self, now: float) -> str:
        """Who starts the next deal now: the room's setting, or ``ready`` while the host has been
        away longer than the grace period (the players are not left waiting)."""
        if self.next_by == "ready":
            return "ready"
        away = self.host_away
        if self.hosts == 0 and away is not None and now - away >= self.settings.grace:
            return "ready"
        return "host"

    def counts_ready(self, seat: Seat, now: float) -> bool:
        """Tell whether a seat counts as ready for the next deal: its player said so, or no person
        there is to say it (a bot, a stand-in, a free seat, a player with no device connected)."""
        if seat in self.ready or seat not in self.players:
            return True
        return self.controller(seat, now) != "person" or self.players[seat].sockets == 0

    def all_ready(self, now: float) -> bool:
        """Tell whether the next deal (or a new game) starts by itself now: the deal is over, the
        players start it, one of them said so and every seat counts as ready."""
        if not self.live.deal.is_over() or not self.ready or self.next_starter(now) != "ready":
            return False
        return all(self.counts_ready(seat, now) for seat in self.settings.seats)

    def host_came(self) -> None:
        """A device of the host's connected."""
        self.hosts += 1
        self.host_away = None

    def host_went(self, now: float) -> None:
        """A device of the host's went away."""
        if self.hosts == 0:
            return
        self.hosts -= 1
        if self.hosts == 0:
            self.host_away = now

    def seat_of_token(self, token: str | None) -> Seat | None:
        """The seat a token holds, if any."""
        if not token:
            return None
        for seat, player in self.players.items():
            if same_hash(token, player.token):
                return seat
        return None

    def is_host(self, token: str | None) -> bool:
        """Tell whether ``token`` is the room's host token."""
        return bool(token) and same_hash(token or "", self.host)

    def controller(self, seat: Seat, now: float) -> str:
        """Who plays ``seat`` now: ``bot`` (a bot seat), ``person`` (its player, here or away
        within the grace period), ``stand-in`` (a bot, for a player away longer), ``empty``."""
        if seat not in self.players:
            return "bot"
        player = self.players[seat]
        if not player.taken:
            return "empty"
        if seat in self.bot_seats:  # the club night's director put a bot in it
            return "stand-in"
        away = player.away_since
        if player.sockets == 0 and away is not None and now - away >= self.settings.grace:
            return "stand-in"
        return "person"

    def bot_to_act(self, now: float) -> str | None:
        """The level of the bot (or stand-in) to act now; ``None`` when a person is to act, the
        deal is over or the host has paused the bots."""
        seat = self.live.to_act()
        if seat is None or self.paused:
            return None
        who = self.controller(seat, now)
        if who == "bot":
            return self.settings.level_of(seat)
        if who == "stand-in":
            return self.settings.stand_in
        return None

    def grace_ends(self, after: float | None = None) -> float | None:
        """The earliest time a bot will take over an away player's seat (``None``: no one waits);
        with ``after``, the earliest later than it (a bot already took over the others)."""
        times = [
            p.away_since + self.settings.grace
            for p in self.players.values()
            if p.taken and p.sockets == 0 and p.away_since is not None
        ]
        if after is not None:
            times = [t for t in times if t > after]
        return min(times) if times else None

    def attach(self, seat: Seat) -> None:
        """A device of the seat's player connected."""
        player = self.players[seat]
        player.sockets += 1
        player.away_since = None

    def detach(self, seat: Seat, now: float) -> None:
        """A device of the seat's player went away."""
        player = self.players.get(seat)
        if player is None or player.sockets == 0:
            return
        player.sockets -= 1
        if player.sockets == 0:
            player.away_since = now

    def issue_reclaim(self, seat: Seat, now: float, limits: Limits = LIMITS) -> str:
        """A new reclaim code for ``seat`` (shown on the player's device), valid for a while."""
        code = new_reclaim_code()
        self.players[seat].reclaim = (token_hash(code), now + limits.reclaim_s)
        return code

    def use_reclaim(self, code: str, now: float, limits: Limits = LIMITS) -> Seat:
        """The seat a reclaim code moves (the code is then spent); ``Refused`` for a wrong or
        old one. A wrong one withdraws no code (guesses are limited per socket and address,
        ``guard``): a guesser cannot cancel a player's transfer."""
        for seat, player in self.players.items():
            if player.reclaim is not None and same_hash(code, player.reclaim[0]):
                if player.reclaim[1] < now:
                    player.reclaim = None
                    break
                player.reclaim = None
                return seat
        raise Refused("bad-reclaim")

    def deal_record_text(self, last: bool = False) -> str:
        """The deal in play as a record (``.mjp``), with the host's comments where they were made
        (one made before the first action is the deal's own); ``last``: the previous deal's."""
        if last and self.last is not None:
            return record_text(self.last.position().deal, self.last_comments)
        return record_text(self.live.deal, self.comments)

    @property
    def era_totals(self) -> tuple[int, int] | None:
        """The erä totals before the deal in play (Marjapussi), as the sheet on the table shows."""
        sheet = self.live.position.sheet
        return (sheet.totals[0], sheet.totals[1]) if isinstance(sheet, ScoreSheet) else None


def record_text(deal: Deal, comments: Iterable[tuple[int, str, bool]] = ()) -> str:
    """A deal as a record (``.mjp``) with a room's comments on it where they were made (after how
    many of its actions; one made before the first action is the deal's own)."""
    record = record_from_deal(deal, 1)
    written = record.deals[0]
    for n, text, _ in comments:
        owner = written.actions[n - 1] if n else written
        owner.comment = f"{owner.comment} {text}" if owner.comment else text
    return format_record(record)
