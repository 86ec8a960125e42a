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

Two files in the site's root folder ``play-records/`` (:data:`FOLDER`: the same
bytes for every language, written once by ``nardy_site.build`` after the
languages, :func:`write_root`), fetched by the play page only: ``nardy-opening.json``
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

A confirm node may hold ``"plays": {"<from-to-die>.<...>": [play, own]}``: the texts of the
orders of moves that reach it whose play reads otherwise than the recorded one (:meth:`_Game.orders`).

A figure's share link (``play/#position=<text>&dice=a-b``, :func:`write_links`) gets a record of
its own in the same format, of its first turn: the game's ``"start"`` (a new match from the
position) and ``"forms": {"position": text, "answer"}`` (the ``forms`` answer the page asks first).

The build caches the whole record in ``build/opening/`` under the digest of the
engine's code (:func:`nardy_site.figures.answers.board_records` does the same), and
each link's in ``build/opening/links/``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import posixpath
import random
from pathlib import Path

from nardy_rules import from_text, live
from nardy_rules.turn import Turn

from . import diagram
from .answers import CACHE as ANSWERS_CACHE
from .answers import PLACES, Record, _engine_digest

#: The site's root folder of the play page's records (every language's play page reads the same files).
FOLDER = "play-records"
#: The record and its check answers.
NAME = "nardy-opening.json"
CHECKS_NAME = "nardy-opening-checks.json"
FORMAT = 2
#: The match lengths the page's form offers (assets/play/nardy-play-panel.js, LENGTHS; 0: a single game).
LENGTHS = (0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25)
VARIANTS = ("short", "long")
DICE = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
CACHE = ANSWERS_CACHE.parent / "opening"
#: The most orders of moves walked in one turn to find their plays' texts (:meth:`_Game.orders`).
MAX_ORDERS = 50_000
#: The share links' records in :data:`FOLDER`: their index, and their folder (:func:`write_links`).
LINKS_INDEX = "nardy-links.json"
LINKS_FOLDER = "nardy-links/"
LINKS_CACHE = CACHE / "links"
#: A language build's share links, next to its play page, for ``nardy_site.build`` (:func:`want_links`); read and
#: removed by :func:`write_root`.
WANTED = "nardy-links-wanted.json"


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


def _order_key(moves: list[dict]) -> str:
    """A turn's moves in order, as a confirm node's ``plays`` names them: as a board's link writes moves
    (assets/board/nardy-link.js, ``writeMoves``; the play page's stand-in looks them up so)."""
    return ".".join(f"{move['from']}-{move['to']}-{move['die']}" for move in moves)


def _bare(state: dict) -> dict:
    """A state as a node holds it: without the scoresheet (the page keeps it) and the moves walked."""
    state = copy.deepcopy(state)
    state.pop("scoresheet", None)
    if state.get("turn"):
        state["turn"]["moves"] = []
    return state


class _Game:
    """One game's nodes, explored through the engine's match sessions (length 0) as the page plays them."""

    def __init__(self, variant: str, answers: Record, start: str | None = None, dice=DICE):
        self.variant = variant
        self.answers = answers
        self.start = start  # a position's text: a new match from it (a figure's link), else the start position
        self.dice = dice  # the rolls recorded at each opening or roll
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

    def new(self, length: int = 0) -> dict:
        """The page's request for a new match of ``length``."""
        new = {"variant": self.variant, "length": length}
        if self.start is not None:
            new["start"] = self.start
        return {"op": "game", "new": new}

    def explore(self) -> None:
        self.walk()
        self.orders()

    def walk(self) -> None:
        new = self.new()
        self.node(_ask(new), [])
        pending = [0]
        while pending:  # the opening phase, and long nardy's first roll: each from a new match
            number = pending.pop(0)
            state, path = self.states[number], self.paths[number]
            kind = "open" if state["phase"] == "opening" else "roll"
            self.nodes[number][kind] = {}
            for dice in self.dice:
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
                    elif self.states[target]["phase"] in ("opening", "roll") and self.start is None:
                        pending.append(target)  # a link's record holds its roll's turn alone

    def orders(self) -> None:
        """The texts of each confirmed play walked in another order than the one its confirm was recorded with.

        Orders of moves that meet share a node, but a play's notation follows the order: 6/5 then 8/6 is
        ``8/6 6/5``, 8/6 then 6/5 is ``8/5`` (one checker on). Every order of every turn is walked here (in
        the engine's own turn, no match); a confirm node's ``plays`` holds the texts of the orders whose
        texts differ from its recorded ones, by their moves (``from-to-die`` joined by ``.``). A turn with
        more orders than :data:`MAX_ORDERS` loses its confirms instead (the engine answers them)."""
        starts = {target for node in self.nodes for kind in ("open", "roll") for target, _ in node.get(kind, {}).values()}
        for start in sorted(starts):
            state = self.states[start]
            if state["phase"] != "move":
                continue
            found: dict[int, dict[str, list[str]]] = {}
            count = 0
            stack = [(start, [])]
            while stack and count <= MAX_ORDERS:
                number, moves = stack.pop()
                node = self.nodes[number]
                if "confirm" in node:
                    count += 1
                    turn = Turn(from_text(node["text"]), tuple(state["turn"]["dice"]))
                    for move in moves:
                        turn.move(move["from"], move["to"], move["die"])
                    play = turn.play()
                    found.setdefault(number, {})[_order_key(moves)] = [play.notation, play.own_notation]
                    continue
                legal = self.states[number]["turn"]["legal_moves"]
                stack.extend((target, moves + [legal[at]]) for at, (target, _change) in enumerate(node.get("move", [])))
            if count > MAX_ORDERS:
                for number in self._reachable(start):
                    self.nodes[number].pop("confirm", None)
                continue
            for number, texts in found.items():
                recorded = next(entry for entry in self.nodes[number]["confirm"][1]["sheet"] if entry.get("moves", 0) is None)
                other = {key: pair for key, pair in texts.items() if pair != [recorded["play"], recorded["own"]]}
                if other:
                    self.nodes[number]["plays"] = other

    def _reachable(self, start: int) -> set[int]:
        """The nodes of the turn that starts at node ``start``."""
        seen, pending = {start}, [start]
        while pending:
            for target, _change in self.nodes[pending.pop()].get("move", []):
                if target not in seen:
                    seen.add(target)
                    pending.append(target)
        return seen

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
            match = _ask(self.new())["match"]
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
            new = _ask(self.new(length))
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
        rows = {"keys": keys, "lengths": lengths, "records": records, "undo": values(self.undo), "nodes": nodes}
        return rows if self.start is None else {**rows, "start": self.start}

    def _state(self, length: int, path: list) -> dict:
        """The state a path leads to in a match of ``length`` (a new match replayed, by the stateless form)."""
        if not path:
            return _bare(_ask(self.new(length))["state"])
        record = _ask(self.new(length))["record"]
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
    return _finished(values, games, answers)


def link_record(text: str, dice: tuple[int, int]) -> dict | None:
    """The record of a share link's first turn (``play/#position=<text>&dice=a-b``): the ``forms`` answer of its
    text, a new match from the position, its roll of ``dice`` and every state of that turn, in the format of
    :func:`record` with the game's ``start`` and ``"forms": {"position", "answer"}``; None for a position the
    play page would not open (a game over) or a roll without a move (nothing to play before the engine)."""
    forms = _ask({"op": "forms", "position": text})
    if forms.get("result"):
        return None
    values = _Values()
    answers = Record()
    game = _Game(forms["position"]["variant"], answers, start=forms["text"], dice=(tuple(dice),))
    game.explore()
    if game.undo is None:
        return None
    made = _finished(values, {game.variant: game.rows(values)}, answers)
    return {**made, "forms": {"position": text, "answer": forms}}


def _finished(values: _Values, games: dict, answers: Record) -> dict:
    """The record of the games explored: their turns' answers as the page asks them."""
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


def _cached(folder: Path, key: str, make) -> str:
    """``make()``'s JSON text, kept in ``folder`` under the digest of the engine's code, this module's and ``key``:
    read back while both are the same; the files of another digest are never read again and are removed."""
    prefix = f"{_engine_digest()[:16]}-{hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:8]}"
    cached = folder / f"{prefix}-{key}.json"
    try:
        return cached.read_text(encoding="utf-8")
    except OSError:
        pass
    made = json.dumps(make(), ensure_ascii=False, separators=(",", ":"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.json"):
            if not old.name.startswith(prefix):
                old.unlink(missing_ok=True)
        partial = cached.with_name(f"{cached.stem}.{os.getpid()}.tmp")
        partial.write_text(made, encoding="utf-8")
        os.replace(partial, cached)  # whole or not at all, when two builds write it at once
    except OSError:
        pass  # a folder that cannot be written: no cache, the same record
    return made


def text() -> str:
    """The whole record's text (:func:`split` makes the two files); kept in ``build/opening/``."""
    return _cached(CACHE, "opening", record)


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


def links_of(blocks) -> set[tuple[str, tuple[int, int]]]:
    """The (position text, two dice) of each of a page's figures with a roll of two dice: the share links whose
    first turn :func:`write_links` records."""
    found = set()
    for block in blocks:
        attributes = diagram.board_attributes(block)  # the figure's own position and dice (a replay's first)
        dice = attributes.get("data-dice", "").split("-")
        if len(dice) == 2:
            found.add((attributes["data-position"], (int(dice[0]), int(dice[1]))))
    return found


def link_text(text: str, dice: tuple[int, int]) -> str:
    """:func:`link_record` as JSON text (``null``: no record), kept in ``build/opening/links/``."""
    key = hashlib.sha256(f"{text} {dice[0]}-{dice[1]}".encode()).hexdigest()[:24]
    return _cached(LINKS_CACHE, key, lambda: link_record(text, dice))


def want_links(site_dir, dest_uri: str, links) -> Path:
    """A language build's share links (:func:`links_of` of its pages), their records made (in the cache, where
    the languages' builds, side by side, fill it together) and the links listed in :data:`WANTED` next to the play
    page (``dest_uri``), for :func:`write_root` to gather once every language is built."""
    ordered = sorted(links)
    # The languages' builds (processes side by side) each start at another link, so that they fill the cache
    # together and each then reads the others' records, instead of all computing every record.
    start = random.Random(os.getpid()).randrange(len(ordered)) if ordered else 0
    for link in ordered[start:] + ordered[:start]:
        link_text(*link)
    path = Path(site_dir) / posixpath.dirname(dest_uri) / WANTED
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([[text, list(dice)] for text, dice in ordered]), encoding="utf-8")
    return path


def _wanted(path: Path) -> set[tuple[str, tuple[int, int]]]:
    """The links of one :data:`WANTED` file; a file this module did not write stops the build naming it."""
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
        found = set()
        for text, dice in items:
            a, b = dice
            if not (isinstance(text, str) and all(isinstance(d, int) and 1 <= d <= 6 for d in (a, b))):
                raise ValueError(f"not a position text and two dice: {[text, dice]!r}")
            found.add((text, (a, b)))
        return found
    except (OSError, ValueError, TypeError) as error:
        raise OpeningError(f"{path}: not a list of share links ({error})") from None


def write_root(site_dir, whole: str | None = None) -> list[Path]:
    """``<site_dir>/play-records/``: the record (:func:`write`, ``whole`` its text when the caller has it) and the
    records of every language's share links (:func:`write_links`: the union of the languages' :data:`WANTED`
    files, which are removed)."""
    site_dir = Path(site_dir)
    links: set = set()
    for path in sorted(site_dir.glob(f"*/**/{WANTED}")):
        links |= _wanted(path)
        path.unlink()
    return write(site_dir, whole) + write_links(site_dir, links)


def write_links(site_dir, links) -> list[Path]:
    """The records of the share links of ``links`` (:func:`links_of`) in ``<site_dir>/play-records/``:
    ``nardy-links.json``, ``{"format": 2, "links": {"<text> <a>-<b>": n}}``, and each link's two files (as
    :func:`split` makes them) ``nardy-links/<n>.json`` and ``nardy-links/<n>-checks.json``. The play page reads
    the index only when it opens with a share link."""
    folder = Path(site_dir) / FOLDER
    (folder / LINKS_FOLDER).mkdir(parents=True, exist_ok=True)
    index, paths = {}, []
    for text, dice in sorted(links):
        made = json.loads(link_text(text, dice))
        if made is None:
            continue
        number = len(index)
        index[f"{text} {dice[0]}-{dice[1]}"] = number
        for name, part in zip((f"{number}.json", f"{number}-checks.json"), split(made)):
            paths.append(folder / LINKS_FOLDER / name)
            paths[-1].write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    paths.append(folder / LINKS_INDEX)
    paths[-1].write_text(json.dumps({"format": FORMAT, "links": index}, ensure_ascii=False, separators=(",", ":")),
                         encoding="utf-8")
    return paths


def write(site_dir, whole: str | None = None) -> list[Path]:
    """Write the record's two files into ``<site_dir>/play-records/``; ``whole``: the record's text (:func:`text`),
    read from the cache when not given."""
    folder = Path(site_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, part in zip((NAME, CHECKS_NAME), split(json.loads(text() if whole is None else whole))):
        paths.append(folder / name)
        paths[-1].write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return paths
