"""The play page's JSON operation ``game``: matches kept open in the worker, actions in, changes out.

``nardy_rules.live.handle`` sends ``{"op": "game", ...}`` here. A match is
opened once, from a new match or a whole record, and then played by its id
(``nardy_rules.game_session``: one action costs one action on the wire,
however long the match):

- ``{"op": "game", "new": {"variant": "short", "length": 5, "players": {...}, "start": "nardy:..."}}``:
  opens a new match (``players`` and ``start``, a set-up position every game
  starts from, optional).
- ``{"op": "game", "record": {...}}``: opens a stored or pasted record (a
  page reloaded, a match resumed, an import). The one request that carries a
  record: its text may be up to ``nardy_rules.contract.MAX_RECORD_CHARS``
  long (``nardy_rules.live.handle_json``), where every other request is held
  to ``MAX_JSON_CHARS``.
- ``{"op": "game", "match": "m1", "action": {"act": "roll", "dice": [3, 1]}}``:
  one action on an open match (any recorded act, or ``undo`` / ``next-game``).
- ``{"op": "game", "match": "m1"}``: the open match's whole record and state
  again (a page that missed a change).
- ``"export": true``: also the match as text (``nardy_rules.matfile``):
  ``{"export": {"format", "extension", "text"}}``.

Answers: opening a match, or asking for it by id with nothing else,
answers :meth:`~nardy_rules.game_session.MatchSession.full`
(``{"match", "seq", "record", "state"}``); an action answers
:meth:`~nardy_rules.game_session.MatchSession.act` (``{"match", "seq",
"change", "state"}``, or ``"refused": {"code", "message", "reason"}`` with
nothing changed); a request by id with only ``export`` (or the callers'
extra fields, below) answers ``{"match", "seq"}`` and those. ``new`` or
``record`` with an ``action`` opens the match, plays the action and answers
the whole record and state (with ``refused`` when it was not allowed): a
stateless form for the command line and tests. A record that does not read
answers ``{"error": "...", "where": {"game": g, "action": k}}``; an id that
names no open match answers ``{"error", "code": "no-such-match"}``, and the
page opens its record again. Nothing here raises.

The worker keeps the :data:`MAX_OPEN` matches used last (a page plays one at
a time; its set-up editor and a second game in another tab may open more).
The play page's other ops reach the same matches: ``import`` opens one
(:func:`open_session`), ``analyse`` rates one by its id
(:func:`session_named`; ``nardy_rules.play_live``).
"""

from __future__ import annotations

from .contract import quote
from .errors import NardyError
from .game import ActionError, MatchPlay, play_action
from .game_record import RecordError, new_record, read_record
from .game_session import MatchSession, refusal_json
from .matfile import export_text

_REQUEST_KEYS = {"op", "new", "record", "match", "action", "export"}
_OPENERS = ("new", "record", "match")

#: The most matches kept open; opening one more closes the one used longest ago.
MAX_OPEN = 8
#: The longest match id read (ids are made here: ``m1``, ``m2``, ...).
MAX_ID_CHARS = 24

#: The open matches by id, the one used last at the end.
_open: dict[str, MatchSession] = {}
_opened = 0


def handle_game(request: dict, extra: dict | None = None) -> dict:
    """Answer one ``game`` request; bad input becomes ``{"error": ...}``.

    ``extra`` maps more fields to ``function(play, value)``, called for every
    answer after the action with the request's value of that field (None when
    it has none); the answer carries a result that is not None under the same
    name (``nardy_rules.play_live``: the computer's decision, why dice are
    lost). A ``NardyError`` it raises is the request's error.
    """
    extra = extra or {}
    try:
        unknown = sorted(str(key) for key in request if key not in _REQUEST_KEYS and key not in extra)
        if unknown:
            raise NardyError(f"unknown field(s) of a game request: {quote(', '.join(unknown), as_json=True)}")
        if sum(key in request for key in _OPENERS) != 1:
            raise NardyError("a game request carries one of 'new' (a match to start), 'record' (a match to open) "
                             "or 'match' (the id of an open match)")
        export = request.get("export", False)
        if not isinstance(export, bool):
            raise NardyError(f"export {quote(export, as_json=True)}: true or false")
        if "match" in request:
            session = session_named(request["match"])
            if "action" in request:
                answer = session.act(request["action"])
            elif export or any(key in request for key in extra):
                answer = {"match": session.id, "seq": session.seq}
            else:
                answer = session.full()
        else:
            session = open_session(_new_play(request["new"]) if "new" in request else
                                    MatchPlay.from_record(read_record(request["record"])))
            refused = None
            if "action" in request:
                try:
                    play_action(session.play, request["action"])
                except ActionError as error:
                    refused = error
                else:
                    session.seq += 1
            answer = session.full()
            if refused is not None:
                answer["refused"] = refusal_json(refused)
        if export:
            answer["export"] = export_text(session.play.record().to_json())
        for key, function in extra.items():
            value = function(session.play, request.get(key))
            if value is not None:
                answer[key] = value
        return answer
    except RecordError as error:
        return {"error": str(error), "where": {"game": error.game, "action": error.action}}
    except NoSuchMatch as error:
        return {"error": str(error), "code": "no-such-match"}
    except NardyError as error:
        return {"error": str(error)}


class NoSuchMatch(NardyError):
    """An id that names no open match (never opened here, or closed since)."""


def close_all() -> None:
    """Close every open match (a test's fresh worker)."""
    _open.clear()


def _new_play(new: object) -> MatchPlay:
    if not isinstance(new, dict) or not set(new) <= {"variant", "length", "players", "start"}:
        raise NardyError(f"new {quote(new, as_json=True)}: an object with variant, length and optional players and start")
    return MatchPlay.from_record(read_record(new_record(new.get("variant"), new.get("length"),
                                                        new.get("players"), new.get("start"))))


def open_session(play: MatchPlay) -> MatchSession:
    """Keep ``play`` open under a new id (closing the match used longest ago past :data:`MAX_OPEN`)."""
    global _opened
    _opened += 1
    session = MatchSession(f"m{_opened}", play)
    _open[session.id] = session
    while len(_open) > MAX_OPEN:
        del _open[next(iter(_open))]
    return session


def session_named(ident: object) -> MatchSession:
    """The open match ``ident`` names; :class:`NoSuchMatch` when none is open under it (a ``NardyError``)."""
    if not isinstance(ident, str) or not 0 < len(ident) <= MAX_ID_CHARS:
        raise NardyError(f"match {quote(ident, as_json=True)}: the id of an open match (text)")
    session = _open.pop(ident, None)
    if session is None:
        raise NoSuchMatch(f"no match {quote(ident, as_json=True)} is open here: open its record again")
    _open[ident] = session  # used last: kept longest
    return session
