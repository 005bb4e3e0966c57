"""Hostile or broken messages and links: a message and a safe state, never raw input in HTML."""

from __future__ import annotations

import json

import pytest

from marjapussi.web import bridge
from marjapussi.web.texts import wt

from .webkit import LANGS, WIDGET_ARGS, call, check_html

EVIL = "<script>alert(1)</script>"
EVIL_STRINGS = [
    EVIL,
    '"><img src=x onerror=alert(1)>',
    "'; alert(1); '",
    "javascript:alert(1)",
    "SA<b>",
    "@root@",
    "\u202e\u0000\ud800",
    "x" * 100_000,
    "♠A",
    "Ⅻ",
    "１２",
    "S\u0410",
]
WRONG_VALUES = [None, True, 1.5, -1, 10**40, [], {}, [1, 2], {"a": 1}, "", " ", *EVIL_STRINGS]


def assert_harmless(reply: dict, *, lang: str = "en") -> None:
    text = json.dumps(reply, ensure_ascii=False)
    assert "<script" not in text and "onerror" not in text and "<img" not in text
    assert "javascript:" not in reply["html"]
    if reply["html"]:
        check_html(reply["html"])
    assert isinstance(reply["announce"], str) and reply["announce"]


@pytest.mark.parametrize(
    "message",
    [
        "",
        "<script>",
        "null",
        "[]",
        '"text"',
        "{",
        '{"widget": "which-card"',
        "[" * 5000 + "]" * 5000,
        json.dumps({"widget": EVIL, "lang": "en", "state": {}, "action": {}}),
        json.dumps({"widget": ["which-card"], "lang": "en", "state": {}, "action": {}}),
        json.dumps({"widget": "which-card", "lang": EVIL, "state": {}, "action": {}}),
        json.dumps({"widget": "which-card", "lang": "fi", "state": "x" * 30_000, "action": {}}),
        '{"widget": "which-card", "lang": "fi", "state": NaN, "action": {"type": "play"}}',
    ],
)
def test_broken_messages_get_a_message(message: str) -> None:
    reply = json.loads(bridge.handle(message))
    assert reply["ok"] is False
    assert_harmless(reply)


def test_handle_never_raises_on_wrong_types() -> None:
    for value in (None, 5, b"{}", ["x"]):
        reply = json.loads(bridge.handle(value))  # type: ignore[arg-type]
        assert reply["ok"] is False


@pytest.mark.parametrize("kind", list(WIDGET_ARGS))
def test_every_state_field_rejects_wrong_values(kind: str) -> None:
    good = bridge.initial_state(kind, WIDGET_ARGS[kind][0])
    default = bridge.initial_state(kind, bridge.WIDGETS[kind].DEFAULT_ARGS)
    for field in good:
        for value in WRONG_VALUES:
            if value == good[field] or (value == "" and field in ("pick", "choice", "trump")):
                continue
            state = {**good, field: value}
            reply = call(kind, "ru", state, {"type": "noop"})
            assert reply["ok"] is False
            assert_harmless(reply, lang="ru")
            if reply["announce"] == wt("bad-state", "ru"):
                assert reply["state"] == default
            elif reply["announce"] == wt("bad-message", "en"):  # too long to read at all
                assert len(json.dumps(state)) > bridge.MAX_MESSAGE and reply["state"] == {}
            else:  # a value the checker could read (say "１２"): the state is still a valid one
                assert reply["announce"] == wt("bad-action", "ru")
    for state in (None, [], "x", {"duty": EVIL}, {}, {**good, "extra": EVIL}):
        reply = call(kind, "fi", state, {"type": "noop"})
        assert reply["ok"] is False
        assert_harmless(reply, lang="fi")


@pytest.mark.parametrize("kind", list(WIDGET_ARGS))
def test_every_action_field_rejects_wrong_values(kind: str) -> None:
    state = bridge.initial_state(kind, WIDGET_ARGS[kind][0])
    types = [
        "play",
        "next",
        "prev",
        "random",
        "choose",
        "view",
        "toggle",
        "all",
        "set",
        "reset",
        "new",
        "play-out",
        "start",
        "end",
        "next-card",
        "prev-card",
        "next-trick",
        "prev-trick",
    ]
    fields = [
        "card",
        "duty",
        "rules",
        "view",
        "choice",
        "pair",
        "mode",
        "trump",
        "last",
        "b0",
        "b1",
        "small-H",
        "values",
        "carry",
        "tie",
        "more",
    ]
    for kind_of_action in types:
        for field in fields:
            for value in (None, True, 1.5, [], {"a": 1}, EVIL, "x" * 100_000):
                reply = call(kind, "en", state, {"type": kind_of_action, field: value})
                assert_harmless(reply)
                if not reply["ok"] and reply["announce"] != wt("bad-message", "en"):
                    assert reply["state"] == state
    for action in (None, [], "play", {"type": None}, {"type": EVIL}, {"type": ["play"]}, {"kind": "play"}):
        reply = call(kind, "en", state, action)
        assert reply["ok"] is False and reply["state"] == state
        assert_harmless(reply)


HOSTILE_QUERIES = [
    "",
    "?",
    "w=which-card",
    "?w=which-card&p=",
    "?w=scoring&p=must-beat.0.guild.1.-",
    "?w=which-card&p=must-beat.0.guild.1.-&p=follow-suit.0.guild.1.-",
    "?w=which-card&w=which-card&p=must-beat.0.guild.1.-",
    "?w=which-card&p=must-beat.9.guild.1.-",
    "?w=which-card&p=must-beat.0.guild.1.S5",
    "?w=which-card&p=must-beat.0.chess.1.-",
    "?w=which-card&p=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "?w=which-card&p=<script>alert(1)</script>",
    "?w=which-card&p=must-beat.0.guild.1.-%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "?w=which-card&p=" + "a." * 400,
    "?w=which-card&p=" + "9" * 5000,
    "?w=which-card&p=%ZZ%00%ff",
    "?w=which-card&p=m%C3%BCst-beat.0.guild.1.-",
    "?w=which-card&p=must-beat.0.guild.99999999999999999999.-",
    "?w=which-card&p=must-beat.-1.guild.1.-",
    '?w=which-card&p={"duty":"must-beat"}',
    "&".join(f"x{i}=1" for i in range(100)),
    "?w=trick-stepper&p=example-deal.99.all",
    "?w=trick-stepper&p=..%2F..%2Fetc%2Fpasswd.0.all",
    "?w=trick-stepper&p=example-deal.3.X",
    "?w=asking&p=0.1.declare-X",
    "?w=asking&p=0.1.ask-half-H",
    "?w=scoring&p=guild.zzzzzzzzz.N.H.NS.----.0.0.original.0.0.0.1",
    "?w=scoring&p=guild.fffffffff.N.H.NS.----.12.0.original.0.0.0.1",
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query", HOSTILE_QUERIES)
def test_hostile_links_show_a_message_and_the_default(query: str, lang: str) -> None:
    for kind in WIDGET_ARGS:
        reply = json.loads(bridge.from_url(kind, query, lang))
        assert_harmless(reply, lang=lang)
        if not reply["ok"]:
            assert reply["announce"] == wt("bad-url", lang)
            assert reply["state"] == bridge.initial_state(kind, bridge.WIDGETS[kind].DEFAULT_ARGS)


def test_from_url_with_wrong_types() -> None:
    for kind, query, lang in (("which-card", None, "en"), (EVIL, "?w=x", "fi"), ("scoring", ["?"], EVIL)):
        reply = json.loads(bridge.from_url(kind, query, lang))  # type: ignore[arg-type]
        assert reply["ok"] is False
        assert_harmless(reply)


def test_a_comment_with_markup_is_shown_as_text() -> None:
    from marjapussi import Deal
    from marjapussi.html import deal_html

    deal = Deal.random(4)
    deal.play(deal.legal_actions()[0])
    deal.comments[0] = EVIL
    html = deal_html(deal, "en")
    assert EVIL not in html
    check_html(html)
