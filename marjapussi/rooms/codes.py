"""Room codes, seat tokens and reclaim codes.

A room code is 8 symbols of Crockford's base 32 (digits and letters without I, L, O and
U, which are misread), shown as two groups of four: 32**8, some 1.1 million million
codes, so that with a few hundred rooms open a guess finds one about once in several
thousand million tries. A seat token (kept on the player's device) is 32 random
URL-safe characters (192 bits); the server keeps only its SHA-256. A reclaim code is 6
symbols of the same alphabet (about a thousand million), valid for minutes and withdrawn
after a few wrong tries.

>>> normal_code(" abcd-efgh ") == "ABCDEFGH", normal_code("ABCD-EFGO") == "ABCDEFG0"
(True, True)
>>> normal_code("ABC"), shown_code("ABCDEFGH")
(None, 'ABCD-EFGH')
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Container

__all__ = [
    "ALPHABET",
    "RECLAIM_LENGTH",
    "ROOM_CODE_LENGTH",
    "new_reclaim_code",
    "new_room_code",
    "new_token",
    "normal_code",
    "same_hash",
    "shown_code",
    "token_hash",
]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U."""
ROOM_CODE_LENGTH = 8
RECLAIM_LENGTH = 6
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def _random_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_room_code(taken: Container[str] = frozenset()) -> str:
    """A new random room code not in ``taken``."""
    while True:
        code = _random_code(ROOM_CODE_LENGTH)
        if code not in taken:
            return code


def new_reclaim_code() -> str:
    """A new random reclaim code."""
    return _random_code(RECLAIM_LENGTH)


def normal_code(text: str, length: int = ROOM_CODE_LENGTH) -> str | None:
    """A code as typed (spaces, dashes, small letters, O for zero) in its normal form; ``None``
    when it cannot be one."""
    if not isinstance(text, str) or len(text) > 3 * length:
        return None
    code = re.sub(r"[\s-]", "", text).upper().translate(_READ_AS)
    if len(code) != length or any(c not in ALPHABET for c in code):
        return None
    return code


def shown_code(code: str) -> str:
    """A code as shown to people: groups of four (``ABCD-EFGH``)."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def new_token() -> str:
    """A new seat (or host) token: 32 URL-safe characters."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a token (or a reclaim code): its SHA-256."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(token: str, kept: str) -> bool:
    """Tell whether ``token`` hashes to ``kept`` (in constant time)."""
    return bool(kept) and hmac.compare_digest(token_hash(token), kept)
