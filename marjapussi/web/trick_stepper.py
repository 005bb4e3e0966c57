"""Widget "trick stepper": an example deal from a game record, shown as a card table.

The reader steps forward and back card by card and trick by trick, shows all hands or
looks from one seat, and sees each card's duty, the declarations and asks as they
happen, the record's comments, and the score working at the end. The records live in
``data/NAME.LANG.mjp`` (the same deal with comments in Finnish, English and Russian)
or ``data/NAME.mjp`` (one record shown as written, such as the record format page's
example, a copy of ``examples/records/guild-first-deal.mjp``).

State: ``rec`` (the record's name), ``n`` (how many of its actions have been played),
``view`` (``all``, or a seat letter for the view from that seat); and, all optional (see
the end of the module): ``line`` (the alternative line being stepped through, ``""`` for
the main line), ``k`` (how many of its actions have been played) and ``best`` (whether the
value of each legal action is shown, "best card here").

>>> state = initial("example-deal")
>>> state, total("example-deal")
({'rec': 'example-deal', 'n': 0, 'view': 'all'}, 39)
>>> apply(state, {"type": "next-trick"}, "en")[0]["n"]
4
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..actions import (
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Give,
    Pass,
    Play,
    ReturnCards,
    SetContract,
)
from ..cards import Card, Seat, Suit
from ..deal import CardVerdict, Deal, Phase
from ..escaping import escape
from ..game import MAX_DEAL_NUMBER, MAX_SEED, RULESETS, Game, GameError
from ..html import (
    ROOT,
    card_html,
    declaration_rule,
    declarations_html,
    era_html,
    rule_link,
    score_html,
    table_html,
)
from ..huutopussi import AuctionDeal
from ..i18n import describe_action, describe_declaration, describe_verdict, seat_name
from ..messages import LANGUAGES
from ..record import GameRecord, RecordedAction, new_deal, record_from_deal
from ..scoring import apply_to_totals
from .common import (
    BadInput,
    button,
    field_choice,
    field_int,
    field_text,
    form,
    load_record,
    marks_legend,
    marriage_marks,
    record_names,
    require_dict,
    select,
)
from .table_view import after_action
from .texts import wt

__all__ = ["FIELDS", "apply", "check", "initial", "records", "total", "view"]

KIND = "trick-stepper"
DEFAULT_ARGS = "example-deal"
FIELDS = ("rec", "n", "view")
VIEWS = ("all", "N", "E", "S", "W")


@lru_cache(maxsize=1)
def records() -> tuple[str, ...]:
    """The names of the shipped example records."""
    return tuple(sorted({n.split(".", 1)[0] for n in record_names("")}))


def _record(name: str, lang: str) -> GameRecord:
    if name.startswith(PLAY_PREFIX):
        return _play_record(name)
    names = record_names("")
    for candidate in (f"{name}.{lang}", name, f"{name}.en"):
        if candidate in names and (lang in LANGUAGES or candidate != f"{name}.{lang}"):
            return load_record(f"{candidate}.mjp")
    raise BadInput("bad-state", "record")


def total(name: str) -> int:
    """The number of actions in an example record."""
    return len(_record(name, "en").deals[-1].actions)


@lru_cache(maxsize=8)
def _trick_ends(name: str) -> tuple[int, ...]:
    """The action counts at which a trick has just been completed."""
    ends = []
    plays = 0
    for i, item in enumerate(_record(name, "en").deals[-1].actions, 1):
        if isinstance(item.action, Play):
            plays += 1
            if plays % 4 == 0:
                ends.append(i)
    return tuple(ends)


def initial(args: str) -> dict[str, Any]:
    """The first state: the record named by ``args`` at its start, all hands shown."""
    name = args.strip() or DEFAULT_ARGS
    if name not in records():
        raise ValueError(f"trick-stepper: unknown record {name!r}; shipped: {', '.join(records())}")
    return {"rec": name, "n": 0, "view": "all"}


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    name = field_text(data.get("rec"), r"[a-z0-9-]{1,40}|play-[A-Za-z0-9-]{1,400}", max_len=410)
    if name not in records() and not name.startswith(PLAY_PREFIX):
        raise BadInput("bad-state", "record")
    if name.startswith(PLAY_PREFIX):
        _play_record(name)  # BadInput for a deal the engine does not accept
    n = field_int(data.get("n"), 0, total(name))
    checked = {"rec": name, "n": n, "view": field_choice(data.get("view"), VIEWS)}
    return _check_line(checked, data)


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Step through the record or change the view; return the new state and an announcement."""
    kind = action.get("type")
    if kind in LINE_ACTIONS or state.get("line"):
        return _apply_line(state, action, lang)
    name, n = state["rec"], state["n"]
    last = total(name)
    ends = _trick_ends(name)
    new = dict(state)
    new["best"] = False  # a step hides the values until the reader asks again
    if kind == "start":
        new["n"] = 0
    elif kind == "end":
        new["n"] = last
    elif kind == "next-card":
        new["n"] = min(n + 1, last)
    elif kind == "prev-card":
        new["n"] = max(n - 1, 0)
    elif kind == "next-trick":
        new["n"] = next((e for e in ends if e > n), last)
    elif kind == "prev-trick":
        new["n"] = next((e for e in reversed(ends) if e < n), 0)
    elif kind == "view":
        new["view"] = field_choice(action.get("view"), VIEWS, "bad-action")
        return new, _view_name(new["view"], lang)
    else:
        raise BadInput("bad-action")
    step = _step(name, new["n"], lang)
    # one message a step: the action, then who took the trick it finished and the result
    return new, " ".join([step.sentence, *after_action(step.deal, lang)])


def _view_name(view: str, lang: str) -> str:
    if view == "all":
        return wt("view-all", lang)
    return wt("view-seat", lang, seat=seat_name(Seat[view], lang))


@dataclass
class _Step:
    deal: Deal
    sentence: str
    detail_html: str
    comment: str | None
    # an exchange's cards are seen only by the bidder's pair: the sentence without them,
    # and the seats that may read the cards
    hidden: str = ""
    privy: tuple[Seat, ...] = ()


def _burned_now(deal: Deal) -> set[tuple[Seat, Suit]]:
    return {(seat, suit) for seat in Seat for suit in Suit if deal.is_burned(seat, suit)}


@lru_cache(maxsize=128)
def _step(name: str, n: int, lang: str, line: str = "") -> _Step:
    """Replay the record to ``n`` actions (of the alternative ``line``, if one is given) and
    say what the last one did (shared: read only)."""
    record = _record(name, lang)
    rec = record.deals[-1]
    opening = True if rec.opening is None else rec.opening
    deal = new_deal(record.rules, rec.hands, rec.dealer, opening, rec.leader, rec.talon, rec.totals)
    verdict: CardVerdict | None = None
    verdicts: list[CardVerdict] = []
    burned_before: set[tuple[Seat, Suit]] = set()
    items = _items(name, lang, line, n)
    for i, item in enumerate(items):
        if i == len(items) - 1:
            burned_before = _burned_now(deal)
            if isinstance(item.action, Play):
                verdicts = deal.explain()
                verdict = next(v for v in verdicts if v.card == item.action.card)
        deal.play(item.action)
        if item.comment:
            deal.comments[i] = item.comment
    if not items:
        if isinstance(deal, AuctionDeal):  # a bidding game starts with a call, not a lead
            sentence = wt("step-calls-first", lang, seat=seat_name(deal.to_act, lang))
        else:
            sentence = wt("step-at-start", lang, seat=seat_name(deal.leader, lang))
        return _Step(deal, sentence, "", rec.comment)
    seat, action = deal.history[-1]
    comment = deal.comments.get(len(items) - 1)
    family = deal.rules.name
    who = seat_name(seat, lang)
    if isinstance(action, Play) and verdict is not None:
        sentence = wt("played", lang, seat=who, card=action.card.symbol)
        duty, why = why_played(verdict, verdicts, who, lang, seat)
        rule = f" ({rule_link(duty, lang, ROOT, family)})" if duty else ""
        detail = (
            f'<p class="mp-step-what">{escape(sentence)}: {card_html(action.card, lang)}</p>'
            f'<p class="mp-step-why"><span class="mp-label">{escape(wt("why-card", lang))}:</span> '
            f"{escape(why)}{rule}</p>"
        )
        said = wt("played-why", lang, seat=who, card=action.card.symbol, why=why)
        return _Step(deal, said, detail, comment)
    if isinstance(action, (AskWhole, AskHalf)):
        # the marriage family burns nothing: an ask bars later declarations (its rule says which)
        burns = deal.rules.family != "huutopussi-marriage"
        burned = sorted(_burned_now(deal) - burned_before) if burns else []
        if isinstance(action, AskWhole):
            sentence, rule = wt("asks-whole", lang, seat=who), declaration_rule("whole", deal.rules.family)
        else:
            sentence = wt("asks-half", lang, seat=who, suit=action.suit.symbol)
            rule = declaration_rule("half", deal.rules.family)
        if burned:
            what = ", ".join(f"{seat_name(s, lang)} {u.symbol}" for s, u in burned)
            sentence += " " + wt("burns-now", lang, what=what) + "."
        elif burns:
            sentence += " " + wt("nothing-burns", lang)
        detail = f'<p class="mp-step-what">{escape(sentence)} ({rule_link(rule, lang, ROOT, family)})</p>'
        return _Step(deal, sentence, detail, comment)
    if isinstance(action, (Declare, Answer)) and deal.declarations:
        decl = deal.declarations[-1]
        sentence = describe_declaration(decl, lang)
        if deal.rules.family == "huutopussi-marriage":  # its declarations make trumps by their own rules
            rule = declaration_rule(decl.method, deal.rules.family)
        else:
            rule = decl.kind or declaration_rule(decl.method, deal.rules.family)
        detail = f'<p class="mp-step-what">{escape(sentence)} ({rule_link(rule, lang, ROOT, family)})</p>'
        return _Step(deal, sentence, detail, comment)
    return _call_step(deal, seat, action, comment, lang)


def _call_step(deal: Deal, seat: Seat, action: Action, comment: str | None, lang: str) -> _Step:
    """A step that plays no card: a call of the bidding, the exchange, the contract."""
    who = seat_name(seat, lang)
    hidden = ""
    privy: tuple[Seat, ...] = ()
    if isinstance(action, Bid):
        sentence = wt("step-bids", lang, seat=who, points=action.points)
    elif isinstance(action, Pass):
        sentence = wt("step-passes", lang, seat=who)
    elif isinstance(action, (Give, ReturnCards)):
        key = "step-gives" if isinstance(action, Give) else "step-returns"
        count, cards = len(action.cards), " ".join(c.symbol for c in action.cards)
        sentence = wt(key, lang, seat=who, count=count, cards=cards)
        hidden, privy = wt(f"{key}-hidden", lang, seat=who, count=count), (seat, seat.partner)
    elif isinstance(action, SetContract):
        sentence = wt("step-contract", lang, seat=who, points=action.points)
    else:
        sentence = wt("step-other", lang, seat=who, action=describe_action(action, lang))
    return _Step(deal, sentence, f'<p class="mp-step-what">{escape(sentence)}</p>', comment, hidden, privy)


def _step_html(step: _Step, seen: str) -> str:
    """What the step did, as the seat ``seen`` (or everyone, ``all``) may know it."""
    if step.hidden and seen != "all" and Seat[seen] not in step.privy:
        return f'<p class="mp-step-what">{escape(step.hidden)}</p>'
    return step.detail_html or "<p>" + escape(step.sentence) + "</p>"


def why_played(
    verdict: CardVerdict,
    verdicts: list[CardVerdict],
    seat: str,
    lang: str,
    player: Seat | None = None,
) -> tuple[str | None, str]:
    """The duty that applied to a played card (a rule id, or ``None``) and why it was played.

    The engine names the duty whenever one applied, even when every card of the hand
    fulfilled it; a hand's last card is "last card", and "free choice" is left for a card
    no duty applied to. A duty that left several cards is named with them, among which
    the player chose.
    """
    why = describe_verdict(verdict, lang, player)
    if verdict.rule is None:
        return None, why
    allowed = [v.card for v in verdicts if v.allowed]
    if len(allowed) > 1:
        why = wt("chose-among", lang, why=why, seat=seat, cards=" ".join(c.symbol for c in allowed))
    return verdict.rule, why


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    name, seen = state["rec"], state["view"]
    n, last = _position(state)
    step = _step(name, n, lang, state.get("line", ""))
    deal = step.deal
    over = deal.is_over()
    hands: dict[Seat, list[Card] | int] = {}
    for seat in Seat:
        cards = deal.hand(seat)
        hands[seat] = cards if seen in ("all", seat.name) else len(cards)
    trick = deal.table
    winner = None
    # no trick is numbered while the bidding (or the exchange) is on: no card has been played
    number = deal.trick_number if getattr(deal, "hp_phase", Phase.PLAY) is Phase.PLAY else None
    last_trick = deal.last_trick
    if not trick and last_trick is not None:
        trick, winner, number = last_trick.plays, last_trick.winner, last_trick.number
    you = Seat[seen] if seen != "all" else None
    marks = marriage_marks(deal, [s for s in Seat if not isinstance(hands[s], int)])
    nav = [
        button(wt("step-start", lang), {"type": "start"}, "start", disabled=n == 0),
        button(wt("step-prev-trick", lang), {"type": "prev-trick"}, "prev-trick", disabled=n == 0),
        button(wt("step-prev-card", lang), {"type": "prev-card"}, "prev-card", disabled=n == 0),
        button(wt("step-next-card", lang), {"type": "next-card"}, "next-card", disabled=n == last),
        button(wt("step-next-trick", lang), {"type": "next-trick"}, "next-trick", disabled=n == last),
        button(wt("step-end", lang), {"type": "end"}, "end", disabled=n == last),
    ]
    views = [("all", wt("view-all", lang))] + [
        (s.name, wt("view-seat", lang, seat=seat_name(s, lang))) for s in Seat
    ]
    parts = [
        f'<p class="mp-widget-title">{escape(wt("stepper-label", lang))}</p>',
        f'<div class="mp-controls mp-stepper-nav">{"".join(nav)}</div>',
        f'<p class="mp-widget-sub">{escape(wt("step-of", lang, n=n, total=last))}</p>',
        form({"type": "view"}, [select("view", wt("view-from", lang), views, seen, "view")], lang, "view-go"),
        '<div class="mp-stepper">',
        table_html(
            hands,
            trick,
            lang,
            to_act=None if over else deal.to_act,
            trump=deal.trump_suit,
            trick_number=number,
            winner=winner,
            you=you,
            marks=marks,
        ),
        marks_legend(marks, lang),
        '<div class="mp-stepper-notes">',
        f'<div class="mp-step-now">{_step_html(step, seen)}</div>',
    ]
    if step.comment:
        parts.append(
            f'<blockquote class="mp-comment"><p><span class="mp-label">{escape(wt("comment", lang))}:</span> '
            f"{escape(step.comment)}</p></blockquote>"
        )
    parts.append(_analysis_html(state, step.deal, lang))
    if n and not over and deal.pending is not None:
        parts.append(f"<p>{escape(wt('next-to-answer', lang, seat=seat_name(deal.to_act, lang)))}</p>")
    parts.append(declarations_html(deal, lang, ROOT))
    parts.append("</div></div>")
    if over:
        score = deal.result()
        family = deal.rules.name
        parts.append(score_html(score, lang, ROOT))
        if not isinstance(deal, AuctionDeal):  # a bidding game has no erä: its totals carry to 500
            era = apply_to_totals(deal.rules, (0, 0), score.points, score.tricks_won)
            parts.append(era_html(era, lang, ROOT, family))
    return "".join(parts)


# ---------------------------------------------------------------------- a deal from the Play page
#
# The Play page links its finished deal here: ``rec`` is ``play-RULES-SEED-NUMBER-DEALER-
# OPENING-ACTIONS`` (the Play widget's own compact code), replayed by the engine like any
# shipped record. Such a link carries its own share code (``share_code``/``decode_share``).

PLAY_PREFIX = "play-"


@lru_cache(maxsize=16)
def _play_record(name: str) -> GameRecord:
    parts = name[len(PLAY_PREFIX) :].rsplit("-", 5)
    if len(parts) != 6:
        raise BadInput("bad-state", "play deal")
    r, seed, number, dealer, opening, actions = parts
    if r not in RULESETS or dealer not in Seat.__members__ or opening not in ("0", "1"):
        raise BadInput("bad-state", "play deal")
    if RULESETS[r].family != "marjapussi":  # it replays Marjapussi deals; the Play page links no other
        raise BadInput("bad-state", "play deal")
    # The deal is the first of a game that starts with it.
    seed_read, number_read = field_int(seed, 0, MAX_SEED), field_int(number, 0, MAX_DEAL_NUMBER)
    game = Game(r, seed_read, number_read, Seat[dealer], opening == "1", (), actions)
    try:
        return record_from_deal(game.fresh_deal(), 1)
    except GameError:
        raise BadInput("bad-state", "play deal") from None


def play_name(r: str, seed: int, number: int, dealer: str, opening: int, actions: str) -> str:
    """The ``rec`` of a Play page's deal."""
    return f"{PLAY_PREFIX}{r}-{seed}-{number}-{dealer}-{opening}-{actions}"


def share_code(state: Mapping[str, Any]) -> str:
    """The share code: the common one, with a Play deal's long ``rec`` kept whole."""
    return f"{state['rec']}.{state['n']}.{state['view']}"


def decode_share(code: str) -> dict[str, Any]:
    """Read a share code back into (unchecked) fields; ``BadInput`` if it has the wrong shape."""
    parts = code.split(".") if isinstance(code, str) and len(code) <= 460 else []
    if len(parts) != 3:
        raise BadInput("bad-url", "shape")
    return dict(zip(FIELDS, parts, strict=True))


# ------------------------------------------------------------ alternative lines, best card (issue 10)
#
# A record's variations are "alternative lines". ``line`` names the one being stepped
# through as pairs "index-variation" joined by "-": "4-0" is the first line in place of
# the main line's fifth action, "4-0-2-1" the second line in place of that line's third
# action. In a line, ``k`` counts its actions played (0: the position where it starts) and
# ``n`` is the main-line position it branches from, so that a shared link (``rec``, ``n``,
# ``view``) opens the main line there.

LINE_ACTIONS = frozenset({"enter", "leave", "leave-all", "best"})
LINE_FORMAT = re.compile(r"\d{1,3}-\d{1,2}(?:-\d{1,3}-\d{1,2}){0,7}")


def _path(line: str) -> tuple[tuple[int, int], ...]:
    numbers = [int(x) for x in line.split("-")] if line else []
    return tuple(zip(numbers[::2], numbers[1::2], strict=True))


def _line_text(path: tuple[tuple[int, int], ...]) -> str:
    return "-".join(f"{i}-{v}" for i, v in path)


def _walk(name: str, lang: str, line: str) -> tuple[list[RecordedAction], list[RecordedAction]]:
    """The actions played before the line starts, and the line's own actions."""
    actions = _record(name, lang).deals[-1].actions
    before: list[RecordedAction] = []
    for index, which in _path(line):
        if index >= len(actions) or which >= len(actions[index].variations):
            raise BadInput("bad-state", "line")
        before = before + actions[:index]
        actions = actions[index].variations[which]
    return before, actions


def _items(name: str, lang: str, line: str, n: int) -> list[RecordedAction]:
    """The actions to play for ``n`` actions of ``line`` (the main line if empty)."""
    before, actions = _walk(name, lang, line)
    return before + actions[:n]


def _check_line(checked: dict[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the optional fields (a state without them is on the main line, values hidden)."""
    line = data.get("line", "")
    best = data.get("best", False)
    if not isinstance(best, bool):
        raise BadInput("bad-state", "best")
    if line in ("", None):
        k = data.get("k", 0)
        if k not in (0, None):
            raise BadInput("bad-state", "k")
        return {**checked, "line": "", "k": 0, "best": best}
    if not isinstance(line, str) or not LINE_FORMAT.fullmatch(line):
        raise BadInput("bad-state", "line")
    _, actions = _walk(checked["rec"], "en", line)
    k = field_int(data.get("k"), 0, len(actions))
    return {**checked, "n": _path(line)[0][0], "line": line, "k": k, "best": best}


def _position(state: Mapping[str, Any]) -> tuple[int, int]:
    """How many actions of the current line are played, and how many it has."""
    line = state.get("line", "")
    if not line:
        return state["n"], total(state["rec"])
    return state["k"], len(_walk(state["rec"], "en", line)[1])


def _line_ends(name: str, line: str) -> list[int]:
    """The counts of the line's actions at which a trick has just been completed."""
    record = _record(name, "en")
    before, actions = _walk(name, "en", line)
    plays = sum(isinstance(item.action, Play) for item in before)
    ends = []
    for i, item in enumerate(actions, 1):
        if isinstance(item.action, Play):
            plays += 1
            if plays % record.rules.players == 0:
                ends.append(i)
    return ends


def _current(state: Mapping[str, Any], lang: str = "en") -> RecordedAction | None:
    """The action the reader has just stepped past in the current line (``None`` at its start)."""
    count, _ = _position(state)
    if count == 0:
        return None
    return _walk(state["rec"], lang, state.get("line", ""))[1][count - 1]


def _apply_line(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Step into and out of alternative lines, step inside one, show or hide the values."""
    kind = action.get("type")
    name, line = state["rec"], state.get("line", "")
    new = {**state, "line": line, "k": state.get("k", 0), "best": False}
    if kind == "best":
        show = action.get("show", True)
        if not isinstance(show, bool):
            raise BadInput("bad-action")
        new["best"] = show
        step = _step(name, _position(new)[0], lang, line)
        if not show:
            return new, wt("best-hide", lang)
        from .best_card import card_values, none_text

        found = None if step.deal.is_over() else card_values(step.deal)
        if found is None:
            return new, none_text(step.deal, lang)
        from .best_card import action_html

        best = re.sub(r"<[^>]+>", "", action_html(found.best, lang))
        return new, wt("best-shown", lang, best=best)
    path = _path(line)
    if kind == "enter":
        current = _current(state)
        which = field_int(action.get("i"), 0, 8, "bad-action")
        if current is None or which >= len(current.variations):
            raise BadInput("bad-action")
        count, _ = _position(state)
        path = (*path, (count - 1, which))
        new.update(line=_line_text(path), k=1, n=path[0][0])
        return new, wt("line-entered", lang, what=_step(name, 1, lang, new["line"]).sentence)
    if kind in ("leave", "leave-all"):
        if not path:
            raise BadInput("bad-action")
        back = () if kind == "leave-all" else path[:-1]
        # Back where the reader stepped in: just after the action the line replaces.
        count = (path[0] if kind == "leave-all" else path[-1])[0] + 1
        if back:
            new.update(line=_line_text(back), k=count, n=back[0][0])
        else:
            new.update(line="", k=0, n=count)
        return new, wt("line-left", lang, what=_step(name, count, lang, new["line"]).sentence)
    # Stepping inside an alternative line, as on the main line.
    k, last = _position(state)
    ends = _line_ends(name, line)
    if kind == "start":
        k = 0
    elif kind == "end":
        k = last
    elif kind == "next-card":
        k = min(k + 1, last)
    elif kind == "prev-card":
        k = max(k - 1, 0)
    elif kind == "next-trick":
        k = next((e for e in ends if e > k), last)
    elif kind == "prev-trick":
        k = next((e for e in reversed(ends) if e < k), 0)
    elif kind == "view":
        new["view"] = field_choice(action.get("view"), VIEWS, "bad-action")
        new["best"] = state.get("best", False)
        return new, _view_name(new["view"], lang)
    else:
        raise BadInput("bad-action")
    new["k"] = k
    step = _step(name, k, lang, line)
    return new, " ".join([step.sentence, *after_action(step.deal, lang)])


def _labels(actions: list[RecordedAction], lang: str, shown: int = 10) -> str:
    from ..analysis.review import action_label

    words = [action_label(item.action, lang) for item in actions[:shown]]
    return " ".join(words) + (" …" if len(actions) > shown else "")


def _analysis_html(state: Mapping[str, Any], deal: Deal, lang: str) -> str:
    """The alternative lines at this step (a marker, step in, step out) and "best card here"."""
    from ..analysis.review import action_label

    parts = []
    line = state.get("line", "")
    path = _path(line)
    if path:
        count, last = _position(state)
        outer = _walk(state["rec"], lang, _line_text(path[:-1]))[1]
        replaced = outer[path[-1][0]].action
        inside = wt(
            "line-inside", lang, depth=len(path), action=action_label(replaced, lang), k=count, total=last
        )
        buttons = [button(wt("line-leave", lang), {"type": "leave-all"}, "line-leave")]
        if len(path) > 1:
            buttons.insert(0, button(wt("line-leave-one", lang), {"type": "leave"}, "line-leave-one"))
        parts.append(
            f'<div class="mp-line-inside" data-line="{escape(line)}"><p>{escape(inside)}</p>'
            f'<div class="mp-controls">{"".join(buttons)}</div></div>'
        )
    current = _current(state, lang)
    if current is not None and current.variations:
        items = []
        for i, alternative in enumerate(current.variations):
            comment = next((a.comment for a in alternative if a.comment), None)
            note = f' <span class="mp-line-note">{escape(comment)}</span>' if comment else ""
            items.append(
                f'<li><span class="mp-line-moves">{escape(_labels(alternative, lang))}</span>{note} '
                + button(wt("line-enter", lang, i=i + 1), {"type": "enter", "i": i}, f"line-enter-{i}")
                + "</li>"
            )
        parts.append(
            f'<div class="mp-line-here"><p class="mp-line-marker">{escape(wt("line-here", lang))}</p>'
            f'<ul class="mp-line-list">{"".join(items)}</ul></div>'
        )
    if not deal.is_over():
        shown = bool(state.get("best"))
        if shown:
            control = button(wt("best-hide", lang), {"type": "best", "show": False}, "best", pressed=True)
        else:
            control = button(wt("best-ask", lang), {"type": "best", "show": True}, "best", pressed=False)
        parts.append(f'<div class="mp-controls mp-best-control">{control}</div>')
        if shown:
            from .best_card import best_html

            parts.append(best_html(deal, lang))
    return "".join(parts)
