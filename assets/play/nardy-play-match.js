/* The match the play page plays, as the engine holds it open (nardy_rules.game_session): opened once from a
   new match or a whole record, then played by its id, each action answered with what it changed.

   The page keeps the record (to store it and open it again on a reload) and every game's scoresheet from
   those changes, so an action costs one action on the wire however long the match. A worker that no
   longer holds the match (restarted, or it closed it for others) gets the record again, once; a change that
   does not follow the last one taken (a game server's client can miss one) fetches the whole match. */

export class OpenMatch {
  /** ask(request): the engine's answer (a Promise). */
  constructor(ask) {
    this.ask = ask;
    this.id = null;
    this.seq = 0;
    this.record = null;
    this.sheets = [];
  }

  /** Take an answer that opened the match (its whole record and state) or changed it; the state, with
      every game's scoresheet (the one the page keeps). */
  take(answer) {
    if (answer.record) {
      this.id = answer.match;
      this.seq = answer.seq;
      this.record = answer.record;
      this.sheets = answer.state.scoresheet;
    } else {
      const change = answer.change;
      const games = this.record.games;
      if (change.game > games.length) {
        games.push({ actions: [] });
        this.sheets.push([]);
      }
      games[change.game - 1].actions.splice(change.at, Infinity, ...change.actions);
      this.sheets[change.game - 1].splice(change.sheet_at, Infinity, ...change.sheet);
      this.seq = answer.seq;
    }
    answer.state.scoresheet = this.sheets;
    return answer.state;
  }

  /** A request about the open match ({"op": "game", "match", ...fields}); the answer, not yet taken. */
  async send(fields) {
    let answer = await this.ask({ op: "game", match: this.id, ...fields });
    if (answer.code === "no-such-match" && this.record) {
      const opened = await this.ask({ op: "game", record: this.record });
      if (opened.error) return opened;
      this.take(opened);
      answer = await this.ask({ op: "game", match: this.id, ...fields });
    }
    if (answer.change && answer.change.base !== this.seq) {
      const whole = await this.ask({ op: "game", match: this.id });
      if (whole.error) return whole;
      return { ...answer, change: null, match: whole.match, seq: whole.seq, record: whole.record, state: whole.state };
    }
    return answer;
  }
}
