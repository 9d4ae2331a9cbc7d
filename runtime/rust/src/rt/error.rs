//! One occurrence of a catalog error: its definition, its details and the
//! members of this occurrence, and its log forms; and the ways a catalog's
//! facts become one ([`Def::error`], [`Catalog::from_error`], `From<&Def>`),
//! written here so that the facts depend on no error.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::catalog::{Catalog, Def};
use super::json::truncate;
use super::node::Details;
use super::options::Options;
use super::retry::{duration_ms, float_ms, RetryClass};
use super::write::Encoder;

/// The cause of an error.
pub type Cause = Arc<dyn std::error::Error + Send + Sync>;

/// One occurrence of a catalog error: its definition, its details and
/// per-occurrence members. It renders into every wire format
/// ([`Error::to_jsonrpc`], [`Error::to_problem`], [`Error::to_response`],
/// [`Error::to_tool_result`]).
///
/// Its log forms never show a sensitive value in clear, unless the
/// occurrence was made [`Error::with_log_sensitive`]: its `Display` text is
/// the symbol and the message as the wire carries it by default —
/// sensitive fields redacted, `x-sanitize` fields scrubbed, verbose-only
/// fields left out, no cause — so that an error reaching a client or a log
/// line discloses nothing the wire would not; its `Debug` form (and so a
/// `tracing` field `?err`) holds the symbol, the code, the verbose message
/// (sensitive values redacted and scrubbed), the cause and the request id;
/// [`Error::verbose_error`] is the verbose message with the cause chain, for
/// server logs.
#[derive(Clone)]
pub struct Error(pub(crate) Box<Occurrence>);

/// What an [`Error`] holds, boxed: an error stays one pointer wide, as
/// small to return as a `Result` can hold.
#[derive(Clone)]
pub(crate) struct Occurrence {
    pub(crate) def: &'static Def,
    /// The details as a JSON object, read through the tables of the
    /// error's details (`None`: every field absent).
    pub(crate) details: Option<Value>,
    pub(crate) cause: Option<Cause>,
    pub(crate) retryable: Option<bool>,
    /// The occurrence's delay before a retry, in whole milliseconds, at
    /// most the rules' maximum.
    pub(crate) retry_after: Option<u64>,
    pub(crate) status: Option<u16>,
    /// Shows sensitive values in the log forms.
    pub(crate) log_sensitive: bool,
    /// Lets telemetry record the cause's text.
    pub(crate) telemetry_cause: bool,
    pub(crate) data: Vec<(String, Value)>,
    pub(crate) extensions: Vec<(String, Value)>,
    pub(crate) request_id: String,
    pub(crate) instance: String,
}

impl Error {
    /// Returns an error of `def` with the details `details`.
    pub fn new<T: Details>(def: &'static Def, details: &T) -> Error {
        Error::with_details(def, super::value::to_value(details).unwrap_or(Value::Null))
    }

    /// Returns an error of `def` whose details are the JSON object
    /// `details`, read as errgen's Go runtime reads JSON details: members
    /// by their exact names, a `null` or missing member absent (a required
    /// one then its type's empty value), a value that breaks its schema —
    /// of another type, out of its enum or bounds, … — not written as
    /// given (see [`Catalog::on_violation`](super::Catalog::on_violation)).
    pub fn from_value(def: &'static Def, details: &Value) -> Error {
        Error::with_details(def, details.clone())
    }

    /// Returns an error of `def` whose details are `details`, as
    /// [`Error::from_value`] reads them.
    fn with_details(def: &'static Def, details: Value) -> Error {
        let mut e = Error::fresh(def, None);
        if def.details.is_some() && details.is_object() {
            e.0.details = Some(details);
        }
        e
    }

    /// Returns an error of `def` with empty details (every required field
    /// at its empty value), caused by `cause`.
    pub(crate) fn fresh(def: &'static Def, cause: Option<Cause>) -> Error {
        Error(Box::new(Occurrence {
            def,
            details: None,
            cause,
            retryable: None,
            retry_after: None,
            status: None,
            log_sensitive: false,
            telemetry_cause: false,
            data: Vec::new(),
            extensions: Vec::new(),
            request_id: String::new(),
            instance: String::new(),
        }))
    }
    /// Keeps `cause` as the cause: [`std::error::Error::source`] returns
    /// it, and verbose mode lists its chain in `debugInfo.errorChain`. Its
    /// text never reaches the wire otherwise.
    pub fn with_cause(mut self, cause: impl std::error::Error + Send + Sync + 'static) -> Error {
        self.0.cause = Some(Arc::new(cause));
        self
    }

    /// Keeps `cause`, already shared, as the cause (see [`Error::with_cause`]).
    pub fn with_shared_cause(mut self, cause: Cause) -> Error {
        self.0.cause = Some(cause);
        self
    }

    /// Overrides the catalog's retryable flag for this occurrence, and so
    /// its retry class: `true` makes it [`RetryClass::AfterDelay`] (an
    /// error of that class keeps its default delay); `false` makes an error
    /// of that class [`RetryClass::Never`] and leaves another class as it
    /// is.
    pub fn with_retryable(mut self, retryable: bool) -> Error {
        self.0.retryable = Some(retryable);
        self
    }

    /// Sets how long the client should wait before sending the request
    /// again (the payloads' `retryAfterMs`, an HTTP answer's `Retry-After`),
    /// in place of the catalog's default delay: rounded up to whole
    /// milliseconds, at most the rules' maximum (one day). It is written
    /// only while the occurrence's class is [`RetryClass::AfterDelay`]
    /// (see [`Error::with_retryable`]), and ignored otherwise.
    pub fn with_retry_after(mut self, delay: Duration) -> Error {
        let max = self.0.def.catalog.rules.max_retry_after_ms;
        self.0.retry_after = Some(duration_ms(delay, max));
        self
    }

    /// Sets the delay as [`Error::with_retry_after`] does, from a number of
    /// milliseconds as a double (the conformance input's `retryAfterMs`):
    /// NaN and a negative number (−∞ too) set none; any other is rounded up
    /// and cut to the rules' maximum (+∞ too).
    pub(crate) fn with_retry_after_ms(mut self, ms: f64) -> Error {
        let max = self.0.def.catalog.rules.max_retry_after_ms;
        self.0.retry_after = float_ms(ms, max);
        self
    }

    /// Picks one of the error's allowed HTTP statuses; a status the catalog
    /// does not allow for the error is ignored.
    pub fn with_status(mut self, status: u16) -> Error {
        if self.0.def.statuses.contains(&status) {
            self.0.status = Some(status);
        }
        self
    }

    /// Adds a legacy member to the JSON-RPC data object (`method`,
    /// `requestId`, `policyHash`, …). It never takes the place of `domain`,
    /// `symbol`, `retryable` or `context`, nor of a member added before.
    pub fn with_data(mut self, key: impl Into<String>, value: impl Into<Value>) -> Error {
        self.0.data.push((key.into(), value.into()));
        self
    }

    /// Adds an extension member (such as `tool`) to the problem document.
    /// It never takes the place of a member of the document, a detail
    /// field or a member added before.
    pub fn with_extension(mut self, key: impl Into<String>, value: impl Into<Value>) -> Error {
        self.0.extensions.push((key.into(), value.into()));
        self
    }

    /// Sets the request id shown in verbose `debugInfo`.
    pub fn with_request_id(mut self, id: impl Into<String>) -> Error {
        self.0.request_id = id.into();
        self
    }

    /// Sets the problem document's `instance` URI (default: a fresh
    /// `urn:uuid`).
    pub fn with_instance(mut self, uri: impl Into<String>) -> Error {
        self.0.instance = uri.into();
        self
    }

    /// With `true`, shows this occurrence's sensitive detail values, in
    /// clear and unscrubbed, in its log forms ([`Error::verbose_error`] and
    /// `Debug`), which redact them otherwise (as the Go runtime's
    /// `WithLogSensitive`). The wire is unaffected: only
    /// [`Options::show_sensitive`] shows them there, and `Display` never
    /// does.
    pub fn with_log_sensitive(mut self, show: bool) -> Error {
        self.0.log_sensitive = show;
        self
    }

    /// Lets the telemetry of this occurrence (the `otel` module's log
    /// record, as `errgen.error.cause`) carry its cause's text, bounded by
    /// the catalog's string bound; without it, nothing of the cause is
    /// recorded (as the Go runtime's `WithTelemetryCause`). The wire is
    /// unaffected. A foreign error converted to the fallback
    /// ([`Catalog::from_error`]) never has it.
    pub fn with_telemetry_cause(mut self) -> Error {
        self.0.telemetry_cause = true;
        self
    }

    /// The cause's text for telemetry, bounded by the catalog's string
    /// bound: only for an occurrence made [`Error::with_telemetry_cause`]
    /// that has a cause.
    pub fn telemetry_cause(&self) -> Option<String> {
        if !self.0.telemetry_cause {
            return None;
        }
        let cause = self.0.cause.as_ref()?.to_string();
        let max = self.0.def.catalog.limits.max_string_bytes;
        Some(truncate(&cause, (max > 0).then_some(max)))
    }

    /// The error's definition.
    pub fn def(&self) -> &'static Def {
        self.0.def
    }

    /// The catalog code.
    pub fn code(&self) -> i64 {
        self.0.def.code
    }

    /// The symbol the wire carries.
    pub fn symbol(&self) -> &'static str {
        self.0.def.symbol
    }

    /// Whether the occurrence may be retried as it is: its class is
    /// [`RetryClass::AfterDelay`].
    pub fn retryable(&self) -> bool {
        self.retry_class() == RetryClass::AfterDelay
    }

    /// When the request may be sent again: the catalog's class, moved by
    /// [`Error::with_retryable`].
    pub fn retry_class(&self) -> RetryClass {
        let def = self.0.def.retry;
        match self.0.retryable {
            Some(true) => RetryClass::AfterDelay,
            Some(false) if def == RetryClass::AfterDelay => RetryClass::Never,
            _ => def,
        }
    }

    /// The delay the payloads carry (`retryAfterMs`), in milliseconds: the
    /// occurrence's ([`Error::with_retry_after`]), else the catalog's
    /// default delay of an error of class [`RetryClass::AfterDelay`];
    /// `None` when the occurrence's class is another.
    pub fn retry_after_ms(&self) -> Option<u64> {
        if self.retry_class() != RetryClass::AfterDelay {
            return None;
        }
        let def = self.0.def;
        self.0.retry_after.or(def
            .retry_after_ms
            .filter(|_| def.retry == RetryClass::AfterDelay))
    }

    /// The delay of [`Error::retry_after_ms`] as a duration.
    pub fn retry_after(&self) -> Option<Duration> {
        self.retry_after_ms().map(Duration::from_millis)
    }

    /// The HTTP status of the occurrence.
    pub fn status(&self) -> u16 {
        self.0.status.unwrap_or_else(|| self.0.def.status())
    }

    /// The details as the error holds them, a JSON object (every field as
    /// the typed struct holds it, for an error made by its constructor);
    /// `None` for an error without details or with empty details.
    pub fn details(&self) -> Option<&Value> {
        self.0.details.as_ref()
    }

    /// Reads the details into their typed struct (or any type they fit).
    pub fn details_as<T: DeserializeOwned>(&self) -> Option<T> {
        self.0.details.as_ref().and_then(|v| T::deserialize(v).ok())
    }

    /// The members of the details, for the encoder.
    pub(crate) fn members(&self) -> Option<&Map<String, Value>> {
        self.0.details.as_ref().and_then(Value::as_object)
    }

    /// The legacy JSON-RPC data members, in the order added.
    pub fn data(&self) -> &[(String, Value)] {
        &self.0.data
    }

    /// The problem extension members, in the order added.
    pub fn extensions(&self) -> &[(String, Value)] {
        &self.0.extensions
    }

    /// Reports whether the error is one of `def`.
    pub fn is(&self, def: &Def) -> bool {
        std::ptr::eq(self.0.def, def)
    }

    /// The message rendered under `o`: the text of the JSON-RPC `message`,
    /// the problem `detail` and the plain response's `message` (the
    /// fallback's, when the error's details cannot be written valid).
    pub fn message(&self, o: &Options) -> String {
        let mut enc = Encoder::new(self.0.def, o);
        self.resolved(&mut enc).message_text(&mut enc)
    }

    /// The error as the wire carries it under the default options: the
    /// error, or the fallback when its details cannot be written valid.
    #[cfg(feature = "otel")]
    pub(crate) fn on_wire(&self) -> Error {
        let mut enc = Encoder::new(self.0.def, &Options::default());
        self.resolved(&mut enc)
    }

    /// The error, or the fallback the wire carries instead when its details
    /// cannot be written valid.
    fn resolved(&self, enc: &mut Encoder) -> Error {
        let fallback = self.0.def.catalog.fallback;
        if self.0.def.details.is_none() || std::ptr::eq(fallback, self.0.def) {
            return self.clone();
        }
        enc.failed = false;
        self.write_details(enc, &mut String::new());
        if !std::mem::take(&mut enc.failed) {
            return self.clone();
        }
        Error::fresh(fallback, Some(Arc::new(ViolationError(self.clone()))))
    }

    /// The message as the wire carries it under the encoder's state:
    /// rendered and bounded.
    pub(crate) fn message_text(&self, enc: &mut Encoder) -> String {
        let text = self.text(enc, self.0.def.message);
        truncate(&text, enc.bound(None))
    }

    /// The message for server logs: verbose (verbose-only fields included),
    /// not bounded, its sensitive values redacted and `x-sanitize` values
    /// scrubbed unless the occurrence was made
    /// [`Error::with_log_sensitive`].
    fn log_message(&self) -> String {
        let o = Options {
            verbose: true,
            show_sensitive: self.0.log_sensitive,
            ..Options::default()
        };
        let mut enc = Encoder::new(self.0.def, &o);
        enc.text = true;
        self.text(&mut enc, self.0.def.message)
    }

    /// The message for server logs: verbose, not cut, followed by the
    /// cause's text; sensitive values are redacted and `x-sanitize` values
    /// scrubbed unless the occurrence was made
    /// [`Error::with_log_sensitive`]. Never send it on the wire.
    pub fn verbose_error(&self) -> String {
        let mut msg = format!("{}: {}", self.0.def.symbol, self.log_message());
        if let Some(c) = &self.0.cause {
            msg.push_str(": ");
            msg.push_str(&c.to_string());
        }
        msg
    }
}

impl fmt::Display for Error {
    /// `SYMBOL: message` as the wire carries it by default (the fallback's,
    /// when the error's details cannot be written valid).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut enc = Encoder::new(self.0.def, &Options::default());
        let r = self.resolved(&mut enc);
        write!(f, "{}: {}", r.0.def.symbol, r.message_text(&mut enc))
    }
}

impl fmt::Debug for Error {
    /// The log form of the error, as the Go runtime's `LogValue`: its
    /// symbol, code, verbose message (sensitive values redacted unless made
    /// [`Error::with_log_sensitive`]), cause and request id. The details
    /// themselves are never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Error");
        d.field("symbol", &self.0.def.symbol)
            .field("code", &self.0.def.code)
            .field("message", &self.log_message());
        if let Some(c) = &self.0.cause {
            d.field("cause", &c.to_string());
        }
        if !self.0.request_id.is_empty() {
            d.field("request_id", &self.0.request_id);
        }
        d.finish()
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0
            .cause
            .as_deref()
            .map(|c| c as &(dyn std::error::Error + 'static))
    }
}

impl Catalog {
    /// Converts any error for the wire: an [`Error`] renders as itself, and
    /// so does the first one in the error's chain of sources; anything else
    /// becomes the catalog's fallback, with the fallback's own message and
    /// `err` kept only as the cause (it reaches the wire only in verbose
    /// mode, sanitized).
    pub fn from_error(&self, err: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Error {
        let err = err.into();
        let err = match err.downcast::<Error>() {
            Ok(e) => return *e,
            Err(err) => err,
        };
        let mut source = err.source();
        while let Some(s) = source {
            if let Some(e) = s.downcast_ref::<Error>() {
                return e.clone();
            }
            source = s.source();
        }
        Error::fresh(self.fallback, Some(Arc::from(err)))
    }
}

impl Def {
    /// The definition raised as an error (as Go's `return pkg.ErrX`): an
    /// error with empty details, or, when those break the error's detail
    /// schema, the catalog's fallback caused by the definition.
    pub fn error(&'static self) -> Error {
        if self.needs_details {
            return Error::fresh(self.catalog.fallback, Some(Arc::new(Definition(self))));
        }
        Error::fresh(self, None)
    }
}

impl From<&'static Def> for Error {
    fn from(def: &'static Def) -> Error {
        def.error()
    }
}

/// A definition as the cause of the fallback: its text is `SYMBOL: TITLE`.
#[derive(Debug)]
struct Definition(&'static Def);

impl fmt::Display for Definition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0.symbol, self.0.title)
    }
}

impl std::error::Error for Definition {}

/// The cause of the fallback an error becomes when its details cannot be
/// written valid: a required detail value breaks its schema and has no
/// replacement. Its text is `SYMBOL: details break the schema`; its source
/// is the error.
#[derive(Debug)]
pub struct ViolationError(pub Error);

impl fmt::Display for ViolationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: details break the schema", self.0 .0.def.symbol)
    }
}

impl std::error::Error for ViolationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}
