"""The course's stage of Huutopussi with marriage trumps in Chromium, on a 360-pixel phone,
by keyboard, in every language: a wrong try (leading a card) is explained by the rule of
the ask, then the ask whose answer makes clubs the new trumps solves the exercise.

Reuses the helpers of test_course_browser.py and the fixtures of test_widgets_browser.py.
Screenshots go to artifacts/screenshots/course-marriage-*.png, to be looked at by a person.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_course_browser import COURSE, fail, finish, key, open_course, solve
from test_widgets_browser import shot

from marjapussi.course import exercise

pytestmark = pytest.mark.browser

LANGUAGES = sitekit.site_languages()
IDENT = "huutopussi-marriage-3"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ask_that_replaces_trumps_by_keyboard_on_a_phone(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = open_course(browser, site_url, lang, viewport={"width": 360, "height": 740},
                         is_mobile=True, has_touch=True, device_scale_factor=2)
    page = opened.page
    try:
        reply = key(page, lang, {"type": "go", "stage": "huutopussi-marriage"})
        assert exercise(reply["state"]["ex"]).stage == "huutopussi-marriage"
        while page.evaluate(f"JSON.parse(document.querySelector('{COURSE}').dataset.state).ex") != IDENT:
            key(page, lang, {"type": "next"})
        fail(page, lang, IDENT)
        assert page.locator(f'{COURSE} a.mp-rule[href*="#marriage-ask-whole"]').count() >= 1
        shot(page, screenshots, f"course-marriage-wrong-{lang}", COURSE)
        solve(page, lang, IDENT)
        shot(page, screenshots, f"course-marriage-solved-{lang}", COURSE)
        overflow = "s => { const w = document.querySelector(s); return w.scrollWidth - w.clientWidth; }"
        wide = page.evaluate(overflow, COURSE)
        assert wide <= 1
    finally:
        finish(opened)
