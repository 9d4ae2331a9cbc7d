package endtoend

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/model"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The OpenAPI document of each golden catalog, beside its other outputs.
const oaDir = "openapi"

func oaFiles(t *testing.T, c goldenCase, m *model.Catalog) []gen.File {
	t.Helper()
	files, err := jsonschema.GenerateOpenAPI(gen.NewInput(m), jsonschema.Options{Source: c.source(filepath.Join(c.dir, oaDir))})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != jsonschema.OpenAPIDefaultFile {
		t.Fatalf("want one file %s, got %d", jsonschema.OpenAPIDefaultFile, len(files))
	}
	return files
}

// TestOpenAPIGolden compares the OpenAPI document of every golden catalog
// with the committed one, and generates it twice alike.
func TestOpenAPIGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			files := oaFiles(t, c, m)
			again := oaFiles(t, c, errgentest.Model(t, catalog.OSFS{}, c.catalog))
			if !bytes.Equal(files[0].Data, again[0].Data) {
				t.Errorf("two runs differ")
			}
			compareDir(t, filepath.Join(c.dir, oaDir), files)
		})
	}
}

// oaRouted loads an OpenAPI document with kin-openapi, validates it, and
// adds a path per error (GET /errors/SYMBOL) answering with the error's
// response, and one per HTTP status (GET /status/NNN) answering with the
// status's: the router the response validator needs.
func oaRouted(t *testing.T, data []byte) (*openapi3.T, routers.Router) {
	t.Helper()
	ctx := context.Background()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		t.Fatalf("kin-openapi cannot load the document: %v", err)
	}
	if err := doc.Validate(ctx); err != nil {
		t.Fatalf("kin-openapi: the document is not valid: %v", err)
	}
	doc.Servers = openapi3.Servers{{URL: "http://127.0.0.1"}}
	for name := range doc.Components.Responses {
		op := &openapi3.Operation{OperationID: "get" + name, Responses: openapi3.NewResponses()}
		op.Responses.Set("default", &openapi3.ResponseRef{Ref: "#/components/responses/" + name})
		doc.AddOperation("/errors/"+name, http.MethodGet, op)
	}
	if err := loader.ResolveRefsIn(doc, nil); err != nil {
		t.Fatal(err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	return doc, router
}

// oaValidate validates a response body sent for the response named name.
func oaValidate(t *testing.T, router routers.Router, name string, status int, body []byte) error {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/errors/"+name, nil)
	route, params, err := router.FindRoute(req)
	if err != nil {
		t.Fatal(err)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 status,
		Header:                 http.Header{"Content-Type": {"application/problem+json"}},
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// oaVector is a line of a golden catalog's vectors.jsonl: one problem
// document the Go runtime rendered.
type oaVector struct {
	Symbol  string          `json:"symbol"`
	Mode    string          `json:"mode"`
	Problem json.RawMessage `json:"problem"`
}

func oaVectors(t *testing.T, dir string) []oaVector {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "vectors.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []oaVector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v oaVector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if len(v.Problem) > 0 {
			out = append(out, v)
		}
	}
	return out
}

// TestOpenAPIKin loads every golden catalog's OpenAPI document with
// kin-openapi and validates it; every problem document the Go runtime
// rendered for the catalog's vectors (every example, every mode) passes
// kin-openapi's response validator as a response of its error, of its
// status and as ProblemDetails, and fails as another error's.
func TestOpenAPIKin(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(c.dir, oaDir, jsonschema.OpenAPIDefaultFile))
			if err != nil {
				t.Fatal(err)
			}
			doc, router := oaRouted(t, data)
			vectors := oaVectors(t, c.dir)
			if len(vectors) == 0 {
				t.Fatal("no problem vectors")
			}
			checked := 0
			for _, v := range vectors {
				var p struct {
					Symbol string `json:"symbol"`
					Status int    `json:"status"`
				}
				if err := json.Unmarshal(v.Problem, &p); err != nil {
					t.Fatal(err)
				}
				for _, name := range []string{p.Symbol, jsonschema.StatusResponse(p.Status), "ProblemDetails"} {
					if doc.Components.Responses[name] == nil {
						t.Fatalf("no response %s", name)
					}
					if err := oaValidate(t, router, name, p.Status, v.Problem); err != nil {
						t.Errorf("%s (%s) as %s: %v\n%s", v.Symbol, v.Mode, name, err, v.Problem)
					}
					checked++
				}
				// with another type URI, or a status its error does not
				// allow, it fails
				for _, bad := range []map[string]any{{"type": "urn:example:other"}, {"status": 599}} {
					var doc map[string]any
					_ = json.Unmarshal(v.Problem, &doc)
					for k, val := range bad {
						doc[k] = val
					}
					body, _ := json.Marshal(doc)
					if oaValidate(t, router, p.Symbol, p.Status, body) == nil {
						t.Errorf("%s (%s) with %v passes as %s", v.Symbol, v.Mode, bad, p.Symbol)
					}
				}
				// as another error's response, the document fails
				for other := range doc.Components.Schemas {
					if other != p.Symbol && strings.HasPrefix(other, "E_") && doc.Components.Responses[other] != nil {
						if oaValidate(t, router, other, p.Status, v.Problem) == nil {
							t.Errorf("%s (%s) passes as %s", v.Symbol, v.Mode, other)
						}
						break
					}
				}
			}
			t.Logf("%d problem documents validated, %s", checked, strconv.Itoa(len(vectors))+" vectors")
		})
	}
}

// oaEvolutionBase is the catalog TestOpenAPIEvolution edits.
const oaEvolutionBase = `errgen: 1
name: shop
version: 1.0.0
problem_base: https://errors.shop.example/
fallback: E_INTERNAL
domains:
  core: {range: [1000, 1999]}
errors:
  E_INTERNAL: {code: 1000, title: Internal error, message: Internal error, doc: x}
  E_NOT_FOUND:
    code: 1001
    title: Not found
    message: "No {item}"
    status: 404
    details:
      type: object
      required: [item]
      properties:
        item: {type: string}
    examples: [{item: cart}]
    doc: x
  E_GONE: {code: 1002, title: Gone, message: Gone, status: 404, doc: x}
  E_BUSY:
    code: 1003
    title: Busy
    message: Busy
    status: 503
    retry: {class: after_delay, delay: 5s}
    doc: x
`

// oaComponents generates the OpenAPI document of a catalog and returns
// each component's JSON by "schemas/NAME", "responses/NAME" and
// "headers/NAME".
func oaComponents(t *testing.T, yaml string) map[string]string {
	t.Helper()
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(yaml)}, "errors.yaml")
	files, err := jsonschema.GenerateOpenAPI(gen.NewInput(m), jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components map[string]map[string]json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(files[0].Data, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for kind, comps := range doc.Components {
		for name, raw := range comps {
			out[kind+"/"+name] = string(raw)
		}
	}
	return out
}

// TestOpenAPIEvolution: the OpenAPI document of a changed catalog differs
// from the first exactly in the components of what changed, as errgen diff
// reports the change: an error's own schema and response, and the
// responses and unions that list it.
func TestOpenAPIEvolution(t *testing.T) {
	base := oaComponents(t, oaEvolutionBase)
	for _, c := range []struct {
		name, old, new string
		want           []string
	}{
		{"title", "title: Gone,", "title: Gone for good,",
			[]string{"schemas/E_GONE", "responses/E_GONE"}},
		{"detail field", "item: {type: string}", "item: {type: string, maxLength: 64}",
			[]string{"schemas/details.inline.E_NOT_FOUND", "schemas/E_NOT_FOUND"}},
		{"status", "message: Gone, status: 404", "message: Gone, status: 410",
			[]string{"schemas/E_GONE", "responses/E_GONE", "responses/Problem404", "responses/Problem410"}},
		{"retry delay", "delay: 5s", "delay: 10s",
			[]string{"responses/E_BUSY"}},
		{"new error", "  E_BUSY:", "  E_LOCKED: {code: 1004, title: Locked, message: Locked, status: 409, doc: x}\n  E_BUSY:",
			[]string{"schemas/E_LOCKED", "responses/E_LOCKED", "responses/Problem409", "schemas/ProblemDetails", "schemas/ErrorResponse"}},
		{"doc only", "E_INTERNAL: {code: 1000, title: Internal error, message: Internal error, doc: x}", "E_INTERNAL: {code: 1000, title: Internal error, message: Internal error, doc: A longer text.}",
			nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(oaEvolutionBase, c.old) {
				t.Fatalf("the base catalog lacks %q", c.old)
			}
			next := oaComponents(t, strings.Replace(oaEvolutionBase, c.old, c.new, 1))
			var changed []string
			for k, v := range next {
				if base[k] != v {
					changed = append(changed, k)
				}
			}
			for k := range base {
				if _, ok := next[k]; !ok {
					changed = append(changed, k)
				}
			}
			slices.Sort(changed)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(changed, want) {
				t.Errorf("changed components %v, want %v", changed, want)
			}
		})
	}
}
