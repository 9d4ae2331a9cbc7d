//! errgen's runtime: the rules every errgen runtime follows to render a
//! catalog's errors on the wire — the JSON-RPC error object, the RFC 9457
//! problem document, the plain response and the MCP tool result —
//! byte for byte as errgen's Go runtime does: redaction, `x-sanitize`,
//! verbose-only fields and debug information, suggestions, bounds in UTF-8
//! bytes, the minimal payload and the fallback.
//!
//! The module is the same in every crate errgen generates; only the
//! catalog's facts (its definitions and detail shapes) are generated beside
//! it. Its dependencies are serde and serde_json, and the official MCP SDK
//! (rmcp) behind the crate's `rmcp` feature.

mod catalog;
mod conformance;
mod encode;
mod error;
mod fielderrors;
mod json;
#[cfg(feature = "rmcp")]
mod mcp;
mod metrics;
mod options;
mod render;
mod sanitize;
mod shape;
mod time;
mod value;
mod wire;

pub use catalog::{Catalog, Def, Limits};
pub use conformance::serve_conformance;
pub use error::{Cause, Error};
pub use fielderrors::FieldErrors;
pub use json::{number, quote, truncate, write_escaped, write_number, write_string};
pub use metrics::{Metrics, Stats};
pub use options::{Options, OptionsError};
pub use render::{JSONRPC_DATA_MEMBERS, PROBLEM_CONTENT_TYPE, PROBLEM_MEMBERS};
pub use sanitize::{sanitize_path, sanitize_text, sanitize_uri};
pub use shape::{serialize_extra, Details, DetailsType, Object, Prop, Sanitize, Shape, Type};
pub use time::{parse_rfc3339, rfc3339, urn_uuid};
pub use wire::{DebugInfo, ErrorContext, ErrorData, ErrorResponse, JsonRpcError, ProblemDetails};

/// What replaces a sensitive value.
pub const REDACTED: &str = "<redacted>";
