"""The bridge between a page and the rules: four functions, JSON in and out.

- ``render(kind, args, lang)``: the whole widget in its first state, as static HTML (the
  site hook calls it at build time for each ``<!-- widget: KIND ARGS -->`` line).
- ``handle(message)``: a reader's action on a widget → the widget's next view. JSON in,
  JSON out, and it never raises: bad input gives ``ok: false``, a translated message and
  a safe state.
- ``from_url(kind, query, lang)``: open the position of a shared link (``?w=KIND&p=...``).
- ``share_query(kind, state)``: the link query that reopens a state.

Each widget is a module with ``initial(args)``, ``check(state)``, ``apply(state,
action, lang)`` and ``view(state, lang)``; the bridge adds the frame, the share link
and the error handling around them.

>>> html = render("which-card", "must-beat", "en")
>>> html.startswith('<div class="mp-widget" data-widget="which-card" data-lang="en"')
True
>>> reply = json.loads(handle(json.dumps({"widget": "which-card", "lang": "en",
...     "state": initial_state("which-card", "must-beat"), "action": {"type": "play", "card": "HA"}})))
>>> reply["ok"], reply["state"]["pick"]
(True, 'HA')
>>> json.loads(handle("<script>"))["ok"]
False
>>> share_query("which-card", initial_state("which-card", "must-beat"))
'?w=which-card&p=must-beat.0.guild.1.-'
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from ..escaping import escape
from ..i18n import spoken
from ..messages import LANGUAGES
from ..outside_text import well_formed, well_formed_data
from .common import BadInput, decode_fields, encode_fields, share_link
from .texts import wt

__all__ = ["WIDGETS", "WidgetModules", "from_url", "handle", "initial_state", "render", "share_query"]


class WidgetModules(Mapping[str, ModuleType]):
    """The widget kinds and the modules that implement them, each imported when first asked for.

    A page needs the modules of its own widgets only: the browser's memory snapshot
    (``scripts/make_snapshot.mjs``) holds some imported and the others as source, compiled
    on their first use, so that a first visit does not download what it does not run.

    >>> widgets = WidgetModules({"which-card": "which_card"})
    >>> list(widgets), widgets["which-card"].__name__
    (['which-card'], 'marjapussi.web.which_card')
    """

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = dict(names)
        """Each kind's module, by its name in this package."""

    def __getitem__(self, kind: str) -> ModuleType:
        return importlib.import_module(f"{__package__}.{self.names[kind]}")

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, kind: object) -> bool:
        return isinstance(kind, str) and kind in self.names


WIDGETS = WidgetModules({
    "trick-stepper": "trick_stepper",
    "which-card": "which_card",
    "asking": "asking",
    "scoring": "scoring",
    "score-keeper": "score_keeper",
    "dispute": "dispute",
    "course": "course",
    "quiz": "quiz",
    "play": "play",
})
"""The widget kinds and the modules that implement them."""

MAX_MESSAGE = 500_000
"""The longest message ``handle`` reads: a score sheet with its saved text, or a pasted
record, stays well under it (the other widgets' messages are under 2 000 characters)."""

MAX_QUERY = 600
"""The longest link query ``from_url`` reads."""

LABELS = {
    "trick-stepper": "stepper-label",
    "which-card": "which-label",
    "asking": "asking-label",
    "scoring": "scoring-label",
    "score-keeper": "sk-label",
    "dispute": "dp-label",
}


def _module(kind: str) -> ModuleType:
    try:
        return WIDGETS[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown widget kind {kind!r}; known: {', '.join(WIDGETS)}") from None


def initial_state(kind: str, args: str = "") -> dict[str, Any]:
    """The first state of a widget for its arguments; ``ValueError`` for unknown ones."""
    module = _module(kind)
    state: dict[str, Any] = module.check(module.initial(args))
    return state


def _default(kind: str) -> dict[str, Any]:
    module = _module(kind)
    return initial_state(kind, module.DEFAULT_ARGS)


def _body(kind: str, state: Mapping[str, Any], lang: str) -> str:
    module = WIDGETS[kind]
    view: str = module.view(state, lang)
    if not getattr(module, "SHAREABLE", True):  # a sheet or a pasted record: no link
        return view
    return view + share_link(share_query(kind, state), lang)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def render(kind: str, args: str, lang: str) -> str:
    """Give the static HTML of a widget in its first state; ``ValueError`` for bad input.

    The root carries ``data-root="@root@"`` and the links ``@root@/...``: the site hook
    replaces ``@root@`` with the page's path to the site root.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    state = initial_state(kind, args)
    ident = "w-" + _slug(f"{kind} {args}")
    data = escape(json.dumps(state, separators=(",", ":"), ensure_ascii=False), quote=True)
    module = WIDGETS[kind]
    label = escape(module.label(lang) if hasattr(module, "label") else wt(LABELS[kind], lang))
    store = getattr(module, "STORE", "")
    # A widget with a STORE key is kept in the browser's local storage under that key.
    kept = f' data-store="{escape(store, quote=True)}"' if store else ""
    return (
        f'<div class="mp-widget" data-widget="{kind}" data-lang="{lang}" data-state=\'{data}\' '
        f'id="{ident}" data-root="@root@" role="region" aria-label="{label}"{kept}>'
        f'<div class="mp-widget-body">{_body(kind, state, lang)}</div>'
        '<p class="mp-widget-status" role="status" aria-live="polite"></p></div>'
    )


def _reply(ok: bool, kind: str | None, state: Mapping[str, Any], lang: str, announce: str) -> dict[str, Any]:
    html = _body(kind, state, lang) if kind is not None else ""
    # The status line is a live region: cards and suits are said by name, not as symbols.
    reply = {"ok": ok, "html": html, "state": dict(state), "announce": spoken(announce, lang)}
    # A widget may ask the page to send one more action by itself after a delay (the
    # Play page's bots move so): ``then: {"action": {...}, "delay_ms": N}``.
    follow = getattr(WIDGETS[kind], "follow_up", None) if kind is not None else None
    if follow is not None:
        then = follow(state)
        if then is not None:
            reply["then"] = then
    return reply


def _fail_default(kind: str, lang: str, key: str) -> dict[str, Any]:
    return _reply(False, kind, _default(kind), lang, wt(key, lang))


def _handle(message: Any) -> dict[str, Any]:
    if not isinstance(message, str) or len(message) > MAX_MESSAGE:
        return {"ok": False, "html": "", "state": {}, "announce": wt("bad-message", "en")}
    try:
        # A lone surrogate (raw, or a "\ud800" escape) becomes U+FFFD: every reply encodes as UTF-8.
        data = well_formed_data(json.loads(message))
    except (ValueError, RecursionError):
        return {"ok": False, "html": "", "state": {}, "announce": wt("bad-message", "en")}
    if not isinstance(data, dict):
        return {"ok": False, "html": "", "state": {}, "announce": wt("bad-message", "en")}
    lang = data.get("lang")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        lang = "en"
    kind = data.get("widget")
    if not isinstance(kind, str) or kind not in WIDGETS:
        return {"ok": False, "html": "", "state": {}, "announce": wt("unknown-widget", lang)}
    module = WIDGETS[kind]
    try:
        state = module.check(data.get("state"))
    except BadInput:
        # A widget may keep what holds of a damaged state (``recover``: state and message).
        recover = getattr(module, "recover", None)
        kept = recover(data.get("state"), lang) if recover is not None else None
        if kept is not None:
            return _reply(False, kind, kept[0], lang, kept[1])
        return _fail_default(kind, lang, "bad-state")
    action = data.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return _reply(False, kind, state, lang, wt("bad-action", lang))
    try:
        new, announce = module.apply(state, action, lang)
        new = module.check(new)
    except BadInput as err:
        key = err.key if err.key in ("bad-action", "bad-state") else "bad-action"
        return _reply(False, kind, state, lang, wt(key, lang))
    return _reply(True, kind, new, lang, announce)


def handle(message: str) -> str:
    """Answer a reader's action: JSON in, JSON out; never raises.

    In: ``{"widget": KIND, "lang": "fi"|"en"|"ru", "state": {...}, "action": {...}}``.
    Out: ``{"ok": true, "html": BODY, "state": {...}, "announce": "..."}``, or ``ok:
    false`` with the same (or, for a bad state, the default) position and a message.
    """
    try:
        reply = _handle(message)
    except Exception:  # a bug must not break the page: say so and keep the page alive
        reply = {"ok": False, "html": "", "state": {}, "announce": wt("bad-message", "en")}
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))


def share_query(kind: str, state: Mapping[str, Any]) -> str:
    """The link query that reopens a state: ``?w=KIND&p=CODE`` (``BadInput`` for a bad state)."""
    module = _module(kind)
    checked = module.check(state)
    if hasattr(module, "share_code"):  # a code of its own (the Play page's deal and its actions)
        return f"?w={kind}&p={module.share_code(checked)}"
    return f"?w={kind}&p={encode_fields(checked, module.FIELDS)}"


def _from_url(kind: str, query: Any, lang: str) -> dict[str, Any]:
    if not isinstance(kind, str) or kind not in WIDGETS:
        return {"ok": False, "html": "", "state": {}, "announce": wt("unknown-widget", lang)}
    if not isinstance(query, str) or len(query) > MAX_QUERY:
        return _fail_default(kind, lang, "bad-url")
    query = well_formed(query)
    try:
        from urllib.parse import parse_qs  # only a shared link needs it: keep it off the start-up path

        params = parse_qs(query.lstrip("?#"), keep_blank_values=True, max_num_fields=12)
        widget = params.get("w", [""])
        code = params.get("p", [""])
        if len(widget) != 1 or widget[0] != kind or len(code) != 1:
            raise BadInput("bad-url")
        module = WIDGETS[kind]
        decode = getattr(module, "decode_share", None)  # a code of its own (see share_query)
        fields = decode(code[0]) if decode is not None else decode_fields(code[0], module.FIELDS)
        state = module.check(fields)
    except (BadInput, ValueError):
        return _fail_default(kind, lang, "bad-url")
    return _reply(True, kind, state, lang, wt("from-url", lang))


def from_url(kind: str, query: str, lang: str) -> str:
    """Open the position of a shared link; JSON like ``handle``'s answer; never raises.

    ``query`` is the page address's query (``?w=which-card&p=must-beat.1.guild.1.HA``).
    A link for another widget, a malformed or hostile one gives ``ok: false``, a message
    and the widget's default position.
    """
    if not isinstance(lang, str) or lang not in LANGUAGES:
        lang = "en"
    try:
        reply = _from_url(kind, query, lang)
    except Exception:
        reply = {"ok": False, "html": "", "state": {}, "announce": wt("bad-url", lang)}
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
