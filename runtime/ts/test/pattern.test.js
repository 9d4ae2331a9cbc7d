// @ts-check
// pattern.js against JavaScript's own RegExp: the same verdict on every
// pattern and string (short strings, where backtracking is quick), the same
// syntax refused but for what errgen refuses on purpose, and the formats'
// expressions against ajv-formats itself.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import ajv2020 from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";

import { checkFormat } from "../src/check.js";
import { compilePattern } from "../src/pattern.js";

/**
 * A small deterministic generator (xorshift), so that a failure names
 * its seed and comes back.
 * @param {number} seed
 */
function rng(seed) {
  let x = seed >>> 0 || 1;
  /** @param {number} n */
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

const ATOMS = ["a", "b", "c", "1", " ", "_", ".", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "[ab]", "[^a]", "[a-c1]", "[^]", "[]", "[\\d_]",
  "[\\-a]", "\\u0061", "\\x62", "\\u{1F600}", "\\uD83D\\uDE00", "😀", "\\n", "\\.", "\\*", "[\\b]", "\\0", "\\cJ", "[😀-😂]", "é"];
const QUANTIFIERS = ["", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "+?", "??", "{1,3}?"];
const STRING_CHARS = ["a", "b", "c", "1", " ", "_", "\n", "😀", "😁", "é", "-", ".", "*", "\b", "\0"];

/**
 * pick draws one of list.
 * @param {(n: number) => number} r
 * @param {readonly string[]} list
 */
function pick(r, list) {
  return /** @type {string} */ (list[r(list.length)]);
}

/**
 * pattern draws a pattern of the language errgen check accepts.
 * @param {(n: number) => number} r
 * @param {number} depth
 * @returns {string}
 */
function pattern(r, depth) {
  const terms = [];
  for (let k = r(4); k >= 0; k--) {
    const choice = r(10);
    if (choice === 0) terms.push(pick(r, ["^", "$", "\\b", "\\B"]));
    else if (choice <= 2 && depth < 3) {
      const open = pick(r, ["(", "(?:", "(?<g" + depth + r(1000) + ">"]);
      const alts = [pattern(r, depth + 1)];
      if (r(2) === 0) alts.push(pattern(r, depth + 1));
      terms.push(open + alts.join("|") + ")" + pick(r, QUANTIFIERS));
    } else terms.push(pick(r, ATOMS) + pick(r, QUANTIFIERS));
  }
  const alt = terms.join("");
  return depth === 0 && r(5) === 0 ? alt + "|" + pattern(r, depth + 1) : alt;
}

/** @param {(n: number) => number} r */
function string(r) {
  let s = "";
  for (let k = r(9); k > 0; k--) s += pick(r, STRING_CHARS);
  return s;
}

/**
 * search reports whether the sticky expression re matches at some
 * character of s, as ECMAScript's RegExpBuiltinExec searches with the u
 * flag: from each code point's start. (V8's own search also tries inside a
 * surrogate pair, where \B then holds: /\B/u.test("😀") is true in Node,
 * false in Go, in Python and by the specification.)
 * @param {RegExp} re
 * @param {string} s
 */
function search(re, s) {
  for (let i = 0; i <= s.length; i++) {
    re.lastIndex = i;
    if (re.test(s)) return true;
    if (/** @type {number} */ (s.codePointAt(i)) > 0xffff) i++;
  }
  return false;
}

test("patterns match as RegExp with the u flag matches them", () => {
  const r = rng(20261128);
  let compared = 0;
  for (let n = 0; n < 4000; n++) {
    const p = pattern(r, 0);
    let re;
    try {
      re = new RegExp(p, "uy");
    } catch {
      continue; // a named group drawn twice: RegExp and compilePattern both refuse it (below)
    }
    const compiled = compilePattern(p);
    assert.ok(compiled !== null, `compilePattern refuses ${JSON.stringify(p)}, which RegExp compiles`);
    for (let k = 0; k < 25; k++) {
      const s = string(r);
      assert.equal(compiled.test(s), search(re, s), `pattern ${JSON.stringify(p)} on ${JSON.stringify(s)}`);
      compared++;
    }
  }
  assert.ok(compared > 50000, `only ${compared} comparisons`);
});

test("patterns match as errgenrt matches them (runtime/fixtures/patterns.jsonl)", () => {
  // random patterns errgen check accepts, with the Go runtime's verdict on
  // short strings (TestFixtures in runtime/fixtures, which holds them to
  // RegExp)
  let n = 0;
  for (const line of readFileSync(new URL("../../fixtures/patterns.jsonl", import.meta.url), "utf8").split("\n")) {
    if (line === "") continue;
    /** @type {{ pattern: string, matches: [string, boolean][] }} */
    const c = JSON.parse(line);
    const compiled = compilePattern(c.pattern);
    assert.ok(compiled !== null, `compilePattern refuses ${JSON.stringify(c.pattern)}`);
    for (const [s, want] of c.matches) {
      assert.equal(compiled.test(s), want, `pattern ${JSON.stringify(c.pattern)} on ${JSON.stringify(s)}`);
      n++;
    }
  }
  assert.ok(n > 10000, `${n} verdicts`);
});

/** What errgen refuses on purpose: lookarounds, back references, property escapes, counts past 1000. */
const REFUSED = /\(\?<?[=!]|\\[1-9kpP]|\{\d{4,}/;

test("patterns refused are those RegExp refuses with the u flag, and the features errgen leaves out", () => {
  const r = rng(49);
  const syntax = [..."ab()[]{}|^$\\.*+?-,0123:<>=!dDwWsSbBkpPux/c"];
  for (let n = 0; n < 30000; n++) {
    let p = "";
    for (let k = r(8); k >= 0; k--) p += syntax[r(syntax.length)];
    let native = true;
    try {
      new RegExp(p, "u");
    } catch {
      native = false;
    }
    const ours = compilePattern(p) !== null;
    if (!native) assert.equal(ours, false, `compilePattern takes ${JSON.stringify(p)}, which RegExp refuses with the u flag`);
    else if (!ours) {
      assert.match(p, REFUSED, `compilePattern refuses ${JSON.stringify(p)}, which RegExp compiles with the u flag`);
    }
  }
  for (const p of ["(?=a)", "(?!a)", "(?<=a)", "(?<!a)", "(a)\\1", "(?<n>a)\\k<n>", "\\p{L}", "\\P{L}", "a{1001}", "(?i)a", "(?i:a)", "a\\-b", "]", "{", "a{,2}"]) {
    assert.equal(compilePattern(p), null, `compilePattern takes ${JSON.stringify(p)}`);
  }
  assert.ok(compilePattern("a{1000}") !== null);
});

test("a pattern that stalls RegExp is read once, whatever the value", () => {
  // ^(a+)+$ on 28 a's and a ! takes RegExp minutes; here every character
  // is one step of a state built at most once
  const p = /** @type {import("../src/pattern.js").Pattern} */ (compilePattern("^(a+)+$"));
  assert.equal(p.test("a".repeat(28) + "!"), false);
  assert.equal(p.test("a".repeat(100000)), true);
  const before = p.states.size;
  assert.equal(p.test("a".repeat(200000) + "!"), false);
  assert.equal(p.states.size, before, "no state more: the a's loop on one, the ! ends the match");
});

test("the states kept stay bounded", () => {
  // (a|b)*a(a|b){12}: a deterministic automaton of 2^13 states; values
  // that visit them all are still read, the cache flushed as it fills
  const p = /** @type {import("../src/pattern.js").Pattern} */ (compilePattern("^(a|b)*a(a|b){12}$"));
  const r = rng(7);
  let s = "";
  for (let k = 0; k < 200000; k++) s += "ab"[r(2)];
  const re = /^(a|b)*a(a|b){12}$/u;
  assert.equal(p.test(s), re.test(s));
  assert.ok(p.states.size <= 10000);
});

test("the formats agree with ajv-formats", () => {
  // CommonJS modules: the default import is module.exports, whose default is the class
  const ajv = new ajv2020.default({ strict: true });
  ajvFormats.default(ajv);
  const values = [
    "", "P", "PT", "P1D", "PT1H", "P1DT", "P1W", "P1Y2M3DT4H5M6S", "P1YT", "2026-02-28", "2026-02-29", "2024-02-29",
    "12:00:00Z", "23:59:60Z", "12:00:00", "2026-01-02T03:04:05Z", "2026-01-02t03:04:05+01:00", "2026-01-02 03:04:05.5Z",
    "http://example.com/a?b#c", "HTTP://EXAMPLE.COM", "a:b", "//host/path", "/a/b", "a/b", "mailto:x@y", "http://[::1]:80/",
    "http://[v1.x]/", "http://%41/", "http://a b", "x:", "urn:uuid:00000000-0000-4000-8000-000000000000",
    "https://{x}/", "{+path}/x", "{a,b:3}", "{a*}", "a{", "x@y.z", "X.Y@Z.CO", "a@b", "@b.co", "a..b@c.d", "a@-b.c", "a@b-.c",
    "host", "HOST.example.", "-host", "a".repeat(63) + ".b", "a".repeat(64), ("a".repeat(60) + ".").repeat(4) + "ab.",
    ("a".repeat(60) + ".").repeat(4) + "abc", "1.2.3.4", "256.1.1.1", "01.2.3.4", "::", "::1", "1::", "fe80::1%x", "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:1.2.3.4", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8:9", "ABCD::EF", "00000000-0000-4000-8000-000000000000",
    "URN:UUID:00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-00000000000", "/a~0b/c~1d", "/a~2", "~", "0", "1/a",
    "0#", "01", "10/a~1", "é", "😀", "http://é.com", "a@é.com", "a\u2028b", "a\nb", "K@example.com", "ſ@example.com", "\u212a.example",
  ];
  const formats = ["date", "time", "date-time", "duration", "uri", "uri-reference", "uri-template", "email", "hostname", "ipv4", "ipv6",
    "uuid", "json-pointer", "relative-json-pointer"];
  for (const format of formats) {
    const validate = ajv.compile({ type: "string", format });
    for (const v of values) {
      assert.equal(checkFormat(format, v), validate(v), `format ${format} on ${JSON.stringify(v)}`);
    }
  }
});
