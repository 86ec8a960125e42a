"""A verified diagram block as HTML: ``<figure>`` with the inline SVG and the caption.

The figure (``id`` = the block's id)::

    <figure class="nardy-diagram" id="short-hit" data-variant="short"
            data-position="nardy:short:w:..." data-dice="5" data-show="13-8-5">
      <svg ...>                      the board (nardy_rules.svg), ids prefixed "<id>--"
      <figcaption>                   the caption, escaped as text
    </figure>

The attributes are what a live board needs before the reader turns to it:
the example's position in the compact text form, its dice (``6-5``, ``5``;
none without dice) and the moves it shows (``from-to-die`` joined by ``.``),
in the forms of a board's link (assets/board/nardy-link.js). Everything else a board
shows comes from the engine's answers: recorded by the build for the page
(``nardy_site.figures.answers``) or asked of the engine in the page's worker.

It is one raw-HTML block without blank lines, so Markdown leaves it alone.
"""

from __future__ import annotations

import html
import json

from nardy_rules import svg, to_text

from ..page.blocks import Block, shown_turn, start_turn
from ..translations.i18n import UI, Translator
from .describe import describe


def refusals(block: Block) -> list[tuple]:
    """(start, end, Refusal) of each ``refuse`` line of the start position, as the engine gives them.

    A line refused only after some moves (``... then ...``) is not drawn: the
    diagram shows the start of the turn.
    """
    out = []
    for line in block.refusals():
        if line.before:
            continue
        refusal = start_turn(block).check(line.start, line.end)
        if refusal is not None:  # verify() has made sure it is refused, for the stated reason
            out.append((line.start, line.end, refusal))
    return out


def shown_moves(block: Block) -> list[tuple]:
    """(start, end, die) of each single move the block shows, in the order they are played."""
    if not block.dice:
        return []
    return [(move.start, move.end, move.die) for move in shown_turn(block).moves]


def board_attributes(block: Block) -> dict[str, str]:
    """The figure's ``data-*`` attributes for its live board (see the module's docstring)."""
    out = {"data-position": to_text(block.position)}
    if block.dice:
        out["data-dice"] = "-".join(map(str, block.dice))
    shown = shown_moves(block)
    if shown:
        out["data-show"] = ".".join(f"{start}-{end}-{die}" for start, end, die in shown)
    return out


def script_json(value) -> str:
    """JSON safe inside ``<script>``: no ``<``, ``>`` or ``&`` can end the element or open a comment."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return (
        text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    )


def figure(block: Block, tr: Translator) -> str:
    """The block's figure (call :func:`nardy_site.page.blocks.verify` first)."""
    position = block.position
    dice = block.dice
    shown = shown_turn(block).moves if dice else ()
    refused = refusals(block)
    picture = svg.board(
        position,
        arrows=shown,
        refused=[(start, end, refusal.code) for start, end, refusal in refused],
        dice=dice,
        title=block.caption,
        desc=describe(position, dice, shown, refused, tr),
        pip_label=tr.gettext(UI["pips"]),
        id_prefix=f"{block.id}--",
        style=False,
    )
    attributes = "".join(f' {name}="{html.escape(value)}"' for name, value in board_attributes(block).items())
    return (
        f'<figure class="nardy-diagram" id="{block.id}" data-variant="{position.variant}"{attributes}>'
        f"{picture}"
        f"<figcaption>{html.escape(block.caption)}</figcaption>"
        "</figure>"
    )
