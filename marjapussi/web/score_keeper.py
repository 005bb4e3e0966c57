"""Widget "score-keeper": the score sheet of a real game, kept deal by deal at the table.

A deal is entered as the facts a table knows, not card by card: the tricks each pair
took, who took the last trick, the matit (and, at 4–4, the pips and then the aces) in
the guild rules or the card points in pagat and Huutopussi, the declarations, a
misplay, and in Huutopussi the contract. The score is worked out by the package's own
scoring (``marjapussi.scoring.score_taken``, ``ScoreSheet``; ``score_contract_facts``
and ``HuutopussiSheet`` for Huutopussi): the counts are turned into a set of cards with
exactly those counts, so the working shown is the engine's working. A played game can be
pasted as a record instead: each finished deal is replayed by the engine and its facts
are read from the cards each pair really took.

The whole sheet is recomputed from its deals for every view, so undoing or editing any
deal recomputes everything after it. The browser keeps the state in local storage
(``STORE``) and hands the stored text back through the ``restore`` action; a text that
cannot be read is kept in ``old`` for download, with a message, and a fresh sheet starts.

State: ``v`` (the format version, ``VERSION``), ``mode`` (``guild``, ``pagat`` or
``huutopussi``), the options ``values``, ``tie``, ``more``, ``deck`` (pagat), ``dbl``,
``molo``, ``to`` (Huutopussi), ``deals`` (a list of facts), ``draft`` (the facts being
entered), ``edit`` (the deal being edited, or -1), ``old`` and ``problem`` (a text that
could not be read, and why). Facts: ``t`` (tricks North–South took), ``l`` (the seat
that took the last trick), ``m``/``p``/``a`` (North–South's matit, pips and aces; guild),
``c`` (North–South's card points; pagat, Huutopussi), ``tr``/``tb`` (trumps and the
pair that declared them), ``sm`` (for each suit ♥ ♦ ♠ ♣ the pair with a later marriage
in it), ``x`` (the pair that misplayed, guild), ``bid``/``by`` (the contract and the
bidder's seat), ``mar`` (marriages on lead, a seat per suit) and ``k`` (what kind of
deal it was: ``""`` a contract played, a redeal for ``aces`` (four aces in one hand),
``none`` (a hand with no counting card) or ``pass`` (all four passed), or ``open``: all
passed and the deal was played with no trump, both pairs scoring what they took;
Huutopussi; a saved deal without it was a contract).

>>> state = initial("")
>>> state, _ = apply(state, {"type": "draft", "t": 5, "l": "S", "m": 5, "tr": "H", "tb": "NS",
...     "commit": "add"}, "en")
>>> [row.era.after for row in sheet_rows(state)[0]]
[(4, 0)]
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cards import Pair, Rank, Seat, Suit
from ..deal import Deal, Declaration
from ..errors import MarjapussiError
from ..escaping import escape
from ..html import ROOT, era_html, steps_html
from ..huutopussi import MAX_BID, ContractFacts, ContractScore, HuutopussiSheet, score_contract_facts
from ..i18n import pair_name, pair_short, seat_name
from ..rules import GUILD, HUUTOPUSSI, PAGAT, Rules
from ..scoring import CARD_POINTS, PIPS, DealScore, EraStep, ScoreSheet, SheetError, score_taken
from .common import (
    BadInput,
    button,
    field_choice,
    field_int,
    field_text,
    pair_or_nobody,
    require_dict,
    select,
    suit_selects,
    trump_options,
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
MODES = ("guild", "pagat", "huutopussi")
SEATS = ("N", "E", "S", "W")
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
}
DEFAULT_OPTIONS: dict[str, Any] = {
    "values": "original",
    "tie": 0,
    "more": 0,
    "deck": 36,
    "dbl": 0,
    "molo": 0,
    "to": 500,
}
KEYS = {
    "guild": ("t", "l", "m", "p", "a", "tr", "tb", "sm", "x"),
    "pagat": ("t", "l", "c", "tr", "tb", "sm"),
    "huutopussi": ("t", "l", "c", "tr", "bid", "by", "mar", "k"),
}
"""The facts of a deal in each mode."""
BLANK: dict[str, Any] = {
    "t": 5,
    "l": "N",
    "m": 5,
    "p": 18,
    "a": 2,
    "c": 60,
    "tr": "",
    "tb": "NS",
    "sm": "----",
    "x": "",
    "bid": 60,
    "by": "N",
    "mar": "----",
    "k": "",
}
REDEALS = {"aces": "four-aces", "none": "no-counting-card", "pass": "all-pass"}
"""Huutopussi's redeals (the kind of deal ``k``) and the engine's reasons for them."""
KINDS = ("", *REDEALS, "open")
PROBLEMS = ("not-json", "version", "fields", "too-long", "replaced")


# ---------------------------------------------------------------------- rules and counts


def rules_of(state: Mapping[str, Any]) -> Rules:
    """The ruleset the sheet is kept under."""
    if state["mode"] == "pagat":
        return PAGAT.replace(
            card_values=state["values"],
            carry_card_tie=bool(state["tie"]),
            target_or_more=bool(state["more"]),
            deck_size=state["deck"],
        )
    if state["mode"] == "huutopussi":
        return HUUTOPUSSI.replace(
            double_penalty=bool(state["dbl"]), molotov_bonus=state["molo"], game_to=state["to"]
        )
    return GUILD


def _rank_cards(counts: Mapping[Rank, int]) -> int:
    """A mask holding ``counts[rank]`` cards of each rank (the suits in order)."""
    mask = 0
    for rank, n in counts.items():
        for suit in range(n):
            mask |= 1 << (suit * 9 + rank)
    return mask


@cache
def _pip_ways() -> dict[int, tuple[int, int, int]]:
    """Each pip count North–South can hold, with a (kings, queens, jacks) that gives it."""
    ways: dict[int, tuple[int, int, int]] = {}
    for k, q, j in itertools.product(range(5), repeat=3):
        ways.setdefault(k * PIPS[Rank.KING] + q * PIPS[Rank.QUEEN] + j * PIPS[Rank.JACK], (k, q, j))
    return ways


@cache
def _point_ways(values: str) -> dict[int, tuple[int, ...]]:
    """Each card-point count a pair can take, with the number of cards of each rank."""
    table = CARD_POINTS[values]
    ranks = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    ways: dict[int, tuple[int, ...]] = {}
    for counts in itertools.product(range(5), repeat=5):
        total = sum(n * table[r] for n, r in zip(counts, ranks, strict=True))
        ways.setdefault(total, counts)
    return ways


def _guild_masks(facts: Mapping[str, Any]) -> tuple[int, int]:
    m, p, a = facts["m"], facts["p"], facts["a"]
    k, q, j = _pip_ways()[p]
    ns = _rank_cards({Rank.ACE: a, Rank.TEN: m - a, Rank.KING: k, Rank.QUEEN: q, Rank.JACK: j})
    return ns, _FULL & ~ns


def _point_masks(points: int, values: str) -> tuple[int, int]:
    counts = _point_ways(values)[points]
    ranks = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    ns = _rank_cards(dict(zip(ranks, counts, strict=True)))
    return ns, _FULL & ~ns


_FULL = (1 << 36) - 1


def total_points(values: str) -> int:
    """All the card points in the pack (120, or 140 with the simplified values)."""
    return max(_point_ways(values))


def normalise(mode: str, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Keep only the facts of ``mode`` and set those that cannot matter to fixed values."""
    out = {key: facts[key] for key in KEYS[mode]}
    kind = out.get("k", "")
    if kind:  # a redeal has no facts; a deal all passed has no contract and no trump
        fixed = ("t", "l", "c", "tr", "bid", "by", "mar") if kind in REDEALS else ("bid", "by", "tr")
        out.update({key: BLANK[key] for key in fixed})
    if mode == "guild":
        if out["m"] != 4:
            out["p"], out["a"] = 18, min(max(out["m"] // 2, out["m"] - 4), 4)
        elif out["p"] != 18:
            out["a"] = 2
    if "sm" in out and out["tr"]:
        small = list(out["sm"])
        small[Suit.parse(out["tr"])] = "-"
        out["sm"] = "".join(small)
    return out


def problems(state: Mapping[str, Any], facts: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """What in a deal's facts cannot be true (message keys and their values); empty if none."""
    rules = rules_of(state)
    mode = state["mode"]
    if facts.get("k") in REDEALS:
        return []
    tricks = rules.tricks_per_deal
    t = facts["t"]
    out: list[tuple[str, dict[str, Any]]] = []
    taken = (t, tricks - t)
    if t > tricks:
        return [("sk-bad-tricks", {"n": tricks})]
    last = Seat[facts["l"]]
    if taken[last.pair] == 0:
        out.append(("sk-last-no-trick", {"seat": last.name}))
    if mode == "guild":
        m, p, a = facts["m"], facts["p"], facts["a"]
        for pair, count in ((Pair.NS, m), (Pair.EW, 8 - m)):
            if count > 4 * taken[pair]:
                out.append(("sk-too-many-matit", {"pair": pair.name, "n": count, "t": taken[pair]}))
        if m == 4 and p not in _pip_ways():
            out.append(("sk-bad-pips", {"n": p}))
        if m == 4 and p == 18 and not 0 <= a <= 4:
            out.append(("sk-bad-aces", {}))
    else:
        values = state["values"] if mode == "pagat" else "original"
        c = facts["c"]
        if c not in _point_ways(values):
            out.append(("sk-bad-points", {"n": c}))
        for pair, count in ((Pair.NS, c), (Pair.EW, total_points(values) - c)):
            if taken[pair] == 0 and count > 0:
                out.append(("sk-points-no-trick", {"pair": pair.name}))
    if mode != "huutopussi":
        for _suit, pair in _declared(facts):
            if taken[pair] == 0:
                out.append(("sk-declare-no-trick", {"pair": pair.name}))
                break
    return out


def _declared(facts: Mapping[str, Any]) -> list[tuple[Suit, Pair]]:
    """The declarations of a deal in order: trumps first, then the later marriages."""
    out: list[tuple[Suit, Pair]] = []
    if facts["tr"]:
        out.append((Suit.parse(facts["tr"]), Pair[facts["tb"]]))
    for suit in Suit:
        letter = facts["sm"][suit]
        if letter != "-" and suit.letter != facts["tr"]:
            out.append((suit, Pair.NS if letter == "N" else Pair.EW))
    return out


def score_facts(state: Mapping[str, Any], facts: Mapping[str, Any], carried: int = 0) -> DealScore:
    """Score one deal's facts with the package's own scoring."""
    rules = rules_of(state)
    tricks = (facts["t"], rules.tricks_per_deal - facts["t"])
    last = Seat[facts["l"]]
    if state["mode"] == "huutopussi":
        mar = tuple((Seat[facts["mar"][s]], Suit(s)) for s in range(4) if facts["mar"][s] != "-")
        kind = facts.get("k", "")
        contract = ContractFacts(
            taken=_point_masks(facts["c"], "original"),
            tricks_won=(0, 0) if kind in REDEALS else tricks,
            last_winner=last,
            bidder=None if kind else Seat[facts["by"]],
            bid=facts["bid"],
            trump=int(Suit.parse(facts["tr"])) if facts["tr"] else -1,
            marriages=mar,
            redeal=REDEALS.get(kind),
        )
        return score_contract_facts(rules, contract)
    guild = state["mode"] == "guild"
    masks = _guild_masks(facts) if guild else _point_masks(facts["c"], state["values"])
    declarations = []
    for i, (suit, pair) in enumerate(_declared(facts)):
        seat = pair.seats[0]
        kind = "trump" if i == 0 else "small-trump"
        declarations.append(Declaration(seat, 2, "own", None, suit, kind, seat, ()))
    return score_taken(rules, masks, tricks, last, declarations, carried)


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
    if state["mode"] == "huutopussi":
        hsheet = HuutopussiSheet(rules)
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


def initial(args: str) -> dict[str, Any]:
    """A fresh sheet for ``args`` (``guild``, ``pagat`` or ``huutopussi``; empty: guild)."""
    mode = args.strip() or "guild"
    if mode not in MODES:
        raise ValueError(f"score-keeper: unknown mode {mode!r}; use one of {', '.join(MODES)}")
    return {
        "v": VERSION,
        "mode": mode,
        **DEFAULT_OPTIONS,
        "deals": [],
        "draft": normalise(mode, BLANK),
        "edit": -1,
        "old": "",
        "problem": "",
    }


def check_facts(mode: str, value: Any, rules: Rules, key: str = "bad-state") -> dict[str, Any]:
    """Check one deal's facts (types and ranges; ``problems`` says what cannot be true)."""
    data = require_dict(value, key)
    out: dict[str, Any] = {}
    for name in KEYS[mode]:
        item = data.get(name)
        if name == "t":
            out[name] = field_int(item, 0, rules.tricks_per_deal, key)
        elif name == "l":
            out[name] = field_choice(item, SEATS, key)
        elif name == "m":
            out[name] = field_int(item, 0, 8, key)
        elif name == "p":
            out[name] = field_int(item, 0, 36, key)
        elif name == "a":
            out[name] = field_int(item, 0, 4, key)
        elif name == "c":
            out[name] = field_int(item, 0, 140, key)
        elif name == "tr":
            out[name] = "" if item in ("", "-") else field_choice(item, "HDSC", key)
        elif name == "tb":
            out[name] = field_choice(item, PAIRS, key)
        elif name == "sm":
            out[name] = field_text(item, r"[NE-]{4}", key, 4)
        elif name == "x":
            out[name] = "" if item in ("", "-") else field_choice(item, PAIRS, key)
        elif name == "bid":
            out[name] = field_int(item, HUUTOPUSSI.min_bid, MAX_BID, key)
        elif name == "by":
            out[name] = field_choice(item, SEATS, key)
        elif name == "mar":
            out[name] = field_text(item, r"[NESW-]{4}", key, 4)
        elif name == "k":
            out[name] = "" if item in (None, "", "-") else field_choice(item, KINDS, key)
    out = normalise(mode, out)
    if mode == "guild":
        a, m = out["a"], out["m"]
        if not (a <= m and m - a <= 4):
            raise BadInput(key, "aces")
        if out["p"] not in _pip_ways():
            raise BadInput(key, "pips")
    return out


def _option(state: Mapping[str, Any], name: str, key: str) -> Any:
    choices = OPTIONS[name]
    value = state.get(name)
    if isinstance(choices[0], int):
        number = field_int(value, min(choices), max(choices), key)
        if number not in choices:
            raise BadInput(key, "not a choice")
        return number
    return field_choice(value, choices, key)


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise BadInput("bad-state", "version")
    mode = field_choice(data.get("mode"), MODES)
    out: dict[str, Any] = {"v": VERSION, "mode": mode}
    for name in OPTIONS:
        out[name] = _option(data, name, "bad-state")
    rules = rules_of(out)
    deals = data.get("deals")
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise BadInput("bad-state", "deals")
    out["deals"] = [check_facts(mode, facts, rules) for facts in deals]
    for facts in out["deals"]:
        if problems(out, facts):
            raise BadInput("bad-state", "impossible deal")
    out["draft"] = check_facts(mode, data.get("draft"), rules)
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
    A ``stored`` state (the browser's own copy) keeps its kept text and its problem.
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
    merged = {**fresh, "draft": None, "edit": -1, "old": "", "problem": "", **data}
    if not stored:
        merged["old"], merged["problem"] = "", ""
    merged.pop("format", None)
    if not isinstance(merged.get("mode"), str) or merged["mode"] not in MODES:
        raise BadInput("fields")
    if merged["draft"] is None:
        merged["draft"] = normalise(merged["mode"], BLANK)
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


def export_text(state: Mapping[str, Any], lang: str) -> str:
    """The sheet as a text a person reads (and ``import`` reads back from its codes)."""
    rows, sheet = sheet_rows(state)
    ns, ew = pair_short(Pair.NS, lang), pair_short(Pair.EW, lang)
    head = {"v": VERSION, "mode": state["mode"], **{name: state[name] for name in OPTIONS}}
    lines = [f"{wt('sk-label', lang)} — {wt('mode:' + state['mode'], lang)}  {_code(head)}", ""]
    for number, row in enumerate(rows, 1):
        a, b = row.score.points[0], row.score.points[1]
        text = f"{wt('col-row', lang)} {number}: {ns} {a}, {ew} {b}"
        if row.counted:
            text += f" → {row.after[0]}–{row.after[1]}"
        else:
            text += f" ({wt('sk-not-counted', lang)})"
        outcome = _outcome(row, lang)
        if outcome:
            text += f" — {outcome}"
        lines.append(f"{text}  {_code(row.facts)}")
    lines += ["", _result_line(sheet, lang)]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- actions


def _facts_from_action(state: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    mode = state["mode"]
    facts = dict(state["draft"])
    for name in KEYS[mode]:
        if name in action and name not in ("sm", "mar"):
            facts[name] = action[name]
    for name, letters in (("sm", ("N", "E", "-")), ("mar", ("-", *SEATS))):
        if name not in KEYS[mode]:
            continue
        chars = list(facts[name])
        for suit in Suit:
            key = f"{name}-{suit.letter}"
            if key in action:
                chars[suit] = field_choice(action[key], letters, "bad-action")
        facts[name] = "".join(chars)
    return check_facts(mode, facts, rules_of(state), "bad-action")


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
        filled["seat"] = seat_name(Seat[filled["seat"]], lang) if filled["seat"] in SEATS else ""
    return wt(key, lang, **filled)


def _problems_text(state: Mapping[str, Any], facts: Mapping[str, Any], lang: str) -> list[str]:
    out = []
    for key, params in problems(state, facts):
        out.append(_problem_text(key, params, lang))
    return out


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
        wrong = _problems_text(new, new["draft"], lang)
        if wrong:
            return new, " ".join(wrong)
        if commit == "save" and state["edit"] >= 0:
            deals = list(state["deals"])
            deals[state["edit"]] = new["draft"]
            new["deals"] = deals
            said = wt("sk-saved", lang, n=state["edit"] + 1)
            new["edit"] = -1
        else:
            if _game_over(state):
                return new, wt("sk-game-over", lang)
            if len(state["deals"]) >= MAX_DEALS:
                return new, wt("sk-full", lang)
            new["deals"] = [*state["deals"], new["draft"]]
            said = wt("sk-added", lang, n=len(new["deals"]))
        new["draft"] = normalise(mode, BLANK)
        return new, f"{said} {_totals_line(new, lang)}"
    if kind == "edit":
        i = _index(state, action)
        new["edit"], new["draft"] = i, dict(state["deals"][i])
        return new, wt("sk-editing", lang, n=i + 1)
    if kind == "cancel":
        new["edit"], new["draft"] = -1, normalise(mode, BLANK)
        return new, wt("sk-cancelled", lang)
    if kind in ("remove", "undo"):
        i = len(state["deals"]) - 1 if kind == "undo" else _index(state, action)
        if i < 0:
            return new, wt("sk-nothing", lang)
        new["deals"] = [d for j, d in enumerate(state["deals"]) if j != i]
        if state["edit"] == i:
            new["edit"], new["draft"] = -1, normalise(mode, BLANK)
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
        target = dict(state)
        if "mode" in action:
            target["mode"] = field_choice(action["mode"], MODES, "bad-action")
        for name in OPTIONS:
            if name in action:
                target[name] = _option(action, name, "bad-action")
        if target["mode"] != mode:
            if state["deals"]:
                return new, wt("sk-mode-locked", lang)
            target["draft"], target["edit"] = normalise(target["mode"], BLANK), -1
        try:
            checked = check(target)
        except BadInput:
            return new, wt("sk-options-refused", lang)
        return checked, wt("sk-settings-saved", lang, mode=wt("mode:" + checked["mode"], lang))
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


def _from_record(state: dict[str, Any], text: Any, lang: str) -> tuple[dict[str, Any], str]:
    """Replay a pasted record with the engine and add each finished deal's facts."""
    from ..record import parse_record, replay
    from .dispute import error_text

    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        return dict(state), wt("sk-record-empty", lang)
    try:
        rep = replay(parse_record(text))
    except MarjapussiError as err:
        where = ""
        line, column = getattr(err, "line", None), getattr(err, "column", None)
        if line:
            where = wt("dp-at", lang, line=line, column=column or 1) + ": "
        return dict(state), wt("sk-record-bad", lang, why=where + error_text(err, lang))
    rules = rep.record.rules
    mode = {"guild": "guild", "pagat": "pagat", "huutopussi": "huutopussi"}.get(rules.scoring, "")
    if rules.players != 4 or mode == "" or (mode == "guild" and rules != GUILD):
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
    elif mode == "huutopussi":
        target.update(dbl=int(rules.double_penalty), molo=rules.molotov_bonus, to=rules.game_to)
    if rules_of(target) != rules:
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
        target["draft"], target["edit"] = normalise(mode, BLANK), -1
    checked = check(target)
    return checked, f"{wt('sk-record-added', lang, n=len(added))} {_totals_line(checked, lang)}"


def facts_of_deal(deal: Deal, misplay: Pair | None = None) -> dict[str, Any]:
    """Read a finished deal's facts, as a table would enter them, from what was played."""
    from ..huutopussi import HuutopussiDeal
    from ..scoring import count_cards

    facts = dict(BLANK)
    facts["t"] = deal.tricks_won[0]
    last = deal.last_trick
    facts["l"] = last.winner.name if last is not None else "N"
    values = CARD_POINTS[deal.rules.card_values] if deal.rules.scoring == "pagat" else CARD_POINTS["original"]
    matit, pips, aces, points = count_cards(deal.taken[0], values)
    facts.update(m=matit, p=pips, a=aces, c=points, x="" if misplay is None else misplay.name)
    if isinstance(deal, HuutopussiDeal):
        mar = ["-"] * 4
        for seat, suit in deal.marriages:
            mar[suit] = seat.name
        facts.update(
            tr="" if deal.trump_suit is None else deal.trump_suit.letter,
            bid=max(deal.high_bid, HUUTOPUSSI.min_bid),
            by=(deal.bidder or Seat.N).name,
            mar="".join(mar),
            k=next((k for k, why in REDEALS.items() if why == deal.redeal), "open" if deal.no_trump else ""),
        )
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


# ---------------------------------------------------------------------- words


def _outcome(row: Row, lang: str) -> str:
    era = row.era
    if era is None or era.outcome is None or (era.winner is None and era.outcome != "tie"):
        return ""
    if era.outcome == "won" and era.winner is not None:
        return wt("outcome-won", lang, pair=pair_name(era.winner, lang))
    if era.outcome == "tie":
        return wt("outcome-tie", lang)
    if era.outcome == "game-lost" and era.winner is not None:
        return wt("outcome-game-lost", lang, pair=pair_name(era.winner, lang))
    return ""


def _result_line(sheet: ScoreSheet | HuutopussiSheet, lang: str) -> str:
    ns, ew = pair_name(Pair.NS, lang), pair_name(Pair.EW, lang)
    if isinstance(sheet, HuutopussiSheet):
        text = wt("sk-game-totals", lang, ns=ns, a=sheet.totals[0], ew=ew, b=sheet.totals[1])
        if sheet.winner is not None:
            text += " " + wt("game-winner", lang, pair=pair_name(Pair(sheet.winner), lang))
        return text
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
    return _result_line(sheet_rows(state)[1], lang)


def _preview(state: Mapping[str, Any]) -> Row | None:
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
    row = _preview(state)
    assert row is not None
    a, b = row.score.points[0], row.score.points[1]
    text = wt("sk-draft-points", lang, ns=pair_name(Pair.NS, lang), a=a, ew=pair_name(Pair.EW, lang), b=b)
    if row.counted and row.era is not None:
        text += " " + wt("new-totals", lang) + f": {row.after[0]}–{row.after[1]}."
    return text


# ---------------------------------------------------------------------- view


def _options(pairs: bool, lang: str) -> list[tuple[str, str]]:
    if pairs:
        return [("NS", pair_name(Pair.NS, lang)), ("EW", pair_name(Pair.EW, lang))]
    return [(s.name, seat_name(s, lang)) for s in Seat]


def _entry(state: Mapping[str, Any], lang: str) -> str:
    """The form for the deal being entered, with its working shown as it is entered."""
    mode = state["mode"]
    facts = state["draft"]
    rules = rules_of(state)
    n = rules.tricks_per_deal
    fields = [
        select(
            "t",
            wt("sk-tricks", lang, pair=pair_name(Pair.NS, lang)),
            [(str(i), f"{i}–{n - i}") for i in range(n + 1)],
            str(facts["t"]),
            "f-t",
        ),
        select("l", wt("last-trick-by", lang), _options(False, lang), facts["l"], "f-l"),
    ]
    if mode == "guild":
        fields.append(
            select(
                "m",
                wt("sk-matit", lang, pair=pair_name(Pair.NS, lang)),
                [(str(i), f"{i}–{8 - i}") for i in range(9)],
                str(facts["m"]),
                "f-m",
            )
        )
        if facts["m"] == 4:
            pips = sorted(_pip_ways())
            fields.append(
                select(
                    "p",
                    wt("sk-pips", lang, pair=pair_name(Pair.NS, lang)),
                    [(str(i), f"{i}–{36 - i}") for i in pips],
                    str(facts["p"]),
                    "f-p",
                )
            )
            if facts["p"] == 18:
                fields.append(
                    select(
                        "a",
                        wt("sk-aces", lang, pair=pair_name(Pair.NS, lang)),
                        [(str(i), f"{i}–{4 - i}") for i in range(5)],
                        str(facts["a"]),
                        "f-a",
                    )
                )
    else:
        values = state["values"] if mode == "pagat" else "original"
        total = total_points(values)
        label = wt("sk-points", lang, pair=pair_name(Pair.NS, lang), total=total)
        fields.append(
            f'<label class="mp-field">{escape(label)} <input type="number" inputmode="numeric" min="0" '
            f'max="{total}" step="{5 if values == "simplified" else 1}" value="{facts["c"]}" '
            f'data-action-field="c" data-focus-key="f-c"></label>'
        )
    suits = trump_options(lang)
    redeals = ""
    if mode == "huutopussi":
        redeals, kind_field = _kind_entry(state, lang)
        fields[:0] = kind_field
    if mode == "huutopussi" and facts["k"] != "open":
        fields += [
            f'<label class="mp-field">{escape(wt("bid", lang))} <input type="number" inputmode="numeric" '
            f'min="{HUUTOPUSSI.min_bid}" max="{MAX_BID}" step="1" value="{facts["bid"]}" '
            f'data-action-field="bid" data-focus-key="f-bid"></label>',
            select("by", wt("sk-bidder", lang), _options(False, lang), facts["by"], "f-by"),
            select("tr", wt("trump-suit", lang), suits, facts["tr"] or "-", "f-tr"),
        ]
    if mode == "huutopussi":
        someone = [("-", wt("nobody", lang)), *_options(False, lang)]
        fields += suit_selects("mar-", "marriage-on-lead-by", someone, facts["mar"], lang, "f-mar-")
    else:
        fields += [
            select("tr", wt("trump-suit", lang), suits, facts["tr"] or "-", "f-tr"),
            select("tb", wt("trump-by", lang), _options(True, lang), facts["tb"], "f-tb"),
        ]
        later = "small-by" if mode == "guild" else "marriage-by"
        who = pair_or_nobody(lang)
        fields += suit_selects("sm-", later, who, facts["sm"], lang, "f-sm-", skip=facts["tr"])
        if mode == "guild":
            fields.append(
                select(
                    "x",
                    wt("sk-misplay", lang),
                    [("-", wt("nobody", lang)), *_options(True, lang)],
                    facts["x"] or "-",
                    "f-x",
                )
            )
    editing = state["edit"] >= 0
    number = state["edit"] + 1 if editing else len(state["deals"]) + 1
    legend = wt("sk-editing-deal" if editing else "sk-new-deal", lang, n=number)
    commit = "save" if editing else "add"
    buttons = (
        f'<button type="submit" class="mp-button mp-primary" data-submit-field="commit" value="{commit}" '
        f'data-focus-key="commit">{escape(wt("sk-save" if editing else "sk-add", lang))}</button>'
        f'<button type="submit" class="mp-button" data-focus-key="show">'
        f"{escape(wt('sk-show', lang))}</button>"
    )
    if editing:
        buttons += button(wt("sk-cancel", lang), {"type": "cancel"}, "cancel")
    form = (
        f'<form class="mp-form mp-keeper-entry" data-action=\'{{"type":"draft"}}\' data-live>'
        f"<fieldset><legend>{escape(legend)}</legend>{''.join(fields)}"
        f'<div class="mp-controls">{buttons}</div></fieldset></form>'
    )
    notes = "".join(
        f'<p class="mp-note" role="alert">{escape(text)}</p>' for text in _problems_text(state, facts, lang)
    )
    working = ""
    if not notes:
        row = _preview(state)
        if row is not None:
            working = _working(row, lang)
    return f'<section class="mp-keeper-draft">{redeals}{form}{notes}{working}</section>'


def _working(row: Row, lang: str) -> str:
    score = row.score
    caption = wt("score-caption", lang)
    if isinstance(score, ContractScore) and (score.redeal is not None or score.bidder is None):
        kind = row.facts.get("k", "")
        steps = steps_html(score.steps, lang, ROOT, totals=score.points, caption=caption)
        note = escape(_kind_note(kind, lang))
        return f'<div class="mp-score">{steps}<p class="mp-outcome">{note}</p></div>'
    if isinstance(score, ContractScore):
        collecting = [s for s in score.steps if s.rule != "contract"]
        contract = [s for s in score.steps if s.rule == "contract"]
        made = wt("sk-made" if score.made else "sk-failed", lang, bid=score.bid)
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


def _kind_note(kind: str, lang: str) -> str:
    """What a Huutopussi deal without a contract was: a redeal (and why), or all passed."""
    return wt(f"sk-kind-note:{kind}", lang)


def _kind_entry(state: Mapping[str, Any], lang: str) -> tuple[str, list[str]]:
    """Huutopussi: the one-tap redeals, and the field saying whether a contract was played."""
    facts = state["draft"]
    commit = "save" if state["edit"] >= 0 else "add"
    quick = "".join(
        button(wt(f"sk-kind-add:{kind}", lang), {"type": "draft", "k": kind, "commit": commit}, f"k-{kind}")
        for kind in REDEALS
    )
    group = (
        f'<div class="mp-controls mp-keeper-redeals" role="group" '
        f'aria-label="{escape(wt("sk-redeals", lang))}">{quick}</div>'
    )
    shown = facts["k"] if facts["k"] in ("", "open") else ""
    options = [(k or "-", wt(f"sk-kind:{k or 'bid'}", lang)) for k in ("", "open")]
    field = select("k", wt("sk-kind", lang), options, shown or "-", "f-k")
    return group, [field]


def _sheet_table(state: Mapping[str, Any], rows: list[Row], lang: str) -> str:
    ns = escape(pair_short(Pair.NS, lang))
    ew = escape(pair_short(Pair.EW, lang))
    deal_word = escape(wt("col-deal", lang))
    total_word = escape(wt("col-total", lang))
    # Two header rows: "this deal" and "total" over the pairs, so the columns stay narrow.
    head = (
        f'<thead><tr><th scope="col" rowspan="2">{escape(wt("col-row", lang))}</th>'
        f'<th scope="colgroup" colspan="2" class="mp-keeper-group">{deal_word}</th>'
        f'<th scope="colgroup" colspan="2" class="mp-keeper-group">{total_word}</th>'
        f'<th scope="col" rowspan="2" class="mp-keeper-tools">{escape(wt("sk-change", lang))}</th></tr>'
        f'<tr><th scope="col" class="mp-num">{ns}</th><th scope="col" class="mp-num">{ew}</th>'
        f'<th scope="col" class="mp-num">{ns}</th><th scope="col" class="mp-num">{ew}</th></tr></thead>'
    )
    body = []
    for i, row in enumerate(rows):
        a, b = row.score.points[0], row.score.points[1]
        after = row.after if row.counted else ("–", "–")
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
        body.append(
            f'<tr{cls}><th scope="row">{i + 1}</th><td class="mp-num">{a}</td><td class="mp-num">{b}</td>'
            f'<td class="mp-num"><strong>{after[0]}</strong></td>'
            f'<td class="mp-num"><strong>{after[1]}</strong></td>'
            f'<td class="mp-keeper-tools">{tools}</td></tr>'
        )
        note = _outcome(row, lang) if row.counted else wt("sk-not-counted", lang)
        if row.facts.get("x"):
            note = (
                wt("sk-misplay-by", lang, pair=pair_name(Pair[row.facts["x"]], lang)) + " " + note
            ).strip()
        if isinstance(row.score, ContractScore) and row.facts.get("k"):
            note = _kind_note(row.facts["k"], lang) + (" " + note if note else "")
        elif isinstance(row.score, ContractScore):
            note = wt("sk-made" if row.score.made else "sk-failed", lang, bid=row.score.bid) + (
                " " + note if note else ""
            )
        if note:
            body.append(f'<tr class="mp-keeper-note"><td colspan="6">{escape(note)}</td></tr>')
    if not rows:
        body.append(f'<tr><td colspan="6">{escape(wt("sk-empty", lang))}</td></tr>')
    return (
        f'<div class="mp-keeper-sheet"><table class="mp-sheet mp-keeper-table">'
        f"<caption>{escape(wt('sheet-caption', lang))} · "
        f"{escape(wt('mode:' + state['mode'], lang))}</caption>"
        f"{head}<tbody>{''.join(body)}</tbody></table></div>"
    )


def _settings(state: Mapping[str, Any], lang: str) -> str:
    yes_no = [("0", wt("no", lang)), ("1", wt("yes", lang))]
    fields = [
        select(
            "mode",
            wt("ruleset", lang),
            [(m, wt("sk-mode:" + m, lang)) for m in MODES],
            state["mode"],
            "s-mode",
        )
    ]
    if state["mode"] == "pagat":
        fields += [
            select(
                "values",
                wt("card-values", lang),
                [(str(v), wt(f"values:{v}", lang)) for v in OPTIONS["values"]],
                state["values"],
                "s-values",
            ),
            select(
                "deck",
                wt("sk-deck", lang),
                [(str(d), str(d)) for d in OPTIONS["deck"]],
                str(state["deck"]),
                "s-deck",
            ),
            select("tie", wt("carry-tie", lang), yes_no, str(state["tie"]), "s-tie"),
            select("more", wt("or-more", lang), yes_no, str(state["more"]), "s-more"),
        ]
    elif state["mode"] == "huutopussi":
        fields += [
            select("dbl", wt("double-penalty", lang), yes_no, str(state["dbl"]), "s-dbl"),
            select(
                "molo",
                wt("sk-molotov", lang),
                [(str(v), str(v)) for v in OPTIONS["molo"]],
                str(state["molo"]),
                "s-molo",
            ),
            select(
                "to",
                wt("sk-game-to", lang),
                [(str(v), str(v)) for v in OPTIONS["to"]],
                str(state["to"]),
                "s-to",
            ),
        ]
    inner = "".join(fields)
    return (
        '<details class="mp-keeper-more"><summary data-focus-key="sum-settings">'
        f"{escape(wt('sk-settings', lang))}"
        f'</summary><form class="mp-form" data-action=\'{{"type":"settings"}}\'><fieldset>{inner}'
        '<button type="submit" class="mp-button" data-focus-key="s-save">'
        f"{escape(wt('sk-apply', lang))}</button>"
        "</fieldset></form></details>"
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
    """The widget's body for a state."""
    rows, sheet = sheet_rows(state)
    parts = [
        f'<p class="mp-widget-title">{escape(wt("sk-label", lang))}</p>',
        _problem_banner(state, lang),
        _sheet_table(state, rows, lang),
        f'<p class="mp-keeper-result" role="status">{escape(_result_line(sheet, lang))}</p>',
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
