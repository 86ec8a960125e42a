"""The play page's first move before the engine is ready (assets/play/nardy-play-opening.js), at 390 px in Chromium.

The worker's Pyodide files are held back (routed, not answered) until the test releases them: a new game is
started, the opening rolled and the first play made by clicks from the build's record of the engine's answers
(nardy_site/figures/opening.py), an illegal move refused with the engine's reason; once released, the engine
opens the match from its record and plays on. Against the computer (a first play by the keys and a drag), its
first reply says it is getting ready until the engine is."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest

from .conftest import Guard
from .test_live import strings as board_strings
from .test_play import Play, play_text

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
ENGINE = "document.documentElement.dataset.nardyEngine"


class Held:
    """The worker's Pyodide files (and the engine's archive and image), held unanswered until released."""

    def __init__(self, context):
        self.context = context
        self.waiting = []
        self.released = False
        context.route("**/pyodide/**", self._hold)

    def _hold(self, route):
        if self.released:
            route.fallback()
        else:
            self.waiting.append(route)

    def release(self):
        self.released = True
        for route in self.waiting:
            route.fallback()
        self.waiting.clear()


@pytest.fixture()
def phone(browser, site_url):
    guard = Guard(browser, site_url, viewport=PHONE)
    held = Held(guard.context)
    yield guard, held
    held.release()
    guard.close()


def board_count(play, side, point):
    """Checkers of ``side`` on ``point`` as the board is drawn (the SVG's checker layer)."""
    return play.page.evaluate(
        """([side, point]) => { const app = window.nardyPlay; const p = app.board.position;
             return (p && p[side][String(point)]) || 0; }""", [side, point])


def requested(guard, path):
    """How many times the page asked the site for the file at path."""
    return sum(1 for url in guard.local if urlsplit(url).path == path)


def place_xy(play, place):
    """Where a place is on the screen (the board scrolled into view)."""
    return play.page.evaluate(
        """(place) => { const app = window.nardyPlay; const [x, y] = app.board.layout.points[String(place)];
             const svg = app.board.views[app.board.variant].svg; svg.scrollIntoView({ block: "center" });
             const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }""", place)


def test_a_first_play_by_clicks_before_the_engine_then_the_engine_plays_on(phone, site_url):
    guard, held = phone
    t = play_text("en")
    board, reason = board_strings("en")
    play = Play(guard, site_url, dice=[(3, 1), (6, 4)], ready=False)
    play.seats("person", "person")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.scoresheet[0].length === 0 && s.phase === 'opening'")
    play.press("opening")
    play.wait("s.phase === 'move'")
    assert play.status() == t("play-opening-white", white=3, black=1)
    # The strings and the record read once, by the page's head (overrides/main.html); the check answers not yet.
    assert requested(guard, "/en/assets/i18n.json") == 1 and requested(guard, "/play-records/nardy-opening.json") == 1
    assert requested(guard, "/play-records/nardy-opening-checks.json") == 0
    play.move(8, 5)
    assert play.status() == board("moved", move="8/5", dice="1")
    play.click(24)
    play.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
    play.click(18)  # no 6 among 3-1, nor a path of 3 and 1: the engine's recorded check says so
    play.page.wait_for_function("!document.querySelector('.nardy-live-selected')")
    play.page.wait_for_timeout(200)
    assert play.status() == reason("no-such-die", distance=6, dice="1")
    assert requested(guard, "/play-records/nardy-opening-checks.json") == 1  # fetched at the first selection
    play.move(6, 5)
    assert board_count(play, "white", 5) == 2 and board_count(play, "white", 8) == 2
    play.press("confirm")
    play.wait("s.phase === 'roll' && s.side === 'black'")
    assert play.status() == t("play-played-white", play="8/5 6/5")
    assert "8/5 6/5" in play.page.locator(".nardy-play-sheet").inner_text()
    # All of it before the engine: nothing of Pyodide has been answered, and the match is the stand-in's.
    assert play.state(ENGINE) == "starting" and held.waiting
    assert play.state("window.nardyPlay.match.id") == "opening"
    held.release()
    play.press("roll")  # the engine opens the match from the page's record and rolls Black's 6-4
    play.wait("s.phase === 'move' && s.side === 'black'", timeout=160000)
    assert play.state(ENGINE) == "ready" and play.state("window.nardyPlay.match.id") != "opening"
    play.move(1, 7)
    play.move(12, 16)
    play.press("confirm")
    play.wait("s.phase === 'roll' && s.side === 'white'")
    record = play.state("window.nardyPlay.record.games[0].actions")
    assert [a["act"] for a in record] == ["opening", "move", "move", "confirm", "roll", "move", "move", "confirm"]
    play.clean()


def test_the_computer_says_it_is_getting_ready_until_the_engine_is(phone, site_url):
    guard, held = phone
    t = play_text("en")
    play = Play(guard, site_url, dice=[(3, 1), (6, 4)], ready=False)
    play.seats("person", "computer-beginner")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.phase === 'opening'")
    # The opening thrown, 8/5 played by the keys (the cursor starts on 24, White's rearmost), 6/5 by a mouse's
    # drag: the same recorded answers.
    board, _reason = board_strings("en")
    play.page.locator(".nardy-play-tools button[data-action='opening']").focus()
    play.page.keyboard.press("Enter")
    play.wait("s.phase === 'move'")
    play.page.keyboard.press("Shift+Tab")  # from the toolbar back to the board, the tab stop before it
    assert play.page.evaluate("document.activeElement.classList.contains('nardy-live-board')")
    for _ in range(16):
        play.page.keyboard.press("ArrowRight")
    play.page.keyboard.press("Enter")
    play.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
    for _ in range(3):
        play.page.keyboard.press("ArrowRight")
    play.page.keyboard.press("Enter")
    play.wait("s.turn.moves.length === 1")
    assert play.status() == board("moved", move="8/5", dice="1")
    start, end = place_xy(play, 6), place_xy(play, 5)
    play.page.mouse.move(*start)
    play.page.mouse.down()
    play.page.mouse.move(*end, steps=8)
    play.page.mouse.up()
    play.wait("s.turn.moves.length === 2")
    assert board_count(play, "white", 5) == 2 and play.state(ENGINE) == "starting"
    play.press("confirm")
    waiting = t("play-computer-waiting")
    status = play.page.locator(".nardy-play .nardy-live-status")
    play.page.wait_for_function("(text) => document.querySelector('.nardy-play .nardy-live-status').textContent === text",
                                arg=waiting)
    assert status.is_visible()
    assert status.get_attribute("role") == "status" or status.get_attribute("aria-live") in ("polite", "assertive")
    play.page.wait_for_timeout(1000)
    assert status.inner_text().strip() == waiting and play.state(ENGINE) == "starting"
    held.release()
    play.wait("s.phase === 'roll' && s.side === 'white'", timeout=160000)
    assert status.inner_text().strip() != waiting
    sheet = play.state("window.nardyPlay.state.scoresheet[0]")
    assert sheet[-1]["kind"] == "play" and sheet[-1]["side"] == "black" and sheet[-1]["dice"] == [6, 4]
    play.clean()


def test_a_share_link_of_a_figures_position_plays_before_the_engine(phone, site_url):
    """play/#position=...&dice=... with a rules figure's position and dice (the short game's first example, 3-1):
    the position opened, its first play made and refused by the link's record (the build's, play-records/nardy-links/), all
    before the engine; a link of another position waits for the engine as before."""
    guard, held = phone
    board, reason = board_strings("en")
    text = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"
    play = Play(guard, site_url, hash_=f"#position={quote(text)}&dice=3-1", ready=False)
    play.wait("s.phase === 'move' && s.side === 'white'")
    assert play.state("window.nardyPlay.state.turn.dice") == [3, 1]
    assert requested(guard, "/play-records/nardy-links.json") == 1
    assert requested(guard, "/play-records/nardy-opening.json") <= 1  # the head's read, not the page's
    play.move(8, 5)
    assert play.status() == board("moved", move="8/5", dice="1")
    play.click(24)
    play.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
    play.click(18)
    play.page.wait_for_function("!document.querySelector('.nardy-live-selected')")
    play.page.wait_for_timeout(200)
    assert play.status() == reason("no-such-die", distance=6, dice="1")
    play.move(6, 5)
    play.seats("person", "person")  # the seats the form says apply to the next match; this one plays on
    assert board_count(play, "white", 5) == 2 and play.state(ENGINE) == "starting" and held.waiting
    assert play.state("window.nardyPlay.match.id") == "opening"
    held.release()
    play.page.wait_for_function(f"{ENGINE} === 'ready'", timeout=160000)
    play.clean()

    other = Play(guard, site_url, hash_=f"#position={quote(text.replace('6x5', '6x4,5x1'))}&dice=3-1", ready=False)
    other.wait("s.phase === 'move' && s.side === 'white'")
    assert other.state("window.nardyPlay.match.id") != "opening"  # the engine's (released above): not a figure's
    other.clean()
