"""What the built pages tell a screen reader before any script runs.

- The theme's search dialog has a name in the page's language, on every page; the
  template that names it (overrides/partials/search.html) is the installed theme's
  own but for that name, so a theme upgrade that changes the partial fails here first.
- The widgets of one page are landmarks with names of their own: two widgets of a kind
  on a page are told apart by the heading each stands under.

axe-core checks the rest in Chromium (tests/browser/test_accessibility_browser.py).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import material
import pytest
import sitekit

from site_hooks.widgets import REGION_NAME

LANGUAGES = sitekit.site_languages()
OVERRIDE = sitekit.ROOT / "overrides" / "partials" / "search.html"
THEME_PARTIAL = Path(material.__file__).parent / "templates" / "partials" / "search.html"
SEARCH_WORD = {"fi": "Haku", "en": "Search", "ru": "Поиск"}
"""The theme's own word for search (its ``search`` string) in each language."""
DIALOG = re.compile(r'<div class="md-search" data-md-component="search" role="dialog"([^>]*)>')


def test_the_search_override_is_the_theme_partial_with_a_name() -> None:
    ours = OVERRIDE.read_text(encoding="utf-8")
    theirs = THEME_PARTIAL.read_text(encoding="utf-8")
    header = re.compile(r"\A\{#-.*?-#\}\n", re.S)  # each file's leading comment
    named = ' aria-label="{{ lang.t(\'search\') }}"'
    assert named in ours
    assert header.sub("", ours).replace(named, "", 1) == header.sub("", theirs)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_search_dialog_is_named_on_every_page(site: Path, lang: str) -> None:
    for page in sitekit.site_pages():
        html = sitekit.page_file(site, page, lang).read_text(encoding="utf-8")
        dialogs = DIALOG.findall(html)
        assert dialogs == [f' aria-label="{SEARCH_WORD[lang]}"'], (page, lang, dialogs)


def test_the_widgets_of_a_page_have_names_of_their_own(site_files: tuple[dict[str, str], set[str]]) -> None:
    pages, _ = site_files
    shared = {}
    for path, html in pages.items():
        names = Counter(m.group(2) for m in REGION_NAME.finditer(html))
        repeated = [name for name, count in names.items() if count > 1]
        if repeated:
            shared[path] = repeated
    assert not shared
    guild = pages["en/rules/guild/index.html"]
    which = [m.group(2) for m in REGION_NAME.finditer(guild) if m.group(2).startswith("Which card")]
    assert len(which) > 1 and "Which card may I play?: Must beat" in which, which
