"""What the play page says after a confirmed play (assets/play/nardy-play-text.js, run in Node.js by
logic_runner.mjs): the play in the mover's own numbering, as the scoresheet writes it, for Black as for White."""

from __future__ import annotations

import pytest

from nardy_rules.game import MatchPlay
from nardy_rules.game_record import Action

from .test_logic_js import NODE, run  # noqa: F401  (the Node.js runner, a fixture)
from .test_play_analysis_js import catalog

pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")


def confirmed(opening, moves):
    """(state before the confirm, the confirm's answer) of a short game's first play."""
    play = MatchPlay("short", 0)
    play.act(Action("opening", dice=tuple(opening)))
    for start, end in moves:
        play.act(Action("move", start=start, end=end))
    before = play.state().to_json()
    play.act(Action("confirm"))
    return before, {"state": play.state().to_json()}


def test_a_confirmed_play_is_said_in_the_movers_own_numbering(run):  # noqa: F811
    black_before, black = confirmed((1, 5), [(12, 17), (1, 2)])  # Black's 12/17 1/2 is its 13/8 24/23
    white_before, white = confirmed((5, 1), [(13, 8), (6, 5)])
    english = catalog("en")
    said = run([{"kind": "actionText", "catalog": english, "action": {"act": "confirm"}, "before": before,
                 "answer": answer} for before, answer in ((black_before, black), (white_before, white))])
    assert black["state"]["scoresheet"][0][-1]["own"] == "24/23 13/8"
    assert said[0].startswith(english["messages"]["play-played-black"].replace("{play}", "24/23 13/8")), said[0]
    assert "12/17" not in said[0]
    assert said[1].startswith(english["messages"]["play-played-white"].replace("{play}", "13/8 6/5")), said[1]
