#!/usr/bin/env python3
"""The computer opponent's strength and speed (a benchmark, not a test).

    nice -n 10 .venv/bin/python scripts/bench_bot.py              # every pairing and the timing (dev/benchmarks.md)
    nice -n 10 .venv/bin/python scripts/bench_bot.py --short-pairs 50 --long-pairs 25 --timing 40   # quick
    ... --pairings pubeval "long: strong"                         # only the pairings whose label matches
    ... --reference-weights DIR    # also each game's strongest level against `strong` with DIR/<game>.json

Strength: games with paired dice (each dice sequence played twice, seats
swapped, so luck cancels); each figure is the first player's share of games
won with a 95% interval over the pairs (each pair one independent sample), and
its points per game.

- short nardy, cubeless single games: ``strong`` and ``expert`` against
  Tesauro's pubeval and against GNU Backgammon's 0-ply network (test-only
  package gnubg-nn), plus, as the harness's own check, gnubg 0-ply against
  pubeval (about 72%, PITFALLS.md);
- long nardy: each level against the one below and against the "rearmost
  checker first" player;
- with ``--reference-weights DIR``: each game's strongest level against
  ``strong`` playing from other weights files (``DIR/short.json``,
  ``DIR/long.json``), say the ones shipped before a retraining.

Speed: time per decision (median, 99th percentile and maximum; wall and CPU time) of each level and game on the
same positions, in CPython and in Pyodide (Node.js with the npm package and the
engine archive the site ships, ``nardy_site.app.engine_archive``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bot_opponents import (  # noqa: E402
    gnubg_player,
    paired_match,
    play_game,
    points_per_game,
    pubeval_player,
    rearmost_player,
    win_share,
)

from nardy_rules.bot import LEVELS, STRONGEST, Player, load  # noqa: E402
from nardy_site.app import engine_archive  # noqa: E402

PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ORDER = list(LEVELS)  # weakest first


def fixed(player):
    return lambda _game_number: player


def level_player(level: str, base_seed: int, network=None):
    return lambda game_number: Player(level, seed=base_seed * 100_003 + game_number, network=network)


def load_average() -> str:
    """The machine's load average (1, 5 and 15 minutes): timings and run times depend on it."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def report(label: str, pairs, started: float) -> dict:
    share, lo, hi = win_share(pairs)
    ppg, plo, phi = points_per_game(pairs)
    row = {"pairing": label, "games": 2 * len(pairs), "wins": round(share, 4), "wins_95": [round(lo, 4), round(hi, 4)],
           "points_per_game": round(ppg, 3), "points_95": [round(plo, 3), round(phi, 3)],
           "seconds": round(time.time() - started), "load": load_average()}
    print(f"| {label} | {row['games']} | {100 * share:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | "
          f"{ppg:+.3f} [{plo:+.3f}, {phi:+.3f}] | {row['seconds']} s | {row['load']} |", flush=True)
    return row


def wanted(args, label: str) -> bool:
    return not args.pairings or any(part in label for part in args.pairings)


def progress(label: str, every: int):
    """Print the running figure to standard error every ``every`` pairs (a long run can be read as it goes)."""
    def show(pairs):
        if len(pairs) % every == 0:
            share, lo, hi = win_share(pairs)
            print(f"  {label}: {2 * len(pairs)} games, {100 * share:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]",
                  file=sys.stderr, flush=True)
    return show


def strength(args) -> list[dict]:
    rows = []
    print("| pairing (first player's result) | games | games won, 95% interval | points per game | time | load |")
    print("|---|---|---|---|---|---|", flush=True)
    # Only the games that are played: a reference file of an earlier encoding (the first stage's short.json
    # is short-v1) need not load when its game is not.
    reference = {game: load(game, args.reference_weights / f"{game}.json")
                 for game, pairs in (("short", args.short_pairs), ("long", args.long_pairs))
                 if pairs} if args.reference_weights else {}
    if args.short_pairs:
        pairings = []
        for level in ("strong", STRONGEST):
            pairings += [(f"short: {level} vs pubeval", level_player(level, 1), fixed(pubeval_player)),
                         (f"short: {level} vs gnubg 0-ply", level_player(level, 2), fixed(gnubg_player))]
        if reference:
            pairings.append((f"short: {STRONGEST} vs strong (reference weights)", level_player(STRONGEST, 6),
                             level_player("strong", 7, reference["short"])))
        if args.check_harness:
            pairings.append(("short: gnubg 0-ply vs pubeval (harness check)", fixed(gnubg_player),
                             fixed(pubeval_player)))
        for label, first, second in pairings:
            if wanted(args, label):
                started = time.time()
                rows.append(report(label, paired_match("short", first, second, args.short_pairs, args.seed,
                                                       progress(label, args.progress)), started))
    if args.long_pairs:
        pairings = []
        for lower, upper in itertools.pairwise(ORDER):
            pairings.append((f"long: {upper} vs {lower}", level_player(upper, 3), level_player(lower, 4)))
        for level in ORDER:
            pairings.append((f"long: {level} vs rearmost-first", level_player(level, 5), fixed(rearmost_player)))
        if reference:
            pairings.append((f"long: {STRONGEST} vs strong (reference weights)", level_player(STRONGEST, 6),
                             level_player("strong", 7, reference["long"])))
        for label, first, second in pairings:
            if wanted(args, label):
                started = time.time()
                rows.append(report(label, paired_match("long", first, second, args.long_pairs, args.seed,
                                                       progress(label, args.progress)), started))
    return rows


def timing_cases(count: int, seed: int) -> dict:
    """(position, dice) of ``count`` decisions per game from strong-against-club games (seeded)."""
    import random

    cases = {}
    for game in ("short", "long"):
        found = []
        number = 0
        while len(found) < count:
            def record(position, dice, play, found=found):
                if play is not None and len(found) < count:
                    found.append({"position": position.to_json(), "dice": list(dice)})
            play_game(game, Player("strong"), Player("club", seed=number), random.Random(seed + number), record)
            number += 1
        cases[game] = found
    return cases


#: The two clocks every timing reads: wall time, and the CPU time of the process (in Pyodide, Node.js's
#: ``process.cpuUsage()``: Python's ``process_time`` is wall time there). The CPU time is what a decision
#: costs with a core to itself: on this shared machine the wall time also holds other engineers' work.
CLOCKS = """
import sys, time

if sys.platform == "emscripten":
    from js import process

    def cpu_seconds():
        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
else:
    cpu_seconds = time.process_time
"""

TIMING_CODE = CLOCKS + """
import json, math, statistics
from nardy_rules import Position
from nardy_rules.bot import LEVELS, Player, load

def figures(times):
    times = sorted(times)
    return [statistics.median(times), times[max(0, math.ceil(0.99 * len(times)) - 1)], times[-1]]

def timing(cases):
    out = {}
    for game, items in cases.items():
        load(game)  # the weights are read and checked once, before the clock runs
        for level in LEVELS:
            player = Player(level, seed=1)
            wall, cpu = [], []
            for item in items:
                position = Position.from_json(item["position"])
                start, start_cpu = time.perf_counter(), cpu_seconds()
                player(position, tuple(item["dice"]))
                cpu.append(1000 * (cpu_seconds() - start_cpu))
                wall.append(1000 * (time.perf_counter() - start))
            out[f"{game} {level}"] = {"wall": figures(wall), "cpu": figures(cpu)}
    return out
"""


def cpython_timing(cases: dict) -> dict:
    scope: dict = {}
    exec(TIMING_CODE, scope)
    return scope["timing"](cases)


def pyodide_timing(cases: dict, code: str = TIMING_CODE, timeout: int = 3600):
    """``timing(cases)`` of ``code`` run in Pyodide (Node.js) with the engine archive; None without Pyodide."""
    if not (PYODIDE / "pyodide.mjs").exists() or not shutil.which("node"):
        print("Pyodide timing skipped: needs node and node_modules/pyodide (scripts/setup)", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in PYODIDE_FILES:
            shutil.copy(PYODIDE / name, folder / name)
        archive = engine_archive.build(folder / "nardy_rules.zip")  # the shipped archive
        (folder / "cases.json").write_text(json.dumps(cases))
        (folder / "timing.py").write_text(code)
        done = subprocess.run(["node", str(ROOT / "scripts" / "bench_bot_pyodide.mjs"), str(folder), str(archive)],
                              capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise SystemExit(f"Pyodide timing failed: {done.stderr[-2000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def speed(args) -> dict:
    cases = timing_cases(args.timing, args.seed)
    out = {"cpython": cpython_timing(cases), "load": load_average()}
    if not args.no_pyodide:
        out["pyodide"] = pyodide_timing(cases)
    out["load after"] = load_average()
    print(f"\nTime per decision, ms, median / 99th percentile / maximum over {args.timing} decisions per game, "
          f"wall time and the process's CPU time (CPython {platform.python_version()}; load average "
          f"{out['load']} before, {out['load after']} after):\n")
    print("| game, level | CPython wall | CPython CPU | Pyodide wall | Pyodide CPU |")
    print("|---|---|---|---|---|")
    for key, figures in out["cpython"].items():
        py = (out.get("pyodide") or {}).get(key)
        cells = [figures["wall"], figures["cpu"]] + ([py["wall"], py["cpu"]] if py else [None, None])
        print(f"| {key} | " + " | ".join(" / ".join(f"{v:.1f}" for v in cell) if cell else "-" for cell in cells)
              + " |")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short-pairs", type=int, default=1000, help="dice sequences per short pairing (x2 games)")
    parser.add_argument("--long-pairs", type=int, default=500, help="dice sequences per long pairing (x2 games)")
    parser.add_argument("--timing", type=int, default=200, help="decisions per game timed per level")
    parser.add_argument("--check-harness", action="store_true", help="also gnubg 0-ply vs pubeval")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--pairings", nargs="*", help="run only the pairings whose label contains one of these")
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--progress", type=int, default=100, metavar="PAIRS",
                        help="print the running figure to standard error every PAIRS pairs")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument("--reference-weights", type=Path, metavar="DIR",
                        help="a folder with short.json and long.json: adds the strongest level against strong "
                             "playing from these weights (the ones shipped before a retraining, say)")
    args = parser.parse_args()
    started = time.time()
    out = {"strength": [] if args.skip_strength else strength(args)}
    if args.timing:
        out["speed"] = speed(args)
    print(f"\ntotal {time.time() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
