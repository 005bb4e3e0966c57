"""Review a played deal action by action: its double-dummy value against the best.

``review_deal(deal)`` replays a deal from its start and, at every position where the player
had a choice (cards, declarations, asks, answers, marriage leads; Huutopussi from the first
card on), solves the position and says what the action taken was worth, what the best was,
how much the action cost and the line that would have followed the best action.
``run_analyse`` is ``python -m marjapussi analyse FILE`` (``--json``, ``--lang``; the JSON
names the solver's backend, ``core`` or ``python``: see ``marjapussi.analysis.core``);
``annotate_record`` is its ``--annotate``: the record again, with a comment on every action
that cost points and the best line as a variation in its place.

In seed-004 Huutopussi the bidding and the choice of trumps come first, and so does the
bidding with marriage trumps (``review_auction``): each call is weighed by
``auction.evaluate_call`` (``auction_marriage.evaluate_marriage_call``) over
``AUCTION_DEALS`` deals drawn to fit what the caller knew (``--auction-deals``), seeded by
the record's ``Seed`` tag, the deal and the call's place, beside the deal's open-card par
(seed-004 Huutopussi); a call clearly worse than the best (``auction.clearly_worse``: more
than two paired standard errors below it on average, and the best ahead in at least six
deals) is a finding (its comment gives the figures in words), one too close
to call is not.

>>> from marjapussi import Deal, find_rules
>>> deal = Deal.random(2, find_rules("pagat", deck_size=28))
>>> for _ in range(6):
...     deal.push(deal.legal_actions()[0])
>>> reviews = review_deal(deal, depth_tricks=2)
>>> all(r.loss >= 0 and r.best_value == max(r.values.values()) for r in reviews)
True
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO, cast

from ..actions import (
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    Give,
    NameTrump,
    Pass,
    Play,
    Redeal,
    ReturnCards,
)
from ..cards import Seat
from ..deal import SIDES, Deal, Phase
from ..huutopussi import AuctionDeal, HuutopussiDeal
from ..i18n import seat_name, side_code, side_label
from ..record import GameRecord, RecordedAction, Replay, format_record, to_json
from ..rules import Rules
from .core import backend
from .objectives import Objective, SolveError, Value
from .solver import Solver
from .texts import text
from .view import SeatView

if TYPE_CHECKING:  # the auction's evaluation is imported where it is used: the widgets
    # review card play at every page, the bidding only in Huutopussi (their memory snapshot
    # holds what they import; the auction comes as source, compiled when first asked for)
    from .auction import AuctionEvaluation, Par
    from .marriage_par import MarriagePar

__all__ = [
    "AUCTION_DEALS",
    "ActionReview",
    "action_label",
    "analyse_replay",
    "annotate_record",
    "call_verdict",
    "game_seed",
    "review_auction",
    "review_deal",
    "run_analyse",
]


@dataclass(frozen=True)
class ActionReview:
    """One action of a deal weighed double-dummy (values from the acting side's view)."""

    index: int
    """The action's place in the deal's history."""
    seat: Seat
    action: Action
    trick: int
    values: dict[Action, Value]
    """The value of every legal action at that point."""
    value: Value
    """The value of the action taken."""
    best: Action
    best_value: Value
    line: list[Action]
    """The principal line from that point, starting with ``best``."""
    exact: bool

    @property
    def loss(self) -> Value:
        """What the action cost against the best (0 for a best action)."""
        return self.best_value - self.value

    @property
    def choices(self) -> int:
        """How many legal actions there were."""
        return len(self.values)


PYTHON_EXACT_TRICKS = 4
"""Where the pure-Python solver serves the rules, a whole-record analysis searches to the end
of the deal only the positions with at most this many tricks left, as the Play page's review
does: earlier ones would take it minutes to hours (the compiled core, milliseconds)."""
ESTIMATE_TRICKS = 2
"""How many tricks ahead the positions before those are looked at (their values estimates)."""


def exact_from_trick(rules: Rules) -> int:
    """The first trick a whole-record analysis (``analyse``, ``--annotate``) weighs exactly:
    the first where the compiled core serves the rules, else the last ``PYTHON_EXACT_TRICKS``."""
    if backend(rules) == "core":
        return 1
    return max(1, rules.tricks_per_deal - PYTHON_EXACT_TRICKS + 1)


def review_deal(
    deal: Deal,
    objective: Objective | None = None,
    depth_tricks: int | None = None,
    tt_size: int = 200_000,
    exact_from: int = 1,
) -> list[ActionReview]:
    """Weigh every action of a deal (from the first card on); the deal is not changed.

    One solver serves the whole deal, so positions later in the deal reuse what earlier
    searches stored. ``exact_from``: where ``depth_tricks`` is None, positions before this
    trick are looked at ``ESTIMATE_TRICKS`` ahead only, by a solver of their own (their
    values are estimates, ``exact`` False).
    """
    memo_key = (
        deal.rules,
        deal.initial_hands,
        getattr(deal, "talon", 0),
        deal.dealer,
        deal.opening,
        deal.leader,
        tuple(a for _, a in deal.history),
        objective,
        depth_tricks,
        exact_from,
    )
    known = _MEMO.get(memo_key)
    if known is not None:
        return list(known)
    walk = deal.copy_start()
    solver = Solver(objective, tt_size)
    estimator: Solver | None = None
    out: list[ActionReview] = []
    for index, (seat, action) in enumerate(deal.history):
        playing = not (isinstance(walk, AuctionDeal) and walk.hp_phase is not Phase.PLAY)
        if playing:
            trick = walk.trick_number
            if depth_tricks is None and trick < exact_from:
                estimator = estimator or Solver(objective, tt_size)
                result = estimator.solve(walk, ESTIMATE_TRICKS)
            else:
                result = solver.solve(walk, depth_tricks)
            key = action
            if key not in result.values:  # a card written with another spelling
                key = next(a for a in result.values if str(a) == str(action))
            assert result.best is not None
            out.append(
                ActionReview(
                    index,
                    seat,
                    key,
                    trick,
                    result.values,
                    result.values[key],
                    result.best,
                    result.value,
                    result.line,
                    result.exact,
                )
            )
        walk.push(action)
    if len(_MEMO) >= 16:
        _MEMO.clear()
    _MEMO[memo_key] = tuple(out)
    return out


_MEMO: dict[object, tuple[ActionReview, ...]] = {}
"""The reviews of the last deals reviewed (the same deal asked again, say in another language)."""


def action_label(action: Action, lang: str) -> str:
    """A short name of an action for the analysis: ``♠A``, ``declare ♥``, ``ask for a marriage``."""
    if isinstance(action, Play):
        if action.marriage:
            return text("marriage-lead", lang, card=action.card.symbol)
        return action.card.symbol
    if isinstance(action, Declare):
        return text("declare", lang, suit=action.suit.symbol)
    if isinstance(action, AskWhole):
        return text("ask-whole", lang)
    if isinstance(action, AskHalf):
        return text("ask-half", lang, suit=action.suit.symbol)
    if isinstance(action, Answer):
        answer = text("answer-no", lang) if action.suit is None else action.suit.symbol
        return text("answer", lang, answer=answer)
    if isinstance(action, Pass):
        return text("call-pass", lang)
    if isinstance(action, Bid):
        label = text("call-bid", lang, points=action.points)
        return label if action.suit is None else f"{label} {action.suit.symbol}"
    if isinstance(action, NameTrump) and action.suit is not None:
        return text("call-trump", lang, suit=action.suit.symbol)
    if isinstance(action, Redeal):
        return text("call-redeal", lang)
    if isinstance(action, (Give, ReturnCards, Discard)):
        kind = {Give: "call-give", ReturnCards: "call-give-back", Discard: "call-discard"}[type(action)]
        return text(kind, lang, cards=" ".join(card.symbol for card in action.cards))
    return str(action)


AUCTION_DEALS = 8
"""Deals sampled for each call of the bidding in ``analyse`` (``--auction-deals``)."""


def review_auction(
    deal: Deal, game_seed: int | str, deal_number: int, max_deals: int = AUCTION_DEALS
) -> list[AuctionEvaluation]:
    """Weigh every bidding and trump decision of a seed-004 Huutopussi deal, or every bid and
    pass of a deal with marriage trumps, from what the caller knew (``auction.evaluate_call``,
    ``auction_marriage.evaluate_marriage_call``, seeded by the game, the deal and the call's
    place in the history); empty for other rules, with ``max_deals`` 0, or where the
    compiled core does not serve the rules (a search of a whole deal by the pure-Python
    solver takes minutes)."""
    family = deal.rules.family
    if max_deals <= 0 or backend(deal.rules) != "core" or family not in ("huutopussi", "huutopussi-marriage"):
        return []
    key = (deal.rules, deal.initial_hands, getattr(deal, "talon", 0), deal.dealer,
           tuple(a for _, a in deal.history), game_seed, deal_number, max_deals)
    known = _AUCTION_MEMO.get(key)
    if known is not None:
        return list(known)
    from .auction import auction_decisions, evaluate_call, evaluation_seed

    evaluate = evaluate_call
    listed = auction_decisions(deal)
    if family == "huutopussi-marriage":
        from .auction_marriage import evaluate_marriage_call, marriage_auction_decisions

        evaluate = evaluate_marriage_call
        listed = marriage_auction_decisions(deal)
    walk = deal.copy_start()
    out = []
    decisions = {index: (seat, call) for index, seat, call in listed}
    for index, (seat, action) in enumerate(deal.history):
        if index in decisions:
            view = SeatView.of(walk, seat)
            seed = evaluation_seed(game_seed, deal_number, index)
            out.append(evaluate(view, seed, action, max_deals=max_deals))
        if index >= max(decisions, default=-1):
            break
        walk.push(action)
    if len(_AUCTION_MEMO) >= 16:
        _AUCTION_MEMO.clear()
    _AUCTION_MEMO[key] = tuple(out)
    return out


_AUCTION_MEMO: dict[object, tuple[AuctionEvaluation, ...]] = {}
_PAR_MEMO: dict[object, tuple[Par | MarriagePar, ...]] = {}


def _round(value: float) -> float:
    return round(value, 1) + 0.0


def call_verdict(evaluation: AuctionEvaluation, lang: str) -> str:
    """The verdict on the caller's own call, in words, with the sampled figures."""
    own = evaluation.own
    assert own is not None
    mine = evaluation.value_of(own)
    best = evaluation.best
    label = action_label(own, lang)
    best_label = action_label(best.call, lang)
    n = evaluation.deals
    if mine.call == best.call:
        verdict = text("call-best", lang, call=label, mean=_round(mine.mean), deals=n)
    elif mine.close:
        verdict = text("call-close", lang, call=label, best=best_label, deals=n)
    else:
        loss = _round(best.mean - mine.mean)
        verdict = text("call-costs", lang, call=label, loss=loss, best=best_label, deals=n)
    shown = mine if isinstance(own, (Bid, NameTrump)) else best
    level = own.points if isinstance(own, Bid) else evaluation.bid_level
    if not isinstance(shown.call, (Bid, NameTrump)) or shown.made is None:
        return verdict
    if isinstance(shown.call, Bid):
        level = shown.call.points
    return f"{verdict}; {text('call-made', lang, bid=level, made=shown.made, deals=n)}"


def _calls_view(evaluations: list[AuctionEvaluation], lang: str) -> list[dict[str, Any]]:
    out = []
    for e in evaluations:
        assert e.own is not None
        out.append(
            {
                "index": e.index,
                "seat": e.seat.name,
                "call": str(e.own),
                "best": str(e.best.call),
                "loss": _round(e.loss(e.own)),
                "close": e.value_of(e.own).close,
                "deals": e.deals,
                "values": {
                    str(v.call): {
                        "mean": _round(v.mean),
                        "spread": _round(v.spread),
                        "deals": v.deals,
                        "se": _round(v.se),
                        "close": v.close,
                        "made": v.made,
                    }
                    for v in e.calls
                },
                "text": call_verdict(e, lang),
            }
        )
    return out


def _par_view(deal: Deal, lang: str) -> tuple[list[dict[str, Any]], list[str]]:
    marriage = deal.rules.family == "huutopussi-marriage"
    if not isinstance(deal, AuctionDeal) or deal.rules.family not in ("huutopussi", "huutopussi-marriage"):
        return [], []
    rules = deal.rules
    key = (rules, deal.initial_hands, deal.talon, deal.dealer, getattr(deal, "totals", None))
    found = _PAR_MEMO.get(key)
    if found is None:
        if len(_PAR_MEMO) >= 16:
            _PAR_MEMO.clear()
        if marriage:
            from ..marriage_trumps import MarriageTrumpDeal
            from .marriage_par import marriage_par

            assert isinstance(deal, MarriageTrumpDeal)
            found = _PAR_MEMO[key] = tuple(marriage_par(deal))
        else:
            from .auction import par

            assert isinstance(deal, HuutopussiDeal)
            found = _PAR_MEMO[key] = tuple(par(deal))
    data, words = [], []
    for p in found:
        trump = None if marriage else cast("Par", p).trump  # the marriages make the trumps
        data.append(
            {"side": side_code(rules, p.side), "contract": p.contract, "seat": p.seat.name,
             "trump": None if trump is None else trump.name, "collected": p.collected}
        )
        side = side_label(rules, p.side, lang)
        if p.contract and trump is None:
            words.append(
                text("par-marriage", lang, side=side, contract=p.contract, seat=seat_name(p.seat, lang),
                     points=p.collected)
            )
        elif p.contract and trump is not None:
            words.append(
                text("par", lang, side=side, contract=p.contract, seat=seat_name(p.seat, lang),
                     suit=trump.symbol, points=p.collected)
            )
        else:
            words.append(text("par-none", lang, side=side, points=p.collected))
    return data, words


LINE_SHOWN = 12
"""Actions of the principal line shown in the text output (JSON has the whole line)."""


def _line_text(line: list[Action], lang: str) -> str:
    shown = " ".join(action_label(a, lang) for a in line[:LINE_SHOWN])
    return shown + (" …" if len(line) > LINE_SHOWN else "")


def _number(value: Value) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def game_seed(record: GameRecord) -> str:
    """The seed the bidding's samples start from: the record's ``Seed`` tag, else ``0``."""
    return next((value for name, value in record.tags if name.lower() == "seed"), "0")


def analyse_replay(
    rep: Replay, lang: str, depth_tricks: int | None = None, auction_deals: int = AUCTION_DEALS
) -> dict[str, Any]:
    """The analysis of every deal of a replayed record, as plain data (texts in ``lang``).

    ``auction_deals``: deals sampled for each call of a seed-004 Huutopussi bidding (0: the
    bidding is not weighed, and no par is given)."""
    rules = rep.record.rules
    sides = SIDES[rules.players]
    deals = []
    exact_from = exact_from_trick(rules) if depth_tricks is None else 1
    seed = game_seed(rep.record)
    for rec, deal in zip(rep.record.deals, rep.deals, strict=True):
        calls = _calls_view(review_auction(deal, seed, rec.number, auction_deals), lang)
        par_data, par_text = _par_view(deal, lang) if calls else ([], [])
        reviews = review_deal(deal, depth_tricks=depth_tricks, exact_from=exact_from)
        n_sides = 3 if rules.players == 3 else 2
        lost = [0] * n_sides
        actions = []
        for r in reviews:
            lost[sides[r.seat]] += int(r.loss)
            label = action_label(r.action, lang)
            if r.choices == 1:
                verdict = text("forced", lang, action=label)
            elif r.loss > 0:
                verdict = text(
                    "costs", lang, action=label, loss=_number(r.loss), best=action_label(r.best, lang)
                )
            else:
                verdict = text("best", lang, action=label)
            actions.append(
                {
                    "index": r.index,
                    "seat": r.seat.name,
                    "trick": r.trick,
                    "action": str(r.action),
                    "value": _number(r.value),
                    "best": str(r.best),
                    "best_value": _number(r.best_value),
                    "loss": _number(r.loss),
                    "values": {str(a): _number(v) for a, v in r.values.items()},
                    "line": [str(a) for a in r.line] if r.loss > 0 else [],
                    "line_text": _line_text(r.line, lang) if r.loss > 0 else "",
                    "exact": r.exact,
                    "text": verdict,
                }
            )
        deals.append(
            {
                "deal": rec.number,
                "calls": calls,
                "par": par_data,
                "par_text": par_text,
                "actions": actions,
                "lost": {side_code(rules, i): lost[i] for i in range(n_sides)},
                "lost_text": [
                    text("lost", lang, side=side_label(rules, i, lang), lost=lost[i])
                    for i in range(n_sides)
                    if lost[i]
                ],
            }
        )
    method = "bidding-method-marriage" if rules.family == "huutopussi-marriage" else "bidding-method"
    return {
        "ok": True,
        "rules": rules.spec(),
        "backend": backend(rules),
        "bidding_method": text(method, lang),
        "exact_from_trick": exact_from,
        "deals": deals,
    }


def _print(view: dict[str, Any], lang: str, out: TextIO) -> None:
    print(text("header", lang), file=out)
    if view["exact_from_trick"] > 1:
        print(text("estimated", lang, trick=view["exact_from_trick"]), file=out)
    if any(d["calls"] for d in view["deals"]):
        print(view["bidding_method"], file=out)
    if not any(d["actions"] for d in view["deals"]):
        print(text("nothing", lang), file=out)
    for deal in view["deals"]:
        print(f"\n== {text('deal', lang, deal=deal['deal'])}", file=out)
        if deal["calls"]:
            print(f"{text('bidding', lang)}:", file=out)
            for item in deal["calls"]:
                who = seat_name(Seat[item["seat"]], lang)
                print(f"   {who:<10} {item['text']}", file=out)
            for line in deal["par_text"]:
                print(f"   {line}", file=out)
        trick = 0
        for item in deal["actions"]:
            if item["trick"] != trick:
                trick = item["trick"]
                print(f"{text('trick', lang, trick=trick)}:", file=out)
            who = seat_name(Seat[item["seat"]], lang)
            print(f"   {who:<10} {item['text']}", file=out)
            if item["line_text"]:
                print(f"   {'':<10}   {text('line', lang, line=item['line_text'])}", file=out)
        for line in deal["lost_text"]:
            print(f"-- {line}", file=out)


def annotate_record(
    rep: Replay, lang: str, depth_tricks: int | None = None, auction_deals: int = AUCTION_DEALS
) -> GameRecord:
    """The replayed record with the analysis written into it (the record itself is not changed).

    Every action that cost points (where the analysis is exact: ``exact_from_trick``) gets a
    comment in ``lang`` (``♠A? costs 2 points; best
    ♠7``, after any comment it had) and, as a variation in its place, the best line to the end
    of the deal, whose first action says that it is the best line. The main line is the
    same, so the annotated record replays to the same score and gives the same analysis.
    """
    record = copy.deepcopy(rep.record)
    exact_from = exact_from_trick(record.rules) if depth_tricks is None else 1
    seed = game_seed(record)
    for rec, deal in zip(record.deals, rep.deals, strict=True):
        for e in review_auction(deal, seed, rec.number, auction_deals):
            assert e.own is not None
            if e.loss(e.own) <= 0:  # the best call, or too close to call: no finding
                continue
            item = rec.actions[e.index]
            note = call_verdict(e, lang)
            item.comment = f"{item.comment} {note}" if item.comment else note
        for r in review_deal(deal, depth_tricks=depth_tricks, exact_from=exact_from):
            if r.loss <= 0 or r.trick < exact_from:  # an estimate is not written as a finding
                continue
            item = rec.actions[r.index]
            note = text(
                "costs", lang, action=action_label(r.action, lang), loss=_number(r.loss),
                best=action_label(r.best, lang),
            )
            item.comment = f"{item.comment} {note}" if item.comment else note
            line = [RecordedAction(a) for a in r.line]
            line[0].comment = text("best-line", lang)
            item.variations.append(line)
    return record


def run_analyse(
    rep: Replay,
    lang: str,
    as_json: bool,
    out: TextIO,
    err: TextIO,
    annotate: bool = False,
    target: str | None = None,
    auction_deals: int = AUCTION_DEALS,
) -> int:
    """Print the analysis of a replayed record (or, with ``annotate``, the annotated record,
    to the file ``target`` if given); return the exit status."""
    try:
        if annotate:
            annotated = annotate_record(rep, lang, auction_deals=auction_deals)
        else:
            view = analyse_replay(rep, lang, auction_deals=auction_deals)
    except SolveError as error:
        print(text(f"error:{error.problem}", lang), file=err)
        return 1
    if annotate:
        written = to_json(annotated) + "\n" if as_json else format_record(annotated)
        if target is None:
            out.write(written)
        else:
            try:
                with open(target, "w", encoding="utf-8") as handle:
                    handle.write(written)
            except OSError as error:
                print(f"{target}: {error.strerror}", file=err)
                return 1
        return 0
    if as_json:
        print(json.dumps(view, ensure_ascii=False, indent=2), file=out)
    else:
        _print(view, lang, out)
    return 0
