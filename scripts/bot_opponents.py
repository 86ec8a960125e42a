"""Opponents for the bot's benchmark and training checks, and the paired-dice match runner.

Every player is a function ``(position, dice) -> Play | None`` choosing among
``nardy_rules.legal_plays``. GNU Backgammon's players (test-only package
``gnubg-nn``) are wrapped as PITFALLS.md says: their move is applied here to
gnubg's own two-row board, and the result must be one of our legal plays (a
harness that cannot find it raises instead of playing something else).
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nardy_rules import LongPosition, ShortPosition, legal_plays, other
from nardy_rules.bot.encoding import boards


def _result_rows(play):
    """(mover's row, opponent's row) of gnubg's board after ``play``: 25 ints, index 24 = bar."""
    opp, own = boards(play.result)  # the result has the opponent on roll
    return tuple(own[1:26]), tuple(opp[1:26])


def _match(plays, own_row, opp_row, who: str, dice):
    for play in plays:
        if _result_rows(play) == (tuple(own_row), tuple(opp_row)):
            return play
    raise RuntimeError(f"{who}'s move for {dice} is not one of the legal plays")


def gnubg_board(position):
    """GNU Backgammon's board of a short-nardy position: row 0 the side not on roll, row 1 the side on roll."""
    own, opp = boards(position)
    return [opp[1:26], own[1:26]]


def gnubg_equity(position, after, plies: int) -> float:
    """GNU Backgammon's cubeless equity at ``plies``, for the side on roll in ``position``, of ``after``: the
    position one of its plays leads to (the opponent on roll); a play that ends the game, by its result."""
    import gnubg_nn

    result = after.result()
    if result is not None:
        return float(result.points if result.winner == position.turn else -result.points)
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = gnubg_nn.probabilities(gnubg_board(after), plies)
    return -(2 * win - 1 + win_gammon + win_backgammon - lose_gammon - lose_backgammon)


def _apply(board, moves):
    """Apply (from, to) pairs, 0-based own points, 24 = bar, -1 = off; hits send the blot to the bar."""
    opp, own = list(board[0]), list(board[1])
    for start, end in moves:
        own[start] -= 1
        if end >= 0:
            own[end] += 1
            if opp[23 - end] == 1:
                opp[23 - end] = 0
                opp[24] += 1
    return own, opp


def gnubg_player(position, dice):
    """GNU Backgammon's 0-ply network (``gnubg_nn.best_move``)."""
    import gnubg_nn

    plays = legal_plays(position, dice)
    if not plays:
        return None
    board = gnubg_board(position)
    move = gnubg_nn.best_move(board, dice[0], dice[1])
    pairs = [(f - 1, t - 1) for f, t in move]  # 1-based, 25 = bar, 0 = off
    own, opp = _apply(board, pairs)
    return _match(plays, own, opp, "gnubg", dice)


def pubeval_player(position, dice):
    """Tesauro's pubeval (``gnubg_nn.pub_best_move``)."""
    import gnubg_nn

    plays = legal_plays(position, dice)
    if not plays:
        return None
    board = gnubg_board(position)
    flat = list(gnubg_nn.pub_best_move(board, dice[0], dice[1]))
    pairs = [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]  # 0-based, 24 = bar, -1 = off
    own, opp = _apply(board, pairs)
    return _match(plays, own, opp, "pubeval", dice)


def rearmost_player(position, dice):
    """Always the play that moves checkers from the back: the farthest start points, then the farthest."""
    plays = legal_plays(position, dice)
    if not plays:
        return None
    color = position.turn

    def starts(play):
        return sorted((25 if m.start == "bar" else position.to_own(color, m.start) for m in play.moves),
                      reverse=True)

    return max(plays, key=lambda p: (starts(p), p.notation))


def random_player(seed: int):
    rng = random.Random(seed)

    def choose(position, dice):
        plays = legal_plays(position, dice)
        return rng.choice(plays) if plays else None

    return choose


START = {"short": ShortPosition, "long": LongPosition}


def play_game(game: str, white, black, dice_rng: random.Random, on_decision=None):
    """One game; returns (winner colour, points). The first roll follows RULES.md."""
    position = START[game].start()
    players = {"white": white, "black": black}
    first = True
    while position.winner is None:
        dice = (dice_rng.randint(1, 6), dice_rng.randint(1, 6))
        if first and game == "short":
            # The opening roll is one die each, so never a double; the higher die moves first.
            while dice[0] == dice[1]:
                dice = (dice_rng.randint(1, 6), dice_rng.randint(1, 6))
            position = position.with_turn("white" if dice[0] > dice[1] else "black")
        elif first:
            position = position.with_turn("white" if dice_rng.random() < 0.5 else "black")
        first = False
        play = players[position.turn](position, dice)
        if on_decision is not None:
            on_decision(position, dice, play)
        position = play.result if play is not None else position.with_turn(other(position.turn))
    result = position.result()
    return result.winner, result.points


def paired_match(game: str, first, second, pairs: int, seed: int, progress=None):
    """``pairs`` dice sequences, each played twice with seats swapped, so luck cancels.

    ``first``/``second`` are factories ``game number -> player`` (so a player
    may keep its own seeded randomness). Returns a list with, per pair, the
    games the first player won (0, 1 or 2) and its points minus the other's.
    """
    out = []
    for pair in range(pairs):
        wins = points = 0
        for swap in (False, True):
            dice_rng = random.Random(seed * 1_000_003 + pair)
            a, b = first(pair * 2 + swap), second(pair * 2 + swap)
            white, black = (b, a) if swap else (a, b)
            winner, value = play_game(game, white, black, dice_rng)
            won = winner == ("black" if swap else "white")
            wins += won
            points += value if won else -value
        out.append((wins, points))
        if progress is not None:
            progress(out)
    return out


def paired_interval(values) -> tuple[float, float, float]:
    """Mean with a 95% interval over the pairs (each pair is one independent sample)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.959964 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def win_share(pairs) -> tuple[float, float, float]:
    """The first player's share of games won, with its 95% interval, from ``paired_match``."""
    return paired_interval([w / 2 for w, _ in pairs])


def points_per_game(pairs) -> tuple[float, float, float]:
    return paired_interval([p / 2 for _, p in pairs])
