"""Estimates of a position for the side on roll: the network's outputs, made consistent, and equity.

:func:`estimate` returns a dict of plain floats, for the side on roll before it
rolls: ``win``, ``win mars``, ``lose mars`` (and ``win koks``, ``lose koks`` in
short nardy), and ``equity``, the cubeless value of the game in points per
unit of cube (+1 a sure single win, -2 a sure mars loss...). A finished game
is valued by its result, not by the network.
"""

from __future__ import annotations

from ..position import Position
from .encoding import boards
from .network import OUTPUTS, load


def _finished(position: Position) -> dict:
    """The exact estimate of a finished game, for the side on roll (usually the loser)."""
    result = position.result()
    won = result.winner == position.turn
    mars = float(result.kind in ("mars", "koks"))
    koks = float(result.kind == "koks")
    out = {"win": float(won), "win mars": mars if won else 0.0, "lose mars": 0.0 if won else mars}
    if position.variant == "short":
        out["win koks"] = koks if won else 0.0
        out["lose koks"] = 0.0 if won else koks
    out["equity"] = float(result.multiplier if won else -result.multiplier)
    return out


def consistent(game: str, raw: list[float], own: list[int], opp: list[int]) -> dict:
    """Name the outputs and make them agree with each other and with what is already decided.

    A mars needs the loser to have borne off nothing; a koks is also a mars; the
    chances of a win and of a loss add up to 1.
    """
    out = dict(zip(OUTPUTS[game], raw))
    win = out["win"]
    out["win mars"] = 0.0 if opp[0] else min(out["win mars"], win)
    out["lose mars"] = 0.0 if own[0] else min(out["lose mars"], 1.0 - win)
    equity = 2.0 * win - 1.0 + out["win mars"] - out["lose mars"]
    if game == "short":
        out["win koks"] = min(out["win koks"], out["win mars"])
        out["lose koks"] = min(out["lose koks"], out["lose mars"])
        equity += out["win koks"] - out["lose koks"]
    out["equity"] = equity
    return out


def estimate(position: Position, network=None) -> dict:
    """The side on roll's chances and cubeless equity (see the module docstring)."""
    if position.winner is not None:
        return _finished(position)
    network = network or load(position.variant)
    own, opp = boards(position)
    return consistent(position.variant, network.evaluate_boards(own, opp), own, opp)


def equity_after(play, network=None) -> float:
    """The mover's cubeless equity after ``play`` (the opponent is then on roll)."""
    return -estimate(play.result, network)["equity"]


def mover_view(estimate_for_roller: dict) -> dict:
    """An estimate for the side on roll, seen from the side that has just played."""
    flipped = {"win": 1.0 - estimate_for_roller["win"],
               "win mars": estimate_for_roller["lose mars"], "lose mars": estimate_for_roller["win mars"],
               "equity": -estimate_for_roller["equity"]}
    if "win koks" in estimate_for_roller:
        flipped["win koks"] = estimate_for_roller["lose koks"]
        flipped["lose koks"] = estimate_for_roller["win koks"]
    return flipped
