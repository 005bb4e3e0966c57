"""Huutopussi with marriage trumps: the Huutopussi most people play online.

``MarriageTrumpDeal`` is a deal of the family ``huutopussi-marriage`` (presets
``huutopussi-marriage`` for four players in pairs, ``huutopussi-marriage3`` for three,
each for himself). Its phases are the auction (``auction-final-pass``,
``forced-opening``, ``max-bid``, ``bid-ban``, ``marriage-redeal``), the partner exchange
(``partner-exchange``: the partner gives cards face down, the declarer sets the contract,
``contract-raise``, and gives as many back), or for three players the talon and the
discard (``marriage-three``); then the tricks, with no trump at the start: a marriage
declared after a won trick makes its suit trump, and a later one replaces it
(``marriage-trump``, ``marriage-window``, ``marriage-own``, ``marriage-ask-whole``,
``marriage-ask-half``). ``score_marriage`` scores a deal (``marriage-value``,
``exact-contract``, ``no-trick-penalty``) and ``MarriageSheet`` keeps the game to 500
(``marriage-game``).

The auction and the talon's discard are ``AuctionDeal``'s (shared with Huutopussi); the
declarations, asks, answers and tricks are ``Deal``'s (shared with Marjapussi): this
module only says where the family differs. An ask here burns nothing; it bars, and the
bars live in ``Deal.burned`` beside the burned marriages of Marjapussi, so that
everything that reads a position (make/unmake, the solver's tables) sees them:

- bits ``seat * 4 + suit`` (0–15): the seat may not declare that suit from its hand;
- bits ``16 + seat``: the seat may not ask its partner for a marriage;
- bits ``20 + pair * 4 + suit``: the pair's half ask in that suit was answered no.

Settled here (the sources are silent): a player under the bid ban calls ``pass`` on his
turn (with ``bid_ban=below-zero`` he sits the first round out instead, as the auction
may reopen for him); the forced opening is the auction's first call, and a banned player
who must make it bids the lowest bid; the ban stands when every side is under it (only
``below-zero`` then lifts it); a redeal is claimed on the claimant's first turn to call
(with ``redeal_rule=four-sixes`` also during the exchange); a bar stops declaring from
one's own hand, never answering a whole ask; an ask for half names the king or queen the asker
holds, so he must hold exactly one of them (a bluff, ``bluff_half_ask``, names one he
lacks and is allowed only when he holds neither); without a maximum bid (``max_bid=0``)
a bid may go up to every point a deal can give, all four marriages included.

>>> from marjapussi import find_rules, Seat
>>> deal = MarriageTrumpDeal.random(3, find_rules("huutopussi-marriage"), dealer=Seat.W)
>>> deal.phase.value, deal.to_act, [str(a) for a in deal.legal_actions()[:2]]
('bid', Seat.N, ['bid 50', 'bid 55'])
>>> score_points(find_rules("huutopussi-marriage"), bid=55, contract=60, collected=(102, 28))
(60, 28)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import (
    ASK_HALVES,
    ASK_WHOLE,
    DECLARES,
    Action,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    Give,
    NameTrump,
    Pass,
    Play,
    Redeal,
    ReturnCards,
    SetContract,
)
from .cards import Card, Pair, Rank, Seat, Suit, cards_of, mask_of
from .deal import NEXT_SEAT, PLAYING_SEATS, SIDES, HandsArg, InvalidDeal, Phase
from .errors import IllegalAction
from .huutopussi import (
    AuctionDeal,
    ContractScore,
    HuutopussiSheet,
    card_steps,
    contract_score,
    redeal_score,
    side_of,
)
from .rules import Rules
from .scoring import CARD_POINTS, ScoreStep, count_cards

__all__ = [
    "MARRIAGE_VALUES",
    "MarriageFacts",
    "MarriageSheet",
    "MarriageTrumpDeal",
    "highest_bid",
    "score_marriage",
    "score_marriage_facts",
    "score_points",
]

MARRIAGE_VALUES: dict[str, dict[Suit, int]] = {
    "hearts-high": {Suit.HEARTS: 100, Suit.DIAMONDS: 80, Suit.CLUBS: 60, Suit.SPADES: 40},
    "bridge": {Suit.SPADES: 100, Suit.HEARTS: 80, Suit.DIAMONDS: 60, Suit.CLUBS: 40},
}
"""What a marriage in each suit is worth (``marriage-value``), by ``marriage_values``."""

_KQ: tuple[int, ...] = tuple((1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4))
_SIXES = sum(1 << (s * 9 + Rank.SIX) for s in range(4))
# Cards above a jack: aces, tens, kings and queens.
_HIGH = sum(1 << (s * 9 + r) for s in range(4) for r in (Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE))
_ACES_TENS = sum(1 << (s * 9 + r) for s in range(4) for r in (Rank.TEN, Rank.ACE))
_OWN_BARS = 0xFFFF
_WHOLE_BAR = 16
_DENIED = 20


def highest_bid(rules: Rules) -> int:
    """The highest bid and contract: ``max_bid``, or with no maximum every point a deal
    can give (cards, the last trick and all four marriages), down to a multiple of 5.

    >>> from marjapussi import find_rules
    >>> rules = find_rules("huutopussi-marriage")
    >>> highest_bid(rules), highest_bid(rules.replace(max_bid=0))
    (440, 410)
    """
    if rules.max_bid:
        return rules.max_bid
    cards = sum(count_cards((1 << 36) - 1, CARD_POINTS[rules.card_values])[3:])
    total = cards + rules.last_trick_bonus + sum(MARRIAGE_VALUES[rules.marriage_values].values())
    return total - total % 5


class MarriageTrumpDeal(AuctionDeal):
    """One deal of Huutopussi with marriage trumps, for four players in pairs or three.

    ``totals``: each side's game total before the deal (pairs NS and EW, or the three
    players), which the bid ban reads; zeros when not given. ``talon``: the three cards
    left over when three play.
    """

    FAMILY = "huutopussi-marriage"
    PRESET = "huutopussi-marriage"
    WINDOW_RULE = "marriage-window"
    ASK_RULES: ClassVar[dict[str, str]] = {"whole": "marriage-ask-whole", "half": "marriage-ask-half"}

    def __init__(
        self,
        hands: HandsArg,
        rules: Rules | None = None,
        dealer: Seat = Seat.W,
        talon: list[Card] | None = None,
        totals: tuple[int, ...] | None = None,
    ) -> None:
        super().__init__(hands, rules, dealer, talon)
        rules = self.rules
        seats = PLAYING_SEATS[rules.players]
        n_sides = 3 if rules.players == 3 else 2
        self.totals: tuple[int, ...] = tuple(totals) if totals is not None else (0,) * n_sides
        if len(self.totals) != n_sides or not all(isinstance(x, int) for x in self.totals):
            raise InvalidDeal("totals", count=len(self.totals))
        if rules.first_bidder == "dealer":
            self.to_act = self.dealer
        # The seat that calls first (first_bidder), and the auction reopens from.
        self.first_caller = self.to_act
        self.banned = 0
        self.skipped = 0
        for seat in seats:
            if self._ban_applies(self.totals[SIDES[rules.players][seat]]):
                self.banned |= 1 << seat
        self.passed = 0
        if rules.bid_ban == "below-zero":
            # Only the reopened auction lifts the ban when every seat is under it; at
            # −500 or −250 it stands: the forced opener bids exactly 50, nobody raises.
            if self.banned == sum(1 << s for s in seats):
                self.banned = 0
            # The first round goes on without the banned; the auction may reopen for them.
            self.skipped = self.banned
            if self.skipped >> self.to_act & 1:
                self.to_act = self._next_caller(self.to_act)
        self.called = 0
        self.contract = 0
        self.given = 0
        self.returned = 0
        self.no_contract = False

    def _ban_applies(self, total: int) -> bool:
        ban = self.rules.bid_ban
        if ban == "minus-500":
            return total <= -500
        if ban == "minus-250":
            return total <= -250
        if ban == "below-zero":
            return total < 0
        return False

    def _start_args(self) -> tuple[Any, ...]:
        return (*super()._start_args(), self.totals)

    # ------------------------------------------------------------------ views

    @property
    def declarer(self) -> Seat | None:
        """The auction's winner (huutaja), or ``None``."""
        return self.bidder

    def exchange_known(self, seat: Seat) -> tuple[int, int]:
        """What ``seat`` knows of the exchange: the cards given to the declarer and the
        cards given back (masks). The declarer and his partner know both; the others
        neither (``partner-exchange``). In three-player games the discard is the
        declarer's alone (``discarded``)."""
        if self.bidder is None or self.rules.players == 3:
            return 0, 0
        if seat in (self.bidder, self.bidder.partner):
            return self.given, self.returned
        return 0, 0

    @property
    def talon_shown(self) -> int:
        """The talon once the bid winner has shown and taken it (three players), else 0."""
        if self.rules.players == 3 and self.bidder is not None and self.hp_phase is not Phase.BID:
            return self.talon
        return 0

    def position_text(self) -> str:
        """A one-line description of the position."""
        phase = self.hp_phase
        if phase in (Phase.GIVE, Phase.RETURN, Phase.CONTRACT):
            return (
                f"exchange, {self.to_act.name} to act, bid {self.high_bid}, contract {self.contract or '-'}"
            )
        return super().position_text()

    # ------------------------------------------------------------------ the auction

    def _active(self) -> int:
        """The seats still in the auction (not passed, not sitting the first round out)."""
        seats = sum(1 << s for s in PLAYING_SEATS[self.rules.players])
        return seats & ~self.passed & ~self.skipped

    def _next_caller(self, seat: Seat) -> Seat:
        order = NEXT_SEAT[self.rules.players]
        active = self._active()
        nxt = order[seat]
        for _ in range(self.rules.players):
            if active >> nxt & 1:
                return nxt
            nxt = order[nxt]
        return nxt

    def _must_bid(self) -> str | None:
        """Why the player to call may not pass (``forced-opening``), or ``None``."""
        if self.calls == 0 and self.rules.forced_opening:
            return "first-call"
        if (
            self.bidder is None
            and self.rules.all_pass == "last-must-open"
            and self._active() == 1 << self.to_act
            and not self.skipped
        ):
            return "last-seat"
        return None

    def _bid_refusal(self, points: int) -> tuple[str, str] | None:
        """Why the player to call may not bid ``points``: (rule id, why), or ``None``."""
        rules = self.rules
        if points % 5:
            return "auction-final-pass", "step"
        if points < rules.min_bid:
            return "auction-final-pass", "too-low"
        if points <= self.high_bid:
            return "auction-final-pass", "not-higher"
        if points > highest_bid(rules):
            return "max-bid", "too-high"
        if self.banned >> self.to_act & 1:
            if self._must_bid() is None:
                return "bid-ban", "banned"
            if points != rules.min_bid:
                return "bid-ban", "forced-lowest"
        return None

    def lowest_bids(self, count: int) -> list[Bid]:
        """The ``count`` lowest bids the player to call may make."""
        out: list[Bid] = []
        points = max(self.rules.min_bid, self.high_bid + 5)
        top = highest_bid(self.rules)
        while len(out) < count and points <= top:
            if self._bid_refusal(points) is None:
                out.append(Bid(points))
            points += 5
        return out

    def _bids(self) -> list[Bid]:
        return self.lowest_bids(highest_bid(self.rules))

    def _redeal_reason(self, seat: Seat) -> str | None:
        """Why ``seat`` may demand a redeal now (``marriage-redeal``), or ``None``."""
        hand = self.hands[seat]
        if self.hp_phase is Phase.BID and self.called >> seat & 1:
            return None  # in the auction, only on the claimant's first turn to call
        if self.rules.redeal_rule == "four-sixes":
            held = hand
            if self.rules.players == 4:
                held |= self.hands[seat.partner]
            return "four-sixes" if held & _SIXES == _SIXES else None
        if self.hp_phase is not Phase.BID:
            return None
        if (hand & _SIXES).bit_count() >= 3:
            return "three-sixes"
        if not hand & _HIGH:
            return "nothing-high"
        return None

    def _redeal_window(self) -> bool:
        """Whether the phase allows a redeal demand at all (the bidding; with four sixes
        also the exchange and the discard)."""
        phase = self.hp_phase
        if phase is Phase.BID:
            return True
        return self.rules.redeal_rule == "four-sixes" and phase in (
            Phase.GIVE,
            Phase.CONTRACT,
            Phase.RETURN,
            Phase.DISCARD,
        )

    # ------------------------------------------------------------------ the exchange

    def _contracts(self) -> list[SetContract]:
        return [SetContract(p) for p in range(self.high_bid, highest_bid(self.rules) + 1, 5)]

    def _card_sets(self, count: int, allowed: int) -> list[tuple[Card, ...]]:
        return list(itertools.combinations(cards_of(allowed), count))

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now."""
        phase = self.phase
        seat = self.to_act
        out: list[Action] = []
        if phase is Phase.BID:
            if self._must_bid() is None:
                out.append(Pass())
            out += self._bids()
        elif phase is Phase.GIVE:
            out += [Give(c) for c in self._card_sets(self.rules.exchange_count, self.hands[seat])]
        elif phase is Phase.CONTRACT:
            out += self._contracts()
        elif phase is Phase.RETURN:
            out += [ReturnCards(c) for c in self._card_sets(self.rules.exchange_count, self.hands[seat])]
        elif phase is Phase.DISCARD:
            out += [Discard(c) for c in self._card_sets(3, self.hands[seat] & ~_ACES_TENS)]
        elif phase is Phase.DONE:
            return []
        else:
            return super().legal_actions()
        if self._redeal_window() and self._redeal_reason(seat) is not None:
            out.append(Redeal())
        return out

    def legal_declarations(self) -> list[Action]:
        """The declarations and asks the player to act may make now (``marriage-window``)."""
        if not self._declaration_open():
            return []
        seat = self.to_act
        hand = self.hands[seat]
        declared = self.declared
        bars = self.burned
        out: list[Action] = []
        own_barred = bars >> (seat * 4) & 0xF
        for s in range(4):
            if hand & _KQ[s] == _KQ[s] and not (declared | own_barred) >> s & 1:
                out.append(DECLARES[s])
        if self.rules.players == 3:
            return out
        if not bars >> (_WHOLE_BAR + seat) & 1:
            out.append(ASK_WHOLE)
        for s in range(4):
            if declared >> s & 1 or self._is_denied(seat, s):
                continue
            held = hand & _KQ[s]
            if held and held != _KQ[s]:
                out.append(ASK_HALVES[s])
            elif not held and self.rules.bluff_half_ask:
                out += [AskHalf(Suit(s), Rank.KING), AskHalf(Suit(s), Rank.QUEEN)]
        return out

    def _answer_bars(self, seat: Seat) -> int:
        # A bar stops declaring from one's own hand, not answering a whole ask: with
        # ask_lockout=illisoft the asker may be asked back and give his marriage.
        return 0

    def _is_denied(self, seat: Seat, suit: int) -> bool:
        return bool(self.burned >> (_DENIED + seat.pair * 4 + suit) & 1)

    def _declaration_refusal(self, seat: Seat, action: Declare | AskWhole | AskHalf) -> IllegalAction | None:
        """Why a declaration or ask may not be made in an open window, by this family's rules."""
        hand = self.hands[seat]
        if isinstance(action, Declare):
            suit = action.suit
            if hand & _KQ[suit] != _KQ[suit]:
                return self._illegal("marriage-own", action, suit=suit, why="no-marriage")
            if self.is_declared(suit):
                return self._illegal("marriage-own", action, suit=suit, why="declared")
            if self.burned >> (seat * 4 + suit) & 1:
                return self._illegal("marriage-own", action, suit=suit, why="locked")
            return None
        if self.rules.players == 3:
            return self._illegal("marriage-three", action, why="no-asks")
        if isinstance(action, AskWhole):
            if self.burned >> (_WHOLE_BAR + seat) & 1:
                return self._illegal("marriage-ask-whole", action, why="locked")
            return None
        suit = action.suit
        held = hand & _KQ[suit]
        if self.is_declared(suit):
            return self._illegal("marriage-ask-half", action, suit=suit, why="declared")
        if self._is_denied(seat, suit):
            return self._illegal("marriage-ask-half", action, suit=suit, why="denied")
        if held == _KQ[suit]:
            return self._illegal("marriage-ask-half", action, suit=suit, why="whole-held")
        if held and action.rank is not None:
            return self._illegal("marriage-ask-half", action, suit=suit, why="named")
        if not held and not self.rules.bluff_half_ask:
            return self._illegal("marriage-ask-half", action, suit=suit, why="no-half")
        if not held and action.rank is None:
            return self._illegal("marriage-ask-half", action, suit=suit, why="name-card")
        return None

    def check(self, action: Action | str) -> Action:
        """Return the action if it is legal now; else raise ``IllegalAction`` with the rule id."""
        if isinstance(action, str):
            from .actions import parse_action

            action = parse_action(action)
        phase = self.phase
        if isinstance(action, Redeal) and phase is not Phase.DONE:
            return self._check_redeal(action)
        if phase is Phase.BID:
            return self._check_call(action)
        if phase is Phase.GIVE:
            return self._check_cards(action, Give, self.rules.exchange_count, self.hands[self.to_act])
        if phase is Phase.CONTRACT:
            if not isinstance(action, SetContract):
                raise self._illegal("contract-raise", action, why="contract-first")
            top = highest_bid(self.rules)
            if action.points % 5 or not self.high_bid <= action.points <= top:
                raise self._illegal(
                    "contract-raise", action, why="range", points=action.points, bid=self.high_bid, top=top
                )
            return action
        if phase is Phase.RETURN:
            return self._check_cards(action, ReturnCards, self.rules.exchange_count, self.hands[self.to_act])
        if phase is Phase.DISCARD:
            if isinstance(action, Discard) and self._owns_three(action.cards):
                if mask_of(action.cards) & _ACES_TENS:
                    raise self._illegal("marriage-three", action, why="aces-tens")
                return action
            raise self._illegal("marriage-three", action, why="three-own-cards")
        if isinstance(action, Play) and action.marriage:
            raise self._illegal("wrong-game", action)
        if isinstance(action, (Bid, Pass, Give, ReturnCards, SetContract, Discard, NameTrump)):
            raise self._illegal(
                "deal-over" if phase is Phase.DONE else "auction-final-pass", action, why="auction-over"
            )
        return super().check(action)

    def _check_redeal(self, action: Redeal) -> Action:
        if not self._redeal_window():
            raise self._illegal("marriage-redeal", action, why="too-late")
        if self._redeal_reason(self.to_act) is None:
            if self.hp_phase is Phase.BID and self.called >> self.to_act & 1:
                raise self._illegal("marriage-redeal", action, why="first-call")
            four = self.rules.redeal_rule == "four-sixes"
            raise self._illegal("marriage-redeal", action, why="no-four-sixes" if four else "not-eligible")
        return action

    def _check_call(self, action: Action) -> Action:
        if isinstance(action, Pass):
            why = self._must_bid()
            if why is not None:
                raise self._illegal("forced-opening", action, why=why, min=self.rules.min_bid)
            return action
        if isinstance(action, Bid):
            if action.suit is not None:
                raise self._illegal("marriage-trump", action, why="no-named-trump")
            refusal = self._bid_refusal(action.points)
            if refusal is not None:
                rule, why = refusal
                raise self._illegal(
                    rule,
                    action,
                    why=why,
                    points=action.points,
                    high=self.high_bid,
                    min=self.rules.min_bid,
                    top=highest_bid(self.rules),
                )
            return action
        raise self._illegal("auction-final-pass", action, why="auction")

    def _check_cards(
        self, action: Action, kind: type[Give] | type[ReturnCards], count: int, hand: int
    ) -> Action:
        if not isinstance(action, kind):
            raise self._illegal("partner-exchange", action, why=f"{self.hp_phase.value}-first")
        mask = mask_of(action.cards)
        if len(action.cards) != count or mask.bit_count() != count or mask & ~hand:
            raise self._illegal("partner-exchange", action, why="own-cards", count=count)
        return action

    # ------------------------------------------------------------------ make / unmake

    _AUCTION_FIELDS = (
        *AuctionDeal._AUCTION_FIELDS,
        "passed",
        "called",
        "skipped",
        "banned",
        "contract",
        "given",
        "returned",
        "no_contract",
    )

    def push(self, action: Action) -> None:
        """Apply an action without checking it; ``pop`` undoes it."""
        seat = self.to_act
        if type(action) is Play:
            super().push(action)
            return
        if isinstance(action, (Declare, AskWhole, AskHalf)) or self.pending is not None:
            super().push(action)
            if isinstance(action, (AskWhole, AskHalf)):
                self.burned |= self._ask_bars(seat, action)
            return
        self._push_auction(action)
        if isinstance(action, Redeal):
            self.redeal = self._redeal_reason(seat)
            self.hp_phase = Phase.DONE
        elif isinstance(action, (Bid, Pass)):
            self._push_call(seat, action)
        elif isinstance(action, Give):
            mask = mask_of(action.cards)
            self.given = mask
            self.hands[seat] &= ~mask
            self.hands[seat.partner] |= mask
            self.to_act = seat.partner
            self.hp_phase = Phase.CONTRACT if self.rules.raise_when == "before-return" else Phase.RETURN
        elif isinstance(action, SetContract):
            self.contract = action.points
            after = Phase.RETURN if self.rules.players == 4 else Phase.DISCARD
            self._next_exchange_step(after if self.rules.raise_when == "before-return" else None)
        elif isinstance(action, ReturnCards):
            mask = mask_of(action.cards)
            self.returned = mask
            self.hands[seat] &= ~mask
            self.hands[seat.partner] |= mask
            self._next_exchange_step(None if self.rules.raise_when == "before-return" else Phase.CONTRACT)
        elif isinstance(action, Discard):
            mask = mask_of(action.cards)
            self.discarded = mask
            self.hands[seat] &= ~mask
            self._next_exchange_step(None if self.rules.raise_when == "before-return" else Phase.CONTRACT)
        else:
            self._undo.pop()
            self.history.pop()
            raise ValueError(f"not an action of this game: {action!r}")

    def _next_exchange_step(self, phase: Phase | None) -> None:
        """Go on to ``phase`` (the declarer acts), or with ``None`` to the first trick."""
        assert self.bidder is not None
        self.to_act = self.bidder
        if phase is None:
            self._start_play(self.bidder)
        else:
            self.hp_phase = phase

    def _push_call(self, seat: Seat, action: Bid | Pass) -> None:
        self.calls += 1
        self.called |= 1 << seat
        if isinstance(action, Bid):
            self.high_bid = action.points
            self.bidder = seat
            self.passes = 0
            if self.rules.max_bid and action.points >= self.rules.max_bid:
                self._end_auction()  # max-bid: the highest bid ends the auction at once
                return
        else:
            self.passes += 1
            self.passed |= 1 << seat
        active = self._active()
        if self.bidder is not None and active & ~(1 << self.bidder) == 0:
            self._end_auction()
            return
        if self.bidder is None and not active:
            if self.skipped:
                # bid-ban below zero: nobody else bid, so the auction reopens for the
                # banned, clockwise from the first caller's seat, with the usual rules.
                self.skipped = 0
                self.banned = 0
                first = self.first_caller
                self.to_act = first if self._active() >> first & 1 else self._next_caller(first)
                return
            self._end_auction()
            return
        self.to_act = self._next_caller(seat)

    def _end_auction(self) -> None:
        if self.bidder is None:
            # all_pass=no-contract: play without a contract, led from the left of the dealer.
            self.no_contract = True
            self._start_play(self.leader)
            return
        self.contract = self.high_bid
        self.to_act = self.bidder
        if self.rules.players == 3:
            self.hands[self.bidder] |= self.talon
            self.hp_phase = Phase.CONTRACT if self.rules.raise_when == "before-return" else Phase.DISCARD
        else:
            self.to_act = self.bidder.partner
            self.hp_phase = Phase.GIVE

    def _start_play(self, leader: Seat) -> None:
        self.leader = self.trick_leader = self.to_act = leader
        self.hp_phase = Phase.PLAY

    # ------------------------------------------------------------------ declarations

    def _ask_burns(self, seat: Seat, action: AskWhole | AskHalf) -> tuple[tuple[Seat, Suit], ...]:
        return ()  # an ask burns no marriage here; it bars (``_ask_bars``)

    def _ask_bars(self, seat: Seat, action: AskWhole | AskHalf) -> int:
        """What an ask bars for the rest of the deal (``marriage-ask-whole``, ``ask_lockout``)."""
        partner = seat.partner
        own = 0xF << (seat * 4)
        illisoft = self.rules.ask_lockout == "illisoft"
        if isinstance(action, AskWhole):
            # The asker declares no more from his hand; his partner may not ask him for
            # one (basic). illisoft's bars replace these: the partner may ask back.
            return own if illisoft else own | 1 << (_WHOLE_BAR + partner)
        if illisoft:
            # A half ask bars both partners from declaring from their hands and from
            # asking for a marriage.
            both = own | 0xF << (partner * 4)
            return both | 1 << (_WHOLE_BAR + seat) | 1 << (_WHOLE_BAR + partner)
        return 0

    def _denied(self, asker: Seat, method: str, asked: int) -> None:
        if method == "half":
            # marriage-ask-half: a suit answered no is not asked again by the pair.
            self.burned |= 1 << (_DENIED + asker.pair * 4 + asked)

    def denial_matters(self, asker: Seat, suit: int) -> bool:
        """Whether a no to a half ask in ``suit`` takes anything from the pair: the no bars
        the pair's later half asks in the suit, which only a bluff could have won. Without
        ``bluff_half_ask`` the partner lacks the card asked for for good, and neither
        partner can ask for another (the asker holds the other card or has played it, the
        partner holds neither); with it, a later bluff by either could ask for a king or
        queen the other holds."""
        pair = self.hands[asker] | self.hands[asker.partner]
        return bool(self.rules.bluff_half_ask and pair & _KQ[suit])

    def _make_trump(self, suit: int) -> str:
        # marriage-trump: every declared suit is trump from the next trick on.
        self.trump = suit
        return "trump"

    # ------------------------------------------------------------------ results

    def declarer_tricks(self) -> int:
        """The tricks the declarer won himself."""
        return sum(1 for t in self.tricks if t.winner == self.bidder)

    def result(self, carried: int = 0) -> ContractScore:
        """Score the finished deal (see ``score_marriage``)."""
        return score_marriage(self)


@dataclass(frozen=True)
class MarriageFacts:
    """What a deal of Huutopussi with marriage trumps scores from: the cards each side
    took (masks), the tricks each side won and the declarer won himself, who took the
    last trick, the auction's winner, bid and contract (``None``: no contract), the
    marriages declared as (seat whose side scores, suit), the three-player discard, and
    a redeal's reason."""

    taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    last_winner: Seat
    bidder: Seat | None
    bid: int
    contract: int
    declarer_tricks: int = 0
    marriages: tuple[tuple[Seat, Suit], ...] = ()
    discarded: int = 0
    redeal: str | None = None


def score_marriage(deal: MarriageTrumpDeal) -> ContractScore:
    """Score a finished deal, every step with its rule id."""
    facts = MarriageFacts(
        **deal.played_facts(),
        contract=deal.contract,
        declarer_tricks=deal.declarer_tricks(),
        # Each marriage to the seat that held it (the asker's partner after a whole ask).
        marriages=tuple((d.holder or d.seat, d.suit) for d in deal.declarations if d.suit is not None),
    )
    return score_marriage_facts(deal.rules, facts)


def _round5(points: int) -> int:
    """To the nearest 5 (whole numbers never fall halfway)."""
    return (points + 2) // 5 * 5


def score_marriage_facts(rules: Rules, facts: MarriageFacts) -> ContractScore:
    """Score a deal from its facts (what ``score_marriage`` does for a played deal)."""
    players = rules.players
    n_sides = 3 if players == 3 else 2
    side_list: list[Pair | Seat] = list(PLAYING_SEATS[players]) if players == 3 else [Pair.NS, Pair.EW]
    if facts.redeal is not None:
        return redeal_score(rules, "marriage-redeal", facts.redeal, facts.tricks_won)

    def index(seat: Seat) -> int:
        return SIDES[players][seat]

    taken = list(facts.taken)
    collected, steps = card_steps(
        "marriage-deal",
        side_list,
        taken,
        CARD_POINTS[rules.card_values],
        facts.last_winner,
        rules.last_trick_bonus,
        players,
    )
    values = MARRIAGE_VALUES[rules.marriage_values]
    for seat, suit in facts.marriages:
        worth = values[Suit(suit)]
        collected[index(seat)] += worth
        steps.append(
            ScoreStep("marriage-value", side_of(seat, players), worth, {"suit": Suit(suit), "seat": seat})
        )
    bidder = facts.bidder
    b = -1 if bidder is None else index(bidder)
    if players == 3 and bidder is not None and facts.discarded:
        counts = facts.tricks_won[b] > 0
        points = count_cards(facts.discarded, CARD_POINTS[rules.card_values])[3]
        steps.append(
            ScoreStep(
                "marriage-three",
                bidder,
                points if counts else 0,
                {"step": "discard", "counts": counts, "cards": points},
            )
        )
        if counts:
            collected[b] += points
    final = list(collected)
    made: bool | None = None
    for i in range(n_sides):
        if i == b:
            continue
        side = side_list[i]
        if bidder is not None and facts.tricks_won[i] == 0:
            final[i] = -facts.bid
            steps.append(
                ScoreStep("no-trick-penalty", side, final[i], {"who": "defenders", "bid": facts.bid})
            )
            continue
        final[i] = _round5(collected[i]) if rules.defender_rounding == "nearest-5" else collected[i]
        steps.append(
            ScoreStep(
                "exact-contract",
                side,
                final[i],
                {"step": "defenders" if bidder is not None else "no-contract", "collected": collected[i]},
            )
        )
    if bidder is not None:
        # no-trick-penalty replaces the contract's score: such a deal is not made, even
        # when the partner's tricks reached the contract, and the working says only that.
        if rules.declarer_no_trick == "seat-bid" and facts.declarer_tricks == 0:
            made = False
            final[b] = -2 * facts.bid
            detail: dict[str, Any] = {"who": "declarer", "seat": bidder, "bid": facts.bid}
            steps.append(ScoreStep("no-trick-penalty", side_list[b], final[b], detail))
        elif rules.declarer_no_trick == "side-contract" and facts.tricks_won[b] == 0:
            made = False
            final[b] = -2 * facts.contract
            detail = {"who": "side", "seat": bidder, "contract": facts.contract}
            steps.append(ScoreStep("no-trick-penalty", side_list[b], final[b], detail))
        else:
            made = collected[b] >= facts.contract
            final[b] = score_points(rules, facts.bid, facts.contract, (collected[b],))[0]
            detail = {
                "step": "declarer",
                "bid": facts.bid,
                "contract": facts.contract,
                "collected": collected[b],
                "made": made,
            }
            steps.append(ScoreStep("exact-contract", side_list[b], final[b], detail))
    return contract_score(
        rules, steps, final, facts.tricks_won, taken[0], collected, facts.bid, bidder, made, facts.contract
    )


def score_points(rules: Rules, bid: int, contract: int, collected: tuple[int, ...]) -> tuple[int, ...]:
    """The declarer side's score (``exact-contract``): exactly the contract when it
    collected that much, else minus the contract; then any other sides' points as they
    collected them (rounded to 5 with ``defender_rounding=nearest-5``). The no-trick
    penalties are ``score_marriage_facts``'s.

    >>> from marjapussi import find_rules
    >>> rules = find_rules("huutopussi-marriage")
    >>> score_points(rules, 55, 60, (102, 28)), score_points(rules, 55, 60, (59,))
    ((60, 28), (-60,))
    """
    declarer = contract if collected[0] >= contract else -contract
    others = tuple(_round5(c) if rules.defender_rounding == "nearest-5" else c for c in collected[1:])
    return (declarer, *others)


class MarriageSheet(HuutopussiSheet):
    """The running totals of a game of Huutopussi with marriage trumps (``marriage-game``).

    Totals carry from deal to deal and may go below zero; the game ends after a deal in
    which a side reaches ``game_to`` (500). When more than one side gets there in the same
    deal the higher total wins (``win_tiebreak=declarer``: the declarer's side, if it is
    among them); equal top totals play another deal. ``totals`` may start elsewhere
    than at zero (a record that begins mid-game).

    >>> from marjapussi import find_rules
    >>> sheet = MarriageSheet(find_rules("huutopussi-marriage"))
    >>> sheet.add((60, 28)).add((-50, 75)).totals
    (10, 103)
    """

    def __init__(self, rules: Rules, totals: tuple[int, ...] | None = None) -> None:
        super().__init__(rules)
        if totals is not None:
            self.totals = tuple(totals)

    def add_deal(self, score: ContractScore) -> HuutopussiSheet:
        """Add a scored deal; the declarer's side counts only with ``win_tiebreak=declarer``."""
        bidder = None
        if score.bidder is not None and self.rules.win_tiebreak == "declarer":
            bidder = SIDES[self.rules.players][score.bidder]
        return self.add(tuple(score.points), bidder)
