"""Analysis: the exact double-dummy solver (all four hands known) for every rule family.

>>> from marjapussi import Deal
>>> from marjapussi.analysis import solve
>>> deal = Deal.random(11)
>>> for _ in range(20):
...     deal.push(deal.legal_actions()[-1])
>>> result = solve(deal)
>>> result.exact, result.best in result.values, result.value == max(result.values.values())
(True, True, True)

``solve(deal, objective=None, *, tt_size=200_000, depth_tricks=None)`` returns an
``Analysis``: ``values`` (the exact value of EVERY legal action of the player to act),
``best``, ``value``, ``line`` (the principal line to the end of the deal), ``nodes`` and
``exact``. Values are from the viewpoint of the SIDE TO ACT: higher is better for the side
whose turn it is. The objectives (``DealPoints``, ``EraUtility``, ``ContractResult``) are
described in ``marjapussi.analysis.objectives``.

The solver takes every move from the engine (``legal_declarations``, ``answers``,
``legal_play_mask``, ``marriage_leads``, ``legal_actions``) and walks the tree with
``push``/``pop``: declarations, asks and answers (Marjapussi), marriage leads, naming
trumps and discards (Huutopussi) are moves like cards. It works from any position and
leaves the deal as it found it.

Beside the solver, the players at the table: ``view`` (``SeatView``, what one seat
sees, and nothing else), ``inference`` (what the table reveals about the other hands, as
data), ``sampler`` (dealing the unseen cards consistently with it) and ``bots``
(``choose(view, level, rng)`` for the levels ``random``, ``beginner`` and ``club``, each
decision explained in three languages by ``reasons``).
"""

from __future__ import annotations

from .bots import LEVELS, BotSettings, Decision, choose
from .objectives import ContractResult, DealPoints, EraUtility, Objective, SolveError
from .sampler import ImpossibleConstraints, sample_deals
from .solver import Analysis, Solver, solve
from .view import SeatView

__all__ = [
    "LEVELS",
    "Analysis",
    "BotSettings",
    "ContractResult",
    "DealPoints",
    "Decision",
    "EraUtility",
    "ImpossibleConstraints",
    "Objective",
    "SeatView",
    "SolveError",
    "Solver",
    "choose",
    "sample_deals",
    "solve",
]
