"""Guards: nothing on a page escapes the doc tests, and every language has the source's structure.

The counts here use their own, looser patterns than the collectors, so a block
or a table the collectors would skip (a fence with a typo'd attribute, a marker
with an unknown kind) is noticed.
"""

import re

import pytest

from nardy_site.blocks import find_blocks
from nardy_site.languages import enabled, source
from nardy_site.tables import find_tables

from .pages import PAGES, ROOT, heading_ids, name, page_paths, source_path, text

LOOSE_FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*\{?\s*\.?nardy", re.IGNORECASE | re.MULTILINE)
LOOSE_TABLE_MARKER = re.compile(r"nardy-table", re.IGNORECASE)

paths = pytest.mark.parametrize("path", page_paths(), ids=name)


def test_every_released_language_has_every_page():
    # An unreleased language (scripts/i18n new-language) may lack pages: readers get the source page.
    missing = [f"{lang.code}/{page}" for lang in enabled() if lang.released for page in PAGES
               if not (ROOT / "docs" / lang.code / page).exists()]
    assert not missing, f"pages missing: {', '.join(missing)}"


@paths
def test_every_nardy_fence_is_collected(path):
    if not path.exists():
        pytest.skip("page missing (reported by test_every_released_language_has_every_page)")
    fences = len(LOOSE_FENCE.findall(text(path)))
    assert len(find_blocks(text(path), name(path))) == fences


@paths
def test_every_table_marker_is_collected(path):
    if not path.exists():
        pytest.skip("page missing")
    markers = len(LOOSE_TABLE_MARKER.findall(text(path)))
    assert len(find_tables(text(path), name(path))) == markers


def _translations():
    return [p for p in page_paths() if not p.is_relative_to(ROOT / "docs" / source().code)]


translated = pytest.mark.parametrize("path", _translations(), ids=name)


@translated
def test_same_diagram_blocks_as_the_source(path):
    if not path.exists():
        pytest.skip("page missing")
    mine = [(b.id, b.body) for b in find_blocks(text(path), name(path))]
    theirs = [(b.id, b.body) for b in find_blocks(text(source_path(path)), name(source_path(path)))]
    assert [i for i, _ in mine] == [i for i, _ in theirs], "the diagram ids (in order) differ from the source page"
    for (block_id, body), (_, source_body) in zip(mine, theirs):
        assert body == source_body, f"{name(path)}: diagram {block_id!r} differs from {name(source_path(path))}"


@translated
def test_same_heading_ids_as_the_source(path):
    if not path.exists():
        pytest.skip("page missing")
    assert heading_ids(path) == heading_ids(source_path(path))


@translated
def test_same_tables_as_the_source(path):
    if not path.exists():
        pytest.skip("page missing")
    def shape(p):
        return [(t.kind, len(t.header), [len(cells) for _, cells in t.rows]) for t in find_tables(text(p), name(p))]
    assert shape(path) == shape(source_path(path))
