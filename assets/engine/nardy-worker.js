/* The live boards' rules engine: Pyodide and nardy_rules in a module Web Worker.

   Started by nardy-board.js when a reader first plays a board (never for a
   reader who only reads). Everything comes from this site: Pyodide's five
   files and the engine archive are in <site>/pyodide/ (nardy_site/app/live_assets.py),
   found relative to this script's own URL (<site>/<lang>/assets/engine/nardy-worker.js).
   Pyodide starts from the build's image of its memory with the engine already
   imported (snapshot.json, nardy_site/app/engine_snapshot.py: about a quarter of
   the time) when that image is there and has its SHA-256; else the usual way.

   Messages are JSON text both ways:
     page -> worker  {"id": 7, "request": {...}}     a request of nardy_rules.live
     worker -> page  {"type": "ready", "from": "snapshot" | "plain", "note": why plain, or ""}
                     {"type": "failed", "error": "..."}
                     {"type": "answer", "id": 7, "answer": {...}}   nardy_rules.live's answer
   Pyodide's own console output while it loads is kept out of the console and
   sent with a failure instead: the page decides what the reader sees. */

const BASE = new URL("../../../pyodide/", import.meta.url);
let handle = null;
let failed = false;
const notes = [];

function fail(error) {
  if (failed || handle) return;
  failed = true;
  const reason = [String((error && error.message) || error), ...notes].join(" | ");
  postMessage(JSON.stringify({ type: "failed", error: reason }));
}

// Pyodide leaves some of its own promises unhandled when a download fails (and
// may then wait forever): such a failure is the engine's failure, not the console's.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  fail(event.reason);
});
self.addEventListener("error", (event) => {
  event.preventDefault();
  fail(event.error || event.message);
});

function quiet(run) {
  // Pyodide reports a failed download or instantiation on the console before it
  // rejects; the reason goes to the page with the failure instead.
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const keep = (...parts) => notes.push(parts.map(String).join(" ").slice(0, 500));
  Object.assign(console, { log: keep, info: keep, warn: keep, error: keep });
  return run().finally(() => Object.assign(console, saved));
}

let engineArchive = null;
//: How the engine started: "snapshot" (the build's image of Pyodide's memory) or "plain", and why plain.
const started = { from: "plain", note: "" };

//: nardy_site.app.engine_snapshot.IMAGE and INFO.
const IMAGE = "nardy-engine.snapshot";
const INFO = "snapshot.json";

//: nardy_site.app.engine_snapshot.MAGIC: the first bytes of the packed image.
const PACKED = "NARDYIMG";

/** The image of Pyodide's memory from its packed file (nardy_site.app.engine_snapshot.pack: the blocks of zeros
    left out): the header, then the runs of blocks put back in place in memory that starts as zeros. */
function unpack(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const damaged = () => new Error(`${IMAGE}: not a packed image, or damaged`);
  if (packed.byteLength < 20 || String.fromCharCode(...packed.subarray(0, 8)) !== PACKED) throw damaged();
  const size = view.getUint32(8, true);
  const block = view.getUint32(12, true);
  const runs = view.getUint32(16, true);
  const image = new Uint8Array(size);
  let offset = 20 + 8 * runs;
  if (offset > packed.byteLength) throw damaged();
  for (let index = 0; index < runs; index += 1) {
    const start = view.getUint32(20 + 8 * index, true) * block;
    const length = Math.min(view.getUint32(24 + 8 * index, true) * block, size - start);
    if (length < 0 || offset + length > packed.byteLength) throw damaged();
    image.set(packed.subarray(offset, offset + length), start);
    offset += length;
  }
  if (offset !== packed.byteLength) throw damaged();
  return image;
}

/** The build's image of Pyodide's memory with the engine imported (nardy_site/app/engine_snapshot.py):
    {image, checked}, two Promises. image: its bytes, unpacked, rejected with the reason when the record or
    the file is missing or the file does not unpack; checked: resolved once the file has the SHA-256 the
    record gives, else rejected with the reason (a damaged image would be a damaged Python: never used).
    The record and the file are asked for together, and the digest is taken while the file is unpacked and
    Pyodide restores the image: the start waits for both. */
function snapshot() {
  const info = fetch(new URL(INFO, BASE)).then((response) => {
    if (!response.ok) throw new Error(`${INFO}: HTTP ${response.status}`);
    return response.json();
  });
  const file = fetch(new URL(IMAGE, BASE)).then((response) => {
    if (!response.ok) throw new Error(`${IMAGE}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }).then((buffer) => new Uint8Array(buffer));
  const both = Promise.all([info, file]);
  const checked = both.then(async ([record, bytes]) => {
    if (!record || record.file !== IMAGE || typeof record.sha256 !== "string") throw new Error(`${INFO} does not describe ${IMAGE}`);
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                              (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (digest !== record.sha256) throw new Error(`${IMAGE}: SHA-256 ${digest.slice(0, 12)}..., not ${record.sha256.slice(0, 12)}...`);
  });
  // Unpacked while the digest is taken (off this thread); the file itself is never changed.
  const image = both.then(([, bytes]) => unpack(bytes));
  image.catch(() => {});
  checked.catch(() => {});
  return { image, checked };
}

function message(error) {
  return String((error && error.message) || error);
}

async function start() {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  // The engine and the image download while Pyodide's script loads.
  engineArchive = fetch(new URL("nardy_rules.zip", BASE));
  engineArchive.catch(() => {});
  // null only in a benchmark's copy without the snapshot (scripts/bench_site.py, no-snapshot).
  const image = snapshot();
  const { loadPyodide } = await import(new URL("pyodide.mjs", BASE).href);
  const options = {
    indexURL: BASE.href,
    packages: [],
    stdout: () => {},
    stderr: (text) => notes.push(String(text).slice(0, 500)),
  };
  let pyodide = null;
  if (image) {
    // Given the image's promise, loadPyodide fetches and compiles its wasm while the image downloads.
    try {
      const restored = await loadPyodide({ ...options, _loadSnapshot: image.image });
      await image.checked; // a Python restored from a damaged image is dropped, unused
      pyodide = restored;
      started.from = "snapshot";
    } catch (error) {
      started.note = await image.checked.then(() => `the snapshot did not load: ${message(error)}`, message);
    }
  }
  if (!pyodide) pyodide = await loadPyodide(options);
  const response = await engineArchive;
  if (!response.ok) throw new Error(`nardy_rules.zip: HTTP ${response.status}`);
  const archive = new Uint8Array(await response.arrayBuffer());
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  // From a snapshot too: its modules are imported, but their files are not in its memory.
  pyodide.unpackArchive(archive, "zip", { extractDir: sitePackages });
  // A snapshot's random generator would start in the same state for every reader: seeded again here.
  handle = pyodide.runPython("import random\nrandom.seed()\nimport nardy_rules.live\nnardy_rules.live.handle_json");
}

const ready = quiet(start).then(
  () => {
    if (!failed) postMessage(JSON.stringify({ type: "ready", from: started.from, note: started.note }));
  },
  (error) => {
    fail(error);
    throw error;
  },
);
ready.catch(() => {});

self.onmessage = (event) => {
  let id = null;
  try {
    const message = JSON.parse(event.data);
    id = message.id;
    ready.then(() => {
      // handle_json answers JSON text and never raises (a bad request is {"error": ...}).
      const answer = handle(JSON.stringify(message.request));
      postMessage(`{"type":"answer","id":${JSON.stringify(id)},"answer":${answer}}`);
    }).catch((error) => {
      postMessage(JSON.stringify({ type: "answer", id, answer: { error: String((error && error.message) || error) } }));
    });
  } catch (error) {
    postMessage(JSON.stringify({ type: "answer", id, answer: { error: "the message is not JSON" } }));
  }
};
