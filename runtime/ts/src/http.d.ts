// The HTTP adapters of the server runtime: the problem document of an
// error, with its status and application/problem+json (and Retry-After when
// the document carries a delay before a retry), through a Fetch API
// Response, a node:http ServerResponse (Express) or a Fastify reply. Each
// response is told to the send hook once (see onSend in ./server).

import type { RenderOptions } from "./core.js";

/** What writeProblem needs of a node:http ServerResponse (Express's res is one). */
export interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  /** The document, which node:http writes as UTF-8. */
  end(chunk: string): unknown;
}

/**
 * The Fetch API Response: the global type where the compiler has one (the
 * dom lib, Node's types, Deno, Bun, Workers), else unknown.
 */
export type FetchResponse = typeof globalThis extends { Response: { prototype: infer R } } ? R : unknown;

/** What sendProblem needs of a Fastify reply. */
export interface ProblemReply {
  code(statusCode: number): unknown;
  header(name: string, value: string): unknown;
  send(payload: Uint8Array): unknown;
}

/**
 * The value of a Retry-After header for a delay before a retry of ms
 * milliseconds (problemOf's retryAfterMs): whole seconds, rounded up ("30"
 * for 30000, "2" for 1001, "0" for 0).
 */
export declare function retryAfterSeconds(ms: number): string;

/**
 * Writes err as an application/problem+json response with the status of
 * its error (anything not an error of the catalog as its fallback), and
 * Retry-After (whole seconds, rounded up) when the document carries
 * retryAfterMs, on a node:http ServerResponse, such as Express's res:
 * `app.use((err, req, res, next) => writeProblem(res, err))`.
 */
export declare function writeProblem(res: NodeResponse, err: unknown, options?: RenderOptions): void;

/**
 * Returns err as a Fetch API Response, application/problem+json with the
 * status of its error and Retry-After when the document carries
 * retryAfterMs: for Hono, Next.js route handlers, Deno, Bun and
 * Cloudflare Workers.
 */
export declare function problemResponse(err: unknown, options?: RenderOptions): FetchResponse;

/**
 * Sends err on a Fastify reply, application/problem+json with the status of
 * its error and Retry-After when the document carries retryAfterMs, and
 * returns what reply.send returns:
 * `app.setErrorHandler((err, req, reply) => sendProblem(reply, err))`.
 */
export declare function sendProblem<R extends ProblemReply>(reply: R, err: unknown, options?: RenderOptions): ReturnType<R["send"]>;
