"""The analysis on the play page at a phone's width (390 px) in Chromium, by clicks and keys: a one-point match
GNU Backgammon itself wrote (tests/engine/data/gnubg-1pt.mat, scripts/make_gnubg_mats.py) imported from a file,
finished, analysed with the toolbar's "Analyse" while the progress bar moves; each play marked in the
scoresheet as the engine rates it (nardy_rules.analysis, run here in CPython for the expected marks), the
summary per player, the plot with its text alternative; a blunder shown on the board with the played play's
arrows (dashed) and the best play's, Escape back to the game, Enter on a play from the keyboard. A long nardy
game (the project's text, played here by the computer) imported and analysed the same way, and its analysis
made again after a reload. A damaged file
answered in Russian with its line and reason, the page going on. axe-core clean in the light and the dark
scheme; the console stays clean and nothing leaves 127.0.0.1."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from nardy_rules.analysis import analyse
from nardy_rules.matfile import export_text
from nardy_rules.matread import MatReadError, read_match_text
from tests.engine.games import bot_match

from .conftest import Guard
from .test_accessibility import AXE, PHONE, SCHEMES, violations
from .test_play import Play, play_text

pytestmark = pytest.mark.browser

MATCH = Path(__file__).resolve().parents[1] / "engine" / "data" / "gnubg-1pt.mat"
SIGNS = {"doubtful": "?!", "error": "?", "blunder": "??"}


def percent(chance: float) -> int:
    """A chance as the page writes it: JavaScript's Math.round of the percentage (halves up, not to even)."""
    return math.floor(chance * 100 + 0.5)


@pytest.fixture()
def phone(browser, site_url, request):
    guard = Guard(browser, site_url, viewport=PHONE, color_scheme=getattr(request, "param", "light"))
    yield guard
    guard.close()


def long_game_text(seed: int = 5) -> str:
    """A single game of long nardy between the computer's club and beginner levels, as the project's text."""
    return export_text(bot_match("long", 0, seed))["text"]


def import_file(play: Play, name: str, text: str) -> str:
    """Choose a file in the import field; what the page then says next to the field."""
    said = play.state("window.nardyPlay.analysis.importSaidCount || 0")
    play.page.locator("input[data-form='import']").set_input_files(
        {"name": name, "mimeType": "text/plain", "buffer": text.encode("utf-8")})
    play.page.wait_for_function(f"(window.nardyPlay.analysis.importSaidCount || 0) > {said}", timeout=60000)
    return play.page.locator(".nardy-play-import-message").inner_text().strip()


def watch_progress(play: Play):
    """Every value the progress bar shows from now on (window.__progress)."""
    play.page.evaluate("""() => { window.__progress = [];
        const bar = document.querySelector('.nardy-play-progress progress');
        new MutationObserver(() => window.__progress.push(bar.value)).observe(bar, { attributes: true }); }""")


def analysed(play: Play, t, timeout=240000):
    play.page.wait_for_function(
        f"document.querySelector('.nardy-play .nardy-live-status').textContent === {t('analysis-done')!r}",
        timeout=timeout)


def show_decision(play: Play, decision: dict, t):
    """Show a rated play on the board; check its two kinds of arrows and what is said."""
    play.page.locator(f".nardy-play-sheet-play[data-decision='{decision['index']}']").click()
    play.page.wait_for_function("window.nardyPlay.mode === 'review' && document.querySelector('.nardy-live-arrow')")
    played = play.page.locator(".nardy-play-area svg .nardy-live-arrow.nardy-live-played")
    best = play.page.locator(".nardy-play-area svg .nardy-live-arrow:not(.nardy-live-played)")
    assert best.count() == len(decision["best_moves"]) and played.count() == len(decision["moves"])
    # Told apart by the dash, not by colour alone.
    assert played.first.locator("path.nardy-arrow").evaluate("p => getComputedStyle(p).strokeDasharray") != "none"
    assert best.first.locator("path.nardy-arrow").evaluate("p => getComputedStyle(p).strokeDasharray") == "none"
    assert [[m["from"], m["to"]] for m in decision["best_moves"]] == best.evaluate_all(
        "gs => gs.map(g => [g.dataset.from, g.dataset.to].map(v => /^\\d+$/.test(v) ? Number(v) : v))")
    win = {option["play"]: percent(option["win"]) for option in decision["options"]}
    side = decision["side"]
    dice = ", ".join(str(die) for die in decision["dice"])
    assert play.info() == t(f"review-{side}", game=decision["game"], dice=dice)
    lines = play.page.locator(".nardy-play-review-lines").inner_text()
    assert t("review-played", play=decision["played"], win=win[decision["played"]]) in lines
    assert t("review-best", play=decision["best"], win=win[decision["best"]]) in lines
    assert t("review-lost", lost=f"{decision['lost']:.3f}", mark=t(f"mark-{decision['mark']}")) in lines


@pytest.mark.parametrize("phone", SCHEMES, indirect=True)
def test_a_short_match_imported_analysed_and_a_blunder_shown(phone, site_url):
    t = play_text("en")
    expected = analyse(read_match_text(MATCH.read_text(encoding="utf-8")))
    play = Play(phone, site_url)
    assert play.page.locator("select[data-setting='black'] option[value='computer-expert']").count() == 1
    assert import_file(play, "gnubg-1pt.mat", MATCH.read_text(encoding="utf-8")) == t("import-done")
    play.wait("s.phase === 'match-over'")
    # The players' names of the file head the scoresheet's columns, under the colours.
    assert play.page.locator(".nardy-play-sheet-player").all_inner_texts()[:2] == ["gnubg", "root"]
    watch_progress(play)
    play.press("analyse")
    analysed(play, t)
    total = len(expected["decisions"])
    seen = play.state("window.__progress")
    assert len(set(seen)) >= 5 and seen[-1] == total, seen  # it moved, in steps, to the end
    assert play.page.locator(".nardy-play-progress-text").inner_text() == t("analysis-progress-n", done=total, total=total)

    # Every rated play is in the scoresheet with its mark and the equity it gave away.
    marked = [d for d in expected["decisions"] if d["mark"]]
    assert marked and any(d["mark"] == "blunder" for d in marked)
    for decision in expected["decisions"]:
        cell = play.page.locator(f".nardy-play-sheet-play[data-decision='{decision['index']}']")
        assert cell.count() == 1, decision["index"]
        if decision["mark"]:
            assert cell.get_attribute("data-mark") == decision["mark"]
            text = cell.inner_text()
            assert SIGNS[decision["mark"]] in text and f"−{decision['lost']:.3f}" in text, text
    summary = expected["summary"]
    rows = play.page.locator(".nardy-play-summary-table tbody tr")
    cells = rows.evaluate_all("rs => rs.map(r => Array.from(r.children).map(c => c.textContent))")
    blunders = [str(summary[side]["marks"]["blunder"]) for side in ("white", "black")]
    assert cells[4] == [t("analysis-blunders"), *blunders]
    assert cells[6][1] == f"{summary['white']['error rate']:.1f}"

    # The plot: an image with a name and a text alternative, said under it too.
    plot = play.page.locator("svg.nardy-plot")
    assert plot.get_attribute("role") == "img"
    assert plot.locator("title").text_content() == t("plot-title")
    chances = [percent(d["chances"]) for d in expected["decisions"]]
    low = min(range(total), key=lambda i: expected["decisions"][i]["chances"])
    high = max(range(total), key=lambda i: expected["decisions"][i]["chances"])
    summary_text = t("plot-summary", first=chances[0], last=chances[-1], low=chances[low], high=chances[high],
                     low_game=1, high_game=1)
    assert play.page.locator(".nardy-play-plot figcaption").inner_text() == summary_text
    assert plot.locator("polyline").get_attribute("points").count(",") == total
    assert plot.locator(".nardy-plot-blunder").count() == sum(d["mark"] == "blunder" for d in expected["decisions"])
    assert violations(play.page) == []
    # Every control of the analysis at least 24 px each way (WCAG 2.2's target size), the scoresheet's too.
    small = play.page.evaluate("""() => Array.from(document.querySelectorAll(
        '.nardy-play-analysis button, .nardy-play-analysis input, .nardy-play-sheet-play'))
      .map(e => e.getBoundingClientRect()).filter(r => r.width < 24 || r.height < 24).length""")
    assert small == 0

    # A blunder on the board: the played play dashed, the best solid; Escape back to the game.
    blunder = next(d for d in marked if d["mark"] == "blunder")
    show_decision(play, blunder, t)
    assert AXE.is_file() and violations(play.page) == []
    play.page.keyboard.press("Escape")
    play.page.wait_for_function("window.nardyPlay.mode === 'game' && !document.querySelector('.nardy-live-arrow')")
    assert play.page.locator(".nardy-play-tools button[data-action='again']").is_visible()

    # From the keyboard: Enter on a marked play, "Next decision", then "Back to the game".
    error = next(d for d in marked if d["mark"] == "error")
    play.page.locator(f".nardy-play-sheet-play[data-decision='{error['index']}']").focus()
    play.page.keyboard.press("Enter")
    play.page.wait_for_function(
        f"window.nardyPlay.mode === 'review' && window.nardyPlay.analysis.review.index === {error['index']}")
    play.page.locator("button[data-review='next']").click()
    play.page.wait_for_function(f"window.nardyPlay.analysis.review.index === {error['index'] + 1}")
    play.page.locator("button[data-review='back']").click()
    play.page.wait_for_function("window.nardyPlay.mode === 'game'")
    play.clean()


def test_a_long_game_imported_and_analysed(phone, site_url):
    t = play_text("en")
    text = long_game_text()
    expected = analyse(read_match_text(text))
    play = Play(phone, site_url)
    assert import_file(play, "long-game.txt", text) == t("import-done")
    play.wait("s.variant === 'long' && s.phase === 'match-over'")
    play.page.locator(".nardy-play-analysis button[data-action='analyse']").click()
    analysed(play, t)
    decision = next(d for d in expected["decisions"] if d["mark"])
    show_decision(play, decision, t)
    assert play.page.locator(".nardy-play-area [data-play-board]:not([hidden]) svg").get_attribute("data-variant") == "long"
    play.page.keyboard.press("Escape")
    play.page.wait_for_function("window.nardyPlay.mode === 'game'")

    # A reload brings the game back with its analysis made again: the same marks, summary and plot.
    marks = "Array.from(document.querySelectorAll('.nardy-play-sheet-play[data-mark]'), c => c.dataset.mark)"
    shown = {"marks": play.state(marks),
             "summary": play.page.locator(".nardy-play-summary-table").inner_text(),
             "plot": play.page.locator(".nardy-play-plot figcaption").inner_text()}
    assert shown["marks"] == [d["mark"] for d in expected["decisions"] if d["mark"]]
    play.open()
    analysed(play, t)
    assert play.state("window.nardyPlay.state.variant") == "long"
    assert {"marks": play.state(marks),
            "summary": play.page.locator(".nardy-play-summary-table").inner_text(),
            "plot": play.page.locator(".nardy-play-plot figcaption").inner_text()} == shown
    play.clean()


def test_a_damaged_file_is_answered_in_russian_and_the_page_goes_on(phone, site_url):
    t = play_text("ru")
    good = MATCH.read_text(encoding="utf-8")
    damaged = good.replace("62: 24/18* 13/11", "62: <b>24/18*</b> 13/11")
    with pytest.raises(MatReadError) as caught:
        read_match_text(damaged)
    error = caught.value
    assert error.code == "bad-move" and error.line and "<b>" in error.params["text"]
    play = Play(phone, site_url, "ru", dice=[(3, 1)])
    before = play.state("window.nardyPlay.state.phase")
    status = play.status()
    said = import_file(play, "damaged.mat", damaged)
    assert said == f"{t('import-bad-at', line=error.line)} {t('import-bad-move', text=error.params['text'])}"
    message = play.page.locator(".nardy-play-import-message")
    assert message.locator("b").count() == 0  # the file's text stays text
    # Said next to the file field (not in the status line under the board), announced, the field marked.
    field = play.page.locator("input[data-form='import']")
    assert message.get_attribute("role") == "alert" and field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == message.get_attribute("id")
    field_box, message_box = field.bounding_box(), message.bounding_box()
    assert 0 <= message_box["y"] - (field_box["y"] + field_box["height"]) < 60, (field_box, message_box)
    assert message_box["x"] + message_box["width"] <= 390  # within the phone's width
    assert play.status() == status  # the status line under the board is left as it was
    assert import_file(play, "empty.mat", "Game 1\n") == f"{t('import-bad')} {t('import-no-match')}"  # no line
    # The game shown goes on: the match is the one before, still played.
    assert play.state("window.nardyPlay.state.phase") == before and play.state("window.nardyPlay.mode") == "game"
    play.press("opening")
    play.wait("s.phase !== 'opening'")
    play.clean()
