"""The one-roll look-ahead (1-ply): a play valued by every roll of the opponent, each answered by its best reply.

The evaluator (``evaluate.py``) values the position a play leaves, as it
stands: 0-ply. The look-ahead values it one roll deeper, as GNU Backgammon's
"1-ply" does: for each of the opponent's 21 distinct rolls (a double counted
once, the others twice, out of 36) the opponent plays the reply the evaluator
likes best for it, and the play is worth the average, over the rolls, of the
evaluator's estimate of the position after that reply (the player again on
roll). A roll the opponent cannot play leaves the position as it is; a reply
that bears off the last checker is valued by its result.

Speed (the phone budget, dev/computer-opponent.md): a play meets a few
hundred replies, so this module keeps the work per reply small. The replies
come from the engine's own search (:func:`nardy_rules.movegen.search`, the
same rules as ``legal_plays``, without building a
:class:`~nardy_rules.play.Play` per reply). A reply changes a few slots of the
boards, so its hidden layer is the position's (computed once per play) plus
one precomputed difference vector per changed slot and per changed small
global feature (:class:`ReplyEvaluator`); and the replies of each roll are
first ranked by a first-order estimate of their equity (the equity's
gradient at the position times those differences: a few additions each), and
only the best :data:`REPLIES_EVALUATED` of them are evaluated in full (the
tests hold the result within 0.03 of evaluating all).

:func:`lookahead` values a list of plays; :func:`choose` is the ``expert``
level's choice (``players.py``): the plays the evaluator ranks within
:data:`WINDOW` of its best, at most :data:`MAX_CANDIDATES` of them and at most
:data:`REPLY_BUDGET` replies in all, then the one whose look-ahead value is
highest.
"""

from __future__ import annotations

import math
import weakref
from operator import mul

from ..dice import DISTINCT_ROLLS, dice_to_play
from ..movegen import search
from ..position import Position
from .encoding import BAR, OFF, boards
from .evaluate import consistent, estimate, mover_view
from .network import Network, load

#: The 0-ply equity window (points per unit cube) a play must be within of the best to be looked at.
WINDOW = 0.16
#: The most plays looked at per decision.
MAX_CANDIDATES = 6
#: The most opponent replies evaluated per decision (past the first two plays): keeps the worst
#: positions (doubles with many plays, answered by many replies) within the phone budget.
REPLY_BUDGET = 6000
#: The opponent's replies to each roll evaluated in full: the ones a first-order estimate ranks best.
REPLIES_EVALUATED = 6
#: d(equity)/d(output) of each network output, in ``network.OUTPUTS`` order (equity = 2 win - 1 + mars and koks).
EQUITY_WEIGHTS = {"short": (2.0, 1.0, 1.0, -1.0, -1.0), "long": (2.0, 1.0, -1.0)}
#: The weight of each distinct roll out of 36: a double once, the others twice.
ROLL_WEIGHTS = tuple((roll, 1 if roll[0] == roll[1] else 2) for roll in DISTINCT_ROLLS)

#: Per network: (side, index, old count, new count) -> the hidden layer's input difference (side -1: a
#: discrete feature). Filled as the look-ahead meets them: a few thousand small vectors at most.
_DELTAS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

_dot = getattr(math, "sumprod", None)  # Python 3.12+ (Pyodide); 3.11 falls back to sum(map(mul, ...))


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _tanh_of_sum(vectors) -> list[float]:
    """``tanh`` of the element-wise sum of a few vectors, in one pass (the hidden layer)."""
    tanh = math.tanh
    count = len(vectors)
    if count == 1:
        return list(map(tanh, vectors[0]))
    if count == 2:
        return [tanh(a + b) for a, b in zip(*vectors)]
    if count == 3:
        return [tanh(a + b + c) for a, b, c in zip(*vectors)]
    if count == 4:
        return [tanh(a + b + c + d) for a, b, c, d in zip(*vectors)]
    if count == 5:
        return [tanh(a + b + c + d + e) for a, b, c, d, e in zip(*vectors)]
    if count == 6:
        return [tanh(a + b + c + d + e + f) for a, b, c, d, e, f in zip(*vectors)]
    return list(map(tanh, map(sum, zip(*vectors))))


class ReplyEvaluator:
    """The evaluator's raw outputs for the positions the opponent's replies reach from one position.

    ``own`` and ``opp`` are the boards after the play being looked at, as the
    evaluator reads the positions after a reply: ``own`` the side on roll
    then (the player), ``opp`` the opponent, who moves. A reply is given by
    ``changes``, {index of the opponent's board: change of its count}, and
    ``hits``, the player's own points whose blot it hit (each sends one
    checker to the bar). :meth:`raw` gives ``network.evaluate_boards`` of the
    position after the reply (to rounding: the sums run in another order) at
    the cost of one vector per changed slot and per changed discrete global
    feature (``Encoding.reply_discrete``), added to this position's hidden
    layer input, computed once. :meth:`approx` estimates the reply's equity
    to first order, cheaper still, to pick the replies worth evaluating.
    """

    def __init__(self, network: Network, own: list[int], opp: list[int]):
        self.network = network
        self.own, self.opp = own, opp
        self.discrete_of = network.encoding.reply_discrete(own, opp)
        self.discrete = network.encoding.discrete(own, opp)
        vectors = [network.hidden_base(own, opp)]
        for table, value in zip(network.discrete_tables, self.discrete):
            if value:
                vectors.append(table[value])
        self.base = list(map(sum, zip(*vectors)))
        self.w2, self.b2 = network.w2, network.b2
        self.cache = _DELTAS.setdefault(network, {})
        # The equity's gradient with respect to the hidden layer's input here: :meth:`approx`.
        hidden = list(map(math.tanh, self.base))
        outputs = [_sigmoid(b + sum(map(mul, row, hidden))) for row, b in zip(self.w2, self.b2)]
        scale = [w * y * (1.0 - y) for w, y in zip(EQUITY_WEIGHTS[network.game], outputs)]
        gradient = [sum(map(mul, scale, column)) for column in zip(*self.w2)]
        self.gradient = [g * (1.0 - h * h) for g, h in zip(gradient, hidden)]
        self.scalars: dict = {}

    def _delta(self, side: int, index: int, old: int, new: int):
        """What the hidden layer's input gains when a slot's count (or a discrete feature, side -1) changes."""
        key = (side, index, old, new)
        vector = self.cache.get(key)
        if vector is None:
            network = self.network
            if side < 0:
                table = network.discrete_tables[index]
                vector = list(map(float.__sub__, table[new], table[old]))
            elif network.tables[side][index] is None:
                vector = ()
            elif not old:
                vector = network.tables[side][index][new]
            elif not new:
                vector = network.negated[side][index][old]
            else:
                table = network.tables[side][index]
                vector = list(map(float.__sub__, table[new], table[old]))
            self.cache[key] = vector
        return vector

    def _changed(self, changes: dict, hits) -> list[tuple[int, int, int, int]]:
        """(side, index, old, new) of every slot and discrete feature the reply changes."""
        opp = self.opp
        out = [(1, index, opp[index], opp[index] + change) for index, change in changes.items() if change]
        if hits:
            own = self.own
            for point in set(hits):
                count = hits.count(point)
                out.append((0, point, own[point], own[point] - count))
            out.append((0, BAR, own[BAR], own[BAR] + len(hits)))
        for feature, (old, new) in enumerate(zip(self.discrete, self.discrete_of(changes, hits))):
            if old != new:
                out.append((-1, feature, old, new))
        return out

    def approx(self, changes: dict, hits) -> float:
        """The change of the player's equity from this position to the reply's, to first order."""
        scalars = self.scalars
        value = 0.0
        for key in self._changed(changes, hits):
            scalar = scalars.get(key)
            if scalar is None:
                vector = self._delta(*key)
                scalar = scalars[key] = sum(map(mul, self.gradient, vector)) if vector else 0.0
            value += scalar
        return value

    def raw(self, changes: dict, hits) -> list[float]:
        """The network's outputs for the player on roll after the reply (see the class docstring)."""
        vectors = [self.base]
        for key in self._changed(changes, hits):
            vector = self._delta(*key)
            if vector:
                vectors.append(vector)
        hidden = _tanh_of_sum(vectors)
        if _dot is not None:
            return [_sigmoid(b + _dot(row, hidden)) for row, b in zip(self.w2, self.b2)]
        return [_sigmoid(b + sum(map(mul, row, hidden))) for row, b in zip(self.w2, self.b2)]

    def boards(self, changes: dict, hits) -> tuple[list[int], list[int]]:
        """(the player's board, the opponent's) after the reply."""
        own, opp = self.own[:], self.opp[:]
        for index, change in changes.items():
            opp[index] += change
        for point in hits:
            own[point] -= 1
            own[BAR] += 1
        return own, opp


def _equity(short: bool, raw: list[float], own_off: int, opp_off: int) -> float:
    """``consistent(...)["equity"]`` from the raw outputs, without building the dict (the inner loop's choice)."""
    win = raw[0]
    win_mars = 0.0 if opp_off else min(raw[1], win)
    if short:
        lose_mars = 0.0 if own_off else min(raw[3], 1.0 - win)
        return (2.0 * win - 1.0 + win_mars - lose_mars
                + min(raw[2], win_mars) - min(raw[4], lose_mars))
    lose_mars = 0.0 if own_off else min(raw[2], 1.0 - win)
    return 2.0 * win - 1.0 + win_mars - lose_mars


class _Reply:
    """One play's look-ahead: the opponent's replies by roll, then their values."""

    __slots__ = ("after", "mover", "replies", "roller")

    def __init__(self, after: Position):
        #: The position the play leaves (the opponent on roll).
        self.after = after
        #: boards(after): the opponent's board, then the player's.
        self.roller, self.mover = boards(after)
        #: (roll weight, {key: steps}) per distinct roll.
        self.replies = [(weight, search(after.single_moves, after.search_env(roll), dice_to_play(roll))[1])
                        for roll, weight in ROLL_WEIGHTS]

    def count(self) -> int:
        return sum(len(found) for _weight, found in self.replies)

    def value(self, network: Network) -> dict:
        """The player's estimate, averaged over the opponent's rolls, each after its best reply (player on roll)."""
        game = network.game
        opp, own = self.roller, self.mover  # as the evaluator sees the positions after a reply: the player on roll
        evaluator = ReplyEvaluator(network, own, opp)
        stay = None
        total: dict = {}
        for weight, found in self.replies:
            if not found:
                if stay is None:
                    stay = consistent(game, evaluator.raw({}, ()), own, opp)
                chosen = stay
            else:
                chosen = self._best_reply(evaluator, found, game)
            for key, value in chosen.items():
                total[key] = total.get(key, 0.0) + weight * value
        return {key: value / 36.0 for key, value in total.items()}

    def _best_reply(self, evaluator: ReplyEvaluator, found: dict, game: str) -> dict:
        """The player's estimate after the opponent's best reply of one roll."""
        off = self.roller[OFF]
        replies = []
        for steps in found.values():
            changes: dict = {}
            hits = []
            for s, t, _die, hit in steps:
                changes[s] = changes.get(s, 0) - 1
                changes[t] = changes.get(t, 0) + 1
                if hit:  # short nardy only: the opponent's own point t is the player's 25 - t
                    hits.append(25 - t)
            if off + changes.get(OFF, 0) == 15:
                # The opponent has won with this reply: nothing is better for it. The result, valued
                # for the side on roll after it: the player.
                return estimate(self.after.apply_steps(steps))
            replies.append((changes, hits))
        if len(replies) > REPLIES_EVALUATED:
            replies.sort(key=lambda reply: evaluator.approx(*reply))
            del replies[REPLIES_EVALUATED:]
        short = game == "short"
        best = None
        best_equity = 8.0  # the player's equity after the reply, which the opponent makes lowest
        own_off, opp_off = self.mover[OFF], self.roller[OFF]
        for changes, hits in replies:
            raw = evaluator.raw(changes, hits)
            equity = _equity(short, raw, own_off, opp_off + changes.get(OFF, 0))
            if equity < best_equity:
                best_equity, best = equity, (raw, changes, hits)
        raw, changes, hits = best
        return consistent(game, raw, *evaluator.boards(changes, hits))


def lookahead(plays, network: Network | None = None) -> list[dict]:
    """The 1-ply estimate of each play, for the side that plays it (``estimate``'s keys), in order.

    A play that bears off the last checker is valued by its result. All
    plays are from one position and roll, as :func:`~nardy_rules.legal_plays` gives them.
    """
    out = []
    for play in plays:
        after = play.result
        if after.winner is not None:
            out.append(mover_view(estimate(after)))
            continue
        network = network or load(after.variant)
        out.append(_Reply(after).value(network))
    return out


def choose(ranked, network: Network | None = None) -> list:
    """Re-rank 0-ply ``ranked`` entries ``[(play, estimate, score), ...]`` (best first) by the look-ahead.

    The entries within :data:`WINDOW` of the best, at most
    :data:`MAX_CANDIDATES`, are valued one roll deeper, while the opponent
    replies they need stay within :data:`REPLY_BUDGET` (the first two are
    always looked at); they come first, best first, with their 1-ply
    estimates, and the others follow as they were.
    """
    if len(ranked) < 2:
        return list(ranked)
    top = ranked[0][2]
    looked = []
    spent = 0
    for entry in ranked[:MAX_CANDIDATES]:
        if top - entry[2] > WINDOW:
            break
        play = entry[0]
        after = play.result
        if after.winner is not None:
            looked.append((play, mover_view(estimate(after)), None))
            continue
        reply = _Reply(after)
        cost = reply.count()
        if len(looked) >= 2 and spent + cost > REPLY_BUDGET:
            break
        spent += cost
        looked.append((play, None, reply))
    if len(looked) < 2:
        return list(ranked)
    network = network or load(ranked[0][0].position.variant)
    valued = [(play, mine if reply is None else reply.value(network)) for play, mine, reply in looked]
    valued = [(play, mine, mine["equity"]) for play, mine in valued]
    valued.sort(key=lambda entry: -entry[2])
    return valued + list(ranked[len(looked):])


def roll_estimate(position: Position, network: Network | None = None) -> dict:
    """The side on roll's estimate before it rolls, one roll deep: its 21 rolls, each with its best play.

    The same look-ahead seen from the other side: what the cube decisions of
    the ``expert`` level and of the analysis start from (``cube.py``).
    """
    if position.winner is not None:
        return estimate(position)
    return mover_view(_Reply(position).value(network or load(position.variant)))
