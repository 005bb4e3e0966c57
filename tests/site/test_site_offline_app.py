"""The built site is an installable app that works offline (site_hooks/offline.py).

Every page of every language links its language's web app manifest, whose icons exist
in the sizes it says (192 and 512 px, "any" and "maskable"); the service worker's
precache holds every page, asset and search index with a content hash and nothing of
Pyodide; its second set names exactly the Pyodide files, snapshot and wheel the widget
pages use, each with the hash of its file. Under ``mkdocs serve`` no page names a service
worker and ``sw.js`` removes itself.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import sitekit

from site_hooks import icons, offline

LANGUAGES = sitekit.site_languages()
PRECACHED = re.compile(r'\{url:"([^"]+)",revision:(?:"([0-9a-f]+)"|null)\}')


def precache(site: Path) -> dict[str, str | None]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return {url: revision for url, revision in PRECACHED.findall(text)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_links_its_languages_manifest_and_the_worker(site: Path, lang: str) -> None:
    for page in sitekit.site_pages():
        html = sitekit.page_file(site, page, lang).read_text(encoding="utf-8")
        link = re.search(r'<link rel="manifest" href="([^"]+)">', html)
        assert link, f"{page} ({lang}) links no manifest"
        depth = sitekit.page_url(page, lang).count("/")
        prefix = "" if lang == "fi" else f"{lang}/"
        assert link.group(1) == "/".join([".."] * depth or ["."]) + f"/{prefix}manifest.webmanifest"
        assert re.search(r'<script defer src="[^"]*assets/offline\.js\?v=[0-9a-f]+" data-mp-offline-script '
                         r'data-sw="[^"]*sw\.js"></script>', html), page
        manifest = json.loads((site / prefix / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["lang"] == lang and manifest["description"] == offline.DESCRIPTIONS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_manifests_icons_exist_in_their_sizes(site: Path, lang: str) -> None:
    folder = site if lang == "fi" else site / lang
    manifest = json.loads((folder / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    found = set()
    for icon in manifest["icons"]:
        data = (folder / icon["src"]).resolve().read_bytes()
        width, height = icons.png_size(data)
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        found.add((width, icon["purpose"]))
    assert found == {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")}


def test_a_maskable_icon_keeps_its_card_inside_the_safe_circle() -> None:
    size = 64
    rows = icons.icon_pixels(size, maskable=True)
    for j, row in enumerate(rows):
        for i, pixel in enumerate(row):
            distance = ((i + 0.5 - size / 2) ** 2 + (j + 0.5 - size / 2) ** 2) ** 0.5 / size
            assert pixel[3] == 255, "a maskable icon is opaque to its edges"
            if distance > icons.SAFE_RADIUS:
                assert pixel[:3] == icons.GREEN, (i, j, pixel)
    plain = icons.icon_pixels(size, maskable=False)
    assert plain[0][0][3] == 0 and plain[size // 2][size // 2][:3] != icons.GREEN


def test_the_precache_holds_every_page_and_asset_and_nothing_of_pyodide(site: Path) -> None:
    urls = precache(site)
    for lang in LANGUAGES:
        for page in sitekit.site_pages():
            url = sitekit.page_url(page, lang) + "index.html"
            assert urls.get(url) is not None, f"{url} is not precached with a content hash"
        prefix = "" if lang == "fi" else f"{lang}/"
        assert f"{prefix}search/search_index.json" in urls
        assert f"{prefix}manifest.webmanifest" in urls
    for name in ("assets/offline.js", "assets/widgets/worker.js", "assets/widgets/runtime.js",
                 "assets/icons/icon-512.png", "assets/javascripts/lunr/min/lunr.ru.min.js"):
        assert name in urls, name
    assert not [url for url in urls if url.startswith("pyodide/")]
    # the new version waits for the reader's "reload" (assets/offline.js asks with SKIP_WAITING)
    assert '"SKIP_WAITING"' in (site / "sw.js").read_text(encoding="utf-8")


def test_the_second_set_is_what_the_widget_pages_use(site: Path) -> None:
    extra = sorted(site.glob("sw-pyodide-*.js"))
    assert len(extra) == 1
    assert f'importScripts("{extra[0].name}")' in (site / "sw.js").read_text(encoding="utf-8")
    text = extra[0].read_text(encoding="utf-8")
    entries = json.loads(text.split("const MP_PYODIDE_SET = ", 1)[1].split(";\n", 1)[0])
    urls = {entry["url"] for entry in entries}
    html = sitekit.page_file(site, "rules/guild", "en").read_text(encoding="utf-8")
    wheel = re.search(r'data-wheel="\.\./\.\./\.\./([^"]+)"', html)
    snapshot = re.search(r"snapshot=(snapshot-[0-9a-f]+\.bin)", html)
    assert wheel and snapshot
    assert urls == {wheel.group(1), f"pyodide/{snapshot.group(1)}",
                    *(f"pyodide/{name}" for name in offline.PYODIDE_SET)}
    for entry in entries:
        data = (site / entry["url"].split("?")[0]).read_bytes()
        assert entry["revision"] == hashlib.sha256(data).hexdigest()[:16]


def test_under_mkdocs_serve_no_page_names_a_worker_and_sw_js_removes_itself(tmp_path: Path) -> None:
    page = SimpleNamespace(url="en/rules/guild/")
    html = "<html><head><title>x</title></head><body></body></html>"
    try:
        offline.on_startup(command="serve", dirty=False)
        offline.on_pre_build(SimpleNamespace(docs_dir=str(sitekit.ROOT / "docs")))
        served = offline.on_post_page(html, page=page, config=None)
        assert 'rel="manifest"' in served and "data-sw" not in served
        old = tmp_path / "sw-pyodide-0123.js"
        old.write_text("old", encoding="utf-8")
        offline.on_post_build(SimpleNamespace(plugins={}, site_dir=str(tmp_path)))
        assert (tmp_path / "sw.js").read_text(encoding="utf-8") == offline.KILL_SW
        assert not old.exists() and (tmp_path / "en" / "manifest.webmanifest").is_file()
    finally:
        offline.on_startup(command="build", dirty=False)
    built = offline.on_post_page(html, page=page, config=None)
    assert 'data-sw="../../../sw.js"' in built


@pytest.mark.parametrize("module", [offline, icons])
def test_doctests(module: object) -> None:
    import doctest

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted and not result.failed
