"""``python -m marjapussi table --lan``: the address printed for phones to scan is one they can
reach, never this machine's loopback (issue 33, item 7). The interfaces are faked."""

from __future__ import annotations

import concurrent.futures
import io
from typing import Any

import pytest

from marjapussi.rooms import cli
from marjapussi.rooms.cli import Interface, NoLanAddress, pick_lan_address

LO = Interface("lo", "127.0.0.1", True)
WIFI = Interface("wlan0", "192.168.1.20", True)
HOTSPOT = Interface("wlp2s0", "10.42.0.1", True)
CABLE_DOWN = Interface("eth0", "172.16.0.7", False)
DOCKER = Interface("docker0", "172.17.0.1", True)


def test_the_host_given_then_the_default_route_then_the_only_address_that_is_up() -> None:
    assert pick_lan_address("10.42.0.1", "192.168.1.20", [LO, WIFI]) == "10.42.0.1"
    assert pick_lan_address(None, "192.168.1.20", [LO, WIFI, DOCKER]) == "192.168.1.20"
    # a laptop running its own hotspot has no default route
    assert pick_lan_address(None, None, [LO, HOTSPOT, CABLE_DOWN]) == "10.42.0.1"
    assert pick_lan_address(None, "127.0.0.1", [LO, HOTSPOT]) == "10.42.0.1"


@pytest.mark.parametrize(
    ("host", "route", "found", "listed"),
    [
        (None, None, [LO, HOTSPOT, DOCKER], ["10.42.0.1", "172.17.0.1"]),
        (None, None, [LO, CABLE_DOWN], ["172.16.0.7", "(down)"]),
        (None, None, [LO], []),
        ("127.0.0.1", "192.168.1.20", [LO, WIFI], ["192.168.1.20"]),
        ("0.0.0.0", None, [LO, WIFI], ["192.168.1.20"]),
    ],
)
def test_no_single_address_lists_the_candidates_and_never_a_loopback(
    host: str | None, route: str | None, found: list[Interface], listed: list[str]
) -> None:
    with pytest.raises(NoLanAddress) as refusal:
        pick_lan_address(host, route, found)
    message = str(refusal.value)
    assert "127.0.0.1" not in message.replace(f"--host {host}", "")
    for address in listed:
        assert address in message


def fake_machine(monkeypatch: pytest.MonkeyPatch, route: str | None, found: list[Interface]) -> list[str]:
    """The command line on a faked machine; its server stands in as said ready at once."""
    monkeypatch.setattr(cli, "default_route_address", lambda: route)
    monkeypatch.setattr(cli, "interfaces", lambda: found)
    hosts: list[str] = []

    def table_server(config: Any, host: str, port: int, fd: int | None = None) -> object:
        hosts.append(host)
        return object()

    async def serve(server: object, ready: Any) -> None:
        ready()

    monkeypatch.setattr(cli, "table_server", table_server)
    monkeypatch.setattr(cli, "_serve", serve)
    return hosts


def _main(argv: list[str], out: io.StringIO) -> int:
    """Run the command line as a program does, in a thread of its own: a session's browser
    fixture (Playwright's sync API) keeps an event loop running in the test's own thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(cli.main, argv, out).result()


def test_the_command_line_prints_the_hotspots_address_and_its_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    hosts = fake_machine(monkeypatch, None, [LO, HOTSPOT])
    out = io.StringIO()
    assert _main(["--lan", "--db", str(tmp_path / "r.sqlite3"), "--bot-workers", "1"], out=out) == 0
    assert hosts == ["10.42.0.1"]
    assert "http://10.42.0.1:8000/" in out.getvalue() and "127.0.0.1" not in out.getvalue()


def test_the_command_line_exits_2_listing_the_addresses_when_it_cannot_choose(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    hosts = fake_machine(monkeypatch, None, [LO, HOTSPOT, WIFI])
    out = io.StringIO()
    assert _main(["--lan", "--db", str(tmp_path / "r.sqlite3")], out=out) == 2
    assert hosts == [] and out.getvalue() == ""
    said = capsys.readouterr().err
    assert "10.42.0.1" in said and "192.168.1.20" in said and "--host" in said and "127.0.0.1" not in said
    # and with --host it serves there
    assert _main(["--lan", "--host", "192.168.1.20", "--db", str(tmp_path / "r.sqlite3")], out=out) == 0
    assert hosts == ["192.168.1.20"] and "http://192.168.1.20:8000/" in out.getvalue()
