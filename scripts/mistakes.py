#!/usr/bin/env python3
"""The mistakes articles' verdicts: compute them (one command), and find candidate positions in the computer's games.

    .venv/bin/python scripts/mistakes.py compute --game short      # GNU Backgammon 2-ply, seconds
    .venv/bin/python scripts/mistakes.py compute --game long       # rollouts: about an hour per ten verdicts
    .venv/bin/python scripts/mistakes.py find --game short --seeds 1-40
    .venv/bin/python scripts/mistakes.py origin --game short --seed 17 --step 14

``compute`` reads every ``better: <play> than <play>`` line of
``docs/uz/<game>-mistakes.md`` (the source page: every language holds the same
blocks) and writes ``data/mistakes/<game>.json`` (``nardy_site.page.verdicts``):

- short nardy: GNU Backgammon's cubeless equity of the position after each play,
  for the side that played, at 2-ply (``gnubg_nn.probabilities``, test-only
  package ``gnubg-nn``);
- long nardy: a rollout of both plays, ``--games`` games each (at least 1,296),
  the same dice after both (``verdicts.rollout_game``), by the computer at
  ``verdicts.ROLLOUT_LEVEL`` on both sides (``strong``: why not ``expert``
  is said there); a verdict whose 95% interval still includes
  zero is rolled out further, 1,296 games at a time, up to ``--most`` games.
  A verdict already in the file with the same plays, seed, game count and
  weights is kept (``--force`` rolls it out again), so after a change of the
  computer's weights this one command regenerates exactly what changed.

``find`` plays seeded games of the computer (``verdicts.computer_game``: its
``beginner`` level as White against its ``strong`` level) and prints the
beginner's plays that are worse than the best by at least ``--least`` (short
nardy: GNU Backgammon, 0-ply to rank every play and 2-ply for the two compared;
long nardy: the computer's own evaluator at ``strong``), each with its seed, its
step and the position's text form, to choose the articles' positions from.

``origin`` keeps, with the verdict on a position, the game it comes from: the
record of the game of ``--seed`` up to White's play at ``--step``
(``verdicts.origin_of``); the doc tests replay it to the position. ``compute``
keeps each verdict's game.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))  # bot_opponents, next to this file (also when a test loads it by path)

from bot_opponents import gnubg_equity as equity_after  # noqa: E402

from nardy_rules import Position, legal_plays, parse_play, to_text  # noqa: E402
from nardy_rules.bot import rank_plays  # noqa: E402
from nardy_site.page import verdicts  # noqa: E402
from nardy_site.page.blocks import find_blocks  # noqa: E402

#: GNU Backgammon's look-ahead for the short-nardy verdicts (2-ply: the deepest gnubg_nn.probabilities has).
PLIES = 2
#: The computer's level that rolls out the long-nardy verdicts.
LEVEL = verdicts.ROLLOUT_LEVEL
SEED = 1
#: The level that plays against the beginner and ranks its plays in ``find``: candidates only (the verdicts are
#: decided by ``compute`` and the doc tests), so the one-ply evaluator, a few dozen times cheaper than ``expert``.
FIND_LEVEL = "strong"


# ---------------------------------------------------------------------- GNU Backgammon (short nardy)


def gnubg_equity(position: Position, dice, play: str, plies: int = PLIES) -> float:
    """GNU Backgammon's cubeless equity, for the side that plays, of the position ``play`` leads to."""
    return equity_after(position, parse_play(position, dice, play).result, plies)


# ---------------------------------------------------------------------- the page's verdicts


def page_verdicts(game: str) -> list[tuple[Position, tuple, str, str]]:
    """(position, dice, better, mistake) of every ``better:`` line of the source page, in page order."""
    path = ROOT / "docs" / "uz" / f"{game}-mistakes.md"
    out = []
    for block in find_blocks(path.read_text(encoding="utf-8"), str(path)):
        if block.value("better") is not None:
            better, mistake = block.better()
            out.append((block.position, tuple(block.dice), better, mistake))
    return out


def _rollout_chunk(args):
    text, dice, better, mistake, seed, indexes, level = args
    from nardy_rules import from_text

    return verdicts.rollout_pairs(from_text(text), dice, better, mistake, seed, indexes, level)


def rollout(position, dice, better, mistake, seed, start, count, jobs, level):
    """The pairs of games ``start .. start + count - 1``, in order, on ``jobs`` processes."""
    indexes = list(range(start, start + count))
    chunks = [indexes[k::jobs] for k in range(jobs)]
    args = [(to_text(position), dice, better, mistake, seed, chunk, level) for chunk in chunks]
    if jobs == 1:
        results = [_rollout_chunk(args[0])]
    else:
        with Pool(jobs) as pool:
            results = pool.map(_rollout_chunk, args)
    pairs = [None] * count
    for chunk, got in zip(chunks, results):
        for index, pair in zip(chunk, got):
            pairs[index - start] = pair
    return pairs


def compute(game: str, games: int, most: int, seed: int, force: bool, jobs: int) -> int:
    path = verdicts.data_path(game)
    old = {}
    if path.is_file() and not force:
        for entry in json.loads(path.read_text(encoding="utf-8"))["verdicts"]:
            old[(entry["position"], tuple(sorted(entry["dice"])), entry["better"], entry["mistake"])] = entry
    entries = []
    weights = verdicts.weights_digest(game) if game == "long" else None
    todo = page_verdicts(game)
    for done, (position, dice, better, mistake) in enumerate(todo, 1):
        entry = {"position": to_text(position), "dice": list(dice), "better": better, "mistake": mistake}
        origin = (old.get((entry["position"], tuple(sorted(dice)), better, mistake)) or {}).get("game")
        if game == "short":
            entry["gnubg"] = {"plies": PLIES, "better": round(gnubg_equity(position, dice, better), 4),
                              "mistake": round(gnubg_equity(position, dice, mistake), 4)}
            print(f"{better} than {mistake} ({dice[0]}-{dice[1]}): {entry['gnubg']}", flush=True)
            entries.append(_with_origin(entry, origin))
            continue
        kept = old.get((entry["position"], tuple(sorted(dice)), better, mistake))
        rollout_data = kept and kept.get("rollout")
        if (rollout_data and rollout_data["seed"] == seed and rollout_data["weights"] == weights
                and rollout_data["player"] == LEVEL and rollout_data["games"] >= games):
            entries.append(_with_origin(kept, origin))
            print(f"{better} than {mistake}: kept ({rollout_data['games']} games)", flush=True)
            continue
        pairs = rollout(position, dice, better, mistake, seed, 0, games, jobs, LEVEL)
        while True:
            data = verdicts.Rollout(LEVEL, seed, len(pairs), weights, tuple(pairs))
            low, high = data.interval
            print(f"{better} than {mistake}: {len(pairs)} games, difference {data.difference:+.3f} "
                  f"({low:+.3f} to {high:+.3f})", flush=True)
            if low > 0 or high < 0 or len(pairs) + verdicts.MIN_GAMES > most:
                break
            pairs += rollout(position, dice, better, mistake, seed, len(pairs), verdicts.MIN_GAMES, jobs, LEVEL)
        entry["rollout"] = {"player": LEVEL, "seed": seed, "games": len(pairs), "weights": weights,
                            "outcomes": verdicts.encode_outcomes(pairs)}
        entries.append(_with_origin(entry, origin))
        # Written after every rollout: an interrupted run keeps the verdicts it finished (kept on the next run).
        later = [old.get((to_text(p), tuple(sorted(d)), b, m)) for p, d, b, m in todo[done:]]
        write(path, game, entries + [e for e in later if e is not None])
    write(path, game, entries)
    print(f"wrote {path.relative_to(ROOT)}: {len(entries)} verdicts")
    return 0


def _with_origin(entry: dict, origin: dict | None) -> dict:
    """The entry with the game its position comes from (kept across ``compute``), if the data has one."""
    entry = {key: value for key, value in entry.items() if key != "game"}
    if origin is not None:
        entry["game"] = origin
    return entry


def keep_origin(game: str, seed: int, step: int) -> int:
    """Keep the game of ``seed`` up to ``step`` with the verdict on its position and dice."""
    path = verdicts.data_path(game)
    data = json.loads(path.read_text(encoding="utf-8"))
    origin = verdicts.origin_of(game, seed, step)
    record = origin["record"]
    from nardy_site.page.games import replay_steps

    last = replay_steps(record)[2][-1]
    found = [entry for entry in data["verdicts"] if entry["position"] == to_text(last.before)
             and sorted(entry["dice"]) == sorted(last.dice)]
    if not found:
        print(f"no verdict on {to_text(last.before)} with {last.dice[0]}-{last.dice[1]}: compute it first "
              f"(White played {last.notation})", file=sys.stderr)
        return 1
    for entry in found:
        entry["game"] = origin
    write(path, game, data["verdicts"])
    print(f"{path.relative_to(ROOT)}: the game of seed {seed}, step {step} ({last.notation}) kept with "
          f"{len(found)} verdict(s)")
    return 0


def write(path, game: str, entries) -> None:
    """The data file: one key a line, each verdict's game on one line (a record is a few hundred actions)."""
    games = {}
    shown = []
    for index, entry in enumerate(entries):
        if "game" in entry:
            games[f"@game {index}@"] = json.dumps(entry["game"], ensure_ascii=False, separators=(",", ":"))
            entry = {**entry, "game": f"@game {index}@"}
        shown.append(entry)
    data = {"format": verdicts.FORMAT, "version": verdicts.VERSION, "variant": game, "verdicts": shown}
    text = json.dumps(data, ensure_ascii=False, indent=1)
    for key, value in games.items():
        text = text.replace(json.dumps(key), value)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")


# ---------------------------------------------------------------------- candidates


def find(game: str, seeds: range, least: float) -> int:
    for seed in seeds:
        for step, position, dice, play, _record in verdicts.computer_game(game, seed):
            if position.turn == "white" and play is not None:
                report(game, seed, step, position, dice, play, least)
    return 0


def report(game, seed, step, position, dice, play, least):
    plays = legal_plays(position, dice)
    if len(plays) < 2:
        return
    ours = {entry[0].notation: entry[1]["equity"] for entry in rank_plays(position, dice, FIND_LEVEL)}
    if game == "short":
        zero = {candidate.notation: equity_after(position, candidate.result, 0) for candidate in plays}
        best = max(zero, key=zero.get)
        if best == play.notation:
            return
        loss = gnubg_equity(position, dice, best) - gnubg_equity(position, dice, play.notation)
    else:
        best = max(ours, key=ours.get)
        loss = ours[best] - ours[play.notation]
    if loss < least:
        return
    agree = ours[best] > ours[play.notation]
    print(f"seed {seed} step {step} {dice[0]}-{dice[1]} loss {loss:.3f} ours-agree {agree}\n"
          f"  position: {to_text(position)}\n  played:   {play.notation}\n  better:   {best}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("compute", help="write data/mistakes/<game>.json from the page's better: lines")
    one.add_argument("--game", choices=("short", "long"), required=True)
    one.add_argument("--games", type=int, default=verdicts.MIN_GAMES, help="rollout games per play (long nardy)")
    one.add_argument("--most", type=int, default=6 * verdicts.MIN_GAMES, help="the most games per play")
    one.add_argument("--seed", type=int, default=SEED)
    one.add_argument("--force", action="store_true", help="roll out every verdict again")
    one.add_argument("--jobs", type=int, default=1)
    two = sub.add_parser("find", help="candidate mistakes from the computer's games")
    two.add_argument("--game", choices=("short", "long"), required=True)
    two.add_argument("--seeds", default="1-20", help="A-B")
    two.add_argument("--least", type=float, default=0.08)
    three = sub.add_parser("origin", help="keep the game a verdict's position comes from with the verdict")
    three.add_argument("--game", choices=("short", "long"), required=True)
    three.add_argument("--seed", type=int, required=True)
    three.add_argument("--step", type=int, required=True)
    args = parser.parse_args(argv)
    if args.command == "origin":
        return keep_origin(args.game, args.seed, args.step)
    if args.command == "compute":
        if args.games < verdicts.MIN_GAMES:
            parser.error(f"--games: at least {verdicts.MIN_GAMES}")
        return compute(args.game, args.games, args.most, args.seed, args.force, args.jobs)
    low, high = (int(n) for n in args.seeds.split("-"))
    return find(args.game, range(low, high + 1), args.least)


if __name__ == "__main__":
    sys.exit(main())
