"""Helpers for hand-built positions: deals written as text, actions as comma lists."""

from __future__ import annotations

from marjapussi import Deal, IllegalAction, Rules, Seat, find_rules, parse_action, parse_cards
from marjapussi.cards import Card


def deal(n: str, e: str, s: str, w: str, rules: Rules | None = None, **kwargs: object) -> Deal:
    """Make a deal from the four hands (record codes)."""
    hands = {Seat.N: parse_cards(n), Seat.E: parse_cards(e), Seat.S: parse_cards(s), Seat.W: parse_cards(w)}
    return Deal(hands, rules or find_rules("guild"), **kwargs)  # type: ignore[arg-type]


def run(d: Deal, actions: str) -> Deal:
    """Play a comma-separated list of actions, each checked."""
    for text in actions.split(","):
        if text.strip():
            d.play(parse_action(text.strip()))
    return d


def refusal(d: Deal, action: str) -> IllegalAction:
    """Return the error the deal raises for an action (fails if it is accepted)."""
    try:
        d.play(parse_action(action))
    except IllegalAction as err:
        return err
    raise AssertionError(f"{action} was accepted")


def verdicts(d: Deal) -> dict[str, tuple[bool, str | None]]:
    """Map each card code in the hand to (allowed, rule)."""
    return {v.card.code: (v.allowed, v.rule) for v in d.explain()}


def cards(text: str) -> list[Card]:
    return parse_cards(text)
