"""Gzip the site's text at build time, beside each file (issue 30, item 17).

After every other hook has written its files, each text file of the built site (pages,
stylesheets, scripts, JSON, SVG, XML, manifests, notebooks, and WebAssembly, which gzip
halves as it does text) of at least ``SMALLEST`` bytes gets ``FILE.gz`` beside it, at
gzip's best level. The room server (``marjapussi/rooms/files.py``) sends that copy to a
browser that accepts gzip instead of compressing the file itself; a static host that
knows the convention does the same, one that does not ignores it. Files that are
compressed already (images, PDF, wheels, zips, the offline bundles) get none, and
``mkdocs serve`` none either (it rebuilds on every change).
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

__all__ = ["SMALLEST", "TEXT", "compress_site"]

TEXT = frozenset(
    {".html", ".htm", ".css", ".js", ".mjs", ".json", ".map", ".svg", ".xml", ".txt", ".md",
     ".webmanifest", ".ipynb", ".mjp", ".wasm"}
)
"""The suffixes compressed (the room server's ``files.TEXT``)."""
SMALLEST = 1024
"""A smaller file gains too little to be worth a second file."""

_STATE: dict[str, Any] = {"command": "build"}


def compress_site(site: Path) -> tuple[int, int, int]:
    """Write ``FILE.gz`` beside each text file of ``site``; return how many, and the bytes
    before and after.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "a.css").write_text("p{margin:0}" * 200)
    ...     _ = (Path(folder) / "b.png").write_bytes(bytes(5000))
    ...     _ = (Path(folder) / "c.js").write_text("x")
    ...     count, _, _ = compress_site(Path(folder))
    ...     names = sorted(p.name for p in Path(folder).iterdir())
    ...     same = gzip.decompress((Path(folder) / "a.css.gz").read_bytes()) == b"p{margin:0}" * 200
    >>> count, names, same
    (1, ['a.css', 'a.css.gz', 'b.png', 'c.js'], True)
    """
    count = before = after = 0
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        if path.suffix.lower() not in TEXT or path.stat().st_size < SMALLEST:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) >= len(data):
            continue
        target = path.with_name(path.name + ".gz")
        target.write_bytes(packed)
        stat = path.stat()  # the copy is never older than the file it is of
        os.utime(target, ns=(stat.st_atime_ns, max(stat.st_mtime_ns, target.stat().st_mtime_ns)))
        count, before, after = count + 1, before + len(data), after + len(packed)
    return count, before, after


def on_startup(command: str, dirty: bool) -> None:
    _STATE["command"] = command


@event_priority(-1000)  # after every hook that writes files (offline.py's service worker: -250)
def on_post_build(config: Any, **kwargs: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a language built inside the i18n plugin's post-build: wait for the last
    if _STATE["command"] == "serve":
        return
    count, before, after = compress_site(Path(config.site_dir))
    print(f"compress hook: {count} files gzipped beside them, {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB",
          flush=True)
