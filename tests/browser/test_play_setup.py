"""The play page's set-up editor in Chromium: a position built by clicks, Shift-clicks and keys, the engine's
verdict in English and in Russian (not 15 a side, both colours on one point, a checker on the bar in long
nardy), the legal plays stepped through with the board showing the position after each, a pasted position
read into the editor, and "play from here"; the console stays clean and nothing leaves 127.0.0.1.

Expected texts come from the catalogs (test_play.play_text, test_live.strings); the plays expected are the
engine's (legal_plays), with the facts RULES.md gives checked by hand (3-1 from the start has 8/5 6/5)."""

from __future__ import annotations

import json

import pytest

from nardy_rules import ShortPosition, from_text, legal_plays, to_text
from nardy_rules.live import handle

from .test_live import strings as board_strings
from .test_play import Play, play_text

pytestmark = pytest.mark.browser


class Setup(Play):
    """The play page with the editor open."""

    def open_editor(self):
        said = self.said()
        self.page.locator("button[data-setup-action='open']").click()
        self.page.wait_for_function(f"window.nardyPlay.mode === 'setup' && window.nardyPlay.panel.said > {said}")

    def said(self) -> int:
        return self.page.evaluate("window.nardyPlay.panel.said || 0")

    def after(self, action):
        """Run an action and wait for what the page says after it."""
        said = self.said()
        action()
        self.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        return self.status()

    def put(self, place, color="white", shift=False):
        """A click on a place of the editor's board (the tray and bar of the colour)."""
        x, y = self.page.evaluate(
            """([place, color]) => { const app = window.nardyPlay; const l = app.board.layout;
                 const [x, y] = place === 'off' ? l.off[color] : place === 'bar' ? l.bar[color] : l.points[String(place)];
                 const svg = app.board.views[app.board.variant].svg;
                 svg.scrollIntoView({ block: "center" });
                 const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }""", [place, color])

        def click():
            if shift:
                self.page.keyboard.down("Shift")
            self.page.mouse.click(x, y)
            if shift:
                self.page.keyboard.up("Shift")

        return self.after(click)

    def choose(self, name, value):
        """A choice of the editor; the colour and what a click does are not announced (the list says them)."""
        choose = lambda: self.page.locator(f"select[data-setup='{name}']").select_option(value)  # noqa: E731
        if name in ("colour", "tool"):
            return choose()
        return self.after(choose)

    def count(self, key, value):
        # Typed, then left, as a reader does: the field's own change event, once (a change dispatched by hand
        # left the field "changed", so the browser fired a second one when the focus moved on to the board,
        # and its announcement could arrive as the answer to the next key).
        field = self.page.locator(f"input[data-count='{key}']")
        return self.after(lambda: field.fill(str(value)) or field.blur())

    def button(self, action):
        return self.after(lambda: self.page.locator(f"button[data-setup-action='{action}']").click())

    def key(self, key):
        return self.after(lambda: self.page.keyboard.press(key))

    def verdict(self) -> str:
        return self.page.locator(".nardy-play-setup-verdict").inner_text().strip()

    def board_position(self):
        return self.page.evaluate("window.nardyPlay.board.position")


def test_a_position_built_by_clicks_and_keys_its_plays_stepped_through_then_played(guard, site_url):
    t = play_text("en")
    board, _reason = board_strings("en")
    page = Setup(guard, site_url, "en")
    page.open_editor()
    assert page.status() == t("setup-opened") and page.verdict() == t("setup-valid")  # the game's start position
    # The game's buttons give way; "Turn the board" stays (test_play_side.py turns the editor's board).
    assert page.page.locator(".nardy-play-tools button:not([hidden])").all_inner_texts() == [t("play-turn")]
    cleared = page.button("clear")
    assert cleared == f"{t('setup-cleared')} {t('pos-count-white', count=0)}"
    assert page.count("off-white", 13) == f"{board('cursor-off-white', count=13)} {t('pos-count-white', count=13)}"
    assert page.put(2) == f"{board('cursor-white', point=2, count=1)} {t('pos-count-white', count=14)}"
    assert page.put(2) == f"{board('cursor-white', point=2, count=2)} {t('pos-count-black', count=0)}"
    page.choose("colour", "black")
    page.count("off-black", 13)
    # The keyboard: the cursor from the first place with a checker of the side to move (White's 2) to 23.
    page.page.locator(".nardy-play-board:not([hidden]) .nardy-live-board").focus()
    assert page.key("Home") == board("cursor-bar-empty")
    page.key("ArrowRight")
    assert page.key("ArrowRight") == board("cursor-empty", point=23)
    page.key("Enter")
    assert page.key("Enter") == f"{board('cursor-black', point=23, count=2)} {t('setup-valid')}"
    assert page.key("Delete") == f"{board('cursor-black', point=23, count=1)} {t('pos-count-black', count=14)}"
    assert page.key("+") == f"{board('cursor-black', point=23, count=2)} {t('setup-valid')}"
    # Shift takes; a white checker moved onto Black's point: both colours on one point.
    page.choose("colour", "white")
    assert page.put(2, shift=True) == f"{board('cursor-white', point=2, count=1)} {t('pos-count-white', count=14)}"
    said = page.put(23)
    assert said == f"{board('cursor-white', point=23, count=1)} {board('cursor-black', point=23, count=2)} " \
                   f"{t('pos-both-colours', point=23)}"
    assert page.verdict() == t("pos-both-colours", point=23)
    assert page.page.locator("input[data-form='xgid']").input_value() == ""  # no forms of a refused position
    page.choose("tool", "take")
    page.put(23)
    page.choose("tool", "put")
    assert page.put(2).endswith(t("setup-valid"))
    built = to_text(from_text("nardy:short:w:2x2,offx13:23x2,offx13"))
    page.page.wait_for_function(f"document.querySelector(\"input[data-form='text']\").value === {json.dumps(built)}")

    # The start position, the dice 3-1: the engine's plays in the computer's order, stepped through.
    assert page.button("start") == t("setup-started")
    page.choose("die1", "3")
    page.choose("die2", "1")
    start = ShortPosition.start()
    ranked = handle({"op": "plays", "position": to_text(start), "dice": [3, 1], "rank": "strong"})["plays"]
    by_notation = {play.notation: play for play in legal_plays(start, (3, 1))}
    notations = [play["notation"] for play in ranked]
    plays = [by_notation[notation] for notation in notations]
    # Every legal play once, the best first: 3-1 makes the 5 point (the rules pages' first example).
    assert sorted(notations) == sorted(by_notation) and notations[0] == "8/5 6/5"
    assert page.page.locator(".nardy-play-setup-plays li").all_inner_texts() == notations
    assert board("plays-count", count=len(plays)) in page.page.locator(".nardy-play-setup").inner_text()
    assert page.button("next") == t("setup-step", index=1, count=len(plays), play=notations[0])
    assert page.board_position() == plays[0].result.to_json()
    assert page.page.locator(".nardy-play-setup-plays li[aria-current='true']").inner_text() == notations[0]
    page.button("next")
    assert page.board_position() == plays[1].result.to_json()
    page.button("previous")
    assert page.button("previous") == t("setup-shown")
    assert page.board_position() == start.to_json()
    assert page.button("previous") == t("setup-step", index=len(plays), count=len(plays), play=notations[-1])

    # Play from here: a game from the set-up position, White to play the dice chosen.
    page.button("play")
    page.wait("window.nardyPlay.mode === 'game' && s.phase === 'move'")
    assert page.state("window.nardyPlay.state.turn.dice") == [3, 1]
    assert page.state("window.nardyPlay.record.start") == to_text(start)
    assert page.page.locator(".nardy-play-setup").is_hidden()
    page.move(8, 5)
    page.clean()


def test_an_invalid_set_up_says_why_in_russian_and_a_pasted_position_opens_in_the_editor(guard, site_url):
    t = play_text("ru")
    board, _reason = board_strings("ru")
    page = Setup(guard, site_url, "ru")
    page.open_editor()
    assert page.status() == t("setup-opened")
    assert page.button("clear") == f"{t('setup-cleared')} {t('pos-count-white', count=0)}"
    assert page.info() == t("pos-count-white", count=0)
    assert page.button("start") == t("setup-started")
    # A white checker from the head to the bar: still a short-nardy position; in long nardy, no bar.
    assert page.put(24, shift=True).endswith(t("pos-count-white", count=14))
    assert page.put("bar") == f"{board('cursor-bar-white', count=1)} {t('setup-valid')}"
    assert page.choose("variant", "long") == t("pos-bar-white")
    assert page.verdict() == t("pos-bar-white")
    assert page.page.locator(".nardy-play-board[data-play-board='long']").is_visible()
    assert page.count("bar-white", "") == t("setup-count-bad")
    assert page.page.locator("input[data-count='bar-white']").input_value() == "1"
    # Pasted while the editor is open: the editor takes the position (a bad one says why).
    page.paste("nardy:short:w:24x15:24x15")
    page.page.wait_for_function("document.querySelector('.nardy-play .nardy-live-status').textContent === "
                                + json.dumps(f"{t('play-paste-bad')} {t('pos-both-colours', point=24)}"))
    assert page.state("window.nardyPlay.mode") == "setup"
    long_text = "nardy:long:b:24x14,1x1:12x15"
    page.after(lambda: page.paste(long_text))
    assert page.status() == t("play-position-opened")
    assert page.state("window.nardyPlay.setup.position") == from_text(long_text).to_json()
    assert page.page.locator("select[data-setup='turn']").input_value() == "black"
    assert page.verdict() == t("setup-valid") and page.info() == t("setup-info-black")
    # Back to the game: the game as it was, its buttons again.
    page.button("back")
    assert page.state("window.nardyPlay.mode") == "game"
    assert page.page.locator(".nardy-play-tools button[data-action='opening']").is_visible()
    page.clean()


#: Both sides closed out on the bar: no roll ever moves either (nardy_rules.play.never_moves).
FROZEN = "nardy:short:w:barx2,1x2,2x2,3x2,4x2,5x2,6x2,12x1:barx2,19x2,20x2,21x2,22x2,23x2,24x2,13x1"


@pytest.mark.parametrize("code", ["kk", "hy"])
def test_a_set_up_where_neither_side_can_ever_move_is_refused_at_every_entry(guard, site_url, code):
    t = play_text(code)
    frozen = t("pos-frozen")
    # A share link: refused with the reason, and a match from the usual start begins.
    page = Setup(guard, site_url, code, hash_=f"#position={FROZEN}&dice=3-1")
    assert page.status() == f"{t('play-link-bad')} {frozen}"
    assert page.state("window.nardyPlay.state.phase") == "opening"
    assert page.state("window.nardyPlay.record.start || null") is None
    # Pasted during a game: refused, the game goes on.
    page.after(lambda: page.paste(FROZEN))
    assert page.status() == f"{t('play-paste-bad')} {frozen}"
    assert page.state("window.nardyPlay.mode") == "game"
    # The editor: the position is shown with the verdict, and "play from here" says why not.
    page.open_editor()
    page.after(lambda: page.paste(FROZEN))
    assert page.status() == f"{t('play-paste-bad')} {frozen}"
    page.button("clear")
    for place, count in (("bar", 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 1)):
        page.count(f"{place}-white", count) if place == "bar" else [page.put(place) for _ in range(count)]
    page.choose("colour", "black")
    for place, count in (("bar", 2), (19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (24, 2), (13, 1)):
        page.count(f"{place}-black", count) if place == "bar" else [page.put(place) for _ in range(count)]
    assert page.verdict() == frozen and page.info() == frozen
    assert page.button("play") == frozen
    assert page.state("window.nardyPlay.mode") == "setup"
    page.clean()
