"""The static site in Chromium: pages, language switcher, search, no outside requests.

The built site (shared with tests/site through sitekit) is served by http.server on a
free port of 127.0.0.1. Chromium is Debian's headless shell (test_widgets_browser's
``CHROMIUM``, installed by scripts/setup.sh), driven by Playwright with flags that keep it
off the network; every request a page makes is recorded, and a test fails when one leaves
127.0.0.1.
The fixtures are defined here, not in a conftest.py: with ``--doctest-modules`` a second
conftest.py outside a package (beside tests/site's) clashes with it by module name.

Screenshots go to artifacts/screenshots/ (gitignored), to be looked at by a person.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site"))

import sitekit
from sitekit import built_site, site  # noqa: F401 (fixtures shared with the site tests)
from test_widgets_browser import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser

SCREENSHOTS = sitekit.ROOT / "artifacts" / "screenshots"


@dataclass
class RequestLog:
    urls: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # answered with 4xx/5xx

    def outside(self) -> list[str]:
        return [u for u in self.urls
                if urlsplit(u).scheme not in ("data", "blob", "about")
                and urlsplit(u).hostname != "127.0.0.1"]


def open_tab(browser: Any, log: RequestLog, **options: Any) -> Any:
    """A new tab in a fresh context whose every request goes into ``log``."""
    settings = {"viewport": {"width": 1280, "height": 900}, "locale": "fi-FI", **options}
    context = browser.new_context(**settings)
    tab = context.new_page()
    tab.on("request", lambda request: log.urls.append(request.url))
    tab.on("response", lambda response: response.status >= 400
           and log.failed.append(f"{response.status} {response.url}"))
    tab.set_default_timeout(15_000)
    return tab




@pytest.fixture(scope="session")
def site_url(built_site: sitekit.BuildResult) -> Iterator[str]:
    """The site served by http.server in a thread, on a free port of 127.0.0.1."""
    yield from sitekit.served(built_site.site)  # quiet when the browser hangs up early


@pytest.fixture(scope="session")
def browser(playwright_driver: Any) -> Iterator[Any]:
    chromium = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def requests_seen() -> RequestLog:
    """Every request made by every page of the browser tests."""
    return RequestLog()


@pytest.fixture
def requests_made(requests_seen: RequestLog) -> Iterator[RequestLog]:
    """The requests of one test; the test fails if any of them left 127.0.0.1."""
    log = RequestLog()
    yield log
    requests_seen.urls.extend(log.urls)
    assert not log.outside(), f"requests left 127.0.0.1: {log.outside()}"
    assert not log.failed, f"requests that failed: {log.failed}"


@pytest.fixture
def page(browser: Any, requests_made: RequestLog) -> Iterator[Any]:
    tab = open_tab(browser, requests_made)
    try:
        yield tab
    finally:
        tab.context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


LANGUAGES = sitekit.site_languages()
TITLE_WORD = {"fi": "Marjapussi", "en": "Marjapussi", "ru": "Marjapussi"}


def shot(tab: Any, screenshots: Path, name: str, **options: Any) -> None:
    tab.screenshot(path=str(screenshots / f"{name}.png"), **options)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page_name", ["index", "rules/guild"])
def test_page_opens_in_its_language(page: Any, site_url: str, screenshots: Path,
                                    page_name: str, lang: str) -> None:
    response = page.goto(site_url + sitekit.page_url(page_name, lang))
    assert response is not None and response.ok
    page.wait_for_load_state("load")
    assert page.get_attribute("html", "lang") == lang
    assert TITLE_WORD[lang] in page.title()
    assert page.locator("article h1").count() == 1
    # the stylesheet of the site is applied: cards, if any, have a card face
    cards = page.locator(".mp-card")
    if cards.count():
        background = cards.first.evaluate("e => getComputedStyle(e).backgroundColor")
        assert background in ("rgb(255, 255, 255)", "rgb(244, 244, 239)")
    shot(page, screenshots, f"{lang}-{page_name.replace('/', '-')}")


@pytest.mark.parametrize(("start", "steps"), [("fi", ["en", "ru", "fi"])])
def test_language_switcher_stays_on_the_page(page: Any, site_url: str, start: str,
                                             steps: list[str]) -> None:
    page.goto(site_url + sitekit.page_url("rules/guild", start))
    for lang in steps:
        page.locator(".md-header__option .md-select").first.hover()
        page.locator(f'a.md-select__link[hreflang="{lang}"]').click()
        page.wait_for_url(site_url + sitekit.page_url("rules/guild", lang))
        assert page.get_attribute("html", "lang") == lang
    # and from a home page
    page.goto(site_url + sitekit.page_url("index", "ru"))
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_url(site_url + sitekit.page_url("index", "en"))


@pytest.mark.parametrize("fragment", ["#must-beat", "#w-which-card-must-beat"])
def test_language_switcher_keeps_the_place_on_the_page(page: Any, site_url: str,
                                                       fragment: str) -> None:
    page.goto(site_url + sitekit.page_url("rules/guild", "fi") + fragment)
    for lang in ("ru", "en", "fi"):
        page.locator(".md-header__option .md-select").first.hover()
        page.locator(f'a.md-select__link[hreflang="{lang}"]').click()
        page.wait_for_url(site_url + sitekit.page_url("rules/guild", lang) + fragment)
        assert page.get_attribute("html", "lang") == lang
        assert page.locator(fragment).count() == 1
    # a fragment reached on the page (a heading's permalink) is kept as well
    page.locator("a.headerlink[href='#follow-suit']").first.click()
    page.wait_for_url(re.compile("#follow-suit$"))
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="ru"]').click()
    page.wait_for_url(site_url + sitekit.page_url("rules/guild", "ru") + "#follow-suit")


def search(tab: Any, query: str) -> list[str]:
    """Type a query into Material's search and return the result links."""
    box = tab.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material's search reacts to keyup
    tab.locator(".md-search-result__item").first.wait_for(state="visible")
    return tab.locator("a.md-search-result__link").evaluate_all("els => els.map(e => e.href)")


@pytest.mark.parametrize(("lang", "page_name", "query"), [
    ("fi", "rules/guild", "valtti"),
    ("ru", "rules/guild", "козырь"),
    ("en", "index", "trump"),
    ("ru", "index", "козырь"),
])
def test_search_finds_pages_in_the_readers_language(page: Any, site_url: str, screenshots: Path,
                                                    lang: str, page_name: str,
                                                    query: str) -> None:
    page.goto(site_url + sitekit.page_url(page_name, lang))
    links = search(page, query)
    assert links, f"no results for {query!r} in {lang}"
    root = site_url + ("" if lang == "fi" else f"{lang}/")
    others = [site_url + f"{o}/" for o in LANGUAGES if o != "fi" and o != lang]
    for link in links:
        assert link.startswith(root), link
        assert not any(link.startswith(o) for o in others), link
        if lang == "fi":
            assert not re.match(re.escape(site_url) + r"(en|ru)/", link), link
    page.wait_for_timeout(400)  # let the result list finish fading in
    shot(page, screenshots, f"{lang}-search-{page_name.replace('/', '-')}")
    # a result opens a page of the same language
    page.locator("a.md-search-result__link").first.click()
    page.wait_for_load_state("load")
    assert page.get_attribute("html", "lang") == lang


# Material's search worker answers its set-up message with READY (type 1 of the theme's
# SearchMessageType) once the index is built: from then on only the search box's own
# events make it search. This records that moment, the page's "settled" state.
SEARCH_READY = """
  window.__searchReady = false;
  (() => {
    const Real = window.Worker;
    window.Worker = function (url, options) {
      const worker = new Real(url, options);
      if (String(url).includes("/workers/search")) {
        worker.addEventListener("message", (event) => {
          if (event.data && event.data.type === 1) window.__searchReady = true;
        });
      }
      return worker;
    };
    window.Worker.prototype = Real.prototype;
  })();
"""
# A word of each language found in no other language's pages (checked below).
ONLY_IN = {"fi": "kädessä", "en": "overtrump", "ru": "козыри"}


def index_text(site: Path, lang: str) -> str:
    prefix = "" if lang == sitekit.DEFAULT_LANGUAGE else f"{lang}/"
    data = json.loads((site / prefix / "search" / "search_index.json").read_text(encoding="utf-8"))
    return " ".join(d["title"] + " " + d["text"] for d in data["docs"]).lower()


def result_pages(tab: Any, site_url: str) -> list[str]:
    """The pages of the search results in their order (site-relative, without sections)."""
    links = tab.locator("a.md-search-result__link").evaluate_all("els => els.map(e => e.href)")
    pages: list[str] = []
    for link in links:
        path = urlsplit(link).path[len(urlsplit(site_url).path):]
        if path not in pages:
            pages.append(path)
    return pages


@pytest.mark.parametrize(("lang", "word"), [
    *ONLY_IN.items(), ("ru", "козырь"), ("ru", "марьяж"),
])
@pytest.mark.parametrize("how", ["input-method", "keys"])
def test_search_typed_after_the_page_has_settled(browser: Any, site: Path, site_url: str,
                                                 requests_made: RequestLog, screenshots: Path,
                                                 lang: str, word: str, how: str) -> None:
    """A word typed once the index is ready is searched, however the text arrives.

    ``insert_text`` puts text in the box as an input method, a phone keyboard or a paste
    does, with no key events; Playwright types characters that are not on a US keyboard
    (Cyrillic, ä) the same way, one by one.
    """
    if ONLY_IN.get(lang) == word:
        counts = {other: index_text(site, other).count(word) for other in LANGUAGES}
        assert counts[lang] and not any(n for o, n in counts.items() if o != lang), counts
    tab = open_tab(browser, requests_made)
    try:
        tab.add_init_script(SEARCH_READY)
        tab.goto(site_url + sitekit.page_url("rules/guild", lang))
        box = tab.locator("input.md-search__input")
        # On a page with widgets the search worker starts when the reader reaches for
        # the search (or the widgets are live): the box is clicked, then the index settles.
        box.click()
        tab.wait_for_function("window.__searchReady === true")
        if how == "keys":
            box.press_sequentially(word)
        else:
            tab.keyboard.insert_text(word)
        tab.locator(".md-search-result__item").first.wait_for(state="visible")
        root = site_url + ("" if lang == sitekit.DEFAULT_LANGUAGE else f"{lang}/")
        pages = result_pages(tab, site_url)
        assert pages
        for path in pages:
            assert (site_url + path).startswith(root), path
            if lang == sitekit.DEFAULT_LANGUAGE:
                assert not re.match(r"(en|ru)/", path), path
        if how == "input-method" and word == ONLY_IN.get(lang):
            shot(tab, screenshots, f"{lang}-search-settled")
    finally:
        tab.context.close()


# Records when the page creates Material's search worker (site_hooks/search_later.js holds
# it back on every page, and the theme's request for the index with it, until the reader
# reaches for the search or the service worker has kept the page's language).
SEARCH_STARTED = """
  window.__searchStarted = false;
  (() => {
    const Real = window.Worker;
    window.Worker = function (url, options) {
      if (String(url).includes("/workers/search")) window.__searchStarted = true;
      return new Real(url, options);
    };
    window.Worker.prototype = Real.prototype;
  })();
"""


def index_requests(log: RequestLog) -> list[str]:
    return [url for url in log.urls if urlsplit(url).path.endswith("/search/search_index.json")]


@pytest.mark.parametrize(("page", "how"), [("rules/guild", "click"), ("rules/guild", "touch"),
                                           ("rules/guild", "keyboard"), ("index", "touch"),
                                           ("index", "keyboard"), ("glossary", "click")])
def test_search_waits_for_the_reader_and_answers_at_once(
        browser: Any, site_url: str, requests_made: RequestLog, page: str, how: str) -> None:
    """The search worker does not compete with the rules engine's boot, nor is its index
    fetched before it is needed, on a page with widgets or without (issue 30: every page
    fetched the index at load), yet a word typed at the first moment, by mouse, touch or
    keyboard, is found."""
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
    tab = open_tab(browser, requests_made, service_workers="block", **(phone if how == "touch" else {}))
    try:
        # The rules engine never gets live here (its files are refused), and there is no
        # service worker: only the reader starts the search.
        tab.route("**/pyodide/**", lambda route: route.abort())
        tab.add_init_script(SEARCH_STARTED)
        tab.goto(site_url + sitekit.page_url(page, "fi"))
        tab.wait_for_load_state("networkidle")
        assert tab.evaluate("window.__searchStarted") is False, "the search worker started unasked"
        assert index_requests(requests_made) == [], "the search index was fetched unasked"
        box = tab.locator("input.md-search__input")
        if how == "click":
            box.click()
        elif how == "touch":
            tab.locator("label.md-header__button[for='__search']").tap()
        else:
            tab.keyboard.press("s")  # the theme's shortcut to the search box
        box.wait_for(state="visible")
        tab.keyboard.insert_text("valtti")
        tab.locator(".md-search-result__item").first.wait_for(state="visible")
        assert tab.evaluate("window.__searchStarted") is True
        assert len(index_requests(requests_made)) == 1
        assert result_pages(tab, site_url)
    finally:
        tab.context.close()


def test_search_on_a_widget_page_starts_once_the_service_worker_has_kept_the_language(
        browser: Any, site_url: str, requests_made: RequestLog) -> None:
    """Then the index comes from the service worker, which has kept it: ready before the
    reader reaches for it, with no second download (issue 23)."""
    tab = open_tab(browser, requests_made, service_workers="allow")
    try:
        tab.add_init_script(SEARCH_STARTED)
        marked = "performance.getEntriesByName('{}').length > 0".format
        with tab.expect_response(lambda answer: answer.url.endswith("/search/search_index.json"),
                                 timeout=120_000) as index:
            tab.goto(site_url + sitekit.page_url("rules/guild", "fi") + "#w-which-card-follow-suit")
            tab.wait_for_function(marked("mp-widgets-live"), timeout=120_000)
            assert index_requests(requests_made) == []
            tab.wait_for_function(marked("mp-offline-language"), timeout=120_000)
        assert index.value.from_service_worker
        tab.wait_for_function("window.__searchStarted === true")
        search(tab, "valtti")
        assert result_pages(tab, site_url)
    finally:
        tab.context.close()


LEARNER_WORDS = {"en": ("trump", "marriage", "trick"), "fi": ("valtti", "kokonainen", "tikki"),
                 "ru": ("козырь", "марьяж", "взятка")}
"""Words of the game in each language (the glossary's terms: trump, marriage, trick)."""
FIRST_PAGE = 10
"""The results Material shows before the reader scrolls."""


@pytest.mark.parametrize(("lang", "query"), [(lang, word) for lang, words in LEARNER_WORDS.items()
                                             for word in words])
def test_search_keeps_the_pages_for_developers_off_the_first_page(
        page: Any, site_url: str, lang: str, query: str) -> None:
    """The Python API and the record format (the navigation's section for developers)
    come after every page for learners, out of the first page of results (issue 23)."""
    page.goto(site_url + sitekit.page_url("index", lang))
    search(page, query)
    prefix = "" if lang == sitekit.DEFAULT_LANGUAGE else f"{lang}/"
    pages = result_pages(page, site_url)
    developers = (prefix + "api/", prefix + "record-format/")
    found = [p for p in pages if p in developers]
    learners = [p for p in pages if p not in developers]
    assert learners, pages
    if len(learners) >= FIRST_PAGE:
        assert not [p for p in pages[:FIRST_PAGE] if p in developers], pages
    # where fewer learners' pages hold the word, the developers' ones follow all of them
    assert all(pages.index(p) > pages.index(learners[-1]) for p in found), pages
    if query == "trump":
        # the API stays findable by its names
        page.locator("input.md-search__input").fill("")
        page.wait_for_function("!document.querySelector('.md-search-result__item')")
        search(page, "trump_suit")
        assert result_pages(page, site_url)[0] == prefix + "api/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_fit_a_360_pixel_phone(browser: Any, site_url: str, screenshots: Path,
                                     requests_made: RequestLog, lang: str) -> None:
    """No page is wider than a phone (a run of nine cards wraps), the glossary's meaning
    has the width of the screen, and the home page's way in comes first."""
    tab = open_tab(browser, requests_made, viewport={"width": 360, "height": 740},
                   is_mobile=True, has_touch=True)
    try:
        for name in ("index", "learn", "glossary"):
            tab.goto(site_url + sitekit.page_url(name, lang))
            tab.wait_for_load_state("load")
            width = tab.evaluate("[innerWidth, document.documentElement.scrollWidth]")
            assert width == [360, 360], f"{name} in {lang} is {width[1]} px wide"
            if name == "glossary":
                meaning = tab.locator("table[data-mp-terms] td:last-child").first
                box = meaning.bounding_box()
                assert box is not None and box["width"] > 250, box
                shot(tab, screenshots, f"{lang}-phone-glossary")
            if name == "index":
                top = tab.locator("#start-here").bounding_box()
                assert top is not None and top["y"] < 1000, top
                shot(tab, screenshots, f"{lang}-phone-home")
    finally:
        tab.context.close()


def test_dark_scheme_and_cards(browser: Any, site_url: str, screenshots: Path,
                               requests_made: RequestLog) -> None:
    tab = open_tab(browser, requests_made, color_scheme="dark")
    try:
        tab.goto(site_url + sitekit.page_url("rules/guild", "fi"))
        assert tab.get_attribute("body", "data-md-color-scheme") == "slate"
        shot(tab, screenshots, "fi-rules-guild-dark")
        cards = tab.locator(".mp-card")
        if cards.count():
            cards.first.scroll_into_view_if_needed()
            shot(tab, screenshots, "fi-rules-guild-dark-cards")
    finally:
        tab.context.close()


def test_print_hides_the_site_chrome(page: Any, site_url: str, screenshots: Path) -> None:
    page.goto(site_url + sitekit.page_url("rules/guild", "fi"))
    page.emulate_media(media="print")
    for selector in (".md-header", ".md-sidebar--primary", ".md-footer", ".md-tabs"):
        if page.locator(selector).count():
            assert page.locator(selector).first.evaluate(
                "e => getComputedStyle(e).display") == "none", selector
    color = page.locator("article").evaluate("e => getComputedStyle(e).color")
    assert color == "rgb(0, 0, 0)"
    shot(page, screenshots, "fi-rules-guild-print", full_page=True,
         clip={"x": 0, "y": 0, "width": 1280, "height": 2400})


def test_diagrams_draw_in_every_language(page: Any, site: Path, site_url: str,
                                         screenshots: Path) -> None:
    """Draw every diagram in both schemes on a scratch page that uses the site's CSS."""
    from site_hooks import diagram_svg

    theme_css = sorted(p.relative_to(site).as_posix()
                       for p in (site / "assets/stylesheets").glob("*.css"))
    css = [f'<link rel="stylesheet" href="{href}">'
           for href in (*theme_css, "assets/marjapussi.css")]
    figures = "".join(
        f'<h3>{name} / {lang}</h3><figure class="mp-diagram">{diagram_svg.render(name, lang)}'
        f"</figure>" for name in diagram_svg.DIAGRAMS for lang in diagram_svg.LANGUAGES)
    for scheme in ("default", "slate"):
        html = (f'<!doctype html><html><head><meta charset="utf-8">{"".join(css)}</head>'
                f'<body data-md-color-scheme="{scheme}"><div class="md-typeset" '
                f'style="padding:1rem;background:var(--md-default-bg-color)">{figures}'
                f"</div></body></html>")
        (site / f"_diagram-gallery-{scheme}.html").write_text(html, encoding="utf-8")
        page.goto(site_url + f"_diagram-gallery-{scheme}.html")
        svgs = page.locator("figure.mp-diagram svg")
        assert svgs.count() == len(diagram_svg.DIAGRAMS) * len(diagram_svg.LANGUAGES)
        for i in range(svgs.count()):
            svg = svgs.nth(i)
            name, lang = svg.get_attribute("data-diagram"), svg.get_attribute("lang")
            box = svg.bounding_box()
            assert box is not None and box["width"] > 300 and box["height"] > 150
            # no label spills out of its drawing
            overflow = svg.evaluate("""s => {
                const v = s.getBoundingClientRect(); const bad = [];
                for (const t of s.querySelectorAll('text')) {
                    const b = t.getBoundingClientRect();
                    if (b.left < v.left - 1 || b.top < v.top - 1 ||
                        b.right > v.right + 1 || b.bottom > v.bottom + 1)
                        bad.push(t.textContent);
                }
                return bad; }""")
            assert not overflow, f"{name}/{lang}: text outside the drawing: {overflow}"
            svg.screenshot(path=str(screenshots / f"diagram-{name}-{lang}-{scheme}.png"))


def test_no_request_left_the_machine(built_site: sitekit.BuildResult,
                                     requests_seen: RequestLog) -> None:
    """Across all the browser tests above (this test runs last in this file)."""
    assert requests_seen.urls, "no requests recorded: did the other tests run?"
    assert not requests_seen.outside()
