// Package outputs is the one list of errgen's outputs: the catalog's
// outputs mapping is checked against it, generate's flags are made from
// it, and the write pipeline runs what it lists. An output is a package
// under internal/gen implementing gen.Output, and a line in All.
package outputs

import (
	"slices"
	"sort"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gen/factsfile"
	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gen/python"
	"github.com/errgen/errgen/internal/gen/rust"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/naming"
)

// All are the outputs, in the order of generate's flags, its summary line
// and the records' sections.
var All = []gen.Output{
	golang.Output,
	typescript.Output,
	rust.Output,
	python.Output,
	jsonschema.Output,
	jsonschema.OpenAPIOutput,
	markdown.Output,
	conformance.Output,
	factsfile.Output,
}

// Lookup returns the output of key, nil for none.
func Lookup(key string) gen.Output {
	for _, o := range All {
		if o.Spec().Key == key {
			return o
		}
	}
	return nil
}

// Index returns key's place in All, len(All) for none.
func Index(key string) int {
	for i, o := range All {
		if o.Spec().Key == key {
			return i
		}
	}
	return len(All)
}

// PlaceKey is the catalog's key of an output's place: "go.dir",
// "schema".
func PlaceKey(s *gen.Spec) string {
	if s.PlaceKey == "" {
		return s.Key
	}
	return s.Key + "." + s.PlaceKey
}

// mapped reports whether the catalog gives the output a mapping of
// settings (outputs.go.dir), not its place alone (outputs.schema).
func mapped(s *gen.Spec) bool { return s.PlaceKey != "" }

// settingKeys are the keys of an output's mapping.
func settingKeys(s *gen.Spec) []string {
	keys := []string{s.PlaceKey}
	for _, st := range s.Settings {
		if st.Key != "" {
			keys = append(keys, st.Key)
		}
	}
	sort.Strings(keys)
	return keys
}

// Check returns what is wrong with the catalog's outputs mapping: a key
// that is no output or no setting of its output, a value of the wrong
// kind, an empty place, a name its output cannot take.
func Check(raw *catalog.Catalog) diag.List {
	var l diag.List
	var keys []string
	for _, o := range All {
		keys = append(keys, o.Spec().Key)
	}
	sort.Strings(keys)
	var spec *gen.Spec // the output of the entries that follow; nil: skip them
	for i := range raw.Outputs.Entries {
		e := &raw.Outputs.Entries[i]
		if e.Setting == "" {
			spec = nil
			o := Lookup(e.Output)
			if o == nil {
				unknown(&l, e.KeyPos, e.Output, "outputs", keys)
				continue
			}
			s := o.Spec()
			switch {
			case mapped(s) && e.Got != "a mapping":
				got := e.Got
				if e.Value.Set {
					got = "a string"
				}
				l.Errorf(e.Value.Pos, "outputs.%s must be a mapping, got %s", s.Key, got)
			case !mapped(s) && !e.Value.Set:
				l.Errorf(e.Value.Pos, "outputs.%s must be a string, got %s", s.Key, e.Got)
			case mapped(s):
				spec = s
			default:
				checkPlace(&l, e)
			}
			continue
		}
		if spec == nil {
			continue
		}
		if !slices.Contains(settingKeys(spec), e.Setting) {
			unknown(&l, e.KeyPos, e.Setting, "outputs."+spec.Key, settingKeys(spec))
			continue
		}
		if !e.Value.Set {
			l.Errorf(e.Value.Pos, "outputs.%s must be a string, got %s", e.Key(), e.Got)
			continue
		}
		if e.Setting == spec.PlaceKey {
			checkPlace(&l, e)
			continue
		}
		for _, st := range spec.Settings {
			if st.Key == e.Setting && st.Valid != nil && !st.Valid(e.Value.Value) {
				l.Errorf(e.Value.Pos, "%s %q is not valid: %s", st.Noun, e.Value.Value, st.Want)
			}
		}
	}
	return l
}

func checkPlace(l *diag.List, e *catalog.OutputEntry) {
	if strings.TrimSpace(e.Value.Value) == "" {
		l.Errorf(e.Value.Pos, "output path must not be empty")
	}
}

// unknown reports a key that is none of keys, as the catalog's loader
// reports the keys of its own mappings.
func unknown(l *diag.List, at diag.Pos, key, in string, keys []string) {
	if near := naming.Closest(key, keys); near != "" {
		l.Errorf(at, "unknown key %q in %s; did you mean %q?", key, in, near)
		return
	}
	l.Errorf(at, "unknown key %q in %s; want one of %s", key, in, strings.Join(keys, ", "))
}
