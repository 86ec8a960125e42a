"""What the browser runs beyond the pages: the live boards' files, the engine in Pyodide, offline.

``live_assets`` (the scripts of ``assets/`` the build ships, their strings,
and ``<site>/pyodide/``), ``engine_archive`` (``nardy_rules`` as a zip for
Pyodide), ``engine_snapshot`` (with ``engine_snapshot.mjs``: Pyodide's memory
with the engine imported), ``offline`` (the web app manifest, the offline
page, the service worker with the build's manifest).

May import: ``nardy_site.paths``, ``nardy_site.page``, ``nardy_site.translations``, ``nardy_site.figures``,
``nardy_site.pages``, ``nardy_rules``.
"""
