"""The pages the doc tests read: every page of every enabled language."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from nardy_site.languages import enabled, source

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index.md", "short.md", "long.md")
HEADING_ID = re.compile(r"^#{1,6}\s.*\{\s*#([A-Za-z0-9_-]+)\s*\}\s*$")


def page_paths() -> list[Path]:
    return [ROOT / "docs" / lang.code / page for lang in enabled() for page in PAGES]


def name(path: Path) -> str:
    """``uz/short.md``: how tests and messages name a page."""
    return str(path.relative_to(ROOT / "docs"))


@cache
def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def source_path(path: Path) -> Path:
    """The same page in the source language."""
    return ROOT / "docs" / source().code / path.name




def section(path: Path, section_id: str) -> str:
    """The Markdown of one section: from its heading to the next heading of the same or a higher level."""
    lines = text(path).splitlines()
    out, level = [], None
    for line in lines:
        match = HEADING_ID.match(line)
        if match:
            this_level = len(line) - len(line.lstrip("#"))
            if match.group(1) == section_id:
                level = this_level
                out.append(line)
                continue
            if level is not None and this_level <= level:
                break
        if level is not None:
            out.append(line)
    if level is None:
        raise KeyError(f"{name(path)} has no section {{ #{section_id} }}")
    return "\n".join(out)
