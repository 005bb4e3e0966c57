"""Text from outside: a lone surrogate never reaches a reply, and a message quotes only a
short, clean excerpt of what the reader typed.

A lone surrogate ("\\ud800", half of a UTF-16 pair) typed into a page came back in the
bridge's reply, which then could not be encoded as UTF-8: a server that encodes every
reply would fail. Every widget is fed one in every text field of its state and of every
action its view offers, as a JSON escape and as a raw character, and its link too; every
reply must encode. The score keeper's "record" action quoted the pasted text raw in its
announcement (``found '<script>alert'``); every announcement of every widget fed markup,
control characters and a long text quotes at most a short excerpt of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from marjapussi.outside_text import EXCERPT_LENGTH
from marjapussi.web import bridge

from .webkit import WIDGET_ARGS, actions_of

KINDS = {**WIDGET_ARGS, "score-keeper": ["", "pagat", "huutopussi"], "dispute": [""]}
SURROGATES = ["\ud800", "\udfff", "a\ud83db"]
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]")
LONG = "q" * 5000
HOSTILE = f"<script>alert(1)</script>\x1b[2J\u202e{LONG}"


def _strings(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every string in a state (nested objects and lists included)."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, (*path, i))


def _with(value: Any, path: tuple[Any, ...], text: str) -> Any:
    """A copy of ``value`` with the string at ``path`` given ``text`` after it."""
    if not path:
        return value + text
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _with(value[path[0]], path[1:], text)
    return copy


def _send(kind: str, lang: str, state: Any, action: Any, raw: bool) -> dict[str, Any]:
    data = {"widget": kind, "lang": lang, "state": state, "action": action}
    message = json.dumps(data, ensure_ascii=not raw)
    reply = bridge.handle(message)
    reply.encode("utf-8")  # raises UnicodeEncodeError if a lone surrogate came back
    decoded: dict[str, Any] = json.loads(reply)
    return decoded


def _offered(kind: str, args: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    state = bridge.initial_state(kind, args)
    body = _send(kind, "en", state, {"type": "noop"}, raw=False)["html"]  # the view, refused
    actions = actions_of(body)
    unique = {json.dumps(a, sort_keys=True): a for a in actions}
    return state, list(unique.values())


CASES = [(kind, args) for kind, all_args in KINDS.items() for args in all_args]


@pytest.mark.parametrize(("kind", "args"), CASES, ids=[f"{k}-{a or 'default'}" for k, a in CASES])
def test_every_widget_fed_a_lone_surrogate_replies_with_text_that_encodes(kind: str, args: str) -> None:
    state, actions = _offered(kind, args)
    first = actions[0] if actions else {"type": "noop"}
    for n, path in enumerate(_strings(state)):
        bad = SURROGATES[n % len(SURROGATES)]
        for raw in (False, True):
            _send(kind, "fi", _with(state, path, bad), first, raw)
    for n, action in enumerate([*actions, {"type": "restore"}, {"type": "import"}, {"type": "check"}]):
        bad = SURROGATES[n % len(SURROGATES)]
        for path in [*_strings(action), ("text",)]:
            sent = _with(action, path, bad) if path != ("text",) else {**action, "text": "x" + bad}
            for raw in (False, True):
                _send(kind, "ru", state, sent, raw)
    reply = bridge.from_url(kind, f"?w={kind}&p=\ud800", "en")
    reply.encode("utf-8")


@pytest.mark.parametrize(("kind", "args"), CASES, ids=[f"{k}-{a or 'default'}" for k, a in CASES])
def test_an_announcement_quotes_at_most_a_short_clean_excerpt_of_the_text(kind: str, args: str) -> None:
    state, actions = _offered(kind, args)
    for action in [*actions, {"type": "restore"}, {"type": "import"}, {"type": "record"}, {"type": "check"}]:
        sent = [{**action, "text": HOSTILE}]
        named = [name for name in action if name != "type" and isinstance(action[name], str)]
        sent += [{**action, name: HOSTILE} for name in named]
        for one in sent:
            reply = _send(kind, "en", state, one, raw=True)
            said = reply["announce"]
            assert "<" not in said and ">" not in said, said
            assert not CONTROLS.search(said), said
            assert "q" * (EXCERPT_LENGTH + 1) not in said, said[:200]


def test_a_record_with_markup_is_refused_quoting_a_clean_excerpt_in_both_table_widgets() -> None:
    text = "<script>alert(1)</script>"
    for kind, action in (("score-keeper", "record"), ("dispute", "check")):
        reply = _send(kind, "en", bridge.initial_state(kind), {"type": action, "text": text}, raw=False)
        assert "<script" not in reply["announce"] and "'alert'" in reply["announce"]
        assert reply["announce"].count("line 1, column 1") == 1  # said once, not twice
