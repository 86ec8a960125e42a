"""Play notation, as the rules texts write it, in White's numbering.

Forms understood (and what :func:`format_play` writes):

- ``13/8``: one checker from 13 to 8; ``13/8*`` hits a blot on 8.
- ``24/23/22/21/20``: one checker through each landing point; ``24/20`` is
  the same checker move with the landing points left out (they must then be
  free of a blot the move would hit without saying so).
- ``13/10*/5``: a hit on a landing point on the way is written out.
- ``24/18(2)``: two checkers make the same move; same as ``24/18 24/18``.
  ``8/4*(2)`` hits once: the first checker hits the blot on 4, the second
  lands on a point that is then the mover's (as GNU Backgammon and eXtreme
  Gammon write it).
- ``bar/22`` enters from the bar; ``6/off`` bears off.

Bounds: a play is at most :data:`MAX_PLAY_CHARS` characters and writes at
most four single moves (:data:`~nardy_rules.contract.MAX_MOVES`: one per die
of a double), counting each ``(n)`` repeat and each segment of a path
(``24/23/22/21/20`` is four); anything longer cannot be one turn's play and is
refused before any search, which keeps parsing linear in the text. Points are
written with the ASCII digits 0-9.

:func:`format_play` joins the moves of one checker, writes only the hits on
the way, groups repeated moves as ``(n)`` and lists the moves from the
mover's farthest checker to the nearest, as gnubg does. It is attached as the
property ``Play.notation`` (see the package docstring, "Layers").
"""

from __future__ import annotations

import re

from .contract import MAX_MOVES, digits_hint, quote
from .dice import parse_dice
from .errors import IllegalPlayError, NotationError
from .play import Play, public_point
from .position import BAR, BAR_INDEX, OFF, OFF_INDEX, Position
from .turn import Turn

#: The longest play text read (a real play, four single moves with hits, is under 40 characters).
MAX_PLAY_CHARS = 200

# ASCII digits only ([0-9], not \d, which also takes fullwidth and other scripts' digits).
_TOKEN = re.compile(r"^(bar|[0-9]{1,2})((?:/(?:[0-9]{1,2}|off)\*?)+)(?:\(([0-9])\))?$", re.IGNORECASE)
_STEP = re.compile(r"/([0-9]{1,2}|off)(\*?)", re.IGNORECASE)


def format_play(play: Play, own: bool = False) -> str:
    """The play's notation: ``"8/5 6/5"``, ``"24/18(2)"``, ``"13/10*/5"``, ``""`` for no move.

    In White's numbering, as the documents write every play; with ``own``, in the mover's own numbering
    (its home 1..6, as backgammon records and the ``.mat`` export write each side's plays: Black's
    ``12/18`` is its ``13/7``)."""
    position, color = play.position, play.color
    chains: list[list[list]] = []  # each: [[own point, hit], ...]
    for s, t, _die, hit in play.steps:
        for chain in chains:  # the earliest checker that stands there: its hits read in order
            if chain[-1][0] == s and s != OFF_INDEX:
                chain.append([t, hit])
                break
        else:
            chains.append([[s, False], [t, hit]])

    def text(chain) -> str:
        kept = [chain[0]] + [step for step in chain[1:-1] if step[1]] + [chain[-1]]
        return "/".join(f"{_own_point(p) if own else public_point(position, color, p)}{'*' if hit else ''}"
                        for p, hit in kept)

    # Farthest checker first; from the same point, the longer move first.
    chains.sort(key=lambda c: (c[0][0], -c[-1][0]), reverse=True)
    words: list[str] = []
    counts: dict[str, int] = {}
    for chain in chains:
        word = text(chain)
        if word not in counts:
            words.append(word)
        counts[word] = counts.get(word, 0) + 1
    return " ".join(word if counts[word] == 1 else f"{word}({counts[word]})" for word in words)


def _own_point(index: int) -> int | str:
    """An index of the mover's own board as a point of its own numbering, ``"bar"`` or ``"off"``."""
    return BAR if index == BAR_INDEX else OFF if index == OFF_INDEX else index


# The property forms, on the play (play.py is below this layer: see the package docstring).
Play.notation = property(format_play, doc="The play in the documents' notation (:func:`format_play`).")
Play.own_notation = property(lambda play: format_play(play, own=True),
                             doc="The play in the mover's own numbering (:func:`format_play` with ``own``).")


def parse_tokens(text: str) -> list[list[tuple[int | str, bool]]]:
    """Split notation into checker paths: [[(point, hit), ...], ...] in White's numbering.

    Raises :class:`NotationError` naming the part that does not parse, and
    for a text longer than :data:`MAX_PLAY_CHARS` or writing more than
    :data:`~nardy_rules.contract.MAX_MOVES` single moves.
    """
    if not isinstance(text, str):
        raise NotationError(f"a play is written as text, like '13/8 6/5', not {quote(text)}")
    if len(text) > MAX_PLAY_CHARS:
        raise NotationError(
            f"the play {quote(text)} is {len(text):,} characters long; one turn's play is at most {MAX_PLAY_CHARS}"
        )
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("the play is empty; write moves like '13/8 6/5'")
    paths = []
    moves = 0
    for word in words:
        match = _TOKEN.match(word)
        if not match:
            raise NotationError(
                f"{quote(word)} is not a move; write from/to with points 1..24, 'bar' and 'off', "
                f"like 13/8* or 24/18(2){digits_hint(word)}"
            )
        start = match.group(1).lower()
        path: list[tuple[int | str, bool]] = [(BAR if start == BAR else _point(start, word), False)]
        steps = _STEP.findall(match.group(2))
        for i, (point, star) in enumerate(steps):
            point = point.lower()
            if point == OFF and i != len(steps) - 1:
                raise NotationError(f"{quote(word)}: 'off' can only end a move")
            path.append((OFF if point == OFF else _point(point, word), bool(star)))
        if path[-1][0] == OFF and path[-1][1]:
            raise NotationError(f"{quote(word)}: bearing off cannot hit")
        repeat = int(match.group(3) or 1)
        if not 1 <= repeat <= MAX_MOVES:
            raise NotationError(f"{quote(word)}: a move can be repeated 1 to {MAX_MOVES} times")
        moves += (len(path) - 1) * repeat
        if moves > MAX_MOVES:
            raise NotationError(
                f"{quote(text.strip())} writes more than {MAX_MOVES} single moves; "
                f"a turn plays at most {MAX_MOVES} (a double)"
            )
        # Only the first checker of a repeat can hit: the point is the mover's once it has.
        paths.extend([path] + [[(point, False) for point, _hit in path]] * (repeat - 1))
    return paths


def _point(text: str, word: str) -> int:
    point = int(text)
    if not 1 <= point <= 24:
        raise NotationError(f"{quote(word)}: point {point} is outside 1..24")
    return point


def parse_play(position: Position, dice, text: str, own: bool = False) -> Play:
    """The legal play ``text`` describes for ``position`` and the roll ``dice``.

    ``own``: the text numbers the points in the mover's own numbering (as
    :attr:`Play.own_notation` writes them: Black's ``13/7`` is ``12/18``).
    Raises :class:`NotationError` when the text does not parse and
    :class:`IllegalPlayError` (carrying the engine's reason when one move
    explains it) when it parses but is not legal.
    """
    tokens = parse_tokens(text)
    if own:
        tokens = [[(p if p in (BAR, OFF) else position.to_white(position.turn, p), hit) for p, hit in path]
                  for path in tokens]
    paths = [_segments(path) for path in tokens]
    roll = parse_dice(dice)
    legal = {play.result: play for play in position.legal_plays(roll)}
    problems: list[_Problem] = []
    for done in _realise(paths, Turn(position, roll), problems):
        if not done.complete:
            problems.append(_Problem(f"it plays {len(done.moves)} dice, but {done.max_dice} can be played"))
            continue
        play = legal.get(done.play().result)
        if play is not None:
            return play
    problem = problems[0] if problems else _Problem("no legal play matches it")
    raise IllegalPlayError(f"{quote(text.strip())} is not legal here: {problem}", problem.refusal)


class _Problem(str):
    """A reason a reading of the notation failed, with the engine's refusal if any."""

    refusal = None


def _segments(path):
    """[(start, end, hit marked), ...] for one checker's path."""
    return [(path[i][0], path[i + 1][0], path[i + 1][1]) for i in range(len(path) - 1)]


def _realise(paths, turn, problems):
    """Yield turns in which every checker has walked its written path.

    One die at a time, in every interleaving of the checkers (a checker
    entering from the bar must wait for another to enter first, bearing off
    waits for a checker to come home...). A landing point on the way that is
    not written must not hit: the text then means another route.
    """
    seen = set()
    start = tuple((0, path[0][0]) for path in paths)  # per checker: (segment index, where it stands)

    def walk(turn, progress):
        key = (turn.position, turn.remaining, progress)
        if key in seen:
            return
        seen.add(key)
        if all(index == len(paths[i]) for i, (index, _) in enumerate(progress)):
            yield turn
            return
        color, board = turn.color, turn.start
        for i, (index, here) in enumerate(progress):
            if index == len(paths[i]):
                continue
            _, end, star = paths[i][index]
            own_here = BAR_INDEX if here == BAR else board.to_own(color, here)
            own_end = OFF_INDEX if end == OFF else board.to_own(color, end)
            for die in sorted(set(turn.remaining), reverse=True):
                landing = own_here - die
                if end == OFF:
                    final = landing <= 0
                elif landing < own_end:
                    continue
                else:
                    final = landing == own_end
                target = end if final else board.to_white(color, landing)
                refusal = turn.check(here, target, die)
                if refusal is not None:
                    problem = _Problem(f"{here}/{target}: {refusal.message()}")
                    problem.refusal = refusal
                    problems.append(problem)
                    continue
                branch = turn.copy()
                move = branch.move(here, target, die)
                if final and star and not move.hit:
                    problems.append(_Problem(f"{here}/{end}*: there is no blot to hit on {end}"))
                    continue
                if not final and move.hit:
                    continue
                step = (index + 1, end) if final else (index, target)
                yield from walk(branch, progress[:i] + (step,) + progress[i + 1:])

    yield from walk(turn, start)
