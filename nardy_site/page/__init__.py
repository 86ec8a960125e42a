"""The page model: a Markdown page read once, and what the build and the tools find in it.

``markdown_reader`` is the one reader of the pages (front matter, headings,
fences, marked tables, prose); ``blocks`` (the ```nardy diagram blocks),
``tables`` (the checked tables), ``sections`` (a page cut into fingerprinted
sections) and ``structure`` (what a translation shares with its source) read
its document; ``check`` checks blocks and tables against the engine
(``python -m nardy_site.check``); ``excerpt`` quotes what a writer wrote,
bounded.

May import: ``nardy_site.paths``, ``nardy_rules``.
"""
