"""The static hook: widget lines in Markdown become the widgets' first state."""

from __future__ import annotations

import doctest

import markdown
import pytest
from mkdocs.exceptions import PluginError

import site_hooks.widgets
from site_hooks.widgets import fill_slots, relative_root, render_widgets

from .webkit import check_html

PAGE = """# Maapakko {#follow-suit}

Teksti ennen.

<!-- widget: which-card follow-suit -->

```md
<!-- widget: which-card must-beat -->
```

Sama uudestaan:
<!-- widget: which-card follow-suit -->

Ja `<!-- widget: asking -->` koodina.
"""


def test_doctests() -> None:
    assert doctest.testmod(site_hooks.widgets).failed == 0


def build(text: str, lang: str = "fi", url: str = "rules/guild/") -> str:
    slots: list[str] = []
    out = render_widgets(text, "rules/guild.fi.md", lang, slots)
    html = markdown.markdown(
        out, extensions=["attr_list", "md_in_html", "tables", "toc", "pymdownx.superfences"]
    )
    return fill_slots(html, slots, relative_root(url))


def test_widget_lines_become_widgets_and_code_is_left_alone() -> None:
    html = build(PAGE)
    assert html.count('<div class="mp-widget" data-widget="which-card"') == 2
    assert "mp-widget-slot" not in html and "@root@" not in html
    assert 'id="w-which-card-follow-suit"' in html and 'id="w-which-card-follow-suit-2"' in html
    assert "&lt;!-- widget: which-card must-beat --&gt;" in html  # the fenced example stays text
    assert "<code>&lt;!-- widget: asking --&gt;</code>" in html
    assert 'data-root="../.."' in html
    for part in html.split('<div class="mp-widget"')[1:]:
        widget = '<div class="mp-widget"' + part.split('aria-live="polite"></p></div>')[0]
        check_html(widget + 'aria-live="polite"></p></div>')
    assert "<p><div" not in html


def test_links_follow_the_page_language_and_depth() -> None:
    html = build("<!-- widget: which-card must-beat -->\n", lang="en", url="en/rules/guild/")
    assert 'data-lang="en"' in html and 'data-root="../../.."' in html
    html = build("<!-- widget: scoring -->\n", lang="ru", url="ru/rules/guild/")
    assert 'href="../../../ru/rules/guild/#matti-point"' in html
    html = build("<!-- widget: scoring -->\n", lang="fi", url="")
    assert 'data-root="."' in html and 'href="./rules/guild/#matti-point"' in html


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("<!-- widget: poker -->", "unknown widget kind 'poker'"),
        ("<!-- widget: which-card must-bluff -->", "must-bluff"),
        ("<!-- widget: trick-stepper nothing-here -->", "nothing-here"),
        ("<!-- widget: -->", "unknown widget kind ''"),
    ],
)
def test_a_bad_widget_line_fails_the_build_with_page_and_line(line: str, message: str) -> None:
    with pytest.raises(PluginError) as caught:
        render_widgets(f"# Otsikko\n\n{line}\n", "rules/guild.fi.md", "fi", [])
    assert "rules/guild.fi.md:3" in str(caught.value) and message in str(caught.value)


def test_the_table_rooms_frame_knows_its_pages_way_to_the_site_root() -> None:
    """The room's views link the rules from the site root (``@root@``); room.js reads the
    frame's data-root, which the room hook sets from the page's place in the site."""
    from types import SimpleNamespace

    import site_hooks.rooms

    file = SimpleNamespace(locale="en", src_uri="table/room.en.md")
    page = SimpleNamespace(url="en/table/room/", file=file)
    html = site_hooks.rooms.on_page_content("<p>x</p>\n<!-- table-room -->\n", page)
    assert 'data-lang="en"' in html and 'data-root="../../.."' in html
