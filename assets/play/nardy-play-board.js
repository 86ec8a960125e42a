/* The play page's board: the build's two SVG boards (short and long nardy), one shown at a time.

   Each board is a BoardView with a BoardInput (the rules boards' modules), so
   a click, a tap or the keyboard gives places and actions here as there; the
   page's controller decides what they mean (nardy-play-moves.js in a game,
   nardy-play-setup.js in the editor). What is drawn is what the engine sent:
   a position, the dice, the pips, and the live marks of a selection. */

import { BoardInput } from "../board/nardy-board-input.js";
import { BoardView } from "../board/nardy-board-view.js";
import { liveMarks } from "../board/nardy-draw.js";

export class PlayBoard {
  /** mount: the page's element holding [data-play-board] wrappers; handlers: place(place), key(action). */
  constructor(mount, layouts, text, infoId, handlers) {
    this.views = {};
    this.wrappers = {};
    this.layouts = layouts;
    this.selected = null;
    this.targets = [];
    this.refused = [];
    this.cursor = null;
    this.focused = false;
    this.position = null;
    for (const wrapper of mount.querySelectorAll("[data-play-board]")) {
      const svg = wrapper.querySelector("svg.nardy-board");
      const variant = svg.getAttribute("data-variant");
      const view = new BoardView(svg, layouts[variant], text, `nardy-play-${variant}`);
      // The board's name, then what the page says about the game now (the information line).
      const title = (svg.getAttribute("aria-labelledby") || "").split(" ")[0];
      svg.setAttribute("aria-labelledby", `${title} ${infoId}`);
      const marks = svg.querySelector("g.nardy-marks");
      if (marks) marks.setAttribute("display", "none");
      new BoardInput(view.control, svg, layouts[variant], {
        interest: () => {},
        focus: (on) => { this.focused = on; this.drawMarks(); },
        place: (place) => { this.cursor = place; handlers.place(place); },
        key: (action) => handlers.key(action),
        hasSelection: () => this.selected !== null,
      });
      this.views[variant] = view;
      this.wrappers[variant] = wrapper;
    }
    this.variant = null;
  }

  get layout() {
    return this.layouts[this.variant];
  }

  get control() {
    return this.views[this.variant].control;
  }

  show(variant) {
    if (this.variant === variant) return;
    this.variant = variant;
    for (const [name, wrapper] of Object.entries(this.wrappers)) wrapper.hidden = name !== variant;
    this.clearSelection();
  }

  /** A position as the engine sent it, the dice to show (or none) and the pips. */
  draw(position, dice, pips) {
    this.position = position;
    this.views[this.variant].draw(position, dice, pips);
    this.drawMarks();
  }

  select(place, targets, refused) {
    Object.assign(this, { selected: place, targets, refused });
    this.drawMarks();
  }

  clearSelection() {
    Object.assign(this, { selected: null, targets: [], refused: [] });
    this.drawMarks();
  }

  drawMarks() {
    if (!this.position || !this.variant) return;
    this.views[this.variant].drawMarks(liveMarks(this.layout, {
      position: this.position, mover: this.position.turn, cursor: this.focused ? this.cursor : null,
      selected: this.selected, targets: this.targets.map((item) => item.end),
      refused: this.refused.map((item) => item.end),
    }));
  }
}
