/* The live boards' rules engine: Pyodide and nardy_rules in a module Web Worker.

   Started by nardy-board.js when a reader first plays a board (never for a
   reader who only reads). Everything comes from this site: Pyodide's five
   files and the engine archive are in <site>/pyodide/ (nardy_site/live_assets.py),
   found relative to this script's own URL (<site>/<lang>/assets/nardy-worker.js).

   Messages are JSON text both ways:
     page -> worker  {"id": 7, "request": {...}}     a request of nardy_rules.live
     worker -> page  {"type": "ready"}
                     {"type": "failed", "error": "..."}
                     {"type": "answer", "id": 7, "answer": {...}}   nardy_rules.live's answer
   Pyodide's own console output while it loads is kept out of the console and
   sent with a failure instead: the page decides what the reader sees. */

const BASE = new URL("../../pyodide/", import.meta.url);
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

async function start() {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  // The engine downloads while Pyodide starts.
  engineArchive = fetch(new URL("nardy_rules.zip", BASE));
  engineArchive.catch(() => {});
  const { loadPyodide } = await import(new URL("pyodide.mjs", BASE).href);
  const pyodide = await loadPyodide({
    indexURL: BASE.href,
    packages: [],
    stdout: () => {},
    stderr: (text) => notes.push(String(text).slice(0, 500)),
  });
  const response = await engineArchive;
  if (!response.ok) throw new Error(`nardy_rules.zip: HTTP ${response.status}`);
  const archive = new Uint8Array(await response.arrayBuffer());
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(archive, "zip", { extractDir: sitePackages });
  handle = pyodide.runPython("import nardy_rules.live\nnardy_rules.live.handle_json");
}

const ready = quiet(start).then(
  () => {
    if (!failed) postMessage(JSON.stringify({ type: "ready" }));
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
