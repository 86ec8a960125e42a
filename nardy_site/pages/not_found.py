"""The 404 page's context (overrides/404.html): its text and links to the language's rules pages.

The page is served at any address of the language (``nardy_site.serve``, a
static host's 404 rule), so its links cannot be relative to where it is:
they start at the site's root path, taken from ``site_url``.
"""

from __future__ import annotations

import html
import posixpath
from urllib.parse import urlsplit

from ..translations.languages import Language
from . import alternates
from .site_pages import rules_pages


def root_paths(site_url: str | None) -> tuple[str, str]:
    """(the language's home path, the site's root path) from ``site_url``: ``/nardy/uz/``, ``/nardy/``."""
    here = urlsplit(site_url or "/").path or "/"
    home = here if here.endswith("/") else here + "/"
    return home, posixpath.dirname(home.rstrip("/")).rstrip("/") + "/"


def plain_title(page) -> str:
    """The page's title as text: MkDocs keeps a title taken from the first heading as HTML, and so does
    the build a front-matter title (``nardy_site.hook.site_config.escape_page_meta``)."""
    return html.unescape(str(page.title or ""))


def add_context(context: dict, config, lang: Language, texts: dict) -> dict:
    """``nardy_not_found`` (title, text, links) and, with several languages, the switcher's entries."""
    home, root = root_paths(config.site_url)
    if "alternate" in config.extra:
        context["nardy_alternates"] = alternates.entries(lang, None, root=root)
    nav = context.get("nav")
    # The rules pages (the source language's set); not the glossary or the translators' pages.
    rules = rules_pages()
    pages = [page for page in (nav.pages if nav is not None else []) if page.file.src_uri in rules]
    context["nardy_not_found"] = {
        "title": texts["not-found-title"],
        "text": texts["not-found-text"],
        "links": [{"href": home + page.url, "title": plain_title(page)} for page in pages],
    }
    return context
