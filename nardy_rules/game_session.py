"""A match kept open by whoever hosts it (the play page's worker, a game server): actions in, changes out.

A page used to send the whole match record with every action; a long match's
record passes any sensible bound on a request (a 25-point long-nardy match
is about 400 KB, a 64-point one over 1 MB). A :class:`MatchSession` holds the
match being played instead, so an action costs one action on the wire both
ways: the answer says how the record and the scoresheet changed, not what
they are.

- :meth:`MatchSession.full`: ``{"match", "seq", "record", "state"}``, the
  whole record and state (with every game's scoresheet): what a page needs
  when it opens or resumes a match, or finds it missed a change.
- :meth:`MatchSession.act`: one action (any recorded act, ``undo`` or
  ``next-game``): ``{"match", "seq", "change", "state"}`` where ``state`` has
  no ``scoresheet`` and ``change`` is::

      {"base": 7, "game": 2, "at": 5, "actions": [...], "sheet_at": 3, "sheet": [...]}

  game ``game`` (from 1; one more than the record holds when the action
  began a game) keeps its first ``at`` actions and first ``sheet_at``
  scoresheet entries and gains ``actions`` and ``sheet``. Only the last
  game ever changes. ``base`` is the ``seq`` the change applies to: a
  holder whose ``seq`` differs missed a change and asks for :meth:`full`.
  An action the rules do not allow answers ``{"match", "seq", "refused"}``
  and changes nothing.

``seq`` counts the changes since the session opened; it is not stored in the
record (a session opened again from its record starts at 0).
"""

from __future__ import annotations

from .game import ActionError, MatchPlay, play_action


class MatchSession:
    """One match being played, under an id its holder chose."""

    def __init__(self, ident: str, play: MatchPlay):
        self.id = ident
        self.play = play
        self.seq = 0

    def full(self) -> dict:
        """The whole record and state."""
        return {"match": self.id, "seq": self.seq, "record": self.play.record().to_json(),
                "state": self.play.state().to_json()}

    def act(self, action: object) -> dict:
        """Play one action (JSON); the change it made and the new state, or why it was refused."""
        play = self.play
        games = len(play.games)
        actions = list(play.current.actions)
        sheet = list(play.current.sheet)
        try:
            play_action(play, action)
        except ActionError as error:
            return {"match": self.id, "seq": self.seq, "refused": refusal_json(error)}
        base = self.seq
        self.seq += 1
        game = play.current
        if len(play.games) != games:  # a game begun: the new one is all change
            actions, sheet = [], []
        at = _common(actions, game.actions)
        sheet_at = _common(sheet, game.sheet)
        change = {"base": base, "game": len(play.games), "at": at,
                  "actions": [item.to_json() for item in game.actions[at:]],
                  "sheet_at": sheet_at, "sheet": [dict(entry) for entry in game.sheet[sheet_at:]]}
        return {"match": self.id, "seq": self.seq, "change": change, "state": play.state(scoresheet=False).to_json()}


def refusal_json(error: ActionError) -> dict:
    """An action not allowed now, as answers carry it: ``{"code", "message", "reason"}``.

    ``reason`` is the engine's refusal of a move with its message key (``{"code", "params", "key"}``,
    translated by a page as on the rules boards), or null.
    """
    refusal = error.refusal
    reason = None if refusal is None else {"code": refusal.code, "params": dict(refusal.params), "key": refusal.message_key}
    return {"code": error.code, "message": str(error), "reason": reason}


def _common(before: list, after: list) -> int:
    """How many items the two lists share from the start (by identity: the match appends and takes back)."""
    count = 0
    for old, new in zip(before, after):
        if old is not new:
            break
        count += 1
    return count
