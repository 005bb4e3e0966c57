"""``python -m marjapussi table``: run the room server (the ``table`` extra).

``--site DIR`` serves a built site (``mkdocs build``) with the rooms; without it the server
serves a self-contained table page at ``/``. ``--lan`` binds the machine's address on its
local network, so that phones on the same Wi-Fi can join, and prints that address with
a QR code in the terminal: ``--host``, else the address the default route leaves by, else
the only non-loopback IPv4 address of an interface that is up (``psutil``); with several
and no default route it lists them and exits with status 2. The events go to ``--db``
(SQLite); a server started again on the same file resumes every room where it was.
``--synchronous full`` has the store sync every event to the disk, so that a power cut loses
none (the default loses none when the server is killed, but may lose the last ones in a power
cut: ``store``).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import multiprocessing
import os
import resource
import socket
import sys
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import TextIO

import psutil  # type: ignore[import-untyped]
import segno
import uvicorn

from .bots import watch_parent
from .heads import HeadGuard, head_timeout_protocol
from .limits import LIMITS
from .server import TableConfig, create_app
from .sockets import TableWebSocketProtocol
from .store import SYNCHRONOUS

__all__ = [
    "Interface",
    "NoLanAddress",
    "TableServer",
    "interfaces",
    "lan_address",
    "main",
    "parse_args",
    "pick_lan_address",
    "raise_open_files",
    "table_config",
    "table_server",
]


def default_db() -> Path:
    """Where the rooms are kept unless ``--db`` says otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "marjapussi" / "rooms.sqlite3"


@dataclass(frozen=True)
class Interface:
    """One IPv4 address of one network interface of this machine."""

    name: str
    address: str
    up: bool


class NoLanAddress(ValueError):
    """No one address phones could reach this machine by: the message lists the candidates."""


def interfaces() -> list[Interface]:
    """Every IPv4 address of every network interface (``psutil``), loopback too."""
    stats = psutil.net_if_stats()
    return [
        Interface(name, found.address, name in stats and bool(stats[name].isup))
        for name, addresses in sorted(psutil.net_if_addrs().items())
        for found in addresses
        if found.family == socket.AF_INET
    ]


def default_route_address() -> str | None:
    """The address the default route leaves by, or ``None`` without a default route.

    Nothing is sent: connecting a UDP socket only picks the interface.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
    except OSError:  # no route at all (a laptop running its own hotspot, say)
        return None
    finally:
        probe.close()
    return None if _unusable(address) else address


def _unusable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return True
    return ip.is_loopback or ip.is_unspecified


def pick_lan_address(host: str | None, route: str | None, found: list[Interface]) -> str:
    """The address phones are to open: ``host`` if given, else the default route's, else the only
    non-loopback IPv4 address of an interface that is up; never a loopback address.

    >>> wifi = Interface("wlan0", "10.42.0.1", True)
    >>> pick_lan_address(None, None, [Interface("lo", "127.0.0.1", True), wifi])
    '10.42.0.1'
    >>> pick_lan_address("192.168.1.20", "10.0.0.5", [wifi])
    '192.168.1.20'
    """
    if host:
        if _unusable(host):
            raise NoLanAddress(
                f"table: --lan with --host {host}: phones cannot reach that address, which only"
                " this machine itself answers; give an address of one of its networks" + _listing(found)
            )
        return host
    if route is not None and not _unusable(route):
        return route
    usable = [item for item in found if item.up and not _unusable(item.address)]
    if len({item.address for item in usable}) == 1:
        return usable[0].address
    if not usable:
        raise NoLanAddress(
            "table: --lan: this machine has no network address phones could reach"
            " (no interface is up except its own loopback): join a Wi-Fi network or start a hotspot,"
            " then try again" + _listing(found)
        )
    raise NoLanAddress(
        "table: --lan: this machine has several network addresses and no default route;"
        " choose the one the phones' network reaches with --host ADDRESS" + _listing(found)
    )


def _listing(found: list[Interface]) -> str:
    rows = [
        f"\n  {item.name:<12} {item.address:<15}{'' if item.up else '  (down)'}"
        for item in found
        if not _unusable(item.address)
    ]
    return ":" + "".join(rows) if rows else ""


def lan_address(host: str | None = None) -> str:
    """This machine's address on its local network (``pick_lan_address`` of what it has);
    raises ``NoLanAddress`` with the candidates listed when there is no single one."""
    return pick_lan_address(host, default_route_address(), interfaces())


def raise_open_files() -> int:
    """Raise this process's limit of open files to its hard limit (a desktop's default of 1,024
    holds only a few hundred connections); return the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # an unlimited hard limit the kernel caps lower: keep the soft one
            return soft
        return hard
    return soft


class TableServer(uvicorn.Server):
    """uvicorn's server, whose main loop wakes once a second (the date header's tick) or when
    it is told to stop, not every tenth of a second: uvicorn's loop slept 0.1 s at a time, some
    2.7 ms of an idle server's CPU a second (a third of a millisecond an action at the bench's
    25 rooms, 8 actions a second), for a date header it sets once a second anyway."""

    tick_s: float = 1.0
    _wake: asyncio.Event | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        counter = 0
        while not await self.on_tick(counter):  # a multiple of ten: the date header each tick
            counter = (counter + 10) % 864000
            self._wake.clear()
            timer = self._loop.call_later(self.tick_s, self._wake.set)
            try:
                await self._wake.wait()
            finally:
                timer.cancel()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if self._loop is not None and self._wake is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wake.set)  # a signal stops it at once


def table_server(
    config: TableConfig,
    host: str = "127.0.0.1",
    port: int = 8000,
    fd: int | None = None,
    heartbeat: bool = True,
    guard: HeadGuard | None = None,
) -> uvicorn.Server:
    """The server the command line runs (and ``scripts/bench_table.py`` too): the application,
    uvicorn with a deadline on every request head (``heads``), the WebSocket's own ping on
    unless ``heartbeat`` is off. Raises the open-file limit first (``raise_open_files``).

    The WebSockets are uvicorn's sans-I/O implementation over ``websockets`` (``ws``, as
    ``sockets.TableWebSocketProtocol``, which reads on while a few messages wait): it
    writes each message to the transport at once, where the older one (uvicorn's default,
    deprecated in 0.54) passes it through ``websockets``' legacy protocol and its tasks, some
    100 us more of the server's CPU for one message received and three views of 2.5 KB sent
    (``wsproto``, also measured, costs more still and holds 2.5 times the memory a room)."""
    raise_open_files()
    return TableServer(
        uvicorn.Config(
            create_app(config),
            host=host,
            port=port,
            fd=fd,
            http=head_timeout_protocol(guard),
            ws=TableWebSocketProtocol,
            log_level="warning",
            ws_ping_interval=20.0 if heartbeat else None,
            ws_ping_timeout=20.0 if heartbeat else None,
            ws_max_size=config.limits.frame_bytes,
        )
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m marjapussi table",
        description="Run the teaching table's room server (people and bots at one table, each on a device).",
    )
    parser.add_argument(
        "--host",
        default=None,
        help="the address to listen on (default 127.0.0.1; with --lan, the network address to print)",
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--lan",
        action="store_true",
        help="listen on this machine's local network address (--host, else the default route's,"
        " else the only one) and print it as a QR code",
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


def table_config(args: argparse.Namespace, executor: Executor | None, public_url: str = "") -> TableConfig:
    """The server's configuration from the command line's arguments (``public_url``: the
    address the rooms' links use when the command line names none)."""
    return TableConfig(
        db=args.db or default_db(),
        site=args.site,
        public_url=args.public_url or public_url,
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
    host = args.host or "127.0.0.1"
    lan_url = ""
    if args.lan:
        try:
            host = lan_address(args.host)
        except NoLanAddress as err:
            print(err, file=sys.stderr)
            return 2
        lan_url = f"http://{host}:{args.port}"
    executor = ProcessPoolExecutor(
        max_workers=max(1, args.bot_workers),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=watch_parent,
    )
    config = table_config(args, executor, lan_url)
    server = table_server(config, host=host, port=args.port, fd=args.fd)
    address = config.public_url or f"http://{host}:{args.port}"
    where = f"{address}/table/room/" if args.site is not None else f"{address}/"

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
