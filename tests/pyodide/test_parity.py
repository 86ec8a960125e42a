"""The engine in Pyodide (CPython 3.14, the npm package the site ships) answers as CPython does.

Runs Node.js with the pinned Pyodide on a few hundred positions of both games
from random games and random positions, through the live boards' own entry
point ``nardy_rules.live``, and compares every answer with this interpreter's.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from nardy_rules.live import handle
from nardy_site.engine_archive import build
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
    out.append({"op": "plays", "position": {"variant": "short"}, "dice": [1, 1]})  # an error, answered alike
    return out


def test_pyodide_answers_like_cpython(tmp_path):
    archive = build(tmp_path / "nardy_rules.zip")
    batch = requests()
    done = subprocess.run(["node", str(Path(__file__).with_name("run_engine.mjs")), str(PYODIDE), str(archive)],
                          input="".join(json.dumps(r) + "\n" for r in batch), capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(batch) >= 500
    plays_compared = 0
    for request, answer in zip(batch, answers):
        expected = handle(request)
        assert answer == expected, request
        plays_compared += len(expected.get("plays", []))
    assert plays_compared > 3000
