"""The evaluation of one call, built in one place for whoever asks: the Play page's hint
(``game.Game.auction_work``) and the ``expert`` bot's auction (issue 32, Decided 7).

``call_work(view, seed, ...)`` is ``auction.CallWork`` (seed-004 Huutopussi: the bidding and
the trumps) or ``auction_marriage.MarriageWork`` (the marriage family: the bidding, the cards
given and given back, the three-player discard). The marriage family's modules are imported
at its first call only: in the browser seed-004 Huutopussi's first expert call or hint
compiles the auction's module alone, not the 1,900 lines of the marriage family's engine,
bots and weighing (in Pyodide under Node 23-30 ms and 31-45 ms of import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .auction import CallWork
from .view import SeatView

if TYPE_CHECKING:
    from .auction_marriage import MarriageWork

__all__ = ["call_work"]


def call_work(
    view: SeatView,
    seed: int | str,
    *,
    pilot: int,
    marriage_pilot: int,
    max_deals: int | None = None,
    node_cap: int | None = None,
) -> CallWork | MarriageWork:
    """The evaluation of ``view``'s call, seeded by ``seed``: ``pilot`` deals set the jump
    bids (``marriage_pilot`` in the marriage family, whose searches take longer), ``max_deals``
    deals are weighed (``None``: until ``stop_sampling``), a search of a sampled deal past
    ``node_cap`` nodes sets its deal aside (``None``: the works' own, ``auction.NODE_CAP``).
    Raises ``SolveError`` where the seat has no call the evaluation weighs."""
    marriage = view.rules.family == "huutopussi-marriage"
    kind: type[CallWork] | type[MarriageWork] = CallWork
    if marriage:
        from .auction_marriage import MarriageWork

        kind = MarriageWork
    first = marriage_pilot if marriage else pilot
    if node_cap is None:  # the work's own default (a test may set it)
        return kind(view, seed, max_deals=max_deals, pilot=first)
    return kind(view, seed, max_deals=max_deals, pilot=first, node_cap=node_cap)
