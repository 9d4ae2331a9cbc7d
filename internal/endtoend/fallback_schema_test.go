package endtoend

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// TestFallbackValidates: any error that is not a catalog error becomes the
// fallback with empty details, and that payload, too, validates against the
// emitted schema in all three formats.
func TestFallbackValidates(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			vs := schCompile(t, schFiles(t, c, m)[0].Data)
			rt := runtimemodel.Build(gen.NewInput(m)).Runtime
			err := rt.From(errors.New("open /home/alice/secret: permission denied"))
			if err.Def != rt.Fallback {
				t.Fatalf("a non-catalog error became %s", err.Symbol())
			}
			for _, o := range []errgenrt.Options{errgenrt.DefaultOptions(), {Verbose: true}} {
				for def, raw := range map[string][]byte{
					jsonschema.DefJSONRPCError:   err.AppendJSONRPC(nil, &o),
					jsonschema.DefProblemDetails: err.AppendProblem(nil, &o),
					jsonschema.DefErrorResponse:  err.AppendResponse(nil, &o),
				} {
					if verr := vs[def].Validate(schDecode(t, raw)); verr != nil {
						t.Errorf("fallback %s (verbose %v) against %s: %v\n%s", err.Symbol(), o.Verbose, def, verr, raw)
					}
				}
			}
		})
	}
}

// TestZeroDetails holds model.ZeroDetails, which check validates against
// the fallback's schema, to what the generated code and the interpreter
// render for an error made without details, for every error of every
// golden catalog.
func TestZeroDetails(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			compiled := runtimeCatalogs[c.name]
			rm := runtimemodel.Build(gen.NewInput(m))
			o := errgenrt.DefaultOptions()
			o.ShowSensitive = true // sensitive fields show their value, not "<redacted>"
			checked := 0
			for _, e := range m.Errors {
				if e.Details == nil || !e.EmptyDetailsValid {
					continue // empty details that break the schema are written otherwise (replacements)
				}
				want, err := json.Marshal(model.ZeroDetails(e.Details))
				if err != nil {
					t.Fatal(err)
				}
				for name, def := range map[string]*errgenrt.Def{"generated": compiled.BySymbol(e.Symbol), "interpreted": rm.Def(e)} {
					if def == nil || def.NewDetails == nil {
						t.Fatalf("%s: %s has no empty details", name, e.Symbol)
					}
					var resp struct{ Details json.RawMessage }
					if err := json.Unmarshal(errgenrt.New(def, def.NewDetails()).AppendResponse(nil, &o), &resp); err != nil {
						t.Fatal(err)
					}
					if got := compactJSON(t, resp.Details); got != compactJSON(t, want) {
						t.Errorf("%s %s: empty details render as %s, model.ZeroDetails says %s", name, e.Symbol, got, want)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Skip("no error with details")
			}
		})
	}
}

// compactJSON re-encodes JSON with sorted keys, for comparison.
func compactJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	out, _ := json.Marshal(v)
	return string(out)
}
