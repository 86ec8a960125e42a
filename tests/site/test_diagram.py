"""A diagram block becomes a figure: its drawing as a file shown by an image, the caption and the description as
text, the data of the live boards."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from nardy_rules import ShortPosition, legal_plays, to_text
from nardy_rules.turn import Turn
from nardy_site.figures import answers
from nardy_site.translations import i18n, languages
from nardy_site.app import live_assets
from nardy_site.page.blocks import find_blocks, verify
from nardy_site.figures.diagram import figure, script_json

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
    return blocks, [figure(block, uz, lazy=index > 0) for index, block in enumerate(blocks)]


def test_figure_holds_svg_caption_and_data():
    blocks, figures = build_figures()
    html, drawing = figures[0]
    assert "\n\n" not in html  # one raw-HTML block for Markdown
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in html
    assert "<script>alert" not in drawing
    root = ET.fromstring(html)
    assert root.tag == "figure" and root.get("id") == "short-hit" and root.get("class") == "nardy-diagram"
    image, about, caption = root[0], root[1], root.find("figcaption")
    assert (image.tag, image.get("src"), image.get("alt")) == ("img", "nardy-figures/short-hit.svg", blocks[0].caption)
    assert image.get("loading") is None and figures[1].html.count('loading="lazy"') == 1  # the first is not lazy
    assert text_of(caption) == blocks[0].caption == 'Urish: 13/8*. <script>alert(1)</script> & "x"'
    svg_root = ET.fromstring(drawing)
    assert svg_root.tag == SVG + "svg"
    assert text_of(svg_root.find(SVG + "title")) == blocks[0].caption
    desc = text_of(svg_root.find(SVG + "desc"))
    assert (about.tag, about.get("class"), text_of(about)) == ("p", "nardy-about", desc)
    assert desc.startswith("Navbat oqlarda. Zar: 5.")
    assert "13-katakdan 8-katakka, raqib donasini urib" in desc
    assert all(e.get("id").startswith("short-hit--") for e in svg_root.iter() if e.get("id"))


def turn_of(record: dict, block) -> dict:
    return next(t for t in record["turns"] if t["position"] == to_text(block.position) and t["dice"] == list(block.dice))


def test_data_for_the_live_boards():
    blocks, figures = build_figures()
    root = ET.fromstring(figures[0].html)
    # What the board needs before the reader turns to it, in the forms of a link; the rest is fetched.
    assert (root.get("data-position"), root.get("data-dice"), root.get("data-show")) == (
        to_text(blocks[0].position), "5", "13-8-5")
    assert root.find("script") is None and root.get("data-variant") == "short"
    record = answers.for_blocks(blocks).to_json()
    assert "layout" not in json.dumps(record)  # no layout: once per site
    hit = turn_of(record, blocks[0])
    start = hit["states"][0]
    # With a 5 White can hit on 8 (13/8*) or on 1 (6/1*); 24/19 is closed. One die: one move, then the end.
    assert sorted([m["from"], m["to"], m["die"]] for m in start["answer"]["legal_moves"]) == [[6, 1, 5], [13, 8, 5]]
    assert all(hit["states"][n]["answer"]["complete"] and not hit["states"][n]["next"] for n in start["next"])
    assert sorted(play["notation"] for play in hit["plays"]["plays"]) == ["13/8*", "6/1*"]
    # The shown move, as "play the example" checks it.
    assert start["checks"] == [[13, 8, 5, {"legal": True, "move": {"from": 13, "to": 8, "die": 5, "hit": True},
                                           "notation": "13/8*"}]]

    root = ET.fromstring(figures[1].html)
    assert (root.get("data-dice"), root.get("data-show")) == ("6-6", None)
    first = turn_of(record, blocks[1])
    [(start_point, end_point, die, refused)] = first["states"][0]["checks"]
    assert (start_point, end_point, die) == (18, 12, None)
    assert refused == {"legal": False, "reason": {"code": "point-closed", "params": {"point": 12, "count": 15, "color": "black"},
                                                  "key": "point-closed/black"}}
    uz, _ = i18n.load(languages.get("uz"))
    message = live_assets.catalog(uz)["reasons"][refused["reason"]["key"]]
    assert message[1].format(**refused["reason"]["params"]) == "12-katak yopiq: unda 15 ta qora dona turibdi."
    # One checker may leave the head, and no 6 can be played after it (12 is Black's).
    legal = first["states"][0]["answer"]["legal_moves"]
    assert [[m["from"], m["to"], m["die"]] for m in legal] == [[24, 18, 6]]
    assert first["states"][first["states"][0]["next"][0]]["answer"]["legal_moves"] == []
    assert [play["notation"] for play in first["plays"]["plays"]] == ["24/18"]
    assert len(first["plays"]["plays"]) == len(legal_plays(blocks[1].position, (6, 6)))
    svg_root = ET.fromstring(figures[1].drawing)
    marks = [g for g in svg_root.iter(SVG + "g") if g.get("class") == "nardy-refusal"]
    assert [(g.get("data-from"), g.get("data-to"), g.get("data-reason")) for g in marks] == [("18", "12", "point-closed")]


def test_the_recorded_turn_holds_every_order_the_engine_accepts():
    """Every path of the recorded states is a legal order of single moves; every state lists exactly the
    engine's legal moves there; orders that meet share a state; the leaves are the legal plays."""
    position = ShortPosition.start()
    found = answers.states(position, (3, 1))
    seen, plays = set(), set()

    def walk(state, turn):
        _turn, _moves, following = found[state]
        legal = turn.legal_moves()
        assert len(following) == len(legal)
        if not following:
            assert turn.complete
            plays.add(turn.play().result)
        seen.add(state)
        for move, next_state in zip(legal, following):
            after = turn.copy()
            after.move(move.start, move.end, move.die)
            assert found[next_state][0].position == after.position
            walk(next_state, after)

    walk(0, Turn(position, (3, 1)))
    assert seen == set(range(len(found)))
    assert plays == {play.result for play in legal_plays(position, (3, 1))}
    assert len(found) < 40  # 16 plays, many orders: shared states keep it small
    record = answers.Record()
    record.add(position, None)
    assert record.to_json()["turns"] == [] and list(record.to_json()["positions"]) == [to_text(position)]


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
        made = figure(block, uz)
        root = ET.fromstring(made.html)
        assert (root.get("data-dice"), root.get("data-show")) == (None, None)
        assert root.get("data-position") == to_text(block.position)
        record = answers.for_blocks([block]).to_json()
        assert record["turns"] == [] and list(record["positions"]) == [to_text(block.position)]
        assert not [g for g in ET.fromstring(made.drawing).iter(SVG + "g") if g.get("class") == "nardy-dice"]
