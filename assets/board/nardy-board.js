/* Live boards: every diagram of a page becomes a board the reader can play on (the page's module script).

   Without JavaScript, or until the reader comes near a board, the build's SVG
   stays as it is: a reader who only reads downloads these small modules, the
   layout and the language's strings (assets/i18n.json), never the engine nor
   the recorded answers. A board is made when its figure comes within a
   screen's height of the window (an IntersectionObserver; one board a task),
   or at once when the reader points at, presses or focuses it first (each
   drawing waiting for its board is a tab stop), or a link names it: a rules
   page has some twenty boards, and making them all as the page loads kept a
   phone's main thread busy for a second (dev/benchmarks.md, "Phone performance").
   The first sign of interest in a board (a pointer over it, a press, the
   keyboard focus) fetches the board's recorded answers (nardy-answers/<figure
   id>.json next to the page, nardy_site/figures/answers.py); a press or the focus
   also starts the rules engine (nardy-engine.js). Each board
   (nardy-board-controller.js) asks both through one answer(request).

   A figure holds what a board needs before that: its id, data-variant on
   its SVG, and data-position, data-dice and data-show (the example's turn,
   in the forms of a link, nardy-link.js). An address #board=... opens a
   board as a link says, once the engine has checked it; a malformed one
   never throws, and the hashchange listener is there before anything else.

   window.nardyLive = {engine, boards, board(id)} is there for the tests and
   the benchmark: boards are those made so far (each with its id, svg,
   layout, history, show and answer), board(id) makes that figure's board now
   if it is not yet made (null for a figure that stays a drawing).
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

/** How near the window a figure is when its board is made: a screen's height above and below. */
const NEAR = "100% 0px";

function readLink(live) {
  const named = readFragment(location.hash);
  const board = named && live.board(named.id);
  if (board) board.guard(() => board.openLink(named.link));
}

/** What a figure says of its board, or null if it stays the build's drawing. */
function readFigure(figure) {
  const svg = figure.querySelector("svg.nardy-board");
  const position = figure.dataset.position;
  const dice = readDice(figure.dataset.dice || "");
  const show = readMoves(figure.dataset.show || "");
  const layout = svg && LAYOUTS[svg.getAttribute("data-variant")];
  if (!layout || !position || dice === undefined || show === undefined) return null;
  return { svg, position, dice, show, layout };
}

function boardOf(figure, { svg, position, dice, show, layout }, common) {
  const embedded = new EmbeddedAnswers(new URL(`${ANSWERS}${encodeURIComponent(figure.id)}.json`, document.baseURI));
  const interest = (kind) => {
    const loaded = embedded.load();
    if (kind !== "hover") common.engine.start(loaded);
  };
  const board = new Board({ ...common, id: figure.id, root: figure, svg, layout, show, interest,
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
    for (const figure of figures) {
      const read = readFigure(figure);
      if (!read) continue;
      this.waiting.set(figure, read);
      // A tab stop already: the keyboard's focus makes the board (watch), so Tab never passes one by.
      read.svg.setAttribute("tabindex", "0");
    }
    this.count = this.waiting.size;
    this.queue = [];
    this.draining = false;
    // A replay's notes jump to its turns from anywhere on the page: its board is made at once.
    this.soon(figures.filter((figure) => figure.classList.contains("nardy-replay") && this.waiting.has(figure)));
  }

  /** The figure's board, made now if need be; null if the figure stays the build's drawing. */
  make(figure) {
    const done = this.made.find((board) => board.root === figure);
    if (done || !this.waiting.has(figure)) return done || null;
    const read = this.waiting.get(figure);
    this.waiting.delete(figure);
    if (this.observer) this.observer.unobserve(figure);
    read.svg.removeAttribute("tabindex"); // the board's control is the tab stop
    try {
      const board = boardOf(figure, read, this.common);
      if (board) this.made.push(board);
      return board;
    } catch (error) {
      return null; // this figure stays the build's diagram
    }
  }

  /** The board of the drawing an event came to (`onDrawing(svg)` says whether it came to it), made now;
      null when that figure's board was made already or it has none. */
  makeAt(target, onDrawing) {
    const figure = target instanceof Element ? target.closest("figure.nardy-diagram") : null;
    const read = figure && this.waiting.get(figure);
    return read && onDrawing(read.svg) ? this.make(figure) : null;
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
    const next = () => {
      const figure = this.queue.shift();
      if (!figure) {
        this.draining = false;
        return;
      }
      this.make(figure);
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
    const wake = (kind) => (event) => {
      const board = this.makeAt(event.target, (svg) => svg.contains(event.target));
      if (board) board.wake(kind);
    };
    // The keyboard on a drawing: the board is made and its control takes the focus (the drawing, moved
    // into it, has lost it).
    document.addEventListener("focusin", (event) => {
      const board = this.makeAt(event.target, (svg) => svg === event.target);
      if (board) board.view.control.focus();
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
