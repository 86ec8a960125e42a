"""Helpers of the browser tests: the pages of the built site, and words to search for."""

from __future__ import annotations

import re
from pathlib import Path

from tests.site.expected import PAGES, page_html
from tests.site.htmlscan import parse_file

WORD = re.compile(r"[^\W\d_]+")  # letters, with the Uzbek ʻ ʼ (modifier letters)


def _in_banner(element) -> bool:
    return any("nardy-review" in node.classes for node in element.ancestors())


def article_text(site: Path, code: str, url: str) -> str:
    """The page's text as the search index holds it (not the review banner, which is not indexed)."""
    article = parse_file(page_html(site, code, url)).find("article")
    return " ".join(part.text() for part in article.iter()
                    if part.tag in ("p", "li", "td", "th", "h1", "h2", "h3") and not _in_banner(part))


def distinctive_word(site: Path, code: str, url: str = "long/") -> str:
    """The longest word of the page's paragraphs that no other page of the language contains, even inside
    a longer word: a search for it (Material searches prefixes) must find that page and no other."""
    others = " ".join(article_text(site, code, other).lower() for other in PAGES.values() if other != url)
    article = parse_file(page_html(site, code, url)).find("article")
    words = []
    for paragraph in article.find_all("p"):
        if not _in_banner(paragraph):
            words.extend(WORD.findall(paragraph.text()))
    candidates = [w for w in words if len(w) >= 7 and w.lower() not in others]
    assert candidates, f"{code}/{url}: no word found only on this page"
    return max(candidates, key=len).lower()


def word_before_armenian_punctuation(site: Path) -> str:
    """An Armenian word that, on every hy page, comes only right before ։ or ՝ (never before a space):
    an exact search for it finds a page only if the punctuation splits words."""
    text = " ".join(article_text(site, "hy", url) for url in PAGES.values())
    before, elsewhere = set(), set()
    for match in re.finditer(r"[^\W\d_]+(?=(.?))", text):
        (before if match.group(1) in ("։", "՝") else elsewhere).add(match.group(0).lower())
    found = sorted((w for w in before - elsewhere if len(w) >= 5), key=lambda w: (-len(w), w))
    assert found, "no Armenian word only before ։ or ՝"
    return found[0]
