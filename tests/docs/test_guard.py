"""Guards: nothing on a page escapes the doc tests, and every language has the source's structure.

The counts here use their own, looser patterns than the collectors, so a block
or a table the collectors would skip (a fence with a typo'd attribute, a marker
with an unknown kind) is noticed.
"""

import re

import pytest

from nardy_site.page.blocks import find_blocks
from nardy_site.page.structure import compare
from nardy_site.page.tables import find_tables
from nardy_site.translations.languages import enabled, source

from .pages import PAGES, ROOT, name, page_paths, source_path, text

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
def test_same_structure_as_the_source(path):
    """Same heading ids, byte-identical diagram blocks, same tables and figures, same links (file:line named)."""
    if not path.exists():
        pytest.skip("page missing")
    problems = compare(source_path(path).relative_to(ROOT), path.relative_to(ROOT))
    assert not problems, "\n".join(problems)
