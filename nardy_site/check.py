"""Check pages without building: ``python -m nardy_site.check docs/uz/short.md ...``

Without arguments, every page of ``docs/``. Prints ``ok   file:line id`` for
each diagram block that holds, ``file:line: reason`` for each problem (a
malformed block or table, or one the engine contradicts; front matter that
does not read, or a translation's ``translation`` block missing or bad, as
``scripts/i18n check`` says it; a file that is not UTF-8 text), and exits 1
if there is any: never a traceback, whatever the page holds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import translation
from .blocks import Block, BlockError, read_blocks, verify
from .excerpt import bounded
from .languages import get, source
from .markdown_reader import Document, PageError, document, read_file, shown_name
from .paths import ROOT
from .tables import TableError, find_tables
from .tables import verify as verify_table


def internal(path: str, line: int, error: Exception) -> str:
    """A problem the checks did not foresee, still named by file and line (and worth a bug report)."""
    return f"{path}:{line}: internal error of the checks ({type(error).__name__}: {bounded(str(error))}); please report it"


def verified(page: str | Document, name: str) -> tuple[list[Block], list[str]]:
    """The diagram blocks of a page that hold, and every problem of its tables and blocks (``file:line: reason``).

    What the build and this command both run on a page (its text, or its Document).
    """
    page = document(page)
    problems = []
    try:
        tables = find_tables(page, name)
    except TableError as error:
        problems.append(str(error))
        tables = []
    for table in tables:
        try:
            verify_table(table)
        except TableError as error:
            problems.append(str(error))
        except Exception as error:
            problems.append(internal(name, table.line, error))
    blocks, malformed = read_blocks(page, name)
    problems += [str(error) for error in malformed]
    holding = []
    for block in blocks:
        try:
            verify(block)
            holding.append(block)
        except BlockError as error:
            problems.append(str(error))
        except Exception as error:
            problems.append(internal(name, block.line, error))
    return holding, problems


def check_page(text: str | Document, name: str) -> tuple[list[str], list[str]]:
    """(the ``ok`` lines, the problems as ``file:line: reason``) of one page."""
    holding, problems = verified(text, name)
    return [f"ok   {name}:{block.line} {block.id}" for block in holding], problems


def front_matter_problems(page: Document, path: Path, name: str) -> list[str]:
    """The check of a page's front matter (``nardy_site.translation.problems``), as ``file:line: reason``.

    A page of ``docs/<lang>/`` of a language other than the source, named as a
    source page, is a translation: it must say what it follows (as ``scripts/i18n
    check`` requires; the build reads such a page as it is).
    """
    src = source()
    pages = set(src.pages())
    try:
        lang = get(path.resolve().parent.name) if path.resolve().parent.parent == ROOT / "docs" else None
    except (KeyError, OSError):
        lang = None
    required = lang is not None and not lang.source and path.name in pages
    return [f"{name}:{line}: {what}" for line, what in translation.problems(page, pages, required=required)]


def main(argv: list[str]) -> int:
    failed = 0
    for argument in argv or sorted(str(p) for p in Path("docs").glob("*/*.md")):
        try:
            page = read_file(argument)
        except PageError as error:
            print(error)
            failed += 1
            continue
        name = shown_name(argument)
        ok, problems = check_page(page, name)
        problems = front_matter_problems(page, Path(argument), name) + problems
        for line in ok + problems:
            print(line)
        failed += len(problems)
    if failed:
        print(f"{failed} problem{'s' if failed > 1 else ''}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
