"""Every message a client sends, parsed and checked in one place.

A message is one JSON object of at most ``Limits.message_bytes`` bytes with a ``type``
and the fields of that type (unknown fields are ignored). ``parse`` gives a ``Command``
whose fields are all checked (a card is a card, a seat a seat of the four, a language
one of the three, a name short plain text; a lone surrogate in any text is read as
U+FFFD, as everywhere text enters: ``outside_text.well_formed``), or raises ``Refused``
with the key of a translated message (``views.refusal``); it never raises anything else.

Types (the buttons of the server's views carry the same objects in ``data-action``):

- ``hello`` (``lang``, ``room``, ``token``, ``host``, ``view``, ``teach``, ``hands``): the
  first message of a connection: its language, and the room, seat token and host token kept
  on the device; ``view`` ``projector`` asks for the projector's view (``evening``, with no
  room: the form that starts a club night); ``teach`` and
  ``hands`` (kept on the host's device) bring back the host's own view and a seated host's
  choice to see every hand.
- ``lang`` (``lang``): this connection's language.
- ``create`` (``r``, ``N``/``E``/``S``/``W``: ``person`` or a bot level, ``grace``, ``open``,
  ``standin``, ``next``, ``seat``, ``name``): a new room, its creator the host; ``next`` says
  who starts the next deal (``NEXT_BY``; empty: the host when the host takes no seat, else
  the players once every one is ready).
- ``join`` (``room``), ``sit`` (``seat``, ``name``), ``watch`` (``projector``), ``reclaim``
  (``code``), ``move`` (show a reclaim code), ``leave`` (a seated player is asked first, unless
  ``sure``).
- ``play`` (``card``, ``marriage``), ``act`` (``code``: a call, declaration, ask, answer or
  trumps as the engine writes it), ``pick`` (``card``), ``discard``, ``next``, ``again`` (a new
  game once this one is over; a player's press says the player is ready where the players
  start it), ``ready`` (``on``: a player says the next deal may start, or takes it back),
  ``why`` (``i``: a bot's reason, once the deal is over), ``last`` (``on``: a seat opens, or
  closes, the previous deal's review and record during the next deal).
- ``pong``: the answer to the server's heartbeat.
- A club night's (``evenings``): ``evening-create`` (``format``: ``deals``, the same deals at
  every table, four-player rules only, or ``games``; ``r``, ``rounds``, ``boards``: deals a
  round, 0 for a whole game in Games, ``bots``, ``minutes``: a round's time), ``evening-join``
  (``evening``: its code, ``name``, ``partner``: a partner's name, or empty to be found one),
  ``evening-claim`` (``evening``: its code, ``code``: the player code the director's screen
  showed for a player the director added: the phone takes that player's place),
  ``evening-next`` (the next board at the player's table), ``evening-table`` (to the
  player's table), ``evening-review`` (``board``: the player's own review of any deal the
  player's table has played to its end this evening, on the phone; ``at``: ``card`` when
  opened from the score card, else ``results``, where the focus comes back to),
  ``evening-view`` (back to the evening,
  from a review too; the director's too, from a table),
  ``evening-seat`` (a player takes back the seat the director put a bot in), and the director's
  ``evening-do`` (``what``: ``add`` (``name``, ``mate``: the id of a player here without a
  partner, or ``partner``: a second new player's name; both empty: found later), ``invite``
  (``id``: a new one-time player code for the player's phone), ``rename`` (``id``,
  ``name``), ``pair`` (``id``, ``b``), ``remove``,
  ``absent`` (``id``), ``round``, ``correct`` (``round``, ``table``, ``board``, ``ns``, ``ew``:
  points, or with ``share`` percentages, ``note``), ``bot`` (``table``, ``seat``, ``on``: a bot
  plays the seat of the round in play's table, or the seat is given back), ``watch``
  (``table``: the director goes to a table, as its host), ``end``).
- ``confirm`` (``yes``): the answer to the question the connection's view asks before a step
  that loses something (a prepared position ends the game in play): the step is taken, or not.
- The host's tools (``HOST_ONLY``; refused for any other connection): ``hands`` (a seated
  host shows every hand, or the own hand only, again), ``back`` (take back the deal's last
  action), ``rewind`` (``n``: the deal goes back to before its action number ``n``),
  ``pause`` (``on``: the bots wait, or play again), ``comment`` (``text``: to every
  screen and into the deal's record), ``position`` (``record``: a record's text, pasted or
  opened, up to ``Limits.record_bytes``; or ``exercise``: a course exercise's id): the
  position is dealt instead of a shuffle (a game in play is lost: the host is asked first,
  unless ``sure``); ``hint`` (the next hint for the player to act,
  to that player only); ``free`` (``seat``): a person's seat is free again, for another
  device to take (the host's reassignment of a seat whose old device is lost); ``nextby``
  (``by``): who starts the next deal (``NEXT_BY``).

>>> parse('{"type": "play", "card": "sa"}', LIMITS).args
{'card': 'SA', 'marriage': False}
>>> parse('{"type": "play", "card": "S5"}', LIMITS)
Traceback (most recent call last):
...
marjapussi.rooms.protocol.Refused: bad-message
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ..cards import Seat, parse_card
from ..deal import PLAYING_SEATS
from ..errors import MarjapussiError
from ..game import LEVELS, MAX_ACTIONS, RULESETS
from ..messages import LANGUAGES
from ..outside_text import well_formed_data
from .codes import RECLAIM_LENGTH, normal_code
from .limits import LIMITS, Limits

NEXT_BY = ("host", "ready")
"""Who starts the next deal and a new game: the host's press, or every seat saying it is ready
(the host's press deals under either)."""

__all__ = ["HOST_ONLY", "LIMITS", "NEXT_BY", "PERSON", "Command", "Refused", "parse"]

PERSON = "person"
"""A seat of the room's set-up that a person takes (the others name a bot level)."""
HOST_ONLY = frozenset({"hands", "back", "rewind", "pause", "comment", "position", "hint", "free", "nextby"})
"""The messages only the room's host may send (the teacher's tools)."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
ACTION_CODE = re.compile(r"[a-z0-9 A-Z+]{1,40}")
EXERCISE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){0,5}")


def _unseen(text: str, control: str) -> str:
    """``text`` without its format characters (Unicode category Cf: the invisible joiners,
    marks and operators, bidirectional overrides, soft hyphens, byte order marks, whatever
    Unicode adds to them), its control characters (Cc: a line break among them) replaced by
    ``control``."""
    out = []
    for c in text:
        kind = unicodedata.category(c)
        out.append(control if kind == "Cc" else "" if kind == "Cf" else c)
    return "".join(out)


class Refused(Exception):
    """A message refused: ``key`` names the translated message (``views.refusal``)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Command:
    """A checked message: its ``kind`` (the ``type``) and its checked fields."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)


def _text(data: dict[str, Any], key: str, pattern: re.Pattern[str], default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise Refused("bad-message")
    return value


def _choice(data: dict[str, Any], key: str, choices: Any, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise Refused("bad-message")
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise Refused("bad-message")
    return value


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,6}", value):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Refused("bad-message")
    return value


def _seat(data: dict[str, Any], key: str = "seat") -> Seat:
    return Seat[_choice(data, key, [s.name for s in Seat])]


def _card(data: dict[str, Any]) -> str:
    value = data.get("card")
    if not isinstance(value, str) or len(value) > 3:
        raise Refused("bad-message")
    try:
        return parse_card(value).code
    except (MarjapussiError, ValueError):
        raise Refused("bad-message") from None


def _room(data: dict[str, Any], required: bool) -> str | None:
    value = data.get("room")
    if value in (None, "") and not required:
        return None
    code = normal_code(value) if isinstance(value, str) else None
    if code is None:
        raise Refused("bad-room-code")
    return code


def _optional_token(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value in (None, ""):
        return None
    if not isinstance(value, str) or not TOKEN.fullmatch(value):
        return None  # a damaged token kept on a device: as if there were none
    return value


def player_name(value: Any, limits: Limits = LIMITS) -> str:
    """A player's name as typed: plain text, trimmed, at most ``limits.name_chars`` characters."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 4 * limits.name_chars:
        raise Refused("bad-name")
    name = " ".join(_unseen(value, "").split())
    if len(name) > limits.name_chars:
        raise Refused("bad-name")
    return name


def comment_text(value: Any, limits: Limits = LIMITS) -> str:
    """A comment of the host's as typed: plain text on one line, at most ``limits.comment_chars``
    characters, not empty."""
    if not isinstance(value, str) or len(value) > 4 * limits.comment_chars:
        raise Refused("bad-comment")
    text = " ".join(_unseen(value, " ").split())
    if not text or len(text) > limits.comment_chars:
        raise Refused("bad-comment")
    return text


def _create(data: dict[str, Any], limits: Limits) -> dict[str, Any]:
    r = _choice(data, "r", RULESETS)
    seats: dict[str, str] = {}
    for seat in PLAYING_SEATS[RULESETS[r].players]:
        seats[seat.name] = _choice(data, seat.name, (PERSON, *LEVELS), PERSON)
    grace = _int(data, "grace", 0, 10_000)
    if grace not in limits.grace_choices:
        raise Refused("bad-message")
    mine = data.get("seat", "")
    if mine not in ("", None):
        mine = _choice(data, "seat", list(seats))
        if seats[mine] != PERSON:
            raise Refused("seat-is-bot")
    return {
        "r": r,
        "seats": seats,
        "grace": grace,
        "open": _flag(data, "open"),
        "standin": _choice(data, "standin", LEVELS, "club"),
        # who starts the next deal: by default the host when the host takes no seat
        "next": _choice(data, "next", ("", *NEXT_BY), "") or ("ready" if mine else "host"),
        "seat": mine or "",
        "name": player_name(data.get("name"), limits),
    }


EVENING_DOES = (
    "add", "invite", "rename", "pair", "remove", "absent", "round", "correct", "end", "bot", "watch",
)  # fmt: skip
"""What the director of a club night may do (``evening-do``'s ``what``)."""
REVIEW_FROM = ("results", "card")
"""Where a phone opened its own review of a deal (``evening-review``'s ``at``): the deal's
results or the score card; the way back lands on the control that opened it."""
MEMBER_ID = re.compile(r"p[0-9]{1,4}")
MATE_ID = re.compile(r"(p[0-9]{1,4})?")


def _evening(kind: str, data: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """The fields of a club night's message (see the module docstring)."""
    if kind == "evening-create":
        form = _choice(data, "format", ("deals", "games"), "deals")
        r = _choice(data, "r", RULESETS)
        if form == "deals" and RULESETS[r].players != 4:
            raise Refused("evening-rules")
        return {
            "r": r,
            "format": form,
            "rounds": _int(data, "rounds", 1, 20),
            "boards": _int(data, "boards", 0 if form == "games" else 1, 8),
            "bots": _flag(data, "bots"),
            "minutes": _int(data, "minutes", 5, 240),
        }
    if kind == "evening-join":
        code = _room({"room": data.get("evening")}, required=True)
        name = player_name(data.get("name"), limits)
        if not name:
            raise Refused("evening-name")
        return {"evening": code, "name": name, "partner": player_name(data.get("partner"), limits)}
    if kind == "evening-claim":
        code = _room({"room": data.get("evening")}, required=True)
        claim = data.get("code", "")
        player = normal_code(claim, RECLAIM_LENGTH) if isinstance(claim, str) else None
        if player is None:
            raise Refused("evening-bad-claim")
        return {"evening": code, "code": player}
    if kind in ("evening-next", "evening-table", "evening-view", "evening-seat"):
        return {}
    if kind == "evening-review":
        return {"board": _int(data, "board", 1, 1000), "at": _choice(data, "at", REVIEW_FROM, "results")}
    if kind != "evening-do":
        raise Refused("bad-message")
    what = _choice(data, "what", EVENING_DOES)
    out: dict[str, Any] = {"what": what}
    if what in ("rename", "pair", "remove", "absent", "invite"):
        out["id"] = _text(data, "id", MEMBER_ID)
    if what == "add":
        out["name"] = player_name(data.get("name"), limits)
        if not out["name"]:
            raise Refused("evening-name")
        out["mate"] = _text(data, "mate", MATE_ID, "")
        out["partner"] = player_name(data.get("partner"), limits)
    elif what == "rename":
        out["name"] = player_name(data.get("name"), limits)
    elif what == "pair":
        out["b"] = _text(data, "b", MEMBER_ID)
    elif what in ("bot", "watch"):
        out["table"] = _int(data, "table", 1, 1000)
        if what == "bot":
            out["seat"] = _seat(data, "seat")
            out["on"] = _flag(data, "on")
    elif what == "correct":
        for key in ("round", "table", "board"):
            out[key] = _int(data, key, 1, 10_000)
        out["share"] = _flag(data, "share")
        low = 0 if out["share"] else -100_000
        high = 100 if out["share"] else 100_000
        out["ns"], out["ew"] = _int(data, "ns", low, high), _int(data, "ew", low, high)
        out["note"] = comment_text(data.get("note"), limits)
    return out


def _fields(kind: str, data: dict[str, Any], limits: Limits) -> dict[str, Any]:
    if kind.startswith("evening-"):
        return _evening(kind, data, limits)
    if kind == "hello":
        return {
            "lang": _choice(data, "lang", LANGUAGES, "en"),
            "room": _room(data, required=False),
            "token": _optional_token(data, "token"),
            "host": _optional_token(data, "host"),
            "view": _choice(data, "view", ("", "projector", "evening"), ""),
            "teach": _flag(data, "teach"),
            "hands": _flag(data, "hands"),
        }
    if kind == "lang":
        return {"lang": _choice(data, "lang", LANGUAGES)}
    if kind == "create":
        return _create(data, limits)
    if kind == "join":
        return {"room": _room(data, required=True)}
    if kind == "sit":
        return {"seat": _seat(data), "name": player_name(data.get("name"), limits)}
    if kind == "free":
        return {"seat": _seat(data)}
    if kind == "watch":
        return {"projector": _flag(data, "projector")}
    if kind == "reclaim":
        code = normal_code(data.get("code", ""), RECLAIM_LENGTH)
        if code is None:
            raise Refused("bad-reclaim")
        return {"code": code}
    if kind == "play":
        return {"card": _card(data), "marriage": _flag(data, "marriage")}
    if kind == "pick":
        return {"card": _card(data)}
    if kind == "act":
        return {"code": _text(data, "code", ACTION_CODE)}
    if kind == "why":
        return {"i": _int(data, "i", 0, MAX_ACTIONS)}
    if kind == "position":
        ident = data.get("exercise") or ""
        record = data.get("record") or ""
        if not isinstance(ident, str) or not isinstance(record, str) or bool(ident) == bool(record.strip()):
            raise Refused("no-position")
        if ident and not EXERCISE.fullmatch(ident):
            raise Refused("no-position")
        return {"exercise": ident, "record": record, "sure": _flag(data, "sure")}
    if kind == "comment":
        return {"text": comment_text(data.get("text"), limits)}
    if kind in ("pause", "ready", "last"):
        return {"on": _flag(data, "on")}
    if kind == "nextby":
        return {"by": _choice(data, "by", NEXT_BY)}
    if kind == "confirm":
        return {"yes": _flag(data, "yes")}
    if kind == "rewind":
        return {"n": _int(data, "n", 0, MAX_ACTIONS)}
    if kind == "leave":
        return {"sure": _flag(data, "sure")}
    if kind in ("move", "discard", "next", "again", "pong", "hands", "back", "hint"):
        return {}
    raise Refused("bad-message")


def parse(text: Any, limits: Limits = LIMITS) -> Command:
    """Parse and check one message; ``Refused`` (with a message key) for anything wrong."""
    if isinstance(text, bytes):
        raise Refused("bad-message")
    # A record for a prepared position may be longer than any other message.
    if not isinstance(text, str) or len(text) > limits.record_bytes:
        raise Refused("too-long")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.record_bytes:
        raise Refused("too-long")
    try:
        data = well_formed_data(json.loads(text))  # a "\ud800" escape: U+FFFD, so replies encode
    except (ValueError, RecursionError):
        raise Refused("bad-message") from None
    if not isinstance(data, dict):
        raise Refused("bad-message")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise Refused("bad-message")
    if size > limits.message_bytes and kind != "position":
        raise Refused("too-long")
    return Command(kind, _fields(kind, data, limits))
