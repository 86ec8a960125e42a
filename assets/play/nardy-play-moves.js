/* A person's moves on the play page: a click, a tap or Enter on a place, a checker dragged and dropped, and the
   keyboard cursor.

   Functions of the PlayApp (nardy-play-app.js), as nardy-board-play.js is for
   a rules board: selecting a checker asks the engine for its targets (the
   live op targets, on the turn the game state carries); a destination the
   engine gave is played as game actions, one single move each; any other is
   checked (the check op) and refused with the engine's reason in the page's
   language. A drag is the same two steps: the checker picked up is selected,
   the place it is dropped on is the destination (a drop where the rules
   refuse says why, as a tap does). Places are handled one after the other, so
   a quick "8, then 5" (or a drop before the targets came) moves 8/5. Nothing
   here knows a rule. */

import { cursorText, startPlace } from "../board/nardy-board-cursor.js";
import { cursorPlaces, moveCursor, samePlace } from "../board/nardy-geometry.js";
import { countOf } from "../board/nardy-position.js";

/** The live request about the turn in progress (its position, dice and moves: a request of nardy_rules.live). */
export function turnRequest(state, op, extra = {}) {
  const turn = state.turn;
  return { op, position: turn.position, dice: turn.dice, moves: turn.moves, ...extra };
}

/** Why a person may not move now, as a message key, or null. */
function notNow(app) {
  const state = app.state;
  if (!state || app.mode !== "game") return "play-no-game";
  if (state.phase === "game-over" || state.phase === "match-over") return "play-over";
  const seat = app.seats[state.side];
  if (app.online && !app.online.you) return "online-watching";
  if (state.side && seat.kind !== "person") return seat.kind === "remote" ? "online-not-your-turn" : "play-computer-turn";
  if (state.phase === "opening" || state.phase === "roll") return "plays-no-dice";
  if (state.phase !== "move") return "play-answer-first";
  return null;
}

/** Run a step after the ones before it (each waits for the engine's answers of the one before). */
function queued(app, run) {
  const done = (app.placing || Promise.resolve()).then(run, run);
  app.placing = done.catch(() => {});
  return done;
}

/** A click or Enter on a place: select a checker, move the selected one there, or say why not. */
export function activate(app, place) {
  return queued(app, () => activateNow(app, place));
}

async function activateNow(app, place, start = null) {
  const board = app.board;
  const why = notNow(app);
  if (why) return app.say(app.t(why));
  if (board.selected === null) return select(app, place);
  if (samePlace(place, board.selected)) {
    board.clearSelection();
    return app.say(app.t("cancelled"));
  }
  const target = board.targets.find((item) => samePlace(item.end, place));
  if (target) return playPath(app, target, start);
  const refused = board.refused.find((item) => samePlace(item.end, place));
  if (refused) {
    board.clearSelection();
    return app.say(app.strings.reason(refused.reason));
  }
  const position = app.state.position;
  if (place !== "off" && countOf(position, position.turn, place)) return select(app, place);
  const from = board.selected;
  board.clearSelection();
  const found = await app.ask(turnRequest(app.state, "check", { from, to: place }));
  if (found.legal === false && found.reason) return app.say(app.strings.reason(found.reason));
  return app.say(app.t("not-legal"));
}

/** A checker dragged (nardy-play-board.js): picked up ("start": selected, unless it is), then dropped ("drop"
    on a place: the destination, from where it was let go), or put back ("cancel", or a drop on its own place
    or off the board: it stays selected, as after a tap). */
export function drag(app, kind, place, point) {
  if (kind === "start") {
    const from = place;
    app.dragFrom = from;
    return queued(app, () => {
      const why = notNow(app);
      if (why) return app.say(app.t(why));
      return samePlace(app.board.selected, from) ? undefined : select(app, from);
    });
  }
  const from = app.dragFrom;
  app.dragFrom = null;
  if (kind !== "drop" || place === null || samePlace(place, from)) return undefined;
  return queued(app, () => (samePlace(app.board.selected, from) ? activateNow(app, place, point) : undefined));
}

async function select(app, place) {
  if (place === "off") return undefined; // the trays are destinations only
  const version = app.version;
  const found = await app.ask(turnRequest(app.state, "targets", { from: place }));
  if (version !== app.version) return undefined;
  const board = app.board;
  board.clearSelection();
  if (found.error) return app.say(app.t("not-legal"));
  if (found.reason) return app.say(app.strings.reason(found.reason));
  if (!found.paths.length && !found.refused.length) {
    return app.say(place === "bar" ? app.t("stuck-bar") : app.t("stuck", { point: place }));
  }
  board.select(place, found.paths, found.refused);
  if (!found.paths.length) return app.say(app.strings.reason(found.refused[0].reason));
  const names = found.paths.map((path) => (path.end === "off" ? app.t("target-off") : String(path.end)));
  return app.say(app.t(place === "bar" ? "selected-bar" : "selected", { point: place, targets: names.join(", ") }));
}

/** A key's action on the board (nardy-board-input.js): the cursor, Enter and Escape. */
export function key(app, action, activatePlace) {
  const board = app.board;
  const position = board.position;
  if (!position) return undefined;
  const places = cursorPlaces(board.layout);
  if (board.cursor === null || !places.some((place) => samePlace(place, board.cursor))) {
    board.cursor = startPlace(places, position);
  }
  if (action === "activate") {
    board.drawMarks();
    return activatePlace(board.cursor);
  }
  if (action === "cancel") {
    if (board.selected === null) return undefined;
    board.clearSelection();
    return app.say(app.t("cancelled"));
  }
  board.cursor = moveCursor(places, board.cursor, action);
  board.drawMarks();
  const onTarget = board.targets.some((item) => samePlace(item.end, board.cursor));
  return app.say(cursorText((name, params) => app.t(name, params), position, board.cursor, onTarget));
}

/** A person plays a path the engine gave ({moves, notation}): its single moves in turn. */
export async function playPath(app, path, start = null) {
  app.board.clearSelection();
  for (const [index, move] of path.moves.entries()) {
    const action = { act: "move", from: move.from, to: move.to, die: move.die };
    if (!(await app.play(action, { drive: false, start: index === 0 ? start : null }))) return;
  }
  app.sayMoved(path.notation);
}
