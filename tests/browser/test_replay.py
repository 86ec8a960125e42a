"""The replay board of a whole game (assets/board/nardy-replay.js) as a reader uses it on a phone (390 px), in
two languages: forward and back by its buttons and the arrow keys, Home and End, a jump from the notes, the
turn's title, note, pips and position in words at each step; then "Try the move first": the game's play, a
legal different play (not an error: the board shows the game's) and an illegal move (refused with the
engine's reason in the page's language); the console clean and axe clean throughout.

What each step must show is computed here from the game's record (the engine re-plays it) and the
language's catalog as Babel reads it, not from the steps the build wrote into the page.
"""

from __future__ import annotations

import pytest

from nardy_site.figures.replay import TITLES
from nardy_site.page.games import load_game
from tests.site import expected

from .conftest import Guard
from .test_accessibility import violations
from .test_live import Live, strings

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
BOARD = "short-game"
PATIENT = "globalThis.nardyLiveTimeout = 600000"


def title(code: str, step) -> str:
    """A step's title as the language's catalog writes it."""
    if step.kind == "cube":
        value = step.cube[0] if step.taken else step.cube[0] * 2
        return expected.catalog_text(code, TITLES["cube", step.side, step.taken]).format(number=step.number, value=value)
    dice = f"{max(step.dice)}-{min(step.dice)}"
    return expected.catalog_text(code, TITLES[step.kind, step.side]).format(number=step.number, dice=dice,
                                                                            play=step.own_notation)


class Replay:
    def __init__(self, live: Live, code: str):
        self.live = live
        self.page = live.page
        self.code = code
        self.text, self.reason = strings(code)
        self.game = load_game("short-first-game")
        live.figure(BOARD)
        self.page.wait_for_selector(f"figure#{BOARD} .nardy-replay-panel")

    def heading(self) -> str:
        return self.page.locator(f"figure#{BOARD} .nardy-replay-title").inner_text().strip()

    def expect_step(self, number: int):
        """The board shows step ``number`` (1-based): its title, counter, note, pips, the notes' current item."""
        step = self.game.steps[number - 1]
        want = title(self.code, step)
        try:
            self.page.wait_for_function(
                "([id, text]) => document.querySelector(`figure#${id} .nardy-replay-title`).textContent.trim() === text",
                arg=[BOARD, want], timeout=10000)
        except Exception:
            assert self.heading() == want, number
        figure = self.live.figure(BOARD)
        assert figure.locator(".nardy-replay-count").inner_text().strip() == self.text(
            "replay-count", number=number, count=len(self.game.steps))
        item = self.page.locator(f"figure#{BOARD} + ol > li").nth(number - 1)
        assert item.get_attribute("aria-current") == "step"
        assert self.page.locator(f"figure#{BOARD} + ol > li[aria-current]").count() == 1
        assert " ".join(figure.locator(".nardy-replay-note").inner_text().split()) == " ".join(item.inner_text().split())
        pips = self.text("pips", white=step.before.pips("white"), black=step.before.pips("black"))
        self.page.wait_for_function(
            "([id, text]) => document.querySelector(`figure#${id} .nardy-live-info`).textContent.includes(text)",
            arg=[BOARD, pips])
        words = figure.locator(".nardy-replay-position")
        assert step.before.to_json()["turn"] in ("white", "black")
        assert f"nardy:short:{step.before.turn[0]}:" in words.locator(".nardy-replay-text").text_content()

    def press(self, key: str):
        """A key on the game's controls: where the focus is if it is on them, else on its first button enabled."""
        on_controls = self.page.evaluate(
            "(id) => document.querySelector(`figure#${id} .nardy-replay-nav`).contains(document.activeElement)", BOARD)
        if not on_controls:
            self.live.figure(BOARD).locator(".nardy-replay-button:enabled").first.focus()
        self.page.keyboard.press(key)

    def button(self, which: str):
        self.live.figure(BOARD).locator(f".nardy-replay-button[data-step='{which}']").click()

    def verdict(self) -> str:
        """What the board said of the reader's play, once it has said it."""
        self.page.wait_for_function("(id) => document.querySelector(`figure#${id} .nardy-replay-verdict`).textContent",
                                    arg=BOARD)
        return self.live.figure(BOARD).locator(".nardy-replay-verdict").inner_text().strip()


@pytest.mark.parametrize("code", ["uz", "ru"])
def test_the_replay_by_buttons_keys_notes_and_tries(browser, site_url, site_languages, code):
    if code not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {code} pages")
    guard = Guard(browser, site_url, viewport=PHONE)
    try:
        live = Live(guard, f"{site_url}{code}/short-game/", init_script=PATIENT)
        replay = Replay(live, code)
        page = live.page
        axe = {}
        replay.expect_step(1)
        assert replay.live.figure(BOARD).locator(".nardy-replay-button[data-step='previous']").is_disabled()
        axe["the first turn"] = violations(page)

        # Forward and back by the buttons, then by the keys.
        replay.button("next")
        replay.expect_step(2)
        replay.press("ArrowRight")
        replay.expect_step(3)
        replay.press("ArrowRight")
        replay.expect_step(4)
        replay.press("ArrowLeft")
        replay.expect_step(3)
        replay.button("previous")
        replay.expect_step(2)
        replay.press("End")  # the focus stays on the controls when the button it was on is disabled
        assert page.evaluate("document.activeElement.dataset.step") == "previous"
        end = replay.game.result
        said = replay.text(f"result-{end.winner}-{end.kind}", count=end.points)
        page.wait_for_function(
            "([id, text]) => document.querySelector(`figure#${id} .nardy-replay-title`).textContent.includes(text)",
            arg=[BOARD, said])
        assert live.figure(BOARD).locator(".nardy-replay-button[data-step='next']").is_disabled()
        assert said in live.info(BOARD)  # the board's own line: the points with the cube
        replay.press("Home")
        replay.expect_step(1)

        # A jump from the notes: the seventh turn, the board scrolled back into view.
        page.locator(f"figure#{BOARD} + ol > li").nth(6).locator("button.nardy-replay-jump").click()
        replay.expect_step(7)
        top = page.evaluate(f"document.getElementById('{BOARD}').getBoundingClientRect().top")
        assert -5 <= top < 200, top
        axe["a turn from the notes"] = violations(page)

        # Try the move first: the play hidden, the reader's asked for.
        live.figure(BOARD).locator(".nardy-replay-try input").check()
        step = replay.game.steps[6]
        assert replay.heading() == replay.text("replay-try-white", dice="6-3")
        assert live.figure(BOARD).locator(".nardy-replay-note").inner_text().strip() == ""
        assert live.figure(BOARD).locator("g.nardy-marks").get_attribute("display") == "none"
        axe["the move asked for"] = violations(page)

        # An illegal move: a checker while one is on the bar; refused with the engine's reason. The press on the
        # board starts the engine: the replay's record holds each turn's start, the engine answers the rest.
        live.click(BOARD, 13)
        assert live.wait_engine(timeout=300000) == "ready"
        live.wait_status(BOARD, replay.reason("enter-from-bar-first"), timeout=60000)

        # The game's play, bar/22/16: the board says so and shows the game's play and its note.
        live.click(BOARD, "bar")
        live.wait_destinations(BOARD)
        live.click(BOARD, 16)
        assert replay.verdict() == replay.text("replay-same", play=step.own_notation)
        assert replay.heading() == title(code, step)
        assert live.figure(BOARD).locator("g.nardy-marks").get_attribute("display") is None
        assert live.figure(BOARD).locator(".nardy-replay-note").inner_text().strip()
        axe["the game's play shown"] = violations(page)

        # A legal play that differs: the second turn (6-3, played 24/15) as 13/7 13/10.
        replay.press("Home")
        replay.press("ArrowRight")
        second = replay.game.steps[1]
        assert replay.heading() == replay.text("replay-try-white", dice="6-3")
        live.click(BOARD, 13)
        live.wait_destinations(BOARD)
        live.click(BOARD, 7)
        live.wait_status(BOARD, replay.text("moved", move="13/7", dice="3"))
        live.click(BOARD, 13)
        live.wait_destinations(BOARD)
        live.click(BOARD, 10)
        assert replay.verdict() == replay.text("replay-other", play=second.notation)
        assert replay.heading() == title(code, second)

        assert {state: found for state, found in axe.items() if found} == {}
        live.assert_clean()
    finally:
        guard.close()


def test_the_notes_lead_buttons_have_names_and_the_game_downloads(browser, site_url, site_languages):
    code = site_languages[0].code
    guard = Guard(browser, site_url, viewport=PHONE)
    try:
        live = Live(guard, f"{site_url}{code}/long-game/")
        live.figure("long-game")
        page = live.page
        page.wait_for_selector("figure#long-game .nardy-replay-panel")
        game = load_game("long-first-game")
        buttons = page.locator("figure#long-game + ol > li button.nardy-replay-jump")
        assert buttons.count() == len(game.steps)
        label = buttons.nth(0).get_attribute("aria-label")
        assert buttons.nth(0).inner_text().strip() in label  # the visible lead is part of its name
        link = page.locator("figure#long-game .nardy-replay-file a")
        assert link.get_attribute("href") == "long-game.txt"
        response = page.request.get(f"{site_url}{code}/long-game/long-game.txt")
        assert response.ok and response.text().startswith('; [Variation "Long nardy"]')
        live.assert_clean()
    finally:
        guard.close()
