"""``scripts/i18n``: the translators' commands (Babel underneath).

    scripts/i18n extract            write the template locales/messages.pot from the code
    scripts/i18n update             extract, then update every catalog (create missing ones)
    scripts/i18n compile            compile every catalog: .mo files and the boards' JSON
    scripts/i18n check              everything a translator can break, named by file and line
    scripts/i18n status             per language: catalog, pages present/missing/awaiting review, outdated sections
    scripts/i18n diff LANG/PAGE     the source page's changes since the translation was made, section by section
    scripts/i18n done LANG/PAGE     record the translation as following its source again (after the structure check)
    scripts/i18n new-language CODE  scaffold a language end to end (see nardy_site/translations/scaffold.py)

``check`` fails (exit 1) on: a placeholder renamed, dropped or added in a
translation (``{name}``, ``%(name)s``); markup a translation adds to its msgid
(``<``, ``>``, ``&``, ``"``, a backtick, a control character:
``nardy_site.translations.markup_chars``); a catalog that does not parse; GNU
``msgfmt --check`` errors; fuzzy or untranslated entries in a released
language; a template or a released catalog that differs from the messages the
code uses (extracted afresh: an entry the code uses that the catalog lacks,
one it no longer uses); a translated page whose structure differs from its source page
(heading ids, diagram blocks, tables and their figures, link targets); bad
``translation`` front matter; a word the glossary marks wrong in that
language; a letter the language's ``search_spelling`` respells (the pages
and the catalog write what a search query is respelled to). Every problem is
one line: ``file:line: what``. A section whose source changed since the
translation was made current is a warning (``file:line: warning: ...``), not a
failure: readers see the page with a notice meanwhile.

``diff`` exits 1 when the text the translation was made from cannot be found
(it lists the changed sections all the same); ``done`` exits 1, naming the
first difference, while the page's structure differs from its source page.
Both exit 2 with one line for a page name that names no translated page and
for a page that cannot be read (``nardy_site.markdown_reader.PageError``:
every command reads pages through that reader, so ``check`` and ``status``
name such a page the same way).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po

from .app import live_assets
from .page import sections, structure
from .page.excerpt import excerpt
from .page.markdown_reader import PageError, page_text, read, read_file, shown_name, without_code_spans
from .paths import ROOT, display
from .translations import glossary, i18n, markup_chars, source_history, status, translation
from .translations.languages import Language, enabled, get, load, source

PYBABEL = str(Path(sys.executable).with_name("pybabel"))
TEMPLATE = ROOT / "locales" / "messages.pot"


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
        path.write_text(json.dumps(live_assets.catalog(translator), ensure_ascii=False, indent=1), encoding="utf-8")
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
    name = display(path)
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
        where = i18n.entry_name(name, message)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        # The same lines as the build's (nardy_site.translations.i18n.load), for the same entries.
        for problem in (i18n.untranslated(name, message) if lang.released else None,
                        i18n.placeholder_problem(name, message)):
            if problem:
                found.append(problem)
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
    source_names = set(source().pages())
    for path in sorted(lang.docs.glob("*.md")):
        found += page_problems(lang, path, source_names)
    if lang.released:
        for page_name in sorted(source_names):
            if not (lang.docs / page_name).exists():
                found.append(f"docs/{lang.code}/{page_name}:1: missing in a released language")
    return found


def page_problems(lang: Language, path: Path, source_names: set[str]) -> list[str]:
    """Every problem of one page of ``lang`` (``file:line: what``): what ``check`` says of it."""
    try:
        page = read_file(path)
    except PageError as error:
        return [str(error)]
    found = []
    name = display(path)
    for line, what in glossary.check_page(page, lang.code):
        found.append(f"{name}:{line}: {what}")
    for line, prose in page.prose:
        what = misspelled(lang, without_code_spans(prose))  # a code span is quoted, not written
        if what:
            found.append(f"{name}:{line}: {what}")
    required = not lang.source and path.name in source_names
    for line, what in translation.problems(page, None if lang.source else source_names, required=required):
        found.append(f"{name}:{line}: {what}")
    if lang.source:
        return found
    record = translation.record(page.meta)
    origin = (record.source if record is not None else None) or path.name
    if origin in source_names:
        src = source().docs / origin
        try:
            source_page = read_file(src)
        except PageError as error:
            return found + [str(error)]
        differences = structure.compare_texts(source_page, page, display(src), name)
        if differences:
            found.append(differences[0] + (f" (and {len(differences) - 1} more)" if len(differences) > 1 else ""))
    return found


def outdated_warnings(lang: Language) -> list[str]:
    """A line for each section of the language's pages whose source changed since the translation was made
    current, at the line of its heading in the translation (the page's first line when it has none)."""
    found = []
    if lang.source:
        return found
    for path in sorted(lang.docs.glob("*.md")):
        try:
            page = read_file(path)
        except PageError:
            continue  # check_pages names it
        track = status.tracking(page.meta, path.name)
        if track is None or not track.outdated:
            continue
        name, label = display(path), f"{lang.code}/{path.name}"
        if track.untracked:
            found.append(f"{name}:{page.key_line('translation')}: warning: outdated: {track.untracked}")
        lines = {heading.id: heading.line for heading in page.headings if heading.id}
        for change in track.changes:
            found.append(f"{name}:{lines.get(change.section, 1)}: warning: #{change.section}: "
                         f"{sections.DESCRIPTIONS[change.kind]} (scripts/i18n diff {label})")
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
        warnings = outdated_warnings(lang)
        for line in problems + warnings:
            print(line)
        note = f" ({len(warnings)} outdated: scripts/i18n status)" if warnings else ""
        print(f"{lang.code}: {'FAIL' if problems else 'ok'}{note}")
        failed |= bool(problems)
    return 1 if failed else 0


# ---------------------------------------------------------------------- diff, done


class PageNameError(ValueError):
    """A page argument that names no translated page."""


def translated_page(name: str) -> tuple[Language, Path]:
    """The language and file of a translated page named ``kk/short.md`` (or ``docs/kk/short.md``, or its path)."""
    shown = excerpt(name)  # a name can be as long as the command line: quoted bounded
    path = Path(name)
    if path.is_absolute():
        try:
            path = path.resolve().relative_to(ROOT)
        except (ValueError, OSError):
            raise PageNameError(f"{shown} is not in this repository") from None
    parts = path.parts[1:] if path.parts[:1] == ("docs",) else path.parts
    if len(parts) != 2 or not parts[1].endswith(".md"):
        raise PageNameError(f"{shown}: name a translated page as <language>/<page>.md, e.g. kk/short.md")
    try:
        lang = get(parts[0])
    except KeyError:
        raise PageNameError(f"{shown}: {excerpt(parts[0])} is not a language of locales/languages.toml") from None
    if lang.source:
        raise PageNameError(f"{shown} is a page of the source language, which translations follow")
    file = lang.docs / parts[1]
    if parts[1] not in {page.name for page in lang.docs.glob("*.md")}:  # no file system call on the name itself
        raise PageNameError(f"{shown}: {shown_name(file)} does not exist")
    return lang, file


def diff(name: str) -> int:
    """Print the unified diff of the source page, section by section, from the text the page was translated
    from to the text now."""
    return diff_page(*translated_page(name))


def diff_page(lang: Language, path: Path) -> int:
    """:func:`diff` of the page file ``path`` of ``lang``."""
    label = f"{lang.code}/{path.name}"
    page = read_file(path)
    track = status.tracking(page.meta, path.name)
    if track is None:
        print(f"{label}: has no translation front matter, so it follows no source page")
        return 1
    if track.untracked:
        print(f"{label}: {track.untracked}: nothing to compare (scripts/i18n done {label} records it once the "
              f"page follows its source)")
        return 1
    source_name = display(track.source_path)
    if not track.changes:
        print(f"{label}: follows {source_name} as it is now: nothing changed")
        return 0
    blob = track.record.blob
    old = source_history.read_blob(blob) if blob else None
    if old is None:
        print(f"{label}: the text of {source_name} it was translated from (git blob {blob}) is not in this "
              f"repository's git objects (a shallow clone, a copy without .git, or no git), so its changes cannot "
              f"be shown; the sections that changed:")
        for change in track.changes:
            print(f"  {change.describe(label)}")
        return 1
    before, now = read(page_text(old, f"{source_name}@{blob[:12]}")), read_file(track.source_path)
    if sections.digests(before) != track.record.sections:
        print(f"note: translation.sections of {label} are not the sections of blob {blob[:12]}: the diff is from "
              f"that blob's text")
    for change in track.changes:
        print(change.describe(label))
        for line in sections.section_diff(before, now, change, f"{source_name}@{blob[:12]}", source_name):
            print(line)
    return 0


def mark_done(name: str) -> int:
    """Record the translation as following its source page as it is now, if its structure matches it."""
    return mark_done_page(*translated_page(name))


def mark_done_page(lang: Language, path: Path) -> int:
    """:func:`mark_done` of the page file ``path`` of ``lang``."""
    label = f"{lang.code}/{path.name}"
    text = page_text(path.read_bytes(), display(path))
    page = read(text)
    src = source()
    wrong = translation.problems(page, set(src.pages()), recorded=False)
    if wrong:
        line, what = wrong[0]
        print(f"{display(path)}:{line}: {what}")
        return 1
    if "translation" not in page.meta:
        print(f"{display(path)}:1: has no translation front matter: add\n---\ntranslation:\n  source: {path.name}\n"
              f"---\nat the top (or keep its front matter and add the translation key), then run done again")
        return 1
    record = translation.record(page.meta)
    source_path = src.docs / record.source
    differences = structure.compare_texts(read_file(source_path), page, display(source_path), display(path))
    if differences:
        more = f" (and {len(differences) - 1} more)" if len(differences) > 1 else ""
        print(f"{label}: not recorded: its structure differs from {display(source_path)}: {differences[0]}{more}")
        return 1
    data = source_path.read_bytes()
    new = translation.record_of(record.source, data, display(source_path))
    path.write_text(translation.with_record(text, new), encoding="utf-8")
    print(f"{label}: recorded as following {display(source_path)} (blob {new.blob[:12]}, {len(new.sections)} sections)")
    if not source_history.store_blob(data):
        print(f"note: no git repository here to keep that text in: scripts/i18n diff {label} will show changes "
              f"from it only where git has it (once it is committed)")
    return 0


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
    for command, what in (("diff", "the source page's changes since the translation, section by section"),
                          ("done", "record the translation as following its source page again")):
        sub = commands.add_parser(command, help=what)
        sub.add_argument("page", help="the translated page, e.g. kk/short.md")
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
    elif args.command in ("diff", "done"):
        try:
            return (diff if args.command == "diff" else mark_done)(args.page)
        except (PageNameError, PageError) as error:
            print(f"{args.command}: {error}", file=sys.stderr)
            return 2
    elif args.command == "new-language":
        from .translations.scaffold import ScaffoldError, new_language

        try:
            for line in new_language(args.code, args.name):
                print(line)
        except ScaffoldError as error:
            print(f"new-language: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
