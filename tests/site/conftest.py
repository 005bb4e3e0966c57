"""Fixtures of the site tests: the site built once per session (see sitekit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import sitekit
from sitekit import built_site, site  # noqa: F401 (fixtures shared with the browser tests)


@pytest.fixture(scope="session")
def site_files(site: Path) -> tuple[dict[str, str], set[str]]:
    """The built HTML pages (site path → text) and every file of the site."""
    return sitekit.read_site(site)


# --- the order of the test files for the parallel workers ---------------------------------
# scripts/test.sh runs pytest on two workers with ``--dist loadfile``: a file stays on one
# worker, and a worker that is nearly done is given the next file in the queue. By itself
# pytest-xdist queues the files with the most tests first, so the long files of one or two
# tests (a benchmark's small run, a club night in Chromium) came last and one worker ran them
# alone while the other had nothing left. Here the files known to take long go first, longest
# first (test.sh passes ``--no-loadscope-reorder``, so that xdist keeps this order); every
# other file follows in the order pytest collected it. No test changes: each file's tests run
# in their own order, on one worker, as before. (This hook, in the conftest of a folder every
# default run collects, orders the whole session's items.)

LONG_FILES: dict[str, float] = {
    "tests/browser/test_accessibility_browser.py": 638,
    "tests/browser/test_play_browser.py": 446,
    "tests/browser/test_course_browser.py": 412,
    "tests/browser/test_widgets_browser.py": 350,
    "tests/browser/test_browser_site.py": 260,
    "tests/browser/test_table_kit_browser.py": 240,
    "tests/browser/test_rooms_browser.py": 220,
    "tests/browser/test_play_marriage_browser.py": 207,
    "tests/browser/test_snapshot_browser.py": 141,
    "tests/browser/test_dispute_hp_browser.py": 127,
    "tests/analysis/test_core_sanitizers.py": 124,
    "tests/analysis/test_solver_speed.py": 121,
    "tests/rooms/test_hidden_information.py": 120,
    "tests/browser/test_offline_browser.py": 119,
    "tests/browser/test_analysis_browser.py": 99,
    "tests/analysis/test_marriage_knowledge.py": 96,
    "tests/web/test_hostile.py": 90,
    "tests/analysis/test_solver.py": 86,
    "tests/browser/test_evening_browser.py": 84,
    "tests/browser/test_marriage_rules_browser.py": 77,
    "tests/analysis/test_marriage_bots.py": 76,
    "tests/browser/test_course_marriage_browser.py": 72,
    "tests/browser/test_keeper_marriage_browser.py": 65,
    "tests/rooms/test_bench_table.py": 60,
    "tests/analysis/test_auction_bidding.py": 50,
    "tests/analysis/test_core_agreement.py": 50,
    "tests/analysis/test_core_wasm.py": 48,
    "tests/analysis/test_sampler.py": 44,
}
"""Test files that take long, with their rough seconds in a run on two workers on a loaded
machine (load average 15-20; a few estimated from their share of a partial run): only their
order matters. A file missing here only runs later than it might."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long files first, longest first; the rest as collected (a stable sort)."""
    items.sort(key=lambda item: -LONG_FILES.get(item.nodeid.split("::", 1)[0], 0.0))
