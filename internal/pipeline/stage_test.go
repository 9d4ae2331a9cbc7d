package pipeline

import (
	"bytes"
	"errors"
	"github.com/errgen/errgen/internal/errgentest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func statMode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode()
}

// TestCreateFileAndStage: CreateFile writes a new file and never replaces
// one; stage takes another name, errgen's too, when a file of its
// temporary name is in the way, and leaves that file alone.
func TestCreateFileAndStage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	if err := CreateFile(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := CreateFile(path, []byte("other")); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), path) {
		t.Errorf("CreateFile over an existing file: %v, want an error naming it that is fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("the existing file holds %q, want %q", got, "new")
	}
	if err := CreateFile(filepath.Join(dir, "missing", "b.md"), nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("CreateFile in a missing directory: %v, want fs.ErrNotExist", err)
	}
	// a file of several megabytes, as the TypeScript declarations of a
	// large catalog are, arrives whole, with the mode os.WriteFile gives
	big := bytes.Repeat([]byte("0123456789abcdef"), 5<<18+3)
	bigPath := filepath.Join(dir, "big.d.ts")
	if err := CreateFile(bigPath, big); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(bigPath); !bytes.Equal(got, big) {
		t.Errorf("CreateFile wrote %d bytes of %d, or others", len(got), len(big))
	}
	errgentest.WritePath(t, filepath.Join(dir, "by-os.md"), nil)
	if a, b := statMode(t, bigPath), statMode(t, filepath.Join(dir, "by-os.md")); a != b {
		t.Errorf("CreateFile made mode %v, os.WriteFile %v", a, b)
	}

	squatter := filepath.Join(dir, tmpName("a.md"))
	errgentest.WritePath(t, squatter, []byte("in the way"))
	name, err := stage(path, []byte("staged"))
	if err != nil {
		t.Fatal(err)
	}
	if name == squatter || filepath.Dir(name) != dir || !strings.HasPrefix(filepath.Base(name), tmpName("a.md")) || !isTmpName(filepath.Base(name)) {
		t.Errorf("stage wrote %s, want another temporary name beside %s", name, path)
	}
	if got, _ := os.ReadFile(name); string(got) != "staged" {
		t.Errorf("staged file holds %q", got)
	}
	if info, err := os.Stat(name); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("staged file: %v, %v; want mode 0644 like the file it replaces", info, err)
	}
	if got, _ := os.ReadFile(squatter); string(got) != "in the way" {
		t.Errorf("stage changed the file in its way: %q", got)
	}
}
