"""A club night's scoring: boards, board scores, matchpoints, the movement, the Games
format's pairings and the standings, as pure functions of the results.

No rooms, no clock and no language here: the room server seats the players, plays the
tables and keeps the evening's events; this module says who meets whom, scores what the
tables did and ranks the field, so that every number can be checked by hand (as bridge
clubs check a traveller).

Two formats:

- **Same deals** (duplicate, four-player rules only). Board *k* is dealt from the evening's
  seed as deal *k* (``board_deal``), dealt by N, E, S, W in turn, an opening deal from
  totals 0–0 with nothing carried. Its score at a table is North–South's points minus
  East–West's (``board_score``). The results of a board are compared among the pairs that
  held the same cards: 2 matchpoints for each pair beaten, 1 for each tie, as a percentage
  of the top; Neuberg's formula where some tables have no result (``score_board``). Pairs
  move by ``movement`` and are ranked by their mean board percentage (``pair_standings``).
- **Games**: pairs (individuals in the three-player games) play whole games; round robin
  while the field is small enough, else Swiss pairings without rematches
  (``games_round``); standings by wins, then by summed points difference
  (``games_standings``).

Entrants (pairs, or individuals) are the caller's ids, strings, in the order they joined.
``BOT_PAIR`` is the id of the bot pair that fills an odd field when bots are on: it
counts in the field and is never ranked.

The ``guild`` preset is played as it is: the guild's cup rules break a tie with a
*laistokierros*, which is not implemented here.

>>> plan = movement(["Anna", "Pekka", "Liisa", "Olli"], 1)
>>> [(t.number, t.ns, t.ew) for t in plan.tables]
[(1, 'Anna', 'Pekka'), (2, 'Liisa', 'Olli')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cards import Seat
from .deal import PLAYING_SEATS, Deal
from .errors import MarjapussiError
from .game import RULESETS, Game, deal_from_seed, has_opening_deal
from .huutopussi import HuutopussiSheet
from .scoring import ScoreSheet

__all__ = [
    "BOT_PAIR",
    "CSV_HEADER",
    "BoardResult",
    "ClubError",
    "GameResult",
    "GamesRound",
    "GamesStanding",
    "Match",
    "PairStanding",
    "RoundPlan",
    "ScoredResult",
    "Table",
    "board_deal",
    "board_dealer",
    "board_game",
    "board_points",
    "board_score",
    "bye",
    "csv_rows",
    "game_result",
    "games_round",
    "games_standings",
    "movement",
    "pair_standings",
    "round_boards",
    "score_board",
    "score_boards",
]

BOT_PAIR = "bot-pair"
"""The id of the bot pair that makes an odd field even when bots are on (never ranked)."""

HUNDRED = Fraction(100)
HALF = Fraction(1, 2)
SWISS_BUDGET = 200_000
"""The most opponents the Swiss search tries while looking for pairings without rematches
(a fraction of a second); past it (a field where none are left), the pairings go down
the standings, rematches allowed."""


class ClubError(MarjapussiError):
    """Club-night data the scoring refuses: ``why`` says what (``four-players``, ``board``,
    ``twice``, ``unfinished``, ``entrants``, ``round``, ``assigned``), ``value`` quotes it."""

    message_id = "club"

    def __init__(self, why: str, value: object = "") -> None:
        super().__init__(why, value)
        self.why = why
        self.value = str(value)
        self.message_id = f"club:{why}"

    def params(self) -> dict[str, Any]:
        return {"why": self.why, "text": self.value}


# ---------------------------------------------------------------------- boards


def _four_player_ruleset(ruleset: str) -> None:
    rules = RULESETS.get(ruleset)
    if rules is None or rules.players != 4:
        raise ClubError("four-players", ruleset)


def board_dealer(board: int) -> Seat:
    """The dealer of board ``board`` (from 1): N, E, S, W, N, …

    >>> board_dealer(1), board_dealer(4), board_dealer(5)
    (Seat.N, Seat.W, Seat.N)
    """
    if board < 1:
        raise ClubError("board", board)
    return PLAYING_SEATS[4][(board - 1) % 4]


def round_boards(round_number: int, per_round: int) -> range:
    """The boards of a same-deals round: ``per_round`` of them, numbered on from the last
    round's (every table of the round plays these).

    >>> list(round_boards(1, 2)), list(round_boards(3, 2))
    ([1, 2], [5, 6])
    """
    if round_number < 1:
        raise ClubError("round", round_number)
    if per_round < 1:
        raise ClubError("board", per_round)
    return range((round_number - 1) * per_round + 1, round_number * per_round + 1)


def board_game(ruleset: str, seed: int, board: int) -> Game:
    """Board ``board`` of the evening of ``seed`` as a one-deal game (what a table plays):
    deal number ``board`` of the seed, dealt by ``board_dealer``, an opening deal from
    totals 0–0 (four-player rule choices only: a key of ``game.RULESETS``).

    >>> game = board_game("guild", 7, 2)
    >>> game.position().deal.dealer, game.position().number
    (Seat.E, 2)
    """
    _four_player_ruleset(ruleset)
    rules = RULESETS[ruleset]
    return Game(ruleset, seed, board, board_dealer(board), has_opening_deal(rules))


def board_deal(ruleset: str, seed: int, board: int) -> Deal:
    """Board ``board`` of the evening of ``seed`` before its first action: the same cards at
    every table (``deal_from_seed``; the same deal ``board_game`` starts with)."""
    _four_player_ruleset(ruleset)
    rules = RULESETS[ruleset]
    totals = (0, 0) if rules.family == "huutopussi-marriage" else None
    return deal_from_seed(rules, seed, board, board_dealer(board), has_opening_deal(rules), totals)


def board_points(deal: Deal) -> tuple[int, int]:
    """North–South's and East–West's points of a finished board, in the deal's own score
    (nothing carried in; a redeal or a pass-out: 0–0)."""
    if not deal.is_over():
        raise ClubError("unfinished")
    points = deal.result(0).points
    if len(points) != 2:
        raise ClubError("four-players", deal.rules.name)
    return int(points[0]), int(points[1])


def board_score(deal: Deal) -> int:
    """A finished board's score: North–South's points minus East–West's.

    >>> deal = board_deal("huutopussi", 3, 1)
    >>> from marjapussi.actions import Pass
    >>> while not deal.is_over():
    ...     deal.push(next(a for a in deal.legal_actions() if isinstance(a, Pass)))
    >>> board_score(deal)  # passed out: 0-0
    0
    """
    ns, ew = board_points(deal)
    return ns - ew


# ---------------------------------------------------------------------- matchpoints


@dataclass(frozen=True)
class BoardResult:
    """What one table did with one board.

    ``points``: North–South's and East–West's points (``board_points``); ``None`` when the
    table did not finish the board. The director may give a board not played ``assigned``
    percentages (North–South's, East–West's, each 0–100) instead of 50% each, or correct
    ``points``; ``note`` says why, for the results.
    """

    round: int
    table: int
    board: int
    ns: str
    ew: str
    points: tuple[int, int] | None
    assigned: tuple[Fraction, Fraction] | None = None
    note: str = ""

    @property
    def score(self) -> int | None:
        """North–South's points minus East–West's; ``None`` for a board not played."""
        return None if self.points is None else self.points[0] - self.points[1]


@dataclass(frozen=True)
class ScoredResult:
    """A table's result on a board, compared with the field.

    ``matchpoints``: North–South's and East–West's, on a top of ``top`` (after Neuberg's
    formula where the board has fewer results than tables; ``None`` for a board not
    played); ``percent``: each pair's percentage of the top.
    """

    result: BoardResult
    top: int
    matchpoints: tuple[Fraction, Fraction] | None
    percent: tuple[Fraction, Fraction]


def score_board(results: Sequence[BoardResult]) -> tuple[ScoredResult, ...]:
    """Score one board: ``results`` holds every table that was to play it, once each.

    Each result is compared with the others: 2 matchpoints for each North–South score it
    beats, 1 for each tie (East–West get the rest of the top, 2 × (tables − 1)). With ``n``
    results out of ``N`` tables, Neuberg's formula scales a score to the full field:
    (mp + 1) × N / n − 1. A table without a result gets 50% each, or the director's
    ``assigned`` percentages.

    >>> r = [BoardResult(1, t, 1, f"n{t}", f"e{t}", p) for t, p in ((1, (3, 1)), (2, (2, 2)), (3, (3, 1)))]
    >>> [(s.matchpoints, s.percent) for s in score_board(r)]  # doctest: +NORMALIZE_WHITESPACE
    [((Fraction(3, 1), Fraction(1, 1)), (Fraction(75, 1), Fraction(25, 1))),
     ((Fraction(0, 1), Fraction(4, 1)), (Fraction(0, 1), Fraction(100, 1))),
     ((Fraction(3, 1), Fraction(1, 1)), (Fraction(75, 1), Fraction(25, 1)))]
    """
    if not results:
        return ()
    boards = {r.board for r in results}
    if len(boards) != 1:
        raise ClubError("board", ", ".join(str(b) for b in sorted(boards)))
    seen: set[str] = set()
    for r in results:
        if r.assigned is not None and (r.points is not None or not all(0 <= p <= 100 for p in r.assigned)):
            raise ClubError("assigned", " / ".join(str(p) for p in r.assigned))
        for pair in (r.ns, r.ew):
            if pair in seen:
                raise ClubError("twice", pair)
            seen.add(pair)
    tables = len(results)
    top = 2 * (tables - 1)
    scores = [r.score for r in results if r.score is not None]
    played = len(scores)
    out = []
    for r in results:
        score = r.score
        if score is None:
            percent = r.assigned if r.assigned is not None else (Fraction(50), Fraction(50))
            out.append(ScoredResult(r, top, None, percent))
            continue
        raw = Fraction(sum(2 if score > s else 1 if score == s else 0 for s in scores) - 1)  # itself: a tie
        ns = raw if played == tables else (raw + 1) * tables / played - 1
        mp = (ns, top - ns)
        half = (Fraction(50), Fraction(50))
        percent = half if top == 0 else (ns * HUNDRED / top, mp[1] * HUNDRED / top)
        out.append(ScoredResult(r, top, mp, percent))
    return tuple(out)


def score_boards(results: Iterable[BoardResult]) -> tuple[ScoredResult, ...]:
    """Score every board of ``results`` (``score_board`` on each board's results), in the
    order of board and table."""
    by_board: dict[int, list[BoardResult]] = {}
    for r in results:
        by_board.setdefault(r.board, []).append(r)
    out: list[ScoredResult] = []
    for board in sorted(by_board):
        out.extend(score_board(sorted(by_board[board], key=lambda r: r.table)))
    return tuple(out)


@dataclass(frozen=True)
class PairStanding:
    """A pair's place in the same-deals standings: its mean board percentage."""

    rank: int
    pair: str
    boards: int
    percent: Fraction


def pair_standings(scored: Iterable[ScoredResult]) -> tuple[PairStanding, ...]:
    """Rank the pairs by their mean board percentage, whichever direction they sat (the bot
    pair counts in the field and is not ranked; equal means share a rank).

    >>> r = [BoardResult(1, 1, 1, "A", "B", (3, 1)), BoardResult(1, 2, 1, "C", "D", (2, 2))]
    >>> [(s.rank, s.pair, str(s.percent)) for s in pair_standings(score_board(r))]
    [(1, 'A', '100'), (1, 'D', '100'), (3, 'B', '0'), (3, 'C', '0')]
    """
    totals: dict[str, list[Fraction]] = {}
    for s in scored:
        for pair, percent in zip((s.result.ns, s.result.ew), s.percent, strict=True):
            totals.setdefault(pair, []).append(percent)
    means = [(sum(p, Fraction(0)) / len(p), pair, len(p)) for pair, p in totals.items() if pair != BOT_PAIR]
    means.sort(key=lambda m: (-m[0], m[1]))
    out: list[PairStanding] = []
    for i, (mean, pair, boards) in enumerate(means):
        rank = out[-1].rank if out and out[-1].percent == mean else i + 1
        out.append(PairStanding(rank, pair, boards, mean))
    return tuple(out)


# ---------------------------------------------------------------------- the movement


@dataclass(frozen=True)
class Table:
    """A table of a same-deals round: the pair holding North–South's cards and the pair
    holding East–West's."""

    number: int
    ns: str
    ew: str


@dataclass(frozen=True)
class RoundPlan:
    """A same-deals round: its tables, and the pair that sits out (unscored), if any."""

    round: int
    tables: tuple[Table, ...]
    sits_out: str | None = None


def movement(pairs: Sequence[str], round_number: int, bots: bool = False) -> RoundPlan:
    """Seat a same-deals round (a Mitchell movement).

    ``pairs``: the pairs present at the round's start, in the order they joined (a late
    pair joins at the next round, at the end). They take turns: the first joiner is the
    stationary pair of table 1, the second a visiting pair, the third stationary at
    table 2, and so on, so that a latecomer moves nobody who came before. An odd field
    is made even by ``BOT_PAIR`` when ``bots`` is on, else by a pair that is not there: the
    stationary pair it would meet sits out that round, unscored.

    With ``T`` tables, in round ``r`` (from 1) the stationary pair of table ``t`` (from 0)
    meets the visiting pair (t + r − 1) mod T, so each meets new opponents for ``T``
    rounds; in even rounds the stationary pair holds East–West's cards, so that every
    pair is in one ranking.

    >>> plan = movement(["A", "B", "C", "D", "E"], 2)
    >>> [(t.number, t.ns, t.ew) for t in plan.tables], plan.sits_out
    ([(1, 'D', 'A'), (3, 'B', 'E')], 'C')
    """
    if round_number < 1:
        raise ClubError("round", round_number)
    if len(set(pairs)) != len(pairs) or BOT_PAIR in pairs:
        raise ClubError("entrants", ", ".join(pairs))
    field: list[str | None] = list(pairs)
    if len(field) % 2:
        field.append(BOT_PAIR if bots else None)
    stationary, visiting = field[0::2], field[1::2]
    count = len(stationary)
    tables: list[Table] = []
    sits_out = None
    for t in range(count):
        home, visitor = stationary[t], visiting[(t + round_number - 1) % count]
        assert home is not None  # the stand-in pair only ever visits
        if visitor is None:
            sits_out = home
            continue
        ns, ew = (home, visitor) if round_number % 2 else (visitor, home)
        tables.append(Table(t + 1, ns, ew))
    return RoundPlan(round_number, tuple(tables), sits_out)


# ---------------------------------------------------------------------- the Games format


@dataclass(frozen=True)
class GameResult:
    """One game's result, for the standings: each side's share of a win (1, ½ or 0) and
    each side's points. A bye is a game of one side: a win, by 0 points (``bye``)."""

    round: int
    sides: tuple[str, ...]
    wins: tuple[Fraction, ...]
    points: tuple[int, ...]


def bye(round_number: int, entrant: str) -> GameResult:
    """A bye: a win by 0 points.

    >>> bye(3, "A").wins
    (Fraction(1, 1),)
    """
    return GameResult(round_number, (entrant,), (Fraction(1),), (0,))


def game_result(round_number: int, sides: Sequence[str], sheet: ScoreSheet | HuutopussiSheet) -> GameResult:
    """A game's result from its score sheet, finished or not (the round's time ran out).

    A game over goes to its winner (a tie in the pagat rules is a draw). An unfinished
    game goes to the side with more erät won, then (at level erät) the higher erä total
    in Marjapussi, or the higher total in Huutopussi; sides still level draw (½ each). The
    points are each side's total in Huutopussi, and the deals' points summed in
    Marjapussi (whose erä totals start again at 0 each erä).

    >>> sheet = ScoreSheet()
    >>> _ = sheet.add((3, 1), (5, 4))
    >>> r = game_result(1, ("A", "B"), sheet)
    >>> r.wins, r.points
    ((Fraction(1, 1), Fraction(0, 1)), (3, 1))
    """
    if isinstance(sheet, ScoreSheet):
        points = tuple(sum(row.points[i] for row in sheet.rows) for i in range(2))
        if sheet.winner is not None:
            keys: list[tuple[int, ...]] = [(1 if i == sheet.winner else 0,) for i in range(2)]
        elif sheet.tied:
            keys = [(0,), (0,)]
        else:
            keys = [(sheet.era_wins[i], sheet.totals[i]) for i in range(2)]
    else:
        points = tuple(sheet.totals)
        if sheet.winner is not None:
            keys = [(1 if i == sheet.winner else 0,) for i in range(len(points))]
        else:
            keys = [(total,) for total in points]
    if len(sides) != len(points):
        raise ClubError("entrants", ", ".join(sides))
    best = max(keys)
    leaders = sum(1 for k in keys if k == best)
    share = Fraction(1) if leaders == 1 else HALF
    wins = tuple(share if k == best else Fraction(0) for k in keys)
    return GameResult(round_number, tuple(sides), wins, points)


@dataclass(frozen=True)
class GamesStanding:
    """An entrant's place in the Games standings: wins (½ for a draw), then the summed
    points difference (its points minus the mean of its opponents', a game at a time)."""

    rank: int
    entrant: str
    games: int
    wins: Fraction
    difference: Fraction


def _difference(result: GameResult, i: int) -> Fraction:
    others = [p for j, p in enumerate(result.points) if j != i]
    return Fraction(result.points[i]) - (Fraction(sum(others), len(others)) if others else 0)


def games_standings(results: Iterable[GameResult], entrants: Sequence[str] = ()) -> tuple[GamesStanding, ...]:
    """Rank the entrants by wins, then by summed points difference (equal on both: a shared
    rank). ``entrants`` adds those who have no game yet.

    >>> results = [GameResult(1, ("A", "B"), (Fraction(1), Fraction(0)), (8, 5)), bye(1, "C")]
    >>> [(s.rank, s.entrant, str(s.wins), str(s.difference)) for s in games_standings(results)]
    [(1, 'A', '1', '3'), (2, 'C', '1', '0'), (3, 'B', '0', '-3')]
    """
    table: dict[str, tuple[int, Fraction, Fraction]] = {e: (0, Fraction(0), Fraction(0)) for e in entrants}
    for result in results:
        for i, entrant in enumerate(result.sides):
            games, wins, diff = table.get(entrant, (0, Fraction(0), Fraction(0)))
            table[entrant] = (games + 1, wins + result.wins[i], diff + _difference(result, i))
    rows = sorted(table.items(), key=lambda item: (-item[1][1], -item[1][2], item[0]))
    out: list[GamesStanding] = []
    for entrant, (games, wins, diff) in rows:
        if entrant == BOT_PAIR:
            continue
        same = out and (out[-1].wins, out[-1].difference) == (wins, diff)
        out.append(GamesStanding(out[-1].rank if same else len(out) + 1, entrant, games, wins, diff))
    return tuple(out)


@dataclass(frozen=True)
class Match:
    """A table of a Games round: the sides that meet (two pairs, or three individuals),
    the first side at North–South (or North)."""

    table: int
    sides: tuple[str, ...]


@dataclass(frozen=True)
class GamesRound:
    """A Games round: its tables, the entrants with a bye, and how it was paired
    (``round-robin`` or ``swiss``)."""

    round: int
    matches: tuple[Match, ...]
    byes: tuple[str, ...]
    method: str


def _met(results: Iterable[GameResult]) -> set[frozenset[str]]:
    met: set[frozenset[str]] = set()
    for r in results:
        for a in r.sides:
            met.update(frozenset((a, b)) for b in r.sides if b != a)
    return met


def _round_robin(entrants: Sequence[str], round_number: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The circle method: the first entrant stays, the others turn one place a round."""
    field: list[str | None] = list(entrants)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    turn = (round_number - 1) % (n - 1)
    rest = field[1:]
    ring = [field[0], *rest[len(rest) - turn :], *rest[: len(rest) - turn]]
    pairs: list[tuple[str, str]] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = ring[i], ring[n - 1 - i]
        if a is None and b is not None:
            byes.append(b)
        elif b is None and a is not None:
            byes.append(a)
        elif a is not None and b is not None:
            pairs.append((a, b) if (round_number + i) % 2 else (b, a))
    return pairs, byes


def _group(order: list[str], size: int, met: set[frozenset[str]]) -> list[tuple[str, ...]] | None:
    """Tables of ``size`` down ``order`` (the standings), nobody with anyone met before;
    ``None`` if the search finds none within ``SWISS_BUDGET`` tries."""
    steps = [0]

    def fits(group: tuple[str, ...], other: str) -> bool:
        return all(frozenset((g, other)) not in met for g in group)

    def search(left: list[str]) -> list[tuple[str, ...]] | None:
        if not left:
            return []

        def extend(group: tuple[str, ...], pool: list[str]) -> list[tuple[str, ...]] | None:
            if len(group) == size:
                rest = search([e for e in left if e not in group])
                return None if rest is None else [group, *rest]
            for k, other in enumerate(pool):
                steps[0] += 1
                if steps[0] > SWISS_BUDGET:
                    return None
                if fits(group, other):
                    found = extend((*group, other), pool[k + 1 :])
                    if found is not None:
                        return found
            return None

        return extend((left[0],), left[1:])

    return search(order)


def games_round(
    entrants: Sequence[str],
    round_number: int,
    rounds: int,
    results: Sequence[GameResult] = (),
    size: int = 2,
) -> GamesRound:
    """Pair a Games round.

    ``entrants``: those present at the round's start, in the order they joined;
    ``results``: every game so far (byes included); ``size``: 2 for pairs, 3 for the
    three-player games' individuals. For pairs, while there are at most ``rounds`` + 1 of
    them, a round robin (the circle method; with an odd number, each round one pair has
    the bye), unless the field has changed so that it would bring a rematch. Otherwise,
    and always for three-player tables, Swiss: down the standings, each with the next one
    not met yet. Entrants left over (an odd field) have a bye, a win by 0, the lowest in
    the standings first, once each while some have had none.

    >>> r = games_round(["A", "B", "C", "D"], 1, 3)
    >>> r.method, [m.sides for m in r.matches]
    ('round-robin', [('A', 'D'), ('C', 'B')])
    """
    if round_number < 1 or rounds < 1:
        raise ClubError("round", round_number)
    if (
        len(set(entrants)) != len(entrants)
        or BOT_PAIR in entrants
        or size not in (2, 3)
        or len(entrants) < size
    ):
        raise ClubError("entrants", ", ".join(entrants))
    met = _met(results)
    if size == 2 and len(entrants) <= rounds + 1:
        pairs, byes = _round_robin(entrants, round_number)
        if all(frozenset(p) not in met for p in pairs):
            matches = tuple(Match(i + 1, p) for i, p in enumerate(pairs))
            return GamesRound(round_number, matches, tuple(byes), "round-robin")
    standing = {s.entrant: i for i, s in enumerate(games_standings(results, entrants))}
    joined = {e: i for i, e in enumerate(entrants)}
    order = sorted(entrants, key=lambda e: (standing[e], joined[e]))
    had_bye = {r.sides[0] for r in results if len(r.sides) == 1}
    spare = len(order) % size
    # The bye goes to the lowest in the standings without one (all have had one: the lowest).
    fresh = [e for e in reversed(order) if e not in had_bye]
    byes = (fresh + [e for e in reversed(order) if e in had_bye])[:spare]
    playing = [e for e in order if e not in byes]
    groups = _group(playing, size, met)
    if groups is None:
        groups = [tuple(playing[i : i + size]) for i in range(0, len(playing), size)]
    matches = tuple(Match(i + 1, g) for i, g in enumerate(groups))
    return GamesRound(round_number, matches, tuple(byes), "swiss")


# ---------------------------------------------------------------------- the archive

CSV_HEADER: tuple[str, ...] = (
    "round", "table", "board", "ns", "ew", "ns_points", "ew_points", "score",
    "ns_matchpoints", "ew_matchpoints", "top", "ns_percent", "ew_percent", "note",
)  # fmt: skip
"""The columns of the archive's results CSV (``csv_rows``)."""


def _decimal(value: Fraction | None) -> str:
    return "" if value is None else f"{float(value):.2f}"


def csv_rows(scored: Iterable[ScoredResult]) -> list[tuple[str, ...]]:
    """The archive's results as CSV rows: ``CSV_HEADER``, then a row per board and table
    (a board not played: empty points and matchpoints; decimals to two places).

    >>> r = [BoardResult(1, 1, 1, "A", "B", (3, 1)), BoardResult(1, 2, 1, "C", "D", (2, 2)),
    ...      BoardResult(1, 3, 1, "E", "F", None, note="late")]
    >>> for row in csv_rows(score_board(r))[1:]:
    ...     print(",".join(row))
    1,1,1,A,B,3,1,2,3.50,0.50,4,87.50,12.50,
    1,2,1,C,D,2,2,0,0.50,3.50,4,12.50,87.50,
    1,3,1,E,F,,,,,,4,50.00,50.00,late
    """
    rows = [CSV_HEADER]
    for s in scored:
        r = s.result
        points = ("", "") if r.points is None else (str(r.points[0]), str(r.points[1]))
        mp = s.matchpoints or (None, None)
        score = "" if r.score is None else str(r.score)
        where = (str(r.round), str(r.table), str(r.board), r.ns, r.ew)
        matchpoints = (_decimal(mp[0]), _decimal(mp[1]), str(s.top))
        rows.append(
            (*where, *points, score, *matchpoints, _decimal(s.percent[0]), _decimal(s.percent[1]), r.note)
        )
    return rows
