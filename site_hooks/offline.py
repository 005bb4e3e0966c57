"""Make the site work offline and installable: a service worker, a web app manifest, icons.

- Every page gets, at the end of its ``<head>``: a link to its language's web app
  manifest (``manifest.webmanifest``, ``en/manifest.webmanifest``, ...), the theme colour,
  the touch icon, and ``assets/offline.js`` with ``assets/offline.css``
  (``docs/assets/``), which register the service worker and show the notice of a new
  version and the footer's line on keeping the rules engine.
- After the last language is built: the icons (``assets/icons/``, drawn by
  ``icons.py``, kept in ``node_modules/.cache/marjapussi-icons/``), the manifests, then
  the service worker: ``scripts/make_service_worker.mjs`` (Node, the pinned
  ``workbox-build``) precaches every page and asset with content hashes, and is given
  the second set, Pyodide's files, the wheel and the snapshot (``scripts/sw_pyodide.js``),
  kept only as a widget page uses them or when the reader asks. A failure fails the
  build.
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
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

try:
    from . import icons
except ImportError:  # loaded by MkDocs as a plain file
    import icons  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "make_service_worker.mjs"
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
    "fi": "Marjapussin ja Huutopussin säännöt, sanasto ja pelin apuvälineet",
    "en": "The rules of Marjapussi and Huutopussi, a glossary and tools for the table",
    "ru": "Правила марьяпусси и хуутопусси, словарь и помощники для игры за столом",
}
PYODIDE_SET = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The Pyodide files of the second set; the snapshot and the wheel are added by name."""
GZIP_SUFFIXES = (".mjs", ".wasm", ".json")
"""What a static host sends gzipped (for the size the footer's button names)."""
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


def _transfer_size(path: Path) -> int:
    data = path.read_bytes()
    return len(gzip.compress(data, 6)) if path.suffix in GZIP_SUFFIXES else len(data)


def pyodide_set(site: Path, pages: list[str]) -> list[dict[str, Any]]:
    """The second set: the addresses the widgets use (as the pages name them), each with
    the hash of its file as revision and its size as a static host sends it."""
    urls = [f"pyodide/{name}" for name in PYODIDE_SET]
    for html in pages:
        for attribute in ("data-wheel", "data-worker"):
            found = re.search(rf'{attribute}="(?:\.\./|\./)*([^"]+)"', html)
            if found and attribute == "data-wheel":
                urls.append(found.group(1))
            elif found:
                snapshot = re.search(r"snapshot=(snapshot-[0-9a-f]+\.bin)", found.group(1))
                if snapshot:
                    urls.append(f"pyodide/{snapshot.group(1)}")
    entries = []
    for url in dict.fromkeys(urls):
        path = site / url.split("?")[0]
        if not path.is_file():
            raise PluginError(f"offline hook: the widgets use {url}, which the site lacks")
        entries.append({"url": url, "revision": hashlib.sha256(path.read_bytes()).hexdigest()[:16],
                        "bytes": _transfer_size(path)})
    return entries


def make_service_worker(site: Path, entries: list[dict[str, Any]], node: str | None = None) -> str:
    """Run ``scripts/make_service_worker.mjs`` for the built ``site``; return its line of figures."""
    node = node or shutil.which("node")
    if node is None:
        raise PluginError("offline hook: node is not installed (./scripts/setup.sh says how to get it)")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
        json.dump(entries, handle)
    try:
        proc = subprocess.run([node, str(SCRIPT), "--site", str(site), "--pyodide-set", handle.name],
                              cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    finally:
        Path(handle.name).unlink(missing_ok=True)
    if proc.returncode != 0:
        raise PluginError(f"offline hook: {SCRIPT.name} failed (exit {proc.returncode}):\n"
                          f"{(proc.stdout + proc.stderr)[-3000:]}")
    return proc.stdout.strip()


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
# post-build, and after search.py (-200), which writes each language's search index
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
        for old in site.glob("sw-pyodide-*.js"):
            old.unlink()
        (site / "sw.js").write_text(KILL_SW, encoding="utf-8")
        return
    print(f"offline hook: {service_worker_for(site)}", file=sys.stderr, flush=True)


def service_worker_for(site: Path) -> str:
    """Make the service worker of a built site, its second set read from a widget page."""
    for path in sorted(site.rglob("index.html")):
        html = path.read_text(encoding="utf-8")
        if "data-mp-runtime" in html:
            return make_service_worker(site, pyodide_set(site, [html]))
    return make_service_worker(site, pyodide_set(site, []))
