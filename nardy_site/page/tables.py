"""Tables of figures: read as the reader sees them, checked against the engine.

A checked table has a marker comment on the line directly above it::

    <!-- nardy-table: hit-chances -->
    | Masofa, katak | 36 ta zardan | Ulushi |
    |---|---|---|
    | 1 | 11 | 31% |

The numbers are read out of the Markdown cells (whatever words surround them
in the page's language) and compared with what ``nardy_rules`` counts. The
kinds and their columns are listed in CONTRIBUTING.md. Every problem names
the file, the line of the row and the cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nardy_rules import LongPosition, NardyError, ShortPosition, legal_plays, parse_play
from nardy_rules.figures import (
    entering_chances,
    head_checkers_moved,
    hit_chances,
    new_points,
    percent,
    point_making_openings,
)
from nardy_rules.scoring import RESULT_KINDS, RESULT_POINTS

from .excerpt import bounded, excerpt
from .markdown_reader import Document, document

NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
ROLL = re.compile(r"(?<!\d)([1-6])-([1-6])(?!\d)")
NOTATION_TOKEN = re.compile(r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?", re.IGNORECASE)


class TableError(ValueError):
    def __init__(self, path: str, line: int, reason: str):
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


@dataclass
class Table:
    path: str
    kind: str
    line: int  # the marker's line (1-based)
    header: list[str]
    #: [(line, [cells])]
    rows: list[tuple[int, list[str]]] = field(default_factory=list)

    def error(self, line: int, reason: str) -> TableError:
        return TableError(self.path, line, f"table {self.kind!r}: {reason}")


def find_tables(page: str | Document, path: str) -> list[Table]:
    """Every marked table of a page (its text, or its :class:`Document`), outside code blocks.

    Raises :class:`TableError` for the first marker that is malformed, of an unknown kind, or not directly
    followed by a table.
    """
    tables = []
    for marked in document(page).tables:
        if marked.kind is None:
            raise TableError(path, marked.line, "write the marker as <!-- nardy-table: <kind> --> on a line of its own")
        if marked.kind not in CHECKS:
            raise TableError(path, marked.line, f"unknown table kind {excerpt(marked.kind)}; known: {', '.join(CHECKS)}")
        if marked.header is None:
            raise TableError(path, marked.line, f"the marker {marked.kind!r} must be directly followed by a Markdown table")
        tables.append(Table(path, marked.kind, marked.line, list(marked.header),
                            [(line, list(cells)) for line, cells in marked.rows]))
    return tables


#: A figure in a checked table has at most this many digits (the largest is 36, or a cube of 64 times 3).
DIGITS = 6


def numbers(table: Table, line: int, cell: str) -> list[int]:
    """The whole numbers written in a cell, in order; a TableError at ``line`` for one too long to be a figure."""
    found = re.findall(r"\d+", cell)
    for digits in found:
        if len(digits) > DIGITS:
            raise table.error(line, f"the cell {excerpt(cell)} holds a number of {len(digits)} digits; "
                                    f"a figure here has at most {DIGITS}")
    return [int(n) for n in found]


def _one_number(table: Table, line: int, cell: str, what: str) -> int:
    found = numbers(table, line, cell)
    if len(found) != 1:
        raise table.error(line, f"the {what} cell {excerpt(cell)} should hold one number")
    return found[0]


def _columns(table: Table, count: int) -> None:
    for line, cells in table.rows:
        if len(cells) != count:
            raise table.error(line, f"a row has {len(cells)} cells, the table has {count} columns")


# ---------------------------------------------------------------------- the checks


def check_short_setup(table: Table) -> None:
    _columns(table, 3)
    want = ShortPosition.start().checkers("white")
    seen = {}
    for line, cells in table.rows:
        point = _one_number(table, line, cells[0], "point")
        count = _one_number(table, line, cells[1], "checkers")
        if want.get(point) != count:
            raise table.error(line, f"White starts with {want.get(point, 0)} on point {point}, the table says {count}")
        seen[point] = count
    if seen != want:
        raise table.error(table.line, f"the table lists {sorted(seen)}, White starts on {sorted(want)}")


def check_hit_chances(table: Table) -> None:
    _columns(table, 3)
    counts = hit_chances()
    distances = []
    for line, cells in table.rows:
        distance = _one_number(table, line, cells[0], "distance")
        rolls = _one_number(table, line, cells[1], "rolls")
        share = _one_number(table, line, cells[2], "share")
        if distance not in counts:
            raise table.error(line, f"distance {distance} is not 1..12")
        if rolls != counts[distance]:
            raise table.error(line, f"a blot {distance} away is hit by {counts[distance]} rolls of 36, the table says {rolls}")
        if share != percent(rolls):
            raise table.error(line, f"{rolls} of 36 is {percent(rolls)}%, the table says {share}%")
        distances.append(distance)
    if distances != list(counts):
        raise table.error(table.line, f"the rows should be the distances 1..12 in order, got {distances}")


def check_entering_chances(table: Table) -> None:
    _columns(table, 2)
    counts = entering_chances()
    closed_seen = []
    for line, cells in table.rows:
        closed = _one_number(table, line, cells[0], "closed points")
        found = numbers(table, line, cells[1])
        if len(found) != 2 or 36 not in found:
            raise table.error(line, f"the cell {excerpt(cells[1])} should say how many of 36 rolls enter (two numbers, one 36)")
        rolls = found[0] if found[1] == 36 else found[1]
        if closed not in counts or rolls != counts[closed]:
            raise table.error(
                line, f"against {closed} closed points {counts.get(closed)} rolls of 36 enter, the table says {rolls}"
            )
        closed_seen.append(closed)
    if closed_seen != list(counts):
        raise table.error(table.line, f"the rows should be 0..6 closed points in order, got {closed_seen}")


def check_opening_points(table: Table) -> None:
    _columns(table, 3)
    start = ShortPosition.start()
    making = point_making_openings()
    rolls = []
    for line, cells in table.rows:
        roll_match = ROLL.search(cells[0])
        if not roll_match:
            raise table.error(line, f"the roll cell {excerpt(cells[0])} should read like 3-1")
        roll = tuple(sorted((int(roll_match.group(1)), int(roll_match.group(2))), reverse=True))
        try:
            play = parse_play(start, roll, cells[1])
        except (NardyError, ValueError) as error:
            raise table.error(line, f"{excerpt(cells[1])} with {roll[0]}-{roll[1]} from the start: "
                                    f"{bounded(str(error))}") from None
        made = new_points(start, play.result)
        point = _one_number(table, line, cells[2], "point")
        if made != [point]:
            raise table.error(line, f"{play.notation} makes point(s) {made}, the table says {point}")
        rolls.append(roll)
    if sorted(rolls) != sorted(making):
        raise table.error(
            table.line, f"the opening rolls that make a point are {sorted(making)}, the table lists {sorted(rolls)}"
        )


def _results(table: Table, variant: str) -> None:
    _columns(table, 3)
    kinds = RESULT_KINDS[variant]
    rows = [(line, _one_number(table, line, cells[2], "points")) for line, cells in table.rows]
    points = [value for _line, value in rows]
    want = [RESULT_POINTS[kind] for kind in kinds]
    if points != want:
        # Name the first row that is wrong; the marker's line when only rows are missing.
        line = next((row_line for (row_line, value), worth in zip(rows, want) if value != worth), table.line)
        raise table.error(line, f"{variant} nardy's results ({', '.join(kinds)}) are worth {want}, the table says {points}")


def check_short_results(table: Table) -> None:
    _results(table, "short")


def check_long_results(table: Table) -> None:
    _results(table, "long")


def check_cube_results(table: Table) -> None:
    _columns(table, 4)
    kinds = RESULT_KINDS["short"]
    cubes = []
    for line, cells in table.rows:
        cube = _one_number(table, line, cells[0], "cube")
        for kind, cell in zip(kinds, cells[1:]):
            value = _one_number(table, line, cell, kind)
            if value != cube * RESULT_POINTS[kind]:
                raise table.error(line, f"{kind} with the cube on {cube} is {cube * RESULT_POINTS[kind]}, the table says {value}")
        cubes.append(cube)
    if cubes != [2 ** i for i in range(7)]:
        raise table.error(table.line, f"the cube goes 1, 2, 4 ... 64; the table lists {cubes}")


def check_comparison(table: Table) -> None:
    _columns(table, 3)
    if len(table.rows) < 2:
        raise table.error(table.line, "the comparison needs the setup row first and the result row last")
    (line, setup), (last_line, result) = table.rows[0], table.rows[-1]
    stacks = list(ShortPosition.start().checkers("white").values())
    short, long = numbers(table, line, setup[1]), numbers(table, line, setup[2])
    if short != stacks:
        raise table.error(line, f"short nardy starts with stacks {stacks}, the table says {short}")
    if long != list(LongPosition.start().checkers("white").values()):
        raise table.error(line, f"long nardy starts with all 15 on the head, the table says {long}")
    for cell, variant in ((result[1], "short"), (result[2], "long")):
        want = [RESULT_POINTS[kind] for kind in RESULT_KINDS[variant]]
        have = numbers(table, last_line, cell)
        if have != want:
            raise table.error(last_line, f"{variant} nardy's results are worth {want}, the table says {have}")


def plays_in(cell: str) -> list[str]:
    """The plays written in a cell: runs of notation tokens, split by words ("yoki", "or", a comma)."""
    plays, current = [], []
    pos = 0
    for match in NOTATION_TOKEN.finditer(cell):
        between = cell[pos:match.start()]
        if current and between.strip():
            plays.append(" ".join(current))
            current = []
        current.append(match.group(0))
        pos = match.end()
    if current:
        plays.append(" ".join(current))
    return plays


def check_long_first_doubles(table: Table) -> None:
    _columns(table, 3)
    start = LongPosition.start()
    dice_seen = []
    for line, cells in table.rows:
        roll_match = ROLL.search(cells[0])
        if not roll_match or roll_match.group(1) != roll_match.group(2):
            raise table.error(line, f"the double cell {excerpt(cells[0])} should read like 3-3")
        die = int(roll_match.group(1))
        legal = legal_plays(start, (die, die))
        written = plays_in(cells[2])
        try:
            parsed = {parse_play(start, (die, die), text) for text in written}
        except (NardyError, ValueError) as error:
            raise table.error(line, f"{die}-{die}: {bounded(str(error))}") from None
        if parsed != set(legal) or len(written) != len(legal):
            raise table.error(line, f"the first moves with {die}-{die} are {', '.join(p.notation for p in legal)}; "
                                    f"the table says {bounded(', '.join(written)) or 'none'}")
        head = _one_number(table, line, cells[1], "checkers from the head")
        moved = {head_checkers_moved(p) for p in legal}
        if moved != {head}:
            raise table.error(line, f"{die}-{die} takes {sorted(moved)} checker(s) from the head, the table says {head}")
        dice_seen.append(die)
    if dice_seen != list(range(1, 7)):
        raise table.error(table.line, f"the rows should be 1-1 ... 6-6 in order, got {dice_seen}")


CHECKS = {
    "short-setup": check_short_setup,
    "opening-points": check_opening_points,
    "hit-chances": check_hit_chances,
    "entering-chances": check_entering_chances,
    "short-results": check_short_results,
    "cube-results": check_cube_results,
    "comparison": check_comparison,
    "long-first-doubles": check_long_first_doubles,
    "long-results": check_long_results,
}


def verify(table: Table) -> None:
    """Raise :class:`TableError` naming the first cell the engine contradicts."""
    CHECKS[table.kind](table)
