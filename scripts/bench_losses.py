#!/usr/bin/env python3
"""Where the computer gives equity away in short nardy, by kind of position, as GNU Backgammon judges it.

    nice -n 19 .venv/bin/python scripts/bench_losses.py --games 200 --plies 1 --seed 9000
    nice -n 19 .venv/bin/python scripts/bench_losses.py --search 150      # the look-ahead's own short cuts
    nice -n 19 .venv/bin/python scripts/bench_losses.py --from-gnubg --games 150 --json new.json --paired old.json

Plays ``--games`` cubeless games of ``--level`` (default ``expert``) as
White against GNU Backgammon's 0-ply (``bot_opponents.gnubg_player``), dice
from ``Random(seed + game)``. At each of the computer's decisions with a
choice, every legal play (or, past 60 plays, the 20 the ``strong`` level
ranks best and the plays compared) is valued by GNU Backgammon at
``--plies`` (``bot_opponents.gnubg_equity``: cubeless, for the side that
plays), and three plays are charged what they give away against the best of
them: the level's, ``strong``'s (the evaluator alone) and GNU Backgammon
0-ply's own. The table sums them by gnubg's class of the position before the
play (contact, crashed, race, bear-off): where a stronger evaluator or a
deeper search would gain. The judge favours its own 0-ply choice (the same
network one ply shallower), so that column is a floor, not a rival.

``--from-gnubg`` takes the positions from GNU Backgammon's 0-ply playing
both sides instead: they do not depend on the computer's weights, so two
weights files are compared decision by decision. ``--json FILE`` writes each
decision's losses; ``--paired FILE`` (a ``--json`` file of another run over
the same positions, e.g. before a retrain) prints the mean difference of the
level's and ``strong``'s losses with a 95% interval.

``--search N`` asks instead what the look-ahead's short cuts cost
(``lookahead.py``: at most ``MAX_CANDIDATES`` plays within ``WINDOW``, the
``REPLIES_EVALUATED`` best replies per roll): on N decisions from ``strong``'s
self-play, the equity ``expert``'s choice and wider settings' give away
against a 1-ply search of up to ten plays within 0.35 with every reply
evaluated, by the project's own evaluator, and the CPU time of each.

gnubg-nn is a test-only package (requirements.txt): nothing the site
ships imports it. dev/benchmarks.md, "Where expert loses", has the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_opponents import gnubg_board, gnubg_equity, gnubg_player, play_game

from nardy_rules import legal_plays, to_text
from nardy_rules.bot import Player
from nardy_rules.bot.players import rank_plays

#: Past this many legal plays only the ``strong`` level's best :data:`SHORTLIST` (and the plays compared) are judged.
ALL_PLAYS = 60
SHORTLIST = 20


def classes() -> dict:
    import gnubg_nn

    return {gnubg_nn.c_contact: "contact", gnubg_nn.c_crashed: "crashed", gnubg_nn.c_race: "race",
            gnubg_nn.c_bearoff: "bear-off", gnubg_nn.c_over: "over"}


#: (name, MAX_CANDIDATES, WINDOW, REPLIES_EVALUATED, REPLY_BUDGET) compared by ``--search``; the first is today's.
SEARCHES = (("shipped", None, None, None, None), ("12 replies per roll", None, None, 12, None),
            ("8 plays within 0.2", 8, 0.20, None, 9000), ("8 plays within 0.2, 10 replies", 8, 0.20, 10, 9000))


def search_check(count: int, seed: int) -> None:
    """What the look-ahead's short cuts cost, against a wide 1-ply search with every reply (the module doc)."""
    from nardy_rules.bot import load
    from nardy_rules.bot import lookahead as la

    cases = []
    game = 0
    while len(cases) < count:
        def record(position, dice, play):
            if play is not None and len(cases) < count and len(legal_plays(position, dice)) > 1:
                cases.append((position, tuple(dice)))
        play_game("short", Player("strong", seed=game), Player("strong", seed=game + 1), random.Random(seed + game), record)
        game += 1
    network = load("short")
    shipped = {name: getattr(la, name) for name in ("MAX_CANDIDATES", "WINDOW", "REPLIES_EVALUATED", "REPLY_BUDGET")}

    def full(play) -> float:
        la.REPLIES_EVALUATED = 10**9
        try:
            return la.lookahead([play], network)[0]["equity"]
        finally:
            la.REPLIES_EVALUATED = shipped["REPLIES_EVALUATED"]

    losses = {name: [] for name, *_ in SEARCHES}
    times = {name: [] for name, *_ in SEARCHES}
    for position, dice in cases:
        ranked = rank_plays(position, dice, "strong", network=network)
        wide = {entry[0].notation: full(entry[0]) for entry in ranked[:10] if ranked[0][2] - entry[2] <= 0.35}
        chosen = {}
        for name, *values in SEARCHES:
            for key, value in zip(shipped, values):
                setattr(la, key, shipped[key] if value is None else value)
            started = time.process_time()
            chosen[name] = la.choose(ranked, network)[0][0]
            times[name].append(1000 * (time.process_time() - started))
        for key, value in shipped.items():
            setattr(la, key, value)
        for play in chosen.values():
            if play.notation not in wide:
                wide[play.notation] = full(play)
        best = max(wide.values())
        for name, play in chosen.items():
            losses[name].append(best - wide[play.notation])
    print(f"{count} decisions from strong's self-play (seed {seed}), against 1-ply over up to 10 plays within 0.35, "
          f"every reply evaluated\n")
    print("| look-ahead | mean loss, mEq | decisions changed | CPU time, ms: median, 99th percentile |")
    print("|---|---|---|---|")
    for name, row in losses.items():
        spent = sorted(times[name])
        print(f"| {name} | {1000 * statistics.mean(row):.2f} | {sum(loss > 1e-9 for loss in row)} of {len(row)} | "
              f"{statistics.median(spent):.0f}, {spent[max(0, int(0.99 * len(spent)) - 1)]:.0f} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=1, choices=(0, 1, 2), help="GNU Backgammon's look-ahead as judge")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--search", type=int, default=0, metavar="N", help="the look-ahead's short cuts on N decisions")
    parser.add_argument("--from-gnubg", action="store_true", help="positions from GNU Backgammon's self-play")
    parser.add_argument("--json", type=Path, help="write each decision's losses here")
    parser.add_argument("--paired", type=Path, help="a --json file of another run over the same positions")
    args = parser.parse_args(argv)
    if args.search:
        search_check(args.search, args.seed)
        return 0
    import gnubg_nn

    started = time.monotonic()
    decisions = []
    player = Player(args.level, seed=1)

    def record(position, dice, play):
        if play is not None and position.turn == "white":
            decisions.append((position, tuple(dice), None if args.from_gnubg else play))

    for game in range(args.games):
        play_game("short", gnubg_player if args.from_gnubg else player, gnubg_player, random.Random(args.seed + game),
                  record)
    kinds = classes()
    losses: dict[str, dict[str, list[float]]] = {}
    kept = []
    for position, dice, chosen in decisions:
        plays = legal_plays(position, dice)
        if len(plays) < 2:
            continue
        if chosen is None:
            chosen = player(position, dice)
        strong = rank_plays(position, dice, "strong")
        compared = {"level": chosen, "strong": strong[0][0], "gnubg 0-ply": gnubg_player(position, dice)}
        judged = plays if len(plays) <= ALL_PLAYS else [entry[0] for entry in strong[:SHORTLIST]] + list(compared.values())
        values = {play.notation: gnubg_equity(position, play.result, args.plies) for play in judged}
        best = max(values.values())
        kind = kinds.get(gnubg_nn.classify(gnubg_board(position)), "other")
        row = losses.setdefault(kind, {name: [] for name in compared})
        for name, play in compared.items():
            row[name].append(best - values[play.notation])
        kept.append({"position": to_text(position), "dice": list(dice), "class": kind,
                     **{name: best - values[play.notation] for name, play in compared.items()}})
    total = sum(len(row["level"]) for row in losses.values())
    games = (f"White's positions of {args.games} games of GNU Backgammon 0-ply against itself" if args.from_gnubg
             else f"{args.games} games of {args.level} against GNU Backgammon 0-ply")
    print(f"{games} (seed {args.seed}), {total} decisions with a choice, judged by GNU Backgammon {args.plies}-ply, "
          f"{time.monotonic() - started:.0f} s")
    print(f"\n| position | decisions | {args.level}: mean loss, mEq (sum, points) | strong | gnubg 0-ply |")
    print("|---|---|---|---|---|")
    for kind, row in sorted(losses.items(), key=lambda item: -len(item[1]["level"])):
        cells = [f"{1000 * statistics.mean(row[name]):.1f} ({sum(row[name]):.2f})" for name in row]
        print(f"| {kind} | {len(row['level'])} | " + " | ".join(cells) + " |")
    if args.json:
        args.json.write_text(json.dumps(kept) + "\n", encoding="utf-8")
    if args.paired:
        paired(kept, json.loads(args.paired.read_text(encoding="utf-8")), args.paired)
    return 0


def paired(new: list, old: list, name) -> None:
    """This run's losses less another run's, decision by decision, over the positions both judged."""
    before = {(row["position"], tuple(row["dice"])): row for row in old}
    pairs = [(row, before[(row["position"], tuple(row["dice"]))]) for row in new
             if (row["position"], tuple(row["dice"])) in before]
    print(f"\nThis run less {name}, over the {len(pairs)} decisions both judged (mEq per decision, 95% interval):\n")
    print("| positions | decisions | level | strong |")
    print("|---|---|---|---|")
    for kind in ("all", "contact", "crashed", "race", "bear-off"):
        chosen = [(a, b) for a, b in pairs if kind == "all" or a["class"] == kind]
        if len(chosen) < 2:
            continue
        cells = []
        for column in ("level", "strong"):
            diffs = [1000 * (a[column] - b[column]) for a, b in chosen]
            half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
            cells.append(f"{statistics.mean(diffs):+.2f} [{statistics.mean(diffs) - half:+.2f}, "
                         f"{statistics.mean(diffs) + half:+.2f}]")
        print(f"| {kind} | {len(chosen)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
