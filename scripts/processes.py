"""The child processes of a server, and waiting for processes to end (Linux ``/proc`` and pidfd).

Shared by ``bench_table.py`` and the room server's browser test: both check that a server
stopped, or killed, leaves none of its bot workers running.
"""

from __future__ import annotations

import contextlib
import os
import select
import time
from pathlib import Path

__all__ = ["children", "still_running"]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's bot workers and helpers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def still_running(pids: list[int], within_s: float = 10.0) -> list[int]:
    """The processes that have not ended ``within_s`` seconds from now (each waited for on its
    pidfd, which becomes readable as it ends: the condition itself, no polling)."""
    deadline = time.monotonic() + within_s
    left = []
    for pid in pids:
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            ready, _, _ = select.select([handle], [], [], max(0.0, deadline - time.monotonic()))
        finally:
            os.close(handle)
        if not ready:
            left.append(pid)
    return left
