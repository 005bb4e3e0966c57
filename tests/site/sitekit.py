"""Shared helpers of the site tests: build the site once, read its pages, check links.

The site is built once per test session (``mkdocs build --strict`` into a temporary
folder) and shared by ``tests/site`` and ``tests/browser``. The page list comes from
the nav of ``mkdocs.yml``; the languages from its i18n plugin.

``scripts/test.sh`` builds the site once before pytest starts its parallel workers
(``python tests/site/sitekit.py DIR``, while ruff and mypy run) and names the folder in
``MARJAPUSSI_TEST_SITE``; each worker then copies that build into its own temporary
folder, since some tests add files to the site they serve. Without the variable a
session builds the site itself, as before.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the tests import site_hooks from the repository
    sys.path.insert(0, str(ROOT))
if str(ROOT / "scripts") not in sys.path:  # and the quiet static server the benchmarks use too
    sys.path.insert(0, str(ROOT / "scripts"))

from quiet_server import HUNG_UP, QuietHandler, QuietServer, serve  # noqa: E402

__all__ = ["HUNG_UP", "QuietHandler", "QuietServer", "serve"]  # re-exported for tests/browser
DEFAULT_LANGUAGE = "fi"


def served(root: Path, handler: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """For a fixture's ``yield from``: serve ``root`` (``serve``), yield its address
    (``http://127.0.0.1:PORT/``), then stop the server."""
    server = serve(root, handler)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _Loader(yaml.SafeLoader):
    """A YAML loader that reads mkdocs.yml's ``!!python/name`` tags as plain strings."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)


def mkdocs_config() -> dict[str, object]:
    """Return mkdocs.yml as data."""
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=_Loader)
    assert isinstance(data, dict)
    return data


def _nav_pages(nav: object) -> list[str]:
    if isinstance(nav, str):
        return [] if nav.startswith(("http://", "https://")) else [nav]
    if isinstance(nav, list):
        return [page for item in nav for page in _nav_pages(item)]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in _nav_pages(value)]
    return []


def site_pages() -> list[str]:
    """The site's pages without language or suffix: ``index``, ``rules/guild``, …"""
    return [page.removesuffix(".md") for page in _nav_pages(mkdocs_config()["nav"])]


def site_languages() -> list[str]:
    """The built languages, the default (Finnish) first."""
    plugins = mkdocs_config()["plugins"]
    assert isinstance(plugins, list)
    for plugin in plugins:
        if isinstance(plugin, dict) and "i18n" in plugin:
            languages = [lang["locale"] for lang in plugin["i18n"]["languages"]
                         if lang.get("build", True)]
            languages.sort(key=lambda locale: locale != DEFAULT_LANGUAGE)
            return languages
    raise AssertionError("mkdocs.yml has no i18n plugin")


def page_url(page: str, lang: str) -> str:
    """The site-relative address of a page in a language: ``en/rules/guild/``."""
    prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
    return prefix if page == "index" else f"{prefix}{page}/"


def page_file(site: Path, page: str, lang: str) -> Path:
    """The built HTML file of a page in a language."""
    return site / page_url(page, lang) / "index.html"


# --- building ------------------------------------------------------------------------


@dataclass
class BuildResult:
    site: Path
    log: str
    seconds: float


_BUILDS: dict[str, BuildResult] = {}


def build_site(target: Path) -> BuildResult:
    """Run ``mkdocs build --strict`` into ``target``; raise AssertionError with the log."""
    import time

    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q",
         "--site-dir", str(target)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    seconds = time.perf_counter() - started
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed ({proc.returncode}):\n{log[-6000:]}")
    return BuildResult(target, log, seconds)


PREBUILT = "MARJAPUSSI_TEST_SITE"
"""The environment variable naming a build made before the session (``prebuild``)."""


def prebuild(folder: Path) -> int:
    """Build the site into ``folder/site`` for the sessions to come and record how it went
    in ``folder/build.json`` (the log, the seconds; -1 for a failed build). Returns the
    exit code (0: built)."""
    try:
        result = build_site(folder / "site")
    except AssertionError as error:
        result = BuildResult(folder / "site", str(error), -1.0)
    record = {"log": result.log, "seconds": result.seconds}
    (folder / "build.json").write_text(json.dumps(record), encoding="utf-8")
    return 0 if result.seconds >= 0 else 1


def copy_prebuilt(folder: Path, target: Path) -> BuildResult:
    """The build ``prebuild`` made in ``folder``, copied into ``target`` (this process's
    own copy: tests may add files to the site they serve); raises AssertionError with
    the build's log if it failed or never finished."""
    record_file = folder / "build.json"
    if not record_file.is_file():
        raise AssertionError(f"{PREBUILT}={folder}: no site was built there (no build.json)")
    record = json.loads(record_file.read_text(encoding="utf-8"))
    if record["seconds"] < 0:
        raise AssertionError(record["log"])
    shutil.copytree(folder / "site", target, symlinks=True, dirs_exist_ok=True)
    return BuildResult(target, record["log"], record["seconds"])


def build_site_once(make_dir: object) -> BuildResult:
    """Build the site the first time a session asks (or copy the build named in
    ``MARJAPUSSI_TEST_SITE``), then reuse it.

    ``make_dir`` is a callable returning a fresh folder (``tmp_path_factory.mktemp``).
    A failed build is remembered too, so every test reports it without rebuilding.
    """
    if "site" not in _BUILDS:
        target = make_dir("site")  # type: ignore[operator]
        prebuilt = os.environ.get(PREBUILT, "")
        try:
            if prebuilt:
                _BUILDS["site"] = copy_prebuilt(Path(prebuilt), Path(target))
            else:
                _BUILDS["site"] = build_site(Path(target))
        except AssertionError as error:
            _BUILDS["site"] = BuildResult(Path(target), str(error), -1.0)
    result = _BUILDS["site"]
    if result.seconds < 0:
        raise AssertionError(result.log)
    return result


# --- reading HTML --------------------------------------------------------------------


@dataclass
class Ref:
    """A reference found in a document: the tag, the attribute and its value."""

    tag: str
    attr: str
    value: str
    rel: str = ""
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass
class ParsedPage:
    ids: set[str] = field(default_factory=set)
    links: list[Ref] = field(default_factory=list)  # <a href>: navigation, not requests
    requests: list[Ref] = field(default_factory=list)  # what the browser fetches
    styles: list[str] = field(default_factory=list)  # inline <style> and style=""
    lang: str = ""


# <link rel=...> values whose href the browser fetches (or may fetch) by itself.
FETCHING_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload",
                 "prefetch", "modulepreload", "manifest", "preconnect", "dns-prefetch",
                 "mask-icon"}


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = ParsedPage()
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        page = self.page
        if tag == "html" and "lang" in values:
            page.lang = values["lang"]
        for key in ("id", "name"):
            if key == "name" and tag != "a":
                continue
            if values.get(key):
                page.ids.add(values[key])
        if tag == "style":
            self._in_style = True
        if values.get("style"):
            page.styles.append(values["style"])
        if tag == "a" and "href" in values:
            page.links.append(Ref(tag, "href", values["href"], attrs=values))
        elif tag == "link" and "href" in values:
            rel = values.get("rel", "").lower()
            ref = Ref(tag, "href", values["href"], rel)
            if set(rel.split()) & FETCHING_RELS:
                page.requests.append(ref)
            else:
                page.links.append(ref)  # prev/next/alternate/canonical: navigation
        for attr in ("src", "srcset", "data", "poster", "background"):
            if attr in values and tag not in ("a",):
                for part in _srcset_urls(values[attr]) if attr == "srcset" else [values[attr]]:
                    page.requests.append(Ref(tag, attr, part))
        if tag in ("image", "use", "feimage") and ("href" in values or "xlink:href" in values):
            page.requests.append(Ref(tag, "href", values.get("href") or values["xlink:href"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.page.styles.append(data)


def _srcset_urls(value: str) -> list[str]:
    return [part.strip().split()[0] for part in value.split(",") if part.strip()]


def parse_html(html: str) -> ParsedPage:
    """Collect ids, links, fetched resources and inline styles of an HTML document."""
    parser = _Parser()
    parser.feed(html)
    parser.close()
    return parser.page


_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]*)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def css_urls(css: str) -> list[str]:
    """Return every address a stylesheet asks for: ``url(...)`` and ``@import``."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    return [m.group(2) or m.group(4) for m in _CSS_URL.finditer(css)]


def is_external(url: str) -> bool:
    """Tell whether fetching ``url`` would leave the site (another host or scheme)."""
    url = url.strip()
    if url.startswith("//"):
        return True
    scheme = urlsplit(url).scheme.lower()
    return scheme not in ("", "data", "blob", "about", "javascript")


# --- checking links ------------------------------------------------------------------


@dataclass
class Problem:
    page: str
    href: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.href!r}: {self.reason}"


ROOT_RELATIVE_PAGES = ("404.html",)
"""Pages whose links are absolute paths by design: a server shows 404.html at any address."""


def check_links(pages: dict[str, str], files: set[str] | None = None) -> list[Problem]:
    """Check every internal link and anchor of a set of built pages.

    ``pages`` maps each HTML file's site path (``en/rules/guild/index.html``) to its
    text; ``files`` is every file of the site (pages included). A link must lead to a
    file of the site, and a ``#fragment`` must be an id (or ``<a name>``) of its target
    page. Links to other sites and ``mailto:`` are not checked. Links are relative, so
    that the site works in a sub-folder too, except on ``404.html``.
    """
    files = set(pages) if files is None else files
    parsed = {path: parse_html(text) for path, text in pages.items()}
    problems: list[Problem] = []
    for path, page in parsed.items():
        for ref in page.links + [r for r in page.requests if r.attr == "href"]:
            href = ref.value.strip()
            if not href or is_external(href) or href.startswith(("mailto:", "tel:")):
                continue
            split = urlsplit(href)
            if split.path.startswith("/") and path not in ROOT_RELATIVE_PAGES:
                problems.append(Problem(path, href, "absolute path: breaks under a sub-folder"))
                continue
            if split.path:
                relative = unquote(split.path)
                here = "" if relative.startswith("/") else posixpath.dirname(path)
                target = posixpath.normpath(posixpath.join(here, relative.lstrip("/") or "."))
                if target == ".":
                    target = "index.html"
                elif relative.endswith("/") or relative in (".", ".."):
                    target += "/index.html"
                if target == ".." or target.startswith("../"):
                    problems.append(Problem(path, href, "leads outside the site"))
                    continue
                if target not in files:
                    if target + "/index.html" in files:
                        target = target + "/index.html"
                    else:
                        problems.append(Problem(path, href, f"no such file {target}"))
                        continue
            else:
                target = path
            fragment = unquote(split.fragment)
            if fragment and target.endswith(".html"):
                if target not in parsed:
                    problems.append(Problem(path, href, f"anchor on an unchecked page {target}"))
                elif fragment not in parsed[target].ids:
                    problems.append(Problem(path, href, f"no id {fragment!r} on {target}"))
    return problems


def resolve(path: str, href: str) -> str:
    """Resolve a relative ``href`` of the page at site path ``path`` to a site path."""
    relative = unquote(urlsplit(href).path)
    target = posixpath.normpath(posixpath.join(posixpath.dirname(path), relative))
    if target == ".":
        return ""
    return target + "/" if relative.endswith("/") or relative in (".", "..") else target


def read_site(site: Path) -> tuple[dict[str, str], set[str]]:
    """Return the built site's HTML pages (path → text) and the set of all its files."""
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    pages = {f: (site / f).read_text(encoding="utf-8") for f in files if f.endswith(".html")}
    return pages, files


# ---------------------------------------------------------------------- shared fixtures
# The site tests (through their conftest) and the browser tests import these two
# fixtures, so both folders use one definition and, through build_site_once, one build.


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    """The site, built with ``mkdocs build --strict`` into a temporary folder."""
    try:
        return build_site_once(tmp_path_factory.mktemp)
    except AssertionError as error:
        message = str(error)
    pytest.fail(message, pytrace=False)


@pytest.fixture(scope="session")
def site(built_site: BuildResult) -> Path:
    """The built site's folder."""
    return built_site.site



if __name__ == "__main__":  # scripts/test.sh: build the site once, before the workers start
    if len(sys.argv) != 2:
        raise SystemExit("usage: python tests/site/sitekit.py FOLDER  (then MARJAPUSSI_TEST_SITE=FOLDER)")
    sys.exit(prebuild(Path(sys.argv[1])))
