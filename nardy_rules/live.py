"""The live boards' entry point: JSON in, JSON out, no state kept between calls.

The page's Web Worker runs this module in Pyodide; the parity tests run it in
CPython; the site build records its answers for every diagram's example turn
(``nardy_site.figures.answers``), which the page uses before the worker is ready.
Every request carries the whole turn so far, so the worker holds no game
state and a reloaded link can be replayed::

    {"op": "state", "position": {...}, "dice": [6, 5], "moves": [{"from": 24, "to": 18, "die": 6}]}

A position is the JSON contract (an object) or the compact text form
(``"nardy:short:w:..."``): :func:`read_position` reads both. The browser holds
no rule of the game, so the answers carry everything a board shows: every
reason comes with its message key (``{"code", "params", "key"}``, the key of
``nardy_rules.reasons.MESSAGES`` the page translates), positions with their
pips and text form.

Operations:

- ``position``: a bare position, no dice: ``{"position", "text", "turn", "pips",
  "result"}`` (see :func:`position_answer`).
- ``state``: the turn so far (see :func:`state`).
- ``check``: with ``"from"`` and ``"to"`` (and ``"die"``, optional):
  ``{"legal": true, "move": {...}, "notation": "13/8*"}`` or
  ``{"legal": false, "reason": {"code", "params", "key"}}``.
- ``paths``: with ``"from"``: where that checker can go now, with one or more dice.
- ``plays``: every legal play of the turn from its start position, in notation
  (for a roll, or for the dice still to play: one die, three or four of a double);
  with ``"rank": "<level>"`` (a roll only) in the computer's order at that level,
  best first, each with its ``equity`` (``nardy_rules.play_live``: the set-up
  editor's list).
- ``targets``: with ``"from"``: ``{"paths": [...], "refused": [...], "reason": ...}``
  (see :func:`targets`).
- ``game``: whole games and matches, for the play page: a match opened once,
  then actions in and what they changed out (``nardy_rules.game_live``), with
  the computer's decision when asked; ``hint``: the computer's top plays for a
  roll; ``forms``: a pasted position (nardy text, XGID, Position ID) read, and
  its forms; ``analyse``: a match's decisions rated, a few per request;
  ``import``: a ``.mat`` or long-nardy match text read into a record
  (``nardy_rules.play_live``).

A bad request answers ``{"error": "..."}``, never an exception: :func:`handle`
and :func:`handle_json` take any value, and read it with the JSON contract's
readers (:mod:`nardy_rules.contract`): JSON text of at most 65,536 characters
(4 MiB for the one request that opens a whole match record) nested at most 16
deep, points as numbers 1..24 or ``"bar"``/``"off"``, at most four moves. An
exception other than the engine's own errors is a bug; it is answered as
``{"error": "internal error: ..."}`` rather than stopping the worker, and the
fuzz tests fail on it.
"""

from __future__ import annotations

import json

from .contract import MAX_JSON_CHARS, MAX_RECORD_CHARS, quote, read_int, read_json, read_moves, read_object, read_point
from .dice import dice_to_play
from .errors import InvalidRequestError, NardyError
from .interchange import from_text, to_text
from .play import Move
from .position import OFF, Position
from .reasons import Refusal
from .turn import Turn

#: The operations, in the order the error message lists them.
OPS = ("position", "state", "check", "paths", "targets", "plays", "game", "hint", "forms", "analyse", "import")
#: The play page's operations (``nardy_rules.play_live``), loaded on first use.
PLAY_OPS = ("game", "hint", "forms", "analyse", "import")


def _move_json(move: Move) -> dict:
    return move.to_json()


def read_position(value) -> Position:
    """A request's position: the JSON contract (an object) or the compact text form (a string)."""
    if isinstance(value, str):
        return from_text(value)
    return Position.from_json(value)


def reason_json(refusal: Refusal) -> dict:
    """A refusal as the answers carry it: code, parameters and the key of its message."""
    return {"code": refusal.code, "params": dict(refusal.params), "key": refusal.message_key}


def pips_json(position: Position) -> dict:
    return {"white": position.pips("white"), "black": position.pips("black")}


def position_answer(position: Position) -> dict:
    """Everything a board shows about a position with no dice (the ``position`` op)."""
    result = position.result()
    return {
        "position": position.to_json(),
        "text": to_text(position),
        "turn": position.turn,
        "pips": pips_json(position),
        "result": result.to_json() if result is not None else None,
    }


def replay(request: dict) -> Turn:
    """The turn of the request: its start position and dice, with its moves played in order."""
    request = read_object(request, "a request")
    if "position" not in request:
        raise InvalidRequestError("the request has no position")
    position = read_position(request["position"])
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
    """Everything a board shows about a turn in progress.

    ``text`` is the position in the compact text form; once the turn is
    complete, ``next`` is the position after it (the other side to move), with
    ``next_text`` and ``next_pips``; ``result`` is the game's once a side has
    borne off all 15. ``lost_reasons``: for each die value the complete turn
    leaves unplayed, how many dice and, for every checker that might have
    played it, the single move and the engine's reason
    (:meth:`~nardy_rules.turn.Turn.lost_reasons`; the board shows the
    ``dice-lost`` heading over them).
    """
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
        "lost_reasons": [
            {"die": lost.die, "count": lost.count,
             "refusals": [{"start": m.start, "end": m.end, "reason": reason_json(r)} for m, r in lost.refusals]}
            for lost in turn.lost_reasons()
        ],
        "legal_moves": [_move_json(m) for m in turn.legal_moves()],
        "pips": pips_json(position),
        "next": finished.to_json() if finished is not None else None,
        "result": result.to_json() if result is not None else None,
        "text": to_text(position),
        "next_text": to_text(finished) if finished is not None else None,
        "next_pips": pips_json(finished) if finished is not None else None,
    }


#: Refusals of a destination no die of the turn lands on.
NOT_A_LANDING = ("no-such-die", "backwards")
#: Refusals that hold for a checker whatever its destination.
CHECKER_RULES = ("game-over", "no-dice-left", "no-checker", "enter-from-bar-first")


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


def path_notation(moves: list[Move]) -> str:
    """One checker's moves in notation, through each landing point: ``24/18/13``, ``13/10*/5``, ``6/off``."""
    return "/".join([str(moves[0].start)] + [f"{m.end}{'*' if m.hit else ''}" for m in moves])


def checker_refusal(turn: Turn, start) -> Refusal | None:
    """Why the checker on ``start`` cannot move at all, whatever its destination (:data:`CHECKER_RULES`)."""
    refusal = turn.check(start, OFF)
    return refusal if refusal is not None and refusal.code in CHECKER_RULES else None


def targets(turn: Turn, start) -> dict:
    """Where the checker on ``start`` can go now, and where and why it may not.

    ``paths``: as the ``paths`` op, each with its ``notation``
    (:func:`path_notation`); ``refused``: for each die left, the point the
    checker would land on with it (or ``off``) when the rules refuse that
    single move, each ``{"end", "reason"}`` with the engine's reason: a
    closed point, the head rule, the six-block, bearing off too early or
    from below a higher checker, and the rules about the whole turn (the
    larger die, the most dice); ``reason``: when the
    checker has neither, why it cannot move at all (:data:`CHECKER_RULES`:
    no such checker, a checker on the bar first, no dice left, the game is
    over), or null (it is blocked).
    """
    reason = checker_refusal(turn, start)
    if reason is not None:  # then no destination has another reason (nor a path)
        return {"paths": [], "refused": [], "reason": reason_json(reason)}
    paths = [
        {"end": p["end"], "moves": [_move_json(m) for m in p["moves"]], "notation": path_notation(p["moves"])}
        for p in turn.paths(start)
    ]
    reached = {p["end"] for p in paths}
    refused = []
    for end in [*range(1, 25), OFF]:
        if end in reached:
            continue
        refusal = turn.check(start, end)
        # Not a die's landing point (no die shows the distance) or not forward: nothing to explain there.
        if refusal is not None and refusal.code not in NOT_A_LANDING:
            refused.append({"end": end, "reason": reason_json(refusal)})
    return {"paths": paths, "refused": refused, "reason": None}


def check(turn: Turn, start, end, die) -> dict:
    """Whether one checker may move from ``start`` to ``end`` now (the ``check`` op)."""
    refusal = turn.check(start, end, die)
    if refusal is not None:
        return {"legal": False, "reason": reason_json(refusal)}
    moved = turn.copy().move(start, end, die)
    return {"legal": True, "move": _move_json(moved), "notation": moved.notation}


def turn_answer(turn: Turn, request: dict) -> dict:
    """The answer to a request about a turn, once :func:`replay` has played its moves.

    :func:`handle` is :func:`replay` and this; the site build calls them apart
    to answer many requests about one state of a turn (``nardy_site.figures.answers``).
    Raises :class:`NardyError` for a bad request.
    """
    op = request.get("op")
    if op == "state":
        return state(turn)
    if op == "check":
        die = request.get("die")
        die = None if die is None else read_int(die, "die", 1, 6)
        return check(turn, read_point(request.get("from"), "from"), read_point(request.get("to"), "to"), die)
    if op == "paths":
        return {"paths": _paths_json(turn, read_point(request.get("from"), "from"))}
    if op == "targets":
        return targets(turn, read_point(request.get("from"), "from"))
    if op == "plays":
        plays = _plays(Turn(turn.start, request.get("dice")))
        return {"plays": [{"notation": p.notation, "moves": [_move_json(m) for m in p.moves]} for p in plays]}
    raise InvalidRequestError(f"unknown op {quote(op)}; use {', '.join(OPS[:-1])} or {OPS[-1]}")


def handle(request: object) -> dict:
    """Answer one request (a dict); never raises: errors become ``{"error": ...}``."""
    return _safely(_answer, request)


def handle_json(text: object) -> str:
    """:func:`handle` for a JSON string (what the worker passes in and out); never raises.

    A request is at most ``MAX_JSON_CHARS`` long, but for the two that open a whole match, which may be up
    to ``MAX_RECORD_CHARS``: a record (``{"op": "game", "record": ...}`` without an action) and a match text
    (``{"op": "import", "text": ...}``). Every other request, ``analyse`` with a record included, is held to
    ``MAX_JSON_CHARS``: a long match is opened once and then named by its id.
    """
    return json.dumps(_safely(_answer_text, text), ensure_ascii=False)


def _answer_text(text: object) -> dict:
    request = read_json(text, max_chars=MAX_RECORD_CHARS)
    if len(text) > MAX_JSON_CHARS and not _opens_a_match(request):
        raise InvalidRequestError(f"the request is {len(text):,} characters long; at most {MAX_JSON_CHARS:,} "
                                  f"(up to {MAX_RECORD_CHARS:,} to open a match: a record or an import)")
    return _answer(request)


def _opens_a_match(request: object) -> bool:
    if not isinstance(request, dict):
        return False
    if request.get("op") == "import":
        return True
    return request.get("op") == "game" and "record" in request and "action" not in request


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
    if op in PLAY_OPS or (op == "plays" and "rank" in request):
        # Imported on first use: a rules page's worker never loads the game modules (nor the bot) at start.
        from .play_live import handle as handle_play

        return handle_play(request)
    if op == "position":
        if "position" not in request:
            raise InvalidRequestError("the request has no position")
        return position_answer(read_position(request["position"]))
    return turn_answer(replay(request), request)
