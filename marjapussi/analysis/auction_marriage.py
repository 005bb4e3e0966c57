"""The auction's evaluation in Huutopussi with marriage trumps: what each bid or pass was worth.

``evaluate_marriage_call(view, seed, own, max_deals=..., max_seconds=...)`` values a seat's
call in the auction of ``huutopussi-marriage`` or ``huutopussi-marriage3`` from what that
seat knows, as ``auction.evaluate_call`` does for seed-004 Huutopussi (issue 32, Decided
1-3, 5, 6), and gives the same ``AuctionEvaluation``. It deals the hidden cards many times
so that every hand fits what the seat saw (``sampler.sample_deals``) and, as far as the
draws allow, the other seats' calls (``inference.auction_facts``: a bid or a pass read
within ``inference.VALUE_SLACK`` of the hand value it names; Decided 4), and in each such
deal plays each candidate call out:

* after the call, the later calls follow the bots' own count (``bots.choose`` at the
  ``beginner`` level: a seat bids the lowest bid while ``marriage_bots.hand_value`` reaches
  it, leaves the bid to a partner who holds it, and calls a redeal for a hand with nothing
  above a jack; the forced opening and the bid ban are the engine's);
* the exchange, the contract and the discard follow the bots' rules of thumb, the rule
  documented in ``marriage_bots``: the partner gives his whole marriages, aces and halves
  first (``give_ranking``), the declarer keeps the contract at the bid unless his count
  passes it by ``RAISE_MARGIN`` (then raises to the count less that margin) and gives back
  (``return_ranking``) or, three players, puts away (``discard_ranking``) the cards he
  needs least. None of these choices depends on the bid, so the cards each seat plays
  with are the same whatever level the auction stops at;
* the card play is solved with all hands open by the compiled core (``ExactContract``, the
  family's own objective; the pure-Python solver where the core does not serve the rules):
  ONE search per declaring seat in each deal (Decided 2), with that seat winning the
  auction at the lowest bid it may make and the contract the rule above sets there. The
  line it finds gives what each side collects (cards, the last trick, the marriages
  declared, the three-player discard), how many tricks each side and the declarer won;
  every bid and contract level is then scored on that line with the family's scoring
  (``score_marriage_facts``: exactly the contract when the side collects it, else minus
  it; the no-trick penalties; the defenders' points as collected), so a level counts as
  made when it is at most what the side collects, and no level needs a search of its own.
  The family's objective is a threshold: once its contract is safe, the declarer plays
  only to keep the others' points down, and may leave a marriage of his own undeclared.
  So the line's points are what the side surely makes, and sometimes less than it could
  make playing for more (measured on 8 four-player deals, the declarer at 50: of 32 higher
  and lower contracts searched each on its own, 5 were made above the line's points, none
  failed at or below them);
* the call's score is the seat's side minus the other side in deal points (three players:
  the seat minus the mean of the two others, as the bots score); a redeal scores 0.

Candidates (Decided 3): pass, the lowest legal bid and up to four jumps to the highest
legal bids at most the sampled quartiles and maximum of what the seat's side collects when
the seat declares (the first ``PILOT_DEALS`` deals set them); the seat's own call is always
valued. The figures are ``auction.CallValue``'s: mean, spread, deals, paired standard error
against the best, "too close to call" as ``auction.clearly_worse`` decides it (within two
of them, or ahead in fewer than six deals), and for a bid the deals in which
the seat's side collects at least the bid when the seat declares; and each call keeps one
of the deals as its example (``auction.choose_example``).

The exchange is weighed the same way (issue 32, Decided 3): the cards the partner gives,
the cards the declarer gives back and, three players, the cards he puts away. The
candidates are the four best sets by the bots' own ranking (``marriage_bots.card_sets`` of
``give_ranking``, ``return_ranking`` or ``discard_ranking``) and the seat's own set; in each
sampled deal each candidate is pushed, the rest of the exchange and the contract follow the
bots' rules, and ONE search per candidate gives the line the deal is scored on; ``made``
counts the deals in which the side collects the contract.

Measured (``scripts/bench_auction.py --rules huutopussi-marriage --decisions 25 --deals 8``,
seed 1, CPU time on the shared 2-core machine at a load of 11-19): an evaluation of 8 deals
p95 8.4 s natively and 44 s in Pyodide under Node (one decision, wall time); an anytime
evaluation reaches a median of 5 deals in 2 s of CPU; the two seeds name the same best call
on 13 of 25 decisions and on 3 one seed's best is more than two paired standard errors below
the other's (goal 0: eight deals are too few, with a spread of some 150-200 points a call).
The 25 decisions come from two deals only (the club bots raise each other five at a time).
Three players (``--rules huutopussi-marriage3 --deals 6``, stopped after 6 decisions): 7-37 s
an evaluation, 2 deals in a 2-second anytime evaluation, the same best call on 4 of 6, one
violation.

``MarriageWork`` is the same evaluation a piece at a time (one deal dealt, one search, or
one candidate valued in one deal a step, each search bounded by a node budget and resumed
where it stopped), for the Play page's slices: its review of the auction and the
exchange and its anytime hint. ``evaluate_marriage_call`` runs on it, so both sample in one
place (``MarriageWork._sample``) and give the same figures. A deal whose search runs past
``auction.NODE_CAP`` nodes is set aside for every candidate, as in ``auction.SampledWork``.

Sampling is seeded by the caller, from (game seed, deal number, position in the history)
(``auction.evaluation_seed``, Decided 5): the same decision and budget give the same
figures, and a larger budget only adds deals.

>>> import random
>>> from marjapussi import find_rules
>>> from marjapussi.marriage_trumps import MarriageTrumpDeal
>>> deal = MarriageTrumpDeal.random(5, find_rules("huutopussi-marriage"))
>>> deal.push(deal.legal_actions()[0])  # the forced opening at the lowest bid
>>> view = SeatView.of(deal, deal.to_act)
>>> [str(c) for c in marriage_candidates(view, None, [60, 70, 90, 150])]
['pass', 'bid 55', 'bid 70', 'bid 90', 'bid 150']
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

from ..actions import Action, Bid, Discard, Give, Pass, Redeal, ReturnCards
from ..cards import Seat
from ..deal import SIDES, Deal, Phase
from ..marriage_trumps import MarriageFacts, MarriageTrumpDeal, score_marriage_facts
from ..rules import Rules
from .auction import (
    JUMPS,
    NODE_CAP,
    PILOT_DEALS,
    AuctionEvaluation,
    CappedSearch,
    Example,
    SampledWork,
    summarise_calls,
)
from .bots import choose, rollout_value
from .marriage_bots import CANDIDATES, card_sets, discard_ranking, give_ranking, return_ranking
from .objectives import ExactContract, SolveError
from .sampler import ImpossibleConstraints, sample_deals
from .view import SeatView

__all__ = [
    "EXCHANGE_PHASES",
    "HINT_PILOT",
    "LineSearch",
    "MarriageLines",
    "MarriageSearcher",
    "MarriageWork",
    "evaluate_marriage_call",
    "exchange_candidates",
    "line_search",
    "marriage_auction_decisions",
    "marriage_candidates",
    "served",
]

HINT_PILOT = 2
"""The deals that set the jump candidates of an evaluation bounded by time alone (an anytime
hint: each later deal is valued before the clock is read again)."""

LineSearch = Callable[[MarriageTrumpDeal], list[Action]]
"""An open-card search of a deal at its first card: its principal line."""

_BEFORE_PLAY = (Phase.BID, Phase.GIVE, Phase.CONTRACT, Phase.RETURN, Phase.DISCARD)
EXCHANGE_PHASES = (Phase.GIVE, Phase.RETURN, Phase.DISCARD)
"""The decisions of the exchange weighed beside the bids: the cards the partner gives, the
cards the declarer gives back, the three-player discard."""


def served(rules: Rules) -> bool:
    """Tell whether ``rules`` are of the marriage family (the rules this module weighs)."""
    return rules.family == "huutopussi-marriage"


def _bots_step(deal: MarriageTrumpDeal) -> None:
    """One action of the player to act, by the bots' rules of thumb (``beginner``)."""
    deal.push(choose(SeatView.of(deal, deal.to_act), "beginner", random.Random(0)).action)


def _follow_bots(deal: MarriageTrumpDeal) -> None:
    """Finish the auction, the exchange, the contract and the discard as the bots do."""
    while not deal.is_over() and deal.phase in _BEFORE_PLAY:
        _bots_step(deal)


def _declared(world: MarriageTrumpDeal, declarer: Seat) -> MarriageTrumpDeal | None:
    """A fresh copy of ``world`` from its start in which ``declarer`` wins the auction at
    the lowest bid it may make (the others pass, or open at the lowest bid when they must),
    and the exchange, contract and discard follow the bots; ``None`` when the declarer may
    not win it (the bid ban) or a redeal ends the deal."""
    deal = world.copy_start()
    while deal.phase is Phase.BID:
        legal = deal.legal_actions()
        bids = [a for a in legal if isinstance(a, Bid)]
        if deal.to_act == declarer and deal.bidder != declarer and bids:
            deal.push(bids[0])
        elif Pass() in legal:
            deal.push(Pass())
        else:
            deal.push(bids[0])
    if deal.bidder != declarer:
        return None
    _follow_bots(deal)
    return None if deal.is_over() else deal


class MarriageLines:
    """The open-card lines of one sampled deal, one search per declaring seat: what each
    line's play gives, as the facts the family's scoring reads."""

    def __init__(self, world: MarriageTrumpDeal, search: LineSearch) -> None:
        self.world = world
        self.search = search
        self._facts: dict[Seat, MarriageFacts | None] = {}

    def facts(self, declarer: Seat) -> MarriageFacts | None:
        """The facts of the line played with ``declarer`` declaring (``None``: it may not)."""
        if declarer not in self._facts:
            deal = _declared(self.world, declarer)
            self._facts[declarer] = None if deal is None else _played_facts(deal, self.search)
        return self._facts[declarer]


def _played_facts(deal: MarriageTrumpDeal, search: LineSearch) -> MarriageFacts:
    """Play ``deal`` (at its first card) along the searched line to its end (a line cut
    short is finished by the bots' playout) and read its facts."""
    try:
        for action in search(deal):
            deal.push(action)
    except SolveError:
        pass
    if not deal.is_over():
        rollout_value(deal, deal.to_act)
    return MarriageFacts(
        **deal.played_facts(),
        contract=deal.contract,
        declarer_tricks=deal.declarer_tricks(),
        marriages=tuple((d.holder or d.seat, d.suit) for d in deal.declarations if d.suit is not None),
    )


class MarriageSearcher(CappedSearch):
    """The open-card search of a deal at its first card (a ``LineSearch``): the compiled
    core's principal line, or the pure-Python solver's where the core does not serve the
    rules (``auction.CappedSearch``). Every search but a resumed one starts from a fresh
    table, so a sliced evaluation finds the lines an unsliced one finds."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules, ExactContract(), keep_table=False)

    def __call__(self, deal: MarriageTrumpDeal) -> list[Action]:
        return self.line(deal)


def line_search(rules: Rules) -> LineSearch:
    """The open-card search of a deal at its first card (``MarriageSearcher``, unbounded)."""
    return MarriageSearcher(rules)


def _side_score(rules: Rules, seat: Seat, points: tuple[int, ...]) -> float:
    """The seat's side minus the other side (three players: minus the others' mean)."""
    mine = SIDES[rules.players][seat]
    if rules.players == 3:
        others = [points[i] for i in range(3) if i != mine]
        return points[mine] - sum(others) / len(others)
    return float(points[mine] - points[1 - mine])


def _collected(rules: Rules, facts: MarriageFacts) -> tuple[int, ...]:
    """What each side collects on a line (the bid does not change it)."""
    return score_marriage_facts(rules, facts).collected


def _call_score(lines: MarriageLines, seat: Seat, call: Action) -> float:
    """The score of ``call`` in one sampled deal (see the module docstring)."""
    deal = lines.world
    rules = deal.rules
    depth = len(deal.history)
    try:
        deal.push(call)
        _follow_bots(deal)
        if deal.is_over():  # a redeal: nobody scores
            return 0.0
        bidder = deal.bidder
        if bidder is None:  # no contract: the deal played out as it stands (popped below)
            played = _played_facts(deal, lines.search)
            return _side_score(rules, seat, score_marriage_facts(rules, played).points)
        found = lines.facts(bidder)
        if found is None:  # the bidder may not win from the start (the bid ban): this deal's own line
            found = _played_facts(deal, lines.search)
        facts = dataclasses.replace(found, bid=deal.high_bid, contract=deal.contract)
        return _side_score(rules, seat, score_marriage_facts(rules, facts).points)
    finally:
        while len(deal.history) > depth:
            deal.pop()


# ---------------------------------------------------------------------- candidates


def _quantiles(values: list[int]) -> list[float]:
    ordered = sorted(values)
    out = [float(ordered[min(len(ordered) - 1, int(q * len(ordered)))]) for q in (0.25, 0.5, 0.75)]
    return [*out, float(ordered[-1])]


def marriage_candidates(view: SeatView, own: Action | None, reach: list[int]) -> list[Action]:
    """Pass, the lowest legal bid and up to four jumps (the highest legal bids at most the
    quartiles and the maximum of ``reach``, what the seat's side collected declaring in the
    pilot deals), and the seat's own call (Decided 3)."""
    out: list[Action] = []
    if Pass() in view.legal:
        out.append(Pass())
    bids = sorted((a for a in view.legal if isinstance(a, Bid)), key=lambda a: a.points)
    if bids:
        out.append(bids[0])
        jumps = 0
        for q in _quantiles(reach) if reach else []:
            under = [b for b in bids if b.points <= q]
            if under and under[-1] not in out and jumps < JUMPS:
                out.append(under[-1])
                jumps += 1
    if own is not None and own not in out:
        out.append(own)
    return out


# ---------------------------------------------------------------------- the evaluation


def evaluate_marriage_call(
    view: SeatView,
    seed: int | str,
    own: Action | None = None,
    *,
    max_deals: int | None = 20,
    max_seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> AuctionEvaluation:
    """Value the candidate calls of ``view``'s seat in a marriage-family auction, or its
    cards to give, give back or put away (see the module docstring).

    ``own``: the seat's own call, always valued. ``max_deals`` and ``max_seconds``: the
    budget (either may be ``None``; at least one deal is always valued; once the time is
    up no deal is dealt; without ``max_deals`` the first ``HINT_PILOT`` deals set the
    jumps). Raises ``SolveError`` outside the family (``auction-family``) or when the seat
    has no call or exchange to choose (``auction-decision``), ``ImpossibleConstraints``
    when no deal fits the view.
    """
    if max_deals is None and max_seconds is None:
        raise ValueError("an evaluation needs a budget: max_deals, max_seconds or both")
    start = clock()
    pilot = PILOT_DEALS if max_deals is not None else HINT_PILOT
    work = MarriageWork(view, seed, own, max_deals=max_deals, pilot=pilot)
    while not work.complete:
        if max_seconds is not None and work.dealt and clock() - start >= max_seconds:
            work.stop_sampling()
        work.step()
    return work.result()


def exchange_candidates(view: SeatView, own: Action | None) -> list[Action]:
    """The four best sets to give, give back or put away by the bots' ranking, and the
    seat's own set (Decided 3)."""
    rules = view.rules
    hand = view.hand
    found: list[Action]
    if view.phase is Phase.GIVE:
        found = [Give(c) for c in card_sets(give_ranking(hand, rules), rules.exchange_count, CANDIDATES)]
    elif view.phase is Phase.RETURN:
        sets = card_sets(return_ranking(hand, rules), rules.exchange_count, CANDIDATES)
        found = [ReturnCards(c) for c in sets]
    else:
        found = [Discard(c) for c in card_sets(discard_ranking(hand, rules), 3, CANDIDATES)]
    legal = set(view.legal)
    out = [a for a in found if a in legal]
    if own is not None and own not in out:
        out.append(own)
    return out


def _exchange_score(
    world: MarriageTrumpDeal, seat: Seat, call: Action, search: LineSearch
) -> tuple[float, bool]:
    """The score of an exchange ``call`` in one sampled deal, and whether the contract is made."""
    rules = world.rules
    depth = len(world.history)
    try:
        world.push(call)
        _follow_bots(world)
        if world.is_over():  # a redeal (four sixes): nobody scores
            return 0.0, False
        score = score_marriage_facts(rules, _played_facts(world, search))
        return _side_score(rules, seat, score.points), bool(score.made)
    finally:
        while len(world.history) > depth:
            world.pop()


def _summarise(
    view: SeatView,
    own: Action | None,
    candidates: list[Action],
    scores: dict[Action, list[float]],
    made: dict[Action, int],
    n: int,
    set_aside: int,
    examples: dict[Action, Example] | None = None,
) -> AuctionEvaluation:
    return summarise_calls(
        view,
        own,
        candidates,
        scores,
        made,
        n,
        counts_made=lambda call: isinstance(call, (Bid, Give, ReturnCards, Discard)),
        level=view.high_bid if view.phase in EXCHANGE_PHASES else 0,
        set_aside=set_aside,
        examples=examples,
    )


class MarriageWork(SampledWork[MarriageLines]):
    """One seat's marriage-family evaluation (a bid or pass, or the cards to give, give back
    or put away) worked out a piece at a time, as ``auction.CallWork`` works out seed-004
    Huutopussi's: a front end spreads it over short slices (the Play page's worker) and may
    stop it whenever it likes (an anytime hint).

    Each ``step`` does one piece: deal one hidden layout, run the search that gives what the
    seat's side collects declaring in one deal (the bidding's pilot, which sets the jump
    candidates), or value one candidate in one deal (one or two searches); ``node_budget``
    bounds the core's work in a step (a search cut short goes on where it stopped in the
    next step). ``deals`` is the number of deals in which every candidate is valued,
    ``result()`` the figures over those: worked to the end with the same budget, sliced or
    not, exactly ``evaluate_marriage_call``'s (which runs on this
    work). ``stop_sampling()`` deals no more; ``extend(n)`` aims at ``n`` deals (a second
    hint's refinement); ``spent``: seconds spent in steps.

    ``pilot``: the deals that set the jump bids (``PILOT_DEALS``; a hint's first figures come
    sooner with ``HINT_PILOT``). Raises ``SolveError`` outside the family (``auction-family``)
    or when the seat has no call or exchange to choose (``auction-decision``); a step raises
    ``ImpossibleConstraints`` when no deal at all fits the view.
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
        if not served(rules):
            raise SolveError("auction-family")
        weighed = view.phase is Phase.BID or view.phase in EXCHANGE_PHASES
        if not weighed or not view.legal or (own is not None and own not in view.legal):
            raise SolveError("auction-decision")
        super().__init__(view, seed, own, max_deals=max_deals, pilot=pilot, node_cap=node_cap)
        self.bidding = view.phase is Phase.BID
        self._searcher: MarriageSearcher = self._capped(MarriageSearcher(rules))
        if not self.bidding:
            self.candidates = exchange_candidates(view, own)

    def _reach_due(self) -> bool:
        return self.bidding and len(self._reach) < len(self._worlds)

    @property
    def complete(self) -> bool:
        """Tell whether the work aimed at is done (never, without ``max_deals``, until
        ``stop_sampling``)."""
        if self.candidates is None or self._tasks or self._reach_due():
            return False
        return not self._wants_deal()

    def _sample(self) -> MarriageTrumpDeal:
        """One hidden layout that fits the view (the one place this module samples)."""
        (deal,) = sample_deals(
            self.view, 1, self._rng, knowledge=self._knowledge, max_tries=24, calls=self._facts
        )
        assert isinstance(deal, MarriageTrumpDeal)
        return deal

    def _advance(self) -> None:
        if self._reach_due():
            self._at = len(self._reach)
            facts = self._worlds[self._at].facts(self.view.seat)
            self._reach.append(0 if facts is None else _collected(self.view.rules, facts)[self._side])
            return
        if self._tasks:
            at, call = self._tasks[0]
            self._at = at
            self._value(at, call)
            self._tasks.popleft()
            return
        pilot_done = len(self._worlds) >= self.pilot or not self._wants_deal()
        if self.candidates is None and self._worlds and pilot_done:
            self.candidates = marriage_candidates(self.view, self.own, self._reach)
            self._tasks.extend((at, call) for at in range(len(self._worlds)) for call in self.candidates)
            return
        if not self._wants_deal():
            return
        try:
            deal = self._sample()
        except ImpossibleConstraints:
            if not self._worlds:
                raise
            self._sampling = False
            return
        self._worlds.append(MarriageLines(deal, self._searcher))
        if self.candidates is not None:
            at = len(self._worlds) - 1
            self._tasks.extend((at, call) for call in self.candidates)

    def _value(self, at: int, call: Action) -> None:
        """Value one candidate in one deal (a search cut short leaves nothing half done)."""
        lines = self._worlds[at]
        seat = self.view.seat
        if self.bidding:
            score = _call_score(lines, seat, call)
            if isinstance(call, Bid):
                self._made.setdefault(call, []).append(self._reach[at] >= call.points)
                self._got.setdefault(call, []).append(self._reach[at])
        else:
            score, done = _exchange_score(lines.world, seat, call, self._searcher)
            self._made.setdefault(call, []).append(done)
        self._scores.setdefault(call, []).append(score)

    def _dealt(self, world: MarriageLines) -> MarriageTrumpDeal:
        return world.world

    def result(self) -> AuctionEvaluation:
        """The figures over the deals in which every candidate is valued (``ValueError``
        before the first)."""
        n = self.deals
        if n == 0:
            raise ValueError("no deal is valued yet")
        assert self.candidates is not None
        scores = {c: self._scores[c][:n] for c in self.candidates}
        made = {c: sum(self._made[c][:n]) for c in self.candidates if c in self._made}
        return _summarise(
            self.view, self.own, self.candidates, scores, made, n, self.set_aside, self.examples(n)
        )


def marriage_auction_decisions(deal: Deal) -> list[tuple[int, Seat, Action]]:
    """The decisions of a marriage-family deal before its first card that are weighed:
    (index, seat, action) of each call of the auction and each set of cards given, given
    back or put away with a choice; a redeal claim is not weighed, nor a decision with one
    legal choice besides it, nor the contract."""
    if not isinstance(deal, MarriageTrumpDeal):
        return []
    walk = deal.copy_start()
    out: list[tuple[int, Seat, Action]] = []
    for index, (seat, action) in enumerate(deal.history):
        if walk.phase not in _BEFORE_PLAY:
            break
        if walk.phase is not Phase.CONTRACT and not isinstance(action, Redeal):
            legal = [a for a in walk.legal_actions() if not isinstance(a, Redeal)]
            if len(legal) > 1:
                out.append((index, seat, action))
        walk.push(action)
    return out
