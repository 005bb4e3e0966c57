"""The worked-example notebooks: sources, languages, stored outputs, site pages.

``scripts/test.sh`` runs each committed notebook once, with ``pytest --nbval``, comparing
every stored output with a fresh one. These tests check what nbval cannot, without
executing anything: that the three languages share their code, that every digest worked
example is named in every language, that the committed notebooks' inputs and the pages
are what the build makes now (so a stale notebook fails, in its inputs here and in its
outputs under nbval), and, marked slow, that the nbval check itself is live (an altered
output fails it) and that the analysis notebook holds without the compiled core.
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fi", "en", "ru")
EXAMPLE_WORD = {"fi": "Esimerkki", "en": "Example", "ru": "Пример"}
DIGEST_EXAMPLES = range(1, 10)


def _load_build() -> ModuleType:
    # Imported by name from scripts/ (on sys.path), so that the process pool of
    # build() can find its functions in worker processes however they are started.
    scripts = str(ROOT / "scripts")
    if scripts not in sys.path:
        sys.path.insert(0, scripts)
    return importlib.import_module("build_notebooks")


build = _load_build()
SOURCES = build.find_sources()
STEMS = [path.stem for path in SOURCES]


def notebook(stem: str, lang: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / lang / f"{stem}.ipynb", as_version=4)


def test_there_is_a_notebook_for_each_topic() -> None:
    assert STEMS == [
        "01-play-duties",
        "02-declarations",
        "03-asking-and-burning",
        "04-scoring-a-deal",
        "05-era-and-game",
        "06-misplays",
        "07-pagat-rules",
        "08-huutopussi",
        "09-analysing-a-deal",
        "10-huutopussi-marriage",
    ]


@pytest.mark.parametrize("stem", STEMS)
def test_source_is_well_formed(stem: str) -> None:
    source = build.parse_source(build.SOURCES / f"{stem}.nb")
    kinds = [cell.kind for cell in source.cells]
    assert kinds[0] == "prose" and kinds.count("setup") == 1
    assert kinds.count("code") >= 3
    for lang in LANGUAGES:
        assert source.title(lang)


def test_source_errors_name_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "99-bad.nb"
    bad.write_text("%% fi\n# Otsikko {#t}\n%% ru\n# Заголовок {#t}\n", encoding="utf-8")
    with pytest.raises(build.SourceError, match=r"99-bad.nb:3: expected '%% en'"):
        build.parse_source(bad)
    bad.write_text("%% fi\n# A {#a}\n%% en\n# A {#b}\n%% ru\n# A {#a}\n%% setup\nLANG = '@LANG@'\n")
    with pytest.raises(build.SourceError, match="heading ids differ"):
        build.parse_source(bad)


@pytest.mark.parametrize("stem", STEMS)
def test_languages_have_the_same_code_cells(stem: str) -> None:
    """Code cells are generated once: identical in the three languages but for LANG."""
    cells = {lang: notebook(stem, lang).cells for lang in LANGUAGES}
    shapes = {lang: [(c.cell_type, c.id) for c in cells[lang]] for lang in LANGUAGES}
    assert shapes["fi"] == shapes["en"] == shapes["ru"]
    code = {
        lang: [c.source.replace(f'LANG = "{lang}"', 'LANG = "@LANG@"') for c in cells[lang]
               if c.cell_type == "code"]
        for lang in LANGUAGES
    }
    assert code["fi"] == code["en"] == code["ru"]
    source = build.parse_source(build.SOURCES / f"{stem}.nb")
    assert code["en"] == [c.code for c in source.cells if c.kind != "prose"]
    for lang in LANGUAGES:
        setup = next(c for c in cells[lang] if "setup" in c.metadata.get("tags", []))
        assert f'LANG = "{lang}"' in setup.source and "set_display_language(LANG)" in setup.source


@pytest.mark.parametrize("stem", STEMS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_notebook_has_stored_outputs_and_nothing_that_varies(stem: str, lang: str) -> None:
    """nbval compares nothing in a cell without outputs: every cell but the setup has some."""
    nb = notebook(stem, lang)
    assert nb.metadata["marjapussi"]["language"] == lang
    assert "version" not in nb.metadata["language_info"]
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        count += 1
        assert cell.execution_count == count, f"{cell.id}: not executed in order"
        assert "execution" not in cell.metadata, f"{cell.id}: timing stored"
        if "setup" in cell.metadata.get("tags", []):
            continue
        assert cell.outputs, f"{cell.id}: no stored output"
        for output in cell.outputs:
            assert output.output_type != "error", f"{cell.id}: {output.get('ename')}"
            assert output.get("name") != "stderr", f"{cell.id}: wrote to stderr"
            text = json.dumps(output, ensure_ascii=False)
            assert not re.search(r"0x[0-9a-f]{6,}", text), f"{cell.id}: memory address"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_outputs_draw_cards_and_score_tables(lang: str) -> None:
    html = "".join(
        "".join(out.get("data", {}).get("text/html", ""))
        for stem in STEMS
        for cell in notebook(stem, lang).cells
        if cell.cell_type == "code"
        for out in cell.outputs
    )
    for needle in ('class="mp-card', 'class="mp-table"', 'class="mp-verdicts"', 'class="mp-steps"',
                   'class="mp-era"', 'class="mp-sheet"'):
        assert needle in html, needle


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_digest_worked_example_is_named_in_every_language(lang: str) -> None:
    """Each of the digest's nine worked examples is a heading "Example N" in some notebook."""
    word = EXAMPLE_WORD[lang]
    named: dict[int, list[str]] = {}
    for stem in STEMS:
        for cell in notebook(stem, lang).cells:
            if cell.cell_type != "markdown":
                continue
            for match in re.finditer(rf"^#+ {word} (\d+)(?!\d)", cell.source, re.MULTILINE):
                named.setdefault(int(match.group(1)), []).append(stem)
    missing = [n for n in DIGEST_EXAMPLES if n not in named]
    assert not missing, f"{lang}: worked examples not named: {missing}"


@pytest.mark.parametrize("stem", STEMS)
def test_site_pages_are_made_from_the_committed_notebooks(stem: str) -> None:
    """The Markdown pages in docs/examples are the current conversion of the notebooks."""
    problems = build.stale(build.pages_from_notebooks([stem]))
    assert not problems, "\n".join(problems) + "\nrun: python scripts/build_notebooks.py"


def test_no_generated_file_without_a_source() -> None:
    assert build.orphans(STEMS) == []


def test_the_nav_lists_every_notebook_page() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for stem in STEMS:
        assert f"- examples/{stem}.md" in nav


def test_site_card_tokens_and_rule_links() -> None:
    tokens = build.cards_to_tokens("♥K ♥Q, not `♠A`; the ♠10 and ♣6.")
    assert tokens == "[[HK HQ]], not `♠A`; the [[S10]] and [[C6]]."
    linked = build.output_html('<span class="mp-rule" data-rule="must-beat">Ylimenopakko</span>')
    assert linked == '<a class="mp-rule" href="../../rules/guild/#must-beat">Ylimenopakko</a>'


@pytest.mark.parametrize("stem", STEMS)
def test_committed_notebooks_are_the_build_of_their_sources(stem: str) -> None:
    """Every input of the committed notebooks (prose, code, ids, metadata) is what the build
    makes from the source now; nothing is executed here: ``pytest --nbval`` (the test
    command's notebooks step) runs each committed notebook once and checks its outputs."""
    problems = build.stale_inputs(build.inputs_from_sources([build.SOURCES / f"{stem}.nb"]))
    assert not problems, "\n\n".join(problems) + "\nrun: python scripts/build_notebooks.py"


def test_a_stale_notebook_input_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The input check is live: a notebook whose prose, code or cell order no longer
    matches its source fails it, and so does a missing one; the outputs are its nbval's."""
    stem = STEMS[4]
    source = build.SOURCES / f"{stem}.nb"
    monkeypatch.setattr(build, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    expected = build.inputs_from_sources([source])
    (tmp_path / "en").mkdir()
    (tmp_path / "fi").mkdir()
    current = notebook(stem, "en")
    nbformat.write(current, tmp_path / "en" / f"{stem}.ipynb")
    nbformat.write(notebook(stem, "fi"), tmp_path / "fi" / f"{stem}.ipynb")
    assert build.stale_inputs(expected) == [f"ru/{stem}.ipynb: missing"]

    stored_outputs = copy.deepcopy(current)
    for cell in stored_outputs.cells:
        if cell.cell_type == "code":
            cell.outputs = []  # outputs are nbval's to compare, not this check's
    nbformat.write(stored_outputs, tmp_path / "en" / f"{stem}.ipynb")
    assert build.stale_inputs(expected) == [f"ru/{stem}.ipynb: missing"]

    prose = copy.deepcopy(current)
    markdown = next(c for c in prose.cells if c.cell_type == "markdown")
    markdown.source += "\nA sentence the source no longer has."
    code = copy.deepcopy(current)
    cell = [c for c in code.cells if c.cell_type == "code"][-1]
    cell.source = cell.source.replace("(", "( ", 1)
    order = copy.deepcopy(current)
    order.cells[1], order.cells[2] = order.cells[2], order.cells[1]
    for changed, needle in ((prose, "A sentence the source no longer has."), (code, "( "), (order, "")):
        nbformat.write(changed, tmp_path / "en" / f"{stem}.ipynb")
        problems = build.stale_inputs(expected)
        assert len(problems) == 2 and problems[0] == f"ru/{stem}.ipynb: missing", problems
        assert problems[1].startswith(f"--- en/{stem}.ipynb (committed)") and needle in problems[1]


@pytest.mark.slow
def test_committed_notebooks_are_current() -> None:
    """Rebuild every notebook (executing it) and compare with the committed files.

    The default run checks the same in two halves without executing twice (the inputs
    above, the outputs under nbval); this proves a whole rebuild is byte-stable too.
    """
    problems = build.stale(build.build(SOURCES))
    assert not problems, "\n\n".join(problems) + "\nrun: python scripts/build_notebooks.py"


def _nbval(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", str(path), "-p", "no:cacheprovider", "-q",
         "--rootdir", str(path.parent), "-c", str(path.parent / "empty.ini")],
        capture_output=True, text=True, cwd=path.parent, timeout=300,
    )


@pytest.mark.slow
def test_nbval_fails_when_a_stored_output_is_altered(tmp_path: Path) -> None:
    """The check is live: nbval passes the notebook as stored and fails it once altered."""
    (tmp_path / "empty.ini").write_text("[pytest]\n", encoding="utf-8")
    nb = notebook("05-era-and-game", "en")
    good = tmp_path / "good.ipynb"
    nbformat.write(nb, good)
    passed = _nbval(good)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    code_cells = sum(c.cell_type == "code" for c in nb.cells)
    assert f"{code_cells} passed" in passed.stdout

    cell = next(c for c in nb.cells
                if c.cell_type == "code" and c.outputs and "text/html" in c.outputs[0].get("data", {}))
    html = cell.outputs[0].data["text/html"]
    assert "<strong>12</strong>" in html
    cell.outputs[0].data["text/html"] = html.replace("<strong>12</strong>", "<strong>11</strong>", 1)
    bad = tmp_path / "bad.ipynb"
    nbformat.write(nb, bad)
    failed = _nbval(bad)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "1 failed" in failed.stdout and "<strong>11</strong>" in failed.stdout


ANALYSIS = "09-analysing-a-deal"


@pytest.mark.slow
def test_the_analysis_notebook_holds_without_the_compiled_core() -> None:
    """Its stored outputs hold on a machine without the core: nothing printed depends on
    which backend searched (the prose names it). nbval re-runs it in the three languages
    with the core switched off as the package allows (``MARJAPUSSI_CORE=off``)."""
    from marjapussi.analysis.core import ENVIRONMENT

    env = dict(os.environ, **{ENVIRONMENT: "off"})
    check = "from marjapussi import find_rules; from marjapussi.analysis import backend; " \
            "print(backend(find_rules('guild')))"
    switched = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True,
                              check=True)
    assert switched.stdout.strip() == "python"  # the switch reaches the kernels nbval starts
    paths = [str(ROOT / "notebooks" / lang / f"{ANALYSIS}.ipynb") for lang in LANGUAGES]
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", *paths, "-p", "no:cacheprovider", "-q",
         "-p", "no:xdist", "--rootdir", str(ROOT / "notebooks")],
        capture_output=True, text=True, cwd=ROOT / "notebooks", env=env, timeout=1800,
    )
    code_cells = sum(c.cell_type == "code" for c in notebook(ANALYSIS, "en").cells)
    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-2000:]
    assert f"{3 * code_cells} passed" in ran.stdout, ran.stdout[-2000:]


@pytest.mark.parametrize(("lang", "dest"), [("fi", "examples"), ("en", "en/examples"), ("ru", "ru/examples")])
def test_site_hook_ships_the_notebook_of_the_pages_language(lang: str, dest: str, tmp_path: Path) -> None:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import File, Files

    sys.path.insert(0, str(ROOT))
    try:
        from site_hooks import notebooks as hook
    finally:
        sys.path.remove(str(ROOT))
    config = MkDocsConfig()
    config.load_dict({"site_name": "test", "docs_dir": str(ROOT / "docs"), "site_dir": str(tmp_path)})
    assert not config.validate()[0]
    page = File(f"examples/{STEMS[0]}.{lang}.md", str(ROOT / "docs"), str(tmp_path), True)
    shipped = hook.notebook_files(config, Files([page]), lang, "fi")
    assert [f.dest_uri for f in shipped] == [f"{dest}/{STEMS[0]}.ipynb"]
    assert shipped[0].abs_src_path == str(ROOT / "notebooks" / lang / f"{STEMS[0]}.ipynb")
    missing = File(f"examples/99-missing.{lang}.md", str(ROOT / "docs"), str(tmp_path), True)
    with pytest.raises(PluginError, match="99-missing"):
        hook.notebook_files(config, Files([missing]), lang, "fi")
