"""Every limit of the room server in one place, so that hardening changes numbers here only.

>>> LIMITS.message_bytes, LIMITS.grace_choices[0] <= LIMITS.default_grace
(2048, True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LIMITS", "Limits"]


@dataclass(frozen=True)
class Limits:
    """The server's limits; ``LIMITS`` holds the defaults, a test or the command line others."""

    message_bytes: int = 2048
    """The longest message a client may send (every message of the protocol is far shorter)."""
    frame_bytes: int = 65536
    """The longest WebSocket message the server reads at all (a longer one closes the socket)."""
    name_chars: int = 24
    """The longest player's name."""
    record_bytes: int = 16384
    """The longest message that deals a prepared position (a record pasted or opened by the host)."""
    comment_chars: int = 300
    """The longest comment of the host's."""
    rooms: int = 500
    """The rooms held at once; another is refused with a message."""
    connections: int = 2000
    """The open sockets at once."""
    room_connections: int = 40
    """The places of a room: the sockets of its visitors, spectators and projectors that came
    without a key of the room (a device with a seat key or the host key takes no place)."""
    room_address: int = 30
    """The places of one room that sockets from one address may take."""
    seat_sockets: int = 2
    """The sockets one seat's key holds at once (a third closes the oldest)."""
    host_sockets: int = 3
    """The sockets the host's key holds at once (a fourth closes the oldest)."""
    address_pending: int = 20
    """The sockets from one address that have not said ``hello`` yet (a device, or a network
    behind one address)."""
    hello_s: float = 10.0
    """A socket that has not said ``hello`` this long after it opened is closed."""
    lobby_address: int = 30
    """The sockets from one address in the lobby (said ``hello`` to no room) at once."""
    messages_per_s: float = 5.0
    """The messages a connection may send a second, in the long run (``guard``)."""
    message_burst: int = 30
    """The messages a connection may send at once (a person pressing fast sends a few)."""
    flood_excess: int = 60
    """The messages over the limit a connection may send before it is closed."""
    flood_excess_per_s: float = 1.0
    """How fast the connection's allowance over the limit comes back."""
    socket_guesses: int = 5
    """Wrong codes (room codes, transfer codes) one socket may send: the last of them closes it."""
    guesses: int = 30
    """Wrong codes an address may send before codes from it are refused for a while (a school's
    phones often share one address)."""
    guesses_per_s: float = 1 / 30
    """How fast wrong guesses are forgiven (one every half a minute)."""
    qr_burst: int = 60
    """The QR codes of room links one address may have drawn at once."""
    qr_per_s: float = 1.0
    """How fast an address may have more drawn."""
    address_rooms: int = 20
    """New rooms an address may create at once."""
    address_rooms_per_s: float = 1 / 180
    """How fast an address may create more (one every three minutes)."""
    heartbeat_s: float = 15.0
    """A socket is sent a heartbeat once it, or the server to it, has said nothing for this long."""
    silent_s: float = 45.0
    """A socket that has said nothing for this long (no answer to heartbeats) is dropped."""
    room_reasons: int = 4
    """The bots' reasons ("why") one room may have asked for and not yet had at once."""
    bot_pace_s: float = 0.9
    """A bot acts this long after the last action, so that the people at the table can follow."""
    wall_page_s: float = 12.0
    """How long each page of a club night's wall screen stays before the server turns it (issue
    31, Decided 10: at least 10 seconds); a test's server turns them faster."""
    reclaim_s: float = 600.0
    """How long a reclaim code shown on the old device stays valid."""
    room_idle_s: float = 7 * 24 * 3600
    """A room no one has acted in for this long is not loaded again when the server starts
    (it is when someone comes back with its code)."""
    room_rest_s: float = 3600.0
    """A room that has had no device connected and no action for this long leaves the server's
    memory; its events stay in the store, and the room is rebuilt from them, its seat keys
    as they were, when someone comes back with its code."""
    grace_choices: tuple[int, ...] = (15, 30, 60, 120, 300)
    """The grace periods a room may choose (seconds before a bot plays a dropped player's seat)."""
    default_grace: int = 60


LIMITS = Limits()
