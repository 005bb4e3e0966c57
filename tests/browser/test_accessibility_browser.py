"""Accessibility, measured: axe-core on every page, and what a screen reader hears.

axe-core (npm, pinned in package.json; ``node_modules/axe-core/axe.min.js`` is put into
the page by the test, served from 127.0.0.1, never from a CDN) checks the built site in
Chromium:

- every page of the navigation (and the 404 page) in every language at 360 px, and the
  pages with widgets, once their widgets are live, at 1280 px too (marked slow: about
  five minutes; the default run audits a page of each kind, ``REPRESENTATIVE``);
- the widgets in use, at both widths: the Play page after a deal has started and after it
  ended, the course after an answer, the score keeper with a deal on the sheet, the
  dispute page after a refused card;
- no violation of serious or critical impact. The moderate and minor ones are written
  to artifacts/accessibility/axe-LANG.json for a person to read.

To keep the audit within minutes: one built site, one Chromium and one context (one
cache: Pyodide and axe-core, served from 127.0.0.1 with a cache lifetime, are fetched
and compiled once); two tabs take turns, one loading its next page while axe-core works
in the other; a widget page is loaded once, audited at 360 px, then widened to 1280 px
and audited again.

What a screen reader hears is modelled by ``HEAR`` (test_widgets_browser), recorded in the page: the text of a
live region (``aria-live``, ``role=status``, ``alert``, ``log``) that changes while it is
in the page, and an alert put into the page. Each bot move, each refusal and each verdict
of the course is heard exactly once, in its own words (not zero times, not twice).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_evening_browser import CLUB_PAGE, Scripted, end_evening, play_one_deal_on_a_phone
from test_play_auction_browser import host_review, open_example, plain
from test_play_auction_marriage_browser import calling_seed
from test_play_browser import PLAY, controls, finish_deal, illegal_seed, key, send, start, wait_reader
from test_rooms_browser import (  # noqa: F401 (table: a fixture)
    create,
    live,
    record_frames,
    room_page,
    sit,
    table,
    wait_or_tell,
)
from test_table_kit_browser import GUILD_DEAL, enter
from test_widgets_browser import HEAR, Tab, checked, html_difference, open_tab, shot, state_of

from marjapussi.actions import Bid, Play
from marjapussi.analysis.auction_marriage import MarriageWork
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Seat
from marjapussi.course import exercise, stage_exercises
from marjapussi.deal import Phase
from marjapussi.game import MARRIAGE_HINT_PILOT
from marjapussi.html import text_html
from marjapussi.i18n import card_name, seat_name, spoken
from marjapussi.web import bridge, play, which_card
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import BIDS_SHOWN, auction_hint_text
from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

LANGUAGES = sitekit.site_languages()
PAGES = sitekit.site_pages()
REPRESENTATIVE = ("index", "glossary", "record-format", "rules/guild", "examples/01-play-duties")
"""The pages the default run audits; the whole sweep (``PAGES``) is marked slow."""
AXE = sitekit.ROOT / "node_modules" / "axe-core" / "axe.min.js"
REPORTS = sitekit.ROOT / "artifacts" / "accessibility"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 800}
BLOCKING = ("serious", "critical")
BOOT_MS = 120_000
AXE_MS = 120_000
COURSE = "#w-course"
KEEPER = "#w-score-keeper"
DISPUTE = "#w-dispute-disputed-hand"
WHICH_CARD = "#w-which-card-must-beat"

START_AXE = """() => {
  window.__mpAxe = null;
  axe.run(document, {resultTypes: ["violations"]}).then((result) => {
    window.__mpAxe = result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
    }));
  }, (error) => { window.__mpAxe = String(error); });
}"""
"""Start axe-core on the page; its violations (or why it failed) come in ``window.__mpAxe``."""

SETTLED = """() => document.getAnimations().every((a) => a.playState !== "running"
  || a.effect.getComputedTiming().endTime === Infinity)"""
"""No transition is under way (a button's background fading after a press would be
measured halfway, against text already in its new colour)."""

RUNTIME_WIDGET = ".mp-widget[data-widget]"
"""A widget the runtime runs in Pyodide (the Table page's room is a widget too, run by its
room server, which the static site has not: it says so and stays as it is)."""

RESTORED = """() => {
  const widgets = Array.from(document.querySelectorAll('.mp-widget[data-widget]'));
  const kept = widgets.filter((w) => w.hasAttribute("data-store")
    && localStorage.getItem(w.getAttribute("data-store")) !== null);
  return widgets.every((w) => w.getAttribute("data-runtime") === "live")
    && kept.every((w) => window.__mpUpdates.some((u) => u.id === w.id));
}"""
"""Every widget of the page is live, and each kept one has answered its restore."""



# --- the audit --------------------------------------------------------------------------


@dataclass
class Findings:
    """Violations found in one language: the blocking ones and the rest, by rule."""

    blocking: list[str] = field(default_factory=list)
    other: dict[str, dict[str, Any]] = field(default_factory=dict)
    audits: int = 0

    def add(self, where: str, violations: list[dict[str, Any]]) -> None:
        self.audits += 1
        for v in violations:
            if v["impact"] in BLOCKING:
                nodes = "\n".join(f"      {n['target']}: {' '.join(n['summary'].split())[:300]}"
                                  for n in v["nodes"][:4])
                more = f"\n      … {len(v['nodes']) - 4} more" if len(v["nodes"]) > 4 else ""
                self.blocking.append(f"{where}: {v['id']} ({v['impact']}, {len(v['nodes'])} nodes: "
                                     f"{v['help']})\n{nodes}{more}")
            else:
                entry = self.other.setdefault(v["id"], {"impact": v["impact"], "help": v["help"],
                                                        "nodes": 0, "pages": {}})
                entry["nodes"] += len(v["nodes"])
                entry["pages"].setdefault(where, [n["target"] for n in v["nodes"]][:6])


class _CachedFiles(sitekit.QuietHandler):
    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=86400")
        super().end_headers()


@pytest.fixture(scope="module")
def axe_url() -> Iterator[str]:
    """axe.min.js from node_modules, served on 127.0.0.1 to be cached: the browser keeps
    the file and its compiled code, so that putting it into each page costs little."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run ./scripts/setup.sh", pytrace=False)
    for address in sitekit.served(AXE.parent, _CachedFiles):
        yield address + AXE.name


@pytest.fixture(scope="module")
def audit_context(browser: Any) -> Iterator[Any]:
    """One context for the whole audit: Pyodide and the pages come from its cache."""
    context = browser.new_context(viewport=PHONE, service_workers="block", accept_downloads=True)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="module")
def findings() -> Iterator[dict[str, Findings]]:
    found: dict[str, Findings] = {lang: Findings() for lang in LANGUAGES}
    yield found
    REPORTS.mkdir(parents=True, exist_ok=True)
    for lang, seen in found.items():
        if seen.audits:
            (REPORTS / f"axe-{lang}.json").write_text(
                json.dumps({"audits": seen.audits, "not_serious": seen.other}, ensure_ascii=False, indent=1),
                encoding="utf-8")


class Auditor:
    """Run axe-core on pages, in up to two tabs at once.

    axe-core works for seconds inside the page's renderer while the test waits: meanwhile
    the other tab loads its next page and wakes its widgets (and on a machine with two
    cores, audits it too). A page with widgets is audited at 360 px, then widened to
    1280 px and audited again.
    """

    def __init__(self, tabs: list[Tab], axe_url: str, found: Findings) -> None:
        self.tabs, self.axe_url, self.found = tabs, axe_url, found
        self.running: dict[int, tuple[str, bool]] = {}  # tab → (what, at 1280 px too)
        self.turn = 0

    def start(self, page: Any) -> None:
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(url=self.axe_url)
        page.wait_for_function(SETTLED)
        page.evaluate(START_AXE)

    def collect(self, page: Any, where: str) -> None:
        page.wait_for_function("window.__mpAxe !== null", timeout=AXE_MS)
        result = page.evaluate("window.__mpAxe")
        assert not isinstance(result, str), f"axe-core failed on {where}: {result}"
        self.found.add(f"{where} at {page.viewport_size['width']} px", result)

    def now(self, page: Any, where: str) -> None:
        """Audit the page as it is now, at 360 and 1280 px."""
        for size in (PHONE, DESKTOP):
            page.set_viewport_size(size)
            self.start(page)
            self.collect(page, where)
        page.set_viewport_size(PHONE)

    def finish(self, index: int) -> None:
        if index not in self.running:
            return
        where, desktop = self.running.pop(index)
        page = self.tabs[index].page
        self.collect(page, where)
        if desktop:
            page.set_viewport_size(DESKTOP)
            self.start(page)
            self.collect(page, where)
            page.set_viewport_size(PHONE)

    def visit(self, url: str, where: str) -> None:
        """Load a page in the next tab and start its audit; the tab's last one is
        collected first."""
        index = self.turn
        self.turn = (index + 1) % len(self.tabs)
        self.finish(index)
        page = self.tabs[index].page
        page.goto(url)
        widgets = page.locator(".mp-widget").count() > 0
        if page.locator(RUNTIME_WIDGET).count() > 0:
            go_live(page)
        self.start(page)
        self.running[index] = (where, widgets)

    def close(self) -> None:
        for index in (self.turn, *range(len(self.tabs))):
            self.finish(index)


def go_live(page: Any) -> None:
    """Wake the page's widgets (a reader scrolls to one) and wait until all are live and
    those kept in local storage have their saved state back."""
    page.locator(RUNTIME_WIDGET).first.scroll_into_view_if_needed()
    page.wait_for_function(RESTORED, timeout=BOOT_MS)


@pytest.fixture
def tab(audit_context: Any) -> Iterator[Tab]:
    yield from checked(open_tab(audit_context.browser, context=audit_context))


@pytest.fixture
def second_tab(audit_context: Any) -> Iterator[Tab]:
    yield from checked(open_tab(audit_context.browser, context=audit_context))


class LivePages:
    """The widget pages of one language, each loaded and woken once for the tests that use
    them in turn (each test leaves its page live, as the next finds it: the pages keep their
    widgets' state in local storage anyway, shared by every tab of the audit's context)."""

    def __init__(self, context: Any, site_url: str, lang: str) -> None:
        self.context, self.site_url, self.lang = context, site_url, lang
        self.tabs: dict[str, Tab] = {}

    def open(self, name: str, fragment: str = "") -> Any:
        """The page ``name`` of this language, its widgets live; what a screen reader
        hears is recorded in it (``HEAR``)."""
        if name not in self.tabs:
            self.tabs[name] = open_tab(self.context.browser, context=self.context, init=HEAR)
            page = self.tabs[name].page
            page.goto(self.site_url + sitekit.page_url(name, self.lang) + fragment)
            go_live(page)
        return self.tabs[name].page

    def close(self) -> None:
        """Close the tabs; no request failed or left 127.0.0.1 and no script error happened."""
        opened = list(self.tabs.values())
        try:
            for tab in opened:
                tab.log.check()
                assert not tab.errors, tab.errors
        finally:
            for tab in opened:
                tab.close()


@pytest.fixture(scope="module")
def live_pages(audit_context: Any, site_url: str, lang: str) -> Iterator[LivePages]:
    """The widget pages of ``lang``, woken once for every test that asks for them. Those tests
    take ``lang`` as a module-scoped parameter (``BY_LANGUAGE``): pytest runs them language by
    language, and closes one language's pages before it opens the next one's."""
    pages = LivePages(audit_context, site_url, lang)
    try:
        yield pages
    finally:
        pages.close()


BY_LANGUAGE = pytest.mark.parametrize("lang", LANGUAGES, scope="module")
"""The ``lang`` parameter of the tests that share ``live_pages``: one language's tests run
together, so that each page starts its engine once a language, not once a test."""


def check(found: Findings, since: int) -> None:
    """No serious or critical violation among those found since the ``since``-th."""
    new = found.blocking[since:]
    assert not new, f"{len(new)} serious or critical violation(s):\n" + "\n".join(new)


def audit_pages(tabs: list[Tab], site_url: str, axe_url: str, found: Findings, lang: str,
                pages: list[str]) -> None:
    """Audit ``pages`` (and in the default language the 404 page) in ``lang``."""
    auditor, since = Auditor(tabs, axe_url, found), len(found.blocking)
    addresses = [(name, sitekit.page_url(name, lang)) for name in pages]
    if lang == sitekit.DEFAULT_LANGUAGE:
        addresses.append(("404", "404.html"))
    for name, address in addresses:
        auditor.visit(site_url + address, f"{lang} {name}")
    auditor.close()
    check(found, since)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_representative_pages_pass_axe(tab: Tab, second_tab: Tab, site_url: str, axe_url: str,
                                       findings: dict[str, Findings], lang: str) -> None:
    """A page of each kind at 360 px, the one with widgets at 1280 px too: the theme's
    parts (home), links in running text (glossary), code and tables (record format),
    widgets and diagrams (the guild's rules), a worked example and the 404 page."""
    assert set(REPRESENTATIVE) <= set(PAGES), set(REPRESENTATIVE) - set(PAGES)
    audit_pages([tab, second_tab], site_url, axe_url, findings[lang], lang, list(REPRESENTATIVE))


HEADINGS = """() => Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"))
  .filter((h) => getComputedStyle(h).display !== "none" && h.closest("[hidden]") === null)
  .map((h) => Number(h.tagName[1]))"""
"""The levels of the headings a screen reader lists, in document order."""


def axe_now(page: Any, axe_url: str, found: Findings, where: str, sizes: list[dict[str, int]]) -> None:
    """Audit the page as it is now, at each of ``sizes``; and check its headings: one h1
    first, no level skipped on the way down."""
    for size in sizes:
        page.set_viewport_size(size)
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(url=axe_url)
        page.wait_for_function(SETTLED)
        page.evaluate(START_AXE)
        page.wait_for_function("window.__mpAxe !== null", timeout=AXE_MS)
        result = page.evaluate("window.__mpAxe")
        assert not isinstance(result, str), f"axe-core failed on {where}: {result}"
        found.add(f"{where} at {size['width']} px", result)
    levels = page.evaluate(HEADINGS)
    assert levels[:1] == [1] and levels.count(1) == 1, (where, levels)
    skipped = [(a, b) for a, b in itertools.pairwise(levels) if b > a + 1]
    assert not skipped, (where, levels)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_room_views_pass_axe(browser: Any, table: Any, axe_url: str,  # noqa: F811 (the fixture)
                                 findings: dict[str, Findings], lang: str) -> None:
    """Issue 30, item 4 (Decided 4): the room's views with a live room server, every language
    at 360 px and English at 1280 px too: the lobby, a visitor, a seated player (who sees
    another player's name on the felt), the host, and the projector."""
    sizes = [PHONE, DESKTOP] if lang == "en" else [PHONE]
    found = findings[lang]
    since = len(found.blocking)
    base = room_page(table.url, lang)
    tabs = [open_tab(browser, viewport=PHONE) for _ in range(3)]
    try:
        host, guest, projector = (tab.page for tab in tabs)
        host.goto(base)
        live(host)
        axe_now(host, axe_url, found, f"{lang} room lobby", sizes)
        code = create(host, {"N": "person", "E": "random", "W": "random"})
        guest.goto(base + f"?room={code}")
        live(guest)
        guest.wait_for_selector('.mp-room-view[data-role="visitor"]')
        axe_now(guest, axe_url, found, f"{lang} room visitor", sizes)
        sit(guest, "N", "Aino")
        host.wait_for_selector(".mp-seat-N .mp-player")
        axe_now(guest, axe_url, found, f"{lang} room seated player", sizes)
        axe_now(host, axe_url, found, f"{lang} room host", sizes)
        projector.goto(base + f"?room={code}&view=projector")
        projector.wait_for_selector('.mp-room-view[data-role="projector"]')
        axe_now(projector, axe_url, found, f"{lang} room projector", sizes)
    finally:
        for tab in tabs:
            tab.close()
    check(found, since)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_club_night_views_pass_axe(browser: Any, table: Any, axe_url: str,  # noqa: F811 (the fixture)
                                       findings: dict[str, Findings], lang: str) -> None:
    """Issue 31's screens with a live server (the room server runs the club nights too), every
    language at 360 px and English at 1280 px too: the director's screen, a phone that has
    joined, and the wall screen; mid-round, a phone at its table with the time left, the
    director's screen with a player away, the phone of a player whose seat a bot plays, the
    director at a table, and the director's one-time player codes of players added; between
    rounds, the next round's tables on the director's screen and the wall, and the phone of an
    added player (its code used) saying where the player sits next."""
    sizes = [PHONE, DESKTOP] if lang == "en" else [PHONE]
    found = findings[lang]
    since = len(found.blocking)
    base = table.url + CLUB_PAGE[lang]
    tabs = [open_tab(browser, viewport=PHONE) for _ in range(3)]
    others: list[Scripted] = []
    try:
        director, player, wall = (tab.page for tab in tabs)
        frames = record_frames(director)
        director.goto(base)
        live(director)
        director.wait_for_selector('.mp-room-view[data-role="evening-create"]')
        axe_now(director, axe_url, found, f"{lang} club night, a new evening", sizes)
        director.click('button[data-focus-key="evening-create"]')
        director.wait_for_selector('.mp-room-view[data-role="evening-director"]')
        code = director.evaluate("() => new URLSearchParams(location.search).get('room')")
        player.goto(base + f"?room={code}")
        live(player)
        player.wait_for_selector('.mp-room-view[data-role="evening-visitor"]')
        axe_now(player, axe_url, found, f"{lang} club night, joining", sizes)
        player.fill('input[data-action-field="name"]', "Aino")
        player.keyboard.press("Enter")
        player.wait_for_selector('.mp-room-view[data-role="evening-player"]')
        axe_now(player, axe_url, found, f"{lang} club night, a player", sizes)
        director.wait_for_selector(".mp-evening-members li")
        axe_now(director, axe_url, found, f"{lang} club night, the director", sizes)
        wall.goto(base + f"?room={code}&view=projector")
        wall.wait_for_selector('.mp-room-view[data-role="evening-projector"]')
        axe_now(wall, axe_url, found, f"{lang} club night, the wall screen", sizes)
        # mid-round: three more players (scripted), Aino's phone away, a bot put in her seat
        for name in ("Eero", "Inka", "Oona"):
            other = Scripted(table.url)
            others.append(other)
            other.join(lang, code, name)
        director.wait_for_function("() => document.querySelectorAll('.mp-evening-members li').length === 4")
        director.click('button[data-focus-key="evening-start-round"]')
        player.wait_for_selector('.mp-room-view[data-role="seat"] .mp-evening-time')
        axe_now(player, axe_url, found, f"{lang} club night, a phone at its table with the time left", sizes)
        player.goto("about:blank")
        director.wait_for_selector('button[data-focus-key^="evening-bot-"]')
        axe_now(director, axe_url, found, f"{lang} club night, the director mid-round", sizes)
        director.click('button[data-focus-key^="evening-bot-"]')
        player.goto(base + f"?room={code}")
        player.wait_for_selector(".mp-evening-bot")
        axe_now(player, axe_url, found, f"{lang} club night, a bot in the player's seat", sizes)
        director.click('button[data-focus-key="evening-watch-1"]')
        director.wait_for_selector('.mp-room-view[data-role="spectator"] .mp-room-teach')
        axe_now(director, axe_url, found, f"{lang} club night, the director at a table", sizes)
        director.click('button[data-focus-key="evening-view"]')  # back to the evening's screen
        # the director adds a player and a new partner: their one-time player codes shown
        director.fill('input[data-focus-key="evening-add-name"]', "Ville")
        director.fill('input[data-focus-key="evening-add-partner"]', "Maija")
        director.click('button[data-focus-key="evening-add"]')
        wait_or_tell(director, ".mp-evening-claim-code", frames)
        claim = director.locator(".mp-evening-claim-code").first.inner_text()
        axe_now(director, axe_url, found, f"{lang} club night, the director's player codes", sizes)
        # the round's two deals given results (the director's form): between rounds, the next
        # round's tables on the director's screen and the wall, and where Aino sits next
        for board in ("1", "2"):
            director.select_option('select[data-focus-key="evening-board"]', board)
            director.check('input[data-focus-key="evening-share"]')
            director.fill('input[data-focus-key="evening-ns"]', "50")
            director.fill('input[data-focus-key="evening-ew"]', "50")
            director.fill('input[data-focus-key="evening-note"]', "—")
            director.click('button[data-focus-key="evening-correct"]')
            director.wait_for_selector(f'.mp-evening-board[data-board="{board}"]')
        director.wait_for_selector(".mp-evening-next")
        axe_now(director, axe_url, found, f"{lang} club night, the director between rounds", sizes)
        wall.wait_for_selector(".mp-evening-next")
        axe_now(wall, axe_url, found, f"{lang} club night, the wall screen between rounds", sizes)
        ville = open_tab(browser, viewport=PHONE)  # Ville's phone takes his place with his code
        tabs.append(ville)
        ville.page.goto(base + f"?room={code}")
        live(ville.page)
        ville.page.wait_for_selector('.mp-room-view[data-role="evening-visitor"]')
        ville.page.fill('input[data-focus-key="evening-claim-code"]', claim)
        ville.page.keyboard.press("Enter")
        ville.page.wait_for_selector(".mp-evening-next-you")
        axe_now(ville.page, axe_url, found, f"{lang} club night, a phone between rounds", sizes)
        director.click('button[data-focus-key="evening-end"]')  # the evening ends: no bot plays on
        director.wait_for_function("() => !document.querySelector('[data-focus-key=\"evening-end\"]')")
    finally:
        for other in others:
            other.close()
        for tab in tabs:
            tab.close()
    check(found, since)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_club_night_phones_own_review_passes_axe(browser: Any, table: Any, axe_url: str,  # noqa: F811
                                                    findings: dict[str, Findings], lang: str) -> None:
    """A phone that has played the round's deal (with a partner whose seat a bot plays, against
    the bot pair), every language at 360 px and English at 1280 px too: between rounds, the
    next table large, the round just played under it and the deal's results with the way to
    the player's own review; then that review."""
    sizes = [PHONE, DESKTOP] if lang == "en" else [PHONE]
    found = findings[lang]
    since = len(found.blocking)
    server = table
    boss, mate = Scripted(server.url), Scripted(server.url)
    tab = open_tab(browser, viewport=PHONE)
    try:
        page = tab.page
        path = CLUB_PAGE[lang] + "?room={code}"
        play_one_deal_on_a_phone(server, boss, mate, page, lang, "Aino", "Eero", path)
        opener = '.mp-evening-review-open button'
        page.wait_for_selector(opener)
        assert page.locator(".mp-evening-played").count() == 1
        axe_now(page, axe_url, found, f"{lang} club night, a phone between rounds after its deal", sizes)
        page.click(opener)
        page.wait_for_selector('.mp-evening-review .mp-play-review[data-review="ready"]', timeout=60_000)
        axe_now(page, axe_url, found, f"{lang} club night, a phone's own review", sizes)
    finally:
        end_evening(boss, mate, tab)
    check(found, since)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_passes_axe(tab: Tab, second_tab: Tab, site_url: str, axe_url: str,
                               findings: dict[str, Findings], lang: str) -> None:
    """Every page at 360 px; a page with widgets, once they are live, at 1280 px too."""
    audit_pages([tab, second_tab], site_url, axe_url, findings[lang], lang, PAGES)


@BY_LANGUAGE
def test_the_widgets_in_use_pass_axe(live_pages: LivePages, axe_url: str,
                                     findings: dict[str, Findings], lang: str) -> None:
    """Play with a deal started and ended, the course answered, a sheet, a refused card."""
    found = findings[lang]
    auditor, since = Auditor([], axe_url, found), len(found.blocking)
    page = live_pages.open("play")
    seed = 2
    start(page, lang, "guild", seed)
    auditor.now(page, f"{lang} play, a deal started")
    finish_deal(page, lang, seed)
    auditor.now(page, f"{lang} play, the deal over")

    page = live_pages.open("course")
    ident = state_of(page, COURSE)["ex"]
    answer(page, COURSE, course_action(ident, wrong=True))
    auditor.now(page, f"{lang} course, a wrong answer")
    bidding = stage_exercises("huutopussi-bidding")[0].id  # what each call brings, in words
    answer(page, COURSE, None, focus_key="go-huutopussi-bidding")
    while state_of(page, COURSE)["ex"] != bidding:
        answer(page, COURSE, None, focus_key="next")
    answer(page, COURSE, course_action(bidding, wrong=True))
    assert page.locator(f"{COURSE} .mp-verdict li").count() >= 2
    auditor.now(page, f"{lang} course, a bidding exercise answered wrong, its verdict shown")

    page = live_pages.open("table/score-keeper")
    enter(page, lang, *GUILD_DEAL)  # a new deal is blank: filled in before it is added
    answer(page, KEEPER, None, focus_key="commit")
    auditor.now(page, f"{lang} score keeper, a deal added")

    page = live_pages.open("table/dispute")
    answer(page, DISPUTE, None, focus_key="ex-illegal-card")
    auditor.now(page, f"{lang} dispute, a refused card")
    check(found, since)


MARRIAGE = "huutopussi-marriage"
HINT_BUSY = f'{PLAY} .mp-play-hint[data-hint]'
HINT_DONE = f"{PLAY} .mp-play-hint:not([data-hint])"
REVIEW_WORKED_MS = 400_000
"""How long the worker may take over the review's bidding and exchange (``MARRIAGE_REVIEW_DEALS``
deals a call, a search per declaring seat or per set of cards in each)."""


def tab_to(page: Any, selector: str, most: int = 120) -> None:
    """From the widget's first control, press Tab until ``selector`` has the focus (a reader
    without a mouse reaches it)."""
    page.locator(f"{PLAY} button, {PLAY} select").first.focus()
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement?.matches(s) === true", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not reached by Tab")


def reader_acts(page: Any, lang: str, action: Any) -> dict[str, Any]:
    """The reader's ``action`` by keyboard (picks and a press for a set of cards); the bots' moves after."""
    steps = controls(action)
    for step in steps[:-1]:
        key(page, lang, step)
    send(page, steps[-1])
    return wait_reader(page)


@BY_LANGUAGE
def test_the_marriage_bidding_hinted_and_reviewed_by_keyboard_on_a_phone_pass_axe(
    live_pages: LivePages, axe_url: str, findings: dict[str, Findings], screenshots: Path, lang: str
) -> None:
    """Issue 32 on the Play page with a marriage-family deal, by keyboard on a 360 px phone,
    axe-core at each step (in English at 1280 px too, as the rooms' audit: issue 30, Decided 4):
    the bidding with the hint weighing (its progress line and its figures so far) and with its
    figures, the exchange, and the review after the deal with the bidding's and the exchange's
    verdicts, each with a call's example deal opened by Tab and Enter. The hint button and the
    review button are reached by Tab, and what each press
    changes is heard once. The headings go down one level at a time.

    What the page shows is the host's (Decided 5): the hint's figures are the host's for as many
    deals as it names, and the review's first part (each of the reader's calls and sets of cards
    in words, the sentence on how they are weighed, each side's par) is the bridge's. Screenshots:
    artifacts/screenshots/play-marriage-auction-{hint,review}-LANG.png."""
    found = findings[lang]
    since = len(found.blocking)
    page = live_pages.open("play")
    sizes = [PHONE, DESKTOP] if lang == "en" else [PHONE]

    def audit(where: str) -> None:
        axe_now(page, axe_url, found, f"{lang} play, the marriage {where}", sizes)
        page.set_viewport_size(PHONE)

    seed = calling_seed()
    start(page, lang, MARRIAGE, seed)
    heard(page)
    tab_to(page, f'{PLAY} [data-focus-key="hint"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(HINT_BUSY, state="attached")
    audit("bidding's hint weighing")
    page.wait_for_selector(HINT_DONE, state="attached", timeout=60_000)
    audit("bidding's hint")
    said_now = heard(page)
    assert len(said_now) == len(set(said_now)) >= 2, said_now
    hint = page.locator(f"{PLAY} .mp-play-hint").text_content() or ""
    assert said_now[-1] == said(spoken(hint, lang)), said_now
    # the hint's figures are the host's over as many deals as it names
    hinted = dict(state_of(page, PLAY))
    assert hinted["hint"] == 1
    deals = [n for n in range(1, play.HINT_DEALS + 1) if pt("hint-auction-deals", lang, deals=n) in hint]
    assert len(deals) == 1, hint
    work = MarriageWork(SeatView.of(play.position(hinted).deal, Seat.S), play.game_of(hinted).auction_seed(),
                        max_deals=None, pilot=MARRIAGE_HINT_PILOT)
    while work.deals < deals[0]:
        work.step()
    assert hint == plain(text_html(auction_hint_text(work.result(), lang), lang))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(f"{PLAY} .mp-play-hint").evaluate("el => el.scrollIntoView({block: 'center'})")
    shot(page, screenshots, f"play-marriage-auction-hint-{lang}")
    # the best call's example deal, opened by Tab and Enter, then closed again
    example = open_example(page, f"{PLAY} .mp-play-hint + details.mp-play-example")
    shot(page, screenshots, f"play-marriage-auction-hint-example-{lang}")
    example.locator("summary").focus()
    page.keyboard.press("Enter")
    # the reader bids the highest of the bids on buttons until he holds the contract: his partner
    # gives him cards, and he gives back as many
    state = wait_reader(page)
    while play.position(state).deal.phase is Phase.BID:
        bids = [a for a in play.position(state).deal.legal_actions() if isinstance(a, Bid)]
        state = reader_acts(page, lang, bids[: BIDS_SHOWN][-1])
    deal = play.position(state).deal
    assert deal.phase in (Phase.RETURN, Phase.CONTRACT) and deal.to_act == Seat.S, deal.phase
    audit("exchange")
    finish_deal(page, lang, seed)
    heard(page)
    tab_to(page, f'{PLAY} [data-focus-key="review"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{PLAY} [data-auction="ready"]', state="attached", timeout=REVIEW_WORKED_MS)
    assert page.locator(f"{PLAY} .mp-play-review-calls > li").count() >= 1
    audit("review with the bidding's and the exchange's verdicts")
    said_now = heard(page)
    assert len(said_now) == len(set(said_now)), said_now
    assert said_now.count(said(pt("review-auction-ready", lang))) == 1, said_now
    # the review's first part is the host's: every call and set of cards, the method, the par
    state = dict(state_of(page, PLAY))
    work_done = host_review(state)  # shared by the three languages' runs
    part = page.locator(f"{PLAY} .mp-play-review-auction").text_content() or ""
    assert pt("review-exchange-method", lang, deals=play.MARRIAGE_REVIEW_DEALS[4]) in part
    assert page.locator(f"{PLAY} .mp-play-review-calls > li").count() == len(work_done.calls_at) >= 1
    assert page.locator(f"{PLAY} .mp-play-par").count() == len(work_done.par or ()) == 2
    message = {"widget": "play", "lang": lang, "state": state, "action": {"type": "review"}}
    reply = json.loads(bridge.handle(json.dumps(message)))
    root = page.locator(PLAY).get_attribute("data-root") or "."
    difference = html_difference(page, PLAY, reply["html"].replace("@root@", root), ".mp-play-review-auction")
    assert not difference, f"the review's first part differs from the host's:\n{difference}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(f"{PLAY} .mp-play-review-auction").evaluate("el => el.scrollIntoView({block: 'start'})")
    shot(page, screenshots, f"play-marriage-auction-review-{lang}", f"{PLAY} .mp-play-review-auction")
    # the first call's example deal open: Tab from the review's start, Enter, axe once more
    open_example(page, f"{PLAY} .mp-play-review-calls > li:first-child > details.mp-play-example")
    audit("review with a call's example deal open")
    shot(page, screenshots, f"play-marriage-auction-review-example-{lang}")
    check(found, since)


# --- what a screen reader hears -----------------------------------------------------------


def course_action(ident: str, wrong: bool) -> list[dict[str, Any]]:
    """The actions that answer an exercise wrongly, or rightly after a wrong try."""
    ex = exercise(ident)
    if ex.kind in ("all-legal", "discard"):
        # the right picks after a wrong try: the wrong ones off, the right ones on
        picks = ex.wrong.split()[1:] + ([] if wrong else ex.solution.split()[1:])
        return [{"type": "toggle", "card": card} for card in picks] + [{"type": "check"}]
    return [{"type": "answer", "answer": ex.wrong if wrong else ex.solution}]


def answer(page: Any, selector: str, actions: list[dict[str, Any]] | None,
           focus_key: str = "") -> list[dict[str, Any]]:
    """Press the widget's controls for ``actions`` (or the one with ``focus_key``) by
    keyboard; wait for each reply; return the updates' details."""
    controls = [f'{selector} [data-focus-key="{focus_key}"]'] if actions is None else [
        f"{selector} button[data-action='{json.dumps(a, separators=(',', ':'), ensure_ascii=False)}']"
        for a in actions]
    details = []
    for control in controls:
        seen = page.evaluate("window.__mpUpdates.length")
        page.locator(control).focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.__mpUpdates.length > {seen}")
        details.append(page.evaluate(f"window.__mpUpdates[{seen}].detail"))
    return details


def replies(lang: str, kind: str, state: Any, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The host bridge's replies to ``actions`` from ``state``, one after the other."""
    out = []
    for action in actions:
        reply = json.loads(bridge.handle(json.dumps({"widget": kind, "lang": lang, "state": state,
                                                     "action": action})))
        out.append(reply)
        state = reply["state"]
    return out


def updates(page: Any, since: int) -> list[dict[str, Any]]:
    """The actions of the widget replies since the ``since``-th."""
    return [u["detail"]["action"] for u in page.evaluate(f"window.__mpUpdates.slice({since})")]


def heard(page: Any) -> list[str]:
    return list(page.evaluate("window.__mpHeard.splice(0)"))


def said(text: str) -> str:
    return " ".join(text.split())


@BY_LANGUAGE
def test_each_bot_move_and_each_refusal_is_heard_once(live_pages: LivePages, lang: str) -> None:
    page = live_pages.open("play")
    seed, card, _ = illegal_seed()
    # the set-up, the new deal and any bot before the reader: each reply heard once
    before, seen = state_of(page, PLAY), page.evaluate("window.__mpUpdates.length")
    heard(page)
    start(page, lang, "guild", seed)
    assert heard(page) == [said(r["announce"]) for r in replies(lang, "play", before, updates(page, seen))]
    # a refused card: its words once
    before = wait_reader(page)
    answer(page, PLAY, [{"type": "play", "card": card}])
    (refusal,) = replies(lang, "play", before, [{"type": "play", "card": card}])
    assert heard(page) == [said(refusal["announce"])]
    # a card the rules allow, then each bot's move: each once, in its own words
    before, seen = wait_reader(page), page.evaluate("window.__mpUpdates.length")
    allowed = next(a for a in play.position(before).deal.legal_actions() if isinstance(a, Play))
    answer(page, PLAY, [{"type": "play", "card": allowed.card.code}])
    wait_reader(page)
    actions = updates(page, seen)
    assert [a["type"] for a in actions[1:]] == ["bot"] * (len(actions) - 1) and len(actions) > 1, actions
    assert heard(page) == [said(r["announce"]) for r in replies(lang, "play", before, actions)]

    page = live_pages.open("rules/guild", WHICH_CARD)
    state = state_of(page, WHICH_CARD)
    heard(page)
    actions = [refused_which_card(state)]
    answer(page, WHICH_CARD, actions)
    assert heard(page) == [said(r["announce"]) for r in replies(lang, "which-card", state, actions)]

    page = live_pages.open("table/dispute")
    state = state_of(page, DISPUTE)
    heard(page)
    (detail,) = answer(page, DISPUTE, None, focus_key="ex-illegal-card")
    (reply,) = replies(lang, "dispute", state, [detail["action"]])
    assert heard(page) == [said(reply["announce"])]


SYMBOLS = ("♥", "♦", "♠", "♣")


@BY_LANGUAGE
def test_cards_and_suits_are_heard_by_name_and_each_event_once(live_pages: LivePages, lang: str) -> None:
    """Issue 30, items 1 and 2: the reader's cards are buttons named by the card in the page's
    language (the glyph hidden, no aria-label), the trump line names its suit, and what the
    live region says names cards, who took the trick and whose turn it is."""
    page = live_pages.open("play")
    seed, _, _ = illegal_seed()
    heard(page)
    start(page, lang, "guild", seed)
    state = wait_reader(page)
    deal = play.position(state).deal
    for card in deal.hand(deal.to_act):
        named = page.locator(PLAY).get_by_role("button", name=card_name(card, lang), exact=True)
        assert named.count() == 1, (lang, card)
        assert named.get_attribute("aria-label") is None
    assert page.locator(f"{PLAY} .mp-card-button[aria-label]").count() == 0
    said = heard(page)
    assert said and said[-1].endswith(pt("your-turn", lang)), said
    # a trick played out: every message names its cards; who took the trick, said once
    for _ in range(4):
        before = wait_reader(page)
        now = play.position(before).deal
        if now.last_trick is not None:
            break
        allowed = next(a for a in now.legal_actions() if isinstance(a, Play))
        answer(page, PLAY, [{"type": "play", "card": allowed.card.code}])
    wait_reader(page)
    said += heard(page)
    assert not any(symbol in text for text in said for symbol in SYMBOLS), said
    winner = play.position(state_of(page, PLAY)).deal.tricks[0].winner
    took = wt("takes-trick", lang, seat=seat_name(winner, lang))
    assert sum(text.count(took) for text in said) == 1, said


CONTRAST = """(el) => {
  const parse = (c) => {
    const p = c.match(/rgba?\\(([^)]+)\\)/)[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  // the background as seen: the element's own over its ancestors', down to an opaque one
  const layers = [];
  for (let node = el; node; node = node.parentElement) {
    const bg = parse(getComputedStyle(node).backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let base = [255, 255, 255];
  for (const layer of layers.reverse()) base = base.map((v, i) => layer[i] * layer[3] + v * (1 - layer[3]));
  const fg = parse(getComputedStyle(el).color);
  const text = fg.slice(0, 3).map((v, i) => v * fg[3] + base[i] * (1 - fg[3]));
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(text), lum(base)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
"""The contrast ratio of an element's words against the background seen behind them."""


def contrast(page: Any, selector: str) -> float:
    page.wait_for_function(SETTLED)
    return float(page.locator(selector).evaluate(CONTRAST))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_primary_buttons_keep_their_contrast_under_hover_focus_and_a_tap(browser: Any, site_url: str,
                                                                          scheme: str) -> None:
    """Issue 30, item 5: a hovered primary button kept white words on a near-white felt
    (about 1.1:1), and a phone keeps the last tapped button hovered."""
    check_button = f'{DISPUTE} [data-focus-key="check"]'
    desk = open_tab(browser, color_scheme=scheme, viewport=DESKTOP)
    try:
        page = desk.page
        page.goto(site_url + sitekit.page_url("table/dispute", "en"))
        go_live(page)
        page.mouse.move(0, 0)
        assert contrast(page, check_button) >= 4.5
        page.locator(check_button).hover()
        assert contrast(page, check_button) >= 4.5
        page.mouse.move(0, 0)
        page.locator(check_button).focus()
        assert contrast(page, check_button) >= 4.5
    finally:
        desk.close()
    phone = open_tab(browser, color_scheme=scheme, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = phone.page
        page.goto(site_url + sitekit.page_url("table/dispute", "en"))
        go_live(page)
        still = page.locator(check_button).evaluate("(el) => getComputedStyle(el).backgroundColor")
        page.locator(check_button).tap()
        page.wait_for_function("window.__mpUpdates.length > 0")
        assert contrast(page, check_button) >= 4.5
        # a tapped button looks as it did: no hover colour left behind
        after = page.locator(check_button).evaluate("(el) => getComputedStyle(el).backgroundColor")
        assert after == still
    finally:
        phone.close()


def refused_which_card(state: Any) -> dict[str, Any]:
    """The action that picks a card the which-card widget's position refuses."""
    deal = which_card.position(state)
    refused = next(v for v in deal.explain() if not v.allowed)
    return {"type": "play", "card": refused.card.code}


@BY_LANGUAGE
def test_each_verdict_of_the_course_is_heard_once(live_pages: LivePages, lang: str) -> None:
    page = live_pages.open("course")
    ident = state_of(page, COURSE)["ex"]
    for wrong in (True, False):
        state = state_of(page, COURSE)
        actions = course_action(ident, wrong)
        heard(page)
        answer(page, COURSE, actions)
        expected = [said(r["announce"]) for r in replies(lang, "course", state, actions)]
        assert heard(page) == expected
    assert state_of(page, COURSE)["solved"] == 1
