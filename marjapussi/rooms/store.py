"""The rooms' events in SQLite (the standard library's ``sqlite3``), each written before any seat is told.

One table of events, numbered per room; a room is rebuilt by replaying its events
(``room.Room.from_events``). ``append`` commits before it returns, in write-ahead-log
mode, so a server killed at any moment loses no event a player was told of. A ``:memory:``
store serves tests.

What survives what depends on ``synchronous``, SQLite's setting of the same name. With
``NORMAL`` (the default) a commit is in the operating system's hands when ``append``
returns but not yet on the disk: a killed or crashed server loses nothing, while a power
cut or a crash of the whole machine may lose the last events (the store itself stays
whole, and the rooms come back as they were a moment before). ``FULL`` syncs every commit
to the disk before ``append`` returns, so a power cut loses nothing a player was told
of, at the cost of a disk flush per action (``python -m marjapussi table --synchronous
full``).

>>> store = Store(":memory:")
>>> store.append("ABCDEFGH", 0, {"e": "created"}, 5.0)
>>> store.append("ABCDEFGH", 1, {"e": "next"}, 6.0)
>>> store.rooms(since=0.0)
{'ABCDEFGH': [{'e': 'created'}, {'e': 'next'}]}
>>> store.has("ABCDEFGH"), store.events("ABCDEFGH")[-1], store.events("HGFEDCBA")
(True, {'e': 'next'}, [])
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

__all__ = ["SYNCHRONOUS", "Store", "StoreError"]

SYNCHRONOUS = ("NORMAL", "FULL")
"""The ``synchronous`` settings a store takes (see the module docstring)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at REAL NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (room, seq)
) WITHOUT ROWID;
"""


class StoreError(RuntimeError):
    """The store could not write an event (a full disk, a second server on the same file)."""


class Store:
    """The events of every room in one SQLite file, synced to the disk as ``synchronous`` says."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.executescript(SCHEMA)

    def append(self, room: str, seq: int, event: dict[str, Any], at: float) -> None:
        """Write event number ``seq`` of ``room`` (committed when this returns); ``at`` is the wall time."""
        body = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
        try:
            self.db.execute(
                "INSERT INTO events (room, seq, at, body) VALUES (?, ?, ?, ?)", (room, seq, at, body)
            )
        except sqlite3.Error as err:
            raise StoreError(str(err)) from err

    def rooms(self, since: float) -> dict[str, list[dict[str, Any]]]:
        """Every room whose last event is at ``since`` or later, with its events in order (an
        event that does not read as JSON ends its room's list)."""
        out: dict[str, list[dict[str, Any]]] = {}
        broken: set[str] = set()
        recent = {
            row[0]
            for row in self.db.execute("SELECT room FROM events GROUP BY room HAVING MAX(at) >= ?", (since,))
        }
        for room, body in self.db.execute("SELECT room, body FROM events ORDER BY room, seq"):
            if room not in recent or room in broken:
                continue
            event = _event(body)
            if event is None:
                broken.add(room)
                continue
            out.setdefault(room, []).append(event)
        return out

    def events(self, room: str) -> list[dict[str, Any]]:
        """One room's events in order (empty for a code the store does not hold; an event that
        does not read as JSON ends the list)."""
        out = []
        for (body,) in self.db.execute("SELECT body FROM events WHERE room = ? ORDER BY seq", (room,)):
            event = _event(body)
            if event is None:
                break
            out.append(event)
        return out

    def has(self, room: str) -> bool:
        """Tell whether the store holds a room of this code."""
        return self.db.execute("SELECT 1 FROM events WHERE room = ? LIMIT 1", (room,)).fetchone() is not None

    def close(self) -> None:
        self.db.close()


def _event(body: str) -> Any:
    """An event as stored, read back; ``None`` for a body that is not JSON (a damaged store)."""
    try:
        return json.loads(body)
    except ValueError:
        return None
