// @ts-check
// The conformance runner of the package's server runtime: it reads one
// vector input per line on standard input and answers each with the
// payloads the runtime renders, one JSON object per line on standard
// output (docs/guide/conformance.md, "The runner protocol"):
//
//   errgen conformance -vectors vectors.json -- node conformance.mjs

import { createInterface } from "node:readline";
import { errorOf, fromError, newError, renderJsonRpcError, renderProblem, renderResponse, renderToolResult } from "./server.js";

/** @typedef {import("./server.js").RenderOptions} RenderOptions */

/**
 * @param {unknown} v
 * @returns {{ [key: string]: any }}
 */
function object(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
}

/**
 * options reads a vector's rendering options.
 * @param {{ [key: string]: any }} o
 * @returns {RenderOptions}
 */
function options(o) {
  /** @type {RenderOptions} */
  const out = {};
  if (typeof o.now === "string") {
    const now = new Date(o.now);
    out.now = () => now;
  }
  if (typeof o.instance === "string") {
    const instance = o.instance;
    out.instance = () => instance;
  }
  for (const k of /** @type {const} */ (["verbose", "showSensitive", "omitSuggestions"])) {
    if (o[k] === true) out[k] = true;
  }
  for (const k of /** @type {const} */ (["maxDataBytes", "maxStringBytes", "maxSuggestions"])) {
    if (typeof o[k] === "number") out[k] = o[k];
  }
  if (typeof o.serverVersion === "string") out.serverVersion = o.serverVersion;
  return out;
}

/**
 * chain returns the cause chain of texts, outermost first: each an Error
 * whose cause is the next.
 * @param {unknown} texts
 * @returns {Error | undefined}
 */
function chain(texts) {
  if (!Array.isArray(texts)) return undefined;
  /** @type {Error | undefined} */
  let c;
  for (let i = texts.length - 1; i >= 0; i--) {
    c = new Error(String(texts[i]), c === undefined ? undefined : { cause: c });
  }
  return c;
}

/**
 * members reads [{key, value}] into [key, value] pairs.
 * @param {unknown} list
 * @returns {Array<[string, unknown]>}
 */
function members(list) {
  return Array.isArray(list) ? list.map((kv) => [String(object(kv).key), object(kv).value]) : [];
}

/**
 * run renders one vector's input in every format.
 * @param {{ [key: string]: any }} input
 */
function run(input) {
  let err;
  switch (input.kind) {
    case "error": {
      /** @type {import("./server.js").ErrorOptions} */
      const o = { data: members(input.data), extensions: members(input.extensions) };
      const cause = chain(input.cause);
      if (cause !== undefined) o.cause = cause;
      if (typeof input.retryable === "boolean") o.retryable = input.retryable;
      if (typeof input.status === "number") o.status = input.status;
      if (typeof input.requestId === "string") o.requestId = input.requestId;
      if (typeof input.instance === "string") o.instance = input.instance;
      err = newError(input.symbol, input.details ?? {}, o);
      break;
    }
    case "definition":
      err = errorOf(input.symbol);
      break;
    case "foreign":
      err = fromError(chain(input.cause) ?? new Error(""));
      break;
    default:
      throw new Error(`unknown input kind ${JSON.stringify(input.kind)}`);
  }
  const o = options(object(input.options));
  return {
    jsonrpc: renderJsonRpcError(err, o),
    problem: renderProblem(err, o),
    response: renderResponse(err, o),
    toolResult: renderToolResult(err, o),
  };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  /** @type {unknown} */
  let id = null;
  let answer;
  try {
    const v = object(JSON.parse(line));
    id = v.id ?? null;
    answer = { id, payloads: run(object(v.input)) };
  } catch (e) {
    answer = { id, error: e instanceof Error ? e.message : String(e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
