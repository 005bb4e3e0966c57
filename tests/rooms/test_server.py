"""The room server's application over HTTP and WebSocket (Starlette's test client, no socket
opened), its command line, and its place in the package: in the installed wheel with the
page's scripts, never in the wheel the site's browsers install."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from marjapussi import cli
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.server import TABLE_MARK, TableConfig, create_app

from .kit import FAST

ROOT = Path(__file__).resolve().parents[2]


def app(site: Path | None = None) -> Any:
    return create_app(
        TableConfig(db=":memory:", site=site, clock=ManualClock(), limits=FAST, run_timer=False)
    )


def test_the_self_contained_page_its_files_the_short_link_and_the_qr_code() -> None:
    with TestClient(app()) as client:
        page = client.get("/", headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.5"})
        assert page.status_code == 200 and '<html lang="ru">' in page.text
        assert 'data-room=""' in page.text and "python -m marjapussi table" in page.text
        assert '<html lang="en">' in client.get("/?lang=en").text
        for path in (
            "table/room.js",
            "widgets/morph.js",
            "widgets/controls.js",
            "widgets.css",
            "table/standalone.css",
        ):
            assert client.get(f"/rooms/static/{path}").status_code == 200, path
        with client.websocket_connect("/rooms/ws") as socket:
            socket.send_text(json.dumps({"type": "hello", "lang": "en"}))
            assert "A new room" in "".join(socket.receive_json()["parts"])  # the first view: whole
            socket.send_text(
                json.dumps({"type": "create", "r": "guild", "N": "random", "grace": 60, "seat": ""})
            )
            code = socket.receive_json()["room"]
        link = client.get(f"/r/{code}", follow_redirects=False, headers={"accept-language": "fi"})
        assert link.status_code == 303 and link.headers["location"] == f"/?lang=fi&room={code}"
        qr = client.get(f"/rooms/qr/{code}.svg")
        assert qr.status_code == 200 and qr.headers["content-type"] == "image/svg+xml"
        assert qr.text.startswith("<svg") and "<script" not in qr.text
        assert client.get("/rooms/qr/ZZZZZZZZ.svg").status_code == 200  # no room told apart
        assert client.get("/rooms/qr/..%2F..%2Fetc.svg").status_code == 404


def test_a_built_site_is_served_with_the_rooms(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>the site</p>", encoding="utf-8")
    with TestClient(app(tmp_path)) as client:
        assert client.get("/").text == "<p>the site</p>"
        link = client.get("/r/ABCD-EFGH", follow_redirects=False, headers={"accept-language": "en-GB"})
        assert link.headers["location"] == "/en/table/room/?room=ABCDEFGH"


def test_a_game_over_the_websocket_and_bad_input_never_closes_it() -> None:
    with TestClient(app()) as client, client.websocket_connect("/rooms/ws") as socket:
        socket.send_text(json.dumps({"type": "hello", "lang": "fi"}))
        socket.receive_json()
        create = {"type": "create", "r": "guild", "N": "random", "E": "random", "W": "random", "grace": 60}
        socket.send_text(json.dumps({**create, "seat": "S", "name": "Anna"}))
        kinds = [socket.receive_json()["type"] for _ in range(4)]
        assert kinds == ["keep", "view", "keep", "view"]
        for bad in ("{", '{"type": "play", "card": "HX"}', "x" * 100_000):
            socket.send_text(bad)
            reply = socket.receive_json()
            while reply.get("ok", True):  # a bot's move may come first
                reply = socket.receive_json()
            assert reply["announce"] and "Traceback" not in reply["announce"]
        socket.send_bytes(b"\x00binary")
        reply = socket.receive_json()
        while reply.get("ok", True):
            reply = socket.receive_json()
        socket.send_text(json.dumps({"type": "pong"}))
        socket.send_text(json.dumps({"type": "lang", "lang": "en"}))
        reply = socket.receive_json()
        while "parts" not in reply:
            reply = socket.receive_json()
        # in English now: the parts in words changed, and come as text
        assert any("Room" in part for part in reply["parts"] if isinstance(part, str))


def test_the_command_line_names_the_extra_when_it_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a)
    )
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert cli.main(["table"]) == 2
    assert 'pip install "marjapussi[table]"' in err.getvalue() and "uvicorn" in err.getvalue()


def test_the_command_line_refuses_a_folder_without_a_site(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "marjapussi",
            "table",
            "--site",
            str(tmp_path),
            "--db",
            str(tmp_path / "r.db"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2 and "mkdocs build" in proc.stderr


def test_the_wheel_carries_the_server_and_its_page_but_the_browsers_wheel_leaves_it_out(
    tmp_path: Path,
) -> None:
    """Decided 6: the package installed with the [table] extra runs the server and its own page
    (the site's scripts copied in); the wheel the site ships to Pyodide has none of it."""
    sys.path.insert(0, str(ROOT))
    from hatchling.builders.wheel import WheelBuilder

    from site_hooks.runtime import build_wheel

    full = zipfile.ZipFile(next(iter(WheelBuilder(str(ROOT)).build(directory=str(tmp_path / "a")))))
    names = set(full.namelist())
    assert {"marjapussi/rooms/server.py", "marjapussi/rooms/static/table/room.js"} <= names
    assert (
        full.read("marjapussi/rooms/static/widgets/morph.js")
        == (ROOT / "docs/assets/widgets/morph.js").read_bytes()
    )
    metadata = next(n for n in names if n.endswith("METADATA"))
    assert "Provides-Extra: table" in full.read(metadata).decode()
    browser = zipfile.ZipFile(build_wheel(ROOT, tmp_path / "b"))
    assert not [n for n in browser.namelist() if n.startswith("marjapussi/rooms")]
    assert "marjapussi/web/bridge.py" in browser.namelist()


def test_every_page_this_server_sends_says_a_table_server_is_here(tmp_path: Path) -> None:
    """The Table page's script opens its WebSocket only where a room server sent the page (its
    mark), so a site hosted without one tries no connection and logs no failure (issue 30,
    item 16). Pages carry the mark; other files do not."""
    (tmp_path / "index.html").write_text("<p>the site</p>", encoding="utf-8")
    (tmp_path / "style.css").write_text("p{}", encoding="utf-8")
    with TestClient(app(tmp_path)) as client:
        assert TABLE_MARK in client.get("/").headers.get("set-cookie", "")
        assert "set-cookie" not in client.get("/style.css").headers
    with TestClient(app()) as client:
        assert TABLE_MARK in client.get("/?lang=fi").headers.get("set-cookie", "")
        assert "set-cookie" not in client.get("/rooms/static/widgets.css").headers
    script = (ROOT / "docs" / "assets" / "table" / "room.js").read_text(encoding="utf-8")
    assert TABLE_MARK.split("=")[0] in script
