"""The site's app icons, drawn as PNG files with the standard library only.

A white playing card with a red heart on the site's green, in two shapes: ``any`` (a
rounded square, transparent corners) and ``maskable`` (green to every edge, the card
inside the central circle of 80 % that a phone's mask always keeps).

>>> png = icon_png(48, maskable=True)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", png_size(png)
(True, (48, 48))
"""

from __future__ import annotations

import struct
import zlib

GREEN = (0x1D, 0x5C, 0x3C)
WHITE = (0xFF, 0xFF, 0xFF)
RED = (0xC6, 0x28, 0x28)
SAFE_RADIUS = 0.4
"""The maskable safe zone: a circle of this radius (share of the size) around the centre."""


def _rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on the origin."""
    qx, qy = abs(x) - half_w + radius, abs(y) - half_h + radius
    outside = (max(qx, 0.0) ** 2 + max(qy, 0.0) ** 2) ** 0.5
    return outside + min(max(qx, qy), 0.0) - radius


def _in_heart(x: float, y: float) -> bool:
    """The heart curve (x² + y² − 1)³ ≤ x² y³, point up (y grows upwards)."""
    a = x * x + y * y - 1.0
    return a * a * a - x * x * y * y * y <= 0.0


def _cover(distance: float, pixel: float) -> float:
    """How much of a pixel lies inside a shape, from its signed distance (in size units)."""
    return min(1.0, max(0.0, 0.5 - distance / pixel))


def _mix(under: tuple[float, ...], colour: tuple[int, int, int], alpha: float) -> tuple[float, ...]:
    r, g, b, a = under
    out_a = alpha + a * (1 - alpha)
    if out_a == 0:
        return (0.0, 0.0, 0.0, 0.0)
    blend = [(c * alpha + u * a * (1 - alpha)) / out_a for c, u in zip(colour, (r, g, b), strict=True)]
    return (blend[0], blend[1], blend[2], out_a)


def icon_pixels(size: int, maskable: bool) -> list[list[tuple[int, int, int, int]]]:
    """The icon's RGBA rows."""
    pixel = 1.0 / size
    scale = 0.78 if maskable else 1.0
    card_w, card_h, card_r = 0.27 * scale, 0.36 * scale, 0.045 * scale
    heart = 0.14 * scale
    rows = []
    for j in range(size):
        y = (j + 0.5) / size - 0.5
        row = []
        for i in range(size):
            x = (i + 0.5) / size - 0.5
            if maskable:
                colour: tuple[float, ...] = (*GREEN, 1.0)
            else:
                colour = _mix((0.0, 0.0, 0.0, 0.0), GREEN, _cover(_rounded_box(x, y, 0.5, 0.5, 0.18), pixel))
            card = _cover(_rounded_box(x, y, card_w, card_h, card_r), pixel)
            if card:
                colour = _mix(colour, WHITE, card)
                hx, hy = x / heart, -(y - 0.02 * scale) / heart
                if abs(hx) < 1.3 and -1.2 < hy < 1.3:
                    # 3×3 samples for a smooth edge, only near the heart
                    step = pixel / heart / 3
                    inside = sum(_in_heart(hx + (di - 1) * step, hy + (dj - 1) * step)
                                 for di in range(3) for dj in range(3))
                    if inside:
                        colour = _mix(colour, RED, inside / 9)
            row.append((*(round(c) for c in colour[:3]), round(colour[3] * 255)))
        rows.append(row)
    return rows  # type: ignore[return-value]


def encode_png(rows: list[list[tuple[int, int, int, int]]]) -> bytes:
    """An RGBA PNG of these rows."""
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(channel for pixel in row for channel in pixel) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def icon_png(size: int, maskable: bool) -> bytes:
    """The icon of ``size`` pixels square as a PNG file."""
    return encode_png(icon_pixels(size, maskable))
