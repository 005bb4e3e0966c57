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
