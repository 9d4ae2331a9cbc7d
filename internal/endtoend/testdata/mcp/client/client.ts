// The client of TestMCPEndToEnd: the MCP TypeScript SDK spawns the go-sdk
// server over stdio (argv[2] is the command, argv[3...] its arguments),
// calls every failing tool and narrows each failure with the generated
// package. Any assertion that fails ends the process with an error.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  fromMcpError,
  fromToolResult,
  isRetryable,
  isSymbol,
  isUnknownError,
  symbolOf,
  type JsonRpcError,
  type ProblemDetails,
  type UnknownError,
} from "./ts/index.js";

const [command, ...args] = process.argv.slice(2);
assert.ok(command, "usage: client SERVER [ARG...]");

const client = new Client({ name: "errgen-e2e", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));

const tools = await client.listTools();
assert.ok(tools.tools.some((t) => t.name === "read_file" && t.outputSchema !== undefined), "read_file declares an output schema");

// callTool returns the result of a tool that fails as an isError result.
async function toolResult(name: string, args: Record<string, unknown> = {}): Promise<ProblemDetails | UnknownError> {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true, `${name}: isError`);
  const problem = fromToolResult(result);
  assert.ok(problem, `${name}: no problem document in ${JSON.stringify(result)}`);
  return problem;
}

// rpcError returns the JSON-RPC error a call fails with.
async function rpcError(call: () => Promise<unknown>, what: string): Promise<McpError> {
  try {
    await call();
  } catch (e) {
    assert.ok(e instanceof McpError, `${what}: threw ${String(e)}`);
    return e;
  }
  assert.fail(`${what}: did not fail`);
}

// A typed tool with an output schema: the problem document in text
// content only (the client checks structuredContent against the schema).
const tooLarge = await toolResult("read_file", { path: "/data/big.bin" });
assert.ok(isSymbol(tooLarge, "E_FS_FILE_TOO_LARGE"), `read_file: ${JSON.stringify(tooLarge)}`);
const limit: number = tooLarge.limit;
const unit: string = tooLarge.unit;
assert.equal(limit, 1048576);
assert.equal(unit, "bytes");
assert.equal(tooLarge.status, 413);
assert.equal(tooLarge.detail, "File is 5242880 bytes; the limit is 1048576 bytes");
assert.equal(isRetryable(tooLarge), false);

// A policy denial: mcp.tool_errors: error makes it a JSON-RPC error.
const denied = await rpcError(() => client.callTool({ name: "get_env", arguments: { name: "AWS_SECRET_ACCESS_KEY" } }), "get_env");
assert.ok(denied.message.startsWith("MCP error 3002: "), denied.message);
const deniedRpc: JsonRpcError | UnknownError | undefined = fromMcpError(denied);
assert.ok(deniedRpc && isSymbol(deniedRpc, "E_POLICY_ENV_NOT_ALLOWED"), `get_env: ${JSON.stringify(deniedRpc)}`);
assert.equal(deniedRpc.message, "Environment variable <redacted> is not allowed by the policy");
const variable: string = deniedRpc.data.context?.details.variable ?? "";
assert.equal(variable, "<redacted>");
assert.equal(deniedRpc.data.context?.userMessage, "The server's policy does not allow reading that variable.");
assert.equal(symbolOf(denied), "E_POLICY_ENV_NOT_ALLOWED", "symbolOf takes an McpError");
assert.ok(isSymbol(denied, "E_POLICY_ENV_NOT_ALLOWED"), "isSymbol takes an McpError");
assert.equal(isRetryable(denied), false, "isRetryable takes an McpError");

// A retryable catalog error below two wraps, as a tool result with
// structuredContent (the tool declares no output schema).
const fetchResult = await client.callTool({ name: "fetch", arguments: {} });
const unavailable = fromToolResult(fetchResult);
assert.ok(unavailable && isSymbol(unavailable, "E_UPSTREAM_UNAVAILABLE"), `fetch: ${JSON.stringify(fetchResult)}`);
assert.deepEqual(fetchResult.structuredContent, unavailable, "structuredContent holds the problem document");
const service: string = unavailable.service;
assert.equal(service, "index");
assert.equal(isRetryable(unavailable), true);

// Plain Go errors, from typed and raw handlers, a typed nil error, a raw
// handler's nil result: the fallback, never the error's text.
for (const name of ["crash", "typed_nil"]) {
  const problem = await toolResult(name);
  assert.ok(isSymbol(problem, "E_INTERNAL"), `${name}: ${JSON.stringify(problem)}`);
  assert.equal(problem.detail, "An internal error occurred");
}
for (const name of ["raw_fail", "raw_nothing"]) {
  assert.ok(isSymbol(await toolResult(name), "E_INTERNAL"), name);
}

// An error wrapping a JSON-RPC error and a catalog error: the catalog error.
const wrapped = await toolResult("wrapped_rpc");
assert.ok(isSymbol(wrapped, "E_FS_FILE_TOO_LARGE"), `wrapped_rpc: ${JSON.stringify(wrapped)}`);
assert.equal(wrapped.resource, "upload");

// The SDK's own errors are never taken for catalog errors: they are
// errors the catalog does not name, with their code, message and data.
const unknownTool = await rpcError(() => client.callTool({ name: "no_such_tool", arguments: {} }), "unknown tool");
assert.equal(unknownTool.code, -32602);
const unknownToolErr = fromMcpError(unknownTool);
assert.ok(isUnknownError(unknownToolErr), "the SDK's unknown-tool error is no catalog error");
assert.equal(unknownToolErr.code, -32602);
assert.match(unknownToolErr.message ?? "", /no_such_tool/);
assert.equal(symbolOf(unknownTool), undefined);
assert.equal(isRetryable(unknownTool), false);
const badArgs = await client.callTool({ name: "read_file", arguments: { path: 7 } });
assert.equal(badArgs.isError, true);
assert.equal(fromToolResult(badArgs), undefined, "the SDK's argument validation is no catalog error");
const missing = await rpcError(() => client.readResource({ uri: "file:///no/such" }), "unknown resource");
assert.ok(isUnknownError(fromMcpError(missing)), "the SDK's resource-not-found error is no catalog error");

// A resource read failing with a plain error: the fallback as a JSON-RPC
// error (only tools/call failures become tool results).
const config = fromMcpError(await rpcError(() => client.readResource({ uri: "file:///config" }), "config"));
assert.ok(config && isSymbol(config, "E_INTERNAL"), `config: ${JSON.stringify(config)}`);

await client.close();
console.log("ok");
