"""Whole games and matches: the flow of play, decided by the rules, re-played from a record.

:func:`replay` reads a match record (``game_record.py``) and plays every action
through the rules: the opening roll, turns in alternation, single moves
checked by :class:`~nardy_rules.turn.Turn`, the doubling cube
(:class:`~nardy_rules.scoring.Cube`), resignations
(:func:`~nardy_rules.scoring.resign_result`) and the match score with the
Crawford game (:class:`~nardy_rules.scoring.Match`). It returns a
:class:`MatchState`: everything a page shows, including the actions allowed
now, so the page holds no rule of the game. :func:`apply` adds one action to
a record (or takes back a move) and returns the new record with its state.

Phases (``MatchState.phase``) and the actions each allows:

=============  ==============================================================
phase          actions
=============  ==============================================================
``opening``    ``opening``: each side rolls one die; a tie is rolled again.
               Short nardy: the higher die's side plays both numbers at once
               (phase ``move``); long nardy: it rolls both dice (``roll``).
``roll``       ``roll``; ``double`` (short nardy, when the cube allows);
               ``resign``
``move``       ``move`` (one checker, one die), ``undo`` (a move not yet
               confirmed), ``confirm`` (once the turn uses the dice it must),
               ``resign``. A roll that cannot be played ends the turn at once.
``take``       ``take`` or ``pass``: the doubled side decides
``resign``     ``accept`` or ``decline``: the resigning side's opponent decides
``game-over``  ``next-game``: the match goes on
``match-over`` nothing
=============  ==============================================================

``undo`` and ``next-game`` are not recorded: undo removes the last move of
the turn in progress from the record, next-game adds an empty game. A
``resign`` offers a single game, a mars or a koks (``kind``; short nardy
only for koks), up to what the position could cost (the state's
``resign_offers``); without a kind it offers that most. A ``resign`` during
``move`` drops the turn's unconfirmed moves first (the offer is valued on
the position before them); in a stored record a
resignation after unconfirmed moves is an error.

A ``resign`` with a ``side`` (record version 2) is a resignation by the side
*not* on roll, as FIBS and DailyGammon allow (their files hold them): in
phase ``roll``, or ``move`` before any move of the turn; the side on roll
then accepts or declines, and play goes on where it stood. The page does not
offer it (a person resigns on their own turn); imported matches carry it.
A record's ``score`` starts the match at that score (``MatchPlay(...,
score=...)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .contract import quote
from .errors import CubeError, IllegalPlayError, NardyError
from .game_record import (
    ACCEPT,
    CONFIRM,
    DECLINE,
    DOUBLE,
    MOVE,
    OPENING,
    PASS,
    RESIGN,
    ROLL,
    TAKE,
    Action,
    Record,
    RecordError,
    read_action,
    read_record,
)
from .interchange import from_text
from .play import Move
from .position import BLACK, COLORS, VARIANTS, WHITE, Position, other
from .reasons import Refusal
from .scoring import RESULT_KINDS, RESULT_POINTS, Cube, DoubleOffer, GameResult, Match, game_result, resign_result
from .turn import Turn

# Phases.
OPENING_PHASE = "opening"
ROLL_PHASE = "roll"
MOVE_PHASE = "move"
TAKE_PHASE = "take"
RESIGN_PHASE = "resign"
GAME_OVER = "game-over"
MATCH_OVER = "match-over"

# Actions the page may send that are not recorded.
UNDO = "undo"
NEXT_GAME = "next-game"

#: Why the side to act may not double now: a code for the page to translate.
CUBE_REFUSALS = ("no-cube", "not-now", "one-point-match", "crawford", "rolled", "owned", "max")


class ActionError(NardyError):
    """An action the rules do not allow now.

    ``code`` is a stable word for the page (``wrong-phase``, ``refused-move``,
    ``incomplete``, ``nothing-to-undo``, ``cube``, ``resign-kind`` for a
    resignation offering more than the position could cost, ``bad-action``
    for an action that does not read); ``refusal`` carries the
    engine's reason for a refused move (the page translates it as on the
    rules boards).
    """

    def __init__(self, message: str, code: str, refusal: Refusal | None = None):
        super().__init__(message)
        self.code = code
        self.refusal = refusal


@dataclass(frozen=True)
class MatchState:
    """Everything a page shows about a match at one moment (see :meth:`to_json`)."""

    variant: str
    length: int
    players: dict | None
    #: The game being played or just finished, counted from 1.
    game: int
    phase: str
    #: Who acts now: on roll (roll, move), doubled (take), resigned to (resign); None otherwise.
    side: str | None
    #: The position now (in phase move: with the turn's moves so far).
    position: Position
    #: The roll being played (phase move, and a resignation offered after rolling), or the dice of
    #: the last opening roll (phase opening).
    dice: tuple[int, int] | None
    #: The turn in progress (phase move).
    turn: Turn | None
    cube: Cube
    #: Whether the cube is used in this game at all (short nardy, not a 1-point match, not Crawford).
    cube_used: bool
    #: (code, message) saying why the side to act may not double now; None when it may.
    cube_refusal: tuple[str, str] | None
    #: The double on the table (phase take).
    double_offer: DoubleOffer | None
    #: The resignation on the table (phase resign): what accepting it gives.
    resign_offer: GameResult | None
    #: What resigning now would give the opponent at most (the position's worst), when the side to act may resign.
    resign_value: GameResult | None
    #: What the side to act may offer by resigning now, from a single game up to ``resign_value``.
    resign_offers: tuple[GameResult, ...]
    actions: tuple[str, ...]
    score: dict
    #: This game is the Crawford game.
    crawford: bool
    #: The finished games' results, in order (the current game's too once it is over).
    results: tuple[GameResult, ...]
    #: Per game, the entries of the scoresheet (their kinds: see ``_Game``); None when not asked for
    #: (``MatchPlay.state(scoresheet=False)``: a session sends only what an action added to it).
    scoresheet: tuple[tuple[dict, ...], ...] | None
    #: The match winner once the match is over.
    winner: str | None

    @property
    def result(self) -> GameResult | None:
        """The current game's result once it is over."""
        return self.results[self.game - 1] if len(self.results) >= self.game else None

    def to_json(self) -> dict:
        cube_refusal = None
        if self.cube_refusal is not None:
            cube_refusal = {"code": self.cube_refusal[0], "message": self.cube_refusal[1]}
        offer = None
        if self.double_offer is not None:
            offer = {"double": {"by": self.double_offer.doubler, "value": self.double_offer.cube.value * 2}}
        elif self.resign_offer is not None:
            offer = {"resign": {"by": self.resign_offer.loser, "result": self.resign_offer.to_json()}}
        answer = {
            "variant": self.variant,
            "length": self.length,
            "players": dict(self.players) if self.players else None,
            "game": self.game,
            "phase": self.phase,
            "side": self.side,
            "position": self.position.to_json(),
            "pips": {color: self.position.pips(color) for color in COLORS},
            "dice": list(self.dice) if self.dice else None,
            "turn": _turn_json(self.turn) if self.turn is not None else None,
            "cube": {"value": self.cube.value, "owner": self.cube.owner, "used": self.cube_used,
                     "may_double": DOUBLE in self.actions, "refusal": cube_refusal},
            "offer": offer,
            "resign": self.resign_value.to_json() if self.resign_value else None,
            "resign_offers": [offer.to_json() for offer in self.resign_offers],
            "actions": list(self.actions),
            "score": dict(self.score),
            "crawford": self.crawford,
            "result": self.result.to_json() if self.result else None,
            "results": [result.to_json() for result in self.results],
            "winner": self.winner,
        }
        if self.scoresheet is not None:
            answer["scoresheet"] = [list(entries) for entries in self.scoresheet]
        return answer


def _turn_json(turn: Turn) -> dict:
    """The turn in progress; ``position``, ``dice`` and ``moves`` form a request of ``nardy_rules.live``."""
    return {
        "position": turn.start.to_json(),
        "dice": list(turn.roll),
        "moves": [move.to_json() for move in turn.moves],
        "remaining": list(turn.remaining),
        "max_dice": turn.max_dice,
        "complete": turn.complete,
        "lost": list(turn.lost_dice),
        "legal_moves": [move.to_json() for move in turn.legal_moves()],
    }


@dataclass
class _Game:
    """One game of the match while it is played: its position, cube, offers and scoresheet.

    Scoresheet entries (``kind`` first): ``opening`` {dice [White's, Black's],
    first: the side that starts or None for a tie}; ``play`` {side, dice, play
    (notation, White's numbering), own (the same in the mover's own numbering, as records write it),
    moves}; ``cannot-move`` {side, dice}; ``double`` {side, value
    (the cube after the double)}; ``take`` {side, value}; ``pass`` {side};
    ``resign`` {side (who resigns), result (what it offers: the
    kind chosen times the cube), dice when it came after rolling, on_roll: false for the side not on roll};
    ``accept`` {side}; ``decline`` {side}.
    """

    position: Position
    crawford: bool
    phase: str = OPENING_PHASE
    side: str | None = None
    cube: Cube = field(default_factory=Cube)
    turn: Turn | None = None
    dice: tuple[int, int] | None = None
    double_offer: DoubleOffer | None = None
    resign_offer: GameResult | None = None
    #: The phase a declined resignation returns to (roll, or move with the same dice), and the side then to act.
    resumed_phase: str | None = None
    resumed_side: str | None = None
    result: GameResult | None = None
    actions: list = field(default_factory=list)
    sheet: list = field(default_factory=list)


class MatchPlay:
    """A match being played: actions in, state out. :func:`replay` and :func:`apply` use it."""

    def __init__(self, variant: str, length: int, players: dict | None = None, start: str | None = None,
                 score: dict | None = None, crawford: bool | None = None):
        self.variant = variant
        self.length = length
        self.players = players
        #: A set-up start position (compact text) every game begins from; None: the variant's start.
        self.start = start
        #: The score before the first game (a match written down from the middle); None: 0 to 0.
        self.start_score = dict(score) if score else None
        #: Whether the first game, at that score, is the Crawford game (None: as GNU Backgammon assumes).
        self.start_crawford = crawford
        #: None for a single game (length 0): the cube then follows no match rule.
        self.match = Match(length) if length else None
        self.scores = {WHITE: 0, BLACK: 0}
        if self.start_score and self.match is not None:
            self.match.start_at(self.start_score, crawford)
            self.scores = dict(self.match.scores)
        self.games: list[_Game] = []
        self._begin_game()

    @classmethod
    def from_record(cls, record: Record, observe=None) -> MatchPlay:
        """Re-play a record that has been read; a refused action raises :class:`RecordError`.

        ``observe(play, action)``, when given, is called before each action is
        played, with the match as it stands then (``nardy_rules.analysis``
        collects the decisions this way).
        """
        play = cls(record.variant, record.length, record.players, record.start, record.score, record.crawford)
        for g, actions in enumerate(record.games, 1):
            if g > 1:
                if play.phase != GAME_OVER:
                    ended = "is over" if play.phase == MATCH_OVER else "is still being played"
                    raise RecordError(f"game {g}: there is no game {g}: game {g - 1} {ended}", game=g)
                play.next_game()
            for k, action in enumerate(actions, 1):
                if observe is not None:
                    observe(play, action)
                try:
                    play.act(action)
                except ActionError as error:
                    raise RecordError(f"game {g}, action {k} {quote(action.to_json(), as_json=True)}: {error}",
                                      game=g, action=k, refusal=error.refusal) from None
        return play

    # ------------------------------------------------------------------ reading

    @property
    def current(self) -> _Game:
        return self.games[-1]

    @property
    def phase(self) -> str:
        return self.current.phase

    def cube_refusal(self) -> tuple[str, str] | None:
        """Why the side to act may not double now, as (code, message); None when it may."""
        game = self.current
        if not VARIANTS[self.variant].HAS_CUBE:
            return "no-cube", f"{self.variant} nardy is played without the doubling cube"
        if game.phase not in (ROLL_PHASE, MOVE_PHASE):
            return "not-now", "a player may double only on their turn, before rolling"
        message = game.cube.refusal(game.side, rolled=game.phase == MOVE_PHASE, match=self.match)
        if message is None:
            return None
        # The code names the condition Cube.refusal reported (its checks, in its order).
        if self.match is not None and not self.match.cube_allowed:
            code = "one-point-match" if self.match.length == 1 else "crawford"
        elif game.phase == MOVE_PHASE:
            code = "rolled"
        elif game.cube.owner not in (None, game.side):
            code = "owned"
        else:
            code = "max"
        return code, message

    def cube_used(self) -> bool:
        """Whether the current game uses the cube: a game that has one (short nardy), not a 1-point match or Crawford game."""
        return VARIANTS[self.variant].HAS_CUBE and self.length != 1 and not self.current.crawford

    def allowed(self) -> tuple[str, ...]:
        """The actions allowed now, in the order a page shows them."""
        game = self.current
        phase = game.phase
        if phase == OPENING_PHASE:
            return (OPENING,)
        if phase == ROLL_PHASE:
            return (ROLL,) + ((DOUBLE,) if self.cube_refusal() is None else ()) + (RESIGN,)
        if phase == MOVE_PHASE:
            turn = game.turn
            return ((MOVE,) if not turn.complete else ()) + ((UNDO,) if turn.moves else ()) + \
                ((CONFIRM,) if turn.complete else ()) + (RESIGN,)
        if phase == TAKE_PHASE:
            return (TAKE, PASS)
        if phase == RESIGN_PHASE:
            return (ACCEPT, DECLINE)
        if phase == GAME_OVER:
            return (NEXT_GAME,)
        return ()

    def state(self, scoresheet: bool = True) -> MatchState:
        """What a page shows now; without the scoresheet (which grows with the match) when not asked for."""
        game = self.current
        allowed = self.allowed()
        position = game.turn.position if game.phase == MOVE_PHASE else game.position
        return MatchState(
            variant=self.variant,
            length=self.length,
            players=dict(self.players) if self.players else None,
            game=len(self.games),
            phase=game.phase,
            side=game.side,
            position=position,
            dice=game.dice,
            turn=game.turn.copy() if game.phase == MOVE_PHASE else None,
            cube=game.cube,
            cube_used=self.cube_used(),
            cube_refusal=self.cube_refusal(),
            double_offer=game.double_offer,
            resign_offer=game.resign_offer,
            resign_value=self._resign_value() if RESIGN in allowed else None,
            resign_offers=self.resign_offers() if RESIGN in allowed else (),
            actions=allowed,
            score=dict(self.scores),
            crawford=game.crawford,
            results=tuple(g.result for g in self.games if g.result is not None),
            scoresheet=tuple(tuple(dict(entry) for entry in g.sheet) for g in self.games) if scoresheet else None,
            winner=self.match.winner if self.match is not None else None,
        )

    def record(self) -> Record:
        """The record of everything played so far."""
        games = tuple(tuple(game.actions) for game in self.games)
        return Record(self.variant, self.length, self.players, games, self.start, self.start_score,
                      self.start_crawford)

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> None:
        """Play one recorded action; raise :class:`ActionError` if the rules do not allow it now."""
        game = self.current
        if action.act == RESIGN and action.side is not None:
            self._check_other_side_resigns(action)
        elif action.act not in self.allowed():
            raise ActionError(*self._not_now(action.act))
        recorded = getattr(self, _HANDLERS[action.act])(action)
        game.actions.append(recorded or action)

    def _not_now(self, act: str) -> tuple[str, str]:
        """(message, code) for an action that is not among the allowed ones."""
        game = self.current
        if act == DOUBLE and game.phase in (ROLL_PHASE, MOVE_PHASE):
            return f"{game.side} cannot double: {self.cube_refusal()[1]}", "cube"
        if act == CONFIRM and game.phase == MOVE_PHASE:
            turn = game.turn
            return (f"the turn is not finished: {turn.max_dice} dice can be played and "
                    f"{len(turn.moves)} {'has' if len(turn.moves) == 1 else 'have'} been"), "incomplete"
        if act == MOVE and game.phase == MOVE_PHASE:
            return "all dice of this turn have been played: confirm the turn", "wrong-phase"
        allowed = ", ".join(self.allowed()) or "nothing"
        return f"{act} is not allowed in phase {game.phase} (allowed: {allowed})", "wrong-phase"

    def _opening(self, action: Action) -> None:
        game = self.current
        white, black = action.dice
        first = None if white == black else (WHITE if white > black else BLACK)
        game.sheet.append({"kind": "opening", "dice": [white, black], "first": first})
        game.dice = action.dice
        if first is None:
            return
        game.position = game.position.with_turn(first)
        game.side = first
        if self.variant == "short":
            # The higher die's side plays the two numbers of the opening roll.
            self._begin_turn((max(white, black), min(white, black)))
        else:
            game.phase, game.dice = ROLL_PHASE, None

    def _roll(self, action: Action) -> None:
        self._begin_turn(action.dice)

    def _begin_turn(self, dice: tuple[int, int]) -> None:
        game = self.current
        turn = Turn(game.position, dice)
        if turn.max_dice == 0:
            # Nothing can be played: the turn passes at once (RULES.md, "A turn").
            game.sheet.append({"kind": "cannot-move", "side": game.side, "dice": list(dice)})
            self._next_turn(game.position.with_turn(other(game.side)))
            return
        game.phase, game.dice, game.turn = MOVE_PHASE, tuple(dice), turn

    def _move(self, action: Action) -> Action:
        try:
            moved = self.current.turn.move(action.start, action.end, action.die)
        except IllegalPlayError as error:
            # The turn says why (error.refusal), as the rules boards do.
            raise ActionError(f"{action.start}/{action.end} is not allowed: {error}", "refused-move",
                              error.refusal) from None
        # Keep the die the engine used, so the record replays exactly.
        return Action(MOVE, start=moved.start, end=moved.end, die=moved.die)

    def undo(self) -> Move:
        """Take back the last move of the turn in progress (not recorded: it leaves the record)."""
        game = self.current
        if game.phase != MOVE_PHASE or not game.turn.moves:
            raise ActionError("there is no move of this turn to undo", "nothing-to-undo")
        game.actions.pop()
        return game.turn.undo()

    def _confirm(self, action: Action) -> None:
        game = self.current
        play = game.turn.play()
        game.sheet.append({"kind": "play", "side": game.side, "dice": list(game.dice), "play": play.notation,
                           "own": play.own_notation, "moves": [move.to_json() for move in play.moves]})
        result = game_result(play.result, game.cube.value)
        if result is not None:
            game.position, game.turn, game.dice = play.result, None, None
            self._end_game(result)
            return
        self._next_turn(play.result)

    def _next_turn(self, position: Position) -> None:
        game = self.current
        game.position, game.turn, game.dice = position, None, None
        game.phase, game.side = ROLL_PHASE, position.turn

    def _double(self, action: Action) -> None:
        game = self.current
        try:
            game.double_offer = game.cube.offer(game.side, match=self.match)
        except CubeError as error:  # pragma: no cover - allowed() has asked the cube already
            raise ActionError(str(error), "cube") from None
        game.sheet.append({"kind": "double", "side": game.side, "value": game.cube.value * 2})
        game.phase, game.side = TAKE_PHASE, other(game.side)

    def _take(self, action: Action) -> None:
        game = self.current
        game.cube = game.double_offer.take()
        game.sheet.append({"kind": "take", "side": game.side, "value": game.cube.value})
        game.double_offer = None
        game.phase, game.side = ROLL_PHASE, other(game.side)

    def _pass(self, action: Action) -> None:
        game = self.current
        game.sheet.append({"kind": "pass", "side": game.side})
        result = game.double_offer.pass_()
        game.double_offer = None
        self._end_game(result)

    def _check_other_side_resigns(self, action: Action) -> None:
        """A resignation by the side not on roll: in phase roll, or move before any move of the turn."""
        game = self.current
        if game.phase not in (ROLL_PHASE, MOVE_PHASE) or action.side == game.side:
            who = "the side on roll resigns without 'side'" if action.side == game.side else \
                f"resign is not allowed in phase {game.phase}"
            raise ActionError(f"{action.side} cannot resign as the side not on roll now: {who}", "wrong-phase")
        if game.phase == MOVE_PHASE and game.turn.moves:
            raise ActionError(f"{game.side} has moved this turn: {action.side} may resign before, or on their own "
                              "turn", "wrong-phase")

    def _resign_value(self, resigning: str | None = None) -> GameResult:
        game = self.current
        return resign_result(game.position, resigning or game.side, game.cube.value)

    def resign_offers(self, resigning: str | None = None) -> tuple[GameResult, ...]:
        """A single game, a mars, a koks (as the game knows them), up to what the position could cost, for
        ``resigning`` (the side on roll unless told: the side not on roll may resign too, record version 2)."""
        most = self._resign_value(resigning)
        return tuple(GameResult(most.winner, kind, most.cube, most.ended_by) for kind in RESULT_KINDS[self.variant]
                     if RESULT_POINTS[kind] <= most.multiplier)

    def resign_offer_for(self, action: Action) -> GameResult:
        """What a ``resign`` action offers; :class:`ActionError` (``resign-kind``) for more than the position
        could cost, or a kind the game does not know. Without a kind (a record made before the choice
        existed): the most the position could cost. The resigning side is the action's ``side`` or the side
        on roll."""
        resigning = action.side or self.current.side
        offers = self.resign_offers(resigning)
        offer = offers[-1] if action.kind is None else next((o for o in offers if o.kind == action.kind), None)
        if offer is None:
            kinds = ", ".join(o.kind for o in offers)
            raise ActionError(f"{resigning} may offer {kinds} here, not {action.kind}: "
                              f"{other(resigning)} could win no more than {offers[-1].kind}", "resign-kind")
        return offer

    def _resign(self, action: Action) -> None:
        game = self.current
        if game.phase == MOVE_PHASE and game.turn.moves:
            raise ActionError("undo the moves of this turn before resigning", "wrong-phase")
        offer = self.resign_offer_for(action)
        entry = {"kind": "resign", "side": offer.loser, "result": offer.to_json()}
        if game.phase == MOVE_PHASE and action.side is None:
            entry["dice"] = list(game.dice)
        if action.side is not None:
            entry["on_roll"] = False
        game.sheet.append(entry)
        game.resign_offer, game.resumed_phase, game.resumed_side = offer, game.phase, game.side
        game.phase, game.side = RESIGN_PHASE, offer.winner

    def _accept(self, action: Action) -> None:
        game = self.current
        game.sheet.append({"kind": "accept", "side": game.side})
        result, game.resign_offer = game.resign_offer, None
        game.turn, game.dice = None, None
        self._end_game(result)

    def _decline(self, action: Action) -> None:
        game = self.current
        game.sheet.append({"kind": "decline", "side": game.side})
        game.resign_offer = None
        # Back to rolling, or to moving with the same dice (the turn has no move yet), by the side that was to act.
        game.phase, game.side = game.resumed_phase, game.resumed_side
        game.resumed_phase = game.resumed_side = None

    def _end_game(self, result: GameResult) -> None:
        game = self.current
        game.result, game.side = result, None
        if self.match is not None:
            self.match.record(result)
            self.scores = dict(self.match.scores)
            over = self.match.winner is not None
        else:
            self.scores[result.winner] += result.points
            over = True
        game.phase = MATCH_OVER if over else GAME_OVER

    def next_game(self) -> None:
        """Begin the next game of the match (not recorded: the record gains an empty game)."""
        if self.phase != GAME_OVER:
            raise ActionError(*self._not_now(NEXT_GAME))
        self._begin_game()

    def _begin_game(self) -> None:
        # The Crawford rule is about the cube: long nardy has none, so no game of it is "the Crawford game".
        crawford = VARIANTS[self.variant].HAS_CUBE and self.match is not None and self.match.crawford
        if self.start is None:
            self.games.append(_Game(VARIANTS[self.variant].start(), crawford))
            return
        # A set-up position says who is to move: that side rolls, without an opening roll.
        start = from_text(self.start)
        self.games.append(_Game(start, crawford, phase=ROLL_PHASE, side=start.turn))


#: Recorded act -> the MatchPlay method that plays it.
_HANDLERS = {
    OPENING: "_opening", ROLL: "_roll", MOVE: "_move", CONFIRM: "_confirm",
    DOUBLE: "_double", TAKE: "_take", PASS: "_pass",
    RESIGN: "_resign", ACCEPT: "_accept", DECLINE: "_decline",
}


def replay(record: object) -> MatchState:
    """The state of a match record: read it, re-play every action, say what a page shows.

    Raises :class:`~nardy_rules.game_record.RecordError` (a ``NardyError``)
    naming the game and action and why, for any record that does not read or
    that the rules refuse.
    """
    return MatchPlay.from_record(read_record(record)).state()


def apply(record: object, action: object) -> tuple[dict, MatchState]:
    """Play ``action`` (a JSON object) on ``record``: the new record (JSON) and its state.

    A bad record raises ``RecordError``; an action not allowed now raises
    :class:`ActionError` (see :func:`play_action`).
    """
    play = MatchPlay.from_record(read_record(record))
    play_action(play, action)
    return play.record().to_json(), play.state()


def play_action(play: MatchPlay, action: object) -> None:
    """Play one action given as JSON on a match being played.

    Besides the recorded actions, ``{"act": "undo"}`` takes back the last move
    of the turn in progress and ``{"act": "next-game"}`` begins the next game.
    Raises :class:`ActionError` (with the engine's ``refusal`` for a refused
    move) and leaves ``play`` as it was when the action is not allowed now.
    """
    act = action.get("act") if isinstance(action, dict) else None
    if act in (UNDO, NEXT_GAME):
        if set(action) != {"act"}:
            raise ActionError(f"{quote(action, as_json=True)}: {act} takes nothing but 'act'", "bad-action")
        if act == UNDO:
            play.undo()
        else:
            play.next_game()
        return
    try:
        parsed = read_action(action)
    except RecordError as error:
        raise ActionError(str(error), "bad-action") from None
    game = play.current
    if parsed.act == RESIGN and game.phase == MOVE_PHASE:
        play.resign_offer_for(parsed)  # a refused offer leaves the turn's moves where they are
        while game.turn.moves:  # resigning abandons the turn's unconfirmed moves
            play.undo()
    play.act(parsed)
