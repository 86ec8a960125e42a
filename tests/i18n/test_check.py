"""scripts/i18n check: passes on the repository, fails naming file, line and problem on each kind of breakage."""

import re
import subprocess

import pytest

from nardy_site.translations.languages import enabled
from nardy_site.translations.placeholders import problem

from .conftest import ROOT, run


def i18n(repo, *args):
    return run(repo, "nardy_site.i18n_tool", *args)


def test_check_passes_on_the_repository():
    done = subprocess.run([str(ROOT / "scripts" / "i18n"), "check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert all(f"{lang.code}: ok" in done.stdout for lang in enabled())


def _edit(path, old_pattern, new, count=1):
    text = path.read_text(encoding="utf-8")
    changed, n = re.subn(old_pattern, new, text, count=count, flags=re.MULTILINE)
    assert n == count, f"{old_pattern!r} not found in {path}"
    path.write_text(changed, encoding="utf-8")
    return text[: re.search(old_pattern, text, flags=re.MULTILINE).start()].count("\n") + 1


@pytest.mark.parametrize("lang", [lang for lang in enabled() if lang.code != "en"], ids=lambda each: each.code)
def test_a_renamed_placeholder_fails_naming_the_entry(repo, lang):
    catalog = repo / lang.catalog.relative_to(ROOT)
    text = catalog.read_text(encoding="utf-8")
    # A msgstr line that uses {point}: rename it.
    match = re.search(r'^(msgstr(?:\[\d\])? ".*?)\{point\}', text, flags=re.MULTILINE)
    assert match, f"{catalog} has no translation with {{point}}"
    catalog.write_text(text[:match.start()] + match.group(1) + "{punkt}" + text[match.end():], encoding="utf-8")
    done = i18n(repo, "check", lang.code)
    assert done.returncode == 1
    assert f"{lang.catalog.relative_to(ROOT)}:" in done.stdout
    assert "renames {point} to {punkt}" in done.stdout
    assert f"{lang.code}: FAIL" in done.stdout


def test_a_renamed_count_in_english_too(repo):
    catalog = repo / "locales/en/LC_MESSAGES/messages.po"
    _edit(catalog, r'^(msgstr\[1\] ".*?)\{count\}', r"\1{n}")
    done = i18n(repo, "check", "en")
    assert done.returncode == 1 and "renames {count} to {n}" in done.stdout


def test_fuzzy_and_untranslated_entries_fail_in_a_released_language(repo):
    catalog = repo / "locales/ru/LC_MESSAGES/messages.po"
    _edit(catalog, r'^msgid "Page not found"\nmsgstr ".*"$', 'msgid "Page not found"\nmsgstr ""')
    _edit(catalog, r'^(msgid "Languages")$', "#, fuzzy\n\\1")
    done = i18n(repo, "check", "ru")
    assert done.returncode == 1
    assert "'Page not found': untranslated" in done.stdout
    assert "'Languages': fuzzy" in done.stdout


def test_a_syntax_error_fails(repo):
    catalog = repo / "locales/kk/LC_MESSAGES/messages.po"
    _edit(catalog, r'^msgstr "(.+)"$', r'msgstr "\1')
    done = i18n(repo, "check", "kk")
    assert done.returncode == 1 and "locales/kk/LC_MESSAGES/messages.po" in done.stdout


def test_a_changed_heading_id_fails_naming_the_page_and_line(repo):
    line = _edit(repo / "docs/ru/short.md", r"\{ #hitting \}", "{ #beating }")
    done = i18n(repo, "check", "ru")
    assert done.returncode == 1
    assert f"docs/ru/short.md:{line}: heading id 'beating' where docs/uz/short.md has 'hitting'" in done.stdout


def test_a_changed_diagram_body_fails(repo):
    line = _edit(repo / "docs/hy/long.md", r"^expect: pips 360 360$", "expect: pips 360 361")
    done = i18n(repo, "check", "hy")
    assert done.returncode == 1
    assert f"docs/hy/long.md:{line}: diagram 'long-setup': body differs" in done.stdout


def test_a_changed_table_figure_fails(repo):
    line = _edit(repo / "docs/az/short.md", r"^\| 7 \| 6 \| 17% \|$", "| 7 | 7 | 17% |")
    done = i18n(repo, "check", "az")
    assert done.returncode == 1 and f"docs/az/short.md:{line}: table 'hit-chances'" in done.stdout


def test_a_changed_link_target_fails(repo):
    _edit(repo / "docs/en/short.md", r"\]\(long\.md\)", "](long.html)")
    done = i18n(repo, "check", "en")
    assert done.returncode == 1 and "link to 'long.html', which docs/uz/short.md does not have" in done.stdout


def test_a_wrong_glossary_term_fails(repo):
    line = _edit(repo / "docs/ru/long.md", r"шашк", "фишк")
    done = i18n(repo, "check", "ru")
    assert done.returncode == 1 and f"docs/ru/long.md:{line}: 'фишк*' is wrong" in done.stdout


def test_a_letter_search_respells_fails_on_a_page_and_in_a_catalog(repo):
    # Russian pages write е for ё (search_spelling): a ё in prose, caption or catalog is named.
    prose = _edit(repo / "docs/ru/long.md", r"черные", "чёрные")
    caption = _edit(repo / "docs/ru/short.md", r'(caption=".*?)е', r"\1ё")
    _edit(repo / "locales/ru/LC_MESSAGES/messages.po", r'^msgstr "Бросить кости"$', 'msgstr "Бросить кости ещё"')
    done = i18n(repo, "check", "ru")
    assert done.returncode == 1
    assert f"docs/ru/long.md:{prose}: 'ё' in " in done.stdout and "pages write 'е'" in done.stdout
    assert f"docs/ru/short.md:{caption}: 'ё' in " in done.stdout
    assert "locales/ru/LC_MESSAGES/messages.po:" in done.stdout and "'Roll the dice': 'ё' in" in done.stdout
    # Uzbek pages write oʻ with ʻ: a plain apostrophe is named; in a code span it is quoted, not written.
    line = _edit(repo / "docs/uz/short.md", r"oʻ", "o'")
    _edit(repo / "docs/uz/long.md", r"^(## .*)$", r"\1 `o'`")
    done = i18n(repo, "check", "uz")
    assert done.returncode == 1
    assert f"docs/uz/short.md:{line}: \"'\" in " in done.stdout and "pages write 'ʻ'" in done.stdout
    assert "docs/uz/long.md" not in done.stdout


def test_placeholder_rules():
    assert problem("Point {point}", "Пункт {point}") is None
    assert problem("%(name)s wins", "%(nom)s gagne") == "msgstr renames %(name)s to %(nom)s"
    assert problem("%(name)s wins", "gagne") == "msgstr drops %(name)s"
    assert problem("{a}", "{a} {b}") == "msgstr adds {b}, which the msgid does not have"
    assert problem(("{count} checker", "{count} checkers"), ("бір тас", "{count} тас")) is None
    assert problem(("{count} on {point}", "{count} on {point}"), ("{count}", "{count} {point}")) == "msgstr[0] drops {point}"
    assert "expected '}'" in problem("{a}", "{a")
    # A percent sign in a brace-formatted message is a percent sign, however a word follows it.
    assert problem("{play}: wins {win}%", "{play}: жеңу {win}% x") is None
    assert problem("%(name)s wins", "%(name)s gagne %d") == "msgstr adds %d, which the msgid does not have"


def _build_says(repo, code):
    """What the build's loading of a catalog (nardy_site.translations.i18n.load, in on_config) says: its warnings and its
    error."""
    script = ("from nardy_site.translations import i18n, languages\n"
              f"try:\n    print('\\n'.join(i18n.load(languages.get({code!r}))[1]))\n"
              "except i18n.CatalogError as error:\n    print(error)\n")
    done = subprocess.run([str(repo / ".venv" / "bin" / "python"), "-c", script], cwd=repo, capture_output=True,
                          text=True, check=True)
    return done.stdout.splitlines()


def test_the_build_and_the_check_name_a_catalog_problem_in_the_same_words(repo):
    # One checker (nardy_site.translations.placeholders, i18n.entry_name): a translator sees the same line from both.
    catalog = repo / "locales/uz@latin/LC_MESSAGES/messages.po"
    msgid = _edit(catalog, r'^msgstr "Zar: \{die\}\."$', 'msgstr "Zar: {zar}."') - 1
    said = _build_says(repo, "uz")
    line = next(text for text in said if "{zar}" in text)
    assert line == f"locales/uz@latin/LC_MESSAGES/messages.po:{msgid}: 'Die: {{die}}.': msgstr renames {{die}} to {{zar}}"
    assert line in i18n(repo, "check", "uz").stdout.splitlines()
    catalog = repo / "locales/ru/LC_MESSAGES/messages.po"
    _edit(catalog, r'^(msgid "Languages")$', "#, fuzzy\n\\1")
    (fuzzy,) = _build_says(repo, "ru")
    assert "'Languages': fuzzy" in fuzzy and fuzzy in i18n(repo, "check", "ru").stdout.splitlines()
