"""The built site, every language: pages, <html lang>, the language switcher, 404 pages, the review banner,
and nothing loaded from another host. The site is built once (sitebuild.py)."""

from __future__ import annotations

import html
import re
from pathlib import Path
import xml.etree.ElementTree as ET
from urllib.parse import urljoin, urlsplit

import pytest

from . import expected, sitebuild
from .expected import PAGES, bcp47, catalog_text, page_html
from .helpers import ROOT
from .htmlscan import foreign, loaded_urls, parse_file


def test_every_enabled_language_has_the_pages_of_the_source():
    source = sorted(path.name for path in (ROOT / "docs" / "uz").glob("*.md"))
    assert source == sorted(PAGES)
    for code, _row in expected.enabled():
        # Beside the rules pages, a language may have the translators' guide, and nothing else.
        have = sorted(path.name for path in (ROOT / "docs" / code).glob("*.md") if path.name != expected.GUIDE[0])
        assert have == source, f"docs/{code}/ has {have}, expected {source}"


def test_every_language_builds_strictly(site):
    failed = sitebuild.failed_builds()
    assert not failed, "\n\n".join(f"config/{code}.yml:\n{output}" for code, output in failed.items())
    assert [lang.code for lang in sitebuild.built_languages()] == [code for code, _row in expected.enabled()]


def test_each_language_is_a_build_of_its_own(site, site_languages):
    assert site_languages, "no language has pages"
    for lang in site_languages:
        for url in PAGES.values():
            assert page_html(site, lang.code, url).is_file(), (lang.code, url)
        for name in ("404.html", "search/search_index.json", "sitemap.xml", "assets/nardy.css", "assets/nardy.js"):
            assert (site / lang.code / name).is_file(), (lang.code, name)
    assert (site / "index.html").is_file() and (site / "404.html").is_file()


def test_html_lang_is_the_bcp47_tag_of_the_table(site, site_languages):
    for lang in site_languages:
        pages = sorted((site / lang.code).rglob("*.html"))
        assert len(pages) >= 4
        for path in pages:
            root = parse_file(path)
            assert root.find("html").get("lang") == bcp47(lang.code), path


def test_hreflang_and_html_lang_agree(site, site_languages):
    tags = {bcp47(code) for code, _row in expected.enabled()}
    for lang in site_languages:
        for path in sorted((site / lang.code).rglob("*.html")):
            if path.name == "offline.html":  # the service worker's stand-in for any page: tests/site/test_offline.py
                continue
            root = parse_file(path)
            switcher = [a.get("hreflang") for a in root.find_all("a", cls="md-select__link")]
            assert set(switcher) == tags, path
            assert root.find("html").get("lang") in switcher, path


def test_no_head_names_the_other_languages(site, site_languages):
    """Material's script fetches sitemap.xml next to every <link rel="alternate"> of the head as a page starts:
    the pages name the other languages in the switcher and the sitemaps only."""
    for lang in site_languages:
        for path in sorted((site / lang.code).rglob("*.html")):
            alternates = [link.get("href") for link in parse_file(path).find_all("link", rel="alternate")]
            assert alternates == [], path


#: The sitemaps' namespaces (the sitemap protocol's and XHTML's, for hreflang links).
SITEMAP_NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def sitemap_alternates(site: Path, code: str) -> dict[str, list[tuple[str, str]]]:
    """{a page's address: its hreflang links, (href, hreflang)} of a language's sitemap."""
    tree = ET.parse(site / code / "sitemap.xml")
    found = {}
    for url in tree.getroot().findall("s:url", SITEMAP_NS):
        links = url.findall("x:link", SITEMAP_NS)
        assert all(link.get("rel") == "alternate" for link in links)
        found[url.findtext("s:loc", namespaces=SITEMAP_NS)] = [(link.get("href"), link.get("hreflang")) for link in links]
    return found


def switcher_of(path: Path) -> list:
    root = parse_file(path)
    return [(a.get("href"), a.get("hreflang"), a.get("lang"), a.text()) for a in root.find_all("a", cls="md-select__link")]


def test_switcher_links_to_the_same_page_in_every_language(site, site_languages):
    for lang in site_languages:
        sitemap = sitemap_alternates(site, lang.code)
        for source, url in PAGES.items():
            here = f"http://site/{lang.code}/{url}"
            links = switcher_of(page_html(site, lang.code, url))
            want = []
            for code, row in expected.enabled():
                has = (ROOT / "docs" / code / source).is_file()
                want.append((f"/{code}/{url if has else ''}", row["bcp47"], row["bcp47"], row["name"]))
            got = [(urlsplit(urljoin(here, href)).path, hreflang, lang_, name) for href, hreflang, lang_, name in links]
            assert got == want, f"{lang.code}/{url}"
            # The sitemap names the same pages for search engines, as absolute addresses beside the page's own.
            [(loc, hreflang)] = [(loc, alts) for loc, alts in sitemap.items() if urlsplit(loc).path == f"/{lang.code}/{url}"]
            origin = loc[: -len(f"/{lang.code}/{url}")]
            assert hreflang == [(origin + path, tag) for path, tag, _lang, _name in want], loc
            # Without JavaScript the link already lands on the page; the script only adds the #section.
            for href, *_rest in links:
                assert "#" not in href
            current = [a for a in parse_file(page_html(site, lang.code, url)).find_all("a", cls="md-select__link")
                       if a.get("aria-current") == "true"]
            assert [a.get("hreflang") for a in current] == [bcp47(lang.code)]


def test_switcher_targets_exist(site, site_languages):
    built = {lang.code for lang in site_languages}
    for lang in site_languages:
        for url in PAGES.values():
            links = switcher_of(page_html(site, lang.code, url))
            for href, *_rest in links:
                path = urlsplit(urljoin(f"http://site/{lang.code}/{url}", href)).path
                if path.split("/")[1] in built:
                    assert (site / path.strip("/") / "index.html").is_file(), (lang.code, url, href)


def test_no_page_loads_anything_from_another_host(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 5
    checked = 0
    for path in pages:
        for line, url in loaded_urls(parse_file(path)):
            checked += 1
            assert not foreign(url), f"{path.relative_to(site)}:{line}: loads {url}"
    assert checked > len(pages)  # every page loads its stylesheets and scripts: the scan sees them
    for path in sorted(site.rglob("*.css")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"url\(\s*(['\"]?)(.*?)\1\s*\)|@import\s+(['\"])(.*?)\3", text):
            url = match.group(2) or match.group(4)
            assert not foreign(url), f"{path.relative_to(site)}: {url}"
    for path in sorted(site.rglob("nardy.js")):
        assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", path.read_text(encoding="utf-8"), re.I), path


def test_no_fonts_and_no_generator_link(site, site_languages):
    for lang in site_languages:
        text = page_html(site, lang.code, "").read_text(encoding="utf-8")
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text
        assert "squidfunk.github.io" not in text and "mkdocs.org" not in text


def test_404_page_of_each_language(site, site_languages):
    for lang in site_languages:
        root = parse_file(site / lang.code / "404.html")
        title = catalog_text(lang.code, expected.NOT_FOUND_TITLE)
        text = catalog_text(lang.code, expected.NOT_FOUND_TEXT)
        if lang.code != "en":
            assert title != expected.NOT_FOUND_TITLE, f"{lang.code}: the 404 title is not translated"
        article = root.find("article")
        assert article.find("h1").text() == title
        assert root.find("title").text().startswith(title)
        assert text in article.text()
        links = [(a.get("href"), a.text()) for a in article.find("ul", cls="nardy-not-found").find_all("a")]
        want = []
        for url in PAGES.values():
            h1 = parse_file(page_html(site, lang.code, url)).find("article").find("h1")
            want.append((f"/{lang.code}/{url}", h1.text().rstrip("¶").strip()))
        assert links == want, lang.code
        # Its switcher: every language's home, from the site's root.
        assert [a.get("href") for a in root.find_all("a", cls="md-select__link")] == [
            f"/{code}/" for code, _row in expected.enabled()
        ]
        # Stylesheets and scripts from the language's root, wherever the page is served.
        for _line, url in loaded_urls(root):
            assert url.startswith(f"/{lang.code}/"), url


def test_root_pages(site):
    index = parse_file(site / "index.html")
    codes = [code for code, _row in expected.enabled()]
    assert [a.get("href") for a in index.find_all("a")] == [f"{code}/" for code in codes]
    assert index.find("script") is not None  # the redirect by navigator.languages
    missing = parse_file(site / "404.html")
    assert missing.find("script") is None  # no redirect: it is served at any address
    assert [a.get("href") for a in missing.find_all("a")] == [f"/{code}/" for code in codes]
    for code, row in expected.enabled():
        span = missing.find("span", lang=row["bcp47"])
        assert span is not None and span.text() == catalog_text(code, expected.NOT_FOUND_TITLE)


def test_review_banner_exactly_where_the_front_matter_asks(site, site_languages):
    seen = 0
    for lang in site_languages:
        banner_text = catalog_text(lang.code, expected.REVIEW)
        if lang.code != "en":
            assert banner_text != expected.REVIEW, f"{lang.code}: the review banner is not translated"
        for source, url in PAGES.items():
            root = parse_file(page_html(site, lang.code, url))
            banners = root.find_all(cls="nardy-review")
            if expected.review_pending(ROOT / "docs" / lang.code / source):
                seen += 1
                assert len(banners) == 1, f"docs/{lang.code}/{source}: review pending, no banner"
                assert banners[0].text() == banner_text
                assert any(a.tag == "article" for a in banners[0].ancestors())
            else:
                assert not banners, f"docs/{lang.code}/{source}: banner without review: pending"
    if len(site_languages) > 1:
        assert seen, "no page awaits review: the banner was not checked"


def test_heading_ids_and_diagrams_of_the_built_pages_match_the_source_language(site, site_languages):
    def outline(code, url):
        article = parse_file(page_html(site, code, url)).find("article")
        headings = [h.get("id") for h in article.iter() if h.tag in ("h1", "h2", "h3", "h4", "h5", "h6")]
        figures = [f.get("id") for f in article.find_all("figure", cls="nardy-diagram")]
        return headings, figures

    for url in PAGES.values():
        source = outline("uz", url)
        assert all(source[0]) and source[0]
        for lang in site_languages:
            assert outline(lang.code, url) == source, f"{lang.code}/{url}"
