/* The set-up editor's controls (nardy-play-setup.js decides what they do): DOM only, every text as text.

   One fieldset under the board, shown in set-up mode: what a click does (the
   colour, put or take), the game, the side to move, the dice (or none), the
   bar and borne-off counts, clear and start position, the engine's verdict,
   the legal plays with previous and next, and "play from here" / "back to
   the game". handlers.change(name) runs when a choice changes,
   handlers.count(color, place, text) when a count is edited, and
   handlers.press(action) for a button. */

import { htmlElement } from "../board/nardy-dom.js";

const COLORS = ["white", "black"];
const DIE_OPTIONS = ["", "1", "2", "3", "4", "5", "6"];

export class SetupView {
  constructor(t, handlers) {
    this.t = t;
    this.fields = {};
    this.counts = {};
    this.buttons = {};
    this.root = htmlElement("fieldset", { class: "nardy-play-settings nardy-play-setup", hidden: true, "aria-describedby": "nardy-play-setup-help" });
    this.root.append(htmlElement("legend", {}, t("setup-open")),
      htmlElement("p", { class: "nardy-play-setup-help", id: "nardy-play-setup-help" }, t("setup-help")));
    const sides = COLORS.map((color) => [color, t(`setup-${color}`)]);
    this.root.append(
      this.select("colour", "setup-colour", sides),
      this.select("tool", "setup-tool", [["put", t("setup-put")], ["take", t("setup-take")]]),
      this.select("variant", "play-game-label", [["short", t("play-short")], ["long", t("play-long")]]),
      this.select("turn", "setup-turn", sides),
      this.select("die1", "die-1", DIE_OPTIONS.map((value) => [value, value || t("setup-no-die")])),
      this.select("die2", "die-2", DIE_OPTIONS.map((value) => [value, value || t("setup-no-die")])),
    );
    for (const place of ["bar", "off"]) {
      for (const color of COLORS) this.root.append(this.count(color, place));
    }
    this.root.append(this.row(["clear", "setup-clear"], ["start", "setup-start"]));
    this.verdict = htmlElement("p", { class: "nardy-play-setup-verdict" });
    this.playsHeading = htmlElement("p", { class: "nardy-play-heading", id: "nardy-play-setup-plays" });
    this.plays = htmlElement("ol", { class: "nardy-play-hint-list nardy-play-setup-plays", "aria-labelledby": "nardy-play-setup-plays" });
    this.root.append(this.verdict, this.playsHeading, this.plays,
      this.row(["previous", "setup-previous"], ["next", "setup-next"]),
      this.row(["play", "setup-play"], ["back", "setup-back"]));
    this.handlers = handlers;
    /** The button that opens the editor (the controller puts it with the new-game form). */
    this.opener = this.button("open", "setup-open");
  }

  select(name, label, options) {
    const element = htmlElement("select", { name: `setup-${name}`, "data-setup": name });
    for (const [value, text] of options) element.append(htmlElement("option", { value }, text));
    element.addEventListener("change", () => this.handlers.change(name));
    this.fields[name] = element;
    const wrapper = htmlElement("label", { class: "nardy-play-field" }, this.t(label));
    wrapper.append(element);
    return wrapper;
  }

  count(color, place) {
    const input = htmlElement("input", { type: "number", min: "0", step: "1", inputmode: "numeric", "data-count": `${place}-${color}` });
    input.addEventListener("change", () => this.handlers.count(color, place, input.value));
    this.counts[`${place}-${color}`] = input;
    const wrapper = htmlElement("label", { class: "nardy-play-field" }, this.t(`setup-${place}-${color}`));
    wrapper.append(input);
    return wrapper;
  }

  button(action, label) {
    const button = htmlElement("button", { type: "button", class: "nardy-live-button", "data-setup-action": action }, this.t(label));
    button.addEventListener("click", () => this.handlers.press(action));
    this.buttons[action] = button;
    return button;
  }

  row(...buttons) {
    const row = htmlElement("div", { class: "nardy-play-setup-row" });
    row.append(...buttons.map(([action, label]) => this.button(action, label)));
    return row;
  }

  /** The choices as the controls hold them: {colour, tool, variant, turn, dice: [a, b] | null}. */
  values() {
    const f = this.fields;
    const dice = f.die1.value && f.die2.value ? [Number(f.die1.value), Number(f.die2.value)] : null;
    return { colour: f.colour.value, tool: f.tool.value, variant: f.variant.value, turn: f.turn.value, dice };
  }

  /** Show a position's game, side to move and counts on the bar and borne off (the dice when given). */
  showPosition(position, dice) {
    this.fields.variant.value = position.variant;
    this.fields.turn.value = position.turn;
    if (dice !== undefined) {
      this.fields.die1.value = dice ? String(dice[0]) : "";
      this.fields.die2.value = dice ? String(dice[1]) : "";
    }
    for (const [key, input] of Object.entries(this.counts)) {
      const [place, color] = key.split("-");
      input.value = String(position[color][place] || 0);
    }
  }

  /** What the engine says of the position: its problem, or that it is valid. */
  showVerdict(text, valid) {
    this.verdict.textContent = text;
    this.verdict.classList.toggle("nardy-play-setup-bad", !valid);
  }

  /** The legal plays: a heading, the plays in notation, the one shown (-1: the set-up position). */
  showPlays(heading, plays, index) {
    this.playsHeading.textContent = heading;
    this.plays.replaceChildren(...plays.map((play, number) => {
      const item = htmlElement("li", { class: number === index ? "nardy-play-current" : null, "aria-current": number === index ? "true" : null }, play);
      return item;
    }));
    this.buttons.previous.hidden = !plays.length;
    this.buttons.next.hidden = !plays.length;
  }
}
