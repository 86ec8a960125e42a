"""How the engine starts in Chromium: from the build's image of Pyodide's memory (nardy_site/app/engine_snapshot.py)
on the play page and the rules pages, the play page's worker created as its head is read; a damaged or missing
image is refused with the reason, and the engine then starts the usual way and answers as before."""

from __future__ import annotations

import pytest

from nardy_site.app import engine_snapshot

from .conftest import Guard
from .test_live import Live, strings
from .test_play import Play

pytestmark = pytest.mark.browser

STARTED = "[window.nardyPlay.engine.startedFrom, window.nardyPlay.engine.startNote]"


def test_the_play_page_starts_its_engine_from_the_snapshot_at_once(guard, site_url):
    image_asked = []
    guard.context.on("request", lambda r: image_asked.append(r.url) if engine_snapshot.IMAGE in r.url else None)
    play = Play(guard, site_url, "en", dice=[(3, 1)])
    play.page.wait_for_function("window.nardyPlay.engine.status === 'ready'", timeout=160000)
    assert play.state(STARTED) == ["snapshot", ""]
    # The worker the head created is the engine's (taken, not a second one made).
    assert play.state("window.nardyEarlyWorker") is None
    assert len([url for url in guard.local if url.endswith("/assets/engine/nardy-worker.js")]) == 1
    assert len(image_asked) == 1
    # And it plays: a new game between two people, the opening roll 3 against 1, white's first move.
    play.seats("person", "person")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.phase === 'opening' && window.nardyPlay.record.games[0].actions.length === 0")
    play.press("opening")
    play.wait("s.phase === 'move'")
    assert play.state("[window.nardyPlay.state.position.turn, window.nardyPlay.state.dice]") == ["white", [3, 1]]
    play.move(8, 5)
    play.clean()


def test_a_rules_page_engine_starts_from_the_snapshot(guard, site_url, site_languages):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    text, reason = strings(code)
    live = Live(guard, f"{site_url}{code}/short/")
    board = "short-opening-3-1"
    live.click(board, 8)
    live.click(board, 5)
    live.wait_status(board, text("moved", move="8/5", dice="1"))
    assert live.wait_engine(timeout=160000) == "ready"
    assert live.page.evaluate("[window.nardyLive.engine.startedFrom, window.nardyLive.engine.startNote]") == ["snapshot", ""]
    live.click(board, 6)
    live.click(board, 2)
    live.wait_status(board, reason("no-such-die", distance=4, dice="1"))
    live.assert_clean()


def _damaged(route):
    body = bytearray(route.fetch().body())
    body[len(body) // 2] ^= 0xFF
    route.fulfill(status=200, body=bytes(body), headers={"Content-Type": "application/octet-stream"})


IMAGES = {
    # A byte changed on the way (or on the disk): its SHA-256 is not its record's.
    "damaged": (_damaged, "SHA-256"),
    # A site copied without it.
    "missing": (lambda route: route.fulfill(status=404, body="not here"), "HTTP 404"),
}


@pytest.mark.parametrize("case", sorted(IMAGES))
def test_a_snapshot_that_is_not_the_builds_is_refused(browser, site_url, site_languages, case):
    code = "kk" if "kk" in {lang.code for lang in site_languages} else site_languages[0].code
    text, reason = strings(code)
    handler, why = IMAGES[case]
    guard = Guard(browser, site_url)
    try:
        guard.context.route(f"**/pyodide/{engine_snapshot.IMAGE}", handler)
        live = Live(guard, f"{site_url}{code}/short/", init_script="globalThis.nardyLiveTimeout = 160000")
        board = "short-opening-3-1"
        live.click(board, 8)
        live.click(board, 5)
        live.wait_status(board, text("moved", move="8/5", dice="1"))
        assert live.wait_engine(timeout=160000) == "ready"
        started, note = live.page.evaluate("[window.nardyLive.engine.startedFrom, window.nardyLive.engine.startNote]")
        assert started == "plain" and why in note, note
        # The engine started the usual way answers as before.
        live.click(board, 6)
        live.click(board, 2)
        live.wait_status(board, reason("no-such-die", distance=4, dice="1"))
        assert live.console == [] and guard.errors == [], (live.console, guard.errors)
    finally:
        guard.close()
