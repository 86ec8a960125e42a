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

A bad request answers ``{"error": "..."}``, never an exception.
"""

from __future__ import annotations

import json

from .dice import dice_to_play
from .errors import NardyError
from .play import Move
from .position import Position
from .turn import Turn


def _point(value):
    if value in ("bar", "off"):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise NardyError(f"{value!r} is not a point; use 1..24, 'bar' or 'off'") from None
    return value


def _move_json(move: Move) -> dict:
    return move.to_json()


def replay(request: dict) -> Turn:
    """The turn of the request: its start position and dice, with its moves played in order."""
    if not isinstance(request, dict):
        raise NardyError("a request is a JSON object")
    position = Position.from_json(request.get("position"))
    dice = request.get("dice")
    if dice is None:
        raise NardyError("the request has no dice")
    turn = Turn(position, dice)
    for index, move in enumerate(request.get("moves") or []):
        if not isinstance(move, dict):
            raise NardyError(f"move {index + 1} is not an object with from, to and die")
        refusal = turn.check(_point(move.get("from")), _point(move.get("to")), move.get("die"))
        if refusal is not None:
            raise NardyError(f"move {index + 1} ({move.get('from')}/{move.get('to')}) is not legal: {refusal.code}")
        turn.move(_point(move.get("from")), _point(move.get("to")), move.get("die"))
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


def handle(request: dict) -> dict:
    """Answer one request (a dict); errors become ``{"error": ...}``."""
    try:
        op = request.get("op") if isinstance(request, dict) else None
        if op == "game":
            # Imported on first use: the rules boards never load the game modules at start.
            from .game_live import handle_game

            return handle_game(request)
        turn = replay(request)
        if op == "state":
            return state(turn)
        if op == "check":
            start, end = _point(request.get("from")), _point(request.get("to"))
            refusal = turn.check(start, end, request.get("die"))
            if refusal is not None:
                return {"legal": False, "reason": {"code": refusal.code, "params": refusal.params}}
            moved = turn.copy().move(start, end, request.get("die"))
            return {"legal": True, "move": _move_json(moved)}
        if op == "paths":
            return {"paths": _paths_json(turn, _point(request.get("from")))}
        if op == "targets":
            return targets(turn, _point(request.get("from")))
        if op == "plays":
            plays = _plays(Turn(turn.start, request.get("dice")))
            return {"plays": [{"notation": p.notation, "moves": [_move_json(m) for m in p.moves]} for p in plays]}
        return {"error": f"unknown op {op!r}; use state, check, paths, targets, plays or game"}
    except NardyError as error:
        return {"error": str(error)}


def handle_json(text: str) -> str:
    """:func:`handle` for a JSON string (what the worker passes in and out)."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError):
        return json.dumps({"error": "the request is not valid JSON"})
    return json.dumps(handle(request), ensure_ascii=False)
