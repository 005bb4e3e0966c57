"""The site offline in Chromium: its service worker, the rules engine kept, a new version.

The built site (the same as test_widgets_browser.py's) is served by a server that logs
every path asked for. Each test waits for the conditions themselves: the service
worker controlling the page, ``<html data-mp-offline>`` (set by ``assets/offline.js``:
"pages" once the pages are kept, "all" once the rules engine is kept too), the widgets'
``data-runtime=live``. Then, with the network cut (``context.set_offline(True)``):

- after one visit of a widget page, every page opens in every language, search finds
  pages, a widget becomes live and answers, and the score keeper saves a deal that a
  reload brings back;
- a page without widgets keeps the pages but asks for nothing of Pyodide; the footer's
  button keeps the rules engine, after which a widget becomes live offline;
- a new build (a changed page, so a changed content hash) shows the notice of a new
  version, in the page's language, and its button brings the new page.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sitekit
import test_table_kit_browser as kit
import test_widgets_browser as widgets
from test_widgets_browser import BOOT_MS, LANGUAGES, WHICH_CARD, Tab, act, open_tab, wait_live

from site_hooks import offline

pytestmark = pytest.mark.browser


UPDATE_TEXT = {"fi": "Sivustosta on valmiina uusi versio.", "en": "A new version of the site is ready.",
               "ru": "Готова новая версия сайта."}
"""The notice of a new version (docs/assets/offline.js), in each language."""
SEARCH_WORD = {"fi": "valtti", "en": "trump", "ru": "козырь"}


class Served:
    """A built site on 127.0.0.1, with the paths asked for."""

    def __init__(self, root: Path) -> None:
        self.paths: list[str] = []
        paths = self.paths

        class Handler(sitekit.QuietHandler):
            def do_GET(self) -> None:
                paths.append(self.path.split("?")[0])
                super().do_GET()

        self.server = sitekit.serve(root, Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[Served]:
    server = Served(site)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def tab(browser: Any) -> Iterator[Tab]:
    opened = open_tab(browser, service_workers="allow")
    try:
        yield opened
        assert not opened.errors, opened.errors
        assert not opened.log.outside(), opened.log.outside()
    finally:
        opened.close()


def wait_stage(page: Any, stage: str) -> None:
    """Wait until assets/offline.js says the site is kept that far, with the page controlled."""
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null"
        f" && document.documentElement.dataset.mpOffline === '{stage}'", timeout=BOOT_MS)


def check_offline_page(page: Any, url: str, lang: str) -> None:
    response = page.goto(url)
    assert response is not None and response.ok, url
    assert response.from_service_worker, f"{url} did not come from the service worker"
    assert page.evaluate("document.documentElement.lang") == lang, url
    assert page.locator("article h1").first.text_content().strip(), url


def search_finds(page: Any, word: str) -> None:
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator("input.md-search__input")
    box.fill(word)
    box.press("End")
    page.wait_for_selector(".md-search-result__item", timeout=20_000)


def test_the_whole_site_works_offline_after_one_visit(tab: Tab, site: Path) -> None:
    page = tab.page
    served = Served(site)
    try:
        page.goto(widgets.rules_url(served.url, "fi", fragment=WHICH_CARD))
        wait_live(page, WHICH_CARD)
        wait_stage(page, "all")  # the pages at install, the rules engine once the widgets were live
    finally:
        # Offline for the page, and for the service worker too: the server is gone (the
        # browser's own update check of sw.js is not cut by set_offline).
        page.context.set_offline(True)
        served.close()
    for lang in LANGUAGES:
        for name in sitekit.site_pages():
            check_offline_page(page, served.url + sitekit.page_url(name, lang), lang)
        search_finds(page, SEARCH_WORD[lang])
        # a widget becomes live and answers
        page.goto(widgets.rules_url(served.url, lang, fragment=WHICH_CARD))
        wait_live(page, WHICH_CARD)
        reply = act(page, WHICH_CARD, lang, page.locator(f"{WHICH_CARD} button[data-action]").first.click)
        assert reply["html"], reply
    # the score keeper saves a deal, and a reload offline brings it back
    lang = "en"
    kit.go_live(page, kit.keeper_url(served.url, lang), kit.KEEPER)
    kit.enter(page, lang, *kit.GUILD_DEAL)  # a new deal is blank: the table fills it in
    reply = act(page, kit.KEEPER, lang, widgets.clicker(page, kit.KEEPER, "commit"))
    assert reply["ok"] and len(reply["state"]["deals"]) == 1, reply
    assert kit.stored(page) == reply["state"]
    page.reload()
    detail = kit.wait_update(page, 1)
    assert detail["ok"] and detail["action"]["type"] == "restore", detail
    assert len(widgets.state_of(page, kit.KEEPER)["deals"]) == 1


def test_a_page_without_widgets_keeps_the_pages_and_the_button_keeps_the_engine(
        browser: Any, served: Served) -> None:
    opened = open_tab(browser, viewport={"width": 360, "height": 740}, service_workers="allow")
    page = opened.page
    try:
        served.paths.clear()
        page.goto(served.url + sitekit.page_url("glossary", "ru"))
        wait_stage(page, "pages")
        page.wait_for_load_state("networkidle")
        assert not [p for p in served.paths if p.startswith("/pyodide/")], served.paths
        assert "/sw.js" in served.paths and "/ru/glossary/" in served.paths
        button = page.locator(".mp-offline__keep")
        button.scroll_into_view_if_needed()
        assert "МБ" in button.text_content()
        box = button.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44 and box["x"] + box["width"] <= 360
        page.screenshot(path=str(widgets.SCREENSHOTS / "offline-footer-ru-360.png"))
        button.focus()
        page.keyboard.press("Enter")  # by keyboard
        wait_stage(page, "all")
        assert page.locator(".mp-offline__status").text_content() == (
            "Весь сайт вместе с движком правил теперь работает без сети.")
        page.screenshot(path=str(widgets.SCREENSHOTS / "offline-footer-ru-360-kept.png"))
        page.context.set_offline(True)
        asked = len(served.paths)
        page.goto(widgets.rules_url(served.url, "ru", fragment=WHICH_CARD))
        wait_live(page, WHICH_CARD)
        # Only the browser's own check for a new service worker reaches the server.
        assert set(served.paths[asked:]) <= {"/sw.js"}, served.paths[asked:]
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def test_on_a_widget_page_the_service_worker_waits_for_the_widgets(browser: Any, served: Served) -> None:
    """Its install fetches the site's pages: not while the rules engine boots (issue 15).
    The engine's files are refused here, so that the widgets never get live, and the
    time limit (window.mpOfflineWaitMs) is lifted: nothing may register it."""
    opened = open_tab(browser, service_workers="allow", init="window.mpOfflineWaitMs = 600000;")
    page = opened.page
    try:
        served.paths.clear()
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(widgets.rules_url(served.url, "fi", fragment=WHICH_CARD))
        page.wait_for_selector(f"{WHICH_CARD}[data-runtime=failed]", state="attached", timeout=BOOT_MS)
        page.wait_for_load_state("networkidle")
        assert "/sw.js" not in served.paths, served.paths
        assert page.evaluate("navigator.serviceWorker.controller") is None
        assert page.evaluate("document.documentElement.dataset.mpOffline") == "installing"
    finally:
        opened.close()


def test_live_widgets_that_keep_answering_hold_the_service_worker_back(browser: Any, served: Served) -> None:
    """Once live, the registration also waits until the widgets have been still for a while
    (the Play page's bots move one after another, and the install fetches megabytes). Here
    that while is lifted (window.mpOfflineStillMs): the widgets are live and answer a
    click, and nothing registers the service worker."""
    opened = open_tab(browser, service_workers="allow", init="window.mpOfflineStillMs = 600000;")
    page = opened.page
    try:
        served.paths.clear()
        page.goto(widgets.rules_url(served.url, "fi", fragment=WHICH_CARD))
        wait_live(page, WHICH_CARD)
        first_card = page.locator(f"{WHICH_CARD} button[data-action]").first
        assert act(page, WHICH_CARD, "fi", first_card.click)["html"]
        page.wait_for_load_state("networkidle")
        assert "/sw.js" not in served.paths, served.paths
        assert page.evaluate("navigator.serviceWorker.controller") is None
    finally:
        opened.close()


def test_a_new_build_shows_the_notice_and_its_button_brings_the_new_page(
        browser: Any, site: Path, tmp_path: Path) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = Served(copy)
    opened = open_tab(browser, service_workers="allow")
    page = opened.page
    try:
        home = copy / "en" / "index.html"
        page.goto(server.url + "en/")
        wait_stage(page, "pages")
        assert page.locator(".mp-update").count() == 0
        # a new version: one page changed, so its content hash and the service worker
        marker = "A sentence of the new version."
        text = home.read_text(encoding="utf-8")
        home.write_text(text.replace("</article>", f"<p>{marker}</p></article>", 1), encoding="utf-8")
        offline.service_worker_for(copy)
        page.reload()  # still the old page, from the cache; the browser finds the new worker
        notice = page.locator(".mp-update")
        notice.wait_for(state="visible", timeout=BOOT_MS)
        assert marker not in page.content()
        assert notice.text_content().startswith(UPDATE_TEXT["en"])
        button = notice.locator("button")
        box = button.bounding_box()
        assert box and box["height"] >= 44
        page.screenshot(path=str(widgets.SCREENSHOTS / "offline-update-notice-en.png"))
        button.click()
        page.wait_for_function(f"document.body.textContent.includes({marker!r})", timeout=BOOT_MS)
        assert not opened.errors, opened.errors
    finally:
        opened.close()
        server.close()
