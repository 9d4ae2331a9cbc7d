package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// hashedBy runs errgen generate in dir and returns how many files the
// unchanged short-circuit read and hashed, and whether it answered.
func hashedBy(t *testing.T, dir string) (int64, bool) {
	t.Helper()
	before := hashedFiles.Load()
	_, stderr, code, answered := fromRecords(t, dir, "generate")
	if code != ExitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	return hashedFiles.Load() - before, answered
}

// TestUnchangedTrustsStamps: an unchanged run hashes only the files whose
// stamps it cannot trust, and a file changed in any way that keeps its
// size and modification time is still found changed and written again.
func TestUnchangedTrustsStamps(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("no change times here: every file is hashed")
	}
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 200 * time.Millisecond // the files' change times are this much older than a run soon enough
	dir := newModule(t)
	generate(t, dir)
	settle := func() { time.Sleep(racyMargin + 100*time.Millisecond) }

	// just written: too recent to trust, every file hashed, and their
	// stamps noted for the next run
	settle()
	if n, answered := hashedBy(t, dir); !answered || n == 0 {
		t.Fatalf("first unchanged run: answered %v, %d files hashed, want every file", answered, n)
	}
	if n, answered := hashedBy(t, dir); !answered || n != 0 {
		t.Fatalf("second unchanged run: answered %v, %d files hashed, want none", answered, n)
	}

	path := filepath.Join(dir, "gen", "go", "errors.go")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	same := func(data []byte) { // the same size and modification time, other bytes
		t.Helper()
		if err := os.Chtimes(path, info.ModTime(), info.ModTime()); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.Stat(path); got.Size() != info.Size() || !got.ModTime().Equal(info.ModTime()) {
			t.Fatalf("the edit changed the size or time: %v %v", got.Size(), got.ModTime())
		}
	}
	edited := bytes.Replace(want, []byte("package"), []byte("packagE"), 1)
	for _, tc := range []struct {
		name string
		edit func()
	}{
		{"written in place", func() {
			if err := os.WriteFile(path, edited, 0o644); err != nil {
				t.Fatal(err)
			}
			same(edited)
		}},
		{"renamed over", func() {
			tmp := path + ".new"
			if err := os.WriteFile(tmp, edited, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(tmp, info.ModTime(), info.ModTime()); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
			same(edited)
		}},
	} {
		settle()
		if n, _ := hashedBy(t, dir); n != 0 { // its stamps trusted again
			t.Fatalf("%s: %d files hashed before the edit, want none", tc.name, n)
		}
		tc.edit()
		if _, answered := hashedBy(t, dir); answered {
			t.Errorf("%s: the run answered from the records over an edited output", tc.name)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
			t.Errorf("%s: the edited output was not written again", tc.name)
		}
		settle()
		hashedBy(t, dir) // the rewritten file's stamp noted again
	}
}
