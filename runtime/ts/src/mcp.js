// @ts-check
// The MCP adapter of the server runtime, for the official MCP TypeScript
// SDK (1.x). It imports nothing of the SDK: it speaks to it through the
// shapes the SDK reads.
//
// What the SDK does with a failure (read in its source, 1.32): McpServer
// catches whatever a tool handler throws and returns an isError result
// whose only content is the error's message; every other request handler's
// throw is read by shape — a safe-integer `code`, `message` and `data` —
// into the JSON-RPC error object, whatever data holds. So withToolErrors
// returns the isError result itself, carrying the problem document, and a
// JSON-RPC error leaves a tools/call only through the low-level request
// handler: handleErrors wraps the handlers the server registers, and throws
// there the JSON-RPC error an error of `mcp: {tool_errors: error}` is.

import { fromError, isCatalogError, jsonRpcParts, renderProblem, toolErrorsAsJsonRpc } from "./server.js";

/** @typedef {import("./server.js").RenderOptions} RenderOptions */
/**
 * @typedef {RenderOptions & { structuredContent?: boolean }} ToolErrorOptions
 */
/**
 * @typedef {{ content: Array<{ type: "text", text: string }>, structuredContent?: { [key: string]: unknown }, isError: true }} ToolResult
 */

/** The JSON-RPC error a tool result stands for (mcp.tool_errors: error), for handleErrors. */
const JSON_RPC_ERROR = Symbol.for("errgen.mcp.jsonRpcError");
/** Marks the tool results this adapter made. */
const TOOL_RESULT = Symbol.for("errgen.mcp.toolResult");

/**
 * McpError is a JSON-RPC error as the MCP SDK sends it: the SDK reads its
 * code, message and data. Unlike the SDK's own McpError its message is the
 * catalog's, without a "MCP error CODE: " prefix, so that the wire carries
 * the bytes the catalog's Go runtime sends; data is the safe data object.
 */
export class McpError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {{ [key: string]: unknown }} data
   */
  constructor(code, message, data) {
    super(message);
    /** The JSON-RPC error code. */
    this.code = code;
    /** The data object: legacy keys, domain, symbol, retryable, context. */
    this.data = data;
    Object.defineProperty(this, "name", { value: "McpError", enumerable: false, configurable: true, writable: true });
  }
}

/**
 * toMcpError returns err as the JSON-RPC error object the SDK sends, for a
 * low-level request handler to throw: the catalog error's wire code,
 * message and data under options (anything else as the fallback).
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function toMcpError(err, options) {
  const parts = jsonRpcParts(err, options);
  return new McpError(parts.code, parts.message, JSON.parse(parts.data));
}

/**
 * toolResult returns the isError tool result of err: the problem document
 * as text content and as structuredContent (left out with
 * structuredContent: false, for a tool that declares an output schema,
 * which the SDK's client checks even an error result against).
 * @param {unknown} err
 * @param {ToolErrorOptions} [options]
 * @returns {ToolResult}
 */
export function toolResult(err, options = {}) {
  const e = fromError(err);
  const text = renderProblem(e, options);
  /** @type {ToolResult} */
  const result = { content: [{ type: "text", text }], isError: true };
  if (options.structuredContent !== false) result.structuredContent = JSON.parse(text);
  Object.defineProperty(result, TOOL_RESULT, { value: true });
  if (toolErrorsAsJsonRpc(e)) Object.defineProperty(result, JSON_RPC_ERROR, { value: toMcpError(e, options) });
  return result;
}

/**
 * withToolErrors wraps a tool handler: what it throws (or rejects with)
 * becomes the isError tool result of the catalog's error (toolResult), any
 * other throw the fallback without its text. An error the catalog sends as
 * a JSON-RPC error (mcp: {tool_errors: error}) is sent so where handleErrors
 * is installed; without it, as the result.
 * @template {unknown[]} A
 * @template R
 * @param {(...args: A) => R | Promise<R>} handler
 * @param {ToolErrorOptions} [options]
 * @returns {(...args: A) => Promise<R | ToolResult>}
 */
export function withToolErrors(handler, options) {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (e) {
      return toolResult(e, options);
    }
  };
}

/**
 * @param {unknown} v
 * @returns {v is { [key: string | symbol]: unknown }}
 */
const isObject = (v) => typeof v === "object" && v !== null;

/**
 * hasCatalogError reports whether err, or an error along its cause chain,
 * is an error of the catalog.
 * @param {unknown} err
 */
function hasCatalogError(err) {
  let c = err;
  for (let depth = 0; isObject(c) && depth < 100; depth++) {
    if (isCatalogError(c)) return true;
    c = c.cause;
  }
  return false;
}

/**
 * @typedef {(request: any, extra: any) => unknown} RequestHandler
 * @typedef {{ setRequestHandler(schema: unknown, handler: RequestHandler): unknown, assertCanSetRequestHandler?: (method: string) => void }} LowLevelServer
 */

/**
 * handleErrors makes a server send every failure in the catalog's form, as
 * errgen's Go middleware does: install it on an McpServer (or the
 * low-level Server) before registering tools and handlers. What a request
 * handler throws becomes the JSON-RPC error of its catalog error (found
 * along the cause chain; any other throw the fallback), except an error
 * that carries a JSON-RPC code of its own (the SDK's, or one a handler
 * built), which passes unchanged; a withToolErrors result of an error of
 * `mcp: {tool_errors: error}` becomes its JSON-RPC error; and such a
 * result leaves structuredContent out for a tool that declares an output
 * schema (learned from the tools/list results it passes).
 * @param {{ server?: unknown }} server an McpServer, or a Server
 * @param {RenderOptions} [options]
 */
export function handleErrors(server, options) {
  const low = /** @type {LowLevelServer} */ (isObject(server.server) ? server.server : server);
  if (typeof low.setRequestHandler !== "function") throw new TypeError("handleErrors: not an MCP server (no setRequestHandler)");
  try {
    low.assertCanSetRequestHandler?.("tools/call");
  } catch {
    throw new Error("handleErrors: install it before registering tools: tools/call has a handler already");
  }
  /** @type {Set<string>} tools that declare an output schema */
  const withOutputSchema = new Set();
  const set = low.setRequestHandler;
  low.setRequestHandler = function (schema, handler) {
    /** @type {(request: any, extra: any) => Promise<unknown>} */
    const wrapped = async (request, extra) => {
      let result;
      try {
        result = await handler(request, extra);
      } catch (e) {
        throw hasCatalogError(e) || !isObject(e) || !Number.isSafeInteger(e.code) ? toMcpError(e, options) : e;
      }
      if (!isObject(result)) return result;
      const rpc = result[JSON_RPC_ERROR];
      if (rpc !== undefined) throw rpc;
      const method = isObject(request) ? request.method : undefined;
      if (method === "tools/list" && Array.isArray(result.tools)) {
        for (const tool of result.tools) {
          if (isObject(tool) && typeof tool.name === "string" && tool.outputSchema !== undefined) withOutputSchema.add(tool.name);
        }
      }
      if (method === "tools/call" && result[TOOL_RESULT] === true && isObject(request.params) && withOutputSchema.has(/** @type {string} */ (request.params.name))) {
        delete result.structuredContent;
      }
      return result;
    };
    return set.call(this, schema, wrapped);
  };
}
