"""Which pages a language's site has: its own, the source language's it lacks, and the generated ones.

- A page of the source language that ``docs/<code>/`` lacks is served from
  the source, under the same address, with the "not translated yet" banner
  (:func:`fallback_pages`).
- Every language has the glossary, generated from ``locales/glossary.toml``;
  a language with the translators' guide (``translating.md``: English,
  Russian) has the translation status page beside it (:func:`generated_pages`).

The language switcher asks :func:`has_page` where to link, so it agrees with
what the build puts in each language's site.
"""

from __future__ import annotations

from pathlib import Path

from ..translations import languages
from ..translations.languages import Language
from .generated_pages import glossary_markdown, translations_markdown

GLOSSARY = "glossary.md"
#: The translators' guide (docs/en, docs/ru) and the translation status page generated beside it.
GUIDE = "translating.md"
STATUS_PAGE = "translations.md"


def rules_pages() -> list[str]:
    """The source language's pages (``index.md``, ``short.md``, ``long.md``): every language has them."""
    return languages.source().pages()


def fallback_pages(lang: Language) -> dict[str, Path]:
    """The source language's pages ``lang`` lacks: {address: the source page's file}."""
    source = languages.source()
    return {page: source.docs / page for page in rules_pages() if not (lang.docs / page).is_file()}


def generated_pages(lang: Language, gettext) -> dict[str, str]:
    """The pages the build writes for ``lang``: {address: Markdown}."""
    pages = {GLOSSARY: glossary_markdown(lang, gettext)}
    if (lang.docs / GUIDE).is_file():  # the translators' guide and its status page go together
        pages[STATUS_PAGE] = translations_markdown(lang, gettext)
    return pages


def has_page(lang: Language, src_uri: str) -> bool:
    """Whether ``lang``'s site has this page: its own file, the source's (fallback), or a generated one."""
    if src_uri == GLOSSARY or src_uri in rules_pages():
        return True
    if src_uri == STATUS_PAGE:
        return (lang.docs / GUIDE).is_file()
    return (lang.docs / src_uri).is_file()
