/* What the reader does on a board: pointer, touch and keyboard, as actions for a controller.

   handlers.interest(kind): the first signs of interest, "hover" (a pointer
   over the board), "press" (pointer or touch down) and "focus";
   handlers.focus(on); handlers.place(place): a click or tap on a place (1..24,
   "bar", "off"); handlers.key(action): "next", "previous", "first", "last"
   (the cursor), "activate" (Enter, Space) and "cancel" (Escape, only while
   handlers.hasSelection() says something is selected, so that Escape goes on
   to the page otherwise). Each handler's failure stays its own.

   Drag and drop (pointer events: mouse, touch, pen): a press on a place for
   which handlers.draggable(place, pointerType) is true, moved more than
   DRAG_PX, is a drag: handlers.drag("start", place, point), ("move", place,
   point) as it goes, then ("drop", place under the pointer or null, point) or
   ("cancel"); points are in the SVG's units. The click a drag ends with is not
   a click on the place it ends over. A touch that begins on a draggable place
   does not scroll the page (its touchmove is cancelled), so one finger drags a
   checker; anywhere else it scrolls as usual. Without handlers.drag, a drop is
   handlers.drop(from, to). */

import { placeAt } from "./nardy-geometry.js";

const KEYS = {
  ArrowRight: "next", ArrowDown: "next", ArrowLeft: "previous", ArrowUp: "previous",
  Home: "first", End: "last", Enter: "activate", " ": "activate", Escape: "cancel",
};

/** How far (CSS px) a press moves before it is a drag rather than a tap. */
const DRAG_PX = 8;

export class BoardInput {
  constructor(control, svg, layout, handlers) {
    this.svg = svg;
    this.layout = layout;
    this.handlers = handlers;
    this.control = control;
    this.press = null; // {id, place, x, y, type, draggable, dragging}
    this.dropped = false;
    control.addEventListener("pointerover", () => handlers.interest("hover"));
    control.addEventListener("pointerdown", (event) => { handlers.interest("press"); this.down(event); });
    control.addEventListener("pointermove", (event) => this.moved(event));
    control.addEventListener("pointerup", (event) => this.up(event));
    control.addEventListener("pointercancel", () => this.cancel());
    control.addEventListener("touchstart", () => handlers.interest("press"), { passive: true });
    // Not passive: a drag that began on a checker must not scroll the page.
    control.addEventListener("touchmove", (event) => {
      if (this.press && this.press.draggable && event.cancelable) event.preventDefault();
    }, { passive: false });
    // Nor select the board's text, nor start the browser's own drag of it (which would cancel this one).
    for (const type of ["selectstart", "dragstart"]) {
      control.addEventListener(type, (event) => {
        if (this.press && this.press.draggable) event.preventDefault();
      });
    }
    control.addEventListener("focusin", () => { handlers.focus(true); handlers.interest("focus"); });
    control.addEventListener("focusout", () => handlers.focus(false));
    control.addEventListener("click", (event) => {
      if (this.dropped) {
        this.dropped = false; // the click a drag ended with
        return;
      }
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
    const point = this.pointOf(event);
    return point ? placeAt(this.layout, point[0], point[1]) : null;
  }

  pointOf(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  down(event) {
    this.dropped = false;
    if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    const place = this.placeOf(event);
    const can = this.handlers.draggable;
    const draggable = place !== null && (can ? can(place, event.pointerType) : event.pointerType !== "touch");
    this.press = { id: event.pointerId, place, x: event.clientX, y: event.clientY, draggable, dragging: false };
  }

  moved(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id || !press.draggable) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_PX) return;
      press.dragging = true;
      try {
        this.control.setPointerCapture(press.id);
      } catch (error) {
        /* the pointer is gone: the drag ends with its pointerup or pointercancel */
      }
      this.drag("start", press.place, this.pointOf(event));
      return;
    }
    event.preventDefault();
    this.drag("move", press.place, this.pointOf(event));
  }

  up(event) {
    const press = this.press;
    this.press = null;
    if (!press || event.pointerId !== press.id || !press.dragging) return;
    this.dropped = true;
    const place = this.placeOf(event);
    if (this.handlers.drag) this.drag("drop", place, this.pointOf(event));
    else if (place !== null && this.handlers.drop) this.handlers.drop(press.place, place);
  }

  cancel() {
    const press = this.press;
    this.press = null;
    if (press && press.dragging) this.drag("cancel", null, null);
  }

  drag(kind, place, point) {
    if (this.handlers.drag) this.handlers.drag(kind, place, point);
  }
}
