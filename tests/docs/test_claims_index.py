"""CLAIMS.md points at tests, blocks and tables that exist (a renamed test must not orphan a claim)."""

import ast
import re
from pathlib import Path

from nardy_site.blocks import find_blocks
from nardy_site.tables import CHECKS

from .pages import ROOT, text

CLAIMS = Path(__file__).with_name("CLAIMS.md").read_text(encoding="utf-8")


def test_every_named_test_exists():
    named = re.findall(r"`(?:tests/(?:engine|docs)/)?(test_\w+\.py)::(test_\w+)`", CLAIMS)
    named += [(file, test) for file, tests in re.findall(r"`(?:tests/\w+/)?(test_\w+\.py)::test_\w+`((?:, `::test_\w+`)+)",
                                                         CLAIMS) for test in re.findall(r"::(test_\w+)", tests)]
    assert len(named) > 40
    for file, test in named:
        candidates = list((ROOT / "tests").glob(f"*/{file}"))
        assert candidates, f"CLAIMS.md names {file}, which does not exist"
        names = {node.name for c in candidates for node in ast.walk(ast.parse(c.read_text())) if isinstance(node, ast.FunctionDef)}
        assert test in names, f"CLAIMS.md names {file}::{test}, which does not exist"


def test_every_named_block_and_table_exists():
    ids = {b.id for page in ("short.md", "long.md") for b in find_blocks(text(ROOT / "docs" / "uz" / page), page)}
    for name in re.findall(r"blocks? `([a-z0-9-]+)`", CLAIMS) + re.findall(r", `([a-z]+-[a-z0-9-]+)`", CLAIMS):
        if name.endswith("-*"):
            continue
        if name in CHECKS:
            continue
        assert name in ids, f"CLAIMS.md names diagram {name!r}, which no page has"
    for kind in re.findall(r"table `([a-z-]+)`", CLAIMS):
        assert kind in CHECKS, f"CLAIMS.md names table {kind!r}, which is not a checked kind"
