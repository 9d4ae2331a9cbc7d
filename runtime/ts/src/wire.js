// @ts-check
// The canonical bytes of the wire: JSON strings (escaped, and bounded in
// UTF-8 bytes cut on characters), numbers as ECMAScript writes them, and
// the code point order of keys. Each rule is errgen's Go runtime's
// (errgenrt/encode.go), so the bytes are the same: docs/guide/conformance.md
// is the contract. write.js writes detail values with them.

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
 * formatInteger writes an integer (a safe integer number, or a bigint) in
 * decimal digits; -0 is 0.
 * @param {number | bigint} v
 */
export function formatInteger(v) {
  return typeof v === "bigint" ? v.toString() : String(v === 0 ? 0 : v);
}
