"""A diagram block becomes a figure: inline SVG, the caption as text, the data of the live boards."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from nardy_rules import ShortPosition, legal_plays, to_text
from nardy_rules.turn import Turn
from nardy_site import i18n, languages
from nardy_site.blocks import find_blocks, verify
from nardy_site.diagram import figure, play_notations, script_json, turn_graph

from .helpers import SVG, text_of

PAGE = '''# Test

```nardy id="short-hit" caption="Urish: 13/8*. <script>alert(1)</script> & "x""
position: nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1
dice: 5
show: 13/8*
expect: complete
```

```nardy id="long-first" caption="6-6"
position: nardy:long:w:24x14,18x1:12x15
dice: 6-6
refuse: 18/12 point-closed
expect: plays 24/18
```
'''


def build_figures():
    uz, _ = i18n.load(languages.get("uz"))
    blocks = find_blocks(PAGE, "test.md")
    for block in blocks:
        verify(block)
    return blocks, [figure(block, uz) for block in blocks]


def data_of(root) -> dict:
    script = root.find("script")
    assert script.get("type") == "application/json"
    return json.loads(script.text)


def test_figure_holds_svg_caption_and_data():
    blocks, figures = build_figures()
    html = figures[0]
    assert "\n\n" not in html  # one raw-HTML block for Markdown
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in html
    root = ET.fromstring(html)
    assert root.tag == "figure" and root.get("id") == "short-hit" and root.get("class") == "nardy-diagram"
    svg_root, caption = root[0], root.find("figcaption")
    assert svg_root.tag == SVG + "svg"
    assert text_of(caption) == blocks[0].caption == 'Urish: 13/8*. <script>alert(1)</script> & "x"'
    assert text_of(svg_root.find(SVG + "title")) == blocks[0].caption
    desc = text_of(svg_root.find(SVG + "desc"))
    assert desc.startswith("Navbat oqlarda. Zar: 5.")
    assert "13-katakdan 8-katakka, raqib donasini urib" in desc
    assert all(e.get("id").startswith("short-hit--") for e in svg_root.iter() if e.get("id"))


def test_data_for_the_live_boards():
    blocks, figures = build_figures()
    data = data_of(ET.fromstring(figures[0]))
    assert data["id"] == "short-hit" and data["text"] == to_text(blocks[0].position)
    assert set(data) == {"id", "text", "dice", "show", "refuse", "turn", "plays"}  # no layout: once per site
    assert data["dice"] == [5]
    assert data["show"] == [[13, 8, 5]]
    assert data["refuse"] == []
    # With a 5 White can hit on 8 (13/8*) or on 1 (6/1*); 24/19 is closed. One die: one move, then the end.
    assert sorted(edge[:3] for edge in data["turn"][0]) == [[6, 1, 5], [13, 8, 5]]
    assert all(data["turn"][edge[3]] == [] for edge in data["turn"][0])
    assert data["plays"] == ["13/8*", "6/1*"]

    data = data_of(ET.fromstring(figures[1]))
    assert data["dice"] == [6, 6] and data["show"] == []
    assert [(r["from"], r["to"], r["reason"]) for r in data["refuse"]] == [(18, 12, "point-closed")]
    assert data["refuse"][0]["message"] == "12-katak yopiq: unda 15 ta qora dona turibdi."
    assert data["refuse"][0]["params"] == {"point": 12, "count": 15, "color": "black"}
    # One checker may leave the head, and no 6 can be played after it (12 is Black's).
    assert data["turn"] == [[[24, 18, 6, 1]], []]
    assert data["plays"] == ["24/18"]
    assert len(data["plays"]) == len(legal_plays(blocks[1].position, (6, 6)))
    svg_root = ET.fromstring(figures[1])[0]
    marks = [g for g in svg_root.iter(SVG + "g") if g.get("class") == "nardy-refusal"]
    assert [(g.get("data-from"), g.get("data-to"), g.get("data-reason")) for g in marks] == [("18", "12", "point-closed")]


def test_turn_graph_holds_every_order_the_engine_accepts():
    """Every path of the graph is a legal order of single moves; every state lists exactly the engine's
    legal moves there; orders that meet share a state; the leaves are the legal plays."""
    position = ShortPosition.start()
    graph = turn_graph(position, (3, 1))
    seen, plays = set(), set()

    def walk(state, turn):
        assert sorted((m.start, m.end, m.die) for m in turn.legal_moves()) == sorted(tuple(e[:3]) for e in graph[state])
        if not graph[state]:
            assert turn.complete
            plays.add(turn.play().result)
        seen.add(state)
        for start, end, die, following in graph[state]:
            after = turn.copy()
            after.move(start, end, die)
            walk(following, after)

    walk(0, Turn(position, (3, 1)))
    assert seen == set(range(len(graph)))
    assert plays == {play.result for play in legal_plays(position, (3, 1))}
    assert len(graph) < 40  # 16 plays, many orders: shared states keep it small
    assert turn_graph(position, None) is None and play_notations(position, None) is None


def test_script_json_cannot_break_out():
    value = {"caption": "</script><script>alert(1)</script><!-- & -->", "u": "\u2028"}
    text = script_json(value)
    assert not set(text) & set("<>&\u2028")
    assert json.loads(text) == value


def test_a_block_without_dice_shows_the_position():
    uz, _ = i18n.load(languages.get("uz"))
    page = '''```nardy id="setup" caption="Start"
position: nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2
expect: pips 167 167
```

```nardy id="over" caption="Mars"
position: nardy:short:b:offx15:19x5,17x3,12x7
expect: result white mars 2
```
'''
    for block in find_blocks(page, "test.md"):
        verify(block)
        root = ET.fromstring(figure(block, uz))
        data = data_of(root)
        assert (data["dice"], data["show"], data["refuse"], data["turn"], data["plays"]) == (None, [], [], None, None)
        assert not [g for g in root[0].iter(SVG + "g") if g.get("class") == "nardy-dice"]
