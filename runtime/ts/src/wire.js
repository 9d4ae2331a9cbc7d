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

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * utf8Length returns the length of the well-formed string s in UTF-8
 * bytes (an ASCII string's is its length, which is not counted).
 * @param {string} s
 */
export function utf8Length(s) {
  if (!NON_ASCII.test(s)) return s.length;
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
 * fits reports whether the well-formed string s has at most max UTF-8
 * bytes (a UTF-16 code unit is at most 3 of them, so a short string is
 * not counted).
 * @param {string} s
 * @param {number} max
 */
export function fits(s, max) {
  return s.length * 3 <= max || utf8Length(s) <= max;
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
 * cutAt returns where the well-formed string s is cut to bound it to limit
 * bytes, -1 where it is not: a longer string is cut to its first limit − 3
 * bytes, moved back to a character's start, and "..." marks the cut. A
 * negative limit means none.
 * @param {string} s
 * @param {number} limit
 */
function cutAt(s, limit) {
  if (limit < 0 || fits(s, limit)) return -1;
  return prefix(s, Math.max(limit - 3, 0)).length;
}

/**
 * head returns the start of s that its cut to limit bytes keeps, cut
 * (without its "..."), when s has more UTF-16 code units than limit (so
 * more bytes: a code unit is one byte at least), reading no more of s
 * than that, however long s is; null otherwise.
 * @param {string} s
 * @param {number} limit
 */
function head(s, limit) {
  if (limit < 0 || s.length <= limit) return null;
  const t = wellFormed(s.slice(0, limit));
  return prefix(t, Math.max(limit - 3, 0));
}

/** What makes a string need escaping (in JSON, HTML or JavaScript) or replacing (a surrogate, which may be lone). */
// eslint-disable-next-line no-control-regex
const UNPLAIN = /["\\\u0000-\u001f<>&\u2028\u2029\uD800-\uDFFF]/;

/**
 * plain reports whether s is written as it is, within limit bytes: it has
 * nothing to escape, no surrogate (so nothing to replace) and no more
 * than limit UTF-8 bytes (a negative limit: any number). Such a string
 * needs none of the work of quote and truncate, which could not change
 * it: the skipping of that work, not a second way of writing it.
 * @param {string} s
 * @param {number} limit
 */
function plain(s, limit) {
  return !UNPLAIN.test(s) && (limit < 0 || fits(s, limit));
}

/**
 * truncate bounds s to limit bytes as quote does; a negative limit means
 * none.
 * @param {string} s
 * @param {number} limit
 */
export function truncate(s, limit) {
  const h = head(s, limit);
  if (h !== null) return h + "...";
  if (plain(s, limit)) return s;
  const t = wellFormed(s);
  const at = cutAt(t, limit);
  return at < 0 ? t : t.slice(0, at) + "...";
}

/**
 * What the wire escapes beyond JSON.stringify, in its output: <, >, & (the
 * JSON stays safe in HTML) and U+2028, U+2029 (it stays valid JavaScript),
 * which it leaves raw, and backspace and form feed, which it writes \b
 * and \f where the wire writes \u0008 and \u000c. An escaped backslash
 * is matched whole, so that the character after it is not read as an
 * escape's.
 */
const BEYOND_JSON = /\\\\|\\[bf]|[<>&\u2028\u2029]/g;

/**
 * The characters of a string that JSON.stringify writes as BEYOND_JSON
 * matches them (backspace and form feed as \b and \f; the others raw):
 * without one of them in its input, the output has nothing to replace.
 */
// eslint-disable-next-line no-control-regex
const BEYOND_JSON_INPUT = /[\u0008\u000c<>&\u2028\u2029]/;

/** @param {string} m a match of BEYOND_JSON */
function escapeBeyondJSON(m) {
  switch (m) {
    case "\\\\": return m;
    case "\\b": return "\\u0008";
    case "\\f": return "\\u000c";
  }
  return "\\u" + m.charCodeAt(0).toString(16).padStart(4, "0");
}

/**
 * quote writes s as a JSON string, bounded to limit UTF-8 bytes (see cutAt;
 * negative: whole). Quotes, backslashes and control characters are
 * escaped (\n, \r, \t, else \u00XX), and so are <, >, & (the JSON stays
 * safe in HTML) and U+2028, U+2029 (it stays valid JavaScript); a lone
 * surrogate is U+FFFD. The escaping is JSON.stringify's, which ECMAScript
 * fixes character for character, and BEYOND_JSON's.
 * @param {string} s
 * @param {number} limit
 */
export function quote(s, limit) {
  const h = head(s, limit);
  if (h !== null) {
    const json = JSON.stringify(h + "...");
    return BEYOND_JSON_INPUT.test(h) ? json.replace(BEYOND_JSON, escapeBeyondJSON) : json;
  }
  if (plain(s, limit)) return '"' + s + '"';
  const t = wellFormed(s);
  const at = cutAt(t, limit);
  const json = JSON.stringify(at < 0 ? t : t.slice(0, at) + "...");
  return BEYOND_JSON_INPUT.test(t) ? json.replace(BEYOND_JSON, escapeBeyondJSON) : json;
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
