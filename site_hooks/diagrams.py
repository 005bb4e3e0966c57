"""Draw diagrams: turn a ``[[diagram:NAME]]`` line into an inline SVG in the page's language.

The diagrams and their labels are in ``diagram_svg.py`` (``card-order``, ``seating``,
``deal-flow``). The token must stand alone on its line; an unknown name, or a token
inside a paragraph, fails the build with the page, the line and the token.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError

try:
    from . import diagram_svg
    from ._text import page_language, replace_outside_code
except ImportError:  # loaded by MkDocs as a plain file
    import diagram_svg  # type: ignore[no-redef]
    from _text import page_language, replace_outside_code  # type: ignore[no-redef]

TOKEN = re.compile(r"^([ \t]*)\[\[diagram:([^\[\]\n]*)\]\][ \t]*$|\[\[diagram:([^\[\]\n]*)\]\]",
                   re.MULTILINE)


def render_diagrams(markdown: str, lang: str, where: str) -> str:
    """Replace every diagram token of ``markdown`` with its SVG in language ``lang``."""

    def replace(match: re.Match[str], line: int) -> str:
        if match.group(3) is not None:
            raise PluginError(
                f"diagrams hook: {where}:{line}: {match.group(0)!r} must stand alone on its line"
            )
        indent, name = match.group(1), match.group(2).strip()
        try:
            drawing = diagram_svg.render(name, lang)
        except KeyError as error:
            raise PluginError(f"diagrams hook: {where}:{line}: {match.group(0)!r}: {error.args[0]}"
                              ) from None
        return f'{indent}<figure class="mp-diagram" markdown="0">{drawing}</figure>'

    return replace_outside_code(markdown, TOKEN, replace)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    return render_diagrams(markdown, page_language(page), page.file.src_uri)
