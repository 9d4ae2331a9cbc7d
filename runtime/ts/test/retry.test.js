// @ts-check
// Retry classes and delays (issue 52) on the fixture catalog: the
// occurrence's retryAfterMs normalized (NaN, negative, -0, fractions, past
// a day, the infinities), the retryable option moving the class, the
// members each format writes (minimal payloads too, never the fallback's
// from the occurrence), and the client's retryAdvice on every payload
// kind, older and newer ones included.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
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

const fixed = { now: () => new Date("2026-01-02T03:04:05Z"), instance: () => "urn:x" };
const DAY = 86400000;

/**
 * members returns the retry members every format writes for err, checking
 * that the formats agree: [retry, retryAfterMs or undefined, retryable].
 * @param {unknown} err
 * @param {object} [o] render options
 */
function members(err, o = fixed) {
  const rpc = JSON.parse(server.renderJsonRpcError(err, o)).data;
  const problem = JSON.parse(server.renderProblem(err, o));
  const response = JSON.parse(server.renderResponse(err, o));
  const tool = JSON.parse(JSON.parse(server.renderToolResult(err, o)).content[0].text);
  for (const p of [problem, response, tool]) {
    assert.equal(p.retry, rpc.retry);
    assert.equal(p.retryAfterMs, rpc.retryAfterMs);
  }
  assert.equal(problem.retryable, rpc.retryable);
  assert.equal(rpc.retryable, rpc.retry === "after_delay");
  assert.equal(rpc.context.retryable, rpc.retryable);
  return [rpc.retry, rpc.retryAfterMs, rpc.retryable];
}

const limited = (/** @type {object} */ options = {}) => server.newError("E_RATE_LIMITED", { tool: "search" }, options);

test("the facts' classes and default delays reach the wire", () => {
  assert.deepEqual(members(limited()), ["after_delay", 30000, true]);
  assert.deepEqual(members(server.newError("E_UNAVAILABLE", { service: "db" })), ["after_delay", undefined, true]);
  assert.deepEqual(members(server.newError("E_FS_BAD_NAME", { name: "ok" })), ["after_change", undefined, false]);
  assert.deepEqual(members(server.newError("E_INTERNAL")), ["never", undefined, false]);
  const err = limited();
  assert.equal(err.retry, "after_delay");
  assert.equal(err.retryAfterMs, 30000);
  assert.equal(err.retryable, true);
  assert.equal(server.newError("E_UNAVAILABLE", { service: "db" }).retryAfterMs, undefined);
});

test("byte for byte: the members' places in each format", () => {
  const err = limited({ retryAfterMs: 1500, data: { method: "tools/call" }, extensions: { tool2: 1 } });
  assert.equal(server.renderJsonRpcError(err, fixed),
    '{"code":1003,"message":"Too many requests to search","data":{"method":"tools/call","domain":"core","symbol":"E_RATE_LIMITED","retryable":true,"retry":"after_delay","retryAfterMs":1500,"context":{"schemaVersion":1,"type":"rate_limited","details":{"tool":"search"},"retryable":true}}}');
  assert.equal(server.renderProblem(err, fixed),
    '{"type":"https://errors.example.com/fixture/rate-limited","title":"Too many requests","status":429,"detail":"Too many requests to search","instance":"urn:x","timestamp":"2026-01-02T03:04:05Z","symbol":"E_RATE_LIMITED","retryable":true,"retry":"after_delay","retryAfterMs":1500,"tool":"search","tool2":1}');
  assert.equal(server.renderResponse(err, fixed), '{"error":true,"code":"E_RATE_LIMITED","message":"Too many requests to search","details":{"tool":"search"},"retry":"after_delay","retryAfterMs":1500}');
  // without details and delay: after the message
  assert.equal(server.renderResponse(server.newError("E_INTERNAL")), '{"error":true,"code":"E_INTERNAL","message":"An internal error occurred","retry":"never"}');
  // before userMessage and suggestions
  assert.match(server.renderProblem(server.newError("E_FS_TOO_LARGE", { resource: "r", limit: 1, actual: 2, unit: "bytes" }), fixed),
    /"symbol":"E_FS_TOO_LARGE","retryable":false,"retry":"never","userMessage":/);
});

test("the occurrence's delay is normalized: whole ms rounded up, at most a day, NaN and negative ones ignored", () => {
  /** @type {Array<[unknown, number]>} the option, and the delay written (30000: the catalog's, the option ignored) */
  const cases = [
    [0, 0],
    [-0, 0],
    [1, 1],
    [0.1, 1],
    [5e-324, 1],
    [1.5, 2],
    [999.0000001, 1000],
    [2000, 2000],
    [DAY - 0.5, DAY],
    [DAY, DAY],
    [DAY + 0.5, DAY],
    [DAY + 1, DAY],
    [1e300, DAY],
    [Number.MAX_VALUE, DAY],
    [Infinity, DAY],
    [NaN, 30000],
    [-1, 30000],
    [-0.5, 30000],
    [-1e-300, 30000],
    [-Infinity, 30000],
    ["1000", 30000],
    [1000n, 30000],
    [null, 30000],
    [undefined, 30000],
    [{ valueOf: () => 5 }, 30000],
  ];
  for (const [ms, want] of cases) {
    const err = limited({ retryAfterMs: ms });
    assert.equal(err.retryAfterMs, want, String(ms));
    assert.deepEqual(members(err), ["after_delay", want, true], String(ms));
    assert.ok(!Object.is(err.retryAfterMs, -0));
  }
  assert.match(server.renderResponse(limited({ retryAfterMs: -0 })), /"retryAfterMs":0\}$/);
  assert.match(server.renderProblem(limited({ retryAfterMs: Infinity })), /"retryAfterMs":86400000,/);
});

test("the retryable option moves the class; a delay goes only with after_delay", () => {
  const tooLarge = { resource: "r", limit: 1, actual: 2, unit: "bytes" };
  /** @type {Array<[string, object, object, [string, number | undefined, boolean]]>} */
  const cases = [
    // override true: after_delay, the delay given (an error of that class keeps its default)
    ["E_FS_TOO_LARGE", tooLarge, { retryable: true }, ["after_delay", undefined, true]],
    ["E_FS_TOO_LARGE", tooLarge, { retryable: true, retryAfterMs: 250 }, ["after_delay", 250, true]],
    ["E_FS_BAD_NAME", { name: "ok" }, { retryable: true, retryAfterMs: 250 }, ["after_delay", 250, true]],
    ["E_RATE_LIMITED", { tool: "t" }, { retryable: true }, ["after_delay", 30000, true]],
    ["E_RATE_LIMITED", { tool: "t" }, { retryable: true, retryAfterMs: 7 }, ["after_delay", 7, true]],
    ["E_UNAVAILABLE", { service: "s" }, { retryable: true }, ["after_delay", undefined, true]],
    // override false: after_delay becomes never, the others stay; no delay
    ["E_RATE_LIMITED", { tool: "t" }, { retryable: false }, ["never", undefined, false]],
    ["E_RATE_LIMITED", { tool: "t" }, { retryable: false, retryAfterMs: 7 }, ["never", undefined, false]],
    ["E_UNAVAILABLE", { service: "s" }, { retryable: false }, ["never", undefined, false]],
    ["E_FS_BAD_NAME", { name: "ok" }, { retryable: false, retryAfterMs: 7 }, ["after_change", undefined, false]],
    ["E_FS_TOO_LARGE", tooLarge, { retryable: false }, ["never", undefined, false]],
    // no override: a delay on a class other than after_delay is ignored
    ["E_FS_BAD_NAME", { name: "ok" }, { retryAfterMs: 7 }, ["after_change", undefined, false]],
    ["E_FS_TOO_LARGE", tooLarge, { retryAfterMs: 7 }, ["never", undefined, false]],
    ["E_UNAVAILABLE", { service: "s" }, { retryAfterMs: 7 }, ["after_delay", 7, true]],
    // an override of another type is none
    ["E_RATE_LIMITED", { tool: "t" }, { retryable: "false" }, ["after_delay", 30000, true]],
  ];
  for (const [symbol, details, o, want] of cases) {
    const err = server.newError(symbol, details, o);
    const where = `${symbol} ${JSON.stringify(o)}`;
    assert.deepEqual(members(err), want, where);
    assert.equal(err.retry, want[0], where);
    assert.equal(err.retryAfterMs, want[1], where);
    assert.equal(err.retryable, want[2], where);
  }
});

test("legacy data, extension members and open details named retry or retryAfterMs are dropped", () => {
  const err = limited({ data: { retry: "never", retryAfterMs: 1, method: "m" }, extensions: [["retry", "x"], ["retryAfterMs", -1], ["tool2", true]] });
  const rpc = server.renderJsonRpcError(err, fixed);
  assert.match(rpc, /"data":\{"method":"m","domain":"core","symbol":"E_RATE_LIMITED","retryable":true,"retry":"after_delay","retryAfterMs":30000,"context"/);
  const problem = server.renderProblem(err, fixed);
  assert.equal((problem.match(/"retry"/g) ?? []).length, 1);
  assert.equal((problem.match(/"retryAfterMs"/g) ?? []).length, 1);
  assert.match(problem, /"retryAfterMs":30000,"tool":"search","tool2":true\}$/);
  // an open map of details flattened beside the document's members
  const denied = server.newError("E_FS_DENIED", { path: "p", token: "t", labels: { retry: "after_delay", retryAfterMs: "1" } });
  assert.match(server.renderResponse(denied), /"labels":\{"retry":"after_delay","retryAfterMs":"1"\}\},"retry":"never"\}$/);
});

test("a minimal payload keeps both members; the fallback has its own, none of the occurrence's", () => {
  const big = limited({ retryAfterMs: 2500, extensions: Array.from({ length: 20 }, (_, i) => [`blob${i}`, "x".repeat(60)]) });
  const minimal = server.problemOf(big, { ...fixed, maxDataBytes: 512 });
  assert.doesNotMatch(minimal.body, /blob/);
  assert.match(minimal.body, /"symbol":"E_RATE_LIMITED","retryable":true,"retry":"after_delay","retryAfterMs":2500,/);
  assert.equal(minimal.retryAfterMs, 2500);
  assert.equal(minimal.status, 429);
  // past the bound even minimal: the fallback (E_INTERNAL, never), neither
  // the occurrence's delay nor its retryable override
  const huge = server.newError("E_FS_BAD_NAME", { name: "a".repeat(600) }, { retryable: true, retryAfterMs: 2500 });
  assert.deepEqual(members(huge), ["after_delay", 2500, true]);
  const fallback = server.problemOf(huge, { ...fixed, maxDataBytes: 512 });
  assert.equal(JSON.parse(fallback.body).symbol, "E_INTERNAL");
  assert.match(fallback.body, /"retryable":false,"retry":"never"[,}]/);
  assert.doesNotMatch(fallback.body, /retryAfterMs/);
  assert.equal(fallback.retryAfterMs, undefined);
  assert.match(server.renderResponse(huge, { ...fixed, maxDataBytes: 512 }), /"code":"E_INTERNAL".*"retry":"never"\}$/);
  // details without a valid form: the fallback, written in full
  const broken = server.newError("E_FS_BAD_NAME", { name: "Not Valid" }, { retryable: true, retryAfterMs: 2500 });
  assert.match(server.renderJsonRpcError(broken, fixed), /"symbol":"E_INTERNAL","retryable":false,"retry":"never","context"/);
  assert.equal(server.problemOf(broken, fixed).retryAfterMs, undefined);
});

test("an error from another copy of the package keeps its delay", () => {
  const theirs = copy.newError("E_UNAVAILABLE", { service: "db" }, { retryAfterMs: 99.5 });
  const mine = server.fromError(theirs);
  assert.notEqual(mine, theirs);
  assert.equal(mine.retryAfterMs, 100);
  assert.equal(server.renderProblem(mine, fixed), copy.renderProblem(theirs, fixed));
});

test("retryAdvice: every payload kind of this package, and the JSON text of each", () => {
  /** @type {Array<[unknown, { action: string, delayMs: number | null }]>} */
  const cases = [
    [limited({ retryAfterMs: 1500 }), { action: "retry", delayMs: 1500 }],
    [limited(), { action: "retry", delayMs: 30000 }],
    [limited({ retryAfterMs: 0 }), { action: "retry", delayMs: 0 }],
    [server.newError("E_UNAVAILABLE", { service: "db" }), { action: "retry", delayMs: null }],
    [server.newError("E_FS_BAD_NAME", { name: "ok" }), { action: "change", delayMs: null }],
    [server.newError("E_INTERNAL"), { action: "never", delayMs: null }],
    [limited({ retryable: false }), { action: "never", delayMs: null }],
  ];
  for (const [err, want] of cases) {
    const rpc = server.renderJsonRpcError(err, fixed);
    const problem = server.renderProblem(err, fixed);
    const response = server.renderResponse(err, fixed);
    const tool = server.renderToolResult(err, fixed);
    const payloads = {
      rpc, problem, response, tool,
      rpcResponse: `{"jsonrpc":"2.0","id":7,"error":${rpc}}`,
      toolStructured: { content: [{ type: "text", text: "not JSON" }], structuredContent: JSON.parse(problem), isError: true },
      context: JSON.parse(rpc).data.context,
      parsedRpc: client.parseJsonRpcError(rpc),
      parsedProblem: client.parseProblemDetails(problem),
      parsedResponse: client.parseErrorResponse(response),
      fromTool: client.fromToolResult(JSON.parse(tool)),
    };
    for (const [kind, p] of Object.entries(payloads)) {
      const where = `${JSON.parse(rpc).data.symbol} ${kind}`;
      // a context carries retryable alone
      const expected = kind === "context" ? { action: want.action === "retry" ? "retry" : "never", delayMs: null } : want;
      assert.deepEqual({ ...client.retryAdvice(p) }, expected, where);
      if (typeof p === "string") assert.deepEqual({ ...client.retryAdvice(JSON.parse(p)) }, expected, where);
    }
  }
});

test("retryAdvice: payloads without retry (older servers), of a newer catalog, hostile and not payloads", () => {
  /** @type {Array<[unknown, string, number | null]>} */
  const cases = [
    // older servers: retryable alone
    [{ code: 1001, message: "m", data: { domain: "core", symbol: "E_UNAVAILABLE", retryable: true, context: { schemaVersion: 1, type: "unavailable", details: { service: "db" }, retryable: true } } }, "retry", null],
    [{ code: 1000, message: "m", data: { domain: "core", symbol: "E_INTERNAL", retryable: false } }, "never", null],
    // data without a flag: its context's is not read, as no runtime reads it
    [{ code: 1001, message: "m", data: { context: { schemaVersion: 1, type: "unavailable", details: {}, retryable: true } } }, "never", null],
    [{ type: "https://errors.example.com/fixture/unavailable", title: "t", status: 503, symbol: "E_UNAVAILABLE", retryable: true }, "retry", null],
    [{ type: "https://errors.example.com/fixture/internal", title: "t", status: 500, retryable: false }, "never", null],
    [{ error: true, code: "E_UNAVAILABLE", message: "m", details: { service: "db" } }, "never", null], // a plain response had no flag
    [{ content: [{ type: "text", text: '{"type":"about:blank","title":"t","status":503,"retryable":true}' }], isError: true }, "retry", null],
    // a delay without a class, retryable
    [{ type: "about:blank", title: "t", status: 429, retryable: true, retryAfterMs: 5 }, "retry", 5],
    // a newer catalog: an unknown error, a class this package does not know
    [{ code: 4242, message: "m", data: { domain: "new", symbol: "E_NEWER", retryable: true, retry: "after_delay", retryAfterMs: 60000, context: {} } }, "retry", 60000],
    [{ type: "https://x.example/newer", title: "t", status: 409, symbol: "E_NEWER", retryable: false, retry: "after_change" }, "change", null],
    [{ error: true, code: "E_NEWER", message: "m", retry: "after_delay" }, "retry", null],
    [{ error: true, code: "E_NEWER", message: "m", retry: "after_reboot", retryable: true, retryAfterMs: 3 }, "retry", 3],
    [{ error: true, code: "E_NEWER", message: "m", retry: "after_reboot" }, "never", null],
    [{ type: "t", title: "t", status: 500, retry: 5, retryable: true }, "retry", null],
    // the class wins over a retryable flag that disagrees
    [{ type: "t", title: "t", status: 500, retry: "never", retryable: true, retryAfterMs: 5 }, "never", null],
    [{ type: "t", title: "t", status: 500, retry: "after_delay", retryable: false }, "retry", null],
    // delays that are no non-negative integer
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: -1 }, "retry", null],
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: 1.5 }, "retry", null],
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: "100" }, "retry", null],
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: 2 ** 53 }, "retry", null],
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: -0 }, "retry", 0],
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: 86400000 * 10 }, "retry", 864000000],
    // a problem document with extension members named like the envelopes' is still a problem document
    [{ type: "t", title: "t", status: 429, retry: "after_delay", retryAfterMs: 9, error: { retry: "never" }, result: {}, isError: true }, "retry", 9],
    // not payloads
    [null, "never", null],
    [undefined, "never", null],
    [42, "never", null],
    ["not JSON", "never", null],
    ["[1,2]", "never", null],
    [[{ retry: "after_delay" }], "never", null],
    [{ isError: true, content: [{ type: "image" }, { type: "text", text: "oops" }] }, "never", null],
    [{ isError: true }, "never", null],
    [{ code: 1, message: "m", data: "retry" }, "never", null],
    // without a data object, a JSON-RPC error object's own members, as the other runtimes read them
    [{ code: 1, message: "m", retryable: true }, "retry", null],
    // an integer is an integer however JSON writes it
    ['{"retry":"after_delay","retryAfterMs":1e3}', "retry", 1000],
    ['{"retry":"after_delay","retryAfterMs":1000.0}', "retry", 1000],
    // a tool result without a document carries no advice; a tools/call response is read through its result
    [{ content: [{ type: "text", text: "42" }] }, "never", null],
    [{ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: '{"retry":"after_delay"}' }], isError: true } }, "retry", null],
  ];
  for (const [payload, action, delayMs] of cases) {
    assert.deepEqual({ ...client.retryAdvice(payload) }, { action, delayMs }, JSON.stringify(payload));
  }
  // the parsers' UnknownError of a newer catalog carries the members, and advice reads its payload
  const newer = client.parseProblemDetails({ type: "https://x.example/newer", title: "t", status: 429, symbol: "E_NEWER", retryable: true, retry: "after_delay", retryAfterMs: 4000 });
  assert.ok(client.isUnknownError(newer));
  assert.equal(newer.retry, "after_delay");
  assert.equal(newer.retryAfterMs, 4000);
  assert.deepEqual({ ...client.retryAdvice(newer) }, { action: "retry", delayMs: 4000 });
  const response = client.parseErrorResponse({ error: true, code: "E_NEWER", message: "m", retry: "after_delay", retryAfterMs: 10 });
  assert.ok(client.isUnknownError(response));
  assert.equal(response.retryable, true, "a response's class tells its retryable");
  const rpc = client.parseJsonRpcError({ code: 9, message: "m", data: { symbol: "E_NEWER", retry: "after_change" } });
  assert.equal(rpc.retry, "after_change");
  assert.equal(rpc.retryable, false);
  // a hostile payload: deep nesting of envelopes and a long text stay cheap and never throw
  let nested = /** @type {unknown} */ ({ type: "t", title: "t", status: 1, retry: "after_delay" });
  for (let i = 0; i < 1000; i++) nested = { jsonrpc: "2.0", id: i, error: nested };
  assert.deepEqual({ ...client.retryAdvice(nested) }, { action: "never", delayMs: null });
  const long = JSON.stringify({ content: [{ type: "text", text: JSON.stringify({ type: "t", title: "x".repeat(5e6), status: 429, retry: "after_delay", retryAfterMs: 1 }) }], isError: true });
  const start = performance.now();
  assert.deepEqual({ ...client.retryAdvice(long) }, { action: "retry", delayMs: 1 });
  assert.ok(performance.now() - start < 1000);
});

test("the guards and parsers read the members: a class of this package and a whole non-negative delay, or none", () => {
  const err = limited({ retryAfterMs: 1500 });
  const rpc = JSON.parse(server.renderJsonRpcError(err, fixed));
  const problem = JSON.parse(server.renderProblem(err, fixed));
  const response = JSON.parse(server.renderResponse(err, fixed));
  assert.ok(client.isJsonRpcError(rpc));
  assert.ok(client.isProblemDetails(problem));
  assert.ok(client.isErrorResponse(response));
  assert.ok(client.isProblemDetails({ ...problem, retryAfterMs: 86400000 }), "a day, the longest delay");
  assert.equal(client.parseJsonRpcError(rpc).data.retryAfterMs, 1500);
  assert.equal(client.parseProblemDetails(problem).retry, "after_delay");
  assert.equal(client.isRetryable(response), true);
  assert.equal(client.isRetryable(JSON.parse(server.renderResponse(limited({ retryable: false })))), false);
  // older payloads, without the members, still are this catalog's
  for (const p of [rpc.data, problem, response]) {
    delete p.retry;
    delete p.retryAfterMs;
  }
  assert.ok(client.isJsonRpcError(rpc));
  assert.ok(client.isProblemDetails(problem));
  assert.ok(client.isErrorResponse(response));
  for (const [retry, retryAfterMs] of /** @type {Array<[unknown, unknown]>} */ ([["later", 1], [true, 1], ["after_delay", -1], ["after_delay", 1.5], ["after_delay", "1"], ["after_delay", 86400001]])) {
    assert.equal(client.isJsonRpcError({ ...rpc, data: { ...rpc.data, retry, retryAfterMs } }), false, `${retry} ${retryAfterMs}`);
    assert.equal(client.isProblemDetails({ ...problem, retry, retryAfterMs }), false, `${retry} ${retryAfterMs}`);
    assert.equal(client.isErrorResponse({ ...response, retry, retryAfterMs }), false, `${retry} ${retryAfterMs}`);
  }
});

test("the catalog's metadata has each error's class, default delay and throttling", () => {
  assert.equal(client.bySymbol("E_RATE_LIMITED").retry, "after_delay");
  assert.equal(client.bySymbol("E_RATE_LIMITED").retryAfterMs, 30000);
  assert.equal(client.bySymbol("E_RATE_LIMITED").throttling, true);
  assert.equal(client.bySymbol("E_FS_BAD_NAME").retry, "after_change");
  assert.equal(client.bySymbol("E_INTERNAL").retry, "never");
  assert.equal(client.bySymbol("E_INTERNAL").retryAfterMs, undefined);
});

test("retryAdvice reads every payload as errgenrt.AdviseRetry does (runtime/fixtures/retry-advice.jsonl)", () => {
  const lines = readFileSync(new URL("../../fixtures/retry-advice.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.ok(lines.length > 50);
  for (const { payload, action, delayMs } of lines) {
    assert.deepEqual({ ...client.retryAdvice(payload) }, { action, delayMs }, payload);
    assert.deepEqual({ ...client.retryAdvice(JSON.parse(payload)) }, { action, delayMs }, payload);
  }
});
