"""The command line's WebSocket transport (``cli.table_server``): uvicorn's sans-I/O
WebSockets, driven over a real socket. permessage-deflate is negotiated per socket, a message
over ``Limits.frame_bytes`` closes the socket with 1009, a ping is answered, and a close is
answered with the client's code, as with uvicorn's older implementation; a socket stops
being read only once several of its messages wait (``sockets``).

uvicorn runs on a thread of its own (its own loop), the clients are websockets' sync client.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.sync.client import ClientConnection, connect

from marjapussi.rooms.cli import table_server
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.server import TableConfig
from marjapussi.rooms.sockets import WAITING, TableWebSocketProtocol

from .kit import run


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    """The command line's server on a thread; its rooms' address once it listens."""
    port = free_port()
    server = table_server(TableConfig(db=tmp_path / "rooms.sqlite3"), port=port)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    while not server.started:  # set by uvicorn once the port listens
        assert thread.is_alive(), "the server did not start"
        thread.join(0.01)
    try:
        yield f"ws://127.0.0.1:{port}/rooms/ws"
    finally:
        server.should_exit = True
        thread.join(30)


def hello(ws: ClientConnection) -> str:
    ws.send(json.dumps({"type": "hello", "lang": "en"}))
    return "".join(json.loads(ws.recv(timeout=10))["parts"])  # the first view: whole


def test_permessage_deflate_is_negotiated_and_a_view_arrives(url: str) -> None:
    with connect(url, open_timeout=10) as ws:
        assert [type(e).__name__ for e in ws.protocol.extensions] == ["PerMessageDeflate"]
        assert "A new room" in hello(ws)


def test_without_compression_the_socket_still_works(url: str) -> None:
    with connect(url, open_timeout=10, compression=None) as ws:
        assert ws.protocol.extensions == []
        assert "A new room" in hello(ws)


def test_a_message_over_the_frame_limit_closes_the_socket_with_1009(url: str) -> None:
    with connect(url, open_timeout=10, compression=None) as ws:
        hello(ws)
        ws.send("x" * (LIMITS.frame_bytes + 1))
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=10)
        assert ws.close_code == 1009


def test_a_ping_is_answered_and_a_close_gets_its_code_back(url: str) -> None:
    with connect(url, open_timeout=10) as ws:
        hello(ws)
        assert ws.ping(b"here").wait(timeout=10)
        ws.close(code=1001)
        assert ws.close_code == 1001


def test_the_server_runs_uvicorns_sans_io_websockets(tmp_path: Path) -> None:
    # uvicorn's default (websockets' legacy protocol) is deprecated and costs more CPU a message
    server = table_server(TableConfig(db=tmp_path / "rooms.sqlite3"), heartbeat=False)
    server.config.load()
    assert issubclass(server.config.ws_protocol_class, WebSocketsSansIOProtocol)


class Reading:
    """A transport that counts when the protocol stops and starts reading it."""

    def __init__(self) -> None:
        self.paused = self.resumed = 0

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        self.resumed += 1


def test_a_socket_reads_on_until_several_messages_wait_for_the_server(tmp_path: Path) -> None:
    # uvicorn's own stops reading at every message and starts again once it is taken: two
    # system calls a message
    config = table_server(TableConfig(db=tmp_path / "rooms.sqlite3"), heartbeat=False).config
    config.load()

    async def receive() -> tuple[int, int, int, int]:
        protocol = TableWebSocketProtocol(config, ServerState(), {}, _loop=asyncio.get_running_loop())
        reading = Reading()
        protocol.transport = reading  # type: ignore[assignment]
        for _ in range(3):  # a device that says a few things at once: read on
            protocol.handle_text(Frame(Opcode.TEXT, b'{"type":"pong"}'))
        before = reading.paused
        for _ in range(7):  # one that floods: held back once WAITING wait
            protocol.handle_text(Frame(Opcode.TEXT, b'{"type":"pong"}'))
        stopped = reading.paused
        taken = [await protocol.receive() for _ in range(10)]
        assert all(message["type"] == "websocket.receive" for message in taken)
        return before, stopped, reading.resumed, protocol.queue.qsize()

    assert 3 < WAITING <= 10
    assert run(receive()) == (0, 1, 1, 0)  # and reading again once the server took them all
