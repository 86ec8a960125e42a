"""Every translated page keeps the structure of its Uzbek page (CONTRIBUTING.md): heading ids, diagram
blocks (ids and byte-identical bodies), table markers, links; and its translation front matter."""

from __future__ import annotations

import re

import pytest

from nardy_site.translations import translation
from nardy_site.page.blocks import find_blocks
from nardy_site.page.markdown_reader import read

from . import expected
from .expected import PAGES
from .helpers import ROOT
from nardy_site.page.structure import compare

SOURCE = ROOT / "docs" / "uz"


def translated_pages():
    for code, _row in expected.enabled():
        if code == "uz":
            continue
        for name in PAGES:
            yield pytest.param(code, name, id=f"{code}/{name}")


@pytest.mark.parametrize("code,name", list(translated_pages()))
def test_structure_matches_the_source_page(code, name):
    path = ROOT / "docs" / code / name
    if not path.exists():
        pytest.fail(f"docs/{code}/{name} does not exist")
    problems = compare(SOURCE / name, path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code,name", list(translated_pages()))
def test_translation_front_matter(code, name):
    path = ROOT / "docs" / code / name
    if not path.exists():
        pytest.fail(f"docs/{code}/{name} does not exist")
    meta = expected.front_matter(path)
    info = meta.get("translation")
    assert isinstance(info, dict), f"docs/{code}/{name}: no translation front matter"
    assert info.get("source") == name, f"docs/{code}/{name}: translation.source is {info.get('source')!r}"
    assert re.fullmatch(r"[0-9a-f]{40}", str(info.get("source_blob"))), f"docs/{code}/{name}: source_blob"
    recorded = info.get("sections")
    assert isinstance(recorded, dict) and all(re.fullmatch(r"[0-9a-f]{12}", str(v)) for v in recorded.values()), \
        f"docs/{code}/{name}: sections"
    assert info.get("review", "pending") == "pending", f"docs/{code}/{name}: review is {info.get('review')!r}"
    assert not translation.problems(read(path.read_text(encoding="utf-8")), set(PAGES))


def test_source_pages_carry_no_translation_front_matter():
    for name in PAGES:
        assert "translation" not in expected.front_matter(SOURCE / name), name


# The checker itself: a broken translation is named with its file and line.

def broken_copy(tmp_path, name, edit):
    text = (SOURCE / name).read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text
    path = tmp_path / name
    path.write_text(changed, encoding="utf-8")
    return path, changed.splitlines()


def line_of(lines, needle):
    return next(number for number, line in enumerate(lines, start=1) if needle in line)


def test_a_missing_heading_id_is_named(tmp_path):
    path, lines = broken_copy(tmp_path, "short.md", lambda t: t.replace(" { #hitting }", "", 1))
    problems = compare(SOURCE / "short.md", path)
    line = line_of(lines, "## Qisqa nardada donalar qanday uriladi")
    assert any(p.endswith(f"short.md:{line}: heading without an {{ #id }}") for p in problems), problems
    assert any("'hitting'" in p and "missing" in p for p in problems), problems


def test_a_renamed_heading_id_is_named(tmp_path):
    path, lines = broken_copy(tmp_path, "long.md", lambda t: t.replace("{ #head-rule }", "{ #head }", 1))
    problems = compare(SOURCE / "long.md", path)
    line = line_of(lines, "{ #head }")
    assert len(problems) == 1 and f"long.md:{line}: heading id 'head' where " in problems[0], problems


def test_a_changed_diagram_body_is_named(tmp_path):
    block = next(b for b in find_blocks((SOURCE / "short.md").read_text(encoding="utf-8"), "short.md") if b.id == "short-hit")
    old = next(line for line in block.body.splitlines() if line.startswith("position: "))
    new = old + ",offx0"
    path, lines = broken_copy(tmp_path, "short.md", lambda t: t.replace(old, new, 1))
    problems = compare(SOURCE / "short.md", path)
    line = lines.index(new) + 1
    assert len(problems) == 1, problems
    assert f"short.md:{line}: diagram 'short-hit': body differs" in problems[0], problems


def test_a_missing_diagram_is_named(tmp_path):
    def drop(text):
        start = text.index('```nardy id="short-koks"')
        end = text.index("```\n", start + 10) + 4
        return text[:start] + text[end:]
    path, _lines = broken_copy(tmp_path, "short.md", drop)
    problems = compare(SOURCE / "short.md", path)
    assert any("diagram 'short-koks'" in p and "missing" in p for p in problems), problems


def test_a_changed_link_is_named(tmp_path):
    path, lines = broken_copy(tmp_path, "index.md", lambda t: t.replace("(short.md#differences)", "(short.md#difference)", 1))
    problems = compare(SOURCE / "index.md", path)
    line = line_of(lines, "short.md#difference)")
    assert any(f"index.md:{line}: link to 'short.md#difference'" in p for p in problems), problems
    assert any("'short.md#differences'" in p and "missing" in p for p in problems), problems


def test_the_source_matches_itself():
    for name in PAGES:
        assert compare(SOURCE / name, SOURCE / name) == []
