"""Diagram blocks: the ```nardy fenced blocks of the pages.

One block is one board diagram. Its fence line carries the block's ``id`` and
the caption in the page's language; its body is ASCII only and identical in
every language (translators copy it unchanged)::

    ```nardy id="short-hit" caption="Hitting: 13/8*. The black blot on 8 goes to the bar."
    position: nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1
    dice: 5
    show: 13/8*
    expect: complete
    ```

Body keys (one per line, ``key: value``; blank lines and ``# comments`` allowed):

``position``  (required) the compact text form, see ``nardy_rules.interchange``.
``dice``      a roll ``6-5``, or one die ``5`` (the example plays one number).
``show``      moves drawn as arrows, in notation; played in order, each must be
              accepted by the engine (a legal beginning of the turn).
``refuse``    ``<from>/<to> <reason-code>``: this single move is refused now,
              with this reason; drawn as a struck-out arrow. Or
              ``<play> then <from>/<to> <reason-code>``: after the moves of
              ``<play>`` (each accepted, in order), the single move is refused
              with this reason (for example ``24/18 then 24/18 head-rule``).
              Repeatable.
``better``    ``<play> than <play>``: the first play is better than the second for these dice (a mistake
              and its correction, ``nardy_site.page.verdicts``): both legal, different, and the
              verdict kept in ``data/mistakes/<variant>.json`` ranks them in this order. Drawn as the
              better play's arrows and the mistake's, dashed.
``game``      ``<name>``: a replay block: the whole game ``data/games/<name>.json`` (the play page's
              record format), re-played through the rules (``nardy_site.page.games``). It takes no
              position, dice, show, refuse or better; its notes are the numbered list after it
              (``<!-- nardy-game: <id> -->``). Expectations: ``result`` and ``score``.
``claim``     ``<kind> <key>=<value> ...``: a claim the caption makes (``nardy_site.page.claims``),
              held to the engine and to the caption of every language; repeatable.
``expect``    an assertion the text makes; repeatable:

              - ``plays <play> | <play> ...``: the legal plays are exactly these
              - ``play-count <n>``: there are n legal plays
              - ``no-play``: nothing can be played; the roll is lost
              - ``complete``: after ``show`` no die can be played any more
              - ``lost <d> [<d> ...]``: after ``show`` the turn is over and these dice are lost
              - ``pips <white> <black>``: the pip counts of the position
              - ``result <white|black> <single|mars|koks> <points>``: after
                ``show`` the game is over with this result (a replay block: the game's result, the
                cube included)
              - ``score <white> <black>``: a replay block's score at the end of its game

A malformed block, or one the engine contradicts, raises :class:`BlockError`
naming the file, the line and the reason.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from nardy_rules import (
    IllegalPlayError,
    NardyError,
    Position,
    Turn,
    from_text,
    legal_plays,
    parse_dice,
    parse_play,
)
from nardy_rules.notation import parse_tokens
from nardy_rules.reasons import CODES
from nardy_rules.scoring import RESULT_KINDS

from .excerpt import bounded, excerpt
from .games import GameError, load_game, name_problem
from .markdown_reader import DIAGRAM, Document, document
from .verdicts import VerdictError, verdict_for

ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
KEYS = ("position", "dice", "show", "refuse", "better", "game", "expect", "claim")
EXPECTATIONS = ("plays", "play-count", "no-play", "complete", "lost", "pips", "result", "score")
#: What a replay block (``game: <name>``) may hold besides its name, and the expectations it may state.
GAME_KEYS = ("game", "expect", "claim")
GAME_EXPECTATIONS = ("result", "score")
#: ``better: <play> than <play>``: the word between the two plays.
THAN = " than "


class BlockError(ValueError):
    """A diagram block that is malformed or that the engine contradicts."""

    def __init__(self, path: str, line: int, reason: str):
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


@dataclass
class Block:
    """One parsed diagram block. ``line`` is the fence line, ``end`` the closing fence's (1-based, the file's)."""

    path: str
    line: int
    id: str
    caption: str
    body: str
    #: key -> [(line, value), ...]
    entries: dict = field(default_factory=dict)
    end: int = 0

    def where(self, key: str, index: int = 0) -> int:
        return self.entries[key][index][0]

    def refusals(self) -> list[Refuse]:
        """The ``refuse`` lines, read (call after the syntax check: ``read_blocks`` does it)."""
        return [read_refuse(value) for _line, value in self.values("refuse")]

    def value(self, key: str) -> str | None:
        values = self.entries.get(key)
        return values[0][1] if values else None

    def values(self, key: str) -> list[tuple[int, str]]:
        return self.entries.get(key, [])

    @property
    def is_game(self) -> bool:
        """A replay block: a whole game from ``data/games/`` (see ``nardy_site.page.games``)."""
        return "game" in self.entries

    @property
    def game(self):
        """The replayed game of a replay block (``nardy_site.page.games.Game``); GameError if it cannot be."""
        return load_game(self.value("game"))

    @property
    def position(self) -> Position:
        """The example's position; a replay block's is its game's start."""
        if self.is_game:
            return self.game.start
        return from_text(self.value("position"))

    def better(self) -> tuple[str, str] | None:
        """(the better play, the mistake) as the ``better`` line writes them, or None."""
        value = self.value("better")
        if value is None:
            return None
        first, _, second = value.partition(THAN)
        return first.strip(), second.strip()

    @property
    def dice(self) -> tuple[int, ...] | None:
        text = self.value("dice")
        if text is None:
            return None
        return (int(text),) if text.isdigit() and len(text) == 1 else parse_dice(text)

    def error(self, key: str | None, reason: str, index: int = 0) -> BlockError:
        line = self.where(key, index) if key and key in self.entries else self.line
        return BlockError(self.path, line, f"diagram {self.id!r}: {reason}")


def find_blocks(page: str | Document, path: str | Path) -> list[Block]:
    """Every diagram block of a page, in order. Raises :class:`BlockError` for the first malformed one."""
    blocks, errors = read_blocks(page, path)
    if errors:
        raise errors[0]
    return blocks


def read_blocks(page: str | Document, path: str | Path) -> tuple[list[Block], list[BlockError]]:
    """Every well-formed diagram block of a page (its text, or its :class:`Document`), and a
    :class:`BlockError` for each malformed one, in the order of the page.

    A malformed block does not hide the next ones: the build and ``python -m nardy_site.check`` name them all.
    """
    path = str(path)
    page = document(page)
    found: list[tuple[int, Block | BlockError]] = []
    for line, info in page.not_fences:
        if info.split()[0] == DIAGRAM:  # a backtick in the fence line: CommonMark reads it as text, not a fence
            found.append((line, BlockError(path, line, "a diagram's fence line holds a backtick after the fence, "
                                                       "so Markdown reads it as text; write the caption without `")))
    seen_ids: dict[str, int] = {}
    for fence in page.fences:
        if fence.language != DIAGRAM:
            continue
        start = fence.line
        if not fence.closed:
            found.append((start, BlockError(path, start, "the nardy block is never closed")))
            continue
        try:
            if fence.unread:
                raise BlockError(path, start, f"cannot read the fence attributes {excerpt(fence.unread)}; "
                                              'write id="..." caption="..."')
            block = _parse_body(path, start, fence.attributes, list(fence.body))
        except BlockError as error:
            found.append((start, error))
            continue
        if block.id in seen_ids:
            found.append((start, BlockError(path, start, f"diagram id {block.id!r} is used twice "
                                                         f"(first at line {seen_ids[block.id]})")))
            continue
        seen_ids[block.id] = start
        block.end = fence.end
        found.append((start, block))
    found.sort(key=lambda item: item[0])
    return ([item for _line, item in found if isinstance(item, Block)],
            [item for _line, item in found if isinstance(item, BlockError)])


def _parse_body(path: str, start: int, attrs: dict, body_lines: list[str]) -> Block:
    unknown = set(attrs) - {"id", "caption"}
    if unknown:
        raise BlockError(path, start, f"unknown fence attribute(s) {excerpt(', '.join(sorted(unknown)))}; use id and caption")
    block_id = attrs.get("id", "")
    if not ID.match(block_id):
        raise BlockError(path, start, 'a nardy block needs id="..." of lower-case letters, digits and hyphens')
    caption = attrs.get("caption", "").strip()
    if not caption:
        raise BlockError(path, start, f'diagram {block_id!r} needs caption="..." in the page\'s language')
    block = Block(path, start, block_id, caption, "\n".join(body_lines))
    for offset, raw in enumerate(body_lines, start=1):
        number = start + offset
        if not raw.isascii():
            raise BlockError(path, number, f"diagram {block_id!r}: the body must be ASCII (it is the same in every language)")
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        key, colon, value = text.partition(":")
        key, value = key.strip(), value.strip()
        if not colon or key not in KEYS:
            raise BlockError(path, number, f"diagram {block_id!r}: {excerpt(text)} is not one of {', '.join(KEYS)}: <value>")
        if key in ("position", "dice", "show", "better", "game") and key in block.entries:
            raise BlockError(path, number, f"diagram {block_id!r}: {key} is given twice")
        if not value:
            raise BlockError(path, number, f"diagram {block_id!r}: {key} has no value")
        block.entries.setdefault(key, []).append((number, value))
    if block.is_game:
        _check_game_syntax(block)
        return block
    if "position" not in block.entries:
        raise BlockError(path, start, f"diagram {block_id!r} has no position")
    _check_syntax(block)
    return block


def _check_game_syntax(block: Block) -> None:
    """A replay block: its name, no other key but its expectations (result, score)."""
    other = [key for key in block.entries if key not in GAME_KEYS]
    if other:
        raise block.error(other[0], f"a replay block (game: ...) takes no {other[0]}: its game's record holds "
                                    "the positions and the dice")
    problem = name_problem(block.value("game"))
    if problem:
        raise block.error("game", problem)
    for index, (_line, value) in enumerate(block.values("expect")):
        kind, _, args = value.partition(" ")
        if kind not in GAME_EXPECTATIONS:
            raise block.error("expect", f"a replay block states only {' and '.join(GAME_EXPECTATIONS)}, "
                                        f"not {excerpt(kind)}", index)
        problem = _expectation_problem(kind, args.strip(), None)
        if problem:
            raise block.error("expect", problem, index)


def _check_syntax(block: Block) -> None:
    """Everything that can be checked without playing: every value of every key is well formed.

    Each problem is a :class:`BlockError` at the line of the value, quoting (a
    bounded excerpt of) it; nothing a page can hold reaches the engine unchecked
    or raises anything else.
    """
    try:
        _ = block.position  # reading it checks it
    except (NardyError, ValueError) as error:
        raise block.error("position", bounded(str(error))) from None
    try:
        dice = block.dice
    except (NardyError, ValueError) as error:
        raise block.error("dice", bounded(str(error))) from None
    if dice is not None and len(dice) == 1 and not 1 <= dice[0] <= 6:
        raise block.error("dice", "a die shows 1 to 6")
    needs_dice = ("show", "refuse", "better")
    for key in needs_dice:
        if key in block.entries and dice is None:
            raise block.error(key, f"{key} needs dice")
    if block.value("show"):
        problem = _notation_problem(block.value("show"))
        if problem:
            raise block.error("show", problem)
    for index, (_line, value) in enumerate(block.values("refuse")):
        problem = refuse_problem(value)
        if problem:
            raise block.error("refuse", problem, index)
    if block.value("better") is not None:
        problem = _better_problem(block.value("better"), dice)
        if problem:
            raise block.error("better", problem)
        if block.value("show"):
            raise block.error("better", "a block with better: shows its two plays; it takes no show")
    for index, (_line, value) in enumerate(block.values("expect")):
        kind, _, args = value.partition(" ")
        if kind in GAME_EXPECTATIONS and kind not in ("result",):
            raise block.error("expect", f"expect {kind} is stated by a replay block (game: ...) only", index)
        problem = _expectation_problem(kind, args.strip(), dice)
        if problem:
            raise block.error("expect", problem, index)


@dataclass(frozen=True)
class Refuse:
    """One ``refuse`` line: after the single moves ``before`` (none: at the start), ``start/end`` is refused for ``code``."""

    before: tuple[tuple[object, object], ...]
    start: object
    end: object
    code: str

    @property
    def move(self) -> str:
        return f"{self.start}/{self.end}"


THEN = " then "


def refuse_problem(value: str) -> str | None:
    """Why ``value`` is not a ``refuse`` line (``[<play> then ]<from>/<to> <reason-code>``), or None."""
    if value.startswith(THEN.lstrip()):
        return f"{excerpt(value)}: write the moves played before 'then'"
    before, then, last = value.rpartition(THEN)
    parts = last.split()
    if len(parts) != 2 or parts[1] not in CODES:
        return (f"{excerpt(value)}: write refuse: <from>/<to> <reason-code> or <play> then <from>/<to> "
                f"<reason-code>, a code among {', '.join(CODES)}")
    if then:
        problem = _notation_problem(before)
        if problem:
            return f"before 'then': {problem}"
    return _move_problem(parts[0])


def read_refuse(value: str) -> Refuse:
    """A ``refuse`` line whose syntax :func:`refuse_problem` accepted."""
    before, _, last = value.rpartition(THEN)
    move, code = last.split()
    start, end = (_point(p.rstrip("*")) for p in move.split("/"))
    steps = tuple((a, b) for path in (parse_tokens(before) if before else []) for (a, _), (b, _) in pairwise(path))
    return Refuse(steps, start, end, code)


_MOVE = re.compile(r"^(bar|\d+)/(\d+|off)\*?$")
#: A count or a pip number in a block has at most this many digits (a pip count is at most 375).
DIGITS = 4
RESULT_WORDS = sorted(set().union(*RESULT_KINDS.values()))


def _move_problem(text: str) -> str | None:
    """Why ``text`` is not one single move ``<from>/<to>`` (from 1..24 or bar, to 1..24 or off), or None."""
    match = _MOVE.match(text)
    if not match:
        return f"{excerpt(text)} is not a single move; write <from>/<to> like 13/8, bar/22 or 6/off"
    for point in match.groups():
        if point not in ("bar", "off") and not (len(point) <= 2 and 1 <= int(point) <= 24):
            return f"{excerpt(text)}: point {excerpt(point)} is not a point; use 1..24, bar or off"
    return None


def _notation_problem(text: str) -> str | None:
    """Why ``text`` is not a play in notation (points 1..24, bar, off), or None."""
    try:
        parse_tokens(text)
    except (NardyError, ValueError) as error:
        return bounded(str(error))
    return None


def _better_problem(value: str, dice) -> str | None:
    """Why ``value`` is not ``<play> than <play>`` (two plays in notation), or None."""
    first, than, second = value.partition(THAN)
    if not than or not first.strip() or not second.strip() or THAN in second:
        return f"write better: <play> than <play> (the better play, then the mistake), not {excerpt(value)}"
    if dice is None or len(dice) != 2:
        return "better: needs a roll of two dice"
    return _notation_problem(first) or _notation_problem(second)


def _whole(text: str, what: str) -> str | None:
    """Why ``text`` is not a whole number of at most :data:`DIGITS` digits, or None."""
    if not (text.isascii() and text.isdigit()):
        return f"{what} {excerpt(text)} is not a whole number"
    if len(text) > DIGITS:
        return f"{what} {excerpt(text)} has more than {DIGITS} digits"
    return None


def _expectation_problem(kind: str, args: str, dice: tuple[int, ...] | None) -> str | None:
    """Why ``expect: <kind> <args>`` is malformed (before any playing), or None."""
    if kind not in EXPECTATIONS:
        return f"unknown expectation {excerpt(kind)}; use one of {', '.join(EXPECTATIONS)}"
    words = args.split()
    if kind in ("no-play", "complete") and words:
        return f"expect {kind} takes no value, not {excerpt(args)}"
    if kind == "play-count":
        if len(words) != 1:
            return f"write expect: play-count <n>, not {excerpt(args)}"
        return _whole(words[0], "play-count")
    if kind in ("pips", "score"):
        if len(words) != 2:
            return f"write expect: {kind} <white> <black>, two whole numbers, not {excerpt(args)}"
        return _whole(words[0], f"White's {kind}") or _whole(words[1], f"Black's {kind}")
    if kind == "lost":
        dice_lost = args.replace("-", " ").split()
        if not 1 <= len(dice_lost) <= 4 or not all(d in ("1", "2", "3", "4", "5", "6") for d in dice_lost):
            return f"write expect: lost <d> [<d> ...], one to four dice from 1 to 6, not {excerpt(args)}"
    if kind == "result":
        if len(words) != 3 or words[0] not in ("white", "black") or words[1] not in RESULT_WORDS:
            return (f"write expect: result <white|black> <{'|'.join(RESULT_WORDS)}> <points>, "
                    f"not {excerpt(args)}")
        problem = _whole(words[2], "the points")
        if problem:
            return problem
    if kind == "plays":
        plays = args.split("|")
        if not all(play.strip() for play in plays):
            return f"write expect: plays <play> | <play> ..., every play in notation, not {excerpt(args)}"
        for play in plays:
            problem = _notation_problem(play)
            if problem:
                return problem
    if kind in ("plays", "play-count", "no-play") and (dice is None or len(dice) != 2):
        return f"expect {kind} needs a roll of two dice"
    if kind in ("complete", "lost") and dice is None:
        return f"expect {kind} needs dice"
    return None


def _point(text: str):
    return text if text in ("bar", "off") else int(text)


@contextmanager
def _engine(block: Block, key: str, index: int = 0):
    """What the engine raises on the block's values, as a BlockError at the line of ``key``."""
    try:
        yield
    except BlockError:
        raise
    except (NardyError, ValueError) as error:
        raise block.error(key, bounded(str(error)), index) from None


def start_turn(block: Block) -> Turn | None:
    """The turn the block's dice begin, or None for a block without dice."""
    if block.dice is None:
        return None
    with _engine(block, "dice"):
        return Turn(block.position, block.dice)


def shown_turn(block: Block) -> Turn | None:
    """The turn after the ``show`` moves, played one by one (raises BlockError if one is refused).

    None for a block without dice (nothing is played).
    """
    turn = start_turn(block)
    show = block.value("show")
    if turn is None or not show:
        return turn
    with _engine(block, "show"):
        for path in parse_tokens(show):
            for (start, _), (end, star) in pairwise(path):
                refusal = turn.check(start, end)
                if refusal is not None:
                    raise block.error("show", f"the engine refuses {start}/{end}: {refusal.code}: {refusal.message()}")
                move = turn.move(start, end)
                if star and not move.hit:
                    raise block.error("show", f"{start}/{end}* is marked as a hit, but it hits nothing")
                if move.hit and not star:
                    raise block.error("show", f"{start}/{end} hits a blot: write {start}/{end}*")
    return turn


def refused_after(block: Block, line: Refuse):
    """The engine's refusal of ``line``'s move after its ``before`` moves (None: it is allowed).

    Raises BlockError when one of the moves before 'then' is itself refused.
    """
    turn = start_turn(block)
    for start, end in line.before:
        refusal = turn.check(start, end)
        if refusal is not None:
            raise block.error("refuse", f"{start}/{end}, before 'then', is refused: {refusal.code}: {refusal.message()}")
        turn.move(start, end)
    return turn.check(line.start, line.end)


def verify(block: Block) -> None:
    """Check every statement of the block against the engine; raise :class:`BlockError` on the first contradiction.

    Nothing else escapes: what the engine raises on the block's values is a
    BlockError at the line of the value.
    """
    if block.is_game:
        _verify_game(block)
        return
    if block.value("better") is not None:
        better_plays(block)
    position = block.position
    dice = block.dice
    turn = shown_turn(block)
    for index, line in enumerate(block.refusals()):
        move, code = line.move, line.code
        with _engine(block, "refuse", index):
            refusal = refused_after(block, line)
        if refusal is None:
            raise block.error("refuse", f"the text says {move} is refused ({code}), but the engine allows it", index)
        if refusal.code != code:
            raise block.error(
                "refuse", f"the text says {move} is refused for {code}, the engine says {refusal.code}: {refusal.message()}",
                index,
            )
    for index, (_line, value) in enumerate(block.values("expect")):
        kind, _, args = value.partition(" ")
        with _engine(block, "expect", index):
            problem = _expectation(position, dice, turn, kind, args.strip())
        if problem:
            raise block.error("expect", problem, index)


def _verify_game(block: Block) -> None:
    """A replay block: its record re-played through the rules, its result and score as the text states them."""
    try:
        game = block.game
    except GameError as error:
        raise block.error("game", bounded(str(error))) from None
    result, score = game.result, game.state.score
    for index, (_line, value) in enumerate(block.values("expect")):
        kind, _, args = value.partition(" ")
        words = args.split()
        if kind == "result":
            have = [result.winner, result.kind, str(result.points)]
            if have != [words[0], words[1], str(int(words[2]))]:
                raise block.error("expect", f"result {args.strip()}: the game ends {' '.join(have)}", index)
        elif kind == "score":
            have = [score["white"], score["black"]]
            if have != [int(words[0]), int(words[1])]:
                raise block.error("expect", f"score {args.strip()}: the game ends {have[0]} {have[1]}", index)


def better_plays(block: Block):
    """(the better play, the mistake) of a ``better`` line as the engine's plays, and their verdict.

    Raises BlockError when a play is not legal, the two are the same play, or the
    verdict kept in ``data/mistakes/`` is missing or ranks them otherwise.
    """
    first, second = block.better()
    plays = []
    for text in (first, second):
        with _engine(block, "better"):
            try:
                plays.append(parse_play(block.position, block.dice, text))
            except IllegalPlayError as error:
                raise block.error("better", f"{text!r} is not a legal play: {bounded(str(error))}") from None
    better, mistake = plays
    if better.result == mistake.result:
        raise block.error("better", f"{first!r} and {second!r} are the same play (the same position after)")
    try:
        verdict = verdict_for(block.position, block.dice, better, mistake)
    except VerdictError as error:
        raise block.error("better", bounded(str(error))) from None
    return better, mistake, verdict


def _expectation(position, dice, turn, kind, args) -> str | None:
    """Why the engine contradicts ``expect: <kind> <args>`` (checked by :func:`_check_syntax`), or None."""
    if kind == "pips":
        want = [int(n) for n in args.split()]
        have = [position.pips("white"), position.pips("black")]
        return None if want == have else f"pips {args}: the engine counts {have[0]} {have[1]}"
    if kind == "result":
        parts = args.split()
        after = turn.position if turn is not None else position
        result = after.result()
        if result is None:
            return "the text says the game is over, but nobody has borne off all 15 checkers"
        have = [result.winner, result.kind, str(result.points)]
        return None if have == [parts[0], parts[1], str(int(parts[2]))] else f"result {args}: the engine says {' '.join(have)}"
    if kind == "complete":
        return None if turn.complete else f"the text says the turn is over, but {turn.remaining} can still be played"
    if kind == "lost":
        want = sorted(int(d) for d in args.replace("-", " ").split())
        have = sorted(turn.lost_dice)
        if not turn.complete:
            return "the text says dice are lost, but the turn can go on"
        return None if want == have else f"lost {args}: the engine loses {have}"
    plays = legal_plays(position, dice)
    if kind == "no-play":
        return None if not plays else f"the text says nothing can be played; the engine has {len(plays)} plays"
    if kind == "play-count":
        return None if int(args) == len(plays) else f"play-count {args}: the engine has {len(plays)}"
    if kind == "plays":
        want = set()
        for text in args.split("|"):
            try:
                want.add(parse_play(position, dice, text.strip()))
            except IllegalPlayError as error:
                return f"{text.strip()!r} is not a legal play: {bounded(str(error))}"
        have = set(plays)
        if want == have:
            return None
        missing = sorted(p.notation for p in have - want)
        return f"plays {args}: the engine also allows {', '.join(missing)}" if missing else "plays: listed twice"
    return f"unknown expectation {kind!r}"
