"""Close HTTP connections whose request head never ends (uvicorn's h11 protocol, extended).

uvicorn times out an idle connection only after a response (its keep-alive timeout); a
client that opens a connection and sends half a request head, or nothing, keeps it, and a
few hundred such connections use up the server's open files, after which every new
request fails. ``head_timeout_protocol`` makes the class passed as uvicorn's ``http``: it
closes a connection whose request head is not complete ``timeout_s`` after the connection
opened (or after the first byte of a later request on a kept-alive connection), and it
holds at most ``per_address`` such connections from one address (an IPv6 address counts
by its /64) and ``total`` in all: past either, the oldest unfinished one of that address,
or of all, is closed, so a new visitor always gets in and an attacker holds only a few.

>>> guard = HeadGuard(timeout_s=10.0, per_address=2, total=3)
>>> [guard.wait(n, "192.0.2.1") for n in range(3)]
[[], [], [0]]
>>> guard.wait(3, "192.0.2.2"), guard.wait(4, "2001:db8::1"), guard.wait(5, "2001:db8::2")
([], [1], [2])
>>> guard.done(3); guard.waiting(), guard.waiting("2001:db8::9")
(2, 2)
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .guard import address_key

__all__ = ["HeadGuard", "HeadTimeoutProtocol", "head_timeout_protocol"]

HEAD_TIMEOUT_S = 10.0
"""How long a request head may take, from the connection's first byte."""
HEADS_PER_ADDRESS = 20
"""Connections with an unfinished request head one address may hold."""
HEADS_TOTAL = 200
"""Connections with an unfinished request head the server holds in all."""


class HeadGuard:
    """The connections waiting for their request head, per address group and in all, oldest first."""

    def __init__(
        self,
        timeout_s: float = HEAD_TIMEOUT_S,
        per_address: int = HEADS_PER_ADDRESS,
        total: int = HEADS_TOTAL,
    ) -> None:
        self.timeout_s = timeout_s
        self.per_address = max(1, per_address)
        self.total = max(1, total)
        self._all: dict[Hashable, str] = {}
        self._by_group: dict[str, dict[Hashable, None]] = {}

    def waiting(self, address: str | None = None) -> int:
        """How many connections wait for their head (from the address's group, if given)."""
        if address is None:
            return len(self._all)
        return len(self._by_group.get(address_key(address), {}))

    def wait(self, conn: Hashable, address: str) -> list[Hashable]:
        """Count a connection as waiting; return the older ones to close to stay within the caps."""
        group = address_key(address)
        self.done(conn)
        self._all[conn] = group
        self._by_group.setdefault(group, {})[conn] = None
        evicted: list[Hashable] = []
        same = self._by_group[group]
        while len(same) > self.per_address:
            oldest = next(iter(same))
            evicted.append(oldest)
            self.done(oldest)
        while len(self._all) > self.total:
            oldest = next(iter(self._all))
            evicted.append(oldest)
            self.done(oldest)
        return evicted

    def done(self, conn: Hashable) -> None:
        """The connection's head is complete, or the connection is gone."""
        group = self._all.pop(conn, None)
        if group is None:
            return
        same = self._by_group[group]
        same.pop(conn, None)
        if not same:
            del self._by_group[group]


class HeadTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on every request head (see the module docstring).

    Use a subclass made by ``head_timeout_protocol``, which binds the server's ``HeadGuard``.
    """

    guard: ClassVar[HeadGuard]
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            self._head_done()
        elif self.conn.their_state is h11.IDLE:
            if self.head_timer is None and self.conn.trailing_data[0]:
                self._await_head()  # a later request on a kept-alive connection has begun
        else:
            self._head_done()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_done()
        super().connection_lost(exc)

    def _await_head(self) -> None:
        self.head_timer = self.loop.call_later(self.guard.timeout_s, self._head_timed_out)
        address = self.client[0] if self.client else ""
        for older in self.guard.wait(self, address):
            if isinstance(older, HeadTimeoutProtocol):
                older._head_timed_out()

    def _head_done(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
        self.guard.done(self)

    def _head_timed_out(self) -> None:
        self._head_done()
        if not self.transport.is_closing():
            self.transport.close()


def head_timeout_protocol(guard: HeadGuard | None = None) -> type[HeadTimeoutProtocol]:
    """The class to pass as uvicorn's ``http``, bound to its own ``HeadGuard``."""
    attributes: dict[str, Any] = {"guard": guard or HeadGuard()}
    return type("BoundHeadTimeoutProtocol", (HeadTimeoutProtocol,), attributes)
