package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/model"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// The JSON Schema of every golden catalog is kept in
// testdata/golden/NAME/schema/ beside cases.jsonl: payloads with the verdict
// the schema must give them (mutated vectors). TestSchemaCases holds
// santhosh-tekuri/jsonschema to them and test/schema/ajv.test.mjs holds Ajv
// to the same file, so both validators agree on every case. The seed
// systems' own wire examples are seedCasesFile's (TestSchemaSeeds).

const schCasesFile = "cases.jsonl"

// schCase is one payload and the verdict the schema must give it. The
// payload is either given whole, or is a vector of vectors.jsonl with a
// JSON Patch (add / replace / remove) applied.
type schCase struct {
	Name  string `json:"name"`
	Def   string `json:"def"` // $defs entry; ErrorContext cases are also checked against the root
	Valid bool   `json:"valid"`
	// Unknown is set on a payload the exact entry refuses but its Any… twin
	// accepts: a well-formed payload of an error the catalog does not know.
	// (The twin accepts every valid payload too.)
	Unknown bool `json:"unknown,omitempty"`
	// Constraint is set where the verdict turns on a constraint of a
	// detail value (pattern, format, enum, bounds, nested values), which
	// the TypeScript guards leave to the schema.
	Constraint bool            `json:"constraint,omitempty"`
	Vector     *schVectorRef   `json:"vector,omitempty"`
	Patch      []schPatchOp    `json:"patch,omitempty"`
	Payload    json.RawMessage `json:"payload,omitempty"`
}

// schVectorRef names one payload of vectors.jsonl: Format is jsonrpc, problem,
// response, or context (jsonrpc's data.context).
type schVectorRef struct {
	Symbol  string `json:"symbol"`
	Example int    `json:"example"`
	Mode    string `json:"mode"`
	Format  string `json:"format"`
}

type schPatchOp struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
}

func schFiles(t *testing.T, c goldenCase, m *model.Catalog) []gen.File {
	t.Helper()
	dir := filepath.Join(c.dir, "schema")
	abs, _ := filepath.Abs(dir)
	catAbs, _ := filepath.Abs(c.catalog)
	rel, _ := filepath.Rel(abs, catAbs)
	files, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{Source: filepath.ToSlash(rel)})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != jsonschema.DefaultFile {
		t.Fatalf("want one file %s, got %d", jsonschema.DefaultFile, len(files))
	}
	return files
}

// TestSchemaGolden compares the emitted schema and the schema cases of
// every golden catalog with testdata/golden/NAME/schema (-update rewrites
// them).
func TestSchemaGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			files := schFiles(t, c, m)
			var cases bytes.Buffer
			for _, sc := range schBuildCases(t, c, m) {
				line, err := json.Marshal(sc)
				if err != nil {
					t.Fatal(err)
				}
				cases.Write(line)
				cases.WriteByte('\n')
			}
			files = append(files, gen.File{Path: schCasesFile, Data: cases.Bytes()})
			compareDir(t, filepath.Join(c.dir, "schema"), files)
		})
	}
}

// TestSchemaDeterministic generates every golden schema twice.
func TestSchemaDeterministic(t *testing.T) {
	for _, c := range goldenCases(t) {
		m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
		a, b := schFiles(t, c, m), schFiles(t, c, errgentest.Model(t, catalog.OSFS{}, c.catalog))
		if !bytes.Equal(a[0].Data, b[0].Data) {
			t.Errorf("%s: two runs differ", c.name)
		}
	}
}

// schValidators are the compiled entry points of one schema (schRootDef is
// the root), compiled by schCompile with santhosh-tekuri/jsonschema.
type schValidators map[string]*sjs.Schema

const schRootDef = "#"

// schCompile compiles the entry points of a schema, asserting formats as
// Ajv with ajv-formats does.
func schCompile(t *testing.T, data []byte) schValidators {
	t.Helper()
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := doc.(map[string]any)["$id"].(string)
	c := sjs.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	vs := schValidators{}
	for _, def := range []string{schRootDef, jsonschema.DefErrorContext, jsonschema.DefJSONRPCError, jsonschema.DefProblemDetails, jsonschema.DefErrorResponse,
		jsonschema.DefAnyErrorContext, jsonschema.DefAnyJSONRPCError, jsonschema.DefAnyProblemDetails, jsonschema.DefAnyErrorResponse, jsonschema.DefAnyEnvelope} {
		loc := id
		if def != schRootDef {
			loc += jsonschema.Ref(def)
		}
		sch, err := c.Compile(loc)
		if err != nil {
			t.Fatalf("compile %s: %v", loc, err)
		}
		vs[def] = sch
	}
	return vs
}

// decodeJSON decodes with json.Number numbers, as the validator wants them.
func schDecode(t *testing.T, raw []byte) any {
	t.Helper()
	v, err := sjs.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return v
}

func schReadVectors(t *testing.T, c goldenCase) []Vector {
	t.Helper()
	f, err := os.Open(filepath.Join(c.dir, "vectors.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Vector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v Vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSchemaVectors validates every vector of every golden catalog (every
// example, every mode, all three formats, and each JSON-RPC data.context
// against the root) with santhosh-tekuri/jsonschema.
func TestSchemaVectors(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			vs := schCompile(t, schFiles(t, c, m)[0].Data)
			vectors := schReadVectors(t, c)
			if len(vectors) == 0 {
				t.Fatal("no vectors")
			}
			modes := map[string]bool{}
			for _, v := range vectors {
				modes[v.Mode] = true
				rpc := schDecode(t, v.JSONRPC)
				ctx := rpc.(map[string]any)["data"].(map[string]any)["context"]
				for _, p := range []struct {
					def string
					doc any
				}{
					{jsonschema.DefJSONRPCError, rpc},
					{jsonschema.DefProblemDetails, schDecode(t, v.Problem)},
					{jsonschema.DefErrorResponse, schDecode(t, v.Response)},
					{schRootDef, ctx},
					{jsonschema.DefErrorContext, ctx},
				} {
					if err := vs[p.def].Validate(p.doc); err != nil {
						t.Errorf("%s example %d %s against %s: %v", v.Symbol, v.Example, v.Mode, p.def, err)
					}
				}
			}
			for _, mode := range vectorModes {
				if !modes[mode.name] {
					t.Errorf("no vector in mode %s", mode.name)
				}
			}
		})
	}
}

// TestSchemaCases holds the schema of every golden catalog to the verdict
// of each of its cases.
func TestSchemaCases(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			vs := schCompile(t, schFiles(t, c, m)[0].Data)
			vectors := schReadVectors(t, c)
			cases := schBuildCases(t, c, m)
			var valid, invalid int
			for _, sc := range cases {
				doc := schCasePayload(t, sc, vectors)
				defs := []string{sc.Def}
				if sc.Def == jsonschema.DefErrorContext {
					defs = append(defs, schRootDef)
				}
				for _, def := range defs {
					schVerdict(t, vs, sc.Name, def, doc, sc.Valid)
				}
				schVerdict(t, vs, sc.Name, jsonschema.Twin(sc.Def), doc, sc.Valid || sc.Unknown)
				if sc.Def != jsonschema.DefErrorContext {
					schVerdict(t, vs, sc.Name, jsonschema.DefAnyEnvelope, doc, sc.Valid || sc.Unknown)
				}
				if sc.Valid {
					valid++
				} else {
					invalid++
				}
			}
			if valid == 0 || invalid == 0 {
				t.Errorf("%d valid and %d invalid cases: want both", valid, invalid)
			}
		})
	}
}

func schVerdict(t *testing.T, vs schValidators, name, def string, doc any, valid bool) {
	t.Helper()
	err := vs[def].Validate(doc)
	if valid && err != nil {
		t.Errorf("%s: want valid against %s, got %v", name, def, err)
	}
	if !valid && err == nil {
		t.Errorf("%s: want invalid against %s, got valid", name, def)
	}
}

// casePayload returns the payload of a case: given whole, or a vector's
// with the patch applied.
func schCasePayload(t *testing.T, sc schCase, vectors []Vector) any {
	t.Helper()
	if sc.Vector == nil {
		return schDecode(t, sc.Payload)
	}
	r := sc.Vector
	for _, v := range vectors {
		if v.Symbol != r.Symbol || v.Example != r.Example || v.Mode != r.Mode {
			continue
		}
		var doc any
		switch r.Format {
		case "jsonrpc":
			doc = schDecode(t, v.JSONRPC)
		case "context":
			doc = schDecode(t, v.JSONRPC).(map[string]any)["data"].(map[string]any)["context"]
		case "problem":
			doc = schDecode(t, v.Problem)
		case "response":
			doc = schDecode(t, v.Response)
		default:
			t.Fatalf("%s: unknown format %q", sc.Name, r.Format)
		}
		doc, err := schApplyPatch(doc, sc.Patch, func(raw []byte) any { return schDecode(t, raw) })
		if err != nil {
			t.Fatalf("%s: %v", sc.Name, err)
		}
		return doc
	}
	t.Fatalf("%s: no vector %+v", sc.Name, *r)
	return nil
}

// applyPatch applies add / replace / remove operations whose paths lead
// through objects.
func schApplyPatch(doc any, ops []schPatchOp, decode func([]byte) any) (any, error) {
	for _, op := range ops {
		toks := strings.Split(op.Path, "/")[1:]
		for i, tok := range toks {
			toks[i] = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		}
		if len(toks) == 0 {
			if op.Op == "remove" {
				return nil, errors.New("cannot remove the whole document")
			}
			doc = decode(op.Value)
			continue
		}
		parent, ok := doc.(map[string]any)
		for _, tok := range toks[:len(toks)-1] {
			if !ok {
				break
			}
			parent, ok = parent[tok].(map[string]any)
		}
		if !ok {
			return nil, fmt.Errorf("%s: no object at the parent of the path", op.Path)
		}
		last := toks[len(toks)-1]
		switch op.Op {
		case "add", "replace":
			parent[last] = decode(op.Value)
		case "remove":
			delete(parent, last)
		default:
			return nil, fmt.Errorf("unknown op %q", op.Op)
		}
	}
	return doc, nil
}

// ---------------------------------------------------------------- cases

func schPtr(toks ...string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

func schRaw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func schSet(path string, v any) schPatchOp {
	return schPatchOp{Op: "add", Path: path, Value: schRaw(v)}
}
func schDel(path string) schPatchOp { return schPatchOp{Op: "remove", Path: path} }

// schCaseBuilder collects the cases of one catalog.
type schCaseBuilder struct {
	cases []schCase
}

func (b *schCaseBuilder) vector(name, def string, valid bool, e *model.Error, format string, ops ...schPatchOp) {
	b.cases = append(b.cases, schCase{Name: name, Def: def, Valid: valid,
		Vector: &schVectorRef{Symbol: e.Symbol, Example: 0, Mode: "default", Format: format}, Patch: ops})
}

// unknown adds a mutation of a vector into a well-formed payload of an
// error the catalog does not know.
func (b *schCaseBuilder) unknown(name, def string, e *model.Error, format string, ops ...schPatchOp) {
	b.cases = append(b.cases, schCase{Name: name, Def: def, Unknown: true,
		Vector: &schVectorRef{Symbol: e.Symbol, Example: 0, Mode: "default", Format: format}, Patch: ops})
}

// named adds a JSON-RPC error of e changed by ops that no symbol or
// context names: e's own where e is a protocol error (named by its code),
// else a well-formed error the catalog does not name.
func (b *schCaseBuilder) named(name string, protocol bool, e *model.Error, ops ...schPatchOp) {
	if protocol {
		b.vector(name+", a protocol error named by its code", jsonschema.DefJSONRPCError, true, e, "jsonrpc", ops...)
		return
	}
	b.unknown(name+", named by nothing", jsonschema.DefJSONRPCError, e, "jsonrpc", ops...)
}

// wrongValue returns a value of another JSON type than the schema's, or
// false when the schema takes any value.
func schWrongValue(s *model.Schema) (any, bool) {
	switch s.Resolved().Type {
	case "string":
		return 12345, true
	case "integer", "number":
		return "not a number", true
	case "boolean":
		return "not a boolean", true
	case "array":
		return "not an array", true
	case "object":
		return "not an object", true
	}
	return nil, false
}

// buildSchemaCases derives the cases of a catalog: for every error,
// mutations of its first default-mode vector that must be rejected (wrong
// detail type, missing required detail, wire code, domain, symbol and type
// of another error, a status it does not allow, …) or accepted (legacy
// shapes); once per catalog, unknown types, symbols, codes and type URIs;
// (the seed systems' own example payloads are seedCasesFile's).
func schBuildCases(t *testing.T, c goldenCase, m *model.Catalog) []schCase {
	t.Helper()
	b := &schCaseBuilder{}
	const (
		rpc     = jsonschema.DefJSONRPCError
		ctx     = jsonschema.DefErrorContext
		problem = jsonschema.DefProblemDetails
		resp    = jsonschema.DefErrorResponse
	)
	uriCount := map[string]int{}
	uriStatuses := map[string]map[int]bool{} // the statuses the errors of each type URI allow
	for _, e := range m.Errors {
		uriCount[e.ProblemType]++
		if uriStatuses[e.ProblemType] == nil {
			uriStatuses[e.ProblemType] = map[int]bool{}
		}
		for _, st := range e.Statuses {
			uriStatuses[e.ProblemType][st] = true
		}
	}
	protocol := map[*model.Error]bool{}
	for _, e := range m.ProtocolErrors() {
		protocol[e] = true
	}
	for _, e := range m.Errors {
		s := e.Symbol
		if len(e.Examples) == 0 && !e.EmptyDetailsValid {
			continue // its vectors are of the fallback it becomes: no payload of its own to break
		}
		// another error, alike in wire code and domain when there is one
		var other *model.Error
		for _, o := range m.Errors {
			if o != e && (other == nil || o.WireCode == e.WireCode && o.Domain == e.Domain && (other.WireCode != e.WireCode || other.Domain != e.Domain)) {
				other = o
			}
		}
		if other != nil {
			b.vector(s+": data.symbol of "+other.Symbol, rpc, false, e, "jsonrpc", schSet("/data/symbol", other.Symbol))
			b.vector(s+": context.type of "+other.Symbol, rpc, false, e, "jsonrpc", schSet("/data/context/type", other.Type))
			if other.ProblemType != e.ProblemType {
				b.vector(s+": problem symbol of "+other.Symbol, problem, false, e, "problem", schSet("/symbol", other.Symbol))
			}
		}
		// a wire code that is not the error's
		wrongCode := int64(0)
		for _, o := range m.Errors {
			if o.WireCode != e.WireCode {
				wrongCode = o.WireCode
				break
			}
		}
		b.vector(s+": wire code "+strconv.FormatInt(wrongCode, 10), rpc, false, e, "jsonrpc", schSet("/code", wrongCode))
		b.vector(s+": wire code "+strconv.FormatInt(wrongCode, 10)+", no symbol", rpc, false, e, "jsonrpc",
			schSet("/code", wrongCode), schDel("/data/symbol"))
		b.vector(s+": wire code "+strconv.FormatInt(wrongCode, 10)+", no context", rpc, false, e, "jsonrpc",
			schSet("/code", wrongCode), schDel("/data/context"))
		for _, d := range m.Domains {
			if d != e.Domain {
				b.vector(s+": domain "+d.Name, rpc, false, e, "jsonrpc", schSet("/data/domain", d.Name))
				break
			}
		}
		schAliasCases(b, m, e, other, wrongCode)
		// lenient shapes
		b.vector(s+": legacy data keys, no context", rpc, true, e, "jsonrpc",
			schSet("/data/policyHash", "abc123"), schDel("/data/context"))
		b.vector(s+": data without domain or retryable", rpc, true, e, "jsonrpc",
			schDel("/data/domain"), schDel("/data/retryable"))
		// a JSON-RPC error without data.symbol is named by its context's
		// type; without either, only a protocol error is named, by its
		// code: any other is one the catalog does not name
		b.vector(s+": data without symbol, named by its context type", rpc, true, e, "jsonrpc", schDel("/data/symbol"))
		b.named(s+": data with only legacy keys", protocol[e], e,
			schSet("/data", map[string]any{"method": "tools/call", "requestId": "req_1"}))
		b.named(s+": data with only a domain", protocol[e], e, schSet("/data", map[string]any{"domain": e.Domain.Name}))
		b.named(s+": no data", protocol[e], e, schDel("/data"))
		if protocol[e] && other != nil {
			b.vector(s+": no data, data.symbol of "+other.Symbol, rpc, false, e, "jsonrpc", schSet("/data", map[string]any{"symbol": other.Symbol}))
		}
		b.vector(s+": context with userMessage and suggestions", ctx, true, e, "context",
			schSet("/userMessage", "Try again."), schSet("/suggestions", []string{"Do this"}))
		b.vector(s+": problem with userMessage and suggestions", problem, true, e, "problem",
			schSet("/userMessage", "Try again."), schSet("/suggestions", []string{"Do this"}))
		b.vector(s+": problem userMessage that is no string", problem, false, e, "problem", schSet("/userMessage", 7))
		b.vector(s+": problem without symbol, retryable or timestamp", problem, true, e, "problem",
			schDel("/symbol"), schDel("/retryable"), schDel("/timestamp"))
		// statuses
		bad := 0
		for st := 400; st <= 599 && bad == 0; st++ {
			allowed := false
			for _, a := range e.Statuses {
				allowed = allowed || a == st
			}
			if !allowed {
				bad = st
			}
		}
		b.vector(s+": status "+strconv.Itoa(bad), problem, false, e, "problem", schSet("/status", bad))
		// without a symbol, a type URI and status no error of the catalog
		// has are those of an error it does not know
		if others := uriStatuses[e.ProblemType]; !others[bad] {
			b.unknown(s+": status "+strconv.Itoa(bad)+", no symbol", problem, e, "problem", schSet("/status", bad), schDel("/symbol"))
		} else {
			b.vector(s+": status "+strconv.Itoa(bad)+", no symbol", problem, false, e, "problem", schSet("/status", bad), schDel("/symbol"))
		}
		for _, st := range e.Statuses[1:] {
			b.vector(s+": allowed status "+strconv.Itoa(st), problem, true, e, "problem", schSet("/status", st))
		}
		// details
		if e.Details == nil {
			b.vector(s+": details where it has none", ctx, false, e, "context", schSet("/details/unexpected", 1))
			b.vector(s+": response details where it has none", resp, false, e, "response", schSet("/details", map[string]any{"unexpected": 1}))
			b.vector(s+": empty response details", resp, true, e, "response", schSet("/details", map[string]any{}))
			continue
		}
		b.vector(s+": response without details", resp, false, e, "response", schDel("/details"))
		root := e.Details.Schema.Resolved()
		schOpenCases(b, e, root)
		for _, p := range root.Properties {
			if p.Required && !p.Schema.Verbose && !p.Schema.Resolved().Verbose {
				b.vector(s+": missing required detail "+p.Name, ctx, false, e, "context", schDel(schPtr("details", p.Name)))
				b.vector(s+": missing required detail "+p.Name, rpc, false, e, "jsonrpc", schDel(schPtr("data", "context", "details", p.Name)))
				b.vector(s+": missing required detail "+p.Name, problem, false, e, "problem", schDel(schPtr(p.Name)))
				b.vector(s+": missing required detail "+p.Name, resp, false, e, "response", schDel(schPtr("details", p.Name)))
				break
			}
		}
		for _, p := range root.Properties {
			if v, ok := schWrongValue(p.Schema); ok {
				name := fmt.Sprintf("%s: detail %s of the wrong type", s, p.Name)
				b.vector(name, ctx, false, e, "context", schSet(schPtr("details", p.Name), v))
				b.vector(name, rpc, false, e, "jsonrpc", schSet(schPtr("data", "context", "details", p.Name), v))
				b.vector(name, problem, false, e, "problem", schSet(schPtr(p.Name), v))
				b.vector(name, resp, false, e, "response", schSet(schPtr("details", p.Name), v))
				break
			}
		}
		for _, p := range root.Properties {
			sensitive := false
			for _, n := range e.Sensitive {
				sensitive = sensitive || n == p.Name
			}
			if sensitive {
				name := fmt.Sprintf("%s: sensitive detail %s redacted", s, p.Name)
				b.vector(name, ctx, true, e, "context", schSet(schPtr("details", p.Name), jsonschema.Redacted))
				b.vector(name, problem, true, e, "problem", schSet(schPtr(p.Name), jsonschema.Redacted))
				b.vector(name, resp, true, e, "response", schSet(schPtr("details", p.Name), jsonschema.Redacted))
			}
		}
	}

	// once per catalog, on the first error
	e := m.Errors[0]
	b.unknown("unknown context type", ctx, e, "context", schSet("/type", "no_such_type"))
	b.vector("unknown context type in JSON-RPC", rpc, false, e, "jsonrpc", schSet("/data/context/type", "no_such_type"))
	b.unknown("unknown symbol", rpc, e, "jsonrpc", schSet("/data/symbol", "E_NO_SUCH_SYMBOL"))
	b.unknown("unknown symbol with its own context", rpc, e, "jsonrpc", schSet("/data/symbol", "E_NO_SUCH_SYMBOL"), schSet("/data/context/type", "no_such_type"))
	b.vector("unknown symbol that breaks the naming rule", rpc, false, e, "jsonrpc", schSet("/data/symbol", "e-no-such"))
	b.vector("unknown context type that breaks the naming rule", ctx, false, e, "context", schSet("/type", "No Such Type"))
	b.unknown("unknown symbol with a malformed context", rpc, e, "jsonrpc", schSet("/data/symbol", "E_NO_SUCH_SYMBOL"), schDel("/data/context/retryable"))
	b.unknown("unknown context type, no symbol", rpc, e, "jsonrpc", schDel("/data/symbol"), schSet("/data/context/type", "no_such_type"))
	b.vector("unknown domain", rpc, false, e, "jsonrpc", schSet("/data/domain", "no-such-domain"))
	b.vector("schemaVersion of another catalog version", ctx, false, e, "context", schSet("/schemaVersion", m.SchemaVersion+1))
	b.vector("context without details", ctx, false, e, "context", schDel("/details"))
	tooMany := make([]string, m.Limits.MaxSuggestions+1)
	for i := range tooMany {
		tooMany[i] = "suggestion " + strconv.Itoa(i+1)
	}
	b.vector("more suggestions than max_suggestions", ctx, false, e, "context", schSet("/suggestions", tooMany))
	b.vector("debugInfo", ctx, true, e, "context", schSet("/debugInfo", map[string]any{
		"errorChain": []string{"permission denied"}, "requestId": "req_1", "timestamp": "2026-11-21T10:00:00Z", "serverVersion": "1.2.3"}))
	b.vector("debugInfo without timestamp", ctx, false, e, "context", schSet("/debugInfo", map[string]any{"errorChain": []string{}}))
	b.vector("no message", rpc, false, e, "jsonrpc", schDel("/message"))
	b.vector("unknown problem type URI", problem, false, e, "problem", schSet("/type", "https://errors.invalid/no-such-type"))
	b.unknown("unknown problem type URI, no symbol", problem, e, "problem", schSet("/type", "https://errors.invalid/no-such-type"), schDel("/symbol"))
	b.unknown("unknown problem symbol", problem, e, "problem", schSet("/symbol", "E_NO_SUCH_SYMBOL"))
	b.vector("unknown problem symbol with a malformed timestamp", problem, false, e, "problem", schSet("/symbol", "E_NO_SUCH_SYMBOL"), schSet("/timestamp", "yesterday"))
	b.vector("problem with a caller extension", problem, true, e, "problem", schSet("/tool", "read_file"))
	b.vector("problem debugInfo", problem, true, e, "problem", schSet("/debugInfo", map[string]any{"errorChain": []string{}, "timestamp": "2026-11-21T10:00:00Z"}))
	b.vector("problem timestamp that is no date-time", problem, false, e, "problem", schSet("/timestamp", "yesterday"))
	b.vector("error: false", resp, false, e, "response", schSet("/error", false))
	b.vector("response without error", resp, false, e, "response", schDel("/error"))
	b.unknown("unknown response code", resp, e, "response", schSet("/code", "NO_SUCH_CODE"))
	b.vector("unknown response code that breaks the naming rule", resp, false, e, "response", schSet("/code", "no such code"))
	b.vector("response code that is a number", resp, false, e, "response", schSet("/code", e.Code))

	return b.cases
}

// schOpenValue returns a value an open object's other members may take,
// and one they may not (nil when they take any), or false when the
// schema of the other members is not a plain scalar.
func schOpenValue(a *model.Schema) (good, bad any, ok bool) {
	r := a.Resolved()
	if r == nil || len(r.Enum) > 0 || r.Pattern != "" || r.Format != "" || r.MinLength != nil || r.Minimum != "" || r.Verbose {
		return nil, nil, false
	}
	switch r.Type {
	case "":
		return "x", nil, true
	case "string":
		return "x", 12345, true
	case "integer", "number":
		return 7, "seven", true
	case "boolean":
		return true, "yes", true
	}
	return nil, nil, false
}

// schOpenCases adds the cases of open objects (properties beside
// additionalProperties): other members in the details and in their open
// fields, of the type the catalog gives them or of another.
func schOpenCases(b *schCaseBuilder, e *model.Error, root *model.Schema) {
	const (
		ctx     = jsonschema.DefErrorContext
		problem = jsonschema.DefProblemDetails
		resp    = jsonschema.DefErrorResponse
	)
	s := e.Symbol
	if good, bad, ok := schOpenValue(root.Additional); ok {
		b.vector(s+": another detail member", ctx, true, e, "context", schSet("/details/zz_other", good))
		b.vector(s+": another detail member", resp, true, e, "response", schSet("/details/zz_other", good))
		b.vector(s+": another detail member", problem, true, e, "problem", schSet("/zz_other", good))
		if bad != nil {
			b.vector(s+": another detail member of the wrong type", ctx, false, e, "context", schSet("/details/zz_other", bad))
			b.cases[len(b.cases)-1].Constraint = true
		}
	}
	for _, p := range root.Properties {
		ps := p.Schema.Resolved()
		good, bad, ok := schOpenValue(ps.Additional)
		if ps.Type != "object" || !ok {
			continue
		}
		required := false
		for _, q := range ps.Properties {
			required = required || q.Required
		}
		if required {
			continue
		}
		name := fmt.Sprintf("%s: another member of %s", s, p.Name)
		b.vector(name, ctx, true, e, "context", schSet(schPtr("details", p.Name), map[string]any{"zz_other": good}))
		b.vector(name, problem, true, e, "problem", schSet(schPtr(p.Name), map[string]any{"zz_other": good}))
		if bad != nil {
			name += " of the wrong type"
			for _, c := range []struct {
				def, format string
				path        []string
			}{{ctx, "context", []string{"details"}}, {problem, "problem", nil}, {resp, "response", []string{"details"}}} {
				b.vector(name, c.def, false, e, c.format, schSet(schPtr(append(c.path, p.Name)...), map[string]any{"zz_other": bad}))
				b.cases[len(b.cases)-1].Constraint = true
			}
		}
	}
}

// schAliasCases adds the cases of an error's aliases: each names the error
// wherever its symbol does (data.symbol, a problem's symbol, a response's
// code), tied to the same error's rules; and another error's alias names
// that error, not this one.
func schAliasCases(b *schCaseBuilder, m *model.Catalog, e, other *model.Error, wrongCode int64) {
	const (
		rpc     = jsonschema.DefJSONRPCError
		problem = jsonschema.DefProblemDetails
		resp    = jsonschema.DefErrorResponse
	)
	s := e.Symbol
	for _, a := range e.Aliases {
		b.vector(s+": data.symbol alias "+a.Symbol, rpc, true, e, "jsonrpc", schSet("/data/symbol", a.Symbol))
		b.vector(s+": problem symbol alias "+a.Symbol, problem, true, e, "problem", schSet("/symbol", a.Symbol))
		b.vector(s+": response code alias "+a.Symbol, resp, true, e, "response", schSet("/code", a.Symbol))
		b.vector(s+": alias "+a.Symbol+" with wire code "+strconv.FormatInt(wrongCode, 10), rpc, false, e, "jsonrpc",
			schSet("/data/symbol", a.Symbol), schSet("/code", wrongCode))
		for _, d := range m.Domains {
			if d != e.Domain {
				b.vector(s+": alias "+a.Symbol+" in domain "+d.Name, rpc, false, e, "jsonrpc", schSet("/data/symbol", a.Symbol), schSet("/data/domain", d.Name))
				break
			}
		}
		if other != nil {
			b.vector(s+": alias "+a.Symbol+" with context.type of "+other.Symbol, rpc, false, e, "jsonrpc",
				schSet("/data/symbol", a.Symbol), schSet("/data/context/type", other.Type))
			if other.ProblemType != e.ProblemType {
				b.vector(s+": alias "+a.Symbol+" with the problem type of "+other.Symbol, problem, false, e, "problem",
					schSet("/symbol", a.Symbol), schSet("/type", other.ProblemType))
			}
		}
		if e.Details != nil {
			b.vector(s+": response code alias "+a.Symbol+" without details", resp, false, e, "response", schSet("/code", a.Symbol), schDel("/details"))
		} else {
			b.vector(s+": response code alias "+a.Symbol+" with details", resp, false, e, "response",
				schSet("/code", a.Symbol), schSet("/details", map[string]any{"unexpected": 1}))
		}
	}
	for _, o := range m.Errors {
		if o == e || len(o.Aliases) == 0 {
			continue
		}
		a := o.Aliases[0].Symbol
		b.vector(s+": data.symbol "+a+", an alias of "+o.Symbol, rpc, false, e, "jsonrpc", schSet("/data/symbol", a))
		if o.ProblemType != e.ProblemType {
			b.vector(s+": problem symbol "+a+", an alias of "+o.Symbol, problem, false, e, "problem", schSet("/symbol", a))
		}
		if o.Details != e.Details {
			b.vector(s+": response code "+a+", an alias of "+o.Symbol, resp, false, e, "response", schSet("/code", a))
		}
		break
	}
}

// specCasesFile holds the example payloads of SPEC §2 with their verdict,
// for the repo's own catalog ("own": catalog/errors.yaml, whose problem_base
// differs from SPEC §1's example catalog) and examples/plain ("plain": the
// validation aggregation example). test/schema/ajv.test.mjs reads it too.
const specCasesFile = "test/schema/spec-cases.jsonl"

// specCatalogs are the catalogs of specCasesFile, by name.
var specCatalogs = map[string]string{"own": "catalog/errors.yaml", "plain": "examples/plain/errors.yaml"}

// TestSchemaSpecExamples holds the schemas of the repo's own catalog and of
// examples/plain to the example payloads of SPEC §2.
func TestSchemaSpecExamples(t *testing.T) {
	root := repoRoot(t)
	vs := map[string]schValidators{}
	for name, path := range specCatalogs {
		m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(root, path))
		files, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{})
		if err != nil {
			t.Fatal(err)
		}
		vs[name] = schCompile(t, files[0].Data)
	}
	f, err := os.Open(filepath.Join(root, specCasesFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var c struct {
			Name    string          `json:"name"`
			Catalog string          `json:"catalog"`
			Def     string          `json:"def"`
			Valid   bool            `json:"valid"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		v := vs[c.Catalog]
		if v == nil {
			t.Fatalf("%s: unknown catalog %q", c.Name, c.Catalog)
		}
		defs := []string{c.Def}
		if c.Def == jsonschema.DefErrorContext {
			defs = append(defs, schRootDef)
		}
		for _, def := range defs {
			err := v[def].Validate(schDecode(t, c.Payload))
			if c.Valid && err != nil {
				t.Errorf("%s: want valid against %s, got %v", c.Name, def, err)
			}
			if !c.Valid && err == nil {
				t.Errorf("%s: want invalid against %s, got valid", c.Name, def)
			}
		}
	}
	if err := sc.Err(); err != nil || n == 0 {
		t.Fatalf("%s: %d cases, %v", specCasesFile, n, err)
	}
}

// seedCasesFile holds the wire examples of the five design documents errgen
// was specified from (the mdmcp final design and analysis, the MCP error
// taxonomy, the Mouse MCP problem documents and the CompoundDocs
// responses), each for the examples/ catalog of its system with the
// verdict it must get: valid (an error of the catalog, its symbol given),
// unknown (a well-formed payload of an error the catalog does not name,
// which the Any… entry points accept) or invalid. test/schema/ajv.test.mjs
// holds Ajv and the TypeScript parsers to the same file.
const seedCasesFile = "test/schema/seed-cases.jsonl"

// seedCase is one line of seedCasesFile. Def ToolResult is an MCP tool
// result whose text content is a problem document.
type seedCase struct {
	Name    string `json:"name"`
	Seed    string `json:"seed"`
	Catalog string `json:"catalog"`
	Def     string `json:"def"`
	Verdict string `json:"verdict"`
	Symbol  string `json:"symbol"` // the error a valid payload is of
	// Constraint marks an invalid payload whose verdict turns on a detail
	// value's constraint, which the TypeScript parsers leave to the schema
	// (they give the error Symbol).
	Constraint bool            `json:"constraint"`
	Payload    json.RawMessage `json:"payload"`
}

func readSeedCases(t *testing.T) []seedCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), seedCasesFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []seedCase
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var c seedCase
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("%s: %v", seedCasesFile, err)
		}
		switch c.Verdict {
		case "valid", "unknown", "invalid":
		default:
			t.Fatalf("%s: verdict %q: want valid, unknown or invalid", c.Name, c.Verdict)
		}
		out = append(out, c)
	}
	return out
}

// TestSchemaSeeds holds the golden schemas of the examples/ catalogs to
// the seed systems' own payloads: the exact entry point accepts the valid
// ones only, its Any… twin and AnyEnvelope the unknown ones too.
func TestSchemaSeeds(t *testing.T) {
	schemas := map[string]schValidators{}
	for _, c := range goldenCases(t) {
		m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
		schemas[c.name] = schCompile(t, schFiles(t, c, m)[0].Data)
	}
	counts := map[string]int{}
	for _, c := range readSeedCases(t) {
		vs := schemas[c.Catalog]
		if vs == nil {
			t.Fatalf("%s: no golden catalog %q", c.Name, c.Catalog)
		}
		counts[c.Catalog+" "+c.Verdict]++
		doc := schDecode(t, c.Payload)
		def := c.Def
		if def == "ToolResult" {
			// the problem document the result carries as text
			var r struct{ Content []struct{ Text string } }
			if err := json.Unmarshal(c.Payload, &r); err != nil || len(r.Content) != 1 {
				t.Fatalf("%s: no text content: %v", c.Name, err)
			}
			doc = schDecode(t, []byte(r.Content[0].Text))
			def = jsonschema.DefProblemDetails
		}
		name := c.Seed + ": " + c.Name
		schVerdict(t, vs, name, def, doc, c.Verdict == "valid")
		schVerdict(t, vs, name, jsonschema.Twin(def), doc, c.Verdict != "invalid")
		if def == jsonschema.DefErrorContext {
			schVerdict(t, vs, name, schRootDef, doc, c.Verdict == "valid")
		} else {
			schVerdict(t, vs, name, jsonschema.DefAnyEnvelope, doc, c.Verdict != "invalid")
		}
	}
	for _, catalog := range []string{"mdmcp", "taxonomy", "problem", "plain"} {
		for _, verdict := range []string{"valid", "invalid"} {
			if counts[catalog+" "+verdict] == 0 {
				t.Errorf("no %s seed payload of %s", verdict, catalog)
			}
		}
	}
}
