"""The bridge for every widget and language: first render, every offered action, links."""

from __future__ import annotations

import json
import re

import pytest

from marjapussi.web import bridge
from marjapussi.web.texts import wt

from .webkit import LANGS, WIDGET_ARGS, actions_of, call, check_html

CASES = [(kind, args) for kind, many in WIDGET_ARGS.items() for args in many]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("kind", "args"), CASES)
def test_render_gives_the_first_state_with_its_frame(kind: str, args: str, lang: str) -> None:
    html = bridge.render(kind, args, lang)
    checker = check_html(html)
    assert html.startswith(f'<div class="mp-widget" data-widget="{kind}" data-lang="{lang}" data-state=\'')
    assert '<div class="mp-widget-body">' in html
    assert html.endswith('<p class="mp-widget-status" role="status" aria-live="polite"></p></div>')
    state = json.loads(re.search(r"data-state='([^']*)'", html).group(1).replace("&quot;", '"'))
    assert state == bridge.initial_state(kind, args)
    assert 'data-root="@root@"' in html
    assert checker.buttons, "a widget has controls"
    assert all(b.get("type") in ("button", "submit") for b in checker.buttons)
    assert all(b.get("data-focus-key") for b in checker.buttons)
    # the share control is a button that carries the query (the runtime copies the link)
    shares = re.findall(r'<button type="button" class="mp-button mp-share-copy" data-share="([^"]*)"', html)
    assert [s.replace("&amp;", "&") for s in shares] == [bridge.share_query(kind, state)]
    assert not [link for link in checker.links if link.startswith("?w=")], "no link reloads the page"
    # rule links point into the site through the root placeholder, in the page's language
    for link in checker.links:
        if "rules/" in link:
            prefix = "@root@/" if lang == "fi" else f"@root@/{lang}/"
            assert link.startswith(prefix), link


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("kind", "args"), CASES)
def test_every_offered_action_is_accepted(kind: str, args: str, lang: str) -> None:
    state = bridge.initial_state(kind, args)
    html = bridge.render(kind, args, lang)
    offered = actions_of(html)
    assert offered
    for action in offered:
        reply = call(kind, lang, state, action)
        assert reply["ok"], (action, reply["announce"])
        assert reply["announce"]
        check_html(reply["html"])
        # and one level deeper: what the next view offers is accepted too
        for follow in actions_of(reply["html"])[:12]:
            assert call(kind, lang, reply["state"], follow)["ok"], follow


@pytest.mark.parametrize(("kind", "args"), CASES)
def test_share_query_reopens_the_same_position(kind: str, args: str) -> None:
    state = bridge.initial_state(kind, args)
    reply = call(kind, "en", state, actions_of(bridge.render(kind, args, "en"))[-1])
    for st in (state, reply["state"]):
        query = bridge.share_query(kind, st)
        assert re.fullmatch(r"\?w=[a-z-]+&p=[A-Za-z0-9._-]+", query)
        opened = json.loads(bridge.from_url(kind, query, "ru"))
        assert opened["ok"], opened["announce"]
        assert opened["state"] == st
        assert opened["announce"] == wt("from-url", "ru")
        assert opened["html"] == json.loads(bridge.from_url(kind, query[1:], "ru"))["html"]


def test_unknown_kind_or_args_fail_the_build_loudly() -> None:
    with pytest.raises(ValueError, match="unknown widget kind"):
        bridge.render("poker", "", "fi")
    with pytest.raises(ValueError, match="which-card"):
        bridge.render("which-card", "must-bluff", "fi")
    with pytest.raises(ValueError, match="trick-stepper"):
        bridge.render("trick-stepper", "no-such-record", "en")
    with pytest.raises(ValueError, match="scoring"):
        bridge.render("scoring", "bridge", "en")
    with pytest.raises(ValueError, match="asking"):
        bridge.render("asking", "everything", "en")
    with pytest.raises(ValueError, match="language"):
        bridge.render("scoring", "", "de")


def test_a_rejected_action_keeps_the_position_and_says_why() -> None:
    state = bridge.initial_state("which-card", "must-beat")
    reply = call("which-card", "fi", state, {"type": "fly"})
    assert not reply["ok"]
    assert reply["state"] == state
    assert reply["announce"] == wt("bad-action", "fi")
    assert reply["html"] == call("which-card", "fi", state, {"type": "play", "card": "C6"})["html"]
