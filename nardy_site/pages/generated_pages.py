"""Pages the build writes itself: the glossary (every language) and the translation status.

Both are Markdown generated from the data the tools use (``locales/glossary.toml``,
:mod:`nardy_site.translations.status`), so the site and ``scripts/i18n status`` cannot
disagree. Their words come from the catalogs; names and terms from the data
are escaped as Markdown text.
"""

from __future__ import annotations

import re

from nardy_rules.reasons import N_

from ..translations import glossary, status
from ..translations.languages import Language, enabled

STRINGS = {
    # TRANSLATORS: title of the glossary page (the game's terms in every language).
    "glossary-title": N_("Glossary"),
    # TRANSLATORS: first paragraph of the glossary page.
    "glossary-intro": N_("The words this site uses for the game's terms, in every language of the site."),
    # TRANSLATORS: title of the page that shows how complete each translation is.
    "translations-title": N_("Translations"),
    # TRANSLATORS: first paragraph of the translation status page.
    "translations-intro": N_(
        "How complete each language is: its interface strings, and its pages compared with the source language. "
        "The same report is printed by scripts/i18n status."
    ),
    # TRANSLATORS: column header of the translation status table: the language.
    "col-language": N_("Language"),
    # TRANSLATORS: column header: translated interface strings out of all, e.g. "47/47".
    "col-catalog": N_("Interface strings"),
    # TRANSLATORS: column header: pages that exist in the language.
    "col-present": N_("Pages"),
    # TRANSLATORS: column header: pages that do not exist yet in the language.
    "col-missing": N_("Missing"),
    # TRANSLATORS: column header: pages whose source page changed after they were translated.
    "col-outdated": N_("Outdated"),
    # TRANSLATORS: column header: pages that await review by a native speaker.
    "col-review": N_("Awaiting review"),
    # TRANSLATORS: column header: whether the language is complete and released.
    "col-released": N_("Released"),
    # TRANSLATORS: "yes" in the Released column.
    "yes": N_("yes"),
    # TRANSLATORS: "no" in the Released column.
    "no": N_("no"),
    # TRANSLATORS: heading of the list of pages that need work, on the translation status page.
    "to-do": N_("Pages that need work"),
    # TRANSLATORS: list item: a page missing in a language; {page} is its address like "ru/long.md".
    "item-missing": N_("{page}: missing (readers see the source language's page with a banner)"),
    # TRANSLATORS: list item: {page} like "ru/long.md", whose front matter does not say which text of its source
    # page it was translated from.
    "item-untracked": N_("{page}: outdated (no record of the source text it was translated from)"),
    # TRANSLATORS: list item: {section} is a section of a translated page like "ru/long.md#board", whose text in
    # the source page changed since it was translated.
    "item-section-outdated": N_("{section}: outdated (the source section changed)"),
    # TRANSLATORS: list item: {section} like "ru/long.md#board": a section the source page has and the
    # translation lacks.
    "item-section-new": N_("{section}: new in the source (missing here)"),
    # TRANSLATORS: list item: {section} like "ru/long.md#board": a section the translation has and the source
    # page no longer has.
    "item-section-removed": N_("{section}: removed from the source"),
    # TRANSLATORS: list item: {page} like "ru/long.md".
    "item-review": N_("{page}: awaits review by a native speaker"),
}

#: Front matter of the generated pages: they mix every language's words, so they stay out of
#: the language's search index (which holds only that language's text).
FRONT_MATTER = "---\nsearch:\n  exclude: true\n---\n\n"

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|])")
#: HTML's own specials, written as entities: Markdown shows ``\<`` with its backslash, and would read ``&lt;`` as "<".
_HTML_SPECIAL = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def text(value: str) -> str:
    """``value`` as literal Markdown text: shown as it is written, never markup or HTML (``<script>``, ``|``, ``&lt;``)."""
    value = re.sub(r"[&<>]", lambda match: _HTML_SPECIAL[match.group(0)], value)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", value)


def glossary_markdown(lang: Language, gettext) -> str:
    languages = [lang] + [other for other in enabled() if other.code != lang.code]
    head = "| " + " | ".join(text(other.name) for other in languages) + " |"
    rule = "|" + "---|" * len(languages)
    rows = []
    for term in glossary.load():
        cells = [text(term.words.get(other.code, term.words["en"] if other.code == "en" else "")) for other in languages]
        rows.append("| " + " | ".join(cells) + " |")
    return FRONT_MATTER + "\n".join([
        f"# {text(gettext(STRINGS['glossary-title']))} {{ #glossary }}",
        "",
        text(gettext(STRINGS["glossary-intro"])),
        "",
        head,
        rule,
        *rows,
        "",
    ])


def translations_markdown(lang: Language, gettext) -> str:
    _ = gettext
    columns = ("col-language", "col-catalog", "col-present", "col-missing", "col-outdated", "col-review", "col-released")
    lines = [
        FRONT_MATTER + f"# {text(_(STRINGS['translations-title']))} {{ #translations }}",
        "",
        text(_(STRINGS["translations-intro"])),
        "",
        "| " + " | ".join(text(_(STRINGS[c])) for c in columns) + " |",
        "|---|" + "---:|" * 5 + "---|",
    ]
    to_do = []
    for s in status.report():
        present = s.count("present") + s.count("source")
        released = _(STRINGS["yes"] if s.language.released else STRINGS["no"])
        cells = [f"{text(s.language.name)} (`{s.language.code}`)", f"{s.translated}/{s.total}", str(present),
                 str(s.count("missing")), str(s.count("outdated")), str(s.count("review")), text(released)]
        lines.append("| " + " | ".join(cells) + " |")
        for p in s.pages:
            page = f"{s.language.code}/{p.page}"
            if p.state == "missing":
                to_do.append(_(STRINGS["item-missing"]).format(page=page))
            if p.problem is not None or (p.tracking is not None and p.tracking.untracked):
                to_do.append(_(STRINGS["item-untracked"]).format(page=page))
            if p.pending_review:
                to_do.append(_(STRINGS["item-review"]).format(page=page))
            for change in p.tracking.changes if p.tracking is not None else ():
                to_do.append(_(STRINGS[f"item-section-{change.kind}"]).format(section=f"{page}#{change.section}"))
    if to_do:
        lines += ["", f"## {text(_(STRINGS['to-do']))} {{ #to-do }}", ""] + [f"- {text(item)}" for item in to_do]
    return "\n".join(lines + [""])
