"""The glossary of game terms (``locales/glossary.toml``) and the check that uses it.

Each term has its word in every language and, per language, words that are
wrong for it there (calques, another language's word, the Armenian machine
translation's "chips"). :func:`check_page` finds those in the prose of a page
(``nardy_site.page.markdown_reader``: outside code blocks, diagram bodies and front
matter; a diagram's caption is prose) and names the line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..page.markdown_reader import Document, document
from ..paths import ROOT

GLOSSARY = ROOT / "locales" / "glossary.toml"


@dataclass(frozen=True)
class Term:
    key: str
    #: language code -> the term in that language (always has "en")
    words: dict
    #: language code -> words that are wrong for this term in that language
    wrong: dict = field(default_factory=dict)


class GlossaryError(ValueError):
    pass


@cache
def load(path: Path = GLOSSARY) -> tuple[Term, ...]:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    terms = []
    for key, entry in data.get("terms", {}).items():
        wrong = entry.pop("wrong", {}) if isinstance(entry, dict) else {}
        if not isinstance(entry, dict) or "en" not in entry:
            raise GlossaryError(f"{path}: [terms.{key}] needs at least en = \"...\"")
        for lang, words in wrong.items():
            if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
                raise GlossaryError(f"{path}: terms.{key}.wrong.{lang} must be a list of words")
        terms.append(Term(key, dict(entry), {lang: tuple(words) for lang, words in wrong.items()}))
    if not terms:
        raise GlossaryError(f"{path}: no [terms.<key>] tables")
    return tuple(terms)


def check_page(page: str | Document, lang: str, terms: tuple[Term, ...] | None = None) -> list[tuple[int, str]]:
    """(line, message) for each use of a word the glossary marks wrong in ``lang``, in the prose of a page
    (its text, or its :class:`Document`: not in code blocks or front matter; a diagram's caption is prose).

    A wrong word matches as a whole word; ``"фишк*"`` matches any word it begins.
    """
    prose = document(page).prose
    found = []
    for term in terms or load():
        for word in term.wrong.get(lang, ()):
            stem = word.rstrip("*")
            tail = r"\w*" if word.endswith("*") else r"(?!\w)"
            pattern = re.compile(rf"(?<!\w){re.escape(stem)}{tail}", re.IGNORECASE)
            for number, line in prose:
                if pattern.search(line):
                    right = term.words.get(lang, term.words["en"])
                    found.append((number, f"{word!r} is wrong for '{term.words['en']}' in {lang}: use {right!r}"))
    return sorted(found)
