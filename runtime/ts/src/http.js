// @ts-check
// The HTTP adapters of the server runtime: a problem document written with
// its status and application/problem+json through a Fetch API Response,
// Node's http.ServerResponse (what Express hands a handler) or Fastify's
// reply, and Retry-After when the document carries a delay before a
// retry, all three what httpAnswer gives. Each writes the bytes the
// renderer made; none needs a framework.
// Each tells the send hook of the response it sends (see sent in core.js).

import { PROBLEM_CONTENT_TYPE, problemOf, sent } from "./core.js";
import { utf8Length } from "./wire.js";

/** @typedef {import("./core.js").RenderOptions} RenderOptions */

const UTF8 = new TextEncoder();

/**
 * retryAfterSeconds returns the Retry-After header's value for a delay of
 * ms: whole seconds, rounded up (RFC 9110 has no fraction of a second).
 * @param {number} ms a whole number of ms, at most the facts' maxRetryAfterMs
 */
export function retryAfterSeconds(ms) {
  return String(Math.ceil(ms / 1000));
}

/**
 * httpAnswer returns what every adapter sends for err: the status of its
 * error, the headers — Content-Type, and Retry-After when the document
 * carries retryAfterMs — and the problem document.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {{ status: number, headers: Record<string, string>, body: string }}
 */
function httpAnswer(err, options) {
  const { status, body, retryAfterMs } = problemOf(err, options);
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": PROBLEM_CONTENT_TYPE };
  if (retryAfterMs !== undefined) headers["Retry-After"] = retryAfterSeconds(retryAfterMs);
  return { status, headers, body };
}

/**
 * writeProblem writes err as an application/problem+json response with the
 * status of its error on a node:http ServerResponse (Express's res too),
 * and Retry-After when the document carries retryAfterMs. The body goes as
 * a string (node:http writes it as UTF-8, the bytes of the document),
 * which node:http sends in one write with the head.
 * @param {{ statusCode: number, setHeader(name: string, value: string): unknown, end(chunk: string): unknown }} res
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function writeProblem(res, err, options) {
  const { status, headers, body } = httpAnswer(err, options);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Length", String(utf8Length(body)));
  res.end(body);
  sent(err, "http");
}

/**
 * problemResponse returns err as a Fetch API Response (Hono, Next.js,
 * Deno, Bun, Cloudflare Workers): application/problem+json with the status
 * of its error, and Retry-After when the document carries retryAfterMs.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {Response}
 */
export function problemResponse(err, options) {
  const { status, headers, body } = httpAnswer(err, options);
  const response = new Response(body, { status, headers });
  sent(err, "http");
  return response;
}

/**
 * sendProblem sends err on a Fastify reply: application/problem+json with
 * the status of its error, and Retry-After when the document carries
 * retryAfterMs; it returns what reply.send returns. The body
 * goes as bytes, which Fastify sends as they are (to a string it would add
 * "; charset=utf-8" to the media type).
 * @template {{ code(status: number): unknown, header(name: string, value: string): unknown, send(payload: Uint8Array): unknown }} R
 * @param {R} reply
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {ReturnType<R["send"]>}
 */
export function sendProblem(reply, err, options) {
  const { status, headers, body } = httpAnswer(err, options);
  reply.code(status);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  const out = /** @type {ReturnType<R["send"]>} */ (reply.send(UTF8.encode(body)));
  sent(err, "http");
  return out;
}
