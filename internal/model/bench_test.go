package model_test

import (
	"fmt"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// BenchmarkCheck measures errgen check (load + build) on generated catalogs.
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		data := gencatalog.Generate(n)
		fsys := catalog.MapFS{"errors.yaml": data}
		b.Run(fmt.Sprintf("errors=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				raw, diags, err := catalog.Parse(fsys, "errors.yaml")
				if err != nil || diags.HasErrors() {
					b.Fatalf("parse: %v %v", err, diags)
				}
				m, diags := model.Build(raw)
				if diags.HasErrors() || len(m.Errors) != n {
					b.Fatalf("build: %d errors, %v", len(m.Errors), diags.Format(""))
				}
			}
		})
	}
}
