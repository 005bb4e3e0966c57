"""Helpers for the analysis tests' hand-built positions: deals written as text, actions as comma lists."""

from __future__ import annotations

from marjapussi import Deal, Seat, find_rules, parse_action, parse_cards
from marjapussi.rules import Rules


def deal_of(n: str, e: str, s: str, w: str, rules: Rules | None = None, **kwargs: object) -> Deal:
    """Make a deal from the four hands (record codes); the guild rules unless told."""
    hands = {Seat.N: parse_cards(n), Seat.E: parse_cards(e), Seat.S: parse_cards(s), Seat.W: parse_cards(w)}
    return Deal(hands, rules or find_rules("guild"), **kwargs)  # type: ignore[arg-type]


def run(deal: Deal, actions: str) -> Deal:
    """Play a comma-separated list of actions, each checked."""
    for text in actions.split(","):
        deal.play(parse_action(text.strip()))
    return deal
