"""CLAIMS.md points at tests, blocks and tables that exist (a renamed test must not orphan a claim)."""

import ast
import re
from pathlib import Path

from nardy_site.page.blocks import find_blocks
from nardy_site.page.tables import CHECKS

from .pages import ROOT, text

CLAIMS = Path(__file__).with_name("CLAIMS.md").read_text(encoding="utf-8")
#: A diagram named in CLAIMS.md: after "block"/"blocks", or further along such a list; ``-*`` ends a
#: prefix that names every block starting with it (``short-opening-*``).
BLOCK_NAME = r"[a-z0-9-]+(?:-\*)?"


def test_every_named_test_exists():
    named = re.findall(r"`(?:tests/(?:engine|docs)/)?(test_\w+\.py)::(test_\w+)`", CLAIMS)
    named += [(file, test) for file, tests in re.findall(r"`(?:tests/\w+/)?(test_\w+\.py)::test_\w+`((?:, `::test_\w+`)+)",
                                                         CLAIMS) for test in re.findall(r"::(test_\w+)", tests)]
    assert len(named) > 40
    for file, test in named:
        candidates = list((ROOT / "tests").glob(f"*/{file}"))
        assert candidates, f"CLAIMS.md names {file}, which does not exist"
        names = {node.name for c in candidates for node in ast.walk(ast.parse(c.read_text()))
                 if isinstance(node, ast.FunctionDef)}
        assert test in names, f"CLAIMS.md names {file}::{test}, which does not exist"


def block_names(claims: str) -> list[str]:
    """The diagrams CLAIMS.md names: ``block `x` ``, ``blocks `x`, `y` ``, ``blocks `x-*` ``."""
    return (re.findall(rf"blocks? `({BLOCK_NAME})`", claims)
            + re.findall(rf", `([a-z]+-{BLOCK_NAME})`", claims))


def unknown_blocks(claims: str, ids: set[str]) -> list[str]:
    """The names of :func:`block_names` that no block has (a ``-*`` name: that no block id starts with)."""
    unknown = []
    for name in block_names(claims):
        if name in CHECKS:  # a table kind in a list that follows a block
            continue
        if name.endswith("-*"):
            if not any(i.startswith(name[:-1]) for i in ids):
                unknown.append(name)
        elif name not in ids:
            unknown.append(name)
    return unknown


def source_block_ids() -> set[str]:
    return {b.id for page in ("short.md", "long.md") for b in find_blocks(text(ROOT / "docs" / "uz" / page), page)}


def test_every_named_block_and_table_exists():
    names = block_names(CLAIMS)
    assert "short-opening-*" in names and len(names) >= 40
    assert unknown_blocks(CLAIMS, source_block_ids()) == []
    for kind in re.findall(r"table `([a-z-]+)`", CLAIMS):
        assert kind in CHECKS, f"CLAIMS.md names table {kind!r}, which is not a checked kind"


def test_a_name_no_block_has_is_caught():
    ids = source_block_ids()
    assert unknown_blocks("blocks `short-openng-*`; block `short-hit`", ids) == ["short-openng-*"]
    assert unknown_blocks("blocks `short-hit`, `long-no-such-block`", ids) == ["long-no-such-block"]
    assert unknown_blocks("block `short-mras` (`expect: result`)", ids) == ["short-mras"]
