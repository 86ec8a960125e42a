/* Keeping, sharing and exporting: the game in localStorage, the share link, the position's forms, the export.

   Stored: {"record": the match record, "seats": {white, black}, "analysed":
   true when its analysis was shown} under one key; on load the engine
   re-reads the record, and one that does not read (an old format, a
   hand-edited value) is dropped with a message. The analysis itself is not
   stored: after a reload the engine rates the record again, so nothing read
   back from storage is shown as a rating. A link
   play/#position=<XGID | Position ID | nardy text>&dice=5-3 opens that
   position (read by the engine's forms op) as a new game from it; a bad one
   says so and opens the start position. The forms (XGID, Position ID, nardy
   text) of the position shown are the engine's (the forms op); the export is
   the engine's (the game op's "export"), offered as a download. Nothing
   thrown reaches the console; storage that is missing or full is ignored. */

import { htmlElement } from "../board/nardy-dom.js";
import { seatValues } from "./nardy-play-seats.js";

const KEY = "nardy-play-v1";

/** The longest the stored game may lag behind the page, in ms. */
const SAVE_MS = 500;

export class Store {
  constructor() {
    this.pending = null;
    // A record of a long match is hundreds of KB: written at most every SAVE_MS (not on every move), and
    // at once when the page is hidden or left, so a reload or a closed tab loses nothing.
    const flush = () => this.flush();
    addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
  }

  /** The page's match as it stands (not an online one: the server keeps those), and whether its analysis is shown. */
  keep(app) {
    if (!app.online) this.save(app.record, seatValues(app.seats), app.analysis.shown);
  }

  save(record, seats, analysed = false) {
    const first = this.pending === null;
    this.pending = { record, seats, analysed };
    if (first) this.timer = setTimeout(() => this.flush(), SAVE_MS);
  }

  flush() {
    if (this.pending === null) return;
    clearTimeout(this.timer);
    const { record, seats, analysed } = this.pending;
    this.pending = null;
    try {
      localStorage.setItem(KEY, JSON.stringify(analysed ? { record, seats, analysed } : { record, seats }));
    } catch (error) {
      /* no storage (private mode, full): the game goes on unsaved */
    }
  }

  /** {record, seats, analysed}, null when nothing is stored, or "bad" for a value that is not even that shape. */
  load() {
    let text = null;
    try {
      text = localStorage.getItem(KEY);
    } catch (error) {
      return null;
    }
    if (text === null) return null;
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object" && value.record && value.seats && typeof value.seats === "object") {
        return { record: value.record, seats: { white: String(value.seats.white), black: String(value.seats.black) },
          analysed: value.analysed === true };
      }
    } catch (error) {
      /* below */
    }
    return "bad";
  }

  drop() {
    this.pending = null;
    clearTimeout(this.timer);
    try {
      localStorage.removeItem(KEY);
    } catch (error) {
      /* nothing to drop */
    }
  }
}

/** The share link's fields, or null when the address has none: {position, dice: [a, b] | null, diceBad: dice
    given that are not two dice 1-6 (the page says so, and opens the position without them), side: the side the
    link is played from ("side=black"; null: the side to move)}; syntax only. */
export function readLink(hash) {
  if (!hash || !hash.startsWith("#") || !hash.includes("position=")) return null;
  let params;
  try {
    params = new URLSearchParams(hash.slice(1));
  } catch (error) {
    return { position: "", dice: null, diceBad: false, side: null };
  }
  const position = params.get("position") || "";
  const given = params.get("dice");
  const dice = /^([1-6])-([1-6])$/.exec(given || "");
  const side = params.get("side");
  return { position: position.slice(0, 200), dice: dice ? [Number(dice[1]), Number(dice[2])] : null,
    diceBad: given !== null && !dice, side: side === "white" || side === "black" ? side : null };
}

/** The share link of a position's text, its dice, and the side it is played from when that is not the side to
    move (a player of Black sharing White's turn: the link opens it for its reader as Black). */
export function writeLink(text, dice, side = null) {
  const url = new URL(location.href);
  url.hash = `position=${encodeURIComponent(text)}${dice ? `&dice=${dice.join("-")}` : ""}${side ? `&side=${side}` : ""}`;
  return url.href;
}

/** The position's forms and the paste field, under the scoresheet; the share link with its "Copy" button. */
export class FormsBox {
  constructor(t, ask, onOpen, say) {
    this.t = t;
    this.ask = ask;
    this.say = say;
    this.root = htmlElement("div", { class: "nardy-play-forms" });
    this.fields = {};
    const field = (name, label, readonly = true) => {
      const input = htmlElement("input", { type: "text", class: "nardy-live-link", readonly, "data-form": name, spellcheck: "false" });
      const wrapper = htmlElement("label", { class: "nardy-play-field" }, t(label));
      wrapper.append(input);
      this.root.append(wrapper);
      this.fields[name] = input;
      return input;
    };
    this.root.append(htmlElement("p", { class: "nardy-play-heading" }, t("play-forms")));
    const paste = field("paste", "play-paste-label", false);
    const open = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": "paste" }, t("play-paste"));
    open.addEventListener("click", () => onOpen(paste.value));
    this.root.append(open);
    field("text", "form-text");
    field("xgid", "form-xgid");
    field("gnubg", "form-gnubg");
    field("link", "link-label");
    this.copy = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": "copy-link" }, t("link"));
    this.copy.addEventListener("click", () => this.copyLink());
    this.root.append(this.copy);
    this.export = htmlElement("button", { type: "button", class: "nardy-live-button", "data-action": "export" }, t("play-export"));
    this.root.append(this.export);
    this.version = 0;
  }

  /** Show the forms of a position (the engine's forms op); dice for the link, when there are some; side: the
      side the person here plays (the link says it when it is not the side to move). */
  async show(position, dice = null, side = null) {
    const version = ++this.version;
    const answer = await this.ask({ op: "forms", position, ...(dice ? { dice } : {}) });
    if (version !== this.version) return;
    if (answer.error) {
      this.clear();
      return;
    }
    this.fields.text.value = answer.text;
    this.fields.xgid.value = answer.xgid || "";
    this.fields.gnubg.value = answer.gnubg || "";
    this.fields.xgid.parentNode.hidden = !answer.xgid;
    this.fields.gnubg.parentNode.hidden = !answer.gnubg;
    this.fields.link.value = writeLink(answer.text, dice, side && side !== answer.position.turn ? side : null);
  }

  /** Copy the share link (as the rules boards' "Copy a link" does); where the clipboard is not allowed, the
      field is selected for the reader to copy. */
  copyLink() {
    const field = this.fields.link;
    if (!field.value) return undefined;
    const shown = () => {
      field.select();
      this.say(this.t("play-link-shown"));
    };
    if (!navigator.clipboard || !window.isSecureContext) return shown();
    return navigator.clipboard.writeText(field.value).then(() => this.say(this.t("play-link-copied")), shown);
  }

  /** No forms to show (a set-up position the engine refuses): the fields empty, not a stale position's. */
  clear() {
    this.version += 1;
    for (const name of ["text", "xgid", "gnubg", "link"]) this.fields[name].value = "";
  }
}

/** Offer a text as a file to save. */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = htmlElement("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
