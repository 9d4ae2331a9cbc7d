package rust

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gencatalog"
)

// rustfmt returns the rustfmt command, or skips the test when it is not
// installed outside CI.
func rustfmt(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("rustfmt")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("rustfmt is not installed: %v", err)
		}
		t.Skip("rustfmt is not installed; make test needs it")
	}
	return path
}

// checkFormatted writes files into a directory and runs rustfmt --check
// on the crate's root and its example: the emitter must write what
// rustfmt writes.
func checkFormatted(t *testing.T, files []gen.File) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		errgentest.WriteFile(t, dir, f.Path, string(f.Data))
	}
	cmd := exec.Command(rustfmt(t), "--edition", "2021", "--check", "--color", "never", "src/lib.rs", "examples/conformance.rs")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		if len(out) > 6000 {
			out = append(out[:6000], "\n…"...)
		}
		t.Fatalf("rustfmt --check: %v\n%s", err, out)
	}
}

// TestRustfmtLayout generates the crate of a catalog whose names and texts
// take every length from 1 to 110 characters and checks that rustfmt
// leaves every file as it is.
func TestRustfmtLayout(t *testing.T) {
	rustfmt(t)
	for _, r := range [][2]int{{1, 40}, {41, 80}, {81, 110}} {
		t.Run(fmt.Sprintf("%d-%d", r[0], r[1]), func(t *testing.T) {
			dir := t.TempDir()
			errgentest.WriteFile(t, dir, "errors.yaml", string(gencatalog.Widths(r[0], r[1])))
			m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
			files, err := Generate(gen.NewInput(m), Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkFormatted(t, files)
		})
	}
}
