"""Search shows results in the reader's language: one index per language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sitekit

LANGUAGES = sitekit.site_languages()


def index_of(site: Path, lang: str) -> dict[str, object]:
    prefix = "" if lang == sitekit.DEFAULT_LANGUAGE else f"{lang}/"
    path = site / prefix / "search" / "search_index.json"
    assert path.is_file(), f"no search index for {lang}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_own_index(site: Path, lang: str) -> None:
    index = index_of(site, lang)
    assert index["config"]["lang"] == [lang]  # type: ignore[index]
    docs = index["docs"]
    assert isinstance(docs, list) and docs
    root = site if lang == sitekit.DEFAULT_LANGUAGE else site / lang
    titles = set()
    for doc in docs:
        location = doc["location"]
        page = location.split("#")[0]
        assert not page.startswith(tuple(f"{o}/" for o in LANGUAGES)), location
        built = root / page / "index.html"
        assert built.is_file(), f"{lang} index points at {location}, not built"
        html = built.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html, f"{location} in the {lang} index is not {lang}"
        titles.add(doc["title"])
    # every page of the language is searchable
    page_locations = {d["location"] for d in docs if "#" not in d["location"]}
    expected = {sitekit.page_url(p, "fi") for p in sitekit.site_pages()}
    assert page_locations == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_load_their_language_index(site: Path, lang: str) -> None:
    for page in ("index", "rules/guild"):
        url = sitekit.page_url(page, lang)
        html = sitekit.page_file(site, page, lang).read_text(encoding="utf-8")
        base = re.search(r'"base": "([^"]*)"', html)
        assert base is not None
        depth = url.count("/")
        expected = "." if lang == sitekit.DEFAULT_LANGUAGE and depth == 0 else None
        if lang == sitekit.DEFAULT_LANGUAGE:
            assert base.group(1) == (expected or "/".join([".."] * depth))
        else:
            assert base.group(1) == "/".join([".."] * depth + [lang]) + "/"


def test_indexes_do_not_overlap(site: Path) -> None:
    texts = {lang: index_of(site, lang) for lang in LANGUAGES}
    fi_titles = {d["title"] for d in texts["fi"]["docs"] if "#" not in d["location"]}  # type: ignore[index]
    ru_titles = {d["title"] for d in texts["ru"]["docs"] if "#" not in d["location"]}  # type: ignore[index]
    assert not any(re.search("[а-яё]", t, re.IGNORECASE) for t in fi_titles)
    assert any(re.search("[а-яё]", t, re.IGNORECASE) for t in ru_titles)
