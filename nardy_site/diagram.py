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

from .blocks import Block, shown_turn, start_turn
from .describe import describe
from .i18n import UI, Translator


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


def _compact(move) -> list:
    """A move as ``[from, to, die]`` (``"bar"`` / ``"off"`` as words): the live boards' form."""
    return [move.start, move.end, move.die]


def turn_graph(position: Position, dice: tuple[int, ...] | None) -> list[list[list]] | None:
    """Every legal order of the single moves of the turn, as a graph of its states.

    State 0 is the turn's start; each state lists its legal single moves as
    ``[from, to, die, next state]``; a state without moves ends the turn (a
    complete play). Every path from state 0 to such an end is a legal play as
    the list of its single moves, in an order the engine accepts, and every
    such order is a path: the board accepts exactly the moves the engine
    accepts (``Turn.legal_moves``), in any order, without the engine. Orders
    that meet in the same position with the same dice left share a state.
    None without dice.

    Why not one move list per play, matched as a multiset: which single moves
    the engine accepts depends on their order (bearing off once all are home,
    the higher checker, the head rule, the six-block rule), so a prefix of some
    play in another order is not always legal; on the long-nardy six-block
    diagrams such matching accepted moves the engine refuses. The graph is
    exact, and small (about 15 KB for every diagram of both pages).
    """
    if not dice:
        return None
    states: list = []
    index: dict = {}

    def visit(turn: Turn) -> int:
        key = (turn.position, turn.remaining)
        if key in index:
            return index[key]
        number = index[key] = len(states)
        states.append(None)
        edges = []
        for move in turn.legal_moves():
            after = turn.copy()
            after.move(move.start, move.end, move.die)
            edges.append([*_compact(move), visit(after)])
        states[number] = edges
        return number

    visit(Turn(position, dice))
    return states


def play_notations(position: Position, dice: tuple[int, ...] | None) -> list[str] | None:
    """The legal plays for the dice in notation (one per resulting position), sorted; None without dice."""
    if not dice:
        return None
    if len(dice) == 1:
        return sorted(move.notation for move in Turn(position, dice).legal_moves())
    return sorted(play.notation for play in legal_plays(position, dice))


def data(block: Block, tr: Translator) -> dict:
    """What the live boards need: JSON-ready, compact (every page holds many boards).

    ``id``; ``text``, the position in the compact text form (the board reads
    it); ``dice`` (list or null); ``show``, the moves drawn, in order, each
    ``[from, to, die]``; ``refuse``, the refused moves drawn (``{"from", "to",
    "reason", "params", "message"}``, the message in the page's language);
    ``turn``, the legal plays for ``dice`` as a graph of single moves
    (:func:`turn_graph`); ``plays``, the same plays in notation
    (:func:`play_notations`). The board geometry is not repeated here: the
    board script has it once per site (``assets/nardy-layout.js``).
    """
    position = block.position
    dice = block.dice
    shown = shown_turn(block).moves if dice else ()
    return {
        "id": block.id,
        "text": to_text(position),
        "dice": list(dice) if dice else None,
        "show": [_compact(move) for move in shown],
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
        "turn": turn_graph(position, dice),
        "plays": play_notations(position, dice),
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
