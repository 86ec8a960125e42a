"""Input encodings of the evaluator, one per game, always from the side on roll.

A position is first read into two *boards* (:func:`boards`): lists of 26 counts,
the side on roll first, each in that side's own numbering (index 0 = borne
off, 1..24 = points, the side moving from 24 towards 1, 25 = bar). Both games
then look alike to the evaluator, whichever colour is on roll, and one network
serves both colours.

The network's input vector is the concatenation of

- *slots*: one per (side, board index) that can hold checkers; a slot with
  ``c`` checkers contributes the few units ``UNITS[kind][c]`` (TD-Gammon's
  truncated unary code: ``c>=1, c>=2, c>=3, (c-3)/scale``), and nothing when
  ``c`` is 0. Because a slot's units depend on its count only, the evaluator
  can precompute, for every slot and count, the slot's whole contribution to
  the hidden layer: evaluating a position is then one vector sum per occupied
  slot (the sparse fast path in ``network.py``);
- a few *global* features that no single slot shows (pip counts, contact,
  primes or blocks, home boards, in short nardy the shots at blots),
  computed by :meth:`Encoding.globals`.

``scripts/train_bot.py`` re-implements :meth:`Encoding.vector` with numpy for
speed and checks it against this module before it trains.
"""

from __future__ import annotations

from ..position import BAR_INDEX, OFF_INDEX, Position, other

#: A board's length and the indices of its borne-off checkers and its bar (``Position.own_board``'s layout).
BOARD = 26
OFF = OFF_INDEX
BAR = BAR_INDEX


def boards(position: Position) -> tuple[list[int], list[int]]:
    """(side on roll, opponent) as counts in each side's own numbering; see the module docstring."""
    mover = position.turn
    return list(position.own_board(mover)), list(position.own_board(other(mover)))


def _point_units(scale: float) -> list[tuple[float, ...]]:
    return [(float(c >= 1), float(c >= 2), float(c >= 3), max(c - 3, 0) / scale) for c in range(16)]


UNITS = {
    "short-point": _point_units(2.0),
    "long-point": _point_units(4.0),  # the head holds up to 15: keep the last unit small
    "bar": [(float(c >= 1), c / 2.0) for c in range(16)],
    "off": [(float(c >= 1), c / 15.0) for c in range(16)],
}


def _longest_run(flags) -> int:
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        if run > best:
            best = run
    return best


#: The largest value of a discrete global feature (a shot count: 36 rolls).
DISCRETE_MAX = 36
#: A side's bar in the masks of :func:`hit_rolls` (bit p = its own point p), and every point and the bar.
_BAR_BIT = 1 << BAR
_ALL_POINTS = (1 << 26) - 1
#: hit_rolls' answers by its masks: candidate plays and replies share most of them.
_SHOTS: dict = {}


def hit_rolls(occupied: int, blots: int, blocks: int) -> int:
    """Of the 36 rolls, how many let a side hit at least one of the opponent's blots (a *shot count*).

    The masks are in the hitting side's own numbering, bit ``p`` for its own
    point ``p``: ``occupied``, where it has checkers (its bar is bit 25);
    ``blots`` and ``blocks``, the opponent's points with one checker and with
    two or more. A roll hits when a checker reaches a blot with one die, or
    with both dice (each double's up to four steps) through points that are
    not blocked. Gammon programs' "shot" features simplified: with a checker
    on the bar only the bar's checkers are counted as hitters (the caller
    passes ``occupied`` = the bar alone), and no check that the other
    checkers can use the roll at all.
    """
    if not blots & ((1 << (occupied.bit_length() - 1)) - 1 if occupied else 0):
        return 0  # no blot, no hitter, or every blot behind every hitter
    key = (occupied, blots, blocks)
    count = _SHOTS.get(key)
    if count is not None:
        return count
    if len(_SHOTS) > 20_000:  # the look-ahead meets a few thousand a decision: keep the recent ones
        _SHOTS.clear()
    free = _ALL_POINTS & ~blocks
    missed = []  # (die, where it lands unblocked) for each die that hits nothing at once
    for die in range(1, 7):
        moved = occupied >> die
        if not moved & blots:
            missed.append((die, moved & free))
    count = 36 - len(missed) ** 2  # every roll with a die that hits at once
    for i, (a, step_a) in enumerate(missed):
        reach = step_a  # the double: up to three more steps, each landing unblocked
        for _ in range(3):
            if not reach:
                break
            reach >>= a
            if reach & blots:
                count += 1
                break
            reach &= free
        for b, step_b in missed[i + 1:]:
            if (step_a >> b) & blots or (step_b >> a) & blots:
                count += 2
    _SHOTS[key] = count
    return count


def _hitters(board: list[int]) -> int:
    """``occupied`` of :func:`hit_rolls` for a side's board: its points, or its bar alone when it has checkers there."""
    if board[BAR]:
        return _BAR_BIT
    return sum(1 << p for p in range(1, 25) if board[p])


def _targets(board: list[int]) -> tuple[int, int]:
    """(blots, blocks) of a side's board as masks in the *other* side's numbering (point p is its 25 - p)."""
    blots = blocks = 0
    for p in range(1, 25):
        count = board[p]
        if count == 1:
            blots |= 1 << (25 - p)
        elif count:
            blocks |= 1 << (25 - p)
    return blots, blocks


def _mask_run(mask: int) -> int:
    """The longest run of set bits in ``mask``: each step shortens every run by one."""
    run = 0
    while mask:
        mask &= mask >> 1
        run += 1
    return run


class Encoding:
    """Where each slot's units sit in the input vector, and the global features."""

    name = ""
    #: (side, board index, kind) per slot: side 0 = on roll, 1 = opponent.
    slots: tuple[tuple[int, int, str], ...] = ()
    global_names: tuple[str, ...] = ()

    def __init__(self):
        starts, at = [], 0
        for _side, _index, kind in self.slots:
            starts.append(at)
            at += len(UNITS[kind][0])
        #: Input index of each slot's first unit.
        self.slot_start = tuple(starts)
        #: Input index of the first global feature.
        self.global_start = at
        self.n_inputs = at + len(self.global_names)
        #: slot_of[side][board index] -> slot number, or -1 where no checker can stand.
        self.slot_of = [[-1] * BOARD, [-1] * BOARD]
        for number, (side, index, _kind) in enumerate(self.slots):
            self.slot_of[side][index] = number

    #: Global features that are sums over slots (pip counts, home points...): for the fast path they
    #: are folded into each slot's table. ``separable(side, index, count)`` -> {global number: share}.
    #: The others are small whole numbers (``discrete``, 0 to :data:`DISCRETE_MAX`) over their
    #: ``discrete_scales``: one table row per value.
    discrete_globals: tuple[int, ...] = ()
    discrete_scales: tuple[float, ...] = ()

    def globals(self, own: list[int], opp: list[int]) -> list[float]:
        raise NotImplementedError

    def separable(self, side: int, index: int, count: int) -> dict[int, float]:
        raise NotImplementedError

    def discrete(self, own: list[int], opp: list[int]) -> tuple[int, ...]:
        """The values of ``discrete_globals`` times their ``discrete_scales`` (whole numbers)."""
        raise NotImplementedError

    def reply_discrete(self, own: list[int], opp: list[int]):
        """``discrete`` for the positions the opponent's replies reach from ``own``, ``opp`` (the look-ahead).

        Returns a function ``(changes, hits) -> discrete(own2, opp2)`` where
        ``opp2`` is ``opp`` with ``changes`` ({index: change of its count}) and
        ``own2`` is ``own`` with the blots on ``hits`` (own points) sent to the bar. It updates
        what the reply changed instead of reading whole boards: the look-ahead
        ranks hundreds of replies per play.
        """
        raise NotImplementedError

    def vector(self, own: list[int], opp: list[int]) -> list[float]:
        """The dense input vector (the reference the fast path and the trainer must match)."""
        out = [0.0] * self.n_inputs
        for (side, index, kind), start in zip(self.slots, self.slot_start):
            count = (own, opp)[side][index]
            if count:
                for k, value in enumerate(UNITS[kind][count]):
                    out[start + k] = value
        out[self.global_start:] = self.globals(own, opp)
        return out


class ShortEncoding(Encoding):
    """Short nardy (backgammon): Tesauro's raw encoding plus gnubg-like summaries."""

    name = "short-v2"
    slots = tuple(
        (side, index, kind)
        for side in (0, 1)
        for index, kind in [(p, "short-point") for p in range(1, 25)] + [(BAR, "bar"), (OFF, "off")]
    )
    global_names = ("pips", "opponent pips", "contact", "prime", "opponent prime",
                    "home points", "opponent home points", "shots", "opponent shots")

    # contact (0 or 6 sixths), prime, opponent prime; the rolls of 36 that hit a blot (hit_rolls): the
    # side on roll's at the opponent's blots, and the opponent's at the side on roll's as if it rolled next.
    discrete_globals = (2, 3, 4, 7, 8)
    discrete_scales = (6.0, 6.0, 6.0, 36.0, 36.0)

    def separable(self, side, index, count):
        out = {side: index * count / 100.0} if 1 <= index <= 25 else {}
        if 1 <= index <= 6 and count >= 2:
            out[5 + side] = 1 / 6.0
        return out

    def discrete(self, own, opp):
        own_blots, own_blocks = _targets(own)
        opp_blots, opp_blocks = _targets(opp)
        return (6 if self.contact(own, opp) else 0,
                _longest_run(own[p] >= 2 for p in range(1, 25)),
                _longest_run(opp[p] >= 2 for p in range(1, 25)),
                hit_rolls(_hitters(own), opp_blots, opp_blocks),
                hit_rolls(_hitters(opp), own_blots, own_blocks))

    def reply_discrete(self, own, opp):
        # A hit takes a blot, so the side on roll's points of two or more (its prime, and the blocks in
        # the opponent's way) stay as they are.
        own_prime = _longest_run(own[p] >= 2 for p in range(1, 25))
        base_mask = sum(1 << p for p in range(1, 25) if opp[p] >= 2)
        own_rear = next((p for p in range(25, 0, -1) if own[p]), 0)
        opp_rear = next((p for p in range(25, 0, -1) if opp[p]), 0)
        own_hitters = _hitters(own)
        opp_points = sum(1 << p for p in range(1, 25) if opp[p])
        own_blots, own_blocks = _targets(own)
        opp_blots, opp_blocks = _targets(opp)
        def discrete(changes, hits):
            mask = base_mask
            blots, blocks = opp_blots, opp_blocks  # the opponent's, in the side on roll's numbering
            points = opp_points  # the opponent's occupied points, in its numbering
            for p, change in changes.items():
                if 1 <= p <= 24:
                    count = opp[p] + change
                    if count:
                        points |= 1 << p
                    else:
                        points &= ~(1 << p)
                    bit = 1 << (25 - p)
                    if count >= 2:
                        mask |= 1 << p
                        blocks |= bit
                        blots &= ~bit
                    else:
                        mask &= ~(1 << p)
                        blocks &= ~bit
                        if count:
                            blots |= bit
                        else:
                            blots &= ~bit
            hitters = _BAR_BIT if opp[BAR] + changes.get(BAR, 0) else points
            mine = own_blots
            for point in hits:  # a hit blot leaves its point for the bar
                mine &= ~(1 << (25 - point))
            rear = opp_rear  # a reply moves checkers forward only: the new rearmost is at or below the old
            while rear and not opp[rear] + changes.get(rear, 0):
                rear -= 1
            return (6 if (25 if hits else own_rear) + rear > 25 else 0, own_prime, _mask_run(mask),
                    hit_rolls(_BAR_BIT if hits else own_hitters, blots, blocks),
                    hit_rolls(hitters, mine, own_blocks))

        return discrete

    @staticmethod
    def contact(own: list[int], opp: list[int]) -> bool:
        """Whether some checker still has to pass an opponent's checker (own point p is the opponent's 25 - p)."""
        rear = next((p for p in range(25, 0, -1) if own[p]), 0)
        opp_rear = next((p for p in range(25, 0, -1) if opp[p]), 0)
        return rear + opp_rear > 25

    def globals(self, own, opp):
        return [
            sum(p * own[p] for p in range(1, 26)) / 100.0,
            sum(p * opp[p] for p in range(1, 26)) / 100.0,
            1.0 if self.contact(own, opp) else 0.0,
            _longest_run(own[p] >= 2 for p in range(1, 25)) / 6.0,
            _longest_run(opp[p] >= 2 for p in range(1, 25)) / 6.0,
            sum(own[p] >= 2 for p in range(1, 7)) / 6.0,
            sum(opp[p] >= 2 for p in range(1, 7)) / 6.0,
        ] + [value / 36.0 for value in self.discrete(own, opp)[3:]]


class LongEncoding(Encoding):
    """Long nardy: per-point occupancy of both sides, borne-off, and what blocks whom along each path.

    Both sides move the same way round, a half board apart: a side's own point
    ``p`` is the opponent's own point ``p + 12`` (``p - 12`` above 12), so the
    opponent's head (its 24) is a side's own 12. Beside the pip counts and the
    checkers outside home, the globals say what a single slot cannot:

    - *block*: a side's longest run of occupied points along the path the
      opponent still travels (RULES.md, six-block rule);
    - *behind the head*: checkers on own points 13..24, which have not yet
      passed the opponent's head and so must still pass its whole army;
    - *contact*: 0 once every checker of both sides is on its own points 1..12
      (nothing can block anything any more: a pure race), else 1;
    - *front block*: how many of the six points just ahead of the opponent's
      rearmost checker a side occupies (the rearmost checker is the one a
      prime traps; rearmost-first play and the head rule make it matter most).
    """

    name = "long-v2"
    slots = tuple(
        (side, index, kind)
        for side in (0, 1)
        for index, kind in [(p, "long-point") for p in range(1, 25)] + [(OFF, "off")]
    )
    global_names = ("pips", "opponent pips", "outside home", "opponent outside home",
                    "block", "opponent block", "behind head", "opponent behind head",
                    "contact", "front block", "opponent front block")
    #: The opponent's path in a side's own numbering (RULES.md, six-block rule): blocks count along it.
    PATH = tuple(range(12, 0, -1)) + tuple(range(24, 12, -1))
    #: FRONT[r]: a side's own points that are the six points ahead of the opponent's checker on the
    #: opponent's own point r (fewer near the end of its path).
    FRONT = tuple(tuple(q + 12 if q <= 12 else q - 12 for q in range(r - 1, max(r - 7, 0), -1))
                  for r in range(25))
    discrete_globals = (4, 5, 8, 9, 10)  # blocks, contact (0 or 6 sixths), front blocks
    discrete_scales = (6.0,) * 5

    def separable(self, side, index, count):
        out = {side: index * count / 200.0} if 1 <= index <= 24 else {}
        if 7 <= index <= 24:
            out[2 + side] = count / 15.0
        if 13 <= index <= 24:
            out[6 + side] = count / 15.0
        return out

    @staticmethod
    def rear(board: list[int]) -> int:
        """The own point of a side's rearmost checker (0 when all are borne off)."""
        for p in range(24, 0, -1):
            if board[p]:
                return p
        return 0

    def discrete(self, own, opp):
        path, front = self.PATH, self.FRONT
        rear, opp_rear = self.rear(own), self.rear(opp)
        return (_longest_run(own[p] > 0 for p in path), _longest_run(opp[p] > 0 for p in path),
                6 if rear > 12 or opp_rear > 12 else 0,
                sum(own[p] > 0 for p in front[opp_rear]), sum(opp[p] > 0 for p in front[rear]))

    def reply_discrete(self, own, opp):
        # No hitting: the side on roll's board is the same in every reply.
        path_index = {p: i for i, p in enumerate(self.PATH)}
        own_block = _longest_run(own[p] > 0 for p in self.PATH)
        base_mask = sum(1 << i for i, p in enumerate(self.PATH) if opp[p])
        rear, opp_rear = self.rear(own), self.rear(opp)
        own_front = [sum(own[p] > 0 for p in points) for points in self.FRONT]  # by the opponent's rearmost point
        opp_front_points = set(self.FRONT[rear])
        opp_front = sum(opp[p] > 0 for p in opp_front_points)
        own_contact = rear > 12

        def discrete(changes, hits):
            mask = base_mask
            front = opp_front
            for p, change in changes.items():
                if 1 <= p <= 24 and change:
                    occupied = opp[p] + change > 0
                    if occupied:
                        mask |= 1 << path_index[p]
                    else:
                        mask &= ~(1 << path_index[p])
                    if p in opp_front_points and occupied != (opp[p] > 0):
                        front += 1 if occupied else -1
            opp_rear2 = opp_rear
            while opp_rear2 and not opp[opp_rear2] + changes.get(opp_rear2, 0):
                opp_rear2 -= 1
            return (own_block, _mask_run(mask), 6 if own_contact or opp_rear2 > 12 else 0,
                    own_front[opp_rear2], front)

        return discrete

    def globals(self, own, opp):
        rear, opp_rear = self.rear(own), self.rear(opp)
        return [
            sum(p * own[p] for p in range(1, 25)) / 200.0,
            sum(p * opp[p] for p in range(1, 25)) / 200.0,
            sum(own[7:25]) / 15.0,
            sum(opp[7:25]) / 15.0,
            _longest_run(own[p] > 0 for p in self.PATH) / 6.0,
            _longest_run(opp[p] > 0 for p in self.PATH) / 6.0,
            sum(own[13:25]) / 15.0,
            sum(opp[13:25]) / 15.0,
            1.0 if rear > 12 or opp_rear > 12 else 0.0,
            sum(own[p] > 0 for p in self.FRONT[opp_rear]) / 6.0,
            sum(opp[p] > 0 for p in self.FRONT[rear]) / 6.0,
        ]


ENCODINGS = {"short": ShortEncoding(), "long": LongEncoding()}
