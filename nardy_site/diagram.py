"""A verified diagram block as HTML: ``<figure>`` with the inline SVG, the caption and the board's data.

The figure (``id`` = the block's id)::

    <figure class="nardy-diagram" id="short-hit" data-variant="short">
      <svg ...>                      the board (nardy_rules.svg), ids prefixed "<id>--"
      <figcaption>                   the caption, escaped as text
      <script type="application/json" class="nardy-data">   see :func:`data`
    </figure>

It is one raw-HTML block without blank lines, so Markdown leaves it alone.
"""

from __future__ import annotations

import html
import json

from nardy_rules import Position, legal_plays, svg, to_text
from nardy_rules.turn import Turn

from .blocks import Block, _point, shown_turn, start_turn
from .describe import describe
from .i18n import UI, Translator


def refusals(block: Block) -> list[tuple]:
    """(start, end, Refusal) of each ``refuse`` line, as the engine gives them for the block's position."""
    out = []
    for _line, value in block.values("refuse"):
        move, _code = value.split()
        start, end = (_point(part.rstrip("*")) for part in move.split("/"))
        refusal = start_turn(block).check(start, end)
        if refusal is not None:  # verify() has made sure it is refused, for the stated reason
            out.append((start, end, refusal))
    return out


def plays(position: Position, dice: tuple[int, ...] | None) -> list[list[dict]] | None:
    """The legal plays for the dice, each as the list of its single moves (one move each for one die)."""
    if not dice:
        return None
    if len(dice) == 1:
        return [[move.to_json()] for move in Turn(position, dice).legal_moves()]
    found = sorted(legal_plays(position, dice), key=lambda play: play.notation)
    return [[move.to_json() for move in play.moves] for play in found]


def data(block: Block, tr: Translator) -> dict:
    """What the live boards need: JSON-ready.

    ``id``, ``variant``, ``position`` (the engine's JSON), ``text`` (compact
    form), ``dice`` (list or null), ``show`` (the moves drawn, in order:
    ``{"from", "to", "die", "hit"}``), ``refuse`` (``{"from", "to", "reason",
    "params", "message"}``, the message in the page's language), ``plays``
    (legal plays for ``dice`` from ``position``, each a list of moves; null
    without dice), ``layout`` (``nardy_rules.svg.layout``).
    """
    position = block.position
    dice = block.dice
    shown = shown_turn(block).moves if dice else ()
    return {
        "id": block.id,
        "variant": position.variant,
        "position": position.to_json(),
        "text": to_text(position),
        "dice": list(dice) if dice else None,
        "show": [move.to_json() for move in shown],
        "refuse": [
            {
                "from": start,
                "to": end,
                "reason": refusal.code,
                "params": dict(refusal.params),
                "message": refusal.message(tr.gettext, tr.ngettext),
            }
            for start, end, refusal in refusals(block)
        ],
        "plays": plays(position, dice),
        "layout": svg.layout(position.variant),
    }


def script_json(value) -> str:
    """JSON safe inside ``<script>``: no ``<``, ``>`` or ``&`` can end the element or open a comment."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return (
        text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    )


def figure(block: Block, tr: Translator) -> str:
    """The block's figure (call :func:`nardy_site.blocks.verify` first)."""
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
    return (
        f'<figure class="nardy-diagram" id="{block.id}" data-variant="{position.variant}">'
        f"{picture}"
        f"<figcaption>{html.escape(block.caption)}</figcaption>"
        f'<script type="application/json" class="nardy-data">{script_json(data(block, tr))}</script>'
        "</figure>"
    )
