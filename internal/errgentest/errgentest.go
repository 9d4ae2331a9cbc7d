// Package errgentest holds helpers that errgen's own tests share: loading
// a catalog into a checked model, writing files into a test directory, and
// reading and updating the txtar archives of test cases.
package errgentest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/model"
	"golang.org/x/tools/txtar"
)

// Model loads the catalog at path in fsys and builds its model, failing t
// with every diagnostic when the catalog does not check.
func Model(t testing.TB, fsys catalog.FS, path string) *model.Catalog {
	t.Helper()
	m, diags := Check(t, fsys, path)
	if diags.HasErrors() {
		t.Fatalf("%s:\n%s", path, diags.Format(""))
	}
	return m
}

// Check loads the catalog at path in fsys and builds its model, returning
// every diagnostic of both (the model is not to be used when they hold an
// error); it fails t only when the catalog cannot be read.
func Check(t testing.TB, fsys catalog.FS, path string) (*model.Catalog, diag.List) {
	t.Helper()
	raw, diags, err := catalog.Parse(fsys, path)
	if err != nil {
		t.Fatal(err)
	}
	m, more := model.Build(raw)
	diags.Append(more)
	return m, diags
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

// ArchiveFile returns the data of the named file of a txtar archive and
// whether it is there.
func ArchiveFile(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// SetArchiveFile replaces the data of the named file of a txtar archive,
// or adds the file.
func SetArchiveFile(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}
