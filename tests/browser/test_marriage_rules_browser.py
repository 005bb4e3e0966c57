"""The rules page of Huutopussi with marriage trumps, in Chromium, on a 360-pixel phone and
at 1280 pixels, in every language.

The fixtures are those of test_widgets_browser.py (the built site on 127.0.0.1, Debian's
Chromium, ``act`` comparing the page with the host's bridge after every reply).

- the trick stepper goes through the bidding and the exchange by keyboard (Enter and Space
  on "next"), the exchange's cards hidden from East, to the end and the score;
- "which card" takes a tap on a phone and answers with the family's rules;
- the family's diagram is drawn and no widget scrolls sideways.

Screenshots go to artifacts/screenshots/marriage-rules-*.png, to be looked at by a person.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_widgets_browser import act, clicker, focus_key, open_tab, shot, state_of, wait_live

from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

LANGUAGES = sitekit.site_languages()
PAGE = "rules/huutopussi-marriage"
STEPPER = "#w-trick-stepper-huutopussi-marriage-deal"
WHICH = "#w-which-card-huutopussi-marriage"


def too_wide(page: Any) -> list[str]:
    return list(page.evaluate("""() => Array.from(document.querySelectorAll('.mp-widget, svg.mp-diagram-svg'))
      .filter(w => w.scrollWidth > w.clientWidth + 1 || w.getBoundingClientRect().right > innerWidth + 1)
      .map(w => (w.id || w.getAttribute('data-diagram')) + ': ' + w.scrollWidth + ' > ' + w.clientWidth)"""))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [360, 1280])
def test_the_stepper_and_which_card_work_by_keyboard_and_touch(
    browser: Any, site_url: str, screenshots: Path, lang: str, width: int
) -> None:
    phone = width == 360
    options: dict[str, Any] = {"viewport": {"width": width, "height": 740 if phone else 900}}
    if phone:
        options.update(is_mobile=True, has_touch=True, device_scale_factor=2)
    opened = open_tab(browser, **options)
    page = opened.page
    try:
        page.goto(site_url + sitekit.page_url(PAGE, lang) + STEPPER)
        wait_live(page, STEPPER)
        assert page.locator(f'svg[data-diagram="marriage-flow"][lang="{lang}"]').count() == 1
        assert not too_wide(page), too_wide(page)
        # by keyboard through the bidding into the exchange: Enter and Space on "next"
        page.locator(f'{STEPPER} button[data-focus-key="next-card"]').focus()
        for n in range(1, 7):
            act(page, STEPPER, lang, lambda n=n: page.keyboard.press("Enter" if n % 2 else " "))
            assert focus_key(page) == "next-card" and state_of(page, STEPPER)["n"] == n
        now = page.locator(f"{STEPPER} .mp-step-now").inner_text()
        assert "♥7 ♦7 ♣7" in now  # all hands shown: the exchange is named
        shot(page, screenshots, f"marriage-rules-stepper-exchange-{lang}-{width}", STEPPER)
        # seen from East, the cards that changed hands stay hidden
        page.locator(f'{STEPPER} select[data-action-field="view"]').select_option("E")
        act(page, STEPPER, lang, clicker(page, STEPPER, "view-go"))
        assert "♥7" not in page.locator(f"{STEPPER} .mp-step-now").inner_text()
        act(page, STEPPER, lang, clicker(page, STEPPER, "end"))
        score = page.locator(f"{STEPPER} .mp-steps").inner_text()
        assert "60" in score and "134" in score
        assert wt("col-collected", lang) in page.locator(STEPPER).inner_text()
        shot(page, screenshots, f"marriage-rules-stepper-end-{lang}-{width}", STEPPER)
        # which card: a tap (a click at 1280) on the first card, answered by the rules
        page.locator(WHICH).scroll_into_view_if_needed()
        card = page.locator(f"{WHICH} button[data-action]").first
        reply = act(page, WHICH, lang, card.tap if phone else card.click)
        assert "mp-result" in reply["html"]
        shot(page, screenshots, f"marriage-rules-which-{lang}-{width}", WHICH)
        page.locator('svg[data-diagram="marriage-flow"]').scroll_into_view_if_needed()
        shot(page, screenshots, f"marriage-rules-diagram-{lang}-{width}", 'svg[data-diagram="marriage-flow"]')
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()
