"""Languages and translations: the language table, the gettext catalogs and what translators keep.

``languages`` reads ``locales/languages.toml`` (the one mapping of every
tool's language codes); ``i18n`` loads a language's catalog with Babel
(``plural`` and ``placeholders`` hold its plural rule and the one check of
placeholders); ``glossary`` the game's terms; ``translation`` a translated
page's front matter, ``source_history`` the source text it was made from,
``status`` what each language has, lacks or let fall behind, and
``outdated_notice`` what a reader of such a page sees; ``markup_chars`` what a
translation may not add; ``scaffold`` adds a language (``scripts/i18n
new-language``).

May import: ``nardy_site.paths``, ``nardy_site.page``, ``nardy_rules``.
"""
