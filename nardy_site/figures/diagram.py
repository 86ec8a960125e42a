"""A verified diagram block as HTML: ``<figure>`` with the drawing as a file, its description and caption.

The figure (``id`` = the block's id)::

    <figure class="nardy-diagram" id="short-hit" data-variant="short"
            data-position="nardy:short:w:..." data-dice="5" data-show="13-8-5">
      <img class="nardy-drawing" src="nardy-figures/short-hit.svg" alt="<caption>"
           width="454" height="..." loading="lazy" decoding="async">
      <p class="nardy-about">        the drawing's long description, for screen readers (visually hidden)
      <figcaption>                   the caption, escaped as text
    </figure>

The drawing (nardy_rules.svg, with its own style rules and ids prefixed
"<id>--") is a file of its own, ``nardy-figures/<id>.svg`` next to the page
(:data:`FOLDER`, :func:`write_page`), shown by an ``<img>`` with its size: a
rules page holds some twenty boards, and inline they were about half of its
elements, which Material's first style and layout passes walk before the
reader sees anything (dev/benchmarks.md, "Rules pages on a phone"). An
``<img>`` is one element, laid out at its final size before its file comes,
drawn without JavaScript and in print; every figure but the page's first is
``loading="lazy"``. The live board fetches the same file and puts the
drawing in the image's place when the reader turns to it
(assets/board/nardy-board.js).

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
import posixpath
from pathlib import Path
from typing import NamedTuple

from nardy_rules import WHITE, svg, to_text

from ..page.blocks import Block, better_plays, shown_turn, start_turn
from ..translations.i18n import UI, Translator
from . import replay
from .describe import describe
from .verdict import verdict_text

#: The folder next to a page's ``index.html`` that holds its figures' drawings, ``<figure id>.svg``.
FOLDER = "nardy-figures"


class Figure(NamedTuple):
    """A block's figure: the page's HTML, and the drawing's file (the SVG's text) that it shows."""

    html: str
    drawing: str


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


def figure(block: Block, tr: Translator, *, lazy: bool = True) -> Figure:
    """The block's figure (call :func:`nardy_site.page.blocks.verify` first); ``lazy=False`` for the page's
    first, which may be in view as the page opens (a lazy image there is fetched only after the layout)."""
    position, dice = _example(block)
    shown = _shown(block)
    refused = refusals(block) if not block.is_game else []
    mistake, extra = (), ""
    if block.value("better") is not None:
        _better, mistaken, verdict = better_plays(block)
        mistake = mistaken.moves
        extra = f'<p class="nardy-verdict">{html.escape(verdict_text(verdict, tr))}</p>'
    # A replay's board numbers each turn from its mover's side (assets/board/nardy-replay.js), the first too.
    numbering = block.game.steps[0].side if block.is_game and block.game.steps else WHITE
    desc = describe(position, dice, shown, refused, tr, numbering)
    drawing = svg.board(
        position,
        arrows=shown,
        refused=[(start, end, refusal.code) for start, end, refusal in refused],
        mistake=mistake,
        dice=dice,
        title=block.caption,
        desc=desc,
        pip_label=tr.gettext(UI["pips"]),
        id_prefix=f"{block.id}--",
        style=True,  # a file of its own: the board's rules with their fallback colours
        numbering=numbering,
    )
    loading = ' loading="lazy"' if lazy else ""
    picture = (
        f'<img class="nardy-drawing" src="{FOLDER}/{html.escape(block.id)}.svg" alt="{html.escape(block.caption)}"'
        f' width="{svg.WIDTH}" height="{svg.HEIGHT}"{loading} decoding="async"/>'
        f'<p class="nardy-about">{html.escape(desc)}</p>'
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
    return Figure(
        f'<figure class="{kind}" id="{block.id}" data-variant="{position.variant}"{attributes}>'
        f"{picture}"
        f"<figcaption>{html.escape(block.caption)}</figcaption>"
        f"{extra}"
        "</figure>",
        drawing,
    )


def write_page(drawn: list[tuple[Block, Figure]], site_dir, dest_uri: str) -> list[Path]:
    """Write each figure's drawing into :data:`FOLDER` next to the page (``dest_uri``: its ``.../index.html``)."""
    if not drawn:
        return []
    folder = Path(site_dir) / posixpath.dirname(dest_uri) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for block, made in drawn:
        paths.append(folder / f"{block.id}.svg")
        paths[-1].write_text(made.drawing, encoding="utf-8")
    return paths
