"""Step-by-step turns, for the live boards: one checker, one die at a time.

A :class:`Turn` knows from the start how many dice the turn's legal plays use
(RULES.md: the largest possible number, and the larger die when only one can
be played). A single move is accepted exactly when some legal play of the
whole turn begins with the moves made so far followed by it; otherwise
:meth:`Turn.check` says why, as a :class:`~nardy_rules.reasons.Refusal`.

The variant's rules come only through the hooks the contract declares on
:class:`~nardy_rules.position.Position` (``search_env``, ``single_moves``,
``single_move_refusal``). Attaches ``Position.begin_turn`` (see the package
docstring, "Layers").
"""

from __future__ import annotations

from dataclasses import dataclass

from .contract import quote
from .dice import parse_dice, parse_dice_left
from .errors import IllegalPlayError
from .movegen import SearchEnv, search
from .play import Move, Play, public_point
from .position import BAR, BAR_INDEX, OFF, OFF_INDEX, Position, Step
from .reasons import Refusal


@dataclass(frozen=True)
class LostDie:
    """A die value the turn could not play: how many dice showing it, and why each checker may not."""

    die: int
    count: int
    #: (the single move, why it is refused) for every checker that might have played the die.
    refusals: tuple[tuple[Move, Refusal], ...]

    def to_json(self) -> dict:
        """``{"die", "count", "refusals": [{"start", "end", "reason"}, ...]}`` (points in White's numbering)."""
        return {
            "die": self.die,
            "count": self.count,
            "refusals": [{"start": m.start, "end": m.end, "reason": r.to_json()} for m, r in self.refusals],
        }


class Turn:
    """One turn in progress: the start position, the roll and the moves so far."""

    def __init__(self, position: Position, dice):
        self.start = position
        #: The two dice rolled (a double for three or four dice left).
        self.roll, self._dice = parse_dice_left(dice)
        self._moves: list[Step] = []
        self._redo: list[Step] = []
        self._position = position
        if position.is_game_over():
            self.max_dice, found = 0, {}
        else:
            self.max_dice, found = search(position.single_moves, self._env(position), self._dice)
        # With only one die playable of a non-double, every legal play uses the
        # same die (the larger when it can be played): remember which.
        self._required_die = None
        if self.max_dice == 1 and len(self._dice) == 2 and self._dice[0] != self._dice[1]:
            self._required_die = next(iter(found.values()))[0][2]

    # ------------------------------------------------------------------ state

    def _env(self, position: Position) -> SearchEnv:
        """The search state of ``position``, a position of this turn (the head rule counts from its start)."""
        return position.search_env(self.roll, self.start)

    @property
    def position(self) -> Position:
        """The position now, with the same side still to move."""
        return self._position

    @property
    def color(self) -> str:
        return self.start.turn

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._public(m) for m in self._moves)

    @property
    def remaining(self) -> tuple[int, ...]:
        """The dice not yet played."""
        left = list(self._dice)
        for move in self._moves:
            left.remove(move[2])
        return tuple(left)

    @property
    def complete(self) -> bool:
        """No further move is allowed: the play uses as many dice as it must."""
        return len(self._moves) >= self.max_dice

    @property
    def lost_dice(self) -> tuple[int, ...]:
        """Dice that cannot be played this turn (known once the turn is complete)."""
        return self.remaining if self.complete else ()

    def lost_reasons(self) -> tuple[LostDie, ...]:
        """Why each lost die cannot be played, once the turn is complete.

        For each die value left unplayed: how many of the dice showing it are
        lost, and for every checker that might have played it, the single move
        and the reason the engine refuses it in the position the turn ends in.
        A single move is all it takes: had any checker been able to play the
        die, the turn could have used more dice (or the larger one), so every
        such move is refused by a rule of the variant (the head rule, a closed
        point, the six-block, bearing off...).
        """
        position = self._position
        if not self.complete or position.is_game_over():
            return ()
        env = self._env(position)
        own = env.own
        if position.HAS_BAR and own[BAR_INDEX]:
            places = [BAR_INDEX]  # only the bar may move (every other checker: enter-from-bar-first)
        else:
            places = [s for s in range(24, 0, -1) if own[s]]
        lost = []
        left = self.lost_dice
        for die in sorted(set(left), reverse=True):
            refusals = []
            for s in places:
                refusal = position.single_move_refusal(env, s, die)
                if refusal is None:  # pragma: no cover - see the docstring; the property tests keep it so
                    raise RuntimeError(f"engine inconsistency: a lost {die} could be played from own point {s}")
                refusals.append((self._public((s, max(s - die, OFF_INDEX), die, False)), refusal))
            lost.append(LostDie(die, left.count(die), tuple(refusals)))
        return tuple(lost)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _public(self, move: tuple) -> Move:
        s, t, d, hit = move
        return Move(public_point(self.start, self.color, s), public_point(self.start, self.color, t), d, hit)

    def _own(self, point, end: bool) -> int:
        if point == BAR and not end:
            return BAR_INDEX
        if point == OFF and end:
            return OFF_INDEX
        if isinstance(point, bool) or not isinstance(point, int) or not 1 <= point <= 24:
            place = "a point 1..24 or 'off'" if end else "a point 1..24 or 'bar'"
            raise IllegalPlayError(f"a move {'ends' if end else 'starts'} on {place}, not {quote(point)}")
        return self.start.to_own(self.color, point)

    # ------------------------------------------------------------------ checking

    def check(self, start, end, die: int | None = None) -> Refusal | None:
        """None when moving one checker from ``start`` to ``end`` is legal now, else why not."""
        return self._find(start, end, die)[1]

    def _find(self, start, end, die=None) -> tuple[tuple | None, Refusal | None]:
        position = self._position
        if position.is_game_over():
            return None, Refusal("game-over")
        if self.complete and not self.remaining:
            return None, Refusal("no-dice-left")
        s, t = self._own(start, end=False), self._own(end, end=True)
        env = self._env(position)
        own = env.own
        if not own[s]:
            return None, Refusal("no-checker", point=start)
        if t >= s:
            return None, Refusal("backwards", start=start, end=end)
        if position.HAS_BAR and own[BAR_INDEX] and s != BAR_INDEX:
            return None, Refusal("enter-from-bar-first")
        left = sorted(set(self.remaining))
        if t:
            candidates = [d for d in left if d == s - t]
        else:
            # Bearing off: the exact die first, then the larger dice, largest
            # first (the texts' reading: "the six bears off the farthest").
            candidates = [d for d in left if d == s] + [d for d in reversed(left) if d > s]
        if die is not None:
            candidates = [d for d in candidates if d == die]
        if not candidates:
            dice = ", ".join(str(d) for d in self.remaining)
            if t:
                return None, Refusal("no-such-die", distance=s - t, dice=dice)
            return None, Refusal("no-such-die", point=start, dice=dice)
        first = None
        for d in candidates:
            match = next((m for m in position.single_moves(env, d, BAR_INDEX) if m[0] == s and m[1] == t), None)
            if match is None:
                refusal = position.single_move_refusal(self._env(position), s, d)
                if refusal is None:  # pragma: no cover - the property tests keep these in step
                    raise RuntimeError(f"engine inconsistency: {start}/{end} with {d} neither listed nor refused")
            else:
                move = (s, t, d, bool(match[2]))
                if self.complete:  # pragma: no cover - a lost die has no legal single move (see lost_reasons)
                    raise RuntimeError(f"engine inconsistency: {start}/{end} plays a lost {d}")
                refusal = self._turn_rules(move)
                if refusal is None:
                    return move, None
            first = first or refusal
        return None, first

    def _turn_rules(self, move: tuple) -> Refusal | None:
        """The rules about the whole turn: the larger die, the most dice."""
        if self._required_die is not None and move[2] != self._required_die:
            return Refusal("must-play-larger-die", die=self._required_die, other=move[2])
        need = self.max_dice - len(self._moves) - 1
        if need > 0:
            after = self._position.apply_steps([move], switch_turn=False)
            left = list(self.remaining)
            left.remove(move[2])
            used, _ = search(after.single_moves, self._env(after), tuple(left))
            if used < need:
                return Refusal("leaves-dice-unplayed", count=self.max_dice)
        return None

    def legal_moves(self) -> list[Move]:
        """Every single move allowed now."""
        if self.complete or self._position.is_game_over():
            return []
        env = self._env(self._position)
        out = []
        for d in sorted(set(self.remaining), reverse=True):
            for s, t, hit in self._position.single_moves(env, d, BAR_INDEX):
                move = (s, t, d, bool(hit))
                if self._turn_rules(move) is None:
                    out.append(self._public(move))
        return out

    def paths(self, start) -> list[dict]:
        """Where the checker on ``start`` can go now, with one or more dice.

        ``[{"end": point, "moves": [Move, ...]}, ...]``, the fewest moves per end.
        """
        found: dict = {}

        def walk(turn: Turn, point, trail: list) -> None:
            for move in turn.legal_moves():
                if move.start != point:
                    continue
                if move.end not in found or len(found[move.end]) > len(trail) + 1:
                    found[move.end] = trail + [move]
                if move.end != OFF:
                    branch = turn.copy()
                    branch.move(move.start, move.end, move.die)
                    walk(branch, move.end, trail + [move])

        walk(self, start, [])
        return [{"end": end, "moves": moves} for end, moves in found.items()]

    # ------------------------------------------------------------------ moving

    def move(self, start, end, die: int | None = None) -> Move:
        """Move one checker; raise :class:`IllegalPlayError` (with ``refusal``) if not allowed."""
        move, refusal = self._find(start, end, die)
        if refusal is not None:
            raise IllegalPlayError(refusal.message(), refusal)
        self._push(move)
        self._redo.clear()
        return self._public(move)

    def _push(self, move: tuple) -> None:
        self._moves.append(move)
        self._position = self._position.apply_steps([move], switch_turn=False)

    def undo(self) -> Move:
        if not self._moves:
            raise IllegalPlayError("nothing to undo")
        move = self._moves.pop()
        self._redo.append(move)
        self._position = self.start.apply_steps(self._moves, switch_turn=False)
        return self._public(move)

    def redo(self) -> Move:
        if not self._redo:
            raise IllegalPlayError("nothing to redo")
        move = self._redo.pop()
        self._push(move)
        return self._public(move)

    def copy(self) -> Turn:
        clone = object.__new__(Turn)
        clone.__dict__.update(self.__dict__)
        clone._moves = list(self._moves)
        clone._redo = list(self._redo)
        return clone

    def play(self) -> Play:
        """The play made so far (the whole turn's play once :attr:`complete`)."""
        return Play(self.start, tuple(self._moves))


def check_move(position: Position, dice, start, end) -> Refusal | None:
    """Whether one single-checker move is legal now: None, or the reason it is not.

    ``dice`` is the roll, or the dice still to play (for example ``(5,)`` or
    ``(3, 3, 3)``); the position is taken as the start of that part of the turn.
    """
    return Turn(position, dice).check(start, end)


def begin_turn(position: Position, dice) -> Turn:
    """Step-by-step play of one turn from a roll of two dice (a :class:`Turn`)."""
    return Turn(position, parse_dice(dice))


# The method form, on the position (position.py is below this layer: see the package docstring).
Position.begin_turn = begin_turn
