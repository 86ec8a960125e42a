/* The keyboard cursor of a board: where it starts and what it says, read from a position the engine sent. */

import { COLORS } from "./nardy-geometry.js";
import { Numbering } from "./nardy-numbering.js";
import { countOf, occupant } from "./nardy-position.js";

/** Where the cursor starts: the first place holding a checker of the side to move, in the cursor's order. */
export function startPlace(places, position) {
  const first = places.find((place) => place !== "off" && countOf(position, position.turn, place));
  return first === undefined ? places[0] : first;
}

/** What the cursor on a place says; t(key, params) gives the page's strings, numbering the board's numbers. */
export function cursorText(t, position, place, onTarget, numbering = new Numbering()) {
  const mover = position.turn;
  const point = numbering.point(place);
  if (onTarget) return place === "off" ? t("cursor-target-off") : t("cursor-target", { point });
  if (place === "bar") {
    const color = [mover, ...COLORS.filter((item) => item !== mover)].find((item) => countOf(position, item, "bar"));
    return color ? t(`cursor-bar-${color}`, { count: countOf(position, color, "bar") }) : t("cursor-bar-empty");
  }
  if (place === "off") {
    const count = countOf(position, mover, "off");
    return count ? t(`cursor-off-${mover}`, { count }) : t("cursor-off-none");
  }
  const [color, count] = occupant(position, place);
  return color ? t(`cursor-${color}`, { point, count }) : t("cursor-empty", { point });
}
