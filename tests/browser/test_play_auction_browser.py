"""The Play page's bidding in Chromium on a 360-pixel phone, by keyboard, in every language.

A seed-004 Huutopussi deal: at the reader's first call the hint is asked by keyboard; a
progress line shows while the worker weighs the calls in its slices, and the hint then
names the best call with its figures and the deals it stands on (the same figures the
host's evaluation gives for as many deals). The deal is played to its end, the review is
asked, and its bidding part (each of the reader's calls in words, the par, the one
sentence on how a call is weighed) appears before the card play once the worker has
weighed every call: the same as the host's.

Screenshots go to artifacts/screenshots/widgets-play-auction-*.png, to be looked at by a person.
"""

from __future__ import annotations

import functools
import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_play_browser import (  # noqa: F401 (screens: a fixture)
    PHONE,
    PLAY,
    Screens,
    finish,
    finish_deal,
    screens,
    start,
)
from test_widgets_browser import html_difference, shot, state_of

from marjapussi.analysis.auction import CallWork
from marjapussi.analysis.core import backend
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.game import HINT_PILOT, RULESETS
from marjapussi.html import text_html
from marjapussi.web import bridge, play
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import auction_hint_text

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(backend(RULESETS["huutopussi"]) != "core", reason="the compiled core is not built"),
]

LANGUAGES = sitekit.site_languages()
WORKED_MS = 240_000
"""How long the worker may take over the whole review of the bidding (every call weighed
over ``AUCTION_REVIEW_DEALS`` deals, each deal one to three searches of a whole deal)."""


def bidding_seed() -> int:
    """A seed whose deal, against random bots, gives the reader (South) a call with a choice
    at his first turn."""
    return calling_seeds(1, "huutopussi")[0]


@functools.cache
def calling_seeds(count: int, r: str) -> tuple[int, ...]:
    """The first ``count`` seeds whose deal of ``r``, against random bots, gives the reader
    (South) a call with a choice at his first turn."""
    found: list[int] = []
    for seed in range(1, 60):
        reply = json.loads(bridge.handle(json.dumps({
            "widget": "play", "lang": "en", "state": bridge.initial_state("play", ""),
            "action": {"type": "new", "r": r, "seed": seed, "level": "random", "pace": 0},
        })))
        while reply.get("then", {}).get("action", {}).get("type") == "bot":
            then = reply["then"]["action"]
            message = {"widget": "play", "lang": "en", "state": reply["state"], "action": then}
            reply = json.loads(bridge.handle(json.dumps(message)))
        deal = play.position(reply["state"]).deal
        if deal.phase is Phase.BID and deal.to_act == Seat.S and len(deal.legal_actions()) > 1:
            found.append(seed)
            if len(found) == count:
                return tuple(found)
    raise AssertionError(f"fewer than {count} seeds where South has a call to make")


def plain(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


@functools.lru_cache(maxsize=4)
def _host_review(state: str) -> Any:
    work = play.review_work(json.loads(state))
    assert work is not None
    work.finish()
    return work


def host_review(state: dict[str, Any]) -> Any:
    """The host's own review of the Play page's ``state``, bidding included, worked out to its
    end. A state says nothing of the page's language, so a test's runs in the three languages
    of one deal share one (the review's host side takes seconds in the marriage family)."""
    return _host_review(json.dumps(state, sort_keys=True))


def open_example(page: Any, selector: str) -> Any:
    """Press Tab until the example deal's disclosure (``selector``: its ``<details>``) has the
    focus, open it with Enter (no script: the browser's own disclosure) and check that its
    sentence and the other hands are in view, every card named for a screen reader."""
    example = page.locator(selector)
    summary = example.locator("summary")
    assert summary.count() == 1 and not example.evaluate("el => el.open")
    for _ in range(80):
        page.keyboard.press("Tab")
        if summary.evaluate("el => el === document.activeElement"):
            break
    else:
        raise AssertionError("Tab never reaches the example's disclosure")
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.open", arg=example.element_handle())
    assert example.evaluate("el => el.getBoundingClientRect().top") >= 0
    sentence = example.locator("p").first
    assert sentence.is_visible() and sentence.evaluate(
        "el => el.getBoundingClientRect().bottom <= window.innerHeight"
    ), "the example's sentence is not in view"
    hands = example.locator("ul.mp-hand")
    assert hands.count() >= 3 and hands.first.is_visible()
    cards = example.locator(".mp-card .mp-sr")
    names = cards.evaluate_all("els => els.map(e => e.textContent.trim())")
    assert len(names) >= 20 and all(names), names
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    example.evaluate("el => el.scrollIntoView({block: 'start'})")
    return example


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bidding_hinted_and_reviewed_by_keyboard_on_a_phone(
    screens: Screens, site_url: str, screenshots: Path, lang: str  # noqa: F811 (the fixture)
) -> None:
    seed = bidding_seed()
    opened = screens.open_play(site_url, lang, viewport=PHONE, is_mobile=True, has_touch=True)
    page = opened.page
    try:
        state = start(page, lang, "huutopussi", seed)
        deal = play.position(state).deal
        assert deal.phase is Phase.BID and deal.to_act == Seat.S
        # the hint, by keyboard: a progress line while the worker weighs, then the best call
        seen = page.evaluate("window.__mpUpdates.length")
        page.locator(f'{PLAY} [data-focus-key="hint"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.__mpUpdates.length > {seen}")
        first = page.evaluate(f"window.__mpUpdates[{seen}].detail")
        assert first["ok"] and first["action"] == {"type": "hint"}
        page.wait_for_selector(f"{PLAY} .mp-play-hint:not([data-hint])", state="attached", timeout=60_000)
        hinted = dict(state_of(page, PLAY))
        assert hinted["hint"] == 1 and hinted["hm"].endswith("1")
        words = page.locator(f"{PLAY} .mp-play-hint").text_content() or ""
        deals = [n for n in range(1, play.HINT_DEALS + 1) if pt("hint-auction-deals", lang, deals=n) in words]
        assert len(deals) == 1, words
        # the figures are the host's for as many deals (the same seed: Decided 5)
        view = SeatView.of(play.position(hinted).deal, Seat.S)
        work = CallWork(view, play.game_of(hinted).auction_seed(), max_deals=None, pilot=HINT_PILOT)
        while work.deals < deals[0]:
            work.step()
        assert words == plain(text_html(auction_hint_text(work.result(), lang), lang))
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.locator(f"{PLAY} .mp-play-hint").evaluate("el => el.scrollIntoView({block: 'center'})")
        shot(page, screenshots, f"play-auction-hint-{lang}")
        # the best call's example deal: Tab to its disclosure, Enter, and it is in view
        example = open_example(page, f"{PLAY} .mp-play-hint + details.mp-play-example")
        shot(page, screenshots, f"play-auction-hint-example-{lang}")
        example.locator("summary").focus()
        page.keyboard.press("Enter")  # closed again, as it was
        assert not example.evaluate("el => el.open")
        # the deal to its end by keyboard, then the review: the bidding's part comes after
        # the card play's, once the worker has weighed every call
        state = finish_deal(page, lang, seed)
        page.locator(f'{PLAY} [data-focus-key="review"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(f'{PLAY} [data-review="ready"]', state="attached", timeout=60_000)
        page.wait_for_selector(f'{PLAY} [data-auction="ready"]', state="attached", timeout=WORKED_MS)
        state = dict(state_of(page, PLAY))
        part = page.locator(f"{PLAY} .mp-play-review-auction").text_content() or ""
        work_done = host_review(state)  # the host's review, bidding included
        deals_each = play.AUCTION_REVIEW_DEALS[4]
        assert pt("review-auction-method", lang, deals=deals_each) in part
        assert page.locator(f"{PLAY} .mp-play-review-calls > li").count() == len(work_done.calls_at) >= 1
        assert page.locator(f"{PLAY} .mp-play-par").count() == 2
        message = {"widget": "play", "lang": lang, "state": state, "action": {"type": "review"}}
        reply = json.loads(bridge.handle(json.dumps(message)))
        root = page.locator(PLAY).get_attribute("data-root") or "."
        difference = html_difference(
            page, PLAY, reply["html"].replace("@root@", root), ".mp-play-review-auction"
        )
        assert not difference, f"the bidding's review differs from the host's:\n{difference}"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.locator(f"{PLAY} .mp-play-review-auction").evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, screenshots, f"play-auction-review-{lang}", f"{PLAY} .mp-play-review-auction")
        # the first call's example deal, by keyboard from the review's start
        page.locator(f"{PLAY} .mp-play-review-auction").evaluate("el => el.scrollIntoView({block: 'start'})")
        open_example(page, f"{PLAY} .mp-play-review-calls > li:first-child > details.mp-play-example")
        shot(page, screenshots, f"play-auction-review-example-{lang}")
    finally:
        finish(opened)
