/* One live board: the controller between the reader, the engine's answers and the view.

   Every question is a request of nardy_rules.live given to answer(request)
   (nardy-answer.js: the build's recorded answers first, the engine in the
   worker for the rest), one code path per action. The board keeps the turn
   and its history (nardy-board-state.js) and the answer that describes it
   now (current); what it shows and says is read from the answers:
   positions, pips, dice left, the destinations of a checker, refusals with
   their message keys, notation, results. The reader's actions are in
   nardy-board-play.js (places, keys) and nardy-board-tools.js (the toolbar);
   the view, input and controls know no diagram and no rule. */

import { atHand } from "../engine/nardy-answer.js";
import { BoardControls } from "./nardy-board-controls.js";
import { BoardInput } from "./nardy-board-input.js";
import { activate, drop, key } from "./nardy-board-play.js";
import { History, viewRequest } from "./nardy-board-state.js";
import { copyLink, newDice, openLink, playExample, randomDie, reset, showPlays, step } from "./nardy-board-tools.js";
import { BoardView } from "./nardy-board-view.js";
import { liveMarks } from "./nardy-draw.js";
import { Numbering } from "./nardy-numbering.js";
import { formatDice } from "./nardy-strings.js";

let serial = 0;

export class Board {
  /** {id, root (the element holding the board), svg, sides (the variant's layouts by side: LAYOUTS[variant]),
      strings, answer, engine, example (a snapshot), show (the example's moves, for "play the example"),
      interest(kind)}. A rules board is White's view, as the texts' figures are; numberFrom(side) numbers its
      points from another side (an article's replay, at that side's turn). */
  constructor({ id, root, svg, sides, strings, answer, engine, example, show, interest }) {
    serial += 1;
    const layout = sides.white;
    this.sides = sides;
    this.numbering = new Numbering(layout.labels);
    Object.assign(this, { id, root, svg, layout, strings: strings.withNumbering(this.numbering), answer, engine, show });
    this.variant = svg.getAttribute("data-variant");
    this.history = new History(example);
    this.current = null; // {snapshot, answer}: what the board shows
    this.version = 0;
    this.selected = null;
    this.targets = [];
    this.refused = [];
    this.cursor = null;
    this.focused = false;
    this.touched = false;
    this.animation = 0;
    /** Called with (snapshot, answer) when the reader's moves complete a turn (a replay compares them). */
    this.onTurnEnd = null;
    /** The example's marks (arrows) stay hidden while true (a replay asking for the move first). */
    this.marksHidden = false;
    /** The cube's value the position is played for: a replay's game ends with the points it made. */
    this.cube = 1;
    const text = (key) => this.t(key);
    const uid = `nardy-live-${serial}`;
    this.view = new BoardView(svg, layout, text, uid);
    const act = (action) => () => this.guard(action);
    this.controls = new BoardControls(text, uid, {
      roll: act(() => newDice(this, [randomDie(), randomDie()], "rolled")),
      "set-dice": act(() => this.controls.toggleDice()),
      "apply-dice": act(() => newDice(this, this.controls.chosenDice(), "dice-set")),
      undo: act(() => step(this, () => this.history.undo(), "undone")),
      redo: act(() => step(this, () => this.history.redo(), "redone")),
      reset: act(() => reset(this)),
      show: act(() => playExample(this)),
      plays: act(() => (this.controls.togglePlays() ? showPlays(this) : undefined)),
      link: act(() => copyLink(this)),
    }, { showButton: show.length > 0 });
    this.view.mountPanel(this.controls.before, this.controls.after);
    // Also called by the page for the event that made this board (assets/board/nardy-board.js): that event
    // was on its way to the build's SVG before the board's listeners were there.
    const wake = (kind) => {
      if (kind !== "hover") this.touched = true;
      interest(kind);
    };
    this.wake = wake;
    this.view.panel.addEventListener("pointerdown", () => wake("press"));
    this.view.panel.addEventListener("focusin", () => wake("focus"));
    this.input = new BoardInput(this.view.control, svg, layout, {
      interest: wake,
      focus: (on) => { this.focused = on; this.drawMarks(); },
      place: (place) => this.guard(() => { this.cursor = place; return activate(this, place); }),
      key: (action) => this.guard(() => key(this, action)),
      hasSelection: () => this.selected !== null,
      // A mouse or a pen drags a checker; a finger on a rules page scrolls it (the play page's board drags by touch).
      draggable: (place, type) => type !== "touch",
      drop: (from, to) => this.guard(() => drop(this, from, to)),
    });
    engine.listeners.add((status) => this.engineChanged(status));
    this.controls.setDice(example.dice);
    this.updateButtons();
  }

  t(key, params) {
    return this.strings.text(key, params);
  }

  /** Print and say the points' numbers from a side's own numbering (the board stays White's view). */
  numberFrom(side) {
    const labels = this.sides[side].labels;
    if (this.numbering.labels === labels) return;
    this.numbering.labels = labels;
    this.view.orient(this.layout, labels);
  }

  say(text) {
    this.view.say(text);
  }

  /** Run an action; a failure of the board never reaches the console. */
  guard(action) {
    try {
      const result = action();
      if (result && typeof result.catch === "function") result.catch(() => this.say(this.t("unavailable")));
    } catch (error) {
      this.say(this.t("unavailable"));
    }
  }

  /** The answer to a request, saying that the engine is starting if the reader has to wait for it. */
  async ask(request) {
    const pending = this.answer(request);
    if (!(await atHand(pending)) && this.engine.status === "starting") this.say(this.t("starting"));
    try {
      return await pending;
    } catch (error) {
      this.say(this.t("unavailable"));
      throw error;
    } finally {
      this.view.unsay(this.t("starting"));
    }
  }

  engineChanged(status) {
    if (status !== "failed") return;
    if (this.touched) this.say(this.t("unavailable"));
    this.root.dataset.live = "unavailable";
    this.view.showNote(this.t("unavailable"));
    this.updateButtons();
  }

  /* -------------------------------------------------------------- what the board shows */

  async fetchView(snapshot) {
    const answer = await this.ask(viewRequest(snapshot));
    if (answer.error) throw new Error(answer.error);
    return answer;
  }

  ensureView() {
    if (this.current) return Promise.resolve(this.current);
    if (!this.loading) this.loading = this.refresh().then(() => { this.loading = null; return this.current; });
    return this.loading;
  }

  /** Ask for the view of the turn now and draw it; ``after(answer, passed)`` announces the change. */
  async refresh(after) {
    const version = ++this.version;
    this.clearSelection();
    this.updateButtons();
    let snapshot = this.history.current;
    let answer;
    let passed = null;
    let ended = null;
    try {
      answer = await this.fetchView(snapshot);
      if (version !== this.version) return;
      if (snapshot.dice && answer.complete && snapshot.moves.length) ended = { snapshot, answer };
      if (snapshot.dice && answer.complete && !answer.result && answer.next_text && (snapshot.moves.length || snapshot.rolled)) {
        // The dice are used (or none can be): the turn passes to the other side, who rolls next.
        passed = { lost: answer.lost, lostReasons: answer.lost_reasons, noMove: !snapshot.moves.length, color: answer.turn };
        snapshot = { position: answer.next_text, dice: null, moves: [], rolled: false };
        this.history.replace(snapshot);
        answer = await this.fetchView(snapshot);
      }
    } catch (error) {
      if (version === this.version) this.say(this.t("unavailable"));
      return;
    }
    if (version !== this.version) return;
    this.current = { snapshot, answer };
    this.render();
    if (after) after(answer, passed);
    if (this.controls.playsOpen) this.guard(() => showPlays(this));
    if (ended && this.onTurnEnd) this.onTurnEnd(ended.snapshot, ended.answer);
  }

  render() {
    const { snapshot, answer } = this.current;
    const dice = snapshot.dice && (snapshot.moves.length ? answer.remaining : snapshot.dice);
    this.view.draw(answer.position, dice, answer.pips);
    this.view.showExample(this.history.pristine, this.marksHidden);
    let state;
    if (answer.result) state = this.t(`result-${answer.result.winner}-${answer.result.kind}`, { count: answer.result.points * this.cube });
    else if (!snapshot.dice) state = this.t(`${answer.turn}-to-roll`);
    else if (answer.complete && !snapshot.moves.length) state = this.t("no-move", { dice: formatDice(snapshot.dice) });
    else state = this.t(`${answer.turn}-dice`, { dice: formatDice(answer.remaining) });
    this.view.setInfo([state, this.t("pips", answer.pips)]);
    this.controls.setDice(snapshot.dice);
    this.updateButtons();
    this.drawMarks();
  }

  updateButtons() {
    const snapshot = this.history.current;
    const over = Boolean(this.current && this.current.answer.result);
    const busy = this.animation !== 0;
    this.controls.update({
      newDice: !(snapshot.moves.length > 0 || over || this.engine.status === "failed"),
      undo: this.history.canUndo,
      redo: this.history.canRedo,
      reset: !(this.history.pristine && !busy),
      show: !busy && this.show.length > 0,
    });
  }

  drawMarks() {
    const position = this.current && this.current.answer.position;
    if (!position) return;
    this.view.drawMarks(liveMarks(this.layout, {
      position, mover: position.turn, cursor: this.focused ? this.cursor : null, selected: this.selected,
      targets: this.targets.map((item) => item.end), refused: this.refused.map((item) => item.end),
    }));
  }

  stopAnimation() {
    if (this.animation) {
      clearTimeout(this.animationTimer);
      this.animation = 0;
      this.updateButtons();
    }
  }

  clearSelection() {
    this.selected = null;
    this.targets = [];
    this.refused = [];
    this.drawMarks();
  }

  /** A new example (a replay's turn: its snapshot and the moves "play the example" plays), shown at once. */
  setExample(example, show) {
    this.stopAnimation();
    this.history = new History(example);
    this.show = show;
    this.controls.hideLink();
    return this.refresh();
  }

  /** Open a link's turn ({position, dice, moves}, or null; nardy-link.js). */
  openLink(link) {
    return openLink(this, link);
  }
}
