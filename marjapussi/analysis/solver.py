"""The double-dummy search: alpha-beta over the engine's own moves, with a transposition table.

See the package docstring (``marjapussi.analysis``) for what each technique buys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice

from ..actions import ANSWER_NO, PLAYS, Action, AskHalf, AskWhole, Play
from ..cards import Rank
from ..deal import SIDES, Deal, Phase
from ..huutopussi import AuctionDeal, HuutopussiDeal
from .core import (
    CAPACITY_PROBLEMS,
    CoreError,
    CoreSearch,
    action_of,
    backend,
    library,
    objective_known,
    rules_known,
)
from .objectives import Evaluator, ExactContract, Objective, SolveError, Value, default_objective
from .positions import check_position

__all__ = ["Analysis", "Solver", "node_actions", "solve"]

INF = float("inf")



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
    if isinstance(deal, AuctionDeal) and deal.hp_phase is not Phase.PLAY:
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


_ABOVE_IN_SUIT: tuple[int, ...] = tuple(((1 << (9 * (c // 9 + 1))) - 1) & ~((2 << c) - 1) for c in range(36))
"""For each card, the cards of its suit above it."""


def _alive(deal: Deal) -> int:
    hands = deal.hands
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for c in deal.trick_cards:
        alive |= 1 << c
    return alive


def _merge(deal: Deal, mask: int, classes: tuple[int, ...]) -> list[int]:
    """The cards of a legal-play mask with equivalent cards merged, lowest first.

    A card is dropped when the next card above it in its suit that is still in a hand or
    on the table is also in the mask and of the same value class: the two win and lose
    the same tricks and count the same, so the higher one stands for both.
    """
    alive = _alive(deal)
    out = []
    bits = mask
    while bits:
        bit = bits & -bits
        bits ^= bit
        card = bit.bit_length() - 1
        cls = classes[card]
        if cls >= 0:
            above = alive & _ABOVE_IN_SUIT[card]
            if above:
                nxt = above & -above
                if nxt & mask and classes[nxt.bit_length() - 1] == cls:
                    continue
        out.append(card)
    return out


_KINGS_QUEENS = sum((1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.QUEEN)) for s in range(4))


def _is_null_ask(deal: Deal, action: Action, memo: dict[object, bool] | None = None) -> bool:
    """Tell whether an ask changes nothing: the answer must be no, nothing burns or bars,
    and the no itself takes nothing from the pair (``denial_matters``: in the marriage
    family a no to a half ask bars the pair's later half asks in that suit, which matters
    only where a bluff could still be answered yes).

    Such an ask leaves the same position as playing on without declaring, so its value
    is the best card's; the search skips it. Decided by the engine itself: push the ask,
    read the answers it allows and the burned marriages, pop. ``memo`` keeps the verdicts
    by what they depend on (the kings and queens of the asker and partner, the declared
    suits, the burned marriages).
    """
    key: object = None
    if memo is not None:
        seat = deal.to_act
        hands = deal.hands
        key = (
            int(action.suit) if isinstance(action, AskHalf) else -1,
            seat,
            hands[seat] & _KINGS_QUEENS,
            hands[seat ^ 2] & _KINGS_QUEENS,
            deal.declared,
            deal.burned,
        )
        known = memo.get(key)
        if known is not None:
            return known
    burned = deal.burned
    deal.push(action)
    try:
        verdict = deal.burned == burned and deal.answers() == [ANSWER_NO]
    finally:
        deal.pop()
    if verdict and isinstance(action, AskHalf):
        verdict = not deal.denial_matters(deal.to_act, int(action.suit))
    if memo is not None:
        memo[key] = verdict
    return verdict


def _root_actions(
    deal: Deal, classes: tuple[int, ...]
) -> tuple[list[Action], dict[Action, Action], list[Action]]:
    """The actions to search at a root, the merged cards (each to the card standing for
    it), and the asks that change nothing (valued as the best card)."""
    actions = node_actions(deal)
    mask = 0
    for a in actions:
        if type(a) is Play:
            mask |= a.card.bit
    kept_cards = set(_merge(deal, mask, classes)) if mask else set()
    merged: dict[Action, Action] = {}
    searched: list[Action] = []
    null: list[Action] = []
    for a in actions:
        if type(a) is Play:
            if a.card.index in kept_cards:
                searched.append(a)
            else:
                card = a.card.index
                alive = _alive(deal)
                while card not in kept_cards:
                    above = alive & _ABOVE_IN_SUIT[card]
                    card = (above & -above).bit_length() - 1
                merged[a] = PLAYS[card]
        elif isinstance(a, (AskWhole, AskHalf)) and _is_null_ask(deal, a):
            null.append(a)
        else:
            searched.append(a)
    return searched, merged, null


class _Caches:
    """What the search remembers besides the table, for the positions of one deal."""

    def __init__(self) -> None:
        self.null_asks: dict[object, bool] = {}
        self.last_tricks: dict[object, Value] = {}
        self.history: list[list[int]] = [[0] * 36 for _ in range(4)]


class Solver:
    """A double-dummy solver for one objective; keeps its transposition table between calls
    on positions of the same deal (clear it with ``clear`` for another deal).

    ``backend``: ``None`` searches with the compiled core where ``backend(rules)`` says so
    and the objective is one the core counts (else with the pure-Python search, as for
    depth-limited searches); ``"python"`` always with the pure-Python search; ``"core"``
    always with the core (``CoreError`` where it cannot).
    """

    def __init__(
        self, objective: Objective | None = None, tt_size: int = 200_000, *, backend: str | None = None
    ) -> None:
        if backend not in (None, "python", "core"):
            raise ValueError(f"backend must be None, 'python' or 'core', not {backend!r}")
        self.objective = objective
        self.tt_size = max(int(tt_size), 1)
        self.table: dict[object, tuple[Value, Value, Action | None]] = {}
        self._bound_to: tuple[object, ...] = ()
        self._bound: Evaluator | None = None
        self.caches = _Caches()
        self.nodes = 0
        self.backend = backend
        self.used = "python"
        """The backend of the last ``solve``: ``"core"`` or ``"python"``."""
        self._core: CoreSearch | None = None

    def clear(self) -> None:
        """Forget the transposition table (and the search's other caches)."""
        self.table.clear()
        self.caches = _Caches()
        if self._core is not None:
            self._core.forget()


    def _evaluator(self, deal: Deal) -> Evaluator:
        """The objective bound to this deal: kept, with the table and the search's caches,
        while the solver is asked about positions of the same deal."""
        objective = self.objective or default_objective(deal)
        # The table's values hold for one deal, one objective and (Huutopussi) one contract.
        signature = (
            id(deal),
            deal.initial_hands,
            objective,
            getattr(deal, "bidder", None),
            getattr(deal, "high_bid", 0),
            getattr(deal, "contract", 0),
        )
        if self._bound_to != signature or self._bound is None:
            self.clear()
            self._bound_to = signature
            self._bound = objective.bind(deal)
        return self._bound

    def solve(self, deal: Deal, depth_tricks: int | None = None, *, node_budget: int = 0) -> Analysis:
        """Solve a position exactly (or to ``depth_tricks`` tricks ahead); see ``solve``.

        ``node_budget`` (the core only; 0: none): the most nodes the core may visit in this
        call; past it, ``core.SearchUnfinished`` is raised, and the same call again on this
        solver goes on from what the table keeps. The pure-Python search ignores it."""
        if isinstance(deal, AuctionDeal) and deal.phase is Phase.BID:
            raise SolveError("auction")
        marriage = isinstance(deal, AuctionDeal) and deal.rules.family == "huutopussi-marriage"
        if marriage and deal.hp_phase is not Phase.PLAY:  # type: ignore[attr-defined]
            raise SolveError("auction")  # the exchange is not searched: analysis starts at the first card
        check_position(deal)  # the one check before either backend (ImpossiblePosition)
        ev = self._evaluator(deal)
        start = len(deal.history)
        self.nodes = 0
        core = self._core_search(deal, depth_tricks)
        self.used = "python" if core is None else "core"
        try:
            if core is not None and not deal.is_over():
                try:
                    return self._solve_core(deal, ev, core, node_budget)
                except CoreError as error:
                    # Only a want of room lets the Python search serve instead; any other
                    # refusal is a fault to report (a refused position never gets here:
                    # it is ImpossiblePosition, from either backend).
                    if self.backend == "core" or error.reason not in CAPACITY_PROBLEMS:
                        raise
                    self.used = "python"
            return self._solve(deal, ev, depth_tricks)
        finally:
            while len(deal.history) > start:
                deal.pop()

    def _core_search(self, deal: Deal, depth_tricks: int | None) -> CoreSearch | None:
        """The core's search for this position, or ``None`` where the Python search serves."""
        if self.backend == "python":
            return None
        objective = self.objective or default_objective(deal)
        n_tricks = deal.rules.tricks_per_deal
        exact = depth_tricks is None or len(deal._tricks) + max(int(depth_tricks), 1) >= n_tricks
        kinds: tuple[type[Deal], ...] = (Deal, HuutopussiDeal)
        if deal.rules.family == "huutopussi-marriage":
            # loaded wherever such a deal exists (the widgets' memory snapshot leaves it out)
            from ..marriage_trumps import MarriageTrumpDeal

            kinds = (MarriageTrumpDeal,)
        known = (
            exact
            and type(deal) in kinds
            and rules_known(deal.rules)
            and objective_known(objective)
            and isinstance(objective, ExactContract) == (deal.rules.family == "huutopussi-marriage")
        )
        if self.backend is None and not (known and backend(deal.rules) == "core"):
            return None
        lib = library()
        if not known or lib is None:
            raise CoreError("not-served" if lib is not None else "missing")
        if self._core is None or self._core.lib is not lib:
            self._core = CoreSearch(lib, self.tt_size)
        return self._core

    def _solve_core(self, deal: Deal, ev: Evaluator, core: CoreSearch, node_budget: int = 0) -> Analysis:
        """Solve with the compiled core: one call for a position of card play; Huutopussi's
        trump and discard decisions by Python over the core's values of each candidate."""
        objective = self.objective or default_objective(deal)
        sign = 1 if ev.maximiser[deal.to_act] else -1
        if isinstance(deal, HuutopussiDeal) and deal.hp_phase is not Phase.PLAY:
            return self._solve_choices(deal, ev, core, objective, sign)
        answer = core.call("mp_solve", deal, objective, ev, node_budget=node_budget)
        self.nodes += answer.nodes
        actions = [action_of(code) for code in answer.moves]
        values: dict[Action, Value] = {a: sign * v for a, v in zip(actions, answer.values, strict=True)}
        line = [action_of(code) for code in answer.line]
        best = actions[answer.best]
        return Analysis(values, best, values[best], line, self.nodes, True, sign)

    def _solve_choices(
        self, deal: Deal, ev: Evaluator, core: CoreSearch, objective: Objective, sign: int
    ) -> Analysis:
        values: dict[Action, Value] = {}
        for action in deal.legal_actions():
            deal.push(action)
            try:
                values[action] = sign * self._choice_value(deal, ev, core, objective, False)[0]
            finally:
                deal.pop()
        best = max(values, key=lambda a: values[a])
        deal.push(best)
        try:
            line = [best, *self._choice_value(deal, ev, core, objective, True)[1]]
        finally:
            deal.pop()
        return Analysis(values, best, values[best], line, self.nodes, True, sign)

    def _choice_value(
        self, deal: Deal, ev: Evaluator, core: CoreSearch, objective: Objective, want_line: bool
    ) -> tuple[Value, list[Action]]:
        """The exact value of a Huutopussi position (objective's view) and, if wanted, its
        principal line: the core's for card play; before it, minimax over the legal actions
        (the line takes the first action that keeps the value, as ``_line`` does)."""
        if deal.hp_phase is Phase.PLAY or deal.is_over():  # type: ignore[attr-defined]
            if deal.is_over():
                return ev.final(deal), []
            answer = core.call("mp_value", deal, objective, ev, line=want_line)
            self.nodes += answer.nodes
            return answer.value, [action_of(code) for code in answer.line]
        pick = max if ev.maximiser[deal.to_act] else min
        children: list[tuple[Action, Value]] = []
        for action in deal.legal_actions():
            deal.push(action)
            try:
                children.append((action, self._choice_value(deal, ev, core, objective, False)[0]))
            finally:
                deal.pop()
        value = pick(v for _, v in children)
        if not want_line:
            return value, []
        first = next(a for a, v in children if v == value)
        deal.push(first)
        try:
            return value, [first, *self._choice_value(deal, ev, core, objective, True)[1]]
        finally:
            deal.pop()

    def _solve(self, deal: Deal, ev: Evaluator, depth_tricks: int | None) -> Analysis:
        n_tricks = deal.rules.tricks_per_deal
        done = len(deal._tricks)
        stop = n_tricks if depth_tricks is None else min(n_tricks, done + max(int(depth_tricks), 1))
        exact = stop >= n_tricks
        table = self.table if exact else {}
        search = _make_search(deal, ev, table, self.tt_size, stop, self)
        sign = 1 if ev.maximiser[deal.to_act] else -1
        if deal.is_over():
            value = ev.final(deal)
            return Analysis({}, None, sign * value, [], 0, True, sign)
        actions = node_actions(deal)
        searched, merged, null = _root_actions(deal, ev.classes(deal))
        values: dict[Action, Value] = {}
        guess: Value | None = None
        for action in searched:
            deal.push(action)
            try:
                value = _exact(search, ev, guess)
            finally:
                deal.pop()
            values[action] = sign * value
            # The next action's first probe asks whether it reaches the best value so far
            # (not the previous action's): most actions do not, and the fail-soft answer
            # is then their value or close to it.
            if guess is None or sign * value > sign * guess:
                guess = value
        for action, same in merged.items():
            values[action] = values[same]
        if null:
            best_card = max(v for a, v in values.items() if type(a) is Play)
            for action in null:
                values[action] = best_card
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
                actions, _, _ = _root_actions(deal, ev.classes(deal))
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


def _exact(search: Callable[[Value, Value], Value], ev: Evaluator, guess: Value | None) -> Value:
    """The exact value by zero-window searches: MTD(f) from a guess (the best value of the
    root's actions so far), then bisection.

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
    deal: Deal,
    ev: Evaluator,
    table: dict[object, tuple[Value, Value, Action | None]],
    tt_size: int,
    stop: int,
    solver: Solver,
) -> Callable[[Value, Value], Value]:
    """Build the alpha-beta search for this deal (objective values; NS or bidder maximise).

    Trick boundaries (no card on the table, no answer pending) are the nodes of the
    transposition table: the key is the cards in each hand, who is to act, the declaration
    state and the objective's ``summary``; the value stored is the final value minus the
    objective's ``additive`` part, so positions reached with different declaration points
    share an entry. At a boundary the objective's quick ``bounds`` cut off hopeless windows.
    Inside a trick only cards are played: the legal mask, equivalent cards merged, ordered
    by a cheap rule (win cheaply, else throw the least; feed the partner's winning trick).
    """
    n_tricks = deal.rules.tricks_per_deal
    n_seats = deal.rules.players
    side = SIDES[n_seats]
    tricks = deal._tricks
    # ``deal.hands`` is read at each node, not kept here: taking back a Huutopussi trump,
    # discard or bid gives the deal a new list (a root naming trumps pushes several).
    maximiser = ev.maximiser
    final = ev.final
    summary = ev.summary
    additive = ev.additive
    estimate = ev.estimate
    bounds = ev.bounds
    classes_of = ev.classes
    is_hp = isinstance(deal, AuctionDeal)  # phases before the first card
    leads_marriages = isinstance(deal, HuutopussiDeal)  # Huutopussi's marriages on lead
    push = deal.push
    pop = deal.pop
    legal_mask = deal.legal_play_mask
    plays = PLAYS
    above_in_suit = _ABOVE_IN_SUIT
    worth = _ORDER_WORTH
    count = [0]
    caches = solver.caches if table is solver.table else _Caches()
    null_memo = caches.null_asks
    last_cache = caches.last_tricks
    history = caches.history
    last_trick = n_tricks - 1

    def play_node(alpha: Value, beta: Value, classes: tuple[int, ...]) -> Value:
        # A card inside a trick.
        count[0] += 1
        seat = deal.to_act
        mask = legal_mask()
        trick = deal.trick_cards
        if mask & (mask - 1):
            hands = deal.hands
            alive = hands[0] | hands[1] | hands[2] | hands[3]
            for c in trick:
                alive |= 1 << c
            win = deal._win_card
            win_suit = win // 9
            trump = deal.trump
            lead = deal.trick_leader
            partner_wins = side[(lead + trick.index(win)) % n_seats] == side[seat]
            scored = []
            bits = mask
            while bits:
                bit = bits & -bits
                bits ^= bit
                card = bit.bit_length() - 1
                cls = classes[card]
                if cls >= 0:
                    above = alive & above_in_suit[card]
                    if above:
                        nxt = above & -above
                        if nxt & mask and classes[nxt.bit_length() - 1] == cls:
                            continue
                suit = card // 9
                if partner_wins:
                    # The last hand feeds the partner's trick its best card; earlier, throw low.
                    key = worth[card] if len(trick) == n_seats - 1 else -worth[card]
                elif (suit == win_suit and card > win) or (suit == trump and win_suit != trump):
                    key = 1000 - worth[card] - (200 if suit == trump else 0)
                else:
                    key = -worth[card]
                scored.append((key, card))
            scored.sort(reverse=True)
            cards = [c for _, c in scored]
        else:
            cards = [mask.bit_length() - 1]
        if maximiser[seat]:
            best: Value = -INF
            for card in cards:
                push(plays[card])
                v = play_node(alpha, beta, classes) if deal.trick_cards else boundary(alpha, beta)
                pop()
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
        else:
            best = INF
            for card in cards:
                push(plays[card])
                v = play_node(alpha, beta, classes) if deal.trick_cards else boundary(alpha, beta)
                pop()
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
        return best

    def generic(alpha: Value, beta: Value, actions: list[Action]) -> Value:
        # Answers, naming trumps, discards: plain alpha-beta over the engine's actions.
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
        return best

    def boundary(alpha: Value, beta: Value) -> Value:
        # No card on the table and no answer pending.
        count[0] += 1
        done = len(tricks)
        hands = deal.hands
        if done == n_tricks:
            return final(deal)
        if is_hp and deal.hp_phase is not Phase.PLAY:  # type: ignore[attr-defined]
            return generic(alpha, beta, deal.legal_actions())
        if done >= stop:
            return estimate(deal)
        if done == last_trick and not (
            deal.window and any(not _is_null_ask(deal, a, null_memo) for a in deal.legal_declarations())
        ):
            # The last trick with nothing to declare: every card is forced (one card a
            # hand), so play it out and score it, remembering the remainder's value by the
            # cards, the leader, the trump and the objective's summary.
            last_key = (hands[0], hands[1], hands[2], hands[3], deal.to_act, deal.trump, summary(deal))
            rest = last_cache.get(last_key)
            if rest is None:
                add = additive(deal)
                for _ in range(n_seats):
                    push(plays[hands[deal.to_act].bit_length() - 1])
                rest = final(deal) - add
                for _ in range(n_seats):
                    pop()
                if len(last_cache) >= tt_size:
                    last_cache.clear()
                last_cache[last_key] = rest
            return rest + additive(deal)
        seat = deal.to_act
        classes = classes_of(deal)
        key = (
            _canonical_fast(hands, classes),
            seat,
            deal.window,
            deal.trump,
            deal.declared,
            deal.burned,
            deal.lead_suit_duty,
            summary(deal),
        )
        add = additive(deal)
        entry = table.get(key)
        hint: Action | None = None
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
            hint = entry[2]
        else:
            lo, hi = bounds(deal)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        actions: list[Action] = []
        if deal.window:
            for action in deal.legal_declarations():
                if isinstance(action, (AskWhole, AskHalf)) and _is_null_ask(deal, action, null_memo):
                    continue
                actions.append(action)
        mask = legal_mask()
        if mask & (mask - 1):
            cards = _merge(deal, mask, classes)
            # Lead the top cards of their suits first, then the rest from the lowest.
            alive = hands[0] | hands[1] | hands[2] | hands[3]
            tops = [c for c in cards if not alive & above_in_suit[c]]
            if tops:
                cards = tops + [c for c in cards if alive & above_in_suit[c]]
            # Then by how often each lead cut off before (stable: the rule above breaks ties).
            hist = history[seat]
            cards.sort(key=lambda c: -hist[c])
            actions += [plays[c] for c in cards]
        else:
            actions.append(plays[mask.bit_length() - 1])
        if leads_marriages:
            actions += deal.marriage_leads()  # type: ignore[attr-defined]
        if hint is not None and actions[0] is not hint:
            # The table's move first (compared by identity: the engine's moves are shared).
            for i in range(1, len(actions)):
                if actions[i] is hint:
                    del actions[i]
                    actions.insert(0, hint)
                    break
            else:
                if hint in actions:  # a move made afresh (a marriage lead)
                    actions.remove(hint)
                    actions.insert(0, hint)
        a0, b0 = alpha, beta
        best_action: Action | None = None
        if maximiser[seat]:
            best: Value = -INF
            for action in actions:
                push(action)
                v = play_node(alpha, beta, classes) if deal.trick_cards else search(alpha, beta)
                pop()
                if v > best:
                    best = v
                    best_action = action
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            if type(action) is Play:
                                history[seat][action.card.index] += 1 << (n_tricks - done)
                            break
        else:
            best = INF
            for action in actions:
                push(action)
                v = play_node(alpha, beta, classes) if deal.trick_cards else search(alpha, beta)
                pop()
                if v < best:
                    best = v
                    best_action = action
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            if type(action) is Play:
                                history[seat][action.card.index] += 1 << (n_tricks - done)
                            break
        lo, hi = -INF, INF
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        if entry is not None:
            if entry[0] + add > lo:
                lo = entry[0] + add
            if entry[1] + add < hi:
                hi = entry[1] + add
        elif len(table) >= tt_size:
            # Full: forget the older half (a dict keeps the order entries were made in).
            for old_key in list(islice(table, len(table) // 2)):
                del table[old_key]
        table[key] = (lo - add, hi - add, best_action)
        return best

    def search(alpha: Value, beta: Value) -> Value:
        if deal.pending is not None:
            count[0] += 1
            return generic(alpha, beta, list(deal.answers()))
        if deal.trick_cards:
            return play_node(alpha, beta, classes_of(deal))
        return boundary(alpha, beta)

    def counted(alpha: Value, beta: Value) -> Value:
        count[0] = 0
        try:
            return search(alpha, beta)
        finally:
            solver.nodes += count[0]

    return counted


def _canonical_fast(hands: list[int], classes: tuple[int, ...]) -> tuple[int, ...]:
    """``_canonical`` by walking the cards still in the hands suit by suit (the search's
    version; the tests hold it to ``_canonical``)."""
    h0, h1, h2, h3 = hands[0], hands[1], hands[2], hands[3]
    alive = h0 | h1 | h2 | h3
    out = []
    for s in (0, 9, 18, 27):
        bits = alive >> s & 511
        code = 1
        while bits:
            low = bits & -bits
            bits ^= low
            c = s + low.bit_length() - 1
            b = low << s
            holder = 0 if h0 & b else 16 if h1 & b else 32 if h2 & b else 48
            cls = classes[c]
            code = code * 64 + holder + (cls if cls >= 0 else c - s + 7)
        out.append(code)
    return tuple(out)


def _canonical(hands: list[int], classes: tuple[int, ...]) -> tuple[int, ...]:
    """The cards in the hands as the transposition table sees them: for each suit, who holds
    each card still in play, lowest first, and the card's value class (a king or queen a
    declaration may need keeps its own mark). Cards already played drop out, so positions
    that differ only in which small cards are gone share one entry (bridge solvers' relative
    ranks)."""
    owner = [-1] * 36
    for seat in range(4):
        bits = hands[seat]
        while bits:
            bit = bits & -bits
            bits ^= bit
            owner[bit.bit_length() - 1] = seat
    out = []
    for s in range(0, 36, 9):
        code = 1
        for c in range(s, s + 9):
            holder = owner[c]
            if holder >= 0:
                cls = classes[c]
                code = code * 64 + holder * 16 + (cls if cls >= 0 else c - s + 7)
        out.append(code)
    return tuple(out)


_ORDER_WORTH: tuple[int, ...] = tuple(
    (11, 10, 4, 3, 2)[8 - c % 9] * 10 + c % 9 if c % 9 >= 4 else c % 9 for c in range(36)
)
"""Move-ordering worth of each card: its card points (A 11, 10 10, K 4, Q 3, J 2) then rank."""


def solve(
    deal: Deal,
    objective: Objective | None = None,
    *,
    tt_size: int = 200_000,
    depth_tricks: int | None = None,
    backend: str | None = None,
) -> Analysis:
    """Solve a position double-dummy: the value of every legal action of the player to act.

    Values are from the viewpoint of the SIDE TO ACT (higher is better for it). The deal
    is left exactly as it was given. ``objective``: ``None`` takes the rule family's
    (``DealPoints`` for Marjapussi, ``ContractResult`` for Huutopussi). ``depth_tricks``:
    search only that many tricks ahead and value the position there by the points already
    fixed (``exact`` is then ``False``). ``backend``: see ``Solver``; by default the
    compiled core where ``marjapussi.analysis.core.backend(rules)`` says so.

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
    return Solver(objective, tt_size, backend=backend).solve(deal, depth_tricks)
