"""Printouts: the rules cards and the blank score sheet, as A4 PDFs built with the site.

- The texts live in ``site_hooks/print/NAME.LANG.md`` (one file per printout and
  language) with the print stylesheet ``print.css`` beside them. Each is turned into a
  stand-alone printable HTML page (``@page`` A4, no outside resources), and that page is
  printed to PDF by Chromium (``page.pdf()`` through Playwright, the Debian
  ``/usr/bin/chromium``; ``MARJAPUSSI_CHROMIUM`` names another binary).
- A PDF is kept in ``node_modules/.cache/marjapussi-print/`` under a hash of its HTML
  and of the Chromium binary, so a repeated build prints nothing again.
- The site gets both, ``print/NAME.LANG.html`` and ``print/NAME.LANG.pdf``. A page asks
  for links with a line ``<!-- printout: guild score-sheet -->``; each link points at
  the PDF, or, when no PDF could be made (no Chromium, Playwright failing,
  ``MARJAPUSSI_PRINT=0``), at the printable HTML page, and the build says so loudly on
  stderr but still succeeds: no link is ever broken.
"""

from __future__ import annotations

import hashlib
import html
import os
import posixpath
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import markdown
from mkdocs.exceptions import PluginError

try:
    from ._text import LANGUAGES, page_language
except ImportError:  # loaded by MkDocs as a plain file
    from _text import LANGUAGES, page_language  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
SOURCES = Path(__file__).resolve().parent / "print"
STYLESHEET = SOURCES / "print.css"
CACHE = ROOT / "node_modules" / ".cache" / "marjapussi-print"
CACHE_KEEP = 48
"""How many PDFs the cache keeps (the newest): a few builds' worth of all printouts."""
SITE_DIR = "print"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PRINTOUTS: dict[str, int] = {"guild": 2, "pagat": 1, "huutopussi": 1, "score-sheet": 1}
"""Each printout and the number of A4 pages it must fill (the guild card: both sides)."""
SHEET_ROWS = 9
"""Empty rows in each erä table of the score sheet."""

LABELS: dict[str, dict[str, str]] = {
    "guild": {
        "fi": "Killan säännöt tulostettavana korttina",
        "en": "The guild rules as a printable card",
        "ru": "Правила гильдии: карточка для печати",
    },
    "pagat": {
        "fi": "Pagatin marjapussi tulostettavana korttina",
        "en": "Pagat Marjapussi as a printable card",
        "ru": "Марьяпусси по Pagat: карточка для печати",
    },
    "huutopussi": {
        "fi": "Huutopussi tulostettavana korttina",
        "en": "Huutopussi as a printable card",
        "ru": "Хуутопусси: карточка для печати",
    },
    "score-sheet": {
        "fi": "Tyhjä pistelista paperille (killan säännöt)",
        "en": "A blank score sheet for paper (guild rules)",
        "ru": "Пустой лист счёта (правила гильдии)",
    },
}
KIND: dict[str, dict[str, str]] = {
    "pdf": {"fi": "PDF, A4", "en": "PDF, A4", "ru": "PDF, A4"},
    "html": {"fi": "tulostettava sivu", "en": "printable page", "ru": "страница для печати"},
    "sides": {"fi": "kaksipuolinen", "en": "both sides", "ru": "с двух сторон"},
    "title": {"fi": "Tulosteet", "en": "Printouts", "ru": "Для печати"},
}

MARKER = re.compile(r"<!--[ \t]*printout:[ \t]*([a-z -]+?)[ \t]*-->")
EMPTY_BODY = re.compile(r"<tbody>\s*<tr>\s*(?:<td></td>\s*)+</tr>\s*</tbody>")

_STATE: dict[str, Any] = {}


def _say_loudly(message: str) -> None:
    bar = "!" * 78
    print(
        f"{bar}\nprintouts hook: NO PDF PRINTOUTS: {message}\n"
        "printouts hook: the site links the printable HTML pages instead.\n"
        f"{bar}",
        file=sys.stderr,
        flush=True,
    )


def source(name: str, lang: str) -> Path:
    return SOURCES / f"{name}.{lang}.md"


def _fill_sheet(body: str) -> str:
    """Give every empty table of the score sheet its numbered empty rows."""

    def rows(match: re.Match[str]) -> str:
        cells = match.group(0).count("<td>")
        return (
            "<tbody>"
            + "".join(
                f"<tr><td>{n}</td>" + "<td></td>" * (cells - 1) + "</tr>" for n in range(1, SHEET_ROWS + 1)
            )
            + "</tbody>"
        )

    return EMPTY_BODY.sub(rows, body)


def render_html(name: str, lang: str) -> str:
    """The stand-alone printable page of one printout in one language."""
    text = source(name, lang).read_text(encoding="utf-8")
    body = markdown.markdown(text, extensions=["tables", "attr_list", "md_in_html"])
    body = _fill_sheet(body)
    body = re.sub(r"[♥♦]", lambda m: f'<span class="red">{m.group(0)}</span>', body)
    sides = body.split('<div class="side-break"></div>')
    body = "".join(f'<section class="side">{side}</section>' for side in sides)
    title = re.search(r"<h1>(.*?)</h1>", body)
    if title is None:
        raise PluginError(f"printouts hook: {source(name, lang).name} has no title")
    css = STYLESHEET.read_text(encoding="utf-8")
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(re.sub(r'<[^>]+>', '', title.group(1)), quote=False)}</title>"
        f"<style>{css}</style></head>"
        f'<body class="printout printout-{name}">{body}</body></html>\n'
    )


def _chromium() -> str | None:
    path = os.environ.get("MARJAPUSSI_CHROMIUM", CHROMIUM)
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def pdf_key(page: str, chromium: str) -> str:
    """The cache key of a PDF: its HTML and the Chromium binary that prints it."""
    sha = hashlib.sha256(page.encode("utf-8"))
    stat = os.stat(chromium)
    sha.update(f"\0{chromium}\0{stat.st_size}\0{int(stat.st_mtime)}".encode())
    return sha.hexdigest()[:24]


def make_pdfs(pages: dict[str, str], cache: Path = CACHE) -> dict[str, Path | None]:
    """Print each HTML page (by name) to an A4 PDF: from the cache, else with Chromium.

    Returns None for every page when Chromium cannot print, after saying why on stderr.
    """
    none: dict[str, Path | None] = {key: None for key in pages}
    if os.environ.get("MARJAPUSSI_PRINT") == "0":
        print(
            "printouts hook: MARJAPUSSI_PRINT=0: no PDFs, the links lead to the printable pages",
            file=sys.stderr,
            flush=True,
        )
        return none
    chromium = _chromium()
    if chromium is None:
        _say_loudly(
            f"Chromium is not installed at {os.environ.get('MARJAPUSSI_CHROMIUM', CHROMIUM)} "
            "(./scripts/setup.sh installs it)"
        )
        return none
    out: dict[str, Path | None] = {}
    todo: dict[str, Path] = {}
    for key, page in pages.items():
        path = cache / f"{pdf_key(page, chromium)}.pdf"
        out[key] = path
        if path.is_file() and path.stat().st_size > 0:
            path.touch()
        else:
            todo[key] = path
    if not todo:
        return out
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        _say_loudly(f"Playwright cannot be imported: {error}")
        return none
    cache.mkdir(parents=True, exist_ok=True)

    def print_all() -> None:
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            try:
                tab = browser.new_page()
                for key, path in todo.items():
                    tab.set_content(pages[key], wait_until="load")
                    part = path.with_name(f"{path.stem}.{os.getpid()}.part")
                    part.write_bytes(tab.pdf(prefer_css_page_size=True, print_background=True))
                    part.replace(path)
            finally:
                browser.close()

    try:
        # In a thread of its own: Playwright's sync API refuses a thread with a running
        # asyncio loop (a test process that drove a browser before, an async server).
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(print_all).result()
    except Exception as error:  # any failure of the browser leaves the HTML links
        _say_loudly(f"Chromium could not print: {error}")
        for path in cache.glob("*.part"):
            path.unlink(missing_ok=True)
        return none
    print(f"printouts hook: printed {len(todo)} PDF(s) with Chromium", file=sys.stderr, flush=True)
    for old in sorted(cache.glob("*.pdf"), key=lambda p: p.stat().st_mtime, reverse=True)[CACHE_KEEP:]:
        old.unlink(missing_ok=True)
    return out


def file_name(name: str, lang: str, pdf: bool) -> str:
    """The site path of a printout: ``print/guild.fi.pdf`` (or ``.html``)."""
    return f"{SITE_DIR}/{name}.{lang}.{'pdf' if pdf else 'html'}"


def on_pre_build(config: Any, **kwargs: Any) -> None:
    """Make the printable pages and their PDFs (once per process and source state)."""
    missing = [
        source(name, lang).name
        for name in PRINTOUTS
        for lang in LANGUAGES
        if not source(name, lang).is_file()
    ]
    if missing:
        raise PluginError(f"printouts hook: {SOURCES} lacks {', '.join(missing)}")
    pages = {f"{name}.{lang}": render_html(name, lang) for name in PRINTOUTS for lang in LANGUAGES}
    digest = hashlib.sha256("".join(pages.values()).encode()).hexdigest()
    if _STATE.get("digest") != digest:
        _STATE.update(digest=digest, pages=pages, pdfs=make_pdfs(pages))


def links_html(names: list[str], lang: str, root: str) -> str:
    """The list of links a page's ``<!-- printout: ... -->`` line stands for."""
    items = []
    for name in names:
        if name not in PRINTOUTS:
            raise PluginError(f"printouts hook: unknown printout {name!r}; known: {', '.join(PRINTOUTS)}")
        pdf = _STATE["pdfs"].get(f"{name}.{lang}") is not None
        href = f"{root}/{file_name(name, lang, pdf)}"
        kind = KIND["pdf" if pdf else "html"][lang]
        if PRINTOUTS[name] == 2:
            kind += ", " + KIND["sides"][lang]
        attrs = f' type="application/pdf" hreflang="{lang}"' if pdf else f' hreflang="{lang}"'
        items.append(
            f'<li><a class="mp-printout-link" href="{href}"{attrs}>'
            f"{html.escape(LABELS[name][lang])}</a> ({html.escape(kind)})</li>"
        )
    return (
        f'<div class="mp-printouts"><p class="mp-printouts-title">{html.escape(KIND["title"][lang])}</p>'
        f"<ul>{''.join(items)}</ul></div>"
    )


def on_page_content(content: str, page: Any, config: Any, **kwargs: Any) -> str:
    if "printout:" not in content:
        return content
    folder = posixpath.dirname(page.url) or "."
    root = posixpath.relpath(".", folder)
    lang = page_language(page)
    return MARKER.sub(lambda m: links_html(m.group(1).split(), lang, root), content)


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Write the printable pages and the PDFs into ``print/`` of the built site."""
    target = Path(config.site_dir) / SITE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for key, page in _STATE["pages"].items():
        name, lang = key.rsplit(".", 1)
        (target / Path(file_name(name, lang, False)).name).write_text(page, encoding="utf-8")
        pdf: Path | None = _STATE["pdfs"].get(key)
        dest = target / Path(file_name(name, lang, True)).name
        if pdf is not None:
            if not dest.is_file() or dest.read_bytes() != pdf.read_bytes():
                dest.write_bytes(pdf.read_bytes())
        else:
            dest.unlink(missing_ok=True)
