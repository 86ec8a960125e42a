// Runs assets/nardy-logic.js in Node.js on JSON lines from standard input (one task a line) and
// writes one answer line per task: the JavaScript half of tests/site/test_logic_js.py.
// Usage: node logic_runner.mjs <nardy-logic.js> <nardy-layout.js>
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [logicPath, layoutPath] = process.argv.slice(2);
const L = await import(pathToFileURL(logicPath).href);
const LAYOUTS = (await import(pathToFileURL(layoutPath).href)).default;

function plainState(state) {
  if (!state) return null;
  return {
    ...state,
    position: L.toJSON(state.position),
    next: state.next ? L.toJSON(state.next) : null,
  };
}

const tasks = {
  state: ({ data, moves }) => plainState(L.localState(data, moves)),
  paths: ({ data, moves, from }) => {
    const state = L.walk(data.turn, moves);
    return state < 0 ? null : L.graphPaths(data.turn, state, from);
  },
  position: ({ text }) => {
    const position = L.parseText(text);
    return {
      text: L.toText(position),
      json: L.toJSON(position),
      fromJSON: L.toText(L.fromJSON(L.toJSON(position))),
      pips: { white: L.pips(position, "white"), black: L.pips(position, "black") },
      result: L.result(position),
    };
  },
  badText: ({ text }) => {
    try {
      L.parseText(text);
      return "accepted";
    } catch (error) {
      return error instanceof L.PositionError ? "refused" : `crashed: ${error}`;
    }
  },
  apply: ({ text, move }) => {
    const position = L.parseText(text);
    return { hit: L.hits(position, move), text: L.toText(L.applyMove(position, move)) };
  },
  checkers: ({ text }) => {
    const position = L.parseText(text);
    return L.checkerLayer(LAYOUTS[position.variant], position);
  },
  dice: ({ variant, color, dice }) => L.diceLayer(LAYOUTS[variant], color, dice),
  num: ({ values }) => values.map((value) => L.num(value)),
  plural: ({ tree, numbers }) => numbers.map((n) => L.pluralIndex(tree, n)),
  message: ({ catalog, key, params }) => L.message(catalog, key, params),
  reason: ({ catalog, reason }) => L.reasonMessage(catalog, reason),
  link: ({ fragment }) => {
    const link = L.parseLink(fragment);
    if (!link) return null;
    return { id: link.id, text: L.toText(link.position), dice: link.dice, moves: link.moves,
             again: L.linkFragment(link.id, link.position, link.dice, link.moves) };
  },
  place: ({ variant, x, y }) => L.placeAt(LAYOUTS[variant], variant, x, y),
  slot: ({ variant, color, where, level }) => L.slot(LAYOUTS[variant], color, where, level),
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const task = JSON.parse(line);
    answer = { ok: tasks[task.kind](task) };
  } catch (error) {
    answer = { error: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(answer === undefined ? null : answer) + "\n");
}
