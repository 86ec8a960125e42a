// Plays scenarios of game requests through the play page's stand-in (assets/play/nardy-play-opening.js) in
// Node.js, as the page asks it before the engine is ready: the JavaScript half of tests/site/test_opening.py.
// Input (standard input): {"record": <path of nardy-opening.json>, "checks": <path of nardy-opening-checks.json>,
// "scenarios": [[request, ...], ...], "damaged": [<record JSON>, ...], "damaged_checks": [<checks JSON>, ...]}.
// Output: {"answers": [[answer or null, ...], ...], "damaged": [message, ...],
// "damaged_checks": [[message, whether any state got checks], ...]}.
// Usage: node opening_runner.mjs <assets folder>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [assets] = process.argv.slice(2);
const { Opening, OpeningRecord } = await import(pathToFileURL(`${assets}/play/nardy-play-opening.js`).href);
const input = JSON.parse(readFileSync(0, "utf-8"));
const read = (path) => JSON.parse(readFileSync(path, "utf-8"));
const engine = { status: "starting" };
const answers = [];
for (const scenario of input.scenarios) {
  // Each scenario reads the files afresh, as a page does.
  const opening = new Opening(Promise.resolve(read(input.record)), engine, () => Promise.resolve(read(input.checks)));
  const said = [];
  for (const request of scenario) said.push(await opening.answer(request));
  answers.push(said);
}
const message = (act) => {
  try {
    act();
    return "";
  } catch (error) {
    return String(error.message);
  }
};
const damaged = (input.damaged || []).map((json) => message(() => new OpeningRecord(json)));
const damagedChecks = (input.damaged_checks || []).map((json) => {
  const record = new OpeningRecord(read(input.record));
  const said = message(() => record.addChecks(json));
  return [said, record.turns.some((turn) => turn.states.some((state) => "checks" in state))];
});
process.stdout.write(JSON.stringify({ answers, damaged, damaged_checks: damagedChecks }));
