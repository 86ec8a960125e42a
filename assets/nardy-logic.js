/* The live boards' logic without a page: positions, the example's plays, messages, drawing data.

   An ES module with no DOM and no network (nardy-board.js uses it in the page;
   tests/site/test_logic_js.py runs it in Node.js against the Python engine).
   The rules themselves stay in the engine (nardy_rules, in the worker); this
   module only

   - reads and writes positions (the compact text form nardy:<variant>:<w|b>:
     <white>:<black> and the engine's JSON), moves checkers, counts pips and
     tells a finished game's result, as the engine does;
   - answers for the example of a diagram before the engine is ready, from the
     plays the build embedded (the "turn" graph of nardy_site/diagram.py);
   - formats the catalog's messages (assets/i18n.json) with their plural rule;
   - computes the board's drawing: the checker layer and the dice exactly as
     nardy_rules/svg.py draws them, and where a click lands. */

export const COLORS = ["white", "black"];
export const CHECKERS = 15;

export function other(color) {
  return color === "white" ? "black" : "white";
}

/* ------------------------------------------------------------------ positions
   A position: {variant, turn, white: side, black: side}; a side:
   {points: [25 numbers, index 1..24 = White's numbering], bar, off}. */

function emptySide() {
  return { points: new Array(25).fill(0), bar: 0, off: 0 };
}

export function clonePosition(position) {
  const copy = { variant: position.variant, turn: position.turn };
  for (const color of COLORS) {
    const side = position[color];
    copy[color] = { points: side.points.slice(), bar: side.bar, off: side.off };
  }
  return copy;
}

/** A point of White's numbering in the colour's own numbering (1..24, its home is 1..6). */
export function ownPoint(variant, color, point) {
  if (color === "white") return point;
  if (variant === "short") return 25 - point;
  return point <= 12 ? point + 12 : point - 12;
}

export class PositionError extends Error {}

function check(condition, message) {
  if (!condition) throw new PositionError(message);
}

/** Check what the engine's Position.validate checks; throw PositionError. */
export function validate(position) {
  check(position.variant === "short" || position.variant === "long", "variant");
  check(position.turn === "white" || position.turn === "black", "turn");
  for (const color of COLORS) {
    const side = position[color];
    let total = side.bar + side.off;
    for (let point = 1; point <= 24; point += 1) total += side.points[point];
    check(total === CHECKERS, `${color} has ${total} checkers`);
    check(!(side.bar && position.variant === "long"), "long nardy has no bar");
  }
  for (let point = 1; point <= 24; point += 1) {
    check(!(position.white.points[point] && position.black.points[point]), `point ${point} holds both colours`);
  }
  check(!(position.white.off === CHECKERS && position.black.off === CHECKERS), "both sides are off");
  return position;
}

const TEXT = /^nardy:(short|long):([wb]):([^:]*):([^:]*)$/;
const ITEM = /^(\d{1,2}|bar|off)x(\d{1,2})$/;

/** The compact text form, read as strictly as nardy_rules.interchange.from_text. */
export function parseText(text) {
  const match = typeof text === "string" ? TEXT.exec(text) : null;
  check(match, "not a position");
  const position = { variant: match[1], turn: match[2] === "w" ? "white" : "black" };
  [match[3], match[4]].forEach((items, index) => {
    const side = emptySide();
    const seen = new Set();
    let explicitOff = false;
    for (const item of items.split(",").filter(Boolean)) {
      const found = ITEM.exec(item);
      check(found, `bad item ${item}`);
      const [, key, countText] = found;
      check(!seen.has(key), `${key} twice`);
      seen.add(key);
      const count = Number(countText);
      if (key === "bar") side.bar = count;
      else if (key === "off") { side.off = count; explicitOff = true; }
      else {
        const point = Number(key);
        check(String(point) === key && point >= 1 && point <= 24, `point ${key}`);
        side.points[point] = count;
      }
    }
    if (!explicitOff) {
      let total = side.bar;
      for (let point = 1; point <= 24; point += 1) total += side.points[point];
      side.off = Math.max(0, CHECKERS - total);
    }
    position[COLORS[index]] = side;
  });
  return validate(position);
}

/** The compact text form, as nardy_rules.interchange.to_text writes it. */
export function toText(position) {
  const sides = COLORS.map((color) => {
    const side = position[color];
    const items = [];
    for (let point = 24; point >= 1; point -= 1) {
      if (side.points[point]) items.push(`${point}x${side.points[point]}`);
    }
    if (side.bar) items.push(`barx${side.bar}`);
    if (side.off) items.push(`offx${side.off}`);
    return items.join(",");
  });
  return `nardy:${position.variant}:${position.turn[0]}:${sides[0]}:${sides[1]}`;
}

/** The engine's JSON contract (nardy_rules Position.to_json / from_json). */
export function toJSON(position) {
  const out = { variant: position.variant, turn: position.turn };
  for (const color of COLORS) {
    const side = position[color];
    const points = {};
    for (let point = 24; point >= 1; point -= 1) {
      if (side.points[point]) points[String(point)] = side.points[point];
    }
    points.bar = side.bar;
    points.off = side.off;
    out[color] = points;
  }
  return out;
}

export function fromJSON(data) {
  check(data && typeof data === "object", "not a position object");
  const position = { variant: data.variant, turn: data.turn || "white" };
  for (const color of COLORS) {
    const side = emptySide();
    const points = data[color] || {};
    for (const [key, count] of Object.entries(points)) {
      check(Number.isInteger(count) && count >= 0, `count ${count}`);
      if (key === "bar") side.bar = count;
      else if (key === "off") side.off = count;
      else {
        const point = Number(key);
        check(Number.isInteger(point) && point >= 1 && point <= 24, `point ${key}`);
        side.points[point] = count;
      }
    }
    position[color] = side;
  }
  return validate(position);
}

/** (colour, count) of the checkers on a point of White's numbering. */
export function countAt(position, point) {
  if (position.white.points[point]) return ["white", position.white.points[point]];
  if (position.black.points[point]) return ["black", position.black.points[point]];
  return [null, 0];
}

/** How many of the colour's checkers are at a place: a point, "bar" or "off". */
export function ownAt(position, color, place) {
  const side = position[color];
  if (place === "bar") return side.bar;
  if (place === "off") return side.off;
  return side.points[place] || 0;
}

export function pips(position, color) {
  const side = position[color];
  let total = 25 * side.bar;
  for (let point = 1; point <= 24; point += 1) {
    total += side.points[point] * ownPoint(position.variant, color, point);
  }
  return total;
}

/** Whether the move [from, to, die] hits: short nardy, a lone opponent checker on "to". */
export function hits(position, move) {
  const to = move[1];
  if (position.variant !== "short" || to === "off") return false;
  return position[other(position.turn)].points[to] === 1;
}

/** The position after one move of the side to move (the same side still to move). */
export function applyMove(position, move) {
  const [from, to] = move;
  const next = clonePosition(position);
  const mover = next[position.turn];
  if (from === "bar") mover.bar -= 1;
  else mover.points[from] -= 1;
  if (to === "off") {
    mover.off += 1;
  } else {
    if (hits(position, move)) {
      const opponent = next[other(position.turn)];
      opponent.points[to] -= 1;
      opponent.bar += 1;
    }
    mover.points[to] += 1;
  }
  return next;
}

/** The result once a side has borne off all 15 (nardy_rules.scoring.game_result), else null. */
export function result(position) {
  const winner = COLORS.find((color) => position[color].off === CHECKERS);
  if (!winner) return null;
  const loser = other(winner);
  let kind = "single";
  if (!position[loser].off) {
    kind = "mars";
    if (position.variant === "short") {
      const home = [];
      for (let own = 1; own <= 6; own += 1) home.push(ownPoint("short", winner, own));
      if (position[loser].bar || home.some((point) => position[loser].points[point])) kind = "koks";
    }
  }
  const points = { single: 1, mars: 2, koks: 3 }[kind];
  return { winner, kind, cube: 1, points, ended_by: "bear-off" };
}

/** The dice a turn plays: a double four times; the dice left as given otherwise. */
export function diceToPlay(dice) {
  if (dice.length === 2 && dice[0] === dice[1]) return [dice[0], dice[0], dice[0], dice[0]];
  return dice.slice();
}

export function sameMove(a, b) {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/* ------------------------------------------------------------------ the example's turn
   data.turn (nardy_site/diagram.py turn_graph): state 0 is the example's start;
   each state lists [from, to, die, next state] for every single move the
   engine accepts there. */

/** The state reached by the moves, or -1 when they leave the embedded plays. */
export function walk(graph, moves) {
  let state = 0;
  for (const move of moves) {
    const edge = graph[state].find((item) => sameMove(item, move));
    if (!edge) return -1;
    state = edge[3];
  }
  return state;
}

/** Where a checker can go from a state: [{end, moves}], the fewest moves per end (Turn.paths). */
export function graphPaths(graph, state, start) {
  const found = new Map();
  const visit = (at, point, trail) => {
    for (const edge of graph[at]) {
      if (edge[0] !== point) continue;
      const move = edge.slice(0, 3);
      const path = trail.concat([move]);
      if (!found.has(edge[1]) || found.get(edge[1]).length > path.length) found.set(edge[1], path);
      if (edge[1] !== "off") visit(edge[3], edge[1], path);
    }
  };
  visit(state, start, []);
  return Array.from(found, ([end, moves]) => ({ end, moves }));
}

/** Like the engine's state op (nardy_rules.live.state) for the example's turn, or null off its plays. */
export function localState(data, moves) {
  const graph = data.turn;
  if (!graph || !data.dice) return null;
  const state = walk(graph, moves);
  if (state < 0) return null;
  let position = parseText(data.text);
  const made = [];
  for (const move of moves) {
    made.push({ from: move[0], to: move[1], die: move[2], hit: hits(position, move) });
    position = applyMove(position, move);
  }
  const remaining = diceToPlay(data.dice);
  for (const move of moves) remaining.splice(remaining.indexOf(move[2]), 1);
  const complete = graph[state].length === 0;
  let maxDice = 0;
  for (let at = 0; graph[at].length; at = graph[at][0][3]) maxDice += 1;
  const next = complete ? { ...clonePosition(position), turn: other(position.turn) } : null;
  return {
    position,
    turn: position.turn,
    dice: data.dice.length === 2 ? data.dice.slice() : [data.dice[0], data.dice[0]],
    remaining,
    max_dice: maxDice,
    moves: made,
    complete,
    lost: complete ? remaining.slice() : [],
    legal_moves: graph[state].map((edge) => ({
      from: edge[0], to: edge[1], die: edge[2], hit: hits(position, edge),
    })),
    pips: { white: pips(position, "white"), black: pips(position, "black") },
    next,
    result: result(next || position),
  };
}

/** The engine's answer to the state op, with positions read (the same shape as localState). */
export function engineState(answer) {
  return {
    ...answer,
    position: fromJSON(answer.position),
    next: answer.next ? fromJSON(answer.next) : null,
  };
}

/* ------------------------------------------------------------------ the address of a board
   #board=<figure id>:<position at the turn's start>:<dice>[:<moves>]
   dice "5-3", "5", "3-3-3" or empty (to roll); moves "13-8-5.8-5-3" (from-to-die). */

const LINK = /^board=([A-Za-z0-9_-]+):(nardy:(?:short|long):[wb]:[^:]*:[^:]*):((?:[1-6](?:-[1-6]){0,3})?)(?::((?:(?:bar|\d{1,2})-(?:off|\d{1,2})-[1-6])(?:\.(?:bar|\d{1,2})-(?:off|\d{1,2})-[1-6])*))?$/;

export function linkFragment(id, position, dice, moves) {
  let text = `board=${id}:${toText(position)}:${dice ? dice.join("-") : ""}`;
  if (moves.length) text += ":" + moves.map((move) => move.join("-")).join(".");
  return text;
}

function linkPlace(text) {
  return text === "bar" || text === "off" ? text : Number(text);
}

/** {id, position, dice, moves} of a fragment (without "#"), or null: the syntax only. */
export function parseLink(fragment) {
  const match = LINK.exec(fragment);
  if (!match) return null;
  let position;
  try {
    position = parseText(match[2]);
  } catch (error) {
    return null;
  }
  const dice = match[3] ? match[3].split("-").map(Number) : null;
  if (dice && dice.length > 2 && new Set(dice).size !== 1) return null;
  const moves = match[4] ? match[4].split(".").map((item) => {
    const [from, to, die] = item.split("-");
    return [linkPlace(from), linkPlace(to), Number(die)];
  }) : [];
  if (moves.length && !dice) return null;
  return { id: match[1], position, dice, moves };
}

/* ------------------------------------------------------------------ messages
   assets/i18n.json (nardy_site.i18n.board_catalog): {lang, plural, nplurals,
   messages: {key: text | [forms]}, reasons: {message key: text | [forms]}}. */

/** The index of the plural form for n: the catalog's rule, a tree from nardy_site/plural.py. */
export function pluralIndex(tree, n) {
  if (tree === "n") return n;
  if (typeof tree === "number") return tree;
  const [op, a, b, c] = tree;
  const value = (node) => pluralIndex(node, n);
  switch (op) {
    case "?": return value(a) ? value(b) : value(c);
    case "!": return value(a) ? 0 : 1;
    case "neg": return -value(a);
    case "||": return value(a) || value(b) ? 1 : 0;
    case "&&": return value(a) && value(b) ? 1 : 0;
    case "==": return value(a) === value(b) ? 1 : 0;
    case "!=": return value(a) !== value(b) ? 1 : 0;
    case "<": return value(a) < value(b) ? 1 : 0;
    case ">": return value(a) > value(b) ? 1 : 0;
    case "<=": return value(a) <= value(b) ? 1 : 0;
    case ">=": return value(a) >= value(b) ? 1 : 0;
    case "+": return value(a) + value(b);
    case "-": return value(a) - value(b);
    case "*": return value(a) * value(b);
    case "/": return Math.trunc(value(a) / value(b));
    case "%": return value(a) % value(b);
    default: throw new Error(`plural rule: ${op}`);
  }
}

/** str.format for named fields only: {name}, and {{ }} for braces. */
export function format(template, params) {
  return template.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
  });
}

function pick(catalog, entry, params) {
  if (Array.isArray(entry)) {
    const index = pluralIndex(catalog.plural, Number(params.count));
    return entry[Math.min(Math.max(index, 0), entry.length - 1)];
  }
  return entry;
}

/** A board message in the page's language. */
export function message(catalog, key, params = {}) {
  const entry = catalog.messages[key];
  if (entry === undefined) throw new Error(`no message ${key}`);
  return format(pick(catalog, entry, params), params);
}

/** The key of a refusal's message (nardy_rules.reasons.Refusal.message_key). */
export function reasonKey(code, params) {
  if (code === "no-checker" && params.point === "bar") return "no-checker/bar";
  if (code === "no-such-die" && Object.prototype.hasOwnProperty.call(params, "point")) return "no-such-die/off";
  if (code === "point-closed") return `point-closed/${params.color}`;
  return code;
}

/** A refusal's message in the page's language (Refusal.message with the catalog). */
export function reasonMessage(catalog, reason) {
  const params = reason.params || {};
  const entry = catalog.reasons[reasonKey(reason.code, params)];
  if (entry === undefined) throw new Error(`no reason ${reason.code}`);
  return format(pick(catalog, entry, params), params);
}

/** Dice as the engine lists them in its reasons: "5, 3". */
export function formatDice(dice) {
  return dice.join(", ");
}

/** A move in notation: 13/8, 13/8*, bar/22, 6/off. */
export function notation(move) {
  return `${move.from}/${move.to}${move.hit ? "*" : ""}`;
}

/* ------------------------------------------------------------------ drawing
   The layout is nardy_rules.svg.layout(variant) (assets/nardy-layout.js). */

/** A number as nardy_rules.svg._num writes it: one decimal at most (rounded half to even), no ".0". */
export function num(value) {
  let rounded;
  const quarter = value * 4;
  if (Number.isInteger(quarter) && !Number.isInteger(value * 2)) {
    const tenths = Math.floor(value * 10);  // x.25 or x.75: Python's round() goes to the even tenth
    rounded = (tenths % 2 === 0 ? tenths : tenths + 1) / 10;
  } else {
    rounded = Number(value.toFixed(1));
  }
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** The centre of the level-th checker (from 0) of a stack, a bar or a tray (svg._slot). */
export function slot(layout, color, where, level) {
  if (where === "off") {
    const [x, y, dy] = layout.off[color];
    return [x, y + dy * Math.min(level, 14)];
  }
  let x, y, dy;
  if (where === "bar") {
    [x, y, dy] = layout.bar[color];
  } else {
    [x, y, dy] = layout.points[String(where)];
  }
  return [x, y + dy * Math.min(level, layout.cap - 1)];
}

/** The checker layer as element descriptions {tag, attrs, text}: what svg.checker_layer draws. */
export function checkerLayer(layout, position) {
  const out = [];
  const stack = (color, where, count) => {
    for (let level = 0; level < Math.min(count, layout.cap); level += 1) {
      const [x, y] = slot(layout, color, where, level);
      out.push({ tag: "circle", attrs: { class: "nardy-ck", "data-point": String(where), "data-color": color, cx: num(x), cy: num(y), r: String(layout.r) } });
    }
    if (count > layout.cap) {
      const [x, y] = slot(layout, color, where, layout.cap - 1);
      out.push({ tag: "text", attrs: { class: "nardy-n", "data-point": String(where), "data-color": color, x: num(x), y: num(y + 4.5) }, text: String(count) });
    }
  };
  for (let point = 1; point <= 24; point += 1) {
    const [color, count] = countAt(position, point);
    if (count) stack(color, point, count);
  }
  for (const color of COLORS) {
    if (position[color].bar) stack(color, "bar", position[color].bar);
  }
  for (const color of COLORS) {
    const count = position[color].off;
    if (!count) continue;
    const [x, y0, dy, w, h] = layout.off[color];
    for (let level = 0; level < count; level += 1) {
      const y = y0 + dy * level;
      out.push({ tag: "rect", attrs: { class: "nardy-off", "data-point": "off", "data-color": color, x: num(x - w / 2), y: num(y - h / 2), width: num(w), height: num(h), rx: "2" } });
    }
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

/** The dice group as nested descriptions (svg._dice): {tag: "g", attrs, children}. */
export function diceLayer(layout, color, dice) {
  const [cx, cy] = layout.dice[color];
  const { size, step } = layout.dice;
  const children = dice.map((value, index) => {
    const x = cx + (index - (dice.length - 1) / 2) * step;
    const parts = [{ tag: "rect", attrs: { x: num(x - size / 2), y: num(cy - size / 2), width: String(size), height: String(size), rx: "5" } }];
    for (const [dx, dy] of DOTS[value]) {
      parts.push({ tag: "circle", attrs: { class: "nardy-dot", cx: num(x + dx * 7), cy: num(cy + dy * 7), r: "2.6" } });
    }
    return { tag: "g", attrs: { class: "nardy-die", "data-color": color, "data-value": String(value) }, children: parts };
  });
  return { tag: "g", attrs: { class: "nardy-dice", "data-dice": dice.join(",") }, children };
}

/** Geometry the board needs beyond the layout: columns, the middle, the bar, the trays. */
export function geometry(layout) {
  const points = layout.points;
  const half = Math.abs(points["14"][0] - points["13"][0]) / 2;
  const top = points["13"][1] - layout.r;
  const bottom = points["12"][1] + layout.r;
  const middle = (top + bottom) / 2;
  const barX = (points["18"][0] + points["19"][0]) / 2;
  return { half, top, bottom, middle, barX, trayHalf: layout.off.white[3] / 2 + 4 };
}

/** The place under a point of the board (SVG units): 1..24, "bar", "off", or null. */
export function placeAt(layout, variant, x, y) {
  const g = geometry(layout);
  if (y < g.top - 6 || y > g.bottom + 6) return null;
  const upper = y < g.middle;
  for (let point = 1; point <= 24; point += 1) {
    const [px, , dy] = layout.points[String(point)];
    if ((dy > 0) === upper && Math.abs(x - px) <= g.half) return point;
  }
  if (Math.abs(x - g.barX) <= g.half) return variant === "short" ? "bar" : null;
  for (const color of COLORS) {
    const [tx] = layout.off[color];
    if (Math.abs(x - tx) <= g.trayHalf && (color === "white") === !upper) return "off";
  }
  return null;
}

/** The box a keyboard cursor draws around a place: [x, y, width, height]. */
export function placeBox(layout, color, place) {
  const g = geometry(layout);
  if (place === "off") {
    const [x] = layout.off[color];
    const upper = layout.off[color][2] > 0;
    return [x - g.trayHalf, upper ? g.top : g.middle, 2 * g.trayHalf, g.middle - g.top];
  }
  if (place === "bar") return [g.barX - g.half, g.top, 2 * g.half, g.bottom - g.top];
  const [x, , dy] = layout.points[String(place)];
  return [x - g.half, dy > 0 ? g.top : g.middle, 2 * g.half, g.middle - g.top];
}

/** The places a keyboard cursor visits, in order: the bar (short nardy), 24 down to 1, off. */
export function cursorPlaces(variant) {
  const places = variant === "short" ? ["bar"] : [];
  for (let point = 24; point >= 1; point -= 1) places.push(point);
  places.push("off");
  return places;
}
