package endtoend

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	mcp "github.com/errgen/errgen/gen/go"
	"github.com/errgen/errgen/internal/catalog"
	kinds "github.com/errgen/errgen/internal/endtoend/testdata/golden/kinds/go"
	plain "github.com/errgen/errgen/internal/endtoend/testdata/golden/plain/go"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/runtimemodel"
)

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return m
}

func path(m map[string]any, keys ...string) any {
	var cur any = m
	for _, k := range keys {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[k]
	}
	return cur
}

func fileTooLarge() *errgenrt.Error {
	return mcp.NewFileTooLarge(mcp.ResourceLimit{Resource: "file_size", Limit: 1048576, Actual: 5242880, Unit: "bytes"},
		errgenrt.WithData("method", "tools/call"), errgenrt.WithData("requestId", "req_123"))
}

// The three wire formats of SPEC §2 for the spec's own example error.
func TestWireFormatsOfTheSpecExample(t *testing.T) {
	o := fixedOptions()
	err := fileTooLarge()
	want := map[string]string{
		"jsonrpc":  `{"code":-32602,"message":"File is 5242880 bytes; the limit is 1048576 bytes","data":{"method":"tools/call","requestId":"req_123","domain":"filesystem","symbol":"E_FS_FILE_TOO_LARGE","retryable":false,"retry":"never","context":{"schemaVersion":1,"type":"file_too_large","details":{"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"},"userMessage":"The file is too large to read at once.","suggestions":["Read the file in chunks using offset and length","Use 'tail' or 'head' mode for partial reads"],"retryable":false}}}`,
		"problem":  `{"type":"https://errors.mcp.example.dev/file-too-large","title":"File too large","status":413,"detail":"File is 5242880 bytes; the limit is 1048576 bytes","instance":"urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f","timestamp":"2026-11-21T10:00:00Z","symbol":"E_FS_FILE_TOO_LARGE","retryable":false,"retry":"never","userMessage":"The file is too large to read at once.","suggestions":["Read the file in chunks using offset and length","Use 'tail' or 'head' mode for partial reads"],"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"}`,
		"response": `{"error":true,"code":"E_FS_FILE_TOO_LARGE","message":"File is 5242880 bytes; the limit is 1048576 bytes","details":{"resource":"file_size","limit":1048576,"actual":5242880,"unit":"bytes"},"retry":"never"}`,
	}
	got := map[string]string{
		"jsonrpc":  string(err.AppendJSONRPC(nil, &o)),
		"problem":  string(err.AppendProblem(nil, &o)),
		"response": string(err.AppendResponse(nil, &o)),
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("%s:\n got %s\nwant %s", k, got[k], want[k])
		}
	}
	if b, _ := json.Marshal(err); string(b) != string(err.AppendJSONRPC(nil, nil)) {
		t.Errorf("MarshalJSON does not render the JSON-RPC object")
	}
}

// Validation aggregation renders as in SPEC §2.3.
func TestFieldErrorsAggregation(t *testing.T) {
	var fe errgenrt.FieldErrors
	fe.Add("query", "Query is required")
	fe.Add("doc_types", "Invalid doc-type: foo")
	fe.Add("doc_types", "Invalid doc-type: bar")
	err := plain.NewValidationError(fe)
	got := string(err.AppendResponse(nil, nil))
	want := `{"error":true,"code":"VALIDATION_ERROR","message":"Validation failed: 3 errors","details":{"fieldErrors":{"doc_types":["Invalid doc-type: foo","Invalid doc-type: bar"],"query":["Query is required"]},"totalErrors":3},"retry":"never"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestErrorsIsAndAsThroughWrapping(t *testing.T) {
	base := fileTooLarge()
	wrapped := fmt.Errorf("handler: %w", fmt.Errorf("read: %w", base))
	if !errors.Is(wrapped, mcp.ErrFileTooLarge) {
		t.Error("errors.Is misses the sentinel through two wraps")
	}
	if errors.Is(wrapped, mcp.ErrInternalError) {
		t.Error("errors.Is matches another error's sentinel")
	}
	var e *errgenrt.Error
	if !errors.As(wrapped, &e) || e != base || e.Symbol() != "E_FS_FILE_TOO_LARGE" || e.Code() != 2502 {
		t.Errorf("errors.As = %v", e)
	}
	cause := errors.New("disk on fire")
	withCause := mcp.NewIOError(mcp.SystemError{Component: "fs", Message: "write failed"}, errgenrt.WithCause(cause))
	if !errors.Is(withCause, cause) || errors.Unwrap(withCause) != cause {
		t.Error("the cause is not kept for errors.Is / Unwrap")
	}
	if strings.Contains(withCause.Error(), "disk on fire") || !strings.Contains(withCause.VerboseError(), "disk on fire") {
		t.Errorf("Error() = %q must leave the cause out; VerboseError() = %q must carry it", withCause.Error(), withCause.VerboseError())
	}
	if !errors.Is(mcp.From(wrapped), mcp.ErrFileTooLarge) || mcp.From(wrapped) != base {
		t.Error("From loses the catalog error found in the chain")
	}
}

// Error text is what SDKs, clients and log lines see: it must carry the
// message as the wire does by default, with nothing sensitive, verbose-only
// or from the cause. The log forms (VerboseError, slog) add verbose-only
// fields and the cause chain, still without sensitive values unless the
// occurrence was made WithLogSensitive.
func TestErrorTextIsSafe(t *testing.T) {
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "mcp", "errors.yaml"))
	rm := runtimemodel.Build(gen.NewInput(m))
	err := rm.New(m.BySymbol("E_POLICY_ENV_NOT_ALLOWED"), map[string]any{"variable": "AWS_SECRET_ACCESS_KEY", "policy_location": "/home/alice/.config/policy.yaml"},
		errgenrt.WithCause(errors.New("lookup in /home/alice/.config: db password hunter2")))
	wrapped := fmt.Errorf("tool: %w", err)
	const want = "E_POLICY_ENV_NOT_ALLOWED: Environment variable <redacted> is not allowed by the policy"
	if err.Error() != want || err.Message(nil) != strings.TrimPrefix(want, "E_POLICY_ENV_NOT_ALLOWED: ") {
		t.Errorf("Error() = %q, Message(nil) = %q, want %q", err.Error(), err.Message(nil), want)
	}
	for _, text := range []string{err.Error(), fmt.Sprint(err), fmt.Sprintf("%s|%v|%+v|%q", err, err, err, err), wrapped.Error(), fmt.Sprintf("%+v", wrapped)} {
		for _, leak := range []string{"AWS_SECRET", "hunter2", "/home/alice", "policy.yaml"} {
			if strings.Contains(text, leak) {
				t.Errorf("error text leaks %q: %s", leak, text)
			}
		}
	}
	var log strings.Builder
	slog.New(slog.NewTextHandler(&log, nil)).Error("tool failed", "err", err)
	for name, text := range map[string]string{"VerboseError": err.VerboseError(), "slog": log.String()} {
		for _, want := range []string{"E_POLICY_ENV_NOT_ALLOWED", "<redacted>", "db password hunter2"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q: %s", name, want, text)
			}
		}
		if strings.Contains(text, "AWS_SECRET") {
			t.Errorf("%s logs the sensitive value: %s", name, text)
		}
	}
	// the occurrence's own opt-in shows it in the log forms, never on the wire
	shown := rm.New(m.BySymbol("E_POLICY_ENV_NOT_ALLOWED"), map[string]any{"variable": "AWS_SECRET_ACCESS_KEY"}, errgenrt.WithLogSensitive())
	log.Reset()
	slog.New(slog.NewJSONHandler(&log, nil)).Error("tool failed", "err", shown)
	if !strings.Contains(shown.VerboseError(), "AWS_SECRET_ACCESS_KEY") || !strings.Contains(log.String(), "AWS_SECRET_ACCESS_KEY") {
		t.Errorf("WithLogSensitive: %s | %s", shown.VerboseError(), log.String())
	}
	if wire := string(shown.AppendJSONRPC(nil, nil)) + shown.Error(); strings.Contains(wire, "AWS_SECRET") {
		t.Errorf("WithLogSensitive reached the wire: %s", wire)
	}
	var typedNil *errgenrt.Error
	if typedNil.Error() != "<nil>" || fmt.Sprint(typedNil) != "<nil>" || typedNil.Unwrap() != nil || errors.Is(typedNil, mcp.ErrInternalError) {
		t.Errorf("a nil *Error prints %q", typedNil.Error())
	}
	if got := mcp.From(typedNil); got == nil || got.Def != mcp.ErrInternalError {
		t.Errorf("From(a nil *Error) = %v, want the fallback", got)
	}
	// The zero Options are the defaults: redacted, suggestions on.
	zero, def := err.AppendJSONRPC(nil, &errgenrt.Options{}), err.AppendJSONRPC(nil, nil)
	if !strings.Contains(string(zero), `"variable":"\u003credacted\u003e"`) || strings.Contains(string(zero), "AWS_SECRET") || string(zero) != string(def) {
		t.Errorf("zero Options render\n%s\nnot as the defaults\n%s", zero, def)
	}
	code, msg, data := err.JSONRPC(nil)
	var obj struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if e := json.Unmarshal(err.AppendJSONRPC(nil, nil), &obj); e != nil || obj.Code != code || obj.Message != msg || string(obj.Data) != string(data) || msg != err.Message(nil) {
		t.Errorf("JSONRPC() = %d %q %s, AppendJSONRPC holds %d %q %s", code, msg, data, obj.Code, obj.Message, obj.Data)
	}
}

func TestUnknownErrorLeaksNothing(t *testing.T) {
	secret := errors.New("open /home/bob/.ssh/id_rsa: token=ghp_0123456789abcdefghijklmnopqrstuvwxyz at db.internal:5432")
	err := mcp.From(fmt.Errorf("wrapped: %w", secret))
	if !errors.Is(err, mcp.ErrInternalError) {
		t.Fatalf("a non-catalog error became %s, want the fallback", err.Symbol())
	}
	o := fixedOptions()
	for name, b := range map[string][]byte{"jsonrpc": err.AppendJSONRPC(nil, &o), "problem": err.AppendProblem(nil, &o), "response": err.AppendResponse(nil, &o), "tool": err.AppendToolResult(nil, &o)} {
		for _, leak := range []string{"bob", "id_rsa", "ghp_", "db.internal", "wrapped"} {
			if strings.Contains(string(b), leak) {
				t.Errorf("%s leaks %q: %s", name, leak, b)
			}
		}
	}
	o.Verbose = true
	verbose := decode(t, err.AppendJSONRPC(nil, &o))
	chain, _ := path(verbose, "data", "context", "debugInfo", "errorChain").([]any)
	if len(chain) != 2 || strings.Contains(fmt.Sprint(chain), "/home/bob") || strings.Contains(fmt.Sprint(chain), "ghp_0123") {
		t.Errorf("verbose error chain is missing or unsanitized: %v", chain)
	}
}

func everything() kinds.Everything {
	return kinds.Everything{
		S: "x", E: kinds.EverythingETwo, Tags: []string{"a"}, Nested: kinds.EverythingNested{X: 1},
		Root: &kinds.Node{Name: "root"}, Anything: map[string]any{"k": "v"},
		Secret: errgenrt.Ptr("hunter2"), Debug: errgenrt.Ptr("internal detail"),
		Home: errgenrt.Ptr("/home/alice/notes.txt"),
	}
}

func TestRedactionAndVerbose(t *testing.T) {
	err := kinds.NewEverything(everything())
	on := fixedOptions()
	on.MaxStringBytes = 1000 // room for the whole message
	off := on
	off.ShowSensitive = true
	verbose := on
	verbose.Verbose = true
	verboseOff := verbose
	verboseOff.ShowSensitive = true
	// verbose mode adds verbose-only fields and debugInfo; only
	// ShowSensitive shows sensitive values, and scrubbed ones as given
	for _, tc := range []struct {
		name                   string
		o                      errgenrt.Options
		secret, anything, home any
		debug                  any
		debugInfo              bool
	}{
		{"redaction on", on, "<redacted>", "<redacted>", "~/notes.txt", nil, false},
		{"redaction off", off, "hunter2", map[string]any{"k": "v"}, "/home/alice/notes.txt", nil, false},
		{"verbose", verbose, "<redacted>", "<redacted>", "~/notes.txt", "internal detail", true},
		{"verbose, redaction off", verboseOff, "hunter2", map[string]any{"k": "v"}, "/home/alice/notes.txt", "internal detail", true},
	} {
		doc := decode(t, err.AppendJSONRPC(nil, &tc.o))
		details := path(doc, "data", "context", "details").(map[string]any)
		if fmt.Sprint(details["secret"]) != fmt.Sprint(tc.secret) || fmt.Sprint(details["anything"]) != fmt.Sprint(tc.anything) || details["home"] != tc.home {
			t.Errorf("%s: secret=%v anything=%v home=%v", tc.name, details["secret"], details["anything"], details["home"])
		}
		if details["debug"] != tc.debug {
			t.Errorf("%s: verbose-only field = %v", tc.name, details["debug"])
		}
		if _, has := path(doc, "data", "context").(map[string]any)["debugInfo"]; has != tc.debugInfo {
			t.Errorf("%s: debugInfo present = %v", tc.name, has)
		}
		// the message renders placeholders with the same redaction
		msg := doc["message"].(string)
		if strings.Contains(msg, "hunter2") != (tc.secret == "hunter2") {
			t.Errorf("%s: message %q and details disagree on redaction", tc.name, msg)
		}
	}
}

func TestTruncationAtMultiByteBoundary(t *testing.T) {
	// max_string_bytes is 40 in the kinds catalog: 38 ASCII bytes then a
	// 3-byte rune straddle the cut.
	d := everything()
	d.S = strings.Repeat("a", 36) + "€€€€"
	doc := decode(t, kinds.NewEverything(d).AppendResponse(nil, nil))
	s := path(doc, "details", "s").(string)
	if len(s) > 40 || !strings.HasSuffix(s, "...") || !utf8.ValidString(s) {
		t.Errorf("truncated to %q (%d bytes)", s, len(s))
	}
	if s != strings.Repeat("a", 36)+"..." {
		t.Errorf("cut inside a rune or too early: %q", s)
	}
	// x-max-bytes raises or lowers the limit for one field
	d.Note = errgenrt.Ptr(strings.Repeat("note ", 30)) // words: no token to redact
	note := path(decode(t, kinds.NewEverything(d).AppendResponse(nil, nil)), "details", "note").(string)
	if len(note) != 100 {
		t.Errorf("x-max-bytes 100 gave %d bytes", len(note))
	}
}

func TestPayloadPastMaxDataBytesCollapses(t *testing.T) {
	d := everything()
	for i := 0; i < 400; i++ {
		d.Tags = append(d.Tags, fmt.Sprintf("tag-%03d", i))
	}
	d.OptS = errgenrt.Ptr("optional")
	err := kinds.NewEverything(d, errgenrt.WithData("method", "tools/call"))
	out := err.AppendJSONRPC(nil, nil)
	doc := decode(t, out)
	data := rawMember(out, "data")
	if len(data) > 2048 {
		t.Fatalf("data is %d bytes, over max_data_bytes 2048", len(data))
	}
	details := path(doc, "data", "context", "details").(map[string]any)
	for _, req := range []string{"s", "i", "n", "b", "e", "tags", "nested", "grid", "root", "anything"} {
		if _, ok := details[req]; !ok {
			t.Errorf("minimal context lost required field %q: %s", req, data)
		}
	}
	if _, ok := details["opt_s"]; ok {
		t.Errorf("minimal context kept an optional field")
	}
	if path(doc, "data", "method") != nil || path(doc, "data", "symbol") != "E_EVERYTHING" {
		t.Errorf("minimal data = %s", data)
	}
	for _, f := range []func([]byte, *errgenrt.Options) []byte{err.AppendProblem, err.AppendResponse} {
		if b := f(nil, nil); len(b) > 2048 || !json.Valid(b) {
			t.Errorf("bounded payload is %d bytes / invalid", len(b))
		}
	}
}

func TestPerOccurrenceOptions(t *testing.T) {
	err := mcp.NewUpstreamUnavailable(mcp.UpstreamUnavailableDetails{Service: "search"},
		errgenrt.WithStatus(503), errgenrt.WithRetryable(false),
		errgenrt.WithData("symbol", "E_FORGED"), errgenrt.WithData("policyHash", "abc"),
		errgenrt.WithExtension("tool", "search"), errgenrt.WithExtension("status", 200), errgenrt.WithInstance("urn:x:1"))
	if err.Status() != 503 || err.Retryable() || !mcp.NewUpstreamUnavailable(mcp.UpstreamUnavailableDetails{}).Retryable() {
		t.Errorf("status %d retryable %v", err.Status(), err.Retryable())
	}
	rpc := decode(t, err.AppendJSONRPC(nil, nil))
	if path(rpc, "data", "symbol") != "E_UPSTREAM_UNAVAILABLE" || path(rpc, "data", "policyHash") != "abc" || path(rpc, "data", "retryable") != false {
		t.Errorf("legacy keys: %v", rpc["data"])
	}
	p := decode(t, err.AppendProblem(nil, nil))
	if p["tool"] != "search" || p["status"] != 503.0 || p["instance"] != "urn:x:1" {
		t.Errorf("problem: %v", p)
	}
	if bad := mcp.NewUpstreamUnavailable(mcp.UpstreamUnavailableDetails{}, errgenrt.WithStatus(418)); bad.Status() != 502 {
		t.Errorf("a status outside the allowed list was taken: %d", bad.Status())
	}
}

func TestHTTPProblemAndToolResult(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mcp.Catalog.WriteProblem(w, fmt.Errorf("wrapped: %w", fileTooLarge()), nil)
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 413 || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("status %d, content type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if p := decode(t, body); p["type"] != "https://errors.mcp.example.dev/file-too-large" || p["status"] != 413.0 {
		t.Errorf("problem %s", body)
	}
	tool := decode(t, fileTooLarge().AppendToolResult(nil, nil))
	content := tool["content"].([]any)[0].(map[string]any)
	if tool["isError"] != true || content["type"] != "text" || decode(t, []byte(content["text"].(string)))["symbol"] != "E_FS_FILE_TOO_LARGE" {
		t.Errorf("tool result %v", tool)
	}
}

func TestLookupAndList(t *testing.T) {
	c := mcp.Catalog
	if d := c.ByCode(2502); d == nil || d.Symbol != "E_FS_FILE_TOO_LARGE" || c.BySymbol("E_FS_FILE_TOO_LARGE") != d || c.ByType("file_too_large") != d {
		t.Errorf("lookups disagree: %v", d)
	}
	all := c.All()
	if len(all) != 58 {
		t.Errorf("All() has %d errors", len(all))
	}
	for i := 1; i < len(all); i++ {
		if all[i-1].Code >= all[i].Code {
			t.Fatalf("All() not sorted by code")
		}
	}
}

func TestOptionsFromEnv(t *testing.T) {
	env := map[string]string{"MCP_ERRORS_VERBOSE": "5", "MCP_ERRORS_REDACT": "off", "MCP_ERRORS_MAX_STRING_BYTES": "64"}
	o, err := errgenrt.OptionsFromEnv("MCP_ERRORS", func(k string) string { return env[k] })
	if err != nil || !o.Verbose || !o.ShowSensitive || o.OmitSuggestions || o.MaxStringBytes != 64 {
		t.Errorf("options %+v, %v", o, err)
	}
	env["MCP_ERRORS_REDACT"] = "maybe"
	if _, err := errgenrt.OptionsFromEnv("MCP_ERRORS", func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "MCP_ERRORS_REDACT") {
		t.Errorf("a bad value is not reported: %v", err)
	}
}

// TestMetricsConcurrent renders from many goroutines; run under -race.
func TestMetricsConcurrent(t *testing.T) {
	c := kinds.Catalog
	m := c.EnableMetrics()
	defer func() { c.Metrics = nil }()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				kinds.NewEverything(everything()).AppendJSONRPC(nil, nil)
				kinds.From(errors.New("x")).AppendResponse(nil, nil)
				_ = m.Snapshot()
			}
		}()
	}
	wg.Wait()
	s := m.Snapshot()
	if s.Total != 1600 || s.ByCode["2"] != 800 || s.BySymbol["E_INTERNAL"] != 800 || s.ByDomain["core"] != 1600 {
		t.Errorf("snapshot %+v", s)
	}
	want := `{"total":1600,"byCode":{"1":800,"2":800},"byDomain":{"core":1600},"bySymbol":{"E_EVERYTHING":800,"E_INTERNAL":800}}`
	if got := string(s.AppendJSON(nil)); got != want {
		t.Errorf("sys/errorStats = %s", got)
	}
}

// An alias names the same definition: its Err variable is the error's own,
// so errors.Is matches either way, a lookup by the alias finds it, and the
// wire carries the error's symbol.
func TestAliases(t *testing.T) {
	if kinds.ErrTreeCheck != kinds.ErrTreeValidation || kinds.ErrTreeFailed != kinds.ErrTreeValidation {
		t.Fatal("an alias's Err variable is not the error's definition")
	}
	err := fmt.Errorf("walk: %w", kinds.NewTreeValidation(errgenrt.FieldErrors{FieldErrors: map[string][]string{"name": {"required"}}, TotalErrors: 1}))
	for _, sentinel := range []error{kinds.ErrTreeValidation, kinds.ErrTreeCheck, kinds.ErrTreeFailed} {
		if !errors.Is(err, sentinel) {
			t.Errorf("errors.Is misses %v", sentinel)
		}
	}
	if errors.Is(err, kinds.ErrInternalError) {
		t.Error("errors.Is matches another error's alias")
	}
	c := kinds.Catalog
	for _, s := range []kinds.Symbol{kinds.SymbolTreeValidation, kinds.SymbolTreeCheck, kinds.SymbolTreeFailed} {
		if c.BySymbol(string(s)) != kinds.ErrTreeValidation {
			t.Errorf("BySymbol(%s) = %v", s, c.BySymbol(string(s)))
		}
	}
	if string(kinds.SymbolTreeFailed) != "TREE_FAILED" || c.BySymbol("E_INTERNAL_ERROR") != kinds.ErrInternal || c.BySymbol("E_TREE_NOPE") != nil {
		t.Error("alias constants or lookups are wrong")
	}
	if d := kinds.ErrTreeValidation; len(d.Aliases) != 2 || d.Aliases[0] != "E_TREE_CHECK" || d.Aliases[1] != "TREE_FAILED" {
		t.Errorf("Def.Aliases = %q", d.Aliases)
	}
	rpc := decode(t, kinds.From(err).AppendJSONRPC(nil, nil))
	if path(rpc, "data", "symbol") != "E_TREE_VALIDATION" {
		t.Errorf("the wire names %v, not the error's symbol", path(rpc, "data", "symbol"))
	}
	for _, d := range c.All() {
		if d.Symbol == "E_TREE_CHECK" || d.Symbol == "TREE_FAILED" {
			t.Errorf("All() lists the alias %s as an error", d.Symbol)
		}
	}
}
