"""Quoting what a reader or a translator wrote, bounded: an error message names the input, never all of it.

The quoting itself is the engine's (``nardy_rules.contract.quote``, which every
message about untrusted input uses); the site quotes a little more of a value,
since a page's values (a caption, a table cell) are longer than a request's.
"""

from __future__ import annotations

from nardy_rules.contract import quote

#: At most this many characters of a page's value are quoted.
LIMIT = 60


def excerpt(text: str, limit: int = LIMIT) -> str:
    """``repr`` of ``text``, cut to at most ``limit`` characters (a cut value ends in "...")."""
    return quote(text, limit)


def bounded(message: str, limit: int = 4 * LIMIT) -> str:
    """A message (for example the engine's, which may quote its input) cut to ``limit`` characters."""
    return message if len(message) <= limit else message[:limit] + "…"
