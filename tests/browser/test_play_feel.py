"""The play page as the apps players use, in Chromium, by real input (Playwright's mouse, touch through the
DevTools protocol at 390 px with touch, keys): a checker dragged and dropped (a drop where the rules refuse
says why, a tap-tap still works, a finger's drag moves a checker without scrolling the page while a finger on
an empty point scrolls it), moves that travel (none under reduced motion), the board never covered by the
site's "back to top" button, the board and the current step's buttons in view together at 390 x 844 and
1280 x 800 in every language, a resignation of a single game declined by the computer and a koks accepted,
then "play again", an XGID's dice kept and a link's bad dice said, the scoresheet numbered in each side's own
numbering, the status speaking for the computer while it plays and telling the person when it is their turn,
the set-up editor drawing both colours on a point, the rules link, the hint drawn once, the link copied, the
sound remembered. At least two languages each; the console stays clean and nothing leaves 127.0.0.1.

Expected texts come from the catalogs (test_play.play_text, test_live.strings); plays and positions from the
engine (nardy_rules) or from RULES.md, as each test says."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from nardy_rules import ShortPosition, from_text, to_text

from .conftest import Guard
from .test_live import strings as board_strings
from .test_play import Play, play_text

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
LANGUAGES = ["uz", "az", "kk", "hy", "ru", "en"]

#: White on the bar twice and 13 checkers back, Black far ahead with 6 borne off: White may lose a koks, and the
#: strong computer (Black) expects about 2.1 points (tests/engine/test_play_live.py): it declines a single game.
CRUSHED = "nardy:short:w:13x5,12x8,barx2:24x3,23x3,22x3,offx6"

#: The screen coordinates of a place of the board shown (no scrolling: the tests hold the page still).
WHERE = """(place) => { const app = window.nardyPlay; const l = app.board.layout; const turn = app.board.position.turn;
  const [x, y] = place === 'off' ? l.off[turn] : place === 'bar' ? l.bar[turn] : l.points[String(place)];
  const p = new DOMPoint(x, y).matrixTransform(app.board.svg.getScreenCTM()); return [p.x, p.y]; }"""

#: The width of the board shown, in CSS px.
BOARD_WIDTH = "document.querySelector('.nardy-play-board:not([hidden]) svg').getBoundingClientRect().width"

#: Everything a player needs in view at once: the board, the dice on it, the information line, each button shown.
IN_VIEW = """() => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const parts = { board: document.querySelector('.nardy-play-board:not([hidden]) svg'),
                  dice: document.querySelector('.nardy-play-board:not([hidden]) g.nardy-dice'),
                  info: document.querySelector('.nardy-play-info') };
  for (const button of document.querySelectorAll('.nardy-play-tools button')) {
    if (!button.hidden) parts[button.dataset.action] = button;
  }
  const out = {};
  for (const [name, element] of Object.entries(parts)) {
    if (!element) continue;
    const box = element.getBoundingClientRect();
    if (box.top < header - 1 || box.bottom > innerHeight + 1 || box.left < 0 || box.right > innerWidth + 1) {
      out[name] = [Math.round(box.top), Math.round(box.bottom)];
    }
  }
  return { outside: out, header, height: innerHeight, shown: Object.keys(parts).filter((k) => parts[k]) };
}"""


class Page(Play):
    """The play page held still: taps and drags by coordinates, never Playwright's scrolling into view."""

    def at(self, place):
        return self.page.evaluate(WHERE, place)

    def tap(self, selector):
        """A tap (a click on a laptop) on a control where it is, which must be in view: the page is not scrolled."""
        box = self.page.locator(selector).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= self.page.viewport_size["height"], (selector, box)
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def act(self, action):
        version = self.state("window.nardyPlay.version")
        self.tap(f".nardy-play-tools button[data-action='{action}']")
        self.page.wait_for_function(f"window.nardyPlay.version > {version}")

    def start(self, white, black):
        """A new match with these seats, from the form under the scoresheet (the page then shows the board again)."""
        self.seats(white, black)
        version = self.state("window.nardyPlay.version")
        self.page.locator("button[data-action='start']").click()
        self.page.wait_for_function(f"window.nardyPlay.version > {version} && !window.nardyPlay.thinking")

    def said(self) -> int:
        return self.page.evaluate("window.nardyPlay.panel.said || 0")

    def mouse_drag(self, start, end):
        (x1, y1), (x2, y2) = self.at(start), self.at(end)
        mouse = self.page.mouse
        mouse.move(x1, y1)
        mouse.down()
        mouse.move(x2, y2, steps=12)
        mouse.up()

    def drag_turn(self, *moves):
        """A whole turn by the mouse: each (from, to) dragged, then the move confirmed."""
        for start, end in moves:
            self.mouse_drag(start, end)
        self.wait("s.turn.complete")
        self.act("confirm")

    def finger_drag(self, start, end):
        """One finger from a place to another through the DevTools protocol's touch events (what a phone sends)."""
        (x1, y1), (x2, y2) = self.at(start), self.at(end)
        cdp = self.page.context.new_cdp_session(self.page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x1, "y": y1}]})
        for step in range(1, 13):
            x, y = x1 + (x2 - x1) * step / 12, y1 + (y2 - y1) * step / 12
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()


def page_at(browser, site_url, size, code="en", touch=None, **options):
    touch = size["width"] < 500 if touch is None else touch
    guard = Guard(browser, site_url, viewport=size, has_touch=touch, **options.pop("context", {}))
    page = Page(guard, site_url, code, **options)
    page.touch = touch
    return guard, page


@pytest.fixture()
def opened(browser, site_url):
    made = []

    def open_page(size, code="en", **options):
        guard, page = page_at(browser, site_url, size, code, **options)
        made.append(guard)
        return page

    yield open_page
    for guard in made:
        guard.close()


# ---------------------------------------------------------------------- drag and drop


@pytest.mark.parametrize("code", ["kk", "en"])
def test_a_finger_drags_a_checker_without_scrolling_the_page(opened, code):
    board, reason = board_strings(code)
    page = opened(PHONE, code, dice=[(3, 1), (6, 5)])
    page.start("person", "person")
    page.act("opening")
    page.wait("s.phase === 'move'")
    top = page.page.evaluate("scrollY")
    page.finger_drag(8, 5)
    page.wait("s.turn.moves.length === 1")
    assert page.state("window.nardyPlay.state.turn.moves[0]") == {"from": 8, "to": 5, "die": 3, "hit": False}
    assert page.page.evaluate("scrollY") == top  # the page stood still under the finger
    page.page.wait_for_function("window.nardyPlay.panel.status.textContent.length > 0")
    assert page.status() == board("moved", move="8/5", dice="1")
    # A drop where the rules refuse says why, as a tap does: 6 to 3 is no move of the 1 left.
    said = page.said()
    page.finger_drag(6, 3)
    page.page.wait_for_function(f"window.nardyPlay.panel.said > {said} && !document.querySelector('.nardy-live-selected')")
    page.page.wait_for_timeout(300)
    assert page.status() == reason("no-such-die", distance=3, dice="1")
    assert page.state("window.nardyPlay.state.turn.moves.length") == 1 and page.page.evaluate("scrollY") == top
    # A tap, then a tap: still a move.
    for place in (6, 5):
        x, y = page.at(place)
        page.page.touchscreen.tap(x, y)
        if place == 6:
            page.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
    page.wait("s.turn.complete")
    assert [m["to"] for m in page.state("window.nardyPlay.state.turn.moves")] == [5, 5]
    # Once the move is confirmed (no person to move), the same finger on the board scrolls the page: the
    # test above would see a scroll.
    page.act("confirm")
    page.finger_drag(20, 11)
    page.page.wait_for_function(f"scrollY !== {top}")
    page.clean()


@pytest.mark.parametrize("code", ["ru", "uz"])
def test_a_mouse_drags_and_drops_and_a_drop_on_a_closed_point_says_why(opened, code):
    _board, reason = board_strings(code)
    page = opened(LAPTOP, code, dice=[(6, 5)])
    page.start("person", "person")
    page.act("opening")
    page.wait("s.phase === 'move'")
    # 24 to 13 over 18 (the 6, then the 5): the engine's path, played as two single moves.
    page.mouse_drag(24, 13)
    page.wait("s.turn.complete")
    assert [(m["from"], m["to"]) for m in page.state("window.nardyPlay.state.turn.moves")] == [(24, 18), (18, 13)]
    page.act("undo")
    page.act("undo")
    # 13 to 7... no: 6 to 1 lands on Black's two checkers on 1 (RULES.md: a point with two is closed).
    said = page.said()
    page.mouse_drag(6, 1)
    page.page.wait_for_function(f"window.nardyPlay.panel.said > {said} && !document.querySelector('.nardy-live-selected')")
    page.page.wait_for_timeout(300)
    refusal = page.status()
    assert refusal == reason("point-closed", point=1, count=2, color="black"), refusal
    page.clean()


# ---------------------------------------------------------------------- moves that travel


@pytest.mark.parametrize("code", ["en", "az"])
def test_moves_travel_and_none_under_reduced_motion(opened, code):
    page = opened(PHONE, code, dice=[(3, 1), (3, 1)])
    page.start("person", "person")
    page.act("opening")
    page.wait("s.phase === 'move'")
    # Watch the board: a checker in flight (over the board, data-moving) between the tap and the landing.
    page.page.evaluate("""() => { window.__flights = 0; const svg = window.nardyPlay.board.svg;
      new MutationObserver(() => { if (svg.querySelector('.nardy-flight .nardy-ck')) window.__flights += 1; })
        .observe(svg, { childList: true, subtree: true }); }""")
    page.finger_drag(8, 5)
    page.wait("s.turn.moves.length === 1")
    page.page.wait_for_function("window.__flights > 0 && !window.nardyPlay.board.svg.dataset.moving")
    landed = page.page.evaluate("window.nardyPlay.board.svg.querySelector('.nardy-ck[data-point=\"5\"]').getAttribute('d')")
    assert landed.count("a") == 2  # the checker drawn on 5 (empty at the start) once the flight is over
    page.act("undo")  # an undone move travels back
    page.page.wait_for_function("!window.nardyPlay.board.svg.dataset.moving")
    page.page.emulate_media(reduced_motion="reduce")
    page.page.evaluate("window.__flights = 0")
    page.finger_drag(6, 5)
    page.wait("s.turn.moves.length === 1")
    page.page.wait_for_timeout(500)
    assert page.page.evaluate("window.__flights") == 0
    page.clean()


# ---------------------------------------------------------------------- the page's layout


@pytest.mark.parametrize("code", ["en", "hy"])
def test_the_back_to_top_button_never_covers_the_board(opened, code):
    page = opened(PHONE, code)
    page.page.evaluate("scrollTo(0, document.body.scrollHeight)")
    page.page.mouse.wheel(0, -300)  # scrolling up shows Material's "back to top" button
    page.page.wait_for_timeout(600)
    page.page.evaluate("window.nardyPlay.fit.show()")
    page.page.mouse.wheel(0, -20)
    page.page.wait_for_timeout(600)
    top = page.page.locator(".md-top")
    assert top.get_attribute("hidden") is None  # Material shows it...
    # ... but not over the board: the tap on point 17 (the top row) reaches the board.
    x, y = page.at(17)
    hit = page.page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.nardy-live-board') !== null", [x, y])
    assert hit and top.get_attribute("data-nardy-covers") == ""
    assert not top.is_visible()
    page.clean()


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390x844", "1280x800"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_board_and_the_current_buttons_are_in_view_together(opened, code, size):
    page = opened(size, code, dice=[(3, 1)])
    page.start("person", "computer-strong")
    page.page.wait_for_timeout(300)
    top = page.page.evaluate("scrollY")
    states = {}
    states["opening"] = page.page.evaluate(IN_VIEW)
    page.act("opening")
    page.wait("s.phase === 'move'")
    page.page.wait_for_timeout(300)
    states["dice"] = page.page.evaluate(IN_VIEW)
    width = page.page.evaluate(BOARD_WIDTH)
    page.tap(".nardy-play-tools button[data-action='resign']")  # the most buttons: the offers and "keep playing"
    page.page.wait_for_timeout(300)
    states["resign"] = page.page.evaluate(IN_VIEW)
    # The offers are a passing menu: "keep playing" gives the board back the width it had.
    page.tap(".nardy-play-tools button[data-action='resign-cancel']")
    page.page.wait_for_timeout(300)
    assert page.page.evaluate(BOARD_WIDTH) == width
    assert {"board", "info", "opening"} <= set(states["opening"]["shown"])
    assert {"dice", "resign-single", "resign-cancel"} <= set(states["dice"]["shown"]) | set(states["resign"]["shown"])
    assert {name: state["outside"] for name, state in states.items() if state["outside"]} == {}, states
    assert page.page.evaluate("scrollY") == top  # no scrolling during the game
    page.clean()


# ---------------------------------------------------------------------- resigning and playing again


@pytest.mark.parametrize("code", ["en", "ru"])
def test_a_single_game_offered_is_declined_by_the_computer_a_koks_accepted_then_play_again(opened, code):
    page = opened(PHONE, code)
    t = play_text(code)
    board, _reason = board_strings(code)
    page.seats("person", "computer-strong")
    page.paste(CRUSHED)
    page.wait("s.phase === 'roll' && s.side === 'white'")
    page.tap(".nardy-play-tools button[data-action='resign']")
    # The offers and "Keep playing" in the game's buttons' place ("Turn the board" stays after them).
    offers = page.page.locator(".nardy-play-tools button:not([hidden]):not([data-action='turn'])").all_inner_texts()
    assert offers == [t("play-resign-single", count=1), t("play-resign-mars", count=2), t("play-resign-koks", count=3),
                      t("play-resign-cancel")]
    page.act("resign-single")
    page.wait("s.phase === 'roll' && s.side === 'white' && s.scoresheet[0].length === 2 && !window.nardyPlay.thinking")
    you = t("play-you-roll-double")
    assert page.status() == f"{t('sheet-decline-black')}. {you}"
    page.tap(".nardy-play-tools button[data-action='resign']")
    page.act("resign-koks")
    page.wait("s.phase === 'match-over'")
    assert page.info() == board("result-black-koks", count=3)  # a single game: "wins", not "wins the match"
    # After the match: play again, or analyse it.
    assert page.page.locator(".nardy-play-tools button:not([hidden])").all_inner_texts() == [t("play-again"), t("play-analyse"),
                                                                                          t("play-turn")]
    page.act("again")
    page.wait("s.phase === 'roll' && s.scoresheet[0].length === 0")
    assert page.state("window.nardyPlay.record.start") == to_text(from_text(CRUSHED))
    assert page.state("window.nardyPlay.seats.black.kind") == "computer"
    page.clean()


# ---------------------------------------------------------------------- the dice of a position


@pytest.mark.parametrize("code", ["en", "az"])
def test_an_xgid_s_dice_are_rolled_and_written_back(opened, code):
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    page = opened(LAPTOP, code)
    page.seats("person", "person")
    page.paste(xgid)
    page.wait("s.phase === 'move' && s.turn.dice[0] === 5 && s.turn.dice[1] === 2")
    page.page.wait_for_function(f"document.querySelector(\"input[data-form='xgid']\").value === {json.dumps(xgid)}")
    link = page.page.locator("input[data-form='link']").input_value()
    assert link.endswith("&dice=5-2")
    page.clean()


@pytest.mark.parametrize("code", ["kk", "hy"])
def test_a_link_s_bad_dice_are_said_and_its_position_opens(opened, code):
    t = play_text(code)
    for dice in ("7-1", "6-6-6"):
        page = opened(PHONE, code, hash_=f"#position={to_text(ShortPosition.start())}&dice={dice}")
        page.wait("s.phase === 'roll' && window.nardyPlay.record.start")
        assert page.status() == f"{t('play-position-opened')} {t('play-link-dice-bad')}"
        page.clean()


# ---------------------------------------------------------------------- the scoresheet and what is said


@pytest.mark.parametrize("code", ["uz", "en"])
def test_the_scoresheet_is_numbered_with_each_side_in_its_own_numbering(opened, code):
    t = play_text(code)
    page = opened(LAPTOP, code, dice=[(1, 6), (3, 1)])
    page.start("person", "person")
    page.act("opening")
    page.wait("s.phase === 'move' && s.side === 'black'")
    page.drag_turn((12, 18), (17, 18))
    page.act("roll")
    page.drag_turn((8, 5), (6, 5))
    table = page.page.locator(".nardy-play-sheet-table")
    head = table.locator("thead th").all_inner_texts()
    assert head == [t("sheet-number"), t("setup-white"), t("setup-black")]
    rows = [row.locator("th, td").all_inner_texts() for row in table.locator("tbody tr").all()]
    # Black opened 6-1 (12/18 17/18 in White's numbering, its own 13/7 8/7), White answered 3-1: as records write it,
    # line 1 has White's cell empty, line 2 White's play.
    assert rows == [["1", "", "61: 13/7 8/7"], ["2", "31: 8/5 6/5", ""]], rows
    assert t("sheet-opening", white=1, black=6) in page.page.locator(".nardy-play-sheet").inner_text()
    page.clean()


@pytest.mark.parametrize("code", ["en", "hy"])
def test_the_status_speaks_for_the_computer_and_says_when_it_is_your_turn(opened, code):
    t = play_text(code)
    page = opened(PHONE, code, dice=[(3, 1), (6, 4), (5, 2)], step_ms=150)
    page.start("person", "computer-club")
    page.page.evaluate("""() => { window.__said = []; const status = window.nardyPlay.panel.status;
      new MutationObserver(() => window.__said.push(status.textContent)).observe(status, { childList: true }); }""")
    page.act("opening")
    page.wait("s.phase === 'move'")
    assert page.info() == t("play-you-move", dice="3, 1")
    page.finger_drag(8, 5)
    page.finger_drag(6, 5)
    page.wait("s.turn.complete")
    assert page.info() == t("play-you-confirm")
    page.act("confirm")
    page.wait("s.side === 'white' && s.phase === 'roll' && !window.nardyPlay.thinking")
    said = page.page.evaluate("window.__said")
    computer = [text for text in said[said.index(t("play-played-white", play="8/5 6/5")) + 1:] if text]
    # While the computer plays, nothing asks the person to confirm or undo; each of its moves is said, then its
    # play, then the person's turn.
    assert not any(t("play-black-confirm") in text or t("play-you-confirm") in text for text in computer), computer
    assert computer[0] == t("play-rolled-black", dice="6, 4")
    assert any(text.startswith(t("play-moves-black", move="X").split("X")[0]) for text in computer), computer
    assert computer[-1].endswith(t("play-you-roll-double")) and page.info() == t("play-you-roll-double")
    page.clean()


# ---------------------------------------------------------------------- the set-up editor, and small things


@pytest.mark.parametrize("code", ["en", "ru"])
def test_the_editor_draws_both_colours_on_a_point_and_names_that_first(opened, code):
    t = play_text(code)
    board, _reason = board_strings(code)
    page = opened(LAPTOP, code)
    version = page.said()
    page.page.locator("button[data-setup-action='open']").click()  # with the new-game form, under the scoresheet
    page.page.wait_for_function(f"window.nardyPlay.mode === 'setup' && window.nardyPlay.panel.said > {version}")
    page.page.evaluate("window.nardyPlay.board.svg.scrollIntoView({ block: 'center' })")
    said = page.said()
    x, y = page.at(19)  # Black's five on 19: a white checker put there
    page.page.mouse.click(x, y)
    page.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
    assert page.status() == (f"{board('cursor-white', point=19, count=1)} {board('cursor-black', point=19, count=5)} "
                             f"{t('pos-both-colours', point=19)}")  # not "White has 16 checkers" first
    # What stands there is drawn: the white checker and the black stack over it (its count on the top checker,
    # as on any stack taller than the point).
    colours = page.page.evaluate("""() => Array.from(window.nardyPlay.board.svg.querySelectorAll(
      'g.nardy-checkers [data-point="19"]')).map((item) => [item.tagName, item.dataset.color, item.textContent])""")
    assert sorted(colours) == [["path", "black", ""], ["path", "white", ""], ["text", "black", "5"]], colours
    page.clean()


@pytest.mark.parametrize("code", ["az", "en"])
def test_the_rules_link_the_hint_drawn_the_link_copied_and_the_sound_kept(opened, site_url, code):
    t = play_text(code)
    page = opened(LAPTOP, code, dice=[(3, 1)], context={"permissions": ["clipboard-read", "clipboard-write"]})
    page.start("person", "person")
    rules = page.page.locator("a.nardy-play-rules")
    assert rules.inner_text() == t("play-rules-short")
    assert page.page.evaluate("fetch(document.querySelector('a.nardy-play-rules').href).then((r) => r.status)") == 200
    assert rules.get_attribute("href") == "../short/"
    page.page.locator("select[data-setting='variant']").select_option("long")
    page.page.locator("button[data-action='start']").click()
    page.wait("s.variant === 'long'")
    assert rules.get_attribute("href") == "../long/" and rules.inner_text() == t("play-rules-long")
    page.page.locator("select[data-setting='variant']").select_option("short")
    page.page.locator("button[data-action='start']").click()
    page.wait("s.variant === 'short'")
    page.act("opening")
    page.wait("s.phase === 'move'")
    page.tap(".nardy-play-tools button[data-action='hint']")
    page.page.wait_for_function("document.querySelectorAll('.nardy-live-arrow').length === 2")
    # The best play drawn on the board, said once (the three listed under the board with their chances).
    assert page.status() == t("play-hint-shown", dice="3, 1", play="8/5 6/5")
    assert page.page.locator(".nardy-play-hint-list li").count() == 3
    arrows = page.page.evaluate(
        "Array.from(document.querySelectorAll('.nardy-live-arrow')).map((a) => [a.dataset.from, a.dataset.to])")
    assert sorted(arrows) == [["6", "5"], ["8", "5"]]
    # The hint is the game's: the set-up editor, which takes its place under the board, hides it until the
    # game is back.
    hints = page.page.locator(".nardy-play-hints")
    page.page.locator("button[data-setup-action='open']").click()
    page.page.wait_for_function("window.nardyPlay.mode === 'setup'")
    assert not hints.is_visible()
    page.page.locator("button[data-setup-action='back']").click()
    page.page.wait_for_function("window.nardyPlay.mode === 'game'")
    assert hints.is_visible() and page.page.locator(".nardy-play-hint-list li").count() == 3
    # The share link, copied: the position at the turn's start with its roll.
    page.page.locator("button[data-action='copy-link']").click()
    page.page.wait_for_function(f"window.nardyPlay.panel.status.textContent === {json.dumps(t('play-link-copied'))}")
    copied = page.page.evaluate("navigator.clipboard.readText()")
    assert copied == page.page.locator("input[data-form='link']").input_value()
    assert copied.endswith(f"#position={quote(to_text(ShortPosition.start()), safe='')}&dice=3-1"), copied
    # The sound: off by default, on once pressed, still on after a reload.
    sound = page.page.locator("button[data-action='sound']")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    page.page.reload()
    page.page.wait_for_function("window.nardyPlay && window.nardyPlay.state", timeout=160000)
    assert page.page.locator("button[data-action='sound']").get_attribute("aria-pressed") == "true"
    page.clean()
