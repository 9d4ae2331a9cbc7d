package errgenrt

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// The rules of the wire for detail values, on a catalog built by hand
// from tables: every position a security keyword can stand in, the
// checks of a value's constraints and what replaces a value that breaks
// them, and the log forms.

// testDetails are details read from JSON, as errgen reads catalog
// examples.
func testDetails(n *Node, v map[string]any) Details {
	return &JSONDetails{Object: n.Object, Members: v}
}

func testCatalog(t *testing.T, defs ...*Def) *Catalog {
	t.Helper()
	internal := &Def{Code: 1, WireCode: 1, Symbol: "E_INTERNAL", Type: "internal", Domain: "d", Title: "Internal",
		ProblemType: "urn:x:internal", Statuses: []int{500}, Message: "Internal error"}
	return NewCatalog(&Catalog{Name: "t", Version: "1", SchemaVersion: 1, Limits: Limits{MaxDataBytes: 16384, MaxStringBytes: 1024, MaxSuggestions: 3}},
		append([]*Def{internal}, defs...), "E_INTERNAL")
}

func fixedTestOptions() *Options {
	return &Options{Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }, Instance: func() string { return "urn:x" }}
}

// details returns the details member of the plain response of err.
func details(t *testing.T, err *Error, o *Options) string {
	t.Helper()
	var resp struct {
		Details json.RawMessage `json:"details"`
	}
	raw := err.AppendResponse(nil, o)
	if e := json.Unmarshal(raw, &resp); e != nil {
		t.Fatalf("%v: %s", e, raw)
	}
	return string(resp.Details)
}

func TestKeywordsInEveryPosition(t *testing.T) {
	str := &Node{Kind: KindString}
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "secret", Node: &Node{Kind: KindString, Sensitive: true}},
		{Name: "tokens", Node: &Node{Kind: KindArray, Items: &Node{Kind: KindString, Sensitive: true}}},
		{Name: "paths", Node: &Node{Kind: KindArray, Items: &Node{Kind: KindString, Sanitize: SanitizePath, MaxBytes: 12}}},
		{Name: "vault", Node: &Node{Kind: KindObject, Object: &Object{Extra: &Node{Kind: KindString, Sensitive: true}}}},
		{Name: "blob", Node: &Node{Kind: KindAny, Sanitize: SanitizeText}},
		{Name: "grid", Node: &Node{Kind: KindArray, Items: &Node{Kind: KindArray, Items: &Node{Kind: KindString, Sensitive: true}}}},
		{Name: "listed", Node: str},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400},
		Message: "{secret} {tokens} {vault} {listed}", Details: node, Sensitive: []string{"listed"}}
	other := &Def{Code: 3, WireCode: 3, Symbol: "E_Y", Type: "y", Domain: "d", Title: "Y", ProblemType: "urn:x:y", Statuses: []int{400},
		Message: "{listed}", Details: node}
	testCatalog(t, def, other)
	v := map[string]any{
		"secret": "s3cr3t", "tokens": []any{"tok1", "tok2"}, "paths": []any{"/home/alice/a/b/c/d"},
		"vault":  map[string]any{"k": "v4ult"},
		"blob":   map[string]any{"nested": []any{"see /home/bob/x", map[string]any{"/home/carol/y": "mail dave@example.com"}}},
		"grid":   []any{[]any{"g1"}},
		"listed": "l1sted",
	}
	err := New(def, testDetails(node, v))
	o := fixedTestOptions()
	want := `{"secret":"\u003credacted\u003e","tokens":["\u003credacted\u003e","\u003credacted\u003e"],"paths":["~/a/b/c/d"],"vault":{"k":"\u003credacted\u003e"},"blob":{"nested":["see ~/x",{"~/y":"mail \u003cemail\u003e"}]},"grid":[["\u003credacted\u003e"]],"listed":"\u003credacted\u003e"}`
	if got := details(t, err, o); got != want {
		t.Errorf("redacted:\n got %s\nwant %s", got, want)
	}
	if msg := err.Message(o); msg != `<redacted> <redacted>, <redacted> {"k":"\u003credacted\u003e"} <redacted>` {
		t.Errorf("message %q", msg)
	}
	// the sensitive list is the error's own: E_Y shares the shape
	if got := details(t, New(other, testDetails(node, v)), o); !strings.Contains(got, `"listed":"l1sted"`) {
		t.Errorf("E_Y: %s", got)
	}
	// verbose mode still redacts; ShowSensitive shows everything as given
	verbose := fixedTestOptions()
	verbose.Verbose = true
	if got := details(t, err, verbose); got != want {
		t.Errorf("verbose:\n got %s\nwant %s", got, want)
	}
	shown := fixedTestOptions()
	shown.ShowSensitive = true
	for _, s := range []string{"s3cr3t", "tok1", "/home/ali...", "v4ult", "/home/bob/x", "/home/carol/y", "dave@example.com", "g1", "l1sted"} {
		if got := details(t, err, shown); !strings.Contains(got, s) {
			t.Errorf("ShowSensitive: %s lacks %q", got, s)
		}
	}
}

func TestUntypedKeysWrittenOnce(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "any", Node: &Node{Kind: KindAny, Sanitize: SanitizePath, MaxBytes: 20}},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400}, Message: "m", Details: node}
	testCatalog(t, def)
	long := strings.Repeat("k", 30)
	v := map[string]any{"any": map[string]any{long + "2": 2, long + "1": 1, "/home/a/x": "a", "/home/b/x": "b", "é": 3, "z": 4}}
	got := details(t, New(def, testDetails(node, v)), fixedTestOptions())
	want := `{"any":{"kkkkkkkkkkkkkkkkk...":1,"z":4,"~/x":"a","é":3}}`
	if got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

func TestChecksAndReplacements(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "code", Required: true, Node: &Node{Kind: KindString, Exact: true, Check: &Check{Patterns: []string{`^[A-Z]+$`}}, Replacement: "UNKNOWN", HasReplacement: true}},
		{Name: "count", Node: &Node{Kind: KindInteger, Check: &Check{Minimum: Bound(0)}}},
		{Name: "when", Node: &Node{Kind: KindString, Exact: true, Check: &Check{Formats: []string{"date-time"}}}},
		{Name: "tags", Node: &Node{Kind: KindArray, Check: &Check{MaxItems: Limit(2), UniqueItems: true}, Items: &Node{Kind: KindString, Exact: true, Check: &Check{Enum: []string{"a", "b", "c"}}}}},
		{Name: "pair", Node: &Node{Kind: KindArray, Check: &Check{MinItems: Limit(2)}, Items: &Node{Kind: KindInteger}}},
		{Name: "level", Required: true, Node: &Node{Kind: KindNumber, Check: &Check{Maximum: Bound(1)}}},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400},
		Message: "{code} {count} {tags}", Details: node}
	c := testCatalog(t, def)
	var seen []Violation
	c.OnViolation = func(v Violation) { seen = append(seen, v) }
	v := map[string]any{"code": "lower", "count": -1.0, "when": "yesterday", "tags": []any{"a", "x", "a", "b", "c"}, "pair": []any{1.0}, "level": 0.5}
	err := New(def, testDetails(node, v))
	if got, want := details(t, err, fixedTestOptions()), `{"code":"UNKNOWN","tags":["a","b"],"level":0.5}`; got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	wantSeen := []Violation{
		{"E_X", "/code", "pattern", "replaced"}, {"E_X", "/count", "minimum", "omitted"}, {"E_X", "/when", "format", "omitted"},
		{"E_X", "/tags/1", "enum", "omitted"}, {"E_X", "/tags/2", "uniqueItems", "omitted"}, {"E_X", "/pair", "minItems", "omitted"},
	}
	if len(seen) != len(wantSeen) {
		t.Fatalf("violations %v, want %v", seen, wantSeen)
	}
	for i := range seen {
		if seen[i] != wantSeen[i] {
			t.Errorf("violation %d: %+v, want %+v", i, seen[i], wantSeen[i])
		}
	}
	if msg := err.Message(nil); msg != "UNKNOWN  a, b" {
		t.Errorf("message %q", msg)
	}
	// a required value without a replacement: the fallback
	seen = nil
	bad := New(def, testDetails(node, map[string]any{"code": "OK", "level": 7.0}))
	if got := string(bad.AppendResponse(nil, fixedTestOptions())); !strings.Contains(got, `"code":"E_INTERNAL"`) {
		t.Errorf("details with no valid form: %s", got)
	}
	if len(seen) != 1 || seen[0] != (Violation{"E_X", "/level", "maximum", "fallback"}) {
		t.Errorf("violations %v", seen)
	}
	if bad.Error() != "E_INTERNAL: Internal error" {
		t.Errorf("Error() = %q", bad.Error())
	}
	// a test can make a violation fail it
	c.OnViolation = func(v Violation) { panic(v.Path) }
	defer func() {
		if r := recover(); r != "/code" {
			t.Errorf("recovered %v", r)
		}
	}()
	New(def, testDetails(node, map[string]any{"code": "lower", "level": 0.0})).AppendProblem(nil, nil)
	t.Error("OnViolation did not panic")
}

func TestNullIsTheEmptyValue(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "s", Required: true, Node: &Node{Kind: KindString}},
		{Name: "list", Node: &Node{Kind: KindArray, Items: &Node{Kind: KindInteger}}},
		{Name: "opt", Node: &Node{Kind: KindString}},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400}, Message: "m", Details: node}
	testCatalog(t, def)
	got := details(t, New(def, testDetails(node, map[string]any{"s": nil, "list": []any{nil, 2.0}, "opt": nil})), nil)
	if want := `{"s":"","list":[0,2]}`; got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

func TestBoundsRaisedToTheirFloors(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{{Name: "s", Required: true, Node: &Node{Kind: KindString}}}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400}, Message: "m", Details: node}
	testCatalog(t, def)
	o := fixedTestOptions()
	o.MaxStringBytes = 2
	got := details(t, New(def, testDetails(node, map[string]any{"s": strings.Repeat("x", 40)})), o)
	if want := `{"s":"xxxxxxxxxxxxx..."}`; got != want {
		t.Errorf("maxStringBytes 2: %s, want %s", got, want)
	}
	o = fixedTestOptions()
	o.MaxDataBytes = 100
	if n := len(New(def, testDetails(node, map[string]any{"s": strings.Repeat("x", 200)})).AppendProblem(nil, o)); n < 300 {
		t.Errorf("maxDataBytes 100 bounded the problem to %d bytes, not to the floor of 512", n)
	}
}

func TestLogFormsRedact(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "secret", Required: true, Node: &Node{Kind: KindString, Sensitive: true}},
		{Name: "where", Node: &Node{Kind: KindString, Verbose: true}},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400},
		Message: "secret {secret} at {where}", Details: node}
	testCatalog(t, def)
	v := map[string]any{"secret": "hunter2", "where": "/srv/app"}
	for _, tc := range []struct {
		opts []Option
		show bool
	}{{nil, false}, {[]Option{WithLogSensitive()}, true}} {
		err := New(def, testDetails(node, v), append(tc.opts, WithCause(errLogCause{}))...)
		var log strings.Builder
		slog.New(slog.NewJSONHandler(&log, nil)).Error("failed", "err", err)
		for name, text := range map[string]string{"VerboseError": err.VerboseError(), "slog": log.String()} {
			if strings.Contains(text, "hunter2") != tc.show || !strings.Contains(text, "/srv/app") || !strings.Contains(text, "the cause") {
				t.Errorf("%s (log sensitive %v): %s", name, tc.show, text)
			}
		}
		if strings.Contains(err.Error()+string(err.AppendJSONRPC(nil, nil)), "hunter2") {
			t.Error("WithLogSensitive reached the wire")
		}
	}
}

type errLogCause struct{}

func (errLogCause) Error() string { return "the cause" }

func TestCheckFormat(t *testing.T) {
	for _, c := range []struct {
		format, value string
		ok            bool
	}{
		{"date-time", "2026-02-28T10:00:00Z", true},
		{"date-time", "2026-02-30T10:00:00Z", false},
		{"email", "a@example.com", true},
		{"email", "not an address", false},
		{"uuid", "3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", true},
		{"ipv4", "256.1.1.1", false},
		{"idn-email", "anything", true}, // no check of its own
	} {
		if got := CheckFormat(c.format, c.value); got != c.ok {
			t.Errorf("CheckFormat(%q, %q) = %v", c.format, c.value, got)
		}
	}
}

// A violation's path is a JSON Pointer: an empty member name is an empty
// segment, not an index.
func TestViolationPathOfEmptyName(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "m", Node: &Node{Kind: KindObject, Object: &Object{Extra: &Node{Kind: KindInteger}}}},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400}, Message: "m", Details: node}
	c := testCatalog(t, def)
	var seen []string
	c.OnViolation = func(v Violation) { seen = append(seen, v.Path) }
	New(def, testDetails(node, map[string]any{"m": map[string]any{"": "x", "a/b~": "y"}})).AppendResponse(nil, fixedTestOptions())
	if strings.Join(seen, " ") != "/m/ /m/a~1b~0" {
		t.Errorf("paths %q, want /m/ and /m/a~1b~0", seen)
	}
}
