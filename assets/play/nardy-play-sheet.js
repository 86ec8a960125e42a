/* The scoresheet: each game as backgammon records write it, one numbered line per pair of turns.

   White's action in the left column, Black's in the right, numbered 1, 2, 3 ... as GNU Backgammon and the
   .mat export write them (nardy_rules.matfile: a line holds one action of each side in the order played;
   when White acts after Black, a new line begins; a side that starts second leaves the first cell empty).
   A play is its dice and its notation in the mover's own numbering (the entry's "own", from the engine:
   Black's 12/18 is its 13/7), as records and the export write it; a cube action or a resignation fills a
   cell of its own. The opening roll is said above the lines, the result under them. Once the match is analysed
   (nardy-play-analysis.js), a rated entry is a button with its mark (?!, ?, ??) and the equity given away,
   which shows the position on the board (nardy-play-review.js). DOM only: every text is
   inserted as text; a game's table is drawn again only when its entries changed (a long match has
   thousands of entries, and an action changes the last game only). */

import { htmlElement } from "../board/nardy-dom.js";
import { resultText } from "./nardy-play-text.js";

/** The text of an entry in its cell, or null for the entries said outside the lines (the opening roll). */
export function cellText(t, entry) {
  const dice = entry.dice ? [...entry.dice].sort((a, b) => b - a).join("") : "";
  switch (entry.kind) {
    case "play": return `${dice}: ${entry.own}`;
    case "cannot-move": return `${dice}: ${t("sheet-cell-cannot")}`;
    case "double": return t("sheet-cell-double", { value: entry.value });
    case "take": return t("sheet-cell-take");
    case "pass": return t("sheet-cell-pass");
    case "resign": return t("sheet-cell-resign", { count: entry.result.points });
    case "accept": return t("sheet-cell-accept");
    case "decline": return t("sheet-cell-decline");
    default: return null;
  }
}

/** The numbered lines of one game as cells: [[white cell, black cell], ...] (matfile._layout's slots), each
    cell null or {text, index} (the entry's index in the game's scoresheet: the analysis's "sheet"). */
function sheetCells(t, entries) {
  const rows = [];
  let slot = 0; // even: the left cell of line slot / 2, odd: the right cell
  entries.forEach((entry, index) => {
    const text = cellText(t, entry);
    if (text === null) return;
    const column = entry.side === "white" ? 0 : 1;
    if (slot % 2 !== column) slot += 1;
    const row = Math.floor(slot / 2);
    while (rows.length <= row) rows.push([null, null]);
    rows[row][column] = { text, index };
    slot += 1;
  });
  return rows;
}

/** The numbered lines of one game: [[white cell, black cell], ...] as text. */
export function sheetRows(t, entries) {
  return sheetCells(t, entries).map((row) => row.map((cell) => (cell ? cell.text : "")));
}

/** The marks, as written after a play: GNU Backgammon's. */
export const MARK_SIGNS = { doubtful: "?!", error: "?", blunder: "??" };
const ORDER = [null, "doubtful", "error", "blunder"];

/** A cell's content: its text, and for an entry the analysis rated, a button that shows it on the board with
    the worst mark of its decisions (a no double and the play after it share an entry) and the equity lost. */
function cellContent(t, cell, rated, review) {
  if (!cell) return [""];
  if (!rated || !rated.length) return [cell.text];
  const worst = rated.reduce((a, b) => (ORDER.indexOf(b.mark) > ORDER.indexOf(a.mark) ? b : a));
  const lost = rated.reduce((sum, item) => sum + (item.lost || 0), 0);
  const shown = rated.find((item) => item.kind === "play") || worst;
  const button = htmlElement("button", { type: "button", class: "nardy-play-sheet-play", "data-decision": String(shown.index) },
    cell.text);
  if (worst.mark) {
    button.dataset.mark = worst.mark;
    button.append(" ", htmlElement("span", { class: "nardy-play-mark", "aria-hidden": "true" }, MARK_SIGNS[worst.mark]),
      htmlElement("span", { class: "nardy-play-lost", "aria-hidden": "true" }, `−${lost.toFixed(3)}`),
      htmlElement("span", { class: "nardy-play-hidden" }, ` ${t("mark-lost", { mark: t(`mark-${worst.mark}`), lost: lost.toFixed(3) })}`));
  }
  button.addEventListener("click", () => review(shown.index));
  return [button];
}

/** One game: its name, the opening roll(s), the table of numbered lines, the result; marks: {entry index:
    [rated decisions]} of the game, review(decision index) shows one. */
function gameBlock(t, index, entries, result, marks, review, players) {
  const block = htmlElement("section", { class: "nardy-play-sheet-game" });
  block.append(htmlElement("h3", { class: "nardy-play-sheet-name" }, t("play-game-n", { game: index + 1 })));
  for (const entry of entries.filter((item) => item.kind === "opening")) {
    block.append(htmlElement("p", {}, t("sheet-opening", { white: entry.dice[0], black: entry.dice[1] })));
  }
  const rows = sheetCells(t, entries);
  if (rows.length) {
    const table = htmlElement("table", { class: "nardy-play-sheet-table" });
    const head = htmlElement("tr");
    head.append(htmlElement("th", { scope: "col" }, t("sheet-number")), playerHead(t, "white", players),
      playerHead(t, "black", players));
    const body = htmlElement("tbody");
    rows.forEach((cells, number) => {
      const row = htmlElement("tr");
      row.append(htmlElement("th", { scope: "row" }, String(number + 1)));
      for (const cell of cells) {
        const td = htmlElement("td");
        td.append(...cellContent(t, cell, cell && marks ? marks[cell.index] : null, review));
        row.append(td);
      }
      body.append(row);
    });
    const thead = htmlElement("thead");
    thead.append(head);
    table.append(thead, body);
    block.append(table);
  }
  if (result) block.append(htmlElement("p", { class: "nardy-play-sheet-result" }, resultText(t, result)));
  return block;
}

/** A column's head: the colour, and the player's name under it when the match has names (an imported
    file's); the name is inserted as text. */
function playerHead(t, side, players) {
  const head = htmlElement("th", { scope: "col" }, t(side === "white" ? "setup-white" : "setup-black"));
  if (players && players[side]) {
    head.append(" ", htmlElement("span", { class: "nardy-play-sheet-player" }, players[side]));
  }
  return head;
}

export class Scoresheet {
  constructor(t) {
    this.t = t;
    this.root = htmlElement("div", { class: "nardy-play-sheet" });
    this.list = htmlElement("div", { class: "nardy-play-sheet-list" });
    this.root.append(htmlElement("h2", { class: "nardy-play-heading", id: "nardy-play-sheet" }, t("play-scoresheet")), this.list);
    this.shown = [];
    this.marks = {}; // {game: {entry index: [rated decisions]}}: the analysis's, by game counted from 1
    this.review = () => {};
  }

  /** The analysis's rated decisions (none: no marks); review(decision index) shows one on the board. The
      games are drawn again at the next show. */
  setMarks(decisions, review) {
    this.marks = {};
    for (const item of decisions) {
      const game = (this.marks[item.game] ||= {});
      (game[item.sheet] ||= []).push(item);
    }
    this.review = review || (() => {});
    this.shown = [];
  }

  /** Every game's entries (the page's scoresheet), the results of the games finished, and the players' names
      ({white, black}, or null: the colours alone). */
  show(games, results, players = null) {
    const shown = this.shown;
    const names = players ? `${players.white}\n${players.black}` : "";
    this.shown = games.map((entries, index) => {
      const old = shown[index];
      const result = results[index] || null;
      if (old && old.entries === entries && old.count === entries.length && old.result === Boolean(result) &&
          old.names === names) return old;
      const block = gameBlock(this.t, index, entries, result, this.marks[index + 1], this.review, players);
      return { entries, count: entries.length, result: Boolean(result), names, block };
    });
    const blocks = this.shown.map((game) => game.block);
    if (blocks.length !== this.list.children.length || blocks.some((block, index) => this.list.children[index] !== block)) {
      this.list.replaceChildren(...blocks);
    }
  }
}
