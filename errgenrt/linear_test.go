package errgenrt

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"
)

// TestPatternFixture holds Pattern to runtime/fixtures/patterns.jsonl:
// random patterns of the language errgen check accepts with strings and
// verdicts, which the fixture's own test holds to Node's RegExp and which
// the other runtimes' matchers read too.
func TestPatternFixture(t *testing.T) {
	f, err := os.Open("../runtime/fixtures/patterns.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines := 0
	for sc.Scan() {
		var line struct {
			Pattern string
			Matches [][2]any
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		p, err := NewPattern(line.Pattern, false)
		if err != nil {
			t.Errorf("%q does not compile: %v", line.Pattern, err)
			continue
		}
		for _, m := range line.Matches {
			s, want := m[0].(string), m[1].(bool)
			if got := p.MatchString(s); got != want {
				t.Errorf("%q on %q: %v, want %v", line.Pattern, s, got, want)
			}
		}
		lines++
	}
	if lines < 1000 {
		t.Fatalf("only %d patterns", lines)
	}
}

// TestPatternRefused: what errgen check refuses does not compile.
func TestPatternRefused(t *testing.T) {
	for _, p := range []string{"(?=a)", "(?!a)", "(?<=a)", "(?<!a)", `(a)\1`, `(?<n>a)\k<n>`, `\p{L}`, `\P{L}`, "a{1001}",
		"(?i)a", "(?i:a)", `a\-b`, "]", "{", "a{,2}", "(", "[a", "a**", `[\d-z]`, `\c1`, `\00`, "^*"} {
		if _, err := NewPattern(p, false); err == nil {
			t.Errorf("%q compiles", p)
		}
	}
	if _, err := NewPattern("a{1000}", false); err != nil {
		t.Error(err)
	}
}

// TestPatternLinear: a value that stalls a backtracking engine, and one
// that keeps a thread per way of ^a*a*a*a*a*a*b$ alive in Go's regexp,
// are read a lookup a character once their few states are built.
func TestPatternLinear(t *testing.T) {
	for _, src := range []string{`^(a+)+$`, `^a*a*a*a*a*a*b$`, `^(\w+\s?)*$`} {
		c := MustPattern(src, false).newCache()
		if c.match(strings.Repeat("a", 1<<20) + "!") {
			t.Errorf("%s matches", src)
		}
		if n := len(c.states); n > 8 {
			t.Errorf("%s: %d states for one value of a's", src, n)
		}
	}
}

// TestPatternConcurrent: matches run at once, each with a cache of its own.
func TestPatternConcurrent(t *testing.T) {
	p := MustPattern(`^(ab|a)*c$`, false)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				s := strings.Repeat("ab", k) + "c"
				if !p.MatchString(s) || p.MatchString(s+"!") {
					t.Errorf("%q", s)
					return
				}
			}
		}()
	}
	wg.Wait()
}
