package endtoend

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// wirePayload is one payload the runtime rendered, for the JavaScript half
// of TestWireContract (test/schema/payloads.mjs).
type wirePayload struct {
	Name    string          `json:"name"`
	Def     string          `json:"def"`    // the schema's exact entry point
	Symbol  string          `json:"symbol"` // the symbol the payload carries
	Payload json.RawMessage `json:"payload"`
}

// TestWireContract renders, for the golden catalogs (the examples/ among
// them), the repository's own catalog, a synthetic and a hostile one, and
// testdata/wire/registry.yaml (constraints of every kind) and
// testdata/wire/errno.yaml (x-sanitize beside the keywords its rewrites
// keep), every error in every way the runtime can: each example in
// the default, verbose, unredacted and tight (16-byte strings) modes; its definition used bare
// (empty details, or the fallback); the examples with every string its
// schema takes at any length grown past max_data_bytes (a minimal
// payload) — all three wire formats and the JSON-RPC context. Every
// payload must validate against the catalog's schema with
// santhosh-tekuri/jsonschema here, and with Ajv (strict) and narrow to its
// symbol with the generated TypeScript parsers in payloads.mjs.
func TestWireContract(t *testing.T) {
	catalogs := map[string]*model.Catalog{
		"synthetic": errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(300)}, "errors.yaml"),
		"hostile":   errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml"),
		"registry":  errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "wire", "registry.yaml")),
		"own":       errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml")),
		"errno":     errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "wire", "errno.yaml")),
	}
	for _, c := range goldenCases(t) {
		catalogs[c.name] = errgentest.Model(t, catalog.OSFS{}, c.catalog)
	}
	root := t.TempDir()
	for name, m := range catalogs {
		dir := filepath.Join(root, name)
		var payloads []wirePayload
		t.Run(name, func(t *testing.T) {
			schemaFile, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{})
			if err != nil {
				t.Fatal(err)
			}
			vs := schCompile(t, schemaFile[0].Data)
			tsFiles, err := typescript.Generate(gen.NewInput(m), typescript.Options{})
			if err != nil {
				t.Fatal(err)
			}
			errgentest.WriteFile(t, dir, "schema.json", string(schemaFile[0].Data))
			for _, f := range tsFiles {
				errgentest.WriteFile(t, dir, filepath.Join("ts", f.Path), string(f.Data))
			}
			payloads = renderEverything(t, m)
			for _, p := range payloads {
				if err := vs[p.Def].Validate(schDecode(t, p.Payload)); err != nil {
					t.Errorf("%s against %s: %v\n%s", p.Name, p.Def, err, p.Payload)
				}
			}
			var lines []string
			for _, p := range payloads {
				b, _ := json.Marshal(p)
				lines = append(lines, string(b))
			}
			errgentest.WriteFile(t, dir, "payloads.jsonl", strings.Join(lines, "\n")+"\n")
			t.Logf("%d payloads", len(payloads))
		})
	}

	rootDir := repoRoot(t)
	if _, err := os.Stat(filepath.Join(rootDir, "node_modules", "ajv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Ajv is not installed (run npm ci): %v", err)
		}
		t.Skip("Ajv is not installed; make test installs it")
	}
	cmd := exec.Command("node", filepath.Join(rootDir, "test", "schema", "payloads.mjs"), root)
	cmd.Dir = rootDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("payloads.mjs: %v\n%s", err, out)
	}
}

// renderEverything renders every error of m in every way TestWireContract
// names.
func renderEverything(t *testing.T, m *model.Catalog) []wirePayload {
	t.Helper()
	rm := runtimemodel.Build(gen.NewInput(m))
	var out []wirePayload
	add := func(name string, e *errgenrt.Error, o errgenrt.Options) {
		rpc := e.AppendJSONRPC(nil, &o)
		var parsed struct {
			Data struct {
				Symbol  string          `json:"symbol"`
				Context json.RawMessage `json:"context"`
			} `json:"data"`
		}
		if err := json.Unmarshal(rpc, &parsed); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, rpc)
		}
		sym := parsed.Data.Symbol
		out = append(out,
			wirePayload{name + ", JSON-RPC", jsonschema.DefJSONRPCError, sym, rpc},
			wirePayload{name + ", context", jsonschema.DefErrorContext, sym, parsed.Data.Context},
			wirePayload{name + ", problem", jsonschema.DefProblemDetails, symbolOfDoc(t, e.AppendProblem(nil, &o), "symbol"), e.AppendProblem(nil, &o)},
			wirePayload{name + ", response", jsonschema.DefErrorResponse, symbolOfDoc(t, e.AppendResponse(nil, &o), "code"), e.AppendResponse(nil, &o)},
		)
	}
	modes := []struct {
		name string
		o    errgenrt.Options
	}{
		{"default", errgenrt.Options{}},
		{"verbose", errgenrt.Options{Verbose: true, ServerVersion: "1.2.3"}},
		{"unredacted", errgenrt.Options{ShowSensitive: true}},
		{"tight", errgenrt.Options{MaxStringBytes: 16}}, // the least a catalog may set
	}
	for i := range modes {
		modes[i].o.Now = func() time.Time { return time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC) }
		modes[i].o.Instance = func() string { return "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f" }
	}
	for _, e := range m.Errors {
		for _, mode := range modes {
			for i, ex := range e.Examples {
				add(e.Symbol+" example "+strconv.Itoa(i)+" "+mode.name, rm.New(e, ex.Value, errgenrt.WithCause(errString("cause"))), mode.o)
				add(e.Symbol+" example "+strconv.Itoa(i)+" oversized "+mode.name, rm.New(e, oversized(e, ex.Value, m.Limits.MaxDataBytes)), mode.o)
			}
			bare := rm.Runtime.From(rm.Def(e))
			if want := e.Symbol; e.EmptyDetailsValid != (bare.Symbol() == want) {
				t.Errorf("%s used bare renders as %s", e.Symbol, bare.Symbol())
			}
			add(e.Symbol+" bare "+mode.name, bare, mode.o)
		}
	}
	return out
}

func symbolOfDoc(t *testing.T, doc []byte, member string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	s, _ := m[member].(string)
	return s
}

// oversized returns an example with each top-level string its schema takes
// at any length grown to twice max_data_bytes.
func oversized(e *model.Error, example any, maxData int) any {
	obj, ok := example.(map[string]any)
	if !ok || e.Details == nil {
		return example
	}
	out := map[string]any{}
	for k, v := range obj {
		out[k] = v
	}
	for _, p := range e.Details.Schema.Resolved().Properties {
		if s, ok := out[p.Name].(string); ok && p.Schema.Resolved().Type == "string" && !model.Exact(p.Schema) {
			out[p.Name] = s + strings.Repeat("é", maxData)
		}
	}
	return out
}

// TestErrnoGenerates runs errgen check and generate on the errno registry
// of testdata/wire (PATH_MAX paths scrubbed by x-sanitize: path): no
// diagnostic, every output written, and generate -check then clean.
func TestErrnoGenerates(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "wire", "errno.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "errors.yaml", string(data))
	if stdout, stderr, exit := runCLI(t, dir, "check", "-catalog", "errors.yaml"); exit != 0 || stderr != "" {
		t.Fatalf("check: exit %d\n%s%s", exit, stdout, stderr)
	}
	if stdout, stderr, exit := runCLI(t, dir, "generate", "-catalog", "errors.yaml"); exit != 0 || stderr != "" {
		t.Fatalf("generate: exit %d\n%s%s", exit, stdout, stderr)
	}
	for _, f := range []string{"gen/go/errno_errors.go", "gen/ts/index.d.ts", "schema/error-context.schema.json", "docs/errors/nametoolong.md"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Errorf("generate wrote no %s: %v", f, err)
		}
	}
	if _, stderr, exit := runCLI(t, dir, "generate", "-check", "-catalog", "errors.yaml"); exit != 0 {
		t.Errorf("generate -check right after generate: exit %d\n%s", exit, stderr)
	}
}
