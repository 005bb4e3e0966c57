"""Bots that play like people at the table: ``random``, ``beginner``, ``club`` and ``expert``.

One entry point: ``choose(view, level, rng)`` returns a ``Decision`` — the action, the id
of its explanation in ``reasons`` and the facts that explanation needs. A bot is given
a ``SeatView`` only, so it cannot look at the other hands; all randomness comes from
the ``random.Random`` passed in, so a seed gives the same decisions every time.

- ``random``: any legal action (in an auction: pass more often than not, else one of
  the lowest bids, as ``randomplay`` does), the baseline.
- ``beginner``: a sensible newcomer, by rules of thumb: takes a trick with its cheapest
  winning card, keeps aces and tens when it cannot win, leads the highest card left in
  a suit, declares a marriage whenever it may (and wins a trick to do so), asks for the
  other half when the table has not shown where it is, answers truthfully; in
  Huutopussi bids to a hand count, names its best suit trumps, puts away cards it
  cannot keep.
- ``club``: determinized search. It deals the unseen cards ``samples`` times
  consistently with what the table showed (``sampler``), plays each candidate action
  in every such deal and finishes the deal by a quick double-dummy playout (every
  seat plays by the rules of thumb with all cards in view), or, with
  ``evaluator="solver"``, asks the double-dummy solver of ``marjapussi.analysis`` for
  the values; it picks the action with the best average score for its side. Given
  the erä totals before the deal (``SeatView.totals``, Marjapussi), it scores an
  outcome as a player at the table does (``EraUtility``: exactly the target wins,
  passing it falls back, Porvoo), so at 10 it does not take the points that bust it.
  In a three-player auction it plays out sampled deals as the bidder with each trump
  and bids while enough of them reach the next bid; with a partner it bids and names
  trumps by the hand count, or (``bid_method="sampled"``) from deals sampled so that
  every other seat's hand would have made its calls (``inference.auction_facts``),
  played out with each trump. A decision costs at most ``playout_budget`` playouts.
- ``expert``: determinized sampling with the exact solver, as bridge programs play. Once
  at most ``exact_tricks_left`` tricks are left (seven: from the third trick of nine, the
  fifth of eleven) it deals the unseen cards ``exact_samples`` times as
  ``club`` does, solves each deal exactly with every hand open (the compiled core of
  ``marjapussi.analysis.core``), and plays the card, declaration, ask or marriage lead
  with the best total value over the deals. Earlier in the deal, where one exact search
  of a sampled deal can take a second, and in the auction, naming trumps and
  discarding, it decides as ``club`` does. Where the core does not serve the rules (or
  is not built) it plays as ``club`` and says so.
  Measured (``scripts/bench_bots.py --pairings expert_vs_club``, 12 exact samples, seed 1,
  streamed; the shared machine's load cut the runs short of 500 duplicate deals a
  family): expert minus club in deal points a duplicate deal, guild +0.32 [+0.13, +0.52]
  over 170 deals, pagat +0.38 [+0.14, +0.63] over 147, Huutopussi +4.1 [-1.8, +9.9] over
  165, three-player Huutopussi +3.3 [-3.4, +10.0] over 54 (95% intervals).
  Decision time, CPU, 12 samples, 40 positions a family (``--pyodide --pyodide-level
  expert``): natively p95 guild 112 ms, pagat 283, Huutopussi 18, three players 39; in
  Pyodide under Node with the core's WebAssembly module 169, 356, 31 and 64 ms.
  The auction (issue 32, Decided 7): in an auction family whose switch is on
  (``AUCTION_EVALUATED``, ``ExpertSettings.auction_families``) it makes its calls, names
  trumps and chooses the marriage family's exchange as the candidate with the best mean of
  the auction's evaluation (``analysis.call_work``, the hint's construction) over
  ``AUCTION_DEALS`` (2) sampled deals, each open-card search capped at ``AUCTION_NODE_CAP``
  (2^20) nodes, seeded from its ``rng``: bounded by deals and nodes, and by
  ``AUCTION_SECONDS`` of the wall clock, past which it stands on the deals weighed so far;
  where every deal dealt is set aside, or none is weighed in time, club's call. Under that
  deadline it takes the pace of its work once a family in the process (nodes a second on the
  runtime and machine it runs on, ``_auction_pace``); where at that pace the family's median
  decision would give no answer in time (``AUCTION_NEED_NODES``), it takes club's call at
  once and says why (``expert-auction-no-time``): measured (issue 32; seed 1, the shared
  2-core machine at a load of 6-14), in three-player Huutopussi ``scripts/bench_auction.py
  --parts expert --pyodide-decisions 10`` took 972-1,247 ms of wall time a decision natively
  and 1,019-1,330 ms in Pyodide under Node, every call club's after the deadline; with the
  pace, 49-179 and 53-176 ms, the same calls, said so. In Chromium (``scripts/bench_site.py
  --play --level expert --rules huutopussi3 --runs 2 --deals 2``) the bot moves' p95 went
  from 1,284 ms (24 of 114 moves of 500 ms or more, the longest 3,452 ms) to 106-116 ms; left
  over 500 ms: each visit's first auction move (558-1,378 ms), which imports the auction's
  modules (108 ms in Pyodide under Node) and takes the pace. Decision
  time natively, CPU, 40 decisions before the first card a family (seed 5; the
  club-decided ones among them): median/p95 Huutopussi 194/645 ms, three players 571/730,
  marriage trumps 649/851, three players 711/982; in Pyodide under Node, three players
  (the family where it is on), see ``AUCTION_SECONDS``. Where the switch is off it bids as ``club`` and says
  so (``expert-bids-as-club``). Measured (``--pairings expert_auction_vs_club``: club's card
  play on both sides; seed 1, streamed, the shared machine; the families found clearly
  worse were stopped early to give three players more deals), the evaluation's auction
  minus club's in deal points a duplicate deal: Huutopussi -55.8 [-78.3, -33.3] over 36
  deals, marriage trumps -128.3 [-170.1, -86.5] over 36, marriage trumps for three -22.2
  [-34.3, -10.1] over 56: significantly worse, so these keep club's bidding; three-player
  Huutopussi -5.0 [-11.1, +1.1] over 107: not significantly worse, so on (Decided 7's
  gate; a small n, and there most calls stay club's: of the 40 timed decisions 11 were the
  evaluation's, 25 club's after the 2^20 cap set every deal aside, 4 discards it does not
  weigh). At this budget an evaluation stands on one or two deals
  (in the marriage family the cap leaves mostly one, the deals easiest to search), and the
  best mean of so few favours the jump that one deal made.

>>> import random
>>> from marjapussi import Deal
>>> from marjapussi.analysis.view import SeatView
>>> deal = Deal.random(4)
>>> decision = choose(SeatView.of(deal, deal.to_act), "beginner", random.Random(4))
>>> decision.action in deal.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from ..actions import (
    ASK_WHOLE,
    PLAYS,
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    NameTrump,
    Pass,
    Play,
    Redeal,
)
from ..cards import ALL_CARDS, SUIT_MASK, Rank, Seat, Suit, indices_of
from ..deal import PLAYING_SEATS, Deal, Phase
from ..duties import ABOVE
from ..huutopussi import HuutopussiDeal, HuutopussiSheet
from ..rules import Rules
from ..scoring import ScoreSheet, next_deal_start
from .inference import auction_facts, hand_count, infer
from .objectives import EraUtility, Objective, SolveError
from .sampler import ImpossibleConstraints, sample_deals
from .view import SeatView

__all__ = [
    "LEVELS",
    "BotSettings",
    "Decision",
    "ExpertSettings",
    "beginner_card",
    "choose",
    "describe_action",
    "distinct_actions",
    "play_deal",
    "play_game",
    "rollout_value",
    "search_candidates",
]

LEVELS: tuple[str, ...] = ("random", "beginner", "club", "expert")
"""The bot levels, weakest first."""

KING_QUEEN: tuple[int, ...] = tuple(
    (1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4)
)
WORTH: tuple[int, ...] = tuple(
    {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}.get(c.rank, 0) for c in ALL_CARDS
)
"""What a card is worth to take: card points, which also order the guild's matit and pips."""
HIGH = sum(1 << c.index for c in ALL_CARDS if c.rank in (Rank.ACE, Rank.TEN))
"""The aces and tens (matit), the cards a player keeps."""


@dataclass(frozen=True)
class Decision:
    """A bot's choice: the action, the id of its explanation, and the explanation's facts."""

    action: Action
    reason: str
    params: dict[str, Any] = field(default_factory=dict)

    def explain(self, lang: str = "en") -> str:
        """The explanation in Finnish, English or Russian, in the third person."""
        from .reasons import explain

        return explain(self, lang)


@dataclass(frozen=True)
class BotSettings:
    """How hard ``club`` thinks: deals sampled per decision, and for the auction.

    ``samples``: deals sampled per decision; ``playout_budget``: at most this many
    playouts per decision (samples × candidate actions; fewer samples, at least three,
    when there are many candidates; 0: no limit). The budget counts playouts, not
    seconds, so a seed gives the same choice on any machine; the default 60 keeps a
    decision under 250 ms in Pyodide (12 samples for up to five candidates, six for
    nine or ten).

    ``evaluator``: ``playout`` (quick double-dummy playouts) or ``solver`` (the
    double-dummy solver, searching ``depth_tricks`` tricks deep before trick
    ``solver_from_trick`` and to the end after it). ``bid_samples``: deals sampled to
    estimate a hand in a three-player auction; ``club`` bids when at least
    ``bid_confidence`` of them reach the bid.

    ``bid_method``: how ``club`` bids with a partner (four-player Huutopussi): ``count``
    (the hand count, as ``beginner``) or ``sampled`` (``bid_samples`` deals that fit the
    auction's calls, played out with each trump; it bids while the mean it collects,
    less ``bid_margin``, reaches the bid, and at least ``bid_sure`` of the deals do, and
    names trumps the same way).
    """

    samples: int = 12
    playout_budget: int = 60
    evaluator: str = "playout"
    depth_tricks: int | None = 2
    solver_from_trick: int = 5
    bid_samples: int = 8
    bid_confidence: float = 0.6
    discard_candidates: int = 4
    bid_method: str = "count"
    bid_margin: int = 15
    bid_sure: float = 0.0


DEFAULT = BotSettings()


AUCTION_FAMILIES: tuple[str, ...] = (
    "huutopussi", "huutopussi3", "huutopussi-marriage", "huutopussi-marriage3",
)
"""The families whose auction ``expert`` can decide from the auction's evaluation, by the
names ``scripts/bench_bots.py`` gives them (``auction_family``)."""
AUCTION_EVALUATED: frozenset[str] = frozenset({"huutopussi3"})
"""The families in which ``expert`` decides its calls from the auction's evaluation by
default (issue 32, Decided 7: only where its duplicate run is not significantly worse than
club's bidding; the figures are in the module docstring): three-player Huutopussi. In the
others it was significantly worse, and it bids as ``club`` and says so."""
AUCTION_DEALS = 2
"""The sampled deals ``expert`` weighs its calls over (``analysis.call_work``)."""
AUCTION_NODE_CAP = 1 << 20
"""The most nodes one open-card search of a sampled deal may cost in ``expert``'s auction
before its deal is set aside and another dealt (``auction.NODE_CAP`` for the hint)."""
AUCTION_SECONDS = 0.9
"""The longest ``expert``'s auction decision weighs, in wall-clock seconds (issue 32: it
stops at 1 s in Chromium): past it the decision stands on the deals weighed so far, and on
club's call when none is. Read between steps of ``AUCTION_SLICE_NODES`` nodes, so the last
step may run over by one of them. Measured (``scripts/bench_auction.py --rules huutopussi3
--decisions 12 --parts expert --pyodide-decisions 12``, seed 1; CPU time of the Node
process, the shared 2-core machine at a load of 6 to 9) without it: in Pyodide under Node
with the core's WebAssembly module, median 777 ms, p95 1,084 ms (wall 1.0 and 1.7 s),
natively 747 and 986 ms; most of it on sampled deals then set aside, their searches past
``AUCTION_NODE_CAP`` (10 of the 12 decisions fell back on club's call)."""
AUCTION_SLICE_NODES = 200_000
"""The node budget of one step of ``expert``'s auction under ``AUCTION_SECONDS``: a search
cut short goes on where it stopped at the next step, so the steps give the figures of the
work in one piece, and the clock is read every few dozen milliseconds."""


AUCTION_NEED_NODES: dict[str, int] = {
    "huutopussi": 2_856_000,
    "huutopussi3": 8_389_000,
    "huutopussi-marriage": 6_648_000,
    "huutopussi-marriage3": 8_864_000,
}
"""The nodes ``expert``'s auction evaluation visits before its first answer (its first deal
weighed, or every deal set aside: club's call) in the median decision of each family: node
counts, the same on any machine and runtime. Measured natively without a deadline, the
expert's settings, on 14 decisions a family of ``scripts/bench_auction.py`` (club's games,
seed 1): three players 8.39 M and 8.86 M (the marriage family): most evaluations set
eight deals aside at ``AUCTION_NODE_CAP`` (2^23 nodes) before any answer, and weighed a
deal in 3 of 14; four players 2.86 M and 6.65 M. The core visits some 10 M nodes a second
of CPU natively (a three-player evaluation's 8.4 M nodes in 0.81-1.25 s). At a pace
(``_auction_pace``) at which these take longer than ``AUCTION_SECONDS``, the median decision
weighs nothing in time, so ``expert`` takes club's call at once."""
AUCTION_PACE_NODES = AUCTION_SLICE_NODES
"""The nodes of ``expert``'s first auction work of a family in a process after which its pace
is taken (``_auction_pace``): one step's budget, some 20 ms natively."""


def auction_family(rules: Rules) -> str:
    """The family name ``AUCTION_FAMILIES`` uses for ``rules``: the family, with ``3`` for three
    players."""
    return rules.family + ("3" if rules.players == 3 else "")


@dataclass(frozen=True)
class ExpertSettings(BotSettings):
    """How hard ``expert`` thinks: ``club``'s settings for the decisions it leaves to
    ``club`` (the auction, trumps, discards, the first tricks), and for its own search
    ``exact_samples`` deals, each solved exactly, once at most ``exact_tricks_left`` tricks
    are left (the one being played included). The defaults keep a decision's 95th
    percentile under 400 ms in the browser (``scripts/bench_bots.py --pyodide``): one exact
    search of a sampled deal at the first card takes up to a second natively, seven
    tricks from the end some 40 ms at most, two tricks later under 5 ms.

    ``auction_families``: the auction families (``AUCTION_FAMILIES``) in which it decides its
    calls, the trumps and the exchange from the auction's evaluation (``AUCTION_EVALUATED``
    by default: the families where that was measured not worse than club's bidding), over
    ``auction_deals`` sampled deals, each open-card search capped at ``auction_node_cap``
    nodes (a deal past it is set aside; all of them set aside: club's call), for at most
    ``auction_seconds`` of the wall clock (``AUCTION_SECONDS``; where the pace of this process
    cannot reach ``AUCTION_NEED_NODES`` in that time, club's call at once; ``None``: no
    deadline and no pace, the same call for a seed on any machine)."""

    exact_samples: int = 12
    exact_tricks_left: int = 7
    auction_families: frozenset[str] = AUCTION_EVALUATED
    auction_deals: int = AUCTION_DEALS
    auction_node_cap: int = AUCTION_NODE_CAP
    auction_seconds: float | None = AUCTION_SECONDS


EXPERT_DEFAULT = ExpertSettings()


def _expert_settings(settings: BotSettings | None) -> ExpertSettings:
    """``expert``'s settings: as given, or ``club``'s given settings with expert's defaults."""
    if isinstance(settings, ExpertSettings):
        return settings
    if settings is None:
        return EXPERT_DEFAULT
    return ExpertSettings(**{f.name: getattr(settings, f.name) for f in fields(BotSettings)})


def choose(
    view: SeatView,
    level: str = "beginner",
    rng: random.Random | None = None,
    settings: BotSettings | None = None,
) -> Decision:
    """Choose an action for the seat of ``view`` at the given level (``LEVELS``).

    Raises ``ValueError`` for an unknown level or when the seat is not to act.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    if not view.legal:
        raise ValueError("the seat of this view is not to act")
    rng = rng if rng is not None else random.Random(0)
    if view.rules.family == "huutopussi-marriage" and level in ("random", "beginner"):
        from .marriage_bots import choose_marriage

        return choose_marriage(view, level, rng, settings or DEFAULT)
    if len(view.legal) == 1:
        only = view.legal[0]
        if isinstance(only, Play):
            return Decision(only, "only-card", {"card": only.card})
        if isinstance(only, Answer):
            return _answer(view)
    if level == "random":
        return _random(view, rng)
    if level == "beginner":
        return _beginner(view, rng)
    if level == "expert":
        return _expert(view, rng, _expert_settings(settings))
    return _club(view, rng, settings or DEFAULT)


# ---------------------------------------------------------------------- random


def _random(view: SeatView, rng: random.Random) -> Decision:
    if view.phase is Phase.BID:
        bids = [a for a in view.legal if isinstance(a, Bid)][:3]
        may_pass = Pass() in view.legal  # a forced opening may not pass
        if not bids or (may_pass and rng.random() < 0.6):
            return Decision(Pass(), "random")
        return Decision(rng.choice(bids), "random")
    if view.phase is Phase.DISCARD:
        hand = indices_of(view.hand)
        picked = sorted(rng.sample(hand, 3))
        discard = Discard(tuple(ALL_CARDS[c] for c in picked))
        if discard not in view.legal:  # the marriage family keeps aces and tens
            discard = rng.choice([a for a in view.legal if isinstance(a, Discard)])
        return Decision(discard, "random")
    return Decision(rng.choice(list(view.legal)), "random")


# ---------------------------------------------------------------------- beginner


def _answer(view: SeatView) -> Decision:
    answers = view.answers()
    answer = answers[0]
    if answer.suit is None:
        return Decision(answer, "answer-no")
    return Decision(answer, "answer-yes", {"suit": answer.suit})


def _beginner(view: SeatView, rng: random.Random) -> Decision:
    phase = view.phase
    if phase is Phase.BID:
        return _bid(view, _hand_estimate(view))
    if phase is Phase.DISCARD:
        return _beginner_discard(view)[0]
    if phase is Phase.TRUMP:
        suit, expected = _best_trump_by_count(view)
        return Decision(NameTrump(suit), "trump", {"suit": suit, "expected": expected})
    if phase is Phase.ANSWER:
        return _answer(view)
    ask = _beginner_declaration(view)
    if ask is not None:
        return ask
    return _beginner_card(view)


def _beginner_declaration(view: SeatView) -> Decision | None:
    options = view.asks()
    if not options:
        return None
    declares = [a for a in options if isinstance(a, Declare)]
    if declares:
        hand = view.hand
        own = max(declares, key=lambda a: ((hand & SUIT_MASK[a.suit]).bit_count(), -a.suit))
        cards = [ALL_CARDS[own.suit * 9 + Rank.KING], ALL_CARDS[own.suit * 9 + Rank.QUEEN]]
        return Decision(own, "declare", {"cards": cards})
    know = infer(view)
    partner = view.seat.partner
    halves = []
    for a in options:
        if isinstance(a, AskHalf):
            missing = KING_QUEEN[a.suit] & ~view.hand
            # Ask when the other half is unseen and the partner has not shown he lacks it.
            if missing & know.unseen and not missing & know.lacks.get(partner, 0):
                halves.append(a)
    if halves:
        hand = view.hand
        best = max(halves, key=lambda a: ((hand & SUIT_MASK[a.suit]).bit_count(), -a.suit))
        held = ALL_CARDS[(KING_QUEEN[best.suit] & hand).bit_length() - 1]
        return Decision(best, "ask-half", {"card": held})
    asked_whole = any(d.method == "whole" and d.seat.pair == view.seat.pair for d in view.declarations)
    if not asked_whole and any(isinstance(a, AskWhole) for a in options):
        return Decision(ASK_WHOLE, "ask-whole")
    return None


def _legal_mask(view: SeatView) -> int:
    mask = 0
    for a in view.legal:
        if type(a) is Play:
            mask |= a.card.bit
    return mask


def _lowest(mask: int, keep: int = HIGH) -> int:
    """The card to throw: the least worth, lowest rank, not a kept card when there is a choice."""
    pool = mask & ~keep or mask
    return min(indices_of(pool), key=lambda c: (WORTH[c], c % 9, c))


def _beginner_card(view: SeatView) -> Decision:
    legal = _legal_mask(view)
    marriages = [a for a in view.legal if isinstance(a, Play) and a.marriage]
    if marriages:
        best = max(marriages, key=lambda a: (a.card.suit == view.trump, -a.card.rank, -a.card.suit))
        suit = best.card.suit
        points = 40 if suit == view.trump else 20
        cards = [ALL_CARDS[suit * 9 + Rank.KING], ALL_CARDS[suit * 9 + Rank.QUEEN]]
        return Decision(best, "marriage-lead", {"cards": cards, "points": points})
    unseen = view.unseen
    trump = view.trump
    own_marriages = 0
    for s in range(4):
        whole = view.hand & KING_QUEEN[s] == KING_QUEEN[s]
        if whole and not view.declared >> s & 1 and not view.burned >> s & 1:
            own_marriages |= KING_QUEEN[s]
    if not view.trick:
        masters = [c for c in indices_of(legal) if not ABOVE[c] & unseen]
        side_masters = [c for c in masters if c // 9 != trump]
        if side_masters:
            card = max(side_masters, key=lambda c: (WORTH[c], c))
            return Decision(PLAYS[card], "lead-master", {"card": ALL_CARDS[card]})
        pool = legal & ~own_marriages & ~HIGH or legal & ~HIGH or legal
        # Lead low from the longest suit (not trumps when there is a choice).
        suits = [s for s in range(4) if pool & SUIT_MASK[s]]
        side = [s for s in suits if s != trump] or suits
        long_suit = max(side, key=lambda s: ((view.hand & SUIT_MASK[s]).bit_count(), -s))
        card = _lowest(pool & SUIT_MASK[long_suit])
        return Decision(PLAYS[card], "lead-low", {"card": ALL_CARDS[card]})
    winning = view.winning_so_far()
    assert winning is not None
    win_seat, win_card = winning
    led = view.trick[0][1].suit
    trump_suit = None if trump < 0 else Suit(trump)
    beating = [c for c in indices_of(legal) if ALL_CARDS[c].beats(win_card, led, trump_suit)]
    last = len(view.trick) == view.rules.players - 1
    if view.is_partner(win_seat) and win_seat != view.seat:
        safe = last or (not ABOVE[win_card.index] & unseen and win_card.suit == led)
        if safe:
            gift = max(indices_of(legal), key=lambda c: (WORTH[c] if not ABOVE[c] & unseen else -1, -c % 9))
            if WORTH[gift]:
                return Decision(PLAYS[gift], "partner-wins-points", {"card": ALL_CARDS[gift]})
        card = _lowest(legal)
        return Decision(PLAYS[card], "partner-wins", {"card": ALL_CARDS[card]})
    if beating:
        cheapest = min(beating, key=lambda c: (c // 9 == trump and led != trump, c % 9, c))
        declare_next = own_marriages and view.trick_number >= view.rules.declare_from_trick and (
            view.trick_number < view.rules.tricks_per_deal
        )
        if not last and ALL_CARDS[cheapest].rank == Rank.TEN and ABOVE[cheapest] & unseen:
            # A ten that an unseen ace can still take: keep it, unless the trick is rich.
            rich = sum(WORTH[c.index] for _, c in view.trick) >= 10
            if not rich:
                card = _lowest(legal)
                if card != cheapest:
                    facts = {"card": ALL_CARDS[card], "kept": ALL_CARDS[cheapest]}
                    return Decision(PLAYS[card], "duck-keep", facts)
        if declare_next and view.rules.family != "huutopussi":
            suit = Suit(((own_marriages & -own_marriages).bit_length() - 1) // 9)
            return Decision(PLAYS[cheapest], "win-to-declare", {"card": ALL_CARDS[cheapest], "suit": suit})
        return Decision(PLAYS[cheapest], "win-cheap", {"card": ALL_CARDS[cheapest]})
    card = _lowest(legal)
    kept = legal & HIGH & ~(1 << card)
    if kept:
        return Decision(
            PLAYS[card], "duck-keep", {"card": ALL_CARDS[card], "kept": ALL_CARDS[kept.bit_length() - 1]}
        )
    return Decision(PLAYS[card], "duck", {"card": ALL_CARDS[card]})


# ---------------------------------------------------------------------- Huutopussi: auction


def _hand_estimate(view: SeatView) -> tuple[int, Suit]:
    """A newcomer's count of a hand: the points it expects with its best trump."""
    return _hand_count(view.hand | view.talon, view.rules.players)


def _hand_count(hand: int, players: int) -> tuple[int, Suit]:
    """The count of ``_hand_estimate`` for a card mask, at a table of ``players``
    (``inference.hand_count``, which also reads the other seats' calls)."""
    return hand_count(hand, players)


def _best_trump_by_count(view: SeatView) -> tuple[Suit, int]:
    expected, suit = _hand_estimate(view)
    return suit, expected


def _bid(view: SeatView, estimate: tuple[int, Suit], reach: Callable[[int], bool] | None = None) -> Decision:
    expected, suit = estimate
    redeal = [a for a in view.legal if isinstance(a, Redeal)]
    from ..huutopussi import ACES

    if redeal and view.hand & ACES != ACES:
        return Decision(redeal[0], "redeal")
    if view.bidder is not None and view.rules.players == 4 and view.bidder == view.seat.partner:
        return Decision(Pass(), "pass-partner")
    bids = [a for a in view.legal if isinstance(a, Bid)]
    if not bids:
        return Decision(Pass(), "pass-low", {"expected": expected, "next": view.high_bid})
    lowest = min(a.points for a in bids)
    ok = reach(lowest) if reach is not None else expected >= lowest
    if view.bidder == view.seat:
        ok = False  # already the high bidder: no need to raise oneself
    if not ok:
        why = "pass-risky" if expected >= lowest and view.bidder != view.seat else "pass-low"
        return Decision(Pass(), why, {"expected": expected, "next": lowest})
    choice = next(a for a in bids if a.points == lowest and (a.suit is None or a.suit == suit))
    return Decision(choice, "bid", {"points": lowest, "expected": expected})


def _beginner_discard(view: SeatView) -> list[Decision]:
    """Discards a newcomer would make, best first: lone tens and low side cards, never a marriage."""
    hand = view.hand
    _, trump = _hand_estimate(view)
    marriage_cards = 0
    for s in range(4):
        if hand & KING_QUEEN[s] == KING_QUEEN[s]:
            marriage_cards |= KING_QUEEN[s]

    def cost(c: int) -> tuple[int, int, int]:
        suit = c // 9
        rank = c % 9
        if marriage_cards >> c & 1 or rank == Rank.ACE:
            return (9, rank, c)
        if suit == trump:
            return (8, rank, c)
        if rank == Rank.TEN and not hand & (1 << (suit * 9 + Rank.ACE)):
            return (0, 0, c)  # a ten an ace may take: put away, its points count for the bidder
        length = (hand & SUIT_MASK[suit]).bit_count()
        return (1 + length, rank, c)

    ranked = sorted(indices_of(hand), key=cost)
    out = []
    pools = [
        ranked[:3],
        ranked[:2] + ranked[3:4],
        ranked[:1] + ranked[2:4],
        ranked[1:4],
        ranked[:2] + ranked[4:5],
    ]
    for pool in pools:
        if len(pool) == 3:
            cards = tuple(ALL_CARDS[c] for c in sorted(pool))
            decision = Decision(Discard(cards), "discard", {"cards": list(cards)})
            if decision not in out:
                out.append(decision)
    return out


# ---------------------------------------------------------------------- club


def _club(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    if view.rules.family == "huutopussi-marriage":
        from .marriage_bots import choose_marriage

        return choose_marriage(view, "club", rng, settings)
    if view.phase is Phase.ANSWER:
        return _answer(view)
    if view.phase is Phase.BID:
        return _club_bid(view, rng, settings)
    if view.phase is Phase.TRUMP and view.rules.players == 4:
        if settings.bid_method == "sampled":
            return _club_trump_sampled(view, rng, settings)
        return _beginner(view, rng)  # trumps by the count the bid was made on
    candidates: list[Action]
    beginner_choice = _beginner(view, random.Random(0))
    if view.phase is Phase.DISCARD:
        candidates = [d.action for d in _beginner_discard(view)[: settings.discard_candidates]]
    else:
        candidates = _distinct(view)
    return search_candidates(view, candidates, beginner_choice, rng, settings)


def search_candidates(
    view: SeatView,
    candidates: list[Action],
    baseline: Decision,
    rng: random.Random,
    settings: BotSettings,
    narrate: Callable[[SeatView, Action], tuple[str, dict[str, Any]]] | None = None,
) -> Decision:
    """Club's search: deal the unseen cards, play each candidate in every sampled deal to
    the end (playouts, or the solver with ``evaluator="solver"``), and return the candidate
    with the best mean for the seat's side (``baseline``, the rules of thumb's choice, wins
    a tie and keeps its own words; another is said by ``narrate``, ``_narrate`` if not
    given). Falls back to ``baseline`` when no deal fits the view."""
    samples = settings.samples
    if settings.playout_budget:
        samples = max(min(samples, 3), min(samples, settings.playout_budget // len(candidates)))
    try:
        worlds = sample_deals(view, samples, rng)
    except ImpossibleConstraints:
        return baseline
    totals = dict.fromkeys(candidates, 0.0)
    solve = _solver() if settings.evaluator == "solver" else None
    era = _era_objective(view)
    score = _era_scorer(era, worlds[0], view.seat) if era is not None and worlds else None
    for world in worlds:
        if solve is not None and world.phase is Phase.PLAY:
            depth = settings.depth_tricks if view.trick_number < settings.solver_from_trick else None
            result = solve(world, era, depth_tricks=depth)
            for a in candidates:
                totals[a] += float(result.values.get(a, 0.0))
            continue
        for a in candidates:
            totals[a] += _value_after(world, a, view.seat, score)
    n = len(worlds)
    best = max(candidates, key=lambda a: (totals[a], a == baseline.action))
    value = totals[best] / n
    if best == baseline.action:
        why, why_params = baseline.reason, baseline.params
    else:
        why, why_params = (narrate or _narrate)(view, best)
    facts: dict[str, Any] = {"why": why, "why_params": why_params, "samples": n, "value": round(value, 1)}
    if era is not None and view.totals is not None:
        pair = view.seat.pair
        facts.update(ours=view.totals[pair], theirs=view.totals[1 - pair], target=view.rules.target)
        return Decision(best, "club-era", facts)
    return Decision(best, "club", facts)


def _era_objective(view: SeatView) -> Objective | None:
    """``EraUtility`` from the erä totals before the deal, when the view has them (Marjapussi)."""
    if view.totals is None or view.rules.family != "marjapussi":
        return None
    return EraUtility(view.totals)


def _era_scorer(era: Objective, world: Deal, seat: Seat) -> Callable[[Deal], float]:
    """A finished deal's value for ``seat``'s pair as a player at the table sees it:
    ``EraUtility`` (exactly the target wins, passing it falls back, Porvoo), bound once
    per decision (every sampled deal holds the same pack)."""
    evaluator = era.bind(world)
    sign = 1.0 if seat.pair == 0 else -1.0

    def score(deal: Deal) -> float:
        return sign * float(evaluator.final(deal))

    return score


def _narrate(view: SeatView, action: Action) -> tuple[str, dict[str, Any]]:
    """Say in the beginner's words what an action does (for club's explanations)."""
    if isinstance(action, Play):
        card = action.card
        c = card.index
        if action.marriage:
            suit = card.suit
            cards = [ALL_CARDS[suit * 9 + Rank.KING], ALL_CARDS[suit * 9 + Rank.QUEEN]]
            return "marriage-lead", {"cards": cards, "points": 40 if suit == view.trump else 20}
        unseen = view.unseen
        if not view.trick:
            if not ABOVE[c] & unseen and card.suit != view.trump:
                return "lead-master", {"card": card}
            if card.rank not in (Rank.ACE, Rank.TEN):
                return "lead-low", {"card": card}
            return "lead-card", {"card": card}
        winning = view.winning_so_far()
        assert winning is not None
        win_seat, win_card = winning
        led = view.trick[0][1].suit
        trump = None if view.trump < 0 else Suit(view.trump)
        if view.is_partner(win_seat) and not card.beats(win_card, led, trump):
            return ("partner-wins-points" if WORTH[c] else "partner-wins"), {"card": card}
        if card.beats(win_card, led, trump):
            return "win-with", {"card": card}
        kept = _legal_mask(view) & HIGH & ~card.bit
        if kept:
            return "duck-keep", {"card": card, "kept": ALL_CARDS[kept.bit_length() - 1]}
        return "duck", {"card": card}
    if isinstance(action, Declare):
        suit = action.suit
        return "declare", {"cards": [ALL_CARDS[suit * 9 + Rank.KING], ALL_CARDS[suit * 9 + Rank.QUEEN]]}
    if isinstance(action, AskHalf):
        return "ask-half", {"card": ALL_CARDS[(KING_QUEEN[action.suit] & view.hand).bit_length() - 1]}
    if isinstance(action, AskWhole):
        return "ask-whole", {}
    if isinstance(action, NameTrump) and action.suit is not None:
        return "trump-named", {"suit": action.suit}
    if isinstance(action, Discard):
        return "discard", {"cards": list(action.cards)}
    return "random", {}


def describe_action(view: SeatView, action: Action) -> tuple[str, dict[str, Any]]:
    """Say in the beginner's words what an action does: a reason id and its facts (club's
    explanation of a choice the rules of thumb would not have made)."""
    return _narrate(view, action)


def _distinct(view: SeatView) -> list[Action]:
    """The legal actions with equivalent cards merged: of two cards of a suit, equal in
    worth, with no unseen card between them, only the lower is kept (they take the same
    tricks in every deal the seat can imagine)."""
    unseen = view.unseen
    out: list[Action] = []
    kept_card = -1
    for action in view.legal:
        if type(action) is not Play or action.marriage:
            out.append(action)
            continue
        c = action.card.index
        if kept_card >= 0 and c // 9 == kept_card // 9 and WORTH[c] == WORTH[kept_card]:
            between = ABOVE[kept_card] & ~ABOVE[c] & ~(1 << c)
            if not between & unseen:
                continue
        out.append(action)
        kept_card = c
    return out


beginner_card = _beginner_card
"""The beginner's card in the play (public: the marriage family's bots play their cards so)."""
distinct_actions = _distinct
"""The legal actions with equivalent cards merged (public: the marriage family's club searches them)."""


def _solver() -> Callable[..., Any]:
    """The double-dummy solver of ``marjapussi.analysis`` (imported when first used)."""
    from .solver import solve

    return solve


def _value_after(
    world: Deal, action: Action, seat: Seat, score: Callable[[Deal], float] | None = None
) -> float:
    """Play ``action`` in ``world``, finish the deal by playouts, score it for ``seat``; undo."""
    depth = len(world.history)
    world.push(action)
    value = rollout_value(world, seat, score)
    while len(world.history) > depth:
        world.pop()
    return value


def _club_bid(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    """The auction. Three players: deal the unseen cards ``bid_samples`` times, play each
    deal out as the bidder with every trump, and bid the lowest bid the rules allow
    while at least ``bid_confidence`` of the deals reach it with the best trump.

    Four players: by the hand count, as ``beginner`` does, or with ``bid_method="sampled"``
    from deals that fit the auction's calls (``_club_bid_sampled``). Unconditioned, the
    sampled estimate was mostly a guess at the partner's hand, and every sampled rule
    tried bid worse than the count; the bench pairing ``club_sampled_vs_club_count``
    compares the conditioned one (see ``scripts/bench_bots.py``). Conditioned, it was
    still no better (seed 1, same duplicate deals, sampled minus count in deal points:
    margin 15: -2.1 [-8.8, +4.7] over 175 deals; margin 0 with 80% of the deals
    reaching the bid: -6.5 [-13.6, +0.7] over 139; margin 25: -9.6 [-21.6, +2.4] over
    42), so the count stays the default.
    """
    if view.rules.players == 4:
        if settings.bid_method == "sampled":
            return _club_bid_sampled(view, rng, settings)
        return _bid(view, _hand_estimate(view))
    try:
        worlds = sample_deals(view, settings.bid_samples, rng)
    except ImpossibleConstraints:
        return _bid(view, _hand_estimate(view))
    seat = view.seat
    by_suit: dict[Suit, list[int]] = {s: [] for s in Suit}
    for world in worlds:
        for suit, sides in _collected_as(world, seat).items():
            by_suit[suit].append(sides[seat])
    best = max(Suit, key=lambda s: (sum(by_suit[s]), -s))
    collected = by_suit[best]
    expected = round(sum(collected) / len(collected))

    def reach(bid: int) -> bool:
        made = sum(1 for p in collected if p >= bid)
        return made >= settings.bid_confidence * len(collected)

    return _bid(view, (expected, best), reach)


def _auction_worlds(view: SeatView, rng: random.Random, n: int) -> list[Deal]:
    """``n`` sampled deals whose hands fit every call of the auction (``auction_facts``)."""
    return sample_deals(view, n, rng, calls=auction_facts(view), max_tries=12 * n + 12)


def _club_bid_sampled(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    """Four players: deal the unseen cards ``bid_samples`` times so that every other
    seat's hand would have made its calls, play each deal out as the bidder with every
    trump, and bid the lowest bid the rules allow while the mean the pair collects with
    the best trump, less ``bid_margin``, reaches it (and ``bid_sure`` of the deals do)."""
    try:
        worlds = _auction_worlds(view, rng, settings.bid_samples)
    except ImpossibleConstraints:
        return _bid(view, _hand_estimate(view))
    side = view.seat.pair
    by_suit: dict[Suit, list[int]] = {s: [] for s in Suit}
    for world in worlds:
        for suit, sides in _collected_as(world, view.seat).items():
            by_suit[suit].append(sides[side])
    best = max(Suit, key=lambda s: (sum(by_suit[s]), -s))
    expected = round(sum(by_suit[best]) / len(worlds))
    collected = by_suit[best]

    def reach(bid: int) -> bool:
        sure = sum(1 for p in collected if p >= bid) >= settings.bid_sure * len(collected)
        return sure and expected - settings.bid_margin >= bid

    decision = _bid(view, (expected, best), reach)
    # A mean short of the bid is said with the samples; a mean that reaches it but
    # leaves too little margin, or too few deals reaching it, is a risk ("pass-risky").
    reason = {"bid": "bid-sampled", "pass-low": "pass-sampled"}.get(decision.reason)
    if reason is not None or decision.reason == "pass-risky":
        facts = {**decision.params, "samples": len(worlds)}
        return Decision(decision.action, reason or decision.reason, facts)
    return decision


def _club_trump_sampled(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    """Four players, the bidder names trumps: deals that fit the auction, each played out
    with every trump; the suit with the best mean score for the pair (the contract's
    outcome included)."""
    try:
        worlds = _auction_worlds(view, rng, settings.bid_samples)
    except ImpossibleConstraints:
        return _beginner(view, rng)
    totals = dict.fromkeys(Suit, 0.0)
    collected = dict.fromkeys(Suit, 0)
    side = view.seat.pair
    for world in worlds:
        assert isinstance(world, HuutopussiDeal)
        depth = len(world.history)
        for suit in Suit:
            world.push(NameTrump(suit))
            totals[suit] += rollout_value(world, view.seat)
            collected[suit] += world.result().collected[side]
            while len(world.history) > depth:
                world.pop()
    best = max(Suit, key=lambda s: (totals[s], -s))
    expected = round(collected[best] / len(worlds))
    facts = {"suit": best, "expected": expected, "samples": len(worlds)}
    return Decision(NameTrump(best), "trump-sampled", facts)


def _collected_as(world: Deal, bidder: Seat) -> dict[Suit, tuple[int, ...]]:
    """In a fresh copy of ``world``: ``bidder`` wins the auction; what every side collects
    with each trump."""
    assert isinstance(world, HuutopussiDeal)
    deal = world.copy_start()
    while deal.phase is Phase.BID:
        if deal.to_act == bidder and deal.bidder is None:
            deal.push(deal.lowest_bids(1)[0])
        else:
            deal.push(Pass())
    if deal.phase is Phase.DISCARD:
        view = SeatView.of(deal, bidder)
        deal.push(_beginner_discard(view)[0].action)
    if deal.phase is Phase.PLAY:  # trumps named with the bid
        return dict.fromkeys(Suit, _playout_collected(deal))
    out: dict[Suit, tuple[int, ...]] = {}
    depth = len(deal.history)
    for suit in Suit:
        deal.push(NameTrump(suit))
        out[suit] = _playout_collected(deal)
        while len(deal.history) > depth:
            deal.pop()
    return out


def _playout_collected(deal: HuutopussiDeal) -> tuple[int, ...]:
    depth = len(deal.history)
    while not deal.is_over():
        deal.push(_playout_action(deal))
    collected = deal.result().collected
    while len(deal.history) > depth:
        deal.pop()
    return collected


# ---------------------------------------------------------------------- expert


def _expert(view: SeatView, rng: random.Random, settings: ExpertSettings) -> Decision:
    """Card play in the last ``exact_tricks_left`` tricks: the best total of exact values over sampled
    deals; everything else as ``club``, and all of it as ``club`` where the core does not
    serve the rules."""
    from .core import backend

    if backend(view.rules) != "core":
        club = _club(view, rng, settings)
        return Decision(club.action, "expert-as-club", {"why": club.reason, "why_params": club.params})
    family = auction_family(view.rules)
    if family in settings.auction_families:
        weighed = _expert_auction(view, rng, settings)
        if weighed is not None:
            return weighed
    elif family in AUCTION_FAMILIES and view.phase is not Phase.PLAY and _weighs(view):
        # Decided 7: where the evaluation's calls were not measured as good as club's, say so
        club = _club(view, rng, settings)
        return Decision(club.action, "expert-bids-as-club", {"why": club.reason, "why_params": club.params})
    tricks_left = view.rules.tricks_per_deal - view.trick_number + 1
    if view.phase is not Phase.PLAY or tricks_left > settings.exact_tricks_left:
        return _club(view, rng, settings)
    try:
        worlds = sample_deals(view, settings.exact_samples, rng)
    except ImpossibleConstraints:
        return _club(view, rng, settings)
    solve = _solver()
    era = _era_objective(view)
    totals = dict.fromkeys(view.legal, 0.0)
    for world in worlds:
        values = solve(world, era).values
        for action in totals:
            totals[action] += float(values[action])
    beginner_choice = _beginner(view, random.Random(0))
    best = max(view.legal, key=lambda a: (totals[a], a == beginner_choice.action))
    if best == beginner_choice.action:
        why, why_params = beginner_choice.reason, beginner_choice.params
    else:
        why, why_params = _narrate(view, best)
    n = len(worlds)
    value = round(totals[best] / n, 1)
    facts: dict[str, Any] = {"why": why, "why_params": why_params, "samples": n, "value": value}
    if era is not None and view.totals is not None:
        pair = view.seat.pair
        facts.update(ours=view.totals[pair], theirs=view.totals[1 - pair], target=view.rules.target)
        return Decision(best, "expert-era", facts)
    return Decision(best, "expert", facts)


def _weighs(view: SeatView) -> bool:
    """Tell whether the auction's evaluation weighs ``view``'s decision (a call with a choice)."""
    from .call_work import call_work

    if sum(1 for a in view.legal if not isinstance(a, Redeal)) < 2:
        return False
    try:
        call_work(view, 0, pilot=1, marriage_pilot=1, max_deals=1)
    except SolveError:
        return False
    return True


_auction_clock: Callable[[], float] = time.perf_counter
"""The clock ``expert``'s auction reads its deadline from (a test hands in a stand-in)."""


def _auction_nodes() -> int:
    """The core's nodes visited so far in this thread (``core.nodes_visited``; a test hands in
    a stand-in)."""
    from .core import nodes_visited

    return nodes_visited()


_auction_pace: dict[str, float] = {}
"""The pace of ``expert``'s auction work in this process, in nodes a second of
``_auction_clock`` (Python's own work between the searches included), by auction family:
taken once, on the family's first decision under a deadline, after ``AUCTION_PACE_NODES``
nodes. On the runtime and machine it runs on: natively, in Pyodide, under load."""


def _in_time(family: str, deadline: float) -> bool | None:
    """Tell whether, at this process's pace, the evaluation would give its first answer
    within ``deadline`` seconds in the family's median decision (``AUCTION_NEED_NODES``);
    ``None`` before the pace is taken."""
    pace = _auction_pace.get(family)
    if pace is None:
        return None
    return pace * deadline >= AUCTION_NEED_NODES[family]


def _no_time(view: SeatView, rng: random.Random, settings: ExpertSettings) -> Decision:
    """Club's call, saying that weighing the calls needs more time here than a bot's turn has."""
    club = _club(view, rng, settings)
    return Decision(club.action, "expert-auction-no-time", {"why": club.reason, "why_params": club.params})


def _expert_auction(view: SeatView, rng: random.Random, settings: ExpertSettings) -> Decision | None:
    """A call of the auction (a bid or pass, the trumps; in the marriage family the cards
    given, given back or put away) from the auction's evaluation (``analysis.call_work``, as
    the hint builds it): the candidate with the best mean over ``auction_deals`` sampled
    deals, each solved open-card, a search past ``auction_node_cap`` nodes setting its deal
    aside. The work is seeded from ``rng`` and bounded by deals and nodes, and by
    ``auction_seconds`` of the wall clock: it runs in steps of ``AUCTION_SLICE_NODES`` nodes
    (the same figures as in one piece), and once the time is up it stands on the deals
    weighed so far. Within the time a seed gives the same call on any machine.

    Under a deadline, the first decision of a family in this process takes the pace of the
    work (``_auction_pace``) once it has visited ``AUCTION_PACE_NODES`` nodes; where at that
    pace the family's median decision would give no answer in time (``_in_time``), this
    decision stops there and every later one takes club's call at once, without weighing
    (``expert-auction-no-time``, as when the time is up before a deal is weighed). Club's
    call is the same as after a deadline passed in vain (the seed is drawn first). ``None``
    where the evaluation weighs no such call here, or every deal dealt was set aside
    (``expert`` then decides as ``club``)."""
    from .call_work import call_work

    if not _weighs(view):
        return None
    seed = rng.getrandbits(63)
    deals = settings.auction_deals
    deadline = settings.auction_seconds
    family = auction_family(view.rules)
    if deadline is not None and _in_time(family, deadline) is False:
        return _no_time(view, rng, settings)
    try:
        work = call_work(
            view, seed, pilot=deals, marriage_pilot=deals, max_deals=deals, node_cap=settings.auction_node_cap
        )
        if deadline is None:
            evaluation = work.finish()
        else:
            started, nodes = _auction_clock(), _auction_nodes()
            while not work.step(AUCTION_SLICE_NODES):
                elapsed = _auction_clock() - started
                if family not in _auction_pace and _auction_nodes() - nodes >= AUCTION_PACE_NODES:
                    _auction_pace[family] = (_auction_nodes() - nodes) / max(elapsed, 1e-9)
                    if not _in_time(family, deadline):
                        return _no_time(view, rng, settings)
                if elapsed >= deadline:
                    break
            if work.deals == 0:  # the time is up before a deal was weighed: club's call
                return _no_time(view, rng, settings)
            evaluation = work.result()
    except ImpossibleConstraints:  # no deal fits, or every deal dealt was set aside
        return None
    best = evaluation.best
    facts = {
        "call": best.call, "calls": len(evaluation.calls), "samples": evaluation.deals,
        "value": round(best.mean, 1) + 0.0,
    }
    return Decision(best.call, "expert-auction", facts)


# ---------------------------------------------------------------------- playouts


def rollout_value(deal: Deal, seat: Seat, score: Callable[[Deal], float] | None = None) -> float:
    """Finish ``deal`` by double-dummy playouts and return the score for ``seat``'s side.

    The score is the side's deal points minus the opponents' (their average with three
    players), or ``score(deal)`` when given (the erä utility). The deal is left finished;
    the caller pops back.
    """
    while not deal.is_over():
        deal.push(_playout_action(deal))
    return score(deal) if score is not None else _score_for(deal, seat)


def _score_for(deal: Deal, seat: Seat) -> float:
    points: tuple[int, ...] = deal.result().points
    if deal.rules.players == 3:
        mine = points[seat]
        others = [points[s] for s in PLAYING_SEATS[3] if s != seat]
        return mine - sum(others) / len(others)
    return float(points[seat.pair] - points[1 - seat.pair])


_THROW_KEY: tuple[int, ...] = tuple(WORTH[c] * 16 + c % 9 for c in range(36))
"""Order of cards to throw away: least worth first, then lowest rank."""
_GIFT_KEY: tuple[int, ...] = tuple(
    -(WORTH[c] if c % 9 != Rank.ACE else -1) * 16 + c % 9 for c in range(36)
)
"""Order of cards to give a partner's trick: most worth first (an ace is kept), then lowest rank."""


def _min_card(mask: int, key: tuple[int, ...]) -> int:
    best = -1
    best_key = 1 << 30
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if key[c] < best_key:
            best_key = key[c]
            best = c
    return best


def _playout_action(deal: Deal) -> Action:
    """The rules of thumb with every card in view: the playouts' policy (fast, on masks)."""
    huutopussi = isinstance(deal, HuutopussiDeal)
    if deal.rules.family == "huutopussi-marriage":  # its modules load where such a deal is played
        from ..marriage_trumps import MarriageTrumpDeal
        from .marriage_bots import playout_before_play

        if isinstance(deal, MarriageTrumpDeal) and deal.hp_phase is not Phase.PLAY:
            return playout_before_play(deal)
    if huutopussi and deal.hp_phase is not Phase.PLAY:  # type: ignore[attr-defined]
        phase = deal.phase
        if phase is Phase.BID:
            return Pass() if deal.bidder is not None else deal.lowest_bids(1)[0]  # type: ignore[attr-defined]
        if phase is Phase.DISCARD:
            return _beginner_discard(SeatView.of(deal, deal.to_act))[0].action
        return NameTrump(_hand_estimate(SeatView.of(deal, deal.to_act))[1])
    if deal.pending is not None:
        return deal.answers()[0]
    seat = int(deal.to_act)
    hands = deal.hands
    hand = hands[seat]
    if deal.window:
        options = deal.legal_declarations()
        partner = (seat + 2) % 4
        partner_hand = hands[partner]
        for a in options:
            if type(a) is Declare:
                return a
        for a in options:
            if type(a) is AskHalf and partner_hand & KING_QUEEN[a.suit] & ~hand:
                return a
        if ASK_WHOLE in options and deal.answerable(Seat(partner)):
            return ASK_WHOLE
    mask = deal.legal_play_mask()
    if mask & (mask - 1) == 0:
        return PLAYS[mask.bit_length() - 1]
    trick = deal.trick_cards
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    trump = deal.trump
    if not trick:
        if huutopussi:
            for s in range(4):
                kq = KING_QUEEN[s]
                if hand & kq == kq and mask & kq:
                    return Play(ALL_CARDS[(mask & kq).bit_length() - 1], True)
        best = -1
        rest = mask
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            rest ^= low
            if not ABOVE[c] & others and c // 9 != trump and (best < 0 or WORTH[c] > WORTH[best]):
                best = c
        if best >= 0:
            return PLAYS[best]
        return PLAYS[_min_card(mask & ~HIGH or mask, _THROW_KEY)]
    win = deal._win_card
    n_seats = deal._n_seats
    last = len(trick) == n_seats - 1
    win_seat = (deal.trick_leader + trick.index(win)) % n_seats
    side = deal._side
    led = trick[0] // 9
    if side[win_seat] == side[seat]:
        if last or (win // 9 == led and not ABOVE[win] & others and (led == trump or trump < 0)):
            return PLAYS[_min_card(mask, _GIFT_KEY)]
        return PLAYS[_min_card(mask & ~HIGH or mask, _THROW_KEY)]
    win_suit = win // 9
    if win_suit == trump:
        beating = mask & ABOVE[win]
    else:
        beating = mask & ABOVE[win]
        if trump >= 0:
            beating |= mask & SUIT_MASK[trump]
    if beating:
        if not last:
            sure = beating & SUIT_MASK[led]
            rest = sure
            while rest:
                low = rest & -rest
                c = low.bit_length() - 1
                rest ^= low
                if ABOVE[c] & others:
                    sure &= ~low
            if sure:
                return PLAYS[(sure & -sure).bit_length() - 1]
        side_beat = beating & ~SUIT_MASK[trump] if trump >= 0 and led != trump else beating
        pool = side_beat or beating
        return PLAYS[(pool & -pool).bit_length() - 1]
    return PLAYS[_min_card(mask & ~HIGH or mask, _THROW_KEY)]


# ---------------------------------------------------------------------- whole deals


def play_deal(
    deal: Deal,
    levels: dict[Seat, str],
    rng: random.Random,
    settings: dict[Seat, BotSettings] | None = None,
    on_decision: Callable[[Seat, SeatView, Decision], None] | None = None,
    totals: tuple[int, int] | None = None,
) -> Deal:
    """Let bots play ``deal`` to its end, each seat at its level; every action is checked.

    ``totals``: the erä totals before the deal, shown to every seat (``SeatView.totals``).
    """
    while not deal.is_over():
        seat = deal.to_act
        view = SeatView.of(deal, seat, totals)
        decision = choose(view, levels[seat], rng, (settings or {}).get(seat))
        if on_decision is not None:
            on_decision(seat, view, decision)
        deal.play(decision.action)
    return deal


def play_game(
    rules: Rules,
    levels: dict[Seat, str],
    rng: random.Random,
    settings: dict[Seat, BotSettings] | None = None,
    max_deals: int = 60,
    on_deal: Callable[[Deal], None] | None = None,
) -> ScoreSheet | HuutopussiSheet:
    """Let bots play a whole game (erä and dealer rotation included); return the score sheet.

    Stops after ``max_deals`` deals if nobody has won by then.
    """
    dealer = Seat(rng.randrange(rules.players))
    if rules.family in ("huutopussi", "huutopussi-marriage"):  # the auction families
        hp_sheet: HuutopussiSheet
        new_deal: Callable[[Seat], Deal]
        if rules.family == "huutopussi-marriage":
            from ..marriage_trumps import MarriageSheet, MarriageTrumpDeal

            hp_sheet = MarriageSheet(rules)
            new_deal = lambda first: MarriageTrumpDeal.random(  # noqa: E731
                rng, rules, dealer=first, totals=hp_sheet.totals
            )
        else:
            hp_sheet = HuutopussiSheet(rules)
            new_deal = lambda first: HuutopussiDeal.random(rng, rules, dealer=first)  # noqa: E731
        for _ in range(max_deals):
            hp_deal = new_deal(dealer)
            play_deal(hp_deal, levels, rng, settings)
            if on_deal is not None:
                on_deal(hp_deal)
            hp_sheet.add_deal(hp_deal.result())
            if hp_sheet.over:
                break
            dealer = next_deal_start(rules, hp_deal, False)[0]
        return hp_sheet
    sheet = ScoreSheet(rules)
    opening = True
    for _ in range(max_deals):
        deal = Deal.random(rng, rules, dealer=dealer, opening=opening)
        play_deal(deal, levels, rng, settings, totals=(sheet.totals[0], sheet.totals[1]))
        if on_deal is not None:
            on_deal(deal)
        era = sheet.add_deal(deal.result(sheet.carry))
        if sheet.over:
            break
        dealer, opening = next_deal_start(rules, deal, era.outcome == "won")
    return sheet

