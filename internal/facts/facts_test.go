package facts_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
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
	for _, p := range append(append(paths, more...), "../../catalog/errors.yaml", "../endtoend/testdata/mcp/errors.yaml") {
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
		files, err := facts.Generate(m, facts.Options{File: "facts.json"})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := facts.Generate(m, facts.Options{File: "facts.json"})
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
