/* The play page's controller: a match between two seats, every step decided by the engine.

   The match is opened once in the worker (nardy_rules.game_live: new, or the stored record) and played by its id
   through OpenMatch.send (nardy-play-match.js): each answer says what changed (nardy_rules.game_session), so an
   action costs one action however long the match; a new game's first turn is answered from the build's record
   until the engine is ready (nardy-play-opening.js). The answer's state (MatchState.to_json) is all the page
   shows, the actions it allows are the buttons. A person's moves: nardy-play-moves.js; a computer seat's and the
   hint: nardy-play-computer.js; moves travelling: nardy-play-motion.js; board and buttons in view: nardy-play-fit.js;
   the board's side (and numbering, which this.strings speaks in): nardy-play-side.js. Online (nardy-online.js:
   this.online) the match is the game server's, a "remote" seat plays elsewhere, the server rolls, no hint, nothing
   stored. Analysis, review, import: nardy-play-analysis.js. */

import { Analysis } from "./nardy-play-analysis.js";
import { answerer, atHand } from "../engine/nardy-answer.js";
import { activate, drag, key } from "./nardy-play-moves.js";
import { PlayBoard } from "./nardy-play-board.js";
import { Fit } from "./nardy-play-fit.js";
import { drive, hint } from "./nardy-play-computer.js";
import { OpenMatch } from "./nardy-play-match.js";
import { hops } from "./nardy-play-motion.js";
import { PlayPanel } from "./nardy-play-panel.js";
import { SetupEditor } from "./nardy-play-setup.js";
import { SideControl } from "./nardy-play-side.js";
import { actorOf, readSeat, seatValues, throwDice } from "./nardy-play-seats.js";
import { Sound } from "./nardy-play-sound.js";
import { actionText, movedText, scoreText, stateText } from "./nardy-play-text.js";

/** The actions a person acting now may press, as buttons (the engine's list, in the panel's terms). */
const PERSON_ACTS = ["opening", "roll", "double", "take", "pass", "accept", "decline", "undo", "confirm", "next-game", "resign"];

export class PlayApp {
  constructor({ mount, engine, strings, layouts, store, opening }) {
    Object.assign(this, { mount, engine, strings, store, opening });
    this.answer = answerer(opening, engine); // the recorded opening first (nardy-play-opening.js), then the engine
    this.t = (name, params) => strings.text(name, params);
    this.mode = "game";
    this.state = null;
    this.match = new OpenMatch((request) => this.ask(request));
    this.version = 0;
    this.resigning = false; // the person chooses what to offer (the toolbar shows the offers)
    this.seats = { white: { kind: "person" }, black: { kind: "computer", level: "club" } };
    this.sound = new Sound();
    this.panel = new PlayPanel(mount, this.t, { start: () => this.guard(() => this.newMatch()), act: (name) => this.guard(() => this.press(name)) });
    const area = mount.querySelector(".nardy-play-area");
    area.after(...this.panel.under);
    mount.append(...this.panel.after);
    this.fit = new Fit(area, this.panel.under.slice(0, -1));
    this.board = new PlayBoard(mount, layouts, this.t, this.panel.info.id, {
      place: (place) => this.guard(() => this.place(place)),
      key: (action) => this.guard(() => this.key(action)),
      drag: (kind, place, point) => this.guard(() => this.mode === "game" && drag(this, kind, place, point)),
    });
    this.strings = strings.withNumbering(this.board.numbering);
    this.orientation = new SideControl(this);
    this.setup = new SetupEditor(this);
    this.panel.hints.after(this.setup.view.root); // under the board, the information line and the status
    this.analysis = new Analysis(this);
    this.setup.view.root.after(this.analysis.review.root);
    this.panel.sheet.root.after(this.analysis.root);
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

  /** The engine's answer (the recorded one at hand, else the worker's); while the engine starts, a wait is said
      ("starting", or the computer getting ready) and taken back. */
  async ask(request) {
    const answer = this.answer(request);
    const word = this.engine.status !== "ready" && !(await atHand(answer)) ? this.t(request.computer ? "play-computer-waiting" : "starting") : "";
    if (word) this.say(word);
    const found = await answer;
    if (word && this.panel.status.textContent === word) this.say("");
    return found;
  }

  place(place) {
    if (this.mode === "setup") return this.setup.place(place);
    if (this.mode === "review") return undefined; // a decision shown: the board is a picture until Back
    return activate(this, place);
  }

  key(action) {
    return this.mode === "review" ? undefined : key(this, action, (place) => this.place(place));
  }

  /** "game" (the match is shown and played), "setup" (the editor) or "review" (an analysed decision shown:
      nardy-play-review.js); in the last two the toolbar, score line and hint give way. */
  setMode(mode) {
    this.mode = mode;
    this.setup.view.root.hidden = mode !== "setup";
    this.setup.view.opener.hidden = mode !== "game" || Boolean(this.online);
    if (mode !== "review") this.analysis.review.hide();
    this.mount.classList.toggle("nardy-play-reviewing", mode === "review");
    this.mount.classList.toggle("nardy-play-editing", mode === "setup");
    this.panel.line.hidden = mode !== "game"; // the toolbar stays: the board may be turned in every mode
    this.panel.hints.hidden = mode !== "game" || !this.panel.hints.firstChild; // the game's hint waits with it
    this.board.clearSelection();
    this.updateButtons();
  }

  /** Back from the editor to the game as it was; a computer to act goes on. */
  resumeGame() {
    this.setMode("game");
    if (!this.state) return this.newMatch();
    this.render();
    this.say(stateText(this.t, this.state, this.seats));
    return this.drive();
  }

  /* ------------------------------------------------------------------ the match */

  /** A new game from a position the engine read (a forms answer): its side rolls the dice given first (else
      the dice the form carried: an XGID's). Said before any computer seat acts, so that its first action is
      the last thing announced. */
  async startFrom(answer, dice) {
    if (answer.result) {
      this.say(this.t("setup-over"));
      return false;
    }
    this.panel.setSettings({ ...this.panel.settings(), variant: answer.position.variant });
    if (!(await this.newMatch(answer.text, { drive: false }))) return false;
    const roll = dice || answer.dice;
    if (roll && this.state.phase === "roll") await this.play({ act: "roll", dice: roll }, { drive: false });
    this.say(this.t("play-position-opened"));
    await this.drive();
    return true;
  }

  /** A new match as the form says (or from a set-up position: start, its nardy text); false if refused.
      again: the same game, length and seats as the match just played (play again). */
  async newMatch(start = null, { drive = true, again = false } = {}) {
    if (this.online) await this.online.leave({ quiet: true });
    const settings = again ? { variant: this.state.variant, length: this.state.length, ...seatValues(this.seats) }
      : this.panel.settings();
    this.seats = { white: readSeat(settings.white), black: readSeat(settings.black) };
    const request = { op: "game", new: { variant: settings.variant, length: settings.length } };
    if (start) request.new.start = start;
    const answer = await this.ask(request);
    if (answer.error) {
      this.say(this.t("play-engine-error"));
      return false;
    }
    this.setMode("game");
    this.analysis.reset();
    this.accept(answer);
    this.fit.show();
    this.say(this.t("play-new"));
    if (drive) await this.drive();
    return true;
  }

  /** A stored or linked record (analysed: its analysis was shown; made again): false when it does not read. */
  async resume(record, seats, analysed = false) {
    const answer = await this.ask({ op: "game", record });
    if (answer.error || !answer.state) return false;
    this.seats = { white: readSeat(seats.white), black: readSeat(seats.black) };
    this.panel.setSettings({ variant: answer.state.variant, length: answer.state.length, ...seats });
    this.analysis.reset();
    this.accept(answer);
    if (analysed) this.guard(() => this.analysis.run({ quiet: true }));
    this.drive();
    return true;
  }

  /** The match's record, as the page keeps it (nardy-play-match.js). */
  get record() { return this.match.record; }

  /** An answer that opened the match (its whole record and state) or changed it (nardy_rules.game_session);
      motion: the single moves that led to it, to be seen travelling. */
  accept(answer, motion = null) {
    this.version += 1;
    this.resigning = false;
    this.state = this.match.take(answer);
    this.panel.showHints(null);
    if (this.store) this.store.keep(this);
    this.render(motion);
  }

  render(motion = null) {
    const state = this.state;
    if (this.mode !== "game") return; // the editor owns the board; the game is drawn again on the way back
    this.orientation.apply();
    this.board.show(state.variant);
    const dice = state.phase === "move" ? state.turn.remaining : (state.phase === "opening" ? state.dice : null);
    this.board.clearSelection();
    this.board.draw(state.position, dice, state.pips, motion);
    this.panel.setInfo(stateText(this.t, state, this.seats));
    this.panel.setScore(scoreText(this.t, state));
    this.panel.setGame(state.variant, this.sound.on);
    this.panel.sheet.show(state.scoresheet, state.results, state.players);
    this.updateButtons();
    // The forms and the link of the turn as it began, with its roll: what opens it again.
    if (this.forms) this.forms.show(state.turn ? state.turn.position : state.position, state.turn ? state.turn.dice : null);
  }

  /** Who acts now (nardy-play-seats.js). */
  actor() {
    return actorOf(this.state, this.seats, this.online);
  }

  updateButtons() {
    const state = this.state;
    const shown = {};
    const points = {};
    const game = state && this.mode === "game";
    const person = game && this.actor().kind === "person" && !this.thinking;
    this.board.movable = Boolean(person && state.phase === "move");
    if (person && this.resigning && state.actions.includes("resign")) {
      for (const offer of state.resign_offers) {
        shown[`resign-${offer.kind}`] = true;
        points[offer.kind] = offer.points;
      }
      shown["resign-cancel"] = true;
    } else if (person) {
      for (const act of PERSON_ACTS) if (state.actions.includes(act)) shown[act] = true;
      if (state.phase === "move" && !this.online) shown.hint = true;
    }
    // A rematch where the game's buttons were, and the analysis of the match just played.
    if (game && state.phase === "match-over" && !this.online) Object.assign(shown, { again: true, analyse: !this.analysis.running });
    this.panel.update(shown, points);
    this.fit.update(Boolean(person && this.resigning));
  }

  /** A button: throw the dice for a roll, ask for a hint, choose a resignation, or send the action. */
  press(name) {
    if (name === "hint") return this.hint();
    if (name === "turn") return this.orientation.turn();
    if (name === "analyse") return this.analysis.run();
    if (name === "again") return this.newMatch(this.record && this.record.start, { again: true });
    if (name === "sound") return this.panel.setGame(this.state ? this.state.variant : "short", this.sound.toggle());
    if (name === "resign" || name === "resign-cancel") {
      this.resigning = name === "resign";
      this.updateButtons();
      const text = this.resigning ? this.t("play-resign-choose") : stateText(this.t, this.state, this.seats);
      this.panel.setInfo(text);
      return this.say(text);
    }
    if (name.startsWith("resign-")) return this.play({ act: "resign", kind: name.slice("resign-".length) });
    if (name === "opening" || name === "roll") return this.play(this.online ? { act: name } : { act: name, dice: throwDice() });
    return this.play({ act: name });
  }

  /** Send one action; the answer's state replaces the page's, and the next seat acts. start: where a dropped
      checker was let go (its move travels on from there). */
  async play(action, { drive = true, start = null } = {}) {
    const before = this.state;
    const answer = await this.match.send({ action });
    if (answer.error) {
      this.say(this.online ? this.online.errorText(answer) : this.t("play-engine-error"));
      return false;
    }
    if (answer.refused) {
      this.say(answer.refused.reason ? this.strings.reason(answer.refused.reason) : this.t("play-not-now"));
      return false;
    }
    if (action.act === "roll" || action.act === "opening") this.sound.dice();
    let motion = null;
    if (action.act === "move" && answer.state.turn) {
      const moves = answer.state.turn.moves;
      motion = { hops: hops(before.side, moves[moves.length - 1]), start };
      this.sound.move();
    } else if (action.act === "undo" && before.turn && before.turn.moves.length) {
      motion = { hops: hops(before.side, before.turn.moves[before.turn.moves.length - 1], true) };
    }
    this.accept(answer, motion);
    if (action.act !== "move") this.say(actionText(this.t, this.strings, action, before, answer));
    if (drive) await this.drive();
    return true;
  }

  /** Say a move made: a computer's ("Black moves 12/18."), or a person's with what is left of the turn. */
  sayMoved(notation, computer = false) {
    const text = movedText(this.t, this.state, this.seats, this.board.numbering.play(notation), computer);
    if (text) this.say(text);
  }

  /** While a computer seat is to act, its actions step by step (nardy-play-computer.js). */
  drive() {
    return drive(this);
  }

  hint() {
    return hint(this);
  }
}
