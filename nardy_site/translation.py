"""The ``translation`` front matter of a translated page, and the review banner it drives.

A page translated from the source language carries::

    ---
    translation:
      source: short.md            # the source-language page it follows
      source_hash: 1a2b3c4d5e6f   # first 12 hex digits of that file's sha256
      review: pending             # until a native speaker has reviewed it
    ---

``review: pending`` shows the banner ``i18n.UI["review-pending"]`` in the
page's language; a reviewer deletes the line. Any other ``review`` value is an
error, so that a typo cannot hide the banner.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

KEYS = ("source", "source_hash", "review")
REVIEW_VALUES = ("pending",)
HASH = re.compile(r"[0-9a-f]{12}")


def source_hash(path: Path) -> str:
    """The ``source_hash`` of a source page: the first 12 hex digits of its sha256."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def key_line(text: str, key: str) -> int:
    """1-based line of ``key:`` in the front matter of ``text`` (1 when not found)."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return 1
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            break
        if re.match(rf"\s*{re.escape(key)}\s*:", line):
            return number
    return 1


def problems(meta: dict, text: str, pages: set[str] | None = None) -> list[tuple[int, str]]:
    """(line, reason) for each thing wrong with the ``translation`` front matter of a page.

    ``text`` is the page's whole source (for line numbers), ``pages`` the
    source language's page names (``source`` must be one of them).
    """
    if "translation" not in meta:
        return []
    value = meta["translation"]
    line = key_line(text, "translation")
    if not isinstance(value, dict):
        return [(line, f"translation must be a mapping with {', '.join(KEYS)}, not {value!r}")]
    found = []
    for key in sorted(set(value) - set(KEYS)):
        found.append((key_line(text, key), f"translation.{key} is not one of {', '.join(KEYS)}"))
    if "review" in value and value["review"] not in REVIEW_VALUES:
        found.append((
            key_line(text, "review"),
            f"translation.review is {value['review']!r}: write 'review: pending', or delete the line once reviewed",
        ))
    source = value.get("source")
    if not isinstance(source, str) or (pages is not None and source not in pages):
        found.append((key_line(text, "source"), f"translation.source is {source!r}, not a page of the source language"))
    digest = value.get("source_hash")
    if not isinstance(digest, str) or not HASH.fullmatch(digest):
        found.append((key_line(text, "source_hash"), f"translation.source_hash is {digest!r}, not 12 hex digits"))
    return found


def review_pending(meta: dict) -> bool:
    value = meta.get("translation")
    return isinstance(value, dict) and value.get("review") == "pending"
