#!/usr/bin/env python3
"""Time a clean build of the site and weigh the Finnish guild rules page.

The build is ``mkdocs build --clean`` into a temporary folder, timed from start to end
of the process (the best of ``--repeat`` runs). The page's weight is the bytes a first
visit transfers for it: the HTML plus every stylesheet and script the HTML references,
as their sizes on disk (the site is static, served uncompressed by ``http.server``).
What the theme's script fetches right after (the search worker, its lunr language files
and the search index of the page's language) is listed apart and not in the figure.

The last line printed is ``build_s=S rules_page_kb=K``.

Run with the project's environment: ``.venv/bin/python scripts/bench_site_build.py``.
"""

from __future__ import annotations

import argparse
import os
import posixpath
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
PAGE = "rules/guild/index.html"


class _Refs(HTMLParser):
    """Collect the stylesheets and scripts an HTML page loads."""

    def __init__(self) -> None:
        super().__init__()
        self.css: list[str] = []
        self.js: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "link" and "stylesheet" in values.get("rel", "").split():
            self.css.append(values["href"])
        elif tag == "script" and values.get("src"):
            self.js.append(values["src"])


def build(site: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--clean", "-q", "--site-dir", str(site)],
        cwd=ROOT, env=env, check=True,
    )
    return time.perf_counter() - started


def local_path(site: Path, page: str, href: str) -> Path:
    split = urlsplit(href)
    if split.scheme or href.startswith("//"):
        raise SystemExit(f"{page} loads {href} from another host")
    return site / posixpath.normpath(posixpath.join(posixpath.dirname(page), split.path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1, help="builds to time (best is kept)")
    args = parser.parse_args()

    times = []
    with tempfile.TemporaryDirectory(prefix="mp-bench-site-") as tmp:
        site = Path(tmp) / "site"
        for i in range(max(1, args.repeat)):
            seconds = build(site)
            times.append(seconds)
            print(f"build {i + 1}: {seconds:.2f} s")

        html_path = site / PAGE
        html = html_path.read_text(encoding="utf-8")
        refs = _Refs()
        refs.feed(html)
        rows = [("html", PAGE, html_path.stat().st_size)]
        for kind, hrefs in (("css", refs.css), ("js", refs.js)):
            for href in hrefs:
                path = local_path(site, PAGE, href)
                rows.append((kind, path.relative_to(site).as_posix(), path.stat().st_size))
        total = sum(size for _, _, size in rows)

        print(f"\n{PAGE} and what it loads:")
        for kind, name, size in rows:
            print(f"  {kind:4} {size / 1024:8.1f} KB  {name}")
        print(f"  {'sum':4} {total / 1024:8.1f} KB")

        later = [site / "search" / "search_index.json",
                 *sorted((site / "assets/javascripts/workers").glob("search.*.js"))]
        later += sorted((site / "assets/javascripts/lunr/min").glob("lunr.fi.min.js"))
        later += sorted((site / "assets/javascripts/lunr/min").glob("lunr.stemmer.support.min.js"))
        print("\nfetched by the theme's script for search (not in the sum):")
        extra = 0
        for path in later:
            if path.is_file():
                extra += path.stat().st_size
                print(f"  {path.stat().st_size / 1024:8.1f} KB  {path.relative_to(site)}")
        print(f"  with these: {(total + extra) / 1024:.1f} KB")

    best = min(times)
    print(f"\nbuild_s={best:.2f} rules_page_kb={total / 1024:.1f}")


if __name__ == "__main__":
    main()
