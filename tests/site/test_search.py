"""Each language's search index (site/<lang>/search/search_index.json): its own pages only, no stemmer
for another language, words split on the punctuation of every script. The search itself runs in the
browser: tests/browser/test_search.py."""

from __future__ import annotations

import json
import re
import unicodedata

from . import expected
from .expected import PAGES, page_html, searchable_pages
from .htmlscan import parse_file

# Lunr has no stemmer of its own for these; Material maps uz to Turkish (tr).
LUNR_OWN = {"ru": "ru", "hy": "hy", "en": "en"}


def index_of(site, code) -> dict:
    return json.loads((site / code / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_no_stemmer_meant_for_another_language(site, site_languages):
    for lang in site_languages:
        config = index_of(site, lang.code)["config"]
        packs = [name for name in config["lang"] if name != "en"]  # "en": Lunr's core, no language pack
        assert all(pack == LUNR_OWN.get(lang.code) for pack in packs), (lang.code, config["lang"])
        if "stemmer" in config["pipeline"]:
            assert config["lang"] == [LUNR_OWN.get(lang.code)], (lang.code, config)
        # Lunr's core trimmer strips every non-ASCII letter at the ends of a word.
        if lang.code != "en":
            assert "trimmer" not in config["pipeline"] or packs, (lang.code, config)


def splits(separator: str, text: str) -> list[str]:
    """How Material's tokenizer splits ``text`` (the separator is a JavaScript regex; this one is also Python's)."""
    return [part for part in re.split(separator, text) if part]


def test_separator_splits_every_scripts_punctuation_but_not_words(site, site_languages):
    for lang in site_languages:
        separator = index_of(site, lang.code)["config"]["separator"]
        assert splits(separator, "խաղը։ Հաղթում") == ["խաղը", "Հաղթում"]
        assert splits(separator, "տեսակի՝ կարճ") == ["տեսակի", "կարճ"]
        assert splits(separator, "են․ կարող") == ["են", "կարող"]
        assert splits(separator, "ойын, «марс» — 2.") == ["ойын", "марс", "2"]
        assert splits(separator, "13/8* a;b") == ["13", "8*", "a", "b"]
        assert splits(separator, "&lt;b&gt;x&amp;y") == ["b", "x", "y"]
        for word in ("oʻyinchi", "gʻalaba", "taʼlim", "Azərbaycan", "Қазақша", "ինչո՞ւ", "правила"):
            assert splits(separator, word) == [word], (lang.code, word)


def page_titles(site, code) -> set[str]:
    titles = set()
    for url in sorted(searchable_pages(code)):
        article = parse_file(page_html(site, code, url)).find("article")
        for heading in article.iter():
            if heading.tag in ("h1", "h2", "h3"):
                titles.add(heading.text().rstrip("¶").strip())
    return titles


def test_each_index_holds_only_its_own_language(site, site_languages):
    titles = {lang.code: page_titles(site, lang.code) for lang in site_languages}
    parsed = {}
    for lang in site_languages:
        docs = index_of(site, lang.code)["docs"]
        assert len(docs) > 20
        locations = set()
        for doc in docs:
            page, _, anchor = doc["location"].partition("#")
            assert page in searchable_pages(lang.code), (lang.code, doc["location"])
            assert not doc["location"].startswith(("/", "http", "..")), doc["location"]
            if anchor:
                if (lang.code, page) not in parsed:
                    root = parse_file(page_html(site, lang.code, page))
                    parsed[lang.code, page] = {element.get("id") for element in root.iter() if element.get("id")}
                assert anchor in parsed[lang.code, page], doc["location"]
            locations.add(page)
            assert doc["title"] in titles[lang.code], (lang.code, doc["title"])
            for other in site_languages:
                if other.code != lang.code:
                    assert doc["title"] not in titles[other.code], (lang.code, other.code, doc["title"])
        assert locations == searchable_pages(lang.code)


SCRIPTS = {"uz": "LATIN", "az": "LATIN", "en": "LATIN", "kk": "CYRILLIC", "ru": "CYRILLIC", "hy": "ARMENIAN"}
MARKS = {"uz": "ʻ", "az": "ə", "kk": "ұ", "hy": "։"}  # a letter or mark only this language of the six uses


def test_index_text_is_in_the_languages_script(site, site_languages):
    for lang in site_languages:
        text = " ".join(re.sub(r"<[^>]+>", " ", doc["title"] + " " + doc["text"]) for doc in index_of(site, lang.code)["docs"])
        letters = [ch for ch in text if ch.isalpha()]
        share = sum(unicodedata.name(ch, "").startswith(SCRIPTS[lang.code]) for ch in letters) / len(letters)
        assert share > 0.97, (lang.code, share)
        for code, mark in MARKS.items():
            if code == lang.code:
                assert text.count(mark) >= 20, (lang.code, mark)
            elif code in expected.table() and SCRIPTS[code] == SCRIPTS[lang.code]:
                # A term quoted from another language (the Uzbek page names the Azerbaijani «döymə»), no more.
                assert text.count(mark) <= 3, (lang.code, "holds", text.count(mark), mark, "of", code)


def test_every_page_carries_its_languages_search_spelling(site, site_languages):
    """assets/nardy.js reads the rules from the page, so they come before it."""
    for lang in site_languages:
        pages = [page_html(site, lang.code, url) for url in sorted(PAGES.values())] + [site / lang.code / "404.html"]
        for path in pages:
            scripts = parse_file(path).find_all("script")
            data = [s for s in scripts if s.attrs.get("id") == "nardy-search-spelling"]
            if not lang.search_spelling:
                assert data == [], path
                continue
            assert len(data) == 1 and data[0].attrs.get("type") == "application/json", path
            assert [tuple(rule) for rule in json.loads(data[0].text())] == list(lang.search_spelling), path
            after = scripts[scripts.index(data[0]) + 1:]
            assert any(s.attrs.get("src", "").endswith("assets/nardy.js") for s in after), path
