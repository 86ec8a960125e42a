"""The play page for everyone, at a phone's width (390 px) in Chromium: axe-core clean in the light and the dark
scheme in a game with a checker selected, with a double offered, in the set-up editor, with a hint drawn, with
the resignation's offers and after a game, its scoresheet shown; a whole turn played
by the keyboard alone (Tab, the arrow keys, Enter) with every step said in the status region; the board as
wide as the page, no horizontal scroll, every control at least 24 px and on screen. Nothing leaves 127.0.0.1,
and the console stays clean."""

from __future__ import annotations

import pytest

from nardy_rules import ShortPosition, Turn

from .conftest import Guard
from .test_accessibility import AXE, PHONE, SCHEMES, violations
from .test_live import strings as board_strings
from .test_play import Play, play_text
from .test_play_setup import Setup

pytestmark = pytest.mark.browser

#: White to roll, 6x5 5x5 4x5 against Black's 20x5 19x5 18x5 (75 pips each): a double may be offered.
RACE = "nardy:short:w:6x5,5x5,4x5:20x5,19x5,18x5"


@pytest.fixture()
def phone(browser, site_url, request):
    guard = Guard(browser, site_url, viewport=PHONE, color_scheme=getattr(request, "param", "light"))
    yield guard
    guard.close()


@pytest.mark.parametrize("phone", SCHEMES, indirect=True)
def test_the_play_page_passes_axe_in_a_game_an_offer_and_the_editor(phone, site_url):
    assert AXE.is_file(), f"{AXE} is missing: scripts/setup runs npm ci"
    page = Setup(phone, site_url, "en", dice=[(3, 1)])
    page.seats("person", "person")
    found = {}

    def check(state):
        problems = violations(page.page)
        if problems:
            found[state] = problems

    page.page.locator("button[data-action='start']").click()
    page.wait("s.scoresheet[0].length === 0")
    page.press("opening")
    page.wait("s.phase === 'move'")
    page.click(8)
    page.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
    check("a game, a checker selected")
    page.paste(RACE)
    page.wait("s.phase === 'roll' && s.scoresheet[0].length === 0")
    page.press("double")
    page.wait("s.phase === 'take'")
    check("a double offered")
    page.open_editor()
    page.put(24)  # a 16th white checker: the engine's verdict shown
    page.choose("die1", "3")
    page.choose("die2", "1")
    check("the editor, a position refused")
    page.put(24, shift=True)
    page.page.locator(".nardy-play-setup-plays li").first.wait_for()
    page.button("next")
    check("the editor, a legal play shown")
    assert found == {}
    page.clean()


@pytest.mark.parametrize("phone", SCHEMES, indirect=True)
def test_axe_on_the_hint_the_resignation_s_offers_and_a_finished_game(phone, site_url):
    page = Play(phone, site_url, "en", dice=[(3, 1), (6, 4)])
    page.seats("person", "person")
    page.page.locator("button[data-action='start']").click()
    page.wait("s.scoresheet[0].length === 0")
    found = {}

    def check(state):
        problems = violations(page.page)
        if problems:
            found[state] = problems

    page.press("opening")
    page.wait("s.phase === 'move'")
    page.press("hint")
    page.page.wait_for_function("document.querySelectorAll('.nardy-live-arrow').length > 0")
    check("a hint drawn and listed")
    page.move(8, 5)
    page.move(6, 5)
    page.press("confirm")
    page.wait("s.phase === 'roll' && s.side === 'black'")
    page.press("resign")
    page.page.locator(".nardy-play-tools button[data-action='resign-single']").wait_for()
    check("the resignation's offers")
    page.press("resign-single")
    page.wait("s.phase === 'resign'")
    page.press("accept")
    page.wait("s.phase === 'match-over'")
    page.page.locator(".nardy-play-sheet-table").wait_for()
    check("a finished game, its scoresheet and play again")
    assert found == {}
    page.clean()


def test_a_whole_turn_by_the_keyboard_alone(phone, site_url):
    t = play_text("en")
    board, _reason = board_strings("en")
    play = Play(phone, site_url, "en", dice=[(3, 1)])
    play.seats("person", "person")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.scoresheet[0].length === 0")
    keys = play.page.keyboard
    focused = "document.activeElement"

    def tab_to(selector, limit=80):
        """Tab (only Tab) from where the focus is until the element matching the selector has it."""
        for _ in range(limit):
            keys.press("Tab")
            if play.page.evaluate(f"{focused}.matches({selector!r})"):
                return
        raise AssertionError(f"{selector} not reached by Tab")

    def press(key):
        said = play.page.evaluate("window.nardyPlay.panel.said || 0")
        keys.press(key)
        play.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        return play.status()

    play.page.evaluate("document.activeElement && document.activeElement.blur()")
    tab_to(".nardy-play-tools button[data-action='opening']")
    assert press("Enter") == t("play-opening-white", white=3, black=1)
    play.wait("s.phase === 'move'")
    keys.press("Shift+Tab")  # from the toolbar back to the board, the tab stop before it
    assert play.page.evaluate(f"{focused}.classList.contains('nardy-live-board')")
    assert press("ArrowRight") == board("cursor-empty", point=23)  # the cursor starts on 24, White's rearmost
    for point in range(22, 8, -1):
        assert f" {point}" in press("ArrowRight")  # every place on the way is said
    assert press("ArrowRight") == board("cursor-white", point=8, count=3)
    targets = ", ".join(str(path["end"]) for path in Turn(ShortPosition.start(), (3, 1)).paths(8))
    assert sorted(targets.split(", ")) == ["4", "5", "7"]  # 8/7, 8/5, 8/4 (RULES.md: one checker, one or both dice)
    assert press("Enter") == board("selected", point=8, targets=targets)
    for _ in range(2):
        press("ArrowRight")
    assert press("ArrowRight") == board("cursor-target", point=5)
    assert press("Enter") == board("moved", move="8/5", dice="1")
    play.wait("s.turn.moves.length === 1")
    press("ArrowLeft")
    assert press("Enter") == board("selected", point=6, targets="5")
    press("ArrowRight")
    said = press("Enter")
    assert said == f"{board('moved-done', move='6/5')} {t('play-white-confirm')}"
    keys.press("Tab")  # the toolbar's one tab stop: its first button, Undo; the arrow keys move in it
    assert play.page.evaluate(f"{focused}.dataset.action") == "undo"
    keys.press("ArrowRight")
    assert play.page.evaluate(f"{focused}.dataset.action") == "confirm"
    assert press("Enter") == t("play-played-white", play="8/5 6/5")
    play.wait("s.phase === 'roll' && s.side === 'black'")
    play.clean()


LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const board = document.querySelector('.nardy-play-board:not([hidden]) svg').getBoundingClientRect();
  const article = document.querySelector('.nardy-play').getBoundingClientRect();
  const small = [], outside = [];
  for (const element of document.querySelectorAll('.nardy-play button, .nardy-play select, .nardy-play input')) {
    const box = element.getBoundingClientRect();
    if (!box.width && !box.height) continue;  // not shown
    const name = element.dataset.action || element.dataset.setupAction || element.dataset.setting ||
      element.dataset.setup || element.dataset.count || element.dataset.form;
    if (box.width < 24 || box.height < 24) small.push([name, box.width, box.height]);
    if (box.left < 0 || box.right > width) outside.push([name, box.left, box.right]);
  }
  return { width, scroll: document.documentElement.scrollWidth, board: board.width, mount: article.width, small, outside };
}"""


@pytest.mark.parametrize("code", ["en", "uz", "hy"])  # Uzbek's and Armenian's button labels are long
def test_at_390_px_the_board_fills_the_width_and_every_control_is_in_reach(phone, site_url, code):
    page = Setup(phone, site_url, code, dice=[(3, 1)])
    page.seats("person", "person")
    page.press("opening")
    page.wait("s.phase === 'move'")
    for state in ("a game", "a move made", "the editor"):
        if state == "a move made":  # Undo and Confirm shown too
            page.move(8, 5)
        if state == "the editor":
            page.open_editor()
            page.choose("die1", "3")
            page.choose("die2", "1")
        measured = page.page.evaluate(LAYOUT)
        assert measured["width"] == 390 and measured["scroll"] <= measured["width"], (state, measured)
        assert measured["board"] >= 0.98 * measured["mount"] and measured["board"] >= 340, (state, measured)
        assert measured["small"] == [] and measured["outside"] == [], (state, measured)
    page.clean()
