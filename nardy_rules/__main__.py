"""Command line: ``python -m nardy_rules <command> ...``

Commands (JSON out, one line each):

- ``plays --position JSON --dice 3-1``: ``{"plays": [{"notation", "position"}, ...]}``
- ``plays --batch``: reads ``{"position": {...}, "dice": [3, 1]}`` per line from
  standard input, writes one result line per input line, in order; a bad line
  (not UTF-8, not JSON, too long or deep, the wrong shape, a bad position or
  dice) gives ``{"error": "..."}`` and the rest go on. Lines end with a line
  feed; blank lines (spaces, tabs, a carriage return) are skipped.
- ``check --position JSON --dice 3-1 --move 13/8``: ``{"legal": true}`` or
  ``{"legal": false, "reason": {"code", "params", "message"}}``
- ``parse --position JSON --dice 3-1 --play "8/5 6/5"``: the legal play, or an error.
- ``convert --position JSON|XGID|PositionID|nardy:...``: the position in every form.
- ``figures``: the tables the rules texts quote, counted by the engine.
- ``bot ...``: the computer's play for a roll (``nardy_rules.bot.cli``).
- ``import FILE``, ``analyse FILE [--json]``: a ``.mat`` or long-nardy match file
  as a match record; every play and cube decision of a match rated
  (``nardy_rules.match_cli``).

Bad input: exit status 2 and one line on standard error naming the problem.
JSON (``--position``, batch lines, ``bot --batch`` too) is read by
:mod:`nardy_rules.contract`, with its limits on length, depth and number
sizes; a batch stream is answered by its :func:`~nardy_rules.contract.answer_lines`.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import figures, match_cli
from .bot import cli as bot_cli
from .contract import answer_lines, quote, read_json
from .errors import InvalidRequestError, NardyError
from .interchange import read_position_text, to_gnubg_id, to_text, to_xgid
from .notation import parse_play, parse_tokens
from .play import legal_plays
from .position import Position
from .turn import Turn, check_move


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit status 2 (argparse prints usage too)
        raise UsageError(_one_line(message))


def _one_line(message: str, limit: int = 200) -> str:
    """argparse's message on one printable line of at most ``limit`` characters (it echoes arguments as given)."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in " ".join(message.split()))
    return text if len(text) <= limit else text[:limit] + "..."


def read_position(text: str) -> Position:
    """A position from JSON, or any text form a player pastes (``interchange.read_position_text``: nardy text,
    an XGID, a GNU Backgammon Position ID with or without its Match ID)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return Position.from_json(read_json(stripped, "--position"))
    return read_position_text(stripped)[0]


def plays_result(position: Position, dice) -> dict:
    return {"plays": [play.to_json() for play in legal_plays(position, dice)]}


def _plays_line(request) -> dict:
    """The answer to one ``plays --batch`` line (an object read by the contract)."""
    if "position" not in request or "dice" not in request:
        raise InvalidRequestError('each line is {"position": {...}, "dice": [d1, d2]}')
    return plays_result(Position.from_json(request["position"]), request["dice"])


def main(argv=None, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    parser = _Parser(prog="python -m nardy_rules", description="The rules engine of the nardy rules site.")
    commands = parser.add_subparsers(dest="command", required=True)
    plays = commands.add_parser("plays", help="list the legal plays")
    plays.add_argument("--position")
    plays.add_argument("--dice")
    plays.add_argument("--batch", action="store_true", help="read JSON lines from standard input")
    check = commands.add_parser("check", help="is one single-checker move legal now, and if not, why")
    check.add_argument("--position", required=True)
    check.add_argument("--dice", required=True)
    check.add_argument("--move", required=True, help="from/to, like 13/8, bar/22 or 6/off")
    parse = commands.add_parser("parse", help="read a play in notation")
    parse.add_argument("--position", required=True)
    parse.add_argument("--dice", required=True)
    parse.add_argument("--play", required=True)
    convert = commands.add_parser("convert", help="a position in every interchange form")
    convert.add_argument("--position", required=True)
    commands.add_parser("figures", help="the figures the rules texts quote")
    bot_cli.add_parser(commands)
    match_cli.add_parser(commands)
    try:
        args = parser.parse_args(argv)
        if args.command == "bot":
            return bot_cli.run(args, stdin, stdout, read_position)
        if args.command in ("import", "analyse"):
            return match_cli.run(args, stdin, stdout)
        if args.command == "plays":
            if args.batch:
                return answer_lines(stdin, stdout, _plays_line)
            if not args.position or not args.dice:
                raise UsageError("plays needs --position and --dice (or --batch)")
            result = plays_result(read_position(args.position), args.dice)
        elif args.command == "check":
            result = _check(read_position(args.position), args.dice, args.move)
        elif args.command == "parse":
            result = _parse(read_position(args.position), args.dice, args.play)
        elif args.command == "convert":
            result = _convert(read_position(args.position))
        else:
            result = _figures()
    except (NardyError, UsageError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def _check(position: Position, dice, move: str) -> dict:
    try:
        paths = parse_tokens(move)
    except NardyError as error:
        raise NardyError(f"--move: {error}") from None
    if len(paths) != 1 or len(paths[0]) != 2:
        raise NardyError(f"--move {quote(move)}: one single-checker move, from/to, like 13/8")
    (start, _), (end, _) = paths[0]
    refusal = check_move(position, dice, start, end)
    return {"legal": True} if refusal is None else {"legal": False, "reason": refusal.to_json()}


def _parse(position: Position, dice, text: str) -> dict:
    """The play, and why each die it leaves unplayed could not be played."""
    play = parse_play(position, dice, text)
    turn = Turn(position, dice)
    for move in play.moves:
        turn.move(move.start, move.end, move.die)
    return {**play.to_json(), "lost": [lost.to_json() for lost in turn.lost_reasons()]}


def _convert(position: Position) -> dict:
    out = {"json": position.to_json(), "text": to_text(position)}
    if position.variant == "short":
        out["xgid"] = to_xgid(position)
        out["gnubg"] = to_gnubg_id(position)
    return out


def _figures() -> dict:
    return {
        "hit_chances": figures.hit_chances(),
        "entering_chances": figures.entering_chances(),
        "point_making_openings": {
            f"{a}-{b}": [p.notation for p in plays] for (a, b), plays in figures.point_making_openings().items()
        },
        "long_first_moves_doubles": {
            f"{d}-{d}": [p.notation for p in plays] for d, plays in figures.long_first_moves_doubles().items()
        },
    }


if __name__ == "__main__":
    sys.exit(main())
