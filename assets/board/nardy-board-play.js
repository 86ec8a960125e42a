/* Playing on a board: a click, a tap or Enter on a place, and the keyboard cursor.

   Functions of a Board (nardy-board-controller.js). Selecting a checker asks
   the engine for its targets (where it can go, where it may not and why, or
   why it cannot move at all); moving it plays one of the paths the engine
   gave; a destination the engine did not give is checked, and refused with
   the engine's reason. A checker with no destination says, for each die
   left, where it would land and why it may not; a turn that ends with dice
   unplayed says why each is lost. What is said comes from the answers, the
   sentences from the catalog (a list of whole sentences, none built from pieces). */

import { atHand } from "../engine/nardy-answer.js";
import { cursorText, startPlace } from "./nardy-board-cursor.js";
import { turnRequest, withMoves } from "./nardy-board-state.js";
import { cursorPlaces, moveCursor, samePlace } from "./nardy-geometry.js";
import { countOf } from "./nardy-position.js";
import { formatDice } from "./nardy-strings.js";

const GAME_OVER = { code: "game-over", params: {}, key: "game-over" };

/** A click or Enter on a place: select a checker, move the selected one there, or say why not.
    One after the other: a tap while the answer to the previous one is on its way (the board's recorded
    answers still loading, a slow phone) applies to the board that answer leaves, so "8, then 5" moves 8/5. */
export function activate(board, place) {
  board.stopAnimation();
  return queued(board, () => activateNow(board, place));
}

function queued(board, run) {
  const done = (board.activating || Promise.resolve()).then(run, run);
  board.activating = done.catch(() => {});
  return done;
}

/** A checker dragged from one place and dropped on another: the two taps it stands for, in turn; the
    second only once the first selected that checker (else the first has said why it cannot move). */
export function drop(board, from, to) {
  if (!samePlace(board.selected, from)) activate(board, from);
  return queued(board, () => (samePlace(board.selected, from) ? activateNow(board, to) : undefined));
}

function activateNow(board, place) {
  if (board.selected === null) return select(board, place);
  if (samePlace(place, board.selected)) {
    board.clearSelection();
    return board.say(board.t("cancelled"));
  }
  const target = board.targets.find((item) => samePlace(item.end, place));
  if (target) return play(board, target);
  const refused = board.refused.find((item) => samePlace(item.end, place));
  if (refused) {
    board.clearSelection(); // as any refused move
    return board.say(board.strings.reason(refused.reason));
  }
  const position = board.current.answer.position;
  if (place !== "off" && countOf(position, position.turn, place)) return select(board, place);
  return refuse(board, board.selected, place);
}

export async function select(board, place) {
  const current = await board.ensureView();
  if (!current) return undefined;
  const { snapshot, answer } = current;
  if (!snapshot.dice) return board.say(answer.result ? board.strings.reason(GAME_OVER) : board.t("plays-no-dice"));
  if (place === "off") return undefined; // the trays are destinations only
  const version = board.version;
  const found = await board.ask(turnRequest(snapshot, "targets", { from: place }));
  if (version !== board.version) return undefined;
  if (found.error) return board.say(board.t("not-legal"));
  board.clearSelection();
  if (found.reason) return board.say(board.strings.reason(found.reason));
  const name = (where) => board.numbering.point(where);
  const stuck = place === "bar" ? board.t("stuck-bar") : board.t("stuck", { point: name(place) });
  if (!found.paths.length && !found.refused.length) return board.say(stuck);
  board.selected = place;
  board.targets = found.paths;
  board.refused = found.refused;
  board.drawMarks();
  // No destination: where each die would land and why it may not, all of them (a click on one says it again).
  if (!found.paths.length) return board.say([stuck, ...refusedTexts(board, found.refused)].join(" "));
  const names = found.paths.map((path) => (path.end === "off" ? board.t("target-off") : String(name(path.end))));
  return board.say(board.t(place === "bar" ? "selected-bar" : "selected", { point: name(place), targets: names.join(", ") }));
}

/** Each refused destination with the engine's reason, one whole sentence after its place: "21: ...". */
export function refusedTexts(board, refused) {
  return refused.map(({ end, reason }) => (end === "off"
    ? board.t("refused-off", { reason: board.strings.reason(reason) })
    : board.t("refused-point", { point: board.numbering.point(end), reason: board.strings.reason(reason) })));
}

/** Why the dice a turn left unplayed are lost (the state's lost_reasons): per die its heading, then
    every move that might have played it with the engine's reason ("18/12: Point 12 is closed ..."). */
export function lostTexts(board, lostReasons) {
  const out = [];
  for (const { die, count, refusals } of lostReasons || []) {
    out.push(board.strings.reason({ key: "dice-lost", params: { die, count } }));
    for (const { start, end, reason } of refusals) {
      out.push(board.t("lost-move", { move: board.numbering.play(`${start}/${end}`), reason: board.strings.reason(reason) }));
    }
  }
  return out;
}

/** Say why a move is refused: at once when the answer is at hand, else "not legal" until it comes. */
export async function refuse(board, from, to) {
  board.clearSelection();
  const pending = board.answer(turnRequest(board.history.current, "check", { from, to }));
  let said = board.view.said;
  if (!(await atHand(pending))) {
    board.say(board.t("not-legal"));
    said = board.view.said;
  }
  let found;
  try {
    found = await pending;
  } catch (error) {
    return; // the board says that live play is not available
  }
  if (said !== board.view.said) return; // the board has said something else since
  board.say(found.legal === false && found.reason ? board.strings.reason(found.reason) : board.t("not-legal"));
}

/** Play a path the engine gave ({moves, notation}): one checker, one or more moves. */
export function play(board, path) {
  board.history.change(withMoves(board.history.current, path.moves));
  return board.refresh((answer, passed) => {
    const move = board.numbering.play(path.notation);
    if (answer.result) board.say(board.t(`result-${answer.result.winner}-${answer.result.kind}`, { count: answer.result.points }));
    else if (passed && passed.lost.length) {
      board.say([board.t("moved-lost", { move, dice: formatDice(passed.lost) }), ...lostTexts(board, passed.lostReasons)].join(" "));
    }
    else if (passed) board.say(board.t("moved-done", { move }));
    else board.say(board.t("moved", { move, dice: formatDice(answer.remaining) }));
  });
}

/** A key's action (nardy-board-input.js): the cursor, Enter and Escape. */
export async function key(board, action) {
  const current = await board.ensureView();
  if (!current) return undefined;
  const position = current.answer.position;
  const places = cursorPlaces(board.layout);
  if (board.cursor === null) board.cursor = startPlace(places, position);
  if (action === "activate") {
    board.drawMarks();
    return activate(board, board.cursor);
  }
  if (action === "cancel") {
    if (board.selected === null) return undefined;
    board.clearSelection();
    return board.say(board.t("cancelled"));
  }
  board.cursor = moveCursor(places, board.cursor, action);
  board.drawMarks();
  const onTarget = board.targets.some((item) => samePlace(item.end, board.cursor));
  return board.say(cursorText((name, params) => board.t(name, params), position, board.cursor, onTarget, board.numbering));
}
