package ts_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/typescript"
	"github.com/errgen/errgen/internal/runtimemodel"
)

var update = flag.Bool("update", false, "rewrite the fixture's generated files and the payloads errgenrt renders for its cases")

// fixtureFacts are the generated files of the fixture catalog that the
// runtime's unit tests (test/*.test.js) put beside the source.
var fixtureFacts = []string{"catalog.js", "constructors.js", "facts.js", "index.d.ts"}

// TestFixture holds test/fixture's generated facts to what the emitter
// writes for test/fixture/errors.yaml (-update rewrites them).
func TestFixture(t *testing.T) {
	dir := filepath.Join("test", "fixture")
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	files, err := typescript.Generate(gen.NewInput(m), typescript.Options{Source: "errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range fixtureFacts {
		var data []byte
		for _, f := range files {
			if f.Path == name {
				data = f.Data
			}
		}
		if data == nil {
			t.Fatalf("the emitter writes no %s", name)
		}
		path := filepath.Join(dir, name)
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(old, data) {
			t.Errorf("%s is stale: go test ./runtime/ts -update", path)
		}
	}
}

// payloadCase is one case of test/fixture/payloads.json: an input (the
// conformance vectors' form), and what errgenrt renders for it — the
// payload of each format and the violations OnViolation learns of while
// it renders them, in order.
type payloadCase struct {
	Name   string                    `json:"name"`
	Input  errgenrt.ConformanceInput `json:"input"`
	Expect *payloadExpect            `json:"expect,omitempty"`
}

type payloadExpect struct {
	Payloads   errgenrt.ConformancePayloads `json:"payloads"`
	Violations []violation                  `json:"violations"`
}

// violation is an errgenrt.Violation as the TypeScript runtime's
// onViolation hook gets it.
type violation struct {
	Symbol  string `json:"symbol"`
	Path    string `json:"path"`
	Keyword string `json:"keyword"`
	Outcome string `json:"outcome"`
}

// TestPayloadsFixture holds test/fixture/payloads.json, whose cases the
// runtime's rules test (test/rules.test.js) renders with the TypeScript
// runtime, to what errgenrt renders for them from the fixture's facts
// (-update rewrites each case's expect).
func TestPayloadsFixture(t *testing.T) {
	dir := filepath.Join("test", "fixture")
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "errors.yaml"))
	rm := runtimemodel.Build(gen.NewInput(m))
	path := filepath.Join(dir, "payloads.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Comment string        `json:"//"`
		Cases   []payloadCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var violations []violation
	rm.Runtime.OnViolation = func(v errgenrt.Violation) {
		violations = append(violations, violation{v.Symbol, v.Path, v.Keyword, v.Outcome})
	}
	for i := range file.Cases {
		c := &file.Cases[i]
		violations = []violation{}
		p, err := rm.Runtime.ConformancePayloads(&c.Input)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		got := &payloadExpect{Payloads: p, Violations: violations}
		if *update {
			c.Expect = got
			continue
		}
		want, _ := json.Marshal(c.Expect)
		have, _ := json.Marshal(got)
		if !bytes.Equal(want, have) {
			t.Errorf("%s: errgenrt renders\n%s\npayloads.json expects\n%s\n(go test ./runtime/ts -update)", c.Name, have, want)
		}
	}
	if *update {
		var b bytes.Buffer
		b.WriteString("{\n\"//\": " + strconv.Quote(file.Comment) + ",\n\"cases\": [\n")
		for i, c := range file.Cases {
			line, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				b.WriteString(",\n")
			}
			b.Write(line)
		}
		b.WriteString("\n]\n}\n")
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
