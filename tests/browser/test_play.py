"""The play page in Chromium (en and ru): whole games by clicks with dice injected for tests only
(window.__nardyTestDice before the page's scripts run), the computer seat, the hint, the cube, resigning,
save and reload, a bad stored state, bad pasted positions and links, the .mat export read back by GNU
Backgammon; no request leaves 127.0.0.1 and the console stays clean.

Expected texts are read from the catalogs (tests/browser/test_live.py's strings, Babel's read_po), and
formatted here."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nardy_rules import Position, from_text, legal_plays, to_text
from nardy_site.pages import play_analysis, play_page
from tests.site import expected

from .conftest import record_console
from .test_live import strings as board_strings

pytestmark = pytest.mark.browser

#: White's last checker on point 1, Black all at home with none borne off: White bears off with a mars.
MARS = "nardy:short:w:1x1,offx14:24x3,23x3,22x3,21x3,20x3"
#: The same with a Black checker still in White's home board: a koks.
KOKS = "nardy:short:w:1x1,offx14:2x1,24x14"
#: White on the bar against a Black blot on 22 with Black's other checkers home: White enters hitting.
HIT = "nardy:short:w:barx1,1x1,offx13:22x1,24x2,23x2,21x2,20x2,19x2,offx4"
#: Long nardy near its end: each side one checker left in its home.
LONG_END = "nardy:long:w:1x1,offx14:13x1,offx14"


def play_text(code: str):
    """The play page's strings (nardy_site.pages.play_page.PLAY, play_analysis.ANALYSIS) in the language, from its
    catalog."""
    english = expected.table()[code]["babel"].split("_")[0] == "en"

    def text(key, **params):
        message = {**play_page.PLAY, **play_analysis.ANALYSIS}[key]
        if isinstance(message, tuple):
            found = expected.catalog_plural(code, message[0], message[1], params["count"])
        else:
            found = expected.catalog_text(code, message)
        assert english or found not in (message if isinstance(message, tuple) else (message,)), key
        return found.format(**params)

    return text


class Play:
    def __init__(self, guard, site_url, code="en", dice=(), hash_="", stored=None, step_ms=20, page=None, ready=True):
        self.guard = guard
        # Whether opening waits for the engine too: a new game starts before it (from the recorded opening,
        # test_play_opening.py), and what these tests do next expects the engine there.
        self.ready = ready
        self.console: list[str] = []
        self.page = page or guard.new_page()
        record_console(self.page, self.console)
        # A patient engine: under load Pyodide's cold start can take longer than the page's 20 s limit.
        script = "globalThis.nardyLiveTimeout = 150000; "
        script += f"window.__nardyTestDice = {json.dumps([list(d) for d in dice])}; window.__nardyTestStepMs = {step_ms};"
        if stored is not None:
            script += f"localStorage.setItem('nardy-play-v1', {json.dumps(stored)});"
        self.page.add_init_script(script)
        self.url = f"{site_url}{code}/play/{hash_}"
        self.open()

    def open(self):
        self.page.goto(self.url)
        engine = " && document.documentElement.dataset.nardyEngine === 'ready'" if self.ready else ""
        self.page.wait_for_function("window.nardyPlay && window.nardyPlay.state && !window.nardyPlay.thinking" + engine,
                                    timeout=160000)

    def status(self) -> str:
        return self.page.locator(".nardy-play .nardy-live-status").inner_text().strip()

    def info(self) -> str:
        return self.page.locator(".nardy-play-info").inner_text().strip()

    def state(self, expr="window.nardyPlay.state"):
        return self.page.evaluate(expr)

    def wait(self, condition: str, timeout=60000):
        self.page.wait_for_function(f"(() => {{ const s = window.nardyPlay.state; return {condition}; }})()",
                                    timeout=timeout)

    def press(self, action: str):
        self.page.locator(f".nardy-play-tools button[data-action='{action}']").click()

    def click(self, place):
        x, y = self.page.evaluate(
            """(place) => { const app = window.nardyPlay; const l = app.board.layout;
                 const [x, y] = place === 'off' ? l.off[app.state.position.turn] : place === 'bar' ?
                   l.bar[app.state.position.turn] : l.points[String(place)];
                 const svg = app.board.views[app.board.variant].svg;
                 svg.scrollIntoView({ block: "center" });
                 const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }""", place)
        self.page.mouse.click(x, y)

    def move(self, start, end):
        version = self.state("window.nardyPlay.version")
        self.click(start)
        self.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
        self.click(end)
        self.page.wait_for_function(f"window.nardyPlay.version > {version}")

    def settle(self):
        self.page.wait_for_function("!window.nardyPlay.thinking")

    def paste(self, text):
        self.page.locator("input[data-form='paste']").fill(text)
        self.page.locator("button[data-action='paste']").click()

    def seats(self, white, black):
        self.page.locator("select[data-setting='white']").select_option(white)
        self.page.locator("select[data-setting='black']").select_option(black)

    def clean(self):
        assert self.console == [] and self.guard.clean, (self.console, self.guard.foreign, self.guard.errors)


def test_a_game_between_two_people_opening_refusal_undo_confirm(guard, site_url):
    t = play_text("en")
    board, reason = board_strings("en")
    play = Play(guard, site_url, dice=[(3, 3), (3, 1), (6, 4)])
    play.seats("person", "person")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.scoresheet[0].length === 0")
    play.press("opening")
    play.wait("s.scoresheet[0].length === 1")
    assert play.status() == t("play-opening-tie", die=3)
    play.press("opening")
    play.wait("s.phase === 'move'")
    assert play.status() == t("play-opening-white", white=3, black=1)
    play.move(8, 5)
    assert play.status() == board("moved", move="8/5", dice="1")
    play.press("undo")
    play.wait("s.turn.moves.length === 0")
    play.click(24)
    play.page.wait_for_function("document.querySelector('.nardy-live-selected') !== null")
    play.click(18)  # no 6 among 3-1, nor a path of 3 and 1
    play.page.wait_for_function("!document.querySelector('.nardy-live-selected')")
    play.page.wait_for_timeout(300)
    assert play.status() == reason("no-such-die", distance=6, dice="3, 1")
    play.move(8, 5)
    play.move(6, 5)
    play.press("confirm")
    play.wait("s.phase === 'roll' && s.side === 'black'")
    assert play.status() == t("play-played-white", play="8/5 6/5")
    assert "8/5 6/5" in play.page.locator(".nardy-play-sheet").inner_text()
    play.press("roll")
    play.wait("s.phase === 'move' && s.side === 'black'")
    play.clean()


@pytest.mark.parametrize("code", ["en", "ru"])
def test_bear_off_with_a_mars_and_a_koks_from_a_pasted_position(guard, site_url, code):
    board, _reason = board_strings(code)
    play = Play(guard, site_url, code, dice=[(2, 1), (2, 1)])
    play.seats("person", "person")
    for position, kind, points in ((MARS, "mars", 2), (KOKS, "koks", 3)):
        play.paste(position)
        start = to_text(from_text(position))
        play.wait(f"window.nardyPlay.record.start === {json.dumps(start)} && s.phase === 'roll'")
        play.press("roll")
        play.wait("s.phase === 'move'")
        play.move(1, "off")
        play.press("confirm")
        play.wait("s.phase === 'match-over'")
        assert board(f"result-white-{kind}", count=points) in play.status()
    play.clean()


def test_a_hit_and_entering(guard, site_url):
    play = Play(guard, site_url, dice=[(3, 1)])
    play.seats("person", "person")
    play.paste(HIT)
    play.wait("s.phase === 'roll'")
    play.press("roll")
    play.wait("s.phase === 'move'")
    play.move("bar", 22)
    assert play.state("window.nardyPlay.state.position.black.bar") == 1
    play.clean()


def test_bad_pasted_positions_and_a_bad_link_say_why_in_the_language(guard, site_url):
    t = play_text("ru")
    play = Play(guard, site_url, "ru", hash_="#position=nardy:short:w:24x2&dice=9-9")
    assert play.status().startswith(t("play-link-bad"))
    assert play.state("window.nardyPlay.state.phase") == "opening"
    said = "document.querySelector('.nardy-play .nardy-live-status').textContent.includes({})"
    play.paste("nardy:short:w:24x3,13x5,8x3,6x5:19x5,17x3,12x5,1x2")
    play.page.wait_for_function(said.format(json.dumps(t("pos-count-white", count=16))))
    play.paste("XGID=nonsense")
    play.page.wait_for_function(said.format(json.dumps(t("pos-unreadable"))))
    play.clean()


def test_a_share_link_opens_its_position_and_dice(guard, site_url):
    t = play_text("en")
    xgid = "XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A00%3A0%3A0%3A0%3A0%3A10"
    play = Play(guard, site_url, hash_=f"#position={xgid}&dice=5-3")
    play.wait("s.phase === 'move'")
    assert play.state("window.nardyPlay.state.turn.dice") == [5, 3]
    assert play.status() == t("play-position-opened")
    play.clean()


def test_save_and_reload_then_a_bad_stored_state(guard, site_url):
    t = play_text("en")
    play = Play(guard, site_url, dice=[(5, 2)])
    play.seats("person", "person")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.scoresheet[0].length === 0")
    play.press("opening")
    play.wait("s.phase === 'move'")
    play.page.reload()
    play.page.wait_for_function("window.nardyPlay && window.nardyPlay.state", timeout=160000)
    play.wait("s.phase === 'move'")
    assert play.status() == t("play-resumed")
    play.clean()
    # One tab at a time, as a reader has it: the first page writes its game at most 0.5 s late (and when it
    # is left), so left open beside the second it could write over the bad value the second starts from.
    play.page.close()
    bad = Play(guard, site_url, stored=json.dumps({"record": {"format": "nardy-match", "version": 99}, "seats": {}}))
    assert bad.status() == t("play-stored-bad")
    assert bad.state("window.nardyPlay.state.phase") == "opening"
    bad.clean()


def test_resign_declined_then_accepted_and_a_cube_taken_then_passed(guard, site_url):
    play = Play(guard, site_url, dice=[(6, 5)])
    play.seats("person", "person")
    play.page.locator("select[data-setting='length']").select_option("5")
    play.paste("nardy:short:w:6x5,5x5,4x5:20x5,19x5,18x5")
    play.wait("s.phase === 'roll' && s.length === 5")
    play.press("double")
    play.wait("s.phase === 'take'")
    play.press("take")
    play.wait("s.phase === 'roll' && s.cube.value === 2 && s.cube.owner === 'black'")
    # White has borne off nothing, Black has no checker in White's home nor on the bar: a single game or a mars
    # may be offered, each at the cube's 2.
    play.press("resign")
    assert [play.page.locator(f".nardy-play-tools button[data-action='resign-{kind}']").is_visible()
            for kind in ("single", "mars", "koks")] == [True, True, False]
    play.press("resign-mars")
    play.wait("s.phase === 'resign'")
    play.press("decline")
    play.wait("s.phase === 'roll' && s.side === 'white'")
    play.press("resign")
    play.press("resign-single")
    play.wait("s.phase === 'resign'")
    play.press("accept")
    play.wait("s.phase === 'game-over'")
    assert play.state("[window.nardyPlay.state.score.black, window.nardyPlay.state.result.points]") == [2, 2]
    play.clean()


def test_against_the_computer_it_takes_or_passes_and_finishes_the_game(guard, site_url):
    play = Play(guard, site_url, dice=[(6, 5)] * 30)
    play.seats("person", "computer-strong")
    play.paste("nardy:short:w:6x5,5x5,4x5:20x5,19x5,18x5")
    play.wait("s.phase === 'roll'")
    play.press("double")
    play.wait("s.phase === 'match-over'")  # the computer passes a hopeless race
    assert play.state("window.nardyPlay.state.scoresheet[0].map(e => e.kind)") == ["double", "pass"]
    play.clean()


@pytest.mark.parametrize("position", [LONG_END, "nardy:short:w:2x2,offx13:23x2,offx13"])
def test_a_whole_game_between_computers_and_the_hint(guard, site_url, position):
    play = Play(guard, site_url, dice=[(2, 1)] * 40)
    play.seats("computer-club", "computer-strong")
    play.paste(position)
    play.wait("s.phase === 'match-over'")
    assert play.state("window.nardyPlay.state.result.winner") in ("white", "black")
    play.seats("person", "person")
    play.paste(position)
    play.wait("s.phase === 'roll'")
    play.press("roll")
    play.wait("s.phase === 'move'")
    play.press("hint")
    play.page.wait_for_function("!document.querySelector('.nardy-play-hints').hidden")
    assert play.page.locator(".nardy-play-hint-list li").count() >= 1
    play.clean()


def test_the_mat_export_reads_back_in_gnu_backgammon(guard, site_url, tmp_path):
    from tests.engine.test_matfile import gnubg_import

    play = Play(guard, site_url, dice=[(3, 1), (6, 5)])
    play.seats("person", "person")
    play.page.locator("select[data-setting='length']").select_option("3")
    play.page.locator("button[data-action='start']").click()
    play.wait("s.scoresheet[0].length === 0 && s.length === 3")
    play.press("opening")
    play.wait("s.phase === 'move'")
    play.move(8, 5)
    play.move(6, 5)
    play.press("confirm")
    play.wait("s.side === 'black' && s.phase === 'roll'")
    with play.page.expect_download() as download:
        play.page.locator("button[data-action='export']").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "nardy-match.mat"
    imported = gnubg_import(tmp_path, text)
    moves = [action for action in imported["games"][0]["game"] if action.get("action") == "move"]
    assert moves and moves[0]["move"] == [[8, 5], [6, 5]] and imported["match-info"]["match-length"] == 3, text
    play.clean()


@pytest.mark.parametrize("position, person", [
    # Short nardy: White's two checkers against Black's three in a race; White is the person.
    ("nardy:short:w:3x1,2x1,offx13:22x1,23x2,offx12", "white"),
    # Long nardy: each side two checkers in its home; Black is the person, so the computer plays first.
    ("nardy:long:w:6x1,5x1,offx13:18x1,17x1,offx13", "black"),
])
def test_a_whole_game_against_the_computer(guard, site_url, position, person):
    """The person plays every turn by clicks (the engine's first legal play, here as the oracle), the
    strong computer its own, to the end of the game."""
    play = Play(guard, site_url, dice=[(2, 1)] * 40)
    play.seats(*(("person", "computer-strong") if person == "white" else ("computer-strong", "person")))
    play.paste(position)
    turns = 0
    while True:
        play.wait(f"s.phase === 'match-over' || (s.side === '{person}' && s.phase === 'roll')")
        play.settle()
        if play.state("window.nardyPlay.state.phase") == "match-over":
            break
        assert turns < 10, "the game did not end"
        play.press("roll")
        play.wait("s.phase === 'move'")
        state = play.state()
        chosen = legal_plays(Position.from_json(state["position"]), tuple(state["dice"]))[0]
        for move in chosen.moves:
            play.move(move.start, move.end)
        if "confirm" in play.state("window.nardyPlay.state.actions"):
            play.press("confirm")
        turns += 1
    plays = [entry["side"] for entry in play.state("window.nardyPlay.state.scoresheet[0]") if entry["kind"] == "play"]
    assert turns >= 1 and set(plays) == {"white", "black"}, plays  # both sides played
    assert play.state("window.nardyPlay.state.result.winner") in ("white", "black")
    play.clean()


@pytest.mark.parametrize("code, variant", [("uz", "short"), ("kk", "long")])
def test_a_whole_game_from_the_usual_start_against_the_strong_computer(guard, site_url, code, variant):
    """A reader's game: the game and the level chosen in the form, the opening roll, every turn of the person
    made by clicks (the engine's first legal play as the oracle), a double offered by the computer taken, a
    hint asked for once, to the end of the game; dice from a seeded queue so the game is the same every run."""
    rng = random.Random(f"{code}-{variant}")
    play = Play(guard, site_url, code=code, dice=[(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(400)])
    play.page.locator("select[data-setting='variant']").select_option(variant)
    play.seats("person", "computer-strong")
    play.page.locator("button[data-action='start']").click()

    def act(name):
        version = play.state("window.nardyPlay.version")
        play.press(name)
        play.page.wait_for_function(f"window.nardyPlay.version > {version}")

    turns, hints, takes = 0, 0, 0
    while True:
        play.wait("!window.nardyPlay.thinking && (['match-over', 'opening'].includes(s.phase) || s.side === 'white')",
                  timeout=120000)
        state = play.state()
        if state["phase"] == "match-over":
            break
        assert turns < 150, "the game did not end"
        actions = state["actions"]
        for name in ("confirm", "opening", "take", "roll"):
            if name in actions:
                takes += name == "take"
                act(name)
                break
        else:
            assert state["phase"] == "move", state["phase"]
            if hints == 0 and turns >= 2:
                play.press("hint")
                play.page.wait_for_function("!document.querySelector('.nardy-play-hints').hidden")
                assert play.page.locator(".nardy-play-hint-list li").count() >= 1
                hints += 1
            chosen = legal_plays(Position.from_json(state["position"]), tuple(state["dice"]))[0]
            for move in chosen.moves:
                play.move(move.start, move.end)
            turns += 1
    sheet = play.state("window.nardyPlay.state.scoresheet[0]")
    computer_plays = sum(1 for entry in sheet if entry["kind"] == "play" and entry["side"] == "black")
    assert sheet[0]["kind"] == "opening" and turns >= 10 and computer_plays >= 10, (turns, sheet[:3])
    assert hints == 1 and takes == sum(1 for entry in sheet if entry["kind"] == "take")
    result = play.state("window.nardyPlay.state.result")
    score = play.state("window.nardyPlay.state.score")
    assert result["winner"] in ("white", "black") and score[result["winner"]] == result["points"] >= 1, (result, score)
    # A single game is won, not a match: the result says how (a single game, a mars, a koks) and its points.
    board, _reason = board_strings(code)
    assert play.info() == board(f"result-{result['winner']}-{result['kind']}", count=result["points"])
    play.clean()
