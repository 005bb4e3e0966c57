"""The room server's benchmark (``scripts/bench_table.py``) runs, tiny: one room for a few
seconds, and its last line has the agreed form (figures are never checked here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_table.py"


def test_the_table_benchmark_runs_small_and_ends_with_its_figures_line() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--rooms", "1", "--max-rooms", "1", "--seconds", "4"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"rooms=[01] action_p95_ms=(\d+\.\d|nan) leaked_cards=0", lines[-1]), lines[-3:]
    assert lines[-2].startswith("rooms    1:"), lines
