"""Search in the reader's language: one search index per language.

Material builds one ``search/search_index.json`` for the whole site, and every page,
whatever its language, loads it from the site root (``base`` in the page's
``__config``): a Finnish query would list English and Russian pages too. This hook

- points ``base`` of each English and Russian page at its language's root (``/en/``,
  ``/ru/``), so the page loads ``/en/search/search_index.json`` and resolves result
  links from there (Material uses ``base`` for nothing else on this site); and
- once all languages are built (after the i18n plugin has merged the entries), splits
  the index: the root keeps the Finnish entries, ``en/`` and ``ru/`` get their own, with
  addresses relative to their root and the stemmer of their language only.
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
except ImportError:  # loaded by MkDocs as a plain file
    from _text import DEFAULT_LANGUAGE, page_language  # type: ignore[no-redef]

INDEX = "search/search_index.json"
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


def split_index(index: dict[str, Any], languages: list[str]) -> dict[str, dict[str, Any]]:
    """Split a merged search index into one index per language (the default at the root).

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
        parts[lang]["docs"].append(doc)
    return parts


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
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
    parts = split_index(json.loads(path.read_text(encoding="utf-8")), languages)
    for lang, part in parts.items():
        if not part["docs"]:
            raise PluginError(f"search hook: no search entries in language {lang!r}")
        target = path if lang == languages[0] else site / lang / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")),
                          encoding="utf-8")
