"""The site built once before the parallel workers start (sitekit.prebuild, used by
scripts/test.sh): each session copies that build instead of building again, and a failed
build is reported by every test that needs the site, with its log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sitekit


def made_by_prebuild(folder: Path, seconds: float, log: str) -> None:
    """What sitekit.prebuild leaves (without running mkdocs): the site and build.json."""
    (folder / "site" / "en").mkdir(parents=True)
    (folder / "site" / "en" / "index.html").write_text("<p>built once</p>", encoding="utf-8")
    (folder / "build.json").write_text(json.dumps({"log": log, "seconds": seconds}), encoding="utf-8")


def test_a_session_copies_the_prebuilt_site_into_its_own_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prebuilt = tmp_path / "prebuilt"
    made_by_prebuild(prebuilt, 42.0, "INFO built")
    monkeypatch.setenv(sitekit.PREBUILT, str(prebuilt))
    monkeypatch.setattr(sitekit, "_BUILDS", {})
    made: list[Path] = []

    def make_dir(name: str) -> Path:
        made.append(tmp_path / f"{name}{len(made)}")
        made[-1].mkdir()
        return made[-1]

    result = sitekit.build_site_once(make_dir)
    assert result.site == made[0] and result.seconds == 42.0 and result.log == "INFO built"
    copied = result.site / "en" / "index.html"
    assert copied.read_text(encoding="utf-8") == "<p>built once</p>"
    (result.site / "_added-by-a-test.html").write_text("x", encoding="utf-8")
    assert not (prebuilt / "site" / "_added-by-a-test.html").exists()  # the workers' copies are apart
    assert sitekit.build_site_once(make_dir) is result and len(made) == 1  # once per session


def test_a_failed_prebuilt_site_fails_each_test_with_its_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prebuilt = tmp_path / "prebuilt"
    made_by_prebuild(prebuilt, -1.0, "mkdocs build --strict failed (1):\nWARNING a broken link")
    monkeypatch.setenv(sitekit.PREBUILT, str(prebuilt))
    monkeypatch.setattr(sitekit, "_BUILDS", {})
    for _ in range(2):
        with pytest.raises(AssertionError, match="WARNING a broken link"):
            sitekit.build_site_once(lambda name: tmp_path / name)


def test_a_folder_without_a_build_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sitekit.PREBUILT, str(tmp_path / "nothing"))
    monkeypatch.setattr(sitekit, "_BUILDS", {})
    with pytest.raises(AssertionError, match=r"no site was built there"):
        sitekit.build_site_once(lambda name: tmp_path / name)
