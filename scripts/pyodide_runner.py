"""Run a benchmark's Python code in CPython or in Pyodide under Node: the same code in both.

The benchmarks (``bench_best_card.py``, ``bench_bots.py``) time the package in the runtime
the site's widgets use beside CPython. ``run_json(code, runtime)`` writes ``code`` to a
file and runs it with this interpreter (``"cpython"``) or, for any other runtime, with
``bench_bots_pyodide.mjs`` in Pyodide under Node with the wheel built from this checkout
(and, given ``core_wasm``, the compiled search core's WebAssembly module serving the
solver); it returns the JSON object the code printed last (a line starting with ``{``), or
``None`` after printing why (Node or Pyodide missing, or the run failed).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


CPU_MS_SOURCE = """import time
try:  # in Pyodide under Node: the Node process's CPU time
    import js

    def cpu_ms():
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1000
except ImportError:
    def cpu_ms():
        return time.process_time() * 1000
"""
"""What ``run_json`` puts before the code it runs: ``cpu_ms()``, the process's CPU time in
milliseconds (in Pyodide under Node, the Node process's)."""


def run_json(code: str, runtime: str, core_wasm: Path | None = None) -> Any:
    """Run ``code`` in ``runtime`` (after ``CPU_MS_SOURCE``) and return the last JSON object it
    printed, or ``None``."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bench.py"
        script.write_text(CPU_MS_SOURCE + code, encoding="utf-8")
        if runtime == "cpython":
            command = [sys.executable, str(script)]
        else:
            node = shutil.which("node")
            if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
                print("pyodide: node or node_modules/pyodide missing (run ./scripts/setup.sh)")
                return None
            from hatchling.builders.wheel import WheelBuilder

            built = list(WheelBuilder(str(ROOT)).build(directory=tmp, versions=["standard"]))
            command = [node, str(ROOT / "scripts" / "bench_bots_pyodide.mjs"), built[0], str(script)]
            if core_wasm is not None:
                command.append(str(core_wasm))
        proc = subprocess.run(
            command, capture_output=True, text=True, timeout=3600, check=False, cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )
    if proc.returncode != 0:
        print(f"{runtime}: failed\n" + (proc.stdout + proc.stderr)[-3000:])
        return None
    line = [x for x in proc.stdout.splitlines() if x.startswith("{")][-1]
    return json.loads(line)
