"""The Play page in Chromium under Huutopussi with marriage trumps, by keyboard only.

A seeded deal is played to its end in each language, on a 360-pixel phone and on a
1280-pixel screen: the bidding (its notes on final passes, the forced opening and the
highest bid), the exchange (the bidder sees the three cards his partner gave and gives
three back, picked like the discard), the contract raise, a marriage that makes trumps
(the note says which suit is trumps and since which trick), the review with its note
that the figures are estimates, and the score sheet. On the phone the three-player
game's talon, shown then taken, is played too. The reader's moves follow a fixed policy
(bid low, declare whenever allowed, the lowest exchange and contract, a seeded card
otherwise): on the phone the reader wins the bidding, on the wide screen his partner
does. The bots play at random (the family's bots are not built yet), so the seeds are
the ones whose deal holds that exchange and a marriage, found on the host first.

Screenshots of every phase go to artifacts/screenshots/play-marriage-*.png.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest
from test_play_browser import (  # noqa: F401 (screens: a fixture)
    PLAY,
    Screens,
    controls,
    finish,
    key,
    screens,
    send,
    show_review,
    start,
    wait_reader,
)
from test_widgets_browser import shot

from marjapussi.actions import Action, AskWhole, Bid, Declare, Discard, Give, Pass, Play, ReturnCards
from marjapussi.cards import Seat
from marjapussi.deal import Deal, Phase
from marjapussi.game import Game
from marjapussi.web import play
from marjapussi.web.play_texts import pt

pytestmark = pytest.mark.browser

LANGUAGES = ("fi", "en", "ru")
SCREENS = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
FOUR, THREE = "huutopussi-marriage", "huutopussi-marriage3"


def reader_action(deal: Deal, rng: random.Random) -> Action:
    """The reader's move: bid low, the first exchange, contract and answer, declare or ask
    whenever allowed, otherwise a seeded card."""
    legal = deal.legal_actions()
    if deal.phase is Phase.BID:
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and deal.high_bid < 70:  # type: ignore[attr-defined]
            return bids[0]
        return Pass() if Pass() in legal else bids[0]
    if deal.phase is not Phase.PLAY:
        return legal[0]
    for kind in (Declare, AskWhole):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    plays = [a for a in legal if isinstance(a, Play) and not a.marriage]
    return rng.choice(plays) if plays else legal[0]


def played(r: str, seed: int) -> Deal:
    """The deal the policy and the random bots play on the host (the page plays the same)."""
    game = Game.new(r, seed)
    rng = random.Random(seed)
    while game.to_act() is not None:
        deal = game.position().deal
        action = reader_action(deal, rng) if deal.to_act == Seat.S else game.decision("random").action
        game = game.push(action)
    return game.position().deal


@functools.cache
def a_seed(r: str, part: type[Action] = Give) -> int:
    """A seed whose deal holds the reader's part of the exchange (``Give``: the partner's,
    ``ReturnCards``: the bidder's; ``Discard``: the talon's) and a marriage made trumps."""
    for seed in range(1, 200):
        deal = played(r, seed)
        exchange = any(s == Seat.S and isinstance(a, part) for s, a in deal.history)
        if exchange and any(d.suit is not None for d in deal.declarations):
            return seed
    raise AssertionError("no seed with an exchange and a marriage")


def phase_name(deal: Deal) -> str:
    if deal.phase is Phase.PLAY and deal.window and deal.pending is None:
        return "window"
    if deal.phase is Phase.PLAY and deal.trump >= 0:
        return "trumps"
    return str(deal.phase)


def play_through(page: Any, lang: str, seed: int, name: str, screenshots: Path) -> set[str]:
    """Play the deal to its end by keyboard; screenshot each phase the first time it comes."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(200):
        state = wait_reader(page)
        deal = play.position(state).deal
        if deal.is_over():
            return seen
        phase = phase_name(deal)
        if phase not in seen:
            seen.add(phase)
            shot(page, screenshots, f"play-marriage-{name}-{phase}-{lang}", PLAY)
        steps = controls(reader_action(deal, rng))
        for step in steps[:-1]:  # picks: no bot moves in between
            key(page, lang, step)
        if len(steps) > 1:
            shot(page, screenshots, f"play-marriage-{name}-{phase}-picked-{lang}", PLAY)
        send(page, steps[-1])
    raise AssertionError("the deal did not end")


def assert_fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    sizes = page.evaluate(
        f"Array.from(document.querySelectorAll('{PLAY} button')).filter(b => b.offsetParent)"
        ".map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_marriage_family_deal_by_keyboard_with_the_exchange_and_a_marriage_trump(
    screens: Screens, site_url: str, screenshots: Path, screen: str, lang: str  # noqa: F811 (the fixture)
) -> None:
    phone = screen == "phone"
    size = SCREENS[screen]
    opened = screens.open_play(site_url, lang, viewport=size, is_mobile=phone, has_touch=phone)
    page = opened.page
    try:
        # on the phone the reader wins the bidding (receives, raises, gives back); on the wide
        # screen his partner does (the reader gives)
        seed = a_seed(FOUR, ReturnCards if phone else Give)
        start(page, lang, FOUR, seed)
        notes = page.locator(f"{PLAY} .mp-play-family").inner_text()
        assert pt("auction-final", lang, max=440)[:20] in notes
        assert_fits(page, size["width"])
        seen = play_through(page, lang, seed, f"four-{screen}", screenshots)
        assert ({"bid", "contract", "return"} if phone else {"bid", "give"}) <= seen, seen
        deal = play.position(wait_reader(page)).deal
        made = [d for d in deal.declarations if d.suit is not None]
        assert made
        trump_note = page.locator(f"{PLAY} .mp-play-trump").inner_text()
        last = made[-1]
        assert last.suit is not None
        assert last.suit.symbol in trump_note and str(last.after_trick + 1) in trump_note
        exchange = page.locator(f"{PLAY} .mp-play-exchange").inner_text()
        assert exchange.strip()
        assert_fits(page, size["width"])
        shot(page, screenshots, f"play-marriage-four-{screen}-over-{lang}", PLAY)
        show_review(page, lang)
        # exact: the browser's worker searches the family with the core's WebAssembly (issue 32)
        assert page.locator(f"{PLAY} .mp-play-review .mp-play-estimate").count() == 0
        shot(page, screenshots, f"play-marriage-four-{screen}-review-{lang}", PLAY)
        if phone:  # three players: the talon shown, then taken, and the discard
            seed3 = a_seed(THREE, Discard)
            start(page, lang, THREE, seed3)
            seen3 = play_through(page, lang, seed3, "three-phone", screenshots)
            assert "discard" in seen3, seen3
            assert page.locator(f"{PLAY} .mp-play-talon").count() == 1
            shot(page, screenshots, f"play-marriage-three-phone-over-{lang}", PLAY)
            assert_fits(page, size["width"])
    finally:
        finish(opened)
