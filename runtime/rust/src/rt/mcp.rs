//! The official Rust MCP SDK (rmcp), behind the crate's `rmcp` feature:
//! a catalog error as the SDK's JSON-RPC error and as an `isError` tool
//! result, as errgen's Go runtime sends them through the MCP Go SDK.
//!
//! A failing `tools/call` reaches the client as an `isError` tool result
//! carrying the RFC 9457 problem document (where the model sees it, as the
//! MCP specification asks for tool execution errors), unless the catalog
//! says `mcp: {tool_errors: error}` for the error (or for all its errors):
//! then it is a JSON-RPC error. [`Error::to_rmcp_call_result`] makes that
//! choice; a tool handler returns it as it is:
//!
//! ```ignore
//! async fn read_file(&self, path: String) -> Result<CallToolResult, rmcp::ErrorData> {
//!     match self.read(&path) {
//!         Ok(text) => Ok(CallToolResult::success(vec![ContentBlock::text(text)])),
//!         Err(e) => CATALOG.from_error(e).to_rmcp_call_result(&self.options),
//!     }
//! }
//! ```

use rmcp::model::{CallToolResult, ContentBlock, ErrorCode};
use rmcp::ErrorData;
use serde_json::Value;

use super::error::Error;
use super::options::Options;
use super::send::SentAs;

impl Error {
    /// The error as rmcp's JSON-RPC error: the wire code, the message and
    /// the data object (`domain`, `symbol`, `retryable`, `retry`,
    /// `retryAfterMs`, `context`, the legacy members), rendered under `o`.
    /// The catalog's send hook ([`Catalog::on_send`](super::Catalog::on_send))
    /// learns of it as a JSON-RPC error.
    pub fn to_rmcp_error(&self, o: &Options) -> ErrorData {
        let ((code, message, data), wire) = self.jsonrpc_wire(o);
        wire.0.def.catalog.sent(&wire, SentAs::JsonRpc);
        let code = i32::try_from(code).unwrap_or(i32::MIN);
        ErrorData::new(
            ErrorCode(code),
            message,
            serde_json::from_str::<Value>(&data).ok(),
        )
    }

    /// The error as an `isError` tool result carrying the problem document
    /// (its `retry` and `retryAfterMs` too, which a client reads with
    /// [`retry_advice`](super::retry_advice)), as text content and as
    /// structured content. A tool that declares an
    /// output schema should not send the structured content (clients check
    /// it against the schema, error or not): set `structured_content` to
    /// `None`. The send hook learns of it as a tool result.
    pub fn to_rmcp_tool_result(&self, o: &Options) -> CallToolResult {
        let (problem, wire) = self.problem_wire(o);
        wire.0.def.catalog.sent(&wire, SentAs::Tool);
        let structured = serde_json::from_str::<Value>(&problem).ok();
        let mut result = CallToolResult::error(vec![ContentBlock::text(problem)]);
        result.structured_content = structured;
        result
    }

    /// What a failing `tools/call` handler returns: an `isError` tool result
    /// ([`Error::to_rmcp_tool_result`]), or, for an error whose catalog entry
    /// says `mcp: {tool_errors: error}`, the JSON-RPC error
    /// ([`Error::to_rmcp_error`]).
    pub fn to_rmcp_call_result(&self, o: &Options) -> Result<CallToolResult, ErrorData> {
        if self.0.def.tool_errors_as_rpc {
            Err(self.to_rmcp_error(o))
        } else {
            Ok(self.to_rmcp_tool_result(o))
        }
    }
}

impl From<Error> for ErrorData {
    /// The error as rmcp's JSON-RPC error under the default options.
    fn from(e: Error) -> ErrorData {
        e.to_rmcp_error(&Options::default())
    }
}
