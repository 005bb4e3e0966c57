"""The club night's benchmark (``scripts/bench_table.py --evening``, ``bench_evening.py``) runs,
tiny: two tables, one round of one deal, no pause before a person acts; its last line has
the agreed form and finds no hidden card or early result (the timings are never checked)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_table.py"
LAST = re.compile(
    r"evening_tables=2 evening_p95_ratio=\d+\.\d\d results_p95_ms=-?\d+ leaked_cards=0 early_results=0"
)


def test_the_evening_benchmark_runs_small_and_ends_with_its_figures_line() -> None:
    args = [
        "--evening",
        "--tables",
        "2",
        "--rounds",
        "1",
        "--boards",
        "1",
        "--pace-min",
        "0",
        "--pace-max",
        "0",
    ]
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert LAST.fullmatch(lines[-1]), lines[-3:]
    assert lines[0].startswith("evening: ") and any(line.startswith("plain rooms: ") for line in lines)
