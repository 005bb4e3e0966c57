"""What a reader meets first: the way in, the learn page's deal, the glossary on a phone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sitekit

LANGUAGES = sitekit.site_languages()


def html_of(site: Path, page: str, lang: str) -> str:
    return sitekit.page_file(site, page, lang).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_shows_the_way_in_first(site: Path, lang: str) -> None:
    html = html_of(site, "index", lang)
    headings = re.findall(r'<h2 id="([^"]+)"', html)
    assert headings and headings[0] == "start-here", headings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learn_page_walks_through_one_deal(site: Path, lang: str) -> None:
    """The learn and home pages promise a deal walked through card by card: it is there,
    in the trick stepper, with the record's comments in the page's language."""
    html = html_of(site, "learn", lang)
    found = re.search(r'<div class="mp-widget" data-widget="trick-stepper" data-lang="([a-z]+)" '
                      r"data-state='([^']*)'", html)
    assert found, "no trick stepper on the learn page"
    assert found.group(1) == lang
    state = json.loads(found.group(2).replace("&quot;", '"'))
    assert state["rec"] == "example-deal"
    record = (sitekit.ROOT / "marjapussi" / "web" / "data" / f"example-deal.{lang}.mjp").read_text(
        encoding="utf-8")
    first_comment = re.search(r"\{([^}]*)\}", record)
    assert first_comment is not None
    opening = first_comment.group(1).split(".")[0]
    assert opening in html, "the record's comments are not in the page's language"
    assert 'id="one-deal"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_cells_carry_their_column_names(site: Path, lang: str) -> None:
    html = html_of(site, "glossary", lang)
    tables = re.findall(r"<table[^>]*>.*?</table>", html, re.DOTALL)
    assert tables
    for table in tables:
        assert table.startswith("<table data-mp-terms>")
        names = re.findall(r"<th[^>]*>(.*?)</th>", table)
        for row in re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL)[1:]:
            labels = re.findall(r'<td data-label="([^"]*)"', row)
            assert labels == names, row[:200]
