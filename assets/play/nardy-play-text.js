/* What the play page says: the game's state, each action, the scoresheet's lines, from the engine's answers.

   t(key, params) gives the page's strings (nardy-strings.js, the catalog's
   play-* and board messages); every number, result, cube value and play in
   notation comes from the game state of nardy_rules.game (MatchState.to_json)
   or from a live answer. Per-side sentences have one key per colour, so each
   language words them whole. */

import { formatDice } from "../board/nardy-strings.js";

const OTHER = { white: "black", black: "white" };

export function resultText(t, result) {
  return t(`result-${result.winner}-${result.kind}`, { count: result.points });
}

/** The side a lone person plays against the computer (the page then says "your turn"), or null: two people
    on one device are each named by their colour, and two computers by theirs. */
export function personSide(seats) {
  const people = ["white", "black"].filter((side) => seats[side].kind === "person");
  return people.length === 1 ? people[0] : null;
}

/** The information line: whose turn and what they may do now (seats: who plays each side). */
export function stateText(t, state, seats) {
  const side = state.side;
  const you = seats && personSide(seats) === side;
  if (side && seats && seats[side].kind === "computer" && !["game-over", "match-over"].includes(state.phase)) {
    return t(`play-computer-${side}`);
  }
  switch (state.phase) {
    case "opening": return t("play-opening");
    case "roll":
      if (you) return t(state.actions.includes("double") ? "play-you-roll-double" : "play-you-roll");
      return t(`play-${side}-roll`);
    case "move":
      if (state.turn.complete) return t(you ? "play-you-confirm" : `play-${side}-confirm`);
      return you ? t("play-you-move", { dice: formatDice(state.turn.remaining) })
        : t(`${side}-dice`, { dice: formatDice(state.turn.remaining) });
    case "take": return t(you ? "play-you-take" : `play-${side}-take`, { value: state.offer.double.value });
    case "resign": return t(`play-${side}-accept`, { count: state.offer.resign.result.points });
    case "game-over": return resultText(t, state.result);
    case "match-over":
      // A single game is won, not a match: its result says how.
      if (!state.length) return resultText(t, state.result);
      return t(`play-match-${state.winner || state.result.winner}`, state.score);
    default: return "";
  }
}

/** The score line: the match and its score, the Crawford game, the cube. */
export function scoreText(t, state) {
  const parts = [state.length ? t("play-score-match", { length: state.length, ...state.score }) : t("play-score-money", state.score)];
  if (state.crawford) parts.push(t("play-crawford"));
  if (state.cube.used) {
    parts.push(state.cube.owner ? t(`play-cube-${state.cube.owner}`, { value: state.cube.value }) : t("play-cube-centre", { value: state.cube.value }));
  }
  return parts.join(" ");
}

/** A cube action or resignation of the scoresheet (nardy_rules.game's kinds) as a sentence, as it is announced. */
export function sheetLine(t, entry) {
  const side = entry.side;
  switch (entry.kind) {
    case "double": return t(`sheet-double-${side}`, { value: entry.value });
    case "take": return t(`sheet-take-${side}`, { value: entry.value });
    case "pass": return t(`sheet-pass-${side}`);
    case "resign": return t(`sheet-resign-${side}`, { count: entry.result.points });
    case "accept": return t(`sheet-accept-${side}`);
    case "decline": return t(`sheet-decline-${side}`);
    default: return "";
  }
}

/** Why dice are lost (the game answer's "lost", nardy_rules.turn.Turn.lost_reasons): heading, then each checker's reason. */
export function lostText(strings, lost) {
  const lines = [];
  for (const item of lost || []) {
    lines.push(strings.reason({ key: "dice-lost", params: { count: item.count, die: item.die } }));
    for (const refusal of item.refusals) lines.push(strings.reason(refusal.reason));
  }
  return lines.join(" ");
}

/** What to announce after an action was played: the new state and what the scoresheet gained. */
export function actionText(t, strings, action, before, answer) {
  const state = answer.state;
  const sheet = state.scoresheet[state.game - 1] || [];
  const last = sheet[sheet.length - 1];
  const parts = [];
  const act = action.act;
  if (act === "opening") {
    const [white, black] = action.dice;
    parts.push(white === black ? t("play-opening-tie", { die: white }) : t(`play-opening-${white > black ? "white" : "black"}`, { white, black }));
  } else if (act === "roll") {
    parts.push(t(`play-rolled-${before.side}`, { dice: formatDice(action.dice) }));
  } else if (act === "confirm" && last && last.kind === "play") {
    parts.push(t(`play-played-${last.side}`, { play: last.play }));
  } else if (["double", "take", "pass", "resign", "accept", "decline"].includes(act) && last) {
    parts.push(sheetLine(t, last) + ".");
  } else if (act === "next-game") {
    parts.push(t("play-next-game", { game: state.game }));
  } else if (act === "undo") {
    parts.push(t("undone"));
  }
  if (last && last.kind === "cannot-move" && (act === "roll" || act === "opening")) {
    parts.push(t(`${last.side}-no-move`, { dice: formatDice(last.dice) }));
  }
  if (answer.lost && act !== "move") parts.push(lostText(strings, answer.lost));
  if (state.result && !before.result) parts.push(resultText(t, state.result));
  if (state.phase === "match-over" && state.length) parts.push(stateText(t, state));
  return parts.filter(Boolean).join(" ");
}

/** What is wrong with a position, in the page's language: the engine's code (forms op), else "unreadable". */
export function positionProblem(t, answer) {
  const params = answer.params || {};
  const known = { "checker-count": `pos-count-${params.color}`, "bar-in-long": `pos-bar-${params.color}`,
    "both-colours": "pos-both-colours", "all-borne-off": "pos-all-off", frozen: "pos-frozen", dice: "pos-dice" }[answer.code];
  return known ? t(known, params) : t("pos-unreadable");
}

/** What stands on a place of an edited position (each colour's checkers there, the one just changed first). */
export function placeText(t, position, color, place) {
  const colors = color === "white" ? ["white", "black"] : ["black", "white"];
  const key = { bar: "cursor-bar-", off: "cursor-off-" }[place] || "cursor-";
  const parts = colors.filter((item) => position[item][String(place)])
    .map((item) => t(`${key}${item}`, { point: place, count: position[item][String(place)] }));
  if (parts.length) return parts.join(" ");
  return t({ bar: "cursor-bar-empty", off: "cursor-off-none" }[place] || "cursor-empty", { point: place });
}

export { OTHER };

/** What is said of a move made (null with no turn): a computer's, or a person's with what is left of the turn. */
export function movedText(t, state, seats, notation, computer = false) {
  const turn = state.turn;
  if (!turn) return null;
  if (computer) return t(`play-moves-${state.side}`, { move: notation });
  if (turn.complete && turn.lost.length) return t("moved-lost", { move: notation, dice: formatDice(turn.lost) });
  if (turn.complete) return `${t("moved-done", { move: notation })} ${stateText(t, state, seats)}`;
  return t("moved", { move: notation, dice: formatDice(turn.remaining) });
}
