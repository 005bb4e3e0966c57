"""The clock the rooms read: grace periods, the bots' pace and heartbeats.

The server reads ``SystemClock``; a test hands the server a ``ManualClock`` and moves it
itself, so that no test sleeps.

>>> clock = ManualClock()
>>> clock.advance(61.5)
>>> clock.now()
61.5
"""

from __future__ import annotations

import time
from typing import Protocol

__all__ = ["Clock", "ManualClock", "SystemClock"]


class Clock(Protocol):
    """Anything that tells the time in seconds (only differences between its readings count)."""

    def now(self) -> float: ...


class SystemClock:
    """The machine's monotonic clock."""

    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told to (tests)."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``."""
        self.time += seconds
