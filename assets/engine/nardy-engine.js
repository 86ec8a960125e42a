/* The rules engine of a page: nardy_rules in Pyodide, in one module Web Worker (nardy-worker.js).

   Started on the first interaction with a board (never for a reader who only
   reads), its worker created once the board's answer at hand is drawn. answer(request) sends a request of nardy_rules.live and resolves
   with the engine's answer; it rejects when the engine cannot start (no
   WebAssembly or workers, a failed download, not ready within the time
   limit, 20 s or globalThis.nardyLiveTimeout). The status (idle, starting,
   ready, failed) is on <html data-nardy-engine> and told to the listeners;
   nothing is thrown and nothing reaches the console. */

function timeLimit() {
  return typeof globalThis.nardyLiveTimeout === "number" ? globalThis.nardyLiveTimeout : 20000;
}

export class Engine {
  constructor() {
    this.status = "idle";
    this.reason = "";
    this.worker = null;
    this.timer = null;
    this.next = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.timings = {};
    this.startedFrom = null; // "snapshot" or "plain" once ready (the benchmark and tests read it)
    this.startNote = "";
  }

  setStatus(status) {
    this.status = status;
    document.documentElement.dataset.nardyEngine = status;
    for (const listener of this.listeners) {
      try { listener(status); } catch (error) { /* a board's problem stays its own */ }
    }
  }

  /** Start, once: the worker is created once ``after`` settles and the next frame is drawn (creating it
      costs the page's thread a moment, which should not come before the answer at hand is shown). */
  start(after = Promise.resolve()) {
    if (this.status !== "idle") return;
    this.timings.start = performance.now();
    this.setStatus("starting");
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.fail("WebAssembly or Web Workers are not available");
      return;
    }
    this.timer = setTimeout(() => this.fail(`not ready within ${timeLimit()} ms`), timeLimit());
    const spawn = () => this.spawn();
    const soon = () => {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(spawn, 0)));
      setTimeout(spawn, 250); // no frame (a hidden page): start anyway
    };
    after.then(soon, soon);
  }

  spawn() {
    if (this.worker || this.status !== "starting") return;
    // The play page creates its worker as its head is read (overrides/main.html), keeping what it says
    // until now: that worker is this engine's, its messages read in order.
    const early = globalThis.nardyEarlyWorker;
    globalThis.nardyEarlyWorker = null;
    try {
      this.worker = early && early.worker ? early.worker : new Worker(new URL("nardy-worker.js", import.meta.url), { type: "module" });
    } catch (error) {
      this.fail(`the worker cannot start: ${error && error.message}`);
      return;
    }
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`the worker failed: ${event.message || "load error"}`);
    };
    this.worker.onmessageerror = () => this.fail("a message could not be read");
    if (early && early.worker) {
      for (const text of early.messages) this.receive(text);
      if (early.error) this.fail(`the worker failed: ${early.error}`);
    }
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch (error) {
      this.fail("the worker answered something that is not JSON");
      return;
    }
    if (message.type === "ready") {
      if (this.status !== "starting") return;
      clearTimeout(this.timer);
      this.timings.ready = performance.now();
      this.startedFrom = message.from === "snapshot" ? "snapshot" : "plain";
      this.startNote = String(message.note || "");
      this.setStatus("ready");
    } else if (message.type === "failed") {
      this.fail(message.error || "the engine did not start");
    } else if (message.type === "answer") {
      const waiting = this.pending.get(message.id);
      if (waiting) {
        this.pending.delete(message.id);
        waiting.resolve(message.answer);
      }
    }
  }

  fail(reason) {
    if (this.status === "failed") return;
    clearTimeout(this.timer);
    this.reason = String(reason);
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    for (const waiting of this.pending.values()) waiting.reject(new Error(this.reason));
    this.pending.clear();
    this.timings.failed = performance.now();
    this.setStatus("failed");
  }

  /** The engine's answer to a request of nardy_rules.live; rejects when the engine is not available. */
  answer(request) {
    this.start();
    this.spawn(); // a question for the engine: no reason to wait
    if (this.status === "failed") return Promise.reject(new Error(this.reason));
    return new Promise((resolve, reject) => {
      const id = this.next;
      this.next += 1;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(JSON.stringify({ id, request }));
    });
  }
}
