"""The site's languages, read from ``locales/languages.toml`` (the one mapping table).

Every tool names a language its own way (Material ``uz``, Babel ``uz_Latn``,
gettext ``uz@latin``, BCP 47 ``uz-Latn``); everything that needs one of these
names asks this module instead of spelling it again.

``python -m nardy_site.translations.languages [enabled|all|source]`` prints site codes, one
per line (``scripts/build`` loops over ``enabled``).

Adding a language (for example Russian, ``ru``):

1. ``locales/languages.toml``: set ``enabled = true`` in its row.
2. ``config/ru.yml``: copy ``config/uz.yml`` and change the code in it
   (``docs_dir``, ``site_dir``, ``site_url``, ``theme.language``) and the
   ``site_name``; the build checks that the file agrees with the table.
3. ``docs/ru/``: the three pages (CONTRIBUTING.md).
4. ``scripts/i18n update`` creates ``locales/<gettext>/LC_MESSAGES/messages.po``
   from the template; translate every message (the build fails on a missing one).
5. Material's interface strings: if ``material/templates/partials/languages/``
   has no ``<material>.html`` for it (Kazakh), write
   ``overrides/partials/languages/<material>.html`` (every key of Material's
   ``en.html``; ``tests/site/test_partials.py``).
6. ``scripts/build`` and ``.venv/bin/python -m pytest tests/site tests/browser``.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..paths import ROOT

TABLE = ROOT / "locales" / "languages.toml"
FIELDS = ("name", "material", "babel", "gettext", "bcp47", "enabled", "source")
#: Optional fields and their defaults. ``released``: the language is complete and
#: kept complete (its catalog may have no untranslated or fuzzy entry, every page
#: must exist); a language added with ``scripts/i18n new-language`` starts unreleased.
#: ``search_spelling``: ``[pattern, letters]`` pairs, applied in order, that bring
#: what readers type to the letters the pages write (Uzbek ' for ʻ, Russian ё
#: for е). assets/nardy.js applies them to a search query before Material reads
#: it; ``scripts/i18n check`` holds the pages and the catalog to them (a line the
#: rules would change is misspelled for search). The patterns are regular
#: expressions both Python and JavaScript read the same way (no backreferences,
#: no flags); the letters are inserted literally.
OPTIONAL = {"released": True, "search_spelling": ()}


@dataclass(frozen=True)
class Language:
    #: The site's code: docs/<code>/, config/<code>.yml, site/<code>/.
    code: str
    #: The language's name in itself ("Oʻzbekcha").
    name: str
    #: Material for MkDocs ``theme.language``.
    material: str
    #: Babel locale identifier (plural rules).
    babel: str
    #: gettext catalog folder under ``locales/``.
    gettext: str
    #: BCP 47 tag for ``lang`` and ``hreflang``.
    bcp47: str
    enabled: bool
    source: bool
    released: bool = True
    search_spelling: tuple[tuple[str, str], ...] = ()

    def respell(self, text: str) -> str:
        """``text`` in the pages' spelling (``search_spelling``); unchanged for most languages."""
        for pattern, letters in self.search_spelling:
            text = re.sub(pattern, lambda _match, letters=letters: letters, text)
        return text

    @property
    def catalog(self) -> Path:
        """The translations of this language: ``locales/<gettext>/LC_MESSAGES/messages.po``."""
        return ROOT / "locales" / self.gettext / "LC_MESSAGES" / "messages.po"

    @property
    def config(self) -> Path:
        """This language's MkDocs configuration."""
        return ROOT / "config" / f"{self.code}.yml"

    @property
    def docs(self) -> Path:
        """This language's pages: ``docs/<code>/``."""
        return ROOT / "docs" / self.code

    def pages(self) -> list[str]:
        """The file names of this language's pages (``index.md``, ``short.md``, ...), sorted."""
        return sorted(path.name for path in self.docs.glob("*.md"))


class LanguageTableError(ValueError):
    pass


@cache
def load(path: Path = TABLE) -> tuple[Language, ...]:
    """Every language of the table, in its order; raises :class:`LanguageTableError` if it is inconsistent."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    rows = data.get("languages")
    if not isinstance(rows, dict) or not rows:
        raise LanguageTableError(f"{path}: expected [languages.<code>] tables")
    languages = []
    for code, row in rows.items():
        missing = [name for name in FIELDS if name not in row]
        unknown = sorted(set(row) - set(FIELDS) - set(OPTIONAL))
        if missing or unknown:
            raise LanguageTableError(f"{path}: [languages.{code}]: missing {missing}, unknown {unknown}")
        for name in FIELDS + tuple(n for n in OPTIONAL if n in row and n != "search_spelling"):
            want = bool if name in ("enabled", "source", "released") else str
            if not isinstance(row[name], want) or (want is str and not row[name].strip()):
                raise LanguageTableError(f"{path}: [languages.{code}] {name} must be a {want.__name__}")
        extra = {name: row.get(name, default) for name, default in OPTIONAL.items()}
        extra["search_spelling"] = _spelling(path, code, extra["search_spelling"])
        languages.append(Language(code=code, **{name: row[name] for name in FIELDS}, **extra))
    for name in ("material", "babel", "gettext", "bcp47"):
        values = [getattr(lang, name) for lang in languages]
        if len(set(values)) != len(values):
            raise LanguageTableError(f"{path}: two languages share a {name} code")
    sources = [lang for lang in languages if lang.source]
    if len(sources) != 1 or not sources[0].enabled:
        raise LanguageTableError(f"{path}: exactly one language must be the source, and it must be enabled")
    return tuple(languages)


def _spelling(path: Path, code: str, rules) -> tuple[tuple[str, str], ...]:
    where = f"{path}: [languages.{code}] search_spelling"
    if not isinstance(rules, (list, tuple)):
        raise LanguageTableError(f"{where} must be a list of [pattern, letters] pairs")
    for rule in rules:
        if not (isinstance(rule, list) and len(rule) == 2 and all(isinstance(part, str) and part for part in rule)):
            raise LanguageTableError(f"{where}: {rule!r} is not a [pattern, letters] pair of strings")
        try:
            re.compile(rule[0])
        except re.error as error:
            raise LanguageTableError(f"{where}: {rule[0]!r} is not a regular expression ({error})") from None
        if re.search(r"\\[1-9gkpP]|\(\?P|\(\?[aiLmsux]", rule[0]):
            raise LanguageTableError(f"{where}: {rule[0]!r} uses syntax JavaScript reads differently")
    return tuple((pattern, letters) for pattern, letters in rules)


def enabled(path: Path = TABLE) -> list[Language]:
    return [lang for lang in load(path) if lang.enabled]


def source(path: Path = TABLE) -> Language:
    return next(lang for lang in load(path) if lang.source)


def get(code: str, path: Path = TABLE) -> Language:
    for lang in load(path):
        if lang.code == code:
            return lang
    raise KeyError(f"no language {code!r} in {path}")


def by_material(material: str, path: Path = TABLE) -> Language:
    """The language whose Material ``theme.language`` is ``material``."""
    for lang in load(path):
        if lang.material == material:
            return lang
    raise KeyError(f"no language with theme.language {material!r} in {path}")


def main(argv: list[str]) -> int:
    which = argv[0] if argv else "enabled"
    if which == "enabled":
        codes = [lang.code for lang in enabled()]
    elif which == "all":
        codes = [lang.code for lang in load()]
    elif which == "source":
        codes = [source().code]
    else:
        print("usage: python -m nardy_site.translations.languages [enabled|all|source]", file=sys.stderr)
        return 2
    print("\n".join(codes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
