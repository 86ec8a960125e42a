"""What a reader of a translated page sees when its source page changed since it was translated.

At the top of the page, a notice in the page's language: parts of the page may
lag behind the original, while the diagrams and tables are always current
(the build checks them against the rules engine, in every language). After
the heading of each section whose source changed (or that the source no
longer has), a short mark linking to the same section of the source page: the
source language's page, same heading id. A section only the source has shows
nowhere but in the notice. Which sections changed is ``nardy_site.translations.status``'s
:func:`~nardy_site.translations.status.tracking`, the same as ``scripts/i18n status`` and
the Translations page.

Both go into the page's HTML in the hook's ``on_page_context``, after the
search plugin has read the page, so they stay out of the search index (as the
banners of ``overrides/main.html`` do). Translators' words are inserted as
text, escaped; so is every value of the link.
"""

from __future__ import annotations

import re
from html import escape

from nardy_rules.reasons import N_

from ..page import sections
from . import languages, status
from .languages import Language

STRINGS = {
    # TRANSLATORS: notice at the top of a translated page whose original changed after it was translated;
    # {language} is the original's language in itself, e.g. "Oʻzbekcha".
    "notice": N_(
        "The original of this page, in {language}, has changed since this translation was made, so parts of it "
        "may lag behind the original. The diagrams and tables are always current: they are checked against the "
        "rules engine."
    ),
    # TRANSLATORS: link after the heading of a section that changed in the original; it opens that section of
    # the original page. {language} as above.
    "mark": N_("This section changed in the original: read it in {language}"),
    # TRANSLATORS: link after the heading of a section the original no longer has; it opens the original page.
    "mark-removed": N_("The original no longer has this section: read the original in {language}"),
}

NOTICE_CLASS = "nardy-outdated"
MARK_CLASS = "nardy-outdated-mark"


def _heading(html: str, section: str) -> re.Match | None:
    """The heading element whose id is ``section`` in a page's HTML (Python-Markdown's ``<h2 id="...">``)."""
    pattern = rf'<h([1-6])\b[^>]*\bid="{re.escape(escape(section))}"[^>]*>.*?</h\1>'
    return re.search(pattern, html, re.DOTALL)


def _source_url(source_page: str, directory_urls: bool) -> str:
    """The source page's address within its language's site: ``short/`` (or ``short.html``); ``""`` for the home."""
    stem = source_page[:-3] if source_page.endswith(".md") else source_page
    if not directory_urls:
        return f"{stem}.html"
    return "" if stem == "index" else f"{stem}/"


def marked(html: str, page, lang: Language, gettext, directory_urls: bool = True) -> str:
    """``html``, the content of MkDocs' ``page``, with the notice and the section marks when the page is a
    translation whose source changed; as it is otherwise."""
    if lang.source or not html:
        return html
    track = status.tracking(page.meta, page.file.src_uri)
    if track is None or not track.changes:
        return html
    source = languages.source()
    # From this page up to the site's root (above every language's folder), then the source language's page.
    root = "../" * (page.url.count("/") + 1)
    target = f"{root}{source.code}/{_source_url(track.source, directory_urls)}"
    out = html
    for change in track.changes:
        if change.kind == sections.NEW or change.section == sections.TOP:
            continue  # not on this page: the notice covers it
        heading = _heading(out, change.section)
        if heading is None:
            continue
        if change.kind == sections.REMOVED:
            text, href = gettext(STRINGS["mark-removed"]), target
        else:
            text, href = gettext(STRINGS["mark"]), f"{target}#{change.section}"
        mark = (f'<p class="{MARK_CLASS}"><a href="{escape(href)}" hreflang="{escape(source.bcp47)}">'
                f"{escape(text.format(language=source.name))}</a></p>")
        out = out[: heading.end()] + "\n" + mark + out[heading.end():]
    notice = gettext(STRINGS["notice"]).format(language=source.name)
    return f'<aside class="{NOTICE_CLASS}" role="note">\n<p>{escape(notice)}</p>\n</aside>\n' + out

