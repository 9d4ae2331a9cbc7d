// An MCP server on the official TypeScript SDK for the official MCP
// conformance suite (TestMCPConformance runs it through
// test/mcp-conformance/run.mjs), built as the SDK's examples build one: an
// McpServer per session (or per request, STATELESS=1) with its
// capabilities in the constructor, Streamable HTTP on the SDK's Express
// app at 127.0.0.1:$PORT/mcp. It has the tools, resources and prompts the
// suite's server scenarios call, and three tools of errgen's.
//
// With ERRGEN=1 errgen's adapter is installed as errgen's docs show:
// handleErrors(server), and the tools throw as they do without it. The
// errors are those of internal/endtoend/testdata/mcp/errors.yaml, whose
// generated package is installed as files-errors.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { InMemoryEventStore } from "@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js";
import { CreateMessageResultSchema, ElicitResultSchema, isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { newError, newUpstreamUnavailable } from "files-errors/server";
import { handleErrors } from "files-errors/mcp";

const ERRGEN = process.env.ERRGEN === "1";
const STATELESS = process.env.STATELESS === "1";

// A 1×1 PNG and a WAV file with one sample.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * asks fails unless the client declared the capability a request of the
 * server's needs (a server made for one stateless request knows of none).
 */
function asks(server: McpServer, capability: "sampling" | "elicitation") {
  if (server.server.getClientCapabilities()?.[capability] === undefined) throw new Error(`the client has not declared ${capability}`);
}
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

/** The sessions of the stateful server, by id. */
const transports = new Map<string, StreamableHTTPServerTransport>();

function build(): McpServer {
  const server = new McpServer(
    { name: "errgen-conformance-ts", version: "1.0.0" },
    { capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} } },
  );
  if (ERRGEN) handleErrors(server);

  server.registerTool("test_simple_text", { description: "Returns simple text" }, async () => text("This is a simple text response for testing."));
  server.registerTool("test_image_content", { description: "Returns an image" }, async () => ({
    content: [{ type: "image" as const, data: PNG, mimeType: "image/png" }],
  }));
  server.registerTool("test_audio_content", { description: "Returns audio" }, async () => ({
    content: [{ type: "audio" as const, data: WAV, mimeType: "audio/wav" }],
  }));
  server.registerTool("test_embedded_resource", { description: "Returns an embedded resource" }, async () => ({
    content: [{ type: "resource" as const, resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }],
  }));
  server.registerTool("test_multiple_content_types", { description: "Returns text, an image and a resource" }, async () => ({
    content: [
      { type: "text" as const, text: "Multiple content types test:" },
      { type: "image" as const, data: PNG, mimeType: "image/png" },
      { type: "resource" as const, resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data","value":123}' } },
    ],
  }));
  server.registerTool("test_tool_with_logging", { description: "Logs while it runs" }, async (extra) => {
    for (const [i, data] of ["Tool execution started", "Tool processing data", "Tool execution completed"].entries()) {
      if (i > 0) await sleep(50);
      // on the request's own stream, which a stateless server has too
      await extra.sendNotification({ method: "notifications/message", params: { level: "info", data } });
    }
    return text("Tool with logging executed successfully");
  });
  server.registerTool("test_tool_with_progress", { description: "Reports progress while it runs" }, async (extra) => {
    const token = extra._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (progress > 0) await sleep(50);
      if (token !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total: 100 } });
    }
    return text("Progress test completed");
  });
  server.registerTool("test_error_handling", { description: "Always fails" }, async () => {
    throw newUpstreamUnavailable({ service: "conformance" });
  });
  server.registerTool("test_reconnection", { description: "Closes its SSE stream mid-call; the result follows the client's reconnection" }, async (extra) => {
    extra.closeSSEStream?.();
    await sleep(100);
    return text("Reconnection test completed successfully.");
  });
  server.registerTool("test_sampling", { description: "Asks the client's LLM", inputSchema: { prompt: z.string().describe("The prompt") } }, async ({ prompt }, extra) => {
    asks(server, "sampling");
    const result = await extra.sendRequest({
      method: "sampling/createMessage",
      params: { messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens: 100 },
    }, CreateMessageResultSchema);
    return text(`LLM response: ${result.content.type === "text" ? result.content.text : JSON.stringify(result.content)}`);
  });
  server.registerTool("test_elicitation", { description: "Asks the user", inputSchema: { message: z.string().describe("What to ask") } }, async ({ message }, extra) => {
    asks(server, "elicitation");
    const result = await extra.sendRequest({
      method: "elicitation/create",
      params: {
        message,
        requestedSchema: {
          type: "object",
          properties: { username: { type: "string", description: "User's response" }, email: { type: "string", description: "User's email address" } },
          required: ["username", "email"],
        },
      },
    }, ElicitResultSchema);
    return text(`User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
  });
  server.registerTool("test_elicitation_sep1034_defaults", { description: "Elicits values with defaults" }, async (extra) => {
    asks(server, "elicitation");
    const result = await extra.sendRequest({
      method: "elicitation/create",
      params: {
        message: "Please review and update the form fields with defaults",
        requestedSchema: {
          type: "object",
          properties: {
            name: { type: "string", description: "User name", default: "John Doe" },
            age: { type: "integer", description: "User age", default: 30 },
            score: { type: "number", description: "User score", default: 95.5 },
            status: { type: "string", description: "User status", enum: ["active", "inactive", "pending"], default: "active" },
            verified: { type: "boolean", description: "Verification status", default: true },
          },
          required: [],
        },
      },
    }, ElicitResultSchema);
    return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
  });
  server.registerTool("test_elicitation_sep1330_enums", { description: "Elicits every kind of enum" }, async (extra) => {
    asks(server, "elicitation");
    const result = await extra.sendRequest({
      method: "elicitation/create",
      params: {
        message: "Please select options from the enum fields",
        requestedSchema: {
          type: "object",
          properties: {
            untitledSingle: { type: "string", description: "Select one option", enum: ["option1", "option2", "option3"] },
            titledSingle: {
              type: "string",
              description: "Select one option with titles",
              oneOf: [{ const: "value1", title: "First Option" }, { const: "value2", title: "Second Option" }, { const: "value3", title: "Third Option" }],
            },
            legacyEnum: { type: "string", description: "Select one option (legacy)", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
            untitledMulti: { type: "array", description: "Select multiple options", items: { type: "string", enum: ["option1", "option2", "option3"] } },
            titledMulti: {
              type: "array",
              description: "Select multiple options with titles",
              items: { anyOf: [{ const: "value1", title: "First Choice" }, { const: "value2", title: "Second Choice" }, { const: "value3", title: "Third Choice" }] },
            },
          },
          required: [],
        },
      },
    }, ElicitResultSchema);
    return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
  });
  server.registerTool("json_schema_2020_12_tool", {
    description: "Tool with JSON Schema 2020-12 features",
    inputSchema: z.fromJSONSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
      additionalProperties: false,
    }) as z.ZodObject,
  }, async () => text("ok"));

  // errgen's own: a foreign error, and one of mcp: {tool_errors: error}.
  server.registerTool("errgen_crash", { description: "Fails with an error that is not the catalog's" }, async () => {
    throw new Error("dial postgres://admin:hunter2@db.internal failed");
  });
  server.registerTool("errgen_policy_denied", { description: "Fails with a policy denial" }, async () => {
    throw newError("E_POLICY_ENV_NOT_ALLOWED", { variable: "CONFORMANCE_SECRET_VARIABLE", policy_location: "/home/alice/policy.yaml" }, {
      cause: new Error("policy lookup: hunter2"),
    });
  });

  server.registerResource("static-text", "test://static-text", { description: "A static text resource", mimeType: "text/plain" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "This is the content of the static text resource." }],
  }));
  server.registerResource("static-binary", "test://static-binary", { description: "A static binary resource", mimeType: "image/png" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "image/png", blob: PNG }],
  }));
  server.registerResource("watched-resource", "test://watched-resource", { description: "A resource to subscribe to", mimeType: "text/plain" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "Watched resource content" }],
  }));
  server.registerResource(
    "template",
    new ResourceTemplate("test://template/{id}/data", { list: undefined }),
    { description: "A resource template", mimeType: "application/json" },
    async (uri, { id }) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }],
    }),
  );

  server.registerPrompt("test_simple_prompt", { description: "A prompt without arguments" }, async () => ({
    messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }],
  }));
  server.registerPrompt("test_prompt_with_arguments", {
    description: "A prompt with arguments",
    argsSchema: {
      arg1: completable(z.string().describe("First test argument"), (value) => ["paris", "park", "party"].filter((v) => v.startsWith(value))),
      arg2: z.string().describe("Second test argument"),
    },
  }, async ({ arg1, arg2 }) => ({
    messages: [{ role: "user", content: { type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }],
  }));
  server.registerPrompt("test_prompt_with_embedded_resource", {
    description: "A prompt embedding a resource",
    argsSchema: { resourceUri: z.string().describe("The resource to embed") },
  }, async ({ resourceUri }) => ({
    messages: [
      { role: "user", content: { type: "resource", resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." } } },
      { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
    ],
  }));
  server.registerPrompt("test_prompt_with_image", { description: "A prompt with an image" }, async () => ({
    messages: [
      { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
      { role: "user", content: { type: "text", text: "Please analyze the image above." } },
    ],
  }));

  // Subscriptions: the SDK's McpServer has no API for them, so the
  // low-level Server's handlers, as its examples do.
  const subscribed = new Set<string>();
  server.server.setRequestHandler(z.object({ method: z.literal("resources/subscribe"), params: z.object({ uri: z.string() }) }), async (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(z.object({ method: z.literal("resources/unsubscribe"), params: z.object({ uri: z.string() }) }), async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  return server;
}

type Request = IncomingMessage & { body?: unknown };

const app = createMcpExpressApp();

app.post("/mcp", async (req: Request, res: ServerResponse) => {
  if (STATELESS) {
    const transport = new StreamableHTTPServerTransport({});
    res.on("close", () => void transport.close());
    await build().connect(transport);
    await transport.handleRequest(req, res, req.body);
    return;
  }
  const id = req.headers["mcp-session-id"];
  let transport = typeof id === "string" ? transports.get(id) : undefined;
  if (transport === undefined) {
    if (id !== undefined || !isInitializeRequest(req.body)) {
      res.writeHead(id === undefined ? 400 : 404, { "content-type": "application/json" }).end(
        JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: id === undefined ? "Bad Request: no session" : "Session not found" }, id: null }),
      );
      return;
    }
    const t = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new InMemoryEventStore(),
      retryInterval: 100,
      onsessioninitialized: (sid) => void transports.set(sid, t),
    });
    t.onclose = () => {
      if (t.sessionId !== undefined) transports.delete(t.sessionId);
    };
    await build().connect(t);
    transport = t;
  }
  await transport.handleRequest(req, res, req.body);
});

const session = async (req: Request, res: ServerResponse) => {
  const id = req.headers["mcp-session-id"];
  const transport = typeof id === "string" ? transports.get(id) : undefined;
  if (STATELESS || transport === undefined) {
    res.writeHead(STATELESS ? 405 : 404).end();
    return;
  }
  await transport.handleRequest(req, res);
};
app.get("/mcp", session);
app.delete("/mcp", session);

const port = Number(process.env.PORT ?? 3000);
app.listen(port, "127.0.0.1", () => console.log(`listening on 127.0.0.1:${port}/mcp`));
