// Runs nardy_rules in Pyodide (Node.js, the npm package the site ships) on JSON lines
// from standard input, writing one answer line per input line: the parity test's other half.
// Usage: node run_engine.mjs <pyodide dir> <engine zip>
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [pyodideDir, archive] = process.argv.slice(2);
const { loadPyodide } = await import(`${pyodideDir}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const bytes = readFileSync(archive);  // a Node Buffer: hand Pyodide a plain Uint8Array
pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), "zip", { extractDir: sitePackages });
pyodide.runPython("import nardy_rules.live");
const handle = pyodide.globals.get("nardy_rules").live.handle_json;
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim()) process.stdout.write(handle(line) + "\n");
}
