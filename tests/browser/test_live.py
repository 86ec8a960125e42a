"""The live boards in Chromium, on Uzbek, Kazakh and Armenian pages (and the others where cheap): legal and
illegal moves with the reason in the page's language, dice, undo and redo, reset, the keyboard alone, the
example's recorded answers before the engine is ready, links, the end of a game, the failure paths; no
request leaves 127.0.0.1, the console stays clean, and .wasm arrives as application/wasm.

Expected texts are read from the catalogs (Babel's read_po, not the build's translator) and formatted
here, not taken from the page.
"""

from __future__ import annotations

import re
from itertools import permutations

import pytest

from nardy_rules import Refusal, from_text, svg
from nardy_rules.reasons import MESSAGES
from nardy_site.translations import i18n
from tests.site import expected

from .conftest import Guard, record_console

pytestmark = pytest.mark.browser

ENGINE_READY = "['ready', 'failed'].includes(document.documentElement.dataset.nardyEngine)"


def strings(code: str):
    """The language's board strings and refusal messages, from its catalog read here.

    The msgids are the code's English (``nardy_site.translations.i18n.BOARD``, ``nardy_rules.reasons.MESSAGES``);
    each is looked up in ``locales/<gettext>/LC_MESSAGES/messages.po`` as Babel's ``read_po`` reads it
    (tests/site/expected.py), not through the translator the build uses; a plural form is chosen by
    the catalog's own ``Plural-Forms``, and the placeholders are filled here. A language other than
    English must have each of them translated.
    """
    english = expected.table()[code]["babel"].split("_")[0] == "en"

    def translated(message, params):
        if isinstance(message, tuple):
            found = expected.catalog_plural(code, message[0], message[1], params["count"])
        else:
            found = expected.catalog_text(code, message)
        assert english or found not in (message if isinstance(message, tuple) else (message,)), (
            f"{code}: {message!r} has no translation in its catalog")
        return found.format(**params)

    def text(key, **params):
        return translated(i18n.BOARD[key], params)

    def reason(code_, **params):
        return translated(MESSAGES[Refusal(code_, **params).message_key], params)

    return text, reason


class Live:
    """One page, with a guard on its context, and helpers to play a board by pointer and keyboard."""

    def __init__(self, guard: Guard, url: str, init_script: str | None = None):
        self.guard = guard
        self.console: list[str] = []
        self.made: set[str] = set()
        self.page = guard.new_page()
        record_console(self.page, self.console)
        if init_script:
            self.page.add_init_script(init_script)
        self.page.goto(url, wait_until="networkidle")
        self.page.wait_for_function("document.documentElement.dataset.nardyBoards > 0")

    def figure(self, board_id: str):
        """The figure, its board made: a board is made as it comes near the window (assets/board/nardy-board.js), and
        a test that reads or presses its controls stands for a reader who has come to it."""
        if board_id not in self.made:
            self.page.evaluate("async (id) => { await window.nardyLive.board(id); }", board_id)
            self.made.add(board_id)
        return self.page.locator(f"figure#{board_id}")

    def status(self, board_id: str) -> str:
        return self.figure(board_id).locator(".nardy-live-status").inner_text().strip()

    def info(self, board_id: str) -> str:
        return self.figure(board_id).locator(".nardy-live-info").inner_text().strip()

    def click(self, board_id: str, place, level: int = 0):
        """A click where a checker of that place stands (or would stand): a point, "bar" or "off".

        The point is scrolled to the middle of the window first and must be the board's there: a page
        scrolled up shows Material's back-to-top button over the top of the window (``navigation.top``)
        and its header stays at the top, so a point scrolled just into view can be theirs, not the board's.
        """
        x, y, hit = self.page.evaluate(
            """async ([id, place, level]) => {
                const board = await window.nardyLive.board(id);
                const lay = board.layout;
                const turn = board.svg.getAttribute('data-turn');
                let x, y;
                if (place === 'off') { [x, y] = lay.off[turn]; }
                else if (place === 'bar') { [x, y] = lay.bar[turn]; }
                else { const [px, py, dy] = lay.points[String(place)]; x = px; y = py + dy * level; }
                const onScreen = () => new DOMPoint(x, y).matrixTransform(board.svg.getScreenCTM());
                window.scrollBy({ top: onScreen().y - window.innerHeight / 2, behavior: 'instant' });
                const p = onScreen();
                const there = document.elementFromPoint(p.x, p.y);
                const name = there && `${there.tagName.toLowerCase()}.${there.getAttribute('class') || ''}`;
                return [p.x, p.y, board.svg.contains(there) ? null : name];
            }""",
            [board_id, place, level],
        )
        assert hit is None, f"#{board_id}: {place} is covered by {hit}, not the board"
        self.page.mouse.click(x, y)

    def button(self, board_id: str, action: str):
        button = self.figure(board_id).locator(f"button[data-action='{action}']")
        if not button.is_visible():  # set-dice, plays, link: in the board's menu, opened first
            self.figure(board_id).locator("button[data-action='more']").click()
        button.click()

    def wait_destinations(self, board_id: str, timeout: float = 10000):
        """Wait for a selection's destinations: the first interaction with a board fetches its recorded
        answers (nardy-answers/<id>.json), so its first answer comes a fetch later than the click."""
        self.page.wait_for_function(
            "(id) => document.querySelectorAll(`figure#${id} .nardy-live-dest`).length > 0", arg=board_id, timeout=timeout)

    def destinations(self, board_id: str) -> list[str]:
        return self.figure(board_id).locator(".nardy-live-dest").evaluate_all("els => els.map(e => e.dataset.point)")

    def checkers(self, board_id: str) -> dict:
        """{(colour, place): checkers drawn} of the board's checker layer, as the page shows it now."""
        found = self.figure(board_id).locator("g.nardy-checkers path.nardy-ck").evaluate_all(
            "els => els.map(e => [e.dataset.color, e.dataset.point, e.getAttribute('d')])")
        counts = {}
        for color, place, d in found:  # a stack is one path, a circle (subpath) per checker drawn
            counts[(color, place)] = counts.get((color, place), 0) + d.count("M")
        return counts

    def wait_status(self, board_id: str, text: str, timeout: float = 30000):
        self.page.wait_for_function(
            "([id, text]) => document.querySelector(`figure#${id} .nardy-live-status`).textContent.trim() === text",
            arg=[board_id, text], timeout=timeout,
        )

    def wait_engine(self, timeout: float = 40000) -> str:
        self.page.wait_for_function(ENGINE_READY, timeout=timeout)
        return self.page.evaluate("document.documentElement.dataset.nardyEngine")

    def engine_status(self) -> str:
        return self.page.evaluate("document.documentElement.dataset.nardyEngine || 'idle'")

    def assert_clean(self):
        assert self.guard.clean, (self.guard.foreign, self.guard.blocked, self.guard.errors)
        assert self.console == [], self.console


def selected_text(text, point, ends) -> set[str]:
    """The selection message for any order of the destinations."""
    key = "selected-bar" if point == "bar" else "selected"
    return {text(key, point=point, targets=", ".join(map(str, order))) for order in permutations(ends)}


def layer_of(text: str) -> dict:
    """{(colour, place): checkers} as nardy_rules.svg draws the position's checker layer."""
    counts = {}
    layer = svg.checker_layer(from_text(text))
    for place, color, d in re.findall(r'class="nardy-ck" data-point="([^"]+)" data-color="([^"]+)" d="([^"]+)"', layer):
        counts[(color, place)] = counts.get((color, place), 0) + d.count("M")
    return counts


@pytest.fixture()
def wasm_types(guard):
    """The Content-Type of every .wasm the pages (and their workers) receive."""
    types = []
    guard.context.on("response", lambda r: types.append(r.headers.get("content-type")) if r.url.endswith(".wasm") else None)
    return types


@pytest.mark.parametrize("code", ["uz", "kk", "hy"])
def test_play_a_board(guard, site_url, site_languages, code, wasm_types):
    if code not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {code} pages")
    text, reason = strings(code)
    live = Live(guard, f"{site_url}{code}/short/")
    board = "short-opening-3-1"
    start = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"
    assert live.engine_status() == "idle"  # nothing loaded before the reader plays
    assert live.checkers(board) == layer_of(start)

    # A legal move: the checker on 8, then 5 (the example's recorded answers, before the engine).
    live.click(board, 8)
    live.wait_destinations(board)
    assert live.engine_status() == "starting"
    assert live.status(board) in selected_text(text, 8, [4, 5, 7])
    assert sorted(live.destinations(board), key=int) == ["4", "5", "7"]
    live.click(board, 5)
    live.wait_status(board, text("moved", move="8/5", dice="1"))
    assert live.checkers(board)[("white", "5")] == 1 and live.checkers(board)[("white", "8")] == 2

    # An illegal move, refused with the engine's reason in the page's language.
    assert live.wait_engine() == "ready"
    live.click(board, 6)
    live.click(board, 2)
    live.wait_status(board, reason("no-such-die", distance=4, dice="1"))

    # Finish the turn: the turn passes to Black, who must roll.
    live.click(board, 6)
    live.click(board, 5)
    live.wait_status(board, text("moved-done", move="6/5"))
    assert live.info(board).startswith(text("black-to-roll"))
    assert live.page.locator(f"figure#{board} svg.nardy-board").get_attribute("data-turn") == "black"

    # Undo, redo, undo again; then reset to the example.
    live.button(board, "undo")
    live.wait_status(board, text("undone"))
    assert live.info(board).startswith(text("white-dice", dice="1"))
    live.button(board, "redo")
    live.wait_status(board, text("redone"))
    live.button(board, "undo")
    live.wait_status(board, text("undone"))
    assert live.figure(board).locator("g.nardy-marks").get_attribute("display") == "none"
    live.button(board, "reset")
    live.wait_status(board, text("reset-done"))
    assert live.checkers(board) == layer_of(start)
    assert live.figure(board).locator("g.nardy-marks").get_attribute("display") is None
    assert live.figure(board).locator("button[data-action='reset']").is_disabled()

    # Set the dice, then roll new ones.
    live.button(board, "set-dice")
    assert live.figure(board).locator("button[data-action='set-dice']").get_attribute("aria-expanded") == "true"
    live.figure(board).locator("select[data-die='die-1']").select_option("6")
    live.figure(board).locator("select[data-die='die-2']").select_option("6")
    live.button(board, "apply-dice")
    live.wait_status(board, text("dice-set", dice="6, 6"))
    assert live.info(board).startswith(text("white-dice", dice="6, 6, 6, 6"))
    assert live.figure(board).locator("g.nardy-marks").get_attribute("display") == "none"
    live.button(board, "plays")
    live.page.wait_for_function(f"document.querySelectorAll('figure#{board} .nardy-live-plays li').length > 0")
    plays = live.figure(board).locator(".nardy-live-plays li").all_inner_texts()
    assert sorted(plays) == sorted(p.notation for p in from_text(start).legal_plays((6, 6)))
    assert live.figure(board).locator(".nardy-live-plays p").inner_text() == text("plays-count", count=len(plays))
    live.button(board, "roll")
    live.page.wait_for_function(
        f"document.querySelector('figure#{board} .nardy-live-status').textContent !== {text('dice-set', dice='6, 6')!r}")
    rolled = live.status(board)
    match = re.fullmatch(re.escape(text("rolled", dice="@")).replace("@", r"([1-6]), ([1-6])"), rolled)
    assert match, rolled
    assert live.page.locator(f"figure#{board} g.nardy-dice").get_attribute("data-dice") == f"{match[1]},{match[2]}"

    assert wasm_types == ["application/wasm"]
    live.assert_clean()


@pytest.mark.parametrize("code", ["uz", "kk", "hy"])
def test_closed_point_and_the_keyboard_alone(guard, site_url, site_languages, code):
    if code not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {code} pages")
    text, reason = strings(code)
    live = Live(guard, f"{site_url}{code}/short/")
    board = "short-closed-point"
    closed = reason("point-closed", point=8, count=2, color="black")
    if code == "kk":
        assert closed == "8-пункт жабық: онда 2 қара тас тұр."

    # Keyboard only: focus the board, move the cursor, Enter selects, Enter moves.
    control = live.figure(board).locator(".nardy-live-board")
    control.focus()
    assert control.get_attribute("aria-label") == text("board")
    assert control.get_attribute("aria-describedby")
    keyboard = live.page.keyboard
    keyboard.press("Home")  # the bar
    live.wait_status(board, text("cursor-bar-empty"))
    for _ in range(24 - 13 + 1):  # bar -> 24 ... -> 13
        keyboard.press("ArrowRight")
    live.wait_status(board, text("cursor-white", point=13, count=4))
    keyboard.press("Enter")
    live.page.wait_for_function(f"document.querySelectorAll('figure#{board} .nardy-live-dest').length > 0")
    assert live.status(board) in selected_text(text, 13, [11, 6])
    for _ in range(5):  # 13 -> 8: closed, two black checkers
        keyboard.press("ArrowRight")
    live.wait_status(board, text("cursor-black", point=8, count=2))
    keyboard.press("Enter")
    live.wait_status(board, closed)  # from the embedded example (the diagram draws this refusal)
    keyboard.press("Enter")  # 8 again: no checker of White's here
    live.wait_status(board, reason("no-checker", point=8))
    keyboard.press("Escape")
    for _ in range(5):
        keyboard.press("ArrowLeft")
    keyboard.press("Enter")
    live.page.wait_for_function(f"document.querySelectorAll('figure#{board} .nardy-live-dest').length > 0")
    assert live.status(board) in selected_text(text, 13, [11, 6])
    keyboard.press("Escape")
    live.wait_status(board, text("cancelled"))
    keyboard.press("Enter")
    for _ in range(2):
        keyboard.press("ArrowRight")
    live.wait_status(board, text("cursor-target", point=11))
    keyboard.press("Enter")
    live.wait_status(board, text("moved", move="13/11", dice="5"))
    assert live.page.evaluate("document.activeElement.classList.contains('nardy-live-board')")
    # Tab leads to the toolbar (one tab stop), the arrow keys along it, Enter presses a button.
    keyboard.press("Tab")
    focused = "document.activeElement.dataset.action"
    # Each of the row's buttons: its icon drawn inline (assets/board/nardy-icons.js), hidden from screen
    # readers, at the size of the button's text line; the button named by its label.
    icons = live.page.evaluate("""(id) => [...document.querySelectorAll(`figure#${id} .nardy-live-tools button`)].map((b) => {
        const icons = b.querySelectorAll('svg.nardy-icon[aria-hidden="true"]');
        const box = icons.length ? icons[0].getBoundingClientRect() : null;
        return [b.dataset.action, icons.length, box && Math.round(box.width), box && Math.round(box.height),
                b.querySelector('.nardy-live-label').textContent === b.title]; })""", board)
    assert [row[0] for row in icons if row[0] != "show"] == ["roll", "undo", "redo", "reset", "more"]
    fontsize = live.page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert all(row[1:] == [1, round(1.2 * fontsize), round(1.2 * fontsize), True] for row in icons), icons
    assert live.page.evaluate(focused) == "undo"  # rolling and setting dice wait for the turn's end
    keyboard.press("ArrowRight")
    assert live.page.evaluate(focused) == "reset"
    keyboard.press("ArrowLeft")
    keyboard.press("Enter")
    live.wait_status(board, text("undone"))
    assert live.page.evaluate(focused) == "roll"  # undo is disabled now: the stop moved to the first button
    keyboard.press("Shift+Tab")
    assert live.page.evaluate("document.activeElement.classList.contains('nardy-live-board')")
    keyboard.press("ArrowLeft")
    keyboard.press("ArrowLeft")  # back on 13
    keyboard.press("Enter")
    keyboard.press("ArrowRight")
    keyboard.press("ArrowRight")
    keyboard.press("Enter")
    live.wait_status(board, text("moved", move="13/11", dice="5"))

    # The same refusal from the engine, once it is ready (after an undo the example is the engine's too).
    assert live.wait_engine() == "ready"
    keyboard.press("Escape")
    live.button(board, "undo")
    live.wait_status(board, text("undone"))
    live.click(board, 13)
    live.click(board, 8)
    live.wait_status(board, closed)
    live.assert_clean()


def test_embedded_plays_work_before_the_engine_is_ready(guard, site_url, site_languages):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    text, reason = strings(code)
    held = []
    guard.context.route("**/pyodide/**", lambda route: held.append(route))
    live = Live(guard, f"{site_url}{code}/short/")
    board = "short-opening-3-1"
    live.click(board, 8)
    assert live.engine_status() == "starting"
    live.wait_destinations(board)
    assert live.engine_status() == "starting"
    before = sorted(live.destinations(board), key=int)
    assert before == ["4", "5", "7"]
    live.click(board, 5)
    live.wait_status(board, text("moved", move="8/5", dice="1"))
    live.click(board, 6)
    assert live.destinations(board) == ["5"]
    # A move no embedded play has: a general refusal now, the engine's reason once it is ready.
    live.click(board, 3)
    live.wait_status(board, text("not-legal"))
    assert live.engine_status() == "starting"
    assert held, "the worker asked for nothing"
    for route in held:
        route.continue_()
    guard.context.unroute("**/pyodide/**")
    assert live.wait_engine() == "ready"
    live.wait_status(board, reason("no-such-die", distance=3, dice="1"))
    # The engine's destinations are the ones the embedded plays gave.
    live.button(board, "undo")
    live.wait_status(board, text("undone"))
    live.click(board, 8)
    live.page.wait_for_function(f"document.querySelectorAll('figure#{board} .nardy-live-dest').length > 0")
    assert sorted(live.destinations(board), key=int) == before
    live.assert_clean()


def test_the_end_of_a_game_and_the_example_animation(guard, site_url, site_languages):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    text, _reason = strings(code)
    live = Live(guard, f"{site_url}{code}/short/")
    live.click("short-mars", 1)
    live.wait_destinations("short-mars")
    assert live.destinations("short-mars") == ["off"]
    live.click("short-mars", "off")
    live.wait_status("short-mars", text("result-white-mars", count=2))
    assert live.info("short-mars").startswith(text("result-white-mars", count=2))
    assert live.figure("short-mars").locator("button[data-action='roll']").is_disabled()
    live.click("short-koks", 1)
    live.wait_destinations("short-koks")  # the first click fetches the board's answers: off is a destination then
    live.click("short-koks", "off")
    live.wait_status("short-koks", text("result-white-koks", count=3))
    # The example's play, animated: the diagram's arrows, one move after the other.
    board = "short-hit-on-the-way"
    live.button(board, "show")
    live.wait_status(board, text("moved", move="13/10*", dice="5"), timeout=10000)
    live.wait_status(board, text("moved-done", move="10/5"), timeout=10000)
    assert live.figure(board).locator("g.nardy-marks").get_attribute("display") == "none"
    assert live.checkers(board) == layer_of("nardy:short:w:24x2,13x4,8x3,6x5,5x1:19x5,17x3,12x5,1x1,barx1")
    live.assert_clean()


def test_a_link_reopens_the_board(guard, site_url, site_languages):
    code = "uz"
    text, _reason = strings(code)
    guard.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    # Each page opened from a link starts its own engine to check the link: on a busy machine that
    # can take longer than the boards' 20 s before they give up, which is not what this test is about.
    patient = "globalThis.nardyLiveTimeout = 90000"
    live = Live(guard, f"{site_url}{code}/short/", init_script=patient)
    board = "short-opening-3-1"
    live.click(board, 8)
    live.wait_destinations(board)
    live.click(board, 5)
    live.wait_status(board, text("moved", move="8/5", dice="1"))
    # Something else on the clipboard first, so that only a copy made now can match the link.
    live.page.evaluate("navigator.clipboard.writeText('not the link')")
    assert live.page.evaluate("navigator.clipboard.readText()") == "not the link"
    live.button(board, "link")
    live.wait_status(board, text("link-copied"))  # copied, as the browser allows it here
    field = live.figure(board).locator("input.nardy-live-link")
    field.wait_for(state="visible")
    link = field.input_value()
    assert link.endswith("#board=short-opening-3-1:nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2:3-1:8-5-3")
    copied = live.page.evaluate("navigator.clipboard.readText()")
    assert copied == link  # the clipboard holds the link the field shows
    shown = live.checkers(board)

    other = Live(guard, copied, init_script=patient)  # the link from the clipboard: same board, position, dice
    other.wait_status(board, text("link-opened"), timeout=90000)
    assert other.checkers(board) == shown
    assert other.info(board).startswith(text("white-dice", dice="1"))
    for page in (live, other):  # done with: closed, so that their engines do not slow the next pages down
        page.assert_clean()
        page.page.close()

    # A bad link: an error in the page's language, and the original example.
    bad = link.replace("8-5-3", "8-2-6")
    third = Live(guard, bad, init_script=patient)
    third.wait_status(board, text("link-bad"), timeout=90000)
    assert third.checkers(board) == layer_of("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2")
    third.assert_clean()
    third.page.close()
    fourth = Live(guard, link.replace("24x2", "24x9"), init_script=patient)
    fourth.wait_status(board, text("link-bad"), timeout=90000)
    fourth.assert_clean()


def test_a_reader_who_only_reads_downloads_no_engine(guard, site_url, site_languages):
    live = Live(guard, f"{site_url}{site_languages[0].code}/long/")
    live.page.mouse.wheel(0, 4000)
    live.page.wait_for_timeout(500)
    assert live.engine_status() == "idle"
    assert not [url for url in guard.local if "/pyodide/" in url or "nardy-worker" in url], guard.local
    assert any(url.endswith("/assets/i18n.json") for url in guard.local)
    assert not [url for url in guard.local if "nardy-answers" in url], guard.local  # fetched on interest only
    live.assert_clean()


MADE = "(id) => !!document.querySelector(`figure#${id} .nardy-live-board`)"


def test_boards_are_made_as_the_reader_comes_to_them(guard, site_url, site_languages):
    """A page's boards are made near the window, not all as it loads (a phone's main thread, dev/benchmarks.md); a
    board far down is the build's drawing until the reader scrolls to it, then plays as any other."""
    code = site_languages[0].code
    text, _reason = strings(code)
    page = guard.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}{code}/short/", wait_until="networkidle")
    page.wait_for_function("document.documentElement.dataset.nardyBoards > 0")
    page.wait_for_timeout(300)  # the boards near the window (if any at the top of the page) are made
    figures = page.locator("figure.nardy-diagram").evaluate_all("els => els.map((e) => e.id)")
    count = int(page.evaluate("document.documentElement.dataset.nardyBoards"))
    assert count == len(figures) > 10
    last = figures[-1]
    assert not page.evaluate(MADE, last), "the last board was made before the reader came near it"
    assert page.evaluate("window.nardyLive.boards.length") < len(figures)
    # Its drawing is the build's image, with the caption as its text and the long description beside it.
    image = page.locator(f"figure#{last} img.nardy-drawing")
    assert image.get_attribute("alt") == page.locator(f"figure#{last} figcaption").inner_text().strip()
    assert page.locator(f"figure#{last} .nardy-about").count() == 1

    page.locator(f"figure#{last}").scroll_into_view_if_needed()
    page.wait_for_function(MADE, arg=last)
    control = page.locator(f"figure#{last} .nardy-live-board")
    assert control.get_attribute("aria-label") == text("board")
    # The image has become the drawing (the same file, inline): the board describes it, once.
    assert page.locator(f"figure#{last} img").count() == 0 and page.locator(f"figure#{last} .nardy-about").count() == 0
    assert page.locator(f"figure#{last} svg.nardy-board").get_attribute("role") == "img"
    control.focus()
    page.keyboard.press("Enter")  # the place under the cursor: a checker selected, or why not
    page.wait_for_function(f"document.querySelector('figure#{last} .nardy-live-status').textContent.trim() !== ''")
    assert page.evaluate("window.nardyLive.boards.length") < len(figures)  # the ones between: not all of them


def test_tab_reaches_a_board_not_made_yet(guard, site_url, site_languages):
    """From the top of a phone's page, Tab comes to the first board although it was not made (its drawing is a
    tab stop): the focus makes it and lands on its control, which then answers the keyboard."""
    code = site_languages[0].code
    page = guard.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}{code}/short/", wait_until="networkidle")
    page.wait_for_function("document.documentElement.dataset.nardyBoards > 0")
    first = page.locator("figure.nardy-diagram").first.get_attribute("id")
    assert not page.evaluate(MADE, first)
    for _ in range(150):
        page.keyboard.press("Tab")
        where = page.evaluate("document.activeElement.closest('figure.nardy-diagram')?.id ?? null")
        if where:
            break
    # The drawing (its image) has the focus first; once the board is made of its file, the board's control.
    assert where == first, where
    page.wait_for_function("document.activeElement.classList.contains('nardy-live-board')"
                           " && document.activeElement.closest('figure.nardy-diagram').id === " + repr(first))
    assert page.evaluate(MADE, first)
    assert page.locator(f"figure#{first} svg.nardy-board").get_attribute("tabindex") is None  # one tab stop
    assert page.locator(f"figure#{first} img").count() == 0
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('figure#{first} .nardy-live-status').textContent.trim() !== ''")


def test_a_pointer_on_a_board_not_made_yet_makes_it(guard, site_url, site_languages):
    """Without the window's help (an IntersectionObserver that never calls back), the first pointer over a
    drawing makes its board, and the click that follows is the board's."""
    code = site_languages[0].code
    text, _reason = strings(code)
    page = guard.new_page()
    page.add_init_script("window.IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} };")
    page.goto(f"{site_url}{code}/short/", wait_until="networkidle")
    page.wait_for_function("document.documentElement.dataset.nardyBoards > 0")
    board = "short-opening-3-1"
    assert page.evaluate("window.nardyLive.boards.length") == 0
    drawing = page.locator(f"figure#{board} img.nardy-drawing")
    drawing.scroll_into_view_if_needed()
    box = drawing.bounding_box()
    page.mouse.move(box["x"] + 3, box["y"] + 3)
    page.wait_for_function(MADE, arg=board)
    # The checker on 8: the layout's place, as the board now has it.
    x, y = page.evaluate("""(id) => {
        const board = window.nardyLive.boards.find((b) => b.id === id);
        const [px, py] = board.layout.points['8'];
        const p = new DOMPoint(px, py).matrixTransform(board.svg.getScreenCTM());
        return [p.x, p.y];
    }""", board)
    page.mouse.click(x, y)
    page.wait_for_function(f"document.querySelectorAll('figure#{board} .nardy-live-dest').length > 0")
    assert page.locator(f"figure#{board} .nardy-live-status").inner_text().strip() in selected_text(text, 8, [4, 5, 7])
    assert page.evaluate("window.nardyLive.boards.length") == 1


HELD: list = []
FAILURES = {
    "wasm-blocked": (lambda ctx: ctx.route("**/*.wasm", lambda route: route.abort()), None),
    "worker-blocked": (lambda ctx: ctx.route("**/nardy-worker.js", lambda route: route.abort()), None),
    "no-webassembly": (lambda ctx: None, "delete globalThis.WebAssembly"),
    "no-answer-in-time": (
        lambda ctx: ctx.route("**/*.wasm", lambda route: HELD.append(route)), "globalThis.nardyLiveTimeout = 1500"
    ),
}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_when_the_engine_cannot_start(browser, site_url, site_languages, failure):
    code = "kk" if "kk" in {lang.code for lang in site_languages} else site_languages[0].code
    text, _reason = strings(code)
    guard = Guard(browser, site_url)
    try:
        block, script = FAILURES[failure]
        block(guard.context)
        live = Live(guard, f"{site_url}{code}/short/", init_script=script)
        board = "short-opening-3-1"
        live.click(board, 8)
        live.wait_destinations(board)
        assert live.wait_engine() == "failed"
        note = live.figure(board).locator(".nardy-live-note")
        note.wait_for(state="visible")
        assert note.inner_text() == text("unavailable")
        # Still readable, and the example still answers from its embedded plays.
        live.click(board, 5)
        live.wait_status(board, text("moved", move="8/5", dice="1"))
        assert live.figure(board).locator("button[data-action='roll']").is_disabled()
        # Every figure still shows its drawing: an image, or the board made of it.
        assert live.page.locator("figure.nardy-diagram img.nardy-drawing, figure.nardy-diagram svg.nardy-board").count() > 10
        live.assert_clean()
    finally:
        while HELD:
            HELD.pop().abort()
        guard.close()


def test_touch_tap_to_select_and_tap_to_move(browser, site_url, site_languages):
    code = "uz" if "uz" in {lang.code for lang in site_languages} else site_languages[0].code
    _text, _reason = strings(code)
    guard = Guard(browser, site_url, has_touch=True, viewport={"width": 390, "height": 800}, device_scale_factor=2)
    try:
        live = Live(guard, f"{site_url}{code}/long/")
        board = "long-5-3"
        # A legal first move of the example, as the board's own answer gives it.
        start, end = live.page.evaluate(
            """async (id) => {
                const board = await window.nardyLive.board(id);
                const example = board.history.example;
                const request = { op: 'state', position: example.position, dice: example.dice, moves: [] };
                return board.answer(request).then((answer) => [answer.legal_moves[0].from, answer.legal_moves[0].to]);
            }""", board)

        def tap(place):
            live.figure(board).locator("svg.nardy-board").scroll_into_view_if_needed()
            x, y = live.page.evaluate(
                """async ([id, place]) => {
                    const board = await window.nardyLive.board(id);
                    const [px, py] = board.layout.points[String(place)];
                    const p = new DOMPoint(px, py).matrixTransform(board.svg.getScreenCTM());
                    return [p.x, p.y];
                }""", [board, place])
            live.page.touchscreen.tap(x, y)

        tap(start)
        live.wait_destinations(board)
        assert str(end) in live.destinations(board)
        tap(end)
        live.page.wait_for_function(
            f"document.querySelector('figure#{board} .nardy-live-status').textContent.includes('{start}/{end}')")
        live.assert_clean()
    finally:
        guard.close()


def test_pips_and_a_single_game(guard, site_url, site_languages):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    text, _reason = strings(code)
    link = f"{site_url}{code}/short/#board=short-mars:nardy:short:w:1x1,offx14:19x5,17x3,12x5,offx2:4-2"
    live = Live(guard, link)
    board = "short-mars"
    live.wait_status(board, text("link-opened"))
    position = from_text("nardy:short:w:1x1,offx14:19x5,17x3,12x5,offx2")
    assert live.figure(board).locator("tspan[data-pips='black']").text_content() == str(position.pips("black"))
    assert text("pips", white=1, black=position.pips("black")) in live.info(board)
    live.click(board, 1)
    live.click(board, "off")
    live.wait_status(board, text("result-white-single", count=1))
    assert live.figure(board).locator("tspan[data-pips='white']").text_content() == "0"
    white_off = live.figure(board).locator("g.nardy-checkers text.nardy-n[data-point='off'][data-color='white']")
    assert white_off.text_content() == "15"
    live.assert_clean()


def test_moves_legal_alone_but_against_the_dice_rules_are_explained(guard, site_url, site_languages):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    _text, reason = strings(code)
    live = Live(guard, f"{site_url}{code}/long/")
    board = "long-one-die"  # 6-5: only the 6 can be played (10/4); 10/5 alone would be legal
    larger = reason("must-play-larger-die", die=6, other=5)
    explained = f"document.querySelector('figure#{board} .nardy-live-explained[data-point=\"5\"]')"
    # Before the engine is ready: the recorded answer shows and explains them already.
    live.click(board, 10)
    live.wait_destinations(board)
    assert live.destinations(board) == ["4"]
    live.page.wait_for_function(explained)
    live.click(board, 5)
    live.wait_status(board, larger)
    # A refused destination ends the selection (as any refused move), so the next click selects again.
    # Once it is ready, the engine shows such destinations as refused, and says why.
    assert live.wait_engine() == "ready"
    live.click(board, 10)
    live.page.wait_for_function(explained)
    assert live.destinations(board) == ["4"]
    live.click(board, 5)
    live.wait_status(board, larger)
    live.assert_clean()
