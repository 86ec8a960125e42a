"""Matches and the cube on the play page in Chromium, by clicks with dice injected for tests only: a short-nardy
match to 3 with the Crawford game (the score shown, no cube offered in the Crawford game, the cube back after
it), and the computer's own double (from its estimate, in a race it leads) taken by the person, then passed.
The console stays clean and nothing leaves 127.0.0.1."""

from __future__ import annotations

import pytest

from .test_play import MARS, Play, play_text

pytestmark = pytest.mark.browser

#: Black to move in a race it leads, 60 pips to White's 69: the strong level doubles, and a take is right.
RACE = "nardy:short:b:6x4,5x4,4x4,3x3:22x5,21x5,20x5"


def score_line(play) -> str:
    return play.page.locator(".nardy-play-score").inner_text().strip()


def double_button(play):
    return play.page.locator(".nardy-play-tools button[data-action='double']")


def test_a_match_to_three_with_the_crawford_game(guard, site_url):
    t = play_text("en")
    play = Play(guard, site_url, dice=[(2, 1)])
    play.seats("person", "person")
    play.page.locator("select[data-setting='length']").select_option("3")
    play.paste(MARS)  # every game of the match starts here, White to roll
    play.wait("s.phase === 'roll' && s.length === 3 && s.game === 1")
    centre = t("play-cube-centre", value=1)
    assert score_line(play) == f"{t('play-score-match', length=3, white=0, black=0)} {centre}"
    assert double_button(play).is_visible()
    play.press("roll")
    play.wait("s.phase === 'move'")
    play.move(1, "off")
    play.press("confirm")
    play.wait("s.phase === 'game-over'")
    assert score_line(play) == f"{t('play-score-match', length=3, white=2, black=0)} {centre}"  # a mars: 2 points
    play.press("next-game")
    # White is one point from the match: the Crawford game, no cube (none shown, none offered).
    play.wait("s.phase === 'roll' && s.game === 2")
    assert play.state("window.nardyPlay.state.crawford") is True
    assert score_line(play) == f"{t('play-score-match', length=3, white=2, black=0)} {t('play-crawford')}"
    assert not double_button(play).is_visible()
    assert play.page.locator(".nardy-play-tools button[data-action='roll']").is_visible()
    play.press("resign")
    play.press("resign-single")  # White has borne off 14: a single game is all it may offer
    play.wait("s.phase === 'resign'")
    play.press("accept")
    play.wait("s.phase === 'game-over'")
    assert score_line(play) == f"{t('play-score-match', length=3, white=2, black=1)} {t('play-crawford')}"
    play.press("next-game")
    # After the Crawford game the cube is back.
    play.wait("s.phase === 'roll' && s.game === 3")
    assert play.state("window.nardyPlay.state.crawford") is False
    assert score_line(play) == f"{t('play-score-match', length=3, white=2, black=1)} {centre}"
    assert double_button(play).is_visible()
    play.press("double")
    play.wait("s.phase === 'take'")
    play.press("take")
    play.wait("s.phase === 'roll' && s.cube.value === 2")
    assert score_line(play) == f"{t('play-score-match', length=3, white=2, black=1)} {t('play-cube-black', value=2)}"
    play.clean()


def test_the_computer_doubles_the_person_takes_then_passes(guard, site_url):
    t = play_text("en")
    play = Play(guard, site_url, dice=[(1, 1)] * 40)
    play.seats("person", "computer-strong")
    play.paste(RACE)
    # The computer, on roll, doubles from its own estimate; White is asked.
    play.wait("s.phase === 'take' && s.side === 'white'")
    # The person is told it is their turn, after what the computer did.
    assert play.info() == t("play-you-take", value=2)
    assert play.status() == f"{t('sheet-double-black', value=2)}. {t('play-you-take', value=2)}"
    play.press("take")
    play.wait("s.cube.value === 2 && s.cube.owner === 'white' && s.phase !== 'take'")
    assert t("play-cube-white", value=2) in score_line(play)
    play.settle()
    assert play.state("window.nardyPlay.state.scoresheet[0].slice(0, 2).map(e => e.kind)") == ["double", "take"]
    play.paste(RACE)
    play.wait("s.phase === 'take' && s.side === 'white' && s.scoresheet[0].length === 1")
    play.press("pass")
    play.wait("s.phase === 'match-over'")
    assert play.state("[window.nardyPlay.state.result.winner, window.nardyPlay.state.result.points]") == ["black", 1]
    assert play.state("window.nardyPlay.state.scoresheet[0].map(e => e.kind)") == ["double", "pass"]
    play.clean()
