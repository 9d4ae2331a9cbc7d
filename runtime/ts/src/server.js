// @ts-check
// The server half of the generated package: errors of the catalog raised
// with typed details, any other throw turned into the catalog's fallback,
// and the renderers of every wire format. Its rules are those of errgen's
// Go runtime (errgenrt), byte for byte: docs/guide/conformance.md.

import { CATALOG, CATALOG_NAME, bySymbol } from "./index.js";
import { FIELDS, RPC_DATA_MEMBERS, PROBLEM_MEMBERS } from "./catalog.js";
import { DEFINITIONS, FALLBACK, LIMITS, SHAPES } from "./definitions.js";
import { sanitizeText } from "./sanitize.js";
import { Encoder, FieldErrors, Reader, quote, truncate, utf8Length } from "./wire.js";

// A constructor per error (newFileTooLarge(details, options)), generated.
export * from "./constructors.js";

/** @typedef {import("./catalog.js").Meta} Meta */
/** @typedef {import("./definitions.js").Definition} Definition */
/** @typedef {import("./definitions.js").Type} Type */

/**
 * @typedef {object} RenderOptions
 * @property {boolean} [verbose] verbose-only fields and debugInfo; no redaction or sanitizing
 * @property {boolean} [showSensitive] sensitive fields in clear
 * @property {boolean} [omitSuggestions] no suggestions
 * @property {number} [maxDataBytes] the bound of each whole payload (0: the catalog's)
 * @property {number} [maxStringBytes] the bound of each string (0: the catalog's)
 * @property {number} [maxSuggestions] the most suggestions (0: the catalog's)
 * @property {string} [serverVersion] debugInfo.serverVersion
 * @property {() => Date} [now] the clock
 * @property {() => string} [instance] the instance of a problem document whose occurrence sets none
 */

/**
 * @typedef {Iterable<readonly [string, unknown]> | { readonly [key: string]: unknown }} Members
 */

/**
 * @typedef {object} ErrorOptions
 * @property {unknown} [cause]
 * @property {number} [status]
 * @property {boolean} [retryable]
 * @property {string} [requestId]
 * @property {string} [instance]
 * @property {Members} [data]
 * @property {Members} [extensions]
 */

/**
 * Def is one error as the server runtime knows it: its metadata, its
 * definition and its top-level detail fields.
 * @typedef {object} Def
 * @property {Meta} meta
 * @property {Definition} definition
 * @property {readonly string[]} detailFields
 */

/**
 * ErrorStats is a snapshot of the counters of rendered errors: the
 * sys/errorStats result.
 * @typedef {object} ErrorStats
 * @property {number} total
 * @property {{ [code: string]: number }} byCode
 * @property {{ [domain: string]: number }} byDomain
 * @property {{ [symbol: string]: number }} bySymbol
 */

/**
 * Occurrence is one raised error: its definition, its details and the
 * per-occurrence members.
 * @typedef {object} Occurrence
 * @property {Def} def
 * @property {import("./wire.js").Obj | FieldErrors | null} details
 * @property {unknown} raw the details as given
 * @property {boolean} hasCause
 * @property {unknown} cause
 * @property {boolean | undefined} retryable
 * @property {number} status 0: the default
 * @property {ReadonlyArray<readonly [string, unknown]>} data
 * @property {ReadonlyArray<readonly [string, unknown]>} extensions
 * @property {string} requestId
 * @property {string} instance
 * @property {CatalogError} [error]
 */

/** The media type of RFC 9457 problem documents. */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const READER = new Reader(SHAPES);

/** @type {Map<string, Def>} by canonical symbol */
const DEFS = new Map();
for (const meta of Object.values(CATALOG.errors)) {
  const definition = DEFINITIONS[meta.symbol];
  if (definition === undefined) throw new Error(`${CATALOG_NAME}: no definition of ${meta.symbol}`);
  DEFS.set(meta.symbol, { meta, definition, detailFields: (FIELDS[meta.symbol] ?? []).map((f) => f[0]) });
}

/**
 * defOf returns the error of a symbol or alias.
 * @param {string} symbol
 * @returns {Def | undefined}
 */
function defOf(symbol) {
  const meta = bySymbol(symbol);
  return meta === undefined ? undefined : DEFS.get(meta.symbol);
}

const BRAND = Symbol.for("errgen.CatalogError");
/** @type {WeakMap<object, Occurrence>} the occurrence of each error this copy made */
const OCCURRENCES = new WeakMap();

/**
 * occurrenceOf returns the occurrence of an error this copy made.
 * @param {CatalogError} err
 * @returns {Occurrence}
 */
function occurrenceOf(err) {
  const o = OCCURRENCES.get(err);
  if (o === undefined) throw new TypeError(`${CATALOG_NAME}: not an error of this package`);
  return o;
}
const OCCURRENCE = Symbol.for("errgen.CatalogError.occurrence");

/** @param {unknown} v */
const isObject = (v) => typeof v === "object" && v !== null;

// ---------------------------------------------------------------- errors

/**
 * CatalogError is one occurrence of an error of the catalog. Its message
 * is what the wire carries by default (sensitive fields redacted, bounded,
 * no cause), its name the error's symbol, and toJSON its JSON-RPC error
 * object, so that a log line, JSON.stringify or an SDK that sends the
 * message discloses nothing more; its details are read explicitly
 * (err.details), never enumerated. It is recognised by a brand, across
 * copies of the package too.
 */
export class CatalogError extends Error {
  /**
   * @param {Occurrence} o
   * @param {unknown} [key]
   */
  constructor(o, key) {
    if (key !== OCCURRENCE) throw new TypeError(`${CATALOG_NAME}: create errors with newError`);
    super(messageText(o), o.hasCause ? { cause: o.cause } : undefined);
    OCCURRENCES.set(this, o);
    o.error = this;
    Object.defineProperty(this, "name", { value: o.def.meta.symbol, enumerable: false, configurable: true, writable: true });
  }

  /**
   * Reports whether value is an error of this catalog, from this copy of
   * the package or another.
   * @override
   * @param {unknown} value
   */
  static [Symbol.hasInstance](value) {
    return isCatalogError(value);
  }

  /** The brand: the catalog's name. */
  get [BRAND]() {
    return CATALOG_NAME;
  }

  /**
   * The occurrence as another copy of the package reads it.
   * @returns {{ symbol: string, details: unknown, options: ErrorOptions }}
   */
  get [OCCURRENCE]() {
    const o = occurrenceOf(this);
    /** @type {ErrorOptions} */
    const options = { data: o.data, extensions: o.extensions, requestId: o.requestId, instance: o.instance };
    if (o.hasCause) options.cause = o.cause;
    if (o.status !== 0) options.status = o.status;
    if (o.retryable !== undefined) options.retryable = o.retryable;
    return { symbol: o.def.meta.symbol, details: o.raw, options };
  }

  /** The error's symbol (never an alias). */
  get symbol() {
    return occurrenceOf(this).def.meta.symbol;
  }

  /** The error's catalog code. */
  get code() {
    return occurrenceOf(this).def.meta.code;
  }

  /** The JSON-RPC error.code. */
  get wireCode() {
    return occurrenceOf(this).def.meta.wireCode;
  }

  /** The error's type. */
  get type() {
    return occurrenceOf(this).def.meta.type;
  }

  /** The error's domain. */
  get domain() {
    return occurrenceOf(this).def.meta.domain;
  }

  /** The HTTP status of the occurrence. */
  get status() {
    return statusOf(occurrenceOf(this));
  }

  /** Whether the occurrence may be retried. */
  get retryable() {
    return retryableOf(occurrenceOf(this));
  }

  /** The details as given (unredacted: for the server only). */
  get details() {
    return occurrenceOf(this).raw;
  }

  /** The JSON-RPC error object, rendered with the default options. */
  toJSON() {
    return JSON.parse(renderJsonRpcError(this));
  }

  /**
   * The message for server logs: verbose, unredacted, not bounded,
   * followed by the cause chain. Never send it.
   */
  verboseError() {
    const o = occurrenceOf(this);
    let msg = o.def.meta.symbol + ": " + verboseMessage(o);
    for (const text of causeChain(o, Infinity)) msg += ": " + text;
    return msg;
  }

  /**
   * What a structured logger should record: the symbol, the code, the
   * verbose unredacted message, the cause chain, the request id and the
   * stack. For server logs only; the wire never carries a stack.
   */
  logValue() {
    const o = occurrenceOf(this);
    /** @type {{ symbol: string, code: number, message: string, cause?: string, requestId?: string, stack?: string }} */
    const v = { symbol: o.def.meta.symbol, code: o.def.meta.code, message: verboseMessage(o) };
    const chain = causeChain(o, Infinity);
    if (chain.length > 0) v.cause = chain.join(": ");
    if (o.requestId !== "") v.requestId = o.requestId;
    if (this.stack !== undefined) v.stack = this.stack;
    return v;
  }
}

/**
 * isCatalogError reports whether value is an error of this catalog (from
 * any copy of its package).
 * @param {unknown} value
 * @returns {value is CatalogError}
 */
export function isCatalogError(value) {
  return isObject(value) && /** @type {{ [BRAND]?: unknown }} */ (value)[BRAND] === CATALOG_NAME;
}

/**
 * @param {Members | undefined} m
 * @returns {Array<readonly [string, unknown]>}
 */
function members(m) {
  if (m === undefined || m === null) return [];
  if (typeof (/** @type {{ [Symbol.iterator]?: unknown }} */ (m))[Symbol.iterator] === "function") {
    return [.../** @type {Iterable<readonly [string, unknown]>} */ (m)].map(([k, v]) => [String(k), v]);
  }
  return Object.entries(m);
}

/**
 * occurrence builds an occurrence of def with the details given and the
 * options.
 * @param {Def} def
 * @param {unknown} details
 * @param {ErrorOptions} [options]
 * @returns {Occurrence}
 */
function occurrence(def, details, options = {}) {
  const t = def.definition.details;
  const status = options.status;
  return {
    def,
    details: t === undefined ? null : READER.root(t, details),
    raw: t === undefined ? undefined : details,
    hasCause: "cause" in options,
    cause: options.cause,
    retryable: typeof options.retryable === "boolean" ? options.retryable : undefined,
    status: typeof status === "number" && def.meta.statuses.includes(status) ? status : 0,
    data: members(options.data),
    extensions: members(options.extensions),
    requestId: typeof options.requestId === "string" ? options.requestId : "",
    instance: typeof options.instance === "string" ? options.instance : "",
  };
}

/**
 * fresh returns an occurrence of def with empty details, caused by cause
 * (none when undefined).
 * @param {Def} def
 * @param {unknown} [cause]
 * @returns {Occurrence}
 */
function fresh(def, cause) {
  const t = def.definition.details;
  return {
    def,
    details: t === undefined ? null : READER.zeroRoot(t),
    raw: t === undefined ? undefined : {},
    hasCause: cause !== undefined,
    cause,
    retryable: undefined,
    status: 0,
    data: [],
    extensions: [],
    requestId: "",
    instance: "",
  };
}

/**
 * newError returns an error of the catalog: symbol (or an alias) with its
 * details and per-occurrence options.
 * @param {string} symbol
 * @param {unknown} [details]
 * @param {ErrorOptions} [options]
 */
export function newError(symbol, details, options) {
  const def = defOf(symbol);
  if (def === undefined) throw new TypeError(`${CATALOG_NAME}: no error ${JSON.stringify(symbol)} in the catalog`);
  return new CatalogError(occurrence(def, details, options), OCCURRENCE);
}

/**
 * errorOf returns the error of a symbol raised without its details (each
 * required field empty), as Go's `return pkg.ErrX` does; where empty
 * details would break its schema, the catalog's fallback, caused by it.
 * @param {string} symbol
 */
export function errorOf(symbol) {
  const def = defOf(symbol);
  if (def === undefined) throw new TypeError(`${CATALOG_NAME}: no error ${JSON.stringify(symbol)} in the catalog`);
  if (def.definition.needsDetails === true) {
    return new CatalogError(fresh(fallbackDef(), new Error(def.meta.symbol + ": " + def.meta.title)), OCCURRENCE);
  }
  return new CatalogError(fresh(def), OCCURRENCE);
}

function fallbackDef() {
  const def = DEFS.get(FALLBACK);
  if (def === undefined) throw new Error(`${CATALOG_NAME}: no fallback error ${FALLBACK}`);
  return def;
}

/**
 * fromError turns anything thrown into an error of the catalog: an error of
 * the catalog (or one found in its cause chain) is itself, from another
 * copy of the package rebuilt here; anything else becomes the catalog's
 * fallback, the thrown value kept only as its cause (which the wire carries
 * only in verbose mode, sanitized, in debugInfo).
 * @param {unknown} err
 * @returns {CatalogError}
 */
export function fromError(err) {
  let c = err;
  for (let depth = 0; isObject(c) && depth < 100; depth++) {
    if (isCatalogError(c)) return own(c);
    c = /** @type {{ cause?: unknown }} */ (c).cause;
  }
  return new CatalogError(fresh(fallbackDef(), err ?? undefined), OCCURRENCE);
}

/**
 * own returns an error of this catalog made by this copy of the package.
 * @param {CatalogError} err
 */
function own(err) {
  if (OCCURRENCES.has(err)) return err;
  const o = /** @type {{ [OCCURRENCE]?: { symbol: string, details: unknown, options: ErrorOptions } }} */ (/** @type {unknown} */ (err))[OCCURRENCE];
  const def = o === undefined ? undefined : defOf(o.symbol);
  if (o === undefined || def === undefined) return new CatalogError(fresh(fallbackDef(), err), OCCURRENCE);
  return new CatalogError(occurrence(def, o.details, o.options), OCCURRENCE);
}

/** @param {Occurrence} o */
function statusOf(o) {
  return o.status !== 0 ? o.status : /** @type {number} */ (o.def.meta.statuses[0]);
}

/** @param {Occurrence} o */
function retryableOf(o) {
  return o.retryable ?? o.def.meta.retryable;
}

// ---------------------------------------------------------------- options

/**
 * optionsFromEnv reads rendering options from the environment variables
 * named with prefix, as errgenrt.OptionsFromEnv does: PREFIX_VERBOSE,
 * _REDACT, _SUGGESTIONS (booleans: 1/0, true/false, yes/no, on/off;
 * VERBOSE also a positive number or "full"; REDACT=false shows sensitive
 * fields, SUGGESTIONS=false omits suggestions), _MAX_DATA_BYTES,
 * _MAX_STRING_BYTES, _MAX_SUGGESTIONS (non-negative integers) and
 * _SERVER_VERSION. It throws a RangeError naming every invalid value.
 * @param {string} prefix
 * @param {{ readonly [name: string]: string | undefined }} [env] default: process.env
 * @returns {RenderOptions}
 */
export function optionsFromEnv(prefix, env) {
  const vars = env ?? /** @type {{ process?: { env?: { [name: string]: string | undefined } } }} */ (globalThis).process?.env ?? {};
  /** @type {RenderOptions} */
  const o = {};
  /** @type {string[]} */
  const errs = [];
  /** @param {string} name */
  const get = (name) => vars[prefix + "_" + name] ?? "";
  /**
   * @param {string} name
   * @param {boolean} verbose
   * @returns {boolean | undefined}
   */
  const boolean = (name, verbose) => {
    const v = get(name).trim();
    switch (v.toLowerCase()) {
      case "": return undefined;
      case "1": case "true": case "yes": case "on": return true;
      case "0": case "false": case "no": case "off": return false;
    }
    if (verbose && ((/^[+-]?\d+$/.test(v) && Number(v) > 0) || v.toLowerCase() === "full")) return true;
    errs.push(`${prefix}_${name}=${JSON.stringify(v)}: want true or false`);
    return undefined;
  };
  /** @param {string} name */
  const integer = (name) => {
    const v = get(name).trim();
    if (v === "") return undefined;
    const n = Number(v);
    if (!/^[+-]?\d+$/.test(v) || n < 0 || !Number.isSafeInteger(n)) {
      errs.push(`${prefix}_${name}=${JSON.stringify(v)}: want a non-negative integer`);
      return undefined;
    }
    return n;
  };
  if (boolean("VERBOSE", true) === true) o.verbose = true;
  if (boolean("REDACT", false) === false) o.showSensitive = true;
  if (boolean("SUGGESTIONS", false) === false) o.omitSuggestions = true;
  const maxData = integer("MAX_DATA_BYTES");
  if (maxData !== undefined) o.maxDataBytes = maxData;
  const maxString = integer("MAX_STRING_BYTES");
  if (maxString !== undefined) o.maxStringBytes = maxString;
  const maxSuggestions = integer("MAX_SUGGESTIONS");
  if (maxSuggestions !== undefined) o.maxSuggestions = maxSuggestions;
  const version = vars[prefix + "_SERVER_VERSION"];
  if (version !== undefined && version !== "") o.serverVersion = version;
  if (errs.length > 0) throw new RangeError(`${CATALOG_NAME}: ${errs.join("; ")}`);
  return o;
}

// ---------------------------------------------------------------- rendering

/**
 * @param {RenderOptions | undefined} o
 * @returns {Encoder}
 */
function encoder(o) {
  return new Encoder(o ?? {}, LIMITS.maxStringBytes, READER);
}

/**
 * messageText returns the message as the wire carries it by default.
 * @param {Occurrence} occ
 */
function messageText(occ) {
  const enc = encoder(undefined);
  return truncate(enc.render(occ.def.definition.message, occ.details), enc.limit(null));
}

/** @param {Occurrence} occ */
function verboseMessage(occ) {
  return encoder({ verbose: true }).render(occ.def.definition.message, occ.details);
}

/**
 * causeText returns the text of one error of a cause chain: an error's
 * message (SYMBOL: message for an error of the catalog), anything else as
 * a string.
 * @param {unknown} c
 */
function causeText(c) {
  if (isCatalogError(c)) return c.symbol + ": " + c.message;
  if (isObject(c) && typeof (/** @type {{ message?: unknown }} */ (c)).message === "string") return /** @type {{ message: string }} */ (c).message;
  return String(c);
}

/**
 * causeChain returns the texts of the cause chain of o, outermost first, at
 * most max of them.
 * @param {Occurrence} o
 * @param {number} max
 */
function causeChain(o, max) {
  const out = [];
  let c = o.hasCause ? o.cause : undefined;
  for (; c !== undefined && c !== null && out.length < max; c = isObject(c) ? /** @type {{ cause?: unknown }} */ (c).cause : undefined) {
    out.push(causeText(c));
  }
  return out;
}

/** @param {RenderOptions} o */
function suggestionsBound(o) {
  return (o.maxSuggestions ?? 0) > 0 ? /** @type {number} */ (o.maxSuggestions) : LIMITS.maxSuggestions;
}

/** @param {RenderOptions} o */
function dataBound(o) {
  return (o.maxDataBytes ?? 0) > 0 ? /** @type {number} */ (o.maxDataBytes) : LIMITS.maxDataBytes;
}

/** @param {RenderOptions} o */
function timestamp(o) {
  const d = o.now !== undefined ? o.now() : new Date();
  return d.toISOString().replace(/\.\d+Z$/, "Z");
}

/**
 * @callback Writer
 * @param {Occurrence} e
 * @param {Encoder} enc
 * @param {RenderOptions} o
 * @returns {string}
 */

/**
 * fit writes the payload of e, within maxDataBytes: past it written again
 * minimal (strings of 64 bytes, then of 8), and still past it the
 * catalog's fallback, minimal, caused by e, unless e is the fallback.
 * Returns the payload and the occurrence it is of.
 * @param {Occurrence} e
 * @param {RenderOptions} o
 * @param {Writer} write
 * @returns {[string, Occurrence, Encoder]}
 */
function fit(e, o, write) {
  countRendered(e.def);
  const enc = encoder(o);
  const max = dataBound(o);
  let out = write(e, enc, o);
  for (const n of [64, 8]) {
    if (max <= 0 || utf8Length(out) <= max) return [out, e, enc];
    enc.minimal = true;
    enc.minString = n;
    out = write(e, enc, o);
  }
  const fb = DEFS.get(FALLBACK);
  if (max <= 0 || utf8Length(out) <= max || fb === undefined || fb === e.def) return [out, e, enc];
  const f = fresh(fb, e.error ?? new Error(e.def.meta.symbol));
  return [write(f, enc, o), f, enc];
}

/** @type {Writer} */
function writeJsonRpc(e, enc, o) {
  const meta = e.def.meta;
  let out = '{"code":' + formatCode(meta.wireCode) + ',"message":' + quote(enc.render(e.def.definition.message, e.details), enc.limit(null)) + ',"data":{';
  if (enc.full()) {
    e.data.forEach(([k, v], i) => {
      if (RPC_DATA_MEMBERS.includes(k) || firstAt(e.data, k) < i) return;
      out += quote(k, -1) + ":" + enc.any(v, enc.limit(null)) + ",";
    });
  }
  out += '"domain":' + quote(meta.domain, -1) + ',"symbol":' + quote(meta.symbol, -1) + ',"retryable":' + retryableOf(e);
  out += ',"context":{"schemaVersion":' + formatCode(CATALOG.schemaVersion) + ',"type":' + quote(meta.type, -1) + ',"details":' + detailsJSON(e, enc);
  out += advice(e, enc, o) + ',"retryable":' + retryableOf(e);
  if (o.verbose === true && enc.full()) out += ',"debugInfo":' + debugInfo(e, o);
  return out + "}}}";
}

/**
 * formatCode writes an integer the catalog holds.
 * @param {number} n
 */
function formatCode(n) {
  return String(n);
}

/**
 * firstAt returns the index of the first member named k.
 * @param {ReadonlyArray<readonly [string, unknown]>} kvs
 * @param {string} k
 */
function firstAt(kvs, k) {
  return kvs.findIndex((kv) => kv[0] === k);
}

/**
 * details writes the details object; {} for an error without.
 * @param {Occurrence} e
 * @param {Encoder} enc
 */
function detailsJSON(e, enc) {
  const d = e.details;
  if (d === null) return "{}";
  return d instanceof FieldErrors ? enc.fieldErrors(d) : enc.object(d);
}

/**
 * advice writes ,"userMessage" and ,"suggestions", when the error has them
 * and the payload is not minimal.
 * @param {Occurrence} e
 * @param {Encoder} enc
 * @param {RenderOptions} o
 */
function advice(e, enc, o) {
  if (!enc.full()) return "";
  const def = e.def.definition;
  let out = "";
  if (def.userMessage !== undefined && def.userMessage !== "") {
    out += ',"userMessage":' + quote(enc.render(def.userMessage, e.details), enc.limit(null));
  }
  const suggestions = def.suggestions ?? [];
  const max = suggestionsBound(o);
  if (o.omitSuggestions !== true && suggestions.length > 0 && max > 0) {
    out += ',"suggestions":[' + suggestions.slice(0, max).map((s) => quote(enc.render(s, e.details), enc.limit(null))).join(",") + "]";
  }
  return out;
}

/**
 * debugInfo writes {errorChain, requestId, timestamp, serverVersion}: the
 * cause chain sanitized, at most 5 entries of at most 256 bytes.
 * @param {Occurrence} e
 * @param {RenderOptions} o
 */
function debugInfo(e, o) {
  let out = '{"errorChain":[' + causeChain(e, 5).map((t) => quote(sanitizeText(t), 256)).join(",") + "]";
  if (e.requestId !== "") out += ',"requestId":' + quote(e.requestId, 256);
  out += ',"timestamp":"' + timestamp(o) + '"';
  if (o.serverVersion !== undefined && o.serverVersion !== "") out += ',"serverVersion":' + quote(o.serverVersion, 256);
  return out + "}";
}

/** @type {Writer} */
function writeProblem(e, enc, o) {
  const meta = e.def.meta;
  let out = '{"type":' + quote(meta.problemType, -1) + ',"title":' + quote(meta.title, -1) + ',"status":' + statusOf(e);
  out += ',"detail":' + quote(enc.render(e.def.definition.message, e.details), enc.limit(null));
  let instance = e.instance;
  if (instance === "") instance = o.instance !== undefined ? o.instance() : "urn:uuid:" + randomUUID();
  out += ',"instance":' + quote(instance, -1) + ',"timestamp":"' + timestamp(o) + '","symbol":' + quote(meta.symbol, -1) + ',"retryable":' + retryableOf(e);
  out += advice(e, enc, o);
  enc.flatKeys = [];
  const d = e.details;
  if (d !== null) {
    enc.flat = d;
    const flat = d instanceof FieldErrors ? flatFieldErrors(enc, d) : enc.members(d);
    enc.flat = null;
    if (flat.length > 0) out += "," + flat.join(",");
  }
  if (enc.full()) {
    e.extensions.forEach(([k, v], i) => {
      if (PROBLEM_MEMBERS.includes(k) || e.def.detailFields.includes(k) || enc.flatKeys.includes(k) || firstAt(e.extensions, k) < i) return;
      out += "," + quote(k, -1) + ":" + enc.any(v, enc.limit(null));
    });
  }
  if (o.verbose === true && enc.full()) out += ',"debugInfo":' + debugInfo(e, o);
  return out + "}";
}

/**
 * flatFieldErrors returns the members of the built-in shape.
 * @param {Encoder} enc
 * @param {FieldErrors} d
 */
function flatFieldErrors(enc, d) {
  const json = enc.fieldErrors(d);
  const inner = json.slice(1, -1);
  const at = inner.lastIndexOf(',"totalErrors":');
  return [inner.slice(0, at), inner.slice(at + 1)];
}

function randomUUID() {
  const c = /** @type {{ crypto?: { randomUUID?: () => string } }} */ (globalThis).crypto;
  if (c?.randomUUID !== undefined) return c.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(Math.random() * 4)] ?? "8";
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** @type {Writer} */
function writeResponse(e, enc) {
  const meta = e.def.meta;
  let out = '{"error":true,"code":' + quote(meta.symbol, -1) + ',"message":' + quote(enc.render(e.def.definition.message, e.details), enc.limit(null));
  if (e.details !== null) out += ',"details":' + detailsJSON(e, enc);
  return out + "}";
}

/**
 * @param {unknown} err
 * @returns {Occurrence}
 */
function occurrenceFrom(err) {
  return occurrenceOf(fromError(err));
}

// --------------------------------------------------------------- metrics

/**
 * countRendered counts a rendered error when metrics are enabled (set by
 * Metrics, which alone reaches its counters).
 * @type {(def: Def) => void}
 */
let countRendered = () => {};

/**
 * Metrics counts rendered errors: in all, by code, by domain and by
 * symbol, as errgenrt.Metrics does. The counters live until the process
 * ends.
 */
export class Metrics {
  #total = 0;
  /** @type {Map<string, number>} */
  #byCode = new Map();
  /** @type {Map<string, number>} */
  #byDomain = new Map();
  /** @type {Map<string, number>} */
  #bySymbol = new Map();

  /**
   * record counts one error of a symbol (or alias); a symbol the catalog
   * does not have is a TypeError.
   * @param {string} symbol
   */
  record(symbol) {
    const def = defOf(symbol);
    if (def === undefined) throw new TypeError(`${CATALOG_NAME}: no error ${JSON.stringify(symbol)} in the catalog`);
    this.#count(def.meta);
  }

  /** @param {Def["meta"]} meta */
  #count(meta) {
    this.#total++;
    for (const [m, k] of /** @type {const} */ ([[this.#byCode, String(meta.code)], [this.#byDomain, meta.domain], [this.#bySymbol, meta.symbol]])) {
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  }

  /**
   * snapshot returns the counters at this moment, in the shape of the
   * sys/errorStats result: { total, byCode, byDomain, bySymbol }.
   * @returns {ErrorStats}
   */
  snapshot() {
    /** @param {Map<string, number>} m */
    const obj = (m) => Object.fromEntries(sorted(m));
    return { total: this.#total, byCode: obj(this.#byCode), byDomain: obj(this.#byDomain), bySymbol: obj(this.#bySymbol) };
  }

  /**
   * snapshotJSON returns the snapshot as the sys/errorStats result's JSON,
   * byte for byte what errgenrt's Stats.AppendJSON writes: every object's
   * keys sorted. (JSON.stringify of snapshot() would put the codes that
   * are array indexes, 0 and up, before the others.)
   */
  snapshotJSON() {
    /** @param {Map<string, number>} m */
    const obj = (m) => "{" + sorted(m).map(([k, n]) => quote(k, -1) + ":" + n).join(",") + "}";
    return '{"total":' + this.#total + ',"byCode":' + obj(this.#byCode) + ',"byDomain":' + obj(this.#byDomain) + ',"bySymbol":' + obj(this.#bySymbol) + "}";
  }

  static {
    countRendered = (def) => {
      if (metrics !== null) metrics.#count(def.meta);
    };
  }
}


/**
 * sorted returns the counts of m by key, as Go sorts the keys: codes,
 * domains and symbols are ASCII, where string order is byte order.
 * @param {Map<string, number>} m
 */
const sorted = (m) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** @type {Metrics | null} */
let metrics = null;

/**
 * enableMetrics starts counting the errors the renderers render, each
 * payload once (as errgenrt's Catalog.EnableMetrics does), and returns the
 * counters: the same ones on every call. Serve snapshotJSON() as the
 * result of sys/errorStats.
 * @returns {Metrics}
 */
export function enableMetrics() {
  return (metrics ??= new Metrics());
}

/**
 * renderJsonRpcError returns the JSON-RPC error object of err (the error
 * member of a response): {code, message, data: {legacy data…, domain,
 * symbol, retryable, context}}. Anything that is not an error of the
 * catalog is its fallback (see fromError).
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function renderJsonRpcError(err, options) {
  return fit(occurrenceFrom(err), options ?? {}, writeJsonRpc)[0];
}

/**
 * jsonRpcParts returns the members of the JSON-RPC error object apart: the
 * wire code, the message and data as JSON text, for libraries whose error
 * type holds them so.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {{ code: number, message: string, data: string }}
 */
export function jsonRpcParts(err, options) {
  const o = options ?? {};
  const [obj, r, enc] = fit(occurrenceFrom(err), o, writeJsonRpc);
  const at = obj.indexOf(',"data":');
  return {
    code: r.def.meta.wireCode,
    message: truncate(enc.render(r.def.definition.message, r.details), enc.limit(null)),
    data: obj.slice(at + ',"data":'.length, -1),
  };
}

/**
 * renderProblem returns the RFC 9457 problem document of err.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function renderProblem(err, options) {
  return problemOf(err, options).body;
}

/**
 * problemOf returns the problem document of err with the HTTP status of
 * the error it is of (the fallback's, where the error's own did not fit):
 * what an HTTP response carries.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {{ status: number, body: string }}
 */
export function problemOf(err, options) {
  const [body, r] = fit(occurrenceFrom(err), options ?? {}, writeProblem);
  return { status: statusOf(r), body };
}

/**
 * renderResponse returns the plain response {error, code, message,
 * details} of err.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function renderResponse(err, options) {
  return fit(occurrenceFrom(err), options ?? {}, writeResponse)[0];
}

/**
 * renderToolResult returns the MCP tool result carrying the problem
 * document of err as text: {"content":[{"type":"text","text":…}],"isError":true}.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function renderToolResult(err, options) {
  return '{"content":[{"type":"text","text":' + quote(renderProblem(err, options), -1) + '}],"isError":true}';
}

/**
 * toolErrorsAsJsonRpc reports whether a failing MCP tools/call sends err
 * as a JSON-RPC error rather than as an isError result (the catalog's
 * mcp.tool_errors: error).
 * @param {unknown} err
 */
export function toolErrorsAsJsonRpc(err) {
  return occurrenceFrom(err).def.definition.toolErrorsAsRPC === true;
}
