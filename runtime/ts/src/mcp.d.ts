// The MCP adapter of the server runtime, for the official MCP TypeScript
// SDK (1.x): failing tool calls as isError results carrying the problem
// document, and the JSON-RPC errors of the catalog from every other
// handler. It needs nothing of the SDK but the server it is given. Each
// error response it sends is told to the send hook once (see onSend in
// ./server).

import type { RenderOptions } from "./core.js";

/** Rendering options, and whether a tool result carries structuredContent. */
export interface ToolErrorOptions extends RenderOptions {
  /**
   * Set false for a tool that declares an output schema: the SDK's client
   * checks structuredContent against it even in an error result. (The
   * text content keeps the document.)
   */
  structuredContent?: boolean;
}

/**
 * The isError tool result of an error: the problem document as text content
 * and structuredContent. (An MCP CallToolResult, which may hold more
 * members.)
 */
export interface ToolResult {
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: { [key: string]: unknown };
  isError: true;
  [member: string]: unknown;
}

/**
 * A JSON-RPC error as the SDK sends it (it reads code, message and data):
 * the catalog's message without the SDK McpError's "MCP error CODE: "
 * prefix, so the wire carries what the catalog's Go runtime sends.
 */
export declare class McpError extends Error {
  constructor(code: number, message: string, data: { [key: string]: unknown });
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The data object: legacy keys, domain, symbol, retryable, retry, retryAfterMs (when it carries a delay), context. */
  readonly data: { [key: string]: unknown };
}

/**
 * Returns err as the JSON-RPC error the SDK sends, for a low-level request
 * handler to throw: its error's wire code, message and safe data
 * (anything not an error of the catalog as its fallback).
 */
export declare function toMcpError(err: unknown, options?: RenderOptions): McpError;

/** Returns the isError tool result of err (anything not an error of the catalog as its fallback). */
export declare function toolResult(err: unknown, options?: ToolErrorOptions): ToolResult;

/**
 * Wraps a tool handler: what it throws becomes the isError result of its
 * catalog error, carrying the problem document (toolResult); any other
 * throw the catalog's fallback, its text kept only as the cause. An error
 * of `mcp: {tool_errors: error}` is sent as its JSON-RPC error where
 * handleErrors is installed. (On an McpServer with handleErrors, tools need
 * no wrapper; this passes a tool options of its own.)
 */
export declare function withToolErrors<A extends unknown[], R>(
  handler: (...args: A) => R | Promise<R>,
  options?: ToolErrorOptions,
): (...args: A) => Promise<R | ToolResult>;

/**
 * Makes an McpServer (or a low-level Server) send every failure in the
 * catalog's form. Install it once, at any time before the server connects:
 * built with capabilities or without, tools registered before or after. It
 * wraps every request handler the server has and every one it gets later:
 * a handler's throw becomes its catalog error's JSON-RPC error (any other
 * throw the fallback) unless it carries a JSON-RPC code of its own and no
 * catalog error (the SDK's errors); a failing tools/call (an McpServer's
 * tool, wrapped or not, or a low-level handler's throw) becomes the isError
 * result carrying the problem document, or the JSON-RPC error of an error
 * of `mcp: {tool_errors: error}`; structuredContent is left out for tools
 * that declare an output schema. It throws a TypeError for anything that is
 * not a server of the MCP TypeScript SDK 1.x.
 */
export declare function handleErrors(server: object, options?: RenderOptions): void;
