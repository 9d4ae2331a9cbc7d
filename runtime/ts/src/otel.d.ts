// The OpenTelemetry entry of the server runtime: the errors the package's
// adapters send recorded on the active span, as an exception log record,
// and counted by the observable counter errgen.errors. It needs the
// OpenTelemetry API packages (npm i @opentelemetry/api
// @opentelemetry/api-logs), optional peers of the package; no other entry
// loads them.

import type { SendKind } from "./core.js";

/**
 * A MeterProvider of @opentelemetry/api, as install uses it. (Declared by
 * its shape, so that these declarations compile without the API's.)
 */
export interface MeterProvider {
  getMeter(name: string): object;
}

/** A LoggerProvider of @opentelemetry/api-logs, as install uses it (by its shape, as MeterProvider). */
export interface LoggerProvider {
  getLogger(name: string): object;
}

/** Where install records; every member's absence is the global provider. */
export interface InstallOptions {
  /** The provider of the meter (scope "errgen") of the counter errgen.errors (default: the global one). */
  meterProvider?: MeterProvider;
  /** The provider of the logger (scope "errgen") of the exception log records (default: the global one). */
  loggerProvider?: LoggerProvider;
}

/** What install started. */
export interface Installation {
  /** Stops recording: clears the send hook (unless another was set since) and unregisters the counter's callback. */
  uninstall(): void;
}

/**
 * Starts recording each error response the package's adapters send (the
 * MCP adapter's JSON-RPC errors and isError tool results, the HTTP
 * helpers' documents), once each, with the error the wire carries:
 *
 * - on the active span, if it is recording: errgen.error.symbol,
 *   errgen.error.code, errgen.error.domain and error.type (the symbol for
 *   an HTTP answer, the JSON-RPC code for a JSON-RPC error, with
 *   rpc.response.status_code, "tool_error" for a tool result); status
 *   ERROR with the wire message (the default options' message: redacted,
 *   bounded), for an HTTP answer only when its status is 500 or more;
 * - one log record, event name "exception", severity ERROR for a status of
 *   500 or more, else WARN, attributes exception.type, exception.message,
 *   error.type and the errgen.error ones, and errgen.error.cause only for
 *   an occurrence made with telemetryCause: true;
 * - the observable counter errgen.errors ({error}): the runtime's metrics
 *   (enabled by install) by symbol, the numbers of sys/errorStats.
 *
 * Installing again replaces the previous installation.
 */
export declare function install(options?: InstallOptions): Installation;

/**
 * Records err as install's hook does, for code that sends an error
 * itself: on the active span and as an exception log record (the
 * installation's logger, else the global provider's). Without kind it is
 * recorded as an HTTP answer is. Anything not an error of the catalog is
 * recorded as its fallback. The counter counts renders, not records.
 */
export declare function record(err: unknown, kind?: SendKind): void;
