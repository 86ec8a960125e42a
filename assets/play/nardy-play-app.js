/* The play page's controller: a match between two seats, every step decided by the engine.

   The match is opened once in the worker (nardy_rules.game_live: a new
   match, or the stored record on a reload) and played by its id: each action
   is a game request of nardy_rules.live ({"op": "game", "match", "action"})
   sent through the same worker client as the rules boards (nardy-engine.js),
   and the answer says what changed (nardy_rules.game_session): the page
   keeps the record and the scoresheet from those changes, so an action costs
   one action however long the match. The answer's state
   (MatchState.to_json) is all the page shows: the
   position, the dice, whose turn, the actions allowed (the buttons), the
   cube, the score, the Crawford game, the result and the scoresheet. A
   person's moves are in nardy-play-moves.js; a computer seat asks the same
   op with "computer": level and plays the actions the engine chose, one at
   a time, so the page never waits on the bot (it thinks in the worker). */

import { activate, key, turnRequest } from "./nardy-play-moves.js";
import { PlayBoard } from "./nardy-play-board.js";
import { OpenMatch } from "./nardy-play-match.js";
import { PlayPanel } from "./nardy-play-panel.js";
import { SetupEditor } from "./nardy-play-setup.js";
import { STEP_MS, pause, readSeat, seatValues, throwDice } from "./nardy-play-seats.js";
import { actionText, scoreText, sheetLine, stateText } from "./nardy-play-text.js";
import { formatDice } from "../board/nardy-strings.js";

/** The actions a person acting now may press, as buttons (the engine's list, in the panel's terms). */
const PERSON_ACTS = ["opening", "roll", "double", "take", "pass", "accept", "decline", "undo", "confirm", "next-game", "resign"];

export class PlayApp {
  constructor({ mount, engine, strings, layouts, store }) {
    Object.assign(this, { mount, engine, strings, store });
    this.t = (name, params) => strings.text(name, params);
    this.mode = "game";
    this.state = null;
    this.match = new OpenMatch((request) => this.ask(request));
    this.version = 0;
    this.seats = { white: { kind: "person" }, black: { kind: "computer", level: "club" } };
    this.panel = new PlayPanel(mount, this.t, { start: () => this.guard(() => this.newMatch()), act: (name) => this.guard(() => this.press(name)) });
    const area = mount.querySelector(".nardy-play-area");
    area.after(...this.panel.under);
    mount.append(...this.panel.after);
    this.board = new PlayBoard(mount, layouts, this.t, this.panel.info.id, {
      place: (place) => this.guard(() => this.place(place)),
      key: (action) => this.guard(() => this.key(action)),
    });
    this.setup = new SetupEditor(this);
    this.panel.hints.after(this.setup.view.root); // under the board, the information line and the status
    this.panel.form.append(this.setup.view.opener);
    engine.listeners.add((status) => {
      if (status === "failed") this.say(this.t("unavailable"));
    });
  }

  say(text) {
    this.panel.say(text);
  }

  /** Run an action; a failure never reaches the console. */
  guard(action) {
    try {
      const result = action();
      if (result && typeof result.catch === "function") result.catch(() => this.say(this.t("unavailable")));
    } catch (error) {
      this.say(this.t("unavailable"));
    }
  }

  /** The engine's answer; the reader is told while the engine starts. */
  async ask(request) {
    if (this.engine.status !== "ready") this.say(this.t("starting"));
    const answer = await this.engine.answer(request);
    if (this.panel.status.textContent === this.t("starting")) this.say("");
    return answer;
  }

  place(place) {
    if (this.mode === "setup") return this.setup.place(place);
    return activate(this, place);
  }

  key(action) {
    const run = (place) => this.place(place);
    return key(this, action, run);
  }

  /** "game" (the match is shown and played) or "setup" (the editor: the toolbar and score line give way to it). */
  setMode(mode) {
    this.mode = mode;
    this.setup.view.root.hidden = mode !== "setup";
    this.setup.view.opener.hidden = mode === "setup";
    this.panel.score.hidden = mode === "setup";
    this.board.clearSelection();
    this.updateButtons();
  }

  /** Back from the editor to the game as it was; a computer to act goes on. */
  resumeGame() {
    this.setMode("game");
    if (!this.state) return this.newMatch();
    this.render();
    this.say(stateText(this.t, this.state));
    return this.drive();
  }

  /* ------------------------------------------------------------------ the match */

  /** A new game from a position the engine read (a forms answer): its side rolls the dice given first, if any.

      Said before any computer seat acts, so that its first action is the last thing announced. */
  async startFrom(answer, dice) {
    if (answer.result) {
      this.say(this.t("setup-over"));
      return false;
    }
    this.panel.setSettings({ ...this.panel.settings(), variant: answer.position.variant });
    if (!(await this.newMatch(answer.text, { drive: false }))) return false;
    if (dice && this.state.phase === "roll") await this.play({ act: "roll", dice }, { drive: false });
    this.say(this.t("play-position-opened"));
    await this.drive();
    return true;
  }

  /** A new match as the form says (or from a set-up position: start, its nardy text); false if refused. */
  async newMatch(start = null, { drive = true } = {}) {
    const settings = this.panel.settings();
    this.seats = { white: readSeat(settings.white), black: readSeat(settings.black) };
    const request = { op: "game", new: { variant: settings.variant, length: settings.length } };
    if (start) request.new.start = start;
    const answer = await this.ask(request);
    if (answer.error) {
      this.say(this.t("play-engine-error"));
      return false;
    }
    this.setMode("game");
    this.accept(answer);
    this.say(this.t("play-new"));
    if (drive) await this.drive();
    return true;
  }

  /** A stored or linked record: the engine re-reads it; false when it does not read. */
  async resume(record, seats) {
    const answer = await this.ask({ op: "game", record });
    if (answer.error || !answer.state) return false;
    this.seats = { white: readSeat(seats.white), black: readSeat(seats.black) };
    this.panel.setSettings({ variant: answer.state.variant, length: answer.state.length, ...seats });
    this.accept(answer);
    this.drive();
    return true;
  }

  /** The match's record, as the page keeps it (nardy-play-match.js). */
  get record() {
    return this.match.record;
  }

  /** An answer that opened the match (its whole record and state) or changed it (nardy_rules.game_session). */
  accept(answer) {
    this.version += 1;
    this.state = this.match.take(answer);
    this.panel.showHints(null);
    if (this.store) this.store.save(this.record, seatValues(this.seats));
    this.render();
  }

  render() {
    const state = this.state;
    if (this.mode !== "game") return; // the editor owns the board; the game is drawn again on the way back
    this.board.show(state.variant);
    const dice = state.phase === "move" ? state.turn.remaining : (state.phase === "opening" ? state.dice : null);
    this.board.clearSelection();
    this.board.draw(state.position, dice, state.pips);
    this.panel.setInfo(stateText(this.t, state));
    this.panel.setScore(scoreText(this.t, state));
    this.panel.showSheet(state.scoresheet, (entry) => sheetLine(this.t, entry));
    this.updateButtons();
    if (this.forms) this.forms.show(state.position);
  }

  /** Who acts now: the side the state names, or in the opening any person (the computer if none). */
  actor() {
    const state = this.state;
    if (state.side) return this.seats[state.side];
    if (state.phase === "opening") {
      return this.seats.white.kind === "person" || this.seats.black.kind === "person" ? { kind: "person" } : this.seats.white;
    }
    return { kind: "person" };
  }

  updateButtons() {
    const state = this.state;
    const shown = {};
    if (!state || this.mode !== "game") {
      this.panel.update(shown);
      return;
    }
    const person = this.actor().kind === "person" && !this.thinking;
    if (person) for (const act of PERSON_ACTS) if (state.actions.includes(act)) shown[act] = true;
    if (state.phase === "move") shown.hint = person;
    this.panel.update(shown, state.resign && state.resign.points);
  }

  /** A button: throw the dice for a roll, ask for a hint, or send the action. */
  press(name) {
    if (name === "hint") return this.hint();
    if (name === "opening" || name === "roll") return this.play({ act: name, dice: throwDice() });
    return this.play({ act: name });
  }

  /** Send one action; the answer's state replaces the page's, and the next seat acts. */
  async play(action, { drive = true } = {}) {
    const before = this.state;
    const answer = await this.match.send({ action });
    if (answer.error) {
      this.say(this.t("play-engine-error"));
      return false;
    }
    if (answer.refused) {
      this.say(answer.refused.reason ? this.strings.reason(answer.refused.reason) : this.t("play-not-now"));
      return false;
    }
    this.accept(answer);
    if (action.act !== "move") this.say(actionText(this.t, this.strings, action, before, answer));
    if (drive) await this.drive();
    return true;
  }

  /** A person plays a path the engine gave ({moves, notation}): its single moves in turn. */
  async playPath(path) {
    this.board.clearSelection();
    for (const move of path.moves) {
      if (!(await this.play({ act: "move", from: move.from, to: move.to, die: move.die }, { drive: false }))) return;
    }
    this.sayMoved(path.notation);
  }

  sayMoved(notation) {
    const turn = this.state.turn;
    if (!turn) return;
    if (turn.complete && turn.lost.length) this.say(this.t("moved-lost", { move: notation, dice: formatDice(turn.lost) }));
    else if (turn.complete) this.say(`${this.t("moved-done", { move: notation })} ${this.t(`play-${this.state.side}-confirm`)}`);
    else this.say(this.t("moved", { move: notation, dice: formatDice(turn.remaining) }));
  }

  /** While a computer seat is to act: ask the engine for its decision and play it, step by step. */
  async drive() {
    const version = this.version;
    if (this.mode !== "game" || this.thinking || this.actor().kind !== "computer" || !this.state.actions.length) return;
    this.thinking = true;
    this.updateButtons();
    try {
      const level = this.actor().level;
      this.panel.setInfo(`${stateText(this.t, this.state)} ${this.t("play-computer-thinking")}`);
      const answer = await this.match.send({ computer: level });
      if (answer.error) this.say(this.t("play-engine-error"));
      if (version !== this.version || !answer.computer) return;
      for (const action of answer.computer.actions) {
        await pause(STEP_MS);
        if (this.mode !== "game") return;
        const full = action.act === "roll" || action.act === "opening" ? { ...action, dice: throwDice() } : action;
        if (full.act === "move") {
          const found = await this.ask(turnRequest(this.state, "check", { from: full.from, to: full.to, die: full.die }));
          if (!(await this.play(full, { drive: false }))) return;
          if (found.notation) this.sayMoved(found.notation);
        } else if (!(await this.play(full, { drive: false }))) {
          return;
        }
        if (full.act === "roll" || full.act === "opening") break; // what follows depends on the dice
      }
    } finally {
      this.thinking = false;
      if (this.state) this.updateButtons();
    }
    await this.drive();
  }

  /** The computer's top plays for the turn's roll, with the chances it estimates for the mover. */
  async hint() {
    const turn = this.state && this.state.turn;
    if (!turn) return this.say(this.t("plays-no-dice"));
    const answer = await this.ask({ op: "hint", position: turn.position, dice: turn.dice, n: 3 });
    if (answer.error) return this.say(this.t("play-engine-error"));
    const dice = formatDice(turn.dice);
    if (!answer.hints.length) return this.panel.showHints(this.t("play-hint-none", { dice }), []);
    const lines = answer.hints.map((item) => this.t("play-hint-item", { play: item.play, win: Math.round(item.win * 100) }));
    this.panel.showHints(this.t("play-hint-heading", { dice }), lines);
    return this.say(`${this.t("play-hint-heading", { dice })} ${lines.join("; ")}`);
  }
}
