"""The lead and play duties as pure functions over bit masks.

Each function returns the *layers* of a decision: a list of ``Duty`` values, one for each
duty that applied (the player could fulfil it), naming its rule id, the cards still allowed
after it, and the facts a message needs. A layer is there even when every card of the hand
fulfils its duty (a hand of spades following a spade lead): it narrows nothing, and the
card played still answers to it. A card refused by the first layer that dropped it is
refused by that rule; the cards left after the last layer are the legal ones.

>>> from marjapussi.cards import mask_of, parse_cards, cards_of, Suit
>>> hand = mask_of(parse_cards("S10 S7 HA D6"))
>>> layers = follow_duties(hand, [parse_cards("SK")[0].index], Suit.HEARTS, True, False)
>>> [(d.rule, cards_of(d.allowed)) for d in layers]
[('follow-suit', [Card.parse('S7'), Card.parse('S10')]), ('must-beat', [Card.parse('S10')])]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import ALL_CARDS, SUIT_MASK, Rank, Suit

__all__ = ["ABOVE", "ACE_MASK", "Duty", "follow_duties", "lead_duties", "trick_winner_index"]

ABOVE: tuple[int, ...] = tuple(sum(1 << (c.suit * 9 + r) for r in range(c.rank + 1, 9)) for c in ALL_CARDS)
"""For each card, the mask of the higher cards of its suit."""

ACE_MASK: int = sum(1 << (s * 9 + Rank.ACE) for s in range(4))
"""The four aces."""


@dataclass(frozen=True)
class Duty:
    """One layer of a decision: ``rule`` narrowed the choice to ``allowed``."""

    rule: str
    allowed: int
    """The cards still allowed after this duty (all of the previous layer's, when it narrowed nothing)."""
    detail: dict[str, Any] = field(default_factory=dict)


def trick_winner_index(cards: list[int], trump: int) -> int:
    """Return the position (0–3) of the winning card in a trick of card indexes.

    ``trump`` is a suit number, or -1 for no trump. Highest trump wins, else the highest
    card of the led suit (``trick-winner``).
    """
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card // 9 == best_card // 9:
            if card > best_card:
                best, best_card = i, card
        elif card // 9 == trump:
            best, best_card = i, card
    return best


def lead_duties(
    hand: int,
    first_trick: bool,
    clubs_ace: bool,
    ace_or_spade: bool,
    small_trump_suit: int,
) -> list[Duty]:
    """Return the duties of a player about to lead.

    ``clubs_ace``: the opening lead of an era must be ♣A (``opening-lead-clubs-ace``).
    ``ace_or_spade``: the first lead must be an ace, else a spade (``opening-lead-ace-spade``).
    ``small_trump_suit``: a small trump was just made in this suit (``small-trump-lead``), or -1.
    """
    layers: list[Duty] = []
    ace = 1 << (Suit.CLUBS * 9 + Rank.ACE)
    if first_trick and clubs_ace and hand & ace:
        layers.append(Duty("opening-lead-clubs-ace", ace))
    elif first_trick and ace_or_spade:
        # Also when the ♣A lead is due but the leader (a ``Leader`` tag) does not hold ♣A.
        aces = hand & ACE_MASK
        if aces:
            layers.append(Duty("opening-lead-ace-spade", aces, {"what": "ace"}))
        else:
            spades = hand & SUIT_MASK[Suit.SPADES]
            if spades:
                layers.append(Duty("opening-lead-ace-spade", spades, {"what": "spade"}))
    if small_trump_suit >= 0:
        suited = hand & SUIT_MASK[small_trump_suit]
        if suited:
            layers.append(Duty("small-trump-lead", suited, {"suit": Suit(small_trump_suit)}))
    return layers


def follow_duties(
    hand: int,
    trick: list[int],
    trump: Suit | int | None,
    must_beat: bool,
    first_trick_ace: bool,
) -> list[Duty]:
    """Return the duties of a player following to ``trick`` (card indexes, lead first).

    ``first_trick_ace`` is true in the first trick of a guild deal (``first-trick-ace``).
    """
    trump_suit = -1 if trump is None else int(trump)
    led = trick[0] // 9
    win = trick[trick_winner_index(trick, trump_suit)]
    layers: list[Duty] = []
    follow = hand & SUIT_MASK[led]
    if follow:
        layers.append(Duty("follow-suit", follow, {"suit": Suit(led)}))
        ace = 1 << (led * 9 + Rank.ACE)
        if first_trick_ace and follow & ace:
            layers.append(Duty("first-trick-ace", ace, {"ace": ALL_CARDS[led * 9 + Rank.ACE]}))
        elif must_beat and win // 9 == led:
            higher = follow & ABOVE[win]
            if higher:
                layers.append(Duty("must-beat", higher, {"beat": ALL_CARDS[win]}))
        return layers
    if trump_suit >= 0:
        trumps = hand & SUIT_MASK[trump_suit]
        if trumps:
            layers.append(Duty("must-trump", trumps, {"suit": Suit(trump_suit)}))
            if must_beat and win // 9 == trump_suit:
                higher = trumps & ABOVE[win]
                if higher:
                    layers.append(Duty("must-beat", higher, {"beat": ALL_CARDS[win]}))
    return layers
