"""Translation status: what each language has, lacks, or has let fall behind.

Per language: the catalog's completeness (translated / all messages, fuzzy
ones counted apart) and, per page of the source language, whether the
translation is present, missing, outdated (its ``translation.source_hash`` is
not the source page's current hash) or awaiting review by a native speaker
(``translation.review: pending``). ``scripts/i18n status`` prints it; the
build turns the same data into the "Translations" page of every language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from .languages import ROOT, Language, load, source
from .translation import source_hash

DOCS = ROOT / "docs"


@dataclass
class PageStatus:
    page: str
    #: "source", "present", "missing"
    state: str
    outdated: bool = False
    pending_review: bool = False


@dataclass
class LanguageStatus:
    language: Language
    translated: int
    total: int
    fuzzy: int
    pages: list[PageStatus] = field(default_factory=list)

    @property
    def catalog_percent(self) -> int:
        return 100 if not self.total else int(100 * self.translated / self.total)

    def count(self, what: str) -> int:
        if what == "outdated":
            return sum(p.outdated for p in self.pages)
        if what == "review":
            return sum(p.pending_review for p in self.pages)
        return sum(p.state == what for p in self.pages)


def front_matter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---"):
        return {}
    end = text.find("\n---", 3)
    if end < 0:
        return {}
    data = yaml.safe_load(text[3:end]) or {}
    return data if isinstance(data, dict) else {}


def source_pages() -> list[str]:
    return sorted(p.name for p in (DOCS / source().code).glob("*.md"))


def catalog_counts(language: Language) -> tuple[int, int, int]:
    """(translated, total, fuzzy) messages of the language's catalog."""
    path = language.catalog
    if not path.exists():
        template = ROOT / "locales" / "messages.pot"
        with open(template, "rb") as handle:
            total = sum(1 for m in read_po(handle) if m.id)
        return 0, total, 0
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=language.babel)
    translated = total = fuzzy = 0
    for message in catalog:
        if not message.id:
            continue
        total += 1
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            fuzzy += 1
        elif all(strings):
            translated += 1
    return translated, total, fuzzy


def language_status(language: Language) -> LanguageStatus:
    translated, total, fuzzy = catalog_counts(language)
    status = LanguageStatus(language, translated, total, fuzzy)
    src = source()
    for page in source_pages():
        if language.source:
            status.pages.append(PageStatus(page, "source"))
            continue
        path = DOCS / language.code / page
        if not path.exists():
            status.pages.append(PageStatus(page, "missing"))
            continue
        meta = front_matter(path).get("translation") or {}
        if not isinstance(meta, dict):
            meta = {}
        source_page = DOCS / src.code / meta.get("source", page)
        current = source_hash(source_page) if source_page.exists() else None
        status.pages.append(PageStatus(
            page, "present",
            outdated=meta.get("source_hash") != current,
            pending_review=meta.get("review") == "pending",
        ))
    return status


def report() -> list[LanguageStatus]:
    return [language_status(lang) for lang in load() if lang.enabled]


def format_report(statuses: list[LanguageStatus]) -> str:
    """The plain-text table ``scripts/i18n status`` prints, then the details."""
    head = f"{'lang':<6}{'catalog':>16}{'present':>9}{'missing':>9}{'outdated':>10}{'review':>8}  released"
    lines = [head, "-" * len(head)]
    for s in statuses:
        catalog = f"{s.translated}/{s.total}" + (f" ({s.fuzzy} fuzzy)" if s.fuzzy else "")
        present = s.count("present") + s.count("source")
        lines.append(f"{s.language.code:<6}{catalog:>16}{present:>9}{s.count('missing'):>9}"
                     f"{s.count('outdated'):>10}{s.count('review'):>8}  {'yes' if s.language.released else 'no'}")
    details = []
    for s in statuses:
        for p in s.pages:
            notes = []
            if p.state == "missing":
                notes.append("missing (shown from the source language with a banner)")
            if p.outdated:
                notes.append("outdated: the source page changed since it was translated")
            if p.pending_review:
                notes.append("awaiting review by a native speaker")
            if notes:
                details.append(f"  {s.language.code}/{p.page}: {'; '.join(notes)}")
    return "\n".join(lines + ([""] + details if details else []))
