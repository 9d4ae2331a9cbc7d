// @ts-check
// The OpenTelemetry entry (otel.js) on the real OpenTelemetry SDKs and
// their in-memory exporters: what goes on the active span, the exception
// log record and the counter errgen.errors, for errors recorded directly,
// sent by the MCP adapter on the real MCP TypeScript SDK and written by
// the HTTP helper on a node:http server on 127.0.0.1 under a server span;
// each error once; planted secrets never exported; the counter agreeing
// with the runtime's metrics; and the other entries working, and loading
// nothing of OpenTelemetry, where it is not installed.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SpanKind, SpanStatusCode, context } from "@opentelemetry/api";
import { logs } from "@opentelemetry/api-logs";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { assemble, load, src } from "./package.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");

// The package under test, with the repository's node_modules beside it so
// that otel.js finds the OpenTelemetry API (the same copy as the tests').
const pkg = assemble();
after(pkg.remove);
symlinkSync(join(root, "node_modules"), join(pkg.dir, "node_modules"), "dir");
const server = await load(pkg.dir, "server.js");
const mcp = await load(pkg.dir, "mcp.js");
const http = await load(pkg.dir, "http.js");
const { CATALOG } = await load(pkg.dir, "catalog.js");
const SYMBOLS = Object.keys(CATALOG.errors);

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const spanExporter = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] }).getTracer("test");
const logExporter = new InMemoryLogRecordExporter();
const loggerProvider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter: logExporter })] });

/** A reader that collects when asked, as a ManualReader does. */
class Reader extends MetricReader {
  async onShutdown() {}
  async onForceFlush() {}
}
const reader = new Reader();
const meterProvider = new MeterProvider({ readers: [reader] });
/** @type {import("../src/otel.js").InstallOptions} the SDK's providers fit the declarations */
const providers = { meterProvider, loggerProvider };

/** Values planted where nothing may export them. */
const SECRETS = {
  sensitive: "PLANTED-token-5f1c",
  sensitiveOwner: "PLANTED-owner-9d2e",
  foreign: "PLANTED-foreign-text-77aa",
  cause: "PLANTED-cause-text-3b0c",
};

function reset() {
  spanExporter.reset();
  logExporter.reset();
}

/**
 * inSpan runs fn under a new active span (a server span) and ends it.
 * @param {string} name
 * @param {() => unknown} fn
 */
function inSpan(name, fn) {
  return tracer.startActiveSpan(name, { kind: SpanKind.SERVER }, async (span) => {
    try {
      return await fn();
    } finally {
      span.end();
    }
  });
}

/** The spans, log records and counter points exported, as plain objects. */
async function exported() {
  const spans = spanExporter.getFinishedSpans().map((s) => ({
    name: s.name,
    spanId: s.spanContext().spanId,
    attributes: { ...s.attributes },
    status: { ...s.status },
    events: s.events.map((e) => ({ name: e.name, attributes: { ...e.attributes } })),
  }));
  const records = logExporter.getFinishedLogRecords().map((r) => ({
    eventName: r.eventName,
    severityNumber: r.severityNumber,
    severityText: r.severityText,
    body: r.body,
    attributes: { ...r.attributes },
    spanId: r.spanContext?.spanId,
    scope: r.instrumentationScope.name,
  }));
  const { resourceMetrics } = await reader.collect();
  const metrics = resourceMetrics.scopeMetrics.flatMap((sm) => sm.metrics.map((m) => ({ scope: sm.scope.name, descriptor: m.descriptor, points: m.dataPoints.map((p) => ({ attributes: { ...p.attributes }, value: /** @type {number} */ (p.value) })) })));
  return { spans, records, metrics };
}

/** The points of errgen.errors. */
async function counterPoints() {
  const m = (await exported()).metrics.find((x) => x.descriptor.name === "errgen.errors");
  return m === undefined ? [] : m.points;
}

/**
 * hits counts the occurrences of s in text.
 * @param {string} text
 * @param {string} s
 */
const hits = (text, s) => text.split(s).length - 1;

/**
 * listen serves handler on 127.0.0.1 and returns its URL and a closer.
 * @param {import("node:http").RequestListener} handler
 * @returns {Promise<{ url: string, close: () => void }>}
 */
function listen(handler) {
  return new Promise((resolve) => {
    const s = createServer(handler);
    s.listen(0, "127.0.0.1", () => {
      const addr = /** @type {import("node:net").AddressInfo} */ (s.address());
      resolve({ url: `http://127.0.0.1:${addr.port}/`, close: () => s.close() });
    });
  });
}

/**
 * serveHttp answers one request on a node:http server on 127.0.0.1, under
 * a server span, with writeProblem of what thrown returns.
 * @param {() => unknown} thrown
 */
async function serveHttp(thrown) {
  const s = await listen((req, res) => {
    tracer.startActiveSpan(`${req.method} /`, { kind: SpanKind.SERVER }, (span) => {
      try {
        throw thrown();
      } catch (e) {
        http.writeProblem(res, e);
      } finally {
        span.end();
      }
    });
  });
  try {
    const res = await fetch(s.url);
    return { status: res.status, body: await res.text() };
  } finally {
    s.close();
  }
}

/**
 * mcpClient connects a client to an McpServer with handleErrors, its tools
 * those of tools, whose transport runs each request under a server span
 * ended when its response goes out.
 * @param {(s: McpServer) => void} tools
 */
async function mcpClient(tools) {
  const s = new McpServer({ name: "otel", version: "1.0.0" }, { capabilities: { tools: {}, resources: {} } });
  mcp.handleErrors(s);
  tools(s);
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "test", version: "1.0.0" });
  await Promise.all([s.connect(b), c.connect(a)]);
  /** @type {Map<unknown, import("@opentelemetry/api").Span>} */
  const open = new Map();
  const receive = /** @type {NonNullable<typeof b.onmessage>} */ (b.onmessage);
  b.onmessage = (message, extra) => {
    const m = /** @type {{ id?: unknown, method?: string }} */ (message);
    if (m.id === undefined || m.method === undefined) return receive(message, extra);
    tracer.startActiveSpan(`mcp ${m.method}`, { kind: SpanKind.SERVER }, (span) => {
      open.set(m.id, span);
      receive(message, extra);
    });
  };
  const send = b.send.bind(b);
  b.send = async (message, options) => {
    const m = /** @type {{ id?: unknown }} */ (message);
    await send(message, options);
    open.get(m.id)?.end();
    open.delete(m.id);
  };
  return c;
}

/**
 * rejection returns what a call rejects with.
 * @param {Promise<unknown>} p
 */
async function rejection(p) {
  try {
    await p;
  } catch (e) {
    return e;
  }
  assert.fail("did not fail");
}

const tooLarge = () => server.newError("E_FS_TOO_LARGE", { resource: "upload", limit: 10, actual: 20, unit: "bytes" });
const denied = () => server.newError("E_FS_DENIED", { path: "/home/alice/x", token: SECRETS.sensitive }, { cause: new Error(SECRETS.cause) });

// ------------------------------------------------------------ not installed

test("not installed: no hook, nothing recorded, the adapters work", async () => {
  assert.equal(server.onSend(null), null, "a send hook is set before install");
  reset();
  await inSpan("no otel", async () => {
    const r = await serveHttp(tooLarge);
    assert.equal(r.status, 413);
    assert.equal(mcp.toMcpError(tooLarge()).code, -32602);
    assert.equal(mcp.toolResult(new Error("x")).isError, true);
  });
  const { spans, records } = await exported();
  for (const s of spans) assert.deepEqual(Object.keys(s.attributes).filter((k) => k.startsWith("errgen.") || k === "error.type"), [], s.name);
  assert.deepEqual(records, []);
  assert.deepEqual(await counterPoints(), []);
});

test("the main, server, mcp and http entries import nothing of OpenTelemetry, and work without it", () => {
  // No module but otel.js names OpenTelemetry.
  for (const name of readdirSync(src)) {
    if (name.startsWith("otel.")) continue;
    assert.doesNotMatch(readFileSync(join(src, name), "utf8"), /@opentelemetry/, name);
  }
  const generated = join(root, "gen", "ts");
  for (const name of readdirSync(generated)) {
    if (name.startsWith("otel.") || name === "package.json" || name === "README.md" || name.startsWith(".")) continue;
    assert.doesNotMatch(readFileSync(join(generated, name), "utf8"), /@opentelemetry/, name);
  }
  // A package where OpenTelemetry cannot be found: every other entry loads
  // and sends an error; ./otel alone fails to load.
  const bare = assemble();
  try {
    const script = `
      const server = await import("./server.js");
      await import("./index.js");
      const mcp = await import("./mcp.js");
      const http = await import("./http.js");
      const res = { statusCode: 0, headers: {}, setHeader(k, v) { this.headers[k] = v; }, end(b) { this.body = b; } };
      http.writeProblem(res, new Error("x"));
      const rpc = mcp.toMcpError(server.newError("E_UNAVAILABLE", { service: "db" }));
      let otel = "loaded";
      try { await import("./otel.js"); } catch (e) { otel = e.code; }
      console.log(JSON.stringify({ status: res.statusCode, code: rpc.code, otel }));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: bare.dir, encoding: "utf8" });
    assert.deepEqual(JSON.parse(out), { status: 500, code: 1001, otel: "ERR_MODULE_NOT_FOUND" });
  } finally {
    bare.remove();
  }
});

test("the send hook: once per error response of each adapter, never from the renderers", async () => {
  /** @type {Array<[string, string]>} */
  const seen = [];
  server.onSend((/** @type {any} */ err, /** @type {string} */ kind) => seen.push([err.symbol, kind]));
  try {
    const take = () => seen.splice(0);
    server.renderProblem(tooLarge());
    server.renderJsonRpcError(tooLarge());
    server.problemOf(tooLarge());
    server.renderToolResult(tooLarge());
    server.jsonRpcParts(tooLarge());
    assert.deepEqual(take(), [], "a renderer called the hook");

    mcp.toMcpError(new Error("x"));
    assert.deepEqual(take(), [["E_INTERNAL", "jsonrpc"]]);
    mcp.toolResult(tooLarge());
    assert.deepEqual(take(), [["E_FS_TOO_LARGE", "tool"]]);
    await mcp.withToolErrors(() => {
      throw denied();
    })();
    assert.deepEqual(take(), [["E_FS_DENIED", "tool"]], "without handleErrors the result goes out");
    http.problemResponse(tooLarge());
    assert.deepEqual(take(), [["E_FS_TOO_LARGE", "http"]]);
    const reply = { code() {}, header() {}, send() { return "sent"; } };
    assert.equal(http.sendProblem(reply, tooLarge()), "sent");
    assert.deepEqual(take(), [["E_FS_TOO_LARGE", "http"]]);
    // details without a valid form: the wire carries the fallback
    const invalid = server.newError("E_FS_BAD_NAME", { name: "NOT" }); // breaks its pattern, with no replacement
    assert.equal((await http.problemResponse(invalid).json()).symbol, "E_INTERNAL");
    assert.deepEqual(take(), [["E_INTERNAL", "http"]]);

    const c = await mcpClient((s) => {
      s.registerTool("read", { description: "a tool error" }, async () => {
        throw tooLarge();
      });
      s.registerTool("open", { description: "mcp.tool_errors: error" }, mcp.withToolErrors(async () => {
        throw denied();
      }));
      s.registerResource("db", "db://status", {}, async () => {
        throw server.newError("E_UNAVAILABLE", { service: "db" });
      });
    });
    await c.callTool({ name: "read", arguments: {} });
    assert.deepEqual(take(), [["E_FS_TOO_LARGE", "tool"]]);
    await rejection(c.callTool({ name: "open", arguments: {} }));
    assert.deepEqual(take(), [["E_FS_DENIED", "jsonrpc"]]);
    await rejection(c.readResource({ uri: "db://status" }));
    assert.deepEqual(take(), [["E_UNAVAILABLE", "jsonrpc"]]);
    await c.close();
  } finally {
    server.onSend(null);
  }
});

// ------------------------------------------------------------- installed

/** @type {any} */
let otel;
/** @type {{ uninstall(): void } | undefined} */
let installation;

test("install sets the hook; installing again replaces it", async () => {
  otel = await load(pkg.dir, "otel.js");
  const first = otel.install(providers);
  installation = otel.install(providers);
  first.uninstall(); // the replaced one's uninstall leaves the new one be
  reset();
  const before = server.enableMetrics().snapshot().total;
  await inSpan("twice", () => serveHttp(tooLarge));
  const { records } = await exported();
  assert.equal(records.length, 1, "one log record for one error");
  assert.equal(server.enableMetrics().snapshot().total, before + 1, "one rendered payload");
  const points = await counterPoints();
  assert.equal(points.reduce((n, p) => n + p.value, 0), server.enableMetrics().snapshot().total, "the counter is not doubled");
});

/**
 * recorded records err with kind under a span and returns that span and
 * the log records.
 * @param {unknown} err
 * @param {string} [kind]
 */
async function recorded(err, kind) {
  reset();
  await inSpan("record", () => otel.record(err, kind));
  const { spans, records } = await exported();
  assert.equal(spans.length, 1);
  assert.equal(records.length, 1, "one log record");
  const [span] = spans;
  const [rec] = records;
  assert.equal(rec?.spanId, span?.spanId, "the log record is tied to the active span");
  return { span: /** @type {NonNullable<typeof span>} */ (span), rec: /** @type {NonNullable<typeof rec>} */ (rec) };
}

test("record: a 4xx error of the catalog leaves the status unset, WARN", async () => {
  const err = tooLarge();
  const { span, rec } = await recorded(err);
  assert.deepEqual(span.attributes, { "errgen.error.symbol": "E_FS_TOO_LARGE", "errgen.error.code": 2000, "errgen.error.domain": "files", "error.type": "E_FS_TOO_LARGE" });
  assert.equal(span.status.code, SpanStatusCode.UNSET);
  assert.deepEqual(rec, {
    eventName: "exception", severityNumber: 13, severityText: "WARN", body: undefined, spanId: span.spanId, scope: "errgen",
    attributes: { "exception.type": "E_FS_TOO_LARGE", "exception.message": "File is 20 bytes; the limit is 10 bytes", "error.type": "E_FS_TOO_LARGE", "errgen.error.symbol": "E_FS_TOO_LARGE", "errgen.error.code": 2000, "errgen.error.domain": "files" },
  });
});

test("record: a 5xx error is ERROR with the wire message, its sensitive value redacted", async () => {
  const err = server.newError("E_FS_AUDIT", { owner: SECRETS.sensitiveOwner, paths: ["/home/alice/a"] });
  const { span, rec } = await recorded(err);
  assert.equal(span.attributes["error.type"], "E_FS_AUDIT");
  assert.deepEqual(span.status, { code: SpanStatusCode.ERROR, message: err.message });
  assert.match(err.message, /<redacted>/);
  assert.equal(rec.severityNumber, 17);
  assert.equal(rec.severityText, "ERROR");
  assert.equal(rec.attributes["exception.message"], err.message);
});

test("record: a foreign error is the fallback, its text nowhere", async () => {
  const { span, rec } = await recorded(new Error(SECRETS.foreign));
  assert.equal(span.attributes["errgen.error.symbol"], "E_INTERNAL");
  assert.equal(span.attributes["error.type"], "E_INTERNAL");
  assert.equal(span.status.code, SpanStatusCode.ERROR);
  assert.equal(rec.attributes["exception.type"], "E_INTERNAL");
  assert.equal(rec.attributes["exception.message"], "An internal error occurred");
  assert.equal(rec.severityText, "ERROR");
});

test("record: an occurrence whose status was raised to 5xx is ERROR; its default 4xx is not", async () => {
  const raised = await recorded(server.newError("E_RATE_LIMITED", { tool: "search" }, { status: 503 }));
  assert.equal(raised.span.status.code, SpanStatusCode.ERROR);
  assert.equal(raised.span.status.message, "Too many requests to search");
  assert.equal(raised.rec.severityText, "ERROR");
  const plain = await recorded(server.newError("E_RATE_LIMITED", { tool: "search" }));
  assert.equal(plain.span.status.code, SpanStatusCode.UNSET);
  assert.equal(plain.rec.severityText, "WARN");
});

test("record: the kinds' error.type, and no span but the log record when none is active", async () => {
  const rpc = await recorded(tooLarge(), "jsonrpc");
  assert.equal(rpc.span.attributes["error.type"], "-32602");
  assert.equal(rpc.span.attributes["rpc.response.status_code"], "-32602");
  assert.equal(rpc.span.status.code, SpanStatusCode.ERROR);
  assert.equal(rpc.rec.attributes["error.type"], "-32602");
  const tool = await recorded(tooLarge(), "tool");
  assert.equal(tool.span.attributes["error.type"], "tool_error");
  assert.equal(tool.span.attributes["rpc.response.status_code"], undefined);
  assert.deepEqual(tool.span.status, { code: SpanStatusCode.ERROR, message: "File is 20 bytes; the limit is 10 bytes" });
  assert.equal(tool.rec.severityText, "WARN");
  reset();
  otel.record(tooLarge());
  const { spans, records } = await exported();
  assert.equal(spans.length, 0);
  assert.equal(records.length, 1);
  assert.equal(records[0]?.spanId, undefined);
});

test("the wire message is the default options' whatever the adapter's: a verbose server exports the default text", async () => {
  reset();
  await inSpan("verbose", () => mcp.toMcpError(denied(), { verbose: true, showSensitive: true }));
  const { spans, records } = await exported();
  const text = JSON.stringify({ spans, records });
  assert.equal(hits(text, SECRETS.sensitive), 0);
  assert.equal(hits(text, SECRETS.cause), 0);
  assert.equal(records[0]?.attributes["exception.message"], "Access to ~/x is denied (<redacted>)");
});

test("MCP: a tool error is tool_error, a JSON-RPC error its wire code, under the server span", async () => {
  const c = await mcpClient((s) => {
    s.registerTool("read", { description: "a tool error" }, async () => {
      throw tooLarge();
    });
    s.registerTool("open", { description: "mcp.tool_errors: error" }, async () => {
      throw denied();
    });
    s.registerResource("big", "db://big", {}, async () => {
      throw tooLarge();
    });
  });
  reset();
  const before = server.enableMetrics().snapshot().total;
  const read = await c.callTool({ name: "read", arguments: {} });
  assert.equal(read.isError, true);
  assert.equal(server.enableMetrics().snapshot().total, before + 1, "one rendered payload for one tool error");
  let { spans, records } = await exported();
  let call = spans.filter((s) => s.name === "mcp tools/call");
  assert.equal(call.length, 1);
  assert.deepEqual(call[0]?.attributes, { "errgen.error.symbol": "E_FS_TOO_LARGE", "errgen.error.code": 2000, "errgen.error.domain": "files", "error.type": "tool_error" });
  assert.deepEqual(call[0]?.status, { code: SpanStatusCode.ERROR, message: "File is 20 bytes; the limit is 10 bytes" });
  assert.equal(records.length, 1);
  assert.equal(records[0]?.spanId, call[0]?.spanId);
  assert.equal(records[0]?.attributes["error.type"], "tool_error");

  reset();
  const beforeOpen = server.enableMetrics().snapshot().total;
  const open = /** @type {any} */ (await rejection(c.callTool({ name: "open", arguments: {} })));
  assert.equal(open.code, 2001);
  assert.equal(server.enableMetrics().snapshot().total, beforeOpen + 1, "one rendered payload for a tool error sent as a JSON-RPC error");
  ({ spans, records } = await exported());
  call = spans.filter((s) => s.name === "mcp tools/call");
  assert.equal(call.length, 1);
  assert.equal(call[0]?.attributes["error.type"], "2001");
  assert.equal(call[0]?.attributes["rpc.response.status_code"], "2001");
  assert.deepEqual(call[0]?.status, { code: SpanStatusCode.ERROR, message: "Access to ~/x is denied (<redacted>)" });
  assert.equal(records.length, 1);
  assert.equal(records[0]?.attributes["exception.type"], "E_FS_DENIED");

  reset();
  const big = /** @type {any} */ (await rejection(c.readResource({ uri: "db://big" })));
  assert.equal(big.code, -32602);
  ({ spans, records } = await exported());
  const read2 = spans.filter((s) => s.name === "mcp resources/read");
  assert.equal(read2[0]?.attributes["error.type"], "-32602");
  assert.equal(read2[0]?.attributes["rpc.response.status_code"], "-32602");
  assert.equal(records.length, 1);
  await c.close();
});

test("HTTP: writeProblem on a node:http server on 127.0.0.1 under a server span", async () => {
  reset();
  const before = server.enableMetrics().snapshot().bySymbol.E_INTERNAL ?? 0;
  const r = await serveHttp(() => new Error(SECRETS.foreign, { cause: new Error(SECRETS.cause) }));
  assert.equal(r.status, 500);
  const { spans, records } = await exported();
  assert.equal(spans.length, 1);
  const [span] = spans;
  assert.equal(span?.name, "GET /");
  assert.deepEqual(span?.attributes, { "errgen.error.symbol": "E_INTERNAL", "errgen.error.code": 1000, "errgen.error.domain": "core", "error.type": "E_INTERNAL" });
  assert.deepEqual(span?.status, { code: SpanStatusCode.ERROR, message: "An internal error occurred" });
  assert.equal(records.length, 1);
  assert.equal(records[0]?.spanId, span?.spanId);
  assert.equal(server.enableMetrics().snapshot().bySymbol.E_INTERNAL, before + 1);

  reset();
  assert.equal((await serveHttp(tooLarge)).status, 413);
  const got = await exported();
  assert.equal(got.spans[0]?.attributes["error.type"], "E_FS_TOO_LARGE");
  assert.equal(got.spans[0]?.status.code, SpanStatusCode.UNSET);
  assert.equal(got.records[0]?.severityText, "WARN");
});

test("planted secrets are exported nowhere; an opted-in cause only as errgen.error.cause", async () => {
  reset();
  const c = await mcpClient((s) => {
    s.registerTool("open", { description: "mcp.tool_errors: error" }, async () => {
      throw denied();
    });
    s.registerTool("boom", { description: "a foreign error" }, async () => {
      throw new Error(SECRETS.foreign);
    });
  });
  await rejection(c.callTool({ name: "open", arguments: {} }));
  await c.callTool({ name: "boom", arguments: {} });
  await c.close();
  await serveHttp(denied);
  await serveHttp(() => new Error(SECRETS.foreign));
  await serveHttp(() => server.newError("E_FS_AUDIT", { owner: SECRETS.sensitiveOwner, secrets: [SECRETS.sensitive] }, { cause: SECRETS.cause }));
  await inSpan("record", () => {
    otel.record(denied(), "jsonrpc");
    otel.record(new Error(SECRETS.foreign, { cause: new Error(SECRETS.cause) }), "tool");
    // a foreign error has no opt-in, whatever it carries
    otel.record(Object.assign(new Error(SECRETS.foreign), { telemetryCause: true }));
  });
  const all = await exported();
  const text = JSON.stringify(all);
  const counts = Object.fromEntries(Object.entries(SECRETS).map(([k, s]) => [k, hits(text, s)]));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`otel: planted-secret hits ${total} over ${all.spans.length} spans, ${all.records.length} log records, ${all.metrics.length} metrics ${JSON.stringify(counts)}`);
  assert.deepEqual(counts, { sensitive: 0, sensitiveOwner: 0, foreign: 0, cause: 0 });
  for (const r of all.records) assert.equal(r.attributes["errgen.error.cause"], undefined);

  // With the opt-in, the cause's text is exported once: as errgen.error.cause.
  reset();
  const optIn = "OPTED-IN-cause-text-e4c1";
  await serveHttp(() => server.newError("E_FS_TOO_LARGE", { resource: "r", limit: 1, actual: 2, unit: "bytes" }, { cause: new Error(optIn), telemetryCause: true }));
  const opted = await exported();
  assert.equal(hits(JSON.stringify(opted), optIn), 1);
  assert.equal(opted.records[0]?.attributes["errgen.error.cause"], optIn);

  // bounded to the catalog's max_string_bytes (64), cut as the wire cuts
  reset();
  otel.record(server.newError("E_INTERNAL", undefined, { cause: new Error("é".repeat(100)), telemetryCause: true }));
  const long = /** @type {string} */ ((await exported()).records[0]?.attributes["errgen.error.cause"]);
  assert.ok(Buffer.byteLength(long) <= 64, long);
  assert.ok(long.startsWith("éé"), long);
  assert.ok(!long.includes("\ufffd"), long);
});

/** Valid details of each error of the fixture catalog that has details. */
const DETAILS = {
  E_UNAVAILABLE: { service: "db" },
  E_RATE_LIMITED: { tool: "search" },
  E_VALIDATION: { fieldErrors: { name: ["required"] }, totalErrors: 1 },
  E_FS_TOO_LARGE: { resource: "upload", limit: 10, actual: 20, unit: "bytes" },
  E_FS_DENIED: { path: "/x", token: SECRETS.sensitive },
  E_FS_BAD_NAME: { name: "ok" },
  E_FS_AUDIT: { owner: SECRETS.sensitiveOwner },
  E_FS_QUOTA: { user: "alice", limit: 50, used: 12.5, zone: "eu" },
};

test("cardinality: one error of every definition and a foreign one", async () => {
  reset();
  await Promise.all([...SYMBOLS, "foreign"].map((symbol) =>
    inSpan(symbol, async () => {
      const err = symbol === "foreign" ? new Error(SECRETS.foreign) : server.newError(symbol, /** @type {any} */ (DETAILS)[symbol]);
      assert.equal(server.wireErrorOf(err).symbol, symbol === "foreign" ? "E_INTERNAL" : symbol);
      server.renderProblem(err);
      otel.record(err);
    }),
  ));
  const { spans } = await exported();
  const types = new Set(spans.map((s) => s.attributes["error.type"]));
  const points = await counterPoints();
  const sets = new Set(points.map((p) => JSON.stringify(p.attributes)));
  const text = JSON.stringify(await exported());
  const secretHits = Object.values(SECRETS).reduce((n, x) => n + hits(text, x), 0);
  console.log(`otel: ${SYMBOLS.length} symbols, ${types.size} distinct error.type values on spans, ${sets.size} distinct metric attribute sets, planted-secret hits ${secretHits}`);
  assert.equal(secretHits, 0);
  assert.ok(types.size <= SYMBOLS.length + 1, `${types.size} error.type values`);
  assert.ok(sets.size <= SYMBOLS.length + 1, `${sets.size} attribute sets`);
  for (const p of points) {
    const e = CATALOG.errors[/** @type {string} */ (p.attributes["errgen.error.symbol"])];
    assert.deepEqual(p.attributes, { "error.type": e.symbol, "errgen.error.symbol": e.symbol, "errgen.error.code": e.code, "errgen.error.domain": e.domain });
  }
});

test("agreement: the counter's points are the metrics snapshot, per symbol and in all", async () => {
  const all = await exported();
  const m = all.metrics.find((x) => x.descriptor.name === "errgen.errors");
  assert.ok(m !== undefined);
  assert.equal(m.scope, "errgen");
  assert.equal(m.descriptor.unit, "{error}");
  assert.equal(m.descriptor.description, "Errors errgen rendered, by catalog symbol");
  const snapshot = server.enableMetrics().snapshot();
  /** @type {{ [symbol: string]: number }} */
  const bySymbol = {};
  for (const p of m.points) bySymbol[/** @type {string} */ (p.attributes["errgen.error.symbol"])] = p.value;
  assert.deepEqual(bySymbol, snapshot.bySymbol);
  assert.equal(m.points.reduce((n, p) => n + p.value, 0), snapshot.total);
});

test("the global providers are the default; uninstall stops recording", async () => {
  assert.ok(installation !== undefined);
  installation.uninstall();
  assert.equal(server.onSend(null), null, "uninstall left the hook");
  assert.equal(logs.setGlobalLoggerProvider(loggerProvider), loggerProvider);
  const global = otel.install();
  try {
    reset();
    await serveHttp(tooLarge);
    assert.equal((await exported()).records.length, 1);
  } finally {
    global.uninstall();
    logs.disable();
  }
  reset();
  await serveHttp(tooLarge);
  const afterUninstall = await exported();
  assert.equal(afterUninstall.records.length, 0);
  assert.deepEqual(afterUninstall.spans.map((s) => s.attributes), [{}]);
  assert.equal(server.onSend(null), null);
});
