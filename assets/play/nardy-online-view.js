/* The play page's online box: "Play a friend online" (the form, the invitation and spectators' links), the
   lobby of open games with its counts, and, in an online match, who plays what, whose turn, the
   opponent's presence, the clocks and the rematch. DOM only, every text inserted as text (nardy-dom.js);
   the controller (nardy-online.js) says what is shown and handles[key]() runs when a control is used. */

import { htmlElement } from "../board/nardy-dom.js";
import { LENGTHS, lengthText } from "./nardy-play-panel.js";

/** Time controls offered: [delay s, reserve min]; the first is none. */
export const CLOCKS = [null, [12, 2], [12, 5], [8, 1]];

export function clockText(t, clock) {
  if (!clock) return t("online-clock-none");
  const delay = Math.round(clock.delay / 1000);
  const minutes = Math.round(clock.reserve / 60000);
  return t("online-clock-option", { delay, minutes });
}

/** m:ss of a time in ms (never below 0). */
export function clockTime(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function field(t, name, label, options) {
  const element = htmlElement("select", { name, "data-online": name });
  for (const [value, text] of options) element.append(htmlElement("option", { value: String(value) }, text));
  const wrapper = htmlElement("label", { class: "nardy-play-field" }, t(label));
  wrapper.append(element);
  return [wrapper, element];
}

function button(text, action, handles) {
  const element = htmlElement("button", { type: "button", class: "nardy-live-button", "data-online-action": action }, text);
  element.addEventListener("click", () => handles[action]());
  return element;
}

function linkBox(t, label, name, handles) {
  const id = `nardy-online-${name}`;
  const input = htmlElement("input", { id, type: "text", readonly: "", class: "nardy-online-link", "data-online": name });
  const copy = htmlElement("button", { type: "button", class: "nardy-live-button", "data-online-action": `copy-${name}` },
    t("online-copy"));
  copy.addEventListener("click", () => handles.copy(input));
  const box = htmlElement("div", { class: "nardy-online-linkbox" });
  box.append(htmlElement("label", { for: id }, t(label)), input, copy);
  return [box, input];
}

export class OnlineView {
  constructor(t, handles) {
    this.t = t;
    this.root = htmlElement("section", { class: "nardy-online", "aria-labelledby": "nardy-online-heading" });
    this.root.append(htmlElement("h2", { id: "nardy-online-heading" }, t("online-heading")));
    this.message = htmlElement("p", { class: "nardy-online-message" }, t("online-checking"));
    this.root.append(this.message);

    // In a match: who plays what and whose turn, the opponent's presence, the clocks, rematch and leave.
    this.match = htmlElement("div", { class: "nardy-online-match", hidden: true });
    this.seat = htmlElement("p", { class: "nardy-online-seat" });
    this.presence = htmlElement("p", { class: "nardy-online-presence" });
    this.clocks = htmlElement("p", { class: "nardy-online-clocks", "aria-hidden": "true" });
    this.rematch = button(t("online-rematch"), "rematch", handles);
    this.leave = button(t("online-leave"), "leave", handles);
    const buttons = htmlElement("div", { class: "nardy-online-buttons" });
    buttons.append(this.rematch, this.leave);
    this.match.append(this.seat, this.presence, this.clocks, buttons);

    // The invitation just made: its links, and the wait.
    this.invite = htmlElement("div", { class: "nardy-online-invite", hidden: true });
    const [inviteBox, inviteLink] = linkBox(t, "online-invite-label", "invite", handles);
    const [watchBox, watchLink] = linkBox(t, "online-watch-label", "watch", handles);
    this.inviteLink = inviteLink;
    this.watchLink = watchLink;
    this.invite.append(htmlElement("p", {}, t("online-invite-text")), inviteBox, watchBox);

    // The form: the friend's match, and the settings of an offer to the lobby.
    const parts = [
      field(t, "variant", "play-game-label", [["short", t("play-short")], ["long", t("play-long")]]),
      field(t, "length", "play-length-label", LENGTHS.map((n) => [n, lengthText(t, n)])),
      field(t, "color", "online-color-label", [["random", t("online-color-random")], ["white", t("online-white")],
        ["black", t("online-black")]]),
      field(t, "clock", "online-clock-label", CLOCKS.map((clock, k) => [k, clockText(t, clock && { delay: clock[0] * 1000,
        reserve: clock[1] * 60000 })])),
    ];
    this.fields = Object.fromEntries(parts.map(([, element]) => [element.name, element]));
    this.fields.length.value = "3";
    this.form = htmlElement("fieldset", { class: "nardy-play-settings nardy-online-form", hidden: true });
    this.form.append(htmlElement("legend", {}, t("online-friend")), ...parts.map(([wrapper]) => wrapper),
      button(t("online-create"), "create", handles));

    // The lobby.
    this.lobby = htmlElement("div", { class: "nardy-online-lobby", hidden: true });
    this.counts = htmlElement("p", { class: "nardy-online-counts" });
    this.offers = htmlElement("ul", { class: "nardy-online-offers" });
    this.lobby.append(htmlElement("h3", {}, t("online-lobby")), this.counts, this.offers, button(t("online-offer"), "offer", handles));
    this.handles = handles;
    this.root.append(this.match, this.invite, this.form, this.lobby);
  }

  settings() {
    const clock = CLOCKS[Number(this.fields.clock.value)] || null;
    return { variant: this.fields.variant.value, length: Number(this.fields.length.value), color: this.fields.color.value,
      clock: clock && { delay: clock[0], reserve: clock[1] * 60 } };
  }

  say(text) {
    this.message.textContent = text;
    this.message.hidden = !text;
  }

  /** "unavailable" (no game server here), "idle" (the form and the lobby), "invite" (links shown), "match". */
  show(mode) {
    this.mode = mode;
    this.form.hidden = this.lobby.hidden = mode !== "idle";
    this.invite.hidden = mode !== "invite";
    this.root.hidden = mode === "match"; // its part of a match is under the board's lines
    this.match.hidden = mode !== "match" && mode !== "invite";
    if (mode === "unavailable") this.say(this.t("online-unavailable"));
  }

  showLinks(invite, watch) {
    this.inviteLink.value = invite;
    this.watchLink.value = watch;
  }

  /** The lobby's offers ({match, variant, length, clock}) and counts. */
  showLobby(lobby) {
    const t = this.t;
    this.counts.textContent = `${t("online-players", { count: lobby.players })} · ${t("online-games", { count: lobby.games })}`;
    const items = lobby.offers.map((offer) => {
      const text = [t(offer.variant === "long" ? "play-long" : "play-short"), lengthText(t, offer.length),
        clockText(t, offer.clock)].join(", ");
      const item = htmlElement("li", { class: "nardy-online-offer" });
      const take = htmlElement("button", { type: "button", class: "nardy-live-button", "data-online-action": "take",
        "aria-label": `${t("online-take")}: ${text}` }, t("online-take"));
      take.addEventListener("click", () => this.handles.take(offer.match));
      item.append(htmlElement("span", {}, text), take);
      return item;
    });
    if (!items.length) items.push(htmlElement("li", { class: "nardy-online-empty" }, t("online-lobby-empty")));
    this.offers.replaceChildren(...items);
  }

  showMatch({ seat, presence, clocks, rematch }) {
    this.seat.textContent = seat;
    this.presence.textContent = presence;
    this.presence.hidden = !presence;
    this.clocks.textContent = clocks;
    this.clocks.hidden = !clocks;
    this.rematch.hidden = !rematch;
  }
}
