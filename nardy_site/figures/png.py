"""A small antialiased rasteriser and PNG writer, standard library only (zlib): what the site's icons need.

A :class:`Canvas` is an RGBA image; it fills convex shapes (polygons,
rectangles with rounded corners, circles), each given by its horizontal
span at a height. A pixel's coverage is exact across the row and sampled
at :data:`SUBROWS` heights down it, so slanted and round edges are smooth
without drawing the image several times larger. :meth:`Canvas.png` encodes
it (8-bit RGBA, no interlacing, no row filter).
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Sequence

#: Heights sampled down each row of pixels.
SUBROWS = 4

Colour = tuple[int, int, int]
#: The span ``(left, right)`` of a shape at a height, or None above or below it.
Span = Callable[[float], "tuple[float, float] | None"]


def hex_colour(text: str) -> Colour:
    """``#rrggbb`` or ``#rgb`` as a triple of 0..255."""
    digits = text.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(char * 2 for char in digits)
    if len(digits) != 6 or any(char not in "0123456789abcdefABCDEF" for char in digits):
        raise ValueError(f"not a colour #rrggbb: {text[:20]!r}")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def polygon_span(points: Sequence[tuple[float, float]]) -> tuple[Span, float, float]:
    """A convex polygon's span function and its top and bottom."""
    edges = [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]

    def span(y: float):
        xs = [x1 + (y - y1) * (x2 - x1) / (y2 - y1)
              for (x1, y1), (x2, y2) in edges if y1 != y2 and min(y1, y2) <= y <= max(y1, y2)]
        return (min(xs), max(xs)) if xs else None

    ys = [y for _x, y in points]
    return span, min(ys), max(ys)


def rect_span(x: float, y: float, width: float, height: float, radius: float = 0.0) -> tuple[Span, float, float]:
    """A rectangle's span function (corners rounded by ``radius``) and its top and bottom."""
    radius = max(0.0, min(radius, width / 2, height / 2))

    def span(at: float):
        if not y <= at <= y + height:
            return None
        corner = max(radius - (at - y), radius - (y + height - at), 0.0)
        inset = radius - math.sqrt(max(radius * radius - corner * corner, 0.0)) if corner else 0.0
        return x + inset, x + width - inset

    return span, y, y + height


def circle_span(cx: float, cy: float, r: float) -> tuple[Span, float, float]:
    """A circle's span function and its top and bottom."""

    def span(y: float):
        dy = y - cy
        if abs(dy) > r:
            return None
        half = math.sqrt(r * r - dy * dy)
        return cx - half, cx + half

    return span, cy - r, cy + r


class Canvas:
    def __init__(self, width: int, height: int, background: Colour | None = None):
        if not (0 < width <= 4096 and 0 < height <= 4096):
            raise ValueError(f"canvas size {width}x{height}: each side must be 1..4096 pixels")
        self.width, self.height = width, height
        pixel = bytes((*background, 255)) if background else bytes(4)
        self.rows = [bytearray(pixel * width) for _ in range(height)]

    def fill(self, shape: tuple[Span, float, float], colour: Colour) -> None:
        """Paint an opaque convex shape (a ``*_span`` result) over what is drawn."""
        span, top, bottom = shape
        solid = bytes((*colour, 255))
        for row in range(max(0, math.floor(top)), min(self.height, math.ceil(bottom))):
            spans = [span(row + (i + 0.5) / SUBROWS) for i in range(SUBROWS)]
            present = [s for s in spans if s is not None]
            if not present:
                continue
            # Pixels inside the shape at every sampled height are painted whole; the rest are blended.
            inner_left = math.ceil(max(s[0] for s in present)) if len(present) == SUBROWS else self.width
            inner_right = math.floor(min(s[1] for s in present)) if len(present) == SUBROWS else 0
            first = max(0, math.floor(min(s[0] for s in present)))
            last = min(self.width, math.ceil(max(s[1] for s in present)))
            line = self.rows[row]
            if inner_left < inner_right:
                left, right = max(inner_left, 0), min(inner_right, self.width)
                if left < right:
                    line[4 * left:4 * right] = solid * (right - left)
                edges = [*range(first, max(first, left)), *range(max(right, first), last)]
            else:
                edges = range(first, last)
            for x in edges:
                cover = sum(max(0.0, min(x + 1, s[1]) - max(x, s[0])) for s in present) / SUBROWS
                if cover > 0:
                    self._blend(line, x, colour, min(cover, 1.0))

    @staticmethod
    def _blend(line: bytearray, x: int, colour: Colour, alpha: float) -> None:
        """``colour`` at opacity ``alpha`` over the pixel (straight, not premultiplied, alpha)."""
        i = 4 * x
        under = line[i + 3] / 255
        out = alpha + under * (1 - alpha)
        for channel in range(3):
            mixed = (colour[channel] * alpha + line[i + channel] * under * (1 - alpha)) / out
            line[i + channel] = round(mixed)
        line[i + 3] = round(out * 255)

    def pixel(self, x: int, y: int) -> tuple[int, int, int, int]:
        return tuple(self.rows[y][4 * x:4 * x + 4])

    def png(self) -> bytes:
        """The image as a PNG file."""
        # Each row with filter type 0 (none): flat colours pack well without one.
        raw = b"".join(b"\x00" + bytes(line) for line in self.rows)
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9)) \
            + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
