"""The bots of Huutopussi with marriage trumps (presets ``huutopussi-marriage`` and
``huutopussi-marriage3``), reached through ``bots.choose``.

Every phase of the family: the auction (final passes, the forced opening, the bid ban
and the maximum bid are the engine's legal calls), the partner exchange (the partner's
cards to the declarer, the contract and its raise, the cards given back), for three
players the discard, the declarations and asks after a won lead, the answers, and the
cards. Each decision is explained in three languages (``reasons``).

- ``random``: any legal action; in the auction a pass more often than not (never when
  the opening is forced), else one of the lowest bids; the contract at the bid or a
  little above.
- ``beginner``: rules of thumb. It bids while its hand count (``hand_value``: aces,
  tens beside them, marriages at their worth, halves at a share of it, long suits, and
  the partner's share with the exchange or the talon) reaches the lowest bid; gives the
  declarer its marriages, aces and halves (the cards that fill the declarer's suits);
  as the declarer raises the contract only when the count is far above the bid, gives
  back the cards it needs least, puts away the weakest (three players); declares the
  dearest marriage it may, asks for a half or a whole marriage when it has none to
  declare, answers with the dearest suit, and plays its cards as in the other families.
- ``club``: the same choices valued by sampled deals (``sampler``), each played to the
  end by quick double-dummy playouts: it bids while enough of the deals played out with
  it as the declarer reach the bid, picks the cards to give, give back or put away among
  a few candidates by the pair's mean score, raises the contract to the one with the best
  mean under exact contract scoring (the deals played out once, every contract scored on
  them), and chooses its cards, declarations and asks like club elsewhere. The compiled
  core does not know this family: everything runs on the pure-Python engine.

>>> import random
>>> from marjapussi import find_rules
>>> from marjapussi.marriage_trumps import MarriageTrumpDeal
>>> from marjapussi.analysis.bots import choose
>>> from marjapussi.analysis.view import SeatView
>>> deal = MarriageTrumpDeal.random(3, find_rules("huutopussi-marriage"))
>>> decision = choose(SeatView.of(deal, deal.to_act), "beginner", random.Random(3))
>>> decision.action in deal.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import (
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    ReturnCards,
    SetContract,
)
from ..cards import ALL_CARDS, SUIT_MASK, Card, Rank, Seat, Suit, indices_of
from ..deal import Deal, Phase
from ..marriage_trumps import MARRIAGE_VALUES, MarriageTrumpDeal, highest_bid
from ..rules import Rules
from .bots import (
    BotSettings,
    Decision,
    beginner_card,
    describe_action,
    distinct_actions,
    rollout_value,
    search_candidates,
)
from .inference import infer
from .sampler import ImpossibleConstraints, sample_deals
from .view import SeatView

__all__ = [
    "choose_marriage",
    "discard_ranking",
    "give_ranking",
    "hand_value",
    "playout_before_play",
    "return_ranking",
]

KING_QUEEN: tuple[int, ...] = tuple(
    (1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4)
)
ACES = sum(1 << (s * 9 + Rank.ACE) for s in range(4))
TENS = sum(1 << (s * 9 + Rank.TEN) for s in range(4))
SIXES = sum(1 << (s * 9 + Rank.SIX) for s in range(4))

PARTNER_SHARE = 30
"""What the count adds for the partner's cards and the exchange (four players)."""
TALON_SHARE = 10
"""What the count adds for the talon (three players)."""
HALF_SHARE = 0.25
"""The share of a marriage's worth the count gives a lone king or queen (four players)."""
RAISE_MARGIN = 30
"""The beginner raises the contract only when its count passes the bid by this much."""
CANDIDATES = 4
"""Card sets club compares in the exchange and the discard."""


# ---------------------------------------------------------------------- counting a hand


def marriage_worth(rules: Rules, suit: int) -> int:
    """What a marriage in ``suit`` is worth under the rules (``marriage-value``)."""
    return MARRIAGE_VALUES[rules.marriage_values][Suit(suit)]


def hand_value(hand: int, rules: Rules, partner_share: bool = True) -> int:
    """A newcomer's count of a hand (a card mask) as the declarer's: the points it expects
    its side to collect.

    An ace 15 and the ten beside it 12 more, a lone ten 3; a marriage at its worth; a lone
    king or queen a quarter of its marriage with a partner (who may hold or give the other
    half), nothing with three players; 4 for every card of a suit past the third; and the
    partner's share with the exchange (30), or the talon's (10) with three players.

    >>> from marjapussi import find_rules
    >>> from marjapussi.cards import mask_of, parse_cards
    >>> hand_value(mask_of(parse_cards("HA H10 HK HQ D6 D7 S6 S7 C6")), find_rules("huutopussi-marriage"))
    161
    """
    four = rules.players == 4
    total = 0
    for suit in range(4):
        cards = hand & SUIT_MASK[suit]
        if cards >> (suit * 9 + Rank.ACE) & 1:
            total += 15 + (12 if cards >> (suit * 9 + Rank.TEN) & 1 else 0)
        elif cards >> (suit * 9 + Rank.TEN) & 1:
            total += 3
        kq = cards & KING_QUEEN[suit]
        if kq == KING_QUEEN[suit]:
            total += marriage_worth(rules, suit)
        elif kq and four:
            total += round(HALF_SHARE * marriage_worth(rules, suit))
        total += 4 * max(0, cards.bit_count() - 3)
    if partner_share:
        total += PARTNER_SHARE if four else TALON_SHARE
    return total


def _whole_marriages(hand: int) -> int:
    """The cards of the whole marriages in a hand."""
    out = 0
    for s in range(4):
        if hand & KING_QUEEN[s] == KING_QUEEN[s]:
            out |= KING_QUEEN[s]
    return out


def give_ranking(hand: int, rules: Rules) -> list[int]:
    """The partner's cards for the declarer, best first: whole marriages (dearest first),
    aces, halves of marriages (dearest first), tens, then the rest high to low."""
    whole = _whole_marriages(hand)

    def key(c: int) -> tuple[int, int, int]:
        suit, rank = divmod(c, 9)
        if whole >> c & 1:
            return (0, -marriage_worth(rules, suit), -rank)
        if rank == Rank.ACE:
            return (1, 0, c)
        if rank in (Rank.KING, Rank.QUEEN):
            return (2, -marriage_worth(rules, suit), -rank)
        if rank == Rank.TEN:
            return (3, 0, c)
        return (4, -rank, c)

    return sorted(indices_of(hand), key=key)


def return_ranking(hand: int, rules: Rules, allowed: int | None = None) -> list[int]:
    """The declarer's cards to give back (or, three players, to put away), least needed
    first: low cards of short suits, then jacks, lone kings and queens, tens without
    their ace; aces, tens beside them and whole marriages last."""
    whole = _whole_marriages(hand)
    pool = hand if allowed is None else hand & allowed

    def key(c: int) -> tuple[int, int, int]:
        suit, rank = divmod(c, 9)
        length = (hand & SUIT_MASK[suit]).bit_count()
        if whole >> c & 1:
            return (5, -marriage_worth(rules, suit), c)
        if rank == Rank.ACE:
            return (4, 0, c)
        if rank == Rank.TEN:
            return (3 if hand >> (suit * 9 + Rank.ACE) & 1 else 2, 0, c)
        if rank in (Rank.KING, Rank.QUEEN):
            return (1, marriage_worth(rules, suit), c)
        return (0, length * 9 + rank, c)

    return sorted(indices_of(pool), key=key)


def discard_ranking(hand: int, rules: Rules) -> list[int]:
    """Three players: the cards to put away first (never an ace or ten, ``marriage-three``).
    Lone kings, queens and jacks first (their points count for the declarer once he has a
    trick), then low cards of short suits; whole marriages last."""
    whole = _whole_marriages(hand)
    allowed = hand & ~ACES & ~TENS

    def key(c: int) -> tuple[int, int, int]:
        suit, rank = divmod(c, 9)
        length = (hand & SUIT_MASK[suit]).bit_count()
        if whole >> c & 1:
            return (3, -marriage_worth(rules, suit), c)
        if rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
            return (0, -rank, c)
        return (1, length * 9 + rank, c)

    return sorted(indices_of(allowed), key=key)


def card_sets(ranked: list[int], count: int, n: int) -> list[tuple[Card, ...]]:
    """Up to ``n`` sets of ``count`` cards from a ranking, best first: the first ``count``,
    then each with one of its last cards swapped for a later one."""
    if len(ranked) < count:
        return []
    out: list[tuple[Card, ...]] = []
    variants = [ranked[:count]]
    for drop in range(count - 1, -1, -1):
        for extra in ranked[count : count + 2]:
            variants.append(ranked[:drop] + ranked[drop + 1 : count] + [extra])
    for cards in variants:
        picked = tuple(ALL_CARDS[c] for c in sorted(cards))
        if picked not in out:
            out.append(picked)
        if len(out) == n:
            break
    return out


# ---------------------------------------------------------------------- entry point


def choose_marriage(view: SeatView, level: str, rng: random.Random, settings: BotSettings) -> Decision:
    """Choose an action for the seat of ``view`` (see the module docstring). Levels above
    ``beginner`` play as ``club``."""
    if len(view.legal) == 1 and isinstance(view.legal[0], Play):
        return Decision(view.legal[0], "only-card", {"card": view.legal[0].card})
    if any(isinstance(a, Answer) for a in view.legal):
        return answer(view)  # asked by the partner (the deal's phase stays the play's)
    if level == "random":
        return random_choice(view, rng)
    if level == "beginner":
        return beginner(view)
    return club(view, rng, settings)


def random_choice(view: SeatView, rng: random.Random) -> Decision:
    """The ``random`` level: a legal action at random, the auction and the contract kept
    near the bid as ``randomplay`` does."""
    if view.phase is Phase.BID:
        bids = [a for a in view.legal if isinstance(a, Bid)][:3]
        if Pass() in view.legal and (not bids or rng.random() < 0.6):
            return Decision(Pass(), "random")
        return Decision(rng.choice(bids), "random")
    if view.phase is Phase.CONTRACT:
        return Decision(rng.choice(view.legal[:4]), "random")
    plain: list[Action] = [a for a in view.legal if not isinstance(a, Redeal)]
    return Decision(rng.choice(plain or view.legal), "random")


def answer(view: SeatView) -> Decision:
    """Answer an ask truly; of several marriages, name the dearest."""
    answers: list[Answer] = [a for a in view.legal if isinstance(a, Answer)]
    yes = [a for a in answers if a.suit is not None]
    if not yes:
        return Decision(answers[0], "answer-no")
    best = max(yes, key=lambda a: (marriage_worth(view.rules, int(a.suit or 0)), -int(a.suit or 0)))
    return Decision(best, "answer-yes", {"suit": best.suit})


# ---------------------------------------------------------------------- beginner


def beginner(view: SeatView) -> Decision:
    """The ``beginner`` level (see the module docstring)."""
    phase = view.phase
    if phase is Phase.BID:
        return beginner_bid(view)
    if phase is Phase.GIVE:
        cards = card_sets(give_ranking(view.hand, view.rules), view.rules.exchange_count, 1)[0]
        return Decision(Give(cards), "give", {"cards": list(cards)})
    if phase is Phase.CONTRACT:
        return beginner_contract(view)
    if phase is Phase.RETURN:
        cards = card_sets(return_ranking(view.hand, view.rules), view.rules.exchange_count, 1)[0]
        return Decision(ReturnCards(cards), "give-back", {"cards": list(cards)})
    if phase is Phase.DISCARD:
        cards = card_sets(discard_ranking(view.hand, view.rules), 3, 1)[0]
        return Decision(Discard(cards), "discard-marriage", {"cards": list(cards)})
    declaration = beginner_declaration(view)
    if declaration is not None:
        return declaration
    return beginner_card(view)


def beginner_bid(view: SeatView) -> Decision:
    """Bid the lowest bid while the hand count reaches it; a redeal for a hand with
    nothing above a jack (or three sixes and a weak count); pass when the partner holds
    the bid."""
    expected = hand_value(view.hand, view.rules)
    redeal = [a for a in view.legal if isinstance(a, Redeal)]
    if redeal and (view.hand & SIXES).bit_count() >= 3 and expected < view.rules.min_bid:
        return Decision(redeal[0], "redeal-sixes")
    if redeal and not view.hand & (ACES | TENS | sum(KING_QUEEN)):
        return Decision(redeal[0], "redeal")
    return bid_by(view, expected, lambda points: expected >= points)


def bid_by(view: SeatView, expected: int, reach: Any, facts: dict[str, Any] | None = None) -> Decision:
    """The auction's call: the lowest bid when ``reach(bid)`` says the side makes it, a
    forced opening at the lowest bid, else a pass (the partner's bid is left alone)."""
    bids = [a for a in view.legal if isinstance(a, Bid)]
    can_pass = Pass() in view.legal
    extra = facts or {}
    if not can_pass:
        return Decision(bids[0], "forced-open", {"points": bids[0].points})
    if not bids:
        reason = "pass-banned" if view.high_bid < highest_bid(view.rules) else "pass-low"
        return Decision(Pass(), reason, {"expected": expected, "next": view.high_bid})
    if view.rules.players == 4 and view.bidder == view.seat.partner:
        return Decision(Pass(), "pass-partner")
    lowest = bids[0].points
    if view.bidder == view.seat or not reach(lowest):
        reason = "pass-sampled-contract" if extra else "pass-low"
        return Decision(Pass(), reason, {"expected": expected, "next": lowest, **extra})
    reason = "bid-sampled-contract" if extra else "bid"
    return Decision(bids[0], reason, {"points": lowest, "expected": expected, **extra})


def beginner_contract(view: SeatView) -> Decision:
    """Keep the contract at the bid unless the hand's count passes it by ``RAISE_MARGIN``;
    then raise to the count less that margin."""
    bid = view.high_bid
    expected = hand_value(view.hand, view.rules, partner_share=False)
    if view.rules.players == 4:
        expected += PARTNER_SHARE // 2  # the partner still plays his cards, less the ones he gave
    target = expected - RAISE_MARGIN
    target -= target % 5
    options = [a.points for a in view.legal if isinstance(a, SetContract)]
    if target >= bid + 10 and target in options:
        return Decision(SetContract(target), "raise", {"points": target, "bid": bid, "expected": expected})
    return Decision(SetContract(bid), "keep-contract", {"points": bid, "expected": expected})


def beginner_declaration(view: SeatView) -> Decision | None:
    """After a won lead: declare the dearest marriage it may (its suit becomes trump);
    with none, ask for the other half of the dearest half it holds unless the table
    showed the partner lacks it; else ask for a whole marriage unless the partner is
    known to hold none."""
    options = view.asks()
    if not options:
        return None
    rules = view.rules
    declares = [a for a in options if isinstance(a, Declare)]
    if declares:
        best = max(declares, key=lambda a: (marriage_worth(rules, a.suit), -a.suit))
        cards = [ALL_CARDS[best.suit * 9 + Rank.KING], ALL_CARDS[best.suit * 9 + Rank.QUEEN]]
        return Decision(best, "declare-trump", {"cards": cards, "points": marriage_worth(rules, best.suit)})
    know = infer(view)
    partner = view.seat.partner
    lacks = know.lacks.get(partner, 0)
    halves = []
    for a in options:
        if isinstance(a, AskHalf) and a.rank is None:
            missing = KING_QUEEN[a.suit] & ~view.hand
            if missing & know.unseen and not missing & lacks:
                halves.append(a)
    if halves:
        best_half = max(halves, key=lambda a: (marriage_worth(rules, a.suit), -a.suit))
        held = ALL_CARDS[(KING_QUEEN[best_half.suit] & view.hand).bit_length() - 1]
        return Decision(best_half, "ask-half", {"card": held})
    if any(isinstance(a, AskWhole) for a in options):
        possible = [
            s
            for s in range(4)
            if not view.declared >> s & 1
            and KING_QUEEN[s] & know.unseen == KING_QUEEN[s]
            and not KING_QUEEN[s] & lacks
            and (partner, KING_QUEEN[s]) not in know.not_both
        ]
        if possible:
            return Decision(AskWhole(), "ask-whole")
    return None


# ---------------------------------------------------------------------- playouts


def playout_before_play(deal: MarriageTrumpDeal) -> Action:
    """The playouts' choice before the first card, every card in view: the lowest bid
    for the first caller and passes after it, the beginner's exchange and discard, the
    contract at the bid."""
    phase = deal.hp_phase
    seat = deal.to_act
    rules = deal.rules
    hand = deal.hands[seat]
    if phase is Phase.BID:
        # The first bid is always allowed, a pass always after it (the ban only bars bids).
        bids = deal.lowest_bids(1) if deal.bidder is None else []
        return bids[0] if bids else Pass()
    if phase is Phase.GIVE:
        return Give(card_sets(give_ranking(hand, rules), rules.exchange_count, 1)[0])
    if phase is Phase.RETURN:
        return ReturnCards(card_sets(return_ranking(hand, rules), rules.exchange_count, 1)[0])
    if phase is Phase.DISCARD:
        return Discard(card_sets(discard_ranking(hand, rules), 3, 1)[0])
    if phase is Phase.CONTRACT:
        return SetContract(deal.high_bid)
    return deal.legal_actions()[0]


def _finish(deal: Deal, seat: Seat) -> tuple[int, int]:
    """Play ``deal`` to its end by playouts; (what ``seat``'s side collected, its score
    less the others' mean). The caller pops back."""
    value = rollout_value(deal, seat)
    result = deal.result()
    side = seat if deal.rules.players == 3 else seat.pair
    collected = result.collected[int(side)] if result.collected else 0
    return collected, round(value)


# ---------------------------------------------------------------------- club


def club(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    """The ``club`` level (see the module docstring)."""
    phase = view.phase
    if phase is Phase.BID:
        return club_bid(view, rng, settings)
    if phase is Phase.CONTRACT:
        return club_contract(view, rng, settings)
    baseline = beginner(view)
    candidates: list[Action]
    if phase is Phase.GIVE:
        sets = card_sets(give_ranking(view.hand, view.rules), view.rules.exchange_count, CANDIDATES)
        candidates = [Give(c) for c in sets]
    elif phase is Phase.RETURN:
        sets = card_sets(return_ranking(view.hand, view.rules), view.rules.exchange_count, CANDIDATES)
        candidates = [ReturnCards(c) for c in sets]
    elif phase is Phase.DISCARD:
        candidates = [Discard(c) for c in card_sets(discard_ranking(view.hand, view.rules), 3, CANDIDATES)]
    else:
        candidates = distinct_actions(view)
    if baseline.action not in candidates:
        candidates.append(baseline.action)
    if len(candidates) == 1:
        return baseline
    return search_candidates(view, candidates, baseline, rng, settings, narrate)


def narrate(view: SeatView, action: Action) -> tuple[str, dict[str, Any]]:
    """Say in the beginner's words what an action of this family does (cards given, given
    back or put away are only named: the rules of thumb did not choose them)."""
    if isinstance(action, Give):
        return "give-cards", {"cards": list(action.cards)}
    if isinstance(action, ReturnCards):
        return "give-back-cards", {"cards": list(action.cards)}
    if isinstance(action, Discard):
        return "discard-cards", {"cards": list(action.cards)}
    if isinstance(action, Declare):
        suit = action.suit
        cards = [ALL_CARDS[suit * 9 + Rank.KING], ALL_CARDS[suit * 9 + Rank.QUEEN]]
        return "declare-trump", {"cards": cards, "points": marriage_worth(view.rules, suit)}
    return describe_action(view, action)


def _worlds(view: SeatView, rng: random.Random, n: int) -> list[Deal]:
    return sample_deals(view, n, rng)


def club_bid(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    """Deal the unseen cards ``bid_samples`` times, play each deal out with this seat as
    the declarer at the lowest bid (the exchange and the play by the rules of thumb), and
    bid while at least ``bid_confidence`` of the deals collect the bid."""
    expected = hand_value(view.hand, view.rules)
    redeal = [a for a in view.legal if isinstance(a, Redeal)]
    if redeal and not view.hand & (ACES | TENS | sum(KING_QUEEN)):
        return Decision(redeal[0], "redeal")
    bids = [a for a in view.legal if isinstance(a, Bid)]
    partner = view.seat.partner if view.rules.players == 4 else None
    if not bids or Pass() not in view.legal or view.bidder in (view.seat, partner):
        return bid_by(view, expected, lambda points: expected >= points)
    try:
        worlds = _worlds(view, rng, settings.bid_samples)
    except ImpossibleConstraints:
        return bid_by(view, expected, lambda points: expected >= points)
    collected = [_as_declarer(world, view.seat) for world in worlds]
    mean = round(sum(collected) / len(collected))

    def share(points: int) -> int:
        return round(100 * sum(1 for c in collected if c >= points) / len(collected))

    def reach(points: int) -> bool:
        return share(points) >= 100 * settings.bid_confidence

    lowest = bids[0].points
    return bid_by(view, mean, reach, {"samples": len(worlds), "share": share(lowest)})


def _as_declarer(world: Deal, seat: Seat) -> int:
    """In ``world`` (at an auction position): ``seat`` wins the auction at the lowest bid
    it may make, the rest is played out; what its side collects. ``world`` is left as it
    was."""
    assert isinstance(world, MarriageTrumpDeal)
    depth = len(world.history)
    while world.phase is Phase.BID:
        if world.to_act == seat and world.bidder != seat:
            world.push(world.lowest_bids(1)[0])
        elif Pass() in world.legal_actions():
            world.push(Pass())
        else:
            world.push(world.lowest_bids(1)[0])
    collected = _finish(world, seat)[0] if world.bidder == seat else 0
    while len(world.history) > depth:
        world.pop()
    return collected


def club_contract(view: SeatView, rng: random.Random, settings: BotSettings) -> Decision:
    """Deal the unseen cards, play each deal out once from here (the contract does not
    change the play of the rules of thumb), and set the contract whose exact score has
    the best mean over the deals: the bid, or a raise."""
    baseline = beginner_contract(view)
    options = [a.points for a in view.legal if isinstance(a, SetContract)]
    try:
        worlds = _worlds(view, rng, settings.samples)
    except ImpossibleConstraints:
        return baseline
    collected: list[int] = []
    for world in worlds:
        depth = len(world.history)
        world.push(SetContract(view.high_bid))
        collected.append(_finish(world, view.seat)[0])
        while len(world.history) > depth:
            world.pop()

    def mean_score(points: int) -> float:
        return sum(points if c >= points else -points for c in collected) / len(collected)

    best = max(options, key=lambda p: (mean_score(p), -p))
    made = round(100 * sum(1 for c in collected if c >= best) / len(collected))
    facts = {
        "points": best,
        "bid": view.high_bid,
        "expected": round(sum(collected) / len(collected)),
        "samples": len(worlds),
        "share": made,
    }
    return Decision(SetContract(best), "raise-sampled" if best > view.high_bid else "keep-sampled", facts)

