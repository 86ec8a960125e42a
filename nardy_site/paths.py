"""Where the repository is, and how messages name its files."""

from __future__ import annotations

from pathlib import Path

#: The repository: docs/, locales/, config/, hooks/ ...
ROOT = Path(__file__).resolve().parent.parent


def display(path: Path | str) -> str:
    """How a message names a file: relative to the repository when it is inside it, else as given.

    The build and the tools run from the repository, so this is the name a
    translator sees in their editor (``docs/ru/short.md``).
    """
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)
