/* The address of a board, and the same dice and moves in a figure's data attributes.

     #board=<figure id>:<position at the turn's start>:<dice>[:<moves>]

   The position is the engine's compact text form, as the engine wrote it (an
   answer's "text" or "next_text", or the build's data-position); dice "5-3",
   "5", "3-3-3" or empty (to roll); moves "13-8-5.8-5-3" (from-to-die, in
   order). A figure has data-position, data-dice and data-show in the same
   forms. This module reads and writes that syntax only and never throws: the
   engine decides whether a link holds a position, dice and moves that can be
   (the board asks it before showing one). */

const DICE = /^[1-6](?:-[1-6]){0,3}$/;
const MOVE = "(?:bar|\\d{1,2})-(?:off|\\d{1,2})-[1-6]";
const MOVES = new RegExp(`^${MOVE}(?:\\.${MOVE})*$`);
const LINK = new RegExp(`^board=([A-Za-z0-9_-]+):(nardy:[^:]*:[^:]*:[^:]*:[^:]*):([^:]*)(?::([^:]*))?$`);
const ID = /^board=([A-Za-z0-9_-]+)(?::|$)/;

function place(text) {
  return text === "bar" || text === "off" ? text : Number(text);
}

/** [6, 5] from "6-5"; null from "" (no dice); undefined when it is not dice. */
export function readDice(text) {
  if (!text) return null;
  return DICE.test(text) ? text.split("-").map(Number) : undefined;
}

export function writeDice(dice) {
  return dice ? dice.join("-") : "";
}

/** [{from, to, die}, ...] from "13-8-5.8-5-3"; [] from ""; undefined when it is not moves. */
export function readMoves(text) {
  if (!text) return [];
  if (!MOVES.test(text)) return undefined;
  return text.split(".").map((item) => {
    const [from, to, die] = item.split("-");
    return { from: place(from), to: place(to), die: Number(die) };
  });
}

export function writeMoves(moves) {
  return moves.map((move) => `${move.from}-${move.to}-${move.die}`).join(".");
}

export function writeFragment(id, position, dice, moves) {
  let text = `board=${id}:${position}:${writeDice(dice)}`;
  if (moves.length) text += `:${writeMoves(moves)}`;
  return text;
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    return text; // a malformed escape (#%, #%E0%A4%A) is read as it stands: no board or a bad link
  }
}

/** What a location's hash names: null (no board), or {id, link}, link null when it is not one. */
export function readFragment(hash) {
  const fragment = decode(String(hash || "").replace(/^#/, ""));
  const named = ID.exec(fragment);
  if (!named) return null;
  const match = LINK.exec(fragment);
  if (!match) return { id: named[1], link: null };
  const dice = readDice(match[3]);
  const moves = readMoves(match[4] || "");
  if (dice === undefined || moves === undefined || (match[4] !== undefined && !moves.length)) {
    return { id: named[1], link: null };
  }
  return { id: match[1], link: { position: match[2], dice, moves } };
}
