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

How the search works, and what each part bought. Nodes searched for every legal action's
exact value: set A is three guild positions at trick 3 (seeds 0–2 after eight random
actions, declarations still open); set B is ten positions (seeds 0–4 after eight and after
twelve random actions). Times on this shared machine varied too much to compare; nodes
do not.

==========================================================  ===========  ===========
technique                                                   set A        set B
==========================================================  ===========  ===========
plain alpha-beta, table at trick boundaries (absolute       2,166,108
cards and the points so far in the key), MTD(f) per
action, cards 6–9 merged
+ fast path for cards inside a trick, value classes         1,247,962    2,252,499
(all cards of one worth merged, every card once the
matti point is decided), asks that change nothing
skipped, quick bounds at boundaries, the table's best
move first
+ move ordering: top cards of a suit led first, then                     1,199,563
low; follow by winning cheaply, else throwing low;
feed the partner's trick only as the last hand
+ relative ranks in the table key (played cards drop out    502,144      973,874
of the key, so more positions share an entry)
==========================================================  ===========  ===========

* The transposition table stores, at trick boundaries, bounds on the value of the
  *remainder*: the objective's ``additive`` part (declaration points already scored) is
  kept out, and its ``summary`` holds only what the rest still depends on (guild: the
  matit, pips and aces North–South took, or just who has the matti point once it is
  decided). It is bounded by ``tt_size`` entries (cleared when full).
* Zero-window searches: each action's exact value comes from ``search(g - 1, g)``
  probes, MTD(f) from the previous action's value, then bisection on the objective's
  value range; two to three probes an action in the guild rules.
* Equivalent cards: two cards next to each other in one hand (every card between them
  played) and of one value class are one move; the value is copied to the other.
* Quick bounds: at a trick boundary the objective bounds the final value from what is
  fixed and what is still possible; a window outside those bounds is cut without search.

Measured with ``scripts/bench_analysis.py`` (CPU time of the process, CPython 3.11, on a
shared and heavily loaded 2-core machine): about 11 µs a node; a full guild deal from its
first card (every legal action's exact value) took 8.0 s median and 49.6 s at the 95th
percentile (three deals, 0.5 and 3.5 million nodes) — far from the issue's goal of 100 ms;
positions after trick 4 took 9–54 ms (900–4,800 nodes), after trick 3 more. Pyodide under
Node ran the same positions 2.3–3.6 times slower than CPython in the same run.

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
