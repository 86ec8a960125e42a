"""Quoting what a reader or a translator wrote, bounded: an error message names the input, never all of it."""

from __future__ import annotations

#: At most this many characters of the input are quoted.
LIMIT = 60


def excerpt(text: object, limit: int = LIMIT) -> str:
    """``repr`` of ``text``, shortened to about ``limit`` characters (a long value ends in "…")."""
    value = str(text)
    if len(value) > limit:
        value = value[:limit] + "…"
    return repr(value)


def bounded(message: str, limit: int = 4 * LIMIT) -> str:
    """A message (for example the engine's, which may quote its input) cut to ``limit`` characters."""
    return message if len(message) <= limit else message[:limit] + "…"
