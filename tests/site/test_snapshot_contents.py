"""What the widgets' memory snapshot holds, restored under Node as the worker restores it.

``scripts/make_snapshot.mjs`` leaves out of the snapshot what no widget reads, so that
fewer bytes are shipped: docstrings (the package's, and those of the modules Pyodide
imports before the warm-up), real line tables (each function's code maps every
instruction to its def line), functions' annotations and the command-line modules. Here the snapshot the
site's build makes for this working tree is restored in a fresh Node process and
looked at from Python: those things are gone, what the widgets use is there and
works (the bridge answers; a traceback can still be formatted), and nothing on the
page's side had to be imported. The widgets of one page each (the score keeper, the
dispute page, the course) come as source, without docstrings, and answer once their
files are written back as the worker writes them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from site_hooks import runtime

ROOT = Path(__file__).resolve().parents[2]

LOAD = r"""
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
const [root, file, code] = process.argv.slice(2);
const pyodideDir = path.join(root, "node_modules", "pyodide");
const { unpack } = await import(path.join(root, "docs", "assets", "widgets", "snapshot_format.mjs"));
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const snapshot = unpack(new Uint8Array(zlib.gunzipSync(fs.readFileSync(file))),
  new Uint8Array(fs.readFileSync(path.join(pyodideDir, "pyodide.asm.wasm"))));
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _loadSnapshot: snapshot,
  stdout: () => {}, stderr: () => {} });
"""
"""Node: restore the snapshot FILE as the worker does (arguments ROOT FILE [CODE]); then
``pyodide`` is the restored interpreter."""

RESTORE = LOAD + r"""
console.log(pyodide.runPython(fs.readFileSync(code, "utf8")));
"""

LOOK = r'''
import importlib.util, json, sys, traceback
import marjapussi.cards
import marjapussi.web.bridge as bridge


def def_line_only(function):
    code = function.__code__
    return {line for _, _, line in code.co_lines()} == {code.co_firstlineno}


try:
    marjapussi.cards.parse_card("not a card")
except Exception:
    formatted = traceback.format_exc()
else:
    formatted = ""
kind = next(iter(bridge.WIDGETS))
page = bridge.render(kind, bridge.WIDGETS[kind].DEFAULT_ARGS, "en")
modules = sorted(sys.modules)

# The widgets the snapshot holds as source: written back as the worker does after a
# restore, then each answers its first action.
import ast, html, importlib, os, re
sources = {path: data.decode() for path, data in _MP_FILES.items() if path.endswith(".py")}
for path, data in _MP_FILES.items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
from importlib.machinery import FileFinder
[f.invalidate_caches() for f in list(sys.path_importer_cache.values()) if isinstance(f, FileFinder)]
first_use = {}
for kind in FIRST_USE:
    state = bridge.initial_state(kind, bridge.WIDGETS[kind].DEFAULT_ARGS)
    found = re.search(r"""data-action='([^']*)'|data-action="([^"]*)\"""",
                      bridge.render(kind, bridge.WIDGETS[kind].DEFAULT_ARGS, "ru"))
    action = json.loads(html.unescape(found.group(1) or found.group(2)))
    message = {"widget": kind, "lang": "ru", "state": state, "action": action}
    reply = json.loads(bridge.handle(json.dumps(message)))
    first_use[kind] = [bool(reply["html"]), reply["announce"]]
json.dumps({
    "modules": modules,
    "sources": {path.rpartition("site-packages/")[2]: len(text) for path, text in sources.items()},
    "sources_with_docstrings": [
        path for path, text in sources.items()
        if any(isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
               and ast.get_docstring(node) for node in ast.walk(ast.parse(text)))],
    "first_use": first_use,
    "docs": {
        "json.dumps": json.dumps.__doc__,
        "re": sys.modules["re"].__doc__,
        "traceback.TracebackException": traceback.TracebackException.__doc__,
        "bridge.handle": bridge.handle.__doc__,
        "bridge": bridge.__doc__,
    },
    "def_line_only": {
        "json.dumps": def_line_only(json.dumps),
        "traceback.format_exc": def_line_only(traceback.format_exc),
        "bridge.handle": def_line_only(bridge.handle),
        "parse_card": def_line_only(marjapussi.cards.parse_card),
    },
    "annotations": {
        "bridge.handle": [bridge.handle.__annotate__ is None, bridge.handle.__annotations__],
        "parse_card": [marjapussi.cards.parse_card.__annotate__ is None,
                       marjapussi.cards.parse_card.__annotations__],
    },
    "traceback": formatted,
    "page": page[:200],
    "rooms_importable": importlib.util.find_spec("marjapussi.rooms") is not None,
})
'''


@pytest.fixture(scope="module")
def restored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None or not (runtime.PYODIDE_NPM / "pyodide.mjs").is_file():
        pytest.fail("node or node_modules/pyodide is missing: run ./scripts/setup.sh", pytrace=False)
    folder = tmp_path_factory.mktemp("snapshot-contents")
    wheel = runtime.build_wheel(ROOT, folder)
    snapshot = runtime.make_snapshot(wheel)
    assert snapshot is not None, "the snapshot could not be made (see the captured stderr)"
    script, code = folder / "restore.mjs", folder / "look.py"
    script.write_text(RESTORE, encoding="utf-8")
    code.write_text(f"FIRST_USE = {sorted(FIRST_USE_KINDS)!r}\n" + LOOK, encoding="utf-8")
    proc = subprocess.run([node, str(script), str(ROOT), str(snapshot), str(code)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    value = json.loads(proc.stdout.strip().splitlines()[-1])
    assert isinstance(value, dict)
    return value


def test_the_snapshot_holds_no_docstrings(restored: dict[str, Any]) -> None:
    # json, re and traceback come with Pyodide's boot, before the warm-up; the bridge
    # is the package's own.
    assert restored["docs"] == dict.fromkeys(restored["docs"])


def test_each_function_maps_its_code_to_its_def_line(restored: dict[str, Any]) -> None:
    assert all(restored["def_line_only"].values()), restored["def_line_only"]


def test_functions_hold_no_annotations(restored: dict[str, Any]) -> None:
    assert all(value == [True, {}] for value in restored["annotations"].values()), restored["annotations"]


def test_a_traceback_can_still_be_formatted(restored: dict[str, Any]) -> None:
    formatted = restored["traceback"]
    assert formatted.splitlines()[-1].startswith("marjapussi.errors.CardParseError"), formatted
    assert "in parse_card" in formatted, formatted


def test_the_snapshot_holds_the_widgets_modules_but_not_the_command_lines(restored: dict[str, Any]) -> None:
    modules = set(restored["modules"])
    assert {"marjapussi.web.bridge", "marjapussi.web.play", "marjapussi.web.quiz",
            "marjapussi.web.trick_stepper", "marjapussi.analysis.bots", "marjapussi.analysis.review",
            "urllib.parse"} <= modules
    assert not modules & {"marjapussi.cli", "marjapussi.course.cli", "marjapussi.__main__", "argparse"}
    # the club night's scoring is the room server's, and its fractions and decimal would grow
    # the heap past what a restore writes into
    assert not modules & {"marjapussi.club", "fractions", "decimal", "statistics"}
    # ctypes loads the compiled core's native library in CPython only; hashlib serves the
    # course's verdicts at build time and in the tests
    assert not modules & {"ctypes", "hashlib"}


FIRST_USE_KINDS = {"score-keeper": "marjapussi/web/score_keeper.py", "dispute": "marjapussi/web/dispute.py",
                   "course": "marjapussi/web/course.py"}
"""The widgets of one page each, which the snapshot holds as source (make_snapshot.mjs), and one
of their modules."""


def test_one_page_widgets_come_as_source_and_answer_once_written_back(restored: dict[str, Any]) -> None:
    modules = set(restored["modules"])
    for kind, source in FIRST_USE_KINDS.items():
        name = source.removesuffix(".py").replace("/", ".")
        assert name not in modules, f"{name} should be left to its first use"
        assert restored["sources"].get(source, 0) > 1000, (source, restored["sources"])
        assert restored["first_use"][kind][0], (kind, restored["first_use"][kind])
    # what only they import comes as source too, and the marriage family (until a reader
    # picks it); what the others use stays imported
    assert {"marjapussi/web/keeper_facts.py", "marjapussi/marriage_trumps.py"} <= restored["sources"].keys()
    family = ("marjapussi.marriage_trumps", "marjapussi.analysis.marriage")
    assert not [m for m in modules if m.startswith(family)]
    assert "marjapussi/analysis/marriage_bots.py" in restored["sources"]
    # and the weighing of Huutopussi's bids, which the Play page imports when a reader bids
    # (with marriage trumps too: its module imports both)
    assert "marjapussi.analysis.auction" not in modules
    assert "marjapussi/analysis/auction.py" in restored["sources"]
    on_demand = {"marjapussi/analysis/marriage_bots.py", "marjapussi/analysis/auction.py",
                 "marjapussi/analysis/auction_marriage.py", "marjapussi/analysis/marriage_par.py",
                 "marjapussi/analysis/call_work.py"}  # call_work imports both families' weighing
    assert not [path for path in restored["sources"] if path.startswith(("marjapussi/web/which_card",
                                                                          "marjapussi/analysis/"))
                and path not in on_demand]
    # without docstrings (nor comments): ast.unparse of the source less its docstrings
    assert restored["sources_with_docstrings"] == []


def test_the_snapshot_and_its_wheel_leave_the_room_server_out(restored: dict[str, Any]) -> None:
    """Decided 6 of issue 22: the room server runs on a server, never in the browser."""
    assert not [m for m in restored["modules"] if m.startswith("marjapussi.rooms")]
    assert restored["rooms_importable"] is False


def test_the_bridge_renders_from_the_snapshot(restored: dict[str, Any]) -> None:
    assert restored["page"].startswith('<div class="mp-widget"'), restored["page"]


GROWS = LOAD + r"""
const M = pyodide._module;
const before = M.HEAP8.length;
const held = pyodide.runPython("held = bytearray(64 << 20); len(held)");
console.log(JSON.stringify({ limit: M._malloc_footprint_limit() >>> 0, before, after: M.HEAP8.length,
  held }));
"""


def test_the_free_memory_is_zeroed_however_near_the_heap_ends_to_the_memory(tmp_path: Path) -> None:
    """The warm-up leaves the heap's end some 0.2 to 0.5 MB short of the memory's end, from
    run to run; the zeroing of the free memory must not depend on it (a CI build whose
    heap ended nearer zeroed nothing and shipped a snapshot 0.5 MB larger). Made as if no
    room at all were left (--squeeze 0), the snapshot is as small as the site's, and once
    restored the interpreter's memory still grows (the limit the zeroing sets is lifted)."""
    node = shutil.which("node")
    if node is None or not (runtime.PYODIDE_NPM / "pyodide.mjs").is_file():
        pytest.fail("node or node_modules/pyodide is missing: run ./scripts/setup.sh", pytrace=False)
    wheel = runtime.build_wheel(ROOT, tmp_path)
    normal = runtime.make_snapshot(wheel)
    assert normal is not None, "the snapshot could not be made (see the captured stderr)"
    squeezed = tmp_path / "squeezed.gz"
    proc = subprocess.run([node, str(runtime.SNAPSHOT_SCRIPT), "--wheel", str(wheel), "--out", str(squeezed),
                           "--squeeze", "0"], capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    runtime.recompress(squeezed)  # as the site's build does with its own
    assert squeezed.stat().st_size < normal.stat().st_size * 1.02, (proc.stdout, normal.stat().st_size,
                                                                   squeezed.stat().st_size)
    script = tmp_path / "grows.mjs"
    script.write_text(GROWS, encoding="utf-8")
    proc = subprocess.run([node, str(script), str(ROOT), str(squeezed)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    grown = json.loads(proc.stdout.strip().splitlines()[-1])
    assert grown["held"] == 64 << 20 and grown["after"] > grown["before"], grown
    assert grown["limit"] == 2**32 - 1, grown  # malloc_footprint_limit(): none
