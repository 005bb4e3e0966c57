"""``scripts/site_build.py``: ``serve.sh`` builds the site only when its inputs changed, and a
failed build keeps the last site (issue 33, item 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from site_build import build, inputs_hash, is_current, listed_files  # noqa: E402

PACKAGES = ["mkdocs==1.6.1", "segno==1.6.6"]


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "docs" / "index.md").write_text("# Marjapussi\n")
    (root / "tests" / "test_x.py").write_text("def test_x(): pass\n")
    (root / ".gitignore").write_text("/site/\nbuild/\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    return root


def test_the_stamp_follows_the_sites_inputs_and_nothing_else(checkout: Path) -> None:
    env = {"MARJAPUSSI_TABLE_SERVER": "http://127.0.0.1:8001", "HOME": "/home/a"}
    first = inputs_hash(checkout, env, PACKAGES)
    assert first == inputs_hash(checkout, dict(env), list(reversed(PACKAGES)))
    assert len(first) == 64

    # not inputs: the tests, ignored files, other variables
    (checkout / "tests" / "test_x.py").write_text("def test_y(): pass\n")
    (checkout / "tests" / "new_test.py").write_text("")
    (checkout / "build").mkdir()
    (checkout / "build" / "core.wasm").write_bytes(b"\0asm")
    (checkout / "site").mkdir()
    (checkout / "site" / "index.html").write_text("<p>old</p>")
    assert inputs_hash(checkout, {**env, "HOME": "/home/b", "PATH": "/bin"}, PACKAGES) == first

    # inputs: a tracked file's text, an untracked file that is not ignored, a deleted file,
    # a MARJAPUSSI_ variable, an installed package
    (checkout / "docs" / "index.md").write_text("# Marjapussi!\n")
    edited = inputs_hash(checkout, env, PACKAGES)
    assert edited != first
    (checkout / "docs" / "new.md").write_text("")
    added = inputs_hash(checkout, env, PACKAGES)
    assert added != edited and "docs/new.md" in listed_files(checkout)
    (checkout / "docs" / "new.md").unlink()
    assert inputs_hash(checkout, env, PACKAGES) == edited
    (checkout / "docs" / "index.md").unlink()
    assert "docs/index.md" not in listed_files(checkout)
    assert inputs_hash(checkout, env, PACKAGES) not in (first, edited)
    (checkout / "docs" / "index.md").write_text("# Marjapussi\n")
    assert inputs_hash(checkout, env, PACKAGES) == first
    assert inputs_hash(checkout, {**env, "MARJAPUSSI_TABLE_SERVER": ""}, PACKAGES) != first
    assert inputs_hash(checkout, {**env, "MARJAPUSSI_X": "1"}, PACKAGES) != first
    assert inputs_hash(checkout, env, ["mkdocs==1.6.1", "segno==1.6.7"]) != first
    # a file's name and its text cannot trade places
    (checkout / "docs" / "ab").write_text("")
    one = inputs_hash(checkout, env, PACKAGES)
    (checkout / "docs" / "ab").unlink()
    (checkout / "docs" / "a").write_text("b")
    assert inputs_hash(checkout, env, PACKAGES) != one


def test_a_build_replaces_the_site_only_when_it_succeeds_and_then_writes_the_stamp(tmp_path: Path) -> None:
    site, stamp = tmp_path / "site", tmp_path / "build" / "site.sha256"
    assert not is_current(site, stamp, "a")

    def good(text: str):  # type: ignore[no-untyped-def]
        def make(folder: Path) -> bool:
            assert not stamp.exists() or stamp.read_text().strip() != text
            assert folder != site and not folder.exists()
            folder.mkdir()
            (folder / "index.html").write_text(text)
            return True

        return make

    assert build(site, stamp, "a", good("a"))
    assert (site / "index.html").read_text() == "a" and stamp.read_text().strip() == "a"
    assert is_current(site, stamp, "a") and not is_current(site, stamp, "b")

    def failing(folder: Path) -> bool:
        folder.mkdir()
        (folder / "index.html").write_text("half")
        return False

    def crashing(folder: Path) -> bool:
        folder.mkdir()
        raise OSError("disk full")

    assert not build(site, stamp, "b", failing)
    with pytest.raises(OSError):
        build(site, stamp, "b", crashing)
    assert (site / "index.html").read_text() == "a" and is_current(site, stamp, "a")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "site"]  # no half-built folder left

    assert build(site, stamp, "b", good("b"))
    assert (site / "index.html").read_text() == "b" and is_current(site, stamp, "b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "site"]

    (site / "index.html").unlink()  # a site someone emptied is not current whatever the stamp says
    assert not is_current(site, stamp, "b")
