"""Keep the three languages of the site in step.

- Before anything is built, check that every page exists in every language.
- Start each language's build with empty mkdocs-autorefs maps (see below).
- Make the language switcher's links relative on the home pages, where
  mkdocs-static-i18n leaves them as ``/en/``: they then work in a sub-folder too.
- Load ``assets/site.js`` on every page: the language switcher's links keep the
  address's fragment (``#must-beat`` stays ``#must-beat``: heading ids are the same in
  every language), and search runs on every change of the search box (see
  ``site_hooks/search.py``).
- Give the glossary's tables, which set the three languages side by side, the column
  names as ``data-label`` on each cell and ``data-mp-terms`` on the table, so that a
  phone can show each row as a card (terms above, meaning below, ``widgets.css``)
  instead of squeezing the meaning to a word a line.
- Drop the ``<link rel="alternate" hreflang>`` tags of the page head: Material fetches
  ``sitemap.xml`` beside each of them, which with per-page alternates means three
  failing requests on every page view. The switcher's own links already lead to the
  same page in the other languages. ``404.html``, which is no page of the nav, is
  given the alternates and switcher links of whichever page was built last: there the
  alternates go too, and the switcher leads to each language's home page.

The pages are the ones the navigation names (``index.md``, ``rules/guild.md``, …); the
languages are those of the i18n plugin. A missing ``page.LANG.md`` fails the build with
the list of what is missing, and so does a stray page whose name has no language suffix
or a language the site does not build.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

SITE_SCRIPT = "assets/site.js"
"""The site's own script on every page (in ``docs/``): see the module's docstring."""


def site_languages(config: Any) -> list[str]:
    """Return the languages the i18n plugin builds, the default first."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        raise PluginError("languages hook: the i18n plugin is not configured in mkdocs.yml")
    languages = [lang.locale for lang in plugin.config.languages if lang.build]
    languages.sort(key=lambda locale: not next(
        lang.default for lang in plugin.config.languages if lang.locale == locale))
    return languages


def nav_pages(nav: Any) -> list[str]:
    """Return the page paths (``rules/guild.md``) named by a nav config, in order."""
    found: list[str] = []
    if isinstance(nav, str):
        if not nav.startswith(("http://", "https://")):
            found.append(nav)
    elif isinstance(nav, list):
        for item in nav:
            found.extend(nav_pages(item))
    elif isinstance(nav, dict):
        for value in nav.values():
            found.extend(nav_pages(value))
    return found


DEVELOPERS_PAGE = "api.md"
"""A page of the navigation's section for developers (its top-level section)."""


def developer_pages(nav: Any) -> list[str]:
    """The pages (``api.md``, …) of the navigation's section for developers: the
    top-level section that holds ``DEVELOPERS_PAGE``; out of the learner's way in the
    search (``search.py``) and kept offline only on request (``offline.py``).

    >>> developer_pages([{"Home": "index.md"}, {"Developers": [{"Records": "record-format.md"},
    ...                                                          {"API": "api.md"}]}])
    ['record-format.md', 'api.md']
    """
    for item in nav if isinstance(nav, list) else []:
        pages = nav_pages(item)
        section = isinstance(item, dict) and any(isinstance(value, list) for value in item.values())
        if section and DEVELOPERS_PAGE in pages:
            return pages
    return []


def page_address(markdown: str) -> str:
    """A page's address from its language's root (``rules/guild.md`` → ``rules/guild/``).

    >>> page_address("index.md"), page_address("rules/guild.md")
    ('', 'rules/guild/')
    """
    stem = markdown.removesuffix(".md")
    return "" if stem == "index" else f"{stem}/"


def missing_pages(docs_dir: Path, pages: list[str], languages: list[str]) -> list[str]:
    """Return the ``page.LANG.md`` files that should exist in ``docs_dir`` and do not."""
    missing = []
    for page in pages:
        stem = page.removesuffix(".md")
        for lang in languages:
            if not (docs_dir / f"{stem}.{lang}.md").is_file():
                missing.append(f"{stem}.{lang}.md")
    return missing


def stray_pages(docs_dir: Path, pages: list[str], languages: list[str]) -> list[str]:
    """Return Markdown files of ``docs_dir`` that are not ``NAVPAGE.LANG.md``."""
    expected = {
        f"{page.removesuffix('.md')}.{lang}.md" for page in pages for lang in languages
    }
    return sorted(
        path.relative_to(docs_dir).as_posix()
        for path in docs_dir.rglob("*.md")
        if path.relative_to(docs_dir).as_posix() not in expected
    )


@event_priority(-200)  # after the plugins that add their stylesheets (mkdocstrings)
def on_config(config: Any, **kwargs: Any) -> Any:
    # Each language's build runs every plugin's on_config again on the same config, and
    # mkdocstrings appends its stylesheet each time: keep one of each.
    config.extra_css[:] = list(dict.fromkeys(config.extra_css))
    if not any(str(script) == SITE_SCRIPT for script in config.extra_javascript):
        config.extra_javascript.append(SITE_SCRIPT)
    check_pages(config)
    return config


def check_pages(config: Any) -> None:
    """Fail the build when a page of the nav is missing in a language, or is stray."""
    docs_dir = Path(config.docs_dir)
    languages = site_languages(config)
    pages = nav_pages(config.nav)
    if not pages:
        raise PluginError("languages hook: mkdocs.yml has no nav")
    problems = []
    missing = missing_pages(docs_dir, pages, languages)
    if missing:
        problems.append("missing in some language: " + ", ".join(missing))
    stray = stray_pages(docs_dir, pages, languages)
    if stray:
        problems.append("not in the nav of mkdocs.yml, or without a language suffix: "
                        + ", ".join(stray))
    if problems:
        raise PluginError(
            "languages hook: every page must exist as page.fi.md, page.en.md and page.ru.md; "
            + "; ".join(problems)
        )


# The i18n plugin builds each language with the same plugin instances. mkdocs-autorefs
# keeps the anchors of every page it has seen, so in the English build the API page's
# headings are found twice (api/ and en/api/) and it warns, which fails --strict.
# Each language build starts with empty maps: links resolve within their own language.
_AUTOREFS_MAPS = ("_primary_url_map", "_secondary_url_map", "_title_map")


def on_pre_build(config: Any, **kwargs: Any) -> None:
    autorefs = config.plugins.get("autorefs")
    if autorefs is None:
        return
    for name in _AUTOREFS_MAPS:
        url_map = getattr(autorefs, name, None)
        if not isinstance(url_map, dict):
            raise PluginError(
                f"languages hook: mkdocs-autorefs has no {name} any more; update the reset in "
                "site_hooks/languages.py for the installed version"
            )
        url_map.clear()


@event_priority(0)  # after mkdocs-static-i18n (50) has filled in this page's alternates
def on_page_context(context: Any, page: Any, config: Any, **kwargs: Any) -> Any:
    # Look the list up as the theme's template does (attribute first, then key):
    # mkdocs-static-i18n sets it as an attribute of config.extra.
    extra = config.extra
    alternates = getattr(extra, "alternate", None) or extra.get("alternate", [])
    for alternate in alternates:
        link = alternate.get("link", "")
        if link.startswith("/") and not link.startswith("//"):
            alternate["link"] = link.lstrip("/") or "./"
    return context


_TABLE = re.compile(r"<table>(.*?)</table>", re.DOTALL)
_HEAD_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.DOTALL)
_ROW = re.compile(r"<tr>(.*?)</tr>", re.DOTALL)
_TAGS = re.compile(r"<[^>]+>")


def label_term_table(table_html: str) -> str:
    """Mark a glossary table and give each body cell its column's name as ``data-label``.

    >>> out = label_term_table("<table><thead><tr><th>Finnish</th><th>Meaning</th></tr></thead>"
    ...                        "<tbody><tr><td>pakka</td><td>36 cards</td></tr></tbody></table>")
    >>> out.startswith("<table data-mp-terms><thead><tr><th>Finnish</th>")
    True
    >>> out[out.index("<tbody>"):-8]
    '<tbody><tr><td data-label="Finnish">pakka</td><td data-label="Meaning">36 cards</td></tr></tbody>'
    """
    found = _TABLE.fullmatch(table_html)
    if found is None:
        return table_html
    inner = found.group(1)
    names = [html.escape(_TAGS.sub("", cell).strip(), quote=True) for cell in _HEAD_CELL.findall(inner)]

    def row(match: re.Match[str]) -> str:
        cells = iter(names)
        return "<tr>" + re.sub(r"<td>", lambda _: f'<td data-label="{next(cells, "")}">',
                               match.group(1)) + "</tr>"

    return "<table data-mp-terms>" + _ROW.sub(row, inner) + "</table>"


def on_page_content(html_text: str, page: Any, **kwargs: Any) -> str:
    if not page.file.src_uri.startswith("glossary."):
        return html_text
    return _TABLE.sub(lambda m: label_term_table(m.group(0)), html_text)


_ALTERNATE_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


_SWITCHER_LINK = re.compile(r'(<a href=")[^"]*(" hreflang="([a-z]+)" class="md-select__link">)')


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    return _ALTERNATE_LINK.sub("", output)


def not_found_page(output: str, default_language: str) -> str:
    """404.html without head alternates, its switcher leading to each language's home
    (root-relative, as the whole page is: a server shows it at any address).

    >>> not_found_page('<link rel="alternate" href="/en/play/" hreflang="en">\\n'
    ...                '<a href="/en/play/" hreflang="en" class="md-select__link">'
    ...                '<a href="/play/" hreflang="fi" class="md-select__link">', "fi")
    '<a href="/en/" hreflang="en" class="md-select__link"><a href="/" hreflang="fi" class="md-select__link">'
    """
    def home(match: re.Match[str]) -> str:
        lang = match.group(3)
        return match.group(1) + ("/" if lang == default_language else f"/{lang}/") + match.group(2)

    return _SWITCHER_LINK.sub(home, _ALTERNATE_LINK.sub("", output))


def on_post_template(output_content: str, template_name: str, config: Any, **kwargs: Any) -> str:
    if template_name != "404.html":
        return output_content
    return not_found_page(output_content, site_languages(config)[0])
