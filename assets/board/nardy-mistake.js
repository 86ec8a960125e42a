/* A mistake's board: the two plays of a ``better: <play> than <play>`` block, one button each.

   The build draws both plays on the example (the better play's arrows, the
   mistake's dashed) and gives the figure data-show (the better play's moves),
   data-mistake (the mistake's) and the two plays in notation. Each button
   plays its moves on the board from the example, one after the other, as
   "play the example" does (every move checked by the engine's recorded
   answers), so the reader steps between the two positions they lead to. */

import { htmlElement } from "./nardy-dom.js";
import { readMoves } from "./nardy-link.js";
import { playExample } from "./nardy-board-tools.js";

export function mistakeButtons(board, figure) {
  const better = readMoves(figure.dataset.show || "");
  const mistake = readMoves(figure.dataset.mistake || "");
  if (!better || !mistake || !better.length || !mistake.length) return null;
  const group = htmlElement("div", { class: "nardy-mistake-plays", role: "group", "aria-label": board.t("mistake-plays") });
  const make = (key, moves, play) => {
    const button = htmlElement("button", { type: "button", class: `nardy-live-button nardy-${key}-play`, "data-play": key },
      board.t(`${key}-play`, { play }));
    button.addEventListener("click", () => board.guard(() => {
      board.show = moves;
      return playExample(board);
    }));
    group.append(button);
  };
  make("mistake", mistake, figure.dataset.mistakePlay || "");
  make("better", better, figure.dataset.betterPlay || "");
  board.view.panel.prepend(group);
  return group;
}
