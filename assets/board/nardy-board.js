/* Live boards: every diagram of a page becomes a board the reader can play on (the page's module script).

   Without JavaScript, or until the reader comes near a board, the build's
   drawing stays an image (<img class="nardy-drawing">, the SVG as a file,
   nardy_site/figures/diagram.py): a reader who only reads downloads these small
   modules, the layout and the language's strings (assets/i18n.json), never the
   engine nor the recorded answers. Making a board fetches the image's file
   (from the cache: the image has it) and puts the drawing in the image's place,
   where the board draws into it. A board is made when its figure comes into the
   window (an IntersectionObserver; one board a task),
   or at once when the reader points at, presses or focuses it first (each
   drawing waiting for its board is a tab stop), or a link names it: a rules
   page has some twenty boards, and making them all as the page loads kept a
   phone's main thread busy for a second (dev/benchmarks.md, "Phone performance").
   The first sign of interest in a board (a pointer over it, a press, the
   keyboard focus) fetches the board's recorded answers (nardy-answers/<figure
   id>.json next to the page, nardy_site/figures/answers.py); a press or the focus
   also starts the rules engine (nardy-engine.js). Each board
   (nardy-board-controller.js) asks both through one answer(request).

   A figure holds what a board needs before that: its id, data-variant, and data-position, data-dice and data-show (the example's turn,
   in the forms of a link, nardy-link.js). An address #board=... opens a
   board as a link says, once the engine has checked it; a malformed one
   never throws, and the hashchange listener is there before anything else.

   window.nardyLive = {engine, boards, board(id)} is there for the tests and
   the benchmark: boards are those made so far (each with its id, svg,
   layout, history, show and answer), board(id) makes that figure's board now
   if it is not yet made and resolves to it (to null for a figure that stays a
   drawing).
   <html data-nardy-boards> is the number of the page's live boards, made or
   not, once the page can make them. */

import { answerer } from "../engine/nardy-answer.js";
import { Board } from "./nardy-board-controller.js";
import { EmbeddedAnswers } from "../engine/nardy-embedded.js";
import { mistakeButtons } from "./nardy-mistake.js";
import { Replay } from "./nardy-replay.js";
import { Engine } from "../engine/nardy-engine.js";
import LAYOUTS from "../nardy-layout.js";
import { readDice, readFragment, readMoves } from "./nardy-link.js";
import { Strings } from "./nardy-strings.js";

/** nardy_site.figures.answers.FOLDER: each board's recorded answers, in the folder of the page. */
const ANSWERS = "nardy-answers/";

/** A figure's board is made as the figure comes into the window: its toolbar, under it, comes into view after
    it. A screen's height of margin made two or three boards more at a long page's load, the page's largest
    remaining cost on a phone (dev/benchmarks.md, "Phone performance"). */
const NEAR = "0px";

async function readLink(live) {
  const named = readFragment(location.hash);
  const board = named && await live.board(named.id);
  if (board) board.guard(() => board.openLink(named.link));
}

/** What a figure says of its board, or null if it stays the build's drawing. */
function readFigure(figure) {
  const drawing = figure.querySelector("img.nardy-drawing, svg.nardy-board");
  const position = figure.dataset.position;
  const dice = readDice(figure.dataset.dice || "");
  const show = readMoves(figure.dataset.show || "");
  const sides = drawing && LAYOUTS[figure.dataset.variant];
  if (!sides || !position || dice === undefined || show === undefined) return null;
  return { drawing, position, dice, show, sides };
}

/** The figure's drawing as an inline SVG the board can draw into, in the image's place: the image's own file,
    its style rules left out (the page's stylesheet holds them, with the colours of the page's scheme). */
async function inlineDrawing(figure, drawing) {
  if (drawing instanceof SVGSVGElement) return drawing;
  const response = await fetch(drawing.currentSrc || drawing.src);
  if (!response.ok) throw new Error(`${drawing.src}: ${response.status}`);
  const parsed = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
  const svg = parsed.documentElement;
  if (!(svg instanceof SVGSVGElement) || parsed.getElementsByTagName("parsererror").length) {
    throw new Error(`${drawing.src}: not a drawing`);
  }
  for (const style of svg.querySelectorAll("style")) style.remove();
  const inline = document.importNode(svg, true);
  drawing.replaceWith(inline);
  // The drawing's <desc> says now what the figure's hidden paragraph said (the board names it).
  const about = figure.querySelector(".nardy-about");
  if (about) about.remove();
  return inline;
}

function boardOf(figure, { svg, position, dice, show, sides }, common) {
  const embedded = new EmbeddedAnswers(new URL(`${ANSWERS}${encodeURIComponent(figure.id)}.json`, document.baseURI));
  const interest = (kind) => {
    const loaded = embedded.load();
    if (kind !== "hover") common.engine.start(loaded);
  };
  const board = new Board({ ...common, id: figure.id, root: figure, svg, sides, show, interest,
                            answer: answerer(embedded, common.engine), example: { position, dice, moves: [], rolled: false } });
  // A replay steps through a game of the page; a mistake's board plays its two plays (their own modules).
  if (figure.classList.contains("nardy-replay")) board.replay = Replay.of(board, figure);
  if (figure.dataset.mistake) mistakeButtons(board, figure);
  return board;
}

/** The page's boards, each made once, when it is first wanted. */
class Boards {
  constructor(figures, common) {
    this.common = common;
    this.made = []; // window.nardyLive.boards
    this.waiting = new Map(); // figure -> readFigure(figure), for the boards not made yet
    this.making = new Map(); // figure -> {drawing, board: the promise of its board}, while its drawing is fetched
    for (const figure of figures) {
      const read = readFigure(figure);
      if (!read) continue;
      this.waiting.set(figure, read);
      // A tab stop already: the keyboard's focus makes the board (watch), so Tab never passes one by.
      read.drawing.setAttribute("tabindex", "0");
    }
    this.count = this.waiting.size;
    this.queue = [];
    this.draining = false;
    // A replay's notes jump to its turns from anywhere on the page: its board is made at once.
    this.soon(figures.filter((figure) => figure.classList.contains("nardy-replay") && this.waiting.has(figure)));
  }

  /** The figure's board, made now if need be (a promise); null if the figure stays the build's drawing. */
  async make(figure) {
    const done = this.made.find((board) => board.root === figure);
    if (done) return done;
    if (this.making.has(figure)) return this.making.get(figure).board;
    const read = this.waiting.get(figure);
    if (!read) return null;
    this.waiting.delete(figure);
    if (this.observer) this.observer.unobserve(figure);
    const making = (async () => {
      try {
        const svg = await inlineDrawing(figure, read.drawing);
        svg.removeAttribute("tabindex"); // the board's control is the tab stop
        const board = boardOf(figure, { ...read, svg }, this.common);
        this.made.push(board);
        return board;
      } catch (error) {
        return null; // this figure stays the build's diagram
      } finally {
        this.making.delete(figure);
      }
    })();
    this.making.set(figure, { drawing: read.drawing, board: making });
    return making;
  }

  /** The board of the drawing an event came to (`onDrawing(drawing)` says whether it came to it), made now
      or already on its way (a promise: the board near the window may be fetching its drawing when the
      reader's Tab or finger arrives); null when that figure's board was made already or it has none. */
  makeAt(target, onDrawing) {
    const figure = target instanceof Element ? target.closest("figure.nardy-diagram") : null;
    const read = figure && (this.waiting.get(figure) || this.making.get(figure));
    return read && onDrawing(read.drawing) ? this.make(figure) : null;
  }

  byId(id) {
    const figure = document.getElementById(String(id));
    return figure && figure.matches("figure.nardy-diagram") ? this.make(figure) : null;
  }

  /** Boards coming near the window, one a task: a long task would delay the reader's next input. */
  soon(figures) {
    this.queue.push(...figures);
    if (this.draining) return;
    this.draining = true;
    const next = async () => {
      const figure = this.queue.shift();
      if (!figure) {
        this.draining = false;
        return;
      }
      await this.make(figure);
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  }

  watch() {
    if (typeof IntersectionObserver !== "function") {
      this.soon(Array.from(this.waiting.keys()));
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      this.soon(entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target));
    }, { rootMargin: NEAR });
    for (const figure of this.waiting.keys()) this.observer.observe(figure);
    // The first sign of interest in a board not made yet makes it, and tells it: the event was on its way
    // to the build's SVG, before the board's own listeners were there.
    const wake = (kind) => async (event) => {
      const board = await this.makeAt(event.target, (drawing) => drawing.contains(event.target));
      if (board) board.wake(kind);
    };
    // The keyboard on a drawing: the board is made and its control takes the focus (the image it replaced
    // had it), unless the reader has moved on meanwhile.
    document.addEventListener("focusin", async (event) => {
      const board = await this.makeAt(event.target, (drawing) => drawing === event.target);
      const away = document.activeElement && document.activeElement !== document.body
        && document.activeElement !== event.target;
      if (board && !away) board.view.control.focus();
    }, true);
    document.addEventListener("pointerover", wake("hover"), true);
    document.addEventListener("pointerdown", wake("press"), true);
    document.addEventListener("touchstart", wake("press"), { capture: true, passive: true });
  }
}

async function init() {
  const engine = new Engine();
  let boards = null;
  const live = {
    engine,
    boards: [],
    board: (id) => (boards ? boards.byId(id) : null),
  };
  window.nardyLive = live;
  window.addEventListener("hashchange", () => readLink(live));
  const figures = Array.from(document.querySelectorAll("figure.nardy-diagram"));
  if (!figures.length) return;
  const strings = await Strings.load(new URL("../i18n.json", import.meta.url));
  boards = new Boards(figures, { strings, engine });
  live.boards = boards.made;
  document.documentElement.dataset.nardyBoards = String(boards.count);
  boards.watch();
  readLink(live);
}

init().catch(() => {});
