// The core of the server runtime of the catalog (server.js exports it with
// the constructors): its errors raised with typed details,
// any other throw turned into its fallback, and the renderers of every wire
// format, byte for byte as errgen's Go runtime writes them.

import type { DetailsBySymbol, ErrorDomain, ErrorSymbol, ErrorType, RetryClass } from "./index.js";

/**
 * How a payload is rendered. Every member's absence is the safe side: not
 * verbose, sensitive fields redacted, suggestions included, the catalog's
 * limits.
 */
export interface RenderOptions {
  /** Verbose-only fields and debugInfo (with the cause chain, sanitized). Sensitive values stay redacted and x-sanitize values scrubbed: only showSensitive shows them. For development, or a server whose clients are its operators. */
  verbose?: boolean;
  /** Sensitive values in clear instead of "<redacted>", and x-sanitize values as given. */
  showSensitive?: boolean;
  /** Leave the catalog's suggestions out. */
  omitSuggestions?: boolean;
  /** The bound of each whole payload in UTF-8 bytes (0 or absent: the catalog's max_data_bytes; below 512, 512). */
  maxDataBytes?: number;
  /** The bound of each string in UTF-8 bytes (0 or absent: the catalog's max_string_bytes; below 16, 16). */
  maxStringBytes?: number;
  /** The most suggestions (0 or absent: the catalog's max_suggestions). */
  maxSuggestions?: number;
  /** debugInfo.serverVersion. */
  serverVersion?: string;
  /** The clock (for reproducible output). */
  now?: () => Date;
  /** The instance of a problem document whose occurrence sets none (default: a fresh urn:uuid). */
  instance?: () => string;
}

/** Members added in order: [key, value] pairs, or an object's entries. */
export type Members = Iterable<readonly [string, unknown]> | { readonly [key: string]: unknown };

/** What one occurrence of an error adds to its catalog entry. */
export interface ErrorOptions {
  /** What caused it (ES2022 cause). Its text reaches the wire only in verbose mode, sanitized, in debugInfo.errorChain. */
  cause?: unknown;
  /** One of the error's allowed HTTP statuses; another is ignored. */
  status?: number;
  /**
   * Overrides the catalog's retryable flag, and so moves its retry class: true makes it "after_delay" (an error of
   * that class keeps its default delay), false makes "after_delay" "never" ("never" and "after_change" stay).
   */
  retryable?: boolean;
  /**
   * The delay before a retry of this occurrence, in ms: rounded up to whole ms, at most a day (the facts'
   * maxRetryAfterMs; Infinity is a day); NaN, a negative number or anything but a number is ignored. The payloads
   * carry it as retryAfterMs (an HTTP answer as Retry-After) when the occurrence's retry class is "after_delay", else
   * it is ignored; without it they carry the catalog's default delay, if any.
   */
  retryAfterMs?: number;
  /** The request id shown in verbose debugInfo. */
  requestId?: string;
  /** The problem document's instance URI (default: the option's, else a fresh urn:uuid). */
  instance?: string;
  /** Legacy keys of the JSON-RPC error's data (method, requestId, …); never domain, symbol, retryable, retry, retryAfterMs or context. */
  data?: Members;
  /** Extension members of the problem document (tool, …); never one of its own members or a detail field. */
  extensions?: Members;
  /**
   * The log forms of this occurrence (verboseError, logValue, util.inspect and console.log, the log member) show its
   * sensitive values in clear and its x-sanitize values as given, as Go's errgenrt.WithLogSensitive. The wire, the
   * message, String(err) and toJSON are unaffected: only the showSensitive render option shows them there.
   */
  logSensitive?: boolean;
  /**
   * Telemetry may record the text of this occurrence's cause (the OpenTelemetry entry's exception log record, as
   * errgen.error.cause, bounded to the catalog's max_string_bytes), as Go's errgenrt.WithTelemetryCause. Without it
   * nothing of the cause reaches telemetry. The wire is unaffected.
   */
  telemetryCause?: boolean;
}

/**
 * The arguments after the symbol of newError: the error's details (its
 * detail type, required fields required), then the options; none for an
 * error without details.
 */
export type ErrorArgs<S extends ErrorSymbol> = DetailsBySymbol[S] extends undefined
  ? [details?: undefined, options?: ErrorOptions]
  : [details: DetailsBySymbol[S], options?: ErrorOptions];

/** The JSON-RPC error object of an error, as toJSON returns it. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data: { readonly [member: string]: unknown };
}

/** What a structured logger records of an error (server logs only). */
export interface LogValue {
  symbol: ErrorSymbol;
  code: number;
  /** The message, verbose (verbose-only fields included) and not bounded; sensitive values redacted unless the error was made with logSensitive. */
  message: string;
  /** The cause chain, outermost first, joined by ": ". */
  cause?: string;
  requestId?: string;
  stack?: string;
}

/**
 * One occurrence of an error of the catalog. Its message is what the wire
 * carries by default (sensitive values redacted, bounded, no cause; the
 * catalog's fallback's message when its details have no valid form) and
 * its name is the symbol of that message, so that `String(err)`, a log
 * line or an SDK that sends the message discloses nothing more; toJSON
 * gives its JSON-RPC error object under the default options. Its details
 * are read explicitly (`err.details`), never enumerated. Its log forms —
 * verboseError(), logValue(), util.inspect and console.log, and the
 * enumerable `log` that pino's err serializer records — have its
 * verbose-only fields and cause chain, its sensitive values redacted
 * unless it was made with `logSensitive`. `instanceof CatalogError` and
 * isCatalogError recognise it by a brand, also when it comes from another
 * copy of this package.
 */
export declare class CatalogError<S extends ErrorSymbol = ErrorSymbol> extends Error {
  private constructor();
  /** The error's symbol (never an alias). */
  readonly symbol: ErrorSymbol;
  /** The error's catalog code. */
  readonly code: number;
  /** The JSON-RPC error.code. */
  readonly wireCode: number;
  readonly type: ErrorType;
  readonly domain: ErrorDomain;
  /** The HTTP status of the occurrence. */
  readonly status: number;
  /** Whether the occurrence may be retried as it is: its retry class is "after_delay". */
  readonly retryable: boolean;
  /** The occurrence's retry class: the catalog's, moved by the retryable option. */
  readonly retry: RetryClass;
  /** The delay before a retry its payloads carry, in whole ms (the occurrence's, else the catalog's default); undefined when they carry none. */
  readonly retryAfterMs: number | undefined;
  /** The details as given: unredacted, for the server only. */
  readonly details: DetailsBySymbol[S];
  /** The JSON-RPC error object under the default options: what JSON.stringify writes. */
  toJSON(): JsonRpcErrorObject;
  /**
   * The message for server logs: verbose (verbose-only fields included), not bounded, followed by the cause chain;
   * sensitive values redacted and x-sanitize values scrubbed unless the error was made with logSensitive. Never send it.
   */
  verboseError(): string;
  /** verboseError(), as an enumerable member (of the prototype) that pino's err serializer and the like record. */
  readonly log: string;
  /** The symbol, code, log message (as verboseError's), cause chain, request id and stack, for a structured logger. Never send it. */
  logValue(): LogValue;
}

/**
 * Returns an error of the catalog: symbol (or an alias) with its details
 * and the occurrence's options. The compiler holds the details to the
 * error's detail type: a missing required field, a wrong type or an
 * unknown field is an error; for a JavaScript caller it is a TypeError
 * naming the error and the field ("E_X: details.key must be a string, got
 * number"). A value that breaks a constraint of the schema (enum,
 * pattern, format, bounds, an integer with a fraction) is not sent as
 * given: an optional field is left out, an array item dropped, a required
 * field written as its schema's replacement, and details without a valid
 * form make the error the catalog's fallback (see onViolation).
 */
export declare function newError<S extends ErrorSymbol>(symbol: S, ...args: ErrorArgs<S>): CatalogError<S>;

/**
 * Returns the error of a symbol raised without its details, each required
 * field empty (as Go's `return pkg.ErrX`); where empty details would break
 * its schema, the catalog's fallback, caused by it.
 */
export declare function errorOf(symbol: ErrorSymbol): CatalogError;

/**
 * Turns anything thrown into an error of the catalog: an error of the
 * catalog (also one found along the cause chain, and one from another copy
 * of this package) is itself; anything else becomes the catalog's
 * fallback, the thrown value kept only as its cause.
 */
export declare function fromError(err: unknown): CatalogError;

/** Reports whether value is an error of this catalog, from any copy of this package. */
export declare function isCatalogError(value: unknown): value is CatalogError;

/**
 * Reads rendering options from environment variables named with prefix,
 * as errgen's Go runtime does: PREFIX_VERBOSE, _REDACT, _SUGGESTIONS
 * (booleans: 1/0, true/false, yes/no, on/off; VERBOSE also a positive
 * number or "full"; REDACT=false shows sensitive fields,
 * SUGGESTIONS=false omits suggestions), _MAX_DATA_BYTES,
 * _MAX_STRING_BYTES, _MAX_SUGGESTIONS (non-negative integers) and
 * _SERVER_VERSION. env defaults to process.env. Throws a RangeError naming
 * every invalid value.
 */
export declare function optionsFromEnv(prefix: string, env?: { readonly [name: string]: string | undefined }): RenderOptions;

/** The media type of RFC 9457 problem documents. */
export declare const PROBLEM_CONTENT_TYPE: "application/problem+json";

/** A detail value the renderers did not write as given, since it breaks its schema. */
export interface Violation {
  /** The error. */
  readonly symbol: ErrorSymbol;
  /** Where the value is in the details: a JSON Pointer ("/limit", "/paths/2"). */
  readonly path: string;
  /** The keyword it breaks: type, enum, const, pattern, format, minimum, maxLength, minItems, uniqueItems, … */
  readonly keyword: string;
  /**
   * What was written instead: "omitted" (an optional member left out, an item dropped), "replaced" (a required member
   * written as its schema's replacement) or "fallback" (the error written as the catalog's fallback, its details having
   * no valid form).
   */
  readonly outcome: "omitted" | "replaced" | "fallback";
}

/**
 * Sets the function that learns of every detail value the renderers do not write as given (as Go's
 * Catalog.OnViolation): once per payload rendered, while it renders, without the value, which may be secret. Count
 * violations, log them, or in tests throw (the render throws). null removes it; returns the previous one.
 */
export declare function onViolation(hook: ((violation: Violation) => void) | null): ((violation: Violation) => void) | null;

/**
 * The JSON-RPC error object of err (the error member of a response):
 * {code, message, data: {legacy data…, domain, symbol, retryable, retry,
 * retryAfterMs?, context}}. Anything not an error of the catalog is rendered as
 * fromError makes it.
 */
export declare function renderJsonRpcError(err: unknown, options?: RenderOptions): string;

/** The members of the JSON-RPC error object apart: the wire code, the message and data as JSON text. */
export declare function jsonRpcParts(err: unknown, options?: RenderOptions): { code: number; message: string; data: string };

/** The RFC 9457 problem document of err. */
export declare function renderProblem(err: unknown, options?: RenderOptions): string;

/**
 * The problem document of err with the HTTP status of the error it is of
 * (the fallback's, where the error's own did not fit within maxDataBytes)
 * and, when the document carries one, its delay before a retry in whole
 * ms: what an HTTP response carries (Retry-After in whole seconds).
 */
export declare function problemOf(err: unknown, options?: RenderOptions): { status: number; body: string; retryAfterMs?: number };

/** The plain response {error: true, code, message, details?, retry, retryAfterMs?} of err. */
export declare function renderResponse(err: unknown, options?: RenderOptions): string;

/** The MCP tool result carrying the problem document of err as text content. */
export declare function renderToolResult(err: unknown, options?: RenderOptions): string;

/** Reports whether a failing MCP tools/call sends err as a JSON-RPC error (the catalog's mcp.tool_errors: error) rather than as an isError result. */
export declare function toolErrorsAsJsonRpc(err: unknown): boolean;

/** A snapshot of the counters of rendered errors: the sys/errorStats result. */
export interface ErrorStats {
  total: number;
  byCode: { [code: string]: number };
  byDomain: { [domain: string]: number };
  bySymbol: { [symbol: string]: number };
}

/**
 * Counts rendered errors: in all, by code, by domain and by symbol, as
 * errgenrt.Metrics does. The counters live until the process ends.
 */
export declare class Metrics {
  /** Counts one error of a symbol (or alias); a symbol the catalog does not have is a TypeError. */
  record(symbol: ErrorSymbol): void;
  /** The counters at this moment, each object's keys sorted. */
  snapshot(): ErrorStats;
  /**
   * The snapshot as the sys/errorStats result's JSON, byte for byte what
   * errgenrt's Stats.AppendJSON writes (JSON.stringify of snapshot() would
   * put the codes that are array indexes first).
   */
  snapshotJSON(): string;
}

/**
 * Starts counting the errors the renderers render, each payload once (as
 * errgenrt's Catalog.EnableMetrics does), and returns the counters: the
 * same ones on every call. Serve snapshotJSON() as the result of
 * sys/errorStats.
 */
export declare function enableMetrics(): Metrics;

/**
 * How an error response was sent: "jsonrpc" (a JSON-RPC error object), "tool" (an MCP isError tool result) or "http"
 * (a document an HTTP helper wrote).
 */
export type SendKind = "jsonrpc" | "tool" | "http";

/**
 * Sets the function that learns of every error response the package's adapters send, once per response: the JSON-RPC
 * errors and isError tool results of the MCP adapter (./mcp) and the documents the HTTP helpers (./http) write. It is
 * passed the error the wire carries (the catalog's fallback for anything that is not an error of the catalog, or whose
 * details have no valid form) and how it was sent; the renderers alone never call it. The OpenTelemetry entry (./otel)
 * installs one. null removes it; returns the previous one.
 */
export declare function onSend(hook: ((err: CatalogError, kind: SendKind) => void) | null): ((err: CatalogError, kind: SendKind) => void) | null;

/**
 * Tells the send hook (see onSend) that an error response of err went out as kind: the adapters call it once per error
 * response they send; code that sends one some other way may call it too. Without a hook it does nothing.
 */
export declare function sent(err: unknown, kind: SendKind): void;

/**
 * The error the wire carries for err, which the send hook is passed: err itself when it is an error of the catalog
 * whose details have a valid form, else the catalog's fallback.
 */
export declare function wireErrorOf(err: unknown): CatalogError;

/**
 * The text of err's cause chain (outermost first, joined by ": "), bounded to the catalog's max_string_bytes, when err
 * was made with the telemetryCause option and has a cause; else undefined (always for anything that is not an error
 * of the catalog: its fallback never has the option).
 */
export declare function telemetryCauseOf(err: unknown): string | undefined;
