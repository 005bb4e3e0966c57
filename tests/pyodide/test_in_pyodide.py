"""The package's own tests, run inside real Pyodide under Node.

The browser runs the package in Pyodide (Python 3.14 compiled to WebAssembly), while the
rest of the test suite runs it on the host's CPython. Here the engine's tests run inside
Pyodide itself: ``run_in_pyodide.mjs`` boots Pyodide from ``node_modules/pyodide``,
installs the wheel built from the working tree (as the site's build does) and the
pure-Python wheels of pytest and hypothesis (``wheels.txt``, downloaded by
``scripts/setup.sh``), and runs pytest on every file of ``tests/engine`` but those that
need what a browser lacks, plus the package's doctests. It does so twice: after a normal
boot, and booted from the memory snapshot the site's build makes for the widgets
(``scripts/make_snapshot.mjs``, cached by ``site_hooks/runtime.py``), so that the
package's modules as the snapshot holds them pass the same tests.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from marjapussi.rule_ids import RULE_IDS

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TESTS = ROOT / "tests" / "engine"
SCRIPT = Path(__file__).with_name("run_in_pyodide.mjs")
WHEELS = ROOT / ".venv" / "pyodide-wheels"
if str(ROOT) not in sys.path:  # site_hooks, for the snapshot
    sys.path.insert(0, str(ROOT))

NOT_IN_PYODIDE = {
    "test_cli.py": "runs the command line in a subprocess, which Pyodide cannot start",
}


def pyodide_test_files() -> list[Path]:
    """The engine's test files that run inside Pyodide."""
    return [path for path in sorted(ENGINE_TESTS.glob("test_*.py"))
            if path.name not in NOT_IN_PYODIDE]


def named_rule_ids(paths: list[Path]) -> set[str]:
    """The rule ids that the text of these files names (as whole words)."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in paths)
    return {rule for rule in RULE_IDS
            if re.search(r"(?<![\w-])" + re.escape(rule) + r"(?![\w-])", text)}


def test_the_subset_names_every_rule_id() -> None:
    missing = sorted(set(RULE_IDS) - named_rule_ids(pyodide_test_files()))
    assert not missing, f"no test run inside Pyodide names these rule ids: {missing}"


def test_only_the_command_line_tests_stay_out() -> None:
    assert set(NOT_IN_PYODIDE) <= {path.name for path in ENGINE_TESTS.glob("test_*.py")}
    for path in pyodide_test_files():
        assert "subprocess" not in path.read_text(encoding="utf-8"), path.name


def build_wheel(out_dir: Path) -> Path:
    """The wheel the site's browsers install (the room server left out)."""
    from site_hooks.runtime import build_wheel as browser_wheel

    return browser_wheel(ROOT, out_dir)


def run_engine_tests(tmp_path: Path, snapshot: bool) -> str:
    """Run the engine's tests and the doctests inside Pyodide; return the output."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: run ./scripts/setup.sh", pytrace=False)
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run ./scripts/setup.sh", pytrace=False)
    if not any(WHEELS.glob("pytest-*.whl")):
        pytest.fail(f"{WHEELS} has no pytest wheel: run ./scripts/setup.sh", pytrace=False)
    wheel = build_wheel(tmp_path)
    boot: list[str] = []
    if snapshot:
        from site_hooks.runtime import make_snapshot

        made = make_snapshot(wheel)
        assert made is not None, "the snapshot could not be made (see the captured stderr)"
        boot = ["--snapshot", str(made)]
    files = [path.relative_to(ROOT).as_posix() for path in pyodide_test_files()]
    proc = subprocess.run(
        [node, str(SCRIPT), "--wheel", str(wheel), "--deps", str(WHEELS), "--doctests", *boot,
         "--", "-q", *files],
        cwd=ROOT, capture_output=True, text=True, timeout=1200, check=False,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"tests inside Pyodide failed ({proc.returncode}):\n{output[-8000:]}"
    assert re.search(r"\d+ passed", output), output[-2000:]
    assert "run_in_pyodide: Pyodide" in output, output[:2000]
    return output


@pytest.mark.slow
def test_engine_tests_pass_inside_pyodide(tmp_path: Path) -> None:
    output = run_engine_tests(tmp_path, snapshot=False)
    assert "from a snapshot" not in output, output[:2000]


@pytest.mark.slow
def test_engine_tests_pass_inside_pyodide_booted_from_the_snapshot(tmp_path: Path) -> None:
    output = run_engine_tests(tmp_path, snapshot=True)
    assert "from a snapshot holding" in output and "marjapussi.web.bridge among them" in output, output[:2000]
