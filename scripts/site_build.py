"""Build the site only when its inputs have changed (``scripts/serve.sh`` runs this).

The inputs' stamp is the SHA-256 of every file git lists in the checkout (tracked and
untracked, not ignored) outside ``tests/``, of the ``MARJAPUSSI_*`` variables and of the
Python packages installed in the running interpreter. When the stamp kept beside the site
(``build/site.sha256``) is the same and the site is there, nothing is built. Otherwise
``mkdocs build`` writes into a new folder; only when it succeeds does that folder replace
the site, and only then is the stamp written: a failed build leaves the last site and its
stamp as they were.

    python scripts/site_build.py [--site site] [--stamp build/site.sha256] [--force]

Exit status 0 when the site is ready (built or up to date), 1 when the build failed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = ("tests/",)
"""Folders whose files do not go into the site (their changes need no new build)."""
ENV_PREFIX = "MARJAPUSSI_"


def listed_files(root: Path) -> list[str]:
    """The files git lists under the root, tracked and untracked but not ignored, sorted;
    a tracked file deleted from the work tree is left out."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        check=True,
        capture_output=True,
    ).stdout
    names = {name.decode("utf-8", "surrogateescape") for name in out.split(b"\0") if name}
    return sorted(name for name in names if (root / name).is_file())


def installed_packages() -> list[str]:
    """``name==version`` of every distribution the running interpreter sees, sorted."""
    found = {
        f"{(dist.metadata['Name'] or '').lower()}=={dist.version}" for dist in metadata.distributions()
    }
    return sorted(found)


def inputs_hash(root: Path, environ: Mapping[str, str], packages: Iterable[str]) -> str:
    """The SHA-256 of the site's inputs (see the module docstring), as hex."""
    digest = hashlib.sha256()

    def part(kind: str, name: str, data: bytes) -> None:
        # lengths first, so that no two different inputs make the same stream of bytes
        for piece in (kind.encode(), name.encode("utf-8", "surrogateescape"), data):
            digest.update(len(piece).to_bytes(8, "big"))
            digest.update(piece)

    for name in listed_files(root):
        if not name.startswith(LEFT_OUT):
            part("file", name, (root / name).read_bytes())
    for key in sorted(environ):
        if key.startswith(ENV_PREFIX):
            part("env", key, environ[key].encode("utf-8", "surrogateescape"))
    for package in sorted(packages):
        part("package", package, b"")
    return digest.hexdigest()


def is_current(site: Path, stamp: Path, wanted: str) -> bool:
    """Whether the site is there and was built from inputs with this hash."""
    try:
        kept = stamp.read_text().strip()
    except OSError:
        return False
    return kept == wanted and (site / "index.html").is_file()


def build(
    site: Path,
    stamp: Path,
    wanted: str,
    make: Callable[[Path], bool],
) -> bool:
    """Build into a new folder with ``make(folder)``; on success put it in the site's place and
    write the stamp. On failure leave the site and the stamp as they were; return success."""
    site = site.resolve()
    fresh = site.with_name(f"{site.name}.new-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    try:
        ok = make(fresh) and (fresh / "index.html").is_file()
    except Exception:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if not ok:
        shutil.rmtree(fresh, ignore_errors=True)
        return False
    stamp.unlink(missing_ok=True)  # from here until the new stamp, the site matches no stamp
    old = site.with_name(f"{site.name}.old-{os.getpid()}")
    if site.exists():
        site.rename(old)
    fresh.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(wanted + "\n")
    return True


def mkdocs(extra: Sequence[str] = ()) -> Callable[[Path], bool]:
    """``mkdocs build --strict`` into the folder given, in the repository, with this interpreter."""

    def make(folder: Path) -> bool:
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder), *extra]
        return subprocess.run(command, cwd=ROOT).returncode == 0

    return make


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--stamp", type=Path, default=ROOT / "build" / "site.sha256")
    parser.add_argument("--force", action="store_true", help="build even when the inputs are unchanged")
    args = parser.parse_args(argv)
    started = time.monotonic()
    wanted = inputs_hash(ROOT, os.environ, installed_packages())
    if not args.force and is_current(args.site, args.stamp, wanted):
        print(
            f"serve: the site's inputs are unchanged since its last build: serving {args.site}"
            f" as it is (checked in {time.monotonic() - started:.1f} s)",
            flush=True,
        )
        return 0
    print(f"serve: the site's inputs have changed: building it into {args.site} ...", flush=True)
    started = time.monotonic()
    if not build(args.site, args.stamp, wanted, mkdocs()):
        kept = "the last site is kept" if (args.site / "index.html").is_file() else "there is no site"
        print(f"serve: the build failed after {time.monotonic() - started:.0f} s; {kept}", file=sys.stderr)
        return 1
    print(f"serve: the site was built in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
