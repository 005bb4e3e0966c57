"""The room server's benchmark (``scripts/bench_table.py``) runs, tiny: one room for two
seconds with the base commit's server and this tree's, then the spectator figure (on one measured
person action), the rooms resting after half a second; its last line has the agreed form (figures
are never checked here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_table.py"
LAST = re.compile(
    r"rooms=[01] action_p95_ms=(\d+\.\d|nan) cpu_ms=(\d+\.\d\d|nan) cpu_ratio_to_base=(\d+\.\d\d|nan) "
    r"spectator_ms=(-?\d+\.\d{3}|skipped) leaked_cards=0"
)


def run_bench(*args: str) -> list[str]:
    """Run the benchmark with ``args``; check it ended well and its last line has the agreed
    form; return its lines."""
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert LAST.fullmatch(lines[-1]), lines[-3:]
    return lines


def test_the_table_benchmark_runs_small_against_the_base_and_ends_with_its_figures_line() -> None:
    lines = run_bench(
        "--rooms", "1", "--seconds", "2", "--spectators", "2", "--spectator-rooms", "1",
        "--spectator-actions", "1", "--memory-rooms", "2",
        "--rest", "0.5",  # each step waits this long, and two seconds more, for its rooms to rest
    )
    assert any(line.startswith("rooms    1 base:") for line in lines), lines
    assert any(line.startswith("rooms    1 new :") for line in lines), lines
    assert lines[-2].startswith("spectators: "), lines
    assert re.search(r"\(\d+ person actions\)", lines[-3]), lines  # how many the figure rests on
    assert all("other processes" in line for line in lines if line.startswith("rooms    1 ")), lines


def test_the_table_benchmark_without_spectators_says_their_figure_was_skipped() -> None:
    """``--spectators 0`` (the quick run while iterating) prints ``spectator_ms=skipped``, not
    ``nan``, and no spectators' line."""
    lines = run_bench(
        "--rooms", "1", "--seconds", "1", "--spectators", "0", "--base", "none", "--memory-rooms", "1",
        "--rest", "0.5",
    )
    assert lines[-1].split()[4] == "spectator_ms=skipped", lines[-1]
    assert not any(line.startswith("spectators") for line in lines), lines
