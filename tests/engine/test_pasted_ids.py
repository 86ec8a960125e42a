"""The position forms players copy out of GNU Backgammon and eXtreme Gammon, read by the one reader
(interchange.read_position_text) on the play page's forms op and the command line; the Match ID held to
GNU Backgammon's own reading of it (test-only gnubg)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from nardy_rules import ShortPosition, legal_plays
from nardy_rules.errors import InvalidPositionError
from nardy_rules.interchange import read_match_id, read_position_text, to_gnubg_id
from nardy_rules.live import handle

# GNU Backgammon's usual copy: White (its player 0) on roll with 6-4 in a 5-point match, the cube centred.
PAIR = "0PPgATDgc/ABMA:MAGzAAAAAAAE"
# Its board's two lines, as "copy position" writes them above the board.
BOARD = """ GNU Backgammon  Position ID: AAAAvneCAQAAAA
                 Match ID   : UQqgAGAAEAAE
 +13-14-15-16-17-18------19-20-21-22-23-24-+     O: lasse"""
# eXtreme Gammon's copy: the XGID line, then its board and analysis.
XG = """XGID=---BBBBAAA---Ac-bbccbAA-A-:1:1:-1:63:4:3:0:5:8

X:Player 2   O:Player 1
Score is X:3 O:4 5 pt.(s) match."""


def test_each_form_reads_with_the_side_on_roll_and_the_dice_it_carries():
    position, form, dice = read_position_text(PAIR)
    assert (position.turn, form, dice) == ("white", "gnubg", (6, 4)) and to_gnubg_id(position) == PAIR[:14]
    position, form, dice = read_position_text(BOARD)
    assert (position.turn, form, dice) == ("black", "gnubg", None) and to_gnubg_id(position) == "AAAAvneCAQAAAA"
    position, form, dice = read_position_text(XG)
    assert (position.turn, form, dice) == ("black", "xgid", (6, 3))
    # The bare Position ID says nothing of the side on roll: the caller's (White unless told).
    assert read_position_text(PAIR[:14])[0].turn == "white"
    assert read_position_text(PAIR[:14], "black")[0].turn == "black"
    assert read_position_text("Position ID: " + PAIR[:14])[1:] == ("gnubg", None)


@pytest.mark.parametrize("text", [
    "0PPgATDgc/ABMA:MAGzAAAAAAA",       # a Match ID one character short
    "0PPgATDgc/ABMA:MAGzAAAAAAAE:X",    # a third part
    "Match ID   : MAGzAAAAAAAE",         # a Match ID without its position
])
def test_a_damaged_copy_is_refused(text):
    with pytest.raises(InvalidPositionError):
        read_position_text(text)


def test_the_forms_op_reads_gnubgs_copy_with_its_turn_and_dice():
    answer = handle({"op": "forms", "position": PAIR})
    assert answer["read"] == "gnubg" and answer["dice"] == [6, 4] and answer["position"]["turn"] == "white"
    answer = handle({"op": "forms", "position": BOARD})
    assert answer["position"]["turn"] == "black" and answer["gnubg"] == "AAAAvneCAQAAAA"
    assert handle({"op": "forms", "position": XG})["dice"] == [6, 3]


def test_the_command_line_reads_gnubgs_copy():
    out = subprocess.run([sys.executable, "-m", "nardy_rules", "plays", "--position", PAIR, "--dice", "6-4"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "24/18 13/9" in out.stdout or "24/14" in out.stdout or "8/2* 6/2" in out.stdout


gnubg = pytest.importorskip("gnubg")

CHECK = """
import json, sys
import gnubg
for pair in sys.argv[1:]:
    gnubg.command("set gnubgid " + pair)
    print("ID " + json.dumps({"pair": pair, "pos": gnubg.posinfo(), "cube": gnubg.cubeinfo()}), flush=True)
"""


def test_the_match_id_reads_as_gnubg_reads_it():
    # Positions of random play with random match states, written by our encoder of the position and by
    # hand into Match IDs, then read by GNU Backgammon (its posinfo and cubeinfo) and by read_match_id.
    rng = random.Random(7)
    pairs = []
    for _ in range(12):
        position = ShortPosition.start()
        for _ply in range(rng.randint(0, 30)):
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            position = rng.choice(plays).result if plays else position.with_turn(
                "black" if position.turn == "white" else "white")
        fields = {"cube": rng.randint(0, 6), "owner": rng.choice([0, 1, 3]),
                  "on_roll": 0 if position.turn == "white" else 1, "crawford": 0, "state": 1,
                  "turn": 0 if position.turn == "white" else 1, "doubled": 0, "resigned": 0,
                  "die1": rng.randint(1, 6), "die2": rng.randint(1, 6), "length": rng.choice([3, 5, 7, 11]),
                  "score0": 0, "score1": 0}
        fields["score0"], fields["score1"] = rng.randrange(fields["length"]), rng.randrange(fields["length"])
        pairs.append(f"{to_gnubg_id(position)}:{encode_match_id(fields)}")
    out = subprocess.run([sys.executable, "-c", CHECK, *pairs], capture_output=True, text=True, timeout=120,
                         stdin=subprocess.DEVNULL)
    import json
    readings = [json.loads(line[3:]) for line in out.stdout.splitlines() if line.startswith("ID ")]
    assert len(readings) == len(pairs)
    colour = ("white", "black")
    for reading in readings:
        ours = read_match_id(reading["pair"].split(":")[1])
        pos, cube = reading["pos"], reading["cube"]
        assert ours["dice"] == tuple(pos["dice"]) and ours["on_roll"] == colour[cube["move"]]
        assert ours["cube"] == cube["cube"] and ours["length"] == cube["matchto"]
        assert (ours["score"]["white"], ours["score"]["black"]) == tuple(cube["score"])
        assert ours["owner"] == (None if cube["cubeowner"] == -1 else colour[cube["cubeowner"]])
        assert read_position_text(reading["pair"])[0].turn == ours["on_roll"]


def encode_match_id(fields: dict) -> str:
    """A Match ID written from its fields by the layout of GNU Backgammon's manual (for the test only)."""
    import base64

    widths = (("cube", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3), ("turn", 1),
              ("doubled", 1), ("resigned", 2), ("die1", 3), ("die2", 3), ("length", 15), ("score0", 15),
              ("score1", 15))
    bits = []
    for name, width in widths:
        bits += [(fields[name] >> i) & 1 for i in range(width)]
    bits += [0] * (72 - len(bits))
    key = bytes(sum(bits[8 * b + i] << i for i in range(8)) for b in range(9))
    return base64.b64encode(key).decode("ascii")
