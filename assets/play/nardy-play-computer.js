/* What the computer does on the play page: a computer seat's actions, and the hint for a person.

   Functions of the PlayApp (nardy-play-app.js). A computer seat asks the
   engine for its decision ({"op": "game", "match", "computer": level}:
   nardy_rules.play_live) and plays the actions it chose one at a time,
   STEP_MS apart, through the same actions as a person's, so its moves travel
   and are said as they are made ("Black moves 12/18.", in the board's numbering); once a lone person is
   to act after it, the page says so after the computer's last step. The hint
   is the strong level's top plays for the turn's roll (the hint op): the best
   drawn on the board, three listed, the best said once. */

import { turnRequest } from "./nardy-play-moves.js";
import { STEP_MS, pause, throwDice } from "./nardy-play-seats.js";
import { personSide, stateText } from "./nardy-play-text.js";
import { formatDice } from "../board/nardy-strings.js";

/** While a computer seat is to act: ask the engine for its decision and play it, step by step. Once a lone
    person is to act after it, the page says so ("your turn") after what the computer did. */
export async function drive(app) {
  const version = app.version;
  if (app.mode !== "game" || app.thinking || !app.state.actions.length) return;
  if (app.actor().kind !== "computer") {
    if (app.computerActed && app.state.side && app.state.side === personSide(app.seats)) {
      app.say(`${app.panel.status.textContent} ${stateText(app.t, app.state, app.seats)}`);
    }
    app.computerActed = false;
    return;
  }
  app.thinking = true;
  app.computerActed = true;
  app.updateButtons();
  try {
    const answer = await app.match.send({ computer: app.actor().level });
    if (answer.error) app.say(app.t("play-engine-error"));
    if (version !== app.version || !answer.computer) return;
    for (const action of answer.computer.actions) {
      await pause(STEP_MS);
      if (app.mode !== "game") return;
      const full = action.act === "roll" || action.act === "opening" ? { ...action, dice: throwDice() } : action;
      if (full.act === "move") {
        const found = await app.ask(turnRequest(app.state, "check", { from: full.from, to: full.to, die: full.die }));
        if (!(await app.play(full, { drive: false }))) return;
        if (found.notation) app.sayMoved(found.notation, true);
      } else if (!(await app.play(full, { drive: false }))) {
        return;
      }
      if (full.act === "roll" || full.act === "opening") break; // what follows depends on the dice
    }
  } finally {
    app.thinking = false;
    if (app.state) app.updateButtons();
  }
  await drive(app);
}

/** The computer's top plays for the turn's roll, with the chances it estimates for the mover: the best drawn
    on the board as arrows, the three listed under it with their chances; the status names the best once. */
export async function hint(app) {
  const turn = app.state && app.state.turn;
  if (!turn) return app.say(app.t("plays-no-dice"));
  const answer = await app.ask({ op: "hint", position: turn.position, dice: turn.dice, n: 3 });
  if (answer.error) return app.say(app.t("play-engine-error"));
  const dice = formatDice(turn.dice);
  if (!answer.hints.length) return app.panel.showHints(app.t("play-hint-none", { dice }), []);
  const lines = answer.hints.map((item) => app.t("play-hint-item", { play: item.play, win: Math.round(item.win * 100) }));
  app.panel.showHints(app.t("play-hint-heading", { dice }), lines);
  // Drawn from the turn's start: the moves made so far are taken back on the board first.
  if (!turn.moves.length) app.board.showHint(answer.hints[0].moves);
  app.fit.update();
  return app.say(app.t("play-hint-shown", { dice, play: answer.hints[0].play }));
}
