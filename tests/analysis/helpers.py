"""Helpers for the analysis tests' hand-built positions: deals written as text, actions as comma lists."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from marjapussi import Deal, Seat, find_rules, parse_action, parse_cards
from marjapussi.analysis.core import CoreSearch, SearchUnfinished
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


def stand_in_long_searches(
    monkeypatch: pytest.MonkeyPatch, is_long: Callable[[Any], bool], fresh: int
) -> None:
    """Let the core's searches of the deals ``is_long`` names stand for a search of ``fresh``
    nodes whose tries, each going on where the last stopped (as the core's ``mp_value``
    does), cost those nodes in all; a try cut short costs its budget. Another search stands
    for one within any budget. Either finishes with the core's own answer (for the node cap
    of ``analysis.auction``)."""
    real = CoreSearch.call
    left: dict[object, int] = {}

    def call(self: CoreSearch, entry: str, deal: Any, *args: Any, node_budget: int = 0, **kw: Any) -> Any:
        if entry == "mp_value" and is_long(deal):
            # the core keeps one place a table: a forgotten table or another search loses it
            key = (self._owner, deal.initial_hands, tuple(deal.history))
            need = left.get(key, fresh)
            if 0 < node_budget < need:
                left.clear()
                left[key] = need - node_budget
                raise SearchUnfinished(node_budget)
            left.pop(key, None)
        return real(self, entry, deal, *args, **kw)  # within any budget

    monkeypatch.setattr(CoreSearch, "call", call)


def never_dealing(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, is_long: Callable[[Any], bool]
) -> None:
    """Let ``module``'s sampling deal as before, but never a deal ``is_long`` names (one an
    evaluation would set aside): the figures such a deal leaves out."""
    real = module.sample_deals

    def sample(*args: Any, **kw: Any) -> Any:
        while True:
            found = real(*args, **kw)
            if not is_long(found[0]):
                return found

    monkeypatch.setattr(module, "sample_deals", sample)
