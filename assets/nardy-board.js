/* Live boards: every diagram of a page becomes a board the reader can play on (the page's module script).

   Without JavaScript, or until the reader turns to a board, the build's SVG
   stays as it is: a reader who only reads downloads these small modules, the
   layout and the language's strings (assets/i18n.json), never the engine nor
   the recorded answers. The first sign of interest in a board (a pointer
   over it, a press, the keyboard focus) fetches the board's recorded answers
   (nardy-answers/<figure id>.json next to the page, nardy_site/answers.py); a press or
   the focus also starts the rules engine (nardy-engine.js). Each board
   (nardy-board-controller.js) asks both through one answer(request).

   A figure holds what a board needs before that: its id, data-variant on
   its SVG, and data-position, data-dice and data-show (the example's turn,
   in the forms of a link, nardy-link.js). An address #board=... opens a
   board as a link says, once the engine has checked it; a malformed one
   never throws, and the hashchange listener is there before anything else.

   window.nardyLive = {engine, boards} (each board with its id, svg, layout,
   history, show and answer) is there for the tests and the benchmark. */

import { answerer } from "./nardy-answer.js";
import { Board } from "./nardy-board-controller.js";
import { EmbeddedAnswers } from "./nardy-embedded.js";
import { Engine } from "./nardy-engine.js";
import LAYOUTS from "./nardy-layout.js";
import { readDice, readFragment, readMoves } from "./nardy-link.js";
import { Strings } from "./nardy-strings.js";

/** nardy_site.answers.FOLDER: each board's recorded answers, in the folder of the page. */
const ANSWERS = "nardy-answers/";

function readLink(boards) {
  const named = readFragment(location.hash);
  const board = named && boards.find((item) => item.id === named.id);
  if (board) board.guard(() => board.openLink(named.link));
}

function boardOf(figure, common) {
  const svg = figure.querySelector("svg.nardy-board");
  const position = figure.dataset.position;
  const dice = readDice(figure.dataset.dice || "");
  const show = readMoves(figure.dataset.show || "");
  const layout = svg && LAYOUTS[svg.getAttribute("data-variant")];
  if (!layout || !position || dice === undefined || show === undefined) return null;
  const embedded = new EmbeddedAnswers(new URL(`${ANSWERS}${encodeURIComponent(figure.id)}.json`, document.baseURI));
  const interest = (kind) => {
    const loaded = embedded.load();
    if (kind !== "hover") common.engine.start(loaded);
  };
  return new Board({ ...common, id: figure.id, root: figure, svg, layout, show, interest,
                     answer: answerer(embedded, common.engine), example: { position, dice, moves: [], rolled: false } });
}

async function init() {
  const boards = [];
  const engine = new Engine();
  window.nardyLive = { engine, boards };
  window.addEventListener("hashchange", () => readLink(boards));
  const figures = Array.from(document.querySelectorAll("figure.nardy-diagram"));
  if (!figures.length) return;
  const strings = await Strings.load(new URL("i18n.json", import.meta.url));
  for (const figure of figures) {
    try {
      const board = boardOf(figure, { strings, engine });
      if (board) boards.push(board);
    } catch (error) {
      /* this figure stays the build's diagram */
    }
    // One board a task: twenty boards at once would be one long task on a phone, delaying the reader's
    // first input; the page reserves each board's controls (nardy.css), so nothing moves meanwhile.
    await new Promise((resolve) => { setTimeout(resolve, 0); });
  }
  document.documentElement.dataset.nardyBoards = String(boards.length);
  readLink(boards);
}

init().catch(() => {});
