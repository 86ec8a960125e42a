"""The one ASGI app: the game server's endpoints (``routes``) and the built site (``nardy_site.serve``) beside them.

:func:`make_app` wires the parts: the store and the events the settings name,
the hub, the lobby and the routes; the site's files answer every address
the game server does not have. Its lifespan starts the hub (the store's
schema is checked then: a server on a store it cannot use does not start)
and closes everything at the end.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Mount

from nardy_site.serve import SiteApp

from .config import Settings
from .events import open_events
from .hub import Hub
from .lobby import Lobby
from .routes import Routes
from .store import open_store


def make_app(settings: Settings, site_dir: Path | None = None) -> Starlette:
    """The server (and the site, when ``site_dir`` is given); ``app.state.hub`` is its hub."""
    hub = Hub(settings, open_store(settings), open_events(settings))
    lobby = Lobby(hub)
    routes = Routes(hub, lobby, settings).routes()
    if site_dir is not None:
        routes.append(Mount("/", app=SiteApp(site_dir)))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await hub.start()
        lobby.start()
        try:
            yield
        finally:
            await lobby.close()
            await hub.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app
