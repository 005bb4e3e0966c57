#!/usr/bin/env python3
"""Time the live widgets in Chromium against the bare boot of Pyodide, in one run.

Everything runs on one server (``http.server`` in a thread, on 127.0.0.1, gzipping what
a static host gzips and counting the bytes it sends) and one Chromium (Debian's, driven
by Playwright):

- Time to the first live widget: from navigation to the moment the runtime marks the
  widgets live (``performance.mark("mp-widgets-live")``), for the Finnish guild rules
  page opened at its first widget, booted from the memory snapshot (``ours``) and, from
  a copy of the page whose worker names no snapshot, the normal way (``normal``: the
  widgets as they were before the snapshot). The physical limit is a bare page, written
  by this script into the built site's ``pyodide/`` folder, that only starts a module
  worker, boots Pyodide there from the same files and runs one line of Python (``bare``).
  Cold is a fresh browser context (empty cache); warm is the same context loading the
  page again. The pages are measured in turns, ``--runs`` times each. Other work on the
  machine only ever adds time, so the ratio compares the best run of each; medians are
  printed too.
- Where the difference comes from: a page as bare as the bare one runs our worker from
  the snapshot (worker.js: the snapshot, the wheel, the bridge) without the documentation
  page around it (``worker``); its ratio to the bare boot is our code's own cost, the rest
  is the page's own loading (theme script, search index, layout) competing for the CPU.
  ``--verbose`` prints each load's steps, the worker's among them.
- Click-to-update latency: ``--clicks`` clicks on the buttons of each widget kind of the
  page, each timed in the page from the click to the new view in the DOM (the runtime's
  ``mp:update`` event); also to the next frame after it. Once booted from the snapshot,
  once booted the normal way. ``--verbose`` splits each kind's clicks: to the worker,
  the worker's round trip (Python's ``handle`` and the messages) and the runtime's swap.
- Bytes the server sent (gzip where a static host uses it: not for files compressed
  already, such as the wheel, python_stdlib.zip or the snapshot) for a page without
  widgets (the home page, scrolled to the end; once more with the site's service worker
  precaching the site, which must fetch nothing of Pyodide either) and for the widget
  page booted from the snapshot and the normal way, and how many of them were Pyodide's.
  The service worker is blocked everywhere else: the boots are compared as the network
  serves them.
- Our own code: the wheel, our JavaScript and our CSS as served.
- The first visit on a phone (issue 23): a second server, which compresses nothing,
  counts every byte it sends for a fresh visit of the Play page, and of the largest
  widget page in the largest language (``FIRST_VISIT_PAGES``), in a 360-px phone
  profile with the site's service worker allowed: from the navigation until 20 s after
  the widgets are live, the service worker's own downloads included (and until it has
  kept the page's language, should that come later); it also says which files were
  fetched more than once, and any of another language.

- ``--baseline DIR``: another built site (an older commit's) whose widget page (``then``)
  and worker alone (``w-then``) are measured in the same runs, in turns with this
  build's: a change's gain, measured under the same load.
- ``--first-visit``: only the first visits (with ``--baseline``, of both builds).
- ``--attribute``: only this: the widget page's cold and warm loads with one of the
  page's own files refused at a time (Material's search, its bundle.js, our site.js and
  offline.js, the stylesheets, images), and once with the service worker allowed; what
  each costs the widgets is the difference to the load that refuses nothing.

Prints the figures; the last line is ``tti_ratio=R click_p95_ms=M own_kb=K
transfer_ratio=T tti_ratio_normal=N click_p95_normal_ms=C first_visit_kb=F`` where R is
the worse of the cold and warm ratios (ours / bare, best runs), M the click p95 from the
snapshot, T the widget page's bytes from the snapshot over its bytes the normal way, N
and C the same figures of the normal boot, F the largest first visit (KB, goal: at most
9,000).

Run with the project's environment: ``.venv/bin/python scripts/bench_site.py``
(``--site DIR`` reuses a built site instead of building one).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import itertools
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import quiet_server  # beside this script

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WIDGET_PAGE = "rules/guild/"
NORMAL_PAGE = "bench-normal-boot.html"
"""The widget page's copy without the snapshot, written beside it while the bench runs."""
PLAIN_PAGE = ""  # the Finnish home page: no widget
TIMEOUT_MS = 120_000

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide boot</title></head>
<body><p id="out">booting…</p>
<script type="module">
// The physical limit: a module worker that boots Pyodide and runs one line of Python.
const worker = new Worker("bench-bare-worker.js", { type: "module" });
performance.mark("bare-engine-start");
worker.onmessage = (event) => {
  performance.mark("bare-live");
  window.bareTimings = event.data[1];
  document.getElementById("out").textContent = "1 + 1 = " + event.data[0];
};
worker.postMessage(new URL("./", location.href).href);
</script></body></html>
"""

BARE_WORKER = """self.onmessage = async (event) => {
  const t0 = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", event.data).href);
  const t1 = performance.now();
  const pyodide = await loadPyodide({ indexURL: event.data });
  const t2 = performance.now();
  self.postMessage([String(pyodide.runPython("1 + 1")),
                    { import_pyodide_mjs: Math.round(t1 - t0), load_pyodide: Math.round(t2 - t1) }]);
};
"""

BREAKDOWN_JS = """() => {
  const at = (name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? Math.round(entry.startTime) : null;
  };
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    dom_content_loaded: nav ? Math.round(nav.domContentLoadedEventEnd) : null,
    runtime_start: at("mp-runtime-start"),
    engine_start: at("mp-engine-start") || at("bare-engine-start"),
    live: at("mp-widgets-live") || at("bare-live") || at("worker-live"),
    worker: window.mpWidgetTimings || window.bareTimings || {},
  };
}"""

WORKER_ONLY_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>our worker alone</title></head>
<body><p id="out">booting…</p>
<script type="module">
// Our worker and wheel on a page as bare as bench-bare.html: our code's own cost.
const worker = new Worker("../assets/widgets/worker.js?snapshot=SNAPSHOTCORE", { type: "module" });
worker.onmessage = (event) => {
  performance.mark("worker-live");
  window.mpWidgetTimings = event.data.timings;
  document.getElementById("out").textContent = event.data.type;
};
worker.postMessage({ type: "init", pyodide: new URL("./", location.href).href,
                     wheel: new URL("WHEEL", location.href).href });
</script></body></html>
"""

CALLS_JS = """
// Where a click's time goes: the page's worker is wrapped to note when each call is
// posted and when its result comes back (the rest, to mp:update, is the runtime's swap).
window.__mpCalls = [];
(() => {
  const Real = window.Worker;
  if (typeof Real !== "function") return;
  window.Worker = function (url, options) {
    const worker = new Real(url, options);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message) => {
      if (message && message.type === "call") window.__mpCalls.push(["post", performance.now()]);
      post(message);
    };
    worker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "result") window.__mpCalls.push(["result", performance.now()]);
    });
    return worker;
  };
  window.Worker.prototype = Real.prototype;
})();
"""

CLICK_JS = """async ([selector, i]) => {
  const root = document.querySelector(selector);
  const buttons = Array.from(root.querySelectorAll("button[data-action]:not([disabled])"));
  const button = buttons[i % buttons.length];
  const updated = new Promise((resolve) => root.addEventListener("mp:update", resolve, { once: true }));
  window.__mpCalls = [];
  const start = performance.now();
  button.click();
  await updated;
  const dom = performance.now() - start;
  const calls = window.__mpCalls.slice();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const posted = calls.find((c) => c[0] === "post");
  const answered = calls.find((c) => c[0] === "result");
  const split = posted && answered
    ? [posted[1] - start, answered[1] - posted[1], start + dom - answered[1]] : [null, null, null];
  return [dom, performance.now() - start, button.getAttribute("data-action"), split];
}"""


# --- the server -----------------------------------------------------------------------


class _CountingWriter:
    def __init__(self, raw: Any, tally: Counter[str], handler: Any) -> None:
        self._raw, self._tally, self._handler = raw, tally, handler

    def write(self, data: bytes) -> int:
        path = getattr(self._handler, "path", "?").split("?")[0]
        self._tally[path] += len(data)
        return int(self._raw.write(data))

    def flush(self) -> None:
        self._raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)


GZIP_TYPES = ("text/", "application/javascript", "text/javascript", "application/json",
              "application/wasm", "image/svg+xml", "application/xml")
"""What a static host gzips (GitHub Pages and the like); not zips, wheels, the snapshot (gzip inside)."""


class _Handler(quiet_server.QuietHandler):
    tally: ClassVar[Counter[str]] = Counter()
    asked: ClassVar[Counter[str]] = Counter()
    gzipped: ClassVar[dict[str, bytes]] = {}
    compress: ClassVar[bool] = True

    def do_GET(self) -> None:
        self.asked[self.path.split("?")[0]] += 1
        if not self.compress:
            super().do_GET()
            return
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        kind = self.guess_type(path)
        if ("gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path)
                or not kind.startswith(GZIP_TYPES)):
            super().do_GET()  # as it is: a folder's redirect, a 404, a compressed file
            return
        key = f"{path}:{os.stat(path).st_mtime_ns}"
        body = self.gzipped.get(key)
        if body is None:
            with open(path, "rb") as handle:
                body = self.gzipped[key] = gzip.compress(handle.read(), 6)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.tally, self)  # type: ignore[assignment]

    def end_headers(self) -> None:
        # As a typical static host does (GitHub Pages: ten minutes): a warm load reuses
        # the cache, the bare page's and ours alike.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()


def serve(site: Path, compress: bool = True, asked: Counter[str] | None = None,
          ) -> tuple[str, Counter[str], http.server.ThreadingHTTPServer]:
    """Serve ``site`` on 127.0.0.1; return its address, the bytes sent by path and the server.

    ``compress``: gzip what a static host gzips; else send every file as it is.
    ``asked``: counts the requests by path.
    """
    tally: Counter[str] = Counter()
    gzipped: dict[str, bytes] = {}
    handler = type("Handler", (_Handler,), {"tally": tally, "gzipped": gzipped, "compress": compress,
                                            "asked": Counter() if asked is None else asked})
    # Compress before timing anything, as a host's cache would have: the first load must
    # not wait for gzip (it would slow whichever page is measured first).
    for path in site.rglob("*") if compress else ():
        if path.is_file() and handler.guess_type(handler, str(path)).startswith(GZIP_TYPES):  # type: ignore[arg-type]
            gzipped[f"{path}:{path.stat().st_mtime_ns}"] = gzip.compress(path.read_bytes(), 6)
    server = quiet_server.serve(site, handler)  # quiet when the browser hangs up early
    return f"http://127.0.0.1:{server.server_address[1]}/", tally, server


# --- measuring ------------------------------------------------------------------------


@contextlib.contextmanager
def browser_on_site(site: Path | None, prefix: str) -> Iterator[tuple[Any, str]]:
    """Chromium and a built site served on 127.0.0.1 (``site``, or one built here for the
    while): yield the browser and the site's address."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        if site is None:
            site = Path(tmp) / "site"
            build(site)
        base, _tally, server = serve(site.resolve())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    yield browser, base
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()


def build(site: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--clean", "-q", "--site-dir", str(site)],
                   cwd=ROOT, env=env, check=True)


def first_widget_id(site: Path) -> str:
    html = (site / WIDGET_PAGE / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<div class="mp-widget"[^>]*\bid="([^"]+)"', html)
    if not match:
        raise SystemExit(f"{WIDGET_PAGE} has no widget: is site_hooks/widgets.py in mkdocs.yml?")
    return match.group(1)


def mark_time(tab: Any, name: str) -> float:
    tab.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=TIMEOUT_MS)
    return float(tab.evaluate(f"performance.getEntriesByName('{name}')[0].startTime"))


def check_failures(tab: Any) -> None:
    failed = tab.evaluate("Array.from(document.querySelectorAll('.mp-widget[data-runtime=failed]')).length")
    if failed:
        status = tab.locator(".mp-widget-status").first.text_content()
        raise SystemExit(f"the widgets failed to start: {status}")


def load_times(browser: Any, url: str, mark: str, verbose: bool, block: tuple[str, ...] = (),
               service_worker: bool = False) -> tuple[list[float], list[dict[str, Any]], Any]:
    """Cold and warm time to ``mark`` for ``url``, and where it went; returns the context, still open.

    ``block``: glob patterns of addresses the context refuses (``--attribute``);
    ``service_worker``: let the site's service worker install (``--attribute``).
    """
    # Without the service worker (assets/offline.js), which would precache the site's
    # pages while the widgets boot and serve the warm load itself: the boots compared here
    # are the network's; the service worker's own cost is measured apart (page_bytes).
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="allow" if service_worker else "block")
    context.add_init_script(CALLS_JS)
    for pattern in block:
        context.route(pattern, lambda route: route.abort())
    tab = context.new_page()
    times, breakdowns = [], []
    for phase in ("cold", "warm"):
        if phase == "warm":
            tab.wait_for_load_state("networkidle")
            tab.goto("about:blank")
        tab.goto(url)
        times.append(mark_time(tab, mark))
        breakdowns.append(tab.evaluate(BREAKDOWN_JS))
        if verbose:
            print(f"    {phase} breakdown (ms from navigation; worker steps in ms): {breakdowns[-1]}")
    return times, breakdowns, context


def clicks_on(tab: Any, count: int) -> dict[str, list[tuple[float, float, list[Any]]]]:
    """``count`` timed clicks on the buttons of each widget kind of the page."""
    roots = tab.evaluate("""() => {
      const seen = new Set(); const out = [];
      for (const el of document.querySelectorAll('.mp-widget[data-widget]')) {
        const kind = el.getAttribute('data-widget');
        if (!seen.has(kind)) { seen.add(kind); out.push([kind, '#' + el.id]); }
      }
      return out; }""")
    clicks: dict[str, list[tuple[float, float, list[Any]]]] = {}
    for kind, selector in roots:
        times = clicks.setdefault(kind, [])
        for i in range(count):
            dom, frame, _, split = tab.evaluate(CLICK_JS, [selector, i])
            times.append((dom, frame, split))
    return clicks


def split_medians(times: list[tuple[float, float, list[Any]]]) -> str:
    """Medians of a kind's clicks: to the worker, in the worker (round trip), the swap (ms)."""
    parts = [[t[2][k] for t in times if t[2][k] is not None] for k in range(3)]
    if not all(parts):
        return ""
    return (f"   (to the worker {statistics.median(parts[0]):.1f}, worker round trip "
            f"{statistics.median(parts[1]):.1f}, p95 {percentile(parts[1], 0.95):.1f}, swap "
            f"{statistics.median(parts[2]):.1f}, p95 {percentile(parts[2], 0.95):.1f})")


def step_medians(breakdowns: list[dict[str, Any]]) -> str:
    """The median of each step of the worker (ms) over some loads, in the order of the steps."""
    steps: dict[str, list[float]] = {}
    for breakdown in breakdowns:
        for name, value in breakdown.get("worker", {}).items():
            if isinstance(value, (int, float)):
                steps.setdefault(name, []).append(value)
    marks = [b for b in breakdowns if b.get("live") is not None]
    page = ""
    if marks:
        loaded = statistics.median(b["dom_content_loaded"] or 0 for b in marks)
        started = statistics.median(b["engine_start"] or 0 for b in marks)
        page = f"page: dom_content_loaded {loaded:.0f}, engine_start {started:.0f}; worker: "
    return page + ", ".join(f"{name} {statistics.median(values):.0f}" for name, values in steps.items())


def page_bytes(browser: Any, url: str, tally: Counter[str], wait_live: bool,
               service_worker: bool = False) -> tuple[int, int, list[str]]:
    """Bytes sent for one fresh visit of ``url`` (all, and under /pyodide/).

    ``service_worker``: let the site's service worker install, and wait until it has
    kept the page's language (assets/offline.js sets ``<html data-mp-offline>``).
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="allow" if service_worker else "block")
    tab = context.new_page()
    tally.clear()
    tab.goto(url)
    if service_worker:
        tab.wait_for_function(KEPT_JS, timeout=TIMEOUT_MS)
    if wait_live:
        mark_time(tab, "mp-widgets-live")
    tab.wait_for_load_state("networkidle")
    tab.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    tab.wait_for_timeout(1500)
    tab.wait_for_load_state("networkidle")
    counts = dict(tally)
    context.close()
    total = sum(counts.values())
    pyodide = sum(size for path, size in counts.items() if "/pyodide/" in path)
    return total, pyodide, sorted(counts)


FIRST_VISIT_PAGES = ("play/", "ru/rules/guild/#w-which-card-must-beat")
"""The Play page (Finnish), and the largest page with widgets in the largest language."""
FIRST_VISIT_WINDOW_MS = 20_000
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
KEPT_JS = "['language', 'pages', 'all'].includes(document.documentElement.dataset.mpOffline)"
"""The service worker has kept what the page asked for ("pages": the name older builds gave it)."""


def first_visit(browser: Any, base: str, page: str, tally: Counter[str], asked: Counter[str],
                ) -> tuple[dict[str, int], dict[str, int], float, float]:
    """A first visit of ``page`` on a phone, with the site's service worker: the bytes sent
    by path and the requests by path, from the navigation until FIRST_VISIT_WINDOW_MS
    after the widgets are live (and until the service worker has kept the page's
    language, should that come later); when the widgets got live and when the language
    was kept (ms from navigation)."""
    context = browser.new_context(**PHONE, service_workers="allow")
    tab = context.new_page()
    tally.clear()
    asked.clear()
    tab.goto(base + page)
    live = mark_time(tab, "mp-widgets-live")
    tab.wait_for_function(KEPT_JS, timeout=TIMEOUT_MS)
    kept = float(tab.evaluate("performance.now()"))
    rest = live + FIRST_VISIT_WINDOW_MS - float(tab.evaluate("performance.now()"))
    if rest > 0:
        tab.wait_for_timeout(rest)
    sent, requests = dict(tally), dict(asked)
    context.close()
    return sent, requests, live, kept


def first_visits(browser: Any, base: str, tally: Counter[str], asked: Counter[str], label: str) -> float:
    """Measure and print the first visits of FIRST_VISIT_PAGES; return the largest, in KB."""
    from mkdocs.config import load_config

    sys.path.insert(0, str(ROOT))
    from site_hooks import offline

    developer = offline.developer_pages(load_config(str(ROOT / "mkdocs.yml"))["nav"])
    largest = 0.0
    for page in FIRST_VISIT_PAGES:
        sent, requests, live, kept = first_visit(browser, base, page, tally, asked)
        total = sum(sent.values()) / 1024
        largest = max(largest, total)
        lang = page.split("/")[0] if page.split("/")[0] in offline.DESCRIPTIONS else offline.DEFAULT_LANGUAGE
        others = [path for path in sent if offline.served_group(path, developer)
                  not in (None, "site", "engine", lang)]
        print(f"  {label} {page:40} {total:8.1f} KB in {sum(requests.values())} requests "
              f"(live at {live:.0f} ms, language kept at {kept:.0f} ms)")
        for path, size in sorted(sent.items(), key=lambda item: -item[1])[:6]:
            print(f"      {size / 1024:8.1f} KB  {path}" + (f"  ({requests.get(path)} requests)"
                                                        if requests.get(path, 1) > 1 else ""))
        again = sorted(path for path, count in requests.items() if count > 1)
        beyond = ", ".join(sorted(others)[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        print(f"      fetched more than once: {', '.join(again) or '-'}; of another language or beyond it: "
              f"{beyond or '-'}")
    return largest


def measure_first_visits(browser: Any, visits: list[tuple[str, Counter[str], Counter[str], str]],
                         ) -> list[float]:
    """The first visits of each build (this one, then --baseline's), in turns; the largest of each (KB)."""
    print("\nFirst visit on a phone, from a server that compresses nothing (until 20 s after the widgets "
          "are live, the service worker included):")
    return [first_visits(browser, base, tally, asked, label) for base, tally, asked, label in visits]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def own_code(site: Path) -> list[tuple[str, int]]:
    """Our own files as served: the wheel, our scripts and our stylesheets."""
    files = sorted((site / "pyodide").glob("marjapussi-*.whl"))
    docs_assets = ROOT / "docs" / "assets"
    for source in sorted(docs_assets.rglob("*")):
        if source.suffix in (".js", ".mjs", ".css"):
            files.append(site / "assets" / source.relative_to(docs_assets))
    return [(path.relative_to(site).as_posix(), path.stat().st_size) for path in files if path.is_file()]


def stop(servers: list[http.server.ThreadingHTTPServer], written: list[Path]) -> None:
    """Shut the servers down and remove the pages this script wrote into the sites."""
    for running in servers:
        running.shutdown()
        running.server_close()
    for path in written:
        path.unlink(missing_ok=True)


def prepare(site: Path) -> list[Path]:
    """Write the bench's pages into a built site (the bare boot, our worker alone, the
    widget page without its snapshot); returns their paths, to remove afterwards."""
    html = (site / WIDGET_PAGE / "index.html").read_text(encoding="utf-8")
    snapshot = re.search(r"&amp;snapshot=(snapshot-[0-9a-f]+\.bin)", html)
    if snapshot is None:
        raise SystemExit(f"{site / WIDGET_PAGE} names no snapshot: did the build say it could not make one?")
    files = [site / "pyodide" / "bench-bare.html", site / "pyodide" / "bench-bare-worker.js",
             site / "pyodide" / "bench-worker-only.html", site / WIDGET_PAGE / NORMAL_PAGE]
    wheel_name = next((site / "pyodide").glob("marjapussi-*.whl")).name
    files[0].write_text(BARE_HTML, encoding="utf-8")
    files[1].write_text(BARE_WORKER, encoding="utf-8")
    # and the compiled core, where the site serves one, as the widget page's worker loads it
    core = re.search(r"&amp;(core=[0-9a-f]+)", html)
    files[2].write_text(WORKER_ONLY_HTML.replace("WHEEL", wheel_name)
                        .replace("CORE", f"&{core.group(1)}" if core else "")
                        .replace("SNAPSHOT", snapshot.group(1)), encoding="utf-8")
    # The same page, in the same folder, whose worker names no snapshot: today's boot.
    files[3].write_text(html.replace(snapshot.group(0), ""), encoding="utf-8")
    return files


BLOCKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("nothing", ()),
    ("Material's search (its worker, lunr, the index)",
     ("**/assets/javascripts/workers/search.*", "**/assets/javascripts/lunr/**",
      "**/search/search_index.json")),
    ("Material's bundle.js (and so its search)", ("**/assets/javascripts/bundle.*.js",)),
    ("our site.js", ("**/assets/site.js*",)),
    ("our offline.js", ("**/assets/offline.js*",)),
    ("the stylesheets", ("**/*.css", "**/*.css?*")),
    ("images and fonts", ("**/*.png", "**/*.svg", "**/*.woff*", "**/*.ico")),
    ("the block on the service worker", ()),
)
"""What ``--attribute`` refuses, one entry at a time. The service worker is blocked in
all but the last, which lets it install as on a reader's first visit (it precaches the
site's pages); its warm load is then served by it."""


def attribute(browser: Any, widget_url: str, bare_url: str, runs: int, verbose: bool) -> None:
    """The widget page's cold and warm time to a live widget with each of BLOCKS refused."""
    loads: dict[str, list[tuple[float, float, dict[str, Any], dict[str, Any]]]] = {
        name: [] for name, _ in BLOCKS}
    bare: list[float] = []
    for run in range(max(1, runs)):
        (cold, _warm), _, context = load_times(browser, bare_url, "bare-live", False)
        context.close()
        bare.append(cold)
        for name, patterns in BLOCKS:
            (cold, warm), breakdowns, context = load_times(browser, widget_url, "mp-widgets-live", verbose,
                                                           patterns, name == BLOCKS[-1][0])
            context.close()
            loads[name].append((cold, warm, breakdowns[0], breakdowns[1]))
            print(f"run {run + 1} without {name}: cold {cold:7.0f} ms  warm {warm:7.0f} ms")
    print(f"\nWhat the page's own files cost the widgets (ms to a live widget, medians of {runs} runs; "
          f"bare Pyodide boot cold {statistics.median(bare):.0f}):")
    base_cold = statistics.median(c for c, *_ in loads["nothing"])
    base_warm = statistics.median(w for _, w, *_ in loads["nothing"])
    for name, _ in BLOCKS:
        cold = statistics.median(c for c, *_ in loads[name])
        warm = statistics.median(w for _, w, *_ in loads[name])
        dcl = statistics.median(b["dom_content_loaded"] or 0 for *_, b, _ in loads[name])
        engine = statistics.median(b["engine_start"] or 0 for *_, b, _ in loads[name])
        worker = [b["worker"] for *_, b, _ in loads[name]]
        steps = {key: statistics.median(w.get(key, 0) for w in worker)
                 for key in ("snapshot_fetch", "snapshot_unpack", "restore_snapshot", "after_restore")}
        print(f"  without {name:50} cold {cold:6.0f} ({cold - base_cold:+5.0f})  warm {warm:6.0f} "
              f"({warm - base_warm:+5.0f})  cold dom_content_loaded {dcl:5.0f}, engine_start {engine:4.0f}; "
              + ", ".join(f"{key} {value:.0f}" for key, value in steps.items()))
    print(f"attribute_cold_ms={base_cold:.0f} " + " ".join(
        f"without_{i}={statistics.median(c for c, *_ in loads[name]) - base_cold:+.0f}"
        for i, (name, _) in enumerate(BLOCKS) if i))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site to use instead of building one")
    parser.add_argument("--runs", type=int, default=5, help="cold+warm loads of each page (default 5)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per widget kind (default 20)")
    parser.add_argument("--verbose", action="store_true", help="print where the time of each load went")
    parser.add_argument("--baseline", type=Path,
                        help="another built site (an older commit's, say) whose widget page and worker are "
                             "measured in the same runs, in turns with this one's")
    parser.add_argument("--attribute", action="store_true",
                        help="only this: the widget page's cold and warm loads with one of the page's own "
                             "files refused at a time (BLOCKS), to see what each costs the widgets")
    parser.add_argument("--first-visit", action="store_true",
                        help="only this: the bytes of a first visit on a phone from a server that compresses "
                             "nothing (FIRST_VISIT_PAGES; with --baseline, of both builds)")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="mp-bench-widgets-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            started = time.perf_counter()
            build(site)
            print(f"site built in {time.perf_counter() - started:.1f} s")
        bare_files = prepare(site)
        base, tally, server = serve(site.resolve())
        widget_url = f"{base}{WIDGET_PAGE}#{first_widget_id(site)}"
        normal_url = f"{base}{WIDGET_PAGE}{NORMAL_PAGE}#{first_widget_id(site)}"
        bare_url = f"{base}pyodide/bench-bare.html"
        worker_only_url = f"{base}pyodide/bench-worker-only.html"
        pages: tuple[tuple[str, str, str, str | None], ...] = (
            ("bare", bare_url, "bare-live", None),
            ("worker", worker_only_url, "worker-live", "snapshot"),
            ("normal", normal_url, "mp-widgets-live", "normal"),
            ("ours", widget_url, "mp-widgets-live", "snapshot"))
        servers = [server]
        # The first visits: servers that compress nothing (FIRST_VISIT_PAGES).
        plain_asked: Counter[str] = Counter()
        plain_base, plain_tally, plain_server = serve(site.resolve(), compress=False, asked=plain_asked)
        servers.append(plain_server)
        visits = [(plain_base, plain_tally, plain_asked, "this build:")]
        if args.baseline is not None:
            bare_files += prepare(args.baseline)
            before_base, _before_tally, before_server = serve(args.baseline.resolve())
            servers.append(before_server)
            then_asked: Counter[str] = Counter()
            then_base, then_tally, then_server = serve(args.baseline.resolve(), compress=False,
                                                       asked=then_asked)
            servers.append(then_server)
            visits.append((then_base, then_tally, then_asked, "--baseline:"))
            pages += (("w-then", f"{before_base}pyodide/bench-worker-only.html", "worker-live", "snapshot"),
                      ("then", f"{before_base}{WIDGET_PAGE}#{first_widget_id(args.baseline)}",
                       "mp-widgets-live", "snapshot"))
        if args.first_visit:
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    try:
                        largest = measure_first_visits(browser, visits)
                    finally:
                        browser.close()
            finally:
                stop(servers, bare_files)
            print(" ".join(f"first_visit_kb{suffix}={kb:.0f}"
                           for suffix, kb in zip(("", "_then"), largest, strict=False)))
            return
        if args.attribute:
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    try:
                        attribute(browser, widget_url, bare_url, args.runs, args.verbose)
                    finally:
                        browser.close()
            finally:
                stop(servers, bare_files)
            return
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                results: dict[str, dict[str, list[float]]] = {
                    name: {"cold": [], "warm": []} for name, *_ in pages}
                steps: dict[str, list[dict[str, Any]]] = {name: [] for name, *_ in pages}
                kept: dict[str, Any] = {}
                for run in range(max(1, args.runs)):
                    for name, url, mark, boot in pages:
                        (cold, warm), breakdowns, context = load_times(browser, url, mark, args.verbose)
                        results[name]["cold"].append(cold)
                        results[name]["warm"].append(warm)
                        steps[name] += breakdowns
                        print(f"run {run + 1} {name:6}: cold {cold:7.0f} ms  warm {warm:7.0f} ms")
                        timings = context.pages[0].evaluate("window.mpWidgetTimings || {}")
                        if timings.get("boot") != boot:
                            raise SystemExit(f"{name} booted {timings.get('boot')!r}, not {boot!r}: "
                                             f"{timings.get('snapshot_failed')}")
                        if name in ("ours", "normal") and run == args.runs - 1:
                            kept[name] = context
                        else:
                            context.close()
                clicks: dict[str, dict[str, list[tuple[float, float, list[Any]]]]] = {}
                for name, context in kept.items():
                    check_failures(context.pages[0])
                    clicks[name] = clicks_on(context.pages[0], args.clicks)
                    context.close()

                plain_total, plain_pyodide, _ = page_bytes(browser, base + PLAIN_PAGE, tally, False)
                sw_total, sw_pyodide, _ = page_bytes(browser, base + PLAIN_PAGE, tally, False, True)
                widget_total, widget_pyodide, widget_files = page_bytes(browser, widget_url, tally, True)
                normal_total, normal_pyodide, normal_files = page_bytes(browser, normal_url, tally, True)
                first_kb = measure_first_visits(browser, visits)
                browser.close()
        finally:
            stop(servers, bare_files)

        print("\nTime from navigation to a live widget (ms; best and median of the runs):")
        ratios: dict[str, dict[str, float]] = {
            name: {} for name in ("ours", "normal", "worker", "then", "w-then")}
        labels = [("ours", "ours, from the snapshot"), ("normal", "ours, the normal boot"),
                  ("worker", "our worker alone, from the snapshot, on a bare page")]
        if args.baseline is not None:
            labels += [("then", "--baseline's page, from its snapshot"),
                       ("w-then", "--baseline's worker alone, on a bare page")]
        for phase in ("cold", "warm"):
            bare = min(results["bare"][phase])
            bare_median = statistics.median(results["bare"][phase])
            print(f"  {phase}: bare Pyodide boot {bare:6.0f} (median {bare_median:6.0f})")
            for name, label in labels:
                best, median = min(results[name][phase]), statistics.median(results[name][phase])
                ratios[name][phase] = best / bare
                print(f"    {label:52} {best:6.0f} (median {median:6.0f})   ratio {best / bare:.3f} "
                      f"(medians {median / bare_median:.3f})")

        print("\nWhere the time went (medians over the cold and warm loads, ms):")
        for name, *_ in pages:
            print(f"  {name:6}: {step_medians(steps[name])}")

        p95s: dict[str, float] = {}
        for name in ("ours", "normal"):
            how = "from the snapshot" if name == "ours" else "the normal boot"
            print(f"\nClick to updated view, {name} ({how}; ms; DOM swapped / next frame):")
            all_dom = []
            for kind, times in clicks[name].items():
                dom = [t[0] for t in times]
                frame = [t[1] for t in times]
                all_dom += dom
                print(f"  {kind:14} n={len(dom):3}  median {statistics.median(dom):6.1f}  "
                      f"p95 {percentile(dom, 0.95):6.1f}  max {max(dom):6.1f}   "
                      f"(next frame: median {statistics.median(frame):6.1f}, "
                      f"p95 {percentile(frame, 0.95):6.1f})"
                      + (split_medians(times) if args.verbose else ""))
            p95s[name] = percentile(all_dom, 0.95)
            print(f"  {'all':14} n={len(all_dom):3}  median {statistics.median(all_dom):6.1f}  "
                  f"p95 {p95s[name]:6.1f}")
        p95 = p95s["ours"]

        print("\nBytes sent by the server for one fresh visit (gzip where a static host uses it):")
        print(f"  page without widgets (home, scrolled to the end): {plain_total / 1024:8.1f} KB, "
              f"of which Pyodide {plain_pyodide / 1024:.1f} KB")
        print(f"  the same with its service worker, until the site is precached: {sw_total / 1024:8.1f} KB, "
              f"of which Pyodide {sw_pyodide / 1024:.1f} KB")
        print(f"  widget page ({WIDGET_PAGE}), from the snapshot:    {widget_total / 1024:8.1f} KB, "
              f"of which Pyodide, the snapshot and the wheel {widget_pyodide / 1024:.1f} KB")
        print(f"  widget page ({WIDGET_PAGE}), the normal boot:      {normal_total / 1024:8.1f} KB, "
              f"of which Pyodide and the wheel {normal_pyodide / 1024:.1f} KB")
        transfer = widget_total / normal_total
        only_snapshot = sorted(set(widget_files) - set(normal_files) - {"/" + WIDGET_PAGE})
        only_normal = sorted(set(normal_files) - set(widget_files) - {"/" + WIDGET_PAGE + NORMAL_PAGE})
        print(f"  ratio {transfer:.3f}; fetched only from the snapshot: {', '.join(only_snapshot) or '-'}; "
              f"only the normal way: {', '.join(only_normal) or '-'}")

        own = own_code(site)
        own_total = sum(size for _, size in own)
        print("\nOur own code as served:")
        for name, size in own:
            print(f"  {size / 1024:8.1f} KB  {name}")
        print(f"  {own_total / 1024:8.1f} KB  in all")

        ratio = max(ratios["ours"].values())
        normal = max(ratios["normal"].values())
        print(f"\ngoals: tti ratio <= 0.5: {ratio <= 0.5}; transfer <= 1.2x the normal boot's: "
              f"{transfer <= 1.2}; click p95 < 50 ms: {p95 < 50}; "
              f"no Pyodide bytes without widgets: {plain_pyodide == 0 == sw_pyodide}; own code < 200 KB: "
              f"{own_total < 200 * 1024}; first visit <= 9,000 KB: {first_kb[0] <= 9000}")
        if args.baseline is not None:
            then = max(ratios["then"].values())
            print(f"--baseline {args.baseline}: tti_ratio_then={then:.3f} "
                  f"worker_ratio_then={max(ratios['w-then'].values()):.3f} "
                  f"worker_ratio={max(ratios['worker'].values()):.3f} first_visit_kb_then={first_kb[1]:.0f}")
        print(f"tti_ratio={ratio:.3f} click_p95_ms={p95:.1f} own_kb={own_total / 1024:.1f} "
              f"transfer_ratio={transfer:.3f} tti_ratio_normal={normal:.3f} "
              f"click_p95_normal_ms={p95s['normal']:.1f} first_visit_kb={first_kb[0]:.0f}")


# --- the Play page: time to a live table, bot move latency, long tasks ------------------
#
# ``--play`` runs this section alone (it reuses ``--site`` or builds one): the Finnish
# Play page is opened in fresh contexts, a guild game with club bots (``--level expert``:
# expert bots, searching with the compiled core's WebAssembly module) at pace "at once"
# is dealt and played (the reader plays the first card it may), and the script prints
# the time from navigation to a live table, each bot move's latency in the browser (the
# time between two consecutive bot updates at pace 0: the timer, the worker's decision
# and the view swap), and the main thread's long tasks (PerformanceObserver 'longtask'),
# apart for the time the table is live (playing) and before (the page loading).
# Once the last deal is over, the reader presses "review my play" and the script times the
# whole-deal review (computed in the worker in slices, one position a round trip, from the
# moment the score is shown to the review in view) and its longest slice (how long a
# reader's click may wait); the same reviews are timed in CPython (process CPU time).
# The same decisions are timed in CPython in the same run (process CPU time) as the
# baseline; the last line is ``play_tti_ms=T bot_p95_ms=B longtask_max_ms=L
# bot_ratio_to_cpython=R review_ms=V review_slice_max_ms=S review_ratio_to_cpython=Q``.

PLAY_PAGE = "play/"
PLAY_GOAL_MS = {"random": 250, "beginner": 250, "club": 250, "expert": 400}
"""The goal for a bot move's 95th percentile in the browser, by level (issue 21: expert 400 ms)."""
PLAY_OBSERVER = """
  window.__mpLong = [];
  window.__mpBot = [];
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(
      (e) => window.__mpLong.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
  } catch (error) {}
  document.addEventListener("mp:update", (e) => window.__mpBot.push(
    [performance.now(), e.detail && e.detail.action ? e.detail.action.type : null]));
"""


def play_cpython_baseline(states: list[dict[str, Any]]) -> tuple[list[float], list[str]]:
    """The CPU time of the same bot decisions in CPython (ms), from the states the page saw,
    and each decision's reason there (its explanation's id)."""
    sys.path.insert(0, str(ROOT))
    from marjapussi.web import play

    out, reasons = [], []
    for state in states:
        game = play.game_of(state)
        game.position()  # the game replayed before the clock starts, as the page has it cached
        started = time.process_time()
        decision = game.decision(state["level"])
        out.append((time.process_time() - started) * 1000)
        reasons.append(decision.reason)
    return out, reasons


def review_cpython_baseline(states: list[dict[str, Any]]) -> list[float]:
    """The CPU time of the same whole-deal reviews in CPython (ms), each computed afresh."""
    sys.path.insert(0, str(ROOT))
    from marjapussi.cards import Seat
    from marjapussi.game import ReviewWork
    from marjapussi.web import play

    out = []
    for state in states:
        game = play.game_of(state)
        game.position()
        started = time.process_time()
        ReviewWork(game, Seat[state["seat"]]).finish()
        out.append((time.process_time() - started) * 1000)
    return out


def time_review(tab: Any) -> tuple[float, float]:
    """Press "review my play" on a finished deal and wait for the review: the time from the
    score shown to the review in view, and the longest slice (ms)."""
    if tab.locator('#w-play [data-focus-key="review"]').count():
        tab.locator('#w-play [data-focus-key="review"]').first.click()
    tab.wait_for_selector('#w-play [data-review="ready"]', state="attached", timeout=120_000)
    updates = tab.evaluate("window.__mpBot")
    ready = float(updates[-1][0])  # the update that showed the review
    # The score was shown by the update before this deal's slices and the press of "review"
    # (an earlier deal's slices, cut short by "next deal", are not this review's).
    start = len(updates) - 1
    while start > 0 and updates[start][1] in ("review-step", "review"):
        start -= 1
    shown = float(updates[start][0])
    ours = updates[start:]
    slices = [t1 - t0 for (t0, _), (t1, kind) in itertools.pairwise(ours) if kind == "review-step"]
    return ready - shown, max(slices, default=0.0)


def pick_cards(tab: Any, press: Any) -> None:
    """Pick the reader's cards, first to last, until ``press`` (the exchange's or the
    discard's button) is enabled: each pick is an update of its own, waited for."""
    cards = tab.locator("#w-play .mp-card-button[data-action*='\"pick\"']")
    for k in range(cards.count()):
        if press.is_enabled():
            return
        before = tab.evaluate("window.__mpBot.length")
        cards.nth(k).click()
        tab.wait_for_function(f"window.__mpBot.length > {before}")


def bench_play(browser: Any, base: str, runs: int, deals: int, level: str = "club", rules: str = "") -> None:
    reviews: list[float] = []
    slices: list[float] = []
    reviewed: list[dict[str, Any]] = []
    tti: list[float] = []
    latencies: list[float] = []
    moves: list[int] = []  # bot moves a visit
    longs: list[float] = []
    loading: list[float] = []
    states: list[dict[str, Any]] = []
    for run in range(max(1, runs)):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(PLAY_OBSERVER)
        tab = context.new_page()
        tab.goto(f"{base}{PLAY_PAGE}")
        tab.wait_for_selector("#w-play[data-runtime=live]", state="attached", timeout=120_000)
        if rules:
            tab.select_option('#w-play select[data-action-field="r"]', rules)
        tab.select_option('#w-play select[data-action-field="pace"]', "0")
        tab.select_option('#w-play select[data-action-field="level"]', level)
        tab.check('#w-play input[data-action-field="legal"]')
        tab.locator('#w-play [data-focus-key="setup-go"]').click()
        tab.wait_for_selector("#w-play [data-turn]", state="attached", timeout=60_000)
        tti.append(float(tab.evaluate("performance.now()")))
        played = 0
        while played < deals:
            tab.wait_for_selector('#w-play [data-turn="you"], #w-play [data-turn="over"]', state="attached",
                                  timeout=60_000)
            if tab.locator('#w-play [data-turn="over"]').count():
                played += 1
                if played < deals and tab.locator('#w-play [data-focus-key="next"]').count():
                    tab.locator('#w-play [data-focus-key="next"]').click()
                    tab.wait_for_selector('#w-play [data-turn="you"], #w-play [data-turn="bot"]',
                                          state="attached", timeout=60_000)
                    continue
                break
            button = tab.locator("#w-play .mp-allowed .mp-card-button, #w-play .mp-play-actions button").first
            passing = tab.locator("#w-play .mp-play-actions button[data-action*='\"pass\"']")
            pressed = tab.locator('#w-play .mp-play-actions button[data-focus-key="discard"]')
            if passing.count():  # the reader passes, so the bots' auction is timed, and no discard waits
                button = passing.first
            elif pressed.count():  # cards to give, give back or put away: pick the first that go, then press
                pick_cards(tab, pressed.first)
                button = pressed.first
            before = tab.evaluate("window.__mpBot.length")
            button.click()
            tab.wait_for_function(f"window.__mpBot.length > {before}")
        if tab.locator('#w-play [data-turn="over"]').count():
            took, longest_slice = time_review(tab)
            reviews.append(took)
            slices.append(longest_slice)
            reviewed.append(json.loads(tab.locator("#w-play").get_attribute("data-state") or "{}"))
        updates = tab.evaluate("window.__mpBot")
        for (t0, _), (t1, kind) in itertools.pairwise(updates):
            if kind == "bot":
                latencies.append(t1 - t0)
        for begun, duration in tab.evaluate("window.__mpLong"):
            (longs if begun >= tti[-1] else loading).append(duration)
        state = json.loads(tab.locator("#w-play").get_attribute("data-state") or "{}")
        states += _bot_states(state)
        moves.append(len(latencies) - sum(moves))
        print(f"play run {run + 1}: live table {tti[-1]:7.0f} ms, bot moves {len(latencies)} so far")
        context.close()
    baseline, reasons = play_cpython_baseline(states[:200])
    p95 = percentile(latencies, 0.95)
    base_p95 = percentile(baseline, 0.95)
    longest = max(longs, default=0.0)
    goal = PLAY_GOAL_MS.get(level, 250)
    print(f"\nPlay page ({level} bots, {rules or 'the default rules'}, pace 'at once'):")
    print(f"  time to a live table: best {min(tti):.0f} ms, median {statistics.median(tti):.0f} ms")
    print(f"  bot move in the browser: n={len(latencies)} median {statistics.median(latencies):.1f} ms, "
          f"p95 {p95:.1f} ms (goal < {goal} ms: {p95 < goal})")
    print(f"  the same decisions in CPython (CPU time): n={len(baseline)} median "
          f"{statistics.median(baseline):.1f} ms, p95 {base_p95:.1f} ms; "
          f"ratio of p95s {p95 / max(base_p95, 0.01):.1f}")
    slow = sorted(t for t in latencies if t >= 500)
    print(f"  bot moves of 500 ms or more (expert's auction weighs its calls up to bots.AUCTION_SECONDS): "
          f"n={len(slow)}, {' '.join(f'{t:.0f}' for t in slow)} ms; "
          f"longest {max(latencies, default=0.0):.0f} ms")
    if len(reasons) == len(latencies):  # one bot update a decision, in order: each move's reason
        kinds = Counter(r for t, r in zip(latencies, reasons, strict=True) if t >= 500)
        auction = [(k, t) for k, (t, r) in enumerate(zip(latencies, reasons, strict=True))
                   if r.startswith("expert-auction")]
        starts = list(itertools.accumulate(moves, initial=0))
        firsts = [next((t for k, t in auction if a <= k < b), None) for a, b in itertools.pairwise(starts)]
        longest_auction = max((t for _, t in auction), default=0.0)
        print(f"  their reasons (as CPython decides them): {dict(kinds)}; the expert's auction moves "
              f"(expert-auction*): n={len(auction)} longest {longest_auction:.0f} ms; each visit's first: "
              f"{' '.join(f'{t:.0f}' for t in firsts if t is not None) or '-'} ms")
    print(f"  long tasks on the main thread while playing: {len(longs)}, longest {longest:.0f} ms "
          f"(goal: none over 50 ms: {longest <= 50}); while the page loaded: {len(loading)}, "
          f"longest {max(loading, default=0.0):.0f} ms")
    review_base = review_cpython_baseline(reviewed)
    review_ms = statistics.median(reviews) if reviews else float("nan")
    review_ratio = review_ms / max(statistics.median(review_base), 0.01) if review_base else float("nan")
    print(f"  whole-deal review, score shown to review in view: n={len(reviews)} "
          f"{' '.join(f'{r:.0f}' for r in reviews)} ms, median {review_ms:.0f} ms (goal < 2000 ms: "
          f"{review_ms < 2000}); longest slice {max(slices, default=0.0):.0f} ms; the same reviews in "
          f"CPython (CPU time): {' '.join(f'{r:.0f}' for r in review_base)} ms")
    print(f"play_tti_ms={min(tti):.0f} bot_p95_ms={p95:.1f} longtask_max_ms={longest:.0f} "
          f"bot_ratio_to_cpython={p95 / max(base_p95, 0.01):.1f} review_ms={review_ms:.0f} "
          f"review_slice_max_ms={max(slices, default=0.0):.0f} review_ratio_to_cpython={review_ratio:.1f}")


def _bot_states(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The states in which a bot decided, along the game the page played."""
    sys.path.insert(0, str(ROOT))
    from marjapussi.web import play

    if not state or "a" not in state:
        return []
    out = []
    reader = state["seat"]
    done: list[str] = []
    for code in [*state["done"], state["a"]]:
        for end in range(0, len(code), 2):
            step = {**state, "done": list(done), "a": code[:end], "why": -1, "refused": "", "pick": [],
                    "hint": 0, "rev": 0, "hm": "0" * (len(done) + 1)}
            deal = play.position(step).deal
            if not deal.is_over() and deal.to_act.name != reader:
                out.append(step)
        done.append(code)
    return out


def play_main() -> None:
    parser = argparse.ArgumentParser(description="Time the Play page in Chromium")
    parser.add_argument("--play", action="store_true", help="this section only")
    parser.add_argument("--site", type=Path, help="a built site to use instead of building one")
    parser.add_argument("--runs", type=int, default=3, help="fresh visits (default 3)")
    parser.add_argument("--deals", type=int, default=1, help="deals played per visit (default 1)")
    parser.add_argument("--level", choices=tuple(PLAY_GOAL_MS), default="club",
                        help="the bots' level (default club)")
    parser.add_argument("--rules", default="", help="the preset to play (default: the page's own)")
    args = parser.parse_args()
    with browser_on_site(args.site, "mp-bench-play-") as (browser, base):
        bench_play(browser, base, args.runs, args.deals, args.level, args.rules)


if __name__ == "__main__":
    if "--play" in sys.argv:
        play_main()
    else:
        main()
