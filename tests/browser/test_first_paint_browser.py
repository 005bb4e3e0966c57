"""What a page with widgets does before it has loaded (issue 30, item 17): the rules
engine's download (the worker, Pyodide, the snapshot, the compiled core) waits for the
page's load event and an idle moment even when a widget is on the screen, and a reader
who presses a widget before that starts the engine at once and is told it is loading."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
import sitekit
from test_widgets_browser import (
    BOOT_MS,
    LANGUAGES,
    WHICH_CARD,
    checked,
    open_tab,
    press_while_loading,
)

pytestmark = pytest.mark.browser

checked_tab = contextlib.contextmanager(checked)
"""``with checked_tab(open_tab(...)) as opened``: the tab, checked and closed afterwards."""

ENGINE_STARTED = "performance.getEntriesByName('mp-engine-start').length > 0"
LOADED = "performance.getEntriesByType('navigation')[0].loadEventEnd > 0"
# Every request of the engine the page itself makes (the worker's script; the worker's
# own requests come after it), and the moment the runtime started the engine.
ENGINE_BEFORE_LOAD = """() => {
  const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
  const started = performance.getEntriesByName('mp-engine-start').map((m) => m.startTime);
  const fetched = performance.getEntriesByType('resource')
    .filter((r) => /\\/pyodide\\/|\\/widgets\\/worker\\.js/.test(r.name))
    .map((r) => r.startTime);
  return {loaded, early: [...started, ...fetched].filter((t) => t < loaded)};
}"""
NEVER_IDLE = "window.requestIdleCallback = () => 0;"
"""A browser that never has an idle moment: the engine waits for the reader."""
TALL = {"width": 1280, "height": 8000}
"""A screen tall enough for the guild rules page's first widgets to be on it at once."""
ON_SCREEN = ("Array.from(document.querySelectorAll('.mp-widget[data-widget]'))"
             ".some((w) => w.getBoundingClientRect().top < innerHeight)")


@pytest.mark.parametrize(("page_name", "viewport"), [
    ("play", {"width": 360, "height": 740}),
    ("rules/guild", TALL),
])
def test_a_widget_on_the_screen_starts_the_engine_only_after_the_page_has_loaded(
        browser: Any, site_url: str, page_name: str, viewport: dict[str, int]) -> None:
    with checked_tab(open_tab(browser, viewport=viewport)) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url(page_name, "en"))
        assert page.evaluate(ON_SCREEN), f"no widget on the screen of {page_name}: the test shows nothing"
        page.wait_for_function(ENGINE_STARTED)
        timing = page.evaluate(ENGINE_BEFORE_LOAD)
        assert timing["loaded"] > 0 and timing["early"] == [], timing
        page.wait_for_selector(".mp-widget[data-runtime=live]", state="attached", timeout=BOOT_MS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_press_before_the_engine_has_started_starts_it_and_is_answered(
        browser: Any, site_url: str, lang: str) -> None:
    with checked_tab(open_tab(browser, viewport=TALL, init=NEVER_IDLE)) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url("rules/guild", lang))
        page.wait_for_function(LOADED)
        assert page.evaluate(ON_SCREEN), "no widget on the screen: the test shows nothing"
        page.locator(WHICH_CARD).scroll_into_view_if_needed()
        assert not page.evaluate(ENGINE_STARTED), "the engine started before any idle moment or press"
        card = page.locator(f"{WHICH_CARD} button[data-action]").first
        reply = press_while_loading(page, WHICH_CARD, lang, card)
        assert reply["ok"]
        assert page.evaluate(ENGINE_STARTED)
        assert page.locator(WHICH_CARD).get_attribute("data-runtime") == "live"


RECORD_REGISTRATIONS = """
  window.__mpRegistered = [];
  if (navigator.serviceWorker) {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      window.__mpRegistered.push(document.readyState);
      return register(...args);
    };
  }
"""
"""Records how far the page was when the service worker was registered."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_without_widgets_registers_the_service_worker_after_it_has_loaded(
        browser: Any, site_url: str, lang: str) -> None:
    with checked_tab(open_tab(browser, service_workers="allow", init=RECORD_REGISTRATIONS)) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url("index", lang))
        assert page.locator(".mp-widget").count() == 0
        page.wait_for_function("window.__mpRegistered.length > 0")
        assert page.evaluate("window.__mpRegistered") == ["complete"]

