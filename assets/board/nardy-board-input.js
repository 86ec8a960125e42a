/* What the reader does on a board: pointer, touch and keyboard, as actions for a controller.

   handlers.interest(kind): the first signs of interest, "hover" (a pointer
   over the board), "press" (pointer or touch down) and "focus";
   handlers.focus(on); handlers.place(place): a click or tap on a place (1..24,
   "bar", "off"); handlers.key(action): "next", "previous", "first", "last"
   (the cursor), "activate" (Enter, Space) and "cancel" (Escape, only while
   handlers.hasSelection() says something is selected, so that Escape goes on
   to the page otherwise). Each handler's failure stays its own. */

import { placeAt } from "./nardy-geometry.js";

const KEYS = {
  ArrowRight: "next", ArrowDown: "next", ArrowLeft: "previous", ArrowUp: "previous",
  Home: "first", End: "last", Enter: "activate", " ": "activate", Escape: "cancel",
};

export class BoardInput {
  constructor(control, svg, layout, handlers) {
    this.svg = svg;
    this.layout = layout;
    this.handlers = handlers;
    control.addEventListener("pointerover", () => handlers.interest("hover"));
    control.addEventListener("pointerdown", () => handlers.interest("press"));
    control.addEventListener("touchstart", () => handlers.interest("press"), { passive: true });
    control.addEventListener("focusin", () => { handlers.focus(true); handlers.interest("focus"); });
    control.addEventListener("focusout", () => handlers.focus(false));
    control.addEventListener("click", (event) => {
      const place = this.placeOf(event);
      if (place !== null) handlers.place(place);
    });
    control.addEventListener("keydown", (event) => {
      const action = KEYS[event.key];
      if (!action || (action === "cancel" && !handlers.hasSelection())) return;
      event.preventDefault();
      handlers.key(action);
    });
  }

  /** The place under a pointer event, in the SVG's own units. */
  placeOf(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return placeAt(this.layout, point.x, point.y);
  }
}
