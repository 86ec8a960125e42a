/* The side the play page's board is seen from (chessground's orientation), and the "turn the board" control.

   By default the board is seen from the seat of the person at this browser: online their seat (a spectator
   White's), against the computer the person's colour, two people on one device (and two computers) White.
   Anyone may turn it (two people passing a phone, a spectator, the set-up editor): the choice is kept in the
   browser (localStorage, "nardy-play-side": the side chosen for each kind of seating, so a player of Black who
   prefers White's view keeps it from game to game, while two people's choice leaves the games against the
   computer alone). The control is a button of the game's toolbar, its icon named by its text; its
   description, and the status line once pressed, say which side is at the bottom. A stored value that does not
   read is ignored; storage that throws keeps the choice for the visit. */

import { htmlElement } from "../board/nardy-dom.js";
import { personSide } from "./nardy-play-text.js";

const KEY = "nardy-play-side";
const SIDES = ["white", "black"];

/** The kind of seating at this browser and the side it is seen from by default: [kind, side]. */
export function seating(app) {
  const online = app.online;
  if (online) return online.you ? [`online-${online.you}`, online.you] : ["online-watching", "white"];
  const seats = app.seats;
  const lone = personSide(seats);
  if (lone) return [`person-${lone}`, lone];
  return SIDES.every((side) => seats[side].kind === "person") ? ["people", "white"] : ["computers", "white"];
}

function readChoices() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
    return stored !== null && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  } catch (error) {
    return {};
  }
}

export class SideControl {
  /** app: the PlayApp; its toolbar's "turn" button (nardy-play-panel.js) is the control. */
  constructor(app) {
    this.app = app;
    this.choices = readChoices();
    // Which side is at the bottom, read with the button (its description): a hidden element still describes.
    this.state = htmlElement("span", { id: "nardy-play-side", hidden: true });
    const button = app.panel.buttons.turn;
    button.setAttribute("aria-describedby", this.state.id);
    button.after(this.state);
  }

  /** The side the board is seen from now: the one chosen for this seating, else the seating's own. */
  side() {
    const [kind, side] = seating(this.app);
    const chosen = Object.prototype.hasOwnProperty.call(this.choices, kind) ? this.choices[kind] : null;
    return SIDES.includes(chosen) ? chosen : side;
  }

  text(side) {
    return this.app.t(`play-side-${side}`);
  }

  /** The board turned to the side it is seen from now (a new seating, a reload); the control's description. */
  apply() {
    const side = this.side();
    this.app.board.orient(side);
    this.state.textContent = this.text(side);
    return side;
  }

  /** The control pressed: the board turned, the choice kept for this seating, and said. */
  turn() {
    const [kind, auto] = seating(this.app);
    const side = this.side() === "white" ? "black" : "white";
    if (side === auto) delete this.choices[kind];
    else this.choices[kind] = side;
    try {
      if (Object.keys(this.choices).length) localStorage.setItem(KEY, JSON.stringify(this.choices));
      else localStorage.removeItem(KEY);
    } catch (error) {
      /* no storage: the choice holds for this visit */
    }
    this.apply();
    this.app.say(this.text(side));
  }
}
