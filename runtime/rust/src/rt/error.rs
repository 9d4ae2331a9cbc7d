//! One occurrence of a catalog error: its definition, its details and the
//! members of this occurrence.

use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::catalog::Def;
use super::encode::Encoder;
use super::json::truncate;
use super::options::Options;
use super::shape::Details;

/// The cause of an error.
pub type Cause = Arc<dyn std::error::Error + Send + Sync>;

/// One occurrence of a catalog error: its definition, its details and
/// per-occurrence members. It renders into every wire format
/// ([`Error::to_jsonrpc`], [`Error::to_problem`], [`Error::to_response`],
/// [`Error::to_tool_result`]).
///
/// Its `Display` (and `Debug`) text is the symbol and the message as the
/// wire carries it by default — sensitive fields redacted, verbose-only
/// fields left out, no cause — so that an error reaching a client or a log
/// line discloses nothing the wire would not. Server logs get the
/// unredacted form with the cause chain from [`Error::verbose_error`].
#[derive(Clone)]
pub struct Error(pub(crate) Box<Occurrence>);

/// What an [`Error`] holds, boxed: an error stays one pointer wide, as
/// small to return as a `Result` can hold.
#[derive(Clone)]
pub(crate) struct Occurrence {
    pub(crate) def: &'static Def,
    pub(crate) details: Option<Value>,
    pub(crate) cause: Option<Cause>,
    pub(crate) retryable: Option<bool>,
    pub(crate) status: Option<u16>,
    pub(crate) data: Vec<(String, Value)>,
    pub(crate) extensions: Vec<(String, Value)>,
    pub(crate) request_id: String,
    pub(crate) instance: String,
}

impl Error {
    /// Returns an error of `def` with the details `details`.
    pub fn new<T: Details>(def: &'static Def, details: &T) -> Error {
        let value = super::value::to_value(details).unwrap_or(Value::Null);
        Error::from_value(def, &value)
    }

    /// Returns an error of `def` whose details are read from a JSON value,
    /// as a typed struct would read it: a missing or mistyped required field
    /// is its empty value, a missing or mistyped optional one is absent.
    pub fn from_value(def: &'static Def, details: &Value) -> Error {
        let mut e = Error::fresh(def, None);
        if let Some(t) = def.details {
            e.0.details = Some((t.shape)().normalize(details));
        }
        e
    }

    /// Returns an error of `def` with empty details (every required field
    /// at its empty value), caused by `cause`.
    pub(crate) fn fresh(def: &'static Def, cause: Option<Cause>) -> Error {
        Error(Box::new(Occurrence {
            def,
            details: def.details.map(|t| (t.shape)().zero()),
            cause,
            retryable: None,
            status: None,
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

    /// Overrides the catalog's retryable flag for this occurrence.
    pub fn with_retryable(mut self, retryable: bool) -> Error {
        self.0.retryable = Some(retryable);
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

    /// Whether the occurrence may be retried.
    pub fn retryable(&self) -> bool {
        self.0.retryable.unwrap_or(self.0.def.retryable)
    }

    /// The HTTP status of the occurrence.
    pub fn status(&self) -> u16 {
        self.0.status.unwrap_or_else(|| self.0.def.status())
    }

    /// The details as a JSON value, every field as the typed struct holds
    /// it; `None` for an error without details.
    pub fn details(&self) -> Option<&Value> {
        self.0.details.as_ref()
    }

    /// Reads the details into their typed struct (or any type they fit).
    pub fn details_as<T: DeserializeOwned>(&self) -> Option<T> {
        self.0.details.as_ref().and_then(|v| T::deserialize(v).ok())
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
    /// the problem `detail` and the plain response's `message`.
    pub fn message(&self, o: &Options) -> String {
        let mut enc = Encoder::new(o, self.0.def.catalog.limits.max_string_bytes);
        self.message_text(&mut enc)
    }

    /// The message as the wire carries it under the encoder's state.
    pub(crate) fn message_text(&self, enc: &mut Encoder) -> String {
        let text = enc.render(self.0.def.message, self.shaped());
        truncate(&text, enc.limit(None))
    }

    /// The details with their shape, for the encoder.
    pub(crate) fn shaped(&self) -> Option<(super::shape::Shape, &Value)> {
        match (&self.0.details, self.0.def.details) {
            (Some(v), Some(t)) => Some(((t.shape)(), v)),
            _ => None,
        }
    }

    /// The message for server logs: verbose, unredacted, not cut, followed
    /// by the cause's text. Never send it on the wire.
    pub fn verbose_error(&self) -> String {
        let o = Options {
            verbose: true,
            ..Options::default()
        };
        let mut enc = Encoder::new(&o, self.0.def.catalog.limits.max_string_bytes);
        let mut msg = format!(
            "{}: {}",
            self.0.def.symbol,
            enc.render(self.0.def.message, self.shaped())
        );
        if let Some(c) = &self.0.cause {
            msg.push_str(": ");
            msg.push_str(&c.to_string());
        }
        msg
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}",
            self.0.def.symbol,
            self.message(&Options::default())
        )
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("symbol", &self.0.def.symbol)
            .field("code", &self.0.def.code)
            .field("message", &self.message(&Options::default()))
            .finish_non_exhaustive()
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
