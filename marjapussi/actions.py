"""The actions a player can take, as small frozen values with a record notation.

>>> parse_action("SA"), parse_action("ask half h"), parse_action("answer no")
(Play(card=Card.parse('SA')), AskHalf(suit=Suit.HEARTS), Answer(suit=None))
>>> str(Declare(Suit.CLUBS))
'declare C'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card, Rank, Suit, parse_card
from .errors import CardParseError

__all__ = [
    "PLAYS",
    "Action",
    "Answer",
    "AskHalf",
    "AskWhole",
    "Bid",
    "Declare",
    "Discard",
    "Give",
    "NameTrump",
    "Pass",
    "Play",
    "Redeal",
    "ReturnCards",
    "SetContract",
    "parse_action",
]


@dataclass(frozen=True)
class Play:
    """Play a card to the trick. ``marriage`` announces a marriage on lead (Huutopussi)."""

    card: Card
    marriage: bool = False

    def __hash__(self) -> int:
        # From what == compares (the card and the flag), in one call: a deal's history is hashed
        # whole by the views' caches, and the dataclass's hash made a tuple and hashed the card
        return self.card.index * 2 + bool(self.marriage)

    def __str__(self) -> str:
        return self.card.code + ("+" if self.marriage else "")

    def __repr__(self) -> str:
        extra = ", marriage=True" if self.marriage else ""
        return f"Play(card={self.card!r}{extra})"


@dataclass(frozen=True)
class Declare:
    """Declare one's own marriage (kokonainen) in a suit after winning a trick."""

    suit: Suit

    def __str__(self) -> str:
        return f"declare {self.suit.letter}"


@dataclass(frozen=True)
class AskWhole:
    """Ask the partner for a whole marriage (kokonainen); burns the asker's marriages."""

    def __str__(self) -> str:
        return "ask whole"


@dataclass(frozen=True)
class AskHalf:
    """Ask the partner for the other half (puolikas) of a suit; burns both hands' marriages.

    ``rank`` names the king or queen the asker shows, and is written only for a bluff
    (Huutopussi with marriage trumps, ``bluff_half_ask``): an asker who holds one of the
    two names that one, so ``ask half H`` says all.
    """

    suit: Suit
    rank: Rank | None = None

    def __str__(self) -> str:
        if self.rank is not None:
            return f"ask half {self.suit.letter}{self.rank.code}"
        return f"ask half {self.suit.letter}"

    def __repr__(self) -> str:
        extra = "" if self.rank is None else f", rank={self.rank!r}"
        return f"AskHalf(suit={self.suit!r}{extra})"


@dataclass(frozen=True)
class Answer:
    """The partner's answer to an ask: a suit (yes, that suit) or ``None`` (no)."""

    suit: Suit | None

    def __str__(self) -> str:
        return "answer no" if self.suit is None else f"answer {self.suit.letter}"


@dataclass(frozen=True)
class Bid:
    """Bid a number of points in the Huutopussi auction (huuto).

    ``suit`` names trumps with the bid, when the rules say so (``trump_with_bid``).
    """

    points: int
    suit: Suit | None = None

    def __str__(self) -> str:
        return f"bid {self.points}" + (f" {self.suit.letter}" if self.suit is not None else "")


@dataclass(frozen=True)
class Pass:
    """Pass in the Huutopussi auction (passi)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Redeal:
    """Ask for a redeal before bidding: four aces, or a hand with no counting card."""

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True)
class NameTrump:
    """Name the trump suit after winning the auction (``None``: play without trump)."""

    suit: Suit | None

    def __str__(self) -> str:
        return "trump none" if self.suit is None else f"trump {self.suit.letter}"


@dataclass(frozen=True)
class Discard:
    """Put three cards away after taking the talon (three-player Huutopussi).

    The order of the cards does not matter: they are kept in pack order, so two
    discards of the same cards are the same action.
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=lambda c: c.index)))

    def __str__(self) -> str:
        return "discard " + " ".join(c.code for c in self.cards)


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


def _in_pack_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


@dataclass(frozen=True)
class Give:
    """The declarer's partner gives cards face down to the declarer (Huutopussi with
    marriage trumps: the exchange, vaihto). Kept in pack order, like ``Discard``."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_pack_order(self.cards))

    def __str__(self) -> str:
        return "give " + _cards_text(self.cards)


@dataclass(frozen=True)
class ReturnCards:
    """The declarer gives as many cards back to the partner (the second half of the
    exchange). Kept in pack order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_pack_order(self.cards))

    def __str__(self) -> str:
        return "return " + _cards_text(self.cards)


@dataclass(frozen=True)
class SetContract:
    """The declarer sets the contract: the winning bid, or a raise above it (korotus)."""

    points: int

    def __str__(self) -> str:
        return f"contract {self.points}"


Action = (
    Play
    | Declare
    | AskWhole
    | AskHalf
    | Answer
    | Bid
    | Pass
    | NameTrump
    | Discard
    | Redeal
    | Give
    | ReturnCards
    | SetContract
)

PLAYS: tuple[Play, ...] = tuple(Play(c) for c in ALL_CARDS)
"""One shared ``Play`` per card, indexed by ``Card.index`` (the engine's fast path)."""

# A card as records usually write it (``CA``, ``c10``, ``♣A``) → its shared ``Play``:
# reading a long record looks each card up once instead of parsing it letter by letter.
_PLAY_BY_WORD: dict[str, Play] = {}
for _play in PLAYS:
    for _word in (_play.card.code, _play.card.symbol):
        _PLAY_BY_WORD[_word] = _PLAY_BY_WORD[_word.lower()] = _play

DECLARES: tuple[Declare, ...] = tuple(Declare(s) for s in Suit)
ASK_WHOLE = AskWhole()
ASK_HALVES: tuple[AskHalf, ...] = tuple(AskHalf(s) for s in Suit)
ANSWERS: tuple[Answer, ...] = tuple(Answer(s) for s in Suit)
ANSWER_NO = Answer(None)


def _suit_or_none(word: str, text: str) -> Suit | None:
    if word.lower() in ("no", "none", "-"):
        return None
    try:
        return Suit.parse(word)
    except CardParseError:
        raise CardParseError(text, "action") from None


def parse_action(text: str) -> Action:
    """Read an action in record notation; raise ``CardParseError`` quoting it if it is none.

    Notation: a card (``SA``; ``SQ+`` leads a marriage), ``declare H``, ``ask whole``,
    ``ask half H`` (``ask half HK`` names the king, for a bluff), ``answer H`` /
    ``answer no``, ``bid 60`` (``bid 60 H`` names trumps too), ``pass``, ``redeal``,
    ``trump H`` / ``trump none``, ``discard SA SK S10``, ``give SA SK S10``,
    ``return SA SK S10``, ``contract 60``.
    """
    play = _PLAY_BY_WORD.get(text)
    if play is not None:
        return play
    words = text.split()
    if not words:
        raise CardParseError(text, "action")
    head = words[0].lower()
    rest = words[1:]
    try:
        if head == "declare" and len(rest) == 1:
            return Declare(Suit.parse(rest[0]))
        if head == "ask" and rest and rest[0].lower() == "whole" and len(rest) == 1:
            return AskWhole()
        if head == "ask" and len(rest) == 2 and rest[0].lower() == "half":
            if len(rest[1]) > 1 and rest[1] not in "♥♦♠♣♡♢♤♧":
                named = parse_card(rest[1])
                if named.rank not in (Rank.KING, Rank.QUEEN):
                    raise CardParseError(text, "action")
                return AskHalf(named.suit, named.rank)
            return AskHalf(Suit.parse(rest[1]))
        if head == "answer" and len(rest) == 1:
            return Answer(_suit_or_none(rest[0], text))
        # ASCII digits only: "bid ²" or "bid ①" is no bid (str.isdigit would say yes).
        if (
            head == "bid"
            and 1 <= len(rest) <= 2
            and rest[0].isascii()
            and rest[0].isdigit()
            and len(rest[0]) <= 4
        ):
            return Bid(int(rest[0]), Suit.parse(rest[1]) if len(rest) == 2 else None)
        if head == "pass" and not rest:
            return Pass()
        if head == "redeal" and not rest:
            return Redeal()
        if head == "trump" and len(rest) == 1:
            return NameTrump(_suit_or_none(rest[0], text))
        if head == "discard" and len(rest) == 3:
            return Discard(tuple(parse_card(w) for w in rest))
        # The exchange takes three or four cards; the rules check how many.
        if head == "give" and 1 <= len(rest) <= 4:
            return Give(tuple(parse_card(w) for w in rest))
        if head == "return" and 1 <= len(rest) <= 4:
            return ReturnCards(tuple(parse_card(w) for w in rest))
        amount = rest[0] if len(rest) == 1 else ""
        if head == "contract" and amount.isascii() and amount.isdigit() and len(amount) <= 4:
            return SetContract(int(amount))
        if len(words) == 1:
            word = words[0]
            if word.endswith("+"):
                return Play(parse_card(word[:-1]), marriage=True)
            return PLAYS[parse_card(word).index]
    except CardParseError:
        raise CardParseError(text, "action") from None
    raise CardParseError(text, "action")
