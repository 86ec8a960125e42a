"""Serve the built site: python -m nardy_site.serve [--bind 127.0.0.1] [--port 8000] [site-dir]

Python's static file server with what the site needs:

- an unknown address under a language (``/ru/no-such-page/``) gets that
  language's 404 page (``site/ru/404.html``), any other unknown address the
  root's 404 page, the language chooser (``site/404.html``); both with status
  404. (Each language is a separate build, so only the server can tell which
  language an unknown address belongs to.)
- no directory listings: a directory without ``index.html`` is unknown.
- any address gets an answer, never an empty reply or a traceback: one that
  cannot be a file's (a NUL or another control character, a broken
  %-escape, bytes that are not UTF-8, a request line over 64 KiB) gets 400,
  one that names nothing (a ``.`` or ``..`` segment, a name longer than the
  file system takes) 404; both with the 404 page of the language it is under,
  or the root's.
- ``.wasm`` as ``application/wasm`` (Pyodide does not load without it), and
  ``.mjs`` as JavaScript.
- gzip, as any production server or static host does, for a browser that
  asks for it (``Accept-Encoding: gzip``): a file's precompressed twin
  ``<file>.gz`` when the build wrote one (Pyodide's files,
  ``nardy_site.app.live_assets``), else text (HTML, CSS, JavaScript, JSON, SVG)
  compressed once and kept in memory. ``Last-Modified`` and
  ``If-Modified-Since`` work as for the plain files.

``make_server`` is what ``scripts/serve`` and the tests use.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import io
import os
import re
import sys
import threading
from collections import OrderedDict
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

from .translations.languages import ROOT

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}


#: Types worth compressing on the fly (the big binary files have precompressed twins).
COMPRESSIBLE = {"text/html", "text/css", "text/javascript", "application/json", "image/svg+xml",
                "application/xml", "text/xml", "text/plain", "application/manifest+json"}
#: At most this many bytes of compressed files are kept in memory.
CACHE_BYTES = 64 * 1024 * 1024
#: The longest file name (one segment of a path) and path the file systems here take, in bytes.
NAME_MAX, PATH_MAX = 255, 4096
#: A "%" that does not start an escape of two hex digits.
BROKEN_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
#: What a language's folder may be called (the first segment of an address under it).
LANGUAGE_FOLDER = re.compile(r"[A-Za-z0-9_-]{1,35}")
#: The client errors answered with a 404 page; a request line too long for http.server (its 414) is a 400.
PAGE_ERRORS = (HTTPStatus.BAD_REQUEST, HTTPStatus.NOT_FOUND)


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


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    gzip_cache = _GzipCache()

    def path_problem(self) -> tuple[HTTPStatus, str] | None:
        """Why the requested address cannot name a file of the site (a status and a reason), or None."""
        try:
            path = urlsplit(self.path).path
        except ValueError:
            return HTTPStatus.BAD_REQUEST, "Malformed address"
        if BROKEN_ESCAPE.search(path):
            return HTTPStatus.BAD_REQUEST, "Malformed %-escape in the address"
        try:
            decoded = unquote(path, errors="strict")
        except UnicodeDecodeError:
            return HTTPStatus.BAD_REQUEST, "The address is not UTF-8"
        if any(ord(char) < 32 or ord(char) == 127 for char in decoded):
            return HTTPStatus.BAD_REQUEST, "Control character in the address"
        segments = decoded.split("/")
        if any(segment in (".", "..") for segment in segments):
            return HTTPStatus.NOT_FOUND, "File not found"
        if any(len(segment.encode()) > NAME_MAX for segment in segments) or \
                len(os.fsencode(self.directory)) + len(decoded.encode()) + len("/index.html.gz") > PATH_MAX:
            return HTTPStatus.NOT_FOUND, "File not found"
        return None

    def send_head(self):
        """The file, or the 404 page; an address that cannot name a file gets its error page at once."""
        problem = self.path_problem()
        if problem is not None:
            self.send_error(*problem)
            return None
        try:
            return self._send_file()
        except (OSError, ValueError):  # what the checks above did not foresee: still no file here
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None

    def _send_file(self):
        """Plain files as SimpleHTTPRequestHandler sends them, or gzip for a browser that accepts it."""
        if "gzip" not in (self.headers.get("Accept-Encoding") or "").lower():
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the redirect to the folder's address
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or path.endswith("/"):
            return super().send_head()
        ctype = self.guess_type(path)
        stat = os.stat(path)
        twin = path + ".gz"
        if os.path.isfile(twin) and os.stat(twin).st_mtime_ns >= stat.st_mtime_ns:
            with open(twin, "rb") as handle:
                body = handle.read()
        elif ctype.split(";")[0].strip() in COMPRESSIBLE:
            body = self.gzip_cache.get(path, stat)
        else:
            return super().send_head()
        if self._not_modified(stat):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def _not_modified(self, stat) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if when is None or when.tzinfo is None:
            return False
        return int(stat.st_mtime) <= when.timestamp()

    def not_found_page(self) -> Path | None:
        """The 404 page for the requested path: its language's, else the root's (whatever the path holds)."""
        site = Path(self.directory)
        try:
            path = urlsplit(getattr(self, "path", "") or "").path  # no path when the request line was unreadable
        except ValueError:
            path = ""
        first = unquote(path).lstrip("/").split("/", 1)[0]
        candidates = [site / first / "404.html"] if LANGUAGE_FOLDER.fullmatch(first) else []
        for page in candidates + [site / "404.html"]:
            if page.is_file():
                return page
        return None

    def send_error(self, code, message=None, explain=None):
        if code == HTTPStatus.REQUEST_URI_TOO_LONG:
            code, message = HTTPStatus.BAD_REQUEST, "The address is too long"
        if code not in PAGE_ERRORS:
            return super().send_error(code, message, explain)
        page = self.not_found_page()
        if page is None:
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(code, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        # A request line too long to be parsed has no command yet: read the method from its first bytes.
        head = self.command == "HEAD" or (not self.command and getattr(self, "raw_requestline", b"")[:5] == b"HEAD ")
        if not head:
            self.wfile.write(body)

    def list_directory(self, path):
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def log_message(self, format, *args):
        if not self.server.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    quiet = False

    def handle_error(self, request, client_address):
        """A client that went away mid-answer (a page left, a download cancelled) is no error to report."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def make_server(site_dir: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> SiteServer:
    """A server of ``site_dir`` (port 0: a free one; see ``server.url``); call ``serve_forever``."""
    handler = functools.partial(SiteHandler, directory=os.fspath(site_dir))
    server = SiteServer((host, port), handler)
    server.quiet = quiet
    return server


def serve_in_thread(site_dir: Path, host: str = "127.0.0.1") -> SiteServer:
    """A quiet server on a free port, running in a daemon thread; ``server.shutdown()`` stops it."""
    server = make_server(site_dir, host, 0, quiet=True)
    threading.Thread(target=server.serve_forever, name="nardy-site-server", daemon=True).start()
    return server


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
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
