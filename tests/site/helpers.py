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
