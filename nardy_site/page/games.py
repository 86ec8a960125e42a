"""Whole games of the articles: a match record in the repository, re-played step by step through the rules.

A replay block (``game: <name>``, ``nardy_site.page.blocks``) names a record
``data/games/<name>.json`` in the play page's format
(``nardy_rules.game_record``: a single game of the computer with seeded dice,
written by ``scripts/article_game.py``). :func:`load_game` reads it with the
engine's one record reader and re-plays every action through the rules
(``nardy_rules.game.MatchPlay``): a refused action or a record that does not
read raises :class:`GameError` naming the file and the action.

The replay cuts the game into **steps**, one per thing a reader steps
through: a turn played (``play``), a roll that cannot be played
(``no-move``), or a double with its answer (``cube``). Each step carries the
positions before and after it, and the **rule events** it shows: which rule
of the rules page applies there, found by asking the engine (a move that
hits, a checker entered, an entry point that refuses a die, a move refused by
the head rule or the six-block rule, the first-move exception, bearing off,
doubles, dice lost, the cube, the result). The page's notes on the game must
link each event's section the first time it happens
(:func:`first_events`, :data:`SECTIONS`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from nardy_rules import NardyError, Position, Turn, to_text
from nardy_rules.game import MatchPlay
from nardy_rules.game_record import read_record
from nardy_rules.play import Play
from nardy_rules.position import BAR, OFF

from ..paths import ROOT, display

#: Where the records of the articles' games are: ``data/games/<name>.json``.
FOLDER = ROOT / "data" / "games"
#: A record's name: lower-case letters, digits and hyphens (it is also a file name).
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")

#: Rule event -> the sections of the rules page (``<variant>.md#<id>``) that state the rule (the first is
#: its own; dice lost to a closed entry point are stated under entering too). A replay's notes link one of
#: them at the first step showing the event.
SECTIONS = {
    "short": {
        "first-move": ("short.md#first-move",),
        "hit": ("short.md#hitting",),
        "enter": ("short.md#entering",),
        "entry-refused": ("short.md#entering",),
        "doubles": ("short.md#moving",),
        "dice-lost": ("short.md#moving", "short.md#entering"),
        "double": ("short.md#cube",),
        "bear-off": ("short.md#bearing-off",),
        "result": ("short.md#mars-and-koks",),
    },
    "long": {
        "first-move": ("long.md#first-move",),
        "head-rule": ("long.md#head-rule",),
        "first-move-exception": ("long.md#head-rule",),
        "six-block": ("long.md#six-block",),
        "doubles": ("long.md#doubles",),
        "dice-lost": ("long.md#no-move",),
        "bear-off": ("long.md#bearing-off",),
        "result": ("long.md#winning",),
    },
}


class GameError(ValueError):
    """A game record that cannot be found, read or re-played (one line: the file and why)."""


@dataclass(frozen=True)
class Step:
    """One step of a replayed game (see the module's docstring)."""

    #: Counted from 1.
    number: int
    #: ``play``, ``no-move`` or ``cube``.
    kind: str
    #: The side that plays, or that doubles.
    side: str
    #: The roll (``play``, ``no-move``); None for ``cube``.
    dice: tuple[int, int] | None
    #: The position before the step, with ``side`` on roll.
    before: Position
    #: The position after it (the other side on roll), or the final position.
    after: Position
    #: The play (``play``); None otherwise.
    play: Play | None = None
    #: The cube after the step: its value and owner (None: in the middle).
    cube: tuple[int, str | None] = (1, None)
    #: ``cube``: whether the double was taken.
    taken: bool = False
    #: The rule events of :data:`SECTIONS` this step shows.
    events: frozenset = field(default_factory=frozenset)

    @property
    def notation(self) -> str:
        """The play in notation (White's numbering); "" for a step without one."""
        return self.play.notation if self.play is not None else ""

    @property
    def own_notation(self) -> str:
        """The play in the mover's own numbering, as a reader sees it written (Black's ``12/17`` is its ``13/8``);
        "" for a step without one."""
        return self.play.own_notation if self.play is not None else ""


@dataclass(frozen=True)
class Game:
    """A record re-played: its JSON, its steps, its result and score."""

    name: str
    path: Path
    record: dict
    variant: str
    steps: tuple[Step, ...]
    #: The final state of the match (``nardy_rules.game.MatchState``).
    state: object

    @property
    def start(self) -> Position:
        return self.steps[0].before if self.steps else Position.start()

    @property
    def result(self):
        return self.state.result


def record_path(name: str) -> Path:
    return FOLDER / f"{name}.json"


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a record, or None."""
    if not name or not set(name) <= NAME_CHARS or name.startswith("-") or len(name) > 64:
        return f"{name[:40]!r} is not a game's name: lower-case letters, digits and hyphens (data/games/<name>.json)"
    return None


@cache
def load_game(name: str) -> Game:
    """The record ``data/games/<name>.json`` re-played; :class:`GameError` when it cannot be."""
    problem = name_problem(name)
    if problem:
        raise GameError(problem)
    path = record_path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise GameError(f"{display(path)}: cannot read the game's record: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise GameError(f"{display(path)}: the game's record is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise GameError(f"{display(path)}: the game's record is not JSON: {error}") from None
    return replay_game(data, name, path)


def replay_game(data: object, name: str = "game", path: Path | None = None) -> Game:
    """A record given as JSON, re-played into steps (:class:`GameError` naming ``path`` and the action)."""
    where = display(path) if path is not None else name
    record, play, steps = replay_steps(data, where)
    if record.start is not None:
        raise GameError(f"{where}: an article's game starts from the game's own start, not a set-up position")
    state = play.state(scoresheet=False)
    if state.result is None:
        raise GameError(f"{where}: the game is not over: an article's game is played to the end")
    return Game(name, path or Path(name), record.to_json(), record.variant, steps, state)


def replay_steps(data: object, where: str = "game"):
    """(the record, its ``MatchPlay`` after the last action, the steps) of a record of one game, played or not
    to its end; :class:`GameError` naming ``where`` and the action when it does not read or replay."""
    try:
        record = read_record(data)
    except NardyError as error:
        raise GameError(f"{where}: {error}") from None
    if len(record.games) != 1:
        raise GameError(f"{where}: an article's record holds one game, this one holds {len(record.games)}")
    play = MatchPlay(record.variant, record.length, record.players, record.start)
    builder = _Steps(record.variant)
    for k, action in enumerate(record.games[0], 1):
        game = play.current
        before = game.turn.start if game.turn is not None else game.position
        sheet = len(game.sheet)
        try:
            play.act(action)
        except NardyError as error:
            raise GameError(f"{where}: action {k} {json.dumps(action.to_json())}: {error}") from None
        builder.add(play, action, before, game.sheet[sheet:])
    finished = play.current.phase in ("game-over", "match-over")
    return record, play, builder.finish() if finished else tuple(builder.steps)


class _Steps:
    """The steps of a game as its actions are played."""

    def __init__(self, variant: str):
        self.variant = variant
        self.steps: list[Step] = []
        self.first_move_done: set[str] = set()

    def add(self, play: MatchPlay, action, before: Position, entries: list[dict]) -> None:
        game = play.current
        cube = (game.cube.value, game.cube.owner)
        for entry in entries:
            kind = entry["kind"]
            if kind == "play":
                dice = tuple(entry["dice"])
                turn = Turn(before, dice)
                for move in entry["moves"]:
                    turn.move(move["from"], move["to"], move["die"])
                after = game.position if game.phase != "move" else turn.play().result
                self._append("play", entry["side"], dice, before, after, play=turn.play(), cube=cube)
            elif kind == "cannot-move":
                dice = tuple(entry["dice"])
                side = entry["side"]
                start = before.with_turn(side)
                self._append("no-move", side, dice, start, start.with_turn(game.side or start.turn), cube=cube)
            elif kind == "double":
                position = before.with_turn(entry["side"])
                self._append("cube", entry["side"], None, position, position, cube=cube)
            elif kind in ("take", "pass"):
                last = self.steps[-1]
                self.steps[-1] = Step(last.number, last.kind, last.side, None, last.before, last.after,
                                      cube=cube, taken=kind == "take",
                                      events=frozenset({"double"}))
            # opening (the first play carries its dice), resign/accept/decline: no step of their own
        del action  # the entries say what happened

    def _append(self, kind, side, dice, before, after, play=None, cube=(1, None)) -> None:
        events = set()
        if kind != "cube":
            events |= _turn_events(self.variant, before, dice, play, first=side not in self.first_move_done)
            self.first_move_done.add(side)
        if not self.steps:
            events.add("first-move")
        self.steps.append(Step(len(self.steps) + 1, kind, side, dice, before, after, play, cube, False,
                               frozenset(events)))

    def finish(self) -> tuple[Step, ...]:
        if self.steps:
            last = self.steps[-1]
            self.steps[-1] = Step(last.number, last.kind, last.side, last.dice, last.before, last.after, last.play,
                                  last.cube, last.taken, last.events | {"result"})
        return tuple(self.steps)


#: The refusals a step's events name (reason code -> event), looked for in every state of the turn.
_REFUSAL_EVENTS = {"head-rule": "head-rule", "six-block": "six-block"}


def _turn_events(variant: str, before: Position, dice, play: Play | None, first: bool) -> set[str]:
    """The rule events of one turn: from its play's moves and from what the engine refuses on the way."""
    events = set()
    moves = play.moves if play is not None else ()
    if dice[0] == dice[1] and moves:
        events.add("doubles")
    if any(move.hit for move in moves):
        events.add("hit")
    if any(move.start == BAR for move in moves):
        events.add("enter")
    if any(move.end == OFF for move in moves):
        events.add("bear-off")
    turn = Turn(before, dice)
    color = before.turn
    head = 24 if color == "white" else 12
    if variant == "long" and first and dice[0] == dice[1] and sum(1 for m in moves if m.start == head) == 2:
        events.add("first-move-exception")
    for index in range(len(moves) + 1):
        events |= _refusals(turn, variant)
        if index < len(moves):
            move = moves[index]
            turn.move(move.start, move.end, move.die)
    if turn.lost_dice and not turn.position.is_game_over():
        events.add("dice-lost")
    return events


def _refusals(turn: Turn, variant: str) -> set[str]:
    """The events of what the engine refuses in this state of the turn: every checker, every die left."""
    found = set()
    position = turn.position
    color = position.turn
    own = position.own_board(color)
    dice = sorted(set(turn.remaining))
    if position.HAS_BAR and position.bar(color):
        for die in dice:
            refusal = turn.check(BAR, position.to_white(color, 25 - die))
            if refusal is not None and refusal.code == "point-closed":
                found.add("entry-refused")
        return found
    for own_point in range(1, 25):
        if not own[own_point]:
            continue
        start = position.to_white(color, own_point)
        for die in dice:
            end = OFF if own_point - die <= 0 else position.to_white(color, own_point - die)
            refusal = turn.check(start, end)
            if refusal is not None and refusal.code in _REFUSAL_EVENTS:
                found.add(_REFUSAL_EVENTS[refusal.code])
    del variant
    return found


def first_events(game: Game) -> dict[str, int]:
    """Each rule event of the game's variant that happens in it -> the number of the first step showing it."""
    first: dict[str, int] = {}
    for step in game.steps:
        for event in sorted(step.events):
            first.setdefault(event, step.number)
    return {event: first[event] for event in SECTIONS[game.variant] if event in first}


def position_text(position: Position) -> str:
    return to_text(position)
