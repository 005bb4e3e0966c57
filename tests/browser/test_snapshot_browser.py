"""The widgets boot from Pyodide's memory snapshot in Chromium, and without it when it fails.

The site build makes the snapshot (``scripts/make_snapshot.mjs``, called by
``site_hooks/runtime.py``) and the worker restores it (``docs/assets/widgets/worker.js``).
The worker says which way it booted in the timings it sends with "ready", which the
runtime keeps in ``window.mpWidgetTimings`` (``boot``: "snapshot" or "normal";
``snapshot_failed``: why not). Here:

- the built site holds one snapshot, named by its content's hash, that the worker of
  every widget page names, beside the files of a normal boot;
- in every language, the widgets become live from the snapshot without fetching
  python_stdlib.zip or the wheel, and answer as the host's bridge does;
- pyodide.asm.wasm is compiled while the snapshot downloads and Pyodide instantiates
  that module (worker.js: useCompiledWasm), in the fallback too; the wasm and Pyodide's
  module scripts come packed (NAME-gzip.bin), and the plain wasm is never asked for;
- a corrupted, a missing and a wrong snapshot (another Pyodide build's) each fall back
  to the normal boot, with the widgets live;
- a call that needs a stdlib module the snapshot lacks fetches python_stdlib.zip then,
  and is answered;
- the widgets the snapshot holds as source (the score keeper, the dispute page, the
  course) answer their first action, with nothing more fetched.

The fixtures and helpers are those of test_widgets_browser.py (the same built site,
server and Chromium).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import sitekit
import test_table_kit_browser as kit
from test_widgets_browser import (
    BOOT_MS,
    LANGUAGES,
    WHICH_CARD,
    Tab,
    act,
    open_tab,
    rules_url,
    shot,
    wait_live,
)

from marjapussi.web import bridge
from site_hooks import runtime

pytestmark = pytest.mark.browser


FORMAT_MAGIC = b"MPSNAPX1"
"""What our snapshot files start with, before Pyodide's own snapshot (snapshot_format.mjs)."""
SNAPSHOT = re.compile(r'data-worker="[^"]*worker\.js\?v=[0-9a-f]+&amp;snapshot=(snapshot-[0-9a-f]{16}\.bin)'
                      r'&amp;packed=[0-9a-f]{12}(?:&amp;core=[0-9a-f]{12})?"')


def snapshot_path(site: Path) -> Path:
    found = sorted((site / "pyodide").glob("snapshot-*.bin"))
    assert len(found) == 1, f"the site should ship one snapshot: {found}"
    return found[0]


def timings(page: Any) -> dict[str, Any]:
    value = page.evaluate("window.mpWidgetTimings || {}")
    assert isinstance(value, dict)
    return value


def check_live_and_answering(tab: Tab, lang: str) -> None:
    """The must-beat widget is live and answers a click as the host's bridge does."""
    page = tab.page
    wait_live(page, WHICH_CARD)
    first_card = page.locator(f"{WHICH_CARD} button[data-action]").first
    reply = act(page, WHICH_CARD, lang, first_card.click)
    assert reply["html"], reply


@pytest.fixture
def fresh(browser: Any) -> Iterator[Tab]:
    """A tab in a fresh context (empty cache); the test checks its requests itself."""
    opened = open_tab(browser)
    try:
        yield opened
        assert not opened.errors, opened.errors
        assert not opened.log.outside(), opened.log.outside()
    finally:
        opened.close()


# --- the build ------------------------------------------------------------------------


def test_the_build_ships_one_snapshot_named_by_its_hash(site: Path) -> None:
    snapshot = snapshot_path(site)
    data = snapshot.read_bytes()
    assert snapshot.name == runtime.snapshot_name(data)
    raw = gzip.decompress(data)
    # Our format's magic (snapshot_format.mjs), then Pyodide's header: its magic number,
    # then where the memory starts.
    assert raw.startswith(FORMAT_MAGIC), raw[:16]
    pyodide = raw[len(FORMAT_MAGIC):]
    magic, offset = int.from_bytes(pyodide[:4], "little"), int.from_bytes(pyodide[4:8], "little")
    assert magic and 16 < offset < len(pyodide) and len(pyodide) > 8 << 20, (hex(magic), offset, len(raw))
    # The files of the normal boot stay: the worker falls back on them.
    for name in (*runtime.PYODIDE_FILES, runtime.LOCK_FILE):
        assert (site / "pyodide" / name).is_file(), name
    pages, _ = sitekit.read_site(site)
    with_widgets = [html for html in pages.values() if "data-mp-runtime" in html]
    assert with_widgets
    for html in with_widgets:
        assert SNAPSHOT.findall(html) == [snapshot.name]


def test_the_snapshot_is_made_once_per_set_of_inputs(site: Path) -> None:
    """The build took it from the cache the key names (the tests build the site often)."""
    wheel = next((site / "pyodide").glob("marjapussi-*.whl"))
    cached = runtime.SNAPSHOT_CACHE / f"{runtime.snapshot_key(wheel)}.gz"
    assert cached.read_bytes() == snapshot_path(site).read_bytes()
    assert runtime.make_snapshot(wheel) == cached


def test_a_snapshot_that_cannot_be_made_is_said_loudly(tmp_path: Path, site: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    wheel = next((site / "pyodide").glob("marjapussi-*.whl"))
    assert runtime.make_snapshot(wheel, cache=tmp_path, node=str(tmp_path / "no-node")) is None
    said = capsys.readouterr().err
    assert "NO MEMORY SNAPSHOT" in said and "could not run" in said, said
    failing = tmp_path / "fails.mjs"
    failing.write_text("console.error('out of memory'); process.exit(4);\n", encoding="utf-8")
    assert runtime.make_snapshot(wheel, cache=tmp_path, script=failing) is None
    said = capsys.readouterr().err
    assert "NO MEMORY SNAPSHOT" in said and "exit 4" in said and "out of memory" in said, said
    assert not list(tmp_path.glob("*.gz")) and not list(tmp_path.glob("*.part"))


# --- booting from it ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widgets_become_live_from_the_snapshot(fresh: Tab, site: Path, site_url: str, lang: str,
                                               screenshots: Path) -> None:
    page = fresh.page
    page.goto(rules_url(site_url, lang, fragment=WHICH_CARD))
    check_live_and_answering(fresh, lang)
    told = timings(page)
    assert told.get("boot") == "snapshot", told
    assert "snapshot_failed" not in told, told
    # pyodide.asm.wasm was compiled while the snapshot came, and Pyodide used that module
    assert told.get("wasm") == "compiled early", told
    assert 0 <= told["wasm_instantiate"] <= told["make_module"], told
    packed = {f"/pyodide/{name}{runtime.PACKED_SUFFIX}" for name in runtime.PACKED_FILES}
    assert {urlsplit(url).path for url in fresh.log.under("/pyodide/pyodide.")} == packed
    assert fresh.log.under(f"/pyodide/{snapshot_path(site).name}")
    assert not fresh.log.under("/pyodide/python_stdlib.zip"), "the snapshot needs no stdlib zip"
    assert not fresh.log.under("/pyodide/marjapussi-"), "the snapshot holds the package's files: no wheel"
    assert not fresh.log.failed, fresh.log.failed
    # another widget of the page answers too, by keyboard
    stepper = "#" + str(page.locator('.mp-widget[data-widget="trick-stepper"]').first.get_attribute("id"))

    def press_enter() -> None:
        page.locator(f'{stepper} [data-focus-key="next-trick"]').focus()
        page.keyboard.press("Enter")

    act(page, stepper, lang, press_enter)
    shot(page, screenshots, f"snapshot-{lang}", WHICH_CARD)


FIRST_USE = [("fi", "table/score-keeper", kit.KEEPER), ("en", "table/dispute", kit.DISPUTE),
             ("ru", "course", "#w-course")]
"""The widgets the snapshot holds as source (scripts/make_snapshot.mjs), each on its page."""


def first_action(page: Any, lang: str, selector: str) -> dict[str, Any]:
    """A reader's first action on a widget, checked against the host's bridge: the score
    keeper's first field filled in, the Play page's deal, any other widget's first button."""
    if selector == kit.KEEPER:
        return kit.enter(page, lang, kit.GUILD_DEAL[0])
    control = page.locator(f'{selector} [data-focus-key="setup-go"]' if selector == "#w-play"
                           else f"{selector} button[data-action]:not([disabled]):visible").first
    return act(page, selector, lang, control.click)


@pytest.mark.parametrize(("lang", "name", "selector"), FIRST_USE)
def test_a_widget_the_snapshot_holds_as_source_answers_its_first_click(
        fresh: Tab, site_url: str, lang: str, name: str, selector: str) -> None:
    """Its modules are compiled from the source the worker writes back after a restore; the
    first click answers as the host's bridge does, and nothing more is fetched for it."""
    page = fresh.page
    page.goto(site_url + sitekit.page_url(name, lang))
    page.wait_for_selector(f"{selector}[data-runtime=live]", state="attached", timeout=BOOT_MS)
    told = timings(page)
    assert told.get("boot") == "snapshot", told
    reply = first_action(page, lang, selector)
    assert reply["html"], reply
    assert not fresh.log.under("/pyodide/python_stdlib.zip"), "the snapshot holds what the widget imports"
    assert not fresh.log.under("/pyodide/marjapussi-"), "the snapshot holds the widget's source: no wheel"
    assert not fresh.log.failed, fresh.log.failed


def corrupted(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes(b ^ 0x5A for b in data[middle:middle + 64]) + data[middle + 64:]


@pytest.mark.parametrize("how", ["corrupted", "missing"])
def test_a_broken_snapshot_falls_back_to_the_normal_boot(fresh: Tab, site: Path, site_url: str,
                                                         how: str) -> None:
    snapshot = snapshot_path(site)
    page = fresh.page
    if how == "corrupted":
        body = corrupted(snapshot.read_bytes())
        page.route(f"**/pyodide/{snapshot.name}", lambda route: route.fulfill(
            status=200, body=body, headers={"Content-Type": "application/gzip"}))
    else:
        page.route(f"**/pyodide/{snapshot.name}", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(rules_url(site_url, "fi", fragment=WHICH_CARD))
    check_live_and_answering(fresh, "fi")
    told = timings(page)
    assert told.get("boot") == "normal", told
    assert told.get("wasm") == "compiled early", told  # the fallback uses the compiled module too
    assert not [url for url in fresh.log.under("/pyodide/pyodide.") if "-gzip.bin" not in url]
    expected = "hash mismatch" if how == "corrupted" else "HTTP 404"
    assert expected in told.get("snapshot_failed", ""), told
    assert fresh.log.under("/pyodide/python_stdlib.zip")
    refused = [f"404 {url}" for url in fresh.log.under("/pyodide/snapshot-")]
    assert fresh.log.failed == ([] if how == "corrupted" else refused), fresh.log.failed


def renamed(site: Path, data: bytes) -> str:
    """Put ``data`` into the site's pyodide/ under its content-hashed name; return the name."""
    name = runtime.snapshot_name(data)
    (site / "pyodide" / name).write_bytes(data)
    return name


def serve_page_naming(page: Any, name: str, site: Path) -> None:
    """Make the page's worker name ``name`` instead of the built snapshot."""
    built = snapshot_path_excluding(site, name)

    def handler(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace(built, name))

    page.route(re.compile(r".*/rules/guild/(\?.*)?$"), handler)


def snapshot_path_excluding(site: Path, name: str) -> str:
    found = [p.name for p in (site / "pyodide").glob("snapshot-*.bin") if p.name != name]
    assert len(found) == 1, found
    return found[0]


def test_a_snapshot_of_another_pyodide_build_falls_back(fresh: Tab, site: Path, site_url: str) -> None:
    """Checked and unpacked, but refused by Pyodide itself: the worker boots again, the normal way."""
    raw = bytearray(gzip.decompress(snapshot_path(site).read_bytes()))
    at = len(FORMAT_MAGIC) + 16  # the build id Pyodide checks, in its header
    raw[at:at + 32] = hashlib.sha256(b"another build").digest()
    name = renamed(site, gzip.compress(bytes(raw), 1))
    try:
        serve_page_naming(fresh.page, name, site)
        fresh.page.goto(rules_url(site_url, "en", fragment=WHICH_CARD))
        check_live_and_answering(fresh, "en")
        told = timings(fresh.page)
        assert told.get("boot") == "normal", told
        assert "build id mismatch" in told.get("snapshot_failed", ""), told
        assert fresh.log.under(f"/pyodide/{name}")
    finally:
        (site / "pyodide" / name).unlink()


@pytest.mark.slow
def test_a_module_the_snapshot_lacks_is_fetched_on_demand(fresh: Tab, site: Path, site_url: str,
                                                         tmp_path: Path) -> None:
    """A snapshot without urllib.parse: a shared link needs it, so the stdlib zip comes then."""
    node = shutil.which("node")
    assert node, "node is not installed: run ./scripts/setup.sh"
    wheel = next((site / "pyodide").glob("marjapussi-*.whl"))
    out = tmp_path / "lacking.gz"
    proc = subprocess.run([node, str(runtime.SNAPSHOT_SCRIPT), "--wheel", str(wheel), "--out", str(out),
                           "--leave-out", "urllib.parse"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    name = renamed(site, out.read_bytes())
    query = bridge.share_query("which-card", bridge.initial_state("which-card", "must-trump")).lstrip("?")
    try:
        serve_page_naming(fresh.page, name, site)
        page = fresh.page
        page.goto(rules_url(site_url, "ru", query="?" + query))
        page.wait_for_function("window.__mpUpdates.length > 0", timeout=BOOT_MS)
        assert timings(page).get("boot") == "snapshot", timings(page)
        assert fresh.log.under("/pyodide/python_stdlib.zip"), "the stdlib zip should be fetched on demand"
        update = page.evaluate("window.__mpUpdates[0]")
        expected = json.loads(bridge.from_url("which-card", query, "ru"))
        assert expected["ok"] and update["detail"]["ok"], (update, expected)
        selector = "#" + update["id"]
        assert json.loads(page.locator(selector).get_attribute("data-state") or "null") == expected["state"]
        status = page.locator(f"{selector} .mp-widget-status").text_content() or ""
        assert status.rstrip("\u00a0") == expected["announce"], (status, expected["announce"])
        assert not fresh.log.failed, fresh.log.failed
    finally:
        (site / "pyodide" / name).unlink()
