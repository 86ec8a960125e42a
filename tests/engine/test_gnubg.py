"""Short nardy against GNU Backgammon (test-only dependency): legal plays, Position IDs, perft."""

import pytest

gnubg_nn = pytest.importorskip("gnubg_nn")
gnubg = pytest.importorskip("gnubg")

from nardy_rules import DISTINCT_ROLLS, ShortPosition, from_gnubg_id, legal_plays, other, to_gnubg_id  # noqa: E402

from .positions import perft, random_game_positions  # noqa: E402


def gnubg_board(position, mover):
    """gnubg's board: row 0 the side not on roll, row 1 the side on roll; index i = own point i+1, 24 = bar."""
    rows = []
    for color in (other(mover), mover):
        board = position.own_board(color)
        rows.append([board[q] for q in range(1, 26)])
    return rows




def test_legal_plays_match_gnubg_on_5000_positions():
    cases = random_game_positions("short", 5000, seed=2024)
    on_bar = bearing_off = 0
    for position, dice in cases:
        board = gnubg_board(position, position.turn)
        theirs = set(gnubg_nn.moves(board, *dice))
        ours = {gnubg_nn.key_of_board(gnubg_board(p.result, position.turn)) for p in legal_plays(position, dice)}
        if not ours:  # gnubg lists the unchanged position when nothing can be played
            theirs.discard(gnubg_nn.key_of_board(board))
        assert ours == theirs, (position, dice)
        on_bar += position.bar(position.turn) > 0
        bearing_off += sum(position.own_board(position.turn)[7:26]) == 0
    assert on_bar >= 500 and bearing_off >= 200  # bar and bear-off positions really are included


def test_position_ids_match_gnubg_and_round_trip():
    for position, _dice in random_game_positions("short", 1500, seed=7):
        pid = to_gnubg_id(position)
        assert pid == gnubg.positionid(gnubg_board(position, position.turn))
        assert from_gnubg_id(pid, position.turn) == position


def test_perft_short_against_gnubg():
    """Distinct positions after one and two plies over the 21 rolls, from the start."""
    start = ShortPosition.start()
    ours = [perft(start, 1), perft(start, 2)]
    assert ours == [406, 163706]
    assert ours == gnubg_perft()




def gnubg_perft():
    board = gnubg_board(ShortPosition.start(), "white")
    counts, frontier = [], [board]
    for _ in range(2):
        keys = set()
        for b in frontier:
            for roll in DISTINCT_ROLLS:
                keys.update(gnubg_nn.moves(b, *roll))
        counts.append(len(keys))
        # After a play the side that moved is row 1; the next mover is row 0: swap.
        frontier = [[list(rows[1]), list(rows[0])] for rows in map(gnubg_nn.board_from_position_key, keys)]
    return counts
