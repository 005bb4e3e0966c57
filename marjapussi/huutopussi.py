"""Huutopussi: the auction, naming trumps, marriages on lead and the contract.

``HuutopussiDeal`` extends ``Deal`` with the phases before play: the auction
(``bidding``), for three players the talon and the discard (``huutopussi-three``), naming
trumps (``huutopussi-trump``); then tricks with the usual duties and marriages
announced on lead (``marriage-on-lead``). ``score_contract`` scores a deal
(``huutopussi-scoring``, ``contract``, ``molotov``) and ``HuutopussiSheet`` keeps the game
to 500 (``huutopussi-game``).

Settled here (the source is silent): with a bid step of 5 a bid is the lowest bid or a
multiple of five above it (56, 60, 65 …); bids above 230 (every point of a deal) are
refused; the three discarded cards of three-player Huutopussi count for the bid winner;
when nobody bids and the deal is played without trump, the talon stays out of play. The
digest settles the game's end when several sides pass the target in one deal and the
bidding side is not among them (``judge_game``): the higher total wins, and an exact tie
plays another deal.

>>> from marjapussi import find_rules, Seat
>>> deal = HuutopussiDeal.random(3, find_rules("huutopussi"), dealer=Seat.W)
>>> deal.phase.value, deal.to_act
('bid', Seat.N)
>>> [str(a) for a in deal.legal_actions()[:3]]
['pass', 'bid 56', 'bid 60']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from .actions import PLAYS, Action, Bid, Discard, NameTrump, Pass, Play, Redeal
from .cards import ALL_CARDS, Card, Pair, Rank, Seat, Suit, cards_of, deck, mask_of
from .deal import NEXT_SEAT, PLAYING_SEATS, SIDES, Deal, HandsArg, InvalidDeal, Phase
from .errors import MarjapussiError
from .rules import Rules, find_rules
from .scoring import CARD_POINTS, DealScore, ScoreStep, count_cards

__all__ = [
    "MAX_BID",
    "AuctionDeal",
    "ContractFacts",
    "ContractScore",
    "GameEnd",
    "HuutopussiDeal",
    "HuutopussiSheet",
    "card_steps",
    "contract_points",
    "contract_score",
    "judge_game",
    "on_bid_step",
    "redeal_score",
    "score_contract",
    "score_contract_facts",
]

MAX_BID = 230
"""The highest bid: 120 card points, 10 for the last trick, 40 + 3 × 20 in marriages."""

KING_QUEEN: tuple[int, ...] = tuple(
    (1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4)
)
ACES = sum(1 << (s * 9 + Rank.ACE) for s in range(4))
COUNTING = sum(
    1 << (s * 9 + r) for s in range(4) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
)


def side_of(seat: Seat, players: int) -> Pair | Seat:
    """Who scores for a seat: its pair (four players) or the seat itself (three)."""
    return seat if players == 3 else seat.pair


def on_bid_step(rules: Rules, points: int) -> bool:
    """Tell whether a bid keeps to the bid step: the lowest bid, or a multiple of the step.

    >>> rules = find_rules("huutopussi")
    >>> [p for p in range(56, 71) if on_bid_step(rules, p)]
    [56, 60, 65, 70]
    """
    return rules.bid_step <= 1 or points == rules.min_bid or points % rules.bid_step == 0


class AuctionDeal(Deal):
    """A deal that opens with an auction: what both Huutopussi families share.

    The phases before the first card (``hp_phase``: the auction, for three players the
    talon and the discard), the bid winner (``bidder``) and the highest bid, the talon of
    three-player games, and make/unmake of those phases; the tricks, declarations and
    asks are ``Deal``'s. A subclass names its family (``FAMILY``) and its default preset.

    ``talon``: the three cards left over when three play (``None`` for four).
    """

    FAMILY = "huutopussi"
    PRESET = "huutopussi"

    def __init__(
        self,
        hands: HandsArg,
        rules: Rules | None = None,
        dealer: Seat = Seat.W,
        talon: list[Card] | None = None,
    ) -> None:
        rules = rules or find_rules(self.PRESET)
        if rules.family != self.FAMILY:
            raise InvalidDeal("wrong-family", rules=rules.name)
        super().__init__(hands, rules, dealer, opening=False, leader=NEXT_SEAT[rules.players][dealer])
        self.talon: int = self._check_talon(talon)
        self.hp_phase: Phase = Phase.BID
        self.high_bid = 0
        self.bidder: Seat | None = None
        self.passes = 0
        self.calls = 0
        self.discarded = 0
        self.redeal: str | None = None

    # ------------------------------------------------------------------ set-up

    def _check_talon(self, talon: list[Card] | None) -> int:
        used = 0
        for mask in self.initial_hands:
            used |= mask
        pack = mask_of(deck(36))
        if self.rules.players == 4:
            if talon:
                raise InvalidDeal("talon-four", count=len(talon))
            return 0
        if talon is None:
            return pack & ~used
        mask = mask_of(talon)
        if len(talon) != 3 or mask & used or mask | used != pack:
            raise InvalidDeal("talon", count=len(talon))
        return mask

    def played_facts(self) -> dict[str, Any]:
        """What the score of either family reads from a finished deal alike: the cards each
        side took (masks), the tricks each won, who took the last trick, the auction's
        winner and bid, the discard (three players) and a redeal's reason."""
        if not self.is_over():
            raise MarjapussiError("the deal is not over")
        return {
            "taken": tuple(self.taken),
            "tricks_won": tuple(self.tricks_won),
            "last_winner": self.tricks[-1].winner if self.tricks else self.dealer,
            "bidder": self.bidder,
            "bid": self.high_bid,
            "discarded": self.discarded,
            "redeal": self.redeal,
        }

    @classmethod
    def random(cls, seed: int | random.Random, rules: Rules | None = None, **kwargs: Any) -> Self:
        """Deal a seeded random deal of the family (the talon too, for three players)."""
        rules = rules or find_rules(cls.PRESET)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        cards = deck(36)
        rng.shuffle(cards)
        n = rules.hand_size
        seats = PLAYING_SEATS[rules.players]
        hands = {seat: cards[i * n : (i + 1) * n] for i, seat in enumerate(seats)}
        talon = cards[len(seats) * n :] if rules.players == 3 else None
        return cls(hands, rules, talon=talon, **kwargs)

    def copy_start(self) -> Self:
        """Return a new deal with the same hands, talon and dealer and no actions."""
        return type(self)(*self._start_args())

    def _start_args(self) -> tuple[Any, ...]:
        seats = PLAYING_SEATS[self.rules.players]
        hands = {s: cards_of(self.initial_hands[s]) for s in seats}
        return hands, self.rules, self.dealer, cards_of(self.talon) if self.rules.players == 3 else None

    # ------------------------------------------------------------------ views

    @property
    def phase(self) -> Phase:
        """What the deal waits for: a call, a discard, trumps, a card, or nothing."""
        if self.hp_phase is Phase.PLAY and len(self._tricks) == self._n_tricks:
            return Phase.DONE
        return self.hp_phase

    def is_over(self) -> bool:
        """Tell whether the deal has ended (all tricks played, or a redeal)."""
        return self.phase is Phase.DONE

    def position_text(self) -> str:
        """A one-line description of the position."""
        if self.hp_phase is Phase.BID:
            return f"auction, {self.to_act.name} to call, high bid {self.high_bid or '-'}"
        return super().position_text()

    def side(self, seat: Seat) -> Pair | Seat:
        """Who scores for a seat."""
        return side_of(seat, self.rules.players)

    def legal_play_mask(self) -> int:
        """The mask of cards the player to act may play (0 outside the play phase)."""
        if self.hp_phase is not Phase.PLAY:
            return 0
        return super().legal_play_mask()

    def explain(self) -> list[Any]:
        """Say for each card whether it may be played now (only in the play phase)."""
        if self.hp_phase is not Phase.PLAY:
            return []
        return super().explain()

    def lowest_bids(self, count: int) -> list[Bid]:
        """The ``count`` lowest bids the player to act may make (each family says which)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the talon's discard

    def discards(self) -> list[Discard]:
        """Every three cards the player to act could put away (before the family's limits)."""
        hand = cards_of(self.hands[self.to_act])
        return [
            Discard((a, b, c))
            for i, a in enumerate(hand)
            for j, b in enumerate(hand[i + 1 :], i + 1)
            for c in hand[j + 1 :]
        ]

    def _owns_three(self, cards: tuple[Card, ...]) -> bool:
        """Tell whether ``cards`` are three different cards of the hand of the player to act."""
        mask = mask_of(cards)
        return len(cards) == 3 and mask.bit_count() == 3 and not mask & ~self.hands[self.to_act]

    # ------------------------------------------------------------------ make / unmake

    # The fields an auction-phase action changes; pop restores them (a family adds its own).
    _AUCTION_FIELDS: tuple[str, ...] = (
        "hp_phase",
        "to_act",
        "high_bid",
        "bidder",
        "passes",
        "calls",
        "discarded",
        "redeal",
        "trump",
        "leader",
        "trick_leader",
    )

    def _snapshot(self) -> tuple[Any, ...]:
        return ("H", tuple(self.hands), *(getattr(self, name) for name in self._AUCTION_FIELDS))

    def _push_auction(self, action: Action) -> None:
        """Record an auction-phase action for ``pop`` (the family then applies it)."""
        self._undo.append(self._snapshot())
        self.history.append((self.to_act, action))

    def _restored(self) -> None:
        """Bring derived fields back in line after ``pop`` restored an auction snapshot."""

    def pop(self) -> Action:
        """Take back the last action and return it."""
        if not self.history:
            raise IndexError("pop from a deal with no actions")
        entry = self._undo[-1]
        if entry[0] != "H":
            return super().pop()
        _, hands, *values = self._undo.pop()
        for name, value in zip(self._AUCTION_FIELDS, values, strict=True):
            setattr(self, name, value)
        self.hands = list(hands)
        self._restored()
        return self.history.pop()[1]


class HuutopussiDeal(AuctionDeal):
    """One deal of Huutopussi for four players in pairs or three each for himself.

    ``talon``: the three cards left over in three-player Huutopussi (``None`` for four).
    """

    def __init__(
        self,
        hands: HandsArg,
        rules: Rules | None = None,
        dealer: Seat = Seat.W,
        talon: list[Card] | None = None,
    ) -> None:
        super().__init__(hands, rules, dealer, talon)
        self.bid_trump: int = -1
        self.no_trump = False
        self.marriages: list[tuple[Seat, Suit]] = []
        self.four_aces: Seat | None = None
        for seat in PLAYING_SEATS[self.rules.players]:
            if self.hands[seat] & ACES == ACES:
                self.four_aces = seat

    # ------------------------------------------------------------------ auction

    def _valid_bid(self, points: int) -> str | None:
        """Return why a bid amount is refused, or ``None``."""
        rules = self.rules
        if points < rules.min_bid:
            return "too-low"
        if points <= self.high_bid:
            return "not-higher"
        if points > MAX_BID:
            return "too-high"
        if not on_bid_step(rules, points):
            return "step"
        return None

    def lowest_bids(self, count: int) -> list[Bid]:
        """The ``count`` lowest bids the player to act may make (naming trumps if due)."""
        out: list[Bid] = []
        step = self.rules.bid_step
        points = max(self.rules.min_bid, self.high_bid + 1)
        if step > 1 and points != self.rules.min_bid and points % step:
            points += step - points % step
        while len(out) < count and points <= MAX_BID:
            if self.rules.trump_with_bid:
                out.append(Bid(points, Suit(len(out) % 4)))
            else:
                out.append(Bid(points))
            # The next bid: one more, or the next multiple of the step.
            points += 1 if step == 1 else step - points % step
        return out

    def marriage_leads(self) -> list[Play]:
        """The marriage announcements the player to act may make by leading (``marriage-on-lead``)."""
        if self.hp_phase is not Phase.PLAY or self.trick_cards or self.pending is not None:
            return []
        held = self.hands[self.to_act]
        # A marriage is shown by leading one of its cards: the lead duties still apply.
        allowed = self.legal_play_mask()
        out: list[Play] = []
        for s in range(4):
            if held & KING_QUEEN[s] == KING_QUEEN[s] and allowed & KING_QUEEN[s]:
                for rank in (Rank.KING, Rank.QUEEN):
                    if allowed >> (s * 9 + rank) & 1:
                        out.append(Play(ALL_CARDS[s * 9 + rank], True))
        return out

    def _bids(self) -> list[int]:
        return [
            p
            for p in range(max(self.rules.min_bid, self.high_bid + 1), MAX_BID + 1)
            if self._valid_bid(p) is None
        ]

    def _redeal_reason(self, seat: Seat) -> str | None:
        hand = self.hands[seat]
        # Four aces are declared before bidding: only until the first bid of the deal.
        if hand & ACES == ACES and self.rules.four_aces == "redeal" and self.bidder is None:
            return "four-aces"
        if not hand & COUNTING:
            return "no-counting-card"
        return None

    def _auction_over(self) -> bool:
        players = self.rules.players
        if self.bidder is None:
            return self.passes >= players
        return self.passes >= players - 1

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now."""
        phase = self.phase
        seat = self.to_act
        if phase is Phase.BID:
            out: list[Action] = [Pass()]
            suits: list[Suit | None] = list(Suit) if self.rules.trump_with_bid else [None]
            out += [Bid(p, s) for p in self._bids() for s in suits]
            if self.calls < self.rules.players and self._redeal_reason(seat) is not None:
                out.append(Redeal())
            return out
        if phase is Phase.DISCARD:
            return list(self.discards())
        if phase is Phase.TRUMP:
            return [NameTrump(s) for s in Suit]
        if phase is Phase.DONE:
            return []
        return super().legal_actions() + self.marriage_leads()

    def check(self, action: Action | str) -> Action:
        """Return the action if it is legal now; else raise ``IllegalAction`` with the rule id."""
        if isinstance(action, str):
            from .actions import parse_action

            action = parse_action(action)
        phase = self.phase
        seat = self.to_act
        if phase is Phase.BID:
            if isinstance(action, Pass):
                return action
            if isinstance(action, Redeal):
                if self.calls >= self.rules.players:
                    raise self._illegal("huutopussi-redeal", action, why="too-late")
                if self._redeal_reason(seat) is None:
                    aces = self.hands[seat] & ACES == ACES and self.rules.four_aces == "redeal"
                    raise self._illegal(
                        "huutopussi-redeal", action, why="after-bid" if aces else "not-eligible"
                    )
                return action
            if isinstance(action, Bid):
                why = self._valid_bid(action.points)
                if why is not None:
                    raise self._illegal(
                        "bidding",
                        action,
                        why=why,
                        points=action.points,
                        high=self.high_bid,
                        min=self.rules.min_bid,
                        step=self.rules.bid_step,
                    )
                if self.rules.trump_with_bid and action.suit is None:
                    raise self._illegal("huutopussi-trump", action, why="name-with-bid")
                if not self.rules.trump_with_bid and action.suit is not None:
                    raise self._illegal("huutopussi-trump", action, why="name-after")
                return action
            raise self._illegal("bidding", action, why="auction")
        if phase is Phase.DISCARD:
            if not isinstance(action, Discard):
                raise self._illegal("huutopussi-three", action, why="discard-first")
            if not self._owns_three(action.cards):
                raise self._illegal("huutopussi-three", action, why="three-own-cards")
            return action
        if phase is Phase.TRUMP:
            if not isinstance(action, NameTrump) or action.suit is None:
                raise self._illegal("huutopussi-trump", action, why="name-trump")
            return action
        if isinstance(action, Play) and action.marriage:
            card = action.card
            if self.trick_cards or phase is not Phase.PLAY:
                raise self._illegal("marriage-on-lead", action, why="not-leading", card=card)
            if (
                card.rank not in (Rank.KING, Rank.QUEEN)
                or self.hands[seat] & KING_QUEEN[card.suit] != KING_QUEEN[card.suit]
            ):
                raise self._illegal("marriage-on-lead", action, why="no-marriage", card=card)
            super().check(PLAYS[card.index])
            return action
        if isinstance(action, (Bid, Pass, Redeal, Discard, NameTrump)):
            raise self._illegal("deal-over" if phase is Phase.DONE else "bidding", action, why="auction-over")
        return super().check(action)

    # ------------------------------------------------------------------ make / unmake

    # The fields an auction, discard or trump action changes; pop restores them.
    _AUCTION_FIELDS = (*AuctionDeal._AUCTION_FIELDS, "bid_trump", "no_trump")

    def push(self, action: Action) -> None:
        """Apply an action without checking it; ``pop`` undoes it."""
        seat = self.to_act
        if isinstance(action, Play):
            if action.marriage:
                self.marriages.append((seat, action.card.suit))
            super().push(action)
            return
        self._push_auction(action)
        players = self.rules.players
        after = NEXT_SEAT[players][seat]
        if isinstance(action, Redeal):
            self.redeal = "four-aces" if self.hands[seat] & ACES == ACES else "no-counting-card"
            self.hp_phase = Phase.DONE
            return
        if isinstance(action, (Bid, Pass)):
            self.calls += 1
            if isinstance(action, Bid):
                self.high_bid = action.points
                self.bidder = seat
                self.bid_trump = -1 if action.suit is None else int(action.suit)
                self.passes = 0
            else:
                self.passes += 1
            self.to_act = after
            if self._auction_over():
                self._end_auction()
            return
        if isinstance(action, Discard):
            self.hands[seat] &= ~mask_of(action.cards)
            self.discarded = mask_of(action.cards)
            if self.rules.trump_with_bid:
                # The suit named with the winning bid is trump: no second call for it.
                self._start_play(self.bid_trump)
            else:
                self.hp_phase = Phase.TRUMP
            return
        if isinstance(action, NameTrump):
            self._start_play(int(action.suit) if action.suit is not None else -1)
            return
        self._undo.pop()
        self.history.pop()
        super().push(action)

    def _end_auction(self) -> None:
        if self.bidder is None:
            if self.rules.all_pass == "no-trump":
                self.no_trump = True
                self._start_play(-1, self.leader)
            else:
                self.redeal = "all-pass"
                self.hp_phase = Phase.DONE
            return
        self.to_act = self.bidder
        if self.rules.players == 3:
            self.hands[self.bidder] |= self.talon
            self.hp_phase = Phase.DISCARD
        elif self.rules.trump_with_bid:
            self._start_play(self.bid_trump)
        else:
            self.hp_phase = Phase.TRUMP

    def _start_play(self, trump: int, leader: Seat | None = None) -> None:
        if trump < 0 and self.bidder is not None and self.rules.trump_with_bid:
            trump = self.bid_trump
        self.trump = trump
        if trump >= 0:
            self.declared = 1 << trump
        first = leader if leader is not None else self.bidder
        assert first is not None
        self.leader = self.trick_leader = self.to_act = first
        self.hp_phase = Phase.PLAY

    def pop(self) -> Action:
        """Take back the last action and return it."""
        action = super().pop()
        if isinstance(action, Play) and action.marriage:
            self.marriages.pop()
        return action

    def _restored(self) -> None:
        self.declared = 0 if self.trump < 0 else 1 << self.trump

    # ------------------------------------------------------------------ results

    def result(self, carried: int = 0) -> ContractScore:
        """Score the finished deal (see ``score_contract``)."""
        return score_contract(self)


@dataclass(frozen=True)
class ContractScore(DealScore):
    """The score of a Huutopussi deal: ``points`` per side, and the contract."""

    bid: int = 0
    bidder: Seat | None = None
    collected: tuple[int, ...] = ()
    made: bool | None = None
    redeal: str | None = None
    # The contract the declarer set (Huutopussi with marriage trumps may raise the bid).
    contract: int = 0


def contract_points(bid: int, collected: int, double_penalty: bool = False) -> int:
    """Score of the bidding side: the total when the bid is made, else minus the bid.

    >>> contract_points(60, 85), contract_points(60, 55), contract_points(70, 65, double_penalty=True)
    (85, -60, -140)
    """
    if collected >= bid:
        return collected
    return -2 * bid if double_penalty else -bid


def score_contract(deal: HuutopussiDeal) -> ContractScore:
    """Score a finished Huutopussi deal, every step with its rule id."""
    facts = ContractFacts(
        **deal.played_facts(), trump=deal.trump, marriages=tuple(deal.marriages), four_aces=deal.four_aces
    )
    return score_contract_facts(deal.rules, facts)


@dataclass(frozen=True)
class ContractFacts:
    """What a Huutopussi score depends on: the cards each side took (masks), the tricks
    each won, who took the last trick, the contract, trumps (-1: none), the marriages
    announced on lead, the discard (three players), four aces and a redeal."""

    taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    last_winner: Seat
    bidder: Seat | None
    bid: int
    trump: int
    marriages: tuple[tuple[Seat, Suit], ...] = ()
    discarded: int = 0
    four_aces: Seat | None = None
    redeal: str | None = None


def redeal_score(rules: Rules, rule: str, why: str, tricks_won: tuple[int, ...]) -> ContractScore:
    """The score of a deal dealt again: nobody scores, one step saying why (``rule``)."""
    zeros = tuple([0] * (3 if rules.players == 3 else 2))
    step = ScoreStep(rule, None, 0, {"why": why})
    none = (0, 0)
    return ContractScore(rules, (step,), zeros, tuple(tricks_won), none, none, none, zeros, 0, redeal=why)


def contract_score(
    rules: Rules,
    steps: list[ScoreStep],
    points: list[int],
    tricks_won: tuple[int, ...],
    first_side_taken: int,
    collected: list[int],
    bid: int,
    bidder: Seat | None,
    made: bool | None,
    contract: int | None = None,
) -> ContractScore:
    """A scored deal of either Huutopussi family: the working, the points per side, what
    each side collected and the contract (``contract``: the bid unless raised)."""
    matit = count_cards(first_side_taken)[0]
    return ContractScore(
        rules,
        tuple(steps),
        tuple(points),
        tuple(tricks_won),
        (matit, 8 - matit),
        (0, 0),
        (0, 0),
        tuple(collected),
        0,
        bid=bid,
        bidder=bidder,
        collected=tuple(collected),
        made=made,
        contract=bid if contract is None else contract,
    )


def card_steps(
    rule: str,
    side_list: list[Pair | Seat],
    taken: list[int],
    values: dict[Rank, int],
    last: Seat,
    last_bonus: int,
    players: int,
) -> tuple[list[int], list[ScoreStep]]:
    """The card points each side took and the last trick's bonus, as points per side
    and steps of the working under ``rule`` (both Huutopussi families count so)."""
    steps: list[ScoreStep] = []
    collected = [0] * len(side_list)
    for i, mask in enumerate(taken):
        card_points = count_cards(mask, values)[3]
        collected[i] += card_points
        steps.append(ScoreStep(rule, side_list[i], card_points, {"step": "cards", "cards": card_points}))
    collected[SIDES[players][last]] += last_bonus
    last_step = {"step": "last-trick", "seat": last, "points": last_bonus}
    steps.append(ScoreStep(rule, side_of(last, players), last_bonus, last_step))
    return collected, steps


def score_contract_facts(rules: Rules, deal: ContractFacts) -> ContractScore:
    """Score Huutopussi from the facts of a deal (what ``score_contract`` does for a played
    deal; the scoring widget calls it with the reader's choices)."""
    players = rules.players
    n_sides = 3 if players == 3 else 2
    seats = PLAYING_SEATS[players]

    def side_key(seat: Seat) -> Pair | Seat:
        return side_of(seat, players)

    def index(seat: Seat) -> int:
        return SIDES[players][seat]

    side_list: list[Pair | Seat] = list(seats) if players == 3 else [Pair.NS, Pair.EW]
    if deal.redeal is not None:
        return redeal_score(rules, "huutopussi-redeal", deal.redeal, deal.tricks_won)
    taken = list(deal.taken)
    if deal.bidder is not None and players == 3:
        taken[index(deal.bidder)] |= deal.discarded
    collected, steps = card_steps(
        "huutopussi-scoring", side_list, taken, CARD_POINTS["original"], deal.last_winner, 10, players
    )
    for seat, suit in deal.marriages:
        worth = 40 if deal.trump == suit else 20
        won = deal.tricks_won[index(seat)] > 0
        steps.append(
            ScoreStep(
                "marriage-on-lead",
                side_key(seat),
                worth if won else 0,
                {"suit": suit, "points": worth, "counts": won, "seat": seat},
            )
        )
        if won:
            collected[index(seat)] += worth
    if deal.four_aces is not None and rules.four_aces == "bonus" and rules.four_aces_bonus:
        collected[index(deal.four_aces)] += rules.four_aces_bonus
        steps.append(
            ScoreStep(
                "huutopussi-redeal",
                side_key(deal.four_aces),
                rules.four_aces_bonus,
                {"why": "four-aces-bonus"},
            )
        )
    for i in range(n_sides):
        if deal.tricks_won[i] == rules.tricks_per_deal and rules.molotov_bonus:
            collected[i] += rules.molotov_bonus
            steps.append(ScoreStep("molotov", side_list[i], rules.molotov_bonus, {}))
    final = list(collected)
    made: bool | None = None
    if deal.bidder is not None:
        b = index(deal.bidder)
        made = collected[b] >= deal.bid
        final[b] = contract_points(deal.bid, collected[b], rules.double_penalty)
        steps.append(
            ScoreStep(
                "contract",
                side_list[b],
                final[b],
                {
                    "bid": deal.bid,
                    "collected": collected[b],
                    "made": made,
                    "double": rules.double_penalty,
                },
            )
        )
        for i in range(n_sides):
            if i != b:
                steps.append(
                    ScoreStep(
                        "contract", side_list[i], final[i], {"defenders": True, "collected": collected[i]}
                    )
                )
    else:
        steps.append(ScoreStep("bidding", None, 0, {"why": "no-contract"}))
    return contract_score(
        rules, steps, final, deal.tricks_won, taken[0], collected, deal.bid, deal.bidder, made
    )


@dataclass(frozen=True)
class GameEnd:
    """Where a game to a target stands after a deal (``huutopussi-game``).

    ``winner``: the index of the side that has won, or ``None``. ``level``: when more than
    one side passed the target and the highest of them are level, those sides (the game
    goes on with another deal); empty otherwise.
    """

    winner: int | None
    level: tuple[int, ...] = ()


def judge_game(
    totals: Sequence[int], target: int, bidder_side: int | None = None, bidder_first: bool = True
) -> GameEnd:
    """Judge a game to ``target`` after a deal: who has won, or which sides are level past it.

    A side that reaches the target wins. When several reach it in the same deal, the
    bidding side wins if it is among them (with ``bidder_first``, as in Huutopussi);
    otherwise the highest total wins, and an exact tie at the top plays another deal.

    >>> judge_game((510, 480), 500), judge_game((530, 510), 500, bidder_side=1)
    (GameEnd(winner=0, level=()), GameEnd(winner=1, level=()))
    >>> judge_game((520, 520), 500)  # all passed, both pairs on 520: another deal
    GameEnd(winner=None, level=(0, 1))
    >>> judge_game((505, 530, 530), 500, bidder_side=0)  # three players, the bidder not on top
    GameEnd(winner=0, level=())
    >>> judge_game((-60, 530, 530), 500, bidder_side=0)  # the bidder failed: the defenders tie
    GameEnd(winner=None, level=(1, 2))
    """
    reached = [i for i, total in enumerate(totals) if total >= target]
    if not reached:
        return GameEnd(None)
    if bidder_first and bidder_side is not None and bidder_side in reached:
        return GameEnd(bidder_side)
    best = max(totals[i] for i in reached)
    top = tuple(i for i in reached if totals[i] == best)
    return GameEnd(top[0]) if len(top) == 1 else GameEnd(None, top)


class HuutopussiSheet:
    """The running totals of a Huutopussi game (to 500 by default, ``huutopussi-game``).

    ``level``: the sides level on the highest total past the target after the last deal
    (no winner yet: another deal is played); empty otherwise.

    >>> sheet = HuutopussiSheet(find_rules("huutopussi"))
    >>> sheet.add((85, 45), bidder_side=0).totals
    (85, 45)
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = 3 if rules.players == 3 else 2
        self.totals: tuple[int, ...] = tuple([0] * n)
        self.rows: list[tuple[tuple[int, ...], int | None]] = []
        self.winner: int | None = None
        self.level: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """Tell whether a side has won the game."""
        return self.winner is not None

    def __repr__(self) -> str:
        winner = "" if self.winner is None else f", winner={self.winner}"
        return f"<HuutopussiSheet {self.rules.name} totals={self.totals}{winner}>"

    def add(self, points: tuple[int, ...], bidder_side: int | None = None) -> HuutopussiSheet:
        """Add one deal's points; the game ends when a side reaches the target (``judge_game``)."""
        if self.over:
            raise MarjapussiError("the game is over")
        self.totals = tuple(a + b for a, b in zip(self.totals, points, strict=True))
        self.rows.append((tuple(points), bidder_side))
        end = judge_game(self.totals, self.rules.game_to, bidder_side)
        self.winner, self.level = end.winner, end.level
        return self

    def add_deal(self, score: ContractScore) -> HuutopussiSheet:
        """Add a scored deal."""
        bidder = None if score.bidder is None else SIDES[self.rules.players][score.bidder]
        return self.add(tuple(score.points), bidder)
