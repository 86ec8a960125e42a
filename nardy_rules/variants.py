"""Short and long nardy: each variant fulfils the contract declared on :class:`~nardy_rules.position.Position`.

Both games share the turn structure (``movegen.py``) and bearing off; they
differ in where the sides start, how the two numberings meet
(``OTHER_NUMBERING``), what closes a point (``CLOSING_STACK``), and the extra
rules (short: hitting and the bar; long: the head rule and the six-block
rule). Each variant sets the class attributes and overrides the three rule
hooks the contract names: ``search_env``, ``single_moves`` and
``single_move_refusal``.
"""

from __future__ import annotations

from typing import ClassVar

from .movegen import SearchEnv
from .position import CHECKERS, VARIANTS, Position, other
from .reasons import Refusal


def _add_bear_off(out: list, own, die: int, top: int) -> None:
    """Append the bear-off ``die`` allows (own numbering), if any, starting at or below ``top``."""
    if sum(own[7:26]):
        return
    s = die if own[die] else next((p for p in range(6, 0, -1) if own[p]), 0)
    if s and s <= die and s <= top:
        out.append((s, 0, False))


class _Rules(Position):
    """Rules both games share: moving forward onto open points, bearing off."""

    __slots__ = ()

    def _opponent_counts(self) -> list[int]:
        """The opponent's checkers on each of the mover's own points (index 1..24; 0 and 25 hold 0)."""
        opp = self.own_board(other(self.turn))
        across = self.OTHER_NUMBERING
        return [0] + [opp[across[p]] for p in range(1, 25)] + [0]

    def _closed_refusal(self, t: int) -> Refusal:
        opponent = other(self.turn)
        return Refusal(
            "point-closed",
            point=self.to_white(self.turn, t),
            count=self.own_board(opponent)[self.OTHER_NUMBERING[t]],
            color=opponent,
        )

    def _bear_off_refusal(self, own, s: int, die: int) -> Refusal | None:
        """Why ``die`` cannot bear off the checker on ``s`` (own numbering), or None; points in White's numbering."""
        outside = sum(own[7:26])
        if outside:
            return Refusal("not-all-home", count=outside)
        if die > s:
            for higher in range(6, s, -1):
                if own[higher]:
                    return Refusal("higher-checker-must-move", die=die, point=self.to_white(self.turn, s),
                                   higher=self.to_white(self.turn, higher))
        return None

    def single_move_refusal(self, env: SearchEnv, start: int, die: int) -> Refusal | None:
        """Why the checker on own point ``start`` may not move ``die`` now, by the rules both games share."""
        t = start - die
        if t <= 0:
            return self._bear_off_refusal(env.own, start, die)
        if env.closed[t]:
            return self._closed_refusal(t)
        return None


class ShortPosition(_Rules):
    """Short nardy (backgammon): hitting, the bar, the cube, mars and koks."""

    __slots__ = ()
    variant = "short"
    # Black's own point q is White's 25 - q: the board seen in a mirror.
    OTHER_NUMBERING = (0,) + tuple(25 - p for p in range(1, 25)) + (25,)
    HAS_BAR = True
    HAS_CUBE = True
    CLOSING_STACK = 2
    START: ClassVar[dict[int, int]] = {24: 2, 13: 5, 8: 3, 6: 5}

    def search_env(self, roll, start=None) -> SearchEnv:
        counts = self._opponent_counts()
        closing = self.CLOSING_STACK
        return SearchEnv(list(self.own_board(self.turn)), [n >= closing for n in counts], [n == 1 for n in counts])

    @staticmethod
    def single_moves(env: SearchEnv, die: int, max_source: int) -> list:
        own = env.own
        closed = env.closed
        if own[25]:
            t = 25 - die
            if closed[t]:
                return []
            return [(25, t, env.blot[t] and not (env.hits >> t) & 1)]
        out = []
        blot = env.blot
        hits = env.hits
        top = 24 if max_source > 24 else max_source
        for s in range(top, die, -1):
            if own[s]:
                t = s - die
                if not closed[t]:
                    out.append((s, t, blot[t] and not (hits >> t) & 1))
        _add_bear_off(out, own, die, top)
        return out


class LongPosition(_Rules):
    """Long nardy: one head, no hitting, the head rule and the six-block rule."""

    __slots__ = ()
    variant = "long"
    # Black's own point q is White's q + 12 (mod 24): its head 24 is White's 12, half a turn round the board.
    OTHER_NUMBERING = (0,) + tuple((p + 11) % 24 + 1 for p in range(1, 25)) + (25,)
    HAS_BAR = False
    HAS_CUBE = False
    CLOSING_STACK = 1
    START: ClassVar[dict[int, int]] = {24: 15}
    HEAD = 24
    #: Doubles with which a side's first move may take two checkers from the head.
    FIRST_MOVE_DOUBLES = (3, 4, 6)
    #: The opponent's path in the mover's numbering: 12, 11, ..., 1, 24, ..., 13.
    PATH = tuple(range(12, 0, -1)) + tuple(range(24, 12, -1))
    PATH_INDEX: ClassVar[dict[int, int]] = {p: i for i, p in enumerate(PATH)}

    def search_env(self, roll, start=None) -> SearchEnv:
        counts = self._opponent_counts()
        closing = self.CLOSING_STACK
        path_index = self.PATH_INDEX
        front = max((path_index[p] for p in range(1, 25) if counts[p]), default=-1)
        head_start = (self if start is None else start).own_board(self.turn)[self.HEAD]
        first_move = head_start == CHECKERS
        limit = 2 if first_move and roll[0] == roll[1] and roll[0] in self.FIRST_MOVE_DOUBLES else 1
        return SearchEnv(list(self.own_board(self.turn)), [n >= closing for n in counts], None, head_start, limit, front)

    @classmethod
    def _six_block(cls, own, s: int, t: int, front: int) -> tuple[int, int] | None:
        """The forbidden run of six made by moving s -> t, as path indices, or None.

        A run counts along the opponent's path; it is allowed once an opponent
        checker stands beyond its last point (RULES.md, "Six-block rule").
        """
        path = cls.PATH
        own[s] -= 1
        i = cls.PATH_INDEX[t]
        lo = i
        while lo > 0 and own[path[lo - 1]]:
            lo -= 1
        hi = i
        while hi < 23 and own[path[hi + 1]]:
            hi += 1
        own[s] += 1
        if hi - lo >= 5 and front <= hi:
            return lo, hi
        return None

    @classmethod
    def single_moves(cls, env: SearchEnv, die: int, max_source: int) -> list:
        own = env.own
        closed = env.closed
        out = []
        top = 24 if max_source > 24 else max_source
        head_open = env.head_start - own[24] < env.head_limit
        for s in range(top, die, -1):
            if own[s]:
                t = s - die
                if closed[t] or (s == 24 and not head_open):
                    continue
                if not own[t] and cls._six_block(own, s, t, env.opp_front):
                    env.sixblock_refused = True
                    continue
                out.append((s, t, False))
        _add_bear_off(out, own, die, top)
        return out

    def single_move_refusal(self, env: SearchEnv, start: int, die: int) -> Refusal | None:
        refusal = super().single_move_refusal(env, start, die)
        if refusal is not None or start - die <= 0:
            return refusal
        own, t = env.own, start - die
        if start == self.HEAD and env.head_start - own[self.HEAD] >= env.head_limit:
            return Refusal("head-rule", count=env.head_limit, head=self.to_white(self.turn, self.HEAD))
        if not own[t]:
            block = self._six_block(own, start, t, env.opp_front)
            if block:
                first, last = (self.to_white(self.turn, self.PATH[i]) for i in block)
                return Refusal("six-block", first=first, last=last)
        return None


VARIANTS[ShortPosition.variant] = ShortPosition
VARIANTS[LongPosition.variant] = LongPosition
