"""Fixtures of the browser tests: the built site, its server, Chromium and the screenshots.

They are defined in test_widgets_browser.py: the site built once per session (through
``sitekit.build_site_once``), served on 127.0.0.1; Playwright's driver, one per process;
each module's Chromium, launched from it; the screenshots folder. Every module here gets
them from this file and imports from test_widgets_browser only the helpers it calls;
test_browser_site.py defines fixtures of its own (its Chromium too), which win.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site"))  # sitekit

from test_widgets_browser import (  # noqa: F401 (the fixtures)
    browser,
    playwright_driver,
    screenshots,
    site,
    site_url,
)
