// @ts-check
// The MCP adapter on the official MCP TypeScript SDK (the version the
// repository pins), server and client linked in memory: what a client gets
// for each way a tool or a handler fails.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError as SdkMcpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { assemble, load } from "./package.js";

const pkg = assemble();
after(pkg.remove);
const server = await load(pkg.dir, "server.js");
const mcp = await load(pkg.dir, "mcp.js");
const client = await load(pkg.dir, "index.js");

/**
 * connect builds a server with the tools and handlers setup registers,
 * linked to a client.
 * @param {(s: McpServer) => void} setup
 * @param {boolean} install whether to install handleErrors
 */
async function connect(setup, install = true) {
  const s = new McpServer({ name: "fixture", version: "1.0.0" });
  if (install) mcp.handleErrors(s);
  setup(s);
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "test", version: "1.0.0" });
  await Promise.all([s.connect(a), c.connect(b)]);
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

test("a tool's catalog error is an isError result carrying the problem document", async () => {
  const c = await connect((s) => {
    s.registerTool("read", { inputSchema: { path: z.string() } }, mcp.withToolErrors(async (/** @type {{ path: string }} */ { path }) => {
      throw server.newError("E_FS_TOO_LARGE", { resource: path, limit: 10, actual: 20, unit: "bytes" });
    }));
  });
  const result = await c.callTool({ name: "read", arguments: { path: "/data/x" } });
  assert.equal(result.isError, true);
  const problem = client.fromToolResult(result);
  assert.ok(client.isSymbol(problem, "E_FS_TOO_LARGE"), JSON.stringify(result));
  assert.equal(problem.limit, 10);
  assert.deepEqual(result.structuredContent, JSON.parse(/** @type {any} */ (result.content)[0].text));
});

test("a thrown plain Error arrives as the fallback, without its message", async () => {
  const c = await connect((s) => {
    s.registerTool("boom", {}, mcp.withToolErrors(async () => {
      throw new Error("secret connection string postgres://u:p@db");
    }));
  });
  const result = await c.callTool({ name: "boom", arguments: {} });
  assert.ok(client.isSymbol(client.fromToolResult(result), "E_INTERNAL"));
  assert.doesNotMatch(JSON.stringify(result), /secret|postgres/);
});

test("an error of mcp.tool_errors: error is a JSON-RPC error, its sensitive values redacted", async () => {
  const c = await connect((s) => {
    s.registerTool("open", {}, mcp.withToolErrors(async () => {
      throw server.newError("E_FS_DENIED", { path: "/home/alice/x", token: "hunter2" });
    }));
  });
  const e = await rejection(c.callTool({ name: "open", arguments: {} }));
  assert.ok(e instanceof SdkMcpError, String(e));
  assert.equal(e.code, 2001);
  const err = client.fromMcpError(e);
  assert.ok(client.isSymbol(err, "E_FS_DENIED"), JSON.stringify(err));
  assert.equal(err.message, "Access to ~/x is denied (<redacted>)");
  assert.doesNotMatch(JSON.stringify(e.data), /hunter2|alice/);
});

test("without handleErrors such an error stays the isError result", async () => {
  const c = await connect((s) => {
    s.registerTool("open", {}, mcp.withToolErrors(async () => {
      throw server.newError("E_FS_DENIED", { path: "/x", token: "t" });
    }));
  }, false);
  const result = await c.callTool({ name: "open", arguments: {} });
  assert.ok(client.isSymbol(client.fromToolResult(result), "E_FS_DENIED"));
});

test("a tool with an output schema gets no structuredContent in its error result", async () => {
  const c = await connect((s) => {
    s.registerTool("typed", { outputSchema: { n: z.number() } }, mcp.withToolErrors(async () => {
      throw server.newError("E_UNAVAILABLE", { service: "db" });
    }));
  });
  await c.listTools();
  const result = await c.callTool({ name: "typed", arguments: {} });
  assert.equal(result.structuredContent, undefined);
  assert.ok(client.isSymbol(client.fromToolResult(result), "E_UNAVAILABLE"));
  // toolResult leaves it out on request too
  assert.equal(mcp.toolResult(server.newError("E_INTERNAL"), { structuredContent: false }).structuredContent, undefined);
});

test("other handlers: catalog errors and other throws as JSON-RPC errors, the SDK's own unchanged", async () => {
  const c = await connect((s) => {
    s.registerResource("db", "db://status", {}, async () => {
      throw new Error("relay failed", { cause: server.newError("E_UNAVAILABLE", { service: "db" }) });
    });
    s.registerResource("crash", "db://crash", {}, async () => {
      throw new TypeError("x is undefined at /home/alice/app.js");
    });
  });
  const unavailable = await rejection(c.readResource({ uri: "db://status" }));
  assert.ok(client.isSymbol(client.fromMcpError(unavailable), "E_UNAVAILABLE"), JSON.stringify(unavailable));
  assert.equal(client.isRetryable(client.fromMcpError(unavailable)), true);
  const crash = await rejection(c.readResource({ uri: "db://crash" }));
  assert.ok(client.isSymbol(client.fromMcpError(crash), "E_INTERNAL"));
  assert.doesNotMatch(JSON.stringify(crash), /alice|undefined/);
  // the SDK's own error (no resource there) keeps its code and names no catalog error
  const missing = await rejection(c.readResource({ uri: "db://none" }));
  assert.equal(/** @type {any} */ (missing).code, -32602);
  assert.ok(client.isUnknownError(client.fromMcpError(missing)));
});

test("toMcpError is what the SDK sends: the catalog's wire code, message and safe data", () => {
  const e = mcp.toMcpError(server.newError("E_FS_TOO_LARGE", { resource: "r", limit: 1, actual: 2, unit: "bytes" }));
  assert.ok(e instanceof mcp.McpError);
  assert.equal(e.name, "McpError");
  assert.equal(e.code, -32602);
  assert.equal(e.message, "File is 2 bytes; the limit is 1 bytes");
  assert.equal(e.data.symbol, "E_FS_TOO_LARGE");
  assert.ok(client.isSymbol(client.fromMcpError(e), "E_FS_TOO_LARGE"));
  assert.throws(() => mcp.handleErrors({}), /not an MCP server/);
});

test("handleErrors refuses a server whose tools are registered already", () => {
  const s = new McpServer({ name: "late", version: "1.0.0" });
  s.registerTool("t", {}, async () => ({ content: [] }));
  assert.throws(() => mcp.handleErrors(s), /before registering tools/);
});

test("a low-level Server: handlers throwing catalog errors, toMcpError and other throws", async () => {
  const s = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
  mcp.handleErrors(s);
  s.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }] }));
  s.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case "denied": throw mcp.toMcpError(server.newError("E_FS_DENIED", { path: "/x", token: "hunter2" }));
      case "unavailable": throw server.newError("E_UNAVAILABLE", { service: "db" });
      case "result": return mcp.toolResult(server.newError("E_UNAVAILABLE", { service: "db" }));
      default: throw new Error("boom at /home/alice");
    }
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "test", version: "1.0.0" });
  await Promise.all([s.connect(a), c.connect(b)]);
  const denied = await rejection(c.callTool({ name: "denied", arguments: {} }));
  assert.ok(client.isSymbol(client.fromMcpError(denied), "E_FS_DENIED"));
  assert.doesNotMatch(JSON.stringify(denied), /hunter2/);
  assert.ok(client.isSymbol(client.fromMcpError(await rejection(c.callTool({ name: "unavailable", arguments: {} }))), "E_UNAVAILABLE"));
  assert.ok(client.isSymbol(client.fromToolResult(await c.callTool({ name: "result", arguments: {} })), "E_UNAVAILABLE"));
  const crash = await rejection(c.callTool({ name: "crash", arguments: {} }));
  assert.ok(client.isSymbol(client.fromMcpError(crash), "E_INTERNAL"));
  assert.doesNotMatch(JSON.stringify(crash), /alice|boom/);
});
