"""The built site is an installable app that works offline (site_hooks/offline.py).

Every page of every language links its language's web app manifest, whose icons exist
in the sizes it says (192 and 512 px, "any" and "maskable"). The service worker's list
(``MP_OFFLINE`` in ``sw.js``) puts each file in one group with the hash of its content:
a language's group holds its pages but those for developers, its search index and its
manifest; the engine's group exactly what the widget pages boot from (the packed Pyodide
files, the snapshot), nothing of the plain Pyodide files; the pages for developers, the
other languages' nothing of another. Each group's bundle holds exactly its text files, as
they are. Under ``mkdocs serve`` no page names a service worker and ``sw.js`` removes
itself.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import struct
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import sitekit

from site_hooks import icons, languages, offline, runtime

LANGUAGES = sitekit.site_languages()
DEVELOPERS = languages.developer_pages(sitekit.mkdocs_config()["nav"])


def listing(site: Path) -> dict[str, Any]:
    """The service worker's list of groups (MP_OFFLINE in sw.js)."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"^const MP_OFFLINE = (\{.*\});$", text, re.MULTILINE)
    assert found, "sw.js holds no MP_OFFLINE"
    groups = json.loads(found.group(1))["groups"]
    assert isinstance(groups, dict)
    return groups


def group_files(site: Path) -> dict[str, dict[str, str]]:
    """Each group's files: path → revision."""
    return {name: {path: revision for path, revision, *_ in group["files"]}
            for name, group in listing(site).items()}


def unbundle(data: bytes) -> dict[str, bytes]:
    """The files a bundle holds (offline.make_bundle's format)."""
    raw = gzip.decompress(data)
    assert raw[:8] == offline.BUNDLE_MAGIC
    (length,) = struct.unpack("<I", raw[8:12])
    at = 12 + length
    out = {}
    for path, size, _type in json.loads(raw[12:at]):
        out[path] = raw[at:at + size]
        at += size
    assert at == len(raw)
    return out


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


def test_each_language_keeps_its_pages_but_those_for_developers(site: Path) -> None:
    groups = group_files(site)
    assert set(groups) == {"site", *LANGUAGES, "engine", "more"}
    for lang in LANGUAGES:
        prefix = "" if lang == "fi" else f"{lang}/"
        for page in sitekit.site_pages():
            path = sitekit.page_url(page, lang) + "index.html"
            group = "more" if f"{page}.md" in DEVELOPERS else lang
            assert path in groups[group], f"{path} is not in the group {group!r}"
        assert f"{prefix}search/search_index.json" in groups[lang]
        assert f"{prefix}{offline.MANIFEST}" in groups[lang]
        # nothing of another language
        others = [path for path in groups[lang] if re.match(r"(fi|en|ru)/", path)
                  and not path.startswith(prefix or "fi/")]
        assert not others, others
    assert {"api.md", "record-format.md"} <= set(DEVELOPERS)
    assert not [path for path in groups["more"] if re.search(r"(^|/)(learn|rules/guild|glossary)/", path)]
    assert "404.html" in groups["more"] and "print/guild.fi.pdf" in groups["more"]
    for name in ("assets/offline.js", "assets/icons/icon-512.png",
                 "assets/javascripts/lunr/min/lunr.stemmer.support.min.js"):
        assert name in groups["site"], name
    assert "assets/javascripts/lunr/min/lunr.ru.min.js" in groups["ru"]
    everything = {path for group in groups.values() for path in group}
    assert "assets/javascripts/lunr/min/lunr.de.min.js" not in everything
    # each file in one group, with the hash of its content
    assert sum(len(group) for group in groups.values()) == len(everything)
    for group in groups.values():
        for path, revision in group.items():
            assert revision == hashlib.sha256((site / path).read_bytes()).hexdigest()[:16], path
    # the new version waits for the reader's "reload" (assets/offline.js asks with SKIP_WAITING)
    assert '"SKIP_WAITING"' in (site / "sw.js").read_text(encoding="utf-8")


def test_the_engine_is_what_the_widget_pages_boot_from(site: Path) -> None:
    engine = group_files(site)["engine"]
    html = sitekit.page_file(site, "rules/guild", "en").read_text(encoding="utf-8")
    snapshot = re.search(r"snapshot=(snapshot-[0-9a-f]+\.bin)", html)
    assert snapshot and re.search(r"&amp;packed=[0-9a-f]+\b", html)
    assert set(engine) == {
        f"pyodide/{snapshot.group(1)}", "pyodide/pyodide-lock.json",
        *(f"pyodide/{name}{runtime.PACKED_SUFFIX}" for name in runtime.PACKED_FILES),
        "assets/widgets/runtime.js", "assets/widgets/worker.js", "assets/widgets/snapshot_format.mjs",
        # the compiled search core, where it was built (issue 21)
        *((f"pyodide/{runtime.CORE_WASM.name}",) if re.search(r"&amp;core=[0-9a-f]+\b", html) else ())}
    assert ("&amp;core=" in html) == runtime.CORE_WASM.is_file()
    more = group_files(site)["more"]
    wheel = re.search(r'data-wheel="\.\./\.\./\.\./pyodide/([^"?]+)', html)
    assert wheel and f"pyodide/{wheel.group(1)}" in more and "pyodide/python_stdlib.zip" in more
    everything = {path for group in group_files(site).values() for path in group}
    assert not everything & {f"pyodide/{name}" for name in runtime.PACKED_FILES}


def test_each_bundle_holds_its_groups_text_files_as_they_are(site: Path) -> None:
    for name, group in listing(site).items():
        text = {path for path, _revision, _size, bundled in group["files"] if bundled}
        if group["bundle"] is None:
            continue
        where, size = group["bundle"]
        data = (site / where).read_bytes()
        assert len(data) == size and re.fullmatch(rf"offline/{name}-[0-9a-f]{{16}}\.bin", where), where
        held = unbundle(data)
        assert set(held) == text, name
        for path, content in held.items():
            assert content == (site / path).read_bytes(), path
    # a language's pages come in a fifth of their size or less
    fi = listing(site)["fi"]
    assert fi["bundle"][1] * 4 < sum(size for _path, _revision, size, _bundled in fi["files"])


def test_under_mkdocs_serve_no_page_names_a_worker_and_sw_js_removes_itself(tmp_path: Path) -> None:
    page = SimpleNamespace(url="en/rules/guild/")
    html = "<html><head><title>x</title></head><body></body></html>"
    try:
        offline.on_startup(command="serve", dirty=False)
        offline.on_pre_build(SimpleNamespace(docs_dir=str(sitekit.ROOT / "docs")))
        served = offline.on_post_page(html, page=page, config=None)
        assert 'rel="manifest"' in served and "data-sw" not in served
        old = tmp_path / offline.BUNDLE_DIR / "fi-0123.bin"
        old.parent.mkdir()
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
