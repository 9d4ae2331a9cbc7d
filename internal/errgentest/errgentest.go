// Package errgentest holds helpers that errgen's own tests share: loading
// a catalog into a checked model, and writing files into a test directory.
package errgentest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/model"
)

// Model loads the catalog at path in fsys and builds its model, failing t
// with every diagnostic when the catalog does not check.
func Model(t testing.TB, fsys catalog.FS, path string) *model.Catalog {
	t.Helper()
	raw, diags, err := catalog.Parse(fsys, path)
	if err != nil {
		t.Fatal(err)
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		t.Fatalf("%s:\n%s", path, diags.Format(""))
	}
	return m
}

// WriteFile writes data to name (slash-separated) below dir, making the
// directories it needs.
func WriteFile(t testing.TB, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
