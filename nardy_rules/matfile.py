"""Matches as text: the Jellyfish ``.mat`` format (short nardy) and its long-nardy sibling.

**Short nardy: Jellyfish .mat**, the text that GNU Backgammon (``import mat``)
and eXtreme Gammon import, laid out as GNU Backgammon writes it::

    ; [Player 1 "Ali"]
    ; [Player 2 "Vali"]
    ; [Variation "Backgammon"]
    ; [Crawford "On"]
    ; [Jacoby "Off"]
    ; [CubeLimit "64"]

     5 point match

     Game 1
     Ali : 0                        Vali : 0
      1) 31: 8/5 6/5                 64: 24/18 13/9
      2) 52: 13/11 13/8               Doubles => 2
      3)  Takes                      66: 25/19 13/7 13/7 19/13
     ...
                                      Wins 2 points

- White is player 1, the left column; Black the right one. Each line holds
  one action per side, numbered; a line with only the result has no number.
- A play is ``<die><die>: <moves>`` (larger die first), one move per die in the order played,
  ``from/to`` in **the mover's own numbering** (1..24 towards its home, as the
  documents write White's moves; Black's point p is 25 - p), bar = 25, off =
  0, ``*`` after a hit. A roll that cannot be played is the dice alone.
- Cube actions: ``Doubles => <value>``, ``Takes``, ``Drops``. The game ends
  with ``Wins <n> point(s)`` in the winner's column; after a resignation that
  line is the only sign of it (GNU Backgammon reads it as a resignation worth
  n / cube). A declined (or pending) resignation leaves no trace, nor do the
  dice of a turn abandoned by resigning, except in a game ended by a
  resignation accepted before its first play: its opening dice are written
  alone, so that the game has begun for GNU Backgammon. Dice are written
  once: the opening dice of a resignation declined are those of the play
  that follows. Tied opening rolls are not written (the first play carries
  the opening dice).
- A length of 0 (a single game) is written ``0 point match``; the game in
  progress is written as far as its confirmed plays go.
- A match that starts at a score (record version 2, an imported file's) writes
  that score on its first game line, as such files do; a resignation by the
  side not on roll is its opponent's ``Wins n points`` like any other (the
  reader knows who resigned from who is on roll). The Crawford game is not
  written: a match starting with one side a point short reads back as
  GNU Backgammon reads it (the first game Crawford) unless that game has a
  double.
- Names: ``:`` and runs of spaces become one space; at most 31 bytes (GNU
  Backgammon's limit); default ``White`` and ``Black``.

**Long nardy: the same shape** (``.txt``), which this project documents and
reads back by eye, not a format other programs know: the first line is
``; [Variation "Long nardy"]``, then the same header, game and move lines
with each side in its own numbering (its head is 24, its home 1..6, off = 0:
White's moves read as the documents write them, Black's point p in White's
numbering is its own ((p + 11) mod 24) + 1), no bar and no cube
(``; [CubeLimit "1"]``), and ``Wins <n> point(s)``.
"""

from __future__ import annotations

from .errors import NardyError
from .game import MatchPlay
from .game_record import read_record
from .position import BAR, BLACK, COLORS, OFF, VARIANTS, WHITE

DEFAULT_NAMES = {WHITE: "White", BLACK: "Black"}
#: GNU Backgammon keeps names in 32 bytes with the terminating zero.
NAME_BYTES = 31
#: Width of the left column, after the 5 characters of the move number.
LEFT_WIDTH = 28


def export_text(record: object) -> dict:
    """The record as text in its game's format: ``{"format", "extension", "text"}``."""
    match = read_record(record)
    if match.variant == "short":
        return {"format": "jellyfish-mat", "extension": ".mat", "text": export_mat(record)}
    return {"format": "nardy-long-mat", "extension": ".txt", "text": export_long(record)}


def export_mat(record: object) -> str:
    """A short-nardy match record as a Jellyfish .mat text."""
    play = _replayed(record, "short")
    cube_limit = 1 if play.length == 1 else 64
    header = ['; [Variation "Backgammon"]', '; [Crawford "On"]', '; [Jacoby "Off"]',
              f'; [CubeLimit "{cube_limit}"]']
    return _write(play, header, first=[])


def export_long(record: object) -> str:
    """A long-nardy match record as the .mat-shaped text documented above."""
    play = _replayed(record, "long")
    return _write(play, ['; [CubeLimit "1"]'], first=['; [Variation "Long nardy"]'])


def _replayed(record: object, variant: str) -> MatchPlay:
    match = read_record(record)
    if match.start is not None:
        raise NardyError("a match from a set-up position cannot be exported: the format starts every game "
                         "from the usual start")
    if match.variant != variant:
        other = "export_long" if variant == "short" else "export_mat"
        raise NardyError(f"this is a {match.variant}-nardy record: use {other} (or export_text)")
    return MatchPlay.from_record(match)


def _write(play: MatchPlay, header: list[str], first: list[str]) -> str:
    state = play.state()
    names = {color: _name((state.players or DEFAULT_NAMES)[color]) for color in COLORS}
    lines = first + [f'; [Player {n} "{names[color]}"]' for n, color in ((1, WHITE), (2, BLACK))]
    lines += [*header, "", f" {state.length} point match", ""]
    own = VARIANTS[state.variant].start().to_own
    scores = dict(play.start_score or {WHITE: 0, BLACK: 0})  # a match written from a score starts there
    for number, entries in enumerate(state.scoresheet, 1):
        result = state.results[number - 1] if number <= len(state.results) else None
        cells = _cells(entries, own, state.variant == "short")
        if result is not None:
            cells.append((result.winner, f" Wins {result.points} point{'s' if result.points != 1 else ''}"))
        if not cells:
            continue  # a game not begun yet (no opening winner)
        lines.append(f" Game {number}")
        # The second name starts at column 32, after at least one space.
        lines.append(f" {names[WHITE]} : {scores[WHITE]} ".ljust(32) + f"{names[BLACK]} : {scores[BLACK]}")
        lines += _layout(cells, wins_last=result is not None)
        lines.append("")
        if result is not None:
            scores[result.winner] += result.points
    return "\n".join(lines) + "\n"


def _cells(entries, own, short: bool) -> list[tuple[str, str]]:
    """(side, text) of each written action of one game, in order."""
    cells = []
    opening = None  # the opening roll that decided who starts (short nardy: its dice are the first play's)
    for index, entry in enumerate(entries):
        kind = entry["kind"]
        if kind == "opening" and entry["first"] and short:
            opening = entry
        if kind in ("play", "cannot-move"):
            side = entry["side"]
            moves = " ".join(_move(side, move, own) for move in entry.get("moves", ()))
            high, low = sorted(entry["dice"], reverse=True)  # written larger die first, as Jellyfish does
            cells.append((side, f"{high}{low}: {moves}".rstrip()))
        elif kind == "double":
            cells.append((entry["side"], f" Doubles => {entry['value']}"))
        elif kind == "take":
            cells.append((entry["side"], " Takes"))
        elif kind == "pass":
            cells.append((entry["side"], " Drops"))
        elif kind == "resign" and not cells and _accepted(entries, index) and opening is not None:
            # Resigned with the opening dice in hand (by either side), and accepted: GNU Backgammon ignores a
            # result in a game that has not begun, so write the dice for the side that won the opening (an
            # opening roll has many plays: it records just the roll). Declined, the dice are written once,
            # with the play made with them. Long nardy's opening is not a roll of the game (not written).
            high, low = sorted(opening["dice"], reverse=True)
            cells.append((opening["first"], f"{high}{low}:"))
        # opening, other resignations, accept, decline: not written (see the module docstring)
    return cells


def _accepted(entries, index: int) -> bool:
    """Whether the resignation at ``entries[index]`` was accepted (the next entry; declined or pending: not)."""
    return index + 1 < len(entries) and entries[index + 1]["kind"] == "accept"


def _move(side: str, move: dict, own) -> str:
    start = 25 if move["from"] == BAR else own(side, move["from"])
    end = 0 if move["to"] == OFF else own(side, move["to"])
    return f"{start}/{end}{'*' if move['hit'] else ''}"


def _layout(cells: list[tuple[str, str]], wins_last: bool) -> list[str]:
    """Numbered lines, White's cell on the left and Black's on the right, in the order played."""
    rows: dict[int, list] = {}
    slot = 0  # even: the left cell of line slot // 2, odd: the right cell
    for side, text in cells:
        column = 0 if side == WHITE else 1
        if slot % 2 != column:
            slot += 1
        rows.setdefault(slot // 2, ["", ""])[column] = text
        slot += 1
    lines = []
    last = max(rows)
    for row in range(last + 1):
        left, right = rows.get(row, ["", ""])
        # The result alone on its line carries no move number.
        alone = wins_last and row == last and not (left and right)
        number = "     " if alone else f"{row + 1:3d}) "
        text = number + ((left + " ").ljust(LEFT_WIDTH) + right if right else left)
        lines.append(text.rstrip())
    return lines


def _name(name: str) -> str:
    """A player's name as the score line can hold it (see the module docstring)."""
    text = " ".join(name.replace(":", " ").replace('"', "'").split()) or "?"
    data = text.encode("utf-8")[:NAME_BYTES]
    return data.decode("utf-8", errors="ignore").strip() or "?"
