"""The site offline in Chromium: its service worker, a first visit's bytes, a new version.

The built site (the same as test_widgets_browser.py's) is served by a server that
compresses nothing, logs every path asked for and counts the bytes it sends, the
service worker's requests among them. Each test waits for the conditions themselves: the
service worker controlling the page, ``<html data-mp-offline>`` (set by
``assets/offline.js`` once the service worker says so: "language" once the page's
language is kept, with the rules engine on a page whose widgets are live, "all" once
everything is), the widgets' ``data-runtime=live``. Then, with the network cut
(``context.set_offline(True)``):

- after one visit of a widget page, every page of its language opens but those for
  developers, search finds pages, a widget becomes live and answers, and the score
  keeper saves a deal that a reload brings back; no page of another language opens;
- a first visit of the Play page on a phone moves less than FIRST_VISIT_KB, each file
  once, nothing of another language nor of the pages for developers (issue 23);
- a page without widgets keeps its language but asks for nothing of Pyodide; the
  footer's button keeps the whole site, after which another language and a widget
  work offline;
- a new build (a changed page, so a changed content hash) shows the notice of a new
  version, in the page's language, and its button brings the new page.
"""

from __future__ import annotations

import http.server
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sitekit
import test_table_kit_browser as kit
import test_widgets_browser as widgets
from test_site_offline_app import listing
from test_widgets_browser import BOOT_MS, WHICH_CARD, Tab, act, open_tab, wait_live

from site_hooks import languages, offline

pytestmark = pytest.mark.browser


UPDATE_TEXT = {"fi": "Sivustosta on valmiina uusi versio.", "en": "A new version of the site is ready.",
               "ru": "Готова новая версия сайта."}
"""The notice of a new version (docs/assets/offline.js), in each language."""
KEPT_TEXT = {
    "fi": "Suomenkieliset sivut ja sääntömoottori toimivat nyt myös ilman verkkoyhteyttä.",
    "ru": "Страницы на русском языке теперь открываются и без сети.",
}
"""The footer's line once the page's language is kept: with the engine (a widget page), without."""
FIRST_VISIT_KB = 9100
"""The first visit of a widget page, the service worker's downloads included. Issue 23's
bound was 9,000 KB. The first visit grew past it by 0.01 % (9,216,614 bytes)
with the club night's and the bidding review's Finnish pages in the language's offline bundle
and the Play page's bidding review in the widgets' snapshot, in one full run of two (a
snapshot's size moves by some 20 KB from build to build): the bound is 9,100 KB until a cut
of the snapshot's contents brings it back (issue 30's closing note). One CI build's snapshot
was 0.5 MB larger (9,834,077 bytes in all): its warm-up had left the heap's end too near the
memory's for the zeroing of the free memory, which now no longer depends on that
(tests/site/test_snapshot_contents.py)."""
DEVELOPER_PAGES = languages.developer_pages(sitekit.mkdocs_config()["nav"])
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}


class Served:
    """A built site on 127.0.0.1, sent as it is (no compression, no caching headers), with
    the paths asked for and the bytes sent for each."""

    def __init__(self, root: Path) -> None:
        self.paths: list[str] = []
        self.sent: Counter[str] = Counter()
        paths, sent = self.paths, self.sent

        class Counting:
            """The connection's output, counted by the path of the request being answered."""

            def __init__(self, raw: Any, handler: http.server.BaseHTTPRequestHandler) -> None:
                self.raw, self.handler = raw, handler

            def write(self, data: bytes) -> int:
                sent[self.handler.path.split("?")[0]] += len(data)
                return int(self.raw.write(data))

            def __getattr__(self, name: str) -> Any:
                return getattr(self.raw, name)

        class Handler(sitekit.QuietHandler):
            def setup(self) -> None:
                super().setup()
                self.wfile = Counting(self.wfile, self)  # type: ignore[assignment]

            def do_GET(self) -> None:
                paths.append(self.path.split("?")[0])
                super().do_GET()

        self.server = sitekit.serve(root, Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def groups(self) -> dict[str, str | None]:
        """The group (site_hooks/offline.py) of each path asked for."""
        developer = [f"{languages.page_address(page)}index.html" for page in DEVELOPER_PAGES]
        return {path: offline.served_group(path, developer) for path in self.paths}


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


def offline_fails(page: Any, url: str) -> None:
    """``url`` cannot be had (from a page the service worker controls): the service
    worker did not keep it, and the network is cut."""
    got = page.evaluate("(url) => fetch(url).then((answer) => answer.status, () => 'failed')", url)
    assert got == "failed", (url, got)


def test_the_readers_language_works_offline_after_one_visit(tab: Tab, site: Path) -> None:
    page = tab.page
    served = Served(site)
    try:
        page.goto(widgets.rules_url(served.url, "fi", fragment=WHICH_CARD))
        wait_live(page, WHICH_CARD)
        wait_stage(page, "language")  # the Finnish pages and, the widgets being live, the rules engine
        assert page.locator(".mp-offline__status").text_content() == KEPT_TEXT["fi"]
    finally:
        # Offline for the page, and for the service worker too: the server is gone (the
        # browser's own update check of sw.js is not cut by set_offline).
        page.context.set_offline(True)
        served.close()
    for name in sitekit.site_pages():
        url = served.url + sitekit.page_url(name, "fi")
        if f"{name}.md" in DEVELOPER_PAGES:
            offline_fails(page, url)  # kept only when the reader asks for everything
        else:
            check_offline_page(page, url, "fi")
    offline_fails(page, served.url + "print/guild.fi.pdf")
    # a widget becomes live and answers, and search finds pages
    page.goto(widgets.rules_url(served.url, "fi", fragment=WHICH_CARD))
    wait_live(page, WHICH_CARD)
    reply = act(page, WHICH_CARD, "fi", page.locator(f"{WHICH_CARD} button[data-action]").first.click)
    assert reply["html"], reply
    search_finds(page, "valtti")
    # the score keeper saves a deal, and a reload offline brings it back
    kit.go_live(page, kit.keeper_url(served.url, "fi"), kit.KEEPER)
    kit.enter(page, "fi", *kit.GUILD_DEAL)  # a new deal is blank: the table fills it in
    reply = act(page, kit.KEEPER, "fi", widgets.clicker(page, kit.KEEPER, "commit"))
    assert reply["ok"] and len(reply["state"]["deals"]) == 1, reply
    assert kit.stored(page) == reply["state"]
    page.reload()
    detail = kit.wait_update(page, 1)
    assert detail["ok"] and detail["action"]["type"] == "restore", detail
    assert len(widgets.state_of(page, kit.KEEPER)["deals"]) == 1
    # the other languages: not before the reader asks
    for lang in ("en", "ru"):
        offline_fails(page, served.url + sitekit.page_url("index", lang))


def test_a_first_visit_on_a_phone_moves_each_file_once_and_under_its_bound(browser: Any, site: Path) -> None:
    """Every response of a server that compresses nothing is counted, the service worker's
    among them, from the navigation to the Play page until the service worker says it has
    kept the page's language and the rules engine (which it does some seconds after the
    widget is live, well within issue 23's 20 s)."""
    served = Served(site)
    opened = open_tab(browser, service_workers="allow", **PHONE)
    page = opened.page
    try:
        page.goto(served.url + sitekit.page_url("play", "fi"))
        page.wait_for_selector("#w-play[data-runtime=live]", state="attached", timeout=BOOT_MS)
        wait_stage(page, "language")
        sent, asked = dict(served.sent), Counter(served.paths)
        groups = served.groups()
        assert page.locator(".mp-offline__status").text_content() == KEPT_TEXT["fi"]
        assert not opened.errors, opened.errors
    finally:
        opened.close()
        served.close()
    total = sum(sent.values())
    assert total < FIRST_VISIT_KB * 1024, (total, sorted(sent.items(), key=lambda item: -item[1])[:10])
    assert [path for path, count in asked.items() if count > 1] == [], asked
    # nothing of another language (pages, search index, printouts), nor for developers
    beyond = {path: group for path, group in groups.items() if group not in (None, "site", "fi", "engine")}
    assert beyond == {}, beyond
    # the engine came packed; the Finnish pages and their search index in their bundle
    assert "/search/search_index.json" not in asked
    assert "/pyodide/pyodide.asm.wasm-gzip.bin" in asked and "/pyodide/pyodide.asm.wasm" not in asked
    bundles = [path for path in asked if path.startswith("/offline/")]
    assert bundles == ["/" + listing(site)["fi"]["bundle"][0]], bundles


def test_a_page_without_widgets_keeps_its_language_and_the_button_keeps_everything(
        browser: Any, served: Served) -> None:
    opened = open_tab(browser, service_workers="allow", **PHONE)
    page = opened.page
    try:
        served.paths.clear()
        page.goto(served.url + sitekit.page_url("glossary", "ru"))
        wait_stage(page, "language")
        assert page.locator(".mp-offline__status").text_content() == KEPT_TEXT["ru"]
        assert not [p for p in served.paths if p.startswith("/pyodide/")], served.paths
        assert "/sw.js" in served.paths and "/ru/glossary/" in served.paths
        assert {path: group for path, group in served.groups().items()
                if group not in (None, "site", "ru")} == {}
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
        assert not button.is_visible()
        page.screenshot(path=str(widgets.SCREENSHOTS / "offline-footer-ru-360-kept.png"))
        page.context.set_offline(True)
        asked = len(served.paths)
        check_offline_page(page, served.url + sitekit.page_url("api", "en"), "en")
        page.goto(widgets.rules_url(served.url, "ru", fragment=WHICH_CARD))
        wait_live(page, WHICH_CARD)
        # Only the browser's own check for a new service worker reaches the server.
        assert set(served.paths[asked:]) <= {"/sw.js"}, served.paths[asked:]
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def test_on_a_widget_page_the_service_worker_waits_for_the_widgets(browser: Any, served: Served) -> None:
    """What it fetches must not compete with the rules engine's boot (issue 15).
    The engine's files are refused here, so that the widgets never get live, and the
    time limit (window.mpOfflineWaitMs) is lifted: nothing may register it."""
    opened = open_tab(browser, service_workers="allow", init="window.mpOfflineWaitMs = 600000;")
    page = opened.page
    try:
        served.paths.clear()
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(widgets.rules_url(served.url, "fi", fragment=WHICH_CARD))
        page.wait_for_selector(f"{WHICH_CARD}[data-runtime=failed]", state="attached", timeout=BOOT_MS)
        # Every widget has failed with the engine (one status for the page). No service worker
        # is registered and sw.js was never asked for. (This waited for an idle network, which
        # a full run at load 18 did not see in 120 s: the condition itself is the registration.)
        page.wait_for_load_state("load", timeout=BOOT_MS)
        assert page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
        assert page.evaluate("() => [...document.querySelectorAll('[data-runtime]')]"
                             ".every((w) => w.getAttribute('data-runtime') === 'failed')")
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
        wait_stage(page, "language")
        assert page.locator(".mp-update").count() == 0
        # a new version: one page changed, so its content hash and the service worker
        marker = "A sentence of the new version."
        text = home.read_text(encoding="utf-8")
        home.write_text(text.replace("</article>", f"<p>{marker}</p></article>", 1), encoding="utf-8")
        offline.service_worker_for(copy, sitekit.mkdocs_config()["nav"])
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
