"""A replay seen action by action: each action with its reason, each deal's score working.

The command line prints these views (``python -m marjapussi replay``, as text or JSON)
and the dispute widget turns them into HTML, so both say the same thing of a record.
"""

from __future__ import annotations

from typing import Any

from .actions import Play
from .cards import Seat
from .deal import Phase
from .huutopussi import AuctionDeal
from .i18n import describe_declaration, describe_step, describe_verdict, side_code
from .record import Replay

__all__ = ["replay_views"]


def replay_views(rep: Replay, lang: str) -> list[dict[str, Any]]:
    """Walk every deal again, collecting each action with its reason (for text and JSON)."""
    views = []
    for rec, deal, score, era in zip(rep.record.deals, rep.deals, rep.scores, rep.eras, strict=True):
        walk = deal.copy_start()
        actions = []
        for i, (seat, action) in enumerate(deal.history):
            reason = None
            rule = None
            if isinstance(action, Play):
                for verdict in walk.explain():
                    if verdict.card == action.card and verdict.rule is not None:
                        reason = describe_verdict(verdict, lang, walk.to_act)
                        rule = verdict.rule
            trick = walk.trick_number
            walk.push(action)
            actions.append(
                {
                    "seat": seat.name,
                    "action": str(action),
                    "play": isinstance(action, Play),
                    "trick": trick,
                    "rule": rule,
                    "reason": reason,
                    "comment": deal.comments.get(i),
                }
            )
        views.append(
            {
                "deal": rec.number,
                "dealer": deal.dealer.name,
                "comment": rec.comment,
                # A Huutopussi deal's first card is led by the auction's winner: while
                # the record stops before the play, nobody is the leader yet.
                "leader": None if _before_play(deal) else deal.leader.name,
                "opening": deal.opening,
                "hands": {
                    s.name: [c.code for c in sorted(deal.initial_hand(s), key=lambda c: (c.suit, -c.rank))]
                    for s in Seat
                },
                "actions": actions,
                "tricks": [
                    {
                        "number": tr.number,
                        "leader": tr.leader.name,
                        "cards": [c.code for c in tr.cards],
                        "winner": tr.winner.name,
                    }
                    for tr in deal.tricks
                ],
                "declarations": [describe_declaration(d, lang) for d in deal.declarations],
                "finished": deal.is_over(),
                "score": None
                if score is None
                else {
                    "points": {side_code(rep.record.rules, i): p for i, p in enumerate(score.points)},
                    "steps": [
                        {
                            "rule": s.rule,
                            "pair": None if s.pair is None else side_code(rep.record.rules, int(s.pair)),
                            "points": s.points,
                            "text": describe_step(s, lang),
                        }
                        for s in score.steps
                    ],
                },
                "era": None
                if era is None
                else {
                    "before": list(era.before),
                    "after": list(era.after),
                    "outcome": era.outcome,
                    "winner": None if era.winner is None else era.winner.name,
                    "steps": [describe_step(s, lang) for s in era.steps],
                },
            }
        )
    return views


def _before_play(deal: object) -> bool:
    """Whether ``deal`` is a Huutopussi deal whose play has not started (no leader yet)."""
    return isinstance(deal, AuctionDeal) and deal.hp_phase is not Phase.PLAY and not deal.tricks
