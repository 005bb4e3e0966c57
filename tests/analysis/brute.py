"""Test helpers: random positions near the end of a deal, and a plain minimax (no pruning).

The minimax scores finished deals with the engine's own scoring (``Deal.result``, for the
marriage family ``score_marriage``,
``apply_to_totals``), not with the solver's objectives, so the two are checked against
each other as well as the search.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from marjapussi import Deal, Rules, find_rules
from marjapussi.actions import Action
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Objective
from marjapussi.analysis.objectives import ExactContract
from marjapussi.deal import SIDES, Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action
from marjapussi.scoring import apply_to_totals


def reference_value(deal: Deal, objective: Objective) -> int:
    """The objective's value of a finished deal, from the engine's scoring (maximiser's view)."""
    if isinstance(objective, (ContractResult, ExactContract)):
        assert isinstance(deal, (HuutopussiDeal, MarriageTrumpDeal))
        points = deal.result().points
        if deal.bidder is None:
            return points[0] - points[1]
        b = SIDES[deal.rules.players][deal.bidder]
        return points[b] - sum(p for i, p in enumerate(points) if i != b)
    carried = objective.carried if isinstance(objective, (DealPoints, EraUtility)) else 0
    score = deal.result(carried)
    if isinstance(objective, EraUtility):
        step = apply_to_totals(deal.rules, objective.totals_before, score.points, score.tricks_won)
        if step.outcome == "won":
            return 100 if step.winner == 0 else -100
        if step.outcome == "tie":
            return 0
        return step.after[0] - step.after[1]
    return score.points[0] - score.points[1]


def maximises(deal: Deal) -> bool:
    """Whether the side to act is the maximising side (NS, or the bid winner's side)."""
    if isinstance(deal, (HuutopussiDeal, MarriageTrumpDeal)) and deal.bidder is not None:
        sides = SIDES[deal.rules.players]
        return sides[deal.to_act] == sides[deal.bidder]
    return deal.to_act % 2 == 0


def minimax(deal: Deal, objectives: Sequence[Objective]) -> list[int]:
    """The game values (maximiser's view), one per objective, by full minimax over
    ``legal_actions`` (one walk of the tree serves every objective)."""
    if deal.is_over():
        return [reference_value(deal, objective) for objective in objectives]
    children = []
    for action in deal.legal_actions():
        deal.push(action)
        children.append(minimax(deal, objectives))
        deal.pop()
    pick = max if maximises(deal) else min
    return [pick(child[i] for child in children) for i in range(len(objectives))]


def brute_values(deal: Deal, objectives: Sequence[Objective]) -> list[dict[Action, int]]:
    """Every legal action's value from the side to act's view, by full minimax, per objective."""
    sign = 1 if maximises(deal) else -1
    out: list[dict[Action, int]] = [{} for _ in objectives]
    for action in deal.legal_actions():
        deal.push(action)
        for i, value in enumerate(minimax(deal, objectives)):
            out[i][action] = sign * value
        deal.pop()
    return out


VARIANTS: list[Rules] = [
    find_rules("guild"),
    find_rules("pagat"),
    find_rules("pagat", deck_size=28, card_values="simplified", must_beat=False),
    find_rules("huutopussi"),
    find_rules("huutopussi", double_penalty=True, molotov_bonus=60, all_pass="no-trump"),
    find_rules("huutopussi3"),
]


def ending(seed: int, rules: Rules, tricks_left: int, declare_chance: float = 0.5) -> Deal | None:
    """A random position with about ``tricks_left`` tricks to go (``None``: a redeal)."""
    rng = random.Random(seed)
    if rules.family == "huutopussi":
        deal: Deal = HuutopussiDeal.random(rng, rules)
    elif rules.family == "huutopussi-marriage":
        deal = MarriageTrumpDeal.random(rng, rules)
    else:
        deal = Deal.random(rng, rules, opening=rng.random() < 0.5)
    target = rules.tricks_per_deal - tricks_left
    extra = rng.randrange(0, rules.players)
    while not deal.is_over():
        if deal.phase is Phase.PLAY and len(deal._tricks) >= target and len(deal.trick_cards) >= extra:
            break
        deal.push(random_action(deal, rng, declare_chance))
    if deal.is_over() and len(deal._tricks) < rules.tricks_per_deal:
        return None
    return deal


def endings(seeds: Iterable[int], rules: Rules, tricks_left: int) -> Iterator[tuple[int, Deal]]:
    """``(seed, ending)`` for each of ``seeds`` that gives an ending (not a redeal)."""
    for seed in seeds:
        deal = ending(seed, rules, tricks_left)
        if deal is not None:
            yield seed, deal
