"""The pages the doc tests read: every page of every enabled language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from nardy_site.page.markdown_reader import read
from nardy_site.translations.languages import enabled, source

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index.md", "short.md", "long.md", "short-game.md", "long-game.md", "short-mistakes.md", "long-mistakes.md",
         "mars-and-koks.md")


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
    page = read(text(path))
    heading = next((h for h in page.headings if h.id == section_id), None)
    if heading is None:
        raise KeyError(f"{name(path)} has no section {{ #{section_id} }}")
    return "\n".join(page.lines[heading.line - 1: heading.end])
