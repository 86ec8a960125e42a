"""The engine in Pyodide (CPython 3.14, the npm package the site ships) answers as CPython does.

Runs Node.js with the pinned Pyodide on a few hundred positions of both games
from random games and random positions, through the live boards' own entry
point ``nardy_rules.live``, and compares every answer with this interpreter's.
Pyodide and the engine archive are the files the site ships: the build's
``nardy_site.app.live_assets`` writes them into a temporary ``pyodide/`` folder
here, as it does into ``site/pyodide/``.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from nardy_rules import to_text
from nardy_rules.live import handle
from nardy_site.app import live_assets
from tests.engine.positions import random_game_positions, random_position

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"

pytestmark = pytest.mark.skipif(not (PYODIDE / "pyodide.mjs").exists() or not shutil.which("node"),
                                reason="needs node and npm ci (scripts/setup)")


def requests():
    import random

    out = []
    for variant in ("short", "long"):
        for position, dice in random_game_positions(variant, 150, seed=31):
            out.append({"op": "plays", "position": position.to_json(), "dice": list(dice)})
        rng = random.Random(5)
        for _ in range(60):
            position = random_position(rng, variant)
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            out.append({"op": "plays", "position": position.to_json(), "dice": dice})
            out.append({"op": "state", "position": position.to_json(), "dice": dice})
        for position, dice in random_game_positions(variant, 40, seed=8):
            moves = position.legal_plays(dice)[0].moves if position.legal_plays(dice) else ()
            first = [] if not moves else [{"from": moves[0].start, "to": moves[0].end, "die": moves[0].die}]
            for point in sorted({m.start for m in moves}, key=str):
                out.append({"op": "targets", "position": position.to_json(), "dice": list(dice), "from": point})
            out.append({"op": "plays", "position": position.to_json(), "dice": [dice[0]], "moves": []})
            out.append({"op": "check", "position": position.to_json(), "dice": list(dice), "moves": first,
                        "from": 13, "to": 7})
            # As the live boards ask: positions in the text form, a bare position, a checker that cannot move.
            text = to_text(position)
            out.append({"op": "position", "position": text})
            out.append({"op": "state", "position": text, "dice": list(dice), "moves": first})
            out.append({"op": "targets", "position": text, "dice": list(dice), "moves": first, "from": "bar"})
            if moves:
                out.append({"op": "check", "position": text, "dice": list(dice), "moves": [],
                            "from": moves[0].start, "to": moves[0].end, "die": moves[0].die})
    out.append({"op": "plays", "position": {"variant": "short"}, "dice": [1, 1]})  # an error, answered alike
    out.append({"op": "position", "position": "nardy:short:w:24x16:1x15"})       # an error, answered alike
    return out


def test_pyodide_answers_like_cpython(tmp_path):
    shipped = live_assets.write(tmp_path)  # what the build writes into site/pyodide/
    archive = shipped / live_assets.ENGINE
    batch = requests()
    done = subprocess.run(["node", str(Path(__file__).with_name("run_engine.mjs")), str(shipped), str(archive)],
                          input="".join(json.dumps(r) + "\n" for r in batch), capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(batch) >= 500
    plays_compared = 0
    ops = set()
    for request, answer in zip(batch, answers):
        expected = handle(request)
        assert answer == expected, request
        plays_compared += len(expected.get("plays", []))
        ops.add(request["op"])
    assert plays_compared > 3000
    assert ops == {"plays", "state", "targets", "check", "position"}
