/* The live boards' strings: the page's language from its catalog, with its plural rule.

   The catalog is assets/i18n.json, compiled by the build from locales/
   (nardy_site.translations.i18n.board_catalog): {lang, plural, nplurals, messages: {key:
   text | [forms]}, reasons: {message key: text | [forms]}}. A refusal's
   message is found by the key the engine sends with it (reason.key); the
   plural rule is an expression tree (nardy_site/translations/plural.py) evaluated here
   without eval. A board's strings carry its numbering (nardy-numbering.js): a refusal names
   its points as the board prints them. Callers insert the strings as text, never as HTML. */

import { Numbering } from "./nardy-numbering.js";

/** The index of the plural form for n: the catalog's rule, a tree from nardy_site/translations/plural.py. */
export function pluralIndex(tree, n) {
  if (tree === "n") return n;
  if (typeof tree === "number") return tree;
  const [op, a, b, c] = tree;
  const value = (node) => pluralIndex(node, n);
  switch (op) {
    case "?": return value(a) ? value(b) : value(c);
    case "!": return value(a) ? 0 : 1;
    case "neg": return -value(a);
    case "||": return value(a) || value(b) ? 1 : 0;
    case "&&": return value(a) && value(b) ? 1 : 0;
    case "==": return value(a) === value(b) ? 1 : 0;
    case "!=": return value(a) !== value(b) ? 1 : 0;
    case "<": return value(a) < value(b) ? 1 : 0;
    case ">": return value(a) > value(b) ? 1 : 0;
    case "<=": return value(a) <= value(b) ? 1 : 0;
    case ">=": return value(a) >= value(b) ? 1 : 0;
    case "+": return value(a) + value(b);
    case "-": return value(a) - value(b);
    case "*": return value(a) * value(b);
    case "/": return Math.trunc(value(a) / value(b));
    case "%": return value(a) % value(b);
    default: throw new Error(`plural rule: ${op}`);
  }
}

/** str.format for named fields only: {name}, and {{ }} for braces. */
export function format(template, params) {
  return template.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
  });
}

/** Dice in a sentence, as the engine lists them in its reasons: "5, 3". */
export function formatDice(dice) {
  return dice.join(", ");
}

function pick(catalog, entry, params) {
  if (Array.isArray(entry)) {
    const index = pluralIndex(catalog.plural, Number(params.count));
    return entry[Math.min(Math.max(index, 0), entry.length - 1)];
  }
  return entry;
}

/** A board message in the catalog's language. */
export function message(catalog, key, params = {}) {
  const entry = catalog.messages[key];
  if (entry === undefined) throw new Error(`no message ${key}`);
  return format(pick(catalog, entry, params), params);
}

/** A refusal's message in the catalog's language: the engine's {code, params, key}. */
export function reasonMessage(catalog, reason) {
  const params = reason.params || {};
  const entry = catalog.reasons[reason.key];
  if (entry === undefined) throw new Error(`no reason ${reason.key}`);
  return format(pick(catalog, entry, params), params);
}

/** The strings of one page, for a board with a numbering (White's, the engine's, unless given). */
export class Strings {
  constructor(catalog, numbering = new Numbering()) {
    this.catalog = catalog;
    this.numbering = numbering;
  }

  /** The same strings for a board that prints its points in this numbering. */
  withNumbering(numbering) {
    return new Strings(this.catalog, numbering);
  }

  static async load(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Strings(await response.json());
  }

  text(key, params) {
    return message(this.catalog, key, params);
  }

  /** A refusal's message, its points in the board's numbering. */
  reason(reason) {
    return reasonMessage(this.catalog, this.numbering.reason(reason));
  }
}
