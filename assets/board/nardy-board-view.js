/* The view of one board: the build's SVG made a focusable control, drawn again from the engine's answers.

   Nothing here knows a diagram or a rule: it is given an SVG as nardy_rules.svg
   draws a board (checker layer, pip counts, swatches) and draws into it what
   it is told, a position as the engine sent it, dice, marks; it says things
   in a polite live region and shows a note. The panel under the board holds
   the controls' parts around the note, the information line and the status. */

import { htmlElement, svgElement } from "./nardy-dom.js";
import { checkerLayer, diceLayer, markerPath, num, numberRuns, shadePoints } from "./nardy-draw.js";
import { COLORS } from "./nardy-geometry.js";

export class BoardView {
  /** svg: the board; layout: its geometry; text: (key) => a string; uid: a prefix for element ids. */
  constructor(svg, layout, text, uid) {
    this.svg = svg;
    this.layout = layout;
    this.uid = uid;
    this.said = 0;
    this.labelledBy = svg.getAttribute("aria-labelledby");
    const help = htmlElement("p", { id: `${uid}-help`, class: "nardy-live-help", hidden: true }, text("help"));
    this.control = htmlElement("div", {
      class: "nardy-live-board", tabindex: "0", role: "group",
      "aria-label": text("board"), "aria-describedby": `${uid}-help`,
    });
    svg.replaceWith(this.control);
    this.control.append(svg, help);
    this.marks = svg.querySelector("g.nardy-marks");
    this.liveMarks = svgElement({ tag: "g", attrs: { class: "nardy-live-marks" } });
    svg.append(this.liveMarks);
    this.note = htmlElement("p", { class: "nardy-live-note", hidden: true });
    this.info = htmlElement("p", { class: "nardy-live-info", id: `${uid}-info` });
    this.status = htmlElement("p", { class: "nardy-live-status", role: "status", "aria-live": "polite" });
    this.panel = htmlElement("div", { class: "nardy-live" });
  }

  /** The panel after the board: the controls' parts before and after the note, information and status. */
  mountPanel(before, after) {
    this.panel.append(...before, this.note, this.info, this.status, ...after);
    this.control.after(this.panel);
  }

  /** Seen from another side, or numbered from another (labels: an article's replay numbers a turn from its
      mover's side): the build's drawing is White's view; what depends on the side is set again here, the
      trays, the points' numbers and data-points, the pip counts' rows (the viewer's at the bottom). The
      checkers, dice and marks follow at the next draw. */
  orient(layout, labels = layout.labels) {
    this.layout = layout;
    const svg = this.svg;
    if (layout.side === "white") svg.removeAttribute("data-side");
    else svg.setAttribute("data-side", layout.side);
    const old = Array.from(svg.querySelectorAll("text.nardy-num"));
    if (old.length) {
      old[0].replaceWith(...numberRuns(layout, labels).map(svgElement));
      for (const element of old.slice(1)) element.remove();
    }
    for (const [shade, points] of Object.entries(shadePoints(layout))) {
      const path = svg.querySelector(`path.nardy-pt.${shade}`);
      if (path) path.setAttribute("data-points", points);
    }
    for (const color of COLORS) {
      const tray = svg.querySelector(`rect.nardy-tray[data-color="${color}"]`);
      if (tray) {
        const [x, y] = layout.trays[color];
        tray.setAttribute("x", num(x));
        tray.setAttribute("y", num(y));
      }
      const y = layout.pips[color];
      const swatch = svg.querySelector(`circle.nardy-swatch[data-color="${color}"]`);
      if (swatch) swatch.setAttribute("cy", num(y));
      const tspan = svg.querySelector(`tspan[data-pips="${color}"]`);
      if (tspan) tspan.parentNode.setAttribute("y", num(y + 5.5));
    }
    this.mark(svg.getAttribute("data-turn"));
  }

  /** The marker at the pip count of the side to move. */
  mark(turn) {
    const marker = this.svg.querySelector("path.nardy-marker");
    const swatch = this.svg.querySelector(`circle.nardy-swatch[data-color="${turn}"]`);
    if (marker && swatch) {
      marker.setAttribute("d", markerPath(Number(swatch.getAttribute("cx")), Number(swatch.getAttribute("cy"))));
    }
  }

  /** A position as the engine sent it, with the dice to show (or none), and the pips of each side. */
  draw(position, dice, pips) {
    const layer = this.svg.querySelector("g.nardy-checkers");
    layer.replaceChildren(...checkerLayer(this.layout, position).map(svgElement));
    const old = this.svg.querySelector("g.nardy-dice");
    if (old) old.remove();
    if (dice && dice.length) layer.after(svgElement(diceLayer(this.layout, position.turn, dice)));
    this.svg.setAttribute("data-turn", position.turn);
    for (const color of COLORS) {
      const tspan = this.svg.querySelector(`tspan[data-pips="${color}"]`);
      if (tspan) {
        tspan.textContent = String(pips[color]);
        tspan.parentNode.classList.toggle("nardy-turn", color === position.turn);
      }
    }
    this.mark(position.turn);
  }

  /** The build's marks (arrows, refusals) and description belong to the example as the page shows it;
      hideMarks keeps the marks hidden on the example too (a replay asking for the move first). */
  showExample(shown, hideMarks = false) {
    if (this.marks) {
      if (shown && !hideMarks) this.marks.removeAttribute("display");
      else this.marks.setAttribute("display", "none");
    }
    if (shown) this.svg.setAttribute("aria-labelledby", this.labelledBy);
    else this.svg.setAttribute("aria-labelledby", `${this.labelledBy.split(" ")[0]} ${this.uid}-info`);
  }

  drawMarks(specs) {
    this.liveMarks.replaceChildren(...specs.map(svgElement));
  }

  setInfo(parts) {
    this.info.replaceChildren();
    parts.forEach((text, index) => {
      if (index) this.info.append(" ");
      this.info.append(htmlElement("span", {}, text));
    });
  }

  say(text) {
    this.said += 1;
    this.status.replaceChildren(document.createTextNode(text));
  }

  /** Take a message away once it no longer holds (the engine has answered). */
  unsay(text) {
    if (this.status.textContent === text) this.status.replaceChildren();
  }

  showNote(text) {
    this.note.textContent = text;
    this.note.hidden = false;
  }
}
