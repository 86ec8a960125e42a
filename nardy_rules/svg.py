"""Board diagrams as SVG, standard library only (modeled on python-chess's ``chess.svg``).

    >>> from nardy_rules import ShortPosition, svg
    >>> picture = svg.board(ShortPosition.start(), dice=(3, 1), title="Start", id_prefix="start-")
    >>> picture.startswith("<svg")
    True

Layout (White's view and numbering, as in every diagram of the rules texts)::

      black's pips                                (black off, short nardy)
     +-----------------------------+---+-----------------------------+----+
     | 13  14  15  16  17  18      |   | 19  20  21  22  23  24      |tray|
     |                             |bar|                             |    |
     | 12  11  10   9   8   7      |   |  6   5   4   3   2   1      |tray|
     +-----------------------------+---+-----------------------------+----+
      white's pips                                (white off)

White's home (1-6) is bottom right; 13-24 run along the top from left to
right. White moves 24 -> 1 in both games. Black moves 1 -> 24 in short nardy
and 12 -> 1 -> 24 -> 13 in long nardy. White's borne-off checkers go to the
tray at the bottom right; Black's to the top right in short nardy, the top
*left* in long nardy (beside its home, 13-18). On the bar, White's checkers
stand in the upper half (they enter on 19-24), Black's in the lower half.

A viewer's side (``side``, chessground's ``orientation``): a board seen from
Black's side is the same picture with the colours' places exchanged: Black's
home bottom right, its own numbering 1..24 printed from there (short nardy:
White's ``p`` is Black's ``25 - p``; long nardy: ``p`` +- 12, Black's head,
White's 12, is its 24), Black's tray, bar half, dice and pip count where
White's are in White's view. Every hook (``data-point``, the positions the
engine sends) stays in White's numbering: only where things are drawn and the
numbers printed change. ``numbering`` prints another side's numbers on a
board (an article's replay numbers the points from the side whose turn it shows).

The drawing carries no words of its own: the caller passes the title, the
description and the pip-count label in the page's language. Colours come from
CSS classes (``nardy-*``) whose rules read CSS custom properties with
fallbacks (:data:`STYLE`); ``board(style=False)`` leaves the rules to the
page's stylesheet.

Stable hooks for scripts: every stack of checkers, count and tray has
``data-point`` (``1``..``24``, ``bar``, ``off``) and ``data-color``; the
points' triangles are one path per colour whose ``data-points`` lists the
points of its subpaths in order; everything that depends on the position is
inside ``<g class="nardy-checkers">`` (:func:`checker_layer` draws it alone);
:func:`layout` describes the geometry needed to draw it again.

Few elements: a rules page inlines twenty boards, and the browser styles and
lays out every element of each, so what one shape of one style can draw is one
element: one path for the points of each colour, one for a stack of checkers
(a circle per checker drawn), one for the slabs of a tray, one for the pips of
a die; the point numbers are three ``<text>`` runs with a position per digit.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Iterable
from functools import cache

from .interchange import to_text
from .position import BAR, BLACK, COLORS, OFF, VARIANTS, WHITE, Position

# --------------------------------------------------------------------- geometry

POINT_W = 30  #: width of a point
R = 14  #: checker radius
STEP = 28  #: distance between checkers of a stack
CAP = 5  #: checkers drawn per stack; a taller stack shows its count on the last one
SIDE = 32  #: width of the side columns (borne-off trays)
BAR_W = 30
FRAME = 14  #: frame above and below the field (point numbers)
LABEL_H = 24  #: strips above and below the board (pip counts)
STACK_H = CAP * STEP  #: height of a full stack
GAP = 44  #: between the top and the bottom stacks (dice)
TRIANGLE_H = 128
DIE = 26
SLAB_H = 7  #: a borne-off checker in its tray
SLAB_STEP = 8.6

WIDTH = 2 * SIDE + 12 * POINT_W + BAR_W
FIELD_TOP = LABEL_H + FRAME
FIELD_BOTTOM = FIELD_TOP + 2 * STACK_H + GAP
MIDDLE = (FIELD_TOP + FIELD_BOTTOM) / 2
HEIGHT = FIELD_BOTTOM + FRAME + LABEL_H
LEFT = SIDE  #: left edge of the left half
BAR_X = SIDE + 6 * POINT_W  #: left edge of the bar
RIGHT = BAR_X + BAR_W  #: left edge of the right half
RIGHT_END = RIGHT + 6 * POINT_W


def _point_left(point: int) -> float:
    """The left edge of a point's column."""
    if point >= 13:  # top row, left to right: 13..18 | 19..24
        return LEFT + (point - 13) * POINT_W if point <= 18 else RIGHT + (point - 19) * POINT_W
    return LEFT + (12 - point) * POINT_W if point >= 7 else RIGHT + (6 - point) * POINT_W


def _tray_x(variant: str, color: str) -> float:
    """The centre of a colour's tray column."""
    if color == BLACK and variant == "long":
        return SIDE / 2
    return RIGHT_END + SIDE / 2


def _plain(value):
    """Numbers as JSON writes them best: whole numbers without ``.0``."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, float):
        value = round(value, 2)
        return int(value) if value.is_integer() else value
    return value


def _place(variant: str, side: str, point: int) -> int:
    """Where a point (White's numbering) is drawn for a viewer on ``side``: the place of the point of the
    same number in White's view, the number being the viewer's own (its home 1..6 bottom right)."""
    return point if side == WHITE else VARIANTS[variant].OTHER_NUMBERING[point]


def layout(variant: str, side: str = WHITE) -> dict:
    """The geometry needed to draw the checker layer again, for a viewer on ``side`` (JSON-ready).

    ``points`` are keyed by White's numbering, the engine's (and ``labels`` gives each the number the
    viewer reads there: its own numbering, which is also the place it is drawn at, 1 bottom right). Every
    stack is ``[x, y, dy]``: the centre of its first checker and the step
    to the next one (at most ``cap`` are drawn; a taller stack shows its count
    on the last one drawn); ``middle`` is the y of the board's middle line (arrows bow towards
    it). ``off`` trays are ``[x, y, dy, width, height]`` for
    the first slab, ``trays`` each colour's tray as ``[x, y, width, height]``. ``dice`` gives the centre of the
    dice of each side to move, ``pips`` the y of each side's pip count. ``field`` is the playing field's top
    and bottom, the bar's centre and half a point's width; ``numbers`` the y of the top and bottom rows of
    point numbers. The viewer's side takes White's places in White's view, the other side Black's.
    """
    if variant not in ("short", "long"):
        raise ValueError(f"variant {variant!r}: use 'short' or 'long'")
    if side not in COLORS:
        raise ValueError(f"side {side!r}: use 'white' or 'black'")

    def role(color: str) -> str:
        """The colour whose places ``color`` takes in White's view: the viewer's side is drawn as White is."""
        return WHITE if color == side else BLACK

    points, labels = {}, {}
    for point in range(1, 25):
        place = _place(variant, side, point)
        x = _point_left(place) + POINT_W / 2
        points[str(point)] = [x, FIELD_TOP + R, STEP] if place >= 13 else [x, FIELD_BOTTOM - R, -STEP]
        labels[str(point)] = place
    centre_bar = BAR_X + BAR_W / 2
    slab_w = SIDE - 8
    tray_h = STACK_H - 8
    bar = {WHITE: [centre_bar, MIDDLE - GAP / 2 - R, -STEP], BLACK: [centre_bar, MIDDLE + GAP / 2 + R, STEP]}
    off = {WHITE: [_tray_x(variant, WHITE), FIELD_BOTTOM - 4 - SLAB_H / 2, -SLAB_STEP, slab_w, SLAB_H],
           BLACK: [_tray_x(variant, BLACK), FIELD_TOP + 4 + SLAB_H / 2, SLAB_STEP, slab_w, SLAB_H]}
    off_count = {WHITE: [_tray_x(variant, WHITE), MIDDLE + 11], BLACK: [_tray_x(variant, BLACK), MIDDLE - 11]}
    trays = {color: [_tray_x(variant, color) - (SIDE - 6) / 2, FIELD_TOP + 2 if color == BLACK else FIELD_BOTTOM - 2 - tray_h,
                     SIDE - 6, tray_h] for color in COLORS}
    dice = {WHITE: [RIGHT + 3 * POINT_W, MIDDLE], BLACK: [LEFT + 3 * POINT_W, MIDDLE]}
    pips = {WHITE: HEIGHT - LABEL_H / 2, BLACK: LABEL_H / 2}
    return _plain({
        "viewBox": [0, 0, WIDTH, HEIGHT],
        "side": side,
        "middle": MIDDLE,
        "r": R,
        "cap": CAP,
        "points": points,
        "labels": labels,
        "bar": {color: bar[role(color)] for color in COLORS} if variant == "short" else {},
        "off": {color: off[role(color)] for color in COLORS},
        "offCount": {color: off_count[role(color)] for color in COLORS},
        "trays": {color: trays[role(color)] for color in COLORS},
        "dice": {**{color: dice[role(color)] for color in COLORS}, "size": DIE, "step": DIE + 6},
        "pips": {color: pips[role(color)] for color in COLORS},
        "field": {"top": FIELD_TOP, "bottom": FIELD_BOTTOM, "bar": centre_bar, "half": POINT_W / 2},
        "numbers": {"top": FIELD_TOP - FRAME / 2 + 4, "bottom": FIELD_BOTTOM + FRAME / 2 + 4},
    })


# --------------------------------------------------------------------- styling

#: The diagram rules. Colours are CSS custom properties with light fallbacks;
#: a page sets ``--nardy-*`` (for example under ``[data-md-color-scheme=slate]``)
#: to restyle every board. The board's ratio is its viewBox's, also as CSS: a page
#: that skips laying out a board out of view (``content-visibility``) still knows its height.
STYLE = f"svg.nardy-board{{aspect-ratio:{WIDTH}/{HEIGHT}}}\n" + """\
.nardy-frame{fill:var(--nardy-frame,#6b4a2b)}
.nardy-field{fill:var(--nardy-field,#f2e3c4)}
.nardy-bar{fill:var(--nardy-bar,#5a3d22)}
.nardy-tray{fill:var(--nardy-tray,#4e3520)}
.nardy-pa{fill:var(--nardy-point-a,#a4552f)}
.nardy-pb{fill:var(--nardy-point-b,#d7b27c)}
.nardy-num{fill:var(--nardy-number,#f2e3c4);font-size:11px;text-anchor:middle}
.nardy-num[data-digits=tens]{text-anchor:end}
.nardy-num[data-digits=units]{text-anchor:start}
.nardy-ck,.nardy-off,.nardy-die rect{stroke-width:1.5}
[data-color=white].nardy-ck,[data-color=white].nardy-off,.nardy-die[data-color=white] rect,
.nardy-die[data-color=black] .nardy-dot,.nardy-swatch[data-color=white]{
fill:var(--nardy-white,#faf7f0);stroke:var(--nardy-white-edge,#4a3b2c)}
[data-color=black].nardy-ck,[data-color=black].nardy-off,.nardy-die[data-color=black] rect,
.nardy-die[data-color=white] .nardy-dot,.nardy-swatch[data-color=black]{
fill:var(--nardy-black,#262626);stroke:var(--nardy-black-edge,#000)}
.nardy-dot{stroke:none!important}
.nardy-n{font-size:13px;font-weight:700;text-anchor:middle}
.nardy-n[data-color=white]{fill:var(--nardy-black,#262626)}
.nardy-n[data-color=black]{fill:var(--nardy-white,#faf7f0)}
.nardy-n[data-point=off]{fill:var(--nardy-number,#f2e3c4)}
.nardy-label{fill:var(--nardy-text,#333);font-size:16px}
.nardy-label.nardy-turn{font-weight:700}
.nardy-marker{fill:var(--nardy-text,#333)}
.nardy-arrow{fill:none;stroke:var(--nardy-arrow,#1565c0);stroke-width:3.5;stroke-linecap:round;opacity:.9}
.nardy-head{fill:var(--nardy-arrow,#1565c0)}
.nardy-arrow.nardy-mistake{stroke:var(--nardy-mistake,#8e24aa);stroke-dasharray:3 7}
.nardy-mistake-head{fill:var(--nardy-mistake,#8e24aa)}
.nardy-hit{fill:none;stroke:var(--nardy-hit,#e65100);stroke-width:3;stroke-dasharray:4 3}
.nardy-refused{fill:none;stroke:var(--nardy-refused,#c62828);stroke-width:3;stroke-dasharray:7 5;stroke-linecap:round}
.nardy-refused-head{fill:var(--nardy-refused,#c62828)}
.nardy-cross{stroke:var(--nardy-refused,#c62828);stroke-width:4;stroke-linecap:round}
"""


# --------------------------------------------------------------------- helpers


def _num(value: float) -> str:
    value = round(float(value), 1)
    return str(int(value)) if value.is_integer() else f"{value:.1f}"


def _where(value) -> str:
    """A place as the public API writes it: 1..24, ``bar`` or ``off``."""
    if value in (BAR, OFF):
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 24:
        raise ValueError(f"{value!r} is not a point; use 1..24, 'bar' or 'off'")
    return str(value)


def _slot(lay: dict, color: str, where: str, level: int) -> tuple[float, float]:
    """The centre of the ``level``-th checker (from 0) of a stack, a bar or a tray."""
    if where == OFF:
        x, y, dy = lay["off"][color][:3]
        return x, y + dy * min(level, 14)
    if where == BAR:
        x, y, dy = lay["bar"][color] if lay["bar"] else (BAR_X + BAR_W / 2, MIDDLE, 0)
    else:
        x, y, dy = lay["points"][where]
    return x, y + dy * min(level, CAP - 1)


def circle_d(x: float, y: float, r: float) -> str:
    """A circle as a subpath (two arcs), drawn exactly as ``<circle cx cy r>``: stacks and pips are one path."""
    return f"M{_num(x - r)} {_num(y)}a{_num(r)} {_num(r)} 0 1 0 {_num(2 * r)} 0a{_num(r)} {_num(r)} 0 1 0 {_num(-2 * r)} 0z"


def slab_d(x: float, y: float, w: float, h: float, rx: float = 2) -> str:
    """A rectangle with rounded corners as a subpath, as ``<rect x y width height rx>``: a tray is one path."""
    a = f"a{_num(rx)} {_num(rx)} 0 0 1"
    return (f"M{_num(x + rx)} {_num(y)}h{_num(w - 2 * rx)}{a} {_num(rx)} {_num(rx)}v{_num(h - 2 * rx)}"
            f"{a} {_num(-rx)} {_num(rx)}h{_num(2 * rx - w)}{a} {_num(-rx)} {_num(-rx)}v{_num(2 * rx - h)}"
            f"{a} {_num(rx)} {_num(-rx)}z")


class _Counts:
    """Checkers per place, to place arrows as the shown moves are played."""

    def __init__(self, position: Position):
        self.n = {}
        for color in COLORS:
            for point, count in position.checkers(color).items():
                self.n[color, str(point)] = count
            self.n[color, BAR] = position.bar(color)
            self.n[color, OFF] = position.off(color)

    def get(self, color: str, where: str) -> int:
        return self.n.get((color, where), 0)

    def add(self, color: str, where: str, delta: int) -> None:
        self.n[color, where] = max(0, self.get(color, where) + delta)


def _move_parts(item) -> tuple:
    """(start, end, hit, reason) of a Move, or of a tuple (start, end[, hit or reason])."""
    if hasattr(item, "start") and hasattr(item, "end"):
        return item.start, item.end, bool(getattr(item, "hit", False)), None
    start, end, *rest = item
    extra = rest[0] if rest else None
    if isinstance(extra, str):
        return start, end, False, extra
    return start, end, bool(extra), None


def _curve(a: tuple[float, float], b: tuple[float, float]) -> tuple[str, tuple[float, float]]:
    """A path from a to b, bowed towards the middle when both ends are in one half; and its midpoint."""
    (x1, y1), (x2, y2) = a, b
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    if (y1 < MIDDLE) == (y2 < MIDDLE):
        bulge = min(70.0, 0.3 * abs(x2 - x1) + 14)
        cy += bulge if y1 < MIDDLE else -bulge
    mid = (0.25 * x1 + 0.5 * cx + 0.25 * x2, 0.25 * y1 + 0.5 * cy + 0.25 * y2)
    d = f"M{_num(x1)} {_num(y1)}Q{_num(cx)} {_num(cy)} {_num(x2)} {_num(y2)}"
    return d, mid


# --------------------------------------------------------------------- drawing


def checker_layer(position: Position, side: str = WHITE) -> str:
    """The ``<g class="nardy-checkers">`` group: checkers, counts and borne-off slabs (seen from ``side``)."""
    lay = layout(position.variant, side)
    out = ['<g class="nardy-checkers">']

    def stack(color: str, where: str, count: int) -> None:
        circles = "".join(circle_d(*_slot(lay, color, where, level), R) for level in range(min(count, CAP)))
        out.append(f'<path class="nardy-ck" data-point="{where}" data-color="{color}" d="{circles}"/>')
        if count > CAP:
            x, y = _slot(lay, color, where, CAP - 1)
            out.append(
                f'<text class="nardy-n" data-point="{where}" data-color="{color}" '
                f'x="{_num(x)}" y="{_num(y + 4.5)}">{count}</text>'
            )

    for point in range(1, 25):
        color, count = position.count_at(point)
        if count:
            stack(color, str(point), count)
    for color in COLORS:
        if position.bar(color):
            stack(color, BAR, position.bar(color))
    for color in COLORS:
        count = position.off(color)
        if not count:
            continue
        x, y0, dy, w, h = lay["off"][color]
        slabs = "".join(slab_d(x - w / 2, y0 + dy * level - h / 2, w, h) for level in range(count))
        out.append(f'<path class="nardy-off" data-point="off" data-color="{color}" d="{slabs}"/>')
        x, y = lay["offCount"][color]
        out.append(
            f'<text class="nardy-n" data-point="off" data-color="{color}" x="{_num(x)}" y="{_num(y + 4.5)}">{count}</text>'
        )
    out.append("</g>")
    return "".join(out)


_DOTS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(lay: dict, color: str, dice: Iterable[int]) -> str:
    values = list(dice)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"dice {values!r}: a die shows 1 to 6")
    if not 1 <= len(values) <= 4:
        raise ValueError(f"dice {values!r}: draw one to four dice")
    cx, cy = lay["dice"][color]
    step = lay["dice"]["step"]
    out = [f'<g class="nardy-dice" data-dice="{",".join(map(str, values))}">']
    for index, value in enumerate(values):
        x = cx + (index - (len(values) - 1) / 2) * step
        out.append(
            f'<g class="nardy-die" data-color="{color}" data-value="{value}">'
            f'<rect x="{_num(x - DIE / 2)}" y="{_num(cy - DIE / 2)}" width="{DIE}" height="{DIE}" rx="5"/>'
        )
        dots = "".join(circle_d(x + dx * 7, cy + dy * 7, 2.6) for dx, dy in _DOTS[value])
        out.append(f'<path class="nardy-dot" d="{dots}"/></g>')
    out.append("</g>")
    return "".join(out)


def _pips(position: Position, lay: dict, label: str | None) -> str:
    """Each side's pip count with the caller's word, the viewer's at the bottom: the upper row first."""
    out = ['<g class="nardy-pips">']
    for color in sorted(COLORS, key=lambda item: lay["pips"][item]):
        y = lay["pips"][color]
        turn = position.turn == color
        if turn:  # a small triangle points at the side to move
            out.append(
                f'<path class="nardy-marker" d="M{LEFT - 24} {_num(y - 6)}l9 6-9 6z"/>'
            )
        out.append(
            f'<circle class="nardy-swatch" data-color="{color}" cx="{LEFT - 4}" cy="{_num(y)}" r="7"/>'
        )
        words = f"{html.escape(str(label))} " if label else ""
        out.append(
            f'<text class="nardy-label{" nardy-turn" if turn else ""}" x="{LEFT + 8}" y="{_num(y + 5.5)}">'
            f'{words}<tspan data-pips="{color}">{position.pips(color)}</tspan></text>'
        )
    out.append("</g>")
    return "".join(out)


@cache
def _static(variant: str, side: str = WHITE, numbering: str | None = None) -> str:
    """Frame, field, bar, trays, points and their numbers: the same for every board of a variant seen from a
    side (and numbered from a side: the viewer's own unless told)."""
    lay = layout(variant, side)
    out = [
        f'<rect class="nardy-frame" x="0" y="{LABEL_H}" width="{WIDTH}" height="{HEIGHT - 2 * LABEL_H}" rx="6"/>',
        f'<path class="nardy-field" d="M{LEFT} {FIELD_TOP}h{6 * POINT_W}v{FIELD_BOTTOM - FIELD_TOP}h-{6 * POINT_W}z'
        f'M{RIGHT} {FIELD_TOP}h{6 * POINT_W}v{FIELD_BOTTOM - FIELD_TOP}h-{6 * POINT_W}z"/>',
        f'<rect class="nardy-bar" data-point="bar" x="{BAR_X}" y="{FIELD_TOP}" width="{BAR_W}" '
        f'height="{FIELD_BOTTOM - FIELD_TOP}"/>',
    ]
    for color in sorted(COLORS, key=lambda item: lay["trays"][item][1]):  # the upper tray first
        x, y, width, height = lay["trays"][color]
        out.append(
            f'<rect class="nardy-tray" data-point="off" data-color="{color}" x="{_num(x)}" y="{_num(y)}" '
            f'width="{_num(width)}" height="{_num(height)}" rx="3"/>'
        )
    for shade, first in (("nardy-pa", 1), ("nardy-pb", 2)):
        places = range(first, 25, 2)
        points = [_place(variant, side, place) for place in places]
        d = "".join(_triangle_d(place) for place in places)
        out.append(f'<path class="nardy-pt {shade}" data-points="{" ".join(map(str, points))}" d="{d}"/>')
    labels = layout(variant, numbering or side)["labels"]
    out.append(_numbers([labels[str(_place(variant, side, place))] for place in range(1, 25)]))
    return "".join(out)


def _triangle_d(place: int) -> str:
    """The triangle at a place (White's view) as a subpath, from the edge of the field towards the middle."""
    x = _point_left(place)
    if place >= 13:
        return f"M{_num(x)} {FIELD_TOP}h{POINT_W}l-{POINT_W // 2} {TRIANGLE_H}z"
    return f"M{_num(x)} {FIELD_BOTTOM}h{POINT_W}l-{POINT_W // 2} -{TRIANGLE_H}z"


def _numbers(numbers: list[int]) -> str:
    """The point numbers, centred on their points, as three runs of digits with a position per digit.

    ``numbers[k]`` is printed at the place of White's point ``k + 1`` in White's view. Every digit of a run with
    its own ``x`` is anchored on its own (:data:`STYLE`'s ``data-digits``
    rules): the units of 10..24 start at the point's centre and their tens end there (so the number is
    centred: digits are of equal width), and 1..9 are centred. Three elements instead of 24; the same numbers
    in the same places (``assets/board/nardy-draw.js`` ``numberRuns`` writes them again for a replay's side).
    """
    def run(kind: str, items: list[tuple[str, float, float]]) -> str:
        xs = " ".join(_num(x) for _digit, x, _y in items)
        ys = " ".join(_num(y) for _digit, _x, y in items)
        digits = "".join(digit for digit, _x, _y in items)
        return (f'<text class="nardy-num" data-digits="{kind}" x="{xs}" y="{ys}">'
                f"{digits}</text>")

    places = []
    for place, number in enumerate(numbers, start=1):
        x = _point_left(place) + POINT_W / 2
        y = FIELD_TOP - FRAME / 2 + 4 if place >= 13 else FIELD_BOTTOM + FRAME / 2 + 4
        places.append((str(number), x, y))
    ones = [(digits, x, y) for digits, x, y in places if len(digits) == 1]
    tens = [(digits[0], x, y) for digits, x, y in places if len(digits) == 2]
    units = [(digits[1], x, y) for digits, x, y in places if len(digits) == 2]
    return run("ones", ones) + run("tens", tens) + run("units", units)


def _arrows(position: Position, lay: dict, prefix: str, arrows, mistake: bool = False) -> list[str]:
    """The arrows of moves played in order from ``position`` (a mistake's dashed, with their own head)."""
    out = []
    mover = position.turn
    opponent = WHITE if mover == BLACK else BLACK
    counts = _Counts(position)
    css, head = ("nardy-arrow nardy-mistake", "mistake") if mistake else ("nardy-arrow", "head")
    for item in arrows:
        start, end, hit, _ = _move_parts(item)
        start, end = _where(start), _where(end)
        a = _slot(lay, mover, start, counts.get(mover, start) - 1)
        counts.add(mover, start, -1)
        if hit and end not in (BAR, OFF):
            x, y = _slot(lay, opponent, end, 0)
            out.append(
                f'<circle class="nardy-hit" data-point="{end}" cx="{_num(x)}" cy="{_num(y)}" r="{R + 3}"/>'
            )
            counts.add(opponent, end, -1)
            counts.add(opponent, BAR, 1)
        b = _slot(lay, mover, end, counts.get(mover, end))
        counts.add(mover, end, 1)
        d, _mid = _curve(a, b)
        hit_attr = ' data-hit="true"' if hit else ""
        out.append(
            f'<path class="{css}" data-from="{start}" data-to="{end}"{hit_attr} '
            f'd="{d}" marker-end="url(#{prefix}{head})"/>'
        )
    return out


def _marks(position: Position, lay: dict, prefix: str, arrows, refused, mistake=()) -> str:
    """Arrows of the shown moves (played in order), a mistaken play's (dashed), then the refused moves, struck out."""
    out = _arrows(position, lay, prefix, arrows) + _arrows(position, lay, prefix, mistake, mistake=True)
    mover = position.turn
    opponent = WHITE if mover == BLACK else BLACK
    start_counts = _Counts(position)
    for item in refused:
        start, end, _hit, reason = _move_parts(item)
        start, end = _where(start), _where(end)
        a = _slot(lay, mover, start, max(0, start_counts.get(mover, start) - 1))
        if end == OFF:
            level = start_counts.get(mover, OFF)
        else:
            level = start_counts.get(mover, end) + start_counts.get(opponent, end)
        b = _slot(lay, mover, end, level)
        d, (mx, my) = _curve(a, b)
        reason_attr = f' data-reason="{html.escape(str(reason))}"' if reason else ""
        out.append(
            f'<g class="nardy-refusal" data-from="{start}" data-to="{end}"{reason_attr}>'
            f'<path class="nardy-refused" d="{d}" marker-end="url(#{prefix}no)"/>'
            f'<path class="nardy-cross" d="M{_num(mx - 7)} {_num(my - 7)}l14 14m0 -14l-14 14"/></g>'
        )
    if not out:
        return ""
    return '<g class="nardy-marks">' + "".join(out) + "</g>"


def board(
    position: Position,
    *,
    arrows: Iterable = (),
    refused: Iterable = (),
    mistake: Iterable = (),
    dice: Iterable[int] | None = None,
    title: str | None = None,
    desc: str | None = None,
    pip_label: str | None = None,
    id_prefix: str | None = None,
    style: bool = True,
    side: str = WHITE,
    numbering: str | None = None,
) -> str:
    """The position as an SVG string (no XML declaration; inline it in HTML or save it as .svg).

    ``arrows``: the moves shown, in the order they are played (``Move`` objects,
    or ``(start, end[, hit])``); a hit is marked on the checker it hits.
    ``refused``: single moves drawn struck out (``Move``, or ``(start, end[, reason-code])``).
    ``mistake``: a mistaken play's moves (as ``arrows``), drawn as dashed arrows of another colour.
    ``dice``: one to four dice, drawn in the colour of the side to move.
    ``title`` (default: the position's compact text) and ``desc`` are the
    text alternative, in the page's language; ``pip_label`` the word before
    each side's pip count. ``id_prefix`` starts every id: give each board of a
    page its own (the default is derived from the content). ``style=False``
    leaves out the ``<style>`` element when the page's stylesheet holds
    :data:`STYLE`. ``side``: the viewer's side, at the bottom (:func:`layout`); ``numbering``: the side whose
    numbers are printed on the points (the viewer's unless given).
    """
    arrows = list(arrows)
    refused = list(refused)
    mistake = list(mistake)
    dice = None if dice is None else tuple(dice)
    if title is None:
        title = to_text(position)
    if id_prefix is None:
        seed = repr((position.key(), [_move_parts(a) for a in arrows], [_move_parts(r) for r in refused], dice,
                     [_move_parts(m) for m in mistake]))
        id_prefix = "nardy-" + hashlib.sha1(seed.encode()).hexdigest()[:8] + "-"
    if not id_prefix or not (id_prefix[0].isalpha() or id_prefix[0] == "_") or any(
        not (c.isalnum() or c in "-_.") or not c.isascii() for c in id_prefix
    ):
        raise ValueError(f"id_prefix {id_prefix!r}: start with a letter; use letters, digits, - _ .")
    if numbering is not None and numbering not in COLORS:
        raise ValueError(f"numbering {numbering!r}: use 'white' or 'black'")
    lay = layout(position.variant, side)
    p = id_prefix
    labelled = f"{p}title {p}desc" if desc else f"{p}title"
    turned = "" if side == WHITE else f' data-side="{side}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="nardy-board" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" role="img" aria-labelledby="{labelled}" data-variant="{position.variant}" '
        f'data-turn="{position.turn}"{turned}>',
        f'<title id="{p}title">{html.escape(str(title))}</title>',
    ]
    if desc:
        out.append(f'<desc id="{p}desc">{html.escape(str(desc))}</desc>')
    if style:
        out.append(f"<style>{STYLE}</style>")
    marks = _marks(position, lay, p, arrows, refused, mistake)
    if arrows or refused or mistake:
        defs = ["<defs>"]
        if mistake:
            defs.append(
                f'<marker id="{p}mistake" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" '
                f'orient="auto"><path class="nardy-mistake-head" d="M0 0L10 5L0 10z"/></marker>'
            )
        if arrows:
            defs.append(
                f'<marker id="{p}head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" '
                f'orient="auto"><path class="nardy-head" d="M0 0L10 5L0 10z"/></marker>'
            )
        if refused:
            defs.append(
                f'<marker id="{p}no" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" '
                f'orient="auto"><path class="nardy-refused-head" d="M0 0L10 5L0 10z"/></marker>'
            )
        defs.append("</defs>")
        out.append("".join(defs))
    out.append(_static(position.variant, side, numbering if numbering != side else None))
    out.append(checker_layer(position, side))
    if dice:
        out.append(_dice(lay, position.turn, dice))
    out.append(marks)
    out.append(_pips(position, lay, pip_label))
    out.append("</svg>")
    return "".join(out)


__all__ = ["STYLE", "board", "checker_layer", "layout"]
