"""The play page's JSON operation ``game``: a match record in, the new record and its state out.

``nardy_rules.live.handle`` sends ``{"op": "game", ...}`` here. Requests:

- ``{"op": "game", "new": {"variant": "short", "length": 5, "players": {...}, "start": "nardy:..."}}``:
  a new match (``players`` and ``start``, a set-up position every game starts from, optional).
- ``{"op": "game", "record": {...}}``: the state of a stored record (a page
  reloaded, a match resumed).
- ``{"op": "game", "record": {...}, "action": {"act": "roll", "dice": [3, 1]}}``:
  play one action (any recorded act, or ``undo`` / ``next-game``).
- ``"export": true`` with a record: also the match as text
  (``nardy_rules.matfile``): ``{"export": {"format", "extension", "text"}}``.

Answers: ``{"record": {...}, "state": {...}}`` (``nardy_rules.game.MatchState.to_json``).
An action the rules do not allow now answers the unchanged record and state
with ``"refused": {"code", "message", "reason"}``, ``reason`` being the
engine's refusal of a move (``{"code", "params", "key"}``, translated by the page as
on the rules boards) or null. A record that does not read answers
``{"error": "...", "where": {"game": g, "action": k}}``: the page drops it and
says why. Nothing here raises.

Speed: the page sends back the record it was given, with one more action. The
last match played is kept (one entry) and reused when the next request's
record is, as JSON text, exactly the record of the last answer, so an action
costs one action, not reading and re-playing the whole match; any other
record is read and re-played from the start. The answers are the same either
way (the text, unlike ``==``, tells ``1`` from ``true`` or ``1.0``).
"""

from __future__ import annotations

import json

from .contract import quote
from .errors import NardyError
from .game import ActionError, MatchPlay, play_action
from .game_record import RecordError, new_record, read_record
from .matfile import export_text

_REQUEST_KEYS = {"op", "new", "record", "action", "export"}

#: (the last answer's record as JSON text, the match re-played up to it).
_last: tuple[str, MatchPlay] | None = None


def handle_game(request: dict, extra: dict | None = None) -> dict:
    """Answer one ``game`` request; bad input becomes ``{"error": ...}``.

    ``extra`` maps more fields to ``function(play, value)``, called for every
    answer after the action with the request's value of that field (None when
    it has none); the answer carries a result that is not None under the same
    name (``nardy_rules.play_live``: the computer's decision, why dice are
    lost). A ``NardyError`` it raises is the request's error.
    """
    global _last
    extra = extra or {}
    try:
        unknown = sorted(str(key) for key in request if key not in _REQUEST_KEYS and key not in extra)
        if unknown:
            raise NardyError(f"unknown field(s) of a game request: {quote(', '.join(unknown), as_json=True)}")
        if ("new" in request) == ("record" in request):
            raise NardyError("a game request carries either 'new' (a match to start) or 'record'")
        if "new" in request:
            new = request["new"]
            if not isinstance(new, dict) or not set(new) <= {"variant", "length", "players", "start"}:
                raise NardyError(f"new {quote(new, as_json=True)}: an object with variant, length and optional "
                                 "players and start")
            play = MatchPlay.from_record(read_record(new_record(new.get("variant"), new.get("length"),
                                                                new.get("players"), new.get("start"))))
        else:
            play = _play_for(request["record"])
        export = request.get("export", False)
        if not isinstance(export, bool):
            raise NardyError(f"export {quote(export, as_json=True)}: true or false")
        answer: dict = {}
        if "action" in request:
            try:
                play_action(play, request["action"])
            except ActionError as error:
                answer["refused"] = {"code": error.code, "message": str(error), "reason": _reason(error)}
        record = play.record().to_json()
        _last = (_text(record), play)
        answer["record"] = record
        answer["state"] = play.state().to_json()
        if export:
            answer["export"] = export_text(record)
        for key, function in extra.items():
            value = function(play, request.get(key))
            if value is not None:
                answer[key] = value
        return answer
    except RecordError as error:
        _last = None
        return {"error": str(error), "where": {"game": error.game, "action": error.action}}
    except NardyError as error:
        _last = None
        return {"error": str(error)}


def forget() -> None:
    """Drop the kept match (the next request re-plays its record from the start)."""
    global _last
    _last = None


def _play_for(data: object) -> MatchPlay:
    """The match re-played up to the record ``data``: the kept one when it is that record, else a replay."""
    if _last is not None and _text(data) == _last[0]:
        return _last[1]
    return MatchPlay.from_record(read_record(data))


def _text(data: object) -> str | None:
    """A record as compact JSON text (None for what JSON cannot write)."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None


def _reason(error: ActionError) -> dict | None:
    refusal = error.refusal
    if refusal is None:
        return None
    # With the message key, as nardy_rules.live.reason_json: the page translates it as on the rules boards.
    return {"code": refusal.code, "params": dict(refusal.params), "key": refusal.message_key}
