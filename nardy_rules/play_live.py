"""The play page's operations: games with the computer's decisions, hints, a position's forms, analysis, import.

``nardy_rules.live`` sends ``game``, ``hint``, ``forms``, ``analyse`` and
``import`` requests here (on first use, so a rules page's worker loads none of
this at start).

- ``game``: as :func:`nardy_rules.game_live.handle_game`, and with
  ``"computer": "<level>"`` also the computer's decision for the side to act
  now, after the request's action: ``"computer": {"level", "actions": [...],
  "play": notation or null}``. The actions are what the page sends next, one
  by one, through the same op (so a computer seat plays exactly as a person
  does and its moves can be shown one at a time): phase ``roll``
  ``[{"act": "double"}]`` or ``[{"act": "roll"}]`` (the page adds the dice it
  throws); ``move`` the play's single moves then ``confirm`` (with ``undo``
  first for moves already made); ``take`` ``take`` or ``pass``; ``resign``
  ``accept`` or ``decline``; ``opening`` ``[{"act": "opening"}]`` (the page
  throws); ``game-over`` ``next-game``; ``match-over`` nothing. Every answer
  also carries ``"lost"`` when dice are lost (:func:`lost_reasons`).
- ``hint``: ``{"op": "hint", "position", "dice", "n": 3, "level": "strong"}``
  answers ``{"hints": [{"play", "moves", "equity", "win", "win mars", "lose
  mars", ("win koks", "lose koks"), "position", "text"}]}``, best first (the
  mover's chances after each play; ``[]`` when nothing can be played).
- ``forms``: ``{"op": "forms", "position": <nardy text | XGID | Position ID | JSON>,
  "turn"?}`` reads any of the forms a reader pastes and answers the
  ``position`` op's fields plus ``"read": "text" | "xgid" | "gnubg" | "json"``
  and the short-nardy ``xgid`` and ``gnubg`` forms (null in long nardy). A
  Position ID does not say who is on roll: ``turn`` (default white) does. A
  position that breaks a rule answers ``{"error", "code", "params"}``
  (``InvalidPositionError.code``) for the page to say in its language; so
  does one in which neither side can ever move (code ``frozen``,
  ``nardy_rules.play.check_playable``), which no game can start from.
  ``{"op": "forms", "start": "short" | "long"}`` (instead of ``position``)
  answers the same for that game's start position (the set-up editor's
  "start position" button: the page knows no start of its own). The answer's
  ``dice`` are the roll the form carries (an XGID's fifth field), else null;
  a request's ``dice`` (a roll) are written into the XGID it answers.
- ``plays`` with ``"rank": "<level>"``: the ``plays`` op's answer in the
  computer's order at that level, best first, each play with its ``equity``
  (:func:`ranked_plays`).
- ``analyse``: ``{"op": "analyse", "match": "m1", "from": 0, "count": 4}``
  rates the decisions ``from`` .. ``from + count - 1`` of a match open in
  the worker (``nardy_rules.game_live``: opened by ``game`` or ``import``),
  as it stands (``nardy_rules.analysis``: every play and cube decision, a
  finished match or one being played), and answers ``{"match", "seq",
  "total", "from", "decisions": [...], "next"}``, ``seq`` being the match's
  (``nardy_rules.game_session``: an action since makes it another match to
  rate), ``next`` where the next request starts, or null with the last
  decisions, when the answer also carries ``"summary"`` (per player). An id
  that names no open match answers ``{"error", "code": "no-such-match"}``.
  ``"record": {...}`` instead of ``match`` rates a record the request
  carries, without opening it (the command line's and the tests' form; the
  request is held to ``MAX_JSON_CHARS`` like every request but the ones
  that open a match, so a long match is opened first and rated by id). A
  decision takes tens of milliseconds in the browser (more on a phone): the
  page asks for a few at a time and shows the progress (``from`` of
  ``total``). The rated decisions of the last match or record asked about
  are kept, so the summary costs nothing more and a repeated request is
  answered at once.
- ``import``: ``{"op": "import", "text": "<a .mat file or the long-nardy text>"}``
  reads a match (``nardy_rules.matread``) and opens it as ``game`` opens a
  record: it answers ``{"match", "seq", "record", "state"}``, and the page
  plays on or analyses it by its id; or ``{"error", "code", "params",
  "line"}`` for a text that does not read, for the page to say in its
  language. Like the ``game`` request that opens a record, its text may be
  up to ``MAX_RECORD_CHARS`` long (``nardy_rules.live.handle_json``).
"""

from __future__ import annotations

import json

from .analysis import decisions, rate, summary
from .bot import LEVELS, STRONGEST, accept_resignation, choose_play, cube_decision, hint, rank_plays, take_decision
from .bot.lookahead import roll_estimate
from .contract import quote, read_choice, read_int, read_object
from .dice import parse_dice
from .errors import InvalidPositionError, InvalidRequestError, NardyError
from .game import GAME_OVER, MOVE_PHASE, OPENING_PHASE, RESIGN_PHASE, ROLL_PHASE, TAKE_PHASE, MatchPlay
from .game_live import NoSuchMatch, handle_game, open_session, session_named
from .game_record import RecordError, read_record
from .interchange import read_position_text, to_gnubg_id, to_text, to_xgid
from .live import position_answer, read_position, reason_json, replay
from .matread import MatReadError, read_match_text
from .play import check_playable
from .position import COLORS, VARIANTS, WHITE, Position
from .turn import Turn

#: The most hints a request may ask for.
MAX_HINTS = 10
#: The most decisions one ``analyse`` request rates.
MAX_ANALYSED = 50

#: (what was analysed last: (open match, its seq) or a record's JSON text; its decisions; {index: rated decision}).
_analysed: tuple[object, list, dict] | None = None


def handle(request: dict) -> dict:
    """Answer a ``game``, ``hint``, ``forms``, ``analyse`` or ``import`` request (``nardy_rules.live`` has read the op)."""
    op = request.get("op")
    if op == "game":
        return handle_game(request, {"computer": computer_decision, "lost": lost_reasons})
    if op == "hint":
        return hint_answer(request)
    if op == "plays":
        return ranked_plays(request)
    if op == "analyse":
        return analyse_answer(request)
    if op == "import":
        return import_answer(request)
    return forms(request)


def _level(value) -> str:
    if not isinstance(value, str) or value not in LEVELS:
        raise NardyError(f"level {quote(value)}: use one of {', '.join(LEVELS)}")
    return value


def lost_reasons(play: MatchPlay, _value: object = None) -> list | None:
    """Why dice are lost: the turn in progress once complete, or a roll that could not be played at all.

    ``[{"die", "count", "refusals": [{"from", "to", "reason": {"code", "params", "key"}}]}]``, the
    heading of each being ``nardy_rules.reasons`` message ``dice-lost``; None when no die is lost.
    """
    game = play.current
    if game.phase == MOVE_PHASE and game.turn.complete:
        turn = game.turn
    elif game.phase == ROLL_PHASE and game.sheet and game.sheet[-1]["kind"] == "cannot-move":
        entry = game.sheet[-1]
        turn = Turn(game.position.with_turn(entry["side"]), tuple(entry["dice"]))
    else:
        return None
    lost = [{"die": item.die, "count": item.count,
             "refusals": [{"from": move.start, "to": move.end, "reason": reason_json(refusal)}
                          for move, refusal in item.refusals]}
            for item in turn.lost_reasons()]
    return lost or None


def computer_decision(play: MatchPlay, level: object) -> dict | None:
    """What the computer at ``level`` does for the side to act now (see the module docstring)."""
    if level is None:
        return None
    level = _level(level)
    game = play.current
    phase = game.phase
    chosen = None
    if phase == OPENING_PHASE:
        actions = [{"act": "opening"}]
    elif phase == ROLL_PHASE:
        double = "double" in play.allowed() and cube_decision(game.position, game.cube, play.match,
                                                              _chances(game.position, level))["double"]
        actions = [{"act": "double" if double else "roll"}]
    elif phase == MOVE_PHASE:
        turn = game.turn
        chosen = choose_play(turn.start, turn.roll, level)
        actions = [{"act": "undo"} for _move in turn.moves]
        if chosen is not None:
            actions += [{"act": "move", "from": m.start, "to": m.end, "die": m.die} for m in chosen.moves]
        actions.append({"act": "confirm"})
    elif phase == TAKE_PHASE:
        take = take_decision(game.position, game.cube, play.match, _chances(game.position, level))["take"]
        actions = [{"act": "take" if take else "pass"}]
    elif phase == RESIGN_PHASE:
        offer = game.resign_offer
        accept = accept_resignation(game.position, offer.loser, offer.kind, game.cube.value)["accept"]
        actions = [{"act": "accept" if accept else "decline"}]
    elif phase == GAME_OVER:
        actions = [{"act": "next-game"}]
    else:
        actions = []
    return {"level": level, "actions": actions, "play": chosen.notation if chosen is not None else None}


def _chances(position: Position, level: str) -> dict | None:
    """The chances a level's cube decisions start from: one roll deep for a level that looks ahead."""
    return roll_estimate(position) if LEVELS[level].lookahead else None


def hint_answer(request: dict) -> dict:
    """The ``hint`` op: the top plays for the roll, with the mover's chances after each."""
    request = read_object(request, "a request")
    if "position" not in request or "dice" not in request:
        raise InvalidRequestError("a hint request has a position and dice")
    position = read_position(request["position"])
    count = read_int(request.get("n", 3), "n", 1, MAX_HINTS)
    level = _level(request.get("level", STRONGEST))
    hints = hint(position, request["dice"], count, level)
    for entry in hints:
        entry["text"] = to_text(Position.from_json(entry["position"]))
    return {"hints": hints}


def ranked_plays(request: dict) -> dict:
    """The ``plays`` op with ``rank``: every legal play of the roll, the computer's best first."""
    turn = replay(request)
    level = _level(request["rank"])
    ranked = rank_plays(turn.start, parse_dice(request["dice"]), level)  # a roll: two dice, not the dice left
    return {"plays": [{"notation": play.notation, "moves": [move.to_json() for move in play.moves],
                       "equity": round(score, 4)} for play, _mine, score in ranked]}


def read_any(value: object, turn: str = WHITE) -> tuple[Position, str, tuple[int, int] | None]:
    """A pasted position in any of its forms (``interchange.read_position_text`` for text), which form it was,
    and the dice the form carries (an XGID's, a GNU Backgammon Match ID's) or None."""
    if isinstance(value, dict):
        return Position.from_json(value), "json", None
    if not isinstance(value, str):
        raise InvalidPositionError(f"a position is text or an object, not {quote(value)}")
    return read_position_text(value, turn)


def _bounded(value):
    """A parameter of a position's error as the page may show it: a small number or text, else a bounded quote."""
    if isinstance(value, bool) or value is None or (isinstance(value, int) and abs(value) < 10**6):
        return value
    return value if isinstance(value, str) and len(value) <= 40 else quote(value)


def forms(request: dict) -> dict:
    """The ``forms`` op: the position read from any form (or a game's start), and its forms."""
    if "start" in request:
        position = VARIANTS[read_choice(request["start"], "start", tuple(VARIANTS), InvalidRequestError)].start()
        return _forms_answer(position, "start")
    if "position" not in request:
        raise InvalidRequestError("the request has no position (nor a start)")
    turn = read_choice(request.get("turn", WHITE), "turn", COLORS, InvalidRequestError)
    dice = parse_dice(request["dice"]) if request.get("dice") is not None else None
    try:
        position, read, carried = read_any(request["position"], turn)
        check_playable(position)
    except InvalidPositionError as error:
        if error.code is None:
            raise
        # What is wrong with the position, for the page to say in its language.
        return {"error": str(error), "code": error.code, "params": {key: _bounded(value) for key, value in error.params.items()}}
    return _forms_answer(position, read, dice, carried)


def _forms_answer(position: Position, read: str, dice=None, carried=None) -> dict:
    """``dice``: the roll to write into the XGID; ``carried``: the roll the form read carried."""
    answer = position_answer(position)
    short = position.variant == "short"
    answer.update(read=read, xgid=to_xgid(position, dice) if short else None,
                  gnubg=to_gnubg_id(position) if short else None, dice=list(carried) if carried else None)
    return answer


def analyse_answer(request: dict) -> dict:
    """The ``analyse`` op: some decisions of an open match or a record rated, and the summary with the last ones."""
    global _analysed
    unknown = sorted(str(key) for key in request if key not in ("op", "match", "record", "from", "count"))
    if unknown:
        raise InvalidRequestError(f"unknown field(s) of an analyse request: {quote(', '.join(unknown))}")
    if ("match" in request) == ("record" in request):
        raise InvalidRequestError("an analyse request carries the id of an open match ('match') or a match record "
                                  "('record')")
    if "match" in request:
        try:
            session = session_named(request["match"])
        except NoSuchMatch as error:
            return {"error": str(error), "code": "no-such-match"}
        # The session object itself, not its id: an id closed and reused names another match.
        key, head = (session, session.seq), {"match": session.id, "seq": session.seq}
        record = session.play.record()
    else:
        record = request["record"]
        key, head = json.dumps(record, ensure_ascii=False, separators=(",", ":"), sort_keys=True), {}
    if _analysed is None or _analysed[0] != key:
        try:
            _analysed = (key, decisions(record), {})
        except RecordError as error:
            _analysed = None
            return {"error": str(error), "where": {"game": error.game, "action": error.action}}
    _key, found, rated = _analysed
    total = len(found)
    start = read_int(request.get("from", 0), "from", 0, total)
    count = read_int(request.get("count", 4), "count", 1, MAX_ANALYSED)
    end = min(total, start + count)
    for index in range(start, end):
        if index not in rated:
            rated[index] = rate(found[index])
    answer = {**head, "total": total, "from": start, "decisions": [rated[index] for index in range(start, end)],
              "next": end if end < total else None}
    if end == total:
        for index in range(total):  # normally all there already: the page asks in order
            if index not in rated:
                rated[index] = rate(found[index])
        answer["summary"] = summary([rated[index] for index in range(total)])
    return answer


def import_answer(request: dict) -> dict:
    """The ``import`` op: a match text read and opened as a match; or where and why it does not read."""
    unknown = sorted(str(key) for key in request if key not in ("op", "text"))
    if unknown:
        raise InvalidRequestError(f"unknown field(s) of an import request: {quote(', '.join(unknown))}")
    if not isinstance(request.get("text"), str):
        raise InvalidRequestError(f"an import request carries the match as text, not {quote(request.get('text'))}")
    try:
        record = read_match_text(request["text"])
    except MatReadError as error:
        return error.to_json()
    return open_session(MatchPlay.from_record(read_record(record))).full()


__all__ = ["analyse_answer", "computer_decision", "forms", "handle", "hint_answer", "import_answer", "ranked_plays",
           "read_any"]
