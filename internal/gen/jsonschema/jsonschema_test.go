package jsonschema

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite testdata/edge/error-context.schema.json")

// The edge catalog (testdata/edge/errors.yaml) reaches what the golden
// catalogs of internal/endtoend do not; its schema is kept beside it, and
// testdata/edge/cases.jsonl lists payloads with their verdict, which
// test/schema/ajv.test.mjs holds Ajv to as well.
const edgeDir = "testdata/edge"

func generate(t testing.TB, m *model.Catalog, opts Options) []byte {
	t.Helper()
	files, err := Generate(gen.NewInput(m), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("want one file, got %d", len(files))
	}
	return files[0].Data
}

func edgeSchema(t testing.TB) []byte {
	return generate(t, errgentest.Model(t, catalog.OSFS{}, filepath.Join(edgeDir, "errors.yaml")), Options{Source: "errors.yaml"})
}

// chunkedFile is the edge schema with its rule lists cut into parts of
// two, so that both validators meet the parts on a small schema.
const chunkedFile = "chunked.schema.json"

func chunkedSchema(t testing.TB) []byte {
	return generate(t, errgentest.Model(t, catalog.OSFS{}, filepath.Join(edgeDir, "errors.yaml")), Options{Source: "errors.yaml", maxRules: 2})
}

func TestSchemaEdgeGolden(t *testing.T) {
	for file, data := range map[string][]byte{DefaultFile: edgeSchema(t), chunkedFile: chunkedSchema(t)} {
		path := filepath.Join(edgeDir, file)
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(want, data) {
			t.Errorf("%s differs from the generated schema (run go test -update)", path)
		}
	}
}

type validators map[string]*sjs.Schema

func compile(t testing.TB, data []byte) validators {
	t.Helper()
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	id := doc.(map[string]any)["$id"].(string)
	c := strictCompiler()
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	vs := validators{}
	for _, def := range []string{"#", DefErrorContext, DefJSONRPCError, DefProblemDetails, DefErrorResponse,
		DefAnyErrorContext, DefAnyJSONRPCError, DefAnyProblemDetails, DefAnyErrorResponse, DefAnyEnvelope} {
		loc := id
		if def != "#" {
			loc += Ref(def)
		}
		sch, err := c.Compile(loc)
		if err != nil {
			t.Fatalf("compile %s: %v", loc, err)
		}
		vs[def] = sch
	}
	return vs
}

func TestSchemaEdgeCases(t *testing.T) {
	t.Run("default", func(t *testing.T) { testEdgeCases(t, edgeSchema(t)) })
	t.Run("chunked", func(t *testing.T) {
		data := chunkedSchema(t)
		if !bytes.Contains(data, []byte(`"JsonRpcError.rules.0"`)) || !bytes.Contains(data, []byte(`"$ref": "#/$defs/Any"`)) {
			t.Error("no rule parts")
		}
		testEdgeCases(t, data)
	})
}

func testEdgeCases(t *testing.T, schema []byte) {
	vs := compile(t, schema)
	f, err := os.Open(filepath.Join(edgeDir, "cases.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c struct {
			Name    string          `json:"name"`
			Def     string          `json:"def"`
			Valid   bool            `json:"valid"`
			Unknown bool            `json:"unknown"` // refused by the exact entry, accepted by its Any… twin
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(c.Payload))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{c.Def: c.Valid, Twin(c.Def): c.Valid || c.Unknown}
		if c.Def == DefErrorContext {
			want["#"] = c.Valid
		} else {
			want[DefAnyEnvelope] = c.Valid || c.Unknown
		}
		for def, valid := range want {
			err := vs[def].Validate(doc)
			if valid && err != nil {
				t.Errorf("%s: want valid against %s, got %v", c.Name, def, err)
			}
			if !valid && err == nil {
				t.Errorf("%s: want invalid against %s", c.Name, def)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d cases", n)
	}
}

// TestSchemaEdgeDefs checks the $defs keys: the fixed entry points, one per
// shape, the per-error variant, nothing else.
func TestSchemaEdgeDefs(t *testing.T) {
	var doc struct {
		Schema  string `json:"$schema"`
		ID      string `json:"$id"`
		Comment string `json:"$comment"`
		Ref     string `json:"$ref"`
		Defs    map[string]json.RawMessage
	}
	data := edgeSchema(t)
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var defs struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	_ = json.Unmarshal(data, &defs)
	if doc.Schema != Draft || doc.ID != "urn:errgen:edge:schema:error-context" || doc.Ref != "#/$defs/ErrorContext" {
		t.Errorf("header: %q %q %q", doc.Schema, doc.ID, doc.Ref)
	}
	if doc.Comment != "Code generated by errgen. DO NOT EDIT. Source: errors.yaml" {
		t.Errorf("$comment = %q", doc.Comment)
	}
	want := []string{"ErrorContext", "JsonRpcError", "ProblemDetails", "ErrorResponse",
		"AnyErrorContext", "AnyJsonRpcError", "AnyProblemDetails", "AnyErrorResponse", "AnyEnvelope", "DebugInfo", "EmptyDetails",
		"details.alias", "details.closed", "details.code-ish", "details.level",
		"details.inline.E_INLINE", "details.inline.E_LONG_ENUM", "details.field_errors",
		"details.code-ish.for.E_SHAPE", "details.alias.for.E_ALIAS"}
	if len(defs.Defs) != len(want) {
		t.Errorf("%d $defs, want %d", len(defs.Defs), len(want))
	}
	for _, k := range want {
		if defs.Defs[k] == nil {
			t.Errorf("no $defs entry %q", k)
		}
	}
	if !bytes.HasSuffix(data, []byte("}\n")) {
		t.Error("no trailing newline")
	}
	// errgen generate takes a file for generated (and overwrites it) when
	// one of its first three lines starts with the header
	if lines := strings.SplitN(string(data), "\n", 3); !strings.HasPrefix(strings.TrimSpace(lines[1]), `"$comment": "Code generated by errgen. DO NOT EDIT.`) {
		t.Errorf("second line %q is not the generated-file header", lines[1])
	}
}

// walk calls f on every schema object of a schema document, following
// only keywords whose values are schemas.
func walk(v any, f func(map[string]any)) {
	s, ok := v.(map[string]any)
	if !ok {
		return
	}
	f(s)
	for k, val := range s {
		switch {
		case subschemaKeyword(k):
			walk(val, f)
		case subschemaListKeyword(k):
			for _, it := range val.([]any) {
				walk(it, f)
			}
		case subschemaMapKeyword(k) || k == "$defs":
			for _, it := range val.(map[string]any) {
				walk(it, f)
			}
		}
	}
}

// goldenSchemas returns the edge schema and those kept for the end-to-end
// golden catalogs.
func goldenSchemas(t *testing.T) map[string][]byte {
	out := map[string][]byte{"edge": edgeSchema(t), "chunked": chunkedSchema(t)}
	paths, _ := filepath.Glob("../../endtoend/testdata/golden/*/schema/" + DefaultFile)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = data
	}
	return out
}

// TestSchemaOnlyStandardKeywords checks that no x- keyword and no format outside
// those ajv-formats knows reach a schema.
func TestSchemaOnlyStandardKeywords(t *testing.T) {
	for name, data := range goldenSchemas(t) {
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		walk(doc, func(s map[string]any) {
			for k, v := range s {
				if strings.HasPrefix(k, "x-") {
					t.Errorf("%s: keyword %s", name, k)
				}
				if k == "format" && !portableFormats[v.(string)] {
					t.Errorf("%s: format %s", name, v)
				}
			}
		})
	}
}

func TestSchemaRef(t *testing.T) {
	for def, want := range map[string]string{
		"ErrorContext":           "#/$defs/ErrorContext",
		"details.code-ish":       "#/$defs/details.code-ish",
		"a/b~c":                  "#/$defs/a~1b~0c",
		"with space%":            "#/$defs/with%20space%25",
		"details.inline.E_X":     "#/$defs/details.inline.E_X",
		"details.x.for.E_SYMBOL": "#/$defs/details.x.for.E_SYMBOL",
	} {
		if got := Ref(def); got != want {
			t.Errorf("Ref(%q) = %q, want %q", def, got, want)
		}
	}
}

func TestSchemaAppendString(t *testing.T) {
	in := "q\"b\\n\n\t\x01 <&> \u2028\u2029 😀 \xff"
	out := appendString(nil, in)
	var back string
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if want := strings.ToValidUTF8(in, "\uFFFD"); back != want {
		t.Errorf("round trip: %q, want %q", back, want)
	}
	if bytes.ContainsAny(out, "\u2028\u2029\n") {
		t.Errorf("raw line separators in %s", out)
	}
}

// TestSchemaLayout checks the layout: valid JSON, two-space indentation, and a
// line longer than lineWidth only where a single value does not fit.
func TestSchemaLayout(t *testing.T) {
	for name, data := range goldenSchemas(t) {
		if !json.Valid(data) {
			t.Fatalf("%s: invalid JSON", name)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, data); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			body := strings.TrimLeft(line, " ")
			if (len(line)-len(body))%2 != 0 {
				t.Errorf("%s:%d: odd indentation", name, i+1)
			}
			if len(line) <= lineWidth+1 {
				continue
			}
			// the value of a long line must be a scalar or open a block
			value := body
			if strings.HasPrefix(body, `"`) {
				if k := strings.Index(body, `": `); k > 0 {
					value = body[k+3:]
				}
			}
			value = strings.TrimSuffix(value, ",")
			if (strings.HasPrefix(value, "{") || strings.HasPrefix(value, "[")) && len(value) > 1 {
				t.Errorf("%s:%d: %d columns: %s", name, i+1, len(line), line)
			}
		}
	}
}

// TestSchemaMinimalCatalog covers a catalog with one error and no details.
func TestSchemaMinimalCatalog(t *testing.T) {
	fsys := catalog.MapFS{"errors.yaml": []byte(`errgen: 1
name: tiny
version: 1.0.0
fallback: E_ONLY
domains:
  core: {range: [1, 9]}
errors:
  E_ONLY:
    code: 1
    title: Only
    message: Only error
    doc: The only one.
`)}
	vs := compile(t, generate(t, errgentest.Model(t, fsys, "errors.yaml"), Options{}))
	for _, c := range []struct {
		def   string
		valid bool
		doc   string
	}{
		{"#", true, `{"schemaVersion": 1, "type": "only", "details": {}, "retryable": false}`},
		{"#", false, `{"schemaVersion": 1, "type": "only", "details": {"x": 1}, "retryable": false}`},
		{DefJSONRPCError, true, `{"code": 1, "message": "Only error", "data": {"domain": "core", "symbol": "E_ONLY"}}`},
		{DefJSONRPCError, false, `{"code": 2, "message": "Only error"}`},
		{DefProblemDetails, true, `{"type": "urn:errgen:tiny:only", "title": "Only", "status": 500}`},
		{DefProblemDetails, false, `{"type": "urn:errgen:tiny:only", "title": "Only", "status": 501}`},
		{DefErrorResponse, true, `{"error": true, "code": "E_ONLY", "message": "Only error"}`},
	} {
		doc, _ := sjs.UnmarshalJSON(strings.NewReader(c.doc))
		if err := vs[c.def].Validate(doc); (err == nil) != c.valid {
			t.Errorf("%s %s: valid=%v, err=%v", c.def, c.doc, c.valid, err)
		}
	}
}

// TestSchemaLargeCatalog generates the schema of a 10,000-error catalog
// (BenchmarkGenerate times it), checks that its size grows linearly with
// the catalog, and validates with the schema of a 1,000-error one (the
// compiler of santhosh-tekuri/jsonschema takes time quadratic in the
// number of subschemas: 10,000 errors take it half a minute).
func TestSchemaLargeCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("large catalog")
	}
	small := errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(1000)}, "errors.yaml")
	smallData := generate(t, small, Options{})
	large := errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(10000)}, "errors.yaml")
	start := time.Now()
	data := generate(t, large, Options{})
	t.Logf("10,000 errors: %d bytes in %v", len(data), time.Since(start))
	if ratio := float64(len(data)) / float64(len(smallData)); ratio > 11 {
		t.Errorf("10x the errors make a %.1fx larger schema", ratio)
	}
	if !bytes.Contains(data, []byte(`"JsonRpcError.rules.0"`)) {
		t.Error("the rules of JsonRpcError are not cut into parts")
	}
	vs := compile(t, smallData)
	e := small.Errors[len(small.Errors)-1]
	for _, c := range []struct {
		code  int64
		valid bool
	}{{e.WireCode, true}, {small.Errors[0].WireCode, false}} {
		doc, _ := sjs.UnmarshalJSON(strings.NewReader(fmt.Sprintf(
			`{"code": %d, "message": "m", "data": {"symbol": %q, "context": {"schemaVersion": 1, "type": %q, "details": {"resource": "r", "limit": 1, "actual": 2}, "retryable": false}}}`,
			c.code, e.Symbol, e.Type)))
		if err := vs[DefJSONRPCError].Validate(doc); (err == nil) != c.valid {
			t.Errorf("code %d: want valid=%v, got %v", c.code, c.valid, err)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		m := errgentest.Model(b, catalog.MapFS{"errors.yaml": gencatalog.Generate(n)}, "errors.yaml")
		b.Run(fmt.Sprintf("errors=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Generate(gen.NewInput(m), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
