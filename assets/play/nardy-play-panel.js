/* The play page's controls: the new-game form, the action buttons, the lines it says, the links under them,
   the hints. DOM only: the controller (nardy-play-app.js) says what is shown.

   Buttons sit in one toolbar under the board (one tab stop, the arrow keys
   move in it), within a thumb's reach on a phone. Resigning is two steps, as
   in the apps: "Resign" shows what may be offered (a single game, a mars, a
   koks, each with its points) and "Keep playing". Every text is inserted as
   text (nardy-dom.js). actions[key]() runs when a control is used. */

import { htmlElement } from "../board/nardy-dom.js";
import { icon } from "../board/nardy-icons.js";
import { LEVELS } from "./nardy-play-seats.js";
import { Scoresheet } from "./nardy-play-sheet.js";

/** The toolbar's buttons in their order: the game's actions, then the page's. */
export const BUTTONS = ["opening", "roll", "double", "take", "pass", "accept", "decline", "undo", "confirm",
  "next-game", "again", "analyse", "resign", "resign-single", "resign-mars", "resign-koks", "resign-cancel", "hint", "turn"];
const LABELS = { opening: "play-opening-roll", roll: "roll", double: "play-double", take: "play-take", pass: "play-pass",
  accept: "play-accept", decline: "play-decline", undo: "undo", confirm: "play-confirm", "next-game": "play-next",
  again: "play-again", analyse: "play-analyse", resign: "play-resign", "resign-single": "play-resign-single", "resign-mars": "play-resign-mars",
  "resign-koks": "play-resign-koks", "resign-cancel": "play-resign-cancel", hint: "play-hint", turn: "play-turn" };
/** The match lengths offered (0: a single game), here and online (nardy-online-view.js). */
export const LENGTHS = [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25];

export function lengthText(t, n) {
  return n ? t("play-length-n", { count: n }) : t("play-length-0");
}

function select(t, name, label, options) {
  const element = htmlElement("select", { name, "data-setting": name });
  for (const [value, text] of options) element.append(htmlElement("option", { value: String(value) }, text));
  return [htmlElement("label", { class: "nardy-play-field" }, t(label)), element];
}

export class PlayPanel {
  constructor(root, t, actions) {
    this.t = t;
    this.buttons = {};
    const field = (name, label, options) => {
      const [wrapper, element] = select(t, name, label, options);
      wrapper.append(element);
      return [wrapper, element];
    };
    const seatOptions = [["person", t("play-person")], ...LEVELS.map((level) => [`computer-${level}`, t(`play-computer-${level}`)])];
    const parts = [
      field("variant", "play-game-label", [["short", t("play-short")], ["long", t("play-long")]]),
      field("length", "play-length-label", LENGTHS.map((n) => [n, lengthText(t, n)])),
      field("white", "play-white-seat", seatOptions),
      field("black", "play-black-seat", seatOptions),
    ];
    this.fields = Object.fromEntries(parts.map(([, element]) => [element.name, element]));
    this.fields.black.value = "computer-club";
    const start = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": "start" }, t("play-start"));
    start.addEventListener("click", () => actions.start());
    this.form = htmlElement("fieldset", { class: "nardy-play-settings" });
    this.form.append(htmlElement("legend", {}, t("play-settings")), ...parts.map(([wrapper]) => wrapper), start);

    this.info = htmlElement("p", { class: "nardy-live-info nardy-play-info", id: "nardy-play-info" });
    // The score line, then the rules of the game played and the sound's toggle.
    this.line = htmlElement("div", { class: "nardy-play-line" });
    this.score = htmlElement("p", { class: "nardy-play-score" });
    this.rules = htmlElement("a", { class: "nardy-play-rules", href: "../short/" }, t("play-rules-short"));
    this.sound = htmlElement("button", { type: "button", class: "nardy-live-button nardy-play-sound", "aria-pressed": "false",
      "data-action": "sound" }, t("play-sound"));
    this.sound.addEventListener("click", () => actions.act("sound"));
    this.line.append(this.score, this.rules, this.sound);
    this.status = htmlElement("p", { class: "nardy-live-status", role: "status", "aria-live": "polite" });
    this.tools = htmlElement("div", { class: "nardy-live-tools nardy-play-tools", role: "toolbar", "aria-label": t("play-toolbar") });
    for (const key of BUTTONS) {
      const button = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": key, hidden: true }, t(LABELS[key], { count: 1 }));
      const mark = icon(key); // the rules boards' icon before the word, for the actions they share (roll, undo)
      if (mark) button.prepend(mark);
      button.addEventListener("click", () => actions.act(key));
      this.tools.append(button);
      this.buttons[key] = button;
    }
    this.tools.addEventListener("keydown", (event) => this.toolKey(event));
    this.hints = htmlElement("div", { class: "nardy-play-hints", hidden: true });
    this.sheet = new Scoresheet(t);
    /** The parts right under the board (all in view with it: nardy-play-fit.js), and after them. */
    this.under = [this.info, this.tools, this.status, this.line, this.hints];
    this.after = [this.sheet.root, this.form];
  }

  /** The link to the rules of the game played, and the sound's toggle as it is. */
  setGame(variant, soundOn) {
    this.rules.setAttribute("href", `../${variant}/`);
    this.rules.textContent = this.t(`play-rules-${variant}`);
    this.sound.setAttribute("aria-pressed", soundOn ? "true" : "false");
  }

  settings() {
    const f = this.fields;
    return { variant: f.variant.value, length: Number(f.length.value), white: f.white.value, black: f.black.value };
  }

  setSettings({ variant, length, white, black }) {
    const values = { variant, length: String(length), white, black };
    const lengths = this.fields.length;
    if (Number.isInteger(length) && !Array.from(lengths.options).some((option) => option.value === String(length))) {
      const after = Array.from(lengths.options).find((option) => Number(option.value) > length);
      lengths.insertBefore(htmlElement("option", { value: String(length) }, lengthText(this.t, length)), after || null);
    }
    for (const [name, value] of Object.entries(values)) {
      const element = this.fields[name];
      if (Array.from(element.options).some((option) => option.value === value)) element.value = value;
    }
  }

  /** Which buttons are there: {key: enabled} for the shown ones; points: {kind: points} of the resignations.
      "Turn the board" is always there, in the game, the editor and a review alike (nardy-play-side.js). */
  update(given, points = {}) {
    const shown = { ...given, turn: true };
    const hadFocus = this.tools.contains(document.activeElement);
    for (const key of BUTTONS) {
      const button = this.buttons[key];
      button.hidden = !(key in shown);
      button.disabled = !shown[key];
    }
    for (const [kind, count] of Object.entries(points)) {
      this.buttons[`resign-${kind}`].textContent = this.t(`play-resign-${kind}`, { count });
    }
    this.rove(hadFocus);
  }

  /** One tab stop for the toolbar: the first button shown and enabled. */
  rove(hadFocus) {
    const usable = Array.from(this.tools.querySelectorAll("button")).filter((item) => !item.hidden && !item.disabled);
    const current = usable.find((item) => item === document.activeElement) || usable[0];
    for (const item of this.tools.querySelectorAll("button")) item.tabIndex = item === current ? 0 : -1;
    if (hadFocus && current && !this.tools.contains(document.activeElement)) current.focus();
  }

  toolKey(event) {
    const usable = Array.from(this.tools.querySelectorAll("button")).filter((item) => !item.hidden && !item.disabled);
    const index = usable.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next = null;
    if (step) next = usable[(index + step + usable.length) % usable.length];
    else if (event.key === "Home") next = usable[0];
    else if (event.key === "End") next = usable[usable.length - 1];
    if (next) {
      event.preventDefault();
      for (const item of usable) item.tabIndex = item === next ? 0 : -1;
      next.focus();
    }
  }

  setInfo(text) {
    this.info.textContent = text;
  }

  setScore(text) {
    this.score.textContent = text;
  }

  /** Announce a line (the one status region); said counts them (the tests wait on it). */
  say(text) {
    this.said = (this.said || 0) + 1;
    this.status.replaceChildren(document.createTextNode(text));
  }

  /** The hints: a heading and one line per play (or nothing: hidden). */
  showHints(heading, lines) {
    if (heading === null) {
      this.hints.hidden = true;
      this.hints.replaceChildren();
      return;
    }
    const list = htmlElement("ol", { class: "nardy-play-hint-list" });
    for (const line of lines) list.append(htmlElement("li", {}, line));
    this.hints.replaceChildren(htmlElement("p", {}, heading), list);
    this.hints.hidden = false;
  }
}
