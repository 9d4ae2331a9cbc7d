package pyrt_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/python"
)

var update = flag.Bool("update", false, "rewrite the fixture's generated package")

// TestFixture holds tests/fixture/fixture_errors, the package the
// runtime's tests import, to what the emitter writes for
// tests/fixture/errors.yaml, but its runtime (_rt), which the tests take
// from src; and tests/fixture/errors.openapi.json, the catalog's OpenAPI
// document the tests of openapi.py read, to errgen generate -openapi's
// (-update rewrites them).
func TestFixture(t *testing.T) {
	dir := filepath.Join("tests", "fixture")
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	files, err := python.Generate(gen.NewInput(m), python.Options{Source: "../errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	pkg := python.PackageName(m.Name)
	want := map[string][]byte{}
	for _, f := range files {
		if strings.HasPrefix(f.Path, pkg+"/") && !strings.HasPrefix(f.Path, pkg+"/_rt/") {
			want[f.Path] = f.Data
		}
	}
	oa, err := jsonschema.GenerateOpenAPI(gen.NewInput(m), jsonschema.Options{Source: "errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range oa {
		want[f.Path] = f.Data
	}
	root := filepath.Join(dir, pkg)
	if *update {
		if err := os.RemoveAll(root); err != nil {
			t.Fatal(err)
		}
		for p, data := range want {
			errgentest.WriteFile(t, dir, p, string(data))
		}
		return
	}
	var have []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.Contains(p, "__pycache__") {
			rel, _ := filepath.Rel(dir, p)
			have = append(have, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(have)
	for _, p := range have {
		if _, ok := want[p]; !ok {
			t.Errorf("%s is not generated any more: go test ./runtime/python -update", p)
		}
	}
	for p, data := range want {
		old, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil || !bytes.Equal(old, data) {
			t.Errorf("%s is stale: go test ./runtime/python -update", p)
		}
	}
}
