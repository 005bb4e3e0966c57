"""Leave out of each page the stylesheets it has no use for (issue 30, item 17).

Every stylesheet in ``<head>`` blocks the first paint until it has arrived. Two of those
MkDocs links into every page serve a few pages only: mkdocstrings' ``_mkdocstrings.css``
(the Python API's pages, whose HTML has ``doc-`` classes) and ``assets/notebooks.css`` (the
examples' notebooks, ``mp-nb-`` classes). A page without those classes loses the link:
nothing on it can match their rules, and the site has no instant navigation (a page's
head is never swapped in place), so no later page misses them. The site's other
stylesheets style every page and stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ONLY_WHERE_USED", "drop_unused"]

ONLY_WHERE_USED = {
    "assets/_mkdocstrings.css": re.compile(r'class="[^"]*\bdoc-'),
    "assets/notebooks.css": re.compile(r'class="[^"]*\bmp-nb-'),
}
"""A stylesheet and the mark of a page that uses it."""


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
        if used.search(html):
            continue
        link = re.compile(
            r'<link rel="stylesheet" href="[./]*' + re.escape(sheet) + r'(?:\?[^"]*)?">'
        )
        html = link.sub("", html)
    return html


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    return drop_unused(output)


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    """The theme's own pages (``404.html``) too."""
    return drop_unused(output_content) if template_name.endswith(".html") else output_content
