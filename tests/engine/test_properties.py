"""Property tests (hypothesis): invariants of every legal play, on both games."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_rules import ALL_ROLLS, LongPosition, ShortPosition, Turn, from_text, legal_plays, other
from nardy_rules.reasons import CODES

from .positions import random_position
from .reference import State, analyse, forbidden_block, path, single_moves

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
variants = st.sampled_from(["short", "long"])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


def position_of(variant, seed):
    return random_position(random.Random(seed), variant)


def replay(position, play):
    """Each intermediate position of a play, with the side to move unchanged."""
    states = [position]
    for i in range(1, len(play.steps) + 1):
        states.append(position.apply_steps(play.steps[:i], switch_turn=False))
    return states


@SETTINGS
@given(variants, seeds, dice)
def test_checkers_are_conserved_and_results_valid(variant, seed, roll):
    position = position_of(variant, seed)
    for play in legal_plays(position, roll):
        result = play.result
        result.validate()  # 15 a side, no shared point, no bar in long nardy
        assert result.turn == other(position.turn)


@SETTINGS
@given(variants, seeds, dice)
def test_every_play_uses_the_most_dice(variant, seed, roll):
    position = position_of(variant, seed)
    plays = legal_plays(position, roll)
    used = {len(p.moves) for p in plays}
    assert len(used) <= 1
    if plays:
        assert Turn(position, roll).max_dice == used.pop()


def playable_alone(position, die):
    """Whether one checker can move ``die`` now, by the reference's single moves (no head move made yet)."""
    return bool(single_moves(State.of(position), die, 0, 1))


def assert_one_die_rule(position, roll):
    """With one die playable of a non-double: the larger whenever it can be played alone, else the smaller.

    Returns which case the position is ("either", "larger only", "smaller only": the dice that can be
    played alone), or None when some play uses both dice (or none can be played).
    """
    plays = legal_plays(position, roll)
    if roll[0] == roll[1] or not plays or len(plays[0].moves) != 1:
        return None
    larger, smaller = max(roll), min(roll)
    dice_used = {p.moves[0].die for p in plays}
    if playable_alone(position, larger):
        assert dice_used == {larger}, (position, roll)
        return "either" if playable_alone(position, smaller) else "larger only"
    assert playable_alone(position, smaller)
    assert dice_used == {smaller}, (position, roll)
    return "smaller only"


def one_mobile_checker(rng, variant, roll):
    """White with one checker that can play either die alone but not both: it stands on a point X
    outside home, X - larger and X - smaller are open and outside home too, X - larger - smaller is
    closed; the other fourteen stand on point 1, where they cannot move while one is outside home."""
    larger, smaller = max(roll), min(roll)
    x = rng.randint(7 + larger, 24)  # so x - larger >= 7 (outside home) and x - larger - smaller >= 1
    blocked = x - larger - smaller
    closing = 2 if variant == "short" else 1
    free = [p for p in range(2, 25) if p not in (x, x - larger, x - smaller, blocked)]
    black = {blocked: closing}
    left = 15 - closing
    while left:
        point = rng.choice(free)
        n = rng.randint(1, left)
        black[point] = black.get(point, 0) + n
        left -= n
    cls = ShortPosition if variant == "short" else LongPosition
    return cls.from_points({x: 1, 1: 14}, black, "white")


NON_DOUBLES = [r for r in ALL_ROLLS if r[0] > r[1]]


@SETTINGS
@given(variants, seeds, st.sampled_from(NON_DOUBLES), st.booleans())
def test_the_larger_die_whenever_it_can_be_played_alone(variant, seed, roll, built):
    """RULES.md: if no play uses both dice of a non-double but either die alone can be played, the
    larger must be played; when only one die can be played at all, that one."""
    rng = random.Random(seed)
    position = one_mobile_checker(rng, variant, roll) if built else random_position(rng, variant)
    case = assert_one_die_rule(position, roll)
    if built:
        assert case == "either", position


def test_the_one_die_rule_is_met_in_each_of_its_cases():
    """The property above is not vacuous: every case comes up (either die alone is rare in random
    positions: one in twelve of the tries here are built for it)."""
    seen = {}
    rng = random.Random(1)
    for attempt in range(4000):
        variant = ("short", "long")[attempt % 2]
        roll = rng.choice(NON_DOUBLES)
        position = one_mobile_checker(rng, variant, roll) if attempt % 12 == 0 else random_position(rng, variant)
        case = assert_one_die_rule(position, roll)
        if case:
            seen[case] = seen.get(case, 0) + 1
        if len(seen) == 3 and min(seen.values()) >= 3:
            break
    assert set(seen) == {"either", "larger only", "smaller only"} and min(seen.values()) >= 3, seen


@SETTINGS
@given(variants, seeds, dice)
def test_no_play_lands_on_a_closed_point(variant, seed, roll):
    position = position_of(variant, seed)
    opponent = other(position.turn)
    limit = 2 if variant == "short" else 1
    for play in legal_plays(position, roll):
        for before, move in zip(replay(position, play), play.moves):
            if move.end != "off":
                color, count = before.count_at(move.end)
                assert not (color == opponent and count >= limit), (play.notation, move)


@SETTINGS
@given(seeds, dice)
def test_no_long_play_leaves_a_forbidden_six_block(seed, roll):
    position = position_of("long", seed)
    for play in legal_plays(position, roll):
        for state in replay(position, play)[1:]:
            assert not forbidden_block(State.of(state)), play.notation


# ------------------------------------------------------------------ refusals and their reasons

POINTS = list(range(1, 25))


def head_limit(position, roll):
    """How many checkers may leave the head this turn (RULES.md): 2 on a first move with 6-6, 4-4 or 3-3."""
    if position.variant != "long":
        return 0
    first = position.checkers(position.turn).get(path("long", position.turn)[0], 0) == 15
    return 2 if first and roll[0] == roll[1] and roll[0] in (3, 4, 6) else 1


def most_dice(state, remaining, head_moves, limit):
    """The most of ``remaining`` dice (any order) that can still be played, by the reference's single moves."""
    best = 0
    for i, die in enumerate(remaining):
        if die in remaining[:i]:
            continue
        rest = remaining[:i] + remaining[i + 1:]
        for _s, _e, new, moved in single_moves(state, die, head_moves, limit):
            best = max(best, 1 + most_dice(new, rest, moved, limit))
            if best == len(remaining):
                return best
    return best


class Reasons:
    """Checks that a refusal's reason is true of the turn it refuses a move in, code by code."""

    def __init__(self, turn, max_dice):
        self.turn = turn
        self.position = turn.position  # now, with the same side to move
        self.me = self.position.turn
        self.opponent = other(self.me)
        self.variant = self.position.variant
        self.path = path(self.variant, self.me)
        self.state = State.of(self.position)
        self.limit = head_limit(turn.start, turn.roll)
        head = self.path[0]
        self.head_moves = sum(1 for m in turn.moves if m.start == head) if self.variant == "long" else 0
        #: The most dice a play of this turn uses, by the reference.
        self.max_dice = max_dice

    def index(self, place):
        """How far along the mover's path a place is: -1 for the bar, 24 for off."""
        return {"bar": -1, "off": 24}[place] if place in ("bar", "off") else self.path.index(place)

    def outside_home(self):
        return self.position.bar(self.me) + sum(n for p, n in self.position.checkers(self.me).items()
                                                if self.path.index(p) < 18)

    def legal_alone(self, start, end):
        """The dice of ``remaining`` with which the reference plays start -> end as one legal single move."""
        return [(die, new, moved) for die in set(self.turn.remaining)
                for s, e, new, moved in single_moves(self.state, die, self.head_moves, self.limit)
                if (s, e) == (start, end)]

    def check(self, start, end, refusal):
        code, params = refusal.code, refusal.params
        getattr(self, code.replace("-", "_"))(start, end, params)

    def game_over(self, start, end, params):
        assert self.position.is_game_over() and params == {}

    def no_dice_left(self, start, end, params):
        assert self.turn.complete and not self.position.is_game_over() and params == {}

    def no_checker(self, start, end, params):
        assert params == {"point": start}
        if start == "bar":
            assert self.position.bar(self.me) == 0
        else:
            assert self.position.count_at(start)[0] != self.me

    def backwards(self, start, end, params):
        assert params == {"start": start, "end": end}
        assert start != "bar" and end != "off" and self.index(end) <= self.index(start)

    def enter_from_bar_first(self, start, end, params):
        assert self.variant == "short" and self.position.bar(self.me) > 0 and start != "bar" and params == {}

    def no_such_die(self, start, end, params):
        assert params["dice"] == ", ".join(str(d) for d in self.turn.remaining)
        if end == "off":
            assert set(params) == {"point", "dice"} and params["point"] == start
            assert all(d < 24 - self.index(start) for d in self.turn.remaining)  # no die reaches off
        else:
            assert set(params) == {"distance", "dice"}
            assert params["distance"] == self.index(end) - self.index(start) not in self.turn.remaining

    def point_closed(self, start, end, params):
        limit = 2 if self.variant == "short" else 1
        color, count = self.position.count_at(end)
        assert color == self.opponent and count >= limit
        assert params == {"point": end, "count": count, "color": self.opponent}
        assert self.index(end) - self.index(start) in self.turn.remaining

    def head_rule(self, start, end, params):
        head = self.path[0]
        assert self.variant == "long" and start == head and params == {"head": head, "count": self.limit}
        assert self.head_moves >= self.limit  # that many checkers left the head this turn already

    def six_block(self, start, end, params):
        assert self.variant == "long" and not self.legal_alone(start, end)
        after = self.state.copy()
        after.sides[self.me][start] -= 1
        after.sides[self.me][end] = after.count(self.me, end) + 1
        assert forbidden_block(after)
        opp_path = path("long", self.opponent)
        first, last = opp_path.index(params["first"]), opp_path.index(params["last"])
        # The run the move would make (six points or more) holds the landing point.
        assert last - first >= 5 and first <= opp_path.index(end) <= last
        assert all(after.count(self.me, p) for p in opp_path[first:last + 1])
        assert not any(self.state.count(self.opponent, p) for p in opp_path[last + 1:])  # none in front

    def not_all_home(self, start, end, params):
        assert end == "off" and params == {"count": self.outside_home()} and params["count"] > 0

    def higher_checker_must_move(self, start, end, params):
        assert end == "off" and self.outside_home() == 0 and params["point"] == start
        distance = 24 - self.index(start)
        assert params["die"] in self.turn.remaining and params["die"] > distance
        higher = params["higher"]
        assert self.position.count_at(higher)[0] == self.me and distance < 24 - self.index(higher) <= 6

    def must_play_larger_die(self, start, end, params):
        roll = self.turn.roll
        assert roll[0] != roll[1] and self.max_dice == 1 and not self.turn.moves
        assert params == {"die": max(roll), "other": min(roll)}
        assert single_moves(self.state, max(roll), 0, self.limit)  # the larger can be played alone
        assert [die for die, _new, _moved in self.legal_alone(start, end)] == [min(roll)]

    def leaves_dice_unplayed(self, start, end, params):
        assert params == {"count": self.max_dice}
        ways = self.legal_alone(start, end)
        assert ways, "legal on its own"
        made = len(self.turn.moves)
        for die, new, moved in ways:
            rest = list(self.turn.remaining)
            rest.remove(die)
            assert made + 1 + most_dice(new, tuple(rest), moved, self.limit) < self.max_dice


def check_every_move(turn, max_dice, first_moves=None) -> set[str]:
    """Check the single moves of the turn now; returns the refusal codes met.

    At the turn's start (``first_moves`` given: the reference's first moves of the legal plays) every
    start and end, and a move is accepted exactly when a legal play begins with it; later in the turn
    the starts holding a checker of the mover, the bar and one empty point (a start without a checker
    is refused alike on every point, and checked at the start).
    """
    reasons = Reasons(turn, max_dice)
    codes = set()
    if first_moves is None:
        own = [p for p in POINTS if turn.position.count_at(p)[0] == turn.color]
        empty = [p for p in POINTS if turn.position.count_at(p)[0] is None][:1]
        starts = own + ["bar"] + empty
    else:
        starts = POINTS + ["bar"]
    for start in starts:
        for end in POINTS + ["off"]:
            refusal = turn.check(start, end)
            if first_moves is not None:
                assert (refusal is None) == ((start, end) in first_moves), (start, end, refusal)
            if refusal is not None:
                reasons.check(start, end, refusal)
                codes.add(refusal.code)
    return codes


def refusals_along_a_play(position, roll, rng) -> set[str]:
    """The single moves checked before each move of a random legal play and after its last one."""
    best, _results, firsts = analyse(position, roll)
    turn = Turn(position, roll)
    codes = check_every_move(turn, best, {(start, end) for start, end, _die in firsts})
    plays = legal_plays(position, roll)
    if plays:
        for move in rng.choice(plays).moves:
            turn.move(move.start, move.end, move.die)
            codes |= check_every_move(turn, best)
        assert turn.complete
    return codes


@SETTINGS
@given(variants, seeds, dice)
def test_refusal_agrees_with_the_legal_plays_and_its_reason_is_true(variant, seed, roll):
    """A single move is accepted exactly when some legal play starts with it; at every step of a
    play, a refusal's reason (whichever of the 13 codes) is true of the position."""
    refusals_along_a_play(position_of(variant, seed), roll, random.Random(seed))


#: Hand-made turns for the codes random positions rarely reach: the game ends within the turn
#: (game-over), and a first move of long nardy with 6-6 (two checkers from the head, then head-rule).
ENDINGS = [
    ("nardy:short:w:1x1,offx14:19x5,17x3,12x5,offx2", (4, 2)),
    ("nardy:long:w:2x1,1x1,offx13:12x15", (6, 6)),
    ("nardy:long:w:24x15:12x15", (6, 6)),
    ("nardy:long:w:24x15:12x15", (6, 5)),
]


def test_every_refusal_code_comes_up():
    """The reason checks above are not vacuous: each of the 13 codes is met and checked."""
    rng = random.Random(7)
    seen = set()
    for text, roll in ENDINGS:
        seen |= refusals_along_a_play(from_text(text), roll, rng)
    for attempt in range(600):
        variant = ("short", "long")[attempt % 2]
        seen |= refusals_along_a_play(random_position(rng, variant), (rng.randint(1, 6), rng.randint(1, 6)), rng)
        if seen == set(CODES):
            break
    assert seen == set(CODES), sorted(set(CODES) - seen)
