//! errgen's runtime: the rules every errgen runtime follows to render a
//! catalog's errors on the wire — the JSON-RPC error object, the RFC 9457
//! problem document, the plain response and the MCP tool result —
//! byte for byte as errgen's Go runtime does: the checks of detail values
//! against their schema, redaction, `x-sanitize`, verbose-only fields and
//! debug information, suggestions, bounds in UTF-8 bytes, the minimal
//! payload and the fallback; the retry class and delay of each error
//! (`retry`, `retryAfterMs`), and the advice a client reads back from any
//! payload ([`retry_advice`]).
//!
//! The module is the same in every crate errgen generates; only the
//! catalog's facts (its definitions, the rules of the wire, and its detail
//! schemas as tables of [`Node`]s) are generated beside it. Its
//! dependencies are serde and serde_json, regex where the catalog checks a
//! pattern or a format, the official MCP SDK (rmcp) behind the crate's
//! `rmcp` feature, and the OpenTelemetry API behind its `otel` feature (the
//! module `otel`).

mod catalog;
mod check;
mod conformance;
mod error;
mod facts;
mod fielderrors;
mod format;
mod json;
#[cfg(feature = "rmcp")]
mod mcp;
mod metrics;
mod node;
mod options;
#[cfg(feature = "otel")]
pub mod otel;
mod regexp;
mod render;
mod retry;
mod sanitize;
mod send;
mod time;
mod value;
mod wire;
mod write;

pub use catalog::{Catalog, Def, Limits, Outcome, Rules, Violation, Violations};
pub use conformance::serve_conformance;
pub use error::{Cause, Error, ViolationError};
pub use fielderrors::FieldErrors;
pub use json::{number, quote, truncate, write_escaped, write_number, write_string};
pub use metrics::{Metrics, Stats};
pub use node::{
    hidden, retype, serialize_extra, Check, Details, DetailsType, Field, Kind, Node, Object,
    Sanitize,
};
pub use options::{Options, OptionsError};
pub use render::{HttpAnswer, PROBLEM_CONTENT_TYPE};
pub use retry::{retry_advice, retry_after_secs, RetryAction, RetryAdvice, RetryClass};
pub use sanitize::{sanitize_path, sanitize_text, sanitize_uri};
pub use send::{SendHook, SentAs};
pub use time::{parse_rfc3339, rfc3339, urn_uuid};
pub use wire::{DebugInfo, ErrorContext, ErrorData, ErrorResponse, JsonRpcError, ProblemDetails};
