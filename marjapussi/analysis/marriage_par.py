"""The open-card par of a deal of Huutopussi with marriage trumps.

``marriage_par(deal)`` gives, for each side, the best contract it could have bid and made
with every hand known, as ``auction.par`` does for seed-004 Huutopussi: the highest bid
whose contract the engine's own scoring (``score_marriage_facts``) counts as made on the
line the side plays.

The line is the auction's evaluation's (``auction_marriage``, issue 32 Decided 2): each
seat of the side in turn wins the auction at the lowest bid it may make, the exchange, the
contract and (three players) the discard follow the bots' rules of thumb, and one search
of the compiled core plays the cards with every hand open. What the side collects on that
line (its cards, the last trick, its marriages, the discard) is what it surely makes: the
family's objective is a threshold, so a side playing for a higher contract may make more
(the evaluation's docstring gives the measure). The side's par is its best seat's; a seat
that may not win the auction (the bid ban) is left out, and so is a side none of whose
seats may.

``MarriageParWork`` is the same a search at a time (``step``, each search bounded by a node
budget and resumed where it stopped), for the Play page's slices and the rooms' review.

>>> from marjapussi import find_rules
>>> from marjapussi.marriage_trumps import MarriageTrumpDeal
>>> deal = MarriageTrumpDeal.random(5, find_rules("huutopussi-marriage"))
>>> work = MarriageParWork(deal)
>>> work.total
4
>>> found = marriage_par(deal)
>>> [p.side for p in found] in ([0, 1], [0], [1])
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..cards import Seat
from ..deal import PLAYING_SEATS, SIDES
from ..huutopussi import on_bid_step
from ..marriage_trumps import MarriageFacts, MarriageTrumpDeal, highest_bid, score_marriage_facts
from ..rules import Rules
from .auction import SlicedWork
from .auction_marriage import MarriageLines, MarriageSearcher, served
from .objectives import SolveError

__all__ = ["MarriagePar", "MarriageParWork", "marriage_par"]


@dataclass(frozen=True)
class MarriagePar:
    """One side's open-card par in the marriage family: the best contract it could bid and
    make (``contract`` 0: not even the lowest bid), the seat that would declare it, and what
    the side collects then."""

    side: int
    contract: int
    seat: Seat
    collected: int


def best_made(rules: Rules, facts: MarriageFacts) -> int:
    """The highest bid on the bid step whose contract ``facts`` make for the declaring side
    (0: none), by the family's own scoring (the no-trick penalties included)."""
    for points in range(highest_bid(rules), rules.min_bid - 1, -1):
        if not on_bid_step(rules, points):
            continue
        if score_marriage_facts(rules, dataclasses.replace(facts, bid=points, contract=points)).made:
            return points
    return 0


class MarriageParWork(SlicedWork):
    """The deal's open-card par worked out one search at a time: one search per seat that
    may declare (``total``), then ``result()``; a search cut short goes on where it stopped
    at the next step. Raises ``SolveError`` (``auction-family``) outside the family."""

    def __init__(self, deal: MarriageTrumpDeal) -> None:
        if not served(deal.rules):
            raise SolveError("auction-family")
        super().__init__()
        self.rules = deal.rules
        self._searcher = MarriageSearcher(deal.rules)
        self._lines = MarriageLines(deal.copy_start(), self._searcher)
        self._seats = PLAYING_SEATS[deal.rules.players]
        self.done = 0
        """How many of the searches are done."""

    @property
    def total(self) -> int:
        """How many searches the par takes."""
        return len(self._seats)

    @property
    def complete(self) -> bool:
        return self.done >= len(self._seats)

    def step(self, node_budget: int = 0) -> bool:
        """Run the next search (bounded by ``node_budget`` nodes; a search cut short goes on
        at the next step); return whether every search is done."""
        if self.complete:
            return True
        self.run_piece(self._searcher, node_budget, self._next_search)
        return self.complete

    def _next_search(self) -> None:
        self._lines.facts(self._seats[self.done])
        self.done += 1

    def result(self) -> list[MarriagePar]:
        """For each side, its best contract (every search done first)."""
        while not self.step():
            pass
        rules = self.rules
        best: dict[int, MarriagePar] = {}
        for seat in self._seats:
            facts = self._lines.facts(seat)
            if facts is None:  # the seat may not win the auction
                continue
            side = SIDES[rules.players][seat]
            collected = score_marriage_facts(rules, facts).collected[side]
            found = MarriagePar(side, best_made(rules, facts), seat, collected)
            known = best.get(side)
            if known is None or (found.contract, found.collected) > (known.contract, known.collected):
                best[side] = found
        return [best[side] for side in sorted(best)]


def marriage_par(deal: MarriageTrumpDeal) -> list[MarriagePar]:
    """The deal's open-card par: for each side, the best contract it could bid and make with
    every hand known (see the module docstring)."""
    return MarriageParWork(deal).result()
