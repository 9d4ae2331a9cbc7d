// @ts-check
// The MCP adapter of the server runtime, for the official MCP TypeScript
// SDK (1.x). It imports nothing of the SDK: it speaks to it through the
// shapes the SDK reads.
//
// What the SDK does with a failure (read in its source, 1.32): McpServer
// catches whatever a tool handler throws and returns an isError result
// whose only content is the error's message; every other request handler's
// throw is read by shape — a safe-integer `code`, `message` and `data` —
// into the JSON-RPC error object, whatever data holds. A server keeps its
// request handlers in one map (`_requestHandlers`, method to handler),
// which McpServer fills in its constructor for the capabilities it is
// given and later as tools, resources and prompts come. So handleErrors
// wraps every handler of that map, the present ones and each one set
// later, whatever sets it; it runs an McpServer's tools itself
// (`executeToolHandler`), where the thrown error still is; and what
// withToolErrors makes of a failure reaches it through the request's
// `extra`, which the SDK hands every handler of the request.

import { fromError, isCatalogError, jsonRpcParts, renderProblem, sent, toolErrorsAsJsonRpc } from "./core.js";

/** @typedef {import("./core.js").RenderOptions} RenderOptions */
/** @typedef {import("./core.js").CatalogError} CatalogError */
/**
 * @typedef {RenderOptions & { structuredContent?: boolean }} ToolErrorOptions
 */
/**
 * @typedef {{ content: Array<{ type: "text", text: string }>, structuredContent?: { [key: string]: unknown }, isError: true }} ToolResult
 */

/**
 * The key of what handleErrors learns of one request, kept on the SDK's
 * per-request `extra` object (enumerable, so that the copy the SDK makes
 * of it for a task handler shares it): a Symbol.for key, so that every
 * copy of the package reads it.
 */
const REQUEST = Symbol.for("errgen.mcp.request");
/** Marks the request handler map of a server handleErrors is installed on. */
const INSTALLED = Symbol.for("errgen.mcp.handleErrors");

/**
 * What handleErrors learns of one request while its handlers run: a
 * tool's failure (its result, the JSON-RPC error to send instead for an
 * error of `mcp: {tool_errors: error}`, and the error of both), which it
 * sends and tells the send hook of (see sent in core.js).
 * @typedef {{ result?: ToolResult, rpc?: McpError, error?: CatalogError, settled?: boolean, answered?: boolean }} RequestState
 */

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
    /** The data object: legacy keys, domain, symbol, retryable, retry, retryAfterMs (when it carries a delay), context. */
    this.data = data;
    Object.defineProperty(this, "name", { value: "McpError", enumerable: false, configurable: true, writable: true });
  }
}

/**
 * toMcpError returns err as the JSON-RPC error object the SDK sends, for a
 * low-level request handler to throw: the catalog error's wire code,
 * message and data under options (anything else as the fallback). It
 * counts as sent: the send hook learns of it (see sent in core.js).
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function toMcpError(err, options) {
  const e = mcpError(err, options);
  sent(err, "jsonrpc");
  return e;
}

/**
 * mcpError returns err as the JSON-RPC error object the SDK sends
 * (toMcpError without telling the send hook).
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
function mcpError(err, options) {
  const parts = jsonRpcParts(err, options);
  return new McpError(parts.code, parts.message, JSON.parse(parts.data));
}

/**
 * toolResult returns the isError tool result of err: the problem document
 * as text content and as structuredContent (left out with
 * structuredContent: false, for a tool that declares an output schema,
 * which the SDK's client checks even an error result against). It counts
 * as sent: the send hook learns of it (see sent in core.js).
 * @param {unknown} err
 * @param {ToolErrorOptions} [options]
 * @returns {ToolResult}
 */
export function toolResult(err, options) {
  const result = resultOf(err, options ?? {});
  sent(err, "tool");
  return result;
}

/**
 * resultOf returns the isError tool result of err (toolResult without
 * telling the send hook).
 * @param {unknown} err
 * @param {ToolErrorOptions} options
 * @returns {ToolResult}
 */
function resultOf(err, options) {
  const text = renderProblem(err, options);
  /** @type {ToolResult} */
  const result = { content: [{ type: "text", text }], isError: true };
  if (options.structuredContent !== false) result.structuredContent = JSON.parse(text);
  return result;
}

/**
 * @param {unknown} v
 * @returns {v is { [key: string | symbol]: unknown }}
 */
const isObject = (v) => typeof v === "object" && v !== null;

/**
 * requestState returns what handleErrors keeps of the request whose `extra`
 * this is (undefined where handleErrors is not installed).
 * @param {unknown} extra
 * @returns {RequestState | undefined}
 */
function requestState(extra) {
  const state = isObject(extra) ? extra[REQUEST] : undefined;
  return isObject(state) ? /** @type {RequestState} */ (state) : undefined;
}

/**
 * toolFailure returns the isError result of a tool's failure. Where
 * handleErrors is installed (state), it keeps the failure for it: the
 * result, the JSON-RPC error to send instead for an error of `mcp:
 * {tool_errors: error}`, and their error; handleErrors sends one of them
 * and tells the send hook. Without handleErrors the result is what goes
 * out, and the hook learns of it here.
 * @param {unknown} err
 * @param {ToolErrorOptions | undefined} options
 * @param {RequestState | undefined} state
 */
function toolFailure(err, options, state) {
  const e = fromError(err);
  if (state?.answered) state = undefined; // a task's tool, failing after handleErrors answered
  if (state !== undefined && toolErrorsAsJsonRpc(e)) {
    // handleErrors sends the JSON-RPC error instead: the result it stands
    // in for is never sent, so it is not rendered (nor counted twice).
    state.rpc = mcpError(e, options);
    state.error = e;
    state.result = { content: [], isError: true };
    return state.result;
  }
  const result = resultOf(e, options ?? {});
  if (state === undefined) {
    sent(e, "tool");
    return result;
  }
  state.result = result;
  state.error = e;
  return result;
}

/**
 * withToolErrors wraps a tool handler: what it throws (or rejects with)
 * becomes the isError tool result of the catalog's error (toolResult), any
 * other throw the fallback without its text. An error the catalog sends as
 * a JSON-RPC error (mcp: {tool_errors: error}) is sent so where handleErrors
 * is installed; without it, as the result. (With handleErrors installed on
 * an McpServer, its tools need no wrapper; it is the way to pass a tool
 * options of its own.)
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
      // The SDK passes a tool handler its request's extra last.
      return toolFailure(e, options, requestState(args[args.length - 1]));
    }
  };
}

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
 * sdkError reports whether err is a JSON-RPC error of the SDK's own (or
 * one a handler built), which passes unchanged: it carries a JSON-RPC code
 * and no error of the catalog.
 * @param {unknown} err
 */
const sdkError = (err) => isObject(err) && Number.isSafeInteger(err.code) && !hasCatalogError(err);

/**
 * @typedef {(request: any, extra: any) => unknown} RequestHandler
 * @typedef {Map<string, RequestHandler> & { [INSTALLED]?: true }} HandlerMap
 * @typedef {{ _requestHandlers?: unknown, fallbackRequestHandler?: RequestHandler | undefined }} LowLevelServer
 * @typedef {{ outputSchema?: unknown }} RegisteredTool
 * @typedef {(tool: RegisteredTool, args: unknown, extra: unknown) => Promise<{ structuredContent?: unknown }>} ExecuteToolHandler
 */

/**
 * handleErrors makes a server send every failure in the catalog's form, as
 * errgen's Go middleware does. Install it once on an McpServer (or a
 * low-level Server), at any time before it connects: built with
 * capabilities or without, its tools registered before or after. It wraps
 * every request handler the server has and every one it gets later (the
 * SDK's own, McpServer's and yours):
 *
 * - what a handler throws becomes the JSON-RPC error of its catalog error
 *   (found along the cause chain; any other throw the fallback), except an
 *   error that carries a JSON-RPC code of its own and no catalog error (the
 *   SDK's, or one a handler built), which passes unchanged;
 * - a failing tools/call becomes the isError result carrying the problem
 *   document, or the JSON-RPC error where the catalog says `mcp:
 *   {tool_errors: error}`: what an McpServer's tool throws (wrapped in
 *   withToolErrors or not; McpServer would send only its message), and
 *   what a low-level tools/call handler throws;
 * - such a result leaves structuredContent out for a tool that declares an
 *   output schema (clients check it even in an error result);
 * - the send hook (see sent in core.js) learns of each error response it
 *   sends, once.
 * @param {{ server?: unknown }} server an McpServer, or a Server
 * @param {RenderOptions} [options]
 */
export function handleErrors(server, options) {
  if (!isObject(server)) throw new TypeError("handleErrors: not an MCP server (an McpServer or a Server of the MCP TypeScript SDK)");
  const low = /** @type {LowLevelServer} */ (isObject(server.server) ? server.server : server);
  const handlers = low._requestHandlers;
  if (!(handlers instanceof Map)) {
    throw new TypeError("handleErrors: not an MCP server (an McpServer or a Server of the MCP TypeScript SDK 1.x): it has no request handlers to wrap");
  }
  const map = /** @type {HandlerMap} */ (handlers);
  if (map[INSTALLED]) return;
  Object.defineProperty(map, INSTALLED, { value: true });

  /** @type {Map<string, RequestHandler>} the handlers as the server registered them */
  const originals = new Map();

  /**
   * declaresOutputSchema reports whether the server lists tool name with
   * an output schema, asking its own tools/list handler (every page).
   * @param {unknown} name
   * @param {unknown} extra
   */
  const declaresOutputSchema = async (name, extra) => {
    const list = originals.get("tools/list");
    if (list === undefined || typeof name !== "string") return false;
    /** @type {string | undefined} */
    let cursor;
    for (let page = 0; page < 100; page++) {
      /** @type {unknown} */
      let result;
      try {
        result = await list({ jsonrpc: "2.0", id: 0, method: "tools/list", params: cursor === undefined ? {} : { cursor } }, extra);
      } catch {
        return false;
      }
      if (!isObject(result) || !Array.isArray(result.tools)) return false;
      const tool = result.tools.find((t) => isObject(t) && t.name === name);
      if (tool !== undefined) return tool.outputSchema !== undefined;
      if (typeof result.nextCursor !== "string") return false;
      cursor = result.nextCursor;
    }
    return false;
  };

  /**
   * wrap returns handler sending its failures in the catalog's form.
   * @param {RequestHandler} handler
   * @returns {RequestHandler}
   */
  const wrap = (handler) => async (request, extra) => {
    /** @type {RequestState} */
    const state = {};
    if (isObject(extra)) extra[REQUEST] = state;
    const toolsCall = isObject(request) && request.method === "tools/call";
    let result;
    try {
      result = await handler(request, extra);
    } catch (e) {
      if (sdkError(e)) throw e;
      if (!toolsCall) throw toMcpError(e, options);
      result = toolFailure(e, options, state);
    } finally {
      state.answered = true;
    }
    if (!toolsCall || !isObject(result) || result.isError !== true || state.result === undefined) return result;
    if (state.rpc !== undefined) {
      sent(state.error, "jsonrpc");
      throw state.rpc;
    }
    if (!state.settled && result.structuredContent !== undefined && isObject(request.params) && (await declaresOutputSchema(request.params.name, { ...extra, [REQUEST]: {} }))) {
      delete result.structuredContent;
    }
    sent(state.error, "tool");
    return result;
  };

  const set = map.set;
  Object.defineProperty(map, "set", {
    configurable: true,
    writable: true,
    /**
     * @param {string} method
     * @param {RequestHandler} handler
     */
    value(method, handler) {
      originals.set(method, handler);
      return set.call(this, method, wrap(handler));
    },
  });
  for (const [method, handler] of [...map]) map.set(method, handler);

  let fallback = low.fallbackRequestHandler;
  Object.defineProperty(low, "fallbackRequestHandler", {
    configurable: true,
    enumerable: true,
    get: () => fallback,
    /** @param {RequestHandler | undefined} handler */
    set: (handler) => {
      fallback = handler === undefined ? undefined : wrap(handler);
    },
  });
  low.fallbackRequestHandler = fallback;

  // McpServer turns whatever a tool throws into a result holding its
  // message alone: its tools are run here, where the error still is.
  const mcp = /** @type {{ executeToolHandler?: ExecuteToolHandler }} */ (server);
  if (low !== server && typeof mcp.executeToolHandler === "function") {
    const execute = mcp.executeToolHandler;
    mcp.executeToolHandler = async function (tool, args, extra) {
      const state = requestState(extra);
      const structuredContent = !(isObject(tool) && tool.outputSchema !== undefined);
      if (state !== undefined) state.settled = true;
      try {
        const result = await execute.call(this, tool, args, extra);
        if (!structuredContent && state?.result !== undefined && state.result === result) delete result.structuredContent;
        return result;
      } catch (e) {
        if (sdkError(e)) throw e;
        return toolFailure(e, { ...options, structuredContent }, state);
      }
    };
  }
}
