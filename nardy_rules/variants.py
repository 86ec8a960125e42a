"""Short and long nardy: each variant overrides only what differs.

Both games share the turn structure (``movegen.py``) and bearing off; they
differ in where the sides start, how the two numberings meet, what closes a
point, and the extra rules (short: hitting and the bar; long: the head rule and
the six-block rule).
"""

from __future__ import annotations

from typing import ClassVar

from .movegen import SearchEnv
from .position import VARIANTS, Position, other
from .reasons import Refusal


class _Rules(Position):
    """Rules both games share: moving forward onto open points, bearing off."""

    __slots__ = ()

    def _env(self, own: list, opp: tuple, start_own: tuple, dice: tuple[int, int]) -> SearchEnv:
        raise NotImplementedError

    def _closed_refusal(self, t: int) -> Refusal:
        opponent = other(self.turn)
        return Refusal(
            "point-closed",
            point=self.to_white(self.turn, t),
            count=self._board(opponent)[self.MIRROR[t]],
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

    @staticmethod
    def _add_bear_off(out: list, own, die: int, top: int) -> None:
        """Append the bear-off ``die`` allows (own numbering), if any, starting at or below ``top``."""
        if sum(own[7:26]):
            return
        s = die if own[die] else next((p for p in range(6, 0, -1) if own[p]), 0)
        if s and s <= die and s <= top:
            out.append((s, 0, False))

    def _single_refusal(self, env: SearchEnv, s: int, die: int) -> Refusal | None:
        """Why the checker on own point ``s`` may not move ``die`` now, by the rules both games share."""
        own = env.own
        t = s - die
        if t <= 0:
            return self._bear_off_refusal(own, s, die)
        if env.closed[t]:
            return self._closed_refusal(t)
        return None


class ShortPosition(_Rules):
    """Short nardy (backgammon): hitting, the bar, the cube, mars and koks."""

    __slots__ = ()
    variant = "short"
    MIRROR = (0,) + tuple(25 - p for p in range(1, 25)) + (25,)
    HAS_BAR = True
    HAS_CUBE = True
    CLOSING_STACK = 2
    START: ClassVar[dict[int, int]] = {24: 2, 13: 5, 8: 3, 6: 5}

    def _env(self, own, opp, start_own, dice):
        mirror = self.MIRROR
        closed = [False] * 26
        blot = [False] * 26
        for p in range(1, 25):
            n = opp[mirror[p]]
            closed[p] = n >= 2
            blot[p] = n == 1
        return SearchEnv(own, closed, blot)

    @staticmethod
    def _targets(env: SearchEnv, die: int, max_source: int) -> list:
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
        _Rules._add_bear_off(out, own, die, top)
        return out


class LongPosition(_Rules):
    """Long nardy: one head, no hitting, the head rule and the six-block rule."""

    __slots__ = ()
    variant = "long"
    # Black's own point q is White's q + 12 (mod 24): its head 24 is White's 12.
    MIRROR = (0,) + tuple((p + 11) % 24 + 1 for p in range(1, 25)) + (25,)
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

    def _env(self, own, opp, start_own, dice):
        mirror = self.MIRROR
        closed = [False] * 26
        front = -1
        for p in range(1, 25):
            if opp[mirror[p]]:
                closed[p] = True
                front = max(front, self.PATH_INDEX[p])
        head_start = start_own[self.HEAD]
        first_move = head_start == 15
        limit = 2 if first_move and dice[0] == dice[1] and dice[0] in self.FIRST_MOVE_DOUBLES else 1
        return SearchEnv(own, closed, None, head_start, limit, front)

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
    def _targets(cls, env: SearchEnv, die: int, max_source: int) -> list:
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
        _Rules._add_bear_off(out, own, die, top)
        return out

    def _single_refusal(self, env: SearchEnv, s: int, die: int) -> Refusal | None:
        refusal = super()._single_refusal(env, s, die)
        if refusal is not None or s - die <= 0:
            return refusal
        own, t = env.own, s - die
        if s == self.HEAD and env.head_start - own[self.HEAD] >= env.head_limit:
            return Refusal("head-rule", count=env.head_limit, head=self.to_white(self.turn, self.HEAD))
        if not own[t]:
            block = self._six_block(own, s, t, env.opp_front)
            if block:
                first, last = (self.to_white(self.turn, self.PATH[i]) for i in block)
                return Refusal("six-block", first=first, last=last)
        return None


VARIANTS[ShortPosition.variant] = ShortPosition
VARIANTS[LongPosition.variant] = LongPosition
