// Package errgenmcp sends an errgen catalog's errors through the official
// MCP Go SDK (github.com/modelcontextprotocol/go-sdk) in the catalog's wire
// form, never as Go error text.
//
// The SDK passes a custom code and data through only for a *jsonrpc.Error
// it finds by type assertion. Any other error from a typed tool handler
// becomes an isError tool result whose text is err.Error(), and from any
// other handler a JSON-RPC error with code 0 and err.Error() as its
// message. [Middleware] turns every error a method handler returns into
// the catalog's form, and [RPCError] and [ToolResult] render one error for
// handlers that build their own replies:
//
//	server := mcp.NewServer(&mcp.Implementation{Name: "files"}, nil)
//	server.AddReceivingMiddleware(errgenmcp.Middleware(fserrors.Catalog, &opts))
//
// A failing tools/call reaches the client as an isError tool result
// carrying the RFC 9457 problem document (where the model sees it, as the
// MCP specification asks for tool execution errors), unless the error's
// catalog entry says `mcp: {tool_errors: error}` (or the catalog does, for
// all its errors): then it is a JSON-RPC error object. Every other method's
// failure is a JSON-RPC error object.
//
// Rendering follows the [errgenrt.Options] given (nil or the zero value:
// sensitive fields redacted, no verbose-only fields, no cause text). Verbose
// output belongs in server logs: an *errgenrt.Error is a slog.LogValuer
// that logs its cause chain.
package errgenmcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"

	"github.com/errgen/errgen/errgenrt"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RPCError renders err as a JSON-RPC error object: the first catalog error
// in err's chain as itself, anything else as the catalog's fallback (its
// text kept only as the cause). The SDK sends a *jsonrpc.Error returned by
// any handler, a typed tool handler's included, as it is. RPCError(c, nil,
// o) is nil.
func RPCError(c *errgenrt.Catalog, err error, o *errgenrt.Options) *jsonrpc.Error {
	e := c.From(err)
	if e == nil {
		return nil
	}
	return rpcError(e, o)
}

func rpcError(e *errgenrt.Error, o *errgenrt.Options) *jsonrpc.Error {
	code, message, data := e.JSONRPC(o)
	return &jsonrpc.Error{Code: code, Message: message, Data: json.RawMessage(data)}
}

// ToolResult renders err, converted as by [RPCError], as an isError tool
// result: the problem document as text content and as structuredContent.
// The result records the catalog error for the SDK's sending middleware
// (CallToolResult.GetError). ToolResult(c, nil, o) is nil.
func ToolResult(c *errgenrt.Catalog, err error, o *errgenrt.Options) *mcp.CallToolResult {
	e := c.From(err)
	if e == nil {
		return nil
	}
	return toolResult(e, o)
}

func toolResult(e *errgenrt.Error, o *errgenrt.Options) *mcp.CallToolResult {
	problem := e.AppendProblem(nil, o)
	r := &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(problem)}},
		StructuredContent: json.RawMessage(problem),
	}
	r.SetError(e)
	return r
}

// Middleware returns a receiving middleware (Server.AddReceivingMiddleware)
// that sends whatever a method handler fails with in the catalog's wire
// form:
//
//   - a catalog error anywhere in the error's chain renders as itself, even
//     below a *jsonrpc.Error that wraps it;
//   - the SDK's own coded errors (a *jsonrpc.Error with no catalog error
//     below it: unknown tool, invalid params, resource not found) pass
//     through unchanged, without the text of errors that wrap them;
//   - any other error renders as the catalog's fallback, its text never on
//     the wire;
//   - a typed tool handler's error, which the SDK has already put into an
//     isError result as text, is taken back out and rendered like the
//     others (a *jsonrpc.Error below it, the answer to another request,
//     does not pass through: the tool failed); the SDK's own argument
//     validation results pass through;
//   - a tools/call handler that returns neither a result nor an error
//     fails with the fallback.
//
// tools/call failures become isError tool results or JSON-RPC errors as
// the catalog says (see the package documentation). A tool result keeps
// the problem document as structuredContent only for a tool without an
// output schema: clients check structuredContent against the tool's output
// schema, error or not, and a problem document would fail it. The
// middleware learns the tools' output schemas from the tools/list results
// it passes, and lists the tools itself for a tool it has not seen.
//
// Each AddReceivingMiddleware call wraps the handler as it stands, so
// middleware added later runs outside. Add logging middleware before this
// one (it runs inside) to see the handlers' own errors with their causes.
// The catalog's [errgenrt.Catalog.OnSend] hook (the errgenotel package,
// when installed) learns of each error the middleware sends, with the
// request's context: add tracing middleware after this one (it runs
// outside) for the request's span to be in that context.
func Middleware(c *errgenrt.Catalog, o *errgenrt.Options) mcp.Middleware {
	m := &middleware{catalog: c, options: o, outputSchema: map[string]bool{}}
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			switch {
			case method == "tools/call":
				return m.toolCall(ctx, next, req, res, err)
			case err != nil:
				return nil, m.wireError(ctx, err)
			case method == "tools/list":
				if r, ok := res.(*mcp.ListToolsResult); ok && r != nil {
					m.record(req, r)
				}
			}
			return res, nil
		}
	}
}

type middleware struct {
	catalog *errgenrt.Catalog
	options *errgenrt.Options

	mu           sync.Mutex
	outputSchema map[string]bool // tool name → declares an output schema
}

// errNoResult is the cause of the fallback sent for a tools/call handler
// that returned neither a result nor an error.
var errNoResult = errors.New("errgenmcp: the tools/call handler returned no result and no error")

// argumentsPrefix starts the text of the isError result with which the
// SDK's typed tool handlers reject arguments that fail the input schema.
const argumentsPrefix = `validating "arguments": `

// catalogError returns the catalog error err sends, or nil when err is the
// SDK's own coded error, to pass through.
func (m *middleware) catalogError(err error) (*errgenrt.Error, *jsonrpc.Error) {
	var e *errgenrt.Error
	var d *errgenrt.Def
	if errors.As(err, &e) && e != nil && e.Def != nil || errors.As(err, &d) && d != nil {
		return m.catalog.From(err), nil
	}
	var w *jsonrpc.Error
	if errors.As(err, &w) && w != nil {
		return nil, w
	}
	return m.catalog.From(err), nil
}

// wireError returns the JSON-RPC error a failing method sends.
func (m *middleware) wireError(ctx context.Context, err error) error {
	e, sdk := m.catalogError(err)
	if sdk != nil {
		return sdk
	}
	m.catalog.Sent(ctx, e, errgenrt.SentJSONRPC)
	return rpcError(e, m.options)
}

func (m *middleware) toolCall(ctx context.Context, next mcp.MethodHandler, req mcp.Request, res mcp.Result, err error) (mcp.Result, error) {
	var e *errgenrt.Error
	if err == nil {
		r, _ := res.(*mcp.CallToolResult)
		switch {
		case r == nil:
			err = errNoResult
		case !r.IsError || r.GetError() == nil:
			return res, nil // a result, or an error result the handler wrote itself
		case isArgumentsError(r.GetError()):
			return res, nil
		}
		if err == nil {
			// A typed tool handler's error, which the SDK sent as a tool
			// failure: a *jsonrpc.Error below it is another request's (a
			// sampling or elicitation request to the client, say), not
			// this call's answer, so it is rendered like any other error.
			e = m.catalog.From(r.GetError())
		}
	}
	if e == nil {
		var sdk *jsonrpc.Error
		if e, sdk = m.catalogError(err); sdk != nil {
			return nil, sdk
		}
	}
	if e.Def.ToolErrorsAsRPC {
		m.catalog.Sent(ctx, e, errgenrt.SentJSONRPC)
		return nil, rpcError(e, m.options)
	}
	m.catalog.Sent(ctx, e, errgenrt.SentTool)
	r := toolResult(e, m.options)
	if call, ok := req.(*mcp.CallToolRequest); ok && call.Params != nil && m.hasOutputSchema(ctx, next, call) {
		r.StructuredContent = nil
	}
	return r, nil
}

// isArgumentsError reports whether err is the SDK's rejection of a typed
// tool's arguments.
func isArgumentsError(err error) bool {
	return errors.Unwrap(err) == nil && strings.HasPrefix(err.Error(), argumentsPrefix)
}

// record keeps the output schemas of one page of tools/list.
func (m *middleware) record(req mcp.Request, r *mcp.ListToolsResult) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if l, ok := req.(*mcp.ListToolsRequest); ok && (l.Params == nil || l.Params.Cursor == "") {
		clear(m.outputSchema) // a first page starts the list anew
	}
	for _, t := range r.Tools {
		if t != nil {
			m.outputSchema[t.Name] = t.OutputSchema != nil
		}
	}
}

// hasOutputSchema reports whether the called tool declares an output
// schema, listing the tools through next when the middleware has not seen
// the tool in a tools/list result yet.
func (m *middleware) hasOutputSchema(ctx context.Context, next mcp.MethodHandler, call *mcp.CallToolRequest) bool {
	name := call.Params.Name
	m.mu.Lock()
	has, seen := m.outputSchema[name]
	m.mu.Unlock()
	if seen || call.Session == nil {
		return has
	}
	params := &mcp.ListToolsParams{}
	for range 1000 { // pages; a server's tools fit in far fewer
		list := &mcp.ListToolsRequest{Session: call.Session, Params: params}
		res, err := next(ctx, "tools/list", list)
		r, ok := res.(*mcp.ListToolsResult)
		if err != nil || !ok || r == nil {
			break
		}
		m.record(list, r)
		if r.NextCursor == "" {
			break
		}
		params = &mcp.ListToolsParams{Cursor: r.NextCursor}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.outputSchema[name]
}
