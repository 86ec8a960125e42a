"""The live boards' scripts without a page (assets/, run in Node.js) against the Python engine.

- The recorded answers: for every state of every example turn of every board of every language (the
  ``nardy-answers/<figure id>.json`` files the build wrote), every request a board makes there, asked of the JavaScript
  embedded answerer (assets/engine/nardy-embedded.js), deep-equals ``nardy_rules.live.handle(request)`` (which the
  Pyodide parity test holds to Pyodide): the turn so far after every order of moves into each state (every
  state, and every edge into it), the targets of every place, the checks of the refused and shown moves, the
  plays, and the positions a turn ends in. A request the record does not hold is left to the engine.
- The protocol that replaced the board's own position logic: positions as text and JSON, pips, results,
  moves with hits, bad texts refused.
- Drawing: the JavaScript checker layer and dice are element for element what nardy_rules.svg draws
  (numbers compared as numbers); clicks land on the place under them.
- Messages: every board string and every refusal reason in every language, with its plural rule
  evaluated from the compiled tree, equals Python's gettext formatting.
- Links: read, asked of the engine, and written back; bad ones refused; malformed escapes never throw.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import deque

import pytest

from nardy_rules import LongPosition, ShortPosition, from_text, legal_plays, svg, to_text
from nardy_rules.live import handle, reason_json
from nardy_rules.reasons import CODES, MESSAGES, Refusal
from nardy_rules.turn import Turn
from nardy_site.figures import answers
from nardy_site.translations import i18n, languages
from nardy_site.app import live_assets
from tests.engine.positions import random_game_positions, random_position

from .helpers import ROOT, point_triangles, sample_positions

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("nardy_hook_for_logic", ROOT / "hooks" / "nardy.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    folder = tmp_path_factory.mktemp("logic")
    layout = folder / "nardy-layout.js"
    layout.write_text(hook.layout_module(), encoding="utf-8")

    def run_tasks(tasks: list[dict]) -> list:
        done = subprocess.run(
            [NODE, str(ROOT / "tests" / "site" / "logic_runner.mjs"), str(ROOT / "assets"), str(layout)],
            input="".join(json.dumps(task) + "\n" for task in tasks), capture_output=True, text=True, timeout=600,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        answers_ = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(answers_) == len(tasks)
        errors = [(task, answer["error"]) for task, answer in zip(tasks, answers_) if "error" in answer]
        assert not errors, errors[:3]
        return [answer["ok"] for answer in answers_]

    return run_tasks


# ---------------------------------------------------------------------- the recorded answers


def records(site, site_languages) -> dict:
    """{digest: path} of the distinct records the build wrote, after checking every language has each board's."""
    found, boards = {}, {}
    for lang in site_languages:
        paths = sorted((site / lang.code).glob(f"*/{answers.FOLDER}/*.json"))
        boards[lang.code] = {str(path.relative_to(site / lang.code)) for path in paths}
        for path in paths:
            found.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), path)
    first = boards[site_languages[0].code]
    assert len(first) > 30 and {path.split("/")[0] for path in first} == {
        "short", "long", "short-game", "long-game", "short-mistakes", "long-mistakes", "mars-and-koks"}
    assert all(names == first for names in boards.values()), boards
    return found


def paths_to_states(turn: dict) -> dict[int, list]:
    """One way (its moves) from the start to every state of a recorded turn."""
    found = {0: []}
    queue = deque([0])
    while queue:
        number = queue.popleft()
        state = turn["states"][number]
        for legal, following in zip(state["answer"]["legal_moves"], state["next"]):
            if following not in found:
                found[following] = found[number] + [move_of(legal)]
                queue.append(following)
    return found


def move_of(legal: dict) -> dict:
    return {"from": legal["from"], "to": legal["to"], "die": legal["die"]}


def board_requests(record: dict):
    """Every request a board makes that the record holds, in the board's own form."""
    for turn in record["turns"]:
        base = {"position": turn["position"], "dice": turn["dice"]}
        for number, moves in paths_to_states(turn).items():
            state = turn["states"][number]
            yield {"op": "state", **base, "moves": moves}
            # Every edge: each other order of moves into a state (a replay's record holds each turn's start only).
            for legal, _following in zip(state["answer"]["legal_moves"], state["next"]):
                yield {"op": "state", **base, "moves": moves + [move_of(legal)]}
            if "plays" in turn:
                yield {"op": "plays", **base, "moves": moves}
            if "targets" in state:
                for place in turn["places"]:
                    yield {"op": "targets", **base, "moves": moves, "from": place}
            for start, end, die, _answer in state.get("checks", []):
                yield {"op": "check", **base, "moves": moves, "from": start, "to": end,
                       **({"die": die} if die is not None else {})}
    for text in record["positions"]:
        yield {"op": "position", "position": text}


def test_every_recorded_answer_is_the_engines(run, site, site_languages):
    tasks, requests, ops = [], [], {}
    for name, path in records(site, site_languages).items():
        tasks.append({"kind": "load", "name": name, "path": str(path)})
        requests.append(None)
        for request in board_requests(json.loads(path.read_text(encoding="utf-8"))):
            tasks.append({"kind": "lookup", "name": name, "request": request})
            requests.append(request)
            ops[request["op"]] = ops.get(request["op"], 0) + 1
    mine = run(tasks)
    assert ops["state"] > 700 and ops["targets"] > 5000 and ops["check"] > 20 and ops["position"] > 100, ops
    for request, answer in zip(requests, mine):
        if request is None:
            continue
        engine = handle(request)
        assert "error" not in engine, (request, engine)
        assert answer == engine, request


def test_requests_the_record_does_not_hold_are_left_to_the_engine(run, site, site_languages):
    tasks, cases = [], []
    for name, path in records(site, site_languages).items():
        tasks.append({"kind": "load", "name": name, "path": str(path)})
        cases.append(None)
        record = json.loads(path.read_text(encoding="utf-8"))
        for turn in record["turns"]:
            base = {"op": "state", "position": turn["position"], "dice": turn["dice"], "moves": []}
            legal = turn["states"][0]["answer"]["legal_moves"]
            if not legal:
                continue
            first = move_of(legal[0])
            if turn["states"][0]["next"]:  # a replay's record holds no state after a move: the engine answers it
                # Off the record: another die, too many moves.
                for moves in ([{**first, "die": 6 if first["die"] != 6 else 5}], [first] * 5):
                    cases.append(({**base, "moves": moves}, "engine decides"))
            else:
                cases.append(({**base, "moves": [first]}, "not held"))
            # Asked otherwise than the board asks: the engine answers (the same, or an error).
            cases.append(({**base, "position": from_text(turn["position"]).to_json()}, "not held"))
            cases.append(({**base, "moves": [{**first, "hit": legal[0]["hit"]}]}, "not held"))
            cases.append(({**base, "extra": 1}, "not held"))
            cases.append(({**base, "dice": [str(d) for d in turn["dice"]]}, "not held"))
            cases.append(({**base, "op": "targets", "from": "off"}, "not held"))
            recorded = [item[:3] for item in turn["states"][0].get("checks", [])]
            if [first["from"], first["to"], first["die"]] not in recorded:  # not one of the moves the figure shows
                cases.append(({**base, "op": "check", "from": first["from"], "to": first["to"], "die": first["die"]},
                              "not held"))
            cases.append(({**base, "op": "paths", "from": first["from"]}, "not held"))
        cases.append(({"op": "position", "position": "nardy:long:w:24x15:12x15", "dice": None}, "not held"))
        for op in ("nonsense", "constructor"):
            cases.append(({"op": op, "position": "nardy:long:w:24x15:12x15"}, "not held"))
        for case in cases[len(tasks):]:
            tasks.append({"kind": "lookup", "name": name, "request": case[0]})
    answers_ = run(tasks)
    left = 0
    for case, answer in zip(cases, answers_):
        if case is None:
            continue
        request, kind = case
        if kind == "engine decides":
            # Off the record exactly when the engine refuses the moves (a bear-off may take either die).
            assert (answer is None) == ("error" in handle(request)), request
        else:
            assert answer is None, request
        left += answer is None
    assert left > 150


# ---------------------------------------------------------------------- the protocol the board reads


def positions_to_read():
    out = [position for position, _dice, _play in sample_positions()]
    rng = random.Random(17)
    for variant in ("short", "long"):
        out.extend(random_position(rng, variant) for _ in range(40))
        out.extend(position for position, _dice in random_game_positions(variant, 60, seed=3)[::3])
    out.append(from_text("nardy:short:b:offx15:19x5,17x3,12x7"))           # mars
    out.append(from_text("nardy:short:b:offx15:5x1,19x4,17x3,12x7"))       # koks: in the winner's home
    out.append(from_text("nardy:short:b:offx15:19x5,17x3,12x6,barx1"))     # koks: on the bar
    out.append(from_text("nardy:short:b:offx15:19x5,17x3,12x6,offx1"))     # single
    out.append(from_text("nardy:long:b:offx15:12x15"))                     # long: mars
    return out


def test_positions_text_json_pips_and_results():
    """What the board's own position code did (text, JSON, pips, results) is the engine's position op."""
    results = set()
    for position in positions_to_read():
        answer = handle({"op": "position", "position": to_text(position)})
        assert answer == handle({"op": "position", "position": position.to_json()})
        assert answer["text"] == to_text(position) and from_text(answer["text"]) == position
        assert answer["position"] == position.to_json()
        assert answer["pips"] == {"white": position.pips("white"), "black": position.pips("black")}
        result = position.result()
        assert answer["result"] == (result.to_json() if result else None), to_text(position)
        if result:
            results.add(result.kind)
    assert results == {"single", "mars", "koks"}


BAD_TEXTS = [
    "", "nardy:short:w", "nardy:medium:w:24x15:12x15", "nardy:long:x:24x15:12x15", "nardy:long:w:24x16:12x15",
    "nardy:long:w:24x15:24x15", "nardy:long:w:24x14,barx1:12x15", "nardy:short:w:25x2,13x13:1x15",
    "nardy:short:w:05x2,13x13:1x15", "nardy:short:w:24x2,24x13:1x15", "nardy:short:w:offx15:offx15",
    "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2:extra", "nardy:short:w:24x2;13x13:1x15", " nardy:long:w:24x15:12x15",
    "nardy:short:w:13x14,offx0:1x15", "nardy:short:w:13x16:1x15",
]


def test_bad_texts_are_refused_like_the_engine_refuses_them(run):
    """A position a link gives is refused by the link's syntax or by the engine, never shown."""
    answers_ = run([{"kind": "link", "fragment": f"board=x:{text}:"} for text in BAD_TEXTS])
    for text, answer in zip(BAD_TEXTS, answers_):
        assert answer["named"] == "x", text
        if "request" in answer:
            assert answer["request"] == {"op": "position", "position": text}
            assert "error" in handle(answer["request"]), text
        if text.strip() == text:  # the engine strips spaces around the whole text; a link's syntax does not
            with pytest.raises(ValueError):
                from_text(text)
            assert "error" in handle({"op": "position", "position": text}), text
        else:
            assert "request" not in answer, text


def test_moves_and_hits():
    """What the board's own move code did (the position after a move, hits) is the engine's state op."""
    hits = 0
    for position, dice in random_game_positions("short", 150, seed=9) + random_game_positions("long", 80, seed=9):
        turn = Turn(position, dice)
        for move in turn.legal_moves()[:4]:
            after = turn.copy()
            after.move(move.start, move.end, move.die)
            answer = handle({"op": "state", "position": to_text(position), "dice": list(dice),
                             "moves": [{"from": move.start, "to": move.end, "die": move.die}]})
            assert answer["moves"] == [{"from": move.start, "to": move.end, "die": move.die, "hit": move.hit}]
            assert answer["text"] == to_text(after.position) and answer["position"] == after.position.to_json()
            hits += move.hit
    assert hits > 10


# ---------------------------------------------------------------------- drawing


NUMBERS = re.compile(r"-?\d+(?:\.\d+)?")


def close(mine: str, python: str) -> bool:
    """Attribute values alike: the same text, or numbers to one decimal (rounded either way at .x5);
    a path's ``d`` is the same commands with such numbers."""
    if NUMBERS.split(mine) != NUMBERS.split(python):
        return False
    pairs = list(zip(NUMBERS.findall(mine), NUMBERS.findall(python)))
    return len(pairs) == len(NUMBERS.findall(python)) and all(
        abs(float(a) - float(b)) <= 0.1 + 1e-9 and not a.endswith(".0") for a, b in pairs)


def same_elements(mine: list, python: list) -> bool:
    if len(mine) != len(python):
        return False
    for a, b in zip(mine, python):
        if a["tag"] != b["tag"] or set(a["attrs"]) != set(b["attrs"]) or a.get("text") != b.get("text"):
            return False
        if not all(close(a["attrs"][name], b["attrs"][name]) for name in a["attrs"]):
            return False
        if not same_elements(a.get("children", []), b.get("children", [])):
            return False
    return True


def parsed_layer(text: str) -> list[dict]:
    root = ET.fromstring(text)
    return [{"tag": e.tag, "attrs": dict(e.attrib), **({"text": e.text} if e.text else {})} for e in root]


@pytest.mark.parametrize("side", ["white", "black"])
def test_checker_layer_is_drawn_as_the_engine_draws_it(run, side):
    positions = positions_to_read()
    answers_ = run([{"kind": "checkers", "position": p.to_json(), "side": side} for p in positions])
    drawn = 0
    for position, mine in zip(positions, answers_):
        python = parsed_layer(svg.checker_layer(position, side))
        assert same_elements(mine, python), to_text(position)
        drawn += len(python)
        counts = {}
        for element in mine:
            if element["tag"] == "path" and element["attrs"]["class"] == "nardy-ck":
                key = (element["attrs"]["data-color"], element["attrs"]["data-point"])
                counts[key] = counts.get(key, 0) + element["attrs"]["d"].count("M")  # a checker a subpath
        assert counts  # every position has checkers on the points or off
    assert drawn > 2000


def test_dice_are_drawn_as_the_engine_draws_them(run):
    cases = [(variant, color, dice, side) for variant in ("short", "long") for color in ("white", "black")
             for dice in ([6, 5], [3], [4, 4, 4, 4], [2, 2, 2], [1, 6]) for side in ("white", "black")]
    answers_ = run([{"kind": "dice", "variant": v, "color": c, "dice": d, "side": s} for v, c, d, s in cases])

    def tree(element):
        out = {"tag": element.tag, "attrs": dict(element.attrib)}
        if list(element):
            out["children"] = [tree(child) for child in element]
        return out

    for (variant, color, dice, side), mine in zip(cases, answers_):
        python = tree(ET.fromstring(svg._dice(svg.layout(variant, side), color, dice)))
        assert same_elements([mine], [python])


def test_arrows_are_drawn_as_the_engine_draws_them(run):
    """A replay's turn and a mistake's plays: the arrows the page draws are the build's (svg._arrows), hits and
    bearing off, in both games, the mistake's dashed with their own head."""
    cases = []
    for position, dice in random_game_positions("short", 120, seed=5) + random_game_positions("long", 60, seed=5):
        plays = legal_plays(position, dice)
        if plays:
            cases.append((position, plays[len(plays) // 2], len(cases) % 2 == 1))
    # Seen from either side (a play page turned for Black draws the review's arrows on its turned board).
    side = lambda index: "black" if index % 3 == 0 else "white"  # noqa: E731
    answers_ = run([{"kind": "arrows", "position": position.to_json(), "prefix": "x--", "mistake": mistake,
                     "moves": [[m.start, m.end, m.die, m.hit] for m in play.moves], "side": side(index)}
                    for index, (position, play, mistake) in enumerate(cases)])
    hits = offs = 0
    for index, ((position, play, mistake), mine) in enumerate(zip(cases, answers_)):
        drawn = svg._arrows(position, svg.layout(position.variant, side(index)), "x--", play.moves, mistake=mistake)
        python = parsed_layer("<g>" + "".join(drawn) + "</g>")
        assert same_elements(mine, python), (to_text(position), play.notation)
        hits += any(m.hit for m in play.moves)
        offs += any(m.end == "off" for m in play.moves)
    assert len(cases) > 150 and hits > 10 and offs > 5


def test_numbers_are_written_to_one_decimal_as_the_engine_writes_them(run):
    values = [0, 1, 12.25, 12.75, 0.25, 0.75, 1.05, 2.5, 354.5, 351 - 8.6 * 3, 100 / 3, 14.999, 7.45, 7.55, 99.95]
    values += [round(random.Random(4).uniform(0, 700), 3) for _ in range(200)]
    (mine,) = run([{"kind": "num", "values": values}])
    for value, text in zip(values, mine):
        python = svg._num(value)
        assert abs(float(text) - value) <= 0.05 + 1e-9, (value, text)
        assert text == python or (close(text, python) and abs(round(value * 10) - value * 10) == 0.5), (value, text)
    assert sum(text == svg._num(value) for value, text in zip(values, mine)) > 0.9 * len(values)


@pytest.mark.parametrize("side", ["white", "black"])
def test_clicks_land_on_the_place_under_them(run, side):
    """Every place round-trips: each checker's centre (the board's own slot, checked against the build's) and a
    point beside it are that place under a click, from either side; so are the trays, the bar, a corner."""
    cases, slots, wanted = [], [], []
    for variant in ("short", "long"):
        lay = svg.layout(variant, side)
        places = [str(point) for point in range(1, 25)] + ["off"] + (["bar"] if variant == "short" else [])
        for where in places:
            for color in ("white", "black"):
                for level in (0, 2, 4):
                    x, y = svg._slot(lay, color, where, level)
                    slots.append({"kind": "slot", "variant": variant, "side": side, "color": color, "where": where,
                                  "level": level})
                    wanted.append([x, y])
                    answer = int(where) if where.isdigit() else where
                    cases.append((variant, x, y, answer))
                    if where.isdigit():
                        cases.append((variant, x + 12, y, answer))
        cases.append((variant, 5, 5, None))
    assert run(slots) == wanted  # the board's slots are the build's
    answers_ = run([{"kind": "place", "variant": v, "x": x, "y": y, "side": side} for v, x, y, _ in cases])
    assert answers_ == [want for *_rest, want in cases]


@pytest.mark.parametrize("side", ["white", "black"])
def test_a_click_on_a_drawn_point_is_that_point(run, side):
    """The hit-testing against the drawing, not the layout: a click in the middle of each triangle the build draws
    (seen from the side), and on each tray, is that triangle's point (its data-points) and "off"."""
    cases = []
    for position in (ShortPosition.start(), LongPosition.start()):
        root = ET.fromstring(svg.board(position, id_prefix="t-", side=side))
        for point, (left, right, top) in point_triangles(root).items():
            y = svg.FIELD_TOP + 40 if top else svg.FIELD_BOTTOM - 40
            cases.append((position.variant, (left + right) / 2, y, point))
        for rect in root.iter("{http://www.w3.org/2000/svg}rect"):
            if rect.get("class") == "nardy-tray":
                x, y = float(rect.get("x")) + float(rect.get("width")) / 2, float(rect.get("y")) + 20
                cases.append((position.variant, x, y, "off"))
    answers_ = run([{"kind": "place", "variant": v, "x": x, "y": y, "side": side} for v, x, y, _ in cases])
    assert answers_ == [want for *_rest, want in cases]
    assert len(cases) == 2 * 26


def own(variant: str, side: str, point: int) -> int:
    """A point in a side's own numbering, by the engine (Position.to_own): the oracle of a side's numbers."""
    return (ShortPosition.start() if variant == "short" else LongPosition.start()).to_own(side, point)


def test_the_keyboard_cursor_goes_round_in_the_viewers_numbering(run):
    tasks = [{"kind": "cursorPlaces", "variant": v, "side": s} for v in ("short", "long") for s in ("white", "black")]
    for task, places in zip(tasks, run(tasks)):
        points = places[1:-1] if task["variant"] == "short" else places[:-1]
        assert places[-1] == "off" and (places[0] == "bar") == (task["variant"] == "short")
        assert [own(task["variant"], task["side"], point) for point in points] == list(range(24, 0, -1)), task


def test_numbers_and_shades_are_drawn_as_the_engine_draws_them(run):
    """The points' numbers and the shades' points the board writes again when it turns (or numbers a replay's
    turn from its mover's side) are the build's for the same side and numbering."""
    cases = [(v, s, n) for v in ("short", "long") for s in ("white", "black") for n in ("white", "black")]
    numbers = run([{"kind": "numbers", "variant": v, "side": s, "numbering": n} for v, s, n in cases])
    shades = run([{"kind": "shades", "variant": v, "side": s} for v, s, _n in cases])
    for (variant, side, numbering), mine, shade in zip(cases, numbers, shades):
        position = ShortPosition.start() if variant == "short" else LongPosition.start()
        root = ET.fromstring(svg.board(position, id_prefix="t-", side=side, numbering=numbering))
        python = [{"tag": e.tag.split("}")[1], "attrs": dict(e.attrib), "text": e.text}
                  for e in root if e.get("class") == "nardy-num"]
        assert same_elements(mine, python), (variant, side, numbering)
        points = {e.get("class").split()[1]: e.get("data-points") for e in root if "nardy-pt" in (e.get("class") or "")}
        assert shade == points, (variant, side)


def test_a_sides_numbering_says_plays_as_that_side_writes_them(run):
    """Black's plays renumbered for a board seen from Black are Black's own notation as the engine writes it
    (the scoresheet's, GNU Backgammon's); White's numbering leaves every play as it is."""
    cases = []
    for variant in ("short", "long"):
        for position, dice in random_game_positions(variant, 80, seed=11):
            for play in legal_plays(position, dice)[:3]:
                cases.append((variant, position.turn, play.notation, play.own_notation))
    tasks = [{"kind": "plays", "variant": v, "side": turn, "plays": [notation]} for v, turn, notation, _own in cases]
    tasks += [{"kind": "plays", "variant": v, "plays": [notation]} for v, _turn, notation, _own in cases]
    answers_ = run(tasks)
    assert [answer[0] for answer in answers_[:len(cases)]] == [mine for *_rest, mine in cases]
    assert [answer[0] for answer in answers_[len(cases):]] == [notation for _v, _t, notation, _own in cases]
    assert sum(turn == "black" and notation != mine for _v, turn, notation, mine in cases) > 50
    assert any("(" in notation for *_rest, notation, _own in cases) and any("*" in n for _v, _t, n, _o in cases)
    # Forms the games above may miss, and a White play said in Black's numbering.
    fixed = ["24/18(2) 13/7(2)", "bar/22 13/10*/5", "6/off 5/off(3)", "13/8 6/5"]
    assert run([{"kind": "plays", "variant": "short", "side": "black", "plays": fixed}])[0] == [
        "1/7(2) 12/18(2)", "bar/3 12/15*/20", "19/off 20/off(3)", "12/17 19/20"]


def test_a_sides_numbering_says_the_points_of_a_refusal_and_of_the_cursor(run):
    """The points a refusal names (the reasons' table: point, start, end, head, first, last, higher) and the
    cursor's point, in Black's numbering on a board seen from Black, as the catalog words them."""
    translator, _ = i18n.load(languages.get("en"))
    catalog = live_assets.catalog(translator)
    named = ("point", "start", "end", "head", "first", "last", "higher")
    refusals = [("long", Refusal("six-block", first=13, last=18)), ("long", Refusal("head-rule", count=1, head=12)),
                ("short", Refusal("backwards", start=20, end=17)), ("short", Refusal("no-checker", point="bar")),
                ("short", Refusal("higher-checker-must-move", die=6, point=20, higher=19)),
                ("short", Refusal("point-closed", point=8, count=2, color="white")),
                ("short", Refusal("no-such-die", point=21, dice="3"))]
    tasks, wanted = [], []
    for variant, refusal in refusals:
        tasks.append({"kind": "framedReason", "catalog": catalog, "variant": variant, "side": "black",
                      "reason": reason_json(refusal)})
        params = {name: own(variant, "black", value) if name in named and isinstance(value, int) else value
                  for name, value in refusal.params.items()}
        wanted.append(Refusal(refusal.code, **params).message(translator.gettext, translator.ngettext))
    position = ShortPosition.start("black")
    for place, on_target in ((19, False), (1, False), (7, False), (20, True)):
        tasks.append({"kind": "cursorText", "catalog": catalog, "position": position.to_json(), "place": place,
                      "onTarget": on_target, "side": "black"})
        point = own("short", "black", place)
        color, count = position.count_at(place)
        if on_target:
            wanted.append(translator.gettext(i18n.BOARD["cursor-target"]).format(point=point))
        elif color:
            wanted.append(translator.ngettext(*i18n.BOARD[f"cursor-{color}"], count).format(point=point, count=count))
        else:
            wanted.append(translator.gettext(i18n.BOARD["cursor-empty"]).format(point=point))
    assert run(tasks) == wanted
    assert "from 1 to 6" in wanted[0] and "(point 24)" in wanted[1] and "5 to 8" in wanted[2]
    assert wanted[-4:] == ["Point 6: 5 black checkers.", "Point 24: 2 black checkers.", "Point 18: empty.",
                          "Point 5: press Enter to move the selected checker here."]


# ---------------------------------------------------------------------- messages


def catalogs():
    for lang in languages.enabled():
        translator, _ = i18n.load(lang)
        yield lang, translator, live_assets.catalog(translator)


def test_plural_rules_evaluated_from_the_compiled_tree(run):
    tasks, wanted = [], []
    numbers = list(range(0, 230)) + [1001, 1011, 1021, 1111, 10000]
    for _lang, translator, catalog in catalogs():
        tasks.append({"kind": "plural", "tree": catalog["plural"], "numbers": numbers})
        wanted.append([translator.plural(n) for n in numbers])
    assert run(tasks) == wanted


def sample_params(message, count) -> dict:
    texts = message if isinstance(message, tuple) else (message,)
    names = set().union(*(i18n.fields(text) for text in texts))
    values = {"point": 13, "start": 13, "end": 8, "distance": 5, "die": 6, "other": 3, "dice": "5, 3",
              "head": 24, "first": 7, "last": 12, "higher": 6, "color": "black", "move": "13/8*",
              "targets": "8, 5", "white": 167, "black": 160, "count": count, "number": 7, "play": "13/8 6/5",
              "text": "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2",
              "reason": "Point 8 is closed: two or more black checkers stand on it."}
    return {name: values[name] for name in names}


def test_board_messages_in_every_language(run):
    tasks, wanted = [], []
    for _lang, translator, catalog in catalogs():
        for key, message in i18n.BOARD.items():
            for count in (1, 2, 3, 5, 11, 21, 22, 25):
                params = sample_params(message, count)
                if isinstance(message, tuple):
                    text = translator.ngettext(message[0], message[1], count)
                else:
                    text = translator.gettext(message)
                tasks.append({"kind": "message", "catalog": catalog, "key": key, "params": params})
                wanted.append(text.format(**params))
                if not isinstance(message, tuple):
                    break
    answers_ = run(tasks)
    assert answers_ == wanted
    assert len(set(answers_)) > 6 * len(i18n.BOARD) * 0.9  # translated: the languages differ


def test_refusal_reasons_in_every_language(run):
    tasks, wanted = [], []
    reasons = [
        ("no-checker", {"point": 13}), ("no-checker", {"point": "bar"}), ("backwards", {"start": 8, "end": 13}),
        ("enter-from-bar-first", {}), ("no-such-die", {"distance": 2, "dice": "5, 3"}),
        ("no-such-die", {"point": 4, "dice": "3"}), ("six-block", {"first": 7, "last": 12}),
        ("higher-checker-must-move", {"die": 6, "point": 4, "higher": 5}),
        ("must-play-larger-die", {"die": 6, "other": 5}), ("no-dice-left", {}), ("game-over", {}),
    ]
    for count in (1, 2, 4, 5, 11, 15, 21):
        reasons += [("point-closed", {"point": 8, "count": count, "color": "black"}),
                    ("point-closed", {"point": 8, "count": count, "color": "white"}),
                    ("head-rule", {"count": count, "head": 24}), ("not-all-home", {"count": count}),
                    ("leaves-dice-unplayed", {"count": count})]
    covered = set()
    for _lang, translator, catalog in catalogs():
        for code, params in reasons:
            refusal = Refusal(code, **params)
            covered.add(refusal.message_key)
            # The reason as the engine's answers carry it: code, params and the message key.
            tasks.append({"kind": "reason", "catalog": catalog, "reason": reason_json(refusal)})
            wanted.append(refusal.message(translator.gettext, translator.ngettext))
    # Every refusal's message (the other keys of MESSAGES are headings, such as dice-lost).
    assert covered == {key for key in MESSAGES if key.split("/")[0] in CODES}
    assert run(tasks) == wanted


def test_the_kazakh_reason_for_a_closed_point():
    kk, _ = i18n.load(languages.get("kk"))
    catalog = live_assets.catalog(kk)
    assert catalog["lang"] == "kk-Cyrl"
    forms = catalog["reasons"]["point-closed/black"]
    assert forms[1].format(point=8, count=2) == "8-пункт жабық: онда 2 қара тас тұр."


# ---------------------------------------------------------------------- links


LINKS = [
    "board=short-hit:nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1:5",
    "board=short-opening-3-1:nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2:3-1:8-5-3.6-5-1",
    "board=long-double-4-4:nardy:long:w:24x15:12x15:4-4-4",
    "board=x:nardy:long:b:24x14,18x1:12x15:",
    "board=short-enter:nardy:short:w:24x1,13x5,8x3,6x5,barx1:19x5,17x3,12x5,1x2:6-4:bar-19-6",
]
BAD_LINKS = [
    "board=short-hit", "board=short-hit:nardy:short:w:24x16:1x2:5", "board=x:nardy:long:w:24x15:12x15:7-1",
    "board=x:nardy:long:w:24x15:12x15:6-5-4", "board=x:nardy:long:w:24x15:12x15::24-18-6",
    "board=x:nardy:long:w:24x15:12x15:6-5:24/18", "board=x:nardy:long:w:24x15:12x15:6-5:24-18-6.",
    "board=x:nardy:long:w:24x15:12x15:6-5:<script>", "board=x:nardy:long:w:24x15:12x15:6-5:24-17-6",
    "board=x:nardy:long:w:24x15:12x15:6-5:%E0%A4%A",
]
NOT_LINKS = ["bord=x:nardy:long:w:24x15:12x15:6-5", "board=a b:nardy:long:w:24x15:12x15:6-6", "%", "%E0%A4%A", "#%",
             "", "board=", "#board=%", "board=x%ZZ:nardy:long:w:24x15:12x15:6-5"]


def test_links_are_read_asked_of_the_engine_and_written_back(run):
    answers_ = run([{"kind": "link", "fragment": text} for text in LINKS + BAD_LINKS + NOT_LINKS])
    good, bad, none = answers_[:len(LINKS)], answers_[len(LINKS):-len(NOT_LINKS)], answers_[-len(NOT_LINKS):]
    for text, answer in zip(LINKS, good):
        assert answer["again"] == text, text
    # The engine takes the first four; the last enters on 19, where Black has five checkers.
    assert ["error" in handle(answer["request"]) for answer in good] == [False] * 4 + [True]
    assert "point-closed" in handle(good[4]["request"])["error"]
    # Refused by the link's syntax (no request), or by the engine.
    for text, answer in zip(BAD_LINKS, bad):
        assert answer["named"] is not None, text
        assert "request" not in answer or "error" in handle(answer["request"]), text
    assert sum("request" in answer for answer in bad) >= 4  # the engine decides these
    assert none == [{"named": None}] * len(NOT_LINKS)
    assert good[1]["moves"] == [{"from": 8, "to": 5, "die": 3}, {"from": 6, "to": 5, "die": 1}]
    assert good[3]["dice"] is None and good[3]["request"] == {"op": "position", "position": "nardy:long:b:24x14,18x1:12x15"}
    assert good[4]["moves"] == [{"from": "bar", "to": 19, "die": 6}]
    assert good[0]["request"]["op"] == "state" and good[0]["request"]["dice"] == [5]


def test_a_figure_gives_its_example_in_the_links_forms(run, site, site_languages):
    """Every figure's data-position, data-dice and data-show read as a board reads them, and the engine takes them."""
    from .htmlscan import parse_file

    lang = site_languages[0]
    figures = []
    for page in ("short", "long", "short-game", "long-game", "short-mistakes", "long-mistakes", "mars-and-koks"):
        root = parse_file(site / lang.code / page / "index.html")
        figures += root.find_all("figure", cls="nardy-diagram")
    tasks = [{"kind": "figure", "dice": f.get("data-dice") or "", "show": f.get("data-show") or ""} for f in figures]
    read = run(tasks)
    shown = 0
    for figure, mine in zip(figures, read):
        position = figure.get("data-position")
        assert mine["dice"] is None or all(1 <= d <= 6 for d in mine["dice"]), figure.get("id")
        if mine["dice"] is None:
            assert mine["show"] == [] and "error" not in handle({"op": "position", "position": position})
            continue
        answer = handle({"op": "state", "position": position, "dice": mine["dice"], "moves": mine["show"]})
        assert "error" not in answer, (figure.get("id"), answer)
        shown += len(mine["show"])
    assert len(figures) > 30 and shown > 20


# ---------------------------------------------------------------------- a board's history


def test_a_boards_history_of_turns(run):
    start = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"
    example = {"position": start, "dice": [3, 1], "moves": [], "rolled": False}
    moved = {**example, "moves": [{"from": 8, "to": 5, "die": 3}]}
    passed = {"position": "nardy:short:b:24x2,13x5,8x2,6x4,5x2:19x5,17x3,12x5,1x2", "dice": None, "moves": [],
              "rolled": False}
    linked = {"position": start, "dice": [6, 6], "moves": [], "rolled": False}
    steps = [["change", moved], ["replace", passed], ["undo", None], ["undo", None], ["redo", None],
             ["open", linked], ["undo", None], ["reset", None]]
    (states,) = run([{"kind": "history", "example": example, "steps": steps}])
    current = [item["current"] for item in states]
    assert current == [moved, passed, example, example, passed, linked, linked, example]
    assert [item["done"] for item in states] == [None, None, True, False, True, None, False, None]
    assert [item["pristine"] for item in states] == [False, False, True, True, False, False, False, True]
    assert [(item["undo"], item["redo"]) for item in states] == [
        (True, False), (True, False), (False, True), (False, True), (True, False), (False, False), (False, False),
        (False, False)]
    # What the board asks for each: the turn so far, or the bare position while no dice are thrown.
    assert states[0]["view"] == {"op": "state", **{k: moved[k] for k in ("position", "dice", "moves")}}
    assert states[1]["view"] == {"op": "position", "position": passed["position"]}
    assert "error" not in handle(states[0]["view"]) and "error" not in handle(states[1]["view"])
