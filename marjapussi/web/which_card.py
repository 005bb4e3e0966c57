"""Widget "which card may I play?": a position, the reader picks a card, the rules answer.

Positions come from a curated list per play duty (records in ``data/positions`` that
stop at the position) or from a seeded random deal under a chosen ruleset.

State: ``duty`` (a duty rule id, or ``random``), ``i`` (the curated position's index),
``rules`` (a key of ``RULESETS``), ``seed`` (random positions), ``pick`` (the card code
the reader chose, or empty).

>>> state = initial("must-beat")
>>> state["duty"], state["i"], state["pick"]
('must-beat', 0, '')
>>> new, announce = apply(state, {"type": "play", "card": "HA"}, "en")
>>> new["pick"], announce.startswith("♥A")
('HA', True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..actions import Play
from ..cards import Card, Seat
from ..deal import CardVerdict, Deal, Phase
from ..escaping import escape
from ..html import ROOT, card_html, declarations_html, rule_link, table_html, text_html
from ..i18n import describe_verdict, rule_name, ruleset_name, seat_name
from ..randomplay import random_action
from ..rules import GUILD, PAGAT, Rules, find_rules
from .common import (
    BadInput,
    action_card,
    button,
    field_choice,
    field_int,
    field_text,
    form,
    load_record,
    record_names,
    replay_deal,
    require_dict,
    select,
    sensible_playout_step,
)
from .texts import wt

__all__ = ["DUTIES", "FIELDS", "RULESETS", "apply", "check", "initial", "position", "view"]

KIND = "which-card"
DEFAULT_ARGS = "follow-suit"
FIELDS = ("duty", "i", "rules", "seed", "pick")

DUTIES: tuple[str, ...] = (
    "follow-suit",
    "must-trump",
    "must-beat",
    "first-trick-ace",
    "opening-lead-clubs-ace",
    "opening-lead-ace-spade",
    "small-trump-lead",
)
"""The play duties with curated positions (rule ids)."""

RULESETS: dict[str, Rules] = {
    "guild": GUILD,
    "pagat": PAGAT,
    "pagat-no-beat": PAGAT.replace(must_beat=False),
    "pagat-32": PAGAT.replace(deck_size=32),
    "pagat-ace-spade": PAGAT.replace(ace_spade_lead="every-deal"),
    "huutopussi-marriage": find_rules("huutopussi-marriage"),
}
"""The rulesets a random position can be dealt under (the selector's choices)."""
PAGAT_AND_GUILD = ("guild", "pagat", "pagat-no-beat", "pagat-32", "pagat-ace-spade")

MAX_SEED = 2**31 - 1


def curated(duty: str) -> tuple[str, ...]:
    """The record paths of the curated positions of a duty."""
    return tuple(f"positions/{n}.mjp" for n in record_names("positions") if n.rsplit("-", 1)[0] == duty)


def initial(args: str) -> dict[str, Any]:
    """The first state for the widget's arguments: a duty and/or a ruleset, or ``random``.

    Raises ``ValueError`` for unknown words (the site build stops on it).
    """
    duty, rules = "", "guild"
    for word in args.split():
        if word in DUTIES or word == "random":
            duty = word
        elif word in RULESETS:
            rules = word
        else:
            raise ValueError(
                f"which-card: unknown argument {word!r}; use a duty {DUTIES}, random, "
                f"or a ruleset {tuple(RULESETS)}"
            )
    if not duty:
        duty = "random" if rules != "guild" else DEFAULT_ARGS
    return {"duty": duty, "i": 0, "rules": rules, "seed": 1, "pick": ""}


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    duty = field_choice(data.get("duty"), (*DUTIES, "random"))
    rules = field_choice(data.get("rules"), RULESETS)
    seed = field_int(data.get("seed"), 0, MAX_SEED)
    count = len(curated(duty)) if duty != "random" else 1
    i = field_int(data.get("i"), 0, count - 1)
    pick = data.get("pick") or ""
    if pick:
        pick = field_text(pick, r"[HDSC](?:10|[6-9JQKA])", max_len=3)
    return {"duty": duty, "i": i, "rules": rules, "seed": seed, "pick": pick}


@lru_cache(maxsize=32)
def _random_position(rules_key: str, seed: int) -> Deal:
    rules = RULESETS[rules_key]
    rng = random.Random(seed)
    deal: Deal | None = None
    for _ in range(50):
        deal = _random_deal(rules, rng)
        if deal is None:  # a redeal was asked for: deal again
            continue
        # Stop somewhere with at least three cards in hand, at the first duty after it.
        stop = rng.randrange(rules.tricks_per_deal * 4 - 12)
        plays = 0
        while plays < stop + 8:
            if deal.pending is None and plays >= stop:
                verdicts = deal.explain()
                if any(not v.allowed for v in verdicts) and any(v.allowed for v in verdicts):
                    return deal
            action = sensible_playout_step(deal, rng)
            deal.push(action)
            plays += isinstance(action, Play)
    assert deal is not None  # fifty deals without a single duty do not happen
    return deal


def _random_deal(rules: Rules, rng: random.Random) -> Deal | None:
    """A seeded deal at its first card: the bidding and the exchange played at random in a
    family that has them; ``None`` when that ended in a redeal."""
    dealer = Seat(rng.randrange(4))
    if rules.family != "huutopussi-marriage":
        return Deal.random(rng, rules, dealer=dealer, opening=rng.random() < 0.3)
    from ..marriage_trumps import MarriageTrumpDeal  # loaded where such a deal is played

    deal = MarriageTrumpDeal.random(rng, rules, dealer=dealer)
    while deal.phase is not Phase.PLAY:
        if deal.is_over():
            return None
        deal.push(random_action(deal, rng))
    return deal


@lru_cache(maxsize=64)
def _curated_position(path: str) -> Deal:
    return replay_deal(load_record(path))


def position(state: Mapping[str, Any]) -> Deal:
    """The deal standing at the state's position (shared: do not change it)."""
    if state["duty"] == "random":
        return _random_position(state["rules"], state["seed"])
    return _curated_position(curated(state["duty"])[state["i"]])


def _verdict(deal: Deal, code: str) -> CardVerdict | None:
    for verdict in deal.explain():
        if verdict.card.code == code:
            return verdict
    return None


def _sentence(verdict: CardVerdict, lang: str, seat: Seat | None = None) -> str:
    why = describe_verdict(verdict, lang, seat)
    if verdict.allowed:
        return wt("which-ok", lang, card=verdict.card.symbol, why=why)
    if verdict.rule:
        why = f"{why} ({rule_name(verdict.rule, lang)})"
    return wt("which-no", lang, card=verdict.card.symbol, why=why)


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    new = dict(state)
    if kind == "play":
        card = action_card(action)
        deal = position(state)
        verdict = _verdict(deal, card.code)
        if verdict is None:
            raise BadInput("bad-action", "card not in hand")
        new["pick"] = card.code
        return new, _sentence(verdict, lang, deal.to_act)
    if kind in ("next", "prev"):
        if state["duty"] == "random":
            raise BadInput("bad-action")
        count = len(curated(state["duty"]))
        new["i"] = (state["i"] + (1 if kind == "next" else -1)) % count
        new["pick"] = ""
        return new, _title(new, lang)
    if kind == "random":
        new["duty"], new["i"], new["pick"] = "random", 0, ""
        new["seed"] = (state["seed"] * 1103515245 + 12345) % MAX_SEED
        return new, _title(new, lang)
    if kind == "choose":
        duty = field_choice(action.get("duty", state["duty"]), (*DUTIES, "random"), "bad-action")
        rules = field_choice(action.get("rules", state["rules"]), RULESETS, "bad-action")
        new.update(duty=duty, rules=rules, i=0, pick="")
        return new, _title(new, lang)
    raise BadInput("bad-action")


def _title(state: Mapping[str, Any], lang: str) -> str:
    if state["duty"] == "random":
        return (
            wt("which-random-position", lang, seed=state["seed"])
            + " · "
            + _ruleset_label(state["rules"], lang)
        )
    return (
        rule_name(state["duty"], lang)
        + " · "
        + wt("which-position", lang, n=state["i"] + 1, total=len(curated(state["duty"])))
    )


def _ruleset_label(key: str, lang: str) -> str:
    """A ruleset's name in the selector: the widget's short names, else the preset's own."""
    return wt(f"rules:{key}", lang) if key in PAGAT_AND_GUILD else ruleset_name(RULESETS[key], lang)


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    deal = position(state)
    seat = deal.to_act
    hand = deal.hand(seat)
    pick = state["pick"]
    verdict = _verdict(deal, pick) if pick else None
    marks: dict[str, str] = {}
    if verdict is not None:
        marks[pick] = "mp-picked mp-allowed" if verdict.allowed else "mp-picked mp-refused"
    hands: dict[Seat, Any] = {s: len(deal.hand(s)) for s in Seat}
    hands[seat] = hand
    actions = {c.code: {"type": "play", "card": c.code} for c in hand}
    prompt = "which-lead-prompt" if not deal.trick_cards else "which-prompt"
    parts = [
        f'<p class="mp-widget-title">{escape(wt("which-label", lang))}</p>',
        f'<p class="mp-widget-sub">{escape(_title(state, lang))}</p>',
        f'<p class="mp-prompt">{escape(wt(prompt, lang, seat=seat_name(seat, lang)))}</p>',
        table_html(
            hands,
            deal.table,
            lang,
            to_act=seat,
            trump=deal.trump_suit,
            trick_number=deal.trick_number,
            you=seat,
            actions=actions,
            marks=marks,
        ),
    ]
    if deal.declarations:
        parts.append(declarations_html(deal, lang, ROOT))
    if verdict is not None:
        parts.append(_result(deal, verdict, lang))
        if verdict.allowed:
            parts.append(better_card_html(deal, verdict.card, lang))
    parts.append(_controls(state, lang))
    return "".join(parts)


def _result(deal: Deal, verdict: CardVerdict, lang: str) -> str:
    cls = "mp-result mp-ok" if verdict.allowed else "mp-result mp-no"
    why = text_html(describe_verdict(verdict, lang, deal.to_act), lang)
    word = wt("verdict-allowed" if verdict.allowed else "verdict-refused", lang)
    rule = ""
    if verdict.rule is not None:
        rule = f' <span class="mp-rule-ref">({rule_link(verdict.rule, lang, ROOT, deal.rules.name)})</span>'
    allowed = [v.card for v in deal.explain() if v.allowed]
    also = ""
    if not verdict.allowed:
        cards = " ".join(card_html(c, lang) for c in allowed)
        also = f'<p class="mp-also">{escape(wt("which-also", lang))} {cards}</p>'
    return (
        f'<div class="{cls}"><p>{card_html(verdict.card, lang)} '
        f"<strong>{escape(word)}</strong>: {why}.{rule}</p>"
        f"{also}</div>"
    )


def _controls(state: Mapping[str, Any], lang: str) -> str:
    nav = []
    if state["duty"] != "random":
        nav.append(button(wt("prev-position", lang), {"type": "prev"}, "prev"))
        nav.append(button(wt("next-position", lang), {"type": "next"}, "next"))
    nav.append(button(wt("new-random", lang), {"type": "random"}, "random"))
    duties = [(d, rule_name(d, lang)) for d in DUTIES] + [("random", wt("duty:random", lang))]
    rulesets = [(k, _ruleset_label(k, lang)) for k in RULESETS]
    chooser = form(
        {"type": "choose"},
        [
            select("duty", wt("duty", lang), duties, state["duty"], "duty"),
            select("rules", wt("ruleset", lang), rulesets, state["rules"], "rules"),
        ],
        lang,
        "choose",
    )
    return f'<div class="mp-controls">{"".join(nav)}</div>{chooser}'


# ---------------------------------------------------------------- was there a better card (issue 10)


def better_card_html(deal: Deal, card: Card, lang: str) -> str:
    """After a legal choice: with every hand open, did a better legal card exist, and by how
    much (the double-dummy values of ``best_card``: exact at every trick where the compiled
    core serves the rules, else exact late in the deal and an estimate earlier)? Nothing
    when the card was the only legal one."""
    from .best_card import card_values, side_of, values_note

    found = card_values(deal)
    if found is None:
        return ""
    cards = {a: v for a, v in found.values.items() if isinstance(a, Play)}
    if len(cards) < 2:
        return ""
    picked = next(a for a in cards if a.card == card)
    top = max(cards.values())
    best = [a for a, v in cards.items() if v == top]
    if cards[picked] >= top:
        said = wt("which-best-yes", lang, card=card.symbol, side=side_of(deal, lang))
        cls = "mp-result mp-ok mp-better"
    else:
        shown = " ".join(a.card.symbol for a in best)
        said = wt(
            "which-best-no",
            lang,
            best=shown,
            card=card.symbol,
            loss=top - cards[picked],
        )
        cls = "mp-note mp-better"
    note = values_note(found, lang)
    return (
        f'<div class="{cls}" data-best="{"exact" if found.exact else "estimate"}">'
        f"<p>{text_html(said, lang)}</p><p class=\"mp-best-note\">{escape(note)}</p></div>"
    )

