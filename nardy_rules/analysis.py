"""Match analysis: every play and cube decision of a match record rated by the computer, errors marked.

For every play the analysis finds the best play and the equity the played
one gave away against it; for every short-nardy cube decision (double or
not, take or pass) the right action and what the other one costs. Equity is
the cubeless value of the game in points per unit of the cube (+1 a sure
single win, -2 a sure mars loss), so a cost means the same at any cube.

- **Plays** are valued one roll ahead (``bot.lookahead``, the ``expert``
  level's look-ahead): the plays the evaluator ranks within
  :data:`WINDOW` of its best, at most :data:`CANDIDATES` of them, and the
  play made, each after every roll of the opponent and its best reply. A
  roll with one legal play is *forced*: nothing to rate.
- **Cube decisions** (short nardy, whenever the side on roll may double,
  and every take or pass): the side on roll's chances one roll ahead
  (``bot.lookahead.roll_estimate``) through the computer's cube model
  (``bot.cube``: Janowski's, money play, with the match rules it knows).
  A decision the match rules settle (a dead cube, the trailer after the
  Crawford game, a pass that would lose the match) gets its right action and
  no cost.
- **Marks**, GNU Backgammon's convention and thresholds (its ``Skill()``):
  a decision that gives away more than 0.04 is *doubtful*, more than 0.08 an
  *error*, more than 0.16 a *blunder*.
- **Per player**: the number of each mark, plays, unforced plays and cube
  decisions, the equity given away, and the error rate per decision in
  thousandths of a point (GNU Backgammon's "error rate"): the equity lost
  over the unforced plays and the cube decisions that count (every take or
  pass; a double or no double when doubling is not a blunder, or when the
  player doubled).
- **Chances along the match**: every decision carries White's chance of
  winning the game after it, the data of a plot.

Entry points: :func:`decisions` lists a record's decisions (cheap);
:func:`rate` rates one (the costly part: tens of milliseconds in the
browser); :func:`summary` adds up rated decisions; :func:`analyse` does it
all. ``nardy_rules.play_live``'s ``analyse`` op rates a few decisions per
request, so a page can show progress.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .bot import cube_decision, rank_plays, take_decision
from .bot.cube import MODEL_TAKE_REASONS
from .bot.lookahead import lookahead, roll_estimate
from .game import CONFIRM, DOUBLE, MOVE_PHASE, PASS, ROLL, ROLL_PHASE, TAKE, TAKE_PHASE, MatchPlay
from .game_record import Record, read_record
from .interchange import to_text
from .play import Play, legal_plays
from .position import COLORS, WHITE, Position
from .scoring import Cube, Match

#: Marks, worst first, with the equity a decision must give away (more than) to earn each.
MARKS = (("blunder", 0.16), ("error", 0.08), ("doubtful", 0.04))
#: The 0-ply equity window and the most plays valued one roll ahead per play (besides the play made).
WINDOW = 0.16
CANDIDATES = 8
#: How many plays each rated play lists (best first), besides the play made.
SHOWN = 3
PLAY, CUBE, TAKE_DECISION = "play", "cube", "take"


@dataclass(frozen=True)
class Decision:
    """One decision of a match, as the record shows it; :func:`rate` rates it."""

    #: Counted from 0 over the whole match.
    index: int
    #: The game, counted from 1, and the index of the game's scoresheet entry this turn wrote (or writes next).
    game: int
    sheet: int
    #: ``play``, ``cube`` (double or not, before rolling) or ``take`` (take or pass).
    kind: str
    side: str
    #: The position the decision was made in: the turn's start (a play), the side on roll before rolling
    #: (a cube decision), the doubler on roll (a take).
    position: Position
    cube: Cube
    #: A snapshot of the match score (None for a single game).
    match: Match | None
    dice: tuple[int, int] | None = None
    #: The play made (a play).
    play: Play | None = None
    #: ``double`` / ``no double`` (cube), ``take`` / ``pass`` (take).
    action: str | None = None


def mark(lost: float | None) -> str | None:
    """The mark of a decision that gave away ``lost`` (None: not rated or nothing marked)."""
    if lost is None:
        return None
    for name, threshold in MARKS:
        if lost > threshold:
            return name
    return None


def decisions(record: object) -> list[Decision]:
    """Every decision of a match record (JSON, or a :class:`~nardy_rules.game_record.Record` already read), in
    order; the game in progress up to its last one.

    A record that does not read raises :class:`~nardy_rules.game_record.RecordError`.
    """
    found: list[Decision] = []

    def observe(play: MatchPlay, action) -> None:
        game = play.current
        common = {"index": len(found), "game": len(play.games), "sheet": len(game.sheet), "side": game.side,
                  "cube": game.cube, "match": None if play.match is None else replace(
                      play.match, scores=dict(play.match.scores))}
        if game.phase == ROLL_PHASE and action.act in (ROLL, DOUBLE) and play.cube_refusal() is None:
            found.append(Decision(kind=CUBE, position=game.position,
                                  action="double" if action.act == DOUBLE else "no double", **common))
        elif game.phase == TAKE_PHASE and action.act in (TAKE, PASS):
            found.append(Decision(kind=TAKE_DECISION, position=game.position, action=action.act, **common))
        elif game.phase == MOVE_PHASE and action.act == CONFIRM:
            turn = game.turn
            found.append(Decision(kind=PLAY, position=turn.start, dice=tuple(turn.roll), play=turn.play(), **common))

    MatchPlay.from_record(record if isinstance(record, Record) else read_record(record), observe)
    return found


def _white_chance(side: str, win: float) -> float:
    return round(win if side == WHITE else 1.0 - win, 4)


def _option(play: Play, estimate: dict) -> dict:
    out = {"play": play.notation, "moves": [move.to_json() for move in play.moves]}
    out.update({key: round(value, 4) for key, value in estimate.items()})
    return out


def _rate_play(decision: Decision) -> dict:
    position, played = decision.position, decision.play
    plays = legal_plays(position, decision.dice)
    out = {"dice": list(decision.dice), "played": played.notation,
           "moves": [move.to_json() for move in played.moves]}
    if len(plays) == 1:
        estimate = lookahead([played])[0]
        out.update(forced=True, best=played.notation, best_moves=out["moves"], lost=0.0, mark=None,
                   equity=round(estimate["equity"], 4), options=[_option(played, estimate)],
                   chances=_white_chance(decision.side, estimate["win"]))
        return out
    ranked = rank_plays(position, decision.dice, "strong")
    top = ranked[0][2]
    candidates = [play for play, _mine, score in ranked[:CANDIDATES] if top - score <= WINDOW]
    if played not in candidates:
        candidates.append(played)
    valued = sorted(zip(candidates, lookahead(candidates)), key=lambda pair: -pair[1]["equity"])
    best, best_estimate = valued[0]
    mine = next(estimate for play, estimate in valued if play == played)
    lost = max(0.0, best_estimate["equity"] - mine["equity"])
    out.update(forced=False, best=best.notation, best_moves=[move.to_json() for move in best.moves],
               lost=round(lost, 4), mark=mark(lost), equity=round(mine["equity"], 4),
               best_equity=round(best_estimate["equity"], 4),
               options=[_option(play, estimate) for play, estimate in valued[:SHOWN]],
               chances=_white_chance(decision.side, mine["win"]))
    if all(play != played for play, _estimate in valued[:SHOWN]):
        out["options"].append(_option(played, mine))
    return out


def _rate_cube(decision: Decision, chances: dict) -> dict:
    """A double or no double: the right action by ``cube_decision`` and what the other one costs."""
    verdict = cube_decision(decision.position, decision.cube, decision.match, chances)
    right = "double" if verdict["double"] else "no double"
    out = {"action": decision.action, "right": right, "reason": verdict["reason"]}
    if "no double" not in verdict:
        # The match rules decided (a dead cube, the trailer after the Crawford game): no cost to measure.
        out.update(lost=None if decision.action != right else 0.0, equities=None, close=False)
        return out
    no_double, taken = verdict["no double"], verdict["double and take"]
    doubled = min(taken, 1.0)  # the opponent answers a double with its better choice: take, or pass (+1)
    if taken > 1.0:
        # Past the opponent's take point: not doubling means playing on, without cashing now, valued as
        # the cubeless equity (the cube model's own test of "too good": above 1, playing on is better).
        no_double = chances["equity"]
    lost = max(0.0, doubled - no_double) if decision.action == "no double" else max(0.0, no_double - doubled)
    if decision.action == right:
        lost = 0.0
    out.update(lost=round(lost, 4), close=decision.action == "double" or no_double - doubled < MARKS[0][1],
               equities={"no double": round(no_double, 4), "double, take": round(taken, 4), "double, pass": 1.0})
    return out


def _rate_take(decision: Decision, chances: dict) -> dict:
    """A take or pass: the right answer by ``take_decision`` and what the other one costs (the taker's view)."""
    verdict = take_decision(decision.position, decision.cube, decision.match, chances)
    right = "take" if verdict["take"] else "pass"
    out = {"action": decision.action, "right": right, "reason": verdict["reason"], "close": True,
           "equities": {"take": verdict["take equity"], "pass": -1.0}}
    if verdict["reason"] not in MODEL_TAKE_REASONS:
        out["lost"] = None if decision.action != right else 0.0  # the match rules decided
        return out
    out["lost"] = 0.0 if decision.action == right else round(abs(verdict["take equity"] + 1.0), 4)
    return out


def rate(decision: Decision) -> dict:
    """One decision rated: what was done, the best or right action, the equity lost, the mark, the chances.

    Common keys: ``index``, ``game``, ``sheet``, ``kind``, ``side``,
    ``position`` (compact text), ``lost`` (None when not measured),
    ``mark``, ``chances`` (White's chance of winning the game afterwards).
    A play adds ``dice``, ``played``, ``moves``, ``best``, ``best_moves``,
    ``forced``, ``equity`` (the play made) and ``best_equity``, ``options``
    (the best plays, and the one made, with their chances); a cube or take
    decision ``action``, ``right``, ``reason``, ``equities`` and ``close``
    (whether it counts in the error rate).
    """
    out = {"index": decision.index, "game": decision.game, "sheet": decision.sheet, "kind": decision.kind,
           "side": decision.side, "position": to_text(decision.position)}
    if decision.kind == PLAY:
        out.update(_rate_play(decision))
        return out
    chances = roll_estimate(decision.position)  # the side on roll's (the doubler's), before rolling
    roller = decision.position.turn
    out.update(_rate_cube(decision, chances) if decision.kind == CUBE else _rate_take(decision, chances))
    out["mark"] = mark(out["lost"])
    out["chances"] = _white_chance(roller, chances["win"])
    return out


def summary(rated: list[dict]) -> dict:
    """Per player (``white``, ``black``): marks, counts, equity lost and error rates of rated decisions.

    ``{"white": {"plays", "unforced", "cube", "marks": {"doubtful", "error", "blunder"}, "play marks",
    "cube marks", "lost", "play lost", "cube lost", "error rate", "play error rate", "cube error rate"}, ...}``;
    error rates in thousandths of a point per decision counted (None when there is none).
    """
    out = {}
    for color in COLORS:
        mine = [item for item in rated if item["side"] == color]
        plays = [item for item in mine if item["kind"] == PLAY]
        unforced = [item for item in plays if not item["forced"]]
        cube = [item for item in mine if item["kind"] != PLAY and (item["close"] or item["mark"])]
        play_lost = sum(item["lost"] for item in unforced)
        cube_lost = sum(item["lost"] or 0.0 for item in cube)

        def marks(items):
            return {name: sum(item["mark"] == name for item in items) for name, _threshold in reversed(MARKS)}

        def rate_of(lost, count):
            return round(1000 * lost / count, 1) if count else None

        out[color] = {
            "plays": len(plays), "unforced": len(unforced), "cube": len(cube),
            "marks": marks(mine), "play marks": marks(plays), "cube marks": marks([i for i in mine if i["kind"] != PLAY]),
            "lost": round(play_lost + cube_lost, 4), "play lost": round(play_lost, 4), "cube lost": round(cube_lost, 4),
            "error rate": rate_of(play_lost + cube_lost, len(unforced) + len(cube)),
            "play error rate": rate_of(play_lost, len(unforced)), "cube error rate": rate_of(cube_lost, len(cube)),
        }
    return out


def analyse(record: object) -> dict:
    """The whole analysis of a record: ``{"decisions": [rate(d), ...], "summary": summary(...)}``."""
    rated = [rate(decision) for decision in decisions(record)]
    return {"decisions": rated, "summary": summary(rated)}

