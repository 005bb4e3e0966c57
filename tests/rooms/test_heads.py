"""Unfinished HTTP request heads: the server closes them and keeps serving (issue 33, attacker 3).

The first test runs the command line's server as a user would start it, under an open-file
limit of 1,024 (a common desktop default), and holds 600 connections that never finish their
request head while a WebSocket joins a room. The others drive the protocol class in process
with a short deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import selectors
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import uvicorn
from websockets.sync.client import connect

from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.heads import HeadGuard, head_timeout_protocol
from marjapussi.rooms.server import TableConfig, create_app

from .kit import FAST, run

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("prlimit") is None,
    reason="needs Linux: prlimit, and all of 127.0.0.0/8 on the loopback",
)
PARTIAL_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def table(tmp_path: Path, nofile: str) -> Iterator[tuple[int, int]]:
    """``python -m marjapussi table`` under ``prlimit --nofile``; yields its port and pid once it listens."""
    port = free_port()
    proc = subprocess.Popen(
        [
            "prlimit",
            f"--nofile={nofile}",
            sys.executable,
            "-m",
            "marjapussi",
            "table",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "rooms.sqlite3"),
            "--bot-workers",
            "1",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # the server's first line says it listens
        assert "table: the table is at" in line, line + proc.stdout.read()
        yield port, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def open_files_limit(pid: int) -> tuple[int, int]:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise AssertionError("no open-file limit in /proc")


def join_a_room(port: int) -> str:
    """A WebSocket that says hello and creates a room; return the room's code."""
    with connect(f"ws://127.0.0.1:{port}/rooms/ws", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "lang": "en"}))
        assert "A new room" in "".join(json.loads(ws.recv(timeout=10))["parts"])  # the first view: whole
        ws.send(json.dumps({"type": "create", "r": "guild", "N": "random", "grace": 60, "seat": ""}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message.get("room"):
                return str(message["room"])


def test_600_unfinished_heads_are_closed_while_a_websocket_joins_under_1024_open_files(
    tmp_path: Path,
) -> None:
    with table(tmp_path, "1024") as (port, pid):
        assert open_files_limit(pid) == (1024, 1024)
        picker = selectors.DefaultSelector()
        opened: dict[socket.socket, float] = {}
        closed: dict[socket.socket, float] = {}
        room = ""
        for n in range(600):
            # 30 addresses of 20 connections each: within the per-address cap, three times the total
            client = socket.socket()
            client.bind((f"127.0.0.{2 + n // 20}", 0))
            client.connect(("127.0.0.1", port))
            client.sendall(PARTIAL_HEAD)
            client.setblocking(False)
            opened[client] = time.monotonic()
            picker.register(client, selectors.EVENT_READ)
            if n == 300:
                room = join_a_room(port)
        assert len(room) > 0
        deadline = max(opened.values()) + 12.0
        while len(closed) < len(opened) and time.monotonic() < deadline:
            for key, _ in picker.select(timeout=max(0.0, deadline - time.monotonic())):
                client = key.fileobj
                assert isinstance(client, socket.socket)
                try:
                    data = client.recv(4096)
                except ConnectionResetError:
                    data = b""
                if not data:
                    closed[client] = time.monotonic()
                    picker.unregister(client)
        still_open = len(opened) - len(closed)
        late = [client for client, when in closed.items() if when - opened[client] > 12.0]
        for client in opened:
            client.close()
        assert still_open == 0 and not late, (still_open, len(late))
        assert join_a_room(port)  # and the server still serves


def test_the_server_raises_its_open_file_limit_to_the_hard_limit(tmp_path: Path) -> None:
    with table(tmp_path, "256:4096") as (_, pid):
        assert open_files_limit(pid) == (4096, 4096)


# ------------------------------------------------------------------ the protocol in process


async def served(guard: HeadGuard) -> tuple[uvicorn.Server, asyncio.Task[None], int]:
    port = free_port()
    app = create_app(TableConfig(db=":memory:", clock=ManualClock(), limits=FAST, run_timer=False))
    server = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, http=head_timeout_protocol(guard), log_level="warning"
        )
    )
    task = asyncio.ensure_future(server.serve())
    await until(lambda: server.started)
    return server, task, port


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait for the condition (polled on the loop), failing after the deadline."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.01)


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes the connection before the deadline (whatever it sends first)."""
    try:
        async with asyncio.timeout(seconds):
            while await reader.read(4096):
                pass
    except TimeoutError:
        return False
    return True


def test_a_kept_alive_connection_and_a_websocket_outlive_the_deadline_but_a_stalled_head_does_not() -> None:
    async def scenario() -> None:
        guard = HeadGuard(timeout_s=0.3, per_address=20, total=200)
        server, task, port = await served(guard)
        try:
            # a whole request is answered, and the connection is kept for the next one
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /?lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = await reader.readuntil(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200")
            assert guard.waiting() == 0
            # the next request on it begins and stalls: closed at the deadline
            writer.write(b"GET / HTTP/1.1\r\n")
            await writer.drain()
            assert await closed_within(reader, 10.0)
            writer.close()
            # a WebSocket whose head was complete is never closed by the deadline
            ws_reader, ws_writer = await asyncio.open_connection("127.0.0.1", port)
            ws_writer.write(
                b"GET /rooms/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\n\r\n"
            )
            assert (await ws_reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
            # a connection opened after it that sends nothing is closed at its deadline ...
            silent_reader, silent_writer = await asyncio.open_connection("127.0.0.1", port)
            assert await closed_within(silent_reader, 10.0)
            silent_writer.close()
            # ... and by then the WebSocket's deadline has passed too, and it is still open
            assert not ws_reader.at_eof() and not ws_writer.is_closing()
            assert guard.waiting() == 0
            ws_writer.close()
        finally:
            server.should_exit = True
            await task

    run(scenario())


def test_an_address_holds_at_most_its_share_of_unfinished_heads_and_a_newcomer_gets_in() -> None:
    async def scenario() -> None:
        guard = HeadGuard(timeout_s=60.0, per_address=3, total=5)
        server, task, port = await served(guard)
        try:
            streams = []
            for _ in range(3):
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
                writer.write(PARTIAL_HEAD)
                streams.append((reader, writer))
            await until(lambda: guard.waiting("127.0.0.2") == 3)
            # a fourth from the same address: the oldest of the three goes, long before its deadline
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
            streams.append((reader, writer))
            assert await closed_within(streams[0][0], 10.0)
            assert guard.waiting("127.0.0.2") == 3
            # three from another address pass the total of five: the oldest in all go
            for _ in range(3):
                other = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0))
                streams.append(other)
            assert await closed_within(streams[1][0], 10.0)
            await until(lambda: guard.waiting("127.0.0.3") == 3)
            assert guard.waiting() == 5 and guard.waiting("127.0.0.2") == 2
            # a whole request is answered whatever the others hold
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
            writer.write(b"GET /?lang=fi HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert (await reader.read()).startswith(b"HTTP/1.1 200")
            for _, open_writer in streams:
                open_writer.close()
        finally:
            server.should_exit = True
            await task

    run(scenario())

