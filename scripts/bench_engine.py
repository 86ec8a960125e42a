#!/usr/bin/env python3
"""Engine speed: legal_plays against GNU Backgammon's C move generator, same run, same cases.

    .venv/bin/python scripts/bench_engine.py [--cases 3000] [--repeat 5]

One fixed list of (position, dice) cases per game, taken from random games
(seeded, so every run measures the same list). Prints calls per second for
``nardy_rules.legal_plays`` on short and long nardy and for ``gnubg_nn.moves``
on the short cases, and the ratios dev/benchmarks.md records. Best of ``--repeat``
timed passes, to keep a busy machine's noise out. Goals: short within 20x of
gnubg; long at least as many calls per second as short.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nardy_rules import legal_plays, other
from tests.engine.positions import random_game_positions


def rate(call, items, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            call(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import gnubg_nn

    short, long = random_game_positions("short", args.cases, 7), random_game_positions("long", args.cases, 7)

    def board(position):
        rows = []
        for color in (other(position.turn), position.turn):
            own = position.own_board(color)
            rows.append([own[q] for q in range(1, 26)])
        return rows

    gnubg_cases = [(board(p), d) for p, d in short]
    gnubg = rate(lambda c: gnubg_nn.moves(c[0], c[1][0], c[1][1]), gnubg_cases, args.repeat)
    ours_short = rate(lambda c: legal_plays(*c), short, args.repeat)
    ours_long = rate(lambda c: legal_plays(*c), long, args.repeat)
    print(f"machine: {platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    print(f"cases: {len(short)} short, {len(long)} long (random games, seed 7); best of {args.repeat} passes")
    print(f"gnubg_nn.moves (short): {gnubg:10.0f} calls/s")
    print(f"legal_plays short:      {ours_short:10.0f} calls/s")
    print(f"legal_plays long:       {ours_long:10.0f} calls/s")
    print(f"gnubg / short:          {gnubg / ours_short:10.1f} x slower than gnubg (goal: at most 20)")
    print(f"long / short:           {ours_long / ours_short:10.2f} (goal: at least 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
