"""The one place each connection's view is built: HTML in the connection's language.

A seat's view is drawn from ``analysis.view.SeatView.of`` (its own hand, the cards played,
the bidding, declarations, asks and answers, in three-player Huutopussi the talon only
when the rules show it to that seat); a spectator's and the projector's from
``SeatView.public``; around it only what every seat sees (the room, the seats, the score
sheet). No view holds another hand, the talon or the game's shuffle number, unless the
room plays with open hands, a practice setting every player is told of. The whole
record of a deal and the bots' reasons come only once the deal is over.

The table is drawn by the widgets' renderer (``web.table_view``, ``html``), so a phone
shows what the Play page shows; the server's page only swaps in what arrives.

>>> from marjapussi.rooms.room import Room, Settings
>>> room = Room.from_events("ABCDEFGH", [Room.created_event(Settings.of("guild", {}), 7, "")])
>>> html = render(room, Viewer("en", "seat", Seat.S), 0.0, "http://127.0.0.1:8000")
>>> html.count('class="mp-hand"'), "ABCD-EFGH" in html
(1, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from ..actions import Action, Play
from ..analysis.view import SeatView
from ..cards import Seat
from ..course import exercises
from ..deal import Deal, Phase
from ..errors import IllegalAction
from ..escaping import escape
from ..game import LEVELS, RULESETS, Game
from ..html import ROOT, score_html
from ..huutopussi import HuutopussiSheet
from ..i18n import describe_error, seat_name, spoken
from ..rules import Rules
from ..scoring import ScoreSheet
from ..web.common import button
from ..web.course import exercise_title
from ..web.play_texts import PLAY_TEXTS, pt
from ..web.table_view import (
    action_buttons,
    after_action,
    auction_line,
    auction_review_html,
    card_controls,
    declarations_part,
    family_notes,
    log_label,
    recent_parts,
    refusal_html,
    review_html,
    sheet_part,
    table_part_list,
    tricks_line,
)
from .bots import SeatReview
from .codes import shown_code
from .evening_texts import et
from .limits import LIMITS, Limits
from .protocol import NEXT_BY, PERSON
from .room import Room, record_text
from .texts import ROOM_TEXTS, rt

__all__ = [
    "ROLES",
    "SharedViews",
    "Ui",
    "Viewer",
    "announce_action",
    "apply_delta",
    "apply_refusal",
    "delta",
    "every_hand",
    "minutes_to",
    "notice_text",
    "qr_path",
    "refusal",
    "refusal_patch",
    "render",
    "render_parts",
    "room_link",
    "round_clock",
    "said_to",
    "seat_review_html",
    "select_field",
    "submit_button",
    "view_key",
]

NEXT_BY_CHOICES = ("", *NEXT_BY)
"""The lobby's choices of who starts the next deal (empty: by whether the host takes a seat)."""

ROLES = ("lobby", "visitor", "seat", "spectator", "projector")
"""What a connection is: in the lobby (no room), in a room without a seat, at a seat, a
spectator, the projector."""
RECENT = 6
"""How many of the deal's last actions a view lists (``recent_parts``)."""


@dataclass
class Ui:
    """What one connection is shown beyond the room: a refused card, the cards picked for a
    discard, the bot reason asked for, the transfer code shown."""

    refused: IllegalAction | None = None
    refused_at: int = -1
    """The deal's action count when the card was refused (a later position drops it)."""
    pick: list[str] = field(default_factory=list)
    why: int = -1
    why_text: str = ""
    transfer: str = ""
    last: bool = False
    """The previous deal's review and record are open (during the next deal, at a seat)."""
    confirm: tuple[str, dict[str, Any], str] | None = None
    """A step that loses something, asked about before it is taken: its message kind and fields,
    and the focus key of the control that asked (the safe answer takes its place and focus)."""


@dataclass
class Viewer:
    """A connection as a view sees it: its language, role and seat, whether it hosts."""

    lang: str
    role: str = "lobby"
    seat: Seat | None = None
    host: bool = False
    every_hand: bool = False
    """A seated host's choice to see every hand (the host's own view off a seat always does)."""
    ui: Ui = field(default_factory=Ui)


KEYED = tuple(f.name for f in fields(Viewer) if f.name != "ui")
"""What of a viewer decides its view, besides its own interface state (a field added to
``Viewer`` joins the key by itself)."""
PLAIN = Ui()


def view_key(viewer: Viewer, base: str) -> Hashable | None:
    """What decides a connection's view of a room at one moment: its language, role, seat, host,
    every-hand and the base address its links use. Two connections with the same key see the
    same text; ``None`` for a connection with interface state of its own (a pick, a refused
    card, a bot's reason, a transfer code, or any ``Ui`` field off its default), whose view is
    built for it alone."""
    if viewer.ui != PLAIN:
        return None
    return (base, *(getattr(viewer, name) for name in KEYED))


class SharedViews:
    """The views of a room at one moment, each built once for every connection with the same
    ``view_key`` (a broadcast builds one of these; its texts are not kept past it).

    >>> from marjapussi.rooms.room import Room, Settings
    >>> room = Room.from_events("ABCDEFGH", [Room.created_event(Settings.of("guild", {}), 7, "")])
    >>> views = SharedViews(room, 0.0)
    >>> one, two = Viewer("fi", "spectator"), Viewer("fi", "spectator")
    >>> views.parts(one, "http://x") is views.parts(two, "http://x"), views.built
    (True, 1)
    """

    def __init__(
        self, room: Room | None, now: float, limits: Limits = LIMITS, rule_root: str | None = ROOT
    ) -> None:
        self.room, self.now, self.limits, self.rule_root = room, now, limits, rule_root
        self.texts: dict[Hashable, tuple[str, ...]] = {}
        self.built = 0
        """How many views were built (a test can tell sharing from building)."""

    def parts(self, viewer: Viewer, base: str, key: Any = ...) -> tuple[str, ...]:
        """The view of one connection as its parts (``render_parts``), built only if no
        connection with its key had it (``key``: its ``view_key``, when the caller has it)."""
        if key is ...:
            key = view_key(viewer, base)
        if key is not None:
            parts = self.texts.get(key)
            if parts is not None:
                return parts
        self.built += 1
        parts = render_parts(self.room, viewer, self.now, base, self.limits, self.rule_root)
        if key is not None:
            self.texts[key] = parts
        return parts

    def html(self, viewer: Viewer, base: str) -> str:
        """The view of one connection (``render``), built only if no connection with its key had it."""
        return "".join(self.parts(viewer, base))


def refusal(key: str, lang: str, limits: Limits = LIMITS) -> str:
    """The translated words of a refusal key (the rooms' own, else the Play page's)."""
    if f"refuse:{key}" in ROOM_TEXTS:
        return rt(f"refuse:{key}", lang, n=limits.name_chars, comment=limits.comment_chars)
    if key in PLAY_TEXTS:
        return pt(key, lang)
    return rt("refuse:bad-message", lang)


def room_link(base: str, code: str) -> str:
    """The room's short link, which opens the table page at the room (and its QR code's text)."""
    return f"{base.rstrip('/')}/r/{code}"


def qr_path(code: str) -> str:
    """The address of the room link's QR code (an SVG the server draws)."""
    return f"/rooms/qr/{code}.svg"


def _options(pairs: Sequence[tuple[str, str]], current: str) -> str:
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
        for v, t in pairs
    )


def select_field(
    field_name: str, label: str, pairs: Sequence[tuple[str, str]], current: str, focus: str = ""
) -> str:
    """A labelled ``<select>`` of a form's field (``pairs``: each option's value and text); its
    focus key ``focus``, or ``room-`` and the field's name."""
    return (
        f'<label class="mp-field">{escape(label)} <select data-action-field="{field_name}" '
        f'data-focus-key="{focus or "room-" + field_name}">{_options(pairs, current)}</select></label>'
    )


def _name_field(label: str, limits: Limits) -> str:
    return (
        f'<label class="mp-field">{escape(label)} <input type="text" data-action-field="name" '
        f'maxlength="{limits.name_chars}" autocomplete="nickname" data-focus-key="room-name"></label>'
    )


def submit_button(text: str, focus: str) -> str:
    """A form's submit button, the primary one, with its focus key."""
    return (
        f'<button type="submit" class="mp-button mp-primary" data-focus-key="{focus}">{escape(text)}</button>'
    )


# ---------------------------------------------------------------------- the lobby


def _lobby(lang: str, limits: Limits) -> str:
    seat_kinds = [(PERSON, rt("kind:person", lang))] + [
        (level, rt("kind:bot", lang, level=pt("level:" + level, lang))) for level in LEVELS
    ]
    rules = [(k, pt("rules:" + k, lang)) for k in RULESETS]
    seats = "".join(
        select_field(
            seat.name,
            rt("seat-kind", lang, seat=seat_name(seat, lang)),
            seat_kinds,
            PERSON if seat == Seat.S else "club",
        )
        for seat in Seat
    )
    grace = [
        (str(g), rt(f"grace:{g}", lang) if f"grace:{g}" in ROOM_TEXTS else f"{g} s")
        for g in limits.grace_choices
    ]
    mine = [("", rt("my-seat-none", lang))] + [(s.name, seat_name(s, lang)) for s in Seat]
    standin = [(k, pt("level:" + k, lang)) for k in LEVELS]
    starters = [(k, rt(f"next-by:{k or 'auto'}", lang)) for k in NEXT_BY_CHOICES]
    create = (
        '<form class="mp-form mp-room-create" data-action=\'{"type":"create"}\'><fieldset>'
        f"<legend>{escape(rt('create', lang))}</legend>"
        + select_field("r", pt("rules", lang), rules, "guild")
        + f'<fieldset class="mp-subgroup"><legend>{escape(rt("seats", lang))}</legend>{seats}</fieldset>'
        + select_field("seat", rt("my-seat", lang), mine, "S")
        + _name_field(rt("name", lang), limits)
        + select_field("grace", rt("grace", lang), grace, str(limits.default_grace))
        + select_field("standin", rt("standin", lang), standin, "club")
        + select_field("next", rt("next-by", lang), starters, "")
        + '<label class="mp-field mp-check"><input type="checkbox" data-action-field="open" '
        f'data-focus-key="room-open"> {escape(rt("open", lang))}</label>'
        + submit_button(rt("create-go", lang), "room-create")
        + "</fieldset></form>"
    )
    join = (
        '<form class="mp-form mp-room-join" data-action=\'{"type":"join"}\'><fieldset>'
        f"<legend>{escape(rt('join', lang))}</legend>"
        f'<label class="mp-field">{escape(rt("room-code", lang))} '
        '<input type="text" data-action-field="room" autocapitalize="characters" autocomplete="off" '
        'spellcheck="false" maxlength="12" '
        'placeholder="ABCD-EFGH" data-focus-key="room-code"></label>'
        + submit_button(rt("join-go", lang), "room-join")
        + "</fieldset></form>"
    )
    return (
        f'<p class="mp-widget-title">{escape(rt("label", lang))}</p>'
        f'<p class="mp-widget-sub">{escape(rt("lobby-intro", lang))}</p>{join}{create}'
    )


# ---------------------------------------------------------------------- a room


def _who(room: Room, seat: Seat, lang: str, now: float) -> str:
    """Who plays a seat, in words: a player's name and state, or a bot's level."""
    level = room.settings.level_of(seat)
    if level is not None:
        return rt("bot", lang, level=pt("level:" + level, lang))
    player = room.players[seat]
    if not player.taken:
        return rt("free", lang)
    name = player.name or rt("player", lang)
    state = room.controller(seat, now)
    if state == "stand-in":
        return f"{name}, {rt('bot-plays', lang)}"
    if player.sockets == 0:
        return f"{name}, {rt('away', lang)}"
    return name


@lru_cache(maxsize=4096)
def _title(code: str, ruleset: str, deal_number: int, dealer: Seat, lang: str) -> str:
    """The room's title and where the game stands (the same for every viewer of a language: kept)."""
    parts = [pt("rules:" + ruleset, lang), rt("deal-n", lang, n=deal_number)]
    parts.append(pt("dealer", lang, seat=seat_name(dealer, lang)))
    title = rt("room-n", lang, code=shown_code(code))
    return (
        f'<p class="mp-widget-title mp-room-title">{escape(title)}</p>'
        f'<p class="mp-widget-sub mp-play-head">{escape(" · ".join(parts))}</p>'
    )


def _head(room: Room, viewer: Viewer, base: str) -> str:
    lang = viewer.lang
    pos = room.live.position
    out = [_title(room.code, room.settings.ruleset, len(pos.deals) + 1, pos.deal.dealer, lang)]
    if room.settings.open_hands:
        out.append(f'<p class="mp-note mp-room-open" role="note">{escape(rt("open-note", lang))}</p>')
    if room.paused and viewer.role != "visitor":
        out.append(f'<p class="mp-note mp-room-paused" role="note">{escape(rt("paused", lang))}</p>')
    if room.notice is not None and viewer.role != "visitor":
        out.append(f'<p class="mp-note mp-room-notice" role="note">{escape(notice_text(room, lang))}</p>')
    if viewer.host and viewer.role != "projector":
        out.append(f'<p class="mp-room-host">{escape(rt("host", lang))}</p>')
    return "".join(out)


def _invite(room: Room, lang: str, base: str, big: bool = False, small: bool = False) -> str:
    """The room's code, link and QR code (a ``<details>``; the projector's: shown, ``big`` or
    ``small``)."""
    return _invite_of(room.code, lang, base, big, small)


@lru_cache(maxsize=1024)
def _invite_of(code: str, lang: str, base: str, big: bool, small: bool) -> str:
    """``_invite`` for a room's code (the same for the room's life: kept)."""
    link = room_link(base, code)
    # From the room server itself (under serve.sh --dev the page comes from another server).
    qr = (
        f'<img class="mp-room-qr" src="{escape(base.rstrip("/") + qr_path(code), quote=True)}" '
        f'alt="{escape(rt("qr", lang), quote=True)}" width="240" height="240">'
    )
    body = (
        f'<p class="mp-room-code" aria-label="{escape(rt("room-code", lang), quote=True)}">'
        f"{escape(shown_code(code))}</p>"
        f'<p class="mp-room-link">{escape(rt("link", lang))}: '
        f'<a href="{escape(link, quote=True)}">{escape(link)}</a></p>{qr}'
    )
    if big or small:  # the projector's: large while a seat is free, small once every seat is taken
        size = "small" if small else "big"
        return f'<div class="mp-room-invite mp-room-invite-{size}">{body}</div>'
    return f'<details class="mp-room-invite"><summary>{escape(rt("invite", lang))}</summary>{body}</details>'


def _projector_link(room: Room, lang: str) -> str:
    """The projector's page of the room, in a window of its own (the teacher drags it onto the
    projector's screen; the page that opened it stays as it was)."""
    href = f"?lang={lang}&room={room.code}&view=projector"
    return (
        f'<a class="mp-button" href="{escape(href, quote=True)}" target="_blank" rel="noopener" '
        f'data-focus-key="projector">{escape(rt("projector", lang))}</a>'
    )


def _visitor(room: Room, viewer: Viewer, now: float, base: str, limits: Limits) -> list[str]:
    lang = viewer.lang
    rows = []
    free = []
    for seat in room.settings.seats:
        who = _who(room, seat, lang, now)
        rows.append(f"<li><strong>{escape(seat_name(seat, lang))}</strong>: {escape(who)}</li>")
        if seat in room.players and not room.players[seat].taken:
            free.append(seat)
    parts = [
        _head(room, viewer, base),
        f'<div class="mp-room-seats"><p class="mp-list-title">{escape(rt("seats", lang))}</p>'
        f"<ul>{''.join(rows)}</ul></div>",
    ]
    if free:
        buttons = "".join(
            f'<button type="submit" class="mp-button mp-primary" data-submit-field="seat" value="{s.name}" '
            f'data-focus-key="sit-{s.name}">{escape(rt("sit", lang, seat=seat_name(s, lang)))}</button>'
            for s in free
        )
        parts.append(
            '<form class="mp-form mp-room-sit" data-action=\'{"type":"sit"}\'><fieldset>'
            f"<legend>{escape(rt('seats', lang))}</legend>{_name_field(rt('sit-name', lang), limits)}"
            f'<div class="mp-controls">{buttons}</div></fieldset></form>'
        )
    watch = rt("teacher-view" if viewer.host else "watch", lang)
    parts.append(
        '<div class="mp-controls mp-room-watch">'
        + button(watch, {"type": "watch", "projector": False}, "watch")
        + _projector_link(room, lang)
        + "</div>"
    )
    if any(p.taken for p in room.players.values()):
        parts.append(
            '<form class="mp-form mp-room-reclaim" data-action=\'{"type":"reclaim"}\'><fieldset>'
            f"<legend>{escape(rt('reclaim', lang))}</legend><p>{escape(rt('reclaim-help', lang))}</p>"
            f'<label class="mp-field">{escape(rt("reclaim-code", lang))} <input type="text" '
            'data-action-field="code" autocapitalize="characters" autocomplete="off" spellcheck="false" '
            'maxlength="10" data-focus-key="reclaim-code"></label>'
            + submit_button(rt("reclaim-go", lang), "reclaim-go")
            + "</fieldset></form>"
        )
    parts.append(_invite(room, lang, base))
    parts.append(f'<p class="mp-controls">{button(rt("leave", lang), {"type": "leave"}, "leave")}</p>')
    return parts


# ---------------------------------------------------------------------- the table


def _names(room: Room, lang: str, now: float) -> dict[Seat, str]:
    out = {}
    for seat in room.settings.seats:
        if seat in room.players:
            out[seat] = _who(room, seat, lang, now)
    return out


def every_hand(room: Room, viewer: Viewer) -> bool:
    """Tell whether a connection is shown every hand: the host's own view (never the projector's,
    which is public; at a seat only when the host asks, so that a host can play along), and
    every view of a room that plays with open hands."""
    if room.settings.open_hands:
        return True
    return viewer.host and (viewer.role == "spectator" or (viewer.role == "seat" and viewer.every_hand))


def _turn(room: Room, view: SeatView, viewer: Viewer, now: float) -> str:
    lang = viewer.lang
    seat = room.live.to_act()
    if seat is None:
        return ""
    if viewer.role == "seat" and seat == viewer.seat and seat not in room.bot_seats:
        return f'<p class="mp-play-turn" data-turn="you"><strong>{escape(pt("your-turn", lang))}</strong></p>'
    state = room.controller(seat, now)
    if state == "empty":
        text = rt("waiting-for", lang, seat=seat_name(seat, lang))
    elif state == "person" and room.players[seat].sockets == 0:
        name = room.players[seat].name or seat_name(seat, lang)
        text = rt("away-wait", lang, who=name)
    else:
        who = seat_name(seat, lang)
        if seat in room.players and room.players[seat].name:
            who = rt("who", lang, seat=who, name=room.players[seat].name)
        text = rt("to-act", lang, who=who)
    whose = "bot" if state in ("bot", "stand-in") else "other"
    if whose == "bot" and room.paused:
        whose, text = "paused", rt("paused-wait", lang, who=seat_name(seat, lang))
    return f'<p class="mp-play-turn" data-turn="{whose}"><strong>{escape(text)}</strong></p>'


def _ready_list(room: Room, lang: str, now: float) -> str:
    """Who is ready for the next deal and whom the table waits for (where the players start it)."""
    if room.next_starter(now) != "ready":
        return ""
    ready: list[str] = []
    waiting: list[str] = []
    for seat in room.settings.seats:
        name = seat_name(seat, lang)
        if seat in room.players and room.players[seat].name:
            name = rt("who", lang, seat=name, name=room.players[seat].name)
        (ready if room.counts_ready(seat, now) else waiting).append(name)
    said = rt("ready-list", lang, names=", ".join(ready) if ready else rt("ready-none", lang))
    if waiting:
        said += " " + rt("ready-waiting", lang, names=", ".join(waiting))
    return f'<p class="mp-room-ready" role="status">{escape(said)}</p>'


def _next_controls(room: Room, viewer: Viewer, now: float) -> list[str]:
    """What comes after the deal: the host's press deals; a player says it is ready, or is told
    who starts; a watcher is told who may."""
    lang = viewer.lang
    pos = room.live.position
    if not pos.has_next_deal and not room.game_over:
        return []
    if room.evening and (room.deals < 0 or room.deals_over):  # a club night deals its tables' deals
        return []
    label = pt("next", lang) if pos.has_next_deal else rt("again", lang)
    kind = "next" if pos.has_next_deal else "again"
    starter = room.next_starter(now)
    if viewer.host:
        return [button(label, {"type": kind}, kind, cls="mp-button mp-primary")]
    if viewer.role == "seat" and viewer.seat is not None and starter == "ready":
        if viewer.seat in room.ready:
            return [button(rt("ready-undo", lang), {"type": "ready", "on": False}, "ready")]
        go = rt("ready-go", lang)
        return [button(go, {"type": "ready", "on": True}, "ready", cls="mp-button mp-primary")]
    if starter == "host":
        return [f"<span>{escape(rt('host-starts', lang))}</span>"]
    return [f"<span>{escape(rt('people-only' if pos.has_next_deal else 'ready-how', lang))}</span>"]


def _after_deal(room: Room, viewer: Viewer, rule_root: str | None, now: float) -> str:
    """The end of a deal: the score, the whole record, the bots' reasons, what comes next and who
    is ready for it (the projector, a screen no one presses, shows the score and who is ready)."""
    lang = viewer.lang
    pos = room.live.position
    parts = ['<div class="mp-play-after" data-turn="over">', f"<h2>{escape(pt('deal-over', lang))}</h2>"]
    parts.append(_deal_score(room, lang, rule_root))
    parts.append(_ready_list(room, lang, now))
    if viewer.role == "projector":
        return "".join(parts) + "</div>"
    parts.append(_deal_record(room))
    controls = [
        '<button type="button" class="mp-button" data-mp-download="marjapussi-deal.mjp" '
        f'data-focus-key="download">{escape(rt("record", lang))}</button>'
    ]
    controls.extend(_next_controls(room, viewer, now))
    parts.append(f'<div class="mp-controls">{"".join(controls)}</div>')
    if viewer.role == "seat" and viewer.seat is not None:
        if room.reviewed is room.live.game:
            parts.append(seat_review_html(room.reviews.get(viewer.seat), pos.rules, lang))
        else:
            parts.append(f'<p class="mp-room-review-wait">{escape(rt("review-wait", lang))}</p>')
    parts.append(_bot_reasons(room, viewer))
    parts.append("</div>")
    return "".join(parts)


def _deal_score(room: Room, lang: str, rule_root: str | None) -> str:
    """The finished deal's score (``score_html``), kept for the room's state."""
    kept = _kept(room)
    key = ("score", lang, rule_root)
    text = kept.get(key)
    if text is None:
        text = kept[key] = score_html(room.live.position.deal_result(), lang, rule_root)
    assert isinstance(text, str)
    return text


def _deal_record(room: Room) -> str:
    """The finished deal's record for the download, with the host's comments (kept for the room's
    state: every view of every language holds the same)."""
    kept = _kept(room)
    text = kept.get("record")
    if text is None:
        text = kept["record"] = (
            '<textarea class="mp-hidden-file" readonly hidden data-mp-file="marjapussi-deal.mjp">'
            f"{escape(room.deal_record_text())}</textarea>"
        )
    assert isinstance(text, str)
    return text


def seat_review_html(review: SeatReview | None, rules: Rules, lang: str, level: int = 4) -> str:
    """A seat's review of a finished deal as the Play page draws it (``review_html``): where
    its calls are weighed, the bidding's part first (``auction_review_html``), and where the
    room's cap cut that short, on how many deals it stands (``level``: its heading level)."""
    if review is None:
        review = SeatReview()
    auction = ""
    if review.bidding and review.calls:
        auction = auction_review_html(review.calls, review.par, review.deals, rules, lang, level)
        if review.cut:
            note = rt("review-cut", lang, deals=review.deals)
            auction += f'<p class="mp-room-review-cut">{escape(note)}</p>'
    elif review.bidding:  # the cap came before any call was weighed
        auction = (
            '<section class="mp-play-review-auction" data-auction="cut">'
            f"<h{level + 1}>{escape(pt('review-auction-title', lang))}</h{level + 1}>"
            f'<p class="mp-room-review-cut">{escape(rt("review-cut-none", lang))}</p></section>'
        )
    return review_html(review.items, rules, lang, auction, level)


def _last_deal(room: Room, viewer: Viewer, rule_root: str | None) -> str:
    """During a deal, a seat's look back at the deal before it: a control that opens (and closes)
    its result, its record and the seat's own review."""
    last = room.last
    if last is None or viewer.role != "seat" or viewer.seat is None:
        return ""
    lang = viewer.lang
    if not viewer.ui.last:
        control = button(rt("last-deal", lang), {"type": "last", "on": True}, "last")
        return f'<div class="mp-controls mp-room-last-open">{control}</div>'
    parts = [_last_deal_head(last, tuple(room.last_comments), lang, rule_root)]
    if room.last_reviewed is last:
        parts.append(seat_review_html(room.last_reviews.get(viewer.seat), last.rules, lang))
    else:
        parts.append(f'<p class="mp-room-review-wait">{escape(rt("review-wait", lang))}</p>')
    parts.append("</section>")
    return "".join(parts)


@lru_cache(maxsize=256)
def _last_deal_head(
    last: Game, comments: tuple[tuple[int, str, bool], ...], lang: str, rule_root: str | None
) -> str:
    """The look back at the last deal up to the seat's own review: its title, result, record (with
    the host's comments on it) and controls; the same for every seat of a language, so kept
    for the deal and its comments (the record was written again for every view)."""
    pos = last.position()
    return "".join(
        (
            '<section class="mp-room-last" aria-labelledby="mp-room-last-title">',
            f'<h2 id="mp-room-last-title">{escape(rt("last-deal-n", lang, n=len(pos.deals) + 1))}</h2>',
            score_html(pos.deal_result(), lang, rule_root),
            '<textarea class="mp-hidden-file" readonly hidden data-mp-file="marjapussi-last-deal.mjp">'
            f"{escape(record_text(pos.deal, comments))}</textarea>",
            '<div class="mp-controls">'
            '<button type="button" class="mp-button" data-mp-download="marjapussi-last-deal.mjp" '
            f'data-focus-key="last-download">{escape(rt("record", lang))}</button>'
            + button(rt("last-deal-close", lang), {"type": "last", "on": False}, "last")
            + "</div>",
        )
    )


@lru_cache(maxsize=8192)
def _did(seat: Seat, act: Action, lang: str) -> str:
    """One action of a deal in words (kept: every view of every room says them again and again)."""
    return pt("did", lang, seat=seat_name(seat, lang), what=log_label(act, lang))


@lru_cache(maxsize=8192)
def _did_item(seat: Seat, act: Action, lang: str) -> str:
    """``_did`` as an item of the record's list (kept, as ``_did`` is)."""
    return f"<li>{escape(_did(seat, act, lang))}</li>"


def _so_far(seen: SeatView, lang: str) -> list[str]:
    """During a deal, its record as this seat (or a spectator) knows it: every action so far,
    as parts (an item a part: the next view repeats every item but the newest)."""
    if not seen.history:
        return []
    return [_so_far_head(lang), *_did_items(seen.history, lang), "</ol></details>"]


@lru_cache(maxsize=4096)
def _did_items(history: tuple[tuple[Seat, Action], ...], lang: str) -> tuple[str, ...]:
    """The items of ``_so_far`` for a deal's actions as a seat knows them (kept, and built on the
    items of the same actions but the newest, which the view before had)."""
    if not history:
        return ()
    seat, act = history[-1]
    return (*_did_items(history[:-1], lang), _did_item(seat, act, lang))


@lru_cache(maxsize=8)
def _so_far_head(lang: str) -> str:
    return (
        f'<details class="mp-room-record"><summary>{escape(rt("so-far", lang))}</summary>'
        '<ol class="mp-room-record-list">'
    )


def _bot_reasons(room: Room, viewer: Viewer) -> str:
    """After the deal: a "Why?" button for each bot's card, and the reason asked for (for the
    seats and the host: a reason is worth a bot's think)."""
    if viewer.role != "seat" and not viewer.host:
        return ""
    lang = viewer.lang
    deal = room.live.deal
    items = []
    for i, (seat, act) in enumerate(deal.history):
        if room.settings.level_of(seat) is None or not isinstance(act, Play):
            continue
        text = pt("why-button", lang, seat=seat_name(seat, lang), card=act.card.symbol)
        pressed = viewer.ui.why == i
        items.append(
            button(text, {"type": "why", "i": i}, f"why-{i}", cls="mp-button mp-small", pressed=pressed)
        )
    if not items:
        return ""
    out = (
        f'<details class="mp-room-why"{" open" if viewer.ui.why >= 0 else ""}>'
        f"<summary>{escape(rt('bots-why', lang))}</summary>"
        f'<div class="mp-controls mp-play-why">{"".join(items)}</div>'
    )
    if viewer.ui.why >= 0 and viewer.ui.why_text:
        out += f'<p class="mp-play-reason" role="note">{escape(viewer.ui.why_text)}</p>'
    return out + "</details>"


def notice_text(room: Room, lang: str) -> str:
    """What the host last did to the table, in words (empty when nothing is to be told)."""
    if room.notice is None:
        return ""
    key, numbers = room.notice
    return rt(key, lang, **numbers)


def _rewind_form(seen: SeatView, lang: str) -> list[str]:
    """The host's choice of an earlier action of the deal to go back to (the whole table)."""
    # As the host's view knows the deal (a seated host's: no discard of another seat).
    return _rewind_form_of(seen.history, lang)


def _rewind_form_of(history: tuple[tuple[Seat, Action], ...], lang: str) -> list[str]:
    """``_rewind_form`` for a deal's actions as the host knows them, as parts: the form's start,
    each action's choice (the last chosen) and its end, so that the host's next view sends
    only the choices that changed."""
    head, tail = _rewind_ends(lang)
    return [head, *_rewind_options(history, lang), tail]


@lru_cache(maxsize=4096)
def _rewind_options(history: tuple[tuple[Seat, Action], ...], lang: str) -> tuple[str, ...]:
    """The rewind form's choices, the last chosen (kept, and built on the choices of the same
    actions but the newest: the one that was last is no longer chosen, the newest is)."""
    if not history:
        return ()
    last = len(history) - 1
    before = _rewind_options(history[:-1], lang)
    if before:
        seat, act = history[-2]
        before = (*before[:-1], _rewind_option(last - 1, seat, act, lang, False))
    seat, act = history[-1]
    return (*before, _rewind_option(last, seat, act, lang, True))


@lru_cache(maxsize=8)
def _rewind_ends(lang: str) -> tuple[str, str]:
    """The rewind form up to its first choice, and after its last (``select_field``'s, kept)."""
    head = (
        '<form class="mp-form mp-room-rewind" data-action=\'{"type":"rewind"}\'>'
        f'<label class="mp-field">{escape(rt("rewind", lang))} <select data-action-field="n" '
        'data-focus-key="room-n">'
    )
    tail = "</select></label>" + submit_button(rt("rewind-go", lang), "rewind-go") + "</form>"
    return head, tail


@lru_cache(maxsize=8192)
def _rewind_option(i: int, seat: Seat, act: Action, lang: str, chosen: bool) -> str:
    """One choice of the rewind form: the deal as it was after action ``i`` (kept)."""
    what = rt("move-n", lang, n=i + 1, what=_did(seat, act, lang))
    return _options([(str(i), what)], str(i) if chosen else "")


def _position_forms(room: Room, lang: str) -> str:
    """The host's prepared position: a record pasted or opened (the page reads a file into the
    text box), or one of the course's exercises under the room's rules."""
    return _position_forms_of(room.live.game.rules, lang)


@lru_cache(maxsize=64)
def _position_forms_of(rules: Rules, lang: str) -> str:
    """``_position_forms`` for a room's rules (the same every time: kept, not built again for each
    view of the host's)."""
    record = (
        '<form class="mp-form mp-room-position" data-action=\'{"type":"position"}\'><fieldset>'
        f"<legend>{escape(rt('position', lang))}</legend><p>{escape(rt('position-help', lang))}</p>"
        f'<label class="mp-field">{escape(rt("position-record", lang))} <textarea data-action-field="record" '
        'rows="4" spellcheck="false" autocomplete="off" data-focus-key="position-record"></textarea></label>'
        f'<label class="mp-field">{escape(rt("position-file", lang))} <input type="file" '
        f'accept=".mjp,.txt,text/plain" data-mp-load="record" data-mp-max="{LIMITS.record_bytes}" '
        'data-focus-key="position-file"></label>'
        + submit_button(rt("position-go", lang), "position-go")
        + "</fieldset></form>"
    )
    choices = [(ex.id, exercise_title(ex, lang)) for ex in exercises() if ex.record.rules == rules]
    if not choices:
        return record
    return (
        record
        + '<form class="mp-form mp-room-exercise" data-action=\'{"type":"position"}\'>'
        + select_field("exercise", rt("position-exercise", lang), choices, choices[0][0])
        + submit_button(rt("exercise-go", lang), "exercise-go")
        + "</form>"
    )


@lru_cache(maxsize=64)
def _button(text: str, kind: str) -> str:
    """A button that sends a message of ``kind`` and nothing else, its focus key the same (kept)."""
    return button(text, {"type": kind}, kind)


@lru_cache(maxsize=8)
def _comment_form(lang: str) -> str:
    """The host's form for a comment to every screen (the same every time: kept)."""
    return (
        '<form class="mp-form mp-room-comment" data-action=\'{"type":"comment"}\'>'
        f'<label class="mp-field">{escape(rt("comment", lang))} <textarea data-action-field="text" rows="2" '
        f'maxlength="{LIMITS.comment_chars}" data-focus-key="comment-text"></textarea></label>'
        + submit_button(rt("comment-go", lang), "comment-go")
        + "</form>"
    )


@lru_cache(maxsize=512)
def _sheet(sheet: ScoreSheet | HuutopussiSheet, rules: Rules, lang: str, rule_root: str | None) -> str:
    """The game's score sheet (``sheet_part``), kept for the sheet object: a replayed game's
    sheets are read only, and the same one stands from deal's end to deal's end."""
    return sheet_part(sheet, rules, lang, rule_root)


def _comments(room: Room, lang: str) -> str:
    """The host's comments on the deal in play, on every screen."""
    if not room.comments:
        return ""
    back = f' <em class="mp-room-comment-back">({escape(rt("comment-back", lang))})</em>'
    items = "".join(f"<li>{escape(text)}{back if taken else ''}</li>" for _, text, taken in room.comments)
    title = escape(rt("comments", lang))
    head = f'<p class="mp-list-title">{title}</p>'
    return f'<div class="mp-room-comments" role="note">{head}<ul>{items}</ul></div>'


def _question(room: Room, viewer: Viewer) -> str:
    """The question asked before a step that loses something (a prepared position ends the game in
    play): what is lost, and the two answers, the safe one first."""
    if viewer.ui.confirm is None:
        return ""
    lang = viewer.lang
    kind, _, asked = viewer.ui.confirm
    done, moves = len(room.live.game.done), len(room.live.deal.history)
    text = rt(f"confirm-{kind}", lang, n=done, m=moves)
    safe = rt("confirm-stay" if kind == "leave" else "confirm-no", lang)
    return (
        '<div class="mp-room-confirm" role="group" aria-labelledby="mp-room-confirm-text">'
        f'<p id="mp-room-confirm-text" class="mp-note" role="alert">{escape(text)}</p>'
        '<div class="mp-controls">'
        + button(safe, {"type": "confirm", "yes": False}, asked)
        + button(rt(f"confirm-{kind}-yes", lang), {"type": "confirm", "yes": True}, "confirm-yes")
        + "</div></div>"
    )


def minutes_to(ends: float, now: float) -> int:
    """The minutes left until ``ends`` (the server's clock), rounded up; 0 once it has passed.

    >>> minutes_to(600.0, 0.0), minutes_to(600.0, 1.0), minutes_to(600.0, 600.0)
    (10, 10, 0)
    """
    return max(0, math.ceil((ends - now) / 60))


def round_clock(ends: float, now: float, lang: str) -> str:
    """A club night's round's time left, in whole minutes (or that it is up, the deal in play
    finished): on the evening's screens and at its tables, sent again as it changes."""
    left = minutes_to(ends, now)
    if left <= 0:
        return f'<p class="mp-evening-time" role="timer">{escape(et("time-out", lang))}</p>'
    said = escape(et("time-left", lang, t=left))
    return f'<p class="mp-evening-time" role="timer"><time datetime="PT{left}M">{said}</time></p>'


def _table_clock(room: Room, now: float, lang: str) -> str:
    """The round's time left at a club night's table while it plays: a same-deals table's deal
    in play, a Games table's game until its deals are done ("" otherwise)."""
    if not room.ends or (room.live.deal.is_over() and (room.deals < 0 or room.deals_over)):
        return ""
    return round_clock(room.ends, now, lang)


def bot_notice(lang: str) -> str:
    """A club night's player whose seat the director put a bot in: says so, and offers the way
    back to the seat (on the table's view and on the evening's)."""
    back = button(et("take-seat", lang), {"type": "evening-seat"}, "evening-seat", cls="mp-button mp-primary")
    return (
        f'<div class="mp-evening-bot" role="note"><p>{escape(et("bot-for-you", lang))}</p>'
        f'<p class="mp-controls">{back}</p></div>'
    )


def _evening_teacher(room: Room, viewer: Viewer, seen: SeatView) -> str:
    """A club night's director at a table: of the teacher's tools only the bots' pause and the
    take-back (noted in the evening's results), and the way back to the evening."""
    lang = viewer.lang
    tools = [
        button(rt("pause", lang), {"type": "pause", "on": not room.paused}, "pause", pressed=room.paused)
    ]
    if room.live.deal.history and not room.live.deal.is_over():
        tools.append(button(rt("back-last", lang), {"type": "back"}, "back"))
    tools.append(button(et("back-to-evening", lang), {"type": "evening-view"}, "evening-view"))
    forms = []
    if len(room.live.deal.history) > 1 and not room.live.deal.is_over():
        forms.extend(_rewind_form(seen, lang))
    return (
        f'<section class="mp-room-teach"><h2>{escape(rt("tools", lang))}</h2>'
        f'<div class="mp-controls">{"".join(tools)}</div>{"".join(forms)}</section>'
    )


def _teacher(room: Room, viewer: Viewer, seen: SeatView, now: float) -> list[str]:
    """The host's tools (the teacher's), on the host's own view only, as parts (the rewind
    form's choices each a part of its own)."""
    lang = viewer.lang
    if room.evening:
        return [_evening_teacher(room, viewer, seen)]
    if viewer.ui.confirm is not None and viewer.ui.confirm[0] != "leave":  # the tools wait for the answer
        head = f'<h3>{escape(rt("tools", lang))}</h3>'
        return [f'<section class="mp-room-teach">{head}{_question(room, viewer)}</section>']
    tools = []
    paused = room.paused
    tools.append(_tool_button(rt("pause", lang), "pause", not paused, paused))
    if room.live.deal.history:
        tools.append(_button(rt("back-last", lang), "back"))
    learner = room.hint_seat(now)
    if learner is not None and room.hint_level(learner) < 2:
        who = room.players[learner].name or seat_name(learner, lang)
        key = "hint-send-more" if room.hint_level(learner) else "hint-send"
        tools.append(_button(rt(key, lang, who=who), "hint"))
    if viewer.role == "seat" and not room.settings.open_hands:
        tools.append(_tool_button(rt("show-all", lang), "hands", None, viewer.every_hand))
    tools.append(_projector_link(room, lang))
    forms = [_comment_form(lang)]
    if len(room.live.deal.history) > 1:
        forms.extend(_rewind_form(seen, lang))
    forms.append(_position_forms(room, lang))
    forms.append(_next_by_form(lang, room.next_by))
    taken = tuple((s.name, _who(room, s, lang, now)) for s, p in room.players.items() if p.taken)
    if taken:
        forms.append(_free_form(taken, lang))
    head = f'<section class="mp-room-teach"><h2>{escape(rt("tools", lang))}</h2>'
    # each tool a part: an action changes one of them (the hint's names the next to act)
    return [f'{head}<div class="mp-controls">', *tools, "</div>", *forms, "</section>"]


@lru_cache(maxsize=64)
def _tool_button(text: str, kind: str, on: bool | None, pressed: bool) -> str:
    """A tool's button that turns something on or off (``on``: what it sends, if anything beside
    its kind), shown pressed while it is on (kept)."""
    action: dict[str, Any] = {"type": kind} if on is None else {"type": kind, "on": on}
    return button(text, action, kind, pressed=pressed)


@lru_cache(maxsize=64)
def _next_by_form(lang: str, current: str) -> str:
    """The host's choice of who starts the next deal (kept)."""
    return (
        '<form class="mp-form mp-room-next-by" data-action=\'{"type":"nextby"}\'>'
        + select_field("by", rt("next-by", lang), [(k, rt(f"next-by:{k}", lang)) for k in NEXT_BY], current)
        + submit_button(rt("next-by-go", lang), "next-by-go")
        + "</form>"
    )


@lru_cache(maxsize=1024)
def _free_form(taken: tuple[tuple[str, str], ...], lang: str) -> str:
    """The host's form to free a person's seat, over the seats taken and who holds each (kept)."""
    seats = [(code, f"{seat_name(Seat[code], lang)}: {who}") for code, who in taken]
    return (
        '<form class="mp-form mp-room-free" data-action=\'{"type":"free"}\'>'
        + select_field("seat", rt("free-seat", lang), seats, seats[0][0])
        + submit_button(rt("free-go", lang), "free-go")
        + "</form>"
    )


def _projector(
    room: Room, viewer: Viewer, seen: SeatView, now: float, base: str, rule_root: str | None
) -> list[str]:
    """The projector's screen, to be read across a room in one screenful: the table (whose turn,
    the trump), and beside it the invitation (small once every seat is taken), the deal's
    result once it is over and the score sheet (its last deal and the totals after it)."""
    lang = viewer.lang
    full = all(p.taken for p in room.players.values())
    table = table_part_list(seen, lang, you=None, names=_names(room, lang, now))
    main = [
        _head(room, viewer, base),
        _turn(room, seen, viewer, now),
        '<div class="mp-play-table">',
        *table,
        "</div>",
        auction_line(seen, lang),
        _comments(room, lang),
        tricks_line(seen, lang),
    ]
    side = [_invite(room, lang, base, big=not full, small=full)]
    if seen.phase is Phase.DONE:
        side.append(_after_deal(room, viewer, rule_root, now))
    side.append(_sheet(room.live.position.final, room.live.position.rules, lang, rule_root))
    return [
        '<div class="mp-room-projector-main">',
        *main,
        '</div><div class="mp-room-projector-side">',
        *side,
        "</div>",
    ]


def _kept(room: Room) -> dict[Hashable, Any]:
    """What the views of a room built for its present state and may build again for it (a
    refused card, the next broadcast's other views): emptied once the room has changed (its
    events are counted by ``Room.apply``, the one place a room's deal changes). Only what
    follows from the deal and the events is kept, never what the clock or the devices change."""
    kept = room.kept
    if kept.get("events") != room.events:
        kept.clear()
        kept["events"] = room.events
    return kept


def refusal_words(room: Room, err: IllegalAction, lang: str) -> str:
    """Why the rules refused a card, in words (``describe_error``): the refusal is said to the
    player and shown in the view built just after, so the words of the last refusal are kept
    for the room's state (only the last, in each language: a player refused again and again
    at one position adds nothing to what the room keeps)."""
    kept = _kept(room)
    key = ("refused", lang)
    last = kept.get(key)
    if last is not None and last[0] is err:
        said = last[1]
    else:
        said = describe_error(err, lang)
        kept[key] = (err, said)
    assert isinstance(said, str)
    return said


def _seen(room: Room, seat: Seat | None) -> SeatView:
    """What ``seat`` knows of the deal in play (``None``: a spectator), kept for the room's state."""
    kept = _kept(room)
    seen = kept.get(("seen", seat))
    if seen is None:
        deal = room.live.deal
        if seat is None:
            seen = SeatView.public(deal, room.era_totals)
        else:
            seen = SeatView.of(deal, seat, room.era_totals)
        kept[("seen", seat)] = seen
    assert isinstance(seen, SeatView)
    return seen


class _Said(dict[Hashable, str]):
    """Texts of a view kept by exactly what they are built from, whatever the room, the seat or
    the action: a room's next action leaves most of them as they were (the tricks taken and the
    declarations: ``_deal_parts`` built each again for every seat at every action). Emptied
    when full, or by ``cache_clear`` (as ``functools.lru_cache`` has it: a test empties every
    cache of this module the same way)."""

    LIMIT = 8192

    def __init__(self) -> None:
        super().__init__()
        self.cache_clear: Callable[[], None] = self.clear

    def text(self, key: Hashable, build: Callable[[], str]) -> str:
        text = self.get(key)
        if text is None:
            if len(self) >= self.LIMIT:
                self.clear()
            text = self[key] = build()
        return text


_SAID = _Said()


def _deal_parts(
    room: Room, seat: Seat | None, seen: SeatView, lang: str, rule_root: str | None
) -> tuple[str, ...]:
    """The parts of a view that follow from the deal as ``seat`` knows it alone: the comments,
    the auction, the family's notes, the tricks, the declarations and the last actions, each
    action's item a part of its own (``recent_parts``: an action adds one item, and the view
    sends only that one); kept for the room's state, the tricks and the declarations also by
    what they are built from (``_Said``: the rules and the tricks' winners, the rules and the
    declarations as the seat knows them)."""
    kept = _kept(room)
    key = ("deal", seat, lang, rule_root)
    parts = kept.get(key)
    if parts is None:
        rules = seen.rules
        winners = tuple(winner for _, _, winner in seen.tricks)
        parts = (
            _comments(room, lang),
            auction_line(seen, lang),
            family_notes(seen, room.live.deal, lang),
            _SAID.text(("tricks", rules, winners, lang), lambda: tricks_line(seen, lang)),
            _SAID.text(
                ("declarations", rules, seen.declarations, lang, rule_root),
                lambda: declarations_part(seen, lang, rule_root),
            ),
            *recent_parts(seen, lang, RECENT),
        )
        kept[key] = parts
    assert isinstance(parts, tuple)
    return parts


def _my_turn(room: Room, viewer: Viewer, seen: SeatView) -> bool:
    """Tell whether a connection's view offers its seat's controls: a seat whose turn it is (not
    one the club night's director put a bot in: the bot plays it, not the phone)."""
    return (
        viewer.role == "seat"
        and viewer.seat is not None
        and seen.phase is not Phase.DONE
        and seen.to_act == viewer.seat
        and viewer.seat not in room.bot_seats
    )


def _refused(viewer: Viewer, deal: Deal) -> IllegalAction | None:
    """The connection's refused action, while the deal is where it was refused."""
    return viewer.ui.refused if viewer.ui.refused_at == len(deal.history) else None


def _refusal_note(room: Room, refused: IllegalAction, lang: str, rule_root: str | None) -> str:
    """The note under the table that says why ``refused`` was refused (``refusal_html``)."""
    said = refusal_words(room, refused, lang)
    return refusal_html(refused, lang, room.live.position.rules, rule_root, said)


def refusal_patch(room: Room, viewer: Viewer, rule_root: str | None = ROOT) -> tuple[str, str]:
    """What a connection's view shows of its refused action beyond the view it had before the
    refusal: the card whose control is marked refused (``""``: none) and the note that says why
    (``""``: none), exactly what ``render`` adds for ``viewer.ui.refused``. The hub sends these
    alone (a ``refused`` message) and the page puts them into the view it has (``apply_refusal``,
    ``room.js``): a refusal builds no view."""
    if viewer.role != "seat" or viewer.seat is None:
        return "", ""
    deal = room.live.deal
    refused = _refused(viewer, deal)
    if refused is None or not _my_turn(room, viewer, _seen(room, viewer.seat)):
        return "", ""
    card = refused.action.card.code if isinstance(refused.action, Play) else ""
    return card, _refusal_note(room, refused, viewer.lang, rule_root)


REFUSED_MARK = "mp-refused"
"""The class of a refused card's item in the hand (``html.hand_parts``' mark)."""
TABLE_START = '<div class="mp-play-table">'
"""The part that opens the card table in a table's view: the refusal's note follows the table."""


def apply_refusal(parts: Sequence[str], card: str, note: str) -> tuple[str, ...]:
    """The parts of a view with a refusal put in, as the page does it (``room.js``): the first
    list item that draws the card (the hand's, which comes before the trick, the last actions
    and any record: the card is in the hand, so none of them has it) marked refused (its mark
    replaced, as ``render`` replaces it), and ``note`` put just after the card table (the part
    that closes its ``<div>``). ``parts`` are those of the view built without the refusal.

    >>> parts = ['<div class="mp-play-table">', '<li><b data-card="H7">7</b></li>', "</div>", "<p>x</p>"]
    >>> apply_refusal(parts, "H7", '<p class="mp-play-refused">No.</p>')[1:4]
    ('<li class="mp-refused"><b data-card="H7">7</b></li>', '</div>', '<p class="mp-play-refused">No.</p>')
    """
    out = list(parts)
    if card:
        key = f'data-card="{card}"'
        for i, part in enumerate(out):
            if part.startswith("<li") and key in part:
                out[i] = f'<li class="{REFUSED_MARK}">' + part[part.index(">") + 1 :]
                break
    if note and TABLE_START in out:
        depth = 0
        for i in range(out.index(TABLE_START), len(out)):
            depth += out[i].count("<div") - out[i].count("</div>")
            if depth == 0:
                out.insert(i + 1, note)
                break
    return tuple(out)


def _table(room: Room, viewer: Viewer, now: float, base: str, rule_root: str | None) -> list[str]:
    lang = viewer.lang
    live = room.live
    deal = live.deal
    seated = viewer.role == "seat" and viewer.seat is not None
    seen = _seen(room, viewer.seat if seated else None)
    over = seen.phase is Phase.DONE
    my_turn = _my_turn(room, viewer, seen)
    actions: dict[str, dict[str, Any]] = {}
    marks: dict[str, str] = {}
    if my_turn:
        actions, marks = card_controls(seen, pick=viewer.ui.pick)
    refused = _refused(viewer, deal) if my_turn else None
    if refused is not None and isinstance(refused.action, Play):
        marks[refused.action.card.code] = REFUSED_MARK
    shown = {s: deal.hands[s] for s in seen.seats} if every_hand(room, viewer) else None
    if viewer.role == "projector":
        return _projector(room, viewer, seen, now, base, rule_root)
    parts = [_head(room, viewer, base)]
    if room.evening:  # a club night's table: the round's time left (sent again each minute)
        parts.append(_table_clock(room, now, lang))
    if seated and viewer.seat in room.bot_seats:
        parts.append(bot_notice(lang))
    parts.append(_turn(room, seen, viewer, now))
    you = viewer.seat if seated else None
    names = _names(room, lang, now)
    table = table_part_list(seen, lang, you=you, actions=actions, marks=marks, shown=shown, names=names)
    parts.extend(['<div class="mp-play-table">', *table, "</div>"])
    if refused is not None:
        parts.append(_refusal_note(room, refused, lang, rule_root))
    comments, auction, family, tricks, declarations, *recent = _deal_parts(
        room, viewer.seat if seated else None, seen, lang, rule_root
    )
    parts.extend((comments, auction, family))
    if my_turn:
        parts.append(action_buttons(seen, lang, viewer.ui.pick))
        assert viewer.seat is not None
        if room.hint_level(viewer.seat) and room.hint is not None:
            text = room.hint[3].get(lang, room.hint[3]["en"])
            title = escape(rt("hint-from", lang))
            parts.append(f'<p class="mp-play-hint" role="note"><strong>{title}:</strong> {escape(text)}</p>')
    parts.extend((tricks, declarations, *recent))
    if over:
        parts.append(_after_deal(room, viewer, rule_root, now))
    elif viewer.role != "projector":
        parts.extend(_so_far(seen, lang))
        parts.append(_last_deal(room, viewer, rule_root))
    if viewer.host and viewer.role != "projector":
        parts.extend(_teacher(room, viewer, seen, now))
    parts.append(_sheet(live.position.final, live.position.rules, lang, rule_root))
    if seated:
        move = _button(rt("move", lang), "move")
        parts.append(f'<div class="mp-controls mp-room-tools">{move}</div>')
    if seated and viewer.ui.transfer:
        minutes = round(LIMITS.reclaim_s / 60)
        text = rt("move-code", lang, code=viewer.ui.transfer, minutes=minutes)
        parts.append(f'<p class="mp-note mp-room-transfer" role="note">{escape(text)}</p>')
    parts.append(_invite(room, lang, base))
    # Back to the start: last, away from the transfer button; a seated player is asked first.
    if viewer.ui.confirm is not None and viewer.ui.confirm[0] == "leave":
        parts.append(_question(room, viewer))
    else:
        leave = _button(rt("leave", lang), "leave")
        parts.append(f'<p class="mp-controls mp-room-leave">{leave}</p>')
    return parts


def render(
    room: Room | None,
    viewer: Viewer,
    now: float,
    base: str,
    limits: Limits = LIMITS,
    rule_root: str | None = ROOT,
) -> str:
    """The whole view of one connection: the lobby, a room's seats, or the table.

    ``rule_root``: where the rule links start (the site's root, ``html.ROOT``); ``None`` when
    the server serves no site (its own table page), where the rules are named unlinked."""
    return "".join(render_parts(room, viewer, now, base, limits, rule_root))


def render_parts(
    room: Room | None,
    viewer: Viewer,
    now: float,
    base: str,
    limits: Limits = LIMITS,
    rule_root: str | None = ROOT,
) -> tuple[str, ...]:
    """``render``'s view as its parts in order (the view is their concatenation): the head, the
    turn, the table, the log, each item of the record, the tools, the sheet... A view is sent
    as the parts that changed since the connection's last view (``delta``)."""
    if room is None or viewer.role == "lobby":
        return ('<div class="mp-room-view" data-role="lobby">', _lobby(viewer.lang, limits), "</div>")
    # Where the game stands (public): a page, or a test, can tell one view from the next.
    where = f'data-deal="{len(room.live.game.done) + 1}" data-moves="{len(room.live.deal.history)}"'
    if room.evening:  # a club night's table (its page leaves the room page's prose aside: room.js)
        where += ' data-evening="1"'
    if viewer.role == "visitor":
        body = _visitor(room, viewer, now, base, limits)
    else:
        body = _table(room, viewer, now, base, rule_root)
    return (f'<div class="mp-room-view" data-role="{escape(viewer.role)}" {where}>', *body, "</div>")


Delta = list["str | int"]
"""A view as sent: each of its parts in order, as its text, or as the index of the same text
among the parts of the view the connection was sent before."""


def delta(before: Sequence[str], after: Sequence[str]) -> Delta:
    """``after`` as the parts that changed since ``before``: each part that ``before`` holds too
    is the index of its text there (most of a view stays as it was from one action to the next:
    the sheet, the tools, the invitation, the record's earlier items).

    >>> delta(("<ol>", "<li>x</li>", "</ol>"), ("<ol>", "<li>x</li>", "<li>y</li>", "</ol>"))
    ['<ol>', 1, '<li>y</li>', 2]
    >>> apply_delta(("<ol>", "<li>x</li>", "</ol>"), ["<ol>", 1, "<li>y</li>", 2])
    ('<ol>', '<li>x</li>', '<li>y</li>', '</ol>')

    (A text of a few characters is sent as it is: its index would be as long.)
    """
    if not before:
        return list(after)
    at = {text: i for i, text in enumerate(before)}
    return [at.get(text, text) if len(text) > 4 else text for text in after]


def apply_delta(before: Sequence[str], sent: Sequence[Any]) -> tuple[str, ...]:
    """The parts of a view from what was sent (``delta``) and the parts of the view before, as
    the page does it (``room.js``); ``ValueError`` for an index the view before does not have."""
    out = []
    for part in sent:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, int) and not isinstance(part, bool) and 0 <= part < len(before):
            out.append(before[part])
        else:
            raise ValueError(f"no part {part!r} in the view before")
    return tuple(out)


def said_to(viewer: Viewer, text: str) -> str:
    """A text as a connection's screen reader hears it: cards and suits by name; nothing on
    the projector (a public screen that speaks would talk over the table)."""
    return "" if viewer.role == "projector" else spoken(text, viewer.lang)


def announce_action(seat: Seat, action_seen: Any, viewer: Viewer, deal: Deal | None = None) -> str:
    """What a connection's screen reader is told of an action (as the viewer may know it):
    one message, the action, then (from ``deal``, the deal just after it) who took the trick
    it finished, the deal's result, and "your turn" for the seat to act next."""
    lang = viewer.lang
    you = viewer.seat if viewer.role == "seat" else None
    if you == seat:
        said = pt("you-did", lang, what=log_label(action_seen, lang))
    else:
        said = pt("did", lang, seat=seat_name(seat, lang), what=log_label(action_seen, lang))
    more = after_action(deal, lang, you) if deal is not None else []
    return said_to(viewer, " ".join([said, *more]))
