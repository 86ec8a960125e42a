/* The play page's board: the build's two SVG boards (short and long nardy), one shown at a time.

   Each board is a BoardView with a BoardInput (the rules boards' modules), so
   a click, a tap, a drag or the keyboard gives places and actions here as there;
   the page's controller decides what they mean (nardy-play-moves.js in a game,
   nardy-play-setup.js in the editor). What is drawn is what the engine sent:
   a position, the dice, the pips, the live marks of a selection, the arrows of
   a hint; a move the engine played travels from its point to its destination
   (nardy-play-motion.js), and a checker being dragged follows the pointer.

   One board with a viewer's side (chessground's orientation): orient(side) draws it
   seen from White's or Black's side (nardy_rules.svg.layout of that side: that side's
   home bottom right, its numbers on the points, its pips below), and the clicks, the
   keyboard cursor, the marks, the flights and the dice follow the same layout;
   numbering names the points as the board prints them (nardy-numbering.js). */

import { BoardInput } from "../board/nardy-board-input.js";
import { BoardView } from "../board/nardy-board-view.js";
import { circleD, hintArrows, liveMarks } from "../board/nardy-draw.js";
import { Numbering } from "../board/nardy-numbering.js";
import { countOf } from "../board/nardy-position.js";
import { Flight, plan, reducedMotion } from "./nardy-play-motion.js";

export class PlayBoard {
  /** mount: the page's element holding [data-play-board] wrappers; sides: each variant's layouts by side
      (LAYOUTS[variant][side]); handlers: place(place), key(action), drag(kind, place) ("start", "drop" with the
      place, "cancel"). Seen from White's side until orient() says otherwise. */
  constructor(mount, sides, text, infoId, handlers) {
    this.views = {};
    this.wrappers = {};
    this.flights = {};
    this.inputs = {};
    this.sides = sides;
    this.side = "white";
    this.layouts = Object.fromEntries(Object.entries(sides).map(([variant, layouts]) => [variant, layouts.white]));
    this.numbering = new Numbering();
    this.shown = null; // the last position drawn, its dice and pips: drawn again when the board turns
    this.selected = null;
    this.targets = [];
    this.refused = [];
    this.hint = [];
    this.played = [];
    this.dragged = null; // {place, point}: a checker following the pointer
    this.cursor = null;
    this.focused = false;
    this.position = null;
    this.drawn = 0; // every draw asked for; a flight whose draw is no longer the last one does not land
    this.plain = 0; // the last draw made at once: flights asked before it are dropped
    this.chain = Promise.resolve();
    for (const wrapper of mount.querySelectorAll("[data-play-board]")) {
      const svg = wrapper.querySelector("svg.nardy-board");
      const variant = svg.getAttribute("data-variant");
      const view = new BoardView(svg, this.layouts[variant], text, `nardy-play-${variant}`);
      // The board's name, then what the page says about the game now (the information line).
      const title = (svg.getAttribute("aria-labelledby") || "").split(" ")[0];
      svg.setAttribute("aria-labelledby", `${title} ${infoId}`);
      const marks = svg.querySelector("g.nardy-marks");
      if (marks) marks.setAttribute("display", "none");
      this.inputs[variant] = new BoardInput(view.control, svg, this.layouts[variant], {
        interest: () => {},
        focus: (on) => { this.focused = on; this.drawMarks(); },
        place: (place) => { this.cursor = place; handlers.place(place); },
        key: (action) => handlers.key(action),
        hasSelection: () => this.selected !== null,
        draggable: (place) => this.draggable(place),
        drag: (kind, place, point) => this.drag(kind, place, point, handlers),
      });
      this.views[variant] = view;
      this.wrappers[variant] = wrapper;
      this.flights[variant] = new Flight(svg, this.layouts[variant]);
    }
    this.variant = null;
  }

  /** Whether a person is to move now: then a finger on the board drags checkers and never scrolls the page
      (touch-action: none, set before any touch begins: a browser decides on panning at the touch's start,
      and a busy page may answer a touchmove too late to cancel it); otherwise it scrolls as anywhere. */
  set movable(on) {
    for (const view of Object.values(this.views)) view.control.classList.toggle("nardy-play-movable", Boolean(on));
  }

  get layout() {
    return this.layouts[this.variant];
  }

  get control() {
    return this.views[this.variant].control;
  }

  get svg() {
    return this.views[this.variant].svg;
  }

  show(variant) {
    if (this.variant === variant) return;
    if (this.variant) this.flights[this.variant].stop();
    this.variant = variant;
    this.numbering.labels = this.layout.labels;
    for (const [name, wrapper] of Object.entries(this.wrappers)) wrapper.hidden = name !== variant;
    this.clearSelection();
  }

  /** The board seen from a side: that side's home at the bottom, the points in its numbering, its pips below;
      what is shown is drawn again at once (a flight under way lands), the marks too. True if it turned. */
  orient(side) {
    if (side === this.side || !this.sides.short[side]) return false;
    this.side = side;
    for (const variant of Object.keys(this.views)) {
      const layout = this.sides[variant][side];
      this.layouts[variant] = layout;
      this.flights[variant].stop();
      this.flights[variant].layout = layout;
      this.inputs[variant].layout = layout;
      this.views[variant].orient(layout);
    }
    if (this.variant) this.numbering.labels = this.layout.labels;
    if (this.shown && this.variant) {
      this.plain = ++this.drawn; // a flight asked for before this draw no longer lands
      const { position, dice, pips } = this.shown;
      this.views[this.variant].draw(position, dice, pips);
      this.drawMarks();
    }
    return true;
  }

  /** A position as the engine sent it, the dice to show (or none) and the pips; with motion ({hops, start}),
      the checkers that moved to get here travel from where they were (the position drawn before). */
  draw(position, dice, pips, motion = null) {
    const before = this.position;
    const variant = this.variant;
    const token = ++this.drawn;
    this.position = position;
    this.shown = { position, dice, pips };
    this.hint = [];
    this.played = [];
    const paint = (shown) => {
      this.views[variant].draw(shown, dice, pips);
      this.drawMarks();
    };
    if (!motion || !before || before.variant !== position.variant || reducedMotion()) {
      this.plain = token;
      this.flights[variant].stop();
      paint(position);
      return Promise.resolve();
    }
    // One flight after another: a path of two single moves goes through its landing point. A flight whose
    // draw is no longer the last one asked for by the time it would begin is left out (the board never
    // lags more than one flight behind the game, however fast the moves come).
    this.chain = this.chain.then(async () => {
      if (token < this.plain || token !== this.drawn || this.variant !== variant) return;
      const { shown, flights } = plan(this.layouts[variant], before, position, motion.hops, motion.start);
      paint(shown);
      await this.flights[variant].run(flights);
      if (token >= this.plain && token === this.drawn) paint(position);
    });
    return this.chain;
  }

  /** Whether a drag may begin on a place: a checker of the side to move is drawn there (what the board shows;
      the engine decides what it may do). A drag that begins there does not scroll the page. */
  draggable(place) {
    const position = this.position;
    return Boolean(position && place !== "off" && countOf(position, position.turn, place));
  }

  drag(kind, place, point, handlers) {
    if (kind === "start") this.dragged = { place, point };
    else if (kind === "move" && this.dragged) this.dragged.point = point;
    else this.dragged = null;
    this.drawMarks();
    if (kind !== "move") handlers.drag(kind, place, point);
  }

  select(place, targets, refused) {
    Object.assign(this, { selected: place, targets, refused });
    this.drawMarks();
  }

  clearSelection() {
    Object.assign(this, { selected: null, targets: [], refused: [] });
    this.drawMarks();
  }

  /** The arrows of a play the computer suggests ({from, to, hit} single moves), until the board changes. */
  showHint(moves) {
    this.hint = moves;
    this.drawMarks();
  }

  /** A play reviewed (nardy-play-review.js): the best play's arrows and the played one's (dashed), drawn
      after the position is (a draw clears them). */
  showPlays(best, played) {
    this.hint = best;
    this.played = played;
    this.drawMarks();
  }

  drawMarks() {
    if (!this.position || !this.variant) return;
    const mover = this.position.turn;
    const marks = hintArrows(this.layout, this.position, mover, this.played, true);
    marks.push(...hintArrows(this.layout, this.position, mover, this.hint));
    marks.push(...liveMarks(this.layout, {
      position: this.position, mover, cursor: this.focused ? this.cursor : null,
      selected: this.selected, targets: this.targets.map((item) => item.end),
      refused: this.refused.map((item) => item.end),
    }));
    if (this.dragged && this.dragged.point) {
      const [x, y] = this.dragged.point;
      marks.push({ tag: "path", attrs: { class: "nardy-ck nardy-live-drag", "data-color": mover, d: circleD(x, y, this.layout.r) } });
    }
    this.views[this.variant].drawMarks(marks);
  }
}
