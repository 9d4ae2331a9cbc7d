package endtoend

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
	"golang.org/x/tools/txtar"
)

// FuzzCheck feeds arbitrary bytes to the loader and checker as a main
// catalog and one included file. Whatever the input: no panic, no hang,
// every diagnostic has a position in a real file, and a catalog that check
// accepts is accepted by schema/catalog.schema.json, has a complete model,
// and generates: every emitter succeeds, the Go package type-checks, the
// JSON Schema is JSON.
func FuzzCheck(f *testing.F) {
	cases, _ := filepath.Glob("testdata/check/*.txtar")
	for _, c := range cases {
		data, err := os.ReadFile(c)
		if err != nil {
			f.Fatal(err)
		}
		ar := txtar.Parse(data)
		main, _ := errgentest.ArchiveFile(ar, "errors.yaml")
		var inc []byte
		for _, file := range ar.Files {
			if file.Name != "errors.yaml" && strings.HasSuffix(file.Name, ".yaml") {
				inc = file.Data
				break
			}
		}
		f.Add(main, inc)
	}
	root := repoRoot(f)
	for _, p := range []string{"catalog/errors.yaml", "internal/cli/starter/errors.yaml"} {
		data, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, []byte(nil))
	}
	f.Add([]byte("errgen: 1\nname: x\nversion: 1.0.0\nfallback: E_A\ninclude: inc.yaml\ndomains: {d: {range: [1, 9]}}\nerrors: {}\n"),
		[]byte("errors:\n  E_A: {code: 1, title: A, message: a {x}, details: {type: object, properties: {x: {type: string}}}}\n"))
	schema := catalogSchema(f)
	f.Fuzz(func(t *testing.T, main, inc []byte) {
		fsys := catalog.MapFS{"errors.yaml": main, "inc.yaml": inc}
		raw, diags, err := catalog.Parse(fsys, "errors.yaml")
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		diags.Append(outputs.Check(raw)) // what check adds of the outputs mapping
		m, more := model.Build(raw)
		diags.Append(more)
		for _, d := range diags {
			if (d.Pos.File != "errors.yaml" && d.Pos.File != "inc.yaml") || d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Fatalf("diagnostic without a position in a catalog file: %s", d.Format(""))
			}
		}
		if diags.HasErrors() {
			return
		}
		if m.Fallback == nil || len(m.Errors) == 0 {
			t.Fatalf("accepted catalog without fallback or errors")
		}
		for _, e := range m.Errors {
			if e.Domain == nil || e.Message == nil || e.GoName == "" || e.TSName == "" || len(e.Statuses) == 0 {
				t.Fatalf("accepted catalog with an incomplete error %s", e.Symbol)
			}
		}
		// every error renders, with empty details and with its examples,
		// and so does a non-catalog error (as the fallback)
		rm := runtimemodel.Build(gen.NewInput(m))
		o := errgenrt.DefaultOptions()
		render := func(err *errgenrt.Error) {
			for _, raw := range [][]byte{err.AppendJSONRPC(nil, &o), err.AppendProblem(nil, &o), err.AppendResponse(nil, &o)} {
				if !json.Valid(raw) {
					t.Fatalf("%s renders invalid JSON: %s", err.Symbol(), raw)
				}
			}
		}
		for _, e := range m.Errors {
			d := rm.Def(e)
			var zero errgenrt.Details
			if d.NewDetails != nil {
				zero = d.NewDetails()
			}
			render(errgenrt.New(d, zero))
			for _, ex := range e.Examples {
				render(rm.New(e, ex.Value))
			}
		}
		render(rm.Runtime.From(errors.New("boom")))
		generates(t, m)
		for _, name := range raw.Files {
			v, d := catalog.ParseDocument(name, fsys[name])
			if d.HasErrors() {
				t.Fatalf("check accepts %s but it does not parse alone: %s", name, d.Format(""))
			}
			sch := schema.include
			if name == "errors.yaml" {
				sch = schema.main
			}
			if err := sch.Validate(v.JSON()); err != nil {
				t.Fatalf("check accepts %s but the catalog schema rejects it: %v", name, err)
			}
		}
	})
}

// generates runs every emitter on m, as errgen generate does, and fails
// when one refuses the catalog or writes what its reader cannot read: Go
// that does not type-check (a name declared twice, a keyword, a string
// that breaks out of its literal) or a schema that is not JSON.
func generates(t *testing.T, m *model.Catalog) {
	for _, em := range emitters {
		files, err := em.run(m)
		if err != nil {
			t.Fatalf("check accepts the catalog but the %s emitter fails: %v", em.name, err)
		}
		fset := token.NewFileSet()
		var goFiles []*ast.File
		for _, f := range files {
			switch {
			case strings.HasSuffix(f.Path, ".go"):
				file, err := parser.ParseFile(fset, f.Path, f.Data, parser.SkipObjectResolution)
				if err != nil {
					t.Fatalf("generated Go does not parse: %v", err)
				}
				goFiles = append(goFiles, file)
			case strings.HasSuffix(f.Path, ".json"):
				if !json.Valid(f.Data) {
					t.Fatalf("generated %s is not JSON", f.Path)
				}
			}
		}
		if len(goFiles) > 0 {
			conf := types.Config{Importer: sourceImporter()}
			if _, err := conf.Check(goFiles[0].Name.Name, fset, goFiles, nil); err != nil {
				t.Fatalf("generated Go does not type-check: %v", err)
			}
		}
	}
}

// sourceImporter imports packages from source, the runtime and the
// standard library alike, each once per process.
var sourceImporter = sync.OnceValue(func() types.Importer {
	return importer.ForCompiler(token.NewFileSet(), "source", nil)
})
