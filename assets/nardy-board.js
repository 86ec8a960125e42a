/* Live boards: every diagram of a page becomes a board the reader can play on.

   A module script of every page (overrides/main.html). Without JavaScript, or
   until the reader touches a board, the build's SVG stays as it is: a reader
   who only reads downloads this script, its logic, the layout and the
   language's strings (assets/i18n.json), never the rules engine.

   The rules engine is nardy_rules in Pyodide, in one module Web Worker per
   page (nardy-worker.js), started when a reader first interacts with a board
   (pointer, keyboard focus, or a button). Until it is ready, a board answers
   for its own example from the plays the build embedded (the figure's JSON,
   nardy_site/diagram.py), so the first click is instant; everything else
   (new dice, reasons for refused moves, links) goes to the engine. If the
   engine cannot start (no WebAssembly, a failed download, no answer within
   the time limit), the boards stay readable and say that live play is not
   available; nothing is thrown.

   Every visible or announced word comes from the catalog (assets/i18n.json,
   compiled from locales/ by the build) and is inserted as text.

   window.nardyLive = {engine, boards} is there for the tests and the benchmark. */

import LAYOUTS from "./nardy-layout.js";
import * as L from "./nardy-logic.js";

const SVG = "http://www.w3.org/2000/svg";
const STEP_MS = 700;

function timeLimit() {
  return typeof globalThis.nardyLiveTimeout === "number" ? globalThis.nardyLiveTimeout : 20000;
}

/* ------------------------------------------------------------------ the engine (one worker per page) */

const engine = {
  status: "idle", // idle | starting | ready | failed
  reason: "",
  worker: null,
  timer: null,
  next: 1,
  pending: new Map(),
  listeners: new Set(),
  timings: {},

  setStatus(status) {
    this.status = status;
    document.documentElement.dataset.nardyEngine = status;
    for (const listener of this.listeners) {
      try { listener(status); } catch (error) { /* a board's problem stays its own */ }
    }
  },

  start() {
    if (this.status !== "idle") return;
    this.timings.start = performance.now();
    this.setStatus("starting");
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.fail("WebAssembly or Web Workers are not available");
      return;
    }
    try {
      this.worker = new Worker(new URL("nardy-worker.js", import.meta.url), { type: "module" });
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
    this.timer = setTimeout(() => this.fail(`not ready within ${timeLimit()} ms`), timeLimit());
  },

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
  },

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
  },

  /** The engine's answer to a request of nardy_rules.live; rejects when the engine is not available. */
  ask(request) {
    this.start();
    if (this.status === "failed") return Promise.reject(new Error(this.reason));
    return new Promise((resolve, reject) => {
      const id = this.next;
      this.next += 1;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(JSON.stringify({ id, request }));
    });
  },
};

/* ------------------------------------------------------------------ helpers */

function svgElement(spec) {
  const element = document.createElementNS(SVG, spec.tag);
  for (const [name, value] of Object.entries(spec.attrs || {})) element.setAttribute(name, value);
  if (spec.text !== undefined) element.textContent = spec.text;
  for (const child of spec.children || []) element.append(svgElement(child));
  return element;
}

function html(tag, attrs = {}, text) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) element.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, value);
  }
  if (text !== undefined) element.textContent = text;
  return element;
}

function movesJSON(moves) {
  return moves.map(([from, to, die]) => ({ from, to, die }));
}

function samePlace(a, b) {
  return a !== null && a !== undefined && String(a) === String(b);
}

function randomDie() {
  const bytes = new Uint8Array(1);
  do {
    crypto.getRandomValues(bytes);
  } while (bytes[0] >= 252);
  return (bytes[0] % 6) + 1;
}

/** One checker's path in notation: 24/18/13, 13/10*\/5, bar/22, 6/off. */
function pathNotation(moves) {
  if (moves.length === 1) return L.notation(moves[0]);
  let text = String(moves[0].from);
  for (const move of moves) text += `/${move.to}${move.hit ? "*" : ""}`;
  return text;
}

let serial = 0;

/* ------------------------------------------------------------------ one board */

class Board {
  constructor(figure, data, catalog) {
    serial += 1;
    this.figure = figure;
    this.data = data;
    this.catalog = catalog;
    this.svg = figure.querySelector("svg.nardy-board");
    this.variant = this.svg.getAttribute("data-variant");
    this.layout = LAYOUTS[this.variant];
    this.uid = `nardy-live-${serial}`;
    this.example = { pos: L.parseText(data.text), dice: data.dice ? data.dice.slice() : null, moves: [], rolled: false };
    this.snap = this.example;
    this.history = [];
    this.future = [];
    this.pristine = true;
    this.view = null;
    this.version = 0;
    this.selected = null;
    this.targets = [];
    this.explained = [];
    this.cursor = null;
    this.focused = false;
    this.waiting = false;
    this.animation = 0;
    this.said = 0;
    this.pendingCheck = null;
    this.labelledBy = this.svg.getAttribute("aria-labelledby");
    this.build();
    engine.listeners.add((status) => this.engineChanged(status));
  }

  t(key, params) {
    return L.message(this.catalog, key, params);
  }

  /* -------------------------------------------------------------- the page's elements */

  build() {
    const t = (key) => this.t(key);
    const help = html("p", { id: `${this.uid}-help`, class: "nardy-live-help", hidden: true }, t("help"));
    this.control = html("div", {
      class: "nardy-live-board", tabindex: "0", role: "group",
      "aria-label": t("board"), "aria-describedby": `${this.uid}-help`,
    });
    this.svg.replaceWith(this.control);
    this.control.append(this.svg, help);
    this.marks = this.svg.querySelector("g.nardy-marks");
    this.liveMarks = svgElement({ tag: "g", attrs: { class: "nardy-live-marks" } });
    this.svg.append(this.liveMarks);

    const panel = html("div", { class: "nardy-live" });
    // One tab stop for the whole toolbar: the arrow keys move between its buttons.
    const tools = html("div", { class: "nardy-live-tools", role: "toolbar", "aria-label": t("toolbar") });
    const button = (key, action, extra = {}, parent = tools) => {
      const element = html("button", { type: "button", class: "nardy-live-button", "data-action": key, ...extra }, t(key));
      element.addEventListener("click", () => this.guard(() => action()));
      parent.append(element);
      return element;
    };
    this.buttons = {};
    this.buttons.roll = button("roll", () => this.roll());
    this.buttons["set-dice"] = button("set-dice", () => this.toggleDice(), { "aria-expanded": "false", "aria-controls": `${this.uid}-dice` });
    this.buttons.undo = button("undo", () => this.undo());
    this.buttons.redo = button("redo", () => this.redo());
    this.buttons.reset = button("reset", () => this.reset());
    if (this.data.show && this.data.show.length) this.buttons.show = button("show", () => this.playExample());
    this.buttons.plays = button("plays", () => this.togglePlays(), { "aria-expanded": "false", "aria-controls": `${this.uid}-plays` });
    this.buttons.link = button("link", () => this.copyLink());
    this.tools = tools;
    tools.addEventListener("keydown", (event) => this.toolKey(event));
    tools.addEventListener("focusin", (event) => this.rove(event.target));
    this.diceBox = html("div", { class: "nardy-live-dice", id: `${this.uid}-dice`, hidden: true });
    this.dieSelects = ["die-1", "die-2"].map((key) => {
      const select = html("select", { class: "nardy-live-die", "aria-label": t(key), "data-die": key });
      for (let value = 1; value <= 6; value += 1) select.append(html("option", { value: String(value) }, String(value)));
      this.diceBox.append(select);
      return select;
    });
    this.buttons["apply-dice"] = button("apply-dice", () => this.setDice(), {}, this.diceBox);
    this.note = html("p", { class: "nardy-live-note", hidden: true });
    this.info = html("p", { class: "nardy-live-info", id: `${this.uid}-info` });
    this.status = html("p", { class: "nardy-live-status", role: "status", "aria-live": "polite" });
    this.playsBox = html("div", { class: "nardy-live-plays", id: `${this.uid}-plays`, hidden: true });
    this.linkField = html("input", { class: "nardy-live-link", type: "text", readonly: true, hidden: true, "aria-label": t("link-label") });
    panel.append(tools, this.diceBox, this.note, this.info, this.status, this.playsBox, this.linkField);
    this.control.after(panel);
    this.panel = panel;
    this.setDieSelects(this.example.dice);
    this.updateButtons();

    // Any interaction starts the engine; the example answers at once meanwhile.
    const wake = () => {
      this.touched = true;
      engine.start();
    };
    this.control.addEventListener("pointerdown", wake);
    panel.addEventListener("pointerdown", wake);
    this.control.addEventListener("focusin", () => { this.focused = true; wake(); this.drawMarks(); });
    this.control.addEventListener("focusout", () => { this.focused = false; this.drawMarks(); });
    panel.addEventListener("focusin", wake);
    this.control.addEventListener("click", (event) => this.guard(() => this.clicked(event)));
    this.control.addEventListener("keydown", (event) => this.guard(() => this.key(event)));
  }

  /** Run an action; a failure of the board never reaches the console. */
  guard(action) {
    try {
      const result = action();
      if (result && typeof result.catch === "function") result.catch(() => this.say(this.t("unavailable")));
    } catch (error) {
      this.say(this.t("unavailable"));
    }
  }

  say(text) {
    this.said += 1;
    this.status.replaceChildren(document.createTextNode(text));
  }

  /** Take away "Starting the rules engine…" once the engine has answered. */
  started() {
    if (this.status.textContent === this.t("starting")) this.status.replaceChildren();
  }

  setDieSelects(dice) {
    if (!dice) return;
    this.dieSelects[0].value = String(dice[0]);
    this.dieSelects[1].value = String(dice[1] === undefined ? dice[0] : dice[1]);
  }

  updateButtons() {
    const hadFocus = this.tools.contains(document.activeElement);
    const snap = this.snap;
    const over = Boolean(this.view && this.view.result) || Boolean(L.result(snap.pos));
    const busy = this.animation !== 0;
    const failed = engine.status === "failed";
    const newDice = snap.moves.length > 0 || over || failed;
    this.buttons.roll.disabled = newDice;
    this.buttons["set-dice"].disabled = newDice;
    this.buttons["apply-dice"].disabled = newDice;
    for (const select of this.dieSelects) select.disabled = newDice;
    if (newDice && !this.diceBox.hidden) this.toggleDice();
    this.buttons.undo.disabled = !this.history.length;
    this.buttons.redo.disabled = !this.future.length;
    this.buttons.reset.disabled = this.pristine && !busy;
    if (this.buttons.show) this.buttons.show.disabled = busy;
    this.rove(null);
    // A button that is disabled while focused loses the focus: give it to the toolbar's tab stop.
    if (hadFocus && !this.tools.contains(document.activeElement)) {
      const current = this.tools.querySelector('button[tabindex="0"]');
      if (current) current.focus();
    }
  }

  /** The toolbar's one tab stop: the button last focused, or the first one enabled. */
  rove(target) {
    const buttons = Array.from(this.tools.querySelectorAll("button"));
    let current = buttons.includes(target) ? target : buttons.find((item) => item.tabIndex === 0);
    if (!current || current.disabled) current = buttons.find((item) => !item.disabled);
    for (const item of buttons) item.tabIndex = item === current ? 0 : -1;
  }

  toolKey(event) {
    const buttons = Array.from(this.tools.querySelectorAll("button")).filter((item) => !item.disabled);
    const index = buttons.indexOf(document.activeElement);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = buttons[(index + 1) % buttons.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = buttons[(index - 1 + buttons.length) % buttons.length];
    else if (event.key === "Home") next = buttons[0];
    else if (event.key === "End") next = buttons[buttons.length - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  toggleDice() {
    const open = this.diceBox.hidden;
    this.diceBox.hidden = !open;
    this.buttons["set-dice"].setAttribute("aria-expanded", String(open));
    if (open) this.dieSelects[0].focus();
  }

  engineChanged(status) {
    if (status === "failed") {
      if (this.waiting || this.pendingCheck || this.touched) this.say(this.t("unavailable"));
      this.waiting = false;
      this.pendingCheck = null;
      this.figure.dataset.live = "unavailable";
      this.note.textContent = this.t("unavailable");
      this.note.hidden = false;
      this.updateButtons();
    } else if (status === "ready" && this.pendingCheck) {
      const check = this.pendingCheck;
      this.pendingCheck = null;
      this.explainRefusal(check.from, check.to, check.said);
    }
  }

  /* -------------------------------------------------------------- state */

  /** The engine's answer, showing that it is starting when it is not ready yet. */
  async ask(request) {
    if (engine.status !== "ready") {
      this.waiting = true;
      if (engine.status !== "failed") this.say(this.t("starting"));
    }
    try {
      const answer = await engine.ask(request);
      this.waiting = false;
      return answer;
    } catch (error) {
      this.waiting = false;
      this.say(this.t("unavailable"));
      throw error;
    }
  }

  onExampleTurn() {
    const snap = this.snap;
    return Boolean(snap.dice && this.data.dice && this.data.turn) && L.toText(snap.pos) === this.data.text
      && snap.dice.join("-") === this.data.dice.join("-");
  }

  request(op, extra = {}) {
    const snap = this.snap;
    return { op, position: L.toJSON(snap.pos), dice: snap.dice, moves: movesJSON(snap.moves), ...extra };
  }

  /** What the board shows now: from the example's plays, the engine, or (no dice) the position alone. */
  async computeView() {
    const snap = this.snap;
    if (!snap.dice) {
      return {
        position: snap.pos, remaining: [], complete: false, legal_moves: [], lost: [], next: null, noDice: true,
        pips: { white: L.pips(snap.pos, "white"), black: L.pips(snap.pos, "black") }, result: L.result(snap.pos),
      };
    }
    if (this.onExampleTurn()) {
      const local = L.localState(this.data, snap.moves);
      if (local) return local;
    }
    const answer = await this.ask(this.request("state"));
    if (answer.error) throw new Error(answer.error);
    this.started();
    return L.engineState(answer);
  }

  /** Recompute and redraw after every change; ``after`` announces once the view is known. */
  async refresh(after) {
    const version = ++this.version;
    this.selected = null;
    this.targets = [];
    this.explained = [];
    this.updateButtons();
    this.drawPosition(this.currentPosition());
    let view;
    try {
      view = await this.computeView();
    } catch (error) {
      if (version === this.version) this.say(this.t("unavailable"));
      return;
    }
    if (version !== this.version) return;
    let passed = null;
    const snap = this.snap;
    if (view.complete && !view.result && view.next && (snap.moves.length || snap.rolled)) {
      // The dice are used (or none can be): the turn passes to the other side.
      passed = { lost: view.lost.slice(), noMove: !snap.moves.length, dice: snap.dice, color: snap.pos.turn };
      this.snap = { pos: view.next, dice: null, moves: [], rolled: false };
      view = await this.computeView();
    }
    this.view = view;
    this.render();
    if (after) after(view, passed);
    if (!this.playsBox.hidden) this.showPlays();
  }

  currentPosition() {
    let position = this.snap.pos;
    for (const move of this.snap.moves) position = L.applyMove(position, move);
    return position;
  }

  change(snap, after) {
    this.history.push(this.snap);
    this.future = [];
    this.snap = snap;
    this.pristine = false;
    return this.refresh(after);
  }

  /* -------------------------------------------------------------- drawing */

  drawPosition(position) {
    const layer = this.svg.querySelector("g.nardy-checkers");
    layer.replaceChildren(...L.checkerLayer(this.layout, position).map(svgElement));
    const old = this.svg.querySelector("g.nardy-dice");
    if (old) old.remove();
    const snap = this.snap;
    if (snap.dice) {
      const dice = snap.moves.length ? this.remainingDice() : snap.dice;
      if (dice.length) {
        const group = svgElement(L.diceLayer(this.layout, position.turn, dice));
        layer.after(group);
      }
    }
    if (this.marks) {
      if (this.pristine) this.marks.removeAttribute("display");
      else this.marks.setAttribute("display", "none");
    }
    this.svg.setAttribute("data-turn", position.turn);
    for (const color of L.COLORS) {
      const tspan = this.svg.querySelector(`tspan[data-pips="${color}"]`);
      if (tspan) {
        tspan.textContent = String(L.pips(position, color));
        tspan.parentNode.classList.toggle("nardy-turn", color === position.turn);
      }
    }
    const marker = this.svg.querySelector("path.nardy-marker");
    const swatch = this.svg.querySelector(`circle.nardy-swatch[data-color="${position.turn}"]`);
    if (marker && swatch) {
      const x = Number(swatch.getAttribute("cx")) - 20;
      const y = Number(swatch.getAttribute("cy"));
      marker.setAttribute("d", `M${L.num(x)} ${L.num(y - 6)}l9 6-9 6z`);
    }
    if (this.pristine) this.svg.setAttribute("aria-labelledby", this.labelledBy);
    else this.svg.setAttribute("aria-labelledby", `${this.labelledBy.split(" ")[0]} ${this.uid}-info`);
  }

  remainingDice() {
    const left = L.diceToPlay(this.snap.dice);
    for (const move of this.snap.moves) {
      const index = left.indexOf(move[2]);
      if (index >= 0) left.splice(index, 1);
    }
    return left;
  }

  render() {
    const view = this.view;
    this.drawPosition(view.position);
    const turn = view.position.turn;
    const parts = [];
    if (view.result) {
      parts.push(this.t(`result-${view.result.winner}-${view.result.kind}`, { count: view.result.points }));
    } else if (view.noDice) {
      parts.push(this.t(`${turn}-to-roll`));
    } else if (view.complete && !this.snap.moves.length) {
      parts.push(this.t("no-move", { dice: L.formatDice(this.snap.dice) }));
    } else {
      parts.push(this.t(`${turn}-dice`, { dice: L.formatDice(view.remaining) }));
    }
    parts.push(this.t("pips", { white: view.pips.white, black: view.pips.black }));
    this.info.replaceChildren();
    parts.forEach((text, index) => {
      if (index) this.info.append(" ");
      this.info.append(html("span", {}, text));
    });
    this.setDieSelects(this.snap.dice);
    this.updateButtons();
    this.drawMarks();
  }

  drawMarks() {
    const specs = [];
    const view = this.view;
    const position = view ? view.position : this.currentPosition();
    const mover = position.turn;
    if (this.focused && this.cursor !== null) {
      const [x, y, w, h] = L.placeBox(this.layout, mover, this.cursor);
      specs.push({ tag: "rect", attrs: { class: "nardy-live-cursor", x: L.num(x), y: L.num(y), width: L.num(w), height: L.num(h), rx: "4" } });
    }
    if (this.selected !== null) {
      const count = L.ownAt(position, mover, this.selected);
      const [x, y] = L.slot(this.layout, mover, this.selected, Math.max(0, Math.min(count, this.layout.cap) - 1));
      specs.push({ tag: "circle", attrs: { class: "nardy-live-selected", "data-point": String(this.selected), cx: L.num(x), cy: L.num(y), r: String(this.layout.r + 3) } });
      const landing = (end) => {
        const level = end === "off" ? position[mover].off : L.ownAt(position, mover, end);
        return L.slot(this.layout, mover, end, level);
      };
      for (const target of this.targets) {
        const [x2, y2] = landing(target.end);
        specs.push({ tag: "circle", attrs: { class: "nardy-live-dest", "data-point": String(target.end), cx: L.num(x2), cy: L.num(y2), r: String(this.layout.r - 2) } });
      }
      for (const refused of this.explained) {
        const [x3, y3] = landing(refused.end);
        specs.push({ tag: "g", attrs: { class: "nardy-live-explained", "data-point": String(refused.end) }, children: [
          { tag: "circle", attrs: { cx: L.num(x3), cy: L.num(y3), r: String(this.layout.r - 2) } },
          { tag: "path", attrs: { d: `M${L.num(x3 - 6)} ${L.num(y3 - 6)}l12 12m0 -12l-12 12` } },
        ] });
      }
    }
    this.liveMarks.replaceChildren(...specs.map(svgElement));
  }

  /* -------------------------------------------------------------- playing */

  placeOfEvent(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return L.placeAt(this.layout, this.variant, point.x, point.y);
  }

  clicked(event) {
    const place = this.placeOfEvent(event);
    if (place === null) return;
    this.cursor = place;
    this.activate(place);
  }

  /** A click or Enter on a place: select a checker, move the selected one there, or say why not. */
  activate(place) {
    this.stopAnimation();
    if (this.selected === null) return this.select(place);
    if (samePlace(place, this.selected)) {
      this.clearSelection();
      this.say(this.t("cancelled"));
      return undefined;
    }
    const target = this.targets.find((item) => samePlace(item.end, place));
    if (target) return this.play(target.moves);
    const refused = this.explained.find((item) => samePlace(item.end, place));
    if (refused) {
      this.say(L.reasonMessage(this.catalog, refused.reason));
      return undefined;
    }
    const view = this.view;
    if (view && place !== "off" && L.ownAt(view.position, view.position.turn, place) && !this.waiting) {
      return this.select(place);
    }
    return this.refuse(this.selected, place);
  }

  clearSelection() {
    this.selected = null;
    this.targets = [];
    this.explained = [];
    this.drawMarks();
  }

  async ensureView() {
    if (!this.view) await this.refresh();
    return this.view;
  }

  async select(place) {
    const view = await this.ensureView();
    if (!view) return;
    const version = this.version;
    const position = view.position;
    const mover = position.turn;
    const local = (code, params = {}) => this.say(L.reasonMessage(this.catalog, { code, params }));
    if (view.result) return local("game-over");
    if (view.noDice) return this.say(this.t("plays-no-dice"));
    if (view.complete) return local("no-dice-left");
    if (place === "off" || !L.ownAt(position, mover, place)) {
      if (place === "off") return undefined;
      return local("no-checker", { point: place });
    }
    let paths;
    let refused = [];
    if (engine.status !== "ready" && this.onExampleTurn()) {
      const state = L.walk(this.data.turn, this.snap.moves);
      paths = state >= 0 ? L.graphPaths(this.data.turn, state, place) : [];
      if (state === 0) {
        refused = this.data.refuse.filter((item) => samePlace(item.from, place) && !paths.some((p) => samePlace(p.end, item.to)))
          .filter((item) => ["leaves-dice-unplayed", "must-play-larger-die"].includes(item.reason))
          .map((item) => ({ end: item.to, reason: { code: item.reason, params: item.params } }));
      }
      paths = paths.map((path) => ({ end: path.end, moves: this.withHits(path.moves) }));
    } else {
      const answer = await this.ask(this.request("targets", { from: place }));
      if (version !== this.version) return undefined;
      if (answer.error) return this.say(this.t("not-legal"));
      paths = answer.paths.map((path) => ({ end: path.end, moves: path.moves }));
      refused = answer.refused;
      this.started();
    }
    if (!paths.length && !refused.length) {
      this.clearSelection();
      return this.say(place === "bar" ? this.t("stuck-bar") : this.t("stuck", { point: place }));
    }
    this.selected = place;
    this.targets = paths;
    this.explained = refused;
    this.drawMarks();
    if (!paths.length) {
      return this.say(L.reasonMessage(this.catalog, refused[0].reason));
    }
    const names = paths.map((path) => (path.end === "off" ? this.t("target-off") : String(path.end)));
    const key = place === "bar" ? "selected-bar" : "selected";
    return this.say(this.t(key, { point: place, targets: names.join(", ") }));
  }

  /** Moves [from, to, die] of the example's plays as {from, to, die, hit}, in order from now. */
  withHits(moves) {
    let position = this.view.position;
    return moves.map((move) => {
      const out = { from: move[0], to: move[1], die: move[2], hit: L.hits(position, move) };
      position = L.applyMove(position, move);
      return out;
    });
  }

  /** Say why a move is refused: from the example's data, the engine, or (before it is ready) generally. */
  refuse(from, to) {
    this.clearSelection();
    if (engine.status === "ready") return this.explainRefusal(from, to, this.said);
    if (this.onExampleTurn() && !this.snap.moves.length) {
      const known = this.data.refuse.find((item) => samePlace(item.from, from) && samePlace(item.to, to));
      if (known) {
        this.say(L.reasonMessage(this.catalog, { code: known.reason, params: known.params }));
        return undefined;
      }
    }
    this.say(this.t("not-legal"));
    if (engine.status !== "failed") {
      // The engine gives the reason as soon as it is ready, unless the board has said something else since.
      this.pendingCheck = { from, to, said: this.said };
      engine.start();
    }
    return undefined;
  }

  async explainRefusal(from, to, said) {
    let answer;
    try {
      answer = await engine.ask(this.request("check", { from, to }));
    } catch (error) {
      return;
    }
    if (said !== this.said) return;
    if (answer.legal === false && answer.reason) this.say(L.reasonMessage(this.catalog, answer.reason));
    else if (answer.legal) this.say(this.t("not-legal"));
  }

  play(moves) {
    const snap = this.snap;
    const made = moves.map((move) => [move.from, move.to, move.die]);
    const text = pathNotation(moves);
    return this.change({ ...snap, moves: snap.moves.concat(made) }, (view, passed) => {
      if (view.result) {
        this.say(this.t(`result-${view.result.winner}-${view.result.kind}`, { count: view.result.points }));
      } else if (passed && passed.lost.length) {
        this.say(this.t("moved-lost", { move: text, dice: L.formatDice(passed.lost) }));
      } else if (passed) {
        this.say(this.t("moved-done", { move: text }));
      } else {
        this.say(this.t("moved", { move: text, dice: L.formatDice(view.remaining) }));
      }
    });
  }

  newDice(dice, key) {
    const snap = this.snap;
    if (snap.moves.length) return undefined;
    this.stopAnimation();
    return this.change({ pos: snap.pos, dice, moves: [], rolled: true }, (view, passed) => {
      if (passed && passed.noMove) {
        this.say(this.t(`${passed.color}-no-move`, { dice: L.formatDice(dice) }));
      } else {
        this.say(this.t(key, { dice: L.formatDice(dice) }));
      }
    });
  }

  roll() {
    return this.newDice([randomDie(), randomDie()], "rolled");
  }

  setDice() {
    return this.newDice(this.dieSelects.map((select) => Number(select.value)), "dice-set");
  }

  undo() {
    this.stopAnimation();
    if (!this.history.length) return undefined;
    this.future.push(this.snap);
    this.snap = this.history.pop();
    this.pristine = this.snap === this.example && !this.history.length;
    return this.refresh(() => this.say(this.t("undone")));
  }

  redo() {
    this.stopAnimation();
    if (!this.future.length) return undefined;
    this.history.push(this.snap);
    this.snap = this.future.pop();
    this.pristine = false;
    return this.refresh(() => this.say(this.t("redone")));
  }

  reset(quiet = false) {
    this.stopAnimation();
    this.snap = this.example;
    this.history = [];
    this.future = [];
    this.pristine = true;
    this.linkField.hidden = true;
    return this.refresh(() => { if (!quiet) this.say(this.t("reset-done")); });
  }

  stopAnimation() {
    if (this.animation) {
      clearTimeout(this.animationTimer);
      this.animation = 0;
      this.updateButtons();
    }
  }

  async playExample() {
    await this.reset(true);
    const token = Date.now();
    this.animation = token;
    this.updateButtons();
    const moves = this.data.show;
    const step = async (index) => {
      if (this.animation !== token) return;
      if (index >= moves.length) {
        this.animation = 0;
        this.updateButtons();
        return;
      }
      const [from, to, die] = moves[index];
      await this.play([{ from, to, die, hit: L.hits(this.currentPosition(), moves[index]) }]);
      if (this.animation !== token) return;
      this.animationTimer = setTimeout(() => this.guard(() => step(index + 1)), STEP_MS);
    };
    this.animationTimer = setTimeout(() => this.guard(() => step(0)), STEP_MS / 2);
  }

  /* -------------------------------------------------------------- plays, links */

  togglePlays() {
    const open = this.playsBox.hidden;
    this.playsBox.hidden = !open;
    this.buttons.plays.setAttribute("aria-expanded", String(open));
    if (open) return this.showPlays();
    return undefined;
  }

  async showPlays() {
    const snap = this.snap;
    const version = this.version;
    let notations;
    if (!snap.dice) {
      this.playsBox.replaceChildren(html("p", {}, this.t("plays-no-dice")));
      return;
    }
    if (this.onExampleTurn()) {
      notations = this.data.plays;
    } else {
      const answer = await this.ask({ op: "plays", position: L.toJSON(snap.pos), dice: snap.dice });
      if (version !== this.version) return;
      if (answer.error) return;
      this.started();
      notations = answer.plays.map((play) => play.notation);
    }
    const list = html("ol", { class: "nardy-live-plays-list" });
    for (const text of notations) list.append(html("li", {}, text));
    const heading = notations.length ? this.t("plays-count", { count: notations.length }) : this.t("plays-none");
    this.playsBox.replaceChildren(html("p", {}, heading), ...(notations.length ? [list] : []));
  }

  copyLink() {
    const fragment = L.linkFragment(this.data.id, this.snap.pos, this.snap.dice, this.snap.moves);
    const url = new URL(location.href);
    url.hash = fragment;
    this.linkField.value = url.href;
    this.linkField.hidden = false;
    const shown = () => {
      this.linkField.select();
      this.say(this.t("link-shown"));
    };
    try {
      if (!navigator.clipboard || !window.isSecureContext) return shown();
      return navigator.clipboard.writeText(url.href).then(() => this.say(this.t("link-copied")), shown);
    } catch (error) {
      return shown();
    }
  }

  /** Open the state of a link: checked by the engine; a bad link shows the example and says so. */
  async openLink(link) {
    const bad = () => {
      this.snap = this.example;
      this.history = [];
      this.future = [];
      this.pristine = true;
      this.drawPosition(this.example.pos);
      this.say(this.t("link-bad"));
    };
    this.figure.scrollIntoView({ block: "center" });
    if (!link || link.position.variant !== this.variant) return bad();
    const snap = { pos: link.position, dice: link.dice, moves: link.moves, rolled: false };
    if (link.dice) {
      let answer;
      try {
        answer = await this.ask({ op: "state", position: L.toJSON(snap.pos), dice: snap.dice, moves: movesJSON(snap.moves) });
      } catch (error) {
        return undefined; // "not available" is said already
      }
      if (answer.error) return bad();
    }
    this.snap = snap;
    this.history = [];
    this.future = [];
    this.pristine = false;
    return this.refresh(() => this.say(this.t("link-opened")));
  }

  /* -------------------------------------------------------------- keyboard */

  key(event) {
    const places = L.cursorPlaces(this.variant);
    const position = this.view ? this.view.position : this.currentPosition();
    const move = (to) => {
      this.cursor = places[(to + places.length) % places.length];
      this.drawMarks();
      this.announceCursor(position);
    };
    if (this.cursor === null) {
      const first = places.find((place) => place !== "off" && L.ownAt(position, position.turn, place));
      this.cursor = first === undefined ? places[0] : first;
    }
    const index = places.findIndex((place) => samePlace(place, this.cursor));
    switch (event.key) {
      case "ArrowRight": case "ArrowDown":
        event.preventDefault(); move(index + 1); break;
      case "ArrowLeft": case "ArrowUp":
        event.preventDefault(); move(index - 1); break;
      case "Home":
        event.preventDefault(); move(0); break;
      case "End":
        event.preventDefault(); move(places.length - 1); break;
      case "Enter": case " ":
        event.preventDefault();
        this.drawMarks();
        return this.activate(this.cursor);
      case "Escape":
        if (this.selected !== null) {
          event.preventDefault();
          this.clearSelection();
          this.say(this.t("cancelled"));
        }
        break;
      default:
    }
    return undefined;
  }

  announceCursor(position) {
    const place = this.cursor;
    const mover = position.turn;
    const target = this.targets.find((item) => samePlace(item.end, place));
    if (target) {
      this.say(place === "off" ? this.t("cursor-target-off") : this.t("cursor-target", { point: place }));
      return;
    }
    if (place === "bar") {
      const color = position[mover].bar ? mover : (position[L.other(mover)].bar ? L.other(mover) : null);
      this.say(color ? this.t(`cursor-bar-${color}`, { count: position[color].bar }) : this.t("cursor-bar-empty"));
    } else if (place === "off") {
      const count = position[mover].off;
      this.say(count ? this.t(`cursor-off-${mover}`, { count }) : this.t("cursor-off-none"));
    } else {
      const [color, count] = L.countAt(position, place);
      this.say(color ? this.t(`cursor-${color}`, { point: place, count }) : this.t("cursor-empty", { point: place }));
    }
  }
}

/* ------------------------------------------------------------------ the page */

function readLink(boards) {
  const raw = location.hash.replace(/^#/, "");
  let fragment = raw;
  let malformed = false;
  try {
    fragment = decodeURIComponent(raw);
  } catch (error) {
    malformed = true; // a broken %-escape ("#%", "%E0%A4%A"): a bad link if it names a board, else not ours
  }
  if (!fragment.startsWith("board=")) return;
  const id = fragment.slice("board=".length).split(":")[0];
  const board = boards.find((item) => item.data.id === id);
  if (!board) return;
  board.guard(() => board.openLink(malformed ? null : L.parseLink(fragment)));
}

async function init() {
  const figures = Array.from(document.querySelectorAll("figure.nardy-diagram"));
  const boards = [];
  window.nardyLive = { engine, boards };
  if (!figures.length) return;
  // First, before anything that can fail: a later #board= link always opens (readLink never throws).
  window.addEventListener("hashchange", () => readLink(boards));
  const response = await fetch(new URL("i18n.json", import.meta.url));
  if (!response.ok) return;
  const catalog = await response.json();
  for (const figure of figures) {
    try {
      const script = figure.querySelector("script.nardy-data");
      if (!script || !figure.querySelector("svg.nardy-board")) continue;
      boards.push(new Board(figure, JSON.parse(script.textContent), catalog));
    } catch (error) {
      /* this figure stays the build's diagram */
    }
  }
  document.documentElement.dataset.nardyBoards = String(boards.length);
  readLink(boards);
}

init().catch(() => {});
