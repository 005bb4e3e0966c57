"""Marjapussi and Huutopussi rules: cards, deals, explanations, scoring and records.

>>> from marjapussi import Deal, find_rules
>>> deal = Deal.random(7, find_rules("guild"))
>>> deal.to_act == deal.leader
True
"""

from __future__ import annotations

from .actions import (
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    NameTrump,
    Pass,
    Play,
    parse_action,
)
from .cards import ALL_CARDS, Card, Pair, Rank, Seat, Suit, deck, parse_card, parse_cards
from .deal import CardVerdict, Deal, Declaration, InvalidDeal, Phase, Trick, random_hands
from .errors import CardParseError, IllegalAction, MarjapussiError, RecordError, RulesError
from .rules import PRESETS, Rules, find_rules, parse_rules_spec
from .scoring import DealScore, EraStep, ScoreSheet, ScoreStep, SheetError, score_deal

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "PRESETS",
    "Action",
    "Answer",
    "AskHalf",
    "AskWhole",
    "Bid",
    "Card",
    "CardParseError",
    "CardVerdict",
    "Deal",
    "DealScore",
    "Declaration",
    "Declare",
    "Discard",
    "EraStep",
    "IllegalAction",
    "InvalidDeal",
    "MarjapussiError",
    "NameTrump",
    "Pair",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "ScoreSheet",
    "ScoreStep",
    "Seat",
    "SheetError",
    "Suit",
    "Trick",
    "deck",
    "find_rules",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_rules_spec",
    "random_hands",
    "score_deal",
]
