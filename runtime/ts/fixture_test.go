package ts_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen/typescript"
)

var update = flag.Bool("update", false, "rewrite the fixture's generated facts")

// fixtureFacts are the generated files of the fixture catalog that the
// runtime's unit tests (test/*.test.js) put beside the source.
var fixtureFacts = []string{"catalog.js", "constructors.js", "definitions.js", "index.d.ts"}

// TestFixture holds test/fixture's generated facts to what the emitter
// writes for test/fixture/errors.yaml (-update rewrites them).
func TestFixture(t *testing.T) {
	dir := filepath.Join("test", "fixture")
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	files, err := typescript.Generate(m, typescript.Options{Source: "errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range fixtureFacts {
		var data []byte
		for _, f := range files {
			if f.Path == name {
				data = f.Data
			}
		}
		if data == nil {
			t.Fatalf("the emitter writes no %s", name)
		}
		path := filepath.Join(dir, name)
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(old, data) {
			t.Errorf("%s is stale: go test ./runtime/ts -update", path)
		}
	}
}

// TestMetricsFixture: test/fixture/stats.json, the sys/errorStats result
// the runtime's metrics test (test/server.test.js) expects of the
// TypeScript runtime, is what errgenrt writes for the same counts: the
// fixture's errors rendered in that test, by code, domain and symbol.
func TestMetricsFixture(t *testing.T) {
	m := errgenrt.NewMetrics()
	for _, d := range []errgenrt.Def{
		{Code: 1001, Domain: "core", Symbol: "E_UNAVAILABLE"},
		{Code: 1001, Domain: "core", Symbol: "E_UNAVAILABLE"},
		{Code: -32700, Domain: "jsonrpc", Symbol: "E_PARSE"},
		{Code: -32700, Domain: "jsonrpc", Symbol: "E_PARSE"},
		{Code: 1000, Domain: "core", Symbol: "E_INTERNAL"},
		{Code: 2001, Domain: "files", Symbol: "E_FS_DENIED"},
	} {
		m.Record(&d)
	}
	want, err := os.ReadFile(filepath.Join("test", "fixture", "stats.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Snapshot().AppendJSON(nil); !bytes.Equal(got, want) {
		t.Errorf("errgenrt writes\n%s\nthe TypeScript test expects\n%s", got, want)
	}
}
