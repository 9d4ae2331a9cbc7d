//go:build mutate

// The killing test of `make mutate`'s Go run (test/mutate/go.sh): gremlins
// mutates errgenrt's rule files and this test, alone (the script sets
// GOFLAGS=-run=^TestMutateVectors$), decides whether a mutant lives. It is
// the conformance check of `errgen conformance -vectors FILE -- RUNNER` in
// process: for each shipped vector file (the golden catalogs'
// conformance.json) the runner is errgenrt.ServeConformance over the
// catalog built from that catalog's facts and over the catalog's
// generated Go package (its details Go structs), and every payload of every
// vector must equal the expected one byte for byte, every format's
// violations the expected ones, the HTTP answer (status and Retry-After,
// as WriteProblem sends them) the expected one, and every advice vector's
// advice its own;
// an error answer, a missing, duplicate or unknown answer fails it.
//
// Plain `go test` never builds this file (tag mutate).

package errgenrt_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	kinds "github.com/errgen/errgen/internal/endtoend/testdata/golden/kinds/go"
	mdmcp "github.com/errgen/errgen/internal/endtoend/testdata/golden/mdmcp/go"
	plain "github.com/errgen/errgen/internal/endtoend/testdata/golden/plain/go"
	problem "github.com/errgen/errgen/internal/endtoend/testdata/golden/problem/go"
	taxonomy "github.com/errgen/errgen/internal/endtoend/testdata/golden/taxonomy/go"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// mutateCatalogs are the golden catalogs whose conformance.json ship.
var mutateCatalogs = []string{"kinds", "mdmcp", "plain", "problem", "taxonomy"}

var mutateFormats = []string{"jsonrpc", "problem", "response", "toolResult"}

// mutateFacts reads a golden catalog's facts from its TypeScript package's
// facts.js, which holds them as the JSON errgen writes (export const FACTS
// = {…};).
func mutateFacts(t *testing.T, dir string) *facts.Catalog {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "ts", "facts.js"))
	if err != nil {
		t.Fatal(err)
	}
	const decl = "export const FACTS = "
	i := bytes.Index(b, []byte(decl))
	j := bytes.LastIndexByte(b, ';')
	if i < 0 || j < i {
		t.Fatalf("%s: no %q", dir, decl)
	}
	var f facts.Catalog
	if err := json.Unmarshal(b[i+len(decl):j], &f); err != nil {
		t.Fatalf("%s facts: %v", dir, err)
	}
	return &f
}

// mutateVector is one vector of a shipped vector file.
type mutateVector struct {
	ID         string                          `json:"id"`
	Input      json.RawMessage                 `json:"input"`
	Expect     map[string]string               `json:"expect"`
	Violations []errgenrt.ConformanceViolation `json:"violations"`
	// HTTP: the HTTP answer of the problem document
	HTTP *errgenrt.ConformanceHTTP `json:"http"`
	// Refused: an input the runner must answer with an error
	Refused string `json:"refused"`
	// Advice: the answer to an advice input
	Advice *errgenrt.ConformanceAdvice `json:"advice"`
	// Line and Unreadable: a line sent as it is, which the runner cannot
	// read (its answer's id is "")
	Line       string `json:"line"`
	Unreadable string `json:"unreadable"`
}

// mutatePackages are the generated Go packages of the golden catalogs.
var mutatePackages = map[string]*errgenrt.Catalog{
	"kinds": kinds.Catalog, "mdmcp": mdmcp.Catalog, "plain": plain.Catalog, "problem": problem.Catalog, "taxonomy": taxonomy.Catalog,
}

func TestMutateVectors(t *testing.T) {
	root := filepath.Join("..", "internal", "endtoend", "testdata", "golden")
	only := os.Getenv("MUTATE_CATALOGS") // a comma-separated subset, for trying the test by hand
	for _, name := range mutateCatalogs {
		if only != "" && !strings.Contains(","+only+",", ","+name+",") {
			continue
		}
		dir := filepath.Join(root, name)
		raw, err := os.ReadFile(filepath.Join(dir, "conformance.json"))
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Catalogs map[string]json.RawMessage `json:"catalogs"`
			Vectors  []mutateVector             `json:"vectors"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(file.Vectors) == 0 {
			t.Fatalf("%s: no vectors", name)
		}
		// the lines errgen conformance writes to a runner
		var in bytes.Buffer
		for _, v := range file.Vectors {
			if v.Unreadable != "" {
				in.WriteString(v.Line + "\n")
				continue
			}
			input, err := conformance.SentInput(v.Input, file.Catalogs)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v.ID, err)
			}
			line, err := json.Marshal(struct {
				ID    string          `json:"id"`
				Input json.RawMessage `json:"input"`
			}{v.ID, input})
			if err != nil {
				t.Fatalf("%s %s: %v", name, v.ID, err)
			}
			in.Write(line)
			in.WriteByte('\n')
		}
		// the runner of the catalog built from the facts, and of the
		// generated package, whose details are Go structs
		for _, runner := range []struct {
			who string
			cat *errgenrt.Catalog
		}{{"facts", runtimemodel.Runtime(mutateFacts(t, dir))}, {"package", mutatePackages[name]}} {
			name := name + " (" + runner.who + ")"
			var out bytes.Buffer
			if err := errgenrt.ServeConformance(runner.cat, bytes.NewReader(in.Bytes()), &out); err != nil {
				t.Fatalf("%s: the runner: %v", name, err)
			}
			checkMutateAnswers(t, name, file.Vectors, &out)
		}
	}
}

// checkMutateAnswers holds a runner's answers in out to the vectors.
func checkMutateAnswers(t *testing.T, name string, vectors []mutateVector, out *bytes.Buffer) {
	t.Helper()
	refused := map[string]bool{}
	for _, v := range vectors {
		refused[v.ID] = v.Refused != ""
	}
	type answer struct {
		ID         string                                     `json:"id"`
		Payloads   map[string]string                          `json:"payloads"`
		Violations map[string][]errgenrt.ConformanceViolation `json:"violations"`
		Advice     *errgenrt.ConformanceAdvice                `json:"advice"`
		HTTP       *errgenrt.ConformanceHTTP                  `json:"http"`
		Error      string                                     `json:"error"`
	}
	got := map[string]answer{}
	unread, unreadable := 0, 0 // the answers with the id "", the lines no runner reads
	for _, v := range vectors {
		if v.Unreadable != "" {
			unreadable++
		}
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 256<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err == nil && a.ID == "" && a.Error != "" {
			unread++
			continue
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil || a.ID == "" {
			t.Fatalf("%s: not an answer: %.200s", name, sc.Bytes())
		}
		if a.Error != "" && !refused[a.ID] {
			t.Fatalf("%s %s: the runner answered an error: %s", name, a.ID, a.Error)
		}
		if a.Error == "" && refused[a.ID] {
			t.Fatalf("%s %s: the runner rendered an input it must refuse", name, a.ID)
		}
		if _, dup := got[a.ID]; dup {
			t.Fatalf("%s %s: answered twice", name, a.ID)
		}
		got[a.ID] = a
	}
	if len(got)+unread != len(vectors) || unread != unreadable {
		t.Fatalf("%s: %d answers and %d to unreadable lines for %d vectors, %d of them unreadable lines", name, len(got), unread, len(vectors), unreadable)
	}
	for _, v := range vectors {
		if v.Unreadable != "" {
			continue
		}
		a, ok := got[v.ID]
		if !ok {
			t.Fatalf("%s %s: no answer", name, v.ID)
		}
		if v.Advice != nil {
			if a.Advice == nil || a.Advice.Action != v.Advice.Action || !equal(a.Advice.DelayMs, v.Advice.DelayMs) {
				t.Fatalf("%s %s: advice %+v, want %+v", name, v.ID, a.Advice, *v.Advice)
			}
			continue
		}
		for _, f := range mutateFormats {
			want, ok := v.Expect[f]
			if !ok {
				continue
			}
			if g, has := a.Payloads[f]; !has || g != want {
				t.Fatalf("%s %s %s:\n got %s\nwant %s", name, v.ID, f, g, want)
			}
			if g := a.Violations[f]; !slices.Equal(g, v.Violations) {
				t.Fatalf("%s %s %s violations:\n got %v\nwant %v", name, v.ID, f, g, v.Violations)
			}
		}
		if v.HTTP != nil && (a.HTTP == nil || a.HTTP.Status != v.HTTP.Status || !equal(a.HTTP.RetryAfter, v.HTTP.RetryAfter)) {
			t.Fatalf("%s %s http: %s, want %s", name, v.ID, showHTTP(a.HTTP), showHTTP(v.HTTP))
		}
	}
}

// showHTTP says an HTTP answer for a message.
func showHTTP(h *errgenrt.ConformanceHTTP) string {
	switch {
	case h == nil:
		return "none"
	case h.RetryAfter == nil:
		return fmt.Sprintf("status %d, no Retry-After", h.Status)
	}
	return fmt.Sprintf("status %d, Retry-After %q", h.Status, *h.RetryAfter)
}

// equal reports whether a and b are both nil or point to equal values.
func equal[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}
