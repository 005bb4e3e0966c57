"""The course's bidding exercises and a new rule exercise of the marriage family in Chromium,
on a 360-pixel phone, by keyboard, in every language (issue 32): each is answered wrong
first, with the explanation in view (the bidding exercise's: what each call brings, in
words), then solved.

Reuses the helpers of test_course_browser.py and the fixtures of test_widgets_browser.py.
Screenshots go to artifacts/screenshots/widgets-course-bidding-*.png and
widgets-course-half-ask-*.png, to be looked at by a person.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_course_browser import COURSE, fail, finish, key, open_course, solve
from test_widgets_browser import shot, state_of

from marjapussi.course import exercise, stage_exercises, verdict

pytestmark = pytest.mark.browser

LANGUAGES = sitekit.site_languages()
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
BIDDING = stage_exercises("huutopussi-bidding")[0].id
RULE = "huutopussi-marriage-9"  # the half ask


def _go(page: Any, lang: str, stage: str, ident: str) -> None:
    key(page, lang, {"type": "go", "stage": stage})
    while state_of(page, COURSE)["ex"] != ident:
        key(page, lang, {"type": "next"})


def _in_view(page: Any, selector: str) -> None:
    """Bring ``selector`` into view as a reader scrolls, and check it lies within the phone's
    width and is shown."""
    element = page.locator(selector)
    element.scroll_into_view_if_needed()
    assert element.is_visible()
    box = element.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 361, box


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bidding_exercise_and_the_half_ask_by_keyboard_on_a_phone(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = open_course(browser, site_url, lang, **PHONE)
    page = opened.page
    try:
        _go(page, lang, "huutopussi-bidding", BIDDING)
        fail(page, lang, BIDDING)
        wrong = f"{COURSE} [data-outcome=wrong]"
        assert page.locator(wrong).get_attribute("data-rule") == exercise(BIDDING).wrong_rule
        _in_view(page, wrong)
        found = verdict(exercise(BIDDING))
        items = page.locator(f"{COURSE} .mp-verdict li")
        assert items.count() == len(found.calls)
        _in_view(page, f"{COURSE} .mp-verdict")
        shot(page, screenshots, f"course-bidding-wrong-{lang}", COURSE)
        solve(page, lang, BIDDING)
        _in_view(page, f"{COURSE} [data-outcome=ok]")
        shot(page, screenshots, f"course-bidding-solved-{lang}", COURSE)

        _go(page, lang, "huutopussi-marriage", RULE)
        fail(page, lang, RULE)
        assert page.locator(f'{COURSE} a.mp-rule[href*="#marriage-ask-half"]').count() >= 1
        _in_view(page, wrong)
        shot(page, screenshots, f"course-half-ask-wrong-{lang}", COURSE)
        solve(page, lang, RULE)
        shot(page, screenshots, f"course-half-ask-solved-{lang}", COURSE)
        overflow = "s => { const w = document.querySelector(s); return w.scrollWidth - w.clientWidth; }"
        assert page.evaluate(overflow, COURSE) <= 1
    finally:
        finish(opened)
