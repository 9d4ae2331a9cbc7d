// The Mouse MCP server of the problem-details design, on the official MCP
// TypeScript SDK and the package errgen generates from ../errors.yaml
// (mouse-mcp-errors): every tool that fails answers with an RFC 9457
// problem document — the error's type URI, title, status and detail, its
// fields (field, invalidValue, endpoint, entityId, entityType) flattened
// in, and the tool that failed as an extension member — which a client on
// the SDK reads back with fromToolResult. Secrets in an upstream URL are
// scrubbed (endpoint is x-sanitize: uri) and any other throw answers as
// GENERIC_ERROR (about:blank) without its text.
//
// Run it: see README.md beside it.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { newError, optionsFromEnv } from "mouse-mcp-errors/server";
import { handleErrors, withToolErrors } from "mouse-mcp-errors/mcp";

// MOUSE_ERRORS_VERBOSE=1 adds the cause chain to the documents (in
// development); unset, nothing internal is sent.
const options = optionsFromEnv("MOUSE_ERRORS");

const DESTINATIONS = ["wdw", "dlr"];
const ATTRACTIONS = new Map([
  ["80010190", { name: "Space Mountain", destination: "wdw" }],
  ["353295", { name: "Big Thunder Mountain", destination: "dlr" }],
]);
// the upstream API, with the token a real server would send
const API = "https://api.wdpro.disney.go.com/facility-service/attractions?token=tk_live_5f2a";

const server = new McpServer({ name: "mouse-mcp", version: "1.0.0" });
handleErrors(server, options);

server.registerTool(
  "disney_attractions",
  { description: "List the attractions of a destination", inputSchema: { destination: z.string() } },
  withToolErrors(async ({ destination }) => {
    const tool = { tool: "disney_attractions" };
    if (!DESTINATIONS.includes(destination)) {
      throw newError("VALIDATION_ERROR", { field: "destination", invalidValue: destination }, { extensions: tool });
    }
    if (destination === "dlr") {
      // the upstream answered 503: a retryable API_ERROR, status 503
      throw newError("API_ERROR", { endpoint: API + "&destination=dlr" }, { status: 503, extensions: tool });
    }
    const names = [...ATTRACTIONS.values()].filter((a) => a.destination === destination).map((a) => a.name);
    return { content: [{ type: "text" as const, text: names.join("\n") }] };
  }, options),
);

server.registerTool(
  "disney_entity",
  { description: "Look up an attraction by ID", inputSchema: { id: z.string() } },
  withToolErrors(async ({ id }) => {
    const attraction = ATTRACTIONS.get(id);
    if (attraction === undefined) {
      throw newError("NOT_FOUND", { entityType: "attraction", entityId: id }, { extensions: { tool: "disney_entity" } });
    }
    return { content: [{ type: "text" as const, text: attraction.name }] };
  }, options),
);

server.registerTool(
  "disney_sync",
  { description: "Refresh the local cache" },
  withToolErrors(async () => {
    // not an error of the catalog: GENERIC_ERROR, this text kept as its cause only
    throw new Error("database locked: /home/mouse/.cache/mouse.db");
  }, options),
);

await server.connect(new StdioServerTransport());
