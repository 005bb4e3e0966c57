"""Fixtures of the analysis tests: the compiled search core, built when its source changed."""

from __future__ import annotations

import pytest

from marjapussi.analysis.core import CoreLibrary, library

from .core_support import build_core

BUILT = build_core()
"""The native library's path, or why it cannot be built (clang missing: those tests skip)."""


@pytest.fixture
def core_library() -> CoreLibrary:
    """The native core; skips only where clang is not installed."""
    if isinstance(BUILT, str):
        pytest.skip(BUILT)
    lib = library()
    assert lib is not None, f"{BUILT} was built but does not load (MARJAPUSSI_CORE set?)"
    return lib


@pytest.fixture(params=["python", "core"])
def solver_backend(request: pytest.FixtureRequest) -> str:
    """Each backend of the solver in turn (the core's turn skips only without clang)."""
    if request.param == "core":
        request.getfixturevalue("core_library")
    return str(request.param)
