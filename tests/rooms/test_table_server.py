"""The command line's uvicorn server (``cli.TableServer``): its main loop wakes once a second,
not ten times (an idle server's own CPU, issue 33, Decided 7), and a signal to stop still
stops it at once."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import uvicorn

from marjapussi.rooms.cli import TableServer, table_server
from marjapussi.rooms.server import TableConfig

from .kit import run as run_on_fresh_loop


class Counted(TableServer):
    """The loop alone: each tick counted, the server's own work left out; a tick of 5 s, so that
    neither check depends on how busy the machine is."""

    ticks = 0
    tick_s = 5.0

    async def on_tick(self, counter: int) -> bool:
        self.ticks += 1
        return self.should_exit


def test_the_main_loop_ticks_once_a_second_and_a_signal_stops_it_at_once() -> None:
    server = Counted(uvicorn.Config(app=None))

    async def run() -> int:
        loop = asyncio.create_task(server.main_loop())
        await asyncio.sleep(0.55)
        ticks = server.ticks  # the first tick, then none until its tick has passed
        server.handle_exit(signal.SIGTERM, None)
        # it ends at the signal: waiting for the next tick (4.5 s on) would time out here
        await asyncio.wait_for(loop, 3.0)
        return ticks

    ticks = run_on_fresh_loop(run())  # a loop of its own, Playwright's beside it or not
    assert ticks == 1  # uvicorn's own loop: six, one a tenth of a second
    assert server.ticks == 2  # the tick after the signal saw should_exit


def test_the_command_line_and_the_bench_run_this_server(tmp_path: Path) -> None:
    server = table_server(TableConfig(db=tmp_path / "rooms.sqlite3"), heartbeat=False)
    assert isinstance(server, TableServer)
    bench = (Path(__file__).parents[2] / "scripts" / "bench_table.py").read_text()
    assert "table_server(" in bench and "uvicorn.run(" not in bench
