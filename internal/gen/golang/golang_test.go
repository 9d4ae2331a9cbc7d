package golang_test

import (
	"bytes"
	"go/format"
	"path"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// ordinary are the catalogs of the repository: the examples, the golden
// catalogs, the repo's own, and a synthetic one.
func ordinary(t *testing.T) map[string]*model.Catalog {
	out := map[string]*model.Catalog{
		"synthetic": errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(300)}, "errors.yaml"),
	}
	for _, p := range []string{
		"../../../examples/mdmcp/errors.yaml", "../../../examples/plain/errors.yaml",
		"../../../examples/problem/errors.yaml", "../../../examples/taxonomy/errors.yaml",
		"../../endtoend/testdata/golden/kinds/errors.yaml", "../../../catalog/errors.yaml",
	} {
		out[p] = errgentest.Model(t, catalog.OSFS{}, p)
	}
	return out
}

func generate(t *testing.T, name string, m *model.Catalog) []gen.File {
	t.Helper()
	files, err := golang.Generate(gen.NewInput(m), golang.Options{Source: "errors.yaml"})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return files
}

// TestNoByteEscapes: the Go of an ordinary catalog spells every string as
// text a reviewer reads, with no byte escape (\xNN) anywhere.
func TestNoByteEscapes(t *testing.T) {
	for name, m := range ordinary(t) {
		for _, f := range generate(t, name, m) {
			if i := bytes.Index(f.Data, []byte(`\x`)); i >= 0 {
				line := 1 + bytes.Count(f.Data[:i], []byte("\n"))
				t.Errorf("%s: %s:%d holds a byte escape", name, f.Path, line)
			}
		}
	}
}

// TestLayout: errors.go, a file per domain holding each of its errors'
// definition, and details.go exactly when the catalog names a shape.
func TestLayout(t *testing.T) {
	for name, m := range ordinary(t) {
		byPath := map[string]string{}
		for _, f := range generate(t, name, m) {
			byPath[f.Path] = string(f.Data)
		}
		named := false
		for _, s := range m.Shapes {
			named = named || !s.Inline && !s.Builtin && s.Schema.Ref == nil
		}
		want := 1 + len(m.Domains)
		if named {
			want++
		}
		if _, ok := byPath["details.go"]; ok != named || len(byPath) != want || byPath["errors.go"] == "" {
			t.Errorf("%s: files %d (details.go %t), want %d (%t)", name, len(byPath), ok, want, named)
		}
		for _, d := range m.Domains {
			src := byPath[golang.DomainFile(d)]
			for _, e := range d.Errors {
				if !strings.Contains(src, "\nvar Err"+e.GoName+" = &errgenrt.Def{\n") {
					t.Errorf("%s: %s does not define Err%s", name, golang.DomainFile(d), e.GoName)
				}
			}
		}
	}
}

// TestDomainFileNames: a domain whose name ends like a build constraint
// (_linux, _test, _amd64) still gets a file the go command builds.
func TestDomainFileNames(t *testing.T) {
	for _, name := range []string{"x_linux", "x_test", "x_amd64", "linux", "windows_arm64"} {
		file := golang.DomainFile(&model.Domain{Name: name})
		base := strings.TrimSuffix(path.Base(file), ".go")
		parts := strings.Split(base, "_")
		last := parts[len(parts)-1]
		if !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") || last != "errors" {
			t.Errorf("DomainFile(%q) = %q: the go command would read a constraint or a test into it", name, file)
		}
	}
}

// TestGofmtStable: formatting the generated Go again changes nothing, for
// ordinary catalogs and for doc comments that gofmt rewrites (headings,
// lists, code blocks, hostile text).
func TestGofmtStable(t *testing.T) {
	all := ordinary(t)
	all["hostile"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml")
	all["hostile docs"] = errgentest.Model(t, catalog.OSFS{}, "../markdown/testdata/hostile.yaml")
	all["lists"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(`errgen: 1
name: lists
version: 1.0.0
fallback: E_A
domains:
  d: {range: [1, 99]}
errors:
  E_A:
    code: 1
    title: A
    message: m
    doc: "A list:\n\n  - item\n      indented after the item\n\n# Heading\n\n    code"
`)}, "errors.yaml")
	for name, m := range all {
		for _, f := range generate(t, name, m) {
			again, err := format.Source(f.Data)
			if err != nil {
				t.Errorf("%s: %s: %v", name, f.Path, err)
			} else if !bytes.Equal(again, f.Data) {
				t.Errorf("%s: %s changes under gofmt", name, f.Path)
			}
		}
	}
}
