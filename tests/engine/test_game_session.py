"""Matches kept open and played by id (nardy_rules.game_session, the game op's ``match``): however long a
match runs, an action costs one action on the wire, and the record a page keeps from the changes is the
engine's own, which opens again and plays on.
"""

import json
import random

import pytest

from nardy_rules import live
from nardy_rules.contract import MAX_JSON_CHARS, MAX_RECORD_CHARS
from nardy_rules.game import replay
from nardy_rules.game_live import MAX_OPEN, close_all


def send(request: dict) -> tuple[dict, int]:
    """The answer to a request sent as the worker sends it (JSON text), and the request's length."""
    text = json.dumps(request, ensure_ascii=False, separators=(",", ":"))
    return json.loads(live.handle_json(text)), len(text)


class Page:
    """What the play page keeps: the match's id, the record and the scoresheets, built from the answers' changes."""

    def __init__(self, answer: dict):
        self.longest = 0
        self.take(answer)

    def take(self, answer: dict) -> None:
        assert "error" not in answer, answer
        if "record" in answer:
            self.match, self.seq, self.record = answer["match"], answer["seq"], answer["record"]
            self.state = answer["state"]
            self.sheets = self.state.pop("scoresheet")
            return
        change = answer["change"]
        assert change["base"] == self.seq and answer["seq"] == self.seq + 1
        games = self.record["games"]
        if change["game"] > len(games):
            games.append({"actions": []})
            self.sheets.append([])
        game = games[change["game"] - 1]
        game["actions"][change["at"]:] = change["actions"]
        self.sheets[change["game"] - 1][change["sheet_at"]:] = change["sheet"]
        self.seq, self.state = answer["seq"], answer["state"]
        assert "scoresheet" not in self.state

    def ask(self, **fields) -> dict:
        answer, length = send({"op": "game", "match": self.match, **fields})
        self.longest = max(self.longest, length)
        return answer

    def act(self, action: dict) -> dict:
        answer = self.ask(action=action)
        if "refused" not in answer:
            self.take(answer)
        return answer

    def computer_turn(self, rng: random.Random, level: str = "strong") -> bool:
        """The computer's decision for the side to act, played action by action as the page plays it."""
        decision = self.ask(computer=level)["computer"]
        for action in decision["actions"]:
            if action["act"] in ("roll", "opening"):
                action = {**action, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
            answer = self.act(action)
            assert "refused" not in answer, (action, answer)
            if action["act"] in ("roll", "opening"):
                break
        return bool(decision["actions"])


def open_new(variant: str, length: int) -> Page:
    answer, _ = send({"op": "game", "new": {"variant": variant, "length": length}})
    return Page(answer)


def check_against_replay(page: Page) -> None:
    """The page's record is the engine's: re-played from the start, it gives the state and sheets the page has."""
    state = replay(page.record).to_json()
    assert state.pop("scoresheet") == page.sheets
    assert state == page.state


@pytest.mark.parametrize("variant", ["long", "short"])
def test_a_64_point_match_plays_to_its_end_by_id_and_its_record_opens_again(variant):
    # A 64-point match (the longest the engine accepts) between two computers, through the page's own
    # requests: no request longer than a few hundred characters, while the record grows past any bound
    # a single request has; half way the page "reloads": it opens its record again and plays on.
    close_all()
    rng = random.Random(64)
    page = open_new(variant, 64)
    reloaded = False
    while page.computer_turn(rng):
        if reloaded or page.state["phase"] != "roll":
            continue
        # (Measured only until the reload: writing out the whole record after every turn made the test quadratic.)
        if len(json.dumps(page.record, separators=(",", ":"))) > MAX_JSON_CHARS:
            check_against_replay(page)
            answer, length = send({"op": "game", "record": page.record})
            assert length > MAX_JSON_CHARS
            before = page.state
            page = Page(answer)
            assert page.state == before
            reloaded = True
    assert reloaded
    assert page.state["phase"] == "match-over" and max(page.state["score"].values()) >= 64
    assert page.longest < 400
    record_text = json.dumps(page.record, separators=(",", ":"))
    assert MAX_JSON_CHARS < len(record_text) < MAX_RECORD_CHARS
    check_against_replay(page)
    export = page.ask(export=True)["export"]
    assert export["text"].count("Game ") == len(page.record["games"])


def test_every_kind_of_change_applies_to_the_page_s_record():
    # Undo, a resignation that drops the turn's moves, a refused action, a game begun: each change
    # applied as the page applies it leaves the record and sheets the engine has.
    close_all()
    page = open_new("short", 5)
    page.act({"act": "opening", "dice": [3, 1]})
    page.act({"act": "move", "from": 8, "to": 5, "die": 3})
    answer = page.act({"act": "undo"})
    assert answer["change"]["at"] == 1 and answer["change"]["actions"] == []
    check_against_replay(page)
    page.act({"act": "move", "from": 8, "to": 5, "die": 3})
    refused = page.act({"act": "move", "from": 24, "to": 20})
    assert refused["refused"]["reason"]["code"] == "no-such-die" and refused["seq"] == page.seq
    assert set(refused) == {"match", "seq", "refused"}
    answer = page.act({"act": "resign"})
    assert answer["change"]["at"] == 1 and [a["act"] for a in answer["change"]["actions"]] == ["resign"]
    page.act({"act": "accept"})
    assert page.state["phase"] == "game-over"
    answer = page.act({"act": "next-game"})
    assert answer["change"]["game"] == 2 and answer["change"]["actions"] == [] and len(page.record["games"]) == 2
    page.act({"act": "opening", "dice": [2, 5]})
    check_against_replay(page)


def test_a_page_that_missed_a_change_asks_for_the_whole_match():
    close_all()
    page = open_new("long", 0)
    page.act({"act": "opening", "dice": [6, 1]})
    missed = page.ask(action={"act": "roll", "dice": [3, 2]})  # answered, but never applied by the page
    later = page.ask(action={"act": "move", "from": 24, "to": 21, "die": 3})
    assert later["change"]["base"] == missed["seq"] != page.seq
    page.take(page.ask())  # the whole record and state again
    assert page.seq == later["seq"]
    check_against_replay(page)


def test_an_id_that_names_no_open_match():
    close_all()
    first = open_new("short", 1)
    for _ in range(MAX_OPEN):
        open_new("long", 1)
    answer = first.ask(action={"act": "opening", "dice": [3, 1]})
    assert answer["code"] == "no-such-match" and set(answer) == {"error", "code"}
    assert answer["error"].startswith(f'no match "{first.match}" is open here')
    assert send({"op": "game", "match": "m999999", "export": True})[0]["code"] == "no-such-match"


def test_only_a_record_opened_again_may_pass_the_usual_bound():
    close_all()
    page = open_new("short", 1)
    padding = "x" * MAX_JSON_CHARS
    answer, length = send({"op": "game", "match": page.match, "action": {"act": "opening", "dice": [3, 1]},
                           "pad": padding})
    assert answer == {"error": f"the request is {length:,} characters long; at most 65,536 "
                               "(up to 4,194,304 to open a match: a record or an import)"}
    answer, _ = send({"op": "state", "position": padding})
    assert answer["error"].startswith("the request is ") and "at most 65,536" in answer["error"]
    # A record with an action is the stateless form: held to the usual bound too.
    record = dict(page.record, players={"white": padding, "black": "B"})
    answer, _ = send({"op": "game", "record": record, "action": {"act": "opening", "dice": [3, 1]}})
    assert "at most 65,536" in answer["error"]
    # Opening it alone passes the text's bound (and the record's own check then names the long name).
    answer, _ = send({"op": "game", "record": record})
    assert "at most 65,536" not in answer.get("error", "")
    huge = json.dumps({"op": "game", "record": dict(page.record, players={"white": "x" * MAX_RECORD_CHARS})})
    assert json.loads(live.handle_json(huge))["error"].startswith(f"the request is {len(huge):,} characters long; "
                                                                  "at most 4,194,304")
