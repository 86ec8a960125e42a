/* The toolbars' icons as inline SVG (aria-hidden: each button is named by its text), drawn in the text's colour.

   Not CSS masks of data: SVG images: each such image is a document of its own that the browser builds the
   first time a style uses it, about 15 ms for a board's row on this machine, a long task on a phone at
   the first board made (dev/benchmarks.md, "Phone performance"). */

import { svgElement } from "./nardy-dom.js";

const LINE = { fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round" };
const BAR = { stroke: "currentColor", "stroke-width": "2.5", "stroke-linecap": "round" };
const path = (d, attrs = {}) => ({ tag: "path", attrs: { d, ...attrs } });
const circle = (cx, cy, r) => ({ tag: "circle", attrs: { cx, cy, r } });

/** Each icon's shapes on a 24 x 24 grid, filled unless drawn as lines. */
export const ICONS = {
  roll: [{ tag: "rect", attrs: { x: "4", y: "4", width: "16", height: "16", rx: "3", ...LINE } },
    circle("9", "9", "1.6"), circle("12", "12", "1.6"), circle("15", "15", "1.6")],
  undo: [path("M9 5 4 10l5 5M4 10h10a5 5 0 0 1 0 10h-3", LINE)],
  redo: [path("M15 5l5 5-5 5M20 10H10a5 5 0 0 0 0 10h3", LINE)],
  reset: [path("M4 4v5h5M5 13a7.5 7.5 0 1 0 1.2-5.6L4 9", LINE)],
  show: [path("M8 5v14l11-7z")],
  more: [circle("5", "12", "2"), circle("12", "12", "2"), circle("19", "12", "2")],
  first: [path("M19 5v14l-10-7z"), path("M6 5v14", BAR)],
  previous: [path("M17 5v14L6 12z")],
  next: [path("M7 5v14l11-7z")],
  last: [path("M5 5v14l10-7z"), path("M18 5v14", BAR)],
  // Turn the board: two arrows round a half turn.
  turn: [path("M5 11a7 7 0 0 1 12.2-4.7M19 13a7 7 0 0 1-12.2 4.7", LINE), path("M18 3v4h-4M6 21v-4h4", LINE)],
};

/** The icon named, an <svg class="nardy-icon">; null for a name without one. */
export function icon(name) {
  if (!Object.prototype.hasOwnProperty.call(ICONS, name)) return null;
  return svgElement({ tag: "svg", attrs: { class: "nardy-icon", viewBox: "0 0 24 24", fill: "currentColor",
    "aria-hidden": "true", focusable: "false" }, children: ICONS[name] });
}
