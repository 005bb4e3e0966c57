"""A deal's open-cards value: what each side scores with best play by all, every hand known.

``open_cards(deal)`` solves the position with the compiled core (``solver.Solver``, the
family's own objective: ``DealPoints`` for Marjapussi, the contract's for Huutopussi),
plays the principal line to the end of the deal and reads each side's points in the
deal's own score (``Deal.result``), the figures a club night's results show beside what
each table did. The difference of the two is the exact double-dummy value; the line is
one way to it.

It never searches without a bound: rules the core does not serve (the pure-Python search
would take minutes over a whole deal) and a search that needs more than ``node_budget``
nodes give no points and a reason (``OpenCards.why``), which a screen says in words:

- ``not-served``: the compiled core does not serve these rules (or is not built);
- ``too-long``: the search ran past its bound;
- ``no-play``: no card was played (a redeal, or a Huutopussi deal nobody bid);
- ``failed``: the search refused the position (a fault: it is logged by the caller).

>>> from marjapussi import Deal
>>> value = open_cards(Deal.random(3))
>>> value.why in ("", "not-served")
True
>>> value.points is None or len(value.points) == 2
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deal import Deal, Phase
from ..errors import MarjapussiError
from .core import CAPACITY_PROBLEMS, CoreError, SearchUnfinished, backend
from .solver import Solver

__all__ = ["NODE_BUDGET", "OPEN_CARDS_REASONS", "OpenCards", "open_cards"]

NODE_BUDGET = 60_000_000
"""The most nodes one open-cards search may visit (a few seconds of the core; a whole
four-player deal takes from thousands to some millions)."""

OPEN_CARDS_REASONS = ("not-served", "too-long", "no-play", "failed")
"""Why a deal has no open-cards value (see the module docstring)."""


@dataclass(frozen=True)
class OpenCards:
    """A deal's open-cards value: each side's points (``None`` when there are none, and
    ``why`` names the reason), and the nodes searched."""

    points: tuple[int, ...] | None
    why: str = ""
    nodes: int = 0


def open_cards(deal: Deal, node_budget: int = NODE_BUDGET) -> OpenCards:
    """The open-cards value of ``deal`` from its position (left as it was given): each side's
    points after best play by all, or none and why (see the module docstring)."""
    if deal.is_over():
        return OpenCards(None, "no-play")
    if backend(deal.rules) != "core":
        return OpenCards(None, "not-served")
    if getattr(deal, "hp_phase", Phase.PLAY) is not Phase.PLAY:
        return OpenCards(None, "failed")  # Huutopussi is valued from its first card on
    solver = Solver(backend="core")
    try:
        found = solver.solve(deal, node_budget=max(1, node_budget))
    except SearchUnfinished as stop:
        return OpenCards(None, "too-long", stop.nodes)
    except CoreError as error:  # not built or not served; or a want of room (the bound, too)
        if error.problem in CAPACITY_PROBLEMS:
            return OpenCards(None, "too-long")
        return OpenCards(None, "not-served" if error.problem in ("not-served", "missing") else "failed")
    except MarjapussiError:
        return OpenCards(None, "failed")
    start = len(deal.history)
    try:
        for action in found.line:
            if deal.is_over():
                break
            deal.push(action)
        if not deal.is_over():
            return OpenCards(None, "failed", found.nodes)
        points = tuple(int(p) for p in deal.result(0).points)
    except MarjapussiError:
        return OpenCards(None, "failed", found.nodes)
    finally:
        while len(deal.history) > start:
            deal.pop()
    return OpenCards(points, "", found.nodes)
