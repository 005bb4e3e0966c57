"""``python -m marjapussi table``: run the room server (the ``table`` extra).

``--site DIR`` serves a built site (``mkdocs build``) with the rooms; without it the server
serves a self-contained table page at ``/``. ``--lan`` binds the machine's address on its
local network, so that phones on the same Wi-Fi can join, and prints that address with
a QR code in the terminal. The events go to ``--db`` (SQLite); a server started again on
the same file resumes every room where it was. ``--synchronous full`` has the store sync
every event to the disk, so that a power cut loses none (the default loses none when the
server is killed, but may lose the last ones in a power cut: ``store``).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import sys
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import segno
import uvicorn

from .bots import watch_parent
from .limits import LIMITS
from .server import TableConfig, create_app
from .store import SYNCHRONOUS

__all__ = ["lan_address", "main", "parse_args", "table_config"]


def default_db() -> Path:
    """Where the rooms are kept unless ``--db`` says otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "marjapussi" / "rooms.sqlite3"


def lan_address() -> str:
    """This machine's address on its local network (the one its default route leaves by).

    Nothing is sent: connecting a UDP socket only picks the interface.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m marjapussi table",
        description="Run the teaching table's room server (people and bots at one table, each on a device).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--lan",
        action="store_true",
        help="listen on this machine's local network address and print it as a QR code",
    )
    parser.add_argument(
        "--site", type=Path, help="a built site to serve with the rooms (mkdocs build's folder)"
    )
    parser.add_argument(
        "--db", type=Path, default=None, help=f"the rooms' SQLite file (default {default_db()})"
    )
    parser.add_argument(
        "--public-url", default="", help="the address in the rooms' links (default: as each device came)"
    )
    parser.add_argument("--bot-pace", type=float, default=LIMITS.bot_pace_s, help="seconds before a bot acts")
    parser.add_argument("--bot-workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--fd", type=int, help="serve on this already listening socket (socket activation)")
    parser.add_argument(
        "--synchronous",
        choices=[s.lower() for s in SYNCHRONOUS],
        default="normal",
        help="normal: a killed server loses no event, a power cut may lose the last ones;"
        " full: every event is on the disk before anyone is told (default normal)",
    )
    return parser


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's arguments, checked (argparse exits with its message on a bad one)."""
    return _parser().parse_args(argv)


def table_config(args: argparse.Namespace, executor: Executor | None) -> TableConfig:
    """The server's configuration from the command line's arguments."""
    public_url = args.public_url
    if args.lan:
        public_url = public_url or f"http://{lan_address()}:{args.port}"
    return TableConfig(
        db=args.db or default_db(),
        site=args.site,
        public_url=public_url,
        limits=replace(LIMITS, bot_pace_s=max(0.0, args.bot_pace)),
        executor=executor,
        synchronous=args.synchronous.upper(),
    )


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Run the server until interrupted; return the exit status."""
    out = out or sys.stdout
    args = parse_args(argv)
    if args.site is not None and not (args.site / "index.html").is_file():
        print(f"table: {args.site} holds no built site (index.html): run mkdocs build first", file=sys.stderr)
        return 2
    host = lan_address() if args.lan else args.host
    executor = ProcessPoolExecutor(
        max_workers=max(1, args.bot_workers),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=watch_parent,
    )
    config = table_config(args, executor)
    limits = config.limits
    app = create_app(config)
    address = config.public_url or f"http://{host}:{args.port}"
    where = f"{address}/table/room/" if args.site is not None else f"{address}/"
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=host,
            port=args.port,
            fd=args.fd,
            log_level="warning",
            ws_ping_interval=20.0,
            ws_ping_timeout=20.0,
            ws_max_size=limits.frame_bytes,
        )
    )

    def ready() -> None:
        print(f"table: the table is at {where} (Ctrl-C to stop)", file=out)
        print(f"table: rooms kept in {config.db}", file=out)
        if args.lan:
            print("table: phones on the same network can open this address or scan the code:", file=out)
            segno.make(where, error="m").terminal(out=out, compact=True)
            print(
                "table: over plain HTTP a phone gives no offline use, installing or copying;"
                " the table works without them",
                file=out,
            )
        out.flush()

    try:
        asyncio.run(_serve(server, ready))
    except KeyboardInterrupt:  # Ctrl-C: every room is in the store already
        print("table: stopped", file=out)
    return 0


async def _serve(server: uvicorn.Server, ready: Callable[[], None]) -> None:
    """Run the server; say where it is once it listens."""

    async def when_started() -> None:
        while not server.started:
            await asyncio.sleep(0.05)
        ready()

    told = asyncio.ensure_future(when_started())
    try:
        await server.serve()
    finally:
        told.cancel()
