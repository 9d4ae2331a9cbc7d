package rust

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// TestFactsRefused: the emitter writes a crate only from facts of the
// format its runtime reads, and only with retry classes the runtime has.
func TestFactsRefused(t *testing.T) {
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "errors.yaml", string(gencatalog.Widths(1, 3)))
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	in := gen.NewInput(m)
	if _, err := Generate(in, Options{}); err != nil {
		t.Fatalf("the facts as built: %v", err)
	}
	in.Facts.Format = factsFormat + 1
	if _, err := Generate(in, Options{}); err == nil || !strings.Contains(err.Error(), "reads format 2") {
		t.Errorf("facts of another format: got %v", err)
	}
	in = gen.NewInput(m)
	in.Facts.Errors[0].Retry = "after_moon"
	if _, err := Generate(in, Options{}); err == nil || !strings.Contains(err.Error(), `retry class "after_moon"`) {
		t.Errorf("an unknown retry class: got %v", err)
	}
}
