package endtoend

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/gencatalog"
)

// hostile are gencatalog.Hostile, the strings of the hostile catalog.
var hostile = gencatalog.Hostile

func hostileCatalog() string { return string(gencatalog.HostileCatalog()) }

const hostileMain = `package main

import (
	"encoding/json"
	"os"

	hz "example.com/hostile/hz"
	"github.com/errgen/errgen/errgenrt"
)

func main() {
	out := map[string]any{}
	for _, d := range hz.Catalog.All() {
		e := errgenrt.New(d, &hz.Shape{S: d.Title}, nil...)
		out[d.Symbol] = map[string]any{
			"title":      d.Title,
			"message":    string(d.Message),
			"suggestion": string(d.Suggestions[0]),
			"response":   json.RawMessage(e.AppendResponse(nil, nil)),
			"rpc":        json.RawMessage(e.AppendJSONRPC(nil, nil)),
		}
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`

// TestHostileStringsRoundTrip generates every output of the hostile
// catalog, compiles the Go and TypeScript, and reads each string back
// byte-exact from the Go metadata (templates as their catalog text) and
// wire output (templates rendered), the TypeScript const object and the
// JSON Schema.
func TestHostileStringsRoundTrip(t *testing.T) {
	dir := tempModule(t, "example.com/hostile", map[string]string{"errors.yaml": hostileCatalog(), "main.go": hostileMain})
	generateIn(t, dir, "hz")
	out := []byte(goIn(t, dir, "run", "."))
	var got map[string]struct {
		Title, Message, Suggestion string
		Response                   struct {
			Message string
			Details struct{ S string }
		}
		RPC struct {
			Data struct {
				Context struct{ Suggestions []string }
			}
		}
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	for i, h := range hostile {
		g := got["E_H"+string(rune('0'+i))]
		source := strings.NewReplacer("{", "{{", "}", "}}").Replace(h) // the template text of h
		if g.Title != h || g.Message != source || g.Suggestion != source || g.Response.Details.S != h ||
			g.Response.Message != h || len(g.RPC.Data.Context.Suggestions) != 1 || g.RPC.Data.Context.Suggestions[0] != h {
			t.Errorf("string %d does not come back byte-exact from Go: %+q", i, g)
		}
	}

	// TypeScript: the package type-checks and its const object holds the titles
	tscIn(t, dir, "ts/index.d.ts")
	jsOut := nodeIn(t, dir, `import * as p from "./ts/index.js"; process.stdout.write(JSON.stringify(Object.values(p.CATALOG.errors).map((e) => e.title)))`)
	var titles []string
	if err := json.Unmarshal(jsOut, &titles); err != nil || !reflect.DeepEqual(titles, hostile) {
		t.Errorf("TypeScript titles differ: %v\n%q", err, titles)
	}

	// JSON Schema: descriptions and enum values verbatim
	raw, err := os.ReadFile(filepath.Join(dir, "schema", "s.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(raw) {
		t.Fatal("the schema is not valid JSON")
	}
	var schema map[string]any
	_ = json.Unmarshal(raw, &schema)
	strs := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			strs[x] = true
		case map[string]any:
			for _, c := range x {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(schema)
	for i, h := range hostile {
		if !strs[string(rune('a'+i))+h] {
			t.Errorf("enum value %d does not come back from the schema", i)
		}
	}
	found := strs[hostile[3]]
	if !found {
		t.Errorf("the hostile description does not come back from the schema")
	}
}

// TestHostileNamesInDiagnostics: names that YAML's escapes fill with a
// newline, a terminal escape sequence or a bidirectional control are
// reported, like every other name, one diagnostic a line, with nothing a
// terminal would act on.
func TestHostileNamesInDiagnostics(t *testing.T) {
	dir := t.TempDir()
	catalog := `errgen: 1
name: x
version: 1.0.0
fallback: E_A
domains: {d: {range: [1, 9]}}
details:
  "s\e[31m\nX": {type: object, properties: {"p\e]0;pwn\a": {type: string}}}
errors:
  E_A: {code: 1, title: t, message: m}
  "E_B\e[2J\nfake.yaml:1:1: error: forged\u202e": {code: 2, title: t, message: "m {q}", details: "s\e[31m\nX"}
`
	if err := os.WriteFile(filepath.Join(dir, "errors.yaml"), []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, exit := runCLI(t, dir, "check", "-catalog", "errors.yaml")
	if exit != 1 {
		t.Fatalf("check exited %d, want 1:\n%s", exit, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "errors.yaml:") {
			t.Errorf("stderr line %d is not a diagnostic of errors.yaml: %q", i+1, line)
		}
		if strings.ContainsAny(line, "\x1b\x07\r\u202e") {
			t.Errorf("stderr line %d carries a control character: %q", i+1, line)
		}
	}
	if !strings.Contains(stderr, `E_B\x1b[2J\nfake.yaml:1:1: error: forged\u202e has no doc`) {
		t.Errorf("the hostile symbol is not named, escaped, in its warning:\n%s", stderr)
	}
}
