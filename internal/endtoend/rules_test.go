//go:build errgen_rules

package endtoend

import (
	"sort"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// TestRuleSwitches reads each rule of the page the other way in turn
// (errgenrt's test-only switches, named after the rules) and holds the
// conformance vectors of the test catalogs to catching it: for every rule
// and every catalog, at least one vector of the catalog's file must fail.
// A rule no vector pins could be read either way by a runner that passes
// them all; and since every vector file holds the rules catalog's vectors
// (rules-catalog/…), one file, whatever its catalog, pins every rule. Run
// by make test with -tags errgen_rules.
func TestRuleSwitches(t *testing.T) {
	type catalogVectors struct {
		name  string
		rc    *errgenrt.Catalog
		lines [][]byte
		want  []errgenrt.ConformancePayloads
		// refused marks a vector whose input every runner refuses
		refused []bool
	}
	var sets []catalogVectors
	catalogs := conformanceCatalogs(t)
	names := make([]string, 0, len(catalogs))
	for name := range catalogs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m := catalogs[name]
		vs, err := conformance.Vectors(gen.NewInput(m))
		if err != nil {
			t.Fatal(err)
		}
		set := catalogVectors{name: name, rc: runtimemodel.Build(gen.NewInput(m)).Runtime}
		for _, v := range vs {
			if v.Advice != nil {
				continue // a client's advice: no rule of the writer acts on it
			}
			line, err := v.Line()
			if err != nil {
				t.Fatal(err)
			}
			set.lines = append(set.lines, line)
			set.want = append(set.want, v.Expect)
			set.refused = append(set.refused, v.Refused != "" || v.Unreadable != "")
		}
		sets = append(sets, set)
	}
	defer errgenrt.SwitchRule("")
	for _, r := range errgenrt.Rules {
		errgenrt.SwitchRule(r)
		failed, first := 0, ""
		var passing []string // the catalogs whose every vector passes
		for _, s := range sets {
			failedHere := false
			for i, line := range s.lines {
				id, in, err := errgenrt.ReadConformanceLine(line)
				var p errgenrt.ConformancePayloads
				if err == nil {
					p, err = s.rc.ConformancePayloads(in)
				}
				if s.refused[i] && err == nil || !s.refused[i] && (err != nil || p != s.want[i]) {
					if failed == 0 {
						first = s.name + " " + id
					}
					failed++
					failedHere = true
				}
			}
			if !failedHere {
				passing = append(passing, s.name)
			}
		}
		switch {
		case failed == 0:
			t.Errorf("rule %q read the other way: every vector still passes", r)
		case len(passing) > 0:
			t.Errorf("rule %q read the other way: every vector of %v still passes (first failing: %s)", r, passing, first)
		default:
			t.Logf("rule %q read the other way: %d vectors fail, first %s", r, failed, first)
		}
	}
}
