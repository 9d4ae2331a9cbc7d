package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	mcp "github.com/errgen/errgen/gen/go"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// TestRuntimeModelVectors holds internal/runtimemodel — the runtime catalog
// the docs and `errgen explain` render examples with — to the compiled
// generated packages: for every golden catalog, every example, every mode
// and every wire format, its payload equals, byte for byte, the one in
// vectors.jsonl (written by TestVectors from the compiled code).
func TestRuntimeModelVectors(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			want := readVectors(t, filepath.Join(c.dir, "vectors.jsonl"))
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			rm := runtimemodel.Build(gen.NewInput(m))
			n := 0
			for _, e := range m.Errors {
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
						err := rm.New(e, ex, errgenrt.WithData("method", "tools/call"), errgenrt.WithData("requestId", "req_123"),
							errgenrt.WithExtension("tool", "read_file"), errgenrt.WithCause(os.ErrPermission), errgenrt.WithRequestID("req_123"))
						var of struct{ Code string }
						if json.Unmarshal(err.AppendResponse(nil, &o), &of) == nil && of.Code != e.Symbol {
							continue // a payload of the fallback, which TestVectors leaves out too
						}
						if n >= len(want) {
							t.Fatalf("more renderings than vectors.jsonl holds (%d)", len(want))
						}
						w := want[n]
						n++
						if w.Symbol != e.Symbol || w.Example != i || w.Mode != mode.name {
							t.Fatalf("vector %d is %s/%d/%s, want %s/%d/%s", n, w.Symbol, w.Example, w.Mode, e.Symbol, i, mode.name)
						}
						for _, f := range []struct {
							name      string
							got, want []byte
						}{
							{"jsonrpc", err.AppendJSONRPC(nil, &o), w.JSONRPC},
							{"problem", err.AppendProblem(nil, &o), w.Problem},
							{"response", err.AppendResponse(nil, &o), w.Response},
						} {
							if !bytes.Equal(f.got, f.want) {
								t.Errorf("%s example %d, %s, %s:\n got %s\nwant %s", e.Symbol, i, mode.name, f.name, f.got, f.want)
							}
						}
					}
				}
			}
			if n != len(want) {
				t.Errorf("rendered %d vectors, vectors.jsonl holds %d", n, len(want))
			}
		})
	}
}

func exampleValues(list []model.Example) []any {
	out := make([]any, len(list))
	for i, ex := range list {
		out[i] = ex.Value
	}
	return out
}

func readVectors(t *testing.T, path string) []Vector {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Vector
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var v Vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRuntimeModelVariants compares the runtime model with the compiled
// packages (the repo's own and the goldens) in process, on the catalog
// examples and on variants of them that reach the zero-value paths: each
// top-level field removed, set to null, emptied, and renamed to upper case
// (which encoding/json still matches).
func TestRuntimeModelVariants(t *testing.T) {
	cases := goldenCases(t)
	cases = append(cases, goldenCase{name: "repo", catalog: filepath.Join(repoRoot(t), "catalog", "errors.yaml")})
	compiled := map[string]*errgenrt.Catalog{"repo": mcp.Catalog}
	for k, v := range runtimeCatalogs {
		compiled[k] = v
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rc := compiled[c.name]
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			rm := runtimemodel.Build(gen.NewInput(m))
			for _, e := range m.Errors {
				def := rc.BySymbol(e.Symbol)
				for _, ex := range append(exampleValues(e.Examples), map[string]any{}) {
					for _, v := range exampleVariants(ex) {
						for _, mode := range vectorModes {
							o := fixedOptions()
							mode.opts(&o)
							opts := []errgenrt.Option{errgenrt.WithData("method", "tools/call"), errgenrt.WithCause(os.ErrPermission)}
							got := rm.New(e, v, opts...)
							want := errgenrt.New(def, exampleError(t, def, v).Details, opts...)
							for _, f := range []struct {
								name      string
								got, want []byte
							}{
								{"jsonrpc", got.AppendJSONRPC(nil, &o), want.AppendJSONRPC(nil, &o)},
								{"problem", got.AppendProblem(nil, &o), want.AppendProblem(nil, &o)},
								{"response", got.AppendResponse(nil, &o), want.AppendResponse(nil, &o)},
							} {
								if !bytes.Equal(f.got, f.want) {
									vb, _ := json.Marshal(v)
									t.Errorf("%s %s %s of %s:\n got %s\nwant %s", e.Symbol, mode.name, f.name, vb, f.got, f.want)
								}
							}
						}
					}
				}
			}
		})
	}
}

// exampleVariants returns v and, for an object, copies with each member
// removed, null, emptied ("" / 0 / false / [] / {}) or under an upper-case
// key.
func exampleVariants(v any) []any {
	out := []any{v}
	obj, ok := v.(map[string]any)
	if !ok {
		return out
	}
	with := func(f func(m map[string]any)) {
		m := make(map[string]any, len(obj))
		for k, x := range obj {
			m[k] = x
		}
		f(m)
		out = append(out, m)
	}
	for k, x := range obj {
		with(func(m map[string]any) { delete(m, k) })
		with(func(m map[string]any) { m[k] = nil })
		with(func(m map[string]any) { delete(m, k); m[strings.ToUpper(k)] = x })
		var empty any
		switch x.(type) {
		case string:
			empty = ""
		case json.Number:
			empty = json.Number("0")
		case bool:
			empty = false
		case []any:
			empty = []any{}
		case map[string]any:
			empty = map[string]any{}
		}
		if empty != nil {
			with(func(m map[string]any) { m[k] = empty })
		}
		if list, ok := x.([]any); ok && len(list) > 0 {
			with(func(m map[string]any) { m[k] = []any{nil} })
		}
	}
	return out
}
