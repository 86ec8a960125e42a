"""What the built site must hold, read from the sources themselves, not from the code under test.

The language table with ``tomllib``, the catalogs with Babel's ``read_po``,
the front matter with PyYAML, the pages' files from ``docs/``.
"""

from __future__ import annotations

import functools
import gettext
import re
import tomllib
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from .helpers import ROOT

#: Source file -> URL in its language, in the order of the navigation: the rules pages, the articles, the play page.
PAGES = {"index.md": "", "short.md": "short/", "long.md": "long/", "short-game.md": "short-game/",
         "long-game.md": "long-game/", "short-mistakes.md": "short-mistakes/", "long-mistakes.md": "long-mistakes/",
         "mars-and-koks.md": "mars-and-koks/", "play.md": "play/"}
#: The translators' guide: a page only some languages have (English, Russian), beside the rules pages.
GUIDE = ("translating.md", "translating/")


def searchable_pages(code: str) -> set[str]:
    """URLs of the pages of ``code`` that its search index covers: the rules pages and, if present, the guide."""
    pages = set(PAGES.values())
    if (ROOT / "docs" / code / GUIDE[0]).exists():
        pages.add(GUIDE[1])
    return pages

# The English msgids of the interface strings (the catalogs translate them).
REVIEW = (
    "This translation was made with machine help and awaits review by a native speaker. "
    "The rules and the diagrams are checked; the wording may still be improved."
)
NOT_FOUND_TITLE = "Page not found"
NOT_FOUND_TEXT = "There is no page at this address. The rules of both games are here:"


def table() -> dict:
    with open(ROOT / "locales" / "languages.toml", "rb") as handle:
        return tomllib.load(handle)["languages"]


def enabled() -> list[tuple[str, dict]]:
    return [(code, row) for code, row in table().items() if row["enabled"]]


def bcp47(code: str) -> str:
    return table()[code]["bcp47"]


@functools.lru_cache(maxsize=None)
def catalog(code: str):
    """The language's catalog, as Babel's ``read_po`` reads ``locales/<gettext>/LC_MESSAGES/messages.po``."""
    path = ROOT / "locales" / table()[code]["gettext"] / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as handle:
        return read_po(handle)


def catalog_text(code: str, msgid: str) -> str:
    """The language's translation of ``msgid``; the msgid itself when it has none (English)."""
    message = catalog(code).get(msgid)
    if message is None or not message.string or message.fuzzy:
        return msgid
    return message.string


def catalog_plural(code: str, msgid: str, msgid_plural: str, count: int) -> str:
    """The form of a plural message for ``count``, chosen by the catalog's own ``Plural-Forms`` rule
    (read by the standard library's ``gettext.c2py``); English's two forms when it has no translation."""
    found = catalog(code)
    message = found.get(msgid)
    if message is None or message.fuzzy or not isinstance(message.string, tuple) or not all(message.string):
        return msgid if count == 1 else msgid_plural
    return message.string[gettext.c2py(found.plural_expr)(count)]


def front_matter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    return (yaml.safe_load(match.group(1)) or {}) if match else {}


def review_pending(path: Path) -> bool:
    translation = front_matter(path).get("translation")
    return isinstance(translation, dict) and translation.get("review") == "pending"


def page_html(site: Path, code: str, url: str) -> Path:
    return site / code / url / "index.html"
