"""What one seat knows of a deal: its own cards and everything said and played at the table.

A ``SeatView`` is built from a deal for one seat and then holds plain values only: the
seat's own hand, the public history (every card, declaration, ask, answer and call),
the tricks, trumps, and the legal actions when the seat is to act. It keeps no reference
to the deal, so a bot that is handed a view cannot reach the other hands: what it does
not see is not there (OpenSpiel's information state, by construction).

What is hidden from the seat is left out or blanked: the other seats' cards, which
marriages an ask burned in the other hands (only the seat's own burned marriages are
known to it), in three-player Huutopussi the talon and the three cards another
player put away (a ``Discard`` with no cards in the history), and in Huutopussi with
marriage trumps the cards of the exchange to everyone but the bidder and his partner (a
``Give`` or ``ReturnCards`` with no cards; ``exchange`` holds what the seat knows).

``SeatView.public(deal)`` is what a spectator knows: the public part alone, as if the
seat held no cards (no hand, no talon, every discard and exchange face down, no burned
marriage).

>>> from marjapussi import Deal, Seat
>>> deal = Deal.random(5)
>>> view = SeatView.of(deal, Seat.E)
>>> view.seat, len(view.hand_cards), view.to_act == deal.to_act
(Seat.E, 9, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..actions import Action, Answer, AskHalf, AskWhole, Declare, Discard, Give, Play, ReturnCards
from ..cards import ALL_CARDS, Card, Seat, Suit, cards_of
from ..deal import PLAYING_SEATS, Deal, Declaration, Phase
from ..rules import Rules

__all__ = ["HIDDEN_DISCARD", "HIDDEN_GIVE", "HIDDEN_RETURN", "SeatView", "action_as_seen"]

HIDDEN_DISCARD = Discard(())
"""Another player's discard as a seat sees it: three cards put away, face down."""
HIDDEN_GIVE = Give(())
"""The cards the bidder's partner gives him, as the opponents see them: face down."""
HIDDEN_RETURN = ReturnCards(())
"""The cards the bidder gives back, as the opponents see them: face down."""


_MAY_HIDE = (Discard, Give, ReturnCards)
"""The actions a seat may see face down (``action_as_seen``); every other is seen as it is."""
_SEATS = tuple(Seat)


def _face_down(action: Action) -> Action:
    """An action as a seat sees it that sees no card of it (a discard, the exchange)."""
    if isinstance(action, Discard):
        return HIDDEN_DISCARD
    if isinstance(action, Give):
        return HIDDEN_GIVE
    if isinstance(action, ReturnCards):
        return HIDDEN_RETURN
    return action


def action_as_seen(deal: Deal, seat: Seat | None, who: Seat, action: Action) -> Action:
    """``who``'s ``action`` in ``deal`` as ``seat`` sees it (``None``: a spectator, who sees what
    every seat sees): a discard's cards only by the seat that put them away, the exchange's
    cards only by the bidder and his partner."""
    if isinstance(action, Discard):
        return action if who == seat else HIDDEN_DISCARD
    if isinstance(action, (Give, ReturnCards)):
        bidder = getattr(deal, "bidder", None)
        privy = seat is not None and bidder is not None and seat in (bidder, bidder.partner)
        return action if privy else _face_down(action)
    return action


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of a deal (see the module docstring).

    ``hand`` and ``dealt`` are card masks (now, and as dealt; for the winner of a
    three-player auction ``talon`` is the talon once taken, else 0); ``history`` is the
    public history in order; ``trick`` the cards on the table with their seats;
    ``tricks`` the finished tricks as (leader, cards, winner); ``counts`` the number of
    cards each seat holds now; ``burned`` the seat's own burned marriages (a suit mask);
    ``legal`` the actions the seat may take now (empty when another seat is to act).
    ``totals``: the erä totals (North–South, East–West) before this deal, as the score
    sheet on the table shows them, when known (Marjapussi; ``None``: not given).
    """

    rules: Rules
    seat: Seat
    dealer: Seat
    opening: bool
    leader: Seat
    hand: int
    dealt: int
    talon: int
    discarded: int
    history: tuple[tuple[Seat, Action], ...]
    phase: Phase
    to_act: Seat
    trick_leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[tuple[Seat, tuple[Card, ...], Seat], ...]
    counts: tuple[int, int, int, int]
    trump: int
    declared: int
    burned: int
    declarations: tuple[Declaration, ...]
    lead_suit_duty: int
    window: bool
    pending: tuple[Seat, str, int] | None
    legal: tuple[Action, ...]
    high_bid: int = 0
    bidder: Seat | None = None
    marriages: tuple[tuple[Seat, Suit], ...] = ()
    totals: tuple[int, int] | None = None
    # Huutopussi with marriage trumps: the cards given to the bidder and given back, as
    # masks, when this seat is the bidder or his partner (else 0, 0).
    exchange: tuple[int, int] = (0, 0)
    # Huutopussi with marriage trumps: the contract the declarer set (0 before), and for
    # three players the talon the bid winner showed to the table before taking it (every
    # seat sees it; what he then put away stays his own: ``discarded``).
    contract: int = 0
    shown: int = 0
    spectator: bool = False
    """A spectator's view (``public``): ``seat`` is then only the dealer's, and holds nothing."""

    @classmethod
    def public(cls, deal: Deal, totals: tuple[int, int] | None = None) -> SeatView:
        """Build what a spectator knows of a deal: everything said and played, no card held.

        >>> from marjapussi import Deal
        >>> view = SeatView.public(Deal.random(5))
        >>> view.spectator, view.hand, view.legal, sum(view.counts)
        (True, 0, (), 36)
        """
        seat = deal.dealer
        own = cls.of(deal, seat, totals)
        history = tuple((who, _face_down(action)) for who, action in own.history)
        declarations = tuple(replace(d, burned=()) for d in own.declarations)
        return replace(
            own,
            hand=0,
            dealt=0,
            talon=0,
            discarded=0,
            history=history,
            declarations=declarations,
            burned=0,
            exchange=(0, 0),
            window=False,
            legal=(),
            spectator=True,
        )

    @classmethod
    def of(cls, deal: Deal, seat: Seat, totals: tuple[int, int] | None = None) -> SeatView:
        """Build the view of ``seat`` from a deal (Marjapussi or Huutopussi).

        ``totals``: the erä totals before the deal (North–South, East–West), which every
        player sees on the score sheet; the club bot values an outcome by them.
        """
        from ..huutopussi import AuctionDeal, HuutopussiDeal

        seat = Seat(seat)
        rules = deal.rules
        hp = deal if isinstance(deal, AuctionDeal) else None
        marriage = None
        if rules.family == "huutopussi-marriage":  # its module is loaded where such a deal is played
            from ..marriage_trumps import MarriageTrumpDeal

            marriage = deal if isinstance(deal, MarriageTrumpDeal) else None
        exchange = marriage.exchange_known(seat) if marriage is not None else (0, 0)
        # Only a discard and the exchange can be hidden: every other action is kept as it is
        # (the deal's own pair; ``action_as_seen`` for each of some 30 actions was a third of
        # the build, and a room builds every seat's view after every action).
        history = [
            (item[0], action_as_seen(deal, seat, *item)) if isinstance(item[1], _MAY_HIDE) else item
            for item in deal.history
        ]
        declarations = tuple(
            Declaration(
                d.seat,
                d.after_trick,
                d.method,
                d.asked_suit,
                d.suit,
                d.kind,
                d.holder,
                tuple(b for b in d.burned if b[0] == seat),
            )
            for d in deal.declarations
        )
        hands = deal.hands
        counts = tuple(hands[s].bit_count() for s in _SEATS)
        talon = 0
        discarded = 0
        dealt = deal.initial_hands[seat]
        if hp is not None and rules.players == 3 and hp.bidder == seat and hp.hp_phase is not Phase.BID:
            talon = hp.talon
            discarded = hp.discarded
        to_act = deal.to_act
        phase = deal.phase
        legal: tuple[Action, ...] = ()
        if to_act == seat and phase is not Phase.DONE:
            legal = tuple(deal.legal_actions())
        return cls(
            rules=rules,
            seat=seat,
            dealer=deal.dealer,
            opening=deal.opening,
            leader=deal.leader,
            hand=deal.hands[seat],
            dealt=dealt,
            talon=talon,
            discarded=discarded,
            history=tuple(history),
            phase=phase,
            to_act=to_act,
            trick_leader=deal.trick_leader,
            trick=tuple(deal.table),
            tricks=tuple((t.leader, t.cards, t.winner) for t in deal.tricks),
            counts=(counts[0], counts[1], counts[2], counts[3]),
            trump=deal.trump,
            declared=deal.declared,
            burned=(deal.burned >> (seat * 4)) & 0xF,
            declarations=declarations,
            lead_suit_duty=deal.lead_suit_duty,
            window=deal.window and to_act == seat,
            pending=deal.pending,
            legal=legal,
            high_bid=hp.high_bid if hp is not None else 0,
            bidder=hp.bidder if hp is not None else None,
            marriages=tuple(deal.marriages) if isinstance(deal, HuutopussiDeal) else (),
            totals=None if totals is None else (int(totals[0]), int(totals[1])),
            exchange=exchange,
            contract=marriage.contract if marriage is not None and marriage.hp_phase is not Phase.BID else 0,
            shown=marriage.talon_shown if marriage is not None else 0,
        )

    # ------------------------------------------------------------------ conveniences

    @property
    def hand_cards(self) -> list[Card]:
        """The seat's cards now, in suit order from low to high."""
        return cards_of(self.hand)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play (three or four)."""
        return PLAYING_SEATS[self.rules.players]

    @property
    def played(self) -> int:
        """The mask of every card played so far (finished tricks and the table)."""
        mask = 0
        for _, cards, _ in self.tricks:
            for c in cards:
                mask |= c.bit
        for _, c in self.trick:
            mask |= c.bit
        return mask

    def played_by(self, seat: Seat) -> int:
        """The mask of the cards ``seat`` has played."""
        mask = 0
        for who, action in self.history:
            if who == seat and isinstance(action, Play):
                mask |= action.card.bit
        return mask

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen: in other hands, the talon or another's discard."""
        pack = 0
        lowest = (36 - self.rules.deck_size) // 4
        for card in ALL_CARDS:
            if card.rank >= lowest:
                pack |= card.bit
        return pack & ~self.hand & ~self.played & ~self.discarded

    @property
    def partner(self) -> Seat | None:
        """The partner's seat (``None`` in three-player Huutopussi)."""
        return None if self.rules.players == 3 else self.seat.partner

    def is_partner(self, seat: Seat) -> bool:
        """Tell whether ``seat`` scores with this seat (itself included)."""
        if self.rules.players == 3:
            return seat == self.seat
        return seat.pair == self.seat.pair

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played or about to be led."""
        return len(self.tricks) + 1

    def winning_so_far(self) -> tuple[Seat, Card] | None:
        """The seat and card winning the current trick so far (``None`` before the lead)."""
        if not self.trick:
            return None
        led = self.trick[0][1].suit
        trump = None if self.trump < 0 else Suit(self.trump)
        best = self.trick[0]
        for seat, card in self.trick[1:]:
            if card.beats(best[1], led, trump):
                best = (seat, card)
        return best

    def asks(self) -> list[Action]:
        """The declarations and asks among the legal actions."""
        return [a for a in self.legal if isinstance(a, (Declare, AskWhole, AskHalf))]

    def answers(self) -> list[Answer]:
        """The answers among the legal actions."""
        return [a for a in self.legal if isinstance(a, Answer)]
