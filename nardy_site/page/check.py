"""Check the diagram blocks, the checked tables, the notes on replayed games and the claims of a page against
the engine.

What the build (``nardy_site.hook.page_blocks``) and the command ``python -m nardy_site.check`` both run on
a page: every problem named ``file:line: reason``, never a traceback, whatever the page holds.
"""

from __future__ import annotations

from .blocks import Block, BlockError, read_blocks, verify
from .claims import page_problems as claim_problems
from .excerpt import bounded
from .game_notes import NotesError, find_notes, verify_notes
from .markdown_reader import Document, document
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
    problems += _notes_problems(page, name, blocks, holding)
    try:
        problems += claim_problems(page, name, blocks, holding)
    except Exception as error:
        problems.append(internal(name, 1, error))
    return holding, problems


def _notes_problems(page: Document, name: str, blocks: list[Block], holding: list[Block]) -> list[str]:
    """Every replay block has its notes right after it, and every list of notes holds to its game."""
    try:
        lists = find_notes(page, name)
    except NotesError as error:
        return [str(error)]
    problems = []
    by_target = {notes.target: notes for notes in lists}
    for block in blocks:
        if block.is_game and block.id not in by_target:
            problems.append(f"{name}:{block.line}: replay {block.id!r} has no notes: write "
                            f"<!-- nardy-game: {block.id} --> and a numbered list, one item per step, after it")
    for notes in lists:
        block = next((b for b in blocks if b.id == notes.target), None)
        if block is None or not block.is_game:
            problems.append(f"{name}:{notes.line}: game notes {notes.target!r}: no replay block (game: ...) "
                            "has this id")
            continue
        after = next((k for k in range(block.end, len(page.lines)) if page.lines[k].strip()), None)
        if after is None or after + 1 != notes.line:
            problems.append(f"{name}:{notes.line}: game notes {notes.target!r} must come right after its "
                            f"replay block (line {block.line})")
            continue
        if block not in holding:
            continue  # the block's own problem is named already
        try:
            verify_notes(notes, block.game, name)
        except NotesError as error:
            problems.append(str(error))
        except Exception as error:
            problems.append(internal(name, notes.line, error))
    return problems


def check_page(text: str | Document, name: str) -> tuple[list[str], list[str]]:
    """(the ``ok`` lines, the problems as ``file:line: reason``) of one page."""
    holding, problems = verified(text, name)
    return [f"ok   {name}:{block.line} {block.id}" for block in holding], problems
