"""Fuzzing the page formats: malformed diagram blocks and table cells end in a BlockError or TableError
naming the file and a line of the block or table, never in another exception.

Seeded and bounded (hypothesis ``derandomize``, a fixed number of examples), so they take seconds and
find the same cases on every run. Every key of the block format gets hostile values (out-of-range
points, huge numbers, words, punctuation), and every cell of every checked table kind.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_site.page.blocks import EXPECTATIONS, KEYS, BlockError, find_blocks, verify
from nardy_site.page.check import check_page, verified
from nardy_site.page.claims import KINDS
from nardy_site.page.tables import CHECKS, TableError, find_tables
from nardy_site.page.tables import verify as verify_table

from .pages import ROOT, text

SETTINGS = settings(derandomize=True, database=None, deadline=None, max_examples=150,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SOURCE_PAGES = [ROOT / "docs" / "uz" / "short.md", ROOT / "docs" / "uz" / "long.md"]
NAME = "fuzz.md"
#: An error names the problem and quotes a bounded excerpt: never the whole of a long value.
LONGEST_REASON = 600

# ---------------------------------------------------------------------- hostile values

HUGE = st.sampled_from(["9" * 5000, "1" + "0" * 40, "-1", "0", "25", "99", "007", "1e3", "1.5", "٣"])
POINT = st.one_of(st.integers(-3, 30).map(str), st.sampled_from(["bar", "off", "BAR", "", "x", "24*", "bar*"]), HUGE)
MOVE = st.builds(lambda a, b, star: f"{a}/{b}{star}", POINT, POINT, st.sampled_from(["", "*", "**", "(2)", "(9)"]))
WORD = st.one_of(
    POINT, MOVE, HUGE,
    st.sampled_from(["white", "black", "single", "mars", "koks", "|", "-", "6-5", "6-6", "7-1", "0-0", "65", "66",
                     "3", "nardy:short:w::", "#", '"', "<b>", "\t", ":"]),
    st.text(alphabet="0123456789/-*|,:x bar off white", max_size=12),
)
WORDS = st.lists(WORD, max_size=5).map(" ".join)
POSITION = st.one_of(
    WORDS,
    st.builds(lambda variant, turn, white, black: f"nardy:{variant}:{turn}:{white}:{black}",
              st.sampled_from(["short", "long", "medium", ""]), st.sampled_from(["w", "b", "x", ""]),
              st.lists(st.builds(lambda p, c: f"{p}x{c}", POINT, HUGE | st.integers(0, 20).map(str)), max_size=4)
              .map(",".join),
              st.sampled_from(["19x5,17x3,12x5,1x2", "12x15", "", "barx20", "offx15", "12x" + "9" * 5000])),
)
DICE = st.one_of(st.builds(lambda a, b: f"{a}-{b}", POINT, POINT), WORDS, HUGE)
EXPECT = st.builds(lambda kind, args: f"{kind} {args}".strip(),
                   st.sampled_from(EXPECTATIONS + ("bogus", "")), st.one_of(WORDS, st.lists(MOVE, max_size=3).map(" | ".join)))
REFUSE = st.builds(lambda move, code: f"{move} {code}".strip(), st.one_of(MOVE, WORDS),
                   st.sampled_from(["backwards", "no-checker", "point-closed", "no-such-die", "bogus", "", "x y"]))
PLAYS = st.one_of(WORDS, st.lists(MOVE, max_size=4).map(" ".join))
BETTER = st.one_of(st.builds(lambda a, b: f"{a} than {b}", PLAYS, PLAYS), WORDS,
                   st.sampled_from(["than", " than 13/8", "13/8 than", "13/8 than 13/8 than 8/5"]))
GAME = st.one_of(WORDS, HUGE, st.sampled_from(["short-first-game", "long-first-game", "../short", "Short", "-x", "x" * 65,
                                               "no-such-game", "short-first-game.json", ""]))
CLAIM_KEY = st.sampled_from(["at", "side", "block", "step", "where", "count", "points", "new", "from", "to", "goal",
                             "event", "percent", "dice", "move", "reason", "after", "mark", "loss", "result", "number",
                             "x", "", "=", "count="])
CLAIM = st.one_of(
    WORDS,
    st.builds(lambda kind, pairs: " ".join([kind, *pairs]),
              st.sampled_from(sorted(KINDS) + ["bogus", "", "Blots"]),
              st.lists(st.builds(lambda k, v: f"{k}={v}", CLAIM_KEY,
                                 st.one_of(WORD, st.sampled_from(['"8/3 8/7"', '"', "yes", "none"]))), max_size=4)),
)
VALUES = {"position": POSITION, "dice": DICE, "show": PLAYS, "refuse": REFUSE, "better": BETTER, "game": GAME,
          "expect": EXPECT, "claim": CLAIM}
assert set(VALUES) == set(KEYS), "every key of the block format is fuzzed"

# ---------------------------------------------------------------------- blocks


def source_blocks():
    return [block for path in SOURCE_PAGES for block in find_blocks(text(path), path.name)]


BLOCKS = source_blocks()


def block_markdown(block, body_lines: list[str], fence: str | None = None) -> str:
    """A page holding one block: a heading, the fence line, the body, the closing fence."""
    fence = fence if fence is not None else f'```nardy id="{block.id}" caption="{block.caption}"'
    return "\n".join(["# Fuzz", "", fence, *body_lines, "```", ""])


def assert_named(page: str, first: int, last: int):
    """Run the checks on ``page``; only a BlockError naming a line from ``first`` to ``last`` may come out."""
    try:
        for block in find_blocks(page, NAME):
            verify(block)
    except BlockError as error:
        assert error.path == NAME
        assert first <= error.line <= last, (error.line, str(error))
        assert len(error.reason) <= LONGEST_REASON, error.reason[:200]
        return error
    return None


@SETTINGS
@given(block=st.sampled_from(BLOCKS), key=st.sampled_from(KEYS), data=st.data(), replace=st.booleans())
def test_a_bad_value_of_any_key_is_named_by_its_line(block, key, data, replace):
    value = data.draw(VALUES[key], label=key)
    lines = block.body.splitlines()
    keyed = [i for i, line in enumerate(lines) if line.startswith(f"{key}:")]
    if keyed and (replace or key in ("position", "dice", "show", "better", "game")):
        lines[keyed[0]] = f"{key}: {value}"
    else:
        lines.append(f"{key}: {value}")
    page = block_markdown(block, lines)
    assert_named(page, 3, 3 + len(lines) + 1)


@SETTINGS
@given(block=st.sampled_from(BLOCKS), data=st.data())
def test_several_bad_lines_are_named(block, data):
    lines = block.body.splitlines()
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        key = data.draw(st.sampled_from(KEYS), label="key")
        value = data.draw(VALUES[key], label="value")
        index = data.draw(st.integers(0, len(lines)), label="where")
        lines.insert(index, f"{key}: {value}")
    assert_named(block_markdown(block, lines), 3, 3 + len(lines) + 1)


@SETTINGS
@given(block=st.sampled_from(BLOCKS), body=CLAIM, prose=CLAIM, broken=st.booleans())
def test_a_bad_claim_is_named_by_its_line(block, body, prose, broken):
    """A claim of any text, in a block's body and after a sentence: only problems naming a line of the page come
    out (``file:line: reason``), never another exception."""
    if any(c in body + prose for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029") or "-->" in prose:
        return
    lines = [*block.body.splitlines(), f"claim: {body}"]
    marker = f"<!-- claim: {prose}" + ("" if broken else " -->")
    page = block_markdown(block, lines) + f"\nThree checkers stand there.{marker}\n"
    last = page.count("\n")
    _holding, problems = verified(page, NAME)
    for problem in problems:
        line = re.match(rf"^{re.escape(NAME)}:(\d+): ", problem)
        assert line and 1 <= int(line.group(1)) <= last, problem
        assert "internal error" not in problem, problem
        assert len(problem) <= LONGEST_REASON + 200, problem[:200]


FENCE_VALUE = st.one_of(st.text(max_size=30), st.sampled_from(['"', '" id="', "x\" caption=\"", "<script>", "{", "}"]))


@SETTINGS
@given(block=st.sampled_from(BLOCKS), attribute=st.sampled_from(["id", "caption", "other"]), value=FENCE_VALUE)
def test_a_bad_fence_line_is_named(block, attribute, value):
    attrs = {"id": block.id, "caption": block.caption}
    attrs[attribute] = value
    fence = "```nardy " + " ".join(f'{k}="{v}"' for k, v in attrs.items())
    if "\n" in fence or "\r" in fence or "\x0b" in fence or "\x0c" in fence or "\x1c" in fence:
        return  # a line break ends the fence line: another page, not another fence
    page = block_markdown(block, block.body.splitlines(), fence)
    if assert_named(page, 3, 3 + len(block.body.splitlines()) + 1) is None:  # accepted: an id fit for HTML
        (found,) = find_blocks(page, NAME)
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", found.id) and found.caption.strip(), found


@SETTINGS
@given(line=st.one_of(st.text(max_size=40), st.builds(lambda k, v: f"{k}{v}", st.sampled_from(KEYS), st.text(max_size=20))))
def test_any_body_line_is_named(line):
    block = BLOCKS[0]
    if any(c in line for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
        return
    lines = block.body.splitlines() + [line]
    assert_named(block_markdown(block, lines), 3, 3 + len(lines) + 1)


# ---------------------------------------------------------------------- tables


def source_tables():
    return {table.kind: table for path in SOURCE_PAGES for table in find_tables(text(path), path.name)}


TABLES = source_tables()
CELL = st.one_of(
    WORDS, HUGE,
    st.builds(lambda words, number: f"{words} {number}".strip(), WORDS, HUGE),
    st.text(max_size=20).map(lambda s: s.replace("\n", " ").replace("\r", " ")),
    st.sampled_from(["", "36", "36 36", "1 36 2", "3-3", "6-6", "24/18(2)", "24/18 yoki 24/15", "8/5 6/5", "100%"]),
)


def table_markdown(table, rows: list[list[str]]) -> str:
    lines = ["# Fuzz", "", f"<!-- nardy-table: {table.kind} -->", "| " + " | ".join(table.header) + " |",
             "|" + "---|" * len(table.header)]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return "\n".join(lines + [""])


def assert_table_named(page: str, rows: int):
    """Only a TableError naming the marker's line or a row's may come out."""
    try:
        for table in find_tables(page, NAME):
            verify_table(table)
    except TableError as error:
        assert error.path == NAME
        assert 3 <= error.line <= 5 + rows, (error.line, str(error))
        assert len(error.reason) <= LONGEST_REASON, error.reason[:200]
        return error
    return None


def test_every_table_kind_is_fuzzed():
    assert set(TABLES) == set(CHECKS)


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_a_bad_cell_of_every_table_kind_is_named_by_its_line(kind):
    table = TABLES[kind]

    @settings(SETTINGS, max_examples=60)
    @given(data=st.data())
    def one_bad_cell(data):
        rows = [list(cells) for _line, cells in table.rows]
        for _ in range(data.draw(st.integers(1, 2), label="cells")):
            row = data.draw(st.integers(0, len(rows) - 1), label="row")
            column = data.draw(st.integers(0, len(rows[row]) - 1), label="column")
            rows[row][column] = data.draw(CELL, label="cell")
        error = assert_table_named(table_markdown(table, rows), len(rows))
        if error is not None and "|" not in "".join(cell for row in rows for cell in row):
            assert error.line in [3] + [6 + i for i in range(len(rows))]

    one_bad_cell()


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_rows_added_or_dropped_are_named(kind):
    table = TABLES[kind]

    @settings(SETTINGS, max_examples=25)
    @given(drop=st.integers(0, len(table.rows)), extra=st.lists(st.lists(CELL, min_size=0, max_size=5), max_size=2))
    def changed_rows(drop, extra):
        rows = [list(cells) for _line, cells in table.rows][drop:] + extra
        assert_table_named(table_markdown(table, rows), len(rows))

    changed_rows()


# ---------------------------------------------------------------------- hostile values, one of each kind


REPRODUCERS = ["refuse: 24/99 backwards", "refuse: 0/5 no-checker", "expect: pips a b", "expect: lost x"]


def reproducer_page() -> tuple[str, dict[str, int]]:
    """A page with each reproducer in a block of its own, and a hit-chances cell of 5,000 digits."""
    block = next(b for b in BLOCKS if b.dice and len(b.dice) == 2 and not b.values("refuse"))
    lines, where = ["# Hostile values", ""], {}
    for number, bad in enumerate(REPRODUCERS):
        lines += [f'```nardy id="bad-{number}" caption="c"', *block.body.splitlines()]
        where[bad] = len(lines) + 1
        lines += [bad, "```", ""]
    table = TABLES["hit-chances"]
    lines += [f"<!-- nardy-table: {table.kind} -->", "| " + " | ".join(table.header) + " |", "|---|---|---|"]
    where["table"] = len(lines) + 1
    lines += ["| 1 | " + "9" * 5000 + " | 31% |"]
    lines += ["| " + " | ".join(cells) + " |" for _line, cells in table.rows[1:]] + [""]
    return "\n".join(lines), where


def test_the_reproducers_are_named_by_line():
    page, where = reproducer_page()
    ok, problems = check_page(page, NAME)
    assert not ok
    for bad in REPRODUCERS:
        assert any(p.startswith(f"{NAME}:{where[bad]}: diagram 'bad-") for p in problems), (bad, problems)
    assert any(p.startswith(f"{NAME}:{where['table']}: table 'hit-chances': ") and "5000 digits" in p
               for p in problems), problems
    assert not any("internal error" in p for p in problems), problems
    assert all(len(p) < LONGEST_REASON for p in problems)


def test_the_check_command_names_file_and_line_never_a_traceback(tmp_path):
    page, where = reproducer_page()
    path = tmp_path / "hostile.md"
    path.write_text(page, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "nardy_site.check", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    for line in [*[where[bad] for bad in REPRODUCERS], where["table"]]:
        assert re.search(rf"^{re.escape(str(path))}:{line}: ", done.stdout, re.M), (line, done.stdout[-2000:])


def test_the_check_command_passes_on_the_pages():
    done = subprocess.run([sys.executable, "-m", "nardy_site.check"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert done.stdout.count("ok   ") == sum(len(find_blocks(text(p), p.name)) for p in sorted((ROOT / "docs").glob("*/*.md")))
