"""The analysis views in Chromium: the trick stepper's alternative lines and "best card here".

On the record-format page, on a 360-px phone, in English and Finnish: the stepper of the
annotated example deal is complete before Pyodide starts (the control is there, no value
is solved); once live, every click and key gives exactly what ``marjapussi.web.bridge``
gives on the host for the same state and action (``act`` compares the page with it): step
to the marker, into the alternative line and back out, and ask for the values early (an
estimate, said so) and late (exact), the best one highlighted. Screenshots go to
artifacts/screenshots/widgets-analysis-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_widgets_browser import BOOT_MS, act, clicker, open_tab, shot, sitekit, wait_live

from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

PAGE = "record-format"
STEPPER = "#w-trick-stepper-guild-first-deal-annotated"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


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

        # Best card here, early: an estimate, and it says so. By keyboard.
        _touch_size_ok(page, best_button)
        early = act(page, STEPPER, lang, lambda: page.locator(best_button).press("Enter"))
        assert 'data-best="estimate"' in early["html"]
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
        shot(page, screenshots, f"analysis-best-{lang}", STEPPER)
        # Nothing wider than the phone.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, width
        tab.log.check()
        assert not tab.errors, tab.errors
    finally:
        tab.close()
