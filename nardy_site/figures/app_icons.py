"""The site's app icons (home screen, task switcher): the short-nardy start position as the diagrams draw it.

The geometry is ``nardy_rules.svg``'s (its constants and :func:`nardy_rules.svg.layout`)
and the colours are the light scheme's of its stylesheet (the fallbacks in
:data:`nardy_rules.svg.STYLE`), so the icon is a diagram of the site, drawn
by the build (``nardy_site.figures.png``; no file from elsewhere). The label strips
above and below a diagram (pip counts) are left out.

- ``any``: the board on a transparent square, as large as it fits.
- ``maskable``: the board on a full square of the theme colour, inside the
  central circle of 40 % radius that every mask shape keeps (the "safe
  zone" of the web app manifest's maskable icons).
"""

from __future__ import annotations

import math
import re
from functools import cache

from nardy_rules import BLACK, WHITE, ShortPosition, svg

from .png import Canvas, circle_span, hex_colour, polygon_span, rect_span

#: The icons' folder, at the site's root (one set for every language).
FOLDER = "icons"
#: (file name, size in pixels, purpose) of each icon, in :data:`FOLDER`.
ICONS = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"), ("icon-maskable-512.png", 512, "maskable"))
#: The icon the pages outside MkDocs' name (the root pages, the offline pages), from the site's root.
PAGE_ICON = f"{FOLDER}/{ICONS[0][0]}"
#: Where the board's drawing starts and ends, top to bottom (the frame; no label strips).
TOP, BOTTOM = svg.LABEL_H, svg.HEIGHT - svg.LABEL_H
#: Share of the side an ``any`` icon's board takes.
FILL = 0.96
#: Radius of the maskable icons' safe zone, as a share of the side.
SAFE_RADIUS = 0.40


@cache
def board_colours() -> dict[str, str]:
    """``--nardy-<name>`` -> its light fallback ``#rrggbb``, as written in ``nardy_rules.svg.STYLE``."""
    found = dict(re.findall(r"var\(--nardy-([a-z-]+),(#[0-9a-fA-F]{3,6})\)", svg.STYLE))
    needed = {"frame", "field", "bar", "tray", "point-a", "point-b", "white", "white-edge", "black", "black-edge"}
    missing = needed - set(found)
    if missing:
        raise ValueError(f"nardy_rules.svg.STYLE has no colour for {sorted(missing)}")
    return found


def _shapes():
    """(shape, colour name) of the board, back to front, in the diagrams' units."""
    shapes = [(rect_span(0, TOP, svg.WIDTH, BOTTOM - TOP, 6), "frame")]
    field_h = svg.FIELD_BOTTOM - svg.FIELD_TOP
    for left in (svg.LEFT, svg.RIGHT):
        shapes.append((rect_span(left, svg.FIELD_TOP, 6 * svg.POINT_W, field_h), "field"))
    shapes.append((rect_span(svg.BAR_X, svg.FIELD_TOP, svg.BAR_W, field_h), "bar"))
    lay = svg.layout("short")
    tray_h = svg.STACK_H - 8
    for colour, y in ((BLACK, svg.FIELD_TOP + 2), (WHITE, svg.FIELD_BOTTOM - 2 - tray_h)):
        x = lay["off"][colour][0]  # the tray's centre
        shapes.append((rect_span(x - (svg.SIDE - 6) / 2, y, svg.SIDE - 6, tray_h, 3), "tray"))
    for point in range(1, 25):
        centre = lay["points"][str(point)][0]
        left, right = centre - svg.POINT_W / 2, centre + svg.POINT_W / 2
        base = svg.FIELD_TOP if point >= 13 else svg.FIELD_BOTTOM
        tip = base + svg.TRIANGLE_H if point >= 13 else base - svg.TRIANGLE_H
        shapes.append((polygon_span([(left, base), (right, base), (centre, tip)]), "point-a" if point % 2 else "point-b"))
    start = ShortPosition.start()
    for point in range(1, 25):
        colour, count = start.count_at(point)
        x, y, dy = lay["points"][str(point)]
        for level in range(min(count, lay["cap"])):
            cy = y + dy * level
            shapes.append((circle_span(x, cy, lay["r"]), f"{colour}-edge"))
            shapes.append((circle_span(x, cy, lay["r"] - 1.5), colour))
    return shapes


def _scaled(shape, scale: float, dx: float, dy: float):
    span, top, bottom = shape

    def moved(y: float):
        found = span((y - dy) / scale)
        return None if found is None else (found[0] * scale + dx, found[1] * scale + dx)

    return moved, top * scale + dy, bottom * scale + dy


def icon(size: int, purpose: str, background: str) -> bytes:
    """The PNG of one icon: ``purpose`` ``any`` (transparent) or ``maskable`` (on ``background``, #rrggbb)."""
    width, height = svg.WIDTH, BOTTOM - TOP
    if purpose == "any":
        scale = FILL * size / max(width, height)
        canvas = Canvas(size, size)
    elif purpose == "maskable":
        scale = 2 * SAFE_RADIUS * size / math.hypot(width, height)
        canvas = Canvas(size, size, hex_colour(background))
    else:
        raise ValueError(f"icon purpose {purpose!r}: use 'any' or 'maskable'")
    dx = (size - width * scale) / 2
    dy = (size - height * scale) / 2 - TOP * scale
    colours = board_colours()
    for shape, name in _shapes():
        canvas.fill(_scaled(shape, scale, dx, dy), hex_colour(colours[name]))
    return canvas.png()
