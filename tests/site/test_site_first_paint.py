"""What the first paint of a page waits for (issue 30, item 17): no stylesheet a page has no
use for, and no search index fetched before the reader reaches for the search (the
browser half of that is in tests/browser/test_browser_site.py)."""

from __future__ import annotations

import re

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
