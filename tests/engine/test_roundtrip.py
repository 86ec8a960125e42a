"""The project's own export reads back move for move: a property over random matches of both games.

Each match is played by a random player through the rules (``MatchPlay``): cube actions, resignations of
every kind by the side on roll and by the side not on roll (a record of version 2), declined ones, Crawford
and post-Crawford games, matches that start at a score. Exported (``export_text``) and read back
(``read_match_text``), every game must hold the same plays (side, dice, moves), cube actions and result.
What the texts do not keep (declined resignations, tied opening rolls, the order of the dice, a roll
abandoned by resigning) is left out of the comparison, and nothing else.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_rules.game import MatchPlay, play_action
from nardy_rules.game_record import ACCEPT, DECLINE, RESIGN, Action
from nardy_rules.matfile import export_text
from nardy_rules.matread import read_match_text
from nardy_rules.position import COLORS, other

from .games import positions_of


def random_play(variant: str, length: int, seed: int, score=None, max_games: int = 12) -> MatchPlay:
    """A match of random legal actions; a side not on roll sometimes resigns, offering any kind it may."""
    rng = random.Random(seed)
    play = MatchPlay(variant, length, {"white": "Ali Veli", "black": "Олжас"}, score=score)
    while True:
        state = play.state()
        actions = state.actions
        if not actions or (actions == ("next-game",) and len(play.games) >= max_games):
            return play
        roll = [rng.randint(1, 6), rng.randint(1, 6)]
        game = play.current
        if actions == ("next-game",):
            play_action(play, {"act": "next-game"})
        elif "opening" in actions:
            play_action(play, {"act": "opening", "dice": roll})
        elif ("roll" in actions and rng.random() < 0.01) or (
                "move" in actions and not game.turn.moves and rng.random() < 0.01):
            # Either side resigns, of any kind the position allows it to offer.
            side = rng.choice(COLORS)
            offers = play.resign_offers(side)
            kind = rng.choice([None, *(offer.kind for offer in offers)])
            play.act(Action(RESIGN, kind=kind, side=None if side == game.side else side))
        elif "roll" in actions:
            if "double" in actions and rng.random() < 0.05:
                play_action(play, {"act": "double"})
            else:
                play_action(play, {"act": "roll", "dice": roll})
        elif "take" in actions:
            play_action(play, {"act": "pass" if rng.random() < 0.3 else "take"})
        elif "accept" in actions:
            play.act(Action(ACCEPT if rng.random() < 0.7 else DECLINE))
        elif "confirm" in actions:
            play_action(play, {"act": "confirm"})
        else:
            move = rng.choice(state.turn.legal_moves())
            play_action(play, {"act": "move", "from": move.start, "to": move.end})


def written(play: MatchPlay) -> list:
    """Per game: its plays (side, dice, the position they were played from and the next one), cube actions and
    accepted resignations in order, and its result."""
    state = play.state()
    games = []
    for index, entries in enumerate(state.scoresheet):
        kept = []
        positions = iter(positions_of(play.variant, entries)[1:])  # the position after each play
        for at, entry in enumerate(entries):
            kind = entry["kind"]
            if kind in ("play", "cannot-move"):
                kept.append((kind, entry["side"], sorted(entry["dice"]), next(positions)))
            elif kind in ("double", "take", "pass"):
                kept.append((kind, entry["side"]))
            elif kind == "resign" and at + 1 < len(entries) and entries[at + 1]["kind"] == "accept":
                kept.append(("resign", entry["side"], entry["result"]["kind"]))
        result = state.results[index].to_json() if index < len(state.results) else None
        if kept or result:
            games.append((kept, result))
    return games


def check_round_trip(play: MatchPlay) -> dict:
    record = play.record().to_json()
    back = read_match_text(export_text(record)["text"])
    again = MatchPlay.from_record(__import__("nardy_rules").game_record.read_record(back))
    assert written(again) == written(play)
    assert again.state().score == play.state().score and again.players == play.players
    return back


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(["short", "long"]), length=st.sampled_from([0, 1, 3, 5, 7]),
       seed=st.integers(0, 2**32 - 1))
def test_an_exported_match_reads_back_move_for_move(variant, length, seed):
    check_round_trip(random_play(variant, length, seed))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), white=st.integers(0, 6), black=st.integers(0, 6))
def test_a_match_started_at_a_score_reads_back_from_that_score(seed, white, black):
    play = random_play("short", 7, seed, score={"white": white, "black": black}, max_games=4)
    back = check_round_trip(play)
    assert back["score"] == {"white": white, "black": black} if white or black else "score" not in back


def test_the_random_matches_hold_every_kind_of_action():
    """The property's matches between them hold what it claims to test (a test of the generator)."""
    seen = set()
    for seed in range(40):
        play = random_play("short", (3, 5, 7)[seed % 3], seed)
        state = play.state()
        for game, entries in zip(play.games, state.scoresheet, strict=True):
            seen |= {entry["kind"] for entry in entries}
            seen |= {"crawford"} if game.crawford else set()
            seen |= {("not-on-roll", e["result"]["kind"]) for e in entries
                     if e["kind"] == "resign" and e.get("on_roll") is False}
            seen |= {("on-roll", e["result"]["kind"]) for e in entries
                     if e["kind"] == "resign" and "on_roll" not in e}
        if any(g.crawford for g in play.games) and len(play.games) > 1 + next(
                i for i, g in enumerate(play.games) if g.crawford):
            seen.add("post-crawford")
    assert {"play", "cannot-move", "double", "take", "pass", "accept", "decline", "crawford", "post-crawford",
            ("on-roll", "single"), ("not-on-roll", "single"), ("on-roll", "koks"), ("not-on-roll", "koks"),
            ("on-roll", "mars"), ("not-on-roll", "mars")} <= seen


def test_a_resignation_by_the_side_not_on_roll_is_a_version_2_record():
    play = MatchPlay("short", 3)
    play_action(play, {"act": "opening", "dice": [3, 1]})
    for move in ((8, 5), (6, 5)):
        play_action(play, {"act": "move", "from": move[0], "to": move[1]})
    play_action(play, {"act": "confirm"})
    # Black is on roll; White resigns a single game before Black rolls, Black accepts.
    play.act(Action(RESIGN, kind="single", side="white"))
    assert play.state().side == "black" and play.state().phase == "resign"
    play.act(Action(ACCEPT))
    record = play.record().to_json()
    assert record["version"] == 2 and record["games"][0]["actions"][-2] == {"act": "resign", "kind": "single",
                                                                              "side": "white"}
    assert play.state().results[0].winner == other("white") and play.state().score == {"white": 0, "black": 1}
    text = export_text(record)["text"]
    assert text.rstrip().endswith("Wins 1 point")
    assert read_match_text(text) == {**record, "players": {"white": "White", "black": "Black"}}  # the defaults
