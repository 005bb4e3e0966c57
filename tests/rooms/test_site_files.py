"""The room server sends the built site with cache lifetimes and gzip (issue 30, item 17):
immutable only for addresses that name their content, ``no-cache`` for pages, ``sw.js`` and
manifests, text gzipped for a browser that accepts it, compressed files as they are."""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.files import IMMUTABLE
from marjapussi.rooms.server import TableConfig, create_app

from .kit import FAST

CSS = "body{color:#123}\n" * 400
PAGE = "<!doctype html><title>Marjapussi</title>" + "<p>Valtti on hertta.</p>\n" * 300
PACKED = gzip.compress(b"MPBUNDL1" + b"\0" * 5000, mtime=0)


@pytest.fixture
def client(tmp_path: Path) -> Any:
    site = tmp_path / "site"
    files = {
        "index.html": PAGE,
        "en/rules/index.html": PAGE,
        "sw.js": "self.addEventListener('fetch', () => {});\n" * 50,
        "manifest.webmanifest": '{"name": "Marjapussi", "icons": []}' + " " * 2000,
        "assets/stylesheets/main.57a0d79d.min.css": CSS,
        "assets/marjapussi.css": CSS,
        "assets/table/room.js": "export const x = 1;\n" * 200,
        "search/search_index.json": '{"docs": []}' + " " * 3000,
    }
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    (site / "offline").mkdir()
    (site / "offline" / "en-eb09bb7bd0c16e82.bin").write_bytes(PACKED)
    (site / "pyodide").mkdir()
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(20000))
    (site / "pyodide" / "m-0.1.0-py3-none-any.whl").write_bytes(PACKED)
    app = create_app(TableConfig(db=":memory:", site=site, clock=ManualClock(), limits=FAST, run_timer=False))
    with TestClient(app) as test_client:
        test_client.site = site
        yield test_client


def fetch(client: Any, url: str, gzip_ok: bool = True, **headers: str) -> Any:
    asked = {"accept-encoding": "gzip, deflate, br" if gzip_ok else "identity", **headers}
    return client.get(url, headers=asked)


def test_only_addresses_that_name_their_content_are_immutable(client: Any) -> None:
    for url in (
        "/assets/stylesheets/main.57a0d79d.min.css",
        "/assets/table/room.js?v=ab12",
        "/assets/marjapussi.css?v=070095512f01",
        "/offline/en-eb09bb7bd0c16e82.bin",
        "/pyodide/pyodide.asm.wasm?v=cd",
    ):
        response = fetch(client, url)
        assert response.status_code == 200 and response.headers["cache-control"] == IMMUTABLE, url
    for url in (
        "/",
        "/index.html",
        "/en/rules/",
        "/en/rules/?v=1",
        "/sw.js",
        "/sw.js?v=1",
        "/manifest.webmanifest",
        "/assets/marjapussi.css",
        "/assets/table/room.js",
        "/search/search_index.json",
        "/pyodide/m-0.1.0-py3-none-any.whl",
    ):
        response = fetch(client, url)
        assert response.status_code == 200 and response.headers["cache-control"] == "no-cache", url


def test_text_goes_gzipped_to_a_browser_that_accepts_it_and_compressed_files_as_they_are(
    client: Any,
) -> None:
    site: Path = client.site
    for url, name in (
        ("/", "index.html"),
        ("/en/rules/", "en/rules/index.html"),
        ("/assets/stylesheets/main.57a0d79d.min.css", "assets/stylesheets/main.57a0d79d.min.css"),
        ("/sw.js", "sw.js"),
        ("/manifest.webmanifest", "manifest.webmanifest"),
        ("/search/search_index.json", "search/search_index.json"),
        ("/pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.wasm"),
    ):
        raw = (site / name).read_bytes()
        zipped = fetch(client, url)
        assert zipped.headers["content-encoding"] == "gzip", url
        assert zipped.headers["vary"] == "Accept-Encoding"
        assert zipped.content == raw  # the client unzipped it
        assert int(zipped.headers["content-length"]) < len(raw) / 3
        plain = fetch(client, url, gzip_ok=False)
        assert "content-encoding" not in plain.headers and plain.content == raw
        assert int(plain.headers["content-length"]) == len(raw)
        assert zipped.headers["etag"] != plain.headers["etag"]
        refused = fetch(client, url, gzip_ok=False, **{"accept-encoding": "gzip;q=0"})
        assert "content-encoding" not in refused.headers
    for url, name in (
        ("/offline/en-eb09bb7bd0c16e82.bin", "offline/en-eb09bb7bd0c16e82.bin"),
        ("/pyodide/m-0.1.0-py3-none-any.whl", "pyodide/m-0.1.0-py3-none-any.whl"),
    ):
        response = fetch(client, url)
        assert "content-encoding" not in response.headers, url
        assert response.content == (site / name).read_bytes()


def test_an_unchanged_file_is_not_sent_again_and_a_changed_one_is(client: Any) -> None:
    site: Path = client.site
    for gzip_ok in (True, False):
        first = fetch(client, "/assets/marjapussi.css", gzip_ok)
        again = fetch(client, "/assets/marjapussi.css", gzip_ok, **{"if-none-match": first.headers["etag"]})
        assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"
    css = site / "assets" / "marjapussi.css"
    css.write_text(CSS + "p{margin:0}\n")
    stat = css.stat()
    os.utime(css, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    changed = fetch(client, "/assets/marjapussi.css", **{"if-none-match": first.headers["etag"]})
    assert changed.status_code == 200 and changed.text.endswith("p{margin:0}\n")
    assert changed.headers["content-encoding"] == "gzip"


def test_a_gz_file_the_build_left_beside_is_sent_when_it_is_not_older(client: Any) -> None:
    site: Path = client.site
    css = site / "assets" / "marjapussi.css"
    beside = site / "assets" / "marjapussi.css.gz"
    beside.write_bytes(gzip.compress(b"/* built */" + CSS.encode(), mtime=0))
    assert fetch(client, "/assets/marjapussi.css").text.startswith("/* built */")
    stat = beside.stat()
    os.utime(css, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # the file is newer now
    assert fetch(client, "/assets/marjapussi.css").text == CSS
