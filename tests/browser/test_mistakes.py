"""The mistakes articles' boards on a phone: the two buttons of a ``better: <play> than <play>`` figure play
the mistake, then the better play, from the example, and the board shows the position each leads to (the
engine's, drawn as nardy_rules.svg draws it); the verdict's line is on the page; console and axe clean."""

from __future__ import annotations

import pytest

from nardy_rules import from_text, parse_play, to_text

from .conftest import Guard
from .test_accessibility import violations
from .test_live import Live, layer_of

PHONE = {"width": 390, "height": 844}
PATIENT = "globalThis.nardyLiveTimeout = 600000"


def after(figure: dict, play: str) -> dict:
    """The checker layer of the example's position after ``play``."""
    position = from_text(figure["position"])
    return layer_of(to_text(parse_play(position, figure["dice"], play).result))


@pytest.mark.parametrize("code, page, board", [("ru", "long-mistakes", "long-mistake-3"),
                                               ("en", "short-mistakes", "short-mistake-2")])
def test_the_mistake_and_the_better_play_by_their_buttons(browser, site_url, site_languages, code, page, board):
    if code not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {code} pages")
    guard = Guard(browser, site_url, viewport=PHONE)
    try:
        live = Live(guard, f"{site_url}{code}/{page}/", init_script=PATIENT)
        figure = live.figure(board)
        data = figure.evaluate("f => ({position: f.dataset.position, dice: f.dataset.dice, "
                               "better: f.dataset.betterPlay, mistake: f.dataset.mistakePlay})")
        data["dice"] = data["dice"].replace("-", "")
        before = layer_of(data["position"])
        assert live.checkers(board) == before
        buttons = figure.locator(".nardy-mistake-plays button")
        assert buttons.count() == 2
        for key in ("mistake", "better"):
            button = figure.locator(f"button.nardy-{key}-play")
            assert data[key] in button.inner_text()
            button.click()
            want = after(data, data[key])
            for _ in range(150):  # the moves are played one after the other, as "play the example" does
                if live.checkers(board) == want:
                    break
                live.page.wait_for_timeout(100)
            assert live.checkers(board) == want, key
        assert after(data, data["better"]) != after(data, data["mistake"])
        assert violations(live.page) == []
        live.assert_clean()
    finally:
        guard.close()

