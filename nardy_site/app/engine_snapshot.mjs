// The engine's start, done once at build time: Pyodide's memory after the engine is imported.
//
// node engine_snapshot.mjs <pyodide folder> <nardy_rules.zip> <out>
//
// Run by nardy_site/app/engine_snapshot.py with the site's own copy of the pinned
// Pyodide. Loads Pyodide with its (private, pinned) snapshot option, unpacks
// the engine archive as the worker does, imports every module the worker may
// use, then writes the memory image. The worker (assets/engine/nardy-worker.js) hands it to
// loadPyodide, which then skips Python's start and the imports.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, archive, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node engine_snapshot.mjs <pyodide folder> <nardy_rules.zip> <out>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder + path.sep, packages: [], _makeSnapshot: true, stdout: () => {} });
// A Node Buffer is not a typed array Pyodide accepts.
const zip = new Uint8Array(fs.readFileSync(archive));
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(zip, "zip", { extractDir: sitePackages });
const initial = pyodide._module.HEAP8.length;
// The computer's weights are not read here: as Python floats they grow the memory past the size Pyodide
// starts with, and loadPyodide restores an image into that size only ("offset is out of bounds").
const imported = pyodide.runPython(`
import gc, importlib, pkgutil
import nardy_rules, nardy_rules.live
names = sorted(info.name for info in pkgutil.walk_packages(nardy_rules.__path__, "nardy_rules."))
for name in names:
    importlib.import_module(name)
gc.collect()
len(names)
`);
if (pyodide._module.HEAP8.length > initial) {
  console.error(`the imports grew Pyodide's memory from ${initial} to ${pyodide._module.HEAP8.length} bytes: `
    + "an image of it would not load (loadPyodide restores into the memory it starts with)");
  process.exit(1);
}
const image = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, image);
console.log(`${imported} modules, ${image.length} bytes`);
