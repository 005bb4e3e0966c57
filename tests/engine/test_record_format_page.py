"""Every command-line example on the record-format page prints what the page shows.

Each ``text`` block of ``docs/record-format.{fi,en,ru}.md`` that starts with
``$ python -m marjapussi …`` is run (from the repository root, as the page says) and its
printed output, standard output and standard error together, compared with the rest of
the block. A line ``…`` on the page stands for any number of lines left out.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from marjapussi.cli import main

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("fi", "en", "ru")

# The pages and example records live in the repository, not in the package: inside
# Pyodide (tests/pyodide), which gets only the package and these test files, this
# module has nothing to compare; on the host it always runs.
pytestmark = pytest.mark.skipif(
    not (ROOT / "docs" / "record-format.en.md").is_file(), reason="the site's pages are not here"
)
BLOCK = re.compile(r"^```text\n(\$ python -m marjapussi [^\n]*)\n(.*?)^```", re.M | re.S)


def _examples(lang: str) -> list[tuple[str, list[str]]]:
    page = (ROOT / f"docs/record-format.{lang}.md").read_text(encoding="utf-8")
    return [(m.group(1), m.group(2).rstrip("\n").split("\n")) for m in BLOCK.finditer(page)]


def _run(command: str) -> list[str]:
    argv = shlex.split(command)[3:]  # after "$ python -m marjapussi"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(ROOT), contextlib.redirect_stderr(err):
        main(argv, out=out)
    return (out.getvalue() + err.getvalue()).rstrip("\n").split("\n")


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Compare line by line; a page line "…" matches any run of lines (shortened output)."""
    expected = [line.rstrip() for line in expected]
    actual = [line.rstrip() for line in actual]

    def match(i: int, j: int) -> bool:
        if i == len(expected):
            return j == len(actual)
        if expected[i] == "…":
            return any(match(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and expected[i] == actual[j] and match(i + 1, j + 1)

    return match(0, 0)


def test_each_page_has_its_examples() -> None:
    counts = {lang: len(_examples(lang)) for lang in LANGS}
    assert min(counts.values()) >= 6, counts
    commands = {lang: [c for c, _ in _examples(lang)] for lang in LANGS}
    # The same commands, with each page's own --lang.
    assert [c.replace("--lang fi", "--lang en") for c in commands["fi"]] == commands["en"]
    assert [c.replace("--lang ru", "--lang en") for c in commands["ru"]] == commands["en"]


@pytest.mark.parametrize("lang", LANGS)
def test_command_line_examples_print_what_the_page_shows(lang: str) -> None:
    for command, expected in _examples(lang):
        actual = _run(command[2:])
        assert _matches(expected, actual), (
            f"{command}\n--- page:\n" + "\n".join(expected) + ("\n--- printed:\n" + "\n".join(actual))
        )
