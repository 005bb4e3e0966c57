"""The live widgets in Chromium: static first, then Pyodide in a worker, in every language.

The built site (shared with tests/site through sitekit) is served by http.server on
127.0.0.1; Chromium is Debian's headless shell (``CHROMIUM``), driven by Playwright. For
each widget kind and language:

- the widgets are there, complete, before Pyodide starts, and a page without widgets
  asks for nothing of Pyodide or of the runtime;
- once live, clicks and keys change the widget exactly as ``marjapussi.web.bridge``
  says on the host's CPython for the same state and action (the same package, here run
  by Pyodide in the page's worker), and an illegal card is refused with the right rule's name
  and a link to the rule in the page's language;
- a failed Pyodide start (its files blocked), a timeout and a browser without module
  workers leave the static widgets with a message in the page's language;
- a hostile shared link shows the bridge's message and the default position, opens no
  dialog and inserts no element; a good one opens its position;
- no request leaves 127.0.0.1.

Screenshots go to artifacts/screenshots/widgets-*.png, to be looked at by a person.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import sys
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site"))

import sitekit

from marjapussi.i18n import rule_name, spoken
from marjapussi.rule_ids import RULE_PAGES
from marjapussi.web import bridge, which_card
from site_hooks import runtime

pytestmark = pytest.mark.browser

# Debian's headless shell: the same Chromium build (package chromium-headless-shell, the
# version of Debian's chromium, installed by scripts/setup.sh) without the browser's own
# windowing layers: what Playwright runs for headless by default. The same pages and checks
# took 0.6 of the full browser's time here (25 tests: 188-205 s -> 113-125 s, alternated in
# one run). MARJAPUSSI_TEST_CHROMIUM=/usr/bin/chromium runs the browser tests in the full one.
CHROMIUM = os.environ.get("MARJAPUSSI_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = sitekit.ROOT / "artifacts" / "screenshots"
LANGUAGES = sitekit.site_languages()
KINDS = ("trick-stepper", "which-card", "asking", "scoring")
RULES_PAGE = "rules/guild"
WHICH_CARD = "#w-which-card-must-beat"
BOOT_MS = 120_000
# A word of the runtime's own messages in each language (docs/assets/widgets/runtime.js).
ENGINE_WORD = {"fi": "sääntömoottori", "en": "rules engine", "ru": "движок правил"}
# The runtime's message while the engine starts.
LOADING = {"fi": "Ladataan sääntömoottoria…", "en": "Loading the rules engine…",
           "ru": "Загружается движок правил…"}
BROWSER_WORD = {"fi": "selain", "en": "browser", "ru": "браузер"}
# The Play page's review slices (the page's own follow-ups after a deal, which change no
# state) are counted apart, so that __mpUpdates[n] is the answer to the n-th reader or bot action.
RECORD_UPDATES = """
  window.__mpUpdates = [];
  window.__mpSlices = 0;
  document.addEventListener("mp:update", (e) => {
    const action = e.detail && e.detail.action;
    if (action && action.type === "review-step") window.__mpSlices += 1;
    else window.__mpUpdates.push({id: e.target.id, detail: e.detail});
  });
"""


# --- fixtures -------------------------------------------------------------------------


@dataclass
class RequestLog:
    urls: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def outside(self) -> list[str]:
        return [u for u in self.urls
                if urlsplit(u).scheme not in ("data", "blob", "about")
                and urlsplit(u).hostname != "127.0.0.1"]

    def under(self, path: str) -> list[str]:
        return [u for u in self.urls if urlsplit(u).path.startswith(path)]

    def check(self) -> None:
        assert not self.outside(), f"requests left 127.0.0.1: {self.outside()}"
        assert not self.failed, f"requests failed: {self.failed}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        return sitekit.build_site_once(tmp_path_factory.mktemp).site
    except AssertionError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    yield from sitekit.served(site)  # quiet when the browser hangs up early


@pytest.fixture(scope="module")
def browser(playwright_driver: Any) -> Iterator[Any]:
    """A Chromium of the module's own: one module's crash or leak stays in it."""
    chromium = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="module")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@dataclass
class Tab:
    page: Any
    log: RequestLog
    dialogs: list[str]
    errors: list[str]
    own_context: bool = True

    def close(self) -> None:
        if self.own_context:
            self.page.context.close()
        else:
            self.page.close()


HEAR = """
  window.__mpHeard = [];
  (() => {
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const said = (el) => el.textContent.replace(/\\s+/g, " ").trim();
    new MutationObserver((records) => {
      const changed = new Set();
      for (const record of records) {
        // A live region that was in the page when its text changed is read out ...
        const at = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const region = at && at.closest(LIVE);
        if (region) changed.add(region);
        // ... and an alert as soon as it is put into the page.
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          if (node.matches('[role="alert"]')) changed.add(node);
          for (const alert of node.querySelectorAll('[role="alert"]')) changed.add(alert);
        }
      }
      for (const region of changed) {
        if (region.isConnected && said(region)) window.__mpHeard.push(said(region));
      }
    }).observe(document, {subtree: true, childList: true, characterData: true});
  })();
"""
"""An init script: what a screen reader would read out, in ``window.__mpHeard``."""


def open_tab(browser: Any, *, init: str = "", context: Any = None, **options: Any) -> Tab:
    """A tab recording requests, failed responses, dialogs and errors, in a fresh context
    (empty cache) or in ``context``."""
    # The site's service worker (assets/offline.js) is blocked unless a test allows it
    # (test_offline_browser.py): page.route does not see the requests a service worker
    # makes, and a page it takes over halfway would escape a test's routes.
    settings = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block", **options}
    own = context is None
    if context is None:
        context = browser.new_context(**settings)
    page = context.new_page()
    tab = Tab(page, RequestLog(), [], [], own)
    page.on("request", lambda request: tab.log.urls.append(request.url))
    page.on("response", lambda response: response.status >= 400
            and tab.log.failed.append(f"{response.status} {response.url}"))
    page.on("pageerror", lambda error: tab.errors.append(str(error)))

    def on_dialog(dialog: Any) -> None:
        tab.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.add_init_script(RECORD_UPDATES + init)
    page.set_default_timeout(20_000)
    return tab


def checked(opened: Tab) -> Iterator[Tab]:
    """Yield the tab; afterwards check that no request failed or left 127.0.0.1 and no
    script error happened, and close it (for a fixture's ``yield from``)."""
    try:
        yield opened
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


@pytest.fixture
def tab(browser: Any) -> Iterator[Tab]:
    yield from checked(open_tab(browser))


def rules_url(site_url: str, lang: str, query: str = "", fragment: str = "") -> str:
    return site_url + sitekit.page_url(RULES_PAGE, lang) + query + fragment


def wait_live(page: Any, selector: str = ".mp-widget") -> None:
    page.wait_for_selector(f"{selector}[data-runtime=live]", state="attached", timeout=BOOT_MS)


@pytest.fixture(scope="module")
def live_tabs(browser: Any, site_url: str) -> Iterator[dict[str, Tab]]:
    """One live guild rules page per language, shared by the interaction tests."""
    tabs: dict[str, Tab] = {}
    yield tabs
    for opened in tabs.values():
        opened.close()
    for lang, opened in tabs.items():
        opened.log.check()
        assert not opened.errors, (lang, opened.errors)


def live_tab(live_tabs: dict[str, Tab], browser: Any, site_url: str, lang: str) -> Tab:
    if lang not in live_tabs:
        opened = open_tab(browser)
        opened.page.goto(rules_url(site_url, lang, fragment=WHICH_CARD))
        wait_live(opened.page)
        live_tabs[lang] = opened
    return live_tabs[lang]


# --- helpers --------------------------------------------------------------------------


def widget(page: Any, kind: str) -> str:
    """A selector for a widget of ``kind`` on the page (the must-beat one for which-card)."""
    if kind == "which-card" and page.locator(WHICH_CARD).count():
        return WHICH_CARD
    ident = page.locator(f'.mp-widget[data-widget="{kind}"]').first.get_attribute("id")
    assert ident, f"no {kind} widget on {page.url}"
    return f"#{ident}"


def state_of(page: Any, selector: str) -> Any:
    return json.loads(page.locator(selector).get_attribute("data-state") or "null")


def status_of(page: Any, selector: str) -> str:
    return str(page.locator(f"{selector} .mp-widget-status").text_content() or "")


def html_difference(page: Any, selector: str, html: str, part: str = "") -> str:
    """Where the widget's body differs from ``html`` (both as the browser parses and prints
    them); empty when they are the same. ``part``: compare only the first element of each
    that this selector finds."""
    shown, expected = page.evaluate(
        """([selector, html, part]) => {
          const t = document.createElement("template");
          t.innerHTML = html;
          // the theme marks the focused element with a focus-visible class: not ours,
          const body = document.querySelector(selector + " .mp-widget-body").cloneNode(true);
          for (const el of body.querySelectorAll(".focus-visible, [data-focus-visible-added]")) {
            el.classList.remove("focus-visible");
            if (!el.classList.length) el.removeAttribute("class");
            el.removeAttribute("data-focus-visible-added");
          }
          // nor what site.js gives a box that scrolls sideways (data-mp-reach names it)
          for (const el of body.querySelectorAll("[data-mp-reach]")) {
            for (const name of el.getAttribute("data-mp-reach").split(" ")) el.removeAttribute(name);
            el.removeAttribute("data-mp-reach");
          }
          if (part) {
            const mine = body.querySelector(part), theirs = t.content.querySelector(part);
            return [mine ? mine.outerHTML : "", theirs ? theirs.outerHTML : ""];
          }
          return [body.innerHTML, t.innerHTML];
        }""", [selector, html, part])
    if shown == expected:
        return ""
    at = next((i for i, (a, b) in enumerate(zip(shown, expected, strict=False)) if a != b),
              min(len(shown), len(expected)))
    return f"page: ...{shown[max(0, at - 80):at + 120]!r}\nbridge: ...{expected[max(0, at - 80):at + 120]!r}"


def act(page: Any, selector: str, lang: str, do: Callable[[], None],
        timeout: float = 20_000) -> dict[str, Any]:
    """Do something to a live widget; check that it shows what the host's bridge says.

    Returns the bridge's reply for the state before and the action the runtime sent.
    ``timeout``: how long the answer may take (``BOOT_MS`` when the engine is starting).
    """
    kind = page.locator(selector).get_attribute("data-widget")
    before = state_of(page, selector)
    seen = page.evaluate("window.__mpUpdates.length")
    do()
    page.wait_for_function(f"window.__mpUpdates.length > {seen}", timeout=timeout)
    update = page.evaluate(f"window.__mpUpdates[{seen}]")
    assert update["id"] == selector.lstrip("#"), update
    action = update["detail"]["action"]
    message = json.dumps({"widget": kind, "lang": lang, "state": before, "action": action})
    reply: dict[str, Any] = json.loads(bridge.handle(message))
    root = page.locator(selector).get_attribute("data-root") or "."
    difference = html_difference(page, selector, reply["html"].replace("@root@", root))
    assert not difference, f"{kind} in {lang}, {action}: the page differs from the bridge:\n{difference}"
    assert state_of(page, selector) == reply["state"]
    assert status_of(page, selector).rstrip("\u00a0") == reply["announce"]
    assert update["detail"]["ok"] == reply["ok"]
    return reply


def release(held: list[Any], opened: Tab) -> None:
    """Abort the requests a test held back, then close its tab and context."""
    for route in held:
        with contextlib.suppress(Exception):
            route.abort()
    opened.page.context.close()


@pytest.fixture(scope="module")
def warm_context(browser: Any) -> Iterator[Any]:
    """A context shared by the shared-link tests: Pyodide comes from its cache."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        yield context
    finally:
        context.close()


def clicker(page: Any, selector: str, key: str) -> Callable[[], None]:
    """Click the widget's control whose ``data-focus-key`` is ``key``."""
    return lambda: page.locator(f'{selector} [data-focus-key="{key}"]').click()


def focus_key(page: Any) -> str | None:
    value = page.evaluate("document.activeElement && document.activeElement.getAttribute('data-focus-key')")
    return None if value is None else str(value)


def shot(page: Any, screenshots: Path, name: str, selector: str | None = None) -> None:
    """Screenshot the page's viewport, or one element (grown into a viewport that holds it).

    An element taller than the viewport is captured "beyond the viewport": Chromium then
    lays the whole page out at once, and in a touch (phone) context on a page as tall as
    the guild rules (about 30 000 px at 360 px wide) the layout viewport collapses to a
    few pixels while it does, the page reflows and the element is never stable, so the
    screenshot waited until its timeout (sooner or later depending on the page's height
    and the machine's load). A viewport as tall as the element needs no such capture.
    """
    target = page.locator(selector) if selector else page
    viewport = page.viewport_size
    grown = False
    if selector and viewport:
        height = page.locator(selector).evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
        if height + 8 > viewport["height"]:
            page.set_viewport_size({"width": viewport["width"], "height": height + 8})
            grown = True
    try:
        # the theme's sticky header and "back to top" button would cover the widget's top
        target.screenshot(path=str(screenshots / f"widgets-{name}.png"), animations="disabled",
                          style=".md-header, .md-tabs, .md-top { visibility: hidden !important; }")
    finally:
        if grown:
            page.set_viewport_size(viewport)


# --- the built site -------------------------------------------------------------------


def test_the_site_ships_pyodide_and_the_wheel_and_the_runtime_only_where_needed(site: Path) -> None:
    npm = sitekit.ROOT / "node_modules" / "pyodide"
    shipped = sorted(p.name for p in (site / "pyodide").iterdir())
    wheels = [name for name in shipped if name.endswith(".whl")]
    assert len(wheels) == 1 and wheels[0].endswith("-py3-none-any.whl"), shipped
    snapshots = {name for name in shipped if name.startswith("snapshot-")}  # see test_snapshot_browser.py
    packed = {f"{name}{runtime.PACKED_SUFFIX}" for name in runtime.PACKED_FILES}
    # the compiled search core's module, where scripts/build_core.sh could build it
    core = {runtime.CORE_WASM.name} if runtime.CORE_WASM.is_file() else set()
    # gzipped copies the room server sends to browsers that accept gzip (site_hooks/compress.py)
    gzipped = {name for name in shipped if name.endswith(".gz") and name[:-3] in shipped}
    assert set(shipped) - set(wheels) - snapshots - gzipped == packed | core | {
        "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
    for name in core:
        assert (site / "pyodide" / name).read_bytes() == runtime.CORE_WASM.read_bytes()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (site / "pyodide" / name).read_bytes() == (npm / name).read_bytes(), name
    # the packed copies the worker fetches: gzip of the same files
    for name in runtime.PACKED_FILES:
        data = (site / "pyodide" / f"{name}{runtime.PACKED_SUFFIX}").read_bytes()
        assert gzip.decompress(data) == (npm / name).read_bytes(), name
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {}
    assert lock["info"] == json.loads((npm / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    with zipfile.ZipFile(site / "pyodide" / wheels[0]) as wheel:
        names = set(wheel.namelist())
    # Every file of the package but the room server, which never runs in the browser.
    package = {p.relative_to(sitekit.ROOT).as_posix() for p in (sitekit.ROOT / "marjapussi").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and "rooms" not in p.parts}
    assert package <= names, sorted(package - names)
    assert not [name for name in names if name.startswith("marjapussi/rooms")]
    pages, _ = sitekit.read_site(site)
    with_widgets = {path for path, html in pages.items() if 'class="mp-widget"' in html}
    assert {sitekit.page_url(RULES_PAGE, lang) + "index.html" for lang in LANGUAGES} <= with_widgets
    for path, html in pages.items():
        count = len(re.findall(r'<script type="module" async src="[^"]*/assets/widgets/runtime\.js', html))
        assert count == (1 if path in with_widgets else 0), path
        if path in with_widgets:
            assert html.count("<script data-mp-early>") == html.count("data-mp-nomodule") == 1, path


# --- before Pyodide -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_without_widgets_loads_nothing_of_pyodide(tab: Tab, site_url: str, lang: str) -> None:
    page = tab.page
    page.goto(site_url + sitekit.page_url("index", lang))
    assert page.locator(".mp-widget").count() == 0
    page.mouse.wheel(0, 20_000)
    page.wait_for_timeout(800)
    page.wait_for_load_state("networkidle")
    assert not tab.log.under("/pyodide/"), tab.log.under("/pyodide/")
    assert not tab.log.under("/assets/widgets/"), tab.log.under("/assets/widgets/")
    assert page.locator("script[data-mp-runtime]").count() == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widgets_are_complete_before_pyodide_starts(browser: Any, site_url: str, lang: str) -> None:
    """With the worker's files held back, every widget is there in its first state."""
    opened = open_tab(browser)
    page = opened.page
    held: list[Any] = []
    page.route("**/pyodide/**", lambda route: held.append(route))  # never answered while the test looks
    opened.close = lambda: release(held, opened)  # type: ignore[method-assign]
    try:
        page.goto(rules_url(site_url, lang), wait_until="domcontentloaded")
        roots = page.locator(".mp-widget")
        kinds = set(roots.evaluate_all("els => els.map(e => e.getAttribute('data-widget'))"))
        assert kinds == set(KINDS)
        for i in range(roots.count()):
            root = roots.nth(i)
            assert root.get_attribute("data-lang") == lang
            assert root.get_attribute("data-runtime") in (None, "idle", "loading")
            assert root.locator("button[data-action]").count() > 0
            assert len((root.locator(".mp-widget-body").text_content() or "").strip()) > 40
            assert (root.locator(".mp-widget-status").text_content() or "") == ""
            json.loads(root.get_attribute("data-state") or "")
        # nothing starts before a reader is near: the first widget is far down the page
        top = page.evaluate("Math.min(...Array.from(document.querySelectorAll('.mp-widget'))"
                            ".map(w => w.getBoundingClientRect().top)) - innerHeight")
        assert top > 600, "a widget is near the top of the page: test the laziness on another page"
        page.wait_for_timeout(500)
        assert not opened.log.under("/pyodide/")
        assert page.locator(".mp-widget[data-runtime=loading]").count() == 0
        # coming near one starts the engine, once for the page
        page.locator(WHICH_CARD).scroll_into_view_if_needed()
        page.wait_for_selector(".mp-widget[data-runtime=loading]", state="attached")
        page.wait_for_function("performance.getEntriesByName('mp-engine-start').length === 1")
        assert not opened.errors, opened.errors
        assert not opened.log.outside()
    finally:
        opened.close()


WIDGET_PAGES = ("rules/guild", "play", "course", "table/score-keeper", "table/dispute")
"""Pages that hold, together, a widget of every kind."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_while_the_engine_starts_each_widget_in_view_says_so_on_the_screen(
        browser: Any, site_url: str, screenshots: Path, lang: str) -> None:
    """With the engine's files held back, every widget brought into view says that the
    engine is starting, and its status line is on the screen (pinned to its bottom on a
    widget taller than the screen), on a phone."""
    opened = open_tab(browser, viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    page = opened.page
    held: list[Any] = []
    page.route("**/pyodide/**", lambda route: held.append(route))  # never answered while the test looks
    opened.close = lambda: release(held, opened)  # type: ignore[method-assign]
    seen = set()
    try:
        for name in WIDGET_PAGES:
            page.goto(site_url + sitekit.page_url(name, lang), wait_until="domcontentloaded")
            roots = page.locator(".mp-widget")
            for i in range(roots.count()):
                root = roots.nth(i)
                root.evaluate("el => el.scrollIntoView({block: 'start'})")
                root.locator(".mp-widget-status").wait_for(state="visible")
                page.wait_for_function(
                    "([el, text]) => el.querySelector('.mp-widget-status').textContent === text",
                    arg=[root.element_handle(), LOADING[lang]])
                box = root.locator(".mp-widget-status").bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 780, (name, i, box)
                seen.add(root.get_attribute("data-widget"))
            if name == "play":
                shot(page, screenshots, f"phone-starting-{lang}")
        assert seen == set(bridge.WIDGETS)
        assert not opened.errors, opened.errors
    finally:
        opened.close()


# --- live -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_which_card_refuses_an_illegal_card_with_its_rule(
        live_tabs: dict[str, Tab], browser: Any, site_url: str, site: Path,
        screenshots: Path, lang: str) -> None:
    page = live_tab(live_tabs, browser, site_url, lang).page
    selector = widget(page, "which-card")
    deal = which_card.position(which_card.check(state_of(page, selector)))
    verdicts = deal.explain()
    refused = next(v for v in verdicts if not v.allowed)
    allowed = next(v for v in verdicts if v.allowed)
    card = f'{selector} button[data-focus-key="card-{refused.card.code}"]'
    act(page, selector, lang, lambda: page.locator(card).click())
    result = page.locator(f"{selector} .mp-result")
    assert "mp-no" in (result.get_attribute("class") or "")
    # the rule is named as its heading reads; its id is only the link's anchor
    assert result.locator("code").count() == 0 and refused.rule not in (result.text_content() or "")
    # the refusal is shown once: the status line only reads it out
    reason = which_card.describe_verdict(refused, lang, deal.to_act)
    shown = page.locator(selector).evaluate(
        "(root, reason) => Array.from(root.querySelectorAll('p, div'))"
        ".filter(e => e.checkVisibility() && e.getBoundingClientRect().height > 2"
        " && Array.from(e.childNodes)"
        ".some(n => n.nodeType === 3 && n.textContent.includes(reason.slice(0, 12))))"
        ".length", reason)
    assert shown == 1, f"the refusal is shown {shown} times"
    link = result.locator("a.mp-rule")
    assert link.text_content() == rule_name(refused.rule, lang)
    target = urlsplit(link.evaluate("a => a.href"))
    expected_page = sitekit.page_url(RULE_PAGES[refused.rule], lang)
    assert target.path == urlsplit(site_url).path + expected_page
    assert target.fragment == refused.rule
    target_html = (site / expected_page / "index.html").read_text(encoding="utf-8")
    assert f'id="{refused.rule}"' in target_html
    assert rule_name(refused.rule, lang) in status_of(page, selector)
    # the status line is what a screen reader says: the cards by their names
    assert spoken(reason, lang) in status_of(page, selector)
    assert focus_key(page) == f"card-{refused.card.code}"
    # by keyboard: Tab to an allowed card, Enter; focus stays on it
    page.locator(f'{selector} button[data-focus-key="card-{allowed.card.code}"]').focus()
    act(page, selector, lang, lambda: page.keyboard.press("Enter"))
    assert "mp-ok" in (result.get_attribute("class") or "")
    assert focus_key(page) == f"card-{allowed.card.code}"
    shot(page, screenshots, f"which-card-{lang}", selector)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_trick_stepper_steps_by_keyboard(live_tabs: dict[str, Tab], browser: Any, site_url: str,
                                         screenshots: Path, lang: str) -> None:
    page = live_tab(live_tabs, browser, site_url, lang).page
    selector = widget(page, "trick-stepper")
    page.locator(f'{selector} button[data-focus-key="next-card"]').focus()
    for key in ("Enter", " ", "Enter"):
        act(page, selector, lang, lambda key=key: page.keyboard.press(key))
        assert focus_key(page) == "next-card"
    act(page, selector, lang, clicker(page, selector, "next-trick"))
    act(page, selector, lang, clicker(page, selector, "prev-card"))
    shot(page, screenshots, f"trick-stepper-{lang}", selector)
    act(page, selector, lang, clicker(page, selector, "end"))
    shot(page, screenshots, f"trick-stepper-end-{lang}", selector)
    act(page, selector, lang, clicker(page, selector, "start"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_asking_answers_each_choice(live_tabs: dict[str, Tab], browser: Any, site_url: str,
                                    screenshots: Path, lang: str) -> None:
    page = live_tab(live_tabs, browser, site_url, lang).page
    selector = widget(page, "asking")
    choices = page.locator(f'{selector} button[data-focus-key^="choose-"]')
    assert choices.count() >= 2
    keys = choices.evaluate_all("els => els.map(e => e.getAttribute('data-focus-key'))")
    for key in keys:
        act(page, selector, lang, clicker(page, selector, key))
        if key == keys[0]:
            shot(page, screenshots, f"asking-{lang}", selector)
        if page.locator(f'{selector} [data-focus-key="reset"]').count():
            act(page, selector, lang, clicker(page, selector, "reset"))
    act(page, selector, lang, clicker(page, selector, "next"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_scoring_form_and_buttons(live_tabs: dict[str, Tab], browser: Any, site_url: str,
                                  screenshots: Path, lang: str) -> None:
    page = live_tab(live_tabs, browser, site_url, lang).page
    selector = widget(page, "scoring")
    act(page, selector, lang, clicker(page, selector, "all-NS"))
    form = page.locator(f"{selector} form[data-action]")
    number = form.locator('input[type="number"]').first
    if number.count():
        number.fill("3")
    select = form.locator("select").first
    options = select.locator("option").evaluate_all("els => els.map(e => e.value)")
    select.select_option(options[-1])
    # submit with the keyboard, from the form's button
    form.locator('button[type="submit"]').focus()
    reply = act(page, selector, lang, lambda: page.keyboard.press("Enter"))
    assert reply["ok"], reply["announce"]
    act(page, selector, lang, clicker(page, selector, "play-out"))
    shot(page, screenshots, f"scoring-{lang}", selector)


@pytest.mark.parametrize("lang", ["ru"])
def test_a_click_before_the_engine_is_ready_is_replayed(warm_context: Any, site_url: str,
                                                        lang: str) -> None:
    opened = open_tab(None, context=warm_context)
    page = opened.page
    try:
        page.goto(rules_url(site_url, lang))
        selector = widget(page, "which-card")
        page.locator(selector).scroll_into_view_if_needed()
        card = page.locator(f"{selector} button[data-action]").first
        reply = press_while_loading(page, selector, lang, card)  # the click is queued
        assert reply["ok"]
        assert page.locator(selector).get_attribute("data-runtime") == "live"
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


FIRST_WORDS = """(selector) => {
  const root = document.querySelector(selector);
  const line = root.querySelector(".mp-widget-status");
  window.__mpFirstWords = null;
  const watch = new MutationObserver(() => {
    window.__mpFirstWords = [root.getAttribute("data-runtime"), line.textContent];
    watch.disconnect();
  });
  watch.observe(line, { childList: true, characterData: true, subtree: true });
}"""
"""Records the widget's runtime state and status line the first time the line changes."""


def press_while_loading(page: Any, selector: str, lang: str, control: Any) -> dict[str, Any]:
    """Press ``control`` before the engine is live: the widget first says, at once, that the
    rules engine is starting (read in the page at that moment: read afterwards, a busy run
    once found the engine already started and the line cleared), and the press is answered
    once the engine is live. Returns the bridge's reply (``act``)."""
    page.evaluate(FIRST_WORDS, selector)
    reply = act(page, selector, lang, control.click, timeout=BOOT_MS)
    runtime, said = page.evaluate("window.__mpFirstWords")
    assert runtime == "loading" and ENGINE_WORD[lang] in said.lower(), (runtime, said)
    return reply


def test_reduced_motion_and_visible_focus(live_tabs: dict[str, Tab], browser: Any,
                                          site_url: str) -> None:
    page = live_tab(live_tabs, browser, site_url, "en").page
    page.emulate_media(reduced_motion="reduce")
    selector = widget(page, "which-card")
    button = page.locator(f"{selector} button[data-action]").first
    button.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    outline = page.evaluate("""() => {
      const s = getComputedStyle(document.activeElement);
      return [s.outlineStyle, s.outlineWidth, s.boxShadow];
    }""")
    assert outline[0] != "none" or outline[2] != "none", f"no visible focus: {outline}"
    act(page, selector, "en", lambda: page.keyboard.press("Enter"))
    running = page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length")
    assert running == 0
    durations = page.locator(f"{selector} button").evaluate_all(
        "els => els.map(e => getComputedStyle(e).transitionDuration)")
    assert set(durations) <= {"0s"}, durations
    page.emulate_media(reduced_motion="no-preference")


# --- failures -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_failed_start_leaves_the_static_widgets_with_a_message(
        browser: Any, site_url: str, screenshots: Path, lang: str) -> None:
    opened = open_tab(browser)
    page = opened.page
    page.route("**/pyodide/**", lambda route: route.abort())
    try:
        page.goto(rules_url(site_url, lang, fragment=WHICH_CARD))
        page.wait_for_selector(f"{WHICH_CARD}[data-runtime=failed]", state="attached", timeout=30_000)
        static = page.evaluate("""() => Array.from(document.querySelectorAll('.mp-widget'))
                                    .map(w => w.querySelector('.mp-widget-body').innerHTML)""")
        for i in range(page.locator(".mp-widget").count()):
            message = page.locator(".mp-widget-status").nth(i).text_content() or ""
            assert ENGINE_WORD[lang] in message.lower(), message
        # a click changes nothing and keeps the message
        page.locator(f"{WHICH_CARD} button[data-action]").first.click()
        page.wait_for_timeout(300)
        assert page.evaluate("""() => Array.from(document.querySelectorAll('.mp-widget'))
                                    .map(w => w.querySelector('.mp-widget-body').innerHTML)""") == static
        assert ENGINE_WORD[lang] in status_of(page, WHICH_CARD).lower()
        # the rest of the page works: the theme's script runs, its links lead on
        assert page.evaluate("typeof document$ !== 'undefined' || !!document.querySelector('.md-header')")
        page.locator(".md-search__input").click()
        page.locator(".md-search__input").fill("valtti")
        page.locator(".md-search__input").press("End")
        page.locator(".md-search-result__item").first.wait_for(state="visible")
        page.keyboard.press("Escape")
        shot(page, screenshots, f"failed-{lang}", WHICH_CARD)
        assert not opened.errors, opened.errors
        assert not opened.log.outside()
    finally:
        opened.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_start_that_hangs_says_so(browser: Any, site_url: str, lang: str) -> None:
    opened = open_tab(browser, init="window.mpWidgetTimeoutMs = 1500;")
    page = opened.page
    held: list[Any] = []
    page.route("**/pyodide/**", lambda route: held.append(route))  # never answered
    opened.close = lambda: release(held, opened)  # type: ignore[method-assign]
    try:
        page.goto(rules_url(site_url, lang, fragment=WHICH_CARD))
        # past the timeout, no longer that it is starting but that it takes long
        status = f"document.querySelector('{WHICH_CARD} .mp-widget-status').textContent"
        page.wait_for_function(f"{status}.length > 0 && {status} !== {json.dumps(LOADING[lang])}",
                               timeout=10_000)
        message = status_of(page, WHICH_CARD)
        assert ENGINE_WORD[lang] in message.lower() and message != LOADING[lang]
        assert page.locator(WHICH_CARD).get_attribute("data-runtime") == "loading"
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def test_a_browser_without_module_workers_says_so(browser: Any, site_url: str) -> None:
    # A Worker that never reads its options' type, as in browsers without module workers.
    classic = """
      const Real = window.Worker;
      window.Worker = function (url) { return new Real(URL.createObjectURL(new Blob([''])));
      };
    """
    opened = open_tab(browser, init=classic)
    page = opened.page
    try:
        page.goto(rules_url(site_url, "fi", fragment=WHICH_CARD))
        page.wait_for_selector(f"{WHICH_CARD}[data-runtime=failed]", state="attached")
        assert BROWSER_WORD["fi"] in status_of(page, WHICH_CARD).lower()
        assert not opened.log.under("/pyodide/")
        assert not opened.errors, opened.errors
    finally:
        opened.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_browser_without_modules_says_so(browser: Any, site_url: str, lang: str) -> None:
    """Chromium runs modules and skips ``<script nomodule>``: run its text by hand, with
    the module runtime blocked, as a browser without modules would."""
    opened = open_tab(browser)
    page = opened.page
    page.route("**/assets/widgets/**", lambda route: route.abort())
    try:
        page.goto(rules_url(site_url, lang))
        fallback = page.locator("script[nomodule][data-mp-nomodule]")
        assert fallback.count() == 1
        page.add_script_tag(content=fallback.text_content())
        for i in range(page.locator(".mp-widget").count()):
            assert page.locator(".mp-widget").nth(i).get_attribute("data-runtime") == "failed"
            message = page.locator(".mp-widget-status").nth(i).text_content() or ""
            assert BROWSER_WORD[lang] in message.lower(), message
        assert not opened.log.under("/pyodide/")
        assert not opened.errors, opened.errors
    finally:
        opened.close()


# --- shared links ---------------------------------------------------------------------

HOSTILE = [
    ("en", "w=which-card&p=" + quote("<script>alert(1)</script>")),
    ("en", "w=which-card&p=" + quote('"><img src=x onerror=alert(document.domain)>')),
    ("en", "w=which-card&p=must-beat.0.guild.1.%3Csvg%2Fonload%3Dalert(1)%3E&p=2"),
    ("fi", "w=which-card&p=" + "A" * 3000),
    ("ru", "w=which-card&p=javascript:alert(1)"),
]


def open_shared(context: Any, site_url: str, lang: str, query: str) -> tuple[Tab, str]:
    opened = open_tab(None, context=context)
    page = opened.page
    page.goto(rules_url(site_url, lang, query="?" + query))
    selector = "#" + str(page.locator('.mp-widget[data-widget="which-card"]').first.get_attribute("id"))
    page.wait_for_function("window.__mpUpdates.length > 0", timeout=BOOT_MS)
    return opened, selector


@pytest.mark.parametrize(("lang", "query"), HOSTILE)
def test_a_hostile_link_is_harmless(warm_context: Any, site_url: str, screenshots: Path,
                                    lang: str, query: str) -> None:
    opened, selector = open_shared(warm_context, site_url, lang, query)
    page = opened.page
    try:
        reply = json.loads(bridge.from_url("which-card", query, lang))
        assert not reply["ok"]
        assert status_of(page, selector).rstrip("\u00a0") == reply["announce"]
        assert state_of(page, selector) == reply["state"]
        root = page.locator(selector).get_attribute("data-root") or "."
        assert not html_difference(page, selector, reply["html"].replace("@root@", root))
        injected = page.evaluate("""() => {
          const bad = document.querySelectorAll(
            '.mp-widget :is(script, img, iframe, svg, object, embed, style, link)');
          const handlers = Array.from(document.querySelectorAll('.mp-widget *'))
            .filter(e => Array.from(e.attributes).some(a => a.name.startsWith('on')));
          return bad.length + handlers.length;
        }""")
        assert injected == 0
        page.wait_for_timeout(300)
        assert not opened.dialogs, opened.dialogs
        if query == HOSTILE[1][1]:
            shot(page, screenshots, "hostile-link", selector)
        assert not opened.errors, opened.errors
        opened.log.check()
    finally:
        opened.close()


def test_a_link_naming_no_widget_of_the_page_changes_nothing(warm_context: Any, site_url: str) -> None:
    opened = open_tab(None, context=warm_context)
    page = opened.page
    try:
        page.goto(rules_url(site_url, "en", query="?w=" + quote("<img src=x onerror=alert(1)>") + "&p=1"))
        page.wait_for_timeout(1000)
        assert page.evaluate("window.__mpUpdates.length") == 0
        assert not opened.dialogs
        assert page.locator(".mp-widget img").count() == 0
        assert not opened.errors, opened.errors
    finally:
        opened.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_shared_link_opens_its_position(warm_context: Any, site_url: str, lang: str) -> None:
    state = which_card.check(bridge.initial_state("which-card", "must-trump"))
    query = bridge.share_query("which-card", state).lstrip("?")
    opened, selector = open_shared(warm_context, site_url, lang, query)
    page = opened.page
    try:
        reply = json.loads(bridge.from_url("which-card", query, lang))
        assert reply["ok"]
        assert state_of(page, selector) == reply["state"] == state
        root = page.locator(selector).get_attribute("data-root") or "."
        assert not html_difference(page, selector, reply["html"].replace("@root@", root))
        assert page.evaluate(f"document.querySelector('{selector}').getBoundingClientRect().top") < 900
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


# --- small screens --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widgets_fit_a_360_pixel_phone(browser: Any, site_url: str, screenshots: Path,
                                       lang: str) -> None:
    opened = open_tab(browser, viewport={"width": 360, "height": 740}, is_mobile=True,
                      has_touch=True, device_scale_factor=2)
    page = opened.page
    try:
        page.goto(rules_url(site_url, lang, fragment=WHICH_CARD))
        wait_live(page)
        too_wide = page.evaluate("""() => Array.from(document.querySelectorAll('.mp-widget'))
          .filter(w => w.scrollWidth > w.clientWidth + 1 || w.getBoundingClientRect().right > innerWidth + 1)
          .map(w => w.id + ': ' + w.scrollWidth + ' > ' + w.clientWidth)""")
        assert not too_wide, too_wide
        selector = widget(page, "which-card")
        act(page, selector, lang, lambda: page.locator(f"{selector} button[data-action]").first.tap())
        shot(page, screenshots, f"phone-{lang}", selector)
        shot(page, screenshots, f"phone-stepper-{lang}", widget(page, "trick-stepper"))
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


# --- the reader's touch: sharing, waiting, targets --------------------------------------

COPIED = {"fi": "Linkki kopioitu.", "en": "Link copied.", "ru": "Ссылка скопирована."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_share_button_copies_a_link_that_opens_its_own_widget(
        warm_context: Any, site_url: str, screenshots: Path, lang: str) -> None:
    warm_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    opened = open_tab(None, context=warm_context)
    page = opened.page
    try:
        page.goto(rules_url(site_url, lang, fragment=WHICH_CARD))
        wait_live(page)
        deal = which_card.position(which_card.check(state_of(page, WHICH_CARD)))
        card = next(v for v in deal.explain() if not v.allowed).card.code
        act(page, WHICH_CARD, lang, clicker(page, WHICH_CARD, f"card-{card}"))
        state = state_of(page, WHICH_CARD)
        page.evaluate("window.__samePage = true")
        share = page.locator(f'{WHICH_CARD} button[data-share]')
        share.focus()
        page.keyboard.press("Enter")  # by keyboard; a click does the same
        note = page.locator(f"{WHICH_CARD} .mp-share-note")
        copied = json.dumps(COPIED[lang])
        page.wait_for_function(
            f"document.querySelector('{WHICH_CARD} .mp-share-note').textContent === {copied}")
        assert page.evaluate("window.__samePage === true"), "the page reloaded"
        assert note.is_visible()
        link = page.evaluate("navigator.clipboard.readText()")
        expected = rules_url(site_url, lang, query=bridge.share_query("which-card", state),
                             fragment=WHICH_CARD)
        assert link == expected
        shot(page, screenshots, f"share-copied-{lang}", WHICH_CARD)
    finally:
        opened.close()
    # the link opens the position in the must-beat widget, in view; the others keep theirs
    opened = open_tab(None, context=warm_context)
    page = opened.page
    try:
        page.goto(link)
        page.wait_for_function("window.__mpUpdates.length > 0", timeout=BOOT_MS)
        assert page.evaluate("window.__mpUpdates[0].id") == WHICH_CARD.lstrip("#")
        assert state_of(page, WHICH_CARD) == state
        first = page.locator('.mp-widget[data-widget="which-card"]').first
        assert "#" + str(first.get_attribute("id")) != WHICH_CARD
        assert state_of(page, "#" + str(first.get_attribute("id"))) == which_card.check(
            bridge.initial_state("which-card", "follow-suit"))
        top, bottom, height = page.evaluate(
            f"(() => {{ const r = document.querySelector('{WHICH_CARD}').getBoundingClientRect();"
            " return [r.top, r.bottom, innerHeight]; })()")
        assert top < height and bottom > 0, (top, bottom, height)
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def test_impatient_taps_on_a_phone_wait_in_view_and_count_once(browser: Any, site_url: str,
                                                               screenshots: Path) -> None:
    """Four taps on "next card" while Pyodide starts: the reader sees, where he looks,
    that the engine is loading; once it is ready the widget takes one step."""
    opened = open_tab(browser, viewport={"width": 360, "height": 740}, is_mobile=True,
                      has_touch=True, device_scale_factor=2)
    page = opened.page
    held: list[Any] = []
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route("**/pyodide/**", hold)
    try:
        page.goto(rules_url(site_url, "fi"))
        selector = widget(page, "trick-stepper")
        button = page.locator(f'{selector} [data-focus-key="next-card"]')
        button.scroll_into_view_if_needed()
        for _ in range(4):
            button.tap()
        status = page.locator(f"{selector} .mp-widget-status")
        assert ENGINE_WORD["fi"] in (status.text_content() or "").lower()
        assert status.locator("progress").count() == 1
        box = status.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
        assert page.locator(f"{selector} .mp-waiting").count() == 1
        assert "mp-waiting" in (button.get_attribute("class") or "")
        assert page.evaluate("window.__mpUpdates.length") == 0
        shot(page, screenshots, "phone-waiting-fi")
        holding[0] = False
        for route in held:
            route.continue_()
        page.wait_for_function("window.__mpUpdates.length > 0", timeout=BOOT_MS)
        assert state_of(page, selector)["n"] == 1
        assert page.locator(f"{selector} .mp-waiting").count() == 0
        assert status.locator("progress").count() == 0
        # one more tap, now live: had the four been queued, it would come after them
        page.locator(f'{selector} [data-focus-key="prev-card"]').tap()
        page.wait_for_function(
            "window.__mpUpdates.some(u => u.detail.action && u.detail.action.type === 'prev-card')")
        assert page.evaluate("window.__mpUpdates.length") == 2
        assert state_of(page, selector)["n"] == 0
        assert not opened.errors, opened.errors
    finally:
        holding[0] = False
        opened.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_touch_targets_are_at_least_44_pixels_on_a_phone(browser: Any, site_url: str,
                                                         lang: str) -> None:
    opened = open_tab(browser, viewport={"width": 360, "height": 740}, is_mobile=True,
                      has_touch=True)
    page = opened.page
    try:
        page.goto(rules_url(site_url, lang), wait_until="domcontentloaded")
        small = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.mp-widget button, .mp-widget select, .mp-widget input'))
          .map(e => [e.getAttribute('data-focus-key') || e.tagName, e.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
          .map(([k, r]) => k + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
        assert not small, small
        cards = page.locator(".mp-widget .mp-card-button")
        assert cards.count() > 9
    finally:
        opened.close()
