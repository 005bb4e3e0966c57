"""One deal as a state machine: from four hands to the last trick, with undo.

``Deal`` follows python-chess's ``Board``: ``play(action)`` checks an action and applies
it, ``push(action)`` applies it unchecked (fast, for search), ``pop()`` takes the last one
back, ``legal_actions()`` lists what the player to act may do, and ``explain()`` says for
every card in that player's hand whether it may be played and which rule decides.

>>> from marjapussi import Deal, parse_card
>>> deal = Deal.from_text("N: CA C10 CK CQ CJ C9 C8 C7 C6 / E: SA S10 SK SQ SJ S9 S8 S7 S6 /"
...                       " S: HA H10 HK HQ HJ H9 H8 H7 H6 / W: DA D10 DK DQ DJ D9 D8 D7 D6")
>>> deal.to_act, [str(a) for a in deal.legal_actions()]
(Seat.N, ['CA'])
>>> deal.play("C6")
Traceback (most recent call last):
...
marjapussi.errors.IllegalAction: North may not play ♣6: ... (The ace of clubs opens the erä).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from .actions import (
    ANSWER_NO,
    ANSWERS,
    ASK_HALVES,
    ASK_WHOLE,
    DECLARES,
    PLAYS,
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Declare,
    Play,
    parse_action,
)
from .cards import (
    ALL_CARDS,
    SUIT_MASK,
    Card,
    Pair,
    Rank,
    Seat,
    Suit,
    cards_of,
    deck,
    mask_of,
    parse_cards,
)
from .duties import ABOVE, ACE_MASK, Duty, follow_duties, lead_duties
from .errors import CardParseError, IllegalAction, MarjapussiError
from .rules import GUILD, Rules

__all__ = ["CardVerdict", "Deal", "Declaration", "InvalidDeal", "Phase", "Trick", "random_hands"]

KING_QUEEN: tuple[int, ...] = tuple(
    (1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4)
)
CLUBS_ACE = 1 << (Suit.CLUBS * 9 + Rank.ACE)
SPADES = SUIT_MASK[Suit.SPADES]
ACE_BITS: tuple[int, ...] = tuple(1 << (s * 9 + Rank.ACE) for s in range(4))


class InvalidDeal(MarjapussiError):
    """Hands that do not make a deal: wrong count, a card twice, a card not in the pack."""

    message_id = "bad-deal"

    def __init__(self, problem: str, **facts: Any) -> None:
        super().__init__(problem, facts)
        self.problem = problem
        self.facts = facts

    def params(self) -> dict[str, Any]:
        return {"problem": self.problem, **self.facts}


class Phase(StrEnum):
    """What the deal waits for."""

    BID = "bid"
    GIVE = "give"
    CONTRACT = "contract"
    RETURN = "return"
    DISCARD = "discard"
    TRUMP = "trump"
    PLAY = "play"
    ANSWER = "answer"
    DONE = "done"


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, and who won it."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    @property
    def plays(self) -> list[tuple[Seat, Card]]:
        """The (seat, card) pairs in play order."""
        order = NEXT_SEAT[len(self.cards)]
        seat = self.leader
        out = []
        for card in self.cards:
            out.append((seat, card))
            seat = order[seat]
        return out


@dataclass(frozen=True)
class Declaration:
    """A declaration attempt after a won trick.

    ``method`` is ``own``, ``whole`` or ``half``; ``suit`` is the suit declared or ``None``
    when the answer was no; ``kind`` is ``trump``, ``small-trump`` or ``None``; ``holder``
    is the seat whose cards made it; ``burned`` lists the (seat, suit) marriages the
    attempt burned.
    """

    seat: Seat
    after_trick: int
    method: str
    asked_suit: Suit | None
    suit: Suit | None
    kind: str | None
    holder: Seat | None
    burned: tuple[tuple[Seat, Suit], ...] = ()

    @property
    def pair(self) -> Pair:
        """The pair that made the attempt."""
        return self.seat.pair


@dataclass(frozen=True)
class CardVerdict:
    """Whether one card in the hand may be played, and which rule decides.

    For a refused card, ``rule`` forbids it. For an allowed card, ``rule`` is the last duty
    that applied to it (``None`` when none applied, or for the hand's last card, whose
    ``detail`` is ``{"last": True}``); ``detail`` holds the facts (the card to beat, the
    suit to follow).
    """

    card: Card
    allowed: bool
    rule: str | None
    detail: dict[str, Any] = field(default_factory=dict)


class _Masks(tuple):  # type: ignore[type-arg]
    """Four hand masks already known to make a valid deal (the fast constructor path)."""


_DECK_INDEXES: dict[int, list[int]] = {size: [c.index for c in deck(size)] for size in (36, 32, 28)}


def _random_masks(rng: random.Random, rules: Rules) -> _Masks:
    cards = list(_DECK_INDEXES[rules.deck_size])
    rng.shuffle(cards)
    n = rules.hand_size
    masks = []
    for i in range(4):
        mask = 0
        for c in cards[i * n : (i + 1) * n]:
            mask |= 1 << c
        masks.append(mask)
    return _Masks(masks)


def random_hands(rng: random.Random, rules: Rules = GUILD) -> list[list[Card]]:
    """Deal the pack at random into hands, with the given seeded ``random.Random``."""
    return [cards_of(mask) for mask in _random_masks(rng, rules)]


_SEATS: tuple[Seat, ...] = tuple(Seat)

NEXT_SEAT: dict[int, tuple[Seat, ...]] = {
    4: (Seat.E, Seat.S, Seat.W, Seat.N),
    3: (Seat.E, Seat.S, Seat.N, Seat.N),  # three players sit N, E and S; W is empty
}
"""The next seat clockwise, by the number of players."""

PLAYING_SEATS: dict[int, tuple[Seat, ...]] = {4: tuple(Seat), 3: (Seat.N, Seat.E, Seat.S)}
"""The seats in play, by the number of players."""

SIDES: dict[int, tuple[int, ...]] = {4: (0, 1, 0, 1), 3: (0, 1, 2, 2)}
"""Who scores together: pairs NS/EW with four players, each for himself with three."""

HandsArg = Mapping[Seat, Iterable[Card]] | Sequence[Iterable[Card]]


class Deal:
    """The state of one deal of Marjapussi, with make/unmake.

    ``hands``: four hands, as a mapping from seats or a sequence in seat order N E S W.
    ``opening``: this is the first deal of an erä (guild) or of the match (pagat); it
    decides the ♣A lead. ``leader``: overrides who leads (else found from the rules).
    """

    def __init__(
        self,
        hands: HandsArg,
        rules: Rules = GUILD,
        dealer: Seat = Seat.W,
        opening: bool = True,
        leader: Seat | None = None,
    ) -> None:
        self.rules = rules
        self.dealer = Seat(dealer)
        self.opening = opening
        self.initial_hands: tuple[int, ...] = self._check_hands(hands)
        self.hands: list[int] = list(self.initial_hands)
        if leader is None:
            leader = self._first_leader()
        self.leader: Seat = Seat(leader)
        # Settings read once (the rules' decision points), kept as plain fields for speed.
        self._n_tricks = rules.tricks_per_deal
        self._n_seats = rules.players
        self._next = NEXT_SEAT[rules.players]
        self._side = SIDES[rules.players]
        self._must_beat = rules.must_beat
        self._first_trick_ace = rules.first_trick_ace
        self._declare_from = rules.declare_from_trick
        self._small_trump_lead = rules.small_trump_lead
        self._clubs_ace_lead = opening and rules.opening_lead == "clubs-ace-each-era"
        self._ace_spade_lead = rules.ace_spade_lead == "every-deal" or (
            rules.ace_spade_lead == "later-deals" and not opening
        )
        self.trick_leader: Seat = self.leader
        self.to_act: Seat = self.leader
        self.trick_cards: list[int] = []
        self._tricks: list[tuple[int, int, tuple[int, ...]]] = []
        self._trick_views: list[Trick] = []
        self._win_card = -1
        # Cards taken and tricks won by each side (pairs NS, EW; or each of three players).
        self.taken: list[int] = [0] * (3 if rules.players == 3 else 2)
        self.tricks_won: list[int] = [0] * (3 if rules.players == 3 else 2)
        self.trump: int = -1
        self.declared = 0
        self.burned = 0
        self.declarations: list[Declaration] = []
        self.window = False
        # The trick's leader must be its winner for a declaration after it (marriage trumps).
        self._own_lead_window = rules.family == "huutopussi-marriage" and rules.declare_right == "own-led"
        self.pending: tuple[Seat, str, int] | None = None
        self._pending_burned: tuple[tuple[Seat, Suit], ...] = ()
        # The card a pending half ask asks for (its mask; 0 when no half ask waits).
        self.asked_card = 0
        self.lead_suit_duty = -1
        self.history: list[tuple[Seat, Action]] = []
        self.comments: dict[int, str] = {}
        self._undo: list[tuple[Any, ...]] = []

    # ------------------------------------------------------------------ set-up

    def _check_hands(self, hands: HandsArg) -> tuple[int, ...]:
        if isinstance(hands, _Masks):
            return tuple(hands)
        seats = PLAYING_SEATS[self.rules.players]
        if isinstance(hands, Mapping):
            missing = [s for s in seats if s not in hands]
            if missing:
                raise InvalidDeal("missing-hand", seat=missing[0].name)
            ordered = [list(hands.get(s, ())) for s in Seat]
        else:
            ordered = [list(h) for h in hands]
            if len(ordered) == len(seats) == 3:
                ordered.append([])
            if len(ordered) != 4:
                raise InvalidDeal("hand-count", count=len(ordered))
        pack = mask_of(deck(self.rules.deck_size))
        seen = 0
        masks = []
        for seat, hand in zip(Seat, ordered, strict=True):
            cards = [c if isinstance(c, Card) else parse_cards([str(c)])[0] for c in hand]
            expected = self.rules.hand_size if seat in seats else 0
            if len(cards) != expected:
                raise InvalidDeal("hand-size", seat=seat.name, count=len(cards), expected=expected)
            mask = 0
            for c in cards:
                if seen & c.bit:
                    raise InvalidDeal("card-twice", card=c.code, seat=seat.name)
                if not pack & c.bit:
                    raise InvalidDeal("card-not-in-pack", card=c.code, deck_size=self.rules.deck_size)
                seen |= c.bit
                mask |= c.bit
            masks.append(mask)
        return tuple(masks)

    def _first_leader(self) -> Seat:
        opening_lead = self.rules.opening_lead
        if self.opening and opening_lead in ("clubs-ace-each-era", "clubs-ace-first-deal"):
            for seat in Seat:
                if self.initial_hands[seat] & CLUBS_ACE:
                    return seat
        return self.dealer.next

    @classmethod
    def from_text(cls, text: str, rules: Rules = GUILD, **kwargs: Any) -> Deal:
        """Make a deal from text such as ``"N: SA SK ... / E: ... / S: ... / W: ..."``."""
        hands: dict[Seat, list[Card]] = {}
        for part in text.split("/"):
            seat_text, sep, cards = part.partition(":")
            if not sep:
                raise InvalidDeal("hands-text", text=part.strip())
            hands[Seat.parse(seat_text)] = parse_cards(cards)
        return cls(hands, rules, **kwargs)

    @classmethod
    def random(cls, seed: int | random.Random, rules: Rules = GUILD, **kwargs: Any) -> Deal:
        """Make a deal from a seeded random shuffle (the seed or a ``random.Random``).

        The same seed gives the same hands as ``random_hands``.
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(_random_masks(rng, rules), rules, **kwargs)

    def copy_start(self) -> Deal:
        """Return a new deal with the same hands and set-up and no actions."""
        return Deal(
            list(map(cards_of, self.initial_hands)), self.rules, self.dealer, self.opening, self.leader
        )

    # ------------------------------------------------------------------ views

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        views = self._trick_views
        if len(views) != len(self._tricks):
            del views[len(self._tricks) :]
            for leader, winner, cards in self._tricks[len(views) :]:
                views.append(
                    Trick(len(views) + 1, _SEATS[leader], tuple(ALL_CARDS[c] for c in cards), _SEATS[winner])
                )
        return list(views)

    @property
    def last_winner(self) -> Seat | None:
        """Who won the latest finished trick (``None`` before the first)."""
        return _SEATS[self._tricks[-1][1]] if self._tricks else None

    @property
    def last_trick(self) -> Trick | None:
        """The latest finished trick, or ``None``."""
        return self.tricks[-1] if self._tricks else None

    @property
    def phase(self) -> Phase:
        """What the deal waits for: a card, an answer, or nothing (done)."""
        if self.pending is not None:
            return Phase.ANSWER
        if len(self._tricks) == self._n_tricks:
            return Phase.DONE
        return Phase.PLAY

    def is_over(self) -> bool:
        """Tell whether every trick has been played."""
        return len(self._tricks) == self._n_tricks

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit (valtti), or ``None`` before the first declaration."""
        return None if self.trump < 0 else Suit(self.trump)

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played or about to be led."""
        return len(self._tricks) + 1

    def hand(self, seat: Seat) -> list[Card]:
        """The cards now in a seat's hand."""
        return cards_of(self.hands[seat])

    def initial_hand(self, seat: Seat) -> list[Card]:
        """The cards a seat was dealt."""
        return cards_of(self.initial_hands[seat])

    @property
    def table(self) -> list[tuple[Seat, Card]]:
        """The cards of the current trick, in play order, with their seats."""
        out = []
        seat = self.trick_leader
        for c in self.trick_cards:
            out.append((seat, ALL_CARDS[c]))
            seat = self._next[seat]
        return out

    def is_burned(self, seat: Seat, suit: Suit) -> bool:
        """Tell whether a seat's marriage in a suit is burned (``burn``)."""
        return bool(self.burned >> (seat * 4 + suit) & 1)

    def is_declared(self, suit: Suit) -> bool:
        """Tell whether a suit has been declared (as trump or small trump)."""
        return bool(self.declared >> suit & 1)

    def can_look_back(self) -> bool:
        """Tell whether the first and latest tricks may be looked at (``look-back``)."""
        return not self.trick_cards and bool(self._tricks)

    def look_back(self) -> list[Trick]:
        """The tricks a player may look at now: the first and the latest (``look-back``)."""
        if not self.can_look_back():
            return []
        tricks = self.tricks
        return [tricks[0]] if len(tricks) == 1 else [tricks[0], tricks[-1]]

    def position_text(self) -> str:
        """A one-line description of the position, for error messages and logs."""
        table = " ".join(c.code for _, c in self.table) or "-"
        trump = self.trump_suit.letter if self.trump_suit is not None else "-"
        return f"trick {self.trick_number}, {self.to_act.name} to act, table {table}, trump {trump}"

    # ------------------------------------------------------------------ legality

    def _play_layers(self) -> list[Duty]:
        hand = self.hands[self.to_act]
        if not self.trick_cards:
            first = not self._tricks
            return lead_duties(
                hand,
                first,
                self._clubs_ace_lead,
                self._ace_spade_lead,
                self.lead_suit_duty,
            )
        return follow_duties(
            hand,
            self.trick_cards,
            self.trump if self.trump >= 0 else None,
            self._must_beat,
            self._first_trick_ace and not self._tricks,
        )

    def legal_play_mask(self) -> int:
        """The mask of cards the player to act may play (0 outside the play phase).

        The fast path of the same decision as ``explain`` (the tests check they agree).
        """
        if self.pending is not None or len(self._tricks) == self._n_tricks:
            return 0
        hand = self.hands[self.to_act]
        trick = self.trick_cards
        if not trick:
            if not self._tricks:
                if self._clubs_ace_lead and hand & CLUBS_ACE:
                    return CLUBS_ACE
                if self._ace_spade_lead:
                    return hand & ACE_MASK or hand & SPADES or hand
                return hand
            duty = self.lead_suit_duty
            if duty >= 0:
                return hand & SUIT_MASK[duty] or hand
            return hand
        led = trick[0] // 9
        follow = hand & SUIT_MASK[led]
        win = self._win_card
        if follow:
            if self._first_trick_ace and not self._tricks and follow & ACE_BITS[led]:
                return ACE_BITS[led]
            if self._must_beat and win // 9 == led:
                return follow & ABOVE[win] or follow
            return follow
        trump = self.trump
        if trump >= 0:
            trumps = hand & SUIT_MASK[trump]
            if trumps:
                if self._must_beat and win // 9 == trump:
                    return trumps & ABOVE[win] or trumps
                return trumps
        return hand

    def _declaration_open(self) -> bool:
        return self.window and self.pending is None and not self.trick_cards

    def _own_marriages(self, seat: Seat) -> list[Suit]:
        hand = self.hands[seat]
        return [Suit(s) for s in range(4) if hand & KING_QUEEN[s] == KING_QUEEN[s]]

    def answers(self) -> list[Answer]:
        """The answers the asked partner may give (one if truth leaves no choice)."""
        if self.pending is None:
            return []
        asker, method, suit = self.pending
        partner = asker.partner
        hand = self.hands[partner]
        if method == "half":
            return [ANSWERS[suit]] if hand & self.asked_card else [ANSWER_NO]
        suits = self.answerable(partner)
        return [ANSWERS[s] for s in range(4) if suits >> s & 1] or [ANSWER_NO]

    def answerable(self, seat: Seat) -> int:
        """The suits (a mask) whose marriage ``seat`` could give now as the answer to a
        whole ask: king and queen in his hand, the suit not declared, the marriage not
        barred from answering (here: not burned)."""
        hand = self.hands[seat]
        blocked = self.declared | self._answer_bars(seat)
        return sum(1 << s for s in range(4) if hand & KING_QUEEN[s] == KING_QUEEN[s] and not blocked >> s & 1)

    def _answer_bars(self, seat: Seat) -> int:
        """The suits (a mask) whose marriage ``seat`` may not give as a whole ask's answer:
        here his burned marriages (``burn``)."""
        return self.burned >> (seat * 4) & 0xF

    def legal_declarations(self) -> list[Action]:
        """The declarations and asks the player to act may make now."""
        if not (self.window and self.pending is None and not self.trick_cards):
            return []
        seat = self.to_act
        hand = self.hands[seat]
        declared = self.declared
        blocked = declared | self.burned >> (seat * 4)
        out: list[Action] = []
        halves: list[Action] = []
        for s in range(4):
            held = hand & KING_QUEEN[s]
            if not held:
                continue
            if held == KING_QUEEN[s]:
                if not blocked >> s & 1:
                    out.append(DECLARES[s])
            elif not declared >> s & 1:
                halves.append(ASK_HALVES[s])
        out.append(ASK_WHOLE)
        return out + halves

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now."""
        if self.pending is not None:
            return list(self.answers())
        out: list[Action] = self.legal_declarations()
        mask = self.legal_play_mask()
        while mask:
            low = mask & -mask
            out.append(PLAYS[low.bit_length() - 1])
            mask ^= low
        return out

    def explain(self) -> list[CardVerdict]:
        """Say for every card in the hand of the player to act whether it may be played.

        A refused card names the rule that forbids it; an allowed card names the last duty
        that applied to it, even one that every card of the hand fulfils (a hand of spades
        following a spade lead). ``None`` when no duty applied (a free choice), or when the
        card is the last one of the hand: then ``detail`` is ``{"last": True}``.
        """
        seat = self.to_act
        hand = self.hands[seat]
        if self.pending is not None:
            rule = self.ASK_RULES[self.pending[1]]
            return [CardVerdict(c, False, rule, {"waiting": "answer"}) for c in cards_of(hand)]
        if len(self._tricks) == self._n_tricks:
            return []
        if hand.bit_count() == 1:  # nothing to choose, whatever duty applied
            return [CardVerdict(cards_of(hand)[0], True, None, {"last": True})]
        layers = self._play_layers()
        verdicts = []
        final = layers[-1] if layers else None
        for card in cards_of(hand):
            refused_by = next((d for d in layers if not d.allowed & card.bit), None)
            if refused_by is not None:
                verdicts.append(CardVerdict(card, False, refused_by.rule, refused_by.detail))
            elif final is not None:
                verdicts.append(CardVerdict(card, True, final.rule, final.detail))
            else:
                verdicts.append(CardVerdict(card, True, None))
        return verdicts

    def check(self, action: Action | str) -> Action:
        """Return the action if it is legal now; else raise ``IllegalAction`` with the rule id."""
        if isinstance(action, str):
            action = parse_action(action)
        seat = self.to_act
        if self.phase is Phase.DONE:
            raise self._illegal("deal-over", action)
        if self.pending is not None:
            method = self.pending[1]
            rule = self.ASK_RULES[method]
            if not isinstance(action, Answer):
                raise self._illegal(rule, action, waiting="answer")
            if action in self.answers():
                return action
            if method == "whole" and action.suit is not None and self._answer_bars(seat) >> action.suit & 1:
                raise self._illegal("burn", action, suit=action.suit)
            if method == "whole" and action.suit is not None and self.is_declared(action.suit):
                raise self._illegal(rule, action, suit=action.suit, why="declared")
            if method == "whole" and action.suit is not None:
                raise self._illegal(rule, action, suit=action.suit, why="no-marriage")
            if method == "whole":
                raise self._illegal(rule, action, why="must-answer", answers=self.answers())
            raise self._illegal(rule, action, why="truthful", answers=self.answers())
        if isinstance(action, Play):
            if not self.hands[seat] & action.card.bit:
                raise self._illegal("not-in-hand", action, card=action.card)
            if action.marriage:
                raise self._illegal("marriage-on-lead", action, card=action.card)
            if self.legal_play_mask() & action.card.bit:
                # The fast path of explain(), which names the rule only for a refused card.
                return PLAYS[action.card.index]
            for verdict in self.explain():
                if verdict.card == action.card:
                    if verdict.allowed:
                        return PLAYS[action.card.index]
                    raise self._illegal(
                        verdict.rule or "follow-suit", action, **{"card": action.card, **verdict.detail}
                    )
        if isinstance(action, (Declare, AskWhole, AskHalf)):
            if not self._declaration_open():
                raise self._illegal(self.WINDOW_RULE, action, **self._window_why())
            refusal = self._declaration_refusal(seat, action)
            if refusal is not None:
                raise refusal
            return action
        if isinstance(action, Answer):
            raise self._illegal(self.ASK_RULES["whole"], action, why="no-question")
        raise self._illegal("wrong-game", action)

    # The rule ids a refused declaration, ask or answer cites (another family names its own).
    WINDOW_RULE = "declare-window"
    ASK_RULES: ClassVar[dict[str, str]] = {"whole": "ask-whole", "half": "ask-half"}

    def _declaration_refusal(
        self, seat: Seat, action: Declare | AskWhole | AskHalf
    ) -> IllegalAction | None:
        """Why a declaration or ask may not be made in an open window (``None``: it may)."""
        if isinstance(action, Declare):
            kq = KING_QUEEN[action.suit]
            if self.hands[seat] & kq != kq:
                return self._illegal("declare-own", action, suit=action.suit, why="no-marriage")
            if self.is_declared(action.suit):
                return self._illegal("declare-own", action, suit=action.suit, why="declared")
            if self.is_burned(seat, action.suit):
                return self._illegal("burn", action, suit=action.suit)
        if isinstance(action, AskHalf):
            held = self.hands[seat] & KING_QUEEN[action.suit]
            if not held or held == KING_QUEEN[action.suit] or action.rank is not None:
                return self._illegal("ask-half", action, suit=action.suit, why="no-half")
            if self.is_declared(action.suit):
                return self._illegal("ask-half", action, suit=action.suit, why="declared")
        return None

    def _window_why(self) -> dict[str, Any]:
        if self.rules.family == "huutopussi":
            # Huutopussi has no declarations after a trick: a marriage is shown on lead.
            return {"why": "huutopussi"}
        if self.trick_cards:
            return {"why": "trick-started"}
        if not self._tricks:
            return {"why": "no-trick"}
        if len(self._tricks) < self._declare_from:
            return {"why": "too-early", "first": self._declare_from}
        if self._tricks[-1][1] != self.to_act:
            return {"why": "not-winner"}
        if self._own_lead_window and self._tricks[-1][0] != self.to_act:
            return {"why": "not-own-lead"}
        return {"why": "one-attempt"}

    def _illegal(self, rule: str, action: Action, **detail: Any) -> IllegalAction:
        trick = len(self._tricks) + 1
        return IllegalAction(
            rule, self.to_act, action, self.position_text(), detail, trick=min(trick, self._n_tricks)
        )

    def is_legal(self, action: Action | str) -> bool:
        """Tell whether an action is legal now."""
        try:
            self.check(action)
        except (IllegalAction, CardParseError):
            return False
        return True

    # ------------------------------------------------------------------ make / unmake

    def play(self, action: Action | str) -> Action:
        """Check an action and apply it; return it. Raises ``IllegalAction`` if refused."""
        checked = self.check(action)
        self.push(checked)
        return checked

    def push(self, action: Action) -> None:
        """Apply an action without checking it (the fast path; ``pop`` undoes it)."""
        seat = self.to_act
        self.history.append((seat, action))
        if type(action) is Play:
            # Inlined _push_play: the hot path of search and random playouts.
            card = action.card.index
            trick = self.trick_cards
            self._undo.append((True, seat, card, self._win_card, self.window, self.lead_suit_duty))
            self.hands[seat] &= ~(1 << card)
            self.window = False
            if not trick:
                self.lead_suit_duty = -1
                self._win_card = card
            else:
                win = self._win_card
                if (card // 9 == win // 9 and card > win) or (
                    card // 9 == self.trump and win // 9 != self.trump
                ):
                    self._win_card = card
            trick.append(card)
            if len(trick) < self._n_seats:
                self.to_act = self._next[seat]
            else:
                self._finish_trick()
            return
        self._undo.append(
            (
                False,
                self.to_act,
                self.trump,
                self.declared,
                self.burned,
                len(self.declarations),
                self.window,
                self.pending,
                self._pending_burned,
                self.lead_suit_duty,
                self.asked_card,
            )
        )
        if isinstance(action, Answer):
            self._push_answer(seat, action)
        elif isinstance(action, Declare):
            self.window = False
            self._declare(seat, "own", None, int(action.suit), seat, ())
        elif isinstance(action, (AskWhole, AskHalf)):
            self.window = False
            burned = self._ask_burns(seat, action)
            for s_seat, s in burned:
                self.burned |= 1 << (s_seat * 4 + s)
            if isinstance(action, AskHalf):
                self.pending = (seat, "half", int(action.suit))
                self.asked_card = self._half_asked_for(seat, action)
            else:
                self.pending = (seat, "whole", -1)
            self._pending_burned = burned
            self.to_act = seat.partner
        else:
            self._undo.pop()
            self.history.pop()
            raise ValueError(f"not an action of this game: {action!r}")

    def _ask_burns(self, seat: Seat, action: AskWhole | AskHalf) -> tuple[tuple[Seat, Suit], ...]:
        """The marriages an ask burns (``burn``): a whole ask the asker's, a half ask both
        partners' whole marriages, in suits not yet declared."""
        askers = (seat,) if isinstance(action, AskWhole) else (seat, seat.partner)
        return tuple((p, s) for p in askers for s in self._own_marriages(p) if not self.declared >> s & 1)

    def _half_asked_for(self, seat: Seat, action: AskHalf) -> int:
        """The card a half ask asks for: the king or queen of the suit the asker lacks, or
        (a bluff naming one he lacks too) the other one."""
        kq = KING_QUEEN[action.suit]
        held = self.hands[seat] & kq
        if held:
            return kq & ~held
        named = 1 << (action.suit * 9 + (action.rank if action.rank is not None else Rank.KING))
        return kq & ~named

    def _finish_trick(self) -> None:
        trick = self.trick_cards
        # Seats in play are numbered 0..n-1 clockwise (N E S W, or N E S for three).
        winner = (self.trick_leader + trick.index(self._win_card)) % self._n_seats
        side = self._side[winner]
        taken = 0
        for card in trick:
            taken |= 1 << card
        self._tricks.append((self.trick_leader, winner, tuple(trick)))
        self.taken[side] |= taken
        self.tricks_won[side] += 1
        self.trick_cards = []
        self.window = self._declare_from <= len(self._tricks) < self._n_tricks and (
            not self._own_lead_window or winner == self.trick_leader
        )
        self.trick_leader = self.to_act = _SEATS[winner]

    def _push_answer(self, seat: Seat, action: Answer) -> None:
        assert self.pending is not None
        asker, method, asked = self.pending
        burned = self._pending_burned
        self.pending = None
        self.asked_card = 0
        self.to_act = asker
        if action.suit is None:
            self._denied(asker, method, asked)
            self.declarations.append(
                Declaration(
                    asker,
                    len(self._tricks),
                    method,
                    None if asked < 0 else Suit(asked),
                    None,
                    None,
                    None,
                    burned,
                )
            )
            return
        holder = seat if method == "whole" else asker
        self._declare(asker, method, Suit(asked) if asked >= 0 else None, int(action.suit), holder, burned)

    def _denied(self, asker: Seat, method: str, asked: int) -> None:
        """A no to an ask: what it leaves behind (nothing here; a family may remember it)."""

    def denial_matters(self, asker: Seat, suit: int) -> bool:
        """Whether a no to ``asker``'s half ask in ``suit`` takes anything from the pair
        beyond the ask itself (here nothing: a no leaves nothing behind)."""
        return False

    def _declare(
        self,
        seat: Seat,
        method: str,
        asked: Suit | None,
        suit: int,
        holder: Seat,
        burned: tuple[tuple[Seat, Suit], ...],
    ) -> None:
        self.declared |= 1 << suit
        kind = self._make_trump(suit)
        self.declarations.append(
            Declaration(seat, len(self._tricks), method, asked, Suit(suit), kind, holder, burned)
        )

    def _make_trump(self, suit: int) -> str:
        """What a declaration in ``suit`` makes: the first one trump (``trump``), each later
        one a small trump (``small-trump``) that the next lead must follow when the rules say."""
        if self.trump < 0:
            self.trump = suit
            return "trump"
        if self._small_trump_lead:
            self.lead_suit_duty = suit
        return "small-trump"

    def pop(self) -> Action:
        """Take back the last action and return it."""
        if not self.history:
            raise IndexError("pop from a deal with no actions")
        entry = self._undo.pop()
        if entry[0]:
            _, seat, card, self._win_card, self.window, self.lead_suit_duty = entry
            if not self.trick_cards:
                leader, winner, cards = self._tricks.pop()
                del self._trick_views[len(self._tricks) :]  # a view of the trick taken back
                side = self._side[winner]
                for c in cards:
                    self.taken[side] &= ~(1 << c)
                self.tricks_won[side] -= 1
                self.trick_cards = list(cards)
                self.trick_leader = _SEATS[leader]
            self.trick_cards.pop()
            self.hands[seat] |= 1 << card
            self.to_act = seat
        else:
            (
                _,
                self.to_act,
                self.trump,
                self.declared,
                self.burned,
                n_decl,
                self.window,
                self.pending,
                self._pending_burned,
                self.lead_suit_duty,
                self.asked_card,
            ) = entry
            del self.declarations[n_decl:]
        return self.history.pop()[1]

    # ------------------------------------------------------------------ results

    def result(self, carried: int = 0) -> Any:
        """Score the finished deal; return the ``DealScore`` working (see ``scoring``).

        ``carried``: game points carried from earlier card-point ties (a pagat variation).
        """
        from .scoring import score_deal

        return score_deal(self, carried)

    def __repr__(self) -> str:
        return f"<Deal {self.rules.name} {self.position_text()}>"

    def _repr_html_(self) -> str:
        from .html import deal_html
        from .i18n import display_language

        return deal_html(self, display_language())
