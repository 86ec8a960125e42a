/* Reading a position as the engine sends it (its JSON contract): how many checkers stand where.

   {"variant", "turn", "white": {"24": 2, ..., "bar": 0, "off": 0}, "black": {...}},
   points in White's numbering. Reading only: what the engine decided is drawn
   and announced as it is. */

/** How many of the colour's checkers are at a place: a point, "bar" or "off". */
export function countOf(position, color, place) {
  return position[color][String(place)] || 0;
}

/** (colour, count) of the checkers on a point, or [null, 0]. */
export function occupant(position, point) {
  for (const color of ["white", "black"]) {
    const count = countOf(position, color, point);
    if (count) return [color, count];
  }
  return [null, 0];
}
