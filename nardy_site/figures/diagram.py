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

Two kinds of block draw more:

- a **mistake** (``better: <play> than <play>``): the better play's arrows and
  the mistake's (dashed), ``data-show`` the better play's moves and
  ``data-mistake`` the mistake's (the board's two buttons play each), and the
  verdict under the caption (``nardy_site.figures.verdict``);
- a **replay** (``game: <name>``): class ``nardy-replay``, the board on the
  game's first step (its position, roll and play), the steps in a
  ``<script type="application/json">`` and a link to the game as a file
  (``nardy_site.figures.replay``).
"""

from __future__ import annotations

import html
import json

from nardy_rules import svg, to_text

from ..page.blocks import Block, better_plays, shown_turn, start_turn
from ..translations.i18n import UI, Translator
from . import replay
from .describe import describe
from .verdict import verdict_text


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


def _shown(block: Block) -> tuple:
    """The moves the block shows: its ``show``, a mistake block's better play, a replay's first play."""
    if block.is_game:
        first = block.game.steps[0]
        return first.play.moves if first.play is not None else ()
    if block.value("better") is not None:
        return better_plays(block)[0].moves
    return shown_turn(block).moves if block.dice else ()


def _example(block: Block) -> tuple:
    """(position, dice) of the board's example: a replay's first step."""
    if block.is_game:
        first = block.game.steps[0]
        return first.before, first.dice
    return block.position, block.dice


def shown_moves(block: Block) -> list[tuple]:
    """(start, end, die) of each single move the block shows, in the order they are played."""
    return [(move.start, move.end, move.die) for move in _shown(block)]


def _moves_attribute(moves) -> str:
    return ".".join(f"{move.start}-{move.end}-{move.die}" for move in moves)


def board_attributes(block: Block) -> dict[str, str]:
    """The figure's ``data-*`` attributes for its live board (see the module's docstring)."""
    position, dice = _example(block)
    out = {"data-position": to_text(position)}
    if dice:
        out["data-dice"] = "-".join(map(str, dice))
    shown = _shown(block)
    if shown:
        out["data-show"] = _moves_attribute(shown)
    if block.value("better") is not None:
        better, mistake, _verdict = better_plays(block)
        out["data-mistake"] = _moves_attribute(mistake.moves)
        out["data-better-play"], out["data-mistake-play"] = better.notation, mistake.notation
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
    position, dice = _example(block)
    shown = _shown(block)
    refused = refusals(block) if not block.is_game else []
    mistake, extra = (), ""
    if block.value("better") is not None:
        _better, mistaken, verdict = better_plays(block)
        mistake = mistaken.moves
        extra = f'<p class="nardy-verdict">{html.escape(verdict_text(verdict, tr))}</p>'
    picture = svg.board(
        position,
        arrows=shown,
        refused=[(start, end, refusal.code) for start, end, refusal in refused],
        mistake=mistake,
        dice=dice,
        title=block.caption,
        desc=describe(position, dice, shown, refused, tr),
        pip_label=tr.gettext(UI["pips"]),
        id_prefix=f"{block.id}--",
        style=False,
    )
    attributes = "".join(f' {name}="{html.escape(value)}"' for name, value in board_attributes(block).items())
    kind = "nardy-diagram"
    if block.is_game:
        kind += " nardy-replay"
        steps = replay.steps_json(block.game, block.id, tr)
        name = steps["download"]
        key = "download-mat" if name.endswith(".mat") else "download-txt"
        extra = (f'<script type="application/json" class="nardy-replay-steps">{script_json(steps)}</script>'
                 f'<p class="nardy-replay-file"><a href="{html.escape(name)}" download="{html.escape(name)}">'
                 f"{html.escape(tr.gettext(UI[key]))}</a></p>")
    return (
        f'<figure class="{kind}" id="{block.id}" data-variant="{position.variant}"{attributes}>'
        f"{picture}"
        f"<figcaption>{html.escape(block.caption)}</figcaption>"
        f"{extra}"
        "</figure>"
    )
