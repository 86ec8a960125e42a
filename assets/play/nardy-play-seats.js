/* The play page's seats and dice: who plays each side, and the dice the page throws.

   A seat is {kind: "person"} (clicks, taps and keys on this device) or
   {kind: "computer", level} (the engine's bot in the worker decides, the
   page shows its actions one by one). A game with a friend and a game
   against the computer are the same code: only the seat differs.

   Dice come from crypto.getRandomValues with rejection sampling (randomDie,
   nardy-board-tools.js): unbiased. For tests only, a queue of rolls set as
   window.__nardyTestDice = [[3, 1], [6, 6], ...] BEFORE the page's scripts
   run (Playwright's add_init_script) is copied once when this module loads
   and used first; nothing on the page can set it later. */

import { randomDie } from "../board/nardy-board-tools.js";

export const LEVELS = ["beginner", "club", "strong", "expert"];

function validRoll(roll) {
  return Array.isArray(roll) && roll.length === 2 && roll.every((die) => Number.isInteger(die) && die >= 1 && die <= 6);
}

const injected = Array.isArray(globalThis.__nardyTestDice) ? globalThis.__nardyTestDice.filter(validRoll).map((roll) => [...roll]) : [];

/** Two dice: the test queue's next roll if there is one, else two fair random dice. */
export function throwDice() {
  if (injected.length) return injected.shift();
  return [randomDie(), randomDie()];
}

/** A seat from its control's value: "person" or "computer-<level>". */
export function readSeat(value) {
  const level = String(value).replace(/^computer-/, "");
  return LEVELS.includes(level) && value !== level ? { kind: "computer", level } : { kind: "person" };
}

export function seatValue(seat) {
  return seat.kind === "computer" ? `computer-${seat.level}` : "person";
}

/** The seats' values with the lone person of this device moved to a side (a share link's: the side it is played
    from), the computer to the other; two people, or two computers, as they are. */
export function seatedOn(values, side) {
  const other = side === "white" ? "black" : "white";
  const person = (value) => readSeat(value).kind === "person";
  if (person(values[side]) || !person(values[other])) return { white: values.white, black: values.black };
  return { [side]: values[other], [other]: values[side] };
}

/** The seats' values (stored with the game so that a resumed game has the same players). */
export function seatValues(seats) {
  return { white: seatValue(seats.white), black: seatValue(seats.black) };
}

/** Who acts now: the side the state names, or in the opening any person (the computer if none); a spectator of
    an online match (online: the page's Online, its seat "you") is "remote" throughout. */
export function actorOf(state, seats, online) {
  if (online && !online.you) return { kind: "remote" };
  if (state.side) return seats[state.side];
  if (state.phase === "opening") {
    return seats.white.kind === "person" || seats.black.kind === "person" ? { kind: "person" } : seats.white;
  }
  return { kind: "person" };
}

/** How long a computer's action stays on screen before the next one (tests may shorten it, set before load). */
export const STEP_MS = typeof globalThis.__nardyTestStepMs === "number" ? globalThis.__nardyTestStepMs : 600;

export function pause(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}
