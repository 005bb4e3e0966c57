r"""HTML views of cards and game objects: one renderer for the site, notebooks and widgets.

Every view is plain HTML with ``mp-`` classes; the site's stylesheet draws them. Text
from outside (a record's comment, a card typed by a reader) is always escaped.

>>> print(cards_html("HK SA").replace("> <", ">\n<"))
<span class="mp-cards"><span class="mp-card mp-red" data-card="HK">♥K</span>
<span class="mp-card mp-black" data-card="SA">♠A</span></span>
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from .cards import Card, parse_cards

__all__ = ["card_html", "cards_html"]


def card_html(card: Card) -> str:
    """Draw one card as a small inline card, its suit symbol in red or black."""
    colour = "mp-red" if card.suit.is_red else "mp-black"
    return f'<span class="mp-card {colour}" data-card="{card.code}">{escape(card.symbol)}</span>'


def cards_html(cards: str | Iterable[Card]) -> str:
    """Draw several cards (a string such as ``"HK HQ"`` or an iterable of cards)."""
    parsed = parse_cards(cards) if isinstance(cards, str) else list(cards)
    return '<span class="mp-cards">' + " ".join(card_html(c) for c in parsed) + "</span>"