"""python -m nardy_server [--bind 127.0.0.1] [--port 8000] [--site site/]: the site and the game server, one process.

The store and events come from the environment (``config``): with nothing
set, SQLite under ``data/`` and events within the process. A bad setting or a
store that cannot be used stops it at start with one line and exit status 2.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from pathlib import Path

from nardy_site.serve import SiteServer

from .app import make_app
from .config import REPOSITORY, from_environment


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nardy_server", description=__doc__.split("\n")[0])
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--site", default=str(REPOSITORY / "site"), help="the built site (default: site/)")
    parser.add_argument("--quiet", action="store_true", help="no access log")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(name)s: %(message)s")
    try:
        settings = from_environment()
    except ValueError as error:
        print(f"nardy_server: {error}", file=sys.stderr)
        return 2
    site = Path(args.site)
    app = make_app(settings, site)
    # What the imports made lives as long as the process: out of the collector's sight, so that a full
    # collection walks only the matches' objects; and young collections less often, over more objects
    # (the pauses a player may feel are the full ones: scripts/bench_server.py prints the worst).
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    server = SiteServer(app, site, args.bind, args.port, quiet=args.quiet, lifespan="on",
                        ws_max_size=settings.ws_max_bytes, ws_ping_interval=20, ws_ping_timeout=20,
                        # A frame is a few kilobytes; compressing each cost the server as much CPU as the
                        # engine's work on the action (scripts/bench_server.py).
                        ws_per_message_deflate=False)
    store = "PostgreSQL" if settings.database_url else f"SQLite in {settings.data}"
    events = "Redis" if settings.redis_url else "this process"
    print(f"serve: {server.url} (the site and the game server; store: {store}; events: {events}; Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0 if server.server.started else 2


if __name__ == "__main__":
    sys.exit(main())
