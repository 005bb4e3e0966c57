"""Lighthouse's performance score of the site as the README serves it (issue 30, item 17).

Starts the README's serve command (``./scripts/serve.sh``, on a free port, its rooms in a
temporary file; it builds the site first only when the site's inputs changed), then runs
Lighthouse (npm's ``lighthouse``, pinned in package.json; its default mobile preset:
a mid-range phone on a slow 4G link, simulated) with Debian's Chromium, five times a page
(the home page, the guild's rules, Play), and prints each run's score and the median of
each page, with its main timings and the machine's load average around the runs.

A benchmark, not a test: the scores move with the machine's load (Lighthouse's simulated
throttling scales what it measures). Goals (issue 30): at least 90 on the home and rules
pages, 80 on Play.

``--site DIR`` serves a site built before (``tests/site/sitekit.py DIR`` builds one into
``DIR/site``) with the same server, ``python -m marjapussi table --site DIR``, instead of
the serve command: two builds, before and after a change, can so be measured one after
the other at the same load of the machine.

    python scripts/bench_lighthouse.py [--runs 5] [--pages index,rules/guild,play] [--site DIR]

(``--pages`` also knows ``en/rules/guild`` and ``ru/rules/guild``.)
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PAGES = {"index": "/", "rules/guild": "/rules/guild/", "play": "/play/",
         "en/rules/guild": "/en/rules/guild/", "ru/rules/guild": "/ru/rules/guild/"}
"""The pages measured by default (the first three) and the guild rules in the other languages."""
GOALS = {"index": 90, "rules/guild": 90, "play": 80, "en/rules/guild": 90, "ru/rules/guild": 90}
DEFAULT_PAGES = ("index", "rules/guild", "play")
METRICS = (
    ("first-contentful-paint", "FCP"),
    ("largest-contentful-paint", "LCP"),
    ("total-blocking-time", "TBT"),
    ("speed-index", "SI"),
    ("cumulative-layout-shift", "CLS"),
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def start_server(port: int, db: Path, site: Path | None = None) -> subprocess.Popen[str]:
    """The README's serve command, or the same server on the built ``site``; returns once
    it listens (the serve command may build the site first)."""
    env = dict(os.environ, PORT=str(port), ROOMS_DB=str(db))
    command = ["./scripts/serve.sh"] if site is None else [
        sys.executable, "-m", "marjapussi", "table",
        "--site", str(site), "--port", str(port), "--db", str(db)]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(("serve:", "table:")):
            print(line.rstrip(), flush=True)
        if line.startswith("table: the table is at"):
            return proc
    raise SystemExit(f"bench_lighthouse: the server did not start (status {proc.wait()})")


def lighthouse(url: str, profile: Path) -> dict[str, Any]:
    """One Lighthouse run (mobile, performance only); its report as JSON."""
    flags = f"--headless=new --no-sandbox --user-data-dir={profile}"
    out = subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--only-categories=performance",
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            f"--chrome-path={CHROMIUM}",
            f"--chrome-flags={flags}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url}: {out.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(out.stdout)
    return report


def summary(report: dict[str, Any]) -> tuple[float, dict[str, float]]:
    score = float(report["categories"]["performance"]["score"] or 0) * 100
    timings = {short: float(report["audits"][name]["numericValue"]) for name, short in METRICS}
    return score, timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", default=",".join(DEFAULT_PAGES), help=f"of {', '.join(PAGES)}")
    parser.add_argument("--site", type=Path, help="a built site to serve instead of building one")
    args = parser.parse_args(argv)
    if args.site is not None and not (args.site / "index.html").is_file():
        print(f"bench_lighthouse: {args.site} holds no built site (no index.html)", file=sys.stderr)
        return 2
    if not LIGHTHOUSE.exists():
        print("bench_lighthouse: no node_modules/.bin/lighthouse: run ./scripts/setup.sh", file=sys.stderr)
        return 2
    pages = [page for page in args.pages.split(",") if page]
    unknown = [page for page in pages if page not in PAGES]
    if unknown:
        print(f"bench_lighthouse: no page {', '.join(unknown)}; the pages are {', '.join(PAGES)}",
              file=sys.stderr)
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as folder:
        server = start_server(port, Path(folder) / "rooms.sqlite3", args.site)
        print(f"site: {args.site or 'as the serve command builds it'}; load average {load()}", flush=True)
        medians: dict[str, float] = {}
        try:
            for page in pages:
                url = f"http://127.0.0.1:{port}{PAGES[page]}"
                scores: list[float] = []
                timings: list[dict[str, float]] = []
                for run in range(1, args.runs + 1):
                    before = load()
                    started = time.monotonic()
                    profile = Path(folder) / f"profile-{page.replace('/', '-')}-{run}"
                    score, timing = summary(lighthouse(url, profile))
                    scores.append(score)
                    timings.append(timing)
                    shown = " ".join(
                        f"{name}={value:.3f}" if name == "CLS" else f"{name}={value:.0f}ms"
                        for name, value in timing.items()
                    )
                    print(
                        f"{page} run {run}: performance={score:.0f} {shown}"
                        f" ({time.monotonic() - started:.0f} s; load before {before}, after {load()})",
                        flush=True,
                    )
                medians[page] = statistics.median(scores)
                middle = {name: statistics.median(t[name] for t in timings) for _, name in METRICS}
                shown = " ".join(
                    f"{name}={value:.3f}" if name == "CLS" else f"{name}={value:.0f}ms"
                    for name, value in middle.items()
                )
                print(
                    f"{page}: median performance={medians[page]:.0f} (goal {GOALS[page]}) {shown}",
                    flush=True,
                )
        finally:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
    print(
        " ".join(f"{page}={score:.0f}" for page, score in medians.items()) + f" load_average={load()}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
