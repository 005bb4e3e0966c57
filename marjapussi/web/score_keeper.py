"""Widget "score-keeper": the score sheet of a real game, kept deal by deal at the table.

A new sheet starts with the game (the guild's or Pagat's Marjapussi, Huutopussi for four
or for three, Huutopussi with marriage trumps for four or for three) and its variations.
Each deal is then entered as the facts a table knows (``keeper_facts``): the form offers
only the facts that apply under those rules and given what is already entered, and for
each only the values that fit; a new deal starts blank and cannot be added until every
fact that applies is filled in. The score is worked out by the package's own scoring
(``keeper_facts.score_facts``; ``ScoreSheet``, ``HuutopussiSheet``, ``MarriageSheet``).
A played game can be pasted as a record instead: each finished deal is replayed by the
engine and its facts are read from the cards each side took.

The whole sheet is recomputed from its deals for every view, so undoing or editing any
deal recomputes everything after it. The browser keeps the state in local storage
(``STORE``) and hands the stored text back through the ``restore`` action; a text that
cannot be read is kept in ``old`` for download, with a message, and a fresh sheet starts.

State: ``v`` (the format version, ``VERSION``), ``mode`` (``keeper_facts.MODES``), the
options ``values``, ``tie``, ``more``, ``deck`` (Pagat), ``dbl``, ``molo``, ``to``,
``pass``, ``minbid``, ``step`` (Huutopussi), ``deals`` (a list of facts), ``draft`` (the
facts being entered, ``None`` where not yet filled in), ``edit`` (the deal being
edited, or -1), ``old`` and ``problem`` (a text that could not be read, and why).

>>> state = initial("")
>>> state, said = apply(state, {"type": "draft", "t": 5, "commit": "add"}, "en")
>>> said
'Still to fill in: who took the last trick, the aces and tens and the trumps.'
>>> state, _ = apply(state, {"type": "draft", "t": 5, "l": "S", "m": 5, "tr": "H", "tb": "NS",
...     "commit": "add"}, "en")
>>> [row.era.after for row in sheet_rows(state)[0]]
[(4, 0)]
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Pair, Rank, Seat, Suit
from ..deal import SIDES, Deal
from ..errors import MarjapussiError
from ..escaping import escape
from ..html import ROOT, era_html, outcome_text, steps_html
from ..huutopussi import AuctionDeal, ContractScore, HuutopussiSheet
from ..i18n import game_level_text, names_text, pair_name, pair_short, seat_name, seat_short
from ..marriage_trumps import MarriageSheet, MarriageTrumpDeal
from ..rules import GUILD
from ..scoring import CARD_POINTS, DealScore, EraStep, ScoreSheet, SheetError, count_cards
from .common import (
    BadInput,
    button,
    field_choice,
    field_int,
    require_dict,
    select,
    suit_selects,
    trump_options,
)
from .keeper_facts import (
    DRAFT,
    FIXED,
    KEYS,
    MARRIAGE_MODES,
    MODES,
    REDEALS,
    THREE_MODES,
    bounds,
    check_facts,
    choices,
    contract_mode,
    missing,
    normalise,
    problems,
    rules_of,
    score_facts,
    seats_of,
    shown,
    side_count,
    total_points,
)
from .texts import wt

__all__ = ["FIELDS", "STORE", "VERSION", "apply", "check", "export_json", "export_text", "initial", "view"]

KIND = "score-keeper"
DEFAULT_ARGS = ""
SHAREABLE = False
STORE = "marjapussi-score-keeper"
"""The local-storage key the browser keeps the sheet under."""
VERSION = 1
"""The format version of a saved sheet; a saved sheet of another version is not read."""
FORMAT = "marjapussi-score-keeper"
FIELDS = ("mode",)
PAIRS = ("NS", "EW")
MAX_DEALS = 300
MAX_OLD = 200_000
"""The longest unreadable text kept for download (a real sheet is far shorter)."""
MAX_TEXT = 150_000
"""The longest text read by ``import`` and ``record``."""
MAX_STORED = 400_000
"""The longest stored text ``restore`` reads (a sheet that also keeps an old text)."""
OPTIONS: dict[str, tuple[int, ...] | tuple[str, ...]] = {
    "values": ("original", "simplified"),
    "tie": (0, 1),
    "more": (0, 1),
    "deck": (36, 32, 28),
    "dbl": (0, 1),
    "molo": (0, 50, 60, 100),
    "to": (300, 500, 1000),
    "pass": ("redeal", "no-trump"),
    "minbid": (56, 60, 65),
    "step": (5, 1),
}
DEFAULT_OPTIONS: dict[str, Any] = {name: choices[0] for name, choices in OPTIONS.items()}
DEFAULT_OPTIONS["to"] = 500
MODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "guild": (),
    "pagat": ("values", "deck", "tie", "more"),
    "huutopussi": ("to", "dbl", "molo", "pass", "minbid", "step"),
    "huutopussi3": ("to", "dbl", "molo", "pass", "minbid", "step"),
    "huutopussi-marriage": ("to",),
    "huutopussi-marriage3": ("to",),
}
"""The variations of each game, in the order the sheet offers them."""
PROBLEMS = ("not-json", "version", "fields", "too-long", "replaced")


# ---------------------------------------------------------------------- the sheet


@dataclass
class Row:
    """One deal on the sheet: its facts, score, erä step (not in Huutopussi) and totals after."""

    facts: dict[str, Any]
    score: DealScore
    era: EraStep | None
    after: tuple[int, ...]
    counted: bool = True


def _misplay(facts: Mapping[str, Any]) -> Pair | None:
    return Pair[facts["x"]] if facts.get("x") else None


def sheet_rows(
    state: Mapping[str, Any], deals: Sequence[Mapping[str, Any]] | None = None
) -> tuple[list[Row], ScoreSheet | HuutopussiSheet]:
    """Replay the deals on a fresh sheet: every row with its working, and the sheet."""
    rules = rules_of(state)
    deals = state["deals"] if deals is None else deals
    rows: list[Row] = []
    if contract_mode(state["mode"]):
        hsheet = MarriageSheet(rules) if state["mode"] in MARRIAGE_MODES else HuutopussiSheet(rules)
        for facts in deals:
            score = score_facts(state, facts)
            if hsheet.over:
                rows.append(Row(dict(facts), score, None, hsheet.totals, False))
                continue
            assert isinstance(score, ContractScore)
            hsheet.add_deal(score)
            rows.append(Row(dict(facts), score, None, hsheet.totals))
        return rows, hsheet
    sheet = ScoreSheet(rules)
    for facts in deals:
        score = score_facts(state, facts, sheet.carry)
        if sheet.over:
            rows.append(Row(dict(facts), score, None, sheet.totals, False))
            continue
        try:
            era = sheet.add_deal(score, _misplay(facts))
        except SheetError:  # pragma: no cover - ``over`` is checked above
            rows.append(Row(dict(facts), score, None, sheet.totals, False))
            continue
        rows.append(Row(dict(facts), score, era, era.after))
    return rows, sheet


# ---------------------------------------------------------------------- state


def _blank(mode: str) -> dict[str, Any]:
    return normalise(mode, DRAFT)


def initial(args: str) -> dict[str, Any]:
    """A fresh sheet for ``args`` (a game of ``keeper_facts.MODES``; empty: the guild's)."""
    mode = args.strip() or "guild"
    if mode not in MODES:
        raise ValueError(f"score-keeper: unknown mode {mode!r}; use one of {', '.join(MODES)}")
    return {
        "v": VERSION,
        "mode": mode,
        **DEFAULT_OPTIONS,
        "deals": [],
        "draft": _blank(mode),
        "edit": -1,
        "old": "",
        "problem": "",
    }


def _option(state: Mapping[str, Any], name: str, key: str) -> Any:
    allowed = OPTIONS[name]
    value = state.get(name)
    if isinstance(allowed[0], int):
        number = field_int(value, min(allowed), max(allowed), key)
        if number not in allowed:
            raise BadInput(key, "not a choice")
        return number
    return field_choice(value, allowed, key)


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong.

    Every deal on the sheet is complete and possible; the deal being entered may be
    blank in places (and may hold what the form would not offer: it says why).
    """
    data = require_dict(state)
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise BadInput("bad-state", "version")
    mode = field_choice(data.get("mode"), MODES)
    out: dict[str, Any] = {"v": VERSION, "mode": mode}
    for name in OPTIONS:
        out[name] = _option(data, name, "bad-state")
    deals = data.get("deals")
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise BadInput("bad-state", "deals")
    out["deals"] = [check_facts(out, facts) for facts in deals]
    for facts in out["deals"]:
        if problems(out, facts):
            raise BadInput("bad-state", "impossible deal")
    out["draft"] = check_facts(out, data.get("draft"), complete=False)
    edit = data.get("edit")
    out["edit"] = field_int(edit, -1, len(out["deals"]) - 1)
    old = data.get("old")
    if not isinstance(old, str) or len(old) > MAX_OLD:
        raise BadInput("bad-state", "old")
    out["old"] = old
    problem = data.get("problem")
    out["problem"] = "" if problem == "" else field_choice(problem, PROBLEMS)
    return out


def load(text: Any, fresh: Mapping[str, Any], stored: bool = False) -> dict[str, Any]:
    """Read a saved or exported sheet (JSON, or the readable text); ``BadInput`` says why not.

    The key of the error is the problem: ``not-json``, ``version``, ``fields`` or ``too-long``.
    A ``stored`` state (the browser's own copy) keeps its kept text and its problem. A
    Huutopussi sheet saved before the variation "when all pass" was offered, with a deal
    all passed and played, was kept under that variation: it is read so.
    """
    if not isinstance(text, str):
        raise BadInput("not-json")
    if len(text) > (MAX_STORED if stored else MAX_TEXT):
        raise BadInput("too-long")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise BadInput("not-json") from None
    else:
        data = _read_text(text)
    if not isinstance(data, dict):
        raise BadInput("not-json")
    if data.get("v") != VERSION:
        raise BadInput("version")
    played = isinstance(data.get("deals"), list) and any(
        isinstance(d, dict) and d.get("k") == "open" for d in data["deals"]
    )
    if "pass" not in data and played:
        data = {**data, "pass": "no-trump"}
    merged = {**fresh, "draft": None, "edit": -1, "old": "", "problem": "", **data}
    if not stored:
        merged["old"], merged["problem"] = "", ""
    merged.pop("format", None)
    if not isinstance(merged.get("mode"), str) or merged["mode"] not in MODES:
        raise BadInput("fields")
    if merged["draft"] is None:
        merged["draft"] = _blank(merged["mode"])
    try:
        return check(merged)
    except BadInput:
        raise BadInput("fields") from None


def export_json(state: Mapping[str, Any]) -> str:
    """The sheet as JSON for a file: the format, the rules and every deal's facts."""
    data = {"format": FORMAT, "v": VERSION, "mode": state["mode"]}
    data.update({name: state[name] for name in OPTIONS})
    data["deals"] = state["deals"]
    return json.dumps(data, ensure_ascii=False, indent=1)


# ---------------------------------------------------------------------- the readable text

CODE = re.compile(r"\[([a-z]+=[^\[\]\s]*(?: [a-z]+=[^\[\]\s]*)*)\]")


def _code(values: Mapping[str, Any]) -> str:
    return "[" + " ".join(f"{k}={'-' if v == '' else v}" for k, v in values.items()) + "]"


def _read_text(text: str) -> dict[str, Any]:
    """Read the readable text back: the bracketed codes at the ends of its lines."""
    found: list[dict[str, Any]] = []
    for line in text.splitlines():
        match = CODE.search(line)
        if match is None:
            continue
        values: dict[str, Any] = {}
        for part in match.group(1).split(" "):
            name, _, value = part.partition("=")
            values[name] = "" if value == "-" else int(value) if re.fullmatch(r"-?\d{1,6}", value) else value
        found.append(values)
    if not found or "mode" not in found[0]:
        raise BadInput("not-json")
    head = found[0]
    return {**head, "deals": found[1:]}


def _side_names(mode: str, lang: str, short: bool = False) -> list[str]:
    """The scoring sides' names: the pairs, or the three players."""
    if mode in THREE_MODES:
        seats = [Seat[s] for s in seats_of(mode)]
        return [seat_short(s, lang) if short else seat_name(s, lang) for s in seats]
    return [pair_short(Pair[p], lang) if short else pair_name(Pair[p], lang) for p in PAIRS]


def _sides_text(mode: str, values: Sequence[Any], lang: str, short: bool = False) -> str:
    """Each side with its number: "North–South 4, East–West 0"."""
    return ", ".join(f"{name} {v}" for name, v in zip(_side_names(mode, lang, short), values, strict=True))


def export_text(state: Mapping[str, Any], lang: str) -> str:
    """The sheet as a text a person reads (and ``import`` reads back from its codes)."""
    rows, sheet = sheet_rows(state)
    mode = state["mode"]
    head = {"v": VERSION, "mode": mode, **{name: state[name] for name in OPTIONS}}
    lines = [f"{wt('sk-label', lang)} — {wt('sk-mode:' + mode, lang)}  {_code(head)}", ""]
    for number, row in enumerate(rows, 1):
        text = f"{wt('col-row', lang)} {number}: {_sides_text(mode, row.score.points, lang, short=True)}"
        if row.counted:
            text += " → " + "–".join(str(v) for v in row.after)
        else:
            text += f" ({wt('sk-not-counted', lang)})"
        outcome = _outcome(row, lang)
        if outcome:
            text += f" — {outcome}"
        lines.append(f"{text}  {_code(row.facts)}")
    lines += ["", _result_line(sheet, mode, lang)]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- actions


def _facts_from_action(state: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """The deal being entered after a reader's change.

    The facts the action changes are taken as given (``problems`` says if they cannot be
    true); a fact the change brings into view starts blank, and a chosen fact that no
    longer fits what was changed is cleared, to be chosen again.
    """
    mode = state["mode"]
    old = state["draft"]
    facts = dict(old)
    for name in KEYS[mode]:
        if name in action and name not in ("sm", "mar"):
            value = action[name]
            blank = DRAFT[name] is None and value in ("", None)
            facts[name] = None if blank else "" if name == "tr" and value == "-" else value
    for name, letters in (("sm", ("N", "E", "-")), ("mar", ("-", *seats_of(mode)))):
        if name not in KEYS[mode]:
            continue
        chars = list(facts[name])
        for suit in Suit:
            key = f"{name}-{suit.letter}"
            if key in action:
                chars[suit] = field_choice(action[key], letters, "bad-action")
        facts[name] = "".join(chars)
    facts = check_facts(state, facts, "bad-action", complete=False)
    changed = {name for name in KEYS[mode] if facts[name] != old[name]}
    for name in set(shown(state, facts)) - set(shown(state, old)) - set(action):
        if DRAFT[name] is None:  # brought into view by the change (the pips at 4–4 matit)
            facts[name] = None
    facts = normalise(mode, facts)
    allowed = choices(state, facts)
    for name in shown(state, facts):
        if name in changed or name not in allowed or facts[name] is None:
            continue
        if name in ("sm", "mar"):
            facts[name] = "".join(c if c in allowed[name] else "-" for c in facts[name])
        elif facts[name] not in allowed[name] and DRAFT[name] is None:
            facts[name] = None
    return normalise(mode, facts)


def _index(state: Mapping[str, Any], action: Mapping[str, Any]) -> int:
    if not state["deals"]:
        raise BadInput("bad-action", "no deals")
    return field_int(action.get("deal"), 0, len(state["deals"]) - 1, "bad-action")


def _game_over(state: Mapping[str, Any]) -> bool:
    return sheet_rows(state)[1].over


def _problem_text(key: str, params: Mapping[str, Any], lang: str) -> str:
    filled = dict(params)
    if "pair" in filled:
        filled["pair"] = pair_name(Pair[filled["pair"]], lang)
    if "seat" in filled:
        filled["seat"] = seat_name(Seat[filled["seat"]], lang)
    return wt(key, lang, **filled)


def _problems_text(state: Mapping[str, Any], facts: Mapping[str, Any], lang: str) -> list[str]:
    return [_problem_text(key, params, lang) for key, params in problems(state, facts)]


def _missing_text(state: Mapping[str, Any], facts: Mapping[str, Any], lang: str) -> str:
    """What is still to fill in before the deal can be added, in words ("" if nothing)."""
    names: list[str] = []
    for key in missing(state, facts):
        name = wt(f"sk-need:{key}", lang)
        if name not in names:
            names.append(name)
    return wt("sk-missing", lang, fields=names_text(names, lang)) if names else ""


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    new = dict(state)
    mode = state["mode"]
    if kind == "draft":
        new["draft"] = _facts_from_action(state, action)
        commit = action.get("commit", "")
        if commit in ("", None):
            return new, _draft_summary(new, lang)
        field_choice(commit, ("add", "save"), "bad-action")
        adding = commit == "add" or state["edit"] < 0
        if adding and _game_over(state):
            return new, wt("sk-game-over", lang)
        refused = [*_problems_text(new, new["draft"], lang), _missing_text(new, new["draft"], lang)]
        if any(refused):
            return new, " ".join(text for text in refused if text)
        if not adding:
            deals = list(state["deals"])
            deals[state["edit"]] = new["draft"]
            new["deals"] = deals
            said = wt("sk-saved", lang, n=state["edit"] + 1)
            new["edit"] = -1
        else:
            if len(state["deals"]) >= MAX_DEALS:
                return new, wt("sk-full", lang)
            new["deals"] = [*state["deals"], new["draft"]]
            said = wt("sk-added", lang, n=len(new["deals"]))
        new["draft"] = _blank(mode)
        return new, f"{said} {_totals_line(new, lang)}"
    if kind == "edit":
        i = _index(state, action)
        new["edit"], new["draft"] = i, dict(state["deals"][i])
        return new, wt("sk-editing", lang, n=i + 1)
    if kind == "cancel":
        new["edit"], new["draft"] = -1, _blank(mode)
        return new, wt("sk-cancelled", lang)
    if kind in ("remove", "undo"):
        i = len(state["deals"]) - 1 if kind == "undo" else _index(state, action)
        if i < 0:
            return new, wt("sk-nothing", lang)
        new["deals"] = [d for j, d in enumerate(state["deals"]) if j != i]
        if state["edit"] == i:
            new["edit"], new["draft"] = -1, _blank(mode)
        elif state["edit"] > i:
            new["edit"] = state["edit"] - 1
        return new, f"{wt('sk-removed', lang, n=i + 1)} {_totals_line(new, lang)}"
    if kind == "new-game":
        fresh = initial(mode)
        fresh.update({name: state[name] for name in OPTIONS})
        if state["deals"]:
            fresh["old"], fresh["problem"] = export_json(state), "replaced"
        return fresh, wt("sk-new-game", lang)
    if kind == "settings":
        return _settings_action(state, action, lang)
    if kind in ("restore", "import"):
        try:
            loaded = load(action.get("text"), initial(mode), stored=kind == "restore")
        except BadInput as err:
            if kind == "import":
                return new, wt("sk-import-failed", lang, why=wt("sk-why:" + err.key, lang))
            text = action.get("text")
            fresh = initial(mode)
            fresh["old"] = text[:MAX_OLD] if isinstance(text, str) else ""
            fresh["problem"] = err.key
            return fresh, wt("sk-restore-failed", lang, why=wt("sk-why:" + err.key, lang))
        if kind == "restore":
            return loaded, wt("sk-restored", lang, n=len(loaded["deals"]))
        if state["deals"]:
            loaded["old"], loaded["problem"] = export_json(state), "replaced"
        return loaded, wt("sk-imported", lang, n=len(loaded["deals"]))
    if kind == "dismiss":
        new["old"], new["problem"] = "", ""
        return new, wt("sk-dismissed", lang)
    if kind == "record":
        return _from_record(state, action.get("text"), lang)
    raise BadInput("bad-action")


def _settings_action(
    state: dict[str, Any], action: Mapping[str, Any], lang: str
) -> tuple[dict[str, Any], str]:
    """Choose the game (on a sheet with no deal yet) and its variations."""
    mode = state["mode"]
    target = dict(state)
    if "mode" in action:
        target["mode"] = field_choice(action["mode"], MODES, "bad-action")
    for name in OPTIONS:
        if name in action:
            target[name] = _option(action, name, "bad-action")
    if target["mode"] != mode:
        if state["deals"]:
            return dict(state), wt("sk-mode-locked", lang)
        target["draft"], target["edit"] = _blank(target["mode"]), -1
    try:
        checked = check(target)
    except BadInput:
        return dict(state), wt("sk-options-refused", lang)
    game = wt("sk-mode:" + checked["mode"], lang)
    if not checked["deals"]:
        return checked, wt("sk-game-chosen", lang, mode=game)
    return checked, wt("sk-settings-saved", lang, mode=game)


def _mode_of_rules(rules: Any) -> str:
    """The score keeper's game for a record's rules ("" if it keeps none for them)."""
    if rules.scoring == "marriage":
        return "huutopussi-marriage3" if rules.players == 3 else "huutopussi-marriage"
    if rules.scoring == "huutopussi":
        return "huutopussi3" if rules.players == 3 else "huutopussi"
    if rules.scoring == "guild":
        return "guild" if rules == GUILD else ""
    return "pagat" if rules.scoring == "pagat" else ""


def _from_record(state: dict[str, Any], text: Any, lang: str) -> tuple[dict[str, Any], str]:
    """Replay a pasted record with the engine and add each finished deal's facts."""
    from ..record import parse_record, replay
    from .dispute import error_text, error_where

    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        return dict(state), wt("sk-record-empty", lang)
    try:
        rep = replay(parse_record(text))
    except MarjapussiError as err:
        where = error_where(err, lang, capital=False)
        return dict(state), wt("sk-record-bad", lang, why=where + error_text(err, lang))
    rules = rep.record.rules
    mode = _mode_of_rules(rules)
    if not mode:
        return dict(state), wt("sk-record-rules", lang)
    target = dict(state)
    if state["deals"] and mode != state["mode"]:
        return dict(state), wt("sk-record-mode", lang)
    target["mode"] = mode
    if mode == "pagat":
        target.update(
            values=rules.card_values,
            tie=int(rules.carry_card_tie),
            more=int(rules.target_or_more),
            deck=rules.deck_size,
        )
    elif mode in MARRIAGE_MODES:
        target.update(to=rules.game_to)
    elif contract_mode(mode):
        target.update(
            dbl=int(rules.double_penalty),
            molo=rules.molotov_bonus,
            to=rules.game_to,
            minbid=rules.min_bid,
            step=rules.bid_step,
            **{"pass": rules.all_pass},
        )
    if any(target[name] not in OPTIONS[name] for name in OPTIONS) or rules_of(target) != rules:
        return dict(state), wt("sk-record-rules", lang)
    added = []
    for rec, deal in zip(rep.record.deals, rep.deals, strict=True):
        if deal.is_over():
            added.append(normalise(mode, facts_of_deal(deal, rec.misplay)))
    if not added:
        return dict(state), wt("sk-record-unfinished", lang)
    if len(state["deals"]) + len(added) > MAX_DEALS:
        return dict(state), wt("sk-full", lang)
    target["deals"] = [*state["deals"], *added]
    if target["mode"] != state["mode"]:
        target["draft"], target["edit"] = _blank(mode), -1
    checked = check(target)
    return checked, f"{wt('sk-record-added', lang, n=len(added))} {_totals_line(checked, lang)}"


def facts_of_deal(deal: Deal, misplay: Pair | None = None) -> dict[str, Any]:
    """Read a finished deal's facts, as a table would enter them, from what was played."""
    from ..huutopussi import HuutopussiDeal

    facts = dict(FIXED)
    facts["t"] = deal.tricks_won[0]
    last = deal.last_trick
    facts["l"] = last.winner.name if last is not None else "N"
    values = CARD_POINTS[deal.rules.card_values] if deal.rules.scoring == "pagat" else CARD_POINTS["original"]
    matit, pips, aces, points = count_cards(deal.taken[0], values)
    facts.update(m=matit, p=pips, a=aces, c=points, x="" if misplay is None else misplay.name)
    if isinstance(deal, MarriageTrumpDeal):
        mar = ["-"] * 4
        for decl in deal.declarations:
            if decl.suit is not None:
                mar[decl.suit] = (decl.holder or decl.seat).name
        own = deal.declarer_tricks()
        side = deal.tricks_won[SIDES[deal.rules.players][deal.bidder]] if deal.bidder is not None else 0
        facts.update(
            bid=max(deal.high_bid, deal.rules.min_bid),
            by=(deal.bidder or Seat.N).name,
            ct=max(deal.contract, deal.rules.min_bid),
            dn=int(deal.rules.players == 4 and side > 0 and own == 0),
            mar="".join(mar),
            k=next((k for k, why in REDEALS.items() if why == deal.redeal), ""),
        )
        if deal.rules.players == 3:
            facts.update(_three_points(deal, values))
        return facts
    if isinstance(deal, HuutopussiDeal):
        mar = ["-"] * 4
        for seat, suit in deal.marriages:
            mar[suit] = seat.name
        facts.update(
            tr="" if deal.trump_suit is None else deal.trump_suit.letter,
            bid=max(deal.high_bid, deal.rules.min_bid),
            by=(deal.bidder or Seat.N).name,
            mar="".join(mar),
            k=next((k for k, why in REDEALS.items() if why == deal.redeal), "open" if deal.no_trump else ""),
        )
        if deal.rules.players == 3:
            facts.update(_three_points(deal, values))
        return facts
    small = ["-"] * 4
    for decl in deal.declarations:
        if decl.suit is None or decl.kind is None:
            continue
        if decl.kind == "trump":
            facts["tr"], facts["tb"] = decl.suit.letter, decl.pair.name
        else:
            small[decl.suit] = "N" if decl.pair is Pair.NS else "E"
    facts["sm"] = "".join(small)
    return facts


def _three_points(deal: AuctionDeal, values: dict[Rank, int]) -> dict[str, int]:
    """Three players' tricks of East and card points of each, the bidder's three cards
    put away counted as his."""
    taken = list(deal.taken)
    if deal.bidder is not None:
        taken[deal.bidder] |= deal.discarded
    return {
        "te": deal.tricks_won[1],
        "c": count_cards(taken[0], values)[3],
        "ce": count_cards(taken[1], values)[3],
        "cs": count_cards(taken[2], values)[3],
    }


# ---------------------------------------------------------------------- words


def _outcome(row: Row, lang: str) -> str:
    """What the deal decided, as the site's score views say it; nothing when play just goes on."""
    era = row.era
    if era is None or (era.outcome is None and not era.both_back):
        return ""
    return outcome_text(era, lang)


def _result_line(sheet: ScoreSheet | HuutopussiSheet, mode: str, lang: str) -> str:
    if isinstance(sheet, HuutopussiSheet):
        text = wt("sk-game-totals", lang, sides=_sides_text(mode, sheet.totals, lang))
        if sheet.winner is not None:
            name = _side_names(mode, lang)[sheet.winner]
            text += " " + wt("sk-player-wins" if mode in THREE_MODES else "game-winner", lang, pair=name)
        elif sheet.level:
            text += " " + game_level_text(sheet, lang)
        return text
    ns, ew = pair_name(Pair.NS, lang), pair_name(Pair.EW, lang)
    text = wt("sk-era-totals", lang, ns=ns, a=sheet.totals[0], ew=ew, b=sheet.totals[1])
    if sheet.rules.scoring == "guild":
        text += " " + wt("sk-era-wins", lang, a=sheet.era_wins[0], b=sheet.era_wins[1])
        text += " " + wt("sk-misplays", lang, a=sheet.misplays[0], b=sheet.misplays[1])
    if sheet.winner is not None:
        text += " " + wt("game-winner", lang, pair=pair_name(sheet.winner, lang))
    elif sheet.tied:
        text += " " + wt("game-tied", lang)
    return text


def _totals_line(state: Mapping[str, Any], lang: str) -> str:
    return _result_line(sheet_rows(state)[1], state["mode"], lang)


def _ready(state: Mapping[str, Any]) -> bool:
    """Tell whether the deal being entered is complete and possible (it may be added)."""
    draft = state["draft"]
    return not missing(state, draft) and not problems(state, draft)


def _preview(state: Mapping[str, Any]) -> Row:
    """The draft scored where it would go on the sheet (at the deal being edited, or next)."""
    deals = list(state["deals"])
    if state["edit"] >= 0:
        deals = deals[: state["edit"]]
    rows, _ = sheet_rows(state, [*deals, state["draft"]])
    return rows[-1]


def _draft_summary(state: Mapping[str, Any], lang: str) -> str:
    wrong = _problems_text(state, state["draft"], lang)
    if wrong:
        return " ".join(wrong)
    lacking = _missing_text(state, state["draft"], lang)
    if lacking:
        return lacking
    row = _preview(state)
    text = wt("sk-draft-points", lang, sides=_sides_text(state["mode"], row.score.points, lang))
    if row.counted and row.era is not None:
        text += " " + wt("new-totals", lang) + f": {row.after[0]}–{row.after[1]}."
    return text


# ---------------------------------------------------------------------- view: the game first


def _variations(state: Mapping[str, Any], lang: str) -> list[str]:
    """The variation fields of the sheet's game."""
    yes_no = [("0", wt("no", lang)), ("1", wt("yes", lang))]
    plain = {name: [(str(v), str(v)) for v in OPTIONS[name]] for name in OPTIONS}
    fields = {
        "values": (
            wt("card-values", lang),
            [(v, wt(f"values:{v}", lang)) for v in ("original", "simplified")],
        ),
        "deck": (wt("sk-deck", lang), plain["deck"]),
        "tie": (wt("carry-tie", lang), yes_no),
        "more": (wt("or-more", lang), yes_no),
        "to": (wt("sk-game-to", lang), plain["to"]),
        "dbl": (wt("double-penalty", lang), yes_no),
        "molo": (wt("sk-molotov", lang), plain["molo"]),
        "pass": (
            wt("sk-all-pass", lang),
            [(v, wt(f"sk-all-pass:{v}", lang)) for v in ("redeal", "no-trump")],
        ),
        "minbid": (wt("sk-min-bid", lang), plain["minbid"]),
        "step": (wt("sk-bid-step", lang), plain["step"]),
    }
    return [
        select(name, fields[name][0], fields[name][1], str(state[name]), f"s-{name}")
        for name in MODE_OPTIONS[state["mode"]]
    ]


def _game_step(state: Mapping[str, Any], lang: str) -> str:
    """A new sheet's first step: which game, then its variations (each change applies at once)."""
    radios = "".join(
        f'<label class="mp-choice"><input type="radio" name="mp-keeper-game" value="{m}" '
        f'data-action-field="mode" data-focus-key="s-mode-{m}"{" checked" if m == state["mode"] else ""}> '
        f"{escape(wt('sk-mode:' + m, lang))}</label>"
        for m in MODES
    )
    fields = _variations(state, lang)
    inner = "".join(fields) or f'<p>{escape(wt("sk-no-variations", lang))}</p>'
    return (
        '<form class="mp-form mp-keeper-game" data-action=\'{"type":"settings"}\' data-live>'
        f'<fieldset class="mp-keeper-games"><legend>{escape(wt("sk-step-game", lang))}</legend>{radios}'
        f"</fieldset><fieldset><legend>{escape(wt('sk-step-rules', lang))}</legend>{inner}</fieldset></form>"
    )


def _settings(state: Mapping[str, Any], lang: str) -> str:
    """During a game: its name, and its variations to change (the deals are counted again)."""
    game = wt("sk-game-now", lang, mode=wt("sk-mode:" + state["mode"], lang))
    fields = _variations(state, lang)
    form = ""
    if fields:
        form = (
            f'<form class="mp-form" data-action=\'{{"type":"settings"}}\'><fieldset>{"".join(fields)}'
            '<button type="submit" class="mp-button" data-focus-key="s-save">'
            f"{escape(wt('sk-apply', lang))}</button></fieldset></form>"
        )
    return (
        '<details class="mp-keeper-more"><summary data-focus-key="sum-settings">'
        f"{escape(wt('sk-settings', lang))}</summary><p>{escape(game)}</p>{form}</details>"
    )


# ---------------------------------------------------------------------- view: a deal


def _choose(lang: str) -> tuple[str, str]:
    return ("", wt("sk-choose", lang))


def _picked(value: Any) -> str:
    """A fact as its field's value: blank for a fact not filled in."""
    return "" if value is None else str(value)


def _number(field: str, label: str, value: Any, low: int, high: int, step: int) -> str:
    shown_value = "" if value is None else str(value)
    return (
        f'<label class="mp-field">{escape(label)} <input type="number" inputmode="numeric" min="{low}" '
        f'max="{high}" step="{step}" value="{shown_value}" data-action-field="{field}" '
        f'data-focus-key="f-{field}"></label>'
    )


def _rest(text: str) -> str:
    return f'<p class="mp-note mp-keeper-rest">{escape(text)}</p>'


def _fields(state: Mapping[str, Any], lang: str) -> list[str]:
    """The deal's fields: only those that apply, each offering only values that fit."""
    mode = state["mode"]
    facts = state["draft"]
    rules = rules_of(state)
    n = rules.tricks_per_deal
    allowed = choices(state, facts)
    seats = {s: seat_name(Seat[s], lang) for s in seats_of(mode)}
    ns = pair_name(Pair.NS, lang)
    values = state["values"] if mode == "pagat" else "original"
    total = total_points(values)
    step = 5 if values == "simplified" else 1
    out: list[str] = []
    for key in shown(state, facts):
        value = facts[key]
        if key == "k":
            options = [("-" if k == "" else k, wt(f"sk-kind:{k or 'bid'}", lang)) for k in ("", "open")]
            out.append(select("k", wt("sk-kind", lang), options, value or "-", "f-k"))
        elif key == "bid":
            options = [_choose(lang), *((str(b), str(b)) for b in allowed["bid"])]
            out.append(select("bid", wt("bid", lang), options, _picked(value), "f-bid"))
        elif key == "by":
            options = [_choose(lang), *((s, seats[s]) for s in allowed["by"])]
            out.append(select("by", wt("sk-bidder", lang), options, _picked(value), "f-by"))
        elif key == "ct":
            options = [_choose(lang), *((str(b), str(b)) for b in allowed["ct"])]
            out.append(select("ct", wt("sk-contract", lang), options, _picked(value), "f-ct"))
        elif key == "dn":
            options = [("0", wt("no", lang)), ("1", wt("yes", lang))]
            out.append(select("dn", wt("sk-bidder-no-trick", lang), options, str(value), "f-dn"))
        elif key == "tr":
            suits = trump_options(lang)
            if contract_mode(mode):
                suits = suits[1:]
            current = "" if value is None else value or "-"
            out.append(select("tr", wt("trump-suit", lang), [_choose(lang), *suits], current, "f-tr"))
        elif key == "t":
            if mode in THREE_MODES:
                label, options = (
                    wt("sk-tricks-of", lang, seat=seats["N"]),
                    [(str(i), str(i)) for i in allowed["t"]],
                )
            else:
                label = wt("sk-tricks", lang, pair=ns)
                options = [(str(i), f"{i}–{n - i}") for i in allowed["t"]]
            out.append(select("t", label, [_choose(lang), *options], _picked(value), "f-t"))
        elif key == "te":
            options = [(str(i), str(i)) for i in allowed["te"]]
            label = wt("sk-tricks-of", lang, seat=seats["E"])
            out.append(select("te", label, [_choose(lang), *options], _picked(value), "f-te"))
            if facts["t"] is not None and value is not None:
                rest = n - facts["t"] - value
                out.append(_rest(wt("sk-tricks-rest", lang, seat=seats["S"], n=rest)))
        elif key == "l":
            options = [_choose(lang), *((s, seats[s]) for s in allowed["l"])]
            out.append(select("l", wt("last-trick-by", lang), options, _picked(value), "f-l"))
        elif key in ("m", "p", "a"):
            whole = {"m": 8, "p": 36, "a": 4}[key]
            options = [(str(i), f"{i}–{whole - i}") for i in allowed[key]]
            label = wt({"m": "sk-matit", "p": "sk-pips", "a": "sk-aces"}[key], lang, pair=ns)
            out.append(select(key, label, [_choose(lang), *options], _picked(value), f"f-{key}"))
        elif key in ("c", "ce", "cs"):
            low, high = bounds(state, facts, key)
            if mode in THREE_MODES:
                label = wt(
                    "sk-points-of", lang, seat=seats[{"c": "N", "ce": "E", "cs": "S"}[key]], total=total
                )
            else:
                label = wt("sk-points", lang, pair=ns, total=total)
            out.append(_number(key, label, value, low, high, step))
            if (
                key == "ce"
                and "cs" not in shown(state, facts)
                and facts["c"] is not None
                and value is not None
            ):
                out.append(_rest(wt("sk-points-rest", lang, seat=seats["S"], n=total - facts["c"] - value)))
        elif key == "tb":
            options = [_choose(lang), *((p, pair_name(Pair[p], lang)) for p in allowed["tb"])]
            out.append(select("tb", wt("trump-by", lang), options, _picked(value), "f-tb"))
        elif key == "sm":
            who = [
                ("-", wt("nobody", lang)),
                *((p, pair_name(Pair.NS if p == "N" else Pair.EW, lang)) for p in allowed["sm"][1:]),
            ]
            later = "small-by" if mode == "guild" else "marriage-by"
            current = {suit: facts["sm"][suit] for suit in Suit}
            out += suit_selects("sm-", later, who, current, lang, "f-sm-", skip=facts["tr"])
        elif key == "mar":
            who = [("-", wt("nobody", lang)), *((s, seats[s]) for s in allowed["mar"][1:])]
            current = {suit: facts["mar"][suit] for suit in Suit}
            label = "sk-marriage-declared-by" if mode in MARRIAGE_MODES else "marriage-on-lead-by"
            out += suit_selects("mar-", label, who, current, lang, "f-mar-")
        elif key == "x":
            options = [("-", wt("nobody", lang)), *((p, pair_name(Pair[p], lang)) for p in PAIRS)]
            out.append(select("x", wt("sk-misplay", lang), options, value or "-", "f-x"))
    if mode in THREE_MODES and facts["k"] == "":
        out.append(f'<p class="mp-note">{escape(wt("sk-discard-note", lang))}</p>')
    if mode in MARRIAGE_MODES and facts["k"] == "":
        out.append(f'<p class="mp-note">{escape(wt("sk-trickless-note", lang))}</p>')
    return out


def _redeal_buttons(state: Mapping[str, Any], lang: str) -> str:
    """Huutopussi's redeals, each entered with one tap."""
    commit = "save" if state["edit"] >= 0 else "add"
    three = state["mode"] in THREE_MODES
    kinds = [k for k in choices(state, state["draft"])["k"] if k in REDEALS]
    quick = "".join(
        button(
            wt(f"sk-kind-add:{kind}{'3' if three and kind == 'pass' else ''}", lang),
            {"type": "draft", "k": kind, "commit": commit},
            f"k-{kind}",
        )
        for kind in kinds
    )
    return (
        f'<div class="mp-controls mp-keeper-redeals" role="group" '
        f'aria-label="{escape(wt("sk-redeals", lang))}">{quick}</div>'
    )


def _entry(state: Mapping[str, Any], lang: str) -> str:
    """The form for the deal being entered, with its working shown once it is complete."""
    facts = state["draft"]
    editing = state["edit"] >= 0
    number = state["edit"] + 1 if editing else len(state["deals"]) + 1
    legend = wt("sk-editing-deal" if editing else "sk-new-deal", lang, n=number)
    commit = "save" if editing else "add"
    lacking = _missing_text(state, facts, lang)
    wrong = _problems_text(state, facts, lang)
    ready = not lacking and not wrong
    why = "" if ready else ' aria-describedby="mp-keeper-why"'
    buttons = (
        f'<button type="submit" class="mp-button mp-primary" data-submit-field="commit" value="{commit}" '
        f'data-focus-key="commit"{why}{"" if ready else " disabled"}>'
        f"{escape(wt('sk-save' if editing else 'sk-add', lang))}</button>"
    )
    if editing:
        buttons += button(wt("sk-cancel", lang), {"type": "cancel"}, "cancel")
    form = (
        f'<form class="mp-form mp-keeper-entry" data-action=\'{{"type":"draft"}}\' data-live>'
        f"<fieldset><legend>{escape(legend)}</legend>{''.join(_fields(state, lang))}"
        f'<div class="mp-controls">{buttons}</div></fieldset></form>'
    )
    # Why the deal cannot be added yet: what cannot be true, else what is still blank.
    ids = [' id="mp-keeper-why"', *([""] * len(wrong))]
    notes = "".join(
        f'<p class="mp-note" role="alert"{ident}>{escape(text)}</p>'
        for ident, text in zip(ids, wrong, strict=False)
    )
    if lacking and not wrong:
        notes = f'<p class="mp-note mp-keeper-missing" id="mp-keeper-why">{escape(lacking)}</p>'
    working = _working(_preview(state), lang) if ready else ""
    redeals = _redeal_buttons(state, lang) if contract_mode(state["mode"]) else ""
    return f'<section class="mp-keeper-draft">{redeals}{form}{notes}{working}</section>'


def _working(row: Row, lang: str) -> str:
    score = row.score
    caption = wt("score-caption", lang)
    if isinstance(score, ContractScore) and (score.redeal is not None or score.bidder is None):
        kind = row.facts.get("k", "")
        steps = steps_html(score.steps, lang, ROOT, totals=score.points, caption=caption)
        note = escape(_kind_note(kind, len(score.points), lang))
        return f'<div class="mp-score">{steps}<p class="mp-outcome">{note}</p></div>'
    if isinstance(score, ContractScore):
        settling = ("contract", "exact-contract", "no-trick-penalty")
        collecting = [s for s in score.steps if s.rule not in settling]
        contract = [s for s in score.steps if s.rule in settling]
        made = _made_text(score, lang)
        return (
            '<div class="mp-score">'
            + steps_html(
                collecting, lang, ROOT, totals=score.collected, caption=wt("collected-caption", lang)
            )
            + steps_html(contract, lang, ROOT, totals=score.points, caption=wt("contract-caption", lang))
            + f'<p class="mp-outcome">{escape(made)}</p></div>'
        )
    out = '<div class="mp-score">' + steps_html(score.steps, lang, ROOT, totals=score.points, caption=caption)
    if row.era is not None:
        out += era_html(row.era, lang, ROOT)
    elif not row.counted:
        out += f'<p class="mp-note">{escape(wt("sk-not-counted", lang))}</p>'
    return out + "</div>"


def _made_text(score: ContractScore, lang: str) -> str:
    """Whether the bid was made, or the contract when a raise set it above the bid."""
    if score.contract and score.contract != score.bid:
        return wt("sk-contract-made" if score.made else "sk-contract-failed", lang, n=score.contract)
    return wt("sk-made" if score.made else "sk-failed", lang, bid=score.bid)


def _kind_note(kind: str, sides: int, lang: str) -> str:
    """What a Huutopussi deal without a contract was: a redeal (and why), or all passed."""
    three = "3" if sides == 3 and kind in ("open", "pass") else ""
    return wt(f"sk-kind-note:{kind}{three}", lang)


# ---------------------------------------------------------------------- view: the sheet


def _sheet_table(state: Mapping[str, Any], rows: list[Row], lang: str) -> str:
    mode = state["mode"]
    heads = "".join(
        f'<th scope="col" class="mp-num">{escape(name)}</th>' for name in _side_names(mode, lang, short=True)
    )
    sides = side_count(mode)
    width = 2 + 2 * sides
    deal_word = escape(wt("col-deal", lang))
    total_word = escape(wt("col-total", lang))
    # Two header rows: "this deal" and "total" over the sides, so the columns stay narrow.
    head = (
        f'<thead><tr><th scope="col" rowspan="2">{escape(wt("col-row", lang))}</th>'
        f'<th scope="colgroup" colspan="{sides}" class="mp-keeper-group">{deal_word}</th>'
        f'<th scope="colgroup" colspan="{sides}" class="mp-keeper-group">{total_word}</th>'
        f'<th scope="col" rowspan="2" class="mp-keeper-tools">{escape(wt("sk-change", lang))}</th></tr>'
        f"<tr>{heads}{heads}</tr></thead>"
    )
    body = []
    for i, row in enumerate(rows):
        after = row.after if row.counted else ("–",) * sides
        cls = ' class="mp-keeper-editing"' if state["edit"] == i else ""
        cls = ' class="mp-keeper-void"' if not row.counted else cls
        tools = button(
            "✎",
            {"type": "edit", "deal": i},
            f"edit-{i}",
            cls="mp-button mp-icon",
            aria_label=wt("sk-edit-n", lang, n=i + 1),
        ) + button(
            "✕",
            {"type": "remove", "deal": i},
            f"remove-{i}",
            cls="mp-button mp-icon",
            aria_label=wt("sk-remove-n", lang, n=i + 1),
        )
        points = "".join(f'<td class="mp-num">{p}</td>' for p in row.score.points)
        totals = "".join(f'<td class="mp-num"><strong>{a}</strong></td>' for a in after)
        body.append(
            f'<tr{cls}><th scope="row">{i + 1}</th>{points}{totals}'
            f'<td class="mp-keeper-tools">{tools}</td></tr>'
        )
        note = _outcome(row, lang) if row.counted else wt("sk-not-counted", lang)
        if row.facts.get("x"):
            note = (
                wt("sk-misplay-by", lang, pair=pair_name(Pair[row.facts["x"]], lang)) + " " + note
            ).strip()
        if isinstance(row.score, ContractScore) and row.facts.get("k"):
            note = _kind_note(row.facts["k"], sides, lang) + (" " + note if note else "")
        elif isinstance(row.score, ContractScore):
            note = _made_text(row.score, lang) + (
                " " + note if note else ""
            )
        if note:
            body.append(f'<tr class="mp-keeper-note"><td colspan="{width}">{escape(note)}</td></tr>')
    if not rows:
        body.append(f'<tr><td colspan="{width}">{escape(wt("sk-empty", lang))}</td></tr>')
    return (
        f'<div class="mp-keeper-sheet"><table class="mp-sheet mp-keeper-table">'
        f"<caption>{escape(wt('sheet-caption', lang))} · "
        f"{escape(wt('sk-mode:' + mode, lang))}</caption>"
        f"{head}<tbody>{''.join(body)}</tbody></table></div>"
    )


def _textarea(
    field: str, label: str, value: str, focus: str, *, readonly: bool = False, file: str = ""
) -> str:
    extra = " readonly" if readonly else ""
    if file:
        extra += f' data-mp-file="{escape(file)}"'
    data = "" if readonly else f' data-action-field="{escape(field)}"'
    return (
        f'<label class="mp-field mp-wide">{escape(label)} <textarea rows="6" spellcheck="false"{data}'
        f'{extra} data-focus-key="{escape(focus)}">{escape(value)}</textarea></label>'
    )


def _download(label: str, file: str, focus: str) -> str:
    return (
        f'<button type="button" class="mp-button" data-mp-download="{escape(file)}" '
        f'data-focus-key="{escape(focus)}">{escape(label)}</button>'
    )


def _text_form(kind: str, legend: str, label: str, submit: str, focus: str) -> str:
    return (
        f'<form class="mp-form" data-action=\'{{"type":"{kind}"}}\'>'
        f"<fieldset><legend>{escape(legend)}</legend>"
        + _textarea("text", label, "", f"{focus}-text")
        + f'<button type="submit" class="mp-button" data-focus-key="{focus}">{escape(submit)}</button>'
        "</fieldset></form>"
    )


def _problem_banner(state: Mapping[str, Any], lang: str) -> str:
    if not state["problem"]:
        return ""
    key = state["problem"]
    message = (
        wt("sk-replaced-note", lang)
        if key == "replaced"
        else wt("sk-restore-failed", lang, why=wt("sk-why:" + key, lang))
    )
    parts = [f'<p class="mp-note" role="alert">{escape(message)}</p>']
    if state["old"]:
        parts.append(
            _textarea(
                "",
                wt("sk-old-text", lang),
                state["old"],
                "old-text",
                readonly=True,
                file="marjapussi-old-sheet.txt",
            )
        )
        parts.append(_download(wt("sk-download-old", lang), "marjapussi-old-sheet.txt", "download-old"))
    parts.append(button(wt("sk-dismiss", lang), {"type": "dismiss"}, "dismiss"))
    return f'<div class="mp-keeper-problem">{"".join(parts)}</div>'


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state: a new sheet starts with its game and variations."""
    rows, sheet = sheet_rows(state)
    fresh = not state["deals"] and state["edit"] < 0
    parts = [
        f'<p class="mp-widget-title">{escape(wt("sk-label", lang))}</p>',
        _problem_banner(state, lang),
        _game_step(state, lang) if fresh else "",
        _sheet_table(state, rows, lang),
        f'<p class="mp-keeper-result" role="status">{escape(_result_line(sheet, state["mode"], lang))}</p>',
    ]
    tools = [
        button(wt("sk-undo", lang), {"type": "undo"}, "undo", disabled=not state["deals"]),
        button(wt("sk-new", lang), {"type": "new-game"}, "new-game", disabled=not state["deals"]),
    ]
    parts.append(f'<div class="mp-controls mp-keeper-noprint">{"".join(tools)}</div>')
    if sheet.over and state["edit"] < 0:
        parts.append(f'<p class="mp-note">{escape(wt("sk-game-over", lang))}</p>')
    else:
        parts.append(_entry(state, lang))
    if not fresh:
        parts.append(_settings(state, lang))
    parts.append(
        '<details class="mp-keeper-more"><summary data-focus-key="sum-record">'
        f"{escape(wt('sk-engine', lang))}"
        f"</summary><p>{escape(wt('sk-engine-help', lang))}</p>"
        + _text_form(
            "record", wt("sk-engine", lang), wt("sk-record-label", lang), wt("sk-record-add", lang), "record"
        )
        + "</details>"
    )
    export = (
        _textarea(
            "",
            wt("sk-json", lang),
            export_json(state),
            "export-json",
            readonly=True,
            file="marjapussi-sheet.json",
        )
        + _download(wt("sk-download-json", lang), "marjapussi-sheet.json", "download-json")
        + _textarea(
            "",
            wt("sk-text", lang),
            export_text(state, lang),
            "export-text",
            readonly=True,
            file="marjapussi-sheet.txt",
        )
        + _download(wt("sk-download-text", lang), "marjapussi-sheet.txt", "download-text")
        + _text_form(
            "import", wt("sk-import", lang), wt("sk-import-label", lang), wt("sk-import-go", lang), "import"
        )
        + f'<label class="mp-field">{escape(wt("sk-import-file", lang))} '
        f'<input type="file" accept=".json,.txt,application/json,text/plain" data-mp-import="import" '
        f'data-focus-key="import-file"></label>'
    )
    parts.append(
        f'<details class="mp-keeper-more mp-keeper-noprint"><summary data-focus-key="sum-export">'
        f"{escape(wt('sk-export', lang))}</summary>{export}</details>"
    )
    return "".join(parts)
