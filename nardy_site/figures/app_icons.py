"""The site's app icons (home screen, task switcher): the short-nardy start position as the diagrams draw it.

The icon is the diagram itself: the SVG of :func:`nardy_rules.svg.board` for
the start position, with its own stylesheet in the light scheme (the
fallbacks of :data:`nardy_rules.svg.STYLE`: CairoSVG knows no CSS custom
properties), cropped to the board's frame (the pip counts above and below a
diagram are left out), rendered by CairoSVG and placed on the icon's square
with Pillow, the two libraries Material's ``imaging`` extra renders its
social cards with. The point numbers are hidden: at 192 pixels a digit would
be a speck two pixels high, and text would make the icon depend on the fonts
of the machine that builds it.

- ``any``: the board on a transparent square, as large as it fits.
- ``maskable``: the board on a full square of the theme colour, inside the
  central circle of 40 % radius that every mask shape keeps (the "safe
  zone" of the web app manifest's maskable icons).
"""

from __future__ import annotations

import io
import math
import re
from functools import cache

import cairosvg
from PIL import Image, ImageColor

from nardy_rules import ShortPosition, svg

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
#: A custom property with its light fallback, as nardy_rules.svg.STYLE writes every colour.
_PROPERTY = re.compile(r"var\(--nardy-[a-z-]+,(#[0-9a-fA-F]{3,6})\)")


@cache
def board_svg() -> str:
    """The start position's diagram as a standalone SVG of the board's frame, in the light scheme."""
    drawing = svg.board(ShortPosition.start(), id_prefix="icon-")
    root = re.match(r'<svg [^>]*viewBox="0 0 (\d+) (\d+)" width="100%"', drawing)
    if root is None or (int(root[1]), int(root[2])) != (svg.WIDTH, svg.HEIGHT):
        raise ValueError("nardy_rules.svg.board no longer starts with the root this module crops")
    drawing = drawing.replace(root[0], root[0].replace(f'viewBox="0 0 {svg.WIDTH} {svg.HEIGHT}" width="100%"',
                                                      f'viewBox="0 {TOP} {svg.WIDTH} {BOTTOM - TOP}"'), 1)
    drawing = drawing.replace("</style>", ".nardy-num{display:none}</style>", 1)
    return _PROPERTY.sub(r"\1", drawing)


def board_image(width: int) -> Image.Image:
    """The board's frame rendered ``width`` pixels wide (RGBA)."""
    height = round(width * (BOTTOM - TOP) / svg.WIDTH)
    png = cairosvg.svg2png(bytestring=board_svg().encode(), output_width=width, output_height=height)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def icon(size: int, purpose: str, background: str) -> bytes:
    """The PNG of one icon: ``purpose`` ``any`` (transparent) or ``maskable`` (on ``background``, #rrggbb)."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", background):
        raise ValueError(f"not a colour #rrggbb: {background!r}")
    width, height = svg.WIDTH, BOTTOM - TOP
    if purpose == "any":
        scale = FILL * size / max(width, height)
        square = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    elif purpose == "maskable":
        scale = 2 * SAFE_RADIUS * size / math.hypot(width, height)
        square = Image.new("RGBA", (size, size), (*ImageColor.getrgb(background), 255))
    else:
        raise ValueError(f"icon purpose {purpose!r}: use 'any' or 'maskable'")
    board = board_image(round(width * scale))
    square.alpha_composite(board, ((size - board.width) // 2, (size - board.height) // 2))
    out = io.BytesIO()
    square.save(out, "PNG", optimize=True)
    return out.getvalue()
