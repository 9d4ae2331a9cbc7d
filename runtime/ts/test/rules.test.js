// @ts-check
// The wire's rules for detail values on the fixture catalog: errgen's
// keywords on items, map values and untyped values, an error's own
// sensitive list, redaction and scrubbing in verbose mode, the checks of
// the schema's constraints and what becomes of a value that breaks them
// (left out, dropped, replaced, the fallback), the onViolation hook, the
// floors of the options and __proto__ as a member. fixture/payloads.json
// holds what errgenrt renders for each case (TestPayloadsFixture in
// fixture_test.go keeps it so); this runtime must render the same bytes
// and report the same violations.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assemble, load } from "./package.js";

const pkg = assemble();
after(pkg.remove);
const server = await load(pkg.dir, "server.js");

/** @type {{ cases: Array<{ name: string, input: any, expect: { payloads: any, violations: any[] } }> }} */
const file = JSON.parse(readFileSync(new URL("fixture/payloads.json", import.meta.url), "utf8"));

/**
 * occurrenceOf raises the error of a case's input, as the conformance
 * runner does.
 * @param {any} input
 */
function raise(input) {
  const o = { data: (input.data ?? []).map((/** @type {any} */ m) => [m.key, m.value]), extensions: (input.extensions ?? []).map((/** @type {any} */ m) => [m.key, m.value]) };
  if (input.cause !== undefined) {
    let c;
    for (const text of [...input.cause].reverse()) c = new Error(text, c === undefined ? undefined : { cause: c });
    Object.assign(o, { cause: c });
  }
  if (input.retryable !== undefined) Object.assign(o, { retryable: input.retryable });
  if (input.retryAfterMs !== undefined) Object.assign(o, { retryAfterMs: input.retryAfterMs });
  return server.newError(input.symbol, input.details, o);
}

/** @param {any} o */
function options(o) {
  const now = new Date(o.now);
  return { ...o, now: () => now, instance: () => o.instance };
}

for (const c of file.cases) {
  test(`as errgenrt: ${c.name}`, () => {
    /** @type {unknown[]} */
    const violations = [];
    const previous = server.onViolation((/** @type {unknown} */ v) => violations.push(v));
    try {
      const err = raise(c.input);
      const o = options(c.input.options);
      const payloads = {
        jsonrpc: server.renderJsonRpcError(err, o),
        problem: server.renderProblem(err, o),
        response: server.renderResponse(err, o),
        toolResult: server.renderToolResult(err, o),
      };
      assert.deepEqual(payloads, c.expect.payloads);
      assert.deepEqual(violations, c.expect.violations);
    } finally {
      server.onViolation(previous);
    }
  });
}

test("verbose mode shows verbose-only fields, never a sensitive or unscrubbed value", () => {
  const err = server.newError("E_FS_DENIED", { path: "/home/alice/secret.txt", token: "hunter2", link: "https://u:pw@h.example/?token=t0k" });
  for (const text of [server.renderProblem(err, { verbose: true }), server.renderJsonRpcError(err, { verbose: true }), server.renderResponse(err, { verbose: true })]) {
    assert.doesNotMatch(text, /hunter2|\/home\/alice|:pw@|t0k/, text);
    assert.match(text, /~\/secret\.txt/);
  }
  const shown = server.renderResponse(err, { showSensitive: true });
  assert.match(shown, /"token":"hunter2"/);
  assert.match(shown, /"path":"\/home\/alice\/secret\.txt"/);
});

test("the onViolation hook hears of each violation once per payload, and may throw", () => {
  /** @type {any[]} */
  const seen = [];
  const previous = server.onViolation((/** @type {any} */ v) => seen.push(v));
  try {
    const err = server.newError("E_FS_QUOTA", { user: "al", limit: 7, used: 1, zone: "eu" });
    // the constructor (the message) reports nothing; minimal passes neither
    assert.equal(seen.length, 0);
    server.renderProblem(err, { maxDataBytes: 512 });
    assert.deepEqual(seen, [{ symbol: "E_FS_QUOTA", path: "/limit", keyword: "multipleOf", outcome: "replaced" }]);
    assert.ok(Object.isFrozen(seen[0]));
    server.onViolation(() => {
      throw new Error("a violation in a test");
    });
    assert.throws(() => server.renderResponse(err), /a violation in a test/);
    // valid details never call it
    assert.doesNotThrow(() => server.renderResponse(server.newError("E_FS_QUOTA", { user: "al", limit: 5, used: 1, zone: "eu" })));
    assert.throws(() => server.onViolation(/** @type {any} */ ("not a function")), TypeError);
  } finally {
    server.onViolation(previous);
  }
});

test("an error whose details have no valid form is its catalog's fallback, on the wire and in its message", () => {
  const err = server.newError("E_FS_BAD_NAME", { name: "Bad Name" });
  assert.equal(err.symbol, "E_FS_BAD_NAME");
  assert.equal(err.name, "E_INTERNAL");
  assert.equal(err.message, "An internal error occurred");
  assert.equal(String(err), "E_INTERNAL: An internal error occurred");
  assert.deepEqual(server.problemOf(err).status, 500);
  assert.equal(server.jsonRpcParts(err).message, "An internal error occurred");
  // the log forms tell what it was
  assert.equal(err.verboseError(), "E_FS_BAD_NAME: The name  is not allowed");
});

test("a JavaScript caller's details of the wrong type are a TypeError naming the error and the field", () => {
  /** @type {Array<[() => unknown, string]>} */
  const cases = [
    [() => server.newError("E_UNAVAILABLE", { service: 42 }), "E_UNAVAILABLE: details.service must be a string, got number"],
    [() => server.newError("E_UNAVAILABLE", {}), "E_UNAVAILABLE: details.service is required"],
    [() => server.newError("E_UNAVAILABLE", { service: null }), "E_UNAVAILABLE: details.service is required"],
    [() => server.newError("E_UNAVAILABLE"), "E_UNAVAILABLE: details.service is required"],
    [() => server.newError("E_UNAVAILABLE", "db"), "E_UNAVAILABLE: details must be an object, got string"],
    [() => server.newError("E_UNAVAILABLE", { service: "db", srevice: "x" }), 'E_UNAVAILABLE: details has no field "srevice"'],
    [() => server.newUnavailable({ service: ["db"] }), "E_UNAVAILABLE: details.service must be a string, got array"],
    [() => server.newError("E_FS_TOO_LARGE", { resource: "r", limit: "10", actual: 1, unit: "bytes" }), "E_FS_TOO_LARGE: details.limit must be an integer, got string"],
    // more than one thing wrong: the first the declared order meets,
    // whatever the order of the object's members
    [() => server.newError("E_FS_TOO_LARGE", { unit: 5, actual: "1", limit: 1, resource: "r" }), "E_FS_TOO_LARGE: details.actual must be an integer, got string"],
    [() => server.newError("E_FS_TOO_LARGE", { unit: 5, actual: 1, limit: 1 }), "E_FS_TOO_LARGE: details.resource is required"],
    [() => server.newError("E_FS_TOO_LARGE", { unit: 5, limit: 1, resource: "r" }), "E_FS_TOO_LARGE: details.actual is required"],
    [() => server.newError("E_FS_TOO_LARGE", { zzz: 1, unit: "bytes", actual: 1, limit: 1, resource: 2 }), "E_FS_TOO_LARGE: details.resource must be a string, got number"],
    [() => server.newError("E_FS_TOO_LARGE", { zzz: 1, yyy: 2, unit: "bytes", actual: 1, limit: 1, resource: "r" }), 'E_FS_TOO_LARGE: details has no field "zzz"'],
    [() => server.newError("E_FS_DENIED", { path: "p", token: "t", tags: ["a", 1] }), "E_FS_DENIED: details.tags[1] must be a string, got number"],
    [() => server.newError("E_FS_DENIED", { path: "p", token: "t", allowed: { values: "v" } }), "E_FS_DENIED: details.allowed.values must be an array, got string"],
    [() => server.newError("E_FS_DENIED", { path: "p", token: "t", labels: { owner: "o", k: true } }), "E_FS_DENIED: details.labels.k must be a string, got boolean"],
    [() => server.newError("E_FS_AUDIT", { owner: "o", env: { "a key": null } }), 'E_FS_AUDIT: details.env["a key"] must be a string, got null'],
    [() => server.newError("E_VALIDATION", { fieldErrors: { a: "x" }, totalErrors: 1 }), "E_VALIDATION: details.fieldErrors.a must be an array, got string"],
    [() => server.newError("E_INTERNAL", { a: 1 }), "E_INTERNAL: details must be undefined: it has none, got object"],
    [() => server.newError("E_NOT_THERE", {}), 'fixture: no error "E_NOT_THERE" in the catalog'],
  ];
  for (const [f, message] of cases) assert.throws(f, (e) => e instanceof TypeError && e.message === message, message);
  // a typed value inside itself
  const loop = /** @type {any} */ ({ values: ["v"] });
  loop.more = loop;
  assert.throws(() => server.newError("E_FS_DENIED", { path: "p", token: "t", allowed: loop }), /E_FS_DENIED: details.allowed.more must be an integer, got object/);
  const deep = /** @type {any} */ ({ owner: "o" });
  deep.meta = deep;
  assert.throws(() => server.newError("E_FS_AUDIT", deep), /E_FS_AUDIT: details.meta contains itself/);
  // untyped values are anything; optional members absent, undefined or
  // null; constraints are the renderers'
  assert.doesNotThrow(() => server.newError("E_FS_DENIED", { path: "p", token: "t", extra: loop }));
  for (const details of [{ path: "p", token: "t", note: undefined, link: null }, { path: "p", token: "t", counts: [1.5], ratio: NaN }]) {
    assert.doesNotThrow(() => server.newError("E_FS_DENIED", details));
  }
  assert.doesNotThrow(() => server.newError("E_INTERNAL", {}));
  assert.doesNotThrow(() => server.newError("E_FS_BAD_NAME", { name: "Not Valid!" }));
  // only own members are details: an inherited enumerable one is no field
  const inherited = Object.assign(Object.create({ srevice: "x" }), { service: "db" });
  assert.doesNotThrow(() => server.newError("E_UNAVAILABLE", inherited));
});

test("__proto__, constructor and toString are members, in details, open maps, untyped values and field errors", () => {
  const details = JSON.parse('{"path": "p", "token": "t", "labels": {"__proto__": "p", "constructor": "c"}, "extra": {"__proto__": [1], "hasOwnProperty": 2}}');
  const err = server.newError("E_FS_DENIED", details);
  assert.match(server.renderResponse(err), /"extra":\{"__proto__":\[1\],"hasOwnProperty":2\},"labels":\{"__proto__":"p","constructor":"c"\}/);
  const fe = server.newError("E_VALIDATION", JSON.parse('{"fieldErrors": {"__proto__": ["x"]}, "totalErrors": 1}'));
  assert.match(server.renderResponse(fe), /"fieldErrors":\{"__proto__":\["x"\]\}/);
  // a member the object does not have is not found on its prototype
  assert.throws(() => server.newError("E_UNAVAILABLE", Object.create({ service: "inherited" })), /details.service is required/);
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
});

test("untyped values: a value inside itself is null, toJSON and bigints as JSON.stringify would", () => {
  const loop = /** @type {any} */ ({ a: 1 });
  loop.self = loop;
  const err = server.newError("E_FS_DENIED", { path: "p", token: "t", extra: { loop, when: new Date("2026-01-02T03:04:05Z"), big: 2n ** 64n, f() {}, u: undefined } });
  assert.match(server.renderResponse(err), /"extra":\{"big":18446744073709551616,"loop":\{"a":1,"self":null\},"when":"2026-01-02T03:04:05\.000Z"\}/);
});

test("the conformance runner reads every line as every runtime does, refuses what it must, and never throws", () => {
  const opts = { now: "2026-01-02T03:04:05Z", instance: "urn:x" };
  const lines = [
    { id: "ok", input: { kind: "error", symbol: "E_UNAVAILABLE", details: { service: "db" }, options: opts } },
    // what a JavaScript caller may not pass, the wire reads: a required value absent or null is empty, a member no node describes dropped
    { id: "absent", input: { kind: "error", symbol: "E_FS_DENIED", details: { path: null, tags: [null, "t"], labels: { k: null }, unknown: 1 }, options: opts } },
    { id: "wrong", input: { kind: "error", symbol: "E_UNAVAILABLE", details: { service: 1 }, options: opts } },
    { id: "fraction", input: { kind: "error", symbol: "E_FS_TOO_LARGE", details: { resource: "r", limit: 1.5, actual: 1, unit: "bytes" }, options: opts } },
    { id: "item", input: { kind: "error", symbol: "E_FS_DENIED", details: { path: "p", token: "t", counts: [1, "2"] }, options: opts } },
    { id: "unknown", input: { kind: "error", symbol: "E_NOPE", options: opts } },
    { id: "kind", input: { kind: "nope", options: opts } },
    { id: "status", input: { kind: "error", symbol: "E_UNAVAILABLE", status: "503", options: opts } },
    { id: "feb30", input: { kind: "definition", symbol: "E_PARSE", options: { now: "2026-02-30T00:00:00Z", instance: "urn:x" } } },
    { id: "instance", input: { kind: "definition", symbol: "E_PARSE", options: { now: "2026-01-02T03:04:05Z" } } },
  ].map((l) => JSON.stringify(l));
  const deep = JSON.stringify({ id: "deep", input: { kind: "definition", symbol: "E_PARSE", options: opts, x: JSON.parse("[".repeat(99) + "]".repeat(99)) } });
  const input = Buffer.concat([Buffer.from([...lines, "not json", "   ", '{"id": 5}', deep, ""].join("\n")), Buffer.from([0x7b, 0xff, 0x7d, 0x0a])]);
  const run = spawnSync(process.execPath, [join(pkg.dir, "conformance.mjs")], { input, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const answers = run.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(answers.length, 14);
  assert.ok(answers[0].payloads);
  assert.equal(JSON.parse(answers[1].payloads.response).details.path, "");
  assert.match(answers[1].payloads.response, /"tags":\["","t"\],"labels":\{"k":""\}\},"retry":"never"\}$/);
  assert.deepEqual(answers.slice(2).map((a) => [a.id, a.error]), [
    ["wrong", "details.service: want a string"],
    ["fraction", "details.limit: want an integer"],
    ["item", "details.counts[1]: want an integer"],
    ["unknown", 'no error has symbol "E_NOPE"'],
    ["kind", 'unknown kind "nope": want error, definition, foreign or advice'],
    ["status", "input.status: want an integer"],
    ["feb30", 'options.now "2026-02-30T00:00:00Z": not a real instant'],
    ["instance", "options.instance: want the problem instance, a non-empty string"],
    ["", "unreadable line: not one JSON object"],
    ["", "unreadable line: not a JSON object with a string id"],
    ["", "unreadable line: nested deeper than 100 levels"],
    ["", "unreadable line: not UTF-8"],
  ]);
});

test("the conformance runner reads retryAfterMs as any JSON number, normalized as newError does, and refuses another type", () => {
  const opts = '"options": {"now": "2026-01-02T03:04:05Z", "instance": "urn:x"}';
  /** @type {Array<[string, string, string, string | null]>} id, symbol and the member as written; the response's retry members, or null for the error answer */
  const cases = [
    ["huge", "E_RATE_LIMITED", "1e400", '"retry":"after_delay","retryAfterMs":86400000'],
    ["minus-huge", "E_RATE_LIMITED", "-1e400", '"retry":"after_delay","retryAfterMs":30000'],
    ["tiny", "E_RATE_LIMITED", "5e-324", '"retry":"after_delay","retryAfterMs":1'],
    ["minus-zero", "E_RATE_LIMITED", "-0", '"retry":"after_delay","retryAfterMs":0'],
    ["fraction", "E_RATE_LIMITED", "1.5", '"retry":"after_delay","retryAfterMs":2'],
    ["past-a-day", "E_RATE_LIMITED", "86400001", '"retry":"after_delay","retryAfterMs":86400000'],
    ["a-day", "E_RATE_LIMITED", "86400000", '"retry":"after_delay","retryAfterMs":86400000'],
    ["negative", "E_RATE_LIMITED", "-5", '"retry":"after_delay","retryAfterMs":30000'],
    ["null", "E_RATE_LIMITED", "null", '"retry":"after_delay","retryAfterMs":30000'],
    ["no-default", "E_UNAVAILABLE", "250", '"retry":"after_delay","retryAfterMs":250'],
    ["never", "E_FS_TOO_LARGE", "250", '"retry":"never"'],
    ["string", "E_RATE_LIMITED", '"30"', null],
    ["boolean", "E_RATE_LIMITED", "true", null],
    ["object", "E_RATE_LIMITED", "{}", null],
    ["array", "E_RATE_LIMITED", "[1]", null],
  ];
  const details = { E_RATE_LIMITED: { tool: "search" }, E_UNAVAILABLE: { service: "db" }, E_FS_TOO_LARGE: { resource: "r", limit: 1, actual: 2, unit: "bytes" } };
  const lines = cases.map(([id, symbol, ms]) => `{"id": "${id}", "input": {"kind": "error", "symbol": "${symbol}", "details": ${JSON.stringify(details[/** @type {keyof typeof details} */ (symbol)])}, "retryAfterMs": ${ms}, ${opts}}}`);
  // the override moves the class; the delay goes with after_delay alone
  lines.push(`{"id": "override-true", "input": {"kind": "error", "symbol": "E_FS_TOO_LARGE", "details": ${JSON.stringify(details.E_FS_TOO_LARGE)}, "retryable": true, "retryAfterMs": 7.2, ${opts}}}`);
  lines.push(`{"id": "override-false", "input": {"kind": "error", "symbol": "E_RATE_LIMITED", "details": {"tool": "t"}, "retryable": false, "retryAfterMs": 100, ${opts}}}`);
  const run = spawnSync(process.execPath, [join(pkg.dir, "conformance.mjs")], { input: lines.join("\n") + "\n", encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const answers = new Map(run.stdout.trim().split("\n").map((l) => JSON.parse(l)).map((a) => [a.id, a]));
  assert.equal(answers.size, cases.length + 2);
  for (const [id, , , want] of cases) {
    const a = answers.get(id);
    if (want === null) {
      assert.equal(a.error, "input.retryAfterMs: want a number", id);
      continue;
    }
    assert.ok(a.payloads, `${id}: ${a.error}`);
    assert.ok(a.payloads.response.endsWith("}," + want + "}"), `${id}: ${a.payloads.response}`);
    assert.ok(a.payloads.problem.includes(',"retryable":' + String(want.includes("after_delay")) + "," + want + ","), `${id}: ${a.payloads.problem}`);
    assert.ok(a.payloads.jsonrpc.includes(',"retryable":' + String(want.includes("after_delay")) + "," + want + ',"context":'), `${id}: ${a.payloads.jsonrpc}`);
  }
  assert.ok(answers.get("override-true").payloads.response.endsWith('"retry":"after_delay","retryAfterMs":8}'));
  assert.ok(answers.get("override-false").payloads.response.endsWith('"retry":"never"}'));
  assert.match(answers.get("override-false").payloads.problem, /"retryable":false,"retry":"never","tool":"t"/);
});
