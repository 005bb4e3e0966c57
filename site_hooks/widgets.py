"""Mount the live widgets: turn ``<!-- widget: KIND ARGS -->`` lines into rendered widgets.

Each such line (on its own line, outside code) is replaced by the widget's first state
as static HTML, from ``marjapussi.web.bridge.render`` — the same Python that runs the
widget in the reader's browser. An unknown kind or argument fails the build, naming the
page and the line.

The Markdown pass leaves a placeholder comment; the HTML is put in after Markdown has
run (``on_page_content``), so Markdown never touches it. There the link prefix
``@root@`` becomes the page's relative path to the site root, a second widget with
the same id on one page gets a numbered id, and widgets of one kind on one page are
named apart (each is a landmark a screen reader lists by its name) by the heading
they stand under.
"""

from __future__ import annotations

import html as htmllib
import posixpath
import re
from typing import Any

from mkdocs.exceptions import PluginError

from marjapussi.web.bridge import render

try:
    from ._text import page_language, replace_outside_code
except ImportError:  # loaded by MkDocs as a plain file
    from _text import page_language, replace_outside_code  # type: ignore[no-redef]

LINE = re.compile(r"^[ \t]*<!--[ \t]*widget:[ \t]*([^\s>]*)((?:[ \t]+[^\s>]+)*)[ \t]*-->[ \t]*$", re.M)
SLOT = re.compile(r"<!-- mp-widget-slot:(\d+) -->")
ID = re.compile(r'\bid="(w-[a-z0-9-]+)"')
REGION_NAME = re.compile(r'(<div class="mp-widget" [^>]*?\baria-label=")([^"]*)(")')
HEADING = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1>", re.S)
PERMALINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
TAG = re.compile(r"<[^>]+>")

_PAGES: dict[str, list[str]] = {}


def relative_root(page_url: str) -> str:
    """The site root as seen from a page's address (``en/rules/guild/`` → ``../../..``).

    >>> relative_root("en/rules/guild/"), relative_root(""), relative_root("404.html")
    ('../../..', '.', '.')
    """
    folder = posixpath.dirname(page_url) or "."
    return posixpath.relpath(".", folder)


def render_widgets(markdown: str, where: str, lang: str, slots: list[str]) -> str:
    """Replace each widget line with a placeholder; append the rendered HTML to ``slots``."""

    def replace(match: re.Match[str], line: int) -> str:
        kind, args = match.group(1), " ".join(match.group(2).split())
        try:
            html = render(kind, args, lang)
        except ValueError as error:
            raise PluginError(
                f"widgets hook: {where}:{line}: {match.group(0).strip()!r}: {error}"
            ) from None
        slots.append(html)
        # Blank lines around it: Markdown keeps a comment alone in its block as raw HTML.
        return f"\n\n<!-- mp-widget-slot:{len(slots) - 1} -->\n\n"

    return replace_outside_code(markdown, LINE, replace)


def fill_slots(html: str, slots: list[str], root: str) -> str:
    """Put the rendered widgets in place of their placeholders, with the page's root."""
    seen: dict[str, int] = {}

    def unique(match: re.Match[str]) -> str:
        ident = match.group(1)
        seen[ident] = seen.get(ident, 0) + 1
        return match.group(0) if seen[ident] == 1 else f'id="{ident}-{seen[ident]}"'

    def fill(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if index >= len(slots):
            return match.group(0)
        widget = slots[index].replace("@root@", root)
        return ID.sub(unique, widget, count=1)

    return SLOT.sub(fill, html)


def heading_text(inner_html: str) -> str:
    """The words of a heading's HTML, without its permalink sign.

    >>> heading_text('Must <em>beat</em><a class="headerlink" href="#b">&para;</a>')
    'Must beat'
    """
    text = htmllib.unescape(TAG.sub("", PERMALINK.sub("", inner_html)))
    return " ".join(text.split())


def distinct_region_names(html: str) -> str:
    """Name apart the widgets of a page that share a name: each gets the heading it stands
    under after its name ("Which card may I play?: Must beat"), and a number if two stand
    under the same heading. A name no other widget of the page has stays as it is.

    >>> page = ('<h2 id="a">Follow suit</h2><div class="mp-widget" id="w-1" aria-label="Which card">'
    ...         '<h2 id="b">Beat</h2><div class="mp-widget" id="w-2" aria-label="Which card">'
    ...         '<div class="mp-widget" id="w-3" aria-label="Which card">'
    ...         '<div class="mp-widget" id="w-4" aria-label="Score">')
    >>> REGION_NAME.findall(distinct_region_names(page))  # doctest: +NORMALIZE_WHITESPACE
    [('<div class="mp-widget" id="w-1" aria-label="', 'Which card: Follow suit', '"'),
     ('<div class="mp-widget" id="w-2" aria-label="', 'Which card: Beat', '"'),
     ('<div class="mp-widget" id="w-3" aria-label="', 'Which card: Beat (2)', '"'),
     ('<div class="mp-widget" id="w-4" aria-label="', 'Score', '"')]
    """
    names = [htmllib.unescape(m.group(2)) for m in REGION_NAME.finditer(html)]
    shared = {name for name in names if names.count(name) > 1}
    if not shared:
        return html
    headings = [(m.start(), heading_text(m.group(2))) for m in HEADING.finditer(html)]
    given: dict[str, int] = {}

    def rename(match: re.Match[str]) -> str:
        name = htmllib.unescape(match.group(2))
        if name not in shared:
            return match.group(0)
        above = [text for at, text in headings if at < match.start() and text]
        if above:
            name = f"{name}: {above[-1]}"
        given[name] = given.get(name, 0) + 1
        if given[name] > 1:
            name = f"{name} ({given[name]})"
        return match.group(1) + htmllib.escape(name, quote=True) + match.group(3)

    return REGION_NAME.sub(rename, html)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    slots: list[str] = []
    out = render_widgets(markdown, page.file.src_uri, page_language(page), slots)
    _PAGES[page.file.src_uri] = slots
    return out


def on_page_content(html: str, page: Any, **kwargs: Any) -> str:
    slots = _PAGES.pop(page.file.src_uri, [])
    if not slots:
        return html
    return distinct_region_names(fill_slots(html, slots, relative_root(page.url)))
