// @ts-check
// The MCP adapter on the official MCP TypeScript SDK (the version the
// repository pins), on servers built every way a team builds one: an
// McpServer with its capabilities in the constructor (the SDK registers
// the tools, resources and prompts handlers there) or registered as tools
// come, handleErrors installed before or after the tools, tools wrapped in
// withToolErrors or not, the low-level Server; linked in memory, over
// Streamable HTTP on 127.0.0.1 (stateful and stateless) and over stdio.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError as SdkMcpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { addFixtures, CAPABILITIES } from "./mcp-fixtures.js";
import { assemble, load } from "./package.js";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = assemble();
after(pkg.remove);
const server = await load(pkg.dir, "server.js");
const mcp = await load(pkg.dir, "mcp.js");
const client = await load(pkg.dir, "index.js");

/** What the tools hold and must never send. */
const SECRETS = /hunter2|alice|postgres|boom/;

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

/**
 * expectCatalogForm calls every fixture on c and checks each failure is in
 * the catalog's form, with nothing secret on the wire.
 * @param {Client} c
 * @param {{ listFirst?: boolean }} [how]
 */
async function expectCatalogForm(c, how = {}) {
  if (how.listFirst) await c.listTools();
  const read = await c.callTool({ name: "read", arguments: { path: "/data/x" } });
  assert.equal(read.isError, true);
  const problem = client.fromToolResult(read);
  assert.ok(client.isSymbol(problem, "E_FS_TOO_LARGE"), JSON.stringify(read));
  assert.equal(problem.limit, 10);
  assert.deepEqual(read.structuredContent, JSON.parse(/** @type {any} */ (read.content)[0].text));

  const open = await rejection(c.callTool({ name: "open", arguments: {} }));
  assert.ok(open instanceof SdkMcpError, String(open));
  assert.equal(open.code, 2001);
  const denied = client.fromMcpError(open);
  assert.ok(client.isSymbol(denied, "E_FS_DENIED"), JSON.stringify(denied));
  assert.equal(denied.message, "Access to ~/x is denied (<redacted>)");

  const boom = await c.callTool({ name: "boom", arguments: {} });
  assert.ok(client.isSymbol(client.fromToolResult(boom), "E_INTERNAL"), JSON.stringify(boom));
  assert.deepEqual(boom.structuredContent, JSON.parse(/** @type {any} */ (boom.content)[0].text));

  // The client checks structuredContent against the declared output
  // schema, error or not: the server leaves it out, the text keeps it.
  const typed = await c.callTool({ name: "typed", arguments: {} });
  assert.equal(typed.structuredContent, undefined);
  assert.ok(client.isSymbol(client.fromToolResult(typed), "E_UNAVAILABLE"));

  const ok = await c.callTool({ name: "ok", arguments: {} });
  assert.deepEqual(ok, { content: [{ type: "text", text: "fine" }] });

  const unavailable = await rejection(c.readResource({ uri: "db://status" }));
  assert.ok(client.isSymbol(client.fromMcpError(unavailable), "E_UNAVAILABLE"), JSON.stringify(unavailable));
  assert.equal(client.isRetryable(client.fromMcpError(unavailable)), true);
  const crash = await rejection(c.readResource({ uri: "db://crash" }));
  assert.ok(client.isSymbol(client.fromMcpError(crash), "E_INTERNAL"));
  const prompt = await rejection(c.getPrompt({ name: "greet" }));
  assert.ok(client.isSymbol(client.fromMcpError(prompt), "E_UNAVAILABLE"), JSON.stringify(prompt));
  // The SDK's own errors keep their code and name no catalog error.
  const missing = await rejection(c.readResource({ uri: "db://none" }));
  assert.equal(/** @type {any} */ (missing).code, -32602);
  assert.ok(client.isUnknownError(client.fromMcpError(missing)));
  const unknownTool = await c.callTool({ name: "nope", arguments: {} });
  assert.equal(unknownTool.isError, true);
  assert.match(JSON.stringify(unknownTool.content), /Tool nope not found/);

  for (const e of [read, open, boom, typed, unavailable, crash, prompt]) assert.doesNotMatch(JSON.stringify(e), SECRETS);
}

/**
 * linked connects a client to s in memory.
 * @param {McpServer | Server} s
 */
async function linked(s) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "test", version: "1.0.0" });
  await Promise.all([s.connect(a), c.connect(b)]);
  return c;
}

for (const capabilities of [true, false]) {
  for (const install of ["before the tools", "after the tools"]) {
    for (const wrapped of [true, false]) {
      const name = `an McpServer ${capabilities ? "with its capabilities in the constructor" : "without capabilities"}, handleErrors ${install}, tools ${wrapped ? "in withToolErrors" : "bare"}`;
      test(name, async () => {
        const s = new McpServer({ name: "fixture", version: "1.0.0" }, capabilities ? CAPABILITIES : undefined);
        if (install === "before the tools") mcp.handleErrors(s);
        addFixtures(s, wrapped ? mcp.withToolErrors : (h) => h, server);
        if (install === "after the tools") mcp.handleErrors(s);
        await expectCatalogForm(await linked(s));
      });
    }
  }
}

test("handleErrors installed twice wraps once", async () => {
  const s = new McpServer({ name: "twice", version: "1.0.0" }, CAPABILITIES);
  mcp.handleErrors(s);
  mcp.handleErrors(s);
  addFixtures(s, (h) => h, server);
  mcp.handleErrors(s);
  await expectCatalogForm(await linked(s), { listFirst: true });
});

test("without handleErrors: withToolErrors results, an error of mcp.tool_errors: error stays one", async () => {
  const s = new McpServer({ name: "plain", version: "1.0.0" }, CAPABILITIES);
  addFixtures(s, mcp.withToolErrors, server);
  const c = await linked(s);
  assert.ok(client.isSymbol(client.fromToolResult(await c.callTool({ name: "open", arguments: {} })), "E_FS_DENIED"));
  const boom = await c.callTool({ name: "boom", arguments: {} });
  assert.ok(client.isSymbol(client.fromToolResult(boom), "E_INTERNAL"));
  assert.doesNotMatch(JSON.stringify(boom), SECRETS);
  // toolResult leaves structuredContent out on request
  assert.equal(mcp.toolResult(server.newError("E_INTERNAL"), { structuredContent: false }).structuredContent, undefined);
});

/**
 * lowLevel builds a low-level Server whose tools/call handler throws, and
 * whose tools/list pages its tools one by one.
 */
function lowLevel() {
  const s = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
  const tools = [
    { name: "denied", inputSchema: { type: /** @type {const} */ ("object") } },
    { name: "unavailable", inputSchema: { type: /** @type {const} */ ("object") } },
    { name: "typed", inputSchema: { type: /** @type {const} */ ("object") }, outputSchema: { type: /** @type {const} */ ("object"), properties: { n: { type: "number" } }, required: ["n"] } },
  ];
  s.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const at = Number(request.params?.cursor ?? 0);
    return { tools: tools.slice(at, at + 1), ...(at + 1 < tools.length ? { nextCursor: String(at + 1) } : {}) };
  });
  s.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case "denied": throw server.newError("E_FS_DENIED", { path: "/x", token: "hunter2" });
      case "unavailable": throw server.newError("E_UNAVAILABLE", { service: "db" });
      case "typed": throw server.newError("E_UNAVAILABLE", { service: "typed" });
      case "result": return mcp.toolResult(server.newError("E_UNAVAILABLE", { service: "db" }));
      case "rpc": throw mcp.toMcpError(server.newError("E_UNAVAILABLE", { service: "db" }));
      default: throw new Error("boom at /home/alice");
    }
  });
  return s;
}

for (const install of ["before its handlers", "after its handlers"]) {
  test(`a low-level Server, handleErrors ${install}: a tools/call handler throws, the catalog answers`, async () => {
    let s;
    if (install === "before its handlers") {
      s = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
      mcp.handleErrors(s);
      const built = lowLevel();
      // the same handlers, registered on the server handleErrors is on
      for (const schema of [ListToolsRequestSchema, CallToolRequestSchema]) {
        const method = schema.shape.method.value;
        const h = /** @type {any} */ (built)._requestHandlers.get(method);
        s.setRequestHandler(/** @type {any} */ (schema), (/** @type {any} */ r, /** @type {any} */ x) => h(r, x));
      }
    } else {
      s = lowLevel();
      mcp.handleErrors(s);
    }
    const c = await linked(s);
    const denied = await rejection(c.callTool({ name: "denied", arguments: {} }));
    assert.ok(client.isSymbol(client.fromMcpError(denied), "E_FS_DENIED"));
    assert.doesNotMatch(JSON.stringify(denied), /hunter2/);
    const unavailable = await c.callTool({ name: "unavailable", arguments: {} });
    assert.ok(client.isSymbol(client.fromToolResult(unavailable), "E_UNAVAILABLE"));
    assert.ok(unavailable.structuredContent !== undefined);
    // its output schema is found on tools/list's last page, never listed by the client
    const typed = await c.callTool({ name: "typed", arguments: {} });
    assert.equal(typed.structuredContent, undefined);
    assert.ok(client.isSymbol(client.fromToolResult(typed), "E_UNAVAILABLE"));
    assert.ok(client.isSymbol(client.fromToolResult(await c.callTool({ name: "result", arguments: {} })), "E_UNAVAILABLE"));
    assert.ok(client.isSymbol(client.fromMcpError(await rejection(c.callTool({ name: "rpc", arguments: {} }))), "E_UNAVAILABLE"));
    const crash = await c.callTool({ name: "crash", arguments: {} });
    assert.ok(client.isSymbol(client.fromToolResult(crash), "E_INTERNAL"));
    assert.doesNotMatch(JSON.stringify(crash), /alice|boom/);
  });
}

test("a fallback request handler is covered, set before or after", async () => {
  for (const order of ["before", "after"]) {
    const s = new Server({ name: "fallback", version: "1.0.0" }, { capabilities: {} });
    const handler = async () => {
      throw new Error("no such method, at /home/alice");
    };
    if (order === "before") s.fallbackRequestHandler = handler;
    mcp.handleErrors(s);
    if (order === "after") s.fallbackRequestHandler = handler;
    const c = await linked(s);
    const e = await rejection(c.request({ method: "custom/thing", params: {} }, z.object({})));
    assert.ok(client.isSymbol(client.fromMcpError(e), "E_INTERNAL"), order + ": " + String(e));
    assert.doesNotMatch(JSON.stringify(e), /alice/);
  }
});

/**
 * serveHTTP serves MCP over Streamable HTTP on 127.0.0.1 as the SDK's
 * examples do: stateful, one McpServer and transport per session; or
 * stateless, one per request.
 * @param {boolean} stateless
 */
async function serveHTTP(stateless) {
  /** @type {Map<string, StreamableHTTPServerTransport>} */
  const sessions = new Map();
  const build = () => {
    const s = new McpServer({ name: "http", version: "1.0.0" }, CAPABILITIES);
    mcp.handleErrors(s);
    addFixtures(s, (h) => h, server);
    return s;
  };
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    if (stateless) {
      const transport = new StreamableHTTPServerTransport({});
      res.on("close", () => void transport.close());
      await build().connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (transport === undefined) {
      const t = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, t),
      });
      await build().connect(t);
      transport = t;
    }
    await transport.handleRequest(req, res, body);
  });
  await new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (http.address());
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: async () => {
      for (const t of sessions.values()) await t.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(() => resolve(undefined)));
    },
  };
}

for (const stateless of [false, true]) {
  test(`Streamable HTTP on 127.0.0.1, ${stateless ? "stateless: a server per request" : "stateful: a server per session"}`, async () => {
    const served = await serveHTTP(stateless);
    try {
      const c = new Client({ name: "test", version: "1.0.0" });
      await c.connect(new StreamableHTTPClientTransport(served.url));
      // listed first: the client knows the output schema, a stateless
      // server's next instance does not
      await expectCatalogForm(c, { listFirst: true });
      await c.close();
    } finally {
      await served.close();
    }
  });
}

test("stdio: a server process on the SDK's stdio transport", async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(here, "stdio-server.js"), pkg.dir], stderr: "pipe" });
  /** @type {string[]} */
  const stderr = [];
  transport.stderr?.on("data", (b) => stderr.push(String(b)));
  const c = new Client({ name: "test", version: "1.0.0" });
  await c.connect(transport);
  try {
    await expectCatalogForm(c);
  } finally {
    await c.close();
  }
  assert.equal(stderr.join(""), "");
});

test("toMcpError is what the SDK sends: the catalog's wire code, message and safe data", () => {
  const e = mcp.toMcpError(server.newError("E_FS_TOO_LARGE", { resource: "r", limit: 1, actual: 2, unit: "bytes" }));
  assert.ok(e instanceof mcp.McpError);
  assert.equal(e.name, "McpError");
  assert.equal(e.code, -32602);
  assert.equal(e.message, "File is 2 bytes; the limit is 1 bytes");
  assert.equal(e.data.symbol, "E_FS_TOO_LARGE");
  assert.ok(client.isSymbol(client.fromMcpError(e), "E_FS_TOO_LARGE"));
});

test("handleErrors refuses what is not a server of the SDK, saying what it wants", () => {
  for (const v of [{}, null, { setRequestHandler() {} }]) {
    assert.throws(() => mcp.handleErrors(/** @type {any} */ (v)), /handleErrors: not an MCP server \(an McpServer or a Server/);
  }
});


test("rate limited, end to end on 127.0.0.1: a tool's retryAfterMs in structuredContent, an HTTP endpoint's Retry-After", async () => {
  const http = await load(pkg.dir, "http.js");
  const limited = () => server.newError("E_RATE_LIMITED", { tool: "search" }, { retryAfterMs: 1500 });
  const build = () => {
    const s = new McpServer({ name: "limited", version: "1.0.0" }, CAPABILITIES);
    mcp.handleErrors(s);
    s.registerTool("search", { description: "rate limited" }, async () => {
      throw limited();
    });
    s.registerTool("search_typed", { description: "rate limited, with an output schema", outputSchema: { hits: z.number() } }, async () => {
      throw limited();
    });
    s.registerTool("slow", { description: "rate limited with the catalog's default delay" }, async () => {
      throw server.newError("E_RATE_LIMITED", { tool: "slow" });
    });
    s.registerResource("quota", "db://quota", {}, async () => {
      throw limited();
    });
    return s;
  };
  // one node:http server: MCP over Streamable HTTP (stateless) at /mcp, a
  // plain HTTP API answering with errgen's ./http helper elsewhere
  const httpServer = createServer(async (req, res) => {
    if (req.url !== "/mcp") {
      http.writeProblem(res, limited());
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const transport = new StreamableHTTPServerTransport({});
    res.on("close", () => void transport.close());
    await build().connect(transport);
    await transport.handleRequest(req, res, chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined);
  });
  await new Promise((resolve) => httpServer.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (httpServer.address());
  const c = new Client({ name: "test", version: "1.0.0" });
  try {
    await c.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    await c.listTools();

    const result = await c.callTool({ name: "search", arguments: {} });
    assert.equal(result.isError, true);
    const structured = /** @type {any} */ (result.structuredContent);
    assert.equal(structured.symbol, "E_RATE_LIMITED");
    assert.equal(structured.status, 429);
    assert.equal(structured.retryable, true);
    assert.equal(structured.retry, "after_delay");
    assert.equal(structured.retryAfterMs, 1500);
    assert.deepEqual(structured, JSON.parse(/** @type {any} */ (result.content)[0].text));
    const problem = client.fromToolResult(result);
    assert.ok(client.isSymbol(problem, "E_RATE_LIMITED"));
    assert.equal(problem.retryAfterMs, 1500);
    assert.deepEqual({ ...client.retryAdvice(result) }, { action: "retry", delayMs: 1500 });

    // an output schema: no structuredContent, the text content still tells
    const typed = await c.callTool({ name: "search_typed", arguments: {} });
    assert.equal(typed.structuredContent, undefined);
    assert.deepEqual({ ...client.retryAdvice(typed) }, { action: "retry", delayMs: 1500 });

    const slow = await c.callTool({ name: "slow", arguments: {} });
    assert.equal(/** @type {any} */ (slow.structuredContent).retryAfterMs, 30000);
    assert.deepEqual({ ...client.retryAdvice(slow) }, { action: "retry", delayMs: 30000 });

    // any other request: the JSON-RPC error's data carries them
    const quota = await rejection(c.readResource({ uri: "db://quota" }));
    assert.ok(quota instanceof SdkMcpError);
    assert.equal(quota.code, 1003);
    assert.equal(/** @type {any} */ (quota.data).retry, "after_delay");
    assert.equal(/** @type {any} */ (quota.data).retryAfterMs, 1500);
    assert.equal(client.fromMcpError(quota).data.retryAfterMs, 1500);
    assert.deepEqual({ ...client.retryAdvice(quota) }, { action: "retry", delayMs: 1500 });

    const res = await fetch(`http://127.0.0.1:${port}/api/search`);
    assert.equal(res.status, 429);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal(res.headers.get("retry-after"), "2");
    const body = /** @type {any} */ (await res.json());
    assert.equal(body.retryAfterMs, 1500);
    assert.deepEqual({ ...client.retryAdvice(body) }, { action: "retry", delayMs: 1500 });
  } finally {
    await c.close();
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(() => resolve(undefined)));
  }
});
