"""Show ``>>>`` examples as Python console code, in pages and in docstrings.

The package's docstrings carry doctest examples (``>>> parse_card("SA")`` and the
output under it), as the house style asks. Markdown reads a line that starts with
``>>>`` as three nested block quotes, and an output line holding HTML as raw HTML,
so mkdocstrings would show the examples garbled on the API pages. This hook adds a
small Markdown extension that turns each doctest block (from a ``>>>`` line to the
next blank line) into a fenced ``pycon`` block before anything else reads it. Fenced
code is left alone.

>>> convert = DoctestBlocks(markdown.Markdown()).run
>>> convert(["Text.", ">>> 1 + 1", "2", "", "More."])
['Text.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
"""

from __future__ import annotations

import re
from typing import Any

import markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

_PROMPT = re.compile(r"^(?P<indent>[ \t]*)>>>(?: |$)")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


class DoctestBlocks(Preprocessor):
    """Fence every doctest block of the text as ``pycon``."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        i = 0
        while i < len(lines):
            line = lines[i]
            found = _FENCE.match(line)
            if fence is not None:
                if found and found.group(1)[0] == fence[0] and len(found.group(1)) >= len(fence):
                    fence = None
                out.append(line)
                i += 1
                continue
            if found:
                fence = found.group(1)
                out.append(line)
                i += 1
                continue
            prompt = _PROMPT.match(line)
            if prompt is None:
                out.append(line)
                i += 1
                continue
            indent = prompt.group("indent")
            block = []
            while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
                block.append(lines[i][len(indent):])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            if i < len(lines) and lines[i].strip():
                out.append("")
        return out


class DoctestBlocksExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # before the fenced-code preprocessors (superfences registers at 25)
        md.preprocessors.register(DoctestBlocks(md), "mp_doctest_blocks", 29)


@event_priority(100)  # before mkdocstrings builds its Markdown from this list
def on_config(config: Any, **kwargs: Any) -> Any:
    extensions = config.markdown_extensions
    if not any(isinstance(ext, DoctestBlocksExtension) for ext in extensions):
        extensions.append(DoctestBlocksExtension())
    return config
