"""The pages the build writes itself, and which pages each language's site has.

``rootpage`` (the root's language chooser and 404), ``not_found`` (a
language's 404 page), ``generated_pages`` (the glossary and the translation
status), ``play_page`` (the play page's mount and strings), ``site_pages``
(a language's own pages, the source's it lacks, the generated ones) and
``alternates`` (the language switcher's links).

May import: ``nardy_site.paths``, ``nardy_site.page``, ``nardy_site.translations``, ``nardy_site.figures``,
``nardy_rules``.
"""
