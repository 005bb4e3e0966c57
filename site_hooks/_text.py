"""Helpers shared by the site hooks: page language and Markdown outside code."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any

DEFAULT_LANGUAGE = "fi"
LANGUAGES = ("fi", "en", "ru")

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_INLINE_CODE = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")


def page_language(page: Any) -> str:
    """Return the language of a page being built: ``fi``, ``en`` or ``ru``.

    mkdocs-static-i18n (suffix layout) stores it on the page's file as ``locale``;
    without the plugin the suffix of the source name (``guild.en.md``) tells it.
    """
    file = page.file
    locale = getattr(file, "locale", None)
    if locale:
        return str(locale)
    suffixes = PurePosixPath(file.src_uri).suffixes
    if len(suffixes) >= 2 and suffixes[-2][1:] in LANGUAGES:
        return suffixes[-2][1:]
    return DEFAULT_LANGUAGE


def replace_outside_code(markdown: str, pattern: re.Pattern[str],
                         replace: Callable[[re.Match[str], int], str]) -> str:
    """Replace ``pattern`` in Markdown text, leaving fenced code and inline code alone.

    ``replace`` gets the match and its line number (1-based) and returns the new text.
    """
    out: list[str] = []
    lines = markdown.split("\n")
    fence: str | None = None
    chunk: list[str] = []
    chunk_start = 1

    def flush() -> None:
        if chunk:
            out.append(_replace_in_prose("\n".join(chunk), chunk_start, pattern, replace))
            chunk.clear()

    for number, line in enumerate(lines, start=1):
        found = _FENCE.match(line)
        if fence is None and found:
            flush()
            fence = found.group(1)
            out.append(line)
        elif fence is not None:
            out.append(line)
            if found and found.group(1)[0] == fence[0] and len(found.group(1)) >= len(fence) \
                    and line.strip() == found.group(1):
                fence = None
        else:
            if not chunk:
                chunk_start = number
            chunk.append(line)
    flush()
    return "\n".join(out)


def _replace_in_prose(text: str, first_line: int, pattern: re.Pattern[str],
                      replace: Callable[[re.Match[str], int], str]) -> str:
    """Replace outside inline code spans; ``first_line`` numbers the chunk's first line."""
    pieces: list[str] = []
    position = 0
    for code in _INLINE_CODE.finditer(text):
        pieces.append(_replace_plain(text, position, code.start(), first_line, pattern, replace))
        pieces.append(code.group(0))
        position = code.end()
    pieces.append(_replace_plain(text, position, len(text), first_line, pattern, replace))
    return "".join(pieces)


def _replace_plain(text: str, start: int, end: int, first_line: int,
                   pattern: re.Pattern[str],
                   replace: Callable[[re.Match[str], int], str]) -> str:
    def one(match: re.Match[str]) -> str:
        line = first_line + text.count("\n", 0, start + match.start())
        return replace(match, line)

    return pattern.sub(one, text[start:end])
