"""Structure of a translated page against its source-language page: the parts every language shares.

A translation keeps the source's skeleton so that links, the language switcher
and the doc tests work the same in every language: headings with their
``{ #id }`` (in order), ```nardy blocks (ids in order, bodies byte for byte),
``<!-- nardy-table: ... -->`` tables (in order, with the same figures in every
row), ``<!-- nardy-game: ... -->`` notes on a replayed game (as many items, each
with the same figures in its lead and the same play), ``<!-- claim: ... -->``
markers (the same claims in the same order: ``nardy_site.page.claims``) and link
targets (the same set, each as often). :func:`compare` names
each difference as ``file:line: what``, in the order of the translated page's
lines (``scripts/i18n check`` shows the first; the tests show all).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..paths import display
from .blocks import BlockError, find_blocks
from .excerpt import excerpt
from .game_notes import NotesError, find_notes, lead_of
from .markdown_reader import Document, document, read_file
from .tables import TableError, find_tables


@dataclass(frozen=True)
class Item:
    key: str
    line: int


@dataclass
class Outline:
    path: str
    headings: list[Item]  # key: the id ("" for a heading without one)
    blocks: list          # nardy_site.page.blocks.Block
    markers: list[Item]
    links: list[Item]
    lines: int
    tables: list = ()      # nardy_site.page.tables.Table
    notes: list = ()       # nardy_site.page.markdown_reader.MarkedNotes
    claims: list = ()      # Item: a claim marker's text ("" for a malformed one)


class StructureError(ValueError):
    """A page whose blocks or tables cannot even be read."""


def outline_text(page: str | Document, name: str) -> Outline:
    """The parts of a page (its text, or its :class:`Document`) every language shares."""
    page = document(page)
    headings = [Item(heading.id or "", heading.line) for heading in page.headings]
    links = [Item(link.target, link.line) for link in page.links]
    try:
        blocks = find_blocks(page, name)
    except BlockError as error:
        raise StructureError(f"{error.path}:{error.line}: {error.reason}") from None
    try:
        tables = find_tables(page, name)
    except TableError as error:
        raise StructureError(f"{error.path}:{error.line}: {error.reason}") from None
    markers = [Item(table.kind, table.line) for table in tables]
    try:
        notes = find_notes(page, name)
    except NotesError as error:
        raise StructureError(f"{error.path}:{error.line}: {error.reason}") from None
    claims = [Item(" ".join(marker.body.split()) if marker.body is not None else "", marker.line)
              for marker in page.claims]
    return Outline(name, headings, blocks, markers, links, len(page.lines), tables, notes, claims)


def _keys(items: list[Item], most: int = 3) -> str:
    """The keys of ``items`` for a message, each quoted bounded, at most ``most`` of them."""
    if not items:
        return "nothing"
    shown = ", ".join(excerpt(item.key) for item in items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def _sequence(kind: str, source: Outline, have: Outline, mine: list[Item], theirs: list[Item]) -> list[str]:
    """Differences of two ordered lists of items, each named at a line of the translation."""
    problems = []
    a = [item.key for item in theirs]
    b = [item.key for item in mine]
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        where = mine[j1].line if j1 < len(mine) else (mine[-1].line if mine else 1)
        if tag in ("replace", "insert"):
            for item in mine[j1:j2]:
                expected = _keys(theirs[i1:i2])
                problems.append(f"{have.path}:{item.line}: {kind} {excerpt(item.key)} where {source.path} has {expected}")
        if tag == "delete":
            for item in theirs[i1:i2]:
                problems.append(f"{have.path}:{where}: {kind} {excerpt(item.key)} of {source.path}:{item.line} is missing")
    return problems


def compare(source_path: Path, path: Path) -> list[str]:
    """Every difference of the translated page ``path`` from ``source_path``, as ``file:line: what``."""
    return compare_texts(read_file(source_path), read_file(path), display(source_path), display(path))


def compare_texts(source: str | Document, text: str | Document, source_name: str = "source",
                  name: str = "page") -> list[str]:
    """:func:`compare` of two pages given as text or as Documents, named ``source_name`` and ``name``."""
    try:
        return differences(outline_text(source, source_name), outline_text(text, name))
    except StructureError as error:
        return [str(error)]


def _figures(cell: str) -> list[str]:
    """The figures of a cell as written (digits, without leading zeros), in any order.

    Compared as text, not as numbers: a cell of a translation may hold any run of digits."""
    return sorted(n.lstrip("0") or "0" for n in re.findall(r"\d+", cell))


def line_of(problem: str) -> int:
    """The line a problem names (``file:line: what``)."""
    match = re.match(r"^.*?:(\d+): ", problem)
    return int(match.group(1)) if match else 0


def _lead_figures(text: str) -> tuple:
    """What every language's note on a step shares: the digits of its lead and its play as written."""
    found = lead_of(text)
    if found is None:
        return (None,)
    lead, play = found
    return (_figures(lead), play.strip() if play else None)


def _notes_differences(source: Outline, have: Outline) -> list[str]:
    """The notes on replayed games: the same lists, as many items, each with the source's figures and play."""
    problems = _sequence("game notes", source, have, [Item(n.target, n.line) for n in have.notes],
                         [Item(n.target, n.line) for n in source.notes])
    for mine, theirs in zip(have.notes, source.notes):
        if mine.target != theirs.target:
            continue  # named by the sequence above
        if len(mine.items) != len(theirs.items):
            problems.append(f"{have.path}:{mine.line}: game notes {excerpt(mine.target)} have {len(mine.items)} items, "
                            f"{source.path}:{theirs.line} has {len(theirs.items)}")
            continue
        for (line, _n, text), (their_line, _m, their_text) in zip(mine.items, theirs.items):
            if _lead_figures(text) != _lead_figures(their_text):
                problems.append(f"{have.path}:{line}: game notes {excerpt(mine.target)}: the lead's figures or the play "
                                f"differ from {source.path}:{their_line}")
    return problems


def differences(source: Outline, have: Outline) -> list[str]:
    problems = []
    for item in have.headings:
        if not item.key:
            problems.append(f"{have.path}:{item.line}: heading without an {{ #id }}")
    problems += _sequence("heading id", source, have,
                          [h for h in have.headings if h.key], [h for h in source.headings if h.key])
    mine = [Item(block.id, block.line) for block in have.blocks]
    theirs = [Item(block.id, block.line) for block in source.blocks]
    problems += _sequence("diagram", source, have, mine, theirs)
    bodies = {block.id: block for block in source.blocks}
    for block in have.blocks:
        original = bodies.get(block.id)
        if original is None or original.body == block.body:
            continue
        a, b = original.body.splitlines(), block.body.splitlines()
        index = next((k for k in range(max(len(a), len(b))) if k >= len(a) or k >= len(b) or a[k] != b[k]), 0)
        line = block.line + 1 + min(index, len(b))
        got = b[index] if index < len(b) else "(end of block)"
        want = a[index] if index < len(a) else "(end of block)"
        problems.append(
            f"{have.path}:{line}: diagram {excerpt(block.id)}: body differs from {source.path}:{original.line + 1 + index}: "
            f"{excerpt(got)} instead of {excerpt(want)} (copy the body unchanged)"
        )
    problems += _sequence("table marker", source, have, have.markers, source.markers)
    for mine, theirs in zip(have.tables, source.tables):
        if mine.kind != theirs.kind:
            continue  # named by the marker sequence above
        if len(mine.header) != len(theirs.header) or len(mine.rows) != len(theirs.rows):
            problems.append(f"{have.path}:{mine.line}: table {excerpt(mine.kind)} has {len(mine.rows)} rows of "
                            f"{len(mine.header)} columns, {source.path}:{theirs.line} has {len(theirs.rows)} of "
                            f"{len(theirs.header)}")
            continue
        for (line, cells), (their_line, their_cells) in zip(mine.rows, theirs.rows):
            if [_figures(c) for c in cells] != [_figures(c) for c in their_cells]:
                problems.append(f"{have.path}:{line}: table {excerpt(mine.kind)}: the figures of this row differ from "
                                f"{source.path}:{their_line}")
    problems += _notes_differences(source, have)
    problems += _sequence("claim", source, have, list(have.claims), list(source.claims))
    want, got = Counter(i.key for i in source.links), Counter(i.key for i in have.links)
    for target in sorted(got - want):
        line = next(i.line for i in have.links if i.key == target)
        problems.append(f"{have.path}:{line}: link to {excerpt(target)}, which {source.path} does not have (as often)")
    # A missing target is named where the page has a link the source lacks (most likely the
    # same link, changed), else at the top of the page.
    changed_at = min((i.line for i in have.links if i.key in (got - want)), default=1)
    for target in sorted(want - got):
        line = next(i.line for i in source.links if i.key == target)
        problems.append(f"{have.path}:{changed_at}: link to {excerpt(target)} of {source.path}:{line} is missing")
    return sorted(problems, key=line_of)
