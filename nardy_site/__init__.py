"""The site's build-time code: everything between ``docs/``, ``locales/``, ``nardy_rules`` and the built site.

Nothing here runs in the browser (``assets/`` does) nor in the engine
(``nardy_rules``, which imports nothing of this package). MkDocs runs the
build through ``hooks/nardy.py``, which hands each event to ``hook``.

Layers
------
A folder per concern, each a package whose docstring says what it holds.
A module imports (at its top or in a function) only ``nardy_rules``, other
libraries, modules of its own package and modules of the packages listed
before its own; no module reads another package's underscore names
(``tests/site/test_package.py`` checks this list against the code):

1. ``paths``: where the repository is, and how messages name its files.
2. ``page``: the page model: the one Markdown reader, diagram blocks, checked tables, sections, structure, check.
3. ``translations``: languages, gettext catalogs, plural rules, the glossary, the translators' records and status.
4. ``figures``: a diagram block as a figure, its text alternative, its recorded answers, the app icons.
5. ``pages``: the pages the build writes itself: root, 404, glossary, status, play page, the switcher's links.
6. ``app``: what the browser runs beyond the pages: the live boards' scripts and strings, Pyodide and the
   engine archive and snapshot, the offline manifest and service worker.
7. ``hook``: one language's MkDocs build, event by event (what ``hooks/nardy.py`` delegates to).
8. ``build``, ``serve``, ``i18n_tool``, ``check``: the commands (``scripts/build``, ``scripts/serve``, ``scripts/i18n``,
   ``python -m nardy_site.check``).
"""
