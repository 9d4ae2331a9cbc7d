// @ts-check
// The tools, resource and prompt of the MCP adapter's tests, each failing
// one way, shared by mcp.test.js and the stdio server it spawns.
import { z } from "zod";

/** @typedef {import("@modelcontextprotocol/sdk/server/mcp.js").McpServer} McpServer */

/** The capabilities a server declares in its constructor, as teams build one. */
export const CAPABILITIES = { capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} } };

/**
 * addFixtures registers the fixture's tools, a resource and a prompt on
 * s, each failing one way; wrap is applied to every tool handler.
 * @param {McpServer} s
 * @param {(h: any) => any} wrap
 * @param {any} server the package's server module
 */
export function addFixtures(s, wrap, server) {
  s.registerTool("read", { description: "fails with a result error", inputSchema: { path: z.string() } }, wrap(async (/** @type {{ path: string }} */ { path }) => {
    throw server.newError("E_FS_TOO_LARGE", { resource: path, limit: 10, actual: 20, unit: "bytes" });
  }));
  s.registerTool("open", { description: "fails with an error of mcp.tool_errors: error" }, wrap(async () => {
    throw server.newError("E_FS_DENIED", { path: "/home/alice/x", token: "hunter2" });
  }));
  s.registerTool("boom", { description: "throws a plain Error" }, wrap(async () => {
    throw new Error("boom: secret connection string postgres://u:hunter2@db");
  }));
  s.registerTool("typed", { description: "declares an output schema", outputSchema: { n: z.number() } }, wrap(async () => {
    throw server.newError("E_UNAVAILABLE", { service: "db" });
  }));
  s.registerTool("ok", { description: "succeeds" }, wrap(async () => ({ content: [{ type: "text", text: "fine" }] })));
  s.registerResource("db", "db://status", {}, async () => {
    throw new Error("relay failed", { cause: server.newError("E_UNAVAILABLE", { service: "db" }) });
  });
  s.registerResource("crash", "db://crash", {}, async () => {
    throw new TypeError("x is undefined at /home/alice/app.js");
  });
  s.registerPrompt("greet", {}, async () => {
    throw server.newError("E_UNAVAILABLE", { service: "prompts" });
  });
}

