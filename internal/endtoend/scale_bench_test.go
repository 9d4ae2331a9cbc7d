package endtoend

import (
	"fmt"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// BenchmarkEmitters measures each emitter alone on generated catalogs of
// 1,000 and 10,000 errors (100 domains, 20 shapes); BenchmarkCheck in
// internal/model measures loading and checking.
func BenchmarkEmitters(b *testing.B) {
	emitters := []struct {
		name string
		run  func(m *model.Catalog) ([]gen.File, error)
	}{
		{"go", func(m *model.Catalog) ([]gen.File, error) { return golang.Generate(m, golang.Options{}) }},
		{"ts", func(m *model.Catalog) ([]gen.File, error) { return typescript.Generate(m, typescript.Options{}) }},
		{"schema", func(m *model.Catalog) ([]gen.File, error) { return jsonschema.Generate(m, jsonschema.Options{}) }},
		{"docs", func(m *model.Catalog) ([]gen.File, error) { return markdown.Generate(m, markdown.Options{}) }},
	}
	for _, n := range []int{1000, 10000} {
		raw, diags, err := catalog.Parse(catalog.MapFS{"errors.yaml": gencatalog.Generate(n)}, "errors.yaml")
		if err != nil || diags.HasErrors() {
			b.Fatal(err, diags)
		}
		m, diags := model.Build(raw)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		for _, em := range emitters {
			b.Run(fmt.Sprintf("%s/errors=%d", em.name, n), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := em.run(m); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
