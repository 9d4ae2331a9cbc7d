package errgenotel_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/errgen/errgen/errgenmcp"
	"github.com/errgen/errgen/errgenotel"
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/log"
	sdklog "go.opentelemetry.io/otel/sdk/log"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// testCatalog has a client fault sent over MCP as a tool result, with a
// sensitive detail; a client fault sent as a JSON-RPC error; a server
// fault; and the fallback.
const testCatalog = `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
  files: {range: [2000, 2099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: Internal error
    doc: x
  E_UNAVAILABLE:
    code: 1001
    title: Unavailable
    message: "{service} is unavailable"
    status: 503
    details:
      type: object
      required: [service]
      properties:
        service: {type: string}
    doc: x
  E_QUOTA:
    code: 2001
    wire_code: -32010
    title: Quota exceeded
    message: "Quota of {owner} exceeded"
    status: 429
    details:
      type: object
      required: [owner]
      properties:
        owner: {type: string, x-sensitive: true}
    doc: x
  E_BAD_PATH:
    code: 2002
    wire_code: -32602
    title: Bad path
    message: Bad path
    status: [400, 502]
    mcp: {tool_errors: error}
    doc: x
`

// The planted secrets: a sensitive detail value, a foreign error's text
// and a cause's text; none may reach any signal.
const (
	secretOwner   = "owner-secret-7f3a"
	secretForeign = "foreign-secret-91c2"
	secretCause   = "cause-secret-4d8e"
)

type demo struct {
	m  *model.Catalog
	rt *runtimemodel.Catalog
}

func load(t *testing.T, fsys catalog.FS, path string) demo {
	t.Helper()
	m := errgentest.Model(t, fsys, path)
	return demo{m, runtimemodel.Build(gen.NewInput(m))}
}

func loadDemo(t *testing.T) demo {
	return load(t, catalog.MapFS{"errors.yaml": []byte(testCatalog)}, "errors.yaml")
}

func (d demo) new(symbol string, details map[string]any, opts ...errgenrt.Option) *errgenrt.Error {
	return d.rt.New(d.m.BySymbol(symbol), details, opts...)
}

// logs is an in-memory exporter of log records.
type logs struct {
	mu      sync.Mutex
	records []sdklog.Record
}

func (l *logs) Export(_ context.Context, records []sdklog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range records {
		l.records = append(l.records, r.Clone())
	}
	return nil
}

func (l *logs) Shutdown(context.Context) error   { return nil }
func (l *logs) ForceFlush(context.Context) error { return nil }

func (l *logs) all() []sdklog.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.records)
}

// telemetry is an OpenTelemetry SDK whose exports stay in memory, with
// errgenotel installed on a catalog.
type telemetry struct {
	tracer trace.Tracer
	spans  *tracetest.InMemoryExporter
	reader *sdkmetric.ManualReader
	logs   *logs
	inst   *errgenotel.Instrumentation
	meters *sdkmetric.MeterProvider
	lps    *sdklog.LoggerProvider
}

func newTelemetry(t *testing.T) *telemetry {
	t.Helper()
	tel := &telemetry{spans: tracetest.NewInMemoryExporter(), reader: sdkmetric.NewManualReader(), logs: &logs{}}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(tel.spans))
	tel.tracer = tp.Tracer("test")
	tel.meters = sdkmetric.NewMeterProvider(sdkmetric.WithReader(tel.reader))
	tel.lps = sdklog.NewLoggerProvider(sdklog.WithProcessor(sdklog.NewSimpleProcessor(tel.logs)))
	t.Cleanup(func() {
		_ = tp.Shutdown(context.Background())
		_ = tel.meters.Shutdown(context.Background())
		_ = tel.lps.Shutdown(context.Background())
	})
	return tel
}

func (tel *telemetry) install(t *testing.T, c *errgenrt.Catalog) {
	t.Helper()
	inst, err := errgenotel.Install(c, errgenotel.WithMeterProvider(tel.meters), errgenotel.WithLoggerProvider(tel.lps))
	if err != nil {
		t.Fatal(err)
	}
	tel.inst = inst
	t.Cleanup(func() { _ = inst.Uninstall() })
}

// counter returns the errgen.errors points by symbol, and each point's
// attributes.
func (tel *telemetry) counter(t *testing.T) (map[string]int64, []attribute.Set, metricdata.ResourceMetrics) {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := tel.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	points := map[string]int64{}
	var sets []attribute.Set
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name != errgenotel.MetricName {
				continue
			}
			if sm.Scope.Name != errgenotel.ScopeName || m.Unit != "{error}" {
				t.Errorf("counter scope %q unit %q", sm.Scope.Name, m.Unit)
			}
			sum, ok := m.Data.(metricdata.Sum[int64])
			if !ok || !sum.IsMonotonic {
				t.Fatalf("%s is %T, not a monotonic sum", m.Name, m.Data)
			}
			for _, p := range sum.DataPoints {
				sym, _ := p.Attributes.Value(errgenotel.AttrSymbol)
				points[sym.AsString()] += p.Value
				sets = append(sets, p.Attributes)
			}
		}
	}
	return points, sets, rm
}

// serve answers every request with err through WriteProblemContext, in a
// server span, sending with options that show sensitive values on the
// wire: telemetry must still carry the default rendering.
func (tel *telemetry) serve(t *testing.T, c *errgenrt.Catalog, err func(*http.Request) error) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, span := tel.tracer.Start(r.Context(), "GET "+r.URL.Path, trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		c.WriteProblemContext(ctx, w, err(r), &errgenrt.Options{ShowSensitive: true})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func attrs(kvs []attribute.KeyValue) map[string]string {
	m := map[string]string{}
	for _, kv := range kvs {
		m[string(kv.Key)] = kv.Value.String()
	}
	return m
}

func logAttrs(r sdklog.Record) map[string]string {
	m := map[string]string{}
	r.WalkAttributes(func(kv attribute.KeyValue) bool {
		m[string(kv.Key)] = kv.Value.String()
		return true
	})
	return m
}

// want is what one recorded error shows.
type want struct {
	errorType, symbol, code, domain string
	errStatus                       bool // span status Error
	description                     string
	severity                        log.Severity
	rpcCode                         string
}

func checkSpan(t *testing.T, name string, s tracetest.SpanStub, w want) {
	t.Helper()
	a := attrs(s.Attributes)
	for k, v := range map[string]string{"error.type": w.errorType, "errgen.error.symbol": w.symbol, "errgen.error.code": w.code, "errgen.error.domain": w.domain, "rpc.response.status_code": w.rpcCode} {
		if a[k] != v {
			t.Errorf("%s: span %s = %q, want %q (%v)", name, k, a[k], v, a)
		}
	}
	switch {
	case w.errStatus && (s.Status.Code != codes.Error || s.Status.Description != w.description):
		t.Errorf("%s: span status %v %q, want Error %q", name, s.Status.Code, s.Status.Description, w.description)
	case !w.errStatus && s.Status.Code != codes.Unset:
		t.Errorf("%s: span status %v, want it unset (a client's fault)", name, s.Status.Code)
	}
}

func checkLog(t *testing.T, name string, r sdklog.Record, span tracetest.SpanStub, w want) {
	t.Helper()
	a := logAttrs(r)
	for k, v := range map[string]string{"exception.type": w.symbol, "exception.message": w.description, "error.type": w.errorType, "errgen.error.symbol": w.symbol, "errgen.error.code": w.code, "errgen.error.domain": w.domain} {
		if a[k] != v {
			t.Errorf("%s: log %s = %q, want %q", name, k, a[k], v)
		}
	}
	if _, ok := a["exception.stacktrace"]; ok || r.Body().Type() != 0 || len(a) != 6 {
		t.Errorf("%s: the log record holds more than it should: body %v, %v", name, r.Body(), a)
	}
	if r.EventName() != "exception" || r.Severity() != w.severity || r.SeverityText() != map[log.Severity]string{log.SeverityWarn: "WARN", log.SeverityError: "ERROR"}[w.severity] {
		t.Errorf("%s: log event %q severity %v %q, want exception %v", name, r.EventName(), r.Severity(), r.SeverityText(), w.severity)
	}
	if r.TraceID() != span.SpanContext.TraceID() || r.SpanID() != span.SpanContext.SpanID() {
		t.Errorf("%s: the log record is not in the span's context", name)
	}
	if r.InstrumentationScope().Name != errgenotel.ScopeName {
		t.Errorf("%s: log scope %q", name, r.InstrumentationScope().Name)
	}
}

// The HTTP helper records on the request's server span: error.type is the
// symbol, and only a server fault sets the status.
func TestHTTPServerSpans(t *testing.T) {
	d := loadDemo(t)
	c := d.rt.Runtime
	tel := newTelemetry(t)
	tel.install(t, c)
	errs := map[string]error{
		"/quota":       d.new("E_QUOTA", map[string]any{"owner": secretOwner}),
		"/unavailable": d.new("E_UNAVAILABLE", map[string]any{"service": "search"}),
		"/foreign":     fmt.Errorf("open %s: %w", secretForeign, errors.New("denied")),
		"/raised":      d.new("E_BAD_PATH", nil, errgenrt.WithStatus(502)),
	}
	srv := tel.serve(t, c, func(r *http.Request) error { return errs[r.URL.Path] })
	cases := []struct {
		path string
		want want
	}{
		{"/quota", want{"E_QUOTA", "E_QUOTA", "2001", "files", false, "Quota of <redacted> exceeded", log.SeverityWarn, ""}},
		{"/unavailable", want{"E_UNAVAILABLE", "E_UNAVAILABLE", "1001", "common", true, "search is unavailable", log.SeverityError, ""}},
		{"/foreign", want{"E_INTERNAL", "E_INTERNAL", "1000", "common", true, "Internal error", log.SeverityError, ""}},
		{"/raised", want{"E_BAD_PATH", "E_BAD_PATH", "2002", "files", true, "Bad path", log.SeverityError, ""}},
	}
	for _, c := range cases {
		if body := get(t, srv.URL+c.path); c.path == "/quota" && !strings.Contains(body, secretOwner) {
			t.Fatalf("the wire was to show the sensitive value (ShowSensitive): %s", body)
		}
	}
	spans, records := tel.spans.GetSpans(), tel.logs.all()
	if len(spans) != len(cases) || len(records) != len(cases) {
		t.Fatalf("%d spans and %d log records for %d responses", len(spans), len(records), len(cases))
	}
	for i, c := range cases {
		checkSpan(t, c.path, spans[i], c.want)
		checkLog(t, c.path, records[i], spans[i], c.want)
	}
}

// The MCP middleware records on the request's span as the MCP conventions
// say: the JSON-RPC code, or tool_error, with the symbol beside it.
func TestMCPSpans(t *testing.T) {
	d := loadDemo(t)
	c := d.rt.Runtime
	tel := newTelemetry(t)
	tel.install(t, c)
	server := mcp.NewServer(&mcp.Implementation{Name: "demo"}, nil)
	tool := func(name string, err error) {
		mcp.AddTool(server, &mcp.Tool{Name: name}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return nil, nil, err
		})
	}
	tool("quota", d.new("E_QUOTA", map[string]any{"owner": secretOwner}, errgenrt.WithCause(errors.New(secretCause))))
	tool("bad_path", d.new("E_BAD_PATH", nil))
	tool("foreign", errors.New(secretForeign))
	server.AddReceivingMiddleware(errgenmcp.Middleware(c, &errgenrt.Options{ShowSensitive: true}))
	// Added after errgenmcp's, the tracing middleware runs outside it.
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			ctx, span := tel.tracer.Start(ctx, method, trace.WithSpanKind(trace.SpanKindServer))
			defer span.End()
			return next(ctx, method, req)
		}
	})
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
	defer func() { _ = cs.Close(); _ = ss.Wait() }()
	tel.spans.Reset()

	cases := []struct {
		tool string
		rpc  bool
		want want
	}{
		{"quota", false, want{"tool_error", "E_QUOTA", "2001", "files", true, "Quota of <redacted> exceeded", log.SeverityWarn, ""}},
		{"bad_path", true, want{"-32602", "E_BAD_PATH", "2002", "files", true, "Bad path", log.SeverityWarn, "-32602"}},
		{"foreign", false, want{"tool_error", "E_INTERNAL", "1000", "common", true, "Internal error", log.SeverityError, ""}},
	}
	for _, c := range cases {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool})
		var w *jsonrpc.Error
		if c.rpc != errors.As(err, &w) || !c.rpc && (err != nil || !res.IsError) {
			t.Fatalf("%s: %v %v", c.tool, res, err)
		}
	}
	var calls []tracetest.SpanStub
	for _, s := range tel.spans.GetSpans() {
		if s.Name == "tools/call" {
			calls = append(calls, s)
		}
	}
	records := tel.logs.all()
	if len(calls) != len(cases) || len(records) != len(cases) {
		t.Fatalf("%d tools/call spans and %d log records for %d calls", len(calls), len(records), len(cases))
	}
	for i, c := range cases {
		checkSpan(t, c.tool, calls[i], c.want)
		checkLog(t, c.tool, records[i], calls[i], c.want)
	}
}

// Each response records once: one log record, and the counter moves by
// the payloads rendered; installing again replaces, never doubles.
func TestOncePerError(t *testing.T) {
	d := loadDemo(t)
	c := d.rt.Runtime
	tel := newTelemetry(t)
	tel.install(t, c)
	tel.install(t, c) // again: replaces the first
	srv := tel.serve(t, c, func(*http.Request) error { return d.new("E_BAD_PATH", nil) })
	for range 3 {
		get(t, srv.URL)
	}
	if n := len(tel.logs.all()); n != 3 {
		t.Errorf("%d log records for 3 responses", n)
	}
	points, sets, _ := tel.counter(t)
	if points["E_BAD_PATH"] != 3 || len(sets) != 1 {
		t.Errorf("counter %v over %d attribute sets, want E_BAD_PATH 3 once", points, len(sets))
	}
	for _, s := range tel.spans.GetSpans() {
		n := 0
		for _, kv := range s.Attributes {
			if kv.Key == "error.type" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("span %s has error.type %d times", s.Name, n)
		}
	}
}

// No planted secret reaches any exported span, event, log record or
// metric; a cause's text reaches the log record only when the occurrence
// opted in.
func TestNoSecrets(t *testing.T) {
	d := loadDemo(t)
	c := d.rt.Runtime
	tel := newTelemetry(t)
	tel.install(t, c)
	cause := errgenrt.WithCause(errors.New(secretCause))
	srv := tel.serve(t, c, func(r *http.Request) error {
		switch r.URL.Path {
		case "/quota":
			return d.new("E_QUOTA", map[string]any{"owner": secretOwner}, cause)
		case "/unavailable":
			return d.new("E_UNAVAILABLE", map[string]any{"service": "x"}, cause)
		}
		return fmt.Errorf("%s: %w", secretForeign, errors.New(secretCause))
	})
	for _, p := range []string{"/quota", "/unavailable", "/foreign"} {
		get(t, srv.URL+p)
	}
	ctx, span := tel.tracer.Start(context.Background(), "own")
	tel.inst.Record(ctx, d.new("E_QUOTA", map[string]any{"owner": secretOwner}, cause), errgenrt.SentTool)
	tel.inst.Record(ctx, errors.New(secretForeign), errgenrt.SentJSONRPC)
	span.End()

	exported := exports(t, tel)
	hits := 0
	for _, s := range []string{secretOwner, secretForeign, secretCause} {
		hits += strings.Count(exported, s)
	}
	t.Logf("planted secrets: %d hits in %d bytes of exported spans, log records and metrics", hits, len(exported))
	if hits != 0 {
		t.Errorf("planted secrets exported %d times:\n%s", hits, exported)
	}

	// Opted in, the cause's text is on the log record, and only there.
	tel.inst.Record(context.Background(), d.new("E_UNAVAILABLE", map[string]any{"service": "x"},
		errgenrt.WithCause(errors.New("disk full on /var")), errgenrt.WithTelemetryCause()), errgenrt.SentHTTP)
	records := tel.logs.all()
	if got := logAttrs(records[len(records)-1])["errgen.error.cause"]; got != "disk full on /var" {
		t.Errorf("errgen.error.cause %q, want the opted-in cause", got)
	}
	for _, r := range records[:len(records)-1] {
		if _, ok := logAttrs(r)["errgen.error.cause"]; ok {
			t.Errorf("a cause not opted in was recorded: %v", logAttrs(r))
		}
	}
}

// exports serializes every exported span, log record and metric.
func exports(t *testing.T, tel *telemetry) string {
	t.Helper()
	var b strings.Builder
	spans, err := json.Marshal(tel.spans.GetSpans())
	if err != nil {
		t.Fatal(err)
	}
	b.Write(spans)
	for _, r := range tel.logs.all() {
		fmt.Fprintf(&b, "\n%s %s %s %v", r.EventName(), r.SeverityText(), r.Body().String(), logAttrs(r))
	}
	_, _, rm := tel.counter(t)
	metrics, err := json.Marshal(rm)
	if err != nil {
		t.Fatal(err)
	}
	b.WriteString("\n")
	b.Write(metrics)
	return b.String()
}

// Over a whole catalog, error.type and the counter's attribute sets take
// at most one value per symbol, plus one; the counter agrees with the
// sys/errorStats numbers.
func TestCardinalityAndAgreement(t *testing.T) {
	d := load(t, catalog.OSFS{}, filepath.Join("..", "catalog", "errors.yaml"))
	c := d.rt.Runtime
	tel := newTelemetry(t)
	tel.install(t, c)
	var sent []error
	for _, e := range d.m.Errors {
		sent = append(sent, d.rt.New(e, nil))
	}
	sent = append(sent, errors.New(secretForeign))
	next := make(chan error, 1)
	srv := tel.serve(t, c, func(*http.Request) error { return <-next })
	for _, err := range sent {
		next <- err
		get(t, srv.URL)
		for _, via := range []errgenrt.SentVia{errgenrt.SentJSONRPC, errgenrt.SentTool} {
			ctx, span := tel.tracer.Start(context.Background(), string(via))
			tel.inst.Record(ctx, err, via)
			span.End()
		}
	}

	// error.type by the convention of the span: the symbol on server
	// spans, the JSON-RPC code or tool_error on MCP spans.
	types := map[string]map[string]bool{"server": {}, "mcp": {}}
	for _, s := range tel.spans.GetSpans() {
		kind := "mcp"
		if s.SpanKind == trace.SpanKindServer {
			kind = "server"
		}
		types[kind][attrs(s.Attributes)["error.type"]] = true
	}
	points, sets, _ := tel.counter(t)
	distinct := map[string]bool{}
	for _, s := range sets {
		distinct[s.Encoded(attribute.DefaultEncoder())] = true
	}
	symbols := len(d.m.Errors)
	t.Logf("%d symbols, %d errors sent each way (one per symbol and a foreign one): error.type takes %d values on server spans and %d on MCP spans; the counter has %d attribute sets",
		symbols, len(sent), len(types["server"]), len(types["mcp"]), len(distinct))
	for kind, values := range types {
		if len(values) > symbols+1 {
			t.Errorf("%s spans: %d error.type values, past symbols + 1 (%d)", kind, len(values), symbols+1)
		}
	}
	if len(distinct) > symbols+1 {
		t.Errorf("the counter has %d attribute sets, past symbols + 1 (%d)", len(distinct), symbols+1)
	}
	stats := c.Metrics.Snapshot()
	var total int64
	for sym, n := range points {
		total += n
		if stats.BySymbol[sym] != n {
			t.Errorf("%s: exported %d, errorStats %d", sym, n, stats.BySymbol[sym])
		}
	}
	if total != stats.Total || len(points) != len(stats.BySymbol) {
		t.Errorf("exported %d over %d symbols, errorStats %d over %d", total, len(points), stats.Total, len(stats.BySymbol))
	}
}

// Without Install nothing is recorded: the catalog has no hook.
func TestNotInstalled(t *testing.T) {
	d := loadDemo(t)
	c := d.rt.Runtime
	tel := newTelemetry(t)
	srv := tel.serve(t, c, func(*http.Request) error { return d.new("E_BAD_PATH", nil) })
	get(t, srv.URL)
	if c.OnSend != nil || c.Metrics != nil {
		t.Fatal("a catalog errgenotel was never installed on has a hook or metrics")
	}
	for _, s := range tel.spans.GetSpans() {
		if len(s.Attributes) != 0 || s.Status.Code != codes.Unset {
			t.Errorf("recorded without Install: %v %v", s.Attributes, s.Status)
		}
	}
	tel.install(t, c)
	if err := tel.inst.Uninstall(); err != nil || c.OnSend != nil {
		t.Fatalf("Uninstall: %v, hook left %v", err, c.OnSend != nil)
	}
	get(t, srv.URL)
	if n := len(tel.logs.all()); n != 0 {
		t.Errorf("%d log records after Uninstall", n)
	}
}

// errgenrt, which every generated Go package imports, stays on the
// standard library: a server that does not import errgenotel builds
// nothing of OpenTelemetry.
func TestRuntimeImportsNoOpenTelemetry(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "github.com/errgen/errgen/errgenrt").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if deps := strings.Fields(string(out)); !slices.Equal(deps, []string{"github.com/errgen/errgen/errgenrt"}) {
		t.Errorf("errgenrt depends on more than the standard library: %v", deps)
	}
}
