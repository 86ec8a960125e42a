"""The built site as an ASGI app under uvicorn: python -m nardy_site.serve [--bind 127.0.0.1] [--port 8000] [site-dir]

``scripts/serve`` runs the game server (``python -m nardy_server``), which
mounts this app beside its own endpoints, so the site and the game are one
process on one port; this module alone serves a static copy of the site
(where the play page then says online play is not available). What the site
needs of its server:

- an unknown address under a language (``/ru/no-such-page/``) gets that
  language's 404 page (``site/ru/404.html``), any other unknown address the
  root's 404 page, the language chooser (``site/404.html``); both with status
  404. (Each language is a separate build, so only the server can tell which
  language an unknown address belongs to.)
- no directory listings: a directory without ``index.html`` is unknown; a
  directory's address without its final ``/`` is redirected to it.
- any address gets an answer, never an empty reply or a traceback: one that
  cannot be a file's (a NUL or another control character, a broken
  %-escape, bytes that are not UTF-8, a path over 64 KiB) gets 400, one that
  names nothing (a ``.`` or ``..`` segment, a name longer than the file
  system takes) 404; both with the 404 page of the language it is under, or
  the root's. A request that is not HTTP at all gets 400 with the root's page
  (:func:`site_protocol`, uvicorn's h11 protocol with that page).
- ``.wasm`` as ``application/wasm`` (Pyodide does not load without it), and
  ``.mjs`` as JavaScript.
- gzip, as any production server or static host does, for a browser that
  asks for it (``Accept-Encoding: gzip``): a file's precompressed twin
  ``<file>.gz`` when the build wrote one (Pyodide's files,
  ``nardy_site.app.live_assets``), else text (HTML, CSS, JavaScript, JSON, SVG)
  compressed once and kept in memory. ``Last-Modified`` and
  ``If-Modified-Since`` work as for the plain files.

Starlette's ``StaticFiles`` and ``GZipMiddleware`` do most of this but not the
per-language 404 pages, the precompressed twins or a ``Content-Length`` on
compressed answers, so the app is small and written here on Starlette's
responses.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import email.utils
import gzip
import mimetypes
import os
import re
import socket
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from urllib.parse import unquote_to_bytes

import uvicorn
from starlette.responses import FileResponse, RedirectResponse, Response
from uvicorn.protocols.http.h11_impl import H11Protocol

from .translations.languages import ROOT

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".txt": "text/plain",
    ".xml": "application/xml",
}

#: Types worth compressing on the fly (the big binary files have precompressed twins).
COMPRESSIBLE = {"text/html", "text/css", "text/javascript", "application/json", "image/svg+xml",
                "application/xml", "text/xml", "text/plain", "application/manifest+json"}
#: At most this many bytes of compressed files are kept in memory.
CACHE_BYTES = 64 * 1024 * 1024
#: The longest file name (one segment of a path) and path the file systems here take, in bytes.
NAME_MAX, PATH_MAX = 255, 4096
#: The longest address read (the rest of the request line is refused with 400).
MAX_TARGET = 65_536
#: A "%" that does not start an escape of two hex digits.
BROKEN_ESCAPE = re.compile(rb"%(?![0-9A-Fa-f]{2})")
#: What a language's folder may be called (the first segment of an address under it).
LANGUAGE_FOLDER = re.compile(r"[A-Za-z0-9_-]{1,35}")
PAGE_TYPE = "text/html; charset=utf-8"


def guess_type(path: str) -> str:
    suffix = os.path.splitext(path)[1].lower()
    return TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


class _GzipCache:
    def __init__(self):
        self.lock = threading.Lock()
        self.items: OrderedDict = OrderedDict()
        self.size = 0

    def get(self, path: str, stat) -> bytes:
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        with open(path, "rb") as handle:
            packed = gzip.compress(handle.read(), compresslevel=6, mtime=0)
        with self.lock:
            self.items[key] = packed
            self.size += len(packed)
            while self.size > CACHE_BYTES and len(self.items) > 1:
                _key, old = self.items.popitem(last=False)
                self.size -= len(old)
        return packed


class SiteApp:
    """The ASGI app of a built site (HTTP only)."""

    def __init__(self, site_dir: Path):
        self.site = Path(site_dir)
        self.gzip_cache = _GzipCache()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":  # a WebSocket to an address the game server does not have
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            return
        response = await asyncio.to_thread(self.respond, scope)
        await response(scope, receive, send)

    def respond(self, scope) -> Response:
        if scope.get("http_version") not in ("1.0", "1.1", "2"):
            return Response("HTTP version not supported", 505, media_type="text/plain")
        if scope["method"] not in ("GET", "HEAD"):
            return Response("Method not allowed", 405, {"Allow": "GET, HEAD"}, media_type="text/plain")
        raw = scope.get("raw_path") or scope["path"].encode("utf-8")
        try:
            decoded = self.path_of(raw)
        except _Refused as refused:
            return self.page(refused.status, raw)
        try:
            return self.file(scope, raw, decoded)
        except (OSError, ValueError):  # what the checks did not foresee: still no file here
            return self.page(404, raw)

    def path_of(self, raw: bytes) -> str:
        """The path an address names (decoded), or _Refused with 400 or 404."""
        if len(raw) > MAX_TARGET or BROKEN_ESCAPE.search(raw):
            raise _Refused(400)
        try:
            decoded = unquote_to_bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise _Refused(400) from None
        if any(ord(char) < 32 or ord(char) == 127 for char in decoded):
            raise _Refused(400)
        segments = decoded.split("/")
        if any(segment in (".", "..") for segment in segments):
            raise _Refused(404)
        if any(len(segment.encode()) > NAME_MAX for segment in segments) or \
                len(os.fsencode(self.site)) + len(decoded.encode()) + len("/index.html.gz") > PATH_MAX:
            raise _Refused(404)
        return decoded

    def file(self, scope, raw: bytes, decoded: str) -> Response:
        path = os.path.join(self.site, *[segment for segment in decoded.split("/") if segment])
        if os.path.isdir(path):
            if not decoded.endswith("/"):
                query = scope.get("query_string") or b""
                location = raw.decode("ascii", "replace") + "/" + (("?" + query.decode("latin-1")) if query else "")
                return RedirectResponse(location, 301)
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return self.page(404, raw)
        ctype = guess_type(path)
        stat = os.stat(path)
        headers = {"Content-Type": ctype, "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True)}
        request_headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        accepts_gzip = "gzip" in request_headers.get("accept-encoding", "").lower()
        twin = path + ".gz"
        compress = accepts_gzip and ((os.path.isfile(twin) and os.stat(twin).st_mtime_ns >= stat.st_mtime_ns)
                                     or ctype in COMPRESSIBLE)
        if compress:
            headers["Vary"] = "Accept-Encoding"
        if _not_modified(request_headers, stat):
            return Response(status_code=304, headers={k: v for k, v in headers.items() if k != "Content-Type"})
        if not compress:
            return FileResponse(path, headers=headers, stat_result=stat)
        headers["Content-Encoding"] = "gzip"
        if os.path.isfile(twin) and os.stat(twin).st_mtime_ns >= stat.st_mtime_ns:
            return FileResponse(twin, headers=headers, stat_result=os.stat(twin))
        return Response(self.gzip_cache.get(path, stat), headers=headers)

    def not_found_page(self, raw: bytes) -> Path | None:
        """The 404 page for the requested path: its language's, else the root's (whatever the path holds)."""
        first = unquote_to_bytes(raw).decode("utf-8", "replace").lstrip("/").split("/", 1)[0]
        candidates = [self.site / first / "404.html"] if LANGUAGE_FOLDER.fullmatch(first) else []
        for page in candidates + [self.site / "404.html"]:
            if page.is_file():
                return page
        return None

    def page(self, status: int, raw: bytes) -> Response:
        page = self.not_found_page(raw)
        if page is None:
            return Response("File not found" if status == 404 else "Bad request", status, media_type="text/plain")
        return Response(page.read_bytes(), status, {"Content-Type": PAGE_TYPE, "Connection": "close"})


class _Refused(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def _not_modified(headers: dict, stat) -> bool:
    since = headers.get("if-modified-since")
    if not since or headers.get("if-none-match"):
        return False
    try:
        when = email.utils.parsedate_to_datetime(since)
    except (TypeError, IndexError, OverflowError, ValueError):
        return False
    if when is None or when.tzinfo is None:
        return False
    return int(stat.st_mtime) <= when.timestamp()


def site_protocol(site_dir: Path) -> type[H11Protocol]:
    """uvicorn's h11 protocol answering a request it cannot read with 400 and the root's 404 page."""
    page = Path(site_dir) / "404.html"

    class SiteProtocol(H11Protocol):
        refused = False

        def send_400_response(self, msg: str) -> None:
            try:
                body = page.read_bytes()
            except OSError:
                return super().send_400_response(msg)
            head = (b"HTTP/1.1 400 Bad Request\r\ncontent-type: " + PAGE_TYPE.encode() +
                    b"\r\ncontent-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n")
            self.transport.write(head + body)
            # A lingering close, as web servers make one: closing with the client's bytes unread would reset
            # the connection and could throw the answer away before the client reads it.
            self.refused = True
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(2.0, self.transport.close)

        def data_received(self, data: bytes) -> None:
            if not self.refused:
                super().data_received(data)

    return SiteProtocol


class SiteServer:
    """uvicorn serving an ASGI app on a socket bound at once (port 0: a free one; see ``url``)."""

    def __init__(self, app, site_dir: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = False,
                 lifespan: str = "off", **options):
        # IPPROTO_TCP named, so that asyncio sets TCP_NODELAY on each connection (it checks the protocol
        # number; with 0, small frames wait for the client's delayed acknowledgement, 40 ms).
        self.socket = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM,
                                    socket.IPPROTO_TCP)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((host, port))
        self.socket.listen(2048)
        self.server_address = self.socket.getsockname()[:2]
        config = uvicorn.Config(app, http=site_protocol(site_dir), lifespan=lifespan, access_log=not quiet,
                                log_level="warning" if quiet else "info", h11_max_incomplete_event_size=MAX_TARGET + 8192,
                                proxy_headers=False, server_header=False, **options)
        self.server = uvicorn.Server(config)
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://{host}:{port}/"

    def serve_forever(self) -> None:
        self.server.run(sockets=[self.socket])

    def start(self) -> SiteServer:
        """Serve in a daemon thread; returns once the server answers."""
        self.thread = threading.Thread(target=self.serve_forever, name="nardy-site-server", daemon=True)
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            threading.Event().wait(0.01)
        return self

    def shutdown(self) -> None:
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout=30)

    def server_close(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.close()


def make_server(site_dir: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> SiteServer:
    """A server of ``site_dir`` alone; call ``serve_forever`` (or ``start``)."""
    return SiteServer(SiteApp(site_dir), site_dir, host, port, quiet)


def serve_in_thread(site_dir: Path, host: str = "127.0.0.1", port: int = 0, app=None) -> SiteServer:
    """A quiet server (of ``app``, by default the site's) running in a daemon thread; ``server.shutdown()`` stops it."""
    return SiteServer(app or SiteApp(site_dir), site_dir, host, port, quiet=True).start()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nardy_site.serve", description=__doc__.split("\n")[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    server = make_server(Path(args.site), args.bind, args.port)
    print(f"serve: {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
