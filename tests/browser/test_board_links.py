"""Board links that are not links: a malformed percent-encoding in the address never throws, the page's
boards stay playable, and a later valid #board= link still opens (assets/board/nardy-link.js, nardy-board.js)."""

from __future__ import annotations

import pytest

from .test_live import Live, layer_of, strings

pytestmark = pytest.mark.browser

BOARD = "short-opening-3-1"
START = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"
LINK = f"#board={BOARD}:{START}:3-1:8-5-3"


def test_a_malformed_hash_never_throws_and_a_later_link_opens(guard, site_url, site_languages):
    code = "uz" if "uz" in {lang.code for lang in site_languages} else site_languages[0].code
    text, _reason = strings(code)
    live = Live(guard, f"{site_url}{code}/short/#%")
    assert live.checkers(BOARD) == layer_of(START)
    live.page.evaluate("location.hash = '%E0%A4%A'")
    live.page.evaluate("location.hash = 'board=%'")
    live.page.wait_for_timeout(200)
    live.page.evaluate(f"location.hash = {LINK!r}")
    live.wait_status(BOARD, text("link-opened"))
    assert live.info(BOARD).startswith(text("white-dice", dice="1"))
    live.assert_clean()


def test_a_malformed_hash_naming_a_board_is_a_bad_link(guard, site_url, site_languages):
    code = "uz" if "uz" in {lang.code for lang in site_languages} else site_languages[0].code
    text, _reason = strings(code)
    live = Live(guard, f"{site_url}{code}/short/#board={BOARD}:%E0%A4%A")
    live.wait_status(BOARD, text("link-bad"))
    assert live.checkers(BOARD) == layer_of(START)
    live.assert_clean()
