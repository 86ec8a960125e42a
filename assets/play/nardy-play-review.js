/* A rated decision shown on the board: the position it was made in, the played and the best play as arrows.

   The analysis (nardy-play-analysis.js) hands a rated decision of
   nardy_rules.analysis (its position as compact text, its dice, the moves of
   the play made and of the best play, each play's chances). The page's mode
   is "review" while it is shown: the game's toolbar and lines give way, the
   board draws the position (read by the engine's forms op) with the best
   play's arrows solid and the played one's dashed in another colour (the
   board's hint and mistake styles: told apart by the dash, not by colour
   alone), and the box under the board says both plays with their chances
   and the equity given away. "Previous"/"Next" step through the decisions,
   "Back to the game" (or Escape) returns to the game as it was. Every text
   is inserted as text. */

import { htmlElement } from "../board/nardy-dom.js";
import { Numbering } from "../board/nardy-numbering.js";
import { formatDice } from "../board/nardy-strings.js";

const ACTIONS = { double: "action-double", "no double": "action-no-double", take: "action-take", pass: "action-pass" };

/** The mover's chance of winning after a play among a rated play's options, as a whole percentage. */
function winOf(decision, play) {
  const option = decision.options.find((item) => item.play === play);
  return option && typeof option.win === "number" ? Math.round(option.win * 100) : null;
}

/** The lines that say a rated decision (the first is the information line, what the board is labelled by),
    its plays in the board's numbering. */
export function reviewLines(t, decision, numbering = new Numbering()) {
  const side = decision.side === "black" ? "black" : "white";
  const said = (play) => numbering.play(play);
  const lines = [];
  const lostLine = () => {
    if (typeof decision.lost !== "number" || decision.lost <= 0) return;
    const lost = decision.lost.toFixed(3);
    lines.push(decision.mark ? t("review-lost", { lost, mark: t(`mark-${decision.mark}`) }) : t("review-lost-plain", { lost }));
  };
  if (decision.kind === "play") {
    lines.push(t(`review-${side}`, { game: decision.game, dice: formatDice(decision.dice) }));
    if (decision.forced) {
      lines.push(t("review-forced", { play: said(decision.played) }));
    } else if (decision.played === decision.best) {
      lines.push(t("review-played-best", { play: said(decision.best), win: winOf(decision, decision.best) }));
    } else {
      lines.push(t("review-played", { play: said(decision.played), win: winOf(decision, decision.played) }));
      lines.push(t("review-best", { play: said(decision.best), win: winOf(decision, decision.best) }));
      lostLine();
    }
    return lines;
  }
  lines.push(t(`review-cube-${side}`, { game: decision.game }));
  lines.push(t("review-action", { action: t(ACTIONS[decision.action] || "action-double"), right: t(ACTIONS[decision.right] || "action-double") }));
  lostLine();
  return lines;
}

export class Review {
  /** app: the PlayApp; decisions(): the rated decisions in order (the analysis's). */
  constructor(app, decisions) {
    this.app = app;
    this.decisions = decisions;
    this.index = null;
    this.version = 0;
    const t = app.t;
    this.root = htmlElement("div", { class: "nardy-play-review", hidden: true });
    this.lines = htmlElement("ul", { class: "nardy-play-review-lines" });
    const bar = htmlElement("div", { class: "nardy-play-review-tools" });
    const button = (action, label, run) => {
      const element = htmlElement("button", { type: "button", class: "nardy-live-button", "data-review": action }, t(label));
      element.addEventListener("click", () => app.guard(run));
      bar.append(element);
      return element;
    };
    this.previous = button("previous", "review-previous", () => this.step(-1));
    this.next = button("next", "review-next", () => this.step(1));
    this.back = button("back", "setup-back", () => this.close());
    this.root.append(this.lines, bar);
    // Escape anywhere on the page returns to the game while a decision is shown.
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && app.mode === "review") {
        event.preventDefault();
        app.guard(() => this.close());
      }
    });
  }

  /** Show the decision of that index (the analysis's "index"): its position, its arrows, its lines. */
  async show(index) {
    const app = this.app;
    const decision = this.decisions().find((item) => item.index === index);
    if (!decision || app.mode === "setup") return;
    const version = ++this.version;
    const answer = await app.ask({ op: "forms", position: decision.position });
    if (version !== this.version) return;
    if (answer.error) {
      app.say(app.t("play-engine-error"));
      return;
    }
    this.index = index;
    if (app.mode !== "review") {
      this.opener = document.activeElement; // focus goes back there with the game (a scoresheet's play)
      app.setMode("review");
    }
    app.board.show(answer.position.variant);
    app.board.draw(answer.position, decision.dice || null, answer.pips);
    if (decision.kind === "play" && !decision.forced) {
      app.board.showPlays(decision.best_moves, decision.played === decision.best ? [] : decision.moves);
    }
    const lines = reviewLines(app.t, decision, app.board.numbering);
    if (decision.kind !== "play") lines.push(app.t("review-chances", { win: Math.round(this.moverWin(decision) * 100) }));
    app.panel.setInfo(lines[0]);
    this.lines.replaceChildren(...lines.slice(1).map((line) => htmlElement("li", {}, line)));
    this.root.hidden = false;
    const list = this.decisions();
    const at = list.indexOf(decision);
    this.previous.disabled = at <= 0;
    this.next.disabled = at >= list.length - 1;
    app.fit.show();
    app.say(`${lines.join(" ")} ${app.t("review-shown")}`);
  }

  /** The chance of the side on roll (a cube decision's chances are White's). */
  moverWin(decision) {
    return decision.position.split(":")[2] === "b" ? 1 - decision.chances : decision.chances;
  }

  step(delta) {
    const list = this.decisions();
    const at = list.findIndex((item) => item.index === this.index);
    const next = list[at + delta];
    if (next) return this.show(next.index);
    return undefined;
  }

  /** Back to the game as it was (a computer to act goes on). */
  close() {
    if (this.app.mode !== "review") return undefined;
    this.version += 1;
    this.index = null;
    this.root.hidden = true;
    this.app.board.showPlays([], []);
    const opener = this.opener;
    this.opener = null;
    const back = this.app.resumeGame();
    if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    return back;
  }

  /** Hidden without a word (a new match, the editor). */
  hide() {
    this.version += 1;
    this.index = null;
    this.opener = null;
    this.root.hidden = true;
  }
}
