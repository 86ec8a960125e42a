"""Structure of a translated page compared with its source-language page.

A translation keeps the source's skeleton so that links, the language switcher
and the doc tests work the same in every language: the same heading ids in
the same order, byte-identical diagram blocks (same ids, same bodies), the
same tables (kinds, rows, columns, and the same figures in every cell), and the
same link targets. :func:`differences` lists what differs, each with the line
of the translated page where it shows, first difference first.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .blocks import BlockError, find_blocks
from .tables import TableError, find_tables

HEADING = re.compile(r"^(#{1,6})\s.*?(?:\{\s*#(?P<id>[A-Za-z0-9_-]+)\s*\})?\s*$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
LINK = re.compile(r"\]\(\s*(?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")


@dataclass(frozen=True)
class Difference:
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.line}: {self.what}"


def _lines_outside_fences(text: str):
    fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        match = FENCE.match(line)
        if match:
            marker = match.group(1)
            if fence is None:
                fence = marker
            elif marker[0] == fence[0] and len(marker) >= len(fence) and not line.strip()[len(marker):].strip():
                fence = None
            continue
        if fence is None:
            yield number, line


def headings(text: str) -> list[tuple[int, int, str | None]]:
    """(line, level, id or None) of every heading outside code blocks."""
    out = []
    for number, line in _lines_outside_fences(text):
        match = HEADING.match(line)
        if match:
            out.append((number, len(match.group(1)), match.group("id")))
    return out


def links(text: str) -> list[tuple[int, str]]:
    """(line, target) of every Markdown link outside code blocks."""
    return [(number, m.group("target")) for number, line in _lines_outside_fences(text) for m in LINK.finditer(line)]


def _cell_figures(cell: str) -> list[int]:
    return sorted(int(n) for n in re.findall(r"\d+", cell))


def differences(text: str, source: str, path: str = "page", source_path: str = "source") -> list[Difference]:
    """What differs between a translated page and its source, in the order found."""
    found: list[Difference] = []

    mine, theirs = headings(text), headings(source)
    for i in range(max(len(mine), len(theirs))):
        a = mine[i] if i < len(mine) else None
        b = theirs[i] if i < len(theirs) else None
        if a is None:
            found.append(Difference(mine[-1][0] if mine else 1,
                                    f"heading {{ #{b[2]} }} of {source_path}:{b[0]} is missing"))
            break
        if b is None:
            found.append(Difference(a[0], f"heading {{ #{a[2]} }} is not in {source_path}"))
            break
        if a[2] is None:
            found.append(Difference(a[0], f"the heading has no {{ #id }}; {source_path}:{b[0]} has {{ #{b[2]} }}"))
            break
        if (a[1], a[2]) != (b[1], b[2]):
            found.append(Difference(a[0], f"heading {'#' * a[1]} {{ #{a[2]} }} where {source_path}:{b[0]} has "
                                          f"{'#' * b[1]} {{ #{b[2]} }}"))
            break

    try:
        mine_blocks, their_blocks = find_blocks(text, path), find_blocks(source, source_path)
    except BlockError as error:
        found.append(Difference(error.line, error.reason))
        mine_blocks, their_blocks = [], []
    for i in range(max(len(mine_blocks), len(their_blocks))):
        a = mine_blocks[i] if i < len(mine_blocks) else None
        b = their_blocks[i] if i < len(their_blocks) else None
        if a is None:
            found.append(Difference(mine_blocks[-1].line if mine_blocks else 1,
                                    f"diagram {b.id!r} of {source_path}:{b.line} is missing"))
            break
        if b is None:
            found.append(Difference(a.line, f"diagram {a.id!r} is not in {source_path}"))
            break
        if a.id != b.id:
            found.append(Difference(a.line, f"diagram {a.id!r} where {source_path}:{b.line} has {b.id!r}"))
            break
        if a.body != b.body:
            offset = next(k for k, (x, y) in enumerate(zip(a.body.splitlines() + [None], b.body.splitlines() + [None]))
                          if x != y)
            found.append(Difference(a.line + 1 + offset, f"the body of diagram {a.id!r} differs from "
                                                         f"{source_path}:{b.line + 1 + offset}; copy it unchanged"))

    try:
        mine_tables, their_tables = find_tables(text, path), find_tables(source, source_path)
    except TableError as error:
        found.append(Difference(error.line, error.reason))
        mine_tables, their_tables = [], []
    for i in range(max(len(mine_tables), len(their_tables))):
        a = mine_tables[i] if i < len(mine_tables) else None
        b = their_tables[i] if i < len(their_tables) else None
        if a is None or b is None or a.kind != b.kind:
            line = a.line if a else (mine_tables[-1].line if mine_tables else 1)
            found.append(Difference(line, f"table {a.kind if a else 'missing'!r} where {source_path} has "
                                          f"{b.kind if b else 'none'!r}"))
            break
        if len(a.header) != len(b.header) or len(a.rows) != len(b.rows):
            found.append(Difference(a.line, f"table {a.kind!r} has {len(a.rows)} rows of {len(a.header)} columns, "
                                            f"{source_path}:{b.line} has {len(b.rows)} of {len(b.header)}"))
            continue
        for (line, cells), (their_line, their_cells) in zip(a.rows, b.rows):
            if len(cells) != len(their_cells) or [_cell_figures(c) for c in cells] != [_cell_figures(c) for c in their_cells]:
                found.append(Difference(line, f"table {a.kind!r}: the figures of this row differ from "
                                              f"{source_path}:{their_line}"))
                break

    mine_links, their_links = links(text), links(source)
    if Counter(t for _, t in mine_links) != Counter(t for _, t in their_links):
        extra = Counter(t for _, t in mine_links) - Counter(t for _, t in their_links)
        missing = Counter(t for _, t in their_links) - Counter(t for _, t in mine_links)
        line = next((n for n, t in mine_links if t in extra), mine_links[-1][0] if mine_links else 1)
        found.append(Difference(line, f"link targets differ from {source_path}: "
                                      f"extra {sorted(extra) or 'none'}, missing {sorted(missing) or 'none'}"))
    return sorted(found, key=lambda d: d.line)


def compare_files(page: Path, source: Path, root: Path) -> list[Difference]:
    return differences(page.read_text(encoding="utf-8"), source.read_text(encoding="utf-8"),
                       str(page.relative_to(root)), str(source.relative_to(root)))
