"""The play page's recorded opening (nardy_site/figures/opening.py) against the engine, through the page's stand-in.

For each game, every opening throw (a tie followed by another throw) and in long nardy every first roll, each
match length the form offers: a new match, the opening, the first turn played move by move in a random order
(with undos), the targets of every place and the check of a place no checker may go to in each state, then the
confirm. The same requests are asked of the engine (``nardy_rules.live.handle``, a match of its own) and of the
stand-in (assets/play/nardy-play-opening.js, in Node.js, over the two files the build ships): every answer
equal, the match's id aside; and what the record does not hold (the next roll, the computer's decision) left to
the engine. A damaged record or checks file is refused saying so."""

from __future__ import annotations

import copy
import gzip
import json
import random
import re
import shutil
import subprocess

import pytest

from nardy_rules import live
from nardy_site.figures import opening

from .helpers import ROOT

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")
MATCH = "opening"  # the stand-in's match id (nardy-play-opening.js)


@pytest.fixture(scope="module")
def record_path(tmp_path_factory):
    """The record as the build writes it in the site's root folder play-records/ (its checks file beside it)."""
    folder = tmp_path_factory.mktemp("opening")
    written = opening.write(folder)
    assert {path.parent for path in written} == {folder / opening.FOLDER}
    assert [path.name for path in written] == [opening.NAME, opening.CHECKS_NAME]
    return written[0]


def stand_in(record_path, scenarios, damaged=(), damaged_checks=(), checks=None):
    checks = checks or record_path.with_name(opening.CHECKS_NAME)
    done = subprocess.run(
        [NODE, str(ROOT / "tests" / "site" / "opening_runner.mjs"), str(ROOT / "assets")],
        input=json.dumps({"record": str(record_path), "checks": str(checks),
                          "scenarios": scenarios, "damaged": list(damaged), "damaged_checks": list(damaged_checks)}),
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


class Scenario:
    """Requests as the page sends them (the match named as the stand-in names it) and the engine's answers."""

    def __init__(self):
        self.requests: list[dict] = []
        self.expected: list = []
        self.engine_id = None

    def ask(self, request: dict, held: bool = True) -> dict:
        sent = copy.deepcopy(request)
        if sent.get("match") == MATCH:
            sent["match"] = self.engine_id
        answer = live.handle(sent)
        assert "error" not in answer and not isinstance(answer.get("refused"), dict), (request, answer)
        if "match" in answer:
            self.engine_id = answer["match"]
        self.requests.append(request)
        self.expected.append({**answer, "match": MATCH} if "match" in answer else answer)
        if not held:
            self.expected[-1] = None  # not in the record: the engine's to answer
        return answer

    def act(self, action: dict, held: bool = True) -> dict:
        return self.ask({"op": "game", "match": MATCH, "action": action}, held)


def play_turn(scenario: Scenario, state: dict, variant: str, rng: random.Random) -> None:
    """The turn by the page's requests: targets everywhere, a refused check, moves in a random order, undos."""
    places = [*range(1, 25)] + (["bar"] if variant == "short" else [])
    while not state["turn"]["complete"]:
        turn = state["turn"]
        base = {"position": turn["position"], "dice": turn["dice"], "moves": turn["moves"]}
        found = {}
        for place in places:
            found[place] = scenario.ask({"op": "targets", **base, "from": place})
        selectable = [p for p in places if found[p]["paths"] and not found[p]["reason"]]
        start = rng.choice(selectable)
        ends = {item["end"] for item in found[start]["paths"] + found[start]["refused"]}
        own = state["position"][state["position"]["turn"]]
        refused = [p for p in (*range(1, 25), "off") if p != start and p not in ends and not own.get(str(p))]
        if refused:
            scenario.ask({"op": "check", **base, "from": start, "to": rng.choice(refused)})
        move = rng.choice(turn["legal_moves"])
        action = {"act": "move", "from": move["from"], "to": move["to"], "die": move["die"]}
        state = scenario.act(action)["state"]
        if rng.random() < 0.3:
            scenario.act({"act": "undo"})
            state = scenario.act(action)["state"]
    assert "confirm" in state["actions"], state["actions"]
    scenario.act({"act": "confirm"})


def scenarios(seed: int = 7) -> list[Scenario]:
    rng = random.Random(seed)
    throws = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    made = []
    lengths = iter(opening.LENGTHS * 20)
    for variant in opening.VARIANTS:
        for number, throw in enumerate(throws):
            scenario = Scenario()
            scenario.ask({"op": "game", "new": {"variant": variant, "length": next(lengths)}})
            answer = scenario.act({"act": "opening", "dice": list(throw)})
            while answer["state"]["phase"] == "opening":  # a tie: thrown again
                answer = scenario.act({"act": "opening", "dice": list(rng.choice(throws))})
            if answer["state"]["phase"] == "roll":  # long nardy: the winner's first roll, each roll once
                answer = scenario.act({"act": "roll", "dice": list(throws[number])})
            play_turn(scenario, answer["state"], variant, rng)
            # What comes next is the engine's: the next roll, or the computer's decision.
            if number % 2:
                scenario.act({"act": "roll", "dice": [6, 4]}, held=False)
            else:
                scenario.ask({"op": "game", "match": MATCH, "computer": "beginner"}, held=False)
            made.append(scenario)
    return made


def test_the_recorded_opening_answers_as_the_engine_does(record_path):
    made = scenarios()
    said = stand_in(record_path, [s.requests for s in made])["answers"]
    asked = 0
    for scenario, answers in zip(made, said):
        for request, expected, answer in zip(scenario.requests, scenario.expected, answers, strict=True):
            assert answer == expected, request
            asked += 1
    assert asked > 4000


def test_a_damaged_record_is_refused_saying_so(record_path):
    record = json.loads(record_path.read_text(encoding="utf-8"))

    def damaged(change):
        copied = copy.deepcopy(record)
        change(copied)
        return copied

    cases = [
        damaged(lambda r: r.update(format=1)),
        damaged(lambda r: next(n for n in r["games"]["short"]["nodes"] if "move" in n)["move"][0].__setitem__(0, 10**6)),
        damaged(lambda r: r["games"]["long"]["nodes"][0]["rows"][0].__setitem__(3, len(r["values"]))),
        damaged(lambda r: r["games"]["short"]["lengths"].__setitem__("5", 7)),
        damaged(lambda r: next(s for t in r["answers"]["turns"] for s in t["states"] if s.get("targets"))["targets"]
                .__setitem__(0, len(r["answers"]["shared"]))),
        damaged(lambda r: r["answers"]["turns"][0]["states"][0].__setitem__("next", [])),
        damaged(lambda r: r["games"]["short"]["nodes"][0]["open"].__setitem__("3,1", [0, "x"])),
    ]
    said = stand_in(record_path, [], cases)["damaged"]
    assert all(re.match(r"The play page's opening record \(nardy-opening\.json\) is damaged: ", s) for s in said), said
    assert stand_in(record_path, [], [record])["damaged"] == [""]


def test_damaged_check_answers_are_refused_saying_so_and_put_nothing_in(record_path):
    checks = json.loads(record_path.with_name(opening.CHECKS_NAME).read_text(encoding="utf-8"))

    def damaged(change):
        copied = copy.deepcopy(checks)
        change(copied)
        return copied

    last = next(n for n in range(len(checks["turns"]) - 1, -1, -1) if any(checks["turns"][n]))
    cases = [
        damaged(lambda c: c.update(format=1)),
        damaged(lambda c: c["turns"].pop()),  # another record's
        damaged(lambda c: c["turns"][0].append([])),
        # the last turn's: the turns before it would already hold their checks if it were put in as it is read
        damaged(lambda c: next(s for s in c["turns"][last] if s)[0].__setitem__(3, len(c["shared"]))),
        damaged(lambda c: c["turns"][last].__setitem__(0, {"3": 1})),
    ]
    said = stand_in(record_path, [], damaged_checks=cases)["damaged_checks"]
    for message, touched in said:
        assert re.match(r"The play page's opening record \(nardy-opening-checks\.json\) is damaged: ", message), message
        assert not touched
    assert stand_in(record_path, [], damaged_checks=[checks])["damaged_checks"] == [["", True]]


def test_a_new_games_first_move_waits_for_half_the_record(record_path):
    """The first file holds no check answer (the checks file does, every one the engine's): it is what the page
    reads before the first move is possible."""
    record = json.loads(record_path.read_text(encoding="utf-8"))
    checks = json.loads(record_path.with_name(opening.CHECKS_NAME).read_text(encoding="utf-8"))
    assert not any("checks" in state for turn in record["answers"]["turns"] for state in turn["states"])
    assert all(set(answer) == {"paths", "refused", "reason"} for answer in record["answers"]["shared"])  # targets'
    assert checks["shared"] and all(set(answer) == {"legal", "reason"} for answer in checks["shared"])
    assert sum(len(items) for states in checks["turns"] for items in states) > 1000
    first, second = record_path.stat().st_size, record_path.with_name(opening.CHECKS_NAME).stat().st_size
    assert first < 0.6 * (first + second), (first, second)


def test_the_record_is_small_and_the_form_offers_its_lengths(record_path):
    size = sum(len(gzip.compress(path.read_bytes(), 9)) for path in (record_path, record_path.with_name(opening.CHECKS_NAME)))
    assert size < 160_000, size
    panel = (ROOT / "assets" / "play" / "nardy-play-panel.js").read_text(encoding="utf-8")
    lengths = re.search(r"export const LENGTHS = \[([\d, ]+)\]", panel).group(1)
    assert tuple(int(n) for n in lengths.split(",")) == opening.LENGTHS


#: Share links of figures' positions (the rules pages'): the start with 3-1, a hit and the bar with a double, a
#: long nardy game late with a double; then a game over and a roll with no move, which get no record.
LINKS = [
    ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (3, 1)),
    ("nardy:short:w:15x1,13x2,8x2,6x5,3x3,barx2:23x1,21x2,19x3,18x2,17x4,12x2,7x1", (2, 2)),
    ("nardy:long:w:23x1,21x1,6x1,4x1,3x3,2x4,1x4:18x1,16x2,15x1,14x1,13x4,offx6", (2, 2)),
]
NO_RECORD = [
    ("nardy:short:w:offx15:19x5,17x3,12x5,1x2", (3, 1)),
    ("nardy:short:w:barx1,8x14:19x2,20x2,21x2,22x2,23x2,24x5", (3, 1)),
]


@pytest.fixture(scope="module")
def link_paths(tmp_path_factory):
    """The links' records as the build writes them, from two languages' builds (each listing its own figures' links
    next to its play page) gathered into the site's root folder play-records/: {link: (record, checks)}."""
    folder = tmp_path_factory.mktemp("links")
    half = len(LINKS) // 2
    opening.want_links(folder / "en", "play/index.html", set(LINKS[:half + 1] + NO_RECORD[:1]))
    opening.want_links(folder / "ru", "play/index.html", set(LINKS[half:] + NO_RECORD))
    opening.write_root(folder)
    assert not list(folder.glob(f"*/**/{opening.WANTED}"))  # the languages' lists are gone from the site
    index = json.loads((folder / opening.FOLDER / opening.LINKS_INDEX).read_text(encoding="utf-8"))
    assert index["format"] == 2
    found = {}
    for (text, dice) in LINKS + NO_RECORD:
        number = index["links"].get(f"{text} {dice[0]}-{dice[1]}")
        if number is not None:
            base = folder / opening.FOLDER / opening.LINKS_FOLDER
            found[(text, dice)] = (base / f"{number}.json", base / f"{number}-checks.json")
    return found


@pytest.mark.parametrize("text", ["not json", '{"a": 1}', '[["nardy:short:w:24x2", [3, 7]]]', '[["x"]]'])
def test_a_damaged_list_of_share_links_stops_the_build_naming_it(tmp_path, text):
    """A language's list of its figures' links that opening.want_links did not write stops the build, named."""
    wanted = tmp_path / "uz" / "play" / opening.WANTED
    wanted.parent.mkdir(parents=True)
    wanted.write_text(text, encoding="utf-8")
    with pytest.raises(opening.OpeningError, match=re.escape(str(wanted)) + ": not a list of share links"):
        opening.write_root(tmp_path)


def test_a_figures_share_link_answers_as_the_engine_does(link_paths):
    """The page's requests for a share link of a figure's position (play/#position=...&dice=...): the position's
    forms, a new match from it of each length, the roll, the turn played, and what follows left to the engine."""
    assert set(link_paths) == set(LINKS)  # a game over, or a roll with no move: no record, the engine answers
    rng = random.Random(11)
    for (text, dice), (record, checks) in link_paths.items():
        made = []
        for length in (0, 1, 7, 25):
            scenario = Scenario()
            forms = scenario.ask({"op": "forms", "position": text})
            variant = forms["position"]["variant"]
            scenario.ask({"op": "forms", "position": "nardy:short:w:24x2,13x5,8x3,6x4,5x1:19x5,17x3,12x5,1x2"}, held=False)
            scenario.ask({"op": "game", "new": {"variant": variant, "length": length}}, held=False)  # not from the link
            scenario.ask({"op": "game", "new": {"variant": variant, "length": length, "start": forms["text"]}})
            state = scenario.act({"act": "roll", "dice": list(dice)})["state"]
            play_turn(scenario, state, variant, rng)
            scenario.act({"act": "roll", "dice": [6, 4]}, held=False)
            made.append(scenario)
        said = stand_in(record, [s.requests for s in made], checks=checks)["answers"]
        for scenario, answers in zip(made, said):
            for request, expected, answer in zip(scenario.requests, scenario.expected, answers, strict=True):
                assert answer == expected, (text, request, json.dumps(answer)[:1500], json.dumps(expected)[:1500])


def test_a_confirmed_play_is_written_as_its_moves_were_walked(record_path):
    """Orders of moves that meet share a node, but the play's text follows the order walked: the opening 2-1
    played 6/5 then 8/6 is the engine's "8/6 6/5", played 8/6 then 6/5 its "8/5"."""
    made = []
    for order in ([(6, 5, 1), (8, 6, 2)], [(8, 6, 2), (6, 5, 1)]):
        scenario = Scenario()
        scenario.ask({"op": "game", "new": {"variant": "short", "length": 3}})
        scenario.act({"act": "opening", "dice": [2, 1]})
        for start, end, die in order:
            scenario.act({"act": "move", "from": start, "to": end, "die": die})
        scenario.act({"act": "confirm"})
        made.append(scenario)
    said = stand_in(record_path, [s.requests for s in made])["answers"]
    plays = [answers[-1]["change"]["sheet"][0]["play"] for answers in said]
    assert plays == ["8/6 6/5", "8/5"]
    assert [answers[-1] for answers in said] == [s.expected[-1] for s in made]
