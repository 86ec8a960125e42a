"""The tables the build puts in Material's scroll regions (nardy_site/hook/tables.py): the wrapping, the rules
copied from Material's stylesheet for their class, and a build's pages."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from nardy_site.hook import tables

from .helpers import built_pages
from .htmlscan import parse_file

OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="nardy-table">'


def test_a_plain_table_is_wrapped_and_classed():
    html = "<p>x</p>\n<table>\n<thead><tr><th>a</th></tr></thead>\n</table>\n<p>y</p>"
    assert tables.wrap(html) == (f"<p>x</p>\n{OPEN}\n<thead><tr><th>a</th></tr></thead>\n</table></div></div>\n"
                                 "<p>y</p>")


def test_every_plain_table_and_no_other():
    html = '<table><tr><td>1</td></tr></table><table class="own"><tr><td>2</td></tr></table><table><tr><td>3</td></tr></table>'
    assert tables.wrap(html) == (f'{OPEN}<tr><td>1</td></tr></table></div></div>'
                                 '<table class="own"><tr><td>2</td></tr></table>'
                                 f'{OPEN}<tr><td>3</td></tr></table></div></div>')


def test_table_rules_are_copied_for_the_class_with_their_media():
    css = ('@charset "utf-8";.a{color:red}.md-typeset table:not([class]){border:0}'
           '.x,.md-typeset table:not([class]) th,.y:not(.p,.q){padding:1em}'
           '@font-face{font-family:"F";src:url("data:font/x,{}")}'
           '.b:after{content:"}{ table:not([class])"}'
           '@media print{.c{display:none}.md-typeset table:not([class]){display:table}}'
           '/* table:not([class]){ */@media screen{.d{top:0}}')
    assert tables.table_rules(css) == (
        ".md-typeset table.nardy-table{border:0}"
        ".md-typeset table.nardy-table th{padding:1em}"
        "@media print{.md-typeset table.nardy-table{display:table}}"
    )


@pytest.mark.parametrize("css", [".a{color:red", ".a{color:red}}", '.a{content:"x}', ".a{x:1}/* open"])
def test_a_stylesheet_that_cannot_be_read_stops_the_build(css):
    with pytest.raises(PluginError, match="sheet.css: "):
        tables.table_rules(css, "sheet.css")


def test_every_selector_of_materials_plain_tables_is_copied():
    material_css = tables.material_stylesheet().read_text(encoding="utf-8")
    ours = tables.material_table_rules()
    assert material_css.count("table:not([class])") >= 12
    assert ours.count("table.nardy-table") == material_css.count("table:not([class])")
    assert "table:not([class])" not in ours
    assert ".md-typeset table.nardy-table{display:inline-block;" in ours
    assert "@media print{.md-typeset table.nardy-table{display:table}}" in ours


def test_a_built_page_has_its_tables_wrapped_and_their_rules(tmp_path):
    site = built_pages(tmp_path, {
        "index.md": "# Bosh sahifa { #home }\n\nMatn.\n",
        "short.md": "# Jadval { #short }\n\nMatn.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nYana.\n\n| c |\n|---|\n| 3 |\n",
        "long.md": "# Uzun { #long }\n\nMatn.\n",
    })
    page = parse_file(site / "short" / "index.html")
    found = page.find_all("table")
    assert len(found) == 2
    for table in found:
        assert table.get("class") == "nardy-table"
    assert (site / "short" / "index.html").read_text(encoding="utf-8").count(OPEN) == 2
    assert ".md-typeset table.nardy-table{display:inline-block;" in (site / "assets" / "nardy.css").read_text(encoding="utf-8")
