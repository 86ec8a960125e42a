"""A translation whose source section changed, as its reader sees it: the notice at the top and the mark
at the changed section, in the page's language (the Russian catalog, read with Babel), inserted as text
and kept out of the search index; and the Translations page naming the same section."""

from __future__ import annotations

import json
import re

import pytest

from . import expected
from .htmlscan import parse_file
from .outdated_build import SECTION, built

NOTICE = ("The original of this page, in {language}, has changed since this translation was made, so parts of it "
          "may lag behind the original. The diagrams and tables are always current: they are checked against the "
          "rules engine.")
MARK = "This section changed in the original: read it in {language}"
SECTION_OUTDATED = "{section}: outdated (the source section changed)"
SOURCE_NAME = "Oʻzbekcha"


@pytest.fixture(scope="module")
def site():
    return built()


def test_the_notice_is_at_the_top_in_the_page_s_language(site):
    page = parse_file(site / "ru" / "short" / "index.html")
    notices = page.find_all(cls="nardy-outdated")
    assert len(notices) == 1
    assert notices[0].get("role") == "note"
    assert notices[0].text() == expected.catalog_text("ru", NOTICE).format(language=SOURCE_NAME)
    assert expected.catalog_text("ru", NOTICE) != NOTICE, "the Russian catalog does not translate the notice"
    # Before the page's title: the first thing of the article a reader reads after the review banner.
    article = page.find("article")
    order = [e for e in article.iter() if e.tag == "h1" or "nardy-outdated" in e.classes]
    assert order[0].tag == "aside"


def test_only_the_changed_section_is_marked_and_its_mark_links_to_the_source_section(site):
    page = parse_file(site / "ru" / "short" / "index.html")
    marks = page.find_all(cls="nardy-outdated-mark")
    assert len(marks) == 1
    link = marks[0].find("a")
    assert link.get("href") == f"../../uz/short/#{SECTION}"
    assert link.get("hreflang") == expected.bcp47("uz")
    assert link.text() == expected.catalog_text("ru", MARK).format(language=SOURCE_NAME)
    # Right after the heading of that section, and the source page has that section.
    siblings = [c for c in marks[0].parent.children if not isinstance(c, str)]
    before = siblings[siblings.index(marks[0]) - 1]
    assert before.tag == "h2" and before.get("id") == SECTION
    assert parse_file(site / "uz" / "short" / "index.html").find(id=SECTION) is not None


def test_unchanged_pages_and_the_source_language_carry_no_notice(site):
    for code, url in (("ru", ""), ("ru", "long/"), ("uz", "short/"), ("uz", "")):
        page = parse_file(site / code / url / "index.html")
        assert not page.find_all(cls="nardy-outdated"), f"{code}/{url}"
        assert not page.find_all(cls="nardy-outdated-mark"), f"{code}/{url}"


def test_notice_and_mark_stay_out_of_the_search_index(site):
    index = json.loads((site / "ru" / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(entry["text"] + " " + entry["title"] for entry in index["docs"])
    for msgid in (NOTICE, MARK):
        words = expected.catalog_text("ru", msgid).split("(")[0][:40]
        assert words not in text, msgid


def test_the_translations_page_names_the_section_in_every_language(site):
    page = parse_file(site / "ru" / "translations" / "index.html")
    items = [li.text() for li in page.find_all("li") if "#" in li.text()]
    want = [expected.catalog_text("ru", SECTION_OUTDATED).format(section=f"{code}/short.md#{SECTION}")
            for code, _row in expected.enabled() if code != "uz"]
    assert items == want
    assert re.search(r"#board", want[0])


EVIL = '<img src=x onerror=alert(1)>"&'
SMALL_PAGE = ("---\ntranslation:\n  source: short.md\n  source_blob: " + "ab" * 20 + "\n  sections:\n"
              "    board: '000000000000'\n---\n# Qisqa narda { #short-nardy-rules }\n\n## Taxta { #board }\n\nMatn.\n")


def test_the_notice_and_the_mark_are_inserted_as_text(tmp_path, monkeypatch):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from nardy_site.translations import i18n

    from .helpers import write_build

    real_load = i18n.load

    def load(language):
        translator, problems = real_load(language)
        messages = {**translator.messages, NOTICE: EVIL + " {language}", MARK: EVIL}
        return i18n.Translator(messages, translator.plural, language), problems

    monkeypatch.setattr(i18n, "load", load)
    build(load_config(str(write_build(tmp_path, {"index.md": "# Bosh { #home }\n", "short.md": SMALL_PAGE, "long.md": "# Uzun { #long }\n"}, "kk"))))
    html = (tmp_path / "site" / "short" / "index.html").read_text(encoding="utf-8")
    assert "<img src=x onerror" not in html
    page = parse_file(tmp_path / "site" / "short" / "index.html")
    assert page.find(cls="nardy-outdated").text() == f"{EVIL} {SOURCE_NAME}"
    assert page.find(cls="nardy-outdated-mark").find("a").text() == EVIL
