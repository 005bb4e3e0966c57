"""Helpers of the browser tests: Chromium's settings, a request log, a recording tab."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from ..site import sitekit

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = sitekit.ROOT / "artifacts" / "screenshots"


@dataclass
class RequestLog:
    urls: list[str] = field(default_factory=list)

    def outside(self) -> list[str]:
        return [u for u in self.urls
                if urlsplit(u).scheme not in ("data", "blob", "about")
                and urlsplit(u).hostname != "127.0.0.1"]


def open_tab(browser: Any, log: RequestLog, **options: Any) -> Any:
    """A new tab in a fresh context whose every request goes into ``log``."""
    settings = {"viewport": {"width": 1280, "height": 900}, "locale": "fi-FI", **options}
    context = browser.new_context(**settings)
    tab = context.new_page()
    tab.on("request", lambda request: log.urls.append(request.url))
    tab.set_default_timeout(15_000)
    return tab
