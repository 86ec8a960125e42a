/* The controls under a board: one row of icon buttons, a menu of the other actions, the dice chooser,
   the list of plays and the link field.

   The row (a toolbar, one tab stop: the arrow keys, Home and End move between
   its buttons) holds roll, undo, redo, reset, show (only with showButton) and
   "more", which opens the menu (a disclosure: aria-expanded, aria-controls)
   of set-dice (opens the chooser), plays (opens the list) and link. On a
   phone the row is icons, each named by its text (visually hidden, also its
   tooltip), so that a page of boards reads as a page of diagrams.
   actions[key]() runs when a button is pressed (apply-dice too). The
   controller says what is enabled (update), fills the list (showPlays) and
   the field (showLink). */

import { htmlElement } from "./nardy-dom.js";
import { icon } from "./nardy-icons.js";

const ROW = ["roll", "undo", "redo", "reset", "show", "more"];

export class BoardControls {
  constructor(text, uid, actions, { showButton = false } = {}) {
    this.text = text;
    const tools = htmlElement("div", { class: "nardy-live-tools", role: "toolbar", "aria-label": text("toolbar") });
    this.tools = tools;
    this.menu = htmlElement("div", { class: "nardy-live-menu", id: `${uid}-menu`, hidden: true });
    this.buttons = {};
    const button = (key, extra = {}, parent = tools) => {
      const element = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": key, ...extra });
      if (parent === tools) {
        // An icon (nardy-icons.js) named by its text; the text is its tooltip too.
        element.append(icon(key), htmlElement("span", { class: "nardy-live-label" }, text(key)));
        element.title = text(key);
      } else {
        element.textContent = text(key);
      }
      element.addEventListener("click", () => {
        if (key === "more") return this.toggleMenu();
        actions[key]();
        if (parent === this.menu) this.closeMenu();
        return undefined;
      });
      parent.append(element);
      this.buttons[key] = element;
    };
    for (const key of ROW) {
      if (key === "show" && !showButton) continue;
      button(key, key === "more" ? { "aria-expanded": "false", "aria-controls": this.menu.id } : {});
    }
    button("set-dice", { "aria-expanded": "false", "aria-controls": `${uid}-dice` }, this.menu);
    button("plays", { "aria-expanded": "false", "aria-controls": `${uid}-plays` }, this.menu);
    button("link", {}, this.menu);
    tools.addEventListener("keydown", (event) => this.toolKey(event));
    tools.addEventListener("focusin", (event) => this.rove(event.target.closest("button")));
    this.menu.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      this.closeMenu();
    });
    this.dice = null; // the dice last set, shown once the chooser has its options
    this.diceBox = htmlElement("div", { class: "nardy-live-dice", id: `${uid}-dice`, hidden: true });
    this.dieSelects = ["die-1", "die-2"].map((key) => {
      // Its six options come when the chooser first opens (fillDice): a page has twenty boards.
      const select = htmlElement("select", { class: "nardy-live-die", "aria-label": text(key), "data-die": key });
      this.diceBox.append(select);
      return select;
    });
    button("apply-dice", {}, this.diceBox);
    this.playsBox = htmlElement("div", { class: "nardy-live-plays", id: `${uid}-plays`, hidden: true });
    this.linkField = htmlElement("input", { class: "nardy-live-link", type: "text", readonly: true, hidden: true, "aria-label": text("link-label") });
    /** The parts the board's panel shows before and after its information and status. */
    this.before = [tools, this.menu, this.diceBox];
    this.after = [this.playsBox, this.linkField];
  }

  toggleMenu() {
    const open = this.menu.hidden;
    this.menu.hidden = !open;
    this.buttons.more.setAttribute("aria-expanded", String(open));
    if (open) {
      const first = Array.from(this.menu.querySelectorAll("button")).find((item) => !item.disabled);
      if (first) first.focus();
    }
  }

  /** Close the menu; the focus, if it was in the menu, goes back to its button. */
  closeMenu() {
    if (this.menu.hidden) return;
    const hadFocus = this.menu.contains(document.activeElement);
    this.menu.hidden = true;
    this.buttons.more.setAttribute("aria-expanded", "false");
    if (hadFocus) this.buttons.more.focus();
  }

  /** What may be pressed now: {newDice, undo, redo, reset, show} (true: enabled). */
  update({ newDice, undo, redo, reset, show }) {
    const hadFocus = this.tools.contains(document.activeElement);
    for (const key of ["roll", "set-dice", "apply-dice"]) this.buttons[key].disabled = !newDice;
    for (const select of this.dieSelects) select.disabled = !newDice;
    if (!newDice && !this.diceBox.hidden) this.toggleDice();
    this.buttons.undo.disabled = !undo;
    this.buttons.redo.disabled = !redo;
    this.buttons.reset.disabled = !reset;
    if (this.buttons.show) this.buttons.show.disabled = !show;
    this.rove(null);
    // A button that is disabled while focused loses the focus: give it to the toolbar's tab stop.
    if (hadFocus && !this.tools.contains(document.activeElement)) {
      const current = this.tools.querySelector('button[tabindex="0"]');
      if (current) current.focus();
    }
  }

  /** The toolbar's one tab stop: the button last focused, or the first one enabled. */
  rove(target) {
    const buttons = Array.from(this.tools.querySelectorAll("button"));
    let current = buttons.includes(target) ? target : buttons.find((item) => item.tabIndex === 0);
    if (!current || current.disabled) current = buttons.find((item) => !item.disabled);
    for (const item of buttons) item.tabIndex = item === current ? 0 : -1;
  }

  toolKey(event) {
    const buttons = Array.from(this.tools.querySelectorAll("button")).filter((item) => !item.disabled);
    const index = buttons.indexOf(document.activeElement);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = buttons[(index + 1) % buttons.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = buttons[(index - 1 + buttons.length) % buttons.length];
    else if (event.key === "Home") next = buttons[0];
    else if (event.key === "End") next = buttons[buttons.length - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  toggleDice() {
    const open = this.diceBox.hidden;
    if (open) this.fillDice();
    this.diceBox.hidden = !open;
    this.buttons["set-dice"].setAttribute("aria-expanded", String(open));
    if (open) this.dieSelects[0].focus();
  }

  /** The chooser's options, 1 to 6, made once, showing the dice last set. */
  fillDice() {
    if (this.dieSelects[0].options.length) return;
    for (const select of this.dieSelects) {
      for (let value = 1; value <= 6; value += 1) select.append(htmlElement("option", { value: String(value) }, String(value)));
    }
    this.setDice(this.dice);
  }

  setDice(dice) {
    if (!dice) return;
    this.dice = dice;
    if (!this.dieSelects[0].options.length) return; // shown when the chooser opens
    this.dieSelects[0].value = String(dice[0]);
    this.dieSelects[1].value = String(dice[1] === undefined ? dice[0] : dice[1]);
  }

  chosenDice() {
    this.fillDice();
    return this.dieSelects.map((select) => Number(select.value));
  }

  /** Open or close the list of plays; true when it is open now. */
  togglePlays() {
    const open = this.playsBox.hidden;
    this.playsBox.hidden = !open;
    this.buttons.plays.setAttribute("aria-expanded", String(open));
    return open;
  }

  get playsOpen() {
    return !this.playsBox.hidden;
  }

  /** The list: a heading and the plays in notation (as the engine wrote them). */
  showPlays(heading, notations) {
    const parts = [htmlElement("p", {}, heading)];
    if (notations.length) {
      const list = htmlElement("ol", { class: "nardy-live-plays-list" });
      for (const text of notations) list.append(htmlElement("li", {}, text));
      parts.push(list);
    }
    this.playsBox.replaceChildren(...parts);
  }

  showLink(url) {
    this.linkField.value = url;
    this.linkField.hidden = false;
  }

  hideLink() {
    this.linkField.hidden = true;
  }
}
