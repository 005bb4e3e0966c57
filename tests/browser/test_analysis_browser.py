"""The analysis views in Chromium: the trick stepper's alternative lines and "best card here".

On the record-format page, on a 360-px phone, in English and Finnish: the stepper of the
annotated example deal is complete before Pyodide starts (the control is there, no value
is solved); once live, every click and key gives exactly what ``marjapussi.web.bridge``
gives on the host for the same state and action (``act`` compares the page with it): step
to the marker, into the alternative line and back out, and ask for the values early (exact
where the compiled core is built, else an estimate, said so) and late (exact), the best one
highlighted. On the guild rules page, in all three languages, the stepper's "best card here"
at the first card of the deal: with the core, the worker boots with its WebAssembly and
every legal card gets its exact value. Screenshots go to
artifacts/screenshots/widgets-analysis-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_widgets_browser import BOOT_MS, act, clicker, open_tab, shot, sitekit, state_of, wait_live

from marjapussi import Deal, find_rules
from marjapussi.analysis import backend
from marjapussi.web import trick_stepper
from marjapussi.web.best_card import ESTIMATE_TRICKS, EXACT_TRICKS_LEFT
from marjapussi.web.common import load_record
from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

PAGE = "record-format"
STEPPER = "#w-trick-stepper-guild-first-deal-annotated"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
CORE = backend(find_rules("guild")) == "core"
"""The compiled core is built: the host's bridge and the site's worker both use it."""
EARLY = "exact" if CORE else "estimate"
RULES_STEPPER = "#w-trick-stepper-example-deal"


def _position(lang: str, n: int) -> Deal:
    """The guild rules page's example deal after its first ``n`` actions."""
    record = load_record(f"example-deal.{lang}.mjp")
    rec = record.deals[-1]
    deal = Deal(rec.hands, record.rules, rec.dealer, True if rec.opening is None else rec.opening, rec.leader)
    for item in rec.actions[:n]:
        deal.push(item.action)
    return deal


def _shot_on_the_phone(tab: Any, screenshots: Path, name: str, selector: str) -> None:
    """Screenshot the widget; check that nothing is wider than the phone and nothing failed."""
    shot(tab.page, screenshots, name, selector)
    width = tab.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    tab.log.check()
    assert not tab.errors, tab.errors


def _touch_size_ok(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, (selector, box)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_stepper_lines_and_best_card_static_then_live_on_a_phone(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    url = site_url + sitekit.page_url(PAGE, lang) + STEPPER
    best_button = f'{STEPPER} [data-focus-key="best"]'
    # Static first: with the runtime held back, the page as it arrives.
    still = open_tab(browser, **PHONE)
    held: list[Any] = []
    still.page.route("**/pyodide/**", lambda route: held.append(route))  # never answered
    try:
        still.page.goto(url)
        assert still.page.locator(STEPPER).count() == 1
        assert wt("best-ask", lang) in (still.page.locator(best_button).text_content() or "")
        assert still.page.locator(f"{STEPPER} .mp-best-list").count() == 0  # nothing solved unasked
        assert still.page.locator(f"{STEPPER}[data-runtime=live]").count() == 0
    finally:
        for route in held:
            route.abort()
        still.close()

    tab = open_tab(browser, **PHONE)
    page = tab.page
    try:
        page.goto(url)
        wait_live(page, STEPPER)

        # To the marker: East's ♠K at trick 2, which the analysis says cost points.
        act(page, STEPPER, lang, clicker(page, STEPPER, "next-trick"), timeout=BOOT_MS)
        reply = act(page, STEPPER, lang, clicker(page, STEPPER, "next-card"))
        assert wt("line-here", lang) in reply["html"]
        _touch_size_ok(page, f'{STEPPER} [data-focus-key="line-enter-0"]')
        shot(page, screenshots, f"analysis-marker-{lang}", STEPPER)

        # Into the line, along it, and back out.
        inside = act(page, STEPPER, lang, clicker(page, STEPPER, "line-enter-0"))
        assert inside["state"]["line"] and wt("line-leave", lang) in inside["html"]
        act(page, STEPPER, lang, clicker(page, STEPPER, "next-trick"))
        shot(page, screenshots, f"analysis-inside-{lang}", STEPPER)
        _touch_size_ok(page, f'{STEPPER} [data-focus-key="line-leave"]')
        back = act(page, STEPPER, lang, clicker(page, STEPPER, "line-leave"))
        assert back["state"]["line"] == "" and back["state"]["n"] == 5

        # Best card here, early: exact where the compiled core serves (the worker was handed
        # its WebAssembly), else an estimate, and it says so. By keyboard.
        _touch_size_ok(page, best_button)
        early = act(page, STEPPER, lang, lambda: page.locator(best_button).press("Enter"))
        assert f'data-best="{EARLY}"' in early["html"]
        assert page.locator(f"{STEPPER} .mp-best-top").count() >= 1

        # Late in the deal: exact values, the best highlighted.
        act(page, STEPPER, lang, clicker(page, STEPPER, "end"))
        act(page, STEPPER, lang, clicker(page, STEPPER, "prev-trick"))
        act(page, STEPPER, lang, clicker(page, STEPPER, "prev-card"))
        late = act(page, STEPPER, lang, clicker(page, STEPPER, "best"))
        assert 'data-best="exact"' in late["html"]
        top = page.locator(f"{STEPPER} .mp-best-top").first
        assert top.is_visible()
        assert page.evaluate(
            "(s) => getComputedStyle(document.querySelector(s)).outlineStyle", f"{STEPPER} .mp-best-top"
        ) == "solid"
        _shot_on_the_phone(tab, screenshots, f"analysis-best-{lang}", STEPPER)
    finally:
        tab.close()


@pytest.mark.skipif(not CORE, reason="the compiled core is not built (scripts/build_core.sh)")
@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_best_card_here_is_exact_at_the_first_card_on_a_phone(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    url = site_url + sitekit.page_url("rules/guild", lang) + RULES_STEPPER
    tab = open_tab(browser, **PHONE)
    page = tab.page
    try:
        page.goto(url)
        wait_live(page, RULES_STEPPER)
        assert page.evaluate("window.mpWidgetTimings && window.mpWidgetTimings.core") == "wasm"
        assert trick_stepper.check(state_of(page, RULES_STEPPER))["n"] == 0  # before the first card
        # The deal's first card (a forced lead here), then the second one of the first trick,
        # eight tricks from the end: every legal card valued exactly.
        for n in (0, 1):
            if n:
                act(page, RULES_STEPPER, lang, clicker(page, RULES_STEPPER, "next-card"))
            reply = act(page, RULES_STEPPER, lang, clicker(page, RULES_STEPPER, "best"), timeout=BOOT_MS)
            assert 'data-best="exact"' in reply["html"]
            items = page.locator(f"{RULES_STEPPER} .mp-best-item")
            assert items.count() == len(_position(lang, n).legal_actions())
            for i in range(items.count()):
                assert (items.nth(i).locator(".mp-best-value").text_content() or "").strip()
            assert page.locator(f"{RULES_STEPPER} .mp-best-top").count() >= 1
            note = page.locator(f"{RULES_STEPPER} .mp-best-note").text_content() or ""
            assert note == wt("best-exact", lang)
            assert note != wt("best-estimate", lang, tricks=ESTIMATE_TRICKS, left=EXACT_TRICKS_LEFT)
        assert items.count() > 1
        _shot_on_the_phone(tab, screenshots, f"analysis-first-card-{lang}", RULES_STEPPER)
    finally:
        tab.close()
