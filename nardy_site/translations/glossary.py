"""The glossary of game terms (``locales/glossary.toml``) and the checks that use it.

Each term has its word in every language and, per language, words that are
wrong for it there (calques, another language's word, the Armenian machine
translation's "chips"). :func:`check_page` finds those in the prose of a page
(``nardy_site.page.markdown_reader``: outside code blocks, diagram bodies and front
matter; a diagram's caption is prose) and names the line; :func:`check_message`
finds them in a catalog's translation. A term may also say which English
messages name it (``msgid``, a regular expression) and, per language, the
stems its word takes there (``stems``): a translation of such a message that
holds none of them uses another word for the term (Uzbek "taslim boʻlish",
resign, where the message says pass), which the catalog check names too.
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
    #: the English messages that name this term (a regular expression, case-insensitive), or None
    msgid: re.Pattern | None = None
    #: language code -> stems of the term's word, one of which a translation of such a message holds
    stems: dict = field(default_factory=dict)


class GlossaryError(ValueError):
    pass


@cache
def load(path: Path = GLOSSARY) -> tuple[Term, ...]:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    terms = []
    for key, entry in data.get("terms", {}).items():
        wrong = entry.pop("wrong", {}) if isinstance(entry, dict) else {}
        stems = entry.pop("stems", {}) if isinstance(entry, dict) else {}
        msgid = entry.pop("msgid", None) if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or "en" not in entry:
            raise GlossaryError(f"{path}: [terms.{key}] needs at least en = \"...\"")
        for name, table in (("wrong", wrong), ("stems", stems)):
            for lang, words in table.items():
                if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
                    raise GlossaryError(f"{path}: terms.{key}.{name}.{lang} must be a list of words")
        if (msgid is None) != (not stems):
            raise GlossaryError(f"{path}: terms.{key} needs both msgid (the English messages) and stems, or neither")
        try:
            pattern = re.compile(msgid, re.IGNORECASE) if msgid is not None else None
        except (re.error, TypeError) as error:
            raise GlossaryError(f"{path}: terms.{key}.msgid is not a regular expression: {error}") from None
        terms.append(Term(key, dict(entry), {lang: tuple(words) for lang, words in wrong.items()}, pattern,
                          {lang: tuple(words) for lang, words in stems.items()}))
    if not terms:
        raise GlossaryError(f"{path}: no [terms.<key>] tables")
    return tuple(terms)


def _wrong_pattern(word: str) -> re.Pattern:
    """A wrong word as a whole word; ``"фишк*"`` matches any word it begins."""
    stem = word.rstrip("*")
    tail = r"\w*" if word.endswith("*") else r"(?!\w)"
    return re.compile(rf"(?<!\w){re.escape(stem)}{tail}", re.IGNORECASE)


def _folded(text: str) -> str:
    """Lower case, with Azerbaijani's dotted İ as i (Python lowers it to i and a combining dot)."""
    return text.lower().replace("\u0307", "")


def check_message(msgid: str, translations, lang: str, terms: tuple[Term, ...] | None = None) -> list[str]:
    """What a catalog's translation of ``msgid`` (each of its forms) uses against the glossary: a word marked
    wrong, or, for a message that names a term with stems in ``lang``, none of them."""
    found = []
    texts = [text for text in translations if text]
    for term in terms or load():
        right = term.words.get(lang, term.words["en"])
        for word in term.wrong.get(lang, ()):
            if any(_wrong_pattern(word).search(text) for text in texts):
                found.append(f"{word!r} is wrong for '{term.words['en']}' in {lang}: use {right!r}")
        stems = term.stems.get(lang)
        if stems and term.msgid.search(msgid):
            for text in texts:
                if not any(_folded(stem) in _folded(text) for stem in stems):
                    found.append(f"the message names '{term.words['en']}', which is {right!r} in {lang}: "
                                 f"{text!r} holds none of {', '.join(map(repr, stems))}")
                    break
    return found


def check_page(page: str | Document, lang: str, terms: tuple[Term, ...] | None = None) -> list[tuple[int, str]]:
    """(line, message) for each use of a word the glossary marks wrong in ``lang``, in the prose of a page
    (its text, or its :class:`Document`: not in code blocks or front matter; a diagram's caption is prose).

    A wrong word matches as a whole word; ``"фишк*"`` matches any word it begins.
    """
    prose = document(page).prose
    found = []
    for term in terms or load():
        for word in term.wrong.get(lang, ()):
            pattern = _wrong_pattern(word)
            for number, line in prose:
                if pattern.search(line):
                    right = term.words.get(lang, term.words["en"])
                    found.append((number, f"{word!r} is wrong for '{term.words['en']}' in {lang}: use {right!r}"))
    return sorted(found)
