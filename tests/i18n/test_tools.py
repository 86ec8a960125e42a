"""The translators' tools on their own: structure comparison, glossary, status, new-language."""

import re

from nardy_site.page.structure import compare_texts, line_of
from nardy_site.translations.glossary import check_page

from .conftest import ROOT, run

SHORT = (ROOT / "docs" / "uz" / "short.md").read_text(encoding="utf-8")


def line_at(text, needle):
    return text[: text.index(needle)].count("\n") + 1


def test_identical_pages_have_no_difference():
    assert compare_texts(SHORT, SHORT) == []


def test_each_kind_of_difference_is_named_at_its_line():
    cases = {
        "{ #hitting }": "{ #beating }",
        "expect: pips 167 167": "expect: pips 167 168",
        "| 5 | 15 | 42% |": "| 5 | 16 | 42% |",
        "](long.md)": "](long.html)",
    }
    for old, new in cases.items():
        changed = SHORT.replace(old, new, 1)
        found = compare_texts(SHORT, changed, "uz/short.md", "ru/short.md")
        assert found, old
        assert line_of(found[0]) == line_at(changed, new), (old, found[0])


def test_a_missing_diagram_is_named():
    start = SHORT.index('```nardy id="short-hit"')
    end = SHORT.index("```\n", start + 10) + 4
    found = compare_texts(SHORT, SHORT[:start] + SHORT[end:])
    assert any("'short-hit'" in problem and "missing" in problem for problem in found)


def test_glossary_flags_wrong_words_at_their_line_only_in_prose():
    page = ("---\ndescription: фишка\n---\n\nШашка стоит.\n\nЗдесь фишки!\n\n"
            "```nardy id=\"x\" caption=\"камень\"\nposition: x\n```\n")
    found = check_page(page, "ru")
    assert [line for line, _ in found] == [7, 9]
    assert check_page("counterclockwise", "en") == []


def test_status_reports_a_missing_page(repo):
    (repo / "docs/kk/long.md").unlink()
    done = run(repo, "nardy_site.i18n_tool", "status")
    assert "kk/long.md: missing" in done.stdout
    check = run(repo, "nardy_site.i18n_tool", "check", "kk")
    assert check.returncode == 1 and "docs/kk/long.md:1: missing in a released language" in check.stdout


def test_new_language_scaffolds_everything(repo):
    done = run(repo, "nardy_site.i18n_tool", "new-language", "tk")
    assert done.returncode == 0, done.stderr
    table = (repo / "locales/languages.toml").read_text(encoding="utf-8")
    assert re.search(r'\[languages\.tk\]\nname = "Türkmen dili"\n.*released = false', table, re.S)
    assert (repo / "config/tk.yml").read_text(encoding="utf-8").count("/tk/") >= 1
    for page in ("index.md", "short.md", "long.md"):
        text = (repo / "docs/tk" / page).read_text(encoding="utf-8")
        assert f"source: {page}" in text and "review: pending" in text
    catalog = (repo / "locales/tk/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in catalog
    partial = repo / "overrides/partials/languages/tk.html"
    assert partial.exists() and '"language": "tk"' in partial.read_text(encoding="utf-8")
    status = run(repo, "nardy_site.i18n_tool", "status")
    tk = next(line for line in status.stdout.splitlines() if line.startswith("tk "))
    assert tk.split()[1].startswith("0/") and tk.split()[-1] == "no"
    # An unreleased language may be untranslated; its structure is right from the start.
    check = run(repo, "nardy_site.i18n_tool", "check", "tk")
    assert check.returncode == 0, check.stdout


def test_new_language_refuses_bad_codes(repo):
    for code, words in (("uz", "already"), ("Tk", "two or three"), ("qqq", "Babel has no locale")):
        done = run(repo, "nardy_site.i18n_tool", "new-language", code)
        assert done.returncode == 2 and words in done.stderr
