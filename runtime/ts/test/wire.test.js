// @ts-check
// The canonical bytes of docs/guide/conformance.md: string escaping,
// bounds in UTF-8 bytes cut on characters, numbers, key order, and the
// sanitizers.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { assemble, load } from "./package.js";

const pkg = assemble();
after(pkg.remove);
const wire = await load(pkg.dir, "wire.js");
const write = await load(pkg.dir, "write.js");
const sanitize = await load(pkg.dir, "sanitize.js");

test("strings are escaped as the conformance table says, and nothing else", () => {
  assert.equal(wire.quote('a"b\\c\n\r\t\u0001\u001f\u0008', -1), '"a\\"b\\\\c\\n\\r\\t\\u0001\\u001f\\u0008"');
  assert.equal(wire.quote("<a href='x'>&</a>", -1), "\"\\u003ca href='x'\\u003e\\u0026\\u003c/a\\u003e\"");
  assert.equal(wire.quote("line\u2028para\u2029", -1), '"line\\u2028para\\u2029"');
  // each character the wire escapes beyond JSON.stringify, alone beside a quote
  assert.equal(wire.quote('"\u000c', -1), '"\\"\\u000c"');
  assert.equal(wire.quote('"\u0008', -1), '"\\"\\u0008"');
  assert.equal(wire.quote('"&', -1), '"\\"\\u0026"');
  // a backslash before b or f is no escape of the input's
  assert.equal(wire.quote('"\\b\\f', -1), '"\\"\\\\b\\\\f"');
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
  assert.equal(wire.formatInteger(42), "42");
  assert.equal(wire.formatInteger(-0), "0");
  assert.equal(wire.formatInteger(2 ** 53), "9007199254740992");
  assert.equal(wire.formatInteger(2n ** 60n), "1152921504606846976");
});

test("keys sort by code point (UTF-8 byte order), not by UTF-16 unit", () => {
  const keys = ["\u{1F600}", "\uE000", "b", "a", "é"];
  assert.deepEqual([...keys].sort(wire.byCodePoint), ["a", "b", "é", "\uE000", "\u{1F600}"]);
  assert.deepEqual([...keys].sort(), ["a", "b", "é", "\u{1F600}", "\uE000"]);
});

test("untyped values: members sorted, strings and keys bounded, 32 levels deep at most", () => {
  const tables = new write.Tables(/** @type {any} */ ({ name: "t", limits: { maxStringBytes: 8 }, rules: { redacted: "<redacted>", untypedDepth: 32, minMaxStringBytes: 16 }, shapes: [] }));
  const enc = new write.Encoder(tables, {});
  const any = /** @type {any} */ ({ type: "any" });
  assert.equal(enc.maxString, 16, "the catalog's bound below the floor is the floor");
  assert.equal(enc.writeAny(any, { b: 1, a: [true, null, "x<"], "\uE000": {}, "\u{1F600}": 0.5 }, 0), '{"a":[true,null,"x\\u003c"],"b":1,"\uE000":{},"\u{1F600}":0.5}');
  assert.equal(enc.writeAny(any, { "a long key past the bound": "a long value past the bound" }, 0), '{"a long key pa...":"a long value ..."}');
  let deep = /** @type {unknown} */ ("x");
  for (let i = 0; i < 40; i++) deep = [deep];
  assert.equal(enc.writeAny(any, deep, 0), "[".repeat(32) + "null" + "]".repeat(32));
  // keys alike once bounded: the first in code point order wins
  assert.equal(enc.writeAny(any, { "a long key past the bound, two": 2, "a long key past the bound, one": 1 }, 0), '{"a long key pa...":1}');
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
  assert.equal(sanitize.sanitizeText("short a1b2c3"), "short a1b2c3");
  // errgenrt's table (TestSanitizeFreeTextTokens)
  const r = "<redacted>";
  /** @type {Array<[string, string]>} */
  const cases = [
    ["ghp_0123456789abcdefABCDEFghijklmnopqrstu", r], // prefixed token: the whole run
    ["key dGhpcyBpcyBhIHNlY3JldC+rZXkgZm9y/IHRlc3Rz0A== ok", "key " + r + "== ok"], // base64: = ends the run
    ["abcdefghijklmnopqrstuvwxyzabcdefgh", r], // letters only, 34
    ["abcdefghijklmnopqrstuvwxyzabcde", "abcdefghijklmnopqrstuvwxyzabcde"], // 31: kept
    ["01234567890123456789012345678901", r], // digits only, 32
    ["a/b/c/0123456789012345678901234567890123", "a/b/c/" + r], // marks past 1 in 8: the stretch
    ["SOME_CONSTANT_NAME_THAT_IS_VERY_LONG_INDEED", "SOME_CONSTANT_NAME_THAT_IS_VERY_LONG_INDEED"], // no stretch of 32
    ["550e8400-e29b-41d4-a716-446655440000", "550e8400-e29b-41d4-a716-446655440000"], // a UUID: no upper case
    ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.x", "eyJhbGciOiJIUzI1NiJ9." + r + ".x"],
    ["version 1.2.3-rc.4+build.5678", "version 1.2.3-rc.4+build.5678"],
    ["é" + "a".repeat(32) + "é", "é" + r + "é"], // non-ASCII ends a run
  ];
  for (const [input, want] of cases) assert.equal(sanitize.sanitizeText(input), want, input);
});

// runtime/fixtures holds what errgenrt makes (TestFixtures there): every
// runtime's writers and scanners are held to the same files.
const shared = (/** @type {string} */ name) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), "utf8");

test("numbers are written as errgenrt writes them (runtime/fixtures/floats.txt)", () => {
  const view = new DataView(new ArrayBuffer(8));
  let n = 0;
  for (const line of shared("floats.txt").split("\n")) {
    if (line === "") continue;
    const [bits, text] = line.split(" ");
    view.setBigUint64(0, BigInt(`0x${bits}`));
    assert.equal(wire.formatNumber(view.getFloat64(0)), text, `bits ${bits}`);
    n++;
  }
  assert.ok(n > 3000, `${n} numbers`);
});

test("the sanitizers scrub as errgenrt does (runtime/fixtures/sanitize.jsonl)", () => {
  let n = 0;
  for (const line of shared("sanitize.jsonl").split("\n")) {
    if (line === "") continue;
    /** @type {{ in: string, path: string, uri: string, text: string }} */
    const c = JSON.parse(line);
    assert.equal(sanitize.sanitizePath(c.in), c.path, `path of ${JSON.stringify(c.in)}`);
    assert.equal(sanitize.sanitizeURI(c.in), c.uri, `uri of ${JSON.stringify(c.in)}`);
    assert.equal(sanitize.sanitizeText(c.in), c.text, `text of ${JSON.stringify(c.in)}`);
    n++;
  }
  assert.ok(n > 1000, `${n} cases`);
});
