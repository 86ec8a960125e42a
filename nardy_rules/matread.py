"""Reading matches as text: Jellyfish ``.mat`` (short nardy) and the project's long-nardy text, into a record.

The formats are the ones :mod:`nardy_rules.matfile` writes (its docstring
describes them); GNU Backgammon and eXtreme Gammon write the ``.mat`` one.
:func:`read_match_text` reads either and returns a match record
(``nardy_rules.game_record``), every action played through the rules as it
is read (:class:`~nardy_rules.game.MatchPlay`): a play is found among the
legal plays of its roll (:func:`~nardy_rules.notation.parse_play`), a cube
action or a result must be what the rules allow then.

What the reader accepts beyond what ``matfile`` writes, as other programs
write it: any ``; [Key "value"]`` header lines (``Variation`` says the
game: ``Backgammon``, the default, or ``Long nardy``), lines before the
``N point match`` line, ``bar`` or ``25`` for the bar and ``off`` or ``0``
for borne off, paths (``24/18/13``) and repeats (``13/7(2)``), the dice in
either order, ``Drops`` or ``Passes``, ``Wins N point(s) and the match``,
cells that do not sit in the usual columns (a line's two cells are left
and right; a lone cell is the right one when it starts past column 20),
a result line with a move number, a last game still being played (its last
roll, written without moves, is the turn in hand). And the dialects of the
programs and sites players bring files from:

- Backgammon Galaxy: a ``Losses N point`` cell in the loser's column where a
  game ended (checked against the result, or a resignation by that side when
  the game is not over yet), and a blank line before the last ``Wins ... and
  the match``;
- a result capped at what the winner needed (``Wins 3 point and the match``
  in a 3-point match where the game was worth 4);
- a resignation (a ``Wins N`` where the game is not over) is read as GNU
  Backgammon reads it: a single game when N is at most the cube, a mars when
  at most twice the cube, else a koks; worth less than the most the position
  could cost, it is a resignation of that kind; worth more (FIBS writes
  ``Wins 100 points``), the most the position could cost. The side *not* on
  roll may resign (FIBS, DailyGammon): the record says so (version 2);
- eXtreme Gammon's ``42: Cannot Move`` (and its ``???`` after a roll a
  player resigned on) for a roll written without moves; ``8/4*(2)`` hits once;
- a file that starts at a score (the first game line's): the record starts
  there (version 2), the first game Crawford when exactly one side is a point
  short, as GNU Backgammon reads it.

What the texts do not keep: the order of the dice and of a turn's moves, tied opening rolls,
declined resignations; and the long-nardy text the opening roll: the side
that moved first is given the opening dice 2 against 1.

A text that does not read raises :class:`MatReadError`: ``line`` (counted
from 1, None for the whole text), ``code`` (a stable word for the page to
say in its language) and ``params`` (small numbers and bounded texts, quoted
by :func:`nardy_rules.contract.quote`). Codes:

=================  ========================================================
code               params
=================  ========================================================
``too-long``       ``chars``, ``limit``: the text is longer than the reader takes
``no-match``       the text has no ``N point match`` line
``length``         ``length``: not a match length the engine plays (0..64)
``variation``      ``variation``: a game other than backgammon or long nardy
``unsupported``    ``what``: ``beaver`` (the engine's cube has none), ``jacoby`` (a money
                   game's result under the Jacoby rule, which the engine does not play)
``bad-line``       ``text``: a line that is neither a game, a score nor moves
``score-line``     ``text``: the line after ``Game N`` does not give both scores
``wrong-score``    ``side``, ``expected``, ``found``: the score does not add up
``bad-cell``       ``text``: an action that does not read (dice, cube, result)
``bad-move``       ``text``, ``problem``: moves that do not read as notation
``illegal-play``   ``text``, ``dice``, ``problem``, ``reason`` (the engine's
                   refusal ``{code, params, key}`` or None)
``missing-play``   ``dice``: a roll written without moves that can be played
``wrong-side``     ``side``, ``expected``: the other side's turn
``not-now``        ``action``, ``problem``: an action the rules do not allow
                   now (a take with no double, a double in the Crawford game)
``cube-value``     ``expected``, ``found``: ``Doubles => n`` with another value
``wrong-result``   ``side``, ``expected``, ``found``: the result's points
``resign-value``   ``expected``, ``found``: a resignation worth other points
                   than the rules give
``unfinished``     ``game``: a game with no result before the next one
``after-match``    a game or an action after the match is over
``money-session``  a second game after a money game (``0 point match``): a record
                   holds one money game
=================  ========================================================
"""

from __future__ import annotations

import re

from .contract import quote
from .errors import IllegalPlayError, NardyError, NotationError
from .game import GAME_OVER, MATCH_OVER, MOVE_PHASE, OPENING_PHASE, ROLL_PHASE, ActionError, MatchPlay
from .game_record import ACCEPT, CONFIRM, DOUBLE, MAX_LENGTH, MAX_NAME, MOVE, OPENING, PASS, RESIGN, ROLL, TAKE, Action
from .notation import parse_play
from .position import BLACK, VARIANTS, WHITE
from .scoring import RESULT_KINDS

RESULT_KINDS_SHORT = RESULT_KINDS["short"]

#: The longest text read (a 25-point match is about 40,000 characters).
MAX_CHARS = 1_000_000
#: A lone cell starting at or past this column is the right one (Black's).
RIGHT_COLUMN = 20
#: What the ``Variation`` header names each game.
VARIATIONS = {"backgammon": "short", "long nardy": "long"}

_HEADER = re.compile(r'^\s*;\s*\[\s*([^"\]]+?)\s+"([^"]*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(\d{1,6})\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d{1,6})\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(.*?)\s*:\s*(\d{1,6})\s+(.*?)\s*:\s*(\d{1,6})\s*$")
_NUMBER = re.compile(r"^\s*\d{1,6}\)")
_TOKEN = re.compile(r"\S+")
_DICE = re.compile(r"^([1-6])([1-6]):(\S*)$")
_WINS = re.compile(r"^wins\s+(\d{1,6})\s+points?(?:\s+and\s+the\s+match)?$", re.IGNORECASE)
_LOSSES = re.compile(r"^losses\s+(\d{1,6})\s+points?$", re.IGNORECASE)
#: A line holding only a result, which may follow a blank line (Backgammon Galaxy's last "Wins ... and the match").
_RESULT_LINE = re.compile(r"^\s*(?:\d{1,6}\)\s*)?(?:wins|losses)\s", re.IGNORECASE)
#: What eXtreme Gammon writes after a roll instead of moves: it could not move, or resigned after rolling.
_NO_MOVES = re.compile(r"^(?:cannot\s+move|\?+)$", re.IGNORECASE)
_DOUBLES = re.compile(r"^doubles\s*=>\s*(\d{1,6})$", re.IGNORECASE)
_MOVE = re.compile(r"^(bar|\d{1,2})((?:/(?:bar|off|\d{1,2})\*?)+)(\(\d\))?$", re.IGNORECASE)
_POINT = re.compile(r"/(bar|off|\d{1,2})(\*?)", re.IGNORECASE)
#: Words that begin a cell other than a roll.
_CELL_WORDS = ("doubles", "takes", "drops", "passes", "wins", "losses", "beavers")


class MatReadError(NardyError):
    """A match text that does not read: ``line`` (from 1, or None), ``code`` and ``params`` (module docstring)."""

    def __init__(self, message: str, code: str, params: dict | None = None, line: int | None = None):
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.code = code
        self.params = dict(params or {})
        self.line = line

    def to_json(self) -> dict:
        return {"error": str(self), "code": self.code, "params": self.params, "line": self.line}


def read_match_text(text: str) -> dict:
    """A Jellyfish ``.mat`` or long-nardy match text as a match record (JSON), every action checked."""
    if not isinstance(text, str):
        raise MatReadError(f"a match is text, not {quote(text)}", "no-match")
    if len(text) > MAX_CHARS:
        raise MatReadError(f"the text is {len(text):,} characters long; at most {MAX_CHARS:,} are read",
                           "too-long", {"chars": len(text), "limit": MAX_CHARS})
    return _Reader(text.replace("\r\n", "\n").replace("\r", "\n").split("\n")).read()


def _bounded(text: str) -> str:
    return quote(text.strip())


class _Reader:
    """One reading: the lines, where it is, and the match being re-played."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.at = 0  # index of the next line to read
        self.play: MatchPlay | None = None
        self.number = 0  # the line being read, counted from 1
        self.result_read = 0  # the last game whose "Wins" line has been read

    def fail(self, message: str, code: str, **params) -> MatReadError:
        return MatReadError(message, code, params, self.number or None)

    # ------------------------------------------------------------------ the header and the games

    def read(self) -> dict:
        headers: dict[str, str] = {}
        length = None
        while self.at < len(self.lines):
            line = self._next()
            header = _HEADER.match(line)
            if header:
                headers[header.group(1).strip().lower()] = header.group(2).strip()
                continue
            found = _LENGTH.match(line)
            if found:
                length = int(found.group(1))
                break
        if length is None:
            self.number = 0
            raise self.fail("no 'N point match' line: this is not a match file", "no-match")
        if length > MAX_LENGTH:
            raise self.fail(f"a {length}-point match: the engine plays matches of up to {MAX_LENGTH} points",
                            "length", length=length)
        variation = headers.get("variation", "backgammon")
        variant = VARIATIONS.get(variation.lower())
        if variant is None:
            raise self.fail(f"variation {_bounded(variation)}: the engine reads backgammon (short nardy) and "
                            "long nardy", "variation", variation=_bounded(variation))
        self.variant = variant
        self.length = length
        self.headers = headers
        self.jacoby = length == 0 and headers.get("jacoby", "off").lower() == "on"
        self.own_to_white = VARIANTS[variant].OTHER_NUMBERING
        while self.at < len(self.lines):
            line = self._next()
            if not line.strip() or line.lstrip().startswith(";"):
                continue
            game = _GAME.match(line)
            if not game:
                raise self.fail(f"{_bounded(line)} is not a game's first line ('Game N')", "bad-line",
                                text=_bounded(line))
            self._game(int(game.group(1)))
        if self.play is None:
            return MatchPlay(variant, length).record().to_json()
        return self.play.record().to_json()

    def _next(self) -> str:
        line = self.lines[self.at]
        self.at += 1
        self.number = self.at
        return line

    def _game(self, number: int) -> None:
        if self.play is not None:  # the game before must be over (the line read is this game's first)
            phase = self.play.phase
            if phase == MATCH_OVER and self.length == 0:
                raise self.fail(f"game {number}: a session of money games; a record holds one money game",
                                "money-session")
            if phase == MATCH_OVER:
                raise self.fail(f"game {number}: the match is already over", "after-match")
            if phase != GAME_OVER:
                raise self.fail(f"game {number} begins, but game {len(self.play.games)} has no result",
                                "unfinished", game=len(self.play.games))
        score_line = self._next() if self.at < len(self.lines) else ""
        score = _SCORE.match(score_line)
        if not score:
            raise self.fail(f"{_bounded(score_line)}: the score line after 'Game {number}' gives each player's "
                            "name and score, like 'Ali : 0    Vali : 0'", "score-line", text=_bounded(score_line))
        names = {WHITE: score.group(1), BLACK: score.group(3)}
        scores = {WHITE: int(score.group(2)), BLACK: int(score.group(4))}
        if self.play is None:
            # A file that starts at a score (the first game line's), as GNU Backgammon reads it.
            start = scores if self.length and any(scores.values()) else None
            if start is not None and max(start.values()) >= self.length:
                raise self.fail(f"the score line gives {start[WHITE]}-{start[BLACK]} in a {self.length}-point match: "
                                "the match is already over", "after-match")
            crawford = None
            if start is not None and sum(v == self.length - 1 for v in start.values()) == 1:
                # GNU Backgammon takes such a first game for the Crawford game; a cube action says it is not.
                crawford = False if self._game_doubles() else None
            self.play = MatchPlay(self.variant, self.length, _players(names, self.headers), score=start,
                                  crawford=crawford)
        else:
            self.play.next_game()
        for side in (WHITE, BLACK) if self.length else ():
            if scores[side] != self.play.scores[side]:
                raise self.fail(f"the score line gives {side} {scores[side]} points; the games before give "
                                f"{self.play.scores[side]}", "wrong-score", side=side,
                                expected=self.play.scores[side], found=scores[side])
        cells: list[tuple[str, str, int]] = []  # (side, text, line)
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if not line.strip():
                ahead = next((later for later in self.lines[self.at:] if later.strip()), "")
                if cells and not _RESULT_LINE.match(ahead):
                    break
                self.at += 1
                continue
            if _GAME.match(line):
                break
            self._next()
            if line.lstrip().startswith(";"):
                continue
            cells += [(side, text, self.number) for side, text in self._cells(line)]
        # The end of the text: a last roll written without moves is the turn being played.
        at_end = not any(line.strip() and not line.lstrip().startswith(";") for line in self.lines[self.at:])
        for index, (side, text, line_number) in enumerate(cells):
            self.number = line_number
            following = cells[index + 1] if index + 1 < len(cells) else (None if at_end else "more")
            self._cell(side, text, following)

    def _game_doubles(self) -> bool:
        """Whether the game whose lines come next has a double (before the next 'Game N' line)."""
        for line in self.lines[self.at:]:
            if _GAME.match(line):
                return False
            if re.search(r"\bdoubles\s*=>", line, re.IGNORECASE):
                return True
        return False

    def _cells(self, line: str) -> list[tuple[str, str]]:
        """(side, text) of each action on a move line: left White's, right Black's."""
        numbered = _NUMBER.match(line)  # "  7) " (also before a result alone, as eXtreme Gammon writes it)
        body_start = numbered.end() if numbered else 0
        tokens = [(m.start() + body_start, m.group()) for m in _TOKEN.finditer(line[body_start:])]
        starts = [i for i, (_column, token) in enumerate(tokens)
                  if _DICE.match(token) or token.lower() in _CELL_WORDS]
        if not tokens:
            return []
        if not starts or starts[0] != 0:
            raise self.fail(f"{_bounded(line)} is not a line of moves", "bad-line", text=_bounded(line))
        if len(starts) > 2:
            raise self.fail(f"{_bounded(line)} holds {len(starts)} actions; a line holds one per player at most",
                            "bad-line", text=_bounded(line))
        texts = [" ".join(token for _column, token in tokens[a:b])
                 for a, b in zip(starts, [*starts[1:], len(tokens)])]
        if len(texts) == 2:
            return [(WHITE, texts[0]), (BLACK, texts[1])]
        return [(BLACK if tokens[0][0] >= RIGHT_COLUMN else WHITE, texts[0])]

    # ------------------------------------------------------------------ one action

    def _act(self, action: Action, shown: str) -> None:
        try:
            self.play.act(action)
        except ActionError as error:
            raise self.fail(f"{_bounded(shown)}: {error}", "not-now", action=action.act, problem=error.code) from None

    def _cell(self, side: str, text: str, following) -> None:
        play = self.play
        lowered = text.lower()
        wins = _WINS.match(text)
        if wins:
            self._result(side, int(wins.group(1)), text)
            return
        losses = _LOSSES.match(text)
        if losses:
            self._result(BLACK if side == WHITE else WHITE, int(losses.group(1)), text, written_by_loser=True)
            return
        if play.phase in (GAME_OVER, MATCH_OVER):
            raise self.fail(f"{_bounded(text)}: the game is already over", "after-match")
        expected = play.current.side
        if lowered.startswith("beavers"):
            raise self.fail("a beaver: the engine's doubling cube has none", "unsupported", what="beaver")
        dice = _DICE.match(text.split(" ", 1)[0])
        if play.phase == OPENING_PHASE and dice:
            expected = side  # whoever moves first won the opening roll
        if expected is not None and side != expected:
            raise self.fail(f"{_bounded(text)} is written for {side}, but it is {expected}'s turn", "wrong-side",
                            side=side, expected=expected)
        doubles = _DOUBLES.match(text)
        if doubles:
            value = int(doubles.group(1))
            if value != 2 * play.current.cube.value:
                raise self.fail(f"{_bounded(text)}: the cube is at {play.current.cube.value}, so a double makes it "
                                f"{2 * play.current.cube.value}", "cube-value",
                                expected=2 * play.current.cube.value, found=value)
            self._act(Action(DOUBLE), text)
        elif lowered == "takes":
            self._act(Action(TAKE), text)
        elif lowered in ("drops", "passes"):
            self._act(Action(PASS), text)
        elif dice:
            self._roll(side, (int(dice.group(1)), int(dice.group(2))), text, following)
        else:
            raise self.fail(f"{_bounded(text)} does not read as a roll, a cube action or a result", "bad-cell",
                            text=_bounded(text))

    def _roll(self, side: str, dice: tuple[int, int], text: str, following) -> None:
        play = self.play
        high, low = max(dice), min(dice)
        if play.phase == OPENING_PHASE:
            if self.variant == "short":
                if high == low:
                    raise self.fail(f"{_bounded(text)}: the opening roll is one die each and never a double",
                                    "not-now", action=OPENING, problem="opening-double")
                self._act(Action(OPENING, dice=(high, low) if side == WHITE else (low, high)), text)
            else:
                self._act(Action(OPENING, dice=(2, 1) if side == WHITE else (1, 2)), text)
                self._act(Action(ROLL, dice=dice), text)
        elif play.phase == ROLL_PHASE:
            self._act(Action(ROLL, dice=dice), text)
        else:
            raise self.fail(f"{_bounded(text)}: a roll is not allowed now ({play.phase})", "not-now",
                            action=ROLL, problem="wrong-phase")
        moves = text.split(":", 1)[1].strip()
        if _NO_MOVES.match(moves):
            moves = ""
        if play.phase != MOVE_PHASE:  # the roll could not be played: the turn has passed
            if moves:
                raise self.fail(f"{_bounded(text)}: nothing can be played with {high}-{low}", "illegal-play",
                                text=_bounded(moves), dice=[high, low], problem="no-legal-play", reason=None)
            return
        if not moves:
            if following is None:
                return  # the last roll of the text, being played
            if isinstance(following, tuple) and (_WINS.match(following[1]) or _LOSSES.match(following[1])):
                return  # a resignation with the dice in hand, by either side: the result follows
            raise self.fail(f"{_bounded(text)}: the roll {high}-{low} can be played, but no move is written",
                            "missing-play", dice=[high, low])
        turn = play.current.turn
        try:
            chosen = parse_play(turn.start, turn.roll, self._white_notation(moves, side))
        except NotationError as error:
            raise self.fail(f"{_bounded(moves)}: {error}", "bad-move", text=_bounded(moves),
                            problem=quote(str(error), 80)) from None
        except IllegalPlayError as error:
            refusal = error.refusal
            reason = None if refusal is None else {"code": refusal.code, "params": dict(refusal.params),
                                                   "key": refusal.message_key}
            raise self.fail(f"{_bounded(moves)} with {high}-{low}: {error}", "illegal-play", text=_bounded(moves),
                            dice=[high, low], problem=quote(str(error), 80), reason=reason) from None
        for move in chosen.moves:
            self._act(Action(MOVE, start=move.start, end=move.end, die=move.die), text)
        self._act(Action(CONFIRM), text)

    def _white_notation(self, moves: str, side: str) -> str:
        """The moves, written in the mover's own numbering (25 or bar, 0 or off), in White's numbering."""
        words = []
        for word in moves.replace(",", " ").split():
            found = _MOVE.match(word)
            if not found:
                raise self.fail(f"{_bounded(word)} is not a move; moves are from/to, like 13/8 or 25/22*",
                                "bad-move", text=_bounded(word), problem="not-a-move")
            start = self._point(found.group(1), side, word)
            path = "".join(f"/{self._point(point, side, word)}{star}" for point, star in _POINT.findall(found.group(2)))
            words.append(f"{start}{path}{found.group(3) or ''}")
        return " ".join(words)

    def _point(self, text: str, side: str, word: str) -> str:
        lowered = text.lower()
        if lowered in ("bar", "25"):
            return "bar"
        if lowered in ("off", "0"):
            return "off"
        point = int(text)
        if not 1 <= point <= 24:
            raise self.fail(f"{_bounded(word)}: point {point} is not on the board", "bad-move",
                            text=_bounded(word), problem="point")
        return str(point if side == WHITE else self.own_to_white[point])

    def _result(self, side: str, points: int, text: str, written_by_loser: bool = False) -> None:
        """``side`` won ``points`` (a ``Wins`` cell, or the other side's ``Losses``): the game's result, or a
        resignation by the other side when the game is not over."""
        play = self.play
        game = play.current
        if play.phase in (GAME_OVER, MATCH_OVER):
            result = game.result
            if self.result_read == len(play.games) and not written_by_loser:
                raise self.fail(f"{_bounded(text)}: the game's result is already written", "after-match")
            if not written_by_loser:
                self.result_read = len(play.games)
            if (result.winner != side or not self._same_points(result, points)) and self.jacoby:
                raise self.fail(f"{_bounded(text)}: a result under the Jacoby rule, which the engine does not play",
                                "unsupported", what="jacoby")
            if result.winner != side or not self._same_points(result, points):
                raise self.fail(f"{_bounded(text)} for {side}: the game gave {result.winner} {result.points} "
                                f"point{'s' if result.points != 1 else ''}", "wrong-result", side=side,
                                expected=result.points if result.winner == side else 0, found=points)
            return
        # Neither a pass nor the last checker borne off: the other side resigned, on roll or not.
        loser = BLACK if side == WHITE else WHITE
        if play.phase == OPENING_PHASE and self.variant == "long":
            # A long-nardy game resigned before its first play: the text keeps no opening roll; the loser
            # is given it (2 against 1), and resigns on roll.
            self._act(Action(OPENING, dice=(2, 1) if loser == WHITE else (1, 2)), text)
        if play.phase not in (ROLL_PHASE, MOVE_PHASE) or (play.phase == MOVE_PHASE and game.turn.moves):
            raise self.fail(f"{_bounded(text)}: the game is not over, and {loser} cannot resign now "
                            f"({play.phase})", "not-now", action=RESIGN, problem="wrong-phase")
        resigning = Action(RESIGN, side=None if game.side == loser else loser)
        offers = play.resign_offers(loser)
        kind = _resign_kind(points, game.cube.value)
        offer = next((o for o in offers if o.kind == kind), offers[-1])  # more than it could cost: the most
        self._act(Action(RESIGN, kind=offer.kind, side=resigning.side), text)
        if not (self._same_points(offer, points) or (points > offer.points and offer is offers[-1])):
            raise self.fail(f"{_bounded(text)}: resigning here gives {side} {offer.points} point"
                            f"{'s' if offer.points != 1 else ''} by the rules", "resign-value", expected=offer.points,
                            found=points)
        self._act(Action(ACCEPT), text)
        if not written_by_loser:
            self.result_read = len(play.games)

    def _same_points(self, result, points: int) -> bool:
        """``points`` is what ``result`` gives, or, for a result that wins the match, what its winner needed
        or the match's length (programs cap the last result so: Backgammon Galaxy at the length)."""
        if points == result.points:
            return True
        if not self.length:
            return False
        before = self.play.scores[result.winner] - (result.points if self.play.current.result is result else 0)
        needed = self.length - before
        return result.points >= needed and points in (needed, self.length)


def _resign_kind(points: int, cube: int) -> str:
    """The kind of resignation a result of ``points`` at ``cube`` is, as GNU Backgammon reads it (import.c)."""
    if points <= cube:
        return RESULT_KINDS_SHORT[0]
    if points <= 2 * cube:
        return RESULT_KINDS_SHORT[1]
    return RESULT_KINDS_SHORT[2]


def _players(names: dict, headers: dict) -> dict | None:
    """The players' names as a record keeps them: the score line's (as GNU Backgammon reads them), else the
    ``; [Player N "..."]`` header's, else the colour's (``White``, ``Black``); characters that cannot be
    shown dropped, runs of spaces made one, cut to the record's 32. None when neither side has a name."""
    out = {}
    for number, side in ((1, WHITE), (2, BLACK)):
        for name in (names[side], headers.get(f"player {number}", "")):
            cleaned = " ".join("".join(c for c in name if c.isprintable()).split())[:MAX_NAME].strip()
            if cleaned:
                out[side] = cleaned
                break
    if not out:
        return None
    return {side: out.get(side, side.capitalize()) for side in (WHITE, BLACK)}


__all__ = ["MatReadError", "read_match_text"]
