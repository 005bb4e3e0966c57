"""Rate limits at the connection layer: a flood of messages, guessed codes, too many
sockets or new rooms from one address.

Every limit is a token bucket (``Bucket``) read from the rooms' clock, so a test moves
time by hand. A connection has a bucket of messages (``Limits.messages_per_s``, with a
burst of ``Limits.message_burst``): a message over it is not handled; the first such
message in a row is answered once with a translated notice, the rest are dropped in
silence, and a connection that keeps on (``Limits.flood_excess`` messages over the limit,
refilled at ``Limits.flood_excess_per_s``) is closed. A person pressing buttons, even
fast, never comes near it.

An address (the device's IP address as the server sees it) has a bucket of wrong
guesses (room codes no room has, wrong transfer codes): once it is empty, every
message naming a room code or a transfer code from that address is refused, right or
wrong, until the bucket refills, so guessing gains nothing. It also has a bucket of new
rooms, and a cap on its open sockets. Behind a reverse proxy, run uvicorn with its
proxy headers so that the address is the device's, not the proxy's.

>>> from marjapussi.rooms.limits import LIMITS
>>> guard, conn = Guard(LIMITS), object()
>>> guard.open(conn, "10.0.0.7", 0.0)
>>> [guard.admit(conn, 0.0) for _ in range(LIMITS.message_burst)][-1]
<Verdict.PASS: 'pass'>
>>> guard.admit(conn, 0.0), guard.admit(conn, 0.0)
(<Verdict.SLOW: 'slow'>, <Verdict.DROP: 'drop'>)
>>> guard.admit(conn, 1.0)
<Verdict.PASS: 'pass'>
"""

from __future__ import annotations

import enum
from collections.abc import Container, Hashable
from dataclasses import dataclass, field

from .limits import Limits
from .protocol import Command, Refused

__all__ = ["Bucket", "Guard", "Verdict"]


@dataclass
class Bucket:
    """A token bucket: ``capacity`` tokens at most, refilled at ``rate`` a second.

    >>> bucket = Bucket(2, 0.5, now=0.0)
    >>> bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(2.0)
    (True, True, False, True)
    """

    capacity: float
    rate: float
    now: float = 0.0
    tokens: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.capacity

    def level(self, now: float) -> float:
        """The tokens in the bucket at ``now`` (a clock that goes back refills nothing)."""
        if now > self.now:
            self.tokens = min(self.capacity, self.tokens + (now - self.now) * self.rate)
            self.now = now
        return self.tokens

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if the bucket holds them; tell whether it did."""
        if self.level(now) >= cost:
            self.tokens -= cost
            return True
        return False


class Verdict(enum.Enum):
    """What becomes of one message of a connection."""

    PASS = "pass"
    """Handle it."""
    SLOW = "slow"
    """Do not handle it; tell the connection to slow down (once in a row)."""
    DROP = "drop"
    """Do not handle it, in silence (the connection has been told)."""
    CLOSE = "close"
    """Close the connection: it keeps on flooding."""


@dataclass
class Flow:
    """One connection's buckets."""

    address: str
    messages: Bucket
    excess: Bucket
    told: bool = False


class Guard:
    """The rate limits of every connection and address (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.flows: dict[Hashable, Flow] = {}
        self.sockets: dict[str, int] = {}
        self.guesses: dict[str, Bucket] = {}
        self.creations: dict[str, Bucket] = {}

    # ------------------------------------------------------------------ sockets

    def open(self, conn: Hashable, address: str, now: float) -> str | None:
        """Count a new socket from ``address``; the key of a refusal when that address has as
        many open as it may (the socket is then not counted)."""
        limits = self.limits
        if self.sockets.get(address, 0) >= limits.address_connections:
            return "address-full"
        self.sockets[address] = self.sockets.get(address, 0) + 1
        self.flows[conn] = Flow(
            address,
            Bucket(limits.message_burst, limits.messages_per_s, now),
            Bucket(limits.flood_excess, limits.flood_excess_per_s, now),
        )
        return None

    def close(self, conn: Hashable, now: float) -> None:
        """Forget a closed socket."""
        flow = self.flows.pop(conn, None)
        if flow is None:
            return
        left = self.sockets.get(flow.address, 0) - 1
        if left > 0:
            self.sockets[flow.address] = left
        else:
            self.sockets.pop(flow.address, None)
            self._tidy(flow.address, now)

    # ------------------------------------------------------------------ messages

    def admit(self, conn: Hashable, now: float) -> Verdict:
        """What to do with a message that has just arrived from ``conn``."""
        flow = self.flows.get(conn)
        if flow is None:
            return Verdict.PASS  # a connection the guard was not told of (none in the server)
        if flow.messages.take(now):
            flow.told = False
            return Verdict.PASS
        if not flow.excess.take(now):
            return Verdict.CLOSE
        if flow.told:
            return Verdict.DROP
        flow.told = True
        return Verdict.SLOW

    def check(self, conn: Hashable, command: Command, rooms: Container[str], now: float) -> None:
        """Refuse (``Refused``) a message its address may not send now: a room code or a
        transfer code once the address has used up its wrong guesses, a new room once it
        has made its share. A room code no room has counts as a wrong guess here."""
        flow = self.flows.get(conn)
        if flow is None:
            return
        code = command.args.get("room") if command.kind in ("hello", "join") else None
        if code or command.kind == "reclaim":
            guesses = self._guesses(flow.address, now)
            if guesses.level(now) < 1:
                raise Refused("too-many-tries")
            if code and code not in rooms:
                guesses.take(now)
        if command.kind == "create":
            bucket = self.creations.setdefault(
                flow.address, Bucket(self.limits.address_rooms, self.limits.address_rooms_per_s, now)
            )
            if not bucket.take(now):
                raise Refused("too-many-new-rooms")

    def refused(self, conn: Hashable, key: str, now: float) -> None:
        """Count a refusal that is a wrong guess (a transfer code that moved no seat)."""
        flow = self.flows.get(conn)
        if flow is not None and key == "bad-reclaim":
            self._guesses(flow.address, now).take(now)

    # ------------------------------------------------------------------ inside

    def _guesses(self, address: str, now: float) -> Bucket:
        return self.guesses.setdefault(address, Bucket(self.limits.guesses, self.limits.guesses_per_s, now))

    def _tidy(self, address: str, now: float) -> None:
        """Forget an address's buckets once it has no socket and they are full again (what
        is still counted against it stays)."""
        for buckets in (self.guesses, self.creations):
            bucket = buckets.get(address)
            if bucket is not None and bucket.level(now) >= bucket.capacity:
                del buckets[address]
