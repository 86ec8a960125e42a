"""A deliberately naive second implementation of RULES.md, for the tests only.

It shares no code with ``nardy_rules``' move generation: it works in White's
numbering with each side's path spelled out, tries every order of every die,
and checks each rule literally after each single move. Slow and plain, so it
can be trusted as a referee for the fast engine on random positions.
"""

from __future__ import annotations

from functools import cache

PATHS = {
    ("short", "white"): tuple(range(24, 0, -1)),
    ("short", "black"): tuple(range(1, 25)),
    ("long", "white"): tuple(range(24, 0, -1)),
    ("long", "black"): tuple(range(12, 0, -1)) + tuple(range(24, 12, -1)),
}
OTHER = {"white": "black", "black": "white"}


class State:
    """Checkers by White-numbered point for both sides, plus bar and off; immutable."""

    def __init__(self, variant, turn, white, black):
        self.variant, self.turn = variant, turn
        self.sides = {"white": dict(white), "black": dict(black)}

    @classmethod
    def of(cls, position):
        sides = {}
        for color in ("white", "black"):
            side = {p: n for p, n in position.checkers(color).items()}
            side["bar"] = position.bar(color)
            side["off"] = position.off(color)
            sides[color] = side
        return cls(position.variant, position.turn, sides["white"], sides["black"])

    def key(self):
        """The checkers of both sides (not whose turn: a result is compared with the mover's position)."""
        return tuple(
            tuple(sorted((str(k), v) for k, v in self.sides[c].items() if v)) for c in ("white", "black")
        )

    def copy(self):
        return State(self.variant, self.turn, self.sides["white"], self.sides["black"])

    def count(self, color, point):
        return self.sides[color].get(point, 0)


def path(variant, color):
    return PATHS[(variant, color)]


def closed(state, point):
    """Closed to the side to move: two opponent checkers (short), any (long)."""
    n = state.count(OTHER[state.turn], point)
    return n >= 2 if state.variant == "short" else n >= 1


def forbidden_block(state):
    """A run of six points of the mover along the opponent's path with no opponent checker beyond it."""
    me, opp = state.turn, OTHER[state.turn]
    opp_path = path(state.variant, opp)
    furthest = max((i for i, p in enumerate(opp_path) if state.count(opp, p)), default=-1)
    for start in range(0, 19):
        window = opp_path[start:start + 6]
        if all(state.count(me, p) for p in window) and furthest <= start + 5:
            return True
    return False


def single_moves(state, die, head_moves, head_limit):
    """(start, end, new_state, head_moves) for every legal single move of ``die``."""
    me = state.turn
    my_path = path(state.variant, me)
    side = state.sides[me]
    out = []
    if side.get("bar", 0):
        target = my_path[die - 1]
        if not closed(state, target):
            new = state.copy()
            new.sides[me]["bar"] -= 1
            _land(new, target)
            out.append(("bar", target, new, head_moves))
        return out
    index_of = {p: i for i, p in enumerate(my_path)}
    all_home = all(index_of[p] >= 18 for p, n in side.items() if n and p not in ("bar", "off"))
    for point, n in list(side.items()):
        if not n or point in ("bar", "off"):
            continue
        i = index_of[point]
        if state.variant == "long" and i == 0 and head_moves >= head_limit:
            continue
        j = i + die
        new = state.copy()
        new.sides[me][point] -= 1
        if j < 24:
            target = my_path[j]
            if closed(state, target):
                continue
            _land(new, target)
            end = target
        else:
            if not all_home:
                continue
            if j > 24 and any(side.get(my_path[k], 0) for k in range(18, i)):
                continue
            new.sides[me]["off"] = new.sides[me].get("off", 0) + 1
            end = "off"
        if state.variant == "long" and forbidden_block(new):
            continue
        out.append((point, end, new, head_moves + (1 if state.variant == "long" and i == 0 else 0)))
    return out


def _land(state, target):
    me, opp = state.turn, OTHER[state.turn]
    if state.variant == "short" and state.count(opp, target) == 1:
        state.sides[opp][target] = 0
        state.sides[opp]["bar"] = state.sides[opp].get("bar", 0) + 1
    state.sides[me][target] = state.count(me, target) + 1


def analyse(position, dice):
    """(max dice, {result key}, {(start, end, die) first moves of legal plays}).

    Every order of the dice is tried; positions met on the way are memoised
    by (checkers, dice left, head moves), which changes nothing but the time.
    """
    state = State.of(position)
    a, b = dice
    head_limit = 1
    if position.variant == "long":
        first = state.count(position.turn, path("long", position.turn)[0]) == 15
        head_limit = 2 if first and a == b and a in (3, 4, 6) else 1
    orders = [(a,) * 4] if a == b else [(a, b), (b, a)]
    moves_of = {}

    def moves(st, remaining, head_moves):
        key = (st.key(), remaining, head_moves)
        if key not in moves_of:
            moves_of[key] = single_moves(st, remaining[0], head_moves, head_limit) if remaining else []
        return moves_of[key]

    @cache
    def depth(key, remaining, head_moves):
        st = states[key]
        return max((1 + depth(_remember(new), remaining[1:], hm) for _s, _e, new, hm in moves(st, remaining, head_moves)),
                   default=0)

    @cache
    def reach(key, remaining, head_moves, need):
        """Result keys reached from here with exactly ``need`` more moves."""
        if need == 0:
            return frozenset([key])
        out = set()
        for _s, _e, new, hm in moves(states[key], remaining, head_moves):
            new_key = _remember(new)
            if depth(new_key, remaining[1:], hm) >= need - 1:
                out |= reach(new_key, remaining[1:], hm, need - 1)
        return frozenset(out)

    states = {}

    def _remember(st):
        states[st.key()] = st
        return st.key()

    root = _remember(state)
    best = max(depth(root, order, 0) for order in orders)
    if best == 1 and a != b:
        # Larger-die rule: with one die playable of a non-double, the larger if it can be played.
        larger = max(a, b)
        orders = [(larger,)] if single_moves(state, larger, 0, head_limit) else [(min(a, b),)]
    results, firsts = set(), set()
    if best:
        for order in orders:
            for s, e, new, hm in moves(state, order, 0):
                new_key = _remember(new)
                if 1 + depth(new_key, order[1:], hm) >= best:
                    firsts.add((s, e, order[0]))
                    results |= reach(new_key, order[1:], hm, best - 1)
    return best, results, firsts


def result_key(position):
    return State.of(position).key()
