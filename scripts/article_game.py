#!/usr/bin/env python3
"""The articles' whole games: a game of the computer against itself with seeded dice, as a match record.

    .venv/bin/python scripts/article_game.py --game short --seed 17 > data/games/short-first-game.json
    .venv/bin/python scripts/article_game.py --game long --search 1-400 --need first-move-exception,six-block

Both sides are the computer's strongest level (``nardy_rules.bot``), with its
cube and take decisions in short nardy (a single game: the cube without match
rules); the dice come from ``random.Random(seed)``: the opening roll (ties
rolled again) and every roll after it. The record is the play page's format
(``nardy_rules.game_record``), as ``data/games/`` keeps it.

``--search A-B`` plays the seeds A..B and prints, for each game that shows
every rule event the article needs (``nardy_site.page.games``: by default
every event of the game's variant but ``dice-lost``; ``--need`` adds others),
its seed, its number of steps and its result, fewest steps first.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nardy_rules.game import GAME_OVER, MATCH_OVER, MatchPlay, play_action
from nardy_rules.play_live import computer_decision
from nardy_site.page.games import SECTIONS, first_events, replay_game

LEVEL = "strong"


def play_game(variant: str, seed: int) -> dict:
    """The record of one game of the computer against itself, the dice drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    play = MatchPlay(variant, 0)
    while play.phase not in (GAME_OVER, MATCH_OVER):
        decision = computer_decision(play, LEVEL)
        for action in decision["actions"]:
            if action["act"] == "opening":
                action = {"act": "opening", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
            elif action["act"] == "roll":
                action = {"act": "roll", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
            play_action(play, action)
    return play.record().to_json()


def needed(variant: str, extra: str) -> set[str]:
    events = set(SECTIONS[variant]) - {"dice-lost"}
    return events | {e for e in extra.split(",") if e}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("short", "long"), required=True)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--search", help="A-B: the seeds to try")
    parser.add_argument("--need", default="", help="more events a game must show, comma-separated")
    args = parser.parse_args(argv)
    if args.seed is not None:
        json.dump(play_game(args.game, args.seed), sys.stdout, indent=None, separators=(",", ":"))
        print()
        return 0
    if not args.search:
        parser.error("give --seed N or --search A-B")
    low, high = (int(n) for n in args.search.split("-"))
    want = needed(args.game, args.need)
    found = []
    for seed in range(low, high + 1):
        game = replay_game(play_game(args.game, seed), f"seed {seed}")
        events = first_events(game)
        taken = any(step.kind == "cube" and step.taken for step in game.steps)
        if want <= set(events) and game.result.ended_by != "pass" and (taken or args.game == "long"):
            result = game.result
            found.append((len(game.steps), seed, f"{result.winner} {result.kind} {result.points}", events))
            print(f"seed {seed}: {len(game.steps)} steps, {result.winner} {result.kind} {result.points}",
                  file=sys.stderr, flush=True)
    for steps, seed, result, events in sorted(found):
        print(f"{seed}\t{steps} steps\t{result}\t{json.dumps(events)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
