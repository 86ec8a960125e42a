"""The engine's own answers for every diagram's example turn, recorded at build time.

A live board sends every question as a request of ``nardy_rules.live`` to one
``answer(request)`` (assets/engine/nardy-answer.js). Before the rules engine has
started in the page's worker, the board answers from its record instead: for
each diagram, the build enumerates every state of its example turn (every
order of single moves the engine accepts, orders that meet in the same
position with the same dice left sharing a state) and stores
``nardy_rules.live.handle``'s answer to every request the board makes there.
The page's script (assets/engine/nardy-embedded.js) walks the record with the
request's moves and returns what ``handle`` would; anything the record does
not hold goes to the worker.

One small JSON file per board, ``<page>/nardy-answers/<figure id>.json``
(:data:`FOLDER`, next to the page's ``index.html``), fetched on the first sign
of interest in that board (one file per page would put the fetch and parse of
the whole page's records between a reader's first click and its answer)::

    {"format": 1,
     "shared": [{...}, ...],
     "turns": [{"position": "nardy:...", "dice": [3, 1], "places": [1, ..., 24, "bar"],
                "states": [{"answer": {...}, "next": [1, 2, ...],
                            "targets": [0, 0, 3, ...],
                            "checks": [[13, 8, null, {...}], ...]}, ...],
                "plays": {...}}, ...],
     "positions": {"nardy:...": {...}, ...}}

- ``turns``: the diagram's turn (none without dice), found by the request's
  ``position`` (the compact text form) and ``dice``. State 0 is the turn's start.
- ``answer``: the ``state`` op's answer there, without ``moves``, the one part
  that depends on the order the moves were made in: the page composes it
  from the moves walked (``legal_moves[i]`` of each state on the way).
- ``next[i]``: the state after ``answer.legal_moves[i]``.
- ``places`` and ``targets``: the ``targets`` op's answer for every place a
  board may ask about (1..24 and the bar: empty places too, whose answer says
  why nothing moves from there), as indexes into ``shared``, the table of
  the answers many states share; in every state but the end of a turn
  (where the board passes the turn instead).
- ``checks``: the ``check`` op's answers, ``[from, to, die or null, answer]``
  (the play page's opening record, ``nardy_site.figures.opening``, gives the
  answer as its index in ``shared``, and with ``"walk_only": true`` keeps of
  each ``answer`` only ``legal_moves``: it answers no ``state`` op):
  for the block's ``refuse`` lines (without a die, as a click asks) in the
  state they are refused in: the start, or after the moves before ``then``;
  and for each of its ``show`` moves in the state it is played from (with
  its die, as "play the example" asks).
- ``plays``: the ``plays`` op's answer (the same in every state of the turn).
- ``positions``: the ``position`` op's answers: a diagram without dice, and
  every position a turn ends in (the next side "to roll").

The size grows with the states of a turn, not with its orders of moves.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import posixpath
from pathlib import Path

from nardy_rules import NardyError, Position, Turn, from_text, live, to_text

from ..page.blocks import better_plays
from ..page.games import replay_game
from ..translations.languages import ROOT
from .diagram import shown_moves

#: Records already made, by what made them (see :func:`page_json`).
CACHE = ROOT / "build" / "answers"

#: The records' folder, next to the page they serve: ``<page>/nardy-answers/<figure id>.json``.
FOLDER = "nardy-answers"
FORMAT = 1


class AnswersError(RuntimeError):
    """The engine did not answer a request the build makes (a bug, not a reader's mistake)."""


def _answer(turn: Turn, request: dict) -> dict:
    """``handle(request)`` for a request about ``turn`` (the state its moves lead to), without replaying them."""
    try:
        return live.turn_answer(turn, request)
    except NardyError as error:
        raise AnswersError(f"the engine refused {json.dumps(request)[:200]}: {error}") from None


def _move(move) -> dict:
    return {"from": move.start, "to": move.end, "die": move.die}


def _plain(move: dict) -> dict:
    """A move of an answer as a request gives it: without ``hit``."""
    return {"from": move["from"], "to": move["to"], "die": move["die"]}


#: Every place a board may ask the targets of: 1..24 and the bar (in long nardy the engine says
#: there is no checker on it; a board never asks, as its layout has no bar).
PLACES = (*range(1, 25), "bar")


def states(position: Position, dice) -> list[tuple[Turn, list[dict], list[int]]]:
    """Every state of the turn: (the turn there, the moves of one way there, the state after each legal move).

    State 0 is the start; orders of moves that meet in the same position with
    the same dice left share one state; a state without moves ends the turn.
    """
    found: list = []
    index: dict = {}

    def visit(turn: Turn, moves: list[dict]) -> int:
        key = (turn.position, turn.remaining)
        if key in index:
            return index[key]
        number = index[key] = len(found)
        found.append(None)
        following = []
        for move in turn.legal_moves():
            after = turn.copy()
            after.move(move.start, move.end, move.die)
            following.append(visit(after, moves + [_move(move)]))
        found[number] = (turn, moves, following)
        return number

    visit(Turn(position, dice), [])
    return found


class Record:
    """The record of a board's example (:meth:`add`; of several, in tests); :meth:`to_json` is its file."""

    def __init__(self):
        self.shared: list[dict] = []
        self._shared_index: dict[str, int] = {}
        self.turns: dict[tuple, dict] = {}
        self._found: dict[tuple, list] = {}
        self.positions: dict[str, dict] = {}

    def add_game(self, game) -> None:
        """Record a replay (``nardy_site.page.games.Game``): the ``state`` answer at the start of every turn and
        every position between turns, so that stepping through the game needs no engine; a move the reader
        tries there is answered by the engine (the record holds no state after one)."""
        for step in game.steps:
            self._position(to_text(step.before))
            if step.dice is None:
                continue
            key = (to_text(step.before), tuple(step.dice))
            if key in self.turns:
                continue
            answer = _answer(Turn(step.before, step.dice), {**self._request(key, []), "op": "state"})
            answer.pop("moves")
            self.turns[key] = {"position": key[0], "dice": list(key[1]), "places": [],
                               "states": [{"answer": answer, "next": []}]}
        if game.steps:
            self._position(to_text(game.steps[-1].after))

    def add(self, position: Position, dice, refuse=(), show=(), more=()) -> None:
        """Record a diagram: its position, its dice (or None), its refused moves as (start, end) or
        (start, end, [[start, end], ...] played before), the (start, end, die) of its shown moves, in order,
        and ``more`` such sequences (a mistake's play)."""
        if dice is None:
            self._position(to_text(position))
            return
        key = (to_text(position), tuple(dice))
        if key not in self.turns:
            self._turn(key, position, dice)
        record, found = self.turns[key], self._found[key]
        for start, end, *before in refuse:
            number, moves = 0, []
            for before_start, before_end in (before[0] if before else []):
                # The first legal move from there to there, as a click makes it (the board asks no die).
                legal = record["states"][number]["answer"]["legal_moves"]
                index = next(i for i, m in enumerate(legal) if (m["from"], m["to"]) == (before_start, before_end))
                moves = moves + [{"from": before_start, "to": before_end, "die": legal[index]["die"]}]
                number = found[number][2][index]
            self._check(key, found, number, moves, start, end, None)
        for sequence in (show, *more):
            number, moves = 0, []
            for start, end, die in sequence:
                self._check(key, found, number, moves, start, end, die)
                legal = record["states"][number]["answer"]["legal_moves"]
                index = next(i for i, m in enumerate(legal) if (m["from"], m["to"], m["die"]) == (start, end, die))
                number, moves = found[number][2][index], moves + [{"from": start, "to": end, "die": die}]

    def _check(self, key, found, number, moves, start, end, die) -> None:
        """The ``check`` op's answer for a move from state ``number`` (reached by ``moves``), once."""
        checks = self.turns[key]["states"][number].setdefault("checks", [])
        if any(item[:3] == [start, end, die] for item in checks):
            return
        request = {**self._request(key, moves), "op": "check", "from": start, "to": end}
        if die is not None:
            request["die"] = die
        checks.append([start, end, die, _answer(found[number][0], request)])

    @staticmethod
    def _request(key: tuple, moves: list[dict]) -> dict:
        return {"position": key[0], "dice": list(key[1]), "moves": moves}

    def _turn(self, key: tuple, position: Position, dice) -> None:
        record_states = []
        found = states(position, dice)
        for number, (turn, moves, following) in enumerate(found):
            request = self._request(key, moves)
            answer = _answer(turn, {**request, "op": "state"})
            # The page composes "moves" from the legal moves of the states walked: they must be those moves.
            echoed = answer.pop("moves")
            if len(answer["legal_moves"]) != len(following) or [_plain(m) for m in echoed] != moves:
                raise AnswersError(f"{key}: the state op's moves are not the turn's after {moves}")
            entry = {"answer": answer, "next": following}
            if number == 0 or not answer["complete"]:
                entry["targets"] = [self._share(_answer(turn, {**request, "op": "targets", "from": place}))
                                    for place in PLACES]
            if answer["next_text"] is not None:
                self._position(answer["next_text"])
            record_states.append(entry)
        self._found[key] = found
        plays = _answer(found[0][0], {**self._request(key, []), "op": "plays"})
        self.turns[key] = {"position": key[0], "dice": list(key[1]), "places": list(PLACES),
                           "states": record_states, "plays": plays}

    def _share(self, answer: dict) -> int:
        """The index of ``answer`` in the table of answers many states share."""
        text = json.dumps(answer, sort_keys=True)
        if text not in self._shared_index:
            self._shared_index[text] = len(self.shared)
            self.shared.append(answer)
        return self._shared_index[text]

    def _position(self, text: str) -> None:
        if text not in self.positions:
            answer = live.handle({"op": "position", "position": text})
            if "error" in answer:
                raise AnswersError(f"the engine refused the position {text}: {answer['error']}")
            self.positions[text] = answer

    def to_json(self) -> dict:
        return {"format": FORMAT, "shared": self.shared, "turns": list(self.turns.values()),
                "positions": self.positions}



def _input(block) -> list:
    if block.is_game:  # a replay: its game, by name (the record's content is in the key of the cache)
        return ["game", block.value("game"), json.loads(json.dumps(block.game.record))]
    more = []
    if block.value("better") is not None:
        more.append([[m.start, m.end, m.die] for m in better_plays(block)[1].moves])
    return [to_text(block.position), list(block.dice) if block.dice else None,
            [[line.start, line.end, [list(step) for step in line.before]] for line in block.refusals()],
            [list(move) for move in shown_moves(block)], more]


def inputs(blocks) -> list:
    """What records are made from: each block's position text, dice, refused and shown moves (and a mistake's
    play); a replay's game."""
    return [_input(block) for block in blocks]


def for_inputs(items) -> Record:
    page = Record()
    for item in items:
        if item[0] == "game":
            page.add_game(replay_game(item[2], item[1]))
            continue
        text, dice, refuse, show, *more = item
        page.add(from_text(text), dice, [tuple(i) for i in refuse], [tuple(i) for i in show],
                 [[tuple(i) for i in sequence] for sequence in (more[0] if more else [])])
    return page


def for_blocks(blocks) -> Record:
    """One record of verified diagram blocks (a board's is of its own block)."""
    return for_inputs(inputs(blocks))


@functools.lru_cache(maxsize=1)
def _engine_digest() -> str:
    """The engine and this module, whose code alone makes a record from its inputs."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "nardy_rules").glob("*.py")) + [Path(__file__)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def board_records(blocks) -> list[str]:
    """Each block's record as JSON text, in order; a page's are kept in ``build/answers/`` by what made them.

    Every language's page has the same blocks, so the languages' builds (separate
    processes) compute each page's records once; the key holds the engine's code
    and the blocks' inputs, so a change to either makes new ones.
    """
    items = inputs(blocks)
    engine = _engine_digest()[:16]
    cached = CACHE / f"{engine}-{hashlib.sha256(json.dumps(items).encode()).hexdigest()[:32]}.json"
    try:
        return json.loads(cached.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    texts = [json.dumps(for_inputs([item]).to_json(), ensure_ascii=False, separators=(",", ":")) for item in items]
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        for old in CACHE.glob("*.json"):  # records of another engine are never read again
            if not old.name.startswith(engine):
                old.unlink(missing_ok=True)
        partial = cached.with_name(f"{cached.stem}.{os.getpid()}.tmp")
        partial.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, cached)  # whole or not at all, when two builds write it at once
    except OSError:
        pass  # a folder that cannot be written: no cache, the same records
    return texts


def write_page(blocks, site_dir, dest_uri: str) -> list[Path]:
    """Write each block's record into :data:`FOLDER` next to the page (``dest_uri``: its ``.../index.html``)."""
    if not blocks:
        return []
    if posixpath.basename(dest_uri) != "index.html":
        raise AnswersError(f"{dest_uri}: the live boards' answers sit next to a page's index.html "
                           "(use_directory_urls: true)")
    folder = Path(site_dir) / posixpath.dirname(dest_uri) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for block, text in zip(blocks, board_records(blocks)):
        paths.append(folder / f"{block.id}.json")
        paths[-1].write_text(text, encoding="utf-8")
    return paths
