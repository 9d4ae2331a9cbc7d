package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// repoDir is the repository root, from this package's directory.
const repoDir = "../../.."

// strictCompiler returns a santhosh-tekuri/jsonschema compiler with every
// option on: draft 2020-12 by default, format, content and vocabulary
// assertions, and a loader that loads nothing (an emitted schema refers to
// nothing outside itself; the metaschemas are built in). The compiler
// validates each schema against its metaschema before it compiles it.
func strictCompiler() *sjs.Compiler {
	c := sjs.NewCompiler()
	c.DefaultDraft(sjs.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	c.AssertVocabs()
	c.UseLoader(noLoader{})
	return c
}

type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%s: an emitted schema refers to no other document", url)
}

// strictCatalogs are every catalog the repository has: its own, the
// examples, the golden catalogs of internal/endtoend, the hostile ones (the
// docs test's and gencatalog's), a synthetic one large enough for its rule
// lists to be cut into parts, and gencatalog's catalog of names and texts
// of many widths and shapes of every kind. (The edge catalog's schemas,
// plain and chunked, are kept in testdata/edge: TestSchemaEdgeCases
// compiles them with strictCompiler, test/schema/ajv.test.mjs with strict
// Ajv.)
func strictCatalogs(t *testing.T) map[string]*model.Catalog {
	t.Helper()
	out := map[string]*model.Catalog{
		"repo":         errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoDir, "catalog", "errors.yaml")),
		"hostile-docs": errgentest.Model(t, catalog.OSFS{}, filepath.Join("..", "markdown", "testdata", "hostile.yaml")),
		"hostile":      errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml"),
		"synthetic":    errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(150)}, "errors.yaml"),
		"widths":       errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Widths(1, 24)}, "errors.yaml"),
	}
	for prefix, pattern := range map[string]string{
		"example-": filepath.Join(repoDir, "examples", "*", "errors.yaml"),
		"golden-":  filepath.Join("..", "..", "endtoend", "testdata", "golden", "*", "errors.yaml"),
	} {
		paths, err := filepath.Glob(pattern)
		if err != nil || len(paths) == 0 {
			t.Fatalf("no catalog %s: %v", pattern, err)
		}
		for _, p := range paths {
			out[prefix+filepath.Base(filepath.Dir(p))] = errgentest.Model(t, catalog.OSFS{}, p)
		}
	}
	return out
}

// strictSchemas returns the schema of every strictCatalogs catalog, by
// name, and the same with its rule lists cut into parts of two (NAME,
// chunked): a part is compiled apart from the entry point it belongs to,
// so it sees nothing the entry declares.
func strictSchemas(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for name, m := range strictCatalogs(t) {
		out[name] = generate(t, m, Options{})
		out[name+".chunked"] = generate(t, m, Options{maxRules: 2})
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// compileAll compiles the root of a schema and every $defs entry with
// strictCompiler.
func compileAll(data []byte) (int, error) {
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	root, _ := doc.(map[string]any)
	id, _ := root["$id"].(string)
	defs, _ := root["$defs"].(map[string]any)
	if id == "" || len(defs) == 0 {
		return 0, fmt.Errorf("no $id or no $defs")
	}
	c := strictCompiler()
	if err := c.AddResource(id, doc); err != nil {
		return 0, err
	}
	locs := []string{id}
	for _, def := range sortedKeys(defs) {
		locs = append(locs, id+Ref(def))
	}
	for _, loc := range locs {
		if _, err := c.Compile(loc); err != nil {
			return 0, fmt.Errorf("compile %s: %v", loc, err)
		}
	}
	return len(locs), nil
}

// TestSchemaStrictCompile compiles the schema of every catalog, its root
// and every $defs entry, with santhosh-tekuri/jsonschema and every option
// on (strictCompiler), and checks that every required name of every schema
// object is declared by the properties beside it: what Ajv's strictRequired
// asks, without its dependence on where the object sits.
func TestSchemaStrictCompile(t *testing.T) {
	schemas := strictSchemas(t)
	for _, name := range sortedKeys(schemas) {
		data := schemas[name]
		if _, err := compileAll(data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		walk(doc, func(s map[string]any) {
			req, ok := s["required"].([]any)
			if !ok {
				return
			}
			props, _ := s["properties"].(map[string]any)
			for _, r := range req {
				if _, ok := props[r.(string)]; !ok {
					t.Errorf("%s: required %q without a properties entry beside it, in %s", name, r, compact(s))
				}
			}
		})
	}
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// TestSchemaAjvStrict writes the schema of every catalog (and its chunked
// form, see strictSchemas) and has test/schema/strict.mjs compile each with
// Ajv 2020, strict: true (every strict rule an error) and ajv-formats: its
// root and every $defs entry, with nothing logged.
// test/schema/ajv.test.mjs holds the committed schemas to the same, and
// validates every payload with them.
func TestSchemaAjvStrict(t *testing.T) {
	root, err := filepath.Abs(repoDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "ajv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Ajv is not installed (run npm ci): %v", err)
		}
		t.Skip("Ajv is not installed; make test installs it")
	}
	dir := t.TempDir()
	schemas := strictSchemas(t)
	for name, data := range schemas {
		if err := os.WriteFile(filepath.Join(dir, name+".schema.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("node", filepath.Join(root, "test", "schema", "strict.mjs"), dir)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("strict.mjs: %v\n%s", err, out)
	}
	if n := bytes.Count(out, []byte("compile under strict: true")); n != len(schemas) {
		t.Errorf("strict.mjs compiled %d schemas of %d:\n%s", n, len(schemas), out)
	}
}
