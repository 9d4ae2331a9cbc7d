package endtoend

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gen/typescript"
)

// goldenCase is a catalog whose outputs are kept under
// testdata/golden/NAME/: the examples/ catalogs and the catalogs in
// testdata/golden/*/errors.yaml.
type goldenCase struct {
	name    string
	catalog string // path of the catalog
	dir     string // testdata/golden/NAME
}

// source is the catalog's path relative to an output directory, as the
// generated headers name it.
func (c goldenCase) source(outDir string) string {
	abs, _ := filepath.Abs(outDir)
	catAbs, _ := filepath.Abs(c.catalog)
	rel, _ := filepath.Rel(abs, catAbs)
	return filepath.ToSlash(rel)
}

func goldenCases(t *testing.T) []goldenCase {
	root := repoRoot(t)
	var cases []goldenCase
	examples, _ := filepath.Glob(filepath.Join(root, "examples", "*", "errors.yaml"))
	for _, p := range examples {
		name := filepath.Base(filepath.Dir(p))
		cases = append(cases, goldenCase{name, p, filepath.Join("testdata", "golden", name)})
	}
	own, _ := filepath.Glob(filepath.Join("testdata", "golden", "*", "errors.yaml"))
	for _, p := range own {
		name := filepath.Base(filepath.Dir(p))
		cases = append(cases, goldenCase{name, p, filepath.Dir(p)})
	}
	if len(cases) < 5 {
		t.Fatalf("want the examples and at least one own golden catalog, found %d", len(cases))
	}
	return cases
}

// TestGoldenGo regenerates the Go package of every golden catalog and
// compares it with testdata/golden/NAME/go, both ways.
func TestGoldenGo(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			want := filepath.Join(c.dir, "go")
			files, err := golang.Generate(gen.NewInput(m), golang.Options{Package: m.Outputs["go.package"], Source: c.source(want)})
			if err != nil {
				t.Fatal(err)
			}
			compareDir(t, want, files)
		})
	}
}

// compareDir holds generated files against a directory, both ways, or
// rewrites the directory with -update.
func compareDir(t *testing.T, dir string, files []gen.File) {
	t.Helper()
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			p := filepath.Join(dir, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	seen := map[string]bool{}
	for _, f := range files {
		seen[f.Path] = true
		have, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Errorf("%s: %v (run go test -update)", f.Path, err)
			continue
		}
		if !bytes.Equal(have, f.Data) {
			t.Errorf("%s/%s differs from the generated file (run go test -update):\n%s", dir, f.Path, firstDiff(have, f.Data))
		}
	}
	var extra []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		// generate's records of what it wrote (.errgen-HASH) are no
		// emitter's output: generate -check holds them
		if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), ".errgen-") {
			rel, _ := filepath.Rel(dir, p)
			if !seen[filepath.ToSlash(rel)] {
				extra = append(extra, rel)
			}
		}
		return nil
	})
	sort.Strings(extra)
	if len(extra) > 0 {
		t.Errorf("%s holds files the emitter no longer writes: %s", dir, strings.Join(extra, ", "))
	}
}

func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + strconv.Itoa(i+1) + ":\n- " + al[i] + "\n+ " + bl[i]
		}
	}
	return "lengths differ"
}

// TestGoldenTS regenerates the TypeScript package of every golden catalog
// and compares it with testdata/golden/NAME/ts.
func TestGoldenTS(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			want := filepath.Join(c.dir, "ts")
			files, err := typescript.Generate(gen.NewInput(m), typescript.Options{Source: c.source(want)})
			if err != nil {
				t.Fatal(err)
			}
			compareDir(t, want, files)
		})
	}
}
