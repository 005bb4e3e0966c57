"""Text from outside the package: made well-formed on the way in, quoted back only in part.

A reader's browser, a pasted record or a file can hand over a lone surrogate (``"\\ud800"``,
half of a UTF-16 pair): Python keeps it in a ``str``, but no reply holding it can be
encoded as UTF-8, so a server that encodes every reply would fail on the reader's own
text. ``well_formed`` replaces each one by U+FFFD (the replacement character) where text
enters: the widget bridge's messages and links, the record parser, the JSON reader and
the command line's input. ``excerpt`` is what a message may quote of such text: short,
on one line, without markup or control characters.

>>> well_formed("a\\ud800b")
'a�b'
>>> excerpt("<script>alert(1)</script>" + "x" * 60)
'alert(1) xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["EXCERPT_LENGTH", "excerpt", "well_formed", "well_formed_data"]

EXCERPT_LENGTH = 40
"""The most characters a message quotes of a reader's text (an ellipsis marks a cut)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
# Markup: a tag, or what is left of one at the end of a cut text.
_MARKUP = re.compile(r"<[^<>]*>|<[^<>]*$|[<>]")
# Control characters (C0, DEL, C1), zero-width and bidirectional controls, the byte-order mark.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def well_formed(text: str) -> str:
    """Replace each lone surrogate by U+FFFD, so that the text encodes as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def well_formed_data(value: Any) -> Any:
    """``well_formed`` for every string of parsed JSON data, keys included.

    >>> well_formed_data({"a\\udc00": ["\\ud800", 1, None]})
    {'a�': ['�', 1, None]}
    """
    if isinstance(value, str):
        return well_formed(value)
    if isinstance(value, list):
        return [well_formed_data(item) for item in value]
    if isinstance(value, dict):
        return {well_formed_data(key): well_formed_data(item) for key, item in value.items()}
    return value


def excerpt(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """A short, clean piece of outside text to quote: no markup, no control characters,
    one line, at most ``limit`` characters.

    >>> excerpt("SA\\x1b[2J  SK\\nSQ"), excerpt("<b>")
    ('SA [2J SK SQ', '')
    """
    text = _MARKUP.sub(" ", well_formed(text)[: 20 * limit])
    text = " ".join(_CONTROLS.sub(" ", text).split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text
