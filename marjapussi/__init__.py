"""Marjapussi and Huutopussi rules: cards, deals, explanations, scoring and records."""

from __future__ import annotations

from .cards import ALL_CARDS, Card, Pair, Rank, Seat, Suit, deck, parse_card, parse_cards
from .errors import CardParseError, IllegalAction, MarjapussiError, RecordError, RulesError

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardParseError",
    "IllegalAction",
    "MarjapussiError",
    "Pair",
    "Rank",
    "RecordError",
    "RulesError",
    "Seat",
    "Suit",
    "deck",
    "parse_card",
    "parse_cards",
]
