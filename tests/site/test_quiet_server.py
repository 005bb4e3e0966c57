"""The test servers keep quiet when a browser hangs up early, and only then.

A browser that closes a connection while a file is being sent made ``http.server`` print a
``BrokenPipeError`` or ``ConnectionResetError`` traceback into the test log, where a real
traceback no longer stood out. The server of the browser tests and the benchmarks
(``scripts/quiet_server.py``, through ``sitekit``) says nothing for those two and still
prints any other error.
"""

from __future__ import annotations

import socket
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import sitekit


class _Watched(sitekit.QuietServer):
    """The quiet server, telling the test when it has finished with a request."""

    done: threading.Event

    def shutdown_request(self, request: Any) -> None:  # runs after handle_error
        super().shutdown_request(request)
        self.done.set()


class _Broken(sitekit.QuietHandler):
    def do_GET(self) -> None:
        if self.path == "/bug":
            raise ValueError("a real bug in a handler")
        super().do_GET()


def _serve(root: Path) -> _Watched:
    import functools

    server = _Watched(("127.0.0.1", 0), functools.partial(_Broken, directory=str(root)))
    server.done = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_client_hanging_up_early_is_quiet_and_a_real_error_prints_its_traceback(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "big.bin").write_bytes(b"\0" * 32_000_000)  # more than any socket buffer holds
    server = _serve(tmp_path)
    try:
        port = server.server_address[1]
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        client.recv(1)  # the reply has started
        # Close with unread data: the kernel answers the server's next write with a reset.
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
        client.close()
        assert server.done.wait(30)
        quiet = capfd.readouterr().err
        assert "Traceback" not in quiet and "BrokenPipeError" not in quiet, quiet
        assert "ConnectionResetError" not in quiet, quiet
        server.done.clear()
        with pytest.raises((urllib.error.URLError, ConnectionError)):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/bug", timeout=30)
        assert server.done.wait(30)
        loud = capfd.readouterr().err
        assert "Traceback" in loud and "ValueError: a real bug in a handler" in loud
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("error", sitekit.HUNG_UP)
def test_exactly_the_hang_ups_are_quiet(error: type[Exception], capfd: pytest.CaptureFixture[str]) -> None:
    server = sitekit.QuietServer(("127.0.0.1", 0), sitekit.QuietHandler)
    try:
        for raised in (error("gone"), OSError("another fault")):
            try:
                raise raised
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        err = capfd.readouterr().err
        assert error.__name__ not in err and "OSError: another fault" in err
    finally:
        server.server_close()
