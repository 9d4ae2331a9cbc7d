package endtoend

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gen/rust"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// emitters are the emitters with their default options.
var emitters = []struct {
	name string
	run  func(m *model.Catalog) ([]gen.File, error)
}{
	{"go", func(m *model.Catalog) ([]gen.File, error) { return golang.Generate(gen.NewInput(m), golang.Options{}) }},
	{"ts", func(m *model.Catalog) ([]gen.File, error) {
		return typescript.Generate(gen.NewInput(m), typescript.Options{})
	}},
	{"schema", func(m *model.Catalog) ([]gen.File, error) {
		return jsonschema.Generate(gen.NewInput(m), jsonschema.Options{})
	}},
	{"docs", func(m *model.Catalog) ([]gen.File, error) {
		return markdown.Generate(gen.NewInput(m), markdown.Options{})
	}},
	{"rust", func(m *model.Catalog) ([]gen.File, error) { return rust.Generate(gen.NewInput(m), rust.Options{}) }},
}

// BenchmarkEmitters measures each emitter alone on generated catalogs of
// 1,000 and 10,000 errors (100 domains, 20 shapes); BenchmarkCheck in
// internal/model measures loading and checking.
func BenchmarkEmitters(b *testing.B) {
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

// BenchmarkGenerate measures errgen generate end to end, as the command runs
// it: load and check the catalog, run every emitter, write the outputs. The
// fresh case writes into a new directory each time; the unchanged case
// regenerates over its own outputs, which are compared and left alone.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		dir := b.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "errors.yaml"), gencatalog.Generate(n), 0o644); err != nil {
			b.Fatal(err)
		}
		args := func(out string) []string {
			return []string{"generate", "-catalog", "errors.yaml", "-go", out + "/go", "-ts", out + "/ts", "-schema", out + "/schema/s.json", "-docs", out + "/docs"}
		}
		b.Run(fmt.Sprintf("fresh/errors=%d", n), func(b *testing.B) {
			// Each run writes into a new directory; the old ones are removed
			// only at the end, since creating files right after deleting as
			// many makes some file systems (ext4) slow to pick inodes.
			for i := 0; i < b.N; i++ {
				if _, stderr, exit := runCLI(b, dir, args(fmt.Sprintf("fresh%d-%d", n, i))...); exit != 0 {
					b.Fatal(stderr)
				}
			}
		})
		b.Run(fmt.Sprintf("unchanged/errors=%d", n), func(b *testing.B) {
			if _, stderr, exit := runCLI(b, dir, args("same")...); exit != 0 {
				b.Fatal(stderr)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if stdout, stderr, exit := runCLI(b, dir, args("same")...); exit != 0 || !strings.Contains(stdout, " 0 files written") {
					b.Fatal(stdout, stderr)
				}
			}
		})
	}
}
