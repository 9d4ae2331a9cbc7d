package endtoend

import (
	"bytes"
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/factsfile"
)

// catalogFacts returns what errgen generate -facts writes for c.
func catalogFacts(t *testing.T, c goldenCase) json.RawMessage {
	t.Helper()
	m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
	files, err := factsfile.Generate(gen.NewInput(m), factsfile.Options{File: "facts.json"})
	if err != nil {
		t.Fatal(err)
	}
	return files[0].Data
}

// rendered returns the first vector of vs that is not refused.
func rendered(t *testing.T, vs []goldenVector) goldenVector {
	t.Helper()
	for _, v := range vs {
		if v.Refused == "" {
			return v
		}
	}
	t.Fatal("every vector is refused")
	return goldenVector{}
}

// editFacts returns facts with edit applied to their decoded object.
func editFacts(t *testing.T, facts json.RawMessage, edit func(map[string]any)) json.RawMessage {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal(facts, &f); err != nil {
		t.Fatal(err)
	}
	edit(f)
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPythonRunnerRendersTheInputsCatalog sends every vector of each golden
// catalog, its input carrying the catalog's facts (errgen generate -facts)
// as input.catalog, to the runner of the Python package of the next golden
// catalog: each answer must be the vector's expect byte for byte (a
// refused vector the error answer), as if the runner had been generated
// for the catalog of the facts. Between them, inputs whose catalog is no
// object or facts the runtime cannot read (another format, a fallback
// naming no error, a member missing or mistyped) get the error answer, and
// the runner answers the next line; a null catalog is the runner's own.
func TestPythonRunnerRendersTheInputsCatalog(t *testing.T) {
	pythonBin(t)
	cases := goldenCases(t)
	for i, given := range cases {
		runner := cases[(i+1)%len(cases)]
		t.Run(given.name+"-on-"+runner.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			pkg := pythonPackage(t, errgentest.Model(t, catalog.OSFS{}, runner.catalog), dir)
			facts := catalogFacts(t, given)
			vectors := readGoldenVectors(t, given.dir)
			own := readGoldenVectors(t, runner.dir)

			// each line and what its answer must be: the payloads, or the error answer (nil)
			type line struct {
				id     string
				data   []byte
				expect map[string]string // nil: the error answer
			}
			var lines []line
			add := func(id string, data []byte, expect map[string]string) {
				lines = append(lines, line{id, data, expect})
			}
			first, mine := rendered(t, vectors), rendered(t, own)
			bad := []struct {
				name  string
				facts json.RawMessage
			}{
				{"a-string", json.RawMessage(`"kinds"`)},
				{"a-number", json.RawMessage(`2`)},
				{"an-array", json.RawMessage(`[]`)},
				{"facts-3", editFacts(t, facts, func(f map[string]any) { f["facts"] = 3 })},
				{"no-facts-member", editFacts(t, facts, func(f map[string]any) { delete(f, "facts") })},
				{"fallback-naming-no-error", editFacts(t, facts, func(f map[string]any) { f["fallback"] = "NO_SUCH_ERROR" })},
				{"no-errors", editFacts(t, facts, func(f map[string]any) { delete(f, "errors") })},
				{"no-limits", editFacts(t, facts, func(f map[string]any) { delete(f, "limits") })},
				{"wire-code-a-string", editFacts(t, facts, func(f map[string]any) {
					f["errors"].([]any)[0].(map[string]any)["wireCode"] = "-32000"
				})},
			}
			for _, b := range bad {
				add("bad/"+b.name, inputLine(t, "bad/"+b.name, withCatalog(t, first.Input, b.facts)), nil)
				add("after/"+b.name, inputLine(t, "after/"+b.name, withCatalog(t, first.Input, facts)), first.Expect)
			}
			add("null", inputLine(t, "null", withCatalog(t, mine.Input, json.RawMessage(`null`))), mine.Expect)
			for _, v := range vectors {
				expect := v.Expect
				if v.Refused != "" {
					expect = nil
				}
				add(v.ID, inputLine(t, v.ID, withCatalog(t, v.Input, facts)), expect)
			}
			var stdin bytes.Buffer
			for _, l := range lines {
				stdin.Write(append(l.data, '\n'))
			}

			out := strings.Split(strings.TrimSpace(runPython(t, dir, stdin.Bytes(), "-m", pkg+".conformance")), "\n")
			if len(out) != len(lines) {
				t.Fatalf("%d answers to %d lines", len(out), len(lines))
			}
			for i, l := range lines {
				var a struct {
					ID       string
					Payloads map[string]string
					Error    *string
				}
				if err := json.Unmarshal([]byte(out[i]), &a); err != nil || a.ID != l.id {
					t.Fatalf("answer %d is not for %s: %v: %.300s", i, l.id, err, out[i])
				}
				switch {
				case l.expect == nil && (a.Error == nil || a.Payloads != nil):
					t.Errorf("%s: want the error answer, got %.300s", l.id, out[i])
				case l.expect != nil && !maps.Equal(a.Payloads, l.expect):
					t.Errorf("%s: the runner of %s answers\n%.2000s\nthe vector expects\n%+v", l.id, runner.name, out[i], l.expect)
				}
			}
		})
	}
}
