"""What the first paint of a page waits for (issue 30, item 17): no stylesheet a page has no
use for, and no search index fetched before the reader reaches for the search (the
browser half of that is in tests/browser/test_browser_site.py); and what the theme's start
restyles: the no-js/js swap is done before anything is styled, and the tables the theme
wraps stand in holders (tests/browser/test_table_holder_browser.py: the same layout)."""

from __future__ import annotations

import re

from site_hooks.first_paint import HOLDER, SCRIPTED, TEXT_TABLE

LINK = re.compile(r'<link rel="stylesheet" href="[^"]*?([^"/]+\.css)(?:\?[^"]*)?">')
THEME_SCRIPT = re.compile(r'<script\b[^>]*\bsrc="[^"]*(?:bundle\.[0-9a-f]+\.min\.js|/site\.js)"[^>]*>')


def test_a_page_links_the_apis_and_the_notebooks_styles_only_when_it_uses_them(
    site_files: tuple[dict[str, str], set[str]],
) -> None:
    pages, _ = site_files
    used = {"_mkdocstrings.css": re.compile(r'class="[^"]*\bdoc-'),
            "notebooks.css": re.compile(r'class="[^"]*\bmp-nb-')}
    counts = dict.fromkeys(used, 0)
    for path, html in pages.items():
        head = html.split("</head>", 1)[0]
        linked = set(LINK.findall(head))
        if "javascripts/bundle." in html:  # a page of the theme keeps the stylesheets of every page
            every = {re.sub(r"\.[0-9a-f]{8}\.min", "", name) for name in linked}
            assert {"main.css", "marjapussi.css", "widgets.css"} <= every, path
        for sheet, mark in used.items():
            assert (sheet in linked) == bool(mark.search(html)), (path, sheet)
            counts[sheet] += sheet in linked
    assert counts["_mkdocstrings.css"] >= 3 and counts["notebooks.css"] >= 10, counts


def test_every_page_holds_the_search_back_before_the_themes_script(
    site_files: tuple[dict[str, str], set[str]],
) -> None:
    pages, _ = site_files
    themed = {path: html for path, html in pages.items() if "javascripts/bundle." in html}
    assert len(themed) > 50
    for path, html in themed.items():
        later = html.find("<script data-mp-search-later>")
        assert 0 < later < html.find("</head>") < html.find("javascripts/bundle."), path
        assert html.count("data-mp-search-later") == 1, path


def test_the_themes_scripts_are_deferred_and_the_offline_notices_style_inlined(
    site_files: tuple[dict[str, str], set[str]],
) -> None:
    pages, _ = site_files
    themed = {path: html for path, html in pages.items() if "javascripts/bundle." in html}
    inlined = 0
    for path, html in themed.items():
        scripts = THEME_SCRIPT.findall(html)
        assert len(scripts) == 2 and all(" defer " in script for script in scripts), (path, scripts)
        assert "offline.css" not in " ".join(LINK.findall(html)), path
        inlined += '<style data-mp-inlined="assets/offline.css">' in html
    assert inlined == len(themed) - 1, (inlined, len(themed))  # all but 404.html


def test_every_themed_page_is_marked_scripted_before_anything_is_styled(
    site_files: tuple[dict[str, str], set[str]],
) -> None:
    """The theme's no-js/js swap, done at the top of the head instead of once the page was
    drawn (when it restyled every element of it)."""
    pages, _ = site_files
    themed = {path: html for path, html in pages.items() if "javascripts/bundle." in html}
    for path, html in themed.items():
        head = html.split("</head>", 1)[0]
        assert head.count(SCRIPTED) == 1, path
        swap = head.index(SCRIPTED)
        assert head.index('<meta charset="utf-8">') < swap < head.index("<link"), path
        assert '<html lang="' in html[:200] and 'class="no-js"' in html[:200], path  # readers without JS


def test_every_table_of_the_text_stands_in_its_holder(
    site_files: tuple[dict[str, str], set[str]],
) -> None:
    """A table the theme wraps (one without a class) stands alone in a holder of no box of its
    own, so that taking it out of its place restyles the holder, not the whole article."""
    pages, _ = site_files
    held = 0
    for path, html in pages.items():
        if "javascripts/bundle." not in html:  # a printout: no theme to wrap its tables
            continue
        tables = TEXT_TABLE.findall(html)
        assert html.count(HOLDER) == len(tables), path
        for table in tables:
            assert html.count(HOLDER + table + "</div>") >= 1, (path, table[:80])
        held += len(tables)
    assert held > 60, held
