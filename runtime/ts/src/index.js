// @ts-check
// The client half of the generated package: guards, parsers and lookups
// over the catalog's facts (./catalog.js, generated). errgen copies this
// file into every package as index.js; a line "//@ FORMAT…" starts a part
// kept only in a package whose catalog uses one of those formats, a line
// "//@" a part every package keeps.

import { CATALOG_NAME, CATALOG, ERROR_CHAIN_ENTRIES, FIELDS, MAX_RETRY_AFTER_MS, MAX_SUGGESTIONS, RESERVED_DOMAINS, SYMBOL_RE, TYPE_RE, RPC_DATA_MEMBERS, PROBLEM_MEMBERS } from "./catalog.js";

export { CATALOG_NAME, CATALOG };

/** @typedef {import("./catalog.js").Meta} Meta */
/** @typedef {{ [key: string]: unknown }} Obj */

/**
 * @template {object} T
 * @param {T} o
 * @returns {Readonly<T>}
 */
function deepFreeze(o) {
  for (const v of Object.values(o)) {
    if (typeof v === "object" && v !== null) deepFreeze(v);
  }
  return Object.freeze(o);
}
deepFreeze(CATALOG);

const ERRORS = CATALOG.errors;
/**
 * @param {object} o
 * @param {string} k
 */
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
/** @type {Map<number, Meta>} */
const BY_CODE = new Map();
/** @type {Map<string, Meta>} */
const BY_TYPE = new Map();
//@ problem
/** @type {Map<string, Meta[]>} */
const BY_PROBLEM = new Map();
//@
/** @type {Map<string, Meta>} by symbol and by alias */
const BY_SYMBOL = new Map();
//@ jsonrpc
/** @type {Map<number, Meta[]>} */
const BY_WIRE_CODE = new Map();
//@
for (const meta of Object.values(ERRORS)) {
  for (const s of [meta.symbol, ...(meta.aliases ?? [])]) BY_SYMBOL.set(s, meta);
  BY_CODE.set(meta.code, meta);
  BY_TYPE.set(meta.type, meta);
//@ problem
  BY_PROBLEM.set(meta.problemType, [...(BY_PROBLEM.get(meta.problemType) ?? []), meta]);
//@ jsonrpc
  BY_WIRE_CODE.set(meta.wireCode, [...(BY_WIRE_CODE.get(meta.wireCode) ?? []), meta]);
//@
}
//@ jsonrpc

/**
 * The protocol errors a JSON-RPC code alone names: the errors of reserved
 * domains whose wire code no other error of the catalog has.
 * @type {Map<number, Meta>}
 */
const BY_PROTOCOL_CODE = new Map();
for (const [code, metas] of BY_WIRE_CODE) {
  const only = metas[0];
  if (metas.length === 1 && only !== undefined && RESERVED_DOMAINS.includes(only.domain)) BY_PROTOCOL_CODE.set(code, only);
}
//@

/**
 * @param {unknown} v
 * @returns {v is Obj}
 */
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * @param {unknown} v
 * @returns {v is string[]}
 */
function isStringList(v) {
  return Array.isArray(v) && v.every((s) => typeof s === "string");
}

/**
 * optional reports whether o's member name is absent or passes check.
 * @param {Obj} o
 * @param {string} name
 * @param {(v: unknown) => boolean} check
 */
function optional(o, name, check) {
  return !has(o, name) || check(o[name]);
}

/**
 * @param {unknown} v
 * @returns {v is string}
 */
const isString = (v) => typeof v === "string";
/**
 * @param {unknown} v
 * @returns {v is boolean}
 */
const isBoolean = (v) => typeof v === "boolean";

/** The retry classes the wire knows: when a failed request may be sent again. */
const RETRY_CLASSES = ["never", "after_change", "after_delay"];

/**
 * isRetryClass reports whether v is a retry class of this package.
 * @param {unknown} v
 * @returns {v is "never" | "after_change" | "after_delay"}
 */
const isRetryClass = (v) => RETRY_CLASSES.includes(/** @type {string} */ (v));

/**
 * isDelay reports whether v is a delay before a retry as the wire writes
 * one: a whole number of ms from 0 to MAX_RETRY_AFTER_MS (a day).
 * @param {unknown} v
 * @returns {v is number}
 */
const isDelay = (v) => Number.isInteger(v) && /** @type {number} */ (v) >= 0 && /** @type {number} */ (v) <= MAX_RETRY_AFTER_MS;

/**
 * isAdvisedDelay reports whether v is a delay retryAdvice gives: any
 * non-negative integer of ms (within the safe integers), as every runtime
 * reads retryAfterMs.
 * @param {unknown} v
 * @returns {v is number}
 */
const isAdvisedDelay = (v) => Number.isSafeInteger(v) && /** @type {number} */ (v) >= 0;
//@ jsonrpc problem

// isDateTime reports whether s is an RFC 3339 date-time (JSON Schema's
// format "date-time").
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;
/** @param {unknown} s */
function isDateTime(s) {
  const m = isString(s) && DATE_TIME_RE.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined || second === undefined) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 1 || month > 12 || day < 1 || day > (days[month - 1] ?? 0) || hour > 23 || minute > 59 || second > 60) return false;
  return m[9] === undefined || (Number(m[10]) <= 23 && Number(m[11]) <= 59);
}

/** @param {unknown} v */
function debugInfoShape(v) {
  return isObject(v) && isDateTime(v.timestamp) && optional(v, "errorChain", (c) => isStringList(c) && c.length <= ERROR_CHAIN_ENTRIES) &&
    optional(v, "requestId", isString) && optional(v, "serverVersion", isString);
}
//@

/**
 * @param {unknown} v
 * @param {string} kind
 */
function hasKind(v, kind) {
  switch (kind) {
    case "string": return typeof v === "string";
    case "number": return typeof v === "number" && Number.isFinite(v);
    case "integer": return Number.isInteger(v);
    case "boolean": return typeof v === "boolean";
    case "array": return Array.isArray(v);
    case "object": return isObject(v);
    default: return true;
  }
}

/**
 * checkFields holds an object's detail fields to the symbol's shape.
 * @param {Obj} obj
 * @param {string} symbol
 */
function checkFields(obj, symbol) {
  const fields = FIELDS[symbol];
  if (fields === null || fields === undefined) return true;
  for (const [name, kind, required] of fields) {
    if (!has(obj, name) || obj[name] === undefined) {
      if (required) return false;
      continue;
    }
    if (!hasKind(obj[name], kind)) return false;
  }
  return true;
}

// The shape of each format's payload, whatever its error.
//@ jsonrpc
/**
 * @param {unknown} v
 * @returns {v is Obj & { type: string }}
 */
function contextShape(v) {
  return isObject(v) && Number.isInteger(v.schemaVersion) && isString(v.type) && isObject(v.details) && isBoolean(v.retryable) &&
    optional(v, "userMessage", isString) && optional(v, "suggestions", isStringList) && optional(v, "debugInfo", debugInfoShape);
}

/**
 * rpcShape reports whether v is a well-formed JSON-RPC error object: an
 * integer code, a string message, data (anything) and nothing else.
 * @param {unknown} v
 * @returns {v is Obj & { code: number, message: string }}
 */
function rpcShape(v) {
  return rpcLike(v) && Object.keys(v).every((k) => k === "code" || k === "message" || k === "data");
}

/**
 * rpcLike reports whether v holds what a JSON-RPC error object does, as an
 * MCP SDK's McpError does among other members.
 * @param {unknown} v
 * @returns {v is Obj & { code: number, message: string }}
 */
function rpcLike(v) {
  return isObject(v) && Number.isInteger(v.code) && isString(v.message);
}

/**
 * rpcMeta returns the error a well-formed JSON-RPC error names: by
 * data.symbol, else by data.context.type, else — a protocol error of a
 * reserved domain — by its code; null when what names it (a symbol or a
 * type of errgen's naming rules, or nothing) is no error of this catalog.
 * @param {Obj & { code: number }} v
 * @returns {Meta | null}
 */
function rpcMeta(v) {
  const data = isObject(v.data) ? v.data : undefined;
  const symbol = data?.symbol;
  if (isString(symbol) && SYMBOL_RE.test(symbol)) return BY_SYMBOL.get(symbol) ?? null;
  const type = isObject(data?.context) ? data.context.type : undefined;
  if (isString(type) && TYPE_RE.test(type)) return BY_TYPE.get(type) ?? null;
  return BY_PROTOCOL_CODE.get(v.code) ?? null;
}

//@ problem
/**
 * @param {unknown} v
 * @returns {v is Obj & { type: string, title: string, status: number }}
 */
function problemShape(v) {
  return isObject(v) && isString(v.type) && isString(v.title) && Number.isInteger(v.status) &&
    ["detail", "instance", "symbol", "userMessage"].every((name) => optional(v, name, isString)) && optional(v, "timestamp", isDateTime) &&
    optional(v, "retryable", isBoolean) && optional(v, "retry", isString) && optional(v, "retryAfterMs", isDelay) &&
    optional(v, "suggestions", isStringList) && optional(v, "debugInfo", debugInfoShape);
}

//@ response
/**
 * @param {unknown} v
 * @returns {v is Obj & { code: string, message: string }}
 */
function responseShape(v) {
  return isObject(v) && v.error === true && isString(v.code) && isString(v.message) && optional(v, "details", isObject) &&
    optional(v, "retry", isString) && optional(v, "retryAfterMs", isDelay);
}

//@ jsonrpc problem
/**
 * fewSuggestions reports whether an object's suggestions, if any, are
 * within the catalog's limit.
 * @param {Obj} v
 */
function fewSuggestions(v) {
  return !Array.isArray(v.suggestions) || v.suggestions.length <= MAX_SUGGESTIONS;
}

//@ jsonrpc
/**
 * @param {unknown} v
 * @param {Meta} meta
 */
function checkContext(v, meta) {
  if (!contextShape(v) || v.type !== meta.type || v.schemaVersion !== CATALOG.schemaVersion || !fewSuggestions(v)) return false;
  const details = /** @type {Obj} */ (v.details);
  return FIELDS[meta.symbol] === null ? Object.keys(details).length === 0 : checkFields(details, meta.symbol);
}

/**
 * checkRpc reports whether the JSON-RPC error v keeps the rules of the
 * error meta it names: its wire code, and in data (an object, when
 * present) its symbol, domain and a context of its type.
 * @param {Obj & { code: number }} v
 * @param {Meta} meta
 */
function checkRpc(v, meta) {
  if (v.code !== meta.wireCode) return false;
  if (!has(v, "data")) return true;
  const data = v.data;
  return isObject(data) && optional(data, "symbol", (s) => isString(s) && BY_SYMBOL.get(s) === meta) &&
    optional(data, "domain", (d) => d === meta.domain) && optional(data, "retryable", isBoolean) &&
    optional(data, "retry", isRetryClass) && optional(data, "retryAfterMs", isDelay) &&
    optional(data, "context", (c) => checkContext(c, meta));
}

/** @param {unknown} value */
export function isErrorContext(value) {
  if (!contextShape(value)) return false;
  const meta = BY_TYPE.get(value.type);
  return meta !== undefined && checkContext(value, meta);
}

/** @param {unknown} value */
export function isJsonRpcError(value) {
  if (!rpcShape(value)) return false;
  const meta = rpcMeta(value);
  return meta !== null && checkRpc(value, meta);
}

//@ problem
/**
 * problemMatches returns the errors a problem document may be: those of its
 * type URI, then of its symbol member, then allowing its status, then whose
 * detail fields its members hold.
 * @param {Obj & { type: string, status: number }} value
 */
function problemMatches(value) {
  let metas = BY_PROBLEM.get(value.type) ?? [];
  if (has(value, "symbol")) metas = metas.filter((m) => BY_SYMBOL.get(/** @type {string} */ (value.symbol)) === m);
  return metas.filter((m) => m.statuses.includes(value.status) && checkFields(value, m.symbol));
}

/** @param {unknown} value */
export function isProblemDetails(value) {
  return problemShape(value) && fewSuggestions(value) && optional(value, "retry", isRetryClass) && problemMatches(value).length > 0;
}

//@ response
/** @param {unknown} value */
export function isErrorResponse(value) {
  if (!responseShape(value) || !optional(value, "retry", isRetryClass)) return false;
  const meta = BY_SYMBOL.get(value.code);
  if (meta === undefined) return false;
  const symbol = meta.symbol;
  if (FIELDS[symbol] === null) return !isObject(value.details) || Object.keys(value.details).length === 0;
  return isObject(value.details) && checkFields(value.details, symbol);
}
//@

/**
 * @typedef {object} Unknown
 * @property {true} unknown
 * @property {string} format
 * @property {number} [code]
 * @property {string} [symbol]
 * @property {string} [type]
 * @property {string} [message]
 * @property {number} [status]
 * @property {unknown} [data]
 * @property {boolean} retryable
 * @property {string} [retry]
 * @property {number} [retryAfterMs]
 * @property {unknown} raw
 */

/**
 * unknownError returns a well-formed payload that names no error of this
 * catalog as an UnknownError; one that names an error of this catalog but
 * breaks its rules is no payload at all.
 * @param {string} format
 * @param {unknown} raw
 * @param {{ [key: string]: unknown }} props
 * @returns {Readonly<Unknown>}
 */
function unknownError(format, raw, props) {
  /** @type {Obj} */
  const u = { unknown: true, format };
  for (const [k, v] of Object.entries(props)) {
    if (v !== undefined) u[k] = v;
  }
  u.retryable = typeof props.retryable === "boolean" ? props.retryable : props.retry === "after_delay";
  u.raw = raw;
  return /** @type {Readonly<Unknown>} */ (Object.freeze(u));
}

/**
 * @param {unknown} v
 * @returns {unknown}
 */
const stringOr = (v) => (isString(v) ? v : undefined);

//@ jsonrpc
/** @param {unknown} v */
function unknownContext(v) {
  if (!contextShape(v) || !TYPE_RE.test(/** @type {string} */ (v.type)) || BY_TYPE.has(/** @type {string} */ (v.type))) return undefined;
  return unknownError("context", v, { type: v.type, retryable: v.retryable });
}

/** @param {Obj & { code: number, message: string }} v */
function unknownRpc(v) {
  const data = isObject(v.data) ? v.data : undefined;
  const ctx = isObject(data?.context) ? data.context : undefined;
  return unknownError("jsonrpc", v, {
    code: v.code, symbol: stringOr(data?.symbol), type: stringOr(ctx?.type), message: v.message, data: v.data,
    retryable: isBoolean(data?.retryable) ? data.retryable : ctx?.retryable,
    retry: stringOr(data?.retry), retryAfterMs: isDelay(data?.retryAfterMs) ? data.retryAfterMs : undefined,
  });
}

//@ problem
/** @param {unknown} v */
function unknownProblem(v) {
  if (!problemShape(v)) return undefined;
  if (has(v, "symbol") ? !SYMBOL_RE.test(/** @type {string} */ (v.symbol)) || BY_SYMBOL.has(/** @type {string} */ (v.symbol)) : (BY_PROBLEM.get(v.type) ?? []).some((m) => m.statuses.includes(v.status))) {
    return undefined;
  }
  return unknownError("problem", v, {
    symbol: v.symbol, type: v.type, message: v.detail, status: v.status, retryable: v.retryable, retry: v.retry, retryAfterMs: v.retryAfterMs,
  });
}

//@ response
/** @param {unknown} v */
function unknownResponse(v) {
  if (!responseShape(v) || !SYMBOL_RE.test(v.code) || BY_SYMBOL.has(v.code)) return undefined;
  return unknownError("response", v, { symbol: v.code, message: v.message, retry: v.retry, retryAfterMs: v.retryAfterMs });
}
//@

/** @param {unknown} value */
export function isUnknownError(value) {
  return isObject(value) && value.unknown === true && isString(value.format) && has(value, "raw");
}

/**
 * json returns the value a JSON string holds, and any other value as it is.
 * @param {unknown} value
 * @returns {unknown}
 */
function json(value) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

//@ jsonrpc
/** @param {unknown} value */
export function parseErrorContext(value) {
  const v = json(value);
  return isErrorContext(v) ? v : unknownContext(v);
}

/** @param {unknown} value */
export function parseJsonRpcError(value) {
  const v = json(value);
  if (!rpcShape(v)) return undefined;
  const meta = rpcMeta(v);
  if (meta === null) return unknownRpc(v);
  return checkRpc(v, meta) ? v : undefined;
}

//@ problem
/** @param {unknown} value */
export function parseProblemDetails(value) {
  const v = json(value);
  return isProblemDetails(v) ? v : unknownProblem(v);
}

//@ response
/** @param {unknown} value */
export function parseErrorResponse(value) {
  const v = json(value);
  return isErrorResponse(v) ? v : unknownResponse(v);
}

//@ jsonrpc
/**
 * mcpPrefix is what the MCP TypeScript SDK's McpError puts before a
 * JSON-RPC error's message.
 * @param {number} code
 */
function mcpPrefix(code) {
  return "MCP error " + code + ": ";
}

/** @param {unknown} error */
export function fromMcpError(error) {
  if (!isObject(error) || !Number.isInteger(error.code) || !isString(error.message)) return undefined;
  const prefix = mcpPrefix(/** @type {number} */ (error.code));
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  /** @type {Obj} */
  const value = { code: error.code, message };
  if (has(error, "data") && error.data !== undefined) value.data = error.data;
  return parseJsonRpcError(value);
}

//@ problem
/** @param {unknown} result */
export function fromToolResult(result) {
  if (!isObject(result) || result.isError !== true) return undefined;
  if (result.structuredContent !== undefined) {
    const structured = parseProblemDetails(result.structuredContent);
    if (structured !== undefined) return structured;
  }
  if (!Array.isArray(result.content)) return undefined;
  for (const item of result.content) {
    if (!isObject(item) || item.type !== "text" || !isString(item.text)) continue;
    const problem = parseProblemDetails(item.text);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
//@

/**
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function symbolOf(value) {
  if (isString(value)) return BY_SYMBOL.get(value)?.symbol;
  if (!isObject(value) || isUnknownError(value)) return undefined;
//@ response
  if (value.error === true) return isErrorResponse(value) ? BY_SYMBOL.get(/** @type {string} */ (value.code))?.symbol : undefined;
//@ jsonrpc
  if (rpcLike(value)) {
    // a JSON-RPC error is named by data.symbol, else data.context.type,
    // else (a protocol error) its code: a code alone names only an error of
    // a reserved domain that no other error shares it with
    /** @type {Obj & { code: number, message: string }} */
    const rpc = { code: value.code, message: value.message };
    if (value.data !== undefined) rpc.data = value.data;
    const meta = rpcMeta(rpc);
    return meta !== null && checkRpc(rpc, meta) ? meta.symbol : undefined;
  }
//@ problem
  if (problemShape(value)) {
    const metas = problemMatches(value);
    return metas.length === 1 ? metas[0]?.symbol : undefined;
  }
//@ jsonrpc
  if (isErrorContext(value)) return BY_TYPE.get(/** @type {string} */ (value.type))?.symbol;
//@
  return undefined;
}

/**
 * @param {unknown} value
 * @param {string} symbol
 */
export function isSymbol(value, symbol) {
  const canonical = BY_SYMBOL.get(symbol)?.symbol;
  return canonical !== undefined && symbolOf(value) === canonical;
}

/** @param {unknown} value */
export function isRetryable(value) {
  if (isUnknownError(value)) return /** @type {Unknown} */ (value).retryable;
  const symbol = symbolOf(value);
  if (symbol === undefined) return false;
  if (isObject(value)) {
    const data = isObject(value.data) ? value.data : undefined;
    const context = isObject(data?.context) ? data.context : undefined;
    for (const flag of [value.retryable, data?.retryable, context?.retryable]) {
      if (isBoolean(flag)) return flag;
    }
    // a plain response carries its class alone
    if (isRetryClass(value.retry)) return value.retry === "after_delay";
  }
  return ERRORS[symbol]?.retryable ?? false;
}

/**
 * @typedef {object} RetryAdvice
 * @property {"retry" | "change" | "never"} action
 * @property {number | null} delayMs
 */

/**
 * retryMembers returns the object of a payload that holds its retry
 * members (retry, retryAfterMs, retryable), as every runtime finds it
 * (runtime/fixtures/retry-advice.jsonl): an object that has retry or
 * retryable itself (a problem document, a plain response, an error's
 * data); an MCP tool result's problem document (its structuredContent,
 * else its first text content holding a JSON object, else the result);
 * inside a JSON-RPC response, its error or its result; a JSON-RPC error
 * object's data; an UnknownError's raw payload. null for no object.
 * @param {unknown} value
 * @param {number} depth how many wrappers were opened to get here
 * @returns {Obj | null}
 */
function retryMembers(value, depth) {
  const v = json(value);
  if (!isObject(v) || depth >= 8) return null; // 7 wrappers opened at most, as every runtime
  if (isUnknownError(v)) return retryMembers(v.raw, depth + 1);
  const present = (/** @type {string} */ k) => has(v, k) && v[k] !== null;
  if (present("retry") || present("retryable")) return v;
  if (present("content")) {
    if (isObject(v.structuredContent)) return v.structuredContent;
    for (const item of Array.isArray(v.content) ? v.content : []) {
      if (!isObject(item) || item.type !== "text" || !isString(item.text)) continue;
      const doc = json(item.text);
      if (isObject(doc)) return doc;
    }
    return v;
  }
  if (isObject(v.error)) return retryMembers(v.error, depth + 1); // a JSON-RPC response holding an error
  if (isObject(v.result)) return retryMembers(v.result, depth + 1); // a JSON-RPC response holding a tool result
  if (present("code") && isObject(v.data)) return v.data; // a JSON-RPC error object (an McpError too)
  return v;
}

/** The advice for anything that carries none. */
const NEVER = Object.freeze({ action: /** @type {const} */ ("never"), delayMs: null });

/** @param {unknown} value */
export function retryAdvice(value) {
  const m = retryMembers(value, 0);
  if (m === null) return NEVER;
  /** @type {RetryAdvice["action"]} */
  let action;
  switch (m.retry) {
    case "after_delay": action = "retry"; break;
    case "after_change": action = "change"; break;
    case "never": action = "never"; break;
    default: action = m.retryable === true ? "retry" : "never"; // no class, or one of a newer catalog
  }
  if (action !== "retry") return Object.freeze({ action, delayMs: null });
  const ms = m.retryAfterMs;
  return Object.freeze({ action, delayMs: isAdvisedDelay(ms) ? ms + 0 : null }); // + 0: -0 is 0
}

//@ jsonrpc problem
/** @param {unknown} value */
export function extensionsOf(value) {
  /** @type {Obj} */
  const out = {};
  if (!isObject(value)) return Object.freeze(out);
//@ jsonrpc
  if (rpcLike(value) && !has(value, "title")) {
    if (isObject(value.data)) {
      for (const [k, v] of Object.entries(value.data)) {
        if (!RPC_DATA_MEMBERS.includes(k)) out[k] = v;
      }
    }
    return Object.freeze(out);
  }
//@ problem
  const symbol = symbolOf(value);
  const fields = symbol === undefined ? null : FIELDS[symbol];
  for (const [k, v] of Object.entries(value)) {
    if (!PROBLEM_MEMBERS.includes(k) && !(fields ?? []).some((f) => f[0] === k)) out[k] = v;
  }
//@ jsonrpc problem
  return Object.freeze(out);
}
//@

/** @param {number} code */
export function byCode(code) {
  return BY_CODE.get(code);
}

/** @param {string} symbol */
export function bySymbol(symbol) {
  return BY_SYMBOL.get(symbol);
}

/** @param {string} type */
export function byType(type) {
  return BY_TYPE.get(type);
}
