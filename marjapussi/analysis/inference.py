"""What the table reveals about the hidden hands, as data.

``infer(view)`` reads a seat's view and returns ``Knowledge``: for every other seat the
cards it cannot hold now, the cards it must hold now, and the few facts that tie two
cards together (exactly one of the two, not both). Each fact also comes as an
``Inference`` naming the rule that revealed it, for explanations and tests.

Play facts are not restated rules: they come from the engine's own duties
(``lead_duties`` and ``follow_duties``, the functions behind ``Deal.explain``). A card
``c`` is ruled out for the player who played ``p`` when ``p`` would have been refused in
a hand holding only ``p`` and ``c``. Every duty of these rules has the form "holding a
card of a set, play from that set", so one such card is always enough to refuse ``p``:
the test is exact, and it gives every inference the issue names — void when not
following (``follow-suit``), no higher card of the suit under ``must-beat``, no trump
when not trumping (``must-trump``), no ace of the led suit in the first trick
(``first-trick-ace``), no ace and then no spade on the first lead
(``opening-lead-ace-spade``), no card of a small trump's suit (``small-trump-lead``).

Declarations place cards: an own marriage places its king and queen (``declare-own``);
a yes to a whole ask places the partner's king and queen (``ask-whole``); a half ask
says the asker holds exactly one of the two, and the answer says whether the partner
holds the other (``ask-half``); a no to a whole ask says the partner holds no marriage
he could have given (``ask-whole``: "not both", for suits not declared, when no earlier
ask could have burned one of his); a marriage shown on lead in Huutopussi places the
other card (``marriage-on-lead``); the ♣A lead rules place ♣A with the first leader.

Huutopussi with marriage trumps adds its own facts: the trump in force changes with each
declaration, so the play facts read the trump of each trick (``marriage-trump``); the
declarer knows his partner holds the cards given back, the partner knows the declarer
holds the cards given him and not given back (``partner-exchange``); with three players
the talon was shown, so another player lacks it and the bid winner holds its aces and
tens, the only cards his discard cannot hold (``Knowledge.rest_lacks``,
``marriage-three``); a half ask that names its card is a bluff, so the asker holds
neither (``bluff_half_ask``). Its auction's calls are read as calls (below), by its own
count (``marriage_bots.hand_value``) and loosely: its club bots bid from sampled deals.

Calls in a Huutopussi auction are facts of another kind, about a whole hand rather than
cards: ``auction_facts(view)`` reads every other seat's bid or pass as a bound on that
seat's hand count (``hand_count``, the count a newcomer bids by): a bid of 70 says the
count reached 70, a pass when 70 was the lowest bid says it did not (a pass while the
partner holds the bid says nothing). They are a model of how a count player bids, not a
rule, so they are kept apart from ``Knowledge`` and only weigh the samples of an auction
estimate (``sampler.sample_deals(..., calls=...)``). In the marriage family a call is read
within ``VALUE_SLACK`` of the value it names (a bid of 70: the value reached 50).

Facts are about the hand at the moment of the action; as cards only leave a hand by
being played (or, for the winner of a three-player auction, put away before play), a
fact about a card not yet seen is a fact about the hand now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..actions import AskHalf, AskWhole, Bid, Declare, Give, Pass, Play, ReturnCards
from ..cards import ALL_CARDS, Card, Rank, Seat, Suit, cards_of, indices_of
from ..deal import PLAYING_SEATS, Phase
from ..duties import follow_duties, lead_duties
from ..rules import Rules
from .view import SeatView

__all__ = [
    "VALUE_SLACK",
    "AuctionFact",
    "Inference",
    "Knowledge",
    "auction_facts",
    "calls_missed",
    "hand_count",
    "infer",
]

KING_QUEEN: tuple[int, ...] = tuple(
    (1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4)
)
CLUBS_ACE = 1 << (Suit.CLUBS * 9 + Rank.ACE)


@dataclass(frozen=True)
class Inference:
    """One thing the table revealed about ``seat``'s hand now.

    ``kind``: ``lacks`` (holds none of ``cards``), ``holds`` (holds all of them),
    ``exactly-one`` (holds one of the two), ``not-both`` (does not hold both);
    ``rule``: the rule id that revealed it; ``at``: the index of the action in the
    view's history.
    """

    kind: str
    seat: Seat
    cards: int
    rule: str
    at: int


@dataclass
class Knowledge:
    """The inferences of one view, gathered per seat (card masks, cards unseen only)."""

    seat: Seat
    unseen: int
    lacks: dict[Seat, int] = field(default_factory=dict)
    holds: dict[Seat, int] = field(default_factory=dict)
    exactly_one: list[tuple[Seat, int]] = field(default_factory=list)
    not_both: list[tuple[Seat, int]] = field(default_factory=list)
    facts: list[Inference] = field(default_factory=list)
    contradictions: list[Inference] = field(default_factory=list)
    rest_lacks: int = 0
    """Cards the hidden rest cannot hold (the three-player discard of the marriage family
    holds no ace and no ten, ``marriage-three``)."""


class _Tracker:
    """Where each card of a fact was at the moment of the fact, as the view knows it."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        # The history index at which each card was played, and by whom.
        self.played_at: dict[int, tuple[int, Seat]] = {}
        for i, (who, action) in enumerate(view.history):
            if isinstance(action, Play):
                self.played_at[action.card.index] = (i, who)
        self.mine = view.hand | view.discarded | view.talon

    def status(self, seat: Seat, card: int, at: int) -> str:
        """``in``, ``out`` or ``unknown``: was ``card`` in ``seat``'s hand at ``at``?"""
        played = self.played_at.get(card)
        if played is not None:
            index, who = played
            return "in" if who == seat and index >= at else "out"
        if seat == self.view.seat:
            return "in" if self.view.hand >> card & 1 else "out"
        if self.mine >> card & 1:
            return "out"
        return "unknown"


def _play_contexts(view: SeatView) -> list[tuple[int, Seat, int, tuple[int, ...], int, int, bool]]:
    """For every play: (history index, seat, card, trick before it, trump, small-trump duty, first trick)."""
    rules = view.rules
    n_seats = rules.players
    # Marjapussi: trump from the first trump declaration on, a small trump's lead duty on
    # the lead right after it. Huutopussi: trumps are fixed before the first card.
    trump_from: dict[int, int] = {}
    duty_at: dict[int, int] = {}
    for d in view.declarations:
        if d.kind == "trump" and d.suit is not None:
            trump_from[d.after_trick] = int(d.suit)
        elif d.kind == "small-trump" and d.suit is not None and rules.small_trump_lead:
            duty_at[d.after_trick] = int(d.suit)
    # Huutopussi with marriage trumps: every declared suit is trump from the next trick,
    # a later one replacing it (``marriage-trump``).
    replaces = rules.family == "huutopussi-marriage"
    trump = view.trump if rules.family == "huutopussi" else -1
    out = []
    trick: list[int] = []
    done = 0
    for i, (who, action) in enumerate(view.history):
        if not isinstance(action, Play):
            continue
        if rules.family != "huutopussi" and done in trump_from and (trump < 0 or replaces) and not trick:
            trump = trump_from[done]
        duty = duty_at.get(done, -1) if not trick else -1
        out.append((i, who, action.card.index, tuple(trick), trump, duty, done == 0))
        trick.append(action.card.index)
        if len(trick) == n_seats:
            trick = []
            done += 1
    return out


def _refusing_rule(
    view: SeatView, card: int, other: int, trick: tuple[int, ...], trump: int, duty: int, first: bool
) -> str | None:
    """The rule that would refuse ``card`` from a hand of ``card`` and ``other``, or ``None``."""
    rules = view.rules
    hand = (1 << card) | (1 << other)
    if trick:
        layers = follow_duties(
            hand, list(trick), trump if trump >= 0 else None, rules.must_beat, rules.first_trick_ace and first
        )
    else:
        clubs_ace = view.opening and rules.opening_lead == "clubs-ace-each-era"
        ace_spade = rules.ace_spade_lead == "every-deal" or (
            rules.ace_spade_lead == "later-deals" and not view.opening
        )
        layers = lead_duties(hand, first, clubs_ace, ace_spade, duty)
    for layer in layers:
        if not layer.allowed >> card & 1:
            return layer.rule
    return None


def infer(view: SeatView) -> Knowledge:
    """Gather what ``view``'s seat can tell about the other hands (see the module docstring)."""
    tracker = _Tracker(view)
    unseen = view.unseen
    know = Knowledge(view.seat, unseen)
    others = [s for s in PLAYING_SEATS[view.rules.players] if s != view.seat]
    for s in others:
        know.lacks[s] = 0
        know.holds[s] = 0

    def add(kind: str, seat: Seat, cards: int, rule: str, at: int) -> None:
        if seat == view.seat:
            return
        statuses = {c: tracker.status(seat, c, at) for c in indices_of(cards)}
        unknown = sum(1 << c for c, st in statuses.items() if st == "unknown")
        held = sum(1 for st in statuses.values() if st == "in")
        fact = Inference(kind, seat, cards, rule, at)
        if kind == "lacks":
            if held:
                know.contradictions.append(fact)
            if unknown:
                know.lacks[seat] |= unknown
                know.facts.append(Inference(kind, seat, unknown, rule, at))
        elif kind == "holds":
            if held + unknown.bit_count() < len(statuses):
                know.contradictions.append(fact)
            if unknown:
                know.holds[seat] |= unknown
                know.facts.append(Inference(kind, seat, unknown, rule, at))
        elif kind == "exactly-one":
            if held > 1 or (held == 0 and not unknown):
                know.contradictions.append(fact)
            elif held == 1:
                if unknown:
                    know.lacks[seat] |= unknown
                    know.facts.append(Inference("lacks", seat, unknown, rule, at))
            elif unknown.bit_count() == 1:
                know.holds[seat] |= unknown
                know.facts.append(Inference("holds", seat, unknown, rule, at))
            else:
                know.exactly_one.append((seat, unknown))
                know.facts.append(Inference(kind, seat, unknown, rule, at))
        elif kind == "not-both":
            if held == len(statuses):
                know.contradictions.append(fact)
            elif held + unknown.bit_count() == len(statuses):
                if held:
                    know.lacks[seat] |= unknown
                    know.facts.append(Inference("lacks", seat, unknown, rule, at))
                else:
                    know.not_both.append((seat, unknown))
                    know.facts.append(Inference(kind, seat, unknown, rule, at))

    # Plays: every card the engine's duties say the player could not have held.
    for at, who, card, trick, trump, duty, first in _play_contexts(view):
        if who == view.seat:
            continue
        by_rule: dict[str, int] = {}
        candidates = unseen | _later_plays(tracker, who, at)
        for other in indices_of(candidates):
            if other == card:
                continue
            rule = _refusing_rule(view, card, other, trick, trump, duty, first)
            if rule is not None:
                by_rule[rule] = by_rule.get(rule, 0) | 1 << other
        for rule, mask in by_rule.items():
            add("lacks", who, mask, rule, at)
        played = view.history[at][1]
        if isinstance(played, Play) and played.marriage:
            add("holds", who, KING_QUEEN[card // 9], "marriage-on-lead", at)

    # The ♣A rules: the first leader of an opening deal was dealt ♣A.
    if view.opening and view.rules.opening_lead in ("clubs-ace-each-era", "clubs-ace-first-deal"):
        add("holds", view.leader, CLUBS_ACE, "opening-lead-clubs-ace", 0)

    # Huutopussi with marriage trumps: the exchange and the shown talon.
    _exchange_facts(view, know, add)

    # Declarations, asks and answers.
    decl_at = _declaration_indexes(view)
    asked_before: list[tuple[Seat, str]] = []
    partner: Seat
    for d, at in zip(view.declarations, decl_at, strict=True):
        if d.method == "own" and d.suit is not None:
            add("holds", d.seat, KING_QUEEN[d.suit], "declare-own", at)
        elif d.method == "whole":
            partner = d.seat.partner
            if d.suit is not None:
                add("holds", partner, KING_QUEEN[d.suit], "ask-whole", at)
            elif not any(
                seat == partner or (method == "half" and seat == d.seat) for seat, method in asked_before
            ):
                declared = _declared_before(view, d.after_trick, at)
                for suit in range(4):
                    if not declared >> suit & 1:
                        add("not-both", partner, KING_QUEEN[suit], "ask-whole", at)
        elif d.method == "half" and d.asked_suit is not None:
            kq = KING_QUEEN[d.asked_suit]
            asked = view.history[at][1]
            if isinstance(asked, AskHalf) and asked.rank is not None:
                # A bluff names a card and is allowed only to an asker who holds neither.
                add("lacks", d.seat, kq, "marriage-ask-half", at)
            else:
                add("exactly-one", d.seat, kq, "ask-half", at)
            if d.suit is not None:
                add("exactly-one", d.seat.partner, kq, "ask-half", at)
                for other_seat in others:
                    if other_seat not in (d.seat, d.seat.partner):
                        add("lacks", other_seat, kq, "ask-half", at)
            else:
                add("lacks", d.seat.partner, kq, "ask-half", at)
        asked_before.append((d.seat, d.method))
    return know


ACES_TENS = sum(1 << (s * 9 + r) for s in range(4) for r in (Rank.ACE, Rank.TEN))


def _exchange_facts(view: SeatView, know: Knowledge, add: Callable[[str, Seat, int, str, int], None]) -> None:
    """What the exchange and the shown talon of Huutopussi with marriage trumps reveal.

    Four players (``partner-exchange``): the declarer knows his partner holds the cards
    given back, the partner knows the declarer holds the cards given him and not given
    back; the opponents learn nothing. Three players (``marriage-three``): the talon was
    shown, so it is with the bid winner or in his discard, which holds no ace or ten.
    """
    if view.rules.family != "huutopussi-marriage" or view.bidder is None:
        return
    bidder = view.bidder
    if view.rules.players == 3:
        if view.shown and bidder != view.seat:
            at = next((i for i, (_, a) in enumerate(view.history) if not isinstance(a, (Bid, Pass))), 0)
            for other in PLAYING_SEATS[3]:
                if other not in (view.seat, bidder):
                    add("lacks", other, view.shown, "marriage-three", at)
            add("holds", bidder, view.shown & ACES_TENS, "marriage-three", at)
            know.rest_lacks |= ACES_TENS
        return
    given, returned = view.exchange
    if not given and not returned:
        return
    at = max((i for i, (_, a) in enumerate(view.history) if isinstance(a, (Give, ReturnCards))), default=0)
    if view.seat == bidder:
        add("holds", bidder.partner, returned, "partner-exchange", at)
    elif view.seat == bidder.partner:
        add("holds", bidder, given & ~returned, "partner-exchange", at)


def _later_plays(tracker: _Tracker, seat: Seat, at: int) -> int:
    mask = 0
    for card, (index, who) in tracker.played_at.items():
        if who == seat and index > at:
            mask |= 1 << card
    return mask


def _declaration_indexes(view: SeatView) -> list[int]:
    """The history index of the action that made each declaration (the declare or the ask)."""
    out = []
    for i, (_, action) in enumerate(view.history):
        if isinstance(action, (Declare, AskWhole, AskHalf)):
            out.append(i)
    return out[: len(view.declarations)]


def _declared_before(view: SeatView, after_trick: int, at: int) -> int:
    """The suits declared before the attempt at history index ``at``."""
    mask = 0
    for d, index in zip(view.declarations, _declaration_indexes(view), strict=True):
        if index >= at:
            break
        if d.suit is not None:
            mask |= 1 << d.suit
    if view.rules.family == "huutopussi" and view.trump >= 0:
        mask |= 1 << view.trump
    return mask


def describe_cards(mask: int) -> str:
    """The cards of a mask as symbols, for logs and tests."""
    return " ".join(ALL_CARDS[c].symbol for c in indices_of(mask))


# ---------------------------------------------------------------------- the auction


def hand_count(hand: int, players: int) -> tuple[int, Suit]:
    """A newcomer's count of a Huutopussi hand (a card mask): the points it expects with
    its best trump, and that trump.

    Aces 11; tens 10 beside their ace, else 5; kings 2; a marriage 40 in trumps, else 20;
    8 for every trump past the second; and 25 for the partner's share (10 for the talon
    with three players).
    """
    base = 25 if players == 4 else 10  # the partner's share, or the talon's
    best_extra = -1
    best_suit = 0
    for suit in range(4):
        cards = hand >> (suit * 9) & 0x1FF
        if cards >> Rank.ACE & 1:
            base += 21 if cards >> Rank.TEN & 1 else 11
        elif cards >> Rank.TEN & 1:
            base += 5
        marriage = cards >> Rank.KING & 1 and cards >> Rank.QUEEN & 1
        if cards >> Rank.KING & 1:
            base += 2
        if marriage:
            base += 20
        extra = 20 * marriage + 8 * max(0, cards.bit_count() - 2)
        if extra > best_extra:  # the first suit of the best wins a tie
            best_extra, best_suit = extra, suit
    return base + best_extra, Suit(best_suit)


NO_LIMIT = 1 << 30


VALUE_SLACK = 20
"""How far a marriage-family call is read past the hand value it stands on (``hand_value``):
a bid of 70 says the value reached 50, a pass when 70 was the lowest bid says it was under
90. Measured from the club bots' own auctions (200 games of ``huutopussi-marriage``, seeds
1000-1199): about 95 % of their bids and 90 % of their passes fall within it; the beginner
bots bid by the value itself, so all of theirs do."""


@dataclass(frozen=True)
class AuctionFact:
    """What one call of a Huutopussi auction says about the caller's hand as dealt:
    ``low <= count < high``, the count being ``hand_count`` in seed-004 Huutopussi
    (``measure`` "count") and the marriage family's ``hand_value`` (``measure`` "value").
    ``at``: the call's index in the view's history; ``call``: ``bid`` or ``pass``."""

    seat: Seat
    low: int
    high: int
    call: str
    at: int
    measure: str = "count"

    def fits(self, hand: int, rules: Rules) -> bool:
        """Tell whether a hand (card mask, as dealt) would have made this call."""
        if self.measure == "value":
            from .marriage_bots import hand_value

            count = hand_value(hand, rules)
        else:
            count = hand_count(hand, rules.players)[0]
        return self.low <= count < self.high


def auction_facts(view: SeatView) -> list[AuctionFact]:
    """Every other seat's call in the view's auction, as a bound on its hand's count.

    The auction is replayed with the engine (``lowest_bids``, ``bidder``, whether a pass is
    allowed), on a deal that keeps the view's own hand and puts the unseen cards anywhere:
    what a call may be does not depend on the other hands. Seed-004 Huutopussi reads the
    calls by ``hand_count``, exactly; the marriage family by ``hand_value`` with
    ``VALUE_SLACK`` either way (a soft model: its bots bid from sampled deals), says
    nothing of a forced opening, and, once the bid winner's hand has changed (the exchange
    with his partner, or the talon taken with three players), nothing more of the seats
    whose hands changed. Empty in the other families.
    """
    family = view.rules.family
    if family == "huutopussi":
        return _count_facts(view)
    if family == "huutopussi-marriage":
        return _value_facts(view)
    return []


def _unseen_hands(view: SeatView) -> tuple[dict[Seat, list[Card]], list[Card] | None]:
    """The view's own hand as dealt and the unseen cards dealt to the others anywhere (and
    to the talon with three players), for replaying the auction's calls."""
    rules = view.rules
    rest = indices_of((1 << 36) - 1 & ~view.dealt)
    hands = {}
    for s in PLAYING_SEATS[rules.players]:
        if s == view.seat:
            hands[s] = cards_of(view.dealt)
        else:
            hands[s] = [ALL_CARDS[c] for c in rest[: rules.hand_size]]
            rest = rest[rules.hand_size :]
    return hands, [ALL_CARDS[c] for c in rest] if rules.players == 3 else None


def _count_facts(view: SeatView) -> list[AuctionFact]:
    from ..huutopussi import HuutopussiDeal

    rules = view.rules
    hands, talon = _unseen_hands(view)
    deal = HuutopussiDeal(hands, rules, view.dealer, talon)
    out: list[AuctionFact] = []
    for at, (who, action) in enumerate(view.history):
        if deal.phase is not Phase.BID:
            break
        if who != view.seat:
            if isinstance(action, Bid):
                out.append(AuctionFact(who, action.points, NO_LIMIT, "bid", at))
            elif isinstance(action, Pass):
                partner_bids = rules.players == 4 and deal.bidder == who.partner
                lowest = deal.lowest_bids(1)
                if not partner_bids and deal.bidder != who and lowest:
                    out.append(AuctionFact(who, 0, lowest[0].points, "pass", at))
        if not isinstance(action, (Bid, Pass)):
            break  # a redeal ends the deal
        deal.push(action)
    return out


def _value_facts(view: SeatView) -> list[AuctionFact]:
    from ..marriage_trumps import MarriageTrumpDeal

    rules = view.rules
    hands, talon = _unseen_hands(view)
    sides = 3 if rules.players == 3 else 2
    totals = view.totals if view.totals is not None and len(view.totals) == sides else None
    deal = MarriageTrumpDeal(hands, rules, view.dealer, talon, totals)
    out: list[AuctionFact] = []
    for at, (who, action) in enumerate(view.history):
        if deal.phase is not Phase.BID or not isinstance(action, (Bid, Pass)):
            break  # the auction is over, or a redeal ended the deal
        if who != view.seat and Pass() in deal.legal_actions():  # a forced opening says nothing
            if isinstance(action, Bid):
                out.append(AuctionFact(who, action.points - VALUE_SLACK, NO_LIMIT, "bid", at, "value"))
            else:
                partner_bids = rules.players == 4 and deal.bidder == who.partner
                lowest = deal.lowest_bids(1)
                if not partner_bids and deal.bidder != who and lowest:
                    high = lowest[0].points + VALUE_SLACK
                    out.append(AuctionFact(who, -NO_LIMIT, high, "pass", at, "value"))
        deal.push(action)
    changed = _changed_hands(view)
    return [f for f in out if f.seat not in changed]


def _changed_hands(view: SeatView) -> set[Seat]:
    """The seats whose hands are no longer as dealt but for the cards they played: the bid
    winner and his partner once cards were exchanged, the bid winner of three once he took
    the talon."""
    bidder = view.bidder
    if bidder is None or view.phase is Phase.BID:
        return set()
    if view.rules.players == 3:
        return {bidder}
    if any(isinstance(a, (Give, ReturnCards)) for _, a in view.history):
        return {bidder, bidder.partner}
    return set()


def calls_missed(facts: list[AuctionFact], hands: dict[Seat, int], rules: Rules) -> int:
    """How many of the calls ``facts`` the dealt ``hands`` (card masks) would not have made."""
    return sum(1 for f in facts if not f.fits(hands[f.seat], rules))
