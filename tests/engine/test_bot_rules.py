"""The computer player's rules and values, pinned: cube and match decisions, what makes its levels differ,
the input encoding of checkers on the bar and borne off, and the evaluator's outputs on a few positions.

Expected values are worked by hand from the model the bot documents (dev/computer-opponent.md;
``nardy_rules/bot/cube.py``: Janowski's cube life x = 0.68; the levels' errors of s.d. 0.4 and 0.12), or
from RULES.md (a pass loses the cube's value; the Crawford rule), not copied from the code's output. The
cube's decision rule is tested on chances given to it (``chances``), so each boundary sits where the
formula puts it; the evaluator's own outputs are pinned apart, labelled with the SHA-256 of the weights
file they come from (a retrain re-pins them knowingly). ``tests/test_mutants.py`` holds mistakes each of
these tests must catch.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from nardy_rules import LongPosition, ShortPosition, from_text, legal_plays
from nardy_rules.bot import LEVELS, accept_resignation, choose_play, cube_decision, estimate, load, rank_plays, take_decision
from nardy_rules.bot import cube as cube_module
from nardy_rules.bot.cube import janowski
from nardy_rules.bot.encoding import ENCODINGS, boards
from nardy_rules.bot.evaluate import consistent, mover_view
from nardy_rules.bot.network import WEIGHTS_DIR
from nardy_rules.scoring import Cube, Match

from .positions import random_game_positions

EVEN = ShortPosition.start()


@pytest.fixture
def chances(monkeypatch):
    """Give the cube decisions the chances of the side on roll (no mars or koks unless given)."""

    def give(win: float, win_mars: float = 0.0, lose_mars: float = 0.0):
        equity = 2 * win - 1 + win_mars - lose_mars
        fixed = {"win": win, "win mars": win_mars, "win koks": 0.0, "lose mars": lose_mars, "lose koks": 0.0,
                 "equity": equity}
        monkeypatch.setattr(cube_module, "estimate", lambda position: dict(fixed))

    return give


# ---------------------------------------------------------------------- Janowski's model, by hand


def test_janowski_equities_worked_by_hand():
    # p = 0.5, W = L = 1, x = 0.68: p (W + L + x/2) - L = 0.5 * 2.34 - 1 = 0.17.
    assert janowski(0.5, 1, 1, "me") == pytest.approx(0.17)
    assert janowski(0.5, 1, 1, "opponent") == pytest.approx(0.17 - 0.34)
    assert janowski(0.5, 1, 1, "centre") == pytest.approx(0.0)  # 4 / 3.32 * (0.17 - 0.17)
    # p = 0.8, W = 1.2, L = 1: 0.8 * 2.54 - 1 = 1.032; centred 4 / 3.32 * (1.032 - 0.17) = 1.0385542.
    assert janowski(0.8, 1.2, 1.0, "centre") == pytest.approx(1.0385542, abs=1e-6)
    # A dead cube (x = 0) is the cubeless value whoever owns it: p W - (1 - p) L = 0.96 - 0.2.
    for owner in ("me", "centre", "opponent"):
        assert janowski(0.8, 1.2, 1.0, owner, x=0.0) == pytest.approx(0.76)


@pytest.mark.parametrize("win, take", [(0.22, True), (0.215, True), (0.212, False), (0.20, False), (0.5, True)])
def test_the_take_point_is_about_21_4_percent_without_gammons(chances, win, take):
    # Take when 2 (p * 2.34 - 1) >= -1, what a pass costs: p >= 0.5 / 2.34 = 0.2137 (dev/computer-opponent.md: "21.4%").
    chances(1 - win)  # the doubler's chances; the taker has ``win``
    answer = take_decision(EVEN, Cube())
    assert answer["take"] is take and answer["win"] == pytest.approx(win, abs=1e-4)
    assert answer["take equity"] == pytest.approx(2 * (win * 2.34 - 1), abs=1e-4)


def test_a_take_counts_the_gammons_of_both_sides(chances):
    # The doubler wins 75%, 20% of all games with a mars: the taker loses 1 + 0.20 / 0.75 = 1.267 points a loss,
    # so 2 (0.25 (1 + 1.267 + 0.34) - 1.267) = -1.23: a pass (-1) loses less. Without the mars it is a take.
    chances(0.75, win_mars=0.20)
    assert take_decision(EVEN, Cube())["take"] is False
    chances(0.75)
    assert take_decision(EVEN, Cube())["take"] is True  # 2 (0.25 * 2.34 - 1) = -0.83
    # 24% for the taker, 3% mars against it: L = 1 + 0.03 / 0.76 = 1.039, 2 (0.24 * 2.379 - 1.039) = -0.94: take.
    chances(0.76, win_mars=0.03)
    assert take_decision(EVEN, Cube())["take"] is True
    # Its own mars chances count on the other side: 5% of games won with a mars, W = 1 + 0.05 / 0.2 = 1.25,
    # 2 (0.2 (1.25 + 1 + 0.34) - 1) = -0.96: take, where 20% without them is a pass (-1.06).
    chances(0.8, lose_mars=0.05)
    assert take_decision(EVEN, Cube())["take"] is True
    chances(0.8)
    assert take_decision(EVEN, Cube())["take"] is False


@pytest.mark.parametrize("win, owner, double, reason", [
    # Centred cube: double when 2 (2.34 p - 1.34) > 4 / 3.32 (2.34 p - 1.17), i.e. p > 0.6827 ("near 69%").
    (0.66, None, False, "not strong enough to double"),
    (0.70, None, True, "doubling is worth more than not doubling"),
    # Own cube: double when 2 (2.34 p - 1.34) > 2.34 p - 1, i.e. p > 0.718.
    (0.70, "white", False, "not strong enough to double"),
    (0.73, "white", True, "doubling is worth more than not doubling"),
    # 2 (2.34 p - 1.34) > 1 from p > 0.786: the opponent should pass, and the double cashes.
    (0.80, None, True, "double and the opponent should pass"),
])
def test_money_doubles_from_the_chances_by_the_model(chances, win, owner, double, reason):
    chances(win)
    answer = cube_decision(EVEN, Cube(2 if owner else 1, owner))
    assert (answer["double"], answer["reason"]) == (double, reason)


def test_too_good_to_double_when_playing_on_for_a_mars_is_worth_more(chances):
    chances(0.9, win_mars=0.6)  # cubeless equity 0.8 + 0.6 = 1.4: more than the 1 a pass would give
    assert cube_decision(EVEN, Cube())["reason"] == "too good to double: playing on for a mars is worth more"
    chances(0.9, win_mars=0.05)  # 0.85: cash it
    assert cube_decision(EVEN, Cube())["reason"] == "double and the opponent should pass"


# ---------------------------------------------------------------------- match rules (RULES.md, cube.py's docstring)


@pytest.mark.parametrize("scores, cube, double", [
    ({"white": 3, "black": 0}, Cube(2, "white"), False),  # needs 2, the cube is 2: winning this game wins
    ({"white": 2, "black": 0}, Cube(2, "white"), True),   # needs 3: the double still matters
    ({"white": 0, "black": 0}, Cube(4, "white"), True),   # needs 5
    ({"white": 1, "black": 0}, Cube(4, "white"), False),  # needs 4, the cube is 4
])
def test_no_double_with_a_dead_cube(chances, scores, cube, double):
    chances(0.80)  # a cash in money play
    answer = cube_decision(EVEN, cube, Match(5, scores=dict(scores)))
    assert answer["double"] is double
    if not double:
        assert answer["reason"] == "dead cube: winning this game at the present cube already wins the match"


def test_after_the_crawford_game_the_trailer_doubles_at_once(chances):
    chances(0.5)  # an even game: no money double
    post = Match(5, scores={"white": 2, "black": 4}, crawford=False, crawford_done=True)
    answer = cube_decision(EVEN, Cube(), post)
    assert (answer["double"], answer["reason"]) == (True, "after the Crawford game the trailer doubles at once")
    assert cube_decision(EVEN, Cube(), Match(5, scores={"white": 2, "black": 3}))["double"] is False
    # The leader at match point: one point wins it, the cube of 1 is dead for it.
    leader = cube_decision(EVEN.with_turn("black"), Cube(), post)
    assert leader["double"] is False and leader["reason"].startswith("dead cube")
    # In the Crawford game itself nobody doubles.
    crawford = Match(5, scores={"white": 2, "black": 4}, crawford=True, crawford_done=True)
    assert cube_decision(EVEN, Cube(), crawford)["double"] is False


@pytest.mark.parametrize("doubler_score, cube, take", [
    (3, Cube(2, "white"), True),   # a pass gives White 2 points: all it needs
    (2, Cube(2, "white"), False),  # a pass gives 2, White needs 3: the hopeless game is passed
    (1, Cube(4, "white"), True),   # 4 points, needs 4
    (0, Cube(4, "white"), False),  # needs 5
])
def test_a_take_where_a_pass_loses_the_match(chances, doubler_score, cube, take):
    chances(0.95)  # the doubler (White, on roll) wins 95%: a clear pass in money play
    answer = take_decision(EVEN, cube, Match(5, scores={"white": doubler_score, "black": 0}))
    assert answer["take"] is take
    assert answer["reason"] == ("a pass would lose the match" if take else "passing loses less than taking")


def test_the_leader_at_match_point_after_crawford_takes(chances):
    chances(0.95)
    post = Match(5, scores={"white": 2, "black": 4}, crawford=False, crawford_done=True)
    answer = take_decision(EVEN, Cube(), post)
    assert (answer["take"], answer["reason"]) == (True, "at match point after the Crawford game the cube costs "
                                                        "nothing more")
    assert take_decision(EVEN, Cube(), Match(5, scores={"white": 2, "black": 3}))["take"] is False


def test_no_double_in_a_one_point_match_or_without_the_cube(chances):
    chances(0.80)
    assert cube_decision(EVEN, Cube(), Match(1))["double"] is False
    assert cube_decision(EVEN, Cube(2, "black"))["double"] is False  # not White's cube
    assert cube_decision(EVEN, Cube(64, "white"))["double"] is False  # at its highest value


# ---------------------------------------------------------------------- resignations


def test_a_resignation_is_accepted_by_what_the_computer_expects(chances):
    # White on roll expects +1.5 (mars chances): Black resigning a single is refused, a mars accepted.
    chances(0.95, win_mars=0.6)
    assert accept_resignation(EVEN, "black", "single") == {"accept": False, "offered": 1, "expected": 1.5}
    assert accept_resignation(EVEN, "black", "mars")["accept"] is True
    assert accept_resignation(EVEN, "black", "single", cube=2) == {"accept": False, "offered": 2, "expected": 3.0}
    # White on roll resigning: Black (the computer) expects minus White's equity.
    chances(0.05, lose_mars=0.6)  # White's equity -1.5
    assert accept_resignation(EVEN, "white", "single") == {"accept": False, "offered": 1, "expected": 1.5}
    assert accept_resignation(EVEN, "white", "koks")["accept"] is True
    chances(0.6)  # White is ahead and resigns: anything is welcome
    assert accept_resignation(EVEN, "white", "single")["accept"] is True


# ---------------------------------------------------------------------- what makes the levels differ


def test_the_levels_are_the_documented_errors():
    # dev/computer-opponent.md, "Levels": beginner s.d. 0.4 points, club 0.12, strong and expert none; only
    # expert looks one roll ahead.
    assert {name: (level.noise, level.lookahead) for name, level in LEVELS.items()} == {
        "beginner": (0.4, False), "club": (0.12, False), "strong": (0.0, False), "expert": (0.0, True)}


@pytest.mark.parametrize("game", ["short", "long"])
def test_each_level_adds_its_error_to_each_plays_equity_and_plays_the_best_score(game):
    cases = [(p, d) for p, d in random_game_positions(game, 400, seed=13) if len(legal_plays(p, d)) >= 3][:25]
    for position, dice in cases:
        plays = legal_plays(position, dice)
        equities = [mover_view(estimate(play.result))["equity"] for play in plays]
        for level, sd in (("beginner", 0.4), ("club", 0.12), ("strong", 0.0)):
            draws = random.Random(7)
            # One gauss(0, s.d.) per play, in the order legal_plays lists them; none for strong.
            scores = [equity + (draws.gauss(0.0, sd) if sd else 0.0) for equity in equities]
            ranked = rank_plays(position, dice, level, random.Random(7))
            assert [entry[2] for entry in ranked] == pytest.approx(sorted(scores, reverse=True), abs=1e-9)
            best = max(range(len(plays)), key=lambda i: scores[i])
            assert ranked[0][0].result == plays[best].result
            assert ranked[0][1]["equity"] == pytest.approx(equities[best], abs=1e-9)


@pytest.mark.parametrize("game", ["short", "long"])
def test_the_lower_levels_miss_the_best_play_the_more_the_weaker(game):
    # Measured here: on 300 positions with a choice, beginner agrees with strong about 70 times, club about 140.
    cases = [(p, d) for p, d in random_game_positions(game, 2000, seed=31) if len(legal_plays(p, d)) >= 2][:300]
    strong = [choose_play(p, d, "strong").result for p, d in cases]
    agree = {}
    for level in ("beginner", "club"):
        rng = random.Random(4)
        agree[level] = sum(choose_play(p, d, level, rng).result == best for (p, d), best in zip(cases, strong))
    assert 30 <= agree["beginner"] <= 110 and 100 <= agree["club"] <= 200 and agree["club"] - agree["beginner"] >= 40


def test_without_a_generator_a_level_answers_the_same_question_the_same_way():
    position, dice = random_game_positions("short", 40, seed=3)[-1]
    for level in LEVELS:
        assert choose_play(position, dice, level).result == choose_play(position, dice, level).result
    # The seed comes from the position and the dice: another roll, another draw.
    first = [entry[2] - entry[1]["equity"] for entry in rank_plays(EVEN, (3, 1), "beginner")]
    other = [entry[2] - entry[1]["equity"] for entry in rank_plays(EVEN, (1, 3), "beginner")]
    assert first != other or len(first) == 1


# ---------------------------------------------------------------------- the encoding of the bar and borne-off checkers

#: Both sides on the bar, Black with two borne off; White on roll.
BAR_POSITION = from_text("nardy:short:w:barx2,6x4,5x3,4x2,13x4:barx1,24x2,19x4,18x3,12x3,offx2")
#: Long nardy, Black on roll: White has six borne off, Black none.
LONG_OFF = from_text("nardy:long:b:1x3,2x2,6x4,offx6:13x2,15x4,18x5,20x1,21x3")


def test_boards_put_the_bar_at_25_and_the_borne_off_at_0_in_each_sides_own_numbering():
    own, opp = boards(BAR_POSITION)
    assert own == [0, 0, 0, 0, 2, 3, 4] + [0] * 6 + [4] + [0] * 11 + [2]
    # Black's point p is its own 25 - p: 24 -> 1, 19 -> 6, 18 -> 7, 12 -> 13; two off, one on the bar.
    assert opp == [2, 2, 0, 0, 0, 0, 4, 3] + [0] * 5 + [3] + [0] * 11 + [1]
    own, opp = boards(LONG_OFF)  # Black on roll: its point p is its own p - 12 (13 -> 1 ... 21 -> 9)
    assert own == [0, 2, 0, 4, 0, 0, 5, 0, 1, 3] + [0] * 16
    assert opp == [6, 3, 2, 0, 0, 0, 4] + [0] * 19


def test_the_short_encoding_of_bar_and_borne_off_checkers_by_hand():
    x = ENCODINGS["short"].vector(*boards(BAR_POSITION))
    assert len(x) == 209
    # Per side: 24 points of 4 units, then the bar (c >= 1, c / 2) and the borne off (c >= 1, c / 15).
    assert x[96:100] == [1, 1.0, 0, 0]               # White: 2 on the bar, none off
    assert x[196:200] == pytest.approx([1, 0.5, 1, 2 / 15])  # Black: 1 on the bar, 2 off
    assert x[(13 - 1) * 4:(13 - 1) * 4 + 4] == [1, 1, 1, 0.5]  # 4 checkers: (4 - 3) / 2
    # Pips count the bar as 25 (RULES.md): White 2 * 25 + 6 * 4 + 5 * 3 + 4 * 2 + 13 * 4 = 149, Black 111.
    assert (BAR_POSITION.pips("white"), BAR_POSITION.pips("black")) == (149, 111)
    # pips, opponent pips, contact, longest prime (White 4-5-6; Black its 6-7), home points made (3 and 2),
    # and no shots: neither side has a blot.
    assert x[200:] == pytest.approx([1.49, 1.11, 1.0, 3 / 6, 2 / 6, 3 / 6, 2 / 6, 0, 0])


#: The rolls of 36 that hit a lone blot that many points away, nothing in between (the table in every
#: backgammon primer): direct shots 1-6, then combinations and doubles only.
SHOTS_BY_DISTANCE = [11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1]


def test_the_shot_counts_are_the_primers_table():
    from nardy_rules.bot.encoding import hit_rolls

    for distance, shots in enumerate(SHOTS_BY_DISTANCE, start=1):
        assert hit_rolls(1 << 24, 1 << (24 - distance), 0) == shots, distance
    # 8 away with the points 2, 4 and 6 away blocked: only 5-3 (either way round) gets there.
    assert hit_rolls(1 << 24, 1 << 16, (1 << 22) | (1 << 20) | (1 << 18)) == 2
    # 6 away with the point 4 away blocked: 2-2 stops there (4-2 still goes by the 2): 17 less one.
    assert hit_rolls(1 << 24, 1 << 18, 1 << 20) == 16
    # From the bar (bit 25) a blot on the 22 (3 away): as a checker on the 25 would.
    assert hit_rolls(1 << 25, 1 << 22, 0) == 14


def test_the_short_encoding_counts_the_shots_of_both_sides_by_hand():
    # White on roll: blots on its 13 and 6, 13 checkers on its 8. Black: 14 on White's 1 (its own 24) and
    # a blot on White's 10 (its own 15).
    x = ENCODINGS["short"].vector(*boards(from_text("nardy:short:w:13x1,8x13,6x1:1x14,10x1")))
    # White hits Black's blot from its 13, 3 away: 14 rolls. Black hits from its 24 (5 away from White's 6,
    # 12 from its 13) and its 15 (3 from the 13): the rolls with a 5 or a 3 (20), 4-1 and 2-1 (2 each), 1-1,
    # 4-4 and 6-6 (1 each): 27; White's 8 (Black's 17) blocks none of them.
    assert x[207:] == pytest.approx([14 / 36, 27 / 36])


def test_the_long_encoding_of_borne_off_checkers_by_hand():
    x = ENCODINGS["long"].vector(*boards(LONG_OFF))
    assert len(x) == 207
    # Per side: 24 points of 4 units (the last (c - 3) / 4), then the borne off (c >= 1, c / 15); no bar.
    assert x[96:98] == [0, 0]                         # Black, on roll: none off
    assert x[98 + 96:98 + 98] == pytest.approx([1, 0.4])  # White: 6 off
    assert x[(6 - 1) * 4:(6 - 1) * 4 + 4] == [1, 1, 1, 0.5]  # Black's own 6: 5 checkers
    globals_ = dict(zip(ENCODINGS["long"].global_names, x[196:]))
    # Pips 79 and 31 (/ 200); Black's own 8 and 9 outside home (4 of 15); blocks of two each (its 9-8, White's
    # 2-1); nobody behind a head; a race (every checker on its own 1-12); nothing ahead of a rearmost checker.
    assert globals_ == pytest.approx({
        "pips": 0.395, "opponent pips": 0.155, "outside home": 4 / 15, "opponent outside home": 0,
        "block": 2 / 6, "opponent block": 2 / 6, "behind head": 0, "opponent behind head": 0, "contact": 0,
        "front block": 0, "opponent front block": 0})


def test_estimates_respect_borne_off_and_finished_games():
    # Black has borne off two: White can win no mars or koks; White has borne off none: it can lose one.
    mine = estimate(BAR_POSITION)
    assert mine["win mars"] == mine["win koks"] == 0.0 and mine["lose mars"] > 0
    assert mine["equity"] == pytest.approx(2 * mine["win"] - 1 - mine["lose mars"] - mine["lose koks"])
    # consistent(): a mars needs the loser to have borne off nothing; a koks is also a mars; chances add up.
    out = consistent("short", [0.6, 0.7, 0.8, 0.5, 0.6], [0] * 26, [0] * 26)
    assert out == pytest.approx({"win": 0.6, "win mars": 0.6, "win koks": 0.6, "lose mars": 0.4, "lose koks": 0.4,
                                 "equity": 0.2 + 0.6 - 0.4 + 0.6 - 0.4})
    borne = consistent("short", [0.6, 0.7, 0.8, 0.5, 0.6], [1] + [0] * 25, [2] + [0] * 25)
    assert borne == pytest.approx({"win": 0.6, "win mars": 0.0, "win koks": 0.0, "lose mars": 0.0, "lose koks": 0.0,
                                   "equity": 0.2})
    # A finished game is valued by its result: Black (on roll) lost with a checker in White's home: koks.
    over = from_text("nardy:short:b:offx15:1x1,19x14")
    assert estimate(over) == {"win": 0.0, "win mars": 0.0, "lose mars": 1.0, "win koks": 0.0, "lose koks": 1.0,
                              "equity": -3.0}
    # ... with every checker out of White's home and none on the bar: a mars, not a koks.
    assert estimate(from_text("nardy:short:b:offx15:13x15")) == {"win": 0.0, "win mars": 0.0, "lose mars": 1.0,
                                                                 "win koks": 0.0, "lose koks": 0.0, "equity": -2.0}
    assert estimate(from_text("nardy:long:w:offx15:13x15").with_turn("black"))["equity"] == -2.0


# ---------------------------------------------------------------------- the evaluator's outputs, pinned

#: The weights the values below come from: SHA-256 of each shipped file.
WEIGHTS_SHA256 = {
    "short": "9d8f0e7cf788348154ebd0ebad7adbcea26ccae13e20cc688dfbea84d3e5deac",
    "long": "dd4985f71e7e3778eadb6c44b37896ee1457d14bd43578f945b31f69d9b7a0c2",
}
#: position -> the network's raw outputs for the side on roll (short: win, win mars, win koks, lose mars,
#: lose koks; long: win, win mars, lose mars), to 6 decimals. Re-pinned with the short network that reads
#: the shot counts: GNU Backgammon's 0-ply gives the short start 0.5215 / 0.1542 / 0.0076 / 0.1297 / 0.0075
#: and the bar position 0.5785 win (the first network 0.4537, the one before this 0.5686, this one 0.5725);
#: its raw win mars there is zeroed by ``consistent`` (Black has borne off two).
PINNED = {
    "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2": [0.5178, 0.128775, 0.004053, 0.116513, 0.003477],
    "nardy:short:w:barx2,6x4,5x3,4x2,13x4:barx1,24x2,19x4,18x3,12x3,offx2": [0.572455, 0.069975, 0.001103,
                                                                            0.154173, 0.006181],
    "nardy:long:w:24x15:12x15": [0.595421, 0.177927, 0.081553],
    "nardy:long:b:1x3,2x2,6x4,offx6:13x2,15x4,18x5,20x1,21x3": [0.003432, 0.000004, 0.002726],
}


@pytest.mark.parametrize("text", list(PINNED))
def test_the_evaluators_outputs_on_pinned_positions(text):
    position = from_text(text)
    digest = hashlib.sha256((WEIGHTS_DIR / f"{position.variant}.json").read_bytes()).hexdigest()
    if digest != WEIGHTS_SHA256[position.variant]:
        pytest.fail(f"weights/{position.variant}.json changed (SHA-256 {digest}): re-pin WEIGHTS_SHA256 and PINNED "
                    "from the new network's outputs, knowing the bot now plays differently")
    raw = load(position.variant).evaluate_boards(*boards(position))
    assert raw == pytest.approx(PINNED[text], abs=2e-6)


def test_the_start_positions_are_about_even_for_the_side_on_roll():  # guard: a sanity figure, not a pin
    assert 0.45 < estimate(ShortPosition.start())["win"] < 0.56  # gnubg gives 0.52 (PITFALLS.md)
    assert 0.5 < estimate(LongPosition.start())["win"] < 0.65    # the first move is worth something
