"""Search, in the browser: a word of each language's page is found by that language's search, whole
(so no stemmer shortened the stored words) and by its beginning; Armenian punctuation splits words;
Uzbek and Russian typed as readers type them find what the pages' own letters find."""

from __future__ import annotations

import json
from urllib.parse import quote, urlsplit

import pytest

from tests.site.expected import PAGES
from tests.site.htmlscan import parse_file

from .pages import WORD, article_text, distinctive_word, word_before_armenian_punctuation

pytestmark = pytest.mark.browser


def search(page, site, site_url: str, code: str, query: str) -> list[str]:
    """The paths of the results of Material's search for ``query`` on ``code``'s site ([] for none)."""
    root = parse_file(site / code / "index.html")
    page.goto(f"{site_url}{code}/?q={quote(query)}")
    return results(page, root)


def results(page, root) -> list[str]:
    """The paths of the results Material shows once it has searched (``root``: the page, parsed)."""
    preparing = root.find(cls="md-search-result__meta").text()
    typing = json.loads(root.find("script", id="__config").text())["translations"]["search.result.placeholder"]
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


#: language -> {letter the pages write: what readers type for it}
TYPED = {"uz": {"ʻ": "'‘’`", "ʼ": "'‘’`"}, "ru": {"е": "ё"}}


@pytest.mark.parametrize("code", sorted(TYPED))
def test_search_takes_the_letters_readers_type(guard, site, site_url, site_languages, code):
    """The Uzbek pages write oʻ gʻ with ʻ and the tutuq belgisi with ʼ, the Russian pages е for ё; a
    reader who types ' ‘ ’ ` or ё (in the field, key by key, or in a ?q= link) gets what the pages'
    own spelling gets."""
    if code not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {code} pages")
    words = WORD.findall(" ".join(article_text(site, code, url) for url in PAGES.values()))
    page = guard.new_page()
    root = parse_file(site / code / "index.html")
    for letter, typings in TYPED[code].items():
        word = max((w for w in words if letter in w), key=len).lower()
        expected = search(page, site, site_url, code, word)
        assert expected, word
        for typed in typings:
            assert search(page, site, site_url, code, word.replace(letter, typed)) == expected, (word, typed)
        page.goto(f"{site_url}{code}/")
        page.locator("input.md-search__input").click()
        page.keyboard.type(word.replace(letter, typings[0]))
        # Playwright inserts a letter its US keyboard lacks (Cyrillic) as text, with no key events; a
        # reader's keyboard sends a keyup for each, and Material searches on keyup.
        page.keyboard.press("End")
        assert page.locator("input.md-search__input").input_value() == word
        # Material searches on each keyup: the list shown last is the one for the whole word.
        found = results(page, root)
        for _ in range(50):
            if found == expected:
                break
            page.wait_for_timeout(100)
            found = results(page, root)
        assert found == expected, (word, found)
    assert guard.clean, (guard.foreign, guard.blocked, guard.errors)
