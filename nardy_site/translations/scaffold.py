"""``scripts/i18n new-language CODE``: add a language to the site in one step.

It writes, for example for Turkmen (``tk``):

1. ``locales/languages.toml``: a row (name from Babel's locale data, Babel and
   gettext codes, BCP 47 tag), enabled and not yet released;
2. ``config/tk.yml``: the language's MkDocs configuration, from the source's;
3. ``docs/tk/``: the source language's pages, copied with
   ``translation: {source, source_blob, sections, review: pending}`` so each shows the
   review banner until translated and reviewed;
4. ``locales/tk/LC_MESSAGES/messages.po``: the catalog, with the plural forms
   of Babel's locale data;
5. Material's interface strings: Material's own when it has the language,
   otherwise ``overrides/partials/languages/tk.html``, which falls back to
   English key by key until translated.

The site builds with the new language at once (an unreleased language may
have untranslated messages and pages: they show in English or in the source
language). Set ``released = true`` in its row when everything is translated;
``scripts/i18n check`` then holds it to the same standard as the others.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po

from ..page.markdown_reader import PageError, page_text, read
from ..paths import display
from .languages import ROOT, load, source
from .translation import block, record_of

MATERIAL_PARTIALS = Path(__import__("material").__file__).parent / "templates" / "partials" / "languages"
CODE = re.compile(r"^[a-z]{2,3}$")


class ScaffoldError(ValueError):
    pass


def _babel_locale(code: str) -> Locale:
    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        raise ScaffoldError(f"Babel has no locale data for {code!r}; use an ISO 639 code it knows") from None


def _front_matter(data: bytes, page: str, file: str) -> str:
    """The source page's text with ``translation`` front matter added (its own front matter kept); ``file`` names
    it in a :class:`~nardy_site.markdown_reader.PageError`."""
    text = page_text(data, file)
    translation = block(record_of(page, data, file), review_pending=True)
    front = read(text).front_matter
    if front is not None:  # before its closing line (the reader's lines end at "\n", as split here)
        closing = sum(len(line) + 1 for line in text.split("\n")[: front.end - 1])
        return text[:closing] + translation + text[closing:]
    return f"---\n{translation}---\n\n{text}"


def new_language(code: str, name: str | None = None, root: Path = ROOT) -> list[str]:
    """Scaffold ``code``; returns what was done, one line each. Raises :class:`ScaffoldError`."""
    if not CODE.match(code):
        raise ScaffoldError(f"{code!r}: a language code is two or three lower-case letters (ISO 639), e.g. tk")
    table = root / "locales" / "languages.toml"
    if any(lang.code == code for lang in load(table)):
        raise ScaffoldError(f"{code!r} is already in {table.relative_to(root)}")
    locale = _babel_locale(code)
    src = source(table)
    # The pages first, through the pages' reader: one that cannot be read stops the scaffold before it writes.
    pages = {}
    for page in sorted((root / "docs" / src.code).glob("*.md")):
        try:
            pages[page.name] = _front_matter(page.read_bytes(), page.name, display(page))
        except PageError as error:
            raise ScaffoldError(str(error)) from None
    name = name or (locale.get_display_name(code) or code)
    name = name[:1].upper() + name[1:]
    done = []

    # Material's theme.language is the code either way: Material's own strings when it
    # has them, otherwise the fallback partial written below (in overrides/, which the
    # base configuration's theme.custom_dir adds).
    material = code
    row = (f'\n[languages.{code}]\nname = "{name}"\nmaterial = "{material}"\nbabel = "{locale}"\n'
           f'gettext = "{code}"\nbcp47 = "{code}"\nenabled = true\nsource = false\nreleased = false\n')
    with open(table, "a", encoding="utf-8") as handle:
        handle.write(row)
    load.cache_clear()
    done.append(f"locales/languages.toml: [languages.{code}] {name}, enabled, not released")

    config_src = (root / "config" / f"{src.code}.yml").read_text(encoding="utf-8")
    config = re.sub(rf"/{src.code}/", f"/{code}/", config_src)
    config = config.replace(f"docs/{src.code}", f"docs/{code}").replace(f"site/{src.code}", f"site/{code}")
    config = re.sub(r"(?m)^(\s*language:\s*).*$", rf"\g<1>{material}", config)
    config = re.sub(r"(?m)^# .*$", f"# {name}. Build: scripts/build.", config, count=1)
    config = re.sub(r"(?m)^site_name: .*$", "site_name: Nardy", config)
    config = re.sub(r"(?m)^site_description: .*$", "site_description: The rules of short and long nardy.", config)
    (root / "config" / f"{code}.yml").write_text(config, encoding="utf-8")
    done.append(f"config/{code}.yml")

    folder = root / "docs" / code
    folder.mkdir(parents=True, exist_ok=True)
    for page_name, text in pages.items():
        (folder / page_name).write_text(text, encoding="utf-8")
        done.append(f"docs/{code}/{page_name}: copied from {src.code}, review: pending")

    catalog = root / "locales" / code / "LC_MESSAGES" / "messages.po"
    catalog.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(Path(sys.executable).with_name("pybabel")), "-q", "init", "-i",
                    str(root / "locales" / "messages.pot"), "-l", str(locale), "-o", str(catalog), "--no-wrap"],
                   check=True)
    with open(catalog, "rb") as handle:
        plural_forms = read_po(handle, locale=str(locale)).plural_forms
    done.append(f"locales/{code}/LC_MESSAGES/messages.po: Plural-Forms from Babel's locale data: {plural_forms}")

    if not (MATERIAL_PARTIALS / f"{material}.html").exists():
        partial = root / "overrides" / "partials" / "languages" / f"{material}.html"
        partial.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(_fallback_partial(material), encoding="utf-8")
        done.append(f"overrides/partials/languages/{material}.html: Material has no {name} strings; "
                    "English until translated")
    else:
        done.append(f"Material's own {material} interface strings")
    done.append(f"next: translate docs/{code}/ and the catalog, then set released = true "
                f"(scripts/i18n status, scripts/i18n check {code})")
    return done


def _fallback_partial(code: str) -> str:
    """A Material language partial that answers only "language"; Material falls back to English for the rest."""
    return (
        "{#- Material for MkDocs has no interface strings for this language yet (scripts/i18n new-language).\n"
        "    Material looks each key up here first and in English when it is missing: translate the keys of\n"
        "    material/templates/partials/languages/en.html into this file to replace the English ones. -#}\n"
        "{% macro t(key) %}{{ {\n"
        f'  "language": "{code}",\n'
        '  "direction": "ltr",\n'
        '  "search.config.lang": "en",\n'
        '  "search.config.pipeline": "",\n'
        "}[key] }}{% endmacro %}\n"
    )
