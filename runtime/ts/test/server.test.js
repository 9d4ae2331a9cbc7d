// @ts-check
// The server runtime's errors and renderers on the fixture catalog: what a
// Node server sends and what its logs see.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { inspect, types } from "node:util";
import { assemble, load } from "./package.js";

const pkg = assemble();
const other = assemble(); // a second copy of the same package
after(() => {
  pkg.remove();
  other.remove();
});
const server = await load(pkg.dir, "server.js");
const copy = await load(other.dir, "server.js");
const client = await load(pkg.dir, "index.js");

const fixed = { now: () => new Date("2026-01-02T03:04:05.678Z"), instance: () => "urn:uuid:00000000-0000-4000-8000-000000000000" };
const denied = { path: "/home/alice/secret.txt", token: "hunter2" };

test("an error renders every format, byte for byte", () => {
  const err = server.newError("E_UNAVAILABLE", { service: "db" });
  assert.equal(server.renderJsonRpcError(err, fixed),
    '{"code":1001,"message":"The db service is unavailable","data":{"domain":"core","symbol":"E_UNAVAILABLE","retryable":true,"retry":"after_delay","context":{"schemaVersion":1,"type":"unavailable","details":{"service":"db"},"retryable":true}}}');
  assert.equal(server.renderProblem(err, fixed),
    '{"type":"https://errors.example.com/fixture/unavailable","title":"Service unavailable","status":503,"detail":"The db service is unavailable","instance":"urn:uuid:00000000-0000-4000-8000-000000000000","timestamp":"2026-01-02T03:04:05Z","symbol":"E_UNAVAILABLE","retryable":true,"retry":"after_delay","service":"db"}');
  assert.equal(server.renderResponse(err, fixed), '{"error":true,"code":"E_UNAVAILABLE","message":"The db service is unavailable","details":{"service":"db"},"retry":"after_delay"}');
  assert.equal(server.renderToolResult(err, fixed), '{"content":[{"type":"text","text":' + JSON.stringify(server.renderProblem(err, fixed)) + '}],"isError":true}');
  assert.deepEqual(server.jsonRpcParts(err, fixed), {
    code: 1001, message: "The db service is unavailable",
    data: '{"domain":"core","symbol":"E_UNAVAILABLE","retryable":true,"retry":"after_delay","context":{"schemaVersion":1,"type":"unavailable","details":{"service":"db"},"retryable":true}}',
  });
  // an error without details carries none in a plain response, {} in a context
  const internal = server.newError("E_INTERNAL");
  assert.equal(server.renderResponse(internal), '{"error":true,"code":"E_INTERNAL","message":"An internal error occurred","retry":"never"}');
  assert.match(server.renderJsonRpcError(internal), /"details":\{\},"userMessage":"Something went wrong on our side\."/);
});

test("each error's constructor raises it as newError does", () => {
  const err = server.newUnavailable({ service: "db" }, { status: 503, requestId: "r1" });
  assert.equal(err.symbol, "E_UNAVAILABLE");
  assert.equal(server.renderProblem(err, fixed), server.renderProblem(server.newError("E_UNAVAILABLE", { service: "db" }, { status: 503 }), fixed));
  const internal = server.newInternal({ retryable: true });
  assert.equal(internal.symbol, "E_INTERNAL");
  assert.equal(internal.retryable, true);
});

test("every payload parses back to its error with the package's own client", () => {
  const err = server.newError("E_FS_TOO_LARGE", { resource: "file_size", limit: 1024, actual: 4096, unit: "bytes", config_source: "/home/alice/policy.yaml" });
  for (const o of [{}, { verbose: true }, { showSensitive: true, maxStringBytes: 16 }]) {
    assert.equal(client.symbolOf(client.parseJsonRpcError(server.renderJsonRpcError(err, o))), "E_FS_TOO_LARGE");
    assert.equal(client.symbolOf(client.parseProblemDetails(server.renderProblem(err, o))), "E_FS_TOO_LARGE");
    assert.equal(client.symbolOf(client.parseErrorResponse(server.renderResponse(err, o))), "E_FS_TOO_LARGE");
    assert.equal(client.symbolOf(client.fromToolResult(JSON.parse(server.renderToolResult(err, o)))), "E_FS_TOO_LARGE");
  }
  const problem = JSON.parse(server.renderProblem(err, fixed));
  assert.equal(problem.detail, "File is 4096 bytes; the limit is 1024 bytes");
  assert.deepEqual(problem.suggestions, ["Read at most 1024 bytes at a time", "Use the offset argument", "A third suggestion"]);
  assert.equal(problem.config_source, undefined, "a verbose-only field outside verbose mode");
  assert.equal(JSON.parse(server.renderProblem(err, { ...fixed, verbose: true })).config_source, "~/policy.yaml", "verbose: still sanitized");
  assert.equal(JSON.parse(server.renderProblem(err, { ...fixed, verbose: true, showSensitive: true })).config_source, "/home/alice/policy.yaml", "shown: as given");
});

test("sensitive values never reach the wire, the message or a log line by default", () => {
  const err = server.newError("E_FS_DENIED", denied, { cause: new Error("open /home/alice/secret.txt: EACCES with hunter2") });
  assert.equal(err.message, "Access to ~/secret.txt is denied (<redacted>)");
  assert.equal(err.name, "E_FS_DENIED");
  assert.equal(String(err), "E_FS_DENIED: Access to ~/secret.txt is denied (<redacted>)");
  for (const text of [server.renderJsonRpcError(err), server.renderProblem(err), server.renderResponse(err), server.renderToolResult(err),
    JSON.stringify(err), JSON.stringify({ err }), inspect(err, { depth: 0 }).split("\n")[0], Object.keys(err).join()]) {
    assert.ok(!text.includes("hunter2") && !text.includes("/home/alice"), text);
  }
  // shown only on request, and the cause only in verbose mode, which
  // redacts and scrubs as the default does
  assert.match(server.renderProblem(err, { showSensitive: true }), /"token":"hunter2"/);
  assert.doesNotMatch(server.renderProblem(err, { showSensitive: true }), /EACCES/);
  const verbose = JSON.parse(server.renderProblem(err, { verbose: true }));
  assert.equal(verbose.token, "<redacted>");
  assert.equal(verbose.path, "~/secret.txt");
  assert.deepEqual(verbose.debugInfo.errorChain, ["open ~/secret.txt: EACCES with hunter2"]);
  // the server's own log helpers have the cause chain, the stack, and the
  // details as the wire has them (test/logs.test.js)
  assert.equal(err.verboseError(), "E_FS_DENIED: Access to ~/secret.txt is denied (<redacted>): open /home/alice/secret.txt: EACCES with hunter2");
  const log = err.logValue();
  assert.equal(log.symbol, "E_FS_DENIED");
  assert.match(log.cause, /EACCES/);
  assert.match(log.stack, /server\.test\.js/);
  assert.deepEqual(err.details, denied);
});

test("an error of the catalog is an Error as Node knows one, its stack starting where it was raised", () => {
  function handler() {
    return server.newError("E_FS_DENIED", denied, { cause: new Error("EACCES") });
  }
  const err = handler();
  assert.ok(types.isNativeError(err));
  assert.ok(err instanceof Error && err instanceof server.CatalogError);
  assert.equal(Object.getPrototypeOf(err), server.CatalogError.prototype);
  assert.equal(err.constructor, server.CatalogError);
  // its own members are an Error's: the stack and the cause, neither enumerable
  assert.deepEqual(Object.getOwnPropertyNames(err).sort(), ["cause", "stack"]);
  assert.deepEqual(Object.getOwnPropertyDescriptor(err, "cause"), { value: err.cause, writable: true, enumerable: false, configurable: true });
  assert.equal(/** @type {Error} */ (err.cause).message, "EACCES");
  assert.ok(!("cause" in server.newError("E_FS_DENIED", denied)));
  // the header is the wire's message; the first frame the runtime's
  // constructor, the next the function that called it
  const lines = String(err.stack).split("\n");
  assert.equal(lines[0], "E_FS_DENIED: " + err.message);
  assert.match(String(lines[1]), /^ {4}at (Module\.)?newError \(.*core\.js:\d+:\d+\)$/);
  assert.match(String(lines[2]), /^ {4}at handler \(.*server\.test\.js:\d+:\d+\)$/);
  // the runtime alone makes them
  assert.throws(() => new (/** @type {any} */ (server.CatalogError))(), /^TypeError: .*create errors with newError$/);
});

test("the details are typed by the catalog: a JavaScript caller's wrong ones are a TypeError", () => {
  assert.throws(() => server.newError("E_FS_DENIED", /** @type {any} */ ({ path: "/tmp/x", token: "t", unknown: 1 })), /^TypeError: E_FS_DENIED: details has no field "unknown"$/);
  assert.throws(() => server.newError("E_FS_DENIED", /** @type {any} */ ({ path: "/tmp/x", token: "t", ratio: "not a number" })), /^TypeError: E_FS_DENIED: details.ratio must be a number, got string$/);
  assert.throws(() => server.newError("E_FS_DENIED", /** @type {any} */ ({ path: "/tmp/x" })), /^TypeError: E_FS_DENIED: details.token is required$/);
  assert.throws(() => server.newError("E_NOT_THERE", {}), /no error "E_NOT_THERE"/);
  // an error raised without its details has each required field empty
  assert.equal(server.renderResponse(server.errorOf("E_UNAVAILABLE")), '{"error":true,"code":"E_UNAVAILABLE","message":"The  service is unavailable","details":{"service":""},"retry":"after_delay"}');
});

test("aliases raise their error; options override the status, the retryable flag and add members", () => {
  const err = server.newError("E_INVALID", { fieldErrors: { b: ["no"], a: ["bad", "worse"] }, totalErrors: 3 });
  assert.equal(err.symbol, "E_VALIDATION");
  assert.equal(server.renderResponse(err), '{"error":true,"code":"E_VALIDATION","message":"Validation failed: 3 errors","details":{"fieldErrors":{"a":["bad","worse"],"b":["no"]},"totalErrors":3},"retry":"never"}');
  const e2 = server.newError("E_UNAVAILABLE", { service: "db" }, {
    status: 502, retryable: false, requestId: "req_1", instance: "urn:x",
    data: [["method", "tools/call"], ["symbol", "E_SPOOF"], ["method", "again"]], extensions: { tool: "query", service: "shadow", type: "spoof" },
  });
  assert.equal(e2.status, 502);
  assert.equal(e2.retryable, false);
  const rpc = JSON.parse(server.renderJsonRpcError(e2));
  assert.deepEqual(Object.keys(rpc.data), ["method", "domain", "symbol", "retryable", "retry", "context"]);
  assert.equal(rpc.data.method, "tools/call");
  const p = JSON.parse(server.renderProblem(e2));
  assert.equal(p.status, 502);
  assert.equal(p.instance, "urn:x");
  assert.equal(p.tool, "query");
  assert.equal(p.service, "db");
  assert.equal(p.type, "https://errors.example.com/fixture/unavailable");
  assert.equal(server.newError("E_UNAVAILABLE", { service: "db" }, { status: 404 }).status, 503, "a status the error does not allow is ignored");
});

test("anything else thrown is the fallback, its text only a cause", () => {
  const err = server.fromError(new Error("connect to postgres://admin:pw@db.internal failed"));
  assert.equal(err.symbol, "E_INTERNAL");
  assert.equal(err.message, "An internal error occurred");
  assert.doesNotMatch(server.renderProblem(err), /postgres|admin|db\.internal/);
  assert.match(server.renderProblem(err, { verbose: true }), /"errorChain":\["connect to postgres:\/\/admin:\\u003cemail\\u003e failed"\]/);
  for (const thrown of ["a string", 42, null, undefined, { code: 5 }]) {
    const e = server.fromError(thrown);
    assert.equal(e.symbol, "E_INTERNAL", String(thrown));
    assert.doesNotMatch(server.renderJsonRpcError(e), /a string/);
  }
  // a catalog error along the cause chain is itself
  const inner = server.newError("E_UNAVAILABLE", { service: "db" });
  assert.equal(server.fromError(new Error("while querying", { cause: inner })), inner);
  assert.equal(server.fromError(inner), inner);
});

test("errors of another copy of the package are recognised by their brand", () => {
  const theirs = copy.newError("E_UNAVAILABLE", { service: "cache" }, { status: 502 });
  assert.ok(theirs instanceof server.CatalogError);
  assert.ok(server.isCatalogError(theirs));
  assert.ok(!(new Error("x") instanceof server.CatalogError));
  const mine = server.fromError(theirs);
  assert.notEqual(mine, theirs);
  assert.equal(mine.symbol, "E_UNAVAILABLE");
  assert.equal(server.renderProblem(mine, fixed), copy.renderProblem(theirs, fixed));
  assert.equal(server.renderProblem(theirs, fixed), copy.renderProblem(theirs, fixed));
  assert.throws(() => new server.CatalogError(), TypeError);
});

test("an error raised without its details: itself, or the fallback where empty details break its schema", () => {
  const parse = server.errorOf("E_PARSE");
  assert.equal(server.renderJsonRpcError(parse), '{"code":-32700,"message":"Parse error","data":{"domain":"jsonrpc","symbol":"E_PARSE","retryable":false,"retry":"never","context":{"schemaVersion":1,"type":"parse","details":{},"retryable":false}}}');
  assert.equal(server.errorOf("E_UNAVAILABLE").symbol, "E_UNAVAILABLE");
  const bad = server.errorOf("E_FS_BAD_NAME");
  assert.equal(bad.symbol, "E_INTERNAL");
  assert.match(server.renderProblem(bad, { verbose: true }), /"errorChain":\["E_FS_BAD_NAME: Bad file name"\]/);
});

test("payloads stay within maxDataBytes: minimal, then the fallback with its status", () => {
  const err = server.newError("E_FS_DENIED", { path: "x".repeat(60), token: "t", note: "n".repeat(100), tags: ["a".repeat(50), "b"] }, { extensions: { tool: "t".repeat(300) } });
  const full = server.renderProblem(err, fixed);
  assert.ok(Buffer.byteLength(full) > 512);
  const minimal = server.problemOf(err, { ...fixed, maxDataBytes: 512 });
  assert.ok(Buffer.byteLength(minimal.body) <= 512, minimal.body);
  assert.equal(minimal.status, 403);
  assert.doesNotMatch(minimal.body, /"tool"/);
  // a bound below 512 is 512
  assert.equal(server.problemOf(err, { ...fixed, maxDataBytes: 200 }).body, minimal.body);
  // exact strings are never shortened: past the bound even minimal, the fallback
  const long = server.newError("E_FS_BAD_NAME", { name: "x".repeat(600) });
  const fallback = server.problemOf(long, { ...fixed, maxDataBytes: 512 });
  assert.equal(JSON.parse(fallback.body).symbol, "E_INTERNAL");
  assert.equal(fallback.status, 500);
});

test("options come from the same environment variables as Go's", () => {
  assert.deepEqual(server.optionsFromEnv("MCP_ERRORS", {}), {});
  assert.deepEqual(server.optionsFromEnv("MCP_ERRORS", {
    MCP_ERRORS_VERBOSE: " full ", MCP_ERRORS_REDACT: "off", MCP_ERRORS_SUGGESTIONS: "No", MCP_ERRORS_MAX_DATA_BYTES: "4096",
    MCP_ERRORS_MAX_STRING_BYTES: "+64", MCP_ERRORS_MAX_SUGGESTIONS: "0", MCP_ERRORS_SERVER_VERSION: "1.2.3",
  }), { verbose: true, showSensitive: true, omitSuggestions: true, maxDataBytes: 4096, maxStringBytes: 64, maxSuggestions: 0, serverVersion: "1.2.3" });
  assert.deepEqual(server.optionsFromEnv("X", { X_VERBOSE: "5", X_REDACT: "true", X_SUGGESTIONS: "1" }), { verbose: true });
  assert.deepEqual(server.optionsFromEnv("X", { X_VERBOSE: "0" }), {});
  assert.throws(() => server.optionsFromEnv("X", { X_REDACT: "5", X_MAX_DATA_BYTES: "-1", X_MAX_SUGGESTIONS: "1e3" }),
    /X_REDACT="5": want true or false; X_MAX_DATA_BYTES="-1": want a non-negative integer; X_MAX_SUGGESTIONS="1e3": want a non-negative integer/);
});

test("metrics count each rendered payload and snapshot as errgenrt does", () => {
  server.renderProblem(server.newError("E_PARSE"), fixed); // before enableMetrics: not counted
  const m = server.enableMetrics();
  assert.equal(server.enableMetrics(), m, "enableMetrics returns the same counters");
  const unavailable = server.newError("E_UNAVAILABLE", { service: "db" });
  server.renderJsonRpcError(unavailable, fixed);
  server.problemOf(unavailable, fixed);
  server.renderToolResult(server.newError("E_PARSE"), fixed); // one payload, one count
  server.jsonRpcParts(server.newError("E_PARSE"), fixed);
  server.renderResponse(new Error("boom"), fixed); // not of the catalog: its fallback
  m.record("E_FS_DENIED");
  assert.throws(() => m.record(/** @type {any} */ ("E_NOPE")), TypeError);
  // codes sort as Go sorts strings: "-32700" before "1000", so the JSON is
  // not JSON.stringify's (which puts the array-index keys first).
  // runtime/fixtures/metrics-ts.json is what errgenrt writes for the same
  // counts (TestFixtures in runtime/fixtures).
  const want = readFileSync(new URL("../../fixtures/metrics-ts.json", import.meta.url), "utf8");
  assert.equal(m.snapshotJSON(), want);
  assert.deepEqual(m.snapshot(), JSON.parse(want));
  assert.notEqual(JSON.stringify(m.snapshot()), want);
});
