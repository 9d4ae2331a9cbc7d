package diff_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/cli"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/diff"
	"github.com/errgen/errgen/internal/model"
)

// build loads and checks an in-memory catalog.
func build(t *testing.T, name, src string) (*model.Catalog, *catalog.Catalog) {
	t.Helper()
	raw, diags, err := catalog.Parse(catalog.MapFS{name: []byte(src)}, name)
	if err != nil {
		t.Fatal(err)
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		t.Fatalf("%s is invalid:\n%s", name, diags.Format(""))
	}
	return m, raw
}

const recursive = `errgen: 1
name: demo
version: 1.0.0
fallback: E_TREE
domains:
  common: {range: [1000, 1099]}
details:
  node:
    type: object
    required: [name]
    properties:
      name: {type: string}
      children:
        type: array
        items: {$ref: node}
  money:
    type: object
    properties:
      amount: {type: integer}
errors:
  E_TREE:
    code: 1000
    title: Tree
    message: Tree
    details:
      type: object
      properties:
        root: {$ref: node}
        price: {$ref: money}
        cost: {$ref: money}
    doc: A tree.
`

func format(changes []diff.Change) string {
	var b strings.Builder
	for _, c := range changes {
		fmt.Fprintf(&b, "%s: %s: %s\n", c.Pos, c.Severity, c.Message)
	}
	return b.String()
}

// TestRecursiveShapes: a change inside a recursive shape is reported once
// and the walk ends; a shape reached by two paths is reported once too,
// with the errors it reaches.
func TestRecursiveShapes(t *testing.T) {
	old, _ := build(t, "old.yaml", recursive)
	new, _ := build(t, "new.yaml", strings.Replace(strings.Replace(recursive,
		"      name: {type: string}\n      children:", "      name: {type: integer}\n      children:", 1),
		"      amount: {type: integer}\n", "      amount: {type: integer}\n      currency: {type: string}\n", 1))
	got := format(diff.Compare(old, new))
	want := `new.yaml:12:20: breaking: type of detail field "name" of shape "node" changed from "string" to "integer" (used by E_TREE)
new.yaml:20:7: compatible: detail field "currency" of shape "money" added (optional) (used by E_TREE)
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestCompareWithoutRaw: with only the models, changes of an error's keys
// sit on the error's symbol; with the raw catalogs, on the key itself.
func TestCompareWithoutRaw(t *testing.T) {
	old, oldRaw := build(t, "old.yaml", recursive)
	new, newRaw := build(t, "new.yaml", strings.Replace(recursive, "    code: 1000\n", "    code: 1001\n", 1))
	got := diff.Compare(old, new)
	if len(got) != 1 || got[0].Kind != diff.KindCodeChanged || got[0].Pos != new.Errors[0].Pos || got[0].InOld {
		t.Fatalf("Compare: %+v", got)
	}
	if got[0].Old != int64(1000) || got[0].New != int64(1001) || got[0].Symbol != "E_TREE" {
		t.Errorf("values: %+v", got[0])
	}
	fine := diff.CompareSources(diff.Source{Catalog: old, Raw: oldRaw}, diff.Source{Catalog: new, Raw: newRaw})
	if want := (diag.Pos{File: "new.yaml", Line: 22, Col: 11}); len(fine) != 1 || fine[0].Pos != want {
		t.Errorf("CompareSources: %+v, want the change at %s", fine, want)
	}
	if changes := diff.Compare(old, old); len(changes) != 0 {
		t.Errorf("a catalog differs from itself: %s", format(changes))
	}
}

func TestSortAndSummarize(t *testing.T) {
	p := func(line int) diag.Pos { return diag.Pos{File: "a.yaml", Line: line, Col: 1} }
	changes := []diff.Change{
		{Severity: diff.Compatible, Pos: p(1), Message: "c"},
		{Severity: diff.Breaking, Pos: p(9), Message: "b2"},
		{Severity: diff.Warning, Pos: p(2), Message: "w"},
		{Severity: diff.Breaking, Pos: p(3), Message: "b1"},
	}
	diff.Sort(changes)
	var order []string
	for _, c := range changes {
		order = append(order, c.Message)
	}
	if got := strings.Join(order, " "); got != "b1 b2 w c" {
		t.Errorf("order %s", got)
	}
	if s := diff.Summarize(changes); s != (diff.Summary{Breaking: 2, Warning: 1, Compatible: 1}) {
		t.Errorf("summary %+v", s)
	}
	if b, _ := json.Marshal(diff.Warning); string(b) != `"warning"` {
		t.Errorf("severity JSON %s", b)
	}
}

// TestJSONReport pins the -json format: an object with old, new, the
// changes (severity, kind, symbol, shape, errors, file, line, col,
// message, old, new), a summary and the breaking verdict.
func TestJSONReport(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"old.yaml": recursive,
		"new.yaml": strings.Replace(strings.Replace(recursive, "    code: 1000\n", "    code: 1001\n", 1),
			"    doc: A tree.\n", "    doc: A tree of nodes.\n", 1),
	})
	stdout, stderr, exit := runCLI(t, dir, "diff", "old.yaml", "new.yaml", "-json")
	want := `{
  "old": "old.yaml",
  "new": "new.yaml",
  "changes": [
    {
      "severity": "breaking",
      "kind": "code-changed",
      "symbol": "E_TREE",
      "shape": "",
      "errors": [
        "E_TREE"
      ],
      "file": "new.yaml",
      "line": 22,
      "col": 11,
      "message": "code of E_TREE changed from 1000 to 1001",
      "old": 1000,
      "new": 1001
    },
    {
      "severity": "compatible",
      "kind": "doc-changed",
      "symbol": "E_TREE",
      "shape": "",
      "errors": [
        "E_TREE"
      ],
      "file": "new.yaml",
      "line": 31,
      "col": 10,
      "message": "doc of E_TREE changed from \"A tree.\" to \"A tree of nodes.\"",
      "old": "A tree.",
      "new": "A tree of nodes."
    }
  ],
  "summary": {
    "breaking": 1,
    "warning": 0,
    "compatible": 1,
    "total": 2
  },
  "breaking": true
}
`
	if stdout != want || stderr != "" || exit != cli.ExitInvalid {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", exit, stderr, stdout)
	}
	stdout, _, exit = runCLI(t, dir, "diff", "-json", "old.yaml", "old.yaml")
	var r jsonReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || exit != cli.ExitOK || r.Changes == nil || len(r.Changes) != 0 || r.Breaking {
		t.Errorf("no changes: exit %d, %v, %s", exit, err, stdout)
	}
	if !strings.Contains(stdout, `"changes": []`) {
		t.Errorf("an empty report must hold an empty list, not null:\n%s", stdout)
	}
}

func TestUsage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.yaml": recursive})
	for _, tc := range []struct {
		args   []string
		exit   int
		stderr string
	}{
		{[]string{"diff"}, cli.ExitUsage, "want two catalogs"},
		{[]string{"diff", "a.yaml"}, cli.ExitUsage, "want two catalogs, OLD and NEW, got 1 argument\n"},
		{[]string{"diff", "a.yaml", "a.yaml", "b.yaml"}, cli.ExitUsage, "got 3 arguments\n"},
		{[]string{"diff", "-nope", "a.yaml", "a.yaml"}, cli.ExitUsage, "-nope"},
		{[]string{"diff", "a.yaml", "missing.yaml"}, cli.ExitUsage, "catalog missing.yaml does not exist"},
		{[]string{"diff", "-h"}, cli.ExitOK, "usage: errgen diff [-json] OLD NEW"},
	} {
		stdout, stderr, exit := runCLI(t, dir, tc.args...)
		if exit != tc.exit || !strings.Contains(stderr, tc.stderr) || (exit != cli.ExitOK && stdout != "") {
			t.Errorf("errgen %s: exit %d, stdout %q, stderr %q", strings.Join(tc.args, " "), exit, stdout, stderr)
		}
	}
	if out, _, exit := runCLI(t, dir, "help", "diff"); exit != cli.ExitOK || !strings.Contains(out, "git:REV:PATH") {
		t.Errorf("help diff: exit %d, %q", exit, out)
	}
}
