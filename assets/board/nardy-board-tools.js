/* The actions of a board's toolbar: dice, undo and redo, reset, play the example, the plays, links.

   Functions of a Board (nardy-board-controller.js), asked of the engine as
   every other action: the example's moves are checked one by one, the plays
   are the engine's list, a link is written from the turn's snapshot (the
   engine's text form) and opened only once the engine has answered for it. */

import { lostTexts, play } from "./nardy-board-play.js";
import { turnRequest, viewRequest } from "./nardy-board-state.js";
import { writeFragment } from "./nardy-link.js";
import { formatDice } from "./nardy-strings.js";

const STEP_MS = 700;

export function randomDie() {
  const bytes = new Uint8Array(1);
  do {
    crypto.getRandomValues(bytes);
  } while (bytes[0] >= 252);
  return (bytes[0] % 6) + 1;
}

/** New dice for the turn's start (thrown or chosen): not once a checker has moved, nor after the game. */
export async function newDice(board, dice, key) {
  const current = await board.ensureView();
  const snapshot = board.history.current;
  if (snapshot.moves.length || (current && current.answer.result)) return undefined;
  board.stopAnimation();
  board.history.change({ position: snapshot.position, dice, moves: [], rolled: true });
  return board.refresh((answer, passed) => {
    if (passed && passed.noMove) {
      board.say([board.t(`${passed.color}-no-move`, { dice: formatDice(dice) }), ...lostTexts(board, passed.lostReasons)].join(" "));
    }
    else board.say(board.t(key, { dice: formatDice(dice) }));
  });
}

/** Undo or redo: ``move()`` changes the history, and says whether there was a step. */
export function step(board, move, key) {
  board.stopAnimation();
  if (!move()) return undefined;
  return board.refresh(() => board.say(board.t(key)));
}

export function reset(board, quiet = false) {
  board.stopAnimation();
  board.history.reset();
  board.controls.hideLink();
  return board.refresh(() => { if (!quiet) board.say(board.t("reset-done")); });
}

/** The example's moves one after the other, each as the engine checks it. */
export async function playExample(board) {
  await reset(board, true);
  const token = Date.now();
  board.animation = token;
  board.updateButtons();
  const step = async (index) => {
    if (board.animation !== token) return;
    const found = index < board.show.length ? await board.ask(turnRequest(board.history.current, "check", board.show[index])) : null;
    if (board.animation !== token) return;
    if (!found || !found.legal) {
      board.animation = 0;
      board.updateButtons();
      return;
    }
    await play(board, { moves: [found.move], notation: found.notation });
    if (board.animation !== token) return;
    board.animationTimer = setTimeout(() => board.guard(() => step(index + 1)), STEP_MS);
  };
  board.animationTimer = setTimeout(() => board.guard(() => step(0)), STEP_MS / 2);
}

export async function showPlays(board) {
  const snapshot = board.history.current;
  if (!snapshot.dice) {
    board.controls.showPlays(board.t("plays-no-dice"), []);
    return;
  }
  const version = board.version;
  const found = await board.ask(turnRequest(snapshot, "plays"));
  if (version !== board.version || found.error) return;
  const notations = found.plays.map((item) => board.numbering.play(item.notation));
  const heading = notations.length ? board.t("plays-count", { count: notations.length }) : board.t("plays-none");
  board.controls.showPlays(heading, notations);
}

export function copyLink(board) {
  const snapshot = board.history.current;
  const url = new URL(location.href);
  url.hash = writeFragment(board.id, snapshot.position, snapshot.dice, snapshot.moves);
  board.controls.showLink(url.href);
  const shown = () => {
    board.controls.linkField.select();
    board.say(board.t("link-shown"));
  };
  try {
    if (!navigator.clipboard || !window.isSecureContext) return shown();
    return navigator.clipboard.writeText(url.href).then(() => board.say(board.t("link-copied")), shown);
  } catch (error) {
    return shown();
  }
}

/** Open a link's turn ({position, dice, moves}, or null): a bad one shows the example and says so. */
export async function openLink(board, link) {
  board.root.scrollIntoView({ block: "center" });
  const bad = () => {
    board.history.reset();
    return board.refresh(() => board.say(board.t("link-bad")));
  };
  if (!link) return bad();
  const snapshot = { ...link, rolled: false };
  let found;
  try {
    found = await board.ask(viewRequest(snapshot));
  } catch (error) {
    return undefined; // "not available" is said already
  }
  if (found.error || found.position.variant !== board.variant) return bad();
  board.history.open(snapshot);
  return board.refresh(() => board.say(board.t("link-opened")));
}
