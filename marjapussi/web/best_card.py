"""The "best card here" view: the double-dummy value of every legal action at a position.

Shared by the trick stepper (a "best card here" control at any step) and the "which card"
widget (after the reader's legal choice: was there a better card?). Nothing is solved
until a reader asks: the static page has the control only.

Exact from the first card where the compiled search core serves the rules
(``marjapussi.analysis.core.backend(rules) == "core"``: natively in CPython, and in the
browser once the widgets' worker has handed the core's WebAssembly exports to
``core.use_wasm``): every position is solved to the end of the deal, whatever trick it
is in (issue 21: a whole guild deal in some tens of milliseconds). With more than
``EXACT_TRICKS_LEFT`` tricks left the core's search is bounded by ``CORE_NODE_BUDGET``
nodes (a few seconds natively, twice that in the browser): the three-player marriage
family's first cards need about 45 million nodes in the median (issue 32's bench), and a
reader who asks for the best card should not wait a minute. Past the budget the values
are the bounded estimate below, and the view says so.

Where the pure-Python solver serves (a rule family the core does not know yet, a site or
an installation without the core), the time is bounded instead. Measured with
``scripts/bench_best_card.py`` on the shipped example deals (CPU time per position, each
solved fresh, on a shared and loaded 2-core machine): exact solves from trick 4 on (six
tricks or fewer left) took a median of 3 ms and at most 181 ms in CPython, the lead to
trick 4 being the dearest; an exact solve at trick 3 took up to 2.7 s, earlier longer
still. So with more than ``EXACT_TRICKS_LEFT`` tricks left the search looks only
``ESTIMATE_TRICKS`` tricks ahead (at most 53 ms) and the view says the values are
estimates and when exact ones come. Pyodide under Node ran the same positions about 3 to
14 times slower (the machine's load varied): up to about 2 s for the dearest lead to
trick 4, in the widgets' worker, so the page itself never freezes.

>>> from marjapussi import Deal
>>> deal = Deal.random(3)
>>> for _ in range(24):
...     deal.push(deal.legal_actions()[0])
>>> found = card_values(deal)
>>> found is not None and found.exact and found.best in found.values
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Play
from ..deal import SIDES, Deal, Phase
from ..escaping import escape
from ..html import card_html
from ..i18n import seat_name, side_label
from .texts import wt

__all__ = [
    "ESTIMATE_TRICKS",
    "EXACT_TRICKS_LEFT",
    "CardValues",
    "action_html",
    "best_html",
    "card_values",
    "exact_throughout",
    "none_text",
    "values_note",
]

EXACT_TRICKS_LEFT = 6
"""Without the core: exact values when at most this many tricks are left (the current one
included)."""
ESTIMATE_TRICKS = 2
"""Without the core, earlier: the search looks this many tricks ahead and the values are
estimates."""
CORE_NODE_BUDGET = 30_000_000
"""With the core and more than ``EXACT_TRICKS_LEFT`` tricks left: the most nodes its exact
search may visit (the core visits about 9 million a second natively) before the estimate
serves instead."""


@dataclass(frozen=True)
class CardValues:
    """The value of each legal action at a position, for the side to act (higher is better)."""

    values: dict[Action, float]
    best: Action
    exact: bool

    def loss(self, action: Action) -> float:
        """What an action loses against the best (0 for a best one)."""
        return self.values[self.best] - self.values[action]


_MEMO: dict[object, CardValues | None] = {}


def _key(deal: Deal, exact: bool) -> object:
    return (
        exact,
        CORE_NODE_BUDGET,
        deal.rules,
        deal.initial_hands,
        getattr(deal, "talon", 0),
        deal.dealer,
        deal.opening,
        deal.leader,
        tuple(a for _, a in deal.history),
    )


def exact_throughout(deal: Deal) -> bool:
    """Tell whether every position of this deal is solved exactly: the compiled core
    serves its rules (else only the last ``EXACT_TRICKS_LEFT`` tricks are)."""
    from ..analysis import backend  # only when a reader asks: keeps the page start light

    return backend(deal.rules) == "core"


def card_values(deal: Deal) -> CardValues | None:
    """Solve the position (exactly wherever the core serves the rules, else exactly late in
    the deal and bounded earlier); ``None`` if there is no choice to weigh (the deal is
    over, or Huutopussi is still in its bidding)."""
    if deal.is_over() or getattr(deal, "hp_phase", Phase.PLAY) is not Phase.PLAY:
        return None
    left = deal.rules.tricks_per_deal - deal.trick_number + 1
    exact = exact_throughout(deal) or left <= EXACT_TRICKS_LEFT
    key = _key(deal, exact)
    if key in _MEMO:
        return _MEMO[key]
    from ..analysis import SolveError, Solver, solve
    from ..analysis.core import SearchUnfinished

    work = deal.copy_start()
    for _, action in deal.history:
        work.push(action)
    depth = None if exact else ESTIMATE_TRICKS
    try:
        if exact and left > EXACT_TRICKS_LEFT:  # the core, early in the deal: bounded
            try:
                result = Solver().solve(work, node_budget=CORE_NODE_BUDGET)
            except SearchUnfinished:
                result = solve(work, depth_tricks=ESTIMATE_TRICKS)
        else:
            result = solve(work, depth_tricks=depth)
    except SolveError:
        found = None
    else:
        assert result.best is not None
        ordered = sorted(result.values.items(), key=lambda item: -item[1])
        found = CardValues({a: float(v) for a, v in ordered}, result.best, result.exact)
    if len(_MEMO) >= 64:
        _MEMO.clear()
    _MEMO[key] = found
    return found


def action_html(action: Action, lang: str) -> str:
    """A card drawn as a card, any other action in words."""
    if isinstance(action, Play) and not action.marriage:
        return card_html(action.card, lang)
    from ..analysis.review import action_label

    return escape(action_label(action, lang))


def loss_text(found: CardValues, action: Action, lang: str) -> str:
    """``best`` or ``loses 2 points against the best``."""
    loss = found.loss(action)
    return wt("best-top", lang) if loss <= 0 else wt("best-loses", lang, loss=loss)


def values_note(found: CardValues, lang: str) -> str:
    """What the values are: exact, or estimates (how far the search looked, and when exact
    ones come)."""
    if found.exact:
        return wt("best-exact", lang)
    return wt("best-estimate", lang, tricks=ESTIMATE_TRICKS, left=EXACT_TRICKS_LEFT)


def side_of(deal: Deal, lang: str) -> str:
    """The scoring side of the player to act, by name."""
    return side_label(deal.rules, SIDES[deal.rules.players][deal.to_act], lang)


def none_text(deal: Deal, lang: str) -> str:
    """Why no card is weighed here: the deal is over, the bidding is on (a call is chosen, not
    a card), or the position could not be solved."""
    if deal.is_over():
        return wt("best-none-over", lang)
    if getattr(deal, "hp_phase", Phase.PLAY) is not Phase.PLAY:
        return wt("best-none-bidding", lang)
    return wt("best-none", lang)


def best_html(deal: Deal, lang: str) -> str:
    """The list of legal actions with their values in words, the best highlighted."""
    found = card_values(deal)
    if found is None:
        return f'<div class="mp-best" data-best="none"><p>{escape(none_text(deal, lang))}</p></div>'
    title = wt("best-title", lang, side=side_of(deal, lang), seat=seat_name(deal.to_act, lang))
    note = values_note(found, lang)
    items = []
    for action in found.values:
        top = found.loss(action) <= 0
        cls = "mp-best-item mp-best-top" if top else "mp-best-item"
        items.append(
            f'<li class="{cls}" data-action="{escape(str(action))}">'
            f'<span class="mp-best-what">{action_html(action, lang)}</span> '
            f'<span class="mp-best-value">{escape(loss_text(found, action, lang))}</span></li>'
        )
    exact = "exact" if found.exact else "estimate"
    return (
        f'<div class="mp-best" data-best="{exact}">'
        f'<p class="mp-best-title">{escape(title)}</p>'
        f'<ul class="mp-best-list">{"".join(items)}</ul>'
        f'<p class="mp-best-note">{escape(note)}</p></div>'
    )
