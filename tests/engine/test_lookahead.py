"""The one-roll look-ahead (nardy_rules.bot.lookahead) against its definition, computed the slow way.

The definition (dev/computer-opponent.md, "The look-ahead"): a play is worth the average over
the opponent's 21 distinct rolls (a double once, the others twice, of 36) of
the evaluator's estimate for the player after the opponent's best reply, the
player then on roll; a roll the opponent cannot play leaves the position; a
reply that bears off the last checker counts as the game's result. The slow
version below builds every reply with legal_plays and values it with
estimate(), nothing of the fast path.
"""

from __future__ import annotations

import random

import pytest

from nardy_rules import DISTINCT_ROLLS, LongPosition, ShortPosition, from_text, legal_plays, other
from nardy_rules.bot import LEVELS, Player, choose_play, estimate, load, rank_plays
from nardy_rules.bot import lookahead as look
from nardy_rules.bot.encoding import ENCODINGS, boards

#: Short nardy, a race near its end: Black's last checkers can all come off with some rolls.
RACE = "nardy:short:b:2x2,offx13:24x4,21x1,20x1,19x1,16x1,13x1,11x2,7x2,1x2"


def slow_value(play) -> float:
    """The look-ahead equity of ``play`` for its mover, from legal_plays and estimate only."""
    after = play.result
    if after.winner is not None:
        return -estimate(after)["equity"]
    total = 0.0
    for roll in DISTINCT_ROLLS:
        weight = 1 if roll[0] == roll[1] else 2
        replies = legal_plays(after, roll)
        if replies:
            total += weight * min(estimate(reply.result)["equity"] for reply in replies)
        else:
            total += weight * estimate(after.with_turn(other(after.turn)))["equity"]
    return total / 36


def positions(game: str, count: int, seed: int):
    """(position, dice) from a seeded strong-against-club game, one every few turns."""
    rng = random.Random(seed)
    position = (ShortPosition if game == "short" else LongPosition).start()
    players = {"white": Player("strong"), "black": Player("club", seed=seed)}
    found = []
    turn = 0
    while position.winner is None and len(found) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if turn % 5 == 2:
            found.append((position, dice))
        play = players[position.turn](position, dice)
        position = play.result if play else position.with_turn(other(position.turn))
        turn += 1
    return found


@pytest.mark.parametrize("game", ["short", "long"])
def test_every_reply_evaluated_gives_the_definition_exactly(game, monkeypatch):
    monkeypatch.setattr(look, "REPLIES_EVALUATED", 10**6)
    for position, dice in positions(game, 3, seed=4):
        plays = legal_plays(position, dice)[:3]
        for play, fast in zip(plays, look.lookahead(plays)):
            assert fast["equity"] == pytest.approx(slow_value(play), abs=1e-9)


def test_the_opponents_winning_reply_counts_against_the_player():
    # Black's plays all leave White able to bear off its last two checkers with most rolls.
    position = from_text(RACE)
    plays = legal_plays(position, (6, 5))
    values = look.lookahead(plays)
    for play, fast in zip(plays, values):
        assert fast["equity"] == pytest.approx(slow_value(play), abs=1e-9)
        assert fast["equity"] < -2.0 and fast["win"] < 0.05
    white = from_text("nardy:short:w:2x2,offx13:24x4,21x1,20x1,19x1,16x1,15x2,13x1,9x1,7x2,1x1")
    assert look.roll_estimate(white)["win"] > 0.99  # any roll bears both off


@pytest.mark.parametrize("game", ["short", "long"])
def test_ranking_replies_to_first_order_keeps_the_values_close(game):
    # The shipped setting evaluates the few replies a first-order estimate ranks best.
    for position, dice in positions(game, 3, seed=8):
        plays = legal_plays(position, dice)[:2]
        for play, fast in zip(plays, look.lookahead(plays)):
            assert fast["equity"] == pytest.approx(slow_value(play), abs=0.03)


def reply_changes(reply) -> tuple[dict, list[int]]:
    """A reply as ReplyEvaluator and reply_discrete take it: {board index: change of count}, own points hit."""
    changes: dict = {}
    hits = []
    for s, t, _die, hit in reply.steps:
        changes[s] = changes.get(s, 0) - 1
        changes[t] = changes.get(t, 0) + 1
        if hit:  # the opponent's own point t is the player's 25 - t
            hits.append(25 - t)
    return changes, hits


@pytest.mark.parametrize("game", ["short", "long"])
def test_reply_discrete_features_are_the_encodings_own(game):
    encoding = ENCODINGS[game]
    for position, dice in positions(game, 6, seed=11):
        for play in legal_plays(position, dice)[:4]:
            after = play.result
            opp, own = boards(after)
            features = encoding.reply_discrete(own, opp)
            for roll in DISTINCT_ROLLS[::3]:
                for reply in legal_plays(after, roll):
                    changes, hits = reply_changes(reply)
                    mine, theirs = boards(reply.result)
                    assert features(changes, hits) == encoding.discrete(mine, theirs)


def test_reply_discrete_features_hold_through_hits_and_the_bar():
    # Random play hits often: the shot counts, contact and primes after replies that hit, enter from the
    # bar or leave blots, against the encoding's own reading of the whole boards.
    encoding = ENCODINGS["short"]
    rng = random.Random(21)
    checked = hits_seen = 0
    position = ShortPosition.start()
    while checked < 4000:
        if position.winner is not None:
            position = ShortPosition.start()
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        if not plays:
            position = position.with_turn(other(position.turn))
            continue
        after = rng.choice(plays).result
        if after.winner is None:
            opp, own = boards(after)
            features = encoding.reply_discrete(own, opp)
            for reply in legal_plays(after, (rng.randint(1, 6), rng.randint(1, 6))):
                changes, hits = reply_changes(reply)
                mine, theirs = boards(reply.result)
                assert features(changes, hits) == encoding.discrete(mine, theirs), (after, reply)
                checked += 1
                hits_seen += bool(hits)
        position = after
    assert hits_seen > 100


def test_the_reply_evaluator_is_the_network():
    network = load("short")
    position, dice = positions("short", 2, seed=3)[1]
    after = legal_plays(position, dice)[0].result
    opp, own = boards(after)
    evaluator = look.ReplyEvaluator(network, own, opp)
    for roll in DISTINCT_ROLLS:
        for reply in legal_plays(after, roll):
            changes, hits = reply_changes(reply)
            mine, theirs = boards(reply.result)
            assert evaluator.boards(changes, hits) == (mine, theirs)
            assert evaluator.raw(changes, hits) == pytest.approx(network.evaluate_boards(mine, theirs), abs=1e-9)


def test_expert_plays_the_best_look_ahead_value_among_stronger_levels_close_plays():
    assert list(LEVELS)[-1] == "expert" and LEVELS["expert"].lookahead
    for position, dice in positions("short", 6, seed=21):
        ranked = rank_plays(position, dice, "strong")
        close = [play for play, _mine, score in ranked[: look.MAX_CANDIDATES] if ranked[0][2] - score <= look.WINDOW]
        chosen = choose_play(position, dice, "expert")
        if not ranked:  # dice that cannot be played (the bar closed): nothing to choose
            assert chosen is None
            continue
        if len(close) < 2:
            assert chosen == ranked[0][0]
            continue
        values = look.lookahead(close)
        assert chosen == close[max(range(len(close)), key=lambda i: values[i]["equity"])]
        expert = rank_plays(position, dice, "expert")
        assert [entry[0] for entry in expert] and expert[0][1] == values[close.index(chosen)]
