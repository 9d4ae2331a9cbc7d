package errgenrt

import "testing"

// Patterns mean what they mean in ECMAScript (with the u flag), as Ajv and
// the other runtimes read them.
func TestPatternsReadAsECMAScript(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		match      bool
	}{
		{`^\d+$`, "123", true}, {`^\d+$`, "١٢٣", false},
		{`^\w+$`, "a_1", true}, {`^\w+$`, "é", false},
		{`^\s$`, "\u00a0", true}, {`^\s$`, "\v", true}, {`^\s$`, "\u0085", false}, {`^\s$`, "\ufeff", true},
		{`^\S$`, "\u00a0", false}, {`^\S$`, "x", true}, {`^[\S]$`, "\u2028", false}, {`^[\S]$`, "é", true},
		{`a\bé`, "aé", true}, {`\bé`, "x é", false},
		{`^.$`, "é", true}, {`^.$`, "\r", false}, {`^.$`, "\u2028", false}, {`^.$`, "😀", true},
		{`^[\d.]+$`, "1.5", true}, {`^[\d.]+$`, "1x", false},
		{`^[^\s]+$`, "a-b", true}, {`^[^\s]+$`, "a b", false}, {`^[\D]$`, "a", true}, {`^[\D]$`, "1", false},
		{`^[[]$`, "[", true}, {`^[[:a]+$`, ":a", true}, {`^[a&&b]+$`, "&&", true},
		{`^[+--]+$`, "+,-", true}, {`^[+--]+$`, "a", false},
		{`^\<\/\~$`, "</~", true},
		{`^a[]?$`, "a", true}, {`^[]$`, "", false}, {`^[^]$`, "\n", true},
		{`^\u00e9\x41\cJ$`, "éA\n", true}, {`^\u{1F600}$`, "😀", true},
		{`b`, "abc", true}, {`^b`, "abc", false}, {`a$`, "a\n", false},
		// classes by ECMAScript's ClassRanges: [--a] is - to a, [+--] + to -,
		// a - first, last or after a range a dash
		{`^[--a]+$`, "-.0Aa", true}, {`^[--a]$`, "b", false}, {`^[+--]$`, ",", true}, {`^[+--]$`, ".", false},
		{`^[a-]+$`, "a-", true}, {`^[-a]+$`, "-a", true}, {`^[\-a]+$`, "-a", true}, {`^[\b]$`, "\b", true},
		{`^[a-c-e]+$`, "b-e", true}, {`^[a-c-e]$`, "d", false}, {`^[\d-]+$`, "1-", true}, {`^[^-]$`, "-", false},
		// a surrogate pair of escapes is one character; a lone surrogate none
		{`^\uD83D\uDE00$`, "😀", true}, {`^\uD83D\uDE00+$`, "😀😀", true}, {`^[\uD83D\uDE00-\uD83D\uDE4F]$`, "😁", true},
		{`^[\uD83D\uDE00-\uD83D\uDE4F]$`, "a", false}, {`\uD83D`, "😀u", false}, {`a|\uD800`, "a", true},
		{`^[^\uD800]$`, "u", true}, {`^[\uD7FF-\uE000]+$`, "\ud7ff\ue000", true},
		// counts in decimal, leading zeros and all
		{`^a{01}$`, "a", true}, {`^a{01}$`, "a{01}", false}, {`^a{1,02}$`, "aa", true},
	} {
		re, err := CompilePattern(c.pattern)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		if got := re.MatchString(c.s); got != c.match {
			t.Errorf("%s on %q: %v, want %v (as RE2 %s)", c.pattern, c.s, got, c.match, translatePattern(c.pattern))
		}
	}
	for _, p := range []string{`(?=a)`, `(a)\1`, `[a`, `(?<!a)b`} {
		if _, err := CompilePattern(p); err == nil {
			t.Errorf("%s compiled; RE2 cannot hold it", p)
		}
	}
}
