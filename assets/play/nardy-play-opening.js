/* A new game's first turn before the engine is ready: the engine's answers, recorded by the build.

   Pyodide and the engine take about 3 s to start; the board is drawn in half a second. A new game's
   opening is known before any reader comes, so the build recorded every game request the page sends
   from "new" to the first "confirm" (the opening roll, long nardy's first roll, every order of moves,
   undo) and the targets and check answers of those turns: nardy_site/figures/opening.py writes
   play/nardy-opening.json and, apart, the check answers, play/nardy-opening-checks.json (half the record,
   fetched when a checker is first selected, so the first file is read sooner; the docstring has both
   formats). Until the engine is ready, answer(request) answers from them exactly what the worker would
   (null for anything else: the engine answers that).

   The stand-in keeps its match as a worker's session does (nardy_rules.game_session: an id, seq, the
   change of each action), so the page (OpenMatch) keeps the record from its changes as always. Its id
   is one no worker gives: once the engine is ready, or at the first request the record does not hold
   (the computer's decision, a second turn), the page's request about the match goes to the worker,
   which answers "no-such-match", and OpenMatch opens the record there: the match goes on in the
   engine. Nothing here knows a rule; the dice are the page's own throws (nardy-play-seats.js). A
   damaged record is never used: it is said on the console once and the engine answers everything (a
   damaged checks file: the engine answers the checks).

   A share link of a figure's position and dice has a record of its own in the same format
   (play/nardy-links/, nardy-play.js picks it): its game starts from the link's position ("start") and the
   record answers the "forms" request of the link's text. A play's text follows the order its moves were
   walked in: a confirm node's "plays" gives the texts of the orders that read otherwise. */

import { writeMoves } from "../board/nardy-link.js";
import { AnswerRecord } from "../engine/nardy-embedded.js";

/** The files of a new game's record (nardy_site.figures.opening.NAME and CHECKS_NAME). */
const NAMES = { record: "nardy-opening.json", checks: "nardy-opening-checks.json" };

/** The stand-in's match id: the worker's are m1, m2, ... (nardy_rules.game_live). */
export const MATCH = "opening";

function copy(value) {
  return JSON.parse(JSON.stringify(value));
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function keysAre(object, keys) {
  return isObject(object) && Object.keys(object).sort().join(",") === keys;
}

function check(condition, what, name) {
  if (!condition) throw new Error(`The play page's opening record (${name}) is damaged: ${what}.`);
}

const index = (value, size) => Number.isInteger(value) && value >= 0 && value < size;

/** Every index the record holds points into its tables: a damaged record fails here, not in a game. */
function validate(json, name) {
  const ok = (condition, what) => check(condition, what, name);
  ok(isObject(json) && json.format === 2, "not format 2");
  ok(Array.isArray(json.values), "no values");
  ok(isObject(json.games) && isObject(json.answers), "no games or answers");
  for (const [variant, game] of Object.entries(json.games)) {
    ok(Array.isArray(game.keys) && game.keys.every((key) => typeof key === "string"), `${variant}: keys`);
    ok(!("start" in game) || typeof game.start === "string", `${variant}: start`);
    ok(Array.isArray(game.nodes) && game.nodes.length > 0, `${variant}: no nodes`);
    const tables = game.nodes[0].rows.length;
    ok(isObject(game.lengths) && Object.values(game.lengths).every((table) => index(table, tables)), `${variant}: lengths`);
    ok(isObject(game.records) && Object.keys(game.lengths).every((length) => isObject(game.records[length])), `${variant}: records`);
    const change = (at) => index(at, json.values.length) && isObject(json.values[at]) && Number.isInteger(json.values[at].back)
      && Number.isInteger(json.values[at].sheet_back) && Array.isArray(json.values[at].actions) && Array.isArray(json.values[at].sheet);
    const step = (item) => Array.isArray(item) && item.length === 2 && index(item[0], game.nodes.length) && change(item[1]);
    ok(step([0, game.undo]), `${variant}: undo`);
    game.nodes.forEach((node, number) => {
      const where = `${variant}: node ${number}`;
      ok(Array.isArray(node.rows) && node.rows.length === tables && node.rows.every((row) => Array.isArray(row)
        && row.length === game.keys.length && row.every((value) => index(value, json.values.length))), `${where}: rows`);
      ok(node.extra === null || (index(node.extra, json.values.length) && isObject(json.values[node.extra])), `${where}: extra`);
      for (const kind of ["open", "roll"]) if (kind in node) ok(isObject(node[kind]) && Object.values(node[kind]).every(step), `${where}: ${kind}`);
      if ("move" in node) ok(Array.isArray(node.move) && node.move.every(step), `${where}: move`);
      if ("confirm" in node) ok(step(node.confirm), `${where}: confirm`);
      if ("plays" in node) {
        ok(isObject(node.plays) && Object.values(node.plays).every((texts) => Array.isArray(texts) && texts.length === 2
          && texts.every((text) => typeof text === "string")), `${where}: plays`);
      }
      if ("text" in node) ok(typeof node.text === "string", `${where}: text`);
    });
  }
  ok(!("forms" in json) || (isObject(json.forms) && typeof json.forms.position === "string" && isObject(json.forms.answer)), "forms");
  const answers = json.answers;
  ok(Array.isArray(answers.shared) && Array.isArray(answers.turns), "answers");
  for (const turn of answers.turns) {
    ok(isObject(turn) && Array.isArray(turn.states) && Array.isArray(turn.places), "a turn of the answers");
    for (const state of turn.states) {
      ok(isObject(state) && isObject(state.answer) && Array.isArray(state.answer.legal_moves) && Array.isArray(state.next)
        && state.next.length === state.answer.legal_moves.length && state.next.every((n) => index(n, turn.states.length)), "a state of the answers");
      if (state.targets) ok(state.targets.length === turn.places.length && state.targets.every((n) => index(n, answers.shared.length)), "targets");
    }
  }
}

/** The record read and checked; throws an Error saying what is damaged. */
export class OpeningRecord {
  /** name: the file's, as a damaged one is named. */
  constructor(json, name = NAMES.record) {
    validate(json, name);
    this.forms = json.forms || null; // a share link's record: the forms answer of its position's text
    this.values = json.values;
    this.games = json.games;
    this.turns = json.answers.turns;
    this.answers = new AnswerRecord(json.answers);
  }

  /** The check answers (nardy-opening-checks.json) put in the turns' states, as the boards' record holds them;
      throws an Error saying what is damaged, and then puts nothing in. */
  addChecks(json, name = NAMES.checks) {
    check(isObject(json) && json.format === 2 && Array.isArray(json.shared) && Array.isArray(json.turns)
      && json.turns.length === this.turns.length, "not format 2, or not this record's", name);
    const item = (value) => Array.isArray(value) && value.length === 4 && index(value[3], json.shared.length);
    json.turns.forEach((states, number) => check(Array.isArray(states) && states.length === this.turns[number].states.length
      && states.every((items) => Array.isArray(items) && items.every(item)), `turn ${number}`, name));
    json.turns.forEach((states, number) => states.forEach((items, at) => {
      this.turns[number].states[at].checks = items.map(([from, to, die, answer]) => [from, to, die, json.shared[answer]]);
    }));
  }
}

/** The record at url, fetched now (a Promise of its JSON; null when there is none: the engine answers). A file
    that is not JSON rejects, as a damaged one does. */
export function fetchRecord(url) {
  return fetch(url).then((response) => (response.ok ? response.json() : null), () => null);
}

/** The stand-in: answer(request) is the engine's answer from the record (a Promise), or null. */
export class Opening {
  /** source: a Promise of the record's JSON (fetchRecord), or of null; checks: a function that fetches the check
      answers' JSON the same way (called once, when a checker is first selected). */
  constructor(source, engine, checks = () => Promise.resolve(null), names = NAMES) {
    this.engine = engine;
    this.names = names;
    this.match = null;
    this.fetchChecks = checks;
    this.checks = null; // a Promise of whether the record holds the check answers, once they are asked for
    this.problem = ""; // what is wrong with a damaged record or checks file (the tests read it)
    this.record = Promise.resolve(source)
      .then((json) => (json === null ? null : new OpeningRecord(json, names.record)))
      .catch((error) => this.damaged(error, names.record, null));
  }

  /** A damaged file is a broken build: said once, and never used (no wrong answer, only a slower one); returns
      what stands for it. */
  damaged(error, name, instead) {
    this.problem = error instanceof SyntaxError
      ? `The play page's opening record (${name}) is damaged: ${error.message}` : String(error && error.message);
    console.error(this.problem);
    return instead;
  }

  answer(request) {
    return this.record.then((record) => {
      if (!record || this.engine.status === "ready" || !isObject(request)) return null;
      if (request.op === "forms" && record.forms && keysAre(request, "op,position") && request.position === record.forms.position) {
        return copy(record.forms.answer); // a share link's position, as the engine reads it
      }
      if (request.op === "game") {
        const answer = this.game(record, request);
        if (answer === null) this.match = null; // the engine has the match from now on (from its record)
        return answer;
      }
      if (request.op === "targets" && this.match) {
        this.loadChecks(record); // a check may follow the selection
        return this.turn(record, request);
      }
      if (request.op === "check" && this.match) {
        return this.loadChecks(record).then((held) => (held && this.engine.status !== "ready" && this.match ? this.turn(record, request) : null));
      }
      return null;
    });
  }

  /** The check answers put in the record, fetched once (a Promise of true; false without them). */
  loadChecks(record) {
    if (!this.checks) {
      this.checks = Promise.resolve()
        .then(() => this.fetchChecks())
        .then((json) => {
          if (json === null) return false;
          record.addChecks(json, this.names.checks);
          return true;
        })
        .catch((error) => this.damaged(error, this.names.checks, false));
    }
    return this.checks;
  }

  /** A game request: a new match of a recorded game and length, or an action the record holds. */
  game(record, request) {
    if (keysAre(request, "new,op") && isObject(request.new)) {
      const game = Object.prototype.hasOwnProperty.call(record.games, request.new.variant) ? record.games[request.new.variant] : null;
      const length = String(request.new.length);
      if (!game || !Object.prototype.hasOwnProperty.call(game.lengths, length)) return null;
      // A new match from the start position, or from a share link's (its record's start) position.
      const fields = "start" in game ? "length,start,variant" : "length,variant";
      if (!keysAre(request.new, fields) || ("start" in game && request.new.start !== game.start)) return null;
      const opened = game.records[length];
      this.match = { game, table: game.lengths[length], length: request.new.length, node: 0, path: [], moves: [], seq: 0,
        actions: opened.record.games[0].actions.length, sheet: opened.scoresheet[0].length };
      return this.extra(record, { match: MATCH, seq: 0, record: copy(opened.record),
        state: { ...this.state(record), scoresheet: copy(opened.scoresheet) } });
    }
    if (!keysAre(request, "action,match,op") || request.match !== MATCH || !this.match || !isObject(request.action)) return null;
    const match = this.match;
    const node = match.game.nodes[match.node];
    const action = request.action;
    let step = null;
    if ((action.act === "opening" || action.act === "roll") && keysAre(action, "act,dice") && Array.isArray(action.dice)) {
      const table = node[action.act === "opening" ? "open" : "roll"];
      const key = action.dice.join(",");
      if (table && Object.prototype.hasOwnProperty.call(table, key)) step = table[key];
    } else if (action.act === "move" && keysAre(action, "act,die,from,to") && node.move) {
      const legal = this.state(record).turn.legal_moves;
      const at = legal.findIndex((move) => move.from === action.from && move.to === action.to && move.die === action.die);
      if (at >= 0) {
        step = node.move[at];
        match.path.push(match.node);
        match.moves.push(legal[at]);
      }
    } else if (action.act === "undo" && keysAre(action, "act") && match.path.length) {
      step = [match.path.pop(), match.game.undo];
      match.moves.pop();
    } else if (action.act === "confirm" && keysAre(action, "act") && node.confirm) {
      step = node.confirm;
    }
    if (!step) return null;
    const [next, changed] = step;
    const change = record.values[changed];
    const sheet = copy(change.sheet);
    // The play confirmed: its moves as walked, and its texts, which follow their order (the node's plays).
    // Keyed as a link writes moves (nardy_site.figures.opening._order_key).
    const texts = action.act === "confirm" && node.plays ? node.plays[writeMoves(match.moves)] : undefined;
    for (const entry of sheet) {
      if (!isObject(entry) || entry.moves !== null) continue;
      entry.moves = copy(match.moves);
      if (texts) [entry.play, entry.own] = texts;
    }
    const at = match.actions - change.back;
    const sheetAt = match.sheet - change.sheet_back;
    match.actions = at + change.actions.length;
    match.sheet = sheetAt + sheet.length;
    match.node = next;
    if (action.act === "confirm") {
      match.path = [];
      match.moves = [];
    }
    match.seq += 1;
    return this.extra(record, { match: MATCH, seq: match.seq, state: this.state(record),
      change: { base: match.seq - 1, game: 1, at, actions: copy(change.actions), sheet_at: sheetAt, sheet } });
  }

  /** The state of the match's node, as the engine answers it (with the moves walked in this turn). */
  state(record) {
    const match = this.match;
    const row = match.game.nodes[match.node].rows[match.table];
    const state = {};
    match.game.keys.forEach((key, at) => { state[key] = copy(record.values[row[at]]); });
    state.length = match.length; // the table's lengths differ in this field alone (the build checked)
    if (state.turn) state.turn.moves = copy(match.moves);
    return state;
  }

  extra(record, answer) {
    const node = this.match.game.nodes[this.match.node];
    return node.extra === null ? answer : { ...answer, ...copy(record.values[node.extra]) };
  }

  /** A targets or check request about the turn being played: the rules boards' record of that turn. */
  turn(record, request) {
    const node = this.match.game.nodes[this.match.node];
    const turn = this.state(record).turn;
    if (!node.text || !turn || JSON.stringify(request.position) !== JSON.stringify(turn.position)) return null;
    if (JSON.stringify(request.moves) !== JSON.stringify(turn.moves)) return null;
    // The game state's moves carry "hit"; the boards' record walks moves as a board sends them, without it.
    const moves = turn.moves.map((move) => ({ from: move.from, to: move.to, die: move.die }));
    return record.answers.lookup({ ...request, position: node.text, moves });
  }
}
