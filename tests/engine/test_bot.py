"""The computer opponent (nardy_rules.bot): legal choices, determinism, strength, weights, CLI, cube."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import random
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from nardy_rules import LongPosition, Position, ShortPosition, legal_plays, other
from nardy_rules.__main__ import main
from nardy_rules.bot import (
    LEVELS,
    BotWeightsError,
    Player,
    accept_resignation,
    choose_play,
    cube_decision,
    estimate,
    hint,
    load,
    take_decision,
)
from nardy_rules.bot.encoding import ENCODINGS, boards
from nardy_rules.bot.network import WEIGHTS_DIR
from nardy_rules.scoring import Cube, Match

from .positions import random_game_positions

ROOT = Path(__file__).resolve().parents[2]
START = {"short": ShortPosition, "long": LongPosition}


def play_out(game: str, white, black, seed: int, check=None, max_plies: int = 2000):
    """A whole game between two players; returns the notations played and the winner."""
    rng = random.Random(seed)
    position = START[game].start()
    notations = []
    for _ in range(max_plies):
        if position.winner is not None:
            return notations, position.winner
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = (white if position.turn == "white" else black)(position, dice)
        if check is not None:
            check(position, dice, play)
        notations.append(play.notation if play else "")
        position = play.result if play is not None else position.with_turn(other(position.turn))
    raise AssertionError("the game did not end")


def assert_legal(position, dice, play):
    plays = legal_plays(position, dice)
    if play is None:
        assert plays == [], f"passed with legal plays available: {position!r} {dice}"
        return
    assert play.position == position
    assert play.result in {p.result for p in plays}, f"{play.notation} is not legal in {position!r} {dice}"


def random_player(seed: int):
    rng = random.Random(seed)
    return lambda position, dice: (lambda plays: rng.choice(plays) if plays else None)(legal_plays(position, dice))


# ---------------------------------------------------------------- the package stays pure Python

def test_bot_modules_import_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    files = list((ROOT / "nardy_rules" / "bot").rglob("*.py"))
    assert len(files) >= 5
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


# ---------------------------------------------------------------- every choice is legal; seeds

@pytest.mark.parametrize("game", ["short", "long"])
def test_lower_levels_play_only_legal_plays_in_whole_games(game):
    for seed in range(12):
        white, black = Player("beginner", seed=seed), Player("club", seed=seed + 100)
        play_out(game, white, black, seed, check=assert_legal)


@pytest.mark.parametrize("game", ["short", "long"])
def test_every_level_chooses_a_legal_play_on_positions_of_random_games(game):
    cases = random_game_positions(game, 300, seed=77)
    for level in LEVELS:
        rng = random.Random(3)
        for position, dice in cases:
            assert_legal(position, dice, choose_play(position, dice, level, rng))


def test_strong_plays_legal_whole_games_and_the_same_seed_gives_the_same_game():
    first = play_out("short", Player("strong"), Player("club", seed=9), 4, check=assert_legal)
    again = play_out("short", Player("strong"), Player("club", seed=9), 4)
    assert first == again
    assert play_out("long", Player("club", seed=1), Player("beginner", seed=2), 8) == \
        play_out("long", Player("club", seed=1), Player("beginner", seed=2), 8)


def test_a_different_seed_gives_a_different_game():
    games = {tuple(play_out("long", Player("beginner", seed=s), Player("beginner", seed=s + 1), 3)[0])
             for s in range(3)}
    assert len(games) == 3


def test_no_move_gives_none():
    # White on the bar against a closed home board: nothing can be played.
    position = ShortPosition.from_points({"bar": 1, "6": 14}, {str(p): 2 for p in range(19, 25)} | {"1": 3})
    assert legal_plays(position, (6, 6)) == []
    for level in LEVELS:
        assert choose_play(position, (6, 6), level) is None


# ---------------------------------------------------------------- strength

@pytest.mark.parametrize("game", ["short", "long"])
def test_strong_beats_a_random_player_in_nearly_every_game(game):
    wins = 0
    for seed in range(10):
        strong, rand = Player("strong"), random_player(seed)
        white, black = (strong, rand) if seed % 2 == 0 else (rand, strong)
        _notations, winner = play_out(game, white, black, 1000 + seed)
        wins += winner == ("white" if seed % 2 == 0 else "black")
    assert wins >= 9


def test_opening_plays_are_the_book_ones():
    # Every strong program (and every book) makes the 5-point with 3-1 and the bar point with 6-1.
    start = ShortPosition.start()
    assert choose_play(start, (3, 1)).notation == "8/5 6/5"
    assert choose_play(start, (6, 1)).notation == "13/7 8/7"


def test_estimates_see_a_race_won_or_lost():
    # White to roll with two checkers left on its 1-point; Black still has everything far away.
    ahead = ShortPosition.from_points({"1": 2, "off": 13}, {"1": 0, "12": 5, "17": 5, "19": 5}, "white")
    assert estimate(ahead)["win"] > 0.95
    assert estimate(ahead.with_turn("black"))["win"] < 0.1


# ---------------------------------------------------------------- weights: shape and checksum

def test_shipped_weights_match_their_checksum_and_shapes():
    for game in ("short", "long"):
        data = json.loads((WEIGHTS_DIR / f"{game}.json").read_text())
        payload = base64.b64decode(data["payload"])
        assert hashlib.sha256(payload).hexdigest() == data["sha256"]
        hidden = data["hidden"]
        inputs = ENCODINGS[game].n_inputs
        outputs = len(data["outputs"])
        assert len(payload) == 4 * (inputs * hidden + hidden + outputs * hidden + outputs)
        assert (WEIGHTS_DIR / f"{game}.json").stat().st_size < 200_000


def _damaged(tmp_path, game: str, change) -> Path:
    data = json.loads((WEIGHTS_DIR / f"{game}.json").read_text())
    change(data)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(data))
    return path


def _flip_a_byte(data):
    payload = bytearray(base64.b64decode(data["payload"]))
    payload[len(payload) // 2] ^= 0x01
    data["payload"] = base64.b64encode(bytes(payload)).decode()


@pytest.mark.parametrize("game", ["short", "long"])
def test_a_damaged_weights_file_fails_loudly(tmp_path, game):
    with pytest.raises(BotWeightsError, match="checksum"):
        load(game, _damaged(tmp_path, game, _flip_a_byte))
    with pytest.raises(BotWeightsError, match="payload holds"):
        load(game, _damaged(tmp_path, game, lambda d: d.update(hidden=d["hidden"] - 1)))
    with pytest.raises(BotWeightsError, match="inputs"):
        load(game, _damaged(tmp_path, game, lambda d: d.update(inputs=d["inputs"] + 1)))
    with pytest.raises(BotWeightsError, match="payload holds"):
        load(game, _damaged(tmp_path, game, lambda d: d.update(payload=d["payload"][:-8])))
    with pytest.raises(BotWeightsError, match="missing"):
        load(game, tmp_path / "nowhere.json")
    truncated = tmp_path / "cut.json"
    truncated.write_text((WEIGHTS_DIR / f"{game}.json").read_text()[:500])
    with pytest.raises(BotWeightsError, match="JSON"):
        load(game, truncated)
    assert issubclass(BotWeightsError, ValueError)


def test_a_not_a_number_weight_is_refused_even_with_a_matching_checksum(tmp_path):
    def poison(data):
        payload = bytearray(base64.b64decode(data["payload"]))
        payload[0:4] = struct.pack("<f", float("nan"))
        data["payload"] = base64.b64encode(bytes(payload)).decode()
        data["sha256"] = hashlib.sha256(bytes(payload)).hexdigest()
    with pytest.raises(BotWeightsError, match="finite"):
        load("short", _damaged(tmp_path, "short", poison))


# ---------------------------------------------------------------- evaluator: encoding and fast path

def test_short_encoding_of_the_start_position_by_hand():
    enc = ENCODINGS["short"]
    own, opp = boards(ShortPosition.start())
    assert own == opp == [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    x = enc.vector(own, opp)
    per_side = 24 * 4 + 2 + 2
    assert x[(6 - 1) * 4:(6 - 1) * 4 + 4] == [1, 1, 1, 1.0]       # 5 checkers: (5 - 3) / 2
    assert x[(24 - 1) * 4:(24 - 1) * 4 + 4] == [1, 1, 0, 0]
    assert x[per_side + (8 - 1) * 4:per_side + (8 - 1) * 4 + 4] == [1, 1, 1, 0]
    assert sum(x[:2 * per_side]) == pytest.approx(2 * (4 + 3 + 4 + 2))
    # pips 167 each, contact, longest prime 1 point, one home point made each, no blot to hit
    assert x[2 * per_side:] == pytest.approx([1.67, 1.67, 1.0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 0, 0])


def test_long_encoding_globals_by_hand():
    enc = ENCODINGS["long"]
    names = dict(zip(enc.global_names, range(len(enc.global_names))))

    def features(position):
        x = enc.vector(*boards(position))[enc.global_start:]
        return {name: x[i] for name, i in names.items()}

    start = features(LongPosition.start())
    # 15 checkers on the head (own 24): 360 pips, all outside home and behind the opponent's head,
    # a one-point block each, contact, and nothing in front of the other's rearmost checker.
    assert start == pytest.approx({"pips": 1.8, "opponent pips": 1.8, "outside home": 1, "opponent outside home": 1,
                                   "block": 1 / 6, "opponent block": 1 / 6, "behind head": 1,
                                   "opponent behind head": 1, "contact": 1, "front block": 0,
                                   "opponent front block": 0})
    # White holds its 11, 10, 9: three of the six points (its 11..6) just ahead of Black's head (White's 12);
    # Black's checker on White's 20 (Black's own 8) is one of the six ahead of White's head (Black's 11..6).
    blocking = features(LongPosition.from_points({"11": 1, "10": 2, "9": 1, "24": 11}, {"12": 14, "20": 1}, "white"))
    assert (blocking["front block"], blocking["opponent front block"]) == pytest.approx((3 / 6, 1 / 6))
    assert blocking["block"] == pytest.approx(3 / 6)
    assert (blocking["behind head"], blocking["opponent behind head"]) == pytest.approx((11 / 15, 14 / 15))
    assert blocking["contact"] == 1
    # Every checker of both sides on its own 1..12: a race, nothing blocks any more.
    race = features(LongPosition.from_points({"3": 5, "10": 5, "off": 5}, {"15": 5, "22": 5, "off": 5}, "white"))
    assert race["contact"] == 0 and race["behind head"] == 0 and race["front block"] == 0
    # One Black checker still on its own 13 (White's 1) keeps the contact.
    assert features(LongPosition.from_points({"3": 5, "10": 5, "off": 5}, {"1": 1, "15": 4, "22": 5, "off": 5},
                                             "white"))["contact"] == 1


def test_the_players_estimates_after_each_play_are_those_of_the_resulting_positions():
    # rank_plays values plays from boards updated by their moves and the hidden layer updated by the
    # changed slots (estimates_after), not from play.result: it must give estimate(play.result) seen from
    # the mover, to rounding, hits and wins included.
    from nardy_rules.bot.evaluate import estimates_after, mover_view

    for game, count in (("short", 1500), ("long", 2500)):
        hits = wins = 0
        for position, dice in random_game_positions(game, count, seed=5):
            plays = legal_plays(position, dice)
            fast = estimates_after(position, plays)
            slow = [mover_view(estimate(play.result)) for play in plays]
            assert [sorted(e) for e in fast] == [sorted(e) for e in slow]
            for a, b in zip(fast, slow):
                assert all(abs(a[key] - b[key]) < 1e-12 for key in b), (position, dice, a, b)
            hits += sum(any(m.hit for m in play.moves) for play in plays)
            wins += sum(play.result.winner is not None for play in plays)
        assert wins and (hits or game == "long"), (game, hits, wins)  # the test met both special cases


def _dense_forward(game, x):
    """The network by its definition, from the file's floats (not the engine's tables)."""
    import math

    data = json.loads((WEIGHTS_DIR / f"{game}.json").read_text())
    raw = base64.b64decode(data["payload"])
    values = struct.unpack(f"<{len(raw) // 4}f", raw)
    n, h, o = data["inputs"], data["hidden"], len(data["outputs"])
    w1, b1 = values[:n * h], values[n * h:n * h + h]
    w2 = values[n * h + h:n * h + h + o * h]
    b2 = values[n * h + h + o * h:]
    hidden = [math.tanh(b1[j] + sum(x[i] * w1[i * h + j] for i in range(n) if x[i])) for j in range(h)]
    return [1 / (1 + math.exp(-(b2[k] + sum(w2[k * h + j] * hidden[j] for j in range(h))))) for k in range(o)]


@pytest.mark.parametrize("game", ["short", "long"])
def test_the_fast_evaluation_is_the_network(game):
    network = load(game)
    for position, _dice in random_game_positions(game, 200, seed=5)[::10]:
        own, opp = boards(position)
        fast = network.evaluate_boards(own, opp)
        assert fast == pytest.approx(_dense_forward(game, ENCODINGS[game].vector(own, opp)), abs=1e-9)


# ---------------------------------------------------------------- hint

def test_hint_lists_the_top_plays_best_first():
    start = ShortPosition.start()
    top = hint(start, (3, 1), 3)
    assert len(top) == 3
    assert top[0]["play"] == choose_play(start, (3, 1)).notation
    assert [t["equity"] for t in top] == sorted((t["equity"] for t in top), reverse=True)
    legal = {p.notation for p in legal_plays(start, (3, 1))}
    for entry in top:
        assert entry["play"] in legal
        assert 0 <= entry["win"] <= 1 and 0 <= entry["win mars"] <= entry["win"]
        assert Position.from_json(entry["position"]) in {p.result for p in legal_plays(start, (3, 1))}
    assert hint(LongPosition.start(), (6, 6), 5)[0]["play"] == "24/18(2)"  # the only legal play
    json.dumps(top)  # plain values


# ---------------------------------------------------------------- cube and resignation

CRUSHING = ShortPosition.from_points({"1": 3, "2": 3, "3": 3, "off": 6}, {"bar": 2, "12": 5, "13": 8}, "white")
RACE_WON = ShortPosition.from_points({"1": 2, "off": 13}, {"19": 5, "20": 5, "21": 2, "off": 3}, "white")
EVEN = ShortPosition.start()


def test_no_double_where_the_match_forbids_the_cube():
    one_point = Match(1)
    crawford = Match(5, scores={"white": 0, "black": 4}, crawford=True, crawford_done=True)
    for position in (CRUSHING, RACE_WON):
        assert not cube_decision(position, Cube(), one_point)["double"]
        assert not cube_decision(position, Cube(), crawford)["double"]
    assert not cube_decision(RACE_WON, Cube(2, "black"))["double"]  # not White's cube


def test_money_doubles_and_takes():
    assert cube_decision(RACE_WON)["double"]                 # a sure win without mars: double, cash
    assert not take_decision(RACE_WON)["take"]              # ... and Black passes
    assert not cube_decision(EVEN)["double"]
    assert take_decision(EVEN)["take"]
    assert not cube_decision(CRUSHING)["double"]             # too good: plays on for the mars
    assert "too good" in cube_decision(CRUSHING)["reason"]
    with pytest.raises(ValueError):
        cube_decision(LongPosition.start())


def test_resignations_are_accepted_by_the_value_at_stake():
    # White (the computer) is far ahead and Black has borne off nothing: a single is not enough...
    assert not accept_resignation(CRUSHING, "black", "single")["accept"]
    # ... what the rules give the winner here (a koks: Black is on the bar) is.
    answer = accept_resignation(CRUSHING, "black")
    assert answer["accept"] and answer["offered"] == 3
    assert accept_resignation(CRUSHING, "black", "single", cube=4)["offered"] == 4
    # Black (the computer) is about to lose: any resignation of White's is welcome.
    assert accept_resignation(RACE_WON, "white", "single")["accept"]
    with pytest.raises(ValueError):
        accept_resignation(EVEN, "white", "single", cube=0)
    with pytest.raises(ValueError):
        accept_resignation(LongPosition.start(), "white", "koks")


# ---------------------------------------------------------------- command line

def run(argv, stdin=""):
    out = io.StringIO()
    code = main(argv, io.StringIO(stdin), out)
    return code, out.getvalue()


def test_cli_single_play_and_no_move():
    code, out = run(["bot", "--level", "strong", "--position", "nardy:short:w:24x2,13x5,8x3,6x5:1x2,12x5,17x3,19x5",
                     "--dice", "3-1"])
    assert code == 0
    answer = json.loads(out)
    assert answer["play"] == "8/5 6/5"
    made = next(p for p in legal_plays(ShortPosition.start(), (3, 1)) if p.notation == "8/5 6/5")
    assert Position.from_json(answer["position"]) == made.result
    assert answer["position"]["white"]["5"] == 2 and answer["position"]["turn"] == "black"
    closed = ShortPosition.from_points({"bar": 1, "6": 14}, {str(p): 2 for p in range(19, 25)} | {"1": 3})
    code, out = run(["bot", "--position", json.dumps(closed.to_json()), "--dice", "6-6"])
    assert code == 0 and json.loads(out) == {"play": "", "position": closed.to_json()}


def test_cli_bad_input_exits_2_with_one_line(capsys):
    for argv in (["bot", "--position", "nardy:short:w:24x2", "--dice", "3-1"],
                 ["bot", "--position", "nardy:long:w:24x15:12x15", "--dice", "7-1"],
                 ["bot", "--level", "grandmaster", "--position", "nardy:long:w:24x15:12x15", "--dice", "3-1"],
                 ["bot", "--dice", "3-1"]):
        assert run(argv)[0] == 2
        err = capsys.readouterr().err
        assert err.startswith("error:") and len(err.strip().splitlines()) == 1


def test_cli_batch_answers_every_line_in_order():
    long_start = {"variant": "long", "white": {"24": 15}, "black": {"12": 15}}
    lines = [json.dumps({"position": long_start, "dice": [6, 6], "level": "beginner"}),
             "not json",
             json.dumps({"position": long_start, "dice": [6, 6], "level": "grandmaster"}),
             json.dumps({"position": {"variant": "short"}, "dice": [3, 1]}),
             json.dumps({"position": ShortPosition.start().to_json(), "dice": [3, 1]})]
    code, out = run(["bot", "--batch"], "\n".join(lines) + "\n")
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 5
    assert answers[0]["play"] == "24/18(2)"
    assert "JSON" in answers[1]["error"] and "grandmaster" in answers[2]["error"] and "error" in answers[3]
    assert answers[4]["play"] == "8/5 6/5"


def test_cli_help_lists_the_levels():
    out = subprocess.run([sys.executable, "-m", "nardy_rules", "bot", "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0
    for level in ("beginner", "club", "strong"):
        assert level in out.stdout
    one = subprocess.run([sys.executable, "-m", "nardy_rules", "bot", "--position",
                          "nardy:short:w:24x2,13x5,8x3,6x5:1x2,12x5,17x3,19x5", "--dice", "3-1", "--hint", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert one.returncode == 0 and len(json.loads(one.stdout)["hints"]) == 2


# ---------------------------------------------------------------- training (numpy, development only)

def test_the_trainers_numpy_encoding_is_the_engines():
    pytest.importorskip("numpy")
    sys.path.insert(0, str(ROOT / "scripts"))
    import numpy as np
    import train_bot

    for game in ("short", "long"):
        pairs = [boards(position) for position, _dice in random_game_positions(game, 600, seed=11)]
        fast = train_bot.BatchEncoder(game).encode(np.array([a for a, _ in pairs]), np.array([b for _, b in pairs]))
        slow = np.array([ENCODINGS[game].vector(a, b) for a, b in pairs])
        assert fast.shape == slow.shape and np.abs(fast - slow).max() < 1e-12, game


def test_the_pinned_evaluator_outputs_are_a_numpy_forward_pass_of_the_shipped_weights():
    # test_bot_rules.PINNED computed apart from the code under test: the payload decoded here with numpy
    # in the layout network.py's docstring gives (W1 inputs x hidden, b1, W2 outputs x hidden, b2), the
    # inputs from the trainer's own numpy encoder, the forward pass in numpy's float64.
    pytest.importorskip("numpy")
    sys.path.insert(0, str(ROOT / "scripts"))
    import numpy as np
    import train_bot

    from nardy_rules import from_text

    from .test_bot_rules import PINNED, WEIGHTS_SHA256

    for game in ("short", "long"):
        raw = (WEIGHTS_DIR / f"{game}.json").read_bytes()
        assert hashlib.sha256(raw).hexdigest() == WEIGHTS_SHA256[game]
        header = json.loads(raw)
        flat = np.frombuffer(base64.b64decode(header["payload"]), "<f4").astype(np.float64)
        n, h, o = header["inputs"], header["hidden"], len(header["outputs"])
        assert flat.size == n * h + h + o * h + o
        w1, b1 = flat[:n * h].reshape(n, h), flat[n * h:n * h + h]
        w2, b2 = flat[n * h + h:n * h + h + o * h].reshape(o, h), flat[n * h + h + o * h:]
        encoder = train_bot.BatchEncoder(game)
        pinned = [(from_text(text), values) for text, values in PINNED.items() if text.startswith(f"nardy:{game}:")]
        assert pinned
        for position, values in pinned:
            own, opp = boards(position)
            x = encoder.encode(np.array([own]), np.array([opp]))[0]
            outputs = 1.0 / (1.0 + np.exp(-(w2 @ np.tanh(x @ w1 + b1) + b2)))
            assert np.abs(outputs - np.array(values)).max() < 2e-6, (game, outputs.round(6).tolist())


def _sha(path: Path) -> str:
    return json.loads(path.read_text())["sha256"]


def test_a_stop_after_run_reproduces_the_checkpoint_of_the_longer_run(tmp_path):
    pytest.importorskip("numpy")
    train = [sys.executable, str(ROOT / "scripts" / "train_bot.py"), "--game", "long", "--games", "8",
             "--hidden", "8", "--seed", "3", "--report-every", "4"]
    full = subprocess.run(train + ["--checkpoint-every", "4", "--checkpoint-dir", str(tmp_path / "kept"),
                                   "--out", str(tmp_path / "full")], capture_output=True, text=True, timeout=300)
    assert full.returncode == 0, full.stderr[-2000:]
    prefix = subprocess.run(train + ["--stop-after", "4", "--out", str(tmp_path / "prefix")],
                            capture_output=True, text=True, timeout=300)
    assert prefix.returncode == 0, prefix.stderr[-2000:]
    checkpoint = tmp_path / "kept" / "long-4.json"
    assert _sha(tmp_path / "prefix" / "long.json") == _sha(checkpoint)
    assert _sha(tmp_path / "full" / "long.json") != _sha(checkpoint)  # four more games did change the weights
    load("long", tmp_path / "full" / "long.json")  # what the trainer writes passes the engine's checks


def test_init_continues_a_weights_file_and_widening_keeps_what_it_computes(tmp_path):
    np = pytest.importorskip("numpy")
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_bot

    for game in ("short", "long"):
        hidden = load(game).hidden
        encoder = train_bot.BatchEncoder(game)
        pairs = [boards(position) for position, _dice in random_game_positions(game, 40, seed=5)]
        x = encoder.encode(np.array([a for a, _ in pairs]), np.array([b for _, b in pairs]))
        shipped = load(game)
        for wide in (hidden, hidden + 16):
            net = train_bot.Net(encoder.enc.n_inputs, wide, len(shipped.outputs), seed=1)
            assert net.load(WEIGHTS_DIR / f"{game}.json", game) == shipped.header["sha256"]
            expected = [shipped.evaluate_boards(a, b) for a, b in pairs]
            assert np.abs(net.forward(x)[1] - np.array(expected)).max() < 1e-6, (game, wide)
        with pytest.raises(SystemExit, match="more than --hidden"):
            train_bot.Net(encoder.enc.n_inputs, hidden - 1, len(shipped.outputs), seed=1).load(
                WEIGHTS_DIR / f"{game}.json", game)
    # A run from a file writes the file's checksum into its training record.
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "train_bot.py"), "--game", "long", "--games", "2",
                          "--hidden", str(load("long").hidden), "--init", str(WEIGHTS_DIR / "long.json"),
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    written = json.loads((tmp_path / "long.json").read_text())
    assert written["training"]["init"] == load("long").header["sha256"]


def test_init_from_an_earlier_encoding_computes_what_the_file_did(tmp_path):
    # A short file from before the shot features (short-v1, 207 inputs: today's less the last two) is
    # refused by the engine but continues in the trainer, the new inputs' weights 0.
    np = pytest.importorskip("numpy")
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_bot

    shipped = load("short")
    hidden, earlier = shipped.hidden, shipped.encoding.n_inputs - 2
    w1, b1, w2, b2 = (np.array(a, dtype=np.float64) for a in (shipped.w1, [shipped.b1], shipped.w2, [shipped.b2]))
    w1 = w1[:earlier]
    payload = np.concatenate([w1.ravel(), b1[0], w2.ravel(), b2[0]]).astype("<f4").tobytes()
    data = dict(shipped.header, encoding="short-v1", inputs=earlier, sha256=hashlib.sha256(payload).hexdigest(),
                payload=base64.b64encode(payload).decode("ascii"))
    old = tmp_path / "short.json"
    old.write_text(json.dumps(data))
    with pytest.raises(BotWeightsError, match='encoding is "short-v1", the engine needs "short-v2"'):
        load("short", old)
    encoder = train_bot.BatchEncoder("short")
    pairs = [boards(position) for position, _dice in random_game_positions("short", 40, seed=6)]
    x = encoder.encode(np.array([a for a, _ in pairs]), np.array([b for _, b in pairs]))
    net = train_bot.Net(encoder.enc.n_inputs, hidden, len(shipped.outputs), seed=1)
    net.load(old, "short")
    # The file's own network on the first 207 inputs: what the widened net must still compute.
    expected = 1.0 / (1.0 + np.exp(-(np.tanh(x[:, :earlier] @ w1 + b1[0]) @ w2.T + b2[0])))
    assert np.abs(net.forward(x)[1] - expected).max() < 1e-6
    assert x[:, earlier:].any()  # the new inputs are there, only not yet weighted
