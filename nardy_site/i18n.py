"""Translations of the site's generated text, from gettext catalogs read with Babel.

English is the msgid; each language's catalog is
``locales/<gettext>/LC_MESSAGES/messages.po`` (see ``nardy_site.languages``),
made from the template ``locales/messages.pot`` (``scripts/i18n``). Messages
are whole sentences or list items with named ``{placeholders}``; ``NP_``
messages have plural forms chosen by ``{count}``.

The catalogs are read as text at build time (no compiled ``.mo`` files).
A translation that uses a placeholder its msgid does not have, or drops one,
is an error (``pybabel compile`` lets a renamed ``{count}`` through).
"""

from __future__ import annotations

import gettext as _gettext
import string
from pathlib import Path

from babel.messages.pofile import read_po

from nardy_rules.reasons import N_, NP_  # noqa: F401  (markers for the extractor)

from .languages import Language

# Interface strings the site sets in the theme and on the boards.
UI = {
    # TRANSLATORS: tooltip of the palette toggle, in the light scheme.
    "dark": N_("Switch to dark mode"),
    # TRANSLATORS: tooltip of the palette toggle, in the dark scheme.
    "light": N_("Switch to light mode"),
    # TRANSLATORS: tooltip of the link symbol after each heading.
    "permalink": N_("Permanent link"),
    # TRANSLATORS: the word before each side's pip count on a board diagram ("pips 167").
    "pips": N_("pips"),
    # TRANSLATORS: banner on a page translated with machine help, until a native speaker has reviewed it.
    "review-pending": N_(
        "This translation was made with machine help and awaits review by a native speaker. "
        "The rules and the diagrams are checked; the wording may still be improved."
    ),
    # TRANSLATORS: banner on a page shown in another language because it is not translated yet;
    # {language} is that language's name in itself, e.g. "Oʻzbekcha".
    "not-translated": N_("This page is not translated into your language yet, so it is shown in {language}."),
    # TRANSLATORS: title of the "page not found" (404) page.
    "not-found-title": N_("Page not found"),
    # TRANSLATORS: text of the "page not found" (404) page, before the links to the three pages.
    "not-found-text": N_("There is no page at this address. The rules of both games are here:"),
    # TRANSLATORS: label of the language list on the site's root page and in the header.
    "languages": N_("Languages"),
}


class CatalogError(ValueError):
    pass


def fields(text: str) -> set[str]:
    """The named ``{placeholders}`` of a message."""
    names = set()
    for _literal, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


class Translator:
    """gettext and ngettext over one catalog; untranslated messages fall back to English."""

    def __init__(self, messages: dict | None = None, plural=None, language: Language | None = None):
        self.messages = messages or {}
        self.plural = plural or (lambda n: int(n != 1))
        self.language = language
        #: msgids asked for but absent or untranslated in the catalog.
        self.missing: set[str] = set()

    @property
    def needs_translation(self) -> bool:
        """False for English, whose msgids are the text."""
        return self.language is not None and self.language.babel.split("_")[0] != "en"

    def gettext(self, message: str) -> str:
        text = self.messages.get(message)
        if isinstance(text, str) and text:
            return text
        self.missing.add(message)
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        forms = self.messages.get(singular)
        if isinstance(forms, tuple) and all(forms):
            index = self.plural(count)
            return forms[min(index, len(forms) - 1)]
        self.missing.add(singular)
        return singular if count == 1 else plural


def check_message(msgid, string_) -> str | None:
    """Why a translation does not fit its msgid (placeholders), or None."""
    ids = msgid if isinstance(msgid, tuple) else (msgid,)
    forms = string_ if isinstance(string_, tuple) else (string_,)
    want = set().union(*(fields(m) for m in ids))
    for form in forms:
        if not form:
            continue
        try:
            have = fields(form)
        except ValueError as error:
            return f"{form!r}: {error}"
        if have - want:
            return f"{form!r} uses {sorted(have - want)}, which {ids[0]!r} does not have"
        lost = want - have - ({"count"} if isinstance(msgid, tuple) else set())
        if lost:
            return f"{form!r} drops {sorted(lost)}"
    return None


def load(language: Language) -> tuple[Translator, list[str]]:
    """The language's translator, and the catalog's problems that are not fatal (untranslated messages).

    Raises :class:`CatalogError` for a translation whose placeholders do not
    fit its msgid. A missing catalog is all untranslated.
    """
    path: Path = language.catalog
    if not path.exists():
        translator = Translator(language=language)
        problems = [f"{path} does not exist"] if translator.needs_translation else []
        return translator, problems
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=language.babel)
    messages: dict = {}
    problems = []
    errors = []
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(f"{path}: untranslated{' (fuzzy)' if message.fuzzy else ''}: {key!r}")
            continue
        problem = check_message(message.id, message.string)
        if problem:
            errors.append(f"{path}:{message.lineno}: {problem}")
            continue
        messages[key] = message.string
    if errors:
        raise CatalogError("\n".join(errors))
    plural = _gettext.c2py(catalog.plural_expr)
    translator = Translator(messages, plural, language)
    return translator, problems if translator.needs_translation else []
