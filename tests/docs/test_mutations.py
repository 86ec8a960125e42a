"""The doc tests can fail: a one-cell typo or a changed move in a page is caught, with its line.

Each test takes a real page, changes one thing the way a careless edit would,
and runs the same checks the doc tests run.
"""

import re

import pytest

from nardy_site.page.blocks import BlockError, find_blocks, read_blocks
from nardy_site.page.blocks import verify as verify_block
from nardy_site.page.tables import CHECKS, TableError, find_tables
from nardy_site.page.tables import verify as verify_table
from nardy_site.translations.languages import enabled

from .pages import ROOT, text

SHORT = ROOT / "docs" / "uz" / "short.md"
LONG = ROOT / "docs" / "uz" / "long.md"


def tables_of(markdown, kind):
    return [t for t in find_tables(markdown, "mutated.md") if t.kind == kind]


def mutate(path, old, new):
    original = text(path)
    assert original.count(old) == 1, f"{old!r} should occur once in {path.name}"
    return original.replace(old, new), original[: original.index(old)].count("\n") + 1


#: One careless edit per cell for every checked table kind: (page, row, column, text in the cell, typed instead).
#: Rows and columns count from 0 below the header; the same edit applies to every language, whose
#: tables keep the source's numbers and plays.
TYPOS = {
    "short-setup": [("short.md", 0, 1, "2", "3"), ("short.md", 2, 0, "8", "7")],
    "opening-points": [("short.md", 0, 0, "3-1", "3-2"), ("short.md", 1, 1, "8/4", "8/3"),
                       ("short.md", 3, 2, "7", "8")],
    "hit-chances": [("short.md", 2, 1, "14", "13"), ("short.md", 2, 2, "39", "40"), ("short.md", 11, 0, "12", "11")],
    "entering-chances": [("short.md", 1, 1, "35", "34"), ("short.md", 4, 0, "4", "5")],
    "short-results": [("short.md", 2, 2, "3", "4"), ("short.md", 1, 2, "2", "3"), ("short.md", 0, 2, "1", "2")],
    "cube-results": [("short.md", 5, 2, "64", "46"), ("short.md", 6, 3, "192", "182"), ("short.md", 4, 0, "16", "15"),
                     ("short.md", 1, 1, "2", "1")],
    "comparison": [("short.md", 0, 1, "3", "4"), ("short.md", 0, 2, "15", "14"), ("short.md", 4, 1, "3", "4"),
                   ("short.md", 4, 2, "2", "3")],
    "long-first-doubles": [("long.md", 2, 2, "24/21", "24/20"), ("long.md", 3, 2, "24/16 24/16", "24/16 24/12"),
                           ("long.md", 4, 2, "9/4", "9/3"), ("long.md", 4, 1, "1", "2")],
    "long-results": [("long.md", 1, 2, "2", "3"), ("long.md", 0, 2, "1", "2")],
}
TOKEN = r"(?<!\d){}(?!\d)"  # the text as a whole number, not inside a longer one


def with_typo(markdown, kind, row, column, old, new):
    """The page with one cell of the table ``kind`` changed, and that row's line (1-based)."""
    (marked,) = tables_of(markdown, kind)
    line, _cells = marked.rows[row]
    lines = markdown.splitlines(keepends=True)
    parts = lines[line - 1].split("|")  # parts[0] is what precedes the first "|"
    cell, count = re.subn(TOKEN.format(re.escape(old)), new, parts[column + 1])
    assert count == 1, f"{kind} row {row} column {column}: {old!r} should occur once in {parts[column + 1]!r}"
    parts[column + 1] = cell
    lines[line - 1] = "|".join(parts)
    return "".join(lines), line


def typo_params():
    return [pytest.param(lang.code, kind, *typo, id=f"{lang.code}-{kind}-{typo[1]}-{typo[2]}-{typo[3]}")
            for lang in enabled() for kind, typos in TYPOS.items() for typo in typos]


@pytest.mark.parametrize("code, kind, page, row, column, old, new", typo_params())
def test_a_one_cell_typo_fails_with_its_line(code, kind, page, row, column, old, new):
    path = ROOT / "docs" / code / page
    (real,) = tables_of(text(path), kind)
    verify_table(real)  # the page as it is passes
    mutated, line = with_typo(text(path), kind, row, column, old, new)
    (changed,) = tables_of(mutated, kind)
    with pytest.raises(TableError) as caught:
        verify_table(changed)
    assert caught.value.line == line, caught.value


def test_every_checked_kind_has_typo_tests():
    """A new kind of checked table cannot go without a test proving that its check fails."""
    assert set(TYPOS) == set(CHECKS)
    assert all(len(typos) >= 2 for typos in TYPOS.values())


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


@pytest.mark.parametrize(("old", "new", "says"), [
    # The wrong reason after the first move.
    ("refuse: 24/18 then 24/18 head-rule", "refuse: 24/18 then 24/18 six-block", "the engine says head-rule"),
    # Without the first move, the second checker may leave the head: the refusal is gone.
    ("refuse: 24/18 then 24/18 head-rule", "refuse: 24/18 head-rule", "allows it"),
    # A move before 'then' that is itself refused.
    ("refuse: 24/18 then 24/18 head-rule", "refuse: 24/13 then 24/18 head-rule", "before 'then', is refused"),
])
def test_a_changed_refusal_after_moves(old, new, says):
    mutated, line = mutate(LONG, old, new)
    block = next(b for b in find_blocks(mutated, "mutated.md") if b.id == "long-head-rule")
    with pytest.raises(BlockError, match=re.escape(says)) as caught:
        verify_block(block)
    assert caught.value.line == line


@pytest.mark.parametrize(("value", "says"), [
    ("then 24/18 head-rule", "write the moves played before 'then'"),
    ("24/18 then 24/18", "write refuse: <from>/<to> <reason-code> or <play> then"),
    ("24/x9 then 24/18 head-rule", "before 'then'"),
    ("24/18 then 24/99 head-rule", "point '99' is not a point"),
])
def test_a_malformed_refusal_after_moves_names_its_line(value, says):
    mutated, line = mutate(LONG, "refuse: 24/18 then 24/18 head-rule", f"refuse: {value}")
    _blocks, errors = read_blocks(mutated, "mutated.md")
    assert [e.line for e in errors] == [line]
    assert says in str(errors[0])
