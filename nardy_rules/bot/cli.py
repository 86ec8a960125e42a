"""``python -m nardy_rules bot``: the computer's play for a roll, one position or JSON lines.

    python -m nardy_rules bot --level strong --position '<json|nardy:...|XGID>' --dice 3-1
    # {"play": "8/5 6/5", "position": {...}}   ("play": "" and the position unchanged: no move)
    python -m nardy_rules bot --batch < requests.jsonl
    # one {"position": {...}, "dice": [3, 1], "level": "strong"} per line in ("level" and "seed"
    # optional; "seed" 0..2**64-1), one answer line per line out, in order, flushed; a bad line (not
    # UTF-8, not JSON, too long or deep, a bad field) gives {"error": "..."} and the rest go on
    python -m nardy_rules bot --hint 3 --position ... --dice 3-1
    # {"hints": [{"play", "equity", "win", ...}, ...]}
"""

from __future__ import annotations

import json
import random

from ..contract import answer_lines, read_choice, read_int
from ..errors import InvalidRequestError, NardyError
from ..position import Position
from .players import LEVELS, STRONGEST, choose_play, hint


def add_parser(subparsers) -> None:
    levels = ", ".join(f"{name} ({level.description})" for name, level in LEVELS.items())
    bot = subparsers.add_parser(
        "bot", help=f"the computer's play for a roll; levels: {', '.join(LEVELS)}",
        description=f"The computer's play for a roll. Levels, weakest first: {levels}. "
                    f"The strongest is {STRONGEST!r}.")
    bot.add_argument("--level", default=STRONGEST, choices=list(LEVELS), help=f"default {STRONGEST}")
    bot.add_argument("--position", help="JSON, nardy:... text or XGID")
    bot.add_argument("--dice", help="like 3-1")
    bot.add_argument("--seed", type=int, help="seed of the lower levels' random errors")
    bot.add_argument("--hint", type=int, metavar="N", help="print the top N plays instead")
    bot.add_argument("--batch", action="store_true", help="read JSON lines from standard input")


#: The largest seed of the lower levels' random errors (any 64-bit seed).
MAX_SEED = 2**64 - 1


def answer(position: Position, dice, level: str = STRONGEST, seed=None) -> dict:
    """``{"play": notation, "position": JSON after it}``; ``""`` and the position unchanged for no move."""
    if seed is not None:
        seed = read_int(seed, "seed", 0, MAX_SEED)
    play = choose_play(position, dice, level, random.Random(seed) if seed is not None else None)
    if play is None:
        return {"play": "", "position": position.to_json()}
    return {"play": play.notation, "position": play.result.to_json()}


def batch_line(request) -> dict:
    """The answer to one ``--batch`` line (an object the contract has read; see the module docstring)."""
    if "position" not in request or "dice" not in request:
        raise InvalidRequestError('each line is {"position": {...}, "dice": [d1, d2], "level": "strong"}')
    level = read_choice(request.get("level", STRONGEST), "level", tuple(LEVELS))
    return answer(Position.from_json(request["position"]), request["dice"], level, request.get("seed"))


def run(args, stdin, stdout, read_position) -> int:
    """Run the parsed ``bot`` command; bad input raises NardyError (the caller prints it, exit 2)."""
    if args.batch:
        return answer_lines(stdin, stdout, batch_line)
    if not args.position or not args.dice:
        raise NardyError("bot needs --position and --dice (or --batch)")
    position = read_position(args.position)
    if args.hint is not None:
        result = {"hints": hint(position, args.dice, args.hint, args.level)}
    else:
        result = answer(position, args.dice, args.level, args.seed)
    stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0
