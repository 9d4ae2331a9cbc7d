// @ts-check
// The canonical bytes of docs/guide/conformance.md: string escaping,
// bounds in UTF-8 bytes cut on characters, numbers, key order, and the
// sanitizers.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { assemble, load } from "./package.js";

const pkg = assemble();
after(pkg.remove);
const wire = await load(pkg.dir, "wire.js");
const sanitize = await load(pkg.dir, "sanitize.js");

test("strings are escaped as the conformance table says, and nothing else", () => {
  assert.equal(wire.quote('a"b\\c\n\r\t\u0001\u001f\u0008', -1), '"a\\"b\\\\c\\n\\r\\t\\u0001\\u001f\\u0008"');
  assert.equal(wire.quote("<a href='x'>&</a>", -1), "\"\\u003ca href='x'\\u003e\\u0026\\u003c/a\\u003e\"");
  assert.equal(wire.quote("line\u2028para\u2029", -1), '"line\\u2028para\\u2029"');
  // U+007F and every other character as itself
  assert.equal(wire.quote("\u007f é 😀 \ufeff", -1), '"\u007f é 😀 \ufeff"');
  // a lone surrogate is U+FFFD, itself
  assert.equal(wire.quote("a\ud800b\udc00", -1), '"a\ufffdb\ufffd"');
});

test("bounds count UTF-8 bytes and cut on a character's start", () => {
  assert.equal(wire.quote("abc", 3), '"abc"');
  assert.equal(wire.quote("abcd", 3), '"..."');
  // a four-byte character across the cut moves it back
  assert.equal(wire.quote("ab😀cd", 6), '"ab..."');
  assert.equal(wire.quote("ab😀cd", 8), '"ab😀cd"');
  assert.equal(wire.quote("ab😀cdef", 9), '"ab😀..."');
  // two-byte characters: 12 bytes, bound 10, cut at 7 → 6
  assert.equal(wire.quote("éééééé", 10), '"ééé..."');
  // the bound is the string's, before escaping
  assert.equal(wire.quote("<<<<", 4), '"\\u003c\\u003c\\u003c\\u003c"');
  assert.equal(wire.truncate("abcdefgh", 6), "abc...");
  assert.equal(wire.utf8Length("aé€😀"), 1 + 2 + 3 + 4);
});

test("numbers as ECMAScript writes them, with JSON's limits", () => {
  const cases = [
    [1e21, "1e+21"],
    [1e20, "100000000000000000000"],
    [1.5e-7, "1.5e-7"],
    [0.000001, "0.000001"],
    [5e-324, "5e-324"],
    [1234567.5, "1234567.5"],
    [-0, "0"],
    [NaN, "0"],
    [Infinity, "1.7976931348623157e+308"],
    [-Infinity, "-1.7976931348623157e+308"],
  ];
  for (const [n, s] of cases) assert.equal(wire.formatNumber(n), s, String(n));
  assert.equal(wire.formatInt(42.9), "42");
  assert.equal(wire.formatInt(-0), "0");
  assert.equal(wire.formatInt(2n ** 60n), "1152921504606846976");
  assert.equal(wire.formatInt(1e21), "1000000000000000000000");
});

test("keys sort by code point (UTF-8 byte order), not by UTF-16 unit", () => {
  const keys = ["\u{1F600}", "\uE000", "b", "a", "é"];
  assert.deepEqual([...keys].sort(wire.byCodePoint), ["a", "b", "é", "\uE000", "\u{1F600}"]);
  assert.deepEqual([...keys].sort(), ["a", "b", "é", "\u{1F600}", "\uE000"]);
});

test("untyped values: members sorted, strings and keys bounded, 32 levels deep at most", () => {
  const enc = new wire.Encoder({}, 8, new wire.Reader({}));
  assert.equal(enc.any({ b: 1, a: [true, null, "x<"], "\uE000": {}, "\u{1F600}": 0.5 }, -1), '{"a":[true,null,"x\\u003c"],"b":1,"\uE000":{},"\u{1F600}":0.5}');
  assert.equal(enc.any({ "a long key": "a long value" }, 6), '{"a l...":"a l..."}');
  let deep = /** @type {unknown} */ ("x");
  for (let i = 0; i < 40; i++) deep = [deep];
  const out = enc.any(deep, -1);
  assert.equal(out, "[".repeat(32) + "null" + "]".repeat(32));
});

test("path sanitizing: home directories become ~", () => {
  assert.equal(sanitize.sanitizePath("/home/alice/x and /Users/bob/y, /root/z, C:\\Users\\carol\\f.txt"), "~/x and ~/y, ~/z, ~\\f.txt");
  assert.equal(sanitize.sanitizePath("/home/ and /homer/x"), "/home/ and /homer/x");
  assert.equal(sanitize.sanitizePath("'/home/a b'"), "'~ b'");
});

test("URL sanitizing: the password and secret query values, the rest kept byte for byte", () => {
  assert.equal(sanitize.sanitizeURI("see https://u:p@h.example/a?token=1&x=2&Session_id=3&pwd=4#frag"),
    "see https://u:redacted@h.example/a?token=redacted&x=2&Session_id=redacted&pwd=redacted#frag");
  assert.equal(sanitize.sanitizeURI("x+y://h/?api%5Fkey=1&my+pass=2&AUTHORIZATION=3"), "x+y://h/?api%5Fkey=redacted&my+pass=2&AUTHORIZATION=redacted");
  assert.equal(sanitize.sanitizeURI("s://a:b:c@d@host/p#?token=1"), "s://a:redacted@host/p#?token=1");
  assert.equal(sanitize.sanitizeURI("no URL here: token=1"), "no URL here: token=1");
  assert.equal(sanitize.sanitizeURI('"https://x/?sig=1"<b>'), '"https://x/?sig=redacted"<b>');
});

test("free text: paths, URLs, e-mail addresses and long tokens", () => {
  assert.equal(sanitize.sanitizeText("mail a.b@example.com about /home/al/x"), "mail <email> about ~/x");
  assert.equal(sanitize.sanitizeText("key abcdefghijklmnopqrstuvwxyz0123456789"), "key <redacted>");
  // no digit, or a slash: kept
  assert.equal(sanitize.sanitizeText("word abcdefghijklmnopqrstuvwxyzabcdefghij"), "word abcdefghijklmnopqrstuvwxyzabcdefghij");
  assert.equal(sanitize.sanitizeText("/x/abcdefghijklmnopqrstuvwxyz0123456789"), "/x/abcdefghijklmnopqrstuvwxyz0123456789");
  assert.equal(sanitize.sanitizeText("short a1b2c3"), "short a1b2c3");
});
