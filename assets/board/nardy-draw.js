/* What a board draws, as element descriptions {tag, attrs, text?, children?} (nardy-dom.js makes them).

   The checker layer and the dice as nardy_rules.svg draws them (the same
   elements, classes and places: a path per stack, tray and die's pips;
   numbers to one decimal), from a position as
   the engine sends it; the arrows of a play (svg._arrows: a replay's turn, a
   mistake's two plays); and the live marks: the keyboard cursor, the selected
   checker, its destinations and the destinations refused with a reason. */

import { COLORS, placeBox, slot } from "./nardy-geometry.js";
import { countOf, occupant } from "./nardy-position.js";

/** A coordinate to one decimal, without a trailing ".0". */
export function num(value) {
  return String(Math.round(value * 10) / 10);
}

/** A circle as a subpath (svg.circle_d): a stack of checkers or a die's pips is one path. */
export function circleD(x, y, r) {
  return `M${num(x - r)} ${num(y)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0z`;
}

/** A rectangle with rounded corners as a subpath (svg.slab_d): a tray's slabs are one path. */
function slabD(x, y, w, h, rx = 2) {
  const a = `a${num(rx)} ${num(rx)} 0 0 1`;
  return `M${num(x + rx)} ${num(y)}h${num(w - 2 * rx)}${a} ${num(rx)} ${num(rx)}v${num(h - 2 * rx)}`
    + `${a} ${num(-rx)} ${num(rx)}h${num(2 * rx - w)}${a} ${num(-rx)} ${num(-rx)}v${num(2 * rx - h)}`
    + `${a} ${num(rx)} ${num(-rx)}z`;
}

/** The checker layer of a position (svg.checker_layer): stacks, counts on tall ones, borne-off slabs. */
export function checkerLayer(layout, position) {
  const out = [];
  // from: the level the stack starts at (above the other colour's checkers on a point of a set-up the engine
  // refused for holding both colours: what stands there is drawn, so the reader sees what is wrong).
  const stack = (color, where, count, from = 0) => {
    let d = "";
    for (let level = from; level < Math.min(from + count, layout.cap); level += 1) d += circleD(...slot(layout, color, where, level), layout.r);
    out.push({ tag: "path", attrs: { class: "nardy-ck", "data-point": String(where), "data-color": color, d } });
    if (from + count > layout.cap) {
      const [x, y] = slot(layout, color, where, Math.max(from, layout.cap - 1));
      out.push({ tag: "text", attrs: { class: "nardy-n", "data-point": String(where), "data-color": color, x: num(x), y: num(y + 4.5) }, text: String(count) });
    }
  };
  for (let point = 1; point <= 24; point += 1) {
    const [color, count] = occupant(position, point);
    if (count) stack(color, point, count);
    const second = COLORS.find((item) => item !== color);
    if (count && countOf(position, second, point)) stack(second, point, countOf(position, second, point), count);
  }
  for (const color of COLORS) {
    const count = countOf(position, color, "bar");
    if (count) stack(color, "bar", count);
  }
  for (const color of COLORS) {
    const count = countOf(position, color, "off");
    if (!count) continue;
    const [x, y0, dy, w, h] = layout.off[color];
    let d = "";
    for (let level = 0; level < count; level += 1) d += slabD(x - w / 2, y0 + dy * level - h / 2, w, h);
    out.push({ tag: "path", attrs: { class: "nardy-off", "data-point": "off", "data-color": color, d } });
    const [cx, cy] = layout.offCount[color];
    out.push({ tag: "text", attrs: { class: "nardy-n", "data-point": "off", "data-color": color, x: num(cx), y: num(cy + 4.5) }, text: String(count) });
  }
  return out;
}

const DOTS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** The dice of the side to move (svg._dice). */
export function diceLayer(layout, color, dice) {
  const [cx, cy] = layout.dice[color];
  const { size, step } = layout.dice;
  const children = dice.map((value, index) => {
    const x = cx + (index - (dice.length - 1) / 2) * step;
    const pips = DOTS[value].map(([dx, dy]) => circleD(x + dx * 7, cy + dy * 7, 2.6)).join("");
    const parts = [
      { tag: "rect", attrs: { x: num(x - size / 2), y: num(cy - size / 2), width: String(size), height: String(size), rx: "5" } },
      { tag: "path", attrs: { class: "nardy-dot", d: pips } },
    ];
    return { tag: "g", attrs: { class: "nardy-die", "data-color": color, "data-value": String(value) }, children: parts };
  });
  return { tag: "g", attrs: { class: "nardy-dice", "data-dice": dice.join(",") }, children };
}

/** The control point of the curve from a to b: bowed towards the middle when both ends are in one half
    (svg._curve). */
function curveControl(layout, [x1, y1], [x2, y2]) {
  const cx = (x1 + x2) / 2;
  let cy = (y1 + y2) / 2;
  if ((y1 < layout.middle) === (y2 < layout.middle)) {
    const bulge = Math.min(70, 0.3 * Math.abs(x2 - x1) + 14);
    cy += y1 < layout.middle ? bulge : -bulge;
  }
  return [cx, cy];
}

/** A path from a to b along curveControl's curve. */
function curveD(layout, a, b) {
  const [cx, cy] = curveControl(layout, a, b);
  return `M${num(a[0])} ${num(a[1])}Q${num(cx)} ${num(cy)} ${num(b[0])} ${num(b[1])}`;
}

/** The arrows of a play's moves [[from, to, die, hit], ...], played in order from a position as the engine
    sent it (svg._arrows): a hit marked on the checker it hits; a mistake's arrows dashed, with their own head.
    prefix: the board's id prefix, whose markers the arrows end with. */
export function arrowMarks(layout, position, moves, prefix, mistake = false) {
  const out = [];
  const mover = position.turn;
  const opponent = mover === "white" ? "black" : "white";
  const counts = new Map();
  const get = (color, where) => {
    const key = `${color} ${where}`;
    return counts.has(key) ? counts.get(key) : countOf(position, color, where);
  };
  const add = (color, where, delta) => counts.set(`${color} ${where}`, Math.max(0, get(color, where) + delta));
  for (const [start, end, , hit] of moves) {
    const a = slot(layout, mover, start, get(mover, start) - 1);
    add(mover, start, -1);
    if (hit && end !== "bar" && end !== "off") {
      const [x, y] = slot(layout, opponent, end, 0);
      out.push({ tag: "circle", attrs: { class: "nardy-hit", "data-point": String(end), cx: num(x), cy: num(y), r: String(layout.r + 3) } });
      add(opponent, end, -1);
      add(opponent, "bar", 1);
    }
    const b = slot(layout, mover, end, get(mover, end));
    add(mover, end, 1);
    const attrs = { class: mistake ? "nardy-arrow nardy-mistake" : "nardy-arrow", "data-from": String(start), "data-to": String(end) };
    if (hit) attrs["data-hit"] = "true";
    attrs.d = curveD(layout, a, b);
    attrs["marker-end"] = `url(#${prefix}${mistake ? "mistake" : "head"})`;
    out.push({ tag: "path", attrs });
  }
  return out;
}

/** The points by the place they are drawn at from the layout's side: at[k] is the point at White's k in
    White's view (a layout's labels are those places: the viewer's own numbering). */
function pointsByPlace(layout) {
  const at = [];
  for (const [point, place] of Object.entries(layout.labels)) at[place] = Number(point);
  return at;
}

/** The point numbers (svg._numbers): three runs of digits with a position per digit, each point's number in
    labels' numbering (the layout's own unless given: an article's replay numbers a turn from its mover's side). */
export function numberRuns(layout, labels = layout.labels) {
  const at = pointsByPlace(layout);
  const places = [];
  for (let place = 1; place <= 24; place += 1) {
    const point = at[place];
    const [x, , dy] = layout.points[String(point)];
    places.push([String(labels[String(point)]), x, dy > 0 ? layout.numbers.top : layout.numbers.bottom]);
  }
  const run = (kind, items) => ({ tag: "text", attrs: { class: "nardy-num", "data-digits": kind,
    x: items.map(([, x]) => num(x)).join(" "), y: items.map(([, , y]) => num(y)).join(" ") },
    text: items.map(([digits]) => digits).join("") });
  return [
    run("ones", places.filter(([digits]) => digits.length === 1)),
    run("tens", places.filter(([digits]) => digits.length === 2).map(([digits, x, y]) => [digits[0], x, y])),
    run("units", places.filter(([digits]) => digits.length === 2).map(([digits, x, y]) => [digits[1], x, y])),
  ];
}

/** The points of each shade's triangles, in the order of its path's subpaths (svg._static's data-points):
    {"nardy-pa": "1 3 ...", "nardy-pb": "2 4 ..."} from White's side. */
export function shadePoints(layout) {
  const at = pointsByPlace(layout);
  const of = (first) => at.filter((point, place) => place % 2 === first % 2).join(" ");
  return { "nardy-pa": of(1), "nardy-pb": of(2) };
}

/** The triangle at the pip count of the side to move, left of its swatch at (x, y). */
export function markerPath(x, y) {
  return `M${num(x - 20)} ${num(y - 6)}l9 6-9 6z`;
}

/** The play page's hint: arrows of a play's single moves ({from, to}) played in order from a position, each
    drawn with its own head (the play board has no markers): the curve is arrowMarks' (curveD). played: the
    arrows of a play made, as arrowMarks draws a mistake (dashed, in another colour), beside the best play's. */
export function hintArrows(layout, position, mover, moves, played = false) {
  const counts = { white: { ...position.white }, black: { ...position.black } };
  const count = (color, place) => counts[color][String(place)] || 0;
  const add = (color, place, delta) => { counts[color][String(place)] = Math.max(0, count(color, place) + delta); };
  const out = [];
  for (const move of moves) {
    const a = slot(layout, mover, move.from, Math.max(0, count(mover, move.from) - 1));
    add(mover, move.from, -1);
    const b = slot(layout, mover, move.to, count(mover, move.to));
    add(mover, move.to, 1);
    // The head follows the curve's last tangent: from the control point to the end.
    const [cx, cy] = curveControl(layout, a, b);
    const [x2, y2] = b;
    const angle = Math.atan2(y2 - cy, x2 - cx);
    const head = [[0, 0], [-11, -6], [-11, 6]].map(([dx, dy]) => [x2 + dx * Math.cos(angle) - dy * Math.sin(angle),
      y2 + dx * Math.sin(angle) + dy * Math.cos(angle)]);
    out.push({ tag: "g", attrs: { class: played ? "nardy-live-arrow nardy-live-played" : "nardy-live-arrow",
      "data-from": String(move.from), "data-to": String(move.to) }, children: [
      { tag: "path", attrs: { class: played ? "nardy-arrow nardy-mistake" : "nardy-arrow", d: curveD(layout, a, b) } },
      { tag: "path", attrs: { class: played ? "nardy-mistake-head" : "nardy-head",
        d: `M${head.map(([x, y]) => `${num(x)} ${num(y)}`).join("L")}z` } },
    ] });
  }
  return out;
}

/** The live marks: {position, mover, cursor (a place or null), selected, targets: [end], refused: [end]}. */
export function liveMarks(layout, { position, mover, cursor, selected, targets, refused }) {
  const out = [];
  if (cursor !== null && cursor !== undefined) {
    const [x, y, w, h] = placeBox(layout, mover, cursor);
    out.push({ tag: "rect", attrs: { class: "nardy-live-cursor", x: num(x), y: num(y), width: num(w), height: num(h), rx: "4" } });
  }
  if (selected === null || selected === undefined) return out;
  const count = countOf(position, mover, selected);
  const [x, y] = slot(layout, mover, selected, Math.max(0, Math.min(count, layout.cap) - 1));
  out.push({ tag: "circle", attrs: { class: "nardy-live-selected", "data-point": String(selected), cx: num(x), cy: num(y), r: String(layout.r + 3) } });
  // A destination is drawn where the moving checker would stand: on top of the mover's own there.
  const landing = (end) => slot(layout, mover, end, countOf(position, mover, end));
  for (const end of targets) {
    const [tx, ty] = landing(end);
    out.push({ tag: "circle", attrs: { class: "nardy-live-dest", "data-point": String(end), cx: num(tx), cy: num(ty), r: String(layout.r - 2) } });
  }
  for (const end of refused) {
    const [rx, ry] = landing(end);
    out.push({ tag: "g", attrs: { class: "nardy-live-explained", "data-point": String(end) }, children: [
      { tag: "circle", attrs: { cx: num(rx), cy: num(ry), r: String(layout.r - 2) } },
      { tag: "path", attrs: { d: `M${num(rx - 6)} ${num(ry - 6)}l12 12m0 -12l-12 12` } },
    ] });
  }
  return out;
}
