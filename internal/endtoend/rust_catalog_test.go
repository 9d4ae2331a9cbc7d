package endtoend

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gencatalog"
)

// TestRustCatalogInput holds the Rust runner to an input's catalog member
// (docs/guide/conformance.md): every vector of each golden catalog, its
// input carrying that catalog's facts (errgen generate -facts), is sent to
// the conformance runner of ANOTHER golden catalog's crate, and each answer
// must be the vector's expected payloads byte for byte (the error answer
// for a refused vector). The runner is the next golden crate, by name,
// that can check the facts: a crate without a regular expression engine
// (its own catalog checks no pattern and no format) refuses facts that
// check one, as the test checks too. The other catalogs whose vectors the
// tests check (conformanceCatalogs, and widths) are rendered the same way
// from their facts, by a golden crate that checks patterns. So are refused a catalog that is a
// string or a number, facts of another version, facts whose fallback names
// no error, facts with a shape that requires itself — each followed by a
// line the runner answers as before; a null catalog is the runner's own.
func TestRustCatalogInput(t *testing.T) {
	cargo(t)
	root := repoRoot(t)
	cases := goldenCases(t)
	type golden struct {
		name, crate string
		facts       json.RawMessage
		vectors     []goldenVector
		regexp      bool // its crate has a regular expression engine
	}
	goldens := make([]golden, len(cases))
	dir := t.TempDir()
	for i, c := range cases {
		m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
		path, err := filepath.Abs(c.catalog)
		if err != nil {
			t.Fatal(err)
		}
		facts := filepath.Join(dir, c.name+"-facts.json")
		if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", path, "-facts", facts); exit != 0 {
			t.Fatalf("%s: errgen generate -facts: exit %d\n%s", c.name, exit, stderr)
		}
		cargoToml, err := os.ReadFile(filepath.Join(c.dir, "rust", "Cargo.toml"))
		if err != nil {
			t.Fatal(err)
		}
		goldens[i] = golden{
			name:    c.name,
			crate:   crateName(m),
			facts:   readRaw(t, facts),
			vectors: readGoldenVectors(t, c.dir),
			regexp:  bytes.Contains(cargoToml, []byte("\nregex = ")),
		}
	}
	runners := map[string]string{}
	runner := func(g golden) string {
		if runners[g.name] == "" {
			runners[g.name] = conformanceRunner(t, root, g.crate)
		}
		return runners[g.name]
	}
	for i, src := range goldens {
		t.Run(src.name, func(t *testing.T) {
			var by *golden
			for j := 1; j < len(goldens) && by == nil; j++ {
				if g := &goldens[(i+j)%len(goldens)]; g.regexp || !src.regexp {
					by = g
				}
			}
			if by == nil {
				t.Fatal("no other golden crate checks patterns")
			}
			var lines []string
			for _, v := range src.vectors {
				lines = append(lines, runnerLine(t, v.ID, v.Input, src.facts))
			}
			answers := runRunner(t, runner(*by), lines)
			for k, v := range src.vectors {
				checkAnswer(t, by.name, v, answers[k])
			}
			t.Logf("%d vectors of %s rendered by the runner of %s", len(src.vectors), src.name, by.name)
		})
	}

	// the other catalogs the tests hold runners to (hostile names and
	// values, every keyword, every length…), rendered by a crate that checks
	// patterns from their facts and vectors as errgen makes them
	catalogs := conformanceCatalogs(t)
	catalogs["widths"] = errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Widths(1, 70)}, "errors.yaml")
	for _, g := range goldens {
		delete(catalogs, g.name)
	}
	for name, m := range catalogs {
		t.Run(name, func(t *testing.T) {
			var by *golden
			for i := range goldens {
				if g := &goldens[i]; g.regexp && by == nil {
					by = g
				}
			}
			if by == nil {
				t.Fatal("no golden crate checks patterns")
			}
			in := gen.NewInput(m)
			files, err := conformance.Generate(in, conformance.Options{File: "vectors.json"})
			if err != nil {
				t.Fatal(err)
			}
			vectors := ownVectors(t, files[0].Data)
			facts := marshalRaw(t, in.Facts)
			var lines []string
			for _, v := range vectors {
				lines = append(lines, runnerLine(t, v.ID, v.Input, facts))
			}
			answers := runRunner(t, runner(*by), lines)
			for k, v := range vectors {
				checkAnswer(t, by.name, v, answers[k])
			}
			t.Logf("%d vectors of %s rendered by the runner of %s", len(vectors), name, by.name)
		})
	}

	t.Run("refused", func(t *testing.T) {
		var own, other golden // a crate that checks patterns, one that cannot
		for _, g := range goldens {
			if g.regexp && own.name == "" {
				own = g
			} else if !g.regexp && other.name == "" {
				other = g
			}
		}
		if own.name == "" || other.name == "" {
			t.Fatal("want a golden crate with a regular expression engine and one without")
		}
		var facts map[string]json.RawMessage
		if err := json.Unmarshal(own.facts, &facts); err != nil {
			t.Fatal(err)
		}
		alter := func(key, value string) json.RawMessage {
			f := map[string]json.RawMessage{}
			for k, v := range facts {
				f[k] = v
			}
			f[key] = json.RawMessage(value)
			return marshalRaw(t, f)
		}
		var shapes []json.RawMessage
		if err := json.Unmarshal(facts["shapes"], &shapes); err != nil {
			t.Fatal(err)
		}
		loop := json.RawMessage(`{"name": "loop", "node": {"type": "object", "properties": [{"name": "self", "required": true, "node": {"type": "object", "shape": "loop"}}]}}`)
		v := own.vectors[0]
		ok := runnerLine(t, v.ID, v.Input, own.facts)
		bad := []json.RawMessage{
			json.RawMessage(`"facts"`),
			json.RawMessage(`2`),
			json.RawMessage(`[]`),
			alter("facts", "3"),
			alter("fallback", `"E_NO_SUCH_ERROR"`),
			alter("errors", `{}`),
			alter("shapes", string(marshalRaw(t, append(shapes, loop)))), // no finite empty value
		}
		var lines []string
		for _, c := range bad {
			lines = append(lines, runnerLine(t, "bad", v.Input, c), ok)
		}
		// a null catalog: the runner's own
		lines = append(lines, runnerLine(t, v.ID, v.Input, json.RawMessage("null")))
		answers := runRunner(t, runner(own), lines)
		for k, c := range bad {
			if a := answers[2*k]; a.Error == nil || a.ID != "bad" {
				t.Errorf("catalog %.80s: want the error answer, got %+v", c, a)
			}
			checkAnswer(t, own.name, v, answers[2*k+1])
		}
		checkAnswer(t, own.name, v, answers[len(answers)-1])

		// facts checking a pattern, for a crate that cannot check one
		answers = runRunner(t, runner(other), []string{ok, runnerLine(t, other.vectors[0].ID, other.vectors[0].Input, nil)})
		if a := answers[0]; a.Error == nil || !strings.Contains(*a.Error, "regular expression engine") {
			t.Errorf("%s's facts to %s's runner: want the error answer, got %+v", own.name, other.name, a)
		}
		checkAnswer(t, other.name, other.vectors[0], answers[1])
	})
}

// runnerAnswer is one line a conformance runner answers.
type runnerAnswer struct {
	ID       string            `json:"id"`
	Payloads map[string]string `json:"payloads"`
	Error    *string           `json:"error"`
}

func readRaw(t *testing.T, path string) json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return json.RawMessage(data)
}

// marshalRaw is v as compact JSON, its raw values as written (no HTML
// escapes).
func marshalRaw(t *testing.T, v any) json.RawMessage {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(b.Bytes())
}

// runnerLine is the runner's line of a vector, its input given the
// catalog member facts (none when nil).
func runnerLine(t *testing.T, id string, input, facts json.RawMessage) string {
	t.Helper()
	if facts != nil {
		input = withCatalog(t, input, facts)
	}
	return string(inputLine(t, id, input))
}

// runRunner sends the lines to a conformance runner and returns its
// answers, one a line.
func runRunner(t *testing.T, bin string, lines []string) []runnerAnswer {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, stderr.String())
	}
	var answers []runnerAnswer
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		var a runnerAnswer
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("answer %.200s: %v", l, err)
		}
		answers = append(answers, a)
	}
	if len(answers) != len(lines) {
		t.Fatalf("%d answers to %d lines", len(answers), len(lines))
	}
	return answers
}

// checkAnswer reports an answer of runner by to vector v that is not its
// expected payloads, byte for byte, or for a refused vector the error
// answer.
func checkAnswer(t *testing.T, by string, v goldenVector, a runnerAnswer) {
	t.Helper()
	switch {
	case a.ID != v.ID:
		t.Errorf("%s (runner of %s): answer of id %q", v.ID, by, a.ID)
	case v.Refused != "":
		if a.Error == nil {
			t.Errorf("%s (runner of %s): refused (%s), but rendered", v.ID, by, v.Refused)
		}
	case a.Error != nil:
		t.Errorf("%s (runner of %s): error answer %q", v.ID, by, *a.Error)
	default:
		for _, f := range []string{"jsonrpc", "problem", "response", "toolResult"} {
			if a.Payloads[f] != v.Expect[f] {
				t.Errorf("%s (runner of %s): %s\n got %s\nwant %s", v.ID, by, f, a.Payloads[f], v.Expect[f])
			}
		}
	}
}
