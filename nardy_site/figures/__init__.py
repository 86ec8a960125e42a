"""Board figures: a checked diagram block as the page's ``<figure>``, and what goes with it.

``diagram`` writes the figure (the SVG of ``nardy_rules.svg`` and the
caption), ``describe`` its text alternative in the page's language,
``answers`` the engine's answers for its example turn, recorded at build
time (``opening``: those of a new game's first turn, for the play page);
``app_icons`` renders the site's icons from the diagram of the start position (CairoSVG, Pillow).

May import: ``nardy_site.paths``, ``nardy_site.page``, ``nardy_site.translations``, ``nardy_rules``.
"""
