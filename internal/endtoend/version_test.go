package endtoend

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
)

// TestVersionGuard: a generated package builds against the runtime of its
// version, and does not compile, at its errgenrt.EnforceVersion constants
// in errors.go, against a runtime that no longer supports its version or
// does not support it yet. The runtimes are copies of errgenrt with other
// version constants.
func TestVersionGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modules: skipped in -short mode")
	}
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(repoRoot(t), "catalog", "errors.yaml"))
	files, err := golang.Generate(gen.NewInput(m), golang.Options{Package: "guarded"})
	if err != nil {
		t.Fatal(err)
	}
	rtFiles, err := filepath.Glob(filepath.Join(repoRoot(t), "errgenrt", "*.go"))
	if err != nil || len(rtFiles) == 0 {
		t.Fatalf("errgenrt sources: %v", err)
	}
	gen := errgenrt.GenVersion
	for _, c := range []struct {
		name     string
		min, max int
		ok       bool
	}{
		{"same version", gen, gen, true},
		{"runtime dropped the version", gen + 1, gen + 1, false},
		{"runtime older than the package", gen - 1, gen - 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			// the runtime, as module github.com/errgen/errgen
			errgentest.WriteFile(t, dir, "rt/go.mod", "module github.com/errgen/errgen\n\ngo 1.24\n")
			for _, f := range rtFiles {
				if strings.HasSuffix(f, "_test.go") {
					continue
				}
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				src := string(data)
				if filepath.Base(f) == "version.go" {
					src = setConst(t, src, "MinVersion", c.min)
					src = setConst(t, src, "MaxVersion", c.max)
				}
				errgentest.WriteFile(t, dir, "rt/errgenrt/"+filepath.Base(f), src)
			}
			// the generated package, in a module that uses that runtime
			errgentest.WriteFile(t, dir, "app/go.mod", "module example.com/app\n\ngo 1.24\n\nrequire github.com/errgen/errgen v0.0.0\n\nreplace github.com/errgen/errgen => ../rt\n")
			for _, f := range files {
				errgentest.WriteFile(t, dir, "app/guarded/"+f.Path, string(f.Data))
			}
			cmd := exec.Command("go", "build", "./...")
			cmd.Dir = filepath.Join(dir, "app")
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
			out, err := cmd.CombinedOutput()
			if c.ok {
				if err != nil {
					t.Fatalf("the package does not build against its runtime: %v\n%s", err, out)
				}
				return
			}
			if err == nil {
				t.Fatalf("the package builds against a runtime of versions %d to %d; generated as %d", c.min, c.max, gen)
			}
			if !regexp.MustCompile(`guarded/errors\.go:\d+:\d+: .*EnforceVersion`).Match(out) {
				t.Errorf("the build does not fail at the version guard of errors.go:\n%s", out)
			}
		})
	}
}

// setConst rewrites the value of the constant name in src.
func setConst(t *testing.T, src, name string, v int) string {
	t.Helper()
	re := regexp.MustCompile(`(?m)^(\t` + name + ` += ).*$`)
	if !re.MatchString(src) {
		t.Fatalf("version.go has no constant %s", name)
	}
	return re.ReplaceAllString(src, "${1}"+strconv.Itoa(v))
}
