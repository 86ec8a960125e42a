/* Where things are on a board: the geometry of nardy_rules.svg.layout (assets/nardy-layout.js,
   LAYOUTS[variant][side]: the board seen from a side, chessground's orientation).

   The centre of each checker of a stack, the place under a click, the box a
   keyboard cursor draws around a place, and the order the cursor visits the
   places in. Places are always the engine's (White's numbering); a layout says
   where each is drawn for its viewer (Black's home bottom right for Black) and
   the number the viewer reads there (labels). A layout without bar positions
   (long nardy) has no bar place. */

export const COLORS = ["white", "black"];

export function hasBar(layout) {
  return Object.keys(layout.bar).length > 0;
}

/** The centre of the level-th checker (from 0) of a stack, a bar or a tray (svg._slot). */
export function slot(layout, color, where, level) {
  if (where === "off") {
    const [x, y, dy] = layout.off[color];
    return [x, y + dy * Math.min(level, 14)];
  }
  const [x, y, dy] = where === "bar" ? layout.bar[color] : layout.points[String(where)];
  return [x, y + dy * Math.min(level, layout.cap - 1)];
}

/** The columns, the middle, the bar and the trays (the field's, the same from either side). */
function frame(layout) {
  const { top, bottom, bar, half } = layout.field;
  return { half, top, bottom, middle: (top + bottom) / 2, barX: bar, trayHalf: layout.off.white[3] / 2 + 4 };
}

/** Whether a colour's tray is the upper one (its slabs are stacked downwards from the top). */
function upperTray(layout, color) {
  return layout.off[color][2] > 0;
}

/** The place under a point of the board (SVG units): 1..24, "bar", "off", or null. */
export function placeAt(layout, x, y) {
  const g = frame(layout);
  if (y < g.top - 6 || y > g.bottom + 6) return null;
  const upper = y < g.middle;
  for (let point = 1; point <= 24; point += 1) {
    const [px, , dy] = layout.points[String(point)];
    if ((dy > 0) === upper && Math.abs(x - px) <= g.half) return point;
  }
  if (Math.abs(x - g.barX) <= g.half) return hasBar(layout) ? "bar" : null;
  for (const color of COLORS) {
    const [tx] = layout.off[color];
    if (Math.abs(x - tx) <= g.trayHalf && upperTray(layout, color) === upper) return "off";
  }
  return null;
}

/** The box a keyboard cursor draws around a place: [x, y, width, height]. */
export function placeBox(layout, color, place) {
  const g = frame(layout);
  if (place === "off") {
    const [x] = layout.off[color];
    return [x - g.trayHalf, upperTray(layout, color) ? g.top : g.middle, 2 * g.trayHalf, g.middle - g.top];
  }
  if (place === "bar") return [g.barX - g.half, g.top, 2 * g.half, g.bottom - g.top];
  const [x, , dy] = layout.points[String(place)];
  return [x - g.half, dy > 0 ? g.top : g.middle, 2 * g.half, g.middle - g.top];
}

/** The places a keyboard cursor visits, in order: the bar (if any), the points from the viewer's 24 down to
    its 1 (top right to top left, then bottom left to bottom right, as the numbers the viewer reads), off. */
export function cursorPlaces(layout) {
  const places = hasBar(layout) ? ["bar"] : [];
  const points = Object.keys(layout.points).map(Number);
  points.sort((a, b) => layout.labels[String(b)] - layout.labels[String(a)]);
  places.push(...points, "off");
  return places;
}

export function samePlace(a, b) {
  return a !== null && a !== undefined && String(a) === String(b);
}

/** The cursor's next place for a key's action (next, previous, first, last), wrapping around. */
export function moveCursor(places, cursor, action) {
  const index = places.findIndex((place) => samePlace(place, cursor));
  const to = { next: index + 1, previous: index - 1, first: 0, last: places.length - 1 }[action];
  return places[(to + places.length) % places.length];
}
