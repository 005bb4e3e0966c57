"""The auction's evaluation: what each call of a seed-004 Huutopussi auction was worth.

``evaluate_call(view, seed, max_deals=..., max_seconds=...)`` values a seat's bid or pass,
or its choice of trumps, from what that seat knows (a ``SeatView``), as bridge programs
value a bid: it deals the hidden cards many times so that every hand fits what the table
showed and every call made so far (``sampler.sample_deals`` with
``inference.auction_facts``), and in each such deal plays each candidate call out:

* after the call, the later calls follow the bots' own count (``bots.choose`` at the
  ``beginner`` level: bid the lowest bid while ``hand_count`` reaches it, leave the bid to
  a partner who holds it), and so do the three-player discard and the declarer's trumps
  (the suit of his ``hand_count``), unless trumps are the decision being valued;
* the card play is solved with all hands open by the compiled core (``core.CoreSearch``;
  the pure-Python ``Solver`` where the core does not serve the rules): ONE search per
  declaring seat and trump in each deal (made with that seat winning at the lowest bid)
  gives what each side collects, and a bid of any level counts as made when the declaring
  side collects at least that much (issue 32, Decided 2), so no level needs a search of its
  own;
* the call's score is the seat's side minus the other side in deal points (three
  players: the seat minus the mean of the two others, as the bots score), the contract
  counted as ``score_contract`` counts it.

Candidates (Decided 3): pass, the lowest legal bid and up to four jumps to the highest
legal bids at most the sampled quartiles and maximum of what the seat's side collects when
it declares (the first ``PILOT_DEALS`` deals set them); naming trumps, every suit; the
seat's own call is always valued. Each candidate gets its mean, its spread (standard
deviation), the number of deals and its paired standard error against the best.

"Too close to call" (Decided 6) is decided here for every family and every reader of the
figures (the review, the hints, ``analyse``, the course's verdicts, the expert), by
``clearly_worse``: a call is clearly worse than the best only when BOTH its mean lies more
than two paired standard errors below the best's AND the best scores more than it in at
least ``CARRY_DEALS`` (six) of the deals. In plain words: a difference counts only when it
is large against its noise and at least six deals show it. Why both: with heavy tails (a bid
failing by 200 points in one deal of twelve) a seed whose deals miss the rare large swings
finds a small standard error and calls a few small, one-sided differences "clear"
(bench_auction's stability run, huutopussi-marriage, 12 deals: bid 65 below pass in 5 deals
of 12 by 5-10 points and never above, 2.9 points below at a standard error of 1.1, while the
other seed's deals put it 16 points above). Six is the fewest deals all going one way that
an exact two-sided sign test finds at 5% (``sign_test``; five of five is 6.25%), the level of
two standard errors. The sign test itself is not the rule: a bid's score is lopsided (a
little more in most deals where it is made, much less where it fails), so a call can be
clearly worse on average while ahead in most deals, as in the course's positions at 200
deals. An evaluation on five deals or fewer (the Play page's marriage review on 4 or 3, a
room's review on 2) never calls a difference clear: too few deals cannot tell it from chance.

Sampling is seeded from (game seed, deal number, position in the history) (Decided 5), so
the hint, the review and ``analyse`` give the same figures for the same decision and the
same budget, and a larger budget only adds deals. The budget is anytime: ``max_deals``
and/or ``max_seconds``; the evaluation returns what it has when either runs out (at least
one deal).

Measured (``scripts/bench_auction.py --decisions 20 --deals 12``, seed 1, natively on the
shared 2-core machine under load, CPU time): an evaluation of 12 deals p95 9.3 s (one
open-card search of a whole four-player deal is 0.1–1 s, and a decision needs one to three
declarers per deal); an anytime hint reaches a median of 8 deals in 2 s of CPU; the two
seeds name the same best call on 11 of 20 decisions, and on 2 of the 9 others one seed's
best is more than two paired standard errors below the other's (goal 0: twelve deals are
too few; the hint and the review want more; that was before the sign test of
``clearly_worse``, and ``scripts/bench_auction.py``'s docstring keeps the runs since).
Three players: each search of an eleven-trick deal takes seconds, so an evaluation there is
about ten times slower.

``CallWork`` is the same evaluation a piece at a time (one deal dealt, one search, or one
call valued in one deal a step, each search bounded by a node budget and resumed where it
stopped: the core keeps its place, ``mp_value`` in core.c), for the Play page's slices: its
review of the bidding and its anytime hint. ``ParWork`` is the par one search a step. A
search's tries in slices visit the nodes of one search without slices, in the same order and
no node twice, so the figures and the deals set aside are the same, sliced or not.

A sampled deal whose search costs more than ``NODE_CAP`` nodes is set aside for every
candidate and another is dealt (``SampledWork``; ``AuctionEvaluation.set_aside`` counts
them). Measured in the Play page's slices of a million nodes (natively, seeds 1-3 of
``scripts/bench_review.py``'s deals): a search of four players cost at most 38 M nodes in all
its tries, of three players mostly under 70 M, but one in a few dozen ran past 270 M, and
resumed from a table too small for its proof it was finished only by one slice as large as
the search (19 s and 104 s before the cap); 2^27 (134 M) keeps every search of those four-player
deals and sets the long three-player ones aside. It is rare in four players, not nil: the
course's verdicts (``site_hooks.course_verdicts``, 400 deals a position) set aside 2 of 402.

Each valued call keeps one of its sampled deals as an example (Decided 6: "one example deal
a tap away"), chosen by ``choose_example``: where the call's contract is made in most deals,
the first deal in which it is not; where it is made in fewer than half, the first in which it
is; else (an even split, or a pass) the first deal. The example keeps that deal's hands as
dealt, the call's score there and, for a bid or a trump, what the seat's side collects
declaring it (the same search's figure as the made count's).

``par(deal)``: the deal's open-card answer, with all hands known: for each side the best
contract it could bid and make (the highest bid at most what it collects declaring with
its best seat and trumps).
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ..actions import Action, Bid, NameTrump, Pass, Redeal
from ..cards import Seat, Suit
from ..deal import PLAYING_SEATS, SIDES, Deal, Phase
from ..huutopussi import MAX_BID, AuctionDeal, HuutopussiDeal, contract_points, on_bid_step
from ..rules import Rules
from .bots import choose, rollout_value
from .core import CoreSearch, SearchUnfinished, action_of, backend, library
from .inference import auction_facts, hand_count, infer
from .objectives import ContractResult, Objective, SolveError
from .sampler import ImpossibleConstraints, sample_deals
from .solver import Solver
from .view import SeatView

__all__ = [
    "CARRY_DEALS",
    "CLOSE_SE",
    "NODE_CAP",
    "PILOT_DEALS",
    "SIGN_LEVEL",
    "AuctionEvaluation",
    "Budgeted",
    "CallValue",
    "CallWork",
    "CappedSearch",
    "DealsSetAside",
    "Example",
    "NodeCap",
    "Par",
    "ParWork",
    "SampledWork",
    "SearchSetAside",
    "SlicedWork",
    "auction_decisions",
    "choose_example",
    "clearly_worse",
    "evaluate_call",
    "evaluation_seed",
    "par",
    "sign_test",
]

PILOT_DEALS = 8
"""Deals that set the jump candidates (their sampled quartiles) before the rest are dealt."""
CLOSE_SE = 2.0
"""A call within this many paired standard errors of the best is too close to call (and so
is one further below in fewer than ``CARRY_DEALS`` deals: ``clearly_worse``)."""
SIGN_LEVEL = 0.05
"""The level ``CARRY_DEALS`` is set at: about that of two standard errors (4.6%)."""
CARRY_DEALS = 6
"""The fewest deals in which the best call scores more that carry a clear difference: the
fewest deals all going one way that a two-sided sign test finds at ``SIGN_LEVEL``."""
JUMPS = 4
"""The most jump bids valued beside the lowest bid."""
NODE_CAP = 1 << 27
"""The most nodes one open-card search of a sampled deal may cost in all, summed over the
tries of a search resumed in slices (they add up to the nodes of one search without
slices); past it the deal is set aside (``SampledWork``)."""


def _mean(values: list[float]) -> float:
    """The mean of ``values`` (not empty)."""
    return math.fsum(values) / len(values)


def _stdev(values: list[float]) -> float:
    """The sample standard deviation of ``values`` (at least two). Written out rather than
    taken from ``statistics``, whose ``fractions`` and ``decimal`` would grow the widgets'
    memory snapshot past what a restore writes into."""
    mean = _mean(values)
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))


@dataclass(frozen=True)
class Example:
    """One sampled deal shown beside a call's figures (issue 32, Decided 6; the rule that
    picks it: ``choose_example``).

    ``deal``: its position among the deals valued (0: the first); ``hands``: every seat's
    hand as dealt there (card masks by seat) and ``talon``; ``score``: the call's score in
    that deal (as ``CallValue.mean`` counts it); ``collected``: for a bid or a trump, what
    the seat's side collects there declaring it (``None`` where the figure is not a count of
    points, as a pass's); ``made``: whether the call's contract is made there (``None`` for
    a pass or a redeal).
    """

    deal: int
    hands: tuple[int, ...]
    talon: int
    score: float
    collected: int | None
    made: bool | None


def choose_example(made: list[bool] | None) -> int:
    """The deal shown as a call's example, from whether its contract is made deal by deal
    (``None``: a call with no contract): the first deal that goes against most of them (not
    made where most are, made where most are not), the instructive case; else the first.

    >>> choose_example([True, True, False, True]), choose_example([False, True, False])
    (2, 1)
    >>> choose_example([True, False]), choose_example([True, True]), choose_example(None)
    (0, 0, 0)
    """
    if not made:
        return 0
    hits = sum(made)
    if 2 * hits == len(made):
        return 0
    rare = 2 * hits < len(made)
    return next((i for i, m in enumerate(made) if m == rare), 0)


@dataclass(frozen=True)
class CallValue:
    """One candidate call's figures over the sampled deals.

    ``mean`` and ``spread`` (standard deviation) of the score, in deal points for the
    seat's side against the other side; ``deals``; ``se``: the paired standard error of
    the difference from the best call (0 for the best); ``close``: too close to the best
    to call, not ``clearly_worse`` (the best itself included); ``made``: for a bid (or a
    trump), in how many deals the seat's side collects at least the bid when it declares
    (``None`` for a pass or a redeal); ``example``: one of the deals shown as an example
    (``Example``; ``None`` where the evaluation keeps none).
    """

    call: Action
    mean: float
    spread: float
    deals: int
    se: float
    close: bool
    made: int | None
    example: Example | None = None


@dataclass(frozen=True)
class AuctionEvaluation:
    """What each candidate call was worth (best first), for one seat's decision."""

    seat: Seat
    index: int
    """The decision's position in the deal's history."""
    calls: tuple[CallValue, ...]
    own: Action | None
    deals: int
    bid_level: int
    """The bid a trump decision is made for (0 for a call in the bidding)."""
    set_aside: int = 0
    """How many sampled deals were set aside, their search past ``NODE_CAP`` nodes (not
    counted in ``deals``)."""

    @property
    def best(self) -> CallValue:
        return self.calls[0]

    def value_of(self, call: Action) -> CallValue:
        """The figures of one candidate (``KeyError`` if it was not valued)."""
        for value in self.calls:
            if value.call == call:
                return value
        raise KeyError(call)

    def loss(self, call: Action) -> float:
        """How much less ``call`` brought on average than the best (0 when too close to call)."""
        value = self.value_of(call)
        return 0.0 if value.close else self.best.mean - value.mean


@dataclass(frozen=True)
class Par:
    """One side's open-card par: the best contract it could bid and make (``contract`` 0:
    none reaches the lowest bid), who would declare it, in which trumps, and what the side
    collects then."""

    side: int
    contract: int
    seat: Seat
    trump: Suit
    collected: int


def evaluation_seed(game_seed: int | str, deal_number: int, index: int) -> str:
    """The sampling seed of one decision (Decided 5): the game's seed, the deal's number and
    the decision's position in the deal's history."""
    return f"auction/{game_seed}/{deal_number}/{index}"


def _served(rules: Rules) -> None:
    if rules.family != "huutopussi":
        raise SolveError("auction-family")


# ---------------------------------------------------------------------- one deal's searches


class CappedSearch:
    """The open-card search of one position at a time: the compiled core's principal line,
    or the pure-Python solver's where the core does not serve the rules. ``node_budget``
    bounds the core's next search (0: no limit); past it the search raises
    ``SearchUnfinished``, and the same search asked again goes on where it stopped.
    ``cap`` (``NodeCap``) bounds what one search may cost in all; past it the search raises
    ``SearchSetAside``. ``keep_table``: a finished search leaves its table to the next search
    of the same position (else every search but a resumed one starts from a fresh table).
    The base of ``_Searcher`` and ``auction_marriage.MarriageSearcher``."""

    def __init__(self, rules: Rules, objective: Objective, *, keep_table: bool) -> None:
        self.objective = objective
        lib = library() if backend(rules) == "core" else None
        self.core = CoreSearch(lib, 200_000) if lib is not None else None
        self.keep_table = keep_table
        self.node_budget = 0
        """The most nodes the core's next search may visit (0: no limit); past it the search
        raises ``SearchUnfinished`` and the same search asked again goes on from its table."""
        self.cap = NodeCap()
        """The most nodes one search may cost in all (a sampled deal's: ``NODE_CAP``); past
        it the search raises ``SearchSetAside``."""
        self._held: object = None
        """The position the core's table holds (a search cut short keeps it)."""

    def line(self, deal: AuctionDeal) -> list[Action]:
        """The principal line of ``deal`` from where it stands."""
        if self.core is None:
            return Solver(self.objective).solve(deal).line
        held = (deal.initial_hands, deal.talon, deal.dealer, tuple(deal.history))
        fresh = held != self._held
        if fresh:
            self.core.forget()
            self._held = held
        budget = self.cap.budget(self.node_budget, fresh)
        try:
            answer = self.core.call(
                "mp_value", deal, self.objective, self.objective.bind(deal), node_budget=budget
            )
        except SearchUnfinished as cut:
            if self.cap.cut(cut.nodes):
                self._held = None
                raise SearchSetAside from cut
            raise
        if not self.keep_table:
            self._held = None
        self.cap.done()
        return [action_of(code) for code in answer.line]


class _Searcher(CappedSearch):
    """The open-card searches of sampled deals: what each side collects with a given
    declarer and trumps, one search per (deal, declarer, trumps)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules, ContractResult(), keep_table=True)
        self.searches = 0

    def collected(self, deal: HuutopussiDeal) -> tuple[int, ...]:
        """What each side collects when ``deal`` (trumps named) is played out with all hands
        open along the principal line; the deal is left as it was."""
        depth = len(deal.history)
        try:
            if not deal.is_over():
                try:
                    line = self.line(deal)  # SearchUnfinished: out of its node budget
                    self.searches += 1
                    for action in line:
                        deal.push(action)
                except SolveError:  # three players and nobody bid: the objective has no side
                    pass
                if not deal.is_over():  # a line cut short: the bots' playout finishes it
                    rollout_value(deal, deal.to_act)
            return tuple(deal.result().collected)
        finally:
            while len(deal.history) > depth:
                deal.pop()


def _declared(world: HuutopussiDeal, declarer: Seat, trump: Suit) -> HuutopussiDeal:
    """A fresh copy of ``world`` in which ``declarer`` wins the bidding at the lowest bid
    (the others pass), puts away what the bots' count puts away (three players) and plays
    in ``trump``."""
    deal = world.copy_start()
    while deal.phase is Phase.BID:
        if deal.to_act == declarer and deal.bidder is None:
            lowest = deal.lowest_bids(1)[0]
            deal.push(Bid(lowest.points, trump) if deal.rules.trump_with_bid else lowest)
        else:
            deal.push(Pass())
    if deal.phase is Phase.DISCARD:
        deal.push(choose(SeatView.of(deal, declarer), "beginner", random.Random(0)).action)
    if deal.phase is Phase.TRUMP:
        deal.push(NameTrump(trump))
    return deal


class _World:
    """One sampled deal at the decision, with its searches remembered by declarer and trump."""

    def __init__(self, deal: HuutopussiDeal, searcher: _Searcher) -> None:
        self.deal = deal
        self.searcher = searcher
        self.by_contract: dict[tuple[Seat, Suit], tuple[int, ...]] = {}

    def collected_as(self, declarer: Seat, trump: Suit) -> tuple[int, ...]:
        key = (declarer, trump)
        known = self.by_contract.get(key)
        if known is None:
            known = self.by_contract[key] = self.searcher.collected(_declared(self.deal, declarer, trump))
        return known

    def count_trump(self, declarer: Seat) -> Suit:
        """The trumps the declarer's hand count names (with the talon, three players)."""
        deal = self.deal
        hand = deal.initial_hands[declarer] | (deal.talon if deal.rules.players == 3 else 0)
        return hand_count(hand, deal.rules.players)[1]


def _score(rules: Rules, seat: Seat, bidder: Seat | None, level: int, collected: tuple[int, ...]) -> float:
    """The seat's side minus the other side (three players: minus the others' mean)."""
    sides = SIDES[rules.players]
    points = list(collected)
    if bidder is not None:
        b = sides[bidder]
        points[b] = contract_points(level, collected[b], rules.double_penalty)
    mine = sides[seat]
    if rules.players == 3:
        others = [points[i] for i in range(3) if i != mine]
        return points[mine] - sum(others) / len(others)
    return float(points[mine] - points[1 - mine])


def _follow_count(deal: HuutopussiDeal) -> None:
    """Finish the bidding (and a three-player discard) as the bots' count does."""
    while deal.phase in (Phase.BID, Phase.DISCARD):
        deal.push(choose(SeatView.of(deal, deal.to_act), "beginner", random.Random(0)).action)


def _call_score(world: _World, seat: Seat, call: Action) -> float:
    """The score of ``call`` in one sampled deal (see the module docstring)."""
    deal = world.deal
    rules = deal.rules
    depth = len(deal.history)
    try:
        deal.push(call)
        if isinstance(call, NameTrump):
            assert deal.bidder is not None and call.suit is not None
            collected = world.collected_as(deal.bidder, call.suit)
            return _score(rules, seat, deal.bidder, deal.high_bid, collected)
        _follow_count(deal)
        if deal.is_over():  # a redeal: nobody scores
            return 0.0
        bidder = deal.bidder
        if bidder is None:  # everybody passed and the deal is played without trumps
            return _score(rules, seat, None, 0, world.searcher.collected(deal))
        trump = Suit(deal.bid_trump) if rules.trump_with_bid else world.count_trump(bidder)
        return _score(rules, seat, bidder, deal.high_bid, world.collected_as(bidder, trump))
    finally:
        while len(deal.history) > depth:
            deal.pop()


# ---------------------------------------------------------------------- candidates


def _bid_at_most(view: SeatView, points: float, suit: Suit) -> Bid | None:
    """The highest legal bid at most ``points`` (on the bid step), or ``None``."""
    rules = view.rules
    low = max(rules.min_bid, view.high_bid + 1)
    top = min(int(points), MAX_BID)
    for p in range(top, low - 1, -1):
        if on_bid_step(rules, p):
            return Bid(p, suit if rules.trump_with_bid else None)
    return None


def _quantiles(values: list[int]) -> list[float]:
    ordered = sorted(values)
    out = []
    for q in (0.25, 0.5, 0.75):
        out.append(ordered[min(len(ordered) - 1, int(q * len(ordered)))])
    out.append(ordered[-1])
    return [float(v) for v in out]


def _bid_candidates(view: SeatView, own: Action | None, reach: list[int], suit: Suit) -> list[Action]:
    """Pass, the lowest legal bid and up to four jumps at the sampled quartiles, and the
    seat's own call."""
    out: list[Action] = []
    legal = view.legal
    if Pass() in legal:
        out.append(Pass())
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids:
        lowest = min(a.points for a in bids)
        out.append(Bid(lowest, suit if view.rules.trump_with_bid else None))
        jumps = 0
        for q in _quantiles(reach) if reach else []:
            bid = _bid_at_most(view, q, suit)
            if bid is not None and bid.points > lowest and bid not in out and jumps < JUMPS:
                out.append(bid)
                jumps += 1
    if own is not None and own not in out:
        out.append(own)
    return out


# ---------------------------------------------------------------------- the evaluation


class Budgeted(Protocol):
    """A searcher whose next search is bounded by ``node_budget`` nodes (0: no limit) and,
    in a sampled deal, by ``cap`` (``NodeCap``)."""

    node_budget: int
    cap: NodeCap


class SearchSetAside(Exception):
    """A search of a sampled deal went past ``NODE_CAP`` nodes: its deal is set aside."""


class DealsSetAside(ImpossibleConstraints):
    """Every deal an evaluation dealt was set aside (``NODE_CAP``), and it deals no more: no
    deal is valued. An ``ImpossibleConstraints`` so that every caller that leaves out a call
    no deal fits leaves this one out too."""

    message_id = "deals-set-aside"

    def __init__(self, set_aside: int) -> None:
        super().__init__("set-aside", set_aside=set_aside)


class NodeCap:
    """The nodes one search has cost so far, against a cap (``NODE_CAP`` in a sampled deal;
    0: none, as in the par, whose deal cannot be set aside).

    A search asked again at the position it was cut short at goes on where it stopped and
    adds the nodes of its new try; a search at another position starts the count anew.
    ``budget`` gives the next try's node budget: ``node_budget`` (0: none), never past what
    is left of the cap; ``cut`` counts a try cut short and tells whether the search has cost
    the whole cap; ``done`` ends the count of a search that finished."""

    def __init__(self, cap: int = 0) -> None:
        self.cap = cap
        self.spent = 0

    def budget(self, node_budget: int, fresh: bool) -> int:
        """The node budget of a try (``fresh``: the first try of a search)."""
        if fresh:
            self.spent = 0
        if self.cap <= 0:
            return node_budget
        left = self.cap - self.spent
        return left if node_budget <= 0 else min(node_budget, left)

    def done(self) -> None:
        """A search finished: the next one's count starts anew."""
        self.spent = 0

    def cut(self, nodes: int) -> bool:
        """Count a try cut short after ``nodes`` nodes; tell whether the search has now cost
        the whole cap (its deal is set aside: the searcher raises ``SearchSetAside``)."""
        self.spent += nodes
        if 0 < self.cap <= self.spent:
            self.spent = 0
            return True
        return False


class SlicedWork:
    """Work done one piece a ``step`` at a time, each piece's search bounded by the step's
    node budget; a search cut short goes on where it stopped at the next step (the core keeps
    its place), so the budget never grows and a slice's search stays within it. ``spent``:
    seconds spent. The base of every family's sliced evaluation (``CallWork``, ``ParWork``,
    ``auction_marriage.MarriageWork`` and ``marriage_par.MarriageParWork``).

    Before the core kept its place, a try went again from the root with what the table kept,
    and the budget doubled every third try (at most three times in a sampled deal) so that a
    search made headway: the longest slice of the review's calls was a sampled deal's,
    676 ms (three players) and 835 ms (marriage trumps, three players), natively in slices
    of a million nodes (``scripts/bench_review.py --no-pyodide --families
    huutopussi3,huutopussi-marriage3 --deals 3``, CPU time, the shared 2-core machine at a
    load of about 2); with the place kept, 86 ms and 96 ms (the par's 98 and 85 ms; a load
    of 9 falling to 3), the whole review of the bidding in 927 and 723 slices (544 and 435
    before), a median of 14.9 and 15.8 s over its three deals (10.5 and 20.1 s before: the
    machine's load, not the slices, moves these)."""

    def __init__(self) -> None:
        self.spent = 0.0

    def run_piece(self, searcher: Budgeted, node_budget: int, piece: Callable[[], object]) -> None:
        """Try ``piece`` once within the budget (a search cut short raises
        ``SearchUnfinished`` in it, and the piece is tried again at the next step; a search
        past its cap raises ``SearchSetAside``, and ``_set_aside`` drops the piece's deal)."""
        started = time.perf_counter()
        searcher.node_budget = max(node_budget, 0)
        try:
            piece()
        except SearchUnfinished:
            pass
        except SearchSetAside:
            self._set_aside()
        finally:
            self.spent += time.perf_counter() - started

    def _set_aside(self) -> None:
        """Drop the deal of the piece under way (only a sampled deal's search has a cap)."""
        raise NotImplementedError


W = TypeVar("W")
"""A sampled deal as a family's evaluation keeps it (with the searches done in it)."""
B = TypeVar("B", bound=Budgeted)


class SampledWork(SlicedWork, Generic[W]):
    """A sliced evaluation over sampled deals (``CallWork``, ``auction_marriage.MarriageWork``):
    what they share of dealing, stepping, setting deals aside and finishing. A subclass
    checks the decision, sets ``_searcher`` and the candidates where it knows them at once,
    and gives ``complete``, ``_advance`` (one piece, with ``_at`` the deal whose search it
    runs) and ``result``.

    A sampled deal whose search costs more than ``node_cap`` nodes in all (``NODE_CAP``;
    the nodes of every try of a search resumed in slices count) is set aside: no candidate
    keeps a score from it (the figures stand on the deals in which every candidate is
    valued), it leaves the deals dealt (``dealt``), and the next deal is dealt in its place.
    ``set_aside`` counts them. Once as many are set aside as the deals aimed at (at least
    ``PILOT_DEALS``), no more is dealt; if then no deal is left, the step raises
    ``DealsSetAside`` (an ``ImpossibleConstraints``).

    Without slices (``node_budget`` 0) each search runs once with the cap as its budget. In
    slices each try of a search goes on where the last one stopped, so its tries visit, in
    all, the nodes of that one search: the same seed, view and budget set aside the same
    deals and give the same figures, sliced or not (``test_auction_eval`` and
    ``test_auction_marriage`` compare them on decisions of both families)."""

    _searcher: Budgeted

    def __init__(
        self, view: SeatView, seed: int | str, own: Action | None, *, max_deals: int | None, pilot: int,
        node_cap: int,
    ) -> None:
        super().__init__()
        self.view = view
        self.own = own
        self.max_deals = max_deals
        self.pilot = max(1, pilot)
        self.node_cap = node_cap
        """The most nodes one search of a sampled deal may cost in all (0: no cap)."""
        self.set_aside = 0
        """How many dealt deals were set aside (a search past ``node_cap``)."""
        self.candidates: list[Action] | None = None
        self._rng = random.Random(seed)
        self._knowledge = infer(view)
        self._facts = auction_facts(view)
        self._side = SIDES[view.rules.players][view.seat]
        self._worlds: list[W] = []
        self._reach: list[int] = []  # what the seat's side collects declaring, deal by deal
        self._scores: dict[Action, list[float]] = {}
        self._made: dict[Action, list[bool]] = {}
        self._got: dict[Action, list[int]] = {}  # what the side collects declaring a bid, deal by deal
        self._tasks: deque[tuple[int, Action]] = deque()  # (deal, candidate) to value, deal by deal
        self._sampling = True
        self._at = 0
        """The deal whose search the piece under way runs (every deal before it is valued)."""

    def _capped(self, searcher: B) -> B:
        """``searcher`` with this work's cap on each of its searches."""
        searcher.cap = NodeCap(self.node_cap)
        return searcher

    def _wants_deal(self) -> bool:
        if self.set_aside >= max(PILOT_DEALS, self.max_deals or 0):
            return False
        if not self._worlds:  # at least one deal is always valued
            return True
        return self._sampling and (self.max_deals is None or len(self._worlds) < self.max_deals)

    @property
    def exhausted(self) -> bool:
        """Tell whether no deal is left to value and none is dealt any more: every deal dealt
        was set aside (the step that found it raised ``DealsSetAside``)."""
        return not self._worlds and not self._wants_deal()

    def _set_aside(self) -> None:
        at = self._at
        del self._worlds[at]
        del self._reach[at:at + 1]
        for scores in self._scores.values():
            del scores[at:]  # the candidates valued in this deal so far
        for made in self._made.values():
            del made[at:]
        for got in self._got.values():
            del got[at:]
        self._tasks = deque((i - (i > at), call) for i, call in self._tasks if i != at)
        self.set_aside += 1
        if self.exhausted:
            raise DealsSetAside(self.set_aside)

    @property
    def dealt(self) -> int:
        """How many hidden layouts are dealt so far (those set aside not counted)."""
        return len(self._worlds)

    @property
    def deals(self) -> int:
        """How many deals have every candidate valued (``result`` stands on these)."""
        if self.candidates is None:
            return 0
        return min(len(self._scores.get(c, ())) for c in self.candidates)

    @property
    def complete(self) -> bool:
        """Tell whether the work aimed at is done."""
        raise NotImplementedError

    def _advance(self) -> None:
        raise NotImplementedError

    def _dealt(self, world: W) -> AuctionDeal:
        """The sampled deal of ``world`` (its hands as dealt)."""
        raise NotImplementedError

    def examples(self, n: int) -> dict[Action, Example]:
        """Each candidate's example among the first ``n`` deals valued (``choose_example``)."""
        out = {}
        for call in self.candidates or ():
            made = self._made[call][:n] if call in self._made else None
            at = choose_example(made)
            deal = self._dealt(self._worlds[at])
            got = self._got.get(call)
            out[call] = Example(
                at, deal.initial_hands, deal.talon, self._scores[call][at],
                got[at] if got is not None and at < len(got) else None, None if made is None else made[at],
            )
        return out

    def result(self) -> AuctionEvaluation:
        """The figures over the deals in which every candidate is valued."""
        raise NotImplementedError

    def stop_sampling(self) -> None:
        """Deal no more; what is dealt is still valued by the next steps."""
        self._sampling = False

    def extend(self, max_deals: int) -> None:
        """Aim at ``max_deals`` deals (more than before: a refinement) and deal again."""
        self.max_deals = max(max_deals, len(self._worlds))
        self._sampling = True

    def step(self, node_budget: int = 0) -> bool:
        """Do the next piece of work; return whether the work aimed at is complete."""
        if self.complete:
            return True
        self.run_piece(self._searcher, node_budget, self._advance)
        return self.complete

    def finish(self) -> AuctionEvaluation:
        """Do the rest of the work (without ``max_deals``, on the deals dealt) and give the figures."""
        if self.max_deals is None:
            self.stop_sampling()
        while not self.step():
            pass
        return self.result()


class CallWork(SampledWork["_World"]):
    """One seat's evaluation worked out a piece at a time, so that a front end can spread it
    over short slices (the Play page's worker) and stop it whenever it likes (an anytime
    hint).

    Each ``step`` does one piece: deal one hidden layout, run one of its searches (the
    pilot's, which sets the jump candidates), or value one candidate call in one deal;
    ``node_budget`` bounds the core's work in a step (a search cut short goes on where it
    stopped in the next step).
    ``deals`` is the number of deals in which every candidate is valued; ``result()`` gives
    the figures over those (with the same candidates, the same as ``evaluate_call`` with that
    many deals: Decided 5).
    ``stop_sampling()`` deals no more (what is dealt is still valued); ``extend(n)`` raises
    the deal count aimed at (a second hint's refinement). ``spent``: seconds spent in steps.
    A deal whose search costs more than ``node_cap`` nodes is set aside (``set_aside``
    counts them; ``SampledWork`` says how).

    ``pilot``: the deals that set the jump candidates (fewer than ``PILOT_DEALS`` gives a
    quick first figure, as the hint wants).
    """

    def __init__(
        self,
        view: SeatView,
        seed: int | str,
        own: Action | None = None,
        *,
        max_deals: int | None = 20,
        pilot: int = PILOT_DEALS,
        node_cap: int = NODE_CAP,
    ) -> None:
        rules = view.rules
        _served(rules)
        if view.phase not in (Phase.BID, Phase.TRUMP) or not view.legal:
            raise SolveError("auction-decision")
        if own is not None and own not in view.legal:
            raise SolveError("auction-decision")
        super().__init__(view, seed, own, max_deals=max_deals, pilot=pilot, node_cap=node_cap)
        self._searcher: _Searcher = self._capped(_Searcher(rules))
        self._own_suit = hand_count(view.hand | view.talon, rules.players)[1]
        if view.phase is Phase.TRUMP:
            self.candidates = [NameTrump(s) for s in Suit]
            if own is not None and own not in self.candidates:
                self.candidates.append(own)

    @property
    def complete(self) -> bool:
        """Tell whether the work aimed at is done (never, without ``max_deals``, until
        ``stop_sampling``)."""
        return self.candidates is not None and not self._tasks and not self._wants_deal()

    def _advance(self) -> None:
        seat, side = self.view.seat, self._side
        if self._tasks:
            at, call = self._tasks[0]
            self._at = at
            self._value(self._worlds[at], call)
            self._tasks.popleft()
            return
        if self.candidates is None:
            if len(self._reach) < len(self._worlds):
                self._at = len(self._reach)
                world = self._worlds[self._at]
                self._reach.append(world.collected_as(seat, world.count_trump(seat))[side])
                return
            if self._worlds and (len(self._worlds) >= self.pilot or not self._wants_deal()):
                self.candidates = _bid_candidates(self.view, self.own, self._reach, self._own_suit)
                self._tasks.extend((at, call) for at in range(len(self._worlds)) for call in self.candidates)
                return
        if not self._wants_deal():
            return
        try:
            (deal,) = sample_deals(
                self.view, 1, self._rng, knowledge=self._knowledge, calls=self._facts, max_tries=24
            )
        except ImpossibleConstraints:
            if not self._worlds:
                raise
            self._sampling = False
            return
        assert isinstance(deal, HuutopussiDeal)
        self._worlds.append(_World(deal, self._searcher))
        if self.candidates is not None:
            at = len(self._worlds) - 1
            self._tasks.extend((at, call) for call in self.candidates)

    def _value(self, world: _World, call: Action) -> None:
        """Value one candidate call in one deal (a search cut short leaves nothing half done:
        the deal keeps only its finished searches)."""
        seat = self.view.seat
        score = _call_score(world, seat, call)
        level = _made_level(self.view, call)
        got = 0
        if level is not None:
            trump = call.suit if isinstance(call, NameTrump) else world.count_trump(seat)
            assert trump is not None
            got = world.collected_as(seat, trump)[self._side]
        self._scores.setdefault(call, []).append(score)
        if level is not None:
            self._made.setdefault(call, []).append(got >= level)
            self._got.setdefault(call, []).append(got)

    def _dealt(self, world: _World) -> AuctionDeal:
        return world.deal

    def result(self) -> AuctionEvaluation:
        """The figures over the deals in which every candidate is valued (``ValueError``
        before the first)."""
        n = self.deals
        if n == 0:
            raise ValueError("no deal is valued yet")
        assert self.candidates is not None
        scores = {c: self._scores[c][:n] for c in self.candidates}
        made = {c: sum(self._made[c][:n]) for c in self.candidates if c in self._made}
        view = self.view
        return summarise_calls(
            view,
            self.own,
            self.candidates,
            scores,
            made,
            n,
            counts_made=lambda call: _made_level(view, call) is not None,
            level=view.high_bid if view.phase is Phase.TRUMP else 0,
            set_aside=self.set_aside,
            examples=self.examples(n),
        )


def evaluate_call(
    view: SeatView,
    seed: int | str,
    own: Action | None = None,
    *,
    max_deals: int | None = 20,
    max_seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> AuctionEvaluation:
    """Value the candidate calls of ``view``'s seat (see the module docstring).

    ``own``: the seat's own call, always valued. ``max_deals`` and ``max_seconds``: the
    budget (either may be ``None``; at least one deal is always dealt; once the time is
    up no deal is dealt, and the deals dealt are valued). Raises ``SolveError`` outside
    seed-004 Huutopussi or when the seat has no bidding or trump decision,
    ``ImpossibleConstraints`` when no deal fits the view.
    """
    if max_deals is None and max_seconds is None:
        raise ValueError("an evaluation needs a budget: max_deals, max_seconds or both")
    start = clock()
    work = CallWork(view, seed, own, max_deals=max_deals)
    while not work.complete:
        if max_seconds is not None and work.dealt and clock() - start >= max_seconds:
            work.stop_sampling()
        work.step()
    return work.result()


def _made_level(view: SeatView, call: Action) -> int | None:
    if isinstance(call, Bid):
        return call.points
    if isinstance(call, NameTrump):
        return view.high_bid
    return None


def sign_test(wins: int, losses: int) -> float:
    """The two-sided exact sign test: the chance that ``wins + losses`` fair coin tosses
    split at least as unevenly as ``wins`` to ``losses`` (1 with no toss); it sets
    ``CARRY_DEALS``.

    >>> sign_test(5, 0), sign_test(6, 0), sign_test(8, 1), sign_test(0, 0)
    (0.0625, 0.03125, 0.0390625, 1.0)
    """
    n = wins + losses
    if n == 0:
        return 1.0
    tail = math.fsum(math.comb(n, i) for i in range(min(wins, losses) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def clearly_worse(best: Sequence[float], call: Sequence[float]) -> bool:
    """Tell whether ``call`` is clearly worse than ``best`` from their scores deal by deal
    (paired: the same deals in the same order): its mean lies more than ``CLOSE_SE`` paired
    standard errors below, and ``best`` scores more in at least ``CARRY_DEALS`` deals. Else
    the two are too close to call (Decided 6).

    >>> clearly_worse([10.0] * 12, [10.0] * 7 + [5.0, 4.0, 2.0, 3.0, 0.0])  # 5 deals of 12
    False
    >>> clearly_worse([10.0] * 12, [10.0] * 2 + [2.0, 3.0, 4.0, 0.0, 5.0] * 2)  # 10 of 12
    True
    """
    diffs = [a - b for a, b in zip(best, call, strict=True)]
    if sum(d > 0 for d in diffs) < CARRY_DEALS:  # also: one deal gives no standard error
        return False
    return _mean(diffs) > CLOSE_SE * _stdev(diffs) / math.sqrt(len(diffs))


def summarise_calls(
    view: SeatView,
    own: Action | None,
    candidates: list[Action],
    scores: dict[Action, list[float]],
    made: dict[Action, int],
    n: int,
    *,
    counts_made: Callable[[Action], bool],
    level: int,
    set_aside: int = 0,
    examples: Mapping[Action, Example] | None = None,
) -> AuctionEvaluation:
    """The evaluation of ``candidates`` from their paired scores over the same ``n`` deals:
    each call's mean and spread, its paired standard error against the best, and whether it
    is too close to the best to call (not ``clearly_worse``: Decided 6; the one place that
    decides it for every family and every reader of the figures).
    ``made`` counts the deals in which a call's contract was made, shown for the calls
    ``counts_made`` names; ``level`` is the bid the evaluation's calls answer to (0 in the
    bidding); ``set_aside``: the deals set aside (``NODE_CAP``); ``examples``: each call's
    example deal (``SampledWork.examples``). Shared by every family's
    evaluation (``auction_marriage`` too)."""
    means = {c: _mean(scores[c]) for c in candidates}
    best = max(candidates, key=lambda c: means[c])  # the first of equal means
    values = []
    for call in candidates:
        diffs = [a - b for a, b in zip(scores[call], scores[best], strict=True)]
        se = _stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
        spread = _stdev(scores[call]) if n > 1 else 0.0
        values.append(
            CallValue(
                call,
                means[call],
                spread,
                n,
                se,
                call == best or not clearly_worse(scores[best], scores[call]),
                made.get(call, 0) if counts_made(call) else None,
                examples.get(call) if examples is not None else None,
            )
        )
    values.sort(key=lambda v: (v.call != best, -v.mean))
    return AuctionEvaluation(view.seat, len(view.history), tuple(values), own, n, level, set_aside)


# ---------------------------------------------------------------------- a whole deal


def auction_decisions(deal: Deal) -> list[tuple[int, Seat, Action]]:
    """The bidding and trump decisions of a deal's history with a choice: (index, seat, call)."""
    if not isinstance(deal, HuutopussiDeal) or deal.rules.family != "huutopussi":
        return []
    walk = deal.copy_start()
    out: list[tuple[int, Seat, Action]] = []
    for index, (seat, action) in enumerate(deal.history):
        if walk.phase not in (Phase.BID, Phase.TRUMP):
            break
        if len(walk.legal_actions()) > 1 and not isinstance(action, Redeal):
            out.append((index, seat, action))
        walk.push(action)
    return out


class ParWork(SlicedWork):
    """The deal's open-card par worked out one search at a time (``step``; the Play page's
    review spreads it over short slices): one search per playing seat and trumps, then
    ``result()``. A search cut short goes on where it stopped at the next step."""

    def __init__(self, deal: HuutopussiDeal) -> None:
        _served(deal.rules)
        super().__init__()
        self.rules = deal.rules
        self._world = _World(deal.copy_start(), _Searcher(deal.rules))
        self._pairs = [(seat, trump) for seat in PLAYING_SEATS[deal.rules.players] for trump in Suit]
        self.done = 0
        """How many of the searches are done."""

    @property
    def total(self) -> int:
        """How many searches the par takes."""
        return len(self._pairs)

    @property
    def complete(self) -> bool:
        return self.done >= len(self._pairs)

    def step(self, node_budget: int = 0) -> bool:
        """Run the next search (bounded by ``node_budget`` nodes as ``CallWork.step``)."""
        if self.complete:
            return True
        self.run_piece(self._world.searcher, node_budget, self._next_search)
        return self.complete

    def _next_search(self) -> None:
        self._world.collected_as(*self._pairs[self.done])
        self.done += 1

    def result(self) -> list[Par]:
        """For each side, the best contract it could bid and make (every search done)."""
        while not self.step():
            pass
        rules = self.rules
        sides = SIDES[rules.players]
        best: dict[int, tuple[int, Seat, Suit]] = {}
        for seat, trump in self._pairs:
            side = sides[seat]
            got = self._world.collected_as(seat, trump)[side]
            if side not in best or got > best[side][0]:
                best[side] = (got, seat, trump)
        out = []
        for side in sorted(best):
            got, seat, trump = best[side]
            contract = 0
            for p in range(min(got, MAX_BID), rules.min_bid - 1, -1):
                if on_bid_step(rules, p):
                    contract = p
                    break
            out.append(Par(side, contract, seat, trump, got))
        return out


def par(deal: HuutopussiDeal) -> list[Par]:
    """The deal's open-card par: for each side, the best contract it could bid and make with
    all hands known (declared by the best seat of the side, in the best trumps)."""
    return ParWork(deal).result()
