"""The dispute page with a deal of Huutopussi with marriage trumps, in Chromium, on a
360-pixel phone, by keyboard, in every language: the family's example is chosen with
Enter and checked whole, with the family's rules linked and no sideways scroll.

Reuses the helpers of test_table_kit_browser.py and the fixtures of test_widgets_browser.py.
Screenshots go to artifacts/screenshots/table-kit-dispute-marriage-*.png.
"""

from __future__ import annotations

import pytest
import sitekit
from test_table_kit_browser import DISPUTE, dispute_url, go_live, kit_tab, press, shot
from test_widgets_browser import Tab, act

pytestmark = pytest.mark.browser

__all__ = ["kit_tab"]  # a fixture of test_table_kit_browser.py

LANGUAGES = sitekit.site_languages()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_familys_example_is_checked_by_keyboard_on_a_phone(
    kit_tab: Tab, site_url: str, lang: str
) -> None:
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    go_live(page, dispute_url(site_url, lang), DISPUTE)
    reply = act(page, DISPUTE, lang, press(page, DISPUTE, "ex-huutopussi-marriage-deal"))
    assert reply["state"]["ex"] == "huutopussi-marriage-deal"
    assert page.locator(f'{DISPUTE} a.mp-rule[href*="huutopussi-marriage/#exact-contract"]').count() >= 1
    overflow = "s => { const w = document.querySelector(s); return w.scrollWidth - w.clientWidth; }"
    assert page.evaluate(overflow, DISPUTE) <= 1
    shot(page, f"dispute-marriage-{lang}", DISPUTE)
