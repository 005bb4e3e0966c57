"""What the solver maximises: the deal's score as each rule family counts it.

An objective turns a finished deal into one number for the *maximising side* (North–South
in Marjapussi; the bid winner's side in Huutopussi, or North–South when nobody bid); the
other side minimises it, so every objective here is zero-sum. The solver reports values
from the viewpoint of the side to act, which is this number or its negation.

* ``DealPoints()`` (guild and pagat): the deal points of North–South minus those of
  East–West, exactly as ``score_deal`` counts them (guild: matti point with the pips and
  aces tie-breaks, last trick 1, trump 2, each small trump 1; pagat: the card-point
  majority worth 1 plus any carried points, trump 2, each later marriage 1, last trick 1).
* ``EraUtility(totals_before)`` (guild and pagat): the deal as a player at the table values
  it, given the erä totals before it (see the class).
* ``ContractResult()`` (Huutopussi): the bid winner's contract score minus the defenders'
  scores, exactly as ``score_contract`` counts them (see the class).
* ``ExactContract()`` (Huutopussi with marriage trumps): the same difference as
  ``score_marriage`` counts it: exactly the contract or minus it, the no-trick penalties
  (see the class).

Bound to a deal, an objective gives the solver four things: ``final`` (the value of a
finished deal), ``summary`` and ``additive`` (what of the past the rest of the deal still
depends on, so that the transposition table can store values of the *remainder*), and
``estimate`` (a value for a position where a depth-limited search stops).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import SUIT_MASK, Rank, Suit
from ..deal import SIDES
from ..errors import MarjapussiError
from ..huutopussi import MAX_BID, HuutopussiDeal, contract_points
from ..scoring import CARD_POINTS, PIPS, apply_to_totals, card_majority, compare_matti

if TYPE_CHECKING:
    from ..deal import Deal

__all__ = [
    "ContractResult",
    "DealPoints",
    "EraUtility",
    "Evaluator",
    "ExactContract",
    "ImpossiblePosition",
    "Objective",
    "SolveError",
    "declaration_points",
    "default_objective",
]

Value = int | float


class SolveError(MarjapussiError):
    """A position or objective the solver cannot work with (said in the reader's language)."""

    message_id = "solve-error"

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem

    def params(self) -> dict[str, Any]:
        return {"problem": self.problem}


class ImpossiblePosition(SolveError):
    """A position no deal can reach: a card in two places or outside the pack, hands or
    tricks that do not add up, the wrong seat to act, a trump not declared. Refused alike
    whichever backend would search it (``positions.check_position``, and the compiled
    core's own checks). ``reason`` names the check that failed (``core``: one of the
    core's, ``where`` then says which)."""

    def __init__(self, reason: str, where: str = "") -> None:
        super().__init__("impossible-position")
        self.reason = reason
        self.where = where

    def params(self) -> dict[str, Any]:
        return {"problem": self.problem, "reason": self.reason}


def _suit_table(value: Callable[[int], int]) -> tuple[int, ...]:
    """For every 9-bit pattern of one suit, the sum of ``value(rank)`` over its cards."""
    return tuple(sum(value(r) for r in range(9) if pattern >> r & 1) for pattern in range(512))


def _masked_sum(table: tuple[int, ...]) -> Callable[[int], int]:
    def total(mask: int) -> int:
        return table[mask & 511] + table[mask >> 9 & 511] + table[mask >> 18 & 511] + table[mask >> 27 & 511]

    return total


_MATIT = _masked_sum(_suit_table(lambda r: 1 if r in (Rank.ACE, Rank.TEN) else 0))
_PIPS = _masked_sum(_suit_table(lambda r: PIPS.get(Rank(r), 0)))
_ACES = _masked_sum(_suit_table(lambda r: 1 if r == Rank.ACE else 0))
_TALLY = _masked_sum(
    _suit_table(
        lambda r: int(r in (Rank.ACE, Rank.TEN)) + 16 * PIPS.get(Rank(r), 0) + 1024 * int(r == Rank.ACE)
    )
)
"""Matit, 16 × pips and 1024 × aces in one number (all that the matti point depends on)."""


def _points_of(values: dict[Rank, int]) -> Callable[[int], int]:
    return _masked_sum(_suit_table(lambda r: values.get(Rank(r), 0)))


_CARD_POINTS: dict[str, Callable[[int], int]] = {
    name: _points_of(values) for name, values in CARD_POINTS.items()
}


def declaration_points(deal: Deal) -> tuple[int, int]:
    """Points of the declarations made so far (trump 2, small trump 1), per pair.

    >>> from marjapussi import Deal
    >>> declaration_points(Deal.random(1))
    (0, 0)
    """
    ns = ew = 0
    for decl in deal.declarations:
        if decl.kind is None:
            continue
        points = 2 if decl.kind == "trump" else 1
        if decl.seat & 1:
            ew += points
        else:
            ns += points
    return ns, ew


class Evaluator:
    """An objective bound to one deal: what the search calls (see the module docstring)."""

    maximiser: tuple[bool, bool, bool, bool]
    """For each seat N E S W: does that seat's side maximise the value."""
    low: Value
    high: Value
    """Bounds no final value passes (for zero-window searches)."""

    def final(self, deal: Deal) -> Value:
        """The value of the finished deal."""
        raise NotImplementedError

    def summary(self, deal: Deal) -> Hashable:
        """What the rest of the deal depends on besides the cards left and the deal's state."""
        raise NotImplementedError

    def additive(self, deal: Deal) -> Value:
        """The part of the final value already fixed and simply added (kept out of the table)."""
        return 0

    def estimate(self, deal: Deal) -> Value:
        """A value for an unfinished deal at a trick boundary (depth-limited search)."""
        raise NotImplementedError

    def bounds(self, deal: Deal) -> tuple[Value, Value]:
        """Quick bounds on the final value at a trick boundary (no search)."""
        return self.low, self.high

    def classes(self, deal: Deal) -> tuple[int, ...]:
        """For every card index, its value class: two cards of one class, next to each other
        in one hand, are one move. ``-1``: never merged (a card a declaration may need)."""
        return _NO_MERGE


_NO_MERGE = (-1,) * 36
KING_QUEEN: tuple[int, ...] = tuple(
    (1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4)
)


def _classes(by_rank: tuple[int, ...], kq_suits: int) -> tuple[int, ...]:
    """Value classes from a class per rank; the kings and queens of ``kq_suits`` (a suit
    mask) are never merged."""
    out = []
    for c in range(36):
        rank = c % 9
        if rank in (Rank.KING, Rank.QUEEN) and kq_suits >> (c // 9) & 1:
            out.append(-1)
        else:
            out.append(by_rank[rank])
    return tuple(out)


def _declaration_potential(deal: Deal, first: int) -> int:
    """At most how many points the pair of seat ``first`` (0 or 1) can still declare."""
    hands = deal.hands
    a, b = first, first + 2
    count = 0
    for s in range(4):
        if deal.declared >> s & 1:
            continue
        kq = KING_QUEEN[s]
        ha, hb = hands[a] & kq, hands[b] & kq
        if (
            (ha == kq and not deal.burned >> (a * 4 + s) & 1)
            or (hb == kq and not deal.burned >> (b * 4 + s) & 1)
            or (ha and hb and ha | hb == kq)
        ):
            count += 1
    return count + 1 if count and deal.trump < 0 else count


def _cashable(deal: Deal) -> int:
    """The cards the player to lead can cash one after another whatever the others do.

    In each suit, the leader's cards above every other hand's, as many as every other hand
    holding a trump can follow (so that nobody ruffs; the partner too, who would take the
    lead). None in the first trick (its lead duties) or under a duty to lead a suit.
    """
    if not deal._tricks or deal.lead_suit_duty >= 0:
        return 0
    seat, hands, trump = int(deal.to_act), deal.hands, deal.trump
    others = 0
    trumpers = []
    for i in range(deal.rules.players):
        if i != seat:
            others |= hands[i]
            if trump >= 0 and hands[i] & SUIT_MASK[trump]:
                trumpers.append(hands[i])
    out = 0
    for suit in range(4):
        mine, theirs = hands[seat] & SUIT_MASK[suit], others & SUIT_MASK[suit]
        if not mine:
            continue
        # Above the highest card of the others (all of the leader's when they have none).
        top = mine & ~((1 << theirs.bit_length()) - 1) if theirs else mine
        k = top.bit_count()
        if suit != trump:
            for hand in trumpers:
                k = min(k, (hand & SUIT_MASK[suit]).bit_count())
        while top.bit_count() > k:  # the k highest
            top &= top - 1
        out |= top
    return out


def _leader_sweeps(deal: Deal) -> bool:
    """Whether the player to lead takes every trick left whatever the others do: each of
    the leader's cards is above every other hand's card of its suit, and no other hand can
    ruff (no trump, nobody else holds one, or the leader holds only trumps)."""
    seat, hands, trump = int(deal.to_act), deal.hands, deal.trump
    mine = hands[seat]
    others = 0
    for i in range(deal.rules.players):
        if i != seat:
            others |= hands[i]
    for suit in range(4):
        m, o = mine & SUIT_MASK[suit], others & SUIT_MASK[suit]
        if m and o and o >> ((m & -m).bit_length()):
            return False
    if trump >= 0:
        t = SUIT_MASK[trump]
        if others & t and mine & ~t:
            return False
    return True


class Objective:
    """What the solver maximises; ``bind`` makes the evaluator for one deal."""

    def bind(self, deal: Deal) -> Evaluator:
        """Return the evaluator of this objective for the given deal."""
        raise NotImplementedError


_NS_MAX = (True, False, True, False)


class _PointsEvaluator(Evaluator):
    def __init__(self, deal: Deal, carried: int) -> None:
        rules = deal.rules
        if rules.family != "marjapussi":
            raise SolveError("objective-family")
        self.maximiser = _NS_MAX
        self.guild = rules.scoring == "guild"
        self.carried = carried
        self.card_points = _CARD_POINTS[rules.card_values]
        pack = 0
        for hand in deal.initial_hands:
            pack |= hand
        self.pack = pack
        self.pack_points = self.card_points(pack)
        self.totals = (_MATIT(pack), _PIPS(pack), _ACES(pack))
        self.tally = _TALLY if self.guild else self.card_points
        span = 1 + carried + 1 + 2 + 3
        self.low, self.high = -span, span
        self._matti: dict[tuple[int, ...], int] = {}
        self._matti_by_mask: dict[int, int] = {}
        self._states: dict[int, tuple[int, Hashable]] = {}
        self._classes: dict[int, tuple[int, ...]] = {}
        self._class_tuples: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        values = CARD_POINTS[rules.card_values]
        self.by_rank = _GUILD_CLASSES if self.guild else tuple(values.get(Rank(r), 0) for r in range(9))

    def _played(self, deal: Deal) -> int:
        # At a trick boundary every card not in a hand has been taken by a pair.
        return deal.taken[0] | deal.taken[1]

    def cards_value(self, deal: Deal) -> int:
        """The matti point or card-point majority of the finished deal (NS minus EW)."""
        ns, ew = deal.taken[0], deal.taken[1]
        if self.guild:
            by_mask = self._matti_by_mask
            value = by_mask.get(ns)
            if value is not None and ns | ew == self.pack:
                return value
            key = (_MATIT(ns), _MATIT(ew), _PIPS(ns), _PIPS(ew), _ACES(ns), _ACES(ew))
            value = self._matti.get(key)
            if value is None:
                _, winner = compare_matti(key[0:2], key[2:4], key[4:6])
                value = 0 if winner is None else (1 if winner == 0 else -1)
                self._matti[key] = value
            if ns | ew == self.pack:
                # Every card taken: North–South's cards alone tell the rest.
                if len(by_mask) >= _CACHE_SIZE:
                    by_mask.clear()
                by_mask[ns] = value
            return value
        winner = card_majority(self.card_points(ns), self.card_points(ew))
        if winner is None:
            return 0
        return 1 + self.carried if winner == 0 else -1 - self.carried

    def points(self, deal: Deal) -> tuple[int, int]:
        """The deal points of the finished deal, per pair."""
        ns, ew = declaration_points(deal)
        cards = self.cards_value(deal)
        if cards > 0:
            ns += cards
        else:
            ew -= cards
        if deal._tricks[-1][1] & 1:
            ew += 1
        else:
            ns += 1
        return ns, ew

    def final(self, deal: Deal) -> Value:
        ns, ew = self.points(deal)
        return ns - ew

    def summary(self, deal: Deal) -> Hashable:
        return self._state(deal.taken[0], deal.taken[1])[1]

    def _state(self, ns: int, ew: int) -> tuple[int, Hashable]:
        """``decided_cards`` and ``summary`` for the cards each pair has taken (cached by
        what they depend on: each pair's matit, pips and aces, or card points)."""
        tally = self.tally
        key = tally(ns) | tally(ew) << 16
        out = self._states.get(key)
        if out is None:
            if len(self._states) >= _CACHE_SIZE:
                self._states.clear()
            out = self._states[key] = (self._decided(ns, ew), self._summary(ns, ew))
        return out

    def _summary(self, ns: int, ew: int) -> Hashable:
        # Once the matti point (or the card majority) is beyond doubt, only that matters.
        decided = self._decided(ns, ew)
        if decided:
            return decided
        if self.guild:
            # A tie-break one pair already wins is only that; the aces count only while the
            # pips can still tie.
            _, pips, aces = self.totals
            p_ns, p_ew = _PIPS(ns), _PIPS(ew)
            if 2 * p_ns > pips:
                return (_MATIT(ns), 99, 0)
            if 2 * p_ew > pips:
                return (_MATIT(ns), -99, 0)
            a_ns, a_ew = _ACES(ns), _ACES(ew)
            if 2 * a_ns > aces:
                a_ns = 99
            elif 2 * a_ew > aces:
                a_ns = -99
            return (_MATIT(ns), p_ns, a_ns)
        return (self.card_points(ns),)

    def additive(self, deal: Deal) -> Value:
        ns, ew = declaration_points(deal)
        return ns - ew

    def decided_cards(self, deal: Deal) -> int:
        """The matti point or card majority when already beyond doubt (NS minus EW), else 0.

        Guild: a pair has the matti point once it holds more than half the matit, or half
        of them and more than half the pips (its pips win any tie of matit), or half the
        matit, half the pips and more than half the aces.
        """
        return self._state(deal.taken[0], deal.taken[1])[0]

    def _decided(self, ns: int, ew: int) -> int:
        if self.guild:
            return self._decided_matti(_MATIT(ns), _MATIT(ew), _PIPS(ns), _PIPS(ew), _ACES(ns), _ACES(ew))
        if 2 * self.card_points(ns) > self.pack_points:
            return 1 + self.carried
        return -1 - self.carried if 2 * self.card_points(ew) > self.pack_points else 0

    def _decided_matti(self, m_ns: int, m_ew: int, p_ns: int, p_ew: int, a_ns: int, a_ew: int) -> int:
        matit, pips, aces = self.totals
        for sign, m, p, a in ((1, m_ns, p_ns, a_ns), (-1, m_ew, p_ew, a_ew)):
            if 2 * m > matit:
                return sign
            if 2 * m == matit and (2 * p > pips or (2 * p == pips and 2 * a > aces)):
                return sign
        return 0

    def estimate(self, deal: Deal) -> Value:
        ns, ew = declaration_points(deal)
        return ns - ew + self.decided_cards(deal)

    def _ranges(self, deal: Deal) -> tuple[int, int, int, int]:
        """(NS fixed, NS still possible, EW fixed, EW still possible) deal points."""
        ns, ew = declaration_points(deal)
        cards = self.decided_cards(deal)
        worth = 1 + self.carried
        if cards > 0:
            ns += cards
        elif cards < 0:
            ew -= cards
        more_ns = _declaration_potential(deal, 0) + 1 + (0 if cards else worth)
        more_ew = _declaration_potential(deal, 1) + 1 + (0 if cards else worth)
        return ns, more_ns, ew, more_ew

    def _cashing_box(self, deal: Deal, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
        """``_ranges`` narrowed to what the pair to lead makes sure of by cashing its
        winners, or ``None`` where cashing settles nothing.

        If the leader takes every trick left, the cards, the last trick and the other
        pair's declarations are settled; else if the cards the leader can cash settle the
        matti point (or the card majority), the other pair cannot have it. The narrowed
        box holds every outcome of the leading pair's cashing, not every outcome: its bound
        on the leading pair's side stands; the other side's stands only for ``DealPoints``
        (the most the other pair can get never grows when the leading pair takes more).
        The compiled core's ``cashing_box`` is the same.
        """
        side = int(deal.to_act) & 1
        taken = [deal.taken[0], deal.taken[1]]
        if _leader_sweeps(deal):
            hands = deal.hands
            taken[side] |= hands[0] | hands[1] | hands[2] | hands[3]
            cards = self._decided(taken[0], taken[1])
            declared_ns, declared_ew = declaration_points(deal)
            return (
                declared_ns + max(cards, 0) + (side == 0),
                _declaration_potential(deal, 0) if side == 0 else 0,
                declared_ew + max(-cards, 0) + (side == 1),
                _declaration_potential(deal, 1) if side == 1 else 0,
            )
        if self.decided_cards(deal):
            return None
        whole = list(taken)
        whole[side] |= deal.hands[deal.to_act]
        if not self._decided(whole[0], whole[1]):
            return None  # not even the leader's whole hand would settle the cards
        cash = _cashable(deal)
        if not cash:
            return None
        taken[side] |= cash
        sure = self._decided(taken[0], taken[1])
        if not sure:
            return None
        worth = 1 + self.carried
        ns, more_ns, ew, more_ew = box
        return (ns + max(sure, 0), more_ns - worth, ew + max(-sure, 0), more_ew - worth)

    def bounds(self, deal: Deal) -> tuple[Value, Value]:
        box = self._ranges(deal)
        ns, more_ns, ew, more_ew = self._cashing_box(deal, box) or box
        return ns - ew - more_ew, ns + more_ns - ew

    def classes(self, deal: Deal) -> tuple[int, ...]:
        hands = deal.hands
        ns_hands, ew_hands = hands[0] | hands[2], hands[1] | hands[3]
        # A king whose queen (the card below it) is in the same pair's hands.
        kings = (ns_hands & ns_hands << 1 | ew_hands & ew_hands << 1) & _OPEN_KINGS[deal.declared]
        ns, ew = deal.taken[0], deal.taken[1]
        tally = self.tally
        key = tally(ns) | tally(ew) << 16 | kings << 32
        found = self._classes.get(key)
        if found is not None:
            return found
        if len(self._classes) >= _CACHE_SIZE:
            self._classes.clear()
        decided, summary = self._state(ns, ew)
        by_rank: tuple[int, ...]
        if decided:
            by_rank = _ALL_ONE
        elif self.guild:
            # Pips count only while the matit can tie and the pips are not yet beyond doubt;
            # aces apart from tens only while the pips can tie too.
            assert isinstance(summary, tuple)
            if summary[1] in (99, -99):
                by_rank = _GUILD_MATIT_ONLY
            elif summary[2] in (99, -99):
                by_rank = _GUILD_NO_ACES
            else:
                by_rank = self.by_rank
        else:
            by_rank = self.by_rank
        # The suits in which a marriage may still be declared: not declared, and king and
        # queen both still in the hands of one pair.
        suits = sum(1 << s for s in range(4) if kings >> (s * 9 + Rank.KING) & 1)
        out = self._class_tuples.get((by_rank, suits))
        if out is None:
            out = self._class_tuples[by_rank, suits] = _classes(by_rank, suits)
        self._classes[key] = out
        return out


_OPEN_KINGS: tuple[int, ...] = tuple(
    sum(1 << (s * 9 + Rank.KING) for s in range(4) if not declared >> s & 1) for declared in range(16)
)
"""For each mask of declared suits, the kings of the suits not declared."""


_ALL_ONE: tuple[int, ...] = (0,) * 9
_GUILD_MATIT_ONLY: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0, 4, 4)
_GUILD_NO_ACES: tuple[int, ...] = (0, 0, 0, 0, 1, 2, 3, 4, 4)


_GUILD_CLASSES = (0, 0, 0, 0, 1, 2, 3, 4, 5)
_CACHE_SIZE = 100_000
"""Entries the evaluators' small caches keep before they start again."""


@dataclass(frozen=True)
class DealPoints(Objective):
    """The deal points of North–South minus East–West (guild and pagat rules).

    ``carried``: game points carried into this deal by earlier card-point ties (a pagat
    variation); the card-point majority is then worth ``1 + carried``.

    >>> from marjapussi import Deal
    >>> deal = Deal.random(1)
    >>> DealPoints().bind(deal).high
    7
    """

    carried: int = 0

    def bind(self, deal: Deal) -> Evaluator:
        return _PointsEvaluator(deal, self.carried)


WIN = 100
"""The value of winning the erä (losing it: ``-WIN``)."""


class _EraEvaluator(_PointsEvaluator):
    def __init__(self, deal: Deal, before: tuple[int, int], carried: int) -> None:
        super().__init__(deal, carried)
        self.before = before
        self.rules = deal.rules
        self.low, self.high = -WIN, WIN
        self._utility: dict[tuple[int, int, bool, bool], int] = {}
        self._bounds: dict[tuple[int, ...], tuple[Value, Value]] = {}

    def utility(self, ns: int, ew: int, ns_trick: bool, ew_trick: bool) -> int:
        """The table value of a deal that gives these points and tricks (NS's view)."""
        key = (ns, ew, ns_trick, ew_trick)
        value = self._utility.get(key)
        if value is None:
            step = apply_to_totals(self.rules, self.before, (ns, ew), (int(ns_trick), int(ew_trick)))
            if step.outcome == "won" and step.winner is not None:
                value = WIN if step.winner == 0 else -WIN
            elif step.outcome is not None:
                value = 0  # a tie: nobody wins
            else:
                value = step.after[0] - step.after[1]
            self._utility[key] = value
        return value

    def final(self, deal: Deal) -> Value:
        ns, ew = self.points(deal)
        won = deal.tricks_won
        return self.utility(ns, ew, won[0] > 0, won[1] > 0)

    def summary(self, deal: Deal) -> Hashable:
        won = deal.tricks_won
        return (super().summary(deal), declaration_points(deal), won[0] > 0, won[1] > 0)

    def additive(self, deal: Deal) -> Value:
        return 0

    def estimate(self, deal: Deal) -> Value:
        ns, ew = declaration_points(deal)
        cards = self.decided_cards(deal)
        if cards > 0:
            ns += cards
        else:
            ew -= cards
        # Assume both pairs will take a trick: a rough value, for depth-limited search only.
        return self.utility(ns, ew, True, True)

    def bounds(self, deal: Deal) -> tuple[Value, Value]:
        box = self._ranges(deal)
        least, most = self._utility_range(deal, box)
        narrowed = self._cashing_box(deal, box)
        if narrowed is not None:
            # Not monotone in the points: the cashing pair's side only from the narrowed box.
            sure_least, sure_most = self._utility_range(deal, narrowed)
            if int(deal.to_act) & 1:
                most = sure_most
            else:
                least = sure_least
        return least, most

    def _utility_range(self, deal: Deal, box: tuple[int, int, int, int]) -> tuple[Value, Value]:
        """The least and most of the utility over a box of deal points (cached)."""
        ns, more_ns, ew, more_ew = box
        won = deal.tricks_won
        key = (ns, more_ns, ew, more_ew, won[0] > 0, won[1] > 0)
        out = self._bounds.get(key)
        if out is None:
            values = [
                self.utility(a, b, f, g)
                for a in range(ns, ns + more_ns + 1)
                for b in range(ew, ew + more_ew + 1)
                for f in ((True,) if won[0] else (False, True))
                for g in ((True,) if won[1] else (False, True))
            ]
            out = self._bounds[key] = (min(values), max(values))
        return out


@dataclass(frozen=True)
class EraUtility(Objective):
    """The deal as a player at the table values it, given the erä totals before it.

    The deal's points are applied to ``totals_before`` (North–South, East–West) with the
    engine's own erä rules (``apply_to_totals``: exactly the target wins, passing it falls
    back, both on the target in one deal, Porvoo for a pair with no trick). Then, from
    North–South's side:

    * North–South win the erä: ``+100``; East–West win it: ``-100``;
    * a tie (pagat: both on exactly 10): ``0``;
    * otherwise play goes on, and the value is the difference of the new totals,
      ``ns_after - ew_after``: a pair's total is taken as its progress towards the target.

    Because passing the target drops a total back (guild: 13 becomes 7), a pair near the
    target may prefer to take *fewer* points, and the solver sees it. Guild examples,
    totals before (10, 5):

    * NS take 2 points (12), EW 1: NS win the erä, ``+100``;
    * NS take 3 (13 → 7), EW 2 (7): ``7 - 7 = 0``;
    * NS take 0 but win a trick (10), EW 3 (8): ``10 - 8 = +2`` — better for NS than
      taking 3 points;
    * NS take no trick: Porvoo, NS go to 0 and EW gain the points: ``0 - (5 + ew)``.

    Both pairs on 12 in the guild rules: both go to 7 and the value is ``0``.

    >>> EraUtility((10, 5)).totals_before
    (10, 5)
    """

    totals_before: tuple[int, int] = (0, 0)
    carried: int = 0

    def bind(self, deal: Deal) -> Evaluator:
        before = (int(self.totals_before[0]), int(self.totals_before[1]))
        return _EraEvaluator(deal, before, self.carried)


def _bidders_maximise(players: int, bidder_side: int) -> tuple[bool, bool, bool, bool]:
    """For each seat N E S W: does it play for the bid winner's side (North–South when
    nobody bid)."""
    sides = SIDES[players]
    b = max(bidder_side, 0)
    return (sides[0] == b, sides[1] == b, sides[2] == b, players == 4 and sides[3] == b)


_HP_POINTS = _CARD_POINTS["original"]
_HP_BY_RANK = tuple(CARD_POINTS["original"].get(Rank(r), 0) for r in range(9))


class _ContractEvaluator(Evaluator):
    def __init__(self, deal: Deal) -> None:
        if not isinstance(deal, HuutopussiDeal):
            raise SolveError("objective-family")
        rules = deal.rules
        self.deal = deal
        self.players = rules.players
        self.sides = SIDES[rules.players]
        self.n_sides = 3 if rules.players == 3 else 2
        self.n_tricks = rules.tricks_per_deal
        self.double = rules.double_penalty
        self.molotov = rules.molotov_bonus
        self.bonus = [0] * self.n_sides
        if deal.four_aces is not None and rules.four_aces == "bonus" and rules.four_aces_bonus:
            self.bonus[self.sides[deal.four_aces]] += rules.four_aces_bonus
        bidder = deal.bidder
        if bidder is None and rules.players == 3:
            raise SolveError("no-bidder-three")
        self.bidder_side = -1 if bidder is None else self.sides[bidder]
        self.discard_side = self.bidder_side if self.players == 3 and self.bidder_side >= 0 else -1
        """The side the three discarded cards count for (-1: none)."""
        self.maximiser = _bidders_maximise(rules.players, self.bidder_side)
        span = MAX_BID + self.molotov + max(rules.four_aces_bonus, 0)
        self._classes: dict[int, tuple[int, ...]] = {}
        self._class_tuples: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        self.low, self.high = -3 * span - 2 * MAX_BID, span

    def discard_points(self, deal: Deal) -> int:
        """The card points of the discard, for the side ``discard_side`` (three players)."""
        assert isinstance(deal, HuutopussiDeal)
        return _HP_POINTS(deal.discarded) if self.discard_side >= 0 else 0

    def collected(self, deal: Deal, last: int) -> list[int]:
        """Each side's collected points; ``last``: the side of the last trick (-1: not yet)."""
        assert isinstance(deal, HuutopussiDeal)
        sides = self.sides
        won = deal.tricks_won
        out = [_HP_POINTS(mask) for mask in deal.taken]
        d = self.discard_side
        if d >= 0:
            out[d] += self.discard_points(deal)
        if last >= 0:
            out[last] += 10
        for seat, suit in deal.marriages:
            side = sides[seat]
            if won[side] > 0:
                out[side] += 40 if deal.trump == suit else 20
        for i in range(self.n_sides):
            out[i] += self.bonus[i]
            if self.molotov and won[i] == self.n_tricks:
                out[i] += self.molotov
        return out

    def _utility(self, deal: Deal, collected: list[int]) -> int:
        b = self.bidder_side
        if b < 0:
            return collected[0] - collected[1]
        bidder = contract_points(deal.high_bid, collected[b], self.double)  # type: ignore[attr-defined]
        return bidder - sum(collected) + collected[b]

    def final(self, deal: Deal) -> Value:
        last = self.sides[deal._tricks[-1][1]]
        return self._utility(deal, self.collected(deal, last))

    def summary(self, deal: Deal) -> Hashable:
        assert isinstance(deal, HuutopussiDeal)
        sides = self.sides
        marriages = [0] * self.n_sides
        for seat, suit in deal.marriages:
            marriages[sides[seat]] += 40 if deal.trump == suit else 20
        b = max(self.bidder_side, 0)
        flags = tuple(w > 0 for w in deal.tricks_won)
        return (_HP_POINTS(deal.taken[b]), tuple(marriages), flags)

    def bounds(self, deal: Deal) -> tuple[Value, Value]:
        assert isinstance(deal, HuutopussiDeal)
        sides = self.sides
        won = deal.tricks_won
        base = [_HP_POINTS(mask) for mask in deal.taken]
        d = self.discard_side
        if d >= 0:
            base[d] += self.discard_points(deal)
        extra = [0] * self.n_sides
        uncounted = [0] * self.n_sides  # marriages announced by a side with no trick yet
        for i in range(self.n_sides):
            base[i] += self.bonus[i]
        for seat, suit in deal.marriages:
            worth = 40 if deal.trump == suit else 20
            if won[sides[seat]] > 0:
                base[sides[seat]] += worth
            else:
                extra[sides[seat]] += worth
                uncounted[sides[seat]] += worth
        rest = 10
        for index in range(self.players):
            hand = deal.hands[index]
            rest += _HP_POINTS(hand)
            for s in range(4):
                if hand & KING_QUEEN[s] == KING_QUEEN[s]:
                    extra[sides[index]] += 40 if deal.trump == s else 20
        played = sum(won)
        if self.molotov:
            for i in range(self.n_sides):
                if won[i] == played:
                    extra[i] += self.molotov
        b = max(self.bidder_side, 0)
        others = sum(base) - base[b]
        best_b = base[b] + rest + extra[b]
        worst_others = others + rest + sum(extra) - extra[b]
        hp = deal.high_bid
        if self.bidder_side < 0:
            lo, hi = base[0] - worst_others, best_b - base[1]
        else:
            lo = contract_points(hp, base[b], self.double) - worst_others
            hi = contract_points(hp, best_b, self.double) - others
        if _leader_sweeps(deal):
            # The leader takes every trick left: the leader's side collects the rest (its
            # marriages count, its molotov if it won every trick), the others nothing more;
            # that much the leader's side makes sure of (announcing nothing more). The
            # compiled core's quick_bounds is the same.
            side = sides[deal.to_act]
            col = list(base)
            col[side] += rest + uncounted[side]
            if self.molotov and won[side] == played:
                col[side] += self.molotov
            if self.bidder_side < 0:
                sure = col[0] - col[1]
            else:
                sure = contract_points(hp, col[b], self.double) - sum(col) + col[b]
            if side == b:
                lo = max(lo, sure)
            else:
                hi = min(hi, sure)
        return lo, hi

    def classes(self, deal: Deal) -> tuple[int, ...]:
        kq = 0
        for hand in deal.hands:
            for s in range(4):
                if hand & KING_QUEEN[s] == KING_QUEEN[s]:
                    kq |= 1 << s
        out = self._classes.get(kq)
        if out is None:
            out = self._classes[kq] = _classes(_HP_BY_RANK, kq)
        return out

    def estimate(self, deal: Deal) -> Value:
        collected = self.collected(deal, -1)
        b = self.bidder_side
        if b < 0:
            return collected[0] - collected[1]
        return 2 * collected[b] - sum(collected)


@dataclass(frozen=True)
class ContractResult(Objective):
    """The bid winner's contract score minus the defenders' scores (Huutopussi).

    Each side's collected points are counted as ``score_contract`` counts them: card
    points (A 11, 10 10, K 4, Q 3, J 2), 10 for the last trick, each marriage announced on
    lead (40 in trumps, 20 in a side suit) only if that side takes a trick, the bonuses
    switched on, and for three players the discard to the bid winner. The bid winner
    scores the total if it reaches the bid, else minus the bid (twice the bid with the
    double penalty); the defenders score what they collected. The value is

        bid winner's score - the sum of the other sides' scores

    (four players: the bidding pair against the other pair; three players: the bid winner
    against the two others together). With nobody bidding (the no-trump variation) it is
    North–South's points minus East–West's. Examples, bid 60: the bidders collect 85 and
    the defenders 45: ``85 - 45 = 40``; the bidders collect 55, the defenders 75:
    ``-60 - 75 = -135``.

    A depth-limited search values an unfinished deal by the points collected so far,
    bidders minus defenders, without the contract.
    """

    def bind(self, deal: Deal) -> Evaluator:
        return _ContractEvaluator(deal)


class _ExactContractEvaluator(Evaluator):
    """``ExactContract`` bound to a deal of Huutopussi with marriage trumps."""

    def __init__(self, deal: Deal) -> None:
        from ..marriage_trumps import MARRIAGE_VALUES, MarriageTrumpDeal, highest_bid

        if not isinstance(deal, MarriageTrumpDeal):
            raise SolveError("objective-family")
        rules = deal.rules
        self.rules = rules
        self.players = rules.players
        self.sides = SIDES[rules.players]
        self.n_sides = 3 if rules.players == 3 else 2
        self.points = _CARD_POINTS[rules.card_values]
        self.by_rank = tuple(CARD_POINTS[rules.card_values].get(Rank(r), 0) for r in range(9))
        self.last_bonus = rules.last_trick_bonus
        self.values = MARRIAGE_VALUES[rules.marriage_values]
        self.rounding = rules.defender_rounding == "nearest-5"
        self.seat_penalty = rules.declarer_no_trick == "seat-bid"
        bidder = deal.bidder
        self.bidder = bidder
        self.bidder_side = -1 if bidder is None else self.sides[bidder]
        self.bid = deal.high_bid
        self.contract = deal.contract
        self.maximiser = _bidders_maximise(rules.players, self.bidder_side)
        top = highest_bid(rules)
        span = 140 + 20 + 280
        self.low, self.high = -2 * top - 2 * span, top + 2 * top
        self._classes: dict[int, tuple[int, ...]] = {}

    def _marriages(self, deal: Deal) -> list[int]:
        out = [0] * self.n_sides
        for decl in deal.declarations:
            if decl.suit is not None:
                seat = decl.holder if decl.holder is not None else decl.seat
                out[self.sides[seat]] += self.values[decl.suit]
        return out

    def collected(self, deal: Deal, last: int) -> list[int]:
        """Each side's collected points; ``last``: the side of the last trick (-1: not yet)."""
        out = [self.points(mask) for mask in deal.taken]
        for i, worth in enumerate(self._marriages(deal)):
            out[i] += worth
        b = self.bidder_side
        if self.players == 3 and b >= 0 and deal.tricks_won[b] > 0:
            out[b] += self.points(deal.discarded)  # type: ignore[attr-defined]
        if last >= 0:
            out[last] += self.last_bonus
        return out

    def _declarer_tricks(self, deal: Deal) -> int:
        return sum(1 for _, winner, _ in deal._tricks if winner == self.bidder)

    def final(self, deal: Deal) -> Value:
        collected = self.collected(deal, self.sides[deal._tricks[-1][1]])
        return self._value(collected, [w > 0 for w in deal.tricks_won], self._declarer_tricks(deal) > 0)

    def _value(self, collected: list[int], won: list[bool], declarer_won: bool) -> Value:
        """The value of a finished deal from each side's collected points, whether each
        side won a trick and whether the declarer won one himself."""
        b = self.bidder_side
        if b < 0:
            scores = [_round5(c) if self.rounding else c for c in collected]
            return scores[0] - scores[1]
        others = 0
        for i in range(self.n_sides):
            if i != b:
                if not won[i]:
                    others -= self.bid
                else:
                    others += _round5(collected[i]) if self.rounding else collected[i]
        return self._bidder_score(collected[b], won[b], declarer_won) - others

    def _bidder_score(self, collected: int, side_won: bool, declarer_won: bool) -> int:
        contract = self.contract
        if self.seat_penalty and not declarer_won:
            return -2 * self.bid
        if not self.seat_penalty and not side_won:
            return -2 * contract
        return contract if collected >= contract else -contract

    def _still_declarable(self, deal: Deal) -> int:
        """At most how many marriage points are still to be declared: each undeclared suit
        whose king and queen are both unplayed (with ``bluff_half_ask``, either of them: a
        bluff names the card the asker lacks and may be answered with the other)."""
        alive = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
        out = 0
        for s in range(4):
            if deal.declared >> s & 1:
                continue
            kq = alive & KING_QUEEN[s]
            if kq == KING_QUEEN[s] or (kq and self.rules.bluff_half_ask):
                out += self.values[Suit(s)]
        return out

    def bounds(self, deal: Deal) -> tuple[Value, Value]:
        """Quick bounds at a trick boundary: every side keeps what it collected, the cards
        left (and the last trick's bonus), the marriages still declarable and, with three
        players, the discard (for the declarer once he takes a trick) go to any side; a
        side without a trick may stay without one; and where the player to lead takes every
        trick left whatever the others do, his side makes sure of that outcome (declaring
        nothing more). The compiled core's bounds must be the same."""
        b = self.bidder_side
        won = deal.tricks_won
        n = self.n_sides
        base = [self.points(mask) for mask in deal.taken]
        for i, worth in enumerate(self._marriages(deal)):
            base[i] += worth
        discard = 0
        if self.players == 3 and b >= 0:
            discard = self.points(deal.discarded)  # type: ignore[attr-defined]
            if won[b] > 0:
                base[b] += discard
                discard = 0
        cards = self.last_bonus
        for index in range(self.players):
            cards += self.points(deal.hands[index])
        rest = cards + self._still_declarable(deal)

        def r(points: int) -> int:
            return _round5(points) if self.rounding else points

        lo: Value
        hi: Value
        if b < 0:
            lo, hi = r(base[0]) - r(base[1] + rest), r(base[0] + rest) - r(base[1])
        else:
            # The others' scores: at least what they have (or -bid while trickless),
            # at most everything left to them (rounding adds at most 2 a side).
            least = sum(r(base[i]) if won[i] else -self.bid for i in range(n) if i != b)
            most = sum(base[i] for i in range(n) if i != b) + rest
            most = r(most) if n == 2 else most + (2 * (n - 1) if self.rounding else 0)
            declarer_won = self._declarer_tricks(deal) > 0
            scores = set()
            for side_won in {won[b] > 0, True}:
                for d_won in {declarer_won, True}:
                    if d_won and not side_won:
                        continue
                    for collected in (base[b], base[b] + rest + discard):
                        scores.add(self._bidder_score(collected, side_won, d_won))
            lo, hi = min(scores) - most, max(scores) - least
        if _leader_sweeps(deal):
            side = self.sides[deal.to_act]
            swept = list(base)
            swept[side] += cards + (discard if side == b else 0)
            flags = [w > 0 for w in won]
            flags[side] = True
            leader = deal.to_act
            d_won = self._declarer_tricks(deal) > 0 or (self.bidder is not None and leader == self.bidder)
            sure = self._value(swept, flags, d_won)
            if self.maximiser[leader]:
                lo = max(lo, sure)
            else:
                hi = min(hi, sure)
        return lo, hi

    def summary(self, deal: Deal) -> Hashable:
        taken = tuple(self.points(mask) for mask in deal.taken)
        flags = tuple(w > 0 for w in deal.tricks_won)
        return (taken, tuple(self._marriages(deal)), flags, self._declarer_tricks(deal) > 0)

    def classes(self, deal: Deal) -> tuple[int, ...]:
        kq = 0
        for hand in deal.hands:
            for s in range(4):
                if hand & KING_QUEEN[s]:
                    kq |= 1 << s
        out = self._classes.get(kq)
        if out is None:
            out = self._classes[kq] = _classes(self.by_rank, kq)
        return out

    def estimate(self, deal: Deal) -> Value:
        collected = self.collected(deal, -1)
        b = max(self.bidder_side, 0)
        return 2 * collected[b] - sum(collected)


def _round5(points: int) -> int:
    return (points + 2) // 5 * 5


@dataclass(frozen=True)
class ExactContract(Objective):
    """The bidder's score minus the other sides' scores (Huutopussi with marriage trumps).

    Each side collects its card points (as ``card_values`` counts them), the last trick's
    bonus and the marriages it declared (``marriage_values``); with three players the
    discard counts for the bidder once he has a trick. The bidder's side scores exactly
    the contract when it collected that much, else minus the contract; a trickless
    bidder (``declarer_no_trick``) costs twice the bid (or the contract). A defending side
    scores what it collected (rounded to 5 with ``defender_rounding``), or minus the bid
    without a trick. With no contract (all passed) it is North–South's points minus
    East–West's. Examples: bid 55, contract 60, the bidders collect 102 and the defenders
    28: ``60 - 28 = 32``; the defenders take no trick (bid 50, contract 60): ``60 + 50``.

    Marriages still to come are not in an estimate: a depth-limited search values an
    unfinished deal by the points collected so far, bidders minus the others.
    """

    def bind(self, deal: Deal) -> Evaluator:
        return _ExactContractEvaluator(deal)


def default_objective(deal: Deal) -> Objective:
    """The objective of the deal's rule family: ``ContractResult``, ``ExactContract`` or
    ``DealPoints``."""
    if deal.rules.family == "huutopussi":
        return ContractResult()
    if deal.rules.family == "huutopussi-marriage":
        return ExactContract()
    return DealPoints()
