"""Cards, suits, ranks and seats: the small value types every other module uses.

A card is also a small integer (``card.index``, 0 to 35): the rules core keeps hands
as bit masks of these indexes, so that legal moves are a few integer operations.

>>> parse_card("SA")
Card.parse('SA')
>>> parse_card("♥10").suit
Suit.HEARTS
>>> Seat.N.next, Seat.N.partner, Seat.E.pair
(Seat.E, Seat.S, Pair.EW)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .errors import CardParseError

__all__ = [
    "ALL_CARDS",
    "SUIT_MASK",
    "Card",
    "Pair",
    "Rank",
    "Seat",
    "Suit",
    "cards_of",
    "deck",
    "indices_of",
    "mask_of",
    "parse_card",
    "parse_cards",
]


class Suit(enum.IntEnum):
    """A suit. Finnish: hertta, ruutu, pata, risti; Russian: червы, бубны, пики, трефы."""

    HEARTS = 0
    DIAMONDS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The letter used in records: ``H``, ``D``, ``S`` or ``C``."""
        return "HDSC"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♥ ♦ ♠ ♣."""
        return "♥♦♠♣"[self]

    @property
    def is_red(self) -> bool:
        """Tell whether the suit is printed in red (hearts and diamonds)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or symbol (``H``, ``h``, ``♥``)."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, _SYMBOL_VARIANTS.get(suit.symbol)):
                return suit
        raise CardParseError(text, "suit")

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.letter

    def __format__(self, spec: str) -> str:
        return format(self.letter, spec)


_SYMBOL_VARIANTS = {"♥": "♡", "♦": "♢", "♠": "♤", "♣": "♧"}


class Rank(enum.IntEnum):
    """A rank, numbered by trick-taking power: six lowest, ace highest, ten second.

    Finnish: ässä, kymppi, kuningas, kuningatar (rouva), sotilas (jätkä);
    Russian: туз, десятка, король, дама, валет.
    """

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    TEN = 7
    ACE = 8

    @property
    def code(self) -> str:
        """The rank as written in records: ``6`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CODES[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its code (``A``, ``10``, ``k``; ``T`` also means ten)."""
        key = text.strip().upper()
        if key == "T":
            key = "10"
        for rank in cls:
            if rank.code == key:
                return rank
        raise CardParseError(text, "rank")

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)


_RANK_CODES = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")

SUIT_MASK: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))
"""Bit mask of the nine cards of each suit, indexed by ``Suit``."""


@dataclass(frozen=True, order=False)
class Card:
    """A playing card; ``Card.parse('H10')`` and ``str(card) == 'H10'``.

    ``index`` is the card's number 0–35 (``suit * 9 + rank``) and ``bit`` its bit in a
    hand mask; both are stored, as the engine reads them in its inner loop.
    """

    suit: Suit
    rank: Rank
    index: int = field(init=False, compare=False, repr=False)
    bit: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = int(self.suit) * 9 + int(self.rank)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    def __hash__(self) -> int:
        # The card's number, equal exactly when suit and rank are (what ``==`` compares): one
        # call, where the dataclass's hash made a tuple and hashed two enum members by their
        # names, three calls of Python (a deal's history is hashed whole by the views' caches).
        return self.index

    @property
    def code(self) -> str:
        """The record code, suit letter first: ``SA``, ``H10``, ``DQ``."""
        return self.suit.letter + self.rank.code

    @property
    def symbol(self) -> str:
        """The card with its suit symbol: ``♠A``, ``♥10``."""
        return self.suit.symbol + self.rank.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``SA``, ``h10``, ``♦Q`` or ``10H``."""
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Return the card with the given number 0–35."""
        return ALL_CARDS[index]

    def beats(self, other: Card, led: Suit, trump: Suit | None) -> bool:
        """Tell whether this card wins over ``other`` in a trick led in ``led``."""
        if self.suit == other.suit:
            return self.rank > other.rank
        if trump is not None and self.suit == trump:
            return True
        return False if other.suit == trump else self.suit == led and other.suit != led

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_html_(self) -> str:
        from .html import card_html
        from .i18n import display_language

        return card_html(self, display_language())

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


ALL_CARDS: tuple[Card, ...] = tuple(Card(Suit(i // 9), Rank(i % 9)) for i in range(36))
"""The 36 cards, indexed by ``Card.index``."""

_BY_CODE: dict[str, Card] = {card.code: card for card in ALL_CARDS}
"""The cards by their record codes (``SA``, ``H10``): ``parse_card``'s lookup before it reads."""


def parse_card(text: str) -> Card:
    """Read one card; raise ``CardParseError`` quoting the text when it is not a card.

    >>> parse_card("d q"), parse_card("♣10"), parse_card("10c")
    (Card.parse('DQ'), Card.parse('C10'), Card.parse('C10'))
    """
    card = _BY_CODE.get(text)
    if card is not None:  # a code as records write it (every card a room's player sends)
        return card
    raw = text
    key = "".join(text.split())
    if len(key) < 2:
        raise CardParseError(raw)
    first, last = key[0], key[-1]
    try:
        if first.upper() in "HDSC♥♦♠♣♡♢♤♧":
            return Card(Suit.parse(first), Rank.parse(key[1:]))
        if last.upper() in "HDSC♥♦♠♣♡♢♤♧":
            return Card(Suit.parse(last), Rank.parse(key[:-1]))
    except CardParseError:
        raise CardParseError(raw) from None
    raise CardParseError(raw)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas (or an iterable of card strings).

    >>> parse_cards("SA, h10 ♦Q")
    [Card.parse('SA'), Card.parse('H10'), Card.parse('DQ')]
    """
    parts: Iterable[str] = text.replace(",", " ").split() if isinstance(text, str) else text
    return [parse_card(p) for p in parts]


def deck(size: int = 36) -> list[Card]:
    """Return the pack of 36, 32 (no sixes) or 28 cards (no sixes or sevens)."""
    if size not in (36, 32, 28):
        raise ValueError(f"a pack has 36, 32 or 28 cards, not {size}")
    lowest = (36 - size) // 4
    return [c for c in ALL_CARDS if c.rank >= lowest]


def mask_of(cards: Iterable[Card]) -> int:
    """Return the bit mask of the given cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indices_of(mask: int) -> list[int]:
    """Return the card indices of a bit mask, lowest first.

    >>> indices_of(0b1010_0001)
    [0, 5, 7]
    """
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """Return the cards of a bit mask, in suit order and from low to high."""
    return [ALL_CARDS[i] for i in indices_of(mask)]


class Pair(enum.IntEnum):
    """A partnership: ``NS`` (north and south) or ``EW`` (east and west)."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the pair."""
        return (Seat.N, Seat.S) if self is Pair.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Pair:
        """The opposing pair."""
        return Pair(1 - self)

    def __repr__(self) -> str:
        return f"Pair.{self.name}"

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)


class Seat(enum.IntEnum):
    """A seat at the table; play goes clockwise N → E → S → W."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The seat to the left, who plays next (clockwise)."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    @property
    def pair(self) -> Pair:
        """The partnership this seat belongs to."""
        return Pair(self % 2)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat letter (``N``, ``e``)."""
        key = text.strip().upper()
        if key in cls.__members__:
            return cls[key]
        raise CardParseError(text, "seat")

    def clockwise_from(self) -> Iterator[Seat]:
        """Yield the four seats starting here, clockwise."""
        for i in range(4):
            yield Seat((self + i) % 4)

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)


def format_cards(cards: Sequence[Card]) -> str:
    """Print cards as record codes separated by spaces."""
    return " ".join(c.code for c in cards)
