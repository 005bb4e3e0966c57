"""Fixtures of the browser tests: the built site, its server, Chromium and the screenshots.

They are defined in test_widgets_browser.py: the site built once per session (through
``sitekit.build_site_once``), served on 127.0.0.1; each module's Chromium; the screenshots
folder. Playwright's driver, one per process, is defined here. Every module gets them from
this file and imports from test_widgets_browser only the helpers it calls;
test_browser_site.py defines fixtures of its own (its Chromium too), which win.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site"))  # sitekit

from test_widgets_browser import CHROMIUM, browser, screenshots, site, site_url  # noqa: F401 (fixtures)


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """Playwright's driver, one per test process: its sync API runs one instance per thread,
    so every module's Chromium (and test_browser_site.py's) is launched from it. It is
    defined here only: a fixture defined in a test module and imported here is two fixtures,
    and a second instance cannot start while the first runs ("inside the asyncio loop")."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run ./scripts/setup.sh", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright
