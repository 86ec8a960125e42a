"""Short nardy's doubling cube and resignations, decided from the evaluator's chances.

Money play, with Janowski's model of the cube ("Take-points in money games",
1993): the cubeless chances give ``p`` (win), ``W`` and ``L`` (the average
points of a win and of a loss, mars and koks counted), and the cube's *life*
``x`` (0 = dead, 1 = perfectly efficient) blends a dead and a live cube. The
usual ``x = 0.68`` puts the take point near 21.4% and the first double near
69% without gammons. Per unit of the current cube, for the side with ``p``::

    owns the cube:        E = p (W + L + x/2) - L
    cube centred:         E = 4 / (4 - x) * (p (W + L + x/2) - L - x/4)
    opponent owns it:     E = p (W + L + x/2) - L - x/2

- **Double** when doubling is worth more than not: ``2 E_opponent-owns > E_now``.
  When ``2 E_opponent-owns`` is above 1 the opponent should pass, so doubling
  cashes 1 point, unless the cubeless equity of playing on (mars and koks
  counted) is above 1: then the position is *too good to double*.
- **Take** when ``2 E_owns`` for the taker is at least -1, what a pass costs.

Matches: no double where :attr:`scoring.Match.cube_allowed` is false
(1-point match, Crawford game); no double when the cube already gives the
doubler the match (a dead cube); after the Crawford game the trailer doubles
at once (the leader's pass gives nothing it needs), and the leader takes when
a pass would lose the match. No match equity table is used.

Resignation: accept when the points offered are at least the points the
computer expects to win by playing on (its cubeless equity times the cube).
"""

from __future__ import annotations

from ..contract import quote, read_int
from ..errors import CubeError, NardyError
from ..position import COLORS, Position, other
from ..scoring import MAX_CUBE, RESULT_POINTS, Cube, Match, resign_result
from .evaluate import estimate

#: Janowski's cube life for money play.
CUBE_LIFE = 0.68
#: The reasons of a take decision made by the model (the others are the match rules'): the analysis tells them apart.
MODEL_TAKE_REASONS = ("taking loses less than passing", "passing loses less than taking")


def _pwl(chances: dict) -> tuple[float, float, float]:
    """(p, W, L) for the side the chances belong to."""
    p = min(max(chances["win"], 1e-6), 1 - 1e-6)
    won = chances["win mars"] + chances.get("win koks", 0.0)
    lost = chances["lose mars"] + chances.get("lose koks", 0.0)
    return p, 1.0 + won / p, 1.0 + lost / (1.0 - p)


def janowski(p: float, w: float, lose: float, owner: str, x: float = CUBE_LIFE) -> float:
    """Cubeful equity per unit cube; ``owner`` is "me", "centre" or "opponent"."""
    base = p * (w + lose + x / 2) - lose
    if owner == "me":
        return base
    if owner == "opponent":
        return base - x / 2
    return 4 / (4 - x) * (base - x / 4)


def _check_short(position: Position) -> None:
    if not position.HAS_CUBE:
        raise CubeError(f"{position.variant} nardy has no doubling cube")
    if position.winner is not None:
        raise CubeError("the game is over")


def cube_decision(position: Position, cube: Cube | None = None, match: Match | None = None,
                  chances: dict | None = None) -> dict:
    """Whether the side on roll doubles now, before rolling: ``{"double": bool, "reason", ...}``.

    ``chances``: the side on roll's estimate to decide from (``estimate``'s
    keys); default the evaluator's estimate of ``position``. The ``expert``
    level and the analysis pass the look-ahead's (``lookahead.roll_estimate``).
    """
    _check_short(position)
    cube = cube or Cube()
    me = position.turn
    chances = chances or estimate(position)
    out = {"double": False, "win": round(chances["win"], 4), "equity": round(chances["equity"], 4)}
    refusal = cube.refusal(me, match=match)
    if refusal:
        out["reason"] = refusal
        return out
    if match is not None:
        need_me = match.length - match.scores[me]
        need_opp = match.length - match.scores[other(me)]
        if cube.value >= need_me:
            out["reason"] = "dead cube: winning this game at the present cube already wins the match"
            return out
        if match.crawford_done and need_opp == 1:
            out.update(double=True, reason="after the Crawford game the trailer doubles at once")
            return out
    p, w, lose = _pwl(chances)
    now = janowski(p, w, lose, "centre" if cube.owner is None else "me")
    taken = 2 * janowski(p, w, lose, "opponent")
    out["no double"], out["double and take"] = round(now, 4), round(taken, 4)
    if taken > 1.0:
        # The opponent would pass: doubling cashes 1, unless playing on for a mars is worth more.
        if chances["equity"] > 1.0:
            out["reason"] = "too good to double: playing on for a mars is worth more"
        else:
            out.update(double=True, reason="double and the opponent should pass")
    elif taken > now:
        out.update(double=True, reason="doubling is worth more than not doubling")
    else:
        out["reason"] = "not strong enough to double"
    return out


def take_decision(position: Position, cube: Cube | None = None, match: Match | None = None,
                  chances: dict | None = None) -> dict:
    """Whether the side *not* on roll takes the double just offered by the side on roll.

    ``{"take": bool, "reason", "win": the taker's chance, "take equity": in units of the present cube}``.
    ``chances``: as for :func:`cube_decision`, the estimate of the side on roll (the doubler).
    """
    _check_short(position)
    cube = cube or Cube()
    taker = other(position.turn)
    theirs = chances or estimate(position)
    mine = {"win": 1 - theirs["win"], "win mars": theirs["lose mars"], "lose mars": theirs["win mars"],
            "win koks": theirs.get("lose koks", 0.0), "lose koks": theirs.get("win koks", 0.0)}
    p, w, lose = _pwl(mine)
    take = 2 * janowski(p, w, lose, "me")
    out = {"win": round(mine["win"], 4), "take equity": round(take, 4)}
    if match is not None:
        need_me = match.length - match.scores[taker]
        need_doubler = match.length - match.scores[position.turn]
        if cube.value >= need_doubler:
            out.update(take=True, reason="a pass would lose the match")
            return out
        if need_me == 1 and match.crawford_done:
            out.update(take=True, reason="at match point after the Crawford game the cube costs nothing more")
            return out
    if take >= -1.0:
        out.update(take=True, reason=MODEL_TAKE_REASONS[0])
    else:
        out.update(take=False, reason=MODEL_TAKE_REASONS[1])
    return out


def accept_resignation(position: Position, resigning: str, kind: str | None = None, cube: int = 1) -> dict:
    """Whether the computer, the side *not* resigning, accepts ``resigning``'s resignation.

    ``kind`` is what is offered (``single``, ``mars``, ``koks``; default: what the
    rules give the winner, ``scoring.resign_result``). ``{"accept": bool,
    "offered": points, "expected": points}``.
    """
    if resigning not in COLORS:
        raise NardyError(f"resigning side {quote(resigning)}: use 'white' or 'black'")
    if position.winner is not None:
        raise NardyError("the game is over")
    cube = read_int(cube, "cube", 1, MAX_CUBE, NardyError)
    kind = kind or resign_result(position, resigning, cube).kind
    if not isinstance(kind, str) or kind not in RESULT_POINTS or (kind == "koks" and position.variant != "short"):
        raise NardyError(f"resignation kind {quote(kind)}: use single, mars" + (" or koks" if position.variant == "short"
                                                                            else ""))
    chances = estimate(position)
    mine = chances["equity"] if position.turn != resigning else -chances["equity"]
    offered = RESULT_POINTS[kind] * cube
    expected = mine * cube
    return {"accept": offered >= expected, "offered": offered, "expected": round(expected, 4)}
