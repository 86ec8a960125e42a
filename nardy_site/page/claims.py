"""Claims: what a page's prose says about its figure or its game, marked in the Markdown and held to the engine.

A sentence that states a fact about a position or a game (how many blots a play
leaves, how many checkers are outside home, which point a play makes, that a
move is refused, how likely a result is, which turn of its game a position is)
carries a marker the reader does not see, right after the sentence, the same in
every language::

    8/3 8/7 esa uchta yolgʻiz dona qoldiradi: 3-, 7- va 8-kataklarda.<!-- claim: blots at=mistake count=3 points=3,7,8 -->

A diagram's caption carries its claims in the block's body, as ``claim:`` lines
(the body is the same in every language)::

    claim: blots at=mistake count=2

Grammar: ``<!-- claim: <kind> <key>=<value> ... -->`` on one line; a value is a
run without spaces or ``"a quoted run"``. What each kind computes, its keys, and
which of its values the sentence must state, is :data:`KINDS`. Every claim is
checked twice:

- **the engine**: the kind's figure is computed from the claim's subject (below)
  and must equal the marker's;
- **the sentence**: each stated value stands in the sentence the marker follows,
  in the page's language: a count as digits or one of the language's number
  words, a point as digits, a die as digits or the language's name of it, a
  word (a mark, a result) as the language's word (``locales/claim_words.toml``;
  code spans, plays in notation and link targets do not count).

**Subject.** A marker inside the notes on a replayed game (a numbered item,
``nardy_site.page.game_notes``) is about that step of the game; a caption's
``claim:`` line about its block; any other marker about the one diagram block of
its section (the innermost section holding one; ``block=<id>`` names another; a
replay block's section: the whole game). ``at=`` picks the position: ``before``
(the block's position, the step's start), ``after`` (after the block's ``show``
or the step's play), ``better`` and ``mistake`` (after a ``better:`` line's
plays), or a play in notation from ``before``; by default ``after`` in a step or
a block that shows a play, else ``before``. ``side=`` (``white``, ``black``,
``mover``, ``opponent``) picks whose checkers; by default the side on roll at
``before``. Points are written in the numbering of the text: in a note on one of
Black's steps Black's own (``nardy_rules.position``: short ``25 - p``, long
``p +- 12``), everywhere else White's, as the diagrams.

Problems are :class:`ClaimError` ``file:line: reason``: a malformed marker stops
the build like a malformed diagram block; a claim the engine or the sentence
contradicts fails the build and the doc tests (``tests/docs/test_prose_claims.py``).
"""

from __future__ import annotations

import re
import shlex
import tomllib
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path

from nardy_rules import NardyError, Position, Turn, legal_plays, other, parse_play
from nardy_rules.dice import ALL_ROLLS
from nardy_rules.notation import parse_tokens
from nardy_rules.position import BAR, OFF
from nardy_rules.reasons import CODES

from ..paths import ROOT
from .excerpt import bounded, excerpt
from .markdown_reader import ClaimMarker, Document, LineError, document, without_code_spans

#: The words a value may be written with in each language.
WORDS = ROOT / "locales" / "claim_words.toml"
#: A play in notation inside a sentence (its digits are not figures the sentence states).
_NOTATION = re.compile(r"(?<![\w/])(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?", re.IGNORECASE)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_WORD = re.compile(r"\w+")
_KEY = re.compile(r"^[a-z][a-z-]*$")


class ClaimError(LineError):
    """A claim that is malformed or that the engine or its sentence contradicts."""


# ---------------------------------------------------------------------- the kinds


@dataclass(frozen=True)
class Kind:
    """A kind of claim: its keys (``required``, ``optional``), which values the sentence states and how
    (key -> ``count``, ``points``, ``point``, ``dice``, ``figure``, ``ordinal``, ``word``), and what it is about
    (``position``: a position; ``turn``: a turn played, with its dice; ``game``: a whole game; ``page``:
    nothing on the page; ``origin``: the game a diagram's position comes from, or a step's game)."""

    required: tuple[str, ...]
    optional: tuple[str, ...]
    stated: dict
    about: str
    doc: str


#: Every kind (CONTRIBUTING.md, "Claims", lists them for writers).
KINDS = {
    "checkers": Kind(("where",), ("count", "points", "new"), {"count": "count", "points": "points"}, "position",
                     "how many of the side's checkers stand at where (a point, home, outside, bar, off, left, head, "
                     "opponent-home), and on which points; new=yes: how many more than before"),
    "blots": Kind((), ("count", "points", "new"), {"count": "count", "points": "points"}, "position",
                  "how many single checkers (blots) the side has on the board, and where; new=yes: those that were "
                  "not blots before"),
    "held": Kind((), ("count", "points", "where"), {"count": "count", "points": "points"}, "position",
                 "the points the side holds (two checkers or more in short nardy, one in long nardy), in its home "
                 "with where=home"),
    "made": Kind((), ("count", "points", "where"), {"count": "count", "points": "points"}, "position",
                 "the points the side holds at 'at' and did not hold before"),
    "run": Kind((), ("count", "from", "to"), {"count": "count", "from": "point", "to": "point"}, "position",
                "the most points in a row the side holds along its way, from and to"),
    "pips": Kind(("count",), ("where",), {"count": "count"}, "position",
                 "the side's pip count; where=home: the pips its checkers outside home still need to come home"),
    "rolls": Kind(("goal", "count"), ("from",), {"count": "count"}, "position",
                  "of the 36 rolls, how many let the side, on roll at the position, enter, hit, bring every checker "
                  "home (home), bear off (bear-off) or move a checker from a point (leave from=)"),
    "chance": Kind(("event", "percent"), (), {"percent": "figure"}, "position",
                   "event=escape-mars: the chance, in whole percent, that the side bears off a checker before the "
                   "other side bears off its last, both playing their best, in a race (no contact); event=mars: "
                   "that it does not (a mars or a koks)"),
    "lost": Kind((), ("count", "dice"), {"count": "count", "dice": "dice"}, "turn",
                 "the dice lost in the turn: how many, which"),
    "refused": Kind(("move", "reason"), ("after",), {"move": "end"}, "turn",
                    "the engine refuses this single move at the start of the turn (or after the moves of after=), "
                    "for this reason; the sentence states where it would land"),
    "leaves": Kind(("from", "dice"), (), {"dice": "dice"}, "position",
                   "the numbers (dice=4,5 or none) with which a checker of the side on roll could leave the point"),
    "hits": Kind(("count",), (), {"count": "count"}, "game",
                 "how many times the side's checkers were hit in the game (up to the step in a note)"),
    "bar-most": Kind(("count",), (), {"count": "count"}, "game",
                     "the most checkers of the side on the bar at once in the game"),
    "turn": Kind(("number",), (), {"number": "ordinal"}, "origin",
                 "the turn of its game the position is (1: the game's first play)"),
    "threshold": Kind(("mark", "loss"), (), {"loss": "figure", "mark": "word"}, "page",
                      "the equity given away from which GNU Backgammon (and the site's analysis) gives this mark"),
    "worst": Kind(("result",), (), {"result": "word"}, "position",
                  "the result the side loses if the other side bears off its last checker now"),
}
PLACES = ("home", "outside", "bar", "off", "left", "head", "opponent-home")
GOALS = ("enter", "hit", "home", "bear-off", "leave")
EVENTS = ("escape-mars", "mars")
MARK_NAMES = ("doubtful", "error", "blunder")
RESULT_NAMES = ("single", "mars", "koks")
COMMON = ("at", "side", "block", "step")
#: The keys whose value is one of a few words.
CHOICES = {"side": ("white", "black", "mover", "opponent"), "goal": GOALS, "event": EVENTS, "mark": MARK_NAMES,
           "result": RESULT_NAMES, "reason": CODES}


@dataclass(frozen=True)
class Claim:
    """One claim: where it is written, what it says, the sentence it follows."""

    path: str
    line: int
    kind: str
    args: dict
    #: The marker's text after ``claim:`` (the same in every language).
    text: str
    sentence: str
    #: The block whose caption the claim is about (a ``claim:`` line), or None for a marker in the prose.
    caption_of: str | None = None

    def error(self, reason: str) -> ClaimError:
        return ClaimError(self.path, self.line, f"claim {excerpt(self.text)}: {reason}")


def parse(text: str) -> tuple[str, dict]:
    """(kind, {key: value}) of a marker's text; ValueError saying why it is malformed."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise ValueError(f"cannot read it ({error})") from None
    if not words:
        raise ValueError("it names no kind; write <kind> <key>=<value> ...")
    kind, *pairs = words
    if kind not in KINDS:
        raise ValueError(f"unknown kind {excerpt(kind)}; use one of {', '.join(KINDS)}")
    spec = KINDS[kind]
    args: dict = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not _KEY.match(key) or not value:
            raise ValueError(f"{excerpt(pair)} is not <key>=<value>")
        if key not in spec.required + spec.optional + COMMON:
            raise ValueError(f"{kind} takes no {key}; its keys: {', '.join(spec.required + spec.optional + COMMON)}")
        if key in args:
            raise ValueError(f"{key} is given twice")
        args[key] = _value(kind, key, value)
    missing = [key for key in spec.required if key not in args]
    if missing:
        raise ValueError(f"{kind} needs {', '.join(missing)}")
    if kind in ("held", "made", "lost", "checkers", "blots", "run") and not set(args) & {"count", "points", "dice",
                                                                                       "from", "to"}:
        raise ValueError(f"{kind} needs a count or what it counts")
    return kind, args


def _whole(value: str, key: str, most: int = 999) -> int:
    if not (value.isascii() and value.isdigit()) or int(value) > most:
        raise ValueError(f"{key}={excerpt(value)} is not a whole number up to {most}")
    return int(value)


def _point(value: str, key: str) -> int:
    point = _whole(value, key, 24)
    if point < 1:
        raise ValueError(f"{key}={excerpt(value)} is not a point 1..24")
    return point


def _value(kind: str, key: str, value: str):
    """A value read for its key (ValueError naming it when it does not read)."""
    if key in ("count", "number", "percent", "step"):
        return _whole(value, key)
    if key == "points":
        return tuple(sorted(_point(v, key) for v in value.split(",")))
    if key in ("from", "to"):
        return _point(value, key)
    if key == "dice":
        if value == "none":
            return ()
        dice = tuple(sorted(_whole(v, key, 6) for v in value.split(",")))
        if not all(1 <= d <= 6 for d in dice):
            raise ValueError(f"dice={excerpt(value)}: dice show 1 to 6")
        return dice
    if key == "where":
        if value in PLACES:
            return value
        try:
            return _point(value, key)
        except ValueError:
            raise ValueError(f"where={excerpt(value)}: a point 1..24 or one of {', '.join(PLACES)}") from None
    if key == "new":
        if value != "yes":
            raise ValueError(f"new={excerpt(value)}: write new=yes or leave it out")
        return True
    if key in CHOICES:
        if value not in CHOICES[key]:
            raise ValueError(f"{key}={excerpt(value)}: one of {', '.join(CHOICES[key])}")
        return value
    if key == "loss":
        if not re.fullmatch(r"0\.\d{1,3}", value):
            raise ValueError(f"loss={excerpt(value)}: a figure like 0.04")
        return value
    if key == "move":
        paths = parse_tokens(value)
        if len(paths) != 1 or len(paths[0]) != 2:
            raise ValueError(f"move={excerpt(value)}: one single move <from>/<to>")
        return value
    if key in ("at", "after"):
        if key == "at" and value in ("before", "after", "better", "mistake"):
            return value
        parse_tokens(value)  # a play in notation
        return value
    if key == "block":
        return value
    raise ValueError(f"{key} is not a key of {kind}")  # pragma: no cover - parse() checks the keys first


# ---------------------------------------------------------------------- finding the claims of a page


def read_claims(page: str | Document, path: str, blocks=()) -> tuple[list[Claim], list[ClaimError]]:
    """Every well-formed claim of a page (its markers, and the ``claim:`` lines of its diagram blocks) and a
    :class:`ClaimError` for each malformed one, in page order."""
    page = document(page)
    found: list[tuple[int, Claim | ClaimError]] = []
    for marker in page.claims:
        found.append((marker.line, _claim(path, marker)))
    for block in blocks:
        for line, value in block.values("claim"):
            found.append((line, _claim(path, ClaimMarker(line, value, block.caption), block.id)))
    found.sort(key=lambda item: item[0])
    return ([c for _l, c in found if isinstance(c, Claim)], [c for _l, c in found if isinstance(c, ClaimError)])


def _claim(path: str, marker: ClaimMarker, caption_of: str | None = None) -> Claim | ClaimError:
    if marker.body is None:
        return ClaimError(path, marker.line, marker.problem or "a malformed claim marker")
    if not marker.body:
        return ClaimError(path, marker.line, "an empty claim: write <!-- claim: <kind> <key>=<value> ... -->")
    try:
        kind, args = parse(marker.body)
    except (ValueError, NardyError) as error:
        return ClaimError(path, marker.line, f"claim {excerpt(marker.body)}: {bounded(str(error))}")
    if not marker.sentence.strip():
        return ClaimError(path, marker.line, f"claim {excerpt(marker.body)}: no sentence before it; a marker "
                                             "follows the sentence it is about")
    return Claim(path, marker.line, kind, args, " ".join(marker.body.split()), marker.sentence, caption_of)


def claim_key(claim: Claim) -> str:
    """What a claim says, the same in every language (the structure check compares it)."""
    return claim.text


# ---------------------------------------------------------------------- the subject of a claim


@dataclass(frozen=True)
class Subject:
    """What a claim is about: a diagram block's position and plays, a step of a game, or a whole game."""

    label: str
    before: Position | None = None
    dice: tuple | None = None
    #: Named plays: "after" (the block's show or the step's play), "better", "mistake".
    plays: dict = field(default_factory=dict)
    game: object = None
    step: object = None
    origin: object = None
    #: Whose numbering the text's points are in.
    numbering: str = "white"
    #: The play 'at' means by default ("after" or "before").
    default_at: str = "before"


def subjects(page: Document, blocks, holding) -> dict[int, Subject]:
    """{line: the Subject of the step} for every line of every note on a replayed game that holds."""
    from .game_notes import find_notes

    by_id = {block.id: block for block in blocks}
    steps: dict[int, Subject] = {}
    for notes in find_notes(page, "page"):
        block = by_id.get(notes.target)
        if block is None or block not in holding or not block.is_game:
            continue
        game = block.game
        starts = [line for line, _n, _t in notes.items]
        for k, step in enumerate(game.steps[: len(starts)]):
            end = starts[k + 1] if k + 1 < len(starts) else _item_end(page, starts[k])
            subject = _step_subject(game, step, block.id)
            for number in range(starts[k], end):
                steps[number] = subject
    return steps


def _item_end(page: Document, line: int) -> int:
    """The line after the last item of a list that begins at ``line`` (its continuation lines included)."""
    number = line
    while number < len(page.lines) and page.lines[number].strip():
        number += 1
    return number + 1


def _step_subject(game, step, block_id: str) -> Subject:
    plays = {"after": step.play} if step.play is not None else {}
    return Subject(f"{block_id}, step {step.number}", step.before, step.dice, plays, game, step, None,
                   step.side, "after")


def block_subject(block) -> Subject:
    """The subject of a diagram block: its position, dice and plays (the game of a replay block)."""
    from .blocks import better_plays, shown_turn

    if block.is_game:
        return Subject(block.id, game=block.game)
    plays = {}
    dice = block.dice
    default = "before"
    if block.value("better") is not None:
        better, mistake, verdict = better_plays(block)
        plays = {"better": better, "mistake": mistake}
        origin = verdict.origin
    else:
        origin = None
        if block.value("show"):
            turn = shown_turn(block)
            plays = {"after": turn}
            default = "after"
    return Subject(block.id, block.position, tuple(dice) if dice else None, plays, None, None, origin, "white",
                   default)


def subject_of(claim: Claim, page: Document, blocks, holding, steps) -> Subject | None:
    """The subject a claim is about (None for a claim about nothing on the page); ClaimError when there is none."""
    about = KINDS[claim.kind].about
    if about == "page":
        return None
    by_id = {block.id: block for block in blocks}
    if "block" in claim.args:
        block = by_id.get(claim.args["block"])
        if block is None:
            raise claim.error(f"block={claim.args['block']}: no diagram of this page has that id")
    elif claim.caption_of is not None:
        block = by_id[claim.caption_of]
    elif claim.line in steps:
        if "step" in claim.args:
            raise claim.error("step=: a claim in a note is about that note's step")
        return steps[claim.line]
    else:
        block = _section_block(claim.line, page, blocks)
        if block is None:
            raise claim.error("no diagram block in its section or above (or several: name one with block=<id>)")
    if block not in holding:
        raise claim.error(f"its diagram {block.id!r} does not hold (its own problem is named)")
    subject = block_subject(block)
    if "step" in claim.args:
        if subject.game is None:
            raise claim.error("step=: its subject is not a replayed game")
        steps = subject.game.steps
        if not 1 <= claim.args["step"] <= len(steps):
            raise claim.error(f"step={claim.args['step']}: the game has steps 1 to {len(steps)}")
        step = steps[claim.args["step"] - 1]
        # Outside the notes the text numbers the points from White's side, as the diagrams.
        return Subject(f"{block.id}, step {step.number}", step.before, step.dice,
                       {"after": step.play} if step.play is not None else {}, subject.game, step, None, "white",
                       "after")
    return subject


def _section_block(line: int, page: Document, blocks):
    """The one diagram block of the innermost section around ``line`` that has exactly one (None: none or
    several in the innermost section that has any)."""
    around = sorted((h for h in page.headings if h.line <= line <= h.end), key=lambda h: -h.level)
    for heading in around:
        inside = [b for b in blocks if heading.line < b.line <= heading.end]
        if len(inside) == 1:
            return inside[0]
        if inside:
            return None
    inside = [b for b in blocks]
    return inside[0] if len(inside) == 1 else None


# ---------------------------------------------------------------------- the engine's figures


def _side(claim: Claim, subject: Subject, position: Position) -> str:
    side = claim.args.get("side", "mover")
    mover = subject.step.side if subject.step is not None else (subject.before.turn if subject.before else "white")
    if side == "mover":
        return mover
    if side == "opponent":
        return other(mover)
    return side


def _to_white(subject: Subject, position: Position, point: int) -> int:
    return position.to_white(subject.numbering, point)


def _to_text(subject: Subject, position: Position, point: int) -> int:
    return position.to_own(subject.numbering, point)


def _written_play(subject: Subject, text: str):
    """A play written in the text's numbering, from the subject's position with its dice."""
    position = subject.before
    own = subject.numbering != "white"
    if own and position.turn != subject.numbering:
        raise ValueError(f"a play in {subject.numbering}'s numbering, but {position.turn} is on roll")
    return parse_play(position, subject.dice, text, own=own)


def _position_at(claim: Claim, subject: Subject) -> Position:
    at = claim.args.get("at", subject.default_at)
    if subject.before is None:
        raise claim.error("it is about a position, and its subject is a whole game: name a step's note or a block")
    if at == "before":
        return subject.before
    if at in ("after", "better", "mistake"):
        if at not in subject.plays:
            if at == "after" and subject.step is not None:  # a roll that cannot be played: the same position
                return subject.before
            raise claim.error(f"at={at}: its subject {subject.label!r} has no such play")
        played = subject.plays[at]
        return played.position if isinstance(played, Turn) else played.result
    if subject.dice is None or len(subject.dice) != 2:
        raise claim.error(f"at={at}: a play needs the subject's roll of two dice")
    try:
        return _written_play(subject, at).result
    except (NardyError, ValueError) as error:
        raise claim.error(f"at={at}: {bounded(str(error))}") from None


def _own_points(position: Position, side: str) -> dict[int, int]:
    """{own point: count} of ``side``'s checkers on the board."""
    board = position.own_board(side)
    return {q: board[q] for q in range(1, 25) if board[q]}


def _in_home(own_point: int) -> bool:
    return 1 <= own_point <= 6


def _counted(claim, subject, position, side) -> tuple[int, tuple[int, ...]]:
    """(how many, on which points in the text's numbering) of a ``checkers`` claim."""
    where = claim.args["where"]
    own = _own_points(position, side)
    if isinstance(where, int):
        own_point = position.to_own(side, _to_white(subject, position, where))
        return own.get(own_point, 0), ((where,) if own.get(own_point) else ())
    if where == "bar":
        return position.bar(side), ()
    if where == "off":
        return position.off(side), ()
    if where == "left":
        points = own
        count = 15 - position.off(side)
    elif where == "home":
        points = {q: n for q, n in own.items() if _in_home(q)}
        count = sum(points.values())
    elif where == "outside":
        points = {q: n for q, n in own.items() if not _in_home(q)}
        count = sum(points.values()) + position.bar(side)
    elif where == "head":
        if position.variant != "long":
            raise claim.error("where=head: only long nardy has a head")
        points = {24: own.get(24, 0)} if own.get(24) else {}
        count = own.get(24, 0)
    else:  # opponent-home
        theirs = {position.to_white(other(side), q) for q in range(1, 7)}
        points = {q: n for q, n in own.items() if position.to_white(side, q) in theirs}
        count = sum(points.values())
    shown = tuple(sorted(_to_text(subject, position, position.to_white(side, q)) for q in points))
    return count, shown


def _held(position: Position, side: str) -> set[int]:
    """The own points ``side`` holds: as many checkers as close a point to the opponent."""
    return {q for q, n in _own_points(position, side).items() if n >= position.CLOSING_STACK}


def _shown(subject, position, side, own_points) -> tuple[int, ...]:
    return tuple(sorted(_to_text(subject, position, position.to_white(side, q)) for q in own_points))


def _run(position: Position, side: str) -> tuple[int, int, int]:
    """(length, first own point, last own point) of the side's longest run of held points along its way."""
    held = _held(position, side)
    best = (0, 0, 0)
    for start in range(24, 0, -1):
        length = 0
        while start - length in held:
            length += 1
        if length > best[0]:
            best = (length, start, start - length + 1)
    return best


def _rolls(goal: str, position: Position, side: str, start: int | None = None) -> int:
    """Of the 36 rolls, how many give ``side`` (on roll at ``position``) a play that reaches ``goal``
    (``start``: the point, White's numbering, a checker leaves for ``leave``)."""
    turn = position.with_turn(side)

    def reaches(play) -> bool:
        moves = play.moves
        if goal == "enter":
            return any(move.start == BAR for move in moves)
        if goal == "hit":
            return any(move.hit for move in moves)
        if goal == "bear-off":
            return any(move.end == OFF for move in moves)
        if goal == "leave":
            return any(move.start == start for move in moves)
        return not play.result.bar(side) and all(_in_home(q) for q in _own_points(play.result, side))

    return sum(1 for roll in ALL_ROLLS if any(reaches(play) for play in legal_plays(turn, roll)))


def _leaves(position: Position, side: str, point: int) -> tuple[int, ...]:
    """The dice with which a checker of ``side`` on ``point`` (White's numbering) could leave it now."""
    turn_position = position.with_turn(side)
    own = position.to_own(side, point)
    found = []
    for die in range(1, 7):
        end = OFF if own - die < 1 else position.to_white(side, own - die)
        if Turn(turn_position, (die, die)).check(point, end) is None:
            found.append(die)
    return tuple(found)


def _worst(position: Position, side: str) -> str:
    """The result ``side`` loses if the other side bore off its last checker now."""
    winner = other(side)
    board = [0] * 26
    board[0] = 15
    boards = {winner: tuple(board), side: position.own_board(side)}
    finished = type(position)(boards["white"], boards["black"], winner)
    return finished.result().kind


@cache
def escape_mars(position: Position, side: str) -> float:
    """The chance that ``side`` bears off a checker before the other side bears off its last, the side on roll
    at ``position`` rolling first, both playing their best (each to its own end), in a race: no checker can
    meet an opponent's any more (ValueError otherwise). Exact, over every roll."""
    if not _is_race(position):
        raise ValueError("the checkers of both sides can still meet: a chance is computed for a race only")
    white, black = position.own_board("white"), position.own_board("black")
    cls = type(position)

    @cache
    def moves(color: str, board: tuple, roll) -> frozenset:
        # In a race a side's moves do not depend on where the other's checkers stand.
        mine = cls(board, black, color) if color == "white" else cls(white, board, color)
        results = frozenset(play.result.own_board(color) for play in legal_plays(mine, roll))
        return results or frozenset([board])

    rolls = {}
    for roll in ALL_ROLLS:
        key = tuple(sorted(roll, reverse=True))
        rolls[key] = rolls.get(key, 0) + 1

    @cache
    def value(mine: tuple, theirs: tuple, my_turn: bool) -> float:
        total = 0
        for roll, weight in rolls.items():
            if my_turn:
                results = moves(side, mine, roll)
                if any(result[0] for result in results):
                    total += weight
                    continue
                total += weight * max(value(result, theirs, False) for result in results)
            else:
                results = moves(other(side), theirs, roll)
                if any(result[0] == 15 for result in results):
                    continue
                total += weight * min(value(mine, result, True) for result in results)
        return total / 36

    if position.off(side):
        return 1.0
    return value(position.own_board(side), position.own_board(other(side)), position.turn == side)


def _is_race(position: Position) -> bool:
    """No checker of one side can land where the other's stand or pass them: each side's rearmost checker has
    passed the other's rearmost, along both ways (and no checker is on the bar)."""
    if position.bar("white") or position.bar("black"):
        return False
    white = [position.to_white("white", q) for q in _own_points(position, "white")]
    black = [position.to_white("black", q) for q in _own_points(position, "black")]
    if not white or not black:
        return True
    if position.variant == "short":
        return max(white) < min(black)
    # Long nardy: both go the same way round; White's checkers all in 12..1 (its last half) and Black's in
    # 24..13 (its own last half) can no longer stand in each other's way.
    return max(_own_points(position, "white")) <= 12 and max(_own_points(position, "black")) <= 12


def _game_steps(subject: Subject):
    steps = subject.game.steps
    if subject.step is not None:
        steps = steps[: subject.step.number]
    return steps


def figure(claim: Claim, subject: Subject | None):
    """What the engine finds for the claim: {key: value} in the claim's terms (ClaimError when it cannot)."""
    args, kind = claim.args, claim.kind
    if kind == "threshold":
        from nardy_rules.analysis import MARKS

        return {"loss": f"{dict(MARKS)[args['mark']]:.2f}".rstrip("0"), "mark": args["mark"]}
    if kind == "turn":
        if subject.step is not None:
            return {"number": subject.step.number}
        if subject.origin is None:
            raise claim.error("turn: its diagram has no game it comes from (a better: line's verdict keeps one)")
        return {"number": subject.origin.step}
    if kind in ("hits", "bar-most"):
        if subject.game is None:
            raise claim.error(f"{kind}: its subject is not a game (a replay block or a note on one)")
        side = args.get("side")
        if side not in ("white", "black"):
            raise claim.error(f"{kind} needs side=white or side=black")
        steps = _game_steps(subject)
        if kind == "hits":
            return {"count": sum(1 for s in steps if s.play is not None and s.side != side
                                 for move in s.play.moves if move.hit)}
        return {"count": max([s.after.bar(side) for s in steps] + [0])}
    if kind in ("lost", "refused"):
        return _turn_figure(claim, subject)
    position = _position_at(claim, subject)
    side = _side(claim, subject, position)
    if kind == "checkers":
        count, points = _counted(claim, subject, position, side)
        if args.get("new"):
            before, earlier = _counted(claim, subject, subject.before, side)
            count, points = count - before, tuple(p for p in points if p not in earlier)
        return {"count": count, "points": points}
    if kind == "blots":
        blots = {q for q, n in _own_points(position, side).items() if n == 1}
        if args.get("new"):
            blots -= {q for q, n in _own_points(subject.before, side).items() if n == 1}
        return {"count": len(blots), "points": _shown(subject, position, side, blots)}
    if kind in ("held", "made"):
        held = _held(position, side)
        if kind == "made":
            held -= _held(subject.before, side)
        if claim.args.get("where") == "home":
            held = {q for q in held if _in_home(q)}
        return {"count": len(held), "points": _shown(subject, position, side, held)}
    if kind == "run":
        length, first, last = _run(position, side)
        ends = _shown(subject, position, side, {first, last}) if length else ()
        return {"count": length, "from": ends[0] if ends else 0, "to": ends[-1] if ends else 0}
    if kind == "pips":
        if claim.args.get("where") == "home":
            board = position.own_board(side)
            return {"count": sum((q - 6) * board[q] for q in range(7, 26))}
        return {"count": position.pips(side)}
    if kind == "rolls":
        goal = args["goal"]
        if goal == "leave" and "from" not in args:
            raise claim.error("goal=leave needs from=<point>")
        start = _to_white(subject, position, args["from"]) if goal == "leave" else None
        return {"count": _rolls(goal, position, side, start)}
    if kind == "chance":
        try:
            chance = escape_mars(position, side)
        except ValueError as error:
            raise claim.error(str(error)) from None
        return {"percent": round(100 * (chance if args["event"] == "escape-mars" else 1 - chance))}
    if kind == "leaves":
        return {"dice": _leaves(position, side, _to_white(subject, position, args["from"]))}
    if kind == "worst":
        return {"result": _worst(position, side)}
    raise claim.error(f"no figure for {kind}")  # pragma: no cover - KINDS and this function list the same kinds


def _turn_figure(claim: Claim, subject: Subject) -> dict:
    if subject.before is None or subject.dice is None or len(subject.dice) != 2:
        raise claim.error(f"{claim.kind}: its subject has no turn played with two dice")
    turn = Turn(subject.before, subject.dice)
    if claim.kind == "lost":
        played = subject.plays.get("after")
        if played is None and subject.step is None:
            raise claim.error("lost: its subject plays nothing (a block with show: or a note on a step)")
        moves = played.moves if played is not None else ()
        for move in moves:
            turn.move(move.start, move.end, move.die)
        lost = tuple(sorted(turn.lost_dice)) if played is None or turn.complete else ()
        if played is None:
            lost = tuple(sorted(subject.dice if subject.dice[0] != subject.dice[1] else subject.dice * 2))
        return {"count": len(lost), "dice": tuple(sorted(set(lost)))}
    try:
        if "after" in claim.args:
            for move in _written_play_moves(subject, claim.args["after"]):
                refusal = turn.check(move[0], move[1])
                if refusal is not None:
                    raise claim.error(f"after={claim.args['after']}: {move[0]}/{move[1]} is refused itself "
                                      f"({refusal.code})")
                turn.move(move[0], move[1])
        (path,) = parse_tokens(claim.args["move"])
        (start, _hit), (end, _star) = path
        start = start if start == BAR else _to_white(subject, subject.before, start)
        end = end if end == OFF else _to_white(subject, subject.before, end)
        refusal = turn.check(start, end)
    except (NardyError, ValueError) as error:
        raise claim.error(bounded(str(error))) from None
    return {"reason": refusal.code if refusal is not None else None}


def _written_play_moves(subject: Subject, text: str):
    """The single moves (White's numbering) of a play written in the text's numbering, checker by checker."""
    position = subject.before
    out = []
    for path in parse_tokens(text):
        points = [p if p in (BAR, OFF) else _to_white(subject, position, p) for p, _hit in path]
        out.extend(pairwise(points))
    return out


def truth_problem(claim: Claim, subject: Subject | None) -> str | None:
    """Why the engine contradicts the claim, or None."""
    found = figure(claim, subject)
    if claim.kind == "refused":
        have = found["reason"]
        if have is None:
            return f"the engine allows {claim.args['move']}"
        return None if have == claim.args["reason"] else f"the engine refuses {claim.args['move']} for {have}"
    wrong = []
    for key, want in claim.args.items():
        if key not in found:
            continue
        have = found[key]
        if key in ("from", "to") and claim.kind == "run":
            continue
        if have != want:
            wrong.append(f"{key}={_show(have)}")
    if claim.kind == "run" and ("from" in claim.args or "to" in claim.args):
        want = {claim.args.get("from", found["from"]), claim.args.get("to", found["to"])}
        if want != {found["from"], found["to"]}:
            wrong.append(f"from={found['from']} to={found['to']}")
    if wrong:
        return f"the engine finds {' '.join(wrong)}"
    return None


def _show(value) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "none"
    return str(value)


# ---------------------------------------------------------------------- the sentence


@cache
def words() -> dict:
    """The words of ``locales/claim_words.toml``: {language: {table: {key: [forms]}}}."""
    with WORDS.open("rb") as handle:
        return tomllib.load(handle)


def searchable(sentence: str) -> str:
    """The sentence as the check reads it: no code spans, no plays in notation, no link targets."""
    return _NOTATION.sub(" ", _LINK_TARGET.sub("]", without_code_spans(sentence)))


def _figure_pattern(figure: str) -> re.Pattern:
    """A figure as a whole number ("15" not inside "150"); a decimal one with a point or a comma."""
    return re.compile(r"(?<![\d.,])" + re.escape(figure).replace(r"\.", "[.,]") + r"(?![\d]|[.,]\d)")


def _has_word(text: str, forms) -> bool:
    """One of ``forms`` is a word of ``text``: a form ending in * is a stem (a word starting with it), one
    starting with * an ending (a word ending with it: a negative verb's suffix), one with a space words in a row."""
    # A word holds Uzbek's ʻ and ʼ (modifier letters: boʻsh "empty" is not bosh "head"); a casefolded Turkic İ
    # leaves a combining dot (U+0307) behind.
    found = [w.casefold().replace("\u0307", "") for w in _WORD.findall(text)]
    for form in forms:
        form = form.casefold()
        if " " in form:
            *first, last = form.split()
            pattern = "".join(re.escape(w) + " " for w in first) + (
                re.escape(last[:-1]) + r"\S*" if last.endswith("*") else re.escape(last))
            if re.search(rf"(?<!\S){pattern}(?!\S)", " ".join(found)):
                return True
        elif form.endswith("*"):
            if any(w.startswith(form[:-1]) for w in found):
                return True
        elif form.startswith("*"):
            if any(w.endswith(form[1:]) and len(w) > len(form) for w in found):
                return True
        elif form in found:
            return True
    return False


def stated_problem(claim: Claim, lang: str) -> str | None:
    """Why the sentence does not state the claim's values in ``lang``, or None."""
    table = words().get(lang)
    if table is None:
        return f"{WORDS.relative_to(ROOT)} has no words for the language {lang!r}"
    text = searchable(claim.sentence)
    missing = []
    for key, how in KINDS[claim.kind].stated.items():
        if key not in claim.args:
            continue
        value = claim.args[key]
        if how == "end":  # a refused move: written as a move, or where it would land
            if re.search(rf"(?<![\w/]){re.escape(value)}(?![\w/])", without_code_spans(claim.sentence)):
                continue
            (path,) = parse_tokens(value)
            end = path[-1][0]
            value, how = end, ("point" if isinstance(end, int) else None)
            if how is None:
                continue
        if not _states(text, value, how, table):
            missing.append(f"{key}={_show(value) if not isinstance(value, str) else value}")
    if missing:
        return (f"its sentence does not state {', '.join(missing)} in {lang} (digits, or the words of "
                f"{WORDS.relative_to(ROOT)}): {excerpt(claim.sentence, 120)}")
    return None


def _states(text: str, value, how: str, table: dict) -> bool:
    if how == "points":
        return all(_figure_pattern(str(p)).search(text) for p in value)
    if how in ("point", "figure"):
        if bool(_figure_pattern(str(value)).search(text)):
            return True
        return how == "figure" and value == 0 and _has_word(text, table.get("numbers", {}).get("0", ()))
    if how == "count":
        if _figure_pattern(str(value)).search(text):
            return True
        return _has_word(text, table.get("numbers", {}).get(str(value), ()))
    if how == "ordinal":
        return _figure_pattern(str(value)).search(text) is not None or _has_word(
            text, table.get("ordinals", {}).get(str(value), ()))
    if how == "dice":
        if not value:
            return _has_word(text, table.get("numbers", {}).get("0", ()))
        return all(_figure_pattern(str(d)).search(text) or _has_word(text, table.get("dice", {}).get(str(d), ()))
                   for d in value)
    if how == "word":
        return _has_word(text, table.get("words", {}).get(value, ()))
    return False  # pragma: no cover - KINDS names only these


# ---------------------------------------------------------------------- a page's claims checked


def language_of(path: str) -> str | None:
    """The language a page is written in, from its folder (``docs/<lang>/page.md``, ``<lang>/page.md``)."""
    parts = Path(path).parts
    return parts[-2] if len(parts) >= 2 and parts[-2] in words() else None


def verify(claim: Claim, subject: Subject | None, lang: str | None) -> None:
    """Raise :class:`ClaimError` when the engine or the sentence contradicts the claim."""
    try:
        problem = truth_problem(claim, subject)
    except ClaimError:
        raise
    except (NardyError, ValueError) as error:
        raise claim.error(bounded(str(error))) from None
    if problem:
        raise claim.error(problem)
    if lang is not None:
        problem = stated_problem(claim, lang)
        if problem:
            raise claim.error(problem)


def page_problems(page: Document, path: str, blocks, holding, lang: str | None = None) -> list[str]:
    """Every problem of a page's claims, ``file:line: reason`` (what the build and ``nardy_site.check`` run)."""
    claims, malformed = read_claims(page, path, blocks)
    problems = [str(error) for error in malformed]
    if not claims:
        return problems
    lang = lang or language_of(path)
    try:
        steps = subjects(page, blocks, holding)
    except ValueError:
        steps = {}
    for claim in claims:
        try:
            verify(claim, subject_of(claim, page, blocks, holding, steps), lang)
        except ClaimError as error:
            problems.append(str(error))
    return problems
