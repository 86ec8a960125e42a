/* A replay board: a whole game of the page, turn by turn, on a live board (a figure.nardy-replay).

   The build (nardy_site/figures/replay.py) puts the game's steps in the
   figure's <script type="application/json" class="nardy-replay-steps">: for
   each turn its side, roll, play and moves, the positions before and after
   it (the engine's text form), the cube, and the board's text alternative in
   the page's language. The notes on the game are the numbered list right
   after the figure, one item per step.

   The board (nardy-board-controller.js) shows a turn as any diagram shows its
   example: the position before the turn, the roll, and the game's play as
   arrows (nardy-draw.js arrowMarks), with the build's recorded answers, so
   stepping needs no engine. The controls under it go to the first turn, the
   previous one, the next one and the end; so do the arrow keys, Home and End
   on them; each item of the notes gets a button that shows its turn.

   "Try the move first" hides the game's play and its note: the reader plays
   the turn on the board (an illegal move is refused with its reason, as on
   every board); once the reader's moves complete the turn, the board says
   whether they are the game's play (the same position after: next_text of
   the engine's state answer against the step's "after") or another legal
   play, and shows the game's. The board stays White's view, as the article's
   figures are, but numbers its points from the side whose turn it shows (and
   says so under the title): the article's notes write each side's moves in
   that side's own numbering, as GNU Backgammon labels the points from the
   player on roll. The strings are the catalog's (nardy-strings.js). */

import { htmlElement, svgElement } from "./nardy-dom.js";
import { icon } from "./nardy-icons.js";
import { arrowMarks } from "./nardy-draw.js";

const NAV = ["first", "previous", "next", "last"];

function readSteps(figure) {
  const script = figure.querySelector("script.nardy-replay-steps");
  try {
    const data = script ? JSON.parse(script.textContent) : null;
    return data && Array.isArray(data.steps) && data.steps.length ? data : null;
  } catch (error) {
    return null;
  }
}

function readMovesOf(step) {
  return step.moves.map(([from, to, die]) => ({ from, to, die }));
}

export class Replay {
  /** A replay on the board made for the figure; null when the figure holds no steps. */
  static of(board, figure) {
    const data = readSteps(figure);
    return data ? new Replay(board, figure, data) : null;
  }

  constructor(board, figure, data) {
    this.board = board;
    this.figure = figure;
    this.steps = data.steps;
    this.end = data.end;
    this.index = 0;
    this.trying = false;
    this.revealed = true;
    const t = (key, params) => board.t(key, params);
    this.t = t;
    const uid = `${figure.id}-replay`;
    this.title = figure.querySelector("svg title");
    this.desc = figure.querySelector("svg desc");
    this.prefix = `${figure.id}--`;
    this.panel = htmlElement("div", { class: "nardy-replay-panel", id: uid });
    const nav = htmlElement("div", { class: "nardy-replay-nav", role: "group", "aria-label": t("replay-controls") });
    this.buttons = {};
    for (const key of NAV) {
      const button = htmlElement("button", { type: "button", class: "nardy-live-button nardy-replay-button", "data-step": key, title: t(`replay-${key}`) });
      button.append(icon(key), htmlElement("span", { class: "nardy-live-label" }, t(`replay-${key}`)));
      button.addEventListener("click", () => this.go(key));
      this.buttons[key] = button;
      nav.append(button);
      if (key === "previous") {
        this.count = htmlElement("span", { class: "nardy-replay-count" });
        nav.append(this.count);
      }
    }
    nav.addEventListener("keydown", (event) => this.key(event));
    this.heading = htmlElement("p", { class: "nardy-replay-title", "aria-live": "polite" });
    this.numbered = htmlElement("p", { class: "nardy-replay-numbering" });
    this.note = htmlElement("div", { class: "nardy-replay-note" });
    const label = htmlElement("label", { class: "nardy-replay-try" });
    this.tryBox = htmlElement("input", { type: "checkbox" });
    this.tryBox.addEventListener("change", () => this.setTrying(this.tryBox.checked));
    label.append(this.tryBox, " ", t("replay-try"));
    this.reveal = htmlElement("button", { type: "button", class: "nardy-live-button nardy-replay-reveal", hidden: true }, t("replay-reveal"));
    this.reveal.addEventListener("click", () => this.show(this.t("replay-shown")));
    this.verdict = htmlElement("p", { class: "nardy-replay-verdict", role: "status", "aria-live": "polite" });
    const details = htmlElement("details", { class: "nardy-replay-position" });
    details.append(htmlElement("summary", {}, t("replay-position")));
    this.words = htmlElement("p", {});
    this.textForm = htmlElement("p", { class: "nardy-replay-text" });
    details.append(this.words, this.textForm);
    this.panel.append(nav, this.heading, this.numbered, this.note, label, this.reveal, this.verdict, details);
    board.view.panel.before(this.panel);
    board.onTurnEnd = (snapshot, answer) => this.compare(snapshot, answer);
    this.items = this.notes();
    this.goto(0, false);
  }

  /** The notes' items (the numbered list right after the figure), each with a button showing its turn. */
  notes() {
    const list = this.figure.nextElementSibling;
    if (!list || list.tagName !== "OL" || list.children.length !== this.steps.length) return [];
    const items = Array.from(list.children);
    items.forEach((item, index) => {
      const lead = item.querySelector("strong");
      if (!lead) return;
      const button = htmlElement("button", { type: "button", class: "nardy-replay-jump", "data-step": String(index + 1) });
      button.setAttribute("aria-label", `${lead.textContent.trim()} ${this.t("replay-jump")}`);
      button.title = this.t("replay-jump");
      lead.replaceWith(button);
      button.append(lead);
      button.addEventListener("click", () => {
        this.goto(index, true);
        this.figure.scrollIntoView({ block: "start" });
        this.buttons.next.focus({ preventScroll: true });
      });
    });
    return items;
  }

  key(event) {
    const key = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!key) return;
    event.preventDefault();
    this.go(key);
  }

  go(key) {
    const last = this.steps.length;
    const to = { first: 0, previous: this.index - 1, next: this.index + 1, last }[key];
    this.goto(Math.max(0, Math.min(last, to)), true);
  }

  /** Show step ``index`` (0-based; steps.length: the end of the game). */
  goto(index, announce) {
    this.index = index;
    const atEnd = index >= this.steps.length;
    const step = atEnd ? null : this.steps[index];
    this.revealed = !this.trying || !step || step.kind !== "play";
    this.board.marksHidden = !this.revealed;
    this.board.cube = atEnd ? this.end.result.cube : 1;
    const example = atEnd
      ? { position: this.end.position, dice: null, moves: [], rolled: false }
      : { position: step.before, dice: step.dice, moves: [], rolled: false };
    const side = atEnd ? "white" : step.side;
    this.board.numberFrom(side);
    this.numbered.textContent = this.t(`replay-numbering-${side}`);
    this.board.guard(() => this.board.setExample(example, step ? readMovesOf(step) : []).then(() => this.drawArrows()));
    const title = atEnd ? this.end.title : step.title;
    if (this.title) this.title.textContent = title;
    if (this.desc) this.desc.textContent = atEnd ? this.end.desc : step.desc;
    this.words.textContent = atEnd ? this.end.desc : step.desc;
    this.textForm.textContent = this.t("replay-text-form", { text: atEnd ? this.end.position : step.before });
    this.count.textContent = this.t("replay-count", { number: Math.min(index + 1, this.steps.length), count: this.steps.length });
    this.heading.textContent = this.revealed ? title : this.t(`replay-try-${step.side}`, { dice: `${Math.max(...step.dice)}-${Math.min(...step.dice)}` });
    this.showNote(index);
    this.reveal.hidden = this.revealed;
    this.verdict.textContent = "";
    const focused = NAV.find((key) => this.buttons[key] === document.activeElement);
    this.buttons.first.disabled = index === 0;
    this.buttons.previous.disabled = index === 0;
    this.buttons.next.disabled = atEnd;
    this.buttons.last.disabled = atEnd;
    // A button that is disabled while focused loses the focus: give it to the way back (or forward), so that
    // the keys go on working.
    if (focused && this.buttons[focused].disabled) {
      this.buttons[atEnd ? "previous" : "next"].focus({ preventScroll: true });
    }
    if (announce) this.board.view.unsay(this.board.view.status.textContent);
  }

  showNote(index) {
    this.items.forEach((item, k) => {
      if (k === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    const item = this.items[index];
    if (!item || !this.revealed) {
      this.note.replaceChildren();
      return;
    }
    const copy = item.cloneNode(true);
    copy.removeAttribute("aria-current");
    for (const button of copy.querySelectorAll("button.nardy-replay-jump")) button.replaceWith(...button.childNodes);
    for (const element of copy.querySelectorAll("[id]")) element.removeAttribute("id");
    this.note.replaceChildren(...copy.childNodes);
  }

  drawArrows() {
    const marks = this.board.view.marks;
    const current = this.board.current;
    const step = this.steps[this.index];
    if (!marks || !current) return;
    const moves = step ? step.moves : [];
    marks.replaceChildren(...arrowMarks(this.board.layout, current.answer.position, moves, this.prefix).map(svgElement));
  }

  setTrying(on) {
    this.trying = on;
    this.goto(this.index, false);
  }

  /** The game's play after the reader's attempt, or when asked: arrows, note and title shown. */
  show(message) {
    this.revealed = true;
    this.board.marksHidden = false;
    const step = this.steps[this.index];
    this.heading.textContent = step ? step.title : this.end.title;
    this.reveal.hidden = true;
    this.showNote(this.index);
    this.verdict.textContent = message;
    return this.board.setExample(this.board.history.example, this.board.show).then(() => this.drawArrows());
  }

  /** The reader's moves completed the turn: the game's play, or another legal one (never an error). */
  compare(snapshot, answer) {
    const step = this.steps[this.index];
    if (!step || step.kind !== "play" || snapshot.position !== step.before) return;
    const same = answer.next_text === step.after;
    const message = same ? this.t("replay-same", { play: step.play }) : this.t("replay-other", { play: step.play });
    setTimeout(() => this.board.guard(() => this.show(message)), 0);
  }
}
