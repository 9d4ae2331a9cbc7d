package endtoend

import (
	"errors"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// TestFallbackValidates: any error that is not a catalog error becomes the
// fallback with empty details, and that payload, too, validates against the
// emitted schema in all three formats.
func TestFallbackValidates(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := buildCatalog(t, c.catalog)
			vs := schCompile(t, schFiles(t, c, m)[0].Data)
			rt := runtimemodel.Build(m).Runtime
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
