"""Widget "quiz": after the course, random positions — which cards may the player play?

A seeded random deal under a chosen rule family is played to a position where the rules
forbid some cards; the reader picks every card that may be played and checks. The
running score counts exact answers, and each answer shows the rule behind every card.

State: ``rules`` (a key of ``RULESETS``), ``seed``, ``picks`` (cards picked), ``done``
(1 once checked), ``right`` and ``asked`` (the running score). The page keeps the state
in the browser's local storage (``STORE``), so the score and the position survive a
reload; the stored text comes back as a ``restore`` action and is checked like any
state (a bad one is a message and a fresh score). ``reset`` starts the score again.

>>> state = initial("")
>>> deal = position(state)
>>> legal = " ".join(sorted(c.code for c in allowed(deal)))
>>> new, _ = apply({**state, "picks": legal}, {"type": "check"}, "en")
>>> new["right"], new["asked"], new["done"]
(1, 1, 1)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..actions import Play
from ..cards import Card, Seat, parse_card
from ..deal import Deal
from ..escaping import escape
from ..html import ROOT, card_html, declarations_html, table_html, verdicts_html
from ..huutopussi import HuutopussiDeal
from ..i18n import seat_name
from ..randomplay import random_action
from ..rules import GUILD, HUUTOPUSSI, PAGAT, Rules
from .common import BadInput, button, field_choice, field_int, field_text, form, require_dict, select
from .course_texts import ct

__all__ = ["FIELDS", "RULESETS", "STORE", "allowed", "apply", "check", "initial", "label", "position", "view"]

KIND = "quiz"
DEFAULT_ARGS = ""
FIELDS = ("rules", "seed")
MAX_SEED = 2**31 - 1
MAX_SCORE = 100_000
STORE = "marjapussi-quiz"
"""The local storage key the page keeps the quiz (its score and position) under."""
MAX_STORED = 2000
PICKS = r"(?:[HDSC](?:10|[6-9JQKA]))(?: [HDSC](?:10|[6-9JQKA])){0,11}"

RULESETS: dict[str, Rules] = {
    "guild": GUILD,
    "pagat": PAGAT,
    "pagat-no-beat": PAGAT.replace(must_beat=False),
    "pagat-32": PAGAT.replace(deck_size=32),
    "huutopussi": HUUTOPUSSI,
}
"""The rule families a quiz position can be dealt under."""


def label(lang: str) -> str:
    """The widget's accessible name."""
    return ct("quiz-label", lang)


def initial(args: str) -> dict[str, Any]:
    """The first state: guild rules, or the rule family the argument names."""
    rules = args.strip() or "guild"
    if rules not in RULESETS:
        raise ValueError(f"quiz: unknown rules {rules!r}; use one of {tuple(RULESETS)}")
    return {"rules": rules, "seed": 1, "picks": "", "done": 0, "right": 0, "asked": 0}


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    rules = field_choice(data.get("rules"), RULESETS)
    seed = field_int(data.get("seed"), 0, MAX_SEED)
    picks = data.get("picks", "")
    if picks != "":
        picks = field_text(picks, PICKS, max_len=50)
        if len(set(picks.split())) != len(picks.split()):
            raise BadInput("bad-state", "picks twice")
        hand = set(_hand(position({"rules": rules, "seed": seed})))
        if any(parse_card(c) not in hand for c in picks.split()):
            raise BadInput("bad-state", "picked card not in hand")
    done = field_int(data.get("done", 0), 0, 1)
    asked = field_int(data.get("asked", 0), 0, MAX_SCORE)
    right = field_int(data.get("right", 0), 0, asked)
    return {"rules": rules, "seed": seed, "picks": picks, "done": done, "right": right, "asked": asked}


@lru_cache(maxsize=16)
def _position(rules_key: str, seed: int) -> Deal:
    rules = RULESETS[rules_key]
    rng = random.Random(f"quiz {rules_key} {seed}")
    deal: Deal | None = None
    for _ in range(60):
        if rules.family == "huutopussi":
            deal = HuutopussiDeal.random(rng, rules, dealer=Seat(rng.randrange(4)))
        else:
            deal = Deal.random(rng, rules, dealer=Seat(rng.randrange(4)), opening=rng.random() < 0.3)
        stop = rng.randrange(rules.tricks_per_deal * 4 - 8)
        plays = 0
        while not deal.is_over() and plays < stop + 8:
            if plays >= stop and deal.pending is None and deal.phase.value == "play":
                verdicts = deal.explain()
                if any(not v.allowed for v in verdicts) and any(v.allowed for v in verdicts):
                    return deal
            action = random_action(deal, rng, 0.6)
            deal.push(action)
            plays += isinstance(action, Play)
    assert deal is not None  # sixty deals without a single duty do not happen
    return deal


def position(state: Mapping[str, Any]) -> Deal:
    """The deal standing at the state's position (shared: do not change it)."""
    return _position(state["rules"], state["seed"])


def _hand(deal: Deal) -> list[Card]:
    return deal.hand(deal.to_act)


def allowed(deal: Deal) -> list[Card]:
    """The cards the player to act may play."""
    return [v.card for v in deal.explain() if v.allowed]


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    new = dict(state)
    deal = position(state)
    if kind == "toggle":
        if state["done"]:
            raise BadInput("bad-action")
        card = parse_card(field_text(action.get("card"), PICKS, "bad-action", 3))
        if card not in _hand(deal):
            raise BadInput("bad-action")
        picks = state["picks"].split()
        if card.code in picks:
            picks.remove(card.code)
        else:
            picks.append(card.code)
        new["picks"] = " ".join(picks)
        return new, ct("picked", lang) + ": " + (" ".join(parse_card(c).symbol for c in picks) or "—")
    if kind == "check":
        if state["done"]:
            raise BadInput("bad-action")
        picked = {parse_card(c) for c in state["picks"].split()}
        right = picked == set(allowed(deal))
        new["done"] = 1
        new["asked"] = min(state["asked"] + 1, MAX_SCORE)
        new["right"] = min(state["right"] + (1 if right else 0), new["asked"])
        score = ct("quiz-score", lang, right=new["right"], asked=new["asked"])
        return new, f"{ct('quiz-right' if right else 'quiz-wrong', lang)} {score}"
    if kind == "new":
        new.update(seed=(state["seed"] % MAX_SEED) + 1, picks="", done=0)
        return new, ct("quiz-next", lang)
    if kind == "choose":
        rules = field_choice(action.get("rules"), RULESETS, "bad-action")
        new.update(rules=rules, seed=1, picks="", done=0)
        return new, ct("quiz-next", lang)
    if kind == "reset":
        new.update(right=0, asked=0)
        return new, ct("quiz-reset-done", lang)
    if kind == "restore":
        # The page hands back the state it kept; it is checked like any state from outside.
        try:
            text = action.get("text")
            if not isinstance(text, str) or len(text) > MAX_STORED:
                raise BadInput("bad-state", "stored text")
            kept = check(json.loads(text))
        except (BadInput, ValueError, RecursionError):
            return initial(""), ct("quiz-corrupt", lang)
        return kept, ct("quiz-restored", lang)
    raise BadInput("bad-action")


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    deal = position(state)
    seat = deal.to_act
    hand = _hand(deal)
    picks = state["picks"].split()
    hands: dict[Seat, Any] = {s: len(deal.hand(s)) for s in Seat if deal.rules.players == 4}
    hands[seat] = hand
    actions = {} if state["done"] else {c.code: {"type": "toggle", "card": c.code} for c in hand}
    marks = {c: "mp-picked" for c in picks}
    if state["done"]:
        ok = {c.code for c in allowed(deal)}
        marks = {c.code: ("mp-allowed" if c.code in ok else "mp-refused") for c in hand}
        for c in picks:
            marks[c] += " mp-picked"
    table = table_html(
        hands,
        deal.table,
        lang,
        to_act=seat,
        trump=deal.trump_suit,
        trick_number=deal.trick_number,
        you=seat,
        actions=actions,
        marks=marks,
    )
    for code in picks:
        table = table.replace(
            f'data-focus-key="card-{code}">', f'data-focus-key="card-{code}" aria-pressed="true">', 1
        )
    score = ct("quiz-score", lang, right=state["right"], asked=state["asked"])
    rules_name = ct(f"quiz-rules:{state['rules']}", lang)
    parts = [
        f'<p class="mp-widget-title">{escape(ct("quiz-label", lang))}</p>',
        f'<p class="mp-widget-sub">{escape(ct("quiz-rules", lang))}: {escape(rules_name)} · '
        f'<span class="mp-quiz-score">{escape(score)}</span></p>',
        f'<p class="mp-prompt">{escape(ct("quiz-prompt", lang, seat=seat_name(seat, lang)))}</p>',
        table,
    ]
    if deal.declarations:
        parts.append(declarations_html(deal, lang, ROOT))
    shown = " ".join(card_html(parse_card(c), lang) for c in picks) or "—"
    parts.append(f'<p class="mp-picks">{escape(ct("picked", lang))}: {shown}</p>')
    if state["done"]:
        right = set(picks) == {c.code for c in allowed(deal)}
        cls = "mp-result mp-ok" if right else "mp-result mp-no"
        word = ct("quiz-right" if right else "quiz-wrong", lang)
        parts.append(
            f'<div class="{cls}" data-outcome="{"ok" if right else "wrong"}"><p>{escape(word)}</p></div>'
        )
        # The rule's linked name is enough for a reader: leave its id out.
        parts.append(re.sub(r", <code>[^<]*</code>", "", verdicts_html(deal, lang, ROOT)))
    controls = []
    if not state["done"]:
        controls.append(button(ct("check", lang), {"type": "check"}, "check", cls="mp-button mp-check"))
    controls.append(button(ct("quiz-next", lang), {"type": "new"}, "new"))
    if state["asked"]:
        controls.append(button(ct("quiz-reset", lang), {"type": "reset"}, "reset", cls="mp-button mp-reset"))
    parts.append(f'<div class="mp-controls">{"".join(controls)}</div>')
    options = [(k, ct(f"quiz-rules:{k}", lang)) for k in RULESETS]
    parts.append(
        form(
            {"type": "choose"},
            [select("rules", ct("quiz-rules", lang), options, state["rules"], "rules")],
            lang,
            "choose",
        )
    )
    return "".join(parts)
