"""Property tests (hypothesis): invariants of every legal play, on both games."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_rules import Turn, legal_plays, other
from nardy_rules.play import apply_internal

import random

from .positions import random_position
from .reference import State, analyse, forbidden_block

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
variants = st.sampled_from(["short", "long"])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


def position_of(variant, seed):
    return random_position(random.Random(seed), variant)


def replay(position, play):
    """Each intermediate position of a play, with the side to move unchanged."""
    states = [position]
    for i in range(1, len(play._internal) + 1):
        states.append(apply_internal(position, play._internal[:i], switch_turn=False))
    return states


@SETTINGS
@given(variants, seeds, dice)
def test_checkers_are_conserved_and_results_valid(variant, seed, roll):
    position = position_of(variant, seed)
    for play in legal_plays(position, roll):
        result = play.result
        result.validate()  # 15 a side, no shared point, no bar in long nardy
        assert result.turn == other(position.turn)


@SETTINGS
@given(variants, seeds, dice)
def test_every_play_uses_the_most_dice(variant, seed, roll):
    position = position_of(variant, seed)
    plays = legal_plays(position, roll)
    used = {len(p.moves) for p in plays}
    assert len(used) <= 1
    if plays:
        assert Turn(position, roll).max_dice == used.pop()
        if roll[0] != roll[1] and len(plays[0].moves) == 1:
            # One die only: the larger whenever it can be played alone.
            dice_used = {p.moves[0].die for p in plays}
            assert len(dice_used) == 1


@SETTINGS
@given(variants, seeds, dice)
def test_no_play_lands_on_a_closed_point(variant, seed, roll):
    position = position_of(variant, seed)
    opponent = other(position.turn)
    limit = 2 if variant == "short" else 1
    for play in legal_plays(position, roll):
        for before, move in zip(replay(position, play), play.moves):
            if move.end != "off":
                color, count = before.count_at(move.end)
                assert not (color == opponent and count >= limit), (play.notation, move)


@SETTINGS
@given(seeds, dice)
def test_no_long_play_leaves_a_forbidden_six_block(seed, roll):
    position = position_of("long", seed)
    for play in legal_plays(position, roll):
        for state in replay(position, play)[1:]:
            assert not forbidden_block(State.of(state)), play.notation


@SETTINGS
@given(variants, seeds, dice)
def test_refusal_agrees_with_the_legal_plays(variant, seed, roll):
    """A single move is accepted exactly when some legal play starts with it, and a refusal's
    reason is true of the position."""
    position = position_of(variant, seed)
    _best, _results, firsts = analyse(position, roll)
    first_moves = {(start, end) for start, end, _die in firsts}
    turn = Turn(position, roll)
    opponent = other(position.turn)
    for start in list(range(1, 25)) + ["bar"]:
        for end in list(range(1, 25)) + ["off"]:
            refusal = turn.check(start, end)
            assert (refusal is None) == ((start, end) in first_moves), (start, end, refusal)
            if refusal is None:
                continue
            code, params = refusal.code, refusal.params
            if code == "no-checker":
                if start == "bar":
                    assert position.bar(position.turn) == 0
                else:
                    assert position.count_at(start)[0] != position.turn
            elif code == "point-closed":
                assert position.count_at(end)[0] == opponent and params["point"] == end
            elif code == "enter-from-bar-first":
                assert position.bar(position.turn) and start != "bar"
            elif code == "not-all-home":
                assert end == "off" and params["count"] > 0
            elif code == "head-rule":
                assert variant == "long"

