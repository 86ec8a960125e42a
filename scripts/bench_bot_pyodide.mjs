// The bot's time per decision in Pyodide (Node.js, the npm package the site ships), for scripts/bench_bot.py.
// Usage: node bench_bot_pyodide.mjs <folder with Pyodide's files, cases.json, timing.py> <engine zip>
// Prints one JSON line: what timing(cases) in timing.py returns (scripts/bench_bot.py, scripts/bench_analysis.py)
import { readFileSync } from "node:fs";

const [folder, archive] = process.argv.slice(2);
const { loadPyodide } = await import(`${folder}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${folder}/` });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const bytes = readFileSync(archive);
pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), "zip", { extractDir: sitePackages });
pyodide.runPython(readFileSync(`${folder}/timing.py`, "utf8"));
pyodide.globals.set("cases_json", readFileSync(`${folder}/cases.json`, "utf8"));
const out = pyodide.runPython("json.dumps(timing(json.loads(cases_json)))");
process.stdout.write(out + "\n");
