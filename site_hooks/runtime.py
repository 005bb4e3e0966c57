"""Make the widgets live: put Pyodide, the package's wheel and the runtime into the site.

- Before the pages are built, build the ``marjapussi`` wheel (pure Python,
  ``py3-none-any``) from the working tree with hatchling's build API, in this process:
  nothing is downloaded. It leaves out the room server (``marjapussi/rooms``), which
  runs on a server only.
- After each page is rendered, add the runtime's ``<script type="module" async>`` to its
  ``<head>`` (right after ``<meta charset>``, before the stylesheets, which would hold
  back the inline script below), but only when the page holds a widget
  (``<div class="mp-widget" data-widget=...>``, rendered by ``widgets.py``): a page
  without widgets loads nothing of the runtime nor of Pyodide. After it comes
  ``early.js``, inlined: when the address points at a widget (``#w-...``) or opens a
  shared position (``?w=...``), it starts the worker while the page is still loading,
  and the runtime adopts it. Then ``nomodule.js``, inlined in a
  ``<script nomodule>``: a browser without modules shows why the widgets stay still.
- After the build, copy the wheel and the Pyodide files the runtime needs from
  ``node_modules/pyodide`` (the npm package pinned in package.json) into ``pyodide/``
  of the built site. Nothing is ever fetched from another host.
- The memory snapshot the worker boots from: ``scripts/make_snapshot.mjs`` (Node, the
  pinned Pyodide) boots Pyodide, installs the wheel, imports and warms the web bridge and
  writes the memory, less the static data of pyodide.asm.wasm (``snapshot_format.mjs``),
  gzipped, which this hook gzips again with libdeflate's best level (``recompress``).
  It is made once per set of inputs (the wheel, Pyodide's files, the script and the
  format) and kept in ``node_modules/.cache/marjapussi-snapshot/``; the site gets it
  as ``pyodide/snapshot-HASH.bin`` (gzip inside; HASH: the start of the file's SHA-256,
  which the worker checks; not ``.gz``, which some servers, Apache's default among them,
  send as ``Content-Encoding: gzip``, so that the browser unpacks it itself), and the
  worker's address names it (``worker.js?v=..&snapshot=..``).
  If it cannot be made (no Node, a failing script), the build still succeeds and the
  widgets boot the normal way, but the hook says so loudly on stderr. Making one takes
  some 10 to 30 s: ``MARJAPUSSI_SNAPSHOT=0`` leaves it out on purpose (while editing
  the package under ``mkdocs serve``, say).
- Pyodide's three files of a boot, gzipped (``PACKED_FILES``): the worker fetches
  ``pyodide/NAME-gzip.bin`` and unpacks it as it streams in (``DecompressionStream``),
  the wasm compiling while it downloads, rather than rely on the host to compress them:
  a host that compresses nothing would otherwise send ``pyodide.asm.wasm``'s 9.4 MB as
  they are (3.3 MB gzipped). Made once per version of the npm package and kept in
  ``node_modules/.cache/marjapussi-packed/``; the worker's address names their version
  (``packed=HASH``). The plain files stay beside them for a browser without
  ``DecompressionStream``.
- Its bytes (issue 15; MiB after ``recompress``): 4.53 with the docstrings of what the
  warm-up imports out; 4.13 once the script also takes the docstrings and real line
  tables out of every function Pyodide itself imported and leaves out the command
  lines; 4.05 without the functions' ``__annotate__``. Issue 23, after the merges of the
  game model, the marriage family and the compiled core had brought it to 4.34: 4.13
  with the score keeper's, the dispute page's and the course's widgets and the marriage
  family as source (compiled at first use) and without ``ctypes``; 4.06 with the Play
  page's widget as source too, not kept (its first deal took twice as long). Measured and not kept:
  splitting each 64 KB block's 32-bit words into byte planes or delta-coding them
  before deflate, even block by block whichever deflates smaller, saves 0.004 (the
  heap is mostly strings, bytecode and pointers, which deflate's matches catch
  already); Pyodide's CPython has no pymalloc (all is dlmalloc's, whose free chunks the
  script zeroes), so there are no free pools to zero; clearing ``re``'s cache and
  dropping the wheel's RECORD saves 0.02, for work redone at a click.

- The compiled search core (issue 21): when ``scripts/build_core.sh`` has built
  ``build/core/marjapussi_core.wasm`` (``marjapussi.analysis.core.WASM_NAME``), it is
  copied into ``pyodide/`` and the worker's address names its version (``core=HASH``):
  the worker instantiates it while Pyodide starts and hands its exports to
  ``marjapussi.analysis.core.use_wasm`` before the first call, so that "best card here"
  and "which card" are exact from the first card. A site built where no core could be
  compiled still works: the address names no core, the pure-Python solver serves, and
  the widgets say their early values are estimates.

The script tag tells the runtime where Pyodide and the wheel are, as addresses relative
to the page, each with a content hash as query so that a browser never keeps an old copy.
The runtime itself lives in ``docs/assets/widgets/`` and is copied by MkDocs.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from marjapussi.analysis.core import BUILD_DIR, WASM_NAME

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""What ``loadPyodide`` fetches besides the lock file."""
LOCK_FILE = "pyodide-lock.json"
"""Written by the build with the npm package's ``info`` and no packages: the worker
unpacks the wheel itself, so the 120 KB list of Pyodide's own packages is not needed."""
PYODIDE_DIR = "pyodide"
WIDGETS_DIR = "assets/widgets"
RUNTIME = f"{WIDGETS_DIR}/runtime.js"
WORKER = f"{WIDGETS_DIR}/worker.js"
EARLY = "early.js"
NOMODULE = "nomodule.js"
SNAPSHOT_SCRIPT = ROOT / "scripts" / "make_snapshot.mjs"
SNAPSHOT_FORMAT = ROOT / "docs" / WIDGETS_DIR / "snapshot_format.mjs"
"""The file format, shared by the script and the worker."""
SNAPSHOT_CACHE = ROOT / "node_modules" / ".cache" / "marjapussi-snapshot"
SNAPSHOT_KEEP = 4
"""How many snapshots the cache keeps (the newest)."""
PACKED_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""Pyodide's files of a boot that the worker fetches gzipped and unpacks itself."""
PACKED_SUFFIX = "-gzip.bin"
"""Not ``.gz``: some servers send such a file with ``Content-Encoding: gzip`` (the browser
would unpack it before the worker does), and compress a ``.wasm`` or ``.mjs`` again."""
PACKED_CACHE = ROOT / "node_modules" / ".cache" / "marjapussi-packed"
CORE_WASM = BUILD_DIR / WASM_NAME
"""The compiled search core for the browser, built by ``scripts/build_core.sh`` (may be absent)."""

WIDGET = re.compile(r"""<div\b[^>]*\bclass=(["'])mp-widget[\s"'][^>]*\bdata-widget=""")
"""A widget the runtime runs (the room of the Table page is drawn by its server: no data-widget)."""
HEAD_START = re.compile(r"<head\b[^>]*>(\s*<meta\s+charset=[^>]*>)?", re.IGNORECASE)

_STATE: dict[str, Any] = {}


def _digest(paths: list[Path]) -> str:
    sha = hashlib.sha256()
    for path in sorted(paths):
        sha.update(path.name.encode())
        sha.update(path.read_bytes())
    return sha.hexdigest()[:12]


BROWSER_LEAVES_OUT = "marjapussi/rooms"
"""The room server: it runs on a server, never in the browser (nor in the snapshot)."""


def build_wheel(project: Path, out_dir: Path) -> Path:
    """Build the wheel the site's browsers install into ``out_dir`` with hatchling; return its path.

    It is the project's wheel less the room server (``marjapussi/rooms``, and the copies of
    the site's scripts the installed server's own page uses).
    """
    import tomllib

    from hatchling.builders.wheel import WheelBuilder

    config = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    target = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    target.pop("force-include", None)
    target["exclude"] = [*target.get("exclude", []), BROWSER_LEAVES_OUT]
    builder = WheelBuilder(str(project), config=config)
    built = list(builder.build(directory=str(out_dir), versions=["standard"]))
    if len(built) != 1 or not built[0].endswith("-py3-none-any.whl"):
        raise PluginError(f"runtime hook: expected one py3-none-any wheel, got {built}")
    return Path(built[0])


def snapshot_key(wheel: Path, pyodide_dir: Path = PYODIDE_NPM, script: Path = SNAPSHOT_SCRIPT) -> str:
    """The cache key of a snapshot: a hash of everything that goes into making it."""
    sha = hashlib.sha256()
    pyodide = [pyodide_dir / name for name in (*PYODIDE_FILES, "package.json")]
    inputs = (wheel, script, SNAPSHOT_FORMAT, *pyodide)
    for path in inputs:
        sha.update(path.name.encode() + b"\0")
        sha.update(path.read_bytes())
    return sha.hexdigest()[:24]


def snapshot_name(data: bytes) -> str:
    """The content-hashed name the site serves a snapshot under.

    >>> snapshot_name(b"")
    'snapshot-e3b0c44298fc1c14.bin'
    """
    return f"snapshot-{hashlib.sha256(data).hexdigest()[:16]}.bin"


def _say_loudly(message: str) -> None:
    bar = "!" * 78
    print(f"{bar}\nruntime hook: NO MEMORY SNAPSHOT: {message}\n"
          "runtime hook: the site is built without it; its widgets boot the normal way "
          f"(several seconds slower).\n{bar}", file=sys.stderr, flush=True)


def make_snapshot(wheel: Path, cache: Path = SNAPSHOT_CACHE, node: str | None = None,
                  script: Path = SNAPSHOT_SCRIPT, pyodide_dir: Path = PYODIDE_NPM) -> Path | None:
    """The gzipped memory snapshot for ``wheel``: from the cache, else made with Node.

    Returns None, after saying why on stderr, when it cannot be made: the site then
    works without it.
    """
    try:
        key = snapshot_key(wheel, pyodide_dir, script)
    except OSError as error:
        _say_loudly(f"cannot read its inputs: {error}")
        return None
    cached = cache / f"{key}.gz"
    if cached.is_file() and cached.stat().st_size > 0:
        cached.touch()
        return cached
    node = node or shutil.which("node")
    if node is None:
        _say_loudly("node is not installed (./scripts/setup.sh says how to get it)")
        return None
    cache.mkdir(parents=True, exist_ok=True)
    part = cache / f"{key}.{os.getpid()}.part"
    try:
        proc = subprocess.run(
            [node, str(script), "--wheel", str(wheel), "--out", str(part), "--pyodide", str(pyodide_dir)],
            capture_output=True, text=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        _say_loudly(f"{script.name} could not run: {error}")
        part.unlink(missing_ok=True)
        return None
    if proc.returncode != 0 or not part.is_file() or part.stat().st_size == 0:
        _say_loudly(f"{script.name} failed (exit {proc.returncode}):\n{(proc.stdout + proc.stderr)[-3000:]}")
        part.unlink(missing_ok=True)
        return None
    recompressed = recompress(part)
    part.replace(cached)
    print(f"runtime hook: {proc.stdout.strip()} {recompressed}", file=sys.stderr, flush=True)
    for old in sorted(cache.glob("*.gz"), key=lambda p: p.stat().st_mtime, reverse=True)[SNAPSHOT_KEEP:]:
        old.unlink(missing_ok=True)
    return cached


def gzip_best(data: bytes) -> bytes | None:
    """``data`` gzipped with libdeflate's best level, or None without the ``deflate`` package.

    Still gzip, which the worker's DecompressionStream undoes, but 3.5 % smaller than
    zlib's level 9 on the snapshot (measured: 4.77 against 4.86 MB; level 6 4.94 MB).

    >>> gzip.decompress(gzip_best(b"abc" * 100) or gzip.compress(b"abc" * 100)) == b"abc" * 100
    True
    """
    try:
        import deflate
    except ImportError:
        return None
    return bytes(deflate.gzip_compress(data, 12))


def recompress(path: Path) -> str:
    """Gzip the snapshot at ``path`` again with ``gzip_best``, in place.

    Some 6 s of CPU once per snapshot. Without the ``deflate`` package the script's own
    gzip stays. Returns a note of what it did.
    """
    data = gzip_best(gzip.decompress(path.read_bytes()))
    if data is None:
        return "libdeflate_mb=- (no deflate package: zlib's gzip kept)"
    path.write_bytes(data)
    return f"libdeflate_mb={len(data) / 1048576:.2f}"


def packed_engine(pyodide_dir: Path = PYODIDE_NPM, cache: Path = PACKED_CACHE) -> dict[str, bytes]:
    """The gzipped copies of ``PACKED_FILES`` (site name → bytes), each made once per version.

    Some 5 s of CPU for the wasm the first time; afterwards read from ``cache``.
    """
    packed = {}
    for name in PACKED_FILES:
        data = (pyodide_dir / name).read_bytes()
        key = hashlib.sha256(name.encode() + b"\0" + data).hexdigest()[:24]
        kept = cache / f"{key}{PACKED_SUFFIX}"
        if not kept.is_file() or kept.stat().st_size == 0:
            cache.mkdir(parents=True, exist_ok=True)
            part = kept.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(gzip_best(data) or gzip.compress(data, 9, mtime=0))
            part.replace(kept)
        packed[f"{name}{PACKED_SUFFIX}"] = kept.read_bytes()
    return packed


def packed_version(packed: dict[str, bytes]) -> str:
    """The version the worker's address names for the packed files: a hash of them all.

    >>> packed_version({"a-gzip.bin": b"1"}) == packed_version({"a-gzip.bin": b"2"})
    False
    """
    sha = hashlib.sha256()
    for name in sorted(packed):
        sha.update(name.encode() + b"\0" + packed[name])
    return sha.hexdigest()[:12]


def relative_root(page_url: str) -> str:
    """The site root as seen from a page's address (``en/rules/guild/`` → ``../../..``).

    >>> relative_root("en/rules/guild/"), relative_root(""), relative_root("404.html")
    ('../../..', '.', '.')
    """
    folder = posixpath.dirname(page_url) or "."
    return posixpath.relpath(".", folder)


def script_tag(root: str, wheel_name: str, wheel_hash: str, js_hash: str, snapshot: str = "",
               packed: str = "", core: str = "") -> str:
    """The runtime's script element for a page whose site root is ``root``.

    The worker's address names the snapshot it boots from, if there is one, the version
    of the packed Pyodide files (``packed_version``), if there are any, and the version of
    the compiled core (``core``: a hash of ``CORE_WASM``), if the site serves one.

    >>> tag = script_tag("..", "m-0-py3-none-any.whl", "ab", "cd", "snapshot-ef.bin", "12", "34")
    >>> for part in tag.split(" data-"):
    ...     print(part)
    <script type="module" async src="../assets/widgets/runtime.js?v=cd"
    mp-runtime
    worker="../assets/widgets/worker.js?v=cd&amp;snapshot=snapshot-ef.bin&amp;packed=12&amp;core=34"
    pyodide="../pyodide/"
    wheel="../pyodide/m-0-py3-none-any.whl?v=ab"></script>
    >>> 'worker.js?v=cd"' in script_tag("..", "m-0-py3-none-any.whl", "ab", "cd")
    True
    """
    worker_query = (f"?v={js_hash}" + (f"&amp;snapshot={snapshot}" if snapshot else "")
                    + (f"&amp;packed={packed}" if packed else "")
                    + (f"&amp;core={core}" if core else ""))
    return (
        f'<script type="module" async src="{root}/{RUNTIME}?v={js_hash}" data-mp-runtime '
        f'data-worker="{root}/{WORKER}{worker_query}" '
        f'data-pyodide="{root}/{PYODIDE_DIR}/" '
        f'data-wheel="{root}/{PYODIDE_DIR}/{wheel_name}?v={wheel_hash}"></script>'
    )


def inline_script(source: str, attributes: str) -> str:
    r"""A ``<script>`` element holding ``source`` without its whole-line comments.

    >>> inline_script("// note\nvar a = 1; // kept\n  // indented note\n", "data-x")
    '<script data-x>var a = 1; // kept</script>'
    """
    code = "\n".join(line for line in source.splitlines()
                     if line.strip() and not line.strip().startswith("//"))
    if "</script" in code.lower():
        raise PluginError("runtime hook: an inlined script must not contain </script")
    return f"<script {attributes}>{code}</script>"


def add_runtime(html: str, tags: str) -> str:
    r"""Add ``tags`` at the start of ``<head>`` when the page holds a widget.

    >>> page = '<head>\n<meta charset="utf-8"><link href="a.css"></head>'
    >>> print(add_runtime(page + '<div class="mp-widget" data-widget="x">', "<script></script>"))
    <head>
    <meta charset="utf-8"><script></script><link href="a.css"></head><div class="mp-widget" data-widget="x">
    >>> add_runtime(page + "<p></p>", "<script></script>") == page + "<p></p>"
    True
    """
    if not WIDGET.search(html):
        return html
    head = HEAD_START.search(html)
    if head is None:
        raise PluginError("runtime hook: a page with widgets has no <head>")
    return html[:head.end()] + tags + html[head.end():]


def on_pre_build(config: Any, **kwargs: Any) -> None:
    """Build the wheel (once per process and source state) and hash the runtime's files."""
    sources = [p for p in (ROOT / "marjapussi").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts] + [ROOT / "pyproject.toml"]
    source_hash = _digest(sources)
    if _STATE.get("source_hash") != source_hash:
        out_dir = Path(tempfile.mkdtemp(prefix="marjapussi-wheel-"))
        wheel = build_wheel(ROOT, out_dir)
        _STATE.update(source_hash=source_hash, wheel=wheel,
                      wheel_hash=_digest([wheel]), snapshot_data=b"", snapshot_name="")
    widgets_dir = Path(config.docs_dir) / WIDGETS_DIR
    scripts = sorted([*widgets_dir.glob("*.js"), *widgets_dir.glob("*.mjs")])
    needed = ("runtime.js", "worker.js", EARLY, NOMODULE)
    if not all((widgets_dir / name).is_file() for name in needed):
        raise PluginError(f"runtime hook: {widgets_dir} must hold {', '.join(needed)}")
    _STATE["js_hash"] = _digest(scripts)
    _STATE["inline"] = (
        inline_script((widgets_dir / EARLY).read_text(encoding="utf-8"), "data-mp-early")
        + inline_script((widgets_dir / NOMODULE).read_text(encoding="utf-8"), "nomodule data-mp-nomodule")
    )
    missing = [name for name in (*PYODIDE_FILES, LOCK_FILE) if not (PYODIDE_NPM / name).is_file()]
    if missing:
        raise PluginError(
            f"runtime hook: {PYODIDE_NPM} lacks {', '.join(missing)}: run ./scripts/setup.sh "
            "(npm ci installs the pinned pyodide package)"
        )
    _choose_snapshot()
    choose_core()
    if "packed" not in _STATE:
        packed = packed_engine()
        _STATE.update(packed=packed, packed_version=packed_version(packed))


def _choose_snapshot() -> None:
    """Make or take the build's snapshot, once per wheel; ``MARJAPUSSI_SNAPSHOT=0``: none."""
    if os.environ.get("MARJAPUSSI_SNAPSHOT") == "0":
        print("runtime hook: MARJAPUSSI_SNAPSHOT=0: no memory snapshot, the widgets boot the normal way",
              file=sys.stderr, flush=True)
        _STATE.update(snapshot_data=b"", snapshot_name="")
    elif not _STATE.get("snapshot_data"):
        snapshot = make_snapshot(_STATE["wheel"])
        # The bytes are kept, not the cache's path: another build may replace that file
        # (a snapshot made again is not byte-identical) before this one copies it, and the
        # site would then serve a file that does not match its name.
        data = snapshot.read_bytes() if snapshot else b""
        _STATE.update(snapshot_data=data, snapshot_name=snapshot_name(data) if data else "")


def choose_core(path: Path = CORE_WASM) -> None:
    """Take the compiled core's module for the site, if it was built; else say so."""
    data = path.read_bytes() if path.is_file() else b""
    if not data:
        print(f"runtime hook: no compiled core ({path.name}; scripts/build_core.sh builds it): "
              "the widgets' early values are estimates", file=sys.stderr, flush=True)
    _STATE.update(core_data=data, core_version=hashlib.sha256(data).hexdigest()[:12] if data else "")


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    tags = script_tag(relative_root(page.url), _STATE["wheel"].name, _STATE["wheel_hash"],
                      _STATE["js_hash"], _STATE["snapshot_name"], _STATE["packed_version"],
                      _STATE["core_version"]) + _STATE["inline"]
    return add_runtime(output, tags)


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Copy Pyodide's files, their packed copies, the wheel and the snapshot into ``pyodide/``
    of the built site."""
    target = Path(config.site_dir) / PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source, dest = PYODIDE_NPM / name, target / name
        if not dest.is_file() or dest.stat().st_size != source.stat().st_size \
                or dest.stat().st_mtime < source.stat().st_mtime:
            shutil.copy2(source, dest)
    for packed_name, data in _STATE.get("packed", {}).items():
        dest = target / packed_name
        if not dest.is_file() or dest.read_bytes() != data:
            dest.write_bytes(data)
    lock = json.loads((PYODIDE_NPM / LOCK_FILE).read_text(encoding="utf-8"))
    (target / LOCK_FILE).write_text(json.dumps({"info": lock["info"], "packages": {}}),
                                    encoding="utf-8")
    wheel: Path = _STATE["wheel"]
    for old in target.glob("*.whl"):
        if old.name != wheel.name:
            old.unlink()
    shutil.copy2(wheel, target / wheel.name)
    name: str = _STATE.get("snapshot_name", "")
    for old_snapshot in target.glob("snapshot-*.bin"):
        if old_snapshot.name != name:
            old_snapshot.unlink()
    if name:
        (target / name).write_bytes(_STATE["snapshot_data"])
    core = target / CORE_WASM.name
    if _STATE.get("core_data"):
        if not core.is_file() or core.read_bytes() != _STATE["core_data"]:
            core.write_bytes(_STATE["core_data"])
    else:
        core.unlink(missing_ok=True)
