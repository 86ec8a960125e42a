"""The play page's JSON op ``game`` through nardy_rules.live: new, state, actions, refusals, errors, export.

These use the stateless forms (``new`` or ``record`` with an action, the whole record and state in every
answer); matches kept open and played by id are in test_game_session.py.
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nardy_rules import live
from nardy_rules.game import replay

ROOT = Path(__file__).resolve().parents[2]


def game(**request):
    return live.handle({"op": "game", **request})


def test_a_new_match_then_actions():
    answer = game(new={"variant": "short", "length": 5, "players": {"white": "Ali", "black": "Vali"}})
    assert answer["state"]["phase"] == "opening" and answer["state"]["actions"] == ["opening"]
    assert answer["record"]["players"] == {"white": "Ali", "black": "Vali"}
    answer = game(record=answer["record"], action={"act": "opening", "dice": [6, 1]})
    state = answer["state"]
    assert (state["phase"], state["side"], state["dice"]) == ("move", "white", [6, 1])
    # The turn in progress is a request of the rules boards' ops, which answer as for any board.
    turn = state["turn"]
    targets = live.handle({"op": "targets", "position": turn["position"], "dice": turn["dice"],
                           "moves": turn["moves"], "from": 13})
    assert [p["end"] for p in targets["paths"]] == [7, 6]
    answer = game(record=answer["record"], action={"act": "move", "from": 13, "to": 7})
    assert answer["record"]["games"][0]["actions"][-1] == {"act": "move", "from": 13, "to": 7, "die": 6}
    assert answer["state"]["turn"]["moves"] == [{"from": 13, "to": 7, "die": 6, "hit": False}]
    assert "refused" not in answer


def test_a_refused_move_answers_the_reason_and_the_unchanged_record():
    start = game(new={"variant": "short", "length": 3})
    opened = game(record=start["record"], action={"act": "opening", "dice": [3, 1]})
    answer = game(record=opened["record"], action={"act": "move", "from": 24, "to": 20})
    assert answer["refused"] == {
        "code": "refused-move",
        "message": "24/20 is not allowed: No die left to play shows 4. Dice left: 3, 1.",
        "reason": {"code": "no-such-die", "params": {"distance": 4, "dice": "3, 1"}, "key": "no-such-die"},
    }
    assert answer["record"] == opened["record"] and answer["state"] == opened["state"]
    answer = game(record=opened["record"], action={"act": "double"})
    assert answer["refused"]["code"] == "cube" and answer["refused"]["reason"] is None
    answer = game(record=opened["record"], action={"act": "fly"})
    assert answer["refused"]["code"] == "bad-action" and "'act' must be one of" in answer["refused"]["message"]


@pytest.mark.parametrize("request_, message", [
    ({}, "one of 'new'"),
    ({"new": {"variant": "short", "length": 3}, "record": {}}, "one of 'new'"),
    ({"record": {}, "match": "m1"}, "one of 'new'"),
    ({"match": 1}, "match 1: the id of an open match"),
    ({"match": "m" * 25}, "the id of an open match"),
    ({"new": {"variant": "short", "length": 3}, "seat": 1}, "unknown field(s) of a game request: \"seat\""),
    ({"new": {"variant": "short"}}, "length null"),
    ({"new": {"variant": "short", "length": 3, "cube": False}}, "an object with variant, length"),
    ({"new": [1]}, "new [1]: an object"),
    ({"new": {"variant": "short", "length": 3}, "export": "yes"}, 'export "yes": true or false'),
])
def test_bad_requests(request_, message):
    answer = game(**request_)
    assert set(answer) <= {"error", "where"} and message in answer["error"]


def test_a_stored_record_that_does_not_read_is_named():
    record = game(new={"variant": "long", "length": 0})["record"]
    record["games"][0]["actions"] = [{"act": "opening", "dice": [5, 2]}, {"act": "roll", "dice": [9, 1]}]
    answer = game(record=record)
    assert answer["where"] == {"game": 1, "action": 2}
    assert answer["error"].startswith("game 1, action 2 {\"act\":\"roll\",\"dice\":[9,1]}: dice are two whole")
    old = dict(record, version=0)
    assert game(record=old) == {"error": "version 0 is not supported: this engine reads versions 1, 2",
                                "where": {"game": None, "action": None}}


def test_export_with_the_state():
    record = game(new={"variant": "short", "length": 1})["record"]
    answer = game(record=record, action={"act": "opening", "dice": [3, 1]}, export=True)
    assert answer["export"]["format"] == "jellyfish-mat" and answer["export"]["extension"] == ".mat"
    assert " 1 point match" in answer["export"]["text"]
    long = game(new={"variant": "long", "length": 1})["record"]
    assert game(record=long, export=True)["export"]["extension"] == ".txt"


def test_handle_json_round_trip():
    text = live.handle_json(json.dumps({"op": "game", "new": {"variant": "short", "length": 3,
                                                              "players": {"white": "Ёлка", "black": "Ալ"}}}))
    assert json.loads(text)["record"]["players"]["white"] == "Ёлка" and "Ալ" in text


def random_requests(seed, count):
    """A page's requests: random allowed actions, some refused moves and undos, and sometimes an older record."""
    rng = random.Random(seed)
    answer = game(new={"variant": "long" if seed == 0 else "short", "length": 3})
    records = [answer["record"]]
    for _ in range(count):
        state, record = answer["state"], answer["record"]
        actions = state["actions"]
        if not actions:
            break
        if rng.random() < 0.05:
            record = rng.choice(records)  # another tab, or a reload of an older save
        roll = [rng.randint(1, 6), rng.randint(1, 6)]
        if rng.random() < 0.1 and state["phase"] == "move":
            action = {"act": "move", "from": rng.randint(1, 24), "to": rng.randint(1, 24)}
        elif "opening" in actions or ("roll" in actions and rng.random() < 0.9):
            action = {"act": "opening" if "opening" in actions else "roll", "dice": roll}
        elif "move" in actions and rng.random() < 0.8:
            move = rng.choice(state["turn"]["legal_moves"])
            action = {"act": "move", "from": move["from"], "to": move["to"]}
        else:
            rare = ("resign", "accept")  # both end games: keep them rare so matches run long
            common = [act for act in actions if act not in rare]
            action = {"act": rng.choice(common if common and rng.random() > 0.03 else actions)}
        yield record, action
        answer = game(record=record, action=action)
        records.append(answer["record"])


@pytest.mark.parametrize("seed", range(3))
def test_a_random_page_s_actions_replay_to_the_same_state(seed):
    requests = list(random_requests(seed, 300))
    acts = {action["act"] for _, action in requests}
    assert {"opening", "roll", "move", "undo", "confirm", "resign", "decline"} <= acts
    if seed:
        assert "double" in acts and acts & {"take", "pass"} and "next-game" in acts
    last = None
    for record, action in requests:
        last = game(record=record, action=action)
        assert last["state"] == replay(last["record"]).to_json()


def test_the_rules_boards_start_without_the_game_modules():
    # The worker imports nardy_rules.live at start; the game modules load on the first game request.
    code = ("import sys; import nardy_rules.live as live; "
            "print(sorted(m for m in sys.modules if m.startswith('nardy_rules.game') or m.endswith('matfile'))); "
            "live.handle({'op': 'game', 'new': {'variant': 'short', 'length': 1}}); "
            "print('nardy_rules.game_live' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.split("\n")[:2] == ["[]", "True"], out.stderr
