"""Widget "dispute": paste a game record and see what ``replay`` and ``legal`` would print.

The same engine as the command line (``marjapussi.record.replay`` and the views of
``marjapussi.replay_views``): every card with the duty that forced it and its rule linked, the
declarations, the score working and the erä totals; where the record stops, what the
player to act may do and why every other card is refused. A record with a mistake
gives the line and column, the deal and trick, the message and the rule it broke
(linked), and what was allowed at that point.

State: ``v`` (format version), ``ex`` (a shipped example, ``data/dispute/NAME.LANG.mjp``,
shown in the reader's language), ``text`` (a pasted record; used when ``ex`` is
empty), ``mode`` (``paste``, or ``build``: the position is tapped together instead,
``dispute_builder``) and ``b`` (the builder's part). A state without the last two (the
widget's first form) reads as pasting with an empty builder.

>>> state = initial("disputed-hand")
>>> "mp-verdicts" in view(state, "en")
True
>>> text = '[Rules "guild"]\\n[Deal "1"]\\n[N "SA"]'
>>> state, said = apply(state, {"type": "check", "text": text}, "en")
>>> said.startswith("The record has a mistake")
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..actions import Bid, Discard, parse_action
from ..cards import Seat, deck
from ..deal import Deal, Phase
from ..errors import IllegalAction, MarjapussiError, RecordError
from ..escaping import escape
from ..html import ROOT, card_html, cards_html, era_html, rule_link, score_html, steps_html, verdict_text
from ..huutopussi import AuctionDeal, ContractScore, HuutopussiDeal
from ..i18n import describe_action, describe_error, is_named_rule, rule_name, seat_name
from ..record import GameRecord, Replay, parse_record, replay
from ..replay_views import replay_views
from . import dispute_builder as builder
from .common import BadInput, button, field_choice, require_dict
from .texts import wt

__all__ = ["EXAMPLES", "FIELDS", "apply", "check", "error_text", "error_where", "initial", "recover", "view"]

KIND = "dispute"
DEFAULT_ARGS = ""
SHAREABLE = False
VERSION = 1
FIELDS = ("ex",)
MODES = ("paste", "build")
EXAMPLES = ("disputed-hand", "illegal-card", "example-deal", "huutopussi-marriage-deal")
STEPPER_DEALS = ("example-deal", "huutopussi-marriage-deal")
"""The examples that are the rules pages' stepper deals (kept beside the stepper's records)."""
MAX_TEXT = 12_000
"""The longest record checked here (a whole evening's game is a few thousand characters)."""


def _example_text(name: str, lang: str) -> str:
    from .common import _data_dir

    # The disputes live in data/dispute; the rules pages' example deals beside the stepper's.
    folder = _data_dir() / ("dispute" if name not in STEPPER_DEALS else "")
    return (folder / f"{name}.{lang}.mjp").read_text(encoding="utf-8")


def initial(args: str) -> dict[str, Any]:
    """The first state: an example record by name, or an empty box."""
    name = args.strip()
    if name and name not in EXAMPLES:
        raise ValueError(f"dispute: unknown example {name!r}; known: {', '.join(EXAMPLES)}")
    return {"v": VERSION, "ex": name, "text": "", "mode": "paste", "b": builder.initial()}


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise BadInput("bad-state", "version")
    ex = data.get("ex")
    ex = "" if ex == "" else field_choice(ex, EXAMPLES)
    text = data.get("text")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise BadInput("bad-state", "text")
    mode = field_choice(data.get("mode", "paste"), MODES)
    b = builder.check(data["b"]) if "b" in data else builder.initial()
    ex = ex if mode == "paste" else ""
    return {"v": VERSION, "ex": ex, "text": "" if ex else text, "mode": mode, "b": b}


FORGED = ("rules", "twice", "hand", "too-many", "not-offered")
"""The faults of a damaged builder that ``recover`` names; any other is named as a field."""


def recover(state: Any, lang: str) -> tuple[dict[str, Any], str] | None:
    """A state whose only fault is in its builder part: keep the rest and what of the builder holds.

    The bridge asks for this when ``check`` refuses a state; ``None`` means the fault lies
    elsewhere and the widget starts again as usual.
    """
    if not isinstance(state, dict) or "b" not in state:
        return None
    try:
        base = check({key: value for key, value in state.items() if key != "b"})
    except BadInput:
        return None
    try:
        builder.check(state["b"])
        return None
    except BadInput as err:
        why = err.detail if err.detail in FORGED else "other"
    kept = builder.salvage(state["b"])
    return {**base, "b": kept}, wt("db-forged", lang, why=wt(f"db-forged:{why}", lang))


def record_text(state: Mapping[str, Any], lang: str) -> str:
    """The record the state is about, in the reader's language for an example."""
    if state.get("mode") == "build":
        return builder.record_text(state["b"])
    return _example_text(state["ex"], lang) if state["ex"] else str(state["text"])


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    b = state.get("b") or builder.initial()
    if isinstance(kind, str) and kind.startswith("b-"):
        new_b, said_b = builder.apply(b, action, lang)
        said: str = said_b
        new = {"v": VERSION, "ex": "", "text": "", "mode": "build", "b": new_b}
        outcome = examine(record_text(new, lang)) if new_b["acts"] else None
        if outcome is not None and outcome.error is not None:
            said += f" {wt('dp-bad', lang)} {error_text(outcome.error, lang)}"
        return new, said
    if kind == "mode":
        mode = field_choice(action.get("mode"), MODES, "bad-action")
        if mode == "build":
            new = {"v": VERSION, "ex": "", "text": "", "mode": "build", "b": b}
            return new, wt("dp-mode-now-build", lang)
        built = builder.record_text(b) if state.get("mode") == "build" else str(state.get("text", ""))
        ex = "" if state.get("mode") == "build" else str(state.get("ex", ""))
        new = {"v": VERSION, "ex": ex, "text": "" if ex else built, "mode": "paste", "b": b}
        if built and state.get("mode") == "build":
            return new, wt("dp-mode-now-paste", lang)
        return new, _summary(new, lang)
    if kind == "check":
        text = action.get("text")
        if not isinstance(text, str):
            raise BadInput("bad-action")
        if len(text) > MAX_TEXT:
            return dict(state), wt("dp-too-long", lang)
        new = {"v": VERSION, "ex": "", "text": text, "mode": "paste", "b": b}
    elif kind == "example":
        new = {"v": VERSION, "ex": field_choice(action.get("name"), EXAMPLES, "bad-action"), "text": "",
               "mode": "paste", "b": b}
    elif kind == "clear":
        new = {"v": VERSION, "ex": "", "text": "", "mode": "paste", "b": b}
        return new, wt("dp-empty", lang)
    else:
        raise BadInput("bad-action")
    return new, _summary(new, lang)


@dataclasses.dataclass
class Outcome:
    """What checking a record gave: the replay, or the error and the position before it."""

    replay: Replay | None = None
    error: MarjapussiError | None = None
    before: Replay | None = None


def examine(text: str) -> Outcome:
    """Check a record as ``replay`` does; on an illegal action, replay up to just before it."""
    if not text.strip():
        return Outcome()
    try:
        record = parse_record(text)
        return Outcome(replay(record))
    except IllegalAction as err:
        return Outcome(None, err, _before(record, err))
    except MarjapussiError as err:
        return Outcome(None, err)


def _before(record: GameRecord, err: IllegalAction) -> Replay | None:
    """The record replayed up to the refused action (when it was a card or a declaration)."""
    number = getattr(err, "deal", None)
    line, column = getattr(err, "line", None), getattr(err, "column", None)
    deals = []
    for rec in record.deals:
        if rec.number != number:
            deals.append(rec)
            continue
        cut = next(
            (i for i, item in enumerate(rec.actions) if (item.line, item.column) == (line, column)), None
        )
        if cut is None:
            return None
        deals.append(dataclasses.replace(rec, actions=rec.actions[:cut]))
        break
    try:
        return replay(GameRecord(record.rules, record.tags, deals))
    except MarjapussiError:
        return None


def _summary(state: Mapping[str, Any], lang: str) -> str:
    outcome = examine(record_text(state, lang))
    if outcome.error is not None:
        return f"{wt('dp-bad', lang)} {error_where(outcome.error, lang)}{error_text(outcome.error, lang)}"
    if outcome.replay is None:
        return wt("dp-empty", lang)
    return wt("dp-checked", lang)


def error_text(err: MarjapussiError, lang: str) -> str:
    """The engine's message for an error, with the rule named in words, not by its id."""
    text = describe_error(err, lang)
    rule = getattr(err, "rule", None)
    if isinstance(rule, str) and rule:
        text = text.replace(f"({rule})", f"({rule_name(rule, lang)})")
    return text


def error_where(err: MarjapussiError, lang: str, capital: bool = True) -> str:
    """Where an error is, as a prefix to its message ("Line 3, column 8: "; in lower case
    without ``capital``); nothing for a record error, whose message says it itself."""
    if isinstance(err, RecordError):  # its message says the line and column itself
        return ""
    parts = []
    line, column = getattr(err, "line", None), getattr(err, "column", None)
    if line:
        parts.append(wt("dp-at", lang, line=line, column=column or 1))
    deal, trick = getattr(err, "deal", None), getattr(err, "trick", None)
    if deal is not None and trick:
        parts.append(wt("dp-where", lang, deal=deal, trick=trick))
    if not parts:
        return ""
    text = ", ".join(parts)
    return (text[:1].upper() + text[1:] if capital else text) + ": "


# ---------------------------------------------------------------------- view


def _form(state: Mapping[str, Any], lang: str) -> str:
    text = record_text(state, lang)
    examples = "".join(
        button(
            wt(f"dp-example:{name}", lang),
            {"type": "example", "name": name},
            f"ex-{name}",
            pressed=state["ex"] == name,
        )
        for name in EXAMPLES
    )
    return (
        f'<form class="mp-form mp-dispute-form" data-action=\'{{"type":"check"}}\'><fieldset>'
        f'<label class="mp-field mp-wide">{escape(wt("dp-record", lang))} '
        f'<textarea rows="10" spellcheck="false" data-action-field="text" data-focus-key="text">'
        f"{escape(text)}</textarea></label>"
        f'<button type="submit" class="mp-button mp-primary" data-focus-key="check">'
        f"{escape(wt('dp-check', lang))}</button></fieldset></form>"
        f'<div class="mp-controls" role="group" aria-label="{escape(wt("dp-examples", lang))}">'
        f"{examples}</div>"
    )


def _family(outcome: Outcome) -> str | None:
    """The preset of the record examined (its rule links go to that family's page), if known."""
    known = outcome.replay or outcome.before
    return known.record.rules.name if known is not None else None


def _error_html(outcome: Outcome, lang: str) -> str:
    err = outcome.error
    assert err is not None
    parts = [
        f'<p class="mp-dispute-verdict mp-refused"><strong>{escape(wt("dp-bad", lang))}</strong> '
        f"{escape(error_where(err, lang))}{escape(error_text(err, lang))}</p>"
    ]
    if isinstance(err, IllegalAction) and is_named_rule(err.rule):  # a card not held breaks no rule
        parts.append(
            f'<p class="mp-dispute-rule">{escape(wt("dp-broke", lang))}: '
            f"{rule_link(err.rule, lang, ROOT, _family(outcome))}</p>"
        )
    before = outcome.before
    if before is not None and not before.last.is_over():
        last = before.last
        if isinstance(last, HuutopussiDeal) and last.hp_phase is not Phase.PLAY:
            parts.append(_calls(last, lang))  # the bidding: the calls, not the cards
        else:
            parts.append(_verdicts(last, lang))
    return f'<div class="mp-dispute-result">{"".join(parts)}</div>'


def _deal_html(view: Mapping[str, Any], rep: Replay, index: int, lang: str) -> str:
    family = rep.record.rules.name
    dealer = seat_name(Seat[view["dealer"]], lang)
    if view["leader"] is None:  # a Huutopussi deal that stops in its auction
        head = escape(wt("dp-deal-bidding", lang, n=view["deal"], dealer=dealer))
    else:
        leader = seat_name(Seat[view["leader"]], lang)
        head = escape(wt("dp-deal", lang, n=view["deal"], dealer=dealer, leader=leader))
    hands = "".join(
        f"<li>{escape(seat_name(Seat[name], lang))}: {cards_html(' '.join(cards), lang)}</li>"
        for name, cards in view["hands"].items()
        if cards
    )
    played = rep.deals[index]
    if isinstance(played, HuutopussiDeal) and played.rules.players == 3:  # the talon, as dealt
        talon = " ".join(c.code for c in deck(36) if played.talon >> c.index & 1)
        hands += f"<li>{escape(wt('db-talon', lang))}: {cards_html(talon, lang)}</li>"
    items = []
    current = 0
    for item in view["actions"]:
        if item["play"] and item["trick"] != current:
            current = item["trick"]
            items.append(f'<li class="mp-dispute-trick">{escape(wt("trick-n", lang, n=current))}</li>')
        who = escape(seat_name(Seat[item["seat"]], lang))
        shown = _action_html(item["action"], bool(item["play"]), lang)
        reason = (
            f" — {escape(item['reason'])} ({rule_link(item['rule'], lang, ROOT, family)})"
            if item["reason"] and item["rule"]
            else f' — <span class="mp-dispute-free">{escape(wt("dp-free", lang))}</span>'
            if item["play"]
            else ""
        )
        comment = f' <span class="mp-comment">{escape(item["comment"])}</span>' if item["comment"] else ""
        items.append(f"<li>{who}: {shown}{reason}{comment}</li>")
    parts = [
        f'<section class="mp-dispute-deal"><p class="mp-list-title">{head}</p>',
        f'<p class="mp-list-title">{escape(wt("dp-hands", lang))}</p>'
        f'<ul class="mp-dispute-hands">{hands}</ul>',
    ]
    if view.get("comment"):
        parts.append(f'<p class="mp-comment">{escape(view["comment"])}</p>')
    parts.append(
        f'<p class="mp-list-title">{escape(wt("dp-plays", lang))}</p>'
        f'<ol class="mp-dispute-plays">{"".join(items)}</ol>'
    )
    if view["declarations"]:
        decls = "".join(f"<li>{escape(text)}</li>" for text in view["declarations"])
        parts.append(f'<p class="mp-list-title">{escape(wt("declarations", lang))}</p><ul>{decls}</ul>')
    score = rep.scores[index]
    if isinstance(score, ContractScore):
        parts.append(steps_html(score.steps, lang, ROOT, totals=score.points, family=family))
    elif score is not None:
        parts.append(score_html(score, lang, ROOT))
    era = rep.eras[index]
    if era is not None:
        parts.append(era_html(era, lang, ROOT, family))
    parts.append("</section>")
    return "".join(parts)


def _action_html(text: str, play: bool, lang: str) -> str:
    """One action of a replayed deal, in the page's words (never the record's codes): a card
    (a Huutopussi marriage lead marked), a call, the exchange with its cards, the contract,
    a declaration, an ask or an answer."""
    if play and text.endswith("+"):
        return f"{cards_html(text[:-1], lang)} ({escape(wt('dp-marriage-shown', lang))})"
    if play:
        return cards_html(text, lang)
    return escape(describe_action(parse_action(text), lang))


def _verdicts(deal: Deal, lang: str) -> str:
    """Each card of the hand to act, allowed or not and why, the rule linked (by name only)."""
    caption = escape(wt("verdicts-caption", lang, seat=seat_name(deal.to_act, lang)))
    items = []
    for verdict in sorted(deal.explain(), key=lambda v: (v.card.suit, -v.card.rank)):
        cls = "mp-allowed" if verdict.allowed else "mp-refused"
        word = wt("verdict-allowed" if verdict.allowed else "verdict-refused", lang)
        link = rule_link(verdict.rule, lang, ROOT, deal.rules.name) if verdict.rule is not None else ""
        rule = f" ({link})" if link else ""
        items.append(
            f'<li class="{cls}">{card_html(verdict.card, lang)} <strong>{escape(word)}</strong>: '
            f"{escape(verdict_text(verdict, lang, deal.to_act))}{rule}</li>"
        )
    return (
        f'<div class="mp-verdicts"><p class="mp-verdicts-title">{caption}</p><ul>{"".join(items)}</ul></div>'
    )


def _calls(deal: AuctionDeal, lang: str) -> str:
    """Before the cards (the bidding, the discard or exchange, trump naming): what the player
    to act may do."""
    said: list[str] = []
    bids: list[int] = []
    for action in deal.legal_actions():
        if isinstance(action, Bid):
            bids.append(action.points)
        elif isinstance(action, Discard):
            if not said or said[-1] != wt("dp-now-discard", lang):
                said.append(wt("dp-now-discard", lang))
        else:
            said.append(describe_action(action, lang))
    if bids:
        said.insert(1, wt("dp-now-bids", lang, low=min(bids), high=max(bids)))
    head = wt("dp-now-may", lang, seat=seat_name(deal.to_act, lang))
    return f'<p class="mp-dispute-calls">{escape(head)} {escape(", ".join(said))}.</p>'


def _replay_html(rep: Replay, lang: str) -> str:
    views = replay_views(rep, lang)
    parts = [f'<p class="mp-dispute-verdict mp-allowed">{escape(wt("dp-ok", lang))}</p>']
    for index, item in enumerate(views):
        parts.append(_deal_html(item, rep, index, lang))
    last = rep.last
    parts.append(f'<section class="mp-dispute-now"><p class="mp-list-title">{escape(wt("dp-now", lang))}</p>')
    if last.is_over():
        parts.append(f"<p>{escape(wt('dp-deal-over', lang))}</p>")
    elif isinstance(last, AuctionDeal) and last.hp_phase is not Phase.PLAY:
        parts.append(_calls(last, lang))
    else:
        parts.append(_verdicts(last, lang))
        others = [describe_action(a, lang) for a in last.legal_actions() if not hasattr(a, "card")]
        if others:
            head = wt("dp-now-also", lang, seat=seat_name(last.to_act, lang))
            parts.append(f'<p class="mp-dispute-calls">{escape(head)} {escape(", ".join(others))}.</p>')
    parts.append("</section>")
    return f'<div class="mp-dispute-result">{"".join(parts)}</div>'


def _modes(state: Mapping[str, Any], lang: str) -> str:
    mode = state.get("mode", "paste")
    buttons = "".join(
        button(wt(f"dp-mode-{name}", lang), {"type": "mode", "mode": name}, f"mode-{name}",
               pressed=mode == name)
        for name in MODES
    )
    label = escape(wt("dp-modes", lang))
    return f'<div class="mp-controls mp-dp-modes" role="group" aria-label="{label}">{buttons}</div>'


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    building = state.get("mode") == "build"
    parts = [
        f'<p class="mp-widget-title">{escape(wt("dp-label", lang))}</p>',
        _modes(state, lang),
        builder.view(state["b"], lang) if building else _form(state, lang),
    ]
    outcome = examine(record_text(state, lang))
    if outcome.error is not None:
        parts.append(_error_html(outcome, lang))
    elif outcome.replay is not None and outcome.replay.deals:
        parts.append(_replay_html(outcome.replay, lang))
    elif not building:
        parts.append(f'<p class="mp-note">{escape(wt("dp-empty", lang))}</p>')
    return "".join(parts)
