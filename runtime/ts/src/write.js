// @ts-check
// How the server runtime writes detail values and templates: the one
// interpreter of the wire's rules (errgenrt/write.go), reading the
// catalog's facts (facts.js). A value is first checked against its node;
// one that breaks a check is not written as given — an optional member is
// left out, an item dropped, a required member written as the node's
// replacement (without one its object fails in turn, and failed details
// make the error its catalog's fallback). A string is then redacted when
// sensitive and scrubbed by its x-sanitize, both unless the options show
// sensitive values, and bounded unless it is exact.
//
// Values are JSON values as JavaScript holds them (what JSON.parse makes,
// or what a caller passes): a member that is absent, undefined or null is
// absent, and null where a value of a type is expected is that type's
// empty value. Object members are read by their exact names, as own
// properties: __proto__ and constructor are members like any other.

import { checkAny, checkNumber, checkString } from "./check.js";
import { sanitizePath, sanitizeText, sanitizeURI } from "./sanitize.js";
import { byCodePoint, formatInteger, formatNumber, quote, truncate } from "./wire.js";

/** @typedef {import("./facts.js").Facts} Facts */
/** @typedef {import("./facts.js").Node} Node */
/** @typedef {import("./facts.js").ErrorFacts} ErrorFacts */
/** @typedef {import("./facts.js").Template} Template */
/** @typedef {{ readonly [key: string]: unknown }} Members */

/**
 * A detail value the runtime did not write as given, since it breaks its
 * schema (errgenrt.Violation).
 * @typedef {object} Violation
 * @property {string} symbol the error
 * @property {string} path where the value is in the details, a JSON Pointer ("/limit", "/paths/2")
 * @property {string} keyword the keyword it breaks: type, enum, const, pattern, format, minimum, minItems, uniqueItems, …
 * @property {"omitted" | "replaced" | "fallback"} outcome what was written instead
 */

/** @typedef {(v: Violation) => void} ViolationHook */

/**
 * @param {unknown} v
 * @returns {v is Members}
 */
export function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * member returns the member name of the object d, undefined when d has no
 * such own property.
 * @param {Members} d
 * @param {string} name
 */
function member(d, name) {
  return Object.hasOwn(d, name) ? d[name] : undefined;
}

/** The replacement of a node without one (no JSON value: a symbol). */
const NO_REPLACEMENT = Symbol("no replacement");

/** @type {readonly unknown[]} */
const EMPTY_LIST = Object.freeze([]);
const EMPTY_OBJECT = Object.freeze({});

/**
 * emptyValue is the value a required member absent from the details has,
 * and what null is where a value of n's type is expected: "", 0, false,
 * [], an object of its required properties, null.
 * @param {Node} n
 * @returns {unknown}
 */
function emptyValue(n) {
  switch (n.type) {
    case "string": return "";
    case "integer":
    case "number": return 0;
    case "boolean": return false;
    case "array": return EMPTY_LIST;
    case "object": return EMPTY_OBJECT;
  }
  return null;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * integer returns v as an integer value: a number (or a bigint) with no
 * fraction whose magnitude is at most 2^53 − 1, Number.MAX_SAFE_INTEGER,
 * which every runtime holds exactly; null for anything else.
 * @param {unknown} v
 * @returns {number | bigint | null}
 */
function integer(v) {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : null;
  if (typeof v === "bigint") return v >= -MAX_SAFE && v <= MAX_SAFE ? v : null;
  return null;
}

/**
 * number returns v as a number, null when it is none.
 * @param {unknown} v
 */
function number(v) {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  return null;
}

/**
 * jsonFloat is the number JSON writes for f: NaN is 0, the infinities the
 * largest finite numbers.
 * @param {number} f
 */
function jsonFloat(f) {
  if (Number.isNaN(f)) return 0;
  if (f === Infinity) return Number.MAX_VALUE;
  if (f === -Infinity) return -Number.MAX_VALUE;
  return f;
}

/**
 * The last long string (LONG code units or more) scrubbed, and the last
 * checked: a value is written in every payload of an occurrence (each
 * format, its message's placeholders, a minimal payload after a full one),
 * and scrubbing or checking megabytes again each time took most of the
 * time of one; the same string gives the same text, and the same verdict.
 */
const LONG = 4096;
let lastScrubbed = { mode: "", s: "", out: "" };
/** @type {{ c: import("./facts.js").Check | undefined, s: string, kw: string }} */
let lastChecked = { c: undefined, s: "", kw: "" };

/**
 * @param {string | undefined} mode
 * @param {string} s
 */
function sanitize(mode, s) {
  if (mode === undefined) return s;
  if (lastScrubbed.mode === mode && lastScrubbed.s === s) return lastScrubbed.out;
  let out = s;
  switch (mode) {
    case "path": out = sanitizePath(s); break;
    case "uri": out = sanitizeURI(s); break;
    case "text": out = sanitizeText(s); break;
  }
  if (s.length >= LONG) lastScrubbed = { mode, s, out };
  return out;
}

/**
 * check is checkString, remembering the last long string's verdict.
 * @param {import("./facts.js").Check | undefined} c
 * @param {string} s
 */
function check(c, s) {
  if (lastChecked.c === c && lastChecked.s === s && c !== undefined) return lastChecked.kw;
  const kw = checkString(c, s);
  if (s.length >= LONG) lastChecked = { c, s, kw };
  return kw;
}

/**
 * One declared property of an object node as the interpreter reads it:
 * made once per node (Tables.fields), with what writing and naming it
 * needs at hand.
 * @typedef {object} Field
 * @property {string} name
 * @property {string} key its name as a JSON member's name, then ":"
 * @property {string} at how a message names it after its object's path: .name, or ["name"]
 * @property {boolean} required
 * @property {Node} node
 * @property {number} index its place in the declared order
 */

/**
 * The declared properties of an object node, in order and by name.
 * @typedef {object} Fields
 * @property {readonly Field[]} list
 * @property {ReadonlyMap<string, Field>} byName
 * @property {number} required how many are required
 */

/**
 * Tables are a catalog's facts as the interpreter reads them: its object
 * shapes by name, the properties of each object node (made on first use,
 * then kept), its rules, and the hook that learns of violations.
 */
export class Tables {
  /** @param {Facts} facts */
  constructor(facts) {
    this.facts = facts;
    this.rules = facts.rules;
    /** @type {Map<Node, Node>} the node read for each node of the facts */
    this.uniforms = new Map();
    /** @type {Map<string, Node>} */
    this.shapes = new Map(facts.shapes.map((s) => [s.name, this.uniform(s.node)]));
    /**
     * Learns of every detail value not written as given, once per payload
     * rendered (errgenrt's Catalog.OnViolation); null: none.
     * @type {ViolationHook | null}
     */
    this.onViolation = null;
  }

  /**
   * uniform returns the node the interpreter reads for node n of the
   * facts: the same keywords, every one present (undefined when n leaves
   * it out; a replacement, NO_REPLACEMENT) in one order, so that every
   * node is an object of one shape and the interpreter's reads of them
   * stay fast whichever errors a server raises (the facts' nodes, parsed
   * from JSON, have as many shapes as keyword sets). Made once per node.
   * @param {Node} n
   * @returns {Node}
   */
  uniform(n) {
    let u = this.uniforms.get(n);
    if (u === undefined) {
      u = {
        type: n.type,
        shape: n.shape,
        properties: n.properties?.map((p) => ({ name: p.name, required: p.required, node: this.uniform(p.node) })),
        additionalProperties: n.additionalProperties === undefined ? undefined : this.uniform(n.additionalProperties),
        trim: n.trim,
        items: n.items === undefined ? undefined : this.uniform(n.items),
        keep: n.keep,
        sensitive: n.sensitive,
        verbose: n.verbose,
        sanitize: n.sanitize,
        maxBytes: n.maxBytes,
        exact: n.exact,
        check: n.check,
        replacement: Object.hasOwn(n, "replacement") ? n.replacement : NO_REPLACEMENT,
        fields: undefined,
      };
      this.uniforms.set(n, u);
    }
    return u;
  }

  /**
   * object returns the node that declares the properties of object node n:
   * the shape it names, or itself.
   * @param {Node} n
   * @returns {Node}
   */
  object(n) {
    if (n.shape === undefined) return n;
    const s = this.shapes.get(n.shape);
    if (s === undefined) throw new Error(`errgen: no detail shape ${n.shape}`);
    return s;
  }

  /**
   * fields returns the declared properties of object node n (those of the
   * shape it names).
   * @param {Node} n
   * @returns {Fields}
   */
  fields(n) {
    let f = n.fields;
    if (f === undefined) {
      const list = (this.object(n).properties ?? []).map((p, index) => ({
        name: p.name,
        key: quote(p.name, -1) + ":",
        at: memberPath("", p.name),
        required: p.required === true,
        node: p.node,
        index,
      }));
      f = { list, byName: new Map(list.map((p) => [p.name, p])), required: list.filter((p) => p.required).length };
      n.fields = f;
    }
    return f;
  }

  /**
   * typeError returns what makes v no value of node n as the details'
   * TypeScript type has it — a value of another JSON type, a required
   * property missing (absent, undefined or null; an untyped one absent),
   * a member an object without additionalProperties does not declare —
   * or "" when nothing does. The constraints (enum, pattern, bounds, an integer's fraction…)
   * are the writer's to check. The path of v, for the message, is parent
   * followed by at, joined only when a message or a value inside v needs
   * it.
   * @param {Node} n
   * @param {unknown} v
   * @param {string} parent
   * @param {string} at
   * @param {object[]} [seen] the objects and arrays v is inside of
   * @returns {string}
   */
  typeError(n, v, parent, at, seen) {
    switch (n.type) {
      case "string": return typeof v === "string" ? "" : mustBe(parent + at, "a string", v);
      case "integer": return typeof v === "number" || typeof v === "bigint" ? "" : mustBe(parent + at, "an integer", v);
      case "number": return typeof v === "number" ? "" : mustBe(parent + at, "a number", v);
      case "boolean": return typeof v === "boolean" ? "" : mustBe(parent + at, "a boolean", v);
      case "any": return "";
    }
    const path = parent + at;
    if (n.type === "array" ? !Array.isArray(v) : !isObject(v)) return mustBe(path, n.type === "array" ? "an array" : "an object", v);
    const o = /** @type {object} */ (v);
    if (seen !== undefined && seen.includes(o)) return `${path} contains itself`;
    // what the values inside v are inside of (made for the first of them
    // that is an array or an object: scalars need none)
    /** @type {object[] | undefined} */
    let inside;
    if (Array.isArray(v)) {
      const items = /** @type {Node} */ (n.items);
      for (let i = 0; i < v.length; i++) {
        if (inside === undefined && typeof v[i] === "object") inside = seen === undefined ? [o] : [...seen, o];
        const err = this.typeError(items, v[i], path, `[${i}]`, inside);
        if (err !== "") return err;
      }
      return "";
    }
    // One pass over the object's own members (the declared fields are not
    // looked up one by one: a server's errors have details of many
    // shapes). What it returns is what the declared order meets first: a
    // declared field's error (a required one missing included), else the
    // first other member's, in the object's order.
    const d = /** @type {Members} */ (v);
    const fields = this.fields(n);
    const extra = this.object(n).additionalProperties;
    let present = 0; // the required fields present
    let first = fields.list.length; // the place of the first declared field with an error
    let err = "";
    let other = ""; // the first other member's error
    for (const k in d) {
      if (!Object.hasOwn(d, k)) continue;
      const x = d[k];
      const p = fields.byName.get(k);
      if (p === undefined) {
        if (x === undefined || other !== "") continue;
        if (extra === undefined) {
          other = `${path} has no field ${JSON.stringify(k)}`;
          continue;
        }
        if (inside === undefined && typeof x === "object") inside = seen === undefined ? [o] : [...seen, o];
        other = this.typeError(extra, x, path, memberPath("", k), inside);
        continue;
      }
      // an untyped property takes null and undefined too, once it is there
      if (p.node.type !== "any" && (x === undefined || x === null)) continue;
      if (p.required) present++;
      if (p.index > first) continue;
      if (inside === undefined && typeof x === "object") inside = seen === undefined ? [o] : [...seen, o];
      const e = this.typeError(p.node, x, path, p.at, inside);
      if (e !== "") {
        first = p.index;
        err = e;
      }
    }
    if (present < fields.required) {
      for (const p of fields.list.slice(0, first)) {
        const x = member(d, p.name);
        if (p.required && (p.node.type === "any" ? !Object.hasOwn(d, p.name) : x === undefined || x === null)) return `${path}${p.at} is required`;
      }
    }
    return err !== "" ? err : other;
  }
}

/**
 * mustBe returns the message of a value v of another type than what at
 * path.
 * @param {string} path
 * @param {string} what
 * @param {unknown} v
 */
function mustBe(path, what, v) {
  return `${path} must be ${what}, got ${kindOf(v)}`;
}

/**
 * kindOf names the JSON type of v, for a message.
 * @param {unknown} v
 */
function kindOf(v) {
  if (v === null) return "null";
  return Array.isArray(v) ? "array" : typeof v;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * @param {string} path
 * @param {string} name
 */
function memberPath(path, name) {
  return IDENTIFIER.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

/**
 * The options the encoder reads (see core.js RenderOptions).
 * @typedef {object} EncoderOptions
 * @property {boolean} [verbose]
 * @property {boolean} [showSensitive]
 * @property {number} [maxStringBytes]
 */

/**
 * Encoder writes detail values and templates under one set of options, as
 * errgenrt's Encoder: it is minimal while a payload is written again past
 * its bound, with strings cut to minString bytes, and in text mode while
 * it writes a placeholder's value (strings unbounded).
 */
export class Encoder {
  /**
   * @param {Tables} tables
   * @param {EncoderOptions} o
   */
  constructor(tables, o) {
    this.tables = tables;
    this.redacted = tables.rules.redacted;
    this.verbose = o.verbose === true;
    /** Sensitive values in clear, x-sanitize values as given. */
    this.show = o.showSensitive === true;
    let max = typeof o.maxStringBytes === "number" && o.maxStringBytes > 0 ? Math.trunc(o.maxStringBytes) : 0;
    if (max <= 0) max = tables.facts.limits.maxStringBytes;
    if (!(max > 0)) max = 1024;
    this.maxString = Math.max(max, tables.rules.minMaxStringBytes);
    this.minimal = false;
    /** The string bound while minimal. */
    this.minString = 0;
    /** Writing a placeholder's value: full, strings unbounded. */
    this.text = false;
    /** @type {ErrorFacts | null} the error whose details are written */
    this.def = null;
    /** Report violations (the first pass of a payload). */
    this.report = false;
    /** @type {Array<string | number>} the path of the value being written: member names and item indexes */
    this.path = [];
    /** The keyword the last invalid value broke. */
    this.lastKeyword = "";
    /** The details could not be written valid. */
    this.failed = false;
    /** @type {Array<Omit<Violation, "outcome">>} violations of required values without a replacement, reported once an enclosing value's fate is known */
    this.pending = [];
    /** Set while a problem document's details are written (flattened). */
    this.flatten = false;
    /** @type {string[]} the other members of open details written there, which extensions may not take */
    this.flatKeys = [];
    /** @type {Set<object> | null} the untyped objects and arrays being written (made on first use) */
    this.seen = null;
  }

  // ------------------------------------------------------------ strings

  /**
   * bound returns the byte bound of the strings of node n (null: the
   * message's), -1 for none.
   * @param {Node | null} n
   */
  bound(n) {
    if (this.text || (n !== null && n.exact === true)) return -1;
    let b = this.maxString;
    if (n !== null && (n.maxBytes ?? 0) > 0) b = /** @type {number} */ (n.maxBytes);
    if (this.minimal && b > this.minString) b = this.minString;
    return b;
  }

  /**
   * scrub returns the string s of node n as it is written: redacted when
   * sensitive, else scrubbed by its x-sanitize, both unless shown.
   * @param {Node} n
   * @param {boolean} sensitive the error's own list names it
   * @param {string} s
   */
  scrub(n, sensitive, s) {
    if (this.show) return s;
    if (sensitive || n.sensitive === true) return this.redacted;
    return sanitize(n.sanitize, s);
  }

  // ------------------------------------------------------------ violations

  /**
   * invalid notes that the value at the current path breaks keyword kw.
   * @param {string} kw
   * @returns {null}
   */
  invalid(kw) {
    this.lastKeyword = kw;
    return null;
  }

  reporting() {
    return this.report && this.def !== null && this.tables.onViolation !== null;
  }

  /** pointer returns the current path as a JSON Pointer. */
  pointer() {
    return this.path.map((seg) => "/" + (typeof seg === "number" ? String(seg) : seg.replaceAll("~", "~0").replaceAll("/", "~1"))).join("");
  }

  /**
   * violation reports the value at the current path, which broke
   * lastKeyword, with the violations pending below it (on the first pass
   * of a payload only).
   * @param {Violation["outcome"]} outcome
   */
  violation(outcome) {
    if (!this.reporting()) return;
    const pending = this.pending;
    this.pending = [];
    for (const v of pending) this.#tell({ ...v, outcome });
    this.#tell({ symbol: /** @type {ErrorFacts} */ (this.def).symbol, path: this.pointer(), keyword: this.lastKeyword, outcome });
  }

  /** hold keeps the violation at the current path until an enclosing value's fate is known. */
  hold() {
    if (this.reporting()) this.pending.push({ symbol: /** @type {ErrorFacts} */ (this.def).symbol, path: this.pointer(), keyword: this.lastKeyword });
  }

  /**
   * flush reports the pending violations with outcome.
   * @param {Violation["outcome"]} outcome
   */
  flush(outcome) {
    const pending = this.pending;
    this.pending = [];
    if (this.reporting()) for (const v of pending) this.#tell({ ...v, outcome });
  }

  /** @param {Violation} v */
  #tell(v) {
    /** @type {ViolationHook} */ (this.tables.onViolation)(Object.freeze(v));
  }

  // ------------------------------------------------------------ values

  /**
   * writeValue returns the JSON of v, a value of node n, or null when v
   * breaks n (lastKeyword says how). sensitive: the error's own list names
   * the top-level property v is.
   * @param {Node} n
   * @param {unknown} v
   * @param {boolean} sensitive
   * @returns {string | null}
   */
  writeValue(n, v, sensitive) {
    if ((v === null || v === undefined) && n.type !== "any") v = emptyValue(n);
    switch (n.type) {
      case "string": {
        if (typeof v !== "string") return this.invalid("type");
        const kw = check(n.check, v);
        if (kw !== "") return this.invalid(kw);
        return quote(this.scrub(n, sensitive, v), this.bound(n));
      }
      case "integer": {
        const i = integer(v);
        if (i === null) return this.invalid("type");
        const kw = checkNumber(n.check, Number(i));
        if (kw !== "") return this.invalid(kw);
        return formatInteger(i);
      }
      case "number": {
        const f = number(v);
        if (f === null) return this.invalid("type");
        const g = jsonFloat(f);
        const kw = checkNumber(n.check, g);
        if (kw !== "") return this.invalid(kw);
        return formatNumber(g);
      }
      case "boolean":
        if (typeof v !== "boolean") return this.invalid("type");
        return v ? "true" : "false";
      case "array":
        if (!Array.isArray(v)) return this.invalid("type");
        return this.writeArray(n, v);
      case "object":
        if (!isObject(v)) return this.invalid("type");
        return this.writeObject(n, v, false);
    }
    const kw = checkAny(n.check, v);
    if (kw !== "") return this.invalid(kw);
    if (v !== null && v !== undefined && (sensitive || n.sensitive === true) && !this.show) return quote(this.redacted, -1);
    return this.writeAny(n, v, 0);
  }

  /**
   * writeArray returns the items of list that pass the items node: an item
   * that breaks it is dropped, and so is (uniqueItems) one written as an
   * earlier item was; at most maxItems are written, in a minimal payload
   * at most keep. Too few items for minItems fail the array.
   * @param {Node} n
   * @param {readonly unknown[]} list
   * @returns {string | null}
   */
  writeArray(n, list) {
    const c = n.check;
    const items = /** @type {Node} */ (n.items);
    let maxItems = c?.maxItems ?? -1;
    const keep = n.keep ?? 0;
    if (this.minimal && keep >= 0 && (maxItems < 0 || keep < maxItems)) maxItems = keep;
    /** @type {Set<string> | null} each item written, for uniqueItems: a lookup an item, not a comparison with each earlier one */
    const written = c?.uniqueItems === true ? new Set() : null;
    /** @type {string[]} */
    const out = [];
    for (let i = 0; i < list.length && (maxItems < 0 || out.length < maxItems); i++) {
      this.path.push(i);
      let item = this.writeValue(items, list[i], false);
      if (item === null) this.violation("omitted");
      else if (written?.has(item)) {
        this.lastKeyword = "uniqueItems";
        this.violation("omitted");
        item = null;
      }
      this.path.pop();
      if (item !== null) {
        out.push(item);
        written?.add(item);
      }
    }
    if (c?.minItems !== undefined && c.minItems > out.length) return this.invalid("minItems");
    return "[" + out.join(",") + "]";
  }

  /**
   * writeObject returns object d (null: every member absent) of node n:
   * its declared properties in order, then (with additionalProperties, in
   * a full payload) its other members sorted by key; null when a required
   * property breaks its node and has no replacement. top marks an error's
   * details, whose properties also take the error's sensitive list.
   * @param {Node} n
   * @param {Members | null} d
   * @param {boolean} top
   * @returns {string | null}
   */
  writeObject(n, d, top) {
    const members = this.writeMembers(n, d, top);
    return members === null ? null : "{" + members + "}";
  }

  /**
   * writeMembers returns the members of object d of node n as writeObject
   * writes them, without the object's braces.
   * @param {Node} n
   * @param {Members | null} d
   * @param {boolean} top
   * @returns {string | null}
   */
  writeMembers(n, d, top) {
    const o = this.tables.object(n);
    const sensitives = top && this.def !== null ? this.def.sensitive : undefined;
    let out = "";
    for (const p of this.tables.fields(o).list) {
      const f = p.node;
      if (f.verbose === true && !this.verbose) continue;
      let v = d === null ? undefined : member(d, p.name);
      if (v === undefined || v === null) {
        if (!p.required) continue;
        v = emptyValue(f);
      } else if (!p.required && this.minimal && o.trim === true) {
        continue;
      }
      const sensitive = sensitives !== undefined && sensitives.includes(p.name);
      this.path.push(p.name);
      let js = this.writeValue(f, v, sensitive);
      if (js === null) {
        if (!p.required) {
          this.violation("omitted");
        } else if (f.replacement !== NO_REPLACEMENT) {
          this.violation("replaced");
          js = this.writeValue(f, f.replacement, sensitive);
        } else {
          this.hold(); // this object fails: what becomes of it decides
        }
      }
      this.path.pop();
      if (js === null) {
        if (p.required) return null;
        continue;
      }
      out += (out === "" ? "" : ",") + p.key + js;
    }
    const extra = o.additionalProperties;
    if (extra !== undefined && d !== null && !this.minimal && (extra.verbose !== true || this.verbose)) {
      out = this.writeExtra(o, extra, d, top, out);
    }
    return out;
  }

  /**
   * writeExtra returns the members out followed by the other members of
   * the open object d of node o, sorted by key in code point order; a key
   * named like a declared property is left out, and so is, in a problem
   * document's flattened details, one named like a member of the
   * document. A member whose value breaks the node extra is left out.
   * @param {Node} o
   * @param {Node} extra
   * @param {Members} d
   * @param {boolean} top
   * @param {string} out
   * @returns {string}
   */
  writeExtra(o, extra, d, top, out) {
    const flat = top && this.flatten;
    const declared = this.tables.fields(o).byName;
    const keys = Object.keys(d).filter((k) => d[k] !== undefined).sort(byCodePoint);
    /** @type {Set<string>} */
    const written = new Set();
    for (const k of keys) {
      if (declared.has(k) || (flat && this.tables.rules.problemMembers.includes(k))) continue;
      const key = quote(k, -1);
      if (written.has(key)) continue; // two keys alike once lone surrogates are U+FFFD: the first wins
      this.path.push(k);
      const js = this.writeValue(extra, d[k], false);
      if (js === null) this.violation("omitted");
      this.path.pop();
      if (js === null) continue;
      written.add(key);
      out += (out === "" ? "" : ",") + key + ":" + js;
      if (flat) this.flatKeys.push(k);
    }
    return out;
  }

  /**
   * writeAny returns the JSON of an untyped value x of node n: strings
   * scrubbed by the node's x-sanitize (unless shown) and bounded, object
   * members sorted by key (their keys scrubbed and bounded too; of members
   * whose keys come out the same, only the first is written); past the
   * rules' untypedDepth levels a value is null. A value with toJSON is
   * written as what it returns, bigints as their digits, and what JSON has
   * no value for (functions, symbols, undefined) as null in an array and
   * not at all in an object, as JSON.stringify does.
   * @param {Node} n
   * @param {unknown} x
   * @param {number} depth
   * @returns {string}
   */
  writeAny(n, x, depth) {
    if (depth >= this.tables.rules.untypedDepth) return "null";
    switch (typeof x) {
      case "string": return quote(this.show ? x : sanitize(n.sanitize, x), this.bound(n));
      case "boolean": return x ? "true" : "false";
      case "number": return formatNumber(x);
      case "bigint": return x.toString();
      case "object": break;
      default: return "null";
    }
    const seen = (this.seen ??= new Set());
    if (x === null || seen.has(x)) return "null"; // null, or a value inside itself
    seen.add(x);
    try {
      const toJSON = /** @type {{ toJSON?: unknown }} */ (x).toJSON;
      if (typeof toJSON === "function") return this.writeAny(n, toJSON.call(x, ""), depth);
      if (Array.isArray(x)) return "[" + x.map((it) => this.writeAny(n, it, depth + 1)).join(",") + "]";
      const o = /** @type {Members} */ (x);
      const bound = this.bound(n);
      const members = Object.keys(o)
        .filter((k) => jsonValue(o[k]))
        .map((key) => ({ key, written: truncate(this.show ? key : sanitize(n.sanitize, key), bound) }))
        .sort((a, b) => byCodePoint(a.written, b.written) || byCodePoint(a.key, b.key));
      let out = "";
      let last = "";
      for (const [i, m] of members.entries()) {
        if (i > 0 && m.written === last) continue; // a key that came out as the one before: the first wins
        last = m.written;
        out += (out === "" ? "" : ",") + quote(m.written, -1) + ":" + this.writeAny(n, o[m.key], depth + 1);
      }
      return "{" + out + "}";
    } finally {
      seen.delete(x);
    }
  }

  // ------------------------------------------------------------ templates

  /**
   * render returns the text of template tpl of the error def for its
   * details d (null: none): its literal text and each placeholder's text.
   * @param {Template} tpl
   * @param {ErrorFacts} def
   * @param {Members | null} d
   */
  render(tpl, def, d) {
    this.def = def;
    let out = "";
    for (const p of tpl.parts) {
      if (p.field === undefined) out += p.text ?? "";
      else if (def.details !== undefined) out += this.placeholder(def.details, d, p.field);
    }
    return out;
  }

  /**
   * placeholder returns the text of the top-level property name of details
   * d (node n): a string, integer, number or boolean that keeps its checks
   * as the wire writes it (redacted, scrubbed) but unbounded, else the
   * text of its replacement; anything else (and such a value that breaks
   * its checks) written as the full payload writes it with no string
   * bounded, then as jsonText makes it; nothing for an absent optional
   * property, a verbose-only one outside verbose mode, or a value without
   * a valid form.
   * @param {Node} n
   * @param {Members | null} d
   * @param {string} name
   */
  placeholder(n, d, name) {
    const p = this.tables.fields(n).byName.get(name);
    if (p === undefined) return "";
    const f = p.node;
    if (f.verbose === true && !this.verbose) return "";
    const required = p.required;
    let v = d === null ? undefined : member(d, name);
    if (v === undefined || v === null) {
      if (!required) return "";
      v = emptyValue(f);
    }
    const sensitive = this.def?.sensitive?.includes(name) === true;
    const replaces = required && f.replacement !== NO_REPLACEMENT;
    const text = this.scalarText(f, v, sensitive) ?? (replaces ? this.scalarText(f, f.replacement, sensitive) : null);
    if (text !== null) return text;
    const { minimal, text: inText, report } = this;
    this.minimal = false;
    this.text = true;
    this.report = false;
    let js = this.writeValue(f, v, sensitive);
    if (js === null && replaces) js = this.writeValue(f, f.replacement, sensitive);
    this.minimal = minimal;
    this.text = inText;
    this.report = report;
    return js === null ? "" : jsonText(js);
  }

  /**
   * scalarText returns the text of a string, integer, number or boolean v
   * of node n that keeps its checks, as jsonText would make it of the
   * value written; null for another kind of node, or a value that breaks
   * its checks.
   * @param {Node} n
   * @param {unknown} v
   * @param {boolean} sensitive
   * @returns {string | null}
   */
  scalarText(n, v, sensitive) {
    if (v === null || v === undefined) return null;
    switch (n.type) {
      case "string":
        return typeof v === "string" && check(n.check, v) === "" ? this.scrub(n, sensitive, v) : null;
      case "integer": {
        const i = integer(v);
        return i !== null && checkNumber(n.check, Number(i)) === "" ? formatInteger(i) : null;
      }
      case "number": {
        const f = number(v);
        if (f === null) return null;
        const g = jsonFloat(f);
        return checkNumber(n.check, g) === "" ? formatNumber(g) : null;
      }
      case "boolean":
        return typeof v === "boolean" ? String(v) : null;
    }
    return null;
  }
}

/**
 * jsonValue reports whether an object member of value v is written (JSON
 * has no undefined, function or symbol).
 * @param {unknown} v
 */
function jsonValue(v) {
  return v !== undefined && typeof v !== "function" && typeof v !== "symbol";
}

/**
 * jsonText returns the text of the JSON value js (written by the encoder):
 * a string its characters, an array its items joined by ", " (a string as
 * its characters, any other item as its JSON; [] for none), null nothing,
 * anything else its JSON.
 * @param {string} js
 * @returns {string}
 */
function jsonText(js) {
  switch (js[0]) {
    case '"': return /** @type {string} */ (JSON.parse(js));
    case "n": return "";
    case "[": {
      const items = jsonItems(js);
      if (items.length === 0) return "[]";
      return items.map((it) => (it[0] === '"' ? /** @type {string} */ (JSON.parse(it)) : it)).join(", ");
    }
  }
  return js;
}

/**
 * jsonItems returns the JSON text of each item of the JSON array js
 * (compact, as the encoder writes it).
 * @param {string} js
 */
function jsonItems(js) {
  /** @type {string[]} */
  const out = [];
  let depth = 0;
  let start = 1;
  let inString = false;
  for (let i = 1; i < js.length - 1; i++) {
    const c = js[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "[" || c === "{") {
      depth++;
    } else if (c === "]" || c === "}") {
      depth--;
    } else if (c === "," && depth === 0) {
      out.push(js.slice(start, i));
      start = i + 1;
    }
  }
  if (js.length > 2) out.push(js.slice(start, -1));
  return out;
}
