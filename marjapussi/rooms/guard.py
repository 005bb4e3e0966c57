"""Rate limits at the connection layer: a flood of messages, guessed codes, sockets that
never say who they are, too many new rooms from one address.

Every limit is a token bucket (``Bucket``) read from the rooms' clock, so a test moves
time by hand. A connection has a bucket of messages (``Limits.messages_per_s``, with a
burst of ``Limits.message_burst``): a message over it is not handled; the first such
message in a row is answered once with a translated notice, the rest are dropped in
silence, and a connection that keeps on (``Limits.flood_excess`` messages over the limit,
refilled at ``Limits.flood_excess_per_s``) is closed. A person pressing buttons, even
fast, never comes near it.

An address is the device's IP address as the server sees it (``address_key``: an IPv6
address counts as its /64 network, which one home or school network is given). A
socket that has not yet said ``hello`` counts against its address, at most
``Limits.address_pending`` at once (the hub closes one still silent after
``Limits.hello_s``); the places in a room are the hub's.

A wrong guess (a room code no room has, a wrong transfer code, a club night's wrong
player code) counts against its socket first: the ``Limits.socket_guesses``-th closes it.
It counts against the address too, whose bucket (``Limits.guesses``) is large enough for a
school's pupils behind one address to mistype now and then; once it is empty, every message
naming a room code or a transfer code from that address is refused, right or wrong, until
the bucket refills, so guessing gains nothing, and the hub tells the rooms' hosts what happened. A ``hello``
with a seat or host key of its room is never refused for it. The QR codes of room links
have a bucket per address as well, and a bucket of new rooms. Behind a reverse proxy,
run uvicorn with its proxy headers so that the address is the device's, not the proxy's.

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
import ipaddress
from collections.abc import Hashable
from dataclasses import dataclass, field

from .limits import Limits
from .protocol import Command, Refused

__all__ = ["Bucket", "Guard", "Miss", "Verdict", "address_key"]


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


def address_key(address: str) -> str:
    """What the per-address limits count by: an IPv4 address itself, an IPv6 address its /64
    network (an IPv4 address written as IPv6 the IPv4 one), anything else as it is.

    >>> address_key("10.0.0.7"), address_key("::ffff:10.0.0.7")
    ('10.0.0.7', '10.0.0.7')
    >>> address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    True
    >>> address_key("2001:db8:1:2::1") == address_key("2001:db8:1:3::1")
    False
    """
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass(frozen=True)
class Miss:
    """What a wrong guess brought about."""

    close: bool = False
    """The socket has made as many wrong guesses as it may: close it."""
    locked: bool = False
    """This guess emptied its address's bucket: codes from that address are refused for a while."""


@dataclass
class Flow:
    """One connection's buckets."""

    address: str
    messages: Bucket
    excess: Bucket
    told: bool = False
    pending: bool = True
    """It has not yet said ``hello``."""
    misses: int = 0
    """Its wrong guesses."""


class Guard:
    """The rate limits of every connection and address (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.flows: dict[Hashable, Flow] = {}
        self.sockets: dict[str, int] = {}
        self.pending: dict[str, int] = {}
        """The sockets of each address that have not said ``hello`` yet."""
        self.guesses: dict[str, Bucket] = {}
        self.creations: dict[str, Bucket] = {}
        self.pictures: dict[str, Bucket] = {}

    # ------------------------------------------------------------------ sockets

    def open(self, conn: Hashable, address: str, now: float) -> str | None:
        """Count a new socket from ``address``; the key of a refusal when that address has as
        many sockets waiting for their ``hello`` as it may (the socket is then not counted)."""
        limits = self.limits
        key = address_key(address)
        if self.pending.get(key, 0) >= limits.address_pending:
            return "address-full"
        self.pending[key] = self.pending.get(key, 0) + 1
        self.sockets[key] = self.sockets.get(key, 0) + 1
        self.flows[conn] = Flow(
            key,
            Bucket(limits.message_burst, limits.messages_per_s, now),
            Bucket(limits.flood_excess, limits.flood_excess_per_s, now),
        )
        return None

    def greeted(self, conn: Hashable) -> None:
        """The socket has said ``hello``: it no longer waits against its address."""
        flow = self.flows.get(conn)
        if flow is not None and flow.pending:
            flow.pending = False
            self._unpend(flow.address)

    def address(self, conn: Hashable) -> str:
        """What the per-address limits count a socket by (``address_key``; empty if unknown)."""
        flow = self.flows.get(conn)
        return flow.address if flow is not None else ""

    def close(self, conn: Hashable, now: float) -> None:
        """Forget a closed socket."""
        flow = self.flows.pop(conn, None)
        if flow is None:
            return
        if flow.pending:
            self._unpend(flow.address)
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

    def check(self, conn: Hashable, command: Command, now: float, keyed: bool = False) -> None:
        """Refuse (``Refused``) a message its address may not send now: a room code or a
        transfer code once the address has used up its wrong guesses (not a ``hello`` that
        is ``keyed``: it holds a seat or host key of its room), a new room once it has made
        its share."""
        flow = self.flows.get(conn)
        if flow is None:
            return
        code = command.args.get("room") if command.kind in ("hello", "join") else None
        guessing = (code and not keyed) or command.kind in ("reclaim", "evening-claim")
        if guessing and self._guesses(flow.address, now).level(now) < 1:
            raise Refused("too-many-tries")
        if command.kind == "create":
            bucket = self.creations.setdefault(
                flow.address, Bucket(self.limits.address_rooms, self.limits.address_rooms_per_s, now)
            )
            if not bucket.take(now):
                raise Refused("too-many-new-rooms")

    def miss(self, conn: Hashable, now: float) -> Miss:
        """Count a wrong guess of a socket (a room code no room has, a transfer code that moved
        no seat) against it and its address."""
        flow = self.flows.get(conn)
        if flow is None:
            return Miss()
        flow.misses += 1
        guesses = self._guesses(flow.address, now)
        had = guesses.level(now) >= 1
        guesses.take(now)
        return Miss(
            close=flow.misses >= self.limits.socket_guesses, locked=had and guesses.level(now) < 1
        )

    def picture(self, address: str, now: float) -> bool:
        """Tell whether ``address`` may have another room link's QR code drawn now."""
        key = address_key(address)
        limits = self.limits
        if key not in self.pictures and len(self.pictures) >= limits.connections:
            for other, bucket in list(self.pictures.items()):  # forget the addresses served in full
                if bucket.level(now) >= bucket.capacity:
                    del self.pictures[other]
        bucket = self.pictures.setdefault(key, Bucket(limits.qr_burst, limits.qr_per_s, now))
        return bucket.take(now)

    # ------------------------------------------------------------------ inside

    def _guesses(self, address: str, now: float) -> Bucket:
        return self.guesses.setdefault(address, Bucket(self.limits.guesses, self.limits.guesses_per_s, now))

    def _unpend(self, address: str) -> None:
        left = self.pending.get(address, 0) - 1
        if left > 0:
            self.pending[address] = left
        else:
            self.pending.pop(address, None)

    def _tidy(self, address: str, now: float) -> None:
        """Forget an address's buckets once it has no socket and they are full again (what
        is still counted against it stays)."""
        for buckets in (self.guesses, self.creations):
            bucket = buckets.get(address)
            if bucket is not None and bucket.level(now) >= bucket.capacity:
                del buckets[address]
