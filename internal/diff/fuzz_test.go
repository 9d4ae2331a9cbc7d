package diff

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/model"
	"golang.org/x/tools/txtar"
)

func buildFrom(data []byte) (Source, bool) {
	raw, diags, err := catalog.Parse(catalog.MapFS{"errors.yaml": data}, "errors.yaml")
	if err != nil || raw.Incomplete {
		return Source{}, false
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		return Source{}, false
	}
	return Source{Catalog: m, Raw: raw}, true
}

// FuzzDiff compares arbitrary pairs of catalogs: no panic, a catalog
// compared with itself has no change, every change has a position in the
// side it names, and the report is sorted.
func FuzzDiff(f *testing.F) {
	cases, _ := filepath.Glob("testdata/*.txtar")
	for _, c := range cases {
		data, err := os.ReadFile(c)
		if err != nil {
			f.Fatal(err)
		}
		ar := txtar.Parse(data)
		old, _ := errgentest.ArchiveFile(ar, "old.yaml")
		new, _ := errgentest.ArchiveFile(ar, "new.yaml")
		f.Add(old, new)
	}
	f.Fuzz(func(t *testing.T, oldData, newData []byte) {
		old, ok := buildFrom(oldData)
		if !ok {
			return
		}
		if same := CompareSources(old, old); len(same) != 0 {
			t.Fatalf("a catalog differs from itself: %+v", same[0])
		}
		new, ok := buildFrom(newData)
		if !ok {
			return
		}
		changes := CompareSources(old, new)
		for i, c := range changes {
			if c.Pos.File != "errors.yaml" || c.Pos.Line < 1 || c.Message == "" || c.Kind == "" {
				t.Fatalf("change without position, kind or message: %+v", c)
			}
			if i > 0 && changes[i-1].Severity > c.Severity {
				t.Fatalf("report not sorted by severity at %d", i)
			}
		}
	})
}
