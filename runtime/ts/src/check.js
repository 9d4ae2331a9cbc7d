// @ts-check
// The checks of a node's constraints (the facts' check: errgenrt/format.go
// and its checkString, checkNumber, checkAny), and the formats of JSON
// Schema 2020-12 that the wire schema keeps: a string has a format when
// ajv-formats (MIT licence; its "full" mode, time and date-time with a time
// zone required) takes it, with its regular expressions and functions as
// they are. Each check returns the first keyword a value breaks, "" when it
// keeps them all.
//
// Every expression run on a value is matched by pattern.js, in time
// linear in the value, but DATE and TIME, whose parts are read: fixed
// widths with a single repetition (a fraction of a second) under ^…$,
// which RegExp backtracks over at most once a character.

import { compilePattern } from "./pattern.js";
import { wellFormed } from "./wire.js";

/** @typedef {import("./facts.js").Check} Check */

// ---------------------------------------------------------------- formats

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;
const NOT_URI_FRAGMENT = /\/|:/;
const URI = linear(/^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i);
const URI_REFERENCE = linear(/^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i);
// eslint-disable-next-line no-control-regex
const URI_TEMPLATE = linear(/^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i);
const EMAIL = linear(/^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i);
// hostname without its lookahead (?=.{1,253}\.?$): see FORMATS.hostname
const HOSTNAME = linear(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i);
const IPV4 = linear(/^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/);
const IPV6 = linear(/^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i);
const UUID = linear(/^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i);
const JSON_POINTER = linear(/^(?:\/(?:[^~/]|~0|~1)*)*$/);
const RELATIVE_JSON_POINTER = linear(/^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/);
// duration without its lookaheads P(?!$) and T(?=\d): see FORMATS.duration
const DURATION = linear(/^P((\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/);

/**
 * linear returns the test of a format's expression, written as a literal
 * for its syntax and matched by pattern.js (compiled on first use), with
 * its i flag.
 * @param {RegExp} re
 * @returns {(s: string) => boolean}
 */
function linear(re) {
  /** @type {import("./pattern.js").Pattern | null} */
  let p = null;
  return (s) => {
    p ??= compilePattern(re.source, re.flags.includes("i"));
    if (p === null) throw new Error("errgen: a format's expression does not compile: " + re.source);
    return p.test(s);
  };
}

/** @param {string} s */
function date(s) {
  const m = DATE.exec(s);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : /** @type {number} */ (DAYS[month]));
}

/**
 * time: a time zone required; a leap second only at 23:59:60 UTC.
 * @param {string} s
 */
function time(s) {
  const m = TIME.exec(s);
  if (m === null || m[4] === undefined) return false;
  const hr = Number(m[1]);
  const min = Number(m[2]);
  const sec = Number(m[3]);
  const sign = m[5] === "-" ? -1 : 1;
  const tzH = Number(m[6] ?? 0);
  const tzM = Number(m[7] ?? 0);
  if (tzH > 23 || tzM > 59) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * sign;
  const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

/** @type {{ readonly [format: string]: (s: string) => boolean }} */
const FORMATS = {
  date,
  time,
  "date-time": (s) => {
    const parts = s.split(DATE_TIME_SEPARATOR);
    return parts.length === 2 && date(/** @type {string} */ (parts[0])) && time(/** @type {string} */ (parts[1]));
  },
  duration: (s) => s !== "P" && !s.endsWith("T") && DURATION(s),
  uri: (s) => NOT_URI_FRAGMENT.test(s) && URI(s),
  "uri-reference": URI_REFERENCE,
  "uri-template": URI_TEMPLATE,
  email: EMAIL,
  // .{1,253}\.?$ from the start: 1 to 253 characters, or 254 ending in a dot
  hostname: (s) => (s.length <= 253 || (s.length === 254 && s.endsWith("."))) && HOSTNAME(s),
  ipv4: IPV4,
  ipv6: IPV6,
  uuid: UUID,
  "json-pointer": JSON_POINTER,
  "relative-json-pointer": RELATIVE_JSON_POINTER,
};

/**
 * checkFormat reports whether s has the format named format; a format the
 * runtime has no check of takes every string.
 * @param {string} format
 * @param {string} s
 */
export function checkFormat(format, s) {
  const f = Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
  return f === undefined || f(s);
}

// ---------------------------------------------------------------- checks

/** @type {WeakMap<Check, Array<import("./pattern.js").Pattern | null>>} each check's patterns, compiled on first use */
const PATTERNS = new WeakMap();

/**
 * patterns returns the compiled patterns of c (pattern.js: matched in time
 * linear in the value): null for one that does not compile (errgen check
 * refuses it), which no string matches.
 * @param {Check} c
 */
function patterns(c) {
  let out = PATTERNS.get(c);
  if (out === undefined) {
    out = (c.patterns ?? []).map((p) => compilePattern(p));
    PATTERNS.set(c, out);
  }
  return out;
}

/**
 * codePoints counts the characters of the well-formed string s.
 * @param {string} s
 */
function codePoints(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      n++;
      i++;
    }
  }
  return n;
}

/**
 * checkString returns the first keyword of c that the string s breaks
 * (enum, const, minLength, maxLength, pattern, format).
 * @param {Check | undefined} c
 * @param {string} s
 */
export function checkString(c, s) {
  if (c === undefined) return "";
  s = wellFormed(s); // what is written
  if (c.enum !== undefined && c.enum.length > 0 && !c.enum.includes(s)) return "enum";
  if (Object.hasOwn(c, "const") && !jsonEqual(c.const, s)) return "const";
  if (c.minLength !== undefined || c.maxLength !== undefined) {
    const n = codePoints(s);
    if (c.minLength !== undefined && n < c.minLength) return "minLength";
    if (c.maxLength !== undefined && n > c.maxLength) return "maxLength";
  }
  for (const re of patterns(c)) {
    if (re === null || !re.test(s)) return "pattern";
  }
  for (const f of c.formats ?? []) {
    if (!checkFormat(f, s)) return "format";
  }
  return "";
}

/**
 * checkNumber returns the first keyword of c that the number f breaks
 * (enum, const, minimum, maximum, exclusiveMinimum, exclusiveMaximum,
 * multipleOf).
 * @param {Check | undefined} c
 * @param {number} f
 */
export function checkNumber(c, f) {
  if (c === undefined) return "";
  if (c.enum !== undefined && c.enum.length > 0) return "enum"; // enum lists strings
  if (Object.hasOwn(c, "const") && !jsonEqual(c.const, f)) return "const";
  if (c.minimum !== undefined && f < c.minimum) return "minimum";
  if (c.maximum !== undefined && f > c.maximum) return "maximum";
  if (c.exclusiveMinimum !== undefined && f <= c.exclusiveMinimum) return "exclusiveMinimum";
  if (c.exclusiveMaximum !== undefined && f >= c.exclusiveMaximum) return "exclusiveMaximum";
  // a quotient past 1e21 is one Ajv's check (x/m === parseInt(x/m)) refuses, reading it in exponent notation
  if (c.multipleOf !== undefined && c.multipleOf > 0 && (f % c.multipleOf !== 0 || Math.abs(f / c.multipleOf) >= 1e21)) return "multipleOf";
  return "";
}

/**
 * checkAny returns the first keyword of c that the untyped value x breaks,
 * each keyword applying to the values of its type.
 * @param {Check | undefined} c
 * @param {unknown} x
 */
export function checkAny(c, x) {
  if (c === undefined) return "";
  if (typeof x === "string") return checkString(c, x);
  if (typeof x === "number") return checkNumber(c, x);
  if (typeof x === "bigint") return checkNumber(c, Number(x));
  if (Array.isArray(x)) {
    if (c.minItems !== undefined && x.length < c.minItems) return "minItems";
    if (c.maxItems !== undefined && x.length > c.maxItems) return "maxItems";
  }
  if (c.enum !== undefined && c.enum.length > 0) return "enum";
  if (Object.hasOwn(c, "const") && !jsonEqual(c.const, x)) return "const";
  return "";
}

/**
 * jsonEqual reports whether two JSON values are equal as JSON Schema
 * compares them (numbers by value, objects by their members).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function jsonEqual(a, b) {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (typeof a === "number" || typeof a === "bigint") {
    return (typeof b === "number" || typeof b === "bigint") && Number(a) === Number(b);
  }
  if (typeof a !== "object") return a === b;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (typeof b !== "object" || b === null || Array.isArray(b)) return false;
  const x = /** @type {{ [key: string]: unknown }} */ (a);
  const y = /** @type {{ [key: string]: unknown }} */ (b);
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && jsonEqual(x[k], y[k]));
}
