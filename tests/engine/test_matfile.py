"""Match export: Jellyfish .mat (imported back by GNU Backgammon, position by position) and the long-nardy text."""

import json
import subprocess
import sys

import pytest

from nardy_rules import NardyError, to_gnubg_id
from nardy_rules.game import MatchPlay
from nardy_rules.game_record import read_record
from nardy_rules.matfile import export_long, export_mat, export_text

from .games import Policy, new_play, play_any, random_match, run, walk_sheet


def scripted_short_match():
    """3-point match, hand-played. Game 1: White opens 5-2 (13/8 13/11); Black's 6-4 hits 1/7/11*; White
    enters 3-1 (bar/22 6/5); Black doubles, White takes; Black 2-1 17/19 19/20; White redoubles to 4,
    Black drops: White wins 2. Game 2 (Crawford): Black opens 6-1 (12/18 17/18); White resigns at once
    with its back checkers in Black's home: koks, Black wins 3 and the match."""
    play = new_play("short", 3, {"white": "Ali", "black": "Vali"})
    run(play, ("opening", 5, 2), ("move", 13, 8), ("move", 13, 11), "confirm",
        ("roll", 6, 4), ("move", 1, 7), ("move", 7, 11), "confirm",
        ("roll", 3, 1), ("move", "bar", 22), ("move", 6, 5), "confirm",
        "double", "take", ("roll", 2, 1), ("move", 17, 19), ("move", 19, 20), "confirm",
        "double", "pass", "next-game",
        ("opening", 1, 6), ("move", 12, 18), ("move", 17, 18), "confirm", "resign", "accept")
    assert play.state().winner == "black"
    return play


def test_scripted_short_match_as_mat():
    # Columns as GNU Backgammon writes them: the move number in 5 characters, White's cell from column 5,
    # Black's from column 33; each side's own numbering (Black's point p is 25 - p), bar 25, off 0.
    expected = "\n".join([
        '; [Player 1 "Ali"]',
        '; [Player 2 "Vali"]',
        '; [Variation "Backgammon"]',
        '; [Crawford "On"]',
        '; [Jacoby "Off"]',
        '; [CubeLimit "64"]',
        "",
        " 3 point match",
        "",
        " Game 1",
        " Ali : 0" + " " * 24 + "Vali : 0",
        "  1) 52: 13/8 13/11" + " " * 14 + "64: 24/18 18/14*",
        "  2) 31: 25/22 6/5" + " " * 16 + "Doubles => 2",
        "  3)  Takes" + " " * 22 + "21: 8/6 6/5",
        "  4)  Doubles => 4" + " " * 16 + "Drops",
        "      Wins 2 points",
        "",
        " Game 2",
        " Ali : 2" + " " * 24 + "Vali : 0",
        "  1)" + " " * 29 + "61: 13/7 8/7",
        " " * 34 + "Wins 3 points",
        "",
    ]) + "\n"
    text = export_mat(scripted_short_match().record().to_json())
    assert text == expected


def test_long_game_in_the_same_shape():
    # Black opens and plays 6-6 from its head (12 in White's numbering, its own 24) to 6 (its own 18);
    # White's 3-3 24/18(2); Black's 5-4 12/7/3 (own 24/19/15); White resigns: mars, 2.
    play = new_play("long", 1)
    run(play, ("opening", 2, 5), ("roll", 6, 6), ("move", 12, 6), ("move", 12, 6), "confirm",
        ("roll", 3, 3), ("move", 24, 21), ("move", 21, 18), ("move", 24, 21), ("move", 21, 18), "confirm",
        ("roll", 5, 4), ("move", 12, 7), ("move", 7, 3), "confirm", "resign", "accept")
    text = export_long(play.record().to_json())
    assert text.splitlines() == [
        '; [Variation "Long nardy"]',
        '; [Player 1 "White"]',
        '; [Player 2 "Black"]',
        '; [CubeLimit "1"]',
        "",
        " 1 point match",
        "",
        " Game 1",
        " White : 0" + " " * 22 + "Black : 0",
        "  1)" + " " * 29 + "66: 24/18 24/18",
        "  2) 33: 24/21 21/18 24/21 21/18 54: 24/19 19/15",
        " " * 34 + "Wins 2 points",
        "",
    ]
    assert export_text(play.record().to_json())["extension"] == ".txt"


def test_each_export_takes_its_own_game():
    with pytest.raises(NardyError, match="this is a long-nardy record: use export_long"):
        export_mat(new_play("long", 1).record().to_json())
    with pytest.raises(NardyError, match="this is a short-nardy record: use export_mat"):
        export_long(new_play("short", 1).record().to_json())


def test_names_are_made_to_fit_the_score_line():
    play = new_play("short", 1, {"white": "Ann: the  best", "black": "Ёлкин Тимофей Александрович"})
    text = export_mat(play.record().to_json() | {"games": [{"actions": [{"act": "opening", "dice": [3, 1]}]}]})
    # No move confirmed yet: the game is not written, only the header.
    assert "Game 1" not in text
    assert '; [Player 1 "Ann the best"]' in text
    # 31 bytes of UTF-8 at most, cut on a whole letter: 14 Cyrillic letters (2 bytes each), two spaces.
    assert '; [Player 2 "Ёлкин Тимофей Ал"]' in text


# ---------------------------------------------------------------------- GNU Backgammon imports the export

gnubg = pytest.importorskip("gnubg")

IMPORT = """
import json, sys
import gnubg
gnubg.command("import mat " + sys.argv[1])
print("MATCH:" + json.dumps(gnubg.match(), default=str))
"""


def gnubg_import(tmp_path, text: str) -> dict:
    """GNU Backgammon's reading of a .mat text, in a subprocess (it may prompt or hang on bad input)."""
    path = tmp_path / "match.mat"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", IMPORT, str(path)], capture_output=True, text=True,
                         timeout=120, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "WARNING" not in out.stdout and "Unrecognised" not in out.stdout, out.stdout[-2000:]
    return json.loads(out.stdout.split("MATCH:", 1)[1])


SIDE = {"white": "X", "black": "O"}


def own_moves(side, moves):
    """(from, to) in the mover's own numbering, bar 25, off 0: gnubg's way of writing a move."""
    def own(point):
        return point if side == "white" else 25 - point
    return sorted((25 if m["from"] == "bar" else own(m["from"]), 0 if m["to"] == "off" else own(m["to"]))
                  for m in moves)


def our_actions(entries, result):
    """What gnubg should list for one game: plays with the Position ID before them, cube actions, resign."""
    out = []
    for index, (entry, position) in enumerate(walk_sheet("short", entries)):
        kind = entry and entry["kind"]
        accepted = index + 1 < len(entries) and entries[index + 1]["kind"] == "accept"
        if kind == "resign" and "dice" in entry and not out and accepted:  # resigned with the opening dice
            out.append(("set", SIDE[entry["side"]], sorted(entry["dice"])))
        if kind in ("play", "cannot-move"):
            side = entry["side"]
            out.append(("move", SIDE[side], sorted(entry["dice"]), own_moves(side, entry.get("moves", [])),
                        to_gnubg_id(position)))
        elif kind == "double":
            out.append(("double", SIDE[entry["side"]], to_gnubg_id(position)))
        elif kind in ("take", "pass"):
            out.append(({"take": "take", "pass": "drop"}[kind], SIDE[entry["side"]]))
        elif kind == "accept":
            out.append(("resign", SIDE[result.loser], result.points))
    return out


def their_actions(game):
    out = []
    for action in game["game"]:
        if action["action"] == "move":
            out.append(("move", action["player"], sorted(action["dice"]), sorted(map(tuple, action["move"])),
                        action["board"]))
        elif action["action"] == "double":
            out.append(("double", action["player"], action["board"]))
        elif action["action"] == "resign":
            out.append(("resign", action["player"], action["points"]))
        elif action["action"] == "set":
            out.append(("set", action["player"], sorted(action["dice"])))
        else:
            out.append((action["action"], action["player"]))
    return out


def compare(play, imported):
    state = play.state()
    names = state.players or {"white": "White", "black": "Black"}
    info = imported["match-info"]
    assert (info["match-length"], info["X"]["name"], info["O"]["name"]) == (state.length, names["white"],
                                                                           names["black"])
    # The export writes a game once it has a confirmed play or a result.
    written = [i for i, entries in enumerate(state.scoresheet)
               if i < len(state.results) or any(e["kind"] in ("play", "cannot-move") for e in entries)]
    assert len(imported["games"]) == len(written)
    scores = {"X": 0, "O": 0}
    for index, game in zip(written, imported["games"], strict=True):
        result = state.results[index] if index < len(state.results) else None
        assert our_actions(state.scoresheet[index], result) == their_actions(game)
        assert (game["info"]["score-X"], game["info"]["score-O"]) == (scores["X"], scores["O"])
        assert game["info"].get("crawford", False) == play.games[index].crawford
        if result is not None:
            assert game["info"]["winner"] == SIDE[result.winner]
            assert game["info"]["points-won"] == result.points
            assert game["info"]["resigned"] == (result.ended_by == "resign")
            scores[SIDE[result.winner]] += result.points
        else:
            assert game["info"]["winner"] is None


def features(play):
    kinds = {entry["kind"] for entries in play.state().scoresheet for entry in entries}
    moves = [m for entries in play.state().scoresheet for e in entries for m in e.get("moves", [])]
    kinds |= {"enter"} if any(m["from"] == "bar" for m in moves) else set()
    kinds |= {"bear-off"} if any(m["to"] == "off" for m in moves) else set()
    kinds |= {"hit"} if any(m["hit"] for m in moves) else set()
    kinds |= {"crawford"} if any(game.crawford for game in play.games) else set()
    return kinds


RANDOM_MATCHES = [  # (length, seed): each a whole match of random legal actions
    (5, 1), (5, 7), (7, 3), (1, 4), (0, 5), (3, 9),
]


def test_gnubg_imports_the_scripted_match(tmp_path):
    play = scripted_short_match()
    compare(play, gnubg_import(tmp_path, export_mat(play.record().to_json())))


def test_gnubg_reads_a_game_resigned_before_its_first_play(tmp_path):
    # White wins the opening 3-1 and resigns at once: koks (its back checkers), Black wins 3.
    play = run(new_play("short", 5), ("opening", 3, 1), "resign", "accept", "next-game", ("opening", 1, 3))
    play_any(play)
    text = export_mat(play.record().to_json())
    assert "\n  1) 31:" + " " * 26 + "Wins 3 points\n" in text
    compare(play, gnubg_import(tmp_path, text))


def test_a_declined_resignation_before_the_first_play_writes_the_dice_once(tmp_path):
    # White wins the opening 6-5, offers to resign, Black declines, White plays the 6-5: one line for the
    # roll, as GNU Backgammon writes it (a stray "65:" before it read as White rolling 6-5 twice).
    play = run(new_play("short", 3), ("opening", 6, 5), "resign", "decline", ("move", 24, 18), ("move", 13, 8),
               "confirm", ("roll", 3, 1), ("move", 1, 4), ("move", 1, 2), "confirm")
    text = export_mat(play.record().to_json())
    assert text.splitlines()[11:] == ["  1) 65: 24/18 13/8" + " " * 14 + "31: 24/21 24/23", ""]
    compare(play, gnubg_import(tmp_path, text))
    # Declined, then offered again and accepted: the dice written once, with the result.
    play = run(new_play("short", 3), ("opening", 6, 5), "resign", "decline", "resign", "accept")
    text = export_mat(play.record().to_json())
    assert text.splitlines()[11:] == ["  1) 65:" + " " * 26 + "Wins 3 points", ""]  # koks: its back checkers
    compare(play, gnubg_import(tmp_path, text))
    # A resignation still on the table is not written either: the game has not begun for the format.
    pending = run(new_play("short", 3), ("opening", 6, 5), "resign")
    assert "65" not in export_mat(pending.record().to_json())


def test_gnubg_replays_random_matches_position_by_position(tmp_path):
    seen = set()
    for length, seed in RANDOM_MATCHES:
        play = random_match("short", length, seed, Policy(double=0.05, pass_=0.4, resign=0.008))
        seen |= features(play)
        compare(play, gnubg_import(tmp_path, export_mat(play.record().to_json())))
    # The matches between them hold every kind of action and ending.
    assert {"play", "cannot-move", "double", "take", "pass", "resign", "accept", "decline",
            "enter", "hit", "bear-off", "crawford"} <= seen


def test_gnubg_reads_a_match_in_progress(tmp_path):
    play = random_match("short", 5, 2, Policy(double=0.05, pass_=0.2, resign=0))
    record = play.record().to_json()
    # Cut the second game after 40 actions, in the middle of a turn: the unconfirmed moves are not written.
    assert len(record["games"]) >= 2
    record["games"] = record["games"][:2]
    cut = record["games"][1]["actions"]
    stop = next(i for i in range(40, len(cut)) if cut[i]["act"] == "move")
    record["games"][1]["actions"] = cut[:stop + 1]
    partial = MatchPlay.from_record(read_record(record))
    assert partial.state().phase == "move" and partial.state().turn.moves
    imported = gnubg_import(tmp_path, export_mat(record))
    compare(partial, imported)
    assert imported["games"][1]["info"]["winner"] is None
