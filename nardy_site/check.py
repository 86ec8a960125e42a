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

from .page.check import check_page
from .page.markdown_reader import Document, PageError, read_file, shown_name
from .paths import ROOT
from .translations import translation
from .translations.languages import get, source


def front_matter_problems(page: Document, path: Path, name: str) -> list[str]:
    """The check of a page's front matter (``nardy_site.translations.translation.problems``), as ``file:line: reason``.

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
