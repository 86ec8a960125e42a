"""Search, in the browser: a word of each language's page is found by that language's search, whole
(so no stemmer shortened the stored words) and by its beginning; Armenian punctuation splits words."""

from __future__ import annotations

import json
from urllib.parse import quote, urlsplit

import pytest

from tests.site.htmlscan import parse_file

from .pages import distinctive_word, word_before_armenian_punctuation

pytestmark = pytest.mark.browser


def search(page, site, site_url: str, code: str, query: str) -> list[str]:
    """The paths of the results of Material's search for ``query`` on ``code``'s site ([] for none)."""
    root = parse_file(site / code / "index.html")
    preparing = root.find(cls="md-search-result__meta").text()
    typing = json.loads(root.find("script", id="__config").text())["translations"]["search.result.placeholder"]
    page.goto(f"{site_url}{code}/?q={quote(query)}")
    # Done when the line above the results says neither "preparing" nor "type to search".
    page.wait_for_function(
        "([a, b]) => { const meta = document.querySelector('.md-search-result__meta');"
        " return meta && ![a, b].includes(meta.textContent.trim()); }",
        arg=[preparing, typing], timeout=15000,
    )
    links = page.locator(".md-search-result__list a.md-search-result__link")
    return [urlsplit(links.nth(i).get_attribute("href")).path for i in range(links.count())]


def test_a_word_of_each_language_is_found_whole_and_by_its_start(guard, site, site_url, site_languages):
    page = guard.new_page()
    for lang in site_languages:
        word = distinctive_word(site, lang.code)
        found = search(page, site, site_url, lang.code, word)
        assert found and set(found) == {f"/{lang.code}/long/"}, (lang.code, word, found)
        start = word[: max(4, len(word) // 2)]
        found = search(page, site, site_url, lang.code, start)
        assert f"/{lang.code}/long/" in found, (lang.code, start, found)
        assert all(path.startswith(f"/{lang.code}/") for path in found), (lang.code, found)
    assert guard.clean, (guard.foreign, guard.blocked, guard.errors)


def test_armenian_punctuation_splits_words(guard, site, site_url, site_languages):
    if "hy" not in {lang.code for lang in site_languages}:
        pytest.skip("no Armenian pages")
    word = word_before_armenian_punctuation(site)
    page = guard.new_page()
    # "+word": an exact term (Material adds no trailing wildcard to it): found only if ։ and ՝ split words.
    found = search(page, site, site_url, "hy", "+" + word)
    assert found and all(path.startswith("/hy/") for path in found), (word, found)
