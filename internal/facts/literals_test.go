package facts_test

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
)

// A literal is one wire constant as a file other than its source writes
// it. Every match of re in the file is a place the file writes it, re's
// groups being the constant's values as written there; each must read
// want, and the file must hold exactly count matches, so that a line
// rewritten out of re's reach fails here instead of going unchecked.
type literal struct {
	file  string   // from the repository's root
	name  string   // the constant, as a failure names it
	re    string   // each place the file writes the constant; its groups are the values
	want  []string // the values of re's groups, from the constant's source
	count int      // how many places the file writes it
}

// TestRuntimeLiterals holds the wire constants that errgen's other
// runtimes (and the conformance page they are written from, and the docs'
// field template) write as literals to their single source: the facts'
// rules table (facts.RuleValues, from errgenrt) and errgenrt's constants
// that the facts do not carry. The runtimes read the rules table from
// each catalog's facts wherever they can; a literal stays where that
// would not do: a regular expression compiled once for every catalog (the
// token rule of the sanitizers), a module that holds no catalog (Python's
// sanitize.py), a constant of a protocol the facts do not describe (the
// conformance runners' input depth, the problem document's media type),
// and the doc comments a reader of a runtime or a page sees. Changing a
// constant in errgenrt fails each row that writes it, naming the file and
// the line.
func TestRuntimeLiterals(t *testing.T) {
	r := facts.RuleValues()
	if len(r.MinimalStringBytes) != 2 {
		t.Fatalf("the rows below write the minimal string bounds as two (a first try, then a harsher one); the rules have %v", r.MinimalStringBytes)
	}
	n := strconv.Itoa
	var (
		redacted     = []string{r.Redacted}
		minimal      = []string{n(r.MinimalStringBytes[0]), n(r.MinimalStringBytes[1])}
		debugBytes   = []string{n(r.DebugStringBytes)}
		chain        = []string{n(r.ErrorChainEntries)}
		depth        = []string{n(r.UntypedDepth)}
		dataFloor    = []string{n(r.MinMaxDataBytes)}
		stringFloor  = []string{n(r.MinMaxStringBytes)}
		tokenRun     = []string{n(errgenrt.TokenRunBytes)}
		perMark      = []string{n(errgenrt.TokenBytesPerMark)}
		problemType  = []string{errgenrt.ProblemContentType}
		inputDepth   = []string{n(errgenrt.MaxInputDepth)}
		chainInWords = []string{word(t, r.ErrorChainEntries)}
	)
	const (
		ts   = "runtime/ts/src/"
		py   = "runtime/python/src/errgen_runtime/"
		rs   = "runtime/rust/src/rt/"
		spec = "docs/guide/conformance.md"
		// the token expressions, [A-Za-z0-9_+/-]{32,} and [A-Za-z0-9]{32,}
		tokenExpr = `\[A-Za-z0-9(?:_\+/-)?\]\{(\d+),\}`
	)
	rows := []literal{
		// The token rule of free text: runs of TokenRunBytes or more,
		// redacted whole with at most one mark per TokenBytesPerMark bytes.
		{"errgenrt/sanitize.go", "errgenrt.TokenRunBytes", tokenExpr, tokenRun, 2},
		{ts + "sanitize.js", "errgenrt.TokenRunBytes", tokenExpr, tokenRun, 4},
		{ts + "sanitize.js", "errgenrt.TokenRunBytes", `(\d+) or more`, tokenRun, 2},
		{ts + "sanitize.js", "errgenrt.TokenBytesPerMark", `(\d+) \* marks <=`, perMark, 1},
		{ts + "sanitize.js", "errgenrt.TokenBytesPerMark", `per (\d+) characters`, perMark, 1},
		{py + "sanitize.py", "errgenrt.TokenRunBytes", tokenExpr, tokenRun, 4},
		{py + "sanitize.py", "errgenrt.TokenRunBytes", `len\(s\) >= (\d+)`, tokenRun, 1},
		{py + "sanitize.py", "errgenrt.TokenRunBytes", `(\d+) or more`, tokenRun, 2},
		{py + "sanitize.py", "errgenrt.TokenBytesPerMark", `(\d+) \* marks <=`, perMark, 1},
		{py + "sanitize.py", "errgenrt.TokenBytesPerMark", `per (\d+) characters`, perMark, 1},
		{rs + "sanitize.rs", "errgenrt.TokenRunBytes", `(?:s\.len\(\) <|n >=) (\d+)`, tokenRun, 3},
		{rs + "sanitize.rs", "errgenrt.TokenRunBytes", `(\d+) or more`, tokenRun, 3},
		{rs + "sanitize.rs", "errgenrt.TokenBytesPerMark", `(\d+) \* marks <=`, perMark, 1},
		{rs + "sanitize.rs", "errgenrt.TokenBytesPerMark", `per (\d+) bytes`, perMark, 1},
		{spec, "errgenrt.TokenRunBytes", `(\d+) or\s+more`, tokenRun, 3},
		{spec, "errgenrt.TokenBytesPerMark", `per (\d+) bytes \((\d+) ×`, twice(perMark), 1},

		// The redaction marker. Python's sanitizer is a module of its own,
		// without a catalog's facts; the others are doc comments.
		{py + "sanitize.py", "rules.redacted", `(?m)^REDACTED = "([^"]*)"$`, redacted, 1},
		{ts + "core.d.ts", "rules.redacted", `in clear instead of "([^"]*)"`, redacted, 1},
		{ts + "facts.d.ts", "rules.redacted", `is written as: "([^"]*)"`, redacted, 1},
		{rs + "catalog.rs", "rules.redacted", "replaces a sensitive value \\(`\"([^\"]*)\"`\\)", redacted, 1},
		{"templates/fields.md.tmpl", "rules.redacted (as HTML)", `sent as (?:<code>)?(\S+?)(?:</code>)? unless`, []string{html.EscapeString(r.Redacted)}, 2},
		{spec, "rules.redacted", "`redacted` \\(`\"([^\"]*)\"`\\)", redacted, 1},
		{spec, "rules.redacted", "(?:Redacted as|above\\) is) `\"([^\"]*)\"`", redacted, 2},
		{spec, "rules.redacted", "(?:whole run|inside it)\\s+becomes `([^`]*)`", redacted, 2},

		// The minimal payload's string bounds.
		{ts + "core.js", "rules.minimalStringBytes", `strings of (\d+) bytes, then of (\d+)`, minimal, 1},
		{py + "core.py", "rules.minimalStringBytes", `strings of (\d+) bytes, then of (\d+)`, minimal, 1},
		{rs + "render.rs", "rules.minimalStringBytes", `strings shortened to (\d+) bytes,\s*///\s*then (\d+)`, minimal, 1},
		{rs + "render.rs", "rules.minimalStringBytes", `minimal \((\d+)-byte, then (\d+)-byte strings\)`, minimal, 1},
		{spec, "rules.minimalStringBytes", "`minimalStringBytes` \\(`\\[(\\d+), (\\d+)\\]`\\)", minimal, 1},
		{spec, "rules.minimalStringBytes", `bounded to (\d+) bytes\. Still past it, again with (\d+)\s+bytes`, minimal, 1},

		// debugInfo: the cause chain's entries and each string's bound.
		{rs + "wire.rs", "rules.errorChainEntries", `at most (\w+) entries of at most \d+ bytes`, chainInWords, 1},
		{rs + "wire.rs", "rules.debugStringBytes", `entries of at most (\d+) bytes`, debugBytes, 1},
		{spec, "rules.errorChainEntries", "`errorChainEntries` \\((\\d+)\\)", chain, 1},
		{spec, "rules.errorChainEntries", `the cause chain, at most (\w+)\s+entries`, chainInWords, 1},
		{spec, "rules.debugStringBytes", "`debugStringBytes` \\((\\d+)\\)", debugBytes, 1},
		{spec, "rules.debugStringBytes", "(?:free text and|`serverVersion`) bounded to (\\d+) bytes", debugBytes, 2},

		// How deep an untyped value is written.
		{spec, "rules.untypedDepth", "`untypedDepth` \\((\\d+)\\)", depth, 1},

		// The floors of the maxDataBytes and maxStringBytes options.
		{ts + "core.js", "rules.minMaxDataBytes", `\[maxDataBytes\] .*below the rules' floor, (\d+), the floor`, dataFloor, 1},
		{ts + "core.js", "rules.minMaxStringBytes", `\[maxStringBytes\] .*below the rules' floor, (\d+), the floor`, stringFloor, 1},
		{ts + "core.d.ts", "rules.minMaxDataBytes", `max_data_bytes; below (\d+), (\d+)\)`, twice(dataFloor), 1},
		{ts + "core.d.ts", "rules.minMaxStringBytes", `max_string_bytes; below (\d+), (\d+)\)`, twice(stringFloor), 1},
		{py + "core.py", "rules.minMaxDataBytes", `whole payload \(0: the catalog's; below (\d+), (\d+)\)`, twice(dataFloor), 1},
		{py + "core.py", "rules.minMaxStringBytes", `each string \(0: the catalog's; below (\d+), (\d+)\)`, twice(stringFloor), 1},
		{rs + "options.rs", "rules.minMaxDataBytes", `floor \((\d+)\) is raised to it\.\s*pub max_data_bytes`, dataFloor, 1},
		{rs + "options.rs", "rules.minMaxStringBytes", `floor \((\d+)\) is raised to it\.\s*pub max_string_bytes`, stringFloor, 1},
		{spec, "rules.minMaxDataBytes", "`minMaxDataBytes` \\((\\d+)\\)", dataFloor, 1},
		{spec, "rules.minMaxStringBytes", "`minMaxStringBytes` \\((\\d+)\\)", stringFloor, 1},
		{spec, "rules.minMaxDataBytes", `an option below (\d+) counts as (\d+)`, twice(dataFloor), 1},
		{spec, "rules.minMaxStringBytes", "a `maxStringBytes` option below (\\d+)\\s+as (\\d+)", twice(stringFloor), 1},

		// The media type of a problem document.
		{ts + "core.js", "errgenrt.ProblemContentType", `PROBLEM_CONTENT_TYPE = "([^"]*)"`, problemType, 1},
		{ts + "core.d.ts", "errgenrt.ProblemContentType", `PROBLEM_CONTENT_TYPE: "([^"]*)"`, problemType, 1},
		{py + "core.py", "errgenrt.ProblemContentType", `PROBLEM_CONTENT_TYPE = "([^"]*)"`, problemType, 1},
		{rs + "render.rs", "errgenrt.ProblemContentType", `PROBLEM_CONTENT_TYPE: &str = "([^"]*)"`, problemType, 1},

		// The conformance runners' deepest input line.
		{ts + "conformance.mjs", "errgenrt.MaxInputDepth", `const MAX_DEPTH = (\d+);`, inputDepth, 1},
		{py + "conformance.py", "errgenrt.MaxInputDepth", `MAX_INPUT_DEPTH = (\d+)`, inputDepth, 1},
		{rs + "conformance.rs", "errgenrt.MaxInputDepth", `MAX_INPUT_DEPTH: usize = (\d+);`, inputDepth, 1},
		{rs + "conformance.rs", "errgenrt.MaxInputDepth", `nested deeper than (\d+) levels`, inputDepth, 1},
		{spec, "errgenrt.MaxInputDepth", `nested deeper than \*\*(\d+)\*\* levels`, inputDepth, 1},
		{spec, "errgenrt.MaxInputDepth", `nested past (\d+) levels \(and at (\d+)\)`, twice(inputDepth), 1},
	}
	for _, l := range rows {
		data, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(l.file)))
		if err != nil {
			t.Errorf("%s: %v", l.name, err)
			continue
		}
		text := string(data)
		matches := regexp.MustCompile(l.re).FindAllStringSubmatchIndex(text, -1)
		if len(matches) != l.count {
			t.Errorf("%s writes %s in %d places (%s), the table counts %d: a line changed; bring the row (or the file) up to date",
				l.file, l.name, len(matches), l.re, l.count)
		}
		for _, m := range matches {
			var got []string
			for g := 2; g < len(m); g += 2 {
				got = append(got, text[m[g]:m[g+1]])
			}
			if !slices.Equal(got, l.want) {
				line := 1 + strings.Count(text[:m[0]], "\n")
				t.Errorf("%s:%d writes %s as %s, but it is %s: %q",
					l.file, line, l.name, strings.Join(got, ", "), strings.Join(l.want, ", "), text[m[0]:m[1]])
			}
		}
	}
}

// twice is a row's want for an expression that captures one value twice.
func twice(v []string) []string { return []string{v[0], v[0]} }

// word returns n as the pages and comments spell a small count out.
func word(t *testing.T, n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n < 0 || n >= len(words) {
		t.Fatalf("no word for %d: the rows that spell it out need another form", n)
	}
	return words[n]
}
