package gen_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// The packages of errgen form layers, each importing only the layers
// below it: the wire runtime and the helpers at the bottom, then the
// catalog's YAML, the model, the facts (built from the model alone:
// neither the catalog's raw values nor any output), the input every
// output is given (gen), the runtime catalog of the docs and vectors,
// the outputs, the list of them, the write pipeline and diff (side by
// side), and the CLI on top. No arrow runs back up, and no output imports
// another: what outputs share — the facts, the kinds of the detail values
// among them, gen's helpers — sits below them all, so that no output
// declares its types by another language's rules.
func TestLayers(t *testing.T) {
	const mod = "github.com/errgen/errgen/"
	layer := map[string]int{
		"errgenrt": 0, "internal/diag": 0, "internal/naming": 0, "internal/tmpl": 0,
		"internal/catalog":      1,
		"internal/model":        2,
		"internal/facts":        3,
		"internal/gen":          4,
		"internal/gen/printer":  4, // the text outputs' printer
		"internal/runtimemodel": 5,
		"internal/gen/outputs":  7, // the one list of the outputs
		"internal/gen/explain":  7, // errgen explain's page, from the docs' field table
		"internal/pipeline":     8, // places, records, cache, safe writes
		"internal/diff":         8,
		"internal/cli":          9,
		"cmd/errgen":            10,
	}
	rank := func(pkg string) (int, bool) {
		if n, ok := layer[pkg]; ok {
			return n, true
		}
		if strings.HasPrefix(pkg, "internal/gen/") {
			return 6, true // an output, which imports no other
		}
		return 0, false
	}
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", mod+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		from := strings.TrimPrefix(p.ImportPath, mod)
		r, ok := rank(from)
		if !ok {
			continue
		}
		seen++
		for _, imp := range p.Imports {
			to, inModule := strings.CutPrefix(imp, mod)
			if !inModule {
				continue
			}
			if s, ok := rank(to); ok && s > r {
				t.Errorf("%s (layer %d) imports %s (layer %d): an arrow up", from, r, to, s)
			}
			if from == "internal/facts" && (to == "internal/catalog" || strings.HasPrefix(to, "internal/gen")) {
				t.Errorf("internal/facts imports %s: the facts are built from the model alone", to)
			}
			if s, _ := rank(to); r == 6 && s == 6 {
				t.Errorf("output %s imports output %s: what outputs share belongs below them (internal/gen, internal/facts)", from, to)
			}
		}
	}
	if seen < len(layer) {
		t.Fatalf("go list named %d of errgen's layered packages", seen)
	}
}
