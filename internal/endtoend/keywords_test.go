package endtoend

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// The security keywords in every place of a detail schema (see
// gencatalog.ProbeCatalog and the table of docs/guide/catalog.md): for
// every keyword × place, the Go runtime's payloads in every format and
// under every option set keep what the keyword hides — a sensitive value,
// a home path and an e-mail address under x-sanitize, the tail of a string
// under x-max-bytes, a verbose-only value outside verbose mode — and show
// it only where the options say; the TypeScript and Rust runtimes write the
// same bytes for the same inputs (errgen conformance), and so does the
// Python runtime; and the log forms
// hide the same.

// probeCase is one input of the matrix: an error of the probe catalog,
// its details with a marker in every string, and the options.
type probeCase struct {
	id, symbol, keyword, place string
	marker                     string // text that shows the keyword did not act
	details                    json.RawMessage
	options                    errgenrt.ConformanceOptions
	hidden                     bool // whether the options hide what the keyword hides
}

// probeMarker returns the marker of keyword kw for case n, and the text of
// each string of the details.
func probeMarker(kw string, n int) (marker, text string) {
	switch kw {
	case "SANITIZE":
		return "/home/alice", fmt.Sprintf("mail bob@example.com at /home/alice/s%d", n)
	case "MAXBYTES":
		m := fmt.Sprintf("-TAIL%d-", n)
		return m, "LONGTEXT" + m + strings.Repeat("x", 30)
	case "VERBOSE":
		m := fmt.Sprintf("VERB%d", n)
		return m, m
	}
	m := fmt.Sprintf("S3CR3T%d", n)
	return m, m
}

func probeCases(t *testing.T) []probeCase {
	t.Helper()
	sets := []struct {
		name          string
		verbose, show bool
	}{{"default", false, false}, {"verbose", true, false}, {"shown", false, true}, {"verbose-shown", true, true}}
	var out []probeCase
	n := 0
	for _, kw := range gencatalog.ProbeKeywords {
		for _, p := range gencatalog.ProbePlaces {
			if !slicesContains(p.Keywords, kw) {
				continue
			}
			n++
			marker, text := probeMarker(kw, n)
			js, _ := json.Marshal(text)
			v := strings.ReplaceAll(p.Value, `"MARK"`, string(js))
			if p.Name == "ANY" {
				// an untyped object's key is a string too
				v = strings.Replace(v, `{`+string(js)+`:`, `{"k":`, 1)
			}
			details := json.RawMessage(`{"v": ` + v + `}`)
			// a message holds its placeholders whole, then takes the
			// message's bound: at 16 bytes, it cannot show the tail
			bound := 1024
			if kw == "MAXBYTES" {
				bound = 16
			}
			for _, s := range sets {
				hidden := !s.show
				switch kw {
				case "MAXBYTES":
					hidden = true // bounds hold under every option
				case "VERBOSE":
					hidden = !s.verbose
				}
				out = append(out, probeCase{
					id: gencatalog.ProbeSymbol(kw, p) + "/" + s.name, symbol: gencatalog.ProbeSymbol(kw, p), keyword: kw, place: p.Name,
					marker: marker, details: details, hidden: hidden,
					options: errgenrt.ConformanceOptions{Now: "2026-01-02T03:04:05Z", Instance: "urn:x", Verbose: s.verbose, ShowSensitive: s.show, MaxStringBytes: bound},
				})
			}
		}
	}
	return out
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestSecurityKeywordMatrix(t *testing.T) {
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.ProbeCatalog()}, "errors.yaml")
	rm := runtimemodel.Build(gen.NewInput(m))
	cases := probeCases(t)
	type vector struct {
		ID     string                       `json:"id"`
		Input  errgenrt.ConformanceInput    `json:"input"`
		Expect errgenrt.ConformancePayloads `json:"expect"`
	}
	var vectors []vector
	for _, c := range cases {
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: c.symbol, Details: c.details, Options: c.options}
		p, err := rm.Runtime.ConformancePayloads(&in)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		for format, payload := range map[string]string{"jsonrpc": p.JSONRPC, "problem": p.Problem, "response": p.Response, "toolResult": p.ToolResult} {
			if strings.Contains(payload, c.marker) == c.hidden {
				t.Errorf("%s (%s at %s), %s: marker %q shown %v, want %v:\n%s", c.id, c.keyword, c.place, format, c.marker, !c.hidden, !c.hidden, payload)
			}
		}
		vectors = append(vectors, vector{ID: c.id, Input: in, Expect: p})
	}
	// the log forms hide what the wire hides by default, verbose-only
	// values aside (they are what the log forms are for)
	for _, c := range cases {
		if !strings.HasSuffix(c.id, "/default") || c.keyword == "VERBOSE" || c.keyword == "MAXBYTES" {
			continue
		}
		var v any
		_ = json.Unmarshal(c.details, &v)
		err := rm.New(m.BySymbol(c.symbol), v)
		var log strings.Builder
		slog.New(slog.NewJSONHandler(&log, nil)).Error("failed", "err", err)
		for name, text := range map[string]string{"Error": err.Error(), "VerboseError": err.VerboseError(), "slog": log.String()} {
			if strings.Contains(text, c.marker) {
				t.Errorf("%s: %s shows %q: %s", c.id, name, c.marker, text)
			}
		}
	}
	if testing.Short() {
		return
	}
	// the same inputs through the TypeScript and Rust runtimes
	var b strings.Builder
	fmt.Fprintf(&b, "{\"conformance\": %d, \"facts\": %d, \"catalog\": {\"name\": \"probe\", \"version\": \"1.0.0\"}, \"vectors\": [\n", conformance.Version, facts.Format)
	for i, v := range vectors {
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			b.WriteString(",\n")
		}
		b.Write(line)
	}
	b.WriteString("\n]}\n")
	dir := t.TempDir()
	errgentest.WriteFile(t, dir, "vectors.json", b.String())
	t.Run("ts", func(t *testing.T) {
		if _, err := exec.LookPath("node"); err != nil {
			t.Skip("node is not installed")
		}
		writePackage(t, m, filepath.Join(dir, "ts"))
		stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", "node", filepath.Join(dir, "ts", "conformance.mjs"))
		if exit != 0 || !strings.Contains(stdout, "every payload matches") {
			t.Errorf("errgen conformance -- node conformance.mjs: exit %d\n%s%s", exit, stdout, stderr)
		}
	})
	t.Run("rust", func(t *testing.T) {
		cargo(t)
		ws := rustWorkspace(t, map[string][]gen.File{"probe": rustCrate(t, m)})
		bin := conformanceRunner(t, ws, crateName(m))
		stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", bin)
		if exit != 0 || !strings.Contains(stdout, "every payload matches") {
			t.Errorf("errgen conformance -- the Rust runner: exit %d\n%s%s", exit, stdout, stderr)
		}
	})
	t.Run("python", func(t *testing.T) {
		py := pythonBin(t)
		pkg := pythonPackage(t, m, dir) // beside vectors.json: python -m finds it there
		stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", "vectors.json", "--", py, "-m", pkg+".conformance")
		if exit != 0 || !strings.Contains(stdout, "every payload matches") {
			t.Errorf("errgen conformance -- the Python runner: exit %d\n%s%s", exit, stdout, stderr)
		}
	})
}

// TestSecurityKeywordRefusals: where a runtime could not honor a security
// keyword, errgen check refuses it at the keyword's line, saying what to
// do instead.
func TestSecurityKeywordRefusals(t *testing.T) {
	for _, c := range []struct {
		name, schema, want string
	}{
		{"on an array", `{type: array, items: {type: string}, x-sensitive: true}`, "x-sensitive on an array field: only string or untyped fields can be redacted; put it on items"},
		{"x-sanitize on an array", `{type: array, items: {type: string}, x-sanitize: path}`, "x-sanitize on an array field: only strings are sanitized; put it on items"},
		{"on an object", `{type: object, properties: {w: {type: string}}, x-sensitive: true}`, "x-sensitive on an object field"},
		{"on a number", `{type: integer, x-max-bytes: 8}`, "x-max-bytes on an integer field"},
		{"x-verbose on items", `{type: array, items: {type: string, x-verbose: true}}`, "x-verbose on items: an item cannot be left out of its array"},
		{"in anyOf", `{anyOf: [{type: string, x-sensitive: true}, {type: integer}]}`, `keyword "anyOf": errgen's runtimes do not check a detail value against it`},
		{"in oneOf", `{oneOf: [{type: string, x-sanitize: path}]}`, `keyword "oneOf"`},
		{"in not", `{type: string, not: {x-sensitive: true}}`, `keyword "not"`},
		{"in if", `{if: {x-sensitive: true}}`, `keyword "if"`},
		{"in patternProperties", `{type: object, patternProperties: {"^a": {type: string, x-sensitive: true}}}`, `keyword "patternProperties"`},
		{"in prefixItems", `{type: array, prefixItems: [{type: string, x-sensitive: true}]}`, `keyword "prefixItems"`},
		{"unique redacted items", `{type: array, uniqueItems: true, items: {type: string, x-sensitive: true}}`, "x-sensitive on the items of an array with uniqueItems"},
		{"unique scrubbed items", `{type: array, uniqueItems: true, items: {type: string, x-sanitize: path}}`, "x-sanitize on the items of an array with uniqueItems"},
		{"const on an object", `{type: object, const: {a: 1}}`, `keyword "const" on an object field: errgen's runtimes check it on strings, numbers and untyped values only`},
		{"enum on a boolean", `{type: boolean, enum: [true]}`, `keyword "enum" on a boolean field`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			errgentest.WriteFile(t, dir, "errors.yaml", "errgen: 1\nname: demo\nversion: 1.0.0\nfallback: E_INTERNAL\ndomains:\n  common: {range: [1, 99]}\n"+
				"errors:\n  E_INTERNAL: {code: 1, title: Internal, message: m, doc: d}\n  E_X:\n    code: 2\n    title: X\n    message: m\n    doc: d\n"+
				"    details:\n      type: object\n      properties:\n        v: "+c.schema+"\n")
			_, stderr, exit := runCLI(t, dir, "check", "-catalog", "errors.yaml")
			if exit != 1 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "errors.yaml:17:") {
				t.Errorf("exit %d, want 1 with %q at line 17:\n%s", exit, c.want, stderr)
			}
		})
	}
}
