"""The board's text alternative (``<title>`` and ``<desc>``) holds the caller's words as text.

Captions and descriptions come from translators; a ``<``, ``&`` or ``"`` in them
must reach the reader as that character and never become markup of the SVG.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from nardy_rules import LongPosition, ShortPosition, svg

SVG = "{http://www.w3.org/2000/svg}"
WORDS = [
    'Hit <b>13/8*</b> & "go on"',
    "</desc><script>alert(1)</script>",
    "a < b && c > d ' \"",
    "Oʻzbekcha «x» &amp; already escaped",
]


@pytest.mark.parametrize("words", WORDS)
@pytest.mark.parametrize("position", [ShortPosition.start(), LongPosition.start()], ids=["short", "long"])
def test_title_and_desc_are_text(position, words):
    text = svg.board(position, title=f"T: {words}", desc=f"D: {words}", id_prefix="t-")
    root = ET.fromstring(text)  # well-formed XML, or this raises
    assert [child.tag for child in root if child.tag in (SVG + "title", SVG + "desc")] == [SVG + "title", SVG + "desc"]
    title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
    assert (title.text, list(title)) == (f"T: {words}", [])
    assert (desc.text, list(desc)) == (f"D: {words}", [])
    assert root.find(f".//{SVG}script") is None and root.find(".//script") is None
