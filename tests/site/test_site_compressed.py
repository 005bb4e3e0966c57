"""The built site carries a gzipped copy beside each text file, for the room server to send
(issue 30, item 17), and none beside files that are compressed already."""

from __future__ import annotations

import gzip
from pathlib import Path

TEXT = (".html", ".css", ".js", ".json", ".svg", ".webmanifest", ".wasm")
PACKED = (".png", ".pdf", ".bin", ".whl", ".zip", ".gz")


def test_every_text_file_has_its_gzipped_copy_and_compressed_files_none(site: Path) -> None:
    # The diagram gallery's pages are written into the served site by a browser test, not by
    # the build (the workers share one built site, copied).
    files = {
        p.relative_to(site).as_posix(): p
        for p in site.rglob("*")
        if p.is_file() and not p.name.startswith("_diagram-gallery-")
    }
    checked = 0
    for name, path in files.items():
        if name.endswith(PACKED):
            assert f"{name}.gz" not in files, name
        elif name.endswith(TEXT) and path.stat().st_size >= 1024:
            copy = files.get(f"{name}.gz")
            assert copy is not None, name
            assert copy.stat().st_mtime_ns >= path.stat().st_mtime_ns, name
            if name in ("index.html", "sw.js", "manifest.webmanifest") or name.endswith((".css", ".wasm")):
                assert gzip.decompress(copy.read_bytes()) == path.read_bytes(), name
            checked += 1
    assert checked > 100, checked
    assert "index.html.gz" in files and "pyodide/pyodide.asm.wasm.gz" in files
    assert not any(name.endswith((".png.gz", ".pdf.gz", ".bin.gz", ".whl.gz")) for name in files)
