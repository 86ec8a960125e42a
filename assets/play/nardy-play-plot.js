/* The plot of the chances along a match: an inline SVG the page draws from the analysis, no library.

   One point per rated decision (nardy_rules.analysis: "chances", White's
   chance of winning the game after the decision), in order over the whole
   match; a line at 50%, a thin rule where each game begins with its number,
   and the decisions marked error or blunder as shapes on the line (a square
   an error, a diamond a blunder: told apart by shape, not by colour alone);
   a click on a mark shows that decision on the board. The SVG is an image
   with a name (plot-title) and a text alternative (plot-summary: first,
   last, lowest and highest chance), also said under it as text. Colours are
   CSS custom properties (nardy-play.css), the theme's as the board's are. */

import { svgElement } from "../board/nardy-dom.js";

const WIDTH = 480;
const HEIGHT = 180;
const LEFT = 40;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 22;

const percent = (value) => Math.round(value * 100);

/** The plot's summary sentence (its text alternative). */
export function plotSummary(t, decisions) {
  let low = decisions[0];
  let high = decisions[0];
  for (const item of decisions) {
    if (item.chances < low.chances) low = item;
    if (item.chances > high.chances) high = item;
  }
  return t("plot-summary", { first: percent(decisions[0].chances), last: percent(decisions[decisions.length - 1].chances),
    low: percent(low.chances), low_game: low.game, high: percent(high.chances), high_game: high.game });
}

/** The plot's SVG element for rated decisions (at least one); review(index) shows a decision on the board. */
export function chancesPlot(t, decisions, id, review) {
  const count = decisions.length;
  const x = (at) => LEFT + (count > 1 ? (at / (count - 1)) * (WIDTH - LEFT - RIGHT) : (WIDTH - LEFT - RIGHT) / 2);
  const y = (chance) => TOP + (1 - chance) * (HEIGHT - TOP - BOTTOM);
  const fixed = (value) => value.toFixed(1);
  const children = [
    { tag: "title", attrs: { id: `${id}-title` }, text: t("plot-title") },
    { tag: "desc", attrs: { id: `${id}-desc` }, text: plotSummary(t, decisions) },
    { tag: "rect", attrs: { class: "nardy-plot-area", x: LEFT, y: TOP, width: WIDTH - LEFT - RIGHT, height: HEIGHT - TOP - BOTTOM } },
  ];
  for (const level of [0, 0.5, 1]) {
    children.push({ tag: "line", attrs: { class: level === 0.5 ? "nardy-plot-even" : "nardy-plot-rule", x1: LEFT, x2: WIDTH - RIGHT,
      y1: fixed(y(level)), y2: fixed(y(level)) } });
    children.push({ tag: "text", attrs: { class: "nardy-plot-label", x: LEFT - 4, y: fixed(y(level) + 4), "text-anchor": "end" },
      text: `${percent(level)}%` });
  }
  decisions.forEach((item, at) => {
    if (at > 0 && item.game === decisions[at - 1].game) return;
    const left = fixed(at > 0 ? (x(at - 1) + x(at)) / 2 : x(0));
    if (at > 0) children.push({ tag: "line", attrs: { class: "nardy-plot-game", x1: left, x2: left, y1: TOP, y2: HEIGHT - BOTTOM } });
    children.push({ tag: "text", attrs: { class: "nardy-plot-label", x: left, y: HEIGHT - 6, "text-anchor": at > 0 ? "middle" : "start" },
      text: String(item.game) });
  });
  const points = decisions.map((item, at) => `${fixed(x(at))},${fixed(y(item.chances))}`).join(" ");
  children.push({ tag: "polyline", attrs: { class: "nardy-plot-line", points } });
  const svg = svgElement({ tag: "svg", attrs: { class: "nardy-plot", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-desc`, id }, children });
  decisions.forEach((item, at) => {
    if (item.mark !== "error" && item.mark !== "blunder") return;
    const cx = x(at);
    const cy = y(item.chances);
    const size = item.mark === "blunder" ? 6 : 4.5;
    const d = item.mark === "blunder" ? `M${fixed(cx)} ${fixed(cy - size)}l${size} ${size}-${size} ${size}-${size}-${size}z`
      : `M${fixed(cx - size)} ${fixed(cy - size)}h${2 * size}v${2 * size}h-${2 * size}z`;
    const mark = svgElement({ tag: "path", attrs: { class: `nardy-plot-mark nardy-plot-${item.mark}`, d, "data-decision": String(item.index) } });
    mark.addEventListener("click", () => review(item.index));
    svg.append(mark);
  });
  return svg;
}
