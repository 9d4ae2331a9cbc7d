package model_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
)

// TestChecksDoNotDependOnWorkers: a catalog large enough for the errors to
// be checked on several workers (one per 500 errors, up to GOMAXPROCS)
// gets the same model and diagnostics as on one, its shapes compiled
// once for all workers: inline shapes of one layout share a compilation,
// a sound one among them and a broken one each reporting its own errors,
// examples and templates checked wherever they fall. Run with -race too
// (make test does), which also holds the naming of identifiers, done
// beside the workers, to touch nothing they write.
func TestChecksDoNotDependOnWorkers(t *testing.T) {
	var b strings.Builder
	b.WriteString(`errgen: 1
name: big
version: 1.0.0
fallback: E_E0
domains: {d: {range: [1, 99999]}}
details:
  sized: {type: object, required: [n], properties: {n: {type: integer, maximum: 10}, id: {type: string, format: uuid}}}
errors:
`)
	for i := range 1600 {
		fmt.Fprintf(&b, "  E_E%d: {code: %d, title: t, message: \"m {%s}\", doc: d", i, i+1, map[bool]string{true: "n", false: "nn"}[i%97 != 0])
		switch i % 4 {
		case 0: // the named shape; some examples too big, some ids no uuid
			fmt.Fprintf(&b, ", details: sized, examples: [{n: %d, id: %s}]", i%13, map[bool]string{true: "0b7c2f6e-51b2-4f0c-9a55-2c1c8f0e6d3a", false: "nope"}[i%7 != 0])
		case 1: // one inline layout, many times
			fmt.Fprintf(&b, ", details: {type: object, properties: {n: {type: integer, minimum: 5}}}, examples: [{n: %d}]", i%9)
		case 2: // another layout, that only the compiler finds broken (against the metaschema)
			b.WriteString(", details: {type: object, properties: {n: {type: string, minLength: -1}}}")
		}
		b.WriteString("}\n")
	}
	files := catalog.MapFS{"errors.yaml": []byte(b.String())}
	run := func(procs int) (string, string) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		m, diags := build(t, files)
		if m == nil {
			t.Fatalf("GOMAXPROCS=%d: no model:\n%.2000s", procs, diags)
		}
		var model strings.Builder
		for _, e := range m.Errors {
			fmt.Fprintf(&model, "%s %s %s %v %d\n", e.Symbol, e.GoName, e.TSName, e.EmptyDetailsValid, len(e.Examples))
		}
		return model.String(), diags
	}
	oneModel, oneDiags := run(1)
	for _, procs := range []int{2, 4} {
		model, diags := run(procs)
		if diags != oneDiags {
			t.Errorf("GOMAXPROCS=%d: the diagnostics differ from one worker's:\n%.3000s\nwant\n%.3000s", procs, diags, oneDiags)
		}
		if model != oneModel {
			t.Errorf("GOMAXPROCS=%d: the model differs from one worker's", procs)
		}
	}
	if n := strings.Count(oneDiags, "invalid detail schema at /properties/n/minLength"); n != 400 {
		t.Errorf("%d errors of the broken layout reported, want each of the 400 at its own position", n)
	}
	for _, want := range []string{"does not match its details", "names no detail property"} {
		if !strings.Contains(oneDiags, want) {
			t.Errorf("the diagnostics lack %q; the catalog no longer exercises what it should:\n%.3000s", want, oneDiags)
		}
	}
}
