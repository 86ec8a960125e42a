#!/usr/bin/env python3
"""Write the ``.mat`` files GNU Backgammon itself exports, for the import tests (tests/engine/data/).

    .venv/bin/python scripts/make_gnubg_mats.py [--out tests/engine/data] [--only gnubg-1pt.mat]

GNU Backgammon (the test-only ``gnubg`` package) keeps the match and writes
the file (``export match mat``); this script only decides for both players,
as a person at its command line would: the computer's plays at the
``club`` and ``beginner`` levels (so the analysis has errors to find),
doubles, takes and passes, and resignations worth what the rules give. Each
match is seeded (GNU Backgammon's dice and the levels' errors): the same
command writes the same moves (the files' ``EventDate`` line is the day's).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nardy_rules import ShortPosition  # noqa: E402
from nardy_rules.bot import Player, estimate  # noqa: E402
from nardy_rules.scoring import resign_result  # noqa: E402

#: (file name, match length, gnubg dice seed, our seed, what the players do besides moving)
MATCHES = (
    # A single game to one point: the play page's browser test imports and analyses it (test_play_analysis.py).
    ("gnubg-1pt.mat", 1, 11, 11, {"levels": ("club", "beginner"), "double": 0.0, "resign": False}),
    ("gnubg-3pt.mat", 3, 47, 47, {"levels": ("club", "beginner"), "double": 0.25, "resign": False}),
    ("gnubg-5pt-resign.mat", 5, 44, 44, {"levels": ("beginner", "club"), "double": 0.2, "resign": True}),
    ("gnubg-7pt.mat", 7, 37, 3, {"levels": ("club", "club"), "double": 0.15, "resign": True}),
)
RESIGN_WORDS = {"single": "normal", "mars": "gammon", "koks": "backgammon"}


def position_from(board) -> ShortPosition:
    """gnubg's board (row 0: the side not on roll, row 1: the side on roll; index 24 = bar) as White on roll."""
    def own(row):
        return (15 - sum(row),) + tuple(row[:24]) + (row[24],)
    return ShortPosition(own(board[1]), own(board[0]), "white")


def play_match(gnubg, length: int, dice_seed: int, seed: int, habits: dict) -> None:
    rng = random.Random(seed)
    players = [Player(level, seed=seed + n) for n, level in enumerate(habits["levels"])]
    for command in ("set threads 1", "set display off", "set sound enable off", "set player 0 human",
                    "set player 1 human", "set player 0 name Ali", "set player 1 name Vali", f"set seed {dice_seed}",
                    f"new match {length}"):
        gnubg.command(command)
    for _step in range(20_000):
        info = gnubg.posinfo()
        if info["gamestate"] != 1:
            gnubg.command("new game")
            if gnubg.posinfo()["gamestate"] != 1:
                return  # the match is over
            continue
        if info["resigned"]:
            gnubg.command("accept")
            continue
        if info["doubled"]:
            taker = position_from(gnubg.board())  # the doubler is still on roll
            gnubg.command("take" if estimate(taker)["win"] < 0.78 else "drop")
            continue
        position = position_from(gnubg.board())
        chances = estimate(position)
        if info["dice"] in (None, (0, 0)):
            if habits["resign"] and chances["equity"] < -1.5 and rng.random() < 0.3:
                kind = resign_result(position, "white").kind
                gnubg.command(f"resign {RESIGN_WORDS[kind]}")
                continue
            if chances["win"] > 0.68 and rng.random() < habits["double"]:
                gnubg.command("double")
                if gnubg.posinfo()["doubled"]:
                    continue
            gnubg.command("roll")
            continue
        play = players[info["turn"]](position, info["dice"])
        if play is None:
            continue  # gnubg passes a roll that cannot be played by itself
        words = [f"{'bar' if s == 25 else s}/{'off' if t == 0 else t}" for s, t, _die, _hit in play.steps]
        gnubg.command("move " + " ".join(words))
    raise SystemExit("the match did not end")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "engine" / "data")
    parser.add_argument("--only", help="write this file of MATCHES only")
    args = parser.parse_args()
    import gnubg  # test-only (requirements.txt): the engine never imports it

    args.out.mkdir(parents=True, exist_ok=True)
    for name, length, dice_seed, seed, habits in MATCHES:
        if args.only and name != args.only:
            continue
        play_match(gnubg, length, dice_seed, seed, habits)
        gnubg.command(f"export match mat {args.out / name}")
        print(f"wrote {args.out / name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
