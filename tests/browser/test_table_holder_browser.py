"""The text's tables stand in holders of no box of their own (site_hooks/first_paint.py), so
that the theme's wrapping of each table restyles the holder, not the whole article (issue 30,
item 17). The holder must change no layout: with and without JavaScript, the spacing around
a table is what the theme's own rules give a table that is a child of the article."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
import sitekit
from test_widgets_browser import checked, open_tab

pytestmark = pytest.mark.browser

checked_tab = contextlib.contextmanager(checked)
"""``with checked_tab(open_tab(...)) as opened``: the tab, checked and closed afterwards."""

AFTER_TABLES = """() => Array.from(document.querySelectorAll('.mp-table-holder')).map((holder) => {
  const next = holder.nextElementSibling;
  const box = holder.firstElementChild;
  return {
    wrapped: box.matches('.md-typeset__scrollwrap'),
    last: next === null,
    nextMargin: next ? parseFloat(getComputedStyle(next).marginTop) : null,
    nextFont: next ? parseFloat(getComputedStyle(next).fontSize) : null,
    boxBottom: parseFloat(getComputedStyle(box).marginBottom),
  };
})"""


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("page_name", ["rules/guild", "rules/huutopussi-marriage", "glossary"])
def test_the_space_around_a_held_table_is_the_themes(
        browser: Any, site_url: str, page_name: str, javascript: bool) -> None:
    with checked_tab(open_tab(browser, viewport={"width": 360, "height": 740},
                              java_script_enabled=javascript)) as opened:
        page = opened.page
        page.goto(site_url + sitekit.page_url(page_name, "en"))
        if javascript:
            page.wait_for_function("document.querySelectorAll('.mp-table-holder > table').length === 0")
        tables = page.evaluate(AFTER_TABLES)
        assert tables, f"no table on {page_name}: the test shows nothing"
        for table in tables:
            assert table["wrapped"] == javascript, table
            if table["last"]:
                assert table["boxBottom"] == 0, table  # the article's last child has no margin below
            elif not javascript:  # the theme's table:not([class]) + *, 1.5em above what follows
                assert table["nextMargin"] == pytest.approx(1.5 * table["nextFont"], abs=0.5), table
