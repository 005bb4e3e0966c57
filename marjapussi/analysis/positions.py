"""The one check of a position before any search: can a deal reach it at all?

A ``Deal`` built from card masks, or changed by hand, may hold a position no deal reaches
(a card in two hands, a card outside the pack, hands that do not fit the tricks played).
The solver checks every position here before either backend searches it, so that the
compiled core and the pure-Python search refuse the same positions with the same error,
``ImpossiblePosition`` (a ``SolveError``); the core's own checks stay behind it as a
second line and raise the same error.

>>> from marjapussi import Deal
>>> check_position(Deal.random(1)) is None
True
"""

from __future__ import annotations

from functools import cache

from ..cards import deck, mask_of
from ..deal import NEXT_SEAT, PLAYING_SEATS, Deal, Phase
from ..huutopussi import AuctionDeal
from .objectives import ImpossiblePosition

__all__ = ["check_position"]


@cache
def _pack(deck_size: int) -> int:
    return mask_of(deck(deck_size))


def check_position(deal: Deal) -> None:
    """Raise ``ImpossiblePosition`` (its ``reason`` names the check) if no deal of these
    rules reaches this position: every card once, in the pack (``card-twice``,
    ``card-outside-pack``); each trick's cards taken by one side and the tricks counted
    (``tricks``); during card play, each hand as large as the tricks left say
    (``hand-size``), every card of the pack somewhere (``cards-missing``), the right seat
    to act (``to-act``); a trump only among the declared suits (``trump``)."""
    rules = deal.rules
    pack = _pack(rules.deck_size)
    players = rules.players
    seen = 0

    def place(mask: object) -> None:
        nonlocal seen
        if type(mask) is not int or mask < 0 or mask & ~pack:
            raise ImpossiblePosition("card-outside-pack")
        if mask & seen:
            raise ImpossiblePosition("card-twice")
        seen |= mask

    hands = deal.hands
    if len(hands) != 4:
        raise ImpossiblePosition("hand-size")
    for hand in hands:
        place(hand)
    trick = deal.trick_cards
    if len(trick) >= players:
        raise ImpossiblePosition("tricks")
    for card in trick:
        if type(card) is not int or not 0 <= card < 36:
            raise ImpossiblePosition("card-outside-pack")
        place(1 << card)
    done = len(deal._tricks)
    sides = 3 if players == 3 else 2
    if len(deal.taken) != sides or len(deal.tricks_won) != sides or done > rules.tricks_per_deal:
        raise ImpossiblePosition("tricks")
    for taken, won in zip(deal.taken, deal.tricks_won, strict=True):
        place(taken)
        if type(won) is not int or won < 0 or taken.bit_count() != won * players:
            raise ImpossiblePosition("tricks")
    if sum(deal.tricks_won) != done or (trick and done == rules.tricks_per_deal):
        raise ImpossiblePosition("tricks")
    place(getattr(deal, "discarded", 0))
    playing = PLAYING_SEATS[players]
    if any(hands[seat] for seat in range(4) if seat not in playing):
        raise ImpossiblePosition("hand-size")
    if not isinstance(deal, AuctionDeal) or deal.hp_phase is Phase.PLAY:
        left = rules.tricks_per_deal - done
        seat = deal.trick_leader
        for i in range(players):
            if hands[seat].bit_count() != left - (i < len(trick)):
                raise ImpossiblePosition("hand-size")
            if i == len(trick) and deal.pending is None and deal.to_act != seat:
                raise ImpossiblePosition("to-act")
            seat = NEXT_SEAT[players][seat]
        if deal.pending is not None and (trick or deal.to_act != deal.pending[0].partner):
            raise ImpossiblePosition("to-act")
        if seen != pack:
            raise ImpossiblePosition("cards-missing")
    trump, declared = deal.trump, deal.declared
    if 0 <= trump <= 3:
        possible = 0 <= declared <= 15 and declared >> trump & 1
    else:
        possible = trump == -1 and declared == 0
    if not possible:
        raise ImpossiblePosition("trump")
