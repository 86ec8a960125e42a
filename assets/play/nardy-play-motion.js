/* Checkers that travel: a move drawn as the checker going from its point to its destination (and a hit
   checker to the bar), as the apps players use draw it, for a person's moves and the computer's alike.

   What moves is what the engine played (a single move of the game's state: from, to, hit); this module
   only draws it between the position before and the position after, both as the engine sent them. A move
   is its checker's hop from one place to another; an undone move hops back. While a checker is in flight
   the board shows the position after the move without it, and a lone checker travels over it; once it
   lands, the position after is drawn whole. Flights run one after another (a path of two single moves
   travels through its landing point), each MOVE_MS long; none under prefers-reduced-motion, where the
   position after is drawn at once. While checkers fly, the board's SVG has data-moving (tests and the
   benchmark wait for it to go). */

import { svgElement } from "../board/nardy-dom.js";
import { circleD } from "../board/nardy-draw.js";
import { slot } from "../board/nardy-geometry.js";
import { countOf } from "../board/nardy-position.js";

/** How long one checker travels, in ms: short enough not to slow play, long enough to follow. */
export const MOVE_MS = 220;

const OTHER = { white: "black", black: "white" };

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The hops of a single move of the game's state ({from, to, hit}) by colour: forward, or back for an undo. */
export function hops(color, move, back = false) {
  const out = [back ? { color, from: move.to, to: move.from } : { color, from: move.from, to: move.to }];
  if (move.hit) {
    const opponent = OTHER[color];
    out.push(back ? { color: opponent, from: "bar", to: move.to } : { color: opponent, from: move.to, to: "bar" });
  }
  return out;
}

function copy(position) {
  return { ...position, white: { ...position.white }, black: { ...position.black } };
}

/** What to draw under the flying checkers, and where each flies from and to (SVG units).
    start: where the first checker leaves from instead of its stack (a checker dropped by a drag). */
export function plan(layout, before, after, moves, start = null) {
  const shown = copy(after);
  const flights = moves.map((hop, index) => {
    const from = index === 0 && start ? start
      : slot(layout, hop.color, hop.from, Math.max(0, countOf(before, hop.color, hop.from) - 1));
    const to = slot(layout, hop.color, hop.to, Math.max(0, countOf(after, hop.color, hop.to) - 1));
    shown[hop.color][String(hop.to)] = Math.max(0, countOf(shown, hop.color, hop.to) - 1);
    return { color: hop.color, from, to };
  });
  return { shown, flights };
}

export class Flight {
  /** svg: the board the checkers fly over; layout: its geometry. */
  constructor(svg, layout) {
    this.svg = svg;
    this.layout = layout;
    this.animations = [];
    this.layer = null;
  }

  /** Fly the checkers; resolves when they have landed (or were stopped). */
  run(flights) {
    this.stop();
    if (!flights.length) return Promise.resolve();
    const layer = svgElement({ tag: "g", attrs: { class: "nardy-flight", "aria-hidden": "true" } });
    this.layer = layer;
    this.svg.append(layer);
    this.svg.dataset.moving = "true";
    const r = this.layout.r;
    this.animations = flights.map(({ color, from, to }) => {
      const checker = svgElement({ tag: "path", attrs: { class: "nardy-ck", "data-color": color, d: circleD(0, 0, r) } });
      checker.style.transform = `translate(${to[0]}px, ${to[1]}px)`;
      layer.append(checker);
      return checker.animate([
        { transform: `translate(${from[0]}px, ${from[1]}px)` },
        { transform: `translate(${to[0]}px, ${to[1]}px)` },
      ], { duration: MOVE_MS, easing: "ease-in-out" });
    });
    return Promise.all(this.animations.map((animation) => animation.finished.catch(() => {})))
      .then(() => this.clear(layer));
  }

  /** End every flight where it is going. */
  stop() {
    for (const animation of this.animations) animation.cancel();
    this.clear(this.layer);
  }

  /** Take a flight's checkers away, unless another flight has begun since. */
  clear(layer) {
    if (layer !== this.layer) return;
    this.animations = [];
    if (layer) layer.remove();
    this.layer = null;
    delete this.svg.dataset.moving;
  }
}
