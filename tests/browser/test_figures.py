"""Browser tests generated from the figures: every ``refuse:`` and ``show:`` line of every diagram block of
every page in every language, played by clicks on its live board in Chromium.

- ``refuse``: the line's ``before`` moves by clicks (each announced as the engine plays it), then the
  checker selected and the refused destination clicked: the announcement is exactly that reason's message
  in the page's language with its parameters. A refusal that can only come once the turn is over (the
  first-move 6-6: ``24/18 24/18 then 18/12``) is said by the board when the turn ends, among the reasons of
  the lost dice, and is checked there. Once before the rules engine is ready (Pyodide held back: the
  build's recorded answers answer) and once after, on the same page load (``:before``, ``:ready``).
- ``show``: the example's play by clicks, before the engine is ready; the board ends as the block's
  ``expect:`` lines say: the turn complete and passed, the dice lost and why, the result and its points,
  the checkers where the engine puts them.
- A guard counts the lines in the pages' fences independently of the block reader: a line without a case
  fails it, and a case whose board cannot be reached fails (never skips).
- Phone first: at 390 px, the controls of every board are one row of at most 48 px, in every language.

Cases are named ``lang/page:line:id`` like the doc tests (the line of the ``refuse:`` or ``show:`` entry).
One page load per page for both passes: the cases of a page run one after the other on it, its boards reset
between them. Expected texts come from the catalogs (Babel's read_po, tests/site/expected.py) and the engine
(``nardy_rules``), formatted here, never read from the page.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from nardy_rules import Turn, to_text
from nardy_rules.live import CHECKER_RULES, NOT_A_LANDING, targets
from nardy_rules.reasons import MESSAGES
from nardy_site.page.blocks import Block, find_blocks, shown_turn, start_turn
from nardy_site.page.markdown_reader import read
from tests.docs.pages import name, page_paths, text
from tests.site import expected
from tests.site.expected import PAGES

from .conftest import Guard
from .test_accessibility import violations
from .test_live import Live, layer_of, strings

pytestmark = pytest.mark.browser

#: The boards must not give up on the engine while a pass holds it back.
PATIENT = "globalThis.nardyLiveTimeout = 600000"
PHONE = {"width": 390, "height": 844}
ROW_MAX_PX = 48


@dataclass(frozen=True)
class Case:
    kind: str  # "refuse" or "show"
    block: Block
    line: int  # the line of the refuse: or show: entry
    index: int  # which refuse line of the block

    @property
    def lang(self) -> str:
        return self.block.path.split("/")[0]

    @property
    def url(self) -> str:
        return PAGES[self.block.path.split("/")[1]]

    @property
    def name(self) -> str:
        return f"{self.block.path}:{self.line}:{self.block.id}"


def collect() -> list[Case]:
    found = []
    for path in page_paths():
        if not path.exists():
            continue
        for block in find_blocks(text(path), name(path)):
            for index, (line, _value) in enumerate(block.values("refuse")):
                found.append(Case("refuse", block, line, index))
            for line, _value in block.values("show"):
                found.append(Case("show", block, line, 0))
    return found


CASES = collect()


def lines_in_fences() -> set[tuple[str, int]]:
    """(page, line) of every refuse: and show: line inside a nardy fence, read without the block reader."""
    found = set()
    for path in page_paths():
        if not path.exists():
            continue
        for fence in read(text(path)).fences:
            if fence.language != "nardy":
                continue
            for offset, body_line in enumerate(fence.body, 1):
                if body_line.startswith(("refuse:", "show:")):
                    found.add((name(path), fence.line + offset))
    return found


def test_every_refuse_and_show_line_is_a_case():
    cases = {(case.block.path, case.line) for case in CASES}
    assert cases == lines_in_fences()
    langs = {case.lang for case in CASES}
    counts = {lang: sum(case.lang == lang for case in CASES) for lang in langs}
    assert len(set(counts.values())) == 1, counts  # every language has the source's figures
    assert len(CASES) >= 6 * 40, len(CASES)


# ------------------------------------------------------------------------------- one page per pass


class Pages:
    """The page the cases run on now: one load per page for both passes, the previous page closed.

    A page opens with Pyodide held back (the engine stays "starting"); the first case that wants the engine
    ready lets it through and waits for it, on the same page.
    """

    def __init__(self):
        self.key = None
        self.guard = None
        self.live = None
        self.held: list = []
        self.ready = False

    def open(self, browser, site_url: str, ready: bool, case: Case) -> Live:
        key = (case.lang, case.url)
        if key != self.key:
            self.close()
            self.key = key
            self.guard = Guard(browser, site_url)
            self.guard.context.route("**/pyodide/**", lambda route: self.held.append(route))
            self.live = Live(self.guard, f"{site_url}{case.lang}/{case.url}", init_script=PATIENT)
        assert ready or not self.ready, "the cases before the engine is ready come first"
        if ready and not self.ready:
            self.guard.context.unroute("**/pyodide/**")
            while self.held:
                self.held.pop().continue_()
            control = self.live.page.locator(".nardy-live-board").first
            control.focus()  # starts the engine if no case has yet
            assert self.live.wait_engine(timeout=180000) == "ready"
            control.blur()
            self.ready = True
        return self.live

    def close(self):
        while self.held:
            self.held.pop().abort()
        if self.guard is not None:
            self.guard.close()
        self.key = self.guard = self.live = None
        self.ready = False


@pytest.fixture(scope="module")
def pages():
    found = Pages()
    yield found
    found.close()


# ------------------------------------------------------------------------------- playing by clicks


class Player:
    """Clicks on one board and waits for what it says, checking each announcement against the engine."""

    def __init__(self, live: Live, case: Case):
        self.live = live
        self.lang = case.lang
        self.board = case.block.id
        self.text, self.reason = strings(case.lang)
        figure = live.figure(self.board)
        assert figure.count() == 1, f"{case.name}: no figure #{self.board} on the page"
        assert live.page.evaluate("async (id) => (await window.nardyLive.board(id)) !== null", self.board), (
            f"{case.name}: the figure is not a live board")

    def said(self) -> int:
        return self.live.page.evaluate("async (id) => (await window.nardyLive.board(id)).view.said", self.board)

    def expect_said(self, before: int, expected: str, what: str):
        """Wait until the board has said something since ``before`` and it is ``expected``."""
        try:
            self.live.page.wait_for_function(
                """([id, n, text]) => {
                    const board = window.nardyLive.boards.find((made) => made.id === id);
                    return board && board.view.said > n && board.view.status.textContent === text;
                }""", arg=[self.board, before, expected], timeout=30000)
        except Exception:  # the assertion names what the board said instead
            assert self.live.status(self.board) == expected, what

    def reset(self):
        """The example again, nothing selected."""
        reset = self.live.figure(self.board).locator("button[data-action='reset']")
        if not reset.is_disabled():
            before = self.said()
            reset.click()
            self.expect_said(before, self.text("reset-done"), "reset")
        if self.live.figure(self.board).locator(".nardy-live-selected").count():
            self.live.figure(self.board).locator(".nardy-live-board").press("Escape")
            self.live.page.wait_for_function(
                "(id) => !document.querySelector(`figure#${id} .nardy-live-selected`)", arg=self.board)

    def click(self, place):
        self.live.click(self.board, place)

    def select(self, turn: Turn, start):
        """Click a checker; the board says what the engine's targets say (its destinations, or why not)."""
        found = targets(turn, start)
        before = self.said()
        self.click(start)
        if found["reason"] is not None:
            expected = self.reason_text(found["reason"])
        elif found["paths"]:
            names = [self.text("target-off") if p["end"] == "off" else str(p["end"]) for p in found["paths"]]
            key = "selected-bar" if start == "bar" else "selected"
            expected = self.text(key, point=start, targets=", ".join(names))
        else:
            stuck = self.text("stuck-bar") if start == "bar" else self.text("stuck", point=start)
            items = [self.refused_text(item) for item in found["refused"]]
            expected = " ".join([stuck, *items])
        self.expect_said(before, expected, f"selecting {start}")
        for item in found["refused"]:  # every refused destination is marked on the board
            mark = f"figure#{self.board} .nardy-live-explained[data-point='{item['end']}']"
            assert self.live.page.locator(mark).count() == 1, f"no mark on {item['end']}"
        return found

    def reason_text(self, reason: dict) -> str:
        return self.reason(reason["code"], **reason["params"])

    def refused_text(self, item: dict) -> str:
        said = self.reason_text(item["reason"])
        if item["end"] == "off":
            return self.text("refused-off", reason=said)
        return self.text("refused-point", point=item["end"], reason=said)

    def move(self, turn: Turn, start, end) -> str:
        """Select ``start``, click ``end``: the move is played and announced; returns what was said."""
        self.select(turn, start)
        moved = turn.move(start, end)
        notation = f"{moved.start}/{moved.end}{'*' if moved.hit else ''}"
        if not turn.complete and turn.position.result() is None:
            expected = self.text("moved", move=notation, dice=", ".join(map(str, turn.remaining)))
        else:
            expected = self.turn_over(turn, notation)
        before = self.said()
        self.click(end)
        self.expect_said(before, expected, f"moving {start}/{end}")
        return expected

    def turn_over(self, turn: Turn, notation: str) -> str:
        """What the board says when ``notation`` ended the turn: the result, the lost dice and why, or done."""
        result = (turn.play().result if turn.complete else turn.position).result()
        if result is not None:
            return self.text(f"result-{result.winner}-{result.kind}", count=result.points)
        if not turn.lost_dice:
            return self.text("moved-done", move=notation)
        parts = [self.text("moved-lost", move=notation, dice=", ".join(map(str, turn.lost_dice)))]
        parts += self.lost_reasons(turn)
        return " ".join(parts)

    def lost_reasons(self, turn: Turn) -> list[str]:
        """The dice-lost heading of each lost die, then each move that might have played it, with its reason."""
        parts = []
        for lost in turn.lost_reasons():
            parts.append(dice_lost(self.lang, lost.die, lost.count))
            for move, refusal in lost.refusals:
                said = self.reason(refusal.code, **refusal.params)
                parts.append(self.text("lost-move", move=f"{move.start}/{move.end}", reason=said))
        return parts


def dice_lost(code: str, die: int, count: int) -> str:
    """The heading over a lost die's reasons (nardy_rules.reasons.MESSAGES["dice-lost"]) from the catalog."""
    singular, plural = MESSAGES["dice-lost"]
    found = expected.catalog_plural(code, singular, plural, count)
    english = expected.table()[code]["babel"].split("_")[0] == "en"
    assert english or found not in (singular, plural), f"{code}: the dice-lost heading has no translation"
    return found.format(die=die, count=count)


# ------------------------------------------------------------------------------- the cases


def refusal_case(live: Live, case: Case):
    """Make the line's ``before`` moves by clicks, select its checker, click its destination."""
    line = case.block.refusals()[case.index]
    player = Player(live, case)
    player.reset()
    turn = start_turn(case.block)
    said = ""
    for start, end in line.before:
        said = player.move(turn, start, end)
    refusal = turn.check(line.start, line.end)
    if turn.complete:
        # The turn is over before the refused move could be tried: the board said why its dice are lost,
        # this move with its reason among them (the first-move 6-6: the head rule and the closed point 12).
        assert refusal is not None and refusal.code == line.code, (case.name, refusal)
        item = player.text("lost-move", move=f"{line.start}/{line.end}", reason=player.reason(line.code, **refusal.params))
        assert item in player.lost_reasons(turn) and said.endswith(" ".join(player.lost_reasons(turn))), said
        return
    found = player.select(turn, line.start)
    expected = player.reason(line.code, **refusal.params)
    assert refusal.code == line.code, (case.name, refusal)
    if found["reason"] is not None:
        # The checker cannot move at all (a checker on the bar first ...): its selection said so.
        assert found["reason"]["code"] == line.code and live.status(player.board) == expected
        return
    if line.code not in NOT_A_LANDING + CHECKER_RULES:
        assert any(item["end"] == line.end for item in found["refused"]), f"{line.end} is not marked"
    before = player.said()
    player.click(line.end)
    player.expect_said(before, expected, f"refused {line.start}/{line.end}")


def show_case(live: Live, case: Case):
    """The example's play by clicks; the board ends as the block's expect: lines say."""
    player = Player(live, case)
    player.reset()
    turn = start_turn(case.block)
    said = ""
    for move in shown_turn(case.block).moves:
        said = player.move(turn, move.start, move.end)
    expects = [value.split(None, 1) + [""] for _line, value in case.block.values("expect")]
    checked = set()
    for kind, value, *_ in expects:
        if kind == "complete":
            assert turn.complete
            if turn.play().result.result() is None:  # the turn passed to the other side, who rolls
                assert live.info(player.board).startswith(player.text(f"{turn.play().result.turn}-to-roll"))
        elif kind == "lost":
            lost = sorted(int(die) for die in value.split())
            assert sorted(turn.lost_dice) == lost
            assert said.endswith(" ".join(player.lost_reasons(turn)))  # and why (player.move checked it all)
        elif kind == "result":
            color, result_kind, points = value.split()
            assert said == player.text(f"result-{color}-{result_kind}", count=int(points))
            assert live.info(player.board).startswith(said)
        else:
            continue  # plays, play-count: about the start of the turn (the doc tests hold them)
        checked.add(kind)
    final = turn.play().result if turn.complete else turn.position
    assert live.checkers(player.board) == layer_of(to_text(final))
    assert checked or not expects or all(kind in ("plays", "play-count") for kind, *_ in expects)


def runs() -> list:
    """Per page: every case before the engine is ready, then every refusal again with it ready."""
    params = []
    for page in dict.fromkeys((case.lang, case.url) for case in CASES):
        mine = [case for case in CASES if (case.lang, case.url) == page]
        params += [pytest.param(case, False, id=f"{case.name}:before") for case in mine]
        params += [pytest.param(case, True, id=f"{case.name}:ready") for case in mine if case.kind == "refuse"]
    return params


@pytest.mark.parametrize(("case", "ready"), runs())
def test_figure(browser, site_url, pages, case, ready):
    live = pages.open(browser, site_url, ready, case)
    (refusal_case if case.kind == "refuse" else show_case)(live, case)
    # Before: every answer came from the build's recorded answers.
    assert live.engine_status() == ("ready" if ready else "starting")
    live.assert_clean()


# ------------------------------------------------------------------------------- phone first

ROWS = """() => Array.from(document.querySelectorAll('figure.nardy-diagram')).map((figure) => {
    const tools = figure.querySelector('.nardy-live-tools');
    if (!tools) return { id: figure.id, missing: true };
    const box = tools.getBoundingClientRect();
    const buttons = Array.from(tools.querySelectorAll('button'));
    return {
        id: figure.id, height: box.height, right: box.right, figureRight: figure.getBoundingClientRect().right,
        overflow: tools.scrollWidth > tools.clientWidth,
        tops: Array.from(new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)))),
        names: buttons.map((b) => [b.dataset.action, b.textContent.trim()]),
        cut: Array.from(tools.querySelectorAll('[data-action="more"] .nardy-live-label'))
            .some((l) => l.scrollWidth > l.clientWidth + 1),
    };
})"""


def test_board_controls_are_one_row_on_a_phone(browser, site_url, site_languages):
    """At 390 px every board's controls are one row of at most 48 px, in every language: buttons named by
    their catalog text (the icons' names, the menu's label), the other actions behind the menu."""
    heights = {}
    for lang in site_languages:
        text, _reason = strings(lang.code)
        guard = Guard(browser, site_url, viewport=PHONE)
        try:
            for url in ("short/", "long/"):
                live = Live(guard, f"{site_url}{lang.code}/{url}")
                # Every board made, as a reader scrolling through the page makes them.
                live.page.evaluate("() => Promise.all(Array.from(document.querySelectorAll('figure.nardy-diagram'),"
                                   " (f) => window.nardyLive.board(f.id))).then(() => null)")
                rows = live.page.evaluate(ROWS)
                assert rows and not [row["id"] for row in rows if row.get("missing")]
                for row in rows:
                    where = f"{lang.code}/{url}#{row['id']}"
                    assert row["height"] <= ROW_MAX_PX, (where, row["height"])
                    assert len(row["tops"]) == 1 and not row["overflow"], (where, row)
                    assert not row["cut"], (where, "the menu's label is cut short")
                    assert row["right"] <= row["figureRight"] + 0.5, (where, row)
                    assert [action for action, _name in row["names"]][:4] == ["roll", "undo", "redo", "reset"]
                    assert row["names"][-1][0] == "more"
                    for action, label in row["names"]:
                        assert label == text(action), (where, action, label)
                heights[f"{lang.code}/{url}"] = max(row["height"] for row in rows)
                live.assert_clean()
                live.page.close()
        finally:
            guard.close()
    print("controls row height at 390 px (max per page):", heights)


def test_the_menu_opens_closes_and_passes_axe(browser, site_url, site_languages):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    text, _reason = strings(code)
    guard = Guard(browser, site_url, viewport=PHONE)
    try:
        live = Live(guard, f"{site_url}{code}/short/")
        figure = live.figure("short-closed-point")
        more = figure.locator("button[data-action='more']")
        menu = figure.locator(".nardy-live-menu")
        assert more.get_attribute("aria-controls") == menu.get_attribute("id")
        assert more.get_attribute("aria-expanded") == "false" and menu.is_hidden()
        more.click()
        assert more.get_attribute("aria-expanded") == "true" and menu.is_visible()
        names = menu.locator("button").evaluate_all("els => els.map((b) => [b.dataset.action, b.textContent])")
        assert names == [[key, text(key)] for key in ("set-dice", "plays", "link")]
        assert live.page.evaluate("document.activeElement.dataset.action") == "set-dice"  # the menu's first item
        live.page.keyboard.press("Escape")
        assert menu.is_hidden() and more.get_attribute("aria-expanded") == "false"
        assert live.page.evaluate("document.activeElement.dataset.action") == "more"
        live.page.keyboard.press("Enter")
        assert menu.is_visible()
        assert violations(live.page) == []  # axe with the menu open
        # An item closes the menu: the plays, listed under the board.
        figure.locator("button[data-action='plays']").click()
        figure.locator(".nardy-live-plays li").first.wait_for()
        assert menu.is_hidden()
        live.assert_clean()
    finally:
        guard.close()
