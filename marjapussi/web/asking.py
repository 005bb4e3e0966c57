"""Widget "declare or ask": after a won trick, the reader chooses what the winner does.

Two partners' hands and the trick one of them has just won; the reader declares a
marriage, asks the partner for a whole marriage, asks for a half, or declares nothing,
and sees the partner's answer, which marriages burn, what became trump or small trump,
the points, and the lead duty that follows. Starting hands come from curated records
(``data/asking``) or from a seeded random deal.

State: ``set`` (the curated hands' index, or -1 for random hands), ``seed`` (random
hands), ``choice`` (empty before the choice; ``pass``, ``declare-H``, ``ask-whole`` or
``ask-half-H`` after it).

>>> state = initial("")
>>> state["choice"], options(state)
('', ['declare-C', 'ask-whole', 'ask-half-D', 'ask-half-S', 'pass'])
>>> new, said = apply(state, {"type": "choose", "choice": "ask-half-S"}, "en")
>>> print(said.replace(". ", ".\\n"))
West asks the partner for half ♠.
East answers: yes, ♠.
Burned: West ♣, East ♥.
♠ is now trumps: East–West scores 2 points.
Next West leads any card he likes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..actions import Action, Answer, AskHalf, AskWhole, Declare, parse_action
from ..cards import Card, Rank, Seat, Suit
from ..deal import Deal, Declaration
from ..errors import CardParseError, IllegalAction
from ..escaping import escape
from ..html import ROOT, rule_link, suit_html, table_html
from ..i18n import pair_name, seat_name
from ..rules import GUILD
from .common import (
    BadInput,
    button,
    field_int,
    field_text,
    load_record,
    marks_legend,
    marriage_marks,
    record_names,
    replay_deal,
    require_dict,
    sensible_playout_step,
)
from .texts import wt

__all__ = ["FIELDS", "Outcome", "apply", "check", "initial", "options", "outcome", "view"]

KIND = "asking"
DEFAULT_ARGS = ""
FIELDS = ("set", "seed", "choice")
MAX_SEED = 2**31 - 1
CHOICE = r"pass|ask-whole|declare-[HDSC]|ask-half-[HDSC]"


@lru_cache(maxsize=1)
def curated() -> tuple[str, ...]:
    """The record paths of the curated starting hands."""
    return tuple(f"asking/{n}.mjp" for n in record_names("asking"))


def initial(args: str) -> dict[str, Any]:
    """The first state: the first curated hands (``args`` may name ``random`` hands)."""
    words = args.split()
    if words and words != ["random"]:
        raise ValueError(f"asking: unknown arguments {args!r}; use none or 'random'")
    return {"set": -1 if words else 0, "seed": 1, "choice": ""}


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    which = field_int(data.get("set"), -1, len(curated()) - 1)
    seed = field_int(data.get("seed"), 0, MAX_SEED)
    choice = data.get("choice") or ""
    if choice:
        choice = field_text(choice, CHOICE, max_len=12)
    checked = {"set": which, "seed": seed, "choice": choice}
    if choice and choice not in options(checked):
        raise BadInput("bad-state", "choice not possible here")
    return checked


# ---------------------------------------------------------------------- positions


@dataclass(frozen=True)
class _Recipe:
    """How to set a position up again: hands, set-up and the actions before it."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: Seat
    opening: bool
    leader: Seat
    actions: tuple[Action, ...]

    def deal(self) -> Deal:
        deal = Deal([list(h) for h in self.hands], GUILD, self.dealer, self.opening, self.leader)
        for action in self.actions:
            deal.push(action)
        return deal


def _recipe(deal: Deal) -> _Recipe:
    return _Recipe(
        tuple(tuple(deal.initial_hand(s)) for s in Seat),
        deal.dealer,
        deal.opening,
        deal.leader,
        tuple(a for _, a in deal.history),
    )


def _interesting(deal: Deal) -> bool:
    seat = deal.to_act
    if len(deal.legal_declarations()) > 1:
        return True
    partner = deal.hands[seat.partner]
    return any(partner >> (s * 9 + Rank.KING) & 1 and partner >> (s * 9 + Rank.QUEEN) & 1 for s in range(4))


@lru_cache(maxsize=64)
def _random_recipe(seed: int) -> _Recipe:
    rng = random.Random(seed)
    deal: Deal | None = None
    for _ in range(200):
        deal = Deal.random(rng, GUILD, dealer=Seat(rng.randrange(4)), opening=rng.random() < 0.5)
        chance = rng.choice((0.0, 0.8))
        while not deal.is_over():
            if deal.window and deal.pending is None and _interesting(deal) and rng.random() < 0.5:
                return _recipe(deal)
            deal.push(sensible_playout_step(deal, rng, chance))
    assert deal is not None
    return _recipe(deal)  # pragma: no cover - two hundred deals without a chance do not happen


@lru_cache(maxsize=16)
def _curated_recipe(path: str) -> _Recipe:
    return _recipe(replay_deal(load_record(path)))


def position(state: Mapping[str, Any]) -> Deal:
    """A fresh deal standing where the trick winner may declare or ask (the caller's own)."""
    if state["set"] < 0:
        return _random_recipe(state["seed"]).deal()
    return _curated_recipe(curated()[state["set"]]).deal()


def _choice_text(action: Action) -> str:
    if isinstance(action, Declare):
        return f"declare-{action.suit.letter}"
    if isinstance(action, AskHalf):
        return f"ask-half-{action.suit.letter}"
    return "ask-whole"


def _choice_action(choice: str) -> Action:
    return parse_action(choice.replace("-", " "))


def options(state: Mapping[str, Any]) -> list[str]:
    """The choices open to the trick winner: his legal declarations and asks, and ``pass``."""
    deal = position(state)
    return [_choice_text(a) for a in deal.legal_declarations()] + ["pass"]


# ---------------------------------------------------------------------- the outcome


@dataclass
class Outcome:
    """What a choice led to."""

    seat: Seat
    choice: str
    answer: Answer | None = None
    other_answers: list[Answer] = field(default_factory=list)
    declaration: Declaration | None = None
    lead_rule: str | None = None
    lead_suit: Suit | None = None
    trump_before: Suit | None = None
    deal: Deal | None = None


def outcome(state: Mapping[str, Any]) -> Outcome:
    """Play the state's choice through the rules and collect what it did."""
    deal = position(state)
    seat = deal.to_act
    result = Outcome(seat, state["choice"], trump_before=deal.trump_suit, deal=deal)
    if state["choice"] in ("", "pass"):
        return result
    try:
        deal.play(_choice_action(state["choice"]))
        if deal.pending is not None:
            answers = deal.answers()
            result.answer, result.other_answers = answers[0], answers[1:]
            deal.play(answers[0])
    except (IllegalAction, CardParseError):
        raise BadInput("bad-state", "choice refused") from None
    result.declaration = deal.declarations[-1]
    decl = result.declaration
    if decl.kind == "small-trump" and decl.suit is not None and deal.rules.small_trump_lead:
        result.lead_suit = decl.suit
        refused = [v for v in deal.explain() if not v.allowed and v.rule == "small-trump-lead"]
        result.lead_rule = "small-trump-lead" if refused else None
    return result


def _pair_suit_burns(decl: Declaration, lang: str) -> str:
    return ", ".join(f"{seat_name(s, lang)} {u.symbol}" for s, u in decl.burned)


def _sentences(result: Outcome, lang: str) -> list[tuple[str, str | None]]:
    """The outcome as (sentence, rule id) pairs."""
    out: list[tuple[str, str | None]] = []
    seat = result.seat
    who = seat_name(seat, lang)
    partner = seat_name(seat.partner, lang)
    if result.choice == "pass":
        out.append((wt("nothing-made", lang), None))
        out.append((wt("lead-free", lang, seat=who), None))
        return out
    decl = result.declaration
    assert decl is not None
    action = _choice_action(result.choice)
    if isinstance(action, AskWhole):
        out.append((wt("asks-whole", lang, seat=who), "ask-whole"))
    elif isinstance(action, AskHalf):
        out.append((wt("asks-half", lang, seat=who, suit=action.suit.symbol), "ask-half"))
    if result.answer is not None:
        said = (
            wt("answer-no", lang)
            if result.answer.suit is None
            else wt("answer-yes", lang, suit=result.answer.suit.symbol)
        )
        out.append((wt("answer-is", lang, seat=partner, answer=said), None))
        if result.other_answers:
            suits = ", ".join(a.suit.symbol for a in result.other_answers if a.suit is not None)
            out.append((wt("answer-other", lang, suits=suits), None))
    if isinstance(action, Declare):
        out.append((wt("nothing-burns", lang), "burn"))
    elif decl.burned:
        out.append((wt("burns-now", lang, what=_pair_suit_burns(decl, lang)) + ".", "burn"))
    else:
        out.append((wt("nothing-burns", lang), "burn"))
    pair = pair_name(seat.pair, lang)
    if decl.kind == "trump" and decl.suit is not None:
        out.append((wt("became-trump", lang, suit=decl.suit.symbol, pair=pair), "trump"))
    elif decl.kind == "small-trump" and decl.suit is not None and result.trump_before is not None:
        out.append(
            (
                wt("became-small", lang, suit=decl.suit.symbol, pair=pair, trump=result.trump_before.symbol),
                "small-trump",
            )
        )
        if result.lead_suit is not None and result.lead_rule:
            out.append((wt("lead-duty", lang, seat=who, suit=result.lead_suit.symbol), "small-trump-lead"))
        elif result.lead_suit is not None:
            out.append(
                (wt("lead-free-void", lang, seat=who, suit=result.lead_suit.symbol), "small-trump-lead")
            )
        return out
    else:
        out.append((wt("nothing-made", lang), None))
    out.append((wt("lead-free", lang, seat=who), None))
    return out


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    new = dict(state)
    if kind == "choose":
        choice = field_text(action.get("choice"), CHOICE, "bad-action", 12)
        if choice not in options(state):
            raise BadInput("bad-action", "not possible here")
        new["choice"] = choice
        return new, " ".join(s for s, _ in _sentences(outcome(new), lang))
    if kind == "reset":
        new["choice"] = ""
    elif kind in ("next", "prev"):
        count = len(curated())
        current = state["set"] if state["set"] >= 0 else (-1 if kind == "next" else 0)
        new["set"] = (current + (1 if kind == "next" else -1)) % count
        new["choice"] = ""
    elif kind == "new":
        new["set"] = -1
        new["seed"] = (state["seed"] * 1103515245 + 12345) % MAX_SEED
        new["choice"] = ""
    else:
        raise BadInput("bad-action")
    return new, _prompt(position(new), lang)


def _prompt(deal: Deal, lang: str) -> str:
    last = deal.last_trick
    number = last.number if last is not None else 0
    return wt("asking-prompt", lang, seat=seat_name(deal.to_act, lang), n=number)


def _option_label(choice: str, lang: str) -> str:
    if choice == "pass":
        return wt("choose-pass", lang)
    if choice == "ask-whole":
        return wt("choose-ask-whole", lang)
    suit = Suit.parse(choice[-1]).symbol
    return wt("choose-declare" if choice.startswith("declare") else "choose-ask-half", lang, suit=suit)


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    result = outcome(state)
    deal = result.deal
    assert deal is not None
    seat = result.seat
    last = deal.last_trick
    hands: dict[Seat, list[Card] | int] = {
        s: deal.hand(s) if s in (seat, seat.partner) else len(deal.hand(s)) for s in Seat
    }
    if state["set"] >= 0:
        sub = wt("hands-n", lang, n=state["set"] + 1, total=len(curated()))
    else:
        sub = wt("hands-random", lang, seed=state["seed"])
    marks = marriage_marks(deal, (seat, seat.partner))
    trump = result.trump_before
    trump_line = (
        escape(wt("already-trump", lang)) + " " + suit_html(trump, lang)
        if trump is not None
        else escape(wt("no-trump-yet", lang))
    )
    parts = [
        f'<p class="mp-widget-title">{escape(wt("asking-label", lang))}</p>',
        f'<p class="mp-widget-sub">{escape(sub)}</p>',
        f'<p class="mp-prompt">{escape(_prompt(position(state), lang))} {trump_line}</p>',
        table_html(
            hands,
            last.plays if last is not None else [],
            lang,
            to_act=seat,
            trump=deal.trump_suit,
            trick_number=last.number if last is not None else None,
            winner=last.winner if last is not None else None,
            marks=marks,
        ),
        marks_legend(marks, lang),
    ]
    if not state["choice"]:
        buttons = [
            button(_option_label(c, lang), {"type": "choose", "choice": c}, f"choose-{c}")
            for c in options(state)
        ]
        parts.append(f'<div class="mp-controls mp-choices">{"".join(buttons)}</div>')
    else:
        items = []
        for sentence, rule in _sentences(result, lang):
            link = f" ({rule_link(rule, lang, ROOT, deal.rules.name)})" if rule else ""
            items.append(f"<li>{escape(sentence)}{link}</li>")
        parts.append(
            '<div class="mp-result mp-asking-result">'
            f"<p><strong>{escape(_option_label(state['choice'], lang))}</strong></p>"
            f"<ul>{''.join(items)}</ul></div>"
        )
        parts.append(
            f'<div class="mp-controls">{button(wt("try-other", lang), {"type": "reset"}, "reset")}</div>'
        )
    nav = [
        button(wt("prev-hands", lang), {"type": "prev"}, "prev"),
        button(wt("next-hands", lang), {"type": "next"}, "next"),
        button(wt("new-hands", lang), {"type": "new"}, "new"),
    ]
    parts.append(f'<div class="mp-controls">{"".join(nav)}</div>')
    return "".join(parts)
