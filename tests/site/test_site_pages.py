"""Every page of the nav is built in every language, in that language."""

from __future__ import annotations

from pathlib import Path

import pytest
import sitekit

PAGES = sitekit.site_pages()
LANGUAGES = sitekit.site_languages()
EXPECTED_PAGES = [
    "index", "learn", "rules/guild", "rules/pagat", "rules/huutopussi", "rules/compare",
    "glossary", "sources", "record-format", "api",
]


def test_nav_lists_the_site_pages() -> None:
    # the nav may grow; the site's pages stay, in this order
    assert [p for p in PAGES if p in EXPECTED_PAGES] == EXPECTED_PAGES
    assert LANGUAGES == ["fi", "en", "ru"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_source_exists(page: str, lang: str) -> None:
    source = sitekit.ROOT / "docs" / f"{page}.{lang}.md"
    assert source.is_file(), f"{source.relative_to(sitekit.ROOT)} is missing"


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_is_built_in_its_language(site: Path, page: str, lang: str) -> None:
    built = sitekit.page_file(site, page, lang)
    assert built.is_file(), f"{page} in {lang}: {built.relative_to(site)} was not built"
    parsed = sitekit.parse_html(built.read_text(encoding="utf-8"))
    assert parsed.lang == lang


@pytest.mark.parametrize("page", ["index", "rules/guild", "glossary"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switcher_keeps_the_page(site: Path, page: str, lang: str) -> None:
    path = sitekit.page_url(page, lang) + "index.html"
    parsed = sitekit.parse_html((site / path).read_text(encoding="utf-8"))
    switcher = {r.attrs["hreflang"]: sitekit.resolve(path, r.value) for r in parsed.links
                if r.tag == "a" and "md-select__link" in r.attrs.get("class", "")}
    assert switcher == {other: sitekit.page_url(page, other) for other in LANGUAGES}


def test_the_404_page_names_no_other_page_as_its_translation(site: Path) -> None:
    """404.html is no page of the nav: no head alternates (the theme would fetch a
    sitemap.xml beside each, and fail), and its switcher leads to each language's home."""
    parsed = sitekit.parse_html((site / "404.html").read_text(encoding="utf-8"))
    assert not [r for r in parsed.links if r.tag == "link" and r.rel == "alternate"]
    switcher = {r.attrs["hreflang"]: r.value for r in parsed.links
                if r.tag == "a" and "md-select__link" in r.attrs.get("class", "")}
    assert switcher == {lang: "/" + sitekit.page_url("index", lang) for lang in LANGUAGES}


def test_no_card_or_diagram_token_left(site_files: tuple[dict[str, str], set[str]]) -> None:
    pages, _ = site_files
    import re

    left = []
    for path, html in pages.items():
        # code may show tokens on purpose: drop <pre> and <code> before looking
        text = re.sub(r"<(pre|code)\b.*?</\1>", "", html, flags=re.DOTALL)
        for token in re.findall(r"\[\[[^\[\]<>\n]{1,40}\]\]", text):
            left.append(f"{path}: {token}")
    assert not left, "tokens not replaced:\n" + "\n".join(left)


DIAGRAMS = ["card-order", "seating", "deal-flow", "marriage-flow"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_diagram_is_drawn_in_every_language(site: Path, lang: str) -> None:
    drawn: set[str] = set()
    for page in PAGES:
        html = sitekit.page_file(site, page, lang).read_text(encoding="utf-8")
        for name in DIAGRAMS:
            if f'data-diagram="{name}" lang="{lang}"' in html:
                drawn.add(name)
    assert drawn == set(DIAGRAMS), f"not on any {lang} page: {set(DIAGRAMS) - drawn}"
