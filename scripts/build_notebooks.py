#!/usr/bin/env python3
"""Build the worked-example notebooks: one source → fi/en/ru notebooks, executed → site pages.

Each ``notebooks/src/NN-topic.nb`` holds the prose of a notebook in Finnish, English and
Russian and its code cells once (format below). This script makes, for every source and
every language:

- ``notebooks/LANG/NN-topic.ipynb``: the notebook, executed by nbclient in a fresh
  ``python3`` kernel (ipykernel), its outputs stored. Timing, kernel versions and
  anything else that changes from run to run are left out, so a rebuild is byte-stable;
- ``docs/examples/NN-topic.LANG.md``: the executed notebook as a site page, converted by
  nbconvert's Markdown exporter with the template in ``notebooks/templates/site/``.

    python scripts/build_notebooks.py                 # rebuild everything
    python scripts/build_notebooks.py 03-asking       # rebuild the notebooks named so
    python scripts/build_notebooks.py --check         # exit 1 if a committed file is stale

``--check`` builds into memory and compares; ``pytest --nbval notebooks/fi notebooks/en
notebooks/ru`` then re-runs the stored notebooks and compares every output.

Source format
-------------
A line ``%% KIND`` starts a cell; KIND is ``fi``, ``en`` or ``ru`` (prose, Markdown),
``code`` (a code cell shared by the three languages) or ``setup`` (the first code cell,
where ``@LANG@`` is replaced by the notebook's language). Prose comes in groups of
three, in the order fi, en, ru. Lines before the first marker are comments. Headings
carry an explicit id, the same in the three languages: ``## Esimerkki 1 {#example-1}``.
In the notebooks the id becomes an HTML anchor; on the site, an attribute list again.
Cards in the prose are written with their symbols (``♠K``, ``♥K ♥Q``); the site page
turns them into ``[[SK]]`` tokens, which the site's cards hook draws as cards.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import html
import os
import re
import sys
import textwrap
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import MarkdownExporter
from nbformat import NotebookNode

from marjapussi.rule_ids import RULE_PAGES

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "notebooks" / "src"
NOTEBOOKS = ROOT / "notebooks"
PAGES = ROOT / "docs" / "examples"
TEMPLATES = ROOT / "notebooks" / "templates"
LANGUAGES = ("fi", "en", "ru")
KERNEL = "python3"
TIMEOUT = 120

# What the site page adds around the notebook, in each language.
SITE_TEXT = {
    "fi": {
        "download": "Lataa muistikirja",
        "setup": "Valmistelu: tuonnit, kieli ja apufunktiot",
        "note": (
            "Sivu on tehty Jupyter-muistikirjasta. Jokaisen koodisolun tuloste on laskettu "
            "marjapussi-paketilla, ja testit ajavat muistikirjan uudelleen ja vertaavat "
            "tulosteita tähän sivuun, joten esimerkki ei voi jäädä jälkeen säännöistä."
        ),
    },
    "en": {
        "download": "Download the notebook",
        "setup": "Setup: imports, language and helpers",
        "note": (
            "This page is made from a Jupyter notebook. Every output below was computed by "
            "the marjapussi package, and the tests run the notebook again and compare each "
            "output, so the example cannot drift away from the rules."
        ),
    },
    "ru": {
        "download": "Скачать блокнот",
        "setup": "Подготовка: импорт, язык и вспомогательные функции",
        "note": (
            "Страница сделана из блокнота Jupyter. Каждый результат ниже вычислен пакетом "
            "marjapussi, а тесты заново выполняют блокнот и сверяют все результаты, так что "
            "пример не может разойтись с правилами."
        ),
    },
}

MARKER = re.compile(r"^%% (fi|en|ru|code|setup)[ \t]*$")
HEADING_ID = re.compile(r"^(#{1,6} .*?)[ \t]*\{#([A-Za-z0-9_-]+)\}[ \t]*$")
HEADING_ANCHOR = re.compile(r'^(#{1,6} .*?) <a id="([A-Za-z0-9_-]+)"></a>$')
CARD = r"[♥♦♠♣](?:10|[AKQJ6-9])"
CARD_RUN = re.compile(rf"(?<![\w\[]){CARD}(?: {CARD})*(?!\w)")
SUIT_LETTER = {"♥": "H", "♦": "D", "♠": "S", "♣": "C"}
INLINE_CODE = re.compile(r"(`+).*?\1")


class SourceError(ValueError):
    """A notebook source that breaks the format; names the file and the line."""


@dataclass
class Cell:
    """One cell of a source: prose in three languages, or code shared by them."""

    kind: str  # "prose", "code" or "setup"
    text: dict[str, str] = field(default_factory=dict)  # prose: language → Markdown
    code: str = ""
    line: int = 0


@dataclass
class Source:
    """A parsed notebook source."""

    stem: str
    cells: list[Cell]

    def title(self, lang: str) -> str:
        """The notebook's title in a language: its first heading, without the id."""
        for cell in self.cells:
            if cell.kind == "prose":
                for line in cell.text[lang].splitlines():
                    match = HEADING_ID.match(line)
                    if match and line.startswith("# "):
                        return match.group(1)[2:]
        raise SourceError(f"{self.stem}: no level-1 heading")


def parse_source(path: Path) -> Source:
    """Read a notebook source; raise ``SourceError`` naming the line of a mistake."""
    blocks: list[tuple[str, int, list[str]]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = MARKER.match(line)
        if match:
            blocks.append((match.group(1), number, []))
        elif blocks:
            blocks[-1][2].append(line)
    cells: list[Cell] = []
    pending: dict[str, str] = {}
    pending_line = 0
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    for kind, number, lines in blocks:
        text = "\n".join(lines).strip("\n")
        if not text.strip():
            raise SourceError(f"{where}:{number}: empty '%% {kind}' cell")
        if kind in LANGUAGES:
            expected = LANGUAGES[len(pending)]
            if kind != expected:
                raise SourceError(f"{where}:{number}: expected '%% {expected}', found '%% {kind}'")
            if not pending:
                pending_line = number
            pending[kind] = text
            if len(pending) == len(LANGUAGES):
                cells.append(Cell("prose", dict(pending), line=pending_line))
                pending = {}
            continue
        if pending:
            raise SourceError(f"{where}:{number}: prose group is missing {LANGUAGES[len(pending)]}")
        if kind == "setup" and cells and any(c.kind != "prose" for c in cells):
            raise SourceError(f"{where}:{number}: the setup cell must be the first code cell")
        if kind == "setup" and "@LANG@" not in text:
            raise SourceError(f"{where}:{number}: the setup cell must set the language (@LANG@)")
        cells.append(Cell(kind, code=text, line=number))
    if pending:
        raise SourceError(f"{where}: the last prose group is missing {LANGUAGES[len(pending)]}")
    if sum(c.kind == "setup" for c in cells) != 1:
        raise SourceError(f"{where}: a source needs exactly one '%% setup' cell")
    for cell in cells:
        if cell.kind == "prose":
            ids = {lang: heading_ids(cell.text[lang]) for lang in LANGUAGES}
            if len({tuple(v) for v in ids.values()}) != 1:
                raise SourceError(f"{where}:{cell.line}: heading ids differ between languages: {ids}")
            for lang in LANGUAGES:
                for line in cell.text[lang].splitlines():
                    if line.startswith("#") and not HEADING_ID.match(line):
                        raise SourceError(f"{where}:{cell.line}: heading without an id ({lang}): {line}")
    return Source(path.name.removesuffix(".nb"), cells)


def heading_ids(markdown: str) -> list[str]:
    """The explicit heading ids of some Markdown, in order."""
    return [m.group(2) for m in map(HEADING_ID.match, markdown.splitlines()) if m]


def find_sources(names: Sequence[str] = ()) -> list[Path]:
    """The source files, all or those whose stem starts with one of ``names``."""
    paths = sorted(SOURCES.glob("*.nb"))
    if names:
        paths = [p for p in paths if any(p.stem.startswith(n) for n in names)]
        if not paths:
            raise SystemExit(f"build_notebooks: no source matches {', '.join(names)}")
    return paths


# ---------------------------------------------------------------- notebooks


def make_notebook(source: Source, lang: str) -> NotebookNode:
    """The unexecuted notebook of a source in one language."""
    nb = nbformat.v4.new_notebook()
    for index, cell in enumerate(source.cells, start=1):
        cell_id = f"{source.stem[:2]}-{index:02d}"
        if cell.kind == "prose":
            text = "\n".join(
                HEADING_ID.sub(r'\1 <a id="\2"></a>', line) for line in cell.text[lang].splitlines()
            )
            node = nbformat.v4.new_markdown_cell(text)
        else:
            code = cell.code.replace("@LANG@", lang) if cell.kind == "setup" else cell.code
            node = nbformat.v4.new_code_cell(code)
            if cell.kind == "setup":
                node.metadata["tags"] = ["setup"]
                node.metadata["jupyter"] = {"source_hidden": True}
        node["id"] = cell_id
        nb.cells.append(node)
    nb.metadata = normal_metadata(lang)
    return nb


def normal_metadata(lang: str) -> NotebookNode:
    """Notebook metadata without anything that changes between machines or runs."""
    return NotebookNode(
        {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": KERNEL},
            "language_info": {
                "codemirror_mode": {"name": "ipython", "version": 3},
                "file_extension": ".py",
                "mimetype": "text/x-python",
                "name": "python",
                "nbconvert_exporter": "python",
                "pygments_lexer": "ipython3",
            },
            "marjapussi": {"language": lang, "generated_by": "scripts/build_notebooks.py"},
        }
    )


class NotebookFailed(RuntimeError):
    """A notebook raised, or wrote to stderr, while it was executed."""


def execute(nb: NotebookNode, lang: str, stem: str) -> NotebookNode:
    """Execute a notebook in a fresh kernel and return it with normalised outputs."""
    nb = copy.deepcopy(nb)
    (NOTEBOOKS / lang).mkdir(parents=True, exist_ok=True)
    client = NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=TIMEOUT,
        record_timing=False,
        allow_errors=True,
        # Keep the kernel's own log (a warning about its TCP transport) off the terminal.
        extra_arguments=["--IPKernelApp.log_level=ERROR"],
        resources={"metadata": {"path": str(NOTEBOOKS / lang)}},
    )
    client.execute()
    problems = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        cell.outputs = merge_streams(cell.outputs)
        for output in cell.outputs:
            if output.output_type == "error":
                problems.append(f"cell {cell.id}: {output.ename}: {output.evalue}")
            elif output.output_type == "stream" and output.name == "stderr":
                problems.append(f"cell {cell.id}: wrote to stderr: {output.text.strip()[:300]}")
            text = output.get("data", {}).get("text/plain", "")
            if re.search(r" at 0x[0-9a-f]{6,}>", text if isinstance(text, str) else "".join(text)):
                problems.append(f"cell {cell.id}: output shows a memory address: {text[:120]}")
    if problems:
        raise NotebookFailed(f"{lang}/{stem}.ipynb:\n  " + "\n  ".join(problems))
    nb.metadata = normal_metadata(lang)
    return nb


def merge_streams(outputs: list[NotebookNode]) -> list[NotebookNode]:
    """Join consecutive stream outputs of the same name.

    How printed text is cut into stream messages depends on timing; joined, it does not.
    (The kernel flushes its streams before each display, so their order with displays
    is fixed.) ``pytest --nbval`` joins streams the same way before comparing.
    """
    out: list[NotebookNode] = []
    for output in outputs:
        last = out[-1] if out else None
        if (
            last is not None
            and output.output_type == "stream"
            and last.output_type == "stream"
            and last.name == output.name
        ):
            last.text += output.text
        else:
            out.append(output)
    return out


def notebook_text(nb: NotebookNode) -> str:
    """The notebook as JSON text, the same bytes for the same content."""
    nbformat.validate(nb)
    return nbformat.writes(nb, version=4) + "\n"


# ---------------------------------------------------------------- site pages


def cards_to_tokens(markdown: str) -> str:
    """Turn card symbols in prose (``♥K ♥Q``) into the site's card tokens (``[[HK HQ]]``)."""

    def tokens(match: re.Match[str]) -> str:
        codes = [SUIT_LETTER[card[0]] + card[1:] for card in match.group(0).split(" ")]
        return "[[" + " ".join(codes) + "]]"

    out = []
    last = 0
    for code in INLINE_CODE.finditer(markdown):
        out.append(CARD_RUN.sub(tokens, markdown[last : code.start()]))
        out.append(code.group(0))
        last = code.end()
    out.append(CARD_RUN.sub(tokens, markdown[last:]))
    return "".join(out)


def _exporter() -> MarkdownExporter:
    exporter = MarkdownExporter(
        extra_template_basedirs=[str(TEMPLATES)],
        template_name="site",
    )
    exporter.register_filter("site_prose", site_prose)
    exporter.register_filter("output_html", output_html)
    exporter.register_filter("output_text", output_text)
    exporter.register_filter("indent4", lambda text: textwrap.indent(text, "    "))
    return exporter


def site_prose(markdown: str) -> str:
    """A Markdown cell as site Markdown: heading ids back as attribute lists, cards as tokens."""
    lines = [HEADING_ANCHOR.sub(r"\1 {#\2}", line) for line in markdown.splitlines()]
    return cards_to_tokens("\n".join(lines))


RULE_NAME = re.compile(r'<span class="mp-rule" data-rule="([a-z0-9-]+)">(.*?)</span>')


def output_html(text: str) -> str:
    """An HTML output as one raw HTML block (no blank lines), its rule names linked.

    The package draws a rule name as plain text when it does not know where the site is;
    on the site it becomes a link to the rule's paragraph, relative to the page
    (``examples/NN-topic/``, the same depth in every language).
    """

    def link(match: re.Match[str]) -> str:
        rule, name = match.groups()
        page = RULE_PAGES.get(rule, "rules/guild")
        return f'<a class="mp-rule" href="../../{page}/#{rule}">{name}</a>'

    text = RULE_NAME.sub(link, text)
    return "\n".join(line for line in text.strip().splitlines() if line.strip())


def output_text(text: str) -> str:
    """A text output, escaped for a ``<pre>`` block."""
    return html.escape(text.rstrip("\n"), quote=False)


def squeeze_blank_lines(lines: list[str]) -> list[str]:
    """Drop runs of blank lines the template leaves, outside fenced code only."""
    out: list[str] = []
    fenced = False
    for line in lines:
        if line.strip().startswith("```"):
            fenced = not fenced
        if not fenced and not line.strip() and out and not out[-1].strip():
            continue
        out.append(line.rstrip())
    return out


def site_markdown(nb: NotebookNode, lang: str, stem: str) -> str:
    """The executed notebook as a Markdown page of the site (nbconvert, site template)."""
    resources = {
        "site": {
            **SITE_TEXT[lang],
            "notebook": f"{stem}.ipynb",
            "source": f"notebooks/src/{stem}.nb",
        }
    }
    body, _ = _exporter().from_notebook_node(nb, resources=resources)
    lines = squeeze_blank_lines(body.strip().splitlines())
    # The download link and the note go right under the page title.
    title = next(i for i, line in enumerate(lines) if line.startswith("# "))
    text = SITE_TEXT[lang]
    extra = [
        "",
        f'[{text["download"]} ({stem}.ipynb)]({stem}.ipynb){{: .mp-nb-download download="{stem}.ipynb" }}',
        "",
        f"{text['note']}",
        "{: .mp-nb-note }",
    ]
    # After the title: MkDocs takes a page's title from its first element only.
    generated = f"<!-- Generated by scripts/build_notebooks.py from notebooks/src/{stem}.nb: do not edit. -->"
    lines = [*lines[: title + 1], "", generated, *extra, *lines[title + 1 :]]
    return "\n".join(lines).rstrip("\n") + "\n"


# ---------------------------------------------------------------- the build


def _build_one(path: Path) -> dict[Path, str]:
    source = parse_source(path)
    out: dict[Path, str] = {}
    for lang in LANGUAGES:
        nb = execute(make_notebook(source, lang), lang, source.stem)
        out[NOTEBOOKS / lang / f"{source.stem}.ipynb"] = notebook_text(nb)
        out[PAGES / f"{source.stem}.{lang}.md"] = site_markdown(nb, lang, source.stem)
    return out


def build(paths: Iterable[Path], jobs: int | None = None) -> dict[Path, str]:
    """Build the notebooks and pages of some sources; return path → text (nothing written)."""
    paths = list(paths)
    for path in paths:
        parse_source(path)  # fail fast on a format mistake
    jobs = jobs or min(len(paths), os.cpu_count() or 1)
    out: dict[Path, str] = {}
    if jobs <= 1:
        for path in paths:
            out.update(_build_one(path))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            for part in pool.map(_build_one, paths):
                out.update(part)
    return out


def pages_from_notebooks(stems: Iterable[str]) -> dict[Path, str]:
    """The site pages made from the committed notebooks (no execution)."""
    out = {}
    for stem in stems:
        for lang in LANGUAGES:
            nb = nbformat.read(NOTEBOOKS / lang / f"{stem}.ipynb", as_version=4)
            out[PAGES / f"{stem}.{lang}.md"] = site_markdown(nb, lang, stem)
    return out


def without_outputs(nb: NotebookNode) -> NotebookNode:
    """A notebook's inputs only: every code cell's outputs and execution count cleared."""
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return nb


def inputs_from_sources(paths: Iterable[Path]) -> dict[Path, str]:
    """The notebooks of some sources as the build makes them, before execution: the path
    of each committed notebook → its text without outputs (nothing is executed)."""
    out = {}
    for path in paths:
        source = parse_source(path)
        for lang in LANGUAGES:
            out[NOTEBOOKS / lang / f"{source.stem}.ipynb"] = notebook_text(make_notebook(source, lang))
    return out


def stale_inputs(expected: dict[Path, str]) -> list[str]:
    """Compare the inputs of committed notebooks (outputs cleared) with ``expected``
    (``inputs_from_sources``); return a diff summary per stale or missing notebook.

    With ``pytest --nbval`` re-running every committed notebook and comparing each
    output, this is the whole "committed notebooks are current" check without executing
    anything twice: a changed source shows here, a changed output there.
    """
    committed = {}
    missing = []
    for path in expected:
        if path.is_file():
            nb = nbformat.read(path, as_version=4)
            committed[path] = notebook_text(without_outputs(nb))
        else:
            missing.append(f"{path.relative_to(ROOT)}: missing")
    return missing + stale_from_texts({p: t for p, t in expected.items() if p in committed}, committed)


def stale(built: dict[Path, str]) -> list[str]:
    """Compare built files with those on disk; return a diff summary per stale file."""
    on_disk = {path: path.read_text(encoding="utf-8") for path in built if path.is_file()}
    missing = [f"{path.relative_to(ROOT)}: missing" for path in sorted(built) if path not in on_disk]
    return missing + stale_from_texts({p: t for p, t in built.items() if p in on_disk}, on_disk)


def stale_from_texts(built: dict[Path, str], on_disk: dict[Path, str]) -> list[str]:
    """A diff summary (committed → rebuilt) for each path whose two texts differ."""
    problems = []
    for path, text in sorted(built.items()):
        rel = path.relative_to(ROOT)
        old = on_disk[path]
        if old != text:
            diff = difflib.unified_diff(
                old.splitlines(), text.splitlines(), f"{rel} (committed)", f"{rel} (rebuilt)",
                lineterm="", n=1,
            )
            problems.append("\n".join(list(diff)[:40]))
    return problems


def orphans(stems: Iterable[str]) -> list[Path]:
    """Generated files whose source is gone."""
    stems = set(stems)
    found = [p for lang in LANGUAGES for p in (NOTEBOOKS / lang).glob("*.ipynb")]
    found += list(PAGES.glob("*.md"))
    return sorted(p for p in found if p.name.split(".")[0] not in stems)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="build only the sources whose name starts so")
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    parser.add_argument("--jobs", type=int, default=None, help="notebooks executed at once")
    args = parser.parse_args(argv)
    paths = find_sources(args.names)
    try:
        built = build(paths, args.jobs)
    except (SourceError, NotebookFailed) as error:
        print(f"build_notebooks: {error}", file=sys.stderr)
        return 1
    if args.check:
        problems = stale(built)
        if not args.names:
            gone = orphans(path.stem for path in paths)
            problems += [f"{path.relative_to(ROOT)}: no source any more" for path in gone]
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("build_notebooks: stale; run python scripts/build_notebooks.py", file=sys.stderr)
            return 1
        print(f"build_notebooks: {len(built)} files are current")
        return 0
    for path, text in built.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if not args.names:
        for path in orphans(p.stem for p in paths):
            path.unlink()
            print(f"removed {path.relative_to(ROOT)} (no source)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
