"""Read the package's JSON forms (records, score sheets) strictly, as data or one error.

``json.loads`` alone lets through what the formats never hold and then fails far from
the cause: ``1e400`` and ``Infinity`` become floats that overflow later, a 5,000-digit
number or deep nesting raise ``ValueError`` or ``RecursionError``, and bytes that are
not UTF-8 raise ``UnicodeDecodeError``. ``load_json`` refuses each of them at once with
``JsonProblem``, which the callers turn into their own translated error.

>>> load_json('{"rows": [1, 2]}')
{'rows': [1, 2]}
>>> load_json('[1e400]')
Traceback (most recent call last):
...
marjapussi.jsontext.JsonProblem: number
"""

from __future__ import annotations

import json
from typing import Any

from .outside_text import well_formed_data

__all__ = ["MAX_DIGITS", "JsonProblem", "load_json"]

MAX_DIGITS = 9
"""The longest whole number the formats hold (points, deal numbers)."""

MAX_DEPTH = 20
"""The deepest nesting of lists and objects the formats use, with room to spare."""


class JsonProblem(Exception):
    """What is wrong with a JSON text: ``not-text``, ``syntax``, ``number`` or ``nesting``.

    ``line`` and ``column`` are set for a syntax error.
    """

    def __init__(self, problem: str, line: int = 1, column: int = 1, detail: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line
        self.column = column
        self.detail = detail


def _no_constant(name: str) -> Any:
    raise JsonProblem("number", detail=name)


def _no_float(text: str) -> Any:
    raise JsonProblem("number", detail=text[:20])


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JsonProblem("number", detail=text[:20] + "…")
    return int(text)


def _depth_ok(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """Tell whether lists and objects nest at most ``max_depth`` deep (strings skipped)."""
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def load_json(text: str | bytes | bytearray, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text holding only strings, whole numbers of up to nine digits, booleans,
    nulls, lists and objects nested at most ``max_depth`` deep; raise ``JsonProblem`` for
    anything else. A lone surrogate in a string is read as U+FFFD (``well_formed``)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonProblem("not-text") from None
    if not isinstance(text, str):
        raise JsonProblem("not-text")
    if not _depth_ok(text, max_depth):
        raise JsonProblem("nesting")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_no_float, parse_int=_whole)
    except json.JSONDecodeError as err:
        raise JsonProblem("syntax", err.lineno, err.colno, err.msg) from None
    except RecursionError:
        raise JsonProblem("nesting") from None
    return well_formed_data(data)  # a "\ud800" escape gives a lone surrogate: U+FFFD instead
