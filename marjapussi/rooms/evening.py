"""A club night (issue 31): players, pairs, rounds of tables, the boards' results, kept as events.

An evening is its list of events under its own code in the rooms' store, as a room is:
``Evening.from_events`` rebuilds it by applying them in order, and ``Evening.apply`` is
the one place an evening changes. Each ``*_event`` method checks a request against the
evening and returns the event to store, or raises ``Refused`` with the key of a
translated message; it changes nothing. Its tables are rooms (``room.Room``, created with
the evening's code, round and table), one per table and round; the scoring is the rules
core's (``marjapussi.club``).

Events (plain JSON objects, ``e`` their kind):

- ``evening``: the set-up (``r``: the rules, ``format``: ``deals``, the same deals at every
  table, ``rounds``, ``boards``: boards a round, ``bots``: bots fill an odd field and absent
  players' seats, ``minutes``: a round's time), the evening's ``seed`` (it deals every
  board, never leaves the server) and the director's key's hash (``host``);
- ``joined`` (``id``, ``name``, ``key``: the player's key's hash, ``partner``: the name of
  the partner asked for, empty for "find me a partner"; ``added``: the director added the
  player, whose key is then one no device holds until a phone takes the place), ``keyed``
  (``id``, ``key``: a phone took the player's place with the director's one-time player
  code: its key's hash), ``renamed`` (``id``, ``name``),
  ``paired`` (``pair``: its id, ``a``, ``b``: the players), ``removed`` (``id``), ``absent``
  (``id``, ``on``);
- ``round`` (``round``, ``tables``: each ``[number, room code, N–S pair, E–W pair]``,
  ``out``: the pair that sits out, ``at``: when it started, on the wall clock, seconds since
  the epoch: it outlives the server's process, whose monotonic clock does not);
- ``result`` (``round``, ``table``, ``board``, ``points``: North–South's and East–West's),
  ``corrected`` (the same, with ``points`` or ``assigned`` percentages, and ``note``);
- ``rewound`` (``round``, ``table``, ``board``: the deal of a Games table's game, ``n``: how
  many moves the director took back there), noted in the results;
- ``value`` (``board``, ``table``, ``points`` or ``null``, ``why``): a board's open-cards
  value (``analysis.open_cards``), what each side scores with best play by all, worked out
  off the event loop: Marjapussi's once a board (``table`` 0), from the board's deal;
  Huutopussi's once a table, from that table's position at its first card (its own
  contract); ``why`` the reason when there are no points (``OPEN_CARDS_REASONS``). Stored,
  it is never worked out again after a restart;
- ``ended``.

>>> e = Evening.from_events("ABCDEFGH", [Evening.created_event("guild", 7, "h")])
>>> e.rules, e.boards, e.round
('guild', 2, 0)
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from ..analysis.open_cards import OPEN_CARDS_REASONS
from ..club import (
    BOT_PAIR,
    BoardResult,
    ClubError,
    GameResult,
    GamesStanding,
    PairStanding,
    ScoredResult,
    bye,
    csv_rows,
    games_round,
    games_standings,
    movement,
    pair_standings,
    round_boards,
    score_board,
    score_boards,
)
from ..game import MAX_SEED, RULESETS
from .codes import new_token, same_hash, token_hash
from .protocol import Refused

T = TypeVar("T")

__all__ = ["EVENING_FORMATS", "Evening", "EveningError", "Member", "RoundPreview", "TablePlan"]

EVENING_FORMATS = ("deals", "games")
"""The formats an evening may be played in: the same deals at every table (four-player rules),
or Games (whole games, or a number of deals, each table its own; any rules, the three-player
ones by individuals)."""
MAX_ROUNDS = 20
MAX_BOARDS = 8
MAX_MINUTES = 240
MAX_MEMBERS = 96


class EveningError(ValueError):
    """An event that cannot be applied to the evening (a damaged store): it keeps what it had."""


@dataclass
class Member:
    """A player of the evening."""

    id: str
    name: str
    key: str
    """The SHA-256 of the player's key (kept on the phone: it seats the player at each table)."""
    partner: str = ""
    """The partner's name asked for at joining (empty: "find me a partner")."""
    pair: str = ""
    absent: bool = False
    removed: bool = False
    phone: bool = True
    """A phone holds the player's key (false for a player the director added, until a phone
    takes the place with the player code)."""


@dataclass(frozen=True)
class TablePlan:
    """A table of a round: its number, its room, and the pairs at North–South and East–West."""

    number: int
    room: str
    ns: str
    ew: str
    third: str = ""
    """A three-player Games table's third player (its sides are players, not pairs)."""

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides at the table, in seat order."""
        return (self.ns, self.ew, self.third) if self.third else (self.ns, self.ew)


@dataclass(frozen=True)
class RoundPreview:
    """The next round's tables as starting it now would seat them (``Evening.next_round``): the
    same movement (the same deals) or pairing (Games), from the same players, so that the
    round then played is this one unless someone joins, leaves or is marked absent first."""

    round: int
    tables: tuple[TablePlan, ...]
    """Its tables (no room yet: ``room`` is empty)."""
    out: tuple[str, ...]
    """The pair that sits out (the same deals), or the sides with a bye (Games)."""
    bye: bool
    """``out`` have a bye, a win (Games), rather than sitting out unscored."""
    new_pairs: tuple[tuple[str, str, str], ...] = ()
    """The pairs the round would make of players who have no partner yet: (pair, player, player)."""


@dataclass
class Evening:
    """An evening rebuilt from its events (see the module docstring)."""

    code: str
    rules: str
    seed: int
    host: str
    rounds: int = 2
    boards: int = 2
    bots: bool = True
    minutes: int = 60
    format: str = "deals"
    members: dict[str, Member] = field(default_factory=dict)
    pairs: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each pair's players, in the order the pairs were made (a pair split by a removal leaves)."""
    made: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Every pair ever made (a split pair's results keep their names)."""
    round: int = 0
    """The round in play, or the last one played (0: none has started)."""
    tables: tuple[TablePlan, ...] = ()
    """The tables of the round in play."""
    history: dict[int, tuple[tuple[TablePlan, ...], str | None]] = field(default_factory=dict)
    """Every round's tables and the pair that sat out."""
    started_at: float = 0.0
    results: dict[tuple[int, int, int], tuple[int, int]] = field(default_factory=dict)
    """What each table did with each board: (round, table, board) → North–South's and East–West's points."""
    corrections: dict[
        tuple[int, int, int], tuple[tuple[int, int] | None, tuple[Fraction, Fraction] | None, str]
    ] = field(default_factory=dict)
    rewinds: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """The moves the director took back at a table's deal: (round, table, deal) → how many."""
    games: dict[tuple[int, int], GameResult] = field(default_factory=dict)
    """The Games format's results: (round, table) → the game's result."""
    byes: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """The Games format's byes, by round (a win by 0)."""
    values: dict[tuple[int, int], tuple[tuple[int, int] | None, str]] = field(default_factory=dict)
    """The boards' open-cards values: (board, table: 0 for the board's own) → North–South's
    and East–West's points, or ``None`` and the reason (the ``value`` event)."""
    ended: bool = False
    events: int = 0
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """What ``remember`` worked out since the evening last changed (its ``events`` count)."""
    memo_at: int = field(default=-1, repr=False, compare=False)

    # ------------------------------------------------------------------ events in

    @staticmethod
    def created_event(
        rules: str,
        seed: int,
        host: str,
        rounds: int = 2,
        boards: int = 2,
        bots: bool = True,
        minutes: int = 60,
        format: str = "deals",
    ) -> dict[str, Any]:
        """The first event of a new evening (``host``: the director's key's hash)."""
        return {
            "e": "evening", "r": rules, "format": format, "rounds": rounds, "boards": boards,
            "bots": bots, "minutes": minutes, "seed": seed, "host": host,
        }  # fmt: skip

    @classmethod
    def from_events(cls, code: str, events: Iterable[dict[str, Any]]) -> Evening:
        """Rebuild an evening from its events; ``EveningError`` if the first is not a good
        ``evening``. A later event that cannot be applied ends the replay there."""
        stream = iter(events)
        first = next(stream, None)
        if not isinstance(first, dict) or first.get("e") != "evening":
            raise EveningError("evening")
        rules: Any = first.get("r")
        seed: Any = first.get("seed")
        host: Any = first.get("host")
        if rules not in RULESETS or first.get("format") not in EVENING_FORMATS:
            raise EveningError("rules")
        if first["format"] == "deals" and RULESETS[rules].players != 4:
            raise EveningError("rules")
        if not _count(seed, 0, MAX_SEED) or not isinstance(host, str):
            raise EveningError("seed")
        rounds: Any = first.get("rounds")
        boards: Any = first.get("boards")
        minutes: Any = first.get("minutes")
        if not (
            _count(rounds, 1, MAX_ROUNDS)
            and _count(boards, 0 if first["format"] == "games" else 1, MAX_BOARDS)
            and _count(minutes, 1, MAX_MINUTES)
        ):
            raise EveningError("counts")
        evening = cls(code, str(rules), seed, host, rounds, boards, first.get("bots") is True)
        evening.minutes, evening.format = minutes, str(first["format"])
        evening.events = 1
        for event in stream:
            try:
                evening.apply(event)
            except EveningError:
                break
        return evening

    def apply(self, event: Any) -> None:
        """Apply one event: the one place an evening changes (``EveningError``, and no change,
        for one that does not fit)."""
        if not isinstance(event, dict):
            raise EveningError("event")
        kind = event.get("e")
        if self.ended:
            raise EveningError("ended")
        if kind == "joined":
            ident, name, key, partner = (event.get(k) for k in ("id", "name", "key", "partner"))
            if not all(isinstance(v, str) for v in (ident, name, key, partner)) or ident in self.members:
                raise EveningError("joined")
            added = event.get("added", False)
            if not isinstance(added, bool):
                raise EveningError("joined")
            self.members[str(ident)] = Member(str(ident), str(name), str(key), str(partner), phone=not added)
        elif kind == "keyed":
            member = self._member(event.get("id"))
            key = event.get("key")
            if not isinstance(key, str) or not key:
                raise EveningError("keyed")
            member.key, member.phone = key, True
        elif kind == "renamed":
            member = self._member(event.get("id"))
            name = event.get("name")
            if not isinstance(name, str) or not name:
                raise EveningError("renamed")
            member.name = name
        elif kind == "paired":
            pair, a, b = event.get("pair"), self._member(event.get("a")), self._member(event.get("b"))
            if not isinstance(pair, str) or pair in self.made or a is b or a.pair or b.pair:
                raise EveningError("paired")
            self.pairs[pair] = self.made[pair] = (a.id, b.id)
            a.pair = b.pair = pair
        elif kind == "removed":
            member = self._member(event.get("id"))
            member.removed = True
            self._split(member)
        elif kind == "absent":
            member = self._member(event.get("id"))
            on = event.get("on")
            if not isinstance(on, bool):
                raise EveningError("absent")
            member.absent = on
        elif kind == "round":
            self._apply_round(event)
        elif kind in ("result", "corrected"):
            self._apply_result(kind, event)
        elif kind == "game":
            self._apply_game(event)
        elif kind == "rewound":
            self._apply_rewound(event)
        elif kind == "value":
            self._apply_value(event)
        elif kind == "ended":
            self.ended = True
        else:
            raise EveningError("event")
        self.events += 1

    def _member(self, ident: Any) -> Member:
        member = self.members.get(ident) if isinstance(ident, str) else None
        if member is None or member.removed:
            raise EveningError("member")
        return member

    def _split(self, member: Member) -> None:
        """A removed player's pair is no more (its other player may be paired again); the pair's
        results stay."""
        if member.pair:
            for ident in self.pairs.pop(member.pair):
                self.members[ident].pair = ""

    def _apply_round(self, event: dict[str, Any]) -> None:
        number, tables, out, at = (event.get(k) for k in ("round", "tables", "out", "at"))
        if number != self.round + 1 or number > self.rounds or not isinstance(tables, list) or not tables:
            raise EveningError("round")
        if (
            not isinstance(at, (int, float))
            or isinstance(at, bool)
            or not (out is None or isinstance(out, str))
        ):
            raise EveningError("round")
        byes = event.get("byes", [])
        if not isinstance(byes, list) or not all(isinstance(b, str) for b in byes):
            raise EveningError("round")
        plans = []
        for item in tables:
            if not (isinstance(item, list) and len(item) in (4, 5) and _count(item[0], 1, 1000)):
                raise EveningError("round")
            if not all(isinstance(v, str) for v in item[1:]):
                raise EveningError("round")
            plans.append(TablePlan(*item))
        self.round, self.tables, self.started_at = number, tuple(plans), float(at)
        self.history[number] = (self.tables, out)
        self.byes[number] = tuple(byes)

    def _apply_result(self, kind: str, event: dict[str, Any]) -> None:
        where = (event.get("round"), event.get("table"), event.get("board"))
        if not (
            _count(where[0], 1, self.round) and _count(where[1], 1, 1000) and _count(where[2], 1, 10_000)
        ):
            raise EveningError(kind)
        key = (int(where[0]), int(where[1]), int(where[2]))  # type: ignore[arg-type]
        if key[2] not in round_boards(key[0], self.boards):
            raise EveningError(kind)
        if not any(t.number == key[1] for t in self.history[key[0]][0]):
            raise EveningError(kind)
        points = _points(event.get("points"))
        if kind == "result":
            if points is None or key in self.results:
                raise EveningError(kind)
            self.results[key] = points
            return
        assigned = event.get("assigned")
        shares = None
        if assigned is not None:
            if not (
                isinstance(assigned, list) and len(assigned) == 2 and all(_count(p, 0, 100) for p in assigned)
            ):
                raise EveningError(kind)
            shares = (Fraction(assigned[0]), Fraction(assigned[1]))
        note = event.get("note")
        if not isinstance(note, str) or not note or (points is None) == (shares is None):
            raise EveningError(kind)
        self.corrections[key] = (points, shares, note)

    def _apply_rewound(self, event: dict[str, Any]) -> None:
        rnd, table, board, n = (event.get(k) for k in ("round", "table", "board", "n"))
        if not (_count(rnd, 1, self.round) and _count(board, 1, 10_000) and _count(n, 1, 10_000)):
            raise EveningError("rewound")
        if not any(t.number == table for t in self.history[int(rnd)][0]):  # type: ignore[arg-type]
            raise EveningError("rewound")
        if self.format == "deals" and board not in round_boards(int(rnd), self.boards):  # type: ignore[arg-type]
            raise EveningError("rewound")
        key = (int(rnd), int(table), int(board))  # type: ignore[arg-type]
        self.rewinds[key] = self.rewinds.get(key, 0) + int(n)  # type: ignore[arg-type]

    def rewind_event(self, table: int, board: int, n: int) -> dict[str, Any]:
        """The director took back ``n`` moves of a table's deal in the round in play."""
        return {"e": "rewound", "round": self.round, "table": table, "board": board, "n": n}

    def _apply_value(self, event: dict[str, Any]) -> None:
        board: Any = event.get("board")
        table: Any = event.get("table")
        why = event.get("why")
        if not (_count(board, 1, self.boards * self.round) and _count(table, 0, 1000)):
            raise EveningError("value")
        if (table != 0) != self.values_by_table or (board, table) in self.values:
            raise EveningError("value")
        rnd = (int(board) - 1) // self.boards + 1
        if table and not any(t.number == table for t in self.history.get(rnd, ((), None))[0]):
            raise EveningError("value")
        points = _points(event.get("points"))
        if (points is None) != (why in OPEN_CARDS_REASONS) or (points is not None and why != ""):
            raise EveningError("value")
        self.values[(int(board), int(table))] = (points, str(why))

    @property
    def values_by_table(self) -> bool:
        """Tell whether each table's board has an open-cards value of its own (Huutopussi: from
        that table's contract), rather than the board one for all (Marjapussi)."""
        return RULESETS[self.rules].family != "marjapussi"

    def value_table(self, table: int) -> int:
        """The table an open-cards value of a table's board is kept under (0: the board's own)."""
        return table if self.values_by_table else 0

    def value_event(self, board: int, table: int, points: tuple[int, ...] | None, why: str) -> dict[str, Any]:
        """A board's open-cards value has been worked out (``table``: 0 for the board's own)."""
        return {
            "e": "value", "board": board, "table": table,
            "points": None if points is None else list(points), "why": "" if points is not None else why,
        }  # fmt: skip

    def open_value(self, board: int, table: int) -> tuple[tuple[int, int] | None, str] | None:
        """The open-cards value shown beside a table's result on a board (``None``: not worked
        out yet)."""
        return self.values.get((board, self.value_table(table)))

    def _apply_game(self, event: dict[str, Any]) -> None:
        rnd, table, wins, points = (event.get(k) for k in ("round", "table", "wins", "points"))
        plan = next((t for t in self.history.get(rnd, ((), None))[0] if t.number == table), None)  # type: ignore[arg-type]
        if (
            plan is None
            or (rnd, table) in self.games
            or not isinstance(wins, list)
            or not isinstance(points, list)
        ):
            raise EveningError("game")
        if len(wins) != len(plan.sides) or len(points) != len(plan.sides):
            raise EveningError("game")
        if not all(w in ("0", "1/2", "1") for w in wins) or not all(
            _count(p, -100_000, 100_000) for p in points
        ):
            raise EveningError("game")
        result = GameResult(int(rnd), plan.sides, tuple(Fraction(w) for w in wins), tuple(points))  # type: ignore[arg-type]
        self.games[(int(rnd), int(table))] = result  # type: ignore[arg-type]

    @property
    def size(self) -> int:
        """How many sides meet at a table: 2 (pairs), or 3 (the three-player rules' individuals)."""
        return 3 if RULESETS[self.rules].players == 3 else 2

    def game_event(self, table: int, result: GameResult) -> dict[str, Any]:
        """A Games table's game is over (or the round's time or deals ran out): its result."""
        return {
            "e": "game", "round": self.round, "table": table,
            "wins": [str(w) for w in result.wins], "points": list(result.points),
        }  # fmt: skip

    def game_results(self) -> list[GameResult]:
        """Every game so far, the byes as wins by 0."""
        out = list(self.games.values())
        for rnd, byes in self.byes.items():
            out.extend(bye(rnd, b) for b in byes)
        return out

    def entrants(self) -> list[str]:
        """Who meets whom in the Games format, in the order they joined: the pairs, or the
        players of the three-player rules."""
        if self.size == 3:
            return [m.id for m in self._present() if not m.absent]
        return [
            p for p, (a, b) in self.pairs.items() if not (self.members[a].absent and self.members[b].absent)
        ]

    def side_names(self, side: str) -> str:
        """A side's names: a pair's two, or a player's."""
        if side in self.members:
            return self.members[side].name
        return " & ".join(self.pair_names(side))

    def games_plan(self) -> tuple[list[dict[str, Any]], list[tuple[str, ...]], tuple[str, ...]]:
        """Starting the next Games round: the partners found, the tables' sides, the byes."""
        if self.ended:
            raise Refused("evening-over")
        if self.round >= self.rounds:
            raise Refused("evening-last-round")
        events: list[dict[str, Any]] = []
        if self.size == 2:
            free = [m for m in self._present() if not m.pair and not m.absent]
            for i in range(0, len(free) - 1, 2):
                events.append(
                    {"e": "paired", "pair": self.new_pair_id(i // 2), "a": free[i].id, "b": free[i + 1].id}
                )
        entrants = self.entrants() + [e["pair"] for e in events]
        if len(entrants) < self.size:
            raise Refused("evening-few")
        try:
            plan = games_round(entrants, self.round + 1, self.rounds, self.game_results(), self.size)
        except ClubError:
            raise Refused("evening-few") from None
        return events, [m.sides for m in plan.matches], plan.byes

    def games_csv(self) -> list[tuple[str, ...]]:
        """The Games format's results as CSV rows: a header, then a row per side and game."""
        rows: list[tuple[str, ...]] = [("round", "table", "side", "names", "win", "points")]
        for (rnd, table), result in sorted(self.games.items()):
            for side, win, points in zip(result.sides, result.wins, result.points, strict=True):
                rows.append((str(rnd), str(table), side, self.side_names(side), str(win), str(points)))
        for rnd, byes in sorted(self.byes.items()):
            rows.extend((str(rnd), "", side, self.side_names(side), "1", "0") for side in byes)
        return rows

    def games_standings(self) -> tuple[GamesStanding, ...]:
        """The Games standings: wins, then summed points difference (``club.games_standings``)."""
        return games_standings(self.game_results(), self.entrants())

    # ------------------------------------------------------------------ requests → events

    def join_event(self, ident: str, name: str, key: str, partner: str) -> list[dict[str, Any]]:
        """A player joins with a new key (its hash is stored), and with the partner asked for if
        that player is here and free (or asked for this one); a name taken is refused."""
        if self.ended:
            raise Refused("evening-over")
        if not name:
            raise Refused("evening-name")
        if self._by_name(name) is not None:
            raise Refused("evening-name-taken")
        if len([m for m in self.members.values() if not m.removed]) >= MAX_MEMBERS:
            raise Refused("evening-full")
        events: list[dict[str, Any]] = [
            {"e": "joined", "id": ident, "name": name, "key": token_hash(key), "partner": partner}
        ]
        mate = self._by_name(partner) if partner else None
        if mate is None:  # one who asked for this player by name
            mate = next(
                (m for m in self._present() if not m.pair and m.partner.casefold() == name.casefold()), None
            )
        if mate is not None and not mate.pair:
            events.append({"e": "paired", "pair": self.new_pair_id(), "a": mate.id, "b": ident})
        return events

    def add_event(self, name: str, mate: str, partner: str) -> list[dict[str, Any]]:
        """The director adds a player (``name``), with a partner: ``mate``, the id of a player
        here who has none yet, or ``partner``, a second new player's name (neither: found
        later; both: refused). The same refusals as a phone's joining. Each added player's key
        is the hash of a key no one holds (a phone takes the place later: ``keyed_event``)."""
        if self.ended:
            raise Refused("evening-over")
        if (mate or partner) and self.size == 3:
            raise Refused("evening-no-partners")
        if mate and partner:
            raise Refused("evening-add-partner")
        names = [name, partner] if partner else [name]
        for each in names:
            if not each:
                raise Refused("evening-name")
            if self._by_name(each) is not None:
                raise Refused("evening-name-taken")
        if partner and partner.casefold() == name.casefold():
            raise Refused("evening-same-name")
        other = None
        if mate:
            other = self._known(mate)
            if other.pair:
                raise Refused("evening-pair")
        if len(self._present()) + len(names) > MAX_MEMBERS:
            raise Refused("evening-full")
        ids = [f"p{len(self.members) + 1 + i}" for i in range(len(names))]
        events: list[dict[str, Any]] = [
            {"e": "joined", "id": ident, "name": each, "key": token_hash(new_token()), "partner": "",
             "added": True}
            for ident, each in zip(ids, names, strict=True)
        ]  # fmt: skip
        pair = (ids[0], ids[1]) if partner else (other.id, ids[0]) if other is not None else None
        if pair is not None:
            events.append({"e": "paired", "pair": self.new_pair_id(), "a": pair[0], "b": pair[1]})
        return events

    def keyed_event(self, ident: str, key: str) -> dict[str, Any]:
        """A phone takes a player's place (with the director's player code): ``key`` is the
        phone's new key, whose hash is stored; the key held before seats no one from then on."""
        return {"e": "keyed", "id": self._known(ident).id, "key": token_hash(key)}

    def new_member_id(self) -> str:
        return f"p{len(self.members) + 1}"

    def new_pair_id(self, extra: int = 0) -> str:
        """A pair id not given before (``extra``: the ones before it in the same request)."""
        return f"P{len(self.made) + 1 + extra}"

    def rename_event(self, ident: str, name: str) -> dict[str, Any]:
        member = self._known(ident)
        other = self._by_name(name)
        if not name or (other is not None and other is not member):
            raise Refused("evening-name-taken" if name else "evening-name")
        return {"e": "renamed", "id": member.id, "name": name}

    def pair_event(self, a: str, b: str) -> dict[str, Any]:
        """The director pairs two players who have no partner yet."""
        one, two = self._known(a), self._known(b)
        if one is two or one.pair or two.pair:
            raise Refused("evening-pair")
        return {"e": "paired", "pair": self.new_pair_id(), "a": one.id, "b": two.id}

    def remove_event(self, ident: str) -> dict[str, Any]:
        return {"e": "removed", "id": self._known(ident).id}

    def absent_event(self, ident: str) -> dict[str, Any]:
        member = self._known(ident)
        return {"e": "absent", "id": member.id, "on": not member.absent}

    def round_plan(self) -> tuple[list[dict[str, Any]], list[tuple[int, str, str]], str | None]:
        """What starting the next round takes: the ``paired`` events of the players who asked to
        be found a partner (in the order they joined), then the round's tables (number, N–S,
        E–W; ``BOT_PAIR`` for the bot pair) and the pair that sits out. ``Refused`` while a
        table still plays, after the last round, or with fewer than two pairs."""
        if self.ended:
            raise Refused("evening-over")
        if self.round >= self.rounds:
            raise Refused("evening-last-round")
        events: list[dict[str, Any]] = []
        free = [m for m in self._present() if not m.pair and not m.absent]
        for i in range(0, len(free) - 1, 2):
            events.append(
                {"e": "paired", "pair": self.new_pair_id(i // 2), "a": free[i].id, "b": free[i + 1].id}
            )
        pairs = [
            p for p, (a, b) in self.pairs.items() if not (self.members[a].absent and self.members[b].absent)
        ]
        pairs += [e["pair"] for e in events]
        if len(pairs) + (1 if self.bots and len(pairs) % 2 else 0) < 2:
            raise Refused("evening-few")
        try:
            plan = movement(pairs, self.round + 1, self.bots)
        except ClubError:
            raise Refused("evening-few") from None
        return events, [(t.number, t.ns, t.ew) for t in plan.tables], plan.sits_out

    def next_round(self) -> RoundPreview | None:
        """The next round's tables as starting it now would seat them (``round_plan`` or
        ``games_plan``, nothing stored); ``None`` after the last round, once the evening has
        ended, in the Games format while a game of the round in play goes on (its results
        pair the next), or when no round could start (too few players)."""
        if self.ended or self.round >= self.rounds or (self.format == "games" and not self.round_over):
            return None
        return self.remember("next_round", self._next_round)

    def _next_round(self) -> RoundPreview | None:
        try:
            if self.format == "games":
                paired, matches, byes = self.games_plan()
                rows = tuple(TablePlan(n, "", *sides) for n, sides in enumerate(matches, start=1))
                out, bye = byes, True
            else:
                paired, tables, sits_out = self.round_plan()
                rows = tuple(TablePlan(n, "", ns, ew) for n, ns, ew in tables)
                out, bye = (() if sits_out is None else (sits_out,)), False
        except Refused:
            return None
        made = tuple((e["pair"], e["a"], e["b"]) for e in paired)
        return RoundPreview(self.round + 1, rows, tuple(out), bye, made)

    @property
    def round_ends(self) -> float:
        """When the round in play runs out of its time (the wall clock, as ``at`` is)."""
        return self.started_at + 60 * self.minutes

    def time_out(self, now: float) -> bool:
        """Tell whether the round in play has run out of its time at ``now`` (the wall clock):
        no new board is dealt then."""
        return bool(self.round) and now >= self.round_ends

    def next_round_check(self, now: float = 0.0, playing: int = 0) -> None:
        """``Refused`` while the next round may not start: a table still has boards to play,
        unless the round's time is out and no table is in the middle of a board (``playing``:
        how many are)."""
        if self.round and not self.round_over and not (self.time_out(now) and playing == 0):
            raise Refused("evening-busy")

    def result_event(self, table: int, board: int, points: tuple[int, int]) -> dict[str, Any]:
        return {"e": "result", "round": self.round, "table": table, "board": board, "points": list(points)}

    def correct_event(
        self, rnd: int, table: int, board: int, points: tuple[int, int] | None,
        assigned: tuple[int, int] | None, note: str,
    ) -> dict[str, Any]:  # fmt: skip
        """The director's correction of a table's board (its points, or percentages for a board
        not played), with a note the results show."""
        if rnd not in self.history or not any(t.number == table for t in self.history[rnd][0]):
            raise Refused("evening-no-table")
        if board not in round_boards(rnd, self.boards):
            raise Refused("evening-no-board")
        if not note or (points is None) == (assigned is None):
            raise Refused("evening-note")
        return {
            "e": "corrected", "round": rnd, "table": table, "board": board,
            "points": None if points is None else list(points),
            "assigned": None if assigned is None else list(assigned), "note": note,
        }  # fmt: skip

    # ------------------------------------------------------------------ the present

    def _present(self) -> list[Member]:
        return [m for m in self.members.values() if not m.removed]

    def _by_name(self, name: str) -> Member | None:
        folded = name.casefold()
        return next((m for m in self._present() if m.name.casefold() == folded), None)

    def _known(self, ident: str) -> Member:
        member = self.members.get(ident)
        if member is None or member.removed:
            raise Refused("evening-no-player")
        return member

    def player(self, ident: str) -> Member:
        """The player of an id, here (``Refused`` if there is none)."""
        return self._known(ident)

    def member_of_key(self, key: str | None) -> Member | None:
        """The player a key belongs to, if any."""
        if not key:
            return None
        hashed = token_hash(key)  # once, not once a member
        return next((m for m in self._present() if m.key and hmac.compare_digest(hashed, m.key)), None)

    def is_host(self, key: str | None) -> bool:
        return bool(key) and same_hash(key or "", self.host)

    def pair_names(self, pair: str) -> tuple[str, str]:
        """The names of a pair's players (the bot pair's: empty)."""
        if pair == BOT_PAIR or pair not in self.made:
            return ("", "")
        a, b = self.made[pair]
        return (self.members[a].name, self.members[b].name)

    @property
    def round_boards(self) -> range:
        """The boards of the round in play (none in the Games format, whose tables deal their own)."""
        return round_boards(self.round, self.boards) if self.round and self.format == "deals" else range(0)

    def table_of(self, member: Member) -> tuple[TablePlan, bool] | None:
        """The table of the round in play a player sits at, and whether at North–South."""
        for table in self.tables:
            if member.pair and member.pair in (table.ns, table.ew):
                return table, member.pair == table.ns
            if member.id in table.sides:  # a three-player Games table: the player is a side
                return table, member.id == table.ns
        return None

    def finished(self, rnd: int, table: int, board: int) -> bool:
        """Tell whether a table has finished a board (or the director gave it a result)."""
        return (rnd, table, board) in self.results or (rnd, table, board) in self.corrections

    def table_done(self, table: int) -> bool:
        """Tell whether a table of the round in play has finished every board of it (its game,
        in the Games format)."""
        if self.format == "games":
            return (self.round, table) in self.games
        return all(self.finished(self.round, table, b) for b in self.round_boards)

    @property
    def round_over(self) -> bool:
        """Every table of the round in play has finished its boards (or the evening has ended)."""
        return self.ended or self.remember(
            "round_over", lambda: all(self.table_done(t.number) for t in self.tables)
        )

    def record_ready(self, rnd: int, table: int) -> bool:
        """Tell whether a table's record of round ``rnd`` may be fetched: every table has
        finished every deal of the round (or the round is over), so that no one sees a deal's
        cards before their own table has played it; in the Games format (each table its own
        deals), once that table's game is over."""
        if rnd not in self.history:
            return False
        if self.format == "games":
            return (rnd, table) in self.games
        return all(self.board_done(rnd, b) for b in round_boards(rnd, self.boards))

    def tables_of(self, member: Member) -> list[tuple[int, TablePlan]]:
        """The tables a player sat at, by round (as a player, or in any pair the player was in)."""
        pairs = {p for p, (a, b) in self.made.items() if member.id in (a, b)}
        return [
            (rnd, t)
            for rnd in sorted(self.history)
            for t in self.history[rnd][0]
            if member.id in t.sides or pairs & {t.ns, t.ew}
        ]

    def board_done(self, rnd: int, board: int) -> bool:
        """Every table of round ``rnd`` has finished ``board``, or the round is over."""
        if rnd < self.round or (rnd == self.round and self.round_over):
            return True
        plans = self.history.get(rnd, ((), None))[0]
        return all(self.finished(rnd, t.number, board) for t in plans)

    def remember(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, worked out once while the evening does not change (an event applied
        forgets it): each screen of a broadcast shares the scores and the standings rather
        than working them out again."""
        if self.memo_at != self.events:
            self.memo.clear()
            self.memo_at = self.events
        if key not in self.memo:
            self.memo[key] = make()
        return self.memo[key]  # type: ignore[no-any-return]

    def board_results(self, rnd: int, board: int) -> tuple[BoardResult, ...]:
        """What every table of round ``rnd`` did with ``board`` (``points`` ``None`` where not
        finished), the director's corrections in."""
        return self.remember(("board_results", rnd, board), lambda: tuple(self._board_results(rnd, board)))

    def scored_board(self, rnd: int, board: int) -> dict[int, ScoredResult]:
        """Each table's result on a board compared with the field (``club.score_board``), by
        table; empty while a table of the round still plays it."""
        return self.remember(
            ("scored_board", rnd, board),
            lambda: (
                {s.result.table: s for s in score_board(self.board_results(rnd, board))}
                if self.board_done(rnd, board)
                else {}
            ),
        )

    def _board_results(self, rnd: int, board: int) -> list[BoardResult]:
        out = []
        for table in self.history.get(rnd, ((), None))[0]:
            key = (rnd, table.number, board)
            points = self.results.get(key)
            assigned = None
            note = ""
            if key in self.corrections:
                fixed, assigned, note = self.corrections[key]
                points = fixed
            out.append(BoardResult(rnd, table.number, board, table.ns, table.ew, points, assigned, note))
        return out

    def scored(self) -> tuple[ScoredResult, ...]:
        """Every board that every table has finished (or of a round that is over), compared
        (none in the Games format)."""
        if self.format == "games":
            return ()
        return self.remember("scored", self._scored)

    def _scored(self) -> tuple[ScoredResult, ...]:
        results: list[BoardResult] = []
        for rnd in sorted(self.history):
            for board in round_boards(rnd, self.boards):
                if self.board_done(rnd, board):
                    results.extend(self.board_results(rnd, board))
        return score_boards(results)

    def results_csv(self) -> list[tuple[str, ...]]:
        """The same-deals results as CSV rows (``club.csv_rows``), each with the open-cards
        value beside it (``open_ns``, ``open_ew``: empty where there is none)."""
        rows = csv_rows(self.scored())
        out = [(*rows[0], "open_ns", "open_ew")]
        for row in rows[1:]:
            found = self.open_value(int(row[2]), int(row[1]))
            points = found[0] if found is not None else None
            out.append((*row, *(("", "") if points is None else (str(points[0]), str(points[1])))))
        return out

    def standings(self) -> tuple[PairStanding, ...]:
        """The pairs ranked by their mean board percentage so far (``club.pair_standings``)."""
        return self.remember("standings", lambda: pair_standings(self.scored()))


def _count(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _points(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(_count(v, -100_000, 100_000) for v in value):
        return (int(value[0]), int(value[1]))
    return None
