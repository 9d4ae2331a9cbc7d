// @ts-check
// The core of the server half of the generated package (server.js exports
// it with the constructors): errors of the catalog raised with typed
// details, any other throw turned into the catalog's fallback, the
// renderers of every wire format, and the log forms of an error. It reads
// the catalog's facts (facts.js) and writes every detail value with the
// one interpreter of write.js; its rules are those of errgen's Go runtime
// (errgenrt), byte for byte: docs/guide/conformance.md. What a catalog's
// facts make is one Catalog, which each error points to: the exported
// functions raise the package's errors, and the conformance runner those
// of a catalog whose facts it is given (catalogs.js).

import { FACTS } from "./facts.js";
import { sanitizeText } from "./sanitize.js";
import { fits, quote, truncate } from "./wire.js";
import { Encoder, Tables, isObject } from "./write.js";
import { lend } from "./catalogs.js";

/**
 * An error of the catalog as the runtime reads it: its facts, and the
 * names every payload of it writes as JSON strings, quoted once, at load.
 * @typedef {import("./facts.js").ErrorFacts & {
 *   readonly jsonSymbol: string, readonly jsonDomain: string, readonly jsonType: string,
 *   readonly jsonTitle: string, readonly jsonProblemType: string,
 *   readonly catalog: Catalog
 * }} Def
 */
/** @typedef {import("./facts.js").Template} Template */
/** @typedef {import("./facts.js").RetryClass} RetryClass */
/** @typedef {import("./write.js").Violation} Violation */
/** @typedef {import("./write.js").Members} DetailMembers */

/**
 * @typedef {object} RenderOptions
 * @property {boolean} [verbose] verbose-only fields and debugInfo (sensitive values stay redacted, x-sanitize values scrubbed)
 * @property {boolean} [showSensitive] sensitive values in clear and x-sanitize values as given
 * @property {boolean} [omitSuggestions] no suggestions
 * @property {number} [maxDataBytes] the bound of each whole payload (0: the catalog's; below the rules' floor, 512, the floor)
 * @property {number} [maxStringBytes] the bound of each string (0: the catalog's; below the rules' floor, 16, the floor)
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
 * @property {number} [retryAfterMs]
 * @property {string} [requestId]
 * @property {string} [instance]
 * @property {Members} [data]
 * @property {Members} [extensions]
 * @property {boolean} [logSensitive] the log forms show this occurrence's sensitive values in clear (never the wire)
 * @property {boolean} [telemetryCause] telemetry (the send hook's telemetryCause) may record the text of this occurrence's cause
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
 * Occurrence is one raised error: its definition (the error's facts), its
 * details and the per-occurrence members.
 * @typedef {object} Occurrence
 * @property {Def} def
 * @property {DetailMembers | null} details null: none given (each member absent)
 * @property {unknown} raw the details as given
 * @property {OccurrenceOptions} options
 * @property {CatalogError | undefined} error the error raised with it
 * @property {{ readonly symbol: string, readonly message: string } | undefined} wire its error's name and message, once read
 */

/**
 * The options of an occurrence, as newError's ErrorOptions gave them
 * (NO_OCCURRENCE_OPTIONS, shared, when none were).
 * @typedef {object} OccurrenceOptions
 * @property {boolean} hasCause
 * @property {unknown} cause
 * @property {boolean | undefined} retryable
 * @property {number | undefined} retryAfterMs the delay before a retry, normalized (retryAfter); undefined: none given
 * @property {number} status 0: the default
 * @property {ReadonlyArray<readonly [string, unknown]>} data
 * @property {ReadonlyArray<readonly [string, unknown]>} extensions
 * @property {string} requestId
 * @property {string} instance
 * @property {boolean} logSensitive
 * @property {boolean} telemetryCause
 */

/** The format of the facts this runtime reads (their "facts" member). */
const FACTS_FORMAT = 2;
/** The constants of the wire, the same in every catalog's facts: the package's. */
const RULES = FACTS.rules;

/** The media type of RFC 9457 problem documents. */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * Catalog is one catalog as the runtime reads its facts: its errors by
 * symbol and by alias (each Def points back at its catalog), its fallback,
 * the tables its detail nodes are read with, its limits, its
 * schemaVersion and its name. An occurrence renders with its error's
 * catalog. The exported functions raise the errors of the package's own
 * (PACKAGE, from facts.js); the conformance runner raises those of
 * another catalog, built from facts given at run time, through the same
 * code (see catalogs.js).
 */
class Catalog {
  /**
   * The facts must be of format FACTS_FORMAT, each error of a retry class
   * the wire knows, and the fallback an error of theirs: else an Error.
   * @param {import("./facts.js").Facts} facts
   */
  constructor(facts) {
    /** The catalog's name: its errors' brand, and the head of the runtime's messages. */
    this.name = facts.name;
    if (facts.facts !== FACTS_FORMAT) throw new Error(`${this.name}: facts of format ${facts.facts}; this runtime reads format ${FACTS_FORMAT}`);
    this.tables = new Tables(facts);
    this.limits = facts.limits;
    this.schemaVersion = facts.schemaVersion;
    /** @type {Map<string, Def>} by symbol and by alias */
    this.defs = new Map();
    for (const e of facts.errors) {
      // every member present, in one order, the details' node the one the
      // interpreter reads: every error an object of one shape (see
      // Tables.uniform)
      /** @type {Def} */
      const def = {
        symbol: e.symbol,
        aliases: e.aliases,
        code: e.code,
        wireCode: e.wireCode,
        type: e.type,
        domain: e.domain,
        title: e.title,
        problemType: e.problemType,
        statuses: e.statuses,
        retryable: e.retryable,
        retry: this.retryClass(e),
        retryAfterMs: e.retryAfterMs,
        throttling: e.throttling,
        deprecated: e.deprecated,
        replacedBy: e.replacedBy,
        toolErrorsAsRpc: e.toolErrorsAsRpc,
        needsDetails: e.needsDetails,
        details: e.details === undefined ? undefined : this.tables.uniform(e.details),
        sensitive: e.sensitive,
        message: e.message,
        userMessage: e.userMessage,
        suggestions: e.suggestions,
        jsonSymbol: quote(e.symbol, -1),
        jsonDomain: quote(e.domain, -1),
        jsonType: quote(e.type, -1),
        jsonTitle: quote(e.title, -1),
        jsonProblemType: quote(e.problemType, -1),
        catalog: this,
      };
      for (const s of [def.symbol, ...(def.aliases ?? [])]) this.defs.set(s, def);
    }
    const fallback = this.defs.get(facts.fallback);
    if (fallback === undefined) throw new Error(`${this.name}: no fallback error ${facts.fallback}`);
    /** The error any other error becomes. */
    this.fallback = fallback;
  }

  /**
   * retryClass returns the retry class of error e of the facts, which must
   * be one of the three the wire knows.
   * @param {import("./facts.js").ErrorFacts} e
   * @returns {RetryClass}
   */
  retryClass(e) {
    const c = e.retry;
    if (c !== "never" && c !== "after_change" && c !== "after_delay") throw new Error(`${this.name}: ${e.symbol} has retry class ${JSON.stringify(c)}; this runtime reads never, after_change and after_delay`);
    return c;
  }

  /**
   * defOf returns the error of a symbol or alias.
   * @param {unknown} symbol
   * @returns {Def | undefined}
   */
  defOf(symbol) {
    return typeof symbol === "string" ? this.defs.get(symbol) : undefined;
  }

  /**
   * mustDef returns the error of a symbol or alias; one the catalog does
   * not have is a TypeError.
   * @param {unknown} symbol
   * @returns {Def}
   */
  mustDef(symbol) {
    const def = this.defOf(symbol);
    if (def === undefined) throw new TypeError(`${this.name}: no error ${JSON.stringify(symbol)} in the catalog`);
    return def;
  }

  /**
   * isError reports whether value is an error of this catalog (from any
   * copy of its package): its brand is the catalog's name.
   * @param {unknown} value
   * @returns {value is CatalogError}
   */
  isError(value) {
    return typeof value === "object" && value !== null && /** @type {{ [BRAND]?: unknown }} */ (value)[BRAND] === this.name;
  }

  /**
   * raised returns the occurrence newError raises: symbol's error with its
   * details, typed by its node (a TypeError naming the error and the
   * field, else), and the options.
   * @param {string} symbol
   * @param {unknown} details
   * @param {ErrorOptions | undefined} options
   * @returns {Occurrence}
   */
  raised(symbol, details, options) {
    const def = this.mustDef(symbol);
    const wrong = detailsTypeError(def, details);
    if (wrong !== "") throw new TypeError(`${def.symbol}: ${wrong}`);
    return occurrence(def, details, options);
  }

  /**
   * bare returns the occurrence errorOf raises: symbol's error without its
   * details, or the fallback, caused by it, where empty details break
   * its schema.
   * @param {string} symbol
   * @returns {Occurrence}
   */
  bare(symbol) {
    const def = this.mustDef(symbol);
    if (def.needsDetails === true) return fresh(this.fallback, new Error(def.symbol + ": " + def.title));
    return fresh(def);
  }

  /**
   * found returns the error of the catalog that fromError turns err into,
   * when err's cause chain (err itself first) has one: that error, from
   * another copy of the package rebuilt here; else undefined, for the
   * fallback caused by err.
   * @param {unknown} err
   * @returns {CatalogError | undefined}
   */
  found(err) {
    let c = err;
    for (let depth = 0; typeof c === "object" && c !== null && depth < 100; depth++) {
      if (this.isError(c)) return this.own(c);
      c = /** @type {{ cause?: unknown }} */ (c).cause;
    }
    return undefined;
  }

  /**
   * own returns an error of this catalog made by this copy of the package.
   * @param {CatalogError} err
   */
  own(err) {
    if (madeHere(err)?.def.catalog === this) return err;
    const o = /** @type {{ [OCCURRENCE]?: { symbol: string, details: unknown, options: ErrorOptions } }} */ (/** @type {unknown} */ (err))[OCCURRENCE];
    const def = o === undefined ? undefined : this.defOf(o.symbol);
    if (o === undefined || def === undefined) return made(new Error(), fresh(this.fallback, err));
    return made(new Error(), occurrence(def, o.details, o.options));
  }

  /**
   * errors returns what raises the errors of this catalog as newError,
   * errorOf and fromError raise the package's: the conformance runner's
   * way to a catalog built from facts it is given (see catalogs.js).
   * @returns {import("./catalogs.js").CatalogErrors}
   */
  errors() {
    return {
      newError: (symbol, details, options) => made(new Error(), this.raised(symbol, details, options)),
      errorOf: (symbol) => made(new Error(), this.bare(symbol)),
      fromError: (err) => this.found(err) ?? made(new Error(), fresh(this.fallback, err ?? undefined)),
      onViolation: (hook) => {
        const previous = this.tables.onViolation;
        this.tables.onViolation = hook;
        return previous;
      },
    };
  }
}

const BRAND = Symbol.for("errgen.CatalogError");
const OCCURRENCE = Symbol.for("errgen.CatalogError.occurrence");

/**
 * retryAfter normalizes a delay before a retry given in ms: NaN, a
 * negative number (-Infinity too) and anything but a number are none
 * (undefined); any other is rounded up to whole ms (-0 is 0), and one past
 * the rules' maxRetryAfterMs (Infinity too) is maxRetryAfterMs. The work
 * is the same whatever the number.
 * @param {unknown} ms
 * @returns {number | undefined}
 */
function retryAfter(ms) {
  if (typeof ms !== "number" || Number.isNaN(ms) || ms < 0) return undefined;
  const whole = Math.ceil(ms);
  if (whole > RULES.maxRetryAfterMs) return RULES.maxRetryAfterMs;
  return whole === 0 ? 0 : whole; // Math.ceil(-0) is -0, written 0
}

/** The package's catalog: the one of its facts (facts.js). */
const PACKAGE = new Catalog(FACTS);
lend((facts) => new Catalog(facts).errors());

/**
 * detailField reports whether name is a top-level property of def's details.
 * @param {Def} def
 * @param {string} name
 */
function detailField(def, name) {
  return def.details !== undefined && def.catalog.tables.fields(def.details).byName.has(name);
}

/**
 * onViolation sets the function that learns of every detail value the
 * renderers do not write as given, since it breaks its schema (errgenrt's
 * Catalog.OnViolation): its error, its path in the details (a JSON
 * Pointer), the keyword it breaks and what was written instead (omitted,
 * replaced, fallback). It runs while a payload renders, once per payload,
 * and is not passed the value, which may be secret: count violations, log
 * them or, in tests, throw. null removes it; it returns the previous one.
 * @param {((v: Violation) => void) | null} hook
 * @returns {((v: Violation) => void) | null}
 */
export function onViolation(hook) {
  if (hook !== null && typeof hook !== "function") throw new TypeError(`${PACKAGE.name}: onViolation takes a function or null`);
  const previous = PACKAGE.tables.onViolation;
  PACKAGE.tables.onViolation = hook;
  return previous;
}

/**
 * madeHere returns the occurrence of value when it is an error this copy
 * of the package made, else undefined (Occurrences sets it: its private
 * member holds the occurrence).
 * @type {(value: unknown) => Occurrence | undefined}
 */
let madeHere = () => undefined;

/** A base class whose constructor returns the value it is given. */
class Given {
  /** @param {object} value */
  constructor(value) {
    return value;
  }
}

/**
 * Occurrences gives an error the private member that holds its occurrence:
 * `new Occurrences(err, o)` adds the member to err itself (its base
 * class's constructor returns err, so err is the `this` the member is
 * added to), as a class's constructor adds its fields.
 */
class Occurrences extends Given {
  /** @type {Occurrence} */
  #o;

  /**
   * @param {Error} err
   * @param {Occurrence} o
   */
  constructor(err, o) {
    super(err);
    this.#o = o;
  }

  static {
    madeHere = (value) => (typeof value === "object" && value !== null && #o in value ? value.#o : undefined);
  }
}

/**
 * occurrenceOf returns the occurrence of an error this copy made.
 * @param {CatalogError} err
 * @returns {Occurrence}
 */
function occurrenceOf(err) {
  const o = madeHere(err);
  if (o === undefined) throw new TypeError(`${PACKAGE.name}: not an error of this package`);
  return o;
}
const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/**
 * ownValue gives err an own data property as an Error's own message is:
 * writable, configurable, not enumerable (what assigning its message or
 * name does).
 * @param {Error} err
 * @param {string} key
 * @param {unknown} value
 */
function ownValue(err, key, value) {
  Object.defineProperty(err, key, { value, enumerable: false, configurable: true, writable: true });
}

// ---------------------------------------------------------------- errors

/**
 * CatalogError is one occurrence of an error of the catalog. Its message
 * is what the wire carries by default (sensitive values redacted, bounded,
 * no cause; the fallback's, when its details have no valid form), its name
 * the symbol that message is of, and toJSON its JSON-RPC error object, so
 * that String(err), JSON.stringify or an SDK that sends the message
 * discloses nothing more; its details are read explicitly (err.details),
 * never enumerated. Its log forms — verboseError(), logValue(),
 * util.inspect and console.log, and its enumerable log member, which a
 * serializer that walks its properties (pino's) records — have its
 * verbose-only fields and its cause chain, sensitive values redacted and
 * x-sanitize values scrubbed unless the occurrence was made with
 * logSensitive. It is recognised by a brand, across copies of
 * the package too.
 *
 * Its name and message are rendered when first read (by the accessors
 * below, by String(err), or by the stack, which V8 writes out when it is
 * first read), then kept: raising an error costs about what raising an
 * Error costs, and a server that only renders it never renders them.
 */
export class CatalogError extends Error {
  /** Errors of the catalog are made by newError and the like (see made). */
  constructor() {
    super();
    throw new TypeError(`${PACKAGE.name}: create errors with newError`);
  }

  /**
   * The message the wire carries by default: rendered and bounded,
   * sensitive values redacted (the fallback's, when the details have no
   * valid form). Assigning it gives the error an own message, as it would
   * any Error.
   * @override
   */
  get message() {
    return wireForm(occurrenceOf(this)).message;
  }

  /** @override */
  set message(value) {
    ownValue(this, "message", value);
  }

  /**
   * The symbol of the message: the error's, or the fallback's when the
   * details have no valid form. Assigning it gives the error an own name.
   * @override
   */
  get name() {
    return wireForm(occurrenceOf(this)).symbol;
  }

  /** @override */
  set name(value) {
    ownValue(this, "name", value);
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

  /** The brand: the name of the error's catalog (the package's, on the prototype). */
  get [BRAND]() {
    return (madeHere(this)?.def.catalog ?? PACKAGE).name;
  }

  /**
   * The occurrence as another copy of the package reads it.
   * @returns {{ symbol: string, details: unknown, options: ErrorOptions }}
   */
  get [OCCURRENCE]() {
    const o = occurrenceOf(this);
    const given = o.options;
    /** @type {ErrorOptions} */
    const options = { data: given.data, extensions: given.extensions, requestId: given.requestId, instance: given.instance };
    if (given.hasCause) options.cause = given.cause;
    if (given.status !== 0) options.status = given.status;
    if (given.retryable !== undefined) options.retryable = given.retryable;
    if (given.retryAfterMs !== undefined) options.retryAfterMs = given.retryAfterMs;
    if (given.logSensitive) options.logSensitive = true;
    if (given.telemetryCause) options.telemetryCause = true;
    return { symbol: o.def.symbol, details: o.raw, options };
  }

  /** The error's symbol (never an alias). */
  get symbol() {
    return occurrenceOf(this).def.symbol;
  }

  /** The error's catalog code. */
  get code() {
    return occurrenceOf(this).def.code;
  }

  /** The JSON-RPC error.code. */
  get wireCode() {
    return occurrenceOf(this).def.wireCode;
  }

  /** The error's type. */
  get type() {
    return occurrenceOf(this).def.type;
  }

  /** The error's domain. */
  get domain() {
    return occurrenceOf(this).def.domain;
  }

  /** The HTTP status of the occurrence. */
  get status() {
    return statusOf(occurrenceOf(this));
  }

  /** Whether the occurrence may be retried as it is: its retry class is after_delay. */
  get retryable() {
    return retryableOf(occurrenceOf(this));
  }

  /**
   * When the request may be sent again: "never", "after_change" or
   * "after_delay" (the catalog's class, moved by the retryable option).
   */
  get retry() {
    return retryClassOf(occurrenceOf(this));
  }

  /**
   * The delay before a retry in whole ms that the payloads carry (the
   * occurrence's, else the catalog's default); undefined when they carry
   * none.
   */
  get retryAfterMs() {
    return retryAfterOf(occurrenceOf(this));
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
   * The message for server logs: verbose (verbose-only fields included),
   * not bounded, followed by the cause chain; sensitive values redacted
   * and x-sanitize values scrubbed unless the occurrence was made with
   * logSensitive. Never send it.
   */
  verboseError() {
    const o = occurrenceOf(this);
    return [o.def.symbol + ": " + logMessage(o), ...causeChain(o, Infinity)].join(": ");
  }

  /**
   * What a structured logger should record: the symbol, the code, the log
   * message (as verboseError's), the cause chain, the request id and the
   * stack. For server logs only; the wire never carries a stack.
   */
  logValue() {
    const o = occurrenceOf(this);
    /** @type {{ symbol: string, code: number, message: string, cause?: string, requestId?: string, stack?: string }} */
    const v = { symbol: o.def.symbol, code: o.def.code, message: logMessage(o) };
    const chain = causeChain(o, Infinity);
    if (chain.length > 0) v.cause = chain.join(": ");
    if (o.options.requestId !== "") v.requestId = o.options.requestId;
    if (this.stack !== undefined) v.stack = this.stack;
    return v;
  }

  /**
   * util.inspect and console.log: the error as Node shows one, its first
   * line the symbol and the log message, then its stack and its cause.
   * @param {number} _depth
   * @param {object} options
   * @param {(value: unknown, options: object) => string} [inspect]
   */
  [INSPECT](_depth, options, inspect) {
    const o = madeHere(this);
    if (o === undefined || typeof inspect !== "function") return this;
    const head = o.def.symbol + ": " + logMessage(o);
    const view = new Error(head, o.options.hasCause ? { cause: o.options.cause } : undefined);
    ownValue(view, "name", o.def.symbol);
    const stack = typeof this.stack === "string" ? this.stack : "";
    const header = this.name + ": " + this.message;
    const nl = stack.indexOf("\n");
    const frames = stack.startsWith(header) ? stack.slice(header.length) : nl < 0 ? "" : stack.slice(nl);
    ownValue(view, "stack", head + frames);
    if (o.options.requestId !== "") Object.defineProperty(view, "requestId", { value: o.options.requestId, enumerable: true });
    return inspect(view, options);
  }
}

/**
 * log is verboseError() as an enumerable member of every error of the
 * catalog (an accessor of its prototype): a serializer that copies an
 * error's enumerable properties, as pino's err serializer does, records
 * the log form beside the wire's message.
 */
Object.defineProperty(CatalogError.prototype, "log", {
  enumerable: true,
  configurable: true,
  get() {
    return madeHere(this) !== undefined ? /** @type {CatalogError} */ (this).verboseError() : undefined;
  },
});

/**
 * made makes err, an Error its caller has just constructed, the error of
 * the occurrence o: an instance of CatalogError that holds o and has its
 * cause. The caller constructs the Error so that its stack starts at the
 * caller's frame, as it would under a subclass's constructor; V8 captures
 * it for less that way, as it walks no constructor's frame to skip.
 * @param {Error} err
 * @param {Occurrence} o
 * @returns {CatalogError}
 */
function made(err, o) {
  Object.setPrototypeOf(err, CatalogError.prototype);
  new Occurrences(err, o);
  if (o.options.hasCause) ownValue(err, "cause", o.options.cause);
  const e = /** @type {CatalogError} */ (/** @type {unknown} */ (err));
  o.error = e;
  return e;
}

/**
 * isCatalogError reports whether value is an error of this catalog (from
 * any copy of its package).
 * @param {unknown} value
 * @returns {value is CatalogError}
 */
export function isCatalogError(value) {
  return PACKAGE.isError(value);
}

/** @type {ReadonlyArray<readonly [string, unknown]>} no members */
const NONE = Object.freeze([]);
/** @type {OccurrenceOptions} the options of an occurrence made without */
const NO_OCCURRENCE_OPTIONS = Object.freeze({
  hasCause: false,
  cause: undefined,
  retryable: undefined,
  retryAfterMs: undefined,
  status: 0,
  data: NONE,
  extensions: NONE,
  requestId: "",
  instance: "",
  logSensitive: false,
  telemetryCause: false,
});

/**
 * @param {Members | undefined} m
 * @returns {ReadonlyArray<readonly [string, unknown]>}
 */
function members(m) {
  if (m === undefined || m === null) return NONE;
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
 * @param {ErrorOptions | undefined} options
 * @returns {Occurrence}
 */
function occurrence(def, details, options) {
  return {
    def,
    details: def.details !== undefined && isObject(details) ? details : null,
    raw: def.details === undefined ? undefined : details,
    options: typeof options === "object" && options !== null ? occurrenceOptions(def, options) : NO_OCCURRENCE_OPTIONS,
    error: undefined,
    wire: undefined,
  };
}

/**
 * occurrenceOptions reads the options of an occurrence of def.
 * @param {Def} def
 * @param {ErrorOptions} options
 * @returns {OccurrenceOptions}
 */
function occurrenceOptions(def, options) {
  const status = options.status;
  return {
    hasCause: "cause" in options,
    cause: options.cause,
    retryable: typeof options.retryable === "boolean" ? options.retryable : undefined,
    retryAfterMs: retryAfter(options.retryAfterMs),
    status: typeof status === "number" && def.statuses.includes(status) ? status : 0,
    data: members(options.data),
    extensions: members(options.extensions),
    requestId: typeof options.requestId === "string" ? options.requestId : "",
    instance: typeof options.instance === "string" ? options.instance : "",
    logSensitive: options.logSensitive === true,
    telemetryCause: options.telemetryCause === true,
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
  return {
    def,
    details: null,
    raw: def.details === undefined ? undefined : {},
    options: cause === undefined ? NO_OCCURRENCE_OPTIONS : occurrenceOptions(def, { cause }),
    error: undefined,
    wire: undefined,
  };
}

/**
 * detailsTypeError returns what makes details no details of def as its
 * TypeScript type has them, "" when nothing does: the TypeError of a
 * JavaScript caller.
 * @param {Def} def
 * @param {unknown} details
 */
function detailsTypeError(def, details) {
  if (def.details === undefined) {
    if (details === undefined || details === null) return "";
    if (isObject(details) && Object.values(details).every((v) => v === undefined)) return "";
    return `details must be undefined: it has none, got ${Array.isArray(details) ? "array" : typeof details}`;
  }
  const d = details === undefined || details === null ? {} : details;
  return def.catalog.tables.typeError(def.details, d, "details", "");
}

/**
 * newError returns an error of the catalog: symbol (or an alias) with its
 * details and per-occurrence options. Details of another type than the
 * error's (a value of another JSON type, a required field missing, a field
 * closed details do not have) are a TypeError naming the error and the
 * field; values that break the schema's constraints are the renderers' to
 * leave out or replace.
 * @param {string} symbol
 * @param {unknown} [details]
 * @param {ErrorOptions} [options]
 */
export function newError(symbol, details, options) {
  return made(new Error(), PACKAGE.raised(symbol, details, options));
}

/**
 * errorOf returns the error of a symbol raised without its details (each
 * required field empty), as Go's `return pkg.ErrX` does; where empty
 * details would break its schema, the catalog's fallback, caused by it.
 * @param {string} symbol
 */
export function errorOf(symbol) {
  return made(new Error(), PACKAGE.bare(symbol));
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
  return PACKAGE.found(err) ?? made(new Error(), fresh(PACKAGE.fallback, err ?? undefined));
}

/** @param {Occurrence} o */
function statusOf(o) {
  return o.options.status !== 0 ? o.options.status : /** @type {number} */ (o.def.statuses[0]);
}

/**
 * retryClassOf returns the retry class of occurrence o: the catalog's,
 * moved by its retryable option — true makes it after_delay, false makes
 * after_delay never (never and after_change stay).
 * @param {Occurrence} o
 * @returns {RetryClass}
 */
function retryClassOf(o) {
  const r = o.options.retryable;
  if (r === true) return "after_delay";
  if (r === false && o.def.retry === "after_delay") return "never";
  return o.def.retry;
}

/**
 * retryableOf reports whether occurrence o may be retried as it is: its
 * class is after_delay.
 * @param {Occurrence} o
 */
function retryableOf(o) {
  return retryClassOf(o) === "after_delay";
}

/**
 * retryAfterOf returns the delay before a retry the payloads of o carry,
 * in whole ms: only when its class is after_delay, the occurrence's delay,
 * else the catalog's default delay of an after_delay error; undefined when
 * they carry none.
 * @param {Occurrence} o
 * @returns {number | undefined}
 */
function retryAfterOf(o) {
  if (retryClassOf(o) !== "after_delay") return undefined;
  if (o.options.retryAfterMs !== undefined) return o.options.retryAfterMs;
  return o.def.retry === "after_delay" ? o.def.retryAfterMs : undefined;
}

/**
 * retryMembers writes the members of o's retry class and delay:
 * ,"retry":CLASS and, when it carries one, ,"retryAfterMs":MS.
 * @param {Occurrence} o
 */
function retryMembers(o) {
  const ms = retryAfterOf(o);
  return ',"retry":"' + retryClassOf(o) + '"' + (ms === undefined ? "" : ',"retryAfterMs":' + ms);
}

/**
 * ViolationError is the cause of the fallback an error becomes when its
 * details have no valid form (errgenrt.ViolationError).
 */
class ViolationError extends Error {
  /** @param {Occurrence} o */
  constructor(o) {
    super(o.def.symbol + ": details break the schema", { cause: o.error });
    ownValue(this, "name", "ViolationError");
  }
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
  if (errs.length > 0) throw new RangeError(`${PACKAGE.name}: ${errs.join("; ")}`);
  return o;
}

// ---------------------------------------------------------------- rendering

/**
 * text renders template tpl of the occurrence e.
 * @param {Occurrence} e
 * @param {Encoder} enc
 * @param {Template} tpl
 */
function text(e, enc, tpl) {
  return enc.render(tpl, e.def, e.details);
}

/**
 * messageText returns the message of e as the wire carries it: rendered
 * and bounded.
 * @param {Occurrence} e
 * @param {Encoder} enc
 */
function messageText(e, enc) {
  return truncate(text(e, enc, e.def.message), enc.bound(null));
}

/**
 * resolved returns o, or the fallback the wire carries instead when o's
 * details have no valid form.
 * @param {Occurrence} o
 * @returns {Occurrence}
 */
function resolved(o) {
  const fb = o.def.catalog.fallback;
  if (o.def.details === undefined || o.def === fb) return o;
  const enc = new Encoder(o.def.catalog.tables, {});
  detailsMembers(o, enc);
  return enc.failed ? fresh(fb) : o;
}

/**
 * wireForm returns the name and message of the error of occurrence o: the
 * symbol and message the wire carries by default (rendered on first use,
 * then kept).
 * @param {Occurrence} o
 */
function wireForm(o) {
  if (o.wire === undefined) {
    const r = resolved(o);
    o.wire = { symbol: r.def.symbol, message: messageText(r, new Encoder(r.def.catalog.tables, {})) };
  }
  return o.wire;
}

/**
 * logMessage renders the message of o for server logs: verbose, not
 * bounded, its sensitive values redacted and x-sanitize values scrubbed
 * unless the occurrence was made with logSensitive.
 * @param {Occurrence} o
 */
function logMessage(o) {
  const enc = new Encoder(o.def.catalog.tables, { verbose: true, showSensitive: o.options.logSensitive });
  enc.text = true;
  return text(o, enc, o.def.message);
}

/**
 * causeText returns the text of one error of a cause chain of an
 * occurrence of catalog cat: an error's message (for an error of the
 * catalog, its name and message, as Go's Error()), anything else as a
 * string.
 * @param {Catalog} cat
 * @param {unknown} c
 */
function causeText(cat, c) {
  if (cat.isError(c)) return c.name + ": " + c.message;
  if (typeof c === "object" && c !== null && typeof (/** @type {{ message?: unknown }} */ (c)).message === "string") return /** @type {{ message: string }} */ (c).message;
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
  let c = o.options.hasCause ? o.options.cause : undefined;
  for (; c !== undefined && c !== null && out.length < max; c = typeof c === "object" ? /** @type {{ cause?: unknown }} */ (c).cause : undefined) {
    out.push(causeText(o.def.catalog, c));
  }
  return out;
}

/**
 * positive returns n when it is a positive number, else 0.
 * @param {unknown} n
 */
function positive(n) {
  return typeof n === "number" && n > 0 ? Math.trunc(n) : 0;
}

/**
 * suggestionsBound returns the most suggestions: the option, else the
 * catalog's.
 * @param {Catalog} cat
 * @param {RenderOptions} o
 */
function suggestionsBound(cat, o) {
  return positive(o.maxSuggestions) || cat.limits.maxSuggestions;
}

/**
 * dataBound returns the bound of a whole payload: the option, raised to
 * the rules' floor, else the catalog's.
 * @param {Catalog} cat
 * @param {RenderOptions} o
 */
function dataBound(cat, o) {
  const n = positive(o.maxDataBytes);
  return n > 0 ? Math.max(n, RULES.minMaxDataBytes) : cat.limits.maxDataBytes;
}

/** The second (in ms since the epoch) of the default clock's last timestamp, and its text. */
let stampSecond = NaN;
let stampText = "";

/**
 * timestamp returns the time of o's clock (the default: the system's) in
 * RFC 3339, UTC, whole seconds. The system clock's text is made once a
 * second.
 * @param {RenderOptions} o
 */
function timestamp(o) {
  if (o.now !== undefined) return rfc3339(o.now());
  const second = Math.floor(Date.now() / 1000) * 1000;
  if (second !== stampSecond) {
    stampText = rfc3339(new Date(second));
    stampSecond = second;
  }
  return stampText;
}

/**
 * rfc3339 returns d in RFC 3339, UTC, whole seconds.
 * @param {Date} d
 */
function rfc3339(d) {
  return d.toISOString().slice(0, -5) + "Z"; // without its milliseconds (.sss)
}

/**
 * @callback Writer
 * @param {Occurrence} e
 * @param {Encoder} enc
 * @param {RenderOptions} o
 * @returns {string}
 */

/**
 * render writes one whole payload of e that write makes, counted by the
 * metrics, and returns it with the occurrence it is of and the encoder as
 * it was left (see fit).
 * @param {Occurrence} e
 * @param {RenderOptions} o
 * @param {Writer} write
 * @returns {[string, Occurrence, Encoder]}
 */
function render(e, o, write) {
  countRendered(e.def);
  return fit(e, new Encoder(e.def.catalog.tables, o), o, write);
}

/**
 * fit writes the payload of e. Details without a valid form make it the
 * catalog's fallback's, caused by a ViolationError. Past maxDataBytes it
 * is written again minimal (strings of 64 bytes, then of 8), and still
 * past it it is the catalog's fallback, minimal, caused by e, unless e is
 * the fallback. Violations are reported on the first pass only.
 * @param {Occurrence} e
 * @param {Encoder} enc
 * @param {RenderOptions} o
 * @param {Writer} write
 * @returns {[string, Occurrence, Encoder]}
 */
function fit(e, enc, o, write) {
  const max = dataBound(e.def.catalog, o);
  const fb = e.def.catalog.fallback;
  enc.report = true;
  let out = write(e, enc, o);
  enc.report = false;
  if (enc.failed && fb !== e.def) {
    enc.failed = false;
    enc.def = e.def;
    enc.report = true;
    enc.flush("fallback");
    enc.report = false;
    return fit(fresh(fb, new ViolationError(e)), enc, o, write);
  }
  enc.pending = [];
  for (const n of RULES.minimalStringBytes) {
    if (max <= 0 || fits(out, max)) return [out, e, enc];
    enc.minimal = true;
    enc.minString = n;
    out = write(e, enc, o);
  }
  if (max <= 0 || fits(out, max) || fb === e.def) return [out, e, enc];
  const f = fresh(fb, e.error ?? new Error(e.def.symbol));
  return [write(f, enc, o), f, enc];
}

/**
 * detailsMembers writes the members of the details object (without its
 * braces), none for an error without. Details without a valid form (a
 * required value breaks its schema and has no replacement) are written
 * without members and mark the encoder failed: fit then writes the
 * catalog's fallback instead.
 * @param {Occurrence} e
 * @param {Encoder} enc
 */
function detailsMembers(e, enc) {
  const n = e.def.details;
  if (n === undefined) return "";
  enc.def = e.def;
  const out = enc.writeMembers(n, e.details, true);
  if (out !== null) return out;
  enc.failed = true;
  return "";
}

/** The node of legacy data and extension values: any JSON value, its strings bounded like the message. */
const UNTYPED = Object.freeze({ type: /** @type {const} */ ("any") });

/**
 * firstAt returns the index of the first member named k.
 * @param {ReadonlyArray<readonly [string, unknown]>} kvs
 * @param {string} k
 */
function firstAt(kvs, k) {
  return kvs.findIndex((kv) => kv[0] === k);
}

/** @type {Writer} */
function writeJsonRpc(e, enc, o) {
  const def = e.def;
  let out = '{"code":' + def.wireCode + ',"message":' + quote(text(e, enc, def.message), enc.bound(null)) + ',"data":{';
  for (let i = 0; i < e.options.data.length && !enc.minimal; i++) {
    const [k, v] = /** @type {readonly [string, unknown]} */ (e.options.data[i]);
    if (RULES.jsonrpcDataMembers.includes(k) || firstAt(e.options.data, k) < i) continue;
    out += quote(k, -1) + ":" + enc.writeAny(UNTYPED, v, 0) + ",";
  }
  out += '"domain":' + def.jsonDomain + ',"symbol":' + def.jsonSymbol + ',"retryable":' + retryableOf(e) + retryMembers(e);
  out += ',"context":{"schemaVersion":' + def.catalog.schemaVersion + ',"type":' + def.jsonType + ',"details":{' + detailsMembers(e, enc) + "}";
  out += advice(e, enc, o) + ',"retryable":' + retryableOf(e);
  if (o.verbose === true && !enc.minimal) out += ',"debugInfo":' + debugInfo(e, o);
  return out + "}}}";
}

/**
 * advice writes ,"userMessage" and ,"suggestions", when the error has them
 * and the payload is not minimal.
 * @param {Occurrence} e
 * @param {Encoder} enc
 * @param {RenderOptions} o
 */
function advice(e, enc, o) {
  if (enc.minimal) return "";
  const def = e.def;
  let out = "";
  if (def.userMessage !== undefined && def.userMessage.source !== "") {
    out += ',"userMessage":' + quote(text(e, enc, def.userMessage), enc.bound(null));
  }
  const suggestions = def.suggestions;
  const max = suggestionsBound(def.catalog, o);
  if (o.omitSuggestions !== true && suggestions !== undefined && suggestions.length > 0 && max > 0) {
    out += ',"suggestions":[';
    for (let i = 0; i < suggestions.length && i < max; i++) {
      out += (i > 0 ? "," : "") + quote(text(e, enc, /** @type {Template} */ (suggestions[i])), enc.bound(null));
    }
    out += "]";
  }
  return out;
}

/**
 * debugInfo writes {errorChain, requestId, timestamp, serverVersion}: the
 * cause chain sanitized, at most the rules' errorChainEntries, each string
 * bounded to their debugStringBytes.
 * @param {Occurrence} e
 * @param {RenderOptions} o
 */
function debugInfo(e, o) {
  const bound = RULES.debugStringBytes;
  let out = '{"errorChain":[' + causeChain(e, RULES.errorChainEntries).map((t) => quote(sanitizeText(t), bound)).join(",") + "]";
  if (e.options.requestId !== "") out += ',"requestId":' + quote(e.options.requestId, bound);
  out += ',"timestamp":"' + timestamp(o) + '"';
  if (o.serverVersion !== undefined && o.serverVersion !== "") out += ',"serverVersion":' + quote(o.serverVersion, bound);
  return out + "}";
}

/** @type {Writer} */
function writeProblem(e, enc, o) {
  const def = e.def;
  let out = '{"type":' + def.jsonProblemType + ',"title":' + def.jsonTitle + ',"status":' + statusOf(e);
  out += ',"detail":' + quote(text(e, enc, def.message), enc.bound(null));
  let instance; // the occurrence's, else the option's, else a fresh UUID (which needs no escaping)
  if (e.options.instance !== "") instance = quote(e.options.instance, -1);
  else if (o.instance !== undefined) instance = quote(o.instance(), -1);
  else instance = '"urn:uuid:' + randomUUID() + '"';
  out += ',"instance":' + instance + ',"timestamp":"' + timestamp(o) + '","symbol":' + def.jsonSymbol + ',"retryable":' + retryableOf(e) + retryMembers(e);
  out += advice(e, enc, o);
  enc.flatKeys = [];
  if (def.details !== undefined) {
    // the details flattened: their members beside the document's
    enc.flatten = true;
    const details = detailsMembers(e, enc);
    enc.flatten = false;
    if (details !== "") out += "," + details;
  }
  for (let i = 0; i < e.options.extensions.length && !enc.minimal; i++) {
    const [k, v] = /** @type {readonly [string, unknown]} */ (e.options.extensions[i]);
    if (RULES.problemMembers.includes(k) || detailField(def, k) || enc.flatKeys.includes(k) || firstAt(e.options.extensions, k) < i) continue;
    out += "," + quote(k, -1) + ":" + enc.writeAny(UNTYPED, v, 0);
  }
  if (o.verbose === true && !enc.minimal) out += ',"debugInfo":' + debugInfo(e, o);
  return out + "}";
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
  const def = e.def;
  let out = '{"error":true,"code":' + def.jsonSymbol + ',"message":' + quote(text(e, enc, def.message), enc.bound(null));
  if (def.details !== undefined) out += ',"details":{' + detailsMembers(e, enc) + "}";
  return out + retryMembers(e) + "}";
}

/**
 * occurrenceFrom returns the occurrence of fromError(err): err's own when
 * this copy made it.
 * @param {unknown} err
 * @returns {Occurrence}
 */
function occurrenceFrom(err) {
  return madeHere(err) ?? occurrenceOf(fromError(err));
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
    this.#count(PACKAGE.mustDef(symbol));
  }

  /** @param {Def} meta */
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
      if (metrics !== null) metrics.#count(def);
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

// ------------------------------------------------------------- send hook

/**
 * How an error response was sent: "jsonrpc" (a JSON-RPC error object),
 * "tool" (an MCP isError tool result) or "http" (a document an HTTP
 * helper wrote).
 * @typedef {"jsonrpc" | "tool" | "http"} SendKind
 */

/**
 * The function that learns of every error response the adapters send;
 * null: none (see onSend).
 * @type {((err: CatalogError, kind: SendKind) => void) | null}
 */
let sendHook = null;

/**
 * onSend sets the function that learns of every error response the
 * package's adapters send, once per response: the JSON-RPC errors and
 * isError tool results of the MCP adapter (./mcp) and the documents the
 * HTTP helpers (./http) write. It is passed the error the wire carries
 * (the fallback, for anything that is not an error of the catalog or
 * whose details have no valid form) and how it was sent. The renderers
 * alone never call it. The OpenTelemetry entry (./otel) installs one;
 * without a hook, sending costs one null check more. null removes it; it
 * returns the previous one.
 * @param {((err: CatalogError, kind: SendKind) => void) | null} hook
 * @returns {((err: CatalogError, kind: SendKind) => void) | null}
 */
export function onSend(hook) {
  if (hook !== null && typeof hook !== "function") throw new TypeError(`${PACKAGE.name}: onSend takes a function or null`);
  const previous = sendHook;
  sendHook = hook;
  return previous;
}

/**
 * sent tells the send hook (see onSend) that an error response of err
 * went out as kind. The adapters call it once for each error response
 * they send; code that sends one some other way may call it too. Without
 * a hook it does nothing.
 * @param {unknown} err
 * @param {SendKind} kind
 */
export function sent(err, kind) {
  if (sendHook === null) return;
  sendHook(wireErrorOf(err), kind);
}

/**
 * wireErrorOf returns the error the wire carries for err, which the send
 * hook is passed: the error itself, else the catalog's fallback (for
 * anything that is not an error of the catalog, and for an error whose
 * details have no valid form).
 * @param {unknown} err
 * @returns {CatalogError}
 */
export function wireErrorOf(err) {
  const r = resolved(occurrenceFrom(err));
  return r.error ?? made(new Error(), r);
}

/**
 * telemetryCauseOf returns the text of the cause chain of err (outermost
 * first, joined by ": ", as logValue's cause), bounded to the catalog's
 * max_string_bytes, when err was made with the telemetryCause option and
 * has a cause; else undefined. Without the option telemetry records
 * nothing of the cause; anything that is not an error of the catalog is
 * its fallback, which never has it.
 * @param {unknown} err
 * @returns {string | undefined}
 */
export function telemetryCauseOf(err) {
  const o = occurrenceFrom(err);
  if (!o.options.telemetryCause) return undefined;
  const chain = causeChain(o, Infinity);
  return chain.length === 0 ? undefined : truncate(chain.join(": "), o.def.catalog.limits.maxStringBytes);
}

/**
 * renderJsonRpcError returns the JSON-RPC error object of err (the error
 * member of a response): {code, message, data: {legacy data…, domain,
 * symbol, retryable, retry, retryAfterMs?, context}}. Anything that is not an error of the
 * catalog is its fallback (see fromError).
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function renderJsonRpcError(err, options) {
  return render(occurrenceFrom(err), options ?? {}, writeJsonRpc)[0];
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
  const [obj, r, enc] = render(occurrenceFrom(err), options ?? {}, writeJsonRpc);
  const at = obj.indexOf(',"data":');
  return { code: r.def.wireCode, message: messageText(r, enc), data: obj.slice(at + ',"data":'.length, -1) };
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
 * the error it is of (the fallback's, where the error's own did not fit or
 * its details had no valid form) and the delay before a retry the
 * document carries (its retryAfterMs, when it has one): what an HTTP
 * response carries.
 * @param {unknown} err
 * @param {RenderOptions} [options]
 * @returns {{ status: number, body: string, retryAfterMs?: number }}
 */
export function problemOf(err, options) {
  const [body, r] = render(occurrenceFrom(err), options ?? {}, writeProblem);
  const ms = retryAfterOf(r);
  return ms === undefined ? { status: statusOf(r), body } : { status: statusOf(r), body, retryAfterMs: ms };
}

/**
 * renderResponse returns the plain response {error, code, message,
 * details, retry, retryAfterMs} of err (details only for an error that
 * has them, retryAfterMs only with a delay).
 * @param {unknown} err
 * @param {RenderOptions} [options]
 */
export function renderResponse(err, options) {
  return render(occurrenceFrom(err), options ?? {}, writeResponse)[0];
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
  return occurrenceFrom(err).def.toolErrorsAsRpc === true;
}
