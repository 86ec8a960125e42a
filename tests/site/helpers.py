"""Shared helpers of the site tests: positions to draw, SVG reading, temporary builds."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from nardy_rules import LongPosition, ShortPosition, legal_plays

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def random_games(variant, seed: int, games: int = 2):
    """Every position (with the roll and the play made) of a few random games, replayable by seed."""
    rng = random.Random(seed)
    start = ShortPosition.start if variant == "short" else LongPosition.start
    out = []
    for _ in range(games):
        position = start()
        for _turn in range(400):
            if position.is_game_over():
                out.append((position, None, None))
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            play = rng.choice(plays) if plays else None
            out.append((position, dice, play))
            position = play.result if play else position.with_turn("black" if position.turn == "white" else "white")
    return out


def sample_positions():
    """Positions of both games: starts, middles, checkers on the bar, borne off, tall stacks."""
    picked = []
    for variant, seed in (("short", 1), ("short", 7), ("long", 3), ("long", 11)):
        found = random_games(variant, seed)
        picked.extend(found[::9])
        picked.append(found[-2])  # late in a game: checkers borne off
        with_bar = [item for item in found if item[0].bar("white") or item[0].bar("black")]
        picked.extend(with_bar[:3])
    return picked


def parse(svg_text: str) -> ET.Element:
    return ET.fromstring(svg_text)


def classes(element) -> set[str]:
    return set((element.get("class") or "").split())


def find(root, tag: str, cls: str | None = None) -> list:
    return [e for e in root.iter(SVG + tag) if cls is None or cls in classes(e)]


def text_of(element) -> str:
    return "".join(element.itertext())


NUMBER = r"(-?\d+(?:\.\d+)?)"
CIRCLE = re.compile(r"M(?P<x>-?[\d.]+) (?P<y>-?[\d.]+)a(?P<r>[\d.]+) (?P=r) 0 1 0 (?P<d>[\d.]+) 0"
                    r"a(?P=r) (?P=r) 0 1 0 -(?P=d) 0z")
SLAB = re.compile(rf"M{NUMBER} {NUMBER}h{NUMBER}a2 2 0 0 1 2 2v{NUMBER}a2 2 0 0 1 -2 2h-{NUMBER}a2 2 0 0 1 -2 -2"
                  rf"v-{NUMBER}a2 2 0 0 1 2 -2z")


def shapes(path, pattern: re.Pattern) -> list[re.Match]:
    """The subpaths of a path element, each one shape of ``pattern``; the path must hold nothing else."""
    d = path.get("d")
    found = list(pattern.finditer(d))
    assert "".join(match.group(0) for match in found) == d, d[:200]
    return found


def circles(path) -> list[tuple[float, float, float]]:
    """(cx, cy, r) of every circle a path draws (nardy_rules.svg.circle_d: a stack, a die's pips)."""
    out = []
    for match in shapes(path, CIRCLE):
        left, cy, r, diameter = (float(match.group(name)) for name in ("x", "y", "r", "d"))
        assert abs(diameter - 2 * r) < 0.11, match.group(0)
        out.append((round(left + r, 1), cy, r))
    return out


def slabs(path) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of every slab of a tray's path (nardy_rules.svg.slab_d, corners of radius 2)."""
    out = []
    for match in shapes(path, SLAB):
        x, y, top, side, bottom, back = (float(g) for g in match.groups())
        assert (top, side) == (bottom, back), match.group(0)
        out.append((x - 2, y, top + 4, side + 4))
    return out


TRIANGLE = re.compile(r"M([\d.]+) ([\d.]+)h([\d.]+)l-?[\d.]+ (-?[\d.]+)z")


def point_triangles(root) -> dict[int, tuple[float, float, bool]]:
    """{point: (left, right, top row)} read from the points' paths: one per colour, ``data-points`` naming the
    point of each subpath in order."""
    out = {}
    for path in find(root, "path", "nardy-pt"):
        points = [int(p) for p in path.get("data-points").split()]
        found = shapes(path, TRIANGLE)
        assert len(found) == len(points), (points, path.get("d"))
        for point, match in zip(points, found):
            x, _y, width, height = (float(g) for g in match.groups())
            assert point not in out, point
            out[point] = (x, x + width, height > 0)
    return out


def point_numbers(root) -> list[tuple[int, float, float]]:
    """(number, centre x, y) of every point number: the runs of digits with one position each
    (``data-digits`` ones: centred; tens: end at the centre; units: start there, at the tens' place)."""
    runs = {}
    for text in find(root, "text", "nardy-num"):
        xs = [float(v) for v in text.get("x").split()]
        ys = [float(v) for v in text.get("y").split()]
        digits = text_of(text)
        assert len(xs) == len(ys) == len(digits), (xs, ys, digits)
        runs[text.get("data-digits")] = list(zip(digits, xs, ys))
    assert set(runs) == {"ones", "tens", "units"}, set(runs)
    out = [(int(digit), x, y) for digit, x, y in runs["ones"]]
    assert [(x, y) for _d, x, y in runs["tens"]] == [(x, y) for _d, x, y in runs["units"]]
    out += [(int(t + u), x, y) for (t, x, y), (u, _x, _y) in zip(runs["tens"], runs["units"])]
    return out


def write_build(tmp: Path, pages: dict[str, str], language: str = "uz") -> Path:
    """A docs dir and a config INHERITing the repository's mkdocs.yml; returns the config path."""
    docs = tmp / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    config = tmp / "config" / f"{language}.yml"
    config.parent.mkdir(exist_ok=True)
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\n"
        "site_name: Test\n"
        f"site_url: http://127.0.0.1:8000/{language}/\n"
        "docs_dir: ../docs\n"
        "site_dir: ../site\n"
        f"hooks:\n  - {ROOT / 'hooks' / 'nardy.py'}\n"
        f"theme:\n  language: {language}\n  custom_dir: {ROOT / 'overrides'}\n",
        encoding="utf-8",
    )
    return config


def mkdocs_build(config: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "NARDY_SITE_URL"}
    env["NO_MKDOCS_2_WARNING"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=300,
    )


URL = re.compile(r"(?:\b[a-zA-Z][a-zA-Z0-9+.-]*:)?//([^/\s\"'<>)]*)")


def built_pages(tmp: Path, pages: dict[str, str]) -> Path:
    """Build ``pages`` (which must build cleanly) in ``tmp``; returns the site folder."""
    done = mkdocs_build(write_build(tmp, pages))
    assert done.returncode == 0, done.stdout + done.stderr
    return tmp / "site"
