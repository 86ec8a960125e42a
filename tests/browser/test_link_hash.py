"""Hostile input: a malformed percent-encoding in the address's #fragment is no error: the page opens
at ``#%``, a later ``location.hash = '%E0%A4%A'`` throws nothing, a broken link that names a board says
that the link is bad, and a valid ``#board=`` link still opens the board."""

from __future__ import annotations

import pytest

from .test_live import Live, layer_of, strings

pytestmark = pytest.mark.browser

BOARD = "short-opening-3-1"
START = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"
VALID = f"board={BOARD}:{START}:3-1:8-5-3"
#: Opening a link with dice asks the engine: give Pyodide time to start on a busy machine (not the point here).
PATIENT = "globalThis.nardyLiveTimeout = 120000"


def set_hash(live, fragment):
    live.page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    live.page.wait_for_timeout(300)  # the hashchange listener has run


def test_a_malformed_hash_breaks_nothing(guard, site_url):
    text, _reason = strings("uz")
    live = Live(guard, f"{site_url}uz/short/", PATIENT)
    live.page.wait_for_function("document.documentElement.dataset.nardyBoards > 0")  # the boards' module is ready
    set_hash(live, "%E0%A4%A")  # was an uncaught URIError in the hashchange listener
    set_hash(live, "%")
    set_hash(live, "board=%E0%A4%A")
    assert live.guard.errors == [] and live.console == []

    # A link to a board whose rest is not decodable: a bad link, said on that board.
    set_hash(live, f"board={BOARD}:%E0%A4%A")
    live.wait_status(BOARD, text("link-bad"))
    assert live.checkers(BOARD) == layer_of(START)

    # The listener is still there: a valid link opens the board.
    set_hash(live, VALID)
    live.wait_status(BOARD, text("link-opened"), timeout=150000)
    assert live.checkers(BOARD) == layer_of("nardy:short:w:24x2,13x5,8x2,6x5,5x1:19x5,17x3,12x5,1x2")  # 8/5 played
    live.assert_clean()


def test_a_page_opened_at_a_broken_escape_still_follows_links(guard, site_url):
    text, _reason = strings("kk")
    live = Live(guard, f"{site_url}kk/short/#%", PATIENT)
    set_hash(live, VALID)
    live.wait_status(BOARD, text("link-opened"), timeout=150000)
    live.assert_clean()
