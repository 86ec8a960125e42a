/* What a board draws, as element descriptions {tag, attrs, text?, children?} (nardy-dom.js makes them).

   The checker layer and the dice as nardy_rules.svg draws them (the same
   elements, classes and places: a path per stack, tray and die's pips;
   numbers to one decimal), from a position as
   the engine sends it; and the live marks: the keyboard cursor, the selected
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
  const stack = (color, where, count) => {
    let d = "";
    for (let level = 0; level < Math.min(count, layout.cap); level += 1) d += circleD(...slot(layout, color, where, level), layout.r);
    out.push({ tag: "path", attrs: { class: "nardy-ck", "data-point": String(where), "data-color": color, d } });
    if (count > layout.cap) {
      const [x, y] = slot(layout, color, where, layout.cap - 1);
      out.push({ tag: "text", attrs: { class: "nardy-n", "data-point": String(where), "data-color": color, x: num(x), y: num(y + 4.5) }, text: String(count) });
    }
  };
  for (let point = 1; point <= 24; point += 1) {
    const [color, count] = occupant(position, point);
    if (count) stack(color, point, count);
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

/** The triangle at the pip count of the side to move, left of its swatch at (x, y). */
export function markerPath(x, y) {
  return `M${num(x - 20)} ${num(y - 6)}l9 6-9 6z`;
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
