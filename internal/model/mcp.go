package model

import "github.com/errgen/errgen/internal/catalog"

// How a failing MCP tools/call reaches the client (the `mcp.tool_errors`
// setting of a catalog or an error).
const (
	ToolErrorsResult = "result" // an isError tool result carrying the problem document
	ToolErrorsError  = "error"  // a JSON-RPC error object
)

// SDKCode is a JSON-RPC error code that an official MCP SDK gives a meaning
// of its own: a catalog error sent with it is taken for the SDK's error.
type SDKCode struct {
	Code    int64
	Meaning string // which SDK uses it, and for what
	Client  string // what a client does with an error carrying it
}

// SDKCodes are the codes the official MCP SDKs use themselves beyond the
// five standard JSON-RPC codes (which catalogs share on purpose, and which
// clients tell apart by data.symbol). Taken from the SDKs' sources: the TS
// SDK's ErrorCode enum, go-sdk's mcp package and its jsonrpc2 package.
var SDKCodes = []SDKCode{
	{-32000, "the TypeScript SDK's ErrorCode.ConnectionClosed", "a TypeScript client compares it equal to ErrorCode.ConnectionClosed, which the SDK raises itself when the connection closes or a request is cancelled"},
	{-32001, "the TypeScript SDK's ErrorCode.RequestTimeout and go-sdk jsonrpc2's ErrUnknown", "a TypeScript client compares it equal to ErrorCode.RequestTimeout and takes the error for a request that timed out; in Go, errors.Is(err, jsonrpc2.ErrUnknown) holds"},
	{-32002, "go-sdk's resource-not-found code (CodeResourceNotFound before SEP-2164, still under MCPGODEBUG=customresnotfounderrcode=1)", "a client takes the error for a missing resource, and the SDK's own data-less resource-not-found error carries the same code"},
	{-32003, "go-sdk jsonrpc2's ErrClientClosing", "a Go SDK client turns the error into ErrConnectionClosed, losing its code and data"},
	{-32004, "go-sdk jsonrpc2's ErrServerClosing", "a Go SDK client turns the error into ErrConnectionClosed, losing its code and data"},
	{-32005, "go-sdk jsonrpc2's ErrRejected (rejected by transport)", "a Go SDK client takes it for a transport rejection (errors.Is(err, jsonrpc2.ErrRejected))"},
	{-32020, "go-sdk's CodeHeaderMismatch", "a client takes it for HTTP headers that do not match the request body"},
	{-32021, "go-sdk's CodeMissingRequiredClientCapabilities (SEP-2575)", "a client takes it for a capability it failed to declare, and the streamable HTTP transport answers it with status 400"},
	{-32022, "go-sdk's CodeUnsupportedProtocolVersion (SEP-2575)", "a client takes it for a protocol version mismatch, and the streamable HTTP transport answers it with status 400"},
	{-32042, "ErrorCode.UrlElicitationRequired of both SDKs", "a client takes it for a request to open a URL (the TypeScript SDK turns it into UrlElicitationRequiredError when data holds elicitations)"},
	{-31001, "go-sdk's unsupported-method code", "a client takes it for a method the peer does not support"},
}

func sdkCode(code int64) *SDKCode {
	for i := range SDKCodes {
		if SDKCodes[i].Code == code {
			return &SDKCodes[i]
		}
	}
	return nil
}

// mcp resolves each error's mcp.tool_errors and warns, at the wire code, of
// every error whose JSON-RPC code an MCP SDK uses itself, unless the error
// says it keeps that code knowingly (mcp.allow_sdk_code).
func (b *builder) mcp() {
	def := ToolErrorsResult
	if s := b.raw.MCP.ToolErrors; s.Set {
		if b.toolErrors(s) {
			def = s.Value
		}
	}
	b.m.MCPToolErrors = def
	for _, e := range b.m.Errors {
		re := b.errPos[e]
		e.MCPToolErrors = def
		if s := re.MCP.ToolErrors; s.Set && b.toolErrors(s) {
			e.MCPToolErrors = s.Value
		}
		if c := sdkCode(e.WireCode); c != nil && !re.MCP.AllowSDKCode.Value {
			pos, what := re.Code.Pos, "code"
			if re.WireCode.Set {
				pos, what = re.WireCode.Pos, "wire_code"
			}
			b.diags.Warnf(pos, "%s %d of %s is %s: %s; choose a JSON-RPC code no MCP SDK uses (or, for a legacy code clients rely on, set mcp: {allow_sdk_code: true})", what, e.WireCode, e.Symbol, c.Meaning, c.Client)
		}
	}
}

// toolErrors reports whether s is a valid mcp.tool_errors value, and
// reports it when not.
func (b *builder) toolErrors(s catalog.Str) bool {
	if s.Value == ToolErrorsResult || s.Value == ToolErrorsError {
		return true
	}
	b.diags.Errorf(s.Pos, "mcp.tool_errors must be %q or %q, not %q", ToolErrorsResult, ToolErrorsError, s.Value)
	return false
}
