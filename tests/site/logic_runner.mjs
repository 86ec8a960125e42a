// Runs the live boards' DOM-free modules (assets/) in Node.js on JSON lines from standard input (one task a
// line) and writes one answer line per task: the JavaScript half of tests/site/test_logic_js.py.
// Usage: node logic_runner.mjs <assets folder> <nardy-layout.js>
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [assets, layoutPath] = process.argv.slice(2);
const load = (name) => import(pathToFileURL(`${assets}/${name}`).href);
const { AnswerRecord } = await load("engine/nardy-embedded.js");
const draw = await load("board/nardy-draw.js");
const geometry = await load("board/nardy-geometry.js");
const strings = await load("board/nardy-strings.js");
const link = await load("board/nardy-link.js");
const state = await load("board/nardy-board-state.js");
// The play page's analysis: what it says of a rated decision, of the chances, of a file that does not read.
const review = await load("play/nardy-play-review.js");
const plot = await load("play/nardy-play-plot.js");
const analysis = await load("play/nardy-play-analysis.js");
const say = (catalog) => (key, params) => strings.message(catalog, key, params);
const LAYOUTS = (await import(pathToFileURL(layoutPath).href)).default;

const records = new Map();

const tasks = {
  load: ({ name, path }) => {
    records.set(name, new AnswerRecord(JSON.parse(readFileSync(path, "utf-8"))));
    return records.get(name).turns.size;
  },
  lookup: ({ name, request }) => records.get(name).lookup(request),
  checkers: ({ position }) => draw.checkerLayer(LAYOUTS[position.variant], position),
  dice: ({ variant, color, dice }) => draw.diceLayer(LAYOUTS[variant], color, dice),
  arrows: ({ position, moves, prefix, mistake }) => draw.arrowMarks(LAYOUTS[position.variant], position, moves, prefix, mistake),
  hintArrows: ({ position, moves, played }) => draw.hintArrows(LAYOUTS[position.variant], position, position.turn, moves, played),
  reviewLines: ({ catalog, decision }) => review.reviewLines(say(catalog), decision),
  plotSummary: ({ catalog, decisions }) => plot.plotSummary(say(catalog), decisions),
  importProblem: ({ catalog, answer }) => analysis.importProblem(say(catalog),
    { reason: (reason) => strings.reasonMessage(catalog, reason) }, answer),
  num: ({ values }) => values.map((value) => draw.num(value)),
  place: ({ variant, x, y }) => geometry.placeAt(LAYOUTS[variant], x, y),
  cursorPlaces: ({ variant }) => geometry.cursorPlaces(LAYOUTS[variant]),
  plural: ({ tree, numbers }) => numbers.map((n) => strings.pluralIndex(tree, n)),
  message: ({ catalog, key, params }) => strings.message(catalog, key, params),
  reason: ({ catalog, reason }) => strings.reasonMessage(catalog, reason),
  link: ({ fragment }) => {
    const named = link.readFragment(fragment);
    if (!named || !named.link) return { named: named && named.id };
    const { position, dice, moves } = named.link;
    return {
      named: named.id, dice, moves,
      again: link.writeFragment(named.id, position, dice, moves),
      request: state.viewRequest({ ...named.link, rolled: false }),
    };
  },
  figure: ({ dice, show }) => ({ dice: link.readDice(dice), show: link.readMoves(show) }),
  history: ({ example, steps }) => {
    const history = new state.History(example);
    return steps.map(([op, snapshot]) => {
      const done = op === "change" || op === "replace" || op === "open" ? history[op](snapshot) : history[op]();
      return { done: done === undefined ? null : done, current: history.current, pristine: history.pristine,
               undo: history.canUndo, redo: history.canRedo, view: state.viewRequest(history.current) };
    });
  },
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
