"""The colour palette is the site's, not the theme's component (issue 30, item 17).

overrides/partials/palette.html is the installed theme's partial with one change (the form is
``data-mp-palette``, so the theme's script does not restyle the page to set the scheme again),
and overrides/partials/javascripts/palette.html sets the scheme right after the form, while the
page is parsed. The browser half is tests/browser/test_palette_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import material
import sitekit

OURS = sitekit.ROOT / "overrides" / "partials" / "palette.html"
THEIRS = Path(material.__file__).parent / "templates" / "partials" / "palette.html"
LEADING_COMMENT = re.compile(r"\A\{#-.*?-#\}\n", re.S)
FORM = re.compile(r'<form class="md-header__option"([^>]*)>')


def test_the_palette_override_is_the_theme_partial_but_for_its_mark() -> None:
    ours = LEADING_COMMENT.sub("", OURS.read_text(encoding="utf-8"))
    theirs = LEADING_COMMENT.sub("", THEIRS.read_text(encoding="utf-8"))
    assert ' data-md-component="palette"' in theirs
    assert ours == theirs.replace(' data-md-component="palette"', " data-mp-palette", 1)


def test_every_themed_page_sets_its_scheme_right_after_the_palette(
        site_files: tuple[dict[str, str], set[str]]) -> None:
    pages, _ = site_files
    themed = {path: html for path, html in pages.items() if "javascripts/bundle." in html}
    assert len(themed) > 50
    for path, html in themed.items():
        assert 'data-md-component="palette"' not in html, path
        assert FORM.findall(html) == [" data-mp-palette"], path
        form_end = html.index("</form>", html.index("data-mp-palette"))
        script = html.index("<script>", form_end)
        assert html[form_end:script].strip() == "</form>", path  # nothing between them
        assert 'querySelector("form[data-mp-palette]")' in html[script:script + 200], path
        assert "__md_get(\"__palette\")" in html[script:html.index("</script>", script)], path
        assert html.count('"color-scheme"') == 1, path  # the one meta the script adds
