package model_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
)

// A pattern check refuses is an error at the pattern's line saying what is
// wrong and how to write it; one every runtime matches in linear time,
// however a backtracking engine would stall on it, is taken. A value of
// the regex format keeps JavaScript's reading without flags: \- and a lone
// ], which no pattern may hold, are regex values.
func TestPatternDiagnostics(t *testing.T) {
	src := base + `  shaped:
    type: object
    properties:
      dash: {type: string, pattern: "^\\-x$"}
      ahead: {type: string, pattern: "(?=a)b"}
      ref: {type: string, pattern: "(a)\\1"}
      prop: {type: string, pattern: "\\p{L}+"}
      lone: {type: string, pattern: "a]"}
      flags: {type: string, pattern: "(?i)abc"}
      big: {type: string, pattern: "a{1001}"}
      nested: {type: string, pattern: "^(a+)+$"}
  rx:
    type: object
    properties:
      nested: {type: string, pattern: "^(a+)+$"}
      re: {type: string, format: regex}
errors:
  E_INTERNAL: {code: 1000, title: Internal, message: Internal error, doc: d}
  E_SHAPED: {code: 1001, title: Shaped, message: Shaped, doc: d, details: shaped}
  E_RX:
    code: 1002
    title: Rx
    message: Rx
    doc: d
    details: rx
    examples:
      - {nested: aaa, re: "^\\-x$"}
      - {re: "a]"}
      - {re: "(?=a)"}
`
	_, diags := build(t, catalog.MapFS{"errors.yaml": []byte(src)})
	lines := strings.Split(src, "\n")
	at := func(marker string) string {
		for i, l := range lines {
			if strings.Contains(l, marker) {
				return fmt.Sprintf("errors.yaml:%d:%d: error: ", i+1, strings.Index(l, marker)+1)
			}
		}
		t.Fatalf("no line holds %q", marker)
		return ""
	}
	want := map[string][]string{
		at(`"^\\-x$"}`): {`invalid pattern "^\\-x$"`, "u flag", "write - without the backslash"},
		at(`"(?=a)b"`):  {`invalid pattern "(?=a)b"`, "lookaround (?=…) is not supported"},
		at(`"(a)\\1"`):  {`back reference \1 is not supported`, "repeat the group"},
		at(`"\\p{L}+"`): {`Unicode property escape \p{L}`, "list the ranges"},
		at(`"a]"}`):     {"a lone ]", `write \]`},
		at(`"(?i)abc"`): {"inline flags (?i) are Go's"},
		at(`"a{1001}"`): {"at most 1000"},
		at(`"(?=a)"}`):  {"example 3 of E_RX", "not valid regex"},
	}
	got := strings.Split(strings.TrimSpace(diags), "\n")
	for prefix, words := range want {
		found := false
		for _, d := range got {
			if strings.HasPrefix(d, prefix) {
				found = true
				for _, w := range words {
					if !strings.Contains(d, w) {
						t.Errorf("%s\n\twant it to say %q", d, w)
					}
				}
			}
		}
		if !found {
			t.Errorf("no diagnostic at %s…; got:\n%s", prefix, diags)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d diagnostics, want %d:\n%s", len(got)-1, len(want), diags)
	}
}
