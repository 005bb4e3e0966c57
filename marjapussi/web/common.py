"""Pieces every widget shares: checked state fields, controls, shipped records, share codes.

A widget's state is a small JSON object of scalars. It comes back from the reader's
browser (or a link), so every field is checked here before use: a wrong type, a value
out of range or an unknown word raises ``BadInput`` with a message key, and the bridge
answers with a translated message instead of an exception.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from ..actions import Action, Answer, AskHalf, AskWhole, Declare
from ..cards import Card, Pair, Rank, Seat, Suit, parse_card
from ..deal import Deal
from ..errors import CardParseError
from ..escaping import escape
from ..html import action_attr
from ..i18n import pair_name, suit_name
from ..randomplay import random_action
from ..record import GameRecord, RecordedAction, new_deal, parse_record
from .texts import wt

__all__ = [
    "BadInput",
    "button",
    "decode_fields",
    "encode_fields",
    "field_choice",
    "field_int",
    "field_text",
    "form",
    "load_record",
    "record_names",
    "replay_deal",
    "select",
]

SHARE_TEXT = re.compile(r"[A-Za-z0-9_-]{0,40}")
"""What one field of a share code may hold."""

MAX_SHARE = 240
"""The longest share code accepted (``p=`` in a link)."""


class BadInput(ValueError):
    """A state, action or link that cannot be used; ``key`` names the message in ``texts``."""

    def __init__(self, key: str = "bad-state", detail: str = "") -> None:
        super().__init__(key, detail)
        self.key = key
        self.detail = detail


# ---------------------------------------------------------------------- checked fields


def field_int(value: Any, low: int, high: int, key: str = "bad-state") -> int:
    """Read a whole number in ``low..high`` from an int or a string of digits."""
    if isinstance(value, bool):
        raise BadInput(key, "bool")
    if isinstance(value, str):
        text = value.strip()
        if not re.fullmatch(r"-?[0-9]{1,12}", text):
            raise BadInput(key, "not a number")
        value = int(text)
    if not isinstance(value, int) or not low <= value <= high:
        raise BadInput(key, "out of range")
    return value


def field_choice(value: Any, choices: Iterable[str], key: str = "bad-state") -> str:
    """Read one of a fixed set of words."""
    if not isinstance(value, str) or value not in set(choices):
        raise BadInput(key, "not a choice")
    return value


def field_text(value: Any, pattern: str, key: str = "bad-state", max_len: int = 40) -> str:
    """Read a short string that matches a regular expression in full."""
    if not isinstance(value, str) or len(value) > max_len or not re.fullmatch(pattern, value):
        raise BadInput(key, "bad text")
    return value


CARD_CODE = r"[HDSC](?:10|[6-9JQKA])"
"""A card as actions name it: the record code, suit letter first."""


def action_card(action: Mapping[str, Any]) -> Card:
    """The card an action names, checked; anything else is refused as ``bad-action``."""
    try:
        return parse_card(field_text(action.get("card"), CARD_CODE, "bad-action", 3))
    except CardParseError:
        raise BadInput("bad-action") from None


def require_dict(value: Any, key: str = "bad-state") -> Mapping[str, Any]:
    """Check that a state or action is a JSON object."""
    if not isinstance(value, dict):
        raise BadInput(key, "not an object")
    return value


# ---------------------------------------------------------------------- share codes


def encode_fields(state: Mapping[str, Any], fields: Sequence[str]) -> str:
    """Write state fields as a share code: the values in order, joined by dots."""
    out = []
    for name in fields:
        value = state[name]
        text = "" if value is None else str(int(value) if isinstance(value, bool) else value)
        out.append(text or "-")
    return ".".join(out)


def decode_fields(code: str, fields: Sequence[str]) -> dict[str, str]:
    """Read a share code back into (unchecked) string fields; ``-`` stands for empty."""
    if not isinstance(code, str) or len(code) > MAX_SHARE:
        raise BadInput("bad-url", "too long")
    parts = code.split(".")
    if len(parts) != len(fields) or not all(SHARE_TEXT.fullmatch(p) for p in parts):
        raise BadInput("bad-url", "shape")
    return {name: ("" if part == "-" else part) for name, part in zip(fields, parts, strict=True)}


# ---------------------------------------------------------------------- controls


def button(
    label: str,
    action: Mapping[str, Any],
    focus: str,
    *,
    disabled: bool = False,
    cls: str = "mp-button",
    pressed: bool | None = None,
    aria_label: str | None = None,
) -> str:
    """A real ``<button type="button">`` that sends ``action`` when pressed."""
    extra = " disabled" if disabled else ""
    if pressed is not None:
        extra += f' aria-pressed="{"true" if pressed else "false"}"'
    if aria_label:
        extra += f' aria-label="{escape(aria_label)}"'
    return (
        f'<button type="button" class="{escape(cls)}" {action_attr(action)} '
        f'data-focus-key="{escape(focus)}"{extra}>{escape(label)}</button>'
    )


def kept_text_note(message: str, text: str, file: str, download: str, dismiss: str, cls: str) -> str:
    """A note that a saved text could not be read (``message``), the text kept for download
    as ``file``, and a button that closes the note (the widget's ``dismiss`` action)."""
    name = escape(file, quote=True)
    return (
        f'<div class="mp-note {escape(cls)}"><p>{escape(message)}</p>'
        f'<textarea class="mp-hidden-file" readonly hidden data-mp-file="{name}">{escape(text)}</textarea>'
        f'<p class="mp-controls"><button type="button" class="mp-button" data-mp-download="{name}" '
        f'data-focus-key="old-download">{escape(download)}</button>'
        + button(dismiss, {"type": "dismiss"}, "dismiss")
        + "</p></div>"
    )


def select(field: str, label: str, options: Sequence[tuple[str, str]], current: str, focus: str) -> str:
    """A labelled ``<select>`` whose value goes into the form's action as ``field``."""
    opts = "".join(
        f'<option value="{escape(value)}"{" selected" if value == current else ""}>{escape(text)}</option>'
        for value, text in options
    )
    return (
        f'<label class="mp-field">{escape(label)} '
        f'<select data-action-field="{escape(field)}" data-focus-key="{escape(focus)}">'
        f"{opts}</select></label>"
    )


def number_input(field: str, label: str, value: int, low: int, high: int, focus: str) -> str:
    """A labelled number ``<input>`` whose value goes into the form's action as ``field``."""
    return (
        f'<label class="mp-field">{escape(label)} '
        f'<input type="number" inputmode="numeric" min="{low}" max="{high}" step="1" value="{value}" '
        f'data-action-field="{escape(field)}" data-focus-key="{escape(focus)}"></label>'
    )


def trump_options(lang: str) -> list[tuple[str, str]]:
    """The choices of a trump ``<select>``: no trump, then each suit by its letter."""
    return [("-", wt("no-trump", lang))] + [(s.letter, f"{s.symbol} {suit_name(s, lang)}") for s in Suit]


def pair_or_nobody(lang: str) -> list[tuple[str, str]]:
    """The choices of a "which pair, if any" ``<select>``: nobody, North–South, East–West."""
    return [("-", wt("nobody", lang)), ("N", pair_name(Pair.NS, lang)), ("E", pair_name(Pair.EW, lang))]


def suit_selects(
    field: str,
    label_key: str,
    options: Sequence[tuple[str, str]],
    current: Mapping[Suit, str],
    lang: str,
    focus: str,
    skip: str | None = None,
) -> list[str]:
    """One ``<select>`` a suit (all but the one lettered ``skip``), named ``field`` plus its letter.

    The label is the text ``label_key`` with the suit's symbol; the focus key is ``focus``
    plus the letter.
    """
    return [
        select(
            f"{field}{s.letter}",
            wt(label_key, lang, suit=s.symbol),
            options,
            current[s],
            f"{focus}{s.letter}",
        )
        for s in Suit
        if s.letter != skip
    ]


def form(action: Mapping[str, Any], fields: Iterable[str], lang: str, focus: str, legend: str = "") -> str:
    """A ``<form>`` whose fields the runtime collects into ``action``, with an Update button."""
    inner = "".join(fields)
    leg = f"<legend>{escape(legend)}</legend>" if legend else ""
    return (
        f'<form class="mp-form" {action_attr(action)}><fieldset>{leg}{inner}'
        f'<button type="submit" class="mp-button" data-focus-key="{escape(focus)}">'
        f"{escape(wt('update', lang))}</button></fieldset></form>"
    )


def share_link(query: str, lang: str) -> str:
    """The "copy a link to this position" button and the place for its confirmation.

    The button carries the link's query (``?w=KIND&p=CODE``); the runtime copies the
    page's address with that query and the widget's own ``#id``, so that the link opens
    the widget it was made in (a page may hold several of one kind), and says so in the
    line beside it. Nothing reloads the page.
    """
    return (
        f'<p class="mp-share"><button type="button" class="mp-button mp-share-copy" '
        f'data-share="{escape(query, quote=True)}" data-focus-key="share">'
        f"{escape(wt('share-copy', lang))}</button> "
        '<span class="mp-share-note" role="status" aria-live="polite"></span></p>'
    )


# ---------------------------------------------------------------------- shipped records


def _data_dir() -> Path:
    # A plain path beside this module: the package ships unzipped (also in Pyodide), and
    # importlib.resources would cost an import on the widgets' start-up path.
    return Path(__file__).resolve().parent / "data"


@cache
def record_names(folder: str) -> tuple[str, ...]:
    """The names (without ``.mjp``) of the records shipped in a data folder, sorted."""
    names = [p.name[:-4] for p in _data_dir().joinpath(folder).iterdir() if p.name.endswith(".mjp")]
    return tuple(sorted(names, key=_natural))


def _natural(name: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


@lru_cache(maxsize=64)
def load_record(path: str) -> GameRecord:
    """Read a record shipped in ``marjapussi/web/data`` (``folder/name.mjp``), parsed once."""
    if not re.fullmatch(r"[a-z0-9/_.-]{1,80}\.mjp", path) or ".." in path:
        raise BadInput("bad-state", "record path")
    text = _data_dir().joinpath(*path.split("/")).read_text(encoding="utf-8")
    return parse_record(text)


def replay_deal(record: GameRecord, count: int | None = None) -> Deal:
    """Make the record's last deal and play its first ``count`` actions (all by default).

    Each deal of the shipped records is a position of its own, so the deal is set up
    from its tags alone (opening ``yes`` unless the record says otherwise).
    """
    rec = record.deals[-1]
    opening = True if rec.opening is None else rec.opening
    deal = new_deal(record.rules, rec.hands, rec.dealer, opening, rec.leader, rec.talon, rec.totals)
    actions: list[RecordedAction] = rec.actions if count is None else rec.actions[:count]
    for item in actions:
        deal.play(item.action)
        if item.comment:
            deal.comments[len(deal.history) - 1] = item.comment
    return deal


def answer_suits(answers: Sequence[Answer]) -> list[str]:
    """The suit letters among an ask's possible answers."""
    return [a.suit.letter for a in answers if a.suit is not None]


def marriage_marks(deal: Deal, seats: Iterable[Seat]) -> dict[str, str]:
    """Mark the kings and queens in the seats' hands: declared suits and burned marriages."""
    marks: dict[str, str] = {}
    for seat in seats:
        for card in deal.hand(seat):
            if card.rank in (Rank.KING, Rank.QUEEN):
                if deal.is_declared(card.suit):
                    marks[card.code] = "mp-declared"
                elif deal.is_burned(seat, card.suit):
                    marks[card.code] = "mp-burned"
    return marks


def marks_legend(marks: Mapping[str, str], lang: str) -> str:
    """Say what the marks on the cards mean (only the marks in use)."""
    used = set(marks.values())
    items = [
        f'<li class="{cls}"><span class="mp-card mp-black mp-legend-card">K</span> '
        f"{escape(wt(key, lang))}</li>"
        for cls, key in (("mp-declared", "legend-declared"), ("mp-burned", "legend-burned"))
        if cls in used
    ]
    return f'<ul class="mp-legend">{"".join(items)}</ul>' if items else ""


def sensible_declaration(deal: Deal) -> Action | None:
    """A declaration a sensible player makes now: his own marriage, else an ask that gets a yes."""
    options = deal.legal_declarations()
    seat = deal.to_act
    own = deal.hand(seat)
    partner = deal.hand(seat.partner)
    for action in options:
        if isinstance(action, Declare):
            return action
    for action in options:
        if isinstance(action, AskHalf):
            held = {c.rank for c in own if c.suit == action.suit}
            if any(
                c.suit == action.suit and c.rank in (Rank.KING, Rank.QUEEN) and c.rank not in held
                for c in partner
            ):
                return action
    if deal.answerable(seat.partner):
        return next((a for a in options if isinstance(a, AskWhole)), None)
    return None


def sensible_playout_step(deal: Deal, rng: random.Random, declare_chance: float = 0.7) -> Action:
    """One step of a seeded playout with sensible declarations and random cards."""
    if deal.pending is not None:
        return deal.answers()[0]
    if deal.window and rng.random() < declare_chance:
        declaration = sensible_declaration(deal)
        if declaration is not None:
            return declaration
    return random_action(deal, rng, 0.0)
