/* The play page's client of the game server (nardy_server, dev/server.md): its HTTP calls, the seats this
   browser holds, and a match played over a WebSocket.

   OnlineMatch speaks the worker's game protocol by id (nardy_rules.game_session: actions in, changes
   out), so the page keeps an online match exactly as an offline one (OpenMatch, nardy-play-match.js):
   the whole record and every game's scoresheet from the whole match, each change applied to them, and a
   change whose base is not the page's seq makes it ask for the whole match again. The server sends
   every change to every connection: the page's own action is answered on its last change ("answer");
   the opponent's arrive as pushes. A lost connection is opened again (at once when the browser is back
   online, else after 0.5, 1, 2, ... 15 s), and the whole match comes back with the hello.

   Seats: a seat's token is kept in localStorage (nardy-online-v1) under the match id, so a reload or
   another tab of the same browser takes the seat back; it travels only in a POST's answer and in the
   hello frame, never in an address. */

import { OpenMatch } from "./nardy-play-match.js";

const KEY = "nardy-online-v1";
/** The most seats kept (the oldest forgotten). */
const MOST_SEATS = 50;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

/** The game server's address beside the page: <root>/api/ (the play page is <root>/<lang>/play/). */
export function apiBase(location = window.location) {
  return new URL("../../api/", location.href);
}

/** Close a socket; one still connecting closes once open, because closing it sooner makes the browser
    warn on the console ("closed before the connection is established"). Its messages are no longer read. */
export function closeSocket(socket, code = 1000) {
  socket.onmessage = null;
  if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(code);
  else socket.close(code);
}

export class GameServer {
  constructor(base = apiBase()) {
    this.base = base;
  }

  async request(method, path, body) {
    const response = await fetch(new URL(path, this.base), {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      cache: "no-store",
    });
    let answer = null;
    try {
      answer = await response.json();
    } catch (error) {
      answer = null;
    }
    return { status: response.status, answer: answer || {} };
  }

  /** Whether a game server answers here. A built site has a file at that address saying there is none, so a
      static copy answers without a failed request; offline nothing is asked. */
  async available() {
    if (navigator.onLine === false) return false;
    try {
      const { status, answer } = await this.request("GET", "server.json");
      return status === 200 && answer.server === "nardy";
    } catch (error) {
      return false;
    }
  }

  /** A new match: {match, seat, token, invite} (stored), or {error, code}. */
  async create(settings) {
    const { status, answer } = await this.request("POST", "matches", settings);
    if (status !== 201) return { error: answer.error || String(status), code: answer.code || "failed" };
    Seats.keep(answer.match, answer.seat, answer.token);
    return answer;
  }

  /** The open seat of a match (an invite's or a public offer's): {match, seat, token} (stored), or {error, code}. */
  async join(match, invite) {
    const { status, answer } = await this.request("POST", `matches/${encodeURIComponent(match)}/join`, { invite });
    if (status !== 200) return { error: answer.error || String(status), code: answer.code || "failed" };
    Seats.keep(answer.match, answer.seat, answer.token);
    return answer;
  }

  /** What anyone may know of a match (its kind, length, status), or null. */
  async summary(match) {
    const { status, answer } = await this.request("GET", `matches/${encodeURIComponent(match)}`);
    return status === 200 ? answer : null;
  }

  socketUrl(path) {
    const url = new URL(path, this.base);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return url.href;
  }
}

/** The seats this browser holds: match id -> {seat, token, at}. Storage that is missing or full is ignored. */
export const Seats = {
  all() {
    try {
      const value = JSON.parse(localStorage.getItem(KEY) || "{}");
      return value && typeof value === "object" && value.seats && typeof value.seats === "object" ? value.seats : {};
    } catch (error) {
      return {};
    }
  },
  get(match) {
    const held = this.all()[match];
    return held && typeof held.token === "string" && typeof held.seat === "string" ? held : null;
  },
  keep(match, seat, token) {
    const seats = this.all();
    seats[match] = { seat, token, at: Date.now() };
    const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at);
    for (const id of ids.slice(MOST_SEATS)) delete seats[id];
    try {
      localStorage.setItem(KEY, JSON.stringify({ seats }));
    } catch (error) {
      /* no storage: the seat lasts as long as the page */
    }
  },
};

export class OnlineMatch extends OpenMatch {
  /** server: a GameServer; id: the match; token: the seat's, or null for a spectator; listeners:
      push(frame, state) for every change or whole match not answering the page's request, online(online)
      for the server's part of each frame, status("connecting" | "open" | "lost" | "refused", code). */
  constructor(server, id, token, listeners) {
    super(null);
    Object.assign(this, { server, token, listeners });
    this.id = id;
    this.seq = -1;
    this.asked = 0;
    this.pending = new Map();
    this.online = null;
    this.you = null;
    this.closed = false;
    this.failures = 0;
    this.onOnline = () => this.connect();
    // The browser says the network is gone: the socket is closed now rather than when it times out, so the
    // page says so at once and the server tells the opponent.
    this.onOffline = () => this.socket && closeSocket(this.socket, 4000);
    addEventListener("online", this.onOnline);
    addEventListener("offline", this.onOffline);
    this.connect();
  }

  connect() {
    if (this.closed || (this.socket && this.socket.readyState <= 1)) return;
    clearTimeout(this.retry);
    this.listeners.status("connecting");
    const socket = new WebSocket(this.server.socketUrl(`matches/${encodeURIComponent(this.id)}/ws`));
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify(this.token ? { op: "hello", token: this.token } : { op: "hello" }));
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.lost(socket, event.code);
    socket.onerror = () => {};
  }

  lost(socket, code) {
    if (socket !== this.socket) return;
    for (const resolve of this.pending.values()) resolve({ error: "connection", code: "connection" });
    this.pending.clear();
    if (this.closed) return;
    if (code === 1008 && this.refusal) {
      this.listeners.status("refused", this.refusal);
      return;
    }
    this.listeners.status("lost");
    const wait = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
    this.failures += 1;
    this.retry = setTimeout(() => this.connect(), wait);
  }

  receive(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch (error) {
      return;
    }
    if (frame.online) {
      this.online = { ...(this.online || {}), ...frame.online };
      if ("you" in frame.online) this.you = frame.online.you;
    }
    let state = null;
    if (frame.record || frame.change) {
      state = this.take(frame);
      if (frame.record) {
        this.failures = 0;
        this.listeners.status("open");
      }
    }
    if (frame.error && frame.answer == null) this.refusal = frame.code;
    if (frame.online) this.listeners.online(this.online);
    const resolve = frame.answer != null && this.pending.get(frame.answer);
    if (resolve) {
      this.pending.delete(frame.answer);
      resolve(frame);
    } else if (state) {
      this.listeners.push(frame, state);
    }
  }

  /** A whole match or a change, applied once (the page takes a frame again when it is an answer). */
  take(frame) {
    if (frame.taken) return frame.taken;
    if (frame.change && (this.record === null || frame.change.base !== this.seq)) {
      this.resync();
      frame.taken = null;
      return null;
    }
    frame.taken = super.take(frame);
    return frame.taken;
  }

  /** A request about the match ({action} | {export: true} | {} for the whole match); its answer, or
      {error, code: "connection"} when the connection is not open. */
  send(fields) {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return Promise.resolve({ error: "connection", code: "connection" });
    this.asked += 1;
    const ask = this.asked;
    const request = { op: "game", match: this.id, ask, ...fields };
    if (fields.action) request.seq = this.seq;
    return new Promise((resolve) => {
      this.pending.set(ask, resolve);
      socket.send(JSON.stringify(request));
    });
  }

  /** Ask for the whole match without waiting: it comes back as a push (a change was missed). */
  resync() {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify({ op: "game", match: this.id }));
  }

  /** Ask for a rematch: its answer. */
  rematch() {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return Promise.resolve({ error: "connection", code: "connection" });
    this.asked += 1;
    const ask = this.asked;
    return new Promise((resolve) => {
      this.pending.set(ask, resolve);
      socket.send(JSON.stringify({ op: "rematch", ask }));
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    removeEventListener("online", this.onOnline);
    removeEventListener("offline", this.onOffline);
    if (this.socket) closeSocket(this.socket);
  }
}
