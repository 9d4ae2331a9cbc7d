//! OpenTelemetry, behind the crate's `otel` feature: the errors a catalog's
//! adapters and HTTP helpers send, on the active span, as one log record
//! each, and counted by the observable counter `errgen.errors` — the same
//! names and rules as errgen's other runtimes.
//!
//! [`install`] sets the catalog's send hook
//! ([`Catalog::on_send`](super::Catalog::on_send)) and registers the
//! counter; every error response the rmcp adapter or
//! [`Error::to_http_problem`](super::Error::to_http_problem) /
//! [`Error::to_http_response`](super::Error::to_http_response) sends is then
//! recorded once:
//!
//! - on the active span ([`Context::current`]), when it records: the
//!   attributes `errgen.error.symbol`, `errgen.error.code`,
//!   `errgen.error.domain` and `error.type` (the symbol over HTTP, the wire
//!   code for a JSON-RPC error, with `rpc.response.status_code`,
//!   `tool_error` for a tool result), and the status ERROR with the wire
//!   message — over HTTP only for an HTTP status of 500 or more;
//! - as a log record with the event name `exception`, severity ERROR (an
//!   HTTP status of 500 or more) or WARN, the attributes `exception.type`,
//!   `exception.message`, `error.type` and the `errgen.error.*` ones, no
//!   body; `errgen.error.cause` only for an occurrence made
//!   [`Error::with_telemetry_cause`](super::Error::with_telemetry_cause);
//! - the counter's points are the catalog's metrics snapshot (the
//!   `sys/errorStats` numbers), one per symbol.
//!
//! The wire message is always the one the default options render:
//! sensitive values redacted, bounded, no verbose field, never a cause.
//!
//! ```ignore
//! let logs = SdkLoggerProvider::builder().with_batch_exporter(exporter).build();
//! let _otel = rt::otel::install(&CATALOG, rt::otel::Options {
//!     meter_provider: None, // the global one
//!     logger_provider: Some(logs.clone()),
//! });
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use opentelemetry::logs::{LogRecord, Logger, LoggerProvider, NoopLoggerProvider, Severity};
use opentelemetry::metrics::{MeterProvider, ObservableCounter};
use opentelemetry::trace::{Status, TraceContextExt};
use opentelemetry::{global, Context, InstrumentationScope, KeyValue};

use super::catalog::{Catalog, Def};
use super::error::Error;
use super::options::Options as RenderOptions;
use super::send::{SendHook, SentAs};

/// The instrumentation scope of the meter and the logger.
pub const SCOPE: &str = "errgen";

/// The name of the counter of rendered errors.
pub const METRIC: &str = "errgen.errors";

/// Where [`install`] sends the telemetry. Spans need no provider: the
/// errors are recorded on the active span.
pub struct Options<L = NoopLoggerProvider> {
    /// The meter provider of the counter; `None`: the global one.
    pub meter_provider: Option<Arc<dyn MeterProvider + Send + Sync>>,
    /// The logger provider of the log records. OpenTelemetry for Rust has
    /// no global logger provider: `None` records no log record.
    pub logger_provider: Option<L>,
}

impl Default for Options {
    /// The global meter provider, no log record.
    fn default() -> Options {
        Options {
            meter_provider: None,
            logger_provider: None,
        }
    }
}

/// An installation of [`install`]: dropped (or [`Installed::uninstall`]ed),
/// it removes its hook from the catalog, and its counter observes nothing
/// more.
#[must_use = "dropping it uninstalls at once"]
pub struct Installed {
    catalog: &'static Catalog,
    hook: SendHook,
    _counter: ObservableCounter<u64>,
}

impl Installed {
    /// Removes the hook and stops the counter's points, as dropping the
    /// installation does.
    pub fn uninstall(self) {}
}

impl Drop for Installed {
    fn drop(&mut self) {
        self.catalog.remove_send_hook(&self.hook);
    }
}

impl fmt::Debug for Installed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Installed")
            .field("catalog", &self.catalog.name)
            .finish_non_exhaustive()
    }
}

/// Records every error response the catalog's adapters and HTTP helpers
/// send (see the module), and registers the observable counter
/// `errgen.errors` over the catalog's metrics, which it enables. Installing
/// again replaces the previous installation: its hook is gone and its
/// counter observes nothing, so nothing is recorded twice.
pub fn install<L>(catalog: &'static Catalog, options: Options<L>) -> Installed
where
    L: LoggerProvider,
    L::Logger: Send + Sync + 'static,
{
    catalog.enable_metrics();
    let logger = options
        .logger_provider
        .map(|p| p.logger_with_scope(scope()));
    let hook = catalog.on_send(move |err, how| record_sent(err, how, logger.as_ref()));
    let meter = match options.meter_provider {
        Some(p) => p.meter_with_scope(scope()),
        None => global::meter_with_scope(scope()),
    };
    let own = Arc::downgrade(&hook);
    let counter = meter
        .u64_observable_counter(METRIC)
        .with_unit("{error}")
        .with_description("Errors errgen rendered, by catalog symbol")
        .with_callback(move |observer| {
            // an installation uninstalled or replaced observes nothing
            let Some(own) = own.upgrade() else {
                return;
            };
            if !catalog.send_hook().is_some_and(|h| Arc::ptr_eq(&h, &own)) {
                return;
            }
            for (symbol, n) in catalog.metrics.snapshot().by_symbol {
                let n = u64::try_from(n).unwrap_or(0);
                match catalog.by_symbol(&symbol) {
                    Some(def) => observer.observe(n, &def_attributes(def, def.symbol.into())),
                    None => observer.observe(n, &[KeyValue::new("error.type", symbol)]),
                }
            }
        })
        .build();
    Installed {
        catalog,
        hook,
        _counter: counter,
    }
}

/// Records `err` as sent as `how`, for code that sends an error itself:
/// what the catalog's send hook does for an error its adapters send (with
/// [`install`], the recording of the module). Without a hook it records on
/// the active span alone. A foreign error records the catalog's fallback,
/// as the wire carries it. A server that sends an error other than over
/// MCP records it as [`SentAs::Http`].
pub fn record(
    catalog: &Catalog,
    err: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    how: SentAs,
) {
    let err = catalog.from_error(err).on_wire();
    match catalog.send_hook() {
        Some(hook) => hook(&err, how),
        None => record_sent::<<NoopLoggerProvider as LoggerProvider>::Logger>(&err, how, None),
    }
}

fn scope() -> InstrumentationScope {
    InstrumentationScope::builder(SCOPE).build()
}

/// The attributes naming an error of `def`, `error.type` first.
fn def_attributes(def: &Def, error_type: Cow<'static, str>) -> [KeyValue; 4] {
    [
        KeyValue::new("error.type", error_type),
        KeyValue::new("errgen.error.symbol", def.symbol),
        KeyValue::new("errgen.error.code", def.code),
        KeyValue::new("errgen.error.domain", def.domain),
    ]
}

/// Records `err`, the error the wire carries, sent as `how`: on the active
/// span and, with a logger, as a log record.
fn record_sent<G: Logger>(err: &Error, how: SentAs, logger: Option<&G>) {
    let def = err.def();
    let message = err.message(&RenderOptions::default());
    let server_fault = err.status() >= 500;
    let error_type: Cow<'static, str> = match how {
        SentAs::Http => def.symbol.into(),
        SentAs::JsonRpc => def.wire_code.to_string().into(),
        SentAs::Tool => "tool_error".into(),
    };
    let cx = Context::current();
    let span = cx.span();
    if span.is_recording() {
        span.set_attributes(def_attributes(def, error_type.clone()));
        if how == SentAs::JsonRpc {
            span.set_attribute(KeyValue::new(
                "rpc.response.status_code",
                def.wire_code.to_string(),
            ));
        }
        if how != SentAs::Http || server_fault {
            span.set_status(Status::error(message.clone()));
        }
    }
    let Some(logger) = logger else {
        return;
    };
    let mut rec = logger.create_log_record();
    rec.set_event_name("exception");
    if server_fault {
        rec.set_severity_number(Severity::Error);
        rec.set_severity_text("ERROR");
    } else {
        rec.set_severity_number(Severity::Warn);
        rec.set_severity_text("WARN");
    }
    rec.add_attribute("exception.type", def.symbol);
    rec.add_attribute("exception.message", message);
    rec.add_attribute("error.type", error_type);
    rec.add_attribute("errgen.error.symbol", def.symbol);
    rec.add_attribute("errgen.error.code", def.code);
    rec.add_attribute("errgen.error.domain", def.domain);
    if let Some(cause) = err.telemetry_cause() {
        rec.add_attribute("errgen.error.cause", cause);
    }
    logger.emit(rec);
}
