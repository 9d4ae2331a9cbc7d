// @ts-check
// An MCP server over stdio for mcp.test.js: an McpServer with its
// capabilities in the constructor, handleErrors installed, the shared
// fixtures; the package is the directory given as the argument.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { addFixtures, CAPABILITIES } from "./mcp-fixtures.js";

const dir = process.argv[2];
if (dir === undefined) throw new Error("usage: stdio-server.js PACKAGE_DIR");
const server = await import(pathToFileURL(join(dir, "server.js")).href);
const { handleErrors } = await import(pathToFileURL(join(dir, "mcp.js")).href);

const s = new McpServer({ name: "stdio", version: "1.0.0" }, CAPABILITIES);
handleErrors(s);
addFixtures(s, (h) => h, server);
await s.connect(new StdioServerTransport());
