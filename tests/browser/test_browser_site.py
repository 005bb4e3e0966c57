"""The static site in Chromium: pages, language switcher, search, no outside requests.

Screenshots go to artifacts/screenshots/ (gitignored), to be looked at by a person.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ..site import sitekit
from .browserkit import RequestLog, open_tab

pytestmark = pytest.mark.browser

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


def test_no_request_left_the_machine(requests_seen: RequestLog) -> None:
    """Across all the browser tests above (this test runs last in this file)."""
    assert requests_seen.urls, "no requests recorded: did the other tests run?"
    assert not requests_seen.outside()
