"""The game server: matches between people, every action checked by the engine, nothing lost.

ASGI on Starlette and uvicorn, one process serving the site and the game
(``scripts/serve``), or several behind a load balancer with PostgreSQL and
Redis (dev/server.md). The server holds each match and is its only
authority: it rolls the dice, plays every action through ``nardy_rules``
(the play page's ``game`` protocol: actions in, changes out), writes it to
the store before anyone hears of it, and sends the change to both seats and
every spectator.

Layers
------
A module imports only ``nardy_rules``, ``nardy_site.serve`` (the site's
files, in ``app`` and ``__main__``), other libraries and the modules listed
before its own (``tests/server/test_package.py`` checks this list against the
code):

1. ``config``: the settings and limits, from the environment.
2. ``seats``, ``clocks``, ``limits``: tokens, ids and dice from ``secrets``; time control; rate limits.
3. ``matchlog``: a match as its log of entries makes it (the engine's session, clock, seats, end).
4. ``store``, ``store_sqlite``, ``store_postgres``: the stores' interface and schema version, and the two stores.
5. ``events``, ``events_redis``: events between processes, within one process or through Redis.
6. ``connection``: one WebSocket's seat, queue and frame budget.
7. ``hub``: the matches this process hosts: actions, write-ahead, broadcast, clocks, presence, rematch.
8. ``lobby``: open offers and counts.
9. ``routes``: the HTTP and WebSocket addresses, every input read and shaped.
10. ``app``, ``__main__``: the one ASGI app with the site, and ``python -m nardy_server``.
"""
