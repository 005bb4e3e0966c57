"""The site's files as the room server sends them: cache lifetimes and gzip (issue 30, item 17).

- ``Cache-Control: public, max-age=31536000, immutable`` only for an address that names its
  content: a file name with a content hash (``main.57a0d79d.min.css``,
  ``en-eb09bb7bd0c16e82.bin``) or a ``v=`` in the query (``room.js?v=ab12``, as the site's
  hooks write them); ``no-cache`` for everything else, pages, ``sw.js`` and manifests first
  among them: a browser asks again each time and gets ``304 Not Modified`` while the file is
  unchanged (its ETag).
- Text (HTML, CSS, scripts, JSON, SVG, XML, WebAssembly) goes gzipped to a browser that
  accepts gzip: from ``FILE.gz`` beside the file when the build left one there and it is
  not older, else compressed once per version of the file and kept in memory. A file
  already compressed (images, PDF, wheels, zips, the site's gzipped bundles) goes as it is.

>>> cache_control("/assets/stylesheets/main.57a0d79d.min.css", b"")
'public, max-age=31536000, immutable'
>>> cache_control("/assets/table/room.js", b"v=ab12"), cache_control("/assets/table/room.js", b"")
('public, max-age=31536000, immutable', 'no-cache')
>>> [cache_control(path, b"v=1") for path in ("/sw.js", "/en/rules/", "/manifest.webmanifest")]
['no-cache', 'no-cache', 'no-cache']
"""

from __future__ import annotations

import gzip
import os
import re
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import parse_qs

import anyio.to_thread
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

__all__ = ["IMMUTABLE", "SiteFiles", "cache_control", "compressible"]

IMMUTABLE = "public, max-age=31536000, immutable"
HASHED_NAME = re.compile(r"[.-][0-9a-f]{8,}(?:\.min)?\.[a-z0-9]+$")
"""A file name that carries its content's hash (Material's bundles, the offline bundles)."""
ALWAYS_ASKED = re.compile(r"(?:^|/)(?:sw\.js|[^/]*\.webmanifest|manifest\.json|[^/]*\.html?)$")
"""Addresses a browser must ask for again every time, whatever their query."""
TEXT = frozenset(
    {".html", ".htm", ".css", ".js", ".mjs", ".json", ".map", ".svg", ".xml", ".txt", ".md",
     ".webmanifest", ".ipynb", ".mjp", ".wasm"}
)
"""What is worth compressing (WebAssembly is no text, but gzip halves it as it does text)."""
LARGEST = 32 * 1024 * 1024
"""A larger file goes as it is (no such file on the site; a bound on the memory kept)."""


def cache_control(path: str, query: bytes) -> str:
    """The ``Cache-Control`` of a file's address (see the module docstring)."""
    if path.endswith("/") or ALWAYS_ASKED.search(path):
        return "no-cache"
    if HASHED_NAME.search(PurePosixPath(path).name):
        return IMMUTABLE
    if "v" in parse_qs(query.decode("latin-1")):
        return IMMUTABLE
    return "no-cache"


def compressible(path: str) -> bool:
    """Whether the file goes gzipped to a browser that accepts it.

    >>> compressible("site/index.html"), compressible("pyodide/x.whl"), compressible("offline/en-1.bin")
    (True, False, False)
    """
    return os.path.splitext(path)[1].lower() in TEXT


def accepts_gzip(headers: Headers) -> bool:
    """Whether the request's ``Accept-Encoding`` allows gzip (``q=0`` refuses it).

    >>> accepts_gzip(Headers({"accept-encoding": "gzip, deflate, br"}))
    True
    >>> accepts_gzip(Headers({"accept-encoding": "gzip;q=0, br"})), accepts_gzip(Headers({}))
    (False, False)
    """
    for part in headers.get("accept-encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "x-gzip", "*"):
            weight = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
            try:
                return float(weight) > 0
            except ValueError:
                return False
    return False


class _Gzip(Response):
    """A file to send gzipped: ``SiteFiles.get_response`` compresses it off the event loop."""

    def __init__(self, full_path: str, stat_result: os.stat_result, headers: Headers) -> None:
        super().__init__(status_code=200, headers=dict(headers))
        self.full_path = full_path
        self.stat_result = stat_result


class SiteFiles(StaticFiles):
    """Starlette's static files with cache lifetimes and gzip (see the module docstring)."""

    def __init__(self, *, directory: str, html: bool = False) -> None:
        super().__init__(directory=directory, html=html)
        self._gzipped: dict[str, tuple[int, int, bytes]] = {}

    def file_response(
        self,
        full_path: Any,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        request_headers = Headers(scope=scope)
        response = FileResponse(full_path, status_code=status_code, stat_result=stat_result)
        response.headers["cache-control"] = cache_control(scope["path"], scope.get("query_string", b""))
        text = compressible(str(full_path)) and stat_result.st_size <= LARGEST
        zipped = text and status_code == 200 and accepts_gzip(request_headers)
        zipped = zipped and "range" not in request_headers
        if text:
            response.headers["vary"] = "Accept-Encoding"
        if zipped:  # the gzipped body is another representation: another ETag
            response.headers["etag"] = response.headers["etag"].removesuffix('"') + '-gzip"'
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        if zipped:
            kept = Headers(
                {
                    name: value
                    for name, value in response.headers.items()
                    if name in ("content-type", "etag", "last-modified", "cache-control", "vary")
                }
            )
            return _Gzip(str(full_path), stat_result, kept)
        return response

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if not isinstance(response, _Gzip):
            return response
        body = await anyio.to_thread.run_sync(self._compressed, response.full_path, response.stat_result)
        headers = {name: value for name, value in response.headers.items() if name != "content-length"}
        headers["content-encoding"] = "gzip"
        return Response(body, status_code=200, headers=headers)

    def _compressed(self, full_path: str, stat_result: os.stat_result) -> bytes:
        version = (stat_result.st_mtime_ns, stat_result.st_size)
        kept = self._gzipped.get(full_path)
        if kept is not None and kept[:2] == version:
            return kept[2]
        try:
            beside = os.stat(full_path + ".gz")
            fresh = beside.st_mtime_ns >= stat_result.st_mtime_ns
        except OSError:
            fresh = False
        if fresh:
            with open(full_path + ".gz", "rb") as file:
                body = file.read()
        else:
            with open(full_path, "rb") as file:
                body = gzip.compress(file.read(), compresslevel=6, mtime=0)
        self._gzipped[full_path] = (*version, body)
        return body
