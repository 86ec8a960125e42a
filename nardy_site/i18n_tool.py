"""``scripts/i18n``: the translators' commands (Babel underneath).

    scripts/i18n extract            write the template locales/messages.pot from the code
    scripts/i18n update             extract, then update every catalog (create missing ones)
    scripts/i18n compile            compile every catalog: .mo files and the boards' JSON
    scripts/i18n check              everything a translator can break, named by file and line
    scripts/i18n status             per language: catalog, pages present/missing/outdated/awaiting review
    scripts/i18n new-language CODE  scaffold a language end to end (see nardy_site/scaffold.py)

``check`` fails (exit 1) on: a placeholder renamed, dropped or added in a
translation (``{name}``, ``%(name)s``); markup a translation adds to its msgid
(``<``, ``>``, ``&``, ``"``, a backtick, a control character:
``nardy_site.markup_chars``); a catalog that does not parse; GNU
``msgfmt --check`` errors; fuzzy or untranslated entries in a released
language; a template or a released catalog that differs from the messages the
code uses (extracted afresh: an entry the code uses that the catalog lacks,
one it no longer uses); a translated page whose structure differs from its source page
(heading ids, diagram blocks, tables and their figures, link targets); bad
``translation`` front matter; a word the glossary marks wrong in that
language; a letter the language's ``search_spelling`` respells (the pages
and the catalog write what a search query is respelled to). Every problem is
one line: ``file:line: what``.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po

from . import glossary, i18n, markup_chars, placeholders, status, structure, translation
from .languages import ROOT, Language, enabled, load, source

PYBABEL = str(Path(sys.executable).with_name("pybabel"))
TEMPLATE = ROOT / "locales" / "messages.pot"
DOCS = ROOT / "docs"


def extract(output: Path = TEMPLATE) -> None:
    """The template of every message the code marks for translation (``locales/messages.pot``)."""
    subprocess.run(
        [PYBABEL, "-q", "extract", "-F", "babel.cfg", "--no-default-keywords",
         "-k", "_", "-k", "N_", "-k", "NP_:1,2", "-k", "ngettext:1,2",
         "--add-comments=TRANSLATORS:", "--sort-by-file", "--no-wrap",
         "--project=nardy-rules", "--version=1.0", "--msgid-bugs-address=",
         "-o", str(output), "."],
        cwd=ROOT, check=True,
    )


def code_messages() -> dict:
    """The messages the code uses now, extracted afresh: {msgid (a string, or a tuple for plural forms): message}."""
    with tempfile.TemporaryDirectory(prefix="nardy-i18n-") as folder:
        fresh = Path(folder) / "messages.pot"
        extract(fresh)
        with open(fresh, "rb") as handle:
            return {message.id: message for message in read_po(handle) if message.id}


def update() -> None:
    extract()
    for lang in load():
        po = lang.catalog
        if not lang.enabled and not po.exists():
            continue
        command = "update" if po.exists() else "init"
        args = [PYBABEL, "-q", command, "-i", str(TEMPLATE), "-l", lang.babel, "-o", str(po), "--no-wrap"]
        if command == "update":
            args.append("--no-fuzzy-matching")
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(args, cwd=ROOT, check=True)
        print(f"{command}: {po.relative_to(ROOT)}")


def compile_catalogs() -> None:
    for lang in enabled():
        if not lang.catalog.exists():
            continue
        mo = lang.catalog.with_suffix(".mo")
        subprocess.run([PYBABEL, "-q", "compile", *([] if lang.released else ["--use-fuzzy"]),
                        "-i", str(lang.catalog), "-o", str(mo), "-l", lang.babel], cwd=ROOT, check=True)
        print(f"compiled: {mo.relative_to(ROOT)}")
    # The live boards' strings, as the build ships them (site/<lang>/assets/i18n.json).
    out = ROOT / "build" / "i18n"
    out.mkdir(parents=True, exist_ok=True)
    for lang in enabled():
        translator, _problems = i18n.load(lang)
        path = out / f"{lang.code}.json"
        path.write_text(json.dumps(i18n.board_catalog(translator), ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"compiled: {path.relative_to(ROOT)}")


# ---------------------------------------------------------------------- check


def check_template(used: dict) -> list[str]:
    """The template against the code: it must hold exactly the messages the code uses."""
    name = str(TEMPLATE.relative_to(ROOT))
    if not TEMPLATE.exists():
        return [f"{name}:1: the template does not exist (scripts/i18n update)"]
    with open(TEMPLATE, "rb") as handle:
        have = {message.id for message in read_po(handle) if message.id}
    added, gone = len(set(used) - have), len(have - set(used))
    if added or gone:
        return [f"{name}:1: out of date with the code: {added} message(s) the code uses are missing, {gone} it no "
                f"longer uses are still there (scripts/i18n update)"]
    return []


def _key(msgid) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def check_catalog(lang: Language, used: dict | None = None) -> list[str]:
    """Every problem of the language's catalog; ``used`` (:func:`code_messages`) adds the comparison with the code."""
    path = lang.catalog
    name = str(path.relative_to(ROOT))
    if not path.exists():
        return [f"{name}:1: the catalog does not exist (scripts/i18n update)"]
    found = []
    try:
        with open(path, "rb") as handle:
            catalog = read_po(handle, locale=lang.babel, abort_invalid=True)
    except (PoFileError, ValueError) as error:
        return [f"{name}: does not parse: {error}"]
    if used is not None and lang.released:
        # A message the code uses but the catalog lacks is shown in English (the code's msgid changed,
        # or no one ran scripts/i18n update); one it no longer uses is a translation nobody reads.
        have = {message.id: message for message in catalog if message.id}
        for msgid in sorted(set(used) - set(have), key=_key):
            where = ", ".join(f"{file}:{line}" for file, line in used[msgid].locations[:2])
            found.append(f"{name}:1: {_key(msgid)!r}: used by the code ({where}) but missing from the catalog "
                         f"(scripts/i18n update, then translate it)")
        for msgid in sorted(set(have) - set(used), key=_key):
            found.append(f"{name}:{have[msgid].lineno}: {_key(msgid)!r}: the code no longer uses it "
                         f"(scripts/i18n update marks it obsolete)")
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        where = f"{name}:{message.lineno}: {msgid!r}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if lang.released and message.fuzzy:
            found.append(f"{where}: fuzzy (check the translation, then remove the fuzzy flag)")
        elif lang.released and not all(strings):
            found.append(f"{where}: untranslated")
        wrong = placeholders.problem(message.id, message.string)
        if wrong:
            found.append(f"{where}: {wrong}")
        markup = markup_chars.added(message.id, message.string)
        if markup:
            found.append(f"{where}: {markup}")
        found += [f"{where}: {what}" for what in (misspelled(lang, text) for text in strings) if what]
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            found += [line for line in done.stderr.splitlines() if line.strip() and "warning:" not in line]
            if not any(name in line for line in done.stderr.splitlines()):
                found.append(f"{name}: msgfmt --check failed")
    else:
        found.append(f"{name}: msgfmt (Debian package gettext) is not installed; scripts/setup installs it")
    return found


def misspelled(lang: Language, text: str) -> str | None:
    """What in ``text`` the language's search spelling would respell, or None: search finds a word
    typed either way only if the pages already write it the respelled way."""
    spelled = lang.respell(text)
    if spelled == text:
        return None
    at = next(i for i, (a, b) in enumerate(zip(text, spelled)) if a != b)
    word = text[max(0, at - 12): at + 12].strip()
    return (f"{text[at]!r} in '{word}': this language's pages write {spelled[at]!r} "
            f"(search_spelling in locales/languages.toml)")


def check_pages(lang: Language) -> list[str]:
    found = []
    src = source()
    source_names = {p.name for p in (DOCS / src.code).glob("*.md")}
    for path in sorted((DOCS / lang.code).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(ROOT))
        for line, what in glossary.check_page(text, lang.code):
            found.append(f"{name}:{line}: {what}")
        for line, prose in glossary.prose_lines(text):
            what = misspelled(lang, re.sub(r"`[^`]*`", "", prose))  # a code span is quoted, not written
            if what:
                found.append(f"{name}:{line}: {what}")
        if lang.source:
            continue
        meta = status.front_matter(path)
        for line, what in translation.problems(meta, text, source_names):
            found.append(f"{name}:{line}: {what}")
        front = meta.get("translation")
        origin = front.get("source", path.name) if isinstance(front, dict) else path.name
        source_path = DOCS / src.code / origin
        if source_path.exists():
            differences = structure.compare(source_path.relative_to(ROOT), path.relative_to(ROOT))
            if differences:
                found.append(differences[0] + (f" (and {len(differences) - 1} more)" if len(differences) > 1 else ""))
    if lang.released:
        for page in sorted(source_names):
            if not (DOCS / lang.code / page).exists():
                found.append(f"docs/{lang.code}/{page}:1: missing in a released language")
    return found


def check(codes: list[str] | None = None) -> int:
    used = code_messages()
    problems = check_template(used)
    for problem in problems:
        print(problem)
    failed = bool(problems)
    for lang in enabled():
        if codes and lang.code not in codes:
            continue
        problems = check_catalog(lang, used) + check_pages(lang)
        for problem in problems:
            print(problem)
        print(f"{lang.code}: {'FAIL' if problems else 'ok'}")
        failed |= bool(problems)
    return 1 if failed else 0


# ---------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/i18n", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract")
    commands.add_parser("update")
    commands.add_parser("compile")
    check_parser = commands.add_parser("check")
    check_parser.add_argument("languages", nargs="*", help="only these language codes")
    commands.add_parser("status")
    new = commands.add_parser("new-language")
    new.add_argument("code", help="the site's code for it, e.g. tk (Turkmen) or tr (Turkish)")
    new.add_argument("--name", help="its name in itself (default: from Babel's locale data)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        compile_catalogs()
    elif args.command == "check":
        return check(args.languages)
    elif args.command == "status":
        print(status.format_report(status.report()))
    elif args.command == "new-language":
        from .scaffold import ScaffoldError, new_language

        try:
            for line in new_language(args.code, args.name):
                print(line)
        except ScaffoldError as error:
            print(f"new-language: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
