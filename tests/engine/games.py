"""Matches for the game tests: scripted actions, seeded random matches, and an independent result check."""

from __future__ import annotations

import random
from dataclasses import dataclass

from nardy_rules import VARIANTS, Turn, legal_plays, other
from nardy_rules.game import MatchPlay, play_action
from nardy_rules.game_record import new_record, read_record
from nardy_rules.play_live import computer_decision


def new_play(variant: str = "short", length: int = 3, players=None) -> MatchPlay:
    return MatchPlay(variant, length, players)


def run(play: MatchPlay, *actions) -> MatchPlay:
    """Play actions written as ("roll", 3, 1), ("move", 8, 5), ("opening", 5, 2), "confirm", ..."""
    for action in actions:
        if isinstance(action, str):
            play_action(play, {"act": action})
        elif action[0] in ("opening", "roll"):
            play_action(play, {"act": action[0], "dice": [action[1], action[2]]})
        elif action[0] == "move":
            play_action(play, {"act": "move", "from": action[1], "to": action[2]})
        else:
            raise AssertionError(action)
    return play


def play_any(play: MatchPlay) -> MatchPlay:
    """Finish the turn in progress with the first legal move each time, then confirm."""
    while "move" in play.state().actions:
        move = play.state().turn.legal_moves()[0]
        play_action(play, {"act": "move", "from": move.start, "to": move.end, "die": move.die})
    play_action(play, {"act": "confirm"})
    return play


@dataclass
class Policy:
    """How often a random player uses the cube and resigns (per chance to)."""

    double: float = 0.03
    pass_: float = 0.3
    resign: float = 0.004
    accept: float = 0.5
    undo: float = 0.05


def random_match(variant: str, length: int, seed: int, policy: Policy | None = None,
                 max_games: int = 40, stop=None) -> MatchPlay:
    """A whole match of random legal actions with seeded dice, played through ``play_action``.

    ``stop(state)`` ends it early, before the action it would take in that state.
    """
    rng = random.Random(seed)
    policy = policy or Policy()
    play = MatchPlay(variant, length, None)
    while True:
        state = play.state()
        actions = state.actions
        if not actions or (actions == ("next-game",) and len(play.games) >= max_games):
            return play
        if stop is not None and stop(state):
            return play
        roll = [rng.randint(1, 6), rng.randint(1, 6)]
        if actions == ("next-game",):
            action = {"act": "next-game"}
        elif "opening" in actions:
            action = {"act": "opening", "dice": roll}
        elif "roll" in actions:
            if "double" in actions and rng.random() < policy.double:
                action = {"act": "double"}
            elif rng.random() < policy.resign:
                # Any kind the position allows, or none (what the position could cost at most).
                kind = rng.choice([None, *(offer.kind for offer in state.resign_offers)])
                action = {"act": "resign", **({"kind": kind} if kind else {})}
            else:
                action = {"act": "roll", "dice": roll}
        elif "take" in actions:
            action = {"act": "pass" if rng.random() < policy.pass_ else "take"}
        elif "accept" in actions:
            action = {"act": "accept" if rng.random() < policy.accept else "decline"}
        elif "undo" in actions and rng.random() < policy.undo:
            action = {"act": "undo"}
        elif "confirm" in actions:
            action = {"act": "confirm"}
        else:
            move = rng.choice(state.turn.legal_moves())
            action = {"act": "move", "from": move.start, "to": move.end}
        play_action(play, action)


def walk_sheet(variant: str, entries):
    """(entry, the position before it) for one game's scoresheet, the positions re-built independently:
    the start, the opening winner on roll, then each play's moves through a fresh Turn. The last pair
    is (None, the position the game ended in)."""
    position = VARIANTS[variant].start()
    for entry in entries:
        yield entry, position
        if entry["kind"] == "opening" and entry["first"]:
            position = position.with_turn(entry["first"])
        elif entry["kind"] == "play":
            assert position.turn == entry["side"]
            turn = Turn(position, entry["dice"])
            for move in entry["moves"]:
                turn.move(move["from"], move["to"], move["die"])
            assert turn.complete
            position = turn.play().result
        elif entry["kind"] == "cannot-move":
            assert position.turn == entry["side"] and legal_plays(position, entry["dice"]) == []
            position = position.with_turn(other(position.turn))
    yield None, position


def positions_of(variant: str, entries) -> list:
    """The position before each play or cannot-move entry of one game, then the last position."""
    return [position for entry, position in walk_sheet(variant, entries)
            if entry is None or entry["kind"] in ("play", "cannot-move")]


def expected_kind(position, loser: str) -> str:
    """RULES.md, read again here: single if the loser bore off a checker; else koks (short nardy only)
    with a loser's checker on the bar or in the winner's home; else mars."""
    if position.off(loser):
        return "single"
    if position.variant == "short":
        home = range(1, 7) if loser == "black" else range(19, 25)
        if position.bar(loser) or any(position.count_at(p)[0] == loser for p in home):
            return "koks"
    return "mars"


def bot_match(variant: str, length: int, seed: int) -> dict:
    """A whole match between the computer's club (White) and beginner (Black) levels, seeded dice: its record."""
    rng = random.Random(seed)
    play = MatchPlay.from_record(read_record(new_record(variant, length)))
    while play.phase != "match-over":
        if play.phase == "game-over":
            play.next_game()
            continue
        level = {"white": "club", "black": "beginner", None: "strong"}[play.current.side]
        for action in computer_decision(play, level)["actions"]:
            if action["act"] in ("opening", "roll"):
                action = dict(action, dice=[rng.randint(1, 6), rng.randint(1, 6)])
            play_action(play, action)
            if play.phase in ("game-over", "match-over"):
                break
    return play.record().to_json()
