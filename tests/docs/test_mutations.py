"""The doc tests can fail: a one-cell typo or a changed move in a page is caught, with its line.

Each test takes a real page, changes one thing the way a careless edit would,
and runs the same checks the doc tests run.
"""

import pytest

from nardy_site.blocks import BlockError, find_blocks, verify as verify_block
from nardy_site.tables import TableError, find_tables, verify as verify_table

from .pages import ROOT, text

SHORT = ROOT / "docs" / "uz" / "short.md"
LONG = ROOT / "docs" / "uz" / "long.md"


def tables_of(markdown, kind):
    return [t for t in find_tables(markdown, "mutated.md") if t.kind == kind]


def mutate(path, old, new):
    original = text(path)
    assert original.count(old) == 1, f"{old!r} should occur once in {path.name}"
    return original.replace(old, new), original[: original.index(old)].count("\n") + 1


@pytest.mark.parametrize("old, new", [("| 3 | 14 | 39% |", "| 3 | 13 | 39% |"), ("| 3 | 14 | 39% |", "| 3 | 14 | 40% |"),
                                      ("| 12 | 3 | 8% |", "| 11 | 3 | 8% |")])
def test_one_number_in_the_hit_table(old, new):
    mutated, line = mutate(SHORT, old, new)
    (table,) = tables_of(mutated, "hit-chances")
    with pytest.raises(TableError) as caught:
        verify_table(table)
    assert caught.value.line in (line, table.line)


@pytest.mark.parametrize("old, new", [
    ("| 3-3 | 2 | 24/18 24/18 yoki 24/15 24/21 |", "| 3-3 | 2 | 24/18 24/18 yoki 24/15 24/20 |"),
    ("| 4-4 | 2 | 24/16 24/16 |", "| 4-4 | 2 | 24/16 24/12 |"),
    ("| 5-5 | 1 | 24/19/14/9/4 |", "| 5-5 | 1 | 24/19/14/9/3 |"),
    ("| 5-5 | 1 | 24/19/14/9/4 |", "| 5-5 | 2 | 24/19/14/9/4 |"),
])
def test_one_move_in_the_first_moves_table(old, new):
    mutated, line = mutate(LONG, old, new)
    (table,) = tables_of(mutated, "long-first-doubles")
    with pytest.raises(TableError) as caught:
        verify_table(table)
    assert caught.value.line == line


def test_a_changed_expectation_in_a_block():
    mutated, line = mutate(SHORT, "expect: pips 167 167", "expect: pips 167 168")
    block = next(b for b in find_blocks(mutated, "mutated.md") if b.id == "short-setup")
    with pytest.raises(BlockError) as caught:
        verify_block(block)
    assert caught.value.line == line


def test_a_changed_position_in_a_block():
    source = text(SHORT)
    block = next(b for b in find_blocks(source, "short.md") if b.id == "short-closed-point")
    # Take the two black checkers off point 8: the refused move becomes legal.
    position_line = next(line for line in block.body.splitlines() if line.startswith("position:"))
    changed = position_line.replace(",8x2", ",7x2")
    assert changed != position_line
    mutated = source.replace(position_line, changed)
    block = next(b for b in find_blocks(mutated, "mutated.md") if b.id == "short-closed-point")
    with pytest.raises(BlockError, match="allows it"):
        verify_block(block)
