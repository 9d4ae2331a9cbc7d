package cli

import (
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const explainCatalog = `errgen: 1
name: shop
version: 1.2.0
problem_base: https://docs.example.com/errors/
fallback: E_INTERNAL
domains:
  rpc: {range: [-32768, -32000], reserved: true}
  common: {range: [1000, 1099], title: Common errors}
details:
  limit:
    description: A limit was exceeded.
    type: object
    required: [resource, limit]
    properties:
      resource: {type: string, description: What was limited.}
      limit: {type: integer, minimum: 0}
      secret: {type: string, x-sensitive: true}
      where: {type: object, properties: {file: {type: string}}}
errors:
  E_INVALID_PARAMS:
    code: -32602
    title: Invalid params
    message: Invalid params
    status: 400
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: An internal error occurred
  E_TOO_LARGE:
    code: 1001
    aliases: [E_OVERSIZED, E_TOO_BIG]
    title: Too large
    message: "{resource} is over {limit}"
    user_message: Too large.
    suggestions: [Send less, "Split it in {limit}-sized parts"]
    status: [413, 400]
    wire_code: -32602
    details: limit
    since: 1.1.0
    doc: |
      Raised when a request is larger than the configured limit. This paragraph is long enough that it has to be wrapped at eighty columns for the terminal.

      - a list item that is also long enough to wrap at the terminal's width, with a hanging indent
      - short item

      ` + "```" + `
      code stays   as written
      ` + "```" + `
    examples:
      - {resource: body, limit: 1024, secret: hunter2}
  E_OLD_LIMIT:
    code: 1002
    title: "Old limit \u001b[31m\u202eevil"
    message: Old
    deprecated: {since: 1.2.0, replaced_by: E_TOO_LARGE, note: Use the new one.}
retired:
  - {code: 1050, symbol: E_GONE, since: 1.0.0, note: merged into E_TOO_LARGE}
`

func explainProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(explainCatalog))
	return dir
}

// TestExplainFindsErrors looks one error up by code, symbol, type, slug and
// problem type URI: each prints the same reference.
func TestExplainFindsErrors(t *testing.T) {
	dir := explainProject(t)
	want, stderr, code := run(t, dir, "explain", "1001")
	if code != ExitOK || stderr != "" {
		t.Fatalf("explain 1001: exit %d, stderr %q", code, stderr)
	}
	for _, q := range []string{"E_TOO_LARGE", "e_too_large", "too_large", "too-large", "https://docs.example.com/errors/too-large", "E_OVERSIZED", "e_too_big"} {
		got, stderr, code := run(t, dir, "explain", q)
		if code != ExitOK || stderr != "" || got != want {
			t.Errorf("explain %s: exit %d, stderr %q, output differs from explain 1001:\n%s", q, code, stderr, got)
		}
	}
	// a negative code, alone, after --, or among flags; -catalog after the name
	other := t.TempDir()
	catalogFile := filepath.Join(dir, "catalog", "errors.yaml")
	for _, args := range [][]string{
		{"-32602"},
		{"--", "-32602"},
		{"-catalog", catalogFile, "-32602"},
		{"-catalog=" + catalogFile, "-32602"},
		{"-32602", "-catalog", catalogFile},
	} {
		in := dir
		if len(args) > 1 && args[0] != "--" {
			in = other
		}
		if out, stderr, code := run(t, in, append([]string{"explain"}, args...)...); code != ExitOK || !strings.HasPrefix(out, "E_INVALID_PARAMS (-32602): Invalid params\n") {
			t.Errorf("explain %q: exit %d, %q %q", args, code, out, stderr)
		}
	}
	// a negative value of a flag stays the flag's; an unknown flag is still one
	if _, stderr, code := run(t, dir, "explain", "-catalog", "-5"); code != ExitUsage || !strings.Contains(stderr, "name an error") {
		t.Errorf("explain -catalog -5: exit %d, %q", code, stderr)
	}
	if _, stderr, code := run(t, dir, "explain", "-nope", "-32602"); code != ExitUsage || !strings.Contains(stderr, "flag provided but not defined: -nope") {
		t.Errorf("explain -nope -32602: exit %d, %q", code, stderr)
	}
	// a misspelled alias names the error it belongs to
	if _, stderr, code := run(t, dir, "explain", "E_OVERSIZE"); code != ExitInvalid || !strings.Contains(stderr, "closest: E_TOO_LARGE (1001)") {
		t.Errorf("explain E_OVERSIZE: exit %d, %q", code, stderr)
	}
	if out, stderr, code := run(t, other, "explain", "E_INTERNAL", "-catalog", filepath.Join(dir, "catalog", "errors.yaml")); code != ExitOK || !strings.HasPrefix(out, "E_INTERNAL (1000)") {
		t.Errorf("explain NAME -catalog FILE: exit %d, %q %q", code, out, stderr)
	}
}

// TestExplainOutput holds the whole reference of one error.
func TestExplainOutput(t *testing.T) {
	out, _, _ := run(t, explainProject(t), "explain", "E_TOO_LARGE")
	want := `E_TOO_LARGE (1001): Too large

    code           1001
    symbol         E_TOO_LARGE
    aliases        E_OVERSIZED, E_TOO_BIG
    type           too_large
    problem type   https://docs.example.com/errors/too-large
    JSON-RPC code  -32602
    HTTP status    413, 400 (the first is the default)
    retryable      no
    retry          never
    domain         common (Common errors)
    since          1.1.0

Message
    {resource} is over {limit}

User message
    Too large.

Suggestions
    - Send less
    - Split it in {limit}-sized parts

Details (shape limit)
    A limit was exceeded.
    FIELD       TYPE          REQUIRED  NOTES
    resource    string        yes
        What was limited.
    limit       integer; ≥ 0  yes
    secret      string        no        sensitive: redacted unless sensitive values are shown
    where       object        no
    where.file  string        no

Raised when a request is larger than the configured limit. This paragraph is
long enough that it has to be wrapped at eighty columns for the terminal.

- a list item that is also long enough to wrap at the terminal's width, with a
  hanging indent
- short item

` + "```" + `
code stays   as written
` + "```" + `

Example (JSON-RPC error object)
    {
      "code": -32602,
      "message": "body is over 1024",
      "data": {
        "domain": "common",
        "symbol": "E_TOO_LARGE",
        "retryable": false,
        "retry": "never",
        "context": {
          "schemaVersion": 1,
          "type": "too_large",
          "details": {
            "resource": "body",
            "limit": 1024,
            "secret": "\u003credacted\u003e"
          },
          "userMessage": "Too large.",
          "suggestions": [
            "Send less",
            "Split it in 1024-sized parts"
          ],
          "retryable": false
        }
      }
    }
`
	if out != want {
		t.Errorf("explain E_TOO_LARGE:\n%s", lineDiff(want, out))
	}
}

// TestExplainRetry: the retry class follows retryable, with the default
// delay and the throttling mark.
func TestExplainRetry(t *testing.T) {
	dir := t.TempDir()
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(`errgen: 1
name: shop
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL: {code: 1000, title: Internal error, message: Internal error}
  E_LIMITED: {code: 1001, title: Limited, message: Limited, status: 429, retry: {class: after_delay, delay: 90s, throttling: true}}
  E_BUSY: {code: 1002, title: Busy, message: Busy, status: 503, retryable: true}
  E_STALE: {code: 1003, title: Stale, message: Stale, status: 401, retry: after_change}
  E_SOON: {code: 1004, title: Soon, message: Soon, status: 503, retry: {class: after_delay, delay: 250ms}}
`))
	for sym, want := range map[string]string{
		"E_INTERNAL": "    retryable      no\n    retry          never\n",
		"E_LIMITED":  "    retryable      yes\n    retry          after_delay (90 s by default; throttling)\n",
		"E_BUSY":     "    retryable      yes\n    retry          after_delay\n",
		"E_STALE":    "    retryable      no\n    retry          after_change\n",
		"E_SOON":     "    retryable      yes\n    retry          after_delay (250 ms by default)\n",
	} {
		out, stderr, code := run(t, dir, "explain", sym)
		if code != ExitOK || !strings.Contains(out, want) {
			t.Errorf("explain %s: exit %d, stderr %q, want %q in:\n%s", sym, code, stderr, want, out)
		}
	}
}

func lineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n- " + w + "\n+ " + g + "\n\ngot:\n" + got
		}
	}
	return ""
}

func itoa(n int) string {
	s := ""
	for n >= 10 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return string(rune('0'+n)) + s
}

// TestExplainDeprecatedAndTerminalSafe: the deprecation line names the
// replacement; escape sequences and bidi controls are printed as escapes.
func TestExplainDeprecatedAndTerminalSafe(t *testing.T) {
	out, _, code := run(t, explainProject(t), "explain", "E_OLD_LIMIT")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if !strings.HasPrefix(out, `E_OLD_LIMIT (1002): Old limit \u001b[31m\u202eevil`+"\n") {
		t.Errorf("title not escaped: %q", strings.SplitN(out, "\n", 2)[0])
	}
	if strings.ContainsAny(out, "\x1b\u202e") {
		t.Errorf("raw control characters reached the terminal")
	}
	if !strings.Contains(out, "    deprecated     yes, since 1.2.0; use E_TOO_LARGE (1001) instead. Use the new\n                   one.\n") {
		t.Errorf("deprecation line missing:\n%s", out)
	}
	if !strings.Contains(out, "\nDetails\n    none: context.details is {}\n") {
		t.Errorf("no-details line missing:\n%s", out)
	}
}

// TestExplainUnknown: no match exits 1 with the closest errors.
func TestExplainUnknown(t *testing.T) {
	dir := explainProject(t)
	for _, c := range []struct{ q, want string }{
		{"E_TOO_LARG", `errgen explain: no error has symbol, type or problem type "E_TOO_LARG" in shop; closest: E_TOO_LARGE (1001)` + "\n"},
		{"too-larg", `closest: E_TOO_LARGE (1001)`},
		{"1003", "errgen explain: no error has code 1003 in shop; closest: E_OLD_LIMIT (1002), E_TOO_LARGE (1001), E_INTERNAL (1000)\n"},
		{"1050", "no error has code 1050 in shop; E_GONE (1050) was retired in 1.0.0: merged into E_TOO_LARGE\n"},
		{"E_GONE", "E_GONE (1050) was retired in 1.0.0"},
		{"zzzzzzzzzzzzzzzz", `no error has symbol, type or problem type "zzzzzzzzzzzzzzzz" in shop` + "\n"},
	} {
		out, stderr, code := run(t, dir, "explain", c.q)
		if code != ExitInvalid || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("explain %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.q, code, out, stderr, c.want)
		}
	}
	// a JSON-RPC wire code that is no catalog code names the errors sent with it
	if _, stderr, _ := run(t, dir, "explain", "--", "-32601"); !strings.Contains(stderr, "closest: E_INVALID_PARAMS (-32602)") {
		t.Errorf("stderr %q", stderr)
	}
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(strings.Replace(explainCatalog, "E_INVALID_PARAMS:\n    code: -32602", "E_INVALID_PARAMS:\n    code: -32000", 1)))
	if _, stderr, code := run(t, dir, "explain", "--", "-32602"); code != ExitInvalid || !strings.Contains(stderr, "errors sent with JSON-RPC code -32602: E_TOO_LARGE (1001)") {
		t.Errorf("wire code: exit %d, stderr %q", code, stderr)
	}
}

// TestExplainUsage: -h, a missing name, an extra argument, a missing or
// invalid catalog.
func TestExplainUsage(t *testing.T) {
	dir := explainProject(t)
	if _, stderr, code := run(t, dir, "explain", "-h"); code != ExitOK || !strings.Contains(stderr, "usage: errgen explain CODE|SYMBOL|TYPE|STATUS [-catalog FILE]") {
		t.Errorf("-h: exit %d, %q", code, stderr)
	}
	if out, _, code := run(t, dir, "help", "explain"); code != ExitOK || !strings.Contains(out, "errgen explain -32700") {
		t.Errorf("help explain: exit %d, %q", code, out)
	}
	if _, stderr, code := run(t, dir, "explain"); code != ExitUsage || !strings.Contains(stderr, "name an error") {
		t.Errorf("no name: exit %d, %q", code, stderr)
	}
	if _, stderr, code := run(t, dir, "explain", "1001", "extra"); code != ExitUsage || !strings.Contains(stderr, `unexpected argument "extra"`) {
		t.Errorf("extra argument: exit %d, %q", code, stderr)
	}
	if _, stderr, code := run(t, t.TempDir(), "explain", "1001"); code != ExitUsage || !strings.Contains(stderr, "does not exist") {
		t.Errorf("no catalog: exit %d, %q", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "catalog", "errors.yaml"), []byte("errgen: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, dir, "explain", "1001"); code != ExitInvalid || !strings.Contains(stderr, "error:") {
		t.Errorf("invalid catalog: exit %d, %q", code, stderr)
	}
}

// TestExplainStatus: an HTTP status that is no error's code lists the
// errors that allow it; one that is also a code explains that error and
// names the errors allowing the status.
func TestExplainStatus(t *testing.T) {
	dir := explainProject(t)
	for q, want := range map[string]string{
		"413": "HTTP status 413 is allowed by 1 error of shop:\n\n" +
			"    CODE  SYMBOL       TITLE      STATUS\n" +
			"    1001  E_TOO_LARGE  Too large  default\n\n" +
			"errgen explain SYMBOL prints one error's reference.\n",
		"400": "HTTP status 400 is allowed by 2 errors of shop:\n\n" +
			"    CODE    SYMBOL            TITLE           STATUS\n" +
			"    -32602  E_INVALID_PARAMS  Invalid params  default\n" +
			"    1001    E_TOO_LARGE       Too large       allowed (default 413)\n\n" +
			"errgen explain SYMBOL prints one error's reference.\n",
	} {
		out, stderr, code := run(t, dir, "explain", q)
		if code != ExitOK || stderr != "" || out != want {
			t.Errorf("explain %s: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", q, code, stderr, out, want)
		}
	}
	_, stderr, code := run(t, dir, "explain", "404")
	if want := "errgen explain: no error has code 404 in shop; no error allows HTTP status 404 either (the statuses of shop: 400, 413, 500)\n"; code != ExitInvalid || stderr != want {
		t.Errorf("explain 404: exit %d, stderr %q, want %q", code, stderr, want)
	}
	for _, q := range []string{"399", "600", "4040"} { // not statuses: codes
		if _, stderr, _ := run(t, dir, "explain", q); strings.Contains(stderr, "HTTP status") {
			t.Errorf("explain %s took it for a status: %q", q, stderr)
		}
	}

	both := strings.Replace(explainCatalog, "  common: {range: [1000, 1099], title: Common errors}\n",
		"  common: {range: [1000, 1099], title: Common errors}\n  web: {range: [400, 599]}\n", 1)
	both = strings.Replace(both, "errors:\n", "errors:\n  E_NOT_FOUND: {code: 404, title: Not found, message: Not found, status: 404}\n"+
		"  E_GONE_AWAY: {code: 1003, title: Gone, message: Gone, status: [410, 404]}\n", 1)
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(both))
	out, stderr, code := run(t, dir, "explain", "404")
	ref, _, _ := run(t, dir, "explain", "E_NOT_FOUND")
	if want := ref + "\n404 is also an HTTP status, which 2 errors allow: E_NOT_FOUND (404), E_GONE_AWAY (1003)\n"; code != ExitOK || stderr != "" || out != want {
		t.Errorf("explain 404, a code and a status: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, out, want)
	}
}

// TestExplainFormats: explain shows the facts and the example of the wire
// formats the catalog uses only.
func TestExplainFormats(t *testing.T) {
	dir := explainProject(t)
	for _, c := range []struct {
		formats   string
		has, hasn []string
	}{
		{"", []string{"problem type", "JSON-RPC code", "HTTP status", "Example (JSON-RPC error object)"}, nil},
		{"[problem]", []string{"problem type", "HTTP status", "Example (problem document)", `"type": "https://docs.example.com/errors/too-large"`}, []string{"JSON-RPC", "context"}},
		{"[response]", []string{"HTTP status", "Example (plain response)", `"error": true`}, []string{"JSON-RPC", "problem type"}},
		{"[response, jsonrpc]", []string{"JSON-RPC code", "HTTP status", "Example (JSON-RPC error object)"}, []string{"problem type"}},
		{"[jsonrpc]", []string{"JSON-RPC code", "Example (JSON-RPC error object)"}, []string{"problem type", "HTTP status"}},
	} {
		cat := explainCatalog
		if c.formats != "" {
			cat = strings.Replace(cat, "fallback: E_INTERNAL\n", "fallback: E_INTERNAL\nformats: "+c.formats+"\nmcp: {tool_errors: error}\n", 1)
		}
		errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), []byte(cat))
		out, stderr, code := run(t, dir, "explain", "E_TOO_LARGE")
		if code != ExitOK {
			t.Fatalf("formats %s: exit %d: %s", c.formats, code, stderr)
		}
		for _, want := range c.has {
			if !strings.Contains(out, want) {
				t.Errorf("formats %s: explain lacks %q:\n%s", c.formats, want, out)
			}
		}
		for _, bad := range c.hasn {
			if strings.Contains(out, bad) {
				t.Errorf("formats %s: explain shows %q:\n%s", c.formats, bad, out)
			}
		}
	}
}
