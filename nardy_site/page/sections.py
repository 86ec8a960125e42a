"""A source page cut into sections, each with a fingerprint: what tells a translator which parts changed.

A page's sections follow its headings (``nardy_site.page.markdown_reader``): each
heading with a ``{ #id }`` starts one, which runs to the line before the next
heading of *any* level, so that a changed sentence in a subsection marks that
subsection only, not its parent (nor, through the title, the whole page).
What precedes the first heading (the front matter, with the page's
description) is the section :data:`TOP`. A heading without an id, or with an
id used before on the page, starts no section: its lines belong to the
section before it, so every line of the page is in exactly one section.

Each section's fingerprint is the first 12 hex digits of the sha256 of its
lines (trailing blank lines left out: a blank line more before a heading
changes nothing a reader sees). A translation records the fingerprints of its
source page when it is made current (``scripts/i18n done``: the front matter's
``translation.sections``); :func:`changes` compares them with the source as it
is now.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass

from .markdown_reader import Document

#: The key of what precedes the first heading. Not a possible heading id (``[\w.-]+``).
TOP = "(top)"
DIGEST = re.compile(r"[0-9a-f]{12}")

OUTDATED = "outdated"
NEW = "new"
REMOVED = "removed"
#: How ``scripts/i18n status`` and ``diff`` describe each kind of change.
DESCRIPTIONS = {
    OUTDATED: "outdated (the source section changed)",
    NEW: "new in the source (missing here)",
    REMOVED: "removed from the source",
}


@dataclass(frozen=True)
class Section:
    #: The heading's id, or :data:`TOP`.
    id: str
    #: The section's first and last line (1-based, the file's own numbering); end < start for an empty TOP.
    start: int
    end: int
    lines: tuple[str, ...]

    @property
    def digest(self) -> str:
        return digest(self.lines)


@dataclass(frozen=True)
class Change:
    section: str
    #: :data:`OUTDATED`, :data:`NEW` or :data:`REMOVED`.
    kind: str

    def describe(self, page: str) -> str:
        """The status line: ``kk/short.md#board: outdated (the source section changed)``."""
        return f"{page}#{self.section}: {DESCRIPTIONS[self.kind]}"


def digest(lines: tuple[str, ...] | list[str]) -> str:
    """The fingerprint of a section's lines: 12 hex digits of the sha256 of the text, trailing blank lines left out."""
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:12]


def sections(page: Document) -> list[Section]:
    """The page's sections in order, :data:`TOP` first; together they hold every line once."""
    starts: list[tuple[str, int]] = [(TOP, 1)]
    seen = {TOP}
    for heading in page.headings:
        if heading.id and heading.id not in seen:
            seen.add(heading.id)
            starts.append((heading.id, heading.line))
    found = []
    for index, (key, start) in enumerate(starts):
        end = starts[index + 1][1] - 1 if index + 1 < len(starts) else len(page.lines)
        found.append(Section(key, start, end, page.lines[start - 1: end]))
    return found


def digests(page: Document) -> dict[str, str]:
    """{section id: fingerprint}, in the page's order."""
    return {section.id: section.digest for section in sections(page)}


def changes(recorded: dict[str, str], current: dict[str, str]) -> list[Change]:
    """What changed in the source since ``recorded``: the current sections in order (outdated, new), then
    the removed ones in their recorded order."""
    found = [Change(key, OUTDATED if key in recorded else NEW)
             for key, value in current.items() if recorded.get(key) != value]
    return found + [Change(key, REMOVED) for key in recorded if key not in current]


def section_diff(old: Document, new: Document, change: Change, old_name: str, new_name: str) -> list[str]:
    """The unified diff of one changed section, from ``old`` (the text translated from) to ``new`` (now).

    Hunk headers carry the files' own line numbers; a new section is diffed from nothing, a removed one to
    nothing."""
    before = {section.id: section for section in sections(old)}.get(change.section)
    after = {section.id: section for section in sections(new)}.get(change.section)
    a = list(before.lines) if before else []
    b = list(after.lines) if after else []
    shift_a = before.start - 1 if before else 0
    shift_b = after.start - 1 if after else 0
    out = []
    for line in difflib.unified_diff(a, b, f"{old_name}#{change.section}", f"{new_name}#{change.section}",
                                     lineterm="", n=3):
        hunk = _HUNK.match(line)
        if hunk:
            line = (f"@@ -{_shifted(hunk.group(1), hunk.group(2), shift_a)} "
                    f"+{_shifted(hunk.group(3), hunk.group(4), shift_b)} @@")
        out.append(line)
    return out


_HUNK = re.compile(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@$")


def _shifted(start: str, length: str | None, shift: int) -> str:
    """A hunk range moved by ``shift`` lines (an empty range, ``0,0``, is where nothing is: it stays put
    unless the section has a place in the file)."""
    first = int(start)
    if length == ",0" and first == 0:
        first = shift  # an empty side sits before the section's place
    else:
        first += shift
    return f"{first}{length or ''}"
