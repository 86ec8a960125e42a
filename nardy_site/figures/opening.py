"""The engine's answers for the opening of a new game on the play page, recorded at build time.

The play page's first move should not wait for Pyodide (about 3 s cold). The
start of a new game is known before any reader comes: the start position of
each game, the opening roll (36 throws), in long nardy the winner's first
roll (36 more), and every state of that first turn. So the build asks the
engine, as the worker would be asked, every ``game`` request the page sends
from ``new`` to the first ``confirm`` and records the answers; the page's
stand-in (assets/play/nardy-play-opening.js) answers from them until the
engine is ready, and the worker then opens the match from its record
(``nardy_rules.game_live``: the stand-in's match id is one no worker gives,
so the page's next request gets ``no-such-match`` and sends the record).

The ``targets`` and ``check`` answers of those turns are the rules boards'
record (:class:`nardy_site.figures.answers.Record`: every state, every place),
with the ``check`` answer of every place a selected checker cannot go to
(each stored once in ``shared``), and without what the page never asks
there: ``walk_only`` (of each state's ``state`` answer only ``legal_moves``,
which the walk follows; the ``state`` op is left to the engine), no
``plays`` and no ``positions``.

Two files next to the play page, fetched by it only: ``nardy-opening.json``
(:data:`NAME`), preloaded, all a new game's first turn needs, and
``nardy-opening-checks.json`` (:data:`CHECKS_NAME`), the ``check`` answers,
fetched once the reader selects a checker (:func:`split`): they are half the
record, and a phone parses the first file before the first move is possible::

    {"format": 2,
     "values": [...],                     the table of every value below, by index
     "games": {"short": {"keys": [...],  a game state's fields, in the engine's order
                         "lengths": {"0": 0, "1": 1, "3": 0, ...},  match length -> table
                         "records": {"0": {"record", "scoresheet"}, ...},  a new match's
                         "undo": change,
                         "nodes": [{"rows": [[...], ...], "extra": value or null, "text": turn,
                                    "open" | "roll": {"3,1": [node, change]},
                                    "move": [[node, change], ...], "confirm": [node, change]}, ...]},
                                    (extra and every change: an index into values)
               "long": {...}},
     "answers": {...}}                    nardy_site.figures.answers' record of the turns

- ``nodes``: the match's states (node 0: a new match); a node's ``rows``, one
  per table of lengths, are its state's ``keys`` as indexes into ``values``;
  the state of a match of length ``n`` is table ``lengths[n]``'s with
  ``length`` set to ``n`` (the build checks every length against the engine
  and puts lengths whose states differ otherwise into tables of their own).
  A state in a turn is recorded without ``turn.moves`` (orders of moves that
  meet share a node, as the rules boards' states do): the page writes the
  moves it walked, ``turn.legal_moves[i]`` of each node on the way.
- ``extra``: the answer's other fields (``lost``), or null; ``text``: in a
  turn, its start position's text (the turn of ``answers`` that answers the
  ``targets`` and ``check`` requests there).
- ``open`` (opening phase; by the thrown dice), ``roll`` (long nardy's first
  roll), ``move`` (``turn.legal_moves[i]``), ``confirm``: the node an action
  leads to and the change it answers, relative to the record: ``{"back",
  "actions", "sheet_back", "sheet"}`` (``at`` is the actions held less
  ``back``; ``sheet_at`` likewise); a confirmed play's scoresheet entry has
  ``"moves": null``: the moves walked. ``undo`` goes back one node.

In the first file each turn state's ``checks`` are left out, and ``shared``
holds only what ``targets`` name. The second::

    {"format": 2,
     "shared": [...],                     the check answers, each stored once
     "turns": [[[[from, to, die, index], ...], ...], ...]}
                                          per turn of the first file's answers,
                                          per state: its checks, index into shared

The build caches the whole record in ``build/opening/`` under the digest of the
engine's code (:func:`nardy_site.figures.answers.board_records` does the same).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import posixpath
from pathlib import Path

from nardy_rules import from_text, live

from .answers import CACHE as ANSWERS_CACHE
from .answers import PLACES, Record, _engine_digest

#: The record, next to the play page's ``index.html``, and its check answers.
NAME = "nardy-opening.json"
CHECKS_NAME = "nardy-opening-checks.json"
FORMAT = 2
#: The match lengths the page's form offers (assets/play/nardy-play-panel.js, LENGTHS; 0: a single game).
LENGTHS = (0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25)
VARIANTS = ("short", "long")
DICE = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
CACHE = ANSWERS_CACHE.parent / "opening"


class OpeningError(RuntimeError):
    """The engine answered the opening otherwise than the record can hold (a bug, not a reader's mistake)."""


def _ask(request: dict) -> dict:
    answer = live.handle(request)
    if "error" in answer or answer.get("refused"):
        raise OpeningError(f"the engine refused {json.dumps(request)[:200]}: {answer}")
    return answer


class _Values:
    """The table of values many states share, each stored once."""

    def __init__(self):
        self.items: list = []
        self.index: dict[str, int] = {}

    def __call__(self, value) -> int:
        text = json.dumps(value, sort_keys=True)
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(value)
        return self.index[text]


def _bare(state: dict) -> dict:
    """A state as a node holds it: without the scoresheet (the page keeps it) and the moves walked."""
    state = copy.deepcopy(state)
    state.pop("scoresheet", None)
    if state.get("turn"):
        state["turn"]["moves"] = []
    return state


class _Game:
    """One game's nodes, explored through the engine's match sessions (length 0) as the page plays them."""

    def __init__(self, variant: str, answers: Record):
        self.variant = variant
        self.answers = answers
        self.states: list[dict] = []   # each node's bare state (length 0)
        self.paths: list[list] = []    # the actions of one way to each node, from a new match
        self.nodes: list[dict] = []
        self.found: dict[str, int] = {}
        self.undo = None

    def node(self, answer: dict, path: list) -> int:
        state = _bare(answer["state"])
        key = json.dumps(state, sort_keys=True)
        extra = {k: v for k, v in answer.items() if k not in ("match", "seq", "change", "record", "state")}
        if key in self.found:
            number = self.found[key]
            if self.nodes[number]["extra"] != (extra or None):
                raise OpeningError(f"{self.variant}: two ways to one state answer different fields: {path}")
            return number
        number = self.found[key] = len(self.states)
        self.states.append(state)
        self.paths.append(path)
        self.nodes.append({"extra": extra or None})
        turn = state.get("turn")
        if turn and state["phase"] == "move":
            text = live.handle({"op": "position", "position": turn["position"]})["text"]
            self.answers.add(from_text(text), turn["dice"])
            self.nodes[number]["text"] = text  # the turn's start, as the record of its answers names it
        return number

    def explore(self) -> None:
        new = {"op": "game", "new": {"variant": self.variant, "length": 0}}
        self.node(_ask(new), [])
        pending = [0]
        while pending:  # the opening phase, and long nardy's first roll: each from a new match
            number = pending.pop(0)
            state, path = self.states[number], self.paths[number]
            kind = "open" if state["phase"] == "opening" else "roll"
            self.nodes[number][kind] = {}
            for dice in DICE:
                action = {"act": "opening" if kind == "open" else "roll", "dice": list(dice)}
                session = _ask(new)
                counts = [0, 0]
                for before in path:
                    counts = self._counts(_ask({"op": "game", "match": session["match"], "action": before}))
                answer = _ask({"op": "game", "match": session["match"], "action": action})
                known = len(self.states)
                target = self.node(answer, path + [action])
                self.nodes[number][kind][f"{dice[0]},{dice[1]}"] = [target, self._change(answer, counts)]
                if target == known:
                    if self.states[target]["phase"] == "move":
                        self.turn(session["match"], target, self._counts(answer), [])
                    elif self.states[target]["phase"] in ("opening", "roll"):
                        pending.append(target)

    @staticmethod
    def _counts(answer: dict) -> list[int]:
        change = answer["change"]
        return [change["at"] + len(change["actions"]), change["sheet_at"] + len(change["sheet"])]

    @staticmethod
    def _change(answer: dict, counts: list[int]) -> dict:
        change = answer["change"]
        return {"back": counts[0] - change["at"], "actions": change["actions"],
                "sheet_back": counts[1] - change["sheet_at"], "sheet": change["sheet"]}

    def turn(self, match: str, number: int, counts: list[int], moves: list[dict]) -> None:
        """Every move from node ``number`` (reached by ``moves`` this turn), then undone; or the confirm."""
        node, state = self.nodes[number], self.states[number]
        if "confirm" in state["actions"]:  # in a match of its own: a confirmed play is not undone
            match = _ask({"op": "game", "new": {"variant": self.variant, "length": 0}})["match"]
            for before in self.paths[number]:
                _ask({"op": "game", "match": match, "action": before})
            answer = _ask({"op": "game", "match": match, "action": {"act": "confirm"}})
            change = self._change(answer, counts)
            for entry in change["sheet"]:
                if entry.get("moves") is not None:
                    if entry["moves"] != moves:
                        raise OpeningError(f"{self.variant}: the confirmed play's moves are not the turn's: {moves}")
                    entry["moves"] = None
            node["confirm"] = [self.node(answer, self.paths[number] + [{"act": "confirm"}]), change]
            return
        node["move"] = []
        for legal in state["turn"]["legal_moves"]:
            action = {"act": "move", "from": legal["from"], "to": legal["to"], "die": legal["die"]}
            answer = _ask({"op": "game", "match": match, "action": action})
            if answer["state"]["turn"]["moves"] != moves + [legal]:
                raise OpeningError(f"{self.variant}: the turn's moves are not the ones walked: {moves + [legal]}")
            known = len(self.states)
            target = self.node(answer, self.paths[number] + [action])
            node["move"].append([target, self._change(answer, counts)])
            if target == known:
                self.turn(match, target, self._counts(answer), moves + [legal])
            back = _ask({"op": "game", "match": match, "action": {"act": "undo"}})
            undo = self._change(back, self._counts(answer))
            if self.undo is None:
                self.undo = undo
            if undo != self.undo or _bare(back["state"]) != state:
                raise OpeningError(f"{self.variant}: an undo does not lead back to the state before: {moves}")

    def rows(self, values: _Values) -> dict:
        """The nodes with their rows, the lengths' tables, and the records of a new match."""
        keys = list(self.states[0])
        tables: list[list[dict]] = []
        lengths, records = {}, {}
        for length in LENGTHS:
            states = self.states if length == 0 else [self._state(length, path) for path in self.paths]
            new = _ask({"op": "game", "new": {"variant": self.variant, "length": length}})
            records[str(length)] = {"record": new["record"], "scoresheet": new["state"]["scoresheet"]}
            same = []
            for state in states:
                if list(state) != keys:
                    raise OpeningError(f"{self.variant}: a state with other fields: {list(state)}")
                same.append({**state, "length": 0})
            if same not in tables:
                tables.append(same)
            lengths[str(length)] = tables.index(same)
        nodes = []
        for number, node in enumerate(self.nodes):
            rows = [[values(table[number][key]) for key in keys] for table in tables]
            steps = {}  # each step's change as its index in values: a few dozen changes, many thousand steps
            for kind in ("open", "roll"):
                if kind in node:
                    steps[kind] = {dice: [target, values(change)] for dice, (target, change) in node[kind].items()}
            if "move" in node:
                steps["move"] = [[target, values(change)] for target, change in node["move"]]
            if "confirm" in node:
                steps["confirm"] = [node["confirm"][0], values(node["confirm"][1])]
            nodes.append({**node, **steps, "rows": rows, "extra": None if node["extra"] is None else values(node["extra"])})
        return {"keys": keys, "lengths": lengths, "records": records, "undo": values(self.undo), "nodes": nodes}

    def _state(self, length: int, path: list) -> dict:
        """The state a path leads to in a match of ``length`` (a new match replayed, by the stateless form)."""
        new = {"variant": self.variant, "length": length}
        if not path:
            return _bare(_ask({"op": "game", "new": new})["state"])
        record = _ask({"op": "game", "new": new})["record"]
        record["games"][0]["actions"] = path[:-1]
        return _bare(_ask({"op": "game", "record": record, "action": path[-1]})["state"])


def _checks(answers: Record) -> None:
    """The ``check`` answer of every place a selected checker cannot go to, in every state of the turns: an
    illegal move is refused with the engine's reason before the engine is there."""
    for key, turn in answers.turns.items():
        found = answers._found[key]
        for number, (_, moves, _) in enumerate(found):
            state = turn["states"][number]
            if "targets" not in state or state["answer"]["complete"]:
                continue
            for place, index in zip(turn["places"], state["targets"]):
                targets = answers.shared[index]
                if targets.get("reason") or not (targets["paths"] or targets["refused"]):
                    continue  # nothing selected there: a click asks no check
                ends = {item["end"] for item in targets["paths"] + targets["refused"]}
                own = state["answer"]["position"][state["answer"]["turn"]]
                for end in (*PLACES[:24], "off"):
                    # A click on a point of the mover's own selects a checker there: no check is asked.
                    if end != place and end not in ends and not own.get(str(end)):
                        answers._check(key, found, number, moves, place, end, None)
            for item in state.get("checks", []):  # the answers repeat: each stored once, as the targets are
                item[3] = answers._share(item[3])


def record() -> dict:
    """The whole record (JSON), computed from the engine."""
    values = _Values()
    answers = Record()
    games = {}
    for variant in VARIANTS:
        game = _Game(variant, answers)
        game.explore()
        games[variant] = game.rows(values)
    _checks(answers)
    turns = answers.to_json()
    # The page asks only targets and check of these turns (the game answers hold the rest): no position or
    # plays answers, and of each state's answer only the legal moves the walk follows ("walk_only").
    del turns["positions"]
    turns["walk_only"] = True
    for turn in turns["turns"]:
        del turn["plays"]
        for state in turn["states"]:
            state["answer"] = {"legal_moves": state["answer"]["legal_moves"]}
    return {"format": FORMAT, "values": values.items, "games": games, "answers": turns}


def text() -> str:
    """The whole record's text (:func:`split` makes the two files); kept in ``build/opening/`` under the digest of
    the engine's code."""
    own = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:8]
    cached = CACHE / f"{_engine_digest()[:16]}-{own}.json"
    try:
        return cached.read_text(encoding="utf-8")
    except OSError:
        pass
    made = json.dumps(record(), ensure_ascii=False, separators=(",", ":"))
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        for old in CACHE.glob("*.json"):
            old.unlink(missing_ok=True)
        partial = cached.with_name(f"{cached.stem}.{os.getpid()}.tmp")
        partial.write_text(made, encoding="utf-8")
        os.replace(partial, cached)  # whole or not at all, when two builds write it at once
    except OSError:
        pass
    return made


def split(whole: dict) -> tuple[dict, dict]:
    """The record as its two files: without the turns' ``check`` answers, and those answers."""
    main = copy.deepcopy(whole)
    answers = main["answers"]
    shared, kept = answers["shared"], {}
    checks = {"format": FORMAT, "shared": [], "turns": []}
    moved: dict[int, int] = {}
    for turn in answers["turns"]:
        states = []
        for state in turn["states"]:
            items = state.pop("checks", [])
            for item in items:
                if item[3] not in moved:
                    moved[item[3]] = len(checks["shared"])
                    checks["shared"].append(shared[item[3]])
            states.append([[*item[:3], moved[item[3]]] for item in items])
            for number, index in enumerate(state.get("targets", ())):
                state["targets"][number] = kept.setdefault(index, len(kept))
        checks["turns"].append(states)
    answers["shared"] = [None] * len(kept)
    for index, number in kept.items():
        answers["shared"][number] = shared[index]
    return main, checks


def write(site_dir, dest_uri: str) -> list[Path]:
    """Write the record's two files next to the play page (``dest_uri``: its ``.../index.html``)."""
    folder = Path(site_dir) / posixpath.dirname(dest_uri)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, part in zip((NAME, CHECKS_NAME), split(json.loads(text()))):
        paths.append(folder / name)
        paths[-1].write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return paths
