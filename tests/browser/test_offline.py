"""Offline and installable, in Chromium: the service worker on a copy of the built site, served on its own.

A reader visits two Uzbek rules pages and the play page and starts the engine; then the network goes
(Playwright's offline mode, and the server stopped): the visited pages load from the device with the
offline notice, a live board plays with the engine, the play page plays a game between two people and one
against the computer, a page never visited shows the language's offline page. A new build
(a changed page, the build's last step run again over the copy) replaces the cache: the next visit shows
the new text, the old cache is gone, the update notice appears once. A reader who only reads downloads no
Pyodide, and what is cached is exactly the language's shell and the pages read (the figures of
dev/benchmarks.md, "Offline", are printed). Expected texts come from the catalogs (Babel's read_po), not from the build.
"""

from __future__ import annotations

import json
import shutil
import threading
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from nardy_rules import from_text, to_text
from nardy_site.app import live_assets, offline
from nardy_site.serve import SiteApp, serve_in_thread
from tests.site import expected

from .conftest import CHROMIUM, FLAGS, Guard, record_console
from .test_accessibility import AXE, violations
from .test_live import Live, strings
from .test_play import KOKS, MARS, Play

pytestmark = pytest.mark.browser

CODE = "uz"
#: Every cache of the origin: {name: [URL, ...]}.
CACHES = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    found[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
  }
  return found;
}"""
#: Bytes held by the caches (bodies as stored: uncompressed).
CACHED_BYTES = """async () => {
  let total = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) total += (await (await cache.match(request)).arrayBuffer()).byteLength;
  }
  return total;
}"""
CONTROLLED = "navigator.serviceWorker.controller !== null"
#: The registration's workers and the caches, to say why an update did not come.
WORKERS = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const state = (w) => w && `${w.state} ${w.scriptURL}`;
  return {installing: state(r.installing), waiting: state(r.waiting), active: state(r.active), caches: await caches.keys()};
}"""
#: The engine's start may take long on a busy machine (assets/board/nardy-board.js gives up after 20 s).
PATIENT = "globalThis.nardyLiveTimeout = 120000"


def unexpected(guard, *consoles) -> list[str]:
    """Requests to another host, exceptions and console messages."""
    foreign = guard.foreign + guard.blocked
    messages = [line for console in consoles for line in console if "net::ERR_BLOCKED_BY_CLIENT" not in line]
    return foreign + guard.errors + messages


class Counting:
    """The site's app, adding up the bytes it sends (headers and bodies, as they go out)."""

    def __init__(self, app):
        self.app, self.sent, self.lock = app, 0, threading.Lock()

    async def __call__(self, scope, receive, send):
        async def counted(message):
            size = len(message.get("body", b"")) + sum(len(k) + len(v) + 4 for k, v in message.get("headers", ()))
            with self.lock:
                self.sent += size
            await send(message)

        await self.app(scope, receive, counted)


class Served:
    """A copy of the built site, served on a port of its own that survives a stop and a restart."""

    def __init__(self, site, folder):
        self.site = folder / "site"
        shutil.copytree(site, self.site)
        self.port = 0
        self.server = None
        self.app = Counting(SiteApp(self.site))
        self.start()
        self.url = self.server.url

    def start(self):
        self.server = serve_in_thread(self.site, port=self.port, app=self.app)
        self.port = self.server.server_address[1]

    def sent(self) -> int:
        """Bytes sent since the last call."""
        with self.app.lock:
            sent, self.app.sent = self.app.sent, 0
        return sent

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def rebuild(self, page: str, old: str, new: str) -> dict:
        """A new build in which ``page`` says ``new`` where it said ``old``: the page changed, then the build's
        last step (the icons and the service worker with every file's hash) run again over the site."""
        path = self.site / page
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return offline.write(self.site)


@pytest.fixture()
def served(site, tmp_path):
    served = Served(site, tmp_path)
    yield served
    if served.server is not None:
        served.stop()


def cache_keys(page, root: str) -> dict[str, set[str]]:
    return {name: {url.removeprefix(root) for url in urls} for name, urls in page.evaluate(CACHES).items()}


def wait_cached(page, root: str, key: str, timeout: float = 30.0):
    """Until a cache holds ``key`` (the worker stores a response after passing it on)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate("(url) => caches.match(url).then(Boolean)", root + key):
        assert time.monotonic() < deadline, f"{key} was not cached in {timeout} s"
        page.wait_for_timeout(100)


def notice_texts(page) -> list[tuple[str, str]]:
    """(kind, text) of every notice on the page."""
    return [tuple(found) for found in page.locator(".nardy-notice").evaluate_all(
        "els => els.map(e => [e.dataset.notice, e.querySelector('span') ? e.querySelector('span').textContent : ''])")]


def wait_notice(page, kind: str):
    page.wait_for_function(
        "(kind) => { const box = document.querySelector(`.nardy-notice[data-notice=${kind}]`);"
        " return box && box.querySelector('span'); }", arg=kind, timeout=90000)


def text_of(msgid: str, code: str = CODE) -> str:
    found = expected.catalog_text(code, msgid)
    assert code == "en" or found != msgid, f"{code}: {msgid!r} has no translation"
    return found


def test_visited_pages_and_the_engine_work_offline(browser, served, site_languages):
    if CODE not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {CODE} pages")
    manifest = offline.read_worker(served.site / offline.WORKER)
    root = served.url
    guard = Guard(browser, root, service_worker=True)
    guard.context.add_init_script(PATIENT)
    try:
        # What the page costs without a service worker (no HTTP cache shared with the context below).
        plain = Guard(browser, root)
        try:
            plain.new_page().goto(f"{root}{CODE}/short/", wait_until="networkidle")
        finally:
            plain.close()
        sent_plain = served.sent()

        # A reader reads one page: the worker installs and keeps the language's shell, and no Pyodide.
        live = Live(guard, f"{root}{CODE}/short/")
        live.page.wait_for_function(CONTROLLED)
        wait_cached(live.page, root, f"{CODE}/short/")
        shell = set(manifest["common"]) | set(manifest["shell"][CODE])
        # The page's drawings and its boards' recorded answers are kept with it (its figures then show, and its
        # boards answer, offline, engine or not).
        answers = {key for key in manifest["files"] if key.startswith(f"{CODE}/short/nardy-answers/")}
        drawings = {key for key in manifest["files"] if key.startswith(f"{CODE}/short/nardy-figures/")}
        assert len(answers) > 10 and len(drawings) == len(answers), (answers, drawings)
        answers |= drawings
        for key in shell | answers:
            wait_cached(live.page, root, key)
        name = f"nardy-{manifest['id']}"
        cached = cache_keys(live.page, root)
        assert list(cached) == [name]
        assert cached[name] == shell | answers | {f"{CODE}/short/"}, (cached[name] - shell, shell - cached[name])
        assert not [url for url in guard.local if "/pyodide/" in url]
        assert live.page.locator(".nardy-notice").count() == 0  # the first worker is no update
        read_one = live.page.evaluate(CACHED_BYTES)
        sent_read = served.sent()

        # The engine starts (a board is played): Pyodide's files are kept as they are asked for.
        text, reason = strings(CODE)
        board = "short-opening-3-1"
        live.click(board, 8)
        live.click(board, 5)
        live.wait_status(board, text("moved", move="8/5", dice="1"))
        assert live.wait_engine(timeout=120000) == "ready", live.page.evaluate("window.nardyLive.engine.reason")
        asked = {url.removeprefix(root) for url in guard.local if "/pyodide/" in url}
        assert asked == {f"{live_assets.FOLDER}/{name}" for name in live_assets.WORKER_ASKS}
        for key in asked:
            wait_cached(live.page, root, key)
        played = live.page.evaluate(CACHED_BYTES)
        sent_played = served.sent()
        print(f"\noffline cost, {CODE}/short/: sent {sent_plain:,} bytes without a service worker, {sent_read:,} "
              f"with it; starting the engine sent {sent_played:,} more; cached {read_one:,} bytes, then {played:,}")

        # A second page is read, and the play page is opened (its engine starts as it opens).
        live.page.goto(f"{root}{CODE}/long/")
        wait_cached(live.page, root, f"{CODE}/long/")
        online = Play(guard, root, CODE)
        wait_cached(online.page, root, f"{CODE}/play/")
        online.page.close()

        # No network from here on.
        guard.context.set_offline(True)
        served.stop()

        again = Live(guard, f"{root}{CODE}/short/")
        wait_notice(again.page, "offline")
        assert notice_texts(again.page) == [("offline", text_of(offline.TEXTS["notice-offline"]))]
        again.click(board, 8)
        again.click(board, 5)
        again.wait_status(board, text("moved", move="8/5", dice="1"))
        # A board nobody touched online answers from its kept record too.
        again.click("short-opening-4-2", 8)
        again.click("short-opening-4-2", 4)
        again.wait_status("short-opening-4-2", text("moved", move="8/4", dice="2"))
        # Pyodide and the engine from the cache, started from the kept snapshot.
        assert again.wait_engine(timeout=120000) == "ready", again.page.evaluate("window.nardyLive.engine.reason")
        assert again.page.evaluate("window.nardyLive.engine.startedFrom") == "snapshot"
        again.click(board, 6)
        again.click(board, 2)
        again.wait_status(board, reason("no-such-die", distance=4, dice="1"))
        again.click(board, 6)
        again.click(board, 5)
        again.wait_status(board, text("moved-done", move="6/5"))
        assert AXE.is_file()
        assert violations(again.page) == []
        # The notice goes when closed.
        again.page.locator(".nardy-notice button").click()
        assert again.page.locator(".nardy-notice").count() == 0

        # The play page offline: a whole game between two people from a pasted position, then one
        # against the computer (its weights come with the engine, from the cache).
        game = Play(guard, root, CODE, dice=[(2, 1), (2, 1)])
        wait_notice(game.page, "offline")
        game.seats("person", "person")
        game.paste(MARS)
        game.wait(f"window.nardyPlay.record.start === {json.dumps(to_text(from_text(MARS)))} && s.phase === 'roll'")
        game.press("roll")
        game.wait("s.phase === 'move'")
        game.move(1, "off")
        game.press("confirm")
        game.wait("s.phase === 'match-over'")
        assert text("result-white-mars", count=2) in game.status()
        game.seats("computer-strong", "person")
        game.paste(KOKS)
        # The mars game is over too: wait for the pasted game's end, not the last one's.
        game.wait(f"window.nardyPlay.record.start === {json.dumps(to_text(from_text(KOKS)))} && s.phase === 'match-over'")
        assert game.state("[window.nardyPlay.state.result.winner, window.nardyPlay.state.result.points]") == ["white", 3]
        # No failed load logged (the worker's own tries at the network fail, as they should, unlogged).
        assert game.console == [], game.console

        other = guard.new_page()
        other.goto(f"{root}{CODE}/long/")
        assert other.locator("article h1").count() == 1
        assert other.evaluate("document.documentElement.lang") == expected.bcp47(CODE)
        wait_notice(other, "offline")

        never = guard.new_page()
        never.goto(f"{root}{CODE}/glossary/")
        assert never.locator("h1").inner_text() == text_of(offline.TEXTS["offline-title"])
        assert never.evaluate("document.documentElement.lang") == expected.bcp47(CODE)
        assert never.locator("a").get_attribute("href") == f"/{CODE}/"
        assert never.locator(".nardy-notice").count() == 0
        assert violations(never) == []
        assert unexpected(guard, live.console, again.console) == []
    finally:
        guard.close()


def test_a_new_build_replaces_the_cache_and_says_so_once(browser, served, site_languages):
    if CODE not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {CODE} pages")
    root = served.url
    first = offline.read_worker(served.site / offline.WORKER)
    guard = Guard(browser, root, service_worker=True)
    try:
        page = guard.new_page()
        console = []
        record_console(page, console)
        page.goto(f"{root}{CODE}/short/")
        page.wait_for_function(CONTROLLED)
        page.goto(f"{root}{CODE}/long/")
        wait_cached(page, root, f"{CODE}/long/")
        wait_cached(page, root, f"{CODE}/short/")
        assert list(cache_keys(page, root)) == [f"nardy-{first['id']}"]

        article = '<article class="md-content__inner md-typeset">'
        news = "Yangi matn."
        second = served.rebuild(f"{CODE}/long/index.html", article, f'{article}<p id="news">{news}</p>')
        assert second["id"] != first["id"]

        page.goto(f"{root}{CODE}/long/")
        assert page.locator("#news").inner_text() == news  # the network first: the new text
        try:
            wait_notice(page, "update")
        except PlaywrightError:
            raise AssertionError(f"no update notice; the workers: {page.evaluate(WORKERS)}") from None
        new_cache = f"nardy-{second['id']}"
        page.wait_for_function("(name) => caches.keys().then((names) => names.join() === name)", arg=new_cache)
        kept = cache_keys(page, root)[new_cache]
        assert f"{CODE}/short/" in kept  # unchanged: carried over from the old build's cache
        assert notice_texts(page) == [("update", text_of(offline.TEXTS["notice-update"]))]
        assert page.locator(".nardy-notice button").all_inner_texts() == [
            text_of(offline.TEXTS["notice-reload"]), text_of(offline.TEXTS["notice-close"])]
        assert violations(page) == []

        page.locator(".nardy-notice button").first.click()  # Reload
        page.wait_for_load_state("load")
        page.wait_for_timeout(500)
        assert page.locator(".nardy-notice").count() == 0  # shown once
        assert page.locator("#news").inner_text() == news
        wait_cached(page, root, f"{CODE}/long/")
        assert unexpected(guard, console) == []
    finally:
        guard.close()


def test_the_manifest_is_linked_and_its_icons_load(browser, served, site_languages):
    root = served.url
    guard = Guard(browser, root)
    try:
        page = guard.new_page()
        for lang in site_languages:
            page.goto(f"{root}{lang.code}/")
            href = page.evaluate("document.querySelector('link[rel=manifest]').href")
            assert href == f"{root}{lang.code}/{offline.MANIFEST}"
            response = page.request.get(href)
            assert response.headers["content-type"] == "application/manifest+json"
            data = response.json()
            assert data["name"] == text_of(offline.TEXTS["app-name"], lang.code)
            for icon in data["icons"]:
                url = page.evaluate("([base, src]) => new URL(src, base).href", [href, icon["src"]])
                size = page.evaluate(
                    "(url) => new Promise((ok, no) => { const img = new Image(); "
                    "img.onload = () => ok([img.naturalWidth, img.naturalHeight]); img.onerror = no; img.src = url; })",
                    url)
                assert f"{size[0]}x{size[1]}" == icon["sizes"], (url, size)
        assert unexpected(guard) == []
    finally:
        guard.close()


def test_chromium_offers_to_install_the_site_in_every_language(browser, served, site_languages, tmp_path):
    """What a phone's "add to home screen" needs, as Chromium itself judges it (DevTools' installability
    check: manifest, icons, a service worker controlling the page). It needs a profile on disk: in the tests'
    usual contexts (incognito) Chromium answers "in-incognito" whatever the site does."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=FLAGS, service_workers="allow")
    try:
        page = context.new_page()
        session = context.new_cdp_session(page)
        for lang in site_languages:
            page.goto(f"{served.url}{lang.code}/short/")
            page.wait_for_function(CONTROLLED, timeout=30000)
            found = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert found == [], (lang.code, found)
            manifest = session.send("Page.getAppManifest")
            assert manifest["url"] == f"{served.url}{lang.code}/{offline.MANIFEST}" and manifest["errors"] == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_browser_bar_takes_the_header_colour(browser, site_url, scheme):
    guard = Guard(browser, site_url, color_scheme=scheme)
    try:
        page = guard.new_page()
        page.goto(f"{site_url}{CODE}/short/")
        metas = page.evaluate(
            "() => [...document.querySelectorAll('meta[name=theme-color][media]')]"
            ".filter((m) => matchMedia(m.media).matches).map((m) => m.content)")
        header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
        assert len(metas) == 1 and rgb(metas[0]) == header, (metas, header)
        if scheme == "light":  # the manifest's colours are the light scheme's
            data = page.request.get(f"{site_url}{CODE}/{offline.MANIFEST}").json()
            body = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert (rgb(data["theme_color"]), rgb(data["background_color"])) == (header, body)
    finally:
        guard.close()


def rgb(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


#: Browsers where the site gets no service worker: none at all (what the other browser tests' pages get),
#: a ``navigator.serviceWorker`` that throws (Firefox with storage blocked), a registration refused (a private
#: window that allows none).
NO_WORKER = {
    "absent": (False, None),
    "throws": (True, "Object.defineProperty(Navigator.prototype, 'serviceWorker', "
                     "{get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"),
    "refused": (True, "ServiceWorkerContainer.prototype.register = function () { "
                      "return Promise.reject(new DOMException('The operation is insecure.', 'SecurityError')); };"),
}


@pytest.mark.parametrize("case", sorted(NO_WORKER))
def test_without_a_service_worker_the_site_is_as_before(browser, site_url, site_languages, case):
    if CODE not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {CODE} pages")
    allowed, script = NO_WORKER[case]
    guard = Guard(browser, site_url, service_worker=allowed)
    if script:
        guard.context.add_init_script(script)
    guard.context.add_init_script(PATIENT)
    try:
        text, _reason = strings(CODE)
        live = Live(guard, f"{site_url}{CODE}/short/")
        live.page.wait_for_timeout(500)  # after the load event, when the registration would have run
        board = "short-opening-3-1"
        live.click(board, 8)
        live.click(board, 5)
        live.wait_status(board, text("moved", move="8/5", dice="1"))
        assert live.wait_engine(timeout=120000) == "ready"
        assert live.page.locator(".nardy-notice").count() == 0
        controlled = "(() => { try { return !!(navigator.serviceWorker || {}).controller; } catch (e) { return 'throws'; } })()"
        assert live.page.evaluate(controlled) in (False, "throws")
        assert live.page.evaluate("caches.keys()") == []
        assert unexpected(guard, live.console) == []
    finally:
        guard.close()


def test_the_registration_waits_for_the_load_event(browser, site_url):
    guard = Guard(browser, site_url, service_worker=True)
    guard.context.add_init_script(
        "const register = ServiceWorkerContainer.prototype.register;"
        "ServiceWorkerContainer.prototype.register = function (...args) {"
        "  window.nardyRegisteredAt = performance.now(); return register.apply(this, args); };")
    try:
        page = guard.new_page()
        page.goto(f"{site_url}{CODE}/long/")
        page.wait_for_function("window.nardyRegisteredAt !== undefined")
        load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")
        assert load > 0 and page.evaluate("window.nardyRegisteredAt") >= load
        page.wait_for_function(CONTROLLED)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{site_url}{offline.WORKER}"
        assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == site_url
    finally:
        guard.close()
