// What the engine's start from a memory image costs, for images made in different ways (a benchmark, not a test).
//
//   node scripts/bench_engine_start.mjs <site>/pyodide [--rounds 7]
//
// For each variant, an image is made here as nardy_site/app/engine_snapshot.mjs makes the shipped one, then
// started the way the worker starts (assets/engine/nardy-worker.js): loadPyodide from the image, the engine
// archive unpacked, the random generator seeded, nardy_rules.live imported, then a first request answered
// (the `state` of the start position with 3-1, what a board first asks). The rounds alternate the variants,
// so that a change of the machine's load meets them alike. Printed per variant: the image's size (whole;
// without its blocks of zeros, as shipped packed; and that gzip'd), and the medians of loadPyodide, of the
// engine made ready (archive, imports), and of the first answer, in ms.
//
// Variants: shipped (every module of nardy_rules imported, gc.collect: what the build ships); freeze (the
// same, then gc.freeze(): the imported objects leave the collector's generations); live-only (only
// nardy_rules.live and what it imports: a smaller heap); bare (nothing of the engine imported: Pyodide's own
// start, the imports then done at the first request).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const folder = args[0];
const rounds = Number(args[args.indexOf("--rounds") + 1] || 7) || 7;
if (!folder || !fs.existsSync(path.join(folder, "pyodide.mjs"))) {
  console.error("usage: node scripts/bench_engine_start.mjs <site>/pyodide [--rounds 7]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const archive = new Uint8Array(fs.readFileSync(path.join(folder, "nardy_rules.zip")));
const options = { indexURL: folder + path.sep, packages: [], stdout: () => {}, stderr: () => {} };
const ALL = `
import gc, importlib, pkgutil
import nardy_rules, nardy_rules.live
for name in sorted(info.name for info in pkgutil.walk_packages(nardy_rules.__path__, "nardy_rules.")):
    importlib.import_module(name)
gc.collect()
`;
const VARIANTS = {
  shipped: ALL,
  freeze: ALL + "gc.freeze()\n",
  "live-only": "import gc\nimport nardy_rules.live\ngc.collect()\n",
  bare: "import gc\ngc.collect()\n",
};
const REQUEST = JSON.stringify({ op: "state", position: "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", dice: [3, 1], moves: [] });

function unpackInto(pyodide) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(archive, "zip", { extractDir: sitePackages });
}

function withoutZeros(image) {
  const block = 4096;
  const zero = new Uint8Array(block);
  const kept = [];
  for (let at = 0; at < image.length; at += block) {
    const chunk = image.subarray(at, Math.min(at + block, image.length));
    if (!Buffer.from(chunk).equals(Buffer.from(zero.subarray(0, chunk.length)))) kept.push(chunk);
  }
  return Buffer.concat(kept.map((chunk) => Buffer.from(chunk)));
}

const images = {};
for (const [name, code] of Object.entries(VARIANTS)) {
  const maker = await loadPyodide({ ...options, _makeSnapshot: true });
  unpackInto(maker);
  maker.runPython(code);
  images[name] = maker.makeMemorySnapshot();
}

const times = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, { load: [], ready: [], answer: [] }]));
for (let round = 0; round < rounds; round += 1) {
  for (const name of Object.keys(VARIANTS)) {
    const start = performance.now();
    const pyodide = await loadPyodide({ ...options, _loadSnapshot: images[name] });
    const loaded = performance.now();
    unpackInto(pyodide);
    const handle = pyodide.runPython("import random\nrandom.seed()\nimport nardy_rules.live\nnardy_rules.live.handle_json");
    const ready = performance.now();
    const answer = JSON.parse(handle(REQUEST));
    const answered = performance.now();
    if (!Array.isArray(answer.legal_moves) || !answer.legal_moves.length) throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 200)}`);
    handle.destroy();
    times[name].load.push(loaded - start);
    times[name].ready.push(ready - loaded);
    times[name].answer.push(answered - ready);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kb = (bytes) => `${Math.round(bytes / 1024).toLocaleString("en")}`;
console.log(`Node.js ${process.version}, ${rounds} rounds (variants alternating); medians in ms`);
console.log("variant      image KB  packed KB  gzip KB   loadPyodide  engine ready  first answer  total");
for (const name of Object.keys(VARIANTS)) {
  const packed = withoutZeros(images[name]);
  const gz = zlib.gzipSync(packed, { level: 9 }).length;
  const t = times[name];
  const total = median(t.load.map((value, index) => value + t.ready[index] + t.answer[index]));
  console.log(`${name.padEnd(11)} ${kb(images[name].length).padStart(9)} ${kb(packed.length).padStart(10)} ${kb(gz).padStart(8)}`
    + `  ${median(t.load).toFixed(0).padStart(11)}  ${median(t.ready).toFixed(0).padStart(12)}  ${median(t.answer).toFixed(0).padStart(12)}`
    + `  ${total.toFixed(0).padStart(5)}`);
}
