// @ts-check
// The OpenTelemetry entry of the server runtime (./otel): errors the
// adapters send recorded on the active span, as one exception log record,
// and counted by an observable counter over the runtime's metrics. It is
// the package's only module that imports OpenTelemetry (the API packages,
// @opentelemetry/api and @opentelemetry/api-logs, optional peers of the
// package): the others never load it, and without install the runtime
// pays one null check per error it sends.
//
// What it records, with the same names in every errgen runtime:
//
// - on the active span, if it is recording: errgen.error.symbol,
//   errgen.error.code, errgen.error.domain and error.type, and for a
//   JSON-RPC error rpc.response.status_code; status ERROR with the wire
//   message, for an HTTP answer only when its status is 500 or more;
// - one log record, event name "exception", severity ERROR for a status of
//   500 or more, else WARN, with exception.type, exception.message,
//   error.type and the errgen.error attributes, no body and no stack; the
//   cause's text (errgen.error.cause) only for an occurrence made with
//   telemetryCause;
// - the counter errgen.errors: the metrics' counts by symbol, the numbers
//   sys/errorStats serves.
//
// "The wire message" is the message rendered with the default options:
// sensitive values redacted, bounded, never a cause's text.

import { SpanStatusCode, context, metrics, trace } from "@opentelemetry/api";
import { SeverityNumber, logs } from "@opentelemetry/api-logs";
import { CATALOG } from "./catalog.js";
import { enableMetrics, onSend, telemetryCauseOf, wireErrorOf } from "./core.js";

/** @typedef {import("./core.js").CatalogError} CatalogError */
/** @typedef {import("./core.js").SendKind} SendKind */
/** @typedef {import("@opentelemetry/api").MeterProvider} MeterProvider */
/** @typedef {import("@opentelemetry/api").ObservableResult} ObservableResult */
/** @typedef {import("@opentelemetry/api").ObservableCounter} ObservableCounter */
/** @typedef {import("@opentelemetry/api-logs").LoggerProvider} LoggerProvider */
/** @typedef {import("@opentelemetry/api-logs").Logger} Logger */

/**
 * @typedef {object} InstallOptions
 * @property {MeterProvider} [meterProvider] the provider of the counter's meter (default: the global one)
 * @property {LoggerProvider} [loggerProvider] the provider of the log records' logger (default: the global one)
 */

/**
 * @typedef {object} Installation
 * @property {() => void} uninstall stops recording: clears the send hook and unregisters the counter's callback
 */

/** The instrumentation scope of the logger and the meter. */
const SCOPE = "errgen";

/**
 * The logger of the installation in force; null: none (record uses the
 * global logger provider's).
 * @type {Logger | null}
 */
let installedLogger = null;

/**
 * The uninstall of the installation in force; null: none.
 * @type {(() => void) | null}
 */
let current = null;

/**
 * install starts recording the errors the package's adapters send (the
 * MCP adapter's JSON-RPC errors and tool results, the HTTP helpers'
 * documents), each once: it sets the runtime's send hook, enables its
 * metrics and registers the observable counter errgen.errors. The meter
 * and logger providers default to the global ones; spans are always the
 * active one. Installing again replaces the previous installation (nothing
 * is recorded twice). Returns the installation, whose uninstall stops it.
 * @param {InstallOptions} [options]
 * @returns {Installation}
 */
export function install(options = {}) {
  if (current !== null) current();
  const logger = (options.loggerProvider ?? logs.getLoggerProvider()).getLogger(SCOPE);
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE);
  const stats = enableMetrics();
  const counter = meter.createObservableCounter("errgen.errors", {
    unit: "{error}",
    description: "Errors errgen rendered, by catalog symbol",
  });
  /** @param {ObservableResult} result */
  const observe = (result) => {
    for (const [symbol, n] of Object.entries(stats.snapshot().bySymbol)) {
      const e = /** @type {{ [symbol: string]: { code: number, domain: string } | undefined }} */ (CATALOG.errors)[symbol];
      if (e === undefined) continue;
      result.observe(n, { "error.type": symbol, "errgen.error.symbol": symbol, "errgen.error.code": e.code, "errgen.error.domain": e.domain });
    }
  };
  counter.addCallback(observe);
  /** @param {CatalogError} err @param {SendKind} kind */
  const hook = (err, kind) => emit(logger, err, kind);
  onSend(hook);
  installedLogger = logger;
  let done = false;
  const uninstall = () => {
    if (done) return;
    done = true;
    counter.removeCallback(observe);
    const set = onSend(null);
    if (set !== hook) onSend(set); // another hook was set since: it stays
    if (current === uninstall) {
      current = null;
      installedLogger = null;
    }
  };
  current = uninstall;
  return { uninstall };
}

/**
 * record records err as install's hook does, for code that sends an error
 * itself: on the active span, as an exception log record (through the
 * installation's logger, else the global logger provider's). kind is how
 * it was sent: "jsonrpc", "tool" or "http"; without it the error is
 * recorded as an HTTP answer is (error.type its symbol, the span's status
 * ERROR only for a status of 500 or more). Anything that is not an error
 * of the catalog is recorded as its fallback. It does not count: the
 * counter counts what the renderers render.
 * @param {unknown} err
 * @param {SendKind} [kind]
 */
export function record(err, kind) {
  emit(installedLogger ?? logs.getLoggerProvider().getLogger(SCOPE), wireErrorOf(err), kind);
}

/**
 * emit records err, the error the wire carries, sent as kind (undefined:
 * a plain record), on the active span and as one log record.
 * @param {Logger} logger
 * @param {CatalogError} err
 * @param {SendKind | undefined} kind
 */
function emit(logger, err, kind) {
  const symbol = err.symbol;
  const status = err.status;
  const message = err.message; // the wire message: the default options' (see CatalogError)
  const fault = status >= 500;
  let errorType = symbol;
  let spanError = fault;
  if (kind === "jsonrpc") {
    errorType = String(err.wireCode);
    spanError = true;
  } else if (kind === "tool") {
    errorType = "tool_error";
    spanError = true;
  }
  const span = trace.getActiveSpan();
  if (span !== undefined && span.isRecording()) {
    span.setAttributes({
      "errgen.error.symbol": symbol,
      "errgen.error.code": err.code,
      "errgen.error.domain": err.domain,
      "error.type": errorType,
    });
    if (kind === "jsonrpc") span.setAttribute("rpc.response.status_code", errorType);
    if (spanError) span.setStatus({ code: SpanStatusCode.ERROR, message });
  }
  /** @type {{ [key: string]: string | number }} */
  const attributes = {
    "exception.type": symbol,
    "exception.message": message,
    "error.type": errorType,
    "errgen.error.symbol": symbol,
    "errgen.error.code": err.code,
    "errgen.error.domain": err.domain,
  };
  const cause = telemetryCauseOf(err);
  if (cause !== undefined) attributes["errgen.error.cause"] = cause;
  logger.emit({
    eventName: "exception",
    severityNumber: fault ? SeverityNumber.ERROR : SeverityNumber.WARN,
    severityText: fault ? "ERROR" : "WARN",
    attributes,
    context: context.active(),
  });
}
