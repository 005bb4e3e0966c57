"""The double-dummy search: alpha-beta over the engine's own moves, with a transposition table.

See the package docstring (``marjapussi.analysis``) for what each technique buys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..actions import PLAYS, Action, Play
from ..deal import Deal, Phase
from ..huutopussi import HuutopussiDeal
from .objectives import Evaluator, Objective, SolveError, Value, default_objective

__all__ = ["Analysis", "Solver", "node_actions", "solve"]

INF = float("inf")

# Ranks 6, 7, 8, 9 of every suit: cards worth nothing in any rule family's count, so two
# of them next to each other in one hand (every card between them gone) are one move.
_LOW = sum(0xF << (9 * s) for s in range(4))


@dataclass
class Analysis:
    """What ``solve`` found for one position.

    Every value is from the viewpoint of the SIDE TO ACT at the analysed position:
    higher is better for that side (the objective's number, negated when the side to
    act is the minimising one).
    """

    values: dict[Action, Value]
    """The exact value of every legal action of the player to act."""
    best: Action | None
    """An action with the best value (``None`` when the deal is over)."""
    value: Value
    """The value of the position for the side to act."""
    line: list[Action]
    """The principal line from here to the end of the deal (or to the depth limit)."""
    nodes: int
    """Nodes searched."""
    exact: bool
    """``False`` only when ``depth_tricks`` cut the search."""
    sign: int = field(default=1, repr=False)
    """+1 when the side to act maximises the objective, else -1."""


def node_actions(deal: Deal) -> list[Action]:
    """Every action the search tries at a node, before equivalent cards are merged.

    Taken from the engine's own legality (``answers``, ``legal_declarations``,
    ``legal_play_mask``, ``marriage_leads``); the tests check it equals ``legal_actions``.
    """
    if deal.pending is not None:
        return list(deal.answers())
    if isinstance(deal, HuutopussiDeal) and deal.hp_phase is not Phase.PLAY:
        return deal.legal_actions()
    out: list[Action] = deal.legal_declarations() if deal.window else []
    mask = deal.legal_play_mask()
    while mask:
        low = mask & -mask
        out.append(PLAYS[low.bit_length() - 1])
        mask ^= low
    if isinstance(deal, HuutopussiDeal) and not deal.trick_cards:
        out += deal.marriage_leads()
    return out


def _representatives(deal: Deal, mask: int) -> tuple[int, dict[int, int]]:
    """Merge equivalent cards of a legal-play mask: return the kept cards and, for each
    dropped card, the kept card it equals.

    Two cards of ranks 6–9 in one hand are equivalent when no card between them is still
    in a hand or on the table: they win and lose the same tricks and count the same.
    """
    low = mask & _LOW
    if low & (low - 1) == 0:
        return mask, {}
    alive = 0
    for hand in deal.hands:
        alive |= hand
    for c in deal.trick_cards:
        alive |= 1 << c
    kept = mask
    merged: dict[int, int] = {}
    while low:
        bit = low & -low
        low ^= bit
        card = bit.bit_length() - 1
        suit_top = 9 * (card // 9 + 1)
        above = alive & ~((bit << 1) - 1) & ((1 << suit_top) - 1)
        if not above:
            continue
        nxt = above & -above
        if nxt & low:
            # The next live card above is also a low card of ours: drop this one.
            kept ^= bit
            merged[card] = nxt.bit_length() - 1
    # Resolve chains (6 → 7 → 8): every dropped card names a kept card.
    for card, to in list(merged.items()):
        while to in merged:
            to = merged[to]
        merged[card] = to
    return kept, merged


class Solver:
    """A double-dummy solver for one objective; keeps its transposition table between calls
    on positions of the same deal (clear it with ``clear`` for another deal).
    """

    def __init__(self, objective: Objective | None = None, tt_size: int = 200_000) -> None:
        self.objective = objective
        self.tt_size = max(int(tt_size), 1)
        self.table: dict[object, tuple[Value, Value]] = {}
        self._bound_to: tuple[object, ...] = ()
        self.nodes = 0

    def clear(self) -> None:
        """Forget the transposition table."""
        self.table.clear()

    def _evaluator(self, deal: Deal) -> Evaluator:
        objective = self.objective or default_objective(deal)
        # The table's values hold for one deal, one objective and (Huutopussi) one contract.
        signature = (
            id(deal),
            deal.initial_hands,
            objective,
            getattr(deal, "bidder", None),
            getattr(deal, "high_bid", 0),
        )
        if self._bound_to != signature:
            self.table.clear()
            self._bound_to = signature
        return objective.bind(deal)

    def solve(self, deal: Deal, depth_tricks: int | None = None) -> Analysis:
        """Solve a position exactly (or to ``depth_tricks`` tricks ahead); see ``solve``."""
        if isinstance(deal, HuutopussiDeal) and deal.phase is Phase.BID:
            raise SolveError("auction")
        ev = self._evaluator(deal)
        start = len(deal.history)
        self.nodes = 0
        try:
            return self._solve(deal, ev, depth_tricks)
        finally:
            while len(deal.history) > start:
                deal.pop()

    def _solve(self, deal: Deal, ev: Evaluator, depth_tricks: int | None) -> Analysis:
        n_tricks = deal.rules.tricks_per_deal
        done = len(deal._tricks)
        if depth_tricks is None or (isinstance(deal, HuutopussiDeal) and deal.hp_phase is not Phase.PLAY):
            stop = n_tricks
        else:
            stop = min(n_tricks, done + max(int(depth_tricks), 1))
        exact = stop >= n_tricks
        table = self.table if exact else {}
        search = _make_search(deal, ev, table, self.tt_size, stop, self)
        sign = 1 if ev.maximiser[deal.to_act] else -1
        if deal.is_over():
            value = ev.final(deal)
            return Analysis({}, None, sign * value, [], 0, True, sign)
        actions = node_actions(deal)
        values: dict[Action, Value] = {}
        kept, merged = _split_equivalents(deal, actions)
        guess: Value | None = None
        for action in kept:
            deal.push(action)
            try:
                value = _exact(search, ev, guess)
            finally:
                deal.pop()
            values[action] = sign * value
            guess = value
        for action, same in merged.items():
            values[action] = values[same]
        ordered = {a: values[a] for a in actions}
        best = max(actions, key=lambda a: ordered[a])
        line = [best, *self._line(deal, search, ev, best, sign * ordered[best], stop)]
        return Analysis(ordered, best, ordered[best], line, self.nodes, exact, sign)

    def _line(
        self, deal: Deal, search: Callable[[Value, Value], Value], ev: Evaluator, first: Action,
        value: Value, stop: int,
    ) -> list[Action]:
        """Follow the principal line after ``first``, which has the objective value ``value``."""
        line: list[Action] = []
        pushed = 0
        deal.push(first)
        pushed += 1
        try:
            while not deal.is_over() and not (
                not deal.trick_cards and deal.pending is None and len(deal._tricks) >= stop
            ):
                actions, _ = _split_equivalents(deal, node_actions(deal))
                maximise = ev.maximiser[deal.to_act]
                chosen = None
                for action in actions:
                    deal.push(action)
                    # The child keeps the node's value exactly when it is at least (for the
                    # maximiser) or at most (for the minimiser) that value.
                    ok = search(value - 1, value) >= value if maximise else search(value, value + 1) <= value
                    if ok:
                        chosen = action
                        break
                    deal.pop()
                if chosen is None:  # pragma: no cover - the value was exact
                    break
                pushed += 1
                line.append(chosen)
        finally:
            for _ in range(pushed):
                deal.pop()
        return line


def _split_equivalents(deal: Deal, actions: list[Action]) -> tuple[list[Action], dict[Action, Action]]:
    mask = 0
    for a in actions:
        if type(a) is Play:
            mask |= a.card.bit
    kept_mask, merged = _representatives(deal, mask)
    if not merged:
        return actions, {}
    kept = [a for a in actions if not (type(a) is Play and not kept_mask & a.card.bit)]
    return kept, {PLAYS[c]: PLAYS[to] for c, to in merged.items()}


def _exact(search: Callable[[Value, Value], Value], ev: Evaluator, guess: Value | None) -> Value:
    """The exact value by zero-window searches: MTD(f) from a guess, then bisection.

    Every objective's values are whole numbers, so ``search(g - 1, g)`` tells whether the
    value is at least ``g``; the fail-soft result moves the bound past ``g`` at once.
    """
    low, high = ev.low, ev.high
    g = 0 if guess is None else guess
    probes = 0
    while low < high:
        if g <= low:
            g = low + 1
        elif g > high:
            g = high
        v = search(g - 1, g)
        probes += 1
        if v >= g:
            low = v
            g = v + 1
        else:
            high = v
            g = v
        if probes >= 2:
            g = (low + high + 1) // 2
    return low


def _make_search(
    deal: Deal, ev: Evaluator, table: dict[object, tuple[Value, Value]], tt_size: int, stop: int,
    solver: Solver,
) -> Callable[[Value, Value], Value]:
    """Build the alpha-beta search for this deal (objective values; NS or bidder maximise)."""
    n_tricks = deal.rules.tricks_per_deal
    tricks = deal._tricks
    hands = deal.hands
    maximiser = ev.maximiser
    final = ev.final
    summary = ev.summary
    additive = ev.additive
    estimate = ev.estimate
    is_hp = isinstance(deal, HuutopussiDeal)
    push = deal.push
    pop = deal.pop

    def search(alpha: Value, beta: Value) -> Value:
        solver.nodes += 1
        boundary = not deal.trick_cards and deal.pending is None
        key: object = None
        add: Value = 0
        if boundary:
            done = len(tricks)
            if done == n_tricks:
                return final(deal)
            if is_hp and deal.hp_phase is not Phase.PLAY:  # type: ignore[attr-defined]
                boundary = False
            else:
                if done >= stop:
                    return estimate(deal)
                key = (
                    hands[0] | hands[1] << 36 | hands[2] << 72 | hands[3] << 108,
                    deal.to_act,
                    deal.window,
                    deal.trump,
                    deal.declared,
                    deal.burned,
                    deal.lead_suit_duty,
                    summary(deal),
                )
                add = additive(deal)
                entry = table.get(key)
                if entry is not None:
                    lo = entry[0] + add
                    hi = entry[1] + add
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
        actions, _ = _split_equivalents(deal, node_actions(deal))
        a0, b0 = alpha, beta
        if maximiser[deal.to_act]:
            best: Value = -INF
            for action in actions:
                push(action)
                v = search(alpha, beta)
                pop()
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
        else:
            best = INF
            for action in actions:
                push(action)
                v = search(alpha, beta)
                pop()
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
        if boundary:
            lo, hi = -INF, INF
            if best <= a0:
                hi = best
            elif best >= b0:
                lo = best
            else:
                lo = hi = best
            old = table.get(key)
            if old is not None:
                if old[0] + add > lo:
                    lo = old[0] + add
                if old[1] + add < hi:
                    hi = old[1] + add
            elif len(table) >= tt_size:
                table.clear()
            table[key] = (lo - add, hi - add)
        return best

    return search


def solve(
    deal: Deal, objective: Objective | None = None, *, tt_size: int = 200_000, depth_tricks: int | None = None
) -> Analysis:
    """Solve a position double-dummy: the value of every legal action of the player to act.

    Values are from the viewpoint of the SIDE TO ACT (higher is better for it). The deal
    is left exactly as it was given. ``objective``: ``None`` takes the rule family's
    (``DealPoints`` for Marjapussi, ``ContractResult`` for Huutopussi). ``depth_tricks``:
    search only that many tricks ahead and value the position there by the points already
    fixed (``exact`` is then ``False``).

    >>> from marjapussi import Deal
    >>> deal = Deal.random(5)
    >>> for _ in range(24):
    ...     deal.push(deal.legal_actions()[0])
    >>> result = solve(deal)
    >>> result.values[result.best] == result.value == max(result.values.values())
    True
    >>> len(deal.history)
    24
    """
    return Solver(objective, tt_size).solve(deal, depth_tricks)
