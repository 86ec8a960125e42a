"""The verdicts of the mistakes articles: which of two plays is better, and by how much, kept as data.

A ``better: <play> than <play>`` line (``nardy_site.page.blocks``) says the
first play is better than the second for the block's position and dice. The
evidence is kept in ``data/mistakes/<variant>.json`` (written by
``scripts/mistakes.py``, which recomputes every verdict the pages state with
one command), one entry per verdict::

    {"format": "nardy-mistakes", "version": 1, "variant": "short",
     "verdicts": [{"position": "nardy:short:w:...", "dice": [6, 4],
                   "better": "24/18 13/9", "mistake": "8/2 6/2",
                   "gnubg": {"plies": 2, "better": -0.012, "mistake": -0.131}}]}

- **short nardy**: GNU Backgammon's cubeless equity (for the side that
  plays, after each play) at ``plies`` look-ahead. The verdict holds when the
  better play is at least :data:`DOUBTFUL` above the mistake (0.04: GNU
  Backgammon marks a play that gives away more doubtful; 0.08 an error, 0.16 a
  blunder). The doc tests evaluate both again with
  GNU Backgammon and with the project's own evaluator, which must agree on
  the order (``tests/docs/test_verdicts.py``).
- **long nardy** (no outside evaluator exists): a rollout of both plays,
  ``"rollout": {"player", "seed", "games", "weights", "outcomes"}``: game
  ``i`` of each play is played to the end by the computer at
  :data:`ROLLOUT_LEVEL` on both sides with the same dice for both plays (a
  ``random.Random`` seeded with ``"<seed>:<i>"``); ``outcomes`` holds one
  character per game, the points of the side that played in the game after
  the better play and after the mistake (:data:`OUTCOMES`). The verdict holds
  when there are at least :data:`MIN_GAMES` games and the 95% interval of the
  mean difference (paired: normal approximation, 1.96 standard errors)
  excludes zero on the better play's side. ``weights`` is the SHA-256 of the
  weights file the games were played with; the doc tests replay a sample of
  the games from their seeds.

Every verdict also keeps the **game its position comes from**, ``"game": {"seed", "step",
"white", "black", "weights", "record"}``: a game of the computer against itself
(:func:`computer_game`: White at :data:`ORIGIN_LEVELS` ``white``, the level whose
mistakes the articles show, Black at ``black``, the dice from
``random.Random(seed)``), and ``record``, that game up to and including White's
play at ``step`` (the play page's record format, ``nardy_rules.game_record``,
from the variant's start with White to roll first, as if it had won the opening
roll). ``weights`` is the SHA-256 of the computer's weights the game was played
with. The doc tests replay the record through the rules to the verdict's
position, dice and mistake (:func:`origin_problem`), and, while the weights are
the same, play the game again from its seed.

A data file that does not read is a loud error (:class:`VerdictError`) naming
the file and the entry.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass
from functools import cache

from nardy_rules import NardyError, Position, from_text, other, parse_play, to_text

from ..paths import ROOT, display

FOLDER = ROOT / "data" / "mistakes"
FORMAT = "nardy-mistakes"
VERSION = 1
#: GNU Backgammon's smallest mark: a play this much worse in cubeless equity is at least doubtful by its measure
#: (``nardy_rules.analysis.MARKS``: doubtful over 0.04, an error over 0.08, a blunder over 0.16).
DOUBTFUL = 0.04
#: The fewest rollout games per play (36 x 36: every pair of first rolls once on average).
MIN_GAMES = 1296
#: The computer's level that plays the rollouts, on both sides. Not ``STRONGEST`` (``expert``): its look-ahead
#: costs some thirty times more a game (about 8 s against 0.3 s for a whole game of long nardy on this project's
#: machine), too much for ten verdicts of at least 2 x 1,296 games each; ``strong`` is the strongest level whose
#: rollouts fit. The figure under each board names it.
ROLLOUT_LEVEL = "strong"
#: z of a two-sided 95% interval.
Z95 = 1.96
#: The points of one game (the side that played: won or lost single or mars) and their order in a pair.
POINTS = (-2, -1, 1, 2)
#: One character per game: ``OUTCOMES[4 * index(better's points) + index(mistake's points)]``.
OUTCOMES = "0123456789abcdef"
#: The computer's levels in the games the mistakes come from: White makes the mistakes at the weakest level;
#: Black plays the best play of ``strong`` (its one-ply evaluator: a few dozen times cheaper than ``expert``).
ORIGIN_LEVELS = {"white": "beginner", "black": "strong"}
ORIGIN_KEYS = {"seed", "step", "white", "black", "weights", "record"}


class VerdictError(ValueError):
    """Verdict data that is missing, damaged, or that does not hold the verdict a page states."""


@dataclass(frozen=True)
class Rollout:
    player: str
    seed: int
    games: int
    weights: str
    #: (better's points, mistake's points) per game.
    pairs: tuple[tuple[int, int], ...]

    @property
    def better_mean(self) -> float:
        return sum(b for b, _ in self.pairs) / len(self.pairs)

    @property
    def mistake_mean(self) -> float:
        return sum(m for _, m in self.pairs) / len(self.pairs)

    @property
    def difference(self) -> float:
        return self.better_mean - self.mistake_mean

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean difference (paired games)."""
        diffs = [b - m for b, m in self.pairs]
        n = len(diffs)
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        return Z95 * math.sqrt(variance / n)

    @property
    def interval(self) -> tuple[float, float]:
        return self.difference - self.half_width, self.difference + self.half_width


@dataclass(frozen=True)
class Origin:
    """The computer's game a verdict's position comes from: its seed, the step of White's mistake, the levels,
    the weights it was played with, and its record up to that step (JSON, ``nardy_rules.game_record``)."""

    seed: int
    step: int
    white: str
    black: str
    weights: str
    record: dict


@dataclass(frozen=True)
class Verdict:
    """One verdict: the plays (as written in the data), and the evidence."""

    variant: str
    position: Position
    dice: tuple[int, int]
    better: str
    mistake: str
    #: Short nardy: GNU Backgammon's look-ahead and its equities of the better play and the mistake.
    plies: int | None = None
    better_equity: float | None = None
    mistake_equity: float | None = None
    rollout: Rollout | None = None
    #: The game the position comes from (see the module's docstring), or None when the data has none.
    origin: Origin | None = None

    @property
    def loss(self) -> float:
        """What the mistake costs: the equity difference (short), the rollout's mean difference (long)."""
        if self.rollout is not None:
            return self.rollout.difference
        return self.better_equity - self.mistake_equity

    def problem(self) -> str | None:
        """Why this evidence does not make the first play better, or None."""
        if self.rollout is not None:
            low, high = self.rollout.interval
            if self.rollout.games < MIN_GAMES:
                return f"the rollout has {self.rollout.games} games per play; a verdict needs at least {MIN_GAMES}"
            if low <= 0:
                return (f"the rollout's 95% interval of the difference, {low:+.3f} to {high:+.3f}, does not exclude "
                        f"zero: roll out more games (scripts/mistakes.py --games N)")
            return None
        if self.loss < DOUBTFUL:
            return (f"GNU Backgammon ({self.plies}-ply) puts {self.better} only {self.loss:.3f} above {self.mistake}; "
                    f"a mistake costs at least {DOUBTFUL}")
        return None


def data_path(variant: str):
    return FOLDER / f"{variant}.json"


def _fail(path, problem: str) -> VerdictError:
    return VerdictError(f"{display(path)}: {problem}")


def _number(value, path, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _fail(path, f"{where}: {json.dumps(value)[:40]} is not a number")
    return float(value)


def _rollout(raw, path, where: str) -> Rollout:
    if not isinstance(raw, dict) or set(raw) != {"player", "seed", "games", "weights", "outcomes"}:
        raise _fail(path, f"{where}: a rollout is {{player, seed, games, weights, outcomes}}")
    games, seed, outcomes = raw["games"], raw["seed"], raw["outcomes"]
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise _fail(path, f"{where}: games {json.dumps(games)[:40]} is not a whole number of games")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _fail(path, f"{where}: seed {json.dumps(seed)[:40]} is not a whole number")
    if not isinstance(outcomes, str) or len(outcomes) != games or not set(outcomes) <= set(OUTCOMES):
        raise _fail(path, f"{where}: outcomes must be {games} characters of {OUTCOMES}")
    if not isinstance(raw["player"], str) or not isinstance(raw["weights"], str):
        raise _fail(path, f"{where}: player and weights are text")
    pairs = tuple((POINTS[OUTCOMES.index(c) // 4], POINTS[OUTCOMES.index(c) % 4]) for c in outcomes)
    return Rollout(raw["player"], seed, games, raw["weights"], pairs)


def _origin(raw, path, where: str) -> Origin | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != ORIGIN_KEYS:
        raise _fail(path, f"{where}: game is {{{', '.join(sorted(ORIGIN_KEYS))}}}")
    for key in ("seed", "step"):
        value = raw[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < (0 if key == "seed" else 1):
            raise _fail(path, f"{where}: game's {key} {json.dumps(value)[:40]} is not a whole number")
    if not all(isinstance(raw[key], str) for key in ("white", "black", "weights")) or not isinstance(raw["record"], dict):
        raise _fail(path, f"{where}: the game's white, black and weights are text, its record an object")
    return Origin(raw["seed"], raw["step"], raw["white"], raw["black"], raw["weights"], raw["record"])


def computer_game(variant: str, seed: int):
    """The turns of a game of the computer against itself, one at a time: ``(step, position, dice, play,
    record)``, ``record`` the game's record (JSON) up to and including this turn.

    White plays at ``ORIGIN_LEVELS["white"]`` (a ``Player`` seeded with ``seed``), Black the best play of
    ``ORIGIN_LEVELS["black"]``; the dice come from ``random.Random(seed)``. White rolls first from the start
    (as if it had won the opening roll); in short nardy a double on that first roll is rolled again, as the
    opening roll is (the first play of a game is never a double). ``step`` counts the turns from 1, those
    that cannot be played included, as ``nardy_site.page.games`` numbers a game's steps."""
    from nardy_rules import VARIANTS
    from nardy_rules.bot import Player, rank_plays

    position = VARIANTS[variant].start()
    rng = random.Random(seed)
    white = Player(ORIGIN_LEVELS["white"], seed)
    actions: list[dict] = []
    step = 0
    while position.result() is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while step == 0 and variant == "short" and dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        step += 1
        if position.turn == "white":
            play = white(position, dice)
        else:
            ranked = rank_plays(position, dice, ORIGIN_LEVELS["black"])
            play = ranked[0][0] if ranked else None
        actions.append({"act": "roll", "dice": list(dice)})
        if play is not None:
            actions += [{"act": "move", "from": m.start, "to": m.end, "die": m.die} for m in play.moves]
            actions.append({"act": "confirm"})
        record = {"format": "nardy-match", "version": 1, "variant": variant, "length": 0,
                  "start": to_text(VARIANTS[variant].start()), "games": [{"actions": list(actions)}]}
        yield step, position, dice, play, record
        position = play.result if play is not None else position.with_turn(other(position.turn))


def origin_of(variant: str, seed: int, step: int) -> dict:
    """The ``game`` entry of a verdict whose position is White's turn ``step`` of the game of ``seed``."""
    for number, position, _dice, _play, record in computer_game(variant, seed):
        if number == step:
            if position.turn != "white":
                raise VerdictError(f"step {step} of the game of seed {seed} is Black's turn")
            return {"seed": seed, "step": step, **ORIGIN_LEVELS, "weights": weights_digest(variant),
                    "record": record}
    raise VerdictError(f"the game of seed {seed} ends before step {step}")


def origin_problem(verdict: Verdict) -> str | None:
    """Why the verdict's game does not lead to its position, dice and mistake, or None.

    The record is replayed through the rules (``nardy_rules.game``): its last turn must be White's, at the
    game's step ``step``, from the verdict's position with its dice, and play the mistake; the game starts
    from the variant's start, and in short nardy its first roll is not a double."""
    from nardy_rules import VARIANTS

    from .games import GameError, replay_steps

    origin = verdict.origin
    if origin is None:
        return "the data keeps no game this position comes from (scripts/mistakes.py origin)"
    if (origin.white, origin.black) != (ORIGIN_LEVELS["white"], ORIGIN_LEVELS["black"]):
        return f"the game was played by {origin.white} against {origin.black}, not the levels the article names"
    try:
        record, _play, steps = replay_steps(origin.record, "the game's record")
    except GameError as error:
        return str(error)
    start = VARIANTS[verdict.variant].start()
    if record.variant != verdict.variant or record.start != to_text(start):
        return "the game's record does not start from the start position of the game"
    if not steps:
        return "the game's record holds no turn"
    first, last = steps[0], steps[-1]
    if verdict.variant == "short" and first.dice[0] == first.dice[1]:
        return f"the game's first play is a double ({first.dice[0]}-{first.dice[1]}); the first play of a game never is"
    if last.number != origin.step or last.kind != "play" or last.side != "white":
        return f"the game's record ends at {last.side}'s step {last.number}; the data says White's step {origin.step}"
    if last.before != verdict.position or sorted(last.dice) != sorted(verdict.dice):
        return f"step {origin.step} of the game is another position or roll than the verdict's"
    if last.play.result != parse_play(verdict.position, verdict.dice, verdict.mistake).result:
        return f"White played {last.notation} at step {origin.step} of the game, not the mistake {verdict.mistake}"
    return None


def weights_digest(variant: str) -> str:
    """The SHA-256 of the weights file the computer plays ``variant`` with (rollouts name it)."""
    from nardy_rules.bot.network import WEIGHTS_DIR

    return hashlib.sha256((WEIGHTS_DIR / f"{variant}.json").read_bytes()).hexdigest()


def rollout_game(after: Position, mover: str, seed: int, index: int, level: str) -> int:
    """Game ``index`` of a rollout from ``after`` (the position a play leads to, the opponent on roll), played to
    the end by the computer at ``level`` on both sides with the dice of ``random.Random("<seed>:<index>")``:
    the points of ``mover`` (won positive, lost negative). The same seed and index give the same dice after
    either play of a verdict."""
    from nardy_rules.bot import choose_play

    rng = random.Random(f"{seed}:{index}")
    position = after
    while (result := position.result()) is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = choose_play(position, dice, level)
        position = play.result if play is not None else position.with_turn(other(position.turn))
    return result.points if result.winner == mover else -result.points


def rollout_pairs(position: Position, dice, better: str, mistake: str, seed: int, indexes, level: str):
    """(better's points, mistake's points) of the rollout games ``indexes`` (see :func:`rollout_game`)."""
    results = [parse_play(position, dice, play).result for play in (better, mistake)]
    return [tuple(rollout_game(after, position.turn, seed, index, level) for after in results) for index in indexes]


def encode_outcomes(pairs) -> str:
    """The ``outcomes`` text of (better's points, mistake's points) pairs."""
    return "".join(OUTCOMES[4 * POINTS.index(b) + POINTS.index(m)] for b, m in pairs)


@cache
def load(variant: str) -> tuple[Verdict, ...]:
    """Every verdict of ``data/mistakes/<variant>.json`` (none when there is no file); VerdictError when damaged."""
    path = data_path(variant)
    if not path.is_file():
        return ()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise _fail(path, f"cannot read the verdicts: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise _fail(path, f"not verdict data (format {FORMAT!r}, version {VERSION})")
    if data.get("variant") != variant or not isinstance(data.get("verdicts"), list):
        raise _fail(path, f"the file holds {variant} nardy's verdicts as a list 'verdicts'")
    out = []
    for k, raw in enumerate(data["verdicts"], 1):
        where = f"verdict {k}"
        if not isinstance(raw, dict):
            raise _fail(path, f"{where} is not an object")
        try:
            position = from_text(raw.get("position"))
            dice = tuple(raw.get("dice"))
            if len(dice) != 2:
                raise ValueError("two dice")
            for text in (raw.get("better"), raw.get("mistake")):
                parse_play(position, dice, text)
        except (NardyError, ValueError, TypeError) as error:
            raise _fail(path, f"{where}: {error}") from None
        if position.variant != variant:
            raise _fail(path, f"{where}: a {position.variant}-nardy position")
        if variant == "short":
            gnubg = raw.get("gnubg")
            if not isinstance(gnubg, dict) or set(gnubg) != {"plies", "better", "mistake"} or gnubg["plies"] not in (0, 1, 2):
                raise _fail(path, f"{where}: gnubg is {{plies (0, 1 or 2), better, mistake}}")
            out.append(Verdict(variant, position, dice, raw["better"], raw["mistake"], gnubg["plies"],
                               _number(gnubg["better"], path, where), _number(gnubg["mistake"], path, where),
                               origin=_origin(raw.get("game"), path, where)))
        else:
            out.append(Verdict(variant, position, dice, raw["better"], raw["mistake"],
                               rollout=_rollout(raw.get("rollout"), path, where),
                               origin=_origin(raw.get("game"), path, where)))
    return tuple(out)


def verdict_for(position: Position, dice, better, mistake) -> Verdict:
    """The verdict on ``better`` (a Play) against ``mistake`` for this position and roll; VerdictError when the
    data has none, ranks them the other way, or does not hold the verdict."""
    variant = position.variant
    path = data_path(variant)
    roll = tuple(sorted(dice, reverse=True))
    for verdict in load(variant):
        if verdict.position != position or tuple(sorted(verdict.dice, reverse=True)) != roll:
            continue
        first = parse_play(position, roll, verdict.better).result
        second = parse_play(position, roll, verdict.mistake).result
        if (first, second) == (mistake.result, better.result):
            raise _fail(path, f"the verdict says {verdict.better} is better than {verdict.mistake}, "
                              f"not the other way round")
        if (first, second) != (better.result, mistake.result):
            continue
        problem = verdict.problem()
        if problem:
            raise _fail(path, problem)
        return verdict
    raise _fail(path, f"no verdict on {better.notation} against {mistake.notation} with {roll[0]}-{roll[1]} in "
                      f"{to_text(position)}: scripts/mistakes.py --game {variant} computes it")
