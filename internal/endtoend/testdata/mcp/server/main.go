// Command server is the MCP server of TestMCPEndToEnd: a go-sdk server over
// stdio whose tools fail in every way a handler can, behind
// errgenmcp.Middleware with the zero errgenrt.Options. Its logging
// middleware writes the handlers' own errors, verbose, to stderr.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/errgen/errgen/errgenmcp"
	"github.com/errgen/errgen/errgenrt"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/mcpserver/fileserrors"
)

// secretCause is internal text that must never reach a client.
var secretCause = errors.New("lookup in /home/alice/.config/files/env.yaml: db password hunter2")

type pathArgs struct {
	Path string `json:"path" jsonschema:"the file to read"`
}

type fileText struct {
	Text string `json:"text"`
}

type nameArgs struct {
	Name string `json:"name" jsonschema:"the variable"`
}

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	server := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "1.0.0"}, nil)
	server.AddReceivingMiddleware(errgenmcp.Middleware(fileserrors.Catalog, &errgenrt.Options{}), logErrors(logger))

	// A typed tool with an output schema: its isError result must leave
	// structuredContent out.
	mcp.AddTool(server, &mcp.Tool{Name: "read_file", Description: "Reads a file."},
		func(ctx context.Context, req *mcp.CallToolRequest, in pathArgs) (*mcp.CallToolResult, fileText, error) {
			return nil, fileText{}, fileserrors.NewFsFileTooLarge(fileserrors.ResourceLimit{Resource: "file_size", Limit: 1048576, Actual: 5242880, Unit: "bytes"},
				errgenrt.WithCause(secretCause))
		})
	// A policy denial: mcp.tool_errors: error sends it as a JSON-RPC error.
	mcp.AddTool(server, &mcp.Tool{Name: "get_env", Description: "Reads an environment variable."},
		func(ctx context.Context, req *mcp.CallToolRequest, in nameArgs) (*mcp.CallToolResult, any, error) {
			return nil, nil, fileserrors.NewPolicyEnvNotAllowed(fileserrors.PolicyEnvNotAllowedDetails{
				Variable: in.Name, PolicyLocation: errgenrt.Ptr("/home/alice/.config/files/policy.yaml")}, errgenrt.WithCause(secretCause))
		})
	// A retryable catalog error below two wraps.
	mcp.AddTool(server, &mcp.Tool{Name: "fetch", Description: "Fetches from upstream."},
		func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
			return nil, nil, fmt.Errorf("fetch %s: %w", "http://user:hunter2@upstream.internal", fmt.Errorf("dial: %w",
				fileserrors.NewUpstreamUnavailable(fileserrors.UpstreamUnavailableDetails{Service: "index"})))
		})
	// A plain Go error: the fallback.
	mcp.AddTool(server, &mcp.Tool{Name: "crash", Description: "Fails with a plain error."},
		func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
			return nil, nil, fmt.Errorf("query failed: %w", secretCause)
		})
	// A typed nil *errgenrt.Error: the fallback, no panic.
	mcp.AddTool(server, &mcp.Tool{Name: "typed_nil", Description: "Returns a typed nil error."},
		func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
			var e *errgenrt.Error
			return nil, nil, e
		})
	// An error wrapping a *jsonrpc.Error and a catalog error: the catalog
	// error, without the wrapper's text.
	mcp.AddTool(server, &mcp.Tool{Name: "wrapped_rpc", Description: "Wraps a JSON-RPC error."},
		func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
			return nil, nil, fmt.Errorf("relay hunter2: %w: %w", &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "hunter2"},
				fileserrors.NewFsFileTooLarge(fileserrors.ResourceLimit{Resource: "upload", Limit: 10, Actual: 11, Unit: "MiB"}))
		})
	// Raw handlers: a plain error, and neither a result nor an error.
	server.AddTool(&mcp.Tool{Name: "raw_fail", Description: "A raw handler's plain error.", InputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("raw: %w", secretCause)
		})
	server.AddTool(&mcp.Tool{Name: "raw_nothing", Description: "A raw handler that returns nothing.", InputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, nil
		})
	// A resource whose reads fail with a plain error; unknown resources
	// get the SDK's own resource-not-found error.
	server.AddResource(&mcp.Resource{URI: "file:///config", Name: "config"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return nil, fmt.Errorf("open config: %w", secretCause)
		})

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		logger.Error("server stopped", "err", err)
		os.Exit(1)
	}
}

// logErrors logs, verbose, every error a method handler returns, before
// errgenmcp renders it for the wire.
func logErrors(logger *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			failure := err
			if r, ok := res.(*mcp.CallToolResult); ok && r != nil && r.GetError() != nil {
				failure = r.GetError()
			}
			var e *errgenrt.Error
			switch {
			case errors.As(failure, &e) && e != nil:
				logger.Error("method failed", "method", method, "err", e) // e.LogValue: verbose, with the cause
			case failure != nil:
				logger.Error("method failed", "method", method, "err", failure.Error())
			}
			return res, err
		}
	}
}
