"""Scoring as working: every step of a deal's score, an erä and a game, as data.

A page can show the working, not only the result: ``score_deal`` returns each step
(matti point, last trick, trump, small trumps) with its rule id and the counts behind it;
``ScoreSheet`` applies deals to the erä totals (12, bust to 7, Porvoo, both on 12), counts
erä wins and misplays, and can be saved and loaded as JSON.

>>> compare_matti((5, 3), (0, 0), (0, 0))
('matit', 0)
>>> compare_matti((4, 4), (21, 15), (2, 2))
('pips', 0)
>>> compare_matti((4, 4), (18, 18), (2, 2))
('tie', None)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .cards import Pair, Rank, Seat
from .errors import MarjapussiError
from .jsontext import JsonProblem, load_json
from .rules import GUILD, Rules, parse_rules_spec

if TYPE_CHECKING:
    from .deal import Deal, Declaration

__all__ = [
    "CARD_POINTS",
    "PIPS",
    "DealScore",
    "EraStep",
    "ScoreSheet",
    "ScoreStep",
    "SheetError",
    "card_majority",
    "compare_matti",
    "count_cards",
    "next_deal_start",
    "score_deal",
    "score_taken",
]

PIPS: dict[Rank, int] = {Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
"""Pips (silmät) of the picture cards, for the guild's matti tie-break."""

CARD_POINTS: dict[str, dict[Rank, int]] = {
    "original": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "simplified": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5, Rank.JACK: 5},
}
"""Card points of the pagat rules (original 120 in the pack, simplified 140) and Huutopussi."""


@dataclass(frozen=True)
class ScoreStep:
    """One line of the working: ``rule`` gives ``points`` to ``pair`` (``None``: nobody).

    ``pair`` is the side that scores: a pair, or a seat in three-player Huutopussi.
    """

    rule: str
    pair: Pair | Seat | None
    points: int
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DealScore:
    """The score of one finished deal: the steps and the points per pair (NS, EW)."""

    rules: Rules
    steps: tuple[ScoreStep, ...]
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    matit: tuple[int, int]
    pips: tuple[int, int]
    aces: tuple[int, int]
    card_points: tuple[int, ...]
    carry_out: int = 0

    def for_pair(self, pair: Pair) -> int:
        """The deal points of one pair."""
        return self.points[pair]

    def _repr_html_(self) -> str:
        from .html import score_html
        from .i18n import display_language

        return score_html(self, display_language())


def _rank_mask(rank: Rank) -> int:
    return sum(1 << (suit * 9 + rank) for suit in range(4))


_RANK_MASKS: dict[Rank, int] = {rank: _rank_mask(rank) for rank in Rank}
_ACES = _RANK_MASKS[Rank.ACE]
_TENS = _RANK_MASKS[Rank.TEN]


def count_cards(mask: int, values: dict[Rank, int] | None = None) -> tuple[int, int, int, int]:
    """Count (matit, pips, aces, card points) in a mask of taken cards.

    >>> from marjapussi.cards import mask_of, parse_cards
    >>> count_cards(mask_of(parse_cards("HK SK HQ SQ DQ HJ SJ")))  # worked example 5
    (0, 21, 0, 0)
    """
    aces = (mask & _ACES).bit_count()
    matit = aces + (mask & _TENS).bit_count()
    pips = sum(points * (mask & _RANK_MASKS[rank]).bit_count() for rank, points in PIPS.items())
    card_points = 0
    if values is not None:
        card_points = sum(points * (mask & _RANK_MASKS[rank]).bit_count() for rank, points in values.items())
    return matit, pips, aces, card_points


def compare_matti(
    matit: tuple[int, int], pips: tuple[int, int], aces: tuple[int, int]
) -> tuple[str, int | None]:
    """Decide the matti point: return (what decided it, winning pair index or ``None``).

    More matit wins; at a tie more pips; at a tie more aces; else nobody (``matti-point``).
    """
    for name, (a, b) in (("matit", matit), ("pips", pips), ("aces", aces)):
        if a != b:
            return name, 0 if a > b else 1
    return "tie", None


def card_majority(ns: int, ew: int) -> int | None:
    """Return the pair index with more card points, or ``None`` at a tie (pagat rules).

    With 120 points in the pack more means at least 61; with the simplified values
    (140, all in fives) at least 75.

    >>> card_majority(61, 59), card_majority(60, 60), card_majority(75, 65), card_majority(70, 70)
    (0, None, 0, None)
    """
    if ns == ew:
        return None
    return 0 if ns > ew else 1


def score_deal(deal: Deal, carried: int = 0) -> DealScore:
    """Score a finished deal of Marjapussi (guild or pagat rules).

    ``carried``: game points carried from earlier card-point ties (pagat variation).
    """
    if not deal.is_over():
        raise MarjapussiError("the deal is not over")
    last = deal.last_winner
    assert last is not None
    return score_taken(deal.rules, deal.taken, deal.tricks_won, last, deal.declarations, carried)


def score_taken(
    rules: Rules,
    taken: Sequence[int],
    tricks_won: Sequence[int],
    last_winner: Seat,
    declarations: Sequence[Declaration],
    carried: int = 0,
) -> DealScore:
    """Score a Marjapussi deal from its facts: the cards each pair took (masks, NS and EW),
    the tricks each won, who took the last trick, and the declarations made.

    This is what ``score_deal`` does for a played deal; a score keeper who only knows
    the facts (the scoring widget) calls it directly.
    """
    values = CARD_POINTS[rules.card_values] if rules.scoring != "guild" else None
    counts = [count_cards(taken[p], values) for p in (0, 1)]
    matit = (counts[0][0], counts[1][0])
    pips = (counts[0][1], counts[1][1])
    aces = (counts[0][2], counts[1][2])
    card_points = (counts[0][3], counts[1][3])
    steps: list[ScoreStep] = []
    carry_out = 0
    if rules.scoring == "guild":
        decided, winner = compare_matti(matit, pips, aces)
        steps.append(
            ScoreStep(
                "matti-point",
                None if winner is None else Pair(winner),
                0 if winner is None else 1,
                {"decided_by": decided, "matit": matit, "pips": pips, "aces": aces},
            )
        )
    else:
        total = sum(card_points)
        worth = 1 + carried
        if card_majority(card_points[0], card_points[1]) is None:
            carry_out = worth if rules.carry_card_tie else 0
            steps.append(
                ScoreStep(
                    "pagat-scoring",
                    None,
                    0,
                    {"card_points": card_points, "total": total, "carried": carried, "carry_out": carry_out},
                )
            )
        else:
            winner = 0 if card_points[0] > card_points[1] else 1
            steps.append(
                ScoreStep(
                    "pagat-scoring",
                    Pair(winner),
                    worth,
                    {"card_points": card_points, "total": total, "carried": carried},
                )
            )
    steps.append(ScoreStep("last-trick", last_winner.pair, 1, {"seat": last_winner}))
    for decl in declarations:
        if decl.kind is None:
            continue
        points = 2 if decl.kind == "trump" else 1
        rule = (
            "trump"
            if decl.kind == "trump"
            else ("small-trump" if rules.scoring == "guild" else "pagat-scoring")
        )
        steps.append(
            ScoreStep(
                rule,
                decl.pair,
                points,
                {
                    "suit": decl.suit,
                    "method": decl.method,
                    "seat": decl.seat,
                    "after_trick": decl.after_trick,
                },
            )
        )
    totals = [0, 0]
    for step in steps:
        if step.pair is not None:
            totals[step.pair] += step.points
    return DealScore(
        rules,
        tuple(steps),
        (totals[0], totals[1]),
        (tricks_won[0], tricks_won[1]),
        matit,
        pips,
        aces,
        card_points,
        carry_out,
    )


@dataclass(frozen=True)
class EraStep:
    """How one deal changed the erä totals: each step with its rule id, and the outcome.

    ``outcome``: ``None`` (play on), ``"won"`` (``winner`` took the erä), ``"tie"``
    (both on the target in a rule family where that is a tie), ``"game-lost"`` (a third
    misplay: ``winner`` is the other pair). ``target_or_more``: the totals were judged by
    "the target or more" rather than "exactly the target".
    """

    before: tuple[int, ...]
    points: tuple[int, ...]
    after: tuple[int, ...]
    steps: tuple[ScoreStep, ...]
    outcome: str | None
    winner: Pair | None
    target_or_more: bool = False

    @property
    def both_back(self) -> bool:
        """Tell whether both pairs ended the deal on the target and both went back
        (``both_on_target``: ``both-to-bust``), so that play goes on."""
        return any(step.detail.get("why") == "both-on-target" for step in self.steps)

    def _repr_html_(self) -> str:
        from .html import era_html
        from .i18n import display_language

        return era_html(self, display_language())


class SheetError(MarjapussiError):
    """A saved score sheet that cannot be read; says in words what was wrong with it.

    ``problem`` names the fault (``not-json``, ``format``, ``rules``, ``rows``, ``row``,
    ``game-over``); for a bad row, ``row`` is its number (1-based) and ``field`` the
    field at fault (``points``, ``tricks_won``, ``misplay``, ``carry_out``, ``keys``,
    ``after-end``). ``text`` keeps the saved text that was refused, unchanged.
    """

    message_id = "bad-sheet"

    def __init__(self, problem: str, row: int = 0, field: str = "", text: str | None = None) -> None:
        super().__init__(problem, row, field)
        self.problem = problem
        self.row = row
        self.field = field
        self.text = text
        self.message_id = f"bad-sheet:{problem}:{field}" if field else f"bad-sheet:{problem}"

    def params(self) -> dict[str, Any]:
        return {"problem": self.problem, "row": self.row, "field": self.field}


_ROW_KEYS = frozenset({"points", "tricks_won", "misplay", "carry_out"})
_NEEDED_KEYS = frozenset({"points", "tricks_won"})


def _row_numbers(row: dict[str, Any], key: str, number: int, size: int = 2) -> tuple[int, ...]:
    values = row.get(key)
    if (
        not isinstance(values, list)
        or len(values) != size
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in values)
    ):
        raise SheetError("row", number, key)
    return tuple(values)


def apply_to_totals(
    rules: Rules,
    before: tuple[int, ...],
    points: tuple[int, ...],
    tricks_won: tuple[int, ...],
    misplay: Pair | None = None,
) -> EraStep:
    """Apply one deal's points to the erä totals and return the working (``era-total``)."""
    steps: list[ScoreStep] = []
    # The guild rules name these steps era-total and porvoo; the pagat rules, pagat-target.
    target_rule = "pagat-target" if rules.scoring == "pagat" else "era-total"
    reset_rule = "pagat-target" if rules.scoring == "pagat" else "porvoo"
    after = [before[0], before[1]]
    kept = [points[0], points[1]]
    if misplay is not None:
        kept[misplay] = 0
        steps.append(ScoreStep("misplay", misplay, 0, {"discarded": points[misplay]}))
    for p in (0, 1):
        pair = Pair(p)
        if misplay == pair:
            after[p] = 0
            steps.append(ScoreStep("porvoo", pair, 0, {"before": before[p], "why": "misplay"}))
            continue
        if tricks_won[p] == 0:
            after[p] = 0
            steps.append(ScoreStep(reset_rule, pair, 0, {"before": before[p], "why": "no-trick"}))
            continue
        total = before[p] + kept[p]
        after[p] = total
        steps.append(ScoreStep(target_rule, pair, kept[p], {"before": before[p], "sum": total}))
        if total > rules.target and not rules.target_or_more:
            after[p] = rules.bust_to
            steps.append(
                ScoreStep(target_rule, pair, 0, {"sum": total, "bust_to": rules.bust_to, "why": "bust"})
            )
    reached = [
        (after[p] >= rules.target if rules.target_or_more else after[p] == rules.target) and after[p] != 0
        for p in (0, 1)
    ]
    outcome: str | None = None
    winner: Pair | None = None
    if reached[0] and reached[1]:
        if rules.both_on_target == "both-to-bust":
            after = [rules.bust_to, rules.bust_to]
            steps.append(ScoreStep(target_rule, None, 0, {"why": "both-on-target", "to": rules.bust_to}))
        else:
            outcome = "tie"
            steps.append(ScoreStep(target_rule, None, 0, {"why": "tie"}))
    elif reached[0] or reached[1]:
        winner = Pair(0 if reached[0] else 1)
        outcome = "won"
        steps.append(
            ScoreStep(
                target_rule, winner, 0, {"why": "target", "target": rules.target, "total": after[winner]}
            )
        )
    return EraStep(
        before, (kept[0], kept[1]), (after[0], after[1]), tuple(steps), outcome, winner, rules.target_or_more
    )


@dataclass
class SheetRow:
    """One deal on the score sheet."""

    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    misplay: Pair | None
    era: EraStep
    # The game point a card-point tie carried on to the next deal (pagat variation).
    carry_out: int = 0


class ScoreSheet:
    """The score keeper's sheet for a game: erä totals, erä wins and misplays.

    >>> sheet = ScoreSheet()
    >>> sheet.add((9, 1), (6, 3)).after
    (9, 1)
    >>> step = sheet.add((3, 1), (5, 4))
    >>> step.outcome, step.winner, sheet.era_wins
    ('won', Pair.NS, [1, 0])
    """

    def __init__(self, rules: Rules = GUILD) -> None:
        self.rules = rules
        self.totals: tuple[int, ...] = (0, 0)
        self.era_wins: list[int] = [0, 0]
        self.misplays: list[int] = [0, 0]
        self.rows: list[SheetRow] = []
        self.carry = 0
        self.winner: Pair | None = None
        self.tied = False

    @property
    def over(self) -> bool:
        """Tell whether the game has ended (a winner, or a tie in the pagat rules)."""
        return self.winner is not None or self.tied

    def add(
        self,
        points: tuple[int, ...],
        tricks_won: tuple[int, ...],
        misplay: Pair | None = None,
        carry_out: int = 0,
    ) -> EraStep:
        """Record a deal's points (NS, EW), tricks won, and a misplay if a pair made one.

        ``carry_out``: the game point a card-point tie carries to the next deal (pagat).
        """
        if self.over:
            raise SheetError("game-over")
        self.carry = carry_out
        era = apply_to_totals(self.rules, self.totals, points, tricks_won, misplay)
        steps = list(era.steps)
        if misplay is not None:
            self.misplays[misplay] += 1
            if self.misplays[misplay] >= 3:
                self.winner = misplay.other
                steps.append(
                    ScoreStep("misplay", misplay, 0, {"count": self.misplays[misplay], "why": "third"})
                )
                era = replace(era, steps=tuple(steps), outcome="game-lost", winner=misplay.other)
        self.rows.append(SheetRow(points, tricks_won, misplay, era, carry_out))
        if era.outcome == "game-lost":
            self.totals = era.after
            return era
        if era.outcome == "won" and era.winner is not None:
            self.era_wins[era.winner] += 1
            self.totals = (0, 0)
            if self.era_wins[era.winner] >= self.rules.eras_to_win:
                self.winner = era.winner
        elif era.outcome == "tie":
            self.tied = True
            self.totals = era.after
        else:
            self.totals = era.after
        return era

    def add_deal(self, score: DealScore, misplay: Pair | None = None) -> EraStep:
        """Record a scored deal (see ``score_deal``)."""
        return self.add(score.points, score.tricks_won, misplay, score.carry_out)

    def to_json(self) -> str:
        """Save the sheet as JSON text (the rows; totals are recomputed on load).

        Each row keeps the points, tricks won, misplay and the game point a card-point
        tie carried on (``carry_out``, the pagat variation), so loading loses nothing.
        """
        rows = [
            {
                "points": list(r.points),
                "tricks_won": list(r.tricks_won),
                "misplay": None if r.misplay is None else r.misplay.name,
                "carry_out": r.carry_out,
            }
            for r in self.rows
        ]
        return json.dumps(
            {"format": "marjapussi-sheet/1", "rules": self.rules.spec(), "rows": rows}, ensure_ascii=False
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheet:
        """Load a saved sheet; raise ``SheetError`` saying what is wrong with a bad one.

        Nothing is coerced: points must be whole numbers in a list of two, a misplay
        ``NS``, ``EW`` or null. The refused text is kept in the error's ``text``.
        """
        kept = text if isinstance(text, str) else None
        try:
            data = load_json(text)
        except JsonProblem:
            raise SheetError("not-json", text=kept) from None
        if not isinstance(data, dict) or data.get("format") != "marjapussi-sheet/1":
            raise SheetError("format", text=kept)
        if set(data) - {"format", "rules", "rows"}:
            raise SheetError("format", text=kept)
        spec = data.get("rules", "guild")
        try:
            if not isinstance(spec, str):
                raise SheetError("rules", text=kept)
            rules = parse_rules_spec(spec)
        except MarjapussiError:
            raise SheetError("rules", text=kept) from None
        if rules.family != "marjapussi":
            raise SheetError("rules", text=kept)
        sheet = cls(rules)
        rows = data.get("rows")
        if not isinstance(rows, list):
            raise SheetError("rows", text=kept)
        for i, row in enumerate(rows, 1):
            try:
                if not isinstance(row, dict) or set(row) - _ROW_KEYS or not set(row) >= _NEEDED_KEYS:
                    raise SheetError("row", i, "keys")
                points = _row_numbers(row, "points", i)
                won = _row_numbers(row, "tricks_won", i)
                if sum(won) > rules.tricks_per_deal:
                    raise SheetError("row", i, "tricks_won")
                mis = row.get("misplay")
                if mis is not None and mis not in ("NS", "EW"):
                    raise SheetError("row", i, "misplay")
                misplay = None if mis is None else Pair[mis]
                carry = row.get("carry_out", 0)
                if not isinstance(carry, int) or isinstance(carry, bool) or carry < 0:
                    raise SheetError("row", i, "carry_out")
                if carry and not rules.carry_card_tie:
                    raise SheetError("row", i, "carry_out")
                if sheet.over:
                    raise SheetError("row", i, "after-end")
                sheet.add((points[0], points[1]), (won[0], won[1]), misplay, carry_out=carry)
            except SheetError as err:
                err.text = kept
                raise
        return sheet

    def __repr__(self) -> str:
        winner = "" if self.winner is None else f", winner={self.winner.name}"
        return (
            f"<ScoreSheet {self.rules.name} totals={self.totals} era_wins={tuple(self.era_wins)} "
            f"misplays={tuple(self.misplays)}{winner}>"
        )

    def _repr_html_(self) -> str:
        from .html import sheet_html
        from .i18n import display_language

        return sheet_html(self, display_language())

    def summary(self) -> dict[str, Any]:
        """The sheet as plain data."""
        return {
            "rules": self.rules.spec(),
            "totals": list(self.totals),
            "era_wins": self.era_wins,
            "misplays": self.misplays,
            "winner": None if self.winner is None else self.winner.name,
            "tied": self.tied,
            "rows": [asdict(r.era) | {"misplay": r.misplay} for r in self.rows],
        }


def next_deal_start(rules: Rules, previous: Deal, era_ended: bool) -> tuple[Seat, bool]:
    """Return (dealer, opening) for the deal after ``previous`` (``dealer-rotation``).

    Guild: the previous deal's leader deals; a new erä starts again with the ♣A lead.
    Pagat: the deal passes to the left; with the ♣A variation the first deal's leader
    becomes the second dealer. Huutopussi: the deal passes to the left; with marriage
    trumps a redeal is dealt again by the same dealer (``marriage-redeal``).
    """
    if rules.family == "huutopussi-marriage" and getattr(previous, "redeal", None) is not None:
        return previous.dealer, False
    if rules.family != "marjapussi":
        from .deal import NEXT_SEAT

        return NEXT_SEAT[rules.players][previous.dealer], False
    if rules.opening_lead == "clubs-ace-each-era":
        return previous.leader, era_ended
    if rules.opening_lead == "clubs-ace-first-deal" and previous.opening:
        return previous.leader, False
    return previous.dealer.next, False
