/* Playing online on the play page: a friend by an invitation link, open games from the lobby, spectators.

   The page's controller (PlayApp, nardy-play-app.js) plays an online match as any other: its match is an
   OnlineMatch (nardy-online-client.js) instead of the worker's OpenMatch, the other seat is "remote"
   (nobody here acts for it), and the opponent's actions arrive as pushes, taken and said like the
   computer's. The worker still answers the board's own questions (where a checker may go, why not). The
   server rolls the dice. Links: #join=<match>.<invite> (take the open seat), #watch=<match> (a
   spectator), #match=<match> (a seat this browser holds: a reload comes back to it). */

import { GameServer, OnlineMatch, Seats, closeSocket } from "./nardy-online-client.js";
import { OnlineView, clockTime } from "./nardy-online-view.js";
import { OpenMatch } from "./nardy-play-match.js";
import { hops } from "./nardy-play-motion.js";
import { turnRequest } from "./nardy-play-moves.js";
import { actionText, stateText } from "./nardy-play-text.js";

const CODES = { "seat-taken": "online-seat-taken", "bad-invite": "online-bad-invite", "no-such-match": "online-no-match",
  "too-many": "online-too-many", "not-your-turn": "online-not-your-turn", connection: "online-connection-lost",
  waiting: "online-waiting", spectator: "online-watching", "match-over": "play-over" };

/** The online link in a page address's fragment: {join: [match, invite]} | {watch} | {match}, or null. */
export function readOnlineLink(hash) {
  const found = /^#(join|watch|match)=([A-Za-z0-9_-]{22})(?:\.([A-Za-z0-9_-]{22}))?$/.exec(hash || "");
  if (!found || (found[1] === "join") !== Boolean(found[3])) return null;
  return found[1] === "join" ? { join: [found[2], found[3]] } : { [found[1]]: found[2] };
}

export class Online {
  constructor(app, mount) {
    this.app = app;
    this.t = app.t;
    this.server = new GameServer();
    this.view = new OnlineView(this.t, {
      create: () => app.guard(() => this.create(false)),
      offer: () => app.guard(() => this.create(true)),
      take: (match) => app.guard(() => this.join(match, null)),
      copy: (input) => app.guard(() => this.copy(input)),
      rematch: () => app.guard(() => this.rematch()),
      leave: () => app.guard(() => this.leave()),
    });
    // The box after the new-game form; in a match, who plays what, presence and clocks under the board's lines.
    app.panel.form.after(this.view.root);
    app.panel.line.after(this.view.match);
    this.view.fields.variant.addEventListener("change", () => this.listenLobby());
    this.match = null;
    this.you = null;
    this.seen = null; // the online part last shown, to say what changed
    this.ticker = setInterval(() => this.showClocks(), 250);
  }

  /** Look for the game server; then open the link's match, if any: true when a link was followed. */
  async start(link) {
    this.available = await this.server.available();
    if (!this.available) {
      this.view.show("unavailable");
      if (link) this.app.say(this.t("online-unavailable"));
      return false;
    }
    this.view.say("");
    this.view.show("idle");
    this.listenLobby();
    if (!link) return false;
    if (link.watch) return this.open(link.watch, null);
    if (link.match) return this.open(link.match, (Seats.get(link.match) || {}).token || null);
    return this.join(...link.join);
  }

  say(key, params) {
    this.app.say(this.t(key, params));
  }

  /** What a refused request ({error, code}) says; a stale action (the match moved on) asks for the match again. */
  errorText(answer) {
    if (answer.code === "stale" && this.match) this.match.resync();
    return this.t(CODES[answer.code] || "online-failed");
  }

  /** A new match: a friend's (its links shown) or an offer to the lobby. */
  async create(offer) {
    const settings = this.view.settings();
    const made = await this.server.create({ ...settings, public: offer });
    if (made.error) return this.say(CODES[made.code] || "online-failed");
    await this.open(made.match, made.token);
    if (!offer) {
      const page = location.href.split("#")[0];
      this.view.showLinks(`${page}#join=${made.match}.${made.invite}`, `${page}#watch=${made.match}`);
      this.view.show("invite");
      this.view.inviteLink.focus();
    }
    this.say("online-waiting");
    this.view.say(this.t("online-waiting"));
    return true;
  }

  /** Take a match's open seat (an invitation's, or a lobby offer's); a seat already held here is taken back. */
  async join(match, invite) {
    const held = Seats.get(match);
    if (held) return this.open(match, held.token);
    const joined = await this.server.join(match, invite);
    if (joined.error) {
      this.say(CODES[joined.code] || "online-failed");
      if (joined.code === "seat-taken") return this.open(match, null, false);
      return false;
    }
    return this.open(match, joined.token);
  }

  /** Play (token) or watch (null) a match: the page's match becomes it. */
  open(id, token, greet = true) {
    if (this.match) this.match.close();
    this.you = null;
    this.seen = null;
    // {waited, met, away, quiet}: what was said of the opponent's presence. A rematch (greet false) is quiet
    // until the opponent is first seen in it: both move over at once, and "away", then "back", would be untrue.
    this.presence = { quiet: !greet };
    this.greet = greet;
    history.replaceState(null, "", `#${token ? "match" : "watch"}=${id}`);
    this.view.show("match");
    this.match = new OnlineMatch(this.server, id, token, {
      push: (frame) => this.push(frame),
      online: (online) => this.showOnline(online),
      status: (status, code) => this.status(status, code),
    });
    this.app.online = this;
    this.app.match = this.match;
    return true;
  }

  /** A frame the server sent of its own: the whole match, or a change (the opponent's action, an opening). */
  async push(frame) {
    const app = this.app;
    const before = app.state;
    if (frame.record) {
      this.you = this.match.you;
      app.seats = { white: { kind: this.you === "white" ? "person" : "remote" },
        black: { kind: this.you === "black" ? "person" : "remote" } };
      app.setMode("game");
      app.analysis.reset(); // an online match is not analysed here (nardy-play-analysis.js)
      app.accept(frame);
      const waiting = this.match.online && this.match.online.seated.length < 2;
      if (this.greet) app.say(`${this.seatText()} ${waiting ? this.t("online-waiting") : stateText(this.t, app.state, app.seats)}`);
      this.greet = false;
      return;
    }
    const action = frame.change.actions[frame.change.actions.length - 1];
    const moved = action && action.act === "move" && frame.state.turn;
    let motion = null;
    if (moved) motion = { hops: hops(before.side, frame.state.turn.moves[frame.state.turn.moves.length - 1]) };
    app.accept(frame, motion);
    if (moved) {
      app.sound.move();
      const found = await app.ask(turnRequest(before, "check", { from: action.from, to: action.to, die: action.die }));
      if (found.notation) app.sayMoved(found.notation, true);
    } else if (action) {
      if (action.act === "roll" || action.act === "opening") app.sound.dice();
      app.say(`${actionText(this.t, app.strings, action, before, frame)} ${this.turnText()}`);
    }
  }

  seatText() {
    return this.t(this.you ? `online-you-${this.you}` : "online-watching");
  }

  turnText() {
    const state = this.app.state;
    if (!this.you || !state || !state.side) return "";
    return this.t(state.side === this.you ? "online-your-turn" : "online-their-turn");
  }

  /** The server's part of a frame: seats, presence, clock, the end, a rematch; what changed is said. */
  showOnline(online) {
    const seen = this.seen || online;
    this.seen = online;
    this.clock = online.clock && { ...online.clock, at: performance.now() };
    this.you = this.match.you;
    const other = this.you === "white" ? "black" : "white";
    // Presence: the opponent joined (seen here as the seat was waiting), went away (after having been here, or
    // already away when the match is opened), came back; each said once.
    const presence = this.presence;
    if (this.you && online.seated.length < 2) presence.waited = true;
    const here = online.present.includes(other);
    if (this.you && !presence.met && (here || (!presence.waited && !presence.quiet && online.seated.length === 2))) {
      presence.met = true;
      // Said with whose turn it is, once this frame's change (the opening roll) is the page's.
      if (here && presence.waited) queueMicrotask(() => this.app.say(`${this.t("online-opponent-joined")} ${this.turnText()}`));
    }
    const away = Boolean(this.you && presence.met && online.seated.length === 2 && !online.over && !here);
    if (away && !presence.away) this.say("online-opponent-away");
    else if (!away && presence.away && here) this.say("online-opponent-back");
    presence.away = away;
    // The end, when it comes (or when a match already over is opened): play's end is the engine's to say.
    if (online.over && online.over.reason !== "play" && (!seen.over || seen === online)) {
      const loser = online.over.winner === "white" ? "black" : "white";
      this.say(online.over.reason === "cancelled" ? "online-cancelled" : `online-over-${online.over.reason}-${loser}`);
    }
    const rematch = online.rematch || { asked: [] };
    if (rematch.match && !(seen.rematch || {}).match && this.you) {
      // The rematch's seats are this match's tokens, the colours swapped.
      Seats.keep(rematch.match, this.you === "white" ? "black" : "white", this.match.token);
      this.open(rematch.match, this.match.token, false);
      this.say("online-rematch-begins");
      return;
    }
    if (this.you && rematch.asked.includes(other) && !(seen.rematch || { asked: [] }).asked.includes(other)) this.say("online-rematch-offered");
    if (online.seated.length === 2 && this.view.mode === "invite") {
      this.view.show("match");
      this.view.say("");
      // The creator was reading the invitation under the board: the match starts, so the board comes to the top.
      this.app.fit.show();
    }
    this.view.showMatch({
      seat: this.seatText(),
      presence: away ? this.t("online-opponent-away") : "",
      clocks: this.clockText(),
      rematch: Boolean(this.you && online.over && online.over.reason !== "cancelled" && !rematch.asked.includes(this.you)),
    });
    this.app.updateButtons();
  }

  /** Both clocks as they run: the running side's delay and reserve counted down here between frames. */
  clockText() {
    const clock = this.clock;
    if (!clock) return "";
    const used = clock.elapsed + (performance.now() - clock.at);
    return ["white", "black"].map((side) => {
      let left = clock.reserve[side];
      if (side === clock.running) left = Math.min(left, left - (used - clock.delay)) + Math.max(0, clock.delay - used);
      return this.t("online-clock", { color: this.t(`online-${side}`), time: clockTime(left) });
    }).join(" · ");
  }

  showClocks() {
    if (this.clock && this.clock.running && !this.view.clocks.hidden) this.view.clocks.textContent = this.clockText();
  }

  status(status, code) {
    if (status === "lost") {
      this.lostAt = this.lostAt || Date.now();
      this.say("online-connection-lost");
    } else if (status === "open" && this.lostAt) {
      this.lostAt = null;
      this.say("online-connection-back");
    } else if (status === "refused") {
      this.say(CODES[code] || "online-failed");
    }
    this.app.updateButtons();
  }

  async rematch() {
    const answer = await this.match.rematch();
    if (answer.error) return this.say(CODES[answer.code] || "online-failed");
    return this.say("online-rematch-asked");
  }

  async copy(input) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (error) {
      /* no clipboard here (insecure origin, refused): the link stays selected to copy by hand */
    }
    this.say("online-copied");
  }

  /** Back to playing on this device: the match stays open on the server (its link brings this seat back). */
  async leave({ quiet = false } = {}) {
    if (!this.match) return;
    this.match.close();
    this.match = null;
    this.clock = null;
    this.app.online = null;
    this.app.match = new OpenMatch((request) => this.app.ask(request));
    history.replaceState(null, "", location.pathname + location.search);
    this.view.show("idle");
    if (!quiet) {
      await this.app.newMatch();
      this.say("online-left");
    }
  }

  listenLobby() {
    if (!this.available) return;
    if (this.lobby) closeSocket(this.lobby);
    const socket = new WebSocket(this.server.socketUrl(`lobby/ws?variant=${this.view.fields.variant.value}`));
    this.lobby = socket;
    socket.onmessage = (event) => {
      try {
        this.view.showLobby(JSON.parse(event.data).lobby);
      } catch (error) {
        /* a frame that does not read: the next one comes in a few seconds */
      }
    };
    socket.onclose = () => {
      if (this.lobby === socket) setTimeout(() => this.lobby === socket && this.listenLobby(), 5000);
    };
    socket.onerror = () => {};
  }
}
