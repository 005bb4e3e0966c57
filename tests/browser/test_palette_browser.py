"""The colour scheme is set once, while the page is parsed (issue 30, item 17).

The theme's script used to set it after the page had been drawn: a first visit on a phone set
to dark painted the light page first, and the theme restyled the whole page four more times
(the scheme written again, a switching mark put on and taken off, a color-scheme meta added
empty and then written). The site's palette (overrides/partials/javascripts/palette.html)
now decides before the first paint and writes each thing once; the toggle still switches,
keeps the choice, and Enter on the focused option switches too.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
import sitekit
from test_widgets_browser import LANGUAGES, checked, open_tab

pytestmark = pytest.mark.browser

checked_tab = contextlib.contextmanager(checked)
"""``with checked_tab(open_tab(...)) as opened``: the tab, checked and closed afterwards."""

PAGE = "rules/guild"
PHONE = {"width": 360, "height": 740}
THEME_SCRIPT = "**/assets/javascripts/bundle.*.min.js"
RECORD_PALETTE = """
  window.__mpPalette = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes" && r.target === document.body && /^data-md-color-/.test(r.attributeName))
        window.__mpPalette.push(["body", r.attributeName, document.body.getAttribute(r.attributeName)]);
      if (r.type === "attributes" && r.target.matches && r.target.matches("meta[name=color-scheme]"))
        window.__mpPalette.push(["meta", r.attributeName, r.target.getAttribute(r.attributeName)]);
      for (const node of r.addedNodes)
        if (node.matches && node.matches("meta[name=color-scheme]"))
          window.__mpPalette.push(["meta added", "content", node.getAttribute("content")]);
    }
  }).observe(document, {subtree: true, childList: true, attributes: true});
"""
"""Every write of the palette while the page loads, in order."""
STARTED = "window.component$ !== undefined && document.readyState === 'complete'"
"""The theme's script has run and the page has loaded."""
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))"
"""Wait for the next frame and the task after it (the theme took its switching mark off then)."""
SCHEME = """() => ({
  scheme: document.body.getAttribute('data-md-color-scheme'),
  metas: Array.from(document.querySelectorAll('meta[name=color-scheme]')).map((m) => m.content),
  shown: Array.from(document.querySelectorAll('form[data-mp-palette] label'))
    .filter((l) => getComputedStyle(l).display !== 'none').map((l) => l.htmlFor),
  background: getComputedStyle(document.body).backgroundColor,
})"""


def without_theme_script(page: Any) -> None:
    """The theme's script arrives empty: what shows is what the page did before it."""
    page.route(THEME_SCRIPT, lambda route: route.fulfill(
        status=200, body="", content_type="text/javascript"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_first_visit_in_dark_mode_is_dark_before_the_themes_script_runs(
        browser: Any, site_url: str, lang: str) -> None:
    for preference, scheme, meta, toggle, dark in (
            ("dark", "slate", "dark", "__palette_0", True),
            ("light", "default", "light", "__palette_1", False)):
        with checked_tab(open_tab(browser, viewport=PHONE, color_scheme=preference)) as opened:
            page = opened.page
            without_theme_script(page)
            page.goto(site_url + sitekit.page_url(PAGE, lang))
            seen = page.evaluate(SCHEME)
            assert seen["scheme"] == scheme and seen["metas"] == [meta], (preference, seen)
            assert seen["shown"] == [toggle], (preference, seen)  # the button to the other scheme
            level = sum(int(part) for part in seen["background"].strip("rgba()").split(",")[:3])
            assert (level < 200) == dark, (preference, seen["background"])


@pytest.mark.parametrize("preference", ["light", "dark"])
def test_the_scheme_is_written_once_while_the_page_loads(
        browser: Any, site_url: str, preference: str) -> None:
    with checked_tab(open_tab(browser, viewport=PHONE, color_scheme=preference,
                                     init=RECORD_PALETTE)) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url(PAGE, "en"))
        page.wait_for_function(STARTED)
        page.evaluate(NEXT_FRAME)
        writes = page.evaluate("window.__mpPalette")
        want = "dark" if preference == "dark" else "light"
        assert [w for w in writes if w[0] != "body"] == [["meta added", "content", want]], writes
        assert not [w for w in writes if w[1] == "data-md-color-switching"], writes
        schemes = [w for w in writes if w[1] == "data-md-color-scheme"]
        assert schemes == ([["body", "data-md-color-scheme", "slate"]] if want == "dark" else []), writes
        assert page.evaluate("localStorage.length") == 0, "a choice kept that the reader never made"


def test_the_toggle_switches_keeps_the_choice_and_answers_enter(browser: Any, site_url: str) -> None:
    with checked_tab(open_tab(browser, viewport=PHONE, color_scheme="dark")) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url(PAGE, "fi"))
        page.wait_for_function(STARTED)
        page.locator("form[data-mp-palette] label:visible").click()
        page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
        seen = page.evaluate(SCHEME)
        assert seen["scheme"] == "default" and seen["metas"] == ["light"], seen
        assert seen["shown"] == ["__palette_1"], seen
        kept = page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('.__palette'))")
        assert len(kept) == 1, kept
        assert json.loads(page.evaluate(f"localStorage.getItem('{kept[0]}')"))["index"] == 0
        # the choice holds on another page of the site, in another language, against the system
        page.goto(site_url + sitekit.page_url("glossary", "ru"))
        assert page.evaluate(SCHEME)["scheme"] == "default"
        page.wait_for_function(STARTED)
        page.locator("#__palette_0").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
        assert page.evaluate(SCHEME)["metas"] == ["dark"]
        assert page.evaluate("document.activeElement.id") == "__palette_1"


def test_without_a_choice_the_scheme_follows_the_system(browser: Any, site_url: str) -> None:
    with checked_tab(open_tab(browser, viewport=PHONE, color_scheme="light")) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url(PAGE, "en"))
        page.wait_for_function(STARTED)
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
        assert page.evaluate(SCHEME)["metas"] == ["dark"]
        page.locator("form[data-mp-palette] label:visible").click()  # now the reader chooses light
        page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
        page.emulate_media(color_scheme="light")
        page.wait_for_function("!matchMedia('(prefers-color-scheme: dark)').matches")
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("matchMedia('(prefers-color-scheme: dark)').matches")
        page.evaluate(NEXT_FRAME)  # media changes are told before the frame's callbacks
        assert page.evaluate(SCHEME)["scheme"] == "default"
