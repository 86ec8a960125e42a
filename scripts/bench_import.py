#!/usr/bin/env python3
"""Reading real match files: the share the project reads of those GNU Backgammon reads whole (a benchmark).

    nice -n 10 .venv/bin/python scripts/bench_import.py                    # the corpus in /work/corpus
    .venv/bin/python scripts/bench_import.py --corpus DIR --own 200 --list  # another corpus; every refusal named

The corpus is a folder with one sub-folder per source (``galaxy/``,
``studio/``, ...; its README.md names each one's origin), each holding match
texts (``.mat``, ``.txt``). For every file:

- **GNU Backgammon** (test-only ``gnubg``, its ``import mat``, in worker
  processes) reads it *whole* when it prints no warning and its match holds
  every game the file writes, each one but the last with a winner;
- **the project** (``nardy_rules.matread.read_match_text``) reads it, and
  *agrees* when its record has as many games, each with the winner and the
  points GNU Backgammon gives (the last game's result when it has one).

Printed per source and overall: files, those GNU Backgammon reads whole, the
project's share of those (the goal: 98%) and how many of them agree, and
the files the project reads that GNU Backgammon does not read whole
(``beyond``); the
project's refusals by code (``--list``: each file and message). Then the
project's own exports: seeded random matches of both games (cube actions,
resignations of every kind by the side to act, Crawford and post-Crawford
games), exported and read back action for action (the goal: 100%).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nardy_rules.game import replay  # noqa: E402
from nardy_rules.matfile import export_text  # noqa: E402
from nardy_rules.matread import MatReadError, read_match_text  # noqa: E402

CORPUS = Path("/work/corpus")
#: The corpus's sources (its README.md names each one's repository, commit and path).
SOURCES = ("fibs", "galaxy", "studio", "gnubg", "bgmatchformat")
#: GNU Backgammon's readings, kept beside the corpus (by path, size and time): a second run reads them back.
CACHE = ".gnubg-readings.json"
SUFFIXES = (".mat", ".txt")
#: Files per GNU Backgammon worker; a worker that hangs is ended and its files tried one by one.
BATCH = 100
TIMEOUT = 300

# GNU Backgammon's reading of each file named on the command line: a JSON line per file.
WORKER = r"""
import json, os, sys, tempfile
import gnubg
for path in sys.argv[1:]:
    sys.stdout.flush()
    with tempfile.TemporaryFile() as said:
        saved = os.dup(1)
        os.dup2(said.fileno(), 1)
        try:
            gnubg.command("import mat " + path)
            match = gnubg.match() or {}
        except Exception as error:  # gnubg raises on files it refuses outright
            match = {"error": str(error)}
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        said.seek(0)
        text = said.read().decode("utf-8", "replace")
    games = [{"winner": g["info"].get("winner"), "points": g["info"].get("points-won"),
              "moves": sum(1 for a in g["game"] if a["action"] == "move")} for g in match.get("games", [])]
    warned = "WARNING" in text or "Unrecognised" in text or "not a valid" in text or "error" in match
    print("READ " + json.dumps({"path": path, "games": games, "warned": warned}), flush=True)
"""


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def files_of(corpus: Path, names) -> dict[str, list[Path]]:
    """Source name -> its match files, sorted."""
    sources = {}
    for name in names:
        folder = corpus / name
        files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
        if files:
            sources[name] = files
    return sources


def cached_gnubg_read(corpus: Path, paths: list[Path]) -> dict[Path, dict]:
    """:func:`gnubg_read`, with the readings of files unchanged since the last run taken from the cache."""
    cache_path = corpus / CACHE
    cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}

    def key(path: Path) -> str:
        stat = path.stat()
        return f"{path}|{stat.st_size}|{int(stat.st_mtime)}"

    out = {path: cache[key(path)] for path in paths if key(path) in cache}
    fresh = gnubg_read([path for path in paths if path not in out])
    out.update(fresh)
    cache.update({key(path): reading for path, reading in fresh.items()})
    with contextlib.suppress(OSError):  # a corpus that cannot be written: no cache
        cache_path.write_text(json.dumps(cache))
    return out


def game_count(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip().lower().startswith("game ")
               and line.strip()[5:].strip().isdigit())


def gnubg_read(paths: list[Path]) -> dict[Path, dict]:
    """GNU Backgammon's reading of each file (``games``, ``warned``), in batches of worker processes."""
    out: dict[Path, dict] = {}
    pending = list(paths)
    while pending:
        batch, pending = pending[:BATCH], pending[BATCH:]
        try:
            run = subprocess.run([sys.executable, "-c", WORKER, *map(str, batch)], capture_output=True, text=True,
                                 timeout=TIMEOUT if len(batch) > 1 else 60, stdin=subprocess.DEVNULL)
            lines = run.stdout.splitlines()
        except subprocess.TimeoutExpired as expired:
            lines = (expired.stdout or b"").decode("utf-8", "replace").splitlines() if isinstance(
                expired.stdout, bytes) else (expired.stdout or "").splitlines()
        for line in lines:
            if line.startswith("READ "):
                found = json.loads(line[5:])
                out[Path(found["path"])] = found
        missing = [p for p in batch if p not in out]
        if missing and len(batch) > 1:
            pending = missing + pending if len(missing) < len(batch) else pending
            for path in missing if len(missing) == len(batch) else []:
                out.update(gnubg_read([path]) or {path: {"games": [], "warned": True, "hung": True}})
        elif missing:
            out[missing[0]] = {"games": [], "warned": True, "hung": True}
    return out


def whole(text: str, reading: dict) -> bool:
    """GNU Backgammon read every game of the text without a warning, each but the last to a winner."""
    games = reading["games"]
    if reading["warned"] or not games or len(games) != game_count(text):
        return False
    return all(game["winner"] is not None for game in games[:-1])


def agrees(record: dict, reading: dict) -> bool:
    """The project's record gives the games GNU Backgammon gives: as many, the same winners and points."""
    state = replay(record)
    ours = [(r.winner, r.points) for r in state.results]
    theirs = [({"X": "white", "O": "black"}[g["winner"]], g["points"]) for g in reading["games"]
              if g["winner"] is not None]
    return len(record["games"]) == len(reading["games"]) and ours == theirs


def own_exports(count: int) -> tuple[int, int, list[str]]:
    """Seeded random matches of both games, exported and read back: (matches, read back the same, failures).
    The same player and comparison as the round-trip property test (tests/engine/test_roundtrip.py): per
    game, the plays (side, dice, the position after), cube actions, accepted resignations and the result."""
    sys.path.insert(0, str(ROOT))
    from nardy_rules.game import MatchPlay
    from nardy_rules.game_record import read_record
    from tests.engine.test_roundtrip import random_play, written

    same, failures = 0, []
    for seed in range(count):
        variant = "short" if seed % 2 == 0 else "long"
        length = (0, 1, 3, 5, 7, 11)[seed % 6]
        play = random_play(variant, length, seed)
        text = export_text(play.record().to_json())["text"]
        try:
            back = MatchPlay.from_record(read_record(read_match_text(text)))
        except MatReadError as error:
            failures.append(f"{variant} {length} seed {seed}: {error}")
            continue
        if written(back) == written(play):
            same += 1
        else:
            failures.append(f"{variant} {length} seed {seed}: read back differently")
    return count, same, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--sources", nargs="*", default=SOURCES, help="the corpus's folders to read")
    parser.add_argument("--own", type=int, default=100, help="random matches exported and read back")
    parser.add_argument("--list", action="store_true", help="name every refused file with its message")
    args = parser.parse_args()
    started = time.time()
    print(f"# bench_import  {time.strftime('%Y-%m-%d %H:%M')}  load {load_average()}  "
          f"Python {platform.python_version()}  corpus {args.corpus}")
    sources = files_of(args.corpus, args.sources)
    readings = cached_gnubg_read(args.corpus, [path for files in sources.values() for path in files])
    totals = Counter()
    refusals: dict[str, list[str]] = defaultdict(list)
    print(f"{'source':<16}{'files':>7}{'gnubg whole':>13}{'project reads':>15}{'share':>8}{'agrees':>8}"
          f"{'beyond':>8}")
    for name, files in sources.items():
        counts = Counter(files=len(files))
        for path in files:
            text = path.read_text(encoding="utf-8", errors="replace")
            if not whole(text, readings.get(path, {"games": [], "warned": True})):
                try:  # read by the project where GNU Backgammon is not
                    read_match_text(text)
                    counts["beyond"] += 1
                except MatReadError:
                    pass
                continue
            counts["whole"] += 1
            try:
                record = read_match_text(text)
            except MatReadError as error:
                refusals[error.code].append(f"{name}/{path.name}: {error}")
                continue
            counts["reads"] += 1
            counts["agrees"] += agrees(record, readings[path])
        totals.update(counts)
        share = counts["reads"] / counts["whole"] if counts["whole"] else 0
        print(f"{name:<16}{counts['files']:>7}{counts['whole']:>13}{counts['reads']:>15}{share:>8.1%}"
              f"{counts['agrees']:>8}{counts['beyond']:>8}")
    share = totals["reads"] / totals["whole"] if totals["whole"] else 0
    print(f"{'all':<16}{totals['files']:>7}{totals['whole']:>13}{totals['reads']:>15}{share:>8.1%}"
          f"{totals['agrees']:>8}{totals['beyond']:>8}")
    print("refusals of files GNU Backgammon reads whole, by code:")
    for code, items in sorted(refusals.items(), key=lambda kv: -len(kv[1])):
        print(f"  {code:<16}{len(items):>5}   e.g. {items[0]}")
        if args.list:
            for item in items[1:]:
                print(f"  {'':<21}   {item}")
    if args.own:
        count, same, failures = own_exports(args.own)
        print(f"own exports: {same} of {count} random matches read back play for play ({same / count:.1%})")
        for failure in failures[:20]:
            print(f"  {failure}")
    print(f"# {time.time() - started:.0f} s")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory():
        main()
