package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// patternCases are patterns of detail schemas and what RegexpEngine says
// of each: nothing when it takes it, else words its refusal holds.
var patternCases = []struct {
	pattern string
	refusal []string
}{
	// the language
	{pattern: ``},
	{pattern: `^[a-z]+$`},
	{pattern: `^[0-9A-Z]{5}$`},
	{pattern: `^a|b$`},
	{pattern: `a|`},
	{pattern: `()|(?:)`},
	{pattern: `a/b é😀+ `},
	{pattern: `a*b+c?`},
	{pattern: `a*?b+?c??d{2}?`},
	{pattern: `a{2}b{2,}c{2,5}d{0}e{3,3}f{007,7}`},
	{pattern: `a{1000}`},
	{pattern: `.\d\D\s\S\w\W`},
	{pattern: `\bword\B`},
	{pattern: `^(a+)+$`}, // catastrophic for a backtracking engine, linear for every runtime
	{pattern: `(a|aa)*b`},
	{pattern: `\f\n\r\t\v`},
	{pattern: `\cJ\ca\cZ`},
	{pattern: `\0`},
	{pattern: `a\0b`},
	{pattern: `\x2F\x7e`},
	{pattern: `\u00E9\u{1F600}\u{10FFFF}\u{0000000041}`},
	{pattern: `\uD83D\uDE00`}, // a lead and a trail surrogate escape: one code point
	{pattern: `\uD83D`},
	{pattern: `\^\$\\\.\*\+\?\(\)\[\]\{\}\|\/`},
	{pattern: `[]`},
	{pattern: `[^]`},
	{pattern: `[a-z0-9_]`},
	{pattern: `[-a][a-][--a][!--]`},
	{pattern: `[a-b-c]`},
	{pattern: `[\b][\-][\d\s\w-][\]\\][\cJ][\0][^\n][\/]`},
	{pattern: `[\x41-\x5A][\u0041-\u{5A}][\u{1F600}-\u{1F64F}]`},
	{pattern: `[[][{}()|*+?.^$]`},
	{pattern: `[😀-😂]`},
	{pattern: `(a)(?:b|c)+(?<year>\d{4})-(?<month>\d{2})`},
	{pattern: `(?<_x1>a)(?<ABC>b)`},

	// lookarounds, back references, property escapes
	{`(?=a)`, []string{"lookaround (?=…) is not supported", "linear in the value", "anchor the pattern or spell out the alternatives"}},
	{`a(?!b)`, []string{"lookaround (?!…)"}},
	{`(?<=a)b`, []string{"lookaround (?<=…)"}},
	{`(?<!a)b`, []string{"lookaround (?<!…)"}},
	{`(a)\1`, []string{`back reference \1 is not supported`, "linear in the value", "repeat the group"}},
	{`(?<a>x)\k<a>`, []string{`back reference \k<a> is not supported`, "repeat the group"}},
	{`\k<a>`, []string{`back reference \k<a>`}},
	{`\p{L}`, []string{`Unicode property escape \p{L} is not supported`, "not every runtime", `[A-Za-z\u00C0-\u024F]`}},
	{`\P{Lu}`, []string{`\P{Lu}`, "not every runtime"}},
	{`[\p{L}\d]`, []string{`\p{L}`, "list the ranges"}},
	{`\pL`, []string{`\pL`, "not every runtime"}},

	// what JavaScript's u flag refuses
	{`[^]]`, []string{"a lone ]"}},
	{`a]`, []string{"u flag", "character 2", "a lone ]", `\]`}},
	{`a{`, []string{"u flag", "opens no quantifier", `\{`}},
	{`a{x}`, []string{"opens no quantifier", `\{`}},
	{`a}`, []string{"a lone }", `\}`}},
	{`{,5}`, []string{"no quantifier", "{0,5}"}},
	{`x{,5}`, []string{"{0,5}"}},
	{`a{3,2}`, []string{"out of order", "{2,3}"}},
	{`a{99999999999999999999,1}`, []string{"out of order"}},
	{`*a`, []string{"repeats nothing", `\*`}},
	{`a|+`, []string{"repeats nothing", `\+`}},
	{`(?)`, []string{"opens no group"}},
	{`{2}`, []string{"{2} repeats nothing", `\{`}},
	{`a**`, []string{"repeats the quantifier", "(?:a*)*"}},
	{`a{2}{3}`, []string{"(?:a{2}){3}"}},
	{`a*???`, []string{"repeats"}},
	{`^*`, []string{"matches a position", "drop the *", `\^`}},
	{`$+`, []string{"matches a position"}},
	{`\b+`, []string{`\b matches a position`}},
	{`\B{2}`, []string{"matches a position"}},
	{`\-`, []string{"u flag", `\- escapes no syntax character`, "write - without the backslash"}},
	{`a\ b`, []string{"escapes no syntax character"}},
	{`\_`, []string{"escapes no syntax character"}},
	{`\a`, []string{`\a is no escape`, "write a without the backslash"}},
	{`\e`, []string{`\e is no escape`}},
	{`\A`, []string{"anchor the start with ^"}},
	{`a\z`, []string{"anchor the end with $"}},
	{`a\Z`, []string{"anchor the end with $"}},
	{`\Q.\E`, []string{"quoting is Go's"}},
	{`\8`, []string{"refers to no group", "write 8 without the backslash"}},
	{`\1`, []string{"refers to no group", `\x01`}},
	{`(a)\2`, []string{"refers to no group (the pattern has 1)"}},
	{`\00`, []string{"octal escape", `\x00`}},
	{`\01`, []string{"octal escape", `\x01`}},
	{`\c1`, []string{`\c takes an ASCII letter`, `\\c`}},
	{`\c`, []string{`\c takes an ASCII letter`}},
	{`\x4`, []string{"two hex digits"}},
	{`\x{41}`, []string{`\u{…}`}},
	{`\u12`, []string{"four hex digits"}},
	{`\u{}`, []string{"hex digits and a }"}},
	{`\u{41`, []string{"hex digits and a }"}},
	{`\u{110000}`, []string{"past the last code point"}},
	{`a\`, []string{`\ ends the pattern`, `\\`}},
	{`\k`, []string{`\k starts a named back reference`, "write k without the backslash"}},
	{`\kx`, []string{`\k starts a named back reference`}},
	{`[\d-z]`, []string{"class escape at an end", `\-`}},
	{`[a-\w]`, []string{"class escape at an end"}},
	{`[z-a]`, []string{"range z-a is out of order"}},
	{`[a--]`, []string{"out of order"}},
	{`[\B]`, []string{`\B is no escape`}},
	{`[\k]`, []string{`\k is no escape`}},
	{`[\1]`, []string{"in a class", `\x01`}},
	{`[\8]`, []string{"in a class", "write 8 without the backslash"}},
	{`[\c_]`, []string{`\c takes an ASCII letter`}},
	{`[\ ]`, []string{"escapes no syntax character"}},
	{`[a`, []string{"class opened here is not closed", `\[`}},
	{`[\`, []string{`\ ends the pattern`}},
	{`(a`, []string{"group opened here is not closed", `\(`}},
	{`a)`, []string{"closes no group", `\)`}},
	{`(?<a>x)(?<a>y)`, []string{`group name "a"`, "name each group once"}},
	{`(?<1a>x)`, []string{"group name is an identifier"}},
	{`(?<>x)`, []string{"group name is an identifier"}},
	{`(?<a`, []string{"group name is an identifier"}},
	{`(?#c)`, []string{"opens no group"}},
	{`(?>a)`, []string{"opens no group"}},
	{`[[:alpha:]]`, []string{"POSIX class", "[A-Za-z]"}},

	// Go's syntax
	{`(?i)abc`, []string{"inline flags (?i) are Go's", "[Aa]"}},
	{`(?i:abc)`, []string{"inline flags (?i:…)"}},
	{`(?-s)a`, []string{"inline flags (?-s)"}},
	{`(?P<n>a)`, []string{"(?P<name>…) is Go's named group", "(?<name>…)"}},
	{`(?<\u0041>a)`, []string{"holds an escape", "Go's regexp"}},

	// what Go's regexp refuses of JavaScript's language
	{`a{1001}`, []string{"{1001}", "at most 1000"}},
	{`(a{100}){11}`, []string{"at most 1000", "nested ones multiplied"}},
	{`(?<$x>a)`, []string{"group name", "ASCII letters, digits and _"}},
	{`(?<é>a)`, []string{"group name", "ASCII letters"}},
}

// TestPatternLanguage holds RegexpEngine, the check of a detail schema's
// pattern, to the table: what it takes, and for what it refuses, what its
// error says.
func TestPatternLanguage(t *testing.T) {
	for _, c := range patternCases {
		_, err := RegexpEngine(c.pattern)
		switch {
		case c.refusal == nil && err != nil:
			t.Errorf("pattern %q refused: %v", c.pattern, err)
		case c.refusal != nil && err == nil:
			t.Errorf("pattern %q taken, want it refused (%s)", c.pattern, strings.Join(c.refusal, "; "))
		case err != nil:
			for _, w := range c.refusal {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("pattern %q: %v\n\twant it to say %q", c.pattern, err, w)
				}
			}
			if strings.ContainsRune(err.Error(), '\n') {
				t.Errorf("pattern %q: the error spans lines: %v", c.pattern, err)
			}
		}
	}
}

// TestPatternsAgreeWithNode holds the parser to node's own RegExp over the
// table and thousands of mutations of it. With the u flag (jsPattern, a
// detail schema's pattern): a pattern it takes is one node compiles with
// new RegExp(p, "u"), and one it refuses for JavaScript's syntax one node
// throws on (what it refuses for errgen's sake, lookarounds, back
// references, property escapes, node may compile). Without flags
// (jsRegexp, a regex format value): it takes exactly what new RegExp(p)
// compiles, Go's syntax aside.
func TestPatternsAgreeWithNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("node is not installed: %v", err)
		}
		t.Skip("node is not installed")
	}
	var patterns []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			patterns = append(patterns, p)
		}
	}
	for _, c := range patternCases {
		add(c.pattern)
	}
	rng := rand.New(rand.NewPCG(49, 4))
	alphabet := []rune(`\\^$.*+?()[]{}|/-,:<>=!_0123456789abcdkpuxzABDPSWZ é℘😀`)
	for i, n := 0, len(patterns); i < 10000; i++ {
		add(mutate(rng, patterns[rng.IntN(n)], alphabet))
	}
	in, _ := json.Marshal(patterns)
	cmd := exec.Command(node, "-e", `
const patterns = JSON.parse(require("fs").readFileSync(0, "utf8"));
const compiles = (p, flags) => { try { new RegExp(p, flags); return true; } catch { return false; } };
process.stdout.write(JSON.stringify(patterns.map((p) => [compiles(p, "u"), compiles(p, "")])));
`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var verdicts [][2]bool
	if err := json.Unmarshal(out, &verdicts); err != nil || len(verdicts) != len(patterns) {
		t.Fatalf("node printed %d verdicts for %d patterns: %v", len(verdicts), len(patterns), err)
	}
	bad := 0
	for i, p := range patterns {
		if bad > 30 {
			t.Fatal("too many disagreements")
		}
		unicode, plain := verdicts[i][0], verdicts[i][1]
		err := jsPattern(p)
		var se *jsSyntaxError
		syntax := errors.As(err, &se) && !se.goForm
		switch {
		case err == nil && !unicode:
			t.Errorf("the parser takes %q with the u flag; node refuses it", p)
			bad++
		case syntax && unicode:
			t.Errorf("the parser refuses %q with the u flag (%v); node compiles it", p, err)
			bad++
		}
		err = jsRegexp(p)
		if errors.As(err, &se) && se.goForm {
			continue
		}
		if (err == nil) != plain {
			t.Errorf("the parser without flags: %q: %v; node compiles it: %t", p, err, plain)
			bad++
		}
	}
	t.Logf("%d patterns", len(patterns))
}

// TestPatternParserLinear holds the parser to time linear in the
// pattern's length on inputs a parser that scans ahead for each of its
// constructs, or backs up, would take quadratic time or worse on.
func TestPatternParserLinear(t *testing.T) {
	const n = 1 << 18
	inputs := map[string]string{
		"group names":       strings.Repeat("(?<", n),
		"named references":  "(?<a>.)" + strings.Repeat(`\k<a`, n),
		"braces":            strings.Repeat("a{1", n),
		"braces with comma": strings.Repeat("{1,", n),
		"digits":            "a{" + strings.Repeat("1", n),
		"classes":           strings.Repeat("[", n),
		"escapes":           strings.Repeat(`\u{1`, n),
		"nesting":           strings.Repeat("(", n),
		"long":              strings.Repeat(`(?:[a-z\d]{1,3}|\.)+?`, n/16),
		"alternatives":      strings.Repeat("a|", n),
	}
	for name, s := range inputs {
		for _, unicode := range []bool{true, false} {
			start := time.Now()
			parseRegexp(s, unicode)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s (%d characters, unicode %t): %v", name, len(s), unicode, d)
			}
		}
	}
}
