"""What each page's first paint waits for (issue 30, item 17).

Every stylesheet in ``<head>`` and every script without ``defer`` blocks the first paint
until it has arrived. This hook, run after the others on each page:

- leaves out the stylesheets a page has no use for: two of those MkDocs links into every
  page serve a few pages only, mkdocstrings' ``_mkdocstrings.css`` (the Python API's
  pages, whose HTML has ``doc-`` classes) and ``assets/notebooks.css`` (the examples'
  notebooks, ``mp-nb-`` classes). Nothing on another page can match their rules, and the
  site has no instant navigation (a page's head is never swapped in place), so no later
  page misses them;
- inlines ``assets/offline.css`` (the offline notice's 1.4 KB, linked by ``offline.py``)
  instead of a request of its own;
- defers the theme's bundle and the site's ``site.js`` (both at the end of ``<body>``):
  deferred scripts still run in order, with the whole document parsed and before
  ``DOMContentLoaded``, as both expect, but no longer hold the first paint back;
- swaps the page's ``no-js`` class for ``js`` at the top of ``<head>``, before anything is
  styled, as the theme's bundle does when it starts: done there, once the page had been
  drawn, it restyled every element of it (some of the theme's ``.no-js`` rules end in a
  selector that any element may match), about 2,800 on the guild rules page. A reader
  without JavaScript keeps ``no-js``;
- puts each table of the text (a table without a class, which the theme wraps in a
  scrolling box once the page is parsed) in a holder of no box of its own
  (``mp-table-holder``, ``display: contents`` in marjapussi.css). Taking such a table out
  of its parent for the wrapping matches the theme's ``table:not([class]) + *``, whose
  any-element subject made Chromium restyle every element of the parent: the whole
  article (2,466 elements on the guild rules page) where it is now the holder.

The other stylesheets style every page and stay as they are.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

__all__ = [
    "HOLDER", "ONLY_WHERE_USED", "SCRIPTED", "TEXT_TABLE",
    "defer_scripts", "drop_unused", "hold_tables", "inline_style", "mark_scripted",
]

ONLY_WHERE_USED = {
    "assets/_mkdocstrings.css": re.compile(r'class="[^"]*\bdoc-'),
    "assets/notebooks.css": re.compile(r'class="[^"]*\bmp-nb-'),
}
"""A stylesheet and the mark of a page that uses it."""
INLINED = "assets/offline.css"
DEFERRED = re.compile(
    r'<script src="([^"]*(?:assets/javascripts/bundle\.[0-9a-f]+\.min\.js|assets/site\.js))">'
)

SCRIPTED = ('<script>document.documentElement.classList.remove("no-js");'
            'document.documentElement.classList.add("js")</script>')
"""What the theme's bundle does first, done at the top of ``<head>`` instead."""
CHARSET = re.compile(r'<meta charset="utf-8">')
TEXT_TABLE = re.compile(r"<table(?![^>]*\bclass=)(?:\s[^>]*)?>.*?</table>", re.S)
HOLDER = '<div class="mp-table-holder">'


def _link(sheet: str) -> re.Pattern[str]:
    return re.compile(r'<link rel="stylesheet" href="[./]*' + re.escape(sheet) + r'(?:\?[^"]*)?">')


def drop_unused(html: str) -> str:
    """Remove the link of each stylesheet of ``ONLY_WHERE_USED`` the page does not use.

    >>> head = ('<link rel="stylesheet" href="../assets/_mkdocstrings.css">'
    ...         '<link rel="stylesheet" href="../assets/notebooks.css">')
    >>> drop_unused(head + '<div class="mp-nb-output"></div>')
    '<link rel="stylesheet" href="../assets/notebooks.css"><div class="mp-nb-output"></div>'
    >>> drop_unused(head + '<div class="doc doc-contents"></div>').count("<link")
    1
    """
    for sheet, used in ONLY_WHERE_USED.items():
        if not used.search(html):
            html = _link(sheet).sub("", html)
    return html


def inline_style(html: str, sheet: str, css: str) -> str:
    """Put the stylesheet's text in place of its link.

    >>> inline_style('<link rel="stylesheet" href="../assets/offline.css?v=ab">', "assets/offline.css", "p{}")
    '<style data-mp-inlined="assets/offline.css">p{}</style>'
    """
    if "</style" in css.lower():
        raise ValueError(f"first_paint hook: {sheet} cannot be inlined")
    return _link(sheet).sub(lambda _: f'<style data-mp-inlined="{sheet}">{css}</style>', html)


def defer_scripts(html: str) -> str:
    """Defer the theme's bundle and ``site.js``.

    >>> defer_scripts('<script src="../assets/javascripts/bundle.a5f9d56c.min.js"></script>')
    '<script defer src="../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
    """
    return DEFERRED.sub(r'<script defer src="\1">', html)


def mark_scripted(html: str) -> str:
    """Swap ``no-js`` for ``js`` right after the page's ``<meta charset>``, on a page of the
    theme (``<html class="no-js">``).

    >>> mark_scripted('<html lang="fi" class="no-js"><head><meta charset="utf-8"><link>').count(SCRIPTED)
    1
    >>> mark_scripted('<html><head><meta charset="utf-8">')
    '<html><head><meta charset="utf-8">'
    """
    if 'class="no-js"' not in html[:html.find("<head")]:
        return html
    return CHARSET.sub(lambda match: match.group(0) + SCRIPTED, html, count=1)


def hold_tables(html: str) -> str:
    """Put each table without a class in a ``mp-table-holder``.

    >>> held = hold_tables('<p>a</p><table data-mp-terms><tr><td></td></tr></table><table class="k"></table>')
    >>> held.startswith('<p>a</p><div class="mp-table-holder"><table data-mp-terms><tr>')
    True
    >>> held.endswith('</table></div><table class="k"></table>')
    True
    """
    return TEXT_TABLE.sub(lambda match: HOLDER + match.group(0) + "</div>", html)


def first_paint(html: str, config: Any) -> str:
    css = (Path(config["docs_dir"]) / INLINED).read_text(encoding="utf-8").strip()
    return hold_tables(mark_scripted(defer_scripts(inline_style(drop_unused(html), INLINED, css))))


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    return first_paint(output, config)


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    """The theme's own pages (``404.html``) too."""
    return first_paint(output_content, config) if template_name.endswith(".html") else output_content
