package facts_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/factsfile"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

func catalogs(t *testing.T) map[string]*model.Catalog {
	out := map[string]*model.Catalog{
		"synthetic": errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(60)}, "errors.yaml"),
		"hostile":   errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml"),
	}
	paths, _ := filepath.Glob("../../examples/*/errors.yaml")
	more, _ := filepath.Glob("../endtoend/testdata/golden/*/errors.yaml")
	for _, p := range append(append(paths, more...), "../../catalog/errors.yaml", "../endtoend/testdata/mcp/errors.yaml",
		"../gen/conformance/rules.yaml", "../gen/conformance/rules-formats.yaml") { // the rules catalogs, whose facts vector files carry

		out[p] = errgentest.Model(t, catalog.OSFS{}, p)
	}
	return out
}

// TestFactsFile: the facts file of every catalog validates against
// schema/facts.schema.json, reads back into the same facts, and is the same
// bytes every time.
func TestFactsFile(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile("../../schema/facts.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range catalogs(t) {
		files, err := factsfile.Generate(gen.NewInput(m), factsfile.Options{File: "facts.json"})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := factsfile.Generate(gen.NewInput(m), factsfile.Options{File: "facts.json"})
		if !bytes.Equal(files[0].Data, again[0].Data) {
			t.Errorf("%s: two runs differ", name)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(files[0].Data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := sch.Validate(doc); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		var back facts.Catalog
		if err := json.Unmarshal(files[0].Data, &back); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(facts.Build(m))
		got, _ := json.Marshal(&back)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the facts do not read back as themselves", name)
		}
	}
}

// The field_errors shape's node is made from its schema as every shape's
// is (totalErrors at least 0, a negative count written 0), and is
// errgenrt.FieldErrorsNode, which the generated Go packages name instead.
func TestFieldErrorsNode(t *testing.T) {
	m := errgentest.Model(t, catalog.OSFS{}, "../../examples/plain/errors.yaml")
	c := facts.Build(m)
	var shape *facts.Node
	for _, s := range c.Shapes {
		if s.Name == facts.FieldErrors {
			shape = s.Node
		}
	}
	if shape == nil {
		t.Fatal("examples/plain declares no field_errors shape")
	}
	total := shape.Properties[1].Node
	if total.Check == nil || total.Check.Minimum == nil || *total.Check.Minimum != "0" || total.Replacement == nil || string(*total.Replacement) != "0" {
		t.Errorf("totalErrors: %+v, want minimum 0 and the replacement 0", total)
	}
	got, _ := json.Marshal(facts.Runtime(c).Node(&facts.Node{Type: "object", Shape: facts.FieldErrors}))
	want, _ := json.Marshal(errgenrt.FieldErrorsNode)
	if !bytes.Equal(got, want) {
		t.Errorf("the facts' field_errors node differs from errgenrt.FieldErrorsNode:\n%s\n%s", got, want)
	}
}

// An array without items (items of any value) is a node whose items are
// untyped: building its facts once panicked on the missing items.
func TestArrayWithoutItems(t *testing.T) {
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(`errgen: 1
name: arr
version: 1.0.0
problem_base: https://errors.example.com/arr/
fallback: E_INTERNAL
domains:
  core: {range: [1, 99]}
errors:
  E_INTERNAL: {code: 1, title: Internal, message: Internal}
  E_LIST:
    code: 2
    title: List
    message: List
    details: {type: object, properties: {list: {type: array}}}
`)}, "errors.yaml")
	c := facts.Build(m)
	list := c.Errors[1].Details.Properties[0].Node
	if list.Type != "array" || list.Items == nil || list.Items.Type != "any" {
		t.Fatalf("list: %+v, want an array of items of any value", list)
	}
}
