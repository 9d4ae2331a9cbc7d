// @ts-check
// The conformance runner of the package's server runtime: it reads one
// vector input per line on standard input and answers each with the
// payloads the runtime renders, one JSON object per line on standard
// output (docs/guide/conformance.md, "The runner protocol"):
//
//   errgen conformance -vectors vectors.json -- node conformance.mjs
//
// It reads each line as every runtime does ("Reading the input"): a line
// it cannot read, and an input it refuses — a member of another type than
// the protocol's, a clock that names no instant, an unknown kind or
// symbol, a detail value of another type than its node's — get the error
// answer {"id", "error"}. Accepted details are the details newError takes
// from a caller with what the wire reads them as made explicit (a null or
// absent required value its empty value, a null or absent optional one
// left out, a member no node describes dropped), so that they render as
// errgenrt renders the same input. Nothing a line holds makes the runner
// throw.

import { FACTS } from "./facts.js";
import { errorOf, fromError, newError, renderJsonRpcError, renderProblem, renderResponse, renderToolResult } from "./core.js";
import { wellFormed } from "./wire.js";
import { Tables, isObject } from "./write.js";

/** @typedef {import("./core.js").RenderOptions} RenderOptions */
/** @typedef {import("./core.js").ErrorOptions} ErrorOptions */
/** @typedef {import("./facts.js").Node} Node */
/** @typedef {{ [key: string]: unknown }} Obj */

/** The deepest nesting of arrays and objects a line may have, its own object level 1. */
const MAX_DEPTH = 100;

const TABLES = new Tables(FACTS);

/** Refusal is an input the runner refuses: its message is the error answer. */
class Refusal extends Error {}

/**
 * @param {string} what
 * @returns {never}
 */
function refuse(what) {
  throw new Refusal(what);
}

/**
 * depth returns the deepest nesting of arrays and objects in the JSON text s.
 * @param {string} s
 */
function depth(s) {
  let d = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "[" || c === "{") {
      deepest = Math.max(deepest, ++d);
    } else if (c === "]" || c === "}") {
      d--;
    }
  }
  return deepest;
}

/**
 * Members reads the members of one object of an input by the types the
 * protocol gives them; null is an absent member.
 */
class Members {
  /**
   * @param {unknown} v
   * @param {string} path
   */
  constructor(v, path) {
    if (v !== null && v !== undefined && !isObject(v)) refuse(`${path}: want an object`);
    /** @type {Obj} */
    this.m = isObject(v) ? v : {};
    this.path = path;
  }

  /** @param {string} key */
  get(key) {
    return Object.hasOwn(this.m, key) && this.m[key] !== null ? this.m[key] : undefined;
  }

  /**
   * @param {string} key
   * @param {string} what
   * @returns {never}
   */
  fail(key, what) {
    return refuse(`${this.path}.${key}: want ${what}`);
  }

  /** @param {string} key */
  string(key) {
    const v = this.get(key);
    if (v !== undefined && typeof v !== "string") this.fail(key, "a string");
    return /** @type {string | undefined} */ (v);
  }

  /** @param {string} key */
  boolean(key) {
    const v = this.get(key);
    if (v !== undefined && typeof v !== "boolean") this.fail(key, "true or false");
    return /** @type {boolean | undefined} */ (v);
  }

  /**
   * integer reads a number without a fraction, held within the safe
   * integers.
   * @param {string} key
   */
  integer(key) {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v)) this.fail(key, "an integer");
    return Math.max(Math.min(v, Number.MAX_SAFE_INTEGER), -Number.MAX_SAFE_INTEGER);
  }

  /**
   * number reads any number (a fraction, a negative one, ±Infinity for
   * digits past the largest double).
   * @param {string} key
   */
  number(key) {
    const v = this.get(key);
    if (v !== undefined && typeof v !== "number") this.fail(key, "a number");
    return /** @type {number | undefined} */ (v);
  }

  /** @param {string} key */
  strings(key) {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) this.fail(key, "an array of strings");
    return /** @type {string[]} */ (v);
  }

  /**
   * members reads [{key, value}] as [key, value] pairs.
   * @param {string} key
   * @returns {Array<[string, unknown]>}
   */
  members(key) {
    const v = this.get(key);
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((kv) => isObject(kv) && typeof kv.key === "string")) this.fail(key, "an array of {key, value} with a string key");
    return v.map((kv) => [kv.key, Object.hasOwn(kv, "value") ? kv.value : null]);
  }
}

const NOW = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * now reads the clock: YYYY-MM-DDTHH:MM:SSZ naming a real instant.
 * @param {string | undefined} s
 */
function now(s) {
  const m = NOW.exec(s ?? "");
  if (m === null) return refuse(`options.now ${JSON.stringify(s ?? "")}: want YYYY-MM-DDTHH:MM:SSZ`);
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999
  const d = new Date(0);
  d.setUTCFullYear(/** @type {number} */ (year), /** @type {number} */ (month) - 1, day);
  d.setUTCHours(/** @type {number} */ (hour), minute, second, 0);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() + 1 !== month || d.getUTCDate() !== day || d.getUTCHours() !== hour || d.getUTCMinutes() !== minute || d.getUTCSeconds() !== second) {
    return refuse(`options.now ${JSON.stringify(s)}: not a real instant`);
  }
  return d;
}

/**
 * options reads a vector's rendering options.
 * @param {Members} o
 * @returns {RenderOptions}
 */
function options(o) {
  const at = now(o.string("now"));
  const instance = o.string("instance");
  if (instance === undefined || instance === "") refuse("options.instance: want the problem instance, a non-empty string");
  /** @type {RenderOptions} */
  const out = { now: () => at, instance: () => instance };
  for (const k of /** @type {const} */ (["verbose", "showSensitive", "omitSuggestions"])) {
    if (o.boolean(k) === true) out[k] = true;
  }
  for (const k of /** @type {const} */ (["maxDataBytes", "maxStringBytes", "maxSuggestions"])) {
    const n = o.integer(k);
    if (n !== undefined) out[k] = n;
  }
  const version = o.string("serverVersion");
  if (version !== undefined) out.serverVersion = version;
  return out;
}

/**
 * chain returns the cause chain of texts, outermost first: each an Error
 * whose cause is the next.
 * @param {string[]} texts
 * @returns {Error | undefined}
 */
function chain(texts) {
  /** @type {Error | undefined} */
  let c;
  for (let i = texts.length - 1; i >= 0; i--) {
    c = new Error(texts[i], c === undefined ? undefined : { cause: c });
  }
  return c;
}

/**
 * emptyValue is what the wire reads an absent required value of node n
 * as: "", 0, false, [], an object of its own required properties, null.
 * @param {Node} n
 * @param {number} [level]
 * @returns {unknown}
 */
function emptyValue(n, level = 0) {
  switch (n.type) {
    case "string": return "";
    case "integer":
    case "number": return 0;
    case "boolean": return false;
    case "array": return [];
    case "object": {
      /** @type {Array<[string, unknown]>} */
      const members = [];
      if (level < MAX_DEPTH) {
        for (const p of TABLES.object(n).properties ?? []) {
          if (p.required === true) members.push([p.name, emptyValue(p.node, level + 1)]);
        }
      }
      return Object.fromEntries(members);
    }
  }
  return null;
}

/**
 * detail reads the detail value v of node n: a value of another type than
 * the node's is refused (an integer is a number without a fraction; null
 * is a value of every type), and the value is returned as newError takes
 * it — null its type's empty value, an object's absent or null members
 * made explicit (a required one its empty value, an optional one left
 * out), a member no node describes dropped. Objects are made anew with
 * their members as own properties (__proto__ among them).
 * @param {Node} n
 * @param {unknown} v
 * @param {string} path
 * @returns {unknown}
 */
function detail(n, v, path) {
  if (v === null || v === undefined) return n.type === "any" ? null : emptyValue(n);
  /** @param {string} what */
  const want = (what) => refuse(`${path}: want ${what}`);
  switch (n.type) {
    case "any": return v;
    case "string": return typeof v === "string" ? v : want("a string");
    case "boolean": return typeof v === "boolean" ? v : want("true or false");
    case "integer": return typeof v === "number" && Number.isInteger(v) ? v : want("an integer");
    case "number": return typeof v === "number" ? v : want("a number");
    case "array":
      if (!Array.isArray(v)) return want("an array");
      return v.map((it, i) => detail(/** @type {Node} */ (n.items), it, `${path}[${i}]`));
  }
  if (!isObject(v)) return want("an object");
  const o = TABLES.object(n);
  const props = o.properties ?? [];
  /** @type {Array<[string, unknown]>} */
  const members = [];
  for (const p of props) {
    const x = Object.hasOwn(v, p.name) ? v[p.name] : null;
    if (x === null || x === undefined) {
      // absent: the required one's empty value (an untyped one null)
      if (p.required === true) members.push([p.name, p.node.type === "any" ? null : emptyValue(p.node)]);
      continue;
    }
    members.push([p.name, detail(p.node, x, `${path}.${p.name}`)]);
  }
  const extra = o.additionalProperties;
  if (extra !== undefined) {
    for (const [k, x] of Object.entries(v)) {
      if (!props.some((p) => p.name === k)) members.push([k, detail(extra, x, `${path}.${k}`)]);
    }
  }
  return Object.fromEntries(members);
}

/**
 * run renders one vector's input in every format.
 * @param {unknown} value
 */
function run(value) {
  if (!isObject(value)) return refuse("input: want an object");
  const input = new Members(value, "input");
  const kind = input.string("kind");
  const symbol = input.string("symbol");
  const cause = input.strings("cause") ?? [];
  /** @type {ErrorOptions} */
  const o = { data: input.members("data"), extensions: input.members("extensions") };
  const retryable = input.boolean("retryable");
  const retryAfterMs = input.number("retryAfterMs");
  const status = input.integer("status");
  const requestId = input.string("requestId");
  const instance = input.string("instance");
  const rendering = options(new Members(input.get("options"), "input.options"));
  const given = input.get("details");
  if (given !== undefined && !isObject(given)) refuse("input.details: want an object");
  let err;
  switch (kind) {
    case "foreign":
      if (cause.length === 0) refuse("a foreign error needs its text in cause");
      err = fromError(chain(cause));
      break;
    case "definition":
    case "error": {
      const def = FACTS.errors.find((e) => e.symbol === symbol || (e.aliases ?? []).includes(/** @type {string} */ (symbol)));
      if (def === undefined) return refuse(`no error has symbol ${JSON.stringify(symbol ?? "")}`);
      if (kind === "definition") {
        err = errorOf(def.symbol);
        break;
      }
      const details = def.details === undefined ? undefined : given;
      const c = chain(cause);
      if (c !== undefined) o.cause = c;
      if (retryable !== undefined) o.retryable = retryable;
      // the delay as given: newError normalizes it as every runtime does
      if (retryAfterMs !== undefined) o.retryAfterMs = retryAfterMs;
      if (status !== undefined) o.status = status;
      if (requestId !== undefined) o.requestId = requestId;
      if (instance !== undefined) o.instance = instance;
      err = newError(def.symbol, def.details === undefined ? undefined : detail(def.details, details ?? {}, "details"), o);
      break;
    }
    default:
      return refuse(`unknown kind ${JSON.stringify(kind ?? "")}: want error, definition or foreign`);
  }
  return {
    jsonrpc: renderJsonRpcError(err, rendering),
    problem: renderProblem(err, rendering),
    response: renderResponse(err, rendering),
    toolResult: renderToolResult(err, rendering),
  };
}

/**
 * answer returns the answer to one line.
 * @param {Uint8Array} bytes
 */
function answer(bytes) {
  /** @type {string} */
  let text;
  try {
    // ignoreBOM: a byte order mark is kept, and JSON.parse refuses it
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { id: "", error: "unreadable line: not UTF-8" };
  }
  if (depth(text) > MAX_DEPTH) return { id: "", error: `unreadable line: nested deeper than ${MAX_DEPTH} levels` };
  /** @type {unknown} */
  let v;
  try {
    v = wellFormedKeys(JSON.parse(text));
  } catch {
    return { id: "", error: "unreadable line: not one JSON object" };
  }
  if (!isObject(v) || typeof v.id !== "string") return { id: "", error: "unreadable line: not a JSON object with a string id" };
  try {
    return { id: v.id, payloads: run(Object.hasOwn(v, "input") ? v.input : undefined) };
  } catch (e) {
    return { id: v.id, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * wellFormedKeys returns v with every lone surrogate of its strings and
 * member names U+FFFD, as every runtime reads the line (a name made alike
 * by it: the last member counts, as JSON.parse keeps the last).
 * @param {unknown} v
 * @returns {unknown}
 */
function wellFormedKeys(v) {
  if (typeof v === "string") return wellFormed(v);
  if (Array.isArray(v)) return v.map(wellFormedKeys);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [wellFormed(k), wellFormedKeys(x)]));
  return v;
}

// one answer per line, as it comes; a blank line (JSON white space only:
// spaces, tabs, carriage returns) skipped
/** @type {Uint8Array[]} */
let pending = [];
/** @param {Uint8Array} bytes */
function line(bytes) {
  if (!bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0d)) process.stdout.write(JSON.stringify(answer(bytes)) + "\n");
}
for await (const chunk of process.stdin) {
  const buf = /** @type {Uint8Array} */ (chunk);
  let start = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, start)) {
    pending.push(buf.subarray(start, i));
    line(concat(pending));
    pending = [];
    start = i + 1;
  }
  if (start < buf.length) pending.push(buf.subarray(start));
}
if (pending.length > 0) line(concat(pending));

/**
 * @param {Uint8Array[]} parts
 */
function concat(parts) {
  if (parts.length === 1) return /** @type {Uint8Array} */ (parts[0]);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
