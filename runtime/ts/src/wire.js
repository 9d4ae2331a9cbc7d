// @ts-check
// How the server runtime writes values: JSON strings (escaped and bounded
// in UTF-8 bytes), numbers, untyped values, detail objects walked by the
// catalog's field descriptors (definitions.js), and templates. Each rule is
// errgen's Go runtime's (errgenrt/encode.go, internal/runtimemodel), so the
// bytes are the same: docs/guide/conformance.md is the contract.

import { PROBLEM_MEMBERS } from "./catalog.js";
import { sanitizePath, sanitizeURI, sanitizeText } from "./sanitize.js";

/** @typedef {import("./definitions.js").Type} Type */
/** @typedef {import("./definitions.js").Field} Field */
/** @typedef {import("./definitions.js").Flags} Flags */
/** @typedef {import("./definitions.js").Shape} Shape */

/** The value of a sensitive field that is not shown. */
export const REDACTED = "<redacted>";

// ---------------------------------------------------------------- strings

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * wellFormed replaces each lone surrogate of s by U+FFFD, as Go replaces
 * invalid UTF-8.
 * @param {string} s
 */
export function wellFormed(s) {
  const f = /** @type {{ toWellFormed?: () => string }} */ (/** @type {unknown} */ (s)).toWellFormed;
  return f !== undefined ? f.call(s) : s.replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * utf8Length returns the length of the well-formed string s in UTF-8
 * bytes.
 * @param {string} s
 */
export function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * prefix returns the longest prefix of the well-formed string s, whole
 * characters, of at most max UTF-8 bytes.
 * @param {string} s
 * @param {number} max
 */
function prefix(s, max) {
  let n = 0;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    let bytes = 3;
    let units = 1;
    if (c < 0x80) bytes = 1;
    else if (c < 0x800) bytes = 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      bytes = 4;
      units = 2;
    }
    if (n + bytes > max) break;
    n += bytes;
    i += units;
  }
  return s.slice(0, i);
}

/**
 * cut returns the well-formed string s bounded to limit bytes: a longer
 * string is cut to its first limit − 3 bytes, moved back to a character's
 * start, and "..." marks the cut. A negative limit means none; suffix
 * tells whether it was cut (the "..." is then not part of the result).
 * @param {string} s
 * @param {number} limit
 * @returns {[string, boolean]}
 */
function cut(s, limit) {
  if (limit < 0 || s.length <= limit / 3 || utf8Length(s) <= limit) return [s, false];
  return [prefix(s, Math.max(limit - 3, 0)), true];
}

/**
 * truncate bounds s to limit bytes as quote does; a negative limit means
 * none.
 * @param {string} s
 * @param {number} limit
 */
export function truncate(s, limit) {
  const [t, suffix] = cut(wellFormed(s), limit);
  return suffix ? t + "..." : t;
}

// eslint-disable-next-line no-control-regex
const ESCAPED = /["\\\u0000-\u001f<>&\u2028\u2029]/g;
const HEX = "0123456789abcdef";

/** @param {string} c */
function escapeChar(c) {
  switch (c) {
    case '"': return '\\"';
    case "\\": return "\\\\";
    case "\n": return "\\n";
    case "\r": return "\\r";
    case "\t": return "\\t";
  }
  const code = c.charCodeAt(0);
  return "\\u" + HEX[code >> 12] + HEX[(code >> 8) & 15] + HEX[(code >> 4) & 15] + HEX[code & 15];
}

/**
 * quote writes s as a JSON string, bounded to limit UTF-8 bytes (see cut;
 * negative: whole). Quotes, backslashes and control characters are
 * escaped, and so are <, >, & (the JSON stays safe in HTML) and U+2028,
 * U+2029 (it stays valid JavaScript); a lone surrogate is U+FFFD.
 * @param {string} s
 * @param {number} limit
 */
export function quote(s, limit) {
  const [t, suffix] = cut(wellFormed(s), limit);
  return '"' + t.replace(ESCAPED, escapeChar) + (suffix ? '..."' : '"');
}

/**
 * byCodePoint orders strings by code point, which is the order of their
 * UTF-8 bytes (JavaScript's own sort compares UTF-16 code units).
 * @param {string} a
 * @param {string} b
 */
export function byCodePoint(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // a surrogate (a character past U+FFFF) sorts after U+E000…U+FFFF
    if (x >= 0xd800) x += x >= 0xe000 ? -0x800 : 0x2000;
    if (y >= 0xd800) y += y >= 0xe000 ? -0x800 : 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * sortedKeys returns the keys of o whose value is not undefined, in code
 * point order.
 * @param {{ [key: string]: unknown }} o
 */
function sortedKeys(o) {
  return Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .map((k) => [wellFormed(k), k])
    .sort((a, b) => byCodePoint(/** @type {string} */ (a[0]), /** @type {string} */ (b[0])))
    .map((p) => /** @type {string} */ (p[1]));
}

// ---------------------------------------------------------------- numbers

/**
 * formatNumber writes a number as ECMAScript's Number.prototype.toString
 * does; JSON has no NaN or infinities: NaN is 0, the infinities the
 * largest finite numbers, -0 is 0.
 * @param {number} v
 */
export function formatNumber(v) {
  if (Number.isNaN(v) || v === 0) return "0";
  if (v === Infinity) return "1.7976931348623157e+308";
  if (v === -Infinity) return "-1.7976931348623157e+308";
  return String(v);
}

/**
 * formatInt writes an integer field's value in decimal digits (a number is
 * cut to its integer part, as Go converts it).
 * @param {number | bigint} v
 */
export function formatInt(v) {
  if (typeof v === "bigint") return v.toString();
  if (!Number.isFinite(v)) return "0";
  const n = Math.trunc(v);
  return Number.isSafeInteger(n) ? String(n === 0 ? 0 : n) : BigInt(n).toString();
}

// ---------------------------------------------------------------- values

/**
 * Obj is the value of a detail object: one value per field of its shape,
 * whether each is set, and an open object's other members.
 */
export class Obj {
  /**
   * @param {Shape} shape
   * @param {unknown[]} vals
   * @param {boolean[]} set
   * @param {{ [key: string]: unknown } | null} extra
   */
  constructor(shape, vals, set, extra) {
    this.shape = shape;
    this.vals = vals;
    this.set = set;
    this.extra = extra;
  }
}

/** FieldErrors is the value of the built-in field_errors shape. */
export class FieldErrors {
  /**
   * @param {{ [field: string]: string[] } | null} fieldErrors null: none given
   * @param {number} totalErrors
   */
  constructor(fieldErrors, totalErrors) {
    this.fieldErrors = fieldErrors;
    this.totalErrors = totalErrors;
  }
}

/** The Field of the built-in shape's fieldErrors member. */
const FIELD_ERRORS = /** @type {Field} */ ({ name: "fieldErrors", type: "any" });

/**
 * @param {unknown} v
 * @returns {v is { [key: string]: unknown }}
 */
function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Reader reads detail values (JSON values, or what a caller passes) into
 * the values the writers walk, as Go reads them into the generated
 * structs: a missing or null field is the zero value and not set; a value
 * of another JSON type than the field's is the zero value too.
 */
export class Reader {
  /** @param {{ readonly [name: string]: Shape }} shapes */
  constructor(shapes) {
    this.shapes = shapes;
  }

  /**
   * @param {string} name
   * @returns {Shape}
   */
  shape(name) {
    const s = this.shapes[name];
    if (s === undefined) throw new Error(`errgen: no detail shape ${name}`);
    return s;
  }

  /**
   * root returns the details of type t (a struct or the built-in shape)
   * holding v.
   * @param {Type} t
   * @param {unknown} v
   * @returns {Obj | FieldErrors}
   */
  root(t, v) {
    if (t === "fieldErrors") return readFieldErrors(v);
    if (typeof t === "object" && "struct" in t) return this.object(this.shape(t.struct), isPlainObject(v) ? v : {});
    throw new Error("errgen: details are an object");
  }

  /**
   * zero returns the empty details of type t.
   * @param {Type} t
   * @returns {Obj | FieldErrors}
   */
  zeroRoot(t) {
    if (t === "fieldErrors") return new FieldErrors(null, 0);
    if (typeof t === "object" && "struct" in t) return this.zeroObject(this.shape(t.struct));
    throw new Error("errgen: details are an object");
  }

  /**
   * @param {Shape} shape
   * @returns {Obj}
   */
  zeroObject(shape) {
    return new Obj(shape, shape.fields.map((f) => this.zero(f.type, f.required === true)), shape.fields.map(() => false), null);
  }

  /**
   * zero returns the zero value of a field of type t.
   * @param {Type} t
   * @param {boolean} required
   * @returns {unknown}
   */
  zero(t, required) {
    switch (t) {
      case "string": return "";
      case "int": return 0;
      case "float": return 0;
      case "bool": return false;
      case "map": return {};
      case "any": return null;
      case "fieldErrors": return null;
    }
    if ("slice" in t) return [];
    return !t.ptr && required ? this.zeroObject(this.shape(t.struct)) : null;
  }

  /**
   * object reads the JSON object m into the value of shape: declared
   * fields by their exact names; in an open object every other member into
   * extra, read as its additionalProperties type.
   * @param {Shape} shape
   * @param {{ [key: string]: unknown }} m
   * @returns {Obj}
   */
  object(shape, m) {
    const vals = [];
    const set = [];
    for (const f of shape.fields) {
      const [v, s] = this.decode(f.type, Object.prototype.hasOwnProperty.call(m, f.name) ? m[f.name] : undefined, f.required === true);
      vals.push(v);
      set.push(s);
    }
    /** @type {{ [key: string]: unknown } | null} */
    let extra = null;
    if (shape.extra !== undefined) {
      for (const [k, v] of Object.entries(m)) {
        if (shape.fields.some((f) => f.name === k)) continue;
        extra ??= {};
        extra[k] = this.decode(shape.extra.type, v, true)[0];
      }
    }
    return new Obj(shape, vals, set, extra);
  }

  /**
   * decode reads a JSON value as a field of type t, and tells whether the
   * field is set.
   * @param {Type} t
   * @param {unknown} v
   * @param {boolean} required
   * @returns {[unknown, boolean]}
   */
  decode(t, v, required) {
    if (v === undefined || v === null) return [this.zero(t, required), false];
    switch (t) {
      case "string":
        if (typeof v === "string") return [v, true];
        break;
      case "int":
        if (typeof v === "number" && Number.isFinite(v)) return [Math.trunc(v), true];
        if (typeof v === "bigint") return [v, true];
        break;
      case "float":
        if (typeof v === "number") return [v, true];
        if (typeof v === "bigint") return [Number(v), true];
        break;
      case "bool":
        if (typeof v === "boolean") return [v, true];
        break;
      case "any":
        return [v, true];
      case "map":
        if (isPlainObject(v)) return [v, true];
        break;
      case "fieldErrors":
        return [readFieldErrors(v), true];
      default:
        if ("slice" in t) {
          if (Array.isArray(v)) return [v.map((it) => this.decode(t.slice, it, true)[0]), true];
        } else if (isPlainObject(v)) {
          return [this.object(this.shape(t.struct), v), true];
        }
    }
    return [this.zero(t, required), false];
  }
}

/**
 * readFieldErrors reads the built-in shape {fieldErrors: {FIELD: [MESSAGE…]},
 * totalErrors}.
 * @param {unknown} v
 */
function readFieldErrors(v) {
  if (!isPlainObject(v)) return new FieldErrors(null, 0);
  /** @type {{ [field: string]: string[] } | null} */
  let fe = null;
  if (isPlainObject(v.fieldErrors)) {
    fe = {};
    for (const [k, msgs] of Object.entries(v.fieldErrors)) {
      fe[k] = Array.isArray(msgs) ? msgs.map((m) => (typeof m === "string" ? m : "")) : [];
    }
  }
  const n = v.totalErrors;
  return new FieldErrors(fe, typeof n === "number" && Number.isInteger(n) ? n : 0);
}

// ---------------------------------------------------------------- encoder

/** The options the encoder reads (see server.js RenderOptions). */
/**
 * @typedef {object} EncoderOptions
 * @property {boolean} [verbose]
 * @property {boolean} [showSensitive]
 * @property {number} [maxStringBytes]
 */

/**
 * Encoder writes detail values and templates under one set of options, as
 * errgenrt's Encoder: it is minimal while a payload is written again past
 * its bound, with strings cut to minString bytes.
 */
export class Encoder {
  /**
   * @param {EncoderOptions} o
   * @param {number} catalogMaxString the catalog's max_string_bytes
   * @param {Reader} reader the catalog's detail shapes
   */
  constructor(o, catalogMaxString, reader) {
    this.reader = reader;
    this.verbose = o.verbose === true;
    this.redact = o.showSensitive !== true;
    let max = o.maxStringBytes ?? 0;
    if (!(max > 0)) max = catalogMaxString;
    if (!(max > 0)) max = 1024;
    this.maxString = max;
    this.minimal = false;
    this.minString = 0;
    this.depth = 0;
    /** The details a problem document flattens while it writes them. @type {unknown} */
    this.flat = null;
    /** The other members of an open object written there. @type {string[]} */
    this.flatKeys = [];
  }

  /** full reports whether optional members are written (not minimal). */
  full() {
    return !this.minimal;
  }

  /**
   * emit reports whether field f is written at all.
   * @param {Flags} f
   */
  emit(f) {
    return f.verbose !== true || this.verbose;
  }

  /**
   * limit returns the byte bound of a string of field f (null: the
   * message, a suggestion, caller members); -1 for an exact field.
   * @param {Flags | null} f
   */
  limit(f) {
    if (f !== null && f.exact === true) return -1;
    let n = this.maxString;
    if (f !== null && (f.maxBytes ?? 0) > 0) n = /** @type {number} */ (f.maxBytes);
    if (this.minimal && n > this.minString) n = this.minString;
    return n;
  }

  /**
   * process applies redaction and sanitizing to a string of field f.
   * @param {Flags | null} f
   * @param {string} v
   */
  process(f, v) {
    if (f === null || this.verbose) return v;
    if (f.sensitive === true && this.redact) return REDACTED;
    switch (f.sanitize) {
      case "path": return sanitizePath(v);
      case "uri": return sanitizeURI(v);
      case "text": return sanitizeText(v);
    }
    return v;
  }

  /**
   * stringValue writes a string under f's rules: redaction, sanitizing,
   * its bound.
   * @param {Flags | null} f
   * @param {string} v
   */
  stringValue(f, v) {
    return quote(this.process(f, v), this.limit(f));
  }

  /**
   * anyValue writes an untyped value: a string under f's rules, anything
   * else as JSON (a sensitive one redacted).
   * @param {Flags} f
   * @param {unknown} v
   */
  anyValue(f, v) {
    if (typeof v === "string") return this.stringValue(f, v);
    if (f.sensitive === true && this.redact && !this.verbose && v !== null && v !== undefined) return quote(REDACTED, -1);
    return this.any(v, this.limit(f));
  }

  /**
   * any writes an untyped JSON value, its strings (and keys) bounded to
   * limit bytes: object members sorted by key, and past 32 levels null.
   * @param {unknown} v
   * @param {number} limit
   * @returns {string}
   */
  any(v, limit) {
    this.depth++;
    try {
      if (this.depth > 32) return "null";
      if (v === null || v === undefined) return "null";
      switch (typeof v) {
        case "string": return quote(v, limit);
        case "boolean": return v ? "true" : "false";
        case "number": return formatNumber(v);
        case "bigint": return v.toString();
        case "object": break;
        default: return "null";
      }
      if (Array.isArray(v)) return "[" + v.map((it) => this.any(it, limit)).join(",") + "]";
      if (v instanceof Obj) return this.object(v);
      if (v instanceof FieldErrors) return this.fieldErrors(v);
      const toJSON = /** @type {{ toJSON?: unknown }} */ (v).toJSON;
      if (typeof toJSON === "function") return this.any(toJSON.call(v), limit);
      const o = /** @type {{ [key: string]: unknown }} */ (v);
      return "{" + sortedKeys(o).map((k) => quote(k, limit) + ":" + this.any(o[k], limit)).join(",") + "}";
    } finally {
      this.depth--;
    }
  }

  /**
   * anyItems returns the items of an untyped array as any writes them.
   * @param {unknown[]} v
   * @param {number} limit
   * @returns {string[] | null} null past 32 levels
   */
  anyItems(v, limit) {
    this.depth++;
    try {
      return this.depth > 32 ? null : v.map((it) => this.any(it, limit));
    } finally {
      this.depth--;
    }
  }

  // -------------------------------------------------------------- details

  /**
   * object writes a detail object.
   * @param {Obj} o
   */
  object(o) {
    return "{" + this.members(o).join(",") + "}";
  }

  /**
   * members returns the members of a detail object: its fields in
   * declaration order, then an open object's other members sorted by key.
   * @param {Obj} o
   * @returns {string[]}
   */
  members(o) {
    const shape = o.shape;
    const out = [];
    for (let i = 0; i < shape.fields.length; i++) {
      const m = this.member(shape.trim, /** @type {Field} */ (shape.fields[i]), o.vals[i], o.set[i] === true);
      if (m !== null) out.push(m);
    }
    const extra = shape.extra;
    if (extra !== undefined && o.extra !== null) {
      for (const k of this.extraKeys(extra, o)) {
        out.push(quote(k, -1) + ":" + this.value(extra, extra.type, o.extra[k]));
      }
    }
    return out;
  }

  /**
   * extraKeys returns the other members of an open object to write: none
   * in a minimal payload; sorted, without the declared fields' names and,
   * where a problem document flattens the object, the document's own
   * members (which it records for the extension members).
   * @param {Flags} f
   * @param {Obj} o
   */
  extraKeys(f, o) {
    const extra = o.extra;
    if (extra === null || !this.full() || !this.emit(f)) return [];
    const flat = this.flat === o;
    const keys = Object.keys(extra).filter((k) => !o.shape.fields.some((d) => d.name === k) && !(flat && PROBLEM_MEMBERS.includes(k)));
    keys.sort(byCodePoint);
    if (flat) this.flatKeys = keys.slice();
    return keys;
  }

  /**
   * member writes one field of an object, or returns null where it is
   * left out: an optional field absent (or, in a minimal payload of an
   * object that may lose them, present), a verbose-only one outside
   * verbose mode.
   * @param {boolean} trim
   * @param {Field} f
   * @param {unknown} v
   * @param {boolean} set
   * @returns {string | null}
   */
  member(trim, f, v, set) {
    if (f.required !== true && (!set || (trim && this.minimal))) return null;
    if (!this.emit(f)) return null;
    return quote(f.name, -1) + ":" + this.value(f, f.type, v);
  }

  /**
   * value writes a value of type t (a field's, an array item, an open
   * object's other member) under f's rules.
   * @param {Flags} f
   * @param {Type} t
   * @param {unknown} v
   * @returns {string}
   */
  value(f, t, v) {
    switch (t) {
      case "string": return this.stringValue(f, /** @type {string} */ (v));
      case "int": return formatInt(/** @type {number} */ (v));
      case "float": return formatNumber(/** @type {number} */ (v));
      case "bool": return v ? "true" : "false";
      case "any":
      case "map": return this.anyValue(f, v);
      case "fieldErrors": return this.fieldErrors(v instanceof FieldErrors ? v : new FieldErrors(null, 0));
    }
    if ("slice" in t) return "[" + this.items(f, t, /** @type {unknown[] | null} */ (v) ?? []).join(",") + "]";
    return this.object(this.structValue(t, v));
  }

  /**
   * items writes the items of an array of type t: all of them, or in a
   * minimal payload the first t.keep (all when negative).
   * @param {Flags} f
   * @param {{ slice: Type, keep: number }} t
   * @param {unknown[]} list
   */
  items(f, t, list) {
    const n = this.minimal && t.keep >= 0 && t.keep < list.length ? t.keep : list.length;
    return list.slice(0, n).map((it) => this.value(f, t.slice, it));
  }

  /**
   * structValue returns the value of a struct field, an empty one in place
   * of none.
   * @param {{ struct: string }} t
   * @param {unknown} v
   * @returns {Obj}
   */
  structValue(t, v) {
    return v instanceof Obj ? v : this.reader.zeroObject(this.reader.shape(t.struct));
  }

  /**
   * fieldErrors writes the built-in shape: fieldErrors sorted by field
   * (empty in a minimal payload), its messages bounded, and totalErrors.
   * @param {FieldErrors} fe
   */
  fieldErrors(fe) {
    let body = "";
    if (this.full() && fe.fieldErrors !== null) {
      const m = fe.fieldErrors;
      body = sortedKeys(m)
        .map((k) => quote(k, -1) + ":[" + (m[k] ?? []).map((msg) => this.stringValue(FIELD_ERRORS, msg)).join(",") + "]")
        .join(",");
    }
    return '{"fieldErrors":{' + body + '},"totalErrors":' + formatInt(fe.totalErrors) + "}";
  }

  // -------------------------------------------------------------- templates

  /**
   * render returns the text of a template for the details d: literal text
   * with {field} placeholders, {{ and }} for braces; an unbalanced brace
   * stays as text.
   * @param {string} tpl
   * @param {Obj | FieldErrors | null} d
   */
  render(tpl, d) {
    let s = tpl;
    let i = s.search(/[{}]/);
    if (i < 0) return s;
    let out = "";
    for (; i >= 0; i = s.search(/[{}]/)) {
      out += s.slice(0, i);
      const c = /** @type {string} */ (s[i]);
      s = s.slice(i + 1);
      if (s[0] === c) {
        out += c;
        s = s.slice(1);
        continue;
      }
      const end = s.search(/[{}]/);
      if (c === "}" || end < 0 || s[end] === "{") {
        out += c;
        continue;
      }
      if (d !== null && end > 0) out += this.placeholder(d, s.slice(0, end));
      s = s.slice(end + 1);
    }
    return out + s;
  }

  /**
   * placeholder returns the text of the top-level field name of d.
   * @param {Obj | FieldErrors} d
   * @param {string} name
   */
  placeholder(d, name) {
    if (d instanceof FieldErrors) {
      switch (name) {
        case "fieldErrors": return d.fieldErrors === null ? "null" : this.any(d.fieldErrors, -1);
        case "totalErrors": return formatInt(d.totalErrors);
      }
      return "";
    }
    const i = d.shape.fields.findIndex((f) => f.name === name);
    if (i < 0) return "";
    return this.fieldText(/** @type {Field} */ (d.shape.fields[i]), d.vals[i], d.set[i] === true);
  }

  /**
   * fieldText returns the text of one field in a template.
   * @param {Field} f
   * @param {unknown} v
   * @param {boolean} set
   */
  fieldText(f, v, set) {
    const t = f.type;
    const show = this.emit(f);
    switch (t) {
      case "string":
        return (f.required === true || set) && show ? this.process(f, /** @type {string} */ (v)) : "";
      case "int":
        return (f.required === true || set) && show ? formatInt(/** @type {number} */ (v)) : "";
      case "float":
        return (f.required === true || set) && show ? formatNumber(/** @type {number} */ (v)) : "";
      case "bool":
        return (f.required === true || set) && show ? String(v === true) : "";
      case "any":
      case "map":
        return this.jsonText(f, v);
      case "fieldErrors":
        return set ? this.jsonText(f, v) : "";
    }
    if ("slice" in t) {
      const list = /** @type {unknown[]} */ (v ?? []);
      if (f.required !== true && !set) return "";
      if (!show) return "";
      if (list.length === 0) return "[]";
      if (t.slice === "string") return list.map((s) => this.process(f, /** @type {string} */ (s))).join(", ");
      // any other array as the details carry it on the wire
      return itemsText(this.items(f, t, list), null, null);
    }
    const optional = f.required !== true && !t.ptr;
    if ((!t.ptr && !optional) || set) return this.jsonText(f, this.structValue(t, v));
    return "";
  }

  /**
   * jsonText returns the text of an untyped value, a map or an object: a
   * string as a string field's, an array its items joined by ", ", anything
   * else its JSON; nothing for none.
   * @param {Flags} f
   * @param {unknown} v
   */
  jsonText(f, v) {
    if (!this.emit(f) || v === null || v === undefined) return "";
    if (Array.isArray(v) && v.length === 0) return "[]";
    if (typeof v === "string") return this.process(f, v);
    if (f.sensitive === true && this.redact && !this.verbose) return REDACTED;
    if (!Array.isArray(v)) return this.any(v, -1);
    const items = this.anyItems(v, -1);
    return items === null ? "null" : itemsText(items, this, f);
  }
}

/**
 * itemsText joins the JSON items of an array by ", ": a string item as its
 * text (processed under f's rules when enc is given), null as nothing, any
 * other item as its JSON.
 * @param {string[]} items
 * @param {Encoder | null} enc
 * @param {Flags | null} f
 */
function itemsText(items, enc, f) {
  if (items.length === 0) return "[]";
  return items
    .map((it) => {
      if (it !== "null" && it[0] !== '"') return it;
      const s = it === "null" ? "" : /** @type {string} */ (JSON.parse(it));
      return enc !== null ? enc.process(f, s) : s;
    })
    .join(", ");
}
