"""The widget bridge: the same Python turns a reader's click into the next view, at build
time (CPython, the site hook) and in the reader's browser (Pyodide, the worker).

Standard library only, and no ``js`` or ``pyodide`` import: the browser side is a thin
runtime that forwards JSON to ``handle`` and swaps in the HTML it returns. See
``marjapussi.web.bridge`` for the four entry points.
"""

from __future__ import annotations

from typing import Any

__all__ = ["from_url", "handle", "render", "share_query"]


def __getattr__(name: str) -> Any:
    # Imported lazily: marjapussi.html reads marjapussi.web.texts, and the bridge reads
    # marjapussi.html, so importing the bridge here would be circular.
    if name in __all__:
        from . import bridge

        return getattr(bridge, name)
    raise AttributeError(name)
