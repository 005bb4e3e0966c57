"""Search in the reader's language: one search index per language.

Material builds one ``search/search_index.json`` for the whole site, and every page,
whatever its language, loads it from the site root (``base`` in the page's
``__config``): a Finnish query would list English and Russian pages too. This hook

- points ``base`` of each English and Russian page at its language's root (``/en/``,
  ``/ru/``), so the page loads ``/en/search/search_index.json`` and resolves result
  links from there (Material uses ``base`` for nothing else on this site); and
- once all languages are built (after the i18n plugin has merged the entries), splits
  the index: the root keeps the Finnish entries, ``en/`` and ``ru/`` get their own, with
  addresses relative to their root and the stemmer of their language only; and
- ranks the learners' pages above the pages for developers: every entry of the
  navigation's section for developers (the Python API, the record format) weighs a ten
  thousandth of a prose entry, and one whose title is code, as mkdocstrings writes it,
  keeps only the object's name in its title, its value going to the text. Titles weigh
  a thousand times the text in Material's index: ``GUILD = ('trump', 'small-trump',
  ...)`` as a title put the API page above the rules for "trump", and at a fiftieth the
  API's names (``trump_suit``) still brought it to the first page of results for
  "trump" (issue 23). The reference stays findable: its names are still in the titles,
  and a name only it holds finds it first.

Every page holds Material's search back until the reader reaches for it (``search_later.js``,
inlined at the start of its ``<head>``): its index is not fetched at page load.

Material's search sends the box's text to its worker on ``keyup`` only;
``docs/assets/site.js`` (loaded by ``site_hooks/languages.py``) answers every ``input``
with a ``keyup``, so text that arrives without a key (an input method, a phone keyboard,
a paste) is searched too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

try:
    from ._text import DEFAULT_LANGUAGE, page_language
    from .languages import developer_pages, page_address
except ImportError:  # loaded by MkDocs as a plain file
    from _text import DEFAULT_LANGUAGE, page_language  # type: ignore[no-redef]
    from languages import developer_pages, page_address  # type: ignore[no-redef]

INDEX = "search/search_index.json"
LATER = Path(__file__).with_name("search_later.js")
"""Holds Material's search back until the reader reaches for it (inlined in every page)."""
_HEAD = re.compile(r"<head\b[^>]*>(\s*<meta\s+charset=[^>]*>)?", re.IGNORECASE)
_BASE = re.compile(r'(<script id="__config" type="application/json">\{.*?"base": ")([^"]*)(")',
                   re.DOTALL)


def rebase_page(html: str, lang: str) -> str:
    """Point the page's ``__config`` base at the root of language ``lang``."""
    found = _BASE.search(html)
    if found is None:
        raise PluginError("search hook: no __config base in the page; has the theme changed?")
    base = found.group(2).rstrip("/") or "."
    new_base = f"{lang}/" if base == "." else f"{base}/{lang}/"
    return html[: found.start(2)] + new_base + html[found.end(2):]


REFERENCE_BOOST = 0.0001
"""How much an entry for developers weighs against prose (times the page's own boost)."""

_CODE_TITLE = re.compile(r"<code>([A-Za-z_][A-Za-z0-9_.]*)(\s*=\s*.*?)</code>(.*)", re.DOTALL)


def demote_reference(doc: dict[str, Any], developer: tuple[str, ...] = ()) -> dict[str, Any]:
    """Lower an entry of a page for developers (``developer``: their addresses from their
    language's root) or an API reference entry elsewhere (title in ``<code>``) below prose;
    others unchanged.

    >>> doc = {"location": "api/#m.GUILD", "boost": 0.3, "text": "<p>The rules.</p>",
    ...        "title": "<code>GUILD = ('trump', 'small-trump')</code>  <code>module-attribute</code>"}
    >>> new = demote_reference(doc, ("api/",))
    >>> new["title"], new["boost"] == 0.3 * REFERENCE_BOOST
    ('<code>GUILD</code>  <code>module-attribute</code>', True)
    >>> new["text"]
    "<p><code>GUILD = ('trump', 'small-trump')</code></p><p>The rules.</p>"
    >>> prose = demote_reference({"location": "api/#getting-started", "title": "First steps"}, ("api/",))
    >>> prose["title"], prose["boost"] == REFERENCE_BOOST
    ('First steps', True)
    >>> demote_reference({"location": "learn/", "title": "Learn", "text": ""}, ("api/",))
    {'location': 'learn/', 'title': 'Learn', 'text': ''}
    """
    title = doc.get("title", "")
    code = title.startswith("<code>")
    location = doc.get("location", "")
    if not code and not any(location == page or location.startswith((page + "#", page + "?"))
                            for page in developer):
        return doc
    new = dict(doc, boost=float(doc.get("boost", 1.0)) * REFERENCE_BOOST)
    found = _CODE_TITLE.fullmatch(title) if code else None
    if found is not None:
        name, value, rest = found.groups()
        new["title"] = f"<code>{name}</code>{rest}"
        new["text"] = f"<p><code>{name}{value}</code></p>" + doc.get("text", "")
    return new


def split_index(index: dict[str, Any], languages: list[str],
                developer: tuple[str, ...] = ()) -> dict[str, dict[str, Any]]:
    """Split a merged search index into one index per language (the default at the root),
    the entries of the pages for developers (``developer``) lowered.

    >>> merged = {"config": {"lang": ["fi", "en"]}, "docs": [
    ...     {"location": "", "title": "Etusivu"}, {"location": "en/#a", "title": "Home"}]}
    >>> parts = split_index(merged, ["fi", "en"])
    >>> [d["location"] for d in parts["en"]["docs"]], parts["en"]["config"]["lang"]
    (['#a'], ['en'])
    >>> [d["title"] for d in parts["fi"]["docs"]]
    ['Etusivu']
    """
    others = [lang for lang in languages if lang != languages[0]]
    parts: dict[str, dict[str, Any]] = {}
    for lang in languages:
        config = dict(index["config"], lang=[lang])
        parts[lang] = {**index, "config": config, "docs": []}
    for doc in index["docs"]:
        location = doc["location"]
        lang = next((o for o in others if location == o or location.startswith(o + "/")),
                    languages[0])
        if lang != languages[0]:
            doc = dict(doc, location=location[len(lang):].lstrip("/"))
        parts[lang]["docs"].append(demote_reference(doc, developer))
    return parts


def search_later(html: str, source: str) -> str:
    r"""Inline ``source`` (``search_later.js``, its comment lines left out) at the start of the
    page's ``<head>``, before any script of the theme.

    >>> print(search_later('<head><meta charset="utf-8"><link></head>', "// why\nvar a = 1;"))
    <head><meta charset="utf-8"><script data-mp-search-later>var a = 1;</script><link></head>
    """
    code = "\n".join(line for line in source.splitlines()
                     if line.strip() and not line.strip().startswith("//"))
    head = _HEAD.search(html)
    if head is None or "</script" in code.lower():
        raise PluginError("search hook: a page without <head>, or a script that cannot be inlined")
    return html[:head.end()] + f"<script data-mp-search-later>{code}</script>" + html[head.end():]


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    """The theme's own pages (``404.html``) hold the search back too."""
    if template_name == "404.html":
        return search_later(output_content, LATER.read_text(encoding="utf-8"))
    return output_content


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    output = search_later(output, LATER.read_text(encoding="utf-8"))
    lang = page_language(page)
    if lang == DEFAULT_LANGUAGE:
        return output
    return rebase_page(output, lang)


@event_priority(-200)  # after mkdocs-static-i18n (-100) has merged every language's entries
def on_post_build(config: Any, **kwargs: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is None or i18n.building:
        return  # a language's inner build: the merged index is not written yet
    languages = [lang.locale for lang in i18n.config.languages if lang.build]
    languages.sort(key=lambda locale: locale != DEFAULT_LANGUAGE)
    site = Path(config.site_dir)
    path = site / INDEX
    if not path.is_file():
        raise PluginError(f"search hook: {path} was not written; is the search plugin on?")
    developer = tuple(page_address(page) for page in developer_pages(config["nav"]))
    parts = split_index(json.loads(path.read_text(encoding="utf-8")), languages, developer)
    for lang, part in parts.items():
        if not part["docs"]:
            raise PluginError(f"search hook: no search entries in language {lang!r}")
        target = path if lang == languages[0] else site / lang / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")),
                          encoding="utf-8")
