"""Translation status: what each language has, lacks, or has let fall behind.

Per language: the catalog's completeness (translated / all messages, fuzzy
ones counted apart) and, per page of the source language, whether the
translation is present, missing, outdated or awaiting review by a native
speaker (``translation.review: pending``). An outdated page names its
sections (:func:`tracking`): each one whose fingerprint in
``translation.sections`` is not the source section's now, each one new in the
source, each one removed from it (``nardy_site.page.sections``). ``scripts/i18n
status`` prints it; the build turns the same data into the "Translations" page
of every language, and tells a reader of an outdated page
(``nardy_site.translations.outdated_notice``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.pofile import read_po

from ..page import sections
from ..page.markdown_reader import PageError, read_file
from ..page.sections import Change
from ..paths import ROOT, display
from . import translation
from .languages import Language, load, source


@dataclass(frozen=True)
class Tracking:
    """How a translated page stands against its source page now."""

    #: The source page's name (``short.md``) and file.
    source: str
    source_path: Path
    record: translation.Record
    #: The source's sections that changed since the record, in the source's order.
    changes: tuple[Change, ...]
    #: Why nothing can be compared (no good record of the sections, no such source page), or None.
    untracked: str | None = None

    @property
    def outdated(self) -> bool:
        return bool(self.changes) or self.untracked is not None


def tracking(meta: dict, name: str) -> Tracking | None:
    """The translated page ``name`` (e.g. ``short.md``), whose front matter is ``meta``, against its source
    page; None without a ``translation`` block."""
    record = translation.record(meta)
    if record is None:
        return None
    origin = record.source or name
    src = source()
    path = src.docs / origin
    if origin not in src.pages():
        return Tracking(origin, path, record, (), f"its source page {origin} does not exist")
    if record.sections is None:
        return Tracking(origin, path, record, (), "no record of the source it was translated from "
                                                  "(translation.sections)")
    try:
        current = sections.digests(read_file(path))
    except PageError as error:
        return Tracking(origin, path, record, (), f"its source page does not read ({error})")
    return Tracking(origin, path, record, tuple(sections.changes(record.sections, current)))


@dataclass
class PageStatus:
    page: str
    #: "source", "present", "missing"
    state: str
    pending_review: bool = False
    #: A present translation against its source (None for the source, a missing page, or no ``translation``).
    tracking: Tracking | None = None
    #: Why a present translation cannot be followed at all, ``file:line: what`` (a file that is not UTF-8
    #: text, front matter that does not read, no ``translation`` block or a bad one); it counts as outdated.
    problem: str | None = None

    @property
    def outdated(self) -> bool:
        return self.problem is not None or (self.tracking is not None and self.tracking.outdated)


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
    for page in src.pages():
        if language.source:
            status.pages.append(PageStatus(page, "source"))
            continue
        path = language.docs / page
        if not path.exists():
            status.pages.append(PageStatus(page, "missing"))
            continue
        status.pages.append(page_status(page, path))
    return status


def page_status(page: str, path: Path) -> PageStatus:
    """A present translation ``path`` of the source page ``page``: how it stands, or why it cannot be followed."""
    try:
        document = read_file(path)
    except PageError as error:
        return PageStatus(page, "present", problem=str(error))
    track = tracking(document.meta, page)
    problem = None
    if track is None:  # nothing says what it follows: name why, or it would look current
        line, what = (translation.problems(document, required=True) or [(1, translation.MISSING)])[0]
        problem = f"{display(path)}:{line}: {what}"
    return PageStatus(page, "present", pending_review=translation.review_pending(document.meta), tracking=track,
                      problem=problem)


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
            details += [f"  {line}" for line in page_lines(f"{s.language.code}/{p.page}", p)]
    return "\n".join(lines + ([""] + details if details else []))


def page_lines(name: str, page: PageStatus) -> list[str]:
    """What needs doing on one page, a line each: the page's state, then each changed section of its source
    (``kk/short.md#board: outdated (the source section changed)``)."""
    notes = []
    if page.state == "missing":
        notes.append("missing (shown from the source language with a banner)")
    if page.problem is not None:
        notes.append(f"outdated: it follows nothing ({page.problem})")
    if page.tracking is not None and page.tracking.untracked:
        notes.append(f"outdated: {page.tracking.untracked}")
    if page.pending_review:
        notes.append("awaiting review by a native speaker")
    lines = [f"{name}: {'; '.join(notes)}"] if notes else []
    if page.tracking is not None:
        lines += [change.describe(name) for change in page.tracking.changes]
    return lines
