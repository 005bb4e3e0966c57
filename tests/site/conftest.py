"""Fixtures of the site tests: the site built once per session (see sitekit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import sitekit


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> sitekit.BuildResult:
    """The site, built with ``mkdocs build --strict`` into a temporary folder."""
    try:
        return sitekit.build_site_once(tmp_path_factory.mktemp)
    except AssertionError as error:
        message = str(error)
    pytest.fail(message, pytrace=False)


@pytest.fixture(scope="session")
def site(built_site: sitekit.BuildResult) -> Path:
    return built_site.site


@pytest.fixture(scope="session")
def site_files(site: Path) -> tuple[dict[str, str], set[str]]:
    """The built HTML pages (site path → text) and every file of the site."""
    return sitekit.read_site(site)
