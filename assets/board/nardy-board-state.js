/* A board's turn and its undo/redo history: pure data, no DOM, no rule.

   A snapshot is the turn as the board asks the engine about it: {position:
   the text form at the turn's start, dice: [..] or null (to roll), moves:
   [{from, to, die}, ...], rolled: whether the reader threw these dice (so
   that a turn without a legal move passes)}. Undo and redo step through the
   snapshots the reader made; a turn that ends is replaced by the next side's
   (replace), so that undo goes back into it. */

export class History {
  constructor(example) {
    this.example = example;
    this.reset();
  }

  reset() {
    this.current = this.example;
    this.past = [];
    this.future = [];
    this.pristine = true;
  }

  /** A new step (a move, new dice): what was redoable is gone. */
  change(snapshot) {
    this.past.push(this.current);
    this.future = [];
    this.current = snapshot;
    this.pristine = false;
  }

  /** The same step, said otherwise: the turn has passed to the other side. */
  replace(snapshot) {
    this.current = snapshot;
  }

  /** A position from elsewhere (a link): no history. */
  open(snapshot) {
    this.current = snapshot;
    this.past = [];
    this.future = [];
    this.pristine = false;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  undo() {
    if (!this.canUndo) return false;
    this.future.push(this.current);
    this.current = this.past.pop();
    this.pristine = this.current === this.example && !this.past.length;
    return true;
  }

  redo() {
    if (!this.canRedo) return false;
    this.past.push(this.current);
    this.current = this.future.pop();
    this.pristine = false;
    return true;
  }
}

/** A snapshot's turn with more moves. */
export function withMoves(snapshot, moves) {
  return { ...snapshot, moves: snapshot.moves.concat(moves.map(({ from, to, die }) => ({ from, to, die }))) };
}

/** A request of nardy_rules.live about a snapshot's turn: state, targets, check, plays. */
export function turnRequest(snapshot, op, extra = {}) {
  return { op, position: snapshot.position, dice: snapshot.dice, moves: snapshot.moves, ...extra };
}

/** What the board shows for a snapshot: the turn so far, or the bare position while no dice are thrown. */
export function viewRequest(snapshot) {
  if (!snapshot.dice && !snapshot.moves.length) return { op: "position", position: snapshot.position };
  return turnRequest(snapshot, "state");
}
