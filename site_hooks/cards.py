"""Draw cards: turn ``[[SA]]`` and ``[[HK HQ]]`` in page Markdown into small cards.

The HTML comes from ``marjapussi.html.cards_html``, the renderer the notebooks and
widgets use too. A token that is not a list of cards fails the build, naming the page,
the line and the token. Code blocks and inline code are left alone, and so are
``[[diagram:NAME]]`` tokens (see ``diagrams.py``).
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError

from marjapussi.errors import CardParseError
from marjapussi.html import cards_html

try:
    from ._text import page_language, replace_outside_code
except ImportError:  # loaded by MkDocs as a plain file
    from _text import page_language, replace_outside_code  # type: ignore[no-redef]

TOKEN = re.compile(r"\[\[(?!diagram:)([^\[\]\n]*)\]\]")


def render_cards(markdown: str, where: str, lang: str = "en") -> str:
    """Replace every card token of ``markdown``, each card named in ``lang`` for screen
    readers; ``where`` names the page in errors."""

    def replace(match: re.Match[str], line: int) -> str:
        text = match.group(1)
        try:
            if not text.strip():
                raise CardParseError(text)
            return cards_html(text, lang)
        except CardParseError as error:
            raise PluginError(
                f"cards hook: {where}:{line}: {match.group(0)!r} is not a list of cards "
                f"({error.text!r} is not a card; write e.g. [[SA]] or [[HK HQ]])"
            ) from None

    return replace_outside_code(markdown, TOKEN, replace)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    return render_cards(markdown, page.file.src_uri, page_language(page))
