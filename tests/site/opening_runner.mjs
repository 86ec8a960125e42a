// Plays scenarios of game requests through the play page's stand-in (assets/play/nardy-play-opening.js) in
// Node.js, as the page asks it before the engine is ready: the JavaScript half of tests/site/test_opening.py.
// Input (standard input): {"record": <path of nardy-opening.json>, "scenarios": [[request, ...], ...],
// "damaged": [<record JSON>, ...]}. Output: {"answers": [[answer or null, ...], ...], "damaged": [message, ...]}.
// Usage: node opening_runner.mjs <assets folder>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [assets] = process.argv.slice(2);
const { Opening, OpeningRecord } = await import(pathToFileURL(`${assets}/play/nardy-play-opening.js`).href);
const input = JSON.parse(readFileSync(0, "utf-8"));
const record = JSON.parse(readFileSync(input.record, "utf-8"));
const engine = { status: "starting" };
const answers = [];
for (const scenario of input.scenarios) {
  const opening = new Opening(Promise.resolve(record), engine);
  const said = [];
  for (const request of scenario) said.push(await opening.answer(request));
  answers.push(said);
}
const damaged = input.damaged.map((json) => {
  try {
    new OpeningRecord(json);
    return "";
  } catch (error) {
    return String(error.message);
  }
});
process.stdout.write(JSON.stringify({ answers, damaged }));
