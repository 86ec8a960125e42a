"""The live boards' logic (assets/nardy-logic.js, run in Node.js) against the Python engine.

- The example of every diagram: for every state of its embedded plays (every order of single moves
  the engine accepts), the board's own answer equals the engine's ``state`` op (``nardy_rules.live``,
  which the parity test runs in Pyodide too): position, dice left, the legal single moves, complete,
  lost dice, pips, the next position, the result; and a checker's destinations equal ``paths``.
- Positions: the text form both ways, JSON, pips, results, moves with hits, bad texts refused.
- Drawing: the JavaScript checker layer and dice are element for element what nardy_rules.svg draws.
- Messages: every board string and every refusal reason in every language, with its plural rule
  evaluated from the compiled tree, equals Python's gettext formatting.
- Links: read and written back; bad ones refused.
"""

from __future__ import annotations

import importlib.util
import json
import random
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import deque

import pytest

from nardy_rules import from_text, svg, to_text
from nardy_rules.live import handle
from nardy_rules.reasons import CODES, MESSAGES, Refusal
from nardy_rules.turn import Turn
from nardy_site import i18n, languages
from nardy_site.blocks import find_blocks, verify
from nardy_site.diagram import data as figure_data
from tests.engine.positions import random_game_positions, random_position

from .helpers import ROOT, sample_positions

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
            [NODE, str(ROOT / "tests" / "site" / "logic_runner.mjs"), str(ROOT / "assets" / "nardy-logic.js"), str(layout)],
            input="".join(json.dumps(task) + "\n" for task in tasks), capture_output=True, text=True, timeout=300,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        answers = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(answers) == len(tasks)
        errors = [(task, answer["error"]) for task, answer in zip(tasks, answers) if "error" in answer]
        assert not errors, errors[:3]
        return [answer["ok"] for answer in answers]

    return run_tasks


def diagram_data() -> list[dict]:
    uz, _ = i18n.load(languages.get("uz"))
    out = []
    for page in sorted((ROOT / "docs" / "uz").glob("*.md")):
        for block in find_blocks(page.read_text(encoding="utf-8"), page):
            verify(block)
            out.append(figure_data(block, uz))
    return out


def paths_to_states(graph) -> dict[int, list]:
    """One path of moves from the start to every state of a turn graph."""
    found = {0: []}
    queue = deque([0])
    while queue:
        state = queue.popleft()
        for edge in graph[state]:
            if edge[3] not in found:
                found[edge[3]] = found[state] + [edge[:3]]
                queue.append(edge[3])
    return found


def request(data, moves, op="state", **extra):
    return {"op": op, "position": from_text(data["text"]).to_json(), "dice": data["dice"],
            "moves": [{"from": a, "to": b, "die": d} for a, b, d in moves], **extra}


def move_key(move: dict) -> tuple:
    return (str(move["from"]), str(move["to"]), move["die"], bool(move["hit"]))


def test_every_example_answers_like_the_engine_in_every_state(run):
    cases = []
    for data in diagram_data():
        if not data["dice"]:
            assert data["turn"] is None and data["plays"] is None
            continue
        graph = data["turn"]
        for state, moves in paths_to_states(graph).items():
            cases.append((data, moves))
            # Every path of the graph is a legal order: the last moves into each state from each edge.
            for edge in graph[state]:
                cases.append((data, moves + [edge[:3]]))
    answers = run([{"kind": "state", "data": data, "moves": moves} for data, moves in cases])
    assert len(cases) > 700
    for (data, moves), mine in zip(cases, answers):
        engine = handle(request(data, moves))
        assert "error" not in engine, (data["id"], moves, engine)
        assert mine is not None, (data["id"], moves)
        where = (data["id"], moves)
        for key in ("position", "turn", "dice", "remaining", "max_dice", "complete", "lost", "pips", "next", "result"):
            assert mine[key] == engine[key], (where, key, mine[key], engine[key])
        assert [move_key(m) for m in mine["moves"]] == [move_key(m) for m in engine["moves"]], where
        assert sorted(map(move_key, mine["legal_moves"])) == sorted(map(move_key, engine["legal_moves"])), where


def test_moves_off_the_embedded_plays_are_left_to_the_engine(run):
    cases = []
    for data in diagram_data():
        if not data["dice"] or not data["turn"][0]:
            continue
        first = data["turn"][0][0]
        cases.append((data, [[first[0], first[1], 6 if first[2] != 6 else 5]]))
        cases.append((data, [first[:3]] * 5))
    answers = run([{"kind": "state", "data": data, "moves": moves} for data, moves in cases])
    refused = 0
    for (data, moves), answer in zip(cases, answers):
        engine = handle(request(data, moves))
        # Off the graph exactly when the engine refuses the moves (a bear-off may take either die).
        assert (answer is None) == ("error" in engine), (data["id"], moves)
        refused += answer is None
    assert refused > 40


def test_destinations_of_every_checker_are_the_engines(run):
    cases = []
    for data in diagram_data():
        if not data["dice"]:
            continue
        for state, moves in paths_to_states(data["turn"]).items():
            turn = Turn(from_text(data["text"]), data["dice"])
            for a, b, d in moves:
                turn.move(a, b, d)
            places = {"bar"} | {point for point in range(1, 25)}
            for place in sorted(places, key=str):
                if place == "bar" and not turn.position.bar(turn.color):
                    continue
                if place != "bar" and turn.position.count_at(place)[0] != turn.color:
                    continue
                cases.append((data, moves, place))
    answers = run([{"kind": "paths", "data": data, "moves": moves, "from": place} for data, moves, place in cases])
    assert len(cases) > 1000
    for (data, moves, place), mine in zip(cases, answers):
        engine = handle(request(data, moves, "paths", **{"from": place}))["paths"]
        ends = {str(p["end"]): len(p["moves"]) for p in engine}
        assert {str(p["end"]): len(p["moves"]) for p in mine} == ends, (data["id"], moves, place)
        for path in mine:  # each path the board would play is one the engine accepts, in this order
            turn = Turn(from_text(data["text"]), data["dice"])
            for a, b, d in moves + path["moves"]:
                turn.move(a, b, d)


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


def test_positions_text_json_pips_and_results(run):
    positions = positions_to_read()
    answers = run([{"kind": "position", "text": to_text(p)} for p in positions])
    results = set()
    for position, mine in zip(positions, answers):
        assert mine["text"] == to_text(position) == mine["fromJSON"]
        assert mine["json"] == position.to_json()
        assert mine["pips"] == {"white": position.pips("white"), "black": position.pips("black")}
        result = position.result()
        assert mine["result"] == (result.to_json() if result else None), to_text(position)
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
    answers = run([{"kind": "badText", "text": text} for text in BAD_TEXTS])
    for text, answer in zip(BAD_TEXTS, answers):
        assert answer == "refused", (text, answer)
        if text.strip() == text:  # the engine strips spaces around the whole text; the link reader does not
            with pytest.raises(ValueError):
                from_text(text)


def test_moves_and_hits(run):
    cases = []
    for position, dice in random_game_positions("short", 150, seed=9) + random_game_positions("long", 80, seed=9):
        turn = Turn(position, dice)
        for move in turn.legal_moves()[:4]:
            after = turn.copy()
            after.move(move.start, move.end, move.die)
            cases.append((position, move, after.position))
    answers = run([{"kind": "apply", "text": to_text(p), "move": [m.start, m.end, m.die]} for p, m, _ in cases])
    assert sum(move.hit for _p, move, _a in cases) > 10
    for (_position, move, after), mine in zip(cases, answers):
        assert mine == {"hit": move.hit, "text": to_text(after)}


def parsed_layer(text: str) -> list[dict]:
    root = ET.fromstring(text)
    return [{"tag": e.tag, "attrs": dict(e.attrib), **({"text": e.text} if e.text else {})} for e in root]


def test_checker_layer_is_drawn_as_the_engine_draws_it(run):
    positions = positions_to_read()
    answers = run([{"kind": "checkers", "text": to_text(p)} for p in positions])
    drawn = 0
    for position, mine in zip(positions, answers):
        python = parsed_layer(svg.checker_layer(position))
        assert mine == python, to_text(position)
        drawn += len(python)
        counts = {}
        for element in mine:
            if element["tag"] == "circle":
                key = (element["attrs"]["data-color"], element["attrs"]["data-point"])
                counts[key] = counts.get(key, 0) + 1
        assert counts  # every position has checkers on the points or off
    assert drawn > 2000


def test_dice_are_drawn_as_the_engine_draws_them(run):
    cases = [(variant, color, dice) for variant in ("short", "long") for color in ("white", "black")
             for dice in ([6, 5], [3], [4, 4, 4, 4], [2, 2, 2], [1, 6])]
    answers = run([{"kind": "dice", "variant": v, "color": c, "dice": d} for v, c, d in cases])

    def tree(element):
        out = {"tag": element.tag, "attrs": dict(element.attrib)}
        if list(element):
            out["children"] = [tree(child) for child in element]
        return out

    for (variant, color, dice), mine in zip(cases, answers):
        python = tree(ET.fromstring(svg._dice(svg.layout(variant), color, dice)))
        assert mine == python


def test_numbers_are_written_as_the_engine_writes_them(run):
    values = [0, 1, 12.25, 12.75, 0.25, 0.75, 1.05, 2.5, 354.5, 351 - 8.6 * 3, 100 / 3, 14.999, 7.45, 7.55, 99.95]
    values += [round(random.Random(4).uniform(0, 700), 3) for _ in range(200)]
    (mine,) = run([{"kind": "num", "values": values}])
    assert mine == [svg._num(value) for value in values]


def test_clicks_land_on_the_place_under_them(run):
    cases = []
    for variant in ("short", "long"):
        lay = svg.layout(variant)
        for point in range(1, 25):
            for level in (0, 2, 4):
                x, y = svg._slot(lay, "white", str(point), level)
                cases.append((variant, x, y, point))
                cases.append((variant, x + 12, y, point))
        for color in ("white", "black"):
            x, y = svg._slot(lay, color, "off", 3)
            cases.append((variant, x, y, "off"))
        if variant == "short":
            for color in ("white", "black"):
                x, y = svg._slot(lay, color, "bar", 1)
                cases.append((variant, x, y, "bar"))
        cases.append((variant, 5, 5, None))
    answers = run([{"kind": "place", "variant": v, "x": x, "y": y} for v, x, y, _ in cases])
    assert answers == [want for *_rest, want in cases]


def catalogs():
    for lang in languages.enabled():
        translator, _ = i18n.load(lang)
        yield lang, translator, i18n.board_catalog(translator)


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
              "targets": "8, 5", "white": 167, "black": 160, "count": count}
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
    answers = run(tasks)
    assert answers == wanted
    assert len(set(answers)) > 6 * len(i18n.BOARD) * 0.9  # translated: the languages differ


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
            tasks.append({"kind": "reason", "catalog": catalog, "reason": {"code": code, "params": params}})
            wanted.append(refusal.message(translator.gettext, translator.ngettext))
    # Every refusal's message (the other keys of MESSAGES are headings, such as dice-lost).
    assert covered == {key for key in MESSAGES if key.split("/")[0] in CODES}
    assert run(tasks) == wanted


def test_the_kazakh_reason_for_a_closed_point():
    kk, _ = i18n.load(languages.get("kk"))
    catalog = i18n.board_catalog(kk)
    assert catalog["lang"] == "kk-Cyrl"
    forms = catalog["reasons"]["point-closed/black"]
    assert forms[1].format(point=8, count=2) == "8-пункт жабық: онда 2 қара тас тұр."


LINKS = [
    "board=short-hit:nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1:5",
    "board=short-opening-3-1:nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2:3-1:8-5-3.6-5-1",
    "board=long-double-4-4:nardy:long:w:24x15:12x15:4-4-4",
    "board=x:nardy:long:b:24x14,18x1:12x15:",
    "board=short-enter:nardy:short:w:24x1,13x5,8x3,6x5,barx1:19x5,17x3,12x5,1x2:6-4:bar-19-6",
]
BAD_LINKS = [
    "board=short-hit", "board=short-hit:nardy:short:w:24x16:1x2:5", "board=a b:nardy:long:w:24x15:12x15:6-6",
    "board=x:nardy:long:w:24x15:12x15:7-1", "board=x:nardy:long:w:24x15:12x15:6-5-4",
    "board=x:nardy:long:w:24x15:12x15::24-18-6", "board=x:nardy:long:w:24x15:12x15:6-5:24/18",
    "board=x:nardy:long:w:24x15:12x15:6-5:24-18-6.", "bord=x:nardy:long:w:24x15:12x15:6-5",
    "board=x:nardy:long:w:24x15:12x15:6-5:<script>",
]


def test_links_are_read_and_written_back(run):
    answers = run([{"kind": "link", "fragment": text} for text in LINKS + BAD_LINKS])
    for text, answer in zip(LINKS, answers):
        assert answer is not None and answer["again"] == text, text
    assert answers[len(LINKS):] == [None] * len(BAD_LINKS)
    assert answers[1]["moves"] == [[8, 5, 3], [6, 5, 1]]
    assert answers[3]["dice"] is None
    assert answers[4]["moves"] == [["bar", 19, 6]]
