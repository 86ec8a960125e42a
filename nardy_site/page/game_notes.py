"""The notes on a replayed game: one numbered item per step, each checked against the game.

After a replay block (``game: <name>``, ``nardy_site.page.blocks``) comes a
marker and a numbered list, one item per step of the game
(``nardy_site.page.games``)::

    <!-- nardy-game: short-game -->
    1. **Qoralar, 5-1:** `24/23 13/8`. Qoralar birinchi yuradi ...
    2. **Oqlar, 6-3:** `24/15`. ...
    9. **Oqlar, 5-1:** yurish yoʻq: ...
    5. **Qoralar ikkilantiradi, oqlar qabul qiladi: kub 2.** ...

Each item begins with a bold lead in the page's language, then, for a
played turn, the play in a code span. What is checked, in every language:

- the items are numbered 1, 2, 3 ... and there are as many as steps;
- a played turn's lead holds its roll (``5-1``, the two dice in any order) and
  the code span its play in the mover's own numbering, as players, the play
  page's scoresheet and GNU Backgammon write it (any notation of the same play:
  the same position after it; Black's ``24/23 13/8`` is ``1/2 12/17`` in
  White's numbering);
- a turn that cannot be played: its roll in the lead and no play;
- a double: the cube's value after it, the lead's only number, and no play;
- the item of the step where a rule first applies (``games.first_events``)
  links that rule's section of the rules page (``games.SECTIONS``).

Problems are :class:`NotesError` ``file:line: reason``, at the item's line.
"""

from __future__ import annotations

import re

from nardy_rules import NardyError, parse_play

from .excerpt import bounded, excerpt
from .games import SECTIONS, Game, first_events
from .markdown_reader import Document, LineError, MarkedNotes, document

ROLL = re.compile(r"(?<!\d)([1-6])-([1-6])(?!\d)")
#: The bold lead at an item's start, then an optional code span right after it.
LEAD = re.compile(r"^\*\*(?P<lead>.+?)\*\*\s*(?:`(?P<play>[^`]+)`)?")
LINK = re.compile(r"\]\(\s*<?(?P<target>[^)\s>]+)>?\s*\)")


class NotesError(LineError):
    """Notes on a game that are malformed or that the game contradicts."""


def find_notes(page: str | Document, path: str) -> list[MarkedNotes]:
    """Every game-notes list of a page; NotesError for the first malformed marker or a marker without a list."""
    out = []
    for notes in document(page).notes:
        if notes.target is None:
            raise NotesError(path, notes.line, "write the marker as <!-- nardy-game: <replay block id> --> "
                                               "on a line of its own")
        if not notes.items:
            raise NotesError(path, notes.line, f"the marker {notes.target!r} must be directly followed by a "
                                               "numbered list, one item per step of the game")
        out.append(notes)
    return out


def lead_of(text: str) -> tuple[str, str | None] | None:
    """(the bold lead, the play in the code span after it, or None), or None when the item has no lead."""
    match = LEAD.match(text)
    if match is None:
        return None
    return match.group("lead"), match.group("play")


def verify_notes(notes: MarkedNotes, game: Game, path: str) -> None:
    """Raise :class:`NotesError` at the first item the game contradicts (see the module's docstring)."""
    steps = game.steps
    for index, (line, number, _text) in enumerate(notes.items, 1):
        if number != index:
            raise NotesError(path, line, f"game notes {notes.target!r}: item {index} is numbered {number}; "
                                         "number the items 1, 2, 3 ...")
    if len(notes.items) != len(steps):
        line = notes.items[-1][0] if len(notes.items) > len(steps) else notes.line
        raise NotesError(path, line, f"game notes {notes.target!r}: {len(notes.items)} items, the game has "
                                     f"{len(steps)} steps (one item per step)")
    for (line, _number, text), step in zip(notes.items, steps):
        problem = _item_problem(text, step)
        if problem:
            raise NotesError(path, line, f"game notes {notes.target!r}, step {step.number}: {problem}")
    sections = SECTIONS[game.variant]
    for event, number in first_events(game).items():
        line, _number, text = notes.items[number - 1]
        targets = {match.group("target") for match in LINK.finditer(text)}
        if not targets & set(sections[event]):
            raise NotesError(path, line, f"game notes {notes.target!r}, step {number}: the rule of "
                                         f"{' or '.join(sections[event])} ({event}) first applies here; "
                                         "link its section")


def _item_problem(text: str, step) -> str | None:
    found = lead_of(text)
    if found is None:
        return f"an item begins with its lead in bold (**...**), not {excerpt(text)}"
    lead, play = found
    rolls = ROLL.findall(lead)
    if step.kind == "cube":
        numbers = [int(n) for n in re.findall(r"\d+", lead)]
        if play is not None or numbers != [step.cube[0]]:
            return (f"a double: the lead holds the cube's value after it, {step.cube[0]}, as its only number, "
                    f"and no play; it holds {excerpt(lead)}" + (f" and {excerpt(play)}" if play else ""))
        return None
    if len(rolls) != 1 or sorted(int(d) for d in rolls[0]) != sorted(step.dice):
        return f"the lead should hold the roll {step.dice[0]}-{step.dice[1]}, not {excerpt(lead)}"
    if step.kind == "no-move":
        if play is not None:
            return f"nothing can be played with {step.dice[0]}-{step.dice[1]}, but the item writes {excerpt(play)}"
        return None
    if play is None:
        return f"write the play after the lead as code: `{step.notation}`"
    try:
        written = parse_play(step.before, step.dice, play, own=True)
    except (NardyError, ValueError) as error:
        return (f"{excerpt(play)} is not a legal play here in {step.side}'s own numbering: "
                f"{bounded(str(error))}")
    if written.result != step.play.result:
        return (f"the game played {step.play.own_notation} ({step.side}'s own numbering), the item writes "
                f"{excerpt(play)}")
    return None
