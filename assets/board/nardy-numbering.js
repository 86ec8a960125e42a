/* The numbers a reader sees and hears: the engine's places (White's numbering) in a board's numbering.

   A board prints its points' numbers from one side: the viewer's (Black playing sees its own 1..24, its home
   1..6 bottom right), or on an article's replay the side whose turn it shows. What the board says uses the
   same numbers: a point, a play in notation ("13/8*", "bar/22", "6/off", "24/18(2)"), the points a
   refusal names. labels ({point: number}, nardy_rules.svg.layout's of that side) give them; without labels,
   White's numbering, the engine's own. Only numbers are mapped: which checker may go where is the engine's. */

/** The parameters of the engine's reasons that name a point (nardy_rules.reasons: the table of codes). */
const POINT_PARAMS = ["point", "start", "end", "head", "first", "last", "higher"];

/** A point's number in a play's notation: at the start of a word or after a slash, never a count "(2)". */
const NOTATION_POINT = /(^|[\s/])(\d{1,2})(?![\d)])/g;

export class Numbering {
  /** labels: {"1": number, ..., "24": number}, or null for White's numbering. */
  constructor(labels = null) {
    this.labels = labels;
  }

  /** A place as this numbering names it: a point's number, "bar" and "off" as they are. */
  point(place) {
    const number = this.labels && this.labels[String(place)];
    return number === undefined || number === null ? place : number;
  }

  /** A play or move in notation, every point renumbered. */
  play(text) {
    if (!this.labels || typeof text !== "string") return text;
    return text.replace(NOTATION_POINT, (whole, before, digits) => `${before}${this.point(Number(digits))}`);
  }

  /** An engine's reason ({code, params, key}) with the points it names in this numbering. */
  reason(reason) {
    if (!this.labels || !reason || !reason.params) return reason;
    const params = { ...reason.params };
    for (const name of POINT_PARAMS) {
      if (Number.isInteger(params[name])) params[name] = this.point(params[name]);
    }
    return { ...reason, params };
  }
}
