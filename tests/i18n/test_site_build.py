"""The translators' features in built sites: a new language, a missing page, the generated pages, table checks."""

import html
import re

from nardy_site.translations.glossary import load as glossary_terms
from nardy_site.translations.languages import enabled
from nardy_site.translations.status import report

from .conftest import ROOT, run


def build(repo, lang, out):
    return run(repo, "mkdocs", "build", "--strict", "-f", f"config/{lang}.yml", "-d", str(out))


def test_a_new_language_builds_at_once(repo, tmp_path):
    assert run(repo, "nardy_site.i18n_tool", "new-language", "tk").returncode == 0
    # The whole site, as scripts/build builds it: every language, the new one included.
    site = tmp_path / "site"
    done = run(repo, "nardy_site.build", str(site))
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'href="tk/"' in (site / "index.html").read_text(encoding="utf-8")  # the root offers it
    assert 'hreflang="tk"' in (site / "uz" / "index.html").read_text(encoding="utf-8")
    page = (site / "tk" / "short" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<html[^>]* lang="tk"', page)
    assert 'class="nardy-review"' in page  # copied pages await translation and review
    assert 'class="nardy-diagram"' in page
    assert (site / "tk" / "glossary" / "index.html").exists()
    # Material has no Turkmen strings: its English ones stand in.
    assert 'placeholder="Search"' in page


def test_a_missing_page_is_served_from_the_source_with_a_banner(repo, tmp_path):
    (repo / "docs/ru/long.md").unlink()
    done = build(repo, "ru", tmp_path / "ru")
    assert done.returncode == 0, done.stdout + done.stderr
    page = (tmp_path / "ru" / "long" / "index.html").read_text(encoding="utf-8")
    banner = re.search(r'<aside class="nardy-review nardy-fallback" role="note">\s*<p>(.*?)</p>', page, re.S)
    assert banner, "no fallback banner"
    assert "Oʻzbekcha" in html.unescape(banner.group(1))
    assert re.search(r'<html[^>]* lang="ru"', page)
    assert "Uzun nardada" in page  # the Uzbek text
    assert 'class="nardy-fallback"' not in (tmp_path / "ru" / "short" / "index.html").read_text(encoding="utf-8")


def test_the_build_stops_on_a_wrong_table_cell(repo, tmp_path):
    page = repo / "docs/uz/short.md"
    text = page.read_text(encoding="utf-8")
    line = text[: text.index("| 4 | 15 | 42% |")].count("\n") + 1
    page.write_text(text.replace("| 4 | 15 | 42% |", "| 4 | 16 | 42% |"), encoding="utf-8")
    done = build(repo, "uz", tmp_path / "uz")
    assert done.returncode != 0
    assert f"docs/uz/short.md:{line}: table 'hit-chances'" in done.stdout + done.stderr


def test_the_translations_page_agrees_with_status(tmp_path):
    done = run(ROOT, "mkdocs", "build", "--strict", "-f", "config/en.yml", "-d", str(tmp_path / "en"))
    assert done.returncode == 0, done.stdout + done.stderr
    page = (tmp_path / "en" / "translations" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr>\s*(.*?)</tr>", page, re.S)[1:]
    cells = [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
             for r in rows]
    expected = []
    for s in report():
        expected.append([f"{s.language.name} ({s.language.code})", f"{s.translated}/{s.total}",
                         str(s.count("present") + s.count("source")), str(s.count("missing")),
                         str(s.count("outdated")), str(s.count("review")), "yes" if s.language.released else "no"])
    assert cells == expected


def test_the_glossary_page_shows_each_language_its_terms(tmp_path):
    terms = glossary_terms()
    for lang in enabled():
        if lang.code not in ("kk", "hy"):
            continue
        done = run(ROOT, "mkdocs", "build", "--strict", "-f", f"config/{lang.code}.yml", "-d", str(tmp_path / lang.code))
        assert done.returncode == 0, done.stdout + done.stderr
        page = html.unescape((tmp_path / lang.code / "glossary" / "index.html").read_text(encoding="utf-8"))
        first_cells = re.findall(r"<tr>\s*<td[^>]*>(.*?)</td>", page, re.S)
        assert [c.strip() for c in first_cells] == [t.words.get(lang.code, "") for t in terms]
