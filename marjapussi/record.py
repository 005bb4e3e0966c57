"""The game record format: plain text a teacher can write by hand, like PGN for chess.

A record holds the ruleset, then one or more deals; each deal has its dealer, the four
hands and every action, with optional ``{comments}`` attached to actions::

    [Rules "guild"]
    [Event "Kerhoilta"]

    [Deal "1"]
    [Dealer "W"]
    [Opening "yes"]
    [N "HA H10 ..."]
    [E "..."]
    [S "..."]
    [W "..."]

    1. CA C7 CJ C9 {East opens the erä with the ace of clubs.}
    2. S6 S9 SK SJ
       ask whole, answer no
    3. HA H8 HQ HK (H9 {A variation: what if East had ducked?} HQ HK)

A variation in parentheses is another line in place of the action just before it; it may
hold comments and variations of its own (like PGN's). The full grammar is in
``docs/record-format.en.md``. ``parse_record`` reads text into a
``GameRecord`` (raising ``RecordError`` with line and column), ``format_record`` prints
the canonical text, ``replay`` plays a record through the rules (raising
``IllegalAction`` with the deal and trick number), and ``to_json`` / ``from_json`` give
the same content as JSON.

>>> rec = parse_record('[Rules "guild"]\\n\\n[Deal "1"]\\n[Dealer "N"]\\n[Opening "yes"]\\n'
...                    '[N "HA HK"]\\n[E "DA DK"]\\n[S "SA SK"]\\n[W "CA CK"]\\n')
Traceback (most recent call last):
...
marjapussi.errors.RecordError: Game record, line 6, column 1: expected a valid deal, found 'seat N holds 2 ...
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .actions import (
    Action,
    Discard,
    Give,
    Play,
    ReturnCards,
    SetContract,
    parse_action,
)
from .cards import Card, Pair, Seat, cards_of, parse_card, parse_cards
from .deal import PLAYING_SEATS, Deal, InvalidDeal
from .errors import CardParseError, IllegalAction, MarjapussiError, RecordError, RulesError
from .huutopussi import HuutopussiSheet
from .jsontext import MAX_DIGITS, JsonProblem, load_json
from .outside_text import well_formed
from .rules import GUILD, Rules, parse_rules_spec
from .scoring import DealScore, EraStep, ScoreSheet, next_deal_start

__all__ = [
    "DealRecord",
    "GameRecord",
    "RecordedAction",
    "Replay",
    "format_record",
    "from_json",
    "parse_record",
    "record_from_deal",
    "replay",
    "to_json",
]

FORMAT_ID = "marjapussi-record/1"
GAME_KEYS_FIRST = ("Rules",)
DEAL_KEYS = ("Deal", "Dealer", "Opening", "Leader", "Misplay", "N", "E", "S", "W", "Talon", "Totals")
KEYWORDS = (
    "declare",
    "ask",
    "answer",
    "bid",
    "pass",
    "trump",
    "discard",
    "redeal",
    "give",
    "return",
    "contract",
)


MAX_VARIATION_DEPTH = 8
"""How deep variations may nest inside one another (a variation of a variation …)."""


@dataclass
class RecordedAction:
    """One action of a record, where it stood in the text, its comment and its variations.

    Each variation is another line played *instead of* this action, from the position
    just before it; its actions may carry variations of their own.
    """

    action: Action
    comment: str | None = None
    line: int = 0
    column: int = 0
    variations: list[list[RecordedAction]] = field(default_factory=list)


@dataclass
class DealRecord:
    """One deal of a record: its set-up, its actions and its extra tags."""

    number: int
    dealer: Seat
    hands: dict[Seat, list[Card]]
    opening: bool | None = None
    leader: Seat | None = None
    misplay: Pair | None = None
    actions: list[RecordedAction] = field(default_factory=list)
    comment: str | None = None
    tags: list[tuple[str, str]] = field(default_factory=list)
    line: int = 0
    talon: list[Card] | None = None
    # Huutopussi with marriage trumps: each side's game total before the deal, when the
    # record starts mid-game (the bid ban reads it); ``None``: carried from earlier deals.
    totals: tuple[int, ...] | None = None


def new_deal(
    rules: Rules,
    hands: dict[Seat, list[Card]],
    dealer: Seat,
    opening: bool = True,
    leader: Seat | None = None,
    talon: list[Card] | None = None,
    totals: tuple[int, ...] | None = None,
) -> Deal:
    """Make the right kind of deal for the rules (Marjapussi or one of the Huutopussi)."""
    if rules.family == "huutopussi":
        from .huutopussi import HuutopussiDeal

        return HuutopussiDeal(hands, rules, dealer, talon)
    if rules.family == "huutopussi-marriage":
        from .marriage_trumps import MarriageTrumpDeal

        return MarriageTrumpDeal(hands, rules, dealer, talon, totals)
    return Deal(hands, rules, dealer, opening, leader)


def _sides(rules: Rules) -> int:
    return 3 if rules.players == 3 else 2


def parse_totals(text: str, rules: Rules) -> tuple[int, ...] | None:
    """Read a ``Totals`` value: one whole number (maybe negative) per side; ``None`` if
    it is not that.

    >>> from marjapussi import find_rules
    >>> rules = find_rules("huutopussi-marriage")
    >>> parse_totals("-520 310", rules), parse_totals("5", rules)
    ((-520, 310), None)
    """
    words = text.replace(",", " ").split()
    out = []
    for word in words:
        digits = word[1:] if word[:1] in "-−" else word
        if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
            return None
        out.append(-int(digits) if digits != word else int(digits))
    return tuple(out) if len(out) == _sides(rules) else None


def _seats(rules: Rules) -> tuple[Seat, ...]:
    return PLAYING_SEATS[rules.players]


@dataclass
class GameRecord:
    """A whole record: the rules, the game tags and the deals."""

    rules: Rules = GUILD
    tags: list[tuple[str, str]] = field(default_factory=list)
    deals: list[DealRecord] = field(default_factory=list)


# ---------------------------------------------------------------------- tokenizer


@dataclass
class _Token:
    kind: str  # "tag", "word", "comment", "number", "sep", "open", "close"
    text: str
    line: int
    column: int
    value: str = ""
    # For a tag: the column where its value starts and the value as written (escapes kept).
    value_column: int = 0
    raw: str = ""


def _tokens(text: str) -> Iterator[_Token]:
    i = 0
    line = 1
    line_start = 0
    n = len(text)
    while i < n:
        ch = text[i]
        col = i - line_start + 1
        if ch == "\n":
            line += 1
            line_start = i + 1
            i += 1
            continue
        if ch in " \t\r\ufeff":
            i += 1
            continue
        if ch in ",;":
            yield _Token("sep", ch, line, col)
            i += 1
            continue
        if ch in "()":
            yield _Token("open" if ch == "(" else "close", ch, line, col)
            i += 1
            continue
        if ch == "[":
            j = i + 1
            while j < n and text[j] in " \t":
                j += 1
            k = j
            while k < n and (text[k].isalnum() or text[k] in "_-"):
                k += 1
            key = text[j:k]
            if not key:
                raise RecordError(line, j - line_start + 1, "header", text[j : j + 1])
            while k < n and text[k] in " \t":
                k += 1
            if k >= n or text[k] != '"':
                raise RecordError(line, k - line_start + 1, "quoted value", text[k : k + 1])
            k += 1
            value_start = k
            value_chars: list[str] = []
            while True:
                if k >= n or text[k] == "\n":
                    raise RecordError(line, k - line_start + 1, "quoted value")
                c = text[k]
                if c == "\\" and k + 1 < n and text[k + 1] in '"\\':
                    value_chars.append(text[k + 1])
                    k += 2
                    continue
                if c == '"':
                    k += 1
                    break
                value_chars.append(c)
                k += 1
            while k < n and text[k] in " \t":
                k += 1
            if k >= n or text[k] != "]":
                raise RecordError(line, k - line_start + 1, "end of header", text[k : k + 1])
            token = _Token("tag", key, line, col, "".join(value_chars))
            token.value_column = value_start - line_start + 1
            token.raw = text[value_start:k]
            yield token
            i = k + 1
            continue
        if ch == "{":
            j = text.find("}", i + 1)
            if j < 0:
                raise RecordError(line, col, "comment end")
            body = text[i + 1 : j]
            if "{" in body:
                # A second "{" before the "}": this comment was never closed.
                raise RecordError(line, col, "comment end", "{")
            yield _Token("comment", body, line, col, " ".join(body.split()))
            line += body.count("\n")
            if "\n" in body:
                line_start = i + 1 + body.rindex("\n") + 1
            i = j + 1
            continue
        j = i
        while j < n and "0" <= text[j] <= "9":
            j += 1
        if j > i and j < n and text[j] == ".":
            # A trick number such as "3." (also glued to the first card: "3.CA").
            yield _Token("number", text[i : j + 1], line, col, text[i:j])
            i = j + 1
            continue
        j = i
        while j < n and text[j] not in " \t\r\n,;[{()":
            j += 1
        yield _Token("word", text[i:j], line, col)
        i = j


# ---------------------------------------------------------------------- parser


def _seat(value: str, tok: _Token) -> Seat:
    try:
        return Seat.parse(value)
    except CardParseError:
        raise RecordError(tok.line, tok.column, "seat", value) from None


def _bool(value: str, tok: _Token) -> bool:
    low = value.strip().lower()
    if low in ("yes", "no"):
        return low == "yes"
    raise RecordError(tok.line, tok.column, "yes or no", value)


def parse_record(text: str) -> GameRecord:
    """Read a record; raise ``RecordError`` with the line and column of the first fault.

    A lone surrogate in the text is read as U+FFFD (``well_formed``).
    """
    text = well_formed(text)
    record = GameRecord()
    current: DealRecord | None = None
    hand_tokens: dict[Seat, _Token] = {}
    deal_token: _Token | None = None
    last_action: RecordedAction | None = None
    talon_token: _Token | None = None
    dealer_given = False
    tokens = list(_tokens(text))
    comment_parts: dict[int, list[str]] = {}
    comment_owners: dict[int, RecordedAction | DealRecord] = {}
    # The open variations: the line outside, its last action and the "(" token.
    stack: list[tuple[list[RecordedAction], RecordedAction | None, _Token]] = []
    target: list[RecordedAction] = []  # the line the next action joins
    i = 0

    def finish_deal() -> None:
        if current is None:
            return
        if stack:
            opened = stack[-1][2]
            raise RecordError(opened.line, opened.column, "variation end", "(")
        missing = [s for s in _seats(record.rules) if s not in current.hands]
        assert deal_token is not None
        if missing:
            raise RecordError(deal_token.line, deal_token.column, "hand", f"[{missing[0].name} ...]")
        if not dealer_given:
            raise RecordError(deal_token.line, deal_token.column, "dealer tag")
        try:
            new_deal(record.rules, current.hands, current.dealer, talon=current.talon)
        except InvalidDeal as err:
            seat_text = str(err.facts.get("seat", ""))
            tok = hand_tokens.get(Seat.parse(seat_text), deal_token) if seat_text else deal_token
            if err.problem == "talon" and talon_token is not None:
                tok = talon_token
            raise RecordError(tok.line, tok.column, "valid deal", err.problem, cause=err) from None

    while i < len(tokens):
        tok = tokens[i]
        if tok.kind == "tag":
            key, value = tok.text, tok.value
            if key == "Deal":
                finish_deal()
                if not (value.isascii() and value.isdigit()) or len(value) > MAX_DIGITS:
                    raise RecordError(tok.line, tok.column, "deal number", value)
                number = int(value)
                current = DealRecord(number, Seat.W, {}, line=tok.line)
                target = current.actions
                record.deals.append(current)
                hand_tokens = {}
                deal_token = tok
                talon_token = None
                dealer_given = False
                last_action = None
            elif key == "Rules" and current is not None:
                raise RecordError(tok.line, tok.column, "rules before the first deal", "[Rules]")
            elif current is None:
                if key == "Rules":
                    try:
                        record.rules = parse_rules_spec(value)
                    except RulesError as err:
                        raise RecordError(tok.line, tok.column, "rules", value, cause=err) from None
                else:
                    record.tags.append((key, value))
            elif key in ("Opening", "Leader", "Misplay") and record.rules.family != "marjapussi":
                raise RecordError(tok.line, tok.column, "a Huutopussi deal tag", f"[{key}]")
            elif current.actions or id(current) in comment_owners:
                raise RecordError(tok.line, tok.column, "deal header", f"[{key}]")
            elif key == "Dealer":
                current.dealer = _seat(value, tok)
                if current.dealer not in _seats(record.rules):
                    raise RecordError(tok.line, tok.column, "seat in play", value)
                dealer_given = True
            elif key == "Opening":
                current.opening = _bool(value, tok)
            elif key == "Leader":
                current.leader = _seat(value, tok)
            elif key == "Misplay":
                try:
                    current.misplay = Pair[value.strip().upper()]
                except KeyError:
                    raise RecordError(tok.line, tok.column, "NS or EW", value) from None
            elif key == "Totals":
                if record.rules.family != "huutopussi-marriage":
                    raise RecordError(tok.line, tok.column, "a marriage-trumps tag", "[Totals]")
                current.totals = parse_totals(value, record.rules)
                if current.totals is None:
                    raise RecordError(tok.line, tok.value_column, "totals", value)
            elif key == "Talon":
                if record.rules.players != 3:
                    raise RecordError(tok.line, tok.column, "a three-player talon", "[Talon]")
                talon_token = tok
                try:
                    current.talon = parse_cards(value)
                except CardParseError as err:
                    raise RecordError(tok.line, _word_column(tok, err.text), "card", err.text) from None
            elif key in ("N", "E", "S", "W"):
                if Seat[key] not in _seats(record.rules):
                    raise RecordError(tok.line, tok.column, "seat in play", f"[{key}]")
                try:
                    current.hands[Seat[key]] = parse_cards(value)
                except CardParseError as err:
                    raise RecordError(tok.line, _word_column(tok, err.text), "card", err.text) from None
                hand_tokens[Seat[key]] = tok
            else:
                current.tags.append((key, value))
            i += 1
            continue
        if current is None:
            raise RecordError(tok.line, tok.column, "deal header", tok.text)
        if tok.kind == "open":
            if last_action is None:
                raise RecordError(tok.line, tok.column, "action before the variation", "(")
            if len(stack) >= MAX_VARIATION_DEPTH:
                raise RecordError(tok.line, tok.column, "shallower variations", "(")
            stack.append((target, last_action, tok))
            target = []
            last_action.variations.append(target)
            last_action = None
            i += 1
            continue
        if tok.kind == "close":
            if not stack:
                raise RecordError(tok.line, tok.column, "action", ")")
            if not target:
                raise RecordError(tok.line, tok.column, "action in the variation", ")")
            target, last_action, _ = stack.pop()
            i += 1
            continue
        if tok.kind == "comment":
            if stack and last_action is None:
                raise RecordError(tok.line, tok.column, "action in the variation", "{")
            # Comments in a row are gathered and joined once at the end (linear time).
            owner: RecordedAction | DealRecord = last_action if last_action is not None else current
            comment_owners[id(owner)] = owner
            if tok.value:  # an empty comment "{}" holds nothing and is dropped
                comment_parts.setdefault(id(owner), []).append(tok.value)
            i += 1
            continue
        if tok.kind in ("sep", "number"):
            i += 1
            continue
        # An action: a card, or a keyword and its arguments.
        head = tok.text.lower()
        words = [tok.text]
        j = i + 1
        if head in KEYWORDS:
            want = {
                "declare": 1,
                "answer": 1,
                "bid": 1,
                "trump": 1,
                "pass": 0,
                "redeal": 0,
                "discard": 3,
            }.get(head)
            if head == "ask":
                want = 2 if j < len(tokens) and tokens[j].text.lower() == "half" else 1
            if head in ("give", "return"):
                want = record.rules.exchange_count
            if head == "contract":
                want = 1
            if (
                head == "bid"
                and j + 1 < len(tokens)
                and tokens[j + 1].kind == "word"
                and tokens[j + 1].text.upper() in ("H", "D", "S", "C", "♥", "♦", "♠", "♣", "♡", "♢", "♤", "♧")
            ):
                want = 2  # a bid that names trumps too: "bid 60 H"
            while want and j < len(tokens) and tokens[j].kind == "word":
                words.append(tokens[j].text)
                j += 1
                want -= 1
        try:
            action = parse_action(" ".join(words))
        except CardParseError:
            raise RecordError(tok.line, tok.column, "action", " ".join(words)) from None
        last_action = RecordedAction(action, None, tok.line, tok.column)
        target.append(last_action)
        i = j
    finish_deal()
    for owner_id, parts in comment_parts.items():
        comment_owners[owner_id].comment = " ".join(parts)
    return record


def _word_column(tok: _Token, word: str) -> int:
    """The column of ``word`` (a bad card) inside a tag's value, however it was spaced."""
    raw = tok.raw
    i = 0
    while i < len(raw):
        while i < len(raw) and (raw[i].isspace() or raw[i] == ","):
            i += 1
        j = i
        while j < len(raw) and not (raw[j].isspace() or raw[j] == ","):
            j += 1
        if raw[i:j] == word:
            return tok.value_column + i
        i = j
    found = raw.find(word)
    return tok.value_column + max(0, found)


# ---------------------------------------------------------------------- printer


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _hand_text(cards: list[Card]) -> str:
    ordered = sorted(cards, key=lambda c: (c.suit, -c.rank))
    return " ".join(c.code for c in ordered)


def _comment_text(comment: str) -> str:
    # A comment cannot hold braces; one that came from JSON or code gets parentheses.
    return "{" + " ".join(comment.replace("{", "(").replace("}", ")").split()) + "}"


def _action_text(item: RecordedAction, plays: int = 0, players: int = 4) -> str:
    """An action, its comment and its variations; ``plays`` cards were played before it."""
    text = str(item.action)
    text += f" {_comment_text(item.comment)}" if item.comment else ""
    for line in item.variations:
        text += f" ({_variation_text(line, plays, players)})"
    return text


def _variation_text(line: list[RecordedAction], plays: int, players: int) -> str:
    """A variation on one line, numbering a trick where a card starts one (read, not checked)."""
    words = []
    for item in line:
        prefix = ""
        if isinstance(item.action, Play):
            if plays % players == 0:
                prefix = f"{plays // players + 1}. "
            words.append(prefix + _action_text(item, plays, players))
            plays += 1
        else:
            words.append(_action_text(item, plays, players))
    return " ".join(words)


def format_record(record: GameRecord) -> str:
    """Print a record in canonical form (one trick a line; asks on the line after)."""
    lines = [f"[Rules {_quote(record.rules.spec())}]"]
    lines += [f"[{k} {_quote(v)}]" for k, v in record.tags]
    for deal in record.deals:
        lines.append("")
        lines.append(f"[Deal {_quote(str(deal.number))}]")
        lines.append(f"[Dealer {_quote(deal.dealer.name)}]")
        if deal.opening is not None:
            lines.append(f"[Opening {_quote('yes' if deal.opening else 'no')}]")
        if deal.leader is not None:
            lines.append(f"[Leader {_quote(deal.leader.name)}]")
        if deal.misplay is not None:
            lines.append(f"[Misplay {_quote(deal.misplay.name)}]")
        lines += [f"[{k} {_quote(v)}]" for k, v in deal.tags]
        for seat in _seats(record.rules):
            lines.append(f"[{seat.name} {_quote(_hand_text(deal.hands[seat]))}]")
        if deal.talon is not None:
            lines.append(f"[Talon {_quote(_hand_text(deal.talon))}]")
        if deal.totals is not None:
            lines.append(f"[Totals {_quote(' '.join(map(str, deal.totals)))}]")
        lines.append("")
        if deal.comment:
            lines.append(_comment_text(deal.comment))
        lines += _movetext(deal, record.rules.players, record.rules.family == "huutopussi-marriage")
    return "\n".join(lines) + "\n"


def _movetext(deal: DealRecord, players: int = 4, exchange_line: bool = False) -> list[str]:
    """The actions, one trick a line; the calls on a line of their own before the first
    trick, and with ``exchange_line`` the exchange (or discard) and contract on the next."""
    out: list[str] = []
    exchange = (Give, ReturnCards, SetContract, Discard)
    exchange_started = False
    trick_no = 1
    in_trick = 0
    line: list[str] = []
    side: list[str] = []
    plays = 0
    for item in deal.actions:
        if isinstance(item.action, Play):
            if side:
                out.append("   " + ", ".join(side))
                side = []
            if in_trick == 0:
                line = [f"{trick_no}."]
            line.append(_action_text(item, plays, players))
            plays += 1
            in_trick += 1
            if in_trick == players:
                out.append(" ".join(line))
                trick_no += 1
                in_trick = 0
                line = []
        else:
            if exchange_line and not exchange_started and isinstance(item.action, exchange) and side:
                out.append("   " + ", ".join(side))
                side = []
            exchange_started = exchange_started or isinstance(item.action, exchange)
            if line:
                line.append(_action_text(item, plays, players))
            else:
                side.append(_action_text(item, plays, players))
    if line:
        out.append(" ".join(line))
    if side:
        out.append("   " + ", ".join(side))
    return out


# ---------------------------------------------------------------------- JSON form


def to_json(record: GameRecord, indent: int | None = 2) -> str:
    """Give the record as JSON with the same content as the text form."""
    data: dict[str, Any] = {
        "format": FORMAT_ID,
        "rules": record.rules.spec(),
        "tags": [list(t) for t in record.tags],
        "deals": [
            {
                "number": d.number,
                "dealer": d.dealer.name,
                "opening": d.opening,
                "leader": None if d.leader is None else d.leader.name,
                "misplay": None if d.misplay is None else d.misplay.name,
                "tags": [list(t) for t in d.tags],
                "hands": {s.name: [c.code for c in d.hands[s]] for s in _seats(record.rules)},
                "talon": None if d.talon is None else [c.code for c in d.talon],
                "comment": d.comment,
                "actions": [_json_action(a) for a in d.actions],
                # Only when the record gives them: older readers see the same JSON.
                **({} if d.totals is None else {"totals": list(d.totals)}),
            }
            for d in record.deals
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=indent)


def _json_action(item: RecordedAction) -> dict[str, Any]:
    data: dict[str, Any] = {"action": str(item.action), "comment": item.comment}
    if item.variations:  # only when there are some: older readers see the same JSON
        data["variations"] = [[_json_action(a) for a in line] for line in item.variations]
    return data


class JsonRecordError(RecordError):
    """A JSON record that the text form could not hold, or that is no record at all.

    ``problem`` says what is wrong (``syntax``, ``number``, ``nesting``, ``not-text``,
    ``format``, ``type-list`` …, ``tag-key``, ``line-break``, ``comment``, ``talon``,
    ``seat``, ``keys``, ``value``) and ``field`` where, as a path such as
    ``deals[0].actions[3].comment``. ``cause`` is the error behind a bad value.
    """

    def __init__(
        self,
        problem: str,
        field: str = "",
        cause: MarjapussiError | None = None,
        line: int = 1,
        column: int = 1,
    ) -> None:
        super().__init__(line, column, "json record", field, cause)
        self.problem = problem
        self.field = field
        self.message_id = f"bad-json:{problem}"

    def params(self) -> dict[str, Any]:
        return {**super().params(), "field": self.field or "-", "cause": _Described(self.cause)}


class _Described:
    """An error that formats as its message in the language named by the format spec."""

    def __init__(self, error: MarjapussiError | None) -> None:
        self.error = error

    def __format__(self, spec: str) -> str:
        if self.error is None:
            return ""
        from .i18n import describe_error

        return describe_error(self.error, spec or "en")


_TAG_KEY_CHARS = "_-"
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_TOP_KEYS = frozenset({"format", "rules", "tags", "deals"})
_DEAL_JSON_KEYS = frozenset(
    {
        "number",
        "dealer",
        "opening",
        "leader",
        "misplay",
        "tags",
        "hands",
        "talon",
        "comment",
        "actions",
        "totals",
    }
)


_KIND_NAMES: dict[type, str] = {str: "text", int: "int", list: "list", dict: "object", bool: "bool"}


def _want(value: Any, kind: type, field: str) -> Any:
    """Return ``value`` if it has the JSON type ``kind`` (a bool is no number); else refuse."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise JsonRecordError(f"type-{_KIND_NAMES[kind]}", field)
    return value


def _json_tags(value: Any, field: str, reserved: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for i, item in enumerate(_want(value, list, field)):
        where = f"{field}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise JsonRecordError("type-pair", where)
        key = _want(item[0], str, where)
        text = _want(item[1], str, where)
        if not key or not all(c.isalnum() or c in _TAG_KEY_CHARS for c in key) or key in reserved:
            raise JsonRecordError("tag-key", where)
        if any(c in _LINE_BREAKS for c in text):
            raise JsonRecordError("line-break", where)
        out.append((key, text))
    return out


def _json_comment(value: Any, field: str) -> str | None:
    if value is None:
        return None
    text: str = _want(value, str, field)
    # The text form joins a comment's words with single spaces and cannot hold braces.
    if not text or " ".join(text.split()) != text or "{" in text or "}" in text:
        raise JsonRecordError("comment", field)
    return text


def _json_seat(value: Any, field: str, rules: Rules, optional: bool = False) -> Seat | None:
    if value is None and optional:
        return None
    try:
        seat = Seat.parse(_want(value, str, field))
    except CardParseError as err:
        raise JsonRecordError("value", field, err) from None
    if seat not in _seats(rules):
        raise JsonRecordError("seat", field)
    return seat


def _json_cards(value: Any, field: str) -> list[Card]:
    cards = []
    for i, item in enumerate(_want(value, list, field)):
        try:
            cards.append(parse_card(_want(item, str, f"{field}[{i}]")))
        except CardParseError as err:
            raise JsonRecordError("value", f"{field}[{i}]", err) from None
    return cards


def _json_actions(value: Any, field: str, depth: int) -> list[RecordedAction]:
    """A line of actions (the main line at depth 0, a variation deeper)."""
    actions = []
    for i, item in enumerate(_want(value, list, field)):
        where = f"{field}[{i}]"
        _want(item, dict, where)
        if set(item) - {"action", "comment", "variations"}:
            raise JsonRecordError("keys", where)
        try:
            action = parse_action(_want(item.get("action"), str, f"{where}.action"))
        except CardParseError as err:
            raise JsonRecordError("value", f"{where}.action", err) from None
        recorded = RecordedAction(action, _json_comment(item.get("comment"), f"{where}.comment"))
        for k, line in enumerate(_want(item.get("variations", []), list, f"{where}.variations")):
            line_field = f"{where}.variations[{k}]"
            if depth >= MAX_VARIATION_DEPTH:
                raise JsonRecordError("variation-depth", line_field)
            if not _want(line, list, line_field):
                raise JsonRecordError("variation-empty", line_field)
            recorded.variations.append(_json_actions(line, line_field, depth + 1))
        actions.append(recorded)
    return actions


def _json_deal(d: Any, field: str, rules: Rules) -> DealRecord:
    _want(d, dict, field)
    if set(d) - _DEAL_JSON_KEYS:
        raise JsonRecordError("keys", f"{field}.{sorted(set(d) - _DEAL_JSON_KEYS)[0]}")
    huutopussi = rules.family != "marjapussi"
    number = _want(d.get("number"), int, f"{field}.number")
    if not 0 <= number < 10**MAX_DIGITS:
        raise JsonRecordError("type-int", f"{field}.number")
    dealer = _json_seat(d.get("dealer"), f"{field}.dealer", rules)
    assert dealer is not None
    opening = d.get("opening")
    if opening is not None:
        _want(opening, bool, f"{field}.opening")
    leader = _json_seat(d.get("leader"), f"{field}.leader", rules, optional=True)
    misplay_code = d.get("misplay")
    if misplay_code is not None and misplay_code not in ("NS", "EW"):
        raise JsonRecordError("value", f"{field}.misplay")
    for key, value in (("opening", opening), ("leader", leader), ("misplay", misplay_code)):
        if huutopussi and value is not None:
            raise JsonRecordError("huutopussi-tag", f"{field}.{key}")
    hands_data = _want(d.get("hands"), dict, f"{field}.hands")
    if sorted(hands_data) != sorted(s.name for s in _seats(rules)):
        raise JsonRecordError("hands", f"{field}.hands")
    hands = {Seat[k]: _json_cards(v, f"{field}.hands.{k}") for k, v in hands_data.items()}
    talon = None
    if d.get("talon") is not None:
        if rules.players != 3:
            raise JsonRecordError("talon", f"{field}.talon")
        talon = _json_cards(d["talon"], f"{field}.talon")
    actions = _json_actions(d.get("actions", []), f"{field}.actions", 0)
    totals = None
    if d.get("totals") is not None:
        if rules.family != "huutopussi-marriage":
            raise JsonRecordError("totals", f"{field}.totals")
        values = _want(d["totals"], list, f"{field}.totals")
        for k, value in enumerate(values):
            if not -(10**MAX_DIGITS) < _want(value, int, f"{field}.totals[{k}]") < 10**MAX_DIGITS:
                raise JsonRecordError("type-int", f"{field}.totals[{k}]")
        if len(values) != _sides(rules):
            raise JsonRecordError("totals", f"{field}.totals")
        totals = tuple(values)
    deal = DealRecord(
        number,
        dealer,
        hands,
        opening,
        leader,
        None if misplay_code is None else Pair[misplay_code],
        actions,
        _json_comment(d.get("comment"), f"{field}.comment"),
        _json_tags(d.get("tags", []), f"{field}.tags", (*DEAL_KEYS, "Rules")),
        talon=talon,
        totals=totals,
    )
    try:
        new_deal(rules, deal.hands, deal.dealer, talon=deal.talon)
    except InvalidDeal as err:
        raise JsonRecordError("value", f"{field}.hands", err) from None
    return deal


JSON_DEPTH = 5 + 3 * MAX_VARIATION_DEPTH
"""How deep a JSON record nests: record, deals, deal, actions, action, then three levels
(variations, variation, action) for each level of variation."""


def from_json(text: str | bytes) -> GameRecord:
    """Read the JSON form; a malformed one raises ``RecordError`` saying which field is wrong.

    Only what the text form can hold is accepted, so ``format_record`` of the result and
    the JSON agree: no number that is not a whole number, no comment with braces or line
    breaks, no tag named like the record's own tags, no talon outside three-player
    Huutopussi, no unknown field.
    """
    try:
        data = load_json(text, JSON_DEPTH)
    except JsonProblem as err:
        raise JsonRecordError(err.problem, err.detail, line=err.line, column=err.column) from None
    _want(data, dict, "-")
    if data.get("format") != FORMAT_ID:
        raise JsonRecordError("format", "format")
    if set(data) - _TOP_KEYS:
        raise JsonRecordError("keys", sorted(set(data) - _TOP_KEYS)[0])
    try:
        rules = parse_rules_spec(_want(data.get("rules"), str, "rules"))
    except RulesError as err:
        raise JsonRecordError("value", "rules", err) from None
    record = GameRecord(rules, _json_tags(data.get("tags", []), "tags", ("Rules", "Deal")))
    for i, d in enumerate(_want(data.get("deals"), list, "deals")):
        record.deals.append(_json_deal(d, f"deals[{i}]", rules))
    return record


# ---------------------------------------------------------------------- replay


@dataclass
class Replay:
    """A record played through the rules: every deal, its score and the score sheet."""

    record: GameRecord
    deals: list[Deal]
    scores: list[DealScore | None]
    eras: list[EraStep | None]
    sheet: ScoreSheet | HuutopussiSheet

    @property
    def last(self) -> Deal:
        """The last deal (the position a ``legal`` question is about)."""
        return self.deals[-1]


def replay(record: GameRecord | str) -> Replay:
    """Play a record through the rules; raise ``IllegalAction`` at the first refused action.

    The error carries ``deal``, ``trick``, ``line`` and ``column`` as attributes. Only the
    last deal may stop before its end.
    """
    if isinstance(record, str):
        record = parse_record(record)
    rules = record.rules
    sheet: ScoreSheet | HuutopussiSheet
    if rules.family == "huutopussi-marriage":
        from .marriage_trumps import MarriageSheet

        sheet = MarriageSheet(rules, record.deals[0].totals if record.deals else None)
    elif rules.family == "huutopussi":
        sheet = HuutopussiSheet(rules)
    else:
        sheet = ScoreSheet(rules)
    deals: list[Deal] = []
    scores: list[DealScore | None] = []
    eras: list[EraStep | None] = []
    expected: tuple[Seat, bool] | None = None
    for index, rec in enumerate(record.deals):
        opening = rec.opening
        if opening is None:
            opening = True if expected is None else expected[1]
        if expected is not None and rec.dealer != expected[0]:
            rotation = IllegalAction(
                "dealer-rotation", rec.dealer, None, "", {"why": "dealer", "expected": expected[0]}
            )
            rotation.deal, rotation.line, rotation.column = rec.number, rec.line, 1
            raise rotation
        if expected is not None and rules.family == "marjapussi" and opening != expected[1]:
            mismatch = IllegalAction(
                "dealer-rotation", rec.dealer, None, "", {"why": "opening", "expected": expected[1]}
            )
            mismatch.deal, mismatch.line, mismatch.column = rec.number, rec.line, 1
            raise mismatch
        if index and rec.totals is not None and rec.totals != sheet.totals:
            # A Totals tag after the first deal must agree with the game so far.
            shown = " ".join(map(str, sheet.totals))
            wrong = IllegalAction("marriage-game", rec.dealer, None, "", {"why": "totals", "expected": shown})
            wrong.deal, wrong.line, wrong.column = rec.number, rec.line, 1
            raise wrong
        totals = sheet.totals if rules.family == "huutopussi-marriage" else None
        deal = new_deal(rules, rec.hands, rec.dealer, opening, rec.leader, rec.talon, totals)
        for item in rec.actions:
            if item.variations:
                _check_variations(deal, item.variations, rec.number)
            try:
                deal.play(item.action)
            except IllegalAction as err:
                err.deal = rec.number
                err.line, err.column = item.line, item.column
                raise
            if item.comment:
                deal.comments[len(deal.history) - 1] = item.comment
        deals.append(deal)
        if deal.is_over() and isinstance(sheet, HuutopussiSheet):
            score = deal.result()
            scores.append(score)
            eras.append(None)
            if not sheet.over:
                sheet.add_deal(score)
            expected = next_deal_start(rules, deal, False)
        elif deal.is_over():
            assert isinstance(sheet, ScoreSheet)
            score = deal.result(sheet.carry)
            scores.append(score)
            era = sheet.add_deal(score, rec.misplay) if not sheet.over else None
            eras.append(era)
            expected = next_deal_start(rules, deal, era is not None and era.outcome == "won")
        else:
            scores.append(None)
            eras.append(None)
            if index != len(record.deals) - 1:
                unfinished = IllegalAction(
                    "deal-over", deal.to_act, None, deal.position_text(), {"why": "unfinished"}
                )
                unfinished.deal, unfinished.line, unfinished.column = rec.number, rec.line, 1
                raise unfinished
    return Replay(record, deals, scores, eras, sheet)


def _check_variations(deal: Deal, lines: list[list[RecordedAction]], number: int) -> None:
    """Check every action of each variation from the position where it starts (``deal`` is
    left as it was); raise ``IllegalAction`` at the first refused one, with its place."""
    for line in lines:
        played = 0
        try:
            for item in line:
                if item.variations:
                    _check_variations(deal, item.variations, number)
                try:
                    deal.play(item.action)
                except IllegalAction as err:
                    err.deal = number
                    err.line, err.column = item.line, item.column
                    raise
                played += 1
        finally:
            for _ in range(played):
                deal.pop()


def record_from_deal(deal: Deal, number: int = 1, record: GameRecord | None = None) -> GameRecord:
    """Write a played deal (and its comments) into a record."""
    record = record or GameRecord(deal.rules)
    actions = [RecordedAction(a, deal.comments.get(i)) for i, (_, a) in enumerate(deal.history)]
    seats = _seats(deal.rules)
    talon = cards_of(getattr(deal, "talon", 0)) if deal.rules.players == 3 else None
    totals: tuple[int, ...] | None = getattr(deal, "totals", None)
    record.deals.append(
        DealRecord(
            number,
            deal.dealer,
            {s: deal.initial_hand(s) for s in seats},
            None if deal.rules.family != "marjapussi" else deal.opening,
            None,
            None,
            actions,
            talon=talon,
            # The totals are written when they are not the game's start (zeros).
            totals=totals if totals and any(totals) and not record.deals else None,
        )
    )
    return record
