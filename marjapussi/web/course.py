"""Widget "course": one exercise at a time, goals checked by the engine, progress kept.

The exercises are the records of ``marjapussi.course``; this module only shows them,
turns a reader's tap into an answer and the engine's verdict into words.

State: ``v`` (the state's format, ``VERSION``), ``ex`` (the exercise id), ``last`` (the
latest answer, or empty), ``picks`` (cards picked so far, for a goal that asks for
several), ``tries`` (wrong tries at this exercise), ``hint`` (1 once the hint is shown),
``solved`` (1 once solved), ``progress`` (every solved exercise, see ``PROGRESS_VERSION``),
``old`` and ``problem`` (a saved text that could not be read, kept for download until the
note is closed, and ``unreadable``; both empty otherwise).

The page keeps the state in the browser's local storage (``STORE``) and gives it back
with a ``restore`` action: the course reopens where the reader was, at the same exercise
with its picks, tries and hint; when a shared link has opened an exercise (``linked``),
only the progress is taken. A save that cannot be read whole gives a message, keeps its
text for download, and keeps the progress if that can be read.

>>> state = initial("")
>>> state["ex"], state["progress"]
('cards-1', '1')
>>> new, say = apply(state, {"type": "answer", "answer": "= H10"}, "en")
>>> new["solved"], new["progress"], say.startswith("Solved")
(1, '1|cards-1=2', True)
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from typing import Any

from ..actions import (
    Action,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    NameTrump,
    Pass,
    Play,
    Redeal,
    SetContract,
    parse_action,
)
from ..cards import Card, Pair, Seat, Suit, parse_card
from ..course import STAGES, Exercise, Outcome, attempt, exercise, exercises, stage_exercises, verdict
from ..deal import Deal
from ..errors import CardParseError
from ..escaping import escape
from ..html import ROOT, auction_html, card_html, declarations_html, rule_link, table_html, tricks_html
from ..i18n import describe_error, pair_name, ruleset_name, seat_name
from .common import BadInput, button, field_choice, field_int, field_text, kept_text_note, require_dict
from .course_hints import HINTS
from .course_texts import COURSE_TEXTS, ct

__all__ = [
    "FIELDS",
    "PROGRESS_VERSION",
    "STORE",
    "VERSION",
    "apply",
    "check",
    "initial",
    "label",
    "nav_summary",
    "read_progress",
    "view",
]

KIND = "course"
DEFAULT_ARGS = ""
FIELDS = ("ex",)
STORE = "marjapussi-course"
"""The local storage key the page keeps the progress under."""

PROGRESS_VERSION = "1"
"""The progress format: ``1`` then ``|id=stars`` for each solved exercise (stars 1 or 2:
2 is a star, solved with no hint and no wrong try)."""

VERSION = 1
"""The format of the course's state as the page saves it (its ``v``; a state without one,
saved before the format had a version, is read as this one)."""

MAX_PROGRESS = 4000
MAX_OLD = 20_000
"""The longest unreadable saved text kept for download."""
MAX_SAVED = 3 * MAX_OLD
"""The longest saved text ``restore`` reads: a state that keeps an unreadable text of
``MAX_OLD`` characters, written as JSON, is still read back whole."""
ANSWER = r"[A-Za-z0-9 +=-]{1,60}"
PICKS = r"(?:[HDSC](?:10|[6-9JQKA]))(?: [HDSC](?:10|[6-9JQKA])){0,12}"


def label(lang: str) -> str:
    """The widget's accessible name."""
    return ct("course-label", lang)


def _ids() -> tuple[str, ...]:
    return tuple(e.id for e in exercises())


def read_progress(text: Any) -> dict[str, int]:
    """Read a progress string; ``BadInput`` if it is not one (a wrong version too).

    Ids of exercises the course no longer has are dropped, not refused.

    >>> read_progress("1|cards-1=2|gone-9=1")
    {'cards-1': 2}
    """
    if not isinstance(text, str) or len(text) > MAX_PROGRESS:
        raise BadInput("bad-state", "progress")
    parts = text.split("|")
    if parts[0] != PROGRESS_VERSION:
        raise BadInput("bad-state", "progress version")
    known = set(_ids())
    out: dict[str, int] = {}
    for part in parts[1:]:
        match = re.fullmatch(r"([a-z0-9]+(?:-[a-z0-9]+)*)=([12])", part)
        if not match or match.group(1) in out:
            raise BadInput("bad-state", "progress entry")
        if match.group(1) in known:
            out[match.group(1)] = int(match.group(2))
    return out


def write_progress(progress: Mapping[str, int]) -> str:
    """Write progress in course order."""
    return "|".join([PROGRESS_VERSION, *(f"{i}={progress[i]}" for i in _ids() if i in progress)])


NAV_TEXT = "{solved}/{total} · {stars} ★"
"""The navigation's short progress, the same in every language (``docs/assets/site.js``
shows only text of this shape)."""


def nav_summary(progress: Mapping[str, int]) -> dict[str, dict[str, str]]:
    """The progress as the navigation shows it, in every language: a short ``text`` and a
    ``label`` for screen readers; both empty while nothing is solved.

    The site's script (``docs/assets/site.js``) only puts these words beside the course's
    entry in the navigation: it reads them from the stored state and computes nothing.

    >>> nav_summary({"cards-1": 2, "cards-2": 1})["en"]["text"]
    '2/81 · 1 ★'
    """
    total = len(_ids())
    solved = len(progress)
    stars = sum(1 for v in progress.values() if v == 2)
    out: dict[str, dict[str, str]] = {}
    for lang in ("fi", "en", "ru"):
        if not solved:
            out[lang] = {"text": "", "label": ""}
            continue
        text = NAV_TEXT.format(solved=solved, total=total, stars=stars)
        label = ct("nav-progress-label", lang, solved=solved, total=total, stars=stars)
        out[lang] = {"text": text, "label": label}
    return out


def _fresh(ident: str, progress: str) -> dict[str, Any]:
    return {
        "v": VERSION,
        "ex": ident,
        "last": "",
        "picks": "",
        "tries": 0,
        "hint": 0,
        "solved": 0,
        "progress": progress,
        "old": "",
        "problem": "",
    }


def initial(args: str) -> dict[str, Any]:
    """The first state: the first exercise, or the one (or the stage) the argument names."""
    words = args.split()
    ids = _ids()
    if not words:
        return _fresh(ids[0], PROGRESS_VERSION)
    if len(words) == 1 and words[0] in ids:
        return _fresh(words[0], PROGRESS_VERSION)
    if len(words) == 1 and words[0] in STAGES:
        return _fresh(stage_exercises(words[0])[0].id, PROGRESS_VERSION)
    raise ValueError(f"course: unknown argument {args!r}; use an exercise id or a stage {STAGES}")


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong.

    Only ``ex`` is required (a shared link carries nothing else); the rest default.
    """
    data = require_dict(state)
    if data.get("v", VERSION) != VERSION or isinstance(data.get("v"), bool):
        raise BadInput("bad-state", "version")
    ident = field_choice(data.get("ex"), _ids())
    last = data.get("last", "")
    if last != "":
        last = field_text(last, ANSWER, max_len=60)
    picks = data.get("picks", "")
    if picks != "":
        picks = field_text(picks, PICKS, max_len=60)
        if len(set(picks.split())) != len(picks.split()):
            raise BadInput("bad-state", "picks twice")
    tries = field_int(data.get("tries", 0), 0, 999)
    hint = field_int(data.get("hint", 0), 0, 1)
    solved = field_int(data.get("solved", 0), 0, 1)
    progress = data.get("progress", PROGRESS_VERSION)
    solved_ids = read_progress(progress)
    old = data.get("old", "")
    if not isinstance(old, str) or len(old) > MAX_OLD:
        raise BadInput("bad-state", "old")
    problem = data.get("problem", "")
    if problem not in ("", "unreadable") or bool(old) != bool(problem):  # a kept text has its problem
        raise BadInput("bad-state", "problem")
    ex = exercise(ident)
    if last:
        try:
            attempt(ex, last)
        except ValueError:
            raise BadInput("bad-state", "answer") from None
    if picks:
        hand = set(ex.position().hand(ex.position().to_act))
        if any(parse_card(c) not in hand for c in picks.split()):
            raise BadInput("bad-state", "picked card not in hand")
    return {
        "v": VERSION,
        "ex": ident,
        "last": last,
        "picks": picks,
        "tries": tries,
        "hint": hint,
        "solved": solved,
        "progress": progress,
        "old": old,
        "problem": problem,
        # Derived, never trusted: whatever came in under "nav" is replaced.
        "nav": nav_summary(solved_ids),
    }


def _goto(state: Mapping[str, Any], ident: str) -> dict[str, Any]:
    progress = read_progress(state["progress"])
    new = _fresh(ident, state["progress"])
    new["solved"] = 1 if ident in progress else 0
    new["old"], new["problem"] = state["old"], state["problem"]
    return new


def _restore(state: Mapping[str, Any], text: Any, linked: bool, lang: str) -> tuple[dict[str, Any], str]:
    """Reopen the saved course where the reader was (only its progress after a shared link);
    a save that cannot be read whole is kept for download, with what of it can be read."""
    kept: Any = None
    if isinstance(text, str) and len(text) <= MAX_SAVED:
        try:
            kept = json.loads(text)
        except (ValueError, RecursionError):
            kept = None
    try:
        saved = check(kept)
    except BadInput:
        new = _fresh(state["ex"], PROGRESS_VERSION)
        if isinstance(kept, dict) and kept.get("v", VERSION) == VERSION:
            with contextlib.suppress(BadInput):  # the solved exercises, if at least they can be read
                new["progress"] = write_progress(read_progress(kept.get("progress")))
        new["solved"] = 1 if new["ex"] in read_progress(new["progress"]) else 0
        new["old"] = text[:MAX_OLD] if isinstance(text, str) else ""
        new["problem"] = "unreadable" if new["old"] else ""
        return new, ct("progress-corrupt", lang)
    if linked:  # the link's exercise stays; the progress comes back
        new = dict(state)
        new["progress"] = saved["progress"]
        new["solved"] = 1 if state["ex"] in read_progress(saved["progress"]) else state["solved"]
        return new, ct("restored", lang)
    return saved, ct("restored-here", lang)


def _answer_text(ex: Exercise, answer: str, lang: str) -> str:
    return _choice_label(ex, answer[2:], lang) if answer.startswith("= ") else answer


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    ex = exercise(state["ex"])
    ids = _ids()
    new = dict(state)
    if kind in ("answer", "check"):
        if kind == "check":
            if ex.kind not in ("all-legal", "discard"):
                raise BadInput("bad-action")
            answer = ("pick " + state["picks"]).strip()
        else:
            answer = field_text(action.get("answer"), ANSWER, "bad-action", 60)
        try:
            outcome = attempt(ex, answer)
        except ValueError:
            raise BadInput("bad-action") from None
        new["last"] = answer
        if outcome.ok:
            progress = read_progress(state["progress"])
            stars = 2 if state["tries"] == 0 and state["hint"] == 0 and not state["solved"] else 1
            progress[ex.id] = max(progress.get(ex.id, 0), stars)
            new["progress"] = write_progress(progress)
            new["solved"] = 1
            word = ct("solved-star" if stars == 2 else "solved-plain", lang)
            return new, f"{ct('solved', lang)} {word}"
        new["tries"] = min(state["tries"] + 1, 999)
        return new, f"{ct('wrong', lang)} {_why(ex, outcome, answer, lang)} {ct('try-again', lang)}"
    if kind == "toggle":
        if ex.kind not in ("all-legal", "discard"):
            raise BadInput("bad-action")
        card = parse_card(field_text(action.get("card"), PICKS, "bad-action", 3))
        deal = ex.position()
        if card not in deal.hand(deal.to_act):
            raise BadInput("bad-action")
        picks = state["picks"].split()
        if card.code in picks:
            picks.remove(card.code)
            say = ct("picked", lang) + ": " + (" ".join(parse_card(c).symbol for c in picks) or "—")
        else:
            picks.append(card.code)
            say = ct("picked", lang) + ": " + " ".join(parse_card(c).symbol for c in picks)
        new["picks"] = " ".join(picks)
        new["last"] = ""
        return new, say
    if kind == "hint":
        if state["tries"] == 0:
            raise BadInput("bad-action")
        new["hint"] = 1
        return new, ct("hint-title", lang) + ": " + _hint(ex, lang)
    if kind in ("next", "prev"):
        i = ids.index(ex.id) + (1 if kind == "next" else -1)
        new = _goto(state, ids[i % len(ids)])
        return new, exercise_title(exercise(new["ex"]), lang)
    if kind == "go":
        stage = field_choice(action.get("stage"), STAGES, "bad-action")
        progress = read_progress(state["progress"])
        items = stage_exercises(stage)
        target = next((e for e in items if e.id not in progress), items[0])
        new = _goto(state, target.id)
        return new, exercise_title(target, lang)
    if kind == "reset":
        return _fresh(ids[0], PROGRESS_VERSION), ct("reset-done", lang)
    if kind == "restore":  # the page gives back the state it saved (see the module's docstring)
        linked = action.get("linked", False) is True
        return _restore(state, action.get("text"), linked, lang)
    if kind == "dismiss":
        new["old"], new["problem"] = "", ""
        return new, ct("dismissed", lang)
    raise BadInput("bad-action")


# ---------------------------------------------------------------------- words


def _suit_symbol(code: str) -> str:
    return Suit.parse(code).symbol


def _choice_label(ex: Exercise, value: str, lang: str) -> str:
    if value in ("yes", "no", "none"):
        return ct(f"choice:{value}", lang)
    if value in ("N", "E", "S", "W"):
        return seat_name(Seat[value], lang)
    if value in ("NS", "EW"):
        return pair_name(Pair[value], lang)
    if ex.argument == "winner-card":
        return parse_card(value).symbol
    return value.replace("-", "−")


def _why(ex: Exercise, outcome: Outcome, answer: str, lang: str) -> str:
    if outcome.why == "refused" and outcome.error is not None:
        text = describe_error(outcome.error, lang)
        suffix = f" ({outcome.error.rule})."
        return text[: -len(suffix)] + "." if text.endswith(suffix) else text
    card = ""
    if outcome.card:
        card = parse_card(outcome.card).symbol
    elif not answer.startswith(("= ", "pick")):
        try:
            action = parse_action(answer)
            card = action.card.symbol if isinstance(action, Play) else ""
        except CardParseError:
            card = ""
    if outcome.why == "wrong":
        return ct("why:wrong", lang, answer=_answer_text(ex, answer, lang))
    if outcome.why == "worse":
        found = verdict(ex)
        mine, best = found.value_of(answer), found.best
        return ct(
            "why:worse",
            lang,
            Call=_capital(_call_label(answer, lang)),
            best=_call_label(best.call, lang),
            loss=round(best.mean - mine.mean),
        )
    if outcome.why == "not-declared":
        if ex.kind == "declare":
            return ct("why:not-declared", lang, suit=_suit_symbol(ex.argument))
        return ct("why:not-declared-any", lang)
    return ct(f"why:{outcome.why}", lang, card=card)


def _hint(ex: Exercise, lang: str) -> str:
    return HINTS[ex.id][lang]


def _stage_n(ex: Exercise) -> int:
    return STAGES.index(ex.stage) + 1


def exercise_title(ex: Exercise, lang: str) -> str:
    """An exercise's name: its stage, and its place in the stage and the course."""
    items = stage_exercises(ex.stage)
    return (
        ct(f"stage:{ex.stage}", lang)
        + " · "
        + ct(
            "exercise-of",
            lang,
            n=items.index(ex) + 1,
            total=len(items),
            stage_n=_stage_n(ex),
            stages=len(STAGES),
        )
    )


def _prompt(ex: Exercise, deal: Deal, lang: str) -> str:
    seat = seat_name(deal.to_act, lang)
    if ex.kind == "ask":
        name, _, arg = ex.argument.partition(":")
        params: dict[str, str] = {"seat": seat}
        if arg in ("NS", "EW"):
            params["pair"] = pair_name(Pair[arg], lang)
        elif arg in ("N", "E", "S", "W"):
            params["seat"] = seat_name(Seat[arg], lang)
        if name == "to-act":
            if deal.phase.value == "bid":
                name = "to-act-bid"
            elif deal.phase.value in ("give", "contract", "return"):
                name = "to-act-exchange"
            elif _shows_last_trick(ex, deal):
                name = "to-act-lead"
            elif not deal.tricks and not deal.table:
                name = "to-act-first"
        return ct(f"ask:{name}", lang, **params)
    if ex.kind == "declare":
        key = "goal:declare-trump" if deal.trump_suit is None else "goal:declare-small"
        if deal.trump_suit is not None and ex.record.rules.family == "huutopussi-marriage":
            key = "goal:declare-new-trump"  # a later marriage replaces trumps
        return ct(key, lang, suit=_suit_symbol(ex.argument))
    return ct(f"goal:{ex.kind}", lang, seat=seat)


def _call_label(call: str, lang: str) -> str:
    """A call of a verdict as a noun in a sentence (``bid 60`` → a bid of 60)."""
    action = parse_action(call)
    if isinstance(action, Bid):
        return ct("call:bid", lang, points=action.points)
    return ct("call:pass", lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verdict_html(ex: Exercise, deal: Deal, lang: str) -> str:
    """What each offered call brings, in words, once the reader has answered (a bidding
    exercise)."""
    found = verdict(ex)
    side = pair_name(deal.to_act.pair, lang)
    items = []
    for value in found.calls:
        points = round(value.mean)
        key = "verdict-ahead" if points >= 0 else "verdict-behind"
        balance = ct(key, lang, side=side, points=abs(points))
        label = _capital(_call_label(value.call, lang))
        if value.made is None:
            text = ct("verdict-pass", lang, Call=label, balance=balance)
        else:
            made, deals = value.made, found.deals
            text = ct("verdict-made", lang, Call=label, side=side, made=made, deals=deals, balance=balance)
        mark = ""
        if value is found.best:
            mark = f' <strong>({escape(ct("verdict-best", lang))})</strong>'
        elif value.close:
            mark = f' <em>({escape(ct("verdict-close", lang))})</em>'
        items.append(f'<li data-call="{escape(value.call)}">{escape(text)}{mark}</li>')
    method = ct("verdict-method", lang, deals=found.deals, seat=seat_name(deal.to_act, lang))
    return (
        f'<div class="mp-verdict"><p class="mp-list-title">{escape(ct("verdict-title", lang))}</p>'
        f'<ul>{"".join(items)}</ul><p class="mp-verdict-method">{escape(method)}</p></div>'
    )


def _offer_label(action: Action, lang: str) -> str:
    if isinstance(action, Declare):
        return ct("offer:declare", lang, suit=action.suit.symbol)
    if isinstance(action, AskWhole):
        return ct("offer:ask-whole", lang)
    if isinstance(action, AskHalf):
        return ct("offer:ask-half", lang, suit=action.suit.symbol)
    if isinstance(action, Bid):
        return ct("offer:bid", lang, points=action.points)
    if isinstance(action, Pass):
        return ct("offer:pass", lang)
    if isinstance(action, SetContract):
        return ct("offer:contract", lang, points=action.points)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return ct("offer:no-trump", lang)
        return ct("offer:trump", lang, suit=action.suit.symbol)
    if isinstance(action, Play) and action.marriage:
        return ct("offer:marriage", lang, card=action.card.symbol)
    if isinstance(action, Redeal):
        return ct("offer:redeal", lang)
    return str(action)


# ---------------------------------------------------------------------- the view


def _context(ex: Exercise, deal: Deal, lang: str) -> str:
    lines = []
    ns, ew = pair_name(Pair.NS, lang), pair_name(Pair.EW, lang)
    tags = ex.tags
    for name, value in ex.record.rules.changed_switches().items():
        # The variations an exercise is played under (the only ones with a text here).
        if f"variant:{name}" in COURSE_TEXTS:
            lines.append(ct(f"variant:{name}", lang, value=value))
    totals = ex.record.deals[-1].totals  # where the game stands (the bidding ban reads it)
    if "Before" in tags or totals is not None:
        a, b = tags["Before"].split() if "Before" in tags else map(str, totals or (0, 0))
        family = ex.record.rules.family
        key = "before-game" if family in ("huutopussi", "huutopussi-marriage") else "before-totals"
        lines.append(ct(key, lang, ns_name=ns, ns=a.replace("-", "−"), ew_name=ew, ew=b.replace("-", "−")))
    if "EraWins" in tags:
        a, b = tags["EraWins"].split()
        lines.append(ct("era-wins-before", lang, ns_name=ns, ns=a, ew_name=ew, ew=b))
    if "Misplays" in tags:
        a, b = tags["Misplays"].split()
        lines.append(ct("misplays-before", lang, ns_name=ns, ns=a, ew_name=ew, ew=b))
    misplay = ex.record.deals[-1].misplay
    if misplay is not None:
        lines.append(ct("misplay-now", lang, pair=pair_name(misplay, lang)))
    if ex.kind == "ask" and ex.argument.split(":")[0] in ("to-act", "next-dealer"):
        lines.append(ct("dealer-info", lang, seat=seat_name(deal.dealer, lang)))
    bidder = getattr(deal, "bidder", None)
    if bidder is not None and deal.phase.value in ("play", "done"):
        lines.append(ct("bid-info", lang, seat=seat_name(bidder, lang), bid=deal.high_bid))  # type: ignore[attr-defined]
    rules = escape(ct("quiz-rules", lang)) + ": " + escape(_rules_name(ex, lang))
    out = [f'<p class="mp-course-rules">{rules}</p>']
    out += [f'<p class="mp-course-context">{escape(line)}</p>' for line in lines]
    return "".join(out)


def _rules_name(ex: Exercise, lang: str) -> str:
    from .texts import wt

    rules = ex.record.rules
    name = {"guild": "mode:guild", "pagat": "mode:pagat"}.get(rules.name)
    if name is not None:
        return wt(name, lang)
    if rules.family == "huutopussi-marriage":
        return ruleset_name(rules, lang)
    return ct("quiz-rules:huutopussi", lang)


def _answer_action(answer: str) -> dict[str, str]:
    return {"type": "answer", "answer": answer}


def _table(ex: Exercise, deal: Deal, lang: str, state: Mapping[str, Any]) -> str:
    seat = deal.to_act
    picking = ex.kind in ("all-legal", "discard")
    cards_answer = ex.kind not in ("ask",) and deal.phase.value == "play" and deal.pending is None
    hands: dict[Seat, Any] = {s: len(deal.hand(s)) for s in Seat if deal.rules.players == 4 or s != Seat.W}
    trick = deal.table
    winner = None
    shows_last = _shows_last_trick(ex, deal)
    if shows_last and deal.last_trick is not None:
        trick = deal.last_trick.plays
        hands = {}
    if deal.is_over():
        hands = {}
    elif ex.kind != "ask" or ex.argument in ("window",):
        hands[seat] = deal.hand(seat)
    actions: dict[str, dict[str, Any]] = {}
    marks: dict[str, str] = {}
    if picking:
        picks = state["picks"].split()
        actions = {c.code: {"type": "toggle", "card": c.code} for c in deal.hand(seat)}
        marks = {c: "mp-picked" for c in picks}
    elif cards_answer:
        actions = {c.code: _answer_action(c.code) for c in deal.hand(seat)}
        last = state["last"]
        if last and last in actions:
            marks[last] = (
                "mp-picked mp-allowed" if state["solved"] and _last_ok(ex, last) else "mp-picked mp-refused"
            )
    table = table_html(
        hands,
        trick,
        lang,
        # A question about whose turn it is must not show the answer on the table.
        to_act=None if deal.is_over() or (ex.kind == "ask" and ex.argument != "window") else seat,
        trump=deal.trump_suit,
        trick_number=None
        if deal.is_over()
        else (len(deal.tricks) if shows_last else deal.trick_number),
        winner=winner,
        you=seat if ex.kind != "ask" else None,
        actions=actions,
        marks=marks,
    )
    if picking:
        # A picked card is pressed: say so to screen readers on its button.
        for code in state["picks"].split():
            table = table.replace(
                f'data-focus-key="card-{code}">', f'data-focus-key="card-{code}" aria-pressed="true">', 1
            )
        table = re.sub(r'(data-focus-key="card-[^"]+")>', r'\1 aria-pressed="false">', table)
    return table


def _shows_last_trick(ex: Exercise, deal: Deal) -> bool:
    """Whether the table shows the trick just finished (its winner is the question)."""
    if ex.argument == "winner-card":
        return True
    return ex.argument == "to-act" and bool(deal.tricks) and not deal.table and not deal.is_over()


def _last_ok(ex: Exercise, last: str) -> bool:
    try:
        return attempt(ex, last).ok
    except ValueError:
        return False


def _answers(ex: Exercise, deal: Deal, state: Mapping[str, Any], lang: str) -> str:
    parts = []
    if ex.kind == "ask":
        buttons = []
        for value in ex.choices:
            text = _choice_label(ex, value, lang)
            if ex.argument == "winner-card":
                card = parse_card(value)
                buttons.append(_card_choice(card, f"= {value}", lang))
            else:
                buttons.append(
                    button(
                        text,
                        _answer_action(f"= {value}"),
                        f"choice-{value}",
                        cls="mp-button mp-choice",
                        pressed=state["last"] == f"= {value}",
                    )
                )
        parts.append(f'<div class="mp-choices" role="group">{"".join(buttons)}</div>')
        return "".join(parts)
    offers = [a for a in ex.offered(deal) if not (isinstance(a, Play) and not a.marriage)]
    if offers:
        buttons = [
            button(_offer_label(a, lang), _answer_action(str(a)), f"offer-{i}", cls="mp-button mp-offer")
            for i, a in enumerate(offers)
        ]
        title = (
            f'<p class="mp-list-title">{escape(ct("offer-title", lang))}</p>'
            if deal.phase.value == "play"
            else ""
        )
        parts.append(f'<div class="mp-offers">{title}<div class="mp-choices">{"".join(buttons)}</div></div>')
    if ex.kind in ("all-legal", "discard"):
        picks = state["picks"].split()
        shown = " ".join(card_html(parse_card(c), lang) for c in picks) or "—"
        parts.append(
            f'<p class="mp-pick-help">{escape(ct("pick-help", lang))}</p>'
            f'<p class="mp-picks">{escape(ct("picked", lang))}: {shown}</p>'
            + button(ct("check", lang), {"type": "check"}, "check", cls="mp-button mp-check")
        )
    return "".join(parts)


def _card_choice(card: Card, answer: str, lang: str) -> str:
    from ..html import action_attr

    return (
        f'<button type="button" class="mp-card-button mp-choice" {action_attr(_answer_action(answer))} '
        f'data-focus-key="choice-{card.code}">{card_html(card, lang)}</button>'
    )


def _result(ex: Exercise, state: Mapping[str, Any], lang: str) -> str:
    last = state["last"]
    if not last:
        return ""
    outcome = attempt(ex, last)
    if outcome.ok:
        progress = read_progress(state["progress"])
        star = progress.get(ex.id) == 2
        text = ct("solved", lang) + " " + ct("solved-star" if star else "solved-plain", lang)
        return f'<div class="mp-result mp-ok" data-outcome="ok"><p>{escape(text)}</p></div>'
    rule = ""
    if outcome.rule is not None:
        rule = (
            f' <span class="mp-rule-ref">{escape(ct("see-rule", lang))} '
            f"{rule_link(outcome.rule, lang, ROOT, ex.position().rules.name)}</span>"
        )
    why = escape(_why(ex, outcome, last, lang))
    again = escape(ct("try-again", lang))
    return (
        f'<div class="mp-result mp-no" data-outcome="wrong" data-rule="{escape(outcome.rule or "")}">'
        f"<p><strong>{escape(ct('wrong', lang))}</strong> {why}{rule}</p><p>{again}</p></div>"
    )


def _hint_part(ex: Exercise, state: Mapping[str, Any], lang: str) -> str:
    if state["hint"]:
        return (
            f'<p class="mp-hint"><strong>{escape(ct("hint-title", lang))}:</strong> '
            f"{escape(_hint(ex, lang))}</p>"
        )
    if state["tries"] and not state["solved"]:
        return button(ct("hint", lang), {"type": "hint"}, "hint", cls="mp-button mp-hint-button")
    return ""


def _progress(state: Mapping[str, Any], lang: str) -> str:
    progress = read_progress(state["progress"])
    current = exercise(state["ex"]).stage
    rows = []
    for stage in STAGES:
        items = stage_exercises(stage)
        solved = sum(1 for e in items if e.id in progress)
        stars = sum(1 for e in items if progress.get(e.id) == 2)
        text = ct("stage-progress", lang, solved=solved, total=len(items), stars=stars)
        cls = "mp-stage mp-stage-done" if solved == len(items) else "mp-stage"
        if stage == current:
            cls += " mp-stage-current"
        go = button(
            ct(f"stage:{stage}", lang),
            {"type": "go", "stage": stage},
            f"go-{stage}",
            cls="mp-button mp-stage-go",
            aria_label=ct("go-stage", lang, stage=ct(f"stage:{stage}", lang)),
        )
        count = f'<span class="mp-stage-count">{escape(text)}</span>'
        rows.append(f'<li class="{cls}" data-stage="{stage}">{go} {count}</li>')
    total = len(exercises())
    solved = len(progress)
    stars = sum(1 for v in progress.values() if v == 2)
    summary = ct("total-progress", lang, solved=solved, total=total, stars=stars)
    done = f'<p class="mp-course-done">{escape(ct("course-done", lang))}</p>' if solved == total else ""
    word = escape(ct("progress", lang))
    reset = button(ct("reset", lang), {"type": "reset"}, "reset", cls="mp-button mp-reset")
    return (
        f'<div class="mp-course-progress" data-solved="{solved}" data-stars="{stars}">'
        f'<p class="mp-progress-summary"><strong>{word}:</strong> {escape(summary)}</p>{done}'
        f'<details><summary>{word}</summary><ol class="mp-stages">{"".join(rows)}</ol>{reset}</details></div>'
    )


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    ex = exercise(state["ex"])
    deal = ex.position()
    parts = [f'<p class="mp-widget-title">{escape(ct("course-label", lang))}</p>']
    if state["old"]:
        download, dismiss = ct("old-download", lang), ct("dismiss", lang)
        message = ct("progress-corrupt", lang)
        file = "marjapussi-course-save.json"
        parts.append(kept_text_note(message, state["old"], file, download, dismiss, "mp-course-old"))
    parts += [
        f'<p class="mp-widget-sub" data-exercise="{ex.id}">{escape(exercise_title(ex, lang))}</p>',
        f'<p class="mp-prompt">{escape(_prompt(ex, deal, lang))}</p>',
        _context(ex, deal, lang),
    ]
    if ex.record.rules.family in ("huutopussi", "huutopussi-marriage") and deal.history:
        # the exchanged cards are named only to the bidder's pair (the reader plays one seat)
        parts.append(auction_html(deal, lang, ROOT, None if deal.is_over() else deal.to_act))
    parts.append(_table(ex, deal, lang, state))
    if deal.is_over() or (ex.kind == "ask" and deal.tricks and not _shows_last_trick(ex, deal)):
        parts.append(tricks_html(deal, lang))
    if deal.declarations:
        parts.append(declarations_html(deal, lang, ROOT))
    parts.append(_answers(ex, deal, state, lang))
    parts.append(_result(ex, state, lang))
    if ex.kind == "bid" and state["last"]:
        parts.append(_verdict_html(ex, deal, lang))
    parts.append(_hint_part(ex, state, lang))
    nav = [
        button(ct("prev-exercise", lang), {"type": "prev"}, "prev"),
        button(
            ct("next-exercise", lang),
            {"type": "next"},
            "next",
            cls="mp-button mp-next" + (" mp-primary" if state["solved"] else ""),
        ),
    ]
    parts.append(f'<div class="mp-controls">{"".join(nav)}</div>')
    parts.append(_progress(state, lang))
    return "".join(parts)
