"""nardy_rules.svg: the drawing says what the position says."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from nardy_rules import LongPosition, Move, ShortPosition, Turn, from_text, legal_plays, svg

from .helpers import SVG, circles, classes, find, parse, point_numbers, point_triangles, sample_positions, slabs, text_of

SAMPLES = sample_positions()


def ids(root) -> list[str]:
    return [e.get("id") for e in root.iter() if e.get("id")]


def checkers(root) -> list[tuple[str, str, float, float]]:
    """(point, colour, cx, cy) of every checker drawn: each stack is one path of circles (svg.circle_d)."""
    return [(path.get("data-point"), path.get("data-color"), cx, cy)
            for path in find(root, "path", "nardy-ck") for cx, cy, _r in circles(path)]


def test_samples_cover_both_games_bar_off_and_tall_stacks():
    positions = [p for p, _, _ in SAMPLES]
    assert {p.variant for p in positions} == {"short", "long"}
    assert any(p.bar("white") or p.bar("black") for p in positions)
    assert any(p.off("white") and p.off("black") for p in positions)
    assert any(max(p.checkers("white").values(), default=0) > svg.CAP for p in positions)
    assert len(positions) > 30


@pytest.mark.parametrize("position,dice,play", SAMPLES, ids=lambda v: getattr(v, "variant", None) and repr(v))
def test_checkers_drawn_match_the_position(position, dice, play):
    root = parse(svg.board(position, dice=dice, arrows=play.moves if play else (), id_prefix="t-"))
    counts = {(t.get("data-point"), t.get("data-color")): int(text_of(t)) for t in find(root, "text", "nardy-n")}
    drawn: dict = {}
    for point, color, _cx, _cy in checkers(root):
        drawn[(point, color)] = drawn.get((point, color), 0) + 1
    want: dict = {}
    for point in range(1, 25):
        color, count = position.count_at(point)
        if count:
            want[(str(point), color)] = count
    for color in ("white", "black"):
        if position.bar(color):
            want[("bar", color)] = position.bar(color)
    assert set(drawn) == set(want)
    for key, count in want.items():
        if count > svg.CAP:
            assert drawn[key] == svg.CAP and counts[key] == count, key
        else:
            assert drawn[key] == count and key not in counts, key
    for color in ("white", "black"):
        drawn_slabs = [slab for path in find(root, "path", "nardy-off") if path.get("data-color") == color
                       for slab in slabs(path)]
        assert len(drawn_slabs) == position.off(color)
        if position.off(color):
            assert counts[("off", color)] == position.off(color)
        else:
            assert ("off", color) not in counts


@pytest.mark.parametrize("position", [ShortPosition.start(), LongPosition.start()], ids=["short", "long"])
def test_checkers_stand_on_their_point(position):
    """Each checker is inside its point's column and half of the board, whatever its data-point says."""
    root = parse(svg.board(position, id_prefix="t-"))
    boxes = {str(point): box for point, box in point_triangles(root).items()}
    middle = svg.HEIGHT / 2
    drawn = checkers(root)
    assert len(drawn) == sum(min(n, svg.CAP) for n in position.checkers("white").values()) + sum(
        min(n, svg.CAP) for n in position.checkers("black").values())
    for point, _color, cx, cy in drawn:
        left, right, top = boxes[point]
        assert left <= cx <= right
        assert (cy < middle) == top


def test_layout_is_whites_numbering():
    """1-6 bottom right, 7-12 bottom left, 13-18 top left, 19-24 top right; numbers printed at their points."""
    root = parse(svg.board(ShortPosition.start(), id_prefix="t-"))
    boxes = point_triangles(root)
    assert sorted(boxes) == list(range(1, 25))
    bottom = sorted((p for p in boxes if not boxes[p][2]), key=lambda p: boxes[p][0])
    top = sorted((p for p in boxes if boxes[p][2]), key=lambda p: boxes[p][0])
    assert bottom == list(range(12, 0, -1))
    assert top == list(range(13, 25))
    bar = find(root, "rect", "nardy-bar")[0]
    bar_x = float(bar.get("x"))
    assert all(boxes[p][1] <= bar_x for p in range(7, 19)) and all(boxes[p][0] >= bar_x for p in (*range(1, 7), *range(19, 25)))
    numbers = point_numbers(root)
    assert sorted(number for number, _x, _y in numbers) == list(range(1, 25))
    for number, x, y in numbers:
        left, right, top_row = boxes[number]
        assert left < x < right
        assert (y < svg.HEIGHT / 2) == top_row


def test_accessible_and_scalable():
    text = svg.board(ShortPosition.start(), title="Start <&> «x»", desc="White to move.", id_prefix="a-")
    root = parse(text)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    labelled = root.get("aria-labelledby").split()
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    assert [by_id[i].tag for i in labelled] == [SVG + "title", SVG + "desc"]
    assert text_of(by_id[labelled[0]]) == "Start <&> «x»"
    assert text_of(by_id[labelled[1]]) == "White to move."
    assert root.find(SVG + "title") is root[0]
    assert len(root.get("viewBox").split()) == 4
    assert root.get("width") == "100%" and root.get("height") is None
    assert "px" not in (root.get("style") or "")


def test_no_external_reference_and_deterministic():
    position = from_text("nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1")
    first = svg.board(position, dice=(5,), arrows=[Move(13, 8, 5, True)], refused=[(6, 1)], title="x", desc="y")
    assert first == svg.board(position, dice=(5,), arrows=[Move(13, 8, 5, True)], refused=[(6, 1)], title="x", desc="y")
    assert first != svg.board(ShortPosition.start(), dice=(5,), title="x", desc="y")
    without_namespace = first.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "//" not in without_namespace
    root = parse(first)
    for element in root.iter():
        for name, value in element.attrib.items():
            assert not name.endswith("href"), (element.tag, name)
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#"), ref


def test_ids_prefixed_and_unique_with_two_boards():
    position = ShortPosition.start()
    play = legal_plays(position, (6, 1))[0]
    boards = [
        svg.board(position, dice=(6, 1), arrows=play.moves, refused=[(24, 18)], title="a", desc="b", id_prefix=prefix)
        for prefix in ("one-", "two-")
    ]
    page = ET.fromstring("<div>" + "".join(boards) + "</div>")
    everything = [i for svg_root in page for i in ids(svg_root)]
    assert len(everything) == len(set(everything)) > 4
    for svg_root, prefix in zip(page, ("one-", "two-")):
        own = set(ids(svg_root))
        assert own and all(i.startswith(prefix) for i in own)
        refs = set(svg_root.get("aria-labelledby").split())
        for element in svg_root.iter():
            for value in element.attrib.values():
                refs.update(re.findall(r"url\(#([^)]*)\)", value))
        assert refs <= own


def test_default_ids_differ_between_boards():
    a = parse(svg.board(ShortPosition.start(), title="a"))
    b = parse(svg.board(LongPosition.start(), title="a"))
    assert not set(ids(a)) & set(ids(b))


def test_arrows_follow_the_moves():
    position = from_text("nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1")
    turn = Turn(position, (5, 2))
    moves = [turn.move(13, 8), turn.move(8, 6)]
    root = parse(svg.board(position, dice=(5, 2), arrows=moves, id_prefix="t-"))
    arrows = find(root, "path", "nardy-arrow")
    assert [(a.get("data-from"), a.get("data-to"), a.get("data-hit")) for a in arrows] == [
        ("13", "8", "true"), ("8", "6", None)
    ]
    hits = find(root, "circle", "nardy-hit")
    assert [h.get("data-point") for h in hits] == ["8"]
    # The first arrow starts on a white checker of 13, and the hit ring is around the black blot on 8.
    start = tuple(float(v) for v in re.match(r"M([\d.]+) ([\d.]+)", arrows[0].get("d")).groups())
    white_13 = {(cx, cy) for point, color, cx, cy in checkers(root) if point == "13" and color == "white"}
    assert start in white_13
    blot = [(color, cx, cy) for point, color, cx, cy in checkers(root) if point == "8"]
    assert blot == [("black", float(hits[0].get("cx")), float(hits[0].get("cy")))]
    assert all(a.get("marker-end") == "url(#t-head)" for a in arrows)


def test_arrows_from_the_bar_and_off_the_board():
    position = from_text("nardy:short:w:6x4,5x3,4x2,3x1,offx5:24x2,20x13")
    play = next(p for p in legal_plays(position, (6, 3)) if any(m.end == "off" for m in p.moves))
    root = parse(svg.board(position, dice=(6, 3), arrows=play.moves, id_prefix="t-"))
    got = [(a.get("data-from"), a.get("data-to")) for a in find(root, "path", "nardy-arrow")]
    assert got == [(str(m.start), str(m.end)) for m in play.moves]
    entering = from_text("nardy:short:w:24x2,13x5,6x6,barx2:19x5,17x3,12x5,1x2")
    play = legal_plays(entering, (4, 3))[0]
    root = parse(svg.board(entering, dice=(4, 3), arrows=play.moves, id_prefix="t-"))
    got = [(a.get("data-from"), a.get("data-to")) for a in find(root, "path", "nardy-arrow")]
    assert got == [(str(m.start), str(m.end)) for m in play.moves]
    assert got[0][0] == "bar"


def test_refused_moves_are_struck_out():
    position = LongPosition.start()
    refused = [(24, 12, "point-closed"), (24, 18, "head-rule")]
    root = parse(svg.board(position, dice=(6, 6), refused=refused, id_prefix="t-"))
    marks = find(root, "g", "nardy-refusal")
    assert [(m.get("data-from"), m.get("data-to"), m.get("data-reason")) for m in marks] == [
        ("24", "12", "point-closed"), ("24", "18", "head-rule")
    ]
    for mark in marks:
        kinds = [classes(child) for child in mark]
        assert {"nardy-refused"} in kinds and {"nardy-cross"} in kinds
        assert mark[0].get("marker-end") == "url(#t-no)"
    assert not find(root, "path", "nardy-arrow")


@pytest.mark.parametrize("dice", [(5,), (6, 1), (3, 3), (2, 2, 2, 2)])
def test_dice_show_their_pips_in_the_colour_of_the_side_to_move(dice):
    for position in (ShortPosition.start(), ShortPosition.start("black")):
        root = parse(svg.board(position, dice=dice, id_prefix="t-"))
        dies = find(root, "g", "nardy-die")
        assert [int(d.get("data-value")) for d in dies] == list(dice)
        assert [sum(len(circles(pips)) for pips in find(d, "path", "nardy-dot")) for d in dies] == list(dice)
        assert {d.get("data-color") for d in dies} == {position.turn}


def test_pip_counts_with_the_callers_word():
    position = from_text("nardy:long:b:24x14,1x1:12x9,14x1,15x1,16x1,17x1,offx2")
    root = parse(svg.board(position, pip_label="pip", id_prefix="t-"))
    labels = find(root, "text", "nardy-label")
    values = {}
    for label in labels:
        assert text_of(label).startswith("pip ")
        for tspan in label.iter(SVG + "tspan"):
            values[tspan.get("data-pips")] = int(text_of(tspan))
    assert values == {"white": position.pips("white"), "black": position.pips("black")}
    assert [("nardy-turn" in classes(label)) for label in labels] == [True, False]  # black's label is first (top)


def test_checker_layer_is_its_own_group():
    position = from_text("nardy:short:w:6x8,5x2,4x1,barx2,offx2:24x1,23x3,20x2,19x2,18x1,barx1,offx5")
    root = parse(svg.board(position, id_prefix="t-"))
    layers = find(root, "g", "nardy-checkers")
    assert len(layers) == 1
    inside = set(layers[0].iter())
    assert all(c in inside for c in find(root, "path", "nardy-ck"))
    assert ET.tostring(layers[0]) == ET.tostring(parse(f'<svg xmlns="http://www.w3.org/2000/svg">{svg.checker_layer(position)}</svg>')[0])
    lay = svg.layout("short")
    assert set(lay["points"]) == {str(p) for p in range(1, 25)}
    stacks = 0
    for point, _color, cx, cy in checkers(layers[0]):
        if point not in ("off", "bar"):
            x, y, dy = lay["points"][point]
            assert cx == x
            assert (cy - y) % abs(dy) == 0
            stacks += 1
    assert stacks == sum(min(n, svg.CAP) for n in position.checkers("white").values()) + sum(
        min(n, svg.CAP) for n in position.checkers("black").values())


def test_boards_are_compact():
    sizes = []
    for position, dice, play in SAMPLES:
        text = svg.board(position, dice=dice, arrows=play.moves if play else (), title="t" * 80, desc="d" * 400,
                         pip_label="pip", id_prefix="some-diagram--", style=False)
        sizes.append(len(text.encode()))
    assert max(sizes) < 12_000, max(sizes)


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        svg.board(ShortPosition.start(), dice=(7,))
    with pytest.raises(ValueError):
        svg.board(ShortPosition.start(), arrows=[(25, 3)])
    with pytest.raises(ValueError):
        svg.board(ShortPosition.start(), id_prefix='x" onload="y')


def test_arrows_of_one_stack_start_and_end_on_different_checkers():
    """24/18(2): the first arrow leaves from the top checker of 24, the second from the one under it."""
    position = ShortPosition.start()
    play = next(p for p in legal_plays(position, (6, 6)) if p.notation == "24/18(2) 13/7(2)")
    root = parse(svg.board(position, dice=(6, 6), arrows=play.moves, id_prefix="t-"))
    arrows = [a for a in find(root, "path", "nardy-arrow") if a.get("data-from") == "24"]
    starts = [re.match(r"M([\d.]+) ([\d.]+)", a.get("d")).groups() for a in arrows]
    ends = [re.search(r" ([\d.]+) ([\d.]+)$", a.get("d")).groups() for a in arrows]
    starts = [tuple(float(v) for v in start) for start in starts]
    ends = [tuple(float(v) for v in end) for end in ends]
    on_24 = [(cx, cy) for point, _color, cx, cy in checkers(root) if point == "24"]
    assert len(arrows) == 2 and sorted(starts) == sorted(on_24) and starts[0] != starts[1]
    assert ends[0] != ends[1]
    # The top checker of 24 (nearest the middle) leaves first.
    assert float(starts[0][1]) > float(starts[1][1])


# ---------------------------------------------------------------------- a viewer's side


def own(variant: str, side: str, point: int) -> int:
    """The engine's own numbering of a side (nardy_rules.position: Position.to_own), the oracle of a side's view."""
    start = ShortPosition.start() if variant == "short" else LongPosition.start()
    return start.to_own(side, point)


@pytest.mark.parametrize("variant", ["short", "long"])
def test_a_side_sees_exactly_the_picture_white_sees(variant):
    """Black's view is White's picture with the colours' places exchanged: each point where White's point of the
    same own number is, labelled with that number; Black's bar half, tray, dice and pip count where White's are."""
    white, black = svg.layout(variant, "white"), svg.layout(variant, "black")
    assert white["side"] == "white" and black["side"] == "black"
    assert white["labels"] == {str(p): p for p in range(1, 25)}
    for point in range(1, 25):
        mine = own(variant, "black", point)
        assert black["labels"][str(point)] == mine
        assert black["points"][str(point)] == white["points"][str(mine)]
    for key in ("bar", "off", "offCount", "trays", "pips"):
        assert black[key] == ({"white": white[key]["black"], "black": white[key]["white"]} if white[key] else {}), key
    assert (black["dice"]["white"], black["dice"]["black"]) == (white["dice"]["black"], white["dice"]["white"])
    for key in ("viewBox", "middle", "r", "cap", "field", "numbers"):
        assert black[key] == white[key], key
    # Each side's home bottom right from its side: its own 1..6 right of the bar in the lower half.
    for lay in (white, black):
        home = [lay["points"][p] for p, number in lay["labels"].items() if number <= 6]
        assert all(x > lay["field"]["bar"] and dy < 0 for x, _y, dy in home), lay["side"]
        assert lay["pips"][lay["side"]] > lay["middle"] > lay["pips"][other_side(lay["side"])]
    with pytest.raises(ValueError):
        svg.layout(variant, "red")


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


def test_long_nardy_heads_from_blacks_side():
    """Long nardy seen from Black: Black's head (White's 12) is its own 24, top right, where White's head is
    for White; White's head (White's 24) is Black's 12, bottom left."""
    black = svg.layout("long", "black")
    white = svg.layout("long", "white")
    assert black["labels"]["12"] == 24 and black["points"]["12"] == white["points"]["24"]
    assert black["labels"]["24"] == 12 and black["points"]["24"] == white["points"]["12"]


@pytest.mark.parametrize("side", ["white", "black"])
@pytest.mark.parametrize("position,dice,play", SAMPLES[::4], ids=lambda v: getattr(v, "variant", None) and repr(v))
def test_a_board_seen_from_a_side(position, dice, play, side):
    """Drawn from either side: every checker inside its own point's triangle, each triangle numbered in the
    viewer's numbering, the viewer's pip count below, the dice of the side to move in its right half if it is
    the viewer, and the numbers as printed for White (a side's picture is White's)."""
    root = parse(svg.board(position, dice=dice, arrows=play.moves if play else (), id_prefix="t-", side=side))
    assert root.get("data-side") == (None if side == "white" else side)
    boxes = point_triangles(root)
    assert sorted(boxes) == list(range(1, 25))
    middle = svg.HEIGHT / 2
    for point, _color, cx, cy in checkers(root):
        if point in ("bar", "off"):
            continue
        left, right, top = boxes[int(point)]
        assert left <= cx <= right and (cy < middle) == top, (point, side)
    numbers = point_numbers(root)
    assert sorted(n for n, _x, _y in numbers) == list(range(1, 25))
    for number, x, y in numbers:
        point = next(p for p, (left, right, top) in boxes.items() if left < x < right and (y < middle) == top)
        assert own(position.variant, side, point) == number
    assert numbers == point_numbers(parse(svg.board(position, id_prefix="w-")))  # the same numbers in the same places
    rows = {tspan.get("data-pips"): float(label.get("y")) for label in find(root, "text", "nardy-label")
            for tspan in label.iter(SVG + "tspan")}
    assert rows[side] > middle > rows[other_side(side)]
    trays = {rect.get("data-color"): float(rect.get("y")) for rect in find(root, "rect", "nardy-tray")}
    assert trays[side] > middle > trays[other_side(side)]
    if dice:
        xs = [cx for die in find(root, "g", "nardy-die") for cx, _cy, _r in circles(find(die, "path", "nardy-dot")[0])]
        assert all((x > svg.BAR_X) == (position.turn == side) for x in xs)


def test_a_board_numbered_from_another_side():
    """An article's replay at Black's turn: White's view, Black's numbers (24 bottom right, 1 top right in short
    nardy; in long nardy Black's 13 bottom right); the checkers where White's view has them."""
    for position in (ShortPosition.start("black"), LongPosition.start("black")):
        plain = parse(svg.board(position, id_prefix="t-"))
        root = parse(svg.board(position, id_prefix="t-", numbering="black"))
        assert root.get("data-side") is None
        assert checkers(root) == checkers(plain)
        boxes = point_triangles(root)
        for number, x, y in point_numbers(root):
            point = next(p for p, (left, right, top) in boxes.items() if left < x < right and (y < svg.HEIGHT / 2) == top)
            assert own(position.variant, "black", point) == number
    with pytest.raises(ValueError):
        svg.board(ShortPosition.start(), numbering="red")
