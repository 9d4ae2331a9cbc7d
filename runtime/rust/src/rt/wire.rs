//! The wire formats as serde types, for code that reads them back: a Rust
//! client of a JSON-RPC server, a test. The runtime writes the formats
//! itself (see [`Error::to_jsonrpc`](super::Error::to_jsonrpc) and the
//! others), byte for byte as every errgen runtime does.
//!
//! A payload's `retry` and `retryAfterMs` are read leniently, so that a
//! payload of an older or a newer catalog reads too: a class this runtime
//! does not know, or a delay that is not a non-negative integer, reads as
//! `None`, and each type's `retry_advice` then falls back to `retryable`,
//! as [`retry_advice`](super::retry_advice) does.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::Error;
use super::options::Options;
use super::retry::{read_class, read_delay, RetryAdvice, RetryClass};

/// The JSON-RPC error object (the `error` member of a response).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JsonRpcError {
    /// The wire code.
    pub code: i64,
    /// The message.
    pub message: String,
    /// The data object.
    pub data: ErrorData,
}

/// The `data` of a JSON-RPC error: the legacy members, the error's domain,
/// symbol, retryable flag, retry class and delay, and its context.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorData {
    /// The error's domain.
    pub domain: String,
    /// The error's symbol.
    pub symbol: String,
    /// Whether the request may be retried.
    pub retryable: bool,
    /// When the request may be sent again (`None` in a payload of a
    /// catalog older than retry classes, or naming a newer class).
    #[serde(
        default,
        deserialize_with = "read_class",
        skip_serializing_if = "Option::is_none"
    )]
    pub retry: Option<RetryClass>,
    /// The delay before a retry, in milliseconds, when the server gives
    /// one.
    #[serde(
        default,
        rename = "retryAfterMs",
        deserialize_with = "read_delay",
        skip_serializing_if = "Option::is_none"
    )]
    pub retry_after_ms: Option<u64>,
    /// The structured context.
    pub context: ErrorContext,
    /// The legacy members (`method`, `requestId`, `policyHash`, …).
    #[serde(flatten)]
    pub legacy: Map<String, Value>,
}

/// The structured context of a JSON-RPC error (`data.context`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorContext {
    /// The version of the context's schema.
    pub schema_version: i64,
    /// The error's type.
    #[serde(rename = "type")]
    pub error_type: String,
    /// The details, as the error's detail schema says (`{}` for none).
    pub details: Value,
    /// The message for end users.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_message: Option<String>,
    /// What the user may do about the error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggestions: Option<Vec<String>>,
    /// Whether the request may be retried.
    pub retryable: bool,
    /// Debug information (verbose mode only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debug_info: Option<DebugInfo>,
}

/// Debug information, written in verbose mode only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DebugInfo {
    /// The cause chain, scrubbed: at most five entries of at most 256 bytes.
    pub error_chain: Vec<String>,
    /// The request's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// When the error was rendered (RFC 3339, UTC).
    pub timestamp: String,
    /// The server's version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_version: Option<String>,
}

/// An RFC 9457 problem document, its flattened details and extension
/// members in `members`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProblemDetails {
    /// The problem type URI.
    #[serde(rename = "type")]
    pub problem_type: String,
    /// The short summary.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// The message.
    pub detail: String,
    /// The URI of this occurrence.
    pub instance: String,
    /// When the error was rendered (RFC 3339, UTC).
    pub timestamp: String,
    /// The error's symbol.
    pub symbol: String,
    /// Whether the request may be retried.
    pub retryable: bool,
    /// When the request may be sent again (`None` in a payload of a
    /// catalog older than retry classes, or naming a newer class).
    #[serde(
        default,
        deserialize_with = "read_class",
        skip_serializing_if = "Option::is_none"
    )]
    pub retry: Option<RetryClass>,
    /// The delay before a retry, in milliseconds, when the server gives
    /// one.
    #[serde(
        default,
        rename = "retryAfterMs",
        deserialize_with = "read_delay",
        skip_serializing_if = "Option::is_none"
    )]
    pub retry_after_ms: Option<u64>,
    /// The message for end users.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_message: Option<String>,
    /// What the user may do about the error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggestions: Option<Vec<String>>,
    /// Debug information (verbose mode only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debug_info: Option<DebugInfo>,
    /// The detail fields and extension members.
    #[serde(flatten)]
    pub members: Map<String, Value>,
}

/// The plain response `{error, code, message, details, retry,
/// retryAfterMs}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorResponse {
    /// Always true.
    pub error: bool,
    /// The error's symbol.
    pub code: String,
    /// The message.
    pub message: String,
    /// The details of an error that has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// When the request may be sent again (`None` in a payload of a
    /// catalog older than retry classes, or naming a newer class).
    #[serde(
        default,
        deserialize_with = "read_class",
        skip_serializing_if = "Option::is_none"
    )]
    pub retry: Option<RetryClass>,
    /// The delay before a retry, in milliseconds, when the server gives
    /// one.
    #[serde(
        default,
        rename = "retryAfterMs",
        deserialize_with = "read_delay",
        skip_serializing_if = "Option::is_none"
    )]
    pub retry_after_ms: Option<u64>,
}

impl JsonRpcError {
    /// What the client does about the error (see
    /// [`retry_advice`](super::retry_advice)).
    pub fn retry_advice(&self) -> RetryAdvice {
        self.data.retry_advice()
    }
}

impl ErrorData {
    /// What the client does about the error (see
    /// [`retry_advice`](super::retry_advice)).
    pub fn retry_advice(&self) -> RetryAdvice {
        RetryAdvice::from_members(self.retry, self.retryable, self.retry_after_ms)
    }
}

impl ProblemDetails {
    /// What the client does about the error (see
    /// [`retry_advice`](super::retry_advice)).
    pub fn retry_advice(&self) -> RetryAdvice {
        RetryAdvice::from_members(self.retry, self.retryable, self.retry_after_ms)
    }
}

impl ErrorResponse {
    /// What the client does about the error (see
    /// [`retry_advice`](super::retry_advice)): a plain response of a
    /// catalog older than retry classes carries no `retryable`, and is
    /// never retried.
    pub fn retry_advice(&self) -> RetryAdvice {
        RetryAdvice::from_members(self.retry, false, self.retry_after_ms)
    }
}

impl Error {
    /// The context of the JSON-RPC error object, as a typed value.
    pub fn context(&self, o: &Options) -> ErrorContext {
        let rpc: JsonRpcError = serde_json::from_str(&self.to_jsonrpc(o))
            .expect("the runtime writes valid JSON-RPC errors");
        rpc.data.context
    }
}
