"""The site hooks: cards, diagrams, per-language search and the page check."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import sitekit
from mkdocs.exceptions import PluginError

import site_hooks._text
import site_hooks.diagram_svg
import site_hooks.doctest_blocks
import site_hooks.search
import site_hooks.widgets
from site_hooks import diagram_svg, languages, runtime, search
from site_hooks.cards import render_cards
from site_hooks.diagrams import render_diagrams


@pytest.mark.parametrize("module", [site_hooks.diagram_svg, site_hooks.search, site_hooks._text,
                                    site_hooks.doctest_blocks, languages, runtime, site_hooks.widgets])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0


# --- cards -----------------------------------------------------------------------------

def test_card_tokens_become_cards() -> None:
    out = render_cards("Pelaa [[SA]] tai [[HK HQ]].", "x.fi.md")
    assert 'data-card="SA"' in out and 'data-card="HK"' in out and 'data-card="HQ"' in out
    assert "[[" not in out


def test_code_is_left_alone() -> None:
    text = "A `[[SA]]` here.\n\n```\n[[HK]] [[XX]]\n```\n\n~~~~md\n[[ZZ]]\n~~~~\nand [[D10]]"
    out = render_cards(text, "x.en.md")
    assert "`[[SA]]`" in out
    assert "[[HK]] [[XX]]" in out and "[[ZZ]]" in out
    assert 'data-card="D10"' in out


def test_a_bad_card_fails_the_build_naming_page_line_and_token() -> None:
    with pytest.raises(PluginError) as caught:
        render_cards("ok [[SA]]\n\nthen [[HK X1]]", "rules/guild.fi.md")
    message = str(caught.value)
    assert "rules/guild.fi.md:3" in message and "[[HK X1]]" in message


def test_an_empty_token_fails() -> None:
    with pytest.raises(PluginError):
        render_cards("[[ ]]", "x.fi.md")


# --- diagrams --------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(diagram_svg.DIAGRAMS))
@pytest.mark.parametrize("lang", diagram_svg.LANGUAGES)
def test_diagram_is_well_formed_svg_with_its_labels(name: str, lang: str) -> None:
    svg = diagram_svg.render(name, lang)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("lang") == lang
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == diagram_svg.LABELS[name][lang]["title"]
    assert "http://" not in svg.replace("http://www.w3.org/2000/svg", "")


@pytest.mark.parametrize("name", list(diagram_svg.DIAGRAMS))
def test_diagram_labels_exist_in_every_language(name: str) -> None:
    keys = {lang: set(labels) for lang, labels in diagram_svg.LABELS[name].items()}
    assert set(keys) == set(diagram_svg.LANGUAGES)
    assert all(k == keys["fi"] for k in keys.values()), keys


def test_card_order_lists_the_nine_ranks_high_to_low() -> None:
    svg = diagram_svg.render("card-order", "en")
    texts = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    ranks = [t for t in texts if t in {"A", "10", "K", "Q", "J", "9", "8", "7", "6"}]
    assert ranks == ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]


def test_diagram_token_becomes_a_figure_in_the_page_language() -> None:
    out = render_diagrams("Intro.\n\n[[diagram:seating]]\n\nMore.", "ru", "x.ru.md")
    assert '<figure class="mp-diagram" markdown="0"><svg' in out
    assert "Игроки за столом" in out and "Партнёры сидят" in out


def test_unknown_diagram_and_inline_token_fail() -> None:
    with pytest.raises(PluginError, match="unknown diagram 'nope'"):
        render_diagrams("[[diagram:nope]]", "fi", "x.fi.md")
    with pytest.raises(PluginError, match="must stand alone"):
        render_diagrams("See [[diagram:seating]] here.", "fi", "x.fi.md")


def test_diagram_in_code_is_left_alone() -> None:
    text = "```\n[[diagram:seating]]\n```"
    assert render_diagrams(text, "fi", "x.fi.md") == text


def test_diagram_text_fits_its_width() -> None:
    lines = diagram_svg.wrap("Ход и сдача идут по часовой стрелке: N → E → S → W.", 230, 13)
    assert len(lines) > 1
    assert all(diagram_svg._width(line, 13) <= 230 for line in lines)


# --- search ----------------------------------------------------------------------------

def test_rebase_points_a_page_at_its_language_root() -> None:
    html = ('<script id="__config" type="application/json">'
            '{"annotate": null, "base": "../..", "x": 1}</script>')
    assert '"base": "../../en/"' in search.rebase_page(html, "en")
    home = '<script id="__config" type="application/json">{"base": "."}</script>'
    assert '"base": "ru/"' in search.rebase_page(home, "ru")


def test_rebase_fails_without_config() -> None:
    with pytest.raises(PluginError):
        search.rebase_page("<html></html>", "en")


# --- the page check --------------------------------------------------------------------

def test_page_check_names_missing_and_stray_pages(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    for name in ("index.fi.md", "index.en.md", "index.ru.md", "rules/guild.fi.md", "notes.md"):
        (tmp_path / name).write_text("# x\n", encoding="utf-8")
    pages = languages.nav_pages([{"Etusivu": "index.md"}, {"Säännöt": [{"K": "rules/guild.md"}]}])
    assert pages == ["index.md", "rules/guild.md"]
    langs = ["fi", "en", "ru"]
    assert languages.missing_pages(tmp_path, pages, langs) == ["rules/guild.en.md",
                                                               "rules/guild.ru.md"]
    assert languages.stray_pages(tmp_path, pages, langs) == ["notes.md"]


def test_page_list_of_the_tests_matches_the_hook() -> None:
    config = sitekit.mkdocs_config()
    assert [p.removesuffix(".md") for p in languages.nav_pages(config["nav"])] == \
        sitekit.site_pages()


# --- doctest examples ------------------------------------------------------------------

def test_doctest_examples_become_code_not_quotes() -> None:
    import markdown

    md = markdown.Markdown(extensions=["pymdownx.superfences",
                                       site_hooks.doctest_blocks.DoctestBlocksExtension()])
    html = md.convert('Intro.\n>>> rule_link("x")\n\'<a href="@root@/x">X</a>\'\n\n'
                      "```\n>>> left alone\n```\n")
    assert "<blockquote>" not in html
    assert '<a href="@root@' not in html
    assert html.count("&gt;&gt;&gt;") == 2


# --- the runtime's snapshot ------------------------------------------------------------

def test_the_site_gets_the_snapshot_it_named_even_if_the_cache_changes_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another build may replace the cached file between naming it and copying it."""
    from types import SimpleNamespace

    from site_hooks import runtime

    cached = tmp_path / "cache" / "key.gz"
    cached.parent.mkdir()
    cached.write_bytes(b"the snapshot this build made")
    wheel = tmp_path / "marjapussi-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    monkeypatch.setattr(runtime, "make_snapshot", lambda _wheel: cached)
    monkeypatch.setattr(runtime, "_STATE", {"wheel": wheel})
    monkeypatch.delenv("MARJAPUSSI_SNAPSHOT", raising=False)
    runtime._choose_snapshot()  # the part of on_pre_build that takes the snapshot
    name = runtime._STATE["snapshot_name"]
    cached.write_bytes(b"another build's snapshot")  # made again under the same key
    site = tmp_path / "site"
    runtime.on_post_build(SimpleNamespace(site_dir=str(site)))
    shipped = site / runtime.PYODIDE_DIR / name
    assert runtime.snapshot_name(shipped.read_bytes()) == name


# --- the compiled core -----------------------------------------------------------------

def test_the_site_serves_the_compiled_core_when_built_and_works_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the core's wasm: copied into pyodide/ and named, by its version, in the worker's
    address. Without it (no compiler where the site was built): none, and no stale copy."""
    from types import SimpleNamespace

    wheel = tmp_path / "marjapussi-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    site = tmp_path / "site"
    built = tmp_path / "core.wasm"
    built.write_bytes(b"\0asm the core")
    monkeypatch.setattr(runtime, "_STATE", {"wheel": wheel, "snapshot_name": ""})
    runtime.choose_core(built)
    version = runtime._STATE["core_version"]
    assert version and f"core={version}" in runtime.script_tag("..", wheel.name, "ab", "cd", core=version)
    runtime.on_post_build(SimpleNamespace(site_dir=str(site)))
    shipped = site / runtime.PYODIDE_DIR / runtime.CORE_WASM.name
    assert shipped.read_bytes() == built.read_bytes()

    runtime.choose_core(tmp_path / "missing.wasm")
    assert runtime._STATE["core_version"] == ""
    assert "core=" not in runtime.script_tag("..", wheel.name, "ab", "cd", core="")
    runtime.on_post_build(SimpleNamespace(site_dir=str(site)))
    assert not shipped.exists()
