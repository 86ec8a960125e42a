/* The play page's set-up editor: put and take checkers, choose the side and the dice, step through the plays.

   A mode of the PlayApp (nardy-play-app.js: mode "setup" sends the board's
   places here). The edited position is the engine's JSON contract,
   {variant, turn, white: {point: n, bar, off}, black: {...}}, changed one
   checker at a time; nothing here knows a rule. After every change the
   engine reads it (the forms op): its answer says whether the position is
   valid and, if not, what is wrong (a code the page words in its language:
   not 15 a side, both colours on a point, a checker on the bar in long
   nardy...); its forms (XGID, Position ID, nardy text) fill the forms box.
   With dice chosen, the engine's plays op lists the legal plays, the
   computer's best first; previous and next show the position after each (the
   state op's "next"), announced. A position refused for both colours on a
   point is drawn as it stands (both stacks on the point).
   "Play from here" starts a game there (PlayApp.startFrom), with the dice
   chosen as the first roll. A click puts a checker of the chosen colour; with
   "take" chosen or with Shift it takes one; on the board Enter puts and
   Delete, Backspace or "-" takes ("+" puts). */

import { hasBar } from "../board/nardy-geometry.js";
import { SetupView } from "./nardy-play-setup-view.js";
import { placeText, positionProblem } from "./nardy-play-text.js";

const TAKE_KEYS = ["Delete", "Backspace", "-"];
const PUT_KEYS = ["+"];
const NO_PIPS = { white: "–", black: "–" };

function copy(position) {
  return { variant: position.variant, turn: position.turn, white: { ...position.white }, black: { ...position.black } };
}

export class SetupEditor {
  constructor(app) {
    this.app = app;
    this.position = null;
    this.answer = null; // the engine's forms answer for the position: valid, or {error, code, params}
    this.plays = [];
    this.index = -1; // the play shown, -1: the set-up position
    this.version = 0;
    this.take = false; // the next place is taken from (Shift on a click, a take key)
    this.view = new SetupView(app.t, {
      change: (name) => app.guard(() => this.changed(name)),
      count: (color, place, text) => app.guard(() => this.setCount(color, place, text)),
      press: (action) => app.guard(() => this.press(action)),
    });
    for (const view of Object.values(app.board.views)) {
      // Capture: seen before the board's own click handler turns the click into a place.
      view.control.addEventListener("click", (event) => { this.take = event.shiftKey; }, { capture: true });
      // And forgotten after it (a click beside every place sets it too): Enter never inherits a Shift-click.
      view.control.addEventListener("click", () => { this.take = false; });
      view.control.addEventListener("keydown", (event) => this.boardKey(event));
    }
  }

  get t() {
    return this.app.t;
  }

  /** What is wrong with a position, a point it names in the board's numbering. */
  problem(answer) {
    return positionProblem(this.t, answer, this.app.board.numbering);
  }

  /** Open the editor on the position the game shows (or the start position when there is none). */
  async open() {
    const app = this.app;
    app.setMode("setup");
    const state = app.state;
    if (state) this.position = copy(state.position);
    else await this.start(this.view.values().variant, false);
    this.view.showPosition(this.position, null);
    await this.check();
    app.say(this.t("setup-opened"));
    this.view.fields.colour.focus();
  }

  boardKey(event) {
    if (this.app.mode !== "setup" || event.altKey || event.ctrlKey || event.metaKey) return;
    const take = TAKE_KEYS.includes(event.key);
    if (!take && !PUT_KEYS.includes(event.key)) return;
    event.preventDefault();
    this.take = take;
    this.app.key("activate"); // the keyboard cursor's place, as Enter gives it
  }

  /** A click, a tap or Enter on a place: one checker put there or taken away. */
  place(place) {
    const take = this.take || this.view.values().tool === "take";
    this.take = false;
    return this.change(this.view.values().colour, place, take ? -1 : 1);
  }

  async change(color, place, delta) {
    const side = this.position[color];
    const key = String(place);
    side[key] = Math.max(0, (side[key] || 0) + delta);
    if (!side[key] && key !== "bar" && key !== "off") delete side[key];
    this.view.showPosition(this.position);
    const wasValid = this.answer && !this.answer.error;
    await this.check();
    const parts = [placeText(this.t, this.position, color, place, this.app.board.numbering)];
    if (this.answer.error) parts.push(this.problem(this.answer));
    else if (!wasValid) parts.push(this.t("setup-valid"));
    this.app.say(parts.join(" "));
  }

  setCount(color, place, text) {
    if (!/^\s*\d{1,3}\s*$/.test(text)) {
      this.view.showPosition(this.position);
      return this.app.say(this.t("setup-count-bad"));
    }
    return this.change(color, place, Number(text) - (this.position[color][place] || 0));
  }

  async changed(name) {
    const values = this.view.values();
    if (name === "variant") {
      this.position.variant = values.variant;
    } else if (name === "turn") {
      this.position.turn = values.turn;
    } else if (!name.startsWith("die")) {
      return; // what a click does: nothing to check
    }
    await this.check();
    this.app.say(this.answer.error ? this.problem(this.answer) : this.verdictText());
  }

  press(action) {
    if (action === "open") return this.open();
    if (action === "clear") return this.clear();
    if (action === "start") return this.start(this.view.values().variant, true);
    if (action === "previous" || action === "next") return this.step(action === "next" ? 1 : -1);
    if (action === "play") return this.playFromHere();
    return this.back();
  }

  async clear() {
    const { variant, turn } = this.view.values();
    this.position = { variant, turn, white: { bar: 0, off: 0 }, black: { bar: 0, off: 0 } };
    this.view.showPosition(this.position);
    await this.check();
    this.app.say(`${this.t("setup-cleared")} ${this.problem(this.answer)}`);
  }

  /** The game's start position, as the engine gives it (the page knows none of its own). */
  async start(variant, announce) {
    const answer = await this.app.ask({ op: "forms", start: variant });
    if (answer.error) return this.app.say(answer.error);
    this.position = copy(answer.position);
    if (!announce) return undefined;
    this.view.showPosition(this.position);
    await this.check();
    return this.app.say(this.t("setup-started"));
  }

  /** A pasted position (XGID, Position ID, nardy text) read into the editor, or what is wrong with it. */
  async load(text) {
    const answer = await this.app.ask({ op: "forms", position: String(text).trim(), turn: this.view.values().turn });
    if (answer.error) return this.app.say(`${this.t("play-paste-bad")} ${this.problem(answer)}`);
    this.position = copy(answer.position);
    this.view.showPosition(this.position);
    await this.check();
    return this.app.say(this.t("play-position-opened"));
  }

  /** The engine's verdict on the position, its forms, and with dice the legal plays; the board drawn. */
  async check() {
    const app = this.app;
    const version = ++this.version;
    const dice = this.view.values().dice;
    const answer = await app.ask({ op: "forms", position: this.position });
    let plays = [];
    if (!answer.error && dice && !answer.result) {
      // In the computer's order, best first (the strong level's ranking: nardy_rules.play_live.ranked_plays).
      const found = await app.ask({ op: "plays", position: answer.text, dice, rank: "strong" });
      plays = found.plays || [];
    }
    if (version !== this.version) return;
    Object.assign(this, { answer, plays, index: -1 });
    this.showSetup();
    if (answer.error) app.forms.clear();
    else app.forms.show(answer.position, dice);
  }

  verdictText() {
    const answer = this.answer;
    if (answer.error) return this.problem(answer);
    if (answer.result) return this.t("setup-over");
    return this.t("setup-valid");
  }

  /** The set-up position on the board, the verdict and the plays list. */
  showSetup() {
    const app = this.app;
    const answer = this.answer;
    const dice = this.view.values().dice;
    app.board.show(this.position.variant);
    // A long-nardy board has no bar to draw on: its checkers there are only named (the engine refuses them).
    const drawn = hasBar(app.board.layout) ? this.position : { ...copy(this.position), white: { ...this.position.white, bar: 0 }, black: { ...this.position.black, bar: 0 } };
    app.board.clearSelection();
    app.board.draw(answer.error ? drawn : answer.position, dice, answer.error ? NO_PIPS : answer.pips);
    app.panel.setInfo(answer.error ? this.problem(answer) : this.t(`setup-info-${this.position.turn}`));
    this.view.showVerdict(this.verdictText(), !answer.error);
    this.showPlays();
  }

  showPlays() {
    const answer = this.answer;
    const dice = this.view.values().dice;
    let heading = "";
    if (!answer.error && !answer.result) {
      if (!dice) heading = this.t("setup-no-dice");
      else if (this.plays.length) heading = this.t("plays-count", { count: this.plays.length });
      else heading = this.t("plays-none");
    }
    const numbering = this.app.board.numbering;
    this.view.showPlays(heading, this.plays.map((play) => numbering.play(play.notation)), this.index);
  }

  /** Show the next or previous legal play (the position after it), or the set-up position between the ends. */
  async step(delta) {
    const count = this.plays.length;
    if (!count) return this.app.say(this.answer.error ? this.problem(this.answer) : this.t("setup-no-dice"));
    const index = ((this.index + 1 + delta + count + 1) % (count + 1)) - 1;
    const version = this.version;
    if (index < 0) {
      this.index = -1;
      this.showSetup();
      return this.app.say(this.t("setup-shown"));
    }
    const play = this.plays[index];
    const moves = play.moves.map((move) => ({ from: move.from, to: move.to, die: move.die }));
    const found = await this.app.ask({ op: "state", position: this.answer.text, dice: this.view.values().dice, moves });
    if (version !== this.version || found.error || !found.next) return undefined;
    this.index = index;
    this.app.board.clearSelection();
    this.app.board.draw(found.next, null, found.next_pips);
    this.showPlays();
    return this.app.say(this.t("setup-step", { index: index + 1, count, play: this.app.board.numbering.play(play.notation) }));
  }

  async playFromHere() {
    const answer = this.answer;
    if (!answer || answer.error) return this.app.say(answer ? this.problem(answer) : this.t("play-not-now"));
    return this.app.startFrom(answer, this.view.values().dice);
  }

  /** Leave the editor: the game goes on as it was. */
  back() {
    this.version += 1;
    return this.app.resumeGame();
  }
}
