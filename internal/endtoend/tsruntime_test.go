package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"os"

	"fmt"

	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// The TypeScript server runtime against the Go runtime, byte for byte:
// TestTSConformance runs errgen conformance with the package's runner
// (conformance.mjs, docs/guide/conformance.md) over the conformance vectors
// of the golden catalogs, the repo's own, the wire registry, the hostile
// catalog and a synthetic one; TestTSRuntimeVariants feeds the runner
// more inputs — each catalog example, variants of it and its strings made
// hostile, under many option sets — and compares each answer with what
// errgenrt renders for the same input, or, for details of another type
// than their nodes' (tsRefused), holds the runner to the error answer.

// convInput is the input of one vector (docs/guide/conformance.md).
type convInput struct {
	Kind       string      `json:"kind"`
	Symbol     string      `json:"symbol,omitempty"`
	Details    any         `json:"details,omitempty"`
	Cause      []string    `json:"cause,omitempty"`
	Retryable  *bool       `json:"retryable,omitempty"`
	Status     int         `json:"status,omitempty"`
	RequestID  string      `json:"requestId,omitempty"`
	Instance   string      `json:"instance,omitempty"`
	Data       []convKV    `json:"data,omitempty"`
	Extensions []convKV    `json:"extensions,omitempty"`
	Options    convOptions `json:"options"`
}

type convKV struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

type convOptions struct {
	Now             string `json:"now"`
	Instance        string `json:"instance,omitempty"`
	Verbose         bool   `json:"verbose,omitempty"`
	ShowSensitive   bool   `json:"showSensitive,omitempty"`
	OmitSuggestions bool   `json:"omitSuggestions,omitempty"`
	MaxDataBytes    int    `json:"maxDataBytes,omitempty"`
	MaxStringBytes  int    `json:"maxStringBytes,omitempty"`
	MaxSuggestions  int    `json:"maxSuggestions,omitempty"`
	ServerVersion   string `json:"serverVersion,omitempty"`
}

type convVector struct {
	ID    string    `json:"id"`
	Input convInput `json:"input"`
}

// convFormats are the payloads of each vector, in the runner's names.
var convFormats = []string{"jsonrpc", "problem", "response", "toolResult"}

// chainError is one error of a cause chain: its text, wrapping the next.
type chainError struct {
	text string
	next error
}

func (e *chainError) Error() string { return e.text }
func (e *chainError) Unwrap() error { return e.next }

func causeChain(texts []string) error {
	var c error
	for i := len(texts) - 1; i >= 0; i-- {
		c = &chainError{texts[i], c}
	}
	return c
}

// render is errgenrt's answer to an input: what the runner must write.
func (in convInput) render(rm *runtimemodel.Catalog, m *model.Catalog) map[string]string {
	now, _ := time.Parse(time.RFC3339, in.Options.Now)
	o := errgenrt.Options{
		Verbose: in.Options.Verbose, ShowSensitive: in.Options.ShowSensitive, OmitSuggestions: in.Options.OmitSuggestions,
		MaxDataBytes: in.Options.MaxDataBytes, MaxStringBytes: in.Options.MaxStringBytes, MaxSuggestions: in.Options.MaxSuggestions,
		ServerVersion: in.Options.ServerVersion,
		Now:           func() time.Time { return now },
	}
	if in.Options.Instance != "" {
		o.Instance = func() string { return in.Options.Instance }
	}
	var e *errgenrt.Error
	switch in.Kind {
	case "error":
		me := m.BySymbol(in.Symbol)
		var opts []errgenrt.Option
		if len(in.Cause) > 0 {
			opts = append(opts, errgenrt.WithCause(causeChain(in.Cause)))
		}
		if in.Retryable != nil {
			opts = append(opts, errgenrt.WithRetryable(*in.Retryable))
		}
		if in.Status != 0 {
			opts = append(opts, errgenrt.WithStatus(in.Status))
		}
		if in.RequestID != "" {
			opts = append(opts, errgenrt.WithRequestID(in.RequestID))
		}
		if in.Instance != "" {
			opts = append(opts, errgenrt.WithInstance(in.Instance))
		}
		for _, kv := range in.Data {
			opts = append(opts, errgenrt.WithData(kv.Key, kv.Value))
		}
		for _, kv := range in.Extensions {
			opts = append(opts, errgenrt.WithExtension(kv.Key, kv.Value))
		}
		details := in.Details
		if details == nil {
			details = map[string]any{}
		}
		e = rm.New(me, details, opts...)
	case "definition":
		e = rm.Runtime.From(rm.Def(m.BySymbol(in.Symbol)))
	case "foreign":
		e = rm.Runtime.From(causeChain(in.Cause))
	}
	return map[string]string{
		"jsonrpc":    string(e.AppendJSONRPC(nil, &o)),
		"problem":    string(e.AppendProblem(nil, &o)),
		"response":   string(e.AppendResponse(nil, &o)),
		"toolResult": string(e.AppendToolResult(nil, &o)),
	}
}

// convOptionSets are the option sets every details value is rendered
// under, and what each sets on the occurrence.
var convOptionSets = []struct {
	name string
	set  func(in *convInput, e *model.Error)
}{
	{"default", func(in *convInput, e *model.Error) {}},
	{"verbose", func(in *convInput, e *model.Error) {
		in.Options.Verbose, in.Options.ServerVersion = true, "1.2.3 <beta>"
		in.RequestID = "req_123"
		in.Cause = []string{
			"read /home/alice/notes.txt: permission denied",
			"fetch https://bob:hunter2@api.example.com/v1?token=abc123&page=2#top failed",
			"mail carol@example.com: " + strings.Repeat("x", 300),
			"auth with ghp_0123456789abcdefghijklmnopqrstuvwxyzAB rejected",
			"C:\\Users\\dave\\secret.txt \u2028 \"quoted\" <html>&",
			"the sixth, never shown",
		}
	}},
	{"sensitive", func(in *convInput, e *model.Error) { in.Options.ShowSensitive = true }},
	{"no-suggestions", func(in *convInput, e *model.Error) { in.Options.OmitSuggestions = true }},
	{"tight-strings", func(in *convInput, e *model.Error) { in.Options.MaxStringBytes, in.Options.MaxSuggestions = 16, 1 }},
	{"tight-data", func(in *convInput, e *model.Error) { in.Options.MaxDataBytes = 512 }},
	{"fallback", func(in *convInput, e *model.Error) { in.Options.MaxDataBytes = 160 }},
	{"overrides", func(in *convInput, e *model.Error) {
		in.Status = 599
		if len(e.Statuses) > 1 {
			in.Status = e.Statuses[1]
		}
		r := !e.Retryable
		in.Retryable = &r
	}},
	{"members", func(in *convInput, e *model.Error) {
		in.Instance = "urn:example:occurrence/1"
		field := "tool"
		if r := rootSchema(e); r != nil && len(r.Properties) > 0 {
			field = r.Properties[0].Name
		}
		in.Data = []convKV{{"method", "tools/call"}, {"symbol", "E_SPOOFED"}, {"requestId", "req_\u2028<1>"}, {"method", "again"},
			{"n", 1.5e-7}, {"big", 1e21}, {"nested", map[string]any{"z": []any{1.0, "a\u0001", nil, true}, "a": map[string]any{"\U0001F600": "x", "\uE000": "y"}}}}
		in.Extensions = []convKV{{"tool", "read_file"}, {"type", "spoofed"}, {field, "shadow"}, {"tool", "again"}, {"count", 3.0}}
	}},
}

func rootSchema(e *model.Error) *model.Schema {
	if e.Details == nil {
		return nil
	}
	return e.Details.Schema.Resolved()
}

// stress returns v with every string made hostile: HTML characters,
// U+2028, quotes, a control character, a home path, a URL with secrets, an
// e-mail address, a token, and a four-byte character across the cut of a
// long string.
func stress(v any) any {
	switch x := v.(type) {
	case string:
		return x + " <&>\u2028\"\\\x01 /home/alice/x https://u:pw@h.example/p?api_key=k&x=1 e@example.com tok_0123456789abcdefghijklmnopqrstuvwxyz " +
			strings.Repeat("é", 20) + "\U0001F600" + strings.Repeat("z", 40)
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = stress(it)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, it := range x {
			out[k] = stress(it)
		}
		return out
	case json.Number:
		f, _ := x.Float64()
		return f * 1.5e-7
	}
	return v
}

// convVectors returns the vectors of a catalog: for every error, each
// example, variants of it (each member removed, null, emptied), the
// examples stressed and empty details, under every option set; the error
// raised without details (definition), by each alias; and a foreign error.
func convVectors(m *model.Catalog) []convVector {
	var out []convVector
	base := convOptions{Now: "2026-01-02T03:04:05Z", Instance: "urn:uuid:00000000-0000-4000-8000-000000000000"}
	add := func(id string, in convInput) {
		out = append(out, convVector{ID: fmt.Sprintf("%s#%d", id, len(out)), Input: in})
	}
	for _, e := range m.Errors {
		var values []any
		for _, ex := range exampleValues(e.Examples) {
			for _, v := range exampleVariants(ex) {
				if upperKeyVariant(ex, v) {
					continue // encoding/json folds case; the TypeScript runtime reads names exactly
				}
				values = append(values, v)
			}
			values = append(values, stress(ex))
		}
		values = append(values, map[string]any{})
		for i, v := range values {
			for _, set := range convOptionSets {
				in := convInput{Kind: "error", Symbol: e.Symbol, Details: v, Options: base}
				set.set(&in, e)
				add(fmt.Sprintf("%s/value-%d/%s", e.Symbol, i, set.name), in)
			}
		}
		for _, sym := range e.Symbols() {
			add(e.Symbol+"/definition/"+sym, convInput{Kind: "definition", Symbol: sym, Options: base})
			verbose := base
			verbose.Verbose = true
			add(e.Symbol+"/definition-verbose/"+sym, convInput{Kind: "definition", Symbol: sym, Options: verbose})
		}
	}
	foreign := []string{"dial tcp: lookup db.internal: /home/alice/.pgpass https://u:p@db.internal/?password=x admin@example.com", "inner: " + strings.Repeat("ü", 200)}
	add("foreign", convInput{Kind: "foreign", Cause: foreign, Options: base})
	verbose := base
	verbose.Verbose = true
	add("foreign/verbose", convInput{Kind: "foreign", Cause: foreign, Options: verbose})
	return out
}

// upperKeyVariant reports whether v is ex with one key upper-cased.
func upperKeyVariant(ex, v any) bool {
	a, ok1 := ex.(map[string]any)
	b, ok2 := v.(map[string]any)
	if !ok1 || !ok2 {
		return false
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			return true
		}
	}
	return false
}

// writePackage generates the TypeScript package of m into dir.
func writePackage(t *testing.T, m *model.Catalog, dir string) {
	t.Helper()
	files, err := typescript.Generate(gen.NewInput(m), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, files)
}

func writeFiles(t *testing.T, dir string, files []gen.File) {
	t.Helper()
	for _, f := range files {
		errgentest.WriteFile(t, dir, f.Path, string(f.Data))
	}
}

// runConformance runs node conformance.mjs of the package in dir over the
// vectors and returns its answers by id.
func runConformance(t *testing.T, dir string, vectors []convVector) map[string]map[string]any {
	t.Helper()
	var stdin bytes.Buffer
	for _, v := range vectors {
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		stdin.Write(line)
		stdin.WriteByte('\n')
	}
	cmd := exec.Command("node", filepath.Join(dir, "conformance.mjs"))
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node conformance.mjs: %v\n%s", err, stderr.String())
	}
	answers := map[string]map[string]any{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var a map[string]any
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("an answer is no JSON object: %v: %.200s", err, sc.Text())
		}
		id, _ := a["id"].(string)
		answers[id] = a
	}
	return answers
}

// convCatalogs are the catalogs the conformance test runs on: the golden
// catalogs, the hostile one and a synthetic one.
func convCatalogs(t *testing.T) map[string]*model.Catalog {
	out := map[string]*model.Catalog{}
	for _, c := range goldenCases(t) {
		out[c.name] = errgentest.Model(t, catalog.OSFS{}, c.catalog)
	}
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "hostile/errors.yaml", hostileCatalog())
	errgentest.WriteFile(t, dir, "synthetic/errors.yaml", string(gencatalog.Generate(120)))
	out["hostile"] = errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "hostile", "errors.yaml"))
	out["synthetic"] = errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "synthetic", "errors.yaml"))
	return out
}

func TestTSRuntimeVariants(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	catalogs := convCatalogs(t)
	names := make([]string, 0, len(catalogs))
	for name := range catalogs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			writePackage(t, m, dir)
			rm := runtimemodel.Build(gen.NewInput(m))
			vectors := convVectors(m)
			answers := runConformance(t, dir, vectors)
			failures := 0
			rejected := 0
			for _, v := range vectors {
				a := answers[v.ID]
				if a == nil {
					t.Errorf("%s: no answer", v.ID)
					failures++
					continue
				}
				msg, failed := a["error"].(string)
				if v.Input.Kind == "error" && tsRefused(rm.Facts, v.Input.Symbol, v.Input.Details) {
					// an input every runner refuses: the error answer
					rejected++
					if !failed || !strings.HasPrefix(msg, "details") {
						t.Errorf("%s: details of another type than their nodes', want the error answer, got %v", v.ID, a)
						failures++
					}
					continue
				}
				if failed {
					t.Errorf("%s: the runner failed: %s", v.ID, msg)
					failures++
					continue
				}
				payloads, _ := a["payloads"].(map[string]any)
				want := v.Input.render(rm, m)
				for _, f := range convFormats {
					got, _ := payloads[f].(string)
					if got != want[f] {
						failures++
						if failures <= 10 {
							in, _ := json.Marshal(v.Input)
							t.Errorf("%s %s: %s\ninput %.2000s", v.ID, f, byteDiff(got, want[f]), in)
						}
					}
				}
			}
			if failures > 10 {
				t.Errorf("%d mismatches in all, of %d vectors", failures, len(vectors))
			}
			if len(answers) != len(vectors) {
				t.Errorf("%d answers to %d vectors", len(answers), len(vectors))
			}
			t.Logf("%d vectors, %d of them refused", len(vectors), rejected)
			if rejected == len(vectors) {
				t.Errorf("every vector's details are out of their error's type")
			}
		})
	}
}

// tsRefused reports whether the TypeScript runner refuses details v of
// error symbol, as docs/guide/conformance.md's "Reading the input" says:
// details that are not an object, or a value of another type than its
// node's at any depth (an integer is a number without a fraction; null is
// a value of every type; a member no node describes is ignored).
func tsRefused(f *facts.Catalog, symbol string, v any) bool {
	shapes := map[string]*facts.Node{}
	for _, s := range f.Shapes {
		shapes[s.Name] = s.Node
	}
	var wrong func(n *facts.Node, v any) bool
	wrong = func(n *facts.Node, v any) bool {
		if v == nil {
			return false
		}
		switch n.Type {
		case "any":
			return false
		case "string":
			_, ok := v.(string)
			return !ok
		case "integer":
			var x float64
			switch n := v.(type) {
			case float64:
				x = n
			case json.Number:
				x, _ = n.Float64()
			default:
				return true
			}
			return math.IsInf(x, 0) || x != math.Trunc(x)
		case "number":
			switch v.(type) {
			case float64, json.Number:
				return false
			}
			return true
		case "boolean":
			_, ok := v.(bool)
			return !ok
		case "array":
			list, ok := v.([]any)
			if !ok {
				return true
			}
			for _, it := range list {
				if wrong(n.Items, it) {
					return true
				}
			}
			return false
		}
		m, ok := v.(map[string]any)
		if !ok {
			return true
		}
		o := n
		if n.Shape != "" {
			o = shapes[n.Shape]
		}
		for k, x := range m {
			node := o.AdditionalProperties
			for _, p := range o.Properties {
				if p.Name == k {
					node = p.Node
				}
			}
			if node != nil && wrong(node, x) {
				return true
			}
		}
		return false
	}
	for _, e := range f.Errors {
		if e.Symbol == symbol || slicesContains(e.Aliases, symbol) {
			return e.Details != nil && wrong(e.Details, v)
		}
	}
	return false
}

// byteDiff says where two payloads first differ, with both sides around
// that place.
func byteDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(i-60, 0)
	return fmt.Sprintf("byte %d:\n got …%.160s\nwant …%.160s", i, got[from:], want[from:])
}

func TestTSConformance(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	catalogs := conformanceCatalogs(t)
	names := make([]string, 0, len(catalogs))
	for name := range catalogs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m := catalogs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			writePackage(t, m, filepath.Join(dir, "ts"))
			files, err := conformance.Generate(gen.NewInput(m), conformance.Options{File: "vectors.json"})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "vectors.json"), files[0].Data, 0o644); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", "node", filepath.Join(dir, "ts", "conformance.mjs"))
			if exit != 0 || !strings.Contains(stdout, "every payload matches") || !strings.Contains(stdout, "advice answers match") || strings.Contains(stdout, "without advice") {
				t.Errorf("errgen conformance -- node conformance.mjs: exit %d\n%s%s", exit, stdout, stderr)
			}
		})
	}
}
