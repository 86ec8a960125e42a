"""The play page's JSON operation ``game``: a match record in, the new record and its state out.

``nardy_rules.live.handle`` sends ``{"op": "game", ...}`` here. Requests:

- ``{"op": "game", "new": {"variant": "short", "length": 5, "players": {...}}}``:
  a new match (``players`` optional).
- ``{"op": "game", "record": {...}}``: the state of a stored record (a page
  reloaded, a match resumed).
- ``{"op": "game", "record": {...}, "action": {"act": "roll", "dice": [3, 1]}}``:
  play one action (any recorded act, or ``undo`` / ``next-game``).
- ``"export": true`` with a record: also the match as text
  (``nardy_rules.matfile``): ``{"export": {"format", "extension", "text"}}``.

Answers: ``{"record": {...}, "state": {...}}`` (``nardy_rules.game.MatchState.to_json``).
An action the rules do not allow now answers the unchanged record and state
with ``"refused": {"code", "message", "reason"}``, ``reason`` being the
engine's refusal of a move (``{"code", "params"}``, translated by the page as
on the rules boards) or null. A record that does not read answers
``{"error": "...", "where": {"game": g, "action": k}}``: the page drops it and
says why. Nothing here raises.

Speed: the page sends back the record it was given, with one more action. The
last match played is kept (one entry) and reused when the next request carries
exactly its record, so an action costs one action, not a replay of the whole
match; any other record is re-played from the start. The answers are the same
either way.
"""

from __future__ import annotations

from .errors import NardyError
from .game import ActionError, MatchPlay, play_action
from .game_record import Record, RecordError, excerpt, new_record, read_record
from .matfile import export_text

_REQUEST_KEYS = {"op", "new", "record", "action", "export"}

#: (record, the match re-played up to it) of the last answer.
_last: tuple[Record, MatchPlay] | None = None


def handle_game(request: dict) -> dict:
    """Answer one ``game`` request; bad input becomes ``{"error": ...}``."""
    global _last
    try:
        unknown = sorted(str(key) for key in request if key not in _REQUEST_KEYS)
        if unknown:
            raise NardyError(f"unknown field(s) of a game request: {excerpt(', '.join(unknown))}")
        if ("new" in request) == ("record" in request):
            raise NardyError("a game request carries either 'new' (a match to start) or 'record'")
        if "new" in request:
            new = request["new"]
            if not isinstance(new, dict) or not set(new) <= {"variant", "length", "players"}:
                raise NardyError(f"new {excerpt(new)}: an object with variant, length and optional players")
            record = read_record(new_record(new.get("variant"), new.get("length"), new.get("players")))
        else:
            record = read_record(request["record"])
        export = request.get("export", False)
        if not isinstance(export, bool):
            raise NardyError(f"export {excerpt(export)}: true or false")
        play = _play_for(record)
        answer: dict = {}
        if "action" in request:
            try:
                play_action(play, request["action"])
            except ActionError as error:
                answer["refused"] = {"code": error.code, "message": str(error), "reason": _reason(error)}
        _last = (play.record(), play)
        answer["record"] = _last[0].to_json()
        answer["state"] = play.state().to_json()
        if export:
            answer["export"] = export_text(_last[0].to_json())
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


def _play_for(record: Record) -> MatchPlay:
    """The match re-played up to ``record``: the kept one when it is that record, else a new replay."""
    if _last is not None and _last[0] == record:
        return _last[1]
    return MatchPlay.from_record(record)


def _reason(error: ActionError) -> dict | None:
    refusal = error.refusal
    return {"code": refusal.code, "params": dict(refusal.params)} if refusal is not None else None
