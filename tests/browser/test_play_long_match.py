"""Matches of any length on the play page: a 25-point match of short nardy (the longest the form offers)
and an 11-point match of long nardy between two computers play to their end through the page's own
requests, each one action long, while the record grows (long nardy's past the 65,536 characters a single
request may hold); a reload between two games, once the record is that long (short nardy's: half that),
opens the stored record again (the one request that carries it) and the match goes on; the export holds
every game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy_rules.contract import MAX_JSON_CHARS
from nardy_rules.game import replay

from .test_play import Play, play_text

pytestmark = pytest.mark.browser

#: Every message the page sends the worker, by length (the engine client sends JSON text).
SIZES = """
window.__nardySent = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (typeof message === "string") window.__nardySent.push(message.length);
  return post.call(this, message, ...rest);
};
"""


# Long nardy's 25-point match took 17-26 minutes of a CI run in the page, with or without motion, while
# CPython's strong players play a 9-point match in 7.5 s (where the page's time goes is not known yet:
# dev/benchmarks.md, "Test suite"); so its match is to 11 points: at least six games (more than
# ten, as strong players rarely win a mars), of about 12.5 KB each (CPython, seed 9: 16 games to 9 points,
# 198 KB), past a request's bound before the last game all the same.
@pytest.mark.parametrize("code, variant, length", [("ru", "short", 25), ("en", "long", 11)])
def test_a_long_match_between_computers_plays_to_its_end(guard, site_url, code, variant, length, tmp_path):
    t = play_text(code)
    page = guard.new_page()
    page.add_init_script(SIZES)
    # The match, not its motion (test_play_feel has that): each checker would travel 220 ms.
    page.emulate_media(reduced_motion="reduce")
    # An 11-point record of long nardy is past the bound of a request; a 25-point one of short nardy 64-83 KB,
    # which some matches end under: the short match reloads once past half the bound (the same path, a record
    # sent in one request), the long one once past the bound itself.
    reload_at = MAX_JSON_CHARS if variant == "long" else MAX_JSON_CHARS // 2
    play = Play(guard, site_url, code=code, step_ms=0, page=page)
    play.page.locator("select[data-setting='variant']").select_option(variant)
    play.page.locator("select[data-setting='length']").select_option(str(length))
    play.seats("computer-strong", "computer-strong")
    play.page.locator("button[data-action='start']").click()
    play.wait(f"s.length === {length} && s.variant === '{variant}'")
    stored = "(localStorage.getItem('nardy-play-v1') || '').length"
    reloaded = False
    while True:
        play.page.wait_for_function("['game-over', 'match-over'].includes(window.nardyPlay.state.phase)", timeout=900000)
        play.settle()
        if play.state("window.nardyPlay.state.phase") == "match-over":
            break
        if not reloaded and play.page.evaluate(stored) > reload_at:
            # The record is long (past a request's bound, for long nardy): after a reload the page opens it again from storage, in
            # one request, and the match is where it was (between two games, waiting for the next).
            before = play.state("[window.nardyPlay.state.game, window.nardyPlay.state.score]")
            play.page.reload()
            play.page.wait_for_function("window.nardyPlay && window.nardyPlay.state", timeout=160000)
            assert play.status() == t("play-resumed")
            assert play.state("[window.nardyPlay.state.game, window.nardyPlay.state.score]") == before
            assert play.page.locator("select[data-setting='length']").input_value() == str(length)
            assert max(play.page.evaluate("window.__nardySent")) > reload_at
            reloaded = True
        play.press("next-game")
        play.wait("s.phase !== 'game-over'")
    state = play.state()
    assert reloaded and max(state["score"].values()) >= length
    sent = play.page.evaluate("window.__nardySent")  # since the reload
    assert len([size for size in sent if size >= 2000]) == 1, "but the record opened again, every request is one action"
    # The record the page stored is the engine's: re-played from the start, it ends the same way. (The page
    # writes it at most every half second: wait for the last action to be there.)
    play.page.wait_for_function("JSON.stringify(JSON.parse(localStorage.getItem('nardy-play-v1')).record) === "
                                "JSON.stringify(window.nardyPlay.record)")
    record = json.loads(play.page.evaluate("localStorage.getItem('nardy-play-v1')"))["record"]
    assert len(json.dumps(record, separators=(",", ":"))) > reload_at
    replayed = replay(record)
    assert (replayed.phase, replayed.score, replayed.winner) == ("match-over", state["score"], state["winner"])
    assert [len(game) for game in replayed.scoresheet] == [len(game) for game in state["scoresheet"]]
    with play.page.expect_download() as download:
        play.page.locator("button[data-action='export']").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.count("Game ") == len(record["games"]) == state["game"]
    play.clean()
