"""A replay block's figure parts: the game's steps for the page's script, and the game as a file.

``nardy_site.figures.diagram.figure`` draws a replay block (``game: <name>``)
as a live board on the game's first step, with the steps the page's script
(assets/board/nardy-replay.js) walks through in a ``<script
type="application/json" class="nardy-replay-steps">`` inside the figure::

    {"variant": "short", "download": "short-game.mat",
     "steps": [{"kind": "play", "side": "black", "dice": [5, 1], "play": "24/23 13/8",
                "moves": [[1, 2, 1, false], [12, 17, 5, false]],
                "before": "nardy:short:b:...", "after": "nardy:short:w:...",
                "cube": [1, null], "taken": false, "title": "...", "desc": "..."}, ...],
     "end": {"position": "nardy:...", "result": {"winner", "kind", "points", ...},
             "title": "...", "desc": "..."}}

- ``before``: the position at the step's start (its side on roll), the board's
  example there; ``after`` (a play): the position the game's play leads to,
  which the script compares with the reader's play (``next_text`` of the
  engine's ``state`` answer);
- ``play``: the play as a reader sees it written, in the mover's own numbering
  (as the notes and the play page's scoresheet write it: Black's ``24/23 13/8``);
- ``moves``: the play's single moves (from, to, die, hit, White's numbering), drawn as arrows;
- ``title`` and ``desc``: the board's text alternative at that step in the
  page's language (``nardy_site.figures.describe``).

The game is also offered as a file next to the page (:func:`download`):
``<id>.mat`` (Jellyfish, short nardy) or ``<id>.txt`` (long nardy), from
``nardy_rules.matfile.export_text``.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from nardy_rules import to_text
from nardy_rules.matfile import export_text
from nardy_rules.reasons import N_

from ..page.games import Game, Step
from ..translations.i18n import BOARD, Translator
from .describe import describe

#: A step's title, one message per kind, side and answer (a colour is never a word put into a sentence).
TITLES = {
    ("cube", "white", True): N_("Turn {number}: White doubles to {value}; Black takes."),
    ("cube", "white", False): N_("Turn {number}: White doubles to {value}; Black passes."),
    ("cube", "black", True): N_("Turn {number}: Black doubles to {value}; White takes."),
    ("cube", "black", False): N_("Turn {number}: Black doubles to {value}; White passes."),
    # TRANSLATORS: {dice} is the roll as digits ("5-1").
    ("no-move", "white"): N_("Turn {number}: White, {dice}: no move."),
    ("no-move", "black"): N_("Turn {number}: Black, {dice}: no move."),
    # TRANSLATORS: {dice} is the roll as digits ("5-1"), {play} the play in notation ("1/2 12/17").
    ("play", "white"): N_("Turn {number}: White, {dice}: {play}."),
    ("play", "black"): N_("Turn {number}: Black, {dice}: {play}."),
    # TRANSLATORS: the title of a replayed game's board after its last turn.
    "end": N_("The end of the game."),
}


def step_title(step: Step, tr: Translator) -> str:
    """What a step shows, in a sentence: "Turn 5: Black, 5-1: 24/23 13/8." (the play in the mover's numbering)."""
    if step.kind == "cube":
        value = step.cube[0] if step.taken else step.cube[0] * 2
        return tr.gettext(TITLES["cube", step.side, step.taken]).format(number=step.number, value=value)
    dice = f"{max(step.dice)}-{min(step.dice)}"
    return tr.gettext(TITLES[step.kind, step.side]).format(number=step.number, dice=dice, play=step.own_notation)


def _move(move) -> list:
    return [move.start, move.end, move.die, bool(move.hit)]


def steps_json(game: Game, block_id: str, tr: Translator) -> dict:
    """The steps of the game for the page's script (see the module's docstring)."""
    steps = []
    for step in game.steps:
        shown = step.play.moves if step.play is not None else ()
        entry = {
            "kind": step.kind,
            "side": step.side,
            "dice": list(step.dice) if step.dice else None,
            "play": step.own_notation or None,
            "moves": [_move(m) for m in shown],
            "before": to_text(step.before),
            "after": to_text(step.play.result) if step.play is not None else None,
            "cube": [step.cube[0], step.cube[1]],
            "taken": step.taken,
            "title": step_title(step, tr),
            "desc": describe(step.before, step.dice, shown, (), tr, numbering=step.side),
        }
        steps.append(entry)
    final = game.steps[-1].after if game.steps else game.start
    result = game.result
    # The end: the board's own result message, with the points the cube made (the position alone knows no cube).
    said = tr.ngettext(*BOARD[f"result-{result.winner}-{result.kind}"], result.points).format(count=result.points)
    return {
        "variant": game.variant,
        "download": download(game, block_id)[0],
        "steps": steps,
        "end": {"position": to_text(final), "result": result.to_json(),
                "title": f"{tr.gettext(TITLES['end'])} {said}",
                "desc": describe(final, None, (), (), tr)},
    }


def download(game: Game, block_id: str) -> tuple[str, str]:
    """(file name, text) of the game as a file next to the page: ``<id>.mat`` or ``<id>.txt``."""
    exported = export_text(game.record)
    return f"{block_id}{exported['extension']}", exported["text"]


def write_files(blocks, site_dir, dest_uri: str) -> list[Path]:
    """Each replay block's game as a file next to the page (``dest_uri``: its ``.../index.html``)."""
    paths = []
    for block in blocks:
        if not block.is_game:
            continue
        name, text = download(block.game, block.id)
        folder = Path(site_dir) / posixpath.dirname(dest_uri)
        folder.mkdir(parents=True, exist_ok=True)
        paths.append(folder / name)
        paths[-1].write_text(text, encoding="utf-8")
    return paths
