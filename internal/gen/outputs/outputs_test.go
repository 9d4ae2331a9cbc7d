package outputs

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/schema"
)

// TestSpecs holds every registered output to a spec the CLI and the
// catalog's checks can use: a unique key, names for its messages, and
// for a directory output what it may write there.
func TestSpecs(t *testing.T) {
	seen := map[string]bool{"catalog": true, "check": true} // generate's own flags
	for _, o := range All {
		s := o.Spec()
		if s.Key == "" || s.Name == "" || s.Label == "" || s.Place == "" || s.Usage == "" {
			t.Errorf("%q: a spec without key, name, label, place or usage: %+v", s.Key, s)
		}
		if (s.MayWrite != nil) != s.Dir {
			t.Errorf("%s: a directory output says what it may write, a file output does not (Dir %v)", s.Key, s.Dir)
		}
		for _, flag := range append([]string{s.Key}, flagsOf(s.Settings)...) {
			if seen[flag] {
				t.Errorf("%s: flag -%s taken twice", s.Key, flag)
			}
			seen[flag] = true
		}
		if Lookup(s.Key) != o || All[Index(s.Key)] != o {
			t.Errorf("%s: Lookup or Index does not find it", s.Key)
		}
	}
}

// TestCheck reads a catalog's outputs mapping against the registry: keys
// that are no output or no setting, values of the wrong kind, empty
// places and names the output cannot take.
func TestCheck(t *testing.T) {
	src := `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
outputs:
  go: {dir: "", package: type, pkg: x}
  ts: gen/ts
  schema: {file: x}
  rusty: {dir: x}
  facts: out/facts.json
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL: {code: 1000, title: Internal error, message: An internal error occurred, doc: Something failed.}
`
	raw, diags, err := catalog.Parse(catalog.MapFS{"errors.yaml": []byte(src)}, "errors.yaml")
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	got := Check(raw)
	got.Sort()
	want := []string{
		`errors.yaml:6:13: error: output path must not be empty`,
		`errors.yaml:6:26: error: Go package name "type" is not valid: want a lower-case Go identifier that is not a keyword`,
		`errors.yaml:6:32: error: unknown key "pkg" in outputs.go; want one of dir, package`,
		`errors.yaml:7:7: error: outputs.ts must be a mapping, got a string`,
		`errors.yaml:8:11: error: outputs.schema must be a string, got a mapping`,
		`errors.yaml:9:3: error: unknown key "rusty" in outputs; did you mean "rust"?`,
	}
	if len(got) != len(want) {
		t.Fatalf("Check: %d diagnostics, want %d:\n%s", len(got), len(want), got.Format(""))
	}
	for i, d := range got {
		if s := d.Format(""); s != want[i] {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, s, want[i])
		}
	}
}

func flagsOf(settings []gen.Setting) []string {
	var out []string
	for _, s := range settings {
		if s.Flag != "" {
			out = append(out, s.Flag)
		}
	}
	return out
}

// TestCatalogSchema holds the catalog language's JSON Schema, which editors
// complete and check a catalog with, to the outputs registered: an
// output's key, and for one of a mapping its place and settings, are the
// schema's.
func TestCatalogSchema(t *testing.T) {
	var doc struct {
		Defs struct {
			Outputs struct {
				Properties map[string]struct {
					Type       string                     `json:"type"`
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"properties"`
			} `json:"outputs"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema.Catalog, &doc); err != nil {
		t.Fatal(err)
	}
	inSchema := doc.Defs.Outputs.Properties
	for _, o := range All {
		s := o.Spec()
		p, ok := inSchema[s.Key]
		if !ok {
			t.Errorf("output %s is not in schema/catalog.schema.json's outputs", s.Key)
			continue
		}
		delete(inSchema, s.Key)
		if !mapped(s) {
			if p.Type != "string" {
				t.Errorf("outputs.%s: the schema's type is %q, want string (the place)", s.Key, p.Type)
			}
			continue
		}
		want := settingKeys(s)
		var got []string
		for k := range p.Properties {
			got = append(got, k)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("outputs.%s: the schema's keys are %v, the output's %v", s.Key, got, want)
		}
	}
	for k := range inSchema {
		t.Errorf("schema/catalog.schema.json's outputs has %s, which no output is", k)
	}
}
