"""The language switcher's entries (overrides/partials/alternate.html, Material's ``extra.alternate``), and
the same page in every language for search engines: ``hreflang`` links in the sitemaps, not in the pages' heads.

Material's script fetches ``sitemap.xml`` next to every ``<link rel="alternate">`` of a page's head as the page
starts (its language selector would look the page up there; this site's links already lead to the same page),
so a head with one per language cost every page view as many requests and XML parses, and named the
languages' homes, not the page. The head prints none (overrides/main.html, :func:`without_head_links`); each
language's sitemap names, for every page, the same page in every language (overrides/sitemap.xml,
:func:`sitemap_links`).
"""

from __future__ import annotations

import re

from ..translations import languages
from ..translations.languages import Language
from .site_pages import has_page


def entries(lang: Language, page: tuple[str, str] | None = None, root: str | None = None) -> list[dict]:
    """Every enabled language, in the table's order: ``{name, code, lang, link, current}``.

    ``page`` is the page being built, as (its URL, its source file): each
    entry links to the same page in that language, or to the language's home
    page where that language's site lacks it (:func:`nardy_site.pages.site_pages.has_page`);
    None links every entry to the language's home. Links are relative to this
    language's root ("../ru/short/"; the template's ``url`` filter makes them
    relative to the page), or start with ``root`` (the site's root path) when
    it is given.
    """
    prefix = "../" if root is None else root
    found = []
    for other in languages.enabled():
        target = ""
        if page is not None:
            url, src_uri = page
            if other.code == lang.code or has_page(other, src_uri):
                target = url
        found.append({
            "name": other.name,
            "code": other.code,
            "lang": other.bcp47,
            "link": f"{prefix}{other.code}/{target}",
            "current": other.code == lang.code,
        })
    return found


#: A ``<link rel="alternate" hreflang>`` as Material's base.html prints one from ``extra.alternate``.
HEAD_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"<>]*" hreflang="[^"<>]*">[ \t]*\n?')


def without_head_links(head: str) -> str:
    """Material's ``site_meta`` block without its ``hreflang`` links (the module's docstring says why)."""
    return HEAD_LINK.sub("", head)


def sitemap_links(lang: Language, pages, site_url: str) -> dict[str, list[dict]]:
    """{page URL: its entries, with absolute links}, for the pages of ``lang``'s sitemap.

    ``site_url`` is the language's own (``<root><code>/``); every entry's link is the
    same page in that language, or its home where that language lacks the page, as
    the switcher links.
    """
    suffix = f"{lang.code}/"
    if not site_url.endswith(suffix):
        raise ValueError(f"site_url {site_url!r} does not end with {suffix!r}")
    root = site_url[: -len(suffix)]
    return {file.page.url: entries(lang, (file.page.url, file.src_uri), root=root)
            for file in pages if file.page is not None and not file.page.is_link}
