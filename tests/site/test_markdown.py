"""nardy_site.page.markdown_reader: the one reader of the pages, and the bugs the separate scanners had.

The first tests pin the document model; the ``*_bug`` tests each reproduce a
place where one of the old scanners (blocks, tables, structure, glossary, the
hook) read a page differently from CommonMark and from the others. They go
through the public functions of those modules, so each fails on the old code.
"""

from __future__ import annotations

import pytest

from nardy_site.page.blocks import BlockError, find_blocks, read_blocks
from nardy_site.translations.glossary import check_page
from nardy_site.page.markdown_reader import fence_attributes, read
from nardy_site.page.structure import compare_texts, outline_text
from nardy_site.page.tables import TableError, find_tables

BLOCK = "position: nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2\ndice: 6-5\n"
TABLE = "| Roll | Ways |\n|---|---|\n| 6-6 | 1 |\n"


# ---------------------------------------------------------------------------------------- the model


def test_front_matter_lines_and_key_lines():
    page = read("---\ntitle: T\ntranslation:\n  source: short.md\n---\n# H { #h }\n")
    assert (page.front_matter.start, page.front_matter.end) == (1, 5)
    assert page.meta == {"title": "T", "translation": {"source": "short.md"}}
    assert page.key_line("source") == 4
    assert [(h.level, h.text, h.id, h.line) for h in page.headings] == [(1, "H", "h", 6)]


def test_front_matter_as_mkdocs_reads_it():
    # Closed by "...", as MkDocs allows; a YAML comment in it is not a heading.
    page = read("---\ntitle: T\n# a comment\n...\n# Page\n")
    assert page.meta == {"title": "T"} and page.front_matter.end == 4
    assert [h.line for h in page.headings] == [5]
    # Never closed: no front matter, and MkDocs shows the lines as text.
    assert read("---\ntitle: T\n# Page\n").front_matter is None


@pytest.mark.parametrize("text, reason", [
    ("---\ntitle: [x\n---\n", "does not read as YAML"),
    ("---\n- a\n- b\n---\n", "not a mapping"),
])
def test_front_matter_that_is_not_a_mapping_is_named(text, reason):
    front = read(text).front_matter
    assert reason in front.error and front.error_line >= 2 and read(text).meta == {}


def test_sections_end_before_the_next_heading_of_their_level():
    page = read("# A\ntext\n## B\nb\n### C\nc\n## D\nd\n# E\n")
    assert [(h.text, h.line, h.end) for h in page.headings] == [
        ("A", 1, 8), ("B", 3, 6), ("C", 5, 6), ("D", 7, 8), ("E", 9, 9),
    ]


def test_fences_per_commonmark():
    page = read("~~~~ python\n~~~\n```\n~~~~~  \nafter\n  ```nardy id=\"a\" caption=\"c d\"\n" + BLOCK)
    first, second = page.fences
    # Closed only by the same character, at least as long, with nothing but spaces after it.
    assert (first.line, first.end, first.closed, first.language) == (1, 4, True, "python")
    assert first.body == ("~~~", "```")
    # Indented by up to three spaces; never closed: runs to the end.
    assert (second.line, second.closed, second.end, second.language) == (6, False, 8, "nardy")
    assert second.attributes == {"id": "a", "caption": "c d"} and second.unread == ""
    assert [line for line, _ in page.prose] == [5, 6]
    assert read("    ```\nx\n").fences == ()  # four spaces: indented code, not a fence


def test_fence_attributes_stop_at_what_does_not_read():
    assert fence_attributes('{ id="x" caption="a "b" c" }') == ({"id": "x", "caption": 'a "b" c'}, "")
    assert fence_attributes('oops id="x"') == ({}, 'oops id="x"')
    assert fence_attributes('id="x"  caption=y') == ({}, 'id="x"  caption=y')


def test_marked_tables_links_and_prose():
    text = ("Intro [a](short.md) and `[b](long.md)`.\n"
            "<!-- nardy-table: rolls -->\n" + TABLE + "\n"
            "```nardy id=\"x\" caption=\"The caption\"\n" + BLOCK + "```\n")
    page = read(text)
    (table,) = page.tables
    assert (table.line, table.kind, table.header, table.rows) == (2, "rolls", ("Roll", "Ways"), ((5, ("6-6", "1")),))
    assert [(link.target, link.line) for link in page.links] == [("short.md", 1)]
    assert page.prose[-1] == (7, "The caption")
    assert all(line < 7 for line, _ in page.prose[:-1])


def test_lines_end_at_line_feeds_only():
    page = read("a\u2028b\r\n\x0c\n# H\n")
    assert page.lines == ("a\u2028b", "\x0c", "# H") and page.headings[0].line == 3


# ---------------------------------------------------------------------------------------- the old scanners' bugs


def test_glossary_no_longer_closes_a_fence_on_a_shorter_one_bug():
    # The glossary's scanner closed a ```` fence on the ``` inside it, and read the rest of the code as prose.
    page = "````markdown\n```\nфишка\n````\n"
    assert check_page(page, "ru") == []
    assert [line for line, _ in check_page("```\n```\n\nфишка\n", "ru")] == [4]


def test_glossary_no_longer_closes_a_fence_on_a_line_with_an_info_string_bug():
    assert check_page("```\n```text\nфишка\n```\n", "ru") == []


def test_a_table_marker_inside_a_code_block_is_code_bug():
    # tables.py read a marker in a code block (the translators' guide shows one) as a table of the page.
    page = "```markdown\n<!-- nardy-table: nope -->\n" + TABLE + "```\n\n<!-- nardy-table: short-setup -->\n" + TABLE
    tables = find_tables(page, "p.md")
    assert [(table.kind, table.line) for table in tables] == [("short-setup", 8)]


def test_a_table_marker_inside_a_code_block_raises_nothing_bug():
    assert find_tables("~~~\n<!-- nardy-table -->\n~~~\n", "p.md") == []
    with pytest.raises(TableError, match="p.md"):
        find_tables("<!-- nardy-table -->\n", "p.md")


def test_a_link_in_a_code_span_is_not_a_link_of_the_page_bug():
    # structure.py compared the "links" of code spans: a translation that translated the example text failed.
    source = "See [the rules](short.md). Write `[text](page.md)` for a link.\n"
    translated = "Смотрите [правила](short.md). Пишите `[текст](страница.md)` для ссылки.\n"
    assert compare_texts(source, translated) == []
    assert [item.key for item in outline_text(source, "p.md").links] == ["short.md"]


def test_front_matter_closed_by_dots_is_not_read_as_headings_bug():
    # structure.py ended front matter only at "---": a YAML comment before "..." became a heading.
    source = "---\ntitle: A\n...\n# Page { #page }\n"
    translated = "---\ntitle: B\n# a translator's note\n...\n# Страница { #page }\n"
    assert compare_texts(source, translated) == []


def test_a_backtick_fence_line_holding_a_backtick_is_text_bug():
    # CommonMark: ``` followed by an info string with a backtick is inline code, not a fence. The glossary's
    # scanner hid every line after it, to the next fence, from the check.
    assert [line for line, _ in check_page("``` `code` ```\nфишка\n", "ru")] == [2]
    blocks, errors = read_blocks('```nardy id="x" caption="a `b`"\n' + BLOCK + "```\n", "p.md")
    assert blocks == [] and len(errors) == 1 and errors[0].line == 1


def test_block_lines_are_the_files_lines_past_a_line_separator_bug():
    # blocks.py counted lines with str.splitlines, which also breaks at U+2028: the block's line was one off.
    page = "Prose with a\u2028line separator.\n\n```nardy id=\"x\" caption=\"c\"\n" + BLOCK + "```\n"
    (block,) = find_blocks(page, "p.md")
    assert block.line == 3


def test_every_malformed_block_is_named_up_to_one_never_closed():
    page = '```nardy id="Bad Id"\n' + BLOCK + '```\n\n```nardy id="y"\n' + BLOCK
    with pytest.raises(BlockError) as error:
        find_blocks(page, "p.md")
    assert error.value.line == 1
    _, errors = read_blocks(page, "p.md")
    assert [e.line for e in errors] == [1, 6] and "never closed" in errors[1].reason
