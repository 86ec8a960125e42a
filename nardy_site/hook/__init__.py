"""One language's MkDocs build, event by event: what ``hooks/nardy.py`` hands each event to.

``site_build`` (the build's state and one method per event), ``site_config``
(what ``on_config`` sets), ``page_blocks`` (a page's diagram blocks and
tables checked and turned into figures).

May import: ``nardy_site.paths``, ``nardy_site.page``, ``nardy_site.translations``, ``nardy_site.figures``,
``nardy_site.pages``, ``nardy_site.app``, ``nardy_rules``, MkDocs.
"""
