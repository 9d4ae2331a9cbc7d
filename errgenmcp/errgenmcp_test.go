package errgenmcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenmcp"
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// testCatalog is a catalog whose fallback has required details (they go
// out as their zero values) and whose errors are sent, over MCP, as
// JSON-RPC errors unless they say otherwise.
const testCatalog = `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
mcp: {tool_errors: error}
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: "Internal error in {component}"
    details:
      type: object
      required: [component, attempts]
      properties:
        component: {type: string}
        attempts: {type: integer}
    doc: x
  E_QUOTA:
    code: 1001
    wire_code: -32010
    title: Quota exceeded
    message: "Quota of {owner} exceeded"
    mcp: {tool_errors: result}
    details:
      type: object
      required: [owner]
      properties:
        owner: {type: string, x-sensitive: true}
    doc: x
  E_DENIED: {code: 1002, title: Denied, message: Denied, doc: x}
  E_RATE_LIMITED:
    code: 1003
    title: Rate limited
    message: Too many calls
    status: 429
    mcp: {tool_errors: result}
    retry: {class: after_delay, delay: 30s, throttling: true}
    doc: x
`

const secret = "db password hunter2"

type demo struct {
	m  *model.Catalog
	rt *runtimemodel.Catalog
}

func load(t *testing.T) demo {
	t.Helper()
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(testCatalog)}, "errors.yaml")
	return demo{m, runtimemodel.Build(gen.NewInput(m))}
}

func (d demo) new(symbol string, details map[string]any, opts ...errgenrt.Option) *errgenrt.Error {
	return d.rt.New(d.m.BySymbol(symbol), details, opts...)
}

// connect serves server through the middleware (added first, with a
// recorder inside it) and returns a connected go-sdk client session.
func connect(t *testing.T, d demo, server *mcp.Server) *mcp.ClientSession {
	t.Helper()
	server.AddReceivingMiddleware(errgenmcp.Middleware(d.rt.Runtime, &errgenrt.Options{}))
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

type noArgs struct{}

type out struct {
	OK bool `json:"ok"`
}

// A tool that fails with err: typed (with an output schema when schema is
// set) or raw.
func addTool(s *mcp.Server, name string, typed, schema bool, err error) {
	switch {
	case typed && schema:
		mcp.AddTool(s, &mcp.Tool{Name: name}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, out, error) {
			return nil, out{}, err
		})
	case typed:
		mcp.AddTool(s, &mcp.Tool{Name: name}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, any, error) {
			return nil, nil, err
		})
	default:
		s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, err
		})
	}
}

// outcome is what a client saw of one call: a JSON-RPC error or an
// isError tool result.
type outcome struct {
	rpc    *jsonrpc.Error
	result *mcp.CallToolResult
}

func call(t *testing.T, cs *mcp.ClientSession, name string) outcome {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name})
	var w *jsonrpc.Error
	switch {
	case errors.As(err, &w):
		return outcome{rpc: w}
	case err != nil:
		t.Fatalf("%s: %v", name, err)
	case !res.IsError:
		t.Fatalf("%s: succeeded", name)
	}
	return outcome{result: res}
}

// symbol returns the symbol an outcome carries, "" for none.
func (o outcome) symbol(t *testing.T) string {
	t.Helper()
	var doc struct {
		Symbol string `json:"symbol"`
	}
	var raw []byte
	if o.rpc != nil {
		raw = o.rpc.Data
	} else if len(o.result.Content) == 1 {
		tc, _ := o.result.Content[0].(*mcp.TextContent)
		if tc != nil {
			raw = []byte(tc.Text)
		}
	}
	if len(raw) > 0 && json.Unmarshal(raw, &doc) != nil {
		return ""
	}
	return doc.Symbol
}

func (o outcome) text() string {
	b, _ := json.Marshal(o.result)
	if o.rpc != nil {
		b, _ = json.Marshal(o.rpc)
	}
	return string(b)
}

func TestToolCallFailures(t *testing.T) {
	d := load(t)
	server := mcp.NewServer(&mcp.Implementation{Name: "demo"}, nil)
	cause := errgenrt.WithCause(errors.New(secret))
	quota := d.new("E_QUOTA", map[string]any{"owner": "alice@example.com"}, cause)
	var typedNil *errgenrt.Error
	addTool(server, "quota", true, false, quota)
	addTool(server, "quota_schema", true, true, fmt.Errorf("wrapped %s: %w", secret, quota))
	addTool(server, "quota_raw", false, false, quota)
	addTool(server, "denied", true, false, d.new("E_DENIED", nil))
	addTool(server, "plain", true, false, errors.New(secret))
	addTool(server, "plain_raw", false, false, errors.New(secret))
	addTool(server, "typed_nil", true, false, typedNil)
	addTool(server, "nothing", false, false, nil)
	addTool(server, "rpc_wrapping", true, false, fmt.Errorf("%s: %w: %w", secret, &jsonrpc.Error{Code: -32603, Message: secret}, quota))
	addTool(server, "rpc_own", true, false, &jsonrpc.Error{Code: -32099, Message: "busy"})
	addTool(server, "rpc_other_request", true, false, fmt.Errorf("sampling: %w", &jsonrpc.Error{Code: -32005, Message: "rejected by " + secret}))
	addTool(server, "sentinel", true, false, fmt.Errorf("%s: %w", secret, d.rt.Def(d.m.BySymbol("E_DENIED"))))
	cs := connect(t, d, server)

	for _, c := range []struct {
		tool, symbol string
		rpc          bool // a JSON-RPC error, else a tool result
		structured   bool
	}{
		{"quota", "E_QUOTA", false, true},         // the error's own mcp.tool_errors: result
		{"quota_schema", "E_QUOTA", false, false}, // an output schema: no structuredContent
		{"quota_raw", "E_QUOTA", false, true},     // a raw handler's error
		{"denied", "E_DENIED", true, false},       // the catalog's mcp.tool_errors: error
		{"plain", "E_INTERNAL", true, false},      // the fallback, under the catalog's setting
		{"plain_raw", "E_INTERNAL", true, false},  //
		{"typed_nil", "E_INTERNAL", true, false},  // a typed nil *errgenrt.Error
		{"nothing", "E_INTERNAL", true, false},    // neither a result nor an error
		{"rpc_wrapping", "E_QUOTA", false, true},  // a catalog error below a *jsonrpc.Error
		{"sentinel", "E_DENIED", true, false},     // a definition returned as an error
		// a typed tool's error wrapping another request's JSON-RPC error
		// (a sampling request the client refused): the tool failed
		{"rpc_other_request", "E_INTERNAL", true, false},
	} {
		o := call(t, cs, c.tool)
		if got := o.symbol(t); got != c.symbol || (o.rpc != nil) != c.rpc {
			t.Errorf("%s: symbol %q, JSON-RPC error %v; want %q, %v: %s", c.tool, got, o.rpc != nil, c.symbol, c.rpc, o.text())
			continue
		}
		if !c.rpc && (o.result.StructuredContent != nil) != c.structured {
			t.Errorf("%s: structuredContent %v, want it %v", c.tool, o.result.StructuredContent, c.structured)
		}
		if text := o.text(); strings.Contains(text, "hunter2") || strings.Contains(text, "alice") {
			t.Errorf("%s: the reply leaks: %s", c.tool, text)
		}
	}
	if o := call(t, cs, "plain"); !strings.Contains(o.text(), `"component":"","attempts":0`) {
		t.Errorf("the fallback's required details are not their zero values: %s", o.text())
	}
	// A *jsonrpc.Error with no catalog error below it is the handler's (or
	// the SDK's) own: it passes through.
	if o := call(t, cs, "rpc_own"); o.rpc == nil || o.rpc.Code != -32099 || o.rpc.Message != "busy" {
		t.Errorf("rpc_own: %s", o.text())
	}
	if o := call(t, cs, "no_such_tool"); o.rpc == nil || o.rpc.Code != jsonrpc.CodeInvalidParams || len(o.rpc.Data) != 0 {
		t.Errorf("unknown tool: %s", o.text())
	}
}

// The SDK's own rejection of a typed tool's arguments passes through.
func TestArgumentValidationPassesThrough(t *testing.T) {
	d := load(t)
	server := mcp.NewServer(&mcp.Implementation{Name: "demo"}, nil)
	type args struct {
		N int `json:"n"`
	}
	mcp.AddTool(server, &mcp.Tool{Name: "count"}, func(context.Context, *mcp.CallToolRequest, args) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("unreachable")
	})
	cs := connect(t, d, server)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "count", Arguments: map[string]any{"n": "seven"}})
	if err != nil || !res.IsError || len(res.Content) != 1 || !strings.HasPrefix(res.Content[0].(*mcp.TextContent).Text, `validating "arguments": `) {
		b, _ := json.Marshal(res)
		t.Errorf("argument validation: %v %s", err, b)
	}
}

// Other methods fail with JSON-RPC errors; the SDK's own pass through.
func TestOtherMethods(t *testing.T) {
	d := load(t)
	server := mcp.NewServer(&mcp.Implementation{Name: "demo"}, nil)
	server.AddResource(&mcp.Resource{URI: "file:///quota", Name: "quota"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return nil, fmt.Errorf("read: %w", d.new("E_QUOTA", map[string]any{"owner": "alice"}))
	})
	server.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return nil, errors.New(secret)
	})
	cs := connect(t, d, server)
	ctx := context.Background()
	check := func(what string, err error, code int64, symbol string) {
		t.Helper()
		var w *jsonrpc.Error
		if !errors.As(err, &w) || w.Code != code || (outcome{rpc: w}).symbol(t) != symbol || strings.Contains(w.Message+string(w.Data), "hunter2") {
			t.Errorf("%s: %v", what, err)
		}
	}
	_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///quota"})
	check("catalog error from resources/read", err, -32010, "E_QUOTA")
	_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "p"})
	check("plain error from prompts/get", err, 1000, "E_INTERNAL")
	_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///missing"})
	check("the SDK's resource not found", err, jsonrpc.CodeInvalidParams, "")
}

// RPCError and ToolResult render directly what AppendJSONRPC and
// AppendProblem write.
func TestRenderers(t *testing.T) {
	d := load(t)
	c := d.rt.Runtime
	if errgenmcp.RPCError(c, nil, nil) != nil || errgenmcp.ToolResult(c, nil, nil) != nil {
		t.Error("a nil error renders as something")
	}
	e := d.new("E_QUOTA", map[string]any{"owner": "alice"}, errgenrt.WithCause(errors.New(secret)))
	w := errgenmcp.RPCError(c, fmt.Errorf("x: %w", e), nil)
	b, _ := json.Marshal(w)
	if string(b) != string(e.AppendJSONRPC(nil, nil)) {
		t.Errorf("RPCError marshals as\n%s\nnot as AppendJSONRPC:\n%s", b, e.AppendJSONRPC(nil, nil))
	}
	o := &errgenrt.Options{Instance: func() string { return "urn:uuid:0" }, Now: func() time.Time { return time.Unix(0, 0) }}
	r := errgenmcp.ToolResult(c, e, o)
	problem := string(e.AppendProblem(nil, o))
	sc, _ := r.StructuredContent.(json.RawMessage)
	if !r.IsError || len(r.Content) != 1 || r.Content[0].(*mcp.TextContent).Text != problem || string(sc) != problem || r.GetError() != e {
		t.Errorf("ToolResult = %+v", r)
	}
	if plain := errgenmcp.RPCError(c, errors.New(secret), nil); plain.Code != 1000 || strings.Contains(plain.Message+string(plain.Data), "hunter2") {
		t.Errorf("a plain error renders as %+v", plain)
	}
}

// TestRateLimited: over the go-sdk's Streamable HTTP transport, on a real
// server on 127.0.0.1, a rate-limited tool answers with its retry class
// and delay in structuredContent (a tool result) and in the JSON-RPC
// error's data, and the server's plain HTTP endpoint beside it answers 429
// with Retry-After; AdviseRetry reads each.
func TestRateLimited(t *testing.T) {
	d := load(t)
	limited := d.new("E_RATE_LIMITED", nil, errgenrt.WithRetryAfter(1500*time.Millisecond))
	server := mcp.NewServer(&mcp.Implementation{Name: "limited"}, nil)
	server.AddReceivingMiddleware(errgenmcp.Middleware(d.rt.Runtime, &errgenrt.Options{}))
	addTool(server, "search", true, false, limited)
	addTool(server, "default_delay", false, false, d.new("E_RATE_LIMITED", nil))
	addTool(server, "busy", false, false, d.new("E_DENIED", nil, errgenrt.WithRetryable(true), errgenrt.WithRetryAfter(2*time.Second)))
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	mux.HandleFunc("/api/search", func(w http.ResponseWriter, r *http.Request) { d.rt.Runtime.WriteProblem(w, limited, nil) })
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL + "/mcp", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	for _, c := range []struct {
		tool  string
		delay int64
	}{{"search", 1500}, {"default_delay", 30000}} {
		o := call(t, cs, c.tool)
		if o.result == nil {
			t.Fatalf("%s: a JSON-RPC error, want a tool result: %s", c.tool, o.text())
		}
		raw, _ := json.Marshal(o.result.StructuredContent)
		var doc struct {
			Retry        string `json:"retry"`
			RetryAfterMs *int64 `json:"retryAfterMs"`
			Retryable    bool   `json:"retryable"`
			Status       int    `json:"status"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil || doc.Retry != "after_delay" || doc.RetryAfterMs == nil || *doc.RetryAfterMs != c.delay || !doc.Retryable || doc.Status != 429 {
			t.Errorf("%s: structuredContent %s, want retry after_delay, retryAfterMs %d, status 429", c.tool, raw, c.delay)
		}
		whole, _ := json.Marshal(o.result)
		if got := errgenrt.AdviseRetry(whole); got != (errgenrt.RetryAdvice{Action: errgenrt.RetryActionRetry, DelayMs: c.delay, HasDelay: true}) {
			t.Errorf("%s: AdviseRetry %+v", c.tool, got)
		}
	}

	o := call(t, cs, "busy")
	if o.rpc == nil {
		t.Fatalf("busy: a tool result, want a JSON-RPC error: %s", o.text())
	}
	if got := errgenrt.AdviseRetry(o.rpc.Data); got != (errgenrt.RetryAdvice{Action: errgenrt.RetryActionRetry, DelayMs: 2000, HasDelay: true}) {
		t.Errorf("busy: AdviseRetry of the error's data %s: %+v", o.rpc.Data, got)
	}

	resp, err := http.Get(srv.URL + "/api/search")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "2" || !strings.Contains(string(body), `"retry":"after_delay","retryAfterMs":1500`) {
		t.Errorf("HTTP %d, Retry-After %q, body %s; want 429, 2 (1.5 s rounded up) and the delay in the body", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
}
