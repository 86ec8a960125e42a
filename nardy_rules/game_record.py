"""The match record: what happened in a match, as versioned JSON, and its reader.

A record holds only what happened (dice rolled, single moves, the turn's
confirmation, cube actions, resignations), never what follows from the rules
(positions, scores, results); :func:`nardy_rules.game.replay` re-plays it
through the rules. The page keeps it in the browser's storage and sends it
with every request, so the reader is strict: anything it does not know raises
:class:`RecordError`, naming the game and action and quoting a bounded
excerpt (:func:`nardy_rules.contract.quote` with ``as_json``), and the page
drops the stored record with that message::

    {"format": "nardy-match", "version": 1, "variant": "short", "length": 5,
     "players": {"white": "Ali", "black": "Vali"},
     "games": [{"actions": [
         {"act": "opening", "dice": [3, 1]},
         {"act": "move", "from": 8, "to": 5, "die": 3},
         {"act": "move", "from": 6, "to": 5, "die": 1},
         {"act": "confirm"},
         {"act": "double"}, {"act": "take"},
         {"act": "roll", "dice": [6, 4]}]}]}

- ``length``: the match is won by the first to this many points (1..64,
  GNU Backgammon's limit); 0 is a single game (for short nardy a money game:
  the cube without match rules). ``players`` is optional (names of at most
  32 printable characters).
- ``score`` (version 2, optional): ``{"white": a, "black": b}``, the score
  before the first game, for a match written down from the middle (a file
  that starts at a score); each below the length. As GNU Backgammon reads such
  a file, the first game is the Crawford game when exactly one side is a point
  short, and every game after it is post-Crawford.
- ``games``: one entry per game begun; the last one is the game in progress.
- Actions (``act``, then only the keys listed):

  ============  ===================  =========================================
  act           keys                 meaning
  ============  ===================  =========================================
  ``opening``   ``dice`` [w, b]      each side rolls one die (White's, Black's);
                                     every roll is kept, ties included
  ``roll``      ``dice`` [a, b]      the side on roll rolls both dice
  ``move``      ``from``, ``to``,    one checker, one die, White's numbering
                ``die`` (optional)   (``"bar"``, ``"off"``)
  ``confirm``                        the turn's moves are final
  ``double``                         short nardy: offer the cube
  ``take``                           take the double
  ``pass``                           pass it: the game ends
  ``resign``    ``kind``, ``side``   the side on roll offers to resign: a
                (both optional)      ``single`` game, a ``mars`` or a ``koks``
                                     (short nardy); without ``kind``, the most
                                     the position could cost (records made
                                     before the choice existed). ``side``
                                     (version 2): the side *not* on roll
                                     resigns instead (FIBS and DailyGammon allow
                                     it), before the side on roll has moved
  ``accept``                         the opponent accepts: the game ends
  ``decline``                        the opponent declines: play goes on
  ============  ===================  =========================================

Numbers in messages (game 2, action 14) count from 1.

**Versions.** Version 1 is the format above without ``score`` and the
resignation's ``side``; version 2 adds them. A record is written in the lowest
version that holds it (:meth:`Record.to_json`), so a record that uses neither
reads in an engine that knows only version 1; the reader takes both and
refuses a version-2 key in a version-1 record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .contract import quote, quote_list
from .errors import NardyError
from .interchange import from_text, to_text
from .play import check_playable
from .position import BAR, COLORS, OFF
from .scoring import RESULT_POINTS

FORMAT = "nardy-match"
#: The newest version read and written; :data:`VERSIONS` are all those read.
VERSION = 2
VERSIONS = (1, 2)
VARIANT_NAMES = ("short", "long")
#: GNU Backgammon's longest match (MAXSCORE), so every record can be exported.
MAX_LENGTH = 64
MAX_NAME = 32

OPENING = "opening"
ROLL = "roll"
MOVE = "move"
CONFIRM = "confirm"
DOUBLE = "double"
TAKE = "take"
PASS = "pass"
RESIGN = "resign"
ACCEPT = "accept"
DECLINE = "decline"

#: act -> the keys it may carry besides "act" (required ones first, then optional).
ACTION_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    OPENING: (("dice",), ()),
    ROLL: (("dice",), ()),
    MOVE: (("from", "to"), ("die",)),
    CONFIRM: ((), ()),
    DOUBLE: ((), ()),
    TAKE: ((), ()),
    PASS: ((), ()),
    RESIGN: ((), ("kind", "side")),
    ACCEPT: ((), ()),
    DECLINE: ((), ()),
}

#: What a resignation may offer, in the order of their value (which of them each game knows: ``RESULT_KINDS``).
RESIGN_KINDS = tuple(RESULT_POINTS)

_RECORD_KEYS = {"format", "version", "variant", "length", "players", "games", "start", "score", "crawford"}
#: What version 2 added: record keys, and keys of actions.
_V2_RECORD_KEYS = {"score", "crawford"}
_V2_ACTION_KEYS = {"side"}
_REQUIRED_KEYS = ("variant", "length", "games")


class RecordError(NardyError):
    """A record that does not read, or an action in it that the rules refuse.

    ``game`` and ``action`` (counted from 1) say where, when the problem is
    inside a game; ``refusal`` carries the engine's reason for a refused move.
    """

    def __init__(self, message: str, game: int | None = None, action: int | None = None, refusal=None):
        super().__init__(message)
        self.game = game
        self.action = action
        self.refusal = refusal


@dataclass(frozen=True)
class Action:
    """One recorded action: ``act`` and, for some, dice, a single move or what a resignation offers."""

    act: str
    dice: tuple[int, int] | None = None
    start: int | str | None = None
    end: int | str | None = None
    die: int | None = None
    #: A resignation's offer (``single``, ``mars``, ``koks``); None: the most the position could cost.
    kind: str | None = None
    #: A resignation by the side not on roll: that side (version 2); None: the side on roll resigns.
    side: str | None = None

    def to_json(self) -> dict:
        out: dict = {"act": self.act}
        if self.dice is not None:
            out["dice"] = list(self.dice)
        if self.act == MOVE:
            out["from"], out["to"] = self.start, self.end
            if self.die is not None:
                out["die"] = self.die
        if self.kind is not None:
            out["kind"] = self.kind
        if self.side is not None:
            out["side"] = self.side
        return out


@dataclass(frozen=True)
class Record:
    """A record that has been read: its header and each game's actions."""

    variant: str
    length: int
    players: Mapping[str, str] | None
    games: tuple[tuple[Action, ...], ...]
    #: The position every game starts from, in the compact text form; None: the game's own start.
    start: str | None = None
    #: The score before the first game (version 2); None: 0 to 0.
    score: Mapping[str, int] | None = None
    #: Whether the first game (at ``score``) is the Crawford game; None: as GNU Backgammon assumes.
    crawford: bool | None = None

    @property
    def version(self) -> int:
        """The lowest version that holds this record."""
        uses_v2 = self.score is not None or any(action.side is not None for game in self.games for action in game)
        return 2 if uses_v2 else 1

    def to_json(self) -> dict:
        out: dict = {"format": FORMAT, "version": self.version, "variant": self.variant, "length": self.length}
        if self.start is not None:
            out["start"] = self.start
        if self.score is not None:
            out["score"] = dict(self.score)
        if self.crawford is not None:
            out["crawford"] = self.crawford
        if self.players is not None:
            out["players"] = dict(self.players)
        out["games"] = [{"actions": [action.to_json() for action in game]} for game in self.games]
        return out


def new_record(variant: object, length: object, players: object = None, start: object = None,
               score: object = None, crawford: object = None) -> dict:
    """The record of a match about to start (one game, no action yet); checked like any record."""
    data: dict = {"format": FORMAT, "version": VERSION, "variant": variant, "length": length,
                  "games": [{"actions": []}]}
    if players is not None:
        data["players"] = players
    if start is not None:
        data["start"] = start
    if score is not None:
        data["score"] = score
    if crawford is not None:
        data["crawford"] = crawford
    return read_record(data).to_json()


def read_record(data: object) -> Record:
    """Check the shape of a record and every value in it; the rules are checked by replaying."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a match record is a JSON object, not {quote(data, as_json=True)}")
    if data.get("format") != FORMAT:
        raise RecordError(f"format {quote(data.get('format'), as_json=True)}: not a match record (expected {FORMAT!r})")
    version = data.get("version")
    if not _is_int(version):
        raise RecordError(f"version {quote(version, as_json=True)}: a whole number")
    if version not in VERSIONS:
        raise RecordError(f"version {quote(version)} is not supported: this engine reads versions "
                          f"{', '.join(map(str, VERSIONS))}")
    unknown = sorted(str(key) for key in data
                     if key not in _RECORD_KEYS or (version == 1 and key in _V2_RECORD_KEYS))
    if unknown:
        raise RecordError(f"unknown record field(s): {quote(', '.join(unknown), as_json=True)}"
                          + (f" (version {version})" if version == 1 and set(unknown) & _V2_RECORD_KEYS else ""))
    missing = [key for key in _REQUIRED_KEYS if key not in data]
    if missing:
        raise RecordError(f"the record has no {', '.join(missing)}")
    variant = data["variant"]
    if variant not in VARIANT_NAMES:
        raise RecordError(f"variant {quote(variant, as_json=True)}: use 'short' or 'long'")
    length = data["length"]
    if not _is_int(length) or not 0 <= length <= MAX_LENGTH:
        raise RecordError(f"length {quote(length, as_json=True)}: a whole number of points from 1 to {MAX_LENGTH}, "
                          "or 0 for a single game")
    players = _read_players(data.get("players"))
    games = data["games"]
    if not isinstance(games, list) or not games:
        raise RecordError(f"games {quote(games, as_json=True)}: a list with at least one game")
    start = _read_start(data.get("start"), variant)
    score = _read_score(data.get("score"), length)
    crawford = data.get("crawford")
    if crawford is not None and (not isinstance(crawford, bool) or score is None or
                                 sum(score[c] == length - 1 for c in COLORS) != 1):
        raise RecordError(f"crawford {quote(crawford, as_json=True)}: true or false, with a score at which exactly "
                          "one side is a point short of the match")
    return Record(variant, length, players,
                  tuple(_read_game(g, game, version) for g, game in enumerate(games, 1)), start, score, crawford)


def _read_score(score: object, length: int) -> dict | None:
    """The score before the first game: each side's points, whole numbers below the match length."""
    if score is None:
        return None
    if not isinstance(score, Mapping) or set(score) != set(COLORS):
        raise RecordError(f"score {quote(score, as_json=True)}: an object with exactly 'white' and 'black'")
    if length == 0:
        raise RecordError(f"score {quote(score, as_json=True)}: a single game (length 0) has no score to start from")
    if not all(_is_int(score[c]) and 0 <= score[c] < length for c in COLORS):
        raise RecordError(f"score {quote(score, as_json=True)}: each side's points, whole numbers from 0 to "
                          f"{length - 1} (the match is to {length})")
    return {color: score[color] for color in COLORS}


def _read_start(start: object, variant: str) -> str | None:
    """A set-up start position (the play page's editor): the compact text of a game not yet over, in which
    some side can move (``nardy_rules.play.check_playable``)."""
    if start is None:
        return None
    if not isinstance(start, str):
        raise RecordError(f"start {quote(start, as_json=True)}: a position in the compact text form")
    try:
        position = from_text(start)
    except NardyError as error:
        raise RecordError(f"start {quote(start, as_json=True)}: {error}") from None
    if position.variant != variant:
        raise RecordError(f"start {quote(start, as_json=True)}: a {position.variant}-nardy position in a "
                          f"{variant}-nardy record")
    if position.is_game_over():
        raise RecordError(f"start {quote(start, as_json=True)}: the game is already over there")
    try:
        check_playable(position)
    except NardyError as error:
        raise RecordError(f"start {quote(start, as_json=True)}: {error}") from None
    return to_text(position)


def _read_players(players: object) -> dict | None:
    if players is None:
        return None
    if not isinstance(players, Mapping) or set(players) != set(COLORS):
        raise RecordError(f"players {quote(players, as_json=True)}: an object with exactly 'white' and 'black'")
    out = {}
    for color in COLORS:
        name = players[color]
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
            raise RecordError(f"{color}'s name {quote(name, as_json=True)}: 1 to {MAX_NAME} printable characters")
        out[color] = name.strip()
    return out


def _read_game(g: int, game: object, version: int) -> tuple[Action, ...]:
    if not isinstance(game, Mapping) or set(game) != {"actions"} or not isinstance(game["actions"], list):
        raise RecordError(f"game {g}: {quote(game, as_json=True)} is not an object with an 'actions' list", game=g)
    return tuple(read_action(raw, g, k, version) for k, raw in enumerate(game["actions"], 1))


def read_action(raw: object, game: int | None = None, index: int | None = None, version: int = VERSION) -> Action:
    """One action from its JSON object (of a record of ``version``); ``game`` and ``index`` only say where, in
    messages."""

    def fail(problem: str):
        where = f"game {game}, action {index} " if game is not None else "action "
        return RecordError(f"{where}{quote(raw, as_json=True)}: {problem}", game=game, action=index)

    if not isinstance(raw, Mapping):
        raise fail("an action is an object with an 'act'")
    act = raw.get("act")
    if not isinstance(act, str) or act not in ACTION_KEYS:
        raise fail(f"'act' must be one of {', '.join(ACTION_KEYS)}")
    required, optional = ACTION_KEYS[act]
    extra = sorted(str(key) for key in raw if key != "act" and (
        key not in required + optional or (version == 1 and key in _V2_ACTION_KEYS)))
    if extra:
        raise fail(f"{act} takes no {quote_list(extra)}" + (" in version 1" if version == 1 else ""))
    missing = [key for key in required if key not in raw]
    if missing:
        raise fail(f"{act} needs {', '.join(missing)}")
    if act in (OPENING, ROLL):
        dice = raw["dice"]
        if not isinstance(dice, list) or len(dice) != 2 or not all(_is_die(d) for d in dice):
            raise fail("dice are two whole numbers from 1 to 6, like [3, 1]")
        return Action(act, dice=(dice[0], dice[1]))
    if act == MOVE:
        start, end, die = raw["from"], raw["to"], raw.get("die")
        if not (start == BAR or (_is_int(start) and 1 <= start <= 24)):
            raise fail("'from' is a point 1..24 or 'bar'")
        if not (end == OFF or (_is_int(end) and 1 <= end <= 24)):
            raise fail("'to' is a point 1..24 or 'off'")
        if die is not None and not _is_die(die):
            raise fail("'die' is a whole number from 1 to 6")
        return Action(act, start=start, end=end, die=die)
    if act == RESIGN:
        kind, side = raw.get("kind"), raw.get("side")
        if "kind" in raw and (not isinstance(kind, str) or kind not in RESIGN_KINDS):
            raise fail(f"'kind' is what the resignation offers: {', '.join(RESIGN_KINDS)}")
        if "side" in raw and (not isinstance(side, str) or side not in COLORS):
            raise fail("'side' is the side not on roll that resigns: 'white' or 'black'")
        return Action(act, kind=kind, side=side)
    return Action(act)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_die(value: object) -> bool:
    return _is_int(value) and 1 <= value <= 6
