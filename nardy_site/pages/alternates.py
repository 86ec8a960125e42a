"""The language switcher's entries (overrides/partials/alternate.html, Material's ``extra.alternate``)."""

from __future__ import annotations

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
