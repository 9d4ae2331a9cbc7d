// @ts-check
// The HTTP adapters of the server runtime: a problem document written with
// its status and application/problem+json through a Fetch API Response,
// Node's http.ServerResponse (what Express hands a handler) or Fastify's
// reply. Each writes the bytes the renderer made; none needs a framework.

import { PROBLEM_CONTENT_TYPE, problemOf } from "./core.js";
import { utf8Length } from "./wire.js";

/** @typedef {import("./core.js").RenderOptions} RenderOptions */

const UTF8 = new TextEncoder();

/**
 * writeProblem writes err as an application/problem+json response with the
 * status of its error on a node:http ServerResponse (Express's res too).
 * The body goes as a string (node:http writes it as UTF-8, the bytes of
 * the document), which node:http sends in one write with the head.
 * @param {{ statusCode: number, setHeader(name: string, value: string): unknown, end(chunk: string): unknown }} res
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function writeProblem(res, err, options) {
  const { status, body } = problemOf(err, options);
  res.statusCode = status;
  res.setHeader("Content-Type", PROBLEM_CONTENT_TYPE);
  res.setHeader("Content-Length", String(utf8Length(body)));
  res.end(body);
}

/**
 * problemResponse returns err as a Fetch API Response (Hono, Next.js,
 * Deno, Bun, Cloudflare Workers): application/problem+json with the status
 * of its error.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {Response}
 */
export function problemResponse(err, options) {
  const { status, body } = problemOf(err, options);
  return new Response(body, { status, headers: { "Content-Type": PROBLEM_CONTENT_TYPE } });
}

/**
 * sendProblem sends err on a Fastify reply: application/problem+json with
 * the status of its error; it returns what reply.send returns. The body
 * goes as bytes, which Fastify sends as they are (to a string it would add
 * "; charset=utf-8" to the media type).
 * @template {{ code(status: number): unknown, header(name: string, value: string): unknown, send(payload: Uint8Array): unknown }} R
 * @param {R} reply
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {ReturnType<R["send"]>}
 */
export function sendProblem(reply, err, options) {
  const { status, body } = problemOf(err, options);
  reply.code(status);
  reply.header("Content-Type", PROBLEM_CONTENT_TYPE);
  return /** @type {ReturnType<R["send"]>} */ (reply.send(UTF8.encode(body)));
}
