"""The page model: a Markdown page read once, and what the build and the tools find in it.

``markdown_reader`` is the one reader of the pages (front matter, headings,
fences, marked tables, game notes, claim markers, prose); ``blocks`` (the
```nardy diagram blocks), ``tables`` (the checked tables), ``games`` and
``game_notes`` (a replayed game and the notes on it), ``verdicts`` (the
mistakes' evidence and the games they come from), ``claims`` (what a sentence
states about its figure or game), ``sections`` (a page cut into fingerprinted
sections) and ``structure`` (what a translation shares with its source) read
its document; ``check`` checks blocks, tables, notes and claims against the
engine (``python -m nardy_site.check``); ``excerpt`` quotes what a writer
wrote, bounded.

May import: ``nardy_site.paths``, ``nardy_rules``.
"""
