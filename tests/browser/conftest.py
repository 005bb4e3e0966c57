"""Fixtures of the browser tests: the built site served on 127.0.0.1, and Chromium.

Chromium is Debian's (/usr/bin/chromium, installed by scripts/setup.sh), driven by
Playwright with flags that keep it off the network; every request a page makes is
recorded so a test can fail when one leaves 127.0.0.1.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..site import sitekit
from .browserkit import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, RequestLog, open_tab


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> sitekit.BuildResult:
    try:
        return sitekit.build_site_once(tmp_path_factory.mktemp)
    except AssertionError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def site(built_site: sitekit.BuildResult) -> Path:
    return built_site.site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: sitekit.BuildResult) -> Iterator[str]:
    """The site served by http.server in a thread, on a free port of 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(built_site.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run ./scripts/setup.sh", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def requests_seen() -> RequestLog:
    """Every request made by every page of the browser tests."""
    return RequestLog()


@pytest.fixture
def requests_made(requests_seen: RequestLog) -> Iterator[RequestLog]:
    """The requests of one test; the test fails if any of them left 127.0.0.1."""
    log = RequestLog()
    yield log
    requests_seen.urls.extend(log.urls)
    assert not log.outside(), f"requests left 127.0.0.1: {log.outside()}"


@pytest.fixture
def page(browser: Any, requests_made: RequestLog) -> Iterator[Any]:
    tab = open_tab(browser, requests_made)
    try:
        yield tab
    finally:
        tab.context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
