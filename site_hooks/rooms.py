"""Mount the shared table's room: a ``<!-- table-room -->`` line becomes the room widget.

The widget's frame comes from ``marjapussi.web.room_frame`` (the room server's own page
draws the same): its first body says how to start a table server, which a site hosted
without one keeps. A page holding it gets ``assets/table/room.js`` in its head, with a
content hash in the address; the script connects to the room server that served the
page (``./scripts/serve.sh``, ``python -m marjapussi table --site``) and swaps in its views.

``MARJAPUSSI_TABLE_SERVER`` (``./scripts/serve.sh --dev``, where MkDocs serves the pages
and the room server runs beside it) names the room server's address instead.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Any

from marjapussi.web.room_frame import SCRIPT, frame

try:
    from ._text import page_language
    from .runtime import HEAD_START, relative_root
except ImportError:  # loaded by MkDocs as a plain file
    from _text import page_language  # type: ignore[no-redef]
    from runtime import HEAD_START, relative_root  # type: ignore[no-redef]

MARKER = re.compile(r"<!--\s*table-room(\s+evening)?\s*-->")
"""The widget's place; ``table-room evening``: the page that starts a club night."""
ROOM = re.compile(r"""<div\b[^>]*\bclass=(["'])mp-widget mp-room[\s"'][^>]*\bdata-room=""")
ROOT = Path(__file__).resolve().parents[1]


def script_tag(root: str, digest: str) -> str:
    """The room script's element for a page whose site root is ``root``.

    >>> script_tag("../..", "ab12")
    '<script type="module" src="../../assets/table/room.js?v=ab12"></script>'
    """
    return f'<script type="module" src="{root}/{SCRIPT}?v={digest}"></script>'


def _digest(docs: Path) -> str:
    sha = hashlib.sha256()
    for name in (SCRIPT, "assets/widgets/morph.js", "assets/widgets/controls.js"):
        sha.update((docs / name).read_bytes())
    return sha.hexdigest()[:12]


def on_page_content(html: str, page: Any, **kwargs: Any) -> str:
    if not MARKER.search(html):
        return html
    server = os.environ.get("MARJAPUSSI_TABLE_SERVER", "")

    def widget(match: re.Match[str]) -> str:
        made = frame(page_language(page), server, relative_root(page.url))
        return made.replace(' data-room=""', ' data-room="" data-evening="1"', 1) if match.group(1) else made

    return MARKER.sub(widget, html)


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    if not ROOM.search(output):
        return output
    head = HEAD_START.search(output)
    if head is None:
        return output
    tag = script_tag(relative_root(page.url), _digest(Path(config.docs_dir)))
    return output[: head.end()] + tag + output[head.end() :]
