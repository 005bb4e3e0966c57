"""Make the site work offline and installable: a service worker, a web app manifest, icons.

- Every page gets, at the end of its ``<head>``: a link to its language's web app
  manifest (``manifest.webmanifest``, ``en/manifest.webmanifest``, ...), the theme colour,
  the touch icon, and ``assets/offline.js`` with ``assets/offline.css``
  (``docs/assets/``), which register the service worker, ask it to keep the page's
  language, and show the notice of a new version and the footer's line on keeping the
  whole site.
- After the last language is built: the icons (``assets/icons/``, drawn by
  ``icons.py``, kept in ``node_modules/.cache/marjapussi-icons/``), the manifests, then
  the service worker, ``sw.js``: ``service_worker.js`` beside this file, after the list
  of the files it may keep (``MP_OFFLINE``), each with its content hash (the revision)
  and its size, in groups (``offline_groups``):

  - ``site``: what every page uses (the theme's and our stylesheets and scripts, the
    icons, the search's worker);
  - one group per language (``fi``, ``en``, ``ru``): its pages, but those of the
    navigation's section for developers, its search index and its manifest;
  - ``engine``: what the widgets boot from (the packed Pyodide files, the snapshot, the
    compiled search core, the widgets' scripts; ``site_hooks/runtime.py``);
  - ``more``: the rest a page can ask for: the section for developers in every
    language, the notebooks to download, the printouts, ``404.html``, and what the
    widgets' fallback boot needs (the standard library's zip, the wheel).

  A page asks for its language (a widget page, once its widgets are live, for the engine
  too), the footer's button for everything. Each group's text files are also written
  gzipped in one file, ``offline/GROUP-HASH.bin`` (``make_bundle``): the service worker
  takes what the page has fetched already from the browser's cache, then the rest from
  that file or file by file, whichever moves fewer bytes, and checks every file against
  its revision. A host that compresses nothing sends a language's pages in a fifth of
  their size so.
- Under ``mkdocs serve`` no page names the service worker, and ``sw.js`` is one that
  removes itself and its caches: a worker left by a built site served on the same
  address earlier must not hide the files being edited from live reload.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import posixpath
import re
import shutil
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

try:
    from . import icons, languages, runtime
except ImportError:  # loaded by MkDocs as a plain file
    import icons  # type: ignore[no-redef]
    import languages  # type: ignore[no-redef]
    import runtime  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
WORKER_SOURCE = Path(__file__).resolve().parent / "service_worker.js"
ICON_CACHE = ROOT / "node_modules" / ".cache" / "marjapussi-icons"
ICONS = {  # file name → (size, maskable)
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-192.png": (192, True),
    "icon-maskable-512.png": (512, True),
}
ICON_DIR = "assets/icons"
MANIFEST = "manifest.webmanifest"
PAGE_SCRIPT = "assets/offline.js"
PAGE_STYLE = "assets/offline.css"
THEME_COLOUR = "#1d5c3c"
DEFAULT_LANGUAGE = "fi"
DESCRIPTIONS = {
    "fi": "Marjapussin ja huutopussin säännöt, sanasto ja pelin apuvälineet",
    "en": "The rules of Marjapussi and Huutopussi, a glossary and tools for the table",
    "ru": "Правила марьяпусси и хуутопусси, словарь и помощники для игры за столом",
}
BUNDLE_DIR = "offline"
BUNDLE_MAGIC = b"MPBUNDL1"
"""What a bundle starts with, once gunzipped (``make_bundle``)."""
LUNR = "assets/javascripts/lunr/min/"
NEVER = re.compile(
    r"^(sw\.js|offline/.*|.*\.map|sitemap\.xml(\.gz)?|objects\.inv"
    # lunr's languages the site never loads (each search index has one language: no
    # lunr.multi either), and its segmenters of Japanese and Thai
    rf"|{re.escape(LUNR)}(?!lunr\.(stemmer\.support|{'|'.join(DESCRIPTIONS)})\.min\.js$).*"
    r"|assets/javascripts/lunr/[^/]*"
    # inlined in the pages (site_hooks/runtime.py)
    r"|assets/widgets/(early|nomodule)\.js"
    # the plain Pyodide files: only a browser without DecompressionStream fetches them
    r"|pyodide/pyodide(\.asm)?\.(mjs|wasm))$")
"""Files no page asks for: never kept."""
ENGINE = re.compile(r"^(pyodide/(.*-gzip\.bin|snapshot-[0-9a-f]+\.bin|pyodide-lock\.json"
                    r"|marjapussi_core\.wasm)|assets/widgets/(runtime\.js|worker\.js|snapshot_format\.mjs))$")
"""What the widgets boot from."""
TEXT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".ipynb": "application/x-ipynb+json",
}
"""The files a bundle holds, with the type the service worker gives each."""
KILL_SW = """// Under mkdocs serve: remove this service worker and its caches (site_hooks/offline.py).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) await caches.delete(name);
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
})()));
"""

_STATE: dict[str, Any] = {"command": "build"}


def on_startup(command: str, dirty: bool, **kwargs: Any) -> None:
    _STATE["command"] = command


def serving() -> bool:
    return bool(_STATE["command"] == "serve")


def page_language(page_url: str) -> str:
    """The language of a page from its address (``en/rules/guild/`` → ``en``).

    >>> page_language("en/rules/guild/"), page_language("rules/guild/"), page_language("ru/")
    ('en', 'fi', 'ru')
    """
    first = page_url.split("/", 1)[0]
    return first if first in DESCRIPTIONS and first != DEFAULT_LANGUAGE else DEFAULT_LANGUAGE


def head_tags(root: str, lang: str, version: str, with_worker: bool) -> str:
    """What every page gets at the end of its ``<head>``.

    >>> print(head_tags("..", "en", "ab", True).replace("><", ">\\n<"))
    <link rel="manifest" href="../en/manifest.webmanifest">
    <meta name="theme-color" content="#1d5c3c">
    <link rel="apple-touch-icon" href="../assets/icons/icon-192.png">
    <link rel="stylesheet" href="../assets/offline.css?v=ab">
    <script defer src="../assets/offline.js?v=ab" data-mp-offline-script data-sw="../sw.js">
    </script>
    >>> served = head_tags(".", "fi", "ab", False)
    >>> 'data-sw' in served, 'href="./manifest' in served
    (False, True)
    """
    prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
    worker = f' data-sw="{root}/sw.js"' if with_worker else ""
    return (
        f'<link rel="manifest" href="{root}/{prefix}{MANIFEST}">'
        f'<meta name="theme-color" content="{THEME_COLOUR}">'
        f'<link rel="apple-touch-icon" href="{root}/{ICON_DIR}/icon-192.png">'
        f'<link rel="stylesheet" href="{root}/{PAGE_STYLE}?v={version}">'
        f'<script defer src="{root}/{PAGE_SCRIPT}?v={version}" data-mp-offline-script{worker}></script>'
    )


def manifest(lang: str) -> dict[str, Any]:
    """The web app manifest of a language, with addresses relative to where it lies."""
    up = "" if lang == DEFAULT_LANGUAGE else "../"
    icon_list = [
        {"src": f"{up}{ICON_DIR}/{name}", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "maskable" if maskable else "any"}
        for name, (size, maskable) in ICONS.items()
    ]
    return {
        "name": "Marjapussi",
        "short_name": "Marjapussi",
        "description": DESCRIPTIONS[lang],
        "lang": lang,
        "dir": "ltr",
        "start_url": "./",
        "scope": up or "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": icon_list,
    }


def icon_files(cache: Path = ICON_CACHE) -> dict[str, bytes]:
    """The icons as PNG files, drawn once per version of ``icons.py``."""
    key = hashlib.sha256(Path(icons.__file__).read_bytes()).hexdigest()[:16]
    folder = cache / key
    out = {}
    for name, (size, maskable) in ICONS.items():
        path = folder / name
        if not path.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(icons.icon_png(size, maskable))
        out[name] = path.read_bytes()
    return out


# --- what the service worker may keep ------------------------------------------------


def developer_pages(nav: Any) -> list[str]:
    """The site paths of the pages in the navigation's section for developers.

    >>> developer_pages([{"Developers": [{"Records": "record-format.md"}, {"API": "api.md"}]}])
    ['record-format/index.html', 'api/index.html']
    """
    return [f"{languages.page_address(page)}index.html" for page in languages.developer_pages(nav)]


def file_group(path: str, developer: list[str]) -> str | None:
    """The group of a file of the built site (its path from the site's root), or None
    for a file no page asks for; ``developer``: the pages for developers (``developer_pages``).

    >>> dev = ["api/index.html"]
    >>> [file_group(p, dev) for p in ("assets/stylesheets/main.css", "en/rules/guild/index.html",
    ...     "search/search_index.json", "ru/api/index.html", "pyodide/snapshot-ab.bin",
    ...     "pyodide/python_stdlib.zip", "print/guild.fi.pdf", "print/guild.fi.html", "404.html",
    ...     "assets/javascripts/lunr/min/lunr.fi.min.js", "assets/javascripts/lunr/min/lunr.de.min.js",
    ...     "pyodide/pyodide.asm.wasm", "sw.js", "pyodide/marjapussi_core.wasm")]
    ['site', 'en', 'fi', 'more', 'engine', 'more', 'more', 'more', 'more', 'fi', None, None, None, 'engine']
    """
    if NEVER.match(path):
        return None
    if ENGINE.match(path):
        return "engine"
    if path.startswith(LUNR):
        language = path[len(LUNR):].split(".")[1]
        return language if language in DESCRIPTIONS else "site"
    if path.startswith("assets/"):
        return "site"
    first, _, rest = path.partition("/")
    lang, inside = (DEFAULT_LANGUAGE, path) if page_language(path) == DEFAULT_LANGUAGE else (first, rest)
    page = inside == "index.html" or inside.endswith("/index.html")
    if (page and inside not in developer) or inside in ("search/search_index.json", MANIFEST):
        return lang
    return "more"


def served_group(address_path: str, developer: list[str]) -> str | None:
    """The group of what a request for ``address_path`` (from the site's root, as a server
    sees it: ``/en/rules/guild/``) brings, a group's bundle included; None for the rest.

    >>> [served_group(p, []) for p in ("/en/play/", "/", "/offline/ru-0a1b.bin", "/sw.js")]
    ['en', 'fi', 'ru', None]
    """
    path = address_path.split("?")[0].lstrip("/")
    bundle = re.fullmatch(rf"{BUNDLE_DIR}/([a-z]+)-[0-9a-f]+\.bin", path)
    if bundle:
        return bundle.group(1)
    return file_group(path + "index.html" if path == "" or path.endswith("/") else path, developer)


@dataclass(frozen=True)
class Kept:
    """A file the service worker may keep: its path from the site's root, the start of its
    content's SHA-256 (the revision the worker checks), its size, whether a bundle holds it."""

    path: str
    revision: str
    size: int
    bundled: bool


def offline_groups(site: Path, developer: list[str]) -> dict[str, list[Kept]]:
    """Every file a page may ask for, by group (``site``, the languages, ``engine``, ``more``)."""
    groups: dict[str, list[Kept]] = {name: [] for name in ("site", *DESCRIPTIONS, "engine", "more")}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        group = file_group(name, developer)
        if group is None:
            continue
        data = path.read_bytes()
        groups[group].append(Kept(name, hashlib.sha256(data).hexdigest()[:16], len(data),
                                  path.suffix in TEXT_TYPES))
    return groups


def make_bundle(site: Path, files: list[Kept]) -> bytes:
    """The gzipped bundle of ``files``: ``BUNDLE_MAGIC``, the length of the header
    (4 bytes, little-endian), the header (JSON: ``[[path, size, type], ...]``), then the
    files' contents one after the other.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "a.css").write_text("p{}")
    ...     raw = gzip.decompress(make_bundle(Path(folder), [Kept("a.css", "x", 3, True)]))
    >>> raw[:8], raw[12:]
    (b'MPBUNDL1', b'[["a.css",3,"text/css; charset=utf-8"]]p{}')
    """
    header = json.dumps([[f.path, f.size, TEXT_TYPES[posixpath.splitext(f.path)[1]]] for f in files],
                        ensure_ascii=False, separators=(",", ":")).encode()
    raw = b"".join([BUNDLE_MAGIC, struct.pack("<I", len(header)), header,
                    *((site / f.path).read_bytes() for f in files)])
    return runtime.gzip_best(raw) or gzip.compress(raw, 9, mtime=0)


def write_service_worker(site: Path, developer: list[str]) -> str:
    """Write the bundles and ``sw.js`` of a built site; return a line of figures."""
    shutil.rmtree(site / BUNDLE_DIR, ignore_errors=True)
    groups = offline_groups(site, developer)
    manifest_groups: dict[str, Any] = {}
    figures = []
    for name, files in groups.items():
        text = [f for f in files if f.bundled]
        bundle: list[Any] | None = None
        if text:
            data = make_bundle(site, text)
            if len(data) < 0.8 * sum(f.size for f in text):
                where = f"{BUNDLE_DIR}/{name}-{hashlib.sha256(data).hexdigest()[:16]}.bin"
                (site / BUNDLE_DIR).mkdir(exist_ok=True)
                (site / where).write_bytes(data)
                bundle = [where, len(data)]
        manifest_groups[name] = {"bundle": bundle,
                                 "files": [[f.path, f.revision, f.size, int(f.bundled)] for f in files]}
        figures.append(f"{name}={len(files)}:{sum(f.size for f in files) // 1024}kb"
                       + (f"(bundle {bundle[1] // 1024}kb)" if bundle else ""))
    if not any(manifest_groups[lang]["files"] for lang in DESCRIPTIONS):
        raise PluginError("offline hook: no page to keep offline")
    listing = json.dumps({"groups": manifest_groups}, ensure_ascii=False, separators=(",", ":"))
    source = WORKER_SOURCE.read_text(encoding="utf-8")
    (site / "sw.js").write_text(f"// Made by site_hooks/offline.py.\nconst MP_OFFLINE = {listing};\n{source}",
                                encoding="utf-8")
    return "service worker: " + " ".join(figures)


def service_worker_for(site: Path, nav: Any) -> str:
    """Write the service worker of a built site whose navigation (mkdocs.yml's) is ``nav``."""
    return write_service_worker(site, developer_pages(nav))


def on_pre_build(config: Any, **kwargs: Any) -> None:
    assets = Path(config.docs_dir) / "assets"
    sources = [assets / "offline.js", assets / "offline.css"]
    if not all(path.is_file() for path in sources):
        raise PluginError(f"offline hook: {assets} must hold offline.js and offline.css")
    sha = hashlib.sha256()
    for path in sources:
        sha.update(path.read_bytes())
    _STATE["version"] = sha.hexdigest()[:12]


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    folder = posixpath.dirname(page.url) or "."
    root = posixpath.relpath(".", folder)
    tags = head_tags(root, page_language(page.url), _STATE["version"], not serving())
    at = output.find("</head>")
    if at < 0:
        raise PluginError(f"offline hook: {page.url} has no </head>")
    return output[:at] + tags + output[at:]


@event_priority(-250)  # after the i18n plugin (-100), which builds the other languages in its
# post-build, after search.py (-200), which writes each language's search index, and after
# runtime.py (0), which copies Pyodide's files
def on_post_build(config: Any, **kwargs: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a language built inside the i18n plugin's post-build: wait for the last
    site = Path(config.site_dir)
    for name, data in icon_files().items():
        (site / ICON_DIR).mkdir(parents=True, exist_ok=True)
        (site / ICON_DIR / name).write_bytes(data)
    for lang in DESCRIPTIONS:
        folder = site if lang == DEFAULT_LANGUAGE else site / lang
        folder.mkdir(parents=True, exist_ok=True)
        (folder / MANIFEST).write_text(json.dumps(manifest(lang), ensure_ascii=False, indent=1),
                                       encoding="utf-8")
    if serving():
        shutil.rmtree(site / BUNDLE_DIR, ignore_errors=True)
        (site / "sw.js").write_text(KILL_SW, encoding="utf-8")
        return
    print(f"offline hook: {service_worker_for(site, config['nav'])}", file=sys.stderr, flush=True)
