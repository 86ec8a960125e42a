"""Legal-play search, shared by both games.

Everything here works in the mover's own numbering (see ``position.py``): the
side to move always travels from point 24 towards 1 and bears off below 1. A
variant supplies :meth:`Position.search_env <nardy_rules.position.Position.search_env>`,
the :class:`SearchEnv` of a turn, and
:meth:`Position.single_moves <nardy_rules.position.Position.single_moves>`, the
single moves one die allows from the current search state; this module strings
them into plays and applies the turn-level rules of RULES.md: the largest
number of dice, the larger die, one entry per resulting position.

Speed matters (the live boards and the doc tests call this thousands of
times), so the search mutates one list in place and identifies positions by an
integer key: 4 bits per point of the mover's board plus one bit per hit.
"""

from __future__ import annotations

from .position import BAR_INDEX

#: KEY_UNIT[i]: one checker on own index i in the board key.
KEY_UNIT = tuple(1 << (4 * i) for i in range(26))
#: DELTA[s][t]: key change when a checker moves from s to t.
DELTA = tuple(tuple(KEY_UNIT[t] - KEY_UNIT[s] for t in range(26)) for s in range(26))
#: HIT_UNIT[t]: key bit for an opponent blot hit on the mover's point t.
HIT_UNIT = tuple(1 << (104 + t) for t in range(26))


def board_key(own) -> int:
    key = 0
    for i, count in enumerate(own):
        key += count << (4 * i)
    return key


class SearchEnv:
    """What stays fixed during one turn's search, plus the mutable board.

    Built by a variant's ``search_env``. ``own``: the mover's board in its own
    numbering (a list the search moves checkers on and restores).
    ``closed[p]`` / ``blot[p]``: the opponent closes / has a single checker on
    the mover's point p. ``hits``: bit set of the mover's points where a blot
    was hit in the current line. ``head_start`` / ``head_limit``: checkers on
    the head when the turn began and how many may leave it (long nardy).
    ``opp_front``: the furthest index along the opponent's path that an
    opponent checker stands on (long nardy, six-block rule).
    ``sixblock_refused``: set when a move was refused by the six-block rule,
    which makes move order matter (see :func:`search`).
    """

    __slots__ = ("blot", "closed", "head_limit", "head_start", "hits", "opp_front", "own", "sixblock_refused")

    def __init__(self, own, closed, blot=None, head_start=0, head_limit=0, opp_front=-1):
        self.own = own
        self.closed = closed
        self.blot = blot
        self.hits = 0
        self.head_start = head_start
        self.head_limit = head_limit
        self.opp_front = opp_front
        self.sixblock_refused = False


def search(single_moves, env: SearchEnv, dice: tuple[int, ...]) -> tuple[int, dict]:
    """Find the plays that use the most dice.

    ``single_moves(env, die, max_source)`` lists the legal single moves
    ``(start, end, hit)`` of the variant for the current state (the variant's
    :meth:`~nardy_rules.position.Position.single_moves`). ``dice`` is what is
    left to play: two different dice, or one value one to four times. Returns
    ``(dice used, {result key: steps})`` where steps are
    ``((start, end, die, hit), ...)`` (:data:`~nardy_rules.position.Step`); an
    empty dict when nothing can be played.
    """
    if not dice:
        return 0, {}
    if len(dice) == 2 and dice[0] != dice[1]:
        return _search_two(single_moves, env, dice[0], dice[1])
    used, found = _search_same(single_moves, env, dice[0], len(dice), ordered=True)
    if env.sixblock_refused:
        # The six-block rule is checked after every single move, so the order
        # of a double's moves can matter; search every order (rare: only when
        # a six-block refusal happened at all).
        env.sixblock_refused = False
        used, found = _search_same(single_moves, env, dice[0], len(dice), ordered=False)
    return used, found


def _search_two(single_moves, env: SearchEnv, a: int, b: int) -> tuple[int, dict]:
    own = env.own
    both: dict = {}
    alone: dict = {a: {}, b: {}}
    base = board_key(own)
    for first, second in ((a, b), (b, a)):
        for s1, t1, hit1 in single_moves(env, first, BAR_INDEX):
            own[s1] -= 1
            own[t1] += 1
            key1 = base + DELTA[s1][t1]
            if hit1:
                key1 += HIT_UNIT[t1]
                env.hits |= 1 << t1
            follow = single_moves(env, second, BAR_INDEX)
            if follow:
                for s2, t2, hit2 in follow:
                    key = key1 + DELTA[s2][t2]
                    if hit2:
                        key += HIT_UNIT[t2]
                    if key not in both:
                        both[key] = ((s1, t1, first, hit1), (s2, t2, second, hit2))
            elif not both:
                alone[first].setdefault(key1, ((s1, t1, first, hit1),))
            if hit1:
                env.hits &= ~(1 << t1)
            own[s1] += 1
            own[t1] -= 1
    if both:
        return 2, both
    # No play uses both dice: the larger die when it can be played alone.
    larger, smaller = (a, b) if a > b else (b, a)
    if alone[larger]:
        return 1, alone[larger]
    if alone[smaller]:
        return 1, alone[smaller]
    return 0, {}


def _search_same(single_moves, env: SearchEnv, die: int, count: int, ordered: bool) -> tuple[int, dict]:
    """Play ``die`` up to ``count`` times.

    With ``ordered``, moves are generated with non-increasing start points: any
    order of a double's moves can be rearranged that way without changing the
    result or legality, except when the six-block rule refuses an intermediate
    position (the caller then searches again with ``ordered=False``, which
    prunes repeated intermediate positions instead).
    """
    own = env.own
    best = [0, {}]
    seen: set = set()
    moves: list = []

    def visit(depth: int, key: int, bound: int) -> None:
        found_move = False
        for s, t, hit in single_moves(env, die, bound if ordered else BAR_INDEX):
            found_move = True
            own[s] -= 1
            own[t] += 1
            child = key + DELTA[s][t]
            if hit:
                child += HIT_UNIT[t]
                env.hits |= 1 << t
            moves.append((s, t, die, hit))
            if depth + 1 == count:
                _record(best, depth + 1, child, moves)
            elif ordered or (depth + 1, child) not in seen:
                if not ordered:
                    seen.add((depth + 1, child))
                visit(depth + 1, child, s)
            moves.pop()
            if hit:
                env.hits &= ~(1 << t)
            own[s] += 1
            own[t] -= 1
        if not found_move and depth:
            _record(best, depth, key, moves)

    visit(0, board_key(own), BAR_INDEX)
    return best[0], best[1]


def _record(best: list, depth: int, key: int, moves: list) -> None:
    if depth > best[0]:
        best[0] = depth
        best[1] = {key: tuple(moves)}
    elif depth == best[0] and key not in best[1]:
        best[1][key] = tuple(moves)
