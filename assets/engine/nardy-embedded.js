/* The answers the build recorded for a board's example: the engine's own, before the engine is ready.

   The record (nardy_site/figures/answers.py writes it as nardy-answers/<figure id>.json
   next to the page) holds, for the diagram's example turn, nardy_rules.live's
   answer to every request the board makes in every state of that turn, and
   the position answers it needs once the turn has ended. A request
   is answered here when the record holds it exactly (the same op, position
   text, dice and moves, nothing else in it); the state is found by walking
   the record with the request's moves, each matched to a move the engine
   listed there. That is reading what the engine answered, not a rule: any
   other request is left to the engine (null). */

const SHAPES = {
  position: ["op,position"],
  state: ["dice,moves,op,position"],
  plays: ["dice,moves,op,position"],
  targets: ["dice,from,moves,op,position"],
  check: ["dice,from,moves,op,position,to", "dice,die,from,moves,op,position,to"],
};

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function copy(value) {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function turnKey(position, dice) {
  return `${position} ${dice.join(",")}`;
}

/** A record, answering synchronously: lookup(request) is the engine's answer, or null. */
export class AnswerRecord {
  constructor(record) {
    this.shared = record.shared;
    this.positions = record.positions;
    this.turns = new Map(record.turns.map((turn) => [turnKey(turn.position, turn.dice), turn]));
    this.walkOnly = record.walk_only === true; // the states hold only the legal moves (the play page's opening)
  }

  lookup(request) {
    if (!isObject(request) || !Object.prototype.hasOwnProperty.call(SHAPES, request.op)) return null;
    if (!SHAPES[request.op].includes(Object.keys(request).sort().join(","))) return null;
    if (typeof request.position !== "string") return null;
    if (request.op === "position") {
      return Object.prototype.hasOwnProperty.call(this.positions, request.position) ? copy(this.positions[request.position]) : null;
    }
    if (!Array.isArray(request.dice) || !request.dice.every(Number.isInteger) || !Array.isArray(request.moves)) return null;
    const turn = this.turns.get(turnKey(request.position, request.dice));
    if (!turn) return null;
    const walked = this.walk(turn, request.moves);
    if (!walked) return null;
    const [state, moves] = walked;
    if (request.op === "state") return this.walkOnly ? null : copy({ ...state.answer, moves });
    if (request.op === "plays") return copy(turn.plays);
    if (request.op === "targets") {
      const index = turn.places.indexOf(request.from);
      return state.targets && index >= 0 ? copy(this.shared[state.targets[index]]) : null;
    }
    const die = request.die === undefined ? null : request.die;
    const check = (state.checks || []).find((item) => item[0] === request.from && item[1] === request.to && item[2] === die);
    if (!check) return null;
    return copy(typeof check[3] === "number" ? this.shared[check[3]] : check[3]); // an answer, or its index in shared
  }

  /** [the state the moves lead to, the engine's moves on the way], or null when it did not list one. */
  walk(turn, moves) {
    let state = turn.states[0];
    const made = [];
    for (const move of moves) {
      if (!isObject(move) || Object.keys(move).sort().join(",") !== "die,from,to") return null;
      const index = state.answer.legal_moves.findIndex(
        (legal) => legal.from === move.from && legal.to === move.to && legal.die === move.die);
      if (index < 0) return null;
      made.push(state.answer.legal_moves[index]);
      state = turn.states[state.next[index]];
      if (!state) return null; // a replay's record holds only the start of each turn
    }
    return [state, made];
  }
}

/** A board's record, fetched once, when a reader first shows interest in the board (load). */
export class EmbeddedAnswers {
  constructor(url) {
    this.url = url;
    this.record = null;
  }

  load() {
    if (!this.record) {
      this.record = fetch(this.url)
        .then((response) => (response.ok ? response.json() : null))
        .then((json) => (json && json.format === 1 ? new AnswerRecord(json) : null))
        .catch(() => null); // no record: the engine answers everything
    }
    return this.record;
  }

  /** The recorded answer to a request, or null (a Promise). */
  answer(request) {
    return this.load().then((record) => (record ? record.lookup(request) : null));
  }
}
