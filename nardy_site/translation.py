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

from .markdown_reader import Document

KEYS = ("source", "source_hash", "review")
REVIEW_VALUES = ("pending",)
HASH = re.compile(r"[0-9a-f]{12}")


def source_hash(path: Path) -> str:
    """The ``source_hash`` of a source page: the first 12 hex digits of its sha256."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def problems(page: Document, pages: set[str] | None = None) -> list[tuple[int, str]]:
    """(line, reason) for each thing wrong with the front matter of a page: YAML that does not read as a
    mapping, and the ``translation`` block.

    ``pages`` are the source language's page names (``source`` must be one of them).
    """
    front = page.front_matter
    if front is not None and front.error:
        return [(front.error_line, front.error)]
    meta = page.meta
    if "translation" not in meta:
        return []
    value = meta["translation"]
    line = page.key_line("translation")
    if not isinstance(value, dict):
        return [(line, f"translation must be a mapping with {', '.join(KEYS)}, not {value!r}")]
    found = []
    for key in sorted(set(value) - set(KEYS)):
        found.append((page.key_line(key), f"translation.{key} is not one of {', '.join(KEYS)}"))
    if "review" in value and value["review"] not in REVIEW_VALUES:
        found.append((
            page.key_line("review"),
            f"translation.review is {value['review']!r}: write 'review: pending', or delete the line once reviewed",
        ))
    source = value.get("source")
    if not isinstance(source, str) or (pages is not None and source not in pages):
        found.append((page.key_line("source"), f"translation.source is {source!r}, not a page of the source language"))
    digest = value.get("source_hash")
    if not isinstance(digest, str) or not HASH.fullmatch(digest):
        found.append((page.key_line("source_hash"), f"translation.source_hash is {digest!r}, not 12 hex digits"))
    return found


def review_pending(meta: dict) -> bool:
    value = meta.get("translation")
    return isinstance(value, dict) and value.get("review") == "pending"
