"""The live boards' entry point: JSON in, JSON out, no state kept between calls.

The page's Web Worker runs this module in Pyodide; the parity tests run it in
CPython. Every request carries the whole turn so far, so the worker holds no
game state and a reloaded link can be replayed::

    {"op": "state", "position": {...}, "dice": [6, 5], "moves": [{"from": 24, "to": 18, "die": 6}]}

Operations:

- ``state``: the turn so far (see :func:`state`).
- ``check``: with ``"from"`` and ``"to"``: ``{"legal": true, "move": {...}}`` or
  ``{"legal": false, "reason": {"code", "params"}}`` (the page translates the reason).
- ``paths``: with ``"from"``: where that checker can go now, with one or more dice.
- ``plays``: every legal play of the turn from its start position, in notation
  (for a roll, or for the dice still to play: one die, three or four of a double).
- ``targets``: with ``"from"``: ``{"paths": [...], "refused": [...]}``: where that
  checker can go now (as ``paths``), and the single-die destinations that are
  legal on their own but refused by the rules about the whole turn
  (``leaves-dice-unplayed``, ``must-play-larger-die``), each with its reason.
- ``game``: whole games and matches, for the play page: a match record in,
  the new record and its state out (``nardy_rules.game_live``).

A bad request answers ``{"error": "..."}``, never an exception: :func:`handle`
and :func:`handle_json` take any value, and read it with the JSON contract's
readers (:mod:`nardy_rules.contract`): JSON text of at most 65,536 characters
nested at most 16 deep, points as numbers 1..24 or ``"bar"``/``"off"``, at most
four moves. An exception other than the engine's own errors is a bug; it is
answered as ``{"error": "internal error: ..."}`` rather than stopping the
worker, and the fuzz tests fail on it.
"""

from __future__ import annotations

import json

from .contract import quote, read_int, read_json, read_moves, read_object, read_point
from .dice import dice_to_play
from .errors import InvalidRequestError, NardyError
from .play import Move
from .position import Position
from .turn import Turn

#: The operations, in the order the error message lists them.
OPS = ("state", "check", "paths", "targets", "plays", "game")


def _move_json(move: Move) -> dict:
    return move.to_json()


def replay(request: dict) -> Turn:
    """The turn of the request: its start position and dice, with its moves played in order."""
    request = read_object(request, "a request")
    if "position" not in request:
        raise InvalidRequestError("the request has no position")
    position = Position.from_json(request["position"])
    dice = request.get("dice")
    if dice is None:
        raise InvalidRequestError("the request has no dice")
    moves = read_moves(request.get("moves"))
    turn = Turn(position, dice)
    for number, (start, end, die) in enumerate(moves, 1):
        refusal = turn.check(start, end, die)
        if refusal is not None:
            raise NardyError(f"move {number} ({start}/{end}) is not legal: {refusal.code}")
        turn.move(start, end, die)
    return turn


def state(turn: Turn) -> dict:
    """Everything a board shows about a turn in progress."""
    position = turn.position
    finished = turn.play().result if turn.complete else None
    result = (finished or position).result()
    return {
        "position": position.to_json(),
        "turn": turn.color,
        "dice": list(turn.roll),
        "remaining": list(turn.remaining),
        "max_dice": turn.max_dice,
        "moves": [_move_json(m) for m in turn.moves],
        "complete": turn.complete,
        "lost": list(turn.lost_dice),
        "legal_moves": [_move_json(m) for m in turn.legal_moves()],
        "pips": {"white": position.pips("white"), "black": position.pips("black")},
        "next": finished.to_json() if finished is not None else None,
        "result": result.to_json() if result is not None else None,
    }


#: Refusals of a move that is legal on its own but breaks the rules about the whole turn.
TURN_RULES = ("leaves-dice-unplayed", "must-play-larger-die")


def _paths_json(turn: Turn, start) -> list:
    return [{"end": p["end"], "moves": [_move_json(m) for m in p["moves"]]} for p in turn.paths(start)]


def _plays(start: Turn) -> list:
    """Every legal play of a turn from its start, one per resulting position.

    A whole roll gives :func:`legal_plays`; the dice still to play of a turn
    (one die, three of a double) walk the turn's single moves.
    """
    if tuple(start.remaining) == dice_to_play(start.roll):
        return start.start.legal_plays(start.roll)
    found: dict = {}

    def walk(step: Turn) -> None:
        if step.complete:
            play = step.play()
            if play.moves:
                found.setdefault(play.result, play)
            return
        for move in step.legal_moves():
            branch = step.copy()
            branch.move(move.start, move.end, move.die)
            walk(branch)

    walk(start)
    return list(found.values())


def targets(turn: Turn, start) -> dict:
    """Where the checker on ``start`` can go now, and where it may not go because of the whole turn."""
    paths = _paths_json(turn, start)
    reached = {p["end"] for p in paths}
    refused = []
    if not turn.complete:
        for end in [*range(1, 25), "off"]:
            if end in reached:
                continue
            refusal = turn.check(start, end)
            if refusal is not None and refusal.code in TURN_RULES:
                refused.append({"end": end, "reason": {"code": refusal.code, "params": refusal.params}})
    return {"paths": paths, "refused": refused}


def handle(request: object) -> dict:
    """Answer one request (a dict); never raises: errors become ``{"error": ...}``."""
    return _safely(_answer, request)


def handle_json(text: object) -> str:
    """:func:`handle` for a JSON string (what the worker passes in and out); never raises."""
    return json.dumps(_safely(lambda value: _answer(read_json(value)), text), ensure_ascii=False)


def _safely(answer, value) -> dict:
    try:
        return answer(value)
    except NardyError as error:
        return {"error": str(error)}
    except Exception as error:  # a bug: answer it rather than kill the worker (the fuzz tests fail on it)
        return {"error": f"internal error: {type(error).__name__}: {quote(str(error))}"}


def _answer(request: object) -> dict:
    request = read_object(request, "a request")
    op = request.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise InvalidRequestError(f"unknown op {quote(op)}; use {', '.join(OPS[:-1])} or {OPS[-1]}")
    if op == "game":
        # Imported on first use: a rules page's worker never loads the game modules at start.
        from .game_live import handle_game

        return handle_game(request)
    turn = replay(request)
    if op == "state":
        return state(turn)
    if op == "plays":
        plays = _plays(Turn(turn.start, request.get("dice")))
        return {"plays": [{"notation": p.notation, "moves": [_move_json(m) for m in p.moves]} for p in plays]}
    start = read_point(request.get("from"), "from")
    if op == "check":
        end = read_point(request.get("to"), "to")
        die = request.get("die")
        die = None if die is None else read_int(die, "die", 1, 6)
        refusal = turn.check(start, end, die)
        if refusal is not None:
            return {"legal": False, "reason": {"code": refusal.code, "params": refusal.params}}
        moved = turn.copy().move(start, end, die)
        return {"legal": True, "move": _move_json(moved)}
    if op == "paths":
        return {"paths": _paths_json(turn, start)}
    return targets(turn, start)
