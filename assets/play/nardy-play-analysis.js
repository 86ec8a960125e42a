/* The analysis of the match on the play page, and the import of a match from a file.

   The engine rates (nardy_rules.analysis, in the worker): the page asks the
   `analyse` op of the match open there by its id a few decisions at a time
   ({"op": "analyse", "match", "from", "count"}: nardy_rules.play_live), so the
   worker is never held for long (a game action waits for one chunk at most)
   and the progress bar moves; the answer with the last decisions carries the
   summary per player. Then the scoresheet marks each rated entry
   (nardy-play-sheet.js), a click on one shows it on the board
   (nardy-play-review.js), the summary table and the plot of the chances
   (nardy-play-plot.js) stand under the scoresheet. A match played online is
   the game server's, not the worker's: it is analysed once exported and
   imported.

   Import: a file input reads a .mat file (GNU Backgammon, eXtreme Gammon:
   short nardy) or the long-nardy text, and the `import` op opens it as the
   match (both seats people: it is a record to replay, analyse or play on);
   a text that does not read is said with its line and the reason, in the
   page's language (one message per code of nardy_rules.matread), and the
   game shown goes on. Every text is inserted as text. */

import { htmlElement } from "../board/nardy-dom.js";
import { chancesPlot, plotSummary } from "./nardy-play-plot.js";
import { Review } from "./nardy-play-review.js";
import { readSeat } from "./nardy-play-seats.js";

/** Decisions rated per request: a few tens of ms each in the worker (more on a phone). */
export const CHUNK = 4;
/** The longest file read (the worker's limit for a request that opens a match, nardy_rules.contract). */
const MAX_FILE = 4 * 1024 * 1024;

/** The message of each reason a match text does not read (nardy_rules.matread's codes). */
const IMPORT_REASONS = {
  "too-long": "import-too-long", "no-match": "import-no-match", length: "import-length", variation: "import-variation",
  beaver: "import-unsupported-beaver", jacoby: "import-unsupported-jacoby", "bad-line": "import-bad-line",
  "score-line": "import-score-line", "wrong-score": "import-wrong-score", "bad-cell": "import-bad-cell",
  "bad-move": "import-bad-move", "illegal-play": "import-illegal-play", "missing-play": "import-missing-play",
  "wrong-side": "import-wrong-side", "not-now": "import-not-now", "cube-value": "import-cube-value",
  "wrong-result": "import-wrong-result", "resign-value": "import-resign-value", unfinished: "import-unfinished",
  "after-match": "import-after-match", "money-session": "import-money-session",
};

/** Why an import failed, in the page's language: the line, the reason, and the engine's refusal if one says more. */
export function importProblem(t, strings, answer) {
  const params = answer.params || {};
  const code = answer.code === "unsupported" ? params.what : answer.code;
  const key = IMPORT_REASONS[code];
  const head = Number.isInteger(answer.line) ? t("import-bad-at", { line: answer.line }) : t("import-bad");
  if (!key) return `${head} ${t("play-engine-error")}`;
  const text = t(key, { ...params, text: String(params.text ?? ""), variation: String(params.variation ?? "") });
  const refusal = code === "illegal-play" && params.reason ? ` ${strings.reason(params.reason)}` : "";
  return `${head} ${text}${refusal}`;
}

export class Analysis {
  constructor(app) {
    this.app = app;
    const t = app.t;
    this.decisions = [];
    this.running = false;
    this.root = htmlElement("section", { class: "nardy-play-analysis", "aria-labelledby": "nardy-play-analysis" });
    this.root.append(htmlElement("h2", { class: "nardy-play-heading", id: "nardy-play-analysis" }, t("analysis-heading")),
      htmlElement("p", { class: "nardy-play-analysis-help" }, t("analysis-help")));
    this.button = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": "analyse" }, t("play-analyse"));
    this.button.addEventListener("click", () => app.guard(() => this.run()));
    const progressLabel = htmlElement("label", { class: "nardy-play-field nardy-play-progress", hidden: true }, t("analysis-progress"));
    this.progress = htmlElement("progress", { max: "1", value: "0" });
    this.progressText = htmlElement("span", { class: "nardy-play-progress-text" });
    progressLabel.append(this.progress, this.progressText);
    this.progressLabel = progressLabel;
    this.summary = htmlElement("div", { class: "nardy-play-summary" });
    this.plot = htmlElement("figure", { class: "nardy-play-plot", hidden: true });
    // Import: a file chosen is read at once.
    const importLabel = htmlElement("label", { class: "nardy-play-field nardy-play-import" }, t("import-label"));
    this.file = htmlElement("input", { type: "file", accept: ".mat,.txt,text/plain", "data-form": "import" });
    this.file.addEventListener("change", () => app.guard(() => this.importFile()));
    importLabel.append(this.file);
    // What became of the file, said next to the field (the player is looking there, not at the board far
    // above) and announced: an alert region, the field described by it and marked invalid on a refusal.
    this.importMessage = htmlElement("p", { class: "nardy-play-import-message", id: "nardy-play-import-message",
      role: "alert" });
    this.file.setAttribute("aria-describedby", "nardy-play-import-message");
    this.root.append(this.button, progressLabel, this.summary, this.plot, importLabel, this.importMessage);
    this.review = new Review(app, () => this.decisions);
  }

  /** No analysis shown (a new match, another one opened). */
  reset() {
    this.version = (this.version || 0) + 1;
    this.running = false;
    this.decisions = [];
    this.summary.replaceChildren();
    this.plot.replaceChildren();
    this.plot.hidden = true;
    this.progressLabel.hidden = true;
    this.button.disabled = false;
    this.app.panel.sheet.setMarks([]);
    this.review.hide();
  }

  /** Rate every decision of the open match, CHUNK at a time, the progress bar moving; then the marks, the
      summary and the plot. A match changed meanwhile is rated as it stands by then (its decisions so far
      keep their ratings: an action adds decisions, never changes one made). quiet: not said as it starts (made
      again after a reload, which the page says). */
  async run({ quiet = false } = {}) {
    const app = this.app;
    if (this.running || !app.state) return;
    if (app.online) {
      app.say(app.t("analysis-online"));
      return;
    }
    const version = (this.version || 0) + 1;
    this.version = version;
    this.running = true;
    this.button.disabled = true;
    app.updateButtons();
    this.progressLabel.hidden = false;
    this.setProgress(0, 1);
    if (!quiet) app.say(app.t("analysis-started"));
    const rated = [];
    let summary = null;
    try {
      let from = 0;
      while (from !== null) {
        let answer = await app.ask({ op: "analyse", match: app.match.id, from, count: CHUNK });
        if (answer.code === "no-such-match") {
          await app.match.send({}); // the worker lost it: the record again, then the same request
          answer = await app.ask({ op: "analyse", match: app.match.id, from, count: CHUNK });
        }
        if (version !== this.version) return;
        if (answer.error) {
          app.say(app.t("analysis-failed"));
          return;
        }
        if (!answer.total) {
          app.say(app.t("analysis-none"));
          return;
        }
        rated.splice(answer.from, answer.decisions.length, ...answer.decisions);
        from = answer.next;
        this.setProgress(from === null ? answer.total : from, answer.total);
        if (answer.summary) summary = answer.summary;
      }
    } finally {
      if (version === this.version) {
        this.running = false;
        this.button.disabled = false;
        if (app.state) app.updateButtons();
      }
    }
    this.decisions = rated;
    app.panel.sheet.setMarks(rated, (index) => app.guard(() => this.review.show(index)));
    if (app.mode === "game") app.render();
    else app.panel.sheet.show(app.state.scoresheet, app.state.results, app.state.players);
    this.showSummary(summary);
    this.showPlot();
    if (app.store) app.store.keep(app);
    app.say(app.t("analysis-done"));
  }

  /** An analysis is shown (its rated decisions): a reload makes it again (Store's "analysed"). */
  get shown() {
    return this.decisions.length > 0;
  }

  setProgress(done, total) {
    this.progress.max = total;
    this.progress.value = done;
    this.progressText.textContent = this.app.t("analysis-progress-n", { done, total });
  }

  /** The summary per player: a table, the players in columns. */
  showSummary(summary) {
    const t = this.app.t;
    if (!summary) return;
    const table = htmlElement("table", { class: "nardy-play-summary-table" });
    table.append(htmlElement("caption", {}, t("analysis-summary")));
    const head = htmlElement("tr");
    head.append(htmlElement("td"), htmlElement("th", { scope: "col" }, t("setup-white")), htmlElement("th", { scope: "col" }, t("setup-black")));
    const thead = htmlElement("thead");
    thead.append(head);
    const body = htmlElement("tbody");
    const rate = (value) => (value === null || value === undefined ? "—" : value.toFixed(1));
    const rows = [
      ["analysis-unforced", (side) => String(side.unforced)],
      ["analysis-cube", (side) => String(side.cube)],
      ["analysis-doubtful", (side) => String(side.marks.doubtful)],
      ["analysis-errors", (side) => String(side.marks.error)],
      ["analysis-blunders", (side) => String(side.marks.blunder)],
      ["analysis-lost", (side) => side.lost.toFixed(3)],
      ["analysis-rate", (side) => rate(side["error rate"])],
    ];
    for (const [key, value] of rows) {
      const row = htmlElement("tr");
      row.append(htmlElement("th", { scope: "row" }, t(key)), htmlElement("td", {}, value(summary.white)), htmlElement("td", {}, value(summary.black)));
      body.append(row);
    }
    table.append(thead, body);
    this.summary.replaceChildren(table);
  }

  showPlot() {
    const app = this.app;
    if (!this.decisions.length) return;
    const svg = chancesPlot(app.t, this.decisions, "nardy-play-plot", (index) => app.guard(() => this.review.show(index)));
    this.plot.replaceChildren(svg, htmlElement("figcaption", {}, plotSummary(app.t, this.decisions)));
    this.plot.hidden = false;
  }

  /** The file chosen: read as text, opened by the engine as the match, or why it does not read. */
  async importFile() {
    const app = this.app;
    const file = this.file.files && this.file.files[0];
    if (!file) return;
    let text;
    try {
      if (file.size > MAX_FILE) throw new RangeError("too long");
      text = await file.text();
    } catch (error) {
      this.importSaid(error instanceof RangeError ? `${app.t("import-bad")} ${app.t("import-too-long")}` :
        app.t("import-unreadable"), true);
      return;
    } finally {
      this.file.value = "";
    }
    const answer = await app.ask({ op: "import", text });
    if (answer.error) {
      this.importSaid(importProblem(app.t, app.strings, answer), true);
      return;
    }
    await this.open(answer);
    this.importSaid(app.t("import-done"), false);
  }

  /** The import's outcome next to the file field, as text (it quotes the file); a refusal marks the field. */
  importSaid(text, refused) {
    this.importSaidCount = (this.importSaidCount || 0) + 1; // for the tests: an outcome was said
    this.importMessage.textContent = text;
    this.importMessage.classList.toggle("nardy-play-import-refused", refused);
    if (refused) this.file.setAttribute("aria-invalid", "true");
    else this.file.removeAttribute("aria-invalid");
  }

  /** A match the engine imported (the import op's answer): both seats people, to replay, analyse or play on. */
  async open(answer) {
    const app = this.app;
    if (app.online) await app.online.leave({ quiet: true });
    const seats = { white: "person", black: "person" };
    app.seats = { white: readSeat(seats.white), black: readSeat(seats.black) };
    app.panel.setSettings({ variant: answer.state.variant, length: answer.state.length, ...seats });
    app.setMode("game");
    this.reset();
    app.accept(answer);
    app.fit.show();
  }
}
