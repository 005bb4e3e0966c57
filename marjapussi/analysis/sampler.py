"""Deal the cards a seat has not seen, consistently with everything the table revealed.

``sample_hands(view, rng)`` gives every other seat (and, in three-player Huutopussi, the
talon or another player's discard) a set of cards that fits the view's ``Knowledge``:
the cards a seat is known to lack go elsewhere, the cards it is known to hold stay with
it, "exactly one of two" and "not both" hold. ``determinize(view, hands)`` then builds
the full deal and replays the public history on it with the engine, so what a bot
searches is a position the engine itself reached. ``sample_deals`` does both, and
draws again when a replay is refused (the few facts kept only by the replay itself:
which marriages an ask burned in a hidden hand).

Dealing is a transport problem: cards to places with capacities (the cards each seat
holds now). Cards are dealt most constrained first, each to an allowed place chosen
with a chance in proportion to its free room; a dead end starts again, and after a
few of them the dealing checks Hall's condition (for every set of places, the cards
that may only go there must fit in them) before every card, which never dead-ends and
tells an impossible set of facts from an unlucky draw: ``ImpossibleConstraints``.

>>> import random
>>> from marjapussi import Deal, Seat
>>> from marjapussi.analysis.view import SeatView
>>> deal = Deal.random(3)
>>> view = SeatView.of(deal, Seat.S)
>>> worlds = sample_deals(view, 2, random.Random(1))
>>> [w.hands[Seat.S] == deal.hands[Seat.S] for w in worlds]
[True, True]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Discard, Give, Play, ReturnCards
from ..cards import Seat, cards_of, indices_of
from ..deal import PLAYING_SEATS, Deal, Phase
from ..errors import IllegalAction, MarjapussiError
from .inference import AuctionFact, Knowledge, calls_missed, infer
from .view import HIDDEN_DISCARD, HIDDEN_GIVE, HIDDEN_RETURN, SeatView

__all__ = ["ImpossibleConstraints", "Sample", "determinize", "sample_deals", "sample_hands"]

GREEDY_TRIES = 12
"""Dead ends allowed to the quick dealing before it switches to the checked one."""


class ImpossibleConstraints(MarjapussiError):
    """No dealing of the unseen cards fits the facts (``why`` says which kind of fact)."""

    message_id = "sample-impossible"

    def __init__(self, why: str, **facts: Any) -> None:
        super().__init__(why, facts)
        self.why = why
        self.facts = facts

    def params(self) -> dict[str, Any]:
        return {"why": self.why, **self.facts}


@dataclass(frozen=True)
class Sample:
    """One dealing of the unseen cards: each other seat's hand now, and the hidden rest.

    ``rest`` is the talon (before it is taken, or when nobody bid) or the discard of
    another player in three-player Huutopussi; 0 otherwise.
    """

    hands: dict[Seat, int]
    rest: int


def _places(view: SeatView) -> tuple[list[Seat], list[int], int]:
    """The other seats, their capacities (cards held now) and the room of the hidden rest."""
    others = [s for s in PLAYING_SEATS[view.rules.players] if s != view.seat]
    caps = [view.counts[s] for s in others]
    rest = view.unseen.bit_count() - sum(caps)
    return others, caps, rest


def _hall_ok(allowed: list[int], caps: list[int]) -> bool:
    """Tell whether cards with these allowed-place masks fit places of these capacities."""
    k = len(caps)
    by_type: dict[int, int] = {}
    for a in allowed:
        by_type[a] = by_type.get(a, 0) + 1
    if sum(caps) != len(allowed):
        return False
    for subset in range(1, 1 << k):
        room = sum(caps[i] for i in range(k) if subset >> i & 1)
        need = sum(n for t, n in by_type.items() if t & ~subset == 0)
        if need > room:
            return False
    return True


def sample_hands(view: SeatView, rng: random.Random, knowledge: Knowledge | None = None) -> Sample:
    """Deal the unseen cards once, consistently with ``knowledge`` (``infer(view)`` if not given).

    Raises ``ImpossibleConstraints`` when no dealing fits.
    """
    know = knowledge if knowledge is not None else infer(view)
    if know.contradictions:
        raise ImpossibleConstraints("contradiction", count=len(know.contradictions))
    others, caps, rest_room = _places(view)
    if rest_room < 0:
        raise ImpossibleConstraints("counts", unseen=view.unseen.bit_count(), room=sum(caps))
    places = others + ([None] if rest_room else [])
    room = caps + ([rest_room] if rest_room else [])
    for _ in range(GREEDY_TRIES * 4):
        dealt = _deal_once(know, view.unseen, places, room, rng)
        if dealt is None:
            continue
        if all(dealt[places.index(seat)] & mask != mask for seat, mask in know.not_both):
            return Sample(
                {seat: dealt[i] for i, seat in enumerate(others)},
                dealt[len(others)] if rest_room else 0,
            )
    raise ImpossibleConstraints("not-both", tries=GREEDY_TRIES * 4)


def _deal_once(
    know: Knowledge, unseen: int, places: list[Seat | None], room: list[int], rng: random.Random
) -> list[int] | None:
    """One dealing attempt: a mask per place, or ``None`` after a failed ``not-both`` draw."""
    k = len(places)
    dealt = [0] * k
    free = list(room)
    lacks = [know.lacks.get(p, 0) if p is not None else know.rest_lacks for p in places]
    left = unseen
    # Cards known to be held.
    for i, p in enumerate(places):
        if p is None:
            continue
        held = know.holds.get(p, 0) & unseen
        if held & ~left:
            raise ImpossibleConstraints("held-twice", seat=p.name)
        if held & lacks[i]:
            raise ImpossibleConstraints("held-and-lacked", seat=p.name)
        if held.bit_count() > free[i]:
            raise ImpossibleConstraints("too-many-held", seat=p.name)
        dealt[i] |= held
        free[i] -= held.bit_count()
        left &= ~held
    # Exactly one of two cards: pick which, then the other is lacked.
    for seat, pair in know.exactly_one:
        i = places.index(seat)
        mine = dealt[i] & pair
        if mine:
            lacks[i] |= pair & ~mine
            continue
        choices = [c for c in indices_of(pair & left & ~lacks[i])]
        if not choices or free[i] == 0:
            raise ImpossibleConstraints("exactly-one", seat=seat.name)
        card = rng.choice(choices)
        dealt[i] |= 1 << card
        free[i] -= 1
        left &= ~(1 << card)
        lacks[i] |= pair & ~(1 << card)
    cards = indices_of(left)
    allowed = []
    for c in cards:
        a = 0
        for i in range(k):
            if not lacks[i] >> c & 1:
                a |= 1 << i
        allowed.append(a)
    if not _hall_ok(allowed, free):
        raise ImpossibleConstraints("no-room", cards=len(cards))
    order = sorted(range(len(cards)), key=lambda j: (allowed[j].bit_count(), rng.random()))
    for attempt in range(GREEDY_TRIES + 1):
        checked = attempt == GREEDY_TRIES
        out = list(dealt)
        room_left = list(free)
        ok = True
        for n, j in enumerate(order):
            a = allowed[j]
            options = [i for i in range(k) if a >> i & 1 and room_left[i] > 0]
            if checked:
                rest_allowed = [allowed[order[m]] for m in range(n + 1, len(order))]
                fitting = []
                for i in options:
                    room_left[i] -= 1
                    if _hall_ok(rest_allowed, room_left):
                        fitting.append(i)
                    room_left[i] += 1
                options = fitting
            if not options:
                ok = False
                break
            pick = rng.random() * sum(room_left[i] for i in options)
            for i in options:
                pick -= room_left[i]
                if pick < 0:
                    break
            out[i] |= 1 << cards[j]
            room_left[i] -= 1
        if ok:
            return out
    return None


def determinize(
    view: SeatView, sample: Sample, rng: random.Random | None = None, verify: str = "all"
) -> Deal:
    """Build the full deal of a sample and replay the view's history on it.

    ``verify``: ``all`` checks every action with the engine's ``check``; ``calls`` checks
    all but the cards (which the dealing already fits), for speed. Raises
    ``IllegalAction`` when the replay is refused.
    """
    from ..huutopussi import HuutopussiDeal

    rules = view.rules
    seats = PLAYING_SEATS[rules.players]
    initial: dict[Seat, int] = {}
    for s in seats:
        if s == view.seat:
            initial[s] = view.dealt
        else:
            initial[s] = sample.hands[s] | view.played_by(s)
    discard_cards: tuple[Any, ...] = ()
    exchange: tuple[tuple[Any, ...], tuple[Any, ...]] = ((), ())
    deal: Deal
    if rules.family == "huutopussi-marriage":
        deal, discard_cards, exchange = _marriage_deal(view, sample, initial, rng)
    elif rules.family != "huutopussi":
        deal = Deal(
            {s: cards_of(initial[s]) for s in seats}, rules, view.dealer, view.opening, view.leader
        )
    else:
        talon: int | None = None
        if rules.players == 3:
            bidder = view.bidder
            taken = bidder is not None and view.phase is not Phase.BID
            if not taken:
                talon = sample.rest
            elif bidder == view.seat:
                talon = view.talon
            else:
                assert bidder is not None
                discard = sample.rest
                discard_cards = tuple(cards_of(discard))
                pool = initial[bidder] | discard
                chooser = rng or random.Random(pool)
                talon_cards = chooser.sample(indices_of(pool), 3)
                talon = sum(1 << c for c in talon_cards)
                initial[bidder] = pool & ~talon
        deal = HuutopussiDeal(
            {s: cards_of(initial[s]) for s in seats},
            rules,
            view.dealer,
            cards_of(talon) if talon is not None else None,
        )
    for who, action in view.history:
        act: Action = action
        if action == HIDDEN_DISCARD:
            act = Discard(discard_cards)
        elif action == HIDDEN_GIVE:
            act = Give(exchange[0])
        elif action == HIDDEN_RETURN:
            act = ReturnCards(exchange[1])
        if verify == "all" or not (type(act) is Play and not act.marriage):
            act = deal.check(act)
        deal.push(act)
        del who
    return deal


def _marriage_deal(
    view: SeatView, sample: Sample, initial: dict[Seat, int], rng: random.Random | None
) -> tuple[Deal, tuple[Any, ...], tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """The deal of Huutopussi with marriage trumps a sample stands for, as dealt, with the
    cards of a discard and of an exchange the seat did not see (``initial`` holds each
    seat's cards now and played; it is turned into the hands as dealt).

    Four players: the declarer and his partner know the exchange (``SeatView.exchange``);
    for an opponent the declarer was given three of the cards he holds or played and gave
    back three of those his partner holds or played, drawn at random (the exchange only
    moved cards between the two, so every such draw is a dealing that fits the view).
    Three players: the talon is the one shown; another's discard is the sample's rest.
    """
    from ..marriage_trumps import MarriageTrumpDeal

    rules = view.rules
    seats = PLAYING_SEATS[rules.players]
    chooser = rng or random.Random(sample.rest ^ sum(sample.hands.values()))
    discard_cards: tuple[Any, ...] = ()
    given_cards: tuple[Any, ...] = ()
    returned_cards: tuple[Any, ...] = ()
    bidder = view.bidder
    exchanged = any(isinstance(a, (Give, ReturnCards)) for _, a in view.history)
    talon: int | None = None
    if rules.players == 3:
        taken = bidder is not None and view.phase is not Phase.BID
        if not taken:
            talon = sample.rest
        elif bidder == view.seat:
            talon = view.talon
        else:
            assert bidder is not None
            discard_cards = tuple(cards_of(sample.rest))
            talon = view.shown
            initial[bidder] = (initial[bidder] | sample.rest) & ~talon
    elif exchanged and bidder is not None:
        partner = bidder.partner
        given, returned = view.exchange
        if view.seat not in (bidder, partner):
            gave = any(isinstance(a, Give) for _, a in view.history)
            back = any(isinstance(a, ReturnCards) for _, a in view.history)
            count = rules.exchange_count
            given = sum(1 << c for c in chooser.sample(indices_of(initial[bidder]), count)) if gave else 0
            returned = sum(1 << c for c in chooser.sample(indices_of(initial[partner]), count)) if back else 0
        if view.seat != bidder:
            initial[bidder] = (initial[bidder] | returned) & ~given
        if view.seat != partner:
            initial[partner] = (initial[partner] & ~returned) | given
        given_cards, returned_cards = tuple(cards_of(given)), tuple(cards_of(returned))
    deal = MarriageTrumpDeal(
        {s: cards_of(initial[s]) for s in seats},
        rules,
        view.dealer,
        cards_of(talon) if talon is not None else None,
    )
    return deal, discard_cards, (given_cards, returned_cards)


def sample_deals(
    view: SeatView,
    n: int,
    rng: random.Random,
    *,
    knowledge: Knowledge | None = None,
    verify: str = "calls",
    max_tries: int | None = None,
    calls: list[AuctionFact] | None = None,
) -> list[Deal]:
    """Return ``n`` full deals consistent with the view, each replayed to the view's position.

    ``calls``: the auction's calls read as hand counts (``inference.auction_facts``);
    a dealing whose hands would not have made them is drawn again, and when ``max_tries``
    draws leave fewer than ``n`` that fit every call, the deals missing the fewest calls
    fill the rest (a call is a guess at how a player bids, not a rule).

    Raises ``ImpossibleConstraints`` when the facts admit no dealing, or when
    ``max_tries`` draws (default ``20 * n + 20``) left fewer than ``n`` that replay.
    """
    know = knowledge if knowledge is not None else infer(view)
    out: list[Deal] = []
    spare: list[tuple[int, int, Sample]] = []
    tries = max_tries if max_tries is not None else 20 * n + 20

    def replayed(sample: Sample) -> bool:
        """Add the sample's deal to ``out`` if its history replays; tell whether ``n`` are in."""
        try:
            out.append(determinize(view, sample, rng, verify))
        except IllegalAction:
            return False
        return len(out) == n

    for k in range(tries):
        sample = sample_hands(view, rng, know)
        if calls:
            dealt = {s: h | view.played_by(s) for s, h in sample.hands.items()}
            missed = calls_missed(calls, dealt, view.rules)
            if missed:
                spare.append((missed, k, sample))
                continue
        if replayed(sample):
            return out
    for _, _, sample in sorted(spare, key=lambda t: (t[0], t[1])):
        if replayed(sample):
            return out
    raise ImpossibleConstraints("replay", found=len(out), wanted=n)
