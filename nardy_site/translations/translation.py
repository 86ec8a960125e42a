"""The ``translation`` front matter of a translated page: what it follows, since when, and its review banner.

A page translated from the source language carries::

    ---
    translation:
      source: short.md   # the source-language page it follows
      source_blob: 5c1f...  # git blob id (git hash-object) of that page when it was made current
      sections:          # fingerprint of each of that page's sections then (nardy_site.page.sections)
        (top): 1a2b3c4d5e6f
        board: 0f9e8d7c6b5a
      review: pending    # until a native speaker has reviewed it
    ---

``scripts/i18n done`` writes ``source_blob`` and ``sections`` (:func:`with_record`)
once the translation follows its source again; ``status`` compares the
fingerprints with the source as it is now, ``diff`` reads the old text back from
the blob (``nardy_site.translations.source_history``). ``review: pending`` shows the banner
``i18n.UI["review-pending"]`` in the page's language; a reviewer deletes the
line. Any other ``review`` value is an error, so that a typo cannot hide the
banner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from ..page import sections
from ..page.excerpt import excerpt
from ..page.markdown_reader import Document, page_text, read
from .source_history import BLOB, blob_id

KEYS = ("source", "source_blob", "sections", "review")
REVIEW_VALUES = ("pending",)
#: Keys of earlier versions of the block, and what took their place.
REPLACED = {"source_hash": "source_blob and sections"}
_TOP_LEVEL_KEY = re.compile(r"^translation\s*:")
#: What ``translation.source`` may name: a page file of the source language's folder, no path, a sane length.
_PAGE_NAME = re.compile(r"[\w.-]{1,100}\.md")


@dataclass(frozen=True)
class Record:
    """What a translation records of its source; a field is None when the front matter lacks it (or it is bad)."""

    source: str | None
    blob: str | None
    sections: dict[str, str] | None


def record(meta: dict) -> Record | None:
    """The ``translation`` block of a page's front matter, or None when it has none (``problems`` names what is bad)."""
    value = meta.get("translation")
    if not isinstance(value, dict):
        return None
    source = value.get("source")
    source = source if isinstance(source, str) and _PAGE_NAME.fullmatch(source) else None
    blob = value.get("source_blob")
    recorded = value.get("sections")
    good = isinstance(recorded, dict) and all(
        isinstance(key, str) and isinstance(digest, str) and sections.DIGEST.fullmatch(digest)
        for key, digest in recorded.items())
    return Record(source, blob if isinstance(blob, str) and BLOB.fullmatch(blob) else None,
                  dict(recorded) if good else None)


def record_of(source_name: str, data: bytes, file: str | None = None) -> Record:
    """The record of the source page ``source_name`` whose file (``file``, for messages) holds ``data`` (what
    ``done`` writes); :class:`~nardy_site.markdown_reader.PageError` when it is not UTF-8 text."""
    return Record(source_name, blob_id(data), sections.digests(read(page_text(data, file or source_name))))


#: The keys ``scripts/i18n done`` writes, whatever they held before.
RECORDED = ("source_blob", "sections", *REPLACED)


#: Why a translated page without its ``translation`` block is a problem (``required``).
MISSING = ("a translated page has no translation front matter (translation: source: <page>.md): without it nothing "
           "tells it is outdated; add it, then scripts/i18n done <lang>/<page>.md")


def problems(page: Document, pages: set[str] | None = None, recorded: bool = True,
             required: bool = False) -> list[tuple[int, str]]:
    """(line, reason) for each thing wrong with the front matter of a page: YAML that does not read as a
    mapping, and the ``translation`` block.

    ``pages`` are the source language's page names (``source`` must be one of them). ``recorded=False``
    leaves out the keys ``done`` (re)writes (:data:`RECORDED`). ``required``: the page is a translation
    (a page of another language named as a source page), which must have the block. Values are quoted
    bounded (``nardy_site.excerpt``), never by their whole ``repr``: YAML's aliases can make a small
    front matter a huge value.
    """
    front = page.front_matter
    if front is not None and front.error:
        return [(front.error_line, front.error)]
    meta = page.meta
    if "translation" not in meta:
        return [(1, MISSING)] if required else []
    value = meta["translation"]
    line = page.key_line("translation")
    if not isinstance(value, dict):
        return [(line, f"translation must be a mapping with {', '.join(KEYS)}, not {_short(value)}")]
    found = []
    for key in sorted(set(value) - set(KEYS) - (set() if recorded else set(RECORDED)), key=str):
        if key in REPLACED:
            found.append((page.key_line(key), f"translation.{key} is replaced by {REPLACED[key]}: scripts/i18n done "
                                              f"<lang>/<page> writes them once the page follows its source"))
        else:
            found.append((page.key_line(str(key)), f"translation.{_name(str(key))} is not one of {', '.join(KEYS)}"))
    if "review" in value and value["review"] not in REVIEW_VALUES:
        found.append((
            page.key_line("review"),
            f"translation.review is {_short(value['review'])}: write 'review: pending', or delete the line once "
            "reviewed",
        ))
    source = value.get("source")
    if not isinstance(source, str) or (pages is not None and source not in pages):
        found.append((page.key_line("source"), f"translation.source is {_short(source)}, not a page of the source "
                                               "language"))
    if not recorded:
        return found
    blob = value.get("source_blob")
    if not isinstance(blob, str) or not BLOB.fullmatch(blob):
        found.append((page.key_line("source_blob"), f"translation.source_blob is {_short(blob)}, not a git blob id "
                                                    f"(40 hex digits; scripts/i18n done writes it)"))
    found += _section_problems(page, value.get("sections"))
    return found


def _section_problems(page: Document, value) -> list[tuple[int, str]]:
    line = page.key_line("sections")
    if not isinstance(value, dict) or not value:
        return [(line, f"translation.sections is {_short(value)}, not a mapping of section ids to fingerprints "
                       f"(scripts/i18n done writes it)")]
    found = []
    for key, digest in value.items():
        if not isinstance(key, str):
            found.append((line, f"translation.sections: the key {_short(key)} is not a section id (write it in quotes)"))
        elif not isinstance(digest, str) or not sections.DIGEST.fullmatch(digest):
            found.append((page.key_line(key), f"translation.sections.{_name(key)} is {_short(digest)}, not 12 hex "
                                              "digits"))
    return found


def _name(key: str) -> str:
    """A key of the front matter in a message, as written, at most 60 characters."""
    return key if len(key) <= 60 else key[:57] + "..."


def _short(value) -> str:
    """A front-matter value in a message: text and numbers quoted up to 60 characters, containers by kind."""
    return excerpt(value)


def review_pending(meta: dict) -> bool:
    value = meta.get("translation")
    return isinstance(value, dict) and value.get("review") == "pending"


# ---------------------------------------------------------------------- writing the block


def _scalar(value: str) -> str:
    """``value`` as YAML that reads back as this very string: plain when it does (``board``), else quoted
    (``'null'``, ``'012345678901'``: an id or a fingerprint YAML would read as something else)."""
    try:
        plain = yaml.safe_load(f"k: {value}") == {"k": value}
    except yaml.YAMLError:
        plain = False
    return value if plain else "'" + value.replace("'", "''") + "'"


def block(new: Record, review_pending: bool) -> str:
    """The ``translation`` block of the front matter (its lines, each ending in a line break)."""
    lines = ["translation:", f"  source: {_scalar(new.source)}", f"  source_blob: {_scalar(new.blob)}",
             "  sections:  # the source's sections when this page was made current (scripts/i18n done)"]
    lines += [f"    {_scalar(key)}: {_scalar(digest)}" for key, digest in new.sections.items()]
    if review_pending:
        lines.append("  review: pending")
    return "".join(line + "\n" for line in lines)


def with_record(text: str, new: Record) -> str:
    """A page's text with its ``translation`` block replaced by ``new`` (``review: pending`` kept when there),
    the rest of the file as it was. The page must have front matter with a ``translation`` key."""
    page = read(text)
    front = page.front_matter
    chunks = re.split(r"(?<=\n)", text)  # the file's lines with their line breaks, as the reader counts them
    body = range(front.start, front.end - 1)  # indexes of the YAML lines between the two fences
    first = next(i for i in body if _TOP_LEVEL_KEY.match(chunks[i]))
    last = first + 1
    # The block is its key's line and the indented (or blank) lines after it.
    while last in body and (not chunks[last].strip() or chunks[last][0] in " \t"):
        last += 1
    while last - 1 > first and not chunks[last - 1].strip():
        last -= 1  # blank lines after the block stay where they are
    return "".join(chunks[:first]) + block(new, review_pending(page.meta)) + "".join(chunks[last:])
