"""Playwright with Debian's Chromium (/usr/bin/chromium; never ``playwright install``) against the
site built once per session and served on 127.0.0.1 (tests/site/sitebuild.py).

Every request to another host is blocked twice (Playwright's routing aborts and counts it; Chromium's
host resolver knows no name but 127.0.0.1) and counted: :class:`Guard`.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: scripts/setup --browser installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


def console_line(message) -> str | None:
    """A console message worth a test's attention as one line, or None: errors, warnings and failed asserts. A
    failed load names only its status in its text; its location says which file it was."""
    if message.type not in ("error", "warning", "assert"):
        return None
    where = message.location.get("url") if message.text.startswith("Failed to load") else ""
    return f"{message.type}: {message.text}" + (f" ({where})" if where else "")


def record_console(page, lines: list[str]) -> None:
    """Append the page's console lines worth a test's attention (:func:`console_line`) to ``lines``."""
    page.on("console", lambda message: (line := console_line(message)) and lines.append(line))


class Guard:
    """A browser context that blocks and counts every request to another host, and records failures."""

    def __init__(self, browser, site_url: str, service_worker: bool = False, **options):
        self.origin = urlsplit(site_url).netloc
        self.foreign: list[str] = []      # requests to another host, as the browser made them
        self.blocked: list[str] = []      # the same, as the router aborted them
        self.local: list[str] = []        # requests to the site
        self.failed: list[str] = []       # the site's answers >= 400, and requests that failed
        self.errors: list[str] = []       # uncaught exceptions in the pages
        self.context = browser.new_context(**options)
        # A patient engine by default: on a loaded two-core machine Pyodide's cold start can pass the page's
        # 20 s limit (assets/engine/nardy-engine.js), which the tests are not about. A test's own limit (set with
        # a plain assignment, in any order of the init scripts) wins.
        self.context.add_init_script(
            'if (typeof globalThis.nardyLiveTimeout !== "number") globalThis.nardyLiveTimeout = 180000;')
        if not service_worker:
            # The site's service worker is tested on its own (test_offline.py); elsewhere a page is what a
            # browser without service workers gets, and every request is the page's, none the worker's.
            self.context.add_init_script("delete Navigator.prototype.serviceWorker;")
        self.context.route("**/*", self._route)
        self.context.on("request", self._request)
        self.context.on("response", self._response)
        self.context.on("requestfailed", self._failed)

    def _is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("data", "blob", "about") or (parts.scheme in ("http", "https") and parts.netloc == self.origin)

    def _route(self, route):
        url = route.request.url
        if self._is_local(url):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def _request(self, request):
        (self.local if self._is_local(request.url) else self.foreign).append(request.url)

    def _response(self, response):
        if response.status >= 400 and self._is_local(response.url):
            self.failed.append(f"{response.status} {response.url}")

    def _failed(self, request):
        if self._is_local(request.url) and not request.url.startswith(("data:", "blob:")):
            self.failed.append(f"failed {request.url}: {request.failure}")

    @property
    def clean(self) -> bool:
        """Nothing requested from another host, and no exception in a page."""
        return not self.foreign and not self.blocked and not self.errors

    def new_page(self):
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def close(self):
        self.context.close()


@pytest.fixture()
def guard(browser, site_url):
    guard = Guard(browser, site_url)
    yield guard
    guard.close()
