package endtoend

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	kinds "github.com/errgen/errgen/internal/endtoend/testdata/golden/kinds/go"
	mdmcp "github.com/errgen/errgen/internal/endtoend/testdata/golden/mdmcp/go"
	plain "github.com/errgen/errgen/internal/endtoend/testdata/golden/plain/go"
	problem "github.com/errgen/errgen/internal/endtoend/testdata/golden/problem/go"
	taxonomy "github.com/errgen/errgen/internal/endtoend/testdata/golden/taxonomy/go"
	"github.com/errgen/errgen/internal/errgentest"
)

// runtimeCatalogs are the generated packages of every golden catalog (and
// the repo's own), by case name.
var runtimeCatalogs = map[string]*errgenrt.Catalog{
	"kinds":    kinds.Catalog,
	"mdmcp":    mdmcp.Catalog,
	"plain":    plain.Catalog,
	"problem":  problem.Catalog,
	"taxonomy": taxonomy.Catalog,
}

// vectorModes are the option sets every example is rendered under.
var vectorModes = []struct {
	name string
	opts func(o *errgenrt.Options)
}{
	{"default", func(o *errgenrt.Options) {}},
	{"verbose", func(o *errgenrt.Options) { o.Verbose = true; o.ServerVersion = "1.2.3" }},
	{"unredacted", func(o *errgenrt.Options) { o.ShowSensitive = true }},
	{"small", func(o *errgenrt.Options) { o.MaxDataBytes = 512; o.MaxStringBytes = 24 }},
}

func fixedOptions() errgenrt.Options {
	o := errgenrt.DefaultOptions()
	o.Now = func() time.Time { return time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC) }
	o.Instance = func() string { return "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f" }
	return o
}

// Vector is one rendering of one catalog example, as written to
// testdata/golden/NAME/vectors.jsonl for the other languages' tests.
type Vector struct {
	Symbol   string          `json:"symbol"`
	Example  int             `json:"example"`
	Mode     string          `json:"mode"`
	JSONRPC  json.RawMessage `json:"jsonrpc"`
	Problem  json.RawMessage `json:"problem"`
	Response json.RawMessage `json:"response"`
}

// exampleError builds the error of def from a catalog example, decoding the
// example into the generated details type.
func exampleError(t *testing.T, def *errgenrt.Def, example any) *errgenrt.Error {
	t.Helper()
	var d errgenrt.Details
	if def.NewDetails != nil {
		d = def.NewDetails()
		raw, err := json.Marshal(example)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, d); err != nil {
			t.Fatalf("%s: example does not decode into the generated details: %v", def.Symbol, err)
		}
	}
	return errgenrt.New(def, d, errgenrt.WithData("method", "tools/call"), errgenrt.WithData("requestId", "req_123"),
		errgenrt.WithExtension("tool", "read_file"), errgenrt.WithCause(os.ErrPermission), errgenrt.WithRequestID("req_123"))
}

// TestVectors renders every example of every golden catalog in all three
// formats and every mode, checks each payload, and compares the whole set
// with testdata/golden/NAME/vectors.jsonl.
func TestVectors(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			rc := runtimeCatalogs[c.name]
			if rc == nil {
				t.Fatalf("add the generated package of %s to runtimeCatalogs", c.name)
			}
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			var out bytes.Buffer
			for _, e := range m.Errors {
				def := rc.BySymbol(e.Symbol)
				if def == nil {
					t.Fatalf("%s missing from the generated catalog", e.Symbol)
				}
				examples := make([]any, len(e.Examples))
				for i, ex := range e.Examples {
					examples[i] = ex.Value
				}
				if len(examples) == 0 {
					examples = []any{map[string]any{}}
				}
				for i, ex := range examples {
					for _, mode := range vectorModes {
						o := fixedOptions()
						mode.opts(&o)
						err := exampleError(t, def, ex)
						v := Vector{Symbol: e.Symbol, Example: i, Mode: mode.name,
							JSONRPC:  err.AppendJSONRPC(nil, &o),
							Problem:  err.AppendProblem(nil, &o),
							Response: err.AppendResponse(nil, &o)}
						var of struct{ Code string }
						if json.Unmarshal(v.Response, &of) == nil && of.Code != e.Symbol {
							continue // the fallback its empty details become (E_DIGEST; E_TRACE, verbose): a line of another error
						}
						checkPayloads(t, rc, &o, v)
						line, jerr := json.Marshal(v)
						if jerr != nil {
							t.Fatalf("%s %s: %v", e.Symbol, mode.name, jerr)
						}
						out.Write(line)
						out.WriteByte('\n')
					}
				}
			}
			path := filepath.Join(c.dir, "vectors.jsonl")
			if *update {
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(want, out.Bytes()) {
				t.Errorf("%s differs (run go test -update):\n%s", path, firstDiff(want, out.Bytes()))
			}
		})
	}
}

// checkPayloads holds the invariants every payload keeps: valid JSON and
// UTF-8, the data object within max_data_bytes, every string within the
// string limit.
func checkPayloads(t *testing.T, rc *errgenrt.Catalog, o *errgenrt.Options, v Vector) {
	t.Helper()
	maxData := o.MaxDataBytes
	if maxData == 0 {
		maxData = rc.Limits.MaxDataBytes
	}
	for name, p := range map[string][]byte{"jsonrpc": v.JSONRPC, "problem": v.Problem, "response": v.Response} {
		if !json.Valid(p) || !utf8.Valid(p) {
			t.Errorf("%s %s %s: invalid JSON: %s", v.Symbol, v.Mode, name, p)
			continue
		}
		if raw := rawMember(p, "data"); name == "jsonrpc" && len(raw) > maxData {
			t.Errorf("%s %s: data is %d bytes, over max_data_bytes %d", v.Symbol, v.Mode, len(raw), maxData)
		}
	}
}

// rawMember returns the raw bytes of a top-level member of a JSON object.
func rawMember(doc []byte, name string) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil
	}
	return m[name]
}
