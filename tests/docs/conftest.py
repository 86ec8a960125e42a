"""Doc tests: one test per diagram block and per checked table, named by page and line."""

from __future__ import annotations

import pytest

from nardy_site.page.blocks import BlockError, find_blocks
from nardy_site.page.tables import TableError, find_tables

from .pages import name, page_paths, text


def _collect(finder, error_type):
    items, problems = [], []
    for path in page_paths():
        if not path.exists():
            continue
        try:
            found = finder(text(path), name(path))
        except error_type as error:
            problems.append(error)
            continue
        items.extend(found)
    return items, problems


def pytest_generate_tests(metafunc):
    if "block" in metafunc.fixturenames:
        blocks, problems = _collect(find_blocks, BlockError)
        params = [pytest.param(b, id=f"{b.path}:{b.line}:{b.id}") for b in blocks]
        params += [pytest.param(p, id=f"{p.path}:{p.line}:malformed") for p in problems]
        metafunc.parametrize("block", params)
    if "table" in metafunc.fixturenames:
        tables, problems = _collect(find_tables, TableError)
        params = [pytest.param(t, id=f"{t.path}:{t.line}:{t.kind}") for t in tables]
        params += [pytest.param(p, id=f"{p.path}:{p.line}:malformed") for p in problems]
        metafunc.parametrize("table", params)
