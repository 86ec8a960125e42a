#!/usr/bin/env python3
"""The match analysis against GNU Backgammon, and its speed (a benchmark, not a test).

    nice -n 10 .venv/bin/python scripts/bench_analysis.py                  # 100 games, 2-ply on, Pyodide timing
    .venv/bin/python scripts/bench_analysis.py --games 10 --no-2ply --no-pyodide   # quick

Agreement: seeded single games of short nardy between the computer's ``club``
and ``beginner`` levels (players who err, so there is something to find),
every unforced play rated by ``nardy_rules.analysis`` and by GNU Backgammon
(test-only ``gnubg-nn``): its 0-ply evaluation of every legal play, and its
2-ply evaluation of the plays its 0-ply ranks best (at most ``--2ply-top``)
and of the play made. Both sides' equity is cubeless (mars = gammon, koks =
backgammon). Printed: the share of plays where the analysis's best play is
GNU Backgammon's (the same resulting position), and, of the plays the
analysis marks as errors or blunders (equity lost over 0.08) and as blunders
(over 0.16), the share GNU Backgammon rates at least an error too.

Speed: the GNU Backgammon-written 7-point match of the tests
(``tests/engine/data/gnubg-7pt.mat``) analysed whole, time per decision and
per play (wall time and the process's CPU time), in CPython and in Pyodide (Node.js with the npm package the site
ships, the engine archive the site ships).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_bot import CLOCKS, load_average, pyodide_timing  # noqa: E402
from bot_opponents import gnubg_board, play_game  # noqa: E402

from nardy_rules import legal_plays  # noqa: E402
from nardy_rules.analysis import Decision, rate  # noqa: E402
from nardy_rules.bot import Player  # noqa: E402
from nardy_rules.scoring import Cube  # noqa: E402

MATCH = ROOT / "tests" / "engine" / "data" / "gnubg-7pt.mat"
ERROR, BLUNDER = 0.08, 0.16


def gnubg_equity(after, plies: int) -> float:
    """The mover's cubeless equity after its play, by GNU Backgammon at ``plies`` (the opponent on roll)."""
    import gnubg_nn

    win, win_g, win_bg, lose_g, lose_bg = gnubg_nn.probabilities(gnubg_board(after), plies)
    return -(2 * win - 1 + win_g - lose_g + win_bg - lose_bg)


def games(count: int, seed: int):
    """(position, dice, play made) of every unforced play in ``count`` seeded club-against-beginner games."""
    found = []
    for number in range(count):
        def record(position, dice, play):
            if play is not None and len(legal_plays(position, dice)) > 1:
                found.append((position, dice, play))
        play_game("short", Player("club", seed=seed + 2 * number), Player("beginner", seed=seed + 2 * number + 1),
                  random.Random(seed * 7919 + number), record)
    return found


def share(hits: int, total: int) -> str:
    return f"{100 * hits / total:.1f}% ({hits} of {total})" if total else "- (none)"


def agreement(args) -> dict:
    plays = games(args.games, args.seed)
    rows = []
    started = time.time()
    for number, (position, dice, played) in enumerate(plays):
        ours = rate(Decision(index=number, game=1, sheet=0, kind="play", side=position.turn, position=position,
                             cube=Cube(), match=None, dice=dice, play=played))
        legal = legal_plays(position, dice)
        zero = {play: gnubg_equity(play.result, 0) for play in legal}
        by_zero = sorted(legal, key=lambda play: -zero[play])
        row = {"lost": ours["lost"], "same_0": ours["best"] == by_zero[0].notation or
               next(p for p in legal if p.notation == ours["best"]).result == by_zero[0].result,
               "gnubg_lost_0": zero[by_zero[0]] - zero[played]}
        if args.two_ply:
            top = by_zero[: args.two_ply_top]
            considered = top if played in top else [*top, played]
            two = {play: gnubg_equity(play.result, 2) for play in considered}
            best_two = max(considered, key=lambda play: two[play])
            ours_best = next(p for p in legal if p.notation == ours["best"])
            row["same_2"] = ours_best.result == best_two.result
            row["gnubg_lost_2"] = two[best_two] - two[played]
        rows.append(row)
        if (number + 1) % 200 == 0:
            print(f"  {number + 1} of {len(plays)} plays, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
    out = {"plays": len(rows), "games": args.games, "seconds": round(time.time() - started), "load": load_average()}
    plies = ["0"] + (["2"] if args.two_ply else [])
    print(f"\nAgreement with GNU Backgammon over {len(rows)} unforced plays of {args.games} games "
          f"({out['seconds']} s, load {out['load']}):\n")
    print("| | GNU Backgammon 0-ply | GNU Backgammon 2-ply |")
    print("|---|---|---|")
    lines = {"best play the same": [], "analysis's errors and blunders that gnubg rates at least an error": [],
             "analysis's blunders that gnubg rates at least an error": [],
             "gnubg's errors and blunders the analysis marks at least an error": []}
    for ply in plies:
        same = sum(row[f"same_{ply}"] for row in rows)
        errors = [row for row in rows if row["lost"] > ERROR]
        blunders = [row for row in rows if row["lost"] > BLUNDER]
        theirs = [row for row in rows if row[f"gnubg_lost_{ply}"] > ERROR]
        figures = [(same, len(rows)), (sum(row[f"gnubg_lost_{ply}"] > ERROR for row in errors), len(errors)),
                   (sum(row[f"gnubg_lost_{ply}"] > ERROR for row in blunders), len(blunders)),
                   (sum(row["lost"] > ERROR for row in theirs), len(theirs))]
        for (label, cells), (hits, total) in zip(lines.items(), figures):
            cells.append(share(hits, total))
            out[f"{label} ({ply}-ply)"] = [hits, total]
    for label, cells in lines.items():
        print(f"| {label} | {' | '.join(cells)} |" + ("" if len(cells) == 2 else " - |"))
    return out


TIMING_CODE = CLOCKS + """
import json
from nardy_rules.analysis import decisions, rate

def timing(cases):
    record = cases["record"]
    found = decisions(record)
    times = []
    for decision in found:
        start, start_cpu = time.perf_counter(), cpu_seconds()
        rate(decision)
        times.append([decision.kind, 1000 * (time.perf_counter() - start), 1000 * (cpu_seconds() - start_cpu)])
    return times
"""


def summarise(label: str, times) -> dict:
    """One row per clock: wall time, and the process's CPU time (what a decision costs with a core to itself)."""
    rows = {}
    for clock, column in (("wall", 1), ("CPU", 2)):
        every = [entry[column] for entry in times]
        plays = [entry[column] for entry in times if entry[0] == "play"]
        row = rows[clock] = {
            "decisions": len(every), "plays": len(plays), "total s": round(sum(every) / 1000, 1),
            "per decision ms": round(statistics.mean(every), 1), "per play ms": round(statistics.mean(plays), 1),
            "median ms": round(statistics.median(every), 1), "max ms": round(max(every), 1)}
        print(f"| {label}, {clock} | {row['decisions']} ({row['plays']} plays) | {row['total s']} s | "
              f"{row['per decision ms']} ms | {row['per play ms']} ms | {row['median ms']} ms | {row['max ms']} ms |")
    return rows


def speed(args) -> dict:
    from nardy_rules.matread import read_match_text

    record = read_match_text(MATCH.read_text(encoding="utf-8"))
    cases = {"record": record}
    scope: dict = {}
    exec(TIMING_CODE, scope)
    print(f"\nAnalysis of {MATCH.relative_to(ROOT)} (7-point match), load {load_average()} before "
          f"(CPython {platform.python_version()}):\n")
    print("| where | decisions | in all | per decision | per play | median | max |")
    print("|---|---|---|---|---|---|---|")
    out = {"cpython": summarise("CPython", scope["timing"](cases))}
    if not args.no_pyodide:
        times = pyodide_timing(cases, TIMING_CODE, timeout=7200)
        if times is not None:
            out["pyodide"] = summarise("Pyodide (Node.js)", times)
    print(f"\nload {load_average()} after")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--no-2ply", dest="two_ply", action="store_false", help="GNU Backgammon 0-ply only")
    parser.add_argument("--2ply-top", dest="two_ply_top", type=int, default=5,
                        help="plays GNU Backgammon values at 2-ply: its 0-ply best ones, and the play made")
    parser.add_argument("--no-agreement", action="store_true")
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    out = {}
    if not args.no_agreement:
        out["agreement"] = agreement(args)
    if not args.no_speed:
        out["speed"] = speed(args)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
