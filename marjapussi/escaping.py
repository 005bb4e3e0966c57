"""Escape text for HTML.

The standard library's ``html`` module imports its table of named entities at once; in
the browser (Pyodide compiles the standard library at import) that costs tens of
milliseconds before a widget can answer, so the package escapes with this function.

>>> print(escape('<a href="x">Tom & Jerry</a>'))
&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;
>>> escape('"q"', quote=False)
'"q"'
"""

from __future__ import annotations

__all__ = ["escape"]

_QUOTED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})
_PLAIN = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def escape(text: str, quote: bool = True) -> str:
    """Replace ``& < >`` (and, with ``quote``, both quote marks) by HTML character references.

    The same result as the standard library's ``html.escape``.
    """
    return str(text).translate(_QUOTED if quote else _PLAIN)
