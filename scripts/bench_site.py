#!/usr/bin/env python3
"""Time the live widgets in Chromium against the bare boot of Pyodide, in one run.

Everything runs on one server (``http.server`` in a thread, on 127.0.0.1, counting the
bytes it sends) and one Chromium (Debian's, driven by Playwright):

- Time to the first live widget: from navigation to the moment the runtime marks the
  widgets live (``performance.mark("mp-widgets-live")``), for the Finnish guild rules
  page opened at its first widget. The physical limit is a bare page, written by this
  script into the built site's ``pyodide/`` folder, that only starts a module worker,
  boots Pyodide there from the same files and runs one line of Python. Cold is a fresh
  browser context (empty cache); warm is the same context loading the page again. The
  two pages are measured in turns, ``--runs`` times each. Other work on the machine only
  ever adds time, so the ratio compares the best run of each; medians are printed too.
- Where the difference comes from: a third page, as bare as the first, runs our worker
  (worker.js: Pyodide, then the wheel, then ``import marjapussi.web.bridge``) without the
  documentation page around it; its ratio to the bare boot is our code's own cost, the rest
  is the page's own loading (theme script, search index, layout) competing for the CPU.
- Click-to-update latency: ``--clicks`` clicks on the buttons of each widget kind of the
  page, each timed in the page from the click to the new view in the DOM (the runtime's
  ``mp:update`` event); also to the next frame after it.
- Bytes the server sent for a page without widgets (the home page, scrolled to the end)
  and for the widget page, and how many of them were Pyodide's.
- Our own code: the wheel, our JavaScript and our CSS as served.

Prints the figures; the last line is ``tti_ratio=R click_p95_ms=M own_kb=K`` where R is
the worse of the cold and warm ratios (ours / bare, best runs).

Run with the project's environment: ``.venv/bin/python scripts/bench_site.py``
(``--site DIR`` reuses a built site instead of building one).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WIDGET_PAGE = "rules/guild/"
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
const worker = new Worker("../assets/widgets/worker.js", { type: "module" });
worker.onmessage = (event) => {
  performance.mark("worker-live");
  window.mpWidgetTimings = event.data.timings;
  document.getElementById("out").textContent = event.data.type;
};
worker.postMessage({ type: "init", pyodide: new URL("./", location.href).href,
                     wheel: new URL("WHEEL", location.href).href });
</script></body></html>
"""

CLICK_JS = """async ([selector, i]) => {
  const root = document.querySelector(selector);
  const buttons = Array.from(root.querySelectorAll("button[data-action]:not([disabled])"));
  const button = buttons[i % buttons.length];
  const updated = new Promise((resolve) => root.addEventListener("mp:update", resolve, { once: true }));
  const start = performance.now();
  button.click();
  await updated;
  const dom = performance.now() - start;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return [dom, performance.now() - start, button.getAttribute("data-action")];
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


class _Handler(http.server.SimpleHTTPRequestHandler):
    tally: ClassVar[Counter[str]] = Counter()

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.tally, self)  # type: ignore[assignment]

    def end_headers(self) -> None:
        # As a typical static host does (GitHub Pages: ten minutes): a warm load reuses
        # the cache, the bare page's and ours alike.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(site: Path) -> tuple[str, Counter[str], http.server.ThreadingHTTPServer]:
    tally: Counter[str] = Counter()
    handler = type("Handler", (_Handler,), {"tally": tally})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", tally, server


# --- measuring ------------------------------------------------------------------------


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


def load_times(browser: Any, url: str, mark: str, verbose: bool) -> tuple[float, float, Any]:
    """Cold and warm time to ``mark`` for ``url``; returns the context, still open."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    times = []
    for phase in ("cold", "warm"):
        if phase == "warm":
            tab.wait_for_load_state("networkidle")
            tab.goto("about:blank")
        tab.goto(url)
        times.append(mark_time(tab, mark))
        if verbose:
            print(f"    {phase} breakdown (ms from navigation; worker steps in ms): "
                  f"{tab.evaluate(BREAKDOWN_JS)}")
    return times[0], times[1], context


def page_bytes(browser: Any, url: str, tally: Counter[str], wait_live: bool) -> tuple[int, int, list[str]]:
    """Bytes sent for one fresh visit of ``url`` (all, and under /pyodide/)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tally.clear()
    tab.goto(url)
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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def own_code(site: Path) -> list[tuple[str, int]]:
    """Our own files as served: the wheel, our scripts and our stylesheets."""
    files = sorted((site / "pyodide").glob("marjapussi-*.whl"))
    docs_assets = ROOT / "docs" / "assets"
    for source in sorted(docs_assets.rglob("*")):
        if source.suffix in (".js", ".css"):
            files.append(site / "assets" / source.relative_to(docs_assets))
    return [(path.relative_to(site).as_posix(), path.stat().st_size) for path in files if path.is_file()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site to use instead of building one")
    parser.add_argument("--runs", type=int, default=5, help="cold+warm loads of each page (default 5)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per widget kind (default 20)")
    parser.add_argument("--verbose", action="store_true", help="print where the time of each load went")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="mp-bench-widgets-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            started = time.perf_counter()
            build(site)
            print(f"site built in {time.perf_counter() - started:.1f} s")
        bare_files = [site / "pyodide" / "bench-bare.html", site / "pyodide" / "bench-bare-worker.js",
                      site / "pyodide" / "bench-worker-only.html"]
        wheel_name = next((site / "pyodide").glob("marjapussi-*.whl")).name
        bare_files[0].write_text(BARE_HTML, encoding="utf-8")
        bare_files[1].write_text(BARE_WORKER, encoding="utf-8")
        bare_files[2].write_text(WORKER_ONLY_HTML.replace("WHEEL", wheel_name), encoding="utf-8")
        base, tally, server = serve(site)
        widget_url = f"{base}{WIDGET_PAGE}#{first_widget_id(site)}"
        bare_url = f"{base}pyodide/bench-bare.html"
        worker_only_url = f"{base}pyodide/bench-worker-only.html"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                results: dict[str, dict[str, list[float]]] = {
                    name: {"cold": [], "warm": []} for name in ("bare", "worker", "ours")}
                context = None
                for run in range(max(1, args.runs)):
                    for name, url, mark in (("bare", bare_url, "bare-live"),
                                            ("worker", worker_only_url, "worker-live"),
                                            ("ours", widget_url, "mp-widgets-live")):
                        cold, warm, context = load_times(browser, url, mark, args.verbose)
                        results[name]["cold"].append(cold)
                        results[name]["warm"].append(warm)
                        print(f"run {run + 1} {name:6}: cold {cold:7.0f} ms  warm {warm:7.0f} ms")
                        if name != "ours" or run < args.runs - 1:
                            context.close()
                assert context is not None
                tab = context.pages[0]
                check_failures(tab)

                roots = tab.evaluate("""() => {
                  const seen = new Set(); const out = [];
                  for (const el of document.querySelectorAll('.mp-widget[data-widget]')) {
                    const kind = el.getAttribute('data-widget');
                    if (!seen.has(kind)) { seen.add(kind); out.push([kind, '#' + el.id]); }
                  }
                  return out; }""")
                clicks: dict[str, list[tuple[float, float]]] = {}
                for kind, selector in roots:
                    times = clicks.setdefault(kind, [])
                    for i in range(args.clicks):
                        dom, frame, _ = tab.evaluate(CLICK_JS, [selector, i])
                        times.append((dom, frame))
                context.close()

                plain_total, plain_pyodide, _ = page_bytes(browser, base + PLAIN_PAGE, tally, False)
                widget_total, widget_pyodide, _ = page_bytes(browser, widget_url, tally, True)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
            for path in bare_files:
                path.unlink(missing_ok=True)

        print("\nTime from navigation to a live widget (ms; best and median of the runs):")
        ratios = {}
        for phase in ("cold", "warm"):
            bare, ours = min(results["bare"][phase]), min(results["ours"][phase])
            bare_median = statistics.median(results["bare"][phase])
            ours_median = statistics.median(results["ours"][phase])
            ratios[phase] = ours / bare
            print(f"  {phase}: ours {ours:6.0f} (median {ours_median:6.0f})   bare Pyodide boot "
                  f"{bare:6.0f} (median {bare_median:6.0f})   ratio {ratios[phase]:.3f} "
                  f"(medians {ours_median / bare_median:.3f})")
            alone = min(results["worker"][phase])
            alone_median = statistics.median(results["worker"][phase])
            print(f"  {'':{len(phase)}}  our worker on a bare page {alone:6.0f} (median {alone_median:6.0f})"
                  f"   ratio {alone / bare:.3f} (medians {alone_median / bare_median:.3f})")

        print("\nClick to updated view (ms; DOM swapped / next frame):")
        all_dom = []
        for kind, times in clicks.items():
            dom = [t[0] for t in times]
            frame = [t[1] for t in times]
            all_dom += dom
            print(f"  {kind:14} n={len(dom):3}  median {statistics.median(dom):6.1f}  "
                  f"p95 {percentile(dom, 0.95):6.1f}  max {max(dom):6.1f}   "
                  f"(next frame: median {statistics.median(frame):6.1f}, p95 {percentile(frame, 0.95):6.1f})")
        p95 = percentile(all_dom, 0.95)
        print(f"  {'all':14} n={len(all_dom):3}  median {statistics.median(all_dom):6.1f}  p95 {p95:6.1f}")

        print("\nBytes sent by the server for one fresh visit:")
        print(f"  page without widgets (home, scrolled to the end): {plain_total / 1024:8.1f} KB, "
              f"of which Pyodide {plain_pyodide / 1024:.1f} KB")
        print(f"  widget page ({WIDGET_PAGE}, live):                {widget_total / 1024:8.1f} KB, "
              f"of which Pyodide and the wheel {widget_pyodide / 1024:.1f} KB")

        own = own_code(site)
        own_total = sum(size for _, size in own)
        print("\nOur own code as served:")
        for name, size in own:
            print(f"  {size / 1024:8.1f} KB  {name}")
        print(f"  {own_total / 1024:8.1f} KB  in all")

        ratio = max(ratios.values())
        print(f"\ngoals: ratio <= 1.15: {ratio <= 1.15}; click p95 < 50 ms: {p95 < 50}; "
              f"no Pyodide bytes without widgets: {plain_pyodide == 0}; own code < 200 KB: "
              f"{own_total < 200 * 1024}")
        print(f"tti_ratio={ratio:.3f} click_p95_ms={p95:.1f} own_kb={own_total / 1024:.1f}")


if __name__ == "__main__":
    main()
